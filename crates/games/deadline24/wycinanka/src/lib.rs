//! Wycinanka (Deadline24 2012 final, seed 002 §6): teams race to find order graphs in a large
//! planar material graph, the "sheet"; the I-th team to fulfil an order earns P × 0.9^I. Played
//! over the common Deadline24 text protocol. Rules only: no sockets, no clocks, no rendering.
//! Spec: `../shared/rules-notes/deadline24-spec.md` §3; our decisions in
//! `docs/rules/wycinanka.md`.
//!
//! - [`graph`]: undirected graphs, and the check of a solution (a subgraph monomorphism);
//! - [`generate`]: parameters, the sheet generator and the order generator;
//! - [`rules`]: every command with its answers and errors, and the turn boundary;
//! - `placed`: the orders in play and their accepted cuts (re-exported by [`rules`]);
//! - `schedule`: the orders of every turn, drawn once for a game, ahead of play if asked;
//! - [`world`]: world files, a sheet and its orders as text;
//! - [`layout`]: where to draw a graph whose vertices have no positions;
//! - [`hand`]: a solution put together by hand, vertex by vertex.

pub mod generate;
pub mod graph;
pub mod hand;
pub mod layout;
mod placed;
pub mod rules;
mod schedule;
pub mod sheet;
pub mod world;

pub use generate::Params;
pub use rules::{WycinankaRules, WycinankaState, world_of};
pub use world::World;

/// Wycinanka as a [`kibitz_core::Game`]: one step per command line, one tick per turn end.
pub type Wycinanka = kibitz_deadline24::Realtime<WycinankaRules>;
/// Its setup: the common server parameters and wycinanka's own.
pub type Setup = kibitz_deadline24::Setup<Params>;

kibitz_core::replay_functions!(Wycinanka);
