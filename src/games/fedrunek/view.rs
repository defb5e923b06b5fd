//! The fedrunek view, flat for now (the 3D cube comes with the next issue): the six faces of
//! the asteroid side by side, each field tinted by the metal in the column under it, with the
//! stations, workshops, tunnel mouths and robots (underground ones drawn hollow on the face
//! they are nearest). "As team k" shows only k's robots and the columns its scans measured.
//! The side panel lists every team's credits, spending and robots; the log shows each command
//! with its connection, arrival time and answer.

use crate::kit::palette::player_color;
use crate::kit::recorded::Recorded;
use crate::kit::view::{Camera2, GameView, LogLine, Marker, MarkerKind, Perspective, Track, hover_box};
use bevy_egui::egui::{self, Align2, Color32, FontId, Rect, Stroke, Vec2};
use kibitz_core::Game;
use kibitz_core::replay::{Replay, StepRecord};
use kibitz_deadline24::{Command, Outcome};
use kibitz_fedrunek::knowledge::Knowledge;
use kibitz_fedrunek::robots::{Kind, Operation};
use kibitz_fedrunek::world::{Metal, Pos, Tunnel, World};
use kibitz_fedrunek::{Fedrunek, FedrunekState, TurnReport};

const THRESHOLD: MarkerKind = MarkerKind::new("90 % mined", 255, 200, 60);
const STATION: Color32 = Color32::from_rgb(255, 213, 79);
const WORKSHOP: Color32 = Color32::from_rgb(144, 202, 249);

pub struct FedrunekView {
    rec: Recorded<Fedrunek>,
    /// Column values per face at a cursor, kept while the cursor stays in the same turn.
    heat: Option<(u32, Vec<Vec<u32>>)>,
    /// A team's knowledge at a cursor.
    known: Option<(usize, usize, Knowledge)>,
}

/// The six faces: the axis they are across, and the side (1 or N).
const FACES: [(usize, bool); 6] = [(0, false), (0, true), (1, false), (1, true), (2, false), (2, true)];

fn face_name(face: usize) -> &'static str {
    ["x = 1", "x = N", "y = 1", "y = N", "z = 1", "z = N"][face]
}

/// The field of `face` at grid cell (u, v), both 0-based.
fn field(n: i32, face: usize, u: i32, v: i32) -> Pos {
    let (axis, far) = FACES[face];
    let mut c = [0; 3];
    let (a, b) = [(1, 2), (0, 2), (0, 1)][axis];
    c[axis] = if far { n } else { 1 };
    c[a] = u + 1;
    c[b] = v + 1;
    Pos::new(c[0], c[1], c[2])
}

/// The face (and grid cell) a field is drawn on: its own face if on the surface, else the
/// nearest one.
fn place(n: i32, p: Pos) -> (usize, i32, i32) {
    let coords = [p.x, p.y, p.z];
    let mut best = (i32::MAX, 0);
    for (face, &(axis, far)) in FACES.iter().enumerate() {
        let d = if far { n - coords[axis] } else { coords[axis] - 1 };
        if d < best.0 {
            best = (d, face);
        }
    }
    let face = best.1;
    let (a, b) = [(1, 2), (0, 2), (0, 1)][FACES[face].0];
    (face, coords[a] - 1, coords[b] - 1)
}

/// Iron + 3 × silver + 5 × gold over the column under each face field.
fn column_values(world: &World) -> Vec<Vec<u32>> {
    let n = world.n();
    (0..6)
        .map(|face| {
            let mut values = vec![0; (n * n) as usize];
            for u in 0..n {
                for v in 0..n {
                    let top = field(n, face, u, v);
                    let value: u32 = world.column(top).into_iter().map(|p| Metal::value(world.cell(p).metals()) as u32).sum();
                    values[(u * n + v) as usize] = value;
                }
            }
            values
        })
        .collect()
}

impl FedrunekView {
    pub fn new(title: String, replay: Replay<Fedrunek>) -> Result<Self, String> {
        Ok(Self { rec: Recorded::load(title, replay, player_color, Self::absorb)?, heat: None, known: None })
    }

    fn absorb(rec: &mut Recorded<Fedrunek>, record: StepRecord<Command, Outcome<TurnReport>>) {
        let (i, outcome) = rec.push(record);
        if let Outcome::Turn { turn, report, .. } = &outcome {
            let after = i + 1;
            rec.track.round_starts.push(after);
            let scores = Fedrunek::scores(rec.timeline.last_state());
            for (k, s) in scores.into_iter().enumerate() {
                rec.track.scores[k].push((after, s));
            }
            if report.threshold {
                rec.track.markers.push(Marker {
                    at: after,
                    kind: THRESHOLD,
                    label: format!("90 % of the metal mined at the end of turn {turn}: 50 turns left"),
                });
            }
        }
    }

    fn knowledge(&mut self, team: usize, cursor: usize) -> &Knowledge {
        let fresh = matches!(&self.known, Some((t, c, _)) if *t == team && *c == cursor);
        if !fresh {
            let initial = self.rec.timeline.state_at(0);
            let steps = &self.rec.timeline.steps()[..cursor.min(self.rec.timeline.len())];
            self.known = Some((team, cursor, Knowledge::of_team(&initial, steps, team)));
        }
        &self.known.as_ref().expect("just set").2
    }
}

fn operation(op: &Option<Operation>) -> String {
    match op {
        None => "free".into(),
        Some(Operation::Move(p)) => format!("moving to {p}"),
        Some(Operation::Drill(t)) => format!("drilling {} – {}", t.low, Tunnel::high(*t)),
        Some(Operation::Mine(m)) => format!("mining {}", m.name().to_lowercase()),
        Some(Operation::Upgrade(_)) => "upgrading".into(),
        Some(Operation::Scan) => "scanning".into(),
        Some(Operation::Push(k)) => format!("pushing {k} fields"),
        Some(Operation::Arrive) => "arriving".into(),
    }
}

impl GameView for FedrunekView {
    fn game(&self) -> &'static str {
        Fedrunek::ID
    }

    fn track(&self) -> &Track {
        &self.rec.track
    }

    fn describe(&self, cursor: usize) -> String {
        let turn = self.rec.timeline.round_of_step(cursor.min(self.rec.timeline.len().saturating_sub(1)));
        format!("turn {turn} · step {cursor}/{}", self.rec.timeline.len())
    }

    fn log(&self, range: std::ops::Range<usize>) -> Vec<LogLine> {
        self.rec
            .records_in(range)
            .map(|(i, r)| {
                let (text, error) = match (&r.action, &r.outcome) {
                    (Some(c), outcome) => {
                        let lines = outcome.lines();
                        let first = lines.first().map_or("(no answer)", String::as_str);
                        let more = if lines.len() > 1 { format!(" (+{} lines)", lines.len() - 1) } else { String::new() };
                        (
                            format!("#{} {:>7.3}s {} → {first}{more}", c.conn, c.at_us as f64 / 1e6, c.line.trim()),
                            first.starts_with("FAILED"),
                        )
                    }
                    (None, Outcome::Turn { turn, report, over }) => {
                        let sales: i64 = report.sales.iter().map(|s| s.credits).sum();
                        let end = if *over { " — the game ends" } else { "" };
                        (format!("turn {turn} ends: {} operations finished, {sales} credits of sales{end}", report.finished), false)
                    }
                    (None, _) => ("(nothing)".into(), false),
                };
                LogLine { step: i, player: r.player, text, error, stderr: Vec::new() }
            })
            .collect()
    }

    fn draw(
        &mut self,
        ui: &mut egui::Ui,
        response: &egui::Response,
        rect: egui::Rect,
        cursor: usize,
        camera: &Camera2,
        perspective: Perspective,
    ) {
        let turn = self.rec.timeline.round_of_step(cursor.min(self.rec.timeline.len().saturating_sub(1)));
        let team = match perspective {
            Perspective::Player(k) => Some(k),
            Perspective::Omniscient => None,
        };
        let known_columns = team.map(|k| self.knowledge(k, cursor).columns.clone());
        let state: FedrunekState = self.rec.state(cursor).game.clone();
        let n = state.world.n();
        if !matches!(&self.heat, Some((t, _)) if *t == turn) || cursor == 0 {
            self.heat = Some((turn, column_values(&state.world)));
        }
        let heat = &self.heat.as_ref().expect("just set").1;
        let top = heat.iter().flatten().copied().max().unwrap_or(1).max(1) as f32;
        let painter = ui.painter_at(rect);
        // Six faces in a 3 × 2 grid.
        let gap = 18.0;
        let side = ((rect.width() - 4.0 * gap) / 3.0).min((rect.height() - 3.0 * gap) / 2.0).max(20.0) * camera.zoom;
        let cell = side / n as f32;
        let origin = rect.center() - Vec2::new(1.5 * side + gap, side + gap / 2.0) + camera.pan;
        let face_origin = |face: usize| origin + Vec2::new((face % 3) as f32 * (side + gap), (face / 3) as f32 * (side + gap));
        let at =
            |face: usize, u: i32, v: i32| Rect::from_min_size(face_origin(face) + Vec2::new(u as f32, v as f32) * cell, Vec2::splat(cell));
        let mut hovered = None;
        for face in 0..6 {
            let o = face_origin(face);
            painter.text(o - Vec2::new(0.0, 3.0), Align2::LEFT_BOTTOM, face_name(face), FontId::proportional(12.0), Color32::GRAY);
            for u in 0..n {
                for v in 0..n {
                    let p = field(n, face, u, v);
                    let value = match &known_columns {
                        Some(columns) => columns.get(&p).map(|c| Metal::value(c.metals) as u32),
                        None => Some(heat[face][(u * n + v) as usize]),
                    };
                    let fill = match value {
                        Some(v) => {
                            let t = (v as f32 / top).sqrt();
                            Color32::from_rgb((40.0 + 200.0 * t) as u8, (44.0 + 140.0 * t) as u8, (52.0 + 20.0 * t) as u8)
                        }
                        None => Color32::from_rgb(24, 26, 30),
                    };
                    let r = at(face, u, v);
                    painter.rect_filled(r.shrink(0.05 * cell), 0.0, fill);
                    if response.hover_pos().is_some_and(|h| r.contains(h)) {
                        hovered = Some((p, value));
                    }
                }
            }
        }
        for (list, color) in [(&state.sites.stations, STATION), (&state.sites.workshops, WORKSHOP)] {
            for &p in list.iter() {
                let (face, u, v) = place(n, p);
                painter.rect_stroke(at(face, u, v).expand(1.0), 1.0, Stroke::new(2.0, color), egui::StrokeKind::Outside);
            }
        }
        // Tunnel mouths: tunnels from a face field into the cube.
        for face in 0..6 {
            for u in 0..n {
                for v in 0..n {
                    let p = field(n, face, u, v);
                    if let Some(d) = state.world.inward(p)
                        && Tunnel::between(p, p.offset(d)).is_some_and(|t| state.world.has_tunnel(t))
                    {
                        painter.circle_filled(at(face, u, v).center(), cell * 0.18, Color32::BLACK);
                    }
                }
            }
        }
        for (k, t) in state.teams.iter().enumerate() {
            if team.is_some_and(|only| only != k) {
                continue;
            }
            let color = player_color(k);
            for robot in &t.robots {
                let (face, u, v) = place(n, robot.pos);
                let r = at(face, u, v);
                let radius = (cell * 0.4).max(2.5);
                let shape = if robot.kind == Kind::Miner { radius } else { radius * 0.7 };
                if state.world.underground(robot.pos) {
                    painter.circle_stroke(r.center(), shape, Stroke::new(1.5, color));
                } else {
                    painter.circle_filled(r.center(), shape, color);
                }
            }
        }
        if let Some((p, value)) = hovered {
            hover_box(response, |ui| {
                ui.label(format!("field {p}"));
                match value {
                    Some(v) => ui.label(format!("metal under it: worth {v} credits")),
                    None => ui.label("never scanned by this team"),
                };
                let here: Vec<String> = state
                    .teams
                    .iter()
                    .enumerate()
                    .flat_map(|(k, t)| t.robots.iter().filter(move |r| r.pos == p).map(move |r| (k, r)))
                    .filter(|(k, _)| team.is_none_or(|only| only == *k))
                    .map(|(k, r)| format!("team {k}: {:?} {} ({})", r.kind, r.id, operation(&r.operation)))
                    .collect();
                for line in here {
                    ui.label(line);
                }
            });
        }
    }

    fn details(&mut self, ui: &mut egui::Ui, cursor: usize, perspective: Perspective) {
        let state = self.rec.state(cursor).clone();
        let g = &state.game;
        ui.label(format!(
            "{} of {} metal units mined{}",
            g.mined,
            g.initial_metal,
            g.threshold_turn.map_or(String::new(), |t| format!(" · 90 % reached in turn {t}"))
        ));
        for (k, team) in g.teams.iter().enumerate() {
            if matches!(perspective, Perspective::Player(only) if only != k) {
                continue;
            }
            let name = &self.rec.track.players[k].name;
            let score = team.result();
            egui::CollapsingHeader::new(
                egui::RichText::new(format!("{name}: {} credits, {} spent, score {score}", team.credits, team.spent))
                    .color(player_color(k)),
            )
            .id_salt(("fedrunek-team", k))
            .show(ui, |ui| {
                for r in &team.robots {
                    let cargo = if r.kind == Kind::Miner { format!(" · cargo {:?}", r.cargo) } else { String::new() };
                    ui.label(
                        egui::RichText::new(format!(
                            "{:?} {} at {} · levels {:?} · {}{cargo}",
                            r.kind,
                            r.id,
                            r.pos,
                            r.levels,
                            operation(&r.operation)
                        ))
                        .monospace()
                        .size(11.0),
                    );
                }
            });
        }
    }
}
