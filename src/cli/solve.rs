//! `kibitz solve icfp2015 -f PROBLEM... [-t] [-m] [-c] [-p]...`: our own solver, with the
//! contest's command line, printing the contest's output format. For `kibitz match icfp2015`
//! and for demo replays.

use crate::games::icfp2015::{load_problem, phrases_or_known};
use clap::{Args, Subcommand};
use kibitz_icfp2015::SolutionRecord;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

#[derive(Args)]
pub struct SolveArgs {
    #[command(subcommand)]
    pub game: SolveGame,
}

#[derive(Subcommand)]
pub enum SolveGame {
    /// ICFP 2015: place units sensibly and weave in phrases of power; prints a JSON list of
    /// {problemId, seed, tag, solution}, one per seed of every problem.
    #[command(after_help = "The flags are the contest's. Example: kibitz solve icfp2015 -f problem_3.json -t 10 -p 'ei!'")]
    Icfp2015(Icfp2015Solve),
}

#[derive(Args)]
pub struct Icfp2015Solve {
    /// A problem file (repeat for several).
    #[arg(short = 'f', required = true)]
    pub files: Vec<PathBuf>,
    /// Time limit for everything, in seconds.
    #[arg(short = 't')]
    pub time: Option<u64>,
    /// Memory limit in megabytes (accepted; the solver needs little).
    #[arg(short = 'm')]
    pub memory: Option<u64>,
    /// Cores available (accepted; the solver uses one).
    #[arg(short = 'c')]
    pub cores: Option<u32>,
    /// A phrase of power (repeat it); without any, the contest's 18.
    #[arg(short = 'p')]
    pub phrases: Vec<String>,
    /// The tag written with every solution.
    #[arg(long, default_value = "kibitz solver")]
    pub tag: String,
}

pub fn run(args: SolveArgs) -> anyhow::Result<ExitCode> {
    let SolveGame::Icfp2015(args) = args.game;
    let started = Instant::now();
    let problems = args.files.iter().map(|f| load_problem(f)).collect::<anyhow::Result<Vec<_>>>()?;
    let phrases = phrases_or_known(&args.phrases);
    let games: usize = problems.iter().map(|p| p.source_seeds().len()).sum();
    // The solver may overrun its deadline while it finishes a game (it then only drops units),
    // so plan with under a third of the limit; share that between the games.
    let budget = args.time.map(|t| Duration::from_secs(t).mul_f64(0.3));
    let mut out = Vec::new();
    for (k, problem) in problems.iter().enumerate() {
        for &seed in problem.source_seeds() {
            let done = out.len();
            let deadline = budget.map(|b| started + b.mul_f64((done + 1) as f64 / games.max(1) as f64));
            let solution = kibitz_bots::icfp2015::solve(problem, seed, &phrases, deadline);
            out.push(SolutionRecord { problem_id: problem.id(), seed, tag: Some(args.tag.clone()), solution });
            eprintln!("problem {} ({}/{}) seed {seed}: done", problem.id(), k + 1, problems.len());
        }
    }
    println!("{}", serde_json::to_string(&out)?);
    Ok(ExitCode::SUCCESS)
}
