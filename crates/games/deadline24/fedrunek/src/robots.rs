//! Robots, their skills and their operations (spec §2.2.5, §2.4).

use crate::world::{Metal, Pos, Tunnel};
use kibitz_deadline24::Lines;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Kind {
    Scout,
    Miner,
}

impl Kind {
    pub fn parse(word: &str) -> Option<Kind> {
        match word {
            "SCOUT" => Some(Kind::Scout),
            "MINER" => Some(Kind::Miner),
            _ => None,
        }
    }

    /// Credits to buy one.
    pub fn price(self) -> i64 {
        match self {
            Kind::Scout => 50,
            Kind::Miner => 100,
        }
    }

    /// Credits to raise one skill by a level.
    pub fn upgrade_cost(self) -> i64 {
        match self {
            Kind::Scout => 5,
            Kind::Miner => 10,
        }
    }
}

/// A skill as `UPGRADE` names it: the robot kind it belongs to and its slot in
/// [`Robot::levels`] (scout: scan, push; miner: storage, drill, mine).
pub fn skill(word: &str) -> Option<(Kind, usize)> {
    match word {
        "SCAN" => Some((Kind::Scout, 0)),
        "PUSH" => Some((Kind::Scout, 1)),
        "STORAGE" => Some((Kind::Miner, 0)),
        "DRILL" => Some((Kind::Miner, 1)),
        "MINE" => Some((Kind::Miner, 2)),
        _ => None,
    }
}

/// Turns of a scan, and of each three-field cycle of a push, by level.
pub const SCOUT_TIME: [u32; 3] = [3, 2, 1];
/// Cargo capacity by storage level.
pub const CAPACITY: [u32; 3] = [5, 10, 15];
/// Drilling turns into ground (or a surface field), and into stone, by drill level.
pub const DRILL_GROUND: [u32; 3] = [4, 3, 2];
pub const DRILL_STONE: [u32; 3] = [10, 8, 5];
/// Turns to mine one unit, by mine level.
pub const MINE_TIME: [u32; 3] = [3, 2, 1];
pub const MAX_LEVEL: u8 = 3;

/// What a busy robot is doing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Operation {
    Move(Pos),
    Drill(Tunnel),
    Mine(Metal),
    Upgrade(usize),
    Scan,
    Push(u32),
    /// Just bought: arrives next turn.
    Arrive,
}

/// What a scan found: totals over the column under the scout.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScanResult {
    pub at: Pos,
    pub ground: u32,
    pub stone: u32,
    pub metals: [u32; 3],
}

/// One field a push described.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FieldSeen {
    pub pos: Pos,
    pub stone: bool,
    pub metals: [u8; 3],
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PushResult {
    pub at: Pos,
    pub fields: Vec<FieldSeen>,
}

/// A scan's or push's result taken at the start of its last turn, delivered when it ends.
#[derive(Debug, Clone, PartialEq)]
pub enum Snapshot {
    Scan(ScanResult),
    Push(PushResult),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Robot {
    pub id: u32,
    pub kind: Kind,
    pub pos: Pos,
    /// Skill levels 1…3 (scout: scan, push, unused; miner: storage, drill, mine).
    pub levels: [u8; 3],
    /// Turns left in the current operation; 0 when free.
    pub busy: u32,
    pub operation: Option<Operation>,
    /// Iron, silver, gold carried (miners).
    pub cargo: [u32; 3],
    pub last_scan: Option<ScanResult>,
    pub last_push: Option<PushResult>,
    pub snapshot: Option<Snapshot>,
}

impl Robot {
    pub fn new(id: u32, kind: Kind, pos: Pos) -> Self {
        Self { id, kind, pos, levels: [1; 3], busy: 0, operation: None, cargo: [0; 3], last_scan: None, last_push: None, snapshot: None }
    }

    pub fn level(&self, slot: usize) -> usize {
        self.levels[slot] as usize
    }

    pub fn capacity(&self) -> u32 {
        CAPACITY[self.level(0) - 1]
    }

    /// How many more units fit, counting the one being mined.
    pub fn free_space(&self) -> u32 {
        let mining = matches!(self.operation, Some(Operation::Mine(_))) as u32;
        self.capacity().saturating_sub(self.cargo.iter().sum::<u32>() + mining)
    }

    /// Adds the line `LIST SCOUTS` or `LIST MINERS` prints.
    pub fn write_list_line(&self, lines: &mut Lines) {
        let skills = match self.kind {
            Kind::Scout => &self.levels[..2],
            Kind::Miner => &self.levels[..],
        };
        lines.line().int(self.id.into()).ints(self.pos.ints()).ints(skills.iter().map(|&l| l as i64)).int(self.busy.into()).end()
    }
}
