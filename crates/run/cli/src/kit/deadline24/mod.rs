//! The family of Deadline24 server games (fedrunek, wycinanka, osada): teams connect over TCP
//! to a server (`kibitz-deadline24-server`) that runs turns on a wall clock.
//!
//! - [`server`]: `serve` and `match` for every server game (turns, teams, replays).
//! - [`served`]: a server checked and ready to run (`serve`, a contest day).
//! - [`console`]: the organisers' console of `kibitz serve` (status, pause, resume, end-turn,
//!   kick, stop).
//! - [`hosting`]: a server hosted on a thread for hand play, the spectator feed a view follows,
//!   the human's own connection.
//! - [`reruns`]: what a team's connections received beside what they sent (`kibitz replay`).

pub mod console;
pub mod hosting;
pub mod reruns;
pub mod served;
pub mod server;
