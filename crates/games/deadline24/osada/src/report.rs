//! What a round's end did, recorded with its tick: each phase's events, with the fields a view
//! needs. Positions are not recorded: re-simulation gives them.

use crate::state::{Banner, Building, Strategy};
use serde::{Deserialize, Serialize};

/// Read leniently: a report that lacks a phase, or a phase its banners or events, is read with
/// what it has (verify then says where it differs from the rules).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct TurnReport {
    #[serde(default)]
    pub beetles: Phase,
    #[serde(default)]
    pub coors: Phase,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Phase {
    /// Each team's banner as the phase began.
    #[serde(default)]
    pub banners: Vec<Banner>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<Event>,
}

/// How a coor was killed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Weapon {
    /// By a stormtrooper, attacking or defending.
    Fight,
    Shot,
    Trap,
}

/// Teams from 0, troops by their protocol ID, coors by theirs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    /// A coor killed, credited to `team`.
    Kill {
        team: u8,
        coor: u32,
        by: Weapon,
    },
    /// A troop died: in a fight it lost, or where a coor came (a sniper's or builder's field).
    Died {
        team: u8,
        troop: u8,
    },
    /// A sniper's shot that killed nobody.
    Missed {
        team: u8,
        troop: u8,
    },
    /// A coor took a team's banner from its mast.
    Taken {
        team: u8,
        coor: u32,
    },
    /// A banner went back to its mast (its carrier was killed).
    Returned {
        team: u8,
    },
    /// A banner carried off the board: lost for the rest of the game.
    Lost {
        team: u8,
    },
    Spawned {
        coor: u32,
        strategy: Strategy,
    },
    /// A coor left the board.
    Left {
        coor: u32,
    },
    Built {
        team: u8,
        troop: u8,
        building: Building,
    },
    /// A builder died, and its construction with it.
    Abandoned {
        team: u8,
        troop: u8,
    },
}
