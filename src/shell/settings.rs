//! Settings kept between runs, in RON (docs/settings.md): the players' palette, the playback
//! speed to start at and the keys, written by the user (the viewer never rewrites them, so their
//! comments stay); and the recently opened files, which the viewer keeps in a file of its own.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::PathBuf;

const MAX_RECENT: usize = 10;

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Settings {
    /// The players' colours: `Classic` or `ColorBlindSafe`.
    #[serde(default)]
    pub palette: crate::kit::viewing::palette::Palette,
    /// The playback speed to start at (0.25 to 64; `--speed` wins).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub speed: Option<f32>,
    /// Actions rebound to keys of one's own: action name to its keys (`Keymap::with`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub keys: BTreeMap<String, Vec<String>>,
}

/// The recently opened files (File → Open recent), newest first: `recent.ron` beside the
/// settings.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Recent {
    pub files: Vec<PathBuf>,
}

/// `$KIBITZ_CONFIG_DIR`, else `$XDG_CONFIG_HOME/kibitz`, else `~/.config/kibitz`.
fn dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("KIBITZ_CONFIG_DIR") {
        return Some(PathBuf::from(d));
    }
    let base = std::env::var_os("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")))?;
    Some(base.join("kibitz"))
}

/// Reads `name` from the config directory; a missing file is the defaults, a broken one is
/// reported and ignored.
fn load<T: Default + for<'de> Deserialize<'de>>(name: &str) -> (T, Option<String>) {
    let Some(path) = dir().map(|d| d.join(name)) else { return (T::default(), None) };
    match std::fs::read_to_string(&path) {
        Err(_) => (T::default(), None),
        Ok(text) => match ron::from_str(&text) {
            Ok(s) => (s, None),
            Err(e) => (T::default(), Some(format!("{}: {e}; using defaults", path.display()))),
        },
    }
}

impl Settings {
    pub fn load() -> (Settings, Option<String>) {
        load("settings.ron")
    }
}

impl Recent {
    pub fn load() -> (Recent, Option<String>) {
        load("recent.ron")
    }

    pub fn save(&self) -> Result<(), String> {
        let dir = dir().ok_or("no config directory (set HOME or KIBITZ_CONFIG_DIR)")?;
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default()).map_err(|e| e.to_string())?;
        let path = dir.join("recent.ron");
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))
    }

    pub fn remember(&mut self, file: PathBuf) {
        let file = std::fs::canonicalize(&file).unwrap_or(file);
        self.files.retain(|f| *f != file);
        self.files.insert(0, file);
        self.files.truncate(MAX_RECENT);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recent_files_are_unique_newest_first_and_bounded() {
        let mut s = Recent::default();
        for i in 0..15 {
            s.remember(PathBuf::from(format!("/nowhere/{i}.jsonl")));
        }
        s.remember(PathBuf::from("/nowhere/12.jsonl"));
        assert_eq!(s.files.len(), MAX_RECENT);
        assert_eq!(s.files[0], PathBuf::from("/nowhere/12.jsonl"));
        assert_eq!(s.files.iter().filter(|p| p.ends_with("12.jsonl")).count(), 1);
        let text = ron::to_string(&s).unwrap();
        let back: Recent = ron::from_str(&text).unwrap();
        assert_eq!(back.files, s.files);
    }

    #[test]
    fn the_documented_example_reads_and_an_old_file_still_does() {
        let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/settings.md")).unwrap();
        let example = doc.split("```ron\n").nth(1).and_then(|rest| rest.split("```").next()).expect("a ron block in docs/settings.md");
        let s: Settings = ron::from_str(example).unwrap_or_else(|e| panic!("docs/settings.md: {e}"));
        assert_eq!(s.palette, crate::kit::viewing::palette::Palette::ColorBlindSafe);
        assert_eq!(s.speed, Some(4.0));
        let (keys, problems) = super::super::shortcuts::Keymap::with(&s.keys);
        assert!(problems.is_empty(), "docs/settings.md: {problems:?}");
        assert_eq!(keys.keys_of(super::super::shortcuts::Action::StepBack), "J / Left");
        // A file written before the recent files moved out still reads.
        let old: Settings = ron::from_str("(recent: [\"/a.jsonl\"])").unwrap();
        assert_eq!((old.palette, old.speed), (crate::kit::viewing::palette::Palette::Classic, None));
    }
}
