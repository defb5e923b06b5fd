//! How good a lock placement looks: a small hand-tuned heuristic over the cells the unit would
//! fill. Only the cells around the placement are looked at, so it stays cheap on big boards.

use kibitz_icfp2015::{Board, Cell, Cube};

/// The board as the solver sees it: full cells and full cells per row.
#[derive(Debug, Clone)]
pub(crate) struct Local {
    pub width: i32,
    pub height: i32,
    full: Vec<bool>,
    row_count: Vec<i32>,
}

impl Local {
    pub fn new(board: &Board) -> Local {
        let (w, h) = (board.width() as i32, board.height() as i32);
        let mut full = vec![false; (w * h) as usize];
        let mut row_count = vec![0; h as usize];
        for c in board.full_cells() {
            full[(c.y * w + c.x) as usize] = true;
            row_count[c.y as usize] += 1;
        }
        Local { width: w, height: h, full, row_count }
    }

    /// The board after locking a unit with members `cells` and clearing full rows.
    pub fn locked(&self, cells: &[Cube]) -> Local {
        let mut b = self.clone();
        for c in cells {
            let k = c.cell();
            b.full[(k.y * b.width + k.x) as usize] = true;
            b.row_count[k.y as usize] += 1;
        }
        let w = b.width as usize;
        let mut to = b.height as usize;
        for from in (0..b.height as usize).rev() {
            if b.row_count[from] == b.width {
                continue;
            }
            to -= 1;
            if to != from {
                b.full.copy_within(from * w..(from + 1) * w, to * w);
                b.row_count[to] = b.row_count[from];
            }
        }
        b.full[..to * w].fill(false);
        b.row_count[..to].fill(0);
        b
    }

    #[inline]
    pub fn on_board(&self, c: Cell) -> bool {
        c.x >= 0 && c.y >= 0 && c.x < self.width && c.y < self.height
    }

    #[inline]
    pub fn is_free(&self, c: Cell) -> bool {
        self.on_board(c) && !self.full[(c.y * self.width + c.x) as usize]
    }
}

/// Weights of the heuristic (integers, so results never depend on float rounding): the
/// features of Dellacherie's Tetris evaluation, carried over to the hex board and computed
/// from the cells around the placement only, so it stays cheap on big boards.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Weights {
    /// Use [`contact_value`] instead.
    pub contact: bool,
    /// Times the average height of the members above the floor.
    pub height: i64,
    /// Per member in a cleared row, times the rows cleared ("eroded cells").
    pub eroded: i64,
    /// Per cleared row.
    pub clear: i64,
    /// Per change between full and empty along rows (walls count as full).
    pub row_transitions: i64,
    /// Per change between full and empty from a cell to its SE and SW neighbours (the floor
    /// counts as full, above the board as empty).
    pub down_transitions: i64,
    /// Per hole: an empty cell whose two upper neighbours are both full (or walls).
    pub holes: i64,
}

/// The first, simpler heuristic: deep, snug placements, few holes below, fuller rows.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Contact {
    /// Per cleared row.
    pub clear: i64,
    /// Per member, times its row (deeper is better).
    pub depth: i64,
    /// Per member side that touches a full cell, a wall or the floor.
    pub touch: i64,
    /// Per empty cell just below (SE or SW of) a member that the unit does not cover itself.
    pub hole: i64,
    /// Per such cell that ends up with both cells above it full: a covered hole.
    pub covered: i64,
    /// Times the sum over the rows the unit touches of (full cells after)² / width.
    pub row_fill: i64,
}

pub(crate) const CONTACT: Contact = Contact { clear: 2000, depth: 12, touch: 8, hole: 10, covered: 40, row_fill: 6 };

/// The value of a placement by [`Contact`].
/// The rows the cells lie in, with how many cells in each (at most 32 rows, without
/// allocating: this runs for every candidate placement).
fn rows_of(cells: &[Cube]) -> ([(i32, i32); 32], usize) {
    let mut rows: [(i32, i32); 32] = [(0, 0); 32];
    let mut nrows = 0;
    for c in cells {
        let y = c.cell().y;
        match rows[..nrows].iter_mut().find(|r| r.0 == y) {
            Some(r) => r.1 += 1,
            None if nrows < 32 => {
                rows[nrows] = (y, 1);
                nrows += 1;
            }
            None => {}
        }
    }
    (rows, nrows)
}

pub(crate) fn contact_value(board: &Local, cells: &[Cube], next_spawn: Option<&[Cell]>, w: &Contact) -> i64 {
    let member = |c: Cube| cells.contains(&c);
    // Full, a member, or off the board (a wall: nothing comes in from the side).
    let blocked = |c: Cube| member(c) || !board.is_free(c.cell());
    let mut v = 0;
    let (rows, nrows) = rows_of(cells);
    let mut cleared = 0;
    for &(y, added) in &rows[..nrows] {
        let n = board.row_count[y as usize] + added;
        if n == board.width {
            cleared += 1;
        } else {
            v += w.row_fill * (n * n) as i64 / board.width as i64;
        }
    }
    v += w.clear * cleared;
    for &c in cells {
        let k = c.cell();
        v += w.depth * k.y as i64;
        for d in [E, Cube::xz(-1, 0), SE, SW, NE, NW] {
            let n = c.add(d);
            if member(n) {
                continue;
            }
            let nk = n.cell();
            if nk.y < 0 {
                continue;
            }
            if !board.is_free(nk) {
                v += w.touch;
            } else if d == SE || d == SW {
                v -= w.hole;
                if blocked(n.add(NE)) && blocked(n.add(NW)) {
                    v -= w.covered;
                }
            }
        }
    }
    if cleared == 0 && next_spawn.is_some_and(|s| s.iter().any(|k| cells.contains(&k.cube()))) {
        v += BLOCKS_SPAWN;
    }
    v
}

pub(crate) const WEIGHTS: Weights =
    Weights { contact: false, height: 45, eroded: 34, clear: 300, row_transitions: 32, down_transitions: 47, holes: 79 };

/// Placement blocks the next unit's spawn: the game would end.
pub(crate) const BLOCKS_SPAWN: i64 = -1_000_000_000;

const NE: Cube = Cube::xz(1, -1);
const NW: Cube = Cube::xz(0, -1);
const E: Cube = Cube::xz(1, 0);
const SE: Cube = Cube::xz(0, 1);
const SW: Cube = Cube::xz(-1, 1);

/// The value of locking a unit with members `cells` (cube coordinates, all free on `board`).
/// `next_spawn`: where the next unit would appear, if there is one.
pub(crate) fn value(board: &Local, cells: &[Cube], next_spawn: Option<&[Cell]>, w: &Weights) -> i64 {
    if w.contact {
        return contact_value(board, cells, next_spawn, &CONTACT);
    }
    let member = |c: Cube| cells.contains(&c);
    // Full before / after the placement. Off the board: walls and floor are full, above is not.
    let before = |c: Cube| {
        let k = c.cell();
        if k.y < 0 { false } else { !board.is_free(k) }
    };
    let after = |c: Cube| member(c) || before(c);
    let covered = |c: Cube, full: &dyn Fn(Cube) -> bool| {
        let k = c.cell();
        board.on_board(k) && !full(c) && full(c.add(NE)) && full(c.add(NW))
    };

    // Rows cleared, and members in them.
    let (rows, nrows) = rows_of(cells);
    let (mut cleared, mut eroded) = (0i64, 0i64);
    for &(y, added) in &rows[..nrows] {
        if board.row_count[y as usize] + added == board.width {
            cleared += 1;
            eroded += added as i64;
        }
    }

    let mut v = w.clear * cleared + w.eroded * cleared * eroded;
    let size = cells.len() as i64;
    let height: i64 = cells.iter().map(|c| (board.height - c.cell().y) as i64).sum();
    v -= w.height * height / size;

    // Transitions on pairs with at least one member: each pair once, from its western or
    // northern cell.
    let (mut row_t, mut down_t, mut holes) = (0i64, 0i64, 0i64);
    let pair = |a: Cube, b: Cube| (after(a) != after(b)) as i64 - (before(a) != before(b)) as i64;
    for &c in cells {
        row_t += pair(c, c.add(E));
        if !member(c.sub(E)) {
            row_t += pair(c.sub(E), c);
        }
        for d in [SE, SW] {
            down_t += pair(c, c.add(d));
            if !member(c.sub(d)) {
                down_t += pair(c.sub(d), c);
            }
        }
        // Holes can appear below members and disappear where members are.
        holes -= covered(c, &before) as i64;
        for d in [SE, SW] {
            let n = c.add(d);
            // (a cell SW of this member is SE of the member to the west: count it once)
            let counted = member(n) || d == SW && member(c.sub(E));
            if !counted {
                holes += covered(n, &after) as i64 - covered(n, &before) as i64;
            }
        }
    }
    v -= w.row_transitions * row_t + w.down_transitions * down_t + w.holes * holes;

    if cleared == 0 && next_spawn.is_some_and(|s| s.iter().any(|k| cells.contains(&k.cube()))) {
        v += BLOCKS_SPAWN;
    }
    v
}
