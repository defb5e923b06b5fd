//! `kibitz replay`: the bot author's tools on a recorded match. `input`: what a seat's bot read
//! from Kibitz, to give it again (`./mybot < input.txt`); `rerun`: the match played again
//! against a new build of that bot, stopping where it answers otherwise.

use super::exit::EXIT_BAD_INPUT;
use crate::kit::contract::room::{Registry, Reruns, Room};
use clap::{Args, Subcommand};
use kibitz_core::Bounded;
use std::path::PathBuf;
use std::process::ExitCode;

/// The most seats a match has (a tournament's widest is far below).
const SEAT: Bounded<usize> = Bounded::new("--seat", 0, 9_999);
/// The furthest step asked for (a replay's steps are counted in usize; this bounds the flag).
const STEP: Bounded<usize> = Bounded::new("--until", 0, 1_000_000_000);

#[derive(Args)]
pub struct ReplayArgs {
    #[command(subcommand)]
    pub what: ReplayVerb,
}

#[derive(Subcommand)]
pub enum ReplayVerb {
    /// What the bot in a seat read from Kibitz, byte for byte: its standard input (bot games),
    /// its problem (icfp2015), or its connections' answers beside its commands (server games).
    #[command(after_help = "Examples:\n  kibitz replay input replays/lighthouses-duel.jsonl --seat 0 --until 40 --out input.txt\n  \
                            ./mybot < input.txt      (the match again, up to step 40, in a debugger if need be)\n\n\
                            docs/debugging-a-bot.md walks through a case.")]
    Input(InputArgs),
    /// Play a recorded match again with a new build of one seat's bot: it is sent what the
    /// recorded bot was sent while its answers agree. Exit 0 when every answer agrees, 1 at the
    /// first that does not (the step, both answers, what the rules made of each).
    #[command(after_help = "Examples:\n  kibitz replay rerun replays/lighthouses-duel.jsonl --seat 0 -- 'python3 mybot.py'\n  \
                            kibitz replay rerun replays/osada-defender-vs-python.jsonl --seat 0 -- 'python3 myclient.py'\n  \
                            kibitz replay rerun replays/icfp2015-hive.jsonl --seat 0 -- './mysolver'\n\n\
                            A bot game's bot is sent its turns on stdin. A server game's client is started as kibitz match\n\
                            starts one (HOST PORT LOGIN PASSWORD last, KIBITZ_* set) and served its team's recorded answers\n\
                            over a loopback socket, at once (no clock), one connection; it has 10 s to connect and 10 s a\n\
                            command. icfp2015's solver runs once on the recorded problem, seed and flags.\n\
                            With --continue --out NEW.jsonl (bot games) the match goes on from the first difference under the\n\
                            real rules (the new bot in its seat, the others' recorded bots started afresh), its replay written whole.\n\
                            docs/debugging-a-bot.md walks through a case.")]
    Rerun(RerunArgs),
}

#[derive(Args)]
pub struct RerunArgs {
    /// The replay (JSON Lines).
    pub replay: PathBuf,
    /// The seat the new bot takes (0-based).
    #[arg(long, value_parser = crate::kit::matches::args::within(SEAT))]
    pub seat: usize,
    /// The new bot's command line, one argument after `--`, run with `sh -c` as matches run bots.
    #[arg(last = true, required = true, value_name = "BOT_CMD")]
    pub bot: String,
    /// At the first difference, play on with the real rules to the end (bot games): the new
    /// bot keeps its seat, the other seats' recorded bots start afresh. Needs --out.
    #[arg(long = "continue", requires = "out")]
    pub play_on: bool,
    /// Where --continue writes the new replay (whole, or not at all).
    #[arg(long, requires = "play_on")]
    pub out: Option<PathBuf>,
}

#[derive(Args)]
pub struct InputArgs {
    /// The replay (JSON Lines).
    pub replay: PathBuf,
    /// The seat (0-based, as `kibitz view --perspective` counts them).
    #[arg(long, value_parser = crate::kit::matches::args::within(SEAT))]
    pub seat: usize,
    /// Only what the bot read before step STEP (the state after that many steps): what it had
    /// when it answered step STEP. Without it, the whole match.
    #[arg(long, value_name = "STEP", value_parser = crate::kit::matches::args::within(STEP))]
    pub until: Option<usize>,
    /// Write it to this file (whole, or not at all) instead of standard output.
    #[arg(long)]
    pub out: Option<PathBuf>,
}

pub fn run(registry: &Registry, args: ReplayArgs) -> anyhow::Result<ExitCode> {
    match args.what {
        ReplayVerb::Input(args) => input(registry, args),
        ReplayVerb::Rerun(args) => rerun(registry, args),
    }
}

fn rerun(registry: &Registry, args: RerunArgs) -> anyhow::Result<ExitCode> {
    use kibitz_referee::rerun::Rerun;
    let name = args.replay.display();
    let refuse = |e: String| {
        eprintln!("{name}: {e}");
        Ok(ExitCode::from(EXIT_BAD_INPUT))
    };
    let (text, rerun) = match reruns_of(registry, &args.replay) {
        Ok((text, id, reruns)) => match reruns.rerun {
            Some(rerun) => (text, rerun),
            None => return refuse(format!("{id} replays cannot be played again against a new bot")),
        },
        Err(e) => return refuse(e),
    };
    // The new replay goes to NEW.part, renamed once the match has ended: whole or not at all.
    let part = args.out.as_ref().map(|out| {
        let mut part = out.as_os_str().to_owned();
        part.push(".part");
        PathBuf::from(part)
    });
    let mut file = match &part {
        None => None,
        Some(part) => match std::fs::File::create(part) {
            Ok(file) => Some(std::io::BufWriter::new(file)),
            Err(e) => return refuse(format!("cannot write {}: {e}", part.display())),
        },
    };
    let result = rerun(&text, args.seat, &args.bot, file.as_mut().map(|f| f as &mut dyn std::io::Write));
    let written = match (file, &part, &args.out, &result) {
        (Some(file), Some(part), Some(out), Ok(Rerun::Differs(d))) if d.continued.is_some() => {
            let done = file.into_inner().map_err(|e| e.into_error()).and_then(|f| f.sync_all()).and_then(|_| std::fs::rename(part, out));
            match done {
                Ok(()) => Some(out.display().to_string()),
                Err(e) => {
                    let _ = std::fs::remove_file(part);
                    return refuse(format!("cannot write {}: {e}", out.display()));
                }
            }
        }
        (_, Some(part), _, _) => {
            let _ = std::fs::remove_file(part);
            None
        }
        _ => None,
    };
    match result {
        Err(e) => refuse(e),
        Ok(Rerun::Agrees { answers }) => {
            crate::outln!("{name}: all {answers} answers of seat {} agree with the recording", args.seat)?;
            if let Some(out) = &args.out {
                crate::outln!("nothing to play on from: {} not written", out.display())?;
            }
            Ok(ExitCode::SUCCESS)
        }
        Ok(Rerun::Differs(d)) => {
            crate::outln!(
                "{name}: seat {} answers otherwise at step {} (after {} answers that agree)\n  recorded: {}\n  new bot:  {}\n  the rules answered the recorded one: {}\n  and the new one: {}",
                args.seat,
                d.step,
                d.agreed,
                d.recorded,
                d.answered,
                d.recorded_outcome,
                d.new_outcome
            )?;
            if let Some([recorded, new]) = &d.scores_after {
                crate::outln!("  scores after it: recorded {recorded:?}, new {new:?}")?;
            }
            if let (Some(summary), Some(out)) = (&d.continued, &written) {
                crate::outln!(
                    "played on from step {} with the real rules to round {}, scores {:?}: the new replay is {out}",
                    d.step,
                    summary.rounds,
                    summary.scores
                )?;
            }
            Ok(ExitCode::from(super::exit::EXIT_FAILED))
        }
    }
}

fn input(registry: &Registry, args: InputArgs) -> anyhow::Result<ExitCode> {
    let name = args.replay.display();
    let refuse = |e: String| {
        eprintln!("{name}: {e}");
        Ok(ExitCode::from(EXIT_BAD_INPUT))
    };
    let (text, reruns) = match reruns_of(registry, &args.replay) {
        Ok((text, _, reruns)) => (text, reruns),
        Err(e) => return refuse(e),
    };
    let input = match (reruns.input)(&text, args.seat, args.until) {
        Ok(input) => input,
        Err(e) => return refuse(e),
    };
    if let Some(note) = &input.note {
        eprintln!("{note}");
    }
    match &args.out {
        Some(out) => {
            if let Err(e) = super::write_atomically(out, &input.text) {
                eprintln!("{e}");
                return Ok(ExitCode::from(EXIT_BAD_INPUT));
            }
        }
        None => crate::out!("{}", input.text)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// The text of the replay at `path`, its game and what the game offers a bot author, or why
/// not (without the path: the verbs say it in front).
fn reruns_of(registry: &Registry, path: &std::path::Path) -> Result<(String, &'static str, Reruns), String> {
    let (text, room) = replay_room(registry, path)?;
    let reruns = room.capabilities().reruns.ok_or_else(|| format!("{} replays have no seats to replay", room.id()))?;
    Ok((text, room.id(), reruns))
}

/// The text of the replay at `path` and the room of its game, or why not (without the path:
/// the verbs say it in front).
pub(super) fn replay_room(registry: &Registry, path: &std::path::Path) -> Result<(String, &'static dyn Room), String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let room = registry.of_replay(&text)?;
    Ok((text, room))
}
