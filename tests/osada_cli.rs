//! `kibitz match osada` end to end: our defender against a client that only waits, a series
//! whose runs share a settlement, settlement files, and bad input refused before anything runs.

use crate::common::*;
use kibitz_core::replay::Replay;
use kibitz_osada::{Next, Osada};

fn defender() -> String {
    format!("'{}' bot osada defender", env!("CARGO_BIN_EXE_kibitz"))
}

/// A client that logs in and only ever sends `WAIT`.
fn waiter(dir: &std::path::Path) -> String {
    let path = dir.join("waiter.py");
    std::fs::write(
        &path,
        "import socket, sys\n\
         host, port, login, password = sys.argv[-4:]\n\
         s = socket.create_connection((host, int(port)))\n\
         r, w = s.makefile('r'), s.makefile('w')\n\
         for send in (None, login, password):\n\
         \x20   if send is not None:\n\
         \x20       w.write(send + '\\n'); w.flush()\n\
         \x20   r.readline()\n\
         while True:\n\
         \x20   w.write('WAIT\\n'); w.flush()\n\
         \x20   if not r.readline() or not r.readline():\n\
         \x20       break\n",
    )
    .unwrap();
    format!("python3 '{}'", path.display())
}

#[test]
fn our_defender_scores_more_glory_than_a_client_that_only_waits_on_nine_seeds_of_ten() {
    let dir = tempfile::tempdir().unwrap();
    let mut wins = Vec::new();
    for seed in 1..=10u64 {
        let out = dir.path().join(format!("siege-{seed}.jsonl"));
        let output = run(kibitz()
            .args(["match", "osada", "--n", "128", "--profile", "thieves", "--game-turns", "150", "--turn-ms", "30"])
            .args(["--seed", &seed.to_string(), "--out"])
            .arg(&out)
            .arg("--")
            .args([defender(), waiter(dir.path())]));
        assert!(output.status.success(), "{}", stderr(&output));
        let scores = summary_scores(&summary(&output));
        assert_eq!(summary_scores(&summary(&output)), verified_scores(&out), "match and verify print the same figures");
        wins.push((scores[0] > scores[1], scores));
    }
    let won = wins.iter().filter(|(w, _)| *w).count();
    assert!(won >= 9, "the defender won {won} of 10: {wins:?}");
}

#[test]
fn a_series_of_four_games_keeps_each_settlement_for_two_and_every_replay_verifies_on_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("series.jsonl");
    let output = run(kibitz()
        .args(["match", "osada", "--n", "64", "--games", "4", "--games-per-settlement", "2", "--game-turns", "3", "--turn-ms", "40"])
        .args(["--seed", "5", "--out"])
        .arg(&out)
        .arg("--")
        .arg(defender()));
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(summary(&output)["failed"], serde_json::json!([]), "the defender follows the series to its end");
    let mut settlements = Vec::new();
    for game in 1..=4 {
        let path = dir.path().join(format!("series-g{game}.jsonl"));
        let verify = run(kibitz().arg("verify").arg(&path));
        assert!(verify.status.success(), "game {game}: {}", stderr(&verify));
        let replay = Replay::<Osada>::parse(&std::fs::read_to_string(&path).unwrap()).unwrap().replay;
        let run_ = replay.header.setup.game.run.expect("the game's place in its run");
        assert_eq!(run_.next, if game % 2 == 1 { Next::Stay } else { Next::Go }, "game {game}");
        for r in &replay.records {
            if r.action.as_ref().is_some_and(|a| a.line.trim() == "TIME TO FIGHT") {
                let next = if game % 2 == 1 { "STAY" } else { "GO" };
                assert!(r.outcome.lines().get(1).is_some_and(|l| l.ends_with(next)), "game {game}: {:?}", r.outcome);
            }
        }
        let from = run(kibitz().args(["settlement", "from"]).arg(&path));
        assert!(from.status.success(), "{}", stderr(&from));
        settlements.push(stdout(&from));
    }
    assert_eq!(settlements[0], settlements[1]);
    assert_eq!(settlements[2], settlements[3]);
    assert_ne!(settlements[0], settlements[2]);
}

#[test]
fn a_settlement_file_is_written_checked_played_and_read_back_from_the_replay() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mine.txt");
    let generate = run(kibitz().args(["settlement", "generate", "--n", "64", "--teams", "2", "--seed", "4", "--out"]).arg(&file));
    assert!(generate.status.success(), "{}", stderr(&generate));
    let check = run(kibitz().args(["settlement", "check"]).arg(&file));
    assert!(check.status.success() && stdout(&check).contains("a valid settlement; 64 × 64"), "{}", stdout(&check));
    let out = dir.path().join("on-file.jsonl");
    let output = run(kibitz()
        .args(["match", "osada", "--game-turns", "3", "--turn-ms", "30", "--settlement"])
        .arg(&file)
        .arg("--out")
        .arg(&out)
        .arg("--")
        .args([defender(), defender()]));
    assert!(output.status.success(), "{}", stderr(&output));
    let from = run(kibitz().args(["settlement", "from"]).arg(&out));
    assert_eq!(stdout(&from), std::fs::read_to_string(&file).unwrap());
    // Every bundled settlement is valid.
    for entry in std::fs::read_dir(workspace().join("maps/osada")).unwrap() {
        let path = entry.unwrap().path();
        let check = run(kibitz().args(["settlement", "check"]).arg(&path));
        assert!(check.status.success(), "{}: {}", path.display(), stderr(&check));
    }
}

#[test]
fn bad_parameters_and_broken_settlements_are_refused_before_anything_runs_naming_the_fault() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("x.jsonl");
    let broken = dir.path().join("broken.txt");
    let mut text: String = (0..64).map(|_| ".".repeat(64) + "\n").collect();
    text.replace_range(65 * 6 + 2..65 * 6 + 3, "x");
    std::fs::write(&broken, text).unwrap();
    let broken = broken.to_str().unwrap().to_string();
    for (args, said) in [
        (vec!["match", "osada", "--n", "63"], "'63' for '--n <N>': must be 64 to 512"),
        (vec!["match", "osada", "--stormtroopers", "0"], "'0' for '--stormtroopers <STORMTROOPERS>': must be 1 to 25"),
        (vec!["match", "osada", "--snipers", "26"], "'26' for '--snipers <SNIPERS>'"),
        (vec!["match", "osada", "--profile", "pirates"], "expected slashers, thieves or marauders"),
        (vec!["match", "osada", "--move-coords", "diagonal"], "expected absolute or relative"),
        (vec!["match", "osada", "--games-per-settlement", "3-2"], "--games-per-settlement"),
        (vec!["match", "osada", "--settlement", broken.as_str()], "line 7, column 3: 'x' is not a field"),
    ] {
        let o = run(kibitz().args(&args).arg("--out").arg(&out).args(["--", "true"]));
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(said), "{args:?}: {}", stderr(&o));
    }
    let o = run(kibitz().args(["serve", "osada", "--teams", "teams.ron", "--n", "600", "--out"]).arg(&out));
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("'600' for '--n <N>': must be 64 to 512"), "{}", stderr(&o));
    // Ten teams on a 64 × 64 settlement: nine masts fit.
    let o = run(kibitz().args(["match", "osada", "--n", "64", "--out"]).arg(&out).arg("--").args(vec!["true"; 10]));
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("at most 9 fit on a 64 × 64 settlement"), "{}", stderr(&o));
    // Too few masts for the teams.
    let lonely = workspace().join("maps/osada/seed-example.txt");
    let o = run(kibitz().args(["match", "osada", "--settlement"]).arg(&lonely).arg("--out").arg(&out).args(["--", "true", "true"]));
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("the settlement has 1 mast(s), and 2 teams play"), "{}", stderr(&o));
    let o = run(kibitz().args(["settlement", "check", broken.as_str()]));
    assert_eq!(o.status.code(), Some(2));
    assert!(!out.exists(), "nothing was played");
}

#[test]
fn our_clients_find_out_that_a_server_reads_moves_as_offsets_and_play_on() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("relative.jsonl");
    let python = format!("python3 '{}'", workspace().join("docs/clients/osada.py").display());
    let output = run(kibitz()
        .args(["match", "osada", "--n", "64", "--move-coords", "relative", "--game-turns", "40", "--turn-ms", "40", "--out"])
        .arg(&out)
        .arg("--")
        .args([defender(), python]));
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(summary(&output)["failed"], serde_json::json!([]));
    let replay = Replay::<Osada>::parse(&std::fs::read_to_string(&out).unwrap()).unwrap().replay;
    for team in 0..2 {
        let moved = replay.records.iter().filter(|r| {
            r.player == Some(team)
                && r.action.as_ref().is_some_and(|a| a.line.starts_with("MOVE"))
                && r.outcome.lines().first() == Some("OK")
        });
        assert!(moved.count() > 5, "team {} moved its troops", team + 1);
    }
}

#[test]
fn a_look_at_a_field_off_the_settlement_is_refused_with_the_range() {
    let replay = workspace().join("replays/osada-defender-vs-python.jsonl");
    for look in ["field=0,5", "field=129,1", "field=3", "zoom=2"] {
        let o = run(kibitz().arg("view").arg(&replay).args(["--look", look, "--screenshot", "/nonexistent/x.png"]));
        assert_eq!(o.status.code(), Some(2), "{look}: {}", stderr(&o));
        assert!(stderr(&o).contains(look), "{look}: {}", stderr(&o));
        if look.starts_with("field=") {
            assert!(stderr(&o).contains("from 1 to 128"), "{look}: {}", stderr(&o));
        }
    }
}

#[test]
fn a_replay_whose_round_reports_lack_their_events_still_opens_and_verify_says_where_it_differs() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(workspace().join("replays/osada-defender-vs-python.jsonl")).unwrap();
    // Every round end's report cut down to nothing.
    let cut: Vec<String> = text
        .lines()
        .map(|l| match l.find(r#""report":{"#) {
            Some(at) if l.contains(r#""turn":{"turn""#) => {
                let over = &l[l.rfind(r#","over":"#).unwrap()..];
                format!("{}\"report\":{{}}{over}", &l[..at])
            }
            _ => l.to_string(),
        })
        .collect();
    let path = dir.path().join("cut.jsonl");
    std::fs::write(&path, cut.join("\n") + "\n").unwrap();
    let loaded = kibitz_osada::load_replay(&std::fs::read_to_string(&path).unwrap()).expect("it opens");
    assert!(loaded.damage.is_none(), "{:?}", loaded.damage);
    let verify = run(kibitz().arg("verify").arg(&path));
    assert_eq!(verify.status.code(), Some(1), "{}", stdout(&verify));
    assert!(stdout(&verify).contains("disagrees") || stderr(&verify).contains("disagrees"), "{}{}", stdout(&verify), stderr(&verify));
}
