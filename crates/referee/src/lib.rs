//! The referee: runs matches between real bot processes and records them as replays.
//!
//! - [`process`]: one bot as a child process (`sh -c COMMAND`, as the contest engines ran
//!   them), its stdout read line by line with a hard time limit, its stderr kept per turn.
//! - [`seat`]: who sits in a player's seat; a bot process speaking the game's line protocol
//!   is one kind of seat, a human at the viewer is another.
//! - [`sequential`]: the match loop for games where players take turns.
//!
//! A bot that crashes, hangs, prints garbage or closes its output is marked failed with the
//! reason and passes from then on: a misbehaving bot never stops a match.

pub mod process;
pub mod seat;
pub mod sequential;

pub use seat::{Answer, BotSeat, Seat};
pub use sequential::{MatchError, MatchOptions, MatchSummary, Progress, run_match};
pub use seat::BotLimits;
