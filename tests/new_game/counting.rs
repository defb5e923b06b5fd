//! A throwaway game that exists only to prove the checklist in docs/architecture.md: its rules
//! (here instead of a crate of its own) and its room are all there is, and one `.with(...)` on
//! the registry makes `verify`, `view` and `--help` know it.

use bevy_egui::egui::{self, Color32, Rect, Stroke};
use kibitz::kit::contract::room::{Opened, Room, VerifyReport, open_as, verify_as};
use kibitz::kit::contract::view::{Frame, GameView, LogLine, Marker, MarkerKind, Perspective, Track};
use kibitz::kit::viewing::palette::player_color;
use kibitz::kit::viewing::recorded::Recorded;
use kibitz_core::replay::{Replay, StepRecord};
use kibitz_core::{Game, Step, ToMove};
use serde::{Deserialize, Serialize};

/// Players take turns adding 1 or 2 to a counter until it reaches the target.
pub struct Counting;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Setup {
    pub target: u32,
}

#[derive(Debug, Clone)]
pub struct State {
    pub count: u32,
    target: u32,
    next: usize,
    added: Vec<i64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    pub count: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refused: Option<String>,
}

impl Game for Counting {
    const ID: &'static str = "counting";
    const RULES_VERSION: u32 = 1;
    type Setup = Setup;
    type State = State;
    type Action = u32;
    type Outcome = Outcome;

    fn start(setup: &Setup, players: usize, _seed: u64) -> Result<State, String> {
        if players == 0 {
            return Err("counting needs a player".into());
        }
        Ok(State { count: 0, target: setup.target, next: 0, added: vec![0; players] })
    }

    fn to_move(state: &State) -> ToMove {
        if state.count >= state.target { ToMove::Over } else { ToMove::Player(state.next) }
    }

    fn apply(state: &mut State, step: &Step<u32>) -> Outcome {
        let Step::Act { player, action } = step else { return Outcome { count: state.count, refused: None } };
        state.next = (player + 1) % state.added.len();
        match action {
            Some(n @ 1..=2) => {
                state.count += n;
                state.added[*player] += *n as i64;
                Outcome { count: state.count, refused: None }
            }
            _ => Outcome { count: state.count, refused: Some("add 1 or 2".into()) },
        }
    }

    fn scores(state: &State) -> Vec<i64> {
        state.added.clone()
    }

    fn round(state: &State) -> u32 {
        state.count
    }
}

/// The colour of the counter's bar, for the screenshot test to find.
pub const BAR: Color32 = Color32::from_rgb(255, 0, 255);
const REACHED: MarkerKind = MarkerKind::new("target reached", 255, 0, 255);

pub struct CountingView {
    rec: Recorded<Counting>,
}

impl CountingView {
    fn new(title: String, replay: Replay<Counting>) -> Result<Self, String> {
        Ok(Self { rec: Recorded::load(title, replay, player_color, Self::absorb)? })
    }

    fn absorb(rec: &mut Recorded<Counting>, record: StepRecord<u32, Outcome>) {
        let player = record.player;
        let (i, outcome) = rec.push(record);
        rec.track.round_starts.push(i);
        if let Some(p) = player {
            let score = Counting::scores(rec.timeline.last_state())[p];
            rec.track.scores[p].push((i + 1, score));
        }
        if outcome.count >= rec.replay.header.setup.target {
            rec.track.markers.push(Marker { at: i + 1, kind: REACHED, label: format!("{} reached", outcome.count) });
        }
    }
}

impl GameView for CountingView {
    fn game(&self) -> &'static str {
        Counting::ID
    }

    fn track(&self) -> &Track {
        &self.rec.track
    }

    fn append(&mut self, line: &str, number: usize) -> Result<(), String> {
        self.rec.append(line, number, Self::absorb)
    }

    fn describe(&self, cursor: usize) -> String {
        format!("after {cursor} additions")
    }

    fn log(&self, range: std::ops::Range<usize>) -> Vec<LogLine> {
        self.rec
            .records_in(range)
            .map(|(i, r)| LogLine {
                step: i,
                player: r.player,
                text: format!("+{:?} = {}", r.action, r.outcome.count),
                error: r.outcome.refused.is_some(),
                stderr: Vec::new(),
            })
            .collect()
    }

    fn draw(&mut self, frame: Frame) {
        let Frame { ui, rect, cursor, .. } = frame;
        let target = self.rec.replay.header.setup.target.max(1) as f32;
        let count = self.rec.state(cursor).count as f32;
        let frame = Rect::from_center_size(rect.center(), egui::vec2(rect.width() * 0.8, rect.height() * 0.5));
        let bar = Rect::from_min_size(frame.min, egui::vec2(frame.width() * (count / target).min(1.0), frame.height()));
        let painter = ui.painter_at(rect);
        painter.rect_filled(bar, 0.0, BAR);
        painter.rect_stroke(frame, 0.0, Stroke::new(2.0, Color32::WHITE), egui::StrokeKind::Outside);
    }

    fn details(&mut self, ui: &mut egui::Ui, cursor: usize, _perspective: Perspective) {
        let count = self.rec.state(cursor).count;
        ui.label(format!("the counter stands at {count} of {}", self.rec.replay.header.setup.target));
    }
}

pub struct CountingRoom;

impl Room for CountingRoom {
    fn id(&self) -> &'static str {
        Counting::ID
    }

    fn about(&self) -> &'static str {
        "a test-only game: add 1 or 2 in turn up to a target"
    }

    fn verify(&self, text: &str) -> Result<VerifyReport, String> {
        verify_as::<Counting>(text)
    }

    fn open(&self, text: &str, title: String) -> Result<Opened, String> {
        open_as(text, title, CountingView::new)
    }
}
