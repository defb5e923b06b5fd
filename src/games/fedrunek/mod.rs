//! Fedrunek (Deadline24 2012) in the app: its server and client matches on the command line,
//! its sample client, its view, and hand play on a server the app hosts.

mod cli;
mod hand;
mod play;
mod view;

use crate::kit::contract::room::{Opened, Room, Session, Verb, VerifyReport, open_loaded, verify_report};
use crate::kit::deadline24::served::PreparedServer;
use crate::kit::deadline24::server;
use crate::kit::matches::summary::Summary;
use kibitz_core::Game;
use kibitz_fedrunek::Fedrunek;
use std::process::ExitCode;
use view::FedrunekView;

pub struct FedrunekRoom;

impl Room for FedrunekRoom {
    fn id(&self) -> &'static str {
        Fedrunek::ID
    }

    fn about(&self) -> &'static str {
        "Fedrunek (Deadline24 2012): teams of mining robots in a cubic asteroid, over a TCP server"
    }

    fn verify(&self, text: &str) -> Result<VerifyReport, String> {
        verify_report::<Fedrunek>(kibitz_fedrunek::check_replay(text))
    }

    fn open(&self, text: &str, title: String) -> Result<Opened, String> {
        open_loaded(kibitz_fedrunek::load_replay(text), title, FedrunekView::new)
    }

    fn match_verb(&self) -> Option<Verb<Summary>> {
        Some(server::match_verb::<cli::WorldArgs>(
            "each team's (A + S²) × K summed over the games",
            "kibitz match fedrunek --n 16 --turn-ms 100 --turns 100 --out game.jsonl \\\n  -- 'kibitz bot fedrunek greedy' 'python3 docs/clients/fedrunek.py'",
        ))
    }

    fn play_verb(&self) -> Option<Verb<Session>> {
        Some(play::verb())
    }

    fn hand_keys(&self) -> &'static [(&'static str, &'static str)] {
        hand::HELP
    }

    fn serve_verb(&self) -> Option<Verb<ExitCode>> {
        Some(server::serve_verb::<cli::WorldArgs>(
            "Fedrunek (Deadline24 2012): the TCP server for teams of mining robots in a cubic asteroid",
        ))
    }

    fn contest_verb(&self) -> Option<Verb<PreparedServer>> {
        Some(server::contest_verb::<cli::WorldArgs>())
    }

    fn bot_strategies(&self) -> &'static [(&'static str, &'static str)] {
        kibitz_bots::fedrunek::STRATEGIES
    }

    fn run_bot(&self, strategy: &str, seed: u64, args: &[String]) -> Result<(), String> {
        let connect = kibitz_deadline24_client::Connect::from_args_or_env(args)?;
        kibitz_bots::fedrunek::run(strategy, seed, &connect)
    }
}
