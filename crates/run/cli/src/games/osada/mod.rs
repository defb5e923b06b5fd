//! Osada (Deadline24 2012) on the command line: its server and client matches, settlement
//! files (`kibitz settlement`) and its defender client. Its view and hand play are the
//! window's (`src/games/osada`).

pub mod cli;

use crate::kit::contract::room::{Bots, Capabilities, Room, Verb, VerifyReport, verify_report};
use crate::kit::deadline24::server;
use kibitz_core::Game;
use kibitz_deadline24_client::Connect;
use kibitz_osada::Osada;

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

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            bots: Some(Bots {
                strategies: kibitz_bots::osada::STRATEGIES,
                run: |strategy, seed, args| kibitz_bots::osada::run(strategy, seed, &Connect::from_args_or_env(args)?),
            }),
            tools: vec![Verb::new(cli::settlement)],
            starter: Some(crate::starter!()),
            ..server::capabilities::<cli::OsadaArgs>(
                "each team's glory × K summed over the games",
                "kibitz match osada --n 128 --profile thieves --game-turns 100 --turn-ms 100 --out siege.jsonl \\\n  -- 'kibitz bot osada defender' 'python3 docs/clients/osada.py'",
                "Osada (Deadline24 2012): the TCP server where teams defend a settlement against coors",
            )
        }
    }
}
