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
    /// ICFP 2015: steer the units yourself; saved as an official solution file and a replay.
    #[command(after_help = "Keys: 4/6 move W/E, 1/3 move SW/SE, 7/9 turn counter-clockwise/clockwise, Backspace undoes;\n\
        click the type box to enter any command letters (phrases of power). A move that would repeat a\n\
        position (an error: the board scores 0) is only played if you press it twice.\n\
        Example: kibitz play icfp2015 --problem problem_6.json --solution-out mine.json")]
    Icfp2015(Icfp2015Play),
    /// Amazes: explore the maze by hand against a bot process, seeing only what you know.
    #[command(after_help = "Keys on your turn: Up/F step forward, Left/L and Right/R turn and step, Down/T turn\n\
        around and step, Backspace takes a move back, Enter sends the line; P switches between your\n\
        knowledge (the fog) and the truth. Without a BOT_CMD, our explorer plays the other colour.\n\
        Examples:\n  kibitz play amazes --maze maps/amazes/kibitz-1.txt\n  \
        kibitz play amazes --from replays/amazes-explorers.jsonl --turn 100")]
    Amazes(AmazesPlay),
}

#[derive(Args)]
pub struct AmazesPlay {
    /// A maze file (CodeCup format, optionally with start lines); not with --from.
    #[arg(long, required_unless_present = "from", conflicts_with = "from")]
    pub maze: Option<PathBuf>,
    /// Starting positions of Red and Blue as ROW,COLUMN,FACING (1-based).
    #[arg(long, num_args = 2, value_names = ["RED", "BLUE"], conflicts_with = "from")]
    pub start: Option<Vec<String>>,
    #[command(flatten)]
    pub seats: SeatArgs,
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

#[derive(Args)]
pub struct Icfp2015Play {
    /// The problem file (official JSON).
    #[arg(long)]
    pub problem: PathBuf,
    /// The source seed (default: the problem's first).
    #[arg(long)]
    pub seed: Option<u32>,
    /// Continue a solution from this output file (its record for the problem and seed).
    #[arg(long)]
    pub from: Option<PathBuf>,
    /// Where to save the replay (default: kibitz-play-icfp2015-TIME.jsonl here).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Where to save the solution in the official output format (default: beside the replay).
    #[arg(long)]
    pub solution_out: Option<PathBuf>,
    /// A phrase of power (repeat it); without any, the contest's 18.
    #[arg(short = 'p', long = "phrase")]
    pub phrases: Vec<String>,
    /// Your name in the replay.
    #[arg(long, default_value = "Human")]
    pub name: String,
    /// Show the first position in a real window, write it to this PNG and stop.
    #[arg(long)]
    pub screenshot: Option<PathBuf>,
}

#[derive(Args)]
pub struct LighthousesPlay {
    /// A map in the original text format (not with --from).
    #[arg(long, required_unless_present = "from", conflicts_with = "from")]
    pub map: Option<PathBuf>,
    /// Number of rounds (not with --from).
    #[arg(long, default_value_t = 50, conflicts_with = "from")]
    pub rounds: u32,
    #[command(flatten)]
    pub seats: SeatArgs,
}

pub fn run(args: PlayArgs) -> anyhow::Result<ExitCode> {
    let (view, out, screenshot) = match args.game {
        PlayGame::Lighthouses(a) => {
            let (view, out) = games::lighthouses::play(&a)?;
            (view, out, a.seats.screenshot)
        }
        PlayGame::Icfp2015(a) => {
            let (view, out) = games::icfp2015::play(&a)?;
            (view, out, a.screenshot)
        }
        PlayGame::Amazes(a) => {
            let (view, out) = games::amazes::play(&a)?;
            (view, out, a.seats.screenshot)
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
