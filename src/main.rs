//! `kibitz`: the headless command line (`kibitz-cli`). A command line that asks for a window
//! loads the window's library (`libkibitz.so`, this package's library) and runs there; every
//! other verb runs without it, so neither Bevy nor the renderer is linked or initialised here.

// The allocator (mimalloc) comes with this crate; see its documentation for why.
use kibitz_allocator as _;

fn main() -> std::process::ExitCode {
    kibitz_cli::cli::main_with(kibitz_cli::games::registry(), std::env::args_os(), &kibitz_cli::cli::window::Library)
}
