//! The ICFP 2015 view: the hex board as true hexagons (odd rows shifted right), full cells, the
//! unit in play with its pivot, a ghost where it will lock, row-clear feedback, the next units,
//! the command string as a strip with the phrases of power marked, and the score breakdown.

use super::hand;
use crate::kit::contract::thinking::BoardSpace;
use crate::kit::contract::view::{BoardCamera, Frame, GameView, HandPlay, LogLine, Marker, MarkerKind, Perspective, hover_box};
use crate::kit::turn::view::{Hand, TakeOver, TurnGame, TurnView};
use crate::kit::viewing::palette::with_alpha;
use bevy_egui::egui::{self, Align2, Color32, FontId, Pos2, Rect, Shape, Stroke, Vec2};
use kibitz_core::replay::{EndRecord, StepRecord};
use kibitz_core::{Game, Step};
use kibitz_icfp2015::{Cell, Icfp2015, Outcome, OutcomeEvent, Setup};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// How long starting (or restarting) a hand-played game may take to hand back its history.
const START_WAIT: Duration = Duration::from_secs(10);

const EMPTY: Color32 = Color32::from_rgb(38, 44, 56);
const FULL: Color32 = Color32::from_rgb(150, 160, 178);
const UNIT: Color32 = Color32::from_rgb(255, 193, 70);
const GHOST: Color32 = Color32::from_rgb(255, 193, 70);
const PHRASE: Color32 = Color32::from_rgb(150, 95, 220);
const CLEARED: Color32 = Color32::from_rgb(120, 230, 140);

const ROWS_CLEARED: MarkerKind = MarkerKind::new("rows cleared", 120, 230, 140);
const PHRASE_SPOKEN: MarkerKind = MarkerKind::new("phrase of power", 200, 150, 255);
/// A rules error that ends the game (the board scores 0).
const ERROR: MarkerKind = MarkerKind::new("error", 255, 90, 200);

/// The ICFP 2015 view: the kit's turn view of the game. Its hand is the odd one of the family:
/// the human plays characters one at a time ([`hand::Controls`] queues them), the official
/// solution file is saved after each, and undo restarts the match from its history less the
/// last character; a taken-over replay has no bots to play on ([`ByHand`]).
pub type Icfp2015View = TurnView<Icfp2015>;

/// What the view derives from the characters for its drawing.
#[derive(Default)]
pub struct Marks {
    /// Steps that locked a unit, in order: unit k locks at `locks[k]`.
    locks: Vec<usize>,
    /// Phrase occurrences: (first step, last step, phrase index).
    spans: Vec<(usize, usize, usize)>,
    /// The ghost of one unit: (units locked before it, its members where it locks).
    ghost: Option<(u32, Vec<Cell>)>,
}

impl TurnView<Icfp2015> {
    /// Where the unit in play (the `locked`-th of the source) ends up locking, if it does.
    fn ghost(&mut self, locked: u32) -> Option<Vec<Cell>> {
        if self.board.ghost.as_ref().is_none_or(|(u, _)| *u != locked) {
            let members = self.board.locks.get(locked as usize).map(|&at| self.rec.timeline.state_at(at).members()).unwrap_or_default();
            self.board.ghost = Some((locked, members));
        }
        self.board.ghost.as_ref().map(|(_, m)| m.clone()).filter(|m| !m.is_empty())
    }

    fn character(&self, i: usize) -> Option<char> {
        match self.rec.timeline.steps().get(i)? {
            Step::Act { action, .. } => *action,
            Step::Tick => None,
        }
    }

    /// The characters around the cursor, one box each; the last one played is outlined, the
    /// phrases of power are underlaid in purple.
    fn command_strip(&self, painter: &egui::Painter, rect: Rect, cursor: usize) {
        let width = 14.0;
        let count = (rect.width() / width) as usize;
        let first = cursor.saturating_sub(count / 2);
        let font = FontId::monospace(14.0);
        painter.rect_filled(rect, 3.0, Color32::from_rgba_unmultiplied(0, 0, 0, 160));
        for (slot, i) in (first..(first + count).min(self.rec.timeline.len())).enumerate() {
            let cell = Rect::from_min_size(rect.min + Vec2::new(slot as f32 * width, 0.0), Vec2::new(width, rect.height()));
            if self.board.spans.iter().any(|&(a, b, _)| a <= i && i <= b) {
                painter.rect_filled(cell.shrink2(Vec2::new(0.0, 3.0)), 0.0, with_alpha(PHRASE, 200));
            }
            let c = self.character(i).map_or(' ', |c| if c == ' ' { '·' } else { c });
            let color = if i < cursor { Color32::WHITE } else { Color32::from_gray(110) };
            painter.text(cell.center(), Align2::CENTER_CENTER, c, font.clone(), color);
            if i + 1 == cursor {
                painter.rect_stroke(cell, 2.0, Stroke::new(1.5, UNIT), egui::StrokeKind::Inside);
            }
        }
    }
}

/// Screen geometry of a pointy-top hex board with odd rows shifted right.
struct HexGrid {
    origin: Pos2,
    size: f32,
}

const SQRT3: f32 = 1.732_050_8;

impl HexGrid {
    fn fit(rect: Rect, width: u32, height: u32, camera: &BoardCamera) -> Self {
        let (w, h) = (SQRT3 * (width as f32 + 0.5), 1.5 * height as f32 + 0.5);
        let size = (rect.width() / w).min(rect.height() / h) * 0.95 * camera.zoom;
        let origin = rect.center() - Vec2::new(w * size, h * size) / 2.0 + camera.pan;
        Self { origin, size }
    }

    fn center(&self, c: Cell) -> Pos2 {
        let shift = if c.y.rem_euclid(2) == 1 { 0.5 } else { 0.0 };
        self.origin + Vec2::new(SQRT3 * self.size * (c.x as f32 + 0.5 + shift), self.size * (1.0 + 1.5 * c.y as f32))
    }

    /// Where the bots' drawing goes: a place (x, y) is hex cell (x, y) at whole numbers, its
    /// fractions between cells along the row and across rows.
    fn space(&self) -> BoardSpace {
        let Self { origin, size } = *self;
        let to_screen = move |_: usize, [x, y, _]: [f32; 3]| {
            let shift = if (y.round() as i32).rem_euclid(2) == 1 { 0.5 } else { 0.0 };
            Some(origin + Vec2::new(SQRT3 * size * (x + 0.5 + shift), size * (1.0 + 1.5 * y)))
        };
        BoardSpace { to_screen: Box::new(to_screen), cell: SQRT3 * size }
    }

    fn hexagon(&self, c: Cell, scale: f32) -> Vec<Pos2> {
        let center = self.center(c);
        (0..6).map(|k| center + Vec2::angled((60.0 * k as f32 - 30.0).to_radians()) * self.size * scale).collect()
    }

    fn cell_at(&self, p: Pos2) -> Cell {
        let y = ((p.y - self.origin.y) / self.size - 1.0) / 1.5;
        let y = y.round() as i32;
        let shift = if y.rem_euclid(2) == 1 { 0.5 } else { 0.0 };
        let x = ((p.x - self.origin.x) / (SQRT3 * self.size) - 0.5 - shift).round() as i32;
        Cell::new(x, y)
    }
}

/// The problem's board cell under screen point `p`, as the view lays out a `width` × `height`
/// board in `rect` (the map editor paints on it).
pub fn board_cell_at(rect: Rect, camera: &BoardCamera, width: u32, height: u32, p: Pos2) -> Option<(usize, usize)> {
    let c = HexGrid::fit(board_rect(rect), width, height, camera).cell_at(p);
    (c.x >= 0 && c.y >= 0 && c.x < width as i32 && c.y < height as i32).then_some((c.x as usize, c.y as usize))
}

/// Below the score strip at the top.
fn board_rect(rect: Rect) -> Rect {
    Rect::from_min_max(rect.min + Vec2::new(0.0, 44.0), rect.max)
}

impl TurnGame for Icfp2015 {
    type Board = Marks;
    type Controls = hand::Controls;
    type TakeOver = ByHand;

    /// The one solver's colour: the unit's.
    fn color(_player: usize) -> Color32 {
        UNIT
    }

    /// Rounds are units: the first starts at 0.
    fn begin(view: &mut Icfp2015View) {
        view.rec.track.round_starts.push(0);
    }

    /// Takes in one more character: simulates it and derives locks, phrases, markers, scores.
    fn absorb(view: &mut Icfp2015View, record: StepRecord<char, Outcome>) {
        let (i, outcome) = view.rec.push(record);
        let after = i + 1;
        let over = view.rec.timeline.last_state().is_over();
        let track = &mut view.rec.track;
        match &outcome.event {
            OutcomeEvent::Locked { lock, .. } => {
                view.board.locks.push(i);
                // The next unit starts here, unless that lock ended the game (the source is
                // used up, or the next unit has no room): no 41st of 40.
                if !over {
                    track.round_starts.push(after);
                }
                if lock.rows_cleared > 0 {
                    track.markers.push(Marker {
                        at: after,
                        kind: ROWS_CLEARED,
                        label: format!("{} cleared, +{}", rows_text(lock.rows_cleared), lock.move_score()),
                    });
                }
            }
            OutcomeEvent::Error { message, .. } => track.markers.push(Marker { at: after, kind: ERROR, label: message.clone() }),
            _ => {}
        }
        let phrases = &view.rec.replay.header.setup.phrases;
        for &k in &outcome.phrases {
            let len = phrases.get(k).map_or(1, |p| p.chars().count());
            view.board.spans.push((after.saturating_sub(len), i, k));
            track.markers.push(Marker {
                at: after,
                kind: PHRASE_SPOKEN,
                label: format!("{:?}", phrases.get(k).map_or("?", String::as_str)),
            });
        }
        let score = Icfp2015::scores(view.rec.timeline.last_state())[0];
        if track.scores[0].last().is_none_or(|&(_, s)| s != score) {
            track.scores[0].push((after, score));
        }
    }

    /// Takes in the end record: a solver that failed is marked at the start.
    fn close(view: &mut Icfp2015View, end: EndRecord) {
        if let Some(reason) = end.failed.first().map(|f| f.reason.clone()) {
            let track = &mut view.rec.track;
            track.markers.push(Marker { at: 0, kind: MarkerKind::FAILURE, label: format!("the solver failed: {reason}") });
            track.players[0].failed = Some((0, reason));
        }
        view.rec.replay.end = Some(end);
    }

    fn describe(view: &Icfp2015View, cursor: usize) -> String {
        let setup = &view.rec.replay.header.setup;
        let (unit, _) = view.rec.track.round_at(cursor);
        format!(
            "problem {} seed {} · unit {unit} of {} · character {cursor} of {}",
            setup.problem.id(),
            setup.seed,
            setup.problem.source_length(),
            view.rec.timeline.len()
        )
    }

    fn log(view: &Icfp2015View, range: std::ops::Range<usize>) -> Vec<LogLine> {
        let phrases = &view.rec.replay.header.setup.phrases;
        view.rec
            .records_in(range)
            .map(|(i, record)| {
                let c = record.action.map_or("·".to_string(), |c| format!("'{c}'"));
                let (mut text, error) = match &record.outcome.event {
                    OutcomeEvent::Ignored => (format!("{c} ignored"), false),
                    OutcomeEvent::Moved { command } => (format!("{c} {command}"), false),
                    OutcomeEvent::Locked { command, lock } => {
                        let mut t = format!("{c} {command}, locks: +{}", lock.points);
                        if lock.rows_cleared > 0 {
                            t += &format!(" ({} rows)", lock.rows_cleared);
                        }
                        if lock.line_bonus > 0 {
                            t += &format!(" +{} line bonus", lock.line_bonus);
                        }
                        (t, false)
                    }
                    OutcomeEvent::Error { message, .. } => (format!("{c} ✖ {message}"), true),
                    OutcomeEvent::OutOfOrder { message } => (format!("{c} ✖ {message}"), true),
                };
                for &k in &record.outcome.phrases {
                    text += &format!("  ★ {:?}", phrases.get(k).map_or("?", String::as_str));
                }
                if let Some(note) = &record.note {
                    text += &format!(" ({note})");
                }
                LogLine { step: i, player: Some(0), text, error, stderr: record.stderr.clone() }
            })
            .collect()
    }

    fn draw(view: &mut Icfp2015View, frame: Frame) {
        let Frame { ui, response, rect, cursor, camera, space, .. } = frame;
        let state = view.rec.state(cursor).clone();
        let problem = state.rules().problem().clone();
        let board_rect = board_rect(rect);
        let grid = HexGrid::fit(board_rect, problem.width(), problem.height(), camera);
        *space = Some(grid.space());
        let painter = ui.painter_at(rect);
        for y in 0..problem.height() as i32 {
            for x in 0..problem.width() as i32 {
                let c = Cell::new(x, y);
                let fill = if state.board().is_full(c) { FULL } else { EMPTY };
                painter.add(Shape::convex_polygon(grid.hexagon(c, 0.96), fill, Stroke::NONE));
            }
        }
        // Where the unit in play will lock: from the replay's future, or in hand play, if dropped.
        let ghost = if view.hand.is_some() && cursor == view.rec.timeline.len() {
            Some(hand::Controls::drop_ghost(&view.rec))
        } else {
            view.ghost(state.units_locked())
        };
        if let Some(ghost) = ghost.filter(|_| !state.is_over()) {
            for c in ghost {
                painter.add(Shape::closed_line(grid.hexagon(c, 0.8), Stroke::new(2.0, with_alpha(GHOST, 150))));
            }
        }
        for c in state.members() {
            painter.add(Shape::convex_polygon(grid.hexagon(c, 0.96), UNIT, Stroke::new(1.0, Color32::BLACK)));
        }
        if let Some(pivot) = state.pivot() {
            let center = grid.center(pivot);
            painter.circle_filled(center, grid.size * 0.28, Color32::from_rgb(30, 30, 36));
            painter.circle_stroke(center, grid.size * 0.28, Stroke::new(2.0, Color32::WHITE));
        }
        // Row-clear feedback right after the lock that cleared them: the rows as they were.
        if cursor > 0
            && let Some(OutcomeEvent::Locked { lock, .. }) = view.rec.timeline.outcomes().get(cursor - 1).map(|o| &o.event)
            && lock.rows_cleared > 0
        {
            for y in view.rec.timeline.state_at(cursor - 1).rows_filled_by_locking() {
                for x in 0..problem.width() as i32 {
                    painter.add(Shape::convex_polygon(grid.hexagon(Cell::new(x, y), 0.7), with_alpha(CLEARED, 170), Stroke::NONE));
                }
            }
            painter.text(
                board_rect.center_top() + Vec2::new(0.0, 4.0),
                Align2::CENTER_TOP,
                format!("{} cleared  +{}", rows_text(lock.rows_cleared), lock.move_score()),
                FontId::proportional(20.0),
                CLEARED,
            );
        }
        if let Some(ending) = state.ending() {
            let text = match ending {
                kibitz_icfp2015::Ending::SourceExhausted => "source exhausted: game over".to_string(),
                kibitz_icfp2015::Ending::BoardFull { .. } => "the next unit does not fit: game over".to_string(),
                kibitz_icfp2015::Ending::Error { error } => format!("ERROR, the board scores 0: {error}"),
            };
            painter.text(
                board_rect.center_bottom() - Vec2::new(0.0, 8.0),
                Align2::CENTER_BOTTOM,
                text,
                FontId::proportional(18.0),
                Color32::LIGHT_RED,
            );
        }
        // A problem with no commands yet (the map editor's) has no strip to show.
        if view.rec.timeline.len() > 0 || view.hand.is_some() {
            view.command_strip(&painter, Rect::from_min_size(rect.min + Vec2::new(8.0, 8.0), Vec2::new(rect.width() - 16.0, 28.0)), cursor);
        }
        if let Some(pointer) = response.hover_pos()
            && board_rect.contains(pointer)
        {
            let c = grid.cell_at(pointer);
            if (0..problem.width() as i32).contains(&c.x) && (0..problem.height() as i32).contains(&c.y) {
                painter.add(Shape::closed_line(grid.hexagon(c, 1.0), Stroke::new(1.5, Color32::WHITE)));
                let what = if state.members().contains(&c) {
                    "the unit in play"
                } else if state.board().is_full(c) {
                    "full"
                } else {
                    "empty"
                };
                hover_box(response, |ui| {
                    ui.label(format!("cell {c}: {what}"));
                    if state.pivot() == Some(c) {
                        ui.label("the unit's pivot");
                    }
                });
            }
        }
    }

    fn details(view: &mut Icfp2015View, ui: &mut egui::Ui, cursor: usize, _perspective: Perspective) {
        let state = view.rec.state(cursor).clone();
        let score = kibitz_icfp2015::score::summary(&state);
        ui.strong("Score");
        egui::Grid::new("icfp-score").num_columns(2).show(ui, |ui| {
            ui.label("total");
            ui.label(egui::RichText::new(score.total.to_string()).strong());
            ui.end_row();
            ui.label("move score");
            ui.label(score.move_score.to_string());
            ui.end_row();
            ui.label("power score");
            ui.label(score.power_score.to_string());
            ui.end_row();
            ui.label("units locked");
            ui.label(format!("{} of {}", score.units_locked, state.rules().problem().source_length()));
            ui.end_row();
            ui.label("commands");
            ui.label(score.commands.to_string());
            ui.end_row();
        });
        if !score.phrases.is_empty() {
            ui.label("phrases of power:");
            for p in &score.phrases {
                ui.colored_label(PHRASE.gamma_multiply(1.4), format!("{:?} × {} = {}", p.phrase, p.count, p.score));
            }
        }
        if let Some(error) = &score.error {
            ui.colored_label(Color32::LIGHT_RED, format!("error: {error}"));
        }
        ui.separator();
        ui.strong("Next units");
        let upcoming: Vec<usize> = state.upcoming().take(5).collect();
        if upcoming.is_empty() {
            ui.label("none: this is the last");
        }
        ui.horizontal_wrapped(|ui| {
            for unit in upcoming {
                let cells = state.rules().problem().units()[unit].members().to_vec();
                unit_preview(ui, &cells);
            }
        });
    }

    /// Does the undo the controls asked for (Backspace, or the panel's button).
    fn after_hand(view: &mut Icfp2015View) {
        if view.hand.as_mut().is_some_and(|h| std::mem::take(&mut h.controls.undo)) {
            view.undo();
        }
    }
}

/// ICFP 2015's take over: the one seat, the solver's, continued by hand from the cursor (no
/// bots to play on), its solution saved beside the replay.
pub struct ByHand;

impl TakeOver<Icfp2015> for ByHand {
    fn seat_to_move(view: &Icfp2015View, cursor: usize) -> Option<usize> {
        let over = cursor >= view.rec.timeline.len() && view.rec.timeline.last_state().is_over();
        (!over && view.rec.replay.header.players.len() == 1).then_some(0)
    }

    fn take_over(view: &Icfp2015View, cursor: usize) -> Result<(Box<dyn GameView>, std::path::PathBuf), String> {
        let history = view.rec.replay.records[..cursor.min(view.rec.replay.records.len())].to_vec();
        let base = crate::kit::matches::recording::default_out(Icfp2015::ID);
        let solution_out = base.with_extension("solution.json");
        let title = format!("{} · by hand from character {cursor}", view.rec.track.title);
        let view = Icfp2015View::start_hand(title, view.rec.replay.header.setup.clone(), "You", history, base.clone(), solution_out, None)?;
        Ok((Box::new(view), base))
    }
}

impl Icfp2015View {
    /// A game played by hand, starting after `prefix` (empty for a new game; a solution's
    /// first characters when continuing one). Recorded to `replay_out`; the solution is saved
    /// to `solution_out` after every character.
    pub fn hand(
        title: String,
        setup: Setup,
        name: &str,
        prefix: &[char],
        replay_out: PathBuf,
        solution_out: PathBuf,
    ) -> Result<Self, String> {
        let steps = prefix.iter().map(|&c| Step::Act { player: 0, action: Some(c) });
        let history = crate::kit::turn::seats::simulate::<Icfp2015>(&setup, 1, setup.seed as u64, steps)?;
        Self::start_hand(title, setup, name, history, replay_out, solution_out, None)
    }

    /// A live match with one human seat continuing `history`, and a view following it (with
    /// `carry`'s typing when the match restarts for an undo).
    fn start_hand(
        title: String,
        setup: Setup,
        name: &str,
        history: Vec<StepRecord<char, Outcome>>,
        replay_out: PathBuf,
        solution_out: PathBuf,
        carry: Option<hand::Controls>,
    ) -> Result<Self, String> {
        let steps = history.len();
        let (live, header) = hand::start_live(setup, name, history, replay_out)?;
        let mut view = Self::empty(title, header)?;
        let controls = match carry {
            Some(old) => old.restarted(),
            None => hand::Controls::new(solution_out),
        };
        view.hand = Some(Hand { live, controls });
        // The history comes back as the match's first lines: wait for it, so that the game
        // opens where it continues.
        let started = Instant::now();
        while view.rec.timeline.len() < steps && started.elapsed() < START_WAIT {
            if !view.poll() {
                std::thread::sleep(Duration::from_millis(1));
            }
        }
        if let Some(hand) = view.hand.as_mut() {
            hand.controls.save(&view.rec);
        }
        Ok(view)
    }

    /// Takes back the last character: a pending one, or else the match restarts from its
    /// history less the last step (recorded to the same file).
    fn undo(&mut self) {
        let Some(hand) = self.hand.as_mut() else { return };
        if hand.controls.take_back_pending() {
            return;
        }
        hand.live.stop();
        // Whatever the match wrote before it stopped belongs to the history.
        self.poll();
        let Some(hand) = self.hand.take() else { return };
        let mut history = self.rec.replay.records.clone();
        if history.pop().is_none() {
            self.hand = Some(hand);
            return;
        }
        let (title, setup) = (self.rec.track.title.clone(), self.rec.replay.header.setup.clone());
        let name = self.rec.track.players[0].name.clone();
        let Hand { live, controls } = hand;
        let (out, solution_out) = (live.path.clone(), controls.solution_out.clone());
        // The old match is stopped; its controls go on with the new one.
        match Self::start_hand(title, setup, &name, history, out, solution_out, Some(controls)) {
            Ok(view) => *self = view,
            Err(e) => eprintln!("kibitz: cannot undo, the game is no longer played by hand: {e}"),
        }
    }
}

/// "1 row", "2 rows".
fn rows_text(n: u32) -> String {
    if n == 1 { "1 row".to_string() } else { format!("{n} rows") }
}

/// A unit's shape, small, in the side panel.
fn unit_preview(ui: &mut egui::Ui, cells: &[Cell]) {
    let (min_x, max_x) = (cells.iter().map(|c| c.x).min().unwrap_or(0), cells.iter().map(|c| c.x).max().unwrap_or(0));
    let (min_y, max_y) = (cells.iter().map(|c| c.y).min().unwrap_or(0), cells.iter().map(|c| c.y).max().unwrap_or(0));
    let size = 7.0;
    let w = SQRT3 * size * ((max_x - min_x) as f32 + 1.5) + 4.0;
    let h = size * (1.5 * (max_y - min_y) as f32 + 2.0) + 4.0;
    let (rect, _) = ui.allocate_exact_size(Vec2::new(w.max(20.0), h.max(20.0)), egui::Sense::hover());
    let grid = HexGrid { origin: rect.min + Vec2::new(2.0 - SQRT3 * size * min_x as f32, 2.0 - 1.5 * size * min_y as f32), size };
    ui.painter().rect_filled(rect, 3.0, Color32::from_gray(30));
    for &c in cells {
        ui.painter().add(Shape::convex_polygon(grid.hexagon(c, 0.92), UNIT, Stroke::NONE));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kibitz_core::replay::Replay;

    #[test]
    fn the_unit_counter_ends_at_the_last_unit() {
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/replays/icfp2015-hive.jsonl")).unwrap();
        let view = Icfp2015View::new("hive".into(), Replay::<Icfp2015>::parse(&text).unwrap().replay).unwrap();
        let len = view.track().len;
        assert!(view.describe(0).contains("unit 1 of 40"), "{}", view.describe(0));
        assert!(view.describe(len).contains("unit 40 of 40"), "{}", view.describe(len));
        // The broadcast's counter: UNIT 1 / 40 at the start, 40 / 40 at the end.
        assert_eq!(view.track().round_at(0), (1, 40));
        assert_eq!(view.track().round_at(len), (40, 40));
    }
}

#[cfg(test)]
mod hand_play_tests {
    use super::hand::{Preview, Source};
    use super::*;
    use kibitz_core::replay::Replay;
    use kibitz_icfp2015::GameError;

    /// Waits until every accepted character has come back from the match.
    fn settle(v: &mut Icfp2015View) {
        let started = Instant::now();
        while v.hand.as_ref().is_some_and(|h| h.controls.busy(&h.live)) && started.elapsed() < START_WAIT {
            if !v.poll() {
                std::thread::sleep(Duration::from_millis(1));
            }
        }
    }

    impl Icfp2015View {
        fn play(&mut self, c: char, source: Source) -> bool {
            let hand = self.hand.as_mut().expect("played by hand");
            hand.controls.play(&mut hand.live, &self.rec, c, source)
        }

        fn preview(&self, c: char) -> Preview {
            self.hand.as_ref().expect("played by hand").controls.preview(&self.rec, c)
        }

        fn drop_ghost(&self) -> Vec<Cell> {
            hand::Controls::drop_ghost(&self.rec)
        }
    }

    /// A 5×6 board, one 1-cell unit, a source of 3.
    fn setup() -> Setup {
        let problem = kibitz_icfp2015::Problem::parse(
            r#"{"id":1,"width":5,"height":6,"filled":[],"sourceLength":3,"sourceSeeds":[0],"units":[{"members":[{"x":0,"y":0}],"pivot":{"x":0,"y":0}}]}"#,
        )
        .unwrap();
        Setup { problem, seed: 0, phrases: vec!["ei!".into()] }
    }

    fn view(dir: &std::path::Path, prefix: &str) -> Icfp2015View {
        let chars: Vec<char> = prefix.chars().collect();
        Icfp2015View::hand("t".into(), setup(), "Ann", &chars, dir.join("r.jsonl"), dir.join("s.json")).unwrap()
    }

    fn saved_solution(dir: &std::path::Path) -> String {
        let records = kibitz_icfp2015::read_solutions(&std::fs::read_to_string(dir.join("s.json")).unwrap()).unwrap();
        assert_eq!((records[0].problem_id, records[0].seed), (1, 0));
        records[0].solution.clone()
    }

    #[test]
    fn every_character_is_saved_as_a_solution_and_a_replay_that_verifies() {
        let dir = tempfile::tempdir().unwrap();
        let mut v = view(dir.path(), "a");
        assert!(v.play('l', Source::Key) && v.play('b', Source::Key));
        settle(&mut v);
        assert_eq!(saved_solution(dir.path()), "alb");
        let replay = Replay::<Icfp2015>::parse(&std::fs::read_to_string(dir.path().join("r.jsonl")).unwrap()).unwrap().replay;
        assert_eq!(replay.records.len(), 3);
        kibitz_core::verify::verify(&replay).expect("verifies");
        assert_eq!(v.rec.track.len, 3);
    }

    #[test]
    fn a_move_that_would_repeat_a_position_needs_the_key_twice_and_typing_never_forces_it() {
        let dir = tempfile::tempdir().unwrap();
        let mut v = view(dir.path(), "b");
        assert!(matches!(v.preview('p'), Preview::Fails(GameError::RepeatedPosition { .. })), "back W repeats");
        assert!(!v.play('p', Source::Typed), "typed: refused");
        assert!(!v.play('p', Source::Typed), "typed again: still refused");
        assert!(!v.play('p', Source::Key), "first key press: a warning");
        assert_eq!(saved_solution(dir.path()), "b");
        assert!(v.play('p', Source::Key), "second key press: played");
        settle(&mut v);
        assert_eq!(Icfp2015::scores(v.rec.timeline.last_state()), vec![0], "an error scores 0");
        assert!(matches!(v.preview('a'), Preview::Over));
    }

    /// One frame of the window as the shell runs it: the game's keys unless a text box has the
    /// keyboard, then the type box; then the match answers.
    fn frame(ctx: &egui::Context, v: &mut Icfp2015View, events: Vec<egui::Event>) {
        let screen_rect = Some(Rect::from_min_size(Pos2::ZERO, Vec2::new(800.0, 600.0)));
        let mut output = ctx.run_ui(egui::RawInput { events, screen_rect, ..Default::default() }, |ui| {
            let ctx = ui.ctx().clone();
            crate::kit::contract::view::note_typing(&ctx);
            if !crate::kit::contract::view::typing(&ctx) {
                HandPlay::keys(&mut *v, &ctx);
            }
            v.command_box(ui, true);
        });
        // No renderer takes the font atlas: dropped unused, as egui asks.
        output.textures_delta.clear();
        settle(v);
    }

    fn key(key: egui::Key) -> egui::Event {
        egui::Event::Key { key, physical_key: None, pressed: true, repeat: false, modifiers: egui::Modifiers::NONE }
    }

    fn text(t: &str) -> egui::Event {
        egui::Event::Text(t.to_string())
    }

    #[test]
    fn the_type_box_plays_what_is_typed_in_order_and_backspace_edits_it() {
        let dir = tempfile::tempdir().unwrap();
        let mut v = view(dir.path(), "b");
        let ctx = egui::Context::default();
        // Keypad 4 (W) would repeat the position: a warning shows.
        frame(&ctx, &mut v, vec![key(egui::Key::Num4)]);
        assert!(v.hand.as_ref().unwrap().controls.notice.is_some());
        ctx.memory_mut(|m| m.request_focus(egui::Id::new("icfp2015-type")));
        // Typed while the warning shows (which then goes): every letter is played.
        for letter in ["e", "i", "!"] {
            frame(&ctx, &mut v, vec![text(letter)]);
        }
        assert_eq!(saved_solution(dir.path()), "bei!");
        // In the box, keypad 4 is the contest's letter 4 (SW), not the key for W.
        frame(&ctx, &mut v, vec![key(egui::Key::Num4), text("4")]);
        assert_eq!(saved_solution(dir.path()), "bei!4");
        // W, then E back would repeat a position: E stays in the box, and so does what follows.
        frame(&ctx, &mut v, vec![text("p")]);
        frame(&ctx, &mut v, vec![text("b")]);
        frame(&ctx, &mut v, vec![text("c")]);
        assert_eq!(saved_solution(dir.path()), "bei!4p");
        assert_eq!(v.hand.as_ref().unwrap().controls.typed, "bc");
        // Backspace edits the box; it undoes nothing.
        frame(&ctx, &mut v, vec![key(egui::Key::Backspace)]);
        frame(&ctx, &mut v, vec![key(egui::Key::Backspace)]);
        assert_eq!(v.hand.as_ref().unwrap().controls.typed, "");
        assert!(v.hand.as_ref().unwrap().controls.notice.is_none(), "the warning went with the letter");
        assert_eq!(saved_solution(dir.path()), "bei!4p");
        assert!(crate::kit::contract::view::typing(&ctx), "the box kept the keyboard throughout");
        // Enter plays the box's first letter anyway.
        frame(&ctx, &mut v, vec![text("b")]);
        frame(&ctx, &mut v, vec![key(egui::Key::Enter)]);
        assert_eq!(saved_solution(dir.path()), "bei!4pb");
        assert!(v.rec.timeline.last_state().error().is_some());
    }

    #[test]
    fn undo_takes_back_the_last_character_even_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let mut v = view(dir.path(), "bp");
        assert!(v.rec.timeline.last_state().error().is_some());
        v.undo();
        assert_eq!(saved_solution(dir.path()), "b");
        assert!(v.rec.timeline.last_state().error().is_none());
        assert!(v.play('a', Source::Key));
        settle(&mut v);
        assert_eq!(saved_solution(dir.path()), "ba");
        assert!(v.is_live(), "still played by hand after an undo");
    }

    #[test]
    fn phrases_typed_by_hand_score_and_locks_move_on_to_the_next_unit() {
        let dir = tempfile::tempdir().unwrap();
        let mut v = view(dir.path(), "");
        for c in "ei!".chars() {
            assert!(v.play(c, Source::Typed));
        }
        settle(&mut v);
        let score = kibitz_icfp2015::score::summary(v.rec.timeline.last_state());
        assert_eq!(score.power_score, 300 + 2 * 3);
        // Straight down until the unit locks, then the next one is in play.
        let before = v.rec.timeline.last_state().units_locked();
        for c in "alalalal".chars() {
            v.play(c, Source::Key);
        }
        settle(&mut v);
        assert!(v.rec.timeline.last_state().units_locked() > before);
        assert!(!v.drop_ghost().is_empty() || v.rec.timeline.last_state().is_over());
    }
}
