//! The host's hold on a running server: pause the turn clock (practice by hand: turns wait
//! while a human thinks), end the current turn now (the seed's example ends a 10-second turn
//! on a `WAIT`; a human with the clock paused moves on when ready), or stop the game now (the
//! replay ends with a record saying so). Only whoever started the server holds a [`Clock`];
//! clients cannot pause, hurry or stop it.

use std::sync::Arc;
use tokio::sync::watch;

/// What the host asks of the clock.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ClockState {
    /// Turns do not end while paused; commands are still answered, at the paused instant.
    pub paused: bool,
    /// End the game now, for this reason.
    pub stopped: Option<String>,
    /// How many times the host has asked to end the current turn now ([`Clock::end_turn`]).
    pub turns_ended: u64,
}

/// A handle on the server's clock; clones control the same server.
#[derive(Debug, Clone)]
pub struct Clock(Arc<watch::Sender<ClockState>>);

impl Default for Clock {
    fn default() -> Self {
        Self(Arc::new(watch::channel(ClockState::default()).0))
    }
}

impl Clock {
    pub fn pause(&self, paused: bool) {
        self.0.send_if_modified(|s| std::mem::replace(&mut s.paused, paused) != paused);
    }

    /// Ends the current turn now, whether the clock runs or is paused (a paused clock stays
    /// paused for the next turn, which then lasts its full length once the clock runs).
    pub fn end_turn(&self) {
        self.0.send_modify(|s| s.turns_ended += 1);
    }

    /// Ends the game at once (the server's other games too); the replay keeps every step. The
    /// first reason given is the one recorded.
    pub fn stop(&self, reason: &str) {
        self.0.send_if_modified(|s| {
            let first = s.stopped.is_none();
            if first {
                s.stopped = Some(reason.to_string());
            }
            first
        });
    }

    pub fn state(&self) -> ClockState {
        self.0.borrow().clone()
    }

    pub(crate) fn watch(&self) -> watch::Receiver<ClockState> {
        self.0.subscribe()
    }
}
