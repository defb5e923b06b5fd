//! Re-simulating a replay with the rules and comparing every recorded outcome.

use crate::game::{Game, ToMove};
use crate::located::Located;
use crate::replay::{EndRecord, Replay, ReplayHeader, StepRecord, read_body};
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
    let mut checker = Checker::<G>::new(&replay.header);
    for record in &replay.records {
        checker.check(record);
    }
    checker.finish(replay.records.len(), replay.end.as_ref())
}

/// What reading and re-simulating a replay's text found ([`check_text`]).
#[derive(Debug)]
pub struct Checked {
    /// Steps read; all were re-simulated unless the verdict names an earlier one.
    pub steps: usize,
    /// The first line that could not be used; the steps before it were checked.
    pub damage: Option<Located>,
    pub verdict: Result<Verified, VerifyError>,
    /// Why the match ended before the rules ended it, as its end record says.
    pub stopped: Option<String>,
}

/// Reads a replay's text and re-simulates it as it is read: the whole of `kibitz verify`. Each
/// record is checked as soon as it and those before it are read (on every core for long
/// replays), and dropped; nothing of the replay is kept. `Err` only when the header is unusable.
pub fn check_text<G: Game>(text: &str) -> Result<Checked, Located> {
    let (header, body) = Replay::<G>::read_header(text)?;
    let mut checker = Checker::<G>::new(&header);
    let read = read_body(body, |record| checker.check(&record));
    Ok(Checked {
        steps: read.steps,
        damage: read.damage,
        verdict: checker.finish(read.steps, read.end.as_ref()),
        stopped: read.end.and_then(|end| end.stopped),
    })
}

/// A replay being re-simulated record by record. After the first disagreement it only waits to
/// say so.
struct Checker<G: Game> {
    state: Result<G::State, VerifyError>,
}

impl<G: Game> Checker<G> {
    fn new(header: &ReplayHeader<G::Setup>) -> Self {
        Self { state: G::start(&header.setup, header.players.len(), header.seed).map_err(VerifyError::Setup) }
    }

    fn check(&mut self, record: &StepRecord<G::Action, G::Outcome>) {
        let Ok(state) = &mut self.state else { return };
        let round = G::round(state);
        let simulated = G::apply(state, &record.to_step());
        if simulated != record.outcome {
            let show = |o: &G::Outcome| serde_json::to_string(o).unwrap_or_else(|e| e.to_string());
            self.state = Err(VerifyError::Disagrees(Box::new(Disagreement {
                step: record.step,
                line: Replay::<G>::line_of_step(record.step),
                round,
                player: record.player,
                recorded: show(&record.outcome),
                simulated: show(&simulated),
            })));
        }
    }

    /// The verdict once all `steps` records are checked; `end` is the replay's end record.
    fn finish(self, steps: usize, end: Option<&EndRecord>) -> Result<Verified, VerifyError> {
        let scores = G::scores(&self.state?);
        if let Some(end) = end
            && end.scores != scores
        {
            return Err(VerifyError::FinalScores { recorded: end.scores.clone(), simulated: scores });
        }
        Ok(Verified { steps, scores, finished: end.is_some() })
    }
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
