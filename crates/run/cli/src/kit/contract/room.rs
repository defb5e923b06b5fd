//! What the command line asks of one game, and the registry that lists the games.
//!
//! A game's room implements [`Room`]: `verify` (any game has replays), and the
//! [`Capabilities`] it registers, so a game gains `match`, `bot`, `serve`, `score` or `solve`
//! by filling their part. The command line reads the [`Registry`], never a game by name. What
//! the window adds (the view, hand play, the map editor) is the game's view room, in the
//! window's library.

use crate::kit::matches::summary::Summary;
use kibitz_core::replay::{EndRecord, peek_header};
use kibitz_core::verify::{Checked, Verified, VerifyError, check_text};
use kibitz_core::{Game, Located};
use std::path::Path;
use std::process::ExitCode;

/// Everything the app knows about one game.
pub trait Room: Sync {
    /// The game's id, as in replays and on the command line.
    fn id(&self) -> &'static str;
    /// One line for listings (`kibitz --help`).
    fn about(&self) -> &'static str;
    /// Re-simulates a replay of this game (`text` is the whole file).
    fn verify(&self, text: &str) -> Result<VerifyReport, String>;
    /// What the game offers besides its replays, each capability registered once as data.
    fn capabilities(&self) -> Capabilities {
        Capabilities::default()
    }
}

/// What a game offers besides its replays. A room fills the parts it has and leaves the rest
/// to `..Default::default()`; the command line and the shell offer a verb only where its part
/// is there.
#[derive(Default)]
pub struct Capabilities {
    /// `kibitz match ID ...`: bots (or teams' clients) play a match.
    pub matches: Option<Matches>,
    /// `kibitz bot ID STRATEGY`: our sample bots.
    pub bots: Option<Bots>,
    /// `kibitz serve ID ...` and a server of a contest day: the Deadline24 games.
    pub server: Option<Server>,
    /// Solution files in the contest's own format: official scoring, our solver, replays.
    pub solutions: Option<Solutions>,
    /// Commands of the game's own at the top level (Amazes: `kibitz maze`).
    pub tools: Vec<Verb<ExitCode>>,
    /// `kibitz replay input`: what a seat was sent in a recorded match.
    pub reruns: Option<Reruns>,
    /// `kibitz new ID --lang python|cpp DIR`: a starter bot's files.
    pub starter: Option<Starter>,
}

/// A game's starter kit (`games/NAME/starter/`): its README, written once for both languages
/// (`{{LANG}}`, `{{FILE}}`, `{{BOT}}` and a `{{BUILD}}` line are put in by `kibitz new`), and the
/// bot in each language.
#[derive(Clone, Copy)]
pub struct Starter {
    pub readme: &'static str,
    pub python: &'static str,
    pub cpp: &'static str,
}

/// The [`Starter`] in the `starter/` folder beside the room's `mod.rs` that names it.
#[macro_export]
macro_rules! starter {
    () => {
        $crate::kit::contract::room::Starter {
            readme: include_str!("starter/README.md"),
            python: include_str!("starter/bot.py"),
            cpp: include_str!("starter/bot.cpp"),
        }
    };
}

/// What the bot author's `kibitz replay` asks of a game.
pub struct Reruns {
    /// What seat `seat` read from Kibitz in the replay `text`, up to step `until` (the whole
    /// match without): a bot's standard input, a solver's problem, a server game's answers
    /// beside its commands.
    pub input: fn(text: &str, seat: usize, until: Option<usize>) -> Result<Input, String>,
    /// The replay `text` played again with `command` in seat `seat` while its answers agree
    /// with the recorded ones; with `continue_to` (bot games), played on from the first
    /// difference under the real rules, its new replay written there.
    pub rerun: Option<RerunFn>,
    /// Two replays of the game compared (`kibitz diff A B`).
    pub diff: fn(a: &str, b: &str) -> Result<kibitz_core::diff::Diff, String>,
}

/// [`Reruns::rerun`]: the replay's text, the seat, the new bot's command, and where
/// `--continue` writes the match played on.
pub type RerunFn = fn(&str, usize, &str, Option<&mut dyn std::io::Write>) -> Result<kibitz_referee::rerun::Rerun, String>;

/// What a seat read ([`Reruns::input`]), and how to give it to the bot again when that takes
/// more than its standard input (a solver's command line).
pub struct Input {
    pub text: String,
    pub note: Option<String>,
}

impl From<String> for Input {
    fn from(text: String) -> Self {
        Self { text, note: None }
    }
}

/// `kibitz match ID ...`.
pub struct Matches {
    /// The game's arguments, and the match they run; the value is the summary printed as the
    /// last line.
    pub verb: Verb<Summary>,
    /// Whether a match's replay records the seed `kibitz match --seed` gave it (the g-th game
    /// of a series, that seed + g − 1), and no other seed in its setup: a tournament's
    /// standings hold each replay to the plan's seed, and to the setup most replays of its
    /// planned setup record (icfp2015 records its problem's source seeds, which matches share:
    /// not that).
    pub records_seed: bool,
}

impl Matches {
    /// A match whose replay records the seed it was given.
    pub fn new(verb: Verb<Summary>) -> Self {
        Self { verb, records_seed: true }
    }
}

/// `kibitz bot ID STRATEGY`.
pub struct Bots {
    /// One row each: the name, and what it does in one line (`kibitz bot ID --help` lists them).
    pub strategies: &'static [(&'static str, &'static str)],
    /// Runs one of them until its game ends: on stdin/stdout, or, for a server game, as a TCP
    /// client (`args`: HOST PORT LOGIN PASSWORD, as `kibitz match` appends them).
    pub run: fn(strategy: &str, seed: u64, args: &[String]) -> Result<(), String>,
}

/// A server game's servers.
pub struct Server {
    /// `kibitz serve ID ...`: the game's TCP server.
    pub serve: Verb<ExitCode>,
    /// A server of a contest day (`kibitz contest`): `serve`'s arguments, checked and made
    /// ready to run beside the day's other servers.
    pub contest: Verb<crate::kit::deadline24::served::PreparedServer>,
}

/// The longest first line read to tell a replay's game, far above any game's header (a
/// 512 × 512 osada settlement's is about 270 KB).
const MAX_HEADER: usize = 64 << 20;

/// A game whose entries are solution files (ICFP 2015).
pub struct Solutions {
    /// `kibitz score ID ...`: official scoring of solution files.
    pub score: Verb<ExitCode>,
    /// `kibitz solve ID ...`: our own solver, with the contest's command line.
    pub solve: Verb<ExitCode>,
    /// `kibitz view --problem P FILE`: a solution file played on a problem, as replay text.
    pub replay: fn(problem: &Path, solution: &Path, seed: Option<u32>) -> anyhow::Result<String>,
}

/// For stdio bots: they take no arguments after the strategy.
pub fn no_bot_arguments(args: &[String]) -> Result<(), String> {
    if args.is_empty() { Ok(()) } else { Err(format!("this bot takes no arguments after its strategy (got {})", args.join(" "))) }
}

/// What `verify` found.
pub struct VerifyReport {
    pub game: String,
    /// Steps read (and checked).
    pub steps: usize,
    /// The first unreadable line, if any; steps before it were checked.
    pub damage: Option<Located>,
    pub verdict: Result<Verified, VerifyError>,
    /// The end record, if the replay has one: names, failures, and why the match ended before
    /// the rules ended it (a human stopped it).
    pub end: Option<EndRecord>,
    /// Scores count units of 10^-score_decimals.
    pub score_decimals: u32,
}

/// A room's `verify` for a game whose crate reads its replays (`kibitz_core::replay_functions!`):
/// the report of what its `check_replay` found.
pub fn verify_report<G: Game>(checked: Result<Checked, Located>) -> Result<VerifyReport, String> {
    let checked = checked.map_err(|e| e.to_string())?;
    Ok(VerifyReport {
        game: G::ID.to_string(),
        steps: checked.steps,
        verdict: checked.verdict,
        damage: checked.damage,
        end: checked.end,
        score_decimals: G::SCORE_DECIMALS,
    })
}

/// A room's `verify` for any game, read and checked here (a game without a crate of its own).
pub fn verify_as<G: Game>(text: &str) -> Result<VerifyReport, String> {
    verify_report::<G>(check_text::<G>(text))
}

/// One command-line verb of a game: its arguments (a clap command named after the game or
/// tool) and what running it does.
pub struct Verb<T> {
    pub command: clap::Command,
    run: Box<dyn Fn(&clap::ArgMatches) -> anyhow::Result<T>>,
    /// Everything `run` checks before it starts anything (files, seats, the setup the rules
    /// would start), for a verb split so (`kibitz match --check`).
    check: Option<Box<dyn Fn(&clap::ArgMatches) -> anyhow::Result<()>>>,
    /// The setup its match records in the replay's header, for a verb whose setup the seed does
    /// not change ([`Verb::recording`]).
    setup: Option<Box<dyn Fn(&clap::ArgMatches) -> anyhow::Result<serde_json::Value>>>,
}

impl<T> Verb<T> {
    /// The verb whose arguments are `A` (a `clap::Parser` named after the game) run by `run`.
    pub fn new<A: clap::Parser + 'static>(run: fn(A) -> anyhow::Result<T>) -> Self
    where
        T: 'static,
    {
        Self { command: A::command(), run: Box::new(move |m| run(A::from_arg_matches(m)?)), check: None, setup: None }
    }

    /// The verb split in two: `check` reads and checks its arguments `A` into what `run` needs
    /// (`P`), starting nothing; `run` starts it. [`Verb::check`] stops after the first.
    pub fn checked<A: clap::Parser + 'static, P: 'static>(check: fn(A) -> anyhow::Result<P>, run: fn(P) -> anyhow::Result<T>) -> Self
    where
        T: 'static,
    {
        Self {
            command: A::command(),
            run: Box::new(move |m| run(check(A::from_arg_matches(m)?)?)),
            check: Some(Box::new(move |m| check(A::from_arg_matches(m)?).map(drop))),
            setup: None,
        }
    }

    /// The same verb telling the setup its match records in the replay's header: `check` as
    /// [`Verb::checked`] takes it, `setup` what of its result the header holds. Only for a game
    /// whose recorded setup the seed does not change: `kibitz match --check` prints it, and a
    /// tournament's standings hold each replay to it.
    pub fn recording<A: clap::Parser + 'static, P: 'static>(
        mut self,
        check: fn(A) -> anyhow::Result<P>,
        setup: fn(&P) -> serde_json::Value,
    ) -> Self {
        self.setup = Some(Box::new(move |m| check(A::from_arg_matches(m)?).map(|checked| setup(&checked))));
        self
    }

    /// Whether the verb tells the setup its match records ([`Verb::recording`]).
    pub fn records_setup(&self) -> bool {
        self.setup.is_some()
    }

    /// The setup a match with these arguments records, for a verb that tells it.
    pub fn recorded_setup(&self, matches: &clap::ArgMatches) -> Option<anyhow::Result<serde_json::Value>> {
        self.setup.as_ref().map(|setup| setup(matches))
    }

    /// Checks the arguments as running would, starting nothing; `None` for a verb not split.
    pub fn check(&self, matches: &clap::ArgMatches) -> Option<anyhow::Result<()>> {
        self.check.as_ref().map(|check| check(matches))
    }

    /// The same verb with its command's name and help set by `f` (verbs shared by several
    /// games take their game's name here).
    pub fn describe(mut self, f: impl FnOnce(clap::Command) -> clap::Command) -> Self {
        self.command = f(self.command);
        self
    }

    pub fn name(&self) -> &str {
        self.command.get_name()
    }

    pub fn run(&self, matches: &clap::ArgMatches) -> anyhow::Result<T> {
        (self.run)(matches)
    }
}

/// The games this build of the app knows: the command line and the shell read it.
#[derive(Clone)]
pub struct Registry {
    rooms: Vec<&'static dyn Room>,
}

impl Registry {
    pub fn new(rooms: &[&'static dyn Room]) -> Self {
        Self { rooms: rooms.to_vec() }
    }

    /// The same games and one more (a test's own game, say).
    pub fn with(mut self, room: &'static dyn Room) -> Self {
        self.rooms.push(room);
        self
    }

    pub fn rooms(&self) -> &[&'static dyn Room] {
        &self.rooms
    }

    pub fn ids(&self) -> Vec<&'static str> {
        self.rooms.iter().map(|r| r.id()).collect()
    }

    /// The room of game `id`, or a message listing the games there are.
    pub fn get(&self, id: &str) -> Result<&'static dyn Room, String> {
        self.rooms
            .iter()
            .copied()
            .find(|r| r.id() == id)
            .ok_or_else(|| format!("unknown game {id:?}; this Kibitz knows {}", self.ids().join(", ")))
    }

    /// The room of the game a replay's header names.
    pub fn of_replay(&self, text: &str) -> Result<&'static dyn Room, String> {
        let header = peek_header(text).map_err(|e| e.to_string())?;
        self.get(&header.game).map_err(|e| format!("line 1: {e}"))
    }

    /// The room of the replay in the file at `path`, read from its header alone: an error naming
    /// the file when it cannot be read or is not a replay of a game this build knows. Only the
    /// first line is read, so a command can refuse a bad file before it opens a window.
    pub fn of_file(&self, path: &Path) -> Result<&'static dyn Room, String> {
        let named = |e: String| format!("{}: {e}", path.display());
        let file = std::fs::File::open(path).map_err(|e| named(e.to_string()))?;
        let mut header = String::new();
        // Bounded: a file with no line end (`/dev/zero`) is no replay, never a whole memory's read.
        let mut first = std::io::Read::take(std::io::BufReader::new(file), MAX_HEADER as u64 + 1);
        std::io::BufRead::read_line(&mut first, &mut header).map_err(|e| named(e.to_string()))?;
        if header.len() > MAX_HEADER && !header.ends_with('\n') {
            return Err(named(format!("line 1 is over {} MB: not a replay's header", MAX_HEADER >> 20)));
        }
        self.of_replay(&header).map_err(named)
    }

    /// Verifies a replay of any known game. `Err` when the header cannot be read at all.
    pub fn verify(&self, text: &str) -> Result<VerifyReport, String> {
        self.of_replay(text)?.verify(text)
    }
}
