//! The common protocol of the three Deadline24 2012 server games (fedrunek, wycinanka, osada),
//! as rules: no sockets, no clocks. Spec: `../shared/rules-notes/deadline24-spec.md` §1.
//!
//! A game server's match is a [`kibitz_core::Game`] like any other: a step is one command line
//! that one team's connection sent ([`Command`], in order of arrival over all teams, with the time
//! it arrived in its turn) or a tick, the wall clock ending a turn. [`Realtime`] turns a game's
//! [`Rules`] (its commands and its turn boundary) into that `Game`, adding what the three games
//! share: reading lines word by word, the common errors 1–7, the per-team command limit with
//! forced waiting, `WAIT`, and reals printed with six decimals ([`Fixed6`]). The TCP server
//! (`kibitz-deadline24-server`) only moves lines; everything it answers comes from here, so a replay
//! re-simulates every answer byte for byte.

mod answers;
mod fixed;
mod lines;
mod realtime;
mod words;

pub use answers::{AnswerLines, answer_length};
pub use fixed::Fixed6;
pub use lines::{Line, Lines};
pub use realtime::{Command, Common, Ctx, HOST_PAUSE, HOST_RESUME, Outcome, Realtime, Retime, Rules, Setup, State, bounds, host};
pub use words::{Args, Fail, Reply, Words, command, split};
