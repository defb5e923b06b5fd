//! `kibitz play amazes`: the game by hand in the window.

use super::view::AmazesView;
use crate::kit::contract::view::Session;
use crate::kit::turn::by_hand::play_live;
use kibitz_cli::games::amazes::cli::*;
use kibitz_cli::kit::matches::args::file_name;
use kibitz_cli::kit::turn::seats::Fresh;

/// A new match against a bot (our explorer unless a command is given), or a replay continued
/// by hand.
pub fn play(args: PlayArgs) -> anyhow::Result<Session> {
    let fresh = |humans: &[usize]| {
        let Some(maze_path) = &args.maze else { anyhow::bail!("give --maze or --from") };
        let setup = load_setup(maze_path, &args.start, args.seats.seed)?;
        let bots = if args.seats.bots.is_empty() && humans.len() < 2 {
            vec!["kibitz bot amazes explorer".to_string()]
        } else {
            args.seats.bots.clone()
        };
        Ok(Fresh { setup, players: 2, bots, title: format!("hand play on {}", file_name(maze_path)) })
    };
    play_live(&args.seats, fresh, AmazesView::live)
}
