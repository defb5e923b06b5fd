//! The family of turn-based bot games (lighthouses, snakecore, amazes, icfp2015): bot processes
//! on stdin/stdout, run by `kibitz-referee`, one step at a time.
//!
//! - [`seats`]: who sits where in `kibitz play`, and taking over a replay by hand.
//! - [`live`]: a view following a live match by its replay lines.

pub mod live;
pub mod seats;
