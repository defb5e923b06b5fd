//! `kibitz maze` end to end: generated mazes pass the checker, broken ones are refused with
//! where, and the official mazes check out.

mod common;

use common::*;

#[test]
fn a_generated_maze_is_written_with_start_lines_and_checks_out() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("m.txt");
    let out = run(kibitz().args(["maze", "generate", "--seed", "11", "--out", file.to_str().unwrap()]));
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(text.lines().count(), 53, "two start lines and 51 maze lines");
    let again = run(kibitz().args(["maze", "generate", "--seed", "11"]));
    assert_eq!(stdout(&again), text, "the same seed gives the same maze");
    let check = run(kibitz().args(["maze", "check", file.to_str().unwrap()]));
    assert!(check.status.success() && stdout(&check).contains("a valid maze"), "{}", stderr(&check));
}

#[test]
fn a_broken_maze_is_refused_with_its_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("m.txt");
    let text = stdout(&run(kibitz().args(["maze", "generate", "--seed", "2", "--no-starts"])));
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    lines[9].replace_range(4..5, "X");
    std::fs::write(&file, lines.join("\n") + "\n").unwrap();
    let out = run(kibitz().args(["maze", "check", file.to_str().unwrap()]));
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("line 10, column 5"), "{}", stderr(&out));
}

#[test]
fn the_official_mazes_check_out() {
    let Some(reference) = reference() else { return };
    let dir = reference.join("amazes/mazes");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let out = run(kibitz().args(["maze", "check", path.to_str().unwrap()]));
        assert!(out.status.success(), "{}: {}", path.display(), stderr(&out));
        n += 1;
    }
    assert_eq!(n, 10);
}
