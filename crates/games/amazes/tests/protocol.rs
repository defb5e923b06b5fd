//! The stdio lines of seed 004 for known positions, and what a bot may answer.

mod common;

use common::*;
use kibitz_amazes::protocol::quit_lines;
use kibitz_amazes::{Amazes, Dir, Ending, Judged, Move, Outcome, Setup, State, generate};
use kibitz_core::{BotProtocol, Game, Step};
use std::sync::Arc;

fn lines(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

#[test]
fn red_reads_start_first_then_four_corridors_and_the_squared_distance() {
    let mut state = State::new(Arc::new(comb()), [at(24, 0, Dir::S), at(24, 24, Dir::S)], 150);
    let column = format!("{}RW", "N".repeat(23));
    assert_eq!(Amazes::turn_lines(&state, 0), lines(&["Start", "W", "W", &column, "W", "576"]));
    let report = match Amazes::apply(&mut state, &Step::Act { player: 0, action: Some(moves("TFFF")) }) {
        Outcome::Turn(t) => t,
        other => panic!("{other:?}"),
    };
    assert_eq!(report.view.lines(), lines(&["W", "W", &column, "W", "576"]), "the report keeps what was sent");
    // Blue never gets Start; Red is now at (21,1) (1-based): 4² + 24² = 592.
    let column = format!("{}LW", "N".repeat(23));
    assert_eq!(Amazes::turn_lines(&state, 1), lines(&["W", "W", &column, "W", "592"]));
    Amazes::apply(&mut state, &Step::Act { player: 1, action: Some(moves("T")) });
    // Red's second turn: no Start. Facing north at (21,1): the column and the corner ahead,
    // the column's foot behind; Blue stepped to (24,25): 3² + 24² = 585.
    let ahead = format!("{}RW", "N".repeat(19));
    assert_eq!(Amazes::turn_lines(&state, 0), lines(&[&ahead, "W", "NNNNW", "W", "585"]));
}

#[test]
fn the_lines_match_the_seed_letters_in_the_example_maze() {
    let maze = Arc::new(example_maze());
    let state = State::new(maze, [at(1, 12, Dir::N), at(24, 0, Dir::E)], 150);
    let side = format!("{}W", "N".repeat(11));
    let down = format!("{}LW", "N".repeat(21));
    // (2,13) to (25,1), 1-based: 23² + 12².
    assert_eq!(Amazes::turn_lines(&state, 0), lines(&["Start", "BW", &side, &down, &side, "673"]));
}

#[test]
fn only_move_letters_are_accepted_and_the_rules_judge_the_length() {
    assert_eq!(Amazes::parse_action("FTLR").unwrap().as_slice(), &[Move::F, Move::T, Move::L, Move::R]);
    assert_eq!(Amazes::parse_action(&"F".repeat(256)).unwrap().len(), 256);
    for bad in ["ftlr", "F F", "FX", " F", "F\tF"] {
        let e = Amazes::parse_action(bad).unwrap_err();
        assert!(e.contains("only F, T, L and R"), "{bad:?}: {e}");
    }
    // Trailing spaces and tabs are stripped, as the contestants' judge did (issue 11).
    assert_eq!(Amazes::parse_action("FFL  ").unwrap().as_slice(), &[Move::F, Move::F, Move::L]);
    assert_eq!(Amazes::parse_action("F\t \r").unwrap().as_slice(), &[Move::F]);
    assert!(Amazes::parse_action("  \t").unwrap().is_empty(), "a line of spaces is an empty line");
    // Too long and empty lines are read, then refused by the rules with their reason.
    let mut state = Amazes::start(&Setup::new(generate(4)), 2, 0).unwrap();
    let long = Amazes::parse_action(&"F".repeat(257)).unwrap();
    let step = Step::Act { player: 0, action: Some(long) };
    match Amazes::apply(&mut state, &step) {
        Outcome::Turn(r) => assert_eq!(r.judged, Some(Judged::TooManyMoves { moves: 257 })),
        other => panic!("{other:?}"),
    }
    let empty = Amazes::parse_action("").unwrap();
    match Amazes::apply(&mut state, &Step::Act { player: 1, action: Some(empty) }) {
        Outcome::Turn(r) => assert_eq!(r.judged, Some(Judged::EmptyLine)),
        other => panic!("{other:?}"),
    }
    assert!(state.players.iter().all(|p| p.judged.is_some()));
}

#[test]
fn nothing_is_said_before_the_first_turn_or_after_a_move() {
    let state = Amazes::start(&Setup::new(generate(1)), 2, 0).unwrap();
    assert!(Amazes::init_lines(&state, 0).is_empty() && Amazes::init_lines(&state, 1).is_empty());
    assert!(Amazes::parse_greeting("hello").is_err(), "Amazes bots do not greet");
    let mut s = state.clone();
    let o = Amazes::apply(&mut s, &Step::Act { player: 0, action: Some(moves("T")) });
    assert!(Amazes::result_lines(&o).is_empty());
}

#[test]
fn quit_goes_to_bots_still_waiting_after_a_sudden_death() {
    // Red has (by hand) discovered everything and walks onto Blue.
    let mut state = State::new(Arc::new(comb()), [at(20, 0, Dir::N), at(10, 0, Dir::N)], 150);
    for s in kibitz_amazes::Square::all() {
        state.players[0].knowledge.discover(s);
    }
    let r = state.play(0, Some(&moves(&"F".repeat(10))));
    assert_eq!(r.ending, Some(Ending::SuddenDeath { winner: 0 }));
    assert_eq!(r.gained.captures, 0);
    assert_eq!(r.gained.discovered, 0, "nothing was left to discover");
    assert_eq!(state.points(), [-20, 0], "−10 doubled");
    assert_eq!(quit_lines(&state, 0), lines(&["Quit"]));
    assert_eq!(quit_lines(&state, 1), lines(&["Quit"]));

    // After a normal ending both bots have stopped by themselves.
    let mut state = Amazes::start(&Setup { maze: generate(2), turns: 2 }, 2, 0).unwrap();
    for k in 0..4 {
        assert!(quit_lines(&state, k % 2).is_empty());
        Amazes::apply(&mut state, &Step::Act { player: k % 2, action: Some(moves("T")) });
    }
    assert_eq!(state.ending, Some(Ending::Normal));
    assert!(quit_lines(&state, 0).is_empty() && quit_lines(&state, 1).is_empty());
}

#[test]
fn turns_beyond_their_bound_cannot_start_a_game() {
    let most = kibitz_amazes::TURN_COUNT.max;
    for turns in [0, most + 1, 1 << 31, u32::MAX] {
        let e = Amazes::start(&Setup { maze: generate(2), turns }, 2, 0).map(drop).unwrap_err();
        assert_eq!(e, format!("turns {turns}: must be 1 to {most}"));
    }
    // Both players' turns of the longest game still count in a u32.
    let mut state = Amazes::start(&Setup { maze: generate(2), turns: most }, 2, 0).unwrap();
    Amazes::apply(&mut state, &Step::Act { player: 0, action: Some(moves("T")) });
}
