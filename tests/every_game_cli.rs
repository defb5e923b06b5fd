//! What the command line does the same way for every game.

mod common;

use common::*;

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
        assert!(said.contains(&format!("'{flag} <")) && said.contains("must be at least 1"), "{args:?}: {said}");
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
