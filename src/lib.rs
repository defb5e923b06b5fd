//! Kibitz's window, as a library: the viewer (Bevy + egui), hand play, the map editor and the
//! broadcast layout, with one view room per game. The `kibitz` binary is the headless command
//! line (`kibitz-cli`); it loads this library (`libkibitz.so`) only for a command line that asks
//! for a window, and calls [`kibitz_window_main`].
//!
//! - [`verbs`]: the window's verbs (`view`, `play`, `edit`, `broadcast`, `export`, `match
//!   --watch`), as the command line hands them over.
//! - [`shell`]: the viewer's window: timeline, panels, shortcuts, screenshots.
//! - [`games`]: the registry of view rooms, one per game.
//! - [`kit`]: the contract between a view room and the window ([`kit::contract::view::GameView`])
//!   and the mechanisms every view room shares.
//!
//! Dependencies point one way: `verbs` → `shell` → `kit`, and `games` → `kit`; all of them on
//! `kibitz-cli`, never back.

pub mod games;
pub mod kit;
pub mod shell;
pub mod verbs;

/// The command line in this library, as the `kibitz` binary would run it, with every game.
pub use kibitz_cli::cli;
/// Lines to stdout that end a command quietly when stdout is closed (`kibitz-cli`'s).
pub use kibitz_cli::{out, outln};

/// The program with its window: every game of [`games::registry`], the process's own arguments.
pub fn main() -> std::process::ExitCode {
    ensure_runtime_dir();
    verbs::main_with(games::registry(), std::env::args_os())
}

/// The library's entry for the `kibitz` binary (`kibitz_cli::cli::window::Library`): runs the
/// process's command line and returns its exit code. A panic is caught here, at the edge of
/// the library, and becomes exit code 101, as in a Rust program.
#[unsafe(no_mangle)]
pub extern "C" fn kibitz_window_main() -> i32 {
    match std::panic::catch_unwind(main) {
        Ok(code) => exit_number(code),
        Err(_) => 101,
    }
}

/// An `ExitCode` as its number (the standard library keeps it opaque).
fn exit_number(code: std::process::ExitCode) -> i32 {
    // Its Debug form is `ExitCode(unix_exit_status(N))`: the number is its only digits.
    let text = format!("{code:?}");
    text.chars().filter(char::is_ascii_digit).collect::<String>().parse().unwrap_or(1)
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

#[cfg(test)]
mod tests {
    /// The exit code's number read back as the binary hands it on (the standard library's
    /// Debug form is all there is to read it by).
    #[test]
    fn an_exit_code_is_read_back_as_its_number() {
        use std::process::ExitCode;
        assert_eq!(super::exit_number(ExitCode::SUCCESS), 0);
        assert_eq!(super::exit_number(ExitCode::FAILURE), 1);
        assert_eq!(super::exit_number(ExitCode::from(2)), 2);
        assert_eq!(super::exit_number(ExitCode::from(101)), 101);
    }
}
