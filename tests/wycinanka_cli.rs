//! `kibitz match wycinanka` end to end: two of our solver clients race on a real server, every
//! solution they commit is accepted, and the replay verifies.

mod common;

use common::*;
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
}

#[test]
fn a_sheet_that_cannot_be_played_is_refused_before_anything_runs() {
    let dir = tempfile::tempdir().unwrap();
    let output = run(kibitz().args(["match", "wycinanka", "--width", "1", "--out"]).arg(dir.path().join("x.jsonl")).args(["--", "true"]));
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(stderr(&output).contains("the sheet must be at least 2 × 2"), "{}", stderr(&output));
}
