//! The lighthouses map in the editor (`kibitz edit lighthouses`): water and island painted, the
//! lighthouses and the players' starts placed; checked by the map's own parser (the one a match
//! uses); fair-map hints from each start's distances to the lighthouses.

use super::view::LighthousesView;
use crate::kit::contract::view::GameView;
use crate::kit::editor::{Fault, MapFormat, PlayNow, Tool, arg, sample_bot};
use bevy_egui::egui;
use kibitz_core::replay::{PlayerInfo, Replay, ReplayHeader};
use kibitz_editor::{Board, Editor, Sheet};
use kibitz_lighthouses::{Lighthouses, Map, Setup};
use std::path::Path;

pub struct LighthousesMaps;

const TOOLS: &[Tool] = &[
    Tool { name: "island", help: "land the players walk on", cell: |_| ' ', single: false },
    Tool { name: "water", help: "no one walks here (the border is always water)", cell: |_| '#', single: false },
    Tool { name: "lighthouse", help: "a lighthouse to take and connect", cell: |_| '!', single: true },
    Tool {
        name: "start",
        help: "a player's start, numbered from 0 as the seats are (the file writes A, B, C, D; mirrored starts take the next)",
        cell: |k| (b'A' + k as u8) as char,
        single: true,
    },
];

impl MapFormat for LighthousesMaps {
    fn game(&self) -> &'static str {
        "lighthouses"
    }

    /// The game's own coordinates: x from the left, y upwards from the bottom row.
    fn place_name(&self, board: Board, x: usize, y: usize) -> String {
        format!("cell ({x}, {})", board.rows.saturating_sub(1 + y))
    }

    fn tools(&self) -> &'static [Tool] {
        TOOLS
    }

    fn new_map(&self, width: usize, height: usize) -> Sheet {
        Sheet::new(width.max(3), height.max(3), ' ', '#')
    }

    fn faults(&self, text: &str) -> Vec<Fault> {
        match Map::parse(text) {
            Ok(map) if map.start_count() == 0 => vec![Fault::new(1, 1, "no start: place at least one (a letter)")],
            Ok(_) => Vec::new(),
            Err(e) => vec![Fault::new(e.line, e.column.unwrap_or(1), e.message)],
        }
    }

    fn hints(&self, text: &str) -> Vec<String> {
        let Ok(map) = Map::parse(text) else { return Vec::new() };
        // Numbered as the board and the seats number them (start A is seat 0).
        map.labelled_starts()
            .iter()
            .enumerate()
            .map(|(k, &(_, at))| {
                let steps = map.steps_from(at);
                let mut near: Vec<u32> = map.lighthouses().iter().filter_map(|&l| map.index(l).map(|i| steps[i])).collect();
                near.retain(|&d| d != u32::MAX);
                near.sort();
                let shown: Vec<String> = near.iter().take(3).map(u32::to_string).collect();
                format!("start {k}: the nearest lighthouses {} steps away", shown.join(", "))
            })
            .collect()
    }

    fn view(&self, text: &str, title: String) -> Result<Box<dyn GameView>, String> {
        let map = Map::parse(text).map_err(|e| e.to_string())?;
        let players = (0..map.start_count()).map(|k| PlayerInfo::human(format!("start {k}"))).collect();
        let header = ReplayHeader::new::<Lighthouses>(Setup { map, rounds: 1 }, 0, players, None);
        let view = LighthousesView::new(title, Replay { header, records: Vec::new(), end: None })?;
        Ok(Box::new(view))
    }

    fn paint(&self, editor: &mut Editor, board: Board, tool: &Tool, at: (usize, usize), image: usize, _previous: Option<(usize, usize)>) {
        let cell = (tool.cell)(image);
        // A start is moved: its letter leaves the cell it was on.
        if cell.is_alphanumeric() {
            let placed: Vec<(usize, usize)> = (0..board.rows)
                .flat_map(|y| (0..board.cols).map(move |x| (x, y)))
                .filter(|&(x, y)| editor.sheet().get(x, y) == Some(cell))
                .collect();
            for (x, y) in placed {
                editor.set(x, y, ' ');
            }
        }
        editor.set(at.0, board.first + at.1, cell);
    }

    /// Every start is played: by hand, seat 0 against our bots in the others.
    fn play_now(&self, map: &Path, text: &str) -> PlayNow {
        let seats = Map::parse(text).map_or(2, |m| m.start_count());
        let bots = |from: usize| (from..seats).map(|k| sample_bot("lighthouses", ["greedy", "random"][k % 2], k));
        let rounds = ["--map".into(), arg(map), "--rounds".into(), "60".into(), "--".into()];
        PlayNow { hand: rounds.clone().into_iter().chain(bots(1)).collect(), bots: rounds.into_iter().chain(bots(0)).collect() }
    }

    fn cell_colour(&self, c: char) -> egui::Color32 {
        match c {
            '#' => egui::Color32::from_rgb(18, 38, 66),
            ' ' => egui::Color32::from_rgb(70, 78, 62),
            '!' => egui::Color32::from_rgb(214, 162, 70),
            _ => egui::Color32::from_rgb(230, 230, 230),
        }
    }
}
