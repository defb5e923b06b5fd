//! What one player knows: exactly the messages the contest engine sends, as data.
//!
//! The referee serialises these for bots, and the viewer shows them for "as player k saw it".
//! Players never learn where the others are.

use crate::map::Pos;
use crate::rules::{HORIZON, State};
use serde::{Deserialize, Serialize};

/// Sent once, before the first turn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct InitView {
    pub player_num: usize,
    pub player_count: usize,
    pub position: Pos,
    /// `map[y][x]`, bottom row first; 1 = island.
    pub map: Vec<Vec<u8>>,
    pub lighthouses: Vec<Pos>,
}

/// One lighthouse as a player sees it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LighthouseView {
    pub position: Pos,
    /// The owner's number, −1 when neutral.
    pub owner: i64,
    pub energy: i64,
    pub connections: Vec<Pos>,
    pub have_key: bool,
}

/// Sent before each of the player's turns.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TurnView {
    pub position: Pos,
    pub score: i64,
    pub energy: i64,
    /// `view[dy + 3][dx + 3]` for dy, dx in −3..=3 (dy upwards): cell energy, 0 for water,
    /// −1 beyond the horizon.
    pub view: Vec<Vec<i64>>,
    pub lighthouses: Vec<LighthouseView>,
}

impl TurnView {
    /// Whether the cell at offset (dx, dy) from the player is inside the 7×7 view's horizon.
    pub fn within_horizon(dx: i32, dy: i32) -> bool {
        dx * dx + dy * dy <= HORIZON * HORIZON
    }

    /// The cell energy this view gives at offset (dx, dy) from the player (0 for water, −1
    /// beyond the horizon); `None` outside the 7×7 square.
    pub fn energy_at(&self, dx: i32, dy: i32) -> Option<i64> {
        let index = |d: i32| usize::try_from(d + HORIZON).ok();
        self.view.get(index(dy)?)?.get(index(dx)?).copied()
    }
}

impl State {
    pub fn init_view(&self, player: usize) -> InitView {
        let map = self.map();
        InitView {
            player_num: player,
            player_count: self.players.len(),
            position: self.players[player].pos,
            map: (0..map.height() as i32).map(|y| (0..map.width() as i32).map(|x| map.is_island(Pos(x, y)) as u8).collect()).collect(),
            lighthouses: map.lighthouses().to_vec(),
        }
    }

    pub fn turn_view(&self, player: usize) -> TurnView {
        let me = &self.players[player];
        let view = (-HORIZON..=HORIZON)
            .map(|dy| {
                (-HORIZON..=HORIZON)
                    .map(
                        |dx| {
                            if TurnView::within_horizon(dx, dy) { self.cell_energy(Pos(me.pos.0 + dx, me.pos.1 + dy)) as i64 } else { -1 }
                        },
                    )
                    .collect()
            })
            .collect();
        let lighthouses = self
            .lighthouses
            .iter()
            .enumerate()
            .map(|(k, lh)| LighthouseView {
                position: lh.pos,
                owner: lh.owner.map_or(-1, |o| o as i64),
                energy: lh.energy,
                connections: self.connections_of(k).into_iter().map(|j| self.lighthouses[j].pos).collect(),
                have_key: me.keys[k],
            })
            .collect();
        TurnView { position: me.pos, score: me.score, energy: me.energy, view, lighthouses }
    }
}
