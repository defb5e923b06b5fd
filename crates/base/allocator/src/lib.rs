//! The allocator every program of ours runs on (the `kibitz` binary, the benchmarks): linking
//! this crate makes mimalloc the global allocator.
//!
//! Reading a replay allocates on worker threads and frees on the checking one, and the rules
//! allocate answers and orders at every step: mimalloc takes a quarter to a third off
//! `kibitz verify` against the system allocator (docs/performance.md).

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// `mi_option_purge_delay` in mimalloc's `mi_option_e` (the same in its v2 and v3 headers;
/// `libmimalloc-sys` names only some options).
const PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// For a process that does one long piece of work and ends (`kibitz verify`, a benchmark):
/// memory freed stays with the process instead of going back to the system.
///
/// By default mimalloc gives free memory back a second after it was freed. Verifying a long
/// replay frees and allocates again all along (each verification's reading threads start with
/// heaps of their own), so memory went back to the system and came back as fresh transparent
/// huge pages, each zeroed by the kernel: up to a seventh of a 10 MB amazes verification
/// (`clear_page_erms` under `perf`), and about 25 page faults a run. The viewer and the servers
/// keep the default: they run for long and should give memory back.
pub fn keep_freed_memory() {
    // SAFETY: `mi_option_set` only stores a number in mimalloc's option table, at any time and
    // from any thread; an option index it does not know is ignored. -1: never give back.
    unsafe { libmimalloc_sys::mi_option_set(PURGE_DELAY, -1) }
}

/// Gives memory freed so far back to the system now, rather than over the next second as
/// mimalloc otherwise does: for the viewer once a big replay has opened, when the file's text,
/// the preview streamed in meanwhile and the reading threads' heaps are all let go at once.
pub fn give_back_freed_memory() {
    // SAFETY: `mi_collect` may be called at any time from any thread; `true` also returns
    // freed memory to the system.
    unsafe { libmimalloc_sys::mi_collect(true) }
}
