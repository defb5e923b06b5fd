//! Wycinanka (Deadline24 2012) on the command line: its server and client matches, world
//! files (`kibitz sheet`) and its solver client. Its view and hand play are the window's
//! (`src/games/wycinanka`).

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
            starter: Some(crate::starter!()),
            ..server::capabilities::<cli::SheetArgs>(
                "each team's points × K summed over the games",
                "kibitz match wycinanka --game-turns 60 --turn-ms 200 --out race.jsonl \\\n  -- 'kibitz bot wycinanka solver --seed 1' 'kibitz bot wycinanka solver --seed 2'",
                "Wycinanka (Deadline24 2012): the TCP server where teams race to find order graphs in the sheet",
            )
        }
    }
}
