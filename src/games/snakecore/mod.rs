//! SnakeCore (the 2008 tournament) in the app: matches between bot processes over the seed's
//! protocol (a series of games with `--games`), its sample bots, its view, and hand play.

mod cli;
mod edit;
mod hand;
mod view;

use crate::kit::contract::room::{
    Bots, Capabilities, Matches, Opened, Play, Room, Verb, VerifyReport, no_bot_arguments, open_loaded, verify_report,
};
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

    fn open(&self, text: std::borrow::Cow<'_, str>, title: String) -> Result<Opened, String> {
        open_loaded(text, title, kibitz_snakecore::load_replay, SnakeCoreView::new)
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            matches: Some(Matches::new(
                Verb::checked(cli::check_match, cli::run_match).recording(cli::check_match, |(_, setup)| serde_json::json!(setup)),
            )),
            play: Some(Play { verb: Verb::new(cli::play), keys: hand::HELP }),
            maps: Some(Box::new(edit::SnakeCoreMaps)),
            bots: Some(Bots {
                strategies: kibitz_bots::snakecore::STRATEGIES,
                run: |strategy, seed, args| {
                    no_bot_arguments(args)?;
                    kibitz_bots::run_stdio(kibitz_bots::snakecore::make(strategy, seed)?.as_mut())
                },
            }),
            reruns: Some(crate::kit::turn::reruns::reruns::<SnakeCore>()),
            ..Default::default()
        }
    }
}
