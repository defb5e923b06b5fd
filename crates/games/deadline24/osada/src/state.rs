//! The state of a game of osada, kept cheap to copy: the viewer keeps one every 64 steps, and a
//! 300-round game of 8 full teams has some 360,000 steps. What never changes in a game (the
//! terrain, the distances to the masts and to the border) is one [`Land`] shared by every copy;
//! troops, coors and structures change only at a round's end or on a `BUILD`, so they are
//! shared too until then; which units stand in which field ([`Index`]) is worked out again when
//! it is first needed after a copy, never copied.

use crate::chance::Chance;
use crate::params::Params;
use crate::settlement::{Distances, Settlement, Terrain, Xy};
use smallvec::SmallVec;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

/// A field's index on the board (row by row from (1, 1)).
pub type Field = u32;

/// A troop's profession.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Stormtrooper,
    Builder,
    Sniper,
}

impl Kind {
    pub fn token(self) -> &'static str {
        match self {
            Kind::Stormtrooper => "STORMTROOPER",
            Kind::Builder => "BUILDER",
            Kind::Sniper => "SNIPER",
        }
    }

    /// What `LIST TROOPS` prints, read back.
    pub fn of_token(word: &str) -> Option<Kind> {
        match word {
            "STORMTROOPER" => Some(Kind::Stormtrooper),
            "BUILDER" => Some(Kind::Builder),
            "SNIPER" => Some(Kind::Sniper),
            _ => None,
        }
    }
}

/// One commando. Troops are kept in order of team and ID, the dead among them (IDs stay).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Troop {
    pub team: u8,
    /// From 1 in each team: stormtroopers, then builders, then snipers.
    pub id: u8,
    pub kind: Kind,
    pub alive: bool,
    pub at: Field,
    /// When it entered its field: the field's queue is in this order.
    pub arrived: u32,
    /// Traps and towers this builder has finished (P and W).
    pub traps: u8,
    pub towers: u8,
}

/// A coor's strategy (never shown to the teams).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Strategy {
    Slasher,
    Thief,
    Marauder,
}

/// What a coor is after.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    None,
    /// A troop (its index), chased by a slasher.
    Beetle(u16),
    /// A team's banner.
    Banner(u8),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Coor {
    /// From 1, in order of appearance; coors move in this order.
    pub id: u32,
    pub strategy: Strategy,
    pub at: Field,
    pub arrived: u32,
    /// The banners it carries, a bit per team.
    pub carrying: u64,
    pub target: Target,
    pub alive: bool,
}

/// A building's kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Building {
    Trap,
    Tower,
}

impl Building {
    pub fn token(self) -> &'static str {
        match self {
            Building::Trap => "TRAP",
            Building::Tower => "TOWER",
        }
    }
}

/// A finished building on a field (masts are the land's; constructions are kept apart).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Structure {
    Tower { team: u8 },
    Trap { team: u8, used: bool },
}

impl Structure {
    /// As `INFO` prints it.
    pub fn token(&self) -> &'static str {
        self.landmark().token()
    }

    /// What a team is told of it: whose it is stays unsaid.
    pub fn landmark(&self) -> Landmark {
        match self {
            Structure::Tower { .. } => Landmark::Tower,
            Structure::Trap { used: false, .. } => Landmark::ActiveTrap,
            Structure::Trap { used: true, .. } => Landmark::UsedTrap,
        }
    }
}

/// What `INFO` says stands on a field (the spec's settlement tokens, §4.2.2): what a team is told
/// of the masts, the buildings and the constructions, and what a client reads back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Landmark {
    None,
    Mast,
    Tower,
    ActiveTrap,
    UsedTrap,
    Construction,
}

impl Landmark {
    pub fn token(self) -> &'static str {
        match self {
            Landmark::None => "NONE",
            Landmark::Mast => "MAST",
            Landmark::Tower => "TOWER",
            Landmark::ActiveTrap => "ACTIVE_TRAP",
            Landmark::UsedTrap => "USED_TRAP",
            Landmark::Construction => "CONSTRUCTION",
        }
    }

    /// What `INFO` prints, read back.
    pub fn of_token(word: &str) -> Option<Landmark> {
        match word {
            "NONE" => Some(Landmark::None),
            "MAST" => Some(Landmark::Mast),
            "TOWER" => Some(Landmark::Tower),
            "ACTIVE_TRAP" => Some(Landmark::ActiveTrap),
            "USED_TRAP" => Some(Landmark::UsedTrap),
            "CONSTRUCTION" => Some(Landmark::Construction),
            _ => None,
        }
    }
}

/// A building going up. It is kept apart from the finished ones and records the round it is
/// done in rather than a count that every round would change: constructions are few and come
/// and go, finished buildings many and lasting, so that copies of the state share those.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Construction {
    pub building: Building,
    pub team: u8,
    pub builder: u16,
    /// Accepted in this round, as the `seq`-th construction of the game.
    pub round: u32,
    pub seq: u32,
    /// Finished at the end of this round.
    pub done: u32,
}

impl Construction {
    /// Rounds left in round `round`, counting it.
    pub fn remaining(&self, round: u32) -> u32 {
        (self.done + 1).saturating_sub(round)
    }
}

/// Where a team's banner is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Banner {
    Safe,
    /// Carried by this coor (its ID).
    Missing(u32),
    Lost,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Team {
    pub banner: Banner,
    /// Coors killed, those of a phase with the banner safe throughout counted twice.
    pub glory: u64,
    /// `MAP` was used this round.
    pub map_used: bool,
}

/// An order queued for the beetle phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Move { troop: u16, to: Field },
    Shoot { troop: u16, at: Field },
}

/// What never changes in a game: the settlement, the masts the teams were given, and the
/// distances the coors walk by, each worked out the first time a coor needs it (a search over
/// the whole board each: on 512 × 512 they were most of a game's start).
#[derive(Debug)]
pub struct Land {
    pub settlement: Arc<Settlement>,
    /// Each team's mast, and the field its troops started on.
    pub masts: Vec<Xy>,
    pub starts: Vec<Xy>,
    /// Whether a field holds a mast (any, given to a team or not).
    pub mast: Vec<bool>,
    /// For each team, steps from each field to its mast over fields a coor may enter
    /// (`u16::MAX`: cut off): [`Land::to_mast`].
    to_mast: Vec<OnceLock<Distances>>,
    /// Steps from each field to the nearest border field: [`Land::to_border`].
    to_border: OnceLock<Distances>,
    /// The grid every map's search starts from, made with the first map.
    framed: OnceLock<crate::settlement::Framed>,
    /// Whether each map (the teams' masts', then the border's) was handed to a thread of its
    /// own ([`Land::prepare_to_mast`]).
    preparing: Vec<AtomicBool>,
    /// Border fields coors appear on: not blocked, no mast.
    pub gates: Vec<Field>,
}

impl Land {
    pub fn new(settlement: Arc<Settlement>, masts: Vec<Xy>, starts: Vec<Xy>) -> Land {
        let size = settlement.terrain.len();
        let mut mast = vec![false; size];
        for m in &settlement.masts {
            mast[settlement.index(m.at)] = true;
        }
        let gates = Self::border_fields(&settlement).filter(|&i| !mast[i as usize]).collect();
        let to_mast = masts.iter().map(|_| OnceLock::new()).collect();
        let preparing = (0..=masts.len()).map(|_| AtomicBool::new(false)).collect();
        Land { settlement, masts, starts, mast, to_mast, to_border: OnceLock::new(), framed: OnceLock::new(), preparing, gates }
    }

    /// The border's fields that are not blocked, in the board's order (only the border is
    /// looked at: the first row, both ends of every other, the last row).
    fn border_fields(settlement: &Settlement) -> impl Iterator<Item = Field> + '_ {
        let n = settlement.n as usize;
        let middle = (1..n - 1).flat_map(move |y| [y * n, y * n + n - 1]);
        (0..n).chain(middle).chain((n - 1) * n..n * n).filter(move |&i| settlement.terrain[i] != Terrain::Blocked).map(|i| i as Field)
    }

    /// Steps from each field to team `team`'s mast, over fields a coor may enter.
    pub fn to_mast(&self, team: usize) -> &Distances {
        self.to_mast[team].get_or_init(|| self.framed().distances(&[self.settlement.index(self.masts[team]) as Field]))
    }

    /// Steps from each field to the nearest border field.
    pub fn to_border(&self) -> &Distances {
        self.to_border.get_or_init(|| {
            let open: Vec<Field> = Self::border_fields(&self.settlement).collect();
            self.framed().distances(&open)
        })
    }

    /// Starts team `team`'s map to its mast on a thread of its own, unless it is made or
    /// being made: a thief chooses its banner as it appears and first moves a round later, so
    /// that the search (a millisecond or two on 512 × 512) runs while that round's commands
    /// are answered. [`Land::to_mast`] waits for it if it is still running. On a small board a
    /// search costs less than a thread, and is left to `to_mast`.
    pub fn prepare_to_mast(self: &Arc<Self>, team: usize) {
        if self.to_mast[team].get().is_none() {
            self.prepare(team, move |land| {
                land.to_mast(team);
            });
        }
    }

    /// The same for the map to the border, which a thief needs once it has taken a banner.
    pub fn prepare_to_border(self: &Arc<Self>) {
        if self.to_border.get().is_none() {
            self.prepare(self.masts.len(), |land| {
                land.to_border();
            });
        }
    }

    fn prepare(self: &Arc<Self>, map: usize, make: impl FnOnce(&Land) + Send + 'static) {
        const BIG_BOARD: usize = 256 * 256;
        if self.settlement.terrain.len() < BIG_BOARD || self.preparing[map].swap(true, Ordering::Relaxed) {
            return;
        }
        let land = Arc::clone(self);
        // A thread that cannot start leaves the map to the first coor that needs it.
        let _ = std::thread::Builder::new().name("osada-map".into()).spawn(move || make(&land));
    }

    fn framed(&self) -> &crate::settlement::Framed {
        self.framed.get_or_init(|| crate::settlement::Framed::new(&self.settlement))
    }

    #[inline]
    pub fn n(&self) -> i32 {
        self.settlement.n as i32
    }

    #[inline]
    pub fn xy(&self, f: Field) -> Xy {
        self.settlement.xy(f as usize)
    }

    #[inline]
    pub fn field(&self, at: Xy) -> Field {
        self.settlement.index(at) as Field
    }

    #[inline]
    pub fn terrain(&self, f: Field) -> Terrain {
        self.settlement.terrain[f as usize]
    }

    /// Whether a coor may stand on (x, y): on the board and not blocked.
    #[inline]
    pub fn coor_may_enter(&self, at: Xy) -> bool {
        self.settlement.terrain(at).is_some_and(|t| t != Terrain::Blocked)
    }

    /// Whether a troop may enter (x, y): on the board, not blocked, no mast.
    #[inline]
    pub fn troop_may_enter(&self, at: Xy) -> bool {
        self.coor_may_enter(at) && !self.mast[self.settlement.index(at)]
    }

    #[inline]
    pub fn on_border(&self, (x, y): Xy) -> bool {
        let n = self.n();
        x == 1 || y == 1 || x == n || y == n
    }

    /// Bytes held (the keyframes' count shares it once).
    pub fn bytes(&self) -> usize {
        let maps: usize = self.to_mast.iter().chain([&self.to_border]).filter_map(|m| m.get()).map(Distances::bytes).sum();
        self.settlement.terrain.len() * 2 + maps + self.gates.len() * 4 + self.framed.get().map_or(0, |f| f.bytes())
    }
}

/// Hashes a field index with one multiplication: fields are small distinct integers.
#[derive(Default, Clone, Copy)]
pub struct FieldHasher(u64);

impl Hasher for FieldHasher {
    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 29)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }
    fn write_u32(&mut self, v: u32) {
        self.0 = (v as u64 ^ self.0).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

pub type FieldMap<V> = HashMap<Field, V, BuildHasherDefault<FieldHasher>>;

/// The units in one field, each queue in order of arrival: its head is the active unit.
#[derive(Debug, Clone, Default)]
pub struct Cell {
    /// Troops (indices into the troops).
    pub beetles: SmallVec<[u16; 4]>,
    /// Coors (indices into the coors).
    pub coors: SmallVec<[u32; 2]>,
}

/// Which units stand in which field: derived from the units, never copied.
#[derive(Debug, Clone, Default)]
pub struct Index {
    pub cells: FieldMap<Cell>,
}

impl Index {
    pub fn build(troops: &[Troop], coors: &[Coor]) -> Index {
        let mut cells = FieldMap::<Cell>::with_capacity_and_hasher(troops.len() + coors.len(), Default::default());
        let mut order: Vec<(u32, u16)> = troops.iter().enumerate().filter(|(_, t)| t.alive).map(|(i, t)| (t.arrived, i as u16)).collect();
        order.sort_unstable();
        for (_, i) in order {
            cells.entry(troops[i as usize].at).or_default().beetles.push(i);
        }
        let mut order: Vec<(u32, u32)> = coors.iter().enumerate().filter(|(_, c)| c.alive).map(|(i, c)| (c.arrived, i as u32)).collect();
        order.sort_unstable();
        for (_, i) in order {
            cells.entry(coors[i as usize].at).or_default().coors.push(i);
        }
        Index { cells }
    }

    #[inline]
    pub fn beetles(&self, f: Field) -> &[u16] {
        self.cells.get(&f).map_or(&[], |c| &c.beetles)
    }

    #[inline]
    pub fn coors(&self, f: Field) -> &[u32] {
        self.cells.get(&f).map_or(&[], |c| &c.coors)
    }

    pub fn add_beetle(&mut self, f: Field, troop: u16) {
        self.cells.entry(f).or_default().beetles.push(troop);
    }

    pub fn add_coor(&mut self, f: Field, coor: u32) {
        self.cells.entry(f).or_default().coors.push(coor);
    }

    pub fn remove_beetle(&mut self, f: Field, troop: u16) {
        if let Some(cell) = self.cells.get_mut(&f) {
            cell.beetles.retain(|t| *t != troop);
            if cell.beetles.is_empty() && cell.coors.is_empty() {
                self.cells.remove(&f);
            }
        }
    }

    pub fn remove_coor(&mut self, f: Field, coor: u32) {
        if let Some(cell) = self.cells.get_mut(&f) {
            cell.coors.retain(|c| *c != coor);
            if cell.beetles.is_empty() && cell.coors.is_empty() {
                self.cells.remove(&f);
            }
        }
    }
}

/// A cached [`Index`]: a copy of the state starts without one.
#[derive(Debug, Default)]
pub(crate) struct Cache(OnceLock<Index>);

impl Clone for Cache {
    fn clone(&self) -> Self {
        Cache::default()
    }
}

#[derive(Debug, Clone)]
pub struct OsadaState {
    pub land: Arc<Land>,
    pub params: Arc<Params>,
    pub teams: Vec<Team>,
    /// Every troop of every team, in order of team and ID.
    pub troops: Arc<Vec<Troop>>,
    /// The coors on the board, in order of ID.
    pub coors: Arc<Vec<Coor>>,
    /// Finished towers and traps.
    pub structures: Arc<FieldMap<Structure>>,
    pub constructions: Arc<FieldMap<Construction>>,
    /// The current round, from 1.
    pub round: u32,
    /// The round's MOVE and SHOOT orders, in order of arrival.
    pub actions: Vec<Action>,
    /// The troops given an order this round, a bit each.
    pub(crate) ordered: Vec<u64>,
    pub chance: Chance,
    pub(crate) next_arrival: u32,
    pub(crate) next_coor: u32,
    index: Cache,
}

impl OsadaState {
    pub(crate) fn new(land: Arc<Land>, params: Arc<Params>, troops: Vec<Troop>, chance: Chance, next_arrival: u32) -> Self {
        let teams = land.masts.len();
        let words = troops.len().div_ceil(64);
        Self {
            land,
            params,
            teams: vec![Team { banner: Banner::Safe, glory: 0, map_used: false }; teams],
            troops: Arc::new(troops),
            coors: Arc::new(Vec::new()),
            structures: Arc::new(FieldMap::default()),
            constructions: Arc::new(FieldMap::default()),
            round: 1,
            actions: Vec::new(),
            ordered: vec![0; words],
            chance,
            next_arrival,
            next_coor: 1,
            index: Cache::default(),
        }
    }

    /// Which units stand where (worked out on first use after a copy or a round's end).
    pub fn index(&self) -> &Index {
        self.index.0.get_or_init(|| Index::build(&self.troops, &self.coors))
    }

    /// The index, taken out to be kept up to date while units move (a round's end).
    pub(crate) fn take_index(&mut self) -> Index {
        match self.index.0.take() {
            Some(index) => index,
            None => Index::build(&self.troops, &self.coors),
        }
    }

    /// Forgets the index after units changed.
    pub(crate) fn forget_index(&mut self) {
        self.index = Cache::default();
    }

    /// The troop of `team` with protocol ID `id`, living (its index).
    pub fn troop(&self, team: usize, id: i64) -> Option<u16> {
        let per_team = self.params.troops() as usize;
        let k = usize::try_from(id).ok()?.checked_sub(1).filter(|&k| k < per_team)?;
        let i = team * per_team + k;
        self.troops.get(i).filter(|t| t.alive).map(|_| i as u16)
    }

    pub fn ordered(&self, troop: u16) -> bool {
        self.ordered[troop as usize / 64] >> (troop % 64) & 1 == 1
    }

    pub(crate) fn mark_ordered(&mut self, troop: u16) {
        self.ordered[troop as usize / 64] |= 1 << (troop % 64);
    }

    /// Rounds until the troop can act again (LIST TROOPS' D): its construction's, or 1 once
    /// ordered this round.
    pub fn delay(&self, troop: u16) -> u32 {
        let t = &self.troops[troop as usize];
        if let Some(c) = self.constructions.get(&t.at)
            && c.builder == troop
        {
            return c.remaining(self.round);
        }
        u32::from(self.ordered(troop))
    }

    /// The troop's place in its field's queue: 0 for the active unit.
    pub fn place_in_queue(&self, troop: u16) -> usize {
        let t = &self.troops[troop as usize];
        self.index().beetles(t.at).iter().position(|&b| b == troop).unwrap_or(0)
    }

    /// How far a unit on `f` sees: 2, or 3 from a finished tower.
    pub fn sight(&self, f: Field) -> i32 {
        if matches!(self.structures.get(&f), Some(Structure::Tower { .. })) { 3 } else { 2 }
    }

    /// The fields team `team`'s living troops see, a flag a field (spec §4.5, visibility: what
    /// `INFO` can tell the team now).
    pub fn seen_by(&self, team: usize) -> Vec<bool> {
        let n = self.land.n();
        let mut seen = vec![false; self.land.settlement.terrain.len()];
        for t in self.troops.iter().filter(|t| t.alive && t.team as usize == team) {
            for at in square(n, self.land.xy(t.at), self.sight(t.at)) {
                seen[self.land.field(at) as usize] = true;
            }
        }
        seen
    }

    /// Where team `team`'s banner is: on its mast, or with its carrier.
    pub fn banner_at(&self, team: usize) -> Option<Xy> {
        match self.teams[team].banner {
            Banner::Safe => Some(self.land.masts[team]),
            Banner::Missing(id) => self.coors.iter().find(|c| c.id == id && c.alive).map(|c| self.land.xy(c.at)),
            Banner::Lost => None,
        }
    }

    /// Puts troop `id` of `team` on `at`, at the end of its queue: scenarios for tests and
    /// for a map editor.
    pub fn put_troop(&mut self, team: usize, id: i64, at: Xy) -> Result<(), String> {
        let i = self.troop(team, id).ok_or_else(|| format!("team {team} has no living troop {id}"))?;
        if !self.land.troop_may_enter(at) {
            return Err(format!("a troop cannot stand on {at:?}"));
        }
        let arrived = self.next_arrival;
        self.next_arrival += 1;
        let field = self.land.field(at);
        let t = &mut Arc::make_mut(&mut self.troops)[i as usize];
        (t.at, t.arrived) = (field, arrived);
        self.forget_index();
        Ok(())
    }

    /// Puts a new coor on `at`, at the end of its queue, as if it had always been there (no
    /// entry rules); its ID.
    pub fn put_coor(&mut self, at: Xy, strategy: Strategy) -> Result<u32, String> {
        if !self.land.coor_may_enter(at) {
            return Err(format!("a coor cannot stand on {at:?}"));
        }
        let id = self.next_coor;
        self.next_coor += 1;
        let arrived = self.next_arrival;
        self.next_arrival += 1;
        let target = Target::None;
        Arc::make_mut(&mut self.coors).push(Coor { id, strategy, at: self.land.field(at), arrived, carrying: 0, target, alive: true });
        self.forget_index();
        Ok(id)
    }

    /// The living coor with ID `id`.
    pub fn coor(&self, id: u32) -> Option<&Coor> {
        self.coors.iter().find(|c| c.id == id && c.alive)
    }

    /// What `INFO` says stands on a field.
    pub fn landmark(&self, f: Field) -> Landmark {
        if self.land.mast[f as usize] {
            Landmark::Mast
        } else if self.constructions.contains_key(&f) {
            Landmark::Construction
        } else {
            self.structures.get(&f).map_or(Landmark::None, Structure::landmark)
        }
    }

    /// Memory this state holds of its own, and the addresses of what it shares with copies
    /// (the benchmark counts each shared part once, as fedrunek's counts its chunks).
    pub fn bytes(&self) -> (usize, [(usize, usize); 5]) {
        let own = self.teams.len() * std::mem::size_of::<Team>()
            + self.actions.capacity() * std::mem::size_of::<Action>()
            + self.ordered.len() * 8
            + std::mem::size_of::<Self>();
        let shared = [
            (Arc::as_ptr(&self.land) as usize, self.land.bytes()),
            (Arc::as_ptr(&self.troops) as usize, self.troops.capacity() * std::mem::size_of::<Troop>()),
            (Arc::as_ptr(&self.coors) as usize, self.coors.capacity() * std::mem::size_of::<Coor>()),
            (Arc::as_ptr(&self.structures) as usize, self.structures.capacity() * (8 + std::mem::size_of::<Structure>())),
            (Arc::as_ptr(&self.constructions) as usize, self.constructions.capacity() * (8 + std::mem::size_of::<Construction>())),
        ];
        (own, shared)
    }
}

/// The fields within Chebyshev distance `r` of `(x, y)` on the board, row by row.
pub fn square(n: i32, (x, y): Xy, r: i32) -> impl Iterator<Item = Xy> {
    (y - r..=y + r).flat_map(move |yy| (x - r..=x + r).map(move |xx| (xx, yy))).filter(move |&(a, b)| a >= 1 && b >= 1 && a <= n && b <= n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_map_made_on_a_thread_of_its_own_is_the_map() {
        let settlement = Arc::new(crate::generate::settlement(512, 8, 3).unwrap());
        let land = || Arc::new(Land::new(Arc::clone(&settlement), settlement.masts.iter().map(|m| m.at).collect(), Vec::new()));
        let (prepared, plain) = (land(), land());
        prepared.prepare_to_mast(5);
        prepared.prepare_to_border();
        assert_eq!(prepared.to_mast(5), plain.to_mast(5));
        assert_eq!(prepared.to_border(), plain.to_border());
    }
}
