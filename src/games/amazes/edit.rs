//! The Amazes maze in the editor (`kibitz edit amazes`): the CodeCup text as it is written, its
//! characters laid over the maze (a wall's `-` or `|` on the edge between two squares, a
//! square's middle between them), so walls are painted where they show; the starts placed on
//! squares (a second press turns one); checked by the maze's own parser (the CodeCup
//! properties: a closed outer edge, every corner touched, one connected maze); a random maze
//! from `kibitz maze generate`'s generator.

use super::view::{AmazesView, squares};
use crate::kit::contract::view::{BoardCamera, GameView};
use crate::kit::editor::{Fault, MapFormat, PlayNow, Tool, arg, sample_bot};
use crate::kit::viewing::grid::Grid;
use bevy_egui::egui;
use kibitz_amazes::maze::{parse_start, start_line};
use kibitz_amazes::{Amazes, Dir, Maze, Placement, SIZE, Square};
use kibitz_core::replay::{PlayerInfo, Replay, ReplayHeader};
use kibitz_editor::{Board, Editor, Sheet};
use std::path::Path;

pub struct AmazeMazes;

/// The maze's lines and characters a line: 2 × 25 + 1.
const TEXT_SIDE: usize = 2 * SIZE + 1;

const TOOLS: &[Tool] = &[
    Tool {
        name: "wall",
        help: "a wall on the edges painted (a square's middle and the corners stay as they are)",
        cell: |_| '+',
        single: false,
    },
    Tool { name: "open", help: "an open edge: the players pass", cell: |_| ' ', single: false },
    Tool { name: "red start", help: "Red's start on a square (press it again to turn it); mirrored, Blue's", cell: |_| 'R', single: true },
    Tool { name: "blue start", help: "Blue's start on a square (press it again to turn it); mirrored, Red's", cell: |_| 'B', single: true },
];

/// The square whose middle is text cell (x, y) of the maze, if it is one.
fn square_at((x, y): (usize, usize)) -> Option<Square> {
    (x % 2 == 1 && y % 2 == 1).then(|| Square::new(y / 2, x / 2)).flatten()
}

impl MapFormat for AmazeMazes {
    fn game(&self) -> &'static str {
        "amazes"
    }

    fn tools(&self) -> &'static [Tool] {
        TOOLS
    }

    /// Every wall standing but the outer edge's, which must: a maze to open up.
    fn new_map(&self, _cols: usize, _rows: usize) -> Sheet {
        Sheet::parse(&Maze::with_all_walls().to_text())
    }

    /// The 51 lines after the start lines (when the file has them).
    fn board(&self, sheet: &Sheet) -> Board {
        let first = if sheet.line(0).is_some_and(|l| !l.starts_with('+')) { 2 } else { 0 };
        Board { first, cols: TEXT_SIDE, rows: TEXT_SIDE.min(sheet.height().saturating_sub(first)) }
    }

    fn paint(
        &self,
        editor: &mut Editor,
        board: Board,
        tool: &Tool,
        (x, y): (usize, usize),
        image: usize,
        _previous: Option<(usize, usize)>,
    ) {
        let edge = match (x % 2, y % 2) {
            (1, 0) => '-',
            (0, 1) => '|',
            _ => ' ',
        };
        match (tool.cell)(0) {
            '+' if edge != ' ' => editor.set(x, board.first + y, edge),
            ' ' if edge != ' ' => editor.set(x, board.first + y, ' '),
            letter @ ('R' | 'B') => {
                // Each image places the other player: Red's mirrored start is Blue's.
                let seat = (usize::from(letter == 'B') + image) % 2;
                place_start(editor, board, seat, (x, y));
            }
            _ => {}
        }
    }

    fn faults(&self, text: &str) -> Vec<Fault> {
        match Maze::parse(text) {
            Ok(_) => Vec::new(),
            Err(e) => vec![Fault::new(e.line, e.column.unwrap_or(1), e.message)],
        }
    }

    fn hints(&self, text: &str) -> Vec<String> {
        let Ok(maze) = Maze::parse(text) else { return Vec::new() };
        let Some([red, blue]) = maze.starts else { return vec!["no start lines: a match draws the starts from its seed".into()] };
        let [from_red, from_blue] = [red.square, blue.square].map(|s| maze.steps_from(s));
        let far = |d: &[usize]| d.iter().copied().filter(|&d| d != usize::MAX).max().unwrap_or(0);
        vec![
            format!("Red and Blue are {} steps apart along the corridors", from_red[blue.square.index()]),
            format!("the farthest square: {} steps from Red, {} from Blue", far(&from_red), far(&from_blue)),
        ]
    }

    fn view(&self, text: &str, title: String) -> Result<Box<dyn GameView>, String> {
        let maze = Maze::parse(text).map_err(|e| e.to_string())?;
        let players = vec![PlayerInfo::human("Red"), PlayerInfo::human("Blue")];
        let header = ReplayHeader::new::<Amazes>(kibitz_amazes::Setup::new(maze), 0, players, None);
        Ok(Box::new(AmazesView::new(title, Replay { header, records: Vec::new(), end: None })?))
    }

    /// Half a square a character: a wall's character on its edge, a square's in its middle.
    fn grid(&self, rect: egui::Rect, camera: &BoardCamera, _board: Board) -> Grid {
        let squares = squares(rect, camera);
        let cell = squares.cell / 2.0;
        Grid { cols: TEXT_SIDE, rows: TEXT_SIDE, origin: squares.origin - egui::Vec2::splat(cell / 2.0), cell, clip: squares.clip }
    }

    fn can_generate(&self) -> bool {
        true
    }

    fn generate(&self, seed: u64, _board: Board) -> Result<String, String> {
        Ok(kibitz_amazes::generate(seed).to_text())
    }

    fn play_now(&self, map: &Path, _text: &str) -> PlayNow {
        let bots = (0..2).map(|k| sample_bot("amazes", "explorer", k));
        PlayNow { hand: vec!["--maze".into(), arg(map)], bots: ["--maze".into(), arg(map), "--".into()].into_iter().chain(bots).collect() }
    }
}

/// Puts `seat`'s start on text cell `at` (a square's middle), turning it when it is there
/// already; a file without start lines gets both, the other seat's on the square opposite.
fn place_start(editor: &mut Editor, board: Board, seat: usize, at: (usize, usize)) {
    let Some(square) = square_at(at) else { return };
    if board.first == 0 {
        let Some(opposite) = square_at((TEXT_SIDE - 1 - at.0, TEXT_SIDE - 1 - at.1)) else { return };
        let mine = Placement::new(square, Dir::N);
        let theirs = Placement::new(opposite, Dir::S);
        let [red, blue] = if seat == 0 { [mine, theirs] } else { [theirs, mine] };
        editor.insert_line(0, &start_line(blue));
        editor.insert_line(0, &start_line(red));
        return;
    }
    let now = parse_start(&editor.sheet().line(seat).unwrap_or_default(), seat + 1).ok();
    let facing = match now {
        // A press on the start turns it a quarter clockwise.
        Some(p) if p.square == square => p.facing.right(),
        Some(p) => p.facing,
        None => Dir::N,
    };
    editor.replace_line(seat, &start_line(Placement::new(square, facing)));
}
