//! Wycinanka's parameters, the sheet generator and the order generator (spec §3.2.1, §3.2.2,
//! §3.5). Everything random comes from the game seed, so a replay's header rebuilds the sheet
//! and every order.

use crate::graph::Graph;
use crate::sheet::{Order, Sheet};
use crate::world::World;
use kibitz_core::rng::SplitMix64;
use kibitz_deadline24::Fixed6;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Wycinanka's own parameters (spec §3.5; the seed fixes none of these).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Params {
    /// The sheet starts as a `width` × `height` grid (45 × 45: about 2,000 vertices).
    pub width: u32,
    pub height: u32,
    /// Turns in a game.
    pub turns: u32,
    /// Orders placed before turn 1.
    pub initial_orders: u32,
    /// Vertices in an order, from `min_order` to `max_order`.
    pub min_order: u32,
    pub max_order: u32,
    /// Orders out of a hundred drawn from another graph than the sheet (probably impossible).
    pub impossible_percent: u32,
    /// A world file's sheet and orders instead of generated ones (the size parameters are then
    /// unused; the order parameters make the orders of turns the world lists none for). Kept in
    /// the replay's header as the file's text, so the replay is whole on its own.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "world_text")]
    pub world: Option<Arc<World>>,
}

/// A world in a replay's header: its text.
mod world_text {
    use super::{Arc, World};
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(world: &Option<Arc<World>>, s: S) -> Result<S::Ok, S::Error> {
        match world {
            Some(world) => s.serialize_str(&world.to_text()),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Arc<World>>, D::Error> {
        let text = Option::<String>::deserialize(d)?;
        text.map(|t| World::parse(&t).map(Arc::new).map_err(|e| serde::de::Error::custom(format!("the world in the header, {e}"))))
            .transpose()
    }
}

impl Default for Params {
    fn default() -> Self {
        Self { width: 45, height: 45, turns: 600, initial_orders: 2, min_order: 4, max_order: 25, impossible_percent: 20, world: None }
    }
}

/// The bounds of wycinanka's numbers (the spec fixes none but P and T, §3.5): what a machine
/// holds and a seed draws quickly.
pub mod bounds {
    use kibitz_core::Bounded;

    /// A side of the grid the sheet is cut from (and at most [`MAX_VERTICES`] in all).
    pub const WIDTH: Bounded<u32> = Bounded::new("width", 2, 2000);
    pub const HEIGHT: Bounded<u32> = Bounded::new("height", 2, 2000);
    pub const MAX_VERTICES: u32 = 4_000_000;
    /// Turns in a game: a world file lists every turn's orders, a hundred thousand turns' are
    /// a few hundred megabytes.
    pub const TURNS: Bounded<u32> = Bounded::new("turns", 1, 100_000);
    pub const INITIAL_ORDERS: Bounded<u32> = Bounded::new("initial_orders", 0, 1000);
    /// Vertices in an order: four times the default's largest (an impossible order's lattice
    /// takes a draw per cell, the square of its size).
    pub const MIN_ORDER: Bounded<u32> = Bounded::new("min_order", 2, 100);
    pub const MAX_ORDER: Bounded<u32> = Bounded::new("max_order", 2, 100);
    pub const IMPOSSIBLE_PERCENT: Bounded<u32> = Bounded::new("impossible_percent", 0, 100);
}

impl Params {
    /// Refuses parameters no game can be played with, naming the setup's field: a replay's
    /// header is read here (the command line's flags have the same bounds, [`bounds`]).
    pub fn check(&self) -> Result<(), String> {
        use bounds::*;
        if self.world.is_none() {
            WIDTH.check(self.width)?;
            HEIGHT.check(self.height)?;
            if self.width * self.height > MAX_VERTICES {
                return Err(format!("width {} and height {}: the sheet may have at most {MAX_VERTICES} vertices", self.width, self.height));
            }
        }
        TURNS.check(self.turns)?;
        INITIAL_ORDERS.check(self.initial_orders)?;
        MIN_ORDER.check(self.min_order)?;
        MAX_ORDER.check(self.max_order)?;
        if self.min_order > self.max_order {
            return Err(format!("min_order {} and max_order {}: order sizes are min ≤ max", self.min_order, self.max_order));
        }
        IMPOSSIBLE_PERCENT.check(self.impossible_percent)?;
        Ok(())
    }
}

fn chance(rng: &mut SplitMix64, percent: u32) -> bool {
    (rng.below(100) as u32) < percent
}

/// A `w` × `h` grid with, in each cell, one of its diagonals with probability 1/2 (which one at
/// random), on vertices 0…w·h − 1.
fn grid(w: u32, h: u32, rng: &mut SplitMix64) -> Vec<(u32, u32)> {
    let id = |x: u32, y: u32| x + y * w;
    let mut edges = Vec::new();
    for y in 0..h {
        for x in 0..w {
            if x + 1 < w {
                edges.push((id(x, y), id(x + 1, y)));
            }
            if y + 1 < h {
                edges.push((id(x, y), id(x, y + 1)));
            }
            if x + 1 < w && y + 1 < h && chance(rng, 50) {
                if rng.below(2) == 0 {
                    edges.push((id(x, y), id(x + 1, y + 1)));
                } else {
                    edges.push((id(x + 1, y), id(x, y + 1)));
                }
            }
        }
    }
    edges
}

/// The grid's adjacency while edges are deleted from it: a vertex has at most 8 neighbours (4
/// sides, 4 diagonals), so each row is a fixed array and the whole is one allocation.
struct GridAdjacency {
    rows: Vec<([u32; 8], u8)>,
    /// Breadth-first search's marks (`seen[v]`: `round` from `a`'s side, `round + 1` from
    /// `b`'s) and queues, kept from search to search.
    seen: Vec<u32>,
    round: u32,
    queues: [Vec<u32>; 2],
}

impl GridAdjacency {
    fn new(n: u32, edges: &[(u32, u32)]) -> Self {
        let mut grid = Self { rows: vec![([0; 8], 0); n as usize], seen: vec![0; n as usize], round: 0, queues: Default::default() };
        for &(a, b) in edges {
            grid.push(a, b);
            grid.push(b, a);
        }
        grid
    }

    fn push(&mut self, from: u32, to: u32) {
        let (row, len) = &mut self.rows[from as usize];
        row[*len as usize] = to;
        *len += 1;
    }

    fn remove(&mut self, a: u32, b: u32) {
        for (from, to) in [(a, b), (b, a)] {
            let (row, len) = &mut self.rows[from as usize];
            if let Some(k) = row[..*len as usize].iter().position(|&w| w == to) {
                row.copy_within(k + 1..*len as usize, k);
                *len -= 1;
            }
        }
    }

    /// Whether `a` still reaches `b` without the edge between them. Searched from both ends a
    /// vertex at a time, so that an edge whose deletion would cut off a few vertices is known
    /// as soon as their side runs out: searching from `a` alone went through the whole sheet
    /// whenever `b` was the side cut off, and that was most of drawing a sheet.
    fn connected_without(&mut self, a: u32, b: u32) -> bool {
        self.round = self.round.wrapping_add(2);
        if self.round < 2 {
            self.seen.fill(0);
            self.round = 2;
        }
        let round = self.round;
        let ends = [a, b];
        let mut next = [0usize; 2];
        for side in 0..2 {
            self.queues[side].clear();
            self.queues[side].push(ends[side]);
            self.seen[ends[side] as usize] = round + side as u32;
        }
        loop {
            for side in 0..2 {
                let Some(&v) = self.queues[side].get(next[side]) else { return false };
                next[side] += 1;
                let (row, len) = self.rows[v as usize];
                for &w in &row[..len as usize] {
                    // The edge itself, from either end.
                    if v == ends[side] && w == ends[1 - side] {
                        continue;
                    }
                    let mark = self.seen[w as usize];
                    if mark == round + 1 - side as u32 {
                        return true;
                    }
                    if mark != round + side as u32 {
                        self.seen[w as usize] = round + side as u32;
                        self.queues[side].push(w);
                    }
                }
            }
        }
    }
}

/// The sheet (spec §3.2.1): a grid, a diagonal in each cell with probability 1/2 (either one),
/// then each edge deleted with probability 0.15 where that keeps the sheet connected, then the
/// vertices numbered in a random order.
pub fn sheet(params: &Params, rng: &mut SplitMix64) -> Sheet {
    let (w, h) = (params.width, params.height);
    let n = w * h;
    let mut edges = grid(w, h, rng);
    let mut adjacent = GridAdjacency::new(n, &edges);
    rng.shuffle(&mut edges);
    let mut kept = Vec::with_capacity(edges.len());
    for (a, b) in edges {
        if chance(rng, 15) && adjacent.connected_without(a, b) {
            adjacent.remove(a, b);
        } else {
            kept.push((a, b));
        }
    }
    let mut label: Vec<u32> = (1..=n).collect();
    rng.shuffle(&mut label);
    let mut positions = vec![(0, 0); n as usize];
    for v in 0..n {
        positions[label[v as usize] as usize - 1] = (v % w, v / w);
    }
    let edges = kept.into_iter().map(|(a, b)| (label[a as usize], label[b as usize])).collect();
    Sheet { graph: Graph::new(n, edges), positions: Some(positions) }
}

/// Where an order is grown and cut from: the sheet, or a `side` × `side` lattice of
/// same-leaning triangles (vertex `x + y·side + 1` at column x, row y, each cell's diagonal
/// from its top left to its bottom right). The lattice is never built: an order takes a few
/// dozen of its vertices at most.
#[derive(Clone, Copy)]
enum Host<'g> {
    Sheet(&'g Graph),
    Lattice { side: u32 },
}

impl Host<'_> {
    fn n(self) -> u32 {
        match self {
            Host::Sheet(g) => g.n(),
            Host::Lattice { side } => side * side,
        }
    }

    /// Calls `f` with each neighbour of `v`, in increasing order.
    fn each_neighbour(self, v: u32, mut f: impl FnMut(u32)) {
        match self {
            Host::Sheet(g) => g.neighbours(v).iter().for_each(|&w| f(w)),
            Host::Lattice { side } => {
                let (x, y) = ((v - 1) % side, (v - 1) / side);
                let (left, up, right, down) = (x > 0, y > 0, x + 1 < side, y + 1 < side);
                for (there, w) in [
                    (left && up, v.wrapping_sub(side + 1)),
                    (up, v.wrapping_sub(side)),
                    (left, v.wrapping_sub(1)),
                    (right, v + 1),
                    (down, v + side),
                    (right && down, v + side + 1),
                ] {
                    if there {
                        f(w);
                    }
                }
            }
        }
    }
}

/// Marks on a host's vertices, kept from order to order: a vertex is marked when its stamp is
/// the current round, so a new round clears every mark at once and an order, a few dozen
/// vertices, costs no array the size of the sheet (thousands). Looking a vertex up here rather
/// than in a sorted list halved drawing an order.
#[derive(Debug, Default)]
pub struct Marks {
    round: u32,
    stamp: Vec<u32>,
    value: Vec<u32>,
}

impl Marks {
    /// Clears every mark, for a host on vertices 1…n.
    fn start(&mut self, n: u32) {
        let len = n as usize + 1;
        if self.stamp.len() < len {
            self.stamp.resize(len, 0);
            self.value.resize(len, 0);
        }
        self.round = self.round.wrapping_add(1);
        if self.round == 0 {
            self.stamp.fill(0);
            self.round = 1;
        }
    }

    fn mark(&mut self, v: u32, value: u32) {
        self.stamp[v as usize] = self.round;
        self.value[v as usize] = value;
    }

    /// The value `v` was marked with in this round, if it was.
    fn get(&self, v: u32) -> Option<u32> {
        (self.stamp[v as usize] == self.round).then(|| self.value[v as usize])
    }
}

/// A connected set of `size` vertices of `host` grown from a random vertex, each next vertex
/// drawn from the set's neighbours (fewer when the host is smaller).
fn grow(host: Host, size: u32, rng: &mut SplitMix64, inside: &mut Marks) -> Vec<u32> {
    let start = rng.below(host.n() as usize) as u32 + 1;
    inside.start(host.n());
    inside.mark(start, 0);
    let mut set = Vec::with_capacity(size as usize);
    set.push(start);
    let mut frontier: Vec<u32> = Vec::with_capacity(8 * size as usize);
    host.each_neighbour(start, |w| frontier.push(w));
    while set.len() < size as usize && !frontier.is_empty() {
        let v = frontier.swap_remove(rng.below(frontier.len()));
        if inside.get(v).is_none() {
            inside.mark(v, 0);
            set.push(v);
            host.each_neighbour(v, |w| {
                if inside.get(w).is_none() {
                    frontier.push(w);
                }
            });
        }
    }
    set
}

/// A random connected graph on the vertices `set` of `host`: a random spanning tree of the
/// edges among them, and each other such edge with probability 1/2 (all of them when
/// `keep_all`); vertices numbered 1…V in a random order.
fn cut(host: Host, set: &[u32], keep_all: bool, rng: &mut SplitMix64, number: &mut Marks) -> Graph {
    let mut order: Vec<u32> = (1..=set.len() as u32).collect();
    rng.shuffle(&mut order);
    // The number each host vertex of the piece gets.
    number.start(host.n());
    for (&v, &k) in set.iter().zip(&order) {
        number.mark(v, k);
    }
    let mut among: Vec<(u32, u32)> = Vec::with_capacity(4 * set.len());
    for (&v, &k) in set.iter().zip(&order) {
        host.each_neighbour(v, |w| {
            if v < w
                && let Some(j) = number.get(w)
            {
                among.push((k, j));
            }
        });
    }
    among.sort_unstable();
    rng.shuffle(&mut among);
    // Kruskal over the shuffled edges: the tree keeps the piece connected.
    let mut root: Vec<u32> = (0..=set.len() as u32).collect();
    fn find(root: &mut [u32], v: u32) -> u32 {
        let mut r = v;
        while root[r as usize] != r {
            r = root[r as usize];
        }
        root[v as usize] = r;
        r
    }
    let mut edges = Vec::with_capacity(among.len());
    for (a, b) in among {
        let (ra, rb) = (find(&mut root, a), find(&mut root, b));
        if ra != rb {
            root[ra as usize] = rb;
            edges.push((a, b));
        } else if keep_all || rng.below(2) == 0 {
            edges.push((a, b));
        }
    }
    Graph::new(set.len() as u32, edges)
}

/// One order (spec §3.2.2): most are pieces of the sheet; `impossible_percent` of them are cut
/// from a triangular lattice instead, keeping every edge among the piece's vertices (planar and
/// connected, but probably not in the sheet, whose diagonals lean both ways and are often
/// missing: a patch of same-leaning triangles rarely fits). Its value is P = clamp(2·E·u, 1, 100) with
/// u uniform in [0.8, 1.2], to six decimals.
pub fn order(sheet: &Graph, params: &Params, rng: &mut SplitMix64, marks: &mut Marks) -> Order {
    let size = params.min_order + rng.below((params.max_order - params.min_order + 1) as usize) as u32;
    let size = size.min(sheet.n());
    let graph = if chance(rng, params.impossible_percent) {
        let side = size.max(2);
        // The draws that building the lattice as a grid (a diagonal in every cell: one draw
        // each) took when it was built, so that a seed still makes the same orders.
        for _ in 0..(side - 1) * (side - 1) {
            chance(rng, 100);
        }
        let lattice = Host::Lattice { side };
        let set = grow(lattice, size, rng, marks);
        cut(lattice, &set, true, rng, marks)
    } else {
        let set = grow(Host::Sheet(sheet), size, rng, marks);
        cut(Host::Sheet(sheet), &set, false, rng, marks)
    };
    let u = 800_000 + rng.below(400_001) as i64;
    let value = (2 * graph.edges().len() as i64 * u).clamp(1_000_000, 100_000_000);
    Order { graph, value: Fixed6(value) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_sheet_is_connected_planar_sized_and_the_same_for_a_seed() {
        let params = Params::default();
        let a = sheet(&params, &mut SplitMix64::new(7));
        let b = sheet(&params, &mut SplitMix64::new(7));
        assert_eq!(a, b, "a seed means one sheet");
        assert_eq!(a.graph.n(), 2025);
        assert!(a.graph.is_connected());
        // A grid's 3,960 edges plus about 968 diagonals, less about 15 %.
        let m = a.graph.edges().len();
        assert!((3600..4400).contains(&m), "{m} edges");
        // Planar by construction; Euler's bound for a simple planar graph holds.
        assert!(m <= 3 * 2025 - 6);
        // Every edge joins grid neighbours (a diagonal at most).
        let positions = a.positions.as_ref().expect("a generated sheet is placed");
        for &(u, v) in a.graph.edges() {
            let (p, q) = (positions[u as usize - 1], positions[v as usize - 1]);
            assert!(p.0.abs_diff(q.0) <= 1 && p.1.abs_diff(q.1) <= 1 && p != q);
        }
        assert_ne!(a, sheet(&params, &mut SplitMix64::new(8)));
    }

    #[test]
    fn orders_are_connected_sized_and_valued_as_the_parameters_say() {
        let params = Params { width: 20, height: 20, ..Params::default() };
        let mut rng = SplitMix64::new(3);
        let s = sheet(&params, &mut rng);
        let mut marks = Marks::default();
        for _ in 0..200 {
            let o = order(&s.graph, &params, &mut rng, &mut marks);
            let v = o.graph.n();
            assert!((4..=25).contains(&v), "{v} vertices");
            assert!(o.graph.is_connected());
            let e = o.graph.edges().len() as i64;
            assert!(e >= v as i64 - 1);
            assert!(o.value >= Fixed6::from_int(1) && o.value <= Fixed6::from_int(100));
            let raw = (2 * e * 800_000, 2 * e * 1_200_000);
            assert!(o.value.0 == 1_000_000 || o.value.0 == 100_000_000 || (raw.0..=raw.1).contains(&o.value.0));
        }
    }

    #[test]
    fn unplayable_parameters_are_refused() {
        assert!(Params::default().check().is_ok());
        assert!(Params { width: 1, ..Params::default() }.check().is_err());
        assert!(Params { min_order: 9, max_order: 5, ..Params::default() }.check().is_err());
        assert!(Params { impossible_percent: 101, ..Params::default() }.check().is_err());
        assert!(Params { turns: 0, ..Params::default() }.check().is_err());
    }

    /// Issue 49: `initial_orders` 2147483648 asked for 189 GB.
    #[test]
    fn every_number_beyond_its_bound_is_refused_by_its_field() {
        let refused = |p: Params, said: &str| assert_eq!(p.check().unwrap_err(), said);
        let d = Params::default;
        refused(Params { initial_orders: 1 << 31, ..d() }, "initial_orders 2147483648: must be 0 to 1000");
        refused(Params { width: u32::MAX, ..d() }, "width 4294967295: must be 2 to 2000");
        refused(Params { height: 0, ..d() }, "height 0: must be 2 to 2000");
        refused(Params { width: 2000, height: 2001, ..d() }, "height 2001: must be 2 to 2000");
        refused(Params { turns: u32::MAX, ..d() }, "turns 4294967295: must be 1 to 100000");
        refused(Params { min_order: 0, ..d() }, "min_order 0: must be 2 to 100");
        refused(Params { max_order: u32::MAX, ..d() }, "max_order 4294967295: must be 2 to 100");
        refused(Params { impossible_percent: 1 << 31, ..d() }, "impossible_percent 2147483648: must be 0 to 100");
        assert!(Params { width: 2000, height: 2000, initial_orders: 0, min_order: 100, max_order: 100, ..d() }.check().is_ok());
    }
}
