//! SnakeCore (the 2008 tournament) on the command line: matches between bot processes over the
//! seed's protocol (a series of games with `--games`) and its sample bots. Its view and hand
//! play are the window's (`src/games/snakecore`).

pub mod cli;

use crate::kit::contract::room::{Bots, Capabilities, Matches, Room, Verb, VerifyReport, no_bot_arguments, verify_report};
use kibitz_core::Game;
use kibitz_snakecore::SnakeCore;

pub struct SnakeCoreRoom;

impl Room for SnakeCoreRoom {
    fn id(&self) -> &'static str {
        SnakeCore::ID
    }

    fn about(&self) -> &'static str {
        "SnakeCore (2008): pythons eat blocks, bite, shield and feed reactors; bots over stdio"
    }

    fn verify(&self, text: &str) -> Result<VerifyReport, String> {
        verify_report::<SnakeCore>(kibitz_snakecore::check_replay(text))
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            matches: Some(Matches::new(
                Verb::checked(cli::check_match, cli::run_match).recording(cli::check_match, |(_, setup)| serde_json::json!(setup)),
            )),
            bots: Some(Bots {
                strategies: kibitz_bots::snakecore::STRATEGIES,
                run: |strategy, seed, args| {
                    no_bot_arguments(args)?;
                    kibitz_bots::run_stdio(kibitz_bots::snakecore::make(strategy, seed)?.as_mut())
                },
            }),
            reruns: Some(crate::kit::turn::reruns::reruns::<SnakeCore>()),
            starter: Some(crate::starter!()),
            ..Default::default()
        }
    }
}
