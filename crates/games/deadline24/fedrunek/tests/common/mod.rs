//! A game driven command by command, as the server would drive it.

#![allow(dead_code)]

use kibitz_core::{Game, Step};
use kibitz_deadline24::{Command, Common, Outcome, State};
use kibitz_fedrunek::robots::{Kind, Robot};
use kibitz_fedrunek::rules::{FedrunekState, Sites, Team};
use kibitz_fedrunek::world::{Cell, Metal, Pos, World};
use kibitz_fedrunek::{Fedrunek, Params, Setup, TurnReport};

pub struct Table {
    pub state: State<FedrunekState>,
    pub steps: Vec<Step<Command>>,
}

impl Table {
    /// A generated game.
    pub fn generated(params: Params, teams: usize, seed: u64, common: Common) -> Self {
        let state = Fedrunek::start(&Setup { common, game: params }, teams, seed).unwrap();
        Self { state, steps: Vec::new() }
    }

    /// The seed's example ([`seed_example`]) with T = 5.
    pub fn seed_example() -> Self {
        Self::of(seed_example(), 5000)
    }

    pub fn custom(world: World, stations: Vec<Pos>, workshops: Vec<Pos>, fleets: Vec<Vec<Robot>>, turn_ms: u64) -> Self {
        Self::of(FedrunekState::new(world, Sites { stations, workshops }, fleets, 1000), turn_ms)
    }

    fn of(game: FedrunekState, turn_ms: u64) -> Self {
        let common = Common { turn_ms, ..Common::default() };
        let commands = vec![0; game.teams.len()];
        Self { state: State { game, common, turn: 1, commands, over: false, paused: false }, steps: Vec::new() }
    }

    /// Team `team` sends `line` at `at_us` into the turn; the answer's lines.
    pub fn send_at(&mut self, team: usize, line: &str, at_us: u64) -> Vec<String> {
        let step = Step::Act { player: team, action: Some(Command { conn: 1, at_us, line: line.to_string() }) };
        let outcome = Fedrunek::apply(&mut self.state, &step);
        self.steps.push(step);
        outcome.lines().to_vec()
    }

    pub fn send(&mut self, team: usize, line: &str) -> Vec<String> {
        self.send_at(team, line, 0)
    }

    /// The answer's data lines after `OK` (panics on a failure, showing it).
    pub fn ok(&mut self, team: usize, line: &str) -> Vec<String> {
        let answer = self.send(team, line);
        assert_eq!(answer.first().map(String::as_str), Some("OK"), "{line} → {answer:?}");
        answer[1..].to_vec()
    }

    pub fn tick(&mut self) -> Outcome<TurnReport> {
        let outcome = Fedrunek::apply(&mut self.state, &Step::Tick);
        self.steps.push(Step::Tick);
        outcome
    }

    pub fn ticks(&mut self, n: usize) {
        for _ in 0..n {
            self.tick();
        }
    }

    pub fn team(&self, team: usize) -> &Team {
        &self.state.game.teams[team]
    }
}

/// The seed's example asteroid (§5.11): N = 128, K = 1; miners 1 and 2 and scout 3 at
/// (128, 64, 64); a station at (128, 63, 64); (127, 64, 64) is ground with one gold unit.
pub fn seed_example() -> FedrunekState {
    let mut world = World::new(128);
    world.set(Pos::new(127, 64, 64), Cell::default().with_metal(Metal::Gold, 1));
    let start = Pos::new(128, 64, 64);
    let robots = vec![Robot::new(1, Kind::Miner, start), Robot::new(2, Kind::Miner, start), Robot::new(3, Kind::Scout, start)];
    FedrunekState::new(world, Sites { stations: vec![Pos::new(128, 63, 64)], workshops: vec![Pos::new(128, 60, 60)] }, vec![robots], 1000)
}

/// The seed's session on its example (§2.7.1), after the login: each command and its answer,
/// byte for byte. The seed's team has a scout too (ID 3); `LIST MINERS` shows the miners only.
pub const SEED_SESSION: [(&str, &[&str]); 6] = [
    ("DESCRIBE WORLD", &["OK", "128 5 1.000000"]),
    ("LIST MINERS", &["OK", "2", "1 128 64 64 1 1 1 0", "2 128 64 64 1 1 1 0"]),
    (
        "INFO 1",
        &[
            "OK",
            "FREE 0 0 0 SURFACE",
            "FREE 0 -1 0 STATION",
            "FREE 0 1 0 SURFACE",
            "FREE 0 0 -1 SURFACE",
            "FREE 0 0 1 SURFACE",
            "NIL",
            "TUNNEL -1 0 0 UNDERGROUND GROUND 0 0 1",
        ],
    ),
    ("DRILL 1 -1 0 0", &["OK", "DRILLING 4"]),
    ("DRILL 2 -1 0 0", &["FAILED 107 cannot drill there"]),
    ("MOVE 2 0 1 0", &["OK"]),
];

/// Lines as a test writes them.
pub fn lines(text: &[&str]) -> Vec<String> {
    text.iter().map(|s| s.to_string()).collect()
}
