//! Commands per second through the server and the reply latency, with 1, 10 and 50 clients on
//! loopback (each sends a command and waits for its answer, as fast as it can; they are tasks
//! on one thread of their own, a light load generator beside the server's two),
//! the command limit raised. The replay goes to a real file. `cargo bench -p kibitz-deadline24-server`;
//! figures in docs/performance.md. The server runs on one thread, as `kibitz serve` does;
//! `KIBITZ_BENCH_RUNTIME=multi` gives it two workers instead, for comparison. Each line ends with
//! the share of CPU time the hypervisor stole meanwhile (Linux), which is what makes tails noisy
//! on a shared VM.
//! Fedrunek is the game, its cheapest command (`FINANCIAL REPORT`) the load: what is measured is
//! the server. A game's own load is its crate's `benches/server.rs` (osada's).

use kibitz_deadline24::{Common, Setup};
use kibitz_deadline24_server::serve;
use kibitz_deadline24_server::testing::{cpu_times, load_options, logged_in, replay_file};
use kibitz_fedrunek::{FedrunekRules, Params};
use std::time::{Duration, Instant};
use tokio::io::AsyncWriteExt;

const SECONDS: f64 = 3.0;

/// One client: logs in, then sends a command and waits for its answer until `until`.
async fn client(port: u16, team: usize, until: Instant) -> Vec<Duration> {
    let (mut lines, mut write) = logged_in(port, &format!("team{team}"), "pw").await;
    let mut latencies = Vec::new();
    while Instant::now() < until {
        let sent = Instant::now();
        write.write_all(b"FINANCIAL REPORT\n").await.unwrap();
        lines.next_line().await.unwrap();
        lines.next_line().await.unwrap();
        latencies.push(sent.elapsed());
    }
    latencies
}

fn measure(clients: usize) {
    let dir = std::env::temp_dir().join(format!("kibitz-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{clients}.jsonl"));
    let flavour = std::env::var("KIBITZ_BENCH_RUNTIME").unwrap_or_default();
    let setup = Setup {
        common: Common { turn_ms: 500, command_limit: u32::MAX, turn_cap: Some(((SECONDS + 1.5) * 2.0) as u32), ..Common::default() },
        game: Params { n: 16, ..Params::default() },
    };
    let options = load_options(clients);
    let out = replay_file(path.clone());
    let (port_tx, port_rx) = std::sync::mpsc::channel();
    let server = std::thread::spawn(move || {
        let rt = if flavour == "multi" {
            tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap()
        } else {
            tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap()
        };
        rt.block_on(async {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            port_tx.send(listener.local_addr().unwrap().port()).unwrap();
            serve::<FedrunekRules>(listener, None, setup, options, out, None).await
        })
    });
    let port = port_rx.recv().unwrap();
    std::thread::sleep(Duration::from_millis(200));
    let until = Instant::now() + Duration::from_secs_f64(SECONDS);
    let cpu_before = cpu_times();
    // The clients: tasks on one thread of their own, as a light load generator.
    let load = std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        rt.block_on(async {
            let tasks: Vec<_> = (0..clients).map(|team| tokio::spawn(client(port, team, until))).collect();
            let mut all = Vec::new();
            for t in tasks {
                all.extend(t.await.unwrap());
            }
            all
        })
    });
    let mut all: Vec<Duration> = load.join().unwrap();
    let stolen = cpu_before.zip(cpu_times()).map(|((busy0, steal0), (busy1, steal1))| {
        let (busy, steal) = (busy1 - busy0, steal1 - steal0);
        format!(", {:.0} % stolen", 100.0 * steal as f64 / (busy + steal).max(1) as f64)
    });
    server.join().unwrap().unwrap();
    all.sort();
    let at = |q: f64| all[((all.len() as f64 * q) as usize).min(all.len() - 1)].as_secs_f64() * 1000.0;
    let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    println!(
        "{clients:>3} clients: {:>8.0} commands/s, latency p50 {:.3} ms, p99 {:.3} ms, max {:.3} ms ({} commands, replay {:.1} MB{})",
        all.len() as f64 / SECONDS,
        at(0.50),
        at(0.99),
        at(1.0),
        all.len(),
        size as f64 / 1e6,
        stolen.unwrap_or_default()
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
