//! The explorer: keeps a map of everything it was told, and each turn walks (through known
//! openings only, so it never runs into a wall) to the square that is worth most: squares it
//! will discover on the way and, at the next information stage, from there; minus one point per
//! step; plus the chance of ending on the opponent's square.
//!
//! - Discovery is estimated square by square along the four corridors a destination looks down:
//!   certain through known openings, less likely behind each unknown side.
//! - When no walk pays this turn (all near squares are known), it heads for the best rate of
//!   expected points per step instead of idling: turns are few (150) and every one costs a step.
//! - The opponent is on one of the squares at the told squared distance (within the frame's
//!   possible extent). Squares close to last turn's candidates weigh more (a slow or judged
//!   opponent stays put). Ending a turn on it is worth 100 points, or a sudden death once the
//!   whole maze is discovered, so when little is left to discover the explorer also closes in.
//!   Points beyond the clamp of 1000 are worth nothing: once its estimated points pass that,
//!   only a sudden death is worth hunting for.
//! - On its last turn there is no information stage to come: only the walk itself counts.
//!
//! It draws what it believes (docs/debug-drawing.md), in its own frame as every amazes bot
//! must (it never learns where it stands: x to the right of its first facing, y behind it, its
//! start at 0 0): its frontier (discovered squares with a side still unknown), where the
//! opponent may be, and the walk it chose.

use super::map::{Contradiction, FRAME, Map, ORIGIN, Pos, Side, index, moves_along, step};
use super::{Info, Input, Reader, line_of};
use crate::{LineBot, Sketch};
use kibitz_amazes::rules::{CAPTURE_POINTS, MAX_MOVES, MAX_SCORE};
use kibitz_amazes::{Dir, TURNS};

/// Chance that an unknown side of a square is open (the official mazes: about 676 openings
/// among 1200 inner edges, fewer in practice along a straight line).
const P_AHEAD: f64 = 0.55;
const P_SIDE: f64 = 0.5;
/// Points a newly discovered square is worth: 1, and 1 more if the opponent has not found it.
const SQUARE_EARLY: f64 = 2.0;
const SQUARE_LATE: f64 = 1.4;
/// Points per discovered square, counting on being first for half of them.
const FIRST_SHARE: f64 = 1.5;
/// A little for each unknown edge a look would settle (it feeds the inference rules).
const EDGE_INFO: f64 = 0.05;
/// A walk that does not pay this turn is still made if it finds this many points per step
/// (the unexplored part it leads to pays later).
const TRAVEL_MIN: f64 = 0.1;
/// Worth of ending on the opponent once everything is discovered (sudden death doubles the
/// points and zeroes the opponent's).
const SUDDEN_DEATH: f64 = 400.0;
/// At most this many frontier squares and opponent squares are drawn a turn.
const FRONTIER_DRAWN: usize = 200;
const OPPONENT_DRAWN: usize = 60;
/// And at most this many squares of its walk (a turn's walk may be 256 moves).
const ROUTE_DRAWN: usize = 100;

#[derive(Debug, Default)]
pub struct Explorer {
    reader: Reader,
    map: Map,
    /// Last turn's candidate squares for the opponent.
    candidates: Vec<Pos>,
    /// Times the map had to be thrown away (a bug if ever non-zero).
    resets: u32,
    /// Steps asked for so far.
    steps: u32,
    /// Expected captures so far (the chance the opponent stood where a turn ended).
    captures: f64,
    /// This turn's drawing.
    sketch: Sketch,
    /// Whether it has started closing in on the opponent (marked once, when it does).
    chasing: bool,
}

/// A frame square in the bot's drawing coordinates (x to the right of its first facing, y
/// behind it, the start at 0 0).
fn drawn(p: Pos) -> (i32, i32) {
    (p.1 - ORIGIN, p.0 - ORIGIN)
}

impl Explorer {
    pub fn new() -> Self {
        Self::default()
    }

    /// The map as it stands (for tests and tools).
    pub fn map(&self) -> &Map {
        &self.map
    }

    /// Times the bot lost track of itself and started a new map.
    pub fn resets(&self) -> u32 {
        self.resets
    }

    /// One turn: learn, choose, walk.
    fn play(&mut self, info: &Info) -> String {
        if let Err(Contradiction) = self.map.look(info) {
            eprintln!("explorer: what I see contradicts my map; starting a new one");
            self.sketch.add("mark lost track: a new map");
            self.resets += 1;
            self.map = Map::new();
            self.candidates.clear();
            let _ = self.map.look(info);
        }
        let last_turn = self.reader.turn() >= TURNS;
        let paths = self.map.paths();
        let opponent = self.opponent(info.distance2);
        let all_discovered = self.map.all_discovered();
        // Points beyond the 1000 the score is clamped to are worth nothing: a capture then
        // only pays as a sudden death.
        let points = FIRST_SHARE * self.map.discovered_count() as f64 - self.steps as f64 + CAPTURE_POINTS as f64 * self.captures;
        let capture = if all_discovered { SUDDEN_DEATH } else { (MAX_SCORE as f64 + 50.0 - points).clamp(0.0, CAPTURE_POINTS as f64) };
        // How much one new square is worth now: the opponent finds more as the game goes on.
        let progress = (self.reader.turn() as f64 / TURNS as f64).min(1.0);
        let square = SQUARE_EARLY + (SQUARE_LATE - SQUARE_EARLY) * progress;
        // Little left to find (or nothing): closing in on the opponent pays for later turns.
        let remaining = self.map.undiscovered_feasible();
        let pull = if all_discovered {
            0.6
        } else if remaining < 40 {
            0.25
        } else {
            0.0
        };
        let chase = (pull > 0.0 && !opponent.is_empty()).then(|| self.distances_to(&opponent));
        if chase.is_some() && !self.chasing {
            self.chasing = true;
            self.sketch.add("mark closing in on the opponent");
        }
        self.draw_belief(&paths, &opponent);

        // Undiscovered squares on the way to each square, along the BFS tree.
        let mut on_way = vec![0u32; paths.dist.len()];
        let mut order: Vec<(Pos, u32)> = paths.reached().collect();
        order.sort_by_key(|&(_, d)| d);
        let mut best: Option<(f64, Pos)> = None;
        // When no walk pays this turn, the best rate of points per step towards unexplored parts.
        let mut travel: Option<(f64, Pos)> = None;
        for &(p, d) in &order {
            if d == 0 {
                continue;
            }
            let parent = paths.parent(p);
            on_way[index(p)] = on_way[index(parent)] + u32::from(!self.map.is_discovered(p));
            if d as usize > MAX_MOVES {
                continue;
            }
            let mut found = square * on_way[index(p)] as f64;
            if !last_turn {
                found += self.look_gain(p, square);
            }
            let mut value = found - d as f64;
            if found >= TRAVEL_MIN * d as f64 {
                let rate = found / (d as f64 + 3.0);
                if travel.is_none_or(|(r, _)| rate > r) {
                    travel = Some((rate, p));
                }
            }
            if let Some((_, w)) = opponent.iter().find(|(q, _)| *q == p) {
                value += capture * w;
            }
            if let Some(chase) = &chase {
                value -= pull * chase[index(p)];
            }
            if best.is_none_or(|(v, _)| value > v) {
                best = Some((value, p));
            }
        }
        if let (Some((v, _)), Some((_, p))) = (best, travel)
            && v < 1.0
        {
            best = Some((v.max(0.0), p));
        }
        // Nothing expected to pay (a chase that keeps missing, a maze with nothing reachable
        // left to find): the cheapest line, one turn on the spot, instead of a costly walk.
        // Once everything is discovered, closing in for a sudden death is always worth it.
        if best.is_some_and(|(v, _)| v < 0.0) && !all_discovered {
            self.sketch.add("note nothing pays: turning on the spot");
            self.map.walk(&[kibitz_amazes::Move::T]);
            self.steps += 1;
            return "T".to_string();
        }
        let Some((_, target)) = best else {
            // No known opening at all: cannot happen after a look; turn around.
            self.map.walk(&[kibitz_amazes::Move::T]);
            return "T".to_string();
        };
        let route = paths.route(target);
        self.draw_walk(&route, target);
        let moves = moves_along(self.map.at, self.map.facing, &route);
        self.map.walk(&moves);
        self.steps += moves.len().max(1) as u32;
        self.captures += opponent.iter().find(|(q, _)| *q == target).map_or(0.0, |(_, w)| *w);
        line_of(&moves)
    }

    /// What it believes of the maze: the frontier it can walk to (nearest first) and where the
    /// opponent may be, within [`FRONTIER_DRAWN`] and [`OPPONENT_DRAWN`] squares.
    fn draw_belief(&mut self, paths: &super::map::Paths, opponent: &[(Pos, f64)]) {
        let map = &self.map;
        let mut frontier: Vec<(Pos, u32)> =
            paths.reached().filter(|&(p, _)| map.is_discovered(p) && Dir::ALL.iter().any(|&d| map.side(p, d) == Side::Unknown)).collect();
        frontier.sort_by_key(|&(p, d)| (d, p));
        for &(p, _) in frontier.iter().take(FRONTIER_DRAWN) {
            let (x, y) = drawn(p);
            self.sketch.add(format_args!("dot {x} {y} purple"));
        }
        for &(p, _) in opponent.iter().take(OPPONENT_DRAWN) {
            let (x, y) = drawn(p);
            self.sketch.add(format_args!("dot {x} {y} red"));
        }
        self.sketch.add(format_args!("value discovered {}", map.discovered_count()));
        self.sketch.add(format_args!("value frontier {}", frontier.len()));
    }

    /// The walk chosen: one line a square (the first [`ROUTE_DRAWN`]), and its goal.
    fn draw_walk(&mut self, route: &[Pos], target: Pos) {
        let mut at = drawn(self.map.at);
        for &p in route.iter().take(ROUTE_DRAWN) {
            let next = drawn(p);
            self.sketch.add(format_args!("line {} {} {} {} yellow", at.0, at.1, next.0, next.1));
            at = next;
        }
        let (x, y) = drawn(target);
        self.sketch.add(format_args!("text {x} {y} goal"));
    }

    /// Where the opponent may be, each with a weight (the weights add up to 1).
    fn opponent(&mut self, distance2: u32) -> Vec<(Pos, f64)> {
        let (r, c) = self.map.at;
        let mut squares = Vec::new();
        if distance2 > 0 {
            let reach = (distance2 as f64).sqrt() as i32 + 1;
            for dr in -reach..=reach {
                for dc in -reach..=reach {
                    let p = (r + dr, c + dc);
                    if (dr * dr + dc * dc) as u32 == distance2 && self.map.feasible(p) {
                        squares.push(p);
                    }
                }
            }
        }
        let near_last = |p: &Pos| self.candidates.iter().any(|q| (p.0 - q.0).abs() + (p.1 - q.1).abs() <= 2);
        let weights: Vec<f64> = squares.iter().map(|p| if near_last(p) { 4.0 } else { 1.0 }).collect();
        let total: f64 = weights.iter().sum();
        self.candidates = squares.clone();
        squares.into_iter().zip(weights).map(|(p, w)| (p, w / total)).collect()
    }

    /// For every square, the expected walk to the opponent (through known openings; squares
    /// without a known walk count as far).
    fn distances_to(&self, opponent: &[(Pos, f64)]) -> Vec<f64> {
        let mut out = vec![0.0; (FRAME * FRAME) as usize];
        for &(q, w) in opponent {
            let from = self.map.paths_from(q);
            for (i, d) in from.dist.iter().enumerate() {
                out[i] += w * if *d == u32::MAX { 60.0 } else { (*d).min(60) as f64 };
            }
        }
        out
    }

    /// Expected points from the information stage at `p`: squares seen down the four
    /// corridors and behind their side openings, each as likely as the unknown sides before it.
    fn look_gain(&self, p: Pos, square: f64) -> f64 {
        let map = &self.map;
        let mut gain = 0.0;
        for dir in Dir::ALL {
            let mut chance = 1.0;
            let mut pos = p;
            loop {
                match map.side(pos, dir) {
                    Side::Wall => break,
                    Side::Unknown => {
                        gain += EDGE_INFO * chance;
                        chance *= P_AHEAD;
                    }
                    Side::Open => {}
                }
                let next = step(pos, dir);
                if chance < 0.02 || !map.feasible(next) {
                    break;
                }
                if !map.is_discovered(next) {
                    gain += square * chance;
                }
                for side in [dir.left(), dir.right()] {
                    let beyond = step(next, side);
                    match map.side(next, side) {
                        Side::Wall => {}
                        Side::Open => {
                            if !map.is_discovered(beyond) {
                                gain += square * chance;
                            }
                        }
                        Side::Unknown => {
                            gain += EDGE_INFO * chance;
                            if map.feasible(beyond) && !map.is_discovered(beyond) {
                                gain += square * chance * P_SIDE;
                            }
                        }
                    }
                }
                pos = next;
            }
        }
        gain
    }
}

impl LineBot for Explorer {
    fn on_line(&mut self, line: &str) -> Result<Vec<String>, String> {
        match self.reader.feed(line)? {
            Input::Wait | Input::Quit => Ok(Vec::new()),
            Input::Turn(info) => {
                if self.reader.turn() <= 1 {
                    self.sketch.add("tag explorer");
                }
                let answer = self.play(&info);
                self.sketch.show();
                self.reader.answered();
                Ok(vec![answer])
            }
        }
    }

    fn finished(&self) -> bool {
        self.reader.done()
    }
}
