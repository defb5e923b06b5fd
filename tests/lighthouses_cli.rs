//! `kibitz match`, `verify` and `bot` for Lighthouses, end to end with real processes.

use crate::common::*;
use std::fs;

#[test]
fn sample_bots_play_every_reference_map_and_the_replays_verify() {
    let Some(reference) = reference() else { return };
    let dir = tempfile::tempdir().unwrap();
    let mut lit_somewhere = false;
    for name in ["grid", "island", "square", "square_l", "square_xl"] {
        let map = reference.join(format!("lighthouses/maps/{name}.txt"));
        let out = dir.path().join(format!("{name}.jsonl"));
        let bots = [sample_bot("greedy", 0), sample_bot("random", 1), sample_bot("greedy", 0)];
        let o = play(&map, 120, &out, &bots, &["--turn-hard-ms", "2000"]);
        assert!(o.status.success(), "{name}: {}", stderr(&o));
        let s = summary(&o);
        assert_eq!(s["game"], "lighthouses");
        assert_eq!(s["rounds"], 120);
        assert_eq!(s["names"], serde_json::json!(["Greedy", "Random", "Greedy"]), "{name}");
        assert_eq!(s["failed"], serde_json::json!([]), "{name}: {s}");
        assert!(s["scores"][0].as_i64().unwrap() > 0, "{name}: greedy scores ({s})");
        let v = verify(&out);
        assert!(v.status.success(), "{name}: {}{}", stdout(&v), stderr(&v));
        assert!(stdout(&v).contains("ok"), "{}", stdout(&v));
        lit_somewhere |= fs::read_to_string(&out).unwrap().contains("\"event\":\"lit\"");
    }
    assert!(lit_somewhere, "the greedy bot lights triangles on some reference map");
}

#[test]
fn a_broken_map_is_refused_before_any_bot_starts() {
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("broken.txt");
    fs::write(&map, "######\n#A  B#\n#  !  \n######\n").unwrap();
    let marker = dir.path().join("bot-started");
    let bot = format!("touch '{}'", marker.display());
    let o = play(&map, 10, &dir.path().join("r.jsonl"), &[bot.clone(), bot], &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("broken.txt: line 3, column 6"), "{}", stderr(&o));
    assert!(!marker.exists(), "no bot was started");
}

/// Greedy's score against `opponent` on our own map.
fn greedy_against(opponent: &str) -> (i64, serde_json::Value) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r.jsonl");
    let map = workspace().join("maps/lighthouses/crossroads.txt");
    let o = play(&map, 40, &out, &[sample_bot("greedy", 0), opponent.to_string()], &["--turn-hard-ms", "400"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(verify(&out).status.success());
    let s = summary(&o);
    (s["scores"][0].as_i64().unwrap(), s)
}

#[test]
fn misbehaving_opponents_do_not_affect_the_greedy_bot() {
    let pass = r#"read i; echo '{"name":"Pass"}'; while read s; do echo '{"command":"pass"}'; read r; done"#;
    let (baseline, s) = greedy_against(pass);
    assert!(baseline > 0);
    assert_eq!(s["failed"], serde_json::json!([]));
    for (bad, reason) in [
        (r#"read i; echo '{"name":"Crash"}'; read s; kill -SEGV $$"#, "signal"),
        (r#"read i; echo '{"name":"Hang"}'; sleep 60"#, "hard limit"),
        (r#"read i; echo '{"name":"Garbage"}'; read s; echo '{"command": mo'"#, "Invalid JSON"),
        (r#"read i; echo '{"name":"Closer"}'; exec 1>&-; sleep 60"#, "closed its output"),
    ] {
        let (score, s) = greedy_against(bad);
        assert_eq!(score, baseline, "{reason}: {s}");
        assert_eq!(s["failed"][0]["player"], 1, "{s}");
        assert!(s["failed"][0]["reason"].as_str().unwrap().contains(reason), "{s}");
    }
}

#[test]
fn verify_names_the_first_step_that_disagrees() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r.jsonl");
    let map = workspace().join("maps/lighthouses/duel.txt");
    assert!(play(&map, 30, &out, &[sample_bot("greedy", 0), sample_bot("random", 3)], &[]).status.success());
    let text = fs::read_to_string(&out).unwrap();
    // Tamper with the scores of the 5th round's end.
    let lines: Vec<String> = text
        .lines()
        .map(|l| if l.contains("\"round_end\",\"round\":4") { l.replace("\"scores\":[", "\"scores\":[1000,") } else { l.to_string() })
        .collect();
    let tampered = dir.path().join("t.jsonl");
    fs::write(&tampered, lines.join("\n") + "\n").unwrap();
    let v = verify(&tampered);
    assert_eq!(v.status.code(), Some(1));
    let err = stderr(&v);
    let step = 4 * 4 + 3; // rounds of 4 steps (start, 2 turns, end), round 4's end
    assert!(err.contains(&format!("step {step} (line {}, round 4, tick)", step + 2)), "{err}");
}

#[test]
fn a_damaged_replay_reports_its_line_and_keeps_what_came_before() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r.jsonl");
    let map = workspace().join("maps/lighthouses/duel.txt");
    assert!(play(&map, 10, &out, &[sample_bot("greedy", 0), sample_bot("random", 3)], &[]).status.success());
    let text = fs::read_to_string(&out).unwrap();
    let cut = dir.path().join("cut.jsonl");
    let keep: Vec<&str> = text.lines().take(13).collect();
    fs::write(&cut, format!("{}\n{{\"step\":12,\"play", keep.join("\n"))).unwrap();
    let v = verify(&cut);
    assert_eq!(v.status.code(), Some(1));
    assert!(stderr(&v).contains("damaged at line 14"), "{}", stderr(&v));
    assert!(stderr(&v).contains("the 12 steps before it were checked"), "{}", stderr(&v));
    let garbage = dir.path().join("garbage.jsonl");
    fs::write(&garbage, "this is not a replay\n").unwrap();
    let v = verify(&garbage);
    assert_eq!(v.status.code(), Some(2));
    assert!(stderr(&v).contains("line 1"), "{}", stderr(&v));
}

#[test]
fn every_command_has_help() {
    for args in [&["--help"][..], &["match", "--help"], &["match", "lighthouses", "--help"], &["verify", "--help"], &["bot", "--help"]] {
        let o = run(kibitz().args(args));
        assert!(o.status.success(), "{args:?}");
        assert!(stdout(&o).contains("Usage"), "{args:?}");
    }
    let o = run(kibitz().args(["match", "lighthouses"]));
    assert_eq!(o.status.code(), Some(2), "missing arguments are a usage error");
}

#[test]
fn an_unknown_bot_strategy_is_a_clear_error() {
    let o = run(kibitz().args(["bot", "lighthouses", "genius"]));
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("greedy, random"), "{}", stderr(&o));
}

#[test]
fn verify_says_a_match_was_stopped_rather_than_finished() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r.jsonl");
    let map = workspace().join("maps/lighthouses/duel.txt");
    let o = play(&map, 3, &out, &[sample_bot("greedy", 0), sample_bot("random", 1)], &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&verify(&out)).contains("(finished)"));
    // The end record of a match a human stopped (as hand play writes it) says so.
    let text = fs::read_to_string(&out).unwrap();
    let (body, last) = text.trim_end().rsplit_once('\n').unwrap();
    let mut end: serde_json::Value = serde_json::from_str(last).unwrap();
    end["end"]["stopped"] = "stopped by the user before step 12".into();
    fs::write(&out, format!("{body}\n{end}\n")).unwrap();
    let v = verify(&out);
    assert!(v.status.success(), "{}", stderr(&v));
    assert!(stdout(&v).contains("(stopped by the user before step 12)"), "{}", stdout(&v));
    assert!(!stdout(&v).contains("finished"), "{}", stdout(&v));
}

#[test]
fn a_bot_that_is_not_found_is_named_and_a_kibitz_bot_runs_this_very_program() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r.jsonl");
    let map = workspace().join("maps/lighthouses/duel.txt");
    // Without `kibitz` on PATH, as after `cargo run`: a command whose first word is `kibitz`
    // still runs (this binary), and one the shell cannot find is named, not "status 127".
    let o = run(kibitz()
        .env("PATH", PATH_WITHOUT_KIBITZ)
        .args(["match", "lighthouses", "--map"])
        .arg(&map)
        .args(["--rounds", "5", "--out"])
        .arg(&out)
        .args(["--", "nosuchbot-xyz", "kibitz bot lighthouses greedy"]));
    assert!(o.status.success(), "{}", stderr(&o));
    let s = summary(&o);
    assert_summary_shape(&s);
    assert_eq!(s["replays"], serde_json::json!([out]), "{s}");
    let failed = s["failed"].as_array().unwrap();
    assert_eq!(failed.len(), 1, "only the missing bot failed: {s}");
    assert_eq!(failed[0]["player"], 0, "{s}");
    assert!(failed[0]["reason"].as_str().unwrap().contains("command not found: nosuchbot-xyz"), "{s}");
    assert_eq!(s["names"][1], "Greedy", "our bot greeted: {s}");
    // The replay's end record says the same, and its header keeps the command as it was given.
    let text = fs::read_to_string(&out).unwrap();
    let end: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!(end["end"]["failed"], s["failed"]);
    assert!(text.lines().next().unwrap().contains("\"command\":\"kibitz bot lighthouses greedy\""));
    assert_eq!(summary_scores(&s), verified_scores(&out), "match and verify print the same scores");
}

/// A bot that thinks past 80 % of its turn limit on one turn has its time recorded so, and the
/// viewer marks that turn on the timeline (docs/debug-drawing.md); its quick turns are not.
#[test]
fn a_bot_that_sleeps_past_most_of_its_limit_is_marked_on_the_timeline() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r.jsonl");
    let map = workspace().join("maps/lighthouses/crossroads.txt");
    // Limit 1,000 ms: its third answer after 930 ms (the referee's clock may start a few ms
    // after the bot has the line, so 900 exactly was once measured as 898), its others at once.
    let sleeper = r#"read i; echo '{"name":"Sleeper"}'; n=0; while read s; do n=$((n+1)); [ $n = 3 ] && sleep 0.93; echo '{"command":"pass"}'; read r; done"#;
    let o = play(&map, 6, &out, &[sample_bot("greedy", 0), sleeper.to_string()], &["--turn-hard-ms", "1000", "--turn-soft-ms", "950"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&out).unwrap();
    let opened = kibitz::games::registry().open(&text, "r.jsonl".into()).unwrap();
    let track = opened.view.track();
    let slow: Vec<(usize, &str)> = track.markers.iter().filter(|m| m.kind.name == "slow turn").map(|m| (m.at, m.label.as_str())).collect();
    assert_eq!(slow.len(), 1, "one slow turn: {slow:?}");
    assert!(slow[0].1.starts_with("Sleeper took 9") && slow[0].1.ends_with("ms of 1000"), "{slow:?}");
    let times = &track.thinking.times[1];
    assert!(times.value_at(slow[0].0).unwrap() >= 900, "its time is charted at that step");
    assert_eq!(track.thinking.limit_ms, Some(1000), "the chart draws the limit");
    // The header says which version of each bot ran: our greedy bot's build (its git work tree
    // or its file's hash); a shell one-liner runs no file of its own.
    let header: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    let version = header["players"][0]["version"].as_str().expect("a version");
    assert!(version.starts_with("git:") || version.starts_with("file:"), "{version}");
    assert!(header["players"][1].get("version").is_none(), "{}", header["players"][1]);
}
