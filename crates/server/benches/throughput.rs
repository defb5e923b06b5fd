//! Commands per second through the server and the reply latency, with 1, 10 and 50 clients on
//! loopback (each a thread sending a command and waiting for its answer, as fast as it can),
//! the command limit raised. The replay goes to a real file. `cargo bench -p kibitz-server`;
//! figures in docs/performance.md.

use kibitz_deadline24::{Common, Setup};
use kibitz_fedrunek::{FedrunekRules, Params};
use kibitz_server::{ServerOptions, TeamLogin, serve};
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

const SECONDS: f64 = 3.0;

fn client(port: u16, team: usize, until: Instant) -> Vec<Duration> {
    let stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream.set_nodelay(true).unwrap();
    let mut write = stream.try_clone().unwrap();
    let mut read = BufReader::new(stream);
    let mut line = String::new();
    let mut next = |read: &mut BufReader<TcpStream>| {
        line.clear();
        read.read_line(&mut line).unwrap();
    };
    next(&mut read);
    writeln!(write, "team{team}").unwrap();
    next(&mut read);
    writeln!(write, "pw").unwrap();
    next(&mut read);
    let mut latencies = Vec::new();
    while Instant::now() < until {
        let sent = Instant::now();
        write.write_all(b"FINANCIAL REPORT\n").unwrap();
        next(&mut read);
        next(&mut read);
        latencies.push(sent.elapsed());
    }
    latencies
}

fn measure(clients: usize) {
    let teams: Vec<TeamLogin> = (0..clients).map(|i| TeamLogin { login: format!("team{i}"), password: "pw".into() }).collect();
    let dir = std::env::temp_dir().join(format!("kibitz-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{clients}.jsonl"));
    let file_path = path.clone();
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let listener = rt.block_on(tokio::net::TcpListener::bind("127.0.0.1:0")).unwrap();
    let port = listener.local_addr().unwrap().port();
    let setup = Setup {
        common: Common { turn_ms: 500, command_limit: u32::MAX, turn_cap: Some(((SECONDS + 1.5) * 2.0) as u32), ..Common::default() },
        game: Params { n: 16, ..Params::default() },
    };
    let mut options = ServerOptions::new(teams);
    options.max_connections_per_team = 2;
    let out: kibitz_server::ReplayOut = Box::new(move |_| Ok(Box::new(std::io::BufWriter::new(std::fs::File::create(&file_path)?))));
    let server = rt.spawn(serve::<FedrunekRules>(listener, None, setup, options, out, None));
    std::thread::sleep(Duration::from_millis(200));
    let until = Instant::now() + Duration::from_secs_f64(SECONDS);
    let threads: Vec<_> = (0..clients).map(|team| std::thread::spawn(move || client(port, team, until))).collect();
    let mut all: Vec<Duration> = threads.into_iter().flat_map(|t| t.join().unwrap()).collect();
    rt.block_on(server).unwrap().unwrap();
    all.sort();
    let at = |q: f64| all[((all.len() as f64 * q) as usize).min(all.len() - 1)].as_secs_f64() * 1000.0;
    let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    println!(
        "{clients:>3} clients: {:>8.0} commands/s, latency p50 {:.3} ms, p99 {:.3} ms, max {:.3} ms ({} commands, replay {:.1} MB)",
        all.len() as f64 / SECONDS,
        at(0.50),
        at(0.99),
        at(1.0),
        all.len(),
        size as f64 / 1e6
    );
    let _ = std::fs::remove_dir_all(&dir);
}

fn main() {
    // `cargo test` runs benches with --bench absent: measure only under `cargo bench`.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    for clients in [1, 10, 50] {
        measure(clients);
    }
}
