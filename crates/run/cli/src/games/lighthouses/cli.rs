//! `kibitz match lighthouses` and `kibitz play lighthouses`.

use crate::kit::matches::args::{Common, SeatArgs, check_out, load, within};
use crate::kit::matches::summary::Summary;
use crate::kit::turn::seats::run_bot_match;
use clap::Parser;
use kibitz_core::Game;
use kibitz_lighthouses::{Lighthouses, Map, ROUNDS, Setup};
use std::path::PathBuf;

/// `kibitz match lighthouses` (its help's first line is the room's description).
#[derive(Parser)]
#[command(name = "lighthouses")]
#[command(after_help = "Each BOT_CMD is one argument, run with `sh -c`; player k is the k-th.\n\
        Example: kibitz match lighthouses --map maps/lighthouses/harbour.txt --rounds 200 --out game.jsonl \\\n  \
        -- 'kibitz bot lighthouses greedy' 'python3 mybot.py'")]
pub struct MatchArgs {
    /// A map in the original text format.
    #[arg(long)]
    pub map: PathBuf,
    /// Number of rounds.
    #[arg(long, default_value_t = 100, value_parser = within(ROUNDS))]
    pub rounds: u32,
    #[command(flatten)]
    pub common: Common,
    /// The bots' command lines, one argument each, after `--`.
    #[arg(last = true, required = true, num_args = 2..)]
    pub bots: Vec<String>,
}

/// Lighthouses: you in one or more seats, bot processes in the others.
#[derive(Parser)]
#[command(name = "lighthouses")]
#[command(after_help = "Examples:\n  kibitz play lighthouses --map maps/lighthouses/duel.txt -- 'kibitz bot lighthouses greedy'\n  \
        kibitz play lighthouses --from replays/lighthouses-duel.jsonl --turn 120")]
pub struct PlayArgs {
    /// A map in the original text format (not with --from).
    #[arg(long, required_unless_present = "from", conflicts_with = "from")]
    pub map: Option<PathBuf>,
    /// Number of rounds (not with --from).
    #[arg(long, default_value_t = 50, conflicts_with = "from", value_parser = within(ROUNDS))]
    pub rounds: u32,
    #[command(flatten)]
    pub seats: SeatArgs,
}

pub fn load_map(path: &std::path::Path) -> anyhow::Result<Map> {
    load(path, Map::parse)
}

/// Everything a match checks before a bot starts: the map, the seats it has, the rules' start.
pub fn check_match(args: MatchArgs) -> anyhow::Result<(MatchArgs, Setup)> {
    let map = load_map(&args.map)?;
    if args.bots.len() > map.start_count() {
        anyhow::bail!("{}: the map has {} start cells, too few for {} bots", args.map.display(), map.start_count(), args.bots.len());
    }
    let setup = Setup { map, rounds: args.rounds };
    Lighthouses::start(&setup, args.bots.len(), args.common.seed).map_err(|e| anyhow::anyhow!("{}: {e}", args.map.display()))?;
    check_out(&args.common.out)?;
    Ok((args, setup))
}

pub fn run_match((args, setup): (MatchArgs, Setup)) -> anyhow::Result<Summary> {
    let finished = run_bot_match::<Lighthouses>(&setup, &args.bots, &args.common, args.rounds as u64)?;
    Ok(Summary::of_match::<Lighthouses>(args.common.out.clone(), finished.summary))
}
