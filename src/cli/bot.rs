//! `kibitz bot GAME STRATEGY`: our sample bots, speaking the game's protocol on stdin/stdout.

use super::exit::EXIT_FAILED;
use crate::kit::room::Registry;
use clap::Args;
use std::process::ExitCode;

#[derive(Args)]
#[command(after_help = "Example: kibitz match lighthouses --map maps/lighthouses/harbour.txt --rounds 200 \\\n  \
    --out game.jsonl -- 'kibitz bot lighthouses greedy' 'kibitz bot lighthouses random --seed 7'\n\
    Run `kibitz bot GAME list` for a game's strategies.")]
pub struct BotArgs {
    /// The game.
    pub game: String,
    /// The strategy (`list` names them).
    pub strategy: String,
    /// Seed for strategies that use chance.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Server games only: HOST PORT LOGIN PASSWORD (or the KIBITZ_HOST, KIBITZ_PORT,
    /// KIBITZ_LOGIN and KIBITZ_PASSWORD variables).
    #[arg(value_name = "HOST PORT LOGIN PASSWORD")]
    pub connect: Vec<String>,
}

pub fn run(registry: &Registry, args: BotArgs) -> anyhow::Result<ExitCode> {
    let room = registry.get(&args.game).map_err(anyhow::Error::msg)?;
    let strategies = room.bot_strategies();
    if strategies.is_empty() {
        anyhow::bail!("no sample bots for {} yet", args.game);
    }
    if args.strategy == "list" {
        crate::outln!("{}", strategies.join("\n"))?;
        return Ok(ExitCode::SUCCESS);
    }
    if !strategies.contains(&args.strategy.as_str()) {
        anyhow::bail!("no {} bot called {:?}; try: {}", args.game, args.strategy, strategies.join(", "));
    }
    match room.run_bot(&args.strategy, args.seed, &args.connect) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) => {
            eprintln!("[{} {}] {e}", args.game, args.strategy);
            Ok(ExitCode::from(EXIT_FAILED))
        }
    }
}
