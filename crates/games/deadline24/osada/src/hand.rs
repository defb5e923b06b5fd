//! What a human's clicks mean in hand play, as rules (no rendering): a click on a field picks
//! one of the team's troops there, or gives the picked troop a `MOVE` or a `SHOOT`; and what the
//! server would answer a command right now, from a copy of the state, so that the view can say
//! why a click would fail before it is sent.

use crate::Osada;
use crate::params::MoveCoords;
use crate::settlement::Xy;
use crate::state::{Kind, OsadaState};
use kibitz_core::{Game, Step};
use kibitz_deadline24::{Command, State};

/// What a click does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Click {
    /// Pick this troop (its protocol ID).
    Select(i64),
    /// Send this command line.
    Send(String),
    Nothing,
}

/// A click of team `team` on field `at`, with troop `selected` picked (its ID, if living):
/// - on a field holding the team's troops, the next of them in the field's queue after the
///   picked one (so that clicks cycle through a field), else the first;
/// - a sniper picked, on a field in its range holding coors: `SHOOT` there;
/// - on a neighbour of the picked troop: `MOVE` there, in the game's reading of MOVE;
/// - anything else does nothing.
pub fn click(state: &OsadaState, team: usize, selected: Option<i64>, at: Xy) -> Click {
    if !state.land.settlement.on_board(at) {
        return Click::Nothing;
    }
    let f = state.land.field(at);
    let index = state.index();
    let own: Vec<i64> =
        index.beetles(f).iter().map(|&t| &state.troops[t as usize]).filter(|t| t.team as usize == team).map(|t| t.id as i64).collect();
    if !own.is_empty() {
        let next = selected.and_then(|s| own.iter().position(|&id| id == s)).map_or(0, |k| (k + 1) % own.len());
        return Click::Select(own[next]);
    }
    let Some(troop) = selected.and_then(|id| state.troop(team, id)) else { return Click::Nothing };
    let t = state.troops[troop as usize];
    let (x, y) = state.land.xy(t.at);
    let (dx, dy) = (at.0 - x, at.1 - y);
    if t.kind == Kind::Sniper && dx.abs().max(dy.abs()) <= state.sight(t.at) && !index.coors(f).is_empty() {
        return Click::Send(format!("SHOOT {} {dx} {dy}", t.id));
    }
    if dx.abs().max(dy.abs()) == 1 {
        return Click::Send(match state.params.move_coords {
            MoveCoords::Absolute => format!("MOVE {} {} {}", t.id, at.0, at.1),
            MoveCoords::Relative => format!("MOVE {} {dx} {dy}", t.id),
        });
    }
    Click::Nothing
}

/// What the server would answer `line` from team `team` now: the command tried on a copy of
/// the game (cheap: the copy shares all but the round's orders).
pub fn answer(state: &State<OsadaState>, team: usize, line: &str) -> Vec<String> {
    let mut copy = state.clone();
    let step = Step::Act { player: team, action: Some(Command { conn: 1, at_us: 0, line: line.to_string() }) };
    Osada::apply(&mut copy, &step).lines().to_vec()
}
