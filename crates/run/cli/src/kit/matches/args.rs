//! Command-line arguments every game with bot seats shares, flattened into each game's own
//! `match` and `play` arguments.

use clap::Args;
use kibitz_core::bounded::LIMIT_MS;
use kibitz_core::replay::Limits;
use kibitz_core::{BotProtocol, Bounded};
use kibitz_referee::{BotLimits, MatchOptions};
use std::path::{Path, PathBuf};

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
    /// The match's options and its bots' limits (the game's own where none are given).
    pub fn options<G: BotProtocol>(&self) -> (MatchOptions, BotLimits) {
        let limits = self.limits.limits::<G>();
        (MatchOptions::bots(self.seed, limits), limits)
    }
}

/// The help's heading of the time limits. Set on each argument: a struct's `next_help_heading`
/// would carry over to every argument after it (the bots, `--watch`).
const TIME_LIMITS: &str = "Time limits (default: the game's own; see docs/rules)";

/// Bots' time limits; each defaults to the game's own (`kibitz_core::BotProtocol::LIMITS`).
#[derive(Args)]
pub struct LimitArgs {
    /// Time a bot has to greet, in ms.
    #[arg(long, value_parser = within(LIMIT_MS), help_heading = TIME_LIMITS)]
    pub init_ms: Option<u64>,
    /// Answers slower than this are noted in the replay, in ms.
    #[arg(long, value_parser = within(LIMIT_MS), help_heading = TIME_LIMITS)]
    pub turn_soft_ms: Option<u64>,
    /// Answers slower than this fail the bot, in ms.
    #[arg(long, value_parser = within(LIMIT_MS), help_heading = TIME_LIMITS)]
    pub turn_hard_ms: Option<u64>,
    /// The hard limit of a bot's first answer (its start-up counts), in ms.
    #[arg(long, value_parser = within(LIMIT_MS), help_heading = TIME_LIMITS)]
    pub first_turn_ms: Option<u64>,
    /// A bot's total thinking time over the game (wall clock on its turns), in ms; 0 for none.
    #[arg(long, value_parser = within(LIMIT_MS), help_heading = TIME_LIMITS)]
    pub total_ms: Option<u64>,
}

impl LimitArgs {
    pub fn limits<G: BotProtocol>(&self) -> BotLimits {
        let game = G::LIMITS;
        BotLimits::from_record(Limits {
            init_ms: self.init_ms.unwrap_or(game.init_ms),
            turn_soft_ms: self.turn_soft_ms.unwrap_or(game.turn_soft_ms),
            turn_hard_ms: self.turn_hard_ms.unwrap_or(game.turn_hard_ms),
            first_turn_ms: self.first_turn_ms.or(game.first_turn_ms),
            total_ms: self.total_ms.or(game.total_ms).filter(|&ms| ms > 0),
        })
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
    /// Where to record the game (default: kibitz-play-GAME-TIME.jsonl in ~/.local/share/kibitz/games, or $KIBITZ_DATA_DIR).
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

/// The value parser of every count that must be at least 1 and is no number of a game's setup
/// (those have their rules' bounds: [`within`]), naming the flag (exit 2).
pub fn at_least_one<T>(text: &str) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + From<u8>,
    T::Err: std::fmt::Display,
{
    let count: T = text.parse().map_err(|e: T::Err| e.to_string())?;
    if count < T::from(1) {
        return Err("must be at least 1".to_string());
    }
    Ok(count)
}

/// The value parser of a flag that sets a number of a game's setup: `bound` is the rules
/// crate's, so the flag refuses (naming itself, exit 2) exactly what a replay's setup may not
/// hold.
pub fn within<T>(bound: Bounded<T>) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static
where
    T: Copy + PartialOrd + std::fmt::Display + std::str::FromStr + Send + Sync + 'static,
{
    move |text| bound.parse(text)
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

/// Refuses an `--out` whose folder does not exist (before a match starts anything, rather than
/// after it ran).
pub fn check_out(out: &Path) -> anyhow::Result<()> {
    let folder = out.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    anyhow::ensure!(folder.is_dir(), "--out {}: there is no folder {}", out.display(), folder.display());
    Ok(())
}

/// The replay file of game `game` out of `games` in a series: `out` itself for one game, else
/// NAME-gK.EXT beside it.
pub fn replay_path(out: &Path, game: u32, games: u32) -> PathBuf {
    if games <= 1 {
        return out.to_path_buf();
    }
    let stem = out.file_stem().map_or("replay".into(), |s| s.to_string_lossy().into_owned());
    let ext = out.extension().map_or("jsonl".into(), |e| e.to_string_lossy().into_owned());
    out.with_file_name(format!("{stem}-g{game}.{ext}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_start_at_one() {
        assert_eq!(at_least_one::<u32>("3"), Ok(3));
        assert_eq!(at_least_one::<u64>("0"), Err("must be at least 1".to_string()));
        assert!(at_least_one::<u32>("-1").is_err());
    }

    #[test]
    fn a_bounded_flag_takes_only_its_bounds() {
        let parse = within(Bounded::new("turns", 1u32, 1000));
        assert_eq!(parse("1000"), Ok(1000));
        assert_eq!(parse("1001"), Err("must be 1 to 1000".to_string()));
        assert_eq!(parse("-1"), Err("must be 1 to 1000".to_string()));
    }
}
