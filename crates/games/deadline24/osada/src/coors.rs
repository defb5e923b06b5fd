//! How coors choose their moves (spec §4.3, our choice in its details), every choice drawn from
//! the game's one source of chance:
//!
//! - **slashers** roam at random until a troop or a safe banner is in sight, then chase the
//!   nearest one along a shortest path until it dies, or the banner is taken;
//! - **thieves** walk a shortest path to the mast of a banner they chose at random among the
//!   safe ones (another when it stops being safe; as marauders when none is), then to the
//!   nearest border, and leave;
//! - **marauders** roam at random, never into a field holding troops, away from stormtroopers
//!   where they can.
//!
//! Roamers on the border leave with a small chance. The distances to the masts and to the border
//! are the land's, worked out once per game.

use crate::chance::Chance;
use crate::params::Profile;
use crate::settlement::{NEIGHBOURS, Xy, chebyshev};
use crate::state::{Banner, Field, Index, Kind, OsadaState, Strategy, Target, square};

/// What a coor does in its move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Stay,
    /// Into a neighbouring field (or its own again, to take a banner back on its mast).
    To(Field),
    /// Off the board from a border field.
    Exit,
}

/// A newcomer's strategy: the profile's dominant one with `dominant` chance, else one of the
/// other two, half each.
pub fn draw_strategy(chance: &mut Chance, profile: Profile, dominant: f64) -> Strategy {
    let kinds = match profile {
        Profile::Slashers => [Strategy::Slasher, Strategy::Thief, Strategy::Marauder],
        Profile::Thieves => [Strategy::Thief, Strategy::Slasher, Strategy::Marauder],
        Profile::Marauders => [Strategy::Marauder, Strategy::Slasher, Strategy::Thief],
    };
    let u = chance.unit();
    if u < dominant {
        kinds[0]
    } else if u < dominant + (1.0 - dominant) / 2.0 {
        kinds[1]
    } else {
        kinds[2]
    }
}

/// A safe banner chosen at random, or none.
pub fn banner_to_steal(state: &mut OsadaState) -> Target {
    let safe: Vec<u8> = (0..state.teams.len()).filter(|&t| state.teams[t].banner == Banner::Safe).map(|t| t as u8).collect();
    if safe.is_empty() { Target::None } else { Target::Banner(safe[state.chance.below(safe.len())]) }
}

/// What a coor's choice reads: the state (its chance drawn from) and which units stand where.
pub(crate) struct Mover<'a> {
    pub state: &'a mut OsadaState,
    pub index: &'a Index,
}

/// Coor `c`'s move.
pub(crate) fn choose(r: &mut Mover, c: u32) -> Step {
    let coor = r.state.coors[c as usize];
    let at = r.state.land.xy(coor.at);
    if let Some(to) = r.state.chance.forced_move(coor.id) {
        return if to == at {
            Step::Stay
        } else if r.state.land.settlement.on_board(to) {
            Step::To(r.state.land.field(to))
        } else {
            Step::Exit
        };
    }
    match coor.strategy {
        Strategy::Slasher => slasher(r, c, at),
        Strategy::Thief => thief(r, c, at),
        Strategy::Marauder => marauder(r, at),
    }
}

fn set_target(r: &mut Mover, c: u32, target: Target) {
    std::sync::Arc::make_mut(&mut r.state.coors)[c as usize].target = target;
}

/// Whether a target is still worth chasing: a living troop, a banner on its mast.
fn still_there(state: &OsadaState, target: Target) -> bool {
    match target {
        Target::None => false,
        Target::Beetle(t) => state.troops[t as usize].alive,
        Target::Banner(team) => state.teams[team as usize].banner == Banner::Safe,
    }
}

/// Where a target stands now.
fn target_at(state: &OsadaState, target: Target) -> Option<Xy> {
    match target {
        Target::None => None,
        Target::Beetle(t) => Some(state.land.xy(state.troops[t as usize].at)),
        Target::Banner(team) => Some(state.land.masts[team as usize]),
    }
}

fn slasher(r: &mut Mover, c: u32, at: Xy) -> Step {
    let mut target = r.state.coors[c as usize].target;
    if !still_there(r.state, target) {
        target = nearest_in_sight(r, at);
        set_target(r, c, target);
    }
    match target_at(r.state, target) {
        Some(goal) => toward(r, at, goal),
        None => roam(r, at),
    }
}

/// The nearest troop (a field's active one) or safe banner in sight, ties drawn.
fn nearest_in_sight(r: &mut Mover, at: Xy) -> Target {
    let state = &*r.state;
    let sight = state.sight(state.land.field(at));
    let mut best: Vec<Target> = Vec::new();
    let mut best_d = i32::MAX;
    let mut offer = |d: i32, t: Target, best: &mut Vec<Target>| {
        if d < best_d {
            best_d = d;
            best.clear();
        }
        if d == best_d {
            best.push(t);
        }
    };
    for f in square(state.land.n(), at, sight) {
        if let Some(&b) = r.index.beetles(state.land.field(f)).first() {
            offer(chebyshev(at, f), Target::Beetle(b), &mut best);
        }
    }
    for (team, &mast) in state.land.masts.iter().enumerate() {
        let d = chebyshev(at, mast);
        if d <= sight && state.teams[team].banner == Banner::Safe {
            offer(d, Target::Banner(team as u8), &mut best);
        }
    }
    match best.len() {
        0 => Target::None,
        1 => best[0],
        n => best[r.state.chance.below(n)],
    }
}

/// The fields a coor at `at` may move to (its neighbours on the board, not blocked).
fn neighbours(state: &OsadaState, at: Xy) -> impl Iterator<Item = Xy> + '_ {
    NEIGHBOURS.iter().map(move |(dx, dy)| (at.0 + dx, at.1 + dy)).filter(|&f| state.land.coor_may_enter(f))
}

/// One of `options` at random; `None` when there are none.
fn pick<T: Copy>(chance: &mut Chance, options: &[T]) -> Option<T> {
    match options.len() {
        0 => None,
        1 => Some(options[0]),
        n => Some(options[chance.below(n)]),
    }
}

/// A random move: staying, or a neighbour, or, on the border, leaving with the exit chance.
fn roam(r: &mut Mover, at: Xy) -> Step {
    if r.state.land.on_border(at) && r.state.chance.unit() < r.state.params.exit_chance {
        return Step::Exit;
    }
    let mut options: Vec<Xy> = neighbours(r.state, at).collect();
    options.push(at);
    let to = pick(&mut r.state.chance, &options).unwrap_or(at);
    if to == at { Step::Stay } else { Step::To(r.state.land.field(to)) }
}

/// A step along a shortest path from `at` to `goal`: a breadth-first search from the goal over
/// a window around both (48 fields at most a side). Beyond the window, or where it finds no way,
/// the step that most closes the distance as the crow flies. Ties drawn; no step that gets no
/// closer.
fn toward(r: &mut Mover, at: Xy, goal: Xy) -> Step {
    if at == goal {
        return Step::Stay;
    }
    const MARGIN: i32 = 4;
    const WINDOW: i32 = 48;
    let n = r.state.land.n();
    let (x0, y0) = ((at.0.min(goal.0) - MARGIN).max(1), (at.1.min(goal.1) - MARGIN).max(1));
    let (x1, y1) = ((at.0.max(goal.0) + MARGIN).min(n), (at.1.max(goal.1) + MARGIN).min(n));
    let (w, h) = (x1 - x0 + 1, y1 - y0 + 1);
    let options: Vec<Xy> = neighbours(r.state, at).collect();
    let mut scored: Option<(i32, Vec<i32>)> = None;
    if w <= WINDOW && h <= WINDOW {
        let land = &r.state.land;
        let mut d = vec![i32::MAX; (w * h) as usize];
        let cell = |(x, y): Xy| ((y - y0) * w + (x - x0)) as usize;
        let mut queue = std::collections::VecDeque::new();
        d[cell(goal)] = 0;
        queue.push_back(goal);
        while let Some(f) = queue.pop_front() {
            let next = d[cell(f)] + 1;
            for (dx, dy) in NEIGHBOURS {
                let g = (f.0 + dx, f.1 + dy);
                if g.0 >= x0 && g.1 >= y0 && g.0 <= x1 && g.1 <= y1 && land.coor_may_enter(g) && d[cell(g)] == i32::MAX {
                    d[cell(g)] = next;
                    queue.push_back(g);
                }
            }
        }
        if d[cell(at)] != i32::MAX {
            scored = Some((d[cell(at)], options.iter().map(|&f| d[cell(f)]).collect()));
        }
    }
    let (here, scores) = scored.unwrap_or_else(|| (chebyshev(at, goal), options.iter().map(|&f| chebyshev(f, goal)).collect()));
    let best = scores.iter().copied().min().unwrap_or(i32::MAX);
    if best >= here {
        return Step::Stay;
    }
    let closest: Vec<Xy> = options.iter().zip(&scores).filter(|(_, d)| **d == best).map(|(f, _)| *f).collect();
    match pick(&mut r.state.chance, &closest) {
        Some(to) => Step::To(r.state.land.field(to)),
        None => Step::Stay,
    }
}

/// A step down a distance map of the land (to a mast, to the border), ties drawn.
fn downhill(r: &mut Mover, at: Xy, map: impl Fn(&OsadaState, Field) -> u16) -> Step {
    let here = map(r.state, r.state.land.field(at));
    let options: Vec<(Xy, u16)> = neighbours(r.state, at).map(|f| (f, map(r.state, r.state.land.field(f)))).collect();
    let best = options.iter().map(|o| o.1).min().unwrap_or(u16::MAX);
    if best >= here {
        return Step::Stay;
    }
    let closest: Vec<Xy> = options.into_iter().filter(|o| o.1 == best).map(|o| o.0).collect();
    match pick(&mut r.state.chance, &closest) {
        Some(to) => Step::To(r.state.land.field(to)),
        None => Step::Stay,
    }
}

fn thief(r: &mut Mover, c: u32, at: Xy) -> Step {
    let coor = r.state.coors[c as usize];
    if coor.carrying != 0 {
        // Home with the loot, by the nearest border.
        if r.state.land.on_border(at) {
            return Step::Exit;
        }
        return downhill(r, at, |s, f| s.land.to_border().at(f));
    }
    let mut target = coor.target;
    if !still_there(r.state, target) {
        target = banner_to_steal(r.state);
        set_target(r, c, target);
    }
    match target {
        Target::Banner(team) => {
            let team = team as usize;
            if r.state.land.field(r.state.land.masts[team]) == coor.at {
                // On the mast as its banner came back: it takes it again.
                return Step::To(coor.at);
            }
            downhill(r, at, move |s, f| s.land.to_mast(team).at(f))
        }
        _ => marauder(r, at),
    }
}

fn marauder(r: &mut Mover, at: Xy) -> Step {
    // Fields next to a stormtrooper, among the ones a marauder may go to.
    let near_stormtrooper = |r: &Mover, f: Xy| {
        square(r.state.land.n(), f, 1)
            .any(|g| r.index.beetles(r.state.land.field(g)).iter().any(|&b| r.state.troops[b as usize].kind == Kind::Stormtrooper))
    };
    let free = |r: &Mover, f: Xy| r.index.beetles(r.state.land.field(f)).is_empty();
    if r.state.land.on_border(at) && r.state.chance.unit() < r.state.params.exit_chance {
        return Step::Exit;
    }
    let mut options: Vec<Xy> = neighbours(r.state, at).filter(|&f| free(r, f)).collect();
    options.push(at);
    let calm: Vec<Xy> = options.iter().copied().filter(|&f| !near_stormtrooper(r, f)).collect();
    let to = if calm.is_empty() { pick(&mut r.state.chance, &options) } else { pick(&mut r.state.chance, &calm) }.unwrap_or(at);
    if to == at { Step::Stay } else { Step::To(r.state.land.field(to)) }
}
