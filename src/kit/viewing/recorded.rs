//! What every game's view holds of its replay, kept once: the replay itself, its keyframed
//! timeline, a cached state at the cursor, and the [`Track`] the shell shows (rounds, markers,
//! players, scores). A game's view adds only what it derives for its own drawing.

use crate::kit::contract::thinking::Thinking;
use crate::kit::contract::view::{Marker, MarkerKind, Track};
use kibitz_core::replay::{BodyLine, EndRecord, LineReader, Replay, ReplayHeader, StepRecord};
use kibitz_core::timeline::DEFAULT_INTERVAL;
use kibitz_core::{Game, Step, Timeline, ToMove};

pub struct Recorded<G: Game> {
    pub replay: Replay<G>,
    pub timeline: Timeline<G>,
    pub track: Track,
    /// The state at one cursor position, kept so that playing forwards applies a few steps a
    /// frame instead of seeking from a keyframe.
    cache: Option<(usize, G::State)>,
    /// Reads lines that arrive one by one ([`Recorded::append`]) through the fast path.
    reader: LineReader<G::Action, G::Outcome>,
}

impl<G: Game> Recorded<G> {
    /// A replay with no steps yet; `colors` gives each participant's colour.
    pub fn new(title: String, header: ReplayHeader<G::Setup>, color: impl Fn(usize) -> bevy_egui::egui::Color32) -> Result<Self, String> {
        let initial = G::start(&header.setup, header.players.len(), header.seed)?;
        let mut track = Track::new(title, header.players.iter().enumerate().map(|(k, p)| (p.name.clone(), color(k))).collect());
        track.score_decimals = G::SCORE_DECIMALS;
        track.round_name = G::ROUND_NAME;
        track.thinking = Thinking::new(G::DRAWING, header.players.len(), header.limits.as_ref().map(|l| l.turn_hard_ms));
        track.names_before = header.continued.as_ref().map(|c| (c.steps, c.players.iter().map(|p| p.name.clone()).collect()));
        Ok(Self {
            replay: Replay { header, records: Vec::new(), end: None },
            timeline: Timeline::new(initial, Vec::new()),
            track,
            cache: None,
            reader: LineReader::new(G::read_action),
        })
    }

    /// A whole replay, each step taken in through `absorb` (the view's own derivation of
    /// markers and scores, which calls [`Recorded::push`]).
    pub fn load(
        title: String,
        replay: Replay<G>,
        color: impl Fn(usize) -> bevy_egui::egui::Color32,
        absorb: impl Fn(&mut Self, StepRecord<G::Action, G::Outcome>),
    ) -> Result<Self, String> {
        let Replay { header, records, end } = replay;
        let mut rec = Self::new(title, header, color)?;
        rec.reserve(records.len());
        for record in records {
            absorb(&mut rec, record);
        }
        if let Some(end) = end {
            rec.close(end);
        }
        Ok(rec)
    }

    /// Takes in the end record. A participant it names as failed whom no step marked (a server
    /// game's client that never played: only the end record says why) is marked failed from the
    /// start, with its reason ("command not found: WORD").
    pub fn close(&mut self, end: EndRecord) {
        for failure in &end.failed {
            let Some(player) = self.track.players.get_mut(failure.player) else { continue };
            if player.failed.is_none() {
                player.failed = Some((0, failure.reason.clone()));
                let label = format!("{} failed: {}", player.name, failure.reason);
                self.track.markers.push(Marker { at: 0, kind: MarkerKind::FAILURE, label });
            }
        }
        self.replay.end = Some(end);
    }

    /// Appends a step: simulates it and keeps its record. Returns its index and the outcome the
    /// rules give, for the view to derive its markers and scores from. The first step whose
    /// recorded outcome differs is noted in the track, for the shell to say so.
    pub fn push(&mut self, record: StepRecord<G::Action, G::Outcome>) -> (usize, G::Outcome) {
        let i = self.timeline.len();
        let outcome = self.timeline.push(record.to_step()).clone();
        if outcome != record.outcome && self.track.disagreement.is_none() {
            let show = |o: &G::Outcome| serde_json::to_string(o).unwrap_or_else(|e| e.to_string());
            self.track.disagreement = Some(format!(
                "step {i} (line {}) does not agree with the rules: the log shows what was recorded ({}), the board what the rules give ({})",
                Replay::<G>::line_of_step(i),
                show(&record.outcome),
                show(&outcome)
            ));
        }
        if let Some(player) = record.player {
            let name = self.track.name_at(player, i).to_string();
            let Track { thinking, markers, .. } = &mut self.track;
            thinking.absorb(i, player, &record.draw, record.ms, record.failed.as_deref(), &name, markers);
        }
        self.replay.records.push(record);
        self.track.len = self.timeline.len();
        (i, outcome)
    }

    /// Takes in line `number` of a replay still arriving (followed live, or a big file loading):
    /// the next step, through `absorb` as in [`Recorded::load`], or the end record.
    /// Makes room for `more` steps still to arrive ([`GameView::reserve`](crate::kit::contract::view::GameView::reserve)).
    pub fn reserve(&mut self, more: usize) {
        self.replay.records.reserve(more);
        self.timeline.reserve(more);
    }

    pub fn append(
        &mut self,
        line: &str,
        number: usize,
        absorb: impl FnOnce(&mut Self, StepRecord<G::Action, G::Outcome>),
    ) -> Result<(), String> {
        match self.read_next(line, number)? {
            BodyLine::Step(record) => absorb(self, record),
            BodyLine::End(end) => self.close(end),
        }
        Ok(())
    }

    /// Reads line `number` as what comes next in this replay: the next step or the end record.
    pub fn read_next(&mut self, line: &str, number: usize) -> Result<BodyLine<G::Action, G::Outcome>, String> {
        if self.replay.end.is_some() {
            return Err(format!("line {number}: text after the end record"));
        }
        self.reader.next(line, number, self.replay.records.len()).map_err(|e| e.to_string())
    }

    /// The records of the steps in `range` (clipped to the replay), with their indices: what a
    /// view's turn log shows.
    pub fn records_in(&self, range: std::ops::Range<usize>) -> impl Iterator<Item = (usize, &StepRecord<G::Action, G::Outcome>)> {
        let end = range.end.min(self.replay.records.len());
        let start = range.start.min(end);
        self.replay.records[start..end].iter().enumerate().map(move |(k, r)| (start + k, r))
    }

    /// The state after `cursor` steps.
    pub fn state(&mut self, cursor: usize) -> &G::State {
        let cursor = cursor.min(self.timeline.len());
        let reuse = matches!(&self.cache, Some((at, _)) if *at <= cursor && cursor - *at < DEFAULT_INTERVAL);
        if reuse {
            let (at, state) = self.cache.as_mut().expect("checked");
            for step in &self.timeline.steps()[*at..cursor] {
                G::apply(state, step);
            }
            *at = cursor;
        } else {
            self.cache = Some((cursor, self.timeline.state_at(cursor)));
        }
        &self.cache.as_ref().expect("just set").1
    }

    /// The participant who acts next after `cursor` steps (for "take over"): the next recorded
    /// action, or, at the end of an unfinished replay, whoever the rules wait for.
    pub fn next_actor(&self, cursor: usize) -> Option<usize> {
        let next = self.timeline.steps()[cursor.min(self.timeline.len())..].iter().find_map(|s| match s {
            Step::Act { player, .. } => Some(*player),
            Step::Tick => None,
        });
        next.or_else(|| match G::to_move(self.timeline.last_state()) {
            ToMove::Player(p) => Some(p),
            _ => None,
        })
    }
}
