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

use crate::geom::{Dir, EdgeId, EdgeSet, Placement, SIZE, Square, SquareSet, corner_edges};
use crate::view::{CorridorStep, View, looking};
use serde::{Deserialize, Serialize};

/// What a player knows about one edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EdgeKnowledge {
    Unknown,
    Wall,
    Open,
}

/// One player's knowledge of the maze.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Knowledge {
    discovered: SquareSet,
    /// Squares discovered by a dead-end rule (the seed's "'dead-end'-squares").
    dead_ends: SquareSet,
    /// Squares this player discovered before the opponent did. Kept by the rules, which know
    /// the opponent; see [`crate::rules`].
    first: SquareSet,
    walls: EdgeSet,
    openings: EdgeSet,
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
        self.discovered.insert(s)
    }

    /// Learns that `e` is a wall; true if that is new. A contradiction (an edge known to be
    /// open) is ignored: knowledge only ever comes from the true maze.
    pub fn learn_wall(&mut self, e: EdgeId) -> bool {
        !self.openings.contains(e) && self.walls.insert(e)
    }

    /// Learns that `e` is open; true if that is new.
    pub fn learn_opening(&mut self, e: EdgeId) -> bool {
        !self.walls.contains(e) && self.openings.insert(e)
    }

    pub(crate) fn mark_first(&mut self, s: Square) {
        self.first.insert(s);
    }

    /// The information stage: learns what the four corridor lines of `view` describe, seen from
    /// `at`. Returns the newly discovered squares: the own square, then per corridor each square
    /// followed by those behind its left and right openings.
    pub fn look(&mut self, at: Placement, view: &View) -> Vec<Square> {
        let mut new = Vec::new();
        if self.discover(at.square) {
            new.push(at.square);
        }
        for (dir, line) in looking(at.facing).into_iter().zip(&view.corridors) {
            let mut pos = at.square;
            for c in line.chars() {
                let (left, right) = match CorridorStep::from_letter(c) {
                    Some(CorridorStep::Square { left, right }) => (left, right),
                    Some(CorridorStep::Wall) => {
                        self.learn_wall(pos.edge(dir));
                        break;
                    }
                    None => break,
                };
                self.learn_opening(pos.edge(dir));
                let Some(next) = pos.step(dir) else { break };
                pos = next;
                if self.discover(pos) {
                    new.push(pos);
                }
                for (side, open) in [(dir.left(), left), (dir.right(), right)] {
                    if open {
                        self.learn_opening(pos.edge(side));
                        if let Some(beyond) = pos.step(side)
                            && self.discover(beyond)
                        {
                            new.push(beyond);
                        }
                    } else {
                        self.learn_wall(pos.edge(side));
                    }
                }
            }
        }
        new
    }

    /// Applies the inference rules until nothing changes. Returns the squares discovered (all
    /// by dead-end rules, the only rules that discover squares), in the order found.
    pub fn infer(&mut self) -> Vec<Square> {
        let mut found = Vec::new();
        loop {
            let mut changed = self.dead_end_rules(&mut found);
            changed |= self.corner_rule();
            changed |= self.outer_edge_rules();
            if !changed {
                return found;
            }
        }
    }

    /// The four dead-end rules in one: an undiscovered square with three sides that are known
    /// walls or known openings to dead-end squares (3 walls; 2 walls + 1; 1 wall + 2; 0 + 3) is
    /// discovered and becomes a dead-end square, and its remaining side is a discovered opening.
    /// A chain of dead ends is followed at once through a work list.
    fn dead_end_rules(&mut self, found: &mut Vec<Square>) -> bool {
        let mut changed = false;
        let mut work: Vec<Square> = Square::all().filter(|s| !self.discovered.contains(*s)).collect();
        work.reverse();
        while let Some(s) = work.pop() {
            if self.discovered.contains(s) {
                continue;
            }
            let closed = Dir::ALL
                .iter()
                .filter(|&&d| match self.side(s, d) {
                    EdgeKnowledge::Wall => true,
                    EdgeKnowledge::Open => s.step(d).is_some_and(|n| self.dead_ends.contains(n)),
                    EdgeKnowledge::Unknown => false,
                })
                .count();
            if closed < 3 {
                continue;
            }
            self.discovered.insert(s);
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
        changed
    }

    /// A corner with three known openings has a wall on its fourth edge.
    fn corner_rule(&mut self) -> bool {
        let mut changed = false;
        for line in 1..SIZE {
            for post in 1..SIZE {
                let edges = corner_edges(line, post);
                let open = edges.iter().filter(|&&e| self.openings.contains(e)).count();
                if open == 3
                    && let Some(&e) = edges.iter().find(|&&e| self.edge(e) == EdgeKnowledge::Unknown)
                {
                    changed |= self.learn_wall(e);
                }
            }
        }
        changed
    }

    /// Squares known in all 25 columns reveal the left and right outer edges; in all 25 rows,
    /// the top and bottom ones. A fully known outer edge reveals the opposite one.
    fn outer_edge_rules(&mut self) -> bool {
        let mut changed = false;
        let exists = self.exists();
        let mut rows = [false; SIZE];
        let mut cols = [false; SIZE];
        for s in exists.iter() {
            rows[s.row()] = true;
            cols[s.col()] = true;
        }
        let mut reveal = |k: &mut Self, side: Side| {
            for e in side.edges() {
                changed |= k.learn_wall(e);
            }
        };
        if cols.iter().all(|&c| c) {
            reveal(self, Side::Left);
            reveal(self, Side::Right);
        }
        if rows.iter().all(|&r| r) {
            reveal(self, Side::Top);
            reveal(self, Side::Bottom);
        }
        for side in Side::ALL {
            if side.edges().all(|e| self.walls.contains(e)) {
                reveal(self, side.opposite());
            }
        }
        changed
    }
}
