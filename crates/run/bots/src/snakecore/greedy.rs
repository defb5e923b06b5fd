//! The greedy python. Each turn, in this order:
//! 1. with an energy block in its body, no shield, and a stranger's head within two steps of its
//!    body, it switches the shield on;
//! 2. next to a stranger's body worth biting (two blocks or more come off, the bitten block not
//!    a tail, the body not shielded), it bites; never its own, which scores nothing;
//! 3. with at least `DUMP_AT` body blocks, it heads for the nearest reactor (by BFS) and dumps;
//! 4. otherwise it heads for the nearest free block;
//! 5. with nowhere to go, any safe step, else a pass.
//!
//! Its BFS walks empty cells and free blocks, and its own tail (which runs away). It draws its
//! chosen goal and an arrow to it from its head (docs/debug-drawing.md).

use super::{Input, Python, Reader, Request};
use crate::{LineBot, Sketch};
use kibitz_snakecore::{Action, Pos};
use std::collections::{HashMap, HashSet, VecDeque};

/// Body blocks before the python goes to a reactor: 10 blocks are 55 points.
const DUMP_AT: usize = 10;
const DIRECTIONS: [Action; 4] = [Action::Up, Action::Left, Action::Down, Action::Right];

#[derive(Default)]
pub struct Greedy {
    reader: Reader,
    /// Whether it was last heading for a reactor: a change is a change of plan, marked.
    dumping: Option<bool>,
}

impl LineBot for Greedy {
    fn on_line(&mut self, line: &str) -> Result<Vec<String>, String> {
        Ok(match self.reader.feed(line)? {
            Input::Wait => Vec::new(),
            Input::Name => vec!["Greedy python".into()],
            Input::Action(request) => {
                let mut sketch = Sketch::default();
                if self.dumping.is_none() {
                    sketch.add("tag greedy-python");
                }
                let long = request.pythons[0].cells.len() > DUMP_AT;
                if self.dumping.is_some_and(|was| was != long) {
                    sketch.add(if long { "mark off to a reactor" } else { "mark collecting again" });
                }
                self.dumping = Some(long);
                let action = decide(&request, &mut sketch);
                sketch.add(format_args!("value length {}", request.pythons[0].cells.len()));
                sketch.show();
                vec![action.text().to_string()]
            }
        })
    }
}

/// Who is where: each python's cells, by python and index.
fn occupants(request: &Request) -> HashMap<Pos, (usize, usize)> {
    let mut at = HashMap::new();
    for (k, python) in request.pythons.iter().enumerate() {
        for (i, &p) in python.cells.iter().enumerate() {
            at.insert(p, (k, i));
        }
    }
    at
}

/// The turn's action; the goal it heads for, or why it does something else, drawn on `sketch`.
fn decide(request: &Request, sketch: &mut Sketch) -> Action {
    let me = &request.pythons[0];
    let head = me.cells[0];
    let at = occupants(request);
    let own_tail = (me.cells.len() > 1).then(|| *me.cells.last().expect("a tail"));
    // 1. The shield, when a stranger comes near.
    let has_energy = me.cells[1..].iter().any(|&p| request.at(p) == b'e');
    let threatened = request.pythons[1..].iter().any(|other| me.cells[1..].iter().any(|&p| distance(p, other.cells[0]) <= 2));
    if has_energy && me.shield == 0 && threatened && me.cells.len() > 3 {
        sketch.add("note a stranger is near: shield on");
        return Action::Shield;
    }
    // 2. A bite worth taking.
    let bite = DIRECTIONS.iter().filter_map(|d| {
        let to = request.step(head, d)?;
        let &(k, i) = at.get(&to)?;
        let python: &Python = &request.pythons[k];
        let tail = python.cells.len() - 1;
        let worth = python.cells.len() - i;
        // Pythons are listed the asked one first: k = 0 is itself.
        (k != 0 && i > 0 && i < tail && python.shield == 0 && worth >= 2).then_some((worth, d))
    });
    // The longest bite; between equals, the letter last in the alphabet.
    if let Some((worth, d)) = bite.max_by_key(|(worth, d)| (*worth, d.text().to_string())) {
        if let Some(to) = request.step(head, d) {
            sketch.add(format_args!("dot {} {} red", to.x, to.y));
            sketch.add(format_args!("note biting off {worth} blocks"));
        }
        return d.clone();
    }
    let passable = |p: Pos| match request.at(p) {
        b'W' | b'R' | b'p' => false,
        _ => !at.contains_key(&p) || Some(p) == own_tail,
    };
    // 3. and 4. The nearest reactor (once long enough), else the nearest free block.
    // The head and DUMP_AT body blocks or more.
    let long = me.cells.len() > DUMP_AT;
    let goal = |p: Pos| if long { request.at(p) == b'R' } else { matches!(request.at(p), b'b' | b'e') && !at.contains_key(&p) };
    let found = first_step(request, head, passable, goal)
        .or_else(|| long.then(|| first_step(request, head, passable, |p| matches!(request.at(p), b'b' | b'e') && !at.contains_key(&p)))?);
    if let Some((d, to, steps)) = found {
        let (colour, label) = if request.at(to) == b'R' { ("orange", "reactor") } else { ("yellow", "block") };
        sketch.add(format_args!("dot {} {} {colour}", to.x, to.y));
        sketch.add(format_args!("text {} {} {label}", to.x, to.y));
        sketch.add(format_args!("line {} {} {} {} {colour}", head.x, head.y, to.x, to.y));
        sketch.add(format_args!("value distance {steps}"));
        return d;
    }
    sketch.add("note no goal in reach");
    // 5. Anywhere safe.
    DIRECTIONS.into_iter().find(|d| request.step(head, d).is_some_and(passable)).unwrap_or(Action::Pass)
}

fn distance(a: Pos, b: Pos) -> u32 {
    (a.x.abs_diff(b.x) + a.y.abs_diff(b.y)) as u32
}

/// The first step of a shortest path from `from` to a cell where `goal` holds (entered, not
/// walked through), over `passable` cells, with that cell and the steps there.
fn first_step(request: &Request, from: Pos, passable: impl Fn(Pos) -> bool, goal: impl Fn(Pos) -> bool) -> Option<(Action, Pos, u32)> {
    let mut seen = HashSet::from([from]);
    let mut queue = VecDeque::new();
    for d in DIRECTIONS {
        if let Some(p) = request.step(from, &d)
            && seen.insert(p)
        {
            if goal(p) {
                return Some((d, p, 1));
            }
            if passable(p) {
                queue.push_back((p, d, 1));
            }
        }
    }
    while let Some((p, first, steps)) = queue.pop_front() {
        for d in DIRECTIONS {
            let Some(q) = request.step(p, &d) else { continue };
            if !seen.insert(q) {
                continue;
            }
            if goal(q) {
                return Some((first, q, steps + 1));
            }
            if passable(q) {
                queue.push_back((q, first.clone(), steps + 1));
            }
        }
    }
    None
}
