//! The counting game's view: the counter as a bar filling a frame; in hand play, the keys 1 and
//! 2 (or the panel's buttons) answer for the human, and bot processes play the other seats.

use crate::counting::{Counting, Outcome};
use bevy_egui::egui::{self, Color32, Key, Rect, Stroke};
use kibitz::kit::contract::view::{
    Frame, GameView, HandPlay, LogLine, Marker, MarkerKind, PanelRequest, Perspective, Track, row_keys, stop_button, typing,
};
use kibitz::kit::turn::live::Live;
use kibitz::kit::viewing::palette::player_color;
use kibitz::kit::viewing::recorded::Recorded;
use kibitz_core::Game;
use kibitz_core::replay::{Replay, StepRecord};
use kibitz_referee::LiveMatch;
use std::path::PathBuf;

/// The colour of the counter's bar, and of the frame it fills, for the screenshot tests to find.
pub const BAR: Color32 = Color32::from_rgb(255, 0, 255);
pub const FLOOR: Color32 = Color32::from_rgb(0, 96, 64);
const REACHED: MarkerKind = MarkerKind::new("target reached", 255, 0, 255);

/// Hand play's keys: what they do, and what they add.
pub const KEYS: &[(&str, &str)] = &[("1", "add 1"), ("2", "add 2")];
static CLAIMED: [Key; 2] = [Key::Num1, Key::Num2];

pub struct CountingView {
    rec: Recorded<Counting>,
    /// Set while a game is played by hand in this view.
    live: Option<Live<Counting>>,
}

impl CountingView {
    pub fn new(title: String, replay: Replay<Counting>) -> Result<Self, String> {
        Ok(Self { rec: Recorded::load(title, replay, player_color, Self::absorb)?, live: None })
    }

    /// A view following `live`, which records to `path`.
    pub fn live(title: String, live: LiveMatch<Counting>, path: PathBuf) -> Result<Self, String> {
        let (live, rec) = Live::open(live, path, title, player_color)?;
        let mut view = Self { rec, live: Some(live) };
        view.poll();
        Ok(view)
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
                text: format!("+{} = {}", r.action.map_or("nothing".into(), |a| a.to_string()), r.outcome.count),
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
        painter.rect_filled(frame, 0.0, FLOOR);
        painter.rect_filled(bar, 0.0, BAR);
        painter.rect_stroke(frame, 0.0, Stroke::new(2.0, Color32::WHITE), egui::StrokeKind::Outside);
    }

    fn details(&mut self, ui: &mut egui::Ui, cursor: usize, _perspective: Perspective) {
        let count = self.rec.state(cursor).count;
        ui.label(format!("the counter stands at {count} of {}", self.rec.replay.header.setup.target));
    }

    fn hand(&mut self) -> Option<&mut dyn HandPlay> {
        if self.live.is_some() { Some(self) } else { None }
    }

    fn is_live(&self) -> bool {
        self.live.is_some()
    }
}

impl HandPlay for CountingView {
    fn poll(&mut self) -> bool {
        self.live.as_mut().is_some_and(|live| live.follow(&mut self.rec, Self::absorb))
    }

    fn panel(&mut self, ui: &mut egui::Ui, at_end: bool) -> Option<PanelRequest> {
        let live = self.live.as_mut()?;
        let player = match live.header(&self.rec, ui, at_end) {
            std::ops::ControlFlow::Continue(player) => player,
            std::ops::ControlFlow::Break(request) => return request,
        };
        for (label, adds) in [("add 1", 1), ("add 2", 2)] {
            if ui.button(label).clicked() {
                live.submit(player, adds);
            }
        }
        stop_button(ui)
    }

    fn keys(&mut self, ctx: &egui::Context) -> &'static [Key] {
        let Some(live) = self.live.as_mut() else { return &[] };
        let Some(player) = live.human_to_move(&self.rec) else { return &[] };
        if typing(ctx) {
            return &[];
        }
        let pressed = ctx.input(|i| KEYS.iter().position(|(names, _)| row_keys(names).any(|k| i.key_pressed(k))));
        if let Some(k) = pressed {
            live.submit(player, k as u32 + 1);
        }
        &CLAIMED
    }

    fn help(&self) -> &'static [(&'static str, &'static str)] {
        KEYS
    }

    fn initial_perspective(&self) -> Option<Perspective> {
        let live = self.live.as_ref()?;
        (0..self.rec.track.players.len()).find(|&p| live.is_human(p)).map(Perspective::Player)
    }

    fn stop(&mut self) {
        if let Some(live) = self.live.as_mut() {
            live.stop_and_follow(&mut self.rec, Self::absorb);
        }
    }
}
