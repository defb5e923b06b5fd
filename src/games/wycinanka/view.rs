//! The wycinanka view: the sheet drawn where the generator placed its vertices (the grid it was
//! cut from), zoom and pan for thousands of vertices; the order list with each order's value,
//! C and who fulfilled it; a selected order drawn beside the sheet and, for every team that
//! fulfilled it by the cursor, where it was cut, highlighted in the team's colour. Timeline
//! markers for acceptances; the score chart is the race.

use crate::kit::palette::player_color;
use crate::kit::recorded::Recorded;
use crate::kit::view::{BoardCamera, GameView, LogLine, Marker, MarkerKind, Perspective, Track, hover_box};
use bevy_egui::egui::{self, Align2, Color32, FontId, Pos2, Rect, Stroke, Vec2};
use kibitz_core::Game;
use kibitz_core::replay::{Replay, StepRecord};
use kibitz_deadline24::{Command, Outcome, split};
use kibitz_wycinanka::Wycinanka;
use kibitz_wycinanka::graph::Graph;
use kibitz_wycinanka::rules::TurnReport;

const ACCEPTED: MarkerKind = MarkerKind::new("order fulfilled", 129, 199, 132);

pub struct WycinankaView {
    rec: Recorded<Wycinanka>,
    /// The order shown beside the sheet and highlighted on it.
    selected: Option<u32>,
}

/// Where the sheet's grid sits on the screen.
struct Layout {
    origin: Pos2,
    cell: f32,
}

impl Layout {
    fn fit(rect: Rect, camera: &BoardCamera, (w, h): (u32, u32)) -> Self {
        let span = Vec2::new(w.max(2) as f32 - 1.0, h.max(2) as f32 - 1.0);
        let cell = (rect.width() / span.x).min(rect.height() / span.y) * 0.92 * camera.zoom;
        Self { origin: rect.center() - span * cell / 2.0 + camera.pan, cell }
    }

    fn at(&self, (x, y): (u32, u32)) -> Pos2 {
        self.origin + Vec2::new(x as f32, y as f32) * self.cell
    }

    /// The grid point nearest to `p`.
    fn nearest(&self, p: Pos2) -> (i64, i64) {
        let d = (p - self.origin) / self.cell;
        (d.x.round() as i64, d.y.round() as i64)
    }
}

impl WycinankaView {
    pub fn new(title: String, replay: Replay<Wycinanka>) -> Result<Self, String> {
        let rec = Recorded::load(title, replay, player_color, Self::absorb)?;
        Ok(Self { rec, selected: None })
    }

    fn absorb(rec: &mut Recorded<Wycinanka>, record: StepRecord<Command, Outcome<TurnReport>>) {
        // The command's first words name the order: enough for the marker's label.
        let command: Option<String> = record.action.as_ref().map(|c| split(&c.line).into_iter().take(3).collect::<Vec<_>>().join(" "));
        let (i, outcome) = rec.push(record);
        let after = i + 1;
        match &outcome {
            Outcome::Answer { lines, .. } if lines.get(1).is_some_and(|l| l.starts_with("ACCEPTED")) => {
                let team = rec.replay.records[i].player.unwrap_or(0);
                let name = rec.track.players.get(team).map_or("?".to_string(), |p| p.name.clone());
                let label = format!("{name}: {} → {}", command.unwrap_or_default(), lines[1]);
                rec.track.markers.push(Marker { at: after, kind: ACCEPTED, label });
                let scores = Wycinanka::scores(rec.timeline.last_state());
                if let Some(&score) = scores.get(team) {
                    rec.track.scores[team].push((after, score));
                }
            }
            Outcome::Turn { .. } => rec.track.round_starts.push(after),
            _ => {}
        }
    }

    fn grid_size(&self) -> (u32, u32) {
        let p = &self.rec.replay.header.setup.game;
        (p.width, p.height)
    }

    /// `,` and `.` move the selection through the orders.
    fn keys(&mut self, ctx: &egui::Context, orders: usize) {
        if ctx.egui_wants_keyboard_input() || orders == 0 {
            return;
        }
        let (back, on) = ctx.input(|i| (i.key_pressed(egui::Key::Comma), i.key_pressed(egui::Key::Period)));
        let at = self.selected.unwrap_or(0) as i64 + i64::from(on) - i64::from(back);
        if back || on {
            self.selected = Some(at.clamp(1, orders as i64) as u32);
        }
    }
}

/// The order's graph in `rect`, its vertices numbered: where a team cut it from the sheet
/// (`cut`: each vertex's grid position) when one did, else on a circle.
fn draw_order(painter: &egui::Painter, rect: Rect, graph: &Graph, cut: Option<Vec<(u32, u32)>>) {
    let n = graph.n().max(1) as f32;
    let radius = rect.width().min(rect.height()) * 0.4;
    let circle = |v: u32| rect.center() + Vec2::angled(std::f32::consts::TAU * (v as f32 - 1.0) / n - std::f32::consts::FRAC_PI_2) * radius;
    let placed = cut.filter(|c| c.len() == graph.n() as usize).map(|c| {
        let (min, max) =
            c.iter().fold(((u32::MAX, u32::MAX), (0, 0)), |(lo, hi), &(x, y)| ((lo.0.min(x), lo.1.min(y)), (hi.0.max(x), hi.1.max(y))));
        let span = Vec2::new((max.0 - min.0).max(1) as f32, (max.1 - min.1).max(1) as f32);
        let scale = ((rect.width() - 30.0) / span.x).min((rect.height() - 30.0) / span.y).min(40.0);
        let corner = rect.center() - span * scale / 2.0;
        c.into_iter().map(|(x, y)| corner + Vec2::new((x - min.0) as f32, (y - min.1) as f32) * scale).collect::<Vec<_>>()
    });
    let at = |v: u32| placed.as_ref().map_or_else(|| circle(v), |p| p[v as usize - 1]);
    for &(a, b) in graph.edges() {
        painter.line_segment([at(a), at(b)], Stroke::new(1.5, Color32::from_gray(170)));
    }
    for v in 1..=graph.n() {
        painter.circle_filled(at(v), 7.0, Color32::from_rgb(60, 64, 74));
        painter.text(at(v), Align2::CENTER_CENTER, v.to_string(), FontId::proportional(9.0), Color32::WHITE);
    }
}

impl GameView for WycinankaView {
    fn game(&self) -> &'static str {
        Wycinanka::ID
    }

    fn track(&self) -> &Track {
        &self.rec.track
    }

    fn describe(&self, cursor: usize) -> String {
        crate::kit::server_log::describe(&self.rec, cursor)
    }

    fn log(&self, range: std::ops::Range<usize>) -> Vec<LogLine> {
        crate::kit::server_log::log_lines(&self.rec, range, |_, report| match report.new_orders.as_slice() {
            [] => "no new orders".into(),
            ids => format!("new orders {}", ids.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")),
        })
    }

    fn set_look(&mut self, setting: &str, _: &mut BoardCamera) -> Result<(), String> {
        let orders = self.rec.timeline.last_state().game.orders.len();
        match setting.split_once('=') {
            Some(("order", id)) => {
                let id = id.parse::<u32>().ok().filter(|&id| (1..=orders as u32).contains(&id));
                self.selected = Some(id.ok_or(format!("the replay has orders 1 to {orders}"))?);
                Ok(())
            }
            _ => Err("wycinanka knows order=ID (the order shown and highlighted)".into()),
        }
    }

    fn view_keys(&self) -> &'static [(&'static str, &'static str)] {
        &[(", / .", "previous / next order (highlighted where each team cut it)")]
    }

    fn draw(&mut self, ui: &mut egui::Ui, response: &egui::Response, rect: Rect, cursor: usize, camera: &BoardCamera, _: Perspective) {
        let grid = self.grid_size();
        let orders = self.rec.state(cursor).game.orders.len();
        self.keys(ui.ctx(), orders);
        let state = &self.rec.state(cursor).game;
        let layout = Layout::fit(rect, camera, grid);
        let painter = ui.painter_at(rect);
        let sheet = &state.sheet;
        let pos = |v: u32| layout.at(sheet.positions[v as usize - 1]);
        let thin = Stroke::new(1.0, Color32::from_gray(85));
        for &(a, b) in sheet.graph.edges() {
            painter.line_segment([pos(a), pos(b)], thin);
        }
        if layout.cell >= 8.0 {
            for v in 1..=sheet.graph.n() {
                painter.circle_filled(pos(v), (layout.cell * 0.1).min(4.0), Color32::from_gray(140));
            }
        }
        // The selected order, where each team that fulfilled it by now cut it.
        let selected = self.selected.and_then(|id| state.orders.get(id as usize - 1).map(|o| (id, o)));
        if let Some((_, placed)) = selected {
            // The first team's cut widest and underneath, so that cuts in the same place all show.
            let teams = placed.cuts.len();
            for (k, cut) in placed.cuts.iter().enumerate() {
                let (map, color, wider) = (&cut.map, player_color(cut.team), (teams - 1 - k) as f32);
                for &(a, b) in placed.order.graph.edges() {
                    if let (Some(&x), Some(&y)) = (map.get(a as usize - 1), map.get(b as usize - 1)) {
                        painter.line_segment([pos(x), pos(y)], Stroke::new(2.5 + 3.0 * wider, color));
                    }
                }
                for &v in map.iter() {
                    painter.circle_filled(pos(v), (layout.cell * 0.18).clamp(2.5, 6.0) + 2.0 * wider, color);
                }
            }
        }
        // The legend.
        let font = FontId::proportional(12.0);
        let mut legend =
            format!("sheet: {} vertices, {} edges · {} orders", sheet.graph.n(), sheet.graph.edges().len(), state.orders.len());
        if let Some((id, placed)) = selected {
            legend.push_str(&format!(" · order {id}: fulfilled by {} team(s), in their colours", placed.cuts.len()));
        } else {
            legend.push_str(" · pick an order in the panel (or , and .) to see where it was cut");
        }
        painter.text(rect.left_top() + Vec2::new(10.0, 10.0), Align2::LEFT_TOP, legend, font, Color32::from_gray(200));
        // Hover: the vertex at the nearest grid point.
        let Some(pointer) = response.hover_pos() else { return };
        let (x, y) = layout.nearest(pointer);
        if x < 0 || y < 0 || x >= grid.0 as i64 || y >= grid.1 as i64 {
            return;
        }
        let Some(v) = sheet.positions.iter().position(|&p| p == (x as u32, y as u32)).map(|k| k as u32 + 1) else { return };
        painter.circle_stroke(pos(v), (layout.cell * 0.3).clamp(4.0, 10.0), Stroke::new(1.5, Color32::WHITE));
        let neighbours: Vec<String> = sheet.graph.neighbours(v).iter().map(u32::to_string).collect();
        hover_box(response, |ui| {
            ui.label(format!("vertex {v} · {} neighbours: {}", neighbours.len(), neighbours.join(", ")));
        });
    }

    fn details(&mut self, ui: &mut egui::Ui, cursor: usize, _: Perspective) {
        let names: Vec<String> = self.rec.track.players.iter().map(|p| p.name.clone()).collect();
        let state = &self.rec.state(cursor).game;
        if let Some(placed) = self.selected.and_then(|id| state.orders.get(id as usize - 1)) {
            let (rect, _) = ui.allocate_exact_size(Vec2::new(ui.available_width().min(260.0), 170.0), egui::Sense::hover());
            let cut = placed.cuts.first().map(|c| c.map.iter().map(|&v| state.sheet.positions[v as usize - 1]).collect());
            draw_order(&ui.painter_at(rect), rect, &placed.order.graph, cut);
        }
        ui.label(egui::RichText::new("Orders (newest first; click to show one):").strong());
        for (k, placed) in state.orders.iter().enumerate().rev() {
            let id = k as u32 + 1;
            let g = &placed.order.graph;
            let by: Vec<&str> = placed.cuts.iter().map(|c| names[c.team].as_str()).collect();
            let text = format!(
                "#{id:<3} V {:>2} E {:>2}  P {:>10}  C {}{}",
                g.n(),
                g.edges().len(),
                placed.order.value,
                by.len(),
                if by.is_empty() { String::new() } else { format!(" · {}", by.join(", ")) }
            );
            let label = egui::RichText::new(text).monospace().size(11.0);
            if ui.selectable_label(self.selected == Some(id), label).clicked() {
                self.selected = if self.selected == Some(id) { None } else { Some(id) };
            }
        }
    }
}
