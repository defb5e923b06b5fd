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

impl Params {
    /// Refuses parameters no game can be played with, naming the command line's flag.
    pub fn check(&self) -> Result<(), String> {
        if self.settlement.is_none() && !(MIN_N..=MAX_N).contains(&self.n) {
            return Err(format!("--n {}: the settlement's side is {MIN_N} to {MAX_N}", self.n));
        }
        for (flag, count) in [("--stormtroopers", self.stormtroopers), ("--builders", self.builders), ("--snipers", self.snipers)] {
            if !(1..=25).contains(&count) {
                return Err(format!("{flag} {count}: a team has 1 to 25 troops of each profession"));
            }
        }
        if self.game_turns == 0 {
            return Err("--game-turns 0: a game has at least one round".into());
        }
        if !(0.5..=1.0).contains(&self.dominant_share) {
            return Err(format!(
                "--dominant-share {}: the dominant strategy is 0.5 to 1 of the coors (spec §4.3: at least half)",
                self.dominant_share
            ));
        }
        if !(0.0..=1.0).contains(&self.exit_chance) {
            return Err(format!("--exit-chance {}: a chance, 0 to 1", self.exit_chance));
        }
        let most = self.spawn_base + self.spawn_growth * self.game_turns as f64;
        if !(self.spawn_base >= 0.0 && self.spawn_growth >= 0.0 && most <= 100_000.0) {
            return Err("--spawn-base and --spawn-growth are at least 0, and bring at most 100,000 coors a round".into());
        }
        let (low, high) = self.games_per_settlement;
        if low == 0 || low > high {
            return Err(format!("--games-per-settlement {low}-{high}: a settlement is kept for 1 ≤ A ≤ B games"));
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
