//! The one source of chance in a game: fights, shots, spawns and every choice a coor makes draw
//! from the game's seeded generator (spec §4.5), so that a replay re-simulates. Tests force
//! what they need: the outcome of the next fights and shots, or where a coor goes.

use crate::settlement::Xy;
use kibitz_core::rng::SplitMix64;
use std::collections::VecDeque;

#[derive(Debug, Clone)]
pub struct Chance {
    rng: SplitMix64,
    /// Outcomes of the next fights and shots, taken before any draw.
    outcomes: VecDeque<bool>,
    /// Where a coor (by ID) goes at its next move, taken before its strategy.
    moves: Vec<(u32, Xy)>,
}

impl Chance {
    pub fn new(seed: u64) -> Self {
        Self { rng: SplitMix64::new(seed), outcomes: VecDeque::new(), moves: Vec::new() }
    }

    /// The next fights and shots succeed or fail as listed (a troop wins, a shot kills).
    pub fn force_outcomes(&mut self, outcomes: impl IntoIterator<Item = bool>) {
        self.outcomes.extend(outcomes);
    }

    /// Coor `id` moves to `to` at its next move (a neighbour, or its own field to stay).
    pub fn force_move(&mut self, id: u32, to: Xy) {
        self.moves.push((id, to));
    }

    pub(crate) fn forced_move(&mut self, id: u32) -> Option<Xy> {
        let k = self.moves.iter().position(|(c, _)| *c == id)?;
        Some(self.moves.remove(k).1)
    }

    /// Whether an event of chance `p` happens: one draw u in [0, 1), true iff u < p.
    pub fn succeeds(&mut self, p: f64) -> bool {
        match self.outcomes.pop_front() {
            Some(forced) => forced,
            None => self.unit() < p,
        }
    }

    /// Uniform in [0, 1), 53 bits.
    pub fn unit(&mut self) -> f64 {
        (self.rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Uniform in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.rng.below(n)
    }

    /// Poisson(λ), by multiplying uniforms (Knuth); λ is small (a few coors a round).
    pub fn poisson(&mut self, lambda: f64) -> u32 {
        if lambda <= 0.0 {
            return 0;
        }
        // Large means in pieces, so that e^-λ stays representable.
        let mut count = 0;
        let mut left = lambda;
        while left > 0.0 {
            let step = left.min(30.0);
            left -= step;
            let limit = (-step).exp();
            let mut product = self.unit();
            while product > limit {
                count += 1;
                product *= self.unit();
            }
        }
        count
    }
}
