//! Wycinanka (Deadline24 2012) in the app: its server and client matches on the command line,
//! its solver client, and its view.

mod cli;
mod view;

use crate::kit::room::{Opened, Room, Verb, VerifyReport, open_as, verify_as};
use kibitz_core::Game;
use kibitz_wycinanka::Wycinanka;
use std::process::ExitCode;
use view::WycinankaView;

pub struct WycinankaRoom;

impl Room for WycinankaRoom {
    fn id(&self) -> &'static str {
        Wycinanka::ID
    }

    fn about(&self) -> &'static str {
        "Wycinanka (Deadline24 2012): a race to find order graphs in a planar material graph, over a TCP server"
    }

    fn verify(&self, text: &str) -> Result<VerifyReport, String> {
        verify_as::<Wycinanka>(text)
    }

    fn open(&self, text: &str, title: String) -> Result<Opened, String> {
        open_as(text, title, WycinankaView::new)
    }

    fn match_verb(&self) -> Option<Verb<serde_json::Value>> {
        Some(Verb::new(cli::run_match))
    }

    fn serve_verb(&self) -> Option<Verb<ExitCode>> {
        Some(Verb::new(cli::run_serve))
    }

    fn bot_strategies(&self) -> &'static [&'static str] {
        kibitz_bots::wycinanka::STRATEGIES
    }

    fn run_bot(&self, strategy: &str, seed: u64, args: &[String]) -> Result<(), String> {
        let connect = kibitz_bots::deadline24::Connect::from_args_or_env(args)?;
        kibitz_bots::wycinanka::run(strategy, seed, &connect)
    }
}
