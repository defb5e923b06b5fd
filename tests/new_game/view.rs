//! The counting game's view: the counter as a bar filling a frame; in hand play, the keys 1 and
//! 2 (or the panel's buttons) answer for the human, and bot processes play the other seats.

use crate::counting::{Counting, Outcome};
use bevy_egui::egui::{self, Color32, Key, Rect, Stroke};
use kibitz::kit::contract::view::{Frame, LogLine, Marker, MarkerKind, PanelRequest, Perspective, row_keys, stop_button, typing};
use kibitz::kit::turn::live::Live;
use kibitz::kit::turn::view::{BotsPlayOn, TurnControls, TurnGame, TurnView};
use kibitz::kit::viewing::recorded::Recorded;
use kibitz_core::Game;
use kibitz_core::replay::StepRecord;

/// The colour of the counter's bar, and of the frame it fills, for the screenshot tests to find.
pub const BAR: Color32 = Color32::from_rgb(255, 0, 255);
pub const FLOOR: Color32 = Color32::from_rgb(0, 96, 64);
const REACHED: MarkerKind = MarkerKind::new("target reached", 255, 0, 255);

/// Hand play's keys: what they do, and what they add.
pub const KEYS: &[(&str, &str)] = &[("1", "add 1"), ("2", "add 2")];
static CLAIMED: [Key; 2] = [Key::Num1, Key::Num2];

/// The counting game's view: the kit's turn view of it.
pub type CountingView = TurnView<Counting>;

impl TurnGame for Counting {
    type Board = ();
    type Controls = Controls;
    type TakeOver = BotsPlayOn;

    fn absorb(view: &mut CountingView, record: StepRecord<u32, Outcome>) {
        let rec = &mut view.rec;
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

    fn describe(_view: &CountingView, cursor: usize) -> String {
        format!("after {cursor} additions")
    }

    fn log(view: &CountingView, range: std::ops::Range<usize>) -> Vec<LogLine> {
        view.rec
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

    fn draw(view: &mut CountingView, frame: Frame) {
        let Frame { ui, rect, cursor, .. } = frame;
        let target = view.rec.replay.header.setup.target.max(1) as f32;
        let count = view.rec.state(cursor).count as f32;
        let frame = Rect::from_center_size(rect.center(), egui::vec2(rect.width() * 0.8, rect.height() * 0.5));
        let bar = Rect::from_min_size(frame.min, egui::vec2(frame.width() * (count / target).min(1.0), frame.height()));
        let painter = ui.painter_at(rect);
        painter.rect_filled(frame, 0.0, FLOOR);
        painter.rect_filled(bar, 0.0, BAR);
        painter.rect_stroke(frame, 0.0, Stroke::new(2.0, Color32::WHITE), egui::StrokeKind::Outside);
    }

    fn details(view: &mut CountingView, ui: &mut egui::Ui, cursor: usize, _perspective: Perspective) {
        let count = view.rec.state(cursor).count;
        ui.label(format!("the counter stands at {count} of {}", view.rec.replay.header.setup.target));
    }
}

/// The human's controls: the keys and buttons of [`KEYS`].
#[derive(Default)]
pub struct Controls;

impl TurnControls<Counting> for Controls {
    const HELP: &'static [(&'static str, &'static str)] = KEYS;

    fn panel(&mut self, live: &mut Live<Counting>, rec: &Recorded<Counting>, ui: &mut egui::Ui, at_end: bool) -> Option<PanelRequest> {
        let player = match live.header(rec, ui, at_end) {
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

    fn keys(&mut self, live: &mut Live<Counting>, rec: &Recorded<Counting>, ctx: &egui::Context) -> &'static [Key] {
        let Some(player) = live.human_to_move(rec) else { return &[] };
        if typing(ctx) {
            return &[];
        }
        let pressed = ctx.input(|i| KEYS.iter().position(|(names, _)| row_keys(names).any(|k| i.key_pressed(k))));
        if let Some(k) = pressed {
            live.submit(player, k as u32 + 1);
        }
        &CLAIMED
    }

    fn initial_perspective(&self, live: &Live<Counting>, rec: &Recorded<Counting>) -> Option<Perspective> {
        (0..rec.track.players.len()).find(|&p| live.is_human(p)).map(Perspective::Player)
    }
}
