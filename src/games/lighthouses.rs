//! Lighthouses in the app: running matches (the view comes with the viewer).

use crate::cli::match_cmd::{LighthousesMatch, progress_bar};
use crate::cli::play::LighthousesPlay;
use crate::games::play::{LivePlan, seat_plan, take_over};
use crate::viewer::LighthousesView;
use crate::viewer::session::GameView;
use kibitz_core::Game;
use kibitz_core::replay::Replay;
use kibitz_referee::MatchOptions;
use std::path::PathBuf;
use anyhow::Context;
use kibitz_lighthouses::{Lighthouses, Map, Setup};
use kibitz_referee::{BotSeat, MatchSummary, Seat};
use std::fs::File;
use std::io::BufWriter;

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
    let summary = kibitz_referee::run_match::<Lighthouses>(&setup, &mut seats, &options, BufWriter::new(out), |p| bar.set_position(p.round as u64 + 1))?;
    bar.finish_and_clear();
    Ok(summary)
}

/// Sets up `kibitz play lighthouses`: a new match, or a replay continued by hand.
pub fn play(args: &LighthousesPlay) -> anyhow::Result<(Box<dyn GameView>, PathBuf)> {
    let limits = args.limits.limits();
    let (plan, title) = match (&args.from, &args.map) {
        (Some(from), _) => {
            let text = std::fs::read_to_string(from).with_context(|| format!("cannot read {}", from.display()))?;
            let loaded = Replay::<Lighthouses>::parse(&text).map_err(|e| anyhow::anyhow!("{}: {e}", from.display()))?;
            let turn = args.turn.unwrap_or(0);
            let (plan, at) = take_over(&loaded.replay, turn, &args.humans, &args.bots, &args.name).map_err(anyhow::Error::msg)?;
            (plan, format!("{} continued by hand from step {at}", from.display()))
        }
        (None, Some(map_path)) => {
            let map = load_map(map_path)?;
            let humans = if args.humans.is_empty() { vec![0] } else { args.humans.clone() };
            let players = humans.len() + args.bots.len();
            if players > map.start_count() {
                anyhow::bail!("{}: the map has {} start cells, too few for {players} players", map_path.display(), map.start_count());
            }
            let seats = seat_plan::<Lighthouses>(players, &humans, &args.bots, &args.name, limits).map_err(anyhow::Error::msg)?;
            let options = MatchOptions { seed: args.seed, limits: Some(limits.to_record()), stop: None };
            let setup = Setup { map, rounds: args.rounds };
            (LivePlan { setup, seats, options, history: Vec::new() }, format!("hand play on {}", map_path.display()))
        }
        (None, None) => anyhow::bail!("give --map or --from"),
    };
    let out = args.out.clone().unwrap_or_else(|| crate::games::play::default_out(Lighthouses::ID));
    let live = plan.start(&out).map_err(anyhow::Error::msg)?;
    let view = LighthousesView::live(title, live, out.clone()).map_err(anyhow::Error::msg)?;
    Ok((Box::new(view), out))
}
