//! Settings kept between runs, in RON: recently opened files.

use serde::{Deserialize, Serialize};
use std::path::PathBuf;

const MAX_RECENT: usize = 10;

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Settings {
    #[serde(default)]
    pub recent: Vec<PathBuf>,
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

impl Settings {
    /// Loads the settings; a missing file is the defaults, a broken one is reported and ignored.
    pub fn load() -> (Settings, Option<String>) {
        let Some(path) = dir().map(|d| d.join("settings.ron")) else { return (Settings::default(), None) };
        match std::fs::read_to_string(&path) {
            Err(_) => (Settings::default(), None),
            Ok(text) => match ron::from_str(&text) {
                Ok(s) => (s, None),
                Err(e) => (Settings::default(), Some(format!("{}: {e}; using defaults", path.display()))),
            },
        }
    }

    pub fn save(&self) -> Result<(), String> {
        let dir = dir().ok_or("no config directory (set HOME or KIBITZ_CONFIG_DIR)")?;
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default()).map_err(|e| e.to_string())?;
        let path = dir.join("settings.ron");
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))
    }

    pub fn remember(&mut self, file: PathBuf) {
        let file = std::fs::canonicalize(&file).unwrap_or(file);
        self.recent.retain(|f| *f != file);
        self.recent.insert(0, file);
        self.recent.truncate(MAX_RECENT);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recent_files_are_unique_newest_first_and_bounded() {
        let mut s = Settings::default();
        for i in 0..15 {
            s.remember(PathBuf::from(format!("/nowhere/{i}.jsonl")));
        }
        s.remember(PathBuf::from("/nowhere/12.jsonl"));
        assert_eq!(s.recent.len(), MAX_RECENT);
        assert_eq!(s.recent[0], PathBuf::from("/nowhere/12.jsonl"));
        assert_eq!(s.recent.iter().filter(|p| p.ends_with("12.jsonl")).count(), 1);
        let text = ron::to_string(&s).unwrap();
        let back: Settings = ron::from_str(&text).unwrap();
        assert_eq!(back.recent, s.recent);
    }
}
