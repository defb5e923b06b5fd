//! `kibitz`: the one binary. Headless subcommands (match, verify, bot, ...) never open a window.

/// Reading a replay allocates on worker threads and frees on the checking one, and the rules
/// allocate answers and orders at every step: mimalloc takes a quarter to a third off
/// `kibitz verify` against the system allocator (docs/performance.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    kibitz::main()
}
