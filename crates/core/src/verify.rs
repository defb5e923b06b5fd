//! Re-simulating a replay with the rules and comparing every recorded outcome.

use crate::game::{Game, ToMove};
use crate::replay::{Replay, StepRecord};
use std::fmt;

/// The first place where a replay and the rules disagree.
#[derive(Debug, Clone, PartialEq)]
pub struct Disagreement {
    pub step: usize,
    /// 1-based line in the replay file.
    pub line: usize,
    pub round: u32,
    pub player: Option<usize>,
    pub recorded: String,
    pub simulated: String,
}

impl fmt::Display for Disagreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = match self.player {
            Some(p) => format!("player {p}'s turn"),
            None => "tick".to_string(),
        };
        write!(
            f,
            "step {} (line {}, round {}, {}) disagrees:\n  recorded:  {}\n  simulated: {}",
            self.step, self.line, self.round, who, self.recorded, self.simulated
        )
    }
}

/// Why a replay does not verify.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum VerifyError {
    #[error("the setup cannot start a game: {0}")]
    Setup(String),
    #[error("{0}")]
    Disagrees(Box<Disagreement>),
    #[error("the replay's end record gives scores {recorded:?}, the rules give {simulated:?}")]
    FinalScores { recorded: Vec<i64>, simulated: Vec<i64> },
}

/// What a successful verification saw.
#[derive(Debug, Clone, PartialEq)]
pub struct Verified {
    pub steps: usize,
    pub scores: Vec<i64>,
    pub finished: bool,
}

/// Re-simulates `replay` step by step and checks each recorded outcome (and the final scores).
pub fn verify<G: Game>(replay: &Replay<G>) -> Result<Verified, VerifyError> {
    let header = &replay.header;
    let mut state = G::start(&header.setup, header.players.len(), header.seed).map_err(VerifyError::Setup)?;
    for record in &replay.records {
        let round = G::round(&state);
        let simulated = G::apply(&mut state, &record.to_step());
        if simulated != record.outcome {
            let show = |o: &G::Outcome| serde_json::to_string(o).unwrap_or_else(|e| e.to_string());
            return Err(VerifyError::Disagrees(Box::new(Disagreement {
                step: record.step,
                line: Replay::<G>::line_of_step(record.step),
                round,
                player: record.player,
                recorded: show(&record.outcome),
                simulated: show(&simulated),
            })));
        }
    }
    let scores = G::scores(&state);
    if let Some(end) = &replay.end
        && end.scores != scores
    {
        return Err(VerifyError::FinalScores { recorded: end.scores.clone(), simulated: scores });
    }
    Ok(Verified { steps: replay.records.len(), scores, finished: replay.end.is_some() })
}

/// Why the first steps of a recorded match cannot be continued from.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HistoryError {
    #[error("the match was already over before step {0}")]
    Over(usize),
    #[error("step {0} does not re-simulate to its recorded outcome")]
    Disagrees(usize),
}

/// Moves `state` on through `history`, the recorded steps a new match continues from (a
/// take-over), checking each against its recorded outcome.
pub fn replay_history<G: Game>(state: &mut G::State, history: &[StepRecord<G::Action, G::Outcome>]) -> Result<(), HistoryError> {
    for (i, record) in history.iter().enumerate() {
        if matches!(G::to_move(state), ToMove::Over) {
            return Err(HistoryError::Over(i));
        }
        if G::apply(state, &record.to_step()) != record.outcome {
            return Err(HistoryError::Disagrees(i));
        }
    }
    Ok(())
}
