//! Osada (Deadline24 2012) in the app: its server and client matches on the command line,
//! settlement files (`kibitz settlement`), its defender client, its view, and hand play on a
//! server the app hosts.

mod cli;
mod edit;
mod hand;
mod play;
mod view;

use crate::kit::contract::room::{Opened, Room, Session, Verb, VerifyReport, open_loaded, verify_report};
use crate::kit::deadline24::served::PreparedServer;
use crate::kit::deadline24::server;
use crate::kit::matches::summary::Summary;
use kibitz_core::Game;
use kibitz_osada::Osada;
use std::process::ExitCode;
use view::OsadaView;

pub struct OsadaRoom;

impl Room for OsadaRoom {
    fn id(&self) -> &'static str {
        Osada::ID
    }

    fn about(&self) -> &'static str {
        "Osada (Deadline24 2012): teams defend a settlement against coors that steal banners, over a TCP server"
    }

    fn verify(&self, text: &str) -> Result<VerifyReport, String> {
        verify_report::<Osada>(kibitz_osada::check_replay(text))
    }

    fn open(&self, text: &str, title: String) -> Result<Opened, String> {
        open_loaded(kibitz_osada::load_replay(text), title, OsadaView::new)
    }

    fn match_verb(&self) -> Option<Verb<Summary>> {
        Some(server::match_verb::<cli::OsadaArgs>(
            "each team's glory × K summed over the games",
            "kibitz match osada --n 128 --profile thieves --game-turns 100 --turn-ms 100 --out siege.jsonl \\\n  -- 'kibitz bot osada defender' 'python3 docs/clients/osada.py'",
        ))
    }

    fn play_verb(&self) -> Option<Verb<Session>> {
        Some(play::verb())
    }

    fn hand_keys(&self) -> &'static [(&'static str, &'static str)] {
        hand::HELP
    }

    fn tools(&self) -> Vec<Verb<ExitCode>> {
        vec![Verb::new(cli::settlement)]
    }

    fn serve_verb(&self) -> Option<Verb<ExitCode>> {
        Some(server::serve_verb::<cli::OsadaArgs>("Osada (Deadline24 2012): the TCP server where teams defend a settlement against coors"))
    }

    fn contest_verb(&self) -> Option<Verb<PreparedServer>> {
        Some(server::contest_verb::<cli::OsadaArgs>())
    }

    fn map_format(&self) -> Option<Box<dyn crate::kit::editor::MapFormat>> {
        Some(Box::new(edit::OsadaSettlements))
    }

    fn bot_strategies(&self) -> &'static [(&'static str, &'static str)] {
        kibitz_bots::osada::STRATEGIES
    }

    fn run_bot(&self, strategy: &str, seed: u64, args: &[String]) -> Result<(), String> {
        let connect = kibitz_deadline24_client::Connect::from_args_or_env(args)?;
        kibitz_bots::osada::run(strategy, seed, &connect)
    }
}
