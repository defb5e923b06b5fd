//! Where to draw a graph whose vertices have no positions (an order, or a world file's sheet
//! without a `positions` block): a force-directed layout (Fruchterman–Reingold), deterministic,
//! with repulsion counted only between nearby vertices on large graphs, so that a sheet of
//! thousands of vertices is laid out in a fraction of a second. Geometry only; the viewer
//! computes it once per graph and keeps it.

use crate::graph::Graph;
use kibitz_core::rng::SplitMix64;
use std::collections::BTreeMap;

/// Up to this many vertices every pair repels; above, only vertices in neighbouring cells.
const ALL_PAIRS: usize = 300;

/// A position for each vertex (`[v - 1]`), inside the unit square and touching two of its
/// sides: the graph's shape, scaled to fit.
pub fn force_directed(graph: &Graph) -> Vec<[f32; 2]> {
    let n = graph.n() as usize;
    if n <= 1 {
        return vec![[0.5, 0.5]; n];
    }
    let mut rng = SplitMix64::new(0x1a70_u64 ^ n as u64);
    let side = (n as f32).sqrt();
    let mut at: Vec<[f32; 2]> = (0..n)
        .map(|_| [rng.below(1 << 20) as f32 / (1 << 20) as f32 * side, rng.below(1 << 20) as f32 / (1 << 20) as f32 * side])
        .collect();
    // Ideal edge length 1 on a side × side square.
    let k = 1.0f32;
    let rounds = if n <= ALL_PAIRS { 400 } else { 250 };
    let mut shift = vec![[0.0f32; 2]; n];
    for round in 0..rounds {
        let heat = side * 0.1 * (1.0 - round as f32 / rounds as f32) + 0.01;
        shift.iter_mut().for_each(|s| *s = [0.0, 0.0]);
        let repel = |a: usize, b: usize, shift: &mut [[f32; 2]]| {
            let (dx, dy) = (at[a][0] - at[b][0], at[a][1] - at[b][1]);
            let d2 = (dx * dx + dy * dy).max(1e-4);
            let f = k * k / d2;
            shift[a][0] += dx * f;
            shift[a][1] += dy * f;
            shift[b][0] -= dx * f;
            shift[b][1] -= dy * f;
        };
        if n <= ALL_PAIRS {
            for a in 0..n {
                for b in a + 1..n {
                    repel(a, b, &mut shift);
                }
            }
        } else {
            // Cells of side 2k: a vertex feels those in its own and the eight around it (in a
            // sorted map: the sums come in one order, so a graph always gets one picture).
            let cell = |p: [f32; 2]| ((p[0] / (2.0 * k)).floor() as i32, (p[1] / (2.0 * k)).floor() as i32);
            let mut cells: BTreeMap<(i32, i32), Vec<usize>> = BTreeMap::new();
            for (v, &p) in at.iter().enumerate() {
                cells.entry(cell(p)).or_default().push(v);
            }
            for (&(cx, cy), members) in &cells {
                for dx in -1..=1 {
                    for dy in -1..=1 {
                        let Some(others) = cells.get(&(cx + dx, cy + dy)) else { continue };
                        for &a in members {
                            for &b in others {
                                // Each pair once: within a cell by index, across cells by cell order.
                                if (dx, dy) == (0, 0) && b <= a || (dx, dy) < (0, 0) {
                                    continue;
                                }
                                repel(a, b, &mut shift);
                            }
                        }
                    }
                }
            }
        }
        for &(a, b) in graph.edges() {
            let (a, b) = (a as usize - 1, b as usize - 1);
            let (dx, dy) = (at[a][0] - at[b][0], at[a][1] - at[b][1]);
            let d = (dx * dx + dy * dy).sqrt().max(1e-3);
            let f = d / k;
            shift[a][0] -= dx * f;
            shift[a][1] -= dy * f;
            shift[b][0] += dx * f;
            shift[b][1] += dy * f;
        }
        for (p, s) in at.iter_mut().zip(&shift) {
            let length = (s[0] * s[0] + s[1] * s[1]).sqrt().max(1e-6);
            let step = length.min(heat);
            p[0] += s[0] / length * step;
            p[1] += s[1] / length * step;
        }
    }
    fit(at)
}

/// Scales positions into the unit square, keeping their shape.
fn fit(mut at: Vec<[f32; 2]>) -> Vec<[f32; 2]> {
    let (mut lo, mut hi) = ([f32::MAX; 2], [f32::MIN; 2]);
    for p in &at {
        for c in 0..2 {
            lo[c] = lo[c].min(p[c]);
            hi[c] = hi[c].max(p[c]);
        }
    }
    let span = (hi[0] - lo[0]).max(hi[1] - lo[1]).max(1e-6);
    for p in &mut at {
        *p = [(p[0] - lo[0]) / span, (p[1] - lo[1]) / span];
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    fn length(at: &[[f32; 2]], a: u32, b: u32) -> f32 {
        let (p, q) = (at[a as usize - 1], at[b as usize - 1]);
        ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2)).sqrt()
    }

    /// Neighbours end up closer than the typical pair, on a small graph and on a large one.
    fn spreads_and_keeps_neighbours_near(graph: &Graph) {
        let at = force_directed(graph);
        let n = graph.n();
        assert_eq!(at.len(), n as usize);
        assert!(at.iter().all(|p| p.iter().all(|c| (0.0..=1.0).contains(c))));
        let edges: f32 = graph.edges().iter().map(|&(a, b)| length(&at, a, b)).sum::<f32>() / graph.edges().len() as f32;
        let pairs: Vec<(u32, u32)> = (1..=n).flat_map(|a| (a + 1..=n).map(move |b| (a, b))).step_by(7).collect();
        let typical: f32 = pairs.iter().map(|&(a, b)| length(&at, a, b)).sum::<f32>() / pairs.len() as f32;
        // A grid drawn flat has pairs about √n / 2 edges apart on average; a third of that will do.
        assert!(edges * (n as f32).sqrt() / 6.0 < typical, "edges {edges} vs pairs {typical}");
        // No two vertices on top of each other.
        let mut sorted: Vec<(i64, i64)> = at.iter().map(|p| ((p[0] * 1e5) as i64, (p[1] * 1e5) as i64)).collect();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), n as usize);
        assert_eq!(at, force_directed(graph), "the same graph, the same picture");
    }

    #[test]
    fn a_grid_of_either_size_is_laid_out_with_short_edges() {
        let grid = |w: u32| {
            let id = |x: u32, y: u32| 1 + x + y * w;
            let edges = (0..w).flat_map(|y| {
                (0..w).flat_map(move |x| [(x + 1 < w).then(|| (id(x, y), id(x + 1, y))), (y + 1 < w).then(|| (id(x, y), id(x, y + 1)))])
            });
            Graph::new(w * w, edges.flatten().collect())
        };
        spreads_and_keeps_neighbours_near(&grid(5));
        spreads_and_keeps_neighbours_near(&grid(30));
        assert_eq!(force_directed(&Graph::new(1, vec![])), vec![[0.5, 0.5]]);
    }
}
