//! Reading a long text on every core while its results are used in order.
//!
//! A replay's lines are independent until re-simulation, which must take them in order. The
//! text is cut at line ends into pieces; helper threads read whole pieces, and the calling thread
//! takes each piece's result as soon as it and every piece before it are read (reading one
//! itself when none is ready). So verification and loading start on the first piece while later
//! ones are still being read, and a consumer that has seen enough (damage, say) stops the
//! helpers.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{OnceLock, mpsc};

/// About this many bytes go to a reader at a time: large enough that handing a piece over costs
/// nothing next to reading it, small enough that the consumer starts early and the readers
/// finish together.
pub const PIECE_BYTES: usize = 64 * 1024;

/// At most this many readers, this thread included (and never more than the machine has cores).
const MAX_READERS: usize = 8;

/// How many threads read `pieces` pieces, this one included: one a core, at most
/// [`MAX_READERS`], never more than there are pieces.
fn readers(pieces: usize) -> usize {
    // Asked once: the standard library reads the control groups' files at every call (about
    // twenty system calls, a tenth of a millisecond's verification).
    static CORES: OnceLock<usize> = OnceLock::new();
    let cores = *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    cores.min(MAX_READERS).min(pieces).max(1)
}

/// `text` cut after line ends into pieces of about `size` bytes (the last may be shorter; none is
/// empty).
pub fn pieces(text: &str, size: usize) -> Vec<&str> {
    let size = size.max(1);
    let mut out = Vec::with_capacity(text.len() / size + 1);
    let mut rest = text;
    while rest.len() > size {
        let cut = rest.as_bytes()[size..].iter().position(|&b| b == b'\n').map_or(rest.len(), |i| size + i + 1);
        let (piece, tail) = rest.split_at(cut);
        out.push(piece);
        rest = tail;
    }
    if !rest.is_empty() {
        out.push(rest);
    }
    out
}

/// Reads every piece with `read` and hands the results to `take` on this thread, in the pieces'
/// order. With more than one piece and core, helper threads read ahead while `take` runs, and
/// this thread reads too whenever the piece it needs next is not ready: so there is never more
/// than one reading thread a core (a thread that waits for a core on a small replay costs more
/// than it reads), and whichever of reading and taking is slower, both cores stay busy. Helpers
/// read at most [`AHEAD_PER_READER`] pieces a reader past what was taken, then sleep: what is
/// read and not yet taken stays small, and a core is left to the game's own threads (wycinanka
/// draws its orders on one). Each reader has a state of its own (`reader_state` makes it; a cache,
/// say) that it keeps from piece to piece. When `take` breaks, no further piece is started and
/// none is handed over.
pub fn read_in_order<'t, W, T: Send>(
    pieces: &[&'t str],
    reader_state: impl Fn() -> W + Sync,
    read: impl Fn(&mut W, &'t str) -> T + Sync,
    mut take: impl FnMut(T) -> ControlFlow<()>,
) {
    let helpers = readers(pieces.len()) - 1;
    let mut own = reader_state();
    if helpers == 0 {
        for piece in pieces {
            if take(read(&mut own, piece)).is_break() {
                return;
            }
        }
        return;
    }
    let ahead = AHEAD_PER_READER * (helpers + 1);
    let next = AtomicUsize::new(0);
    let taken = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let (sender, receiver) = mpsc::channel::<(usize, T)>();
        let mut sleepers = Vec::with_capacity(helpers);
        for _ in 0..helpers {
            let sender = sender.clone();
            let (next, taken, stop, reader_state, read) = (&next, &taken, &stop, &reader_state, &read);
            let helper = scope.spawn(move || {
                let mut state = reader_state();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(piece) = pieces.get(i) else { break };
                    // Woken by `Wake` (spuriously, too: the condition is looked at again).
                    while i >= taken.load(Ordering::Acquire) + ahead && !stop.load(Ordering::Acquire) {
                        std::thread::park();
                    }
                    if stop.load(Ordering::Acquire) || sender.send((i, read(&mut state, piece))).is_err() {
                        break;
                    }
                }
            });
            sleepers.push(helper.thread().clone());
        }
        drop(sender);
        // However this ends (done, `take` broke, or panicked), no helper is left asleep.
        let wake = Wake { stop: &stop, helpers: sleepers };
        // Pieces finish out of order; each waits here until those before it are handed over.
        let mut waiting: Vec<Option<T>> = (0..pieces.len()).map(|_| None).collect();
        let mut wanted = 0;
        while wanted < pieces.len() {
            if let Some(result) = waiting[wanted].take() {
                wanted += 1;
                if take(result).is_break() {
                    return;
                }
                taken.store(wanted, Ordering::Release);
                // Sleeping helpers are woken once half their room is free again, not at every
                // piece: a wake-up is a system call.
                if wanted % (ahead / 2) == 0 {
                    wake.helpers();
                }
                continue;
            }
            if let Ok((i, result)) = receiver.try_recv() {
                waiting[i] = Some(result);
                continue;
            }
            // The next piece is not ready: read one here rather than wait, while any is left
            // within the room (a helper held up mid-piece must not leave this thread reading
            // the whole text ahead).
            let room = pieces.len().min(wanted + ahead);
            if let Ok(i) = next.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |i| (i < room).then_some(i + 1)) {
                waiting[i] = Some(read(&mut own, pieces[i]));
                continue;
            }
            // A helper holds the next piece; it may be asleep.
            wake.helpers();
            match receiver.recv() {
                Ok((i, result)) => waiting[i] = Some(result),
                // A helper that panicked (a bug) left its piece missing; the scope re-raises it.
                Err(_) => return,
            }
        }
    });
}

/// Pieces each reader (helpers and this thread) may have read past those taken.
const AHEAD_PER_READER: usize = 4;

/// Wakes the helpers of [`read_in_order`]; dropped, it stops them.
struct Wake<'a> {
    stop: &'a AtomicBool,
    helpers: Vec<std::thread::Thread>,
}

impl Wake<'_> {
    fn helpers(&self) {
        self.helpers.iter().for_each(std::thread::Thread::unpark);
    }
}

impl Drop for Wake<'_> {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Release);
        self.helpers();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The numbers below `n`, a line each.
    fn numbered(n: usize) -> String {
        (0..n).map(|i| format!("{i}\n")).collect()
    }

    #[test]
    fn pieces_end_at_line_ends_and_cover_the_text() {
        let text = "one\ntwo\nthree\n\nfour";
        for size in 1..text.len() + 2 {
            let parts = pieces(text, size);
            assert_eq!(parts.concat(), text, "size {size}");
            assert!(parts.iter().all(|p| !p.is_empty()));
            assert!(parts[..parts.len() - 1].iter().all(|p| p.ends_with('\n')), "size {size}: {parts:?}");
        }
        assert_eq!(pieces("", 4), Vec::<&str>::new());
        assert_eq!(pieces("abcdefgh", 2), vec!["abcdefgh"], "no line end: one piece");
    }

    #[test]
    fn results_arrive_in_order_and_a_break_stops_the_handing_over() {
        let text = numbered(5000);
        let parts = pieces(&text, 64);
        assert!(parts.len() > 100);
        let mut seen = Vec::new();
        read_in_order(
            &parts,
            || (),
            |_, p| p.lines().map(|l| l.parse::<usize>().unwrap()).collect::<Vec<_>>(),
            |numbers| {
                seen.extend(numbers);
                ControlFlow::Continue(())
            },
        );
        assert_eq!(seen, (0..5000).collect::<Vec<_>>());

        let taken = take_counting(&parts, |taken| if taken == 3 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) });
        assert_eq!(taken, 3);
    }

    /// Reads `parts` in order, telling `each` how many pieces were taken so far; how many were.
    fn take_counting(parts: &[&str], mut each: impl FnMut(usize) -> ControlFlow<()>) -> usize {
        let mut taken = 0;
        read_in_order(
            parts,
            || (),
            |_, p| p.len(),
            |_| {
                taken += 1;
                each(taken)
            },
        );
        taken
    }

    #[test]
    fn helpers_read_only_so_far_past_what_was_taken() {
        let text = numbered(200);
        let parts = pieces(&text, 1);
        let ahead = AHEAD_PER_READER * readers(parts.len());
        let taken = AtomicUsize::new(0);
        let furthest = AtomicUsize::new(0);
        read_in_order(
            &parts,
            || (),
            |_, p| {
                let i: usize = p.trim().parse().unwrap();
                // How far past the pieces taken this one is read.
                let t = taken.load(Ordering::SeqCst);
                furthest.fetch_max(i + 1 - t.min(i + 1), Ordering::SeqCst);
                i
            },
            |i| {
                assert_eq!(i, taken.load(Ordering::SeqCst));
                // A slow consumer: without a bound the helpers would read everything meanwhile.
                std::thread::sleep(std::time::Duration::from_micros(300));
                taken.fetch_add(1, Ordering::SeqCst);
                ControlFlow::Continue(())
            },
        );
        assert_eq!(taken.into_inner(), 200);
        let furthest = furthest.into_inner();
        assert!(furthest <= ahead, "read {furthest} pieces ahead, more than {ahead}");
    }

    #[test]
    fn a_consumer_that_panics_leaves_no_helper_asleep() {
        let text = numbered(200);
        let parts = pieces(&text, 1);
        let outcome = std::panic::catch_unwind(|| {
            take_counting(&parts, |taken| {
                // Long enough for the helpers to fill their room and fall asleep.
                std::thread::sleep(std::time::Duration::from_millis(1));
                assert!(taken < 20, "the consumer gives up");
                ControlFlow::Continue(())
            })
        });
        assert!(outcome.is_err(), "the panic reaches the caller instead of hanging");
    }

    /// Each reader's first piece waits until every reader has one in hand, so this finishes only
    /// if this thread reads too while the helpers hold theirs.
    #[test]
    fn this_thread_reads_while_its_helpers_do() {
        let text = numbered(400);
        let parts = pieces(&text, 16);
        let count = readers(parts.len());
        let all_hold_one = std::sync::Barrier::new(count);
        let mut seen = Vec::new();
        let mut readers_seen = std::collections::HashSet::new();
        read_in_order(
            &parts,
            || true,
            |first, p| {
                if std::mem::take(first) {
                    all_hold_one.wait();
                }
                (std::thread::current().id(), p.lines().map(|l| l.parse::<usize>().unwrap()).collect::<Vec<_>>())
            },
            |(reader, numbers)| {
                readers_seen.insert(reader);
                seen.extend(numbers);
                ControlFlow::Continue(())
            },
        );
        assert_eq!(seen, (0..400).collect::<Vec<_>>());
        assert_eq!(readers_seen.len(), count, "every reader read a piece");
        assert!(readers_seen.contains(&std::thread::current().id()), "this thread read a piece");
    }
}
