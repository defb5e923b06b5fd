//! The tournament's spec (`SPEC.ron`): the game, the bots, the setups (each a list of the game's
//! own `kibitz match` flags), the seats of a match, the format, the games per pairing and the
//! seed; and its checks that need no game (names, flags, programs, seats against the format).

use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spec {
    pub game: String,
    pub bots: Vec<Bot>,
    pub setups: Vec<SetupSpec>,
    /// Bots in a match.
    pub seats: usize,
    pub format: Format,
    /// Matches per pairing (each with a seed of its own).
    #[serde(default = "one")]
    pub games: u32,
    #[serde(default)]
    pub seed: u64,
}

fn one() -> u32 {
    1
}

fn yes() -> bool {
    true
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bot {
    /// Letters, digits and `-_.`: it names the bot in match IDs and file names.
    pub name: String,
    /// Run with `sh -c`, as `kibitz match` runs every bot.
    pub command: String,
    /// Whether its first word must be a program `sh` can find (false for shell code).
    #[serde(default = "yes", skip_serializing_if = "Clone::clone")]
    pub check: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupSpec {
    pub name: String,
    /// The game's own `kibitz match GAME` flags, a word each.
    pub flags: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Format {
    /// Every group of `seats` bots on every setup, in every seat order by rotation.
    RoundRobin,
    /// Rounds of two-seat pairings of bots with the same score so far, never a pair twice when
    /// another pairing is possible.
    Swiss { rounds: u32 },
    /// A single- or double-elimination bracket of two-seat matches.
    Elimination {
        double: bool,
        /// A tournament folder whose standings seed the bracket; else the order of `bots`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seeds_from: Option<String>,
    },
    /// Each bot alone (one-seat games such as icfp2015).
    Each,
}

/// A spec as read from its file: paths in it (setup flags, `seeds_from`) are relative to `root`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Loaded {
    pub spec: Spec,
    /// The spec's folder, absolute: the plan's lines run from it.
    pub root: PathBuf,
}

/// The words a setup's flags may not hold: the plan sets them for each match.
const RESERVED: [&str; 3] = ["--out", "--seed", "--"];

impl Spec {
    /// Reads and checks a spec file; errors name the file (with line and column for RON).
    pub fn load(path: &Path) -> Result<Loaded, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let spec = Spec::read(&text).map_err(|e| format!("{}:{}: {}", path.display(), e.span.start, e.code))?;
        spec.check().map_err(|e| format!("{}: {e}", path.display()))?;
        let folder = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        let root = std::path::absolute(folder).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(Loaded { spec, root: normalise(&root) })
    }

    /// Reads a spec's RON; an optional field is written bare (`seeds_from: "groups"`).
    pub fn read(text: &str) -> Result<Spec, ron::error::SpannedError> {
        ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME).from_str(text)
    }

    /// Everything that can be checked without the game: names, flags, seats, programs.
    pub fn check(&self) -> Result<(), String> {
        if self.bots.is_empty() || self.setups.is_empty() {
            return Err("name at least one bot and one setup".into());
        }
        for (what, names) in
            [("bot", self.bots.iter().map(|b| &b.name).collect::<Vec<_>>()), ("setup", self.setups.iter().map(|s| &s.name).collect())]
        {
            for (k, name) in names.iter().enumerate() {
                if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c)) {
                    return Err(format!("{what} name {name:?}: use letters, digits and -_. only (it is part of match IDs and file names)"));
                }
                if names[..k].contains(name) {
                    return Err(format!("{what} name {name:?} is used twice"));
                }
            }
        }
        for setup in &self.setups {
            if let Some(word) =
                setup.flags.iter().find(|w| RESERVED.iter().any(|r| *w == r || w.starts_with(&format!("{r}=")) && *r != "--"))
            {
                return Err(format!("setup {:?}: {word} is set by the plan for each match; leave it out of the flags", setup.name));
            }
        }
        if self.games == 0 {
            return Err("games: at least 1 match per pairing".into());
        }
        let two =
            |format: &str| if self.seats == 2 { Ok(()) } else { Err(format!("{format} is for two-seat games (seats: {})", self.seats)) };
        match &self.format {
            Format::RoundRobin if self.seats < 2 => {
                return Err(format!("RoundRobin needs at least 2 seats (seats: {}); Each is for one", self.seats));
            }
            Format::RoundRobin => {}
            Format::Swiss { rounds } => {
                two("Swiss")?;
                if *rounds == 0 {
                    return Err("Swiss: at least 1 round".into());
                }
            }
            Format::Elimination { .. } => two("Elimination")?,
            Format::Each if self.seats != 1 => return Err(format!("Each is for one-seat games (seats: {})", self.seats)),
            Format::Each => {}
        }
        if self.seats > self.bots.len() {
            return Err(format!("{} seats but only {} bots", self.seats, self.bots.len()));
        }
        for bot in self.bots.iter().filter(|b| b.check) {
            if let Some(program) = kibitz_referee::command::missing_program(&bot.command) {
                return Err(format!(
                    "bot {:?}: sh cannot find {program:?} (neither an executable path nor a name on PATH); a command written as shell code can say check: false",
                    bot.name
                ));
            }
        }
        Ok(())
    }
}

/// `path` without `.` and `..` parts (it is absolute).
fn normalise(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// `path` as the plan's lines name it when they run from `root`: relative when it lies inside
/// `root` (the lines then work wherever the shared folder is mounted), else absolute.
pub fn from_root(path: &Path, root: &Path) -> Result<PathBuf, String> {
    let path = normalise(&std::path::absolute(path).map_err(|e| format!("{}: {e}", path.display()))?);
    Ok(match path.strip_prefix(root) {
        Ok(inside) if inside.as_os_str().is_empty() => PathBuf::from("."),
        Ok(inside) => inside.to_path_buf(),
        Err(_) => path,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) const EXAMPLE: &str = r#"(
      game: "lighthouses",
      bots: [
        (name: "greedy", command: "kibitz bot lighthouses greedy"),
        (name: "rnd1", command: "kibitz bot lighthouses random --seed 1"),
      ],
      setups: [
        (name: "harbour", flags: ["--map", "maps/lighthouses/harbour.txt", "--rounds", "200"]),
      ],
      seats: 2,
      format: RoundRobin,
      games: 1,
      seed: 42,
    )"#;

    fn spec(text: &str) -> Result<Spec, String> {
        let spec = Spec::read(text).map_err(|e| e.to_string())?;
        spec.check().map(|_| spec)
    }

    #[test]
    fn the_issues_example_reads_and_passes() {
        let s = spec(EXAMPLE).unwrap();
        assert_eq!((s.bots.len(), s.seats, s.format.clone(), s.games, s.seed), (2, 2, Format::RoundRobin, 1, 42));
        assert!(s.bots.iter().all(|b| b.check));
        let formats = [
            ("Swiss(rounds: 4)", Format::Swiss { rounds: 4 }),
            ("Elimination(double: true)", Format::Elimination { double: true, seeds_from: None }),
        ];
        for (text, format) in formats {
            assert_eq!(spec(&EXAMPLE.replace("RoundRobin", text)).unwrap().format, format);
        }
    }

    #[test]
    fn bad_specs_are_refused_saying_why() {
        let bad = |from: &str, to: &str| spec(&EXAMPLE.replace(from, to)).unwrap_err();
        assert!(bad("\"rnd1\"", "\"greedy\"").contains("bot name \"greedy\" is used twice"));
        assert!(bad("\"rnd1\"", "\"rnd 1\"").contains("letters, digits and -_. only"));
        assert!(bad("\"200\"]", "\"200\", \"--out\", \"x.jsonl\"]").contains("--out is set by the plan"));
        assert!(bad("\"200\"]", "\"200\", \"--seed=3\"]").contains("--seed=3 is set by the plan"));
        assert!(bad("\"200\"]", "\"200\", \"--\"]").contains("-- is set by the plan"));
        assert!(bad("seats: 2", "seats: 3").contains("3 seats but only 2 bots"));
        assert!(bad("RoundRobin", "Each").contains("Each is for one-seat games"));
        assert!(
            bad("seats: 2,\n      format: RoundRobin", "seats: 1,\n      format: Swiss(rounds: 2)").contains("Swiss is for two-seat games")
        );
        assert!(bad("kibitz bot lighthouses random", "no-such-program-xyz").contains("sh cannot find \"no-such-program-xyz\""));
        // Shell code is taken as it is when it says so.
        let code =
            EXAMPLE.replace(r#"command: "kibitz bot lighthouses random --seed 1""#, r#"command: "while read l; do :; done", check: false"#);
        assert!(spec(&code).is_ok());
        assert!(bad("seed: 42", "seed: 42, rounds: 3").contains("rounds"), "unknown fields are refused");
    }

    #[test]
    fn a_spec_file_is_read_with_its_folder_and_a_broken_one_says_where() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("spec.ron");
        std::fs::write(&path, EXAMPLE).unwrap();
        let loaded = Spec::load(&path).unwrap();
        assert_eq!(loaded.root, normalise(&std::path::absolute(dir.path()).unwrap()));
        std::fs::write(&path, EXAMPLE.replace("seats: 2,", "seats: two,")).unwrap();
        let e = Spec::load(&path).unwrap_err();
        assert!(e.starts_with(&format!("{}:", path.display())) && e.contains(":10:13:") && e.contains("Expected integer"), "{e}");
        assert_eq!(from_root(&dir.path().join("out"), &loaded.root).unwrap(), PathBuf::from("out"));
        assert!(from_root(Path::new("/elsewhere/out"), &loaded.root).unwrap().is_absolute());
    }
}
