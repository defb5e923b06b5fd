//! Amazes (CodeCup 2010) in the app: its command-line verbs (and `kibitz maze`), its view with
//! each player's knowledge, and hand play in the fog.

mod cli;
mod edit;
mod hand;
mod view;

use crate::kit::contract::room::{Opened, Room, Session, Verb, VerifyReport, no_bot_arguments, open_loaded, verify_report};
use crate::kit::matches::summary::Summary;
use kibitz_amazes::Amazes;
use kibitz_core::Game;
use std::process::ExitCode;
use view::AmazesView;

pub struct AmazesRoom;

impl Room for AmazesRoom {
    fn id(&self) -> &'static str {
        Amazes::ID
    }

    fn about(&self) -> &'static str {
        "Amazes (CodeCup 2010): two bots explore a maze in the fog over stdio lines"
    }

    fn verify(&self, text: &str) -> Result<VerifyReport, String> {
        verify_report::<Amazes>(kibitz_amazes::check_replay(text))
    }

    fn open(&self, text: &str, title: String) -> Result<Opened, String> {
        open_loaded(kibitz_amazes::load_replay(text), title, AmazesView::new)
    }

    fn match_verb(&self) -> Option<Verb<Summary>> {
        Some(Verb::checked(cli::check_match, cli::run_match))
    }

    fn play_verb(&self) -> Option<Verb<Session>> {
        Some(Verb::new(cli::play))
    }

    fn hand_keys(&self) -> &'static [(&'static str, &'static str)] {
        hand::HELP
    }

    fn tools(&self) -> Vec<Verb<ExitCode>> {
        vec![Verb::new(cli::maze)]
    }

    fn map_format(&self) -> Option<Box<dyn crate::kit::editor::MapFormat>> {
        Some(Box::new(edit::AmazeMazes))
    }

    fn bot_strategies(&self) -> &'static [(&'static str, &'static str)] {
        kibitz_bots::amazes::STRATEGIES
    }

    fn run_bot(&self, strategy: &str, seed: u64, args: &[String]) -> Result<(), String> {
        no_bot_arguments(args)?;
        kibitz_bots::run_stdio(kibitz_bots::amazes::make(strategy, seed)?.as_mut())
    }
}
