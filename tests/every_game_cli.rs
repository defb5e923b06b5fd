//! What the command line does the same way for every game.

use crate::common::*;

#[test]
fn no_turns_is_refused_by_every_game_naming_the_flag() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("x.jsonl");
    let maps = workspace().join("maps");
    let (duel, snakes) = (maps.join("lighthouses/duel.txt"), maps.join("snakecore/duel.txt"));
    let (duel, snakes, out) = (duel.to_str().unwrap(), snakes.to_str().unwrap(), out.to_str().unwrap());
    for (args, flag) in [
        (&["match", "lighthouses", "--map", duel, "--rounds", "0", "--out", out, "--", "true", "true"][..], "--rounds"),
        (&["play", "lighthouses", "--map", duel, "--rounds", "0", "--out", out, "--", "true"][..], "--rounds"),
        (&["match", "fedrunek", "--turns", "0", "--out", out, "--", "true"][..], "--turns"),
        (&["match", "fedrunek", "--turn-ms", "0", "--out", out, "--", "true"][..], "--turn-ms"),
        (&["play", "fedrunek", "--turns", "0", "--out", out][..], "--turns"),
        (&["match", "snakecore", "--map", snakes, "--turns", "0", "--out", out, "--", "true", "true"][..], "--turns"),
        (&["match", "snakecore", "--map", snakes, "--games", "0", "--out", out, "--", "true", "true"][..], "--games"),
        (&["match", "wycinanka", "--game-turns", "0", "--out", out, "--", "true"][..], "--game-turns"),
        (&["serve", "wycinanka", "--teams", "teams.ron", "--turns", "0", "--out", out][..], "--turns"),
    ] {
        let o = run(kibitz().args(args));
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        let said = stderr(&o);
        assert!(said.contains(&format!("'{flag} <")) && said.contains("must be 1 to "), "{args:?}: {said}");
    }
    assert!(!dir.path().join("x.jsonl").exists(), "nothing was played");
}

#[test]
fn a_seat_that_is_not_there_and_a_speed_the_playback_has_not_are_refused_for_every_bundled_replay() {
    let dir = tempfile::tempdir().unwrap();
    let shot = dir.path().join("x.png");
    let mut replays: Vec<_> = std::fs::read_dir(workspace().join("replays"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    replays.sort();
    assert!(replays.len() >= 7, "a replay of every game");
    for replay in &replays {
        // Refused before any window: no display is needed to be told.
        let o = run(kibitz().arg("view").arg(replay).args(["--perspective", "9", "--screenshot"]).arg(&shot).env_remove("DISPLAY"));
        let said = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{}: {said}", replay.display());
        assert!(said.contains("--perspective 9: this game's seats are 0 ("), "{}: {said}", replay.display());
        assert!(!said.contains("panicked"), "{said}");
    }
    let o = run(kibitz().arg("view").arg(&replays[0]).args(["--speed", "3"]));
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("the speeds are 0.25, 0.5, 1, 2, 4, 8, 16, 32, 64"), "{}", stderr(&o));
    assert!(!shot.exists());
}

/// A bot (or a server game's client) that dies before it says a word has its own message said
/// with its failure, in every game `kibitz match` runs: in the summary's reason, on stderr, and
/// in the replay. A wrong path is the commonest organiser's mistake; Python's "can't open file"
/// is then the only clue.
#[test]
fn a_bot_or_client_that_dies_at_once_says_why_in_every_game() {
    let dir = tempfile::tempdir().unwrap();
    let maps = workspace().join("maps");
    let map = |file: &str| maps.join(file).display().to_string();
    let ours = |game: &str, strategy: &str| format!("'{}' bot {game} {strategy}", env!("CARGO_BIN_EXE_kibitz"));
    // Each game's arguments for a short match, and the bot sitting opposite the one that dies.
    let quick = ["--turn-ms", "300", "--start", "now"];
    let games: Vec<(&str, Vec<String>, Option<String>)> = vec![
        (
            "lighthouses",
            vec!["--map".into(), map("lighthouses/duel.txt"), "--rounds".into(), "3".into()],
            Some(ours("lighthouses", "greedy")),
        ),
        ("snakecore", vec!["--map".into(), map("snakecore/duel.txt"), "--turns".into(), "5".into()], Some(ours("snakecore", "greedy"))),
        ("amazes", vec!["--maze".into(), map("amazes/kibitz-1.txt")], Some(ours("amazes", "explorer"))),
        ("fedrunek", ["--n", "8", "--turns", "2"].iter().chain(&quick).map(|s| s.to_string()).collect(), None),
        ("wycinanka", ["--width", "8", "--height", "8", "--game-turns", "2"].iter().chain(&quick).map(|s| s.to_string()).collect(), None),
        ("osada", ["--n", "64", "--game-turns", "2"].iter().chain(&quick).map(|s| s.to_string()).collect(), None),
    ];
    assert_every_game(
        &games.iter().map(|g| g.0).collect::<Vec<_>>(),
        |c| c.matches.is_some() && c.bots.is_some(),
        "a match of every game with bots or clients",
    );
    for (dying, words) in [("python3 nosuch.py", "can't open file"), ("sh -c 'echo boom >&2; exit 3'", "boom")] {
        for (game, args, opposite) in &games {
            let out = dir.path().join(format!("{game}.jsonl"));
            // A server game's client gets HOST PORT LOGIN PASSWORD appended: `#` leaves them out.
            let dying = if opposite.is_some() { dying.to_string() } else { format!("{dying} #") };
            let bots: Vec<String> = opposite.iter().cloned().chain([dying.clone()]).collect();
            let o = run(kibitz().args(["match", game]).args(args).arg("--out").arg(&out).arg("--").args(&bots));
            assert!(o.status.success(), "{game}: {}", stderr(&o));
            let summary = summary(&o);
            let failed = &summary["failed"];
            assert_eq!(failed.as_array().map(Vec::len), Some(1), "{game} {dying}: {summary}");
            let reason = failed[0]["reason"].as_str().unwrap();
            assert!(reason.contains("; stderr: ") && reason.contains(words), "{game} {dying}: {reason}");
            assert!(stderr(&o).contains(words), "{game} {dying}: {}", stderr(&o));
            let replay = std::fs::read_to_string(&out).unwrap();
            let end: serde_json::Value = serde_json::from_str(replay.lines().last().unwrap()).unwrap();
            assert_eq!(end["end"]["failed"][0]["reason"], reason, "{game} {dying}: the end record says the same");
            if opposite.is_some() {
                // The bot games record the failure on the turn it happened, its stderr with it.
                let marked = replay.lines().find(|l| l.contains("\"failed\":")).unwrap();
                let record: serde_json::Value = serde_json::from_str(marked).unwrap();
                assert!(record["stderr"].to_string().contains(words), "{game} {dying}: {marked}");
            }
            assert!(verify(&out).status.success(), "{game} {dying}");
        }
    }
}

/// What `bot` read and wrote in a real `kibitz match GAME ARGS -- BOT OPPOSITE`, in order: the
/// referee's lines as `> LINE`, the bot's as `< LINE`, logged by a spy between them (each line
/// is logged before it is passed on, so an answer is always logged after what it answers).
fn spied(game: &str, args: &[&str], bot: &str, opposite: &str) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("exchange.txt");
    let log = log.display();
    let spy = format!(
        "while IFS= read -r l; do printf '> %s\\n' \"$l\" >> {log}; printf '%s\\n' \"$l\"; done | {bot} | \
         while IFS= read -r l; do printf '< %s\\n' \"$l\" >> {log}; printf '%s\\n' \"$l\"; done"
    );
    let out = dir.path().join("spied.jsonl");
    let o = run(kibitz().args(["match", game]).args(args).arg("--out").arg(&out).arg("--").args([&spy, opposite]));
    assert!(o.status.success(), "{game}: {}", stderr(&o));
    assert_eq!(summary(&o)["failed"], serde_json::json!([]), "{game}: the spy changes nothing");
    std::fs::read_to_string(dir.path().join("exchange.txt")).unwrap().lines().map(str::to_string).collect()
}

/// The first code block after the heading `## One exchange` of a rules doc.
fn shown_exchange(game: &str) -> Vec<String> {
    let doc = std::fs::read_to_string(workspace().join(format!("docs/rules/{game}.md"))).unwrap();
    let section = doc.split("\n## One exchange").nth(1).unwrap_or_else(|| panic!("docs/rules/{game}.md has no `## One exchange`"));
    let block = section.split("```").nth(1).unwrap_or_else(|| panic!("docs/rules/{game}.md: no code block in `## One exchange`"));
    block.lines().skip(1).map(str::to_string).collect()
}

/// Each bot game's rules doc shows one exchange between the referee and a bot (the greeting,
/// one turn and what follows it) exactly as the referee writes it and as our bot answers: the
/// doc's block is the start of what a spy sees in the match the doc names, so it cannot drift.
#[test]
fn the_exchange_each_bot_games_rules_doc_shows_is_what_the_referee_writes() {
    let maps = workspace().join("maps");
    let ours = |game: &str, strategy: &str, seed: u64| format!("'{}' bot {game} {strategy} --seed {seed}", env!("CARGO_BIN_EXE_kibitz"));
    let lighthouses = maps.join("lighthouses/duel.txt").display().to_string();
    let snakecore = maps.join("snakecore/duel.txt").display().to_string();
    let amazes = maps.join("amazes/kibitz-1.txt").display().to_string();
    let games = [
        ("lighthouses", vec!["--map", &lighthouses, "--rounds", "2"], ours("lighthouses", "greedy", 0), ours("lighthouses", "random", 1)),
        (
            "snakecore",
            vec!["--map", &snakecore, "--turns", "2", "--seed", "1"],
            ours("snakecore", "greedy", 0),
            ours("snakecore", "random", 1),
        ),
        ("amazes", vec!["--maze", &amazes, "--seed", "1"], ours("amazes", "explorer", 0), ours("amazes", "random", 1)),
    ];
    // The bot games: sample bots, and no server of their own.
    assert_every_game(
        &games.iter().map(|g| g.0).collect::<Vec<_>>(),
        |c| c.bots.is_some() && c.server.is_none(),
        "every bot game's exchange",
    );
    for (game, args, bot, opposite) in games {
        let shown = shown_exchange(game);
        assert!(shown.iter().any(|l| l.starts_with("> ")) && shown.iter().any(|l| l.starts_with("< ")), "{game}: {shown:?}");
        let seen = spied(game, &args, &bot, &opposite);
        assert!(seen.len() >= shown.len(), "{game}: the spy saw {seen:?}");
        for (k, (doc, real)) in shown.iter().zip(&seen).enumerate() {
            assert_eq!(doc, real, "docs/rules/{game}.md, line {} of its exchange: what a real match gives", k + 1);
        }
    }
}
