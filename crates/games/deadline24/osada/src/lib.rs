//! Osada (Deadline24 2012 final, seed 002 §7): teams of stormtroopers, snipers and builders
//! defend a settlement against waves of coors that try to steal their banners; kills count
//! double while a team's banner is on its mast. Played over the common Deadline24 text
//! protocol. Rules only: no sockets, no clocks, no rendering. Spec:
//! `../shared/rules-notes/deadline24-spec.md` §4; our decisions in `docs/rules/osada.md`.
//!
//! - [`settlement`]: the board's terrain and masts, and settlement files;
//! - [`generate`]: the settlement generator;
//! - [`params`]: the game's parameters, and which games of a series share a settlement;
//! - [`rules`]: every command with its answers and errors;
//! - [`turn`]: a round's end, its beetle phase and its coor phase;
//! - [`coors`]: the coors' three strategies;
//! - [`chance`]: the one source of chance, which tests can force;
//! - [`hand`]: what a human's clicks mean in hand play, and what a command would be answered;
//! - [`state`]: the state, cheap to copy; [`report`]: what a round's end records.

pub mod chance;
pub mod coors;
pub mod generate;
pub mod hand;
pub mod params;
pub mod report;
pub mod rules;
pub mod settlement;
pub mod state;
pub mod turn;

pub use params::{MoveCoords, Next, Params, Profile, Run};
pub use report::{Event, TurnReport, Weapon};
pub use rules::OsadaRules;
pub use settlement::Settlement;
pub use state::OsadaState;

/// Osada as a [`kibitz_core::Game`]: one step per command line, one tick per round's end.
pub type Osada = kibitz_deadline24::Realtime<OsadaRules>;
/// Its setup: the common server parameters and osada's own.
pub type Setup = kibitz_deadline24::Setup<Params>;

kibitz_core::replay_functions!(Osada);
