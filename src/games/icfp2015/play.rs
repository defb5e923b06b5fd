//! `kibitz play icfp2015`: the game by hand in the window.

use super::view::Icfp2015View;
use crate::kit::contract::view::Session;
use kibitz_cli::games::icfp2015::cli::*;
use kibitz_cli::games::icfp2015::inputs::{load_problem, phrases_or_known};
use kibitz_cli::kit::matches::args::load;
use kibitz_core::Game;
use kibitz_icfp2015::{Icfp2015, read_solutions};

/// A new game, or a solution continued by hand.
pub fn play(args: PlayArgs) -> anyhow::Result<Session> {
    let problem = load_problem(&args.problem)?;
    let seed = args.seed.unwrap_or(problem.source_seeds()[0]);
    if !problem.source_seeds().contains(&seed) {
        anyhow::bail!("{}: seed {seed} is not one of the problem's sourceSeeds {:?}", args.problem.display(), problem.source_seeds());
    }
    let prefix: Vec<char> = match &args.from {
        Some(path) => {
            let records = load(path, read_solutions)?;
            let record = records
                .iter()
                .find(|r| r.problem_id == problem.id() && r.seed == seed)
                .ok_or_else(|| anyhow::anyhow!("{} has no solution for problem {} seed {seed}", path.display(), problem.id()))?;
            record.solution.chars().collect()
        }
        None => Vec::new(),
    };
    let out = args.out.clone().unwrap_or_else(|| kibitz_cli::kit::matches::recording::default_out(Icfp2015::ID));
    let solution_out = args.solution_out.clone().unwrap_or_else(|| out.with_extension("solution.json"));
    let setup = kibitz_icfp2015::Setup { problem, seed, phrases: phrases_or_known(&args.phrases) };
    let title = format!("problem {} seed {seed} by hand", setup.problem.id());
    let view = Icfp2015View::hand(title, setup, &args.name, &prefix, out.clone(), solution_out.clone()).map_err(anyhow::Error::msg)?;
    eprintln!("the solution is saved to {} as you play", solution_out.display());
    Ok(Session { view: Box::new(view), out, screenshot: args.screenshot })
}
