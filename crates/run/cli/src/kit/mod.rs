//! The kit every game's headless room is built from. Nothing here knows any particular game: the
//! rooms (`crate::games::*`) depend on the kit, the command line finds them through a
//! [`contract::room::Registry`]. One folder per job:
//!
//! - [`contract`]: what the command line asks of one game ([`contract::room::Room`]).
//! - [`turn`]: the family of turn-based bot games: seats at the table, matches between bots,
//!   what a seat read (`kibitz replay`).
//! - [`deadline24`]: the family of Deadline24 server games: `serve` and `match`, the organisers'
//!   console, a server hosted on a thread for hand play.
//! - [`matches`]: what the command-line verbs share: arguments, the summary line, progress,
//!   stdout.
//! - [`viewing`]: player colours and pictures painted without a window (the ratings chart).

pub mod contract;
pub mod deadline24;
pub mod matches;
pub mod turn;
pub mod viewing;
