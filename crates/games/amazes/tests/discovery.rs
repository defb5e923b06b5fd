//! The discovery rules of seed 004, each on a small hand-built situation, then the seed's own
//! examples: the information example (two walls from the corner rule) and the discovery example
//! of turns 2 to 5.

mod common;

use common::*;
use kibitz_amazes::geom::corner_edges;
use kibitz_amazes::{Dir, EdgeKnowledge, How, Knowledge, Square, State, View};
use std::sync::Arc;

fn walls(k: &mut Knowledge, s: Square, dirs: &[Dir]) {
    for &d in dirs {
        k.learn_wall(s.edge(d));
    }
}

#[test]
fn the_seed_information_example_discovers_nine_squares_and_two_walls_by_the_corner_rule() {
    // "W / W / LLBNW / W": walls ahead, right and left, a corridor of four squares behind.
    let mut k = Knowledge::new();
    let view = View { corridors: ["W", "W", "LLBNW", "W"].map(String::from), distance2: 300 };
    let seen = k.look(at(12, 12, Dir::N), &view);
    // Behind is south; looking south, left is east.
    let expected = [sq(12, 12), sq(13, 12), sq(13, 13), sq(14, 12), sq(14, 13), sq(15, 12), sq(15, 13), sq(15, 11), sq(16, 12)];
    assert_eq!(seen, expected);
    assert_eq!(k.side(sq(12, 12), Dir::N), EdgeKnowledge::Wall);
    assert_eq!(k.side(sq(12, 12), Dir::S), EdgeKnowledge::Open);
    assert_eq!(k.side(sq(16, 12), Dir::S), EdgeKnowledge::Wall, "the final W");
    assert_eq!(k.side(sq(16, 12), Dir::E), EdgeKnowledge::Wall, "N: no opening either side");
    assert_eq!(k.side(sq(13, 12), Dir::W), EdgeKnowledge::Wall);
    let walls_before = k.known_walls().len();
    assert_eq!(k.infer(), vec![], "no square follows");
    // "The two vertical walls are discovered because you know that each corner in the maze is
    // the endpoint of at least one wall": between the squares beyond the first three openings.
    assert_eq!(k.known_walls().len(), walls_before + 2);
    assert_eq!(k.side(sq(13, 13), Dir::S), EdgeKnowledge::Wall);
    assert_eq!(k.side(sq(14, 13), Dir::S), EdgeKnowledge::Wall);
}

#[test]
fn three_known_walls_make_a_dead_end_and_its_fourth_side_an_opening() {
    let mut k = Knowledge::new();
    walls(&mut k, sq(5, 5), &[Dir::N, Dir::E]);
    assert_eq!(k.infer(), vec![], "two walls are not enough");
    walls(&mut k, sq(5, 5), &[Dir::S]);
    assert_eq!(k.infer(), vec![sq(5, 5)]);
    assert!(k.dead_ends().contains(sq(5, 5)));
    assert_eq!(k.side(sq(5, 5), Dir::W), EdgeKnowledge::Open);
    assert!(k.exists().contains(sq(5, 4)), "the square beyond the opening exists");
    assert!(!k.is_discovered(sq(5, 4)), "but is not discovered");
}

#[test]
fn a_discovered_square_is_no_dead_end() {
    // The rules are for squares "not yet discovered": one seen already stays as it is.
    let mut k = Knowledge::new();
    k.discover(sq(5, 5));
    walls(&mut k, sq(5, 5), &[Dir::N, Dir::E, Dir::S]);
    walls(&mut k, sq(5, 4), &[Dir::N, Dir::S]);
    assert_eq!(k.infer(), vec![]);
    assert!(k.dead_ends().is_empty());
    assert_eq!(k.side(sq(5, 5), Dir::W), EdgeKnowledge::Unknown);
}

#[test]
fn two_walls_and_an_opening_to_a_dead_end_make_a_dead_end() {
    let mut k = Knowledge::new();
    walls(&mut k, sq(5, 5), &[Dir::N, Dir::E, Dir::S]);
    walls(&mut k, sq(5, 4), &[Dir::N]);
    assert_eq!(k.infer(), vec![sq(5, 5)], "one wall and a dead end are not enough");
    walls(&mut k, sq(5, 4), &[Dir::S]);
    assert_eq!(k.infer(), vec![sq(5, 4)]);
    assert!(k.dead_ends().contains(sq(5, 4)));
    assert_eq!(k.side(sq(5, 4), Dir::W), EdgeKnowledge::Open, "both openings are discovered");
    assert!(!k.is_discovered(sq(5, 3)));
}

#[test]
fn an_opening_to_a_square_that_is_no_dead_end_does_not_count() {
    let mut k = Knowledge::new();
    k.discover(sq(5, 5));
    k.learn_opening(sq(5, 5).edge(Dir::W));
    walls(&mut k, sq(5, 4), &[Dir::N, Dir::S]);
    assert_eq!(k.infer(), vec![]);
    assert!(!k.is_discovered(sq(5, 4)));
}

#[test]
fn one_wall_and_two_openings_to_dead_ends_make_a_dead_end() {
    let mut k = Knowledge::new();
    walls(&mut k, sq(5, 4), &[Dir::N, Dir::S, Dir::W]);
    walls(&mut k, sq(5, 6), &[Dir::N, Dir::S, Dir::E]);
    let found = k.infer();
    assert_eq!(found.len(), 2, "two dead ends, and the square between them needs its wall: {found:?}");
    assert!(!k.is_discovered(sq(5, 5)));
    walls(&mut k, sq(5, 5), &[Dir::N]);
    assert_eq!(k.infer(), vec![sq(5, 5)]);
    assert_eq!(k.side(sq(5, 5), Dir::S), EdgeKnowledge::Open, "the three openings are discovered");
    assert!(k.exists().contains(sq(6, 5)));
}

#[test]
fn three_openings_to_dead_ends_make_a_dead_end() {
    let mut k = Knowledge::new();
    walls(&mut k, sq(5, 4), &[Dir::N, Dir::S, Dir::W]);
    walls(&mut k, sq(5, 6), &[Dir::N, Dir::S, Dir::E]);
    walls(&mut k, sq(4, 5), &[Dir::N, Dir::E, Dir::W]);
    let found = k.infer();
    assert_eq!(found.len(), 4, "{found:?}");
    assert_eq!(found.last(), Some(&sq(5, 5)));
    assert!(k.dead_ends().contains(sq(5, 5)));
    assert_eq!(k.side(sq(5, 5), Dir::S), EdgeKnowledge::Open, "all four openings are discovered");
}

#[test]
fn a_walled_corridor_is_discovered_to_its_mouth_in_one_information_stage() {
    let mut k = Knowledge::new();
    for c in 3..=8 {
        walls(&mut k, sq(10, c), &[Dir::N, Dir::S]);
    }
    walls(&mut k, sq(10, 3), &[Dir::W]);
    let found = k.infer();
    assert_eq!(found, (3..=8).map(|c| sq(10, c)).collect::<Vec<_>>());
    assert_eq!(k.side(sq(10, 8), Dir::E), EdgeKnowledge::Open);
    assert!(!k.is_discovered(sq(10, 9)), "the mouth has two unknown sides");
}

#[test]
fn three_open_edges_at_a_corner_make_the_fourth_a_wall() {
    let mut k = Knowledge::new();
    let [up, right, down, left] = corner_edges(5, 5);
    k.learn_opening(up);
    k.learn_opening(right);
    k.infer();
    assert_eq!(k.edge(down), EdgeKnowledge::Unknown, "two openings say nothing");
    k.learn_opening(left);
    k.infer();
    assert_eq!(k.edge(down), EdgeKnowledge::Wall);
}

#[test]
fn the_corner_rule_can_complete_a_dead_end() {
    // (8,8) has walls west and south; three openings meet at its north-east corner, so its
    // east side is a wall, and (8,8) is a dead end.
    let mut k = Knowledge::new();
    walls(&mut k, sq(8, 8), &[Dir::W, Dir::S]);
    for e in [sq(7, 8).edge(Dir::E), sq(8, 9).edge(Dir::N), sq(8, 8).edge(Dir::N)] {
        k.learn_opening(e);
    }
    assert_eq!(k.infer(), vec![sq(8, 8)]);
    assert_eq!(k.side(sq(8, 8), Dir::E), EdgeKnowledge::Wall);
}

fn outer(side: Dir) -> Vec<kibitz_amazes::EdgeId> {
    (0..25)
        .map(|k| match side {
            Dir::N => sq(0, k).edge(Dir::N),
            Dir::S => sq(24, k).edge(Dir::S),
            Dir::W => sq(k, 0).edge(Dir::W),
            Dir::E => sq(k, 24).edge(Dir::E),
        })
        .collect()
}

fn all_known(k: &Knowledge, side: Dir) -> bool {
    outer(side).iter().all(|&e| k.edge(e) == EdgeKnowledge::Wall)
}

fn none_known(k: &Knowledge, side: Dir) -> bool {
    outer(side).iter().all(|&e| k.edge(e) == EdgeKnowledge::Unknown)
}

#[test]
fn squares_in_all_25_columns_reveal_the_left_and_right_edges() {
    let mut k = Knowledge::new();
    for c in 0..24 {
        k.discover(sq(10, c));
    }
    k.infer();
    assert!(Dir::ALL.iter().all(|&d| none_known(&k, d)), "24 columns are not enough");
    // A known opening to column 25 is enough: the square there exists.
    k.learn_opening(sq(10, 23).edge(Dir::E));
    k.infer();
    assert!(all_known(&k, Dir::W) && all_known(&k, Dir::E));
    assert!(none_known(&k, Dir::N) && none_known(&k, Dir::S));
    assert!(!k.is_discovered(sq(10, 24)));
}

#[test]
fn squares_in_all_25_rows_reveal_the_top_and_bottom_edges() {
    let mut k = Knowledge::new();
    for r in 1..25 {
        k.discover(sq(r, 10));
    }
    k.infer();
    assert!(Dir::ALL.iter().all(|&d| none_known(&k, d)), "24 rows are not enough");
    k.discover(sq(0, 3));
    k.infer();
    assert!(all_known(&k, Dir::N) && all_known(&k, Dir::S));
    assert!(none_known(&k, Dir::W) && none_known(&k, Dir::E));
}

#[test]
fn a_known_outer_edge_reveals_the_opposite_one() {
    let mut k = Knowledge::new();
    let top = outer(Dir::N);
    for &e in &top[..24] {
        k.learn_wall(e);
    }
    k.infer();
    assert!(none_known(&k, Dir::S), "24 of 25 walls are not the whole edge");
    k.learn_wall(top[24]);
    k.infer();
    assert!(all_known(&k, Dir::S));
    assert!(none_known(&k, Dir::W) && none_known(&k, Dir::E));

    let mut k = Knowledge::new();
    for e in outer(Dir::E) {
        k.learn_wall(e);
    }
    k.infer();
    assert!(all_known(&k, Dir::W) && none_known(&k, Dir::N));
}

#[test]
fn looking_from_anywhere_in_the_official_mazes_learns_only_true_things() {
    let Some(mazes) = reference_mazes() else { return };
    for (name, text) in &mazes {
        let maze = kibitz_amazes::Maze::parse(text).unwrap();
        for s in kibitz_amazes::Square::all().filter(|s| s.index() % 5 == 0) {
            let mut k = Knowledge::new();
            let here = kibitz_amazes::Placement::new(s, Dir::ALL[s.index() % 4]);
            k.look(here, &View::of(&maze, here, sq(0, 0)));
            k.infer();
            knowledge_is_true(&maze, &k).unwrap_or_else(|e| panic!("{name}, from {s}: {e}"));
        }
    }
}

/// The discovery example of seed 004, rebuilt (see `example_maze`): Red learns the top corridor
/// and the long corridor, then steps out of the long corridor's foot, sees "square 0" in the one
/// row it had not found, and the rules unroll along the top edge into both corners.
#[test]
fn the_seed_discovery_example_unrolls_as_described() {
    let maze = Arc::new(example_maze());
    let blue_square = sq(24, 0);
    let blue = kibitz_amazes::Placement::new(blue_square, facing_with_open_back(&maze, blue_square));
    let mut state = State::new(maze.clone(), [at(1, 12, Dir::N), blue], 150);

    // Red's first turn: the crossing of the second row and column 13 (1-based); one step up.
    let report = state.play(0, Some(&moves("F")));
    assert_eq!(report.view.corridors[0], "BW", "the top corridor crosses just ahead");
    assert_eq!(report.view.corridors[2], format!("{}LW", "N".repeat(21)));
    state.play(1, Some(&moves("T")));

    // Red's second turn: the top corridor, with the walls of both corners' dead ends at its ends.
    let report = state.play(0, Some(&moves(&format!("T{}L", "F".repeat(22)))));
    assert_eq!(report.view.corridors[1], format!("{}W", "N".repeat(9)), "east along the top corridor");
    assert_eq!(report.view.corridors[3], format!("{}W", "N".repeat(10)), "west along the top corridor");
    assert_eq!(state.players[0].at, at(23, 13, Dir::E), "a last step to the left");
    state.play(1, Some(&moves("T")));
    let k = &state.players[0].knowledge;
    let exists = k.exists();
    let columns = (0..25).filter(|&c| (0..25).any(|r| exists.contains(sq(r, c)))).count();
    let rows = (0..25).filter(|&r| (0..25).any(|c| exists.contains(sq(r, c)))).count();
    assert_eq!((columns, rows), (23, 24), "23 columns known: no left or right edge yet");
    assert!(none_known(k, Dir::W) && none_known(k, Dir::E) && none_known(k, Dir::S));
    assert_eq!(k.side(sq(0, 1), Dir::E), EdgeKnowledge::Wall, "a wall of the left dead end");
    assert_eq!(k.side(sq(0, 1), Dir::S), EdgeKnowledge::Wall);
    assert_eq!(k.side(sq(0, 22), Dir::W), EdgeKnowledge::Wall, "walls of the right one");
    assert_eq!(k.side(sq(0, 23), Dir::S), EdgeKnowledge::Wall);
    assert!(!k.is_discovered(sq(0, 1)) && !k.is_discovered(sq(0, 22)));

    // Red's third turn (the example's turn 5): square 0 is seen, and the rules take over.
    let report = state.play(0, Some(&moves("T")));
    let seen: Vec<Square> = report.discovered.iter().filter(|d| d.how == How::Seen).map(|d| d.square).collect();
    assert!(seen.contains(&sq(24, 13)), "square 0: {seen:?}");
    let k = &state.players[0].knowledge;
    assert!(all_known(k, Dir::N) && all_known(k, Dir::S), "25 rows: top and bottom edges");
    assert!(all_known(k, Dir::W) && all_known(k, Dir::E), "then 25 columns: left and right edges");
    let mut inferred: Vec<Square> = report.discovered.iter().filter(|d| d.how == How::Inferred).map(|d| d.square).collect();
    inferred.sort();
    let squares_1 = [sq(0, 1), sq(0, 22)];
    let square_2 = sq(0, 23);
    let squares_3 = [sq(0, 0), sq(0, 24)];
    let squares_4 = [sq(1, 0), sq(1, 24)];
    let mut expected: Vec<Square> = squares_1.into_iter().chain([square_2]).chain(squares_3).chain(squares_4).collect();
    expected.sort();
    assert_eq!(inferred, expected);
    assert!(expected.iter().all(|&s| k.dead_ends().contains(s)));
    // "The squares below the squares 4 are not discovered, because they still have two edges
    // the red player knows nothing about."
    for s in [sq(2, 0), sq(2, 24)] {
        assert!(k.exists().contains(s) && !k.is_discovered(s), "{s}");
        let unknown = Dir::ALL.iter().filter(|&&d| k.side(s, d) == EdgeKnowledge::Unknown).count();
        assert_eq!(unknown, 2, "{s}");
    }
    knowledge_is_true(&maze, k).unwrap();
}

/// A turn learns from the corridors walked once per maze ([`Knowledge::look_in`]) exactly what
/// reading the view's letters teaches: the same squares in the same order, the same knowledge,
/// from every placement, whatever the player knew before (nothing, or what a walk of looks
/// taught).
#[test]
fn looking_from_the_walked_corridors_learns_what_reading_the_view_does() {
    for seed in [3, 21, 40] {
        let maze = Arc::new(kibitz_amazes::generate(seed));
        let sight = kibitz_amazes::sight::Sight::new(maze.clone());
        let mut by_letters = Knowledge::new();
        let mut walked = Knowledge::new();
        for (i, s) in kibitz_amazes::Square::all().enumerate() {
            for facing in Dir::ALL {
                let here = kibitz_amazes::Placement::new(s, facing);
                let (mut fresh_letters, mut fresh_walked) = (Knowledge::new(), Knowledge::new());
                let view = View::of(&maze, here, sq(0, 0));
                assert_eq!(sight.corridor(s, facing).line(), view.corridors[0], "seed {seed}, {here}");
                assert_eq!(fresh_letters.look(here, &view), fresh_walked.look_in(here, &sight), "seed {seed}, {here}");
                assert_eq!(fresh_letters, fresh_walked, "seed {seed}, {here}");
                // Every 7th placement goes on looking with what it knows, so later looks start
                // from a growing knowledge with the inference rules' results mixed in.
                if i % 7 == 0 {
                    assert_eq!(by_letters.look(here, &view), walked.look_in(here, &sight), "seed {seed}, {here}");
                    assert_eq!(by_letters.infer(), walked.infer(), "seed {seed}, {here}");
                    assert_eq!(by_letters, walked, "seed {seed}, {here}");
                }
            }
        }
        assert!(walked.discovered().len() > 300, "seed {seed}: the walk of looks learnt much");
    }
}
