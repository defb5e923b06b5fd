//! The shared core of Kibitz: what every game has in common, and nothing that renders or does I/O
//! with processes.
//!
//! - [`game`]: the [`Game`] trait. A game is a pure state machine: state + step → new state +
//!   outcome. Sequential bot games, a single solver's command stream and real-time team games all
//!   fit, because a step is either one participant's action or a tick of the game's own clock.
//! - [`protocol`]: the [`BotProtocol`] trait, the text a bot sees and says, still without I/O.
//! - [`replay`]: the JSON Lines replay format (header, one record per step, a closing summary).
//! - [`timeline`]: keyframed re-simulation, so that any step of a long replay is reached fast.
//! - [`verify`]: re-simulates a replay and names the first step that disagrees.
//! - [`diff`]: two replays of a game compared: setup, seed, the first step they part, scores.
//! - [`located`]: errors that say where (file, line, column) in text input.
//! - [`bounded`]: numbers of a setup with their bounds, refused by name outside them.
//! - [`drawing`]: the drawing language of bots' stderr (`#kibitz dot X Y`…), read within caps.
//! - [`rng`]: the one seeded random generator, fixed forever so that seeds in replays keep meaning.
//! - [`series`]: summaries of scores and marks by step, for drawing a replay at any width.

pub mod bounded;
pub mod diff;
pub mod drawing;
pub mod game;
pub mod located;
pub mod parallel;
pub mod protocol;
pub mod reference;
pub mod replay;
pub mod rng;
pub mod series;
pub mod timeline;
pub mod verify;

pub use bounded::Bounded;
pub use game::{Game, Step, ToMove, score_real, show_score, show_score_short};
pub use located::Located;
pub use protocol::BotProtocol;
pub use replay::{Replay, ReplayHeader, StepRecord};
pub use timeline::Timeline;

/// Defines `load_replay` and `check_replay` for game `$game` in the crate that invokes it.
///
/// Generic code is compiled in the crate that names its types. A game's crate invokes this so
/// that reading and re-simulating its replays, the hot loop of `kibitz verify` and of opening a
/// replay, is compiled with its rules (optimised in every profile, see the workspace's
/// Cargo.toml) rather than in the app, whose own code a dev build leaves unoptimised.
#[macro_export]
macro_rules! replay_functions {
    ($game:ty) => {
        /// Reads a replay of this game, keeping every step before any damage (the viewer's load).
        pub fn load_replay(text: &str) -> ::std::result::Result<$crate::replay::Loaded<$game>, $crate::Located> {
            $crate::replay::Replay::<$game>::parse(text)
        }

        /// Reads and re-simulates a replay of this game as it is read (`kibitz verify`).
        pub fn check_replay(text: &str) -> ::std::result::Result<$crate::verify::Checked, $crate::Located> {
            $crate::verify::check_text::<$game>(text)
        }
    };
}
