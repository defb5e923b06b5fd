//! Osada in the window: its view, its hand play, its map editor. Its headless room
//! (command line, matches, bots) is `kibitz_cli::games::osada`.

mod edit;
mod hand;
mod play;
mod view;

use crate::kit::contract::view_room::{Opened, Play, ViewRoom, open_loaded};
use crate::kit::editor::MapFormat;

use kibitz_core::Game;
use view::OsadaView;

pub struct OsadaViews;

impl ViewRoom for OsadaViews {
    fn id(&self) -> &'static str {
        kibitz_osada::Osada::ID
    }

    fn open(&self, text: std::borrow::Cow<'_, str>, title: String) -> Result<Opened, String> {
        open_loaded(text, title, kibitz_osada::load_replay, OsadaView::new)
    }

    fn play(&self) -> Option<Play> {
        Some(Play { verb: play::verb(), keys: hand::HELP })
    }

    fn maps(&self) -> Option<Box<dyn MapFormat>> {
        Some(Box::new(edit::OsadaSettlements))
    }
}
