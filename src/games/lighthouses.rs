//! Lighthouses in the app: running matches (the view comes with the viewer).

use crate::cli::match_cmd::{LighthousesMatch, progress_bar};
use crate::cli::play::LighthousesPlay;
use crate::games::play::{Fresh, play_live};
use crate::viewer::LighthousesView;
use crate::viewer::session::GameView;
use anyhow::Context;
use kibitz_lighthouses::{Lighthouses, Map, Setup};
use kibitz_referee::{BotSeat, MatchSummary, Seat};
use std::fs::File;
use std::io::BufWriter;
use std::path::PathBuf;

/// Reads a map file, naming the file, line and column of any problem.
pub fn load_map(path: &std::path::Path) -> anyhow::Result<Map> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    Map::parse(&text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
}

pub fn run_match(args: &LighthousesMatch) -> anyhow::Result<MatchSummary> {
    // A broken map is refused before any bot starts.
    let map = load_map(&args.map)?;
    if args.bots.len() > map.start_count() {
        anyhow::bail!("{}: the map has {} start cells, too few for {} bots", args.map.display(), map.start_count(), args.bots.len());
    }
    let setup = Setup { map, rounds: args.rounds };
    let (options, limits) = args.common.options();
    let out = File::create(&args.common.out).with_context(|| format!("cannot create {}", args.common.out.display()))?;
    let mut seats: Vec<Box<dyn Seat<Lighthouses>>> = args
        .bots
        .iter()
        .enumerate()
        .map(|(k, cmd)| Box::new(BotSeat::spawn(cmd, &format!("Player {k}"), limits)) as Box<dyn Seat<Lighthouses>>)
        .collect();
    let bar = progress_bar(args.rounds as u64);
    let summary = kibitz_referee::run_match::<Lighthouses>(&setup, &mut seats, &options, BufWriter::new(out), |p| {
        bar.set_position(p.round as u64 + 1)
    })?;
    bar.finish_and_clear();
    Ok(summary)
}

/// Sets up `kibitz play lighthouses`: a new match, or a replay continued by hand.
pub fn play(args: &LighthousesPlay) -> anyhow::Result<(Box<dyn GameView>, PathBuf)> {
    let fresh = |humans: &[usize]| {
        let Some(map_path) = &args.map else { anyhow::bail!("give --map or --from") };
        let map = load_map(map_path)?;
        let players = humans.len() + args.seats.bots.len();
        if players > map.start_count() {
            anyhow::bail!("{}: the map has {} start cells, too few for {players} players", map_path.display(), map.start_count());
        }
        let title = format!("hand play on {}", map_path.display());
        Ok(Fresh { setup: Setup { map, rounds: args.rounds }, players, bots: args.seats.bots.clone(), title })
    };
    play_live(&args.seats, fresh, LighthousesView::live)
}
