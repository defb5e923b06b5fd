//! `kibitz match snakecore` (a game, or a series with fresh bot processes each game) and
//! `kibitz play snakecore`.

use crate::kit::matches::args::{Common, SeatArgs, check_out, load, within};
use crate::kit::matches::summary::Summary;
use crate::kit::turn::seats::run_bot_games;
use clap::Parser;
use kibitz_core::Game;
use kibitz_core::bounded::GAMES;
use kibitz_core::replay::Failure;
use kibitz_snakecore::{DEFAULT_TURNS, Map, Setup, SnakeCore, TURNS};
use std::path::{Path, PathBuf};

/// SnakeCore (2008): one bot process per python on the map, speaking the seed's protocol
/// (getName, getAction; answers U L D R N A), with the seed's limits: 15 s for the first answer,
/// 1 s for each later one, 2 minutes of thinking per game.
#[derive(Parser)]
#[command(name = "snakecore")]
#[command(after_help = "The last stdout line is the summary (docs/cli.md): \"scores\" are each player's points summed over the\n\
        games, \"replays\" one per game; snakecore adds \"games\" and \"rounds\".\n\
        Example: kibitz match snakecore --map maps/snakecore/duel.txt --turns 200 --out game.jsonl \\\n  \
        -- 'kibitz bot snakecore greedy' 'kibitz bot snakecore random --seed 3'")]
pub struct MatchArgs {
    /// The map: the board as the protocol sends it, then a `snake X Y …` line per python.
    #[arg(long)]
    pub map: PathBuf,
    /// Turns each python takes in a game.
    #[arg(long, default_value_t = DEFAULT_TURNS, value_parser = within(TURNS))]
    pub turns: u32,
    /// Games to play one after another (seed, seed + 1, …), the bots started afresh for each
    /// (as the seed does); game K goes to NAME-gK.jsonl. The scores are summed.
    #[arg(long, default_value_t = 1, value_parser = within(GAMES))]
    pub games: u32,
    #[command(flatten)]
    pub common: Common,
    /// One bot command per python, in the map's order, one argument each, after `--`.
    #[arg(last = true, required = true)]
    pub bots: Vec<String>,
}

/// SnakeCore by hand: steer your python with the keys below; bot processes play the other
/// pythons (default: our greedy python).
#[derive(Parser)]
#[command(name = "snakecore")]
#[command(after_help = "Examples:\n  kibitz play snakecore --map maps/snakecore/duel.txt\n  \
        kibitz play snakecore --from replays/snakecore-greedy-vs-random.jsonl --turn 100")]
pub struct PlayArgs {
    /// A map file; not with --from.
    #[arg(long, required_unless_present = "from", conflicts_with = "from")]
    pub map: Option<PathBuf>,
    /// Turns each python takes.
    #[arg(long, default_value_t = DEFAULT_TURNS, value_parser = within(TURNS))]
    pub turns: u32,
    #[command(flatten)]
    pub seats: SeatArgs,
}

/// The map, checked as the game will start it, before any bot runs.
pub fn load_setup(path: &Path, turns: u32, players: Option<usize>) -> anyhow::Result<Setup> {
    let map = load(path, Map::parse)?;
    let setup = Setup { map, turns };
    let players = players.unwrap_or(setup.map.snakes.len());
    SnakeCore::start(&setup, players, 0).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    Ok(setup)
}

/// Everything a match checks before a bot starts: the map, a python a bot, the rules' start.
pub fn check_match(args: MatchArgs) -> anyhow::Result<(MatchArgs, Setup)> {
    let setup = load_setup(&args.map, args.turns, Some(args.bots.len()))?;
    check_out(&args.common.out)?;
    Ok((args, setup))
}

pub fn run_match((args, setup): (MatchArgs, Setup)) -> anyhow::Result<Summary> {
    let played = run_bot_games::<SnakeCore>(&setup, &args.bots, &args.common, args.games, u64::from(args.turns))?;
    let players = args.bots.len();
    let scores: Vec<i64> = (0..players).map(|k| played.iter().map(|(_, f)| f.summary.scores[k]).sum()).collect();
    let failed: Vec<Failure> = played.iter().flat_map(|(_, f)| f.summary.failed.clone()).collect();
    let names = played.first().map(|(_, f)| f.summary.names.clone()).unwrap_or_default();
    let replays: Vec<PathBuf> = played.into_iter().map(|(path, _)| path).collect();
    Ok(Summary::new(SnakeCore::ID, SnakeCore::SCORE_DECIMALS, replays, names, &scores, failed)
        .with("games", args.games)
        .with("rounds", args.turns * args.games))
}
