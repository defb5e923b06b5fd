//! The random walker: each turn it picks one of the open corridors it sees at random and walks
//! a random number of squares down it (never into a wall). Seeded, so its games can be
//! repeated; Red and Blue play differently with the same seed.

use super::{Input, Reader, move_towards};
use crate::LineBot;
use kibitz_amazes::Dir;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

pub struct Random {
    seed: u64,
    rng: ChaCha8Rng,
    reader: Reader,
}

impl Random {
    pub fn new(seed: u64) -> Self {
        Self { seed, rng: ChaCha8Rng::seed_from_u64(seed), reader: Reader::default() }
    }
}

impl LineBot for Random {
    fn on_line(&mut self, line: &str) -> Result<Vec<String>, String> {
        let info = match self.reader.feed(line)? {
            Input::Wait | Input::Quit => return Ok(Vec::new()),
            Input::Turn(info) => info,
        };
        if self.reader.turns == 0 && self.reader.red == Some(false) {
            self.rng = ChaCha8Rng::seed_from_u64(self.seed ^ 0x9E37_79B9_7F4A_7C15);
        }
        // Corridors in the order they are told: ahead, right, behind, left (relative to a
        // facing of north, which is all a move needs).
        let open: Vec<usize> = (0..4).filter(|&k| info.length(k) > 0).collect();
        let answer = if open.is_empty() {
            "T".to_string()
        } else {
            let k = open[self.rng.random_range(0..open.len())];
            let steps = self.rng.random_range(1..=info.length(k));
            let first = move_towards(Dir::N, [Dir::N, Dir::E, Dir::S, Dir::W][k]).letter();
            std::iter::once(first).chain(std::iter::repeat_n('F', steps - 1)).collect()
        };
        self.reader.answered();
        Ok(vec![answer])
    }

    fn finished(&self) -> bool {
        self.reader.done()
    }
}
