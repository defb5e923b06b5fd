//! `kibitz play lighthouses`: the game by hand in the window.

use super::view::LighthousesView;
use crate::kit::contract::view::Session;
use crate::kit::turn::by_hand::play_live;
use kibitz_cli::games::lighthouses::cli::*;
use kibitz_cli::kit::matches::args::file_name;
use kibitz_cli::kit::turn::seats::Fresh;
use kibitz_lighthouses::Setup;

/// A new match, or a replay continued by hand.
pub fn play(args: PlayArgs) -> anyhow::Result<Session> {
    let fresh = |humans: &[usize]| {
        let Some(map_path) = &args.map else { anyhow::bail!("give --map or --from") };
        let map = load_map(map_path)?;
        let players = humans.len() + args.seats.bots.len();
        if players > map.start_count() {
            anyhow::bail!("{}: the map has {} start cells, too few for {players} players", map_path.display(), map.start_count());
        }
        let title = format!("hand play on {}", file_name(map_path));
        Ok(Fresh { setup: Setup { map, rounds: args.rounds }, players, bots: args.seats.bots.clone(), title })
    };
    play_live(&args.seats, fresh, LighthousesView::live)
}
