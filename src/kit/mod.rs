//! The kit every game room is built from, and the contract between a room and the rest of the
//! app. Nothing here knows any particular game: the rooms (`crate::games::*`) depend on the
//! kit, the shell and the command line depend on the kit and find the rooms through a
//! [`contract::room::Registry`]; the kit depends on neither. One folder per job:
//!
//! - [`contract`]: what the app asks of one game ([`contract::room::Room`]) and of its view
//!   ([`contract::view::GameView`], [`contract::view::HandPlay`]).
//! - [`viewing`]: what every view is drawn with: a replay held for viewing, a grid of cells,
//!   colours, pictures without a window, 3D scenes.
//! - [`turn`]: the family of turn-based bot games (lighthouses, snakecore, amazes, icfp2015):
//!   seats at the table, a live match followed by its replay lines.
//! - [`deadline24`]: the family of Deadline24 server games (fedrunek, wycinanka, osada):
//!   `serve` and `match`, the organisers' console, hand play over a hosted server, and the view
//!   every server game shares.
//! - [`editor`]: the map editor in the window (a game's [`editor::MapFormat`]).
//! - [`matches`]: what the command-line verbs share: arguments, the summary line, progress,
//!   stdout.

pub mod contract;
pub mod deadline24;
pub mod editor;
pub use kibitz_cli::kit::matches;
pub mod turn;
pub mod viewing;
