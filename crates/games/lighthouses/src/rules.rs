//! The rules of Lighthouses, as seed 000 and `rules-notes/lighthouses.md` give them.
//!
//! A round is: a tick that starts it (energy grows, players collect, keys, decay), one turn per
//! player in order, and a tick that ends it (scoring). Error messages are the contest engine's,
//! word for word, because bots written for the contest may look at them.

use crate::command::{Command, Target};
use crate::geometry::{segments_cross, strictly_on_segment, triangle_cells};
use crate::map::{Map, Pos};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Cells never hold more energy than this.
pub const MAX_CELL_ENERGY: u8 = 100;
/// Energy every lighthouse loses at the start of each round.
pub const DECAY: i64 = 10;
/// A lighthouse feeds cells closer than this (Euclidean distance).
pub const FEED_RADIUS: i32 = 5;
/// A player sees cells whose centre is at most this far (Euclidean).
pub const HORIZON: i32 = 3;

/// What never changes during a match: the map and what follows from it. Shared by every state.
#[derive(Debug)]
pub struct Board {
    pub map: Map,
    /// Energy each cell gains per round, before the cap.
    growth: Vec<u16>,
    /// For each cell, the index of its lighthouse.
    lighthouse_at: Vec<Option<usize>>,
}

impl Board {
    pub fn new(map: Map) -> Self {
        let cells = map.width() * map.height();
        let mut growth = vec![0u16; cells];
        let mut lighthouse_at = vec![None; cells];
        for (k, &lh) in map.lighthouses().iter().enumerate() {
            lighthouse_at[map.index(lh).expect("lighthouses are on the map")] = Some(k);
            for dy in -(FEED_RADIUS - 1)..FEED_RADIUS {
                for dx in -(FEED_RADIUS - 1)..FEED_RADIUS {
                    let p = Pos(lh.0 + dx, lh.1 + dy);
                    let gain = feed(dx, dy);
                    if gain > 0 && map.is_island(p) {
                        growth[map.index(p).expect("island cells are on the map")] += gain as u16;
                    }
                }
            }
        }
        Self { map, growth, lighthouse_at }
    }

    pub fn lighthouse_at(&self, p: Pos) -> Option<usize> {
        self.map.index(p).and_then(|i| self.lighthouse_at[i])
    }

    /// Energy the cell gains each round from all lighthouses together, before the cap.
    pub fn growth(&self, p: Pos) -> u16 {
        self.map.index(p).map_or(0, |i| self.growth[i])
    }
}

/// floor(5 − √(dx² + dy²)), computed exactly: 5 − ⌈√d²⌉.
fn feed(dx: i32, dy: i32) -> i32 {
    let d2 = (dx * dx + dy * dy) as u32;
    let mut root = d2.isqrt();
    if root * root < d2 {
        root += 1;
    }
    FEED_RADIUS - root as i32
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub pos: Pos,
    pub energy: i64,
    pub score: i64,
    /// `keys[k]`: the player holds the key of lighthouse `k`.
    pub keys: Vec<bool>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lighthouse {
    pub pos: Pos,
    pub owner: Option<usize>,
    /// 0 whenever the lighthouse is neutral.
    pub energy: i64,
}

/// A lit triangle: three mutually connected lighthouses of one owner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Triangle {
    /// Lighthouse indices, in the order the closing connection found them.
    pub vertices: [usize; 3],
    pub owner: usize,
    /// Island cells lit, fixed when the triangle was made.
    pub cells: Arc<[Pos]>,
}

/// Where in the round the game is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    RoundStart,
    Turn(usize),
    RoundEnd,
    Over,
}

/// The whole state of a match.
#[derive(Debug, Clone)]
pub struct State {
    pub board: Arc<Board>,
    /// Free energy per cell, indexed like the map.
    pub energy: Vec<u8>,
    pub players: Vec<Player>,
    pub lighthouses: Vec<Lighthouse>,
    /// Pairs of lighthouse indices, smaller first.
    pub connections: Vec<[usize; 2]>,
    pub triangles: Vec<Triangle>,
    /// 0-based index of the current round.
    pub round: u32,
    pub rounds: u32,
    pub phase: Phase,
}

/// Something worth a marker on the timeline.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// `player` took `lighthouse` (it was neutral or someone else's).
    Captured {
        lighthouse: Pos,
        player: usize,
    },
    /// `lighthouse` became neutral: emptied by `by`'s attack, or by decay when `by` is absent.
    Neutralised {
        lighthouse: Pos,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<usize>,
    },
    Connected {
        from: Pos,
        to: Pos,
        player: usize,
    },
    Lit {
        triangle: [Pos; 3],
        player: usize,
        cells: usize,
    },
}

/// What the rules answer to a step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Outcome {
    /// A player's turn: the result the bot is sent, and what happened.
    Turn {
        success: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        message: Option<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        events: Vec<Event>,
    },
    /// Energy grew, players collected, lighthouses decayed.
    RoundStart {
        round: u32,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        events: Vec<Event>,
    },
    /// Points were scored; `scores` are the totals after it.
    RoundEnd { round: u32, scores: Vec<i64> },
}

// Read without serde's buffering of internally tagged enums (which keeps a copy of every field
// before it knows the variant): all the fields any variant has, then the variant by its tag.
// The JSON is the same, and so are the errors for a missing field or an unknown variant.

impl<'de> Deserialize<'de> for Event {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        #[derive(Deserialize)]
        struct Fields<'a> {
            #[serde(borrow)]
            event: std::borrow::Cow<'a, str>,
            lighthouse: Option<Pos>,
            player: Option<usize>,
            by: Option<usize>,
            from: Option<Pos>,
            to: Option<Pos>,
            triangle: Option<[Pos; 3]>,
            cells: Option<usize>,
        }
        let f = Fields::deserialize(d)?;
        let need = |field: &'static str| D::Error::missing_field(field);
        Ok(match &*f.event {
            "captured" => Event::Captured {
                lighthouse: f.lighthouse.ok_or_else(|| need("lighthouse"))?,
                player: f.player.ok_or_else(|| need("player"))?,
            },
            "neutralised" => Event::Neutralised { lighthouse: f.lighthouse.ok_or_else(|| need("lighthouse"))?, by: f.by },
            "connected" => Event::Connected {
                from: f.from.ok_or_else(|| need("from"))?,
                to: f.to.ok_or_else(|| need("to"))?,
                player: f.player.ok_or_else(|| need("player"))?,
            },
            "lit" => Event::Lit {
                triangle: f.triangle.ok_or_else(|| need("triangle"))?,
                player: f.player.ok_or_else(|| need("player"))?,
                cells: f.cells.ok_or_else(|| need("cells"))?,
            },
            other => return Err(D::Error::unknown_variant(other, &["captured", "neutralised", "connected", "lit"])),
        })
    }
}

impl<'de> Deserialize<'de> for Outcome {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        #[derive(Deserialize)]
        struct Fields<'a> {
            #[serde(borrow)]
            kind: std::borrow::Cow<'a, str>,
            success: Option<bool>,
            message: Option<String>,
            #[serde(default)]
            events: Vec<Event>,
            round: Option<u32>,
            scores: Option<Vec<i64>>,
        }
        let f = Fields::deserialize(d)?;
        let need = |field: &'static str| D::Error::missing_field(field);
        Ok(match &*f.kind {
            "turn" => Outcome::Turn { success: f.success.ok_or_else(|| need("success"))?, message: f.message, events: f.events },
            "round_start" => Outcome::RoundStart { round: f.round.ok_or_else(|| need("round"))?, events: f.events },
            "round_end" => {
                Outcome::RoundEnd { round: f.round.ok_or_else(|| need("round"))?, scores: f.scores.ok_or_else(|| need("scores"))? }
            }
            other => return Err(D::Error::unknown_variant(other, &["turn", "round_start", "round_end"])),
        })
    }
}

impl Outcome {
    fn ok(events: Vec<Event>) -> Self {
        Outcome::Turn { success: true, message: None, events }
    }

    fn error(message: impl Into<String>) -> Self {
        Outcome::Turn { success: false, message: Some(message.into()), events: Vec::new() }
    }

    pub fn events(&self) -> &[Event] {
        match self {
            Outcome::Turn { events, .. } | Outcome::RoundStart { events, .. } => events,
            Outcome::RoundEnd { .. } => &[],
        }
    }
}

impl State {
    /// A fresh match on `map` for `players` players and `rounds` rounds.
    pub fn new(map: &Map, players: usize, rounds: u32) -> Result<Self, String> {
        if players == 0 {
            return Err("a match needs at least one player".into());
        }
        if players > map.start_count() {
            return Err(format!("the map has {} start cells, too few for {players} players", map.start_count()));
        }
        let board = Arc::new(Board::new(map.clone()));
        let lighthouses = map.lighthouses().iter().map(|&pos| Lighthouse { pos, owner: None, energy: 0 }).collect();
        let players =
            map.starts().take(players).map(|pos| Player { pos, energy: 0, score: 0, keys: vec![false; map.lighthouses().len()] }).collect();
        Ok(Self {
            energy: vec![0; map.width() * map.height()],
            board,
            players,
            lighthouses,
            connections: Vec::new(),
            triangles: Vec::new(),
            round: 0,
            rounds,
            phase: if rounds == 0 { Phase::Over } else { Phase::RoundStart },
        })
    }

    pub fn map(&self) -> &Map {
        &self.board.map
    }

    pub fn cell_energy(&self, p: Pos) -> u8 {
        self.map().index(p).map_or(0, |i| self.energy[i])
    }

    pub fn lighthouse_at(&self, p: Pos) -> Option<usize> {
        self.board.lighthouse_at(p)
    }

    pub fn connected(&self, a: usize, b: usize) -> bool {
        self.connections.contains(&[a.min(b), a.max(b)])
    }

    /// Indices of the lighthouses connected to `k`, in index order.
    pub fn connections_of(&self, k: usize) -> Vec<usize> {
        let mut out: Vec<usize> = self
            .connections
            .iter()
            .filter_map(|&[a, b]| {
                if a == k {
                    Some(b)
                } else if b == k {
                    Some(a)
                } else {
                    None
                }
            })
            .collect();
        out.sort_unstable();
        out
    }

    /// The start of a round: energy grows, players collect (splitting shared cells), players on
    /// a lighthouse take its key, every lighthouse decays.
    pub fn start_round(&mut self) -> Vec<Event> {
        let board = Arc::clone(&self.board);
        for (cell, &gain) in self.energy.iter_mut().zip(&board.growth) {
            *cell = (*cell as u16 + gain).min(MAX_CELL_ENERGY as u16) as u8;
        }
        for p in 0..self.players.len() {
            let pos = self.players[p].pos;
            if let Some(k) = board.lighthouse_at(pos) {
                self.players[p].keys[k] = true;
            }
            // Each shared cell is split once, by the first player standing on it.
            if self.players[..p].iter().any(|q| q.pos == pos) {
                continue;
            }
            let sharing: Vec<usize> = (p..self.players.len()).filter(|&q| self.players[q].pos == pos).collect();
            let i = board.map.index(pos).expect("players stand on the map");
            let share = self.energy[i] as i64 / sharing.len() as i64;
            for q in sharing {
                self.players[q].energy += share;
            }
            self.energy[i] = 0;
        }
        let mut events = Vec::new();
        for k in 0..self.lighthouses.len() {
            if self.drain(k, DECAY) {
                events.push(Event::Neutralised { lighthouse: self.lighthouses[k].pos, by: None });
            }
        }
        events
    }

    /// Takes up to `amount` from lighthouse `k`. When it reaches 0 it turns neutral and loses its
    /// connections and triangles. Returns whether it was owned and is now neutral.
    fn drain(&mut self, k: usize, amount: i64) -> bool {
        let lh = &mut self.lighthouses[k];
        lh.energy -= amount;
        if lh.energy > 0 {
            return false;
        }
        lh.energy = 0;
        let was_owned = lh.owner.take().is_some();
        self.connections.retain(|c| !c.contains(&k));
        self.triangles.retain(|t| !t.vertices.contains(&k));
        was_owned
    }

    /// Points at the end of a round: 2 per lighthouse, 2 per connection, and each triangle's lit
    /// cells, to the owner.
    pub fn score_round(&mut self) {
        for lh in &self.lighthouses {
            if let Some(owner) = lh.owner {
                self.players[owner].score += 2;
            }
        }
        for &[a, _] in &self.connections {
            let owner = self.lighthouses[a].owner.expect("connected lighthouses are owned");
            self.players[owner].score += 2;
        }
        for t in &self.triangles {
            self.players[t.owner].score += t.cells.len() as i64;
        }
    }

    /// Why the rules would refuse `command` from player `p` now, or `None` when they would
    /// carry it out: the very check [`State::play`] makes, on a copy of the state.
    pub fn refusal(&self, p: usize, command: &Command) -> Option<String> {
        match self.clone().play(p, command) {
            Outcome::Turn { success: false, message, .. } => Some(message.unwrap_or_default()),
            _ => None,
        }
    }

    /// Player `p` carries out `command`. Illegal commands change nothing and say why.
    pub fn play(&mut self, p: usize, command: &Command) -> Outcome {
        match command {
            Command::Pass => Outcome::ok(Vec::new()),
            Command::Move { x, y } => self.move_player(p, *x, *y),
            Command::Attack { energy } => self.attack(p, *energy),
            Command::Connect { destination } => match destination {
                Target::Cell(to) => self.connect(p, Some(*to)),
                Target::Other(_) => self.connect(p, None),
            },
            Command::Malformed { message, .. } => Outcome::error(message.clone()),
        }
    }

    fn move_player(&mut self, p: usize, dx: i64, dy: i64) -> Outcome {
        if !(-1..=1).contains(&dx) || !(-1..=1).contains(&dy) {
            return Outcome::error("Delta must be 1 cell away");
        }
        let from = self.players[p].pos;
        let to = Pos(from.0 + dx as i32, from.1 + dy as i32);
        if !self.map().is_island(to) {
            return Outcome::error("Target pos is not in island");
        }
        self.players[p].pos = to;
        Outcome::ok(Vec::new())
    }

    fn attack(&mut self, p: usize, amount: i64) -> Outcome {
        let Some(k) = self.lighthouse_at(self.players[p].pos) else {
            return Outcome::error("Player must be located at target lighthouse");
        };
        if amount < 0 {
            return Outcome::error("Strength must be positive");
        }
        let mut amount = amount.min(self.players[p].energy);
        self.players[p].energy -= amount;
        let mut events = Vec::new();
        let pos = self.lighthouses[k].pos;
        if let Some(owner) = self.lighthouses[k].owner
            && owner != p
        {
            let taken = self.lighthouses[k].energy.min(amount);
            if self.drain(k, taken) {
                events.push(Event::Neutralised { lighthouse: pos, by: Some(p) });
            }
            amount -= taken;
        }
        if amount > 0 {
            let lh = &mut self.lighthouses[k];
            if lh.owner != Some(p) {
                events.push(Event::Captured { lighthouse: pos, player: p });
            }
            lh.owner = Some(p);
            lh.energy += amount;
        }
        Outcome::ok(events)
    }

    /// The checks of `connect` in the notes' order, up to and including "the two differ";
    /// returns (origin, destination) indices. `to` is `None` when the destination is not a cell.
    fn connect_checks(&self, p: usize, to: Option<Pos>) -> Result<(usize, usize), &'static str> {
        let player = &self.players[p];
        let from = self.lighthouse_at(player.pos).ok_or("Player must be located at the origin lighthouse")?;
        let to = to.and_then(|t| self.lighthouse_at(t)).ok_or("Destination must be an existing lighthouse")?;
        if self.lighthouses[from].owner != Some(p) || self.lighthouses[to].owner != Some(p) {
            return Err("Both lighthouses must be player-owned");
        }
        if !player.keys[to] {
            return Err("Player does not have the destination key");
        }
        if from == to {
            return Err("Cannot connect lighthouse to itself");
        }
        Ok((from, to))
    }

    fn connect(&mut self, p: usize, to: Option<Pos>) -> Outcome {
        let (from, to) = match self.connect_checks(p, to) {
            Ok(pair) => pair,
            Err(message) => return Outcome::error(message),
        };
        if self.connected(from, to) {
            return Outcome::error("Connection already exists");
        }
        let (a, b) = (self.lighthouses[from].pos, self.lighthouses[to].pos);
        if self.lighthouses.iter().any(|lh| strictly_on_segment(a, b, lh.pos)) {
            return Outcome::error("Connection cannot intersect a lighthouse");
        }
        if self.connections.iter().any(|&[c, d]| segments_cross(a, b, self.lighthouses[c].pos, self.lighthouses[d].pos)) {
            return Outcome::error("Connection cannot intersect another connection");
        }
        let thirds: Vec<usize> = self.connections_of(from).into_iter().filter(|&t| self.connected(t, to)).collect();
        self.players[p].keys[to] = false;
        self.connections.push([from.min(to), from.max(to)]);
        let mut events = vec![Event::Connected { from: a, to: b, player: p }];
        for third in thirds {
            let vertices = [from, to, third];
            let corners = vertices.map(|k| self.lighthouses[k].pos);
            let map = self.map();
            let cells: Arc<[Pos]> = triangle_cells(corners).into_iter().filter(|&c| map.is_island(c)).collect();
            events.push(Event::Lit { triangle: corners, player: p, cells: cells.len() });
            self.triangles.push(Triangle { vertices, owner: p, cells });
        }
        Outcome::ok(events)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes_read_back_as_written_and_say_what_is_missing() {
        let outcomes = [
            Outcome::ok(vec![
                Event::Captured { lighthouse: Pos(1, 2), player: 0 },
                Event::Neutralised { lighthouse: Pos(3, 4), by: None },
                Event::Neutralised { lighthouse: Pos(3, 4), by: Some(1) },
                Event::Connected { from: Pos(1, 2), to: Pos(3, 4), player: 0 },
                Event::Lit { triangle: [Pos(0, 0), Pos(4, 0), Pos(0, 4)], player: 1, cells: 9 },
            ]),
            Outcome::error("Invalid command 'fly'"),
            Outcome::RoundStart { round: 3, events: vec![] },
            Outcome::RoundEnd { round: 3, scores: vec![5, 0, 12] },
        ];
        for o in outcomes {
            let text = serde_json::to_string(&o).unwrap();
            assert_eq!(serde_json::from_str::<Outcome>(&text).unwrap(), o, "{text}");
        }
        let e = |s: &str| serde_json::from_str::<Outcome>(s).unwrap_err().to_string();
        assert!(e(r#"{"kind":"turn"}"#).contains("missing field `success`"));
        assert!(e(r#"{"kind":"round_end","round":1}"#).contains("missing field `scores`"));
        assert!(e(r#"{"kind":"nap"}"#).contains("unknown variant `nap`"));
        assert!(e(r#"{"kind":"turn","success":true,"events":[{"event":"lit","player":0}]}"#).contains("missing field `triangle`"));
        assert!(e(r#"{"success":true}"#).contains("missing field `kind`"));
    }

    #[test]
    fn feeding_follows_floor_of_five_minus_distance() {
        assert_eq!(feed(0, 0), 5);
        assert_eq!(feed(1, 0), 4);
        assert_eq!(feed(1, 1), 3); // 5 − 1.41
        assert_eq!(feed(2, 2), 2); // 5 − 2.83
        assert_eq!(feed(3, 0), 2);
        assert_eq!(feed(3, 3), 0); // 5 − 4.24
        assert_eq!(feed(4, 0), 1);
        assert_eq!(feed(3, 2), 1); // 5 − 3.61
        assert_eq!(feed(4, 1), 0); // 5 − 4.12
    }
}
