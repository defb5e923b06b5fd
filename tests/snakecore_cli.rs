//! `kibitz match snakecore` end to end with real bot processes: our sample bots on every bundled
//! map (each replay verifies), a series of games with the bots started afresh and the scores
//! summed, the seed's per-game thinking budget, and maps or bot lists that are refused before
//! anything runs.

use crate::common::*;
use kibitz_core::replay::Replay;
use kibitz_snakecore::SnakeCore;

fn bot(strategy: &str, seed: u64) -> String {
    format!("'{}' bot snakecore {strategy} --seed {seed}", env!("CARGO_BIN_EXE_kibitz"))
}

#[test]
fn sample_bots_play_every_bundled_map_and_every_replay_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let maps = std::fs::read_dir(workspace().join("maps/snakecore")).unwrap();
    let mut played = 0;
    for map in maps {
        let map = map.unwrap().path();
        let pythons = std::fs::read_to_string(&map).unwrap().lines().filter(|l| l.starts_with("snake ")).count();
        let bots: Vec<String> = (0..pythons).map(|k| if k % 2 == 0 { bot("greedy", 0) } else { bot("random", k as u64) }).collect();
        let out = dir.path().join(format!("{}.jsonl", map.file_stem().unwrap().to_string_lossy()));
        let output =
            run(kibitz().args(["match", "snakecore", "--turns", "80", "--map"]).arg(&map).arg("--out").arg(&out).arg("--").args(&bots));
        assert!(output.status.success(), "{}: {}", map.display(), stderr(&output));
        let summary = summary(&output);
        assert_eq!(summary["failed"], serde_json::json!([]), "{}", map.display());
        assert!(summary["scores"][0].as_i64().unwrap() > 0, "{}: the greedy python scores: {summary}", map.display());
        let verified = run(kibitz().arg("verify").arg(&out));
        assert!(verified.status.success(), "{}", stdout(&verified));
        played += 1;
    }
    assert!(played >= 3, "several maps, one with four pythons");
}

#[test]
fn a_series_restarts_the_bots_for_each_game_and_sums_the_scores() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("series.jsonl");
    let map = workspace().join("maps/snakecore/arena.txt");
    let output = run(kibitz()
        .args(["match", "snakecore", "--turns", "60", "--games", "3", "--map"])
        .arg(&map)
        .arg("--out")
        .arg(&out)
        .args(["--", &bot("greedy", 0), &bot("random", 1)]));
    assert!(output.status.success(), "{}", stderr(&output));
    let summary = summary(&output);
    assert_summary_shape(&summary);
    assert_eq!(summary["games"], 3);
    assert_eq!(summary["replays"].as_array().map(Vec::len), Some(3), "{summary}");
    let mut sums = [0i64; 2];
    for game in 1..=3 {
        let path = dir.path().join(format!("series-g{game}.jsonl"));
        let replay = Replay::<SnakeCore>::parse(&std::fs::read_to_string(&path).unwrap()).unwrap().replay;
        assert_eq!(replay.header.seed, game - 1, "game K plays seed SEED + K − 1");
        kibitz_core::verify::verify(&replay).unwrap();
        let end = replay.end.unwrap();
        for k in 0..2 {
            sums[k] += end.scores[k];
        }
    }
    assert_eq!(summary["scores"], serde_json::json!(sums));
}

#[test]
fn a_bot_that_spends_its_thinking_budget_in_small_slices_stops_moving_and_the_game_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    // Answers every getAction (the arena has two pythons: two lines after the board) with a
    // pass after 60 ms: well within the 500 ms per answer, but a 400 ms budget for the game is
    // gone after a few answers.
    let slow = dir.path().join("slow.sh");
    std::fs::write(
        &slow,
        "while read -r line; do case \"$line\" in\n\
         getName) echo Sloth;;\n\
         getAction) read -r n; i=0; while [ $i -lt $((n + 2)) ]; do read -r _; i=$((i + 1)); done; sleep 0.06; echo N;;\n\
         esac; done\n",
    )
    .unwrap();
    let out = dir.path().join("budget.jsonl");
    let map = workspace().join("maps/snakecore/arena.txt");
    let output = run(kibitz()
        .args(["match", "snakecore", "--turns", "40", "--total-ms", "400", "--turn-hard-ms", "500", "--map"])
        .arg(&map)
        .arg("--out")
        .arg(&out)
        .args(["--", &bot("greedy", 0), &format!("sh {}", slow.display())]));
    assert!(output.status.success(), "{}", stderr(&output));
    let summary = summary(&output);
    let failed = &summary["failed"];
    assert_eq!(failed[0]["player"], 1, "{summary}");
    assert!(failed[0]["reason"].as_str().unwrap().contains("used up its total thinking time of 400 ms"), "{summary}");
    let replay = Replay::<SnakeCore>::parse(&std::fs::read_to_string(&out).unwrap()).unwrap().replay;
    assert_eq!(replay.records.len(), 80, "the game was played to its end");
    let answered = replay.records.iter().filter(|r| r.player == Some(1) && r.action.is_some()).count();
    assert!((2..=7).contains(&answered), "the slow bot answered {answered} times (in slices) before its budget ran out");
    assert!(replay.records.last().unwrap().action.is_none() || replay.records.last().unwrap().player == Some(0));
    kibitz_core::verify::verify(&replay).unwrap();
}

#[test]
fn broken_maps_and_wrong_bot_counts_are_refused_before_any_bot_runs() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "p..\n.b.\n...\nsnake 0 0 1 1\n").unwrap();
    let output =
        run(kibitz().args(["match", "snakecore", "--map"]).arg(&bad).arg("--out").arg(dir.path().join("x.jsonl")).args(["--", "true"]));
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("bad.txt: line 4: (1, 1) does not touch (0, 0)"), "{}", stderr(&output));
    let map = workspace().join("maps/snakecore/duel.txt");
    let output =
        run(kibitz().args(["match", "snakecore", "--map"]).arg(&map).arg("--out").arg(dir.path().join("y.jsonl")).args(["--", "true"]));
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("the map has 2 pythons, so 2 players, not 1"), "{}", stderr(&output));
    assert!(!dir.path().join("y.jsonl").exists(), "nothing was recorded");
}

/// A scripted bot: `name_sleep` seconds before its name, then for turn n (from 1) `answer n`
/// (a shell expression of `$n` printing the answer, after whatever sleep it chooses).
fn scripted(name_sleep: &str, answer: &str) -> String {
    format!(
        "n=0; while IFS= read -r line; do case \"$line\" in getName) sleep {name_sleep}; echo Scripted;; getAction) n=$((n+1)); {answer};; esac; done"
    )
}

fn scripted_match(dir: &std::path::Path, extra: &[&str], bots: [String; 2]) -> (serde_json::Value, Replay<SnakeCore>) {
    let out = dir.join("scripted.jsonl");
    let map = workspace().join("maps/snakecore/duel.txt");
    let output = run(kibitz()
        .args(["match", "snakecore", "--turns", "6", "--map"])
        .arg(&map)
        .arg("--out")
        .arg(&out)
        .args(extra)
        .arg("--")
        .args(&bots));
    assert!(output.status.success(), "{}", stderr(&output));
    let replay = Replay::<SnakeCore>::parse(&std::fs::read_to_string(&out).unwrap()).unwrap().replay;
    kibitz_core::verify::verify(&replay).unwrap();
    (summary(&output), replay)
}

#[test]
fn an_answer_outside_the_six_letters_disqualifies_the_bot_and_its_python_stays_put() {
    let dir = tempfile::tempdir().unwrap();
    // Bot 0 passes twice, then answers X; bot 1 answers " L " with white space around it.
    let x_on_third = scripted("0", "if [ $n -eq 3 ]; then echo X; else echo N; fi");
    let spaced = scripted("0", "echo ' L '");
    let (summary, replay) = scripted_match(dir.path(), &[], [x_on_third, spaced]);
    let failed = summary["failed"].as_array().unwrap();
    assert_eq!(failed.len(), 1, "only the bot that sent X: {summary}");
    assert_eq!(failed[0]["player"], 0);
    let reason = failed[0]["reason"].as_str().unwrap();
    assert!(reason.contains("sent \"X\"") && reason.contains("U L D R N A"), "{reason}");
    let acts: Vec<_> = replay.records.iter().filter(|r| r.player == Some(0)).collect();
    assert_eq!(acts.len(), 6, "its python keeps its turns");
    assert!(acts[..2].iter().all(|r| r.action.is_some()), "two passes answered");
    assert!(acts[2..].iter().all(|r| r.action.is_none()), "from the third turn on, never asked again");
    assert!(acts[2].failed.is_some(), "failed at its third turn");
    let theirs: Vec<_> = replay.records.iter().filter(|r| r.player == Some(1)).collect();
    assert!(theirs.iter().all(|r| r.action.is_some() && r.failed.is_none()), "' L ' is an answer");
}

#[test]
fn the_total_thinking_time_counts_the_name_too() {
    let dir = tempfile::tempdir().unwrap();
    // A total of 3 s: 1.6 s for the name and 0.5 s a turn use it up on the third turn (0.4 s
    // of slack for the processes); the same 1.5 s over three turns alone, after a quick name,
    // leave room to play on.
    let slow_name = scripted("1.6", "sleep 0.5; echo N");
    let slow_turns = scripted("0", "if [ $n -le 3 ]; then sleep 0.5; fi; echo N");
    let (summary, replay) = scripted_match(dir.path(), &["--total-ms", "3000"], [slow_name, slow_turns]);
    let failed = summary["failed"].as_array().unwrap();
    assert_eq!(failed.len(), 1, "{summary}");
    assert_eq!(failed[0]["player"], 0);
    assert!(failed[0]["reason"].as_str().unwrap().contains("total thinking time"), "{summary}");
    let acts: Vec<_> = replay.records.iter().filter(|r| r.player == Some(0)).collect();
    let turns: Vec<_> = acts.iter().map(|r| (r.action.is_some(), r.failed.is_some())).collect();
    assert_eq!(turns[..3], [(true, false), (true, false), (false, true)], "failed on its third turn");
}

#[test]
fn a_replay_written_under_the_first_rules_is_refused_naming_the_version() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(workspace().join("replays/snakecore-four.jsonl")).unwrap();
    let old = dir.path().join("old.jsonl");
    let (header, body) = text.split_once('\n').unwrap();
    assert!(header.contains("\"rules_version\":2"), "{header}");
    std::fs::write(&old, format!("{}\n{body}", header.replace("\"rules_version\":2", "\"rules_version\":1"))).unwrap();
    let output = verify(&old);
    assert!(!output.status.success());
    let said = stderr(&output) + &stdout(&output);
    assert!(said.contains("rules version 1") && said.contains("version 2"), "{said}");
    assert!(!said.contains("ok"), "{said}");
}
