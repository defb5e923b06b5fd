//! Lighthouses (Faros Laser) in the app: its command-line verbs, its view and its hand play.

mod cli;
mod edit;
mod hand;
mod view;

use crate::kit::contract::room::{Opened, Room, Session, Verb, VerifyReport, no_bot_arguments, open_loaded, verify_report};
use crate::kit::matches::summary::Summary;
use kibitz_core::Game;
use kibitz_lighthouses::Lighthouses;
use view::LighthousesView;

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

    fn open(&self, text: &str, title: String) -> Result<Opened, String> {
        open_loaded(kibitz_lighthouses::load_replay(text), title, LighthousesView::new)
    }

    fn match_verb(&self) -> Option<Verb<Summary>> {
        // Its help names the game as every listing does, from the one description.
        Some(
            Verb::checked(cli::check_match, cli::run_match)
                .recording(cli::check_match, |(_, setup)| serde_json::json!(setup))
                .describe(|c| c.about(self.about())),
        )
    }

    fn play_verb(&self) -> Option<Verb<Session>> {
        Some(Verb::new(cli::play))
    }

    fn hand_keys(&self) -> &'static [(&'static str, &'static str)] {
        hand::HELP
    }

    fn map_format(&self) -> Option<Box<dyn crate::kit::editor::MapFormat>> {
        Some(Box::new(edit::LighthousesMaps))
    }

    fn bot_strategies(&self) -> &'static [(&'static str, &'static str)] {
        kibitz_bots::lighthouses::STRATEGIES
    }

    fn run_bot(&self, strategy: &str, seed: u64, args: &[String]) -> Result<(), String> {
        no_bot_arguments(args)?;
        kibitz_bots::run_stdio(kibitz_bots::lighthouses::make(strategy, seed)?.as_mut())
    }
}
