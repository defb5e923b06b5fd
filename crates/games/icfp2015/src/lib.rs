//! ICFP Programming Contest 2015 ("Honeycomb"): one player steers units down a hex board with
//! one-character commands, locks them to clear rows, and speaks phrases of power on the way.
//!
//! Rooms: [`problem`] (the official problem JSON), [`hex`] (offset and cube coordinates, exact
//! moves and turns), [`lcg`] (the source order), [`commands`] (the character table), [`power`]
//! (phrase counting), [`rules`] (the game state machine), [`score`] (official scoring of whole
//! solutions and the solution-list format). No I/O, no rendering.
//!
//! The rules are seed 003 as the organisers clarified and scored them; the reference README's
//! "Rules and subtleties" list is cited by item number where a decision follows it.

pub mod commands;
pub mod hex;
pub mod lcg;
pub mod power;
pub mod problem;
pub mod rules;
pub mod score;

pub use commands::{Command, Decoded, decode, decode_str};
pub use hex::{Cell, Cube, Direction, Turn};
pub use power::{KNOWN_PHRASES, PhraseError, PhraseSet, phrases_from_lines};
pub use problem::{Problem, Unit};
pub use rules::{Board, Ending, Event, GameError, Lock, Next, Rules, State};
pub use score::{PhraseUse, Score, SolutionRecord, read_solution_list, read_solutions, score, score_solution};

use kibitz_core::{Game, Step, ToMove};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Everything fixed before a game: stored inline in replays, so it carries the whole problem.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub problem: Problem,
    /// The source seed: one of `problem`'s `sourceSeeds`.
    pub seed: u32,
    /// The phrases of power that score (the organisers judged with 18; see the reference data).
    pub phrases: Vec<String>,
}

/// The game, as the core sees it. One participant (player 0), whose actions are single
/// characters of a solution, kept as written so that phrases can be matched.
pub struct Icfp2015;

/// What one step did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub event: OutcomeEvent,
    /// Indices (into the setup's phrases) of the phrases this character completed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub phrases: Vec<usize>,
}

/// The event of an [`Outcome`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum OutcomeEvent {
    /// White space, or no action: nothing happens.
    Ignored,
    /// The unit moved or turned.
    Moved { command: Command },
    /// The unit locked; `lock.next` says whether the next unit spawned or the game ended.
    Locked { command: Command, lock: Lock },
    /// The game ended with an error: the board now scores 0.
    Error { error: GameError, message: String },
    /// A step the game did not expect (a tick, another player, a step after an error):
    /// nothing changed.
    OutOfOrder { message: String },
}

impl Game for Icfp2015 {
    const ROUND_NAME: &'static str = "unit";
    const ID: &'static str = "icfp2015";
    const RULES_VERSION: u32 = 1;
    type Setup = Setup;
    type State = State;
    type Action = char;
    type Outcome = Outcome;

    /// `seed` is ignored: the source comes from `setup.seed`, which must be one of the
    /// problem's seeds (the official scorer gives 0 for any other).
    fn start(setup: &Setup, players: usize, _seed: u64) -> Result<State, String> {
        if players != 1 {
            return Err(format!("ICFP 2015 is played by one player, not {players}"));
        }
        if !setup.problem.source_seeds().contains(&setup.seed) {
            return Err(format!(
                "seed {} is not one of problem {}'s sourceSeeds {:?}",
                setup.seed,
                setup.problem.id(),
                setup.problem.source_seeds()
            ));
        }
        let rules = Rules::new(setup.problem.clone(), &setup.phrases).map_err(|e| e.to_string())?;
        Ok(State::new(Arc::new(rules), setup.seed))
    }

    fn to_move(state: &State) -> ToMove {
        if state.is_over() { ToMove::Over } else { ToMove::Player(0) }
    }

    /// A command after the end is applied, not refused: it is an error that scores 0, as in
    /// the official scoring (white space after the end is still ignored).
    fn apply(state: &mut State, step: &Step<char>) -> Outcome {
        let out_of_order = |message: String| Outcome { event: OutcomeEvent::OutOfOrder { message }, phrases: Vec::new() };
        let character = match step {
            Step::Act { player: 0, action: Some(c) } => *c,
            Step::Act { player: 0, action: None } => return Outcome { event: OutcomeEvent::Ignored, phrases: Vec::new() },
            Step::Act { player, .. } => return out_of_order(format!("there is only player 0, not player {player}")),
            Step::Tick => return out_of_order("this game has no ticks".into()),
        };
        let event = match state.feed(character) {
            Event::Ignored => OutcomeEvent::Ignored,
            Event::Moved(command) => OutcomeEvent::Moved { command },
            Event::Locked(command, lock) => OutcomeEvent::Locked { command, lock },
            Event::Failed(error) => OutcomeEvent::Error { error, message: error.to_string() },
            Event::AfterError => {
                return out_of_order("the game has already ended with an error".into());
            }
        };
        Outcome { event, phrases: state.phrases_completed() }
    }

    /// The score if the solution ended here (0 after an error).
    fn scores(state: &State) -> Vec<i64> {
        vec![state.score() as i64]
    }

    /// The index in the source of the unit in play (after the end: the number of units locked).
    fn round(state: &State) -> u32 {
        state.units_locked()
    }
}

kibitz_core::replay_functions!(Icfp2015);
