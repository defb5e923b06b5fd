//! Kibitz's command line without the window: every verb that runs headless, and one room per
//! game with what those verbs need of it. The binary `kibitz` is this crate; the verbs that open
//! a window (`view`, `play`, `edit`, `broadcast`, `export`, `match --watch`, and `kibitz` alone)
//! are handed to the window's library, loaded only for them ([`cli::window`]).
//!
//! - [`cli`]: the command line; its game verbs come from the registry.
//! - [`games`]: the registry, and one headless room per game.
//! - [`kit`]: the contract between a room and the command line
//!   ([`kit::contract::room::Room`]) and the mechanisms every room shares.

pub mod cli;
pub mod games;
pub mod kit;
