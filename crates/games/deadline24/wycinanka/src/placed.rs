//! The orders in play: each with the solutions accepted for it. Shared by the rules (which
//! accept cuts) and the schedule (which draws the orders of the turns to come).

use crate::sheet::Order;
use kibitz_deadline24::Lines;
use std::sync::Arc;

/// An order in play: what was ordered, and the accepted solutions, in order of acceptance
/// (their number is the order's C).
#[derive(Debug, Clone, PartialEq)]
pub struct Placed {
    pub order: Arc<Order>,
    /// The turn it was placed before (1: before the first).
    pub turn: u32,
    pub cuts: Vec<Cut>,
    /// The order's edges as `DESCRIBE ORDER` lists them, written once: every team asks for
    /// the same lines, often every turn.
    pub(crate) edges: Arc<Lines>,
}

/// An accepted solution: the team, and the sheet vertex of each order vertex (never shown to
/// other teams; the viewer draws it).
#[derive(Debug, Clone, PartialEq)]
pub struct Cut {
    pub team: usize,
    pub map: Arc<[u32]>,
}

impl Placed {
    pub fn new(order: Order, turn: u32) -> Self {
        let mut edges = Lines::new();
        order.graph.write_edges(&mut edges);
        Self { order: Arc::new(order), turn, cuts: Vec::new(), edges: Arc::new(edges) }
    }

    /// Whether `team` has fulfilled the order.
    pub fn fulfilled_by(&self, team: usize) -> bool {
        self.cuts.iter().any(|c| c.team == team)
    }
}
