//! Who sits in a player's seat.

use crate::process::BotProcess;
use crate::stderr::Said;
use kibitz_core::drawing::{self, Dims};
use kibitz_core::{BotProtocol, Game};
use std::time::{Duration, Instant};

/// What a seat did on its turn, with everything the referee saw.
#[derive(Debug, Clone)]
pub struct Answer<A> {
    /// `None` when no usable command arrived; the rules take it as doing nothing.
    pub action: Option<A>,
    pub stderr: Vec<String>,
    /// Its drawing lines that read ([`kibitz_core::drawing`]); those that do not are in
    /// `stderr`, each with why.
    pub draw: Vec<String>,
    pub ms: Option<u64>,
    /// Set when the seat failed on this turn, with the reason.
    pub failed: Option<String>,
    pub note: Option<String>,
}

impl<A> Answer<A> {
    pub fn nothing() -> Self {
        Self { action: None, stderr: Vec::new(), draw: Vec::new(), ms: None, failed: None, note: None }
    }

    /// Takes in what the bot wrote on stderr, its drawing checked for a game of `dims`.
    fn take_said(&mut self, said: Said, dims: Dims) {
        self.stderr = said.lines;
        self.draw = drawing::sort_out(said.draw, &mut self.stderr, dims);
    }
}

/// A participant: a bot process, or a human at the viewer.
pub trait Seat<G: Game> {
    /// The display name (a bot's greeting, or its label in games whose bots do not greet; a
    /// human's label).
    fn name(&self) -> &str;
    /// The command line that was run, for bots.
    fn command(&self) -> Option<&str>;
    /// Why the seat is out of the match, if it is.
    fn failure(&self) -> Option<&str>;
    /// Greets the seat before the first turn.
    fn start(&mut self, state: &G::State, player: usize);
    /// Asks for this turn's action.
    fn act(&mut self, state: &G::State, player: usize) -> Answer<G::Action>;
    /// Tells the seat what came of its action.
    fn result(&mut self, outcome: &G::Outcome);
    /// The match is over (or stopped); `state` is the final state, `player` this seat's index.
    fn finish(&mut self, state: &G::State, player: usize);
}

/// Time limits for bots.
#[derive(Debug, Clone, Copy)]
pub struct BotLimits {
    pub init: Duration,
    /// Answers slower than this are logged in the replay, not punished.
    pub turn_soft: Duration,
    /// Answers slower than this fail the bot.
    pub turn_hard: Duration,
    /// The hard limit of the first answer instead of `turn_hard` (start-up counts in it).
    pub first_turn: Option<Duration>,
    /// Total thinking time over the game (wall clock while it is the bot's turn): a bot that
    /// uses it up fails.
    pub total: Option<Duration>,
}

impl BotLimits {
    /// What a game's bots get unless it says otherwise ([`Limits::TURN_BY_TURN`](kibitz_core::replay::Limits::TURN_BY_TURN)).
    pub const DEFAULT: BotLimits = BotLimits {
        init: Duration::from_millis(2000),
        turn_soft: Duration::from_millis(100),
        turn_hard: Duration::from_millis(500),
        first_turn: None,
        total: None,
    };

    /// The limits as a replay's header records them.
    pub fn to_record(self) -> kibitz_core::replay::Limits {
        kibitz_core::replay::Limits {
            init_ms: self.init.as_millis() as u64,
            turn_soft_ms: self.turn_soft.as_millis() as u64,
            turn_hard_ms: self.turn_hard.as_millis() as u64,
            first_turn_ms: self.first_turn.map(|d| d.as_millis() as u64),
            total_ms: self.total.map(|d| d.as_millis() as u64),
        }
    }

    /// The limits a replay's header recorded, to run its bots again under the same ones.
    pub fn from_record(l: kibitz_core::replay::Limits) -> Self {
        Self {
            init: Duration::from_millis(l.init_ms),
            turn_soft: Duration::from_millis(l.turn_soft_ms),
            turn_hard: Duration::from_millis(l.turn_hard_ms),
            first_turn: l.first_turn_ms.map(Duration::from_millis),
            total: l.total_ms.map(Duration::from_millis),
        }
    }
}

/// A bot process speaking the game's line protocol.
pub struct BotSeat {
    command: String,
    name: String,
    limits: BotLimits,
    process: Option<BotProcess>,
    failure: Option<String>,
    /// Set by `start`, consumed by the first `act`, so a failure at greeting time is reported
    /// on the bot's first turn record as well as in the header.
    pending_failure: bool,
    /// What the bot wrote on stderr up to its failure that no turn record holds yet: it goes
    /// with the failure on the next one.
    unrecorded_stderr: Said,
    /// Answers given so far.
    turns: u32,
    /// Thinking time used so far (for a total budget).
    used: Duration,
}

impl BotSeat {
    /// Starts the process now; a bot that cannot be started is a failed seat, not an error.
    pub fn spawn(command: &str, label: &str, limits: BotLimits) -> Self {
        let (process, failure) = match BotProcess::spawn(command) {
            Ok(p) => (Some(p), None),
            Err(e) => (None, Some(format!("could not be started: {e}"))),
        };
        let pending_failure = failure.is_some();
        Self {
            command: command.to_string(),
            name: label.to_string(),
            limits,
            process,
            failure,
            pending_failure,
            unrecorded_stderr: Said::default(),
            turns: 0,
            used: Duration::ZERO,
        }
    }

    /// Marks the seat failed (the first reason counts) and ends its process. The failure is
    /// reported on the seat's next turn record, with all the bot wrote on stderr since its last
    /// answer; the reason ends with the last of those lines ([`with_tail`](crate::stderr::with_tail)),
    /// so that "exited with status 2" comes with the bot's own word on why.
    fn fail(&mut self, reason: String) {
        let mut never_ran = false;
        if let Some(mut p) = self.process.take() {
            p.finish(Duration::ZERO);
            // Ended, so everything it wrote is there to read.
            let said = p.take_stderr();
            self.unrecorded_stderr.lines.extend(said.lines);
            self.unrecorded_stderr.draw.extend(said.draw);
            never_ran = p.never_ran();
        }
        if self.failure.is_none() {
            // A command the shell could not run has only the shell's "not found" to add.
            let reason = if never_ran { reason } else { crate::stderr::with_tail(reason, &self.unrecorded_stderr.lines) };
            self.failure = Some(reason);
            self.pending_failure = true;
        }
    }

    fn stderr(&self) -> Said {
        self.process.as_ref().map(BotProcess::take_stderr).unwrap_or_default()
    }
}

impl<G: BotProtocol> Seat<G> for BotSeat {
    fn name(&self) -> &str {
        &self.name
    }

    fn command(&self) -> Option<&str> {
        Some(&self.command)
    }

    fn failure(&self) -> Option<&str> {
        self.failure.as_deref()
    }

    /// Sends the init lines and, if the game's bots greet ([`BotProtocol::GREETS`]), waits for
    /// the greeting; otherwise the seat keeps its label as its name.
    fn start(&mut self, state: &G::State, player: usize) {
        let Some(process) = self.process.as_mut() else { return };
        let init = G::init_lines(state, player);
        if !G::GREETS {
            if !init.is_empty()
                && let Err(reason) = process.send(&init)
            {
                self.fail(format!("at start: {reason}"));
            }
            return;
        }
        // The greeting is an answer like any other: its time counts in a total budget.
        let wait = self.limits.total.map_or(self.limits.init, |total| self.limits.init.min(total));
        let asked = Instant::now();
        let greeting = process.send(&init).and_then(|_| process.receive(wait));
        self.used += asked.elapsed();
        match greeting.and_then(|(line, _)| G::parse_greeting(&line).map_err(|e| format!("bad greeting: {e}"))) {
            Ok(name) => self.name = name,
            Err(reason) => self.fail(format!("at start: {reason}")),
        }
    }

    fn act(&mut self, state: &G::State, player: usize) -> Answer<G::Action> {
        let mut answer = Answer::nothing();
        if std::mem::take(&mut self.pending_failure) {
            answer.failed = self.failure.clone();
            answer.take_said(std::mem::take(&mut self.unrecorded_stderr), G::DRAWING);
        }
        let Some(process) = self.process.as_mut() else { return answer };
        // This answer's limit: the turn's (the first answer's may differ), within what is left
        // of a total budget.
        let turn = if self.turns == 0 { self.limits.first_turn.unwrap_or(self.limits.turn_hard) } else { self.limits.turn_hard };
        let left = self.limits.total.map(|t| t.saturating_sub(self.used));
        let wait = left.map_or(turn, |l| turn.min(l));
        let asked = Instant::now();
        let reply = process.send(&G::turn_lines(state, player)).and_then(|_| process.receive(wait));
        self.used += asked.elapsed();
        self.turns += 1;
        let reply = reply.map_err(|reason| match (self.limits.total, left) {
            (Some(total), Some(l)) if l < turn && reason.starts_with("did not answer") => {
                format!("used up its total thinking time of {} ms", total.as_millis())
            }
            _ => reason,
        });
        let reply = reply.and_then(|(line, took)| {
            answer.ms = Some(took.as_millis() as u64);
            if took > self.limits.turn_soft {
                answer.note =
                    Some(format!("over the soft time limit ({} ms > {} ms)", took.as_millis(), self.limits.turn_soft.as_millis()));
            }
            G::parse_action(&line).map_err(|e| format!("sent {}: {e}", shorten(&line)))
        });
        match reply {
            Ok(action) => {
                answer.action = Some(action);
                answer.take_said(self.stderr(), G::DRAWING);
            }
            Err(reason) => {
                self.unrecorded_stderr = self.stderr();
                self.fail(reason);
                self.pending_failure = false;
                answer.failed = self.failure.clone();
                answer.take_said(std::mem::take(&mut self.unrecorded_stderr), G::DRAWING);
            }
        }
        answer
    }

    fn result(&mut self, outcome: &G::Outcome) {
        let lines = G::result_lines(outcome);
        if lines.is_empty() {
            return;
        }
        if let Some(process) = self.process.as_mut()
            && let Err(reason) = process.send(&lines)
        {
            self.fail(reason);
        }
    }

    /// Sends the farewell lines ([`BotProtocol::farewell_lines`]; a bot that already left
    /// misses them, which is no failure at this point), then closes its input, gives it a moment
    /// to exit and ends it.
    fn finish(&mut self, state: &G::State, player: usize) {
        if let Some(mut p) = self.process.take() {
            let farewell = G::farewell_lines(state, player);
            if !farewell.is_empty() {
                let _ = p.send(&farewell);
            }
            p.finish(Duration::from_millis(1000));
        }
    }
}

/// A bot's line, cut short for a message.
fn shorten(line: &str) -> String {
    const MAX: usize = 80;
    if line.chars().count() <= MAX {
        format!("{line:?}")
    } else {
        format!("{:?}… ({} bytes)", line.chars().take(MAX).collect::<String>(), line.len())
    }
}
