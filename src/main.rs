//! `kibitz`: the one binary. Headless subcommands (match, verify, bot, ...) never open a window.

fn main() -> std::process::ExitCode {
    kibitz::main()
}
