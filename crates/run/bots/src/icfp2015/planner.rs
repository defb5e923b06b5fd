//! Plans one unit: finds every place it can lock, picks a good one, and walks there, speaking
//! phrases of power on the way whenever a good place stays reachable afterwards.

use super::eval::{self, Local, Weights};
use super::geometry::{Grid, Shape, is_down};
use kibitz_icfp2015::{Cell, Command, Cube, Decoded, Direction, Turn, decode};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::hash::{BuildHasherDefault, Hasher};
use std::time::Instant;

const UNKNOWN: u8 = 0;
const FITS: u8 = 1;
const BLOCKED: u8 = 2;
const FAR: u32 = u32::MAX;
const NOT_LOCKABLE: i64 = i64::MIN;

/// A phrase of power as the solver uses it.
#[derive(Debug, Clone)]
pub(crate) struct Phrase {
    pub text: String,
    /// The commands, `None` for ignored white space.
    pub commands: Vec<Option<Command>>,
    /// Characters: the `len` of the power score.
    pub len: u64,
    /// Down moves: how much room the phrase takes.
    pub downs: u64,
}

impl Phrase {
    /// `None` when the phrase has a character that is not a command (it can never be spoken).
    pub fn new(text: &str) -> Option<Phrase> {
        let mut commands = Vec::new();
        for ch in text.chars() {
            match decode(ch) {
                Decoded::Command(c) => commands.push(Some(c)),
                Decoded::Ignored => commands.push(None),
                Decoded::Invalid => return None,
            }
        }
        let downs = commands.iter().filter(|c| c.is_some_and(is_down)).count() as u64;
        commands.iter().any(Option::is_some).then(|| Phrase { text: text.to_string(), len: text.chars().count() as u64, downs, commands })
    }
}

/// What speaking (part of) a phrase from a position does.
enum Spoken {
    /// An error.
    Fails,
    /// A command locks the unit at position `at`: the `chars` characters up to it (and any
    /// white space after the last command) are spoken; `last` says whether that is all.
    Locks { chars: usize, at: usize, last: bool },
    /// The unit ends at this position with this history.
    Ends(usize, Vec<usize>),
}

/// Tuning of one planning run.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Tuning {
    pub weights: Weights,
    /// Placements within this much of the best are acceptable after a phrase.
    pub margin: i64,
    /// At most this many exact reachability checks per step when choosing a phrase.
    pub checks: usize,
    /// Look one unit ahead for this many of the best placements (0: no look ahead).
    pub lookahead: usize,
}

/// Search buffers for all units of one game (sized for the largest unit).
pub(crate) struct Planner {
    grid: Grid,
    state: Vec<u8>,
    value: Vec<i64>,
    /// Steps to the best placements, and to the acceptable ones (ignoring history).
    dist_best: Vec<u32>,
    dist_ok: Vec<u32>,
    touched: Vec<usize>,
    // A* scratch.
    generation: u32,
    stamp: Vec<u32>,
    cost: Vec<u32>,
    parent: Vec<(u32, u8)>,
    queue: Vec<usize>,
    /// Cells (slot / 6) free on the board of the search, and the unit's members as cell-number
    /// steps from the pivot, per orientation.
    free: Vec<bool>,
    deltas: [Vec<isize>; 6],
    /// Placement values by [`mix`]ed members.
    values_by_cells: HashMap<u64, i64, BuildHasherDefault<Premixed>>,
}

/// SplitMix64's finaliser: spreads a cell over 64 bits, so that sums of cells make good keys.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A hasher for keys that are already well mixed.
#[derive(Default)]
struct Premixed(u64);

impl Hasher for Premixed {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ b as u64;
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// The result of planning one unit.
pub(crate) struct Plan {
    pub text: String,
    /// A phrase begun but cut short by the lock: its index and the characters still to speak
    /// (from the next unit's spawn, if they fit there).
    pub pending: Option<(usize, usize)>,
}

impl Planner {
    pub fn new(width: i32, height: i32, radius: i32) -> Planner {
        let grid = Grid::new(width, height, radius);
        let n = grid.len();
        Planner {
            grid,
            state: vec![UNKNOWN; n],
            value: vec![NOT_LOCKABLE; n],
            dist_best: vec![FAR; n],
            dist_ok: vec![FAR; n],
            touched: Vec::new(),
            generation: 0,
            stamp: vec![0; n],
            cost: vec![0; n],
            parent: vec![(0, 0); n],
            queue: Vec::new(),
            values_by_cells: HashMap::default(),
            free: vec![false; n / 6],
            deltas: Default::default(),
        }
    }

    fn reset(&mut self) {
        for &i in &self.touched {
            self.state[i] = UNKNOWN;
            self.value[i] = NOT_LOCKABLE;
            self.dist_best[i] = FAR;
            self.dist_ok[i] = FAR;
        }
        self.touched.clear();
    }

    fn fits(&self, board: &Local, shape: &Shape, p: Cube, rot: u8) -> bool {
        shape.offsets[rot as usize].iter().all(|v| board.is_free(p.add(*v).cell()))
    }

    /// Prepares the fast fit test of [`Planner::fits_at`] for `shape` on `board`.
    fn load(&mut self, board: &Local, shape: &Shape) {
        for (k, free) in self.free.iter_mut().enumerate() {
            *free = board.is_free(self.grid.position(k * 6).0.cell());
        }
        for r in 0..6 {
            self.deltas[r].clear();
            self.deltas[r].extend(shape.offsets[r].iter().map(|v| self.grid.cell_delta(*v)));
        }
    }

    /// Whether the unit fits at slot `j` (after [`Planner::load`]).
    #[inline]
    fn fits_at(&self, j: usize) -> bool {
        let base = j / 6;
        self.deltas[j % 6].iter().all(|&d| self.free.get(base.wrapping_add_signed(d)) == Some(&true))
    }

    /// The slot after command `c` from slot `i` (out of range, so never a fit, if off the grid;
    /// that cannot happen from a position that fits).
    #[inline]
    fn next(&self, shape: &Shape, i: usize, c: Command) -> usize {
        match c {
            Command::Move(d) => i.wrapping_add_signed(self.grid.delta(d)),
            Command::Turn(t) => {
                let r = i % 6;
                i - r + shape.turned(r as u8, t) as usize
            }
        }
    }

    /// The slot after `c` from slot `i` if the unit fits there (known for every neighbour of a
    /// reached slot once [`Planner::explore`] has run).
    #[inline]
    fn step(&self, shape: &Shape, i: usize, c: Command) -> Option<usize> {
        let j = self.next(shape, i, c);
        (self.state.get(j) == Some(&FITS)).then_some(j)
    }

    /// Plans the unit `shape` now at `pivot` (spawned, canonical orientation `rot`) on `board`.
    /// `next`: the next unit, if any, and a planner to look ahead with. `None` only if the
    /// search finds nothing (the caller then falls back).
    #[allow(clippy::too_many_arguments)]
    pub fn plan(
        &mut self,
        board: &Local,
        shape: &Shape,
        pivot: Cube,
        rot: u8,
        next: Option<(&Shape, &mut Planner)>,
        phrases: &[Phrase],
        used: &mut [u32],
        tuning: &Tuning,
        weave_until: Option<Instant>,
        weave: bool,
        pending: Option<(usize, usize)>,
    ) -> Option<Plan> {
        self.reset();
        let start = self.grid.index(pivot, rot)?;
        let next_shape: Option<&Shape> = next.as_ref().map(|(s, _)| *s);
        let next_spawn = next_shape.map(|s| s.spawn_cells.as_slice());
        self.explore(board, shape, start, next_spawn, &tuning.weights)?;
        let mut lockable: Vec<usize> = self.touched.iter().copied().filter(|&i| self.value[i] != NOT_LOCKABLE).collect();
        // The chosen placement: the best, or with a look ahead, the best of the few best
        // counting the best place for the next unit after it.
        let first = *lockable.iter().min_by_key(|&&i| (Reverse(self.value[i]), i))?;
        let mut chosen = (self.value[first], self.cells(shape, first));
        if let Some((next_shape, look)) = next
            && tuning.lookahead > 0
        {
            lockable.sort_by_key(|&i| (Reverse(self.value[i]), i));
            let mut seen: Vec<Vec<Cube>> = Vec::new();
            let mut best_total = None;
            for &i in &lockable {
                if seen.len() == tuning.lookahead {
                    break;
                }
                let cells = self.cells(shape, i);
                if seen.contains(&cells) {
                    continue;
                }
                let after = board.locked(&cells);
                let total = self.value[i].saturating_add(look.best_value(&after, next_shape, &tuning.weights));
                if best_total.is_none_or(|b| total > b) {
                    best_total = Some(total);
                    chosen = (self.value[i], cells.clone());
                }
                seen.push(cells);
            }
        }
        let (best, chosen) = chosen;
        let best_set: Vec<usize> = lockable.iter().copied().filter(|&i| self.value[i] == best && self.cells(shape, i) == chosen).collect();
        let threshold = best.saturating_sub(tuning.margin);
        let ok_set: Vec<usize> = lockable.iter().copied().filter(|&i| self.value[i] >= threshold).collect();
        let mut dist = std::mem::take(&mut self.dist_best);
        self.distances(shape, &best_set, &mut dist);
        self.dist_best = dist;
        let mut dist = std::mem::take(&mut self.dist_ok);
        self.distances(shape, &ok_set, &mut dist);
        self.dist_ok = dist;

        let mut text = String::new();
        let mut here = start;
        let mut history = vec![start];
        let mut route: Vec<Command> = Vec::new();
        let mut next = 0;
        let weaving = || weave && weave_until.is_none_or(|d| Instant::now() < d);
        // The rest of a phrase the previous unit began, if it can be spoken here.
        if let Some((k, from)) = pending
            && weaving()
        {
            let phrase = &phrases[k];
            match self.speak(shape, here, &history, &phrase.commands[from..]) {
                Spoken::Locks { chars, at, last }
                    if self.value[at] >= threshold
                        && (last || self.rest_fits(board, shape, at, next_shape, &phrase.commands[from + chars..])) =>
                {
                    text.push_str(&phrase.text[from..from + chars]);
                    if last {
                        used[k] += 1;
                    }
                    return Some(Plan { text, pending: (!last).then_some((k, from + chars)) });
                }
                Spoken::Ends(at, h) if self.dist_ok[at] != FAR && self.reaches_ok(shape, at, &h) => {
                    text.push_str(&phrase.text[from..]);
                    used[k] += 1;
                    here = at;
                    history = h;
                }
                _ => {}
            }
        }
        loop {
            if weaving()
                && let Some((k, result)) = self.choose_phrase(board, shape, next_shape, here, &history, phrases, used, threshold, tuning)
            {
                let phrase = &phrases[k];
                match result {
                    Spoken::Locks { chars, last, .. } => {
                        text.push_str(&phrase.text[..chars]);
                        if last {
                            used[k] += 1;
                        }
                        return Some(Plan { text, pending: (!last).then_some((k, chars)) });
                    }
                    Spoken::Ends(at, h) => {
                        text.push_str(&phrase.text);
                        used[k] += 1;
                        here = at;
                        history = h;
                        route.clear();
                        next = 0;
                        continue;
                    }
                    Spoken::Fails => unreachable!("only working phrases are chosen"),
                }
            }
            if next == route.len() {
                let dist_best = std::mem::take(&mut self.dist_best);
                let found = self.route(shape, here, &history, &dist_best);
                self.dist_best = dist_best;
                let found = found.or_else(|| {
                    let dist_ok = std::mem::take(&mut self.dist_ok);
                    let found = self.route(shape, here, &history, &dist_ok);
                    self.dist_ok = dist_ok;
                    found
                });
                let (commands, end) = found?;
                route = commands;
                route.push(self.locking_command(shape, end)?);
                next = 0;
            }
            let c = route[next];
            next += 1;
            text.push(c.char());
            if next == route.len() {
                return Some(Plan { text, pending: None });
            }
            here = self.step(shape, here, c)?;
            if is_down(c) {
                history.clear();
            }
            history.push(here);
        }
    }

    /// The members of position `i`, sorted.
    fn cells(&self, shape: &Shape, i: usize) -> Vec<Cube> {
        let (p, r) = self.grid.position(i);
        let mut cells: Vec<Cube> = shape.offsets[r as usize].iter().map(|v| p.add(*v)).collect();
        cells.sort();
        cells
    }

    /// The value of the best place for unit `shape` spawned on `board` (very bad if it cannot
    /// spawn).
    fn best_value(&mut self, board: &Local, shape: &Shape, w: &Weights) -> i64 {
        self.reset();
        if !self.fits(board, shape, shape.spawn, 0) {
            return eval::BLOCKS_SPAWN;
        }
        let Some(start) = self.grid.index(shape.spawn, 0) else { return eval::BLOCKS_SPAWN };
        self.explore(board, shape, start, None, w).unwrap_or(eval::BLOCKS_SPAWN)
    }

    /// Breadth-first search over every position the unit can reach from `start`; values every
    /// position it can lock in. Returns the best value.
    fn explore(&mut self, board: &Local, shape: &Shape, start: usize, next_spawn: Option<&[Cell]>, w: &Weights) -> Option<i64> {
        self.load(board, shape);
        self.state[start] = FITS;
        self.touched.push(start);
        self.values_by_cells.clear();
        self.queue.clear();
        self.queue.push(start);
        let mut head = 0;
        let mut best = None;
        let mut cells = Vec::with_capacity(shape.size);
        while head < self.queue.len() {
            let i = self.queue[head];
            head += 1;
            let (p, r) = self.grid.position(i);
            let mut lockable = false;
            for c in Command::ALL {
                let j = self.next(shape, i, c);
                if j >= self.state.len() {
                    lockable = true;
                    continue;
                }
                if self.state[j] == UNKNOWN {
                    let fits = self.fits_at(j);
                    self.state[j] = if fits { FITS } else { BLOCKED };
                    self.touched.push(j);
                    if fits {
                        self.queue.push(j);
                    }
                }
                lockable |= self.state[j] == BLOCKED;
            }
            if lockable {
                cells.clear();
                cells.extend(shape.offsets[r as usize].iter().map(|v| p.add(*v)));
                // Several positions often have the same members (a one-cell unit with its pivot
                // elsewhere reaches each cell in six ways): value each set of members once.
                let key = cells.iter().fold(0u64, |k, c| {
                    let q = c.cell();
                    k.wrapping_add(mix((q.y as u64) << 32 | q.x as u32 as u64))
                });
                let v = *self.values_by_cells.entry(key).or_insert_with(|| eval::value(board, &cells, next_spawn, w));
                self.value[i] = v;
                best = Some(best.map_or(v, |b: i64| b.max(v)));
            }
        }
        best
    }

    /// Steps from every reached position to the nearest of `targets`, ignoring history.
    fn distances(&mut self, shape: &Shape, targets: &[usize], dist: &mut [u32]) {
        self.queue.clear();
        for &t in targets {
            dist[t] = 0;
            self.queue.push(t);
        }
        let mut head = 0;
        let moves = [Direction::E, Direction::W, Direction::SE, Direction::SW].map(|d| self.grid.delta(d));
        let turns = [Turn::Clockwise, Turn::CounterClockwise];
        let from: [[Vec<u8>; 6]; 2] = turns.map(|t| std::array::from_fn(|r| shape.turned_from(r as u8, t).collect()));
        while head < self.queue.len() {
            let v = self.queue[head];
            head += 1;
            let d = dist[v] + 1;
            let mut visit = |u: usize, queue: &mut Vec<usize>| {
                if self.state.get(u) == Some(&FITS) && dist[u] == FAR {
                    dist[u] = d;
                    queue.push(u);
                }
            };
            for m in moves {
                visit(v.wrapping_add_signed(-m), &mut self.queue);
            }
            let r = v % 6;
            for list in &from {
                for &q in &list[r] {
                    visit(v - r + q as usize, &mut self.queue);
                }
            }
        }
    }

    /// A shortest command path from `start` to a position at distance 0 in `dist` that never
    /// repeats a position of `history` (A*, with `dist` as the estimate). Returns the commands
    /// and the position reached.
    fn route(&mut self, shape: &Shape, start: usize, history: &[usize], dist: &[u32]) -> Option<(Vec<Command>, usize)> {
        if dist[start] == FAR {
            return None;
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.generation = 1;
        }
        let generation = self.generation;
        for &h in history {
            self.stamp[h] = generation;
            self.cost[h] = 0;
        }
        self.stamp[start] = generation;
        self.cost[start] = 0;
        let mut open = BinaryHeap::new();
        open.push(Reverse((dist[start], Reverse(0u32), start)));
        while let Some(Reverse((_, Reverse(g), i))) = open.pop() {
            if g > self.cost[i] {
                continue;
            }
            if dist[i] == 0 {
                let mut commands = Vec::new();
                let mut at = i;
                while at != start {
                    let (from, c) = self.parent[at];
                    commands.push(Command::ALL[c as usize]);
                    at = from as usize;
                }
                commands.reverse();
                return Some((commands, i));
            }
            for (k, c) in Command::ALL.into_iter().enumerate() {
                let Some(j) = self.step(shape, i, c) else { continue };
                if dist[j] == FAR || (self.stamp[j] == generation && self.cost[j] <= g + 1) {
                    continue;
                }
                self.stamp[j] = generation;
                self.cost[j] = g + 1;
                self.parent[j] = (i as u32, k as u8);
                open.push(Reverse((g + 1 + dist[j], Reverse(g + 1), j)));
            }
        }
        None
    }

    /// A command that locks the unit at position `i`.
    fn locking_command(&self, shape: &Shape, i: usize) -> Option<Command> {
        // Down moves first: they read as the unit settling.
        [2, 3, 0, 1, 4, 5].into_iter().map(|k| Command::ALL[k]).find(|&c| self.step(shape, i, c).is_none())
    }

    /// Speaks `commands` (a phrase or the rest of one) from `start` in the model.
    fn speak(&self, shape: &Shape, start: usize, history: &[usize], commands: &[Option<Command>]) -> Spoken {
        let Some(last) = commands.iter().rposition(Option::is_some) else { return Spoken::Ends(start, history.to_vec()) };
        let mut h = history.to_vec();
        let mut here = start;
        for (n, c) in commands.iter().enumerate() {
            let Some(c) = *c else { continue };
            let Some(j) = self.step(shape, here, c) else {
                let last = n == last;
                return Spoken::Locks { chars: if last { commands.len() } else { n + 1 }, at: here, last };
            };
            if is_down(c) {
                h.clear();
            } else if h.contains(&j) {
                return Spoken::Fails;
            }
            h.push(j);
            here = j;
        }
        Spoken::Ends(here, h)
    }

    /// Whether the rest of a phrase cut short by locking at `at` could be spoken in full by the
    /// next unit, from its spawn on the board after the lock (a quick check: whether a good
    /// place stays reachable is for the next unit's plan to see).
    fn rest_fits(&self, board: &Local, shape: &Shape, at: usize, next: Option<&Shape>, rest: &[Option<Command>]) -> bool {
        let Some(next) = next else { return false };
        let Some(last) = rest.iter().rposition(Option::is_some) else { return true };
        let after = board.locked(&self.cells(shape, at));
        let fits = |p: Cube, r: u8| next.offsets[r as usize].iter().all(|v| after.is_free(p.add(*v).cell()));
        let (mut p, mut r) = (next.spawn, next.canon[0]);
        if !fits(p, r) {
            return false;
        }
        let mut history = vec![(p, r)];
        for (n, c) in rest.iter().enumerate() {
            let Some(c) = *c else { continue };
            let (q, s) = match c {
                Command::Move(d) => (p.add(d.vector()), r),
                Command::Turn(t) => (p, next.turned(r, t)),
            };
            if !fits(q, s) {
                return n == last;
            }
            if is_down(c) {
                history.clear();
            } else if history.contains(&(q, s)) {
                return false;
            }
            history.push((q, s));
            (p, r) = (q, s);
        }
        true
    }

    /// Whether an acceptable placement can be reached from `at` with `history` (exactly).
    fn reaches_ok(&mut self, shape: &Shape, at: usize, history: &[usize]) -> bool {
        let dist_ok = std::mem::take(&mut self.dist_ok);
        let reachable = self.route(shape, at, history, &dist_ok).is_some();
        self.dist_ok = dist_ok;
        reachable
    }

    /// The most valuable phrase that can be spoken now with an acceptable placement still
    /// reachable (or locking in one).
    #[allow(clippy::too_many_arguments)]
    fn choose_phrase(
        &mut self,
        board: &Local,
        shape: &Shape,
        next_shape: Option<&Shape>,
        here: usize,
        history: &[usize],
        phrases: &[Phrase],
        used: &[u32],
        threshold: i64,
        tuning: &Tuning,
    ) -> Option<(usize, Spoken)> {
        let mut candidates: Vec<(u64, usize, Spoken)> = Vec::new();
        for (k, phrase) in phrases.iter().enumerate() {
            let spoken = self.speak(shape, here, history, &phrase.commands);
            let new = used[k] == 0;
            // New phrases first (the 300 bonus), longest first; a new one cut short by a lock
            // (its rest said by the next unit) after those; then repeats by points per row of
            // room they take.
            let priority = match &spoken {
                Spoken::Fails => continue,
                Spoken::Locks { at, .. } if self.value[*at] < threshold => continue,
                Spoken::Locks { last: false, .. } if !new => continue,
                Spoken::Locks { last: false, .. } => 500_000 + phrase.len,
                Spoken::Ends(at, _) if self.dist_ok[*at] == FAR => continue,
                _ if new => 1_000_000 + phrase.len,
                _ => 2 * phrase.len * 1000 / phrase.downs.max(1) + phrase.len,
            };
            candidates.push((priority, k, spoken));
        }
        candidates.sort_by_key(|c| Reverse((c.0, Reverse(c.1))));
        let mut checks = 0;
        for (_, k, spoken) in candidates {
            match spoken {
                Spoken::Locks { last: true, .. } => return Some((k, spoken)),
                Spoken::Locks { chars, at, .. } => {
                    if self.rest_fits(board, shape, at, next_shape, &phrases[k].commands[chars..]) {
                        return Some((k, spoken));
                    }
                }
                Spoken::Ends(at, ref h) => {
                    if checks == tuning.checks {
                        break;
                    }
                    checks += 1;
                    if self.reaches_ok(shape, at, h) {
                        return Some((k, spoken));
                    }
                }
                Spoken::Fails => {}
            }
        }
        None
    }
}
