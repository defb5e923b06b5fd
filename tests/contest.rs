//! `kibitz contest`: a contest day of 2 tasks × 2 servers (fedrunek and wycinanka) on loopback,
//! our clients and one that leaves early playing every server; the live ranking equals the one
//! worked out by hand from the servers' replays; and a bad contest file is refused with where.

use crate::common::*;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

const TEAMS: &str =
    r#"[(login: "ada", password: "secret-ada"), (login: "bob", password: "secret-bob"), (login: "cyd", password: "secret-cyd")]"#;

fn contest_file(dir: &Path, ports: &[u16; 4]) -> std::path::PathBuf {
    std::fs::write(dir.join("teams.ron"), TEAMS).unwrap();
    let text = format!(
        r#"(
  teams: "teams.ron",
  tasks: [
    (name: "mining", game: "fedrunek", servers: [
      (name: "a1", listen: "127.0.0.1:{}", flags: ["--n", "8", "--turn-ms", "100", "--turns", "20", "--profile", "crust"]),
      (name: "a2", listen: "127.0.0.1:{}", flags: ["--n", "8", "--turn-ms", "100", "--turns", "20", "--profile", "core", "--seed", "2"]),
    ]),
    (name: "cutting", game: "wycinanka", servers: [
      (name: "c1", listen: "127.0.0.1:{}", flags: ["--width", "6", "--height", "6", "--game-turns", "15", "--turn-ms", "100"]),
      (name: "c2", listen: "127.0.0.1:{}", flags: ["--width", "6", "--height", "6", "--game-turns", "15", "--turn-ms", "100", "--seed", "3"]),
    ]),
  ],
)"#,
        ports[0], ports[1], ports[2], ports[3]
    );
    let path = dir.join("contest.ron");
    std::fs::write(&path, text).unwrap();
    path
}

/// A client of `team` on the server at `port`, as a team's machine would run it.
fn client(command: &str, port: u16, team: &str) -> Child {
    Command::new("sh")
        .arg("-c")
        .arg(format!("{command} 127.0.0.1 {port} {team} secret-{team}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

#[test]
fn a_contest_day_ranks_the_teams_live_as_the_replays_say() {
    let dir = tempfile::tempdir().unwrap();
    let ports = [free_port(), free_port(), free_port(), free_port()];
    let contest = contest_file(dir.path(), &ports);
    let out = dir.path().join("day");
    let day = kibitz().arg("contest").arg(&contest).arg("--out").arg(&out).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    // Bounded: a team that never logs in (a client too slow to start on a busy machine) would
    // keep the first turn waiting for ever; after two minutes the day is stopped as SIGTERM does.
    let (done, watchdog) = (std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false)), day.id() as libc::pid_t);
    let watching = std::sync::Arc::clone(&done);
    std::thread::spawn(move || {
        std::thread::sleep(Duration::from_secs(120));
        if !watching.load(std::sync::atomic::Ordering::SeqCst) {
            // SAFETY: kill(2) on our own child, which has not been waited for.
            unsafe { libc::kill(watchdog, libc::SIGTERM) };
        }
    });
    for port in ports {
        drop(connect(port));
    }
    let kibitz_bin = env!("CARGO_BIN_EXE_kibitz");
    let python = format!("python3 '{}'", workspace().join("docs/clients/fedrunek.py").display());
    let mut clients = Vec::new();
    for port in &ports[..2] {
        clients.push(client(&format!("'{kibitz_bin}' bot fedrunek greedy"), *port, "ada"));
        clients.push(client(&python, *port, "bob"));
        clients.push(client(&format!("timeout 1 {python}"), *port, "cyd"));
    }
    for port in &ports[2..] {
        clients.push(client(&format!("'{kibitz_bin}' bot wycinanka solver --seed 1"), *port, "ada"));
        clients.push(client(&format!("'{kibitz_bin}' bot wycinanka solver --seed 2"), *port, "bob"));
        clients.push(client(&format!("timeout 1 '{kibitz_bin}' bot wycinanka solver --seed 3"), *port, "cyd"));
    }
    let o = day.wait_with_output().unwrap();
    done.store(true, std::sync::atomic::Ordering::SeqCst);
    for mut c in clients {
        let _ = c.kill();
        let _ = c.wait();
    }
    assert!(o.status.success(), "{}", stderr(&o));
    let said: serde_json::Value = serde_json::from_str(stdout(&o).lines().last().unwrap()).unwrap();
    let written: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(out.join("ranking.json")).unwrap()).unwrap();
    assert_eq!(said, written, "ranking.json holds the final ranking");
    // By hand from the replays: points = 100 × score / mean of the best three on each server;
    // a task's the mean over its servers; the contest the sum.
    let teams = ["ada", "bob", "cyd"];
    let mut total = [0.0f64; 3];
    for (task, game, servers) in [("mining", "fedrunek", ["a1", "a2"]), ("cutting", "wycinanka", ["c1", "c2"])] {
        let mut task_points = [0.0f64; 3];
        for server in servers {
            let replay = out.join(task).join(server).join(format!("{game}.jsonl"));
            let text = std::fs::read_to_string(&replay).unwrap();
            let header: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
            let names: Vec<&str> = header["players"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
            assert_eq!(names, teams);
            let end: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
            let scores: Vec<f64> = end["end"]["scores"].as_array().unwrap().iter().map(|s| s.as_f64().unwrap() / 1e6).collect();
            let mean = scores.iter().sum::<f64>() / 3.0;
            for k in 0..3 {
                task_points[k] += if mean == 0.0 { 0.0 } else { 100.0 * scores[k] / mean } / 2.0;
            }
            assert!(verify(&replay).status.success(), "{task}/{server} verifies");
        }
        for k in 0..3 {
            total[k] += task_points[k];
        }
    }
    for row in said["teams"].as_array().unwrap() {
        let k = teams.iter().position(|t| *t == row["team"]).unwrap();
        assert!(
            (row["points"].as_f64().unwrap() - total[k]).abs() < 1e-6,
            "{}: {} by the server, {} by hand",
            teams[k],
            row["points"],
            total[k]
        );
    }
    let ranks: Vec<u64> = said["teams"].as_array().unwrap().iter().map(|t| t["rank"].as_u64().unwrap()).collect();
    assert_eq!(ranks, [1, 2, 3]);
    assert_eq!(said["servers"].as_array().unwrap().len(), 4);
}

#[test]
fn a_bad_contest_file_is_refused_before_anything_listens() {
    let dir = tempfile::tempdir().unwrap();
    let ports = [free_port(), free_port(), free_port(), free_port()];
    let good = std::fs::read_to_string(contest_file(dir.path(), &ports)).unwrap();
    let cases: [(String, &str); 4] = [
        (good.replace("\"wycinanka\"", "\"chess\""), "contest.ron:8:"),
        (
            good.replace("\"--profile\", \"core\"", "\"--profile\", \"core\", \"--frobnicate\""),
            "server mining/a2: unexpected argument '--frobnicate'",
        ),
        (good.replace(&format!("127.0.0.1:{}", ports[3]), &format!("127.0.0.1:{}", ports[0])), "server cutting/c2 listens on 127.0.0.1"),
        (good.clone(), "teams.ron:1:"),
    ];
    for (k, (text, said)) in cases.iter().enumerate() {
        std::fs::write(dir.path().join("contest.ron"), text).unwrap();
        if k == 3 {
            std::fs::write(dir.path().join("teams.ron"), r#"[(login: "ada", password: "short")]"#).unwrap();
        }
        let o = run(kibitz().arg("contest").arg(dir.path().join("contest.ron")).arg("--out").arg(dir.path().join("day")));
        assert_eq!(o.status.code(), Some(2), "case {k}: {}", stderr(&o));
        assert!(stderr(&o).contains(said), "case {k}: wanted {said:?} in {}", stderr(&o));
        for port in ports {
            assert!(std::net::TcpStream::connect(("127.0.0.1", port)).is_err(), "case {k}: something listened");
        }
        assert!(!dir.path().join("day").exists(), "case {k}: a refused contest leaves nothing behind");
    }
}

/// The contest console: `status` says PAUSED at once, and a server that is over `finished` with
/// its final scores (not "running … teams connected"); `kick` closes a team's connections on
/// the servers named; the contest file's `max_pending_per_address` reaches every server.
#[test]
fn the_contest_console_shows_pauses_and_finished_servers_and_kicks() {
    use std::io::{BufRead, BufReader, Write};
    let dir = tempfile::tempdir().unwrap();
    let (short, long) = (free_port(), free_port());
    std::fs::write(dir.path().join("teams.ron"), r#"[(login: "ada", password: "secret-ada"), (login: "bob", password: "secret-bob")]"#)
        .unwrap();
    let text = format!(
        r#"(
  teams: "teams.ron",
  max_pending_per_address: 2,
  tasks: [
    (name: "mining", game: "fedrunek", servers: [
      (name: "a1", listen: "127.0.0.1:{short}", flags: ["--n", "8", "--turn-ms", "50", "--turns", "3", "--start", "now"]),
      (name: "a2", listen: "127.0.0.1:{long}", flags: ["--n", "8", "--turn-ms", "100", "--turns", "600", "--start", "now"]),
    ]),
  ],
)"#
    );
    std::fs::write(dir.path().join("contest.ron"), text).unwrap();
    let mut day = kibitz()
        .arg("contest")
        .arg(dir.path().join("contest.ron"))
        .args(["--console", "--out"])
        .arg(dir.path().join("day"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut console = day.stdin.take().unwrap();
    let first_line = |stream: &std::net::TcpStream| {
        let mut line = String::new();
        BufReader::new(stream).read_line(&mut line).unwrap();
        line.trim_end().to_string()
    };
    // Two places for connections waiting for their login, from the contest file.
    let waiting = [connect(long), connect(long)];
    assert!(waiting.iter().all(|w| first_line(w) == "LOGIN"));
    assert_eq!(first_line(&connect(long)), "FAILED 5 internal error, sorry...");
    drop(waiting);
    // ada on a2 (once the server has seen those two go); a1 plays its 3 turns of 50 ms and is over.
    let mut ada = Team::log_in_when_free(long, "ada", "secret-ada");
    let begun = Instant::now();
    while !dir.path().join("day/mining/a1/fedrunek.jsonl").exists() || begun.elapsed() < Duration::from_millis(1500) {
        assert!(begun.elapsed() < Duration::from_secs(20), "a1 never played");
        std::thread::sleep(Duration::from_millis(50));
    }
    for command in ["pause all power cut", "status", "kick mining/a2 nobody", "kick all ada"] {
        writeln!(console, "{command}").unwrap();
        std::thread::sleep(Duration::from_millis(200));
    }
    let closed = ada.rest();
    assert!(closed.is_empty(), "kicked: ada's connection is closed ({closed:?})");
    writeln!(console, "stop all end of the test").unwrap();
    let o = day.wait_with_output().unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let said = stderr(&o);
    for wanted in [
        "pause power cut: mining/a2\nmining/a1: the server is finished already",
        "mining/a1: finished after 1 game · ada ",
        "mining/a2: game 1 turn ",
        " · PAUSED (power cut) · ",
        "mining/a2: kick: no team \"nobody\"; the teams are ada, bob",
        "kick ada: mining/a2",
    ] {
        assert!(said.contains(wanted), "wanted {wanted:?} in\n{said}");
    }
    assert!(!said.contains("mining/a1: game"), "a finished server is not shown running:\n{said}");
}
