//! `kibitz match GAME ... -- BOT_CMD...`.

use crate::games;
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use kibitz_referee::{BotLimits, MatchOptions};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

#[derive(Args)]
pub struct MatchArgs {
    #[command(subcommand)]
    pub game: MatchGame,
}

#[derive(Subcommand)]
pub enum MatchGame {
    /// Lighthouses (Faros Laser): 2+ bots over stdio JSON lines.
    #[command(after_help = "Each BOT_CMD is one argument, run with `sh -c`; player k is the k-th.\n\
        Example: kibitz match lighthouses --map maps/lighthouses/harbour.txt --rounds 200 --out game.jsonl \\\n  \
        -- 'kibitz bot lighthouses greedy' 'python3 mybot.py'")]
    Lighthouses(LighthousesMatch),
}

/// Recording options and limits every bot game shares.
#[derive(Args)]
pub struct Common {
    /// Where to write the replay (JSON Lines, written as the match goes).
    #[arg(long)]
    pub out: PathBuf,
    /// The match seed (recorded; games with chance use it).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    #[command(flatten)]
    pub limits: LimitArgs,
}

impl Common {
    pub fn options(&self) -> (MatchOptions, BotLimits) {
        let limits = self.limits.limits();
        (MatchOptions { seed: self.seed, limits: Some(limits.to_record()), stop: None }, limits)
    }
}

/// Bots' time limits.
#[derive(Args)]
pub struct LimitArgs {
    /// Time a bot has to greet, in ms.
    #[arg(long, default_value_t = BotLimits::DEFAULT.init.as_millis() as u64)]
    pub init_ms: u64,
    /// Answers slower than this are logged in the replay, in ms.
    #[arg(long, default_value_t = BotLimits::DEFAULT.turn_soft.as_millis() as u64)]
    pub turn_soft_ms: u64,
    /// Answers slower than this fail the bot, in ms.
    #[arg(long, default_value_t = BotLimits::DEFAULT.turn_hard.as_millis() as u64)]
    pub turn_hard_ms: u64,
}

impl LimitArgs {
    pub fn limits(&self) -> BotLimits {
        BotLimits {
            init: Duration::from_millis(self.init_ms),
            turn_soft: Duration::from_millis(self.turn_soft_ms),
            turn_hard: Duration::from_millis(self.turn_hard_ms),
        }
    }
}

#[derive(Args)]
pub struct LighthousesMatch {
    /// A map in the original text format.
    #[arg(long)]
    pub map: PathBuf,
    /// Number of rounds.
    #[arg(long, default_value_t = 100)]
    pub rounds: u32,
    #[command(flatten)]
    pub common: Common,
    /// The bots' command lines, one argument each, after `--`.
    #[arg(last = true, required = true, num_args = 2..)]
    pub bots: Vec<String>,
}

/// A progress bar on stderr when it is a terminal, hidden otherwise.
pub fn progress_bar(rounds: u64) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(rounds), ProgressDrawTarget::stderr());
    if !std::io::stderr().is_terminal() {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    bar.set_style(
        ProgressStyle::with_template("{spinner} round {pos}/{len} [{bar:40}] {elapsed} (eta {eta})")
            .expect("valid template")
            .progress_chars("=> "),
    );
    bar
}

pub fn run(args: MatchArgs) -> anyhow::Result<ExitCode> {
    let summary = match args.game {
        MatchGame::Lighthouses(a) => games::lighthouses::run_match(&a)?,
    };
    // The last line on stdout is the summary, for scripts.
    println!("{}", serde_json::to_string(&summary)?);
    Ok(ExitCode::SUCCESS)
}
