//! The family of Deadline24 server games (fedrunek, wycinanka, osada): teams connect over TCP
//! to a server (`kibitz-deadline24-server`) that runs turns on a wall clock.
//!
//! - [`server`]: `serve` and `match` for every server game (turns, teams, replays).
//! - [`served`]: a server checked and ready to run (`serve`, a contest day).
//! - [`console`]: the organisers' console of `kibitz serve` (status, pause, resume, end-turn,
//!   kick, stop).
//! - [`log`]: the turn log of a server game (commands, answers, turn ends).
//! - [`hosting`]: hand play: a server hosted on a thread, the spectator feed the view follows,
//!   the human's own connection.
//! - [`hand`]: `kibitz play` of a server game, new or taken over, and the human's seat in the
//!   panel (turn clock, answers, console), which each game's hand panel builds on.
//! - [`reruns`]: what a team's connections received beside what they sent (`kibitz replay`).
//! - [`view`]: what every server game's view shares ([`view::ServerView`]): the replay's parts
//!   of a `GameView` and all of `HandPlay`, written once.

pub mod console;
pub mod hand;
pub mod hosting;
pub mod log;
pub mod reruns;
pub mod served;
pub mod server;
pub mod view;
