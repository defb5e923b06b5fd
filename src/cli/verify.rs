//! `kibitz verify REPLAY`.

use super::exit::{EXIT_BAD_INPUT, EXIT_FAILED};
use crate::kit::room::Registry;
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
    if let Some(damage) = &report.damage {
        eprintln!("{name}: damaged at {damage}; the {} steps before it were checked", report.steps);
    }
    match &report.verdict {
        Ok(v) => {
            let state = match (report.end.as_ref().and_then(|end| end.stopped.as_ref()), v.finished) {
                (Some(why), _) => why.as_str(),
                (None, true) => "finished",
                (None, false) => "unfinished",
            };
            let scores: Vec<String> = v.scores.iter().map(|&s| kibitz_core::show_score(s, report.score_decimals)).collect();
            println!("{name}: ok, {} {} steps agree with the rules ({state}); scores [{}]", report.steps, report.game, scores.join(", "));
            Ok(ExitCode::from(if report.damage.is_some() { EXIT_FAILED } else { 0 }))
        }
        Err(e) => {
            eprintln!("{name}: {e}");
            Ok(ExitCode::from(EXIT_FAILED))
        }
    }
}
