//! The solver's own light position model: a unit's shape in its six orientations, and positions
//! (pivot, orientation) numbered on a padded grid so that searches can use flat arrays.
//!
//! Positions use *canonical* orientations: two orientations with the same member set are one
//! position, as the repeated-position rule sees it (and turning equal sets gives equal sets).

use kibitz_icfp2015::{Cell, Command, Cube, Direction, Rules, Turn};

/// One unit, relative to its pivot, in all six orientations.
#[derive(Debug, Clone)]
pub(crate) struct Shape {
    pub size: usize,
    /// `offsets[r]`: members minus pivot after `r` clockwise sixths.
    pub offsets: [Vec<Cube>; 6],
    /// `canon[r]`: the smallest orientation with the same member set as `r`.
    pub canon: [u8; 6],
    /// The largest distance from the pivot to a member.
    pub radius: i32,
    /// The pivot where the unit spawns.
    pub spawn: Cube,
    /// The member cells where the unit spawns.
    pub spawn_cells: Vec<Cell>,
}

impl Shape {
    /// Unit `unit` of `rules`, as the rules crate spawns it.
    pub fn new(rules: &Rules, unit: usize) -> Shape {
        let pivot = rules.spawn_pivot(unit).cube();
        let spawn_cells = rules.spawn_cells(unit);
        let base: Vec<Cube> = spawn_cells.iter().map(|c| c.cube().sub(pivot)).collect();
        let offsets: [Vec<Cube>; 6] = std::array::from_fn(|r| base.iter().map(|v| v.turned(r as i32)).collect());
        let sorted: Vec<Vec<Cube>> = offsets
            .iter()
            .map(|o| {
                let mut s = o.clone();
                s.sort();
                s
            })
            .collect();
        let canon = std::array::from_fn(|r| (0..6).find(|&q| sorted[q] == sorted[r]).expect("r matches itself") as u8);
        let radius = base.iter().map(|v| v.x.abs().max(v.y.abs()).max(v.z.abs())).max().unwrap_or(0);
        Shape { size: base.len(), offsets, canon, radius, spawn: pivot, spawn_cells }
    }

    /// The orientation after `turn` from canonical orientation `rot`, canonical again.
    #[inline]
    pub fn turned(&self, rot: u8, turn: Turn) -> u8 {
        self.canon[(rot as i32 + turn.sixths()).rem_euclid(6) as usize]
    }

    /// The canonical orientations that `turn` takes to canonical orientation `rot`.
    pub fn turned_from(&self, rot: u8, turn: Turn) -> impl Iterator<Item = u8> + '_ {
        (0..6u8).filter(move |&r| self.canon[r as usize] == r && self.turned(r, turn) == rot)
    }
}

/// Positions of a unit on a `width`×`height` board, numbered by pivot in cube coordinates
/// (a parallelogram of slots, so that every move is a fixed step between slot numbers) and
/// canonical orientation (six slots per pivot). The same numbering (slot / 6) serves for cells.
/// The grid reaches `margin` = 2 × radius + 3 beyond the board: a position next to one that
/// fits has its pivot and all its members inside the grid.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Grid {
    margin: i32,
    /// Smallest cube x of a slot.
    x_min: i32,
    cols: i32,
    rows: i32,
}

impl Grid {
    pub fn new(width: i32, height: i32, radius: i32) -> Grid {
        let margin = 2 * radius + 3;
        // Cube x = column - floor(row / 2), for rows -margin..height+margin.
        let x_min = -margin - (height + margin).div_euclid(2) - 1;
        let x_max = width + margin + margin.div_euclid(2) + 1;
        Grid { margin, x_min, cols: x_max - x_min, rows: height + 2 * margin }
    }

    /// How many position slots there are.
    pub fn len(&self) -> usize {
        (self.cols * self.rows * 6) as usize
    }

    /// The slot of pivot `p` in canonical orientation `rot`, if it is near enough to the board.
    #[inline]
    pub fn index(&self, p: Cube, rot: u8) -> Option<usize> {
        let (x, z) = (p.x - self.x_min, p.z + self.margin);
        (x >= 0 && z >= 0 && x < self.cols && z < self.rows).then(|| ((z * self.cols + x) * 6) as usize + rot as usize)
    }

    /// The pivot and orientation of slot `i`.
    #[inline]
    pub fn position(&self, i: usize) -> (Cube, u8) {
        let k = (i / 6) as i32;
        (Cube::xz(k % self.cols + self.x_min, k / self.cols - self.margin), (i % 6) as u8)
    }

    /// How far cell numbers (slot numbers / 6) move for a cube vector `v`.
    #[inline]
    pub fn cell_delta(&self, v: Cube) -> isize {
        (v.z * self.cols + v.x) as isize
    }

    /// How far slot numbers move for a move in direction `d`.
    #[inline]
    pub fn delta(&self, d: Direction) -> isize {
        let v = d.vector();
        ((v.z * self.cols + v.x) * 6) as isize
    }
}

/// Whether `c` moves the unit down (and so clears the repeated-position history).
pub(crate) fn is_down(c: Command) -> bool {
    matches!(c, Command::Move(Direction::SE | Direction::SW))
}
