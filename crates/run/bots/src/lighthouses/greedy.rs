//! A greedy bot: walks to the nearest lighthouse it can take, takes it, waits a round for its
//! key, and connects every pair it legally can, preferring lasers that close triangles.

use super::{Known, Message, attack, classify, connect, greeting, pass, step};
use crate::LineBot;
use kibitz_lighthouses::Pos;
use kibitz_lighthouses::geometry::{segments_cross, strictly_on_segment};
use kibitz_lighthouses::view::{LighthouseView, TurnView};

/// Below this, a captured lighthouse would decay away too soon to be worth it.
const MIN_CAPTURE: i64 = 30;

#[derive(Default)]
pub struct Greedy {
    known: Option<Known>,
}

impl LineBot for Greedy {
    fn on_line(&mut self, line: &str) -> Result<Vec<String>, String> {
        match classify(line)? {
            Message::Init(init) => {
                self.known = Some(Known::new(&init));
                Ok(vec![greeting("Greedy")])
            }
            Message::Turn(turn) => {
                let known = self.known.as_ref().ok_or("a turn before the init message")?;
                Ok(vec![decide(known, &turn)])
            }
            Message::Result => Ok(Vec::new()),
        }
    }
}

fn decide(known: &Known, turn: &TurnView) -> String {
    let me = known.me as i64;
    let here = turn.lighthouses.iter().find(|l| l.position == turn.position);
    if let Some(lh) = here {
        if lh.owner != me {
            if turn.energy > lh.energy && turn.energy - lh.energy >= MIN_CAPTURE.min(turn.energy) && turn.energy >= MIN_CAPTURE {
                return attack(turn.energy);
            }
        } else {
            if let Some(to) = best_connection(known, turn, lh) {
                return connect(to);
            }
            if lh.energy < 60 && turn.energy >= 40 {
                return attack(turn.energy / 2);
            }
            if !lh.have_key {
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
    match known.step_towards(turn.position, goal) {
        Some((dx, dy)) => step(dx, dy),
        None => pass(),
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
