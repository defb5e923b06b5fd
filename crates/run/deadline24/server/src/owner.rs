//! The one task that owns the game: it applies commands in the order they reach it, ends turns
//! on the wall clock, writes the replay and feeds the spectators.

use crate::board::Phase;
use crate::clock::ClockState;
use crate::{OnTurn, ReplayOut, ServerOptions, Start};
use kibitz_core::replay::{BodyLine, Continued, EndRecord, Failure, PlayerInfo, ReplayHeader, ReplayWriter, StepRecord};
use kibitz_core::verify::HistoryError;
use kibitz_core::{Game, Step};
use kibitz_deadline24::{Command, HOST_PAUSE, HOST_RESUME, Lines, Outcome, Realtime, Rules, Setup, host};
use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicUsize, Ordering};
use std::time::{Duration, SystemTime};
use tokio::sync::{broadcast, mpsc, oneshot, watch};
use tokio::time::Instant;

/// What a connection asks of the owner.
pub(crate) enum Request {
    Command {
        team: usize,
        conn: u32,
        line: String,
        reply: oneshot::Sender<Answer>,
    },
    /// A spectator joins: the current game's lines so far, and the ones to come.
    Spectate {
        reply: oneshot::Sender<(Vec<Arc<str>>, broadcast::Receiver<Arc<str>>)>,
    },
}

/// The answer to one command.
pub(crate) struct Answer {
    pub lines: Lines,
    /// Read nothing more from this connection until the turn counter passes `turn`.
    pub holds: bool,
    pub turn: u64,
}

/// What connections share: the way to the owner, the turn counter, the connection counts.
#[derive(Clone)]
pub(crate) struct Handle {
    pub requests: mpsc::Sender<Request>,
    /// Counts turn ends over all games; connections held by `WAIT` wait for it to move.
    pub turns: watch::Receiver<u64>,
    pub shutdown: watch::Receiver<bool>,
    shutdown_tx: Arc<watch::Sender<bool>>,
    pub live: Arc<AtomicUsize>,
    per_team: Arc<Vec<AtomicUsize>>,
    next_conn: Arc<Vec<AtomicU32>>,
    /// Which teams have logged in at least once, and how many (a server may wait for all).
    logged_in: Arc<Vec<AtomicBool>>,
    teams_in: Arc<watch::Sender<usize>>,
}

/// A connection slot of a team, given back when dropped.
pub(crate) struct Slot {
    per_team: Arc<Vec<AtomicUsize>>,
    team: usize,
    pub conn: u32,
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.per_team[self.team].fetch_sub(1, Ordering::SeqCst);
    }
}

impl Handle {
    /// A connection of `team`, if it has fewer than `max` open; numbered from 1 per team.
    pub fn claim(&self, team: usize, max: usize) -> Option<Slot> {
        if self.per_team[team].fetch_add(1, Ordering::SeqCst) >= max {
            self.per_team[team].fetch_sub(1, Ordering::SeqCst);
            return None;
        }
        let conn = self.next_conn[team].fetch_add(1, Ordering::SeqCst) + 1;
        Some(Slot { per_team: Arc::clone(&self.per_team), team, conn })
    }

    /// The connections `team` holds now.
    pub fn connections(&self, team: usize) -> usize {
        self.per_team.get(team).map_or(0, |n| n.load(Ordering::SeqCst))
    }

    /// `team` logged in.
    pub fn logged_in(&self, team: usize) {
        if !self.logged_in[team].swap(true, Ordering::SeqCst) {
            self.teams_in.send_modify(|n| *n += 1);
        }
    }

    /// Tells every connection and spectator to close.
    pub fn close(&self) {
        self.shutdown_tx.send_replace(true);
    }
}

/// The state of the server after a turn.
#[derive(Debug, Clone)]
pub struct TurnInfo {
    pub game: u32,
    pub turn: u32,
    pub over: bool,
    /// In millionths, as the rules keep them.
    pub scores: Vec<i64>,
    /// Commands answered in this game so far.
    pub commands: u64,
}

/// One game played to its end.
#[derive(Debug, Clone)]
pub struct GameResult {
    pub game: u32,
    pub turns: u32,
    pub scores: Vec<i64>,
    pub names: Vec<String>,
    pub commands: u64,
    /// Why the game was stopped before its end (the end record's `stopped`), if it was.
    pub stopped: Option<String>,
}

/// Requests taken from the queue in one wake-up, at most (a turn's end is checked between).
const BATCH: usize = 64;

/// The longest a replay line waits in the buffer.
const FLUSH_EVERY: Duration = Duration::from_millis(5);
/// How often a busy owner writes the console's board (and at every turn end).
const SHOW_EVERY: Duration = Duration::from_millis(100);

pub(crate) struct Owner<R: Rules> {
    setup: Setup<R::Params>,
    options: Arc<ServerOptions>,
    out: ReplayOut,
    on_turn: Option<OnTurn>,
    requests: mpsc::Receiver<Request>,
    turns: watch::Sender<u64>,
    spectators: broadcast::Sender<Arc<str>>,
    /// The current game's replay lines, for spectators who join late (kept only when a
    /// spectator port is open).
    history: Vec<Arc<str>>,
    keep_history: bool,
    /// Keeps the connections' channels open, and tells who has logged in.
    handle: Handle,
    /// Whether this server's first turn has ended (when a client that never logged in fails).
    first_turn_ended: bool,
}

impl<R: Rules> Owner<R> {
    pub fn new(
        setup: Setup<R::Params>,
        options: Arc<ServerOptions>,
        out: ReplayOut,
        on_turn: Option<OnTurn>,
        keep_history: bool,
    ) -> (Self, Handle) {
        let (requests_tx, requests) = mpsc::channel(1024);
        let (turns, turns_rx) = watch::channel(0);
        let (shutdown_tx, shutdown) = watch::channel(false);
        let teams = options.teams.len();
        let handle = Handle {
            requests: requests_tx,
            turns: turns_rx,
            shutdown,
            shutdown_tx: Arc::new(shutdown_tx),
            live: Arc::new(AtomicUsize::new(0)),
            per_team: Arc::new((0..teams).map(|_| AtomicUsize::new(0)).collect()),
            next_conn: Arc::new((0..teams).map(|_| AtomicU32::new(0)).collect()),
            logged_in: Arc::new((0..teams).map(|_| AtomicBool::new(false)).collect()),
            teams_in: Arc::new(watch::channel(0).0),
        };
        let (spectators, _) = broadcast::channel(1 << 16);
        let owner = Self {
            setup,
            options,
            out,
            on_turn,
            requests,
            turns,
            spectators,
            history: Vec::new(),
            keep_history,
            handle: handle.clone(),
            first_turn_ended: false,
        };
        (owner, handle)
    }

    /// Plays the games; the board then says how the server ended.
    pub async fn run(mut self) -> io::Result<Vec<GameResult>> {
        let played = self.play_all().await;
        self.options.board.end(match &played {
            Ok(results) => match results.iter().find_map(|r| r.stopped.clone()) {
                Some(reason) => Phase::Stopped(reason),
                None => Phase::Finished,
            },
            Err(e) => Phase::Failed(e.to_string()),
        });
        played
    }

    async fn play_all(&mut self) -> io::Result<Vec<GameResult>> {
        let mut results = Vec::new();
        for game in 1..=self.options.games.max(1) {
            results.push(self.play(game).await?);
            if self.options.clock.state().stopped.is_some() {
                break;
            }
        }
        Ok(results)
    }

    /// Writes the console's board: the game, the turn, where it stands (`waiting` for its first
    /// turn to start, running, or paused by the organisers), the commands, and each team's
    /// connections, last command (taken from `last_lines`) and score.
    fn show(&self, game: u32, state: &<Realtime<R> as Game>::State, waiting: bool, commands: u64, last_lines: &mut [Option<String>]) {
        let scores = Realtime::<R>::scores(state);
        let connections: Vec<usize> = (0..last_lines.len()).map(|k| self.handle.connections(k)).collect();
        let phase = if state.paused {
            Phase::Paused(self.options.clock.state().emergency.unwrap_or_default())
        } else if waiting {
            Phase::Waiting
        } else {
            Phase::Running
        };
        self.options.board.update(|status| {
            status.game = game;
            status.turn = state.turn;
            status.phase = phase;
            status.commands = commands;
            status.teams.resize_with(last_lines.len(), Default::default);
            for (k, team) in status.teams.iter_mut().enumerate() {
                team.login = self.options.teams.get(k).map_or(String::new(), |t| t.login.clone());
                team.connections = connections[k];
                team.score = scores.get(k).copied().unwrap_or(0);
                if let Some(line) = last_lines[k].take() {
                    team.last = Some((line, std::time::Instant::now()));
                }
            }
        });
    }

    /// The first turn is over: a team whose client was started for it (`kibitz match`, the
    /// app's hand play) and has not logged in fails.
    fn missing_clients(&self) {
        for (team, in_) in self.handle.logged_in.iter().enumerate() {
            if self.options.commands.get(team).is_some_and(Option::is_some) && !in_.load(Ordering::SeqCst) {
                self.options.failures.add(Failure { player: team, reason: "did not log in during the first turn".into() });
            }
        }
    }

    /// Sends a replay line to the spectators (and keeps it for those who join later).
    fn publish(&mut self, line: &[u8]) {
        let watched = self.spectators.receiver_count() > 0;
        if !watched && !self.keep_history {
            return;
        }
        let text: Arc<str> = String::from_utf8_lossy(line.strip_suffix(b"\n").unwrap_or(line)).into();
        if watched {
            let _ = self.spectators.send(Arc::clone(&text));
        }
        if self.keep_history {
            self.history.push(text);
        }
    }

    async fn play(&mut self, game: u32) -> io::Result<GameResult> {
        let seed = self.options.seed.wrapping_add(game as u64 - 1);
        // Each game of a series may be played on a setup of its own (the rules say which).
        let setup = R::game_setup(&self.setup, self.options.seed, game, self.options.games.max(1))
            .map_err(|e| io::Error::other(format!("game {game}: {e}")))?;
        let names: Vec<String> = self.options.teams.iter().map(|t| t.login.clone()).collect();
        let players = names
            .iter()
            .enumerate()
            .map(|(k, n)| {
                let command = self.options.commands.get(k).cloned().flatten();
                PlayerInfo { name: n.clone(), version: kibitz_referee::command::version_for(k, command.as_deref()), command }
            })
            .collect();
        let mut header = ReplayHeader::new::<Realtime<R>>(setup.clone(), seed, players, None);
        let mut state = Realtime::<R>::start(&setup, names.len(), seed).map_err(io::Error::other)?;
        let resume = if game == 1 { self.options.resume.clone() } else { None };
        let history = match &resume {
            Some(resume) => replay_history::<R>(&mut state, &resume.lines)?,
            None => Vec::new(),
        };
        header.continued = resume.map(|r| Continued { steps: history.len(), players: r.players });
        let mut writer = ReplayWriter::new((self.out)(game)?, &header)?.batched();
        self.history.clear();
        self.publish(writer.last_line());
        for record in &history {
            writer.record(record)?;
            self.publish(writer.last_line());
        }
        // A take-over may change the turn length from its first turn on.
        let common = setup.common;
        let turn_length = |turn: u32| Duration::from_millis(common.turn_ms_at(turn));
        let (mut step, mut commands) = (history.len(), 0u64);
        // The clock is held while the host pauses it, and before the server's first turn starts.
        let mut clock = self.options.clock.watch();
        let (mut host_paused, mut turns_ended, emergency) = {
            let state = clock.borrow_and_update();
            (state.paused || state.emergency.is_some(), state.turns_ended, state.emergency.clone())
        };
        // A game that starts during the organisers' pause starts paused, as a step of its own.
        if let Some(reason) = emergency {
            let line = format!("{HOST_PAUSE} {reason}").trim().to_string();
            apply_command::<R>(&mut state, &mut writer, step, Command { conn: 0, at_us: 0, line }, host(names.len()), Default::default())?;
            step += 1;
            self.publish(writer.last_line());
        }
        let mut waiting = game == 1 && self.options.start != Start::Now;
        let starting = first_turn_may_start(self.options.start, self.handle.teams_in.subscribe(), self.options.teams.len());
        tokio::pin!(starting);
        let mut this_turn = TurnClock::new(turn_length(state.turn), host_paused || waiting);
        // Replay lines are flushed at most every FLUSH_EVERY (and at every turn end): under load
        // a flush per command would be most of the owner's system calls.
        let mut flush_at: Option<Instant> = None;
        let mut batch = Vec::with_capacity(BATCH);
        // Each team's last command line since the board was last written.
        let mut last_lines: Vec<Option<String>> = vec![None; names.len()];
        self.show(game, &state, waiting, commands, &mut last_lines);
        let mut shown = Instant::now();
        loop {
            tokio::select! {
                biased;
                _ = tokio::time::sleep_until(flush_at.unwrap_or(this_turn.end)), if flush_at.is_some() => {
                    writer.flush()?;
                    flush_at = None;
                }
                // The options hold the clock's sender, so it never closes.
                Ok(()) = clock.changed() => {
                    let ClockState { paused, stopped, turns_ended: asked, emergency } = clock.borrow_and_update().clone();
                    if stopped.is_some() {
                        self.options.failures.close();
                        let scores = Realtime::<R>::scores(&state);
                        let failed = self.options.failures.list();
                        writer.end(&EndRecord { scores: scores.clone(), names: names.clone(), failed, stopped: stopped.clone() })?;
                        self.publish(writer.last_line());
                        writer.flush()?;
                        return Ok(GameResult { game, turns: state.turn, scores, names, commands, stopped });
                    }
                    // The organisers' pause and resume are steps of the replay.
                    if emergency.is_some() != state.paused {
                        let line = match &emergency {
                            Some(reason) if !reason.trim().is_empty() => format!("{HOST_PAUSE} {}", reason.trim()),
                            Some(_) => HOST_PAUSE.to_string(),
                            None => HOST_RESUME.to_string(),
                        };
                        let at_us = this_turn.at_us(common.turn_ms_at(state.turn) * 1000);
                        apply_command::<R>(&mut state, &mut writer, step, Command { conn: 0, at_us, line }, host(names.len()), Default::default())?;
                        step += 1;
                        self.publish(writer.last_line());
                        writer.flush()?;
                    }
                    host_paused = paused || emergency.is_some();
                    this_turn.hold(host_paused || waiting);
                    if asked != turns_ended {
                        turns_ended = asked;
                        this_turn.end_now();
                    }
                    // The console shows a pause at once, commands or not.
                    self.show(game, &state, waiting, commands, &mut last_lines);
                }
                () = &mut starting, if waiting => {
                    waiting = false;
                    this_turn.hold(host_paused);
                    self.show(game, &state, waiting, commands, &mut last_lines);
                }
                _ = tokio::time::sleep_until(this_turn.end), if this_turn.held_since.is_none() || this_turn.ending => {
                    let outcome = Realtime::<R>::apply(&mut state, &Step::Tick);
                    writer.record(&StepRecord::new(step, &Step::<Command>::Tick, outcome.clone()))?;
                    step += 1;
                    self.publish(writer.last_line());
                    let Outcome::Turn { turn, over, .. } = outcome else { return Err(io::Error::other("a tick must end a turn")) };
                    let scores = Realtime::<R>::scores(&state);
                    if !self.first_turn_ended {
                        self.first_turn_ended = true;
                        self.missing_clients();
                    }
                    if over && game == self.options.games.max(1) {
                        self.options.failures.close();
                    }
                    if over {
                        writer.end(&EndRecord {
                            scores: scores.clone(),
                            names: names.clone(),
                            failed: self.options.failures.list(),
                            stopped: None,
                        })?;
                        self.publish(writer.last_line());
                    }
                    writer.flush()?;
                    flush_at = None;
                    self.turns.send_modify(|t| *t += 1);
                    if let Some(on_turn) = &mut self.on_turn {
                        on_turn(&TurnInfo { game, turn, over, scores: scores.clone(), commands });
                    }
                    if over {
                        return Ok(GameResult { game, turns: turn, scores, names, commands, stopped: None });
                    }
                    this_turn.next(turn_length(state.turn));
                    self.show(game, &state, waiting, commands, &mut last_lines);
                }
                // Everything waiting is taken in one wake-up, in order of arrival.
                received = self.requests.recv_many(&mut batch, BATCH) => {
                    if received == 0 {
                        return Err(io::Error::other("every connection handle is gone"));
                    }
                    for request in batch.drain(..) {
                        match request {
                            Request::Command { team, conn, line, reply } => {
                                last_lines[team] = Some(line.clone());
                                let at_us = this_turn.at_us(common.turn_ms_at(state.turn) * 1000);
                                let said = self.options.said.take(team, R::DRAWING);
                                let answer = apply_command::<R>(&mut state, &mut writer, step, Command { conn, at_us, line }, team, said)?;
                                step += 1;
                                commands += 1;
                                self.publish(writer.last_line());
                                let _ = reply.send(Answer { turn: *self.turns.borrow(), ..answer });
                            }
                            Request::Spectate { reply } => {
                                let _ = reply.send((self.history.clone(), self.spectators.subscribe()));
                            }
                        }
                    }
                    flush_at.get_or_insert_with(|| Instant::now() + FLUSH_EVERY);
                    // The console reads the board a few times a second at most.
                    if shown.elapsed() >= SHOW_EVERY {
                        self.show(game, &state, waiting, commands, &mut last_lines);
                        shown = Instant::now();
                    }
                }
            }
        }
    }
}

/// The current turn's wall clock: when it started and when it ends, and since when it has been
/// held (commands arriving meanwhile are timed at that instant, and the turn is longer by as
/// much).
struct TurnClock {
    start: Instant,
    end: Instant,
    held_since: Option<Instant>,
    /// The host ended the turn now ([`TurnClock::end_now`]): it ends even while held.
    ending: bool,
}

impl TurnClock {
    fn new(length: Duration, held: bool) -> Self {
        let now = Instant::now();
        Self { start: now, end: now + length, held_since: held.then_some(now), ending: false }
    }

    /// The turn ends at this instant, held or not; a held clock is held from here, so that the
    /// next turn lasts its full length once it runs.
    fn end_now(&mut self) {
        let now = Instant::now();
        self.end = now;
        if self.held_since.is_some() {
            self.held_since = Some(now);
        }
        self.ending = true;
    }

    fn hold(&mut self, held: bool) {
        match (held, self.held_since) {
            (true, None) => self.held_since = Some(Instant::now()),
            (false, Some(at)) => {
                let pause = at.elapsed();
                self.start += pause;
                self.end += pause;
                self.held_since = None;
            }
            _ => {}
        }
    }

    /// Microseconds into the turn, at most `length_us`.
    fn at_us(&self, length_us: u64) -> u64 {
        let now = self.held_since.unwrap_or_else(Instant::now);
        (now.saturating_duration_since(self.start).as_micros() as u64).min(length_us)
    }

    /// The next turn, of `length`, starts where this one ended.
    fn next(&mut self, length: Duration) {
        self.start = self.end;
        self.end += length;
        self.ending = false;
    }
}

/// Resolves when the server's first turn may start: at once, once `teams` teams have logged
/// in (`teams_in` counts them), or at a time.
async fn first_turn_may_start(start: Start, mut teams_in: watch::Receiver<usize>, teams: usize) {
    match start {
        Start::Now => {}
        // The sender lives as long as the owner's handle.
        Start::AllLoggedIn => {
            let _ = teams_in.wait_for(|&n| n >= teams).await;
        }
        Start::AllLoggedInWithin(grace) => {
            let _ = tokio::time::timeout(grace, teams_in.wait_for(|&n| n >= teams)).await;
        }
        Start::At(at) => tokio::time::sleep(at.duration_since(SystemTime::now()).unwrap_or_default()).await,
    }
}

/// The recorded steps `lines` read and replayed on `state`, each checked against its recorded
/// outcome (`kibitz_core::verify::replay_history`).
fn replay_history<R: Rules>(
    state: &mut <Realtime<R> as Game>::State,
    lines: &[String],
) -> io::Result<Vec<StepRecord<Command, <Realtime<R> as Game>::Outcome>>> {
    let mut records = Vec::with_capacity(lines.len());
    for (i, line) in lines.iter().enumerate() {
        let record = match BodyLine::<Command, <Realtime<R> as Game>::Outcome>::parse(line) {
            Ok(BodyLine::Step(record)) => record,
            Ok(BodyLine::End(_)) => return Err(io::Error::other(format!("step {i} of the game to continue is its end record"))),
            Err(e) => return Err(io::Error::other(format!("step {i} of the game to continue: {e}"))),
        };
        records.push(StepRecord { step: i, ..record });
    }
    kibitz_core::verify::replay_history::<Realtime<R>>(state, &records).map_err(|e| {
        io::Error::other(match e {
            HistoryError::Over(i) => format!("the game to continue was already over before step {i}"),
            HistoryError::Disagrees(i) => format!("step {i} of the game to continue does not re-simulate to its recorded outcome"),
        })
    })?;
    Ok(records)
}

/// Applies one command as step `step`, records it with what the team's client wrote on stderr
/// since its last one (plain lines, drawing lines), and returns the answer for its connection
/// (the lines move from the record to the answer: no copies).
fn apply_command<R: Rules>(
    state: &mut <Realtime<R> as Game>::State,
    writer: &mut ReplayWriter<Box<dyn std::io::Write + Send>>,
    step: usize,
    command: Command,
    team: usize,
    (stderr, draw): (Vec<String>, Vec<String>),
) -> io::Result<Answer> {
    let step_value = Step::Act { player: team, action: Some(command) };
    let outcome = Realtime::<R>::apply(state, &step_value);
    let action = match step_value {
        Step::Act { action, .. } => action,
        Step::Tick => None,
    };
    let record = StepRecord { action, stderr, draw, ..StepRecord::new(step, &Step::Act { player: team, action: None }, outcome) };
    writer.record(&record)?;
    let (lines, holds) = match record.outcome {
        Outcome::Answer { lines, holds } => (lines, holds),
        _ => (Lines::new(), false),
    };
    Ok(Answer { lines, holds, turn: 0 })
}
