//! SnakeCore (the 2008 programming tournament, seed 001): pythons crawl on a square board,
//! eat blocks, bite each other, shield themselves with energy blocks and dump their bodies into
//! reactors for n(n+1)/2 points; blocks are never created or destroyed. Players move one after
//! another. Rules only: no I/O, no clocks, no rendering.
//!
//! - [`map`]: boards and the pythons' starting cells as text, with a validator;
//! - [`rules`]: turns, moves, bites, shields, reactors, where blocks reappear;
//! - [`protocol`]: `getName` and `getAction`, as the bots read them.
//!
//! Where the seed leaves room, `../shared/rules-notes/snakecore.md` decides; our further
//! decisions are in `docs/rules/snakecore.md`.

pub mod map;
pub mod protocol;
pub mod rules;

pub use map::{Cell, Kind, Map, MapError, Pos, Start};
pub use rules::{Action, Event, Occupant, Outcome, SHIELD_TURNS, Snake, State, neighbour, turn_number};

use kibitz_core::{Bounded, Game, Step, ToMove};
use serde::{Deserialize, Serialize};

/// Everything fixed before a match: the map (kept in the replay as its text) and how many
/// turns each python takes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Setup {
    pub map: Map,
    #[serde(default = "default_turns")]
    pub turns: u32,
}

/// Turns per python unless told otherwise (the seed fixes none).
pub const DEFAULT_TURNS: u32 = 300;

/// Turns per python (the seed fixes none): a million is a replay of hundreds of megabytes,
/// far beyond any tournament, and the turns of every python still count in a `u32`.
pub const TURNS: Bounded<u32> = Bounded::new("turns", 1, 1_000_000);

fn default_turns() -> u32 {
    DEFAULT_TURNS
}

/// SnakeCore as a [`Game`]: one step per python's turn, in seat order; seat k plays the map's
/// k-th python.
pub struct SnakeCore;

impl Game for SnakeCore {
    const ROUND_NAME: &'static str = "turn";
    const ID: &'static str = "snakecore";
    /// 2: biting oneself scores nothing (issue 38, docs/rules/snakecore.md).
    const RULES_VERSION: u32 = 2;
    type Setup = Setup;
    type State = State;
    type Action = Action;
    type Outcome = Outcome;

    fn start(setup: &Setup, players: usize, seed: u64) -> Result<State, String> {
        let snakes = setup.map.snakes.len();
        if players != snakes {
            return Err(format!("the map has {snakes} pythons, so {snakes} players, not {players}"));
        }
        TURNS.check(setup.turns)?;
        Ok(State::new(&setup.map, setup.turns, seed))
    }

    fn to_move(state: &State) -> ToMove {
        state.to_move().map_or(ToMove::Over, ToMove::Player)
    }

    fn apply(state: &mut State, step: &Step<Action>) -> Outcome {
        match (state.to_move(), step) {
            (Some(p), Step::Act { player, action }) if *player == p => state.play(p, action.as_ref()),
            (expected, step) => Outcome::Refused {
                message: match expected {
                    Some(p) => format!("out of order: {step:?} while it is python {p}'s turn"),
                    None => format!("out of order: {step:?} after the game ended"),
                },
            },
        }
    }

    fn scores(state: &State) -> Vec<i64> {
        state.scores.clone()
    }

    /// The turn each python is in (0-based).
    fn round(state: &State) -> u32 {
        state.moves / state.snakes.len().max(1) as u32
    }
}

kibitz_core::replay_functions!(SnakeCore);
