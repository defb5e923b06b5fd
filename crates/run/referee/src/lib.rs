//! The referee: runs matches between real bot processes and records them as replays.
//!
//! - [`command`]: how every bot, solver and client is started (`sh -c`, in a process group of
//!   its own; `kibitz` there is the program running the match), and "command not found: WORD"
//!   for a command the shell could not run.
//! - [`process`]: one bot as a child process (`sh -c COMMAND`, as the contest engines ran
//!   them), its stdout read line by line with a hard time limit, its stderr kept per turn.
//! - [`seat`]: who sits in a player's seat; a bot process speaking the game's line protocol
//!   is one kind of seat, a human at the viewer is another.
//! - [`sequential`]: the match loop for games where players take turns.
//! - [`stderr`]: a bot's stderr, complete up to each answer it gives.
//! - [`live`]: a match on its own thread with humans at some seats, followed by a viewer.
//! - [`oneshot`]: programs that run once and print their whole answer (contest solvers).
//! - [`input`]: what a seat was sent in a recorded match, rebuilt from its replay.
//! - [`rerun`]: a recorded match played again against a new build of one seat's bot.
//!
//! A bot that crashes, hangs, prints garbage or closes its output is marked failed with the
//! reason (ending with the last lines it wrote on stderr, its own word on why) and passes from
//! then on: a misbehaving bot never stops a match.

pub mod command;
pub mod input;
pub mod live;
pub mod oneshot;
pub mod process;
pub mod rerun;
pub mod seat;
pub mod sequential;
pub mod stderr;

pub use live::{HandSeat, LiveMatch, SeatPlan};
pub use seat::BotLimits;
pub use seat::{Answer, BotSeat, Seat};
pub use sequential::{Finished, History, MatchError, MatchOptions, MatchSummary, Progress, run_match, run_match_from};
