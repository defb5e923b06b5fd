//! Osada's load on the real server (issue 39): 8 clients on a 512² settlement with teams of
//! 25/25/25, about 150 commands a client a turn (`LIST TROOPS`, `INFO` and `MOVE` for each troop)
//! in 1-second turns, sent as the turn starts or spread over it; the answers' latency, with the
//! turns' ends inside the measurement. The server runs on one thread, as `kibitz serve` does; the
//! clients are tasks on one thread of their own. `cargo bench -p kibitz-osada --bench server`;
//! figures in docs/performance.md. Each line ends with the share of CPU time the hypervisor
//! stole meanwhile (Linux) and what other processes took.

use kibitz_deadline24::{Common, Setup};
use kibitz_deadline24_server::serve;
use kibitz_deadline24_server::testing::{cpu_times, load_options, logged_in, own_cpu, replay_file};
use std::time::{Duration, Instant};
use tokio::io::AsyncWriteExt;

/// Osada's clients: all at once as a turn starts, or spread over the turn.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Pace {
    /// Every command as soon as the one before is answered, then `WAIT` for the next turn.
    Burst,
    /// The turn's commands evenly over 95 % of a turn, so that some arrive while a turn ends.
    Spread,
}

/// Osada's turns measured, and the commands a client sends a turn at most (the pace of a
/// spread client: 1 + 2 × 75 troops, `WAIT` and a spare).
const OSADA_TURNS: u32 = 5;
const OSADA_COMMANDS: usize = 153;

/// Reads one answer to `command` (`OK` and its data lines, or one `FAILED` line); `None` when
/// the server has closed.
async fn osada_answer<R: tokio::io::AsyncBufRead + Unpin>(lines: &mut tokio::io::Lines<R>, command: &str) -> Option<Vec<String>> {
    let first = lines.next_line().await.ok()??;
    let mut answer = vec![first];
    if answer[0] != "OK" {
        return Some(answer);
    }
    if command == "WAIT" {
        answer.push(lines.next_line().await.ok()??);
    } else if command == "LIST TROOPS" || command.starts_with("INFO ") {
        let count: usize = lines.next_line().await.ok()??.parse().ok()?;
        for _ in 0..count {
            answer.push(lines.next_line().await.ok()??);
        }
    }
    Some(answer)
}

/// One osada client: every turn `LIST TROOPS`, then `INFO` about each troop and a `MOVE` to a
/// neighbour (absolute coordinates), 151 commands for 75 troops; until `until`. The latency of
/// each answer, except those held by `WAIT` until the next turn; the turns it played and the
/// commands it sent.
async fn osada_client(port: u16, team: usize, pace: Pace, turn: Duration, until: Instant) -> (Vec<Duration>, u32, usize) {
    let (mut lines, mut write) = logged_in(port, &format!("team{team}"), "pw").await;
    let mut latencies = Vec::new();
    let mut rng = 0x9e37_79b9_7f4a_7c15u64 ^ team as u64;
    let mut held = false;
    let gap = turn.mul_f64(0.95 / OSADA_COMMANDS as f64);
    let (mut turns, mut commands) = (0, 0);
    'turns: while Instant::now() < until {
        turns += 1;
        let began = Instant::now();
        let mut sent = 0;
        let mut ask = async |command: String, sent: &mut usize, held: &mut bool| {
            if pace == Pace::Spread {
                tokio::time::sleep_until((began + gap * *sent as u32).into()).await;
            }
            let at = Instant::now();
            write.write_all(format!("{command}\n").as_bytes()).await.ok()?;
            let answer = osada_answer(&mut lines, &command).await?;
            // An answer after `WAIT` waited for the turn's end: not a latency.
            if !std::mem::take(held) {
                latencies.push(at.elapsed());
            }
            *sent += 1;
            Some(answer)
        };
        let Some(list) = ask("LIST TROOPS".into(), &mut sent, &mut held).await else { break };
        let troops: Vec<(i64, i64, i64)> = list
            .iter()
            .skip(2)
            .filter_map(|l| {
                let w: Vec<&str> = l.split_whitespace().collect();
                Some((w.first()?.parse().ok()?, w.get(2)?.parse().ok()?, w.get(3)?.parse().ok()?))
            })
            .collect();
        for (id, x, y) in troops {
            if ask(format!("INFO {id}"), &mut sent, &mut held).await.is_none() {
                break 'turns;
            }
            rng = rng.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let (dx, dy) = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)][(rng >> 61) as usize];
            if ask(format!("MOVE {id} {} {}", x + dx, y + dy), &mut sent, &mut held).await.is_none() {
                break 'turns;
            }
        }
        match pace {
            // Held until the next turn: the next command's answer waits for it.
            Pace::Burst => {
                if ask("WAIT".into(), &mut sent, &mut held).await.is_none() {
                    break;
                }
                held = true;
            }
            Pace::Spread => tokio::time::sleep_until((began + turn).into()).await,
        }
        commands += sent;
    }
    (latencies, turns, commands)
}

/// Osada (issue 39): 8 teams of 25 stormtroopers, builders and snipers on a generated 512²
/// settlement, 1-second turns, each client sending about 150 commands a turn; the answers' latency
/// over `OSADA_TURNS` turns, with the turns' ends (as the server computes them, between
/// commands) inside the measurement. Coors arrive at Poisson(`spawn_base` + 0.005 · turn) a
/// turn (the default base is 0.3; 400 makes about 2,000 by the fifth turn's end).
fn measure_osada(pace: Pace, spawn_base: f64) {
    let clients = 8;
    let dir = std::env::temp_dir().join(format!("kibitz-bench-osada-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("osada.jsonl");
    let turn = Duration::from_secs(1);
    let setup = Setup {
        common: Common { turn_ms: turn.as_millis() as u64, command_limit: 1000, turn_cap: Some(OSADA_TURNS + 3), ..Common::default() },
        game: kibitz_osada::Params { n: 512, stormtroopers: 25, builders: 25, snipers: 25, spawn_base, ..kibitz_osada::Params::default() },
    };
    let options = load_options(clients);
    let out = replay_file(path.clone());
    let (port_tx, port_rx) = std::sync::mpsc::channel();
    let server = std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        rt.block_on(async {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            port_tx.send(listener.local_addr().unwrap().port()).unwrap();
            serve::<kibitz_osada::OsadaRules>(listener, None, setup, options, out, None).await
        })
    });
    let port = port_rx.recv().unwrap();
    std::thread::sleep(Duration::from_millis(200));
    let began = Instant::now();
    let until = began + turn * OSADA_TURNS;
    let (own_before, cpu_before) = (own_cpu(), cpu_times());
    let load = std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        rt.block_on(async {
            let tasks: Vec<_> = (0..clients).map(|team| tokio::spawn(osada_client(port, team, pace, turn, until))).collect();
            let (mut all, mut turns, mut commands) = (Vec::new(), 0, 0);
            for t in tasks {
                let (latencies, played, sent) = t.await.unwrap();
                all.extend(latencies);
                (turns, commands) = (turns + played, commands + sent);
            }
            (all, turns, commands)
        })
    });
    let (mut all, turns, commands): (Vec<Duration>, u32, usize) = load.join().unwrap();
    let seconds = began.elapsed().as_secs_f64();
    let (own_after, cpu_after) = (own_cpu(), cpu_times());
    let stolen = cpu_before.zip(cpu_after).map(|((busy0, steal0), (busy1, steal1))| {
        let (busy, steal) = (busy1 - busy0, steal1 - steal0);
        format!(", {:.0} % stolen", 100.0 * steal as f64 / (busy + steal).max(1) as f64)
    });
    // What other processes took of the machine meanwhile (the build of a neighbour makes the
    // tail as the hypervisor does).
    let others = cpu_before.zip(cpu_after).zip(own_before.zip(own_after)).map(|(((busy0, _), (busy1, _)), (own0, own1))| {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as f64;
        let others = (busy1 - busy0).saturating_sub(own1 - own0) as f64 / 100.0;
        format!(", other processes {:.0} % of the {cores} cores", 100.0 * others / (seconds * cores))
    });
    server.join().unwrap().unwrap();
    all.sort();
    let at = |q: f64| all[((all.len() as f64 * q) as usize).min(all.len() - 1)].as_secs_f64() * 1000.0;
    let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    println!(
        "osada, 8 clients, {pace:?}, coors {spawn_base} a turn: {:.0} commands a client a turn, latency p50 {:.3} ms, p99 {:.3} ms, \
         max {:.3} ms ({} answers timed over {} turns, {seconds:.1} s, replay {:.1} MB{}{})",
        commands as f64 / turns as f64,
        at(0.50),
        at(0.99),
        at(1.0),
        all.len(),
        turns / clients as u32,
        size as f64 / 1e6,
        stolen.unwrap_or_default(),
        others.unwrap_or_default()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

fn main() {
    // `cargo test` runs benches with --bench absent: measure only under `cargo bench`.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    for (pace, spawn_base) in [(Pace::Burst, 0.3), (Pace::Spread, 0.3), (Pace::Spread, 400.0)] {
        measure_osada(pace, spawn_base);
    }
}
