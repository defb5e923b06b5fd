//! The end of a round (spec §4.5): the beetle phase runs the round's orders in order of arrival
//! and advances the constructions, then the coor phase brings newcomers in and moves every
//! other coor by its strategy ([`crate::coors`]). Kills of a phase count double for a team whose
//! banner was on its mast throughout the phase (§4.6).

use crate::coors::{self, Step};
use crate::report::{Event, Phase, TurnReport, Weapon};
use crate::state::{Action, Banner, Building, Coor, Field, Index, Kind, OsadaState, Strategy, Structure, Target};
use std::sync::Arc;

/// Chances of the seed (§4.7).
pub const FIGHT_WON: f64 = 0.9;
pub const SHOT_KILLS: f64 = 0.7;

/// One phase being resolved: the state, its index kept up to date, and the phase's score.
struct Resolve<'a> {
    state: &'a mut OsadaState,
    index: Index,
    events: Vec<Event>,
    kills: Vec<u64>,
    /// Banners that were safe as the phase began and have stayed so.
    safe: Vec<bool>,
}

impl<'a> Resolve<'a> {
    fn new(state: &'a mut OsadaState, index: Index) -> Self {
        let teams = state.teams.len();
        let safe = state.teams.iter().map(|t| t.banner == Banner::Safe).collect();
        Self { state, index, events: Vec::new(), kills: vec![0; teams], safe }
    }

    /// Closes the phase: each team's kills join its glory, doubled where the banner stayed.
    fn close(&mut self, banners: Vec<Banner>) -> Phase {
        for (team, t) in self.state.teams.iter_mut().enumerate() {
            t.glory += self.kills[team] * if self.safe[team] { 2 } else { 1 };
            self.kills[team] = 0;
        }
        self.safe = self.state.teams.iter().map(|t| t.banner == Banner::Safe).collect();
        Phase { banners, events: std::mem::take(&mut self.events) }
    }

    fn arrival(&mut self) -> u32 {
        let a = self.state.next_arrival;
        self.state.next_arrival += 1;
        a
    }

    /// Coor `c` dies, credited to `team`; the banners it carried go home.
    fn kill_coor(&mut self, c: u32, team: u8, by: Weapon) {
        let coor = &mut Arc::make_mut(&mut self.state.coors)[c as usize];
        coor.alive = false;
        let (at, id, carrying) = (coor.at, coor.id, coor.carrying);
        self.index.remove_coor(at, c);
        self.kills[team as usize] += 1;
        self.events.push(Event::Kill { team, coor: id, by });
        for t in 0..self.state.teams.len() {
            if carrying >> t & 1 == 1 {
                self.state.teams[t].banner = Banner::Safe;
                self.events.push(Event::Returned { team: t as u8 });
            }
        }
    }

    /// Troop `i` dies; a construction it was building is abandoned.
    fn kill_troop(&mut self, i: u16) {
        let troop = &mut Arc::make_mut(&mut self.state.troops)[i as usize];
        troop.alive = false;
        let (at, team, id) = (troop.at, troop.team, troop.id);
        self.index.remove_beetle(at, i);
        self.events.push(Event::Died { team, troop: id });
        if self.state.constructions.get(&at).is_some_and(|c| c.builder == i) {
            Arc::make_mut(&mut self.state.constructions).remove(&at);
            self.events.push(Event::Abandoned { team, troop: id });
        }
    }

    /// Troop `i` moves to `to` (beetle phase): a stormtrooper fights the coors there one by one,
    /// anyone else dies among them; a survivor joins the end of the field's queue.
    fn troop_enters(&mut self, i: u16, to: Field) {
        let from = self.state.troops[i as usize].at;
        self.index.remove_beetle(from, i);
        let troop = self.state.troops[i as usize];
        while let Some(&c) = self.index.coors(to).first() {
            if troop.kind != Kind::Stormtrooper || !self.state.chance.succeeds(FIGHT_WON) {
                // Out of the queue it left already: it dies where it went.
                Arc::make_mut(&mut self.state.troops)[i as usize].at = to;
                self.index.add_beetle(to, i);
                self.kill_troop(i);
                return;
            }
            self.kill_coor(c, troop.team, Weapon::Fight);
        }
        let arrived = self.arrival();
        let t = &mut Arc::make_mut(&mut self.state.troops)[i as usize];
        (t.at, t.arrived) = (to, arrived);
        self.index.add_beetle(to, i);
    }

    /// Coor `c` enters `to` (coor phase, or appearing there): an armed trap kills it, it takes a
    /// safe banner from a mast, then fights the field's troops one by one (a stormtrooper wins
    /// with 90 %, anyone else dies); a survivor joins the field's coors.
    fn coor_enters(&mut self, c: u32, to: Field) {
        {
            let coor = &mut Arc::make_mut(&mut self.state.coors)[c as usize];
            coor.at = to;
        }
        if let Some(&Structure::Trap { team, used: false }) = self.state.structures.get(&to) {
            Arc::make_mut(&mut self.state.structures).insert(to, Structure::Trap { team, used: true });
            self.kill_coor(c, team, Weapon::Trap);
            return;
        }
        if self.state.land.mast[to as usize] {
            for team in 0..self.state.teams.len() {
                if self.state.teams[team].banner == Banner::Safe && self.state.land.field(self.state.land.masts[team]) == to {
                    let coor = &mut Arc::make_mut(&mut self.state.coors)[c as usize];
                    coor.carrying |= 1 << team;
                    if coor.target == Target::Banner(team as u8) && coor.strategy == Strategy::Slasher {
                        coor.target = Target::None;
                    }
                    let id = coor.id;
                    self.state.teams[team].banner = Banner::Missing(id);
                    self.state.land.prepare_to_border();
                    self.safe[team] = false;
                    self.events.push(Event::Taken { team: team as u8, coor: id });
                }
            }
        }
        while let Some(&b) = self.index.beetles(to).first() {
            let troop = self.state.troops[b as usize];
            if troop.kind == Kind::Stormtrooper && self.state.chance.succeeds(FIGHT_WON) {
                self.kill_coor(c, troop.team, Weapon::Fight);
                return;
            }
            self.kill_troop(b);
        }
        let arrived = self.arrival();
        Arc::make_mut(&mut self.state.coors)[c as usize].arrived = arrived;
        self.index.add_coor(to, c);
    }

    /// Coor `c` leaves the board; the banners it carries are lost.
    fn coor_leaves(&mut self, c: u32) {
        let coor = &mut Arc::make_mut(&mut self.state.coors)[c as usize];
        coor.alive = false;
        let (at, id, carrying) = (coor.at, coor.id, coor.carrying);
        self.index.remove_coor(at, c);
        for t in 0..self.state.teams.len() {
            if carrying >> t & 1 == 1 {
                self.state.teams[t].banner = Banner::Lost;
                self.events.push(Event::Lost { team: t as u8 });
            }
        }
        self.events.push(Event::Left { coor: id });
    }

    fn beetle_phase(&mut self) {
        for action in std::mem::take(&mut self.state.actions) {
            match action {
                Action::Move { troop, to } if self.state.troops[troop as usize].alive => self.troop_enters(troop, to),
                Action::Shoot { troop, at } if self.state.troops[troop as usize].alive => {
                    let Some(&c) = self.index.coors(at).first() else { continue };
                    let t = self.state.troops[troop as usize];
                    if self.state.chance.succeeds(SHOT_KILLS) {
                        self.kill_coor(c, t.team, Weapon::Shot);
                    } else {
                        self.events.push(Event::Missed { team: t.team, troop: t.id });
                    }
                }
                _ => {}
            }
        }
        // Constructions done in this round, in order of acceptance.
        let round = self.state.round;
        let mut done: Vec<(u32, Field)> =
            self.state.constructions.iter().filter(|(_, c)| c.done <= round).map(|(&f, c)| (c.seq, f)).collect();
        done.sort_unstable();
        for (_, f) in done {
            let Some(c) = Arc::make_mut(&mut self.state.constructions).remove(&f) else { continue };
            let (building, team) = (c.building, c.team);
            let built = if building == Building::Tower { Structure::Tower { team } } else { Structure::Trap { team, used: false } };
            Arc::make_mut(&mut self.state.structures).insert(f, built);
            let t = &mut Arc::make_mut(&mut self.state.troops)[c.builder as usize];
            match building {
                Building::Trap => t.traps = t.traps.saturating_add(1),
                Building::Tower => t.towers = t.towers.saturating_add(1),
            }
            self.events.push(Event::Built { team, troop: t.id, building });
        }
    }

    fn coor_phase(&mut self, round: u32) {
        let moving = self.state.coors.len();
        let params = Arc::clone(&self.state.params);
        let land = Arc::clone(&self.state.land);
        let newcomers = self.state.chance.poisson(params.spawn_base + params.spawn_growth * round as f64);
        for _ in 0..newcomers {
            if land.gates.is_empty() {
                break;
            }
            let at = land.gates[self.state.chance.below(land.gates.len())];
            let strategy = coors::draw_strategy(&mut self.state.chance, params.profile, params.dominant_share);
            let id = self.state.next_coor;
            self.state.next_coor += 1;
            let target = match strategy {
                Strategy::Thief => coors::banner_to_steal(self.state),
                _ => Target::None,
            };
            if let Target::Banner(team) = target {
                land.prepare_to_mast(team as usize);
            }
            let coor = Coor { id, strategy, at, arrived: 0, carrying: 0, target, alive: true };
            let coors = Arc::make_mut(&mut self.state.coors);
            coors.push(coor);
            let c = (coors.len() - 1) as u32;
            self.events.push(Event::Spawned { coor: id, strategy });
            self.coor_enters(c, at);
        }
        for c in 0..moving as u32 {
            if !self.state.coors[c as usize].alive {
                continue;
            }
            match coors::choose(&mut coors::Mover { state: &mut *self.state, index: &self.index }, c) {
                Step::Stay => {}
                Step::Exit => self.coor_leaves(c),
                Step::To(to) => {
                    let from = self.state.coors[c as usize].at;
                    self.index.remove_coor(from, c);
                    self.coor_enters(c, to);
                }
            }
        }
    }
}

/// Ends round `round`: the beetle phase, then the coor phase; then the round's orders, MAP
/// allowances and busy marks are cleared.
pub fn end_round(state: &mut OsadaState, round: u32) -> TurnReport {
    state.round = round;
    let index = state.take_index();
    let mut resolve = Resolve::new(state, index);
    let banners = resolve.state.teams.iter().map(|t| t.banner).collect();
    resolve.beetle_phase();
    let beetles = resolve.close(banners);
    let banners = resolve.state.teams.iter().map(|t| t.banner).collect();
    resolve.coor_phase(round);
    let coors = resolve.close(banners);
    if resolve.state.coors.iter().any(|c| !c.alive) {
        Arc::make_mut(&mut state.coors).retain(|c| c.alive);
    }
    state.forget_index();
    state.actions.clear();
    state.ordered.iter_mut().for_each(|w| *w = 0);
    state.teams.iter_mut().for_each(|t| t.map_used = false);
    state.round = round + 1;
    TurnReport { beetles, coors }
}
