//! The Amazes view: the maze, both players with their facing, the last turns' paths, and what
//! each player knows. Omniscient, squares are tinted by who has discovered them; "as player k"
//! shows only k's knowledge (fog over the rest): discovered squares, first discoveries, known
//! walls and openings, inferred dead ends. The side panel has the corridor lines exactly as the
//! bot received them and each player's score breakdown.

use super::hand;
use crate::kit::contract::thinking::BoardSpace;
use crate::kit::contract::view::{BoardCamera, Frame, LogLine, Marker, MarkerKind, Perspective, hover_box};
use crate::kit::turn::view::{BotsPlayOn, TurnGame, TurnView};
use crate::kit::viewing::grid::Grid;
use bevy_egui::egui::{self, Align2, Color32, FontId, Pos2, Rect, Shape, Stroke, Vec2};
use kibitz_amazes::{Amazes, Dir, EdgeId, EdgeKnowledge, Moves, Outcome, Placement, PlayedBy, SIZE, Square, TurnReport};
use kibitz_core::replay::StepRecord;

const RED: Color32 = Color32::from_rgb(229, 57, 53);
const BLUE: Color32 = Color32::from_rgb(30, 136, 229);
const FLOOR: Color32 = Color32::from_rgb(34, 38, 46);
const WALL: Color32 = Color32::from_rgb(220, 220, 210);

/// Height of the legend strip above the maze, in points.
const LEGEND_HEIGHT: f32 = 24.0;

const CAPTURE: MarkerKind = MarkerKind::new("capture", 120, 200, 255);
const SUDDEN_DEATH: MarkerKind = MarkerKind::new("sudden death", 255, 140, 60);

fn color(p: usize) -> Color32 {
    if p == 0 { RED } else { BLUE }
}
/// The Amazes view: the kit's turn view of the game.
pub type AmazesView = TurnView<Amazes>;

impl TurnView<Amazes> {
    /// The last turn report of `player` among the first `cursor` steps.
    fn last_turn(&self, player: usize, cursor: usize) -> Option<(usize, &TurnReport)> {
        let outcomes = &self.rec.timeline.outcomes()[..cursor.min(self.rec.timeline.len())];
        outcomes.iter().enumerate().rev().find_map(|(i, o)| match o {
            Outcome::Turn(r) if r.player == player => Some((i, r.as_ref())),
            _ => None,
        })
    }
}

/// The 25×25 maze on the screen: the kit's grid (below the legend), in squares and edges.
struct MazeGrid(Grid);

impl std::ops::Deref for MazeGrid {
    type Target = Grid;
    fn deref(&self) -> &Grid {
        &self.0
    }
}

/// The maze's squares on the screen, below the legend (the editor draws on them too).
pub fn squares(rect: Rect, camera: &BoardCamera) -> Grid {
    // A strip at the top stays free for the legend.
    let rect = Rect::from_min_max(rect.min + Vec2::new(0.0, LEGEND_HEIGHT), rect.max);
    Grid::fit(rect, camera, SIZE, SIZE)
}

impl MazeGrid {
    fn fit(rect: Rect, camera: &BoardCamera) -> Self {
        MazeGrid(squares(rect, camera))
    }
    fn rect(&self, s: Square) -> Rect {
        self.0.cell_rect(s.col(), s.row())
    }
    fn corner(&self, (line, post): (usize, usize)) -> Pos2 {
        self.0.origin + Vec2::new(post as f32, line as f32) * self.0.cell
    }
    fn edge(&self, e: EdgeId) -> [Pos2; 2] {
        let [a, b] = e.corners();
        [self.corner(a), self.corner(b)]
    }
    /// Whether an edge shows (its middle within a cell of the board's rectangle).
    fn shows_edge(&self, e: EdgeId) -> bool {
        let [a, b] = self.edge(e);
        self.0.clip.expand(self.0.cell).contains(a.lerp(b, 0.5))
    }
    fn square_at(&self, p: Pos2) -> Option<Square> {
        self.0.cell_at(p).and_then(|(col, row)| Square::new(row, col))
    }
}

/// A player as a triangle pointing where it faces.
fn player_shape(grid: &MazeGrid, at: Placement, fill: Color32) -> Shape {
    let c = grid.rect(at.square).center();
    let (dr, dc) = at.facing.delta();
    let ahead = Vec2::new(dc as f32, dr as f32) * grid.cell * 0.36;
    let side = Vec2::new(-ahead.y, ahead.x) * 0.8;
    Shape::convex_polygon(vec![c + ahead, c - ahead + side, c - ahead - side], fill, Stroke::new(1.5, Color32::BLACK))
}

impl TurnGame for Amazes {
    type Board = ();
    type Controls = hand::Controls;
    type TakeOver = BotsPlayOn;

    fn color(player: usize) -> Color32 {
        color(player)
    }

    fn absorb(view: &mut AmazesView, record: StepRecord<Moves, Outcome>) {
        let rec = &mut view.rec;
        let failed = record.failed.clone();
        let (i, outcome) = rec.push(record);
        let after = i + 1;
        let track = &mut rec.track;
        if let Outcome::Turn(report) = &outcome {
            if report.player == 0 {
                track.round_starts.push(i);
            }
            for (k, &s) in report.scores.iter().enumerate() {
                track.scores[k].push((after, s));
            }
            let name = track.players[report.player].name.clone();
            if report.gained.captures > 0 {
                track.markers.push(Marker { at: after, kind: CAPTURE, label: format!("{name} ends on the opponent: +100") });
            }
            if let Some(judged) = &report.judged {
                let reason = failed.unwrap_or_else(|| format!("{judged:?}"));
                track.markers.push(Marker {
                    at: after,
                    kind: MarkerKind::FAILURE,
                    label: format!("{name} is handed to the judge: {reason}"),
                });
                track.players[report.player].failed = Some((i, reason));
            }
            if let Some(kibitz_amazes::Ending::SuddenDeath { winner }) = report.ending {
                track.markers.push(Marker {
                    at: after,
                    kind: SUDDEN_DEATH,
                    label: format!("sudden death: {} wins", track.players[winner].name),
                });
            }
        }
    }

    fn describe(view: &AmazesView, cursor: usize) -> String {
        let turns = view.rec.replay.header.setup.turns;
        match cursor.checked_sub(1).and_then(|i| view.rec.timeline.outcomes().get(i)) {
            Some(Outcome::Turn(r)) => format!("turn {} of {turns} · after {}", r.turn, view.rec.track.players[r.player].name),
            _ => format!("before the first turn ({turns} each)"),
        }
    }

    fn log(view: &AmazesView, range: std::ops::Range<usize>) -> Vec<LogLine> {
        view.rec
            .records_in(range)
            .map(|(i, record)| {
                let (text, error) = match &record.outcome {
                    Outcome::Turn(r) => {
                        let line = record.action.as_ref().map_or("(nothing)".to_string(), |m| {
                            serde_json::to_value(m).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
                        });
                        let mut t = format!("{}: {line}", view.rec.track.name_at(r.player, i));
                        if r.played_by == PlayedBy::Judge {
                            t += " [judge plays T]";
                        }
                        if r.blocked {
                            t += &format!(" · wall after {} moves", r.performed);
                        }
                        if r.extra_t {
                            t += " · +T";
                        }
                        let firsts = r.discovered.iter().filter(|d| d.first).count();
                        t += &format!(" · {} new ({firsts} first)", r.discovered.len());
                        if let Some(reason) = &record.failed {
                            t += &format!(" ⚠ {reason}");
                        }
                        (t, r.judged.is_some() || record.failed.is_some())
                    }
                    Outcome::Refused { message } => (format!("refused: {message}"), true),
                };
                LogLine { step: i, player: record.player, text, error, stderr: record.stderr.clone() }
            })
            .collect()
    }

    fn draw(view: &mut AmazesView, frame: Frame) {
        let Frame { ui, response, rect, cursor, camera, perspective, space } = frame;
        let state = view.rec.state(cursor).clone();
        let grid = MazeGrid::fit(rect, camera);
        *space = Some(bots_frames(grid.0, [state.players[0].start, state.players[1].start]));
        let painter = ui.painter_at(rect);
        let viewer = match perspective {
            Perspective::Player(k) if k < 2 => Some(k),
            _ => None,
        };
        // Squares: who discovered them (omniscient), or one player's fog.
        for s in Square::all().filter(|s| grid.shows(s.col(), s.row())) {
            let known: Vec<bool> = (0..2).map(|p| state.players[p].knowledge.is_discovered(s)).collect();
            let fill = match viewer {
                None => match (known[0], known[1]) {
                    (true, true) => Color32::from_rgb(92, 62, 110),
                    (true, false) => Color32::from_rgb(110, 48, 48),
                    (false, true) => Color32::from_rgb(40, 70, 115),
                    (false, false) => FLOOR,
                },
                Some(k) if known[k] => color(k).gamma_multiply(0.45),
                Some(_) => Color32::from_rgb(14, 15, 18),
            };
            painter.rect_filled(grid.rect(s), 0.0, fill);
            if let Some(k) = viewer {
                let knowledge = &state.players[k].knowledge;
                if knowledge.first().contains(s) {
                    painter.circle_filled(grid.rect(s).center(), grid.cell * 0.09, Color32::WHITE);
                }
                if knowledge.dead_ends().contains(s) {
                    let r = grid.rect(s).shrink(grid.cell * 0.28);
                    let stroke = Stroke::new(1.5, Color32::from_rgb(255, 200, 80));
                    painter.line_segment([r.left_top(), r.right_bottom()], stroke);
                    painter.line_segment([r.right_top(), r.left_bottom()], stroke);
                }
            }
        }
        // Walls: the truth, or only what that player knows.
        let maze = &state.maze;
        for e in EdgeId::all().filter(|&e| grid.shows_edge(e)) {
            let truth = maze.is_wall(e);
            match viewer {
                None => {
                    if truth {
                        painter.line_segment(grid.edge(e), Stroke::new((grid.cell * 0.12).max(1.5), WALL));
                    }
                }
                Some(k) => match state.players[k].knowledge.edge(e) {
                    EdgeKnowledge::Wall => {
                        painter.line_segment(grid.edge(e), Stroke::new((grid.cell * 0.14).max(2.0), WALL));
                    }
                    EdgeKnowledge::Open => {
                        let [a, b] = grid.edge(e);
                        painter.circle_filled(a.lerp(b, 0.5), (grid.cell * 0.06).max(1.0), Color32::from_rgb(120, 220, 140));
                    }
                    // The real fog: walls this player does not know are not drawn at all.
                    EdgeKnowledge::Unknown => {}
                },
            }
        }
        // The last turn of each player: its path.
        for p in (0..2).filter(|&p| viewer.is_none_or(|k| k == p)) {
            if let Some((_, report)) = view.last_turn(p, cursor) {
                let points: Vec<Pos2> = report.path.iter().map(|pl| grid.rect(pl.square).center()).collect();
                if points.len() > 1 {
                    painter.add(Shape::line(points, Stroke::new((grid.cell * 0.12).max(2.0), color(p).gamma_multiply(0.8))));
                }
            }
        }
        for (p, player) in state.players.iter().enumerate() {
            if viewer.is_some_and(|k| k != p) {
                continue; // a player never learns where the other is, only the distance
            }
            painter.add(player_shape(&grid, player.at, color(p)));
        }
        if let Some(k) = viewer {
            let text = format!(
                "as {} knows it: lit = discovered, white dot = first, yellow x = dead end, green dot = known opening",
                view.rec.track.players[k].name
            );
            painter.text(rect.left_top() + Vec2::new(8.0, 6.0), Align2::LEFT_TOP, text, FontId::proportional(13.0), Color32::LIGHT_GRAY);
        }
        if let Some(pointer) = response.hover_pos()
            && let Some(s) = grid.square_at(pointer)
        {
            painter.rect_stroke(grid.rect(s), 0.0, Stroke::new(1.5, Color32::WHITE), egui::StrokeKind::Inside);
            hover_box(response, |ui| {
                ui.label(format!("square {s}"));
                for (p, player) in state.players.iter().enumerate() {
                    let k = &player.knowledge;
                    let mut what = if k.is_discovered(s) { "discovered".to_string() } else { "not discovered".to_string() };
                    if k.first().contains(s) {
                        what += ", first";
                    }
                    if k.dead_ends().contains(s) {
                        what += ", a dead end";
                    }
                    let walls: String = [Dir::N, Dir::E, Dir::S, Dir::W]
                        .iter()
                        .map(|&d| match k.side(s, d) {
                            EdgeKnowledge::Wall => d.letter(),
                            EdgeKnowledge::Open => '·',
                            EdgeKnowledge::Unknown => '?',
                        })
                        .collect();
                    ui.colored_label(color(p), format!("{}: {what}; sides N E S W: {walls}", view.rec.track.players[p].name));
                }
            });
        }
    }

    fn details(view: &mut AmazesView, ui: &mut egui::Ui, cursor: usize, perspective: Perspective) {
        let state = view.rec.state(cursor).clone();
        egui::Grid::new("amazes-points").num_columns(7).striped(true).show(ui, |ui| {
            for h in ["player", "steps", "found", "first", "captures", "score", "final"] {
                ui.strong(h);
            }
            ui.end_row();
            let points = state.points();
            let finals = state.final_scores();
            for (p, player) in state.players.iter().enumerate() {
                ui.colored_label(color(p), &view.rec.track.players[p].name);
                ui.label(if player.points.steps == 0 { "0".to_string() } else { format!("−{}", player.points.steps) });
                ui.label(player.points.discovered.to_string());
                ui.label(player.points.first.to_string());
                ui.label(player.points.captures.to_string());
                ui.label(points[p].to_string());
                ui.label(finals[p].to_string()).on_hover_text("the 0..1000 score if the game ended now");
                ui.end_row();
            }
        });
        let shown: Vec<usize> = match perspective {
            Perspective::Player(k) if k < 2 => vec![k],
            _ => vec![0, 1],
        };
        for p in shown {
            ui.separator();
            match view.last_turn(p, cursor) {
                Some((i, report)) => {
                    ui.colored_label(
                        color(p),
                        format!("{} · turn {} (step {i}): what it was told", view.rec.track.players[p].name, report.turn),
                    );
                    let lines = kibitz_amazes::protocol::told(&report.view, p, report.turn);
                    ui.label(egui::RichText::new(lines.join("\n")).monospace());
                    let sent = view
                        .rec
                        .replay
                        .records
                        .get(i)
                        .and_then(|r| r.action.as_ref())
                        .and_then(|m| serde_json::to_value(m).ok())
                        .and_then(|v| v.as_str().map(str::to_string));
                    ui.label(egui::RichText::new(format!("answered: {}", sent.unwrap_or_else(|| "(nothing)".into()))).monospace());
                    let g = &report.gained;
                    ui.label(format!(
                        "this turn: −{} steps, +{} found, +{} first, +{} capture",
                        g.steps,
                        g.discovered,
                        g.first,
                        100 * g.captures
                    ));
                }
                None => {
                    ui.colored_label(color(p), format!("{}: no turn yet", view.rec.track.players[p].name));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kit::contract::view::GameView;
    use kibitz_core::replay::{EndRecord, PlayerInfo, Replay, ReplayHeader, StepRecord};
    use kibitz_core::{Game, Step};

    /// A whole game on a generated maze between two scripted walkers, as a replay.
    pub fn sample_replay(seed: u64) -> Replay<Amazes> {
        let setup = kibitz_amazes::Setup::new(kibitz_amazes::generate(seed));
        let mut state = Amazes::start(&setup, 2, seed).unwrap();
        let players = vec![PlayerInfo::human("Red"), PlayerInfo::human("Blue")];
        let header = ReplayHeader::new::<Amazes>(setup, seed, players, None);
        let mut records = Vec::new();
        let lines = ["FFRFF", "FLFFRF", "RFFFL", "LFFF", "TFFRF"];
        while let Some(p) = state.to_move() {
            let moves = kibitz_amazes::Moves::parse(lines[(records.len() + p) % lines.len()]).unwrap();
            let step = Step::Act { player: p, action: Some(moves) };
            let outcome = Amazes::apply(&mut state, &step);
            records.push(StepRecord::new(records.len(), &step, outcome));
        }
        let end = EndRecord { scores: Amazes::scores(&state), names: vec!["Red".into(), "Blue".into()], failed: Vec::new(), stopped: None };
        Replay { header, records, end: Some(end) }
    }

    #[test]
    fn a_whole_game_loads_with_a_score_series_and_a_round_per_pair_of_turns() {
        let replay = sample_replay(3);
        let steps = replay.records.len();
        let view = AmazesView::new("t".into(), replay).unwrap();
        let track = view.track();
        assert_eq!(track.len, steps);
        assert_eq!(track.round_starts.len(), steps / 2, "a round starts at each of Red's turns");
        let last = track.scores_at(steps);
        assert_eq!(last.len(), 2);
        assert_eq!(track.scores[0].len(), steps + 1, "a point per step, from 0");
        assert_eq!(track.disagreement, None, "every recorded outcome is what the rules give");
        assert!(view.log(0..4).iter().all(|l| l.text.contains("new")));
        assert!(view.last_turn(1, steps).is_some_and(|(_, r)| r.player == 1));
    }
}

/// Where each bot's drawing goes: amazes bots never learn where they are, so each draws in its
/// own frame, as it would map the maze: (0, 0) its starting square, x to the right of the way
/// it first faced, y behind it (so that its first facing is up, as north is on the board).
fn bots_frames(grid: Grid, starts: [Placement; 2]) -> BoardSpace {
    let to_screen = move |player: usize, [x, y, _]: [f32; 3]| {
        let start = starts.get(player)?;
        let (fr, fc) = start.facing.delta();
        let (rr, rc) = start.facing.right().delta();
        let row = start.square.row() as f32 + x * rr as f32 - y * fr as f32;
        let col = start.square.col() as f32 + x * rc as f32 - y * fc as f32;
        Some(grid.point(Vec2::new(col + 0.5, row + 0.5)))
    };
    BoardSpace { to_screen: Box::new(to_screen), cell: grid.cell }
}
