//! The SnakeCore view: the board with walls, reactors and free blocks (plain grey, energy
//! cyan); each python as a joined body in its colour with a round head and a narrowing tail,
//! energy blocks marked in the body, a shield as a bright outline with its turns left. Bites,
//! deliveries and shield activations are timeline markers; "as player k" lists the lines that
//! bot was sent for its last turn by the cursor (`getAction`, its own python first) and its
//! answer.

use super::hand;
use crate::kit::contract::view::{BoardCamera, Frame, LogLine, Marker, MarkerKind, Perspective, hover_box};
use crate::kit::turn::view::{BotsPlayOn, TurnGame, TurnView};
use crate::kit::viewing::grid::Grid;
use crate::kit::viewing::palette::player_color;
use bevy_egui::egui::{self, Align2, Color32, FontId, Pos2, Rect, Stroke, StrokeKind, Vec2};
use kibitz_core::replay::StepRecord;
use kibitz_core::{BotProtocol, Game};
use kibitz_snakecore::{Action, Cell, Event, Kind, Outcome, Pos, SnakeCore, State};

const BITE: MarkerKind = MarkerKind::new("bite", 239, 83, 80);
const DELIVERY: MarkerKind = MarkerKind::new("reactor delivery", 129, 199, 132);
const SHIELD: MarkerKind = MarkerKind::new("shield on", 100, 181, 246);

const FLOOR: Color32 = Color32::from_rgb(30, 33, 40);
const GRID: Color32 = Color32::from_rgb(40, 44, 52);
const WALL: Color32 = Color32::from_rgb(120, 116, 108);
const REACTOR: Color32 = Color32::from_rgb(255, 193, 7);
const PLAIN: Color32 = Color32::from_rgb(176, 176, 176);
const ENERGY: Color32 = Color32::from_rgb(0, 229, 255);
const SHIELD_GLOW: Color32 = Color32::from_rgb(200, 240, 255);

/// Height of the legend strip above the board, in points.
const LEGEND_HEIGHT: f32 = 24.0;
/// The SnakeCore view: the kit's turn view of the game.
pub type SnakeCoreView = TurnView<SnakeCore>;

/// The board on the screen: the kit's grid (below the legend), in the board's own positions.
struct Board(Grid);

impl std::ops::Deref for Board {
    type Target = Grid;
    fn deref(&self) -> &Grid {
        &self.0
    }
}

/// The board's cells on the screen, below the legend (the map editor paints on them too).
pub fn board_grid(rect: Rect, camera: &BoardCamera, size: usize) -> Grid {
    let rect = Rect::from_min_max(rect.min + Vec2::new(0.0, LEGEND_HEIGHT), rect.max);
    Grid::fit(rect, camera, size, size)
}

impl Board {
    fn fit(rect: Rect, camera: &BoardCamera, size: u16) -> Self {
        Board(board_grid(rect, camera, size as usize))
    }

    fn rect(&self, p: Pos) -> Rect {
        self.0.cell_rect(p.x as usize, p.y as usize)
    }

    fn center(&self, p: Pos) -> Pos2 {
        self.0.centre(p.x as usize, p.y as usize)
    }

    fn cell_at(&self, at: Pos2) -> Option<Pos> {
        self.0.cell_at(at).map(|(x, y)| Pos::new(x as u16, y as u16))
    }
}

/// What a turn did, in a few words.
fn event_text(event: &Event, names: &[String], player: usize) -> String {
    match event {
        Event::Moved => "moved".into(),
        Event::Ate(kind) => format!("ate a{} block", if *kind == Kind::Energy { "n energy" } else { " plain" }),
        Event::Bit { victim, blocks } if *victim == player => format!("bit itself: {blocks} blocks off, no points"),
        Event::Bit { victim, blocks } => format!("bit {}: {blocks} blocks off, +{blocks}", names[*victim]),
        Event::Dumped { blocks, points } => format!("fed a reactor {blocks} blocks: +{points}"),
        Event::Shielded { turns } => format!("shield on: {turns} turns"),
        Event::Passed { why } => format!("nothing ({why})"),
    }
}

/// Draws the board and the pythons; `seen` dims the pythons other than player k's in "as
/// player k".
fn draw_board(painter: &egui::Painter, grid: &Board, state: &State, seen: Option<usize>) {
    let n = state.size;
    painter.rect_filled(Rect::from_min_size(grid.origin, Vec2::splat(grid.cell * n as f32)), 2.0, FLOOR);
    if grid.cell >= 6.0 {
        for k in 0..=n {
            let at = k as f32 * grid.cell;
            let stroke = Stroke::new(1.0, GRID);
            painter.line_segment([grid.origin + Vec2::new(at, 0.0), grid.origin + Vec2::new(at, n as f32 * grid.cell)], stroke);
            painter.line_segment([grid.origin + Vec2::new(0.0, at), grid.origin + Vec2::new(n as f32 * grid.cell, at)], stroke);
        }
    }
    let block = |p: Pos, kind: Kind| {
        let color = if kind == Kind::Energy { ENERGY } else { PLAIN };
        painter.rect_filled(grid.rect(p).shrink(grid.cell * 0.28), 1.5, color);
    };
    // Only the cells that show.
    let (xs, ys) = grid.visible();
    for y in ys {
        for x in xs.clone() {
            let p = Pos::new(x as u16, y as u16);
            match state.cell(p) {
                Cell::Wall => {
                    painter.rect_filled(grid.rect(p), 0.0, WALL);
                }
                Cell::Reactor => {
                    let r = grid.rect(p).shrink(grid.cell * 0.08);
                    painter.rect_filled(r, grid.cell * 0.2, REACTOR);
                    painter.circle_filled(r.center(), grid.cell * 0.16, Color32::BLACK);
                }
                Cell::Block(kind) => block(p, kind),
                Cell::Empty => {}
            }
        }
    }
    for (k, s) in state.snakes.iter().enumerate() {
        let faded = seen.is_some_and(|me| me != k);
        let color = if faded { crate::kit::viewing::palette::with_alpha(player_color(k), 110) } else { player_color(k) };
        let cells: Vec<Pos> = std::iter::once(s.head).chain(s.body.iter().map(|(p, _)| *p)).collect();
        let width = grid.cell * 0.5;
        if s.shield > 0 {
            for w in cells.windows(2) {
                painter.line_segment([grid.center(w[0]), grid.center(w[1])], Stroke::new(width + 6.0, SHIELD_GLOW));
            }
            for &p in &cells {
                painter.circle_filled(grid.center(p), width / 2.0 + 3.0, SHIELD_GLOW);
            }
        }
        for w in cells.windows(2) {
            painter.line_segment([grid.center(w[0]), grid.center(w[1])], Stroke::new(width, color));
        }
        let last = s.body.len();
        for (i, &(p, kind)) in s.body.iter().enumerate() {
            // The tail narrows, so that it reads as the end.
            let radius = if i + 1 == last { width * 0.3 } else { width / 2.0 };
            painter.circle_filled(grid.center(p), radius, color);
            if kind == Kind::Energy {
                painter.circle_filled(grid.center(p), grid.cell * 0.12, ENERGY);
            }
        }
        let head = grid.center(s.head);
        painter.circle_filled(head, grid.cell * 0.42, color);
        painter.circle_stroke(head, grid.cell * 0.42, Stroke::new(1.5, Color32::BLACK));
        if grid.cell >= 12.0 {
            painter.text(head, Align2::CENTER_CENTER, k.to_string(), FontId::proportional(grid.cell * 0.45), Color32::BLACK);
        }
        if s.shield > 0 && grid.cell >= 10.0 {
            let at = grid.rect(s.head).right_top();
            painter.text(at, Align2::LEFT_BOTTOM, s.shield.to_string(), FontId::proportional(11.0), SHIELD_GLOW);
        }
    }
}

impl TurnGame for SnakeCore {
    type Board = ();
    type Controls = hand::Controls;
    type TakeOver = BotsPlayOn;

    fn absorb(view: &mut SnakeCoreView, record: StepRecord<Action, Outcome>) {
        let rec = &mut view.rec;
        let failed = record.failed.clone();
        let player = record.player.unwrap_or(0);
        let (i, outcome) = rec.push(record);
        let after = i + 1;
        if player == 0 {
            rec.track.round_starts.push(i);
        }
        let scores = SnakeCore::scores(rec.timeline.last_state());
        let name = rec.track.players.get(player).map_or("?".to_string(), |p| p.name.clone());
        let track = &mut rec.track;
        if let Outcome::Turn { event, .. } = &outcome {
            let marker = match event {
                Event::Bit { victim, blocks } if *victim == player => {
                    Some((BITE, format!("{name} bites itself: {blocks} blocks, no points")))
                }
                Event::Bit { victim, blocks } => {
                    Some((BITE, format!("{name} bites {}: {blocks} blocks, +{blocks}", track.players[*victim].name)))
                }
                Event::Dumped { blocks, points } => Some((DELIVERY, format!("{name} feeds a reactor {blocks} blocks: +{points}"))),
                Event::Shielded { turns } => Some((SHIELD, format!("{name} shields itself ({turns} turns)"))),
                _ => None,
            };
            if let Some((kind, label)) = marker {
                track.markers.push(Marker { at: after, kind, label });
                // A point where the score changes (a bite of itself changes nothing).
                if track.scores[player].last().is_none_or(|&(_, s)| s != scores[player]) {
                    track.scores[player].push((after, scores[player]));
                }
            }
        }
        if let Some(reason) = failed
            && track.players[player].failed.is_none()
        {
            track.markers.push(Marker { at: after, kind: MarkerKind::FAILURE, label: format!("{name} fails: {reason}") });
            track.players[player].failed = Some((i, reason));
        }
    }

    fn describe(view: &SnakeCoreView, cursor: usize) -> String {
        let setup = &view.rec.replay.header.setup;
        let players = setup.map.snakes.len().max(1);
        format!("turn {} of {} · {} pythons", kibitz_snakecore::turn_number(cursor, players, setup.turns), setup.turns, players)
    }

    fn log(view: &SnakeCoreView, range: std::ops::Range<usize>) -> Vec<LogLine> {
        let names: Vec<String> = view.rec.track.players.iter().map(|p| p.name.clone()).collect();
        view.rec
            .records_in(range)
            .map(|(i, record)| {
                let player = record.player.unwrap_or(0);
                let answer = record.action.as_ref().map_or("(nothing)", Action::text);
                let (mut text, mut error) = match &record.outcome {
                    Outcome::Turn { event, .. } => {
                        (format!("{}: {answer} → {}", view.rec.track.name_at(player, i), event_text(event, &names, player)), false)
                    }
                    Outcome::Refused { message } => (format!("refused: {message}"), true),
                };
                if let Some(reason) = &record.failed {
                    text += &format!(" ⚠ {reason}");
                    error = true;
                }
                LogLine { step: i, player: record.player, text, error, stderr: record.stderr.clone() }
            })
            .collect()
    }

    fn draw(view: &mut SnakeCoreView, frame: Frame) {
        let Frame { ui, response, rect, cursor, camera, perspective, space } = frame;
        let names: Vec<String> = view.rec.track.players.iter().map(|p| p.name.clone()).collect();
        let state = view.rec.state(cursor);
        let grid = Board::fit(rect, camera, state.size);
        *space = Some(grid.0.space(0.0));
        let painter = ui.painter_at(rect);
        let seen = match perspective {
            Perspective::Player(k) => Some(k),
            Perspective::Omniscient => None,
        };
        draw_board(&painter, &grid, state, seen);
        let legend = [(WALL, "wall"), (REACTOR, "reactor"), (PLAIN, "block"), (ENERGY, "energy block"), (SHIELD_GLOW, "shield")];
        let mut at = rect.left_top() + Vec2::new(10.0, 6.0);
        for (color, label) in legend {
            painter.rect_filled(Rect::from_min_size(at, Vec2::splat(11.0)), 2.0, color);
            let galley = painter.layout_no_wrap(label.to_string(), FontId::proportional(12.0), Color32::from_gray(200));
            let width = galley.size().x;
            painter.galley(at + Vec2::new(16.0, -1.0), galley, Color32::WHITE);
            at.x += width + 30.0;
        }
        let Some(p) = response.hover_pos().and_then(|at| grid.cell_at(at)) else { return };
        painter.rect_stroke(grid.rect(p), 0.0, Stroke::new(1.5, Color32::WHITE), StrokeKind::Inside);
        let what = match (state.occupant(p), state.cell(p)) {
            (Some(o), _) => {
                let s = &state.snakes[o.snake];
                let part = match o.index {
                    0 => "head".to_string(),
                    i if i == s.body.len() => "tail".to_string(),
                    i => format!("body block {i} of {}", s.body.len()),
                };
                format!("{}: {part}{}", names[o.snake], if s.shield > 0 { " (shielded)" } else { "" })
            }
            (None, Cell::Wall) => "wall".into(),
            (None, Cell::Reactor) => "reactor".into(),
            (None, Cell::Block(Kind::Plain)) => "free block".into(),
            (None, Cell::Block(Kind::Energy)) => "free energy block".into(),
            (None, Cell::Empty) => "empty".into(),
        };
        hover_box(response, |ui| {
            ui.label(format!("({}, {}) · {what}", p.x, p.y));
        });
    }

    fn details(view: &mut SnakeCoreView, ui: &mut egui::Ui, cursor: usize, perspective: Perspective) {
        let state = view.rec.state(cursor).clone();
        egui::Grid::new("snakecore-pythons").num_columns(5).striped(true).show(ui, |ui| {
            for h in ["python", "length", "energy", "shield", "score"] {
                ui.strong(h);
            }
            ui.end_row();
            for (k, s) in state.snakes.iter().enumerate() {
                ui.colored_label(player_color(k), &view.rec.track.players[k].name);
                ui.label(s.length().to_string());
                ui.label(s.body.iter().filter(|(_, kind)| *kind == Kind::Energy).count().to_string());
                ui.label(if s.shield > 0 { format!("{} turns", s.shield) } else { "off".into() });
                ui.label(state.scores[k].to_string());
                ui.end_row();
            }
        });
        if let Perspective::Player(k) = perspective
            && k < state.snakes.len()
        {
            ui.separator();
            let name = view.rec.track.players[k].name.clone();
            // The lines of its last turn by the cursor, as the referee sent them, and its answer.
            let last = view.rec.replay.records[..cursor.min(view.rec.replay.records.len())].iter().rposition(|r| r.player == Some(k));
            let Some(i) = last else {
                // Nothing sent yet: a promise of lines to come read as a heading with nothing under it.
                ui.colored_label(player_color(k), format!("{name} has had no turn yet."));
                return;
            };
            let answer = view.rec.replay.records[i].action.as_ref().map_or("(nothing)".to_string(), |a| a.text().to_string());
            let lines = SnakeCore::turn_lines(view.rec.state(i), k);
            ui.colored_label(player_color(k), format!("{name} was sent, at step {i}:"));
            ui.label(egui::RichText::new(lines.join("\n")).monospace().size(10.0));
            ui.label(egui::RichText::new(format!("and answered: {answer}")).monospace());
        }
    }
}
