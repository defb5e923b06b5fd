//! What the organisers' console shows of a running server (`status`): the game and turn, the
//! pause, commands per second, and each team's connections, last command and score. The owner
//! writes it after each batch of commands and each turn end; the console reads a copy.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[derive(Debug, Clone, Default)]
pub struct Board(Arc<Mutex<Status>>);

#[derive(Debug, Clone, Default)]
pub struct Status {
    pub game: u32,
    pub turn: u32,
    pub paused: bool,
    /// Commands answered since the server started.
    pub commands: u64,
    pub teams: Vec<TeamStatus>,
    /// (when, commands by then), a few seconds' worth, for the rate.
    samples: Vec<(Instant, u64)>,
}

#[derive(Debug, Clone, Default)]
pub struct TeamStatus {
    pub login: String,
    pub connections: usize,
    /// Its last command line, and when it came.
    pub last: Option<(String, Instant)>,
    /// In millionths, as the rules keep them.
    pub score: i64,
}

impl Board {
    /// A copy of the status now.
    pub fn status(&self) -> Status {
        self.0.lock().map(|s| s.clone()).unwrap_or_default()
    }

    pub(crate) fn update(&self, change: impl FnOnce(&mut Status)) {
        if let Ok(mut status) = self.0.lock() {
            change(&mut status);
            let (now, commands) = (Instant::now(), status.commands);
            status.samples.push((now, commands));
            status.samples.retain(|(at, _)| now.duration_since(*at) <= Duration::from_secs(5));
        }
    }
}

impl Status {
    /// Commands answered per second over the last few seconds.
    pub fn per_second(&self) -> f64 {
        match (self.samples.first(), self.samples.last()) {
            (Some((t0, c0)), Some((t1, c1))) if t1 > t0 => (c1 - c0) as f64 / t1.duration_since(*t0).as_secs_f64(),
            _ => 0.0,
        }
    }
}
