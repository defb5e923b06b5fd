//! `kibitz verify REPLAY`.

use super::exit::{EXIT_BAD_INPUT, EXIT_FAILED};
use crate::kit::contract::room::Registry;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct VerifyArgs {
    /// The replay file (JSON Lines).
    pub replay: PathBuf,
}

pub fn run(registry: &Registry, args: VerifyArgs) -> anyhow::Result<ExitCode> {
    kibitz_allocator::keep_freed_memory();
    let text = std::fs::read_to_string(&args.replay).map_err(|e| anyhow::anyhow!("{}: {e}", args.replay.display()))?;
    let name = args.replay.display();
    let report = match registry.verify(&text) {
        Ok(report) => report,
        Err(e) => {
            eprintln!("{name}: {e}");
            return Ok(ExitCode::from(EXIT_BAD_INPUT));
        }
    };
    let scores = |v: &kibitz_core::verify::Verified| -> String {
        let shown: Vec<String> = v.scores.iter().map(|&s| kibitz_core::show_score(s, report.score_decimals)).collect();
        format!("[{}]", shown.join(", "))
    };
    // A damaged file is said first, and never as "ok": the steps before the damage were
    // checked, but the replay is not whole.
    if let Some(damage) = &report.damage {
        let checked = report.steps;
        match &report.verdict {
            Ok(v) => eprintln!(
                "{name}: damaged at {damage}; the {checked} steps before it were checked and agree with the rules; scores so far {}",
                scores(v)
            ),
            Err(e) => eprintln!("{name}: damaged at {damage}; before it, {e}"),
        }
        return Ok(ExitCode::from(EXIT_FAILED));
    }
    match &report.verdict {
        Ok(v) => {
            let state = match (report.end.as_ref().and_then(|end| end.stopped.as_ref()), v.finished) {
                (Some(why), _) => why.as_str(),
                (None, true) => "finished",
                (None, false) => "unfinished",
            };
            crate::outln!("{name}: ok, {} {} steps agree with the rules ({state}); scores {}", report.steps, report.game, scores(v))?;
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!("{name}: {e}");
            Ok(ExitCode::from(EXIT_FAILED))
        }
    }
}
