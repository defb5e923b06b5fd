//! Lighthouses (Faros Laser), the Euskal Encounter 21 AI contest game: players walk an island,
//! collect energy, capture lighthouses, connect them with lasers and light the triangles between.
//!
//! Rooms: [`map`] (the original map format), [`geometry`] (exact lasers and triangle
//! rasterisation), [`rules`] (the state machine), [`command`] (what bots send), [`view`] (what
//! a player sees), [`protocol`] (the stdio JSON lines), [`hand`] (a human's keys and clicks as
//! commands). No I/O, no rendering.

pub mod command;
pub mod geometry;
pub mod hand;
pub mod map;
pub mod protocol;
pub mod rules;
pub mod view;

pub use command::{Command, Target};
pub use map::{Map, Pos};
pub use rules::{Event, Outcome, Phase, State};

use kibitz_core::{Bounded, Game, Step, ToMove};
use serde::{Deserialize, Serialize};

/// Everything fixed before a match starts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Setup {
    pub map: Map,
    pub rounds: u32,
}

/// Rounds in a match (the contest fixes none): a million is a replay of hundreds of megabytes,
/// far beyond any match, and still a `u32`'s round numbers.
pub const ROUNDS: Bounded<u32> = Bounded::new("rounds", 1, 1_000_000);

/// The game, as the core sees it.
pub struct Lighthouses;

impl Game for Lighthouses {
    const ID: &'static str = "lighthouses";
    const RULES_VERSION: u32 = 1;
    type Setup = Setup;
    type State = State;
    type Action = Command;
    type Outcome = Outcome;

    fn start(setup: &Setup, players: usize, _seed: u64) -> Result<State, String> {
        ROUNDS.check(setup.rounds)?;
        State::new(&setup.map, players, setup.rounds)
    }

    fn to_move(state: &State) -> ToMove {
        match state.phase {
            Phase::RoundStart | Phase::RoundEnd => ToMove::Tick,
            Phase::Turn(p) => ToMove::Player(p),
            Phase::Over => ToMove::Over,
        }
    }

    fn apply(state: &mut State, step: &Step<Command>) -> Outcome {
        match (state.phase, step) {
            (Phase::RoundStart, Step::Tick) => {
                let events = state.start_round();
                state.phase = Phase::Turn(0);
                Outcome::RoundStart { round: state.round, events }
            }
            (Phase::RoundEnd, Step::Tick) => {
                state.score_round();
                let round = state.round;
                state.round += 1;
                state.phase = if state.round >= state.rounds { Phase::Over } else { Phase::RoundStart };
                Outcome::RoundEnd { round, scores: state.players.iter().map(|p| p.score).collect() }
            }
            (Phase::Turn(p), Step::Act { player, action }) if *player == p => {
                let outcome = match action {
                    Some(command) => state.play(p, command),
                    None => state.play(p, &Command::Pass),
                };
                state.phase = if p + 1 < state.players.len() { Phase::Turn(p + 1) } else { Phase::RoundEnd };
                outcome
            }
            (phase, step) => Outcome::Turn {
                success: false,
                message: Some(format!("out of order: {step:?} while the game is at {phase:?}")),
                events: Vec::new(),
            },
        }
    }

    fn scores(state: &State) -> Vec<i64> {
        state.players.iter().map(|p| p.score).collect()
    }

    fn round(state: &State) -> u32 {
        state.round
    }
}

kibitz_core::replay_functions!(Lighthouses);
