//! Undirected simple graphs with vertices numbered from 1, as the protocol numbers them, and
//! the check of a solution: a map of an order's vertices to the sheet's under which every
//! order edge is a sheet edge (a subgraph monomorphism; extra sheet edges are fine).

use serde::{Deserialize, Serialize};

/// A simple undirected graph on vertices 1…n: the edges as given, and sorted adjacency.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "GraphData", into = "GraphData")]
pub struct Graph {
    n: u32,
    edges: Vec<(u32, u32)>,
    /// The neighbours of `v` are `neighbours[first[v - 1]..first[v]]`, sorted: every row in
    /// one list, so that a graph is three allocations however many vertices it has (the
    /// generator builds one or two per order).
    first: Vec<u32>,
    neighbours: Vec<u32>,
}

/// How a graph is written: its vertex count and its edges.
#[derive(Serialize, Deserialize)]
struct GraphData {
    n: u32,
    edges: Vec<(u32, u32)>,
}

impl From<GraphData> for Graph {
    fn from(data: GraphData) -> Self {
        Graph::new(data.n, data.edges)
    }
}

impl From<Graph> for GraphData {
    fn from(g: Graph) -> Self {
        GraphData { n: g.n, edges: g.edges }
    }
}

impl Graph {
    /// The graph on 1…n with `edges`; loops, repeated edges and edges outside 1…n are dropped.
    pub fn new(n: u32, edges: Vec<(u32, u32)>) -> Self {
        let rows = n as usize;
        let usable = |a: u32, b: u32| a != b && (1..=n).contains(&a) && (1..=n).contains(&b);
        // Room in each row for every usable edge at that end: `first[v]` ends up as where the
        // row of vertex v + 1 starts. A repeated edge leaves a gap, closed below.
        let mut first = vec![0u32; rows + 1];
        for &(a, b) in &edges {
            if usable(a, b) {
                first[a as usize] += 1;
                first[b as usize] += 1;
            }
        }
        for v in 1..=rows {
            first[v] += first[v - 1];
        }
        let mut filled = vec![0u32; rows];
        let mut neighbours = vec![0u32; first[rows] as usize];
        let mut kept = Vec::with_capacity(edges.len());
        for (a, b) in edges {
            if !usable(a, b) {
                continue;
            }
            let (ra, rb) = (a as usize - 1, b as usize - 1);
            let row_a = first[ra] as usize;
            if neighbours[row_a..row_a + filled[ra] as usize].contains(&b) {
                continue;
            }
            neighbours[row_a + filled[ra] as usize] = b;
            filled[ra] += 1;
            neighbours[first[rb] as usize + filled[rb] as usize] = a;
            filled[rb] += 1;
            kept.push((a, b));
        }
        if neighbours.len() == 2 * kept.len() {
            // No edge repeated: every row is full where it is, and only sorted.
            for v in 0..rows {
                neighbours[first[v] as usize..first[v + 1] as usize].sort_unstable();
            }
            return Self { n, edges: kept, first, neighbours };
        }
        // Rows only shrink, so each moves left in place; `first[v]` is read before it is
        // rewritten.
        let mut write = 0;
        for v in 0..rows {
            let (from, len) = (first[v] as usize, filled[v] as usize);
            neighbours.copy_within(from..from + len, write);
            neighbours[write..write + len].sort_unstable();
            first[v] = write as u32;
            write += len;
        }
        first[rows] = write as u32;
        neighbours.truncate(write);
        Self { n, edges: kept, first, neighbours }
    }

    pub fn n(&self) -> u32 {
        self.n
    }

    pub fn edges(&self) -> &[(u32, u32)] {
        &self.edges
    }

    /// The neighbours of `v`, sorted.
    pub fn neighbours(&self, v: u32) -> &[u32] {
        if v == 0 || v > self.n {
            return &[];
        }
        let row = v as usize - 1;
        &self.neighbours[self.first[row] as usize..self.first[row + 1] as usize]
    }

    pub fn has_edge(&self, a: u32, b: u32) -> bool {
        self.neighbours(a).binary_search(&b).is_ok()
    }

    /// Whether every vertex can be reached from vertex 1 (an empty graph is connected).
    pub fn is_connected(&self) -> bool {
        self.unreached().is_none()
    }

    /// A vertex that vertex 1 does not reach, if any (the first by number).
    pub fn unreached(&self) -> Option<u32> {
        if self.n == 0 {
            return None;
        }
        let mut seen = vec![false; self.n as usize];
        let mut stack = vec![1u32];
        seen[0] = true;
        while let Some(v) = stack.pop() {
            for &w in self.neighbours(v) {
                if !std::mem::replace(&mut seen[w as usize - 1], true) {
                    stack.push(w);
                }
            }
        }
        seen.iter().position(|s| !s).map(|k| k as u32 + 1)
    }

    /// Adds the graph's edges as the protocol prints them, one `A B` line each.
    pub fn write_edges(&self, lines: &mut kibitz_deadline24::Lines) {
        for &(a, b) in &self.edges {
            lines.line().int(a.into()).int(b.into()).end();
        }
    }
}

/// Whether `map` (order vertex k + 1 → `map[k]`) sends every edge of `order` to an edge of
/// `sheet`. The map's length and range are the caller's to check.
pub fn fits(order: &Graph, sheet: &Graph, map: &[u32]) -> bool {
    order.edges().iter().all(|&(a, b)| sheet.has_edge(map[a as usize - 1], map[b as usize - 1]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loops_repeats_and_strangers_are_dropped_and_adjacency_is_sorted() {
        let g = Graph::new(4, vec![(1, 2), (2, 1), (3, 3), (4, 1), (1, 3), (5, 1), (0, 2)]);
        assert_eq!(g.edges(), &[(1, 2), (4, 1), (1, 3)]);
        assert_eq!(g.neighbours(1), &[2, 3, 4]);
        assert!(g.has_edge(4, 1) && g.has_edge(1, 4) && !g.has_edge(2, 3));
        assert!(g.neighbours(9).is_empty() && g.neighbours(0).is_empty());
        assert!(g.is_connected());
        assert!(!Graph::new(3, vec![(1, 2)]).is_connected());
    }

    #[test]
    fn a_solution_fits_when_every_order_edge_lands_on_a_sheet_edge() {
        // The seed's example (spec §3.7): the star of order 2 around sheet vertex 2 or 3.
        let sheet = Graph::new(6, vec![(1, 2), (4, 2), (2, 3), (3, 4), (3, 6), (4, 5)]);
        let star = Graph::new(4, vec![(1, 4), (2, 4), (3, 4)]);
        assert!(fits(&star, &sheet, &[1, 3, 4, 2]));
        assert!(fits(&star, &sheet, &[2, 6, 4, 3]));
        assert!(!fits(&star, &sheet, &[5, 6, 2, 3]), "no sheet edge 5–3");
    }
}
