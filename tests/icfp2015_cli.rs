//! `kibitz score icfp2015` end to end, on the original problems and stored official records.

use crate::common::*;
use std::path::PathBuf;

fn icfp() -> Option<PathBuf> {
    Some(reference()?.join("icfp2015"))
}

fn problems(dir: &std::path::Path) -> Vec<String> {
    (0..25).map(|i| dir.join(format!("problems/problem_{i}.json")).display().to_string()).collect()
}

fn score(args: &[&str]) -> std::process::Output {
    run(kibitz().args(["score", "icfp2015"]).args(args))
}

/// The JSON array on the last stdout line.
fn scored(o: &std::process::Output) -> Vec<serde_json::Value> {
    assert!(o.status.success(), "{}", stderr(o));
    summary(o).as_array().expect("a JSON array").clone()
}

#[test]
fn the_organisers_sample_scores_3261_and_the_table_says_so() {
    let Some(dir) = icfp() else { return };
    let p = problems(&dir);
    let sample = dir.join("solutions/cbv_submissions_sample.json");
    let mut args: Vec<&str> = vec!["--solution", sample.to_str().unwrap(), "--problem"];
    args.extend(p.iter().map(String::as_str));
    let out = score(&args);
    let records = scored(&out);
    assert_eq!(records.len(), 1);
    assert_eq!(records[0]["problemId"], 6);
    assert_eq!(records[0]["score"], 3261);
    assert_eq!(records[0]["moveScore"], 3261);
    assert!(records[0]["error"].is_null());
    assert!(stderr(&out).contains("3261"), "the table on stderr shows the score");
}

#[test]
fn a_server_capture_with_http_headers_is_read_and_scored_like_the_server_did() {
    let Some(dir) = icfp() else { return };
    let p = problems(&dir);
    let capture = dir.join("solutions/shiftforward_api-viewer_solutions.json");
    let mut args: Vec<&str> = vec!["--solution", capture.to_str().unwrap(), "--problem"];
    args.extend(p.iter().map(String::as_str));
    let records = scored(&score(&args));
    let original: Vec<serde_json::Value> = {
        let text = std::fs::read_to_string(&capture).unwrap();
        serde_json::from_str(&text[text.find('[').unwrap()..]).unwrap()
    };
    assert_eq!(records.len(), original.len(), "one entry per record, in input order");
    let mut agree = 0;
    for (ours, theirs) in records.iter().zip(&original) {
        assert_eq!(ours["problemId"], theirs["problemId"]);
        assert_eq!(ours["seed"], theirs["seed"]);
        // Day-1 "Ei!Ei!" records are the known server bug (reference README); the rest agree.
        if let Some(official) = theirs["score"].as_u64()
            && theirs["solution"] != "Ei!Ei!"
        {
            assert_eq!(ours["score"].as_u64(), Some(official), "{theirs}");
            agree += 1;
        }
    }
    assert!(agree > 4000, "{agree} records compared");
}

#[test]
fn phrases_default_to_the_known_18_and_p_replaces_them() {
    let Some(dir) = icfp() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("ei.json");
    std::fs::write(&file, r#"[{"problemId":5,"seed":0,"tag":"t","solution":"Ei!"}]"#).unwrap();
    let problem = dir.join("problems/problem_5.json");
    let base = ["--problem", problem.to_str().unwrap(), "--solution", file.to_str().unwrap()];
    let known = scored(&score(&base));
    assert_eq!(known[0]["score"], 306, "the reference README's official record: \"Ei!\" on problem 5");
    assert_eq!(known[0]["phrases"]["ei!"], 1);
    let custom = scored(&score(&[&base[..], &["-p", "yuggoth"]].concat()));
    assert_eq!(custom[0]["powerScore"], 0);
    assert_eq!(custom[0]["score"], custom[0]["moveScore"]);
}

#[test]
fn bad_files_are_refused_with_where_and_missing_problems_are_reported_per_record() {
    let Some(dir) = icfp() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let problem = dir.join("problems/problem_1.json");
    let broken = tmp.path().join("broken.json");
    std::fs::write(&broken, "[{\"problemId\": 1,\n \"seed\": 0, \"solution\": 5}]").unwrap();
    let out = score(&["--problem", problem.to_str().unwrap(), "--solution", broken.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("broken.json") && stderr(&out).contains("line 2"), "{}", stderr(&out));

    let other = tmp.path().join("other.json");
    std::fs::write(&other, r#"[{"problemId":7,"seed":0,"solution":"ei!"},{"problemId":1,"seed":0,"solution":"?"}]"#).unwrap();
    let records = scored(&score(&["--problem", problem.to_str().unwrap(), "--solution", other.to_str().unwrap()]));
    assert!(records[0]["score"].is_null() && records[0]["error"].as_str().unwrap().contains("no problem file with id 7"));
    assert_eq!(records[1]["score"], 0, "an invalid character scores 0");
    assert!(!records[1]["error"].is_null());

    let bad_problem = tmp.path().join("p.json");
    std::fs::write(&bad_problem, "{\"id\": 1, \"width\": \"wide\"}").unwrap();
    let out = score(&["--problem", bad_problem.to_str().unwrap(), "--solution", other.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("p.json"), "{}", stderr(&out));
}

/// Runs `kibitz match icfp2015` with a shell solver on problem 5; returns the summary and replay.
fn run_solver(solver: &str, extra: &[&str]) -> Option<(serde_json::Value, kibitz_core::replay::Replay<kibitz_icfp2015::Icfp2015>)> {
    let dir = icfp()?;
    let tmp = tempfile::tempdir().unwrap();
    let script = tmp.path().join("solver.sh");
    std::fs::write(&script, format!("#!/bin/sh\n{solver}\n")).unwrap();
    let out = tmp.path().join("run.jsonl");
    let problem = dir.join("problems/problem_5.json");
    let mut cmd = kibitz();
    cmd.args(["match", "icfp2015", "--problem", problem.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    cmd.args(extra).args(["--", &format!("sh {}", script.display())]);
    let output = run(&mut cmd);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = std::fs::read_to_string(&out).unwrap();
    let loaded = kibitz_core::replay::Replay::parse(&text).unwrap();
    assert!(loaded.damage.is_none());
    kibitz_core::verify::verify(&loaded.replay).expect("the replay verifies");
    Some((summary(&output), loaded.replay))
}

#[test]
fn a_solver_gets_the_contest_flags_and_its_answer_is_scored_and_recorded() {
    let answer =
        r#"[{"problemId":5,"seed":0,"tag":"mine","solution":"Ei! Ia! Ia! ppppalalalal"},{"problemId":5,"seed":22837,"solution":"ei!"}]"#;
    let Some((summary, replay)) = run_solver(&format!("echo \"$@\" >&2; echo '{answer}'"), &["-t", "7", "-p", "ei!", "-p", "ia! ia!"])
    else {
        return;
    };
    assert_summary_shape(&summary);
    assert_eq!(summary["failed"], serde_json::json!([]), "{summary}");
    assert_eq!(summary["names"], serde_json::json!(["mine"]), "{summary}");
    assert_eq!(summary["scores"], serde_json::json!([summary["score"]]), "the replay's score is the official one: {summary}");
    assert_eq!(summary["powerScore"], (300 + 2 * 3) + (300 + 2 * 7), "{summary}");
    assert_eq!(summary["score"].as_u64(), Some(summary["moveScore"].as_u64().unwrap() + summary["powerScore"].as_u64().unwrap()));
    assert_eq!(summary["seeds"].as_array().unwrap().len(), 2, "every seed it answered is scored");
    assert_eq!(replay.header.players[0].name, "mine");
    assert_eq!(replay.records.len(), "Ei! Ia! Ia! ppppalalalal".chars().count());
    let args = replay.records[0].stderr.join(" ");
    assert!(args.contains("-f ") && args.contains("problem_5.json") && args.contains("-t 7") && args.contains("-p ia! ia!"), "{args}");
    assert_eq!(replay.end.unwrap().scores, vec![summary["score"].as_i64().unwrap()]);
}

#[test]
fn a_solver_that_crashes_overruns_or_prints_garbage_gets_a_verdict_and_an_empty_replay() {
    for (solver, extra, verdict) in [
        ("echo oops >&2; exit 4", &[][..], "status 4"),
        ("sleep 20", &["-t", "1"][..], "time limit"),
        ("echo 'not json'", &[][..], "not a solution list"),
        ("echo '[{\"problemId\":5,\"seed\":0,\"solution\":7}]'", &[][..], "not a solution list"),
        ("echo '[{\"problemId\":6,\"seed\":0,\"solution\":\"ei!\"}]'", &[][..], "no solution for problem 5 seed 0"),
    ] {
        let Some((summary, replay)) = run_solver(solver, extra) else { return };
        let failed = summary["failed"][0]["reason"].as_str().unwrap_or_else(|| panic!("{solver}: {summary}"));
        assert!(failed.contains(verdict), "{solver}: {failed}");
        assert_eq!(summary["score"], 0);
        assert!(replay.records.is_empty());
        assert!(replay.end.unwrap().failed[0].reason.contains(verdict));
    }
}

#[test]
fn a_solver_that_dies_says_why_in_its_own_words() {
    for (solver, words) in [("python3 nosuch.py", "can't open file"), ("sh -c 'echo boom >&2; exit 3'", "boom")] {
        let Some((summary, replay)) = run_solver(solver, &[]) else { return };
        let failed = summary["failed"][0]["reason"].as_str().unwrap_or_else(|| panic!("{solver}: {summary}"));
        assert!(failed.contains("; stderr: ") && failed.contains(words), "{solver}: {failed}");
        assert_eq!(replay.end.unwrap().failed[0].reason, failed, "the replay's end record says the same");
    }
}

#[test]
fn a_solution_with_an_error_is_recorded_up_to_the_error_and_scores_0() {
    let Some((summary, replay)) = run_solver("echo '[{\"problemId\":5,\"seed\":0,\"solution\":\"ei!ei!\"}]'", &[]) else { return };
    assert_eq!(summary["score"], 0);
    assert!(summary["error"].as_str().unwrap().contains("already been in"), "{summary}");
    assert!(replay.records.len() < 6);
    assert!(matches!(replay.records.last().unwrap().outcome.event, kibitz_icfp2015::OutcomeEvent::Error { .. }));
}

#[test]
fn our_solver_plays_every_original_problem_through_the_contest_command_line_and_every_replay_verifies() {
    let Some(dir) = icfp() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let solver = format!("'{}' solve icfp2015", env!("CARGO_BIN_EXE_kibitz"));
    let mut total = 0;
    for i in 0..25 {
        let problem = dir.join(format!("problems/problem_{i}.json"));
        let out = tmp.path().join(format!("p{i}.jsonl"));
        let run_it = run(kibitz().args([
            "match",
            "icfp2015",
            "--problem",
            problem.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "-t",
            "8",
            "--",
            &solver,
        ]));
        assert!(run_it.status.success(), "problem {i}: {}", stderr(&run_it));
        let s = summary(&run_it);
        assert!(s["failed"] == serde_json::json!([]) && s["error"].is_null(), "problem {i}: {s}");
        assert!(s["score"].as_u64().unwrap() > 0 && !s["phrases"].as_object().unwrap().is_empty(), "problem {i}: {s}");
        assert_eq!(
            s["seeds"].as_array().unwrap().len(),
            serde_json::from_str::<serde_json::Value>(&std::fs::read_to_string(&problem).unwrap()).unwrap()["sourceSeeds"]
                .as_array()
                .unwrap()
                .len(),
            "every seed solved"
        );
        let verify = run(kibitz().args(["verify", out.to_str().unwrap()]));
        assert!(verify.status.success(), "problem {i}: {}", stdout(&verify));
        total += s["score"].as_u64().unwrap();
    }
    eprintln!("our solver's total on the first seeds: {total}");
}

#[test]
fn power_is_scored_against_the_known_phrases_whatever_the_solver_was_told() {
    // `lal` is no phrase of power: told it with -p, a solver that spells it earns nothing for it.
    let answer = r#"[{"problemId":5,"seed":0,"solution":"lalalal"}]"#;
    let Some((summary, _)) = run_solver(&format!("echo '{answer}'"), &["-p", "lal"]) else { return };
    assert_eq!(summary["failed"], serde_json::json!([]), "{summary}");
    assert_eq!(summary["powerScore"], 0, "{summary}");
    assert!(summary["phrases"].as_object().unwrap().is_empty(), "{summary}");
}

#[test]
fn a_solver_that_prints_its_answer_and_then_fails_is_scored_and_its_exit_reported() {
    let answer = r#"[{"problemId":5,"seed":0,"solution":"Ei! palal"}]"#;
    let Some((summary, replay)) = run_solver(&format!("echo '{answer}'; exit 3"), &[]) else { return };
    assert_eq!(summary["failed"], serde_json::json!([]), "{summary}");
    assert_eq!(summary["exit"], "exited with status 3", "{summary}");
    assert!(summary["powerScore"].as_u64().unwrap() > 0 && summary["score"].as_u64().unwrap() > 0, "{summary}");
    assert_eq!(replay.records.len(), "Ei! palal".chars().count());
}

#[test]
fn a_solver_past_its_memory_limit_is_stopped_and_reported() {
    // A string of 300 MB (perl is in every Debian); -m 100 allows 100 MB of address space.
    let hog = "perl -e '$x = \"a\" x 300_000_000; print length($x)'";
    let Some((summary, replay)) = run_solver(hog, &["-m", "100"]) else { return };
    let failed = summary["failed"][0]["reason"].as_str().unwrap_or_else(|| panic!("{summary}"));
    assert!(failed.contains("over the memory limit of 100 MB"), "{failed}");
    assert_eq!(summary["score"], 0);
    assert!(replay.records.is_empty());
}
