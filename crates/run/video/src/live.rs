//! A broadcast's video: frames offered as the window draws them, written at a steady rate by
//! the clock on a thread of its own.

use super::{Encoder, FPS, Frame, Target, ffmpeg_missing};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// A file may fall this many frames behind the clock (ffmpeg busy for a moment) and catch up
/// with repeats, so that its length stays the time recorded; further behind, frames are dropped.
/// A stream never catches up: it stays live and drops instead.
const FILE_BACKLOG: u64 = 2 * FPS as u64;
/// The first and the longest wait before a dropped stream is started again.
const FIRST_RETRY: Duration = Duration::from_secs(1);
const LONGEST_RETRY: Duration = Duration::from_secs(8);
/// A stream up this long is counted as healthy again: the next drop waits [`FIRST_RETRY`].
const HEALTHY_AFTER: Duration = Duration::from_secs(30);

/// What a recording or stream wrote.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Stats {
    /// Frames written, each 1/[`FPS`] s of video.
    pub written: u64,
    /// Of those, frames the window drew anew, and frames repeated because none had come.
    pub fresh: u64,
    pub repeated: u64,
    /// Ticks of the clock with no frame written: the encoder behind, or the stream down.
    pub dropped: u64,
    /// Times the stream was started again after a drop.
    pub restarts: u32,
    /// Why the video stopped before the end, if it did (a file's ffmpeg died).
    pub failed: Option<String>,
}

impl Stats {
    /// One line for the terminal.
    pub fn describe(&self, target: &Target) -> String {
        let seconds = self.written as f64 / f64::from(FPS);
        let mut line = format!(
            "{}: {seconds:.1} s of video, {} frames at {FPS} a second ({} drawn, {} repeated), {} dropped",
            target.describe(),
            self.written,
            self.fresh,
            self.repeated,
            self.dropped
        );
        if self.restarts > 0 {
            line += &format!(", {} restarts", self.restarts);
        }
        line
    }
}

/// What the window and the writing thread share.
#[derive(Default)]
struct Shared {
    /// The latest frame offered, numbered.
    latest: Mutex<Option<(u64, Arc<Frame>)>>,
    /// Asked to end (the broadcast ends).
    stop: AtomicBool,
    /// Ended by itself: the time limit reached, or a file's ffmpeg gone.
    done: AtomicBool,
}

/// A recording or stream in progress; [`Live::finish`] ends it. Dropped, it ends too.
pub struct Live {
    pub target: Target,
    shared: Arc<Shared>,
    writer: Option<JoinHandle<Stats>>,
    offered: u64,
}

impl Live {
    /// Starts writing to `target`, for `limit` of video at most. Refused (the line to print)
    /// when ffmpeg is not installed. Nothing is written until the first frame is offered.
    pub fn start(target: Target, flag: &str, limit: Option<Duration>) -> Result<Live, String> {
        if let Some(missing) = ffmpeg_missing(flag) {
            return Err(missing);
        }
        let shared = Arc::new(Shared::default());
        let (thread_shared, thread_target) = (shared.clone(), target.clone());
        let limit = limit.map(|d| (d.as_secs_f64() * f64::from(FPS)).round() as u64);
        let writer = std::thread::Builder::new()
            .name("kibitz-video".into())
            .spawn(move || write_by_the_clock(&thread_target, &thread_shared, limit))
            .map_err(|e| format!("cannot start the video's thread: {e}"))?;
        Ok(Live { target, shared, writer: Some(writer), offered: 0 })
    }

    /// The window's latest frame: written at the next tick (and at every tick after, until a
    /// newer one comes).
    pub fn offer(&mut self, frame: Frame) {
        self.offered += 1;
        if let Ok(mut latest) = self.shared.latest.lock() {
            *latest = Some((self.offered, Arc::new(frame)));
        }
    }

    /// Whether it ended by itself: its time limit reached, or a file that cannot be written.
    pub fn done(&self) -> bool {
        self.shared.done.load(Ordering::Acquire)
    }

    /// Ends the video (a file gets its end written) and says what was written.
    pub fn finish(mut self) -> Stats {
        self.end()
    }

    fn end(&mut self) -> Stats {
        self.shared.stop.store(true, Ordering::Release);
        let stats = self.writer.take().map(|w| w.join().unwrap_or_default());
        stats.unwrap_or_default()
    }
}

impl Drop for Live {
    fn drop(&mut self) {
        self.end();
    }
}

/// The writing thread: from the first frame on, one frame every 1/[`FPS`] s by the clock.
fn write_by_the_clock(target: &Target, shared: &Shared, limit: Option<u64>) -> Stats {
    let mut stats = Stats::default();
    let period = Duration::from_secs(1) / FPS;
    let stopped = || shared.stop.load(Ordering::Acquire);
    let latest = || shared.latest.lock().ok().and_then(|l| l.clone());
    // The clock starts with the first frame drawn.
    let first = loop {
        if stopped() {
            return stats;
        }
        if let Some(first) = latest() {
            break first;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let (width, height, format) = (first.1.width, first.1.height, first.1.format);
    let start = Instant::now();
    let mut tick: u64 = 0;
    let mut last_seq = 0;
    let mut encoder: Option<(Encoder, Instant)> = None;
    let (mut retry_at, mut wait) = (start, FIRST_RETRY);
    while !stopped() && limit.is_none_or(|l| tick < l) {
        let due = start + period * u32::try_from(tick).unwrap_or(u32::MAX);
        let now = Instant::now();
        if now < due {
            std::thread::sleep(due - now);
            continue;
        }
        let behind = ((now - due).as_nanos() / period.as_nanos()) as u64;
        let allowed = if matches!(target, Target::File(_)) { FILE_BACKLOG } else { 0 };
        if behind > allowed {
            let skip = (behind - allowed).min(limit.map_or(u64::MAX, |l| l - tick));
            stats.dropped += skip;
            tick += skip;
            continue;
        }
        if encoder.is_none() {
            if now < retry_at {
                stats.dropped += 1;
                tick += 1;
                continue;
            }
            match Encoder::start(target, width, height, format, FPS as f32) {
                Ok(started) => {
                    if stats.restarts > 0 {
                        eprintln!("kibitz: streaming to {} again", target.describe());
                    }
                    encoder = Some((started, now));
                }
                Err(e) => {
                    stats.failed = Some(e.clone());
                    eprintln!("kibitz: {e}");
                    break;
                }
            }
        }
        let Some((frame_seq, frame)) = latest() else { break };
        let Some((running, since)) = encoder.as_mut() else { continue };
        if (frame.width, frame.height) != (width, height) {
            // The window's size is fixed while recording; a frame of another size is skipped.
            stats.dropped += 1;
            tick += 1;
            continue;
        }
        match running.write(&frame.pixels) {
            Ok(()) => {
                stats.written += 1;
                if frame_seq != last_seq {
                    stats.fresh += 1;
                    last_seq = frame_seq;
                } else {
                    stats.repeated += 1;
                }
                if now.duration_since(*since) > HEALTHY_AFTER {
                    wait = FIRST_RETRY;
                }
                tick += 1;
            }
            Err(why) => {
                encoder = None;
                match target {
                    Target::Stream(_) => {
                        eprintln!("kibitz: the stream to {} stopped ({why}); trying again in {} s", target.describe(), wait.as_secs());
                        stats.restarts += 1;
                        retry_at = Instant::now() + wait;
                        wait = (wait * 2).min(LONGEST_RETRY);
                    }
                    Target::File(_) => {
                        let line = format!("{} cannot be written on ({why}); what was written so far plays", target.describe());
                        eprintln!("kibitz: {line}; the broadcast goes on unrecorded");
                        stats.failed = Some(line);
                        break;
                    }
                }
            }
        }
    }
    if let Some((running, _)) = encoder
        && let Err(e) = running.finish()
    {
        eprintln!("kibitz: {e}");
        stats.failed.get_or_insert(e);
    }
    shared.done.store(true, Ordering::Release);
    stats
}
