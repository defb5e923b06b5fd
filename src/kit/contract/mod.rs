//! The contract between a game room and the rest of the app.
//!
//! - [`room`]: the [`room::Room`] trait (everything the app asks of one game), its command-line
//!   verbs, and the [`room::Registry`] the app reads.
//! - [`view`]: what the shell needs from a game's view ([`view::GameView`]) and from its hand
//!   play ([`view::HandPlay`]); the [`view::Track`] every game fills the same way.
//! - [`series`]: the score series and markers of a [`view::Track`], with summaries by buckets
//!   of steps, so that a frame draws them at a cost that does not grow with the replay.
//! - [`thinking`]: what the bots drew and how long they thought, per player and step, and
//!   where a game's places are on the screen ([`thinking::BoardSpace`]).

pub mod room;
pub mod series;
pub mod thinking;
pub mod view;
