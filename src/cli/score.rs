//! `kibitz score GAME ...`: official scoring of solution files.

use crate::games::icfp2015::{load_problem, phrases_or_known, score_file, score_table};
use clap::{Args, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct ScoreArgs {
    #[command(subcommand)]
    pub game: ScoreGame,
}

#[derive(Subcommand)]
pub enum ScoreGame {
    /// ICFP 2015: score an output file (a JSON list of problemId/seed/tag/solution).
    #[command(after_help = "A table goes to stderr; the last stdout line is a JSON array, one entry per record in input\n\
        order: problemId, seed, tag, score, moveScore, powerScore, phrases (phrase -> count), error.\n\
        A file that starts with HTTP headers is read from its first '['.\n\
        Example: kibitz score icfp2015 --problem problems/problem_*.json --solution out.json")]
    Icfp2015(Icfp2015Score),
}

#[derive(Args)]
pub struct Icfp2015Score {
    /// Problem files (official JSON); records are matched to them by problem id.
    #[arg(long, num_args = 1.., required = true)]
    pub problem: Vec<PathBuf>,
    /// The solution file.
    #[arg(long)]
    pub solution: PathBuf,
    /// A phrase of power (repeat it); without any, the 18 phrases of the contest apply.
    #[arg(short = 'p', long = "phrase")]
    pub phrases: Vec<String>,
}

pub fn run(args: ScoreArgs) -> anyhow::Result<ExitCode> {
    let ScoreGame::Icfp2015(args) = args.game;
    let problems = args.problem.iter().map(|p| load_problem(p)).collect::<anyhow::Result<Vec<_>>>()?;
    let text = std::fs::read_to_string(&args.solution).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", args.solution.display()))?;
    let scored =
        score_file(&problems, &text, &phrases_or_known(&args.phrases)).map_err(|e| anyhow::anyhow!("{}: {e}", args.solution.display()))?;
    eprint!("{}", score_table(&scored));
    println!("{}", serde_json::to_string(&scored)?);
    Ok(ExitCode::SUCCESS)
}
