//! The wycinanka world in the editor (`kibitz edit wycinanka`): the sheet's graph on the grid
//! the view draws it on (a vertex in the middle of its cell, as its `positions` line places
//! it). Vertices are dragged to free cells, added on a free cell, and edges drawn from one
//! vertex to another (drawn again, taken away); only the lines that say so change (`N M`, an
//! edge's, a position's), so the orders and comments stay as written. Checked by the world's
//! own parser; a random world from `kibitz sheet generate`'s generator.

use super::view::WycinankaView;
use crate::kit::contract::view::GameView;
use crate::kit::editor::{Fault, MapFormat, PlayNow, Tool, arg, sample_bot};
use crate::kit::viewing::grid::Grid;
use bevy_egui::egui;
use kibitz_core::replay::{PlayerInfo, Replay, ReplayHeader};
use kibitz_editor::{Board, Editor, Sheet};
use kibitz_wycinanka::world::words;
use kibitz_wycinanka::{Params, World, Wycinanka, world_of};
use std::path::Path;
use std::sync::Arc;

pub struct WycinankaWorlds;

const MOVE: &str = "move";
const VERTEX: &str = "vertex";
const EDGE: &str = "edge";

const TOOLS: &[Tool] = &[
    Tool { name: MOVE, help: "drag a vertex to a free cell", cell: |_| 'o', single: true },
    Tool { name: VERTEX, help: "a new vertex on a free cell (draw an edge to it: the sheet stays connected)", cell: |_| 'o', single: true },
    Tool { name: EDGE, help: "drag from a vertex to another: an edge between them (again: no edge)", cell: |_| '-', single: true },
];

/// The lines of a world file that the editor changes, as indices of the file's lines.
struct Layout {
    /// The sheet's `N M` line, and N, M.
    counts: (usize, usize, usize),
    /// The sheet's edge lines, as (line, a, b).
    edges: Vec<(usize, u32, u32)>,
    /// Each vertex's position line and position, vertex 1 first (none: the world gives none).
    positions: Vec<(usize, (u32, u32))>,
}

fn numbers(line: &str) -> Option<Vec<u64>> {
    words(line).iter().map(|w| w.parse().ok()).collect()
}

impl Layout {
    /// Reads where things are in a world the parser accepts.
    fn of(sheet: &Sheet) -> Option<Layout> {
        let content: Vec<usize> = (0..sheet.height()).filter(|&y| !words(&sheet.line(y).unwrap_or_default()).is_empty()).collect();
        let line = |k: usize| sheet.line(*content.get(k)?);
        let [n, m] = numbers(&line(1)?)?[..] else { return None };
        let (n, m) = (n as usize, m as usize);
        let edges = (0..m)
            .map(|k| {
                let [a, b] = numbers(&line(2 + k)?)?[..] else { return None };
                Some((content[2 + k], a as u32, b as u32))
            })
            .collect::<Option<Vec<_>>>()?;
        let after = 2 + m;
        let positions = match line(after).map(|l| words(&l) == ["positions"]) {
            Some(true) => (0..n)
                .map(|k| {
                    let [x, y] = numbers(&line(after + 1 + k)?)?[..] else { return None };
                    Some((content[after + 1 + k], (x as u32, y as u32)))
                })
                .collect::<Option<Vec<_>>>()?,
            _ => Vec::new(),
        };
        Some(Layout { counts: (content[1], n, m), edges, positions })
    }

    /// The grid's corner: the least column and row of any vertex.
    fn lowest(&self) -> (u32, u32) {
        self.positions.iter().fold((u32::MAX, u32::MAX), |(x, y), (_, p)| (x.min(p.0), y.min(p.1)))
    }

    /// The vertex (from 1) drawn on board cell `at`.
    fn vertex_at(&self, at: (usize, usize)) -> Option<u32> {
        let (lx, ly) = self.lowest();
        self.positions.iter().position(|(_, p)| ((p.0 - lx) as usize, (p.1 - ly) as usize) == at).map(|k| k as u32 + 1)
    }

    /// The file position of board cell `at`.
    fn position(&self, at: (usize, usize)) -> (u32, u32) {
        let (lx, ly) = self.lowest();
        (lx + at.0 as u32, ly + at.1 as u32)
    }
}

impl MapFormat for WycinankaWorlds {
    fn game(&self) -> &'static str {
        "wycinanka"
    }

    fn tools(&self) -> &'static [Tool] {
        TOOLS
    }

    /// Two vertices in opposite corners of a `cols` × `rows` grid, joined by an edge.
    fn new_map(&self, cols: usize, rows: usize) -> Sheet {
        let (x, y) = (cols.clamp(2, 200) - 1, rows.clamp(2, 200) - 1);
        Sheet::parse(&format!(
            "# A wycinanka world made in the Kibitz editor: the sheet, where each vertex is drawn, then the orders.\n\
             sheet\n2 1\n1 2\npositions\n0 0\n{x} {y}\n"
        ))
    }

    /// The grid the view draws the sheet on: one cell a column and row of the positions.
    fn board(&self, sheet: &Sheet) -> Board {
        let Some(layout) = Layout::of(sheet).filter(|l| !l.positions.is_empty()) else { return Board::default() };
        let (lx, ly) = layout.lowest();
        let (hx, hy) = layout.positions.iter().fold((0, 0), |(x, y), (_, p)| (x.max(p.0), y.max(p.1)));
        Board { first: 0, cols: (hx - lx) as usize + 1, rows: (hy - ly) as usize + 1 }
    }

    fn cells_are_text(&self) -> bool {
        false
    }

    fn fault_cell(&self, _board: Board, _fault: &Fault) -> Option<(usize, usize)> {
        None
    }

    /// The sheet's graph as the file has it, every vertex and edge, the vertices cut off from
    /// vertex 1 outlined (a sheet must be connected), so that the next stroke is seen.
    fn draw_faulty(&self, sheet: &Sheet, _board: Board, painter: &egui::Painter, grid: &Grid) -> bool {
        let Some(layout) = Layout::of(sheet).filter(|l| !l.positions.is_empty()) else { return false };
        let (lx, ly) = layout.lowest();
        let at = |v: u32| {
            let p = layout.positions.get((v as usize).checked_sub(1)?)?.1;
            Some(grid.centre((p.0 - lx) as usize, (p.1 - ly) as usize))
        };
        // As the view draws a sheet (thin edges, small dots), so that a fault does not change
        // the picture but for its outline.
        let line = egui::Stroke::new(1.0, egui::Color32::from_gray(140));
        for &(_, a, b) in &layout.edges {
            if let (Some(a), Some(b)) = (at(a), at(b)) {
                painter.line_segment([a, b], line);
            }
        }
        let reached = reached_from_first(layout.positions.len(), &layout.edges);
        let r = (grid.cell * 0.18).clamp(2.5, 6.0);
        for v in 1..=layout.positions.len() as u32 {
            let Some(p) = at(v) else { continue };
            painter.circle_filled(p, r, egui::Color32::from_gray(150));
            if !reached[v as usize - 1] {
                painter.circle_stroke(p, r + 6.0, egui::Stroke::new(3.0, egui::Color32::from_rgb(255, 60, 60)));
            }
        }
        true
    }

    fn paint(&self, editor: &mut Editor, _board: Board, tool: &Tool, at: (usize, usize), _image: usize, previous: Option<(usize, usize)>) {
        let Some(layout) = Layout::of(editor.sheet()) else { return };
        let (counts, n, m) = layout.counts;
        match (tool.name, previous) {
            (MOVE, Some(from)) => {
                if let (Some(v), None) = (layout.vertex_at(from), layout.vertex_at(at)) {
                    let (x, y) = layout.position(at);
                    editor.replace_line(layout.positions[v as usize - 1].0, &format!("{x} {y}"));
                }
            }
            (VERTEX, None) if layout.vertex_at(at).is_none() => {
                let Some(&(last, _)) = layout.positions.last() else { return };
                let (x, y) = layout.position(at);
                editor.insert_line(last + 1, &format!("{x} {y}"));
                editor.replace_line(counts, &format!("{} {m}", n + 1));
            }
            (EDGE, Some(from)) => {
                let (Some(a), Some(b)) = (layout.vertex_at(from), layout.vertex_at(at)) else { return };
                if a == b {
                    return;
                }
                match layout.edges.iter().find(|&&(_, x, y)| (x, y) == (a, b) || (x, y) == (b, a)) {
                    Some(&(line, _, _)) => {
                        editor.remove_line(line);
                        editor.replace_line(counts, &format!("{n} {}", m - 1));
                    }
                    None => {
                        let after = layout.edges.last().map_or(counts, |e| e.0);
                        editor.insert_line(after + 1, &format!("{a} {b}"));
                        editor.replace_line(counts, &format!("{n} {}", m + 1));
                    }
                }
            }
            _ => {}
        }
    }

    fn faults(&self, text: &str) -> Vec<Fault> {
        match World::parse(text) {
            Ok(world) if world.sheet.positions.is_none() => {
                vec![Fault::new(
                    1,
                    1,
                    "no `positions` block: the editor moves the vertices a world places (kibitz sheet generate writes them)",
                )]
            }
            Ok(_) => Vec::new(),
            Err(e) => vec![Fault::new(e.line, 1, e.message)],
        }
    }

    fn view(&self, text: &str, title: String) -> Result<Box<dyn GameView>, String> {
        let world = World::parse(text).map_err(|e| e.to_string())?;
        let game = Params { world: Some(Arc::new(world)), ..Params::default() };
        let setup = kibitz_wycinanka::Setup { common: Default::default(), game };
        let players = (0..2).map(|k| PlayerInfo::human(format!("team {}", k + 1))).collect();
        let header = ReplayHeader::new::<Wycinanka>(setup, 0, players, None);
        Ok(Box::new(WycinankaView::new(title, Replay { header, records: Vec::new(), end: None })?))
    }

    fn can_generate(&self) -> bool {
        true
    }

    fn generate(&self, seed: u64, board: Board) -> Result<String, String> {
        let params = Params { width: board.cols.clamp(2, 60) as u32, height: board.rows.clamp(2, 60) as u32, ..Params::default() };
        world_of(&params, seed).map(|w| w.to_text())
    }

    fn extension(&self) -> &'static str {
        "world"
    }

    fn play_now(&self, map: &Path, _text: &str) -> PlayNow {
        let bots = (0..2).map(|k| sample_bot("wycinanka", "solver", k + 1));
        let quick = ["--game-turns", "40", "--turn-ms", "300"].map(String::from);
        PlayNow {
            hand: vec!["--world".into(), arg(map), "--paused".into()],
            bots: ["--world".into(), arg(map)].into_iter().chain(quick).chain(["--".into()]).chain(bots).collect(),
        }
    }
}

/// Which of `n` vertices (from 1) the edges reach from vertex 1.
fn reached_from_first(n: usize, edges: &[(usize, u32, u32)]) -> Vec<bool> {
    let mut reached = vec![false; n];
    if n == 0 {
        return reached;
    }
    reached[0] = true;
    let mut grew = true;
    while grew {
        grew = false;
        for &(_, a, b) in edges {
            let (a, b) = (a as usize, b as usize);
            if (1..=n).contains(&a) && (1..=n).contains(&b) && reached[a - 1] != reached[b - 1] {
                reached[a - 1] = true;
                reached[b - 1] = true;
                grew = true;
            }
        }
    }
    reached
}
