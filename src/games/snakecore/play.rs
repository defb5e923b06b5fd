//! `kibitz play snakecore`: the game by hand in the window.

use super::view::SnakeCoreView;
use crate::kit::contract::view::Session;
use crate::kit::turn::by_hand::play_live;
use kibitz_cli::games::snakecore::cli::*;
use kibitz_cli::kit::matches::args::file_name;
use kibitz_cli::kit::turn::seats::Fresh;

/// A new game against bots (our greedy python in every seat not played by hand unless
/// commands are given), or a replay continued by hand.
pub fn play(args: PlayArgs) -> anyhow::Result<Session> {
    let fresh = |humans: &[usize]| {
        let Some(path) = &args.map else { anyhow::bail!("give --map or --from") };
        let setup = load_setup(path, args.turns, None)?;
        let players = setup.map.snakes.len();
        let bots = if args.seats.bots.is_empty() {
            vec!["kibitz bot snakecore greedy".to_string(); players.saturating_sub(humans.len())]
        } else {
            args.seats.bots.clone()
        };
        Ok(Fresh { setup, players, bots, title: format!("hand play on {}", file_name(path)) })
    };
    play_live(&args.seats, fresh, SnakeCoreView::live)
}
