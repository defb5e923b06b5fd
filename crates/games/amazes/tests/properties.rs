//! Invariants that hold whatever the players send: knowledge is always true of the maze,
//! points add up, every square is discovered first by exactly one player, and the path of a
//! turn is a walk through the maze ending where the player stands, never on its starting square.

mod common;

use common::*;
use kibitz_amazes::{Amazes, EdgeKnowledge, Ending, Move, Moves, Outcome, PlayedBy, Setup, State, generate};
use kibitz_core::{Game, Step, ToMove};
use proptest::prelude::*;

fn check(state: &State, report: &kibitz_amazes::TurnReport) {
    let maze = &state.maze;
    for p in &state.players {
        knowledge_is_true(maze, &p.knowledge).unwrap();
        assert_eq!(p.points.discovered as usize, p.knowledge.discovered().len());
        assert_eq!(p.points.first as usize, p.knowledge.first().len());
        assert!(p.knowledge.first().iter().all(|s| p.knowledge.is_discovered(s)));
        // Behind a player there is never a wall.
        assert!(!maze.wall(p.at.square, p.at.facing.back()), "{:?}", p.at);
        // What the rules call known is what a viewer sees through the accessors.
        assert!(p.knowledge.known_walls().iter().all(|e| p.knowledge.edge(e) == EdgeKnowledge::Wall));
    }
    let [a, b] = [state.players[0].knowledge.first(), state.players[1].knowledge.first()];
    assert!(a.intersection(b).is_empty(), "a square is discovered first once");
    assert_eq!(a.union(b), state.discovered_by_anyone(), "and by somebody");

    let me = &state.players[report.player];
    assert_eq!(report.gained.discovered as usize, report.discovered.len());
    assert_eq!(report.gained.first as usize, report.discovered.iter().filter(|d| d.first).count());
    for w in report.path.windows(2) {
        let (from, to) = (w[0], w[1]);
        assert_eq!(from.square.step(to.facing), Some(to.square), "one step, facing away from where it came from");
        assert!(!maze.wall(from.square, to.facing), "never through a wall");
    }
    assert!(report.path.iter().all(|p| me.knowledge.is_discovered(p.square)), "walked squares are discovered");
    assert_eq!(report.path.last(), Some(&me.at));
    assert_ne!(report.path[0].square, me.at.square, "a turn never ends where it started");
    if report.played_by == PlayedBy::Judge {
        assert_eq!(report.gained.steps, 0);
        assert_eq!(report.path.len(), 2);
    }
    match state.ending {
        Some(Ending::SuddenDeath { winner }) => {
            assert_eq!(state.players[winner].knowledge.discovered().len(), 625);
        }
        _ => assert_eq!(report.scores, state.players.each_ref().map(|p| p.points.total())),
    }
}

/// A line from random numbers: mostly short lines, sometimes a failure, an empty or a too long
/// line.
fn line(kind: u8, len: usize, letters: &[u8]) -> Option<Moves> {
    let moves: Vec<Move> = letters.iter().cycle().take(len).map(|b| [Move::F, Move::T, Move::L, Move::R][*b as usize % 4]).collect();
    match kind {
        0 => None,
        1 => Some(Moves::default()),
        2 => Some(Moves::new(vec![Move::F; 257])),
        _ => Some(Moves::new(moves)),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 24 } else { 200 }))]

    #[test]
    fn invariants_hold_in_random_games(
        seed in any::<u64>(),
        turns in prop::collection::vec((0u8..60, 1usize..40, prop::collection::vec(any::<u8>(), 1..40)), 60),
    ) {
        let setup = Setup { maze: generate(seed), turns: 30 };
        let mut state = Amazes::start(&setup, 2, seed).unwrap();
        let mut turns = turns.into_iter().cycle();
        while let ToMove::Player(p) = Amazes::to_move(&state) {
            let (kind, len, letters) = turns.next().unwrap();
            let step = Step::Act { player: p, action: line(kind, len, &letters) };
            match Amazes::apply(&mut state, &step) {
                Outcome::Turn(report) => check(&state, &report),
                other => panic!("{other:?}"),
            }
        }
        prop_assert!(state.ending.is_some());
    }
}

#[test]
fn a_patient_explorer_discovers_more_by_looking_and_inferring_than_by_walking() {
    // Red walks to the nearest undiscovered square once per turn, so it looks around often.
    let (mut walked, mut discovered, mut inferred) = (0, 0, 0);
    for seed in [21, 22] {
        let setup = Setup::new(generate(seed));
        let mut state = Amazes::start(&setup, 2, 0).unwrap();
        let mut visited = std::collections::HashSet::new();
        while let ToMove::Player(p) = Amazes::to_move(&state) {
            let action = if p == 0 { explorer_line_upto(&state, 0, 1) } else { moves("T") };
            if let Outcome::Turn(r) = Amazes::apply(&mut state, &Step::Act { player: p, action: Some(action) }) {
                check(&state, &r);
                if p == 0 {
                    visited.extend(r.path.iter().map(|x| x.square));
                    inferred += r.discovered.iter().filter(|d| d.how == kibitz_amazes::How::Inferred).count();
                }
            }
        }
        walked += visited.len();
        discovered += state.players[0].knowledge.discovered().len();
    }
    assert!(discovered > walked + 200, "discovered {discovered}, walked on {walked}");
    assert!(inferred > 10, "the dead-end rules found {inferred}");
}
