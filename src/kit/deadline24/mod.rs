//! The family of Deadline24 server games in the window (their serving and matches are
//! `kibitz_cli::kit::deadline24`, re-exported here).
//!
//! - [`log`]: the turn log of a server game (commands, answers, turn ends).
//! - [`hand`]: `kibitz play` of a server game, new or taken over, and the human's seat in the
//!   panel (turn clock, answers, console), which each game's hand panel builds on.
//! - [`view`]: what every server game's view shares ([`view::ServerView`]): the replay's parts
//!   of a `GameView` and all of `HandPlay`, written once.

pub use kibitz_cli::kit::deadline24::{console, hosting, reruns, served, server};
pub mod hand;
pub mod log;
pub mod view;
