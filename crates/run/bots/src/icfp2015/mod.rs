//! A solver of our own for ICFP Programming Contest 2015 ("Honeycomb"), for demo replays.
//!
//! One unit at a time: a breadth-first search finds every position the unit can reach and every
//! place it can lock; a heuristic values each place (see [`Style`]), on smaller problems also
//! counting the best place for the next unit after it, and picks the best. The unit then walks
//! there, and at every step speaks a phrase of power if one can be spoken without an error and
//! a nearly-as-good place is still reachable afterwards: phrases not yet used first (their 300
//! bonus), then, for a new phrase that does not fit, one whose lock cuts it short at a good
//! place and whose rest the next unit can say from its spawn; then repeats by points per row
//! of room they take. Plain moves use the first character of each command.
//!
//! The search uses a light model of positions of its own; the rules crate is the judge: every
//! unit's characters are fed to a real [`State`] and, should they ever not do what the model
//! said, replaced by a plain drop (SW, SE, ... until it locks), which can never be an error.
//! Every style plays the whole game (on a thread of its own) and the best solution is kept.

mod eval;
mod geometry;
mod planner;

use geometry::Shape;
use kibitz_icfp2015::{Cell, Event, Problem, Rules, State};
use planner::{Phrase, Planner, Tuning};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How to value a lock placement. Each does better on some problems; by default the solver
/// plays both and keeps the better solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Style {
    /// Deep, snug placements, few holes below, fuller rows.
    Snug,
    /// Dellacherie's Tetris features carried over to the hex board (height, eroded cells,
    /// row and downward transitions, holes).
    Tidy,
}

impl Style {
    pub const ALL: [Style; 2] = [Style::Snug, Style::Tidy];
}

/// How to solve.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Stop weaving phrases at this instant; units after it only get placed. Past twice the
    /// time it allowed, units are just dropped (cheap, but the board fills quickly).
    pub deadline: Option<Instant>,
    /// Place units only, speaking no phrases.
    pub no_phrases: bool,
    /// Play only this style (by default: every style, keeping the best solution).
    pub style: Option<Style>,
}

/// What a solution did, as the solver saw it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    pub solution: String,
    /// Its official score (with the usable phrases given).
    pub score: u64,
    pub style: Style,
    /// Units placed by the planner, and units that fell back to a plain drop.
    pub planned: u32,
    pub dropped: u32,
    /// Times the model and the rules disagreed (a bug in the model if ever non-zero).
    pub disagreements: u32,
    /// Where each unit locked, in order.
    pub placements: Vec<Placement>,
}

/// Where one unit locked, and how it got there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placement {
    /// Its members' cells where it locked.
    pub members: Vec<Cell>,
    /// Placed by the planner, not a plain drop.
    pub planned: bool,
    /// Its lock's move score (points and line bonus).
    pub points: u64,
}

/// Drawing lines (docs/debug-drawing.md) are written for at most this many units.
const UNITS_DRAWN: usize = 1000;

impl Report {
    /// What the solver chose, as drawing lines for the viewer (without the `#kibitz ` prefix):
    /// each unit's cells where it locked, on that unit's first step (`unit N …`), green when
    /// placed by plan and red when dropped, with the lock's points; a mark where units start to
    /// be dropped; the style as the match's tag.
    pub fn drawing(&self) -> Vec<String> {
        let style = match self.style {
            Style::Snug => "snug",
            Style::Tidy => "tidy",
        };
        let mut lines = vec![format!("tag {style}")];
        let mut was_planned = true;
        for (k, p) in self.placements.iter().enumerate().take(UNITS_DRAWN) {
            let colour = if p.planned { "green" } else { "red" };
            for c in &p.members {
                lines.push(format!("unit {k} dot {} {} {colour}", c.x, c.y));
            }
            if let Some(c) = p.members.first() {
                lines.push(format!("unit {k} text {} {} {}", c.x, c.y, if p.planned { "planned" } else { "dropped" }));
            }
            lines.push(format!("unit {k} value points {}", p.points));
            if was_planned && !p.planned {
                lines.push(format!("unit {k} mark dropped, not planned"));
            }
            was_planned = p.planned;
        }
        lines
    }
}

/// Problems with at most this many cells times units look one unit ahead.
const LOOKAHEAD_WORK: u64 = 2_000_000;

/// A solution for `problem` with source `seed`, speaking `phrases`, that never makes an error
/// and plays the game to its end. Without a deadline it is deterministic (a few seconds for the
/// biggest qualifier problem in a release build). With one, phrases stop at the deadline and
/// careful placing at twice the time it allowed; the string comes back soon after that.
pub fn solve(problem: &Problem, seed: u32, phrases: &[String], deadline: Option<Instant>) -> String {
    solve_with(problem, seed, phrases, &Options { deadline, ..Options::default() }).solution
}

/// [`solve`] with options, and a report of how it went. Styles are played on threads of their
/// own; the best solution wins (the first style on a tie).
pub fn solve_with(problem: &Problem, seed: u32, phrases: &[String], options: &Options) -> Report {
    let started = Instant::now();
    let phrases = usable_phrases(phrases);
    let texts: Vec<&str> = phrases.iter().map(|p| p.text.as_str()).collect();
    let rules = Arc::new(Rules::new(problem.clone(), &texts).expect("usable phrases are distinct and non-empty"));
    let shapes: Vec<Shape> = (0..problem.units().len()).map(|u| Shape::new(&rules, u)).collect();
    let game = Game { rules: &rules, shapes: &shapes, phrases: &phrases, options, started };
    let styles: Vec<Style> = options.style.map_or(Style::ALL.to_vec(), |s| vec![s]);
    let reports: Vec<Report> = if styles.len() == 1 {
        vec![game.play(seed, styles[0])]
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = styles.iter().map(|&style| scope.spawn(move || game.play(seed, style))).collect();
            handles.into_iter().map(|h| h.join().expect("a solver thread panicked")).collect()
        })
    };
    let mut best = None;
    for r in reports {
        if best.as_ref().is_none_or(|b: &Report| r.score > b.score) {
            best = Some(r);
        }
    }
    best.expect("at least one style")
}

/// Everything one game needs, shared by the styles.
#[derive(Clone, Copy)]
struct Game<'a> {
    rules: &'a Arc<Rules>,
    shapes: &'a [Shape],
    phrases: &'a [Phrase],
    options: &'a Options,
    started: Instant,
}

impl Game<'_> {
    fn play(&self, seed: u32, style: Style) -> Report {
        let problem = self.rules.problem();
        let radius = self.shapes.iter().map(|s| s.radius).max().unwrap_or(0);
        let (width, height) = (problem.width() as i32, problem.height() as i32);
        let mut planner = Planner::new(width, height, radius);
        let mut look = Planner::new(width, height, radius);
        let work = (problem.width() * problem.height()) as u64 * problem.source_length() as u64;
        let tuning = Tuning {
            weights: eval::Weights { contact: style == Style::Snug, ..eval::WEIGHTS },
            margin: 40,
            checks: 3,
            lookahead: if work <= LOOKAHEAD_WORK { 3 } else { 0 },
        };
        let deadline = self.options.deadline;
        // Past the hard deadline (twice the allowed time), units are only dropped.
        let hard = deadline.map(|d| d + d.saturating_duration_since(self.started).max(Duration::from_millis(1)));

        let mut state = State::new(Arc::clone(self.rules), seed);
        let mut report =
            Report { solution: String::new(), score: 0, style, planned: 0, dropped: 0, disagreements: 0, placements: Vec::new() };
        let mut used = vec![0u32; self.phrases.len()];
        let mut pending = None;
        while let Some(unit) = state.unit() {
            let text = if hard.is_some_and(|h| Instant::now() >= h) {
                None
            } else {
                let shape = &self.shapes[unit];
                let board = eval::Local::new(state.board());
                let next = state.upcoming().next().map(|u| (&self.shapes[u], &mut look));
                used.copy_from_slice(state.phrase_counts());
                let pivot = state.pivot().expect("a unit is in play").cube();
                let rot = shape.canon[state.orientation().expect("a unit is in play") as usize];
                let weave = !self.options.no_phrases;
                planner.plan(&board, shape, pivot, rot, next, self.phrases, &mut used, &tuning, deadline, weave, pending)
            };
            pending = None;
            let before = state.clone();
            if let Some(plan) = text {
                if let Some((members, points)) = feed_unit(&mut state, &plan.text) {
                    report.solution.push_str(&plan.text);
                    pending = plan.pending;
                    report.planned += 1;
                    report.placements.push(Placement { members, planned: true, points });
                    continue;
                }
                report.disagreements += 1;
                state = before;
            }
            let (text, members, points) = drop_unit(&mut state);
            report.solution.push_str(&text);
            report.dropped += 1;
            report.placements.push(Placement { members, planned: false, points });
        }
        report.score = state.score();
        report
    }
}

/// Feeds one unit's characters: where it locked and the lock's points, if every command but
/// the last moved and the last locked.
fn feed_unit(state: &mut State, text: &str) -> Option<(Vec<Cell>, u64)> {
    let mut locked = None;
    for ch in text.chars() {
        let members = state.members();
        match state.feed(ch) {
            Event::Ignored => {}
            Event::Moved(_) if locked.is_none() => {}
            Event::Locked(_, lock) if locked.is_none() => locked = Some((members, lock.move_score())),
            _ => return None,
        }
    }
    locked
}

/// Moves the unit in play down (SW, SE, SW, ...) until it locks: never an error, since down
/// moves never repeat a position. The characters, where it locked and the lock's points.
fn drop_unit(state: &mut State) -> (String, Vec<Cell>, u64) {
    let mut text = String::new();
    for ch in ['a', 'l'].into_iter().cycle() {
        text.push(ch);
        let members = state.members();
        match state.feed(ch) {
            Event::Moved(_) => {}
            Event::Locked(_, lock) => return (text, members, lock.move_score()),
            other => unreachable!("a down move can only move or lock, not {other:?}"),
        }
    }
    unreachable!("the cycle ends only by locking")
}

/// The phrases that can be spoken at all (every character a command or white space), without
/// empty ones and repeats (ignoring case), in the order given.
fn usable_phrases(phrases: &[String]) -> Vec<Phrase> {
    let mut out: Vec<Phrase> = Vec::new();
    for p in phrases {
        if out.iter().any(|q| q.text.eq_ignore_ascii_case(p)) {
            continue;
        }
        if let Some(phrase) = Phrase::new(p) {
            out.push(phrase);
        }
    }
    out
}
