//! The README's examples, run as written: every `kibitz …` line of its shell blocks (after the
//! first, which is the two set-up commands) in a fresh folder that holds the repository's maps,
//! replays and docs, with `kibitz` on the PATH. A line that opens a window is run under Xvfb
//! with `--screenshot` added, so that it closes; the few that cannot run here are named below
//! with the reason, and must still be in the README (a renamed example is noticed).

use crate::common::*;
use std::path::Path;
use std::process::Command;

/// Lines that cannot run in a test, by a piece of their text, and why.
const NOT_RUN: [(&str, &str); 6] = [
    ("my_map.txt", "a bot and a map of the reader's own"),
    ("kibitz serve fedrunek", "serves until teams log in over the network (tests/fedrunek_cli.rs serves games)"),
    ("view --follow tcp://", "follows a server's spectator port (tests/follow.rs does)"),
    ("kibitz play fedrunek --n 16", "waits for the human's moves; the take-over line after it is run"),
    ("--stream rtmp://live.twitch.tv", "streams to Twitch (crates/run/video/tests streams to a local RTMP server)"),
    ("kibitz view https://example.org", "a replay on someone's web server (tests/on_air.rs serves one on the loopback)"),
];

/// Verbs that open a window, and so get `--screenshot`.
const WINDOWS: [&str; 5] = ["view", "play", "broadcast", "edit", "export"];

/// The README's example lines, a backslash-continued line joined, comments dropped.
fn examples() -> Vec<String> {
    let readme = std::fs::read_to_string(workspace().join("README.md")).unwrap();
    let mut lines = Vec::new();
    let mut blocks = readme.split("```sh\n").skip(1);
    blocks.next(); // the two set-up commands: CI itself.
    for block in blocks {
        let body = block.split("```").next().unwrap();
        let mut line = String::new();
        for raw in body.lines() {
            let text = raw.split(" # ").next().unwrap().trim_end();
            if let Some(start) = text.strip_suffix('\\') {
                line.push_str(start);
                continue;
            }
            line.push_str(text);
            let whole = std::mem::take(&mut line);
            if whole.trim_start().starts_with("kibitz ") {
                lines.push(whole.trim().to_string());
            }
        }
    }
    lines
}

#[test]
fn every_example_in_the_readme_runs_as_written() {
    let dir = tempfile::tempdir().unwrap();
    let here = dir.path();
    for folder in ["maps", "replays", "docs"] {
        std::os::unix::fs::symlink(workspace().join(folder), here.join(folder)).unwrap();
    }
    let bin = here.join("bin");
    std::fs::create_dir(&bin).unwrap();
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_kibitz"), bin.join("kibitz")).unwrap();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    // One display for the lines that open a window, one window after another.
    let xvfb = have("Xvfb").then(|| Xvfb::start("1920x1080x24"));
    let lines = examples();
    assert!(lines.len() >= 25, "the README's examples: {lines:#?}");
    for (piece, _) in NOT_RUN {
        assert!(lines.iter().any(|l| l.contains(piece)), "{piece:?} is no longer in the README: update NOT_RUN");
    }
    let mut ran = 0;
    for (k, line) in lines.iter().enumerate() {
        if NOT_RUN.iter().any(|(piece, _)| line.contains(piece)) {
            continue;
        }
        // Watching opens a window until it is closed; the match itself is run, for the line
        // that follows its replay.
        let mut line = line.replace(" --watch", "");
        let verb = line.split_whitespace().nth(1).unwrap_or_default();
        let opens_window = WINDOWS.contains(&verb) || line.contains(" --watch");
        if opens_window {
            if xvfb.is_none() {
                eprintln!("\n*** SKIPPING README line {line:?}: Xvfb not found ***\n");
                continue;
            }
            let shot = here.join(format!("shot-{k}.png"));
            match verb {
                // export writes its own pictures; a GIF named in the line is its proof.
                "export" => {}
                _ => line = insert_screenshot(&line, &shot),
            }
        }
        let mut shell = Command::new("sh");
        if let Some(xvfb) = xvfb.as_ref().filter(|_| opens_window) {
            shell.env("DISPLAY", &xvfb.display);
        } else {
            shell.env_remove("DISPLAY");
        }
        let out = shell
            .arg("-c")
            .arg(&line)
            .current_dir(here)
            .env("PATH", &path)
            .env("KIBITZ_CONFIG_DIR", here)
            .env("KIBITZ_DATA_DIR", here)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        assert!(out.status.success(), "README line {line:?} failed ({}):\n{}", out.status, stderr(&out));
        ran += 1;
    }
    assert!(ran >= 20, "{ran} lines ran");
    assert!(Path::new(&here.join("results")).is_dir(), "the tournament ran");
}

/// The line with `--screenshot SHOT` put before its `--` (bots follow it) or at its end.
fn insert_screenshot(line: &str, shot: &Path) -> String {
    let flag = format!("--screenshot {}", shot.display());
    match line.split_once(" -- ") {
        Some((before, bots)) => format!("{before} {flag} -- {bots}"),
        None => format!("{line} {flag}"),
    }
}
