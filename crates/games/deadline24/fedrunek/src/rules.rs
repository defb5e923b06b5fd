//! Fedrunek's commands and turn boundary (spec §2.3, §2.5, §2.6).

use crate::generate::{Params, generate};
use crate::robots::*;
use crate::world::{Metal, Pos, Tunnel, World, unit_axis};
use kibitz_deadline24::{AnswerLines, Args, Ctx, Fail, Fixed6, Lines, Reply, Rules, command};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::Arc;

/// Fedrunek's errors 101–116, verbatim.
pub mod errors {
    use kibitz_deadline24::Fail;
    pub const BAD_ROBOT: Fail = Fail::new(101, "incorrect robot identifier");
    pub const WRONG_TYPE: Fail = Fail::new(102, "inappropriate robot type");
    pub const NOT_NEIGHBOUR: Fail = Fail::new(103, "destination is not neighbour");
    pub const OUTSIDE: Fail = Fail::new(104, "destination is outside the world");
    pub const NO_MONEY: Fail = Fail::new(105, "not enough money");
    pub const ROBOT_LIMIT: Fail = Fail::new(106, "robot count limit reached");
    pub const CANNOT_DRILL: Fail = Fail::new(107, "cannot drill there");
    pub const MAX_SKILL: Fail = Fail::new(108, "cannot raise this skill anymore");
    pub const NO_WORKSHOP: Fail = Fail::new(109, "no workshop in this field");
    pub const BUSY: Fail = Fail::new(110, "this robot is busy");
    pub const CANNOT_MOVE: Fail = Fail::new(111, "cannot move there");
    pub const NO_RESOURCES: Fail = Fail::new(112, "out of resources");
    pub const BAD_SKILL: Fail = Fail::new(113, "invalid skill type");
    pub const BAD_LOCATION: Fail = Fail::new(114, "invalid location");
    pub const NO_PUSH: Fail = Fail::new(115, "no push results available");
    pub const NO_SCAN: Fail = Fail::new(116, "no scan results available");
}
use errors::*;

/// Robots a team may have at once.
pub const MAX_ROBOTS: usize = 25;
/// Credits every team starts with.
pub const START_CREDITS: i64 = 20;
/// Turns the game goes on once 90 % of the metal is mined.
pub const FINAL_TURNS: u32 = 50;

#[derive(Debug, Clone, PartialEq)]
pub struct Team {
    pub credits: i64,
    /// Credits spent on the fleet (robots and upgrades): the S of the score.
    pub spent: i64,
    /// Robot `id` is `robots[id - 1]`: IDs count from 1 and robots are never destroyed.
    pub robots: Vec<Robot>,
}

impl Team {
    /// The final result before the factor K: credits held plus the square of credits spent on
    /// the fleet, (A + S²).
    pub fn result(&self) -> i64 {
        self.credits + self.spent * self.spent
    }

    fn robot(&mut self, id: i64) -> Result<&mut Robot, Fail> {
        usize::try_from(id).ok().and_then(|id| id.checked_sub(1)).and_then(|i| self.robots.get_mut(i)).ok_or(BAD_ROBOT)
    }
}

/// The public buildings, fixed for the game.
#[derive(Debug, PartialEq)]
pub struct Sites {
    pub stations: Vec<Pos>,
    pub workshops: Vec<Pos>,
}

#[derive(Debug, Clone)]
pub struct FedrunekState {
    pub world: World,
    pub sites: Arc<Sites>,
    pub teams: Vec<Team>,
    /// Tunnels being drilled, with the turn each drilling was accepted in.
    pub drilling: HashMap<Tunnel, u32>,
    pub initial_metal: u64,
    /// Units whose mining has finished (the 90 % rule counts these).
    pub mined: u64,
    /// The turn at whose end 90 % of the metal was first mined.
    pub threshold_turn: Option<u32>,
    pub max_turns: u32,
}

impl FedrunekState {
    /// A game in progress from its parts: each team gets the starting credits and its fleet.
    /// (The generator's worlds come through here, and so do hand-made scenarios and tests.)
    pub fn new(world: World, sites: Sites, fleets: Vec<Vec<Robot>>, max_turns: u32) -> Self {
        let n = world.n();
        let mut initial_metal = 0u64;
        for x in 2..n {
            for y in 2..n {
                for z in 2..n {
                    initial_metal += world.cell(Pos::new(x, y, z)).metals().iter().map(|&c| c as u64).sum::<u64>();
                }
            }
        }
        let teams = fleets.into_iter().map(|robots| Team { credits: START_CREDITS, spent: 0, robots }).collect();
        Self {
            world,
            sites: Arc::new(sites),
            teams,
            drilling: HashMap::new(),
            initial_metal,
            mined: 0,
            threshold_turn: None,
            max_turns: max_turns.max(1),
        }
    }

    pub fn is_station(&self, p: Pos) -> bool {
        self.sites.stations.contains(&p)
    }

    pub fn is_workshop(&self, p: Pos) -> bool {
        self.sites.workshops.contains(&p)
    }

    /// Turns left, counting the current one, once the end is known (`TIME TO MINE`).
    pub fn turns_left(&self, turn: u32) -> Option<u32> {
        self.threshold_turn.map(|t0| (t0 + FINAL_TURNS + 1).saturating_sub(turn))
    }
}

/// A station's sale at a turn's end.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Sale {
    pub team: usize,
    pub robot: u32,
    pub cargo: [u32; 3],
    pub credits: i64,
}

/// What a turn boundary did.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct TurnReport {
    /// Operations finished at this boundary.
    pub finished: u32,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sales: Vec<Sale>,
    /// Units mined so far, over all teams.
    pub mined: u64,
    /// Set on the boundary where 90 % of the metal is reached.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub threshold: bool,
}

pub struct FedrunekRules;

const COMMANDS: [&str; 19] = [
    "DESCRIBE WORLD",
    "TIME TO MINE",
    "LIST STATIONS",
    "LIST WORKSHOPS",
    "LIST SCOUTS",
    "LIST MINERS",
    "BUY",
    "UPGRADE",
    "MOVE",
    "INFO",
    "STORAGE",
    "DRILL",
    "MINE",
    "PUSH",
    "YIELD LAST PUSH",
    "SCAN",
    "YIELD LAST SCAN",
    "FINANCIAL REPORT",
    // `WAIT` is answered by the common layer; listed so the table is the seed's whole list.
    "WAIT",
];

fn offset(args: &mut Args) -> Result<[i32; 3], Fail> {
    let mut d = [0i64; 3];
    for v in &mut d {
        *v = args.int()?;
    }
    // Values beyond ±1 are simply not neighbours (error 103), however large.
    Ok(d.map(|v| v.clamp(-2, 2) as i32))
}

fn free(robot: &Robot) -> Result<(), Fail> {
    if robot.busy > 0 { Err(BUSY) } else { Ok(()) }
}

fn kind(robot: &Robot, kind: Kind) -> Result<(), Fail> {
    if robot.kind == kind { Ok(()) } else { Err(WRONG_TYPE) }
}

/// Adds the line `INFO` prints for a field next to (or under) a robot.
fn write_info_line(state: &FedrunekState, from: Pos, d: [i32; 3], lines: &mut Lines) {
    let p = from.offset(d);
    let world = &state.world;
    if !world.inside(p) {
        return lines.push("NIL");
    }
    let route = if d == [0, 0, 0] || world.passable(from, p) { "FREE" } else { "TUNNEL" };
    let line = lines.line().word(route).ints(d.map(i64::from));
    if world.underground(p) {
        let cell = world.cell(p);
        line.word("UNDERGROUND").word(cell.material()).ints(cell.metals().map(i64::from)).end()
    } else if state.is_station(p) {
        line.word("STATION").end()
    } else if state.is_workshop(p) {
        line.word("WORKSHOP").end()
    } else {
        line.word("SURFACE").end()
    }
}

/// `INFO`'s seven fields, in the order the seed's example prints them: the robot's own, −Y, +Y,
/// −Z, +Z, +X, −X.
pub const INFO_ORDER: [[i32; 3]; 7] = [[0, 0, 0], [0, -1, 0], [0, 1, 0], [0, 0, -1], [0, 0, 1], [1, 0, 0], [-1, 0, 0]];

fn scan_of(world: &World, at: Pos) -> ScanResult {
    let mut result = ScanResult { at, ground: 0, stone: 0, metals: [0; 3] };
    for p in world.column(at) {
        let cell = world.cell(p);
        if cell.stone() {
            result.stone += 1;
        } else {
            result.ground += 1;
        }
        for (total, count) in result.metals.iter_mut().zip(cell.metals()) {
            *total += count as u32;
        }
    }
    result
}

fn push_of(world: &World, at: Pos, depth: u32) -> PushResult {
    let fields = world
        .column(at)
        .into_iter()
        .take(depth as usize)
        .map(|pos| {
            let cell = world.cell(pos);
            FieldSeen { pos, stone: cell.stone(), metals: cell.metals() }
        })
        .collect();
    PushResult { at, fields }
}

fn snapshot(world: &World, robot: &Robot) -> Option<Snapshot> {
    match robot.operation {
        Some(Operation::Scan) => Some(Snapshot::Scan(scan_of(world, robot.pos))),
        Some(Operation::Push(depth)) => Some(Snapshot::Push(push_of(world, robot.pos, depth))),
        _ => None,
    }
}

/// Starts an operation of `turns` turns (taking a scan's or push's snapshot now if this is
/// already its last turn).
fn begin(world: &World, robot: &mut Robot, operation: Operation, turns: u32) {
    robot.operation = Some(operation);
    robot.busy = turns;
    if turns == 1 {
        robot.snapshot = snapshot(world, robot);
    }
}

impl FedrunekRules {
    fn buy(state: &mut FedrunekState, team: usize, mut args: Args) -> Reply {
        let mut c = [0i64; 3];
        for v in &mut c {
            *v = args.int()?;
        }
        let kind_word = args.word()?;
        args.end()?;
        // Far-out coordinates are simply outside (error 104), however large.
        let [x, y, z] = c.map(|v| v.clamp(-1, 1 << 20) as i32);
        let p = Pos::new(x, y, z);
        let robot_kind = Kind::parse(kind_word).ok_or(WRONG_TYPE)?;
        if !state.world.inside(p) {
            return Err(OUTSIDE);
        }
        if !state.is_workshop(p) {
            return Err(NO_WORKSHOP);
        }
        let team = &mut state.teams[team];
        if team.robots.len() >= MAX_ROBOTS {
            return Err(ROBOT_LIMIT);
        }
        let price = robot_kind.price();
        if team.credits < price {
            return Err(NO_MONEY);
        }
        team.credits -= price;
        team.spent += price;
        let id = team.robots.len() as u32 + 1;
        let mut robot = Robot::new(id, robot_kind, p);
        begin(&state.world, &mut robot, Operation::Arrive, 1);
        team.robots.push(robot);
        Ok(Lines::single(|l| l.int(id.into())))
    }

    fn upgrade(state: &mut FedrunekState, team: usize, id: i64, skill_word: &str) -> Reply {
        let team = &mut state.teams[team];
        let robot = team.robot(id)?;
        let slot = match skill(skill_word) {
            Some((k, slot)) if k == robot.kind => slot,
            _ => return Err(BAD_SKILL),
        };
        free(robot)?;
        if !state.sites.workshops.contains(&robot.pos) {
            return Err(NO_WORKSHOP);
        }
        if robot.levels[slot] >= MAX_LEVEL {
            return Err(MAX_SKILL);
        }
        let cost = robot.kind.upgrade_cost();
        if team.credits < cost {
            return Err(NO_MONEY);
        }
        team.credits -= cost;
        team.spent += cost;
        let robot = team.robot(id)?;
        begin(&state.world, robot, Operation::Upgrade(slot), 1);
        Ok(Lines::new())
    }

    fn step_target(world: &World, robot: &Robot, d: [i32; 3]) -> Result<Pos, Fail> {
        unit_axis(d).ok_or(NOT_NEIGHBOUR)?;
        let target = robot.pos.offset(d);
        if !world.inside(target) {
            return Err(OUTSIDE);
        }
        Ok(target)
    }

    fn do_move(state: &mut FedrunekState, team: usize, id: i64, d: [i32; 3]) -> Reply {
        let robot = state.teams[team].robot(id)?;
        free(robot)?;
        let target = Self::step_target(&state.world, robot, d)?;
        if robot.kind == Kind::Scout && state.world.underground(target) || !state.world.passable(robot.pos, target) {
            return Err(CANNOT_MOVE);
        }
        begin(&state.world, robot, Operation::Move(target), 1);
        Ok(Lines::new())
    }

    fn drill(state: &mut FedrunekState, team: usize, ctx: &Ctx, id: i64, d: [i32; 3]) -> Reply {
        let robot = state.teams[team].robot(id)?;
        kind(robot, Kind::Miner)?;
        free(robot)?;
        let target = Self::step_target(&state.world, robot, d)?;
        let tunnel = Tunnel::between(robot.pos, target).ok_or(NOT_NEIGHBOUR)?;
        if !state.world.needs_tunnel(robot.pos, target) || state.world.has_tunnel(tunnel) {
            return Err(CANNOT_DRILL);
        }
        match state.drilling.get(&tunnel) {
            Some(&turn) if turn == ctx.turn => return Err(CANNOT_DRILL),
            Some(_) => return Ok(Lines::from(["FORBIDDEN"])),
            None => {}
        }
        let level = robot.level(1) - 1;
        let stone = state.world.underground(target) && state.world.cell(target).stone();
        let turns = if stone { DRILL_STONE[level] } else { DRILL_GROUND[level] };
        begin(&state.world, robot, Operation::Drill(tunnel), turns);
        state.drilling.insert(tunnel, ctx.turn);
        Ok(Lines::single(|l| l.word("DRILLING").int(turns as i64)))
    }

    fn mine(state: &mut FedrunekState, team: usize, id: i64) -> Reply {
        let robot = state.teams[team].robot(id)?;
        kind(robot, Kind::Miner)?;
        free(robot)?;
        if !state.world.underground(robot.pos) {
            return Err(BAD_LOCATION);
        }
        if robot.free_space() == 0 {
            return Err(NO_RESOURCES);
        }
        let cell = state.world.cell(robot.pos);
        let Some(metal) = Metal::ALL.into_iter().rev().find(|&m| cell.metal(m) > 0) else {
            return Ok(Lines::from(["VOID"]));
        };
        state.world.set(robot.pos, cell.with_metal(metal, cell.metal(metal) - 1));
        let turns = MINE_TIME[robot.level(2) - 1];
        begin(&state.world, robot, Operation::Mine(metal), turns);
        Ok(Lines::single(|l| l.word("MINING").word(metal.name()).int(turns as i64)))
    }

    /// SCAN and PUSH: a free scout on exactly one face.
    fn scout_ready<'t>(world: &World, team: &'t mut Team, id: i64) -> Result<&'t mut Robot, Fail> {
        let robot = team.robot(id)?;
        kind(robot, Kind::Scout)?;
        free(robot)?;
        if world.faces(robot.pos) != 1 {
            return Err(BAD_LOCATION);
        }
        Ok(robot)
    }

    fn scan(state: &mut FedrunekState, team: usize, id: i64) -> Reply {
        let robot = Self::scout_ready(&state.world, &mut state.teams[team], id)?;
        let turns = SCOUT_TIME[robot.level(0) - 1];
        begin(&state.world, robot, Operation::Scan, turns);
        Ok(Lines::single(|l| l.word("SCANNING").int(turns as i64)))
    }

    fn push(state: &mut FedrunekState, team: usize, id: i64, k: i64) -> Reply {
        let n = state.world.n() as i64;
        let robot = Self::scout_ready(&state.world, &mut state.teams[team], id)?;
        if !(1..=n).contains(&k) {
            return Err(Fail::BAD_FORMAT);
        }
        let depth = k.min(n - 2) as u32;
        let turns = depth.div_ceil(3) * SCOUT_TIME[robot.level(1) - 1];
        begin(&state.world, robot, Operation::Push(depth), turns);
        Ok(Lines::single(|l| l.word("PUSHING").int(turns as i64)))
    }

    fn yield_push(state: &mut FedrunekState, team: usize, id: i64) -> Reply {
        let robot = state.teams[team].robot(id)?;
        kind(robot, Kind::Scout)?;
        let push = robot.last_push.as_ref().ok_or(NO_PUSH)?;
        let mut lines = Lines::new();
        lines.line().ints(push.at.ints()).int(push.fields.len() as i64).end();
        for f in &push.fields {
            let material = if f.stone { "STONE" } else { "GROUND" };
            lines.line().ints(f.pos.ints()).word(material).ints(f.metals.map(i64::from)).end();
        }
        Ok(lines)
    }

    fn yield_scan(state: &mut FedrunekState, team: usize, id: i64) -> Reply {
        let robot = state.teams[team].robot(id)?;
        kind(robot, Kind::Scout)?;
        let scan = robot.last_scan.as_ref().ok_or(NO_SCAN)?;
        let counts = [scan.ground, scan.stone].into_iter().chain(scan.metals).map(i64::from);
        let mut lines = Lines::new();
        lines.line().ints(scan.at.ints()).ints(counts).end();
        Ok(lines)
    }

    fn list(robots: &[Robot], of: Kind) -> Lines {
        let mut lines = Lines::with_capacity(8 + robots.len() * 24);
        let listed = || robots.iter().filter(|r| r.kind == of);
        lines.line().int(listed().count() as i64).end();
        listed().for_each(|robot| robot.write_list_line(&mut lines));
        lines
    }

    fn sites(sites: &[Pos]) -> Lines {
        let mut lines = Lines::with_capacity(8 + sites.len() * 12);
        lines.line().int(sites.len() as i64).end();
        sites.iter().for_each(|p| lines.line().ints(p.ints()).end());
        lines
    }

    /// Finishes a robot's operation at a turn's end; a miner entering a station sells.
    fn finish(world: &mut World, sites: &Sites, team: usize, credits: &mut i64, robot: &mut Robot, report: &mut TurnReport) -> bool {
        let mut mined = false;
        match robot.operation.take() {
            Some(Operation::Move(to)) => {
                robot.pos = to;
                if robot.kind == Kind::Miner && sites.stations.contains(&to) && robot.cargo.iter().any(|&c| c > 0) {
                    let value = Metal::value(robot.cargo);
                    *credits += value;
                    report.sales.push(Sale { team, robot: robot.id, cargo: robot.cargo, credits: value });
                    robot.cargo = [0; 3];
                }
            }
            Some(Operation::Drill(tunnel)) => world.add_tunnel(tunnel),
            Some(Operation::Mine(metal)) => {
                robot.cargo[metal.index()] += 1;
                mined = true;
            }
            Some(Operation::Upgrade(slot)) => robot.levels[slot] = (robot.levels[slot] + 1).min(MAX_LEVEL),
            Some(Operation::Scan) => {
                if let Some(Snapshot::Scan(s)) = robot.snapshot.take() {
                    robot.last_scan = Some(s);
                }
            }
            Some(Operation::Push(_)) => {
                if let Some(Snapshot::Push(p)) = robot.snapshot.take() {
                    robot.last_push = Some(p);
                }
            }
            Some(Operation::Arrive) | None => {}
        }
        report.finished += 1;
        mined
    }
}

impl Rules for FedrunekRules {
    const ID: &'static str = "fedrunek";
    const RULES_VERSION: u32 = 1;
    const DRAWING: kibitz_core::drawing::Dims = kibitz_core::drawing::Dims::Three;
    type Params = Params;
    type State = FedrunekState;
    type TurnReport = TurnReport;

    fn start(params: &Params, teams: usize, seed: u64) -> Result<FedrunekState, String> {
        let g = generate(params, teams, seed)?;
        let fleets = g
            .starts
            .iter()
            .map(|&start| {
                let kinds = std::iter::repeat_n(Kind::Miner, g.miners as usize).chain(std::iter::repeat_n(Kind::Scout, g.scouts as usize));
                kinds.enumerate().map(|(i, k)| Robot::new(i as u32 + 1, k, start)).collect()
            })
            .collect();
        let sites = Sites { stations: g.stations, workshops: g.workshops };
        Ok(FedrunekState::new(g.world, sites, fleets, params.max_turns))
    }

    fn command(state: &mut FedrunekState, ctx: &Ctx, team: usize, line: Args) -> Reply {
        let (which, mut args) = command(line, &COMMANDS).ok_or(Fail::UNKNOWN_COMMAND)?;
        // Commands that take no arguments, or only a robot ID, are read here; the rest read
        // their own.
        let no_args = |args: Args| args.end();
        match COMMANDS[which] {
            "DESCRIBE WORLD" => {
                no_args(args)?;
                Ok(Lines::from([format!("{} {} {}", state.world.n(), ctx.turn_seconds(), ctx.common.k)]))
            }
            "TIME TO MINE" => {
                no_args(args)?;
                // The host's cap counts once it is as near as a known end would be.
                let capped = ctx.capped_left().filter(|&c| c <= FINAL_TURNS);
                let left = match (state.turns_left(ctx.turn), capped) {
                    (Some(own), Some(capped)) => Some(own.min(capped)),
                    (own, capped) => own.or(capped),
                };
                Ok(Lines::from([left.map_or("UNKNOWN".into(), |l| l.to_string())]))
            }
            "LIST STATIONS" => no_args(args).map(|_| Self::sites(&state.sites.stations)),
            "LIST WORKSHOPS" => no_args(args).map(|_| Self::sites(&state.sites.workshops)),
            "LIST SCOUTS" => no_args(args).map(|_| Self::list(&state.teams[team].robots, Kind::Scout)),
            "LIST MINERS" => no_args(args).map(|_| Self::list(&state.teams[team].robots, Kind::Miner)),
            "FINANCIAL REPORT" => {
                no_args(args)?;
                let t = &state.teams[team];
                Ok(Lines::single(|l| l.int(t.credits).int(t.spent)))
            }
            "BUY" => Self::buy(state, team, args),
            "UPGRADE" => {
                let id = args.int()?;
                let skill_word = args.word()?;
                args.end()?;
                Self::upgrade(state, team, id, skill_word)
            }
            "MOVE" | "DRILL" => {
                let id = args.int()?;
                let d = offset(&mut args)?;
                args.end()?;
                if COMMANDS[which] == "MOVE" { Self::do_move(state, team, id, d) } else { Self::drill(state, team, ctx, id, d) }
            }
            "PUSH" => {
                let id = args.int()?;
                let k = args.int()?;
                args.end()?;
                Self::push(state, team, id, k)
            }
            name => {
                let id = args.int()?;
                args.end()?;
                match name {
                    "INFO" => {
                        let robot = state.teams[team].robot(id)?;
                        let at = robot.pos;
                        // Room for seven lines of the longest kind, and the `OK` put before them.
                        let mut lines = Lines::with_capacity(INFO_ORDER.len() * 40);
                        INFO_ORDER.iter().for_each(|&d| write_info_line(state, at, d, &mut lines));
                        Ok(lines)
                    }
                    "STORAGE" => {
                        let robot = state.teams[team].robot(id)?;
                        kind(robot, Kind::Miner)?;
                        let cargo = robot.cargo.map(i64::from);
                        let mut lines = Lines::new();
                        lines.line().ints(cargo).int(robot.free_space().into()).end();
                        Ok(lines)
                    }
                    "MINE" => Self::mine(state, team, id),
                    "SCAN" => Self::scan(state, team, id),
                    "YIELD LAST PUSH" => Self::yield_push(state, team, id),
                    "YIELD LAST SCAN" => Self::yield_scan(state, team, id),
                    _ => Err(Fail::INTERNAL),
                }
            }
        }
    }

    fn end_turn(state: &mut FedrunekState, ctx: &Ctx) -> (TurnReport, bool) {
        let mut report = TurnReport::default();
        let sites = Arc::clone(&state.sites);
        for (index, team) in state.teams.iter_mut().enumerate() {
            for robot in &mut team.robots {
                if robot.busy == 0 {
                    continue;
                }
                robot.busy -= 1;
                if robot.busy == 1 {
                    robot.snapshot = snapshot(&state.world, robot);
                } else if robot.busy == 0 {
                    if let Some(Operation::Drill(tunnel)) = robot.operation {
                        state.drilling.remove(&tunnel);
                    }
                    if Self::finish(&mut state.world, &sites, index, &mut team.credits, robot, &mut report) {
                        state.mined += 1;
                    }
                }
            }
        }
        report.mined = state.mined;
        if state.threshold_turn.is_none() && state.mined * 10 >= state.initial_metal * 9 {
            state.threshold_turn = Some(ctx.turn);
            report.threshold = true;
        }
        let over = state.threshold_turn.is_some_and(|t0| ctx.turn >= t0 + FINAL_TURNS) || ctx.turn >= state.max_turns;
        (report, over)
    }

    fn results(state: &FedrunekState) -> Vec<Fixed6> {
        state.teams.iter().map(|t| Fixed6::from_int(t.result())).collect()
    }

    fn answer_lines(line: Args) -> AnswerLines {
        match command(line, &COMMANDS).map(|(which, _)| COMMANDS[which]) {
            Some("LIST STATIONS" | "LIST WORKSHOPS" | "LIST SCOUTS" | "LIST MINERS") => AnswerLines::Counted { word: 0 },
            // `X Y Z COUNT` (where the push started), then the fields.
            Some("YIELD LAST PUSH") => AnswerLines::Counted { word: 3 },
            Some("MOVE" | "UPGRADE") => AnswerLines::Fixed(0),
            // The robot's own field and its six neighbours.
            Some("INFO") => AnswerLines::Fixed(7),
            _ => AnswerLines::Fixed(1),
        }
    }
}
