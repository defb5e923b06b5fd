//! `kibitz serve fedrunek` and `kibitz match fedrunek`.

use crate::kit::server::{ListenArgs, TurnArgs, match_clients, serve};
use clap::{Args, Parser};
use kibitz_fedrunek::{FedrunekRules, Params, Profile};
use std::process::ExitCode;

/// The asteroid: fedrunek's own parameters (docs/rules/fedrunek.md).
#[derive(Args)]
#[command(next_help_heading = "The asteroid")]
pub struct WorldArgs {
    /// The cube's side N (the contest's example used 128).
    #[arg(long, default_value_t = 32)]
    pub n: i32,
    /// How depth relates to stone and metal: crust (server A1), core (A2), layers (A3).
    #[arg(long, default_value = "crust", value_parser = ["crust", "core", "layers"])]
    pub profile: String,
    #[arg(long, default_value_t = 12)]
    pub stations: usize,
    #[arg(long, default_value_t = 6)]
    pub workshops: usize,
    /// Scouts every team starts with, 1–5 (default: drawn from the seed).
    #[arg(long)]
    pub scouts: Option<u32>,
    /// Miners every team starts with, 1–5 (default: drawn from the seed).
    #[arg(long)]
    pub miners: Option<u32>,
    /// The game ends after this turn if 90 % of the metal is never mined.
    #[arg(long, default_value_t = 1000)]
    pub max_turns: u32,
}

impl WorldArgs {
    pub fn params(&self) -> Params {
        let profile = match self.profile.as_str() {
            "core" => Profile::Core,
            "layers" => Profile::Layers,
            _ => Profile::Crust,
        };
        Params {
            n: self.n,
            profile,
            stations: self.stations,
            workshops: self.workshops,
            initial_scouts: self.scouts,
            initial_miners: self.miners,
            max_turns: self.max_turns,
        }
    }
}

/// Fedrunek (Deadline24 2012): the TCP server for teams of mining robots in a cubic asteroid.
#[derive(Parser)]
#[command(name = "fedrunek")]
#[command(after_help = "The teams file (RON): [(login: \"team1\", password: \"secret1\"), (login: \"team2\", password: \"secret2\")]\n\
        Protocol: docs/rules/fedrunek.md. Example:\n  \
        kibitz serve fedrunek --teams teams.ron --listen 127.0.0.1:20000 --spectate 127.0.0.1:20100 --out game.jsonl")]
pub struct ServeArgs {
    #[command(flatten)]
    pub listen: ListenArgs,
    #[command(flatten)]
    pub turns: TurnArgs,
    #[command(flatten)]
    pub world: WorldArgs,
}

/// Fedrunek: a server on a free loopback port and one team per client command; each client is
/// started with `sh -c 'CLIENT HOST PORT LOGIN PASSWORD'` (the same four in KIBITZ_HOST,
/// KIBITZ_PORT, KIBITZ_LOGIN, KIBITZ_PASSWORD).
#[derive(Parser)]
#[command(name = "fedrunek")]
#[command(
    after_help = "The last stdout line: {\"scores\": each team's (A + S²) × K summed over the games, \"names\", \"failed\", \"replays\", ...}.\n\
        Example: kibitz match fedrunek --n 16 --turn-ms 100 --turns 100 --out game.jsonl \\\n  \
        -- 'kibitz bot fedrunek greedy' 'python3 docs/clients/fedrunek.py'"
)]
pub struct MatchArgs {
    #[command(flatten)]
    pub turns: TurnArgs,
    #[command(flatten)]
    pub world: WorldArgs,
    /// The clients' command lines, one argument each, after `--`.
    #[arg(last = true, required = true)]
    pub clients: Vec<String>,
}

pub fn run_serve(args: ServeArgs) -> anyhow::Result<ExitCode> {
    serve::<FedrunekRules>(args.world.params(), &args.turns, &args.listen)
}

pub fn run_match(args: MatchArgs) -> anyhow::Result<serde_json::Value> {
    match_clients::<FedrunekRules>(args.world.params(), &args.turns, &args.clients)
}
