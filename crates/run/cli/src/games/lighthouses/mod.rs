//! Lighthouses (Faros Laser) on the command line: its matches and sample bots. Its view and
//! hand play are the window's (`src/games/lighthouses`).

pub mod cli;

use crate::kit::contract::room::{Bots, Capabilities, Matches, Room, Verb, VerifyReport, no_bot_arguments, verify_report};
use kibitz_core::Game;
use kibitz_lighthouses::Lighthouses;

pub struct LighthousesRoom;

impl Room for LighthousesRoom {
    fn id(&self) -> &'static str {
        Lighthouses::ID
    }

    fn about(&self) -> &'static str {
        "Lighthouses (Faros Laser, Euskal Encounter 21): 2+ bots over stdio JSON lines"
    }

    fn verify(&self, text: &str) -> Result<VerifyReport, String> {
        verify_report::<Lighthouses>(kibitz_lighthouses::check_replay(text))
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            // Its help names the game as every listing does, from the one description.
            matches: Some(Matches::new(
                Verb::checked(cli::check_match, cli::run_match)
                    .recording(cli::check_match, |(_, setup)| serde_json::json!(setup))
                    .describe(|c| c.about(self.about())),
            )),
            bots: Some(Bots {
                strategies: kibitz_bots::lighthouses::STRATEGIES,
                run: |strategy, seed, args| {
                    no_bot_arguments(args)?;
                    kibitz_bots::run_stdio(kibitz_bots::lighthouses::make(strategy, seed)?.as_mut())
                },
            }),
            reruns: Some(crate::kit::turn::reruns::reruns::<Lighthouses>()),
            starter: Some(crate::starter!()),
            ..Default::default()
        }
    }
}
