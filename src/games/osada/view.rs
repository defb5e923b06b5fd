//! The osada view, first cut: the settlement's terrain as one texture (uploaded once: terrain
//! never changes in a game), and over it, only inside the visible rectangle, the masts with their
//! banners' state, traps, towers and constructions, each field's troops in their team's colour
//! and its coors. Hovering a field names what stands there. The glory chart comes from the
//! round ends; timeline markers for banners taken, returned and lost, and a team's last troop
//! dying. Fog per team, a carrier's path, fights and shots on the board, grouping when zoomed
//! out and hand play come with issue 40's grid.

use crate::kit::palette::player_color;
use crate::kit::recorded::Recorded;
use crate::kit::view::{BoardCamera, GameView, LogLine, Marker, MarkerKind, Perspective, Track, hover_box};
use bevy_egui::egui::{self, Color32, Pos2, Rect, Stroke, Vec2};
use kibitz_core::Game;
use kibitz_core::replay::{Replay, StepRecord};
use kibitz_deadline24::{Command, Outcome};
use kibitz_osada::settlement::{Terrain, Xy};
use kibitz_osada::state::{Banner, Kind, Land, Structure};
use kibitz_osada::{Event, Osada, OsadaState, TurnReport};

const TAKEN: MarkerKind = MarkerKind::new("banner taken", 255, 170, 60);
const RETURNED: MarkerKind = MarkerKind::new("banner returned", 120, 200, 255);
const LOST: MarkerKind = MarkerKind::new("banner lost", 220, 60, 200);
const WIPED_OUT: MarkerKind = MarkerKind::new("a team's last troop died", 200, 200, 200);
const COOR: Color32 = Color32::from_rgb(150, 30, 30);

pub struct OsadaView {
    rec: Recorded<Osada>,
    terrain: Option<egui::TextureHandle>,
}

/// Where the board sits on the screen.
struct Layout {
    origin: Pos2,
    /// Pixels per field.
    cell: f32,
}

impl Layout {
    fn fit(rect: Rect, camera: &BoardCamera, n: i32) -> Self {
        let cell = rect.width().min(rect.height()) / n as f32 * 0.96 * camera.zoom;
        Self { origin: rect.center() - Vec2::splat(n as f32 * cell / 2.0) + camera.pan, cell }
    }

    /// The top left corner of field (x, y).
    fn corner(&self, (x, y): Xy) -> Pos2 {
        self.origin + Vec2::new((x - 1) as f32, (y - 1) as f32) * self.cell
    }

    fn centre(&self, at: Xy) -> Pos2 {
        self.corner(at) + Vec2::splat(self.cell / 2.0)
    }

    fn field(&self, p: Pos2) -> Xy {
        let v = (p - self.origin) / self.cell;
        (v.x.floor() as i32 + 1, v.y.floor() as i32 + 1)
    }
}

impl OsadaView {
    pub fn new(title: String, replay: Replay<Osada>) -> Result<Self, String> {
        let rec = Recorded::load(title, replay, player_color, Self::absorb)?;
        Ok(Self { rec, terrain: None })
    }

    fn absorb(rec: &mut Recorded<Osada>, record: StepRecord<Command, Outcome<TurnReport>>) {
        let (i, outcome) = rec.push(record);
        let after = i + 1;
        let Outcome::Turn { report, .. } = &outcome else { return };
        rec.track.round_starts.push(after);
        let scores = Osada::scores(rec.timeline.last_state());
        for (team, &score) in scores.iter().enumerate() {
            if rec.track.scores[team].value_at(after) != Some(score) {
                rec.track.scores[team].push((after, score));
            }
        }
        let name = |rec: &Recorded<Osada>, team: u8| rec.track.players.get(team as usize).map_or("?".to_string(), |p| p.name.clone());
        for event in report.beetles.events.iter().chain(&report.coors.events) {
            let (kind, label) = match *event {
                Event::Taken { team, coor } => (TAKEN, format!("coor {coor} took {}'s banner", name(rec, team))),
                Event::Returned { team } => (RETURNED, format!("{}'s banner is back on its mast", name(rec, team))),
                Event::Lost { team } => (LOST, format!("{}'s banner was carried off the board", name(rec, team))),
                Event::Died { team, .. } if !rec.timeline.last_state().game.troops.iter().any(|t| t.team == team && t.alive) => {
                    (WIPED_OUT, format!("{} lost its last troop", name(rec, team)))
                }
                _ => continue,
            };
            rec.track.markers.push(Marker { at: after, kind, label });
        }
    }

    /// The terrain as an image, a pixel a field.
    fn terrain_texture(&mut self, ctx: &egui::Context, land: &Land) -> egui::TextureId {
        let texture = self.terrain.get_or_insert_with(|| {
            let s = &land.settlement;
            let mut rgba = Vec::with_capacity(s.terrain.len() * 4);
            for (i, t) in s.terrain.iter().enumerate() {
                let (x, y) = s.xy(i);
                // Every other field a shade darker, so that fields can be counted up close.
                let shade = if (x + y) % 2 == 0 { 0 } else { 8 };
                let [r, g, b] = match t {
                    Terrain::Solid => [186 - shade, 174 - shade, 146 - shade],
                    Terrain::Soggy => [96 - shade, 132 - shade, 104 - shade],
                    Terrain::Blocked => [58 - shade, 58 - shade, 64 - shade],
                };
                rgba.extend([r, g, b, 255]);
            }
            let n = s.n as usize;
            ctx.load_texture("osada-terrain", egui::ColorImage::from_rgba_unmultiplied([n, n], &rgba), egui::TextureOptions::NEAREST)
        });
        texture.id()
    }
}

/// Names what stands on a field, for the hover box.
fn describe_field(game: &OsadaState, names: &[String], at: Xy) -> Vec<String> {
    let land = &game.land;
    let Some(terrain) = land.settlement.terrain(at) else { return Vec::new() };
    let f = land.field(at);
    let mut lines = vec![format!("({}, {}) {}", at.0, at.1, terrain.token().to_lowercase())];
    if let Some(team) = land.masts.iter().position(|&m| m == at) {
        let banner = match game.teams[team].banner {
            Banner::Safe => "its banner on it".to_string(),
            Banner::Missing(coor) => format!("its banner carried by coor {coor}"),
            Banner::Lost => "its banner lost".to_string(),
        };
        lines.push(format!("{}'s mast, {banner}", names.get(team).map_or("?", String::as_str)));
    }
    if let Some(c) = game.constructions.get(&f) {
        lines.push(format!("{} being built, {} round(s) left", c.building.token().to_lowercase(), c.remaining(game.round)));
    }
    if let Some(s) = game.structures.get(&f) {
        lines.push(s.token().to_lowercase().replace('_', " "));
    }
    let index = game.index();
    for (place, &t) in index.beetles(f).iter().enumerate() {
        let t = &game.troops[t as usize];
        let active = if place == 0 { " (active)" } else { "" };
        lines.push(format!(
            "{} troop {}: {}{active}",
            names.get(t.team as usize).map_or("?", String::as_str),
            t.id,
            t.kind.token().to_lowercase()
        ));
    }
    for &c in index.coors(f) {
        let c = &game.coors[c as usize];
        lines.push(format!("coor {} ({:?})", c.id, c.strategy).to_lowercase());
    }
    lines
}

impl GameView for OsadaView {
    fn game(&self) -> &'static str {
        Osada::ID
    }

    fn track(&self) -> &Track {
        &self.rec.track
    }

    fn reserve(&mut self, more: usize) {
        self.rec.reserve(more);
    }

    fn append(&mut self, line: &str, number: usize) -> Result<(), String> {
        self.rec.append(line, number, Self::absorb)
    }

    fn describe(&self, cursor: usize) -> String {
        crate::kit::server_log::describe(&self.rec, cursor)
    }

    fn log(&self, range: std::ops::Range<usize>) -> Vec<LogLine> {
        crate::kit::server_log::log_lines(&self.rec, range, |_, report| {
            let events = || report.beetles.events.iter().chain(&report.coors.events);
            let count = |f: fn(&Event) -> bool| events().filter(|e| f(e)).count();
            let parts = [
                (count(|e| matches!(e, Event::Kill { .. })), "coor(s) killed"),
                (count(|e| matches!(e, Event::Died { .. })), "troop(s) died"),
                (count(|e| matches!(e, Event::Taken { .. })), "banner(s) taken"),
                (count(|e| matches!(e, Event::Spawned { .. })), "coor(s) came"),
            ];
            let said: Vec<String> = parts.iter().filter(|(n, _)| *n > 0).map(|(n, what)| format!("{n} {what}")).collect();
            if said.is_empty() { "quiet".into() } else { said.join(", ") }
        })
    }

    fn draw(&mut self, ui: &mut egui::Ui, response: &egui::Response, rect: Rect, cursor: usize, camera: &BoardCamera, _: Perspective) {
        let names: Vec<String> = self.rec.track.players.iter().map(|p| p.name.clone()).collect();
        let land = std::sync::Arc::clone(&self.rec.state(cursor).game.land);
        let texture = self.terrain_texture(ui.ctx(), &land);
        let state = &self.rec.state(cursor).game;
        let n = land.n();
        let layout = Layout::fit(rect, camera, n);
        let painter = ui.painter_at(rect);
        let board = Rect::from_min_size(layout.origin, Vec2::splat(n as f32 * layout.cell));
        painter.image(texture, board, Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0)), Color32::WHITE);
        let visible = |at: Xy| rect.expand(layout.cell).contains(layout.centre(at));
        let r = (layout.cell * 0.35).max(1.5);
        for (&f, s) in state.structures.iter() {
            let at = state.land.xy(f);
            if !visible(at) {
                continue;
            }
            let cell = Rect::from_min_size(layout.corner(at), Vec2::splat(layout.cell));
            match *s {
                Structure::Tower { team } => {
                    painter.rect_stroke(
                        cell.shrink(layout.cell * 0.08),
                        1.0,
                        Stroke::new(2.0, player_color(team as usize)),
                        egui::StrokeKind::Inside,
                    );
                }
                Structure::Trap { team, used } => {
                    let color = if used { Color32::from_gray(90) } else { player_color(team as usize) };
                    painter.line_segment([cell.left_top(), cell.right_bottom()], Stroke::new(1.5, color));
                    painter.line_segment([cell.right_top(), cell.left_bottom()], Stroke::new(1.5, color));
                }
            }
        }
        for (&f, c) in state.constructions.iter() {
            let at = state.land.xy(f);
            if visible(at) {
                let cell = Rect::from_min_size(layout.corner(at), Vec2::splat(layout.cell));
                let stroke = Stroke::new(1.0, player_color(c.team as usize).gamma_multiply(0.6));
                painter.rect_stroke(cell.shrink(layout.cell * 0.2), 0.0, stroke, egui::StrokeKind::Inside);
            }
        }
        for (team, &mast) in state.land.masts.iter().enumerate() {
            if !visible(mast) {
                continue;
            }
            let p = layout.centre(mast);
            painter.circle_stroke(p, r * 1.6, Stroke::new(2.0, player_color(team)));
            if state.teams[team].banner == Banner::Safe {
                painter.circle_filled(p, r, player_color(team));
            }
        }
        let index = state.index();
        for (&f, cell) in index.cells.iter() {
            let at = state.land.xy(f);
            if !visible(at) {
                continue;
            }
            let p = layout.centre(at);
            if let Some(&first) = cell.beetles.first() {
                let t = &state.troops[first as usize];
                let color = player_color(t.team as usize);
                let half = Vec2::splat(r);
                match t.kind {
                    Kind::Stormtrooper => {
                        painter.rect_filled(Rect::from_center_size(p, half * 2.0), 0.0, color);
                    }
                    Kind::Sniper => {
                        painter.circle_filled(p, r, color);
                    }
                    Kind::Builder => {
                        painter.add(egui::Shape::convex_polygon(
                            vec![p + Vec2::new(0.0, -r), p + Vec2::new(r, r), p + Vec2::new(-r, r)],
                            color,
                            Stroke::NONE,
                        ));
                    }
                }
                if cell.beetles.len() > 1 && layout.cell > 14.0 {
                    painter.text(
                        p + half,
                        egui::Align2::LEFT_TOP,
                        cell.beetles.len().to_string(),
                        egui::FontId::proportional(9.0),
                        Color32::WHITE,
                    );
                }
            }
            if !cell.coors.is_empty() {
                let carrying = cell.coors.iter().any(|&c| state.coors[c as usize].carrying != 0);
                painter.circle_filled(p, r * 0.9, COOR);
                if carrying {
                    painter.circle_stroke(p, r * 1.3, Stroke::new(1.5, Color32::from_rgb(255, 200, 60)));
                }
            }
        }
        if let Some(pointer) = response.hover_pos().filter(|p| board.contains(*p)) {
            let lines = describe_field(state, &names, layout.field(pointer));
            hover_box(response, |ui| {
                for line in &lines {
                    ui.label(line);
                }
            });
        }
    }

    fn details(&mut self, ui: &mut egui::Ui, cursor: usize, _: Perspective) {
        let names: Vec<String> = self.rec.track.players.iter().map(|p| p.name.clone()).collect();
        let state = &self.rec.state(cursor).game;
        ui.label(egui::RichText::new("Teams: glory (not × K), banner, troops alive").strong());
        for (team, t) in state.teams.iter().enumerate() {
            let banner = match t.banner {
                Banner::Safe => "safe".to_string(),
                Banner::Missing(c) => format!("carried by coor {c}"),
                Banner::Lost => "lost".to_string(),
            };
            let alive = state.troops.iter().filter(|u| u.team as usize == team && u.alive).count();
            ui.colored_label(
                player_color(team),
                format!("{}: {} · banner {banner} · {alive} troops", names.get(team).map_or("?", String::as_str), t.glory),
            );
        }
        ui.label(format!("{} coors on the board", state.coors.iter().filter(|c| c.alive).count()));
    }
}
