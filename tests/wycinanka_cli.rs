//! `kibitz match wycinanka` end to end: two of our solver clients race on a real server, every
//! solution they commit is accepted, and the replay verifies.

use crate::common::*;
use kibitz_core::replay::Replay;
use kibitz_deadline24::Outcome;
use kibitz_wycinanka::Wycinanka;

fn solver(seed: u64) -> String {
    format!("'{}' bot wycinanka solver --seed {seed}", env!("CARGO_BIN_EXE_kibitz"))
}

#[test]
fn two_solvers_race_every_solution_is_accepted_and_the_replay_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("race.jsonl");
    let output = run(kibitz()
        .args(["match", "wycinanka", "--width", "24", "--height", "24", "--game-turns", "25", "--turn-ms", "80", "--seed", "9", "--out"])
        .arg(&out)
        .arg("--")
        .args([solver(1), solver(2)]));
    assert!(output.status.success(), "{}", stderr(&output));
    let summary = summary(&output);
    assert_summary_shape(&summary);
    assert_eq!(summary["failed"], serde_json::json!([]));
    let scores: Vec<f64> = summary["scores"].as_array().unwrap().iter().map(|s| s.as_f64().unwrap()).collect();
    assert!(scores.iter().all(|&s| s > 0.0), "both solvers score: {scores:?}");
    let replay = Replay::<Wycinanka>::parse(&std::fs::read_to_string(&out).unwrap()).unwrap().replay;
    kibitz_core::verify::verify(&replay).unwrap();
    let mut accepted = 0;
    for r in &replay.records {
        let (Some(c), Outcome::Answer { lines, .. }) = (&r.action, &r.outcome) else { continue };
        if c.line.starts_with("COMMIT SOLUTION") {
            assert!(lines.get(1).is_some_and(|l| l.starts_with("ACCEPTED")), "step {}: {} → {lines:?}", r.step, c.line);
            accepted += 1;
        }
    }
    assert!(accepted >= 20, "{accepted} solutions accepted");
    let verify = run(kibitz().arg("verify").arg(&out));
    assert!(verify.status.success(), "{}", stderr(&verify));
    assert_eq!(summary_scores(&summary), verified_scores(&out), "match and verify print the same figures");
}

#[test]
fn a_sheet_that_cannot_be_played_is_refused_before_anything_runs() {
    let dir = tempfile::tempdir().unwrap();
    let output = run(kibitz().args(["match", "wycinanka", "--width", "1", "--out"]).arg(dir.path().join("x.jsonl")).args(["--", "true"]));
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(stderr(&output).contains("'1' for '--width <WIDTH>': must be 2 to 2000"), "{}", stderr(&output));
}

fn seed_example() -> std::path::PathBuf {
    workspace().join("maps/wycinanka/seed-example.world")
}

#[test]
fn a_world_file_is_written_checked_and_played_and_its_replay_carries_it() {
    let dir = tempfile::tempdir().unwrap();
    let world = dir.path().join("small.world");
    let made = run(kibitz()
        .args(["sheet", "generate", "--width", "9", "--height", "7", "--game-turns", "12", "--seed", "4", "--out"])
        .arg(&world));
    assert!(made.status.success(), "{}", stderr(&made));
    assert!(stderr(&made).contains("63 vertices"), "{}", stderr(&made));
    let checked = run(kibitz().arg("sheet").arg("check").arg(&world));
    assert!(checked.status.success() && stdout(&checked).contains("a valid world; 63 vertices"), "{}", stdout(&checked));
    // The same world on stdout, byte for byte.
    let printed = run(kibitz().args(["sheet", "generate", "--width", "9", "--height", "7", "--game-turns", "12", "--seed", "4"]));
    assert_eq!(stdout(&printed), std::fs::read_to_string(&world).unwrap());
    // Played on: a match on the file (another seed) and the world a replay was played on.
    let out = dir.path().join("race.jsonl");
    let played = run(kibitz()
        .args(["match", "wycinanka", "--game-turns", "12", "--turn-ms", "40", "--seed", "99", "--world"])
        .arg(&world)
        .arg("--out")
        .arg(&out)
        .args(["--", &solver(1)]));
    assert!(played.status.success(), "{}", stderr(&played));
    assert!(run(kibitz().arg("verify").arg(&out)).status.success());
    let again = run(kibitz().args(["sheet", "from"]).arg(&out));
    assert!(again.status.success(), "{}", stderr(&again));
    assert_eq!(stdout(&again), std::fs::read_to_string(&world).unwrap(), "the replay's world is the file's");
}

#[test]
fn the_seeds_example_world_is_played_by_a_solver_and_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("example.jsonl");
    let played = run(kibitz()
        .args(["match", "wycinanka", "--game-turns", "3", "--turn-ms", "1000", "--world"])
        .arg(seed_example())
        .arg("--out")
        .arg(&out)
        .args(["--", &solver(1)]));
    assert!(played.status.success(), "{}", stderr(&played));
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("COMMIT SOLUTION 2 4") && text.contains("ACCEPTED 10.000000"), "the solver cut the star");
    assert!(run(kibitz().arg("verify").arg(&out)).status.success());
}

#[test]
fn a_broken_world_is_refused_with_its_line_and_nothing_runs() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.world");
    std::fs::write(&bad, "sheet\n3 2\n1 2\n2 3\norder 1\n2 1 250\n1 2\n").unwrap();
    let checked = run(kibitz().arg("sheet").arg("check").arg(&bad));
    assert_eq!(checked.status.code(), Some(2));
    assert!(stderr(&checked).contains("bad.world: line 6: order 1: P is 1.0 to 100.0"), "{}", stderr(&checked));
    for verb in [&["match", "wycinanka"][..], &["play", "wycinanka"][..]] {
        let output = run(kibitz().args(verb).arg("--world").arg(&bad).arg("--out").arg(dir.path().join("x.jsonl")).args(["--", "true"]));
        assert_eq!(output.status.code(), Some(2), "{verb:?}: {}", stderr(&output));
        assert!(stderr(&output).contains("line 6"), "{verb:?}: {}", stderr(&output));
    }
    let missing = run(kibitz().args(["sheet", "check", "no-such.world"]));
    assert_eq!(missing.status.code(), Some(2));
    let not_a_replay = run(kibitz().args(["sheet", "from"]).arg(seed_example()));
    assert_eq!(not_a_replay.status.code(), Some(2), "{}", stderr(&not_a_replay));
}

#[test]
fn hand_play_refuses_a_team_that_does_not_play() {
    let output = run(kibitz().args(["play", "wycinanka", "--team", "3", "--world"]).arg(seed_example()));
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(stderr(&output).contains("there is no team 3: 2 teams play"), "{}", stderr(&output));
    let over =
        run(kibitz().args(["play", "wycinanka", "--from", "replays/wycinanka-solvers.jsonl", "--turn", "100000"]).current_dir(workspace()));
    assert_eq!(over.status.code(), Some(2), "{}", stderr(&over));
    assert!(stderr(&over).contains("the game is over"), "{}", stderr(&over));
}

#[test]
fn the_organisers_console_pauses_resumes_and_stops_a_served_game_that_verifies() {
    use std::io::{BufRead, BufReader, Write};
    use std::time::Duration;
    let dir = tempfile::tempdir().unwrap();
    let teams = dir.path().join("teams.ron");
    std::fs::write(&teams, "[(login: \"cutters\", password: \"secret-cut\")]").unwrap();
    let out = dir.path().join("w.jsonl");
    let args = ["--width", "6", "--height", "6", "--game-turns", "200", "--turn-ms", "150"];
    let (server, mut console, port) = serve_with_console("wycinanka", &args, &teams, &out);
    let stream = connect(port);
    let mut write = stream.try_clone().unwrap();
    let mut read = BufReader::new(stream);
    let mut greeting = String::new();
    read.read_line(&mut greeting).unwrap();
    // Sends a line and reads the answer's `n` lines, the first returned.
    let mut ask = |line: &str, n: usize| -> String {
        writeln!(write, "{line}").unwrap();
        let mut answer = Vec::new();
        for _ in 0..n {
            let mut l = String::new();
            read.read_line(&mut l).unwrap();
            answer.push(l.trim_end().to_string());
        }
        answer[0].clone()
    };
    assert_eq!(ask("cutters", 1), "PASS");
    assert_eq!(ask("secret-cut", 1), "OK");
    assert_eq!(ask("GET SCORE", 2), "OK");
    writeln!(console, "pause power cut").unwrap();
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(ask("GET SCORE", 1), "FAILED 5 internal error, sorry...");
    assert_eq!(ask("COMMIT SOLUTION 1 2 1 2", 1), "FAILED 5 internal error, sorry...", "a COMMIT while paused scores nothing");
    writeln!(console, "status").unwrap();
    writeln!(console, "bogus").unwrap();
    // Three turns' time goes by: no turn ends while paused.
    std::thread::sleep(Duration::from_millis(450));
    writeln!(console, "resume").unwrap();
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(ask("GET SCORE", 2), "OK");
    // The team's connections closed by the organisers.
    writeln!(console, "kick cutters").unwrap();
    let mut closed = String::new();
    assert_eq!(read.read_line(&mut closed).unwrap(), 0, "kicked: the connection is closed ({closed:?})");
    writeln!(console, "stop end of the test").unwrap();
    let o = server.wait_with_output().unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let said = stderr(&o);
    assert!(said.contains("PAUSED") && said.contains("cutters"), "status while paused:\n{said}");
    assert!(said.contains("cutters's connections are closed"), "{said}");
    assert!(
        said.contains(
            "unknown console command \"bogus\"; the commands are: status, pause [REASON], resume, end-turn, kick TEAM, stop [REASON], help"
        ),
        "{said}"
    );
    let replay = std::fs::read_to_string(&out).unwrap();
    let lines: Vec<&str> = replay.lines().collect();
    let at = |what: &str| lines.iter().position(|l| l.contains(what)).unwrap_or_else(|| panic!("no {what} in\n{replay}"));
    let (paused, resumed) = (at("\"line\":\"PAUSE power cut\""), at("\"line\":\"RESUME\""));
    assert!(paused < resumed);
    assert!(lines[paused..resumed].iter().all(|l| !l.contains("\"turn\":")), "no turn ended while paused");
    assert!(lines.last().unwrap().contains("\"stopped\":\"end of the test\""), "{}", lines.last().unwrap());
    let v = verify(&out);
    assert!(v.status.success(), "{}", stderr(&v));
    // The viewer reads it, the organisers' steps in the log as theirs.
    let view = kibitz::games::registry().open(&replay, "paused".into()).unwrap().view;
    let log: Vec<String> = view.log(0..view.track().len).into_iter().map(|l| l.text).collect();
    assert!(log.iter().any(|l| l == "organisers: PAUSE power cut") && log.iter().any(|l| l == "organisers: RESUME"), "{log:?}");
    assert!(view.seat_to_move(paused).is_some_and(|team| team == 0), "the organisers are not a seat to take over");
}
