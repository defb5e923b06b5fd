//! The settlement generator (spec §4.2.1, our choice): blocked rectangles and wall segments
//! over about 15 % of the board, soggy blobs over about 10 %, the rest solid; fields cut off
//! from the largest region are blocked, so that everything not blocked connects; masts on
//! solid fields at least 10 from the border and 15 from each other (Chebyshev distance).

use crate::settlement::{MAX_N, MIN_N, Mast, NEIGHBOURS, Settlement, Terrain};
use kibitz_core::rng::SplitMix64;

/// Shares of the board, in per cent.
const BLOCKED_PERCENT: usize = 15;
const SOGGY_PERCENT: usize = 10;
/// A mast's least distance from the border, and from another mast.
pub const MAST_MARGIN: i32 = 10;
pub const MAST_SPACING: i32 = 15;

/// The settlement a seed makes for `teams` teams on an `n` × `n` board.
pub fn settlement(n: u32, teams: usize, seed: u64) -> Result<Settlement, String> {
    if !(MIN_N..=MAX_N).contains(&n) {
        return Err(format!("a settlement's side is {MIN_N} to {MAX_N} (got {n})"));
    }
    let fit = masts_that_fit(n);
    if teams > fit {
        return Err(format!(
            "{teams} teams need {teams} masts, and at most {fit} fit on a {n} × {n} settlement (10 from the border, 15 apart)"
        ));
    }
    let mut rng = SplitMix64::new(seed ^ 0x05ada_5e77);
    let size = (n * n) as usize;
    let mut s = Settlement { n, terrain: vec![Terrain::Solid; size], masts: Vec::new() };
    let ni = n as i32;
    let coord = |rng: &mut SplitMix64| rng.below(n as usize) as i32 + 1;
    let mut blocked = 0;
    while blocked * 100 < size * BLOCKED_PERCENT {
        let (x, y) = (coord(&mut rng), coord(&mut rng));
        let (w, h) = if rng.below(2) == 0 {
            // A building.
            (rng.below(6) as i32 + 2, rng.below(6) as i32 + 2)
        } else if rng.below(2) == 0 {
            // A wall along x or y.
            (rng.below(13) as i32 + 4, 1)
        } else {
            (1, rng.below(13) as i32 + 4)
        };
        for yy in y..(y + h).min(ni + 1) {
            for xx in x..(x + w).min(ni + 1) {
                let i = s.index((xx, yy));
                if s.terrain[i] != Terrain::Blocked {
                    s.terrain[i] = Terrain::Blocked;
                    blocked += 1;
                }
            }
        }
    }
    let mut soggy = 0;
    while soggy * 100 < size * SOGGY_PERCENT {
        // A blob: a short random walk painting a diamond at each step.
        let (mut x, mut y) = (coord(&mut rng), coord(&mut rng));
        for _ in 0..rng.below(12) + 4 {
            let r = rng.below(3) as i32 + 1;
            for dy in -r..=r {
                for dx in -(r - dy.abs())..=(r - dy.abs()) {
                    let f = (x + dx, y + dy);
                    if s.terrain(f) == Some(Terrain::Solid) {
                        let i = s.index(f);
                        s.terrain[i] = Terrain::Soggy;
                        soggy += 1;
                    }
                }
            }
            let (dx, dy) = NEIGHBOURS[rng.below(8)];
            (x, y) = ((x + 2 * dx).clamp(1, ni), (y + 2 * dy).clamp(1, ni));
        }
    }
    keep_largest_region(&mut s);
    place_masts(&mut s, teams, &mut rng)?;
    Ok(s)
}

/// How many masts fit at the least: a grid of them 15 apart inside the margin.
pub fn masts_that_fit(n: u32) -> usize {
    let span = n as i32 - 2 * MAST_MARGIN - 1;
    if span < 0 {
        return 0;
    }
    let per_side = (span / MAST_SPACING + 1) as usize;
    per_side * per_side
}

/// Blocks every field outside the largest region of fields that are not blocked.
fn keep_largest_region(s: &mut Settlement) {
    let (region, sizes) = crate::settlement::Framed::new(s).regions();
    let largest = (0..sizes.len()).max_by_key(|&k| sizes[k]).unwrap_or(0) as u32;
    for (t, &r) in s.terrain.iter_mut().zip(&region) {
        if *t != Terrain::Blocked && r != largest {
            *t = Terrain::Blocked;
        }
    }
}

/// Masts on solid fields with a solid neighbour, at least [`MAST_MARGIN`] from the border and
/// [`MAST_SPACING`] apart. The candidates are tried in a random order; a grid of places is the
/// fallback, cleared to solid ground, so that as many masts as [`masts_that_fit`] always fit.
fn place_masts(s: &mut Settlement, teams: usize, rng: &mut SplitMix64) -> Result<(), String> {
    let n = s.n as i32;
    let inside = |v: i32| v > MAST_MARGIN && v <= n - MAST_MARGIN;
    let mut candidates: Vec<(i32, i32)> =
        (1..=n).flat_map(|y| (1..=n).map(move |x| (x, y))).filter(|&(x, y)| inside(x) && inside(y)).collect();
    rng.shuffle(&mut candidates);
    let apart = |chosen: &[Mast], (x, y): (i32, i32)| chosen.iter().all(|m| (m.at.0 - x).abs().max((m.at.1 - y).abs()) >= MAST_SPACING);
    for at in candidates {
        if s.masts.len() == teams {
            return Ok(());
        }
        if s.terrain(at) == Some(Terrain::Solid) && apart(&s.masts, at) && !s.start_fields(at).is_empty() {
            s.masts.push(Mast { at, start: None });
        }
    }
    // Too crowded by chance: a grid of places, each with its 3 × 3 cleared to solid ground
    // (which keeps the board connected: the cleared square joins whatever it touches, and it
    // is reached from its neighbours unless they are all blocked, in which case it is walled
    // off and the next place is tried).
    s.masts.clear();
    let mut place = MAST_MARGIN + 1;
    let mut places = Vec::new();
    while place <= n - MAST_MARGIN {
        places.push(place);
        place += MAST_SPACING;
    }
    for &y in &places {
        for &x in &places {
            if s.masts.len() == teams {
                return Ok(());
            }
            for (dx, dy) in NEIGHBOURS.iter().copied().chain([(0, 0)]) {
                let i = s.index((x + dx, y + dy));
                s.terrain[i] = Terrain::Solid;
            }
            s.masts.push(Mast { at: (x, y), start: None });
        }
    }
    keep_largest_region(s);
    if s.masts.len() == teams && s.masts.iter().all(|m| s.terrain(m.at) == Some(Terrain::Solid)) {
        return Ok(());
    }
    Err(format!("cannot place {teams} masts on this {n} × {n} settlement"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_generated_settlement_is_valid_and_has_the_shares_asked_for() {
        for (n, teams, seed) in [(64, 2, 1), (100, 4, 7), (128, 8, 3), (512, 8, 11), (64, 9, 5)] {
            let s = settlement(n, teams, seed).unwrap();
            // The file of it reads back: square, masts on solid ground, all connected.
            let read = Settlement::parse(&s.to_text()).unwrap_or_else(|e| panic!("n {n} seed {seed}: {e}"));
            assert_eq!(read, s);
            assert_eq!(s.masts.len(), teams);
            let share = |t| s.terrain.iter().filter(|&&u| u == t).count() as f64 / s.terrain.len() as f64;
            assert!((0.13..0.30).contains(&share(Terrain::Blocked)), "n {n}: blocked {}", share(Terrain::Blocked));
            assert!((0.07..0.14).contains(&share(Terrain::Soggy)), "n {n}: soggy {}", share(Terrain::Soggy));
            for (i, a) in s.masts.iter().enumerate() {
                assert!(a.at.0 > 10 && a.at.1 > 10 && a.at.0 <= n as i32 - 10 && a.at.1 <= n as i32 - 10, "{a:?}");
                for b in &s.masts[i + 1..] {
                    assert!((a.at.0 - b.at.0).abs().max((a.at.1 - b.at.1).abs()) >= 15);
                }
            }
            assert_eq!(settlement(n, teams, seed).unwrap(), s, "the same seed makes the same settlement");
        }
    }

    #[test]
    fn more_teams_than_masts_fit_are_refused() {
        assert_eq!(masts_that_fit(64), 9);
        assert_eq!(
            settlement(64, 10, 0).unwrap_err(),
            "10 teams need 10 masts, and at most 9 fit on a 64 × 64 settlement (10 from the border, 15 apart)"
        );
        assert!(settlement(63, 1, 0).unwrap_err().contains("64 to 512"));
    }
}
