//! The host's hold on a running server: pause the turn clock (practice by hand: turns wait
//! while a human thinks), the organisers' emergency pause (every command answered 5, recorded
//! as steps of the replay), end the current turn now (the seed's example ends a 10-second turn
//! on a `WAIT`; a human with the clock paused moves on when ready), close a team's connections,
//! or stop the game now (the replay ends with a record saying so). Only whoever started the
//! server holds a [`Clock`]; clients cannot pause, hurry or stop it.

use std::sync::Arc;
use tokio::sync::{broadcast, watch};

/// What the host asks of the clock.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ClockState {
    /// Turns do not end while paused; commands are still answered, at the paused instant.
    pub paused: bool,
    /// The organisers' emergency pause, with its reason: turns do not end, every command is
    /// answered `FAILED 5`, and the pause and the resume are steps of the replay.
    pub emergency: Option<String>,
    /// End the game now, for this reason.
    pub stopped: Option<String>,
    /// How many times the host has asked to end the current turn now ([`Clock::end_turn`]).
    pub turns_ended: u64,
}

/// A handle on the server's clock; clones control the same server.
#[derive(Debug, Clone)]
pub struct Clock {
    state: Arc<watch::Sender<ClockState>>,
    /// Teams whose connections the host closes.
    kicks: broadcast::Sender<usize>,
}

impl Default for Clock {
    fn default() -> Self {
        Self { state: Arc::new(watch::channel(ClockState::default()).0), kicks: broadcast::channel(64).0 }
    }
}

impl Clock {
    pub fn pause(&self, paused: bool) {
        self.state.send_if_modified(|s| std::mem::replace(&mut s.paused, paused) != paused);
    }

    /// The organisers' emergency pause (`Some(reason)`), or its end (`None`).
    pub fn emergency(&self, reason: Option<String>) {
        self.state.send_if_modified(|s| {
            let changed = s.emergency.is_some() != reason.is_some();
            if changed {
                s.emergency = reason;
            }
            changed
        });
    }

    /// Ends the current turn now, whether the clock runs or is paused (a paused clock stays
    /// paused for the next turn, which then lasts its full length once the clock runs).
    pub fn end_turn(&self) {
        self.state.send_modify(|s| s.turns_ended += 1);
    }

    /// Ends the game at once (the server's other games too); the replay keeps every step. The
    /// first reason given is the one recorded.
    pub fn stop(&self, reason: &str) {
        self.state.send_if_modified(|s| {
            let first = s.stopped.is_none();
            if first {
                s.stopped = Some(reason.to_string());
            }
            first
        });
    }

    /// Closes every connection of `team` (it may log in again).
    pub fn kick(&self, team: usize) {
        let _ = self.kicks.send(team);
    }

    pub fn state(&self) -> ClockState {
        self.state.borrow().clone()
    }

    pub(crate) fn watch(&self) -> watch::Receiver<ClockState> {
        self.state.subscribe()
    }

    pub(crate) fn kicks(&self) -> broadcast::Receiver<usize> {
        self.kicks.subscribe()
    }
}
