//! A throwaway game that exists only to prove the checklist in docs/architecture.md. This file
//! holds what a game's own crates would: its rules, its bots' protocol, its map file and one
//! sample bot. Its room ([`crate::room`]) and its view ([`crate::view`]) are the app's part.

use kibitz_core::replay::Limits;
use kibitz_core::{BotProtocol, Game, Step, ToMove};
use serde::{Deserialize, Serialize};

/// Players take turns adding 1 or 2 to a counter until it reaches the target.
pub struct Counting;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Setup {
    pub target: u32,
}

#[derive(Debug, Clone)]
pub struct State {
    pub count: u32,
    pub target: u32,
    next: usize,
    added: Vec<i64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    pub count: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refused: Option<String>,
}

impl Game for Counting {
    const ID: &'static str = "counting";
    const RULES_VERSION: u32 = 1;
    type Setup = Setup;
    type State = State;
    type Action = u32;
    type Outcome = Outcome;

    fn start(setup: &Setup, players: usize, _seed: u64) -> Result<State, String> {
        if players == 0 {
            return Err("counting needs a player".into());
        }
        Ok(State { count: 0, target: setup.target, next: 0, added: vec![0; players] })
    }

    fn to_move(state: &State) -> ToMove {
        if state.count >= state.target { ToMove::Over } else { ToMove::Player(state.next) }
    }

    fn apply(state: &mut State, step: &Step<u32>) -> Outcome {
        let Step::Act { player, action } = step else { return Outcome { count: state.count, refused: None } };
        state.next = (player + 1) % state.added.len();
        match action {
            Some(n @ 1..=2) => {
                state.count += n;
                state.added[*player] += *n as i64;
                Outcome { count: state.count, refused: None }
            }
            _ => Outcome { count: state.count, refused: Some("add 1 or 2".into()) },
        }
    }

    fn scores(state: &State) -> Vec<i64> {
        state.added.clone()
    }

    fn round(state: &State) -> u32 {
        state.count
    }
}

/// The protocol: `counting TARGET` once (the bot answers its name), then `count N` before each
/// of its turns (it answers 1 or 2).
impl BotProtocol for Counting {
    /// Generous: the bots are this test binary, started on a machine busy building.
    const LIMITS: Limits = Limits { init_ms: 20_000, turn_soft_ms: 1_000, turn_hard_ms: 10_000, first_turn_ms: None, total_ms: None };

    fn init_lines(state: &State, _player: usize) -> Vec<String> {
        vec![format!("counting {}", state.target)]
    }

    fn parse_greeting(line: &str) -> Result<String, String> {
        Some(line.trim()).filter(|name| !name.is_empty()).map(String::from).ok_or_else(|| "an empty name".into())
    }

    fn turn_lines(state: &State, _player: usize) -> Vec<String> {
        vec![format!("count {}", state.count)]
    }

    fn parse_action(line: &str) -> Result<u32, String> {
        line.trim().parse().map_err(|_| format!("{line:?} is not a number"))
    }

    fn result_lines(_outcome: &Outcome) -> Vec<String> {
        Vec::new()
    }
}

/// A map is lines of cells: each `o` is one unit the counter must reach, `.` is none.
pub fn parse_map(text: &str) -> Result<Setup, (usize, usize, String)> {
    let mut target = 0;
    for (y, line) in text.lines().enumerate() {
        for (x, c) in line.chars().enumerate() {
            match c {
                'o' => target += 1,
                '.' => {}
                _ => return Err((y + 1, x + 1, format!("{c:?} is no cell: o is a unit, . is none"))),
            }
        }
    }
    if target == 0 {
        return Err((0, 0, "no unit: the target would be 0".into()));
    }
    Ok(Setup { target })
}

/// Our sample bots: the same number every turn.
pub const STRATEGIES: &[(&str, &str)] = &[("add-one", "always adds 1"), ("add-two", "always adds 2")];

pub struct SameEveryTurn {
    name: &'static str,
    adds: u32,
}

impl SameEveryTurn {
    pub fn new(strategy: &str) -> Result<Self, String> {
        match strategy {
            "add-one" => Ok(Self { name: "add-one", adds: 1 }),
            "add-two" => Ok(Self { name: "add-two", adds: 2 }),
            _ => Err(format!("no counting bot called {strategy:?}")),
        }
    }
}

impl kibitz_bots::LineBot for SameEveryTurn {
    fn on_line(&mut self, line: &str) -> Result<Vec<String>, String> {
        match line.split_whitespace().next() {
            Some("counting") => Ok(vec![self.name.to_string()]),
            Some("count") => Ok(vec![self.adds.to_string()]),
            _ => Err(format!("unexpected line {line:?}")),
        }
    }
}
