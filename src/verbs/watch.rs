//! `kibitz match GAME … --watch`: the match runs on a thread of its own while the viewer
//! follows its replay file (one per game with `--games`) as it is written. Closing the window
//! leaves the match to finish; its summary is still the last line on stdout.

use crate::kit::contract::view_room::ViewRegistry;
use crate::kit::matches::args::replay_path;
use crate::shell::incoming::WriterFailure;
use crate::shell::{ViewerOptions, run as run_viewer};
use kibitz_cli::cli::ForGame;
use kibitz_follow::Source;
use std::path::PathBuf;
use std::process::ExitCode;

pub fn run(registry: &ViewRegistry, g: ForGame, verbose: bool) -> anyhow::Result<ExitCode> {
    let room = registry.registry.get(&g.game).map_err(anyhow::Error::msg)?;
    let out = g.args.try_get_one::<PathBuf>("out").ok().flatten().cloned().ok_or_else(|| anyhow::anyhow!("--watch needs --out"))?;
    let games = g.args.try_get_one::<u32>("games").ok().flatten().copied().unwrap_or(1);
    let paths: Vec<PathBuf> = (1..=games).map(|k| replay_path(&out, k, games)).collect();
    // A replay left by an earlier run must not be shown as this match's.
    for path in paths.iter().filter(|p| p.exists()) {
        std::fs::remove_file(path).map_err(|e| anyhow::anyhow!("cannot replace {}: {e}", path.display()))?;
    }
    let failure = WriterFailure::default();
    let failed = failure.clone();
    let args = g.args.clone();
    let game = g.game.clone();
    let matched = std::thread::Builder::new().name("kibitz-match".into()).spawn(move || {
        let verb = room.capabilities().matches.map(|m| m.verb).ok_or_else(|| anyhow::anyhow!("{game} does not offer this command"))?;
        let result = verb.run(&args);
        if let Err(e) = &result
            && let Ok(mut slot) = failed.lock()
        {
            *slot = Some(format!("{e:#}"));
        }
        result
    })?;
    let options = ViewerOptions {
        verbose,
        follow: paths.iter().map(|p| Source::File(p.clone())).collect(),
        writer: Some(failure),
        ..Default::default()
    };
    let shown = run_viewer(registry.clone(), options);
    if !matched.is_finished() {
        eprintln!("kibitz: the window is closed; the match goes on to its end (Ctrl-C stops it)");
    }
    let summary = matched.join().map_err(|_| anyhow::anyhow!("the match's thread panicked"))??;
    // The last line on stdout is the summary, for scripts, as without --watch.
    crate::outln!("{summary}")?;
    shown
}
