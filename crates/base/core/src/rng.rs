//! The one seeded random generator for every game with chance (and for generators of maps and
//! mazes). It is written out here rather than taken from a crate so that a seed means the same
//! game forever: replays store only the seed, and an update of a dependency's sampling must never
//! change what an old replay re-simulates to.

/// SplitMix64 (Steele, Lea, Flood 2014): tiny, fast, and fixed.
#[derive(Debug, Clone)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`), without modulo bias: a draw at or above
    /// `u64::MAX - u64::MAX % n` is drawn again. One division a draw rather than two, and
    /// inlined, so that a constant `n` needs none: generating a wycinanka order draws hundreds
    /// of times.
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        let n = n.max(1) as u64;
        loop {
            if let Some(r) = in_complete_block(self.next_u64(), n) {
                return r as usize;
            }
        }
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// `x % n` when `x` is below `u64::MAX - u64::MAX % n`, else `None`: that bound is the largest
/// multiple of `n` in range, so `x` is below it exactly when one more multiple of `n` follows
/// the one `x` rounds down to.
#[inline]
fn in_complete_block(x: u64, n: u64) -> Option<u64> {
    let r = x % n;
    (x - r).checked_add(n).map(|_| r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_draw_is_kept_exactly_below_the_last_complete_block() {
        for n in [1, 2, 3, 7, 10, 100, 2025, 1 << 32, (1 << 63) - 1, 1 << 63, (1 << 63) + 1, u64::MAX - 1, u64::MAX] {
            let zone = u64::MAX - u64::MAX % n;
            for x in [0, 1, n - 1, n % u64::MAX, zone.saturating_sub(n), zone - 1, zone, zone.saturating_add(1), u64::MAX - 1, u64::MAX] {
                assert_eq!(in_complete_block(x, n), (x < zone).then_some(x % n), "x = {x}, n = {n}");
            }
        }
    }

    #[test]
    fn splitmix_is_the_published_sequence() {
        // First outputs of SplitMix64 seeded with 0, as in the reference implementation.
        let mut r = SplitMix64::new(0);
        assert_eq!(r.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(r.next_u64(), 0x6e78_9e6a_a1b9_65f4);
    }

    #[test]
    fn below_stays_in_range_and_shuffle_keeps_every_item() {
        let mut r = SplitMix64::new(9);
        assert!((0..1000).all(|_| r.below(7) < 7));
        let mut items: Vec<u32> = (0..50).collect();
        r.shuffle(&mut items);
        assert_ne!(items, (0..50).collect::<Vec<_>>(), "a shuffle of 50 that changes nothing is (almost) impossible");
        items.sort();
        assert_eq!(items, (0..50).collect::<Vec<_>>());
    }
}
