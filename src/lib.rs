//! Kibitz, the app: the command line, the viewer's window, and one room per game.
//!
//! - [`cli`]: the command line; its game verbs come from the registry.
//! - [`shell`]: the viewer's window (Bevy + egui): timeline, panels, shortcuts, screenshots.
//! - [`games`]: the registry, and one room per game.
//! - [`kit`]: the contract between a room and the app ([`kit::contract::room::Room`],
//!   [`kit::contract::view::GameView`]) and the mechanisms every room shares.
//!
//! Dependencies point one way: `cli` → `shell` → `kit`, and `games` → `kit`; only `main`
//! (through [`main`]) puts the registry of games into the command line.

pub mod cli;
pub mod games;
pub mod kit;
pub mod shell;

/// The program: every game of [`games::registry`], the process's own arguments.
pub fn main() -> std::process::ExitCode {
    ensure_runtime_dir();
    cli::main_with(games::registry(), std::env::args_os())
}

/// Without an `XDG_RUNTIME_DIR` (a bare `ssh` or container session), the window's libraries
/// complain on every start; the XDG specification lets a program use a private replacement,
/// so point it at one. Called first thing, while the process has a single thread.
fn ensure_runtime_dir() {
    use std::os::unix::fs::DirBuilderExt;
    if std::env::var_os("XDG_RUNTIME_DIR").is_some_and(|d| std::path::Path::new(&d).is_dir()) {
        return;
    }
    // SAFETY: getuid has no preconditions.
    let dir = std::env::temp_dir().join(format!("kibitz-runtime-{}", unsafe { libc::getuid() }));
    if std::fs::DirBuilder::new().mode(0o700).create(&dir).is_ok() || dir.is_dir() {
        // SAFETY: no other thread exists yet to read the environment concurrently.
        unsafe { std::env::set_var("XDG_RUNTIME_DIR", &dir) };
    }
}
