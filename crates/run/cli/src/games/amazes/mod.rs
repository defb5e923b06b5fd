//! Amazes (CodeCup 2010) on the command line: its matches, `kibitz maze` and its sample bots.
//! Its view and hand play in the fog are the window's (`src/games/amazes`).

pub mod cli;

use crate::kit::contract::room::{Bots, Capabilities, Matches, Room, Verb, VerifyReport, no_bot_arguments, verify_report};
use kibitz_amazes::Amazes;
use kibitz_core::Game;

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

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            matches: Some(Matches::new(Verb::checked(cli::check_match, cli::run_match))),
            bots: Some(Bots {
                strategies: kibitz_bots::amazes::STRATEGIES,
                run: |strategy, seed, args| {
                    no_bot_arguments(args)?;
                    kibitz_bots::run_stdio(kibitz_bots::amazes::make(strategy, seed)?.as_mut())
                },
            }),
            tools: vec![Verb::new(cli::maze)],
            reruns: Some(crate::kit::turn::reruns::reruns::<Amazes>()),
            starter: Some(crate::starter!()),
            ..Default::default()
        }
    }
}
