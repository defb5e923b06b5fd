//! The registry: the one list of the games this app knows, one room (folder) each. A room holds
//! everything the app knows about its game (command-line arguments, matches, hand play, view);
//! its rules live in their own crate. Adding a game: its folder here, its `mod` line below and
//! its entry in [`registry`] (see docs/architecture.md).

mod amazes;
mod fedrunek;
mod icfp2015;
mod lighthouses;
mod osada;
mod snakecore;
mod wycinanka;

use crate::kit::contract::room::Registry;

/// Every game, in the order `--help` lists them.
pub fn registry() -> Registry {
    Registry::new(&[
        &lighthouses::LighthousesRoom,
        &snakecore::SnakeCoreRoom,
        &fedrunek::FedrunekRoom,
        &icfp2015::Icfp2015Room,
        &amazes::AmazesRoom,
        &wycinanka::WycinankaRoom,
        &osada::OsadaRoom,
    ])
}
