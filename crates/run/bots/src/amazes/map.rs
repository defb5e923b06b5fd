//! The maze as one bot knows it, in a frame of its own.
//!
//! A bot does not know where it starts nor which way it faces, so it draws its map around its
//! start: frame row and column 24 is the start, frame north its first facing. A 25×25 maze
//! seen from any of its squares fits in 49×49 such squares. What the bot learns narrows where
//! the maze can lie: squares known to exist span at most 25 rows and 25 columns.
//!
//! The map learns exactly what the jury lets a player learn (seed 004): the corridor lines at
//! each information stage, the squares walked on, and the jury's inference rules (dead ends,
//! corners, outer edges), so that its count of discovered squares follows the jury's.

use super::Info;
use kibitz_amazes::view::CorridorStep;
use kibitz_amazes::{Dir, Move, SIZE};
use std::collections::VecDeque;

/// Frame width and height.
pub const FRAME: i32 = 2 * SIZE as i32 - 1;
/// Frame row and column of the start.
pub(crate) const ORIGIN: i32 = SIZE as i32 - 1;
const SPAN: i32 = SIZE as i32 - 1;

/// (row, column) in the frame.
pub type Pos = (i32, i32);

/// What the bot knows of one side of a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Unknown,
    Wall,
    Open,
}

/// Told something that contradicts the map: the bot lost track of where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contradiction;

/// One bot's map.
#[derive(Debug, Clone)]
pub struct Map {
    sides: Vec<[Side; 4]>,
    discovered: Vec<bool>,
    dead_ends: Vec<bool>,
    exists: Vec<bool>,
    discovered_count: usize,
    /// Rows and columns where existing squares were found: (min row, max row, min col, max col).
    bounds: Option<(i32, i32, i32, i32)>,
    /// Set when a full-width wall shows which row (column) is the maze's first.
    first_row: Option<i32>,
    first_col: Option<i32>,
    pub at: Pos,
    pub facing: Dir,
}

impl Default for Map {
    fn default() -> Self {
        Self::new()
    }
}

pub fn step(p: Pos, d: Dir) -> Pos {
    let (dr, dc) = d.delta();
    (p.0 + dr as i32, p.1 + dc as i32)
}

pub fn in_frame(p: Pos) -> bool {
    (0..FRAME).contains(&p.0) && (0..FRAME).contains(&p.1)
}

pub fn index(p: Pos) -> usize {
    (p.0 * FRAME + p.1) as usize
}

fn pos_of(i: usize) -> Pos {
    ((i as i32) / FRAME, (i as i32) % FRAME)
}

impl Map {
    pub fn new() -> Self {
        let n = (FRAME * FRAME) as usize;
        Map {
            sides: vec![[Side::Unknown; 4]; n],
            discovered: vec![false; n],
            dead_ends: vec![false; n],
            exists: vec![false; n],
            discovered_count: 0,
            bounds: None,
            first_row: None,
            first_col: None,
            at: (ORIGIN, ORIGIN),
            facing: Dir::N,
        }
    }

    /// Squares discovered so far (by this bot's count of the jury's rules).
    pub fn discovered_count(&self) -> usize {
        self.discovered_count
    }

    pub fn is_discovered(&self, p: Pos) -> bool {
        in_frame(p) && self.discovered[index(p)]
    }

    /// What is known of side `d` of `p`.
    pub fn side(&self, p: Pos, d: Dir) -> Side {
        if in_frame(p) { self.sides[index(p)][d as usize] } else { Side::Wall }
    }

    /// Rows (`rows`) or columns the maze may still occupy, as a range of the frame.
    fn window(&self, rows: bool) -> (i32, i32) {
        let first = if rows { self.first_row } else { self.first_col };
        if let Some(f) = first {
            return (f, f + SPAN);
        }
        match self.bounds {
            None => (0, FRAME - 1),
            Some((r0, r1, c0, c1)) => {
                let (lo, hi) = if rows { (r0, r1) } else { (c0, c1) };
                ((hi - SPAN).max(0), (lo + SPAN).min(FRAME - 1))
            }
        }
    }

    /// Whether the maze may have a square at `p`.
    pub fn feasible(&self, p: Pos) -> bool {
        let (r0, r1) = self.window(true);
        let (c0, c1) = self.window(false);
        (r0..=r1).contains(&p.0) && (c0..=c1).contains(&p.1)
    }

    /// Squares the maze may still hold and this bot has not discovered.
    pub fn undiscovered_feasible(&self) -> usize {
        let (r0, r1) = self.window(true);
        let (c0, c1) = self.window(false);
        let area = ((r1 - r0 + 1).min(SIZE as i32) * (c1 - c0 + 1).min(SIZE as i32)) as usize;
        area.saturating_sub(self.discovered_count)
    }

    /// All of the maze is discovered (625 squares).
    pub fn all_discovered(&self) -> bool {
        self.discovered_count >= SIZE * SIZE
    }

    fn mark_exists(&mut self, p: Pos) {
        if !in_frame(p) || self.exists[index(p)] {
            return;
        }
        self.exists[index(p)] = true;
        self.bounds = Some(match self.bounds {
            None => (p.0, p.0, p.1, p.1),
            Some((r0, r1, c0, c1)) => (r0.min(p.0), r1.max(p.0), c0.min(p.1), c1.max(p.1)),
        });
    }

    /// Marks `p` discovered; true if new.
    pub fn discover(&mut self, p: Pos) -> bool {
        if !in_frame(p) || self.discovered[index(p)] {
            return false;
        }
        self.discovered[index(p)] = true;
        self.discovered_count += 1;
        self.mark_exists(p);
        true
    }

    /// Learns side `d` of `p`; `Ok(true)` if new.
    pub fn learn(&mut self, p: Pos, d: Dir, what: Side) -> Result<bool, Contradiction> {
        let here = self.side(p, d);
        if here == what {
            return Ok(false);
        }
        if here != Side::Unknown || (what == Side::Open && (!in_frame(p) || !in_frame(step(p, d)))) {
            return Err(Contradiction);
        }
        let q = step(p, d);
        if in_frame(p) {
            self.sides[index(p)][d as usize] = what;
        }
        if in_frame(q) {
            self.sides[index(q)][d.back() as usize] = what;
        }
        if what == Side::Open {
            self.mark_exists(p);
            self.mark_exists(q);
        }
        Ok(true)
    }

    /// The information stage: learns what `info` says, seen from where the bot stands, then
    /// applies the inference rules. Returns how many squares were newly discovered.
    pub fn look(&mut self, info: &Info) -> Result<usize, Contradiction> {
        let before = self.discovered_count;
        let at = self.at;
        self.discover(at);
        let f = self.facing;
        for (dir, line) in [f, f.right(), f.back(), f.left()].into_iter().zip(&info.corridors) {
            let mut pos = at;
            for c in line.chars() {
                let (left, right) = match CorridorStep::from_letter(c) {
                    Some(CorridorStep::Square { left, right }) => (left, right),
                    Some(CorridorStep::Wall) | None => {
                        self.learn(pos, dir, Side::Wall)?;
                        break;
                    }
                };
                self.learn(pos, dir, Side::Open)?;
                pos = step(pos, dir);
                self.discover(pos);
                for (side, open) in [(dir.left(), left), (dir.right(), right)] {
                    if open {
                        self.learn(pos, side, Side::Open)?;
                        self.discover(step(pos, side));
                    } else {
                        self.learn(pos, side, Side::Wall)?;
                    }
                }
            }
        }
        self.infer()?;
        Ok(self.discovered_count - before)
    }

    /// The jury's rules, until nothing changes.
    fn infer(&mut self) -> Result<(), Contradiction> {
        loop {
            let mut changed = self.dead_end_rules()?;
            changed |= self.corner_rule()?;
            changed |= self.outer_edge_rules()?;
            if !changed {
                return Ok(());
            }
        }
    }

    /// An undiscovered square with three sides that are walls or openings to dead-end squares
    /// is discovered, is a dead-end square, and its fourth side is open.
    fn dead_end_rules(&mut self) -> Result<bool, Contradiction> {
        let mut changed = false;
        let mut work: Vec<usize> = (0..self.discovered.len()).rev().filter(|&i| !self.discovered[i]).collect();
        while let Some(i) = work.pop() {
            if self.discovered[i] {
                continue;
            }
            let p = pos_of(i);
            let closed = Dir::ALL
                .iter()
                .filter(|&&d| match self.sides[i][d as usize] {
                    Side::Wall => true,
                    Side::Open => {
                        let q = step(p, d);
                        in_frame(q) && self.dead_ends[index(q)]
                    }
                    Side::Unknown => false,
                })
                .count();
            if closed < 3 {
                continue;
            }
            self.discover(p);
            self.dead_ends[i] = true;
            changed = true;
            for d in Dir::ALL {
                if self.side(p, d) == Side::Unknown {
                    self.learn(p, d, Side::Open)?;
                }
                let q = step(p, d);
                if self.side(p, d) == Side::Open && in_frame(q) && !self.discovered[index(q)] {
                    work.push(index(q));
                }
            }
        }
        Ok(changed)
    }

    /// A corner with three open edges has a wall on the fourth.
    fn corner_rule(&mut self) -> Result<bool, Contradiction> {
        let mut changed = false;
        for r in 1..FRAME {
            for c in 1..FRAME {
                // The corner above-left of (r, c): its four edges, each as (square, side).
                let edges = [((r - 1, c - 1), Dir::E), ((r, c - 1), Dir::E), ((r - 1, c - 1), Dir::S), ((r - 1, c), Dir::S)];
                let open = edges.iter().filter(|&&(p, d)| self.side(p, d) == Side::Open).count();
                if open == 3
                    && let Some(&(p, d)) = edges.iter().find(|&&(p, d)| self.side(p, d) == Side::Unknown)
                {
                    changed |= self.learn(p, d, Side::Wall)?;
                }
            }
        }
        Ok(changed)
    }

    /// Squares known in 25 rows (columns) show where the top and bottom (left and right) outer
    /// edges are; so does a fully known outer edge (its 25 walls in a line, as only an outer
    /// edge can be), for the opposite edge too.
    fn outer_edge_rules(&mut self) -> Result<bool, Contradiction> {
        let Some((r0, r1, c0, c1)) = self.bounds else { return Ok(false) };
        let mut changed = false;
        if self.first_row.is_none() && r1 - r0 == SPAN {
            self.first_row = Some(r0);
        }
        if self.first_col.is_none() && c1 - c0 == SPAN {
            self.first_col = Some(c0);
        }
        // A full line of walls along the known width or height.
        if self.first_row.is_none()
            && let Some(c) = self.first_col
        {
            for (line, below) in [(r0, true), (r1, false)] {
                let d = if below { Dir::N } else { Dir::S };
                if (c..=c + SPAN).all(|k| self.side((line, k), d) == Side::Wall) {
                    self.first_row = Some(if below { line } else { line - SPAN });
                }
            }
        }
        if self.first_col.is_none()
            && let Some(r) = self.first_row
        {
            for (line, right) in [(c0, true), (c1, false)] {
                let d = if right { Dir::W } else { Dir::E };
                if (r..=r + SPAN).all(|k| self.side((k, line), d) == Side::Wall) {
                    self.first_col = Some(if right { line } else { line - SPAN });
                }
            }
        }
        if let Some(r) = self.first_row {
            let (c_lo, c_hi) = self.window(false);
            for c in c_lo..=c_hi {
                changed |= self.learn((r, c), Dir::N, Side::Wall)?;
                changed |= self.learn((r + SPAN, c), Dir::S, Side::Wall)?;
            }
        }
        if let Some(c) = self.first_col {
            let (r_lo, r_hi) = self.window(true);
            for r in r_lo..=r_hi {
                changed |= self.learn((r, c), Dir::W, Side::Wall)?;
                changed |= self.learn((r, c + SPAN), Dir::E, Side::Wall)?;
            }
        }
        Ok(changed)
    }

    /// Walks `moves` from where the bot stands (each must be through a known opening), then
    /// adds the judge's extra `T` if the walk ended where it began. Squares walked on are
    /// discovered.
    pub fn walk(&mut self, moves: &[Move]) {
        let start = self.at;
        for m in moves {
            let d = m.direction(self.facing);
            if self.side(self.at, d) == Side::Wall {
                return;
            }
            self.at = step(self.at, d);
            self.facing = d;
            self.discover(self.at);
        }
        if self.at == start && self.side(self.at, self.facing.back()) != Side::Wall {
            let d = self.facing.back();
            self.at = step(self.at, d);
            self.facing = d;
            self.discover(self.at);
        }
    }

    /// Shortest walks through known openings from where the bot stands: the distance to every
    /// square (`u32::MAX` where none is known) and the square each is reached from.
    pub fn paths(&self) -> Paths {
        self.paths_from(self.at)
    }

    pub fn paths_from(&self, from: Pos) -> Paths {
        let n = (FRAME * FRAME) as usize;
        let mut dist = vec![u32::MAX; n];
        let mut parent = vec![usize::MAX; n];
        let mut queue = VecDeque::from([from]);
        dist[index(from)] = 0;
        while let Some(p) = queue.pop_front() {
            for d in Dir::ALL {
                let q = step(p, d);
                if self.side(p, d) == Side::Open && in_frame(q) && dist[index(q)] == u32::MAX {
                    dist[index(q)] = dist[index(p)] + 1;
                    parent[index(q)] = index(p);
                    queue.push_back(q);
                }
            }
        }
        Paths { from, dist, parent }
    }
}

/// Shortest walks from one square.
pub struct Paths {
    pub from: Pos,
    pub dist: Vec<u32>,
    parent: Vec<usize>,
}

impl Paths {
    pub fn dist(&self, p: Pos) -> Option<u32> {
        (in_frame(p) && self.dist[index(p)] != u32::MAX).then(|| self.dist[index(p)])
    }

    /// The square `p` is reached from (`p` itself for the start).
    pub fn parent(&self, p: Pos) -> Pos {
        let i = self.parent[index(p)];
        if i == usize::MAX { p } else { pos_of(i) }
    }

    /// The squares from the start (excluded) to `to` (included).
    pub fn route(&self, to: Pos) -> Vec<Pos> {
        let mut out = Vec::new();
        let mut i = index(to);
        while i != index(self.from) {
            out.push(pos_of(i));
            i = self.parent[i];
        }
        out.reverse();
        out
    }

    /// Every square with a known walk, and its distance.
    pub fn reached(&self) -> impl Iterator<Item = (Pos, u32)> + '_ {
        self.dist.iter().enumerate().filter(|(_, d)| **d != u32::MAX).map(|(i, &d)| (pos_of(i), d))
    }
}

/// The moves that walk `route` (neighbouring squares) from `from` facing `facing`.
pub fn moves_along(from: Pos, mut facing: Dir, route: &[Pos]) -> Vec<Move> {
    let mut at = from;
    let mut out = Vec::with_capacity(route.len());
    for &next in route {
        let d = Dir::ALL.into_iter().find(|&d| step(at, d) == next).expect("a route goes square by square");
        out.push(super::move_towards(facing, d));
        facing = d;
        at = next;
    }
    out
}
