//! A test-only osada server, written from the spec (`rules-notes/deadline24-spec.md` §4 and its
//! recommended readings), to play the real client over TCP against a team that only sends
//! `WAIT`. It is small and lockstep: a round ends when our client sends `WAIT` (the other team
//! always waits). It is no substitute for the real server, only a check that the strategy
//! scores under the rules as we read them.

use super::{AROUND, Connect, Pos, chebyshev};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Ground {
    Solid,
    Soggy,
    Blocked,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Build {
    Tower,
    Trap(usize),
    Used,
    Construction,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum UnitKind {
    Stormtrooper,
    Builder,
    Sniper,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum CoorKind {
    Slasher,
    Thief,
    Marauder,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Flag {
    Safe,
    Missing(usize),
    Lost,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Lock {
    Unit(usize),
    Banner(usize),
}

struct Unit {
    team: usize,
    id: i64,
    kind: UnitKind,
    pos: Pos,
    busy: i64,
    alive: bool,
    traps: i64,
    towers: i64,
}

struct Coor {
    kind: CoorKind,
    pos: Pos,
    alive: bool,
    target: Option<usize>,
    carrying: Vec<usize>,
    lock: Option<Lock>,
    born: i64,
}

struct Construction {
    at: Pos,
    builder: usize,
    tower: bool,
    left: i64,
    round: i64,
}

enum Action {
    Move(usize, Pos),
    Shoot(usize, Pos),
}

/// The settings of a series of games.
#[derive(Clone, Copy)]
pub struct Settings {
    pub n: i64,
    pub rounds: i64,
    pub games: usize,
    pub per_kind: usize,
    pub relative: bool,
    pub trailing_ok: bool,
}

/// What happened: per game, each team's glory (team 0 is the client); the most commands the
/// client sent in one round; the `FAILED` codes it got, by verb.
#[derive(Debug, Default)]
pub struct Outcome {
    pub glory: Vec<[i64; 2]>,
    pub max_commands: usize,
    pub failures: HashMap<String, usize>,
    pub banner_lost: Vec<bool>,
}

const TEAMS: usize = 2;

struct Sim {
    rng: ChaCha8Rng,
    s: Settings,
    n: i64,
    ground: Vec<Ground>,
    builds: HashMap<Pos, Build>,
    masts: [Pos; TEAMS],
    flags: [Flag; TEAMS],
    units: Vec<Unit>,
    at: HashMap<Pos, Vec<usize>>,
    coors: Vec<Coor>,
    coors_at: HashMap<Pos, Vec<usize>>,
    constructions: Vec<Construction>,
    actions: Vec<Action>,
    glory: [i64; TEAMS],
    kills: [i64; TEAMS],
    round: i64,
    map_used: bool,
    to_mast: [Vec<i32>; TEAMS],
    to_border: Vec<i32>,
}

impl Sim {
    fn new(s: Settings, seed: u64) -> Sim {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let n = s.n;
        loop {
            let mut ground = vec![Ground::Solid; (n * n) as usize];
            let idx = |p: Pos| ((p.1 - 1) * n + p.0 - 1) as usize;
            let total = (n * n) as usize;
            let put = |ground: &mut Vec<Ground>, rng: &mut ChaCha8Rng, what: Ground, share: f64, size: i64| {
                while ground.iter().filter(|g| **g == what).count() < (total as f64 * share) as usize {
                    let (w, h) = if rng.random_range(0..3) == 0 {
                        if rng.random_bool(0.5) { (1, rng.random_range(4..16)) } else { (rng.random_range(4..16), 1) }
                    } else {
                        (rng.random_range(2..=size), rng.random_range(2..=size))
                    };
                    let (x0, y0) = (rng.random_range(1..=n), rng.random_range(1..=n));
                    for y in y0..(y0 + h).min(n + 1) {
                        for x in x0..(x0 + w).min(n + 1) {
                            if what == Ground::Blocked || ground[idx((x, y))] == Ground::Solid {
                                ground[idx((x, y))] = what;
                            }
                        }
                    }
                }
            };
            put(&mut ground, &mut rng, Ground::Blocked, 0.15, 8);
            put(&mut ground, &mut rng, Ground::Soggy, 0.10, 6);
            let mut masts: Vec<Pos> = Vec::new();
            let mut tries = 0;
            while masts.len() < TEAMS && tries < 10_000 {
                tries += 1;
                let p = (rng.random_range(11..=n - 10), rng.random_range(11..=n - 10));
                let solid_neighbour = AROUND.iter().any(|d| ground[idx((p.0 + d.0, p.1 + d.1))] == Ground::Solid);
                if ground[idx(p)] == Ground::Solid && solid_neighbour && masts.iter().all(|&m| chebyshev(m, p) >= 15) {
                    masts.push(p);
                }
            }
            if masts.len() < TEAMS {
                continue;
            }
            let mut sim = Sim {
                rng: rng.clone(),
                s,
                n,
                ground,
                builds: HashMap::new(),
                masts: [masts[0], masts[1]],
                flags: [Flag::Safe; TEAMS],
                units: Vec::new(),
                at: HashMap::new(),
                coors: Vec::new(),
                coors_at: HashMap::new(),
                constructions: Vec::new(),
                actions: Vec::new(),
                glory: [0; TEAMS],
                kills: [0; TEAMS],
                round: 1,
                map_used: false,
                to_mast: [Vec::new(), Vec::new()],
                to_border: Vec::new(),
            };
            let borders: Vec<Pos> = sim.border_fields();
            sim.to_border = sim.distances(&borders);
            let reached = sim.to_border.iter().filter(|d| **d >= 0).count();
            let open = sim.ground.iter().filter(|g| **g != Ground::Blocked).count();
            if reached * 10 < open * 9 || masts.iter().any(|&m| sim.to_border[sim.idx(m)] < 0) {
                rng = sim.rng;
                continue;
            }
            for t in 0..TEAMS {
                sim.to_mast[t] = sim.distances(&[masts[t]]);
                let starts: Vec<Pos> = AROUND
                    .iter()
                    .map(|d| (masts[t].0 + d.0, masts[t].1 + d.1))
                    .filter(|&p| sim.ground_at(p) == Some(Ground::Solid))
                    .collect();
                let start = starts[sim.rng.random_range(0..starts.len())];
                let mut id = 1;
                for kind in [UnitKind::Stormtrooper, UnitKind::Builder, UnitKind::Sniper] {
                    for _ in 0..s.per_kind {
                        sim.units.push(Unit { team: t, id, kind, pos: start, busy: 0, alive: true, traps: 0, towers: 0 });
                        sim.at.entry(start).or_default().push(sim.units.len() - 1);
                        id += 1;
                    }
                }
            }
            return sim;
        }
    }

    fn idx(&self, p: Pos) -> usize {
        ((p.1 - 1) * self.n + p.0 - 1) as usize
    }

    fn on_board(&self, p: Pos) -> bool {
        (1..=self.n).contains(&p.0) && (1..=self.n).contains(&p.1)
    }

    fn ground_at(&self, p: Pos) -> Option<Ground> {
        self.on_board(p).then(|| self.ground[self.idx(p)])
    }

    fn is_mast(&self, p: Pos) -> bool {
        self.masts.contains(&p)
    }

    fn border_fields(&self) -> Vec<Pos> {
        let n = self.n;
        let mut v = Vec::new();
        for y in 1..=n {
            for x in 1..=n {
                if (x == 1 || y == 1 || x == n || y == n) && self.ground_at((x, y)) != Some(Ground::Blocked) {
                    v.push((x, y));
                }
            }
        }
        v
    }

    /// Coor moves: BFS distances over non-blocked fields (masts included) from `from`.
    fn distances(&self, from: &[Pos]) -> Vec<i32> {
        let mut d = vec![-1; (self.n * self.n) as usize];
        let mut queue = std::collections::VecDeque::new();
        for &p in from {
            d[self.idx(p)] = 0;
            queue.push_back(p);
        }
        while let Some(p) = queue.pop_front() {
            for a in AROUND {
                let q = (p.0 + a.0, p.1 + a.1);
                if matches!(self.ground_at(q), Some(Ground::Solid | Ground::Soggy)) && d[self.idx(q)] < 0 {
                    d[self.idx(q)] = d[self.idx(p)] + 1;
                    queue.push_back(q);
                }
            }
        }
        d
    }

    fn queue(&self, u: usize) -> usize {
        self.at.get(&self.units[u].pos).and_then(|q| q.iter().position(|&v| v == u)).unwrap_or(0)
    }

    fn leave(&mut self, u: usize) {
        let pos = self.units[u].pos;
        if let Some(q) = self.at.get_mut(&pos) {
            q.retain(|&v| v != u);
        }
    }

    fn kill_unit(&mut self, u: usize) {
        self.leave(u);
        self.units[u].alive = false;
        if let Some(i) = self.constructions.iter().position(|c| c.builder == u) {
            let at = self.constructions.remove(i).at;
            self.builds.remove(&at);
        }
    }

    fn kill_coor(&mut self, c: usize, team: usize) {
        let pos = self.coors[c].pos;
        if let Some(q) = self.coors_at.get_mut(&pos) {
            q.retain(|&v| v != c);
        }
        self.coors[c].alive = false;
        for t in std::mem::take(&mut self.coors[c].carrying) {
            self.flags[t] = Flag::Safe;
        }
        self.kills[team] += 1;
    }

    fn close_phase(&mut self, safe: [bool; TEAMS]) {
        for t in 0..TEAMS {
            self.glory[t] += self.kills[t] * if safe[t] { 2 } else { 1 };
        }
        self.kills = [0; TEAMS];
    }

    /// A coor enters `f` (entry rules: trap, banner, beetles); it ends dead or in `f`'s queue.
    fn enter(&mut self, c: usize, f: Pos, stolen: &mut [bool; TEAMS]) {
        self.coors[c].pos = f;
        if let Some(Build::Trap(owner)) = self.builds.get(&f).copied() {
            self.builds.insert(f, Build::Used);
            self.coors[c].alive = false;
            for t in std::mem::take(&mut self.coors[c].carrying) {
                self.flags[t] = Flag::Safe;
            }
            self.kills[owner] += 1;
            return;
        }
        for t in 0..TEAMS {
            if self.masts[t] == f && self.flags[t] == Flag::Safe {
                self.flags[t] = Flag::Missing(c);
                self.coors[c].carrying.push(t);
                stolen[t] = true;
            }
        }
        while let Some(&u) = self.at.get(&f).and_then(|q| q.first()) {
            if self.units[u].kind == UnitKind::Stormtrooper && self.rng.random_bool(0.9) {
                self.coors[c].alive = false;
                for t in std::mem::take(&mut self.coors[c].carrying) {
                    self.flags[t] = Flag::Safe;
                }
                self.kills[self.units[u].team] += 1;
                return;
            }
            self.kill_unit(u);
        }
        self.coors_at.entry(f).or_default().push(c);
    }

    fn beetle_phase(&mut self) {
        let safe: [bool; TEAMS] = std::array::from_fn(|t| self.flags[t] == Flag::Safe);
        for action in std::mem::take(&mut self.actions) {
            match action {
                Action::Move(u, f) => {
                    if !self.units[u].alive {
                        continue;
                    }
                    self.leave(u);
                    self.units[u].pos = f;
                    let mut alive = true;
                    while let Some(&c) = self.coors_at.get(&f).and_then(|q| q.first()) {
                        if self.units[u].kind == UnitKind::Stormtrooper && self.rng.random_bool(0.9) {
                            self.kill_coor(c, self.units[u].team);
                        } else {
                            self.units[u].alive = false;
                            alive = false;
                            break;
                        }
                    }
                    if alive {
                        self.at.entry(f).or_default().push(u);
                    }
                }
                Action::Shoot(u, f) => {
                    if let Some(&c) = self.coors_at.get(&f).and_then(|q| q.first())
                        && self.rng.random_bool(0.7)
                    {
                        self.kill_coor(c, self.units[u].team);
                    }
                }
            }
        }
        for c in &mut self.constructions {
            c.left -= 1;
        }
        for c in std::mem::take(&mut self.constructions) {
            if c.left > 0 {
                self.constructions.push(c);
                continue;
            }
            let team = self.units[c.builder].team;
            self.builds.insert(c.at, if c.tower { Build::Tower } else { Build::Trap(team) });
            if c.tower {
                self.units[c.builder].towers += 1;
            } else {
                self.units[c.builder].traps += 1;
            }
        }
        for u in &mut self.units {
            u.busy = (u.busy - 1).max(0);
        }
        self.close_phase(safe);
    }

    fn sight(&self, p: Pos) -> i64 {
        if self.builds.get(&p) == Some(&Build::Tower) { 3 } else { 2 }
    }

    fn legal(&self, p: Pos) -> Vec<Pos> {
        let mut v = vec![p];
        v.extend(
            AROUND.iter().map(|d| (p.0 + d.0, p.1 + d.1)).filter(|&q| matches!(self.ground_at(q), Some(Ground::Solid | Ground::Soggy))),
        );
        v
    }

    fn on_border(&self, p: Pos) -> bool {
        p.0 == 1 || p.1 == 1 || p.0 == self.n || p.1 == self.n
    }

    fn pick(&mut self, v: &[Pos]) -> Option<Pos> {
        (!v.is_empty()).then(|| v[self.rng.random_range(0..v.len())])
    }

    /// A coor's move: `Some(field)` (possibly where it is), or `None` to leave the board.
    fn choose(&mut self, c: usize) -> Option<Pos> {
        let p = self.coors[c].pos;
        let moves = self.legal(p);
        let wander = |sim: &mut Sim, moves: &[Pos]| -> Option<Pos> {
            if sim.on_border(p) && sim.rng.random_bool(0.02) {
                return None;
            }
            Some(sim.pick(moves).unwrap_or(p))
        };
        let downhill = |sim: &mut Sim, d: &dyn Fn(&Sim, Pos) -> i32| -> Option<Pos> {
            let here = d(sim, p);
            let best: Vec<Pos> = moves.iter().copied().filter(|&q| d(sim, q) >= 0 && d(sim, q) == here - 1).collect();
            sim.pick(&best)
        };
        match self.coors[c].kind {
            CoorKind::Thief => {
                if !self.coors[c].carrying.is_empty() {
                    if self.on_border(p) {
                        return None;
                    }
                    return downhill(self, &|s, q| s.to_border[s.idx(q)]).or(Some(p));
                }
                if self.coors[c].target.is_none_or(|t| self.flags[t] != Flag::Safe) {
                    let safe: Vec<usize> = (0..TEAMS).filter(|&t| self.flags[t] == Flag::Safe).collect();
                    self.coors[c].target = (!safe.is_empty()).then(|| safe[self.rng.random_range(0..safe.len())]);
                }
                match self.coors[c].target {
                    Some(t) => downhill(self, &|s, q| s.to_mast[t][s.idx(q)]).or(Some(p)),
                    None => self.marauder(c, &moves),
                }
            }
            CoorKind::Slasher => {
                let valid = match self.coors[c].lock {
                    Some(Lock::Unit(u)) => self.units[u].alive,
                    Some(Lock::Banner(t)) => self.flags[t] == Flag::Safe,
                    None => false,
                };
                if !valid {
                    let r = self.sight(p);
                    let mut seen: Vec<(i64, Lock)> = self
                        .units
                        .iter()
                        .enumerate()
                        .filter(|(_, u)| u.alive && chebyshev(u.pos, p) <= r)
                        .map(|(i, u)| (chebyshev(u.pos, p), Lock::Unit(i)))
                        .collect();
                    seen.extend(
                        (0..TEAMS)
                            .filter(|&t| self.flags[t] == Flag::Safe && chebyshev(self.masts[t], p) <= r)
                            .map(|t| (chebyshev(self.masts[t], p), Lock::Banner(t))),
                    );
                    let nearest = seen.iter().map(|s| s.0).min();
                    let options: Vec<Lock> = seen.iter().filter(|s| Some(s.0) == nearest).map(|s| s.1).collect();
                    self.coors[c].lock = (!options.is_empty()).then(|| options[self.rng.random_range(0..options.len())]);
                }
                match self.coors[c].lock {
                    Some(lock) => {
                        let goal = match lock {
                            Lock::Unit(u) => self.units[u].pos,
                            Lock::Banner(t) => self.masts[t],
                        };
                        let best = moves.iter().map(|&q| chebyshev(q, goal)).min().unwrap_or(0);
                        let options: Vec<Pos> = moves.iter().copied().filter(|&q| chebyshev(q, goal) == best).collect();
                        Some(self.pick(&options).unwrap_or(p))
                    }
                    None => wander(self, &moves),
                }
            }
            CoorKind::Marauder => self.marauder(c, &moves),
        }
    }

    fn marauder(&mut self, c: usize, moves: &[Pos]) -> Option<Pos> {
        let p = self.coors[c].pos;
        if self.on_border(p) && self.rng.random_bool(0.02) {
            return None;
        }
        let beetles = |s: &Sim, q: Pos| s.at.get(&q).is_some_and(|v| !v.is_empty());
        let stormtrooper_near = |s: &Sim, q: Pos| {
            AROUND
                .iter()
                .any(|d| s.at.get(&(q.0 + d.0, q.1 + d.1)).is_some_and(|v| v.iter().any(|&u| s.units[u].kind == UnitKind::Stormtrooper)))
        };
        let calm: Vec<Pos> = moves.iter().copied().filter(|&q| q == p || !beetles(self, q)).collect();
        let calmer: Vec<Pos> = calm.iter().copied().filter(|&q| !stormtrooper_near(self, q)).collect();
        let pool = if calmer.is_empty() { calm } else { calmer };
        Some(self.pick(&pool).unwrap_or(p))
    }

    fn coor_phase(&mut self) {
        let start: [bool; TEAMS] = std::array::from_fn(|t| self.flags[t] == Flag::Safe);
        let mut stolen = [false; TEAMS];
        let lambda = 0.3 + 0.005 * self.round as f64;
        let mut k = 0;
        let mut p = 1.0;
        loop {
            p *= self.rng.random::<f64>();
            if p < (-lambda).exp() {
                break;
            }
            k += 1;
        }
        let borders: Vec<Pos> = self.border_fields().into_iter().filter(|&q| !self.is_mast(q)).collect();
        for _ in 0..k {
            let at = borders[self.rng.random_range(0..borders.len())];
            let roll = self.rng.random::<f64>();
            let kind = if roll < 0.6 {
                CoorKind::Thief
            } else if roll < 0.8 {
                CoorKind::Slasher
            } else {
                CoorKind::Marauder
            };
            self.coors.push(Coor { kind, pos: at, alive: true, target: None, carrying: Vec::new(), lock: None, born: self.round });
            let c = self.coors.len() - 1;
            if kind == CoorKind::Thief {
                let safe: Vec<usize> = (0..TEAMS).filter(|&t| self.flags[t] == Flag::Safe).collect();
                self.coors[c].target = (!safe.is_empty()).then(|| safe[self.rng.random_range(0..safe.len())]);
            }
            self.enter(c, at, &mut stolen);
        }
        for c in 0..self.coors.len() {
            if !self.coors[c].alive || self.coors[c].born == self.round {
                continue;
            }
            let from = self.coors[c].pos;
            let to = self.choose(c);
            if to == Some(from) {
                continue;
            }
            if let Some(q) = self.coors_at.get_mut(&from) {
                q.retain(|&v| v != c);
            }
            match to {
                None => {
                    self.coors[c].alive = false;
                    for t in std::mem::take(&mut self.coors[c].carrying) {
                        self.flags[t] = Flag::Lost;
                    }
                }
                Some(f) => self.enter(c, f, &mut stolen),
            }
        }
        let safe: [bool; TEAMS] = std::array::from_fn(|t| start[t] && !stolen[t]);
        self.close_phase(safe);
    }

    fn settlement(&self, p: Pos) -> &'static str {
        if self.is_mast(p) {
            return "MAST";
        }
        match self.builds.get(&p) {
            None => "NONE",
            Some(Build::Tower) => "TOWER",
            Some(Build::Trap(_)) => "ACTIVE_TRAP",
            Some(Build::Used) => "USED_TRAP",
            Some(Build::Construction) => "CONSTRUCTION",
        }
    }

    fn unit(&self, id: &str) -> Option<usize> {
        let id: i64 = id.parse().ok()?;
        self.units.iter().position(|u| u.team == 0 && u.id == id && u.alive)
    }

    /// Our team's command: the answer lines.
    fn command(&mut self, line: &str) -> Vec<String> {
        let t: Vec<&str> = line.split_whitespace().collect();
        let fail = |code: i64, msg: &str| vec![format!("FAILED {code} {msg}")];
        let ints = |a: &str, b: &str| -> Option<(i64, i64)> { Some((a.parse().ok()?, b.parse().ok()?)) };
        match t.as_slice() {
            ["DESCRIBE", "WORLD"] => vec!["OK".into(), format!("{} 1 {} {} 1.000000", self.n, self.masts[0].0, self.masts[0].1)],
            ["TIME", "TO", "FIGHT"] => vec!["OK".into(), format!("{} STAY", self.s.rounds - self.round + 1)],
            ["LIST", "TROOPS"] => {
                let mine: Vec<usize> = (0..self.units.len()).filter(|&u| self.units[u].team == 0 && self.units[u].alive).collect();
                let mut v = vec!["OK".into(), mine.len().to_string()];
                for u in mine {
                    let x = &self.units[u];
                    let kind = match x.kind {
                        UnitKind::Stormtrooper => "STORMTROOPER",
                        UnitKind::Builder => "BUILDER",
                        UnitKind::Sniper => "SNIPER",
                    };
                    v.push(format!("{} {kind} {} {} {} {}", x.id, x.pos.0, x.pos.1, self.queue(u), x.busy));
                }
                v
            }
            ["MAP", a, b] => {
                let Some(c) = ints(a, b) else { return fail(3, "bad format") };
                if !self.on_board(c) {
                    return fail(102, "incorrect field coordinates");
                }
                if self.map_used {
                    return fail(111, "no more maps during this turn");
                }
                self.map_used = true;
                let mut v = vec!["OK".to_string()];
                for y in c.1 - 5..=c.1 + 5 {
                    v.push(
                        (c.0 - 5..=c.0 + 5)
                            .map(|x| match self.ground_at((x, y)) {
                                None => '/',
                                Some(Ground::Solid) => '.',
                                Some(Ground::Soggy) => '*',
                                Some(Ground::Blocked) => '#',
                            })
                            .collect(),
                    );
                }
                v
            }
            ["INFO", id] => {
                let Some(u) = self.unit(id) else { return fail(101, "incorrect unit identifier") };
                let p = self.units[u].pos;
                let r = self.sight(p);
                let mut lines = Vec::new();
                for dy in -r..=r {
                    for dx in -r..=r {
                        let q = (p.0 + dx, p.1 + dy);
                        let Some(g) = self.ground_at(q) else { continue };
                        let terrain = match g {
                            Ground::Solid => "SOLID",
                            Ground::Soggy => "SOGGY",
                            Ground::Blocked => "BLOCKED",
                        };
                        let coors = self.coors_at.get(&q).map_or(0, Vec::len);
                        let beetles = self.at.get(&q).map_or(0, Vec::len);
                        lines.push(format!("{dx} {dy} {terrain} {} {coors} {beetles}", self.settlement(q)));
                    }
                }
                let mut v = vec!["OK".to_string(), lines.len().to_string()];
                v.extend(lines);
                v
            }
            ["LOCATE", "BANNER"] => vec![
                "OK".into(),
                match self.flags[0] {
                    Flag::Safe => format!("SAFE {} {}", self.masts[0].0, self.masts[0].1),
                    Flag::Missing(c) => format!("MISSING {} {}", self.coors[c].pos.0, self.coors[c].pos.1),
                    Flag::Lost => "LOST".into(),
                },
            ],
            ["MEASURE", "GLORY"] => vec!["OK".into(), self.glory[0].to_string()],
            ["MOVE", id, a, b] => {
                let Some(u) = self.unit(id) else { return fail(101, "incorrect unit identifier") };
                let Some((a, b)) = ints(a, b) else { return fail(3, "bad format") };
                if self.units[u].busy > 0 {
                    return fail(112, "unit already used in this turn");
                }
                let p = self.units[u].pos;
                let to = if self.s.relative {
                    if a.abs() > 1 || b.abs() > 1 || (a, b) == (0, 0) {
                        return fail(103, "destination is not neighbour");
                    }
                    (p.0 + a, p.1 + b)
                } else {
                    if chebyshev(p, (a, b)) != 1 {
                        return fail(103, "destination is not neighbour");
                    }
                    (a, b)
                };
                if !matches!(self.ground_at(to), Some(Ground::Solid | Ground::Soggy)) || self.is_mast(to) {
                    return fail(105, "cannot move there");
                }
                self.units[u].busy = 1;
                self.actions.push(Action::Move(u, to));
                vec!["OK".into()]
            }
            ["SHOOT", id, a, b] => {
                let Some(u) = self.unit(id) else { return fail(101, "incorrect unit identifier") };
                let Some((a, b)) = ints(a, b) else { return fail(3, "bad format") };
                if self.units[u].kind != UnitKind::Sniper {
                    return fail(110, "incorrect unit type");
                }
                if self.units[u].busy > 0 {
                    return fail(112, "unit already used in this turn");
                }
                if self.queue(u) > 0 {
                    return fail(108, "not an active troop");
                }
                let p = self.units[u].pos;
                let f = (p.0 + a, p.1 + b);
                if a.abs().max(b.abs()) > self.sight(p) || !self.on_board(f) {
                    return fail(104, "target is outside range");
                }
                if self.coors_at.get(&f).is_none_or(Vec::is_empty) {
                    return fail(106, "nobody to shoot there");
                }
                self.units[u].busy = 1;
                self.actions.push(Action::Shoot(u, f));
                vec!["OK".into()]
            }
            ["BUILD", id, kind] => {
                let Some(u) = self.unit(id) else { return fail(101, "incorrect unit identifier") };
                if self.units[u].kind != UnitKind::Builder {
                    return fail(110, "incorrect unit type");
                }
                let tower = match *kind {
                    "TOWER" => true,
                    "TRAP" => false,
                    _ => return fail(109, "incorrect building type"),
                };
                if self.units[u].busy > 0 {
                    return fail(112, "unit already used in this turn");
                }
                if self.queue(u) > 0 {
                    return fail(108, "not an active troop");
                }
                let p = self.units[u].pos;
                if let Some(c) = self.constructions.iter().find(|c| c.at == p) {
                    if c.round < self.round {
                        return vec!["OK".into(), "REFUSED".into()];
                    }
                    return fail(107, "cannot build here");
                }
                if self.ground_at(p) != Some(Ground::Solid) || self.builds.contains_key(&p) || self.is_mast(p) {
                    return fail(107, "cannot build here");
                }
                let x = &self.units[u];
                let left = if tower { (2 + x.towers) * (2 + x.towers) } else { 2 + x.traps };
                self.units[u].busy = left;
                self.builds.insert(p, Build::Construction);
                self.constructions.push(Construction { at: p, builder: u, tower, left, round: self.round });
                vec!["OK".into(), format!("BUILDING {left}")]
            }
            ["WAIT"] => vec!["OK".into(), "WAITING 0.000000".into()],
            [] => vec![],
            _ => fail(2, "unknown command"),
        }
    }

    fn end_round(&mut self) {
        self.beetle_phase();
        self.coor_phase();
        self.round += 1;
        self.map_used = false;
    }
}

/// Serves one client for a series of games; closes the connection after the last one.
fn serve(listener: TcpListener, s: Settings, seed: u64) -> Outcome {
    let (stream, _) = listener.accept().expect("the client connects");
    let mut reader = BufReader::new(stream.try_clone().expect("clone"));
    let mut writer: TcpStream = stream;
    let mut out = Outcome::default();
    let say = |w: &mut TcpStream, lines: &[String]| {
        for l in lines {
            let _ = writeln!(w, "{l}");
        }
        let _ = w.flush();
    };
    let read = |r: &mut BufReader<TcpStream>| {
        let mut line = String::new();
        match r.read_line(&mut line) {
            Ok(0) | Err(_) => None,
            Ok(_) => Some(line.trim_end().to_string()),
        }
    };
    say(&mut writer, &["LOGIN".into()]);
    read(&mut reader);
    say(&mut writer, &["PASS".into()]);
    read(&mut reader);
    say(&mut writer, &["OK".into()]);
    for game in 0..s.games {
        let mut sim = Sim::new(s, seed.wrapping_mul(31).wrapping_add(game as u64));
        let mut commands = 0;
        while sim.round <= s.rounds {
            let Some(line) = read(&mut reader) else { return out };
            let answer = sim.command(&line);
            if !line.trim().is_empty() {
                commands += 1;
            }
            if let Some(first) = answer.first()
                && first.starts_with("FAILED")
            {
                let verb = line.split_whitespace().next().unwrap_or("").to_string();
                *out.failures.entry(format!("{verb} {}", first.split_whitespace().nth(1).unwrap_or(""))).or_default() += 1;
            }
            say(&mut writer, &answer);
            if line.trim() == "WAIT" {
                out.max_commands = out.max_commands.max(commands);
                commands = 0;
                sim.end_round();
                if s.trailing_ok {
                    say(&mut writer, &["OK".into()]);
                }
            }
        }
        out.glory.push(sim.glory);
        out.banner_lost.push(sim.flags[0] != Flag::Safe);
    }
    out
}

/// Plays our `defender` against a `WAIT`-only team.
pub fn play(s: Settings, seed: u64) -> Outcome {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = listener.local_addr().expect("address").port();
    let server = std::thread::spawn(move || serve(listener, s, seed));
    let connect = Connect { host: "127.0.0.1".into(), port, login: "team".into(), password: "secret".into() };
    let result = super::run("defender", seed, &connect);
    let outcome = server.join().expect("the server thread");
    assert_eq!(result, Ok(()), "the client ends quietly when the server closes");
    outcome
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> Settings {
        Settings { n: 128, rounds: 300, games: 1, per_kind: 3, relative: false, trailing_ok: false }
    }

    fn check(outcome: &Outcome) {
        assert!(outcome.max_commands < 100, "{outcome:?}");
        for (kind, count) in &outcome.failures {
            assert!(!kind.starts_with("MOVE 105") && !kind.starts_with("MOVE 103") || *count <= 1, "{outcome:?}");
        }
    }

    #[test]
    fn the_defender_outscores_a_waiting_team() {
        let mut wins = 0;
        let seeds = 10;
        for seed in 0..seeds {
            let outcome = play(settings(), seed);
            eprintln!(
                "seed {seed}: {:?} lost {:?} failures {:?} max {}",
                outcome.glory, outcome.banner_lost, outcome.failures, outcome.max_commands
            );
            check(&outcome);
            let [ours, theirs] = outcome.glory[0];
            if ours > theirs {
                wins += 1;
            }
        }
        assert!(wins >= 9, "won {wins} of {seeds}");
    }

    #[test]
    fn relative_moves_are_detected_and_a_series_is_followed() {
        let s = Settings { rounds: 60, games: 2, relative: true, trailing_ok: true, ..settings() };
        let outcome = play(s, 77);
        eprintln!("{outcome:?}");
        assert_eq!(outcome.glory.len(), 2);
        // Exactly one MOVE was refused for its coordinates: the first.
        assert_eq!(outcome.failures.get("MOVE 103").copied(), Some(1), "{outcome:?}");
        assert_eq!(outcome.failures.get("MOVE 105"), None, "{outcome:?}");
    }
}
