//! The source order: the linear congruential generator of seed 003 ("The Source").
//!
//! Modulus 2^32, multiplier 1103515245, increment 12345. The number a state stands for is its
//! bits 30..16, and the first number comes from the seed itself, before any step.

use serde::{Deserialize, Serialize};

pub const MULTIPLIER: u32 = 1_103_515_245;
pub const INCREMENT: u32 = 12_345;

/// The generator; an iterator over its 15-bit outputs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lcg {
    state: u32,
}

impl Lcg {
    pub const fn new(seed: u32) -> Self {
        Self { state: seed }
    }

    /// The next output, bits 30..16 of the current state; then the state steps.
    pub fn next_output(&mut self) -> u32 {
        let out = (self.state >> 16) & 0x7fff;
        self.state = self.state.wrapping_mul(MULTIPLIER).wrapping_add(INCREMENT);
        out
    }
}

impl Iterator for Lcg {
    type Item = u32;
    fn next(&mut self) -> Option<u32> {
        Some(self.next_output())
    }
}

/// The source for `seed`: `length` indices into a unit list of `units` entries (output mod
/// `units`). Empty when `units` is 0.
pub fn source_order(seed: u32, units: usize, length: usize) -> impl Iterator<Item = usize> {
    let n = if units == 0 { 0 } else { length };
    Lcg::new(seed).take(n).map(move |r| r as usize % units)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_one_gives_the_c_library_sequence() {
        // The same generator as the C standard's sample rand(): 16838 follows seed 1.
        assert_eq!(Lcg::new(1).take(3).collect::<Vec<_>>(), [0, 16838, 5758]);
    }
}
