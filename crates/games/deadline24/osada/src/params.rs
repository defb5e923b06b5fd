//! Osada's own parameters (spec §4.7; the seed fixes none of these), and how a series of games
//! keeps a settlement for a run of games, then moves on (spec §4.1).

use crate::settlement::{MAX_N, MIN_N, Settlement};
use kibitz_core::rng::SplitMix64;
use kibitz_deadline24::Setup;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The coors' dominant strategy: the server profiles C1, C2 and C3.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Profile {
    #[default]
    Slashers,
    Thieves,
    Marauders,
}

/// How MOVE's two numbers are read (spec O1): the target's coordinates (the seed's example), or
/// offsets from the troop (the seed's text).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum MoveCoords {
    #[default]
    Absolute,
    Relative,
}

/// Whether the next game is played on the same settlement (`TIME TO FIGHT`'s Next).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Next {
    #[serde(rename = "STAY")]
    Stay,
    #[default]
    #[serde(rename = "GO")]
    Go,
}

impl Next {
    pub fn token(self) -> &'static str {
        match self {
            Next::Stay => "STAY",
            Next::Go => "GO",
        }
    }
}

/// A game's place in its settlement's run of games, set for each game of a series.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Run {
    /// The seed the settlement is generated from (that of the run's first game); unused on a
    /// settlement file.
    pub settlement_seed: u64,
    /// This game's place in the run, from 1.
    pub game: u32,
    pub next: Next,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Params {
    /// The board's side (64 … 512).
    pub n: u32,
    /// Rounds in a game (`TIME TO FIGHT` counts down to its end).
    pub game_turns: u32,
    /// Troops of each profession per team (1 … 25 each).
    pub stormtroopers: u32,
    pub builders: u32,
    pub snipers: u32,
    /// The dominant strategy of the coors (servers C1, C2, C3).
    pub profile: Profile,
    /// The share of newcomers of the dominant kind; the rest are the other two, half each.
    pub dominant_share: f64,
    /// Coors appearing at a coor phase: Poisson(spawn_base + spawn_growth · round).
    pub spawn_base: f64,
    pub spawn_growth: f64,
    /// The chance that a roaming slasher or a marauder on the border leaves the board.
    pub exit_chance: f64,
    pub move_coords: MoveCoords,
    /// Games a settlement is kept for, drawn from this range for each run (1 … 3 by default).
    pub games_per_settlement: (u32, u32),
    /// A settlement file's board instead of a generated one: every game is played on it. Kept
    /// in the replay's header as the file's text, so the replay is whole on its own.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "settlement_text")]
    pub settlement: Option<Arc<Settlement>>,
    /// This game's place in a series (absent: a game on its own, on a settlement of its seed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run: Option<Run>,
}

impl Default for Params {
    fn default() -> Self {
        Self {
            n: 100,
            game_turns: 300,
            stormtroopers: 3,
            builders: 3,
            snipers: 3,
            profile: Profile::Slashers,
            dominant_share: 0.6,
            spawn_base: 0.3,
            spawn_growth: 0.005,
            exit_chance: 0.02,
            move_coords: MoveCoords::Absolute,
            games_per_settlement: (1, 3),
            settlement: None,
            run: None,
        }
    }
}

/// A settlement in a replay's header: its text.
mod settlement_text {
    use super::{Arc, Settlement};
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(s: &Option<Arc<Settlement>>, ser: S) -> Result<S::Ok, S::Error> {
        match s {
            Some(s) => ser.serialize_str(&s.to_text()),
            None => ser.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Arc<Settlement>>, D::Error> {
        let text = Option::<String>::deserialize(d)?;
        text.map(|t| {
            Settlement::parse(&t).map(Arc::new).map_err(|e| serde::de::Error::custom(format!("the settlement in the header, {e}")))
        })
        .transpose()
    }
}

/// The bounds of osada's numbers (spec §4.7, or what the machine holds where it says nothing).
pub mod bounds {
    use super::{MAX_N, MIN_N};
    use kibitz_core::Bounded;
    use kibitz_core::bounded::GAMES;

    /// The board's side (spec §4.2.1).
    pub const N: Bounded<u32> = Bounded::new("n", MIN_N, MAX_N);
    /// Rounds in a game: the spec fixes none; a million is a replay beyond any machine's patience.
    pub const GAME_TURNS: Bounded<u32> = Bounded::new("game_turns", 1, 1_000_000);
    /// Troops of each profession (spec §4.4: 1 … 25).
    pub const STORMTROOPERS: Bounded<u32> = Bounded::new("stormtroopers", 1, 25);
    pub const BUILDERS: Bounded<u32> = Bounded::new("builders", 1, 25);
    pub const SNIPERS: Bounded<u32> = Bounded::new("snipers", 1, 25);
    /// The dominant strategy is at least half of the newcomers (spec §4.3).
    pub const DOMINANT_SHARE: Bounded<f64> = Bounded::new("dominant_share", 0.5, 1.0);
    pub const EXIT_CHANCE: Bounded<f64> = Bounded::new("exit_chance", 0.0, 1.0);
    /// Coors a round brings are at most 100,000 (below, with the growth over the game).
    pub const SPAWN_BASE: Bounded<f64> = Bounded::new("spawn_base", 0.0, 100_000.0);
    pub const SPAWN_GROWTH: Bounded<f64> = Bounded::new("spawn_growth", 0.0, 100_000.0);
    /// Games a settlement is kept for, and a game's place in its run: a series' games.
    pub const GAMES_PER_SETTLEMENT: Bounded<u32> = Bounded { name: "games_per_settlement", ..GAMES };
    pub const RUN_GAME: Bounded<u32> = Bounded { name: "run.game", ..GAMES };
}

impl Params {
    /// Refuses parameters no game can be played with, naming the setup's field: a replay's
    /// header is read here (the command line's flags have the same bounds, [`bounds`]).
    pub fn check(&self) -> Result<(), String> {
        use bounds::*;
        match &self.settlement {
            None => N.check(self.n).map(drop)?,
            Some(s) if s.n != self.n => return Err(format!("n {}: the settlement is {} × {}", self.n, s.n, s.n)),
            Some(_) => {}
        }
        STORMTROOPERS.check(self.stormtroopers)?;
        BUILDERS.check(self.builders)?;
        SNIPERS.check(self.snipers)?;
        GAME_TURNS.check(self.game_turns)?;
        DOMINANT_SHARE.check(self.dominant_share)?;
        EXIT_CHANCE.check(self.exit_chance)?;
        SPAWN_BASE.check(self.spawn_base)?;
        SPAWN_GROWTH.check(self.spawn_growth)?;
        let most = self.spawn_base + self.spawn_growth * self.game_turns as f64;
        if most > 100_000.0 {
            return Err(format!(
                "spawn_base {} and spawn_growth {} bring {most} coors in round {}: at most 100,000 a round",
                self.spawn_base, self.spawn_growth, self.game_turns
            ));
        }
        let (low, high) = self.games_per_settlement;
        GAMES_PER_SETTLEMENT.check(low)?;
        GAMES_PER_SETTLEMENT.check(high)?;
        if low > high {
            return Err(format!("games_per_settlement {low}-{high}: a settlement is kept for A to B games, A ≤ B"));
        }
        if let Some(run) = self.run {
            RUN_GAME.check(run.game)?;
            // A generated settlement is kept for at most B games; a file's, for the whole series.
            if self.settlement.is_none() && run.game > high {
                return Err(format!("run.game {}: a settlement is kept for at most {high} games (games_per_settlement)", run.game));
            }
        }
        Ok(())
    }

    /// Troops a team has.
    pub fn troops(&self) -> u32 {
        self.stormtroopers + self.builders + self.snipers
    }

    /// The seed the settlement is generated from, for a game played with `seed`.
    pub fn settlement_seed(&self, seed: u64) -> u64 {
        self.run.map_or(seed, |r| r.settlement_seed)
    }

    pub fn next(&self) -> Next {
        self.run.map_or(Next::Go, |r| r.next)
    }
}

/// Game `game` of `games` in a series whose first game is played with `seed`: runs of
/// `games_per_settlement` games (their lengths drawn from the series' seed) share a settlement,
/// generated from the seed of the run's first game; with a settlement file, one run holds them
/// all. The last game of a run, and of the series, says `GO`. A setup that has its place
/// already (a recorded game taken over) keeps it.
pub fn game_setup(setup: &Setup<Params>, seed: u64, game: u32, games: u32) -> Result<Setup<Params>, String> {
    let params = &setup.game;
    params.check()?;
    if params.run.is_some() {
        return Ok(setup.clone());
    }
    let (first, length) = if params.settlement.is_some() {
        (1, games)
    } else {
        let (low, high) = params.games_per_settlement;
        let mut rng = SplitMix64::new(seed ^ 0x5e77_1e5e);
        let mut first = 1;
        loop {
            let length = low + rng.below((high - low + 1) as usize) as u32;
            if game < first + length {
                break (first, length);
            }
            first += length;
        }
    };
    let last = (first + length - 1).min(games);
    let run = Run {
        settlement_seed: seed.wrapping_add(first as u64 - 1),
        game: game - first + 1,
        next: if game < last { Next::Stay } else { Next::Go },
    };
    let mut setup = setup.clone();
    setup.game.run = Some(run);
    Ok(setup)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn on_file(n: u32) -> Params {
        let text: String = (0..64).map(|_| ".".repeat(64) + "\n").collect::<String>() + "mast 20 20\nmast 40 40\n";
        Params { n, settlement: Some(Arc::new(Settlement::parse(&text).unwrap())), ..Params::default() }
    }

    #[test]
    fn every_number_beyond_its_bound_is_refused_by_its_field() {
        assert_eq!(Params::default().check(), Ok(()));
        let refused = |change: fn(&mut Params), field: &str| {
            let mut p = Params::default();
            change(&mut p);
            let e = p.check().unwrap_err();
            assert!(e.starts_with(field), "{field}: {e}");
        };
        refused(|p| p.n = 0, "n 0: must be 64 to 512");
        refused(|p| p.n = 1 << 31, "n 2147483648");
        refused(|p| p.game_turns = u32::MAX, "game_turns 4294967295: must be 1 to 1000000");
        refused(|p| p.stormtroopers = 0, "stormtroopers 0: must be 1 to 25");
        refused(|p| p.builders = u32::MAX, "builders");
        refused(|p| p.snipers = 26, "snipers");
        refused(|p| p.dominant_share = f64::NAN, "dominant_share NaN");
        refused(|p| p.exit_chance = -1.0, "exit_chance -1");
        refused(|p| p.spawn_base = f64::MAX, "spawn_base");
        refused(|p| p.spawn_growth = f64::INFINITY, "spawn_growth inf");
        refused(|p| p.spawn_growth = 1000.0, "spawn_base 0.3 and spawn_growth 1000");
        refused(|p| p.games_per_settlement = (0, 3), "games_per_settlement 0: must be 1 to 1000");
        refused(|p| p.games_per_settlement = (1, u32::MAX), "games_per_settlement 4294967295");
        refused(|p| p.games_per_settlement = (3, 2), "games_per_settlement 3-2");
    }

    /// Issue 49: a replay whose header contradicted its settlement verified as ok.
    #[test]
    fn a_header_that_contradicts_its_settlement_is_refused() {
        assert_eq!(on_file(64).check(), Ok(()));
        for n in [0, 1, 65, 1 << 31] {
            assert_eq!(on_file(n).check().unwrap_err(), format!("n {n}: the settlement is 64 × 64"));
        }
        let mut p = on_file(64);
        p.run = Some(Run { settlement_seed: 0, game: 0, next: Next::Go });
        assert_eq!(p.check().unwrap_err(), "run.game 0: must be 1 to 1000");
        p.run = Some(Run { settlement_seed: u64::MAX, game: 1, next: Next::Stay });
        assert_eq!(p.check(), Ok(()));
        // A settlement file is kept for the whole series; a generated one, for its run.
        p.run = Some(Run { settlement_seed: 0, game: 7, next: Next::Go });
        assert_eq!(p.check(), Ok(()));
        let generated = Params { run: p.run, ..Params::default() };
        assert_eq!(generated.check().unwrap_err(), "run.game 7: a settlement is kept for at most 3 games (games_per_settlement)");
    }
}
