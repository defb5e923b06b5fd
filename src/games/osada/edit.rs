//! The osada settlement in the editor (`kibitz edit osada`): solid, soggy and blocked ground
//! painted on the N × N board (a brush for big boards), banner masts placed and lifted, each a
//! `mast PX PY` line after the rows; checked by the settlement's own parser (every open field
//! connected, masts on solid ground with room to start); a random settlement from `kibitz
//! settlement`'s generator; fair-map hints from each mast's surroundings.

use super::view::OsadaView;
use crate::kit::contract::view::GameView;
use crate::kit::editor::{Fault, MapFormat, PlayNow, Tool, arg, sample_bot};
use bevy_egui::egui;
use kibitz_core::replay::{PlayerInfo, Replay, ReplayHeader};
use kibitz_editor::{Board, Editor, Sheet};
use kibitz_osada::settlement::{MAX_N, MIN_N, Terrain, parse_mast};
use kibitz_osada::{Osada, Params, Settlement};
use std::path::Path;
use std::sync::Arc;

pub struct OsadaSettlements;

const MAST: &str = "mast";

const TOOLS: &[Tool] = &[
    Tool { name: "solid", help: "solid ground: troops walk and build here", cell: |_| '.', single: false },
    Tool { name: "soggy", help: "soggy ground: slow going, no building", cell: |_| '*', single: false },
    Tool { name: "blocked", help: "nobody passes (every open field must still connect)", cell: |_| '#', single: false },
    Tool { name: MAST, help: "a team's banner mast on solid ground (a press on a mast lifts it)", cell: |_| '.', single: true },
];

/// The (x, y) board cell of a `mast PX PY …` line (PX, PY from 1), as the settlement reads it.
fn mast_cell(line: &str) -> Option<(usize, usize)> {
    let (x, y) = parse_mast(line.strip_prefix(MAST)?, 0).ok()?.at;
    Some((usize::try_from(x - 1).ok()?, usize::try_from(y - 1).ok()?))
}

impl MapFormat for OsadaSettlements {
    fn game(&self) -> &'static str {
        "osada"
    }

    fn tools(&self) -> &'static [Tool] {
        TOOLS
    }

    fn new_map(&self, cols: usize, rows: usize) -> Sheet {
        let n = cols.max(rows).clamp(MIN_N as usize, MAX_N as usize);
        Sheet::new(n, n, '.', '.')
    }

    /// The rows before the first mast line.
    fn board(&self, sheet: &Sheet) -> Board {
        let masts = (0..sheet.height()).find(|&y| sheet.line(y).is_some_and(|l| l.starts_with(MAST))).unwrap_or(sheet.height());
        let rows = (0..masts).rev().find(|&y| sheet.line_len(y) > 0).map_or(0, |y| y + 1);
        Board { first: 0, cols: (0..rows).map(|y| sheet.line_len(y)).max().unwrap_or(0), rows }
    }

    fn paint(&self, editor: &mut Editor, board: Board, tool: &Tool, at: (usize, usize), _image: usize, _previous: Option<(usize, usize)>) {
        let mast_line = (board.rows..editor.sheet().height()).find(|&y| editor.sheet().line(y).and_then(|l| mast_cell(&l)) == Some(at));
        match (tool.name, mast_line) {
            (MAST, Some(line)) => editor.remove_line(line),
            (MAST, None) => editor.insert_line(editor.sheet().height(), &format!("{MAST} {} {}", at.0 + 1, at.1 + 1)),
            // Ground painted under a mast leaves it where it is: the check says if it may stay.
            _ => editor.set(at.0, board.first + at.1, (tool.cell)(0)),
        }
    }

    fn faults(&self, text: &str) -> Vec<Fault> {
        match Settlement::parse(text) {
            Ok(s) if s.masts.is_empty() => vec![Fault::new(1, 1, "no mast: a game needs one a team")],
            Ok(_) => Vec::new(),
            // A mast's fault is marked on the mast.
            Err(e) => {
                let mast = text.lines().nth(e.line.wrapping_sub(1)).and_then(mast_cell);
                vec![Fault::new(e.line, e.column, e.message).on_cell(mast)]
            }
        }
    }

    fn hints(&self, text: &str) -> Vec<String> {
        let Ok(s) = Settlement::parse(text) else { return Vec::new() };
        const NEAR: i32 = 12;
        s.masts
            .iter()
            .map(|m| {
                let (x, y) = m.at;
                let fields: Vec<Terrain> =
                    (-NEAR..=NEAR).flat_map(|dy| (-NEAR..=NEAR).map(move |dx| (x + dx, y + dy))).filter_map(|f| s.terrain(f)).collect();
                let solid = fields.iter().filter(|&&t| t == Terrain::Solid).count() * 100 / fields.len().max(1);
                let other = s.masts.iter().filter(|o| o.at != m.at).map(|o| (o.at.0 - x).abs().max((o.at.1 - y).abs())).min();
                let border = (x - 1).min(y - 1).min(s.n as i32 - x).min(s.n as i32 - y);
                format!(
                    "mast ({x}, {y}): {solid} % solid within {NEAR}, the nearest mast {} away, the border {border}",
                    other.map_or("–".into(), |d| d.to_string())
                )
            })
            .collect()
    }

    fn view(&self, text: &str, title: String) -> Result<Box<dyn GameView>, String> {
        let settlement = Settlement::parse(text).map_err(|e| e.to_string())?;
        let teams = settlement.masts.len();
        let game = Params { n: settlement.n, settlement: Some(Arc::new(settlement)), ..Params::default() };
        let setup = kibitz_osada::Setup { common: Default::default(), game };
        let players = (0..teams).map(|k| PlayerInfo::human(format!("mast {}", k + 1))).collect();
        let header = ReplayHeader::new::<Osada>(setup, 0, players, None);
        Ok(Box::new(OsadaView::new(title, Replay { header, records: Vec::new(), end: None })?))
    }

    fn can_generate(&self) -> bool {
        true
    }

    fn generate(&self, seed: u64, board: Board) -> Result<String, String> {
        let n = (board.cols.max(board.rows) as u32).clamp(MIN_N, MAX_N);
        kibitz_osada::generate::settlement(n, 4, seed).map(|s| s.to_text())
    }

    fn play_now(&self, map: &Path, text: &str) -> PlayNow {
        let teams = Settlement::parse(text).map_or(2, |s| s.masts.len());
        let bots = (0..teams).map(|k| sample_bot("osada", "defender", k));
        let quick = ["--game-turns", "100", "--turn-ms", "150"].map(String::from);
        // By hand: team 0 against our clients in every other team, the clock paused until T (the
        // window shows turn 1, not a game already under way).
        let others: Vec<String> = bots.clone().skip(1).collect();
        PlayNow {
            hand: ["--settlement".into(), arg(map), "--paused".into(), "--".into()].into_iter().chain(others).collect(),
            bots: ["--settlement".into(), arg(map)].into_iter().chain(quick).chain(["--".into()]).chain(bots).collect(),
        }
    }

    /// As the view draws the ground.
    fn cell_colour(&self, c: char) -> egui::Color32 {
        match c {
            '*' => egui::Color32::from_rgb(96, 132, 104),
            '#' => egui::Color32::from_rgb(58, 58, 64),
            _ => egui::Color32::from_rgb(186, 174, 146),
        }
    }
}
