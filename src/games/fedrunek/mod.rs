//! Fedrunek in the window: its view, its hand play. Its headless room
//! (command line, matches, bots) is `kibitz_cli::games::fedrunek`.

mod hand;
mod play;
mod view;

use crate::kit::contract::view_room::{Opened, Play, ViewRoom, open_loaded};

use kibitz_core::Game;
use view::FedrunekView;

pub struct FedrunekViews;

impl ViewRoom for FedrunekViews {
    fn id(&self) -> &'static str {
        kibitz_fedrunek::Fedrunek::ID
    }

    fn open(&self, text: std::borrow::Cow<'_, str>, title: String) -> Result<Opened, String> {
        open_loaded(text, title, kibitz_fedrunek::load_replay, FedrunekView::new)
    }

    fn play(&self) -> Option<Play> {
        Some(Play { verb: play::verb(), keys: hand::HELP })
    }
}
