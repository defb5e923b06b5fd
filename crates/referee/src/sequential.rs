//! The match loop for games where players take turns.

use crate::seat::{Answer, Seat};
use kibitz_core::replay::{EndRecord, Failure, Limits, PlayerInfo, ReplayHeader, ReplayWriter, StepRecord, FORMAT_VERSION};
use kibitz_core::{Game, Step, ToMove};
use serde::Serialize;
use std::io::Write;

/// Everything about a match besides its setup and seats.
#[derive(Debug, Clone)]
pub struct MatchOptions {
    pub seed: u64,
    /// Recorded in the header when the seats are bots.
    pub limits: Option<Limits>,
}

/// Reported after every step, for progress bars and live views.
#[derive(Debug, Clone, Copy)]
pub struct Progress {
    pub step: usize,
    pub round: u32,
}

/// The match's result, as printed on the last line of `kibitz match`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MatchSummary {
    pub game: String,
    pub rounds: u32,
    pub scores: Vec<i64>,
    pub names: Vec<String>,
    pub failed: Vec<Failure>,
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
    mut progress: impl FnMut(Progress),
) -> Result<MatchSummary, MatchError> {
    let mut state = G::start(setup, seats.len(), options.seed).map_err(MatchError::Setup)?;
    for (player, seat) in seats.iter_mut().enumerate() {
        seat.start(&state, player);
    }
    let header = ReplayHeader {
        kibitz_replay: FORMAT_VERSION,
        game: G::ID.to_string(),
        rules_version: G::RULES_VERSION,
        seed: options.seed,
        players: seats.iter().map(|s| PlayerInfo { name: s.name().to_string(), command: s.command().map(str::to_string) }).collect(),
        setup: setup.clone(),
        limits: options.limits,
    };
    let mut writer = ReplayWriter::new(out, &header).map_err(MatchError::Write)?;
    let mut step_index = 0;
    loop {
        let (step, answer) = match G::to_move(&state) {
            ToMove::Over => break,
            ToMove::Tick => (Step::Tick, Answer::nothing()),
            ToMove::Player(p) => {
                let answer = seats[p].act(&state, p);
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
        record.ms = answer.ms;
        record.failed = answer.failed;
        record.note = answer.note;
        writer.record(&record).map_err(MatchError::Write)?;
        progress(Progress { step: step_index, round });
        step_index += 1;
    }
    for seat in seats.iter_mut() {
        seat.finish();
    }
    let summary = MatchSummary {
        game: G::ID.to_string(),
        rounds: G::round(&state),
        scores: G::scores(&state),
        names: seats.iter().map(|s| s.name().to_string()).collect(),
        failed: seats
            .iter()
            .enumerate()
            .filter_map(|(player, s)| s.failure().map(|r| Failure { player, reason: r.to_string() }))
            .collect(),
    };
    writer
        .end(&EndRecord { scores: summary.scores.clone(), names: summary.names.clone(), failed: summary.failed.clone() })
        .map_err(MatchError::Write)?;
    Ok(summary)
}

#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    #[error("the match cannot start: {0}")]
    Setup(String),
    #[error("writing the replay failed: {0}")]
    Write(std::io::Error),
    #[error("{0} is not a turn-based game; it needs its own server")]
    NotSequential(&'static str),
}
