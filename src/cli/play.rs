//! `kibitz play GAME ... [-- BOT_CMD...]`: a human at the table, bots in the other seats.

use super::match_cmd::LimitArgs;
use crate::games;
use clap::{Args, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct PlayArgs {
    #[command(subcommand)]
    pub game: PlayGame,
}

#[derive(Subcommand)]
pub enum PlayGame {
    /// Lighthouses: you in one or more seats, bot processes in the others.
    #[command(after_help = "Keys when it is your turn: 1-9 move like a keypad (8 up), 5 passes, X attacks/recharges with the\n\
        amount in the box; click a neighbouring cell to move, a lighthouse whose key you hold to connect.\n\
        Examples:\n  kibitz play lighthouses --map maps/lighthouses/duel.txt -- 'kibitz bot lighthouses greedy'\n  \
        kibitz play lighthouses --from replays/lighthouses-duel.jsonl --turn 120")]
    Lighthouses(LighthousesPlay),
}

#[derive(Args)]
pub struct LighthousesPlay {
    /// A map in the original text format (not with --from).
    #[arg(long, required_unless_present = "from", conflicts_with = "from")]
    pub map: Option<PathBuf>,
    /// Number of rounds (not with --from).
    #[arg(long, default_value_t = 50, conflicts_with = "from")]
    pub rounds: u32,
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
    /// Where to record the game (default: kibitz-play-lighthouses-TIME.jsonl here).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The match seed (recorded).
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

pub fn run(args: PlayArgs) -> anyhow::Result<ExitCode> {
    let (view, out, screenshot) = match args.game {
        PlayGame::Lighthouses(a) => {
            let (view, out) = games::lighthouses::play(&a)?;
            (view, out, a.screenshot)
        }
    };
    eprintln!("recording to {}", out.display());
    let options = crate::viewer::ViewerOptions { screenshot, ..Default::default() };
    let code = crate::viewer::run_with(options, Some(view))?;
    // The window is closed and the match closed with it: check what was recorded.
    let text = std::fs::read_to_string(&out)?;
    let report = games::verify(&text).map_err(|e| anyhow::anyhow!("{}: {e}", out.display()))?;
    let verified = report.verdict.as_ref().is_ok_and(|_| report.damage.is_none());
    let summary = serde_json::json!({
        "replay": out,
        "steps": report.steps,
        "verified": verified,
        "scores": report.verdict.as_ref().ok().map(|v| v.scores.clone()),
        "error": report.verdict.as_ref().err().map(ToString::to_string).or(report.damage.map(|d| d.to_string())),
    });
    println!("{summary}");
    Ok(if !verified { ExitCode::from(super::EXIT_FAILED) } else { code })
}
