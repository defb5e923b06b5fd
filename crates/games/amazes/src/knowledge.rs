//! What one player knows of the maze, and the discovery rules of seed 004 that grow it.
//!
//! The jury keeps this in absolute coordinates, but it holds only what the player could know
//! without knowing where it is: the outer edge is not known to be a wall until a rule says so.
//! Squares score when discovered; walls, openings, dead ends and "exists" marks feed the rules.
//!
//! - [`Knowledge::look`] is the information stage: the own square, every square along the four
//!   corridors and every square directly behind a side opening are discovered, and every wall
//!   and opening the corridor lines describe becomes known.
//! - [`Knowledge::discover`] is a square visited during a move (nothing else is learnt while
//!   walking: the seed names only seeing and the rules below as ways to discover walls and
//!   openings).
//! - [`Knowledge::infer`] applies the rules until nothing changes, as the jury did:
//!   the four dead-end rules, the corner rule, the outer edges once all 25 columns or rows are
//!   known, and the edge opposite a fully known outer edge.
//!
//! The rules run every turn, so they only look where something changed since they last ran
//! (their bookkeeping): a square can only become a dead end once one of its sides is learnt, a
//! corner only gets its third opening when an opening at it is learnt. Each rule still does
//! exactly what a pass over the whole maze would do, in the same order.

use crate::geom::{Dir, EdgeId, EdgeSet, H_EDGES, Placement, SIZE, Square, SquareSet, corner_edges};
use crate::sight::{CorridorSet, Sight};
use crate::view::{Told, View, looking, read_corridor};
use serde::{Deserialize, Serialize};
use std::fmt;

/// What a player knows about one edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EdgeKnowledge {
    Unknown,
    Wall,
    Open,
}

/// One player's knowledge of the maze.
#[derive(Clone, Default)]
pub struct Knowledge {
    discovered: SquareSet,
    /// Squares discovered by a dead-end rule (the seed's "'dead-end'-squares").
    dead_ends: SquareSet,
    /// Squares this player discovered before the opponent did. Kept by the rules, which know
    /// the opponent; see [`crate::rules`].
    first: SquareSet,
    walls: EdgeSet,
    openings: EdgeSet,
    /// Where the rules must look next time; not part of what is known.
    book: Bookkeeping,
    /// Corridors [`Knowledge::look_in`] has learnt all of: knowledge only grows, so looking
    /// down one again teaches nothing (a long match keeps coming back to the same squares).
    /// Not part of what is known either.
    learnt: CorridorSet,
}

/// What changed since the rules last ran, and summaries kept up to date as knowledge grows, so
/// that [`Knowledge::infer`] need not go over all 625 squares, 576 corners and 1300 edges
/// several times a turn. Kept by the methods that learn (`discover`, `learn_wall`,
/// `learn_opening`), which are the only ones to change the sets it summarises.
#[derive(Debug, Clone, Copy, Default)]
struct Bookkeeping {
    /// Squares with a side learnt since the dead-end rules last ran. After a run no undiscovered
    /// square has three closed sides, and a side only closes when it is learnt (or when the
    /// square beyond becomes a dead end, which the rules follow at once), so only these squares
    /// can have become dead ends.
    squares: SquareSet,
    /// Interior corners with an opening learnt since the corner rule last ran, each named by the
    /// square it is the north-west corner of: only they can have got a third opening.
    corners: SquareSet,
    /// Rows (bit `r`) and columns (bit `c`) holding a square known to exist ([`Knowledge::exists`]).
    rows: u32,
    cols: u32,
    /// Known walls on each outer side, by [`Side`] index: 25 when the side is fully known.
    outer_walls: [u8; 4],
    /// The rules ran to the end and nothing was learnt since, so running them again would
    /// change nothing (a turn that learns nothing new, common late in a match).
    settled: bool,
}

/// The bookkeeping is not compared: two players who know the same know the same.
impl PartialEq for Knowledge {
    fn eq(&self, other: &Self) -> bool {
        self.discovered == other.discovered
            && self.dead_ends == other.dead_ends
            && self.first == other.first
            && self.walls == other.walls
            && self.openings == other.openings
    }
}

impl Eq for Knowledge {}

/// What is known, without the bookkeeping.
impl fmt::Debug for Knowledge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Knowledge")
            .field("discovered", &self.discovered)
            .field("dead_ends", &self.dead_ends)
            .field("first", &self.first)
            .field("walls", &self.walls)
            .field("openings", &self.openings)
            .finish()
    }
}

/// Which outer edge: the rows rule reveals top and bottom, the columns rule left and right.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    Top,
    Bottom,
    Left,
    Right,
}

impl Side {
    const ALL: [Side; 4] = [Side::Top, Side::Bottom, Side::Left, Side::Right];

    /// The outer side `e` lies on, if it is an outer edge.
    fn of(e: EdgeId) -> Option<Side> {
        let i = e.index();
        if i < H_EDGES {
            match i / SIZE {
                0 => Some(Side::Top),
                SIZE => Some(Side::Bottom),
                _ => None,
            }
        } else {
            match (i - H_EDGES) % (SIZE + 1) {
                0 => Some(Side::Left),
                SIZE => Some(Side::Right),
                _ => None,
            }
        }
    }

    fn edges(self) -> impl Iterator<Item = EdgeId> {
        (0..SIZE)
            .map(move |k| match self {
                Side::Top => Square::new(0, k).map(|s| s.edge(Dir::N)),
                Side::Bottom => Square::new(SIZE - 1, k).map(|s| s.edge(Dir::S)),
                Side::Left => Square::new(k, 0).map(|s| s.edge(Dir::W)),
                Side::Right => Square::new(k, SIZE - 1).map(|s| s.edge(Dir::E)),
            })
            .map(|e| e.expect("outer edges are on the grid"))
    }

    fn opposite(self) -> Side {
        match self {
            Side::Top => Side::Bottom,
            Side::Bottom => Side::Top,
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }
}

impl Knowledge {
    pub fn new() -> Self {
        Self::default()
    }

    /// Squares discovered so far (each scores once).
    pub fn discovered(&self) -> &SquareSet {
        &self.discovered
    }

    pub fn is_discovered(&self, s: Square) -> bool {
        self.discovered.contains(s)
    }

    /// Squares discovered by a dead-end rule.
    pub fn dead_ends(&self) -> &SquareSet {
        &self.dead_ends
    }

    /// Squares this player discovered first.
    pub fn first(&self) -> &SquareSet {
        &self.first
    }

    pub fn known_walls(&self) -> &EdgeSet {
        &self.walls
    }

    pub fn known_openings(&self) -> &EdgeSet {
        &self.openings
    }

    pub fn edge(&self, e: EdgeId) -> EdgeKnowledge {
        if self.walls.contains(e) {
            EdgeKnowledge::Wall
        } else if self.openings.contains(e) {
            EdgeKnowledge::Open
        } else {
            EdgeKnowledge::Unknown
        }
    }

    /// What is known of side `dir` of `s`.
    pub fn side(&self, s: Square, dir: Dir) -> EdgeKnowledge {
        self.edge(s.edge(dir))
    }

    /// Squares known to exist: discovered, or on the far side of a known opening (the seed's
    /// "know of open connections to"; the example's "exists" mark).
    pub fn exists(&self) -> SquareSet {
        let mut out = self.discovered;
        for e in self.openings.iter() {
            for s in e.squares().into_iter().flatten() {
                out.insert(s);
            }
        }
        out
    }

    /// Marks `s` discovered (a visit, or a hand-built situation); true if it is new.
    pub fn discover(&mut self, s: Square) -> bool {
        self.note_exists(s);
        let new = self.discovered.insert(s);
        self.book.settled &= !new;
        new
    }

    /// Learns that `e` is a wall; true if that is new. A contradiction (an edge known to be
    /// open) is ignored: knowledge only ever comes from the true maze.
    pub fn learn_wall(&mut self, e: EdgeId) -> bool {
        if self.openings.contains(e) || !self.walls.insert(e) {
            return false;
        }
        self.note_sides(e);
        if let Some(side) = Side::of(e) {
            self.book.outer_walls[side as usize] += 1;
        }
        true
    }

    /// Learns that `e` is open; true if that is new.
    pub fn learn_opening(&mut self, e: EdgeId) -> bool {
        if self.walls.contains(e) || !self.openings.insert(e) {
            return false;
        }
        self.note_sides(e);
        for s in e.squares().into_iter().flatten() {
            self.note_exists(s);
        }
        for (line, post) in e.corners() {
            if (1..SIZE).contains(&line) && (1..SIZE).contains(&post) {
                self.book.corners.insert(Square::new(line, post).expect("an interior corner"));
            }
        }
        true
    }

    /// The squares on either side of a newly learnt edge must be checked by the dead-end rules.
    fn note_sides(&mut self, e: EdgeId) {
        self.book.settled = false;
        for s in e.squares().into_iter().flatten() {
            self.book.squares.insert(s);
        }
    }

    /// `s` is known to exist: its row and column count for the outer edge rules.
    fn note_exists(&mut self, s: Square) {
        self.book.rows |= 1 << s.row();
        self.book.cols |= 1 << s.col();
    }

    pub(crate) fn mark_first(&mut self, s: Square) {
        self.first.insert(s);
    }

    /// The information stage: learns what the four corridor lines of `view` describe, seen from
    /// `at`. Returns the newly discovered squares: the own square, then per corridor each square
    /// followed by those behind its left and right openings.
    pub fn look(&mut self, at: Placement, view: &View) -> Vec<Square> {
        let mut new = self.look_from(at.square);
        for (dir, line) in looking(at.facing).into_iter().zip(&view.corridors) {
            read_corridor(at.square, dir, line, |told| self.learn(told, &mut new));
        }
        new
    }

    /// [`Knowledge::look`] at the view `sight`'s maze gives at `at`, without reading its
    /// letters: the same knowledge, the same squares in the same order. Always with the sight of
    /// the one maze this knowledge is of: a corridor learnt once is not looked down again.
    pub fn look_in(&mut self, at: Placement, sight: &Sight) -> Vec<Square> {
        let mut new = self.look_from(at.square);
        for dir in looking(at.facing) {
            if self.learnt.insert(at.square, dir) {
                for &told in sight.corridor(at.square, dir).told() {
                    self.learn(told, &mut new);
                }
            }
        }
        new
    }

    /// The information stage begins with the own square.
    fn look_from(&mut self, own: Square) -> Vec<Square> {
        let mut new = Vec::new();
        if self.discover(own) {
            new.push(own);
        }
        new
    }

    /// Learns one thing a corridor line tells; a square newly discovered goes to `new`.
    fn learn(&mut self, told: Told, new: &mut Vec<Square>) {
        match told {
            Told::Opening(e) => {
                self.learn_opening(e);
            }
            Told::Wall(e) => {
                self.learn_wall(e);
            }
            Told::Square(s) => {
                if self.discover(s) {
                    new.push(s);
                }
            }
        }
    }

    /// Applies the inference rules until nothing changes. Returns the squares discovered (all
    /// by dead-end rules, the only rules that discover squares), in the order found.
    pub fn infer(&mut self) -> Vec<Square> {
        let mut found = Vec::new();
        while !self.book.settled {
            let mut changed = self.dead_end_rules(&mut found);
            changed |= self.corner_rule();
            changed |= self.outer_edge_rules();
            self.book.settled = !changed;
        }
        found
    }

    /// The four dead-end rules in one: an undiscovered square with three sides that are known
    /// walls or known openings to dead-end squares (3 walls; 2 walls + 1; 1 wall + 2; 0 + 3) is
    /// discovered and becomes a dead-end square, and its remaining side is a discovered opening.
    /// A chain of dead ends is followed at once through a work list.
    ///
    /// The squares are tried in reading order, as a pass over all undiscovered squares would.
    /// Only those with a side learnt since the last run can be dead ends (see [`Bookkeeping`]);
    /// a square that closes during the run goes onto the work list when it does, so skipping the
    /// others finds the same squares in the same order.
    fn dead_end_rules(&mut self, found: &mut Vec<Square>) -> bool {
        let mut changed = false;
        let candidates = std::mem::take(&mut self.book.squares);
        let mut work = Vec::new();
        for candidate in candidates.iter() {
            work.push(candidate);
            while let Some(s) = work.pop() {
                if self.discovered.contains(s) || self.closed_sides(s) < 3 {
                    continue;
                }
                self.discover(s);
                self.dead_ends.insert(s);
                found.push(s);
                changed = true;
                for d in Dir::ALL {
                    if self.side(s, d) == EdgeKnowledge::Unknown {
                        self.learn_opening(s.edge(d));
                    }
                    if self.side(s, d) == EdgeKnowledge::Open
                        && let Some(n) = s.step(d)
                        && !self.discovered.contains(n)
                    {
                        work.push(n);
                    }
                }
            }
        }
        // The openings learnt above noted their squares, but every undiscovered square that
        // one of them (or a new dead end) could close went through the work list already.
        self.book.squares = SquareSet::new();
        changed
    }

    /// Sides of `s` that are known walls or known openings to dead-end squares.
    fn closed_sides(&self, s: Square) -> usize {
        Dir::ALL
            .iter()
            .filter(|&&d| match self.side(s, d) {
                EdgeKnowledge::Wall => true,
                EdgeKnowledge::Open => s.step(d).is_some_and(|n| self.dead_ends.contains(n)),
                EdgeKnowledge::Unknown => false,
            })
            .count()
    }

    /// A corner with three known openings has a wall on its fourth edge. Only corners with an
    /// opening learnt since the last run are looked at; the order they are looked at in does
    /// not matter, since learning a wall never changes how many openings a corner has.
    fn corner_rule(&mut self) -> bool {
        let mut changed = false;
        for nw_of in std::mem::take(&mut self.book.corners).iter() {
            let edges = corner_edges(nw_of.row(), nw_of.col());
            let open = edges.iter().filter(|&&e| self.openings.contains(e)).count();
            if open == 3
                && let Some(&e) = edges.iter().find(|&&e| self.edge(e) == EdgeKnowledge::Unknown)
            {
                changed |= self.learn_wall(e);
            }
        }
        changed
    }

    /// Squares known in all 25 columns reveal the left and right outer edges; in all 25 rows,
    /// the top and bottom ones. A fully known outer edge reveals the opposite one.
    fn outer_edge_rules(&mut self) -> bool {
        const ALL: u32 = (1 << SIZE) - 1;
        let mut changed = false;
        if self.book.cols == ALL {
            changed |= self.reveal(Side::Left);
            changed |= self.reveal(Side::Right);
        }
        if self.book.rows == ALL {
            changed |= self.reveal(Side::Top);
            changed |= self.reveal(Side::Bottom);
        }
        for side in Side::ALL {
            if self.book.outer_walls[side as usize] == SIZE as u8 {
                changed |= self.reveal(side.opposite());
            }
        }
        changed
    }

    /// Learns that every edge of `side` is a wall; true if any of that is new. Nothing to do
    /// (the usual case, once the rule has fired) when the side is fully known already.
    fn reveal(&mut self, side: Side) -> bool {
        let mut changed = false;
        if self.book.outer_walls[side as usize] < SIZE as u8 {
            for e in side.edges() {
                changed |= self.learn_wall(e);
            }
        }
        changed
    }
}
