//! A broadcast's running order: replays and live matches one after another, with a pause
//! between them (docs/broadcast.md). No window here, so the order and the countdown are
//! tested headless; `broadcast.rs` draws it.

use kibitz_follow::Source;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// One entry of a playlist.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub enum Item {
    /// A finished replay file.
    Replay(PathBuf),
    /// A match still being played: a replay file another process writes, or a game server's
    /// spectator port, `tcp://HOST:PORT`.
    Live(String),
}

/// A tournament's playlist entry (`kibitz_cli::cli::tournament::broadcast_of`), paths whole.
impl From<kibitz_tournament::playlist::Item> for Item {
    fn from(item: kibitz_tournament::playlist::Item) -> Self {
        match item {
            kibitz_tournament::playlist::Item::Replay(path) => Item::Replay(path.into()),
            kibitz_tournament::playlist::Item::Live(path) => Item::Live(path),
        }
    }
}

impl Item {
    /// A short name, for the "coming up" line.
    pub fn name(&self) -> String {
        match self {
            Item::Replay(path) => Source::File(path.clone()).name(),
            Item::Live(source) => Source::parse(source).name(),
        }
    }
}

/// Seconds between the end of one item and the start of the next, unless the playlist says.
pub const DEFAULT_PAUSE: f32 = 8.0;

fn default_pause() -> f32 {
    DEFAULT_PAUSE
}

/// A playlist file (RON), or what a folder or a single replay stands for.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Playlist {
    /// Seconds between the end of one item and the start of the next.
    #[serde(default = "default_pause")]
    pub pause: f32,
    /// Start again from the first item after the last.
    #[serde(default)]
    pub repeat: bool,
    pub items: Vec<Item>,
}

impl Default for Playlist {
    fn default() -> Self {
        Self { pause: DEFAULT_PAUSE, repeat: false, items: Vec::new() }
    }
}

impl Playlist {
    fn of(items: Vec<Item>) -> Self {
        Self { items, ..Self::default() }
    }

    /// What `kibitz broadcast` was given: a folder (its `*.jsonl` replays by name), a RON
    /// playlist (`*.ron`), a replay file, or a spectator port `tcp://HOST:PORT`.
    pub fn open(arg: &str) -> Result<Playlist, String> {
        if arg.starts_with("tcp://") {
            return Ok(Self::of(vec![Item::Live(arg.to_string())]));
        }
        let path = Path::new(arg);
        if path.is_dir() {
            let entries = std::fs::read_dir(path).map_err(|e| format!("{arg}: {e}"))?;
            let mut files: Vec<PathBuf> =
                entries.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|x| x == "jsonl")).collect();
            files.sort();
            if files.is_empty() {
                return Err(format!("{arg}: no replays (*.jsonl) in this folder"));
            }
            return Ok(Self::of(files.into_iter().map(Item::Replay).collect()));
        }
        if path.extension().is_some_and(|x| x == "ron") {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{arg}: {e}"))?;
            let base = path.parent().unwrap_or(Path::new(""));
            return Self::parse(&text, base).map_err(|e| format!("{arg}: {e}"));
        }
        if !path.exists() {
            return Err(format!("{arg}: no such file or folder"));
        }
        Ok(Self::of(vec![Item::Replay(path.to_path_buf())]))
    }

    /// Reads a RON playlist; its relative paths are relative to `base`, the playlist's folder.
    pub fn parse(text: &str, base: &Path) -> Result<Playlist, String> {
        let mut list: Playlist = ron::from_str(text).map_err(|e| e.to_string())?;
        if list.items.is_empty() {
            return Err("the playlist has no items".into());
        }
        if !(list.pause.is_finite() && list.pause >= 0.0) {
            return Err(format!("pause: {} is not a number of seconds", list.pause));
        }
        for item in &mut list.items {
            match item {
                Item::Replay(path) if path.is_relative() => *path = base.join(&*path),
                Item::Live(source) if !source.starts_with("tcp://") && Path::new(source).is_relative() => {
                    *source = base.join(&*source).display().to_string();
                }
                _ => {}
            }
        }
        Ok(list)
    }
}

/// Where a broadcast is in its playlist, and the countdown to the next item.
#[derive(Debug, Clone)]
pub struct Running {
    pub playlist: Playlist,
    /// The item on screen.
    pub at: usize,
    /// Hide what gives the end away: final scores, the timeline's length.
    pub spoiler_free: bool,
    /// The caster holds the countdown (pause pressed after an item ended).
    pub held: bool,
    /// Seconds since the item on screen ended.
    ended_for: Option<f32>,
    /// Seconds an item stays on screen at most, live or not (a contest's broadcast goes round
    /// its servers); `None`, until it ends.
    pub switch_after: Option<f32>,
    /// Seconds the item on screen has been on.
    shown_for: f32,
    /// Show the bots' drawing (`--debug`): on air it is hidden unless asked.
    pub debug: bool,
}

impl Running {
    pub fn new(playlist: Playlist, spoiler_free: bool) -> Self {
        Self { playlist, at: 0, spoiler_free, held: false, ended_for: None, switch_after: None, shown_for: 0.0, debug: false }
    }

    pub fn current(&self) -> &Item {
        &self.playlist.items[self.at]
    }

    /// The item after this one, if any.
    fn following(&self) -> Option<usize> {
        let next = self.at + 1;
        match next < self.playlist.items.len() {
            true => Some(next),
            false if self.playlist.repeat => Some(0),
            false => None,
        }
    }

    /// The file stems of the items up to the one on screen, in the running order: what the
    /// audience has seen, so far as a tournament's standings between matches may count.
    pub fn shown_stems(&self) -> std::collections::HashSet<String> {
        self.playlist.items[..=self.at].iter().filter_map(Self::stem).collect()
    }

    /// The item after this one, if any.
    pub fn next_item(&self) -> Option<&Item> {
        self.following().map(|k| &self.playlist.items[k])
    }

    /// An item's file stem (a tournament's match ID), for a file.
    pub fn stem(item: &Item) -> Option<String> {
        let path = match item {
            Item::Replay(path) => path.clone(),
            Item::Live(source) if !source.starts_with("tcp://") => PathBuf::from(source),
            Item::Live(_) => return None,
        };
        path.file_stem().map(|s| s.to_string_lossy().into_owned())
    }

    /// The next item's name, for "coming up".
    pub fn next_name(&self) -> Option<String> {
        self.following().map(|k| self.playlist.items[k].name())
    }

    /// Seconds left before the next item, while the one on screen has ended.
    pub fn countdown(&self) -> Option<f32> {
        self.ended_for.filter(|_| self.following().is_some()).map(|t| (self.playlist.pause - t).max(0.0))
    }

    /// A frame of `seconds` passed; `ended` says whether the item on screen is over. Returns
    /// the item to open when its time has come.
    pub fn tick(&mut self, ended: bool, seconds: f32) -> Option<usize> {
        let time_up = self.switch_after.is_some_and(|limit| self.shown_for >= limit);
        if !ended && !time_up {
            self.shown_for += seconds;
            self.ended_for = None;
            return None;
        }
        let waited = self.ended_for.unwrap_or(0.0) + if self.held { 0.0 } else { seconds };
        self.ended_for = Some(waited);
        if waited >= self.playlist.pause { self.go(self.following()?) } else { None }
    }

    /// The caster's next (`+1`) or previous (`-1`); wraps around when the playlist repeats.
    /// Returns the item to open, if it changed.
    pub fn step(&mut self, delta: isize) -> Option<usize> {
        let len = self.playlist.items.len() as isize;
        let target = self.at as isize + delta;
        let target = if self.playlist.repeat { target.rem_euclid(len) } else { target.clamp(0, len - 1) };
        (target as usize != self.at).then(|| self.go(target as usize)).flatten()
    }

    fn go(&mut self, k: usize) -> Option<usize> {
        self.at = k;
        self.ended_for = None;
        self.shown_for = 0.0;
        self.held = false;
        Some(k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn three(pause: f32, repeat: bool) -> Running {
        let items = ["a", "b", "c"].map(|n| Item::Replay(PathBuf::from(format!("{n}.jsonl")))).to_vec();
        Running::new(Playlist { pause, repeat, items }, false)
    }

    #[test]
    fn an_ended_item_gives_way_to_the_next_after_the_pause() {
        let mut run = three(2.0, false);
        assert_eq!(run.tick(false, 5.0), None, "still playing");
        assert_eq!(run.countdown(), None);
        assert_eq!(run.tick(true, 0.5), None);
        assert_eq!(run.countdown(), Some(1.5));
        assert_eq!(run.tick(true, 1.0), None);
        assert_eq!(run.tick(true, 0.6), Some(1));
        assert_eq!(run.at, 1);
        assert_eq!(run.countdown(), None, "the new item starts its own clock");
        assert_eq!(run.tick(true, 2.0), Some(2));
        assert_eq!(run.tick(true, 60.0), None, "the last item stays");
        assert_eq!(run.next_name(), None);
    }

    #[test]
    fn the_caster_holds_the_countdown_and_steps_by_hand() {
        let mut run = three(2.0, false);
        run.tick(true, 1.0);
        run.held = true;
        assert_eq!(run.tick(true, 10.0), None);
        assert_eq!(run.countdown(), Some(1.0));
        run.held = false;
        assert_eq!(run.tick(true, 1.0), Some(1));
        assert_eq!(run.step(-1), Some(0));
        assert_eq!(run.step(-1), None, "nothing before the first");
        assert_eq!(run.step(2), Some(2));
        assert_eq!(run.step(1), None, "nothing after the last");
    }

    #[test]
    fn a_live_item_gives_way_when_its_time_is_up() {
        let mut run = three(2.0, true);
        run.switch_after = Some(60.0);
        assert_eq!(run.tick(false, 59.0), None);
        assert_eq!(run.countdown(), None);
        assert_eq!(run.tick(false, 1.5), None, "its time is up: the pause begins");
        assert_eq!(run.tick(false, 1.0), None);
        assert!(run.countdown().is_some());
        assert_eq!(run.tick(false, 1.5), Some(1), "the next live item after the pause");
        assert_eq!(run.tick(false, 30.0), None, "the new item has its own time");
    }

    #[test]
    fn a_repeating_playlist_wraps_around() {
        let mut run = three(0.0, true);
        assert_eq!(run.step(-1), Some(2));
        assert_eq!(run.next_name().as_deref(), Some("a.jsonl"));
        assert_eq!(run.tick(true, 0.0), Some(0));
    }

    #[test]
    fn a_playlist_file_resolves_its_paths_beside_itself_and_says_what_is_wrong() {
        let text = "(pause: 3, items: [Replay(\"r/x.jsonl\"), Live(\"tcp://127.0.0.1:20100\"), Live(\"/abs/live.jsonl\")])";
        let list = Playlist::parse(text, Path::new("/shows")).unwrap();
        assert_eq!(list.pause, 3.0);
        assert_eq!(list.items[0], Item::Replay(PathBuf::from("/shows/r/x.jsonl")));
        assert_eq!(list.items[1], Item::Live("tcp://127.0.0.1:20100".into()));
        assert_eq!(list.items[2], Item::Live("/abs/live.jsonl".into()));
        assert_eq!(list.items[1].name(), "tcp://127.0.0.1:20100");
        let e = Playlist::parse("(items: [Replay(\"a\")], paus: 3)", Path::new("")).unwrap_err();
        assert!(e.contains("paus"), "{e}");
        let e = Playlist::parse("(items: [])", Path::new("")).unwrap_err();
        assert!(e.contains("no items"), "{e}");
        let e = Playlist::parse("(items: [Video(\"a\")])", Path::new("")).unwrap_err();
        assert!(e.contains("Video"), "{e}");
    }

    #[test]
    fn the_documented_playlist_reads() {
        let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/broadcast.md")).unwrap();
        let example = doc.split("```ron\n").nth(1).and_then(|rest| rest.split("```").next()).expect("a ron block in docs/broadcast.md");
        let list = Playlist::parse(example, Path::new("/shows")).unwrap_or_else(|e| panic!("docs/broadcast.md: {e}"));
        assert_eq!((list.pause, list.repeat, list.items.len()), (10.0, false, 3));
        assert_eq!(list.items[1], Item::Live("/shows/arena/final.jsonl".into()));
    }

    #[test]
    fn a_folder_plays_its_replays_by_name() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["2-final.jsonl", "1-semi.jsonl", "notes.txt"] {
            std::fs::write(dir.path().join(name), "").unwrap();
        }
        let list = Playlist::open(dir.path().to_str().unwrap()).unwrap();
        let names: Vec<String> = list.items.iter().map(Item::name).collect();
        assert_eq!(names, ["1-semi.jsonl", "2-final.jsonl"]);
        let empty = tempfile::tempdir().unwrap();
        assert!(Playlist::open(empty.path().to_str().unwrap()).unwrap_err().contains("no replays"));
        assert!(Playlist::open("/no/such/thing.jsonl").unwrap_err().contains("no such file"));
    }
}
