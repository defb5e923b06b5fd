//! SnakeCore (the 2008 tournament) in the app: matches between bot processes over the seed's
//! protocol (a series of games with `--games`), its sample bots, its view, and hand play.

mod cli;
mod edit;
mod hand;
mod view;

use crate::kit::contract::room::{Opened, Room, Session, Verb, VerifyReport, no_bot_arguments, open_loaded, verify_report};
use crate::kit::matches::summary::Summary;
use kibitz_core::Game;
use kibitz_snakecore::SnakeCore;
use view::SnakeCoreView;

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

    fn open(&self, text: &str, title: String) -> Result<Opened, String> {
        open_loaded(kibitz_snakecore::load_replay(text), title, SnakeCoreView::new)
    }

    fn match_verb(&self) -> Option<Verb<Summary>> {
        Some(Verb::checked(cli::check_match, cli::run_match).recording(cli::check_match, |(_, setup)| serde_json::json!(setup)))
    }

    fn play_verb(&self) -> Option<Verb<Session>> {
        Some(Verb::new(cli::play))
    }

    fn hand_keys(&self) -> &'static [(&'static str, &'static str)] {
        hand::HELP
    }

    fn map_format(&self) -> Option<Box<dyn crate::kit::editor::MapFormat>> {
        Some(Box::new(edit::SnakeCoreMaps))
    }

    fn bot_strategies(&self) -> &'static [(&'static str, &'static str)] {
        kibitz_bots::snakecore::STRATEGIES
    }

    fn run_bot(&self, strategy: &str, seed: u64, args: &[String]) -> Result<(), String> {
        no_bot_arguments(args)?;
        kibitz_bots::run_stdio(kibitz_bots::snakecore::make(strategy, seed)?.as_mut())
    }
}
