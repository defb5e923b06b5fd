//! ICFP 2015 (Honeycomb) on the command line: official scoring, running contest solvers and
//! our own solver's command line. Its hex view and hand play are the window's
//! (`src/games/icfp2015`).

pub mod cli;
pub mod inputs;
pub mod score;
pub mod solver;

use crate::kit::contract::room::{Capabilities, Matches, Reruns, Room, Solutions, Verb, VerifyReport, verify_report};
use kibitz_core::Game;
use kibitz_icfp2015::Icfp2015;

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

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            // A match records its problem's source seed (the given seed modulo their count),
            // in its setup too.
            matches: Some(Matches { verb: Verb::checked(cli::check_match, cli::run_match), records_seed: false }),
            solutions: Some(Solutions { score: Verb::new(cli::score), solve: Verb::new(cli::solve), replay: solver::replay_of_solution }),
            reruns: Some(Reruns {
                input: solver::input,
                rerun: Some(solver::rerun),
                diff: kibitz_core::diff::diff::<kibitz_icfp2015::Icfp2015>,
            }),
            starter: Some(crate::starter!()),
            ..Default::default()
        }
    }
}
