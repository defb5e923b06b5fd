//! Wycinanka's commands and turn boundary (spec §3.3, §3.4, §3.6).

use crate::generate::{Params, sheet};
use crate::graph::{Graph, fits};
pub use crate::placed::{Cut, Placed};
use crate::schedule::Schedule;
use crate::sheet::{Order, Sheet};
use crate::world::World;
use kibitz_core::rng::SplitMix64;
use kibitz_deadline24::{AnswerLines, Args, Ctx, Fail, Fixed6, Lines, Reply, Rules, command};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use std::sync::Arc;

/// Wycinanka's errors 101–105, verbatim (spec §3.8).
pub mod errors {
    use kibitz_deadline24::Fail;
    pub const BAD_ORDER: Fail = Fail::new(101, "incorrect order identifier");
    pub const ANSWERED: Fail = Fail::new(102, "you have already answered this order");
    pub const BAD_VERTEX: Fail = Fail::new(103, "your solution contains incorrect vertex id");
    pub const DUPLICATE: Fail = Fail::new(104, "your solution contains duplicate vertex id");
    pub const BAD_SIZE: Fail = Fail::new(105, "the size of your solution is incorrect");
}
use errors::*;

/// Numbers of a commit kept on the stack: the ID, S and the largest default order's 25
/// vertices. Every recorded commit is checked again when a replay is verified.
const COMMIT_INLINE: usize = 27;

const COMMANDS: [&str; 8] = [
    "DESCRIBE WORLD",
    "TIME TO CUT",
    "GET ORDER COUNT",
    "DESCRIBE ORDER",
    "COMMIT SOLUTION",
    "GET SCORE",
    // `WAIT` is answered by the common layer; listed so the table has the seed's whole list.
    "WAIT",
    // Ours, beyond the seed: a client started again mid-game (a take-over restarts the other
    // teams' clients) learns what its team has fulfilled instead of committing it again.
    "LIST ANSWERED ORDERS",
];

#[derive(Debug, Clone)]
pub struct WycinankaState {
    pub sheet: Arc<Sheet>,
    /// Order `id` is `orders[id - 1]`.
    pub orders: Vec<Placed>,
    /// Each team's points in this game, before K.
    pub points: Vec<Fixed6>,
    pub turns: u32,
    /// The orders of the turns to come, shared by every state of the game.
    schedule: Arc<Schedule>,
}

/// What a turn boundary did: the orders placed for the next turn (their IDs).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct TurnReport {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub new_orders: Vec<u32>,
}

impl WycinankaState {
    /// A game in progress from its parts, `orders` placed before turn 1 (tests build the seed's
    /// example this way). `rng` draws the orders of later turns.
    pub fn new(sheet: Sheet, orders: Vec<Order>, teams: usize, params: Params, rng: SplitMix64) -> Self {
        Self::with_schedule(Arc::new(sheet), orders.into_iter().map(|o| Placed::new(o, 1)).collect(), teams, params, rng, 2)
    }

    /// A game with `orders` placed, whose schedule draws the orders of turn `first` on.
    fn with_schedule(sheet: Arc<Sheet>, orders: Vec<Placed>, teams: usize, params: Params, rng: SplitMix64, first: u32) -> Self {
        let turns = params.turns;
        let schedule = Schedule::new(Arc::clone(&sheet), Arc::new(params), rng, first);
        Self { sheet, orders, points: vec![Fixed6(0); teams], turns, schedule }
    }

    /// Places the orders of `turn` (1: before the first) and returns their IDs.
    fn place_orders(&mut self, turn: u32) -> Vec<u32> {
        self.schedule
            .turn(turn)
            .into_iter()
            .map(|placed| {
                self.orders.push(placed);
                self.orders.len() as u32
            })
            .collect()
    }

    fn placed(&self, id: i64) -> Result<&Placed, Fail> {
        usize::try_from(id).ok().and_then(|id| id.checked_sub(1)).and_then(|i| self.orders.get(i)).ok_or(BAD_ORDER)
    }
}

/// Whether a vertex occurs twice in `map`: marked in a bit set on the stack when every vertex
/// is below 4,096 (every recorded commit is checked again when a replay is verified, and a
/// sorted copy of each solution cost more than the rest of its checks), else sorted.
fn has_duplicate(map: &[u32]) -> bool {
    let mut seen = [0u64; 64];
    if map.iter().all(|&v| (v as usize) < 64 * 64) {
        return !map.iter().all(|&v| {
            let (word, bit) = (v as usize / 64, 1 << (v % 64));
            let fresh = seen[word] & bit == 0;
            seen[word] |= bit;
            fresh
        });
    }
    let mut sorted = map.to_vec();
    sorted.sort_unstable();
    sorted.windows(2).any(|w| w[0] == w[1])
}

/// `p × 0.9^i`, rounded half up to millionths: exact for up to 30 earlier teams, then a tenth
/// less per further team, each step rounded (spec §3.5).
pub fn share(p: Fixed6, i: usize) -> Fixed6 {
    let exact = i.min(30) as u32;
    let (num, den) = (p.0 as i128 * 9i128.pow(exact), 10i128.pow(exact));
    let mut micros = ((num * 2 + den) / (den * 2)) as i64;
    for _ in exact as usize..i {
        micros = (micros * 9 + 5) / 10;
    }
    Fixed6(micros)
}

/// The world a game of `params` and `seed` is played on: its sheet and the orders of every
/// turn (they depend on nothing the teams do), to save as a world file.
pub fn world_of(params: &Params, seed: u64) -> Result<World, String> {
    let mut state = WycinankaRules::start(params, 1, seed)?;
    for turn in 2..=state.turns {
        state.place_orders(turn);
    }
    let orders = state.orders.iter().map(|p| (p.turn, Order::clone(&p.order))).collect();
    Ok(World { sheet: Sheet::clone(&state.sheet), orders })
}

pub struct WycinankaRules;

impl WycinankaRules {
    fn commit(state: &mut WycinankaState, team: usize, mut args: Args) -> Reply {
        // Every argument an integer, at least the ID and S (error 3).
        let mut numbers = SmallVec::<[i64; COMMIT_INLINE]>::new();
        while let Some(number) = args.next_int() {
            numbers.push(number?);
        }
        if numbers.len() < 2 {
            return Err(Fail::BAD_FORMAT);
        }
        let (id, size, vertices) = (numbers[0], numbers[1], &numbers[2..]);
        let placed = state.placed(id)?;
        if placed.fulfilled_by(team) {
            return Err(ANSWERED);
        }
        let order = Arc::clone(&placed.order);
        if size != order.graph.n() as i64 || vertices.len() as i64 != size {
            return Err(BAD_SIZE);
        }
        let n = state.sheet.graph.n() as i64;
        if vertices.iter().any(|v| !(1..=n).contains(v)) {
            return Err(BAD_VERTEX);
        }
        let map: SmallVec<[u32; COMMIT_INLINE]> = vertices.iter().map(|&v| v as u32).collect();
        if has_duplicate(&map) {
            return Err(DUPLICATE);
        }
        if !fits(&order.graph, &state.sheet.graph, &map) {
            return Ok(Lines::from(["INCORRECT"]));
        }
        let placed = &mut state.orders[id as usize - 1];
        let won = share(order.value, placed.cuts.len());
        placed.cuts.push(Cut { team, map: map.as_slice().into() });
        state.points[team] = Fixed6(state.points[team].0 + won.0);
        Ok(Lines::single(|l| l.word("ACCEPTED").fixed(won)))
    }

    /// `V E P C`, then the order's edges.
    fn describe(placed: &Placed) -> Lines {
        let g: &Graph = &placed.order.graph;
        let mut lines = Lines::with_capacity(placed.edges.text().len() + 40);
        lines.line().int(g.n().into()).int(g.edges().len() as i64).fixed(placed.order.value).int(placed.cuts.len() as i64).end();
        lines.append(&placed.edges);
        lines
    }
}

impl Rules for WycinankaRules {
    const ID: &'static str = "wycinanka";
    const RULES_VERSION: u32 = 1;
    type Params = Params;
    type State = WycinankaState;
    type TurnReport = TurnReport;

    fn start(params: &Params, teams: usize, seed: u64) -> Result<WycinankaState, String> {
        params.check()?;
        let mut rng = SplitMix64::new(seed ^ 0x3779_cafe);
        let sheet = match &params.world {
            Some(world) => world.sheet.clone(),
            None => sheet(params, &mut rng),
        };
        let mut state = WycinankaState::with_schedule(Arc::new(sheet), Vec::new(), teams, params.clone(), rng, 1);
        state.place_orders(1);
        Ok(state)
    }

    fn command(state: &mut WycinankaState, ctx: &Ctx, team: usize, line: Args) -> Reply {
        let (which, mut args) = command(line, &COMMANDS).ok_or(Fail::UNKNOWN_COMMAND)?;
        if COMMANDS[which] == "COMMIT SOLUTION" {
            return Self::commit(state, team, args);
        }
        match COMMANDS[which] {
            "DESCRIBE WORLD" => {
                args.end()?;
                let g = &state.sheet.graph;
                let mut lines = Lines::from([format!("{} {} {} {}", g.n(), g.edges().len(), ctx.turn_seconds(), ctx.common.k)]);
                g.write_edges(&mut lines);
                Ok(lines)
            }
            "TIME TO CUT" => {
                args.end()?;
                Ok(Lines::single(|l| l.int(ctx.turns_left(state.turns.saturating_sub(ctx.turn) + 1).into())))
            }
            "GET ORDER COUNT" => {
                args.end()?;
                Ok(Lines::single(|l| l.int(state.orders.len() as i64)))
            }
            "DESCRIBE ORDER" => {
                let id = args.int()?;
                args.end()?;
                Ok(Self::describe(state.placed(id)?))
            }
            "GET SCORE" => {
                args.end()?;
                Ok(Lines::single(|l| l.fixed(state.points[team])))
            }
            "LIST ANSWERED ORDERS" => {
                args.end()?;
                let answered: Vec<i64> =
                    state.orders.iter().zip(1..).filter(|(placed, _)| placed.fulfilled_by(team)).map(|(_, id)| id).collect();
                let mut lines = Lines::single(|l| l.int(answered.len() as i64));
                for id in answered {
                    lines.line().int(id).end();
                }
                Ok(lines)
            }
            _ => Err(Fail::INTERNAL),
        }
    }

    /// Places the next turn's orders; the game ends after its last turn.
    fn end_turn(state: &mut WycinankaState, ctx: &Ctx) -> (TurnReport, bool) {
        if ctx.turn >= state.turns {
            return (TurnReport::default(), true);
        }
        let new_orders = state.place_orders(ctx.turn + 1);
        (TurnReport { new_orders }, false)
    }

    fn results(state: &WycinankaState) -> Vec<Fixed6> {
        state.points.clone()
    }

    /// The orders of the coming turns are drawn on another thread while the commands are
    /// answered (asking again does nothing).
    fn prepare_replay(state: &WycinankaState) {
        state.schedule.draw_ahead();
    }

    fn answer_lines(line: Args) -> AnswerLines {
        match command(line, &COMMANDS).map(|(which, _)| COMMANDS[which]) {
            // `N M T K`, then M edges; `V E P C`, then E edges.
            Some("DESCRIBE WORLD" | "DESCRIBE ORDER") => AnswerLines::Counted { word: 1 },
            // `K`, then K order IDs.
            Some("LIST ANSWERED ORDERS") => AnswerLines::Counted { word: 0 },
            _ => AnswerLines::Fixed(1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_repeated_vertex_is_found_in_small_and_large_numbers_alike() {
        for (map, repeated) in [
            (vec![], false),
            (vec![1, 2, 3], false),
            (vec![1, 2, 1], true),
            (vec![63, 64, 4095, 0], false),
            (vec![4095, 7, 4095], true),
            (vec![4096, 9, 4096], true),
            (vec![4096, 9, 8000, u32::MAX], false),
        ] {
            assert_eq!(has_duplicate(&map), repeated, "{map:?}");
        }
    }

    #[test]
    fn the_ith_team_gets_nine_tenths_of_the_one_before() {
        let p = Fixed6(10_000_000);
        assert_eq!(share(p, 0), Fixed6(10_000_000));
        assert_eq!(share(p, 1), Fixed6(9_000_000));
        assert_eq!(share(p, 2), Fixed6(8_100_000));
        assert_eq!(share(p, 3), Fixed6(7_290_000));
        // 1.234567 × 0.9^5 = 1.234567 × 0.59049 = 0.72899947…, to millionths 0.728999; and
        // 2.000005 × 0.9 = 1.8000045 rounds half up to 1.800005.
        assert_eq!(share(Fixed6(1_234_567), 5), Fixed6(728_999));
        assert_eq!(share(Fixed6(2_000_005), 1), Fixed6(1_800_005));
        assert!(share(Fixed6(100_000_000), 40).0 > 0 && share(Fixed6(100_000_000), 40) < share(Fixed6(100_000_000), 30));
    }
}
