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
//! - [`located`]: errors that say where (file, line, column) in text input.
//! - [`rng`]: the one seeded random generator, fixed forever so that seeds in replays keep meaning.

pub mod game;
pub mod located;
pub mod protocol;
pub mod reference;
pub mod replay;
pub mod rng;
pub mod timeline;
pub mod verify;

pub use game::{Game, Step, ToMove, show_score};
pub use located::Located;
pub use protocol::BotProtocol;
pub use replay::{Replay, ReplayHeader, StepRecord};
pub use timeline::Timeline;
