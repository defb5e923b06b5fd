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
        assert!(said.contains(&format!("'{flag} <")) && said.contains("must be 1 to "), "{args:?}: {said}");
    }
    assert!(!dir.path().join("x.jsonl").exists(), "nothing was played");
}
