//! The random python: any of the six answers, drawn from its seed, every turn.

use super::{Input, Reader};
use crate::LineBot;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

pub struct Random {
    rng: ChaCha8Rng,
    reader: Reader,
}

impl Random {
    pub fn new(seed: u64) -> Self {
        Self { rng: ChaCha8Rng::seed_from_u64(seed), reader: Reader::default() }
    }
}

impl LineBot for Random {
    fn on_line(&mut self, line: &str) -> Result<Vec<String>, String> {
        Ok(match self.reader.feed(line)? {
            Input::Wait => Vec::new(),
            Input::Name => vec!["Random python".into()],
            Input::Action(_) => vec![["U", "L", "D", "R", "N", "A"][self.rng.random_range(0..6)].into()],
        })
    }
}
