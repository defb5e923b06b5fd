//! ICFP 2015 (Honeycomb) in the app: official scoring, running contest solvers, our own solver's
//! command line, the hex view, and hand play.

mod cli;
mod edit;
mod hand;
mod inputs;
mod score;
mod solver;
mod view;

use crate::kit::contract::room::{Opened, Room, Session, Verb, VerifyReport, open_loaded, verify_report};
use crate::kit::matches::summary::Summary;
use kibitz_core::Game;
use kibitz_icfp2015::Icfp2015;
use std::path::Path;
use std::process::ExitCode;
use view::Icfp2015View;

pub struct Icfp2015Room;

impl Room for Icfp2015Room {
    fn id(&self) -> &'static str {
        Icfp2015::ID
    }

    fn about(&self) -> &'static str {
        "ICFP Programming Contest 2015 (Honeycomb): one solver, JSON problems in, solutions out"
    }

    fn verify(&self, text: &str) -> Result<VerifyReport, String> {
        verify_report::<Icfp2015>(kibitz_icfp2015::check_replay(text))
    }

    fn open(&self, text: &str, title: String) -> Result<Opened, String> {
        open_loaded(kibitz_icfp2015::load_replay(text), title, Icfp2015View::new)
    }

    fn match_verb(&self) -> Option<Verb<Summary>> {
        Some(Verb::checked(cli::check_match, cli::run_match))
    }

    /// A match records its problem's source seed (the given seed modulo their count), in its
    /// setup too.
    fn records_match_seed(&self) -> bool {
        false
    }

    fn map_format(&self) -> Option<Box<dyn crate::kit::editor::MapFormat>> {
        Some(Box::new(edit::Icfp2015Problems))
    }

    fn play_verb(&self) -> Option<Verb<Session>> {
        Some(Verb::new(cli::play))
    }

    fn hand_keys(&self) -> &'static [(&'static str, &'static str)] {
        hand::HELP
    }

    fn score_verb(&self) -> Option<Verb<ExitCode>> {
        Some(Verb::new(cli::score))
    }

    fn solve_verb(&self) -> Option<Verb<ExitCode>> {
        Some(Verb::new(cli::solve))
    }

    fn replay_of_solution(&self, problem: &Path, solution: &Path, seed: Option<u32>) -> Option<anyhow::Result<String>> {
        Some(solver::replay_of_solution(problem, solution, seed))
    }
}
