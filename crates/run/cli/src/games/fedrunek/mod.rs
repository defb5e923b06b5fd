//! Fedrunek (Deadline24 2012) on the command line: its server and client matches and its
//! sample client. Its view and hand play are the window's (`src/games/fedrunek`).

pub mod cli;

use crate::kit::contract::room::{Bots, Capabilities, Room, VerifyReport, verify_report};
use crate::kit::deadline24::server;
use kibitz_core::Game;
use kibitz_deadline24_client::Connect;
use kibitz_fedrunek::Fedrunek;

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

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            bots: Some(Bots {
                strategies: kibitz_bots::fedrunek::STRATEGIES,
                run: |strategy, seed, args| kibitz_bots::fedrunek::run(strategy, seed, &Connect::from_args_or_env(args)?),
            }),
            starter: Some(crate::starter!()),
            ..server::capabilities::<cli::WorldArgs>(
                "each team's (A + S²) × K summed over the games",
                "kibitz match fedrunek --n 16 --turn-ms 100 --turns 100 --out game.jsonl \\\n  -- 'kibitz bot fedrunek greedy' 'python3 docs/clients/fedrunek.py'",
                "Fedrunek (Deadline24 2012): the TCP server for teams of mining robots in a cubic asteroid",
            )
        }
    }
}
