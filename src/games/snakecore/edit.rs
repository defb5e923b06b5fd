//! The SnakeCore map in the editor (`kibitz edit snakecore`): walls, blocks, energy and reactors
//! painted on the square board; pythons drawn head first with the mouse (press for the head,
//! drag for the body), each kept as its `snake X Y …` line; checked by the map's own parser (the
//! one a match uses); fair-map hints from each head's distances to energy and reactors.

use super::view::{SnakeCoreView, board_grid};
use crate::kit::contract::view::{BoardCamera, GameView};
use crate::kit::editor::{Fault, MapFormat, PlayNow, Tool, arg, sample_bot};
use crate::kit::viewing::grid::Grid;
use bevy_egui::egui;
use kibitz_core::replay::{PlayerInfo, Replay, ReplayHeader};
use kibitz_editor::{Board, Editor, Sheet};
use kibitz_snakecore::map::{self, snake_line_cells};
use kibitz_snakecore::{Map, Pos, Setup, SnakeCore};
use std::collections::VecDeque;
use std::path::Path;

pub struct SnakeCoreMaps;

const PYTHON: &str = "python";

const TOOLS: &[Tool] = &[
    Tool { name: "empty", help: "an empty cell", cell: |_| '.', single: false },
    Tool { name: "wall", help: "a wall: nothing passes", cell: |_| 'W', single: false },
    Tool { name: "block", help: "a plain block to eat", cell: |_| 'b', single: false },
    Tool { name: "energy", help: "an energy block: eaten, it feeds a reactor", cell: |_| 'e', single: false },
    Tool { name: "reactor", help: "a reactor, fed with energy blocks", cell: |_| 'R', single: true },
    Tool {
        name: PYTHON,
        help: "a python: press for its head, drag for its body (a press on a python lifts it)",
        cell: |_| 'p',
        single: true,
    },
];

/// A `snake X Y …` line's cells as board cells, head first.
fn snake_cells(line: &str) -> Option<Vec<(usize, usize)>> {
    Some(snake_line_cells(line)?.into_iter().map(|p| (p.x as usize, p.y as usize)).collect())
}

fn snake_line(cells: &[(usize, usize)]) -> String {
    map::snake_line(cells.iter().map(|&(x, y)| Pos::new(x as u16, y as u16)))
}

/// The lines of the file after the board that are pythons: (line, its cells).
fn pythons(editor: &Editor, board: Board) -> Vec<(usize, Vec<(usize, usize)>)> {
    let sheet = editor.sheet();
    (board.first + board.rows..sheet.height()).filter_map(|y| Some((y, snake_cells(&sheet.line(y)?)?))).collect()
}

/// Lifts the python with a cell on `at`: its cells emptied, its line gone.
fn lift(editor: &mut Editor, board: Board, at: (usize, usize)) {
    if let Some((line, cells)) = pythons(editor, board).into_iter().find(|(_, cells)| cells.contains(&at)) {
        for (x, y) in cells {
            editor.set(x, board.first + y, '.');
        }
        editor.remove_line(line);
    }
}

impl MapFormat for SnakeCoreMaps {
    fn game(&self) -> &'static str {
        "snakecore"
    }

    fn tools(&self) -> &'static [Tool] {
        TOOLS
    }

    fn new_map(&self, cols: usize, rows: usize) -> Sheet {
        let n = cols.max(rows).clamp(2, kibitz_snakecore::map::MAX_SIZE as usize);
        let row = ".".repeat(n) + "\n";
        Sheet::parse(&format!("# A SnakeCore map made in the Kibitz editor.\n{}", row.repeat(n)))
    }

    /// The rows after the leading `#` comments, up to the first `snake` line.
    fn board(&self, sheet: &Sheet) -> Board {
        let line = |y: usize| sheet.line(y).unwrap_or_default();
        let first = (0..sheet.height()).take_while(|&y| line(y).starts_with('#')).count();
        let rows = (first..sheet.height()).take_while(|&y| !line(y).trim().is_empty() && !line(y).starts_with("snake")).count();
        let cols = (first..first + rows).map(|y| sheet.line_len(y)).max().unwrap_or(0);
        Board { first, cols, rows }
    }

    fn paint(&self, editor: &mut Editor, board: Board, tool: &Tool, at: (usize, usize), _image: usize, previous: Option<(usize, usize)>) {
        let on_python = |editor: &Editor| pythons(editor, board).into_iter().any(|(_, cells)| cells.contains(&at));
        if tool.name != PYTHON {
            lift(editor, board, at);
            editor.set(at.0, board.first + at.1, (tool.cell)(0));
            return;
        }
        match previous {
            // A press: a new python's head (or a python lifted).
            None if on_python(editor) => lift(editor, board, at),
            None => {
                editor.set(at.0, board.first + at.1, 'p');
                editor.insert_line(editor.sheet().height(), &snake_line(&[at]));
            }
            // A drag: the body goes on from the python's last cell, onto a cell next to it.
            Some(last) if last.0.abs_diff(at.0) + last.1.abs_diff(at.1) == 1 && !on_python(editor) => {
                if let Some((line, mut cells)) = pythons(editor, board).into_iter().find(|(_, cells)| cells.last() == Some(&last)) {
                    let kind = if editor.sheet().get(at.0, board.first + at.1) == Some('e') { 'e' } else { 'b' };
                    editor.set(at.0, board.first + at.1, kind);
                    cells.push(at);
                    editor.replace_line(line, &snake_line(&cells));
                }
            }
            Some(_) => {}
        }
    }

    fn grid(&self, rect: egui::Rect, camera: &BoardCamera, board: Board) -> Grid {
        board_grid(rect, camera, board.rows)
    }

    fn faults(&self, text: &str) -> Vec<Fault> {
        match Map::parse(text) {
            Ok(_) => Vec::new(),
            Err(e) => vec![Fault::new(e.line, e.column, e.message)],
        }
    }

    fn hints(&self, text: &str) -> Vec<String> {
        let Ok(map) = Map::parse(text) else { return Vec::new() };
        map.snakes
            .iter()
            .enumerate()
            .map(|(k, s)| {
                let (energy, reactor) = nearest(&map, s.head);
                let steps = |d: Option<usize>| d.map_or("none reachable".to_string(), |d| format!("{d} steps"));
                format!("python {k} at {}: energy {}, reactor {}", s.head, steps(energy), steps(reactor))
            })
            .collect()
    }

    fn view(&self, text: &str, title: String) -> Result<Box<dyn GameView>, String> {
        let map = Map::parse(text).map_err(|e| e.to_string())?;
        let players = (0..map.snakes.len()).map(|k| PlayerInfo::human(format!("python {k}"))).collect();
        let header = ReplayHeader::new::<SnakeCore>(Setup { map, turns: 1 }, 0, players, None);
        Ok(Box::new(SnakeCoreView::new(title, Replay { header, records: Vec::new(), end: None })?))
    }

    fn play_now(&self, map: &Path, text: &str) -> PlayNow {
        let seats = Map::parse(text).map_or(2, |m| m.snakes.len());
        let bots = (0..seats).map(|k| sample_bot("snakecore", ["greedy", "random"][k % 2], k));
        PlayNow {
            hand: vec!["--map".into(), arg(map)],
            bots: ["--map".into(), arg(map), "--turns".into(), "150".into(), "--".into()].into_iter().chain(bots).collect(),
        }
    }
}

/// The steps (the rules' four moves, around walls, reactors and pythons' starts) from `from` to
/// the nearest energy block and the nearest reactor's side.
fn nearest(map: &Map, from: kibitz_snakecore::Pos) -> (Option<usize>, Option<usize>) {
    use kibitz_snakecore::{Action, Cell, Kind, Pos, neighbour};
    let n = map.size as usize;
    let taken: Vec<Pos> = map.snakes.iter().flat_map(|s| std::iter::once(s.head).chain(s.body.iter().map(|(p, _)| *p))).collect();
    let mut dist = vec![usize::MAX; n * n];
    dist[from.y as usize * n + from.x as usize] = 0;
    let mut queue = VecDeque::from([from]);
    let (mut energy, mut reactor) = (None, None);
    while let Some(p) = queue.pop_front() {
        let d = dist[p.y as usize * n + p.x as usize];
        for q in [Action::Up, Action::Left, Action::Down, Action::Right].iter().filter_map(|a| neighbour(p, a, map.size)) {
            match map.cell(q) {
                Cell::Reactor => reactor = reactor.or(Some(d + 1)),
                Cell::Block(Kind::Energy) => energy = energy.or(Some(d + 1)),
                _ => {}
            }
            let i = q.y as usize * n + q.x as usize;
            if dist[i] == usize::MAX && matches!(map.cell(q), Cell::Empty | Cell::Block(_)) && !taken.contains(&q) {
                dist[i] = d + 1;
                queue.push_back(q);
            }
        }
    }
    (energy, reactor)
}
