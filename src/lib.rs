//! Kibitz, the app: the command line, the viewer's window, and one room per game.
//!
//! - [`cli`]: the command line; its game verbs come from the registry.
//! - [`shell`]: the viewer's window (Bevy + egui): timeline, panels, shortcuts, screenshots.
//! - [`games`]: the registry, and one room per game.
//! - [`kit`]: the contract between a room and the app ([`kit::room::Room`],
//!   [`kit::view::GameView`]) and the mechanisms every room shares.
//!
//! Dependencies point one way: `cli` → `shell` → `kit`, and `games` → `kit`; only `main`
//! (through [`main`]) puts the registry of games into the command line.

pub mod cli;
pub mod games;
pub mod kit;
pub mod shell;

/// The program: every game of [`games::registry`], the process's own arguments.
pub fn main() -> std::process::ExitCode {
    cli::main_with(games::registry(), std::env::args_os())
}
