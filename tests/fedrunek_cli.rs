//! `kibitz match fedrunek` and `kibitz serve fedrunek` end to end: a server on loopback, our
//! Rust client and the Python one from the docs playing it, and the replay verifying.

use crate::common::*;
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::time::Duration;

fn greedy(seed: u64) -> String {
    format!("'{}' bot fedrunek greedy --seed {seed}", env!("CARGO_BIN_EXE_kibitz"))
}

/// A client that leaves early and one that never logs in are named in the end record, as the
/// bot games name theirs; `--names` names the teams.
#[test]
fn clients_that_leave_or_never_log_in_fail_in_the_replay_and_names_name_the_teams() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("f.jsonl");
    // The first turn starts at once (not once every client is in), so that the last one fails
    // at its end.
    let args =
        ["match", "fedrunek", "--n", "8", "--turn-ms", "100", "--turns", "15", "--start", "now", "--names", "ada", "quitter", "ghost"];
    let o = run(kibitz().args(args).arg("--out").arg(&out).arg("--").args([greedy(1), "sh -c 'exit 0' #".into(), "sleep 30 #".into()]));
    assert!(o.status.success(), "{}", stderr(&o));
    let summary = summary(&o);
    assert_eq!(summary["names"], serde_json::json!(["ada", "quitter", "ghost"]));
    let text = std::fs::read_to_string(&out).unwrap();
    let header: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(header["players"][0]["name"], "ada");
    let end: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    let failed = &end["end"]["failed"];
    assert_eq!(failed.as_array().map(Vec::len), Some(2), "{failed}");
    assert_eq!((failed[0]["player"].as_u64(), failed[1]["player"].as_u64()), (Some(1), Some(2)), "{failed}");
    assert!(failed[0]["reason"].as_str().unwrap().contains("exited before the end of the games (exit status: 0)"), "{failed}");
    assert_eq!(failed[1]["reason"], "did not log in during the first turn");
    assert!(verify(&out).status.success());
    // Names that are not one word each, or not one a client, are refused before anything starts.
    for names in [&["ada", "b c"][..], &["ada"], &["x", "x"]] {
        let o = run(kibitz()
            .args(["match", "fedrunek", "--n", "8", "--names"])
            .args(names)
            .arg("--out")
            .arg(dir.path().join("n.jsonl"))
            .arg("--")
            .args([greedy(1), greedy(2)]));
        assert_eq!(o.status.code(), Some(2), "{names:?}: {}", stderr(&o));
        assert!(stderr(&o).contains("--names"), "{}", stderr(&o));
    }
}

#[test]
fn our_clients_play_a_match_to_its_end_and_it_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("f.jsonl");
    let python = format!("python3 '{}'", workspace().join("docs/clients/fedrunek.py").display());
    let mut cmd = kibitz();
    cmd.args([
        "match",
        "fedrunek",
        "--n",
        "10",
        "--turn-ms",
        "60",
        "--turns",
        "40",
        "--seed",
        "3",
        "--miners",
        "3",
        "--scouts",
        "2",
        "--out",
    ])
    .arg(&out)
    .arg("--")
    .args([greedy(1), python]);
    let o = run(&mut cmd);
    assert!(o.status.success(), "{}", stderr(&o));
    let summary = summary(&o);
    assert_summary_shape(&summary);
    assert_eq!(summary["names"], serde_json::json!(["team1", "team2"]));
    assert_eq!(summary["rounds"], 40);
    assert_eq!(summary["failed"], serde_json::json!([]), "{}", stderr(&o));
    let v = verify(&out);
    assert!(v.status.success(), "{}", stderr(&v));
    assert!(stdout(&v).contains("finished"), "{}", stdout(&v));
    // The header names the client command of each team.
    let header: serde_json::Value = serde_json::from_str(text_header(&out).as_str()).unwrap();
    assert!(header["players"][0]["command"].as_str().unwrap().contains("bot fedrunek greedy"));
    assert!(header["players"][1]["command"].as_str().unwrap().contains("fedrunek.py"));
    // Both clients really played: each team sent commands that were answered OK.
    let text = std::fs::read_to_string(&out).unwrap();
    for team in 0..2 {
        let ok = text.lines().filter(|l| l.contains(&format!("\"player\":{team},")) && l.contains("\"lines\":[\"OK\"")).count();
        assert!(ok > 20, "team {team} got {ok} OK answers");
    }
    // The greedy client mines: its miners drilled and took metal.
    assert!(text.contains("DRILLING") && text.contains("MINING"), "no drilling or mining in the replay");
}

#[test]
fn a_client_that_is_not_found_is_named_and_match_and_verify_print_the_same_scores() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("f.jsonl");
    // Without `kibitz` on PATH, as after `cargo run`: our client still runs (this binary), and a
    // command the shell cannot find is named in the summary and the replay.
    let o = run(kibitz()
        .env("PATH", PATH_WITHOUT_KIBITZ)
        .args(["match", "fedrunek", "--n", "10", "--turn-ms", "60", "--turns", "20", "--seed", "3", "--out"])
        .arg(&out)
        .args(["--", "kibitz bot fedrunek greedy --seed 1", "nosuchclient-xyz"]));
    assert!(o.status.success(), "{}", stderr(&o));
    let s = summary(&o);
    assert_summary_shape(&s);
    assert_eq!(s["replays"], serde_json::json!([out]), "{s}");
    assert_eq!(s["failed"], serde_json::json!([{"player": 1, "reason": "command not found: nosuchclient-xyz"}]), "{s}");
    let text = std::fs::read_to_string(&out).unwrap();
    let end: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!(end["end"]["failed"], s["failed"], "the replay's end record names it too");
    let answered = text.lines().filter(|l| l.contains("\"player\":0,") && l.contains("\"lines\":[\"OK\"")).count();
    assert!(answered > 0, "our client played");
    // Reals in the game's own units (20.0, not 20000000), the figures `verify` prints.
    assert_eq!(summary_scores(&s), verified_scores(&out), "{s}");
}

fn text_header(replay: &std::path::Path) -> String {
    std::fs::read_to_string(replay).unwrap().lines().next().unwrap().to_string()
}

/// `kibitz serve GAME` on `teams`: a file it accepts plays one turn of a millisecond on a free
/// port and ends, so that a test of a refusal ends either way.
fn serve_with_teams(game: &str, teams: &std::path::Path, out: &std::path::Path) -> std::process::Output {
    let quick = ["--listen", "127.0.0.1:0", "--start", "now", "--turns", "1", "--turn-ms", "1"];
    run(kibitz().args(["serve", game]).args(quick).arg("--teams").arg(teams).arg("--out").arg(out))
}

#[test]
fn a_bad_teams_file_is_refused_with_where() {
    let dir = tempfile::tempdir().unwrap();
    let teams = dir.path().join("teams.ron");
    std::fs::write(&teams, "[(login: \"a\", password: \"x\"),\n (login: \"b\" password: \"y\")]").unwrap();
    let o = serve_with_teams("fedrunek", &teams, &dir.path().join("r.jsonl"));
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("teams.ron:2:"), "{}", stderr(&o));
    // Faults a parser does not see, each with the line and column of its team.
    for (text, said) in [
        (
            "[(login: \"a\", password: \"long-enough\"),\n  (login: \"a\", password: \"long-enough-too\")]",
            "teams.ron:2:3: team 2: login \"a\" appears twice",
        ),
        ("[\n(login: \"a\", password: \"short\")]", "teams.ron:2:1: team 1: the password of \"a\" is shorter than 8 characters"),
        ("[(login: \"\", password: \"long-enough\")]", "teams.ron:1:2: team 1: an empty login"),
        // A login line is split on white space: these could never log in.
        (
            "[(login: \"a\", password: \"long-enough\"),\n (login: \"b\", password: \"        \")]",
            "teams.ron:2:2: team 2: the password of \"b\" has white space in it",
        ),
        ("[(login: \"a\", password: \" pass word \")]", "teams.ron:1:2: team 1: the password of \"a\" has white space in it"),
        // Two logins that look the same are not.
        (
            "[(login: \"team1\", password: \"long-enough\"),\n (login: \"team\u{200b}1\", password: \"long-enough\")]",
            "teams.ron:2:2: team 2: the login \"team\\u{200b}1\" has '\\u{200b}' (U+200B) in it",
        ),
    ] {
        std::fs::write(&teams, text).unwrap();
        let o = serve_with_teams("fedrunek", &teams, &dir.path().join("r.jsonl"));
        assert_eq!(o.status.code(), Some(2));
        assert!(stderr(&o).contains(said), "wanted {said:?}: {}", stderr(&o));
    }
    // A field the teams file does not have is named.
    std::fs::write(&teams, "[(login: \"a\", password: \"long-enough\", pasword: \"typo\")]").unwrap();
    let o = serve_with_teams("fedrunek", &teams, &dir.path().join("r.jsonl"));
    assert!(stderr(&o).contains("pasword"), "{}", stderr(&o));
    // A teams file that is not there says so, where it was looked for, and how to make one.
    let missing = dir.path().join("teamz.ron");
    let o = serve_with_teams("fedrunek", &missing, &dir.path().join("r.jsonl"));
    assert_eq!(o.status.code(), Some(2));
    let said =
        format!("the teams file {} does not exist (looked in {}); kibitz teams generate N --out", missing.display(), dir.path().display());
    assert!(stderr(&o).contains(&said), "wanted {said:?}: {}", stderr(&o));
}

/// Reading a teams file takes a time in proportion to its length, and one of more teams than a
/// server takes is refused with the bound, at once.
#[test]
fn a_teams_file_of_twenty_thousand_teams_is_refused_at_once_with_the_bound() {
    let dir = tempfile::tempdir().unwrap();
    let teams = dir.path().join("teams.ron");
    let list: Vec<String> = (1..=20_000).map(|k| format!("(login: \"team{k}\", password: \"secret-{k:05}\")")).collect();
    std::fs::write(&teams, format!("[\n{}\n]", list.join(",\n"))).unwrap();
    let begun = std::time::Instant::now();
    let o = serve_with_teams("osada", &teams, &dir.path().join("r.jsonl"));
    let took = begun.elapsed();
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("teams.ron:1002:1: team 1001: a server takes at most 1000 teams"), "{}", stderr(&o));
    assert!(took < Duration::from_secs(5), "took {took:?}");
    // Just under the bound, every team is read and checked (a login twice at the end) at once.
    let mut list: Vec<String> = list[..1000].to_vec();
    list[999] = "(login: \"team1\", password: \"secret-again\")".into();
    std::fs::write(&teams, format!("[\n{}\n]", list.join(",\n"))).unwrap();
    let begun = std::time::Instant::now();
    let o = serve_with_teams("osada", &teams, &dir.path().join("r.jsonl"));
    assert!(stderr(&o).contains("teams.ron:1001:1: team 1000: login \"team1\" appears twice"), "{}", stderr(&o));
    assert!(begun.elapsed() < Duration::from_secs(5), "took {:?}", begun.elapsed());
}

#[test]
fn serve_takes_teams_from_a_file_and_writes_the_replay() {
    let dir = tempfile::tempdir().unwrap();
    let teams = dir.path().join("teams.ron");
    std::fs::write(&teams, "[(login: \"login1\", password: \"secret-one\")]").unwrap();
    // A free port: bound, read, released (loopback only).
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let out = dir.path().join("s.jsonl");
    let server = kibitz()
        .args(["serve", "fedrunek", "--n", "8", "--turn-ms", "300", "--turns", "5", "--teams"])
        .arg(&teams)
        .args(["--listen", &format!("127.0.0.1:{port}"), "--out"])
        .arg(&out)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut team = Team::log_in(port, "login1", "secret-one");
    team.send("DESCRIBE WORLD");
    assert_eq!(team.line(), "OK");
    assert_eq!(team.line(), "8 1 1.000000");
    let o = server.wait_with_output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(stderr(&o).contains("turns of 300 ms; the first turn starts once the team has logged in"), "{}", stderr(&o));
    let v = verify(&out);
    assert!(v.status.success(), "{}", stderr(&v));
}

#[test]
fn a_bad_start_is_refused_with_the_forms_it_takes() {
    let dir = tempfile::tempdir().unwrap();
    let teams = dir.path().join("teams.ron");
    std::fs::write(&teams, "[(login: \"login1\", password: \"secret-one\")]").unwrap();
    let serve = |start: &[&str]| {
        run(kibitz()
            .args(["serve", "fedrunek", "--start"])
            .args(start)
            .arg("--teams")
            .arg(&teams)
            .arg("--out")
            .arg(dir.path().join("r.jsonl")))
    };
    for (start, said) in [
        (&["at", "25:00"][..], "--start at 25:00: 25:00 is not a time of day (HH:MM, from 00:00 to 23:59)"),
        (&["at 7:5"][..], "--start at 7:5: 7:5 is not a time of day"),
        (&["later"][..], "--start later: expected now, all-logged-in or at HH:MM"),
        (&["09:30"][..], "--start 09:30: expected now, all-logged-in or at HH:MM"),
    ] {
        let o = serve(start);
        assert_eq!(o.status.code(), Some(2), "{start:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(said), "{start:?}: {}", stderr(&o));
    }
}

#[test]
fn a_client_that_outlives_the_game_is_ended_with_all_it_started() {
    let dir = tempfile::tempdir().unwrap();
    let pid_file = dir.path().join("pid");
    // A client that never talks and leaves a process of its own behind its `sh`.
    let client = format!("sleep 37 & echo $! > '{}'; wait; true", pid_file.display());
    let o = run(kibitz()
        .args(["match", "fedrunek", "--n", "8", "--turn-ms", "500", "--turns", "2", "--out"])
        .arg(dir.path().join("r.jsonl"))
        .arg("--")
        .arg(client));
    assert!(o.status.success(), "{}", stderr(&o));
    let pid = std::fs::read_to_string(&pid_file).unwrap().trim().to_string();
    // Gone, or at most a zombie waiting for its new parent to reap it: within a few seconds
    // (the kill is sent before `match` exits; its delivery takes a moment on a busy machine).
    let state =
        || std::fs::read_to_string(format!("/proc/{pid}/stat")).ok().and_then(|s| s.rsplit(')').next().map(|r| r.trim().chars().next()));
    let started = std::time::Instant::now();
    while !matches!(state(), None | Some(Some('Z'))) && started.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(matches!(state(), None | Some(Some('Z'))), "the client's sleep {pid} still runs: {:?}", state());
}

#[test]
fn a_bad_look_setting_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let replay = workspace().join("replays/fedrunek-greedy-vs-python.jsonl");
    let out = kibitz()
        .args(["view", replay.to_str().unwrap(), "--look", "cut=w:3", "--screenshot"])
        .arg(dir.path().join("x.png"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(stderr(&out).contains("--look cut=w:3: the axis is x, y or z"), "{}", stderr(&out));
}

#[test]
fn generated_teams_log_in_and_failed_logins_are_logged_and_counted() {
    let dir = tempfile::tempdir().unwrap();
    let teams = dir.path().join("teams.ron");
    let made = run(kibitz().args(["teams", "generate", "3", "--prefix", "crew", "--out"]).arg(&teams));
    assert!(made.status.success(), "{}", stderr(&made));
    // The table to hand out, and a file that reads back with passwords of 12 letters.
    let table = stdout(&made);
    let rows: Vec<(String, String)> = table
        .lines()
        .skip(1)
        .map(|l| {
            let mut words = l.split_whitespace();
            (words.next().unwrap().to_string(), words.next().unwrap().to_string())
        })
        .collect();
    assert_eq!(rows.iter().map(|(l, _)| l.as_str()).collect::<Vec<_>>(), ["crew1", "crew2", "crew3"]);
    assert!(rows.iter().all(|(_, p)| p.len() == 12) && rows[0].1 != rows[1].1);
    let file = std::fs::read_to_string(&teams).unwrap();
    assert!(rows.iter().all(|(l, p)| file.contains(l.as_str()) && file.contains(p.as_str())));
    let again = run(kibitz().args(["teams", "generate", "3", "--out"]).arg(&teams));
    assert_eq!(again.status.code(), Some(2), "an existing teams file is kept");
    // A server on them: two wrong passwords, then the right one.
    let out = dir.path().join("s.jsonl");
    let (server, port) = serve_on_port(&teams, &out, &["--n", "8", "--turn-ms", "200", "--turns", "10", "--start", "now"]);
    let try_login = |login: &str, password: &str| session(port, login, password, &[])[2].clone();
    assert_eq!(try_login("crew2", "wrong-password"), "FAILED 1 bad login or password");
    assert_eq!(try_login("crew2", "also-wrong"), "FAILED 1 bad login or password");
    assert_eq!(try_login("crew2", &rows[1].1), "OK");
    let o = server.wait_with_output().unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let logged = stderr(&o);
    assert_eq!(logged.matches("failed login from 127.0.0.1 as \"crew2\"").count(), 2, "{logged}");
    assert_eq!(summary(&o)["failed_logins"], 2);
}

#[test]
fn sigterm_stops_the_served_game_with_an_end_record_that_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let teams = dir.path().join("teams.ron");
    std::fs::write(&teams, "[(login: \"login1\", password: \"secret-one\")]").unwrap();
    let out = dir.path().join("s.jsonl");
    let (server, port) = serve_on_port(&teams, &out, &["--n", "8", "--turn-ms", "100", "--turns", "500", "--start", "now"]);
    session(port, "login1", "secret-one", &["DESCRIBE WORLD"]);
    // A few turns go by.
    std::thread::sleep(Duration::from_millis(500));
    // SAFETY: kill(2) on our own child.
    unsafe { libc::kill(server.id() as libc::pid_t, libc::SIGTERM) };
    let o = server.wait_with_output().unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("SIGTERM: stopping the game"), "{}", stderr(&o));
    let replay = std::fs::read_to_string(&out).unwrap();
    let end = replay.lines().last().unwrap();
    assert!(end.contains("\"stopped\":\"stopped by the host (SIGTERM)\""), "{end}");
    // The summary line says so too.
    assert_eq!(summary(&o)["stopped"], "stopped by the host (SIGTERM)", "{}", stdout(&o));
    assert!(replay.contains("DESCRIBE WORLD"));
    let v = verify(&out);
    assert!(v.status.success(), "{}", stderr(&v));
}

/// Starts `kibitz serve fedrunek` on a free port with `args`; returns it and its port.
fn serve_on_port(teams: &std::path::Path, out: &std::path::Path, args: &[&str]) -> (std::process::Child, u16) {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let server = kibitz()
        .args(["serve", "fedrunek"])
        .args(args)
        .arg("--teams")
        .arg(teams)
        .args(["--listen", &format!("127.0.0.1:{port}"), "--out"])
        .arg(out)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    (server, port)
}

/// Logs in as `login` and sends `commands`, reading each answer's first line.
fn session(port: u16, login: &str, password: &str, commands: &[&str]) -> Vec<String> {
    let stream = connect(port);
    let mut write = stream.try_clone().unwrap();
    let mut read = BufReader::new(stream);
    let mut answers = Vec::new();
    for send in [login, password].into_iter().chain(commands.iter().copied()) {
        let mut line = String::new();
        read.read_line(&mut line).unwrap();
        answers.push(line.trim_end().to_string());
        writeln!(write, "{send}").unwrap();
    }
    let mut line = String::new();
    read.read_line(&mut line).unwrap();
    answers.push(line.trim_end().to_string());
    answers
}

#[test]
fn a_server_killed_mid_turn_is_carried_on_from_its_last_complete_turn() {
    let dir = tempfile::tempdir().unwrap();
    let teams = dir.path().join("teams.ron");
    std::fs::write(&teams, "[(login: \"red\", password: \"secret-red\"), (login: \"blue\", password: \"secret-blue\")]").unwrap();
    let first = dir.path().join("first.jsonl");
    let (mut server, port) = serve_on_port(&teams, &first, &["--n", "8", "--turn-ms", "150", "--turns", "300", "--start", "now"]);
    session(port, "red", "secret-red", &["DESCRIBE WORLD", "LIST MINERS"]);
    std::thread::sleep(Duration::from_millis(700));
    session(port, "blue", "secret-blue", &["LIST MINERS"]);
    server.kill().unwrap();
    server.wait().unwrap();
    let old = std::fs::read_to_string(&first).unwrap();
    assert!(!old.contains("{\"end\""), "killed: no end record");
    // Carried on: the same game from its last complete turn, into a new replay.
    let second = dir.path().join("second.jsonl");
    let (server, port) = serve_on_port(&teams, &second, &["--continue", first.to_str().unwrap(), "--start", "now"]);
    let answers = session(port, "blue", "secret-blue", &["DESCRIBE WORLD"]);
    assert_eq!(answers[2], "OK", "the teams log in again: {answers:?}");
    std::thread::sleep(Duration::from_millis(400));
    // SAFETY: kill(2) on our own child.
    unsafe { libc::kill(server.id() as libc::pid_t, libc::SIGTERM) };
    let o = server.wait_with_output().unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("carrying on") && stderr(&o).contains("turns complete"), "{}", stderr(&o));
    let new = std::fs::read_to_string(&second).unwrap();
    let v = verify(&second);
    assert!(v.status.success(), "{}", stderr(&v));
    // Its first steps are the old replay's, up to the old one's last turn end.
    let steps = |text: &str| text.lines().skip(1).map(String::from).collect::<Vec<_>>();
    let (old_steps, new_steps) = (steps(&old), steps(&new));
    let kept = old_steps.iter().rposition(|l| l.contains("\"turn\":") && !l.contains("\"action\"")).unwrap() + 1;
    assert!(kept > 3, "turns were played before the kill");
    let header = |text: &str| -> serde_json::Value { serde_json::from_str(text.lines().next().unwrap()).unwrap() };
    assert_eq!(header(&new)["seed"], header(&old)["seed"]);
    assert_eq!(header(&new)["continued"]["steps"], kept);
    for (k, (a, b)) in old_steps[..kept].iter().zip(&new_steps).enumerate() {
        let (a, b): (serde_json::Value, serde_json::Value) = (serde_json::from_str(a).unwrap(), serde_json::from_str(b).unwrap());
        assert_eq!((&a["step"], &a["action"], &a["outcome"]), (&b["step"], &b["action"], &b["outcome"]), "step {k}");
    }
    // A finished replay has nothing to carry on.
    let (done, _) = serve_on_port(&teams, &dir.path().join("third.jsonl"), &["--continue", second.to_str().unwrap()]);
    let o = done.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("the game is over"), "{}", stderr(&o));
}

/// `status` right after `pause`, with no command in between, says PAUSED (and the reason).
#[test]
fn the_console_says_paused_at_once_and_the_summary_says_why_the_game_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let teams = dir.path().join("teams.ron");
    std::fs::write(&teams, "[(login: \"login1\", password: \"secret-one\")]").unwrap();
    let out = dir.path().join("s.jsonl");
    let (server, mut console, port) = serve_with_console("fedrunek", &["--n", "8", "--turn-ms", "100", "--turns", "500"], &teams, &out);
    drop(connect(port));
    std::thread::sleep(Duration::from_millis(300));
    writeln!(console, "pause power cut").unwrap();
    std::thread::sleep(Duration::from_millis(300));
    writeln!(console, "status").unwrap();
    std::thread::sleep(Duration::from_millis(200));
    writeln!(console, "resume").unwrap();
    std::thread::sleep(Duration::from_millis(300));
    writeln!(console, "status").unwrap();
    writeln!(console, "stop end of the test").unwrap();
    let o = server.wait_with_output().unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let said = stderr(&o);
    let statuses: Vec<&str> = said.lines().filter(|l| l.starts_with("game 1 · turn ")).collect();
    assert_eq!(statuses.len(), 2, "{said}");
    assert!(statuses[0].contains(" · PAUSED (power cut) · "), "{said}");
    assert!(statuses[1].contains(" · running · "), "{said}");
    let s = summary(&o);
    assert_eq!(s["stopped"], "end of the test", "{s}");
    assert_summary_shape(&s);
}

/// A team behind an address that holds its places for connections waiting for their login is
/// refused (the protocol's `FAILED 5`), the server's log says why, and a flag gives more places.
#[test]
fn an_address_out_of_login_places_is_told_in_the_log_and_the_flag_gives_more() {
    let dir = tempfile::tempdir().unwrap();
    let teams = dir.path().join("teams.ron");
    std::fs::write(&teams, "[(login: \"login1\", password: \"secret-one\")]").unwrap();
    for (places, flags) in [(4, &[][..]), (6, &["--max-pending-per-address", "6"][..])] {
        let out = dir.path().join("s.jsonl");
        let mut args = vec!["--n", "8", "--turn-ms", "100", "--turns", "500", "--start", "now"];
        args.extend(flags);
        let (server, port) = serve_on_port(&teams, &out, &args);
        let first_line = |stream: &TcpStream| {
            let mut line = String::new();
            BufReader::new(stream).read_line(&mut line).unwrap();
            line.trim_end().to_string()
        };
        let held: Vec<TcpStream> = (0..places).map(|_| connect(port)).collect();
        for stream in &held {
            assert_eq!(first_line(stream), "LOGIN");
        }
        let refused = connect(port);
        assert_eq!(first_line(&refused), "FAILED 5 internal error, sorry...", "{places} places");
        drop(held);
        // SAFETY: kill(2) on our own child.
        unsafe { libc::kill(server.id() as libc::pid_t, libc::SIGTERM) };
        let o = server.wait_with_output().unwrap();
        let said = stderr(&o);
        let why = format!("refused a connection from 127.0.0.1: {places} connections from it wait for their login already");
        assert!(said.contains(&why), "wanted {why:?}: {said}");
        assert!(said.contains("--max-pending-per-address; teams behind one NAT address share these places"), "{said}");
    }
}
