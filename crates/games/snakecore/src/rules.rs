//! SnakeCore's rules (seed 001 §1–§2, read as `../shared/rules-notes/snakecore.md` says): one
//! python moves at a time, in seat order; a move steps the head, eats a free block, bites a
//! body, dumps the body into a reactor, or does nothing; `A` spends an energy block on ten turns
//! of shield. Blocks are never created or destroyed: a dumped or spent one reappears on a free
//! cell drawn from the match seed.

use crate::map::{Cell, Kind, Map, Pos};
use kibitz_core::rng::SplitMix64;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Turns of shield one energy block gives (counting the turn it is switched on).
pub const SHIELD_TURNS: u32 = 10;

/// A python's answer to `getAction`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    Up,
    Left,
    Down,
    Right,
    /// `N`: pass.
    Pass,
    /// `A`: switch the shield on.
    Shield,
    /// Any other answer, kept as the bot sent it; a pass (rules notes).
    Other(String),
}

impl Action {
    /// The protocol's letter, or the answer as sent.
    pub fn text(&self) -> &str {
        match self {
            Action::Up => "U",
            Action::Left => "L",
            Action::Down => "D",
            Action::Right => "R",
            Action::Pass => "N",
            Action::Shield => "A",
            Action::Other(text) => text,
        }
    }

    /// Reads an answer (surrounding spaces ignored); anything but the six letters is `Other`.
    pub fn parse(line: &str) -> Action {
        match line.trim() {
            "U" => Action::Up,
            "L" => Action::Left,
            "D" => Action::Down,
            "R" => Action::Right,
            "N" => Action::Pass,
            "A" => Action::Shield,
            other => Action::Other(other.to_string()),
        }
    }

    /// The step a move makes, as (dx, dy) with y growing downwards.
    fn delta(&self) -> Option<(i32, i32)> {
        match self {
            Action::Up => Some((0, -1)),
            Action::Left => Some((-1, 0)),
            Action::Down => Some((0, 1)),
            Action::Right => Some((1, 0)),
            _ => None,
        }
    }
}

impl Serialize for Action {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.text())
    }
}

impl<'de> Deserialize<'de> for Action {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Action::parse(&String::deserialize(d)?))
    }
}

/// The cell a move (`U L D R`) leads to from `from` on a `size` × `size` board, if on it.
pub fn neighbour(from: Pos, action: &Action, size: u16) -> Option<Pos> {
    let (dx, dy) = action.delta()?;
    let (x, y) = (from.x as i32 + dx, from.y as i32 + dy);
    let inside = (0..size as i32).contains(&x) && (0..size as i32).contains(&y);
    inside.then(|| Pos::new(x as u16, y as u16))
}

/// A python: its head, its body from the head to the tail (the last block), and its shield.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snake {
    pub head: Pos,
    pub body: Vec<(Pos, Kind)>,
    /// Turns of shield left, counting the python's current (or next) turn; 0: unshielded.
    pub shield: u32,
}

impl Snake {
    /// Length as the protocol counts it: the head and the body.
    pub fn length(&self) -> usize {
        1 + self.body.len()
    }
}

/// What a python's turn did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    /// The head stepped onto an empty cell (or its own tail, which ran away).
    Moved,
    /// The head stepped onto a free block, which joined the body.
    Ate(Kind),
    /// The head bit python `victim` (maybe itself): `blocks` came off (the bitten block, now
    /// the biter's, and those behind it, now free), scoring as many points when the victim is
    /// another python, none when it is itself.
    Bit { victim: usize, blocks: u32 },
    /// The body went into a reactor: n blocks, n(n+1)/2 points.
    Dumped { blocks: u32, points: i64 },
    /// An energy block was spent: the shield now has `turns` left.
    Shielded { turns: u32 },
    /// Nothing happened, and why.
    Passed { why: String },
}

/// What the rules answer to a step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Turn {
        event: Event,
        /// Blocks that reappeared on the board (dumped or spent), where and of which kind.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        respawned: Vec<(Pos, Kind)>,
    },
    /// A step out of turn (never from a referee).
    Refused { message: String },
}

/// The whole game at one moment.
/// The turn under way once `moves` turns of `pythons` pythons are taken (1 for the first),
/// and the last of `turns` once all are taken: "turn T of N" never passes N.
pub fn turn_number(moves: usize, pythons: usize, turns: u32) -> usize {
    (moves / pythons.max(1) + 1).min(turns.max(1) as usize)
}

#[derive(Debug, Clone)]
pub struct State {
    pub size: u16,
    /// Walls, reactors and free blocks: `cells[y * size + x]` (pythons are in `snakes`).
    pub cells: Vec<Cell>,
    pub snakes: Vec<Snake>,
    pub scores: Vec<i64>,
    /// Turns taken so far, all pythons together.
    pub moves: u32,
    /// Turns each python takes in the game.
    pub turns: u32,
    rng: SplitMix64,
}

/// Who is on a cell: python `snake`, at `index` (0 the head, k the k-th body block).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Occupant {
    pub snake: usize,
    pub index: usize,
}

impl State {
    /// The game on `map` for its pythons, `turns` each; `seed` draws where blocks reappear.
    pub fn new(map: &Map, turns: u32, seed: u64) -> Self {
        let snakes = map.snakes.iter().map(|s| Snake { head: s.head, body: s.body.clone(), shield: 0 }).collect();
        Self {
            size: map.size,
            cells: map.cells.clone(),
            snakes,
            scores: vec![0; map.snakes.len()],
            moves: 0,
            turns,
            rng: SplitMix64::new(seed ^ 0x5a4e_c0de),
        }
    }

    /// The turn under way (1 for the first), the last one once the game is over.
    pub fn turn(&self) -> usize {
        turn_number(self.moves as usize, self.snakes.len(), self.turns)
    }

    /// The python to move, or `None` once every python has had its turns.
    pub fn to_move(&self) -> Option<usize> {
        let players = self.snakes.len() as u32;
        (self.moves < self.turns * players).then(|| (self.moves % players) as usize)
    }

    pub fn cell(&self, p: Pos) -> Cell {
        self.cells[self.index(p)]
    }

    fn index(&self, p: Pos) -> usize {
        p.y as usize * self.size as usize + p.x as usize
    }

    /// The python on cell `p`, if any.
    pub fn occupant(&self, p: Pos) -> Option<Occupant> {
        self.snakes.iter().enumerate().find_map(|(snake, s)| {
            if s.head == p {
                return Some(Occupant { snake, index: 0 });
            }
            s.body.iter().position(|(q, _)| *q == p).map(|k| Occupant { snake, index: k + 1 })
        })
    }

    /// The cell one step from `from`, if on the board.
    pub fn step(&self, from: Pos, action: &Action) -> Option<Pos> {
        neighbour(from, action, self.size)
    }

    /// Blocks on the board, free and in bodies, by kind: (plain, energy). Never changes.
    pub fn mass(&self) -> (usize, usize) {
        let free = self.cells.iter().filter_map(|c| if let Cell::Block(k) = c { Some(*k) } else { None });
        let bound = self.snakes.iter().flat_map(|s| s.body.iter().map(|(_, k)| *k));
        free.chain(bound).fold((0, 0), |(b, e), k| if k == Kind::Plain { (b + 1, e) } else { (b, e + 1) })
    }

    /// Puts a block of `kind` on a free cell drawn from the match's generator.
    fn respawn(&mut self, kind: Kind) -> (Pos, Kind) {
        let size = self.size as usize;
        let free: Vec<usize> = (0..self.cells.len())
            .filter(|&i| self.cells[i] == Cell::Empty && self.occupant(Pos::new((i % size) as u16, (i / size) as u16)).is_none())
            .collect();
        // A dump or a spent block always frees at least the cells it leaves.
        let i = free[self.rng.below(free.len())];
        self.cells[i] = Cell::Block(kind);
        (Pos::new((i % size) as u16, (i / size) as u16), kind)
    }

    /// Python `p`'s turn; then the next python's turn begins (its shield counts down).
    pub fn play(&mut self, p: usize, action: Option<&Action>) -> Outcome {
        let mut respawned = Vec::new();
        let event = match action {
            None => Event::Passed { why: "no answer".into() },
            Some(Action::Pass) => Event::Passed { why: "passed".into() },
            Some(Action::Other(text)) => Event::Passed { why: format!("{text:?} is not one of U L D R N A") },
            Some(Action::Shield) => self.shield(p, &mut respawned),
            Some(step) => self.go(p, step, &mut respawned),
        };
        self.moves += 1;
        if let Some(next) = self.to_move() {
            let s = &mut self.snakes[next];
            s.shield = s.shield.saturating_sub(1);
        }
        Outcome::Turn { event, respawned }
    }

    /// `A`: the energy block nearest the tail leaves the body, the blocks behind it move up one
    /// place each (the body stays joined, the tail's cell empties), and the block reappears.
    fn shield(&mut self, p: usize, respawned: &mut Vec<(Pos, Kind)>) -> Event {
        let s = &mut self.snakes[p];
        let Some(k) = s.body.iter().rposition(|(_, kind)| *kind == Kind::Energy) else {
            return Event::Passed { why: "no energy block to switch the shield on".into() };
        };
        let mut kinds: Vec<Kind> = s.body.iter().map(|(_, kind)| *kind).collect();
        kinds.remove(k);
        let cells: Vec<Pos> = s.body.iter().map(|(q, _)| *q).take(kinds.len()).collect();
        s.body = cells.into_iter().zip(kinds).collect();
        // This turn counts as the first of the ten, and the count drops as each next turn begins.
        s.shield += SHIELD_TURNS;
        let turns = s.shield;
        respawned.push(self.respawn(Kind::Energy));
        Event::Shielded { turns }
    }

    fn go(&mut self, p: usize, action: &Action, respawned: &mut Vec<(Pos, Kind)>) -> Event {
        let pass = |why: &str| Event::Passed { why: why.to_string() };
        let head = self.snakes[p].head;
        let Some(to) = self.step(head, action) else { return pass("the board's edge") };
        match self.cell(to) {
            Cell::Wall => return pass("a wall"),
            Cell::Reactor => return self.dump(p, respawned),
            Cell::Block(kind) => {
                let i = self.index(to);
                self.cells[i] = Cell::Empty;
                let s = &mut self.snakes[p];
                s.body.insert(0, (head, kind));
                s.head = to;
                return Event::Ate(kind);
            }
            Cell::Empty => {}
        }
        match self.occupant(to) {
            None => self.slide(p, to),
            Some(Occupant { index: 0, .. }) => pass("a head"),
            Some(Occupant { snake, index }) if index == self.snakes[snake].body.len() => {
                if snake == p {
                    // The own tail runs away as the head comes.
                    self.slide(p, to)
                } else {
                    pass("another python's tail")
                }
            }
            Some(Occupant { snake, .. }) if self.snakes[snake].shield > 0 => pass("a shielded body"),
            Some(Occupant { snake, index }) => self.bite(p, snake, index - 1, to),
        }
    }

    /// The head steps to `to` and every body block moves into the place of the one before it.
    fn slide(&mut self, p: usize, to: Pos) -> Event {
        let s = &mut self.snakes[p];
        let mut previous = std::mem::replace(&mut s.head, to);
        for (cell, _) in &mut s.body {
            previous = std::mem::replace(cell, previous);
        }
        Event::Moved
    }

    /// Python `p` bites `victim`'s body block `k` (on cell `to`): the blocks behind it come
    /// free where they lie, the bitten block joins `p`'s body where its head was, and the head
    /// steps onto `to`.
    fn bite(&mut self, p: usize, victim: usize, k: usize, to: Pos) -> Event {
        let behind: Vec<(Pos, Kind)> = self.snakes[victim].body.drain(k..).collect();
        let blocks = behind.len() as u32;
        let (_, kind) = behind[0];
        for &(q, kind) in &behind[1..] {
            let i = self.index(q);
            self.cells[i] = Cell::Block(kind);
        }
        let s = &mut self.snakes[p];
        let head = std::mem::replace(&mut s.head, to);
        s.body.insert(0, (head, kind));
        // The seed scores "the length bitten off from the opponent": biting oneself is allowed
        // and breaks the chain, but scores nothing (else a python could farm its own neck).
        if victim != p {
            self.scores[p] += i64::from(blocks);
        }
        Event::Bit { victim, blocks }
    }

    /// The body goes into the reactor (the head stays): n(n+1)/2 points, and every block
    /// reappears somewhere, with its kind.
    fn dump(&mut self, p: usize, respawned: &mut Vec<(Pos, Kind)>) -> Event {
        let body = std::mem::take(&mut self.snakes[p].body);
        if body.is_empty() {
            return Event::Passed { why: "nothing to dump into the reactor".into() };
        }
        let n = body.len() as i64;
        let points = n * (n + 1) / 2;
        self.scores[p] += points;
        for (_, kind) in body {
            respawned.push(self.respawn(kind));
        }
        Event::Dumped { blocks: n as u32, points }
    }
}
