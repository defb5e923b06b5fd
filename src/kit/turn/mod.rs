//! The family of turn-based bot games in the window (their seats and matches are
//! `kibitz_cli::kit::turn`, re-exported here).
//!
//! - [`view`]: the view every turn game shares ([`view::TurnView`]), the game writing only
//!   what is its own ([`view::TurnGame`], [`view::TurnControls`]).
//! - [`by_hand`]: `kibitz play` of a turn game, and taking over a replay by hand.
//! - [`live`]: a view following a live match by its replay lines.

pub use kibitz_cli::kit::turn::{reruns, seats};
pub mod by_hand;
pub mod live;
pub mod view;
