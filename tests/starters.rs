//! `kibitz new`: for every game and both languages, the starter kit is written, built (C++),
//! and the lines of its README are run as written: the match ends with no failure, its replay
//! verifies, and the bot's `#kibitz` drawing is in it.

use crate::common::*;
use std::path::Path;
use std::process::Command;

/// The lines of a kit's README's sh block, `kibitz view` left out (it opens a window).
fn readme_lines(readme: &str) -> Vec<String> {
    let block = readme.split("```sh\n").nth(1).and_then(|b| b.split("```").next()).expect("the README has an sh block");
    block
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with("kibitz view"))
        .map(str::to_string)
        .collect()
}

/// Runs `kibitz new GAME --lang LANG` into a scratch folder and every line of its README there.
fn try_kit(game: &str, lang: &str, bin: &Path) {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path().join("mybot");
    let made = run(kibitz().args(["new", game, "--lang", lang]).arg(&dir));
    assert!(made.status.success(), "{game} {lang}: {}", stderr(&made));
    let readme = std::fs::read_to_string(dir.join("README.md")).unwrap();
    assert!(!readme.contains("{{"), "{game} {lang}: a placeholder left in the README");
    let lines = readme_lines(&readme);
    assert!(lines.iter().any(|l| l.starts_with("kibitz match")), "{game} {lang}: no match line in {lines:?}");
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    for line in &lines {
        let out = run(Command::new("sh").arg("-c").arg(line).current_dir(&dir).env("PATH", &path).stdin(std::process::Stdio::null()));
        assert!(out.status.success(), "{game} {lang}: {line:?} failed ({}):\n{}", out.status, stderr(&out));
    }
    // The replay the README's match wrote: no seat failed, and the bot drew.
    let replay = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).find(|p| p.extension().is_some_and(|e| e == "jsonl"));
    let replay = replay.unwrap_or_else(|| panic!("{game} {lang}: the README's match wrote no replay"));
    let text = std::fs::read_to_string(&replay).unwrap();
    let end = text.lines().rev().find(|l| l.starts_with("{\"end\"")).unwrap_or_else(|| panic!("{game} {lang}: no end record"));
    let end: serde_json::Value = serde_json::from_str(end).unwrap();
    assert_eq!(end["end"]["failed"], serde_json::json!([]), "{game} {lang}: {end}");
    assert!(verify(&replay).status.success(), "{game} {lang}: the replay does not verify");
    // Drawing lines are recorded without their `#kibitz ` prefix, in each step's `draw`.
    assert!(text.contains("\"draw\":["), "{game} {lang}: the starter's drawing is not in the replay");
}

#[test]
fn every_games_starter_plays_a_match_as_its_readme_says_in_both_languages() {
    let cpp = have("g++") && have("make");
    let scratch = tempfile::tempdir().unwrap();
    // `kibitz` on the PATH, as the README's lines call it.
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_kibitz"), scratch.path().join("kibitz")).unwrap();
    let listed = stdout(&run(kibitz().args(["new", "--list"])));
    let games: Vec<&str> = listed.lines().filter_map(|l| l.split_whitespace().next()).collect();
    assert_every_game(&games, |_| true, "a starter kit for every game");
    for game in games {
        try_kit(game, "python", scratch.path());
        if cpp {
            try_kit(game, "cpp", scratch.path());
        }
    }
}

#[test]
fn bad_requests_are_refused_and_nothing_is_written() {
    let scratch = tempfile::tempdir().unwrap();
    let full = scratch.path().join("full");
    std::fs::create_dir(&full).unwrap();
    std::fs::write(full.join("mine.py"), "keep me").unwrap();
    let cases: [(&[&str], &str); 3] = [
        (&["new", "chess", "x"], "no starter for that game"),
        (&["new", "lighthouses", "--lang", "cobol", "x"], "invalid value 'cobol'"),
        (&["new", "lighthouses", "full"], "holds files"),
    ];
    for (args, says) in cases {
        let refused = run(kibitz().args(args).current_dir(scratch.path()));
        assert_eq!(refused.status.code(), Some(2), "{args:?}: {}", stderr(&refused));
        assert!(stderr(&refused).contains(says), "{args:?}: {}", stderr(&refused));
    }
    // No g++ on the PATH: said before anything is written.
    let refused = run(kibitz().args(["new", "lighthouses", "--lang", "cpp", "x"]).current_dir(scratch.path()).env("PATH", scratch.path()));
    assert_eq!(refused.status.code(), Some(2), "{}", stderr(&refused));
    assert!(stderr(&refused).contains("apt-get install g++ make"), "{}", stderr(&refused));
    let left: Vec<_> = std::fs::read_dir(scratch.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left, ["full"], "nothing else was written");
    assert_eq!(std::fs::read_to_string(full.join("mine.py")).unwrap(), "keep me");
}
