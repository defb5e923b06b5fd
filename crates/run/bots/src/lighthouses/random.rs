//! A random bot: moves about, and now and then attacks or tries a connection. Seeded, so its
//! matches can be repeated.

use super::{Known, Message, NEIGHBOURS, attack, classify, connect, step};
use crate::LineBot;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

pub struct Random {
    seed: u64,
    rng: ChaCha8Rng,
    known: Option<Known>,
}

impl Random {
    pub fn new(seed: u64) -> Self {
        Self { seed, rng: ChaCha8Rng::seed_from_u64(seed), known: None }
    }
}

impl LineBot for Random {
    fn on_line(&mut self, line: &str) -> Result<Vec<String>, String> {
        match classify(line)? {
            Message::Init(init) => {
                // Different seats play differently even with one seed.
                self.rng = ChaCha8Rng::seed_from_u64(self.seed ^ (init.player_num as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
                self.known = Some(Known::new(&init));
                Ok(vec![super::greeting("Random")])
            }
            Message::Turn(turn) => {
                let known = self.known.as_ref().ok_or("a turn before the init message")?;
                let on_lighthouse = turn.lighthouses.iter().any(|l| l.position == turn.position);
                let roll = self.rng.random_range(0..10);
                let out = if on_lighthouse && roll < 3 && turn.energy > 0 {
                    attack(self.rng.random_range(0..=turn.energy))
                } else if on_lighthouse && roll < 5 {
                    let k = self.rng.random_range(0..turn.lighthouses.len());
                    connect(turn.lighthouses[k].position)
                } else {
                    let moves: Vec<_> = NEIGHBOURS
                        .into_iter()
                        .filter(|(dx, dy)| known.is_island(kibitz_lighthouses::Pos(turn.position.0 + dx, turn.position.1 + dy)))
                        .collect();
                    let (dx, dy) = moves[self.rng.random_range(0..moves.len())];
                    step(dx, dy)
                };
                Ok(vec![out])
            }
            Message::Result => Ok(Vec::new()),
        }
    }
}
