//! Fedrunek (Deadline24 2012 final, seed 002 §5): teams of mining robots in a cubic asteroid,
//! played over the common Deadline24 text protocol. Rules only: no sockets, no clocks, no
//! rendering. Spec: `../shared/rules-notes/deadline24-spec.md` §2; our decisions in
//! `docs/rules/fedrunek.md`.
//!
//! - [`world`]: the cube, its fields and tunnels, stored in chunks that copies share;
//! - [`generate`]: parameters, depth profiles and the world generator;
//! - [`robots`]: scouts and miners, skills, operations, the numbers tables;
//! - [`rules`]: every command with its answers and errors, and the turn boundary;
//! - [`knowledge`]: what one team has learnt, for the "as team k" view;
//! - [`hand`]: what a human's clicks and buttons in hand play send.

pub mod generate;
pub mod hand;
pub mod knowledge;
pub mod robots;
pub mod rules;
pub mod world;

pub use generate::{Params, Profile};
pub use rules::{FedrunekRules, FedrunekState, TurnReport};

/// Fedrunek as a [`kibitz_core::Game`]: one step per command line, one tick per turn end.
pub type Fedrunek = kibitz_deadline24::Realtime<FedrunekRules>;
/// Its setup: the common server parameters and fedrunek's own.
pub type Setup = kibitz_deadline24::Setup<Params>;

kibitz_core::replay_functions!(Fedrunek);
