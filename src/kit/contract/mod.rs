//! The contract between a game and the window.
//!
//! - [`room`]: the game's headless room and the registry (from `kibitz-cli`).
//! - [`view_room`]: what the window asks of one game ([`view_room::ViewRoom`]: open a replay,
//!   play by hand, edit maps) and the [`view_room::ViewRegistry`] the window reads.
//! - [`view`]: what the shell needs from a game's view ([`view::GameView`]) and from its hand
//!   play ([`view::HandPlay`]); the [`view::Track`] every game fills the same way.
//! - [`series`]: the score series and markers of a [`view::Track`], with summaries by buckets
//!   of steps, so that a frame draws them at a cost that does not grow with the replay.
//! - [`thinking`]: what the bots drew and how long they thought, per player and step, and
//!   where a game's places are on the screen ([`thinking::BoardSpace`]).

pub use kibitz_cli::kit::contract::room;
pub mod series;
pub mod thinking;
pub mod view;
pub mod view_room;
