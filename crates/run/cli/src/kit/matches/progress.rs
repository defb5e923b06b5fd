//! The progress bar of long headless work (a match, a solver run).

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;

/// A progress bar over `rounds` on stderr when it is a terminal, hidden otherwise.
pub fn progress_bar(rounds: u64) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(rounds), ProgressDrawTarget::stderr());
    if !std::io::stderr().is_terminal() {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    bar.set_style(
        ProgressStyle::with_template("{spinner} round {pos}/{len} [{bar:40}] {elapsed} (eta {eta})")
            .expect("valid template")
            .progress_chars("=> "),
    );
    bar
}

/// A progress bar over `count` things (`what`: "GIFs") on stderr when it is a terminal, hidden
/// otherwise.
pub fn counter(count: u64, what: &str) -> ProgressBar {
    let bar = progress_bar(count);
    bar.set_style(
        ProgressStyle::with_template("{spinner} {msg} {pos}/{len} [{bar:40}] {elapsed} (eta {eta})")
            .expect("valid template")
            .progress_chars("=> "),
    );
    bar.set_message(what.to_string());
    bar
}

/// A spinner with a message on stderr when it is a terminal (work of unknown length: a server).
pub fn spinner() -> ProgressBar {
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    if !std::io::stderr().is_terminal() {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    bar.set_style(ProgressStyle::with_template("{spinner} {msg} {elapsed}").expect("valid template"));
    bar
}
