//! `kibitz serve wycinanka` and `kibitz match wycinanka`.

use crate::kit::server::{ListenArgs, TurnArgs, match_clients, serve};
use clap::{Args, Parser};
use kibitz_wycinanka::{Params, WycinankaRules};
use std::process::ExitCode;

/// The sheet and the orders: wycinanka's own parameters (docs/rules/wycinanka.md).
#[derive(Args)]
#[command(next_help_heading = "The sheet and the orders")]
pub struct SheetArgs {
    /// The sheet is cut from a WIDTH × HEIGHT grid (45 × 45: about 2,000 vertices).
    #[arg(long, default_value_t = 45)]
    pub width: u32,
    #[arg(long, default_value_t = 45)]
    pub height: u32,
    /// Turns in each game.
    #[arg(long, default_value_t = 600)]
    pub game_turns: u32,
    /// Orders placed before the first turn.
    #[arg(long, default_value_t = 2)]
    pub initial_orders: u32,
    /// The smallest and largest orders, in vertices.
    #[arg(long, default_value_t = 4)]
    pub min_order: u32,
    #[arg(long, default_value_t = 25)]
    pub max_order: u32,
    /// Orders out of a hundred drawn from another graph (probably not in the sheet).
    #[arg(long, default_value_t = 20)]
    pub impossible_percent: u32,
}

impl SheetArgs {
    pub fn params(&self) -> Params {
        Params {
            width: self.width,
            height: self.height,
            turns: self.game_turns,
            initial_orders: self.initial_orders,
            min_order: self.min_order,
            max_order: self.max_order,
            impossible_percent: self.impossible_percent,
        }
    }
}

/// Wycinanka (Deadline24 2012): the TCP server where teams race to find order graphs in the sheet.
#[derive(Parser)]
#[command(name = "wycinanka")]
#[command(after_help = "The teams file (RON): [(login: \"team1\", password: \"secret1\"), (login: \"team2\", password: \"secret2\")]\n\
        Protocol: docs/rules/wycinanka.md. Example:\n  \
        kibitz serve wycinanka --teams teams.ron --listen 127.0.0.1:20000 --spectate 127.0.0.1:20100 --out game.jsonl")]
pub struct ServeArgs {
    #[command(flatten)]
    pub listen: ListenArgs,
    #[command(flatten)]
    pub turns: TurnArgs,
    #[command(flatten)]
    pub sheet: SheetArgs,
}

/// Wycinanka: a server on a free loopback port and one team per client command; each client is
/// started with `sh -c 'CLIENT HOST PORT LOGIN PASSWORD'` (the same four in KIBITZ_HOST,
/// KIBITZ_PORT, KIBITZ_LOGIN, KIBITZ_PASSWORD).
#[derive(Parser)]
#[command(name = "wycinanka")]
#[command(
    after_help = "The last stdout line: {\"scores\": each team's points × K summed over the games, \"names\", \"failed\", \"replays\", ...}.\n\
        Example: kibitz match wycinanka --game-turns 60 --turn-ms 200 --out race.jsonl \\\n  \
        -- 'kibitz bot wycinanka solver' 'kibitz bot wycinanka solver'"
)]
pub struct MatchArgs {
    #[command(flatten)]
    pub turns: TurnArgs,
    #[command(flatten)]
    pub sheet: SheetArgs,
    /// The clients' command lines, one argument each, after `--`.
    #[arg(last = true, required = true)]
    pub clients: Vec<String>,
}

pub fn run_serve(args: ServeArgs) -> anyhow::Result<ExitCode> {
    serve::<WycinankaRules>(args.sheet.params(), &args.turns, &args.listen)
}

pub fn run_match(args: MatchArgs) -> anyhow::Result<serde_json::Value> {
    match_clients::<WycinankaRules>(args.sheet.params(), &args.turns, &args.clients)
}
