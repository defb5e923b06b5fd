//! Icfp2015 in the window: its view, its hand play, its map editor. Its headless room
//! (command line, matches, bots) is `kibitz_cli::games::icfp2015`.

mod edit;
mod hand;
mod play;
mod view;

use crate::kit::contract::view_room::{Opened, Play, ViewRoom, open_loaded};
use crate::kit::editor::MapFormat;
use kibitz_cli::kit::contract::room::Verb;
use kibitz_core::Game;
use view::Icfp2015View;

pub struct Icfp2015Views;

impl ViewRoom for Icfp2015Views {
    fn id(&self) -> &'static str {
        kibitz_icfp2015::Icfp2015::ID
    }

    fn open(&self, text: std::borrow::Cow<'_, str>, title: String) -> Result<Opened, String> {
        open_loaded(text, title, kibitz_icfp2015::load_replay, Icfp2015View::new)
    }

    fn play(&self) -> Option<Play> {
        Some(Play { verb: Verb::new(play::play), keys: hand::HELP })
    }

    fn maps(&self) -> Option<Box<dyn MapFormat>> {
        Some(Box::new(edit::Icfp2015Problems))
    }
}
