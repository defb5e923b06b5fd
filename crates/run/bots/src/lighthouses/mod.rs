//! Lighthouses bots: a greedy one that captures, connects and lights triangles, and a random
//! one. Both use only what the protocol tells them.

mod greedy;
mod random;

pub use greedy::Greedy;
pub use random::Random;

/// The strategies of `kibitz bot lighthouses`, with what each does.
pub const STRATEGIES: &[(&str, &str)] = &[
    ("greedy", "takes the nearest lighthouse it can and connects every pair it may, triangles first"),
    ("random", "moves about, now and then attacks or tries a connection (seeded)"),
];

/// Makes the named bot.
pub fn make(strategy: &str, seed: u64) -> Result<Box<dyn crate::LineBot>, String> {
    match strategy {
        "greedy" => Ok(Box::new(Greedy::default())),
        "random" => Ok(Box::new(Random::new(seed))),
        other => Err(crate::unknown("lighthouses", other, STRATEGIES)),
    }
}

use kibitz_lighthouses::Pos;
use kibitz_lighthouses::view::{InitView, TurnView};
use serde_json::json;
use std::collections::VecDeque;

/// What a bot remembers from the init message.
pub(crate) struct Known {
    pub me: usize,
    pub island: Vec<Vec<u8>>,
}

impl Known {
    pub fn new(init: &InitView) -> Self {
        Self { me: init.player_num, island: init.map.clone() }
    }

    pub fn is_island(&self, p: Pos) -> bool {
        p.1 >= 0 && p.0 >= 0 && self.island.get(p.1 as usize).and_then(|r| r.get(p.0 as usize)).is_some_and(|&c| c == 1)
    }

    /// Steps (8-connected) from `from` to every island cell.
    pub fn distances(&self, from: Pos) -> Vec<Vec<u32>> {
        let mut dist = vec![vec![u32::MAX; self.island[0].len()]; self.island.len()];
        let mut queue = VecDeque::from([from]);
        dist[from.1 as usize][from.0 as usize] = 0;
        while let Some(p) = queue.pop_front() {
            let d = dist[p.1 as usize][p.0 as usize];
            for (dx, dy) in NEIGHBOURS {
                let q = Pos(p.0 + dx, p.1 + dy);
                if self.is_island(q) && dist[q.1 as usize][q.0 as usize] == u32::MAX {
                    dist[q.1 as usize][q.0 as usize] = d + 1;
                    queue.push_back(q);
                }
            }
        }
        dist
    }

    /// The first step on a shortest path from `from` to `to`, if `to` can be reached.
    pub fn step_towards(&self, from: Pos, to: Pos) -> Option<(i32, i32)> {
        self.first_step(&self.distances(to), from)
    }

    /// The first step from `from` down `back` (the steps to a goal from every cell).
    fn first_step(&self, back: &[Vec<u32>], from: Pos) -> Option<(i32, i32)> {
        let here = back[from.1 as usize][from.0 as usize];
        if here == 0 || here == u32::MAX {
            return None;
        }
        NEIGHBOURS.into_iter().find(|(dx, dy)| {
            let q = Pos(from.0 + dx, from.1 + dy);
            self.is_island(q) && back[q.1 as usize][q.0 as usize] + 1 == here
        })
    }

    /// The cells of a shortest path from `from` to `to` after `from`, at most `most` of them
    /// (none when `to` cannot be reached).
    pub fn path(&self, from: Pos, to: Pos, most: usize) -> Vec<Pos> {
        let back = self.distances(to);
        let mut path = Vec::new();
        let mut at = from;
        while path.len() < most
            && let Some((dx, dy)) = self.first_step(&back, at)
        {
            at = Pos(at.0 + dx, at.1 + dy);
            path.push(at);
        }
        path
    }
}

pub(crate) const NEIGHBOURS: [(i32, i32); 8] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];

pub(crate) fn parse<T: serde::de::DeserializeOwned>(line: &str, what: &str) -> Result<T, String> {
    serde_json::from_str(line).map_err(|e| format!("cannot read the {what} message: {e}"))
}

pub(crate) fn greeting(name: &str) -> String {
    json!({ "name": name }).to_string()
}

pub(crate) fn pass() -> String {
    json!({"command": "pass"}).to_string()
}

pub(crate) fn step(dx: i32, dy: i32) -> String {
    json!({"command": "move", "x": dx, "y": dy}).to_string()
}

pub(crate) fn attack(energy: i64) -> String {
    json!({"command": "attack", "energy": energy}).to_string()
}

pub(crate) fn connect(to: Pos) -> String {
    json!({"command": "connect", "destination": to}).to_string()
}

/// Where a line from the referee fits in the conversation.
pub(crate) enum Message {
    Init(InitView),
    Turn(TurnView),
    Result,
}

pub(crate) fn classify(line: &str) -> Result<Message, String> {
    let value: serde_json::Value = parse(line, "referee")?;
    if value.get("player_num").is_some() {
        parse(line, "init").map(Message::Init)
    } else if value.get("view").is_some() {
        parse(line, "turn").map(Message::Turn)
    } else if value.get("success").is_some() {
        Ok(Message::Result)
    } else {
        Err(format!("unexpected message: {line}"))
    }
}
