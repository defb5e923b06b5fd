//! The asteroid: an N×N×N cube of fields (spec §2.2). Every field is one `u16` (metal counts,
//! material, the tunnels towards its +x/+y/+z neighbours), kept in chunks shared between copies
//! of the state, so that a keyframe costs a few pointers and a command that changes a field
//! copies one chunk.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// A field, coordinates 1…N.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Pos {
    pub x: i32,
    pub y: i32,
    pub z: i32,
}

impl Pos {
    #[inline]
    pub const fn new(x: i32, y: i32, z: i32) -> Self {
        Self { x, y, z }
    }

    /// The coordinates as an answer line prints them.
    pub fn ints(self) -> [i64; 3] {
        [self.x, self.y, self.z].map(i64::from)
    }

    #[inline]
    pub fn offset(self, d: [i32; 3]) -> Pos {
        Pos::new(self.x + d[0], self.y + d[1], self.z + d[2])
    }

    #[inline]
    pub fn get(self, axis: usize) -> i32 {
        [self.x, self.y, self.z][axis]
    }
}

impl fmt::Display for Pos {
    /// As the server prints coordinates: `PX PY PZ`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.x, self.y, self.z)
    }
}

/// The three metals, in the order the protocol lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Metal {
    Iron,
    Silver,
    Gold,
}

impl Metal {
    pub const ALL: [Metal; 3] = [Metal::Iron, Metal::Silver, Metal::Gold];
    /// Credits a station pays per unit.
    pub const PRICES: [i64; 3] = [1, 3, 5];

    pub fn index(self) -> usize {
        self as usize
    }

    /// What units of iron, silver and gold sell for at a station.
    pub fn value<T: Copy + Into<i64>>(units: [T; 3]) -> i64 {
        units.iter().zip(Metal::PRICES).map(|(&c, price)| c.into() * price).sum()
    }

    pub fn name(self) -> &'static str {
        ["IRON", "SILVER", "GOLD"][self.index()]
    }
}

/// One field's contents.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Cell(pub u16);

impl Cell {
    const STONE: u16 = 1 << 12;

    #[inline]
    pub fn metal(self, metal: Metal) -> u8 {
        ((self.0 >> (4 * metal.index())) & 0xf) as u8
    }

    #[inline]
    pub fn metals(self) -> [u8; 3] {
        Metal::ALL.map(|m| self.metal(m))
    }

    pub fn with_metal(self, metal: Metal, count: u8) -> Cell {
        let shift = 4 * metal.index();
        Cell((self.0 & !(0xf << shift)) | ((count.min(15) as u16) << shift))
    }

    #[inline]
    pub fn stone(self) -> bool {
        self.0 & Self::STONE != 0
    }

    pub fn with_stone(self, stone: bool) -> Cell {
        Cell(if stone { self.0 | Self::STONE } else { self.0 & !Self::STONE })
    }

    /// The tunnel to the neighbour at +1 along `axis`.
    #[inline]
    pub fn tunnel(self, axis: usize) -> bool {
        self.0 & (1 << (13 + axis)) != 0
    }

    pub fn with_tunnel(self, axis: usize) -> Cell {
        Cell(self.0 | (1 << (13 + axis)))
    }

    /// The material as the protocol names it.
    pub fn material(self) -> &'static str {
        if self.stone() { "STONE" } else { "GROUND" }
    }
}

/// Fields per shared chunk.
const CHUNK: usize = 4096;

/// A tunnel, named by its lower field and the axis to the other one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Tunnel {
    pub low: Pos,
    pub axis: u8,
}

impl Tunnel {
    /// The tunnel between two neighbouring fields.
    pub fn between(a: Pos, b: Pos) -> Option<Tunnel> {
        let d = [b.x - a.x, b.y - a.y, b.z - a.z];
        let axis = unit_axis(d)?;
        let low = if d[axis] > 0 { a } else { b };
        Some(Tunnel { low, axis: axis as u8 })
    }

    pub fn high(self) -> Pos {
        let mut d = [0; 3];
        d[self.axis as usize] = 1;
        self.low.offset(d)
    }
}

/// The axis of a unit step along one axis; `None` for any other offset.
pub fn unit_axis(d: [i32; 3]) -> Option<usize> {
    match d {
        [-1 | 1, 0, 0] => Some(0),
        [0, -1 | 1, 0] => Some(1),
        [0, 0, -1 | 1] => Some(2),
        _ => None,
    }
}

/// The cube's fields.
#[derive(Debug, Clone)]
pub struct World {
    n: i32,
    chunks: Vec<Arc<Vec<u16>>>,
}

impl World {
    /// An empty cube (all ground, no metal, no tunnels).
    pub fn new(n: i32) -> Self {
        let cells = (n as usize).pow(3);
        let chunks = (0..cells.div_ceil(CHUNK)).map(|i| Arc::new(vec![0; CHUNK.min(cells - i * CHUNK)])).collect();
        Self { n, chunks }
    }

    /// A cube of side `n` whose every field is `field(p)`, asked in the order the fields are
    /// stored (by x, then y, then z), so that a generator drawing from one random stream can
    /// fill it without a copy-on-write check per field.
    pub fn from_fn(n: i32, mut field: impl FnMut(Pos) -> Cell) -> Self {
        let mut cells = Vec::with_capacity((n as usize).pow(3));
        for x in 1..=n {
            for y in 1..=n {
                for z in 1..=n {
                    cells.push(field(Pos::new(x, y, z)).0);
                }
            }
        }
        Self { n, chunks: cells.chunks(CHUNK).map(|chunk| Arc::new(chunk.to_vec())).collect() }
    }

    #[inline]
    pub fn n(&self) -> i32 {
        self.n
    }

    #[inline]
    fn index(&self, p: Pos) -> usize {
        let n = self.n as usize;
        ((p.x - 1) as usize * n + (p.y - 1) as usize) * n + (p.z - 1) as usize
    }

    #[inline]
    pub fn inside(&self, p: Pos) -> bool {
        (1..=self.n).contains(&p.x) && (1..=self.n).contains(&p.y) && (1..=self.n).contains(&p.z)
    }

    /// How many of the six faces the field lies on (0 underground, 1 on a face, 2 on an edge,
    /// 3 at a corner).
    #[inline]
    pub fn faces(&self, p: Pos) -> usize {
        [p.x, p.y, p.z].iter().filter(|&&c| c == 1 || c == self.n).count()
    }

    #[inline]
    pub fn on_surface(&self, p: Pos) -> bool {
        self.inside(p) && self.faces(p) > 0
    }

    #[inline]
    pub fn underground(&self, p: Pos) -> bool {
        self.inside(p) && self.faces(p) == 0
    }

    /// Distance from the surface (0 on it).
    pub fn depth(&self, p: Pos) -> i32 {
        Self::depth_in(self.n, p)
    }

    /// [`World::depth`] in a cube of side `n`.
    pub fn depth_in(n: i32, p: Pos) -> i32 {
        (p.x - 1).min(n - p.x).min(p.y - 1).min(n - p.y).min(p.z - 1).min(n - p.z)
    }

    /// The field (inside the cube).
    #[inline]
    pub fn cell(&self, p: Pos) -> Cell {
        let i = self.index(p);
        Cell(self.chunks[i / CHUNK][i % CHUNK])
    }

    pub fn set(&mut self, p: Pos, cell: Cell) {
        let i = self.index(p);
        Arc::make_mut(&mut self.chunks[i / CHUNK])[i % CHUNK] = cell.0;
    }

    #[inline]
    pub fn has_tunnel(&self, t: Tunnel) -> bool {
        self.inside(t.low) && self.cell(t.low).tunnel(t.axis as usize)
    }

    pub fn add_tunnel(&mut self, t: Tunnel) {
        let cell = self.cell(t.low);
        self.set(t.low, cell.with_tunnel(t.axis as usize));
    }

    /// Whether stepping between two neighbouring fields needs a tunnel: one of them is
    /// underground.
    pub fn needs_tunnel(&self, a: Pos, b: Pos) -> bool {
        self.underground(a) || self.underground(b)
    }

    /// Whether a robot may step between two neighbouring fields inside the cube now.
    pub fn passable(&self, a: Pos, b: Pos) -> bool {
        !self.needs_tunnel(a, b) || Tunnel::between(a, b).is_some_and(|t| self.has_tunnel(t))
    }

    /// For a field on exactly one face, the unit step into the cube.
    pub fn inward(&self, p: Pos) -> Option<[i32; 3]> {
        if !self.inside(p) || self.faces(p) != 1 {
            return None;
        }
        let mut d = [0; 3];
        for axis in 0..3 {
            let c = p.get(axis);
            if c == 1 {
                d[axis] = 1;
            } else if c == self.n {
                d[axis] = -1;
            }
        }
        Some(d)
    }

    /// The N−2 underground fields under a field on exactly one face, from the surface inwards.
    pub fn column(&self, p: Pos) -> Vec<Pos> {
        let Some(d) = self.inward(p) else { return Vec::new() };
        (1..=self.n - 2).map(|k| p.offset(d.map(|c| c * k))).collect()
    }

    /// Where each chunk lives: copies that share a chunk give the same address (for measuring
    /// what keyframes cost).
    pub fn chunk_addresses(&self) -> Vec<usize> {
        self.chunks.iter().map(|c| Arc::as_ptr(c) as usize).collect()
    }

    /// For each x-layer (index x − 1), whether any of its fields differs from `other`'s, a
    /// world of the same size (what a view of the cube must redraw). Chunks both share are
    /// skipped unread.
    pub fn differing_x_layers(&self, other: &World) -> Vec<bool> {
        let n = self.n as usize;
        let mut differs = vec![self.n != other.n; n];
        if self.n != other.n {
            return differs;
        }
        let layer = n * n;
        for (i, (a, b)) in self.chunks.iter().zip(&other.chunks).enumerate() {
            if Arc::ptr_eq(a, b) || a == b {
                continue;
            }
            // Compare the chunk layer piece by layer piece.
            let start = i * CHUNK;
            let mut at = start;
            while at < start + a.len() {
                let end = ((at / layer + 1) * layer).min(start + a.len());
                if a[at - start..end - start] != b[at - start..end - start] {
                    differs[at / layer] = true;
                }
                at = end;
            }
        }
        differs
    }

    /// Chunks in memory, and how many of them `other` shares (for the keyframe measurements).
    pub fn shared_chunks(&self, other: &World) -> (usize, usize) {
        let shared = self.chunks.iter().zip(&other.chunks).filter(|(a, b)| Arc::ptr_eq(a, b)).count();
        (self.chunks.len(), shared)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_keeps_each_part_apart() {
        let c = Cell::default().with_metal(Metal::Gold, 10).with_metal(Metal::Iron, 3).with_stone(true).with_tunnel(1);
        assert_eq!(c.metals(), [3, 0, 10]);
        assert!(c.stone() && c.tunnel(1) && !c.tunnel(0) && !c.tunnel(2));
        assert_eq!(c.with_metal(Metal::Gold, 9).metals(), [3, 0, 9]);
    }

    #[test]
    fn geometry_of_a_small_cube() {
        let w = World::new(5);
        assert!(w.underground(Pos::new(2, 2, 2)) && w.on_surface(Pos::new(1, 3, 3)));
        assert_eq!(w.faces(Pos::new(1, 1, 1)), 3);
        assert_eq!(w.faces(Pos::new(1, 1, 3)), 2);
        assert_eq!(w.depth(Pos::new(3, 3, 3)), 2);
        assert_eq!(w.inward(Pos::new(5, 3, 2)), Some([-1, 0, 0]));
        assert_eq!(w.inward(Pos::new(5, 5, 2)), None);
        assert_eq!(w.column(Pos::new(3, 1, 3)), vec![Pos::new(3, 2, 3), Pos::new(3, 3, 3), Pos::new(3, 4, 3)]);
    }

    #[test]
    fn a_unit_step_has_one_axis_moved_by_one() {
        for d in (-2..=2).flat_map(|x| (-2..=2).flat_map(move |y| (-2..=2).map(move |z| [x, y, z as i32]))) {
            let moved: Vec<usize> = (0..3).filter(|&a| d[a] != 0).collect();
            let expected = (moved.len() == 1 && d[moved[0]].abs() == 1).then(|| moved[0]);
            assert_eq!(unit_axis(d), expected, "{d:?}");
        }
    }

    #[test]
    fn tunnels_join_both_directions() {
        let mut w = World::new(5);
        let (a, b) = (Pos::new(1, 3, 3), Pos::new(2, 3, 3));
        assert!(!w.passable(a, b));
        w.add_tunnel(Tunnel::between(b, a).unwrap());
        assert!(w.passable(a, b) && w.passable(b, a));
        assert!(w.passable(Pos::new(1, 3, 3), Pos::new(1, 3, 4)), "surface steps need no tunnel");
        assert_eq!(Tunnel::between(a, Pos::new(3, 3, 3)), None);
    }

    #[test]
    fn differing_layers_are_found_across_chunk_borders() {
        // N = 20: 400 fields a layer, so layers straddle the 4,096-field chunks.
        let a = World::new(20);
        let mut b = a.clone();
        assert_eq!(a.differing_x_layers(&b), vec![false; 20]);
        b.set(Pos::new(11, 5, 7), Cell(3));
        b.set(Pos::new(11, 5, 7), Cell(0));
        assert_eq!(a.differing_x_layers(&b), vec![false; 20], "a written but equal chunk differs nowhere");
        b.set(Pos::new(11, 5, 7), Cell(3));
        b.set(Pos::new(20, 20, 20), Cell(1));
        let want: Vec<bool> = (1..=20).map(|x| x == 11 || x == 20).collect();
        assert_eq!(a.differing_x_layers(&b), want);
        assert_eq!(b.differing_x_layers(&a), want);
    }

    #[test]
    fn copies_share_chunks_until_written() {
        let mut a = World::new(20);
        let b = a.clone();
        a.set(Pos::new(3, 3, 3), Cell(1));
        let (total, shared) = a.shared_chunks(&b);
        assert_eq!((total, shared), (2, 1));
    }
}
