//! The match loop for games where players take turns.

use crate::seat::{Answer, Seat};
use kibitz_core::replay::{Continued, EndRecord, Failure, Limits, PlayerInfo, ReplayHeader, ReplayWriter, StepRecord};
use kibitz_core::{Game, Step, ToMove};
use serde::Serialize;
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Everything about a match besides its setup and seats.
#[derive(Debug, Clone, Default)]
pub struct MatchOptions {
    pub seed: u64,
    /// Recorded in the header when the seats are bots.
    pub limits: Option<Limits>,
    /// Set from another thread to end the match after the current step (a human closing the
    /// window). The end record then says the match was stopped, with the scores so far.
    pub stop: Option<Arc<AtomicBool>>,
    /// With a history: the seats that played it (recorded in the header, so that the copied
    /// steps keep their players' names).
    pub history_players: Option<Vec<PlayerInfo>>,
}

impl MatchOptions {
    /// A match between bots under `limits` (recorded in the header).
    pub fn bots(seed: u64, limits: crate::BotLimits) -> Self {
        Self { seed, limits: Some(limits.to_record()), ..Self::default() }
    }
}

/// Steps already played, e.g. the first turns of a replay a human takes over from.
pub type History<G> = [StepRecord<<G as Game>::Action, <G as Game>::Outcome>];

/// Reported after every step, for progress bars and live views.
#[derive(Debug, Clone, Copy)]
pub struct Progress {
    pub step: usize,
    pub round: u32,
}

/// The match's result (what `kibitz match` sums up on its last line).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MatchSummary {
    pub game: String,
    pub rounds: u32,
    pub scores: Vec<i64>,
    pub names: Vec<String>,
    pub failed: Vec<Failure>,
    /// Set when the match was stopped before its end.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
}

/// A match played to its end (or stopped): the summary, and the final state, so that a caller
/// needing more than the scores (a game's own summary) never re-reads the replay it wrote.
pub struct Finished<G: Game> {
    pub summary: MatchSummary,
    pub state: G::State,
}

/// Plays a match to the end and writes its replay to `out`, line by line.
///
/// Misbehaving seats never stop the match. Only an unusable setup or a replay that cannot be
/// written is an error; in the latter case everything written so far stays valid.
pub fn run_match<G: Game>(
    setup: &G::Setup,
    seats: &mut [Box<dyn Seat<G>>],
    options: &MatchOptions,
    out: impl Write,
    progress: impl FnMut(Progress),
) -> Result<Finished<G>, MatchError> {
    run_match_from(setup, seats, options, &[], out, progress)
}

/// Like [`run_match`], but the match continues from `history`: its steps are replayed (and
/// copied into the new replay, so that it verifies on its own) before the seats are greeted.
/// Seats meet the game at that point, as bots joining a running match would.
pub fn run_match_from<G: Game>(
    setup: &G::Setup,
    seats: &mut [Box<dyn Seat<G>>],
    options: &MatchOptions,
    history: &History<G>,
    out: impl Write,
    mut progress: impl FnMut(Progress),
) -> Result<Finished<G>, MatchError> {
    let mut state = G::start(setup, seats.len(), options.seed).map_err(MatchError::Setup)?;
    kibitz_core::verify::replay_history::<G>(&mut state, history).map_err(|e| MatchError::History(e.to_string()))?;
    for (player, seat) in seats.iter_mut().enumerate() {
        seat.start(&state, player);
    }
    let players = seats
        .iter()
        .enumerate()
        .map(|(k, s)| PlayerInfo {
            name: s.name().to_string(),
            command: s.command().map(str::to_string),
            version: crate::command::version_for(k, s.command()),
        })
        .collect();
    let mut header = ReplayHeader::new::<G>(setup.clone(), options.seed, players, options.limits);
    if !history.is_empty() {
        header.continued = options.history_players.clone().map(|players| Continued { steps: history.len(), players });
    }
    let mut writer = ReplayWriter::new(out, &header).map_err(MatchError::Write)?;
    for (i, record) in history.iter().enumerate() {
        let mut record = record.clone();
        record.step = i;
        writer.record(&record).map_err(MatchError::Write)?;
    }
    let mut step_index = history.len();
    let mut stopped = None;
    loop {
        if options.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed)) && !matches!(G::to_move(&state), ToMove::Over) {
            stopped = Some(format!("stopped by the user before step {step_index}"));
            break;
        }
        let (step, answer) = match G::to_move(&state) {
            ToMove::Over => break,
            ToMove::Tick => (Step::Tick, Answer::nothing()),
            ToMove::Player(p) => {
                let answer = seats[p].act(&state, p);
                if answer.action.is_none() && options.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed)) {
                    // The seat gave up because the match is being stopped: not a turn to record.
                    stopped = Some(format!("stopped by the user before step {step_index}"));
                    break;
                }
                (Step::Act { player: p, action: answer.action.clone() }, answer)
            }
            ToMove::Anyone => return Err(MatchError::NotSequential(G::ID)),
        };
        let round = G::round(&state);
        let outcome = G::apply(&mut state, &step);
        if let Step::Act { player, .. } = step
            && answer.action.is_some()
        {
            seats[player].result(&outcome);
        }
        let mut record = StepRecord::new(step_index, &step, outcome);
        record.stderr = answer.stderr;
        record.draw = answer.draw;
        record.ms = answer.ms;
        record.failed = answer.failed;
        record.note = answer.note;
        writer.record(&record).map_err(MatchError::Write)?;
        progress(Progress { step: step_index, round });
        step_index += 1;
    }
    for (player, seat) in seats.iter_mut().enumerate() {
        seat.finish(&state, player);
    }
    let summary = MatchSummary {
        game: G::ID.to_string(),
        rounds: G::round(&state),
        scores: G::scores(&state),
        names: seats.iter().map(|s| s.name().to_string()).collect(),
        failed: seats.iter().enumerate().filter_map(|(player, s)| s.failure().map(|r| Failure { player, reason: r.to_string() })).collect(),
        stopped,
    };
    writer
        .end(&EndRecord {
            scores: summary.scores.clone(),
            names: summary.names.clone(),
            failed: summary.failed.clone(),
            stopped: summary.stopped.clone(),
        })
        .map_err(MatchError::Write)?;
    Ok(Finished { summary, state })
}

#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    #[error("the match cannot start: {0}")]
    Setup(String),
    #[error("writing the replay failed: {0}")]
    Write(std::io::Error),
    #[error("the history to continue from is unusable: {0}")]
    History(String),
    #[error("{0} is not a turn-based game; it needs its own server")]
    NotSequential(&'static str),
}
