//! Re-simulating a replay with the rules and comparing every recorded outcome.

use crate::game::{Game, Step, ToMove};
use crate::located::Located;
use crate::replay::{BodyLine, EndRecord, Recorded, Replay, ReplayHeader, StepRecord, read_body_unparsed};
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
        checker.check(record, &record.outcome);
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
    /// The end record, if the replay has one (it says why a match ended before the rules ended
    /// it, and who failed).
    pub end: Option<EndRecord>,
}

/// Reads a replay's text and re-simulates it as it is read: the whole of `kibitz verify`. Each
/// record is checked as soon as it and those before it are read (on every core for long
/// replays), and dropped; nothing of the replay is kept. `Err` only when the header is unusable.
pub fn check_text<G: Game>(text: &str) -> Result<Checked, Located> {
    let (header, body) = Replay::<G>::read_header(text)?;
    // The rules start (a world generated, a schedule drawn) once the first record is in hand,
    // so that the reading threads are already reading ahead meanwhile.
    let mut checker = None;
    let read = read_body_unparsed(body, G::read_action, |record, number| {
        checker.get_or_insert_with(|| Checker::<G>::new(&header)).check_recorded(record, number)
    });
    let checker = checker.unwrap_or_else(|| Checker::new(&header));
    Ok(Checked { steps: read.steps, damage: read.damage, verdict: checker.finish(read.steps, read.end.as_ref()), end: read.end })
}

/// A replay being re-simulated record by record. After the first disagreement it plays no
/// more, and only reads what it must to find damage.
struct Checker<G: Game> {
    state: Result<G::State, VerifyError>,
    /// Simulated outcomes as the writer writes them, to compare with recorded texts.
    written: Recent<G::Outcome>,
}

/// The outcomes written lately, each with its text. Most steps of a long match answer what a
/// recent step answered (`turn, success`; the same order described again), and comparing two
/// values costs less than writing one. How many: [`Game::RECENT_OUTCOMES`].
///
/// A new outcome takes the place of one not asked for since the hand last passed it (the
/// "clock" of page caches): outcomes asked for again and again stay, while one-off ones (an
/// order described to one team) make room for each other. Taking the oldest place instead
/// wrote wycinanka's few common answers again every eight new ones: more than a third of its
/// steps wrote their answer.
struct Recent<O> {
    /// Each outcome, its text, and whether it was asked for since the hand passed it.
    slots: Vec<(O, Vec<u8>, bool)>,
    capacity: usize,
    /// The slot the hand looks at next once all are used.
    next: usize,
}

impl<O: PartialEq> Recent<O> {
    fn new(capacity: usize) -> Self {
        Self { slots: Vec::with_capacity(capacity), capacity: capacity.max(1), next: 0 }
    }

    /// `outcome` and its text: an equal outcome's if one was written lately, else written now
    /// by `write`.
    fn text(&mut self, outcome: O, write: impl FnOnce(&O, &mut Vec<u8>)) -> (&O, &[u8]) {
        let slot = match self.slots.iter().position(|(seen, _, _)| *seen == outcome) {
            Some(slot) => {
                self.slots[slot].2 = true;
                slot
            }
            None => {
                let slot = if self.slots.len() < self.capacity {
                    self.slots.push((outcome, Vec::new(), false));
                    self.slots.len() - 1
                } else {
                    // At most one turn of the hand: then every mark is cleared.
                    while std::mem::replace(&mut self.slots[self.next].2, false) {
                        self.next = (self.next + 1) % self.capacity;
                    }
                    let slot = self.next;
                    self.next = (slot + 1) % self.capacity;
                    self.slots[slot].0 = outcome;
                    slot
                };
                let (outcome, text, _) = &mut self.slots[slot];
                text.clear();
                write(outcome, text);
                slot
            }
        };
        let (outcome, text, _) = &self.slots[slot];
        (outcome, text)
    }
}

impl<G: Game> Checker<G> {
    fn new(header: &ReplayHeader<G::Setup>) -> Self {
        let state = G::start(&header.setup, header.players.len(), header.seed).map_err(VerifyError::Setup);
        if let Ok(state) = &state {
            G::prepare_replay(state);
        }
        Self { state, written: Recent::new(G::RECENT_OUTCOMES) }
    }

    /// Plays `record`'s step and compares the outcome with `recorded`, its outcome.
    fn check<X>(&mut self, record: &StepRecord<G::Action, X>, recorded: &G::Outcome) {
        let Ok(state) = &mut self.state else { return };
        let round = G::round(state);
        let simulated = G::apply(state, &record.to_step());
        if simulated != *recorded {
            self.state = Err(Self::disagreement(record.step, record.player, round, recorded, &simulated));
        }
    }

    /// [`Checker::check`] of a record, line `number`, whose outcome may still be its text: when
    /// the simulated outcome written out is that very text, they agree without reading it. Only
    /// a text that differs is read, and if it cannot be, the line is damaged (`Err`), as
    /// reading it whole would have found.
    fn check_recorded(&mut self, record: StepRecord<G::Action, Recorded<'_, G::Outcome>>, number: usize) -> Result<(), Located> {
        let (outcome, line) = match &record.outcome {
            Recorded::Text { outcome, line } => (*outcome, *line),
            Recorded::Value(recorded) => {
                self.check(&record, recorded);
                return Ok(());
            }
        };
        let read = || match serde_json::from_str::<G::Outcome>(outcome) {
            Ok(recorded) => Ok(recorded),
            Err(_) => match BodyLine::<G::Action, G::Outcome>::read(line, number)? {
                BodyLine::Step(whole) => Ok(whole.outcome),
                BodyLine::End(_) => Err(Located::line(number, "a step record read as an end record")),
            },
        };
        let Ok(state) = &mut self.state else {
            // Nothing more is compared after a disagreement, but damage is still found.
            return read().map(drop);
        };
        let round = G::round(state);
        // The record's own action plays the step: nothing of it is needed afterwards but its
        // number and player, and copying a command line at every step costs more than its play.
        let StepRecord { step: index, player, action, .. } = record;
        let (simulated, written) = self.written.text(G::apply(state, &Step::of(player, action)), G::write_outcome);
        if written == outcome.as_bytes() {
            return Ok(());
        }
        let recorded = read()?;
        if *simulated != recorded {
            self.state = Err(Self::disagreement(index, player, round, &recorded, simulated));
        }
        Ok(())
    }

    /// The first disagreement, the only one kept: step `step` (`player`'s, played in `round`)
    /// is recorded as `recorded`, the rules say `simulated`.
    fn disagreement(step: usize, player: Option<usize>, round: u32, recorded: &G::Outcome, simulated: &G::Outcome) -> VerifyError {
        let show = |o: &G::Outcome| serde_json::to_string(o).unwrap_or_else(|e| e.to_string());
        VerifyError::Disagrees(Box::new(Disagreement {
            step,
            line: Replay::<G>::line_of_step(step),
            round,
            player,
            recorded: show(recorded),
            simulated: show(simulated),
        }))
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

#[cfg(test)]
mod tests {
    use super::Recent;

    #[test]
    fn an_outcome_written_lately_is_not_written_again() {
        let mut recent = Recent::new(8);
        let mut writes = 0;
        let mut text = |outcome: u32| {
            let (kept, text) = recent.text(outcome, |o, out| {
                writes += 1;
                out.extend_from_slice(o.to_string().as_bytes());
            });
            assert_eq!(*kept, outcome);
            String::from_utf8(text.to_vec()).unwrap()
        };
        // 1 is asked for again while 2…8 come, so 9 takes 2's place (the oldest not asked
        // for since), and 1 stays; 2 then takes 3's, 8 is found, 1 stays again; 22 takes 4's.
        let outcomes = [1, 1, 2, 3, 4, 5, 6, 7, 8, 1, 9, 8, 1, 2, 22, 22];
        let texts: Vec<String> = outcomes.iter().map(|&o| text(o)).collect();
        assert_eq!(texts, outcomes.map(|o| o.to_string()));
        // 1…8, 9, 2 again, 22.
        assert_eq!(writes, 11);
        // A one-off outcome makes room for the next one-off, not for one asked for often.
        let mut recent = Recent::new(4);
        let mut writes = 0;
        for k in 0..100 {
            for o in [1, 2, 3, 1000 + k] {
                recent.text(o, |_, _| writes += 1);
            }
        }
        assert_eq!(writes, 3 + 100);
    }
}
