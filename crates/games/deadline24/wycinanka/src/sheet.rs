//! What the factory works with: the sheet of material and the orders cut from it. Plain data,
//! shared by the generator (`generate`) and world files (`world`).

use crate::graph::Graph;
use kibitz_deadline24::Fixed6;

/// The material: a connected planar graph, and where each vertex sat on the grid it was cut
/// from (the view draws it there).
#[derive(Debug, Clone, PartialEq)]
pub struct Sheet {
    pub graph: Graph,
    /// `positions[v - 1]`: the grid column and row of vertex `v`; unknown for a world file
    /// that gives none (the view then lays the sheet out itself).
    pub positions: Option<Vec<(u32, u32)>>,
}

/// An order as the factory places it: the graph to find and its value P.
#[derive(Debug, Clone, PartialEq)]
pub struct Order {
    pub graph: Graph,
    pub value: Fixed6,
}
