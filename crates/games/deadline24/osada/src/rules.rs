//! Osada's commands (spec §4.4), each answered at once with its errors checked in the spec's
//! order; MOVE and SHOOT are queued for the round's end ([`crate::turn`]).

use crate::chance::Chance;
use crate::generate;
use crate::params::{MoveCoords, Params, game_setup};
use crate::report::TurnReport;
use crate::settlement::{OFF_BOARD, Terrain, Xy};
use crate::state::{Action, Banner, Building, Construction, Kind, Land, OsadaState, Troop, square};
use crate::turn;
use kibitz_deadline24::{AnswerLines, Args, Ctx, Fail, Fixed6, Lines, Reply, Rules, Setup, command};
use std::sync::Arc;

/// Osada's errors 101–112, verbatim (spec §4.9).
pub mod errors {
    use kibitz_deadline24::Fail;
    pub const BAD_UNIT: Fail = Fail::new(101, "incorrect unit identifier");
    pub const BAD_FIELD: Fail = Fail::new(102, "incorrect field coordinates");
    pub const NOT_NEIGHBOUR: Fail = Fail::new(103, "destination is not neighbour");
    pub const OUT_OF_RANGE: Fail = Fail::new(104, "target is outside range");
    pub const CANNOT_MOVE: Fail = Fail::new(105, "cannot move there");
    pub const NOBODY: Fail = Fail::new(106, "nobody to shoot there");
    pub const CANNOT_BUILD: Fail = Fail::new(107, "cannot build here");
    pub const NOT_ACTIVE: Fail = Fail::new(108, "not an active troop");
    pub const BAD_BUILDING: Fail = Fail::new(109, "incorrect building type");
    pub const BAD_KIND: Fail = Fail::new(110, "incorrect unit type");
    pub const NO_MORE_MAPS: Fail = Fail::new(111, "no more maps during this turn");
    pub const USED: Fail = Fail::new(112, "unit already used in this turn");
}
use errors::*;

const COMMANDS: [&str; 11] = [
    "DESCRIBE WORLD",
    "TIME TO FIGHT",
    "MAP",
    "LIST TROOPS",
    "LOCATE BANNER",
    "MOVE",
    "SHOOT",
    "BUILD",
    "INFO",
    "MEASURE GLORY",
    // `WAIT` is answered by the common layer; listed so the table has the seed's whole list.
    "WAIT",
];

/// The most teams a game holds (a coor's banners are a bit each).
pub const MAX_TEAMS: usize = 64;

pub struct OsadaRules;

impl OsadaRules {
    fn map(state: &mut OsadaState, team: usize, mut args: Args) -> Reply {
        let (x, y) = (args.int()?, args.int()?);
        args.end()?;
        let n = state.land.n() as i64;
        if !(1..=n).contains(&x) || !(1..=n).contains(&y) {
            return Err(BAD_FIELD);
        }
        if state.teams[team].map_used {
            return Err(NO_MORE_MAPS);
        }
        state.teams[team].map_used = true;
        let (x, y) = (x as i32, y as i32);
        let s = &state.land.settlement;
        let mut lines = Lines::with_capacity(11 * 12);
        let mut row = String::with_capacity(11);
        for yy in y - 5..=y + 5 {
            row.clear();
            row.extend((x - 5..=x + 5).map(|xx| s.terrain((xx, yy)).map_or(OFF_BOARD, Terrain::char)));
            lines.push(&row);
        }
        Ok(lines)
    }

    fn list_troops(state: &OsadaState, team: usize) -> Reply {
        let per_team = state.params.troops() as usize;
        let range = team * per_team..(team + 1) * per_team;
        let living = state.troops[range.clone()].iter().filter(|t| t.alive).count();
        let mut lines = Lines::with_capacity(4 + living * 24);
        lines.line().int(living as i64).end();
        for i in range {
            let t = &state.troops[i];
            if !t.alive {
                continue;
            }
            let (x, y) = state.land.xy(t.at);
            let i = i as u16;
            lines
                .line()
                .int(t.id.into())
                .word(t.kind.token())
                .int(x.into())
                .int(y.into())
                .int(state.place_in_queue(i) as i64)
                .int(state.delay(i).into())
                .end();
        }
        Ok(lines)
    }

    fn locate_banner(state: &OsadaState, team: usize) -> Reply {
        Ok(Lines::single(|l| match (state.teams[team].banner, state.banner_at(team)) {
            (Banner::Safe, Some((x, y))) => l.word("SAFE").int(x.into()).int(y.into()),
            (Banner::Missing(_), Some((x, y))) => l.word("MISSING").int(x.into()).int(y.into()),
            _ => l.word("LOST"),
        }))
    }

    /// A troop of the team by its ID (error 101).
    fn unit(state: &OsadaState, team: usize, id: i64) -> Result<u16, Fail> {
        state.troop(team, id).ok_or(BAD_UNIT)
    }

    fn busy(state: &OsadaState, troop: u16) -> Result<(), Fail> {
        if state.delay(troop) > 0 { Err(USED) } else { Ok(()) }
    }

    fn active(state: &OsadaState, troop: u16) -> Result<(), Fail> {
        if state.place_in_queue(troop) == 0 { Ok(()) } else { Err(NOT_ACTIVE) }
    }

    fn do_move(state: &mut OsadaState, team: usize, mut args: Args) -> Reply {
        let (id, a, b) = (args.int()?, args.int()?, args.int()?);
        args.end()?;
        let troop = Self::unit(state, team, id)?;
        Self::busy(state, troop)?;
        let (x, y) = state.land.xy(state.troops[troop as usize].at);
        let (dx, dy) = match state.params.move_coords {
            MoveCoords::Absolute => (a - x as i64, b - y as i64),
            MoveCoords::Relative => (a, b),
        };
        if (dx, dy) == (0, 0) || dx.abs() > 1 || dy.abs() > 1 {
            return Err(NOT_NEIGHBOUR);
        }
        let to = (x + dx as i32, y + dy as i32);
        if !state.land.troop_may_enter(to) {
            return Err(CANNOT_MOVE);
        }
        let to = state.land.field(to);
        state.mark_ordered(troop);
        state.actions.push(Action::Move { troop, to });
        Ok(Lines::new())
    }

    fn shoot(state: &mut OsadaState, team: usize, mut args: Args) -> Reply {
        let (id, dx, dy) = (args.int()?, args.int()?, args.int()?);
        args.end()?;
        let troop = Self::unit(state, team, id)?;
        let t = state.troops[troop as usize];
        if t.kind != Kind::Sniper {
            return Err(BAD_KIND);
        }
        Self::busy(state, troop)?;
        Self::active(state, troop)?;
        let (x, y) = state.land.xy(t.at);
        let reach = state.sight(t.at) as i64;
        let target = (x as i64 + dx, y as i64 + dy);
        let on_board = |v: i64| (1..=state.land.n() as i64).contains(&v);
        if dx.abs().max(dy.abs()) > reach || !on_board(target.0) || !on_board(target.1) {
            return Err(OUT_OF_RANGE);
        }
        let at = state.land.field((target.0 as i32, target.1 as i32));
        if state.index().coors(at).is_empty() {
            return Err(NOBODY);
        }
        state.mark_ordered(troop);
        state.actions.push(Action::Shoot { troop, at });
        Ok(Lines::new())
    }

    fn build(state: &mut OsadaState, ctx: &Ctx, team: usize, mut args: Args) -> Reply {
        let id = args.int()?;
        let kind = args.word()?;
        args.end()?;
        let troop = Self::unit(state, team, id)?;
        let t = state.troops[troop as usize];
        if t.kind != Kind::Builder {
            return Err(BAD_KIND);
        }
        let (building, time) = match kind {
            "TRAP" => (Building::Trap, 2 + t.traps as u32),
            "TOWER" => (Building::Tower, (2 + t.towers as u32).pow(2)),
            _ => return Err(BAD_BUILDING),
        };
        Self::busy(state, troop)?;
        Self::active(state, troop)?;
        if state.land.terrain(t.at) != Terrain::Solid {
            return Err(CANNOT_BUILD);
        }
        if let Some(c) = state.constructions.get(&t.at) {
            return if c.round < ctx.turn { Ok(Lines::from(["REFUSED"])) } else { Err(CANNOT_BUILD) };
        }
        if state.structures.contains_key(&t.at) {
            return Err(CANNOT_BUILD);
        }
        let seq = state.next_arrival;
        state.next_arrival += 1;
        let construction = Construction { building, team: team as u8, builder: troop, round: ctx.turn, seq, done: ctx.turn + time - 1 };
        Arc::make_mut(&mut state.constructions).insert(t.at, construction);
        state.mark_ordered(troop);
        Ok(Lines::single(|l| l.word("BUILDING").int(time.into())))
    }

    fn info(state: &OsadaState, team: usize, mut args: Args) -> Reply {
        let id = args.int()?;
        args.end()?;
        let troop = Self::unit(state, team, id)?;
        let at = state.troops[troop as usize].at;
        let r = state.sight(at);
        let (x, y) = state.land.xy(at);
        let index = state.index();
        let fields: Vec<Xy> = square(state.land.n(), (x, y), r).collect();
        let mut lines = Lines::with_capacity(4 + fields.len() * 28);
        lines.line().int(fields.len() as i64).end();
        for (fx, fy) in fields {
            let f = state.land.field((fx, fy));
            let settlement = state.landmark(f).token();
            let cell = index.cells.get(&f);
            lines
                .line()
                .int((fx - x).into())
                .int((fy - y).into())
                .word(state.land.terrain(f).token())
                .word(settlement)
                .int(cell.map_or(0, |c| c.coors.len()) as i64)
                .int(cell.map_or(0, |c| c.beetles.len()) as i64)
                .end();
        }
        Ok(lines)
    }
}

/// A game's troops at the start, all on their team's start field in ID order.
fn troops(params: &Params, land: &Land) -> Vec<Troop> {
    let kinds = [(Kind::Stormtrooper, params.stormtroopers), (Kind::Builder, params.builders), (Kind::Sniper, params.snipers)];
    let mut troops = Vec::new();
    for (team, &start) in land.starts.iter().enumerate() {
        let at = land.field(start);
        let mut id = 0u8;
        for (kind, count) in kinds {
            for _ in 0..count {
                id += 1;
                let arrived = troops.len() as u32;
                troops.push(Troop { team: team as u8, id, kind, alive: true, at, arrived, traps: 0, towers: 0 });
            }
        }
    }
    troops
}

impl Rules for OsadaRules {
    const ID: &'static str = "osada";
    const RULES_VERSION: u32 = 1;
    type Params = Params;
    type State = OsadaState;
    type TurnReport = TurnReport;

    fn start(params: &Params, teams: usize, seed: u64) -> Result<OsadaState, String> {
        params.check()?;
        if teams > MAX_TEAMS {
            return Err(format!("at most {MAX_TEAMS} teams play osada (got {teams})"));
        }
        let settlement = match &params.settlement {
            Some(s) => Arc::clone(s),
            None => Arc::new(generate::settlement(params.n, teams, params.settlement_seed(seed))?),
        };
        settlement.check_teams(teams)?;
        let mut chance = Chance::new(seed ^ 0x05ad_a5ee_d000);
        // The masts are given to the teams afresh in every game (spec §4.1): shuffled.
        let mut masts: Vec<_> = settlement.masts.clone();
        for i in (1..masts.len()).rev() {
            masts.swap(i, chance.below(i + 1));
        }
        masts.truncate(teams);
        let starts = masts
            .iter()
            .map(|m| {
                m.start.unwrap_or_else(|| {
                    let fields = settlement.start_fields(m.at);
                    fields[chance.below(fields.len())]
                })
            })
            .collect();
        let land = Arc::new(Land::new(settlement, masts.iter().map(|m| m.at).collect(), starts));
        let troops = troops(params, &land);
        let arrived = troops.len() as u32;
        Ok(OsadaState::new(land, Arc::new(params.clone()), troops, chance, arrived))
    }

    fn game_setup(setup: &Setup<Params>, seed: u64, game: u32, games: u32) -> Result<Setup<Params>, String> {
        game_setup(setup, seed, game, games)
    }

    fn command(state: &mut OsadaState, ctx: &Ctx, team: usize, line: Args) -> Reply {
        let (which, args) = command(line, &COMMANDS).ok_or(Fail::UNKNOWN_COMMAND)?;
        match COMMANDS[which] {
            "DESCRIBE WORLD" => {
                args.end()?;
                let (x, y) = state.land.masts[team];
                Ok(Lines::from([format!("{} {} {x} {y} {}", state.land.n(), ctx.turn_seconds(), ctx.common.k)]))
            }
            "TIME TO FIGHT" => {
                args.end()?;
                let left = ctx.turns_left(state.params.game_turns.saturating_sub(ctx.turn) + 1);
                Ok(Lines::single(|l| l.int(left.into()).word(state.params.next().token())))
            }
            "MAP" => Self::map(state, team, args),
            "LIST TROOPS" => {
                args.end()?;
                Self::list_troops(state, team)
            }
            "LOCATE BANNER" => {
                args.end()?;
                Self::locate_banner(state, team)
            }
            "MOVE" => Self::do_move(state, team, args),
            "SHOOT" => Self::shoot(state, team, args),
            "BUILD" => Self::build(state, ctx, team, args),
            "INFO" => Self::info(state, team, args),
            "MEASURE GLORY" => {
                args.end()?;
                Ok(Lines::single(|l| l.int(state.teams[team].glory as i64)))
            }
            _ => Err(Fail::INTERNAL),
        }
    }

    fn end_turn(state: &mut OsadaState, ctx: &Ctx) -> (TurnReport, bool) {
        let report = turn::end_round(state, ctx.turn);
        (report, ctx.turn >= state.params.game_turns)
    }

    fn results(state: &OsadaState) -> Vec<Fixed6> {
        state.teams.iter().map(|t| Fixed6::from_int(t.glory as i64)).collect()
    }

    fn answer_lines(line: Args) -> AnswerLines {
        match command(line, &COMMANDS).map(|(which, _)| COMMANDS[which]) {
            Some("MAP") => AnswerLines::Fixed(11),
            // A count, then that many lines.
            Some("LIST TROOPS" | "INFO") => AnswerLines::Counted { word: 0 },
            Some("MOVE" | "SHOOT") | None => AnswerLines::Fixed(0),
            Some(_) => AnswerLines::Fixed(1),
        }
    }
}
