//! The game's parameters and the world generator (spec §2.2.3, §2.2.7, §2.4). Everything random
//! comes from the game seed, so a replay's header is enough to rebuild its asteroid.

use crate::world::{Cell, Metal, Pos, World};
use kibitz_core::rng::SplitMix64;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;

/// How depth relates to stone and to each metal: the three fedrunek servers differ in this.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Profile {
    /// Server A1: stone deeper down, gold near the surface.
    Crust,
    /// Server A2: stone near the surface, metal (gold above all) near the centre.
    Core,
    /// Server A3: half stone everywhere, silver in a middle layer, gold deep.
    Layers,
}

impl Profile {
    pub const ALL: [Profile; 3] = [Profile::Crust, Profile::Core, Profile::Layers];

    /// P(stone) and P(count > 0) of iron, silver, gold at relative depth `r` in (0, 1].
    pub fn chances(self, r: f64) -> [f64; 4] {
        match self {
            Profile::Crust => [r, 0.10, 0.05, 0.20 * (1.0 - r) * (1.0 - r)],
            Profile::Core => [1.0 - r, 0.05 + 0.10 * r, 0.05 * r, 0.10 * r * r],
            Profile::Layers => [0.5, 0.20 * (1.0 - r), 0.15 * (1.0 - (2.0 * r - 1.0).abs()), 0.10 * r],
        }
    }

    pub fn server(self) -> &'static str {
        ["A1", "A2", "A3"][self as usize]
    }
}

/// Fedrunek's own parameters (spec §2.4; the seed fixes none of these).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Params {
    /// The cube's side.
    pub n: i32,
    pub profile: Profile,
    pub stations: usize,
    pub workshops: usize,
    /// Scouts and miners every team starts with (1…5); drawn from the seed when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initial_scouts: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initial_miners: Option<u32>,
    /// The game ends after this turn if 90 % of the metal is never mined.
    pub max_turns: u32,
}

impl Default for Params {
    fn default() -> Self {
        Self { n: 32, profile: Profile::Crust, stations: 12, workshops: 6, initial_scouts: None, initial_miners: None, max_turns: 1000 }
    }
}

/// The bounds of fedrunek's numbers: the seed's (§2.4) where it gives them, else what the
/// machine holds.
pub mod bounds {
    use kibitz_core::Bounded;

    /// The cube's side (the seed bounds it not; its example is 128): 256³ fields are what a
    /// machine holds, and 5 the least with fields under the surface.
    pub const N: Bounded<i32> = Bounded::new("n", 5, 256);
    /// Buildings on the surface (and the teams' starts, at most half of it).
    pub const STATIONS: Bounded<usize> = Bounded::new("stations", 1, 10_000);
    pub const WORKSHOPS: Bounded<usize> = Bounded::new("workshops", 1, 10_000);
    /// A team's first robots of each kind (the seed: 1 to 5).
    pub const INITIAL_SCOUTS: Bounded<u32> = Bounded::new("initial_scouts", 1, 5);
    pub const INITIAL_MINERS: Bounded<u32> = Bounded::new("initial_miners", 1, 5);
    /// The last turn when 90 % of the metal is never mined.
    pub const MAX_TURNS: Bounded<u32> = Bounded::new("max_turns", 1, 1_000_000);
}

impl Params {
    /// Refuses parameters no game can be played with, naming the setup's field: a replay's
    /// header is read here (the command line's flags have the same bounds, [`bounds`]).
    pub fn check(&self) -> Result<(), String> {
        use bounds::*;
        N.check(self.n)?;
        STATIONS.check(self.stations)?;
        WORKSHOPS.check(self.workshops)?;
        INITIAL_SCOUTS.check_some(self.initial_scouts)?;
        INITIAL_MINERS.check_some(self.initial_miners)?;
        MAX_TURNS.check(self.max_turns)?;
        Ok(())
    }
}

/// A generated asteroid before any team plays.
#[derive(Debug)]
pub struct Generated {
    pub world: World,
    pub stations: Vec<Pos>,
    pub workshops: Vec<Pos>,
    /// One start field per team.
    pub starts: Vec<Pos>,
    pub scouts: u32,
    pub miners: u32,
}

/// Chances are met by 53 random bits `k` read as the real `k / 2^53` in [0, 1): this is the
/// least `k` that does not meet `chance`, so that `k < unit_below(chance)` tells, without
/// dividing, whether `k / 2^53 < chance` (the division is exact).
fn unit_below(chance: f64) -> u64 {
    (chance.clamp(0.0, 1.0) * (1u64 << 53) as f64).ceil() as u64
}

/// A random field on a random face; with `interior`, on exactly one face.
fn surface_field(rng: &mut SplitMix64, n: i32, interior: bool) -> Pos {
    let face = rng.below(6);
    let (low, span) = if interior { (2, n - 2) } else { (1, n) };
    let mut c = [0; 3];
    for v in c.iter_mut() {
        *v = low + rng.below(span as usize) as i32;
    }
    c[face / 2] = if face % 2 == 0 { 1 } else { n };
    Pos::new(c[0], c[1], c[2])
}

pub fn generate(params: &Params, teams: usize, seed: u64) -> Result<Generated, String> {
    params.check()?;
    let n = params.n;
    let one_face = 6 * (n as usize - 2).pow(2);
    if params.stations + params.workshops + teams > one_face / 2 {
        return Err(format!("too many buildings and teams for a cube of side {n}"));
    }
    let mut rng = SplitMix64::new(seed);
    let half = ((n - 1) / 2) as f64;
    // The chances at each depth, as the draws below which [`unit`] is under them.
    let below: Vec<[u64; 4]> = (0..=n / 2).map(|depth| params.profile.chances(depth as f64 / half).map(unit_below)).collect();
    // The underground fields draw their contents in the order x, y, z; the surface is empty.
    let world = World::from_fn(n, |p| {
        let depth = World::depth_in(n, p);
        if depth == 0 {
            return Cell::default();
        }
        let below = &below[depth as usize];
        let mut cell = Cell::default().with_stone(rng.next_u64() >> 11 < below[0]);
        for (metal, below) in Metal::ALL.into_iter().zip(&below[1..]) {
            if rng.next_u64() >> 11 < *below {
                cell = cell.with_metal(metal, 1 + rng.below(10) as u8);
            }
        }
        cell
    });
    let mut taken = HashSet::new();
    let mut distinct = |rng: &mut SplitMix64, interior: bool| loop {
        let p = surface_field(rng, n, interior);
        if taken.insert(p) {
            return p;
        }
    };
    let stations = (0..params.stations).map(|_| distinct(&mut rng, false)).collect();
    let workshops = (0..params.workshops).map(|_| distinct(&mut rng, false)).collect();
    let starts = (0..teams).map(|_| distinct(&mut rng, true)).collect();
    let scouts = params.initial_scouts.unwrap_or_else(|| 1 + rng.below(5) as u32);
    let miners = params.initial_miners.unwrap_or_else(|| 1 + rng.below(5) as u32);
    Ok(Generated { world, stations, workshops, starts, scouts, miners })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn totals(world: &World) -> ([u64; 3], u64) {
        let n = world.n();
        let (mut metals, mut stone) = ([0u64; 3], 0);
        for x in 2..n {
            for y in 2..n {
                for z in 2..n {
                    let c = world.cell(Pos::new(x, y, z));
                    for m in 0..3 {
                        metals[m] += c.metals()[m] as u64;
                    }
                    stone += c.stone() as u64;
                }
            }
        }
        (metals, stone)
    }

    #[test]
    fn the_same_seed_gives_the_same_asteroid() {
        let params = Params { n: 12, ..Params::default() };
        let a = generate(&params, 3, 7).unwrap();
        let b = generate(&params, 3, 7).unwrap();
        let c = generate(&params, 3, 8).unwrap();
        assert_eq!(totals(&a.world), totals(&b.world));
        assert_eq!((a.stations.clone(), a.starts.clone()), (b.stations, b.starts));
        assert_ne!(a.stations, c.stations);
    }

    /// A uniform real in [0, 1) from 53 random bits, as the generator reads its draws.
    fn unit(rng: &mut SplitMix64) -> f64 {
        (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Replays rebuild their asteroid from the seed, so the order of the draws is part of the
    /// format: underground fields by x, then y, then z, each drawing stone, then each metal's
    /// chance and count. This is that order written out field by field.
    #[test]
    fn fields_are_drawn_in_the_order_replays_were_written_with() {
        for profile in Profile::ALL {
            let params = Params { n: 9, profile, ..Params::default() };
            let generated = generate(&params, 2, 11).unwrap();
            let (n, half) = (params.n, ((params.n - 1) / 2) as f64);
            let mut rng = SplitMix64::new(11);
            let mut expected = World::new(n);
            for x in 2..n {
                for y in 2..n {
                    for z in 2..n {
                        let p = Pos::new(x, y, z);
                        let chances = profile.chances(expected.depth(p) as f64 / half);
                        let mut cell = Cell::default().with_stone(unit(&mut rng) < chances[0]);
                        for (m, metal) in Metal::ALL.into_iter().enumerate() {
                            if unit(&mut rng) < chances[m + 1] {
                                cell = cell.with_metal(metal, 1 + rng.below(10) as u8);
                            }
                        }
                        expected.set(p, cell);
                    }
                }
            }
            for x in 1..=n {
                for y in 1..=n {
                    for z in 1..=n {
                        let p = Pos::new(x, y, z);
                        assert_eq!(generated.world.cell(p), expected.cell(p), "{profile:?} at {p}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_draw_is_under_a_chance_exactly_when_it_is_below_its_threshold() {
        let mut rng = SplitMix64::new(5);
        let chances = [0.0, 1.0, 0.5, 0.1, 0.05, 1.0 / 3.0, 0.2 * 0.7 * 0.7, 1e-17, -0.1, 1.5];
        for chance in chances {
            let threshold = unit_below(chance);
            let edges = [0, 1, threshold.saturating_sub(1), threshold, threshold + 1, (1 << 53) - 1];
            let draws = edges.into_iter().chain((0..1000).map(|_| rng.next_u64() >> 11));
            for k in draws.filter(|&k| k < 1 << 53) {
                let as_unit = k as f64 / (1u64 << 53) as f64;
                assert_eq!(as_unit < chance, k < threshold, "chance {chance}, draw {k}");
            }
        }
    }

    #[test]
    fn buildings_and_starts_are_distinct_surface_fields() {
        let g = generate(&Params { n: 8, ..Params::default() }, 6, 1).unwrap();
        let mut all: Vec<Pos> = g.stations.iter().chain(&g.workshops).chain(&g.starts).copied().collect();
        assert!(all.iter().all(|&p| g.world.on_surface(p)));
        assert!(g.starts.iter().all(|&p| g.world.faces(p) == 1), "starts are on exactly one face");
        let count = all.len();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), count);
        assert!((1..=5).contains(&g.scouts) && (1..=5).contains(&g.miners));
    }

    /// Per field, in shallow (depth ≤ 3) and deep (depth ≥ 8) fields: (stone share, gold per field).
    fn shallow_and_deep(profile: Profile) -> [(f64, f64); 2] {
        let n = 24;
        let g = generate(&Params { n, profile, ..Params::default() }, 1, 3).unwrap();
        let mut sums = [[0.0f64; 3]; 2];
        for x in 2..n {
            for y in 2..n {
                for z in 2..n {
                    let p = Pos::new(x, y, z);
                    let c = g.world.cell(p);
                    let d = g.world.depth(p);
                    let bucket = if d <= 3 {
                        0
                    } else if d >= 8 {
                        1
                    } else {
                        continue;
                    };
                    sums[bucket][0] += c.stone() as u8 as f64;
                    sums[bucket][1] += c.metal(Metal::Gold) as f64;
                    sums[bucket][2] += 1.0;
                }
            }
        }
        sums.map(|[stone, gold, fields]| (stone / fields, gold / fields))
    }

    #[test]
    fn profiles_put_stone_and_gold_where_they_say() {
        let [shallow, deep] = shallow_and_deep(Profile::Crust);
        assert!(shallow.0 < 0.3 && deep.0 > 0.6 && shallow.1 > 3.0 * deep.1, "crust: {shallow:?} {deep:?}");
        let [shallow, deep] = shallow_and_deep(Profile::Core);
        assert!(shallow.0 > 0.7 && deep.0 < 0.4 && shallow.1 < deep.1, "core: {shallow:?} {deep:?}");
    }

    #[test]
    fn bad_parameters_are_refused_with_a_reason() {
        assert_eq!(generate(&Params { n: 4, ..Params::default() }, 2, 0).unwrap_err(), "n 4: must be 5 to 256");
        assert!(generate(&Params { initial_scouts: Some(6), ..Params::default() }, 2, 0).unwrap_err().contains("initial_scouts"));
    }

    #[test]
    fn every_number_beyond_its_bound_is_refused_by_its_field() {
        let d = Params::default;
        let refused = |p: Params, said: &str| assert_eq!(generate(&p, 2, 0).map(drop).unwrap_err(), said);
        refused(Params { n: i32::MIN, ..d() }, "n -2147483648: must be 5 to 256");
        refused(Params { n: 1 << 30, ..d() }, "n 1073741824: must be 5 to 256");
        // Issue 49's kind: stations + workshops + teams added with overflow.
        refused(Params { stations: usize::MAX, ..d() }, &format!("stations {}: must be 1 to 10000", usize::MAX));
        refused(Params { workshops: 0, ..d() }, "workshops 0: must be 1 to 10000");
        refused(Params { initial_scouts: Some(u32::MAX), ..d() }, "initial_scouts 4294967295: must be 1 to 5");
        refused(Params { initial_miners: Some(0), ..d() }, "initial_miners 0: must be 1 to 5");
        refused(Params { max_turns: 0, ..d() }, "max_turns 0: must be 1 to 1000000");
        assert!(generate(&Params { n: 8, stations: 1, workshops: 1, max_turns: 1_000_000, ..d() }, 2, 0).is_ok());
    }
}
