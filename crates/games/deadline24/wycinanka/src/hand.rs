//! A solution put together by hand, one order vertex at a time: which sheet vertex each order
//! vertex has been given, which order edges already land on sheet edges and which do not, where
//! the vertex being placed could go, and the `COMMIT SOLUTION` line once all are placed. The
//! server judges the commit; this only helps the human see their mistakes as they make them.

use crate::graph::Graph;

/// The sheet vertex given to each vertex of one order so far.
#[derive(Debug, Clone, PartialEq)]
pub struct Mapping {
    /// The order's ID.
    pub order: u32,
    /// `to[k]`: the sheet vertex of order vertex `k + 1`.
    to: Vec<Option<u32>>,
    /// The order vertex the next sheet vertex goes to.
    pub current: u32,
    /// Order vertices in the order they were placed, for taking the last one back.
    placed: Vec<u32>,
}

/// An order edge whose ends are both placed, and whether the sheet has it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlacedEdge {
    pub order: (u32, u32),
    pub sheet: (u32, u32),
    pub fits: bool,
}

impl Mapping {
    /// Nothing placed yet for order `id` of `n` vertices; vertex 1 goes first.
    pub fn new(order: u32, n: u32) -> Self {
        Self { order, to: vec![None; n as usize], current: 1, placed: Vec::new() }
    }

    /// The sheet vertex of order vertex `v`, if placed.
    pub fn image(&self, v: u32) -> Option<u32> {
        self.to.get((v as usize).wrapping_sub(1)).copied().flatten()
    }

    /// The order vertex placed on sheet vertex `s`, if any.
    pub fn preimage(&self, s: u32) -> Option<u32> {
        self.to.iter().position(|&t| t == Some(s)).map(|k| k as u32 + 1)
    }

    /// How many order vertices are placed.
    pub fn count(&self) -> usize {
        self.placed.len()
    }

    /// Makes `v` the vertex the next click places (a vertex outside the order is ignored).
    pub fn select(&mut self, v: u32) {
        if (1..=self.to.len() as u32).contains(&v) {
            self.current = v;
        }
    }

    /// Gives the current order vertex sheet vertex `s` (taking `s` from the order vertex that
    /// had it: a solution's vertices are distinct), then moves on to the next vertex not yet
    /// placed, counting on from the current one.
    pub fn place(&mut self, s: u32) {
        if let Some(other) = self.preimage(s) {
            self.unplace(other);
        }
        let v = self.current;
        if self.image(v).is_some() {
            self.unplace(v);
        }
        self.to[v as usize - 1] = Some(s);
        self.placed.push(v);
        let n = self.to.len() as u32;
        if let Some(next) = (1..=n).map(|k| (v - 1 + k) % n + 1).find(|&w| self.image(w).is_none()) {
            self.current = next;
        }
    }

    /// Takes order vertex `v`'s sheet vertex back.
    pub fn unplace(&mut self, v: u32) {
        if let Some(slot) = self.to.get_mut((v as usize).wrapping_sub(1)) {
            *slot = None;
            self.placed.retain(|&w| w != v);
        }
    }

    /// Takes every vertex back; vertex 1 goes first again.
    pub fn clear(&mut self) {
        *self = Self::new(self.order, self.to.len() as u32);
    }

    /// Takes the last placed vertex back and makes it current again.
    pub fn undo(&mut self) {
        if let Some(&v) = self.placed.last() {
            self.unplace(v);
            self.current = v;
        }
    }

    /// The order's edges whose ends are both placed, each with whether the sheet has it.
    pub fn edges(&self, order: &Graph, sheet: &Graph) -> Vec<PlacedEdge> {
        order
            .edges()
            .iter()
            .filter_map(|&(a, b)| {
                let (x, y) = (self.image(a)?, self.image(b)?);
                Some(PlacedEdge { order: (a, b), sheet: (x, y), fits: sheet.has_edge(x, y) })
            })
            .collect()
    }

    /// Where the current vertex can go without a wrong edge: the free sheet vertices next to
    /// the images of all its placed neighbours. `None` when none of them is placed (anywhere
    /// will do).
    pub fn candidates(&self, order: &Graph, sheet: &Graph) -> Option<Vec<u32>> {
        let mut anchors = order.neighbours(self.current).iter().filter_map(|&w| self.image(w));
        let first = anchors.next()?;
        let mut near: Vec<u32> = sheet.neighbours(first).to_vec();
        for anchor in anchors {
            near.retain(|&s| sheet.has_edge(anchor, s));
        }
        near.retain(|&s| self.preimage(s).is_none_or(|w| w == self.current));
        Some(near)
    }

    /// `COMMIT SOLUTION ID S V1 … VS` once every vertex is placed.
    pub fn command(&self) -> Option<String> {
        let images: Option<Vec<String>> = self.to.iter().map(|t| t.map(|s| s.to_string())).collect();
        Some(format!("COMMIT SOLUTION {} {} {}", self.order, self.to.len(), images?.join(" ")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn example() -> (Graph, Graph) {
        // The seed's example (spec §3.7): the sheet, and order 2, a star around vertex 4.
        (Graph::new(6, vec![(1, 2), (4, 2), (2, 3), (3, 4), (3, 6), (4, 5)]), Graph::new(4, vec![(1, 4), (2, 4), (3, 4)]))
    }

    #[test]
    fn the_examples_solution_placed_by_hand_becomes_its_commit() {
        let (sheet, star) = example();
        let mut m = Mapping::new(2, 4);
        assert_eq!(m.candidates(&star, &sheet), None, "the first vertex can go anywhere");
        assert_eq!(m.command(), None);
        m.place(1);
        assert_eq!(m.current, 2);
        m.place(3);
        m.place(4);
        assert_eq!(m.current, 4, "the centre is left");
        assert_eq!(m.edges(&star, &sheet), vec![], "no edge has both ends placed yet");
        assert_eq!(m.candidates(&star, &sheet), Some(vec![2]), "only sheet vertex 2 touches 1, 3 and 4");
        m.place(2);
        assert_eq!(m.command().as_deref(), Some("COMMIT SOLUTION 2 4 1 3 4 2"));
        assert!(m.edges(&star, &sheet).iter().all(|e| e.fits));
    }

    #[test]
    fn a_wrong_edge_shows_as_soon_as_its_second_end_is_placed() {
        let (sheet, star) = example();
        let mut m = Mapping::new(2, 4);
        m.select(4);
        m.place(3);
        assert_eq!(m.current, 1, "on from the centre, wrapping round");
        m.place(5);
        assert_eq!(m.edges(&star, &sheet), vec![PlacedEdge { order: (1, 4), sheet: (5, 3), fits: false }]);
        // Taking a sheet vertex from another order vertex, and taking the last one back.
        m.place(3);
        assert_eq!((m.image(4), m.image(2), m.count()), (None, Some(3), 2), "3 moved from the centre to vertex 2");
        m.undo();
        assert_eq!((m.image(2), m.current), (None, 2));
        m.unplace(1);
        assert_eq!(m.count(), 0);
        m.place(6);
        m.clear();
        assert_eq!(m, Mapping::new(2, 4));
        m.select(9);
        assert_eq!(m.current, 1, "no vertex 9 in the order");
    }
}
