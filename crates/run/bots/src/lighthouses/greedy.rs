//! A greedy bot: walks to the nearest lighthouse it can take, takes it, waits a round for its
//! key, and connects every pair it legally can, preferring lasers that close triangles. It
//! draws its target and its path there (docs/debug-drawing.md).

use super::{Known, Message, attack, classify, connect, greeting, pass, step};
use crate::{LineBot, Sketch};
use kibitz_lighthouses::Pos;
use kibitz_lighthouses::geometry::{segments_cross, strictly_on_segment};
use kibitz_lighthouses::view::{LighthouseView, TurnView};

/// Below this, a captured lighthouse would decay away too soon to be worth it.
const MIN_CAPTURE: i64 = 30;

#[derive(Default)]
pub struct Greedy {
    known: Option<Known>,
    /// The lighthouse it last went for: another one before it got there is a change of plan,
    /// marked on the timeline.
    target: Option<Pos>,
    turns: u32,
}

/// The longest path drawn, in steps.
const PATH_DRAWN: usize = 40;

impl LineBot for Greedy {
    fn on_line(&mut self, line: &str) -> Result<Vec<String>, String> {
        match classify(line)? {
            Message::Init(init) => {
                self.known = Some(Known::new(&init));
                Ok(vec![greeting("Greedy")])
            }
            Message::Turn(turn) => {
                let known = self.known.as_ref().ok_or("a turn before the init message")?;
                let mut sketch = Sketch::default();
                if self.turns == 0 {
                    sketch.add("tag greedy");
                }
                self.turns += 1;
                let answer = decide(known, &turn, &mut self.target, &mut sketch);
                sketch.add(format_args!("value energy {}", turn.energy));
                sketch.show();
                Ok(vec![answer])
            }
            Message::Result => Ok(Vec::new()),
        }
    }
}

/// The turn's command; what it aims at is drawn on `sketch`, and `aim` (the lighthouse it went
/// for last) kept up to date.
fn decide(known: &Known, turn: &TurnView, aim: &mut Option<Pos>, sketch: &mut Sketch) -> String {
    let me = known.me as i64;
    let here = turn.lighthouses.iter().find(|l| l.position == turn.position);
    if let Some(lh) = here {
        let Pos(x, y) = lh.position;
        if lh.owner != me {
            if turn.energy > lh.energy && turn.energy - lh.energy >= MIN_CAPTURE.min(turn.energy) && turn.energy >= MIN_CAPTURE {
                sketch.add(format_args!("note attacking the lighthouse at {x} {y} with {}", turn.energy));
                return attack(turn.energy);
            }
        } else {
            if let Some(to) = best_connection(known, turn, lh) {
                sketch.add(format_args!("line {x} {y} {} {} green", to.0, to.1));
                sketch.add(format_args!("note connecting {x} {y} to {} {}", to.0, to.1));
                return connect(to);
            }
            if lh.energy < 60 && turn.energy >= 40 {
                sketch.add(format_args!("note topping up the lighthouse at {x} {y}"));
                return attack(turn.energy / 2);
            }
            if !lh.have_key {
                sketch.add("note waiting a round for the key");
                return pass(); // the key comes at the start of the next round
            }
        }
    }
    let dist = known.distances(turn.position);
    let reach = |p: Pos| dist[p.1 as usize][p.0 as usize];
    let target = turn
        .lighthouses
        .iter()
        .filter(|l| l.position != turn.position)
        .filter(|l| if l.owner == me { !l.have_key } else { turn.energy > l.energy + MIN_CAPTURE / 2 })
        .min_by_key(|l| (reach(l.position), l.position));
    // Nothing to take yet: gather energy where it grows (near lighthouses), or head for the
    // nearest lighthouse that is not ours (the map's centre may have no energy at all).
    let goal = target.map(|l| l.position).or_else(|| richest_visible_cell(known, turn)).or_else(|| {
        turn.lighthouses
            .iter()
            .filter(|l| l.owner != me && l.position != turn.position)
            .min_by_key(|l| (reach(l.position), l.position))
            .map(|l| l.position)
    });
    let Some(goal) = goal else { return pass() };
    if let Some(l) = target
        && *aim != Some(l.position)
    {
        // A target given up before it was reached is a change of plan (reaching one is not).
        if aim.is_some_and(|old| old != turn.position) {
            sketch.add(format_args!("mark now going for the lighthouse at {} {}", l.position.0, l.position.1));
        }
        *aim = Some(l.position);
    }
    draw_path(known, turn.position, goal, target.is_some(), sketch);
    match known.step_towards(turn.position, goal) {
        Some((dx, dy)) => step(dx, dy),
        None => pass(),
    }
}

/// The goal (a lighthouse, or else a cell rich in energy) and the shortest path there, one line
/// a step, at most [`PATH_DRAWN`] of them.
fn draw_path(known: &Known, from: Pos, goal: Pos, lighthouse: bool, sketch: &mut Sketch) {
    let (colour, label) = if lighthouse { ("yellow", "target") } else { ("cyan", "energy") };
    sketch.add(format_args!("dot {} {} {colour}", goal.0, goal.1));
    sketch.add(format_args!("text {} {} {label}", goal.0, goal.1));
    let path = known.path(from, goal, PATH_DRAWN);
    let mut at = from;
    for &next in &path {
        sketch.add(format_args!("line {} {} {} {} {colour}", at.0, at.1, next.0, next.1));
        at = next;
    }
    if !path.is_empty() {
        sketch.add(format_args!("value distance {}", known.distances(from)[goal.1 as usize][goal.0 as usize]));
    }
}

/// The owned lighthouse with a held key that can be legally connected from `from`, closing
/// the most triangles.
fn best_connection(known: &Known, turn: &TurnView, from: &LighthouseView) -> Option<Pos> {
    let me = known.me as i64;
    let lasers: Vec<(Pos, Pos)> = turn
        .lighthouses
        .iter()
        .flat_map(|l| l.connections.iter().filter(move |c| l.position < **c).map(move |c| (l.position, *c)))
        .collect();
    turn.lighthouses
        .iter()
        .filter(|to| to.owner == me && to.have_key && to.position != from.position)
        .filter(|to| !from.connections.contains(&to.position))
        .filter(|to| !turn.lighthouses.iter().any(|l| strictly_on_segment(from.position, to.position, l.position)))
        .filter(|to| !lasers.iter().any(|&(c, d)| segments_cross(from.position, to.position, c, d)))
        .max_by_key(|to| (from.connections.iter().filter(|c| to.connections.contains(c)).count(), std::cmp::Reverse(to.position)))
        .map(|to| to.position)
}

/// The cell with the most energy in view (ties: the nearest to the view's centre), if any cell
/// in view has energy.
fn richest_visible_cell(known: &Known, turn: &TurnView) -> Option<Pos> {
    let r = (turn.view.len() / 2) as i32;
    let mut best = (0, 0, turn.position);
    for (row, dy) in turn.view.iter().zip(-r..=r) {
        for (&e, dx) in row.iter().zip(-r..=r) {
            let p = Pos(turn.position.0 + dx, turn.position.1 + dy);
            let closeness = -(dx * dx + dy * dy);
            if known.is_island(p) && (e, closeness) > (best.0, best.1) {
                best = (e, closeness, p);
            }
        }
    }
    (best.0 > 0).then_some(best.2)
}
