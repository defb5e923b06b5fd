//! Wycinanka worlds as text files: a sheet and its orders, to save, share and play again. Each
//! block is the protocol's own answer, so a client's parser reads the file as it is:
//!
//! ```text
//! # comments and blank lines are skipped
//! sheet              DESCRIBE WORLD's answer without T and K: `N M`, then M lines `A B`
//! 6 6
//! 1 2
//! …
//! positions          optional: N lines `X Y`, where the viewer draws vertex 1, 2, …
//! 0 0
//! …
//! order 1            placed before turn 1; then DESCRIBE ORDER's answer without C:
//! 4 3 10.000000      `V E P`, then E lines `A B`
//! 1 4
//! …
//! ```
//!
//! Orders come in the order they are placed (IDs 1, 2, … in the file's order), their turns never
//! decreasing. A game on a world places the orders listed for a turn before it, and generated
//! ones (as in a generated game) before a turn the file lists none for, so that every turn gets
//! at least one (spec §3.2.2).

use crate::graph::Graph;
use crate::sheet::{Order, Sheet};
use kibitz_deadline24::Fixed6;
use std::fmt::Write;

/// A sheet and the orders placed on it, with the turn each is placed before.
#[derive(Debug, Clone, PartialEq)]
pub struct World {
    pub sheet: Sheet,
    /// In the order they are placed: `(turn, order)`, turns never decreasing, from 1.
    pub orders: Vec<(u32, Order)>,
}

/// What is wrong with a world file, and on which line (from 1; 0 for the end of the file).
#[derive(Debug, Clone, PartialEq)]
pub struct WorldError {
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for WorldError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            0 => write!(f, "at the end of the file: {}", self.message),
            line => write!(f, "line {line}: {}", self.message),
        }
    }
}

impl std::error::Error for WorldError {}

/// The largest sheet a world may hold (as the generator's parameters allow).
const MAX_VERTICES: u64 = 4_000_000;
/// Where a vertex may be drawn: far beyond any sheet, small enough to scale safely.
const MAX_COORDINATE: u32 = 1_000_000;

impl World {
    /// The world as text, in the format [`World::parse`] reads.
    pub fn to_text(&self) -> String {
        let g = &self.sheet.graph;
        let mut text = String::with_capacity(16 * (g.edges().len() + g.n() as usize));
        let _ = writeln!(text, "# A wycinanka world (Kibitz): the sheet, where each vertex is drawn, then the orders.");
        let _ = writeln!(text, "sheet\n{} {}", g.n(), g.edges().len());
        push_edges(&mut text, g);
        if let Some(positions) = &self.sheet.positions {
            text.push_str("positions\n");
            for (x, y) in positions {
                let _ = writeln!(text, "{x} {y}");
            }
        }
        for (turn, order) in &self.orders {
            let _ = writeln!(text, "order {turn}\n{} {} {}", order.graph.n(), order.graph.edges().len(), order.value);
            push_edges(&mut text, &order.graph);
        }
        text
    }

    /// Reads a world file, refusing anything the game could not be played on: the line of the
    /// first fault is named. Planarity is not checked (the generator's sheets are planar by
    /// construction; a hand-written one is played as given).
    pub fn parse(text: &str) -> Result<World, WorldError> {
        let mut lines = Lines::new(text);
        let (at, words) = lines.next().ok_or(WorldError { line: 0, message: "the file is empty: a world starts with `sheet`".into() })?;
        if words != ["sheet"] {
            return Err(WorldError { line: at, message: format!("a world starts with `sheet`, not {:?}", words.join(" ")) });
        }
        let (at, [n, m]) = lines.numbers::<2>("the sheet's `N M`")?;
        if !(1..=MAX_VERTICES).contains(&n) {
            return Err(WorldError { line: at, message: format!("a sheet has 1 to {MAX_VERTICES} vertices, not {n}") });
        }
        let graph = lines.graph(n as u32, m, "sheet")?;
        if let Some(v) = graph.unreached() {
            return Err(WorldError {
                line: at,
                message: format!("the sheet is not connected: vertex {v} cannot be reached from vertex 1"),
            });
        }
        let mut positions = None;
        let mut orders: Vec<(u32, Order)> = Vec::new();
        while let Some((at, words)) = lines.next() {
            match words.as_slice() {
                ["positions"] if positions.is_some() => return Err(WorldError { line: at, message: "a second `positions` block".into() }),
                ["positions"] if !orders.is_empty() => {
                    return Err(WorldError { line: at, message: "`positions` comes before the orders".into() });
                }
                ["positions"] => {
                    let mut list = Vec::with_capacity(n as usize);
                    for _ in 0..n {
                        let (at, [x, y]) = lines.numbers::<2>("a vertex's position `X Y`")?;
                        if x.max(y) > u64::from(MAX_COORDINATE) {
                            return Err(WorldError { line: at, message: format!("a coordinate is at most {MAX_COORDINATE}") });
                        }
                        list.push((x as u32, y as u32));
                    }
                    positions = Some(list);
                }
                ["order", turn] => {
                    let turn: u32 = turn
                        .parse()
                        .ok()
                        .filter(|&t| t >= 1)
                        .ok_or(WorldError { line: at, message: format!("an order's turn is a number from 1, not {turn:?}") })?;
                    if let Some(&(last, _)) = orders.last()
                        && turn < last
                    {
                        return Err(WorldError {
                            line: at,
                            message: format!("orders come in the order they are placed: turn {turn} after turn {last}"),
                        });
                    }
                    orders.push((turn, lines.order(orders.len() + 1)?));
                }
                _ => {
                    return Err(WorldError {
                        line: at,
                        message: format!("expected `positions` or `order TURN`, not {:?}", words.join(" ")),
                    });
                }
            }
        }
        Ok(World { sheet: Sheet { graph, positions }, orders })
    }
}

fn push_edges(text: &mut String, graph: &Graph) {
    for (a, b) in graph.edges() {
        let _ = writeln!(text, "{a} {b}");
    }
}

/// The file's meaningful lines, as words, with their numbers.
struct Lines<'t> {
    inner: std::iter::Enumerate<std::str::Lines<'t>>,
}

/// A line's words as a world file is read: those before any `#` (none: a comment or blank).
pub fn words(line: &str) -> Vec<&str> {
    line.split('#').next().unwrap_or("").split_whitespace().collect()
}

impl<'t> Lines<'t> {
    fn new(text: &'t str) -> Self {
        Self { inner: text.lines().enumerate() }
    }

    fn next(&mut self) -> Option<(usize, Vec<&'t str>)> {
        for (k, line) in self.inner.by_ref() {
            let words = words(line);
            if !words.is_empty() {
                return Some((k + 1, words));
            }
        }
        None
    }

    /// A line of exactly `N` non-negative integers; `what` names it in errors.
    fn numbers<const N: usize>(&mut self, what: &str) -> Result<(usize, [u64; N]), WorldError> {
        let (at, words) = self.next().ok_or_else(|| WorldError { line: 0, message: format!("the file ends where {what} should be") })?;
        let wrong = || WorldError { line: at, message: format!("expected {what} ({N} whole numbers), got {:?}", words.join(" ")) };
        if words.len() != N {
            return Err(wrong());
        }
        let mut numbers = [0u64; N];
        for (slot, word) in numbers.iter_mut().zip(&words) {
            *slot = word.parse().map_err(|_| wrong())?;
        }
        Ok((at, numbers))
    }

    /// `m` edge lines of a simple graph on 1…n; `what` names the graph in errors.
    fn graph(&mut self, n: u32, m: u64, what: &str) -> Result<Graph, WorldError> {
        let most = u64::from(n) * u64::from(n).saturating_sub(1) / 2;
        if m > most {
            return Err(WorldError {
                line: 0,
                message: format!("the {what} has {m} edges: a simple graph on {n} vertices has at most {most}"),
            });
        }
        // Room for the edges the file says it has, up to what a file of edge lines can hold
        // (a count alone must not reserve terabytes: the lines read then say it is wrong).
        let room = m.min(1 << 20) as usize;
        let mut edges = Vec::with_capacity(room);
        let mut seen = std::collections::HashSet::with_capacity(room);
        for k in 0..m {
            let (at, [a, b]) = self.numbers::<2>(&format!("edge {} of {m} of the {what}, `A B`", k + 1))?;
            let fault = if !(1..=u64::from(n)).contains(&a) || !(1..=u64::from(n)).contains(&b) {
                Some(format!("the {what}'s vertices are 1 to {n}"))
            } else if a == b {
                Some(format!("a loop at vertex {a}"))
            } else if !seen.insert((a.min(b), a.max(b))) {
                Some(format!("the edge {a} {b} is already in the {what} (no multi-edges)"))
            } else {
                None
            };
            if let Some(message) = fault {
                return Err(WorldError { line: at, message });
            }
            edges.push((a as u32, b as u32));
        }
        Ok(Graph::new(n, edges))
    }

    /// An order's `V E P` line and its edges; `id` names it in errors.
    fn order(&mut self, id: usize) -> Result<Order, WorldError> {
        let what = format!("order {id}");
        let (at, words) =
            self.next().ok_or_else(|| WorldError { line: 0, message: format!("the file ends where {what}'s `V E P` should be") })?;
        let wrong = |why: String| WorldError { line: at, message: format!("{what}: {why}") };
        let [v, e, p] = words.as_slice() else { return Err(wrong(format!("expected `V E P`, got {:?}", words.join(" ")))) };
        let v: u32 = v.parse().ok().filter(|&v| (1..=1000).contains(&v)).ok_or_else(|| wrong(format!("V is 1 to 1000, not {v:?}")))?;
        let e: u64 = e.parse().map_err(|_| wrong(format!("E is a whole number, not {e:?}")))?;
        let value: Fixed6 = p.parse().map_err(wrong)?;
        if !(Fixed6::from_int(1)..=Fixed6::from_int(100)).contains(&value) {
            return Err(wrong(format!("P is 1.0 to 100.0 (spec §3.2.2), not {value}")));
        }
        let graph = self.graph(v, e, &what)?;
        if let Some(u) = graph.unreached() {
            return Err(wrong(format!("an order is connected, but vertex {u} cannot be reached from vertex 1")));
        }
        Ok(Order { graph, value })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &str = "# the seed's example (spec §3.7)\nsheet\n6 6\n1 2\n4 2\n2 3\n3 4\n3 6\n4 5\n\
        order 1\n3 2 4.0\n1 2\n2 3\norder 1 # the star\n4 3 10.000000\n1 4\n2 4\n3 4\n";

    #[test]
    fn the_seeds_example_reads_and_writes_back_the_same_world() {
        let world = World::parse(EXAMPLE).unwrap();
        assert_eq!(world.sheet.graph, Graph::new(6, vec![(1, 2), (4, 2), (2, 3), (3, 4), (3, 6), (4, 5)]));
        assert_eq!(world.sheet.positions, None);
        assert_eq!(world.orders.len(), 2);
        assert_eq!(world.orders[1], (1, Order { graph: Graph::new(4, vec![(1, 4), (2, 4), (3, 4)]), value: Fixed6::from_int(10) }));
        let text = world.to_text();
        assert!(text.contains("order 1\n4 3 10.000000\n1 4\n2 4\n3 4\n"), "{text}");
        assert_eq!(World::parse(&text).unwrap(), world);
        let placed = World {
            sheet: Sheet { positions: Some(vec![(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)]), ..world.sheet.clone() },
            ..world
        };
        assert_eq!(World::parse(&placed.to_text()).unwrap(), placed);
    }

    /// Each fault, with the line it is reported on.
    #[test]
    fn a_broken_world_names_its_line() {
        let cases: &[(&str, usize, &str)] = &[
            ("", 0, "empty"),
            ("order 1\n", 1, "starts with `sheet`"),
            ("sheet\n3\n", 2, "`N M`"),
            ("sheet\n3 2\n1 2\n", 0, "ends where edge 2 of 2"),
            // Issue 49's kind: the count alone reserved room for 8·10^12 edges.
            ("sheet\n4000000 7999998000000\n1 2\n", 0, "ends where edge 2 of 7999998000000"),
            ("sheet\n3 2\n1 2\n2 4\n", 4, "vertices are 1 to 3"),
            ("sheet\n3 2\n1 2\n2 2\n", 4, "a loop"),
            ("sheet\n3 2\n1 2\n2 1\n", 4, "already in the sheet"),
            ("sheet\n4 2\n1 2\n3 4\n", 2, "vertex 3 cannot be reached"),
            ("sheet\n2 1\n1 2\npositions\n0 0\n", 0, "position"),
            ("sheet\n2 1\n1 2\npositions\n0 0\n1 x\n", 6, "position"),
            ("sheet\n2 1\n1 2\norder 0\n", 4, "turn is a number from 1"),
            ("sheet\n2 1\n1 2\norder 2\n2 1 5\n1 2\norder 1\n", 7, "turn 1 after turn 2"),
            ("sheet\n2 1\n1 2\norder 1\n2 1 0.5\n1 2\n", 5, "P is 1.0 to 100.0"),
            ("sheet\n2 1\n1 2\norder 1\n2 1 1.0000001\n1 2\n", 5, "at most six places"),
            ("sheet\n2 1\n1 2\norder 1\n3 1 5\n1 2\n", 5, "order 1: an order is connected"),
            ("sheet\n2 1\n1 2\norder 1\n2 1 5\n1 3\n", 6, "order 1's vertices are 1 to 2"),
            ("sheet\n2 1\n1 2\nflip\n", 4, "expected `positions` or `order TURN`"),
            ("sheet\n2 1\n1 2\norder 1\n2 1 5\n1 2\npositions\n", 7, "before the orders"),
        ];
        for (text, line, words) in cases {
            let e = World::parse(text).expect_err(text);
            assert_eq!(e.line, *line, "{text:?}: {e}");
            assert!(e.to_string().contains(words), "{text:?}: {e}");
        }
    }
}
