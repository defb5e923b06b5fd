//! `kibitz play GAME ...`: the game's room sets up the session; here it is shown in the viewer
//! and, once the window is closed, what was recorded is checked and summed up (the summary every
//! verb prints, with the replay's `steps`, whether it `verified`, and the `error` if not).

use crate::kit::contract::view::Session;
use crate::kit::contract::view_room::ViewRegistry;
use crate::kit::matches::summary::Summary;
use kibitz_cli::cli::exit::EXIT_FAILED;
use std::process::ExitCode;

pub fn run(registry: &ViewRegistry, session: Session, verbose: bool) -> anyhow::Result<ExitCode> {
    let Session { view, out, screenshot } = session;
    eprintln!("recording to {}", out.display());
    let options = crate::shell::ViewerOptions { screenshot, verbose, ..Default::default() };
    let code = crate::shell::run_with(registry.clone(), options, Some(crate::shell::Opening::View(view)))?;
    // The window is closed and the match closed with it: check what was recorded.
    let text = std::fs::read_to_string(&out)?;
    let report = registry.verify(&text).map_err(|e| anyhow::anyhow!("{}: {e}", out.display()))?;
    let verified = report.verdict.as_ref().is_ok_and(|_| report.damage.is_none());
    let error = report.verdict.as_ref().err().map(ToString::to_string).or(report.damage.map(|d| d.to_string()));
    let (names, failed, stopped) = report.end.map(|end| (end.names, end.failed, end.stopped)).unwrap_or_default();
    let scores = report.verdict.as_ref().map(|v| v.scores.clone()).unwrap_or_default();
    let mut summary = Summary::new(&report.game, report.score_decimals, vec![out], names, &scores, failed)
        .with("steps", report.steps)
        .with("verified", verified)
        .with("error", error);
    summary.stopped = stopped;
    crate::outln!("{summary}")?;
    Ok(if !verified { ExitCode::from(EXIT_FAILED) } else { code })
}
