//! Amazes, the CodeCup 2010 game: two players explore an unknown 25×25 maze, scoring for squares
//! they discover and losing a point per step.
//!
//! Rooms: [`geom`] (squares, directions, edges), [`maze`] (the CodeCup file format and its
//! validation), [`generate`](mod@generate) (mazes and starting positions of our own), [`view`]
//! (the corridor lines a player is told), [`sight`] (each square's corridors, walked once per
//! maze), [`knowledge`] (what each player knows and the discovery
//! rules), [`rules`] (turns, points, the judge, sudden death), [`protocol`] (the stdio lines),
//! [`written`] (turn reports as a replay records them, for fast verification).
//! No I/O, no rendering.
//!
//! Where seed 004 leaves room, this crate decides (each module says why):
//! - The own square is discovered at the information stage, like the squares seen from it.
//! - Walking discovers the squares entered, nothing else; walls and openings come only from the
//!   corridor lines and the inference rules, which run only at the information stage.
//! - A square's "opening to a dead-end square" counts only towards squares discovered by a
//!   dead-end rule; a square already discovered never becomes a dead-end square.
//! - The judge's steps (the extra `T`, and the `T` it plays for a failed player) cost nothing.
//! - Sudden death doubles the points (possibly negative) before the clamp to 0..=1000.
//! - Start lines in maze files: `ROW COLUMN FACING`, 1-based (see [`maze`]).

pub mod generate;
pub mod geom;
pub mod knowledge;
pub mod maze;
pub mod protocol;
pub mod rules;
pub mod sight;
pub mod view;
pub mod written;

pub use generate::{choose_starts, generate};
pub use geom::{Dir, EdgeId, EdgeSet, Move, Placement, SIZE, SQUARES, Square, SquareSet};
pub use knowledge::{EdgeKnowledge, Knowledge};
pub use maze::Maze;
pub use rules::{Discovery, Ending, How, Judged, Moves, Outcome, PlayedBy, Player, Points, State, TURNS, TurnReport, final_score};
pub use view::View;

use kibitz_core::{Bounded, Game, Step, ToMove};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Everything fixed before a match starts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Setup {
    /// When the maze has no start lines, the starts are chosen from the match seed.
    pub maze: Maze,
    /// Turns per player; the contest played 150.
    #[serde(default = "default_turns")]
    pub turns: u32,
}

/// The setup's turns per player: the contest played 150; longer games are for measuring (a
/// million turns is a replay of hundreds of megabytes), and both players' turns count in a `u32`.
pub const TURN_COUNT: Bounded<u32> = Bounded::new("turns", 1, 1_000_000);

fn default_turns() -> u32 {
    TURNS
}

impl Setup {
    /// The contest's setup: this maze, 150 turns each.
    pub fn new(maze: Maze) -> Self {
        Self { maze, turns: TURNS }
    }
}

/// The game, as the core sees it. Player 0 is Red, player 1 Blue.
pub struct Amazes;

impl Game for Amazes {
    const ROUND_NAME: &'static str = "turn";
    const ID: &'static str = "amazes";
    const RULES_VERSION: u32 = 1;
    type Setup = Setup;
    type State = State;
    type Action = Moves;
    type Outcome = Outcome;

    fn start(setup: &Setup, players: usize, seed: u64) -> Result<State, String> {
        if players != 2 {
            return Err(format!("Amazes is a game for 2 players, not {players}"));
        }
        TURN_COUNT.check(setup.turns)?;
        setup.maze.validate().map_err(|e| format!("maze {e}"))?;
        let starts = match setup.maze.starts {
            Some(starts) => starts,
            None => choose_starts(&setup.maze, seed).ok_or("the maze has no two places far enough apart to start")?,
        };
        Ok(State::new(Arc::new(setup.maze.clone()), starts, setup.turns))
    }

    fn to_move(state: &State) -> ToMove {
        match state.to_move() {
            Some(p) => ToMove::Player(p),
            None => ToMove::Over,
        }
    }

    fn apply(state: &mut State, step: &Step<Moves>) -> Outcome {
        match (state.to_move(), step) {
            (Some(p), Step::Act { player, action }) if *player == p => Outcome::Turn(Box::new(state.play(p, action.as_ref()))),
            (expected, step) => Outcome::Refused {
                message: match expected {
                    Some(p) => format!("out of order: {step:?} while it is player {p}'s turn"),
                    None => format!("out of order: {step:?} after the game ended"),
                },
            },
        }
    }

    /// Current points (not yet clamped to 0..=1000; see [`State::final_scores`]).
    fn scores(state: &State) -> Vec<i64> {
        state.points().to_vec()
    }

    /// 0-based index of the current pair of turns (150 at the end of a full game).
    fn round(state: &State) -> u32 {
        state.half_turns / 2
    }

    /// Turn reports are written by hand ([`written`]), the same bytes as serde's.
    fn write_outcome(outcome: &Outcome, out: &mut Vec<u8>) {
        written::write_outcome(outcome, out);
    }
}

kibitz_core::replay_functions!(Amazes);
