//! Squares, directions, placements, moves and edges of the 25×25 grid.
//!
//! Rows count from the top (row 0 is the first row of squares in a maze file), columns from the
//! left, both 0-based in code and in JSON. Only the start lines of a maze file and `Display`
//! use 1-based numbers, as people count.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Squares per side.
pub const SIZE: usize = 25;
/// Squares in a maze.
pub const SQUARES: usize = SIZE * SIZE;
/// Horizontal edges: 26 lines of 25, the line above row `r` first.
pub const H_EDGES: usize = (SIZE + 1) * SIZE;
/// All edges: the horizontal ones, then 25 rows of 26 vertical ones.
pub const EDGES: usize = H_EDGES + SIZE * (SIZE + 1);

/// One square of the grid; always on the grid. Serialised as `[row, col]`, 0-based.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "[u8; 2]", into = "[u8; 2]")]
pub struct Square {
    row: u8,
    col: u8,
}

impl Square {
    /// The square at 0-based `row` and `col`, if that is on the grid.
    pub fn new(row: usize, col: usize) -> Option<Square> {
        (row < SIZE && col < SIZE).then_some(Square { row: row as u8, col: col as u8 })
    }

    /// The square with this index in reading order (`row * 25 + col`).
    pub fn from_index(index: usize) -> Option<Square> {
        Square::new(index / SIZE, index % SIZE)
    }

    pub fn row(self) -> usize {
        self.row as usize
    }

    pub fn col(self) -> usize {
        self.col as usize
    }

    /// Index in reading order, `row * 25 + col`.
    pub fn index(self) -> usize {
        self.row() * SIZE + self.col()
    }

    /// All 625 squares in reading order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARES).map(|i| Square { row: (i / SIZE) as u8, col: (i % SIZE) as u8 })
    }

    /// The neighbouring square in direction `dir`, if it is on the grid.
    pub fn step(self, dir: Dir) -> Option<Square> {
        let (dr, dc) = dir.delta();
        Square::new(self.row().checked_add_signed(dr)?, self.col().checked_add_signed(dc)?)
    }

    /// The edge on side `dir` of this square.
    pub fn edge(self, dir: Dir) -> EdgeId {
        EdgeId::of(self, dir)
    }

    /// Squared Euclidean distance, Δrow² + Δcol², as the protocol reports it.
    pub fn distance2(self, other: Square) -> u32 {
        let dr = self.row().abs_diff(other.row()) as u32;
        let dc = self.col().abs_diff(other.col()) as u32;
        dr * dr + dc * dc
    }
}

impl fmt::Display for Square {
    /// 1-based, as in the start lines of a maze file: `row 3, column 5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "row {}, column {}", self.row() + 1, self.col() + 1)
    }
}

impl TryFrom<[u8; 2]> for Square {
    type Error = String;
    fn try_from([row, col]: [u8; 2]) -> Result<Self, String> {
        Square::new(row as usize, col as usize).ok_or_else(|| format!("square [{row}, {col}] is off the 25×25 grid"))
    }
}

impl From<Square> for [u8; 2] {
    fn from(s: Square) -> Self {
        [s.row, s.col]
    }
}

/// A compass direction; north is up (towards row 0). Serialised as `"N"`, `"E"`, `"S"`, `"W"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Dir {
    N,
    E,
    S,
    W,
}

impl Dir {
    /// Clockwise from north.
    pub const ALL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

    fn from_index(i: usize) -> Dir {
        Dir::ALL[i % 4]
    }

    fn index(self) -> usize {
        self as usize
    }

    pub fn right(self) -> Dir {
        Dir::from_index(self.index() + 1)
    }

    pub fn back(self) -> Dir {
        Dir::from_index(self.index() + 2)
    }

    pub fn left(self) -> Dir {
        Dir::from_index(self.index() + 3)
    }

    /// (Δrow, Δcol) of one step.
    pub fn delta(self) -> (isize, isize) {
        match self {
            Dir::N => (-1, 0),
            Dir::E => (0, 1),
            Dir::S => (1, 0),
            Dir::W => (0, -1),
        }
    }

    pub fn letter(self) -> char {
        match self {
            Dir::N => 'N',
            Dir::E => 'E',
            Dir::S => 'S',
            Dir::W => 'W',
        }
    }

    pub fn from_letter(c: char) -> Option<Dir> {
        match c {
            'N' => Some(Dir::N),
            'E' => Some(Dir::E),
            'S' => Some(Dir::S),
            'W' => Some(Dir::W),
            _ => None,
        }
    }
}

/// Where a player stands and which way it faces. Serialised compactly as `[row, col, "N"]`,
/// because a turn's path can hold 258 of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "(u8, u8, Dir)", into = "(u8, u8, Dir)")]
pub struct Placement {
    pub square: Square,
    pub facing: Dir,
}

impl Placement {
    pub fn new(square: Square, facing: Dir) -> Self {
        Self { square, facing }
    }

    /// The moves that walk `path` (each square a neighbour of the one before, the first of
    /// this placement's), and where they end: a planned path as a line of moves.
    pub fn moves_along(self, path: &[Square]) -> (Vec<Move>, Placement) {
        let mut at = self;
        let mut moves = Vec::with_capacity(path.len());
        for &next in path {
            let dir = Dir::ALL.into_iter().find(|&d| at.square.step(d) == Some(next)).expect("neighbours");
            moves.push([Move::F, Move::R, Move::T, Move::L].into_iter().find(|m| m.direction(at.facing) == dir).unwrap());
            at = Placement::new(next, dir);
        }
        (moves, at)
    }
}

impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, facing {}", self.square, self.facing.letter())
    }
}

impl TryFrom<(u8, u8, Dir)> for Placement {
    type Error = String;
    fn try_from((row, col, facing): (u8, u8, Dir)) -> Result<Self, String> {
        Ok(Placement { square: Square::try_from([row, col])?, facing })
    }
}

impl From<Placement> for (u8, u8, Dir) {
    fn from(p: Placement) -> Self {
        (p.square.row, p.square.col, p.facing)
    }
}

/// One move of a turn: which way to turn before stepping.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// Step forward.
    F,
    /// Turn around, then step.
    T,
    /// Turn left, then step.
    L,
    /// Turn right, then step.
    R,
}

impl Move {
    /// The direction of the step when facing `facing`.
    pub fn direction(self, facing: Dir) -> Dir {
        match self {
            Move::F => facing,
            Move::T => facing.back(),
            Move::L => facing.left(),
            Move::R => facing.right(),
        }
    }

    pub fn letter(self) -> char {
        match self {
            Move::F => 'F',
            Move::T => 'T',
            Move::L => 'L',
            Move::R => 'R',
        }
    }

    pub fn from_letter(c: char) -> Option<Move> {
        match c {
            'F' => Some(Move::F),
            'T' => Some(Move::T),
            'L' => Some(Move::L),
            'R' => Some(Move::R),
            _ => None,
        }
    }
}

/// One edge of the grid (a wall position between two squares, or on the outer edge).
///
/// Numbered 0..1300: first the horizontal edges, line by line from the top (`line * 25 + col`,
/// line 0 being the top outer edge), then the vertical ones (`650 + row * 26 + k`, k = 0 being
/// the left outer edge).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct EdgeId(u16);

impl EdgeId {
    pub fn of(square: Square, dir: Dir) -> EdgeId {
        let (r, c) = (square.row(), square.col());
        let i = match dir {
            Dir::N => r * SIZE + c,
            Dir::S => (r + 1) * SIZE + c,
            Dir::W => H_EDGES + r * (SIZE + 1) + c,
            Dir::E => H_EDGES + r * (SIZE + 1) + c + 1,
        };
        EdgeId(i as u16)
    }

    pub fn from_index(index: usize) -> Option<EdgeId> {
        (index < EDGES).then_some(EdgeId(index as u16))
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// All 1300 edges in index order.
    pub fn all() -> impl Iterator<Item = EdgeId> {
        (0..EDGES as u16).map(EdgeId)
    }

    /// A horizontal edge separates a square from the one above or below it.
    pub fn is_horizontal(self) -> bool {
        self.index() < H_EDGES
    }

    /// Part of the outer edge of the maze.
    pub fn is_outer(self) -> bool {
        let [a, b] = self.squares();
        a.is_none() || b.is_none()
    }

    /// The squares on either side: above then below, or left then right. One is `None` on the
    /// outer edge.
    pub fn squares(self) -> [Option<Square>; 2] {
        let i = self.index();
        if i < H_EDGES {
            let (line, col) = (i / SIZE, i % SIZE);
            [line.checked_sub(1).and_then(|r| Square::new(r, col)), Square::new(line, col)]
        } else {
            let j = i - H_EDGES;
            let (row, k) = (j / (SIZE + 1), j % (SIZE + 1));
            [k.checked_sub(1).and_then(|c| Square::new(row, c)), Square::new(row, k)]
        }
    }

    /// The two lattice points (corners) the edge joins, as `(line, post)`: both 0..=25, line 0
    /// being the top outer edge and post 0 the left one. For drawing.
    pub fn corners(self) -> [(usize, usize); 2] {
        let i = self.index();
        if i < H_EDGES {
            let (line, col) = (i / SIZE, i % SIZE);
            [(line, col), (line, col + 1)]
        } else {
            let j = i - H_EDGES;
            let (row, k) = (j / (SIZE + 1), j % (SIZE + 1));
            [(row, k), (row + 1, k)]
        }
    }

    /// Where the edge is written in the 51-line maze text: (1-based line, 1-based column),
    /// counting maze lines only (add 2 when a file has start lines).
    pub fn text_position(self) -> (usize, usize) {
        let i = self.index();
        if i < H_EDGES {
            let (line, col) = (i / SIZE, i % SIZE);
            (2 * line + 1, 2 * col + 2)
        } else {
            let j = i - H_EDGES;
            let (row, k) = (j / (SIZE + 1), j % (SIZE + 1));
            (2 * row + 2, 2 * k + 1)
        }
    }
}

/// The four edges that meet at an interior lattice point `(line, post)` (both 1..=24):
/// up, right, down, left.
pub fn corner_edges(line: usize, post: usize) -> [EdgeId; 4] {
    let below_left = Square { row: line as u8, col: (post - 1) as u8 };
    let above_right = Square { row: (line - 1) as u8, col: post as u8 };
    [EdgeId::of(above_right, Dir::W), EdgeId::of(above_right, Dir::S), EdgeId::of(below_left, Dir::E), EdgeId::of(below_left, Dir::N)]
}

/// The indices of the set bits of `words`, in increasing order: a set's members without testing
/// every square or edge.
fn set_bits(words: &[u64]) -> impl Iterator<Item = usize> + '_ {
    words.iter().enumerate().flat_map(|(k, &word)| {
        let mut rest = word;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let bit = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                k * 64 + bit
            })
        })
    })
}

/// A set of squares, as a 625-bit set: cheap to copy into keyframes and to test.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SquareSet([u64; 10]);

impl SquareSet {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn contains(&self, s: Square) -> bool {
        let i = s.index();
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    /// Adds `s`; true if it was not there yet.
    pub fn insert(&mut self, s: Square) -> bool {
        let i = s.index();
        let fresh = !self.contains(s);
        self.0[i / 64] |= 1 << (i % 64);
        fresh
    }

    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    pub fn is_full(&self) -> bool {
        self.len() == SQUARES
    }

    /// Members in reading order.
    pub fn iter(&self) -> impl Iterator<Item = Square> + '_ {
        set_bits(&self.0).map(|i| Square { row: (i / SIZE) as u8, col: (i % SIZE) as u8 })
    }

    pub fn union(&self, other: &SquareSet) -> SquareSet {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0) {
            *a |= b;
        }
        out
    }

    pub fn intersection(&self, other: &SquareSet) -> SquareSet {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0) {
            *a &= b;
        }
        out
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|s| (s.row(), s.col()))).finish()
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        let mut set = SquareSet::new();
        for s in iter {
            set.insert(s);
        }
        set
    }
}

/// A set of edges (1300 bits).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct EdgeSet([u64; EDGES.div_ceil(64)]);

impl Default for EdgeSet {
    fn default() -> Self {
        EdgeSet([0; EDGES.div_ceil(64)])
    }
}

impl EdgeSet {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn contains(&self, e: EdgeId) -> bool {
        let i = e.index();
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    /// Adds `e`; true if it was not there yet.
    pub fn insert(&mut self, e: EdgeId) -> bool {
        let fresh = !self.contains(e);
        let i = e.index();
        self.0[i / 64] |= 1 << (i % 64);
        fresh
    }

    pub fn remove(&mut self, e: EdgeId) {
        let i = e.index();
        self.0[i / 64] &= !(1 << (i % 64));
    }

    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Members in index order.
    pub fn iter(&self) -> impl Iterator<Item = EdgeId> + '_ {
        set_bits(&self.0).map(|i| EdgeId(i as u16))
    }
}

impl fmt::Debug for EdgeSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|e| e.index())).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edges_of_neighbours_agree() {
        for s in Square::all() {
            for d in Dir::ALL {
                let e = s.edge(d);
                match s.step(d) {
                    Some(n) => {
                        assert_eq!(n.edge(d.back()), e);
                        assert!(!e.is_outer());
                        assert!(e.squares().contains(&Some(s)) && e.squares().contains(&Some(n)));
                    }
                    None => assert!(e.is_outer(), "{s} {d:?}"),
                }
            }
        }
        assert_eq!(EdgeId::all().filter(|e| e.is_outer()).count(), 100);
    }

    #[test]
    fn turning_is_consistent() {
        for d in Dir::ALL {
            assert_eq!(d.left().right(), d);
            assert_eq!(d.back().back(), d);
            assert_eq!(d.right().right(), d.back());
            assert_eq!(Move::T.direction(d), d.back());
        }
        assert_eq!(Dir::N.right(), Dir::E);
        assert_eq!(Dir::N.left(), Dir::W);
    }

    #[test]
    fn corner_edges_meet_at_their_corner() {
        for line in 1..SIZE {
            for post in 1..SIZE {
                for e in corner_edges(line, post) {
                    assert!(e.corners().contains(&(line, post)), "{e:?} at ({line},{post})");
                }
            }
        }
    }

    #[test]
    fn placements_serialise_compactly() {
        let p = Placement::new(Square::new(2, 4).unwrap(), Dir::W);
        let json = serde_json::to_string(&p).unwrap();
        assert_eq!(json, r#"[2,4,"W"]"#);
        assert_eq!(serde_json::from_str::<Placement>(&json).unwrap(), p);
        assert!(serde_json::from_str::<Placement>(r#"[25,0,"N"]"#).is_err());
    }
}
