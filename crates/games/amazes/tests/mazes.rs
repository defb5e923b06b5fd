//! The maze file format: the official mazes, start lines, located errors, and our generator.

mod common;

use common::*;
use kibitz_amazes::generate::start_candidates;
use kibitz_amazes::maze::MIN_START_DISTANCE2;
use kibitz_amazes::{Dir, Maze, choose_starts, generate};

#[test]
fn the_ten_official_mazes_load_validate_and_round_trip() {
    let Some(mazes) = reference_mazes() else { return };
    assert_eq!(mazes.len(), 10);
    for (name, text) in &mazes {
        let maze = Maze::parse(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        maze.validate().unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(maze.starts, None, "{name}");
        assert_eq!(&maze.to_text(), text, "{name} is written back byte for byte");
        assert!((675..=678).contains(&maze.openings()), "{name}: {} openings", maze.openings());
    }
}

#[test]
fn the_official_measurements_are_reproduced() {
    let Some(mazes) = reference_mazes() else { return };
    // From shared/reference/amazes/README.md.
    let expected = [(676, 142), (678, 127), (676, 151), (677, 145), (675, 144), (675, 144), (675, 149), (677, 139), (676, 147), (678, 130)];
    for ((name, text), (openings, dead_ends)) in mazes.iter().zip(expected) {
        let maze = Maze::parse(text).unwrap();
        assert_eq!((maze.openings(), maze.dead_ends()), (openings, dead_ends), "{name}");
    }
}

#[test]
fn start_lines_are_read_before_the_maze() {
    let Some(mazes) = reference_mazes() else { return };
    let plain = Maze::parse(&mazes[0].1).unwrap();
    let (red, blue) = (facing_with_open_back(&plain, sq(0, 0)), facing_with_open_back(&plain, sq(24, 24)));
    let text = format!("1 1 {}\n25 25 {}\n{}", red.letter(), blue.letter(), mazes[0].1);
    let maze = Maze::parse(&text).unwrap();
    assert_eq!(maze.starts, Some([at(0, 0, red), at(24, 24, blue)]));
    assert_eq!(maze.to_text(), text);
    // CRLF and a missing final newline.
    let crlf = text.replace('\n', "\r\n");
    assert_eq!(Maze::parse(crlf.trim_end()).unwrap(), maze);
}

/// Replaces the character at 1-based (line, column) of `text`.
fn poke(text: &str, line: usize, column: usize, c: char) -> String {
    text.lines()
        .enumerate()
        .map(|(i, l)| {
            if i + 1 == line {
                l.chars().enumerate().map(|(j, x)| if j + 1 == column { c } else { x }).collect::<String>()
            } else {
                l.to_string()
            }
        })
        .map(|l| l + "\n")
        .collect()
}

fn error(text: &str) -> (usize, Option<usize>, String) {
    let e = Maze::parse(text).expect_err("must be refused");
    (e.line, e.column, e.message)
}

#[test]
fn broken_mazes_are_refused_with_line_and_column() {
    let base = comb().to_text();
    // A hole in the outer edge: top, bottom, left, right.
    for (line, column) in [(1, 10), (51, 2), (8, 1), (30, 51)] {
        let (l, c, m) = error(&poke(&base, line, column, ' '));
        assert_eq!((l, c), (line, Some(column)), "{m}");
        assert!(m.contains("outer edge"), "{m}");
    }
    // A wrong character where a post, a wall or a square belongs.
    for (line, column, c) in [(3, 3, '-'), (3, 4, '|'), (4, 3, '-'), (4, 4, 'x'), (5, 5, '#')] {
        let (l, col, m) = error(&poke(&base, line, column, c));
        assert_eq!((l, col), (line, Some(column)), "{m}");
        assert!(m.contains("expected"), "{m}");
    }
    // Lines too short, too long, missing, extra.
    let edit = |k: usize, f: &dyn Fn(&str) -> String| -> String {
        base.lines().enumerate().map(|(i, l)| if i == k { f(l) } else { format!("{l}\n") }).collect()
    };
    let (l, c, m) = error(&edit(6, &|l| format!("{}\n", &l[..40])));
    assert_eq!((l, c), (7, Some(41)), "{m}");
    assert!(m.contains("too short"), "{m}");
    let (l, c, m) = error(&edit(9, &|l| format!("{l}+\n")));
    assert_eq!((l, c), (10, Some(52)), "{m}");
    assert!(m.contains("too long"), "{m}");
    let (l, c, m) = error(&edit(50, &|_| String::new()));
    assert_eq!((l, c), (51, None), "{m}");
    let (l, c, m) = error(&format!("{base}+-+\n"));
    assert_eq!((l, c), (52, None), "{m}");
    assert!(m.contains("extra line"), "{m}");
    assert_eq!(error("").2, "the maze file is empty");
}

#[test]
fn an_open_corner_is_refused_at_its_post() {
    // In the comb, opening the wall between columns 3 and 4 (1-based) in row 2 leaves the post
    // below row 1 between them with four open edges.
    let text = poke(&comb().to_text(), 4, 7, ' ');
    let (l, c, m) = error(&text);
    assert_eq!((l, c), (3, Some(7)), "{m}");
    assert!(m.contains("corner"), "{m}");
}

#[test]
fn a_cut_off_square_is_refused_where_it_is() {
    // Close the top of column 7 (1-based) under the top corridor: squares of rows 2..25 of that
    // column are cut off; the first of them is named.
    let text = poke(&comb().to_text(), 3, 14, '-');
    let (l, c, m) = error(&text);
    assert_eq!((l, c), (4, Some(14)), "{m}");
    assert!(m.contains("24 of 625 squares are cut off"), "{m}");
    // A single walled-in square, with start lines shifting every line by two.
    let mut maze = comb();
    maze.set_wall(sq(12, 3).edge(Dir::N), true);
    maze.set_wall(sq(12, 3).edge(Dir::S), true);
    maze.starts = Some([at(0, 0, Dir::W), at(24, 24, Dir::S)]);
    let e = maze.validate().unwrap_err();
    assert_eq!((e.line, e.column), (2 + 26, Some(8)), "{e}");
    let e2 = Maze::parse(&maze.to_text()).unwrap_err();
    assert_eq!(e, e2, "validate and parse agree");
}

#[test]
fn bad_start_lines_are_refused() {
    let body = comb().to_text();
    let cases = [
        ("1 1", 1, None, "not understood"),
        ("1  1 E", 1, None, "not understood"),
        ("0 1 E", 1, Some(1), "row"),
        ("26 1 E", 1, Some(1), "row"),
        ("1 x E", 1, Some(3), "column"),
        ("12 1 Q", 1, Some(6), "facing"),
        ("1 1 NE", 1, Some(5), "facing"),
    ];
    for (red, line, column, word) in cases {
        let e = Maze::parse(&format!("{red}\n25 25 S\n{body}")).unwrap_err();
        assert_eq!((e.line, e.column), (line, column), "{red:?}: {e}");
        assert!(e.message.contains(word), "{red:?}: {e}");
    }
    // The comb's (1,1) has the top corridor to the east and column 1 to the south.
    let e = Maze::parse(&format!("1 1 E\n25 25 S\n{body}")).unwrap_err();
    assert_eq!((e.line, e.column), (1, Some(5)), "{e}");
    assert!(e.message.contains("behind"), "{e}");
    // (1,1) to (13,12) is √265 apart: too close. (1,1) to (13,13) is √288 exactly: allowed.
    let e = Maze::parse(&format!("1 1 N\n13 12 S\n{body}")).unwrap_err();
    assert_eq!((e.line, e.column), (2, None), "{e}");
    assert!(e.message.contains("265") && e.message.contains("288"), "{e}");
    assert!(Maze::parse(&format!("1 1 N\n13 13 S\n{body}")).is_ok());
}

#[test]
fn the_maze_serialises_as_its_lines() {
    let mut maze = comb();
    maze.starts = Some([at(0, 0, Dir::N), at(20, 20, Dir::S)]);
    let json = serde_json::to_string(&maze).unwrap();
    assert!(json.starts_with(r#"["1 1 N","21 21 S","+-+-+"#), "{json}");
    assert_eq!(serde_json::from_str::<Maze>(&json).unwrap(), maze);
    let broken = json.replacen("+-+-+", "+ +-+", 1);
    let e = serde_json::from_str::<Maze>(&broken).unwrap_err().to_string();
    assert!(e.contains("line 3, column 2"), "{e}");
}

/// Fewer in debug builds, where this crate is not optimised.
const GENERATED: u64 = if cfg!(debug_assertions) { 1000 } else { 5000 };

#[test]
fn generated_mazes_are_valid_and_resemble_the_official_ones() {
    let mut dead_ends = 0;
    for seed in 0..GENERATED {
        let maze = generate(seed);
        maze.validate().unwrap_or_else(|e| {
            panic!(
                "seed {seed}: {e}
{}",
                maze.to_text()
            )
        });
        assert_eq!(Maze::parse(&maze.to_text()).as_ref(), Ok(&maze), "seed {seed} round-trips");
        assert!((675..=678).contains(&maze.openings()), "seed {seed}: {} openings", maze.openings());
        let [red, blue] = maze.starts.expect("generated mazes have starts");
        assert!(red.square.distance2(blue.square) >= MIN_START_DISTANCE2);
        dead_ends += maze.dead_ends();
    }
    // The official mazes have 127..=151 dead ends, 142 on average.
    let mean = dead_ends as f64 / GENERATED as f64;
    assert!((130.0..=155.0).contains(&mean), "mean dead ends {mean}");
}

#[test]
fn starts_are_deterministic_and_cover_the_allowed_pairs() {
    let Some(mazes) = reference_mazes() else { return };
    let maze = Maze::parse(&mazes[3].1).unwrap();
    assert_eq!(choose_starts(&maze, 42), choose_starts(&maze, 42));
    let candidates = start_candidates(&maze);
    let mut reds = std::collections::HashSet::new();
    for seed in 0..300 {
        let [red, blue] = choose_starts(&maze, seed).unwrap();
        for p in [red, blue] {
            assert!(candidates.contains(&p));
            assert!(!maze.wall(p.square, p.facing.back()), "no wall behind");
        }
        assert!(red.square.distance2(blue.square) >= 288);
        reds.insert(red);
    }
    assert!(reds.len() > 200, "Red's start varies: {} distinct in 300", reds.len());
}
