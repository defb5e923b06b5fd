//! The ICFP 2015 problem in the editor (`kibitz edit icfp2015`): the board's initially full
//! cells painted on the hex board, as the view lays it out. The file is the official JSON; only
//! its `filled` array is written anew, in the file's own spacing, so every other byte (units,
//! seeds, the order of keys) stays as it was. Checked by the problem's own parser.

use super::view::{Icfp2015View, board_cell_at};
use crate::kit::contract::view::{BoardCamera, GameView};
use crate::kit::editor::{Fault, MapFormat, PlayNow, Tool, arg};
use bevy_egui::egui;
use kibitz_core::replay::{PlayerInfo, Replay, ReplayHeader};
use kibitz_editor::{Board, Editor, Sheet};
use kibitz_icfp2015::{Icfp2015, Problem, Setup};
use std::path::Path;

pub struct Icfp2015Problems;

const TOOLS: &[Tool] = &[
    Tool { name: "full", help: "a cell full from the start", cell: |_| '#', single: false },
    Tool { name: "empty", help: "an empty cell", cell: |_| '.', single: false },
];

/// Where the `filled` array's value lies in `text`: from its `[` to its `]`, inclusive.
fn filled_span(text: &str) -> Option<std::ops::Range<usize>> {
    let key = text.find("\"filled\"")?;
    let open = key + text[key..].find('[')?;
    let close = open + text[open..].find(']')?;
    Some(open..close + 1)
}

/// The cells of the `filled` array at `span` of `text`, each with where its `{…}` lies.
fn filled_items(text: &str, span: &std::ops::Range<usize>) -> Vec<((i32, i32), std::ops::Range<usize>)> {
    let mut items = Vec::new();
    let mut at = span.start;
    while let Some(open) = text[at..span.end].find('{').map(|k| at + k) {
        let Some(close) = text[open..span.end].find('}').map(|k| open + k + 1) else { break };
        if let Ok(cell) = serde_json::from_str::<kibitz_icfp2015::Cell>(&text[open..close]) {
            items.push(((cell.x, cell.y), open..close));
        }
        at = close;
    }
    items
}

/// `text` with cell `at` added to (or taken from) its `filled` array, every other byte kept:
/// a new cell goes after the last, spaced as the file's other cells are.
fn toggled(text: &str, at: (i32, i32), full: bool) -> Option<String> {
    let span = filled_span(text)?;
    let items = filled_items(text, &span);
    let k = items.iter().position(|(cell, _)| *cell == at);
    let (range, new) = match (full, k) {
        (true, None) => {
            let spaced = text.contains(": ");
            let item = if spaced { format!("{{\"x\": {}, \"y\": {}}}", at.0, at.1) } else { format!("{{\"x\":{},\"y\":{}}}", at.0, at.1) };
            match items.last() {
                Some((_, last)) => {
                    let gap = items.len().checked_sub(2).map_or(if spaced { ", " } else { "," }, |k| &text[items[k].1.end..last.start]);
                    // A gap that starts a new line is the file's layout; a run of cells keeps ", ".
                    let gap = if gap.contains('\n') { if spaced { ", " } else { "," } } else { gap };
                    (last.end..last.end, format!("{gap}{item}"))
                }
                None => (span.start + 1..span.end - 1, item),
            }
        }
        (false, Some(k)) => {
            let range = match (k.checked_sub(1), items.get(k + 1)) {
                (Some(before), _) => items[before].1.end..items[k].1.end,
                (None, Some(next)) => items[k].1.start..next.1.start,
                (None, None) => span.start + 1..span.end - 1,
            };
            (range, String::new())
        }
        _ => return None,
    };
    Some(format!("{}{new}{}", &text[..range.start], &text[range.end..]))
}

impl MapFormat for Icfp2015Problems {
    fn game(&self) -> &'static str {
        "icfp2015"
    }

    fn tools(&self) -> &'static [Tool] {
        TOOLS
    }

    /// A board of the size asked for with one unit, a single cell, and one source seed.
    fn new_map(&self, cols: usize, rows: usize) -> Sheet {
        let (w, h) = (cols.clamp(2, 200), rows.clamp(2, 200));
        Sheet::parse(&format!(
            "{{\"id\":9001,\"width\":{w},\"height\":{h},\"sourceLength\":100,\"sourceSeeds\":[0],\"filled\":[],\
             \"units\":[{{\"members\":[{{\"x\":0,\"y\":0}}],\"pivot\":{{\"x\":0,\"y\":0}}}}]}}\n"
        ))
    }

    fn board(&self, sheet: &Sheet) -> Board {
        match Problem::parse(&sheet.text()) {
            Ok(p) => Board { first: 0, cols: p.width() as usize, rows: p.height() as usize },
            Err(_) => Board::default(),
        }
    }

    fn cells_are_text(&self) -> bool {
        false
    }

    fn paint(
        &self,
        editor: &mut Editor,
        _board: Board,
        tool: &Tool,
        (x, y): (usize, usize),
        _image: usize,
        _previous: Option<(usize, usize)>,
    ) {
        if let Some(text) = toggled(&editor.text(), (x as i32, y as i32), (tool.cell)(0) == '#') {
            editor.rewrite(&text);
        }
    }

    fn faults(&self, text: &str) -> Vec<Fault> {
        match Problem::parse(text) {
            Ok(_) if filled_span(text).is_none() => vec![Fault::new(1, 1, "no \"filled\" array to paint in")],
            Ok(_) => Vec::new(),
            Err(e) => vec![Fault::new(e.line, e.column.unwrap_or(1), e.message)],
        }
    }

    /// A problem a match accepts may still end at once: its view says the next unit does not
    /// fit, and so do the hints, for each seed where it happens.
    fn hints(&self, text: &str) -> Vec<String> {
        let Ok(problem) = Problem::parse(text) else { return Vec::new() };
        let Ok(rules) = kibitz_icfp2015::Rules::new(problem.clone(), &[] as &[&str]) else { return Vec::new() };
        let rules = std::sync::Arc::new(rules);
        problem
            .source_seeds()
            .iter()
            .filter(|&&seed| {
                matches!(kibitz_icfp2015::State::new(rules.clone(), seed).ending(), Some(kibitz_icfp2015::Ending::BoardFull { .. }))
            })
            .map(|seed| format!("seed {seed}: the first unit does not fit where it appears, so a game on it is over at once (scores 0)"))
            .collect()
    }

    fn view(&self, text: &str, title: String) -> Result<Box<dyn GameView>, String> {
        let problem = Problem::parse(text).map_err(|e| e.to_string())?;
        let seed = problem.source_seeds().first().copied().unwrap_or(0);
        let setup = Setup { problem, seed, phrases: Vec::new() };
        let header = ReplayHeader::new::<Icfp2015>(setup, 0, vec![PlayerInfo::human("solver")], None);
        Ok(Box::new(Icfp2015View::new(title, Replay { header, records: Vec::new(), end: None })?))
    }

    fn cell_at(&self, rect: egui::Rect, camera: &BoardCamera, board: Board, p: egui::Pos2) -> Option<(usize, usize)> {
        board_cell_at(rect, camera, board.cols as u32, board.rows as u32, p)
    }

    fn extension(&self) -> &'static str {
        "json"
    }

    fn play_now(&self, map: &Path, _text: &str) -> PlayNow {
        PlayNow {
            hand: vec!["--problem".into(), arg(map)],
            bots: vec!["--problem".into(), arg(map), "--time-limit".into(), "20".into(), "--".into(), "kibitz solve icfp2015".into()],
        }
    }
}
