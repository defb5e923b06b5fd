//! `kibitz`: the one binary. Headless subcommands (match, verify, bot, ...) never open a window.

// The allocator (mimalloc) comes with this crate; see its documentation for why.
use kibitz_allocator as _;

fn main() -> std::process::ExitCode {
    kibitz::main()
}
