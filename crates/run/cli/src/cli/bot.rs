//! `kibitz bot GAME STRATEGY`: our sample bots, speaking the game's protocol on stdin/stdout
//! (the server games': as TCP clients). Each game with bots is a subcommand, its help listing
//! its strategies ([`Room::bot_strategies`]).

use super::ForGame;
use super::exit::EXIT_FAILED;
use crate::kit::contract::room::{Registry, Room};
use clap::{Args, FromArgMatches};
use std::process::ExitCode;

/// What `kibitz bot GAME` takes.
#[derive(Args)]
pub struct BotArgs {
    /// The strategy (listed below; `list` prints their names).
    pub strategy: String,
    /// Seed for strategies that use chance.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Server games only: HOST PORT LOGIN PASSWORD (or the KIBITZ_HOST, KIBITZ_PORT,
    /// KIBITZ_LOGIN and KIBITZ_PASSWORD variables).
    #[arg(value_name = "HOST PORT LOGIN PASSWORD")]
    pub connect: Vec<String>,
}

/// `kibitz bot ID`, for a game with sample bots: its strategies, one line each, in its help.
pub fn command(room: &dyn Room) -> Option<clap::Command> {
    let strategies = room.capabilities().bots?.strategies;
    let width = strategies.iter().map(|(name, _)| name.len()).max()?;
    let rows: Vec<String> = strategies.iter().map(|(name, about)| format!("  {name:<width$}  {about}")).collect();
    let command = BotArgs::augment_args(clap::Command::new(room.id()));
    Some(command.about(room.about()).after_help(format!("Strategies:\n{}", rows.join("\n"))))
}

pub fn run(registry: &Registry, g: ForGame) -> anyhow::Result<ExitCode> {
    let room = registry.get(&g.game).map_err(anyhow::Error::msg)?;
    let args = BotArgs::from_arg_matches(&g.args)?;
    let bots = room.capabilities().bots.ok_or_else(|| anyhow::anyhow!("{} has no sample bots", g.game))?;
    let strategies: Vec<&str> = bots.strategies.iter().map(|(name, _)| *name).collect();
    if args.strategy == "list" {
        crate::outln!("{}", strategies.join("\n"))?;
        return Ok(ExitCode::SUCCESS);
    }
    if !strategies.contains(&args.strategy.as_str()) {
        anyhow::bail!("no {} bot called {:?}; try: {}", g.game, args.strategy, strategies.join(", "));
    }
    match (bots.run)(&args.strategy, args.seed, &args.connect) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) => {
            eprintln!("[{} {}] {e}", g.game, args.strategy);
            Ok(ExitCode::from(EXIT_FAILED))
        }
    }
}
