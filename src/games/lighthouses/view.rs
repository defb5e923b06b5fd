//! The Lighthouses view: the island with its energy as a heat tint, lighthouses, lasers, lit
//! triangles and players, drawn with egui's painter; and the side panel's details.

use super::hand;
use crate::kit::contract::view::{BoardCamera, Frame, LogLine, Marker, MarkerKind, Perspective, hover_box};
use crate::kit::turn::view::{BotsPlayOn, TurnGame, TurnView};
use crate::kit::viewing::grid::{CellTexture, Grid};
use crate::kit::viewing::palette::{player_color, with_alpha};
use bevy_egui::egui::{self, Align2, Color32, FontId, Pos2, Rect, Shape, Stroke, Vec2};
use kibitz_core::replay::StepRecord;
use kibitz_lighthouses::hand::{connect_candidates, moves};
use kibitz_lighthouses::view::TurnView as Sent;
use kibitz_lighthouses::{Command, Event, Lighthouses, Outcome, Pos};

const CAPTURE: MarkerKind = MarkerKind::new("capture", 120, 200, 255);
const LOSS: MarkerKind = MarkerKind::new("lighthouse lost", 160, 160, 160);
const CONNECTION: MarkerKind = MarkerKind::new("connection", 255, 220, 90);
const TRIANGLE: MarkerKind = MarkerKind::new("triangle", 255, 140, 60);

/// The Lighthouses view: the kit's turn view of the game.
pub type LighthousesView = TurnView<Lighthouses>;

/// The cells as one texture, for a board whose cells are too small to draw one by one (a
/// 2000 × 2000 map fitted to the window), and the step and perspective it shows.
pub struct Cells {
    cells: CellTexture,
    cells_show: Option<(usize, Perspective)>,
}

impl Default for Cells {
    fn default() -> Self {
        Self { cells: CellTexture::new("lighthouses-cells"), cells_show: None }
    }
}

/// Below this many points a cell, the cells are drawn as one texture rather than one by one.
const TEXTURE_BELOW: f32 = 6.0;

impl TurnView<Lighthouses> {
    /// The last turn of player `k` at or after which the cursor stands, and the view the bot
    /// was sent for it.
    fn sent_view(&self, k: usize, cursor: usize) -> Option<(usize, Sent)> {
        let last = self.rec.timeline.len().saturating_sub(1);
        let i = (0..=cursor.min(last))
            .rev()
            .find(|&i| matches!(self.rec.timeline.steps()[i], kibitz_core::Step::Act { player, .. } if player == k))?;
        Some((i, self.rec.timeline.state_at(i).turn_view(k)))
    }
}

/// The board on the screen: the kit's grid, in the map's own positions (y up, so row 0 is at
/// the bottom).
struct Board(Grid);

impl std::ops::Deref for Board {
    type Target = Grid;
    fn deref(&self) -> &Grid {
        &self.0
    }
}

impl Board {
    fn fit(rect: Rect, width: usize, height: usize, camera: &BoardCamera) -> Self {
        Board(Grid::fit(rect, camera, width, height))
    }

    /// The kit's row of map row `y`.
    fn row(&self, y: i32) -> usize {
        (self.0.rows as i32 - 1 - y).max(0) as usize
    }

    fn rect(&self, p: Pos) -> Rect {
        self.0.cell_rect(p.0.max(0) as usize, self.row(p.1))
    }

    fn center(&self, p: Pos) -> Pos2 {
        self.rect(p).center()
    }

    fn cell_at(&self, screen: Pos2) -> Pos {
        let d = self.0.board_point(screen);
        Pos(d.x.floor() as i32, self.0.rows as i32 - 1 - d.y.floor() as i32)
    }

    /// The map's cells that show.
    fn shown(&self) -> impl Iterator<Item = Pos> + '_ {
        let (xs, ys) = self.0.visible();
        let rows = self.0.rows as i32;
        ys.flat_map(move |ky| xs.clone().map(move |x| Pos(x as i32, rows - 1 - ky as i32)))
    }
}

const WATER: Color32 = Color32::from_rgb(18, 38, 66);
const SAND: Color32 = Color32::from_rgb(70, 78, 62);
const HOT: Color32 = Color32::from_rgb(214, 162, 70);
const NEUTRAL: Color32 = Color32::from_rgb(200, 200, 200);

fn heat(energy: u8) -> Color32 {
    let t = energy as f32 / 100.0;
    let mix = |a: u8, b: u8| (a as f32 + (b as f32 - a as f32) * t) as u8;
    Color32::from_rgb(mix(SAND.r(), HOT.r()), mix(SAND.g(), HOT.g()), mix(SAND.b(), HOT.b()))
}

fn owner_color(owner: Option<usize>) -> Color32 {
    owner.map_or(NEUTRAL, player_color)
}

/// A triangle as a filled shape; egui wants a consistent winding on screen.
fn triangle_shape(mut points: Vec<Pos2>, fill: Color32) -> Shape {
    let [a, b, c] = [points[0], points[1], points[2]];
    if (b - a).x * (c - a).y - (b - a).y * (c - a).x < 0.0 {
        points.reverse();
    }
    Shape::convex_polygon(points, fill, Stroke::NONE)
}

impl TurnGame for Lighthouses {
    type Board = Cells;
    type Controls = hand::Controls;
    type TakeOver = BotsPlayOn;

    fn absorb(view: &mut LighthousesView, record: StepRecord<Command, Outcome>) {
        let rec = &mut view.rec;
        let failed = record.player.zip(record.failed.clone());
        let (i, outcome) = rec.push(record);
        let after = i + 1;
        let track = &mut rec.track;
        if let Outcome::RoundStart { .. } = outcome {
            track.round_starts.push(i);
        }
        if let Outcome::RoundEnd { scores, .. } = &outcome {
            for (k, &v) in scores.iter().enumerate() {
                track.scores[k].push((after, v));
            }
        }
        let players = &mut track.players;
        for e in outcome.events() {
            let (kind, label) = match e {
                Event::Captured { lighthouse, player } => (CAPTURE, format!("{} captures {lighthouse}", players[*player].name)),
                Event::Neutralised { lighthouse, by: Some(p) } => (LOSS, format!("{} empties {lighthouse}", players[*p].name)),
                Event::Neutralised { lighthouse, by: None } => (LOSS, format!("{lighthouse} decays to neutral")),
                Event::Connected { from, to, player } => (CONNECTION, format!("{} connects {from}–{to}", players[*player].name)),
                Event::Lit { player, cells, .. } => (TRIANGLE, format!("{} lights a triangle of {cells} cells", players[*player].name)),
            };
            track.markers.push(Marker { at: after, kind, label });
        }
        if let Some((p, reason)) = failed {
            track.markers.push(Marker { at: after, kind: MarkerKind::FAILURE, label: format!("{} fails: {reason}", players[p].name) });
            players[p].failed = Some((i, reason));
        }
    }

    fn describe(view: &LighthousesView, cursor: usize) -> String {
        let rounds = view.rec.replay.header.setup.rounds;
        if cursor == 0 {
            return format!("before round 1 of {rounds}");
        }
        let i = cursor - 1;
        let round = view.rec.timeline.round_of_step(i) + 1;
        let what = match &view.rec.timeline.steps()[i] {
            kibitz_core::Step::Tick => match view.rec.timeline.outcomes()[i] {
                Outcome::RoundStart { .. } => "round start".to_string(),
                _ => "scored".to_string(),
            },
            kibitz_core::Step::Act { player, .. } => format!("after {}'s turn", view.rec.track.players[*player].name),
        };
        format!("round {round} of {rounds} · {what}")
    }

    fn log(view: &LighthousesView, range: std::ops::Range<usize>) -> Vec<LogLine> {
        view.rec
            .records_in(range)
            .map(|(i, record)| {
                let (text, error) = match (&record.outcome, record.player) {
                    (Outcome::RoundStart { round, .. }, _) => (format!("— round {} starts", round + 1), false),
                    (Outcome::RoundEnd { round, scores }, _) => (format!("— round {} scored: {scores:?}", round + 1), false),
                    (Outcome::Turn { success, message, .. }, Some(p)) => {
                        let action = match &record.action {
                            Some(a) => serde_json::to_string(a).unwrap_or_default(),
                            None => "(no command)".to_string(),
                        };
                        let mut text = format!("{}: {action}", view.rec.track.name_at(p, i));
                        if !success {
                            text += &format!(" ✖ {}", message.as_deref().unwrap_or(""));
                        }
                        if let Some(reason) = &record.failed {
                            text += &format!(" ⚠ failed: {reason}");
                        }
                        if let Some(note) = &record.note {
                            text += &format!(" ({note})");
                        }
                        (text, !success || record.failed.is_some())
                    }
                    (Outcome::Turn { .. }, None) => ("?".to_string(), true),
                };
                LogLine { step: i, player: record.player, text, error, stderr: record.stderr.clone() }
            })
            .collect()
    }

    fn draw(view: &mut LighthousesView, frame: Frame) {
        let Frame { ui, response, rect, cursor, camera, perspective, space } = frame;
        let sent = match perspective {
            Perspective::Player(k) => view.sent_view(k, cursor),
            Perspective::Omniscient => None,
        };
        let players = view.rec.track.players.clone();
        let state = view.rec.state(cursor).clone();
        let map = state.map();
        let grid = Board::fit(rect, map.width(), map.height(), camera);
        *space = Some(grid.0.space_upwards());
        let painter = ui.painter_at(rect);
        let viewer = match perspective {
            Perspective::Player(k) => Some((k, sent.as_ref().map_or(state.players[k].pos, |(_, v)| v.position))),
            Perspective::Omniscient => None,
        };
        let visible = |p: Pos| match viewer {
            Some((_, at)) => Sent::within_horizon(p.0 - at.0, p.1 - at.1),
            None => true,
        };
        // Cells: one by one with a hairline between them, or, too small for that, as one
        // texture painted again only when the step or the perspective changes.
        let cell_color = |p: Pos| {
            let energy = match (&sent, viewer) {
                (Some((_, v)), Some((_, at))) if visible(p) => v.energy_at(p.0 - at.0, p.1 - at.1).unwrap_or(0).max(0) as u8,
                _ => state.cell_energy(p),
            };
            let color = if map.is_island(p) { heat(energy) } else { WATER };
            if visible(p) { color } else { color.gamma_multiply(0.35) }
        };
        if grid.cell < TEXTURE_BELOW {
            if view.board.cells_show != Some((cursor, perspective)) || !view.board.cells.is_painted() {
                let rows = grid.rows as i32;
                view.board.cells.paint(ui.ctx(), grid.cols, grid.rows, |x, ky| cell_color(Pos(x as i32, rows - 1 - ky as i32)));
                view.board.cells_show = Some((cursor, perspective));
            }
            view.board.cells.draw(&painter, &grid);
        } else {
            for p in grid.shown() {
                painter.rect_filled(grid.rect(p).shrink(grid.cell * 0.03), 1.0, cell_color(p));
            }
        }
        // Triangles, translucent: overlaps add up visibly.
        for t in &state.triangles {
            let points = t.vertices.iter().map(|&k| grid.center(state.lighthouses[k].pos)).collect();
            painter.add(triangle_shape(points, with_alpha(player_color(t.owner), 70)));
        }
        // Lighthouses and lasers: in a player's perspective, exactly as that bot was sent them.
        let lighthouses: Vec<(Pos, Option<usize>, i64, bool)> = match (&sent, viewer) {
            (Some((_, v)), _) => v.lighthouses.iter().map(|l| (l.position, usize::try_from(l.owner).ok(), l.energy, l.have_key)).collect(),
            (None, viewer) => state
                .lighthouses
                .iter()
                .enumerate()
                .map(|(k, lh)| (lh.pos, lh.owner, lh.energy, viewer.is_some_and(|(v, _)| state.players[v].keys[k])))
                .collect(),
        };
        let lasers: Vec<(Pos, Pos)> = match &sent {
            Some((_, v)) => {
                v.lighthouses.iter().flat_map(|l| l.connections.iter().filter(|c| l.position < **c).map(|c| (l.position, *c))).collect()
            }
            None => state.connections.iter().map(|&[a, b]| (state.lighthouses[a].pos, state.lighthouses[b].pos)).collect(),
        };
        let owner_at = |p: Pos| lighthouses.iter().find(|l| l.0 == p).and_then(|l| l.1);
        for &(a, b) in &lasers {
            painter.line_segment([grid.center(a), grid.center(b)], Stroke::new((grid.cell * 0.12).max(2.0), owner_color(owner_at(a))));
        }
        let font = FontId::proportional((grid.cell * 0.32).clamp(8.0, 16.0));
        for &(pos, owner, energy, key) in &lighthouses {
            let c = grid.center(pos);
            let r = grid.cell * 0.32;
            painter.circle_filled(c, r, Color32::from_rgb(20, 20, 24));
            painter.circle_stroke(c, r, Stroke::new((grid.cell * 0.08).max(1.5), owner_color(owner)));
            if key {
                painter.circle_filled(c, r * 0.35, Color32::GOLD);
            }
            if grid.cell >= 18.0 && energy > 0 {
                painter.text(c + Vec2::new(0.0, r + 1.0), Align2::CENTER_TOP, energy.to_string(), font.clone(), Color32::WHITE);
            }
        }
        // Players: several on one cell are spread around it.
        for (k, pl) in state.players.iter().enumerate() {
            if viewer.is_some_and(|(v, _)| v != k) {
                continue; // players never learn where the others are
            }
            let pos = viewer.map_or(pl.pos, |(_, at)| at);
            let here: Vec<usize> = (0..state.players.len()).filter(|&j| state.players[j].pos == pl.pos).collect();
            let slot = here.iter().position(|&j| j == k).unwrap_or(0);
            let offset = if here.len() > 1 && viewer.is_none() {
                let angle = slot as f32 / here.len() as f32 * std::f32::consts::TAU;
                Vec2::angled(angle) * grid.cell * 0.28
            } else {
                Vec2::ZERO
            };
            let c = grid.center(pos) + offset;
            let r = grid.cell * if here.len() > 1 { 0.2 } else { 0.26 };
            painter.circle_filled(c, r, players[k].color);
            painter.circle_stroke(c, r, Stroke::new(1.5, Color32::BLACK));
            painter.text(c, Align2::CENTER_CENTER, k.to_string(), FontId::monospace((r * 1.3).max(7.0)), Color32::BLACK);
        }
        if viewer.is_some() {
            painter.text(
                rect.left_top() + Vec2::new(8.0, 8.0),
                Align2::LEFT_TOP,
                "dimmed: beyond this player's horizon",
                FontId::proportional(13.0),
                Color32::LIGHT_GRAY,
            );
        }
        // Hand play: outline what a click would do, and do it.
        if cursor == view.rec.timeline.len()
            && let Some(me) = view.hand.as_ref().and_then(|h| h.live.human_to_move(&view.rec))
        {
            for p in moves(&state, me) {
                painter.rect_stroke(
                    grid.rect(p).shrink(grid.cell * 0.06),
                    2.0,
                    Stroke::new(2.0, Color32::from_rgba_unmultiplied(240, 240, 255, 210)),
                    egui::StrokeKind::Inside,
                );
            }
            for t in connect_candidates(&state, me) {
                painter.circle_stroke(grid.center(t), grid.cell * 0.46, Stroke::new(2.0, Color32::GOLD));
            }
            if response.clicked()
                && let Some(pointer) = response.interact_pointer_pos()
            {
                if let Some(hand) = view.hand.as_mut() {
                    hand.controls.click(&mut hand.live, &view.rec, me, grid.cell_at(pointer));
                }
            }
        }
        // Hover: what is under the pointer.
        if let Some(pointer) = response.hover_pos() {
            let p = grid.cell_at(pointer);
            if map.index(p).is_some() {
                painter.rect_stroke(grid.rect(p), 0.0, Stroke::new(1.5, Color32::WHITE), egui::StrokeKind::Inside);
                hover_box(response, |ui| {
                    ui.label(format!("cell {p}"));
                    if map.is_island(p) {
                        ui.label(format!("energy {} (+{} a round)", state.cell_energy(p), state.board.growth(p)));
                    } else {
                        ui.label("water");
                    }
                    if let Some(k) = state.lighthouse_at(p) {
                        let lh = &state.lighthouses[k];
                        let owner = lh.owner.map_or("neutral".to_string(), |o| players[o].name.clone());
                        ui.separator();
                        ui.label(format!("lighthouse: {owner}, energy {}", lh.energy));
                        let links: Vec<String> = state.connections_of(k).iter().map(|&j| state.lighthouses[j].pos.to_string()).collect();
                        if !links.is_empty() {
                            ui.label(format!("connected to {}", links.join(", ")));
                        }
                        let holders: Vec<&str> =
                            state.players.iter().enumerate().filter(|(_, pl)| pl.keys[k]).map(|(j, _)| players[j].name.as_str()).collect();
                        if !holders.is_empty() {
                            ui.label(format!("key held by {}", holders.join(", ")));
                        }
                    }
                    for (j, pl) in state.players.iter().enumerate().filter(|(_, pl)| pl.pos == p) {
                        ui.separator();
                        ui.colored_label(players[j].color, format!("{} · energy {} · score {}", players[j].name, pl.energy, pl.score));
                    }
                });
            }
        }
    }

    fn details(view: &mut LighthousesView, ui: &mut egui::Ui, cursor: usize, perspective: Perspective) {
        let players = view.rec.track.players.clone();
        let state = view.rec.state(cursor).clone();
        egui::Grid::new("lh-players").num_columns(5).striped(true).show(ui, |ui| {
            for h in ["player", "score", "energy", "cell", "keys"] {
                ui.strong(h);
            }
            ui.end_row();
            for (k, p) in state.players.iter().enumerate() {
                let mut name = egui::RichText::new(format!("{k} {}", players[k].name)).color(players[k].color);
                if players[k].failed.as_ref().is_some_and(|(at, _)| *at < cursor) {
                    name = name.strikethrough();
                }
                ui.label(name);
                ui.label(p.score.to_string());
                ui.label(p.energy.to_string());
                ui.label(p.pos.to_string());
                ui.label(p.keys.iter().filter(|&&k| k).count().to_string());
                ui.end_row();
            }
        });
        if cursor > 0
            && let Some(record) = view.rec.replay.records.get(cursor - 1)
        {
            ui.separator();
            ui.strong("Last step");
            if let Some(p) = record.player {
                let action = record.action.as_ref().map_or("(no command)".to_string(), |a| serde_json::to_string(a).unwrap_or_default());
                ui.colored_label(players[p].color, format!("{} sent {action}", players[p].name));
                if let Some(ms) = record.ms {
                    ui.label(format!("answered in {ms} ms"));
                }
            }
            match &record.outcome {
                Outcome::Turn { success: true, .. } => {
                    ui.label("result: success");
                }
                Outcome::Turn { success: false, message, .. } => {
                    ui.colored_label(Color32::LIGHT_RED, format!("result: {}", message.as_deref().unwrap_or("refused")));
                }
                Outcome::RoundStart { round, events } => {
                    ui.label(format!(
                        "round {} starts: energy grew, players collected, lighthouses decayed ({} lost)",
                        round + 1,
                        events.len()
                    ));
                }
                Outcome::RoundEnd { round, scores } => {
                    ui.label(format!("round {} scored: {scores:?}", round + 1));
                }
            }
            if let Some(reason) = &record.failed {
                ui.colored_label(Color32::RED, format!("bot failed: {reason}"));
            }
        }
        if let Perspective::Player(k) = perspective {
            ui.separator();
            ui.colored_label(players[k].color, egui::RichText::new(format!("What {k} {} was sent", players[k].name)).strong());
            match view.sent_view(k, cursor) {
                Some((i, view)) => {
                    ui.label(format!("before step {i}: position {}, energy {}, score {}", view.position, view.energy, view.score));
                    let text = view
                        .view
                        .iter()
                        .rev()
                        .map(|row| row.iter().map(|v| format!("{v:>4}")).collect::<String>())
                        .collect::<Vec<_>>()
                        .join("\n");
                    ui.label(egui::RichText::new(text).monospace().size(11.0));
                    ui.label(format!(
                        "keys: {}",
                        view.lighthouses.iter().filter(|l| l.have_key).map(|l| l.position.to_string()).collect::<Vec<_>>().join(" ")
                    ));
                }
                None => {
                    ui.label("no turn yet");
                }
            }
        }
    }
}
