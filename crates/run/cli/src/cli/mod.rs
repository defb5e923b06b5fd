//! The command line: one subcommand per task, each with `--help`. The verbs that take a game
//! (`match`, `bot`, `play`, `score`, `solve`, `serve`) get one sub-subcommand per game from the
//! registry, with the game's own arguments; games may add top-level tools of their own (`maze`).
//! Exit codes: see [`exit`].

mod bot;
pub mod contest;
mod diff;
pub mod exit;
mod new;
mod replay;
mod teams;
pub mod tournament;
mod verify;
pub mod virtual_display;
pub mod window;

use crate::kit::contract::room::{Registry, Room, Verb};
use clap::{ArgMatches, Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use std::process::ExitCode;
use window::Window;

pub use exit::{EXIT_BAD_INPUT, EXIT_FAILED};

#[derive(Parser)]
#[command(name = "kibitz", version, about = "Replay viewer, referee and hand-play playground for programming-contest games")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Let the window's engine print its informational messages (RUST_LOG also works).
    #[arg(short, long, global = true)]
    pub verbose: bool,
}

#[derive(Subcommand)]
pub enum Command {
    /// Run a match between bot processes and record it as a replay.
    Match(MatchArgs),
    /// Re-simulate a replay with the rules; exit 1 naming the first step that disagrees.
    Verify(verify::VerifyArgs),
    /// Compare two replays of one game: setup, seeds, the first step where they part, scores.
    Diff(diff::DiffArgs),
    /// A bot author's tools on a recorded match: what a seat's bot was sent, and the match
    /// played again against a new build of it.
    Replay(replay::ReplayArgs),
    /// Run one of Kibitz's own sample bots on stdin/stdout (for use as a BOT_CMD).
    #[command(after_help = "Example: kibitz match lighthouses --map maps/lighthouses/harbour.txt --rounds 200 \\\n  \
        --out game.jsonl -- 'kibitz bot lighthouses greedy' 'kibitz bot lighthouses random --seed 7'\n\
        Run `kibitz bot GAME --help` for a game's strategies.")]
    Bot(ForGame),
    /// Our own contest solvers, with the contest's command line.
    Solve(ForGame),
    /// Score solutions the way the contest did.
    Score(ForGame),
    /// Run a game's TCP server for teams' clients (the Deadline24 games).
    Serve(ForGame),
    /// A whole tournament of a game: plan its matches, run them in parallel, rank the bots.
    Tournament(tournament::TournamentArgs),
    /// Teams files for the server games (`generate`: random passwords to hand out).
    Teams(teams::TeamsArgs),
    /// A contest day: every server of every task from one file, one console, the ranking live.
    Contest(contest::ContestArgs),
    /// A starter bot for a game in Python or C++, with a README that plays it against ours.
    New(new::NewArgs),
}

/// `kibitz match`: what every game's match takes before the game's name, then the game.
#[derive(Args)]
pub struct MatchArgs {
    /// Each seat's version for the replay's header, comma-separated, `-` for one Kibitz works
    /// out from the seat's command (a tournament whose spec names versions passes them).
    #[arg(long, value_delimiter = ',', allow_hyphen_values = true, value_parser = version_word)]
    pub versions: Vec<String>,
    #[command(flatten)]
    pub game: ForGame,
}

/// A seat's version: `-`, or a tournament spec's version (letters, digits and `-_.+`, at most
/// 40), possibly after `NAME@`.
fn version_word(word: &str) -> Result<String, String> {
    let fine = |c: char| c.is_ascii_alphanumeric() || "-_.+@".contains(c);
    if word.is_empty() || word.len() > 81 || !word.chars().all(fine) {
        return Err(format!("{word:?} is not a version: letters, digits and -_.+@, at most 81"));
    }
    Ok(word.to_string())
}

/// A verb's game as given on the command line; the game's own arguments are read by its room.
#[derive(Debug, Clone)]
pub struct ForGame {
    pub game: String,
    pub args: ArgMatches,
}

impl FromArgMatches for ForGame {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        match matches.subcommand() {
            Some((game, args)) => Ok(Self { game: game.to_string(), args: args.clone() }),
            None => Err(clap::Error::raw(clap::error::ErrorKind::MissingSubcommand, "name a game")),
        }
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Args for ForGame {
    /// The verb's subcommands are games: no `help` among them (`kibitz match GAME --help` is how).
    fn augment_args(cmd: clap::Command) -> clap::Command {
        cmd.subcommand_required(true)
            .arg_required_else_help(true)
            .subcommand_value_name("GAME")
            .subcommand_help_heading("Games")
            .disable_help_subcommand(true)
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

/// The verbs that take a game, each with the room's method that offers it (`play` is the
/// window's: [`Window::commands`]).
const GAME_VERBS: [(&str, fn(&dyn Room) -> Option<clap::Command>); 5] = [
    ("match", |r| r.capabilities().matches.map(|m| m.verb).map(|v| v.command)),
    ("bot", bot::command),
    ("score", |r| r.capabilities().solutions.map(|s| s.score).map(|v| v.command)),
    ("solve", |r| r.capabilities().solutions.map(|s| s.solve).map(|v| v.command)),
    ("serve", |r| r.capabilities().server.map(|s| s.serve).map(|v| v.command)),
];

/// The whole command line: the fixed verbs, each game's arguments under them, the games'
/// own tools, and the list of games in `--help`.
pub fn command(registry: &Registry, window: &dyn Window) -> clap::Command {
    command_with(registry, window, |_| true)
}

/// The command line with the games' arguments under the verbs `wanted` only: they are most of
/// what building it costs (docs/performance.md, "Start-up"), and a command line uses one verb.
fn command_with(registry: &Registry, window: &dyn Window, wanted: impl Fn(&str) -> bool) -> clap::Command {
    let mut cmd = Cli::command().subcommands(window.commands(registry));
    for (verb, offered) in GAME_VERBS.into_iter().filter(|(verb, _)| wanted(verb)) {
        let mut games: Vec<clap::Command> = registry.rooms().iter().filter_map(|r| offered(*r)).collect();
        if verb == "match" {
            games = games.into_iter().map(|g| g.arg(watch_arg()).arg(check_arg())).collect();
        }
        cmd = cmd.mut_subcommand(verb, |c| c.subcommands(games));
    }
    for room in registry.rooms() {
        for tool in room.capabilities().tools {
            cmd = cmd.subcommand(tool.command);
        }
    }
    let games: Vec<String> = registry.rooms().iter().map(|r| format!("  {:<12} {}", r.id(), r.about())).collect();
    cmd.after_help(format!(
        "Without a command, the viewer opens on the bundled demo replay.\nGames:\n{}\nRun `kibitz COMMAND --help` (and `kibitz COMMAND GAME --help`) for the options.",
        games.join("\n")
    ))
}

/// The verb a command line names: its first word that is not an option (`kibitz -v match ...`),
/// or the one after `help` (`kibitz help match`).
pub fn named_verb(args: &[std::ffi::OsString]) -> Option<&str> {
    let mut words = args.iter().skip(1).filter(|a| !a.to_str().is_some_and(|a| a.starts_with('-')));
    match words.next()?.to_str()? {
        "help" => words.next()?.to_str(),
        verb => Some(verb),
    }
}

/// Parses the command line and runs it; `main` in a function so that a test can run the whole
/// program with a registry of its own.
pub fn main_with(registry: Registry, args: impl IntoIterator<Item = std::ffi::OsString>, window: &dyn Window) -> ExitCode {
    let args: Vec<_> = args.into_iter().collect();
    if let Some(code) = window.take(&args) {
        return code;
    }
    let verb = named_verb(&args);
    let matches = match command_with(&registry, window, |v| verb == Some(v)).try_get_matches_from(args) {
        Ok(m) => m,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { ExitCode::from(EXIT_BAD_INPUT) } else { ExitCode::SUCCESS };
        }
    };
    // A game's own tool is run by its room; everything else is a verb of ours.
    let tool = matches.subcommand().and_then(|(name, args)| {
        registry.rooms().iter().flat_map(|r| r.capabilities().tools).find(|t| t.name() == name).map(|t| (t, args.clone()))
    });
    let verbose = matches.get_flag("verbose");
    let window_verb = match matches.subcommand() {
        None => Some(None),
        Some((name, args)) if window::VERBS.iter().any(|(v, _)| *v == name) => Some(Some((name, args))),
        Some(("match", args)) if args.subcommand().is_some_and(|(_, game)| asked_id(game, "watch")) => Some(Some(("match", args))),
        _ => None,
    };
    let result = match (tool, window_verb) {
        (Some((tool, args)), _) => tool.run(&args),
        (None, Some(verb)) => window.run(verb, verbose),
        (None, None) => Cli::from_arg_matches(&matches).map_err(anyhow::Error::from).and_then(|cli| run(&registry, cli.command)),
    };
    match result {
        Ok(code) => code,
        // `kibitz … | head`: the reader has what it wanted.
        Err(e) if crate::kit::matches::stdout::is_closed(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("kibitz: {e:#}");
            ExitCode::from(EXIT_BAD_INPUT)
        }
    }
}

fn run(registry: &Registry, command: Option<Command>) -> anyhow::Result<ExitCode> {
    match command {
        Some(Command::Match(MatchArgs { versions, game: g })) => {
            kibitz_referee::command::declare_versions(&versions);
            if asked(&g, "check") {
                let room = registry.get(&g.game).map_err(anyhow::Error::msg)?;
                let verb =
                    room.capabilities().matches.map(|m| m.verb).ok_or_else(|| anyhow::anyhow!("{} does not offer this command", g.game))?;
                verb.check(&g.args).ok_or_else(|| anyhow::anyhow!("{} cannot check a match without running it", g.game))??;
                let mut checked = serde_json::json!({ "game": g.game, "checked": true });
                // The setup its replay would record, where the game can tell (a tournament's
                // standings hold each replay to it).
                if let Some(setup) = verb.recorded_setup(&g.args).transpose()? {
                    checked["setup"] = setup;
                }
                crate::outln!("{checked}")?;
                return Ok(ExitCode::SUCCESS);
            }
            let summary = game_verb(registry, &g, |r| r.capabilities().matches.map(|m| m.verb))?;
            // The last line on stdout is the summary, for scripts.
            crate::outln!("{summary}")?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Score(g)) => game_verb(registry, &g, |r| r.capabilities().solutions.map(|s| s.score)),
        Some(Command::Solve(g)) => game_verb(registry, &g, |r| r.capabilities().solutions.map(|s| s.solve)),
        Some(Command::Serve(g)) => game_verb(registry, &g, |r| r.capabilities().server.map(|s| s.serve)),
        Some(Command::Verify(args)) => verify::run(registry, args),
        Some(Command::Replay(args)) => replay::run(registry, args),
        Some(Command::Diff(args)) => diff::run(registry, args),
        Some(Command::Bot(g)) => bot::run(registry, g),
        Some(Command::Tournament(args)) => tournament::run_verb(registry, args),
        Some(Command::Teams(args)) => teams::run(args),
        Some(Command::Contest(args)) => contest::run(registry, args),
        Some(Command::New(args)) => new::run(registry, args),
        // The window's verbs, and `kibitz` alone, went to the window.
        None => anyhow::bail!("no command"),
    }
}

/// The `--check` switch every game's `match` takes.
fn check_arg() -> clap::Arg {
    clap::Arg::new("check").long("check").action(clap::ArgAction::SetTrue).conflicts_with("watch").help(
        "Check everything the match would (files, seats, the setup the rules start), then exit 0, or 2 saying what is wrong; start nothing",
    )
}

/// Whether a game's verb was given the switch `id`.
fn asked(g: &ForGame, id: &str) -> bool {
    asked_id(&g.args, id)
}

/// Whether a game's arguments hold the switch `id`.
pub fn asked_id(args: &ArgMatches, id: &str) -> bool {
    args.try_get_one::<bool>(id).ok().flatten().copied().unwrap_or(false)
}

/// The `--watch` switch every game's `match` takes (the window watches the match).
fn watch_arg() -> clap::Arg {
    clap::Arg::new("watch")
        .long("watch")
        .action(clap::ArgAction::SetTrue)
        .help("Open the viewer on the match while it runs (closing the window leaves the match to finish)")
}

/// Runs the verb `offered` of the game `g` names.
fn game_verb<T>(registry: &Registry, g: &ForGame, offered: impl Fn(&dyn Room) -> Option<Verb<T>>) -> anyhow::Result<T> {
    let room = registry.get(&g.game).map_err(anyhow::Error::msg)?;
    offered(room).ok_or_else(|| anyhow::anyhow!("{} does not offer this command", g.game))?.run(&g.args)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_verb_is_the_first_word_that_is_not_an_option() {
        let verb = |line: &str| {
            let args: Vec<std::ffi::OsString> = line.split_whitespace().map(Into::into).collect();
            named_verb(&args).map(str::to_string)
        };
        assert_eq!(verb("kibitz match lighthouses --rounds 3"), Some("match".into()));
        assert_eq!(verb("kibitz -v play snakecore"), Some("play".into()));
        assert_eq!(verb("kibitz help serve"), Some("serve".into()));
        assert_eq!(verb("kibitz --version"), None);
        assert_eq!(verb("kibitz"), None);
    }
}

/// Writes `text` to `path` so that a reader never sees half of it: a file beside it (`.part`
/// added to its name), renamed.
pub(crate) fn write_atomically(path: &std::path::Path, text: &str) -> Result<(), String> {
    let mut part = path.as_os_str().to_owned();
    part.push(".part");
    let part = std::path::PathBuf::from(part);
    std::fs::write(&part, text).map_err(|e| format!("cannot write {}: {e}", part.display()))?;
    std::fs::rename(&part, path).map_err(|e| format!("cannot write {}: {e}", path.display()))
}
