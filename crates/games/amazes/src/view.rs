//! What a player is told at the start of its turn: the four corridor lines and the squared
//! distance to the opponent (seed 004, "Getting information").
//!
//! A corridor line lists the squares seen, nearest first, one letter each: `B` openings on both
//! sides, `L` to the left, `R` to the right, `N` neither; it always ends in `W`, the wall where
//! sight stops. Left and right are as seen looking down that corridor.

use crate::geom::{Dir, EdgeId, Placement, SIZE, Square};
use crate::maze::Maze;
use serde::{Deserialize, Serialize};

/// The information of one turn, as sent to the bot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Ahead, to the right, behind, to the left (relative to the facing).
    pub corridors: [String; 4],
    /// Δrow² + Δcol² to the opponent.
    pub distance2: u32,
}

/// The absolute directions of the four corridor lines, in the order they are sent.
pub fn looking(facing: Dir) -> [Dir; 4] {
    [facing, facing.right(), facing.back(), facing.left()]
}

impl View {
    /// What a player at `at` sees, with the opponent at `opponent`.
    pub fn of(maze: &Maze, at: Placement, opponent: Square) -> View {
        View::with_lines(at, opponent, |d| corridor(maze, at.square, d))
    }

    /// The view at `at`, the corridor line looking each way (absolute) given by `line`.
    pub(crate) fn with_lines(at: Placement, opponent: Square, line: impl FnMut(Dir) -> String) -> View {
        View { corridors: looking(at.facing).map(line), distance2: at.square.distance2(opponent) }
    }

    /// The five lines, in protocol order.
    pub fn lines(&self) -> Vec<String> {
        let mut out: Vec<String> = self.corridors.to_vec();
        out.push(self.distance2.to_string());
        out
    }
}

/// One letter of a corridor line: the next square, with its left and right sides open or not
/// (`B`, `L`, `R`, `N`), or the wall that ends the line (`W`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CorridorStep {
    Square { left: bool, right: bool },
    Wall,
}

impl CorridorStep {
    pub fn letter(self) -> char {
        match self {
            CorridorStep::Square { left: true, right: true } => 'B',
            CorridorStep::Square { left: true, right: false } => 'L',
            CorridorStep::Square { left: false, right: true } => 'R',
            CorridorStep::Square { left: false, right: false } => 'N',
            CorridorStep::Wall => 'W',
        }
    }

    /// `None` for a letter the protocol does not use.
    pub fn from_letter(c: char) -> Option<CorridorStep> {
        Some(match c {
            'B' => CorridorStep::Square { left: true, right: true },
            'L' => CorridorStep::Square { left: true, right: false },
            'R' => CorridorStep::Square { left: false, right: true },
            'N' => CorridorStep::Square { left: false, right: false },
            'W' => CorridorStep::Wall,
            _ => return None,
        })
    }
}

/// The corridor line seen from `from` looking `dir`.
pub fn corridor(maze: &Maze, from: Square, dir: Dir) -> String {
    // At most 24 squares and the wall: room for all of them at once.
    let mut line = String::with_capacity(SIZE);
    let mut pos = from;
    while !maze.wall(pos, dir) {
        let Some(next) = pos.step(dir) else { break };
        pos = next;
        line.push(CorridorStep::Square { left: !maze.wall(pos, dir.left()), right: !maze.wall(pos, dir.right()) }.letter());
    }
    line.push(CorridorStep::Wall.letter());
    line
}

/// One thing a corridor line tells, in the order [`read_corridor`] reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Told {
    /// This edge is open.
    Opening(EdgeId),
    /// This edge is a wall.
    Wall(EdgeId),
    /// This square is seen (a square of the corridor, or one directly behind a side opening).
    Square(Square),
}

/// Reads the corridor line `line` seen from `from` looking `dir`, telling `told` each edge and
/// square it describes: per letter the edge crossed, the square entered, then its left and right
/// sides (and the square behind an open one); the wall where sight stops last.
pub fn read_corridor(from: Square, dir: Dir, line: &str, mut told: impl FnMut(Told)) {
    let mut pos = from;
    // The letters are ASCII, so bytes will do: a byte of any other character is no letter
    // either and ends the line where that character would.
    for c in line.bytes().map(char::from) {
        let (left, right) = match CorridorStep::from_letter(c) {
            Some(CorridorStep::Square { left, right }) => (left, right),
            Some(CorridorStep::Wall) => return told(Told::Wall(pos.edge(dir))),
            None => return,
        };
        told(Told::Opening(pos.edge(dir)));
        let Some(next) = pos.step(dir) else { return };
        pos = next;
        told(Told::Square(pos));
        for (side, open) in [(dir.left(), left), (dir.right(), right)] {
            if open {
                told(Told::Opening(pos.edge(side)));
                if let Some(beyond) = pos.step(side) {
                    told(Told::Square(beyond));
                }
            } else {
                told(Told::Wall(pos.edge(side)));
            }
        }
    }
}
