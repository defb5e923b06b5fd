//! What one team knows of the asteroid at a moment of a game: the fields its `INFO`, `YIELD LAST
//! PUSH` and `YIELD LAST SCAN` answers described, each with the values it was told (spec §2.5,
//! "viewer fog of war"). Derived from the replay, never stored in the state.

use crate::rules::{FedrunekState, INFO_ORDER};
use crate::world::Pos;
use crate::{Fedrunek, TurnReport};
use kibitz_core::Game;
use kibitz_deadline24::{Command, Outcome, State, split};
use std::collections::HashMap;

/// A field as it was last described to the team.
#[derive(Debug, Clone, PartialEq, Hash)]
pub enum Seen {
    /// A surface field: `SURFACE`, `STATION` or `WORKSHOP`.
    Surface(String),
    Underground {
        stone: bool,
        metals: [u8; 3],
        /// Whether a tunnel led there from the robot that looked (`INFO` only).
        tunnel: Option<bool>,
    },
}

/// A scan's totals over a column, keyed by the surface field it was made from.
#[derive(Debug, Clone, PartialEq, Hash)]
pub struct ColumnTotals {
    pub ground: u32,
    pub stone: u32,
    pub metals: [u32; 3],
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Knowledge {
    pub fields: HashMap<Pos, Seen>,
    pub columns: HashMap<Pos, ColumnTotals>,
}

fn numbers<const K: usize>(words: &[&str]) -> Option<[i64; K]> {
    if words.len() < K {
        return None;
    }
    let mut out = [0; K];
    for (v, w) in out.iter_mut().zip(words) {
        *v = w.parse().ok()?;
    }
    Some(out)
}

fn underground(words: &[&str]) -> Option<(bool, [u8; 3])> {
    let stone = match *words.first()? {
        "STONE" => true,
        "GROUND" => false,
        _ => return None,
    };
    let [i, s, g] = numbers::<3>(&words[1..])?;
    Some((stone, [i as u8, s as u8, g as u8]))
}

impl Knowledge {
    /// Takes in one step of `team`, given the state after it.
    pub fn learn(&mut self, before: &State<FedrunekState>, team: usize, command: &Command, outcome: &Outcome<TurnReport>) {
        let lines = outcome.lines();
        if lines.first() != Some("OK") {
            return;
        }
        let words = split(&command.line);
        match words.as_slice() {
            ["INFO", id] => {
                let Some(robot) = id.parse::<usize>().ok().and_then(|id| before.game.teams.get(team)?.robots.get(id.checked_sub(1)?))
                else {
                    return;
                };
                for (line, d) in lines.iter().skip(1).zip(INFO_ORDER) {
                    let w = split(line);
                    let p = robot.pos.offset(d);
                    match w.as_slice() {
                        [route, _, _, _, "UNDERGROUND", rest @ ..] => {
                            if let Some((stone, metals)) = underground(rest) {
                                self.fields.insert(p, Seen::Underground { stone, metals, tunnel: Some(*route == "FREE") });
                            }
                        }
                        [_, _, _, _, building] => {
                            self.fields.insert(p, Seen::Surface(building.to_string()));
                        }
                        _ => {}
                    }
                }
            }
            ["YIELD", "LAST", "PUSH", _] => {
                for line in lines.iter().skip(2) {
                    let w = split(line);
                    if let (Some([x, y, z]), Some((stone, metals))) = (numbers::<3>(&w), w.get(3..).and_then(underground)) {
                        self.fields.insert(Pos::new(x as i32, y as i32, z as i32), Seen::Underground { stone, metals, tunnel: None });
                    }
                }
            }
            ["YIELD", "LAST", "SCAN", _] => {
                if let Some([x, y, z, ground, stone, i, s, g]) = lines.get(1).and_then(|l| numbers::<8>(&split(l))) {
                    let totals = ColumnTotals { ground: ground as u32, stone: stone as u32, metals: [i as u32, s as u32, g as u32] };
                    self.columns.insert(Pos::new(x as i32, y as i32, z as i32), totals);
                }
            }
            _ => {}
        }
    }

    /// What `team` knew after the first `steps` steps of a game. The commands that teach
    /// (`INFO`, `YIELD LAST ...`) change nothing, so the state after each is the one it met.
    pub fn of_team(initial: &State<FedrunekState>, steps: &[kibitz_core::Step<Command>], team: usize) -> Knowledge {
        let mut knowledge = Knowledge::default();
        knowledge.advance(&mut initial.clone(), steps, team);
        knowledge
    }

    /// Plays `steps` on `state` (the state this knowledge was learnt up to) and learns from
    /// `team`'s: a view moving forward does not start again from the first step.
    pub fn advance(&mut self, state: &mut State<FedrunekState>, steps: &[kibitz_core::Step<Command>], team: usize) {
        for step in steps {
            let outcome = Fedrunek::apply(state, step);
            if let kibitz_core::Step::Act { player, action: Some(command) } = step
                && *player == team
            {
                self.learn(state, team, command, &outcome);
            }
        }
    }
}
