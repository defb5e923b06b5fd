//! Wycinanka (Deadline24 2012) in the app: its server and client matches on the command line,
//! world files (`kibitz sheet`), its solver client, its view, and hand play on a server the
//! app hosts.

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
        verify_report::<Wycinanka>(kibitz_wycinanka::check_replay(text))
    }

    fn open(&self, text: &str, title: String) -> Result<Opened, String> {
        open_loaded(kibitz_wycinanka::load_replay(text), title, WycinankaView::new)
    }

    fn match_verb(&self) -> Option<Verb<Summary>> {
        Some(server::match_verb::<cli::SheetArgs>(
            "each team's points × K summed over the games",
            "kibitz match wycinanka --game-turns 60 --turn-ms 200 --out race.jsonl \\\n  -- 'kibitz bot wycinanka solver --seed 1' 'kibitz bot wycinanka solver --seed 2'",
        ))
    }

    fn play_verb(&self) -> Option<Verb<Session>> {
        Some(play::verb())
    }

    fn hand_keys(&self) -> &'static [(&'static str, &'static str)] {
        hand::HELP
    }

    fn tools(&self) -> Vec<Verb<ExitCode>> {
        vec![Verb::new(cli::sheet)]
    }

    fn serve_verb(&self) -> Option<Verb<ExitCode>> {
        Some(server::serve_verb::<cli::SheetArgs>(
            "Wycinanka (Deadline24 2012): the TCP server where teams race to find order graphs in the sheet",
        ))
    }

    fn contest_verb(&self) -> Option<Verb<PreparedServer>> {
        Some(server::contest_verb::<cli::SheetArgs>())
    }

    fn map_format(&self) -> Option<Box<dyn crate::kit::editor::MapFormat>> {
        Some(Box::new(edit::WycinankaWorlds))
    }

    fn bot_strategies(&self) -> &'static [(&'static str, &'static str)] {
        kibitz_bots::wycinanka::STRATEGIES
    }

    fn run_bot(&self, strategy: &str, seed: u64, args: &[String]) -> Result<(), String> {
        let connect = kibitz_deadline24_client::Connect::from_args_or_env(args)?;
        kibitz_bots::wycinanka::run(strategy, seed, &connect)
    }
}
