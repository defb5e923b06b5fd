//! `kibitz diff A B`: two replays of one game compared, for people or as JSON.

use super::exit::{EXIT_BAD_INPUT, EXIT_FAILED};
use crate::kit::contract::room::Registry;
use clap::Args;
use kibitz_core::diff::Diff;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
#[command(after_help = "Exit status: 0 the same match, 1 a difference found, 2 bad input (unreadable, or two games).\n\
                        Example: kibitz diff old.jsonl new.jsonl --json")]
pub struct DiffArgs {
    /// The first replay.
    pub a: PathBuf,
    /// The second replay, of the same game.
    pub b: PathBuf,
    /// The comparison as one JSON object (setup, seeds, the first difference, scores over the steps).
    #[arg(long)]
    pub json: bool,
}

pub fn run(registry: &Registry, args: DiffArgs) -> anyhow::Result<ExitCode> {
    let read = |path: &PathBuf| super::replay::replay_room(registry, path).map_err(|e| format!("{}: {e}", path.display()));
    let ((a, room_a), (b, room_b)) = match (read(&args.a), read(&args.b)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => return refuse(e),
    };
    if room_a.id() != room_b.id() {
        return refuse(format!(
            "{} is {}, {} is {}: two games cannot be compared",
            args.a.display(),
            room_a.id(),
            args.b.display(),
            room_b.id()
        ));
    }
    let Some(reruns) = room_a.capabilities().reruns else { return refuse(format!("{} replays cannot be compared", room_a.id())) };
    let diff = match (reruns.diff)(&a, &b) {
        Ok(diff) => diff,
        Err(e) => return refuse(e),
    };
    if args.json {
        crate::outln!("{}", serde_json::to_string(&diff)?)?;
    } else {
        crate::out!("{}", report(&diff, &args))?;
    }
    Ok(if diff.same() { ExitCode::SUCCESS } else { ExitCode::from(EXIT_FAILED) })
}

fn refuse(e: String) -> anyhow::Result<ExitCode> {
    eprintln!("{e}");
    Ok(ExitCode::from(EXIT_BAD_INPUT))
}

/// The comparison for people: each replay in a line, what differs, scores side by side.
fn report(d: &Diff, args: &DiffArgs) -> String {
    let scores = |s: &[i64]| s.iter().map(|&v| kibitz_core::show_score_short(v, d.score_decimals)).collect::<Vec<_>>().join(", ");
    let mut out = String::new();
    for (name, side, path) in [("A", &d.a, &args.a), ("B", &d.b, &args.b)] {
        out += &format!(
            "{name}: {} · {} · {} steps · players {} · scores [{}]\n",
            path.display(),
            d.game,
            side.steps,
            side.players.join(", "),
            scores(&side.scores)
        );
        if let Some(damage) = &side.damage {
            out += &format!("   damaged at {damage}: compared up to there\n");
        }
    }
    out += &match d.same_setup {
        true => "setup: the same\n".to_string(),
        false => format!("setup: differs in {}\n", d.setup_differs_in.join(", ")),
    };
    out += &match d.same_seed {
        true => format!("seed: the same ({})\n", d.a.seed),
        false => format!("seed: A {}, B {}\n", d.a.seed, d.b.seed),
    };
    let who = |p: Option<usize>, side: &kibitz_core::diff::Side| match p {
        Some(k) => format!("player {k} ({})", side.players.get(k).map_or("?", String::as_str)),
        None => "the game's clock (a tick)".into(),
    };
    out += &match &d.first {
        Some(f) => format!(
            "first difference: step {}\n   A: {} sent {}\n   B: {} sent {}\n",
            f.step,
            who(f.player_a, &d.a),
            f.action_a,
            who(f.player_b, &d.b),
            f.action_b
        ),
        None if d.a.steps == d.b.steps => "steps: every one the same\n".into(),
        None => format!("steps: the same as far as the shorter goes ({} of {})\n", d.a.steps.min(d.b.steps), d.a.steps.max(d.b.steps)),
    };
    out += "scores over the steps (A | B):\n";
    let every = (d.scores.len() / 10).max(1);
    for (k, at) in d.scores.iter().enumerate() {
        if k % every != 0 && k + 1 != d.scores.len() {
            continue;
        }
        let side = |s: &Option<Vec<i64>>| s.as_ref().map_or("-".to_string(), |s| format!("[{}]", scores(s)));
        out += &format!("   step {:>7}: {} | {}\n", at.step, side(&at.a), side(&at.b));
    }
    out
}
