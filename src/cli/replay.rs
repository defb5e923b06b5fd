//! `kibitz replay`: the bot author's tools on a recorded match. `input`: what a seat's bot read
//! from Kibitz, to give it again (`./mybot < input.txt`).

use super::exit::EXIT_BAD_INPUT;
use crate::kit::contract::room::Registry;
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
    }
}

fn input(registry: &Registry, args: InputArgs) -> anyhow::Result<ExitCode> {
    let name = args.replay.display();
    let refuse = |e: String| {
        eprintln!("{name}: {e}");
        Ok(ExitCode::from(EXIT_BAD_INPUT))
    };
    let text = match std::fs::read_to_string(&args.replay) {
        Ok(text) => text,
        Err(e) => return refuse(e.to_string()),
    };
    let room = match registry.of_replay(&text) {
        Ok(room) => room,
        Err(e) => return refuse(e),
    };
    let Some(reruns) = room.capabilities().reruns else {
        return refuse(format!("{} replays have no seats to replay", room.id()));
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
