//! What the window asks of one game beside its headless room
//! ([`kibitz_cli::kit::contract::room::Room`]): its replays opened for viewing, its hand play,
//! its map editor. [`ViewRegistry`] holds the games' rooms and view rooms side by side.

use crate::kit::contract::view::{GameView, Session};
use kibitz_cli::kit::contract::room::{Registry, Room, Verb};
use kibitz_core::replay::{Loaded, Replay};
use kibitz_core::{Game, Located};
use std::borrow::Cow;

/// Everything the window knows about one game.
pub trait ViewRoom: Sync {
    /// The game's id, as its room's.
    fn id(&self) -> &'static str;
    /// Loads a replay of this game for viewing (`text` is the whole file; given owned, it is
    /// let go once read, before the view is built from what was read).
    fn open(&self, text: Cow<'_, str>, title: String) -> Result<Opened, String>;
    /// `kibitz play ID ...`: the game played by hand in the viewer.
    fn play(&self) -> Option<Play> {
        None
    }
    /// The game's map format in the editor (`kibitz edit GAME`).
    fn maps(&self) -> Option<Box<dyn crate::kit::editor::MapFormat>> {
        None
    }
}

/// `kibitz play ID ...`.
pub struct Play {
    pub verb: Verb<Session>,
    /// Hand play's keys, one row each: the keys, and what they do. The one list: the window's
    /// help shows it ([`crate::kit::contract::view::HandPlay::help`] answers the same rows),
    /// `kibitz play ID --help` prints it, and docs/cli.md copies it (a test compares them).
    pub keys: &'static [(&'static str, &'static str)],
}

/// A replay opened for viewing.
pub struct Opened {
    pub view: Box<dyn GameView>,
    /// The first unreadable line, when the file was only partly read.
    pub damage: Option<String>,
}

/// The games this build of the window knows: each game's room and view room. It reads as the
/// headless [`Registry`] too (`Deref`), for what the window asks of a game's room.
#[derive(Clone)]
pub struct ViewRegistry {
    pub registry: Registry,
    views: Vec<&'static dyn ViewRoom>,
}

impl ViewRegistry {
    pub fn new(registry: Registry, views: &[&'static dyn ViewRoom]) -> Self {
        Self { registry, views: views.to_vec() }
    }

    /// The same games and one more (a test's own game, say).
    pub fn with(mut self, room: &'static dyn Room, view: &'static dyn ViewRoom) -> Self {
        self.registry = self.registry.with(room);
        self.views.push(view);
        self
    }

    pub fn views(&self) -> &[&'static dyn ViewRoom] {
        &self.views
    }

    /// The view room of game `id`, or a message listing the games there are.
    pub fn get(&self, id: &str) -> Result<&'static dyn ViewRoom, String> {
        let room = self.registry.get(id)?;
        self.views.iter().copied().find(|v| v.id() == room.id()).ok_or_else(|| format!("{id} has no view in this build"))
    }

    /// The view room of the game a replay's header names.
    pub fn of_replay(&self, text: &str) -> Result<&'static dyn ViewRoom, String> {
        self.get(self.registry.of_replay(text)?.id())
    }

    /// Loads a replay of any known game for viewing; a text given owned is let go once read.
    pub fn open<'t>(&self, text: impl Into<Cow<'t, str>>, title: String) -> Result<Opened, String> {
        let text = text.into();
        self.of_replay(&text)?.open(text, title)
    }
}

/// A view room's `open` for a game whose crate reads its replays: the view `make` builds of
/// what its `load_replay` read. The text is let go first: a big replay's file and its view are
/// never held at once.
pub fn open_loaded<G: Game, V: GameView + 'static>(
    text: Cow<'_, str>,
    title: String,
    load_replay: fn(&str) -> Result<Loaded<G>, Located>,
    make: impl FnOnce(String, Replay<G>) -> Result<V, String>,
) -> Result<Opened, String> {
    let loaded = load_replay(&text);
    drop(text);
    let loaded = loaded.map_err(|e| e.to_string())?;
    let view = make(title, loaded.replay)?;
    Ok(Opened { view: Box::new(view), damage: loaded.damage.map(|d| d.to_string()) })
}

/// A view room's `open` for any game, its replay read here.
pub fn open_as<G: Game, V: GameView + 'static>(
    text: Cow<'_, str>,
    title: String,
    make: impl FnOnce(String, Replay<G>) -> Result<V, String>,
) -> Result<Opened, String> {
    open_loaded(text, title, Replay::<G>::parse, make)
}

impl std::ops::Deref for ViewRegistry {
    type Target = Registry;

    fn deref(&self) -> &Registry {
        &self.registry
    }
}
