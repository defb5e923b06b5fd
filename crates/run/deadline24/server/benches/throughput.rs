//! Commands per second through the server and the reply latency, with 1, 10 and 50 clients on
//! loopback, and 300 connections as in a real final (30 teams of 10 connections each); each
//! client sends a command and waits for its answer, as fast as it can (they are tasks on one
//! thread of their own, a light load generator beside the server's two),
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

/// `teams` teams of `per_team` connections each.
/// `teams` teams of `per_team` connections each, every connection as fast as it can (`every`
/// `None`), or sending a command every `every` whether or not its last answer came (as a
/// contest's clients, bound by their command limits, do).
/// One paced client: logs in, then sends a command every `every` (its answers read as they
/// come, on a task of their own), until `until`; each answer's latency from its command's send.
async fn paced(port: u16, team: usize, until: Instant, every: Duration) -> Vec<Duration> {
    let (mut lines, mut write) = logged_in(port, &format!("team{team}"), "pw").await;
    let (sent_tx, mut sent_rx) = tokio::sync::mpsc::unbounded_channel::<Instant>();
    let reader = tokio::spawn(async move {
        let mut latencies = Vec::new();
        // An answer that has not come within a second is not coming (the game has ended).
        let answer = Duration::from_secs(1);
        while let Some(sent) = sent_rx.recv().await {
            let Ok(Ok(Some(_))) = tokio::time::timeout(answer, lines.next_line()).await else { break };
            let Ok(Ok(Some(_))) = tokio::time::timeout(answer, lines.next_line()).await else { break };
            latencies.push(sent.elapsed());
        }
        latencies
    });
    let mut tick = tokio::time::interval(every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    while Instant::now() < until {
        tick.tick().await;
        let _ = sent_tx.send(Instant::now());
        // A server that has ended its game reads no more: stop rather than wait on a full pipe.
        let written = tokio::time::timeout(Duration::from_secs(1), write.write_all(b"FINANCIAL REPORT\n")).await;
        if !matches!(written, Ok(Ok(()))) {
            break;
        }
    }
    drop(sent_tx);
    reader.await.unwrap()
}

fn measure(teams: usize, per_team: usize, every: Option<Duration>) {
    let clients = teams * per_team;
    let dir = std::env::temp_dir().join(format!("kibitz-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{clients}.jsonl"));
    let flavour = std::env::var("KIBITZ_BENCH_RUNTIME").unwrap_or_default();
    let setup = Setup {
        common: Common { turn_ms: 500, command_limit: u32::MAX, turn_cap: Some(((SECONDS + 1.5) * 2.0) as u32), ..Common::default() },
        game: Params { n: 16, ..Params::default() },
    };
    let mut options = load_options(teams);
    options.max_connections_per_team = options.max_connections_per_team.max(per_team);
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
            let tasks: Vec<_> = (0..clients)
                .map(|k| match every {
                    None => tokio::spawn(client(port, k / per_team, until)),
                    Some(every) => tokio::spawn(paced(port, k / per_team, until, every)),
                })
                .collect();
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
        "{clients:>3} clients ({teams} teams{}): {:>8.0} commands/s, latency p50 {:.3} ms, p99 {:.3} ms, max {:.3} ms ({} commands, replay {:.1} MB{})",
        every.map_or(String::new(), |e| format!(", one command every {:.1} ms each", e.as_secs_f64() * 1e3)),
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
    for (teams, per_team) in [(1, 1), (10, 1), (50, 1), (30, 10)] {
        measure(teams, per_team, None);
    }
    // A real final's load: 300 connections sending 120,000 commands a second between them
    // (one every 2.5 ms each; tokio's timer ticks by the millisecond, so they come in bursts).
    measure(30, 10, Some(Duration::from_micros(2500)));
}
