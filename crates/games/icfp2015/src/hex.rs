//! Hex geometry: the board's offset coordinates and cube coordinates for exact moves and turns.
//!
//! The board uses offset coordinates with odd rows shifted right (seed 003, "The Board"): a
//! cell's north-west neighbour is the cell with the same column in the row above when the row is
//! odd. Moves and rotations are done in cube coordinates, where a move is one fixed vector and a
//! 60° turn about a point is a permutation with sign change, so nothing depends on row parity.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A cell in offset coordinates: `x` the column, `y` the row (0 at the top). Serialised as
/// `{"x": .., "y": ..}`, as the problem files write it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Cell {
    pub x: i32,
    pub y: i32,
}

impl Cell {
    pub const fn new(x: i32, y: i32) -> Self {
        Self { x, y }
    }

    /// The neighbouring cell in direction `d`.
    pub fn moved(self, d: Direction) -> Cell {
        self.cube().add(d.vector()).cell()
    }

    /// This cell in cube coordinates.
    pub fn cube(self) -> Cube {
        Cube::from_cell(self)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// Cube coordinates: `x + y + z == 0`. `z` is the row; `x` grows to the east along a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Cube {
    pub x: i32,
    pub y: i32,
    pub z: i32,
}

impl Cube {
    /// The cube vector `(x, z)` with `y` implied.
    pub const fn xz(x: i32, z: i32) -> Self {
        Self { x, y: -x - z, z }
    }

    /// Odd rows shifted right: `x = column - floor(row / 2)`. `>> 1` floors for negative rows
    /// too, so pivots above the board convert correctly.
    pub const fn from_cell(c: Cell) -> Self {
        Self::xz(c.x - (c.y >> 1), c.y)
    }

    pub const fn cell(self) -> Cell {
        Cell { x: self.x + (self.z >> 1), y: self.z }
    }

    pub const fn add(self, o: Cube) -> Cube {
        Cube { x: self.x + o.x, y: self.y + o.y, z: self.z + o.z }
    }

    pub const fn sub(self, o: Cube) -> Cube {
        Cube { x: self.x - o.x, y: self.y - o.y, z: self.z - o.z }
    }

    /// This vector turned 60° clockwise (on screen, rows growing downwards): E → SE → SW → W.
    pub const fn turned_cw(self) -> Cube {
        Cube { x: -self.z, y: -self.x, z: -self.y }
    }

    /// This vector turned 60° counter-clockwise: E → NE → NW → W.
    pub const fn turned_ccw(self) -> Cube {
        Cube { x: -self.y, y: -self.z, z: -self.x }
    }

    /// This vector turned by `n` sixths of a turn clockwise (negative: counter-clockwise).
    pub fn turned(self, n: i32) -> Cube {
        let mut v = self;
        for _ in 0..n.rem_euclid(6) {
            v = v.turned_cw();
        }
        v
    }

    /// This point rotated 60° about `pivot` in direction `turn`.
    pub fn rotated_about(self, pivot: Cube, turn: Turn) -> Cube {
        let v = self.sub(pivot);
        pivot.add(match turn {
            Turn::Clockwise => v.turned_cw(),
            Turn::CounterClockwise => v.turned_ccw(),
        })
    }
}

/// The four moves of the game (the board has no way up).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Direction {
    E,
    W,
    SE,
    SW,
}

impl Direction {
    /// The move as a cube vector: the same for every row.
    pub const fn vector(self) -> Cube {
        match self {
            Direction::E => Cube::xz(1, 0),
            Direction::W => Cube::xz(-1, 0),
            Direction::SE => Cube::xz(0, 1),
            Direction::SW => Cube::xz(-1, 1),
        }
    }
}

/// A 60° turn about a unit's pivot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Turn {
    Clockwise,
    CounterClockwise,
}

impl Turn {
    /// +1 for clockwise, -1 for counter-clockwise: sixths of a turn.
    pub const fn sixths(self) -> i32 {
        match self {
            Turn::Clockwise => 1,
            Turn::CounterClockwise => -1,
        }
    }
}

/// `c` rotated 60° about `pivot`, both in offset coordinates.
pub fn rotate_cell(c: Cell, pivot: Cell, turn: Turn) -> Cell {
    c.cube().rotated_about(pivot.cube(), turn).cell()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offset_and_cube_round_trip_including_negative_rows() {
        for y in -5..6 {
            for x in -5..6 {
                let c = Cell::new(x, y);
                let k = c.cube();
                assert_eq!(k.x + k.y + k.z, 0);
                assert_eq!(k.cell(), c);
            }
        }
    }

    #[test]
    fn moves_follow_the_odd_rows_shifted_right_layout() {
        // Even row: SE keeps the column, SW goes one left.
        assert_eq!(Cell::new(3, 2).moved(Direction::SE), Cell::new(3, 3));
        assert_eq!(Cell::new(3, 2).moved(Direction::SW), Cell::new(2, 3));
        // Odd row: SE goes one right, SW keeps the column.
        assert_eq!(Cell::new(3, 1).moved(Direction::SE), Cell::new(4, 2));
        assert_eq!(Cell::new(3, 1).moved(Direction::SW), Cell::new(3, 2));
        assert_eq!(Cell::new(3, 1).moved(Direction::E), Cell::new(4, 1));
        assert_eq!(Cell::new(3, 1).moved(Direction::W), Cell::new(2, 1));
        // Above the board (odd negative row) as well.
        assert_eq!(Cell::new(0, -1).moved(Direction::SE), Cell::new(1, 0));
    }

    #[test]
    fn six_turns_are_the_identity_and_cw_undoes_ccw() {
        let p = Cell::new(2, 3);
        for c in [Cell::new(0, 0), Cell::new(5, 4), Cell::new(2, -3), Cell::new(2, 3)] {
            let mut r = c;
            for _ in 0..6 {
                r = rotate_cell(r, p, Turn::Clockwise);
            }
            assert_eq!(r, c);
            assert_eq!(rotate_cell(rotate_cell(c, p, Turn::Clockwise), p, Turn::CounterClockwise), c);
        }
    }

    #[test]
    fn the_east_neighbour_turns_clockwise_through_the_six_neighbours() {
        let p = Cell::new(2, 2);
        let mut c = Cell::new(3, 2);
        let mut seen = Vec::new();
        for _ in 0..6 {
            seen.push(c);
            c = rotate_cell(c, p, Turn::Clockwise);
        }
        // E, SE, SW, W, NW, NE of an even-row cell.
        let expected = [(3, 2), (2, 3), (1, 3), (1, 2), (1, 1), (2, 1)].map(|(x, y)| Cell::new(x, y));
        assert_eq!(seen, expected);
    }
}
