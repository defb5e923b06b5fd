//! The contract between a game's room and the command line.
//!
//! - [`room`]: the [`room::Room`] trait (everything the command line asks of one game), its
//!   verbs, and the [`room::Registry`] it reads.

pub mod room;
