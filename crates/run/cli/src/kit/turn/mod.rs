//! The family of turn-based bot games (lighthouses, snakecore, amazes, icfp2015): bot processes
//! on stdin/stdout, run by `kibitz-referee`, one step at a time.
//!
//! - [`seats`]: who sits where in a match, and the history a match taken over continues from.
//! - [`reruns`]: what a seat's bot read in a recorded match (`kibitz replay`).

pub mod reruns;
pub mod seats;
