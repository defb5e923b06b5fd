//! Command-line arguments every game with bot seats shares, flattened into each game's own
//! `match` and `play` arguments.

use clap::Args;
use kibitz_referee::{BotLimits, MatchOptions};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Recording options and limits of `kibitz match`.
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
        (MatchOptions::bots(self.seed, limits), limits)
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

/// What `kibitz play` takes for every game with bot seats: where the game comes from, who
/// sits where, where it is recorded.
#[derive(Args)]
pub struct SeatArgs {
    /// Continue this replay by hand (take over) instead of starting a new match.
    #[arg(long, requires = "turn")]
    pub from: Option<PathBuf>,
    /// With --from: the step to continue after (moved on to the next player's turn).
    #[arg(long)]
    pub turn: Option<usize>,
    /// A seat played by hand (0-based); repeat it for several humans taking turns at one
    /// screen. Default: seat 0, or with --from the seat that is to move.
    #[arg(long = "human")]
    pub humans: Vec<usize>,
    /// Your name in the replay.
    #[arg(long, default_value = "Human")]
    pub name: String,
    /// Where to record the game (default: kibitz-play-GAME-TIME.jsonl here).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The match seed (recorded; games with chance use it).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Show the first position in a real window, write it to this PNG and stop (for docs and tests).
    #[arg(long)]
    pub screenshot: Option<PathBuf>,
    /// Bot command lines for the other seats, one argument each, after `--`. With --from and no
    /// bots, the replay's own bots play again.
    #[arg(last = true)]
    pub bots: Vec<String>,
}

/// A file's name without its folders, for titles (the full path is on the command line).
pub fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned())
}

/// Reads a text file of a game's own format with `parse`, naming the file (and the parser's
/// line and column) in any error.
pub fn load<T, E: std::fmt::Display>(path: &Path, parse: impl FnOnce(&str) -> Result<T, E>) -> anyhow::Result<T> {
    let text = std::fs::read_to_string(path).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
    parse(&text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
}
