//! Wycinanka in the window: its view, its hand play, its map editor. Its headless room
//! (command line, matches, bots) is `kibitz_cli::games::wycinanka`.

mod edit;
mod hand;
mod play;
mod view;

use crate::kit::contract::view_room::{Opened, Play, ViewRoom, open_loaded};
use crate::kit::editor::MapFormat;

use kibitz_core::Game;
use view::WycinankaView;

pub struct WycinankaViews;

impl ViewRoom for WycinankaViews {
    fn id(&self) -> &'static str {
        kibitz_wycinanka::Wycinanka::ID
    }

    fn open(&self, text: std::borrow::Cow<'_, str>, title: String) -> Result<Opened, String> {
        open_loaded(text, title, kibitz_wycinanka::load_replay, WycinankaView::new)
    }

    fn play(&self) -> Option<Play> {
        Some(Play { verb: play::verb(), keys: hand::HELP })
    }

    fn maps(&self) -> Option<Box<dyn MapFormat>> {
        Some(Box::new(edit::WycinankaWorlds))
    }
}
