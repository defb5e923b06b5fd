//! Wycinanka (Deadline24 2012) in the app: its server and client matches on the command line,
//! world files (`kibitz sheet`), its solver client, its view, and hand play on a server the
//! app hosts.

pub mod cli;

use crate::kit::contract::room::{Bots, Capabilities, Room, Verb, VerifyReport, verify_report};
use crate::kit::deadline24::server;
use kibitz_core::Game;
use kibitz_deadline24_client::Connect;
use kibitz_wycinanka::Wycinanka;

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

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            bots: Some(Bots {
                strategies: kibitz_bots::wycinanka::STRATEGIES,
                run: |strategy, seed, args| kibitz_bots::wycinanka::run(strategy, seed, &Connect::from_args_or_env(args)?),
            }),
            tools: vec![Verb::new(cli::sheet)],
            ..server::capabilities::<cli::SheetArgs>(
                "each team's points × K summed over the games",
                "kibitz match wycinanka --game-turns 60 --turn-ms 200 --out race.jsonl \\\n  -- 'kibitz bot wycinanka solver --seed 1' 'kibitz bot wycinanka solver --seed 2'",
                "Wycinanka (Deadline24 2012): the TCP server where teams race to find order graphs in the sheet",
            )
        }
    }
}
