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
    /// Which version of the bot this is (letters, digits and `-_.+`). Two entries may share a
    /// name when their versions differ: each is a bot of the tournament, `NAME@VERSION` in match
    /// IDs and standings. Without it, the replays still record the version Kibitz works out
    /// from the command (a git description or a file hash: `kibitz_referee::command::version_of`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
}

impl Bot {
    /// The bot as match IDs, file names and standings name it: `NAME`, or `NAME@VERSION` when
    /// the spec gives its version.
    pub fn key(&self) -> String {
        match &self.version {
            Some(v) => format!("{}@{v}", self.name),
            None => self.name.clone(),
        }
    }

    /// Its team's name in a server game, whose names have no `@`: `NAME.VERSION`.
    pub fn team(&self) -> String {
        self.key().replace('@', ".")
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupSpec {
    pub name: String,
    /// The game's own `kibitz match GAME` flags, a word each.
    pub flags: Vec<String>,
}

impl SetupSpec {
    /// The games a match of this setup plays, when its flags say `--games K` (bounded by the
    /// spec's check: [`most::SERIES`]).
    pub fn series(&self) -> Option<u32> {
        self.flag("--games").and_then(|w| w.parse::<u32>().ok())
    }

    /// The value of flag `name` (`--name VALUE` or `--name=VALUE`).
    fn flag(&self, name: &str) -> Option<&str> {
        let flags = &self.flags;
        flags
            .iter()
            .enumerate()
            .find_map(|(i, w)| if w == name { flags.get(i + 1).map(String::as_str) } else { w.strip_prefix(name)?.strip_prefix('=') })
    }
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
    /// Two-seat matches of the least-played pairings, for as long as `kibitz tournament league`
    /// runs, bots joining while it does (`kibitz tournament add`): [`crate::league`].
    League,
    /// A paired test of `candidate` against `baseline` that stops when it knows (a sequential
    /// probability ratio test on normalised Elo, as fishtest runs it): pairs of matches on the
    /// same setup and seed, planned batch by batch until H1 (better by `elo1`) or H0 (not better
    /// by `elo0`) is accepted, or `max_pairs` are played. Names as fishtest's and fastchess's.
    Sprt { candidate: String, baseline: String, elo0: f64, elo1: f64, alpha: f64, beta: f64, max_pairs: u32 },
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

/// The most a spec may ask for, checked wherever a spec is read (`plan`, `run`, and the kept
/// `tournament.ron` of `standings`, `report`, `playlist`, the viewer): a tournament that one
/// machine, or a cluster, plays in days, and that reading it can hold in memory.
pub mod most {
    /// Bytes of a spec file (a spec is a few kilobytes).
    pub const SPEC_BYTES: u64 = 1 << 20;
    pub const BOTS: usize = 256;
    pub const SETUPS: usize = 100;
    pub const SEATS: usize = 64;
    /// Characters of a bot's or a setup's name (a match ID joins several, and names a file).
    pub const NAME: usize = 40;
    /// `games`: matches per pairing.
    pub const GAMES: u32 = 1000;
    /// A Swiss tournament's rounds.
    pub const ROUNDS: u32 = 1000;
    /// A setup's own `--games K` (a match of K games, K replays).
    pub const SERIES: u32 = 100;
    /// Replays of the whole plan: matches, times a setup's games.
    pub const REPLAYS: u64 = 100_000;
    /// A paired test's `max_pairs` (two matches a pair).
    pub const PAIRS: u32 = 50_000;
}

/// `n` things, with the noun's plural when it needs one ("1 bot", "2 bots").
pub fn count(n: usize, noun: &str) -> String {
    match n {
        1 => format!("1 {noun}"),
        _ if ["s", "x", "ch", "sh"].iter().any(|end| noun.ends_with(end)) => format!("{n} {noun}es"),
        _ => format!("{n} {noun}s"),
    }
}

/// A spec file's text, refused when it is bigger than a spec can be.
fn read_text(path: &Path) -> Result<String, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let size = file.metadata().map_err(|e| format!("cannot read {}: {e}", path.display()))?.len();
    if size > most::SPEC_BYTES {
        return Err(format!("{}: {size} bytes; a spec is at most {} bytes", path.display(), most::SPEC_BYTES));
    }
    // A device or a pipe says no size: read no more than a spec may hold, whatever it says.
    let text = std::io::read_to_string(std::io::Read::take(file, most::SPEC_BYTES + 1))
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if text.len() as u64 > most::SPEC_BYTES {
        return Err(format!("{}: over {} bytes; a spec is at most {} bytes", path.display(), most::SPEC_BYTES, most::SPEC_BYTES));
    }
    Ok(text)
}

impl Loaded {
    /// Reads a tournament folder's kept spec (`tournament.ron`, as `plan` and `run` wrote it)
    /// and checks it as [`Spec::load`] does, but for the bots' programs: the folder may come from
    /// the machines that played it.
    pub fn read_kept(path: &Path) -> Result<Loaded, String> {
        let text = read_text(path)?;
        let loaded: Loaded = ron::from_str(&text).map_err(|e| format!("{}:{}: {}", path.display(), e.span.start, e.code))?;
        loaded.spec.bounds().map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(loaded)
    }
}

impl Spec {
    /// Reads and checks a spec file; errors name the file (with line and column for RON).
    pub fn load(path: &Path) -> Result<Loaded, String> {
        let text = read_text(path)?;
        let spec = Spec::read(&text).map_err(|e| format!("{}:{}: {}", path.display(), e.span.start, e.code))?;
        spec.check().map_err(|e| match place(&text, &e) {
            Some(line) => format!("{}:{line}: {e}", path.display()),
            None => format!("{}: {e}", path.display()),
        })?;
        let folder = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        let root = std::path::absolute(folder).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(Loaded { spec, root: normalise(&root) })
    }

    /// Reads a spec's RON; an optional field is written bare (`seeds_from: "groups"`).
    pub fn read(text: &str) -> Result<Spec, ron::error::SpannedError> {
        ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME).from_str(text)
    }

    /// Everything that can be checked without the game: names, flags, numbers, programs.
    pub fn check(&self) -> Result<(), String> {
        self.bounds()?;
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

    /// What every reader of a spec checks, on any machine: names, flags, and every number
    /// within [`most`] (each error names its field).
    pub fn bounds(&self) -> Result<(), String> {
        if self.bots.is_empty() || self.setups.is_empty() {
            return Err("name at least one bot and one setup".into());
        }
        if self.bots.len() > most::BOTS {
            return Err(format!("bots: {} bots; at most {}", self.bots.len(), most::BOTS));
        }
        if self.setups.len() > most::SETUPS {
            return Err(format!("setups: {} setups; at most {}", self.setups.len(), most::SETUPS));
        }
        let keys: Vec<String> = self.bots.iter().map(Bot::key).collect();
        for (what, names) in
            [("bot", self.bots.iter().map(|b| &b.name).collect::<Vec<_>>()), ("setup", self.setups.iter().map(|s| &s.name).collect())]
        {
            for name in &names {
                if name.len() > most::NAME {
                    return Err(format!(
                        "{what} name {name:?}: at most {} characters (it is part of match IDs and file names)",
                        most::NAME
                    ));
                }
                if !is_word(name, "-_.") {
                    return Err(format!("{what} name {name:?}: use letters, digits and -_. only (it is part of match IDs and file names)"));
                }
            }
        }
        for (k, bot) in self.bots.iter().enumerate() {
            if let Some(version) = &bot.version
                && (version.len() > most::NAME || !is_word(version, "-_.+"))
            {
                return Err(format!(
                    "bot {:?}: version {version:?}: at most {} letters, digits and -_.+ (it is part of match IDs and file names)",
                    bot.name,
                    most::NAME
                ));
            }
            if keys[..k].contains(&keys[k]) {
                return Err(match &bot.version {
                    None => format!("bot name {:?} is used twice (two versions of one bot each say their version)", bot.name),
                    Some(v) => format!("bot {:?} version {v:?} is given twice", bot.name),
                });
            }
        }
        for (k, setup) in self.setups.iter().enumerate() {
            if self.setups[..k].iter().any(|s| s.name == setup.name) {
                return Err(format!("setup name {:?} is used twice", setup.name));
            }
        }
        for setup in &self.setups {
            if let Some(word) =
                setup.flags.iter().find(|w| RESERVED.iter().any(|r| *w == r || w.starts_with(&format!("{r}=")) && *r != "--"))
            {
                return Err(format!("setup {:?}: {word} is set by the plan for each match; leave it out of the flags", setup.name));
            }
            if let Some(games) = setup.series().filter(|g| *g > most::SERIES) {
                return Err(format!("setup {:?}: --games {games}: at most {} games a match", setup.name, most::SERIES));
            }
        }
        if self.games == 0 {
            return Err("games: at least 1 match per pairing".into());
        }
        if self.games > most::GAMES {
            return Err(format!("games: {}; at most {} matches per pairing", self.games, most::GAMES));
        }
        if self.seats == 0 || self.seats > most::SEATS {
            return Err(format!("seats: {}; from 1 to {} bots in a match", self.seats, most::SEATS));
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
                if *rounds > most::ROUNDS {
                    return Err(format!("Swiss: rounds: {rounds}; at most {}", most::ROUNDS));
                }
            }
            Format::Elimination { .. } => two("Elimination")?,
            Format::Each if self.seats != 1 => return Err(format!("Each is for one-seat games (seats: {})", self.seats)),
            Format::Each => {}
            Format::Sprt { .. } => self.check_sprt()?,
            Format::League => two("League")?,
        }
        // A pairing plays game g on setup (g - 1) mod the setups: fewer games leave setups out.
        if matches!(self.format, Format::Swiss { .. } | Format::Elimination { .. }) && (self.games as usize) < self.setups.len() {
            return Err(format!(
                "games: {}, fewer than the {} setups: a pairing plays its game g on setup (g - 1) mod the setups, so setup {:?} would never be played; give games: {} (or more), or fewer setups",
                self.games,
                self.setups.len(),
                self.setups[self.games as usize].name,
                self.setups.len()
            ));
        }
        if self.seats > self.bots.len() {
            return Err(format!("seats: {}, more than the {}", self.seats, count(self.bots.len(), "bot")));
        }
        let replays = self.most_replays();
        if replays > most::REPLAYS {
            return Err(format!(
                "the plan would hold {} replays ({}, {}, {}, games: {}); at most {}: fewer bots, setups or games",
                if replays == u64::MAX { "billions of".to_string() } else { replays.to_string() },
                count(self.setups.len(), "setup"),
                count(self.bots.len(), "bot"),
                count(self.seats, "seat"),
                self.games,
                most::REPLAYS
            ));
        }
        Ok(())
    }

    /// A paired test's own checks: its bots are the spec's and differ, its statistics make a
    /// test, a pair of more seats has enough other bots, and `games` is left to `max_pairs`.
    fn check_sprt(&self) -> Result<(), String> {
        let Format::Sprt { candidate, baseline, elo0, elo1, alpha, beta, max_pairs } = &self.format else { return Ok(()) };
        let keys: Vec<String> = self.bots.iter().map(Bot::key).collect();
        for (field, name) in [("candidate", candidate), ("baseline", baseline)] {
            if !keys.contains(name) {
                return Err(format!("{field}: {name:?} is not a bot of the spec (its bots: {})", keys.join(", ")));
            }
        }
        if candidate == baseline {
            return Err(format!("baseline: {baseline:?} is the candidate too; a paired test compares two bots"));
        }
        crate::sprt::Sprt { elo0: *elo0, elo1: *elo1, alpha: *alpha, beta: *beta }.check()?;
        if *max_pairs == 0 || *max_pairs > most::PAIRS {
            return Err(format!("max_pairs: {max_pairs}; from 1 to {}", most::PAIRS));
        }
        if self.seats < 2 {
            return Err(format!("Sprt needs at least 2 seats (seats: {})", self.seats));
        }
        let others = self.bots.len() - 2;
        if self.seats > 2 && others < self.seats - 1 {
            return Err(format!(
                "seats: {}: a pair of {} seats needs {} bots beside the candidate and the baseline, and the spec has {others} (a bot may be named twice with the same command)",
                self.seats,
                self.seats,
                self.seats - 1
            ));
        }
        if self.games != 1 {
            return Err(format!("games: {}: a paired test plays pairs until it knows; max_pairs bounds it (leave games out)", self.games));
        }
        Ok(())
    }

    /// The most replays the plan can hold (its matches, each times its setup's games), or
    /// `u64::MAX` when that is more than anyone could play.
    pub fn most_replays(&self) -> u64 {
        let bots = self.bots.len() as u64;
        let pairings = match &self.format {
            // Every group of `seats` bots, in each of its seat orders, on every setup.
            Format::RoundRobin | Format::Each => {
                choose(bots, self.seats as u64).saturating_mul(self.seats as u64).saturating_mul(self.setups.len() as u64)
            }
            Format::Swiss { rounds } => u64::from(*rounds).saturating_mul(bots / 2),
            // A bracket of the next power of two: fewer than two pairings a place, double.
            Format::Elimination { .. } => 2 * bots.next_power_of_two().max(2),
            Format::Sprt { max_pairs, .. } => 2 * u64::from(*max_pairs),
            // A league plays on until it is full (`crate::league`).
            Format::League => 0,
        };
        let series = self.setups.iter().map(|s| s.series().unwrap_or(1).max(1)).max().unwrap_or(1);
        pairings.saturating_mul(u64::from(self.games)).saturating_mul(u64::from(series))
    }
}

/// The line of the spec's `text` that a check's error is about: the first that sets the field
/// the error begins with (`elo1 (0) must be above…` → the line of `elo1:`), else the first that
/// holds the first quoted word of the error (a bot's name).
fn place(text: &str, error: &str) -> Option<usize> {
    let field: String = error.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
    let quoted = error.split('"').nth(1).filter(|q| !q.is_empty()).map(|q| format!("{q:?}"));
    let wanted = [(!field.is_empty()).then(|| format!("{field}:")), quoted];
    wanted.iter().flatten().find_map(|w| text.lines().position(|line| line.contains(w.as_str()))).map(|k| k + 1)
}

/// Whether `name` is a non-empty word of ASCII letters, digits and `also`.
fn is_word(name: &str, also: &str) -> bool {
    !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || also.contains(c))
}

/// The groups of `k` of `n`, or `u64::MAX` when they are more than that.
fn choose(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut groups: u128 = 1;
    for i in 0..k {
        // Exact at every step: the product of i + 1 numbers in a row is divisible by (i + 1)!.
        groups = match groups.checked_mul(u128::from(n - i)) {
            Some(more) => more / u128::from(i + 1),
            None => return u64::MAX,
        };
        if groups > u128::from(u64::MAX) {
            return u64::MAX;
        }
    }
    groups as u64
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
        assert!(bad("seats: 2", "seats: 3").contains("seats: 3, more than the 2 bots"));
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
    fn every_number_of_a_spec_is_bounded_and_the_error_names_its_field() {
        let bad = |from: &str, to: &str| spec(&EXAMPLE.replace(from, to)).unwrap_err();
        for (from, to, said) in [
            ("seats: 2", "seats: 4294967295", "seats: 4294967295; from 1 to 64"),
            ("seats: 2", "seats: 0", "seats: 0"),
            ("games: 1", "games: 2147483647", "games: 2147483647; at most 1000"),
            ("format: RoundRobin", "format: Swiss(rounds: 4294967295)", "rounds: 4294967295"),
            ("\"200\"]", "\"200\", \"--games\", \"4294967295\"]", "--games 4294967295: at most 100"),
            ("\"rnd1\"", "\"a-name-longer-than-forty-characters-for-sure\"", "at most 40 characters"),
            ("format: RoundRobin,\n      games: 1", "format: Swiss(rounds: 300),\n      games: 1000", "the plan would hold 300000 replays"),
        ] {
            let why = bad(from, to);
            assert!(why.contains(said), "{to}: {why}");
        }
        // 201 bots in groups of 3: 1,333,300 groups, each in 3 seat orders.
        let bots: Vec<String> = (0..200).map(|k| format!("(name: \"b{k}\", command: \"x\", check: false)")).collect();
        let many = EXAMPLE
            .replace("seats: 2", "seats: 3")
            .replace("(name: \"greedy\", command: \"kibitz bot lighthouses greedy\"),", &(bots.join(", ") + ","));
        assert!(
            spec(&many).unwrap_err().contains("the plan would hold 3999900 replays (1 setup, 201 bots, 3 seats, games: 1)"),
            "{}",
            spec(&many).unwrap_err()
        );
        assert_eq!(choose(256, 128), u64::MAX);
        assert_eq!(choose(5, 2), 10);
        assert_eq!([count(1, "bot"), count(2, "bot"), count(0, "match")], ["1 bot", "2 bots", "0 matches"]);
        assert!(bad("seats: 2", "seats: 3").contains("seats: 3, more than the 2 bots"));
        // Swiss and brackets with fewer games a pairing than setups would leave a setup out.
        let two = EXAMPLE.replace("setups: [", "setups: [(name: \"second\", flags: []),");
        let swiss = two.replace("RoundRobin", "Swiss(rounds: 2)");
        assert!(spec(&swiss).unwrap_err().contains("games: 1, fewer than the 2 setups"), "{}", spec(&swiss).unwrap_err());
        assert!(spec(&two.replace("RoundRobin", "Elimination(double: false)")).unwrap_err().contains("would never be played"));
        assert!(spec(&swiss.replace("games: 1", "games: 2")).is_ok());
        assert!(spec(&two).is_ok(), "a round robin plays every setup");
    }

    #[test]
    fn a_paired_test_names_two_bots_of_the_spec_and_statistics_that_make_a_test() {
        let sprt = "Sprt(candidate: \"greedy\", baseline: \"rnd1\", elo0: 0.0, elo1: 5.0, alpha: 0.05, beta: 0.05, max_pairs: 20000)";
        let test = EXAMPLE.replace("RoundRobin", sprt).replace("games: 1,\n", "");
        let read = spec(&test).unwrap();
        assert_eq!(read.most_replays(), 40_000);
        assert!(matches!(read.format, Format::Sprt { max_pairs: 20000, .. }));
        let bad = |from: &str, to: &str| spec(&test.replace(from, to)).unwrap_err();
        assert!(
            bad("candidate: \"greedy\"", "candidate: \"new\"")
                .starts_with("candidate: \"new\" is not a bot of the spec (its bots: greedy, rnd1)")
        );
        assert!(bad("baseline: \"rnd1\"", "baseline: \"greedy\"").starts_with("baseline: \"greedy\" is the candidate too"));
        assert!(bad("elo1: 5.0", "elo1: 0.0").contains("elo1 (0) must be above elo0 (0)"));
        assert!(bad("alpha: 0.05", "alpha: 0.5").contains("between 0 and 0.5"));
        assert!(bad("beta: 0.05", "beta: -1.0").contains("between 0 and 0.5"));
        assert!(bad("max_pairs: 20000", "max_pairs: 0").contains("max_pairs: 0; from 1 to 50000"));
        assert!(bad("seed: 42", "games: 3,\n      seed: 42").contains("max_pairs bounds it"));
        let four = test.replace("seats: 2", "seats: 4");
        assert!(
            spec(&four).unwrap_err().contains("seats: 4, more than the 2 bots") || spec(&four).unwrap_err().contains("needs 3 bots beside")
        );
        // An error says its line in the file.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sprt.ron");
        std::fs::write(&path, test.replace("elo1: 5.0", "elo1: -1.0")).unwrap();
        let line = test.lines().position(|l| l.contains("elo1:")).unwrap() + 1;
        assert!(
            Spec::load(&path).unwrap_err().starts_with(&format!("{}:{line}: elo1 (-1)", path.display())),
            "{}",
            Spec::load(&path).unwrap_err()
        );
    }

    #[test]
    fn two_versions_of_one_bot_are_two_bots_named_with_their_versions() {
        let two = EXAMPLE.replace(
            r#"(name: "rnd1", command: "kibitz bot lighthouses random --seed 1")"#,
            r#"(name: "greedy", version: "v2", command: "kibitz bot lighthouses greedy")"#,
        );
        let read = spec(&two).unwrap();
        assert_eq!(read.bots.iter().map(Bot::key).collect::<Vec<_>>(), ["greedy", "greedy@v2"]);
        assert_eq!(read.bots[1].team(), "greedy.v2");
        let bad = |from: &str, to: &str| spec(&two.replace(from, to)).unwrap_err();
        assert!(
            bad("version: \"v2\", ", "").contains("bot name \"greedy\" is used twice (two versions of one bot each say their version)")
        );
        assert!(bad("\"v2\"", "\"v 2\"").contains("version \"v 2\": at most 40 letters, digits and -_.+"));
        let twice = two.replace("(name: \"greedy\", command", "(name: \"greedy\", version: \"v2\", command");
        assert!(spec(&twice).unwrap_err().contains("bot \"greedy\" version \"v2\" is given twice"));
    }

    #[test]
    fn a_kept_spec_is_checked_as_a_spec_is_and_a_huge_file_is_not_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tournament.ron");
        let spec = Spec::read(EXAMPLE).unwrap();
        let loaded = Loaded { spec: spec.clone(), root: dir.path().to_path_buf() };
        std::fs::write(&path, ron::to_string(&loaded).unwrap()).unwrap();
        assert_eq!(Loaded::read_kept(&path).unwrap(), loaded);
        let huge = Loaded { spec: Spec { seats: usize::MAX, ..spec.clone() }, ..loaded.clone() };
        std::fs::write(&path, ron::to_string(&huge).unwrap()).unwrap();
        let e = Loaded::read_kept(&path).unwrap_err();
        assert!(e.starts_with(&path.display().to_string()) && e.contains("seats: 18446744073709551615"), "{e}");
        std::fs::write(&path, vec![b' '; most::SPEC_BYTES as usize + 1]).unwrap();
        assert!(Loaded::read_kept(&path).unwrap_err().contains("a spec is at most"));
        // A device with no size is read no further than a spec may be.
        assert!(Spec::load(Path::new("/dev/zero")).unwrap_err().contains("over 1048576 bytes"));
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
