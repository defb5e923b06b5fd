//! The wycinanka view: the sheet drawn where the generator placed its vertices (the grid it was
//! cut from) or, for a world file without positions, where a force-directed layout puts them
//! (computed once); zoom and pan for thousands of vertices. The order list gives each order's
//! value, C and who fulfilled it; a selected order is drawn in the panel and, for every team
//! that fulfilled it by the cursor, highlighted where it was cut. As player k, only k's own
//! cuts show (the protocol tells a team C, never where others cut). Timeline markers for
//! acceptances; the score chart is the race. In hand play, clicks on the sheet place the
//! selected order's vertices.

use super::hand::{self, Hand};
use crate::kit::contract::thinking::BoardSpace;
use crate::kit::contract::view::{BoardCamera, Frame, HandPlay, LogLine, Marker, MarkerKind, PanelRequest, Perspective, hover_box};
use crate::kit::deadline24::hand::{self as server_hand, Seat};
use crate::kit::deadline24::hosting::HostPlan;
use crate::kit::deadline24::view::ServerView;
use crate::kit::viewing::grid::Grid;
use crate::kit::viewing::palette::player_color;
use crate::kit::viewing::recorded::Recorded;
use bevy_egui::egui::{self, Align2, Color32, FontId, Pos2, Rect, Stroke, Vec2};
use kibitz_cli::games::wycinanka::cli::SheetArgs;
use kibitz_core::Game;
use kibitz_core::replay::{Replay, StepRecord};
use kibitz_deadline24::{Command, Outcome, split};
use kibitz_wycinanka::graph::Graph;
use kibitz_wycinanka::hand::Mapping;
use kibitz_wycinanka::layout::force_directed;
use kibitz_wycinanka::rules::{Placed, TurnReport};
use kibitz_wycinanka::sheet::Sheet;
use kibitz_wycinanka::{Params, Wycinanka, WycinankaRules, WycinankaState};
use std::collections::HashMap;
use std::path::Path;

const ACCEPTED: MarkerKind = MarkerKind::new("order fulfilled", 129, 199, 132);
const FITS: Color32 = Color32::from_rgb(120, 220, 120);
const WRONG: Color32 = Color32::from_rgb(255, 80, 70);
const CURRENT: Color32 = Color32::from_rgb(255, 214, 0);

pub struct WycinankaView {
    rec: Recorded<Wycinanka>,
    /// The order shown in the panel and highlighted on the sheet.
    selected: Option<u32>,
    drawing: Drawing,
    /// Each order's picture, laid out once (unit square).
    order_layouts: HashMap<u32, Vec<[f32; 2]>>,
    /// The match being played by hand, when it is.
    hand: Option<Hand>,
}

/// Where each sheet vertex is drawn, in sheet units (a grid edge is 1), and a grid of cells
/// of one unit for finding the vertex under the pointer: computed once per replay (a replay
/// is one game, on one sheet). On the screen the sheet is a [`Grid`] of those cells, each
/// vertex at the middle of its cell (a generated sheet's vertices fill the cells).
struct Drawing {
    points: Vec<Vec2>,
    /// The far corner; the near one is (0, 0).
    size: Vec2,
    cells: HashMap<(i32, i32), Vec<u32>>,
}

impl Drawing {
    fn of(sheet: &Sheet) -> Self {
        let points: Vec<Vec2> = match &sheet.positions {
            Some(positions) => positions.iter().map(|&(x, y)| Vec2::new(x as f32, y as f32)).collect(),
            None => {
                // The layout fills the unit square; scale it so that edges are about 1 long.
                let at: Vec<Vec2> = force_directed(&sheet.graph).into_iter().map(|[x, y]| Vec2::new(x, y)).collect();
                let edges = sheet.graph.edges();
                let mean =
                    edges.iter().map(|&(a, b)| (at[a as usize - 1] - at[b as usize - 1]).length()).sum::<f32>() / edges.len().max(1) as f32;
                let scale = if mean > 0.0 { 1.0 / mean } else { 1.0 };
                at.into_iter().map(|p| p * scale).collect()
            }
        };
        let lowest = points.iter().fold(Vec2::splat(f32::MAX), |lo, p| lo.min(*p));
        let points: Vec<Vec2> = points.into_iter().map(|p| p - lowest).collect();
        let size = points.iter().fold(Vec2::ZERO, |hi, p| hi.max(*p));
        let mut cells: HashMap<(i32, i32), Vec<u32>> = HashMap::new();
        for (k, p) in points.iter().enumerate() {
            cells.entry(Self::cell(*p)).or_default().push(k as u32 + 1);
        }
        Self { points, size, cells }
    }

    fn cell(p: Vec2) -> (i32, i32) {
        (p.x.floor() as i32, p.y.floor() as i32)
    }

    fn at(&self, v: u32) -> Vec2 {
        self.points[v as usize - 1]
    }

    /// The sheet fit to `rect`, zoomed and panned by `camera`.
    fn fit(&self, rect: Rect, camera: &BoardCamera) -> Grid {
        let cells = self.size.floor() + Vec2::splat(1.0);
        Grid::fit(rect, camera, cells.x as usize, cells.y as usize)
    }

    /// Where the bots' drawing goes: a vertex (`vertex V`, `edge V W`) where it is drawn, a
    /// place X Y at that point of the sheet as the vertices are laid out (which bots, told only
    /// the graph, do not know).
    fn space(&self, grid: Grid) -> BoardSpace {
        let points = self.points.clone();
        let to_screen = move |_: usize, [x, y, _]: [f32; 3]| match y.is_nan() {
            true => points.get((x as usize).checked_sub(1)?).map(|p| grid.point(*p + Vec2::splat(0.5))),
            false => Some(grid.point(Vec2::new(x, y) + Vec2::splat(0.5))),
        };
        BoardSpace { to_screen: Box::new(to_screen), cell: grid.cell }
    }

    /// Where vertex `v` is drawn on `grid`.
    fn screen(&self, grid: &Grid, v: u32) -> Pos2 {
        grid.point(self.at(v) + Vec2::splat(0.5))
    }

    /// The vertex under the screen point `p`, if one is near.
    fn under(&self, grid: &Grid, p: Pos2) -> Option<u32> {
        self.nearest(grid.board_point(p) - Vec2::splat(0.5))
    }

    /// The vertex nearest to `p` (sheet units), if one is within 0.45.
    fn nearest(&self, p: Vec2) -> Option<u32> {
        let (cx, cy) = Self::cell(p);
        (-1..=1)
            .flat_map(|dx| (-1..=1).map(move |dy| (cx + dx, cy + dy)))
            .filter_map(|c| self.cells.get(&c))
            .flatten()
            .map(|&v| (v, (self.at(v) - p).length()))
            .filter(|&(_, d)| d <= 0.45)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(v, _)| v)
    }
}

/// Who the view shows cuts for: everyone, or one team (its own only).
fn cuts_seen(placed: &Placed, perspective: Perspective) -> impl Iterator<Item = &kibitz_wycinanka::rules::Cut> {
    placed.cuts.iter().filter(move |c| matches!(perspective, Perspective::Omniscient) || perspective == Perspective::Player(c.team))
}

impl WycinankaView {
    pub fn new(title: String, replay: Replay<Wycinanka>) -> Result<Self, String> {
        let rec = Recorded::load(title, replay, player_color, Self::absorb)?;
        let drawing = Drawing::of(&rec.timeline.last_state().game.sheet);
        Ok(Self { rec, selected: None, drawing, order_layouts: HashMap::new(), hand: None })
    }

    /// A match played by hand on a server the app hosts, followed from its spectator port.
    pub fn live(title: String, hand: Hand) -> Result<Self, String> {
        let header = server_hand::header::<WycinankaRules>(&hand.seat)?;
        let mut view = Self::new(title, Replay { header, records: Vec::new(), end: None })?;
        view.hand = Some(hand);
        view.poll();
        // Start on an order, so that the first click places a vertex.
        view.selected = Some(1);
        Ok(view)
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
                let label = format!("{name}: {}, {}", command.unwrap_or_default(), lines.get(1).unwrap_or_default());
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

    /// `,` and `.` move the selection through the orders.
    fn keys(&mut self, ctx: &egui::Context, orders: usize) {
        if crate::kit::contract::view::typing(ctx) || orders == 0 {
            return;
        }
        let (back, on) = ctx.input(|i| (i.key_pressed(egui::Key::Comma), i.key_pressed(egui::Key::Period)));
        let at = self.selected.unwrap_or(0) as i64 + i64::from(on) - i64::from(back);
        if back || on {
            self.selected = Some(at.clamp(1, orders as i64) as u32);
        }
    }

    /// Draws the selected order in a box at the top right of `board`: where the first team
    /// seen cut it, else its own layout (always while the human places it, so that it keeps
    /// still); the solution in the making coloured. Returns the box and where each vertex went.
    fn order_inset(
        &mut self,
        painter: &egui::Painter,
        board: Rect,
        cursor: usize,
        perspective: Perspective,
        at_end: bool,
    ) -> Option<(Rect, Vec<Pos2>)> {
        let id = self.selected?;
        let placed = self.rec.state(cursor).game.orders.get(id as usize - 1)?.clone();
        let graph = &placed.order.graph;
        let solving = placing(&mut self.hand, &self.rec, self.selected, at_end).is_some();
        let seen_cut = cuts_seen(&placed, perspective).next().filter(|_| !solving).map(|c| cut_layout(&self.drawing, &c.map));
        let at = seen_cut.unwrap_or_else(|| self.order_layout(id, graph).to_vec());
        let side = inset_side(board);
        let inset = Rect::from_min_size(board.right_top() + Vec2::new(-side - 10.0, 30.0), Vec2::splat(side));
        painter.rect_filled(inset, 6.0, Color32::from_rgb(22, 24, 30));
        painter.rect_stroke(inset, 6.0, Stroke::new(1.0, Color32::from_gray(80)), egui::StrokeKind::Inside);
        let title = format!("order {id} · V {} E {} · P {} · C {}", graph.n(), graph.edges().len(), placed.order.value, placed.cuts.len());
        painter.text(inset.left_top() + Vec2::new(8.0, 6.0), Align2::LEFT_TOP, title, FontId::proportional(11.0), Color32::from_gray(200));
        let team_color = self.hand.as_ref().map_or(Color32::WHITE, |h| player_color(h.team()));
        let (mapping, sheet) = match placing(&mut self.hand, &self.rec, self.selected, at_end) {
            Some((hand, state, id)) => (hand.mapping(state, id), Some(&state.sheet.graph)),
            None => (None, None),
        };
        let solving = mapping.as_deref().zip(sheet).map(|(m, sheet)| (m, sheet, team_color));
        let picture = Rect::from_min_max(inset.min + Vec2::new(0.0, 18.0), inset.max);
        Some((inset, draw_order(painter, picture, graph, &at, solving)))
    }

    /// The order's picture, laid out once.
    fn order_layout(&mut self, id: u32, graph: &Graph) -> &[[f32; 2]] {
        self.order_layouts.entry(id).or_insert_with(|| force_directed(graph))
    }
}

/// The side of the selected order's box on a board of `rect`.
fn inset_side(rect: Rect) -> f32 {
    (rect.width() * 0.3).min(rect.height() * 0.45).clamp(120.0, 300.0)
}

/// The hand, the live state and the selected order, when the human is placing that order's
/// vertices (at the live end).
fn placing<'a>(
    hand: &'a mut Option<Hand>,
    rec: &'a Recorded<Wycinanka>,
    selected: Option<u32>,
    at_end: bool,
) -> Option<(&'a mut Hand, &'a WycinankaState, u32)> {
    let id = selected?;
    let hand = hand.as_mut().filter(|_| at_end)?;
    let state = &rec.timeline.last_state().game;
    hand.open(state, id).then_some((hand, state, id))
}

/// The order's graph in `rect` at `at` (unit square), its vertices numbered; with a solution
/// in the making, its placed vertices filled, its current one ringed and its edges coloured by
/// whether they fit. Returns where each vertex was drawn.
fn draw_order(
    painter: &egui::Painter,
    rect: Rect,
    graph: &Graph,
    at: &[[f32; 2]],
    solving: Option<(&Mapping, &Graph, Color32)>,
) -> Vec<Pos2> {
    let inner = rect.shrink(14.0);
    let side = inner.width().min(inner.height());
    // Centred: a layout fills its unit square along one side only.
    let extent = at.iter().fold(Vec2::ZERO, |e, p| e.max(Vec2::new(p[0], p[1])));
    let corner = inner.center() - extent * side / 2.0;
    let screen: Vec<Pos2> = at.iter().map(|p| corner + Vec2::new(p[0], p[1]) * side).collect();
    let placed_edges: HashMap<(u32, u32), bool> =
        solving.map(|(m, sheet, _)| m.edges(graph, sheet).into_iter().map(|e| (e.order, e.fits)).collect()).unwrap_or_default();
    for &(a, b) in graph.edges() {
        let color = match placed_edges.get(&(a, b)) {
            Some(true) => FITS,
            Some(false) => WRONG,
            None => Color32::from_gray(170),
        };
        let line = [screen[a as usize - 1], screen[b as usize - 1]];
        if color == WRONG {
            painter.extend(egui::Shape::dashed_line(&line, Stroke::new(2.0, color), 5.0, 3.0));
        } else {
            painter.line_segment(line, Stroke::new(1.5, color));
        }
    }
    for v in 1..=graph.n() {
        let p = screen[v as usize - 1];
        let fill = match solving {
            Some((m, _, team)) if m.image(v).is_some() => team,
            _ => Color32::from_rgb(60, 64, 74),
        };
        painter.circle_filled(p, 8.0, fill);
        if solving.is_some_and(|(m, _, _)| m.current == v) {
            painter.circle_stroke(p, 10.5, Stroke::new(2.0, CURRENT));
        }
        painter.text(p, Align2::CENTER_CENTER, v.to_string(), FontId::proportional(9.0), Color32::WHITE);
    }
    screen
}

/// The layout of a team's cut (each order vertex where its sheet vertex is drawn), scaled into
/// the unit square.
fn cut_layout(drawing: &Drawing, map: &[u32]) -> Vec<[f32; 2]> {
    let points: Vec<Vec2> = map.iter().map(|&v| drawing.at(v)).collect();
    let lo = points.iter().fold(Vec2::splat(f32::MAX), |a, p| a.min(*p));
    let hi = points.iter().fold(Vec2::splat(f32::MIN), |a, p| a.max(*p));
    let span = (hi - lo).max_elem().max(1.0);
    points.iter().map(|p| [(p.x - lo.x) / span, (p.y - lo.y) / span]).collect()
}

impl ServerView for WycinankaView {
    type Args = SheetArgs;
    const HAND_HELP: &'static [(&'static str, &'static str)] = hand::HELP;
    const CONSOLE_HINT: &'static str = hand::CONSOLE_HINT;

    fn recorded(&self) -> &Recorded<Wycinanka> {
        &self.rec
    }

    fn recorded_mut(&mut self) -> &mut Recorded<Wycinanka> {
        &mut self.rec
    }

    fn seat(&self) -> Option<&Seat> {
        self.hand.as_ref().map(|h| &h.seat)
    }

    fn seat_mut(&mut self) -> Option<&mut Seat> {
        self.hand.as_mut().map(|h| &mut h.seat)
    }

    fn take_step(&mut self, record: StepRecord<Command, Outcome<TurnReport>>) {
        Self::absorb(&mut self.rec, record);
    }

    fn host(plan: HostPlan<Params>, team: usize, out: &Path, title: String) -> Result<Self, String> {
        Self::live(title, Hand::new(server_hand::seat::<WycinankaRules>(plan, team, out)?))
    }

    fn log(&self, range: std::ops::Range<usize>) -> Vec<LogLine> {
        crate::kit::deadline24::log::log_lines(&self.rec, range, |_, report| match report.new_orders.as_slice() {
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

    fn look_step(&self) -> Option<usize> {
        self.selected.map(|_| self.rec.timeline.len())
    }

    fn view_keys(&self) -> &'static [(&'static str, &'static str)] {
        &[(", / .", "previous / next order (highlighted where each team cut it)")]
    }

    fn draw(&mut self, frame: Frame) {
        let Frame { ui, response, rect, cursor, camera, perspective, space } = frame;
        let orders = self.rec.state(cursor).game.orders.len();
        self.keys(ui.ctx(), orders);
        let at_end = cursor >= self.rec.timeline.len();
        // With an order shown in its box at the top right, the sheet keeps to the left of it.
        let sheet_rect = match self.selected {
            Some(_) => rect.with_max_x(rect.max.x - inset_side(rect) - 20.0),
            None => rect,
        };
        // Fit beside the box, drawn (and culled) over the whole rectangle: zoomed in, the sheet
        // also shows under the box.
        let grid = Grid { clip: rect, ..self.drawing.fit(sheet_rect, camera) };
        *space = Some(self.drawing.space(grid));
        let painter = ui.painter_at(rect);
        let drawing = &self.drawing;
        let pos = |v: u32| drawing.screen(&grid, v);
        let dot = (grid.cell * 0.18).clamp(2.5, 6.0);
        // A sheet with no match on it yet (the map editor's) has no cuts to pick.
        let cuts_to_pick = self.rec.track.len > 0 || self.hand.is_some();
        let state = &self.rec.state(cursor).game;
        let sheet = &state.sheet;
        let thin = Stroke::new(1.0, Color32::from_gray(85));
        for &(a, b) in sheet.graph.edges() {
            let line = [pos(a), pos(b)];
            if grid.shows_line(line[0], line[1]) {
                painter.line_segment(line, thin);
            }
        }
        if grid.cell >= 8.0 {
            let (r, shown) = ((grid.cell * 0.1).min(4.0), rect.expand(4.0));
            for p in (1..=sheet.graph.n()).map(pos).filter(|p| shown.contains(*p)) {
                painter.circle_filled(p, r, Color32::from_gray(140));
            }
        }
        // The selected order, where each team that fulfilled it by now cut it (as seen).
        let selected = self.selected.and_then(|id| state.orders.get(id as usize - 1).map(|o| (id, o)));
        if let Some((_, placed)) = selected {
            // The first team's cut widest and underneath, so that cuts in the same place all show.
            let cuts: Vec<_> = cuts_seen(placed, perspective).collect();
            for (k, cut) in cuts.iter().enumerate() {
                let (map, color, wider) = (&cut.map, player_color(cut.team), (cuts.len() - 1 - k) as f32);
                for &(a, b) in placed.order.graph.edges() {
                    if let (Some(&x), Some(&y)) = (map.get(a as usize - 1), map.get(b as usize - 1)) {
                        painter.line_segment([pos(x), pos(y)], Stroke::new(2.5 + 3.0 * wider, color));
                    }
                }
                for &v in map.iter() {
                    painter.circle_filled(pos(v), dot + 2.0 * wider, color);
                }
            }
        }
        let mut legend =
            format!("sheet: {} vertices, {} edges · {} orders", sheet.graph.n(), sheet.graph.edges().len(), state.orders.len());
        match selected {
            Some((id, placed)) => {
                let seen = cuts_seen(placed, perspective).count();
                legend
                    .push_str(&format!(" · order {id}: fulfilled by {} team(s); {seen} cut(s) shown in their colours", placed.cuts.len()));
            }
            None => match self.selected {
                Some(id) => legend.push_str(&format!(" · order {id} is not placed yet at this step: it comes later")),
                None if cuts_to_pick => legend.push_str(" · pick an order in the panel (or , and .) to see where it was cut"),
                None => {}
            },
        }
        painter.text(
            rect.left_top() + Vec2::new(10.0, 10.0),
            Align2::LEFT_TOP,
            legend,
            FontId::proportional(12.0),
            Color32::from_gray(200),
        );
        // The selected order's picture, beside the sheet (top right); its vertices take clicks.
        let inset = self.order_inset(&painter, rect, cursor, perspective, at_end);
        let pointer = response.hover_pos().filter(|p| inset.as_ref().is_none_or(|(r, _)| !r.contains(*p)));
        if let (Some((r, screen)), Some(click)) = (&inset, response.interact_pointer_pos().filter(|_| response.clicked()))
            && r.contains(click)
            && let Some((hand, state, id)) = placing(&mut self.hand, &self.rec, self.selected, at_end)
            && let Some(m) = hand.mapping(state, id)
            && let Some(k) = screen.iter().position(|p| p.distance(click) <= 11.0)
        {
            m.select(k as u32 + 1);
        }
        let hovered = pointer.and_then(|p| self.drawing.under(&grid, p));
        // Hand play: the solution in the making, on the sheet.
        let team_color = self.hand.as_ref().map(|h| player_color(h.team()));
        let clicked = response.clicked() && pointer.is_some();
        let drawing = &self.drawing;
        let pos = |v: u32| drawing.screen(&grid, v);
        let mut hover_lines = Vec::new();
        if let Some((hand, state, id)) = placing(&mut self.hand, &self.rec, self.selected, at_end) {
            let order = &state.orders[id as usize - 1].order.graph;
            let sheet = &state.sheet.graph;
            let color = team_color.unwrap_or(Color32::WHITE);
            if let Some(m) = hand.mapping(state, id) {
                for e in m.edges(order, sheet) {
                    // A wrong edge dashed, so that it tells from a red team's colour.
                    let line = [pos(e.sheet.0), pos(e.sheet.1)];
                    if e.fits {
                        painter.line_segment(line, Stroke::new(3.0, FITS));
                    } else {
                        painter.extend(egui::Shape::dashed_line(&line, Stroke::new(3.0, WRONG), 7.0, 4.0));
                    }
                }
                if let Some(candidates) = m.candidates(order, sheet) {
                    for s in candidates {
                        painter.circle_stroke(pos(s), dot + 3.0, Stroke::new(1.5, CURRENT));
                    }
                }
                for v in 1..=order.n() {
                    if let Some(s) = m.image(v) {
                        painter.circle_filled(pos(s), dot + 2.0, color);
                        if grid.cell >= 14.0 {
                            painter.text(pos(s), Align2::CENTER_CENTER, v.to_string(), FontId::proportional(9.0), Color32::BLACK);
                        }
                    }
                }
                if let Some(s) = hovered {
                    let current = m.current;
                    let wrong: Vec<String> = order
                        .neighbours(current)
                        .iter()
                        .filter_map(|&w| {
                            m.image(w)
                                .filter(|&t| t != s && !sheet.has_edge(s, t))
                                .map(|t| format!("{current}–{w} (no sheet edge {s}–{t})"))
                        })
                        .collect();
                    hover_lines.push(format!("click: sheet vertex {s} for order vertex {current}"));
                    if !wrong.is_empty() {
                        hover_lines.push(format!("wrong edges then: {}", wrong.join(", ")));
                    }
                    if clicked {
                        m.place(s);
                    }
                }
            }
        }
        // Hover: the vertex under the pointer and its neighbours.
        let Some(v) = hovered else { return };
        painter.circle_stroke(pos(v), (grid.cell * 0.3).clamp(4.0, 10.0), Stroke::new(1.5, Color32::WHITE));
        let sheet = &self.rec.timeline.last_state().game.sheet.graph;
        let neighbours: Vec<String> = sheet.neighbours(v).iter().map(u32::to_string).collect();
        hover_box(response, |ui| {
            ui.label(format!("vertex {v} · {} neighbours: {}", neighbours.len(), neighbours.join(", ")));
            for line in &hover_lines {
                ui.label(line);
            }
        });
    }

    fn details(&mut self, ui: &mut egui::Ui, cursor: usize, perspective: Perspective) {
        let names: Vec<String> = self.rec.track.players.iter().map(|p| p.name.clone()).collect();
        let state = &self.rec.state(cursor).game;
        let own = |placed: &Placed| cuts_seen(placed, perspective).map(|c| names[c.team].as_str()).collect::<Vec<_>>();
        ui.label(egui::RichText::new("Orders (newest first; click to show one):").strong());
        for (k, placed) in state.orders.iter().enumerate().rev() {
            let id = k as u32 + 1;
            let g = &placed.order.graph;
            let by = own(placed);
            let text = format!(
                "#{id:<3} V {:>2} E {:>2}  P {:>10}  C {}{}",
                g.n(),
                g.edges().len(),
                placed.order.value,
                placed.cuts.len(),
                if by.is_empty() { String::new() } else { format!(" · {}", by.join(", ")) }
            );
            let label = egui::RichText::new(text).monospace().size(11.0);
            if ui.selectable_label(self.selected == Some(id), label).clicked() {
                self.selected = if self.selected == Some(id) && self.hand.is_none() { None } else { Some(id) };
            }
        }
    }

    fn hand_panel(&mut self, ui: &mut egui::Ui, at_end: bool) -> Option<PanelRequest> {
        let hand = self.hand.as_mut()?;
        let name = self.rec.track.players.get(hand.team()).map_or("?", |p| p.name.as_str());
        hand.panel(ui, &self.rec.timeline.last_state().game, name, &mut self.selected, at_end)
    }

    fn hand_keys(&mut self, ctx: &egui::Context) {
        if let Some(hand) = self.hand.as_mut() {
            hand.keys(&self.rec.timeline.last_state().game, ctx, &mut self.selected);
        }
    }

    fn followed(&mut self) {
        if let Some(hand) = self.hand.as_mut() {
            hand.take_answers();
        }
    }
}
