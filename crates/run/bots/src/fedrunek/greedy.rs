//! The greedy prospector-miner: scouts walk their faces scanning columns; each miner takes the
//! most valuable scanned column nobody else works, drills straight down it mining what it
//! meets, comes back up when its cargo is full (or at the cube's centre), walks the surface to
//! the nearest station to sell, and starts again. Credits buy more miners, since the fleet's
//! cost counts squared in the score. One order per free robot per turn, then `WAIT`. Every turn
//! starts from what the server says (robots, busy or free, cargo), so a client started again
//! mid-game (a take-over restarts the other teams' clients) picks up where its team is.
//! Before each `WAIT` it draws each miner's target column and its way there, in the cube's
//! x y z (docs/debug-drawing.md).

use crate::Sketch;
use kibitz_deadline24_client::{Client, Connect, ints};
use kibitz_fedrunek::rules::INFO_ORDER;
use std::collections::{HashMap, HashSet, VecDeque};

type P = [i64; 3];

fn add(a: P, b: P) -> P {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

const STEPS: [P; 6] = [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]];

/// Which of `INFO`'s seven lines describes the neighbour at `d` (in the rules' order: the
/// robot's own field, then −Y, +Y, −Z, +Z, +X, −X).
fn info_line(d: P) -> usize {
    INFO_ORDER.iter().position(|o| o.map(i64::from) == d).expect("a neighbour's offset")
}

struct Robot {
    id: i64,
    pos: P,
    busy: i64,
}

fn robots(lines: &[String]) -> Vec<Robot> {
    lines
        .iter()
        .skip(1)
        .map(|l| ints(l))
        .filter(|v| v.len() >= 5)
        .map(|v| Robot { id: v[0], pos: [v[1], v[2], v[3]], busy: *v.last().unwrap_or(&0) })
        .collect()
}

fn positions(lines: &[String]) -> Vec<P> {
    lines.iter().skip(1).map(|l| ints(l)).filter(|v| v.len() == 3).map(|v| [v[0], v[1], v[2]]).collect()
}

#[derive(Default)]
struct Miner {
    /// The surface field of the column being worked.
    column: Option<P>,
    going_up: bool,
}

pub struct Greedy {
    n: i64,
    stations: Vec<P>,
    workshops: Vec<P>,
    /// Scanned columns: surface field → value (iron + 3 silver + 5 gold).
    columns: HashMap<P, i64>,
    miners: HashMap<i64, Miner>,
    scans_pending: HashSet<i64>,
    rng: u64,
    /// Whether this game's tag is drawn yet (once a game).
    tagged: bool,
}

impl Greedy {
    fn faces(&self, p: P) -> usize {
        p.iter().filter(|&&c| c == 1 || c == self.n).count()
    }

    fn inside(&self, p: P) -> bool {
        p.iter().all(|&c| (1..=self.n).contains(&c))
    }

    fn inward(&self, p: P) -> Option<P> {
        if self.faces(p) != 1 {
            return None;
        }
        Some(p.map(|c| {
            if c == 1 {
                1
            } else if c == self.n {
                -1
            } else {
                0
            }
        }))
    }

    /// The surface field of the column an underground field is in: through the nearest face,
    /// which is the one a miner entered by (it turns back at half the cube's depth). A miner
    /// found underground with no column remembered (this client started mid-game) works this one.
    fn column_above(&self, p: P) -> P {
        let mut best = (i64::MAX, p);
        for (axis, &c) in p.iter().enumerate() {
            for face in [1, self.n] {
                let distance = (c - face).abs();
                if distance < best.0 {
                    let mut surface = p;
                    surface[axis] = face;
                    best = (distance, surface);
                }
            }
        }
        best.1
    }

    /// The first step of a shortest walk over the surface from `from` to any of `targets`.
    fn walk(&self, from: P, targets: &dyn Fn(P) -> bool) -> Option<P> {
        let mut first: HashMap<P, P> = HashMap::new();
        let mut queue = VecDeque::from([from]);
        first.insert(from, [0, 0, 0]);
        while let Some(p) = queue.pop_front() {
            if targets(p) && p != from {
                return first.get(&p).copied();
            }
            for d in STEPS {
                let q = add(p, d);
                if self.inside(q) && self.faces(q) > 0 && !first.contains_key(&q) {
                    first.insert(q, if p == from { d } else { first[&p] });
                    queue.push_back(q);
                }
            }
        }
        None
    }

    fn random(&mut self, n: usize) -> usize {
        self.rng = self.rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.rng >> 33) % n.max(1) as u64) as usize
    }

    fn order(c: &mut Client, line: String) -> Result<(), String> {
        c.ask(&line, if line.starts_with("MOVE") { Some(0) } else { Some(1) }).map(|_| ())
    }

    fn scout(&mut self, c: &mut Client, s: &Robot) -> Result<(), String> {
        if self.scans_pending.remove(&s.id)
            && let Ok(lines) = c.ask(&format!("YIELD LAST SCAN {}", s.id), Some(1))?
        {
            let v = ints(&lines[0]);
            if v.len() == 8 {
                self.columns.insert([v[0], v[1], v[2]], v[5] + 3 * v[6] + 5 * v[7]);
            }
        }
        if self.faces(s.pos) == 1 && !self.columns.contains_key(&s.pos) {
            self.scans_pending.insert(s.id);
            return Self::order(c, format!("SCAN {}", s.id));
        }
        // Walk to a field of the same kind not scanned yet, preferring unseen ones.
        let options: Vec<P> = STEPS.iter().map(|&d| add(s.pos, d)).filter(|&q| self.inside(q) && self.faces(q) == 1).collect();
        let fresh: Vec<P> = options.iter().copied().filter(|q| !self.columns.contains_key(q)).collect();
        let pool = if fresh.is_empty() { &options } else { &fresh };
        if pool.is_empty() {
            // On an edge or a corner: any surface step.
            let d = STEPS[self.random(6)];
            return Self::order(c, format!("MOVE {} {} {} {}", s.id, d[0], d[1], d[2]));
        }
        let q = pool[self.random(pool.len())];
        Self::order(c, format!("MOVE {} {} {} {}", s.id, q[0] - s.pos[0], q[1] - s.pos[1], q[2] - s.pos[2]))
    }

    fn miner(&mut self, c: &mut Client, m: &Robot, claimed: &mut HashSet<P>) -> Result<(), String> {
        let storage = match c.ask(&format!("STORAGE {}", m.id), Some(1))? {
            Ok(lines) => ints(&lines[0]),
            Err(_) => return Ok(()),
        };
        if storage.len() < 4 {
            return Ok(());
        }
        let (carried, free) = (storage[..3].iter().sum::<i64>(), storage[3]);
        let underground = self.inside(m.pos) && self.faces(m.pos) == 0;
        if underground {
            let above = self.column_above(m.pos);
            let column = *self.miners.entry(m.id).or_default().column.get_or_insert(above);
            let Some(down) = self.inward(column) else { return Ok(()) };
            let info = match c.ask(&format!("INFO {}", m.id), Some(7))? {
                Ok(lines) => lines,
                Err(_) => return Ok(()),
            };
            let here = ints(&info[0]);
            let metal = here.len() >= 6 && here[3..6].iter().sum::<i64>() > 0;
            if free > 0 && metal {
                return Self::order(c, format!("MINE {}", m.id));
            }
            let depth = (0..3).map(|a| (m.pos[a] - column[a]).abs()).max().unwrap_or(0);
            let memory = self.miners.entry(m.id).or_default();
            if free == 0 || depth >= (self.n - 1) / 2 {
                memory.going_up = true;
            }
            let step = if memory.going_up { down.map(|c| -c) } else { down };
            let verb = if info[info_line(step)].starts_with("TUNNEL") { "DRILL" } else { "MOVE" };
            return Self::order(c, format!("{verb} {} {} {} {}", m.id, step[0], step[1], step[2]));
        }
        if carried > 0 {
            let stations = self.stations.clone();
            if let Some(d) = self.walk(m.pos, &|p| stations.contains(&p)) {
                return Self::order(c, format!("MOVE {} {} {} {}", m.id, d[0], d[1], d[2]));
            }
        }
        // Choose a column: the best scanned one nobody works, else the one here.
        let memory = self.miners.entry(m.id).or_default();
        memory.going_up = false;
        let current = memory.column.filter(|col| !claimed.contains(col));
        let best = self.columns.iter().filter(|(p, v)| **v > 0 && !claimed.contains(*p)).max_by_key(|(p, v)| (**v, **p)).map(|(p, _)| *p);
        let target = current.or(best).or_else(|| self.inward(m.pos).map(|_| m.pos));
        let Some(target) = target else {
            let d = STEPS[self.random(6)];
            return Self::order(c, format!("MOVE {} {} {} {}", m.id, d[0], d[1], d[2]));
        };
        claimed.insert(target);
        self.miners.entry(m.id).or_default().column = Some(target);
        if m.pos == target {
            let Some(down) = self.inward(target) else { return Ok(()) };
            // Enter the column: drill unless a tunnel is already there.
            let info = c.ask(&format!("INFO {}", m.id), Some(7))?.unwrap_or_default();
            let verb = if info.get(info_line(down)).is_some_and(|l| l.starts_with("TUNNEL")) { "DRILL" } else { "MOVE" };
            return Self::order(c, format!("{verb} {} {} {} {}", m.id, down[0], down[1], down[2]));
        }
        if let Some(d) = self.walk(m.pos, &|p| p == target) {
            return Self::order(c, format!("MOVE {} {} {} {}", m.id, d[0], d[1], d[2]));
        }
        Ok(())
    }

    fn turn(&mut self, c: &mut Client) -> Result<(), String> {
        let world = c.ask("DESCRIBE WORLD", Some(1))?.map_err(|e| format!("DESCRIBE WORLD: {e}"))?;
        let n = ints(&world[0]).first().copied().unwrap_or(0);
        let stations = positions(&c.ask("LIST STATIONS", None)?.unwrap_or_default());
        if n != self.n || stations != self.stations {
            // A new game: forget the old asteroid.
            *self = Greedy { n, stations, rng: self.rng, ..Greedy::empty() };
        }
        self.workshops = positions(&c.ask("LIST WORKSHOPS", None)?.unwrap_or_default());
        let miners = robots(&c.ask("LIST MINERS", None)?.unwrap_or_default());
        let scouts = robots(&c.ask("LIST SCOUTS", None)?.unwrap_or_default());
        let mut claimed: HashSet<P> = HashSet::new();
        for m in miners.iter().filter(|m| m.busy > 0) {
            if let Some(col) = self.miners.get(&m.id).and_then(|x| x.column) {
                claimed.insert(col);
            }
        }
        for s in scouts.iter().filter(|s| s.busy == 0) {
            self.scout(c, s)?;
        }
        for m in miners.iter().filter(|m| m.busy == 0) {
            self.miner(c, m, &mut claimed)?;
        }
        let money = c.ask("FINANCIAL REPORT", Some(1))?.unwrap_or_default();
        let credits = money.first().map(|l| ints(l)).and_then(|v| v.first().copied()).unwrap_or(0);
        let mut sketch = Sketch::default();
        if !std::mem::replace(&mut self.tagged, true) {
            sketch.add("tag greedy-prospector");
        }
        if credits >= 100
            && miners.len() + scouts.len() < 25
            && let Some(w) = self.workshops.first()
        {
            c.ask(&format!("BUY {} {} {} MINER", w[0], w[1], w[2]), Some(1))?.ok();
            sketch.add(format_args!("mark bought miner {}", miners.len() + 1));
        }
        self.draw_targets(&miners, &mut sketch);
        sketch.add(format_args!("value credits {credits}"));
        sketch.add(format_args!("value columns {}", self.columns.len()));
        sketch.show();
        Ok(())
    }

    /// Each miner's column (its surface field) and an arrow to it from where the miner is.
    fn draw_targets(&self, miners: &[Robot], sketch: &mut Sketch) {
        for m in miners {
            let Some(col) = self.miners.get(&m.id).and_then(|x| x.column) else { continue };
            let [x, y, z] = col;
            sketch.add(format_args!("dot {x} {y} {z} yellow"));
            sketch.add(format_args!("text {x} {y} {z} miner {}", m.id));
            if m.pos != col {
                sketch.add(format_args!("line {} {} {} {x} {y} {z} yellow", m.pos[0], m.pos[1], m.pos[2]));
            }
        }
    }

    fn empty() -> Greedy {
        Greedy {
            n: 0,
            stations: Vec::new(),
            workshops: Vec::new(),
            columns: HashMap::new(),
            miners: HashMap::new(),
            scans_pending: HashSet::new(),
            rng: 0,
            tagged: false,
        }
    }
}

/// Plays until the server closes the connection (its last game ended).
pub fn run(connect: &Connect, seed: u64) -> Result<(), String> {
    let mut c = Client::connect(connect)?;
    let mut bot = Greedy { rng: seed ^ 0x5eed, ..Greedy::empty() };
    loop {
        let turn = bot.turn(&mut c).and_then(|_| c.ask("WAIT", Some(1)).map(|_| ()));
        if let Err(e) = turn {
            // The server ends its last game by closing the connection (or resetting it).
            return if e.contains("closed") || e.starts_with("reading") { Ok(()) } else { Err(e) };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_miner_found_underground_takes_the_column_through_the_nearest_face() {
        let bot = Greedy { n: 10, ..Greedy::empty() };
        assert_eq!(bot.column_above([2, 5, 5]), [1, 5, 5]);
        assert_eq!(bot.column_above([6, 9, 4]), [6, 10, 4]);
        assert_eq!(bot.column_above([5, 6, 3]), [5, 6, 1]);
        // The column's way in and out is along its one axis.
        assert_eq!(bot.inward(bot.column_above([6, 9, 4])), Some([0, -1, 0]));
    }
}
