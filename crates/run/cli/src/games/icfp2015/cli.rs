//! `kibitz match icfp2015`, `play icfp2015`, `score icfp2015` and `solve icfp2015`.

use super::inputs::{load_problem, phrases_or_known};
use super::score::{score_file, score_table};
use super::solver::{SolverRun, run_solver};
use crate::kit::matches::args::within;
use crate::kit::matches::summary::Summary;
use clap::Parser;
use kibitz_core::replay::Failure;
use kibitz_core::{Bounded, Game};
use kibitz_icfp2015::{Icfp2015, SolutionRecord};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// A solver's time limit (`-t`), in seconds: up to a day, so that its deadline is a time the
/// clock can hold.
const TIME_LIMIT: Bounded<u64> = Bounded::new("time limit", 1, 86_400);

/// ICFP 2015: run a contest solver once on a problem, score its answer, record a replay.
#[derive(Parser)]
#[command(name = "icfp2015")]
#[command(after_help = "SOLVER_CMD is run with `sh -c` and the contest's flags appended:\n\
        -f PROBLEM -t SECONDS -m MEGABYTES -c CORES [-p PHRASE]...; it prints a JSON list of\n\
        {problemId, seed, tag, solution} on stdout. The replay records the chosen seed's game.\n\
        Example: kibitz match icfp2015 --problem problem_3.json --out p3.jsonl -- 'kibitz solve icfp2015'")]
pub struct MatchArgs {
    /// The problem file (official JSON).
    #[arg(long)]
    pub problem: PathBuf,
    /// The source seed to record (default: the problem's first). A number that is not one of
    /// the problem's sourceSeeds picks the one at that number modulo their count, so that any
    /// seed (a tournament's, say) records one of them.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Where to write the replay.
    #[arg(long)]
    pub out: PathBuf,
    /// The time limit passed with -t and enforced, in seconds.
    #[arg(short = 't', long = "time-limit", default_value_t = 60, value_parser = within(TIME_LIMIT))]
    pub time_limit: u64,
    /// The memory limit passed with -m and enforced (as address space), in megabytes.
    #[arg(short = 'm', long = "memory", default_value_t = 2048)]
    pub memory: u32,
    /// The cores passed with -c.
    #[arg(short = 'c', long = "cores", default_value_t = 1)]
    pub cores: u32,
    /// A phrase of power passed to the solver with -p (repeat it; default: the 18 known ones).
    /// Power is always scored against the known phrases, as the contest did.
    #[arg(short = 'p', long = "phrase")]
    pub phrases: Vec<String>,
    /// The solver's command line, after `--`.
    #[arg(last = true, required = true, num_args = 1)]
    pub solver: Vec<String>,
}

/// ICFP 2015: steer the units yourself; saved as an official solution file and a replay.
#[derive(Parser)]
#[command(name = "icfp2015")]
#[command(after_help = "A move that would repeat a position (an error: the board scores 0) is only played if its key\n\
        is pressed twice, or with Enter in the type box.\n\
        Example: kibitz play icfp2015 --problem problem_6.json --solution-out mine.json")]
pub struct PlayArgs {
    /// The problem file (official JSON).
    #[arg(long)]
    pub problem: PathBuf,
    /// The source seed (default: the problem's first).
    #[arg(long)]
    pub seed: Option<u32>,
    /// Continue a solution from this output file (its record for the problem and seed).
    #[arg(long)]
    pub from: Option<PathBuf>,
    /// Where to save the replay (default: kibitz-play-icfp2015-TIME.jsonl in ~/.local/share/kibitz/games, or $KIBITZ_DATA_DIR).
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

/// ICFP 2015: score an output file (a JSON list of problemId/seed/tag/solution).
#[derive(Parser)]
#[command(name = "icfp2015")]
#[command(after_help = "A table goes to stderr; the last stdout line is a JSON array, one entry per record in input\n\
        order: problemId, seed, tag, score, moveScore, powerScore, phrases (phrase -> count), error.\n\
        A file that starts with HTTP headers is read from its first '['.\n\
        Example: kibitz score icfp2015 --problem problems/problem_*.json --solution out.json")]
pub struct ScoreArgs {
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

/// ICFP 2015: place units sensibly and weave in phrases of power; prints a JSON list of
/// {problemId, seed, tag, solution}, one per seed of every problem.
#[derive(Parser)]
#[command(name = "icfp2015")]
#[command(after_help = "The flags are the contest's. Example: kibitz solve icfp2015 -f problem_3.json -t 10 -p 'ei!'")]
pub struct SolveArgs {
    /// A problem file (repeat for several).
    #[arg(short = 'f', required = true)]
    pub files: Vec<PathBuf>,
    /// Time limit for everything, in seconds.
    #[arg(short = 't', value_parser = within(TIME_LIMIT))]
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

/// Everything a match checks before the solver starts: the problem, the replay's folder; and
/// the source seed to record.
pub fn check_match(mut a: MatchArgs) -> anyhow::Result<MatchArgs> {
    let problem = load_problem(&a.problem)?;
    let seeds = problem.source_seeds();
    anyhow::ensure!(!seeds.is_empty(), "{}: the problem has no sourceSeeds", a.problem.display());
    a.seed = a.seed.map(|s| match u32::try_from(s).ok().filter(|s| seeds.contains(s)) {
        Some(listed) => u64::from(listed),
        None => u64::from(seeds[(s % seeds.len() as u64) as usize]),
    });
    crate::kit::matches::args::check_out(&a.out)?;
    Ok(a)
}

pub fn run_match(a: MatchArgs) -> anyhow::Result<Summary> {
    let run = SolverRun {
        problem_path: &a.problem,
        seed: a.seed.and_then(|s| u32::try_from(s).ok()),
        out: &a.out,
        time_limit: Duration::from_secs(a.time_limit),
        memory_mb: a.memory,
        cores: a.cores,
        phrases: phrases_or_known(&a.phrases),
        solver: &a.solver[0],
    };
    let summary = run_solver(&run)?;
    if let Some(exit) = &summary.exit {
        eprintln!("the solver {exit}");
    }
    match &summary.failed {
        Some(reason) => eprintln!("the solver failed: {reason}"),
        None => eprintln!(
            "problem {} seed {}: score {} ({} move + {} power)",
            summary.problem_id, summary.seed, summary.score, summary.move_score, summary.power_score
        ),
    }
    let failed = summary.failed.iter().map(|reason| Failure { player: 0, reason: reason.clone() }).collect();
    let replays = vec![a.out.clone()];
    Ok(Summary::new(Icfp2015::ID, Icfp2015::SCORE_DECIMALS, replays, vec![summary.name.clone()], &summary.scores, failed)
        .with_fields(&summary))
}

pub fn score(args: ScoreArgs) -> anyhow::Result<ExitCode> {
    let problems = args.problem.iter().map(|p| load_problem(p)).collect::<anyhow::Result<Vec<_>>>()?;
    let text = std::fs::read_to_string(&args.solution).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", args.solution.display()))?;
    let scored =
        score_file(&problems, &text, &phrases_or_known(&args.phrases)).map_err(|e| anyhow::anyhow!("{}: {e}", args.solution.display()))?;
    eprint!("{}", score_table(&scored));
    crate::outln!("{}", serde_json::to_string(&scored)?)?;
    Ok(ExitCode::SUCCESS)
}

/// Our own solver, with the contest's command line, printing the contest's output format.
pub fn solve(args: SolveArgs) -> anyhow::Result<ExitCode> {
    let started = Instant::now();
    let problems = args.files.iter().map(|f| load_problem(f)).collect::<anyhow::Result<Vec<_>>>()?;
    let phrases = phrases_or_known(&args.phrases);
    let games: usize = problems.iter().map(|p| p.source_seeds().len()).sum();
    // The solver may overrun its deadline while it finishes a game (it then only drops units),
    // so plan with under a third of the limit; share that between the games.
    let budget = args.time.map(|t| Duration::from_secs(t).mul_f64(0.3));
    let mut out = Vec::new();
    let recorded: Option<u32> = std::env::var(super::solver::SEED_VARIABLE).ok().and_then(|s| s.parse().ok());
    let mut drawn = false;
    for (k, problem) in problems.iter().enumerate() {
        for &seed in problem.source_seeds() {
            let done = out.len();
            let deadline = budget.map(|b| started + b.mul_f64((done + 1) as f64 / games.max(1) as f64));
            let options = kibitz_bots::icfp2015::Options { deadline, ..Default::default() };
            let report = kibitz_bots::icfp2015::solve_with(problem, seed, &phrases, &options);
            if !drawn && recorded.is_none_or(|s| s == seed) {
                // The placements it chose, for the viewer (docs/debug-drawing.md), of one game:
                // the one `kibitz match icfp2015` records (its KIBITZ_SEED), else the first.
                drawn = true;
                let mut sketch = kibitz_bots::Sketch::default();
                sketch.add(format_args!("note placements drawn for problem {} seed {seed}", problem.id()));
                report.drawing().iter().for_each(|line| sketch.add(line));
                sketch.show();
            }
            let solution = report.solution;
            out.push(SolutionRecord { problem_id: problem.id(), seed, tag: Some(args.tag.clone()), solution });
            eprintln!("problem {} ({}/{}) seed {seed}: done", problem.id(), k + 1, problems.len());
        }
    }
    crate::outln!("{}", serde_json::to_string(&out)?)?;
    Ok(ExitCode::SUCCESS)
}
