//! What each square sees down each corridor, worked out once per maze.
//!
//! A player's view, and what the information stage learns from it, depend only on the maze and
//! on where the player stands. A match keeps coming back to the same squares, so each square and
//! direction is walked once, the first time a player looks down it: its corridor line, and what
//! that line tells in the order [`read_corridor`] reads it. A turn then copies four lines and
//! replays what they tell ([`crate::Knowledge::look_in`], which skips a corridor the player has
//! learnt all of), instead of walking the maze and reading the letters back.

use crate::geom::{Dir, SQUARES, Square};
use crate::maze::Maze;
use crate::view::{Told, corridor, read_corridor};
use std::fmt;
use std::sync::{Arc, OnceLock};

/// The corridors of one maze, filled in as players look down them.
pub struct Sight {
    maze: Arc<Maze>,
    /// By `square.index() * 4 + dir`.
    corridors: Box<[OnceLock<Corridor>]>,
}

/// One corridor: its line, and what the line tells.
pub struct Corridor {
    line: Box<str>,
    told: Box<[Told]>,
}

impl Corridor {
    /// The corridor line, as [`corridor`] writes it.
    pub fn line(&self) -> &str {
        &self.line
    }

    /// What [`read_corridor`] reads from the line, in order.
    pub fn told(&self) -> &[Told] {
        &self.told
    }
}

impl Sight {
    /// Nothing walked yet.
    pub fn new(maze: Arc<Maze>) -> Sight {
        Sight { maze, corridors: (0..SQUARES * 4).map(|_| OnceLock::new()).collect() }
    }

    /// The corridor seen from `from` looking `dir`.
    pub fn corridor(&self, from: Square, dir: Dir) -> &Corridor {
        self.corridors[index(from, dir)].get_or_init(|| {
            let line = corridor(&self.maze, from, dir);
            let mut told = Vec::with_capacity(3 * line.len());
            read_corridor(from, dir, &line, |t| told.push(t));
            Corridor { line: line.into(), told: told.into() }
        })
    }
}

/// A corridor's place in [`Sight`] and [`CorridorSet`].
fn index(from: Square, dir: Dir) -> usize {
    from.index() * 4 + dir as usize
}

/// A set of corridors, each named by where it is seen from and which way.
#[derive(Clone, PartialEq, Eq)]
pub struct CorridorSet([u64; (SQUARES * 4).div_ceil(64)]);

impl Default for CorridorSet {
    fn default() -> Self {
        CorridorSet([0; (SQUARES * 4).div_ceil(64)])
    }
}

impl CorridorSet {
    /// Adds the corridor seen from `from` looking `dir`; true if it is new.
    pub fn insert(&mut self, from: Square, dir: Dir) -> bool {
        let i = index(from, dir);
        let (word, bit) = (i / 64, 1u64 << (i % 64));
        let new = self.0[word] & bit == 0;
        self.0[word] |= bit;
        new
    }
}

/// How much is walked; the maze is the state's.
impl fmt::Debug for Sight {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let walked = self.corridors.iter().filter(|c| c.get().is_some()).count();
        write!(f, "Sight {{ walked: {walked} of {} }}", self.corridors.len())
    }
}
