//! The registry: the one list of the games this command line knows, one room (folder) each. A
//! room holds everything the command line knows about its game (arguments, matches, bots,
//! servers); its rules live in their own crate, its view in the window's library. Adding a
//! game: its folder here, its `mod` line below and its entry in [`registry`], and the same in
//! the window's `src/games` (see docs/architecture.md).

pub mod amazes;
pub mod fedrunek;
pub mod icfp2015;
pub mod lighthouses;
pub mod osada;
pub mod snakecore;
pub mod wycinanka;

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
