//! Matches with a human at the table: a [`HandSeat`] answers from a channel instead of a
//! process, and a [`LiveMatch`] runs the referee loop on its own thread while a viewer follows
//! the replay as it is written.
//!
//! The viewer never touches the rules' state of the running match: it reads the same replay
//! lines that go to the file, so what the human sees is exactly what was recorded.

use crate::seat::{Answer, Seat};
use crate::sequential::{History, MatchError, MatchOptions, MatchSummary, run_match_from};
use kibitz_core::Game;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, TryRecvError, channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// A seat played by a human: `act` waits for the next action sent through the channel.
/// Humans take their time: there is no time limit.
pub struct HandSeat<A> {
    name: String,
    actions: Receiver<A>,
}

impl<A> HandSeat<A> {
    /// The seat and the sender its human's actions go into.
    pub fn new(name: &str) -> (Self, Sender<A>) {
        let (tx, rx) = channel();
        (Self { name: name.to_string(), actions: rx }, tx)
    }
}

impl<G: Game> Seat<G> for HandSeat<G::Action> {
    fn name(&self) -> &str {
        &self.name
    }

    fn command(&self) -> Option<&str> {
        None
    }

    fn failure(&self) -> Option<&str> {
        None
    }

    fn start(&mut self, _state: &G::State, _player: usize) {}

    fn act(&mut self, _state: &G::State, _player: usize) -> Answer<G::Action> {
        let mut answer = Answer::nothing();
        // No sender means the match is being stopped: the referee drops this empty answer.
        answer.action = self.actions.recv().ok();
        answer
    }

    fn result(&mut self, _outcome: &G::Outcome) {}

    fn finish(&mut self, _state: &G::State, _player: usize) {}
}

/// Writes to the replay file and hands every complete line to the viewer as well.
struct Tee<W: Write> {
    file: W,
    lines: Sender<String>,
    partial: Vec<u8>,
}

impl<W: Write> Write for Tee<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.file.write_all(bytes)?;
        self.partial.extend_from_slice(bytes);
        while let Some(end) = self.partial.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.partial.drain(..=end).collect();
            // A viewer that went away does not stop the match: the file still gets everything.
            let _ = self.lines.send(String::from_utf8_lossy(&line[..end]).into_owned());
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

/// A match running on its own thread, with humans at some seats.
///
/// Dropping it stops the match after the current step (the replay then ends with a record
/// saying so) and waits for the thread, so bot processes are never left behind.
pub struct LiveMatch<G: Game> {
    /// In a mutex only so that a viewer can keep the match in a shared (`Sync`) resource.
    lines: Mutex<Receiver<String>>,
    hands: Vec<(usize, Sender<G::Action>)>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<Result<MatchSummary, MatchError>>>,
    result: Option<Result<MatchSummary, String>>,
}

/// One seat of a live match, before it starts.
pub enum SeatPlan<G: Game> {
    /// A human, with their display name.
    Human(String),
    /// Anything else: a bot process, a built-in player.
    Seat(Box<dyn Seat<G> + Send>),
}

impl<G: Game> LiveMatch<G>
where
    G::Setup: Send,
    G::Action: Send,
    G::Outcome: Send,
{
    /// Starts the match (continuing from `history`) on a new thread, recording to `out`.
    pub fn start(
        setup: G::Setup,
        plan: Vec<SeatPlan<G>>,
        mut options: MatchOptions,
        history: Vec<kibitz_core::StepRecord<G::Action, G::Outcome>>,
        out: impl Write + Send + 'static,
    ) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        options.stop = Some(stop.clone());
        let mut hands = Vec::new();
        let mut seats: Vec<Box<dyn Seat<G> + Send>> = Vec::new();
        for (player, seat) in plan.into_iter().enumerate() {
            match seat {
                SeatPlan::Human(name) => {
                    let (seat, tx) = HandSeat::<G::Action>::new(&name);
                    hands.push((player, tx));
                    seats.push(Box::new(seat));
                }
                SeatPlan::Seat(seat) => seats.push(seat),
            }
        }
        let (tx, lines) = channel();
        let thread = std::thread::spawn(move || {
            let mut seats: Vec<Box<dyn Seat<G>>> = seats.into_iter().map(|s| s as Box<dyn Seat<G>>).collect();
            let tee = Tee { file: out, lines: tx, partial: Vec::new() };
            run_match_from::<G>(&setup, &mut seats, &options, &history as &History<G>, tee, |_| {}).map(|f| f.summary)
        });
        Self { lines: Mutex::new(lines), hands, stop, thread: Some(thread), result: None }
    }
}

impl<G: Game> LiveMatch<G> {
    /// Waits for the replay's first line, the header: it is written once every seat has
    /// greeted, so this takes as long as the slowest bot's start.
    pub fn header(&mut self, timeout: std::time::Duration) -> Result<String, String> {
        let received = self.lines.lock().map_err(|_| "the match's line channel is poisoned".to_string())?.recv_timeout(timeout);
        match received {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Disconnected) => Err(match self.stop() {
                Some(Err(e)) => e.clone(),
                _ => "the match ended before it started".to_string(),
            }),
            Err(RecvTimeoutError::Timeout) => Err(format!("the match did not start within {} s", timeout.as_secs())),
        }
    }

    /// Replay lines written since the last call (the header first).
    pub fn new_lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        let Ok(receiver) = self.lines.lock() else { return lines };
        loop {
            match receiver.try_recv() {
                Ok(line) => lines.push(line),
                Err(TryRecvError::Empty | TryRecvError::Disconnected) => return lines,
            }
        }
    }

    /// Whether `player` is played by a human here.
    pub fn is_human(&self, player: usize) -> bool {
        self.hands.iter().any(|(p, _)| *p == player)
    }

    /// Sends a human's action. The referee applies it when it is that seat's turn.
    pub fn submit(&self, player: usize, action: G::Action) -> Result<(), String> {
        let (_, tx) = self.hands.iter().find(|(p, _)| *p == player).ok_or(format!("player {player} is not played by hand"))?;
        tx.send(action).map_err(|_| "the match is over".to_string())
    }

    /// The match's result once its thread has ended (`None` while it runs).
    pub fn result(&mut self) -> Option<&Result<MatchSummary, String>> {
        if self.result.is_none() && self.thread.as_ref().is_some_and(|t| t.is_finished()) {
            self.result = Some(self.join());
        }
        self.result.as_ref()
    }

    fn join(&mut self) -> Result<MatchSummary, String> {
        match self.thread.take().map(JoinHandle::join) {
            Some(Ok(result)) => result.map_err(|e| e.to_string()),
            Some(Err(_)) => Err("the match thread panicked".to_string()),
            None => Err("the match was already joined".to_string()),
        }
    }

    /// Stops the match after the current step and waits for the replay to be closed.
    pub fn stop(&mut self) -> Option<&Result<MatchSummary, String>> {
        self.stop.store(true, Ordering::Relaxed);
        // Without senders, a human seat waiting for an action gives up at once.
        self.hands.clear();
        if self.result.is_none() && self.thread.is_some() {
            self.result = Some(self.join());
        }
        self.result.as_ref()
    }
}

impl<G: Game> Drop for LiveMatch<G> {
    fn drop(&mut self) {
        self.stop();
    }
}
