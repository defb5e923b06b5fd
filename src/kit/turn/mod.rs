//! The family of turn-based bot games (lighthouses, snakecore, amazes, icfp2015): bot processes
//! on stdin/stdout, run by `kibitz-referee`, one step at a time.
//!
//! - [`view`]: the view every turn game shares ([`view::TurnView`]), the game writing only
//!   what is its own ([`view::TurnGame`], [`view::TurnControls`]).
//! - [`seats`]: who sits where in `kibitz play`, and taking over a replay by hand.
//! - [`live`]: a view following a live match by its replay lines.
//! - [`reruns`]: what a seat's bot read in a recorded match (`kibitz replay`).

pub mod live;
pub mod reruns;
pub mod seats;
pub mod view;
