//! Mazes and starting positions of our own making, deterministic from a seed.
//!
//! The official generator was never published. The ten official mazes look like a spanning tree
//! (624 openings) with 51–54 walls removed, 127–151 dead ends, no open 2×2 block
//! (`shared/reference/amazes/README.md`). [`generate`] makes the same kind: a random spanning
//! tree (Kruskal's algorithm over shuffled edges, which gives about the official number of dead
//! ends), then 51–54 extra openings, each only where it leaves both of its corners touching a
//! wall, so the corner rule holds by construction.
//!
//! The random numbers come from the core's [`SplitMix64`], which is fixed forever: replays store
//! the seed, and a seed must always mean the same maze and the same starts.

use crate::geom::{Dir, EdgeId, Placement, SQUARES, Square, corner_edges};
use crate::maze::{MIN_START_DISTANCE2, Maze};
pub use kibitz_core::rng::SplitMix64;

/// A valid maze resembling the official ones, with starting positions, from `seed`.
pub fn generate(seed: u64) -> Maze {
    let mut rng = SplitMix64::new(seed);
    let mut maze = Maze::with_all_walls();
    let mut interior: Vec<EdgeId> = EdgeId::all().filter(|e| !e.is_outer()).collect();
    rng.shuffle(&mut interior);

    let mut sets = DisjointSets::new(SQUARES);
    let mut walls = Vec::new();
    for e in interior {
        let [Some(a), Some(b)] = e.squares() else { continue };
        if sets.union(a.index(), b.index()) {
            maze.set_wall(e, false);
        } else {
            walls.push(e);
        }
    }

    let extra = 51 + rng.below(4);
    let mut opened = 0;
    for e in walls {
        if opened == extra {
            break;
        }
        maze.set_wall(e, false);
        if corners_touch_walls(&maze, e) {
            opened += 1;
        } else {
            maze.set_wall(e, true);
        }
    }

    maze.starts = choose_starts(&maze, rng.next_u64());
    maze
}

/// Both ends of `e` still touch a wall (corners on the outer edge always do).
fn corners_touch_walls(maze: &Maze, e: EdgeId) -> bool {
    e.corners().iter().all(|&(line, post)| {
        let interior = (1..25).contains(&line) && (1..25).contains(&post);
        !interior || corner_edges(line, post).iter().any(|&x| maze.is_wall(x))
    })
}

/// Every placement the seed allows for one player: any square, facing any way that has no
/// wall directly behind.
pub fn start_candidates(maze: &Maze) -> Vec<Placement> {
    Square::all()
        .flat_map(|s| Dir::ALL.into_iter().map(move |d| Placement::new(s, d)))
        .filter(|p| !maze.wall(p.square, p.facing.back()))
        .collect()
}

/// Red's and Blue's starting positions, chosen from `seed`: each without a wall behind, at
/// least √288 apart. Every allowed pair is equally likely (rejection sampling, as a referee
/// that places both players at random and retries would do). `None` only when no pair exists,
/// which cannot happen in a valid maze (the centre square is exactly √288 from each corner).
pub fn choose_starts(maze: &Maze, seed: u64) -> Option<[Placement; 2]> {
    let candidates = start_candidates(maze);
    if candidates.is_empty() {
        return None;
    }
    let mut rng = SplitMix64::new(seed);
    for _ in 0..100_000 {
        let red = candidates[rng.below(candidates.len())];
        let blue = candidates[rng.below(candidates.len())];
        if red.square.distance2(blue.square) >= MIN_START_DISTANCE2 {
            return Some([red, blue]);
        }
    }
    // Only reached in odd mazes where pairs are rare: take the pairs in order instead.
    let pairs: Vec<[Placement; 2]> = candidates
        .iter()
        .flat_map(|&r| candidates.iter().map(move |&b| [r, b]))
        .filter(|[r, b]| r.square.distance2(b.square) >= MIN_START_DISTANCE2)
        .collect();
    (!pairs.is_empty()).then(|| pairs[rng.below(pairs.len())])
}

/// Union–find with path halving.
struct DisjointSets(Vec<usize>);

impl DisjointSets {
    fn new(n: usize) -> Self {
        Self((0..n).collect())
    }

    fn find(&mut self, mut x: usize) -> usize {
        while self.0[x] != x {
            self.0[x] = self.0[self.0[x]];
            x = self.0[x];
        }
        x
    }

    /// Joins the sets of `a` and `b`; false if they were one already.
    fn union(&mut self, a: usize, b: usize) -> bool {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return false;
        }
        self.0[ra] = rb;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_makes_the_same_maze() {
        assert_eq!(generate(7), generate(7));
        assert_ne!(generate(7), generate(8));
    }
}
