//! The defender: it keeps its stormtroopers between the coors and its mast, puts its snipers in
//! towers, and traps the approaches.
//!
//! Everything happens around the team's banner mast. From the terrain it works out which ways
//! the coors will take to the mast ([`flow`]: shortest paths in from every side, as thieves
//! walk them). A [`Plan`] then names fields on the rings around the mast: the stormtroopers'
//! posts (ring-1 fields that between them touch the coors' ways through ring 1, in the open the
//! first one on the side of the nearest border, where a thief carrying the banner walks out), one
//! tower site per sniper (on ring 1 unless that is a main way in, spread out), and trap sites
//! (the other solid fields of rings 1 to 3, the busiest first). Each round:
//!
//! * snipers shoot the coor in sight nearest to the mast (a banner carrier first), spreading
//!   their shots over the coors there are; a sniper with nothing to shoot walks to its tower,
//!   and waits next to it until it is finished;
//! * stormtroopers step into the field of an adjacent coor that is near the mast or next to one
//!   of our snipers or builders (a carrier first); when the banner is missing they go for the
//!   field its carrier will walk into next; otherwise they go back to their posts;
//! * builders build the towers first (4 rounds each), then traps, the busiest sites first (a
//!   nearer one a little before);
//! * snipers and builders not shooting or building step away from a coor next to them.
//!
//! Terrain comes from `MAP` (one a round, the squares around the mast, first rounds of a game)
//! and from every `INFO`. No move goes into a field known to be blocked, a mast, or the board's
//! outside.
//!
//! Before each `WAIT` it draws its plan (docs/debug-drawing.md): the posts and tower sites, and
//! what each troop was told this round (a step, a shot, a build).

use super::{
    Banner, Coords, Kind, Landmark, NEIGHBOURS, Seen, Terrain, Troop, World, Xy, chebyshev, failure_code, move_line, parse_banner,
    parse_info, parse_map, parse_time, parse_troops, parse_world, shows_relative,
};
use crate::Sketch;
use kibitz_deadline24_client::{Client, Connect};
use std::collections::{HashMap, HashSet, VecDeque};

/// Coors farther than this from the mast are the snipers' business, unless they are next to
/// one of our snipers or builders, or carry the banner.
const GUARD: i32 = 4;
/// Stormtroopers go for a banner carrier up to this far.
const CHASE: i32 = 12;
/// Traps go on the rings up to this far from the mast.
const TRAP_RINGS: i32 = 3;
/// Commands a round we allow ourselves (the server's limit is 200 by default).
const BUDGET: usize = 180;
/// Rounds a builder waits on its site for the units ahead of it to leave.
const PATIENCE: u32 = 3;

/// What the team knows of the board: terrain and structures as last seen, coors and beetles
/// as seen this round.
#[derive(Clone, Debug, Default)]
pub struct Board {
    pub n: i32,
    pub mast: Xy,
    terrain: HashMap<Xy, Terrain>,
    structures: HashMap<Xy, Landmark>,
    masts: HashSet<Xy>,
    coors: HashMap<Xy, i64>,
    beetles: HashMap<Xy, i64>,
}

impl Board {
    pub fn new(n: i32, mast: Xy) -> Board {
        let mut board = Board { n, mast, ..Board::default() };
        board.masts.insert(mast);
        board.terrain.insert(mast, Terrain::Solid);
        board.structures.insert(mast, Landmark::Mast);
        board
    }

    pub fn on_board(&self, p: Xy) -> bool {
        (1..=self.n).contains(&p.0) && (1..=self.n).contains(&p.1)
    }

    /// The terrain as last seen; `None` off the board or not seen yet.
    pub fn terrain(&self, p: Xy) -> Option<Terrain> {
        if self.on_board(p) { self.terrain.get(&p).copied() } else { None }
    }

    pub fn structure(&self, p: Xy) -> Landmark {
        self.structures.get(&p).copied().unwrap_or(Landmark::None)
    }

    pub fn set_terrain(&mut self, p: Xy, terrain: Terrain) {
        if self.on_board(p) {
            self.terrain.insert(p, terrain);
        }
    }

    pub fn set_structure(&mut self, p: Xy, structure: Landmark) {
        if structure == Landmark::Mast {
            self.masts.insert(p);
        }
        self.structures.insert(p, structure);
    }

    #[cfg(test)]
    pub fn set_coors(&mut self, p: Xy, coors: i64) {
        self.coors.insert(p, coors);
    }

    pub fn coors_at(&self, p: Xy) -> i64 {
        self.coors.get(&p).copied().unwrap_or(0)
    }

    pub fn beetles_at(&self, p: Xy) -> i64 {
        self.beetles.get(&p).copied().unwrap_or(0)
    }

    /// A beetle may stand here, as far as we know.
    pub fn walkable(&self, p: Xy) -> bool {
        !self.masts.contains(&p) && matches!(self.terrain(p), Some(Terrain::Solid | Terrain::Soggy))
    }

    /// Walkable, or not seen yet (for planning paths beyond what the team has seen).
    fn maybe_walkable(&self, p: Xy) -> bool {
        self.on_board(p) && !self.masts.contains(&p) && self.terrain(p) != Some(Terrain::Blocked)
    }

    /// Solid, free of structures and not a mast.
    pub fn buildable(&self, p: Xy) -> bool {
        self.walkable(p) && self.terrain(p) == Some(Terrain::Solid) && self.structure(p) == Landmark::None
    }

    /// Forgets the coors and beetles seen last round.
    pub fn new_round(&mut self) {
        self.coors.clear();
        self.beetles.clear();
    }

    /// What a unit at `at` sees (`INFO`).
    pub fn learn_info(&mut self, at: Xy, seen: &[Seen]) {
        for s in seen {
            let p = (at.0 + s.d.0, at.1 + s.d.1);
            if !self.on_board(p) {
                continue;
            }
            self.set_terrain(p, s.terrain);
            self.set_structure(p, s.structure);
            self.coors.insert(p, s.coors);
            self.beetles.insert(p, s.troops);
        }
    }

    /// What `MAP` shows (off-board fields: `None`).
    pub fn learn_map(&mut self, fields: &[(Xy, Option<Terrain>)]) {
        for &(p, terrain) in fields {
            if let Some(terrain) = terrain {
                self.set_terrain(p, terrain);
            }
        }
    }

    /// Fields seen this round that hold coors, with their counts, in a fixed order.
    pub fn coor_fields(&self) -> Vec<(Xy, i64)> {
        let mut fields: Vec<(Xy, i64)> = self.coors.iter().filter(|(_, c)| **c > 0).map(|(p, c)| (*p, *c)).collect();
        fields.sort_unstable_by_key(|&((x, y), _)| (y, x));
        fields
    }

    /// The first step of a shortest walk from `from` to `goal` (or, with `next_to`, to any field
    /// next to it), through fields not `avoid`ed. Fields not seen yet count as walkable, but the
    /// first step is always to a field known to be walkable. When the goal cannot be reached the
    /// walk heads for the reachable field nearest to it. `None`: stay.
    pub fn step_towards(&self, from: Xy, goal: Xy, next_to: bool, avoid: &dyn Fn(Xy) -> bool) -> Option<Xy> {
        let arrived = |p: Xy| p == goal || (next_to && chebyshev(p, goal) <= 1);
        if arrived(from) {
            return None;
        }
        let margin = 12;
        let (lo_x, hi_x) = (from.0.min(goal.0) - margin, from.0.max(goal.0) + margin);
        let (lo_y, hi_y) = (from.1.min(goal.1) - margin, from.1.max(goal.1) + margin);
        let mut first: HashMap<Xy, Xy> = HashMap::new();
        let mut queue = VecDeque::from([from]);
        first.insert(from, from);
        let mut best = (chebyshev(from, goal), from);
        while let Some(p) = queue.pop_front() {
            if arrived(p) {
                return Some(first[&p]);
            }
            for d in NEIGHBOURS {
                let q = (p.0 + d.0, p.1 + d.1);
                if q.0 < lo_x || q.0 > hi_x || q.1 < lo_y || q.1 > hi_y || first.contains_key(&q) {
                    continue;
                }
                let ok = if p == from { self.walkable(q) } else { self.maybe_walkable(q) };
                if !ok || (avoid(q) && !arrived(q)) {
                    continue;
                }
                let step = if p == from { q } else { first[&p] };
                first.insert(q, step);
                if chebyshev(q, goal) < best.0 {
                    best = (chebyshev(q, goal), q);
                }
                queue.push_back(q);
            }
        }
        if best.1 == from { None } else { first.get(&best.1).copied() }
    }
}

/// The unit step from `p` towards the board's nearest border.
pub fn towards_border(n: i32, p: Xy) -> Xy {
    let options = [(p.0 - 1, (-1, 0)), (n - p.0, (1, 0)), (p.1 - 1, (0, -1)), (n - p.1, (0, 1))];
    options.iter().min_by_key(|(distance, _)| *distance).map(|(_, d)| *d).unwrap_or((0, 0))
}

/// The fields exactly `k` moves from `center`, on the board, row by row.
fn ring(board: &Board, center: Xy, k: i32) -> Vec<Xy> {
    let mut fields = Vec::new();
    for y in center.1 - k..=center.1 + k {
        for x in center.0 - k..=center.0 + k {
            if chebyshev((x, y), center) == k && board.on_board((x, y)) {
                fields.push((x, y));
            }
        }
    }
    fields
}

/// Where everybody belongs, around the mast.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Plan {
    /// Stormtroopers' posts, the most important first.
    pub posts: Vec<Xy>,
    /// Tower sites, one per sniper.
    pub sites: Vec<Xy>,
    /// Trap sites still free, inner rings first.
    pub traps: Vec<Xy>,
    /// Walkable fields of rings 1–2 left over, for troops beyond the posts and sites.
    pub spares: Vec<Xy>,
}

/// How far out [`flow`] looks.
const FLOW_RADIUS: i32 = 8;
/// A [`flow`] of one: every coor.
pub const ALL: i64 = 1_000_000;

/// For each field near the mast, the share (in millionths, [`ALL`]) of the coors walking to the
/// mast that pass through it. They are taken to come in evenly over the edge of the square of
/// radius [`FLOW_RADIUS`] around the mast, and to walk down shortest paths, splitting evenly where
/// paths fork, as thieves do. Fields not seen yet count as open.
pub fn flow(board: &Board) -> HashMap<Xy, i64> {
    let mast = board.mast;
    let open = |p: Xy| board.on_board(p) && chebyshev(p, mast) <= FLOW_RADIUS && board.terrain(p) != Some(Terrain::Blocked);
    let mut distance: HashMap<Xy, i64> = HashMap::from([(mast, 0)]);
    let mut order = vec![mast];
    let mut i = 0;
    while i < order.len() {
        let p = order[i];
        i += 1;
        for d in NEIGHBOURS {
            let q = (p.0 + d.0, p.1 + d.1);
            if open(q) && !distance.contains_key(&q) {
                distance.insert(q, distance[&p] + 1);
                order.push(q);
            }
        }
    }
    let edge = |p: &Xy| chebyshev(*p, mast) == FLOW_RADIUS || p.0 == 1 || p.1 == 1 || p.0 == board.n || p.1 == board.n;
    let sources = order.iter().filter(|p| edge(p)).count() as i64;
    let mut flow: HashMap<Xy, i64> = order.iter().filter(|p| edge(p)).map(|&p| (p, ALL / sources.max(1))).collect();
    for &p in order.iter().rev() {
        let f = flow.get(&p).copied().unwrap_or(0);
        if p == mast || f == 0 {
            continue;
        }
        let down: Vec<Xy> =
            NEIGHBOURS.iter().map(|d| (p.0 + d.0, p.1 + d.1)).filter(|q| distance.get(q) == Some(&(distance[&p] - 1))).collect();
        for q in &down {
            *flow.entry(*q).or_default() += f / down.len() as i64;
        }
    }
    flow
}

/// A field a sniper should not stand on: this share of the coors walks through it.
const CHOKE: i64 = ALL / 4;

/// Plans `posts` posts and `sites` tower sites around the mast. `ours` are the fields where our
/// own towers are being built: they stay tower sites.
pub fn plan(board: &Board, posts: usize, sites: usize, ours: &HashSet<Xy>) -> Plan {
    let mast = board.mast;
    let flows = flow(board);
    let flow = |p: &Xy| flows.get(p).copied().unwrap_or(0);
    // In hundredths, so that fields alike but for rounding compare equal.
    let percent = |f: i64| (f + ALL / 200) / (ALL / 100);
    let rings: Vec<Vec<Xy>> = (0..=TRAP_RINGS).map(|k| ring(board, mast, k)).collect();
    let near: Vec<Xy> = rings[1..].iter().flatten().copied().filter(|&p| board.walkable(p)).collect();
    let ring1: Vec<Xy> = rings[1].iter().copied().filter(|&p| board.walkable(p)).collect();
    let out = towards_border(board.n, mast);
    let mut plan = Plan::default();

    // Posts: greedy cover of the coors' ways through ring 1, then the most of them touched, then
    // inner, then on the way to the nearest border.
    let mut covered: HashSet<Xy> = HashSet::new();
    for _ in 0..posts {
        let best = near.iter().filter(|p| !plan.posts.contains(p)).max_by_key(|&&p| {
            let touched: Vec<&Xy> = ring1.iter().filter(|&&r| chebyshev(r, p) <= 1).collect();
            let new: i64 = touched.iter().filter(|r| !covered.contains(**r)).map(|r| flow(r)).sum();
            let all: i64 = touched.iter().map(|r| flow(r)).sum();
            let toward = (p.0 - mast.0) * out.0 + (p.1 - mast.1) * out.1;
            (percent(new), touched.len(), percent(all), -chebyshev(p, mast), toward, -p.1, -p.0)
        });
        let Some(&best) = best else { break };
        covered.extend(ring1.iter().filter(|&&r| chebyshev(r, best) <= 1));
        plan.posts.push(best);
    }

    // Tower sites: towers and our constructions first, then off the coors' main ways, ring 1,
    // spread out.
    let candidates: Vec<Xy> = near
        .iter()
        .copied()
        .filter(|&p| chebyshev(p, mast) <= 2 && !plan.posts.contains(&p) && board.terrain(p) == Some(Terrain::Solid))
        .filter(|&p| match board.structure(p) {
            Landmark::None | Landmark::Tower => true,
            Landmark::Construction => ours.contains(&p),
            _ => false,
        })
        .collect();
    for _ in 0..sites {
        let best = candidates.iter().filter(|p| !plan.sites.contains(p)).max_by_key(|&&p| {
            let spread = plan.sites.iter().map(|&s| chebyshev(s, p)).min().unwrap_or(3).min(3);
            let quiet = flow(&p) < CHOKE;
            (board.structure(p) == Landmark::Tower, ours.contains(&p), quiet, -chebyshev(p, mast), spread, -p.1, -p.0)
        });
        let Some(&best) = best else { break };
        plan.sites.push(best);
    }

    // Traps: where the most coors pass first.
    let taken = |p: &Xy| plan.posts.contains(p) || plan.sites.contains(p);
    plan.traps = rings[1..].iter().flatten().copied().filter(|p| board.buildable(*p) && !taken(p)).collect();
    plan.traps.sort_by_key(|p| (-percent(flow(p)), chebyshev(*p, mast)));
    plan.spares = near.iter().copied().filter(|p| chebyshev(*p, mast) <= 2 && !taken(p)).collect();
    plan
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    Move { id: i64, from: Xy, to: Xy },
    Shoot { id: i64, d: Xy },
    Build { id: i64, tower: bool },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Job {
    at: Xy,
    tower: bool,
    /// The server accepted the `BUILD`.
    started: bool,
    /// Rounds spent on the site waiting to be the active unit.
    waited: u32,
}

/// The defender's memory between rounds, and its decisions.
#[derive(Clone, Debug, Default)]
pub struct Defender {
    pub board: Board,
    /// Stormtroopers and snipers at the game's start: the plan's posts and sites.
    counts: Option<(usize, usize)>,
    /// Sniper → its tower site (an index into the plan's sites).
    sites_of: HashMap<i64, usize>,
    jobs: HashMap<i64, Job>,
    /// Sites a builder could not build on, and the round until which they are left alone.
    skip: HashMap<Xy, i64>,
    round: i64,
}

impl Defender {
    pub fn new(n: i32, mast: Xy) -> Defender {
        Defender { board: Board::new(n, mast), ..Defender::default() }
    }

    /// The server accepted the `BUILD` of builder `id`.
    pub fn started(&mut self, id: i64) {
        if let Some(job) = self.jobs.get_mut(&id) {
            job.started = true;
        }
    }

    /// The `BUILD` of builder `id` was refused: its site is left alone for a while.
    pub fn refused(&mut self, id: i64) {
        if let Some(job) = self.jobs.remove(&id) {
            self.skip.insert(job.at, self.round + 10);
        }
    }

    /// The current plan (for the troops counted at the game's start).
    pub fn plan(&self) -> Plan {
        let (posts, sites) = self.counts.unwrap_or((0, 0));
        let ours: HashSet<Xy> = self.jobs.values().filter(|j| j.tower && j.started).map(|j| j.at).collect();
        plan(&self.board, posts, sites, &ours)
    }

    /// A step away from the coors next to `t` (`None`: where it stands is as good).
    fn flee(&self, t: &Troop) -> Option<Xy> {
        let danger = |q: Xy| NEIGHBOURS.iter().filter(|d| self.board.coors_at((q.0 + d.0, q.1 + d.1)) > 0).count();
        let mut best = (danger(t.pos), 0, t.pos);
        for d in NEIGHBOURS {
            let q = (t.pos.0 + d.0, t.pos.1 + d.1);
            if self.board.walkable(q) && self.board.coors_at(q) == 0 {
                let key = (danger(q), chebyshev(q, self.board.mast).max(1) - 1, q);
                if (key.0, key.1) < (best.0, best.1) {
                    best = key;
                }
            }
        }
        (best.2 != t.pos).then_some(best.2)
    }

    fn next_to_coor(&self, p: Xy) -> bool {
        NEIGHBOURS.iter().any(|d| self.board.coors_at((p.0 + d.0, p.1 + d.1)) > 0)
    }

    /// A step for a sniper or builder towards `goal`, keeping off coors (and, if it can, off
    /// fields next to them) and off `avoid`.
    fn careful_step(&self, from: Xy, goal: Xy, next_to: bool, avoid: &dyn Fn(Xy) -> bool) -> Option<Xy> {
        let board = &self.board;
        board
            .step_towards(from, goal, next_to, &|q| avoid(q) || board.coors_at(q) > 0 || self.next_to_coor(q))
            .or_else(|| board.step_towards(from, goal, next_to, &|q| avoid(q) || board.coors_at(q) > 0))
    }

    /// This round's orders, in the order to send them: shots, attacks, then the other moves
    /// and builds. `troops` is `LIST TROOPS`; the board has this round's `INFO`s already.
    pub fn decide(&mut self, troops: &[Troop], banner: Banner) -> Vec<Order> {
        self.round += 1;
        let count = |kind: Kind| troops.iter().filter(|t| t.kind == kind).count();
        self.counts.get_or_insert((count(Kind::Stormtrooper).max(1), count(Kind::Sniper)));
        let plan = self.plan();
        let mast = self.board.mast;
        let carrier = match banner {
            Banner::Missing(p) => Some(p),
            _ => None,
        };
        let coors = self.board.coor_fields();
        let weak: Vec<Xy> = troops.iter().filter(|t| t.kind != Kind::Stormtrooper).map(|t| t.pos).collect();
        let mut acted: HashSet<i64> = HashSet::new();
        let (mut shots, mut attacks, mut others) = (Vec::new(), Vec::new(), Vec::new());

        // Snipers shoot: the carrier, then what is nearest to the mast, spreading the shots.
        let mut aimed: HashMap<Xy, i64> = HashMap::new();
        for s in troops.iter().filter(|t| t.kind == Kind::Sniper && t.active()) {
            let radius = if self.board.structure(s.pos) == Landmark::Tower { 3 } else { 2 };
            let target = coors.iter().filter(|(p, _)| *p != s.pos && chebyshev(*p, s.pos) <= radius).min_by_key(|(p, c)| {
                (Some(*p) != carrier, aimed.get(p).copied().unwrap_or(0) >= *c, chebyshev(*p, mast), chebyshev(*p, s.pos))
            });
            if let Some(&(p, _)) = target {
                *aimed.entry(p).or_default() += 1;
                acted.insert(s.id);
                shots.push(Order::Shoot { id: s.id, d: (p.0 - s.pos.0, p.1 - s.pos.1) });
            }
        }

        // Stormtroopers attack adjacent coors that matter, the most urgent first.
        let stormtroopers: Vec<&Troop> = troops.iter().filter(|t| t.kind == Kind::Stormtrooper).collect();
        let mut options = Vec::new();
        for st in stormtroopers.iter().filter(|t| t.free()) {
            for &(p, c) in &coors {
                if chebyshev(st.pos, p) != 1 || !self.board.walkable(p) {
                    continue;
                }
                let threatens = weak.iter().any(|&w| chebyshev(w, p) <= 1);
                if Some(p) == carrier || chebyshev(p, mast) <= GUARD || threatens {
                    options.push(((Some(p) != carrier, chebyshev(p, mast), !threatens, st.id), st.id, st.pos, p, c));
                }
            }
        }
        options.sort_unstable();
        let mut attackers: HashMap<Xy, i64> = HashMap::new();
        for (_, id, from, p, c) in options {
            if acted.contains(&id) || attackers.get(&p).copied().unwrap_or(0) >= c {
                continue;
            }
            *attackers.entry(p).or_default() += 1;
            acted.insert(id);
            attacks.push(Order::Move { id, from, to: p });
        }

        // The others go for the carrier's next field, or back to their posts.
        let mut ranked: Vec<&&Troop> = stormtroopers.iter().collect();
        ranked.sort_unstable_by_key(|t| t.id);
        for (rank, st) in ranked.iter().enumerate() {
            if acted.contains(&st.id) || !st.free() {
                continue;
            }
            let step = match carrier {
                Some(c) if chebyshev(st.pos, c) <= CHASE => {
                    let out = towards_border(self.board.n, c);
                    let next = (c.0 + out.0, c.1 + out.1);
                    self.board.step_towards(st.pos, next, !self.board.walkable(next), &|_| false)
                }
                _ => {
                    let post = plan.posts.get(rank).or_else(|| plan.spares.get(rank - plan.posts.len()));
                    post.and_then(|&post| self.board.step_towards(st.pos, post, false, &|_| false))
                }
            };
            if let Some(to) = step {
                others.push(Order::Move { id: st.id, from: st.pos, to });
            }
        }

        // Builders: towers first, then traps; away from coors when idle.
        let alive: HashSet<i64> = troops.iter().map(|t| t.id).collect();
        self.jobs.retain(|id, _| alive.contains(id));
        self.sites_of.retain(|id, _| alive.contains(id));
        let mut snipers: Vec<&Troop> = troops.iter().filter(|t| t.kind == Kind::Sniper).collect();
        snipers.sort_unstable_by_key(|t| t.id);
        for s in &snipers {
            if !self.sites_of.contains_key(&s.id) {
                let used: HashSet<usize> = self.sites_of.values().copied().collect();
                if let Some(free) = (0..plan.sites.len()).find(|i| !used.contains(i)) {
                    self.sites_of.insert(s.id, free);
                }
            }
        }
        let wanted: Vec<Xy> = self.sites_of.values().filter_map(|&i| plan.sites.get(i).copied()).collect();
        let mut builders: Vec<&Troop> = troops.iter().filter(|t| t.kind == Kind::Builder).collect();
        builders.sort_unstable_by_key(|t| t.id);
        for b in builders {
            if !b.free() {
                continue;
            }
            // A started job that is over (or was abandoned), or one whose site is taken.
            if let Some(job) = self.jobs.get(&b.id).copied()
                && (job.started || !self.board.buildable(job.at) || self.board.coors_at(job.at) > 0)
            {
                self.jobs.remove(&b.id);
            }
            if self.next_to_coor(b.pos) {
                if let Some(to) = self.flee(b) {
                    others.push(Order::Move { id: b.id, from: b.pos, to });
                }
                continue;
            }
            if !self.jobs.contains_key(&b.id) {
                let claimed: HashSet<Xy> = self.jobs.values().map(|j| j.at).collect();
                let round = self.round;
                let open = |p: &Xy| {
                    self.board.buildable(*p)
                        && !claimed.contains(p)
                        && self.skip.get(p).is_none_or(|&until| until < round)
                        && (self.board.beetles_at(*p) == 0 || *p == b.pos)
                        && !self.next_to_coor(*p)
                };
                let tower = wanted.iter().filter(|p| open(p)).min_by_key(|&&p| (chebyshev(p, b.pos), p.1, p.0));
                let job = match tower {
                    Some(&at) => Some(Job { at, tower: true, started: false, waited: 0 }),
                    // The plan's order (busiest first), a little nearer ones before.
                    None => plan
                        .traps
                        .iter()
                        .enumerate()
                        .filter(|(_, p)| open(p))
                        .min_by_key(|&(i, &p)| (i as i64 + 2 * i64::from(chebyshev(p, b.pos)), i))
                        .map(|(_, &at)| Job { at, tower: false, started: false, waited: 0 }),
                };
                if let Some(job) = job {
                    self.jobs.insert(b.id, job);
                }
            }
            let Some(job) = self.jobs.get_mut(&b.id) else { continue };
            if b.pos == job.at {
                if b.queue == 0 {
                    others.push(Order::Build { id: b.id, tower: job.tower });
                } else {
                    job.waited += 1;
                    if job.waited > PATIENCE {
                        let at = job.at;
                        self.jobs.remove(&b.id);
                        self.skip.insert(at, self.round + 10);
                    }
                }
                continue;
            }
            let at = job.at;
            if let Some(to) = self.careful_step(b.pos, at, false, &|_| false) {
                others.push(Order::Move { id: b.id, from: b.pos, to });
            }
        }

        // Snipers that did not shoot: into their towers, or next to them while they are built.
        let unfinished: HashSet<Xy> = plan.sites.iter().copied().filter(|&p| self.board.structure(p) != Landmark::Tower).collect();
        let mut spare = plan.spares.iter().copied().filter(|p| !plan.traps.contains(p));
        for s in snipers {
            if acted.contains(&s.id) || !s.free() {
                continue;
            }
            if self.next_to_coor(s.pos) {
                if let Some(to) = self.flee(s) {
                    others.push(Order::Move { id: s.id, from: s.pos, to });
                }
                continue;
            }
            let site = self.sites_of.get(&s.id).and_then(|&i| plan.sites.get(i).copied());
            let (goal, next_to) = match site {
                Some(site) => (site, unfinished.contains(&site)),
                None => match spare.next() {
                    Some(p) => (p, false),
                    None => continue,
                },
            };
            let in_the_way = |q: Xy| unfinished.contains(&q) || plan.posts.contains(&q);
            let step = if in_the_way(s.pos) && next_to {
                // Standing on a site a builder needs: off it, staying next to the goal.
                NEIGHBOURS
                    .iter()
                    .map(|d| (s.pos.0 + d.0, s.pos.1 + d.1))
                    .filter(|&q| self.board.walkable(q) && !in_the_way(q) && self.board.coors_at(q) == 0)
                    .min_by_key(|&q| (chebyshev(q, goal), self.next_to_coor(q), q.1, q.0))
            } else {
                self.careful_step(s.pos, goal, next_to, &|q| unfinished.contains(&q) && q != goal)
            };
            if let Some(to) = step {
                others.push(Order::Move { id: s.id, from: s.pos, to });
            }
        }

        shots.extend(attacks);
        shots.extend(others);
        shots
    }
}

/// The connection, with what it has learnt of the server.
struct Session {
    client: Client,
    coords: Coords,
    /// `FAILED` kinds already reported.
    logged: HashSet<String>,
    /// The server sends a second `OK` when a `WAIT` ends (as later Deadline24 servers do).
    trailing_ok: bool,
    /// Commands sent this round.
    sent: usize,
}

impl Session {
    /// Sends a command: its data lines, or `None` after a `FAILED` (reported once per kind).
    fn ask(&mut self, command: &str, data: Option<usize>) -> Result<Option<Vec<String>>, String> {
        self.sent += 1;
        match self.client.ask(command, data)? {
            Ok(lines) => Ok(Some(lines)),
            Err(failed) => {
                self.report(command, &failed);
                Ok(None)
            }
        }
    }

    fn report(&mut self, command: &str, failed: &str) {
        let verb: String = command.split_whitespace().take_while(|w| w.parse::<i64>().is_err()).collect::<Vec<_>>().join(" ");
        let code = failure_code(failed).map_or_else(|| failed.to_string(), |c| c.to_string());
        if self.logged.insert(format!("{verb} {code}")) {
            eprintln!("osada defender: {command} → {failed} (further ones of this kind are not reported)");
        }
    }

    /// `TIME TO FIGHT`, coping with a server that ends each `WAIT` with a second `OK`.
    fn time(&mut self) -> Result<Option<(i64, bool)>, String> {
        let Some(mut lines) = self.ask("TIME TO FIGHT", Some(1))? else { return Ok(None) };
        if lines[0] == "OK" {
            if !self.trailing_ok {
                eprintln!("osada defender: the server ends each WAIT with OK");
            }
            self.trailing_ok = true;
            lines[0] = self.client.line()?;
        }
        Ok(parse_time(&lines[0]))
    }

    fn order(&mut self, defender: &mut Defender, order: Order) -> Result<(), String> {
        match order {
            Order::Move { id, from, to } => {
                let line = move_line(id, from, to, self.coords);
                self.sent += 1;
                if let Err(failed) = self.client.ask(&line, Some(0))? {
                    if shows_relative(self.coords, &failed, from, to) {
                        eprintln!("osada defender: the server reads MOVE as relative offsets");
                        self.coords = Coords::Relative;
                        self.ask(&move_line(id, from, to, self.coords), Some(0))?;
                    } else {
                        self.report(&line, &failed);
                    }
                }
            }
            Order::Shoot { id, d } => {
                self.ask(&format!("SHOOT {id} {} {}", d.0, d.1), Some(0))?;
            }
            Order::Build { id, tower } => {
                let kind = if tower { "TOWER" } else { "TRAP" };
                match self.ask(&format!("BUILD {id} {kind}"), Some(1))? {
                    Some(lines) if lines[0].starts_with("BUILDING") => defender.started(id),
                    _ => defender.refused(id),
                }
            }
        }
        Ok(())
    }
}

/// One game: the world, the defender, and what is left to do.
struct Game {
    world: World,
    defender: Defender,
    left: i64,
    /// Centres of the `MAP`s still to read, one a round.
    maps: Vec<Xy>,
    /// Whether the banner was missing last round: its going and its coming back are marked.
    banner_missing: bool,
    /// This game's drawing so far this round (its tag, first).
    sketch: Sketch,
}

impl Game {
    fn new(world: World, left: i64) -> Game {
        let (n, (x, y)) = (world.n, world.mast);
        let clamp = |v: i32| v.clamp(1, n);
        let mut maps = Vec::new();
        for (dx, dy) in [(0, 0), (-11, 0), (11, 0), (0, -11), (0, 11), (-11, -11), (11, -11), (-11, 11), (11, 11)] {
            let centre = (clamp(x + dx), clamp(y + dy));
            if !maps.contains(&centre) {
                maps.push(centre);
            }
        }
        maps.reverse();
        let mut sketch = Sketch::default();
        sketch.add("tag defender");
        Game { defender: Defender::new(world.n, world.mast), world, left, maps, banner_missing: false, sketch }
    }
}

fn round(s: &mut Session, game: &mut Option<Game>) -> Result<(), String> {
    s.sent = 0;
    let time = s.time()?;
    if let Some((left, _)) = time {
        let fresh = game.as_ref().is_none_or(|g| left > g.left);
        if fresh {
            *game = None;
            if let Some(lines) = s.ask("DESCRIBE WORLD", Some(1))?
                && let Some(world) = parse_world(&lines[0])
            {
                *game = Some(Game::new(world, left));
            }
        }
        if let Some(g) = game.as_mut() {
            g.left = left;
        }
    }
    if let Some(g) = game.as_mut() {
        let troops = s.ask("LIST TROOPS", None)?.map(|lines| parse_troops(&lines)).unwrap_or_default();
        if let Some(&centre) = g.maps.last()
            && let Some(lines) = s.ask(&format!("MAP {} {}", centre.0, centre.1), Some(11))?
        {
            g.defender.board.learn_map(&parse_map(&lines, centre));
            g.maps.pop();
        }
        g.defender.board.new_round();
        let cap = BUDGET.saturating_sub(8 + troops.len());
        for t in troops.iter().take(cap) {
            if let Some(lines) = s.ask(&format!("INFO {}", t.id), None)? {
                g.defender.board.learn_info(t.pos, &parse_info(&lines));
            }
        }
        let banner = s.ask("LOCATE BANNER", Some(1))?.and_then(|lines| parse_banner(&lines[0])).unwrap_or(Banner::Safe(g.world.mast));
        let missing = matches!(banner, Banner::Missing(_));
        if missing != std::mem::replace(&mut g.banner_missing, missing) {
            g.sketch.add(if missing { "mark the banner is taken" } else { "mark the banner is back" });
        }
        if !troops.is_empty() {
            let orders = g.defender.decide(&troops, banner);
            draw_plan(&g.defender.plan(), &troops, &orders, &mut g.sketch);
            for order in orders {
                if s.sent + 2 >= BUDGET {
                    break;
                }
                s.order(&mut g.defender, order)?;
            }
        }
        g.sketch.add(format_args!("value coors {}", g.defender.board.coor_fields().iter().map(|(_, c)| c).sum::<i64>()));
        g.sketch.add(format_args!("value commands {}", s.sent));
        g.sketch.show();
        if g.left == 1
            && let Some(lines) = s.ask("MEASURE GLORY", Some(1))?
        {
            eprintln!("osada defender: glory {} at the end of a game", lines[0]);
        }
    }
    // A trailing OK, if the server sends one, is read with TIME TO FIGHT's answer.
    s.ask("WAIT", Some(1))?;
    Ok(())
}

/// The plan as drawn: the stormtroopers' posts (green) and the tower sites (orange), and each
/// troop's order this round: an arrow for a step (its kind's colour) or a shot (red), a label
/// for a build.
fn draw_plan(plan: &Plan, troops: &[Troop], orders: &[Order], sketch: &mut Sketch) {
    for &(x, y) in &plan.posts {
        sketch.add(format_args!("dot {x} {y} green"));
    }
    for &(x, y) in &plan.sites {
        sketch.add(format_args!("dot {x} {y} orange"));
        sketch.add(format_args!("text {x} {y} tower site"));
    }
    let at = |id: i64| troops.iter().find(|t| t.id == id).map(|t| t.pos);
    for order in orders {
        match *order {
            Order::Move { id, from, to } => {
                let colour = match troops.iter().find(|t| t.id == id).map(|t| t.kind) {
                    Some(Kind::Stormtrooper) => "green",
                    Some(Kind::Sniper) => "orange",
                    _ => "cyan",
                };
                sketch.add(format_args!("line {} {} {} {} {colour}", from.0, from.1, to.0, to.1));
            }
            Order::Shoot { id, d } => {
                if let Some((x, y)) = at(id) {
                    sketch.add(format_args!("line {x} {y} {} {} red", x + d.0, y + d.1));
                }
            }
            Order::Build { id, tower } => {
                if let Some((x, y)) = at(id) {
                    sketch.add(format_args!("text {x} {y} {}", if tower { "building a tower" } else { "building a trap" }));
                }
            }
        }
    }
}

/// Plays until the server closes the connection (its last game ended). The strategy is
/// deterministic; `seed` is not used.
pub fn run(connect: &Connect, seed: u64) -> Result<(), String> {
    let _ = seed;
    let client = Client::connect(connect)?;
    let mut session = Session { client, coords: Coords::Absolute, logged: HashSet::new(), trailing_ok: false, sent: 0 };
    let mut game = None;
    let mut errors = 0;
    loop {
        match round(&mut session, &mut game) {
            Ok(()) => errors = 0,
            // The server ends its last game by closing the connection (or resetting it).
            Err(e) if e.contains("closed") || e.starts_with("reading") => return Ok(()),
            Err(e) => {
                errors += 1;
                eprintln!("osada defender: {e}");
                if errors > 20 {
                    return Err(e);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board from rows of `.` solid, `*` soggy, `#` blocked and `M` the mast; the top-left
    /// character is field (1, 1).
    pub(crate) fn board(rows: &[&str]) -> Board {
        let n = rows.len() as i32;
        let mut mast = (0, 0);
        let mut terrain = Vec::new();
        for (y, row) in rows.iter().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                let p = (x as i32 + 1, y as i32 + 1);
                terrain.push((
                    p,
                    Some(match ch {
                        '#' => Terrain::Blocked,
                        '*' => Terrain::Soggy,
                        _ => Terrain::Solid,
                    }),
                ));
                if ch == 'M' {
                    mast = p;
                }
            }
        }
        let mut b = Board::new(n, mast);
        b.learn_map(&terrain);
        b
    }

    fn troop(id: i64, kind: Kind, pos: Xy) -> Troop {
        Troop { id, kind, pos, queue: 0, busy: 0 }
    }

    const OPEN: [&str; 9] =
        [".........", ".........", ".........", ".........", "....M....", ".........", ".........", ".........", "........."];

    #[test]
    fn posts_cover_the_ring_and_face_the_nearest_border() {
        let b = board(&OPEN);
        // The mast (5, 5) of a 9 × 9 board is equally far from every border: the first of the
        // tied directions is west.
        let p = plan(&b, 3, 3, &HashSet::new());
        assert_eq!(p.posts.len(), 3);
        assert!(p.posts.iter().all(|&q| chebyshev(q, (5, 5)) == 1));
        for r in ring(&b, (5, 5), 1) {
            assert!(p.posts.iter().any(|&q| chebyshev(q, r) <= 1), "{r:?} uncovered by {:?}", p.posts);
        }
        assert_eq!(p.posts[0], (4, 5));
        // Towers on ring 1 too, not on posts, spread out.
        assert_eq!(p.sites.len(), 3);
        for (i, &s) in p.sites.iter().enumerate() {
            assert_eq!(chebyshev(s, (5, 5)), 1);
            assert!(!p.posts.contains(&s));
            assert!(p.sites[..i].iter().all(|&o| chebyshev(o, s) == 2), "{:?}", p.sites);
        }
        // Traps fill the rest, ring 1 first.
        assert_eq!(chebyshev(p.traps[0], (5, 5)), 1);
        assert!(p.traps.iter().all(|t| !p.posts.contains(t) && !p.sites.contains(t)));
        assert_eq!(p.traps.len(), 8 - 6 + 16 + 24);
    }

    #[test]
    fn coors_are_taken_to_funnel_through_gaps() {
        // A wall 3 around the mast (11, 11), with one gap at (11, 8).
        let mut d = Defender::new(21, (11, 11));
        d.board = board(&vec!["....................."; 21]);
        d.board = Board { mast: (11, 11), masts: HashSet::from([(11, 11)]), ..d.board };
        for y in 1..=21 {
            for x in 1..=21 {
                if chebyshev((x, y), (11, 11)) == 3 && (x, y) != (11, 8) {
                    d.board.set_terrain((x, y), Terrain::Blocked);
                }
            }
        }
        let flows = flow(&d.board);
        let ring1: i64 = ring(&d.board, (11, 11), 1).iter().map(|p| flows.get(p).copied().unwrap_or(0)).sum();
        assert!((ring1 - ALL).abs() < ALL / 100, "{ring1}");
        assert!(flows[&(11, 8)] > ALL * 99 / 100);
        assert_eq!(flows.get(&(11, 14)).copied().unwrap_or(0), 0, "nobody comes from the south");
        let p = plan(&d.board, 3, 3, &HashSet::new());
        assert_eq!(p.traps[0], (11, 8), "the gap is trapped first");
        assert_eq!(p.posts[0], (11, 10), "the first post faces the gap");
        for s in &p.sites {
            assert!(flows.get(s).copied().unwrap_or(0) < CHOKE, "{s:?} in the way: {p:?}");
        }
        // In the open, every way in is alike: ring 1 takes everything, evenly by symmetry.
        let open = board(
            &vec!["................."; 17]
                .iter()
                .enumerate()
                .map(|(i, r)| if i == 8 { "........M........" } else { r })
                .collect::<Vec<_>>(),
        );
        let flows = flow(&open);
        let ring1: Vec<i64> = ring(&open, (9, 9), 1).iter().map(|p| flows[p]).collect();
        assert!((ring1.iter().sum::<i64>() - ALL).abs() < ALL / 100, "{ring1:?}");
        assert!(ring1.iter().all(|&f| f < CHOKE), "{ring1:?}");
    }

    #[test]
    fn blocked_and_soggy_fields_shape_the_plan() {
        let b =
            board(&[".........", ".........", ".........", "...###...", "...*M....", ".........", ".........", ".........", "........."]);
        let p = plan(&b, 2, 2, &HashSet::new());
        for q in p.posts.iter().chain(&p.sites) {
            assert!(b.walkable(*q));
        }
        // Soggy (4, 5) may be a post but never a tower or trap site.
        assert!(!p.sites.contains(&(4, 5)) && !p.traps.contains(&(4, 5)));
        // Posts cover every walkable ring-1 field.
        for r in ring(&b, (5, 5), 1).into_iter().filter(|&r| b.walkable(r)) {
            assert!(p.posts.iter().any(|&q| chebyshev(q, r) <= 1));
        }
    }

    #[test]
    fn a_board_near_its_border_faces_that_way() {
        assert_eq!(towards_border(100, (12, 50)), (-1, 0));
        assert_eq!(towards_border(100, (50, 90)), (0, 1));
        // The mast (20, 30) is 10 from the bottom border (the least a mast is).
        let mut b = Board::new(40, (20, 30));
        b.learn_map(&(1..=40).flat_map(|y| (1..=40).map(move |x| ((x, y), Some(Terrain::Solid)))).collect::<Vec<_>>());
        let p = plan(&b, 3, 0, &HashSet::new());
        assert_eq!(p.posts[0], (20, 31), "the post on the thief's way out comes first");
    }

    #[test]
    fn paths_go_around_walls_and_never_into_the_mast() {
        let b = board(&[".......", ".#####.", ".#...#.", ".#.M.#.", ".#...#.", ".......", "......."]);
        // From inside the walls to outside: out through the gap at the bottom.
        let step = b.step_towards((3, 3), (1, 1), false, &|_| false).unwrap();
        assert!(b.walkable(step));
        assert_eq!(step.1, 4);
        // Through the mast is never a step.
        let step = b.step_towards((3, 4), (5, 4), false, &|_| false).unwrap();
        assert_ne!(step, (4, 4));
        // Arrived, or next to it when asked: stay.
        assert_eq!(b.step_towards((3, 4), (3, 4), false, &|_| false), None);
        assert_eq!(b.step_towards((3, 4), (4, 4), true, &|_| false), None);
        // A goal walled in: as close as it gets.
        let walled = board(&["...#.", "..###", ".....", ".....", "M...."]);
        assert!(walled.step_towards((1, 1), (5, 1), false, &|_| false).is_some());
    }

    #[test]
    fn snipers_shoot_the_nearest_coor_to_the_mast_and_spread_their_shots() {
        let mut d = Defender::new(9, (5, 5));
        d.board = board(&OPEN);
        d.board.set_coors((7, 7), 1);
        d.board.set_coors((3, 3), 1);
        d.board.set_coors((5, 2), 1);
        let troops = vec![troop(1, Kind::Sniper, (4, 4)), troop(2, Kind::Sniper, (5, 4)), troop(3, Kind::Sniper, (6, 6))];
        let orders = d.decide(&troops, Banner::Safe((5, 5)));
        let shots: Vec<Order> = orders.iter().copied().filter(|o| matches!(o, Order::Shoot { .. })).collect();
        // (3, 3) and (7, 7) are 2 from the mast, (5, 2) is 3.
        assert_eq!(shots[0], Order::Shoot { id: 1, d: (-1, -1) });
        assert_eq!(shots[1], Order::Shoot { id: 2, d: (0, -2) }, "(3, 3) has its shot; (7, 7) is out of range");
        assert_eq!(shots[2], Order::Shoot { id: 3, d: (1, 1) });
    }

    #[test]
    fn the_carrier_is_shot_first_and_stormtroopers_attack_it() {
        let mut d = Defender::new(9, (5, 5));
        d.board = board(&OPEN);
        d.board.set_coors((4, 6), 1);
        d.board.set_coors((6, 4), 1);
        let troops = vec![troop(1, Kind::Stormtrooper, (5, 6)), troop(2, Kind::Sniper, (6, 6))];
        let orders = d.decide(&troops, Banner::Missing((6, 4)));
        assert_eq!(orders[0], Order::Shoot { id: 2, d: (0, -2) });
        // The stormtrooper is next to (4, 6) only: it attacks that one.
        assert_eq!(orders[1], Order::Move { id: 1, from: (5, 6), to: (4, 6) });
    }

    #[test]
    fn stormtroopers_attack_threats_once_each_and_hold_their_posts_otherwise() {
        let mut d = Defender::new(9, (5, 5));
        d.board = board(&OPEN);
        d.board.set_coors((5, 3), 1);
        let troops = vec![
            troop(1, Kind::Stormtrooper, (4, 4)),
            troop(2, Kind::Stormtrooper, (6, 4)),
            troop(3, Kind::Stormtrooper, (8, 8)),
            troop(4, Kind::Builder, (1, 9)),
        ];
        let orders = d.decide(&troops, Banner::Safe((5, 5)));
        let moves: HashMap<i64, Xy> = orders
            .iter()
            .filter_map(|o| match o {
                Order::Move { id, to, .. } => Some((*id, *to)),
                _ => None,
            })
            .collect();
        assert_eq!(moves[&1], (5, 3), "one attacker for one coor, the lower ID first");
        assert_ne!(moves[&2], (5, 3));
        // Number 3 walks home.
        assert_eq!(moves[&3], (7, 7));
        // Nobody is ordered twice.
        assert_eq!(orders.len(), moves.len() + orders.iter().filter(|o| !matches!(o, Order::Move { .. })).count());
    }

    #[test]
    fn far_coors_are_left_alone_unless_they_threaten_a_troop() {
        let mut rows = ["..............."; 15];
        rows[7] = ".......M.......";
        let mut d = Defender::new(15, (8, 8));
        d.board = board(&rows);
        d.board.set_coors((14, 14), 1);
        d.board.set_coors((2, 2), 1);
        let troops = vec![troop(1, Kind::Stormtrooper, (13, 13)), troop(2, Kind::Stormtrooper, (3, 2)), troop(3, Kind::Builder, (3, 3))];
        let orders = d.decide(&troops, Banner::Safe((8, 8)));
        assert!(!orders.contains(&Order::Move { id: 1, from: (13, 13), to: (14, 14) }));
        assert!(orders.contains(&Order::Move { id: 2, from: (3, 2), to: (2, 2) }), "it is next to our builder");
    }

    #[test]
    fn stormtroopers_head_for_the_field_the_carrier_walks_into() {
        // The mast (5, 3) is 2 from the top border: a thief leaves upwards.
        let mut rows = [".........."; 10];
        rows[2] = "....M.....";
        let mut d = Defender::new(10, (5, 3));
        d.board = board(&rows);
        d.board.set_coors((5, 3), 1);
        let troops = vec![troop(1, Kind::Stormtrooper, (6, 4)), troop(2, Kind::Stormtrooper, (5, 2))];
        let orders = d.decide(&troops, Banner::Missing((5, 3)));
        assert_eq!(orders, vec![Order::Move { id: 1, from: (6, 4), to: (6, 3) }], "number 2 already stands there");
    }

    #[test]
    fn builders_build_towers_then_traps_and_snipers_wait_for_their_towers() {
        let mut d = Defender::new(9, (5, 5));
        d.board = board(&OPEN);
        let plan = {
            let mut probe = d.clone();
            probe.counts = Some((1, 1));
            probe.plan()
        };
        let site = plan.sites[0];
        let troops = vec![troop(1, Kind::Stormtrooper, plan.posts[0]), troop(2, Kind::Builder, site), troop(3, Kind::Sniper, site)];
        let mut troops = troops;
        troops[2].queue = 1;
        let orders = d.decide(&troops, Banner::Safe((5, 5)));
        assert!(orders.contains(&Order::Build { id: 2, tower: true }));
        // The sniper steps off the site, staying next to it.
        let to = orders
            .iter()
            .find_map(|o| match o {
                Order::Move { id: 3, to, .. } => Some(*to),
                _ => None,
            })
            .expect("the sniper moves");
        assert_eq!(chebyshev(to, site), 1);
        assert_ne!(to, (5, 5));
        d.started(2);
        // Built: the builder goes for a trap, the sniper into the tower.
        d.board.set_structure(site, Landmark::Tower);
        let troops = vec![troop(1, Kind::Stormtrooper, plan.posts[0]), troop(2, Kind::Builder, site), troop(3, Kind::Sniper, to)];
        let orders = d.decide(&troops, Banner::Safe((5, 5)));
        assert!(orders.contains(&Order::Move { id: 3, from: to, to: site }));
        let builder = orders.iter().find(|o| matches!(o, Order::Move { id: 2, .. } | Order::Build { id: 2, .. }));
        assert!(builder.is_some(), "{orders:?}");
    }

    #[test]
    fn builders_and_snipers_step_away_from_coors() {
        let mut d = Defender::new(9, (5, 5));
        d.board = board(&OPEN);
        d.board.set_coors((8, 8), 1);
        let troops = vec![troop(1, Kind::Builder, (7, 7)), troop(2, Kind::Sniper, (8, 6))];
        let mut troops = troops;
        troops[1].queue = 1; // inactive: it cannot shoot
        let orders = d.decide(&troops, Banner::Safe((5, 5)));
        for o in orders {
            if let Order::Move { to, .. } = o {
                assert!(chebyshev(to, (8, 8)) >= 2, "{o:?}");
            }
        }
    }
}
