//! The window's registry: each game's view room (folder) beside its headless room
//! (`kibitz_cli::games`). A view room holds what the window knows about its game: its view, its
//! hand play, its map editor. Adding a game: its folder here, its `mod` line below and its
//! entry in [`registry`] (see docs/architecture.md).

mod amazes;
mod fedrunek;
mod icfp2015;
mod lighthouses;
mod osada;
mod snakecore;
mod wycinanka;

use crate::kit::contract::view_room::ViewRegistry;

/// Every game, in the order `--help` lists them.
pub fn registry() -> ViewRegistry {
    ViewRegistry::new(
        kibitz_cli::games::registry(),
        &[
            &lighthouses::LighthousesViews,
            &snakecore::SnakeCoreViews,
            &fedrunek::FedrunekViews,
            &icfp2015::Icfp2015Views,
            &amazes::AmazesViews,
            &wycinanka::WycinankaViews,
            &osada::OsadaViews,
        ],
    )
}
