//! Reading a long text on every core while its results are used in order.
//!
//! A replay's lines are independent until re-simulation, which must take them in order. The
//! text is cut at line ends into pieces; worker threads read whole pieces, and the calling thread
//! takes each piece's result as soon as it and every piece before it are read. So verification
//! and loading start on the first piece while later ones are still being read, and a consumer
//! that has seen enough (damage, say) stops the workers.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// About this many bytes go to a worker at a time: large enough that handing a piece over costs
/// nothing next to reading it, small enough that the consumer starts early and the workers
/// finish together.
pub const PIECE_BYTES: usize = 64 * 1024;

/// At most this many workers (and never more than the machine has cores).
const MAX_WORKERS: usize = 8;

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
/// order. With more than one piece and core, the reading happens on worker threads while `take`
/// runs. Each reader has a state of its own (`worker` makes it; a cache, say) that it keeps from
/// piece to piece. When `take` breaks, no further piece is started and none is handed over.
pub fn read_in_order<'t, W, T: Send>(
    pieces: &[&'t str],
    worker: impl Fn() -> W + Sync,
    read: impl Fn(&mut W, &'t str) -> T + Sync,
    mut take: impl FnMut(T) -> ControlFlow<()>,
) {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let workers = cores.min(MAX_WORKERS).min(pieces.len());
    if workers <= 1 {
        let mut state = worker();
        for piece in pieces {
            if take(read(&mut state, piece)).is_break() {
                return;
            }
        }
        return;
    }
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let (sender, receiver) = mpsc::channel::<(usize, T)>();
        for _ in 0..workers {
            let sender = sender.clone();
            let (next, stop, worker, read) = (&next, &stop, &worker, &read);
            scope.spawn(move || {
                let mut state = worker();
                while !stop.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(piece) = pieces.get(i) else { break };
                    if sender.send((i, read(&mut state, piece))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        // Pieces finish out of order; each waits here until those before it are handed over.
        let mut waiting: Vec<Option<T>> = (0..pieces.len()).map(|_| None).collect();
        let mut wanted = 0;
        for (i, result) in receiver.iter() {
            waiting[i] = Some(result);
            while let Some(result) = waiting.get_mut(wanted).and_then(Option::take) {
                wanted += 1;
                if take(result).is_break() {
                    stop.store(true, Ordering::Relaxed);
                    return;
                }
            }
        }
        // A worker that panicked (a bug) left its piece missing; the scope re-raises its panic.
    });
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let text: String = (0..5000).map(|i| format!("{i}\n")).collect();
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

        let mut taken = 0;
        read_in_order(
            &parts,
            || (),
            |_, p| p.len(),
            |_| {
                taken += 1;
                if taken == 3 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
            },
        );
        assert_eq!(taken, 3);
    }
}
