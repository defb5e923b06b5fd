//! Lighthouses in the window: its view, its hand play, its map editor. Its headless room
//! (command line, matches, bots) is `kibitz_cli::games::lighthouses`.

mod edit;
mod hand;
mod play;
mod view;

use crate::kit::contract::view_room::{Opened, Play, ViewRoom, open_loaded};
use crate::kit::editor::MapFormat;
use kibitz_cli::kit::contract::room::Verb;
use kibitz_core::Game;
use view::LighthousesView;

pub struct LighthousesViews;

impl ViewRoom for LighthousesViews {
    fn id(&self) -> &'static str {
        kibitz_lighthouses::Lighthouses::ID
    }

    fn open(&self, text: std::borrow::Cow<'_, str>, title: String) -> Result<Opened, String> {
        open_loaded(text, title, kibitz_lighthouses::load_replay, LighthousesView::new)
    }

    fn play(&self) -> Option<Play> {
        Some(Play { verb: Verb::new(play::play), keys: hand::HELP })
    }

    fn maps(&self) -> Option<Box<dyn MapFormat>> {
        Some(Box::new(edit::LighthousesMaps))
    }
}
