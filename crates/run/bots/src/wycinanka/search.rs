//! Finding an order in the sheet: a subgraph monomorphism search (VF2-style backtracking).
//! The order's vertices are placed one by one in an order that keeps each next vertex joined
//! to one already placed (most placed neighbours first, then highest degree), so candidates
//! come from the sheet neighbours of a placed vertex, not from the whole sheet; a candidate
//! must have enough neighbours and be joined to the images of every placed neighbour.

use kibitz_wycinanka::graph::Graph;
use std::time::{Duration, Instant};

/// What a search came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    /// Sheet vertices for order vertices 1, 2, …, V.
    Map(Vec<u32>),
    /// The whole space was searched: the order is not in the sheet.
    NotThere,
    /// The budget ran out first.
    OutOfTime,
}

/// The order in which to place the pattern's vertices (0-based), each with the position (in
/// that order) of an earlier neighbour to draw candidates from.
fn placement(pattern: &Graph) -> Vec<(u32, Option<usize>)> {
    let v = pattern.n() as usize;
    let mut placed_at = vec![None::<usize>; v];
    let mut order = Vec::with_capacity(v);
    for _ in 0..v {
        let score = |k: usize| {
            let vertex = k as u32 + 1;
            let placed = pattern.neighbours(vertex).iter().filter(|&&w| placed_at[w as usize - 1].is_some()).count();
            (placed, pattern.neighbours(vertex).len(), std::cmp::Reverse(k))
        };
        let next = (0..v).filter(|&k| placed_at[k].is_none()).max_by_key(|&k| score(k)).expect("a vertex is left");
        let parent = pattern.neighbours(next as u32 + 1).iter().filter_map(|&w| placed_at[w as usize - 1]).min();
        placed_at[next] = Some(order.len());
        order.push((next as u32 + 1, parent));
    }
    order
}

/// Looks for `pattern` in `sheet` for at most `budget`, starting from sheet vertices in an
/// order that `seed` rotates (so that solvers with other seeds cut other pieces).
pub fn find(pattern: &Graph, sheet: &Graph, budget: Duration, seed: u64) -> Found {
    let v = pattern.n() as usize;
    if v == 0 {
        return Found::Map(Vec::new());
    }
    if v > sheet.n() as usize {
        return Found::NotThere;
    }
    let order = placement(pattern);
    let deadline = Instant::now() + budget;
    let mut image = vec![0u32; v]; // pattern vertex (0-based) → sheet vertex, 0 when unplaced
    let mut used = vec![false; sheet.n() as usize + 1];
    let mut nodes = 0u64;
    // The search as an explicit stack of candidate lists, one per placed position.
    let mut candidates: Vec<Vec<u32>> = Vec::with_capacity(v);
    let mut first = first_candidates(pattern, sheet, order[0].0);
    if !first.is_empty() {
        let turn = (seed % first.len() as u64) as usize;
        first.rotate_left(turn);
    }
    candidates.push(first);
    loop {
        let depth = candidates.len() - 1;
        let (vertex, _) = order[depth];
        let slot = vertex as usize - 1;
        // Undo this position's previous choice.
        if image[slot] != 0 {
            used[image[slot] as usize] = false;
            image[slot] = 0;
        }
        let Some(c) = candidates[depth].pop() else {
            candidates.pop();
            if candidates.is_empty() {
                return Found::NotThere;
            }
            continue;
        };
        nodes += 1;
        if nodes.is_multiple_of(4096) && Instant::now() > deadline {
            return Found::OutOfTime;
        }
        if used[c as usize] || !fits_here(pattern, sheet, &image, vertex, c) {
            continue;
        }
        image[slot] = c;
        used[c as usize] = true;
        if depth + 1 == v {
            return Found::Map(image);
        }
        let (next, parent) = order[depth + 1];
        let from = image[order[parent.expect("every later vertex has a placed neighbour in a connected order")].0 as usize - 1];
        let need = pattern.neighbours(next).len();
        let next_candidates =
            sheet.neighbours(from).iter().copied().filter(|&w| !used[w as usize] && sheet.neighbours(w).len() >= need).collect();
        candidates.push(next_candidates);
    }
}

fn first_candidates(pattern: &Graph, sheet: &Graph, first: u32) -> Vec<u32> {
    let need = pattern.neighbours(first).len();
    (1..=sheet.n()).rev().filter(|&s| sheet.neighbours(s).len() >= need).collect()
}

/// Whether sheet vertex `c` can stand for pattern vertex `vertex`: joined to the image of each
/// placed neighbour, and with at least as many neighbours.
fn fits_here(pattern: &Graph, sheet: &Graph, image: &[u32], vertex: u32, c: u32) -> bool {
    sheet.neighbours(c).len() >= pattern.neighbours(vertex).len()
        && pattern.neighbours(vertex).iter().all(|&w| {
            let placed = image[w as usize - 1];
            placed == 0 || sheet.has_edge(c, placed)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use kibitz_core::rng::SplitMix64;
    use kibitz_wycinanka::generate::{Marks, Params, order, sheet};
    use kibitz_wycinanka::graph::fits;

    /// Whether `pattern` maps into `host` at all, trying every injective map (tiny graphs only).
    fn brute_force(pattern: &Graph, host: &Graph) -> bool {
        fn extend(pattern: &Graph, host: &Graph, map: &mut Vec<u32>) -> bool {
            if map.len() == pattern.n() as usize {
                return fits(pattern, host, map);
            }
            for c in 1..=host.n() {
                if !map.contains(&c) {
                    map.push(c);
                    if extend(pattern, host, map) {
                        return true;
                    }
                    map.pop();
                }
            }
            false
        }
        extend(pattern, host, &mut Vec::new())
    }

    #[test]
    fn the_star_of_the_seeds_example_is_found_and_fits() {
        let sheet = Graph::new(6, vec![(1, 2), (4, 2), (2, 3), (3, 4), (3, 6), (4, 5)]);
        let star = Graph::new(4, vec![(1, 4), (2, 4), (3, 4)]);
        let Found::Map(map) = find(&star, &sheet, Duration::from_secs(5), 0) else { panic!("the star is there") };
        assert!(fits(&star, &sheet, &map));
        let four_star = Graph::new(5, vec![(1, 5), (2, 5), (3, 5), (4, 5)]);
        assert_eq!(find(&four_star, &sheet, Duration::from_secs(5), 1), Found::NotThere, "no vertex has four neighbours");
    }

    #[test]
    fn on_small_random_graphs_the_search_agrees_with_brute_force() {
        let mut rng = SplitMix64::new(11);
        for round in 0..300u64 {
            let host_n = 4 + rng.below(4) as u32;
            let host_edges =
                (0..rng.below(12)).map(|_| (1 + rng.below(host_n as usize) as u32, 1 + rng.below(host_n as usize) as u32)).collect();
            let host = Graph::new(host_n, host_edges);
            let n = 2 + rng.below(3) as u32;
            // A connected pattern: a random tree plus a random edge or two.
            let mut edges: Vec<(u32, u32)> = (2..=n).map(|v| (1 + rng.below(v as usize - 1) as u32, v)).collect();
            edges.push((1 + rng.below(n as usize) as u32, 1 + rng.below(n as usize) as u32));
            let pattern = Graph::new(n, edges);
            let found = find(&pattern, &host, Duration::from_secs(5), round);
            match &found {
                Found::Map(map) => {
                    assert!(fits(&pattern, &host, map), "round {round}: a found map fits");
                    let mut distinct = map.clone();
                    distinct.sort_unstable();
                    distinct.dedup();
                    assert_eq!(distinct.len(), map.len(), "round {round}: injective");
                }
                Found::NotThere => assert!(!brute_force(&pattern, &host), "round {round}: brute force finds one"),
                Found::OutOfTime => panic!("round {round}: tiny graphs take no time"),
            }
            assert_eq!(matches!(found, Found::Map(_)), brute_force(&pattern, &host), "round {round}");
        }
    }

    #[test]
    fn every_order_cut_from_the_sheet_is_found() {
        let params = Params { width: 30, height: 30, impossible_percent: 0, ..Params::default() };
        let mut rng = SplitMix64::new(4);
        let s = sheet(&params, &mut rng);
        let mut marks = Marks::default();
        for k in 0..40u64 {
            let o = order(&s.graph, &params, &mut rng, &mut marks);
            match find(&o.graph, &s.graph, Duration::from_secs(20), k) {
                Found::Map(map) => assert!(fits(&o.graph, &s.graph, &map), "order {k}"),
                other => panic!("order {k} ({} vertices) is cut from the sheet, but: {other:?}", o.graph.n()),
            }
        }
    }
}
