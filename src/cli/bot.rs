//! `kibitz bot GAME STRATEGY`: our sample bots, speaking the game's protocol on stdin/stdout.

use clap::Args;
use std::process::ExitCode;

#[derive(Args)]
#[command(
    after_help = "Example: kibitz match lighthouses --map maps/lighthouses/harbour.txt --rounds 200 \\\n  --out game.jsonl -- 'kibitz bot lighthouses greedy' 'kibitz bot lighthouses random --seed 7'"
)]
pub struct BotArgs {
    /// The game: lighthouses.
    pub game: String,
    /// The strategy: for lighthouses, greedy or random.
    pub strategy: String,
    /// Seed for strategies that use chance.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

pub fn run(args: BotArgs) -> anyhow::Result<ExitCode> {
    let mut bot = kibitz_bots::make(&args.game, &args.strategy, args.seed).map_err(anyhow::Error::msg)?;
    let stdin = std::io::stdin().lock();
    let stdout = std::io::stdout().lock();
    match kibitz_bots::run(bot.as_mut(), stdin, stdout) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) => {
            eprintln!("[{} {}] {e}", args.game, args.strategy);
            Ok(ExitCode::from(super::EXIT_FAILED))
        }
    }
}
