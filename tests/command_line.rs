//! What every verb shares on the command line: a file named there that cannot be read is
//! refused before any window opens (one line, exit 2, as `verify` refuses it), a damaged
//! replay is never called "ok", and the help lists what belongs where.

use crate::common::*;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// `kibitz` with no display to open a window on: a verb that opened one before refusing its
/// file fails some other way instead of waiting for a window to be closed.
fn without_a_display() -> Command {
    let mut cmd = kibitz();
    cmd.env_remove("DISPLAY").env_remove("WAYLAND_DISPLAY");
    cmd
}

/// Files that are no replay: missing, a folder, empty, not JSON, a game this build does not
/// know. Each with its path, in `dir`.
fn unreadable_replays(dir: &Path) -> Vec<PathBuf> {
    let missing = dir.join("nosuch.jsonl");
    let folder = dir.join("folder.jsonl");
    fs::create_dir(&folder).unwrap();
    let empty = dir.join("empty.jsonl");
    fs::write(&empty, "").unwrap();
    let garbage = dir.join("garbage.jsonl");
    fs::write(&garbage, "this is not a replay\n").unwrap();
    let unknown = dir.join("chess.jsonl");
    fs::write(&unknown, "{\"kibitz_replay\":1,\"game\":\"chess\",\"rules_version\":1}\n").unwrap();
    vec![missing, folder, empty, garbage, unknown]
}

/// Exit 2 with one line on stderr naming `file`, and nothing on stdout.
fn refused_naming(o: &Output, file: &Path, what: &str) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "{what} {}: {err}", file.display());
    assert_eq!(err.trim_end().lines().count(), 1, "{what} {}: one line: {err}", file.display());
    assert!(err.contains(&file.display().to_string()), "{what} {}: the file is named: {err}", file.display());
    assert!(stdout(o).is_empty(), "{what}: {}", stdout(o));
}

#[test]
fn view_refuses_a_replay_it_cannot_read_before_any_window() {
    let dir = tempfile::tempdir().unwrap();
    for file in unreadable_replays(dir.path()) {
        let o = run(without_a_display().arg("view").arg(&file));
        refused_naming(&o, &file, "view");
        // As `verify` refuses it.
        assert_eq!(verify(&file).status.code(), Some(2), "verify {}", file.display());
    }
}

#[test]
fn export_refuses_a_file_that_is_not_a_replay_as_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let gif = dir.path().join("x.gif");
    for file in unreadable_replays(dir.path()) {
        let o = run(without_a_display().arg("export").arg(&file).arg("--gif").arg(&gif));
        refused_naming(&o, &file, "export");
        assert!(!gif.exists());
    }
    let garbage = dir.path().join("garbage.jsonl");
    let o = run(without_a_display().arg("export").arg(&garbage).arg("--gif").arg(&gif));
    assert!(stderr(&o).contains("line 1"), "where in the file: {}", stderr(&o));
}

#[test]
fn broadcast_refuses_a_replay_or_folder_it_cannot_read_before_any_window() {
    let dir = tempfile::tempdir().unwrap();
    let files = unreadable_replays(dir.path());
    // The folder is a playlist of its replays; the others are one replay each.
    for file in files.iter().filter(|f| !f.is_dir()) {
        let o = run(without_a_display().arg("broadcast").arg(file));
        refused_naming(&o, file, "broadcast");
    }
    for missing in [dir.path().join("no-folder"), dir.path().join("evening.ron")] {
        let o = run(without_a_display().arg("broadcast").arg(&missing));
        refused_naming(&o, &missing, "broadcast");
    }
}

#[test]
fn a_replay_cut_inside_a_line_is_damaged_and_never_ok() {
    let dir = tempfile::tempdir().unwrap();
    let text = fs::read_to_string(workspace().join("replays/lighthouses-duel.jsonl")).unwrap();
    // Cut in the middle of line 100.
    let start: usize = text.lines().take(99).map(|l| l.len() + 1).sum();
    let line = text.lines().nth(99).unwrap();
    let cut = dir.path().join("cut.jsonl");
    fs::write(&cut, &text.as_bytes()[..start + line.len() / 2]).unwrap();
    let o = verify(&cut);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(!stdout(&o).contains("ok"), "a damaged replay is not ok: {}", stdout(&o));
    let err = stderr(&o);
    let first = err.lines().next().unwrap_or_default();
    assert!(first.starts_with(&format!("{}: damaged at line 100", cut.display())), "the damage first: {err}");
    assert!(first.contains("the 98 steps before it were checked and agree with the rules"), "{err}");
}

/// The lines of `help` under `heading` (a line that starts with it), up to the next heading.
fn section<'a>(help: &'a str, heading: &str) -> Vec<&'a str> {
    let mut lines = help.lines().skip_while(|l| !l.starts_with(heading));
    assert!(lines.next().is_some(), "no {heading:?} in\n{help}");
    lines.take_while(|l| l.is_empty() || l.starts_with(' ')).collect()
}

/// The help of one option: its line and the lines indented deeper after it (its text, when
/// it does not fit beside the option).
fn entry(help: &str, option: &str) -> String {
    fn indent(line: &str) -> usize {
        line.len() - line.trim_start().len()
    }
    let mut lines = help.lines().skip_while(|l| !l.trim_start().starts_with(&format!("{option} ")));
    let first = lines.next().unwrap_or_else(|| panic!("no {option} in\n{help}"));
    let rest = lines.take_while(|l| !l.trim().is_empty() && indent(l) > indent(first));
    std::iter::once(first).chain(rest).collect::<Vec<_>>().join(" ")
}

fn help(args: &[&str]) -> String {
    let o = run(kibitz().args(args));
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    stdout(&o)
}

#[test]
fn every_games_bot_help_lists_its_strategies_each_with_what_it_does() {
    let mut listed = 0;
    for room in kibitz::games::registry().rooms() {
        let strategies = room.capabilities().bots.map_or(&[][..], |b| b.strategies);
        if strategies.is_empty() {
            let o = run(kibitz().args(["bot", room.id(), "--help"]));
            assert_eq!(o.status.code(), Some(2), "{} has no sample bots, so no `bot` subcommand", room.id());
            continue;
        }
        let text = help(&["bot", room.id(), "--help"]);
        let rows = section(&text, "Strategies:");
        for (name, about) in strategies {
            assert!(!about.trim().is_empty(), "{} {name} says what it does", room.id());
            let row = rows.iter().find(|l| l.split_whitespace().next() == Some(name));
            let row = row.unwrap_or_else(|| panic!("{} {name} is not listed:\n{text}", room.id()));
            assert_eq!(row.split_whitespace().skip(1).collect::<Vec<_>>().join(" "), *about, "{} {name}: one line each", room.id());
        }
        assert_eq!(rows.iter().filter(|l| !l.trim().is_empty()).count(), strategies.len(), "{text}");
        listed += 1;
    }
    assert!(listed >= 6, "the games with sample bots: {listed}");
    // The verb's own help says where to look.
    assert!(help(&["bot", "--help"]).contains("kibitz bot GAME --help"));
}

#[test]
fn a_verbs_list_of_games_has_no_help_among_them() {
    for verb in ["match", "play", "serve", "bot"] {
        let games = section(&help(&[verb, "--help"]), "Games:").join("\n");
        assert!(games.contains("lighthouses") || games.contains("fedrunek"), "{verb}: {games}");
        assert!(!games.lines().any(|l| l.trim_start().starts_with("help")), "{verb} lists help as a game:\n{games}");
    }
}

#[test]
fn a_heading_holds_only_its_own_options() {
    let lighthouses = help(&["match", "lighthouses", "--help"]);
    let limits = section(&lighthouses, "Time limits").join("\n");
    assert!(limits.contains("--turn-hard-ms"), "{limits}");
    assert!(!limits.contains("--watch") && !limits.contains("BOT"), "only time limits under Time limits:\n{limits}");
    assert!(lighthouses.contains("--watch"), "{lighthouses}");
    let fedrunek = help(&["match", "fedrunek", "--help"]);
    let asteroid = section(&fedrunek, "The asteroid").join("\n");
    assert!(!asteroid.contains("--watch") && !asteroid.contains("CLIENT"), "only the asteroid under The asteroid:\n{asteroid}");
}

#[test]
fn wycinankas_two_turn_counts_each_say_how_they_differ() {
    let wycinanka = help(&["match", "wycinanka", "--help"]);
    assert!(entry(&wycinanka, "--turns").contains("--game-turns"), "{wycinanka}");
    assert!(entry(&wycinanka, "--game-turns").contains("--turns"), "{wycinanka}");
    assert!(entry(&wycinanka, "--game-turns").contains("TIME TO CUT"), "{wycinanka}");
}

#[test]
fn view_help_names_every_games_look() {
    let view = entry(&help(&["view", "--help"]), "--look");
    assert!(view.contains("cut=") && view.contains("order=ID"), "{view}");
}

#[test]
fn lighthouses_has_one_name_in_every_help() {
    let name = "Lighthouses (Faros Laser, Euskal Encounter 21)";
    for args in [&["--help"][..], &["match", "--help"], &["match", "lighthouses", "--help"]] {
        assert!(help(args).contains(name), "{args:?}");
    }
}

/// The binary is the command line without the window: position independent (so the system
/// places it anywhere: address-space layout randomisation), and the window is a library of its
/// own that only the verbs opening one load. Without that library, those verbs say where they
/// looked (exit 2) and every headless verb still works.
#[test]
fn the_binary_is_position_independent_and_loads_the_window_only_for_a_window() {
    // ELF header: e_type (2 bytes at offset 16) is 3 (ET_DYN) for a PIE and a shared library.
    let elf_type = |path: &Path| {
        let bytes = fs::read(path).unwrap();
        assert_eq!(&bytes[..4], b"\x7fELF", "{} is an ELF file", path.display());
        u16::from_le_bytes([bytes[16], bytes[17]])
    };
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_kibitz"));
    assert_eq!(elf_type(&binary), 3, "the binary is position independent");
    // Beside it (`cargo build` puts it there), or in `deps` beside it (a test build's).
    let dir = binary.parent().unwrap();
    let library = [dir.join("libkibitz.so"), dir.join("deps").join("libkibitz.so")].into_iter().find(|p| p.is_file());
    let library = library.unwrap_or_else(|| panic!("no libkibitz.so beside {} or in its deps", binary.display()));
    assert_eq!(elf_type(&library), 3, "the window's library is position independent");
    let nowhere = "/nonexistent/libkibitz.so";
    for args in [&["view", "replays/lighthouses-demo.jsonl"][..], &["play", "lighthouses", "--help"], &[]] {
        let o = run(kibitz().args(args).env("KIBITZ_WINDOW_LIBRARY", nowhere).current_dir(workspace()));
        assert_eq!(o.status.code(), Some(2), "kibitz {args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(nowhere) && stderr(&o).contains("opens a window"), "kibitz {args:?}: {}", stderr(&o));
    }
    let verified =
        run(kibitz().args(["verify", "replays/lighthouses-demo.jsonl"]).env("KIBITZ_WINDOW_LIBRARY", nowhere).current_dir(workspace()));
    assert!(verified.status.success(), "{}", stderr(&verified));
    let help = run(kibitz().arg("--help").env("KIBITZ_WINDOW_LIBRARY", nowhere));
    assert!(help.status.success() && stdout(&help).contains("view") && stdout(&help).contains("edit"), "{}", stdout(&help));
}

/// `export --last-rounds N` counts rounds from the end: none is no range, refused before any
/// window (it was an index past the rounds' starts).
#[test]
fn export_refuses_no_closing_rounds() {
    for n in ["0", "-1", "4294967296"] {
        let o = run(without_a_display()
            .args(["export", "replays/lighthouses-duel.jsonl", "--gif", "x.gif", "--last-rounds", n])
            .current_dir(workspace()));
        assert_eq!(o.status.code(), Some(2), "--last-rounds {n}: {}", stderr(&o));
        assert!(stderr(&o).contains("--last-rounds") || stderr(&o).contains(n), "--last-rounds {n}: {}", stderr(&o));
    }
}
