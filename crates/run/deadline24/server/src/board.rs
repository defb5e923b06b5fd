//! What the organisers' console shows of a running server (`status`): the game and turn, where
//! the server stands (waiting for its first turn, running, paused, over), commands per second,
//! and each team's connections, last command and score. The owner writes it after each batch of
//! commands, each change of the host's clock and each turn end; the console reads a copy.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[derive(Debug, Clone, Default)]
pub struct Board(Arc<Mutex<Status>>);

#[derive(Debug, Clone, Default)]
pub struct Status {
    pub game: u32,
    pub turn: u32,
    pub phase: Phase,
    /// Commands answered since the server started.
    pub commands: u64,
    pub teams: Vec<TeamStatus>,
    /// (when, commands by then), a few seconds' worth, for the rate.
    samples: Vec<(Instant, u64)>,
}

/// Where a server stands.
#[derive(Debug, Clone, Default, PartialEq)]
pub enum Phase {
    /// Not started yet, or its first turn waits for the teams or a time (`--start`).
    #[default]
    Waiting,
    Running,
    /// The organisers' emergency pause, with its reason (maybe empty).
    Paused(String),
    /// Every game played to its end.
    Finished,
    /// Stopped before its end (the console's `stop`, a signal), with the reason.
    Stopped(String),
    /// The server could not go on (a port it cannot listen on, a replay it cannot write).
    Failed(String),
}

impl Phase {
    /// Whether the server is over, one way or another.
    pub fn is_over(&self) -> bool {
        matches!(self, Phase::Finished | Phase::Stopped(_) | Phase::Failed(_))
    }
}

/// As the console says it: `running`, `PAUSED (power cut)`, `finished`, ...
impl std::fmt::Display for Phase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let with = |f: &mut std::fmt::Formatter<'_>, word: &str, reason: &str| {
            if reason.trim().is_empty() { f.write_str(word) } else { write!(f, "{word} ({})", reason.trim()) }
        };
        match self {
            Phase::Waiting => f.write_str("waiting for the first turn to start"),
            Phase::Running => f.write_str("running"),
            Phase::Paused(reason) => with(f, "PAUSED", reason),
            Phase::Finished => f.write_str("finished"),
            Phase::Stopped(reason) => with(f, "stopped", reason),
            Phase::Failed(error) => with(f, "FAILED", error),
        }
    }
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

    /// The server is over (`phase`): its connections are closed. Whoever runs the server says
    /// so when it failed; the server itself when its games are over.
    pub fn end(&self, phase: Phase) {
        self.update(|status| {
            status.phase = phase;
            for team in &mut status.teams {
                team.connections = 0;
            }
        });
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
    /// Commands answered per second over the last few seconds (none once the server is over).
    pub fn per_second(&self) -> f64 {
        match (self.samples.first(), self.samples.last()) {
            (Some((t0, c0)), Some((t1, c1))) if t1 > t0 && !self.phase.is_over() => (c1 - c0) as f64 / t1.duration_since(*t0).as_secs_f64(),
            _ => 0.0,
        }
    }
}
