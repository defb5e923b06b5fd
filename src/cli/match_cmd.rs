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
    /// ICFP 2015: run a contest solver once on a problem, score its answer, record a replay.
    #[command(after_help = "SOLVER_CMD is run with `sh -c` and the contest's flags appended:\n\
        -f PROBLEM -t SECONDS -m MEGABYTES -c CORES [-p PHRASE]...; it prints a JSON list of\n\
        {problemId, seed, tag, solution} on stdout. The replay records the chosen seed's game.\n\
        Example: kibitz match icfp2015 --problem problem_3.json --out p3.jsonl -- 'kibitz solve icfp2015'")]
    Icfp2015(Icfp2015Match),
    /// Amazes (CodeCup 2010): Red and Blue bots explore a maze over stdio lines, 150 turns each.
    #[command(after_help = "The last stdout line: {\"scores\": final 0..1000, \"points\": before the transformation,\n\
        \"failed\": [...], \"end\": \"normal\" or \"sudden death\", ...}.\n\
        Example: kibitz match amazes --maze maps/amazes/kibitz-1.txt --out game.jsonl \\\n  \
        -- 'kibitz bot amazes explorer' 'kibitz bot amazes random --seed 3'")]
    Amazes(AmazesMatch),
}

#[derive(Args)]
pub struct AmazesMatch {
    /// A maze in the CodeCup format (51 lines), optionally with two start lines first.
    #[arg(long)]
    pub maze: PathBuf,
    /// Starting positions of Red and Blue as ROW,COLUMN,FACING (1-based, facing N/E/S/W); by
    /// default the maze file's start lines, or positions chosen from the seed.
    #[arg(long, num_args = 2, value_names = ["RED", "BLUE"])]
    pub start: Option<Vec<String>>,
    #[command(flatten)]
    pub common: Common,
    /// Red's and Blue's command lines, one argument each, after `--`.
    #[arg(last = true, required = true)]
    pub bots: Vec<String>,
    #[arg(skip)]
    pub red: String,
    #[arg(skip)]
    pub blue: String,
}

#[derive(Args)]
pub struct Icfp2015Match {
    /// The problem file (official JSON).
    #[arg(long)]
    pub problem: PathBuf,
    /// The source seed to record (default: the problem's first).
    #[arg(long)]
    pub seed: Option<u32>,
    /// Where to write the replay.
    #[arg(long)]
    pub out: PathBuf,
    /// The time limit passed with -t and enforced, in seconds.
    #[arg(short = 't', long = "time-limit", default_value_t = 60)]
    pub time_limit: u64,
    /// The memory limit passed with -m, in megabytes (passed on, not enforced).
    #[arg(short = 'm', long = "memory", default_value_t = 2048)]
    pub memory: u32,
    /// The cores passed with -c.
    #[arg(short = 'c', long = "cores", default_value_t = 1)]
    pub cores: u32,
    /// A phrase of power, passed with -p and scored (repeat it); without any, the 18 known ones.
    #[arg(short = 'p', long = "phrase")]
    pub phrases: Vec<String>,
    /// The solver's command line, after `--`.
    #[arg(last = true, required = true, num_args = 1)]
    pub solver: Vec<String>,
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
        MatchGame::Lighthouses(a) => serde_json::to_value(games::lighthouses::run_match(&a)?)?,
        MatchGame::Amazes(mut a) => {
            if a.bots.len() != 2 {
                anyhow::bail!("amazes needs exactly two bot commands after --: Red's and Blue's (got {})", a.bots.len());
            }
            (a.red, a.blue) = (a.bots[0].clone(), a.bots[1].clone());
            serde_json::to_value(games::amazes::run_match(&a)?)?
        }
        MatchGame::Icfp2015(a) => {
            let run = games::icfp2015::SolverRun {
                problem_path: &a.problem,
                seed: a.seed,
                out: &a.out,
                time_limit: Duration::from_secs(a.time_limit),
                memory_mb: a.memory,
                cores: a.cores,
                phrases: games::icfp2015::phrases_or_known(&a.phrases),
                solver: &a.solver[0],
            };
            let summary = games::icfp2015::run_solver(&run)?;
            match &summary.failed {
                Some(reason) => eprintln!("the solver failed: {reason}"),
                None => eprintln!(
                    "problem {} seed {}: score {} ({} move + {} power)",
                    summary.problem_id, summary.seed, summary.score, summary.move_score, summary.power_score
                ),
            }
            serde_json::to_value(summary)?
        }
    };
    // The last line on stdout is the summary, for scripts.
    println!("{summary}");
    Ok(ExitCode::SUCCESS)
}
