//! Scripted players for tests and benchmarks: commands chosen from raw numbers, biased towards
//! ones that change the board, so that random games really capture, connect and light.
#![allow(dead_code)]

use kibitz_core::{Game, Step, ToMove};
use kibitz_lighthouses::{Command, Lighthouses, Pos, Setup, State, Target};

/// A command chosen from a few raw numbers, biased towards ones that change the board: walk to
/// lighthouses, take them, wait for keys, connect.
pub fn command(state: &State, player: usize, kind: u8, a: i64, b: usize) -> Command {
    let me = &state.players[player];
    let here = state.lighthouse_at(me.pos);
    let mine = |k: usize| state.lighthouses[k].owner == Some(player);
    match kind % 8 {
        0 => Command::Move { x: a.rem_euclid(3) - 1, y: (a / 3).rem_euclid(3) - 1 },
        1 => Command::Attack { energy: a.rem_euclid(120) },
        2 => Command::Connect { destination: Target::Cell(state.lighthouses[b % state.lighthouses.len()].pos) },
        _ => {
            if let Some(k) = here {
                if !mine(k) && me.energy > 0 {
                    return Command::Attack { energy: me.energy };
                }
                let keyed: Vec<usize> =
                    (0..state.lighthouses.len()).filter(|&j| j != k && mine(j) && me.keys[j] && !state.connected(j, k)).collect();
                if mine(k) && !keyed.is_empty() {
                    return Command::Connect { destination: Target::Cell(state.lighthouses[keyed[b % keyed.len()]].pos) };
                }
                if mine(k) && !me.keys[k] {
                    return Command::Pass;
                }
            }
            // Head for a lighthouse (chosen by `b`) one step at a time, sliding around water.
            let target = state.lighthouses[b % state.lighthouses.len()].pos;
            let (dx, dy) = ((target.0 - me.pos.0).signum(), (target.1 - me.pos.1).signum());
            for (x, y) in [(dx, dy), (dx, 0), (0, dy), (a.rem_euclid(3) as i32 - 1, (a / 3).rem_euclid(3) as i32 - 1)] {
                if state.map().is_island(Pos(me.pos.0 + x, me.pos.1 + y)) {
                    return Command::Move { x: x as i64, y: y as i64 };
                }
            }
            Command::Pass
        }
    }
}

/// A whole match of scripted players, as the steps a replay would hold.
pub fn scripted_match(setup: &Setup, players: usize, seed: u64) -> Vec<Step<Command>> {
    let mut state = Lighthouses::start(setup, players, seed).expect("a playable setup");
    let mut n = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut steps = Vec::new();
    loop {
        let step = match Lighthouses::to_move(&state) {
            ToMove::Over => return steps,
            ToMove::Player(p) => {
                n = n.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let c = command(&state, p, (n >> 33) as u8, (n >> 20) as i64 & 0xff, (n >> 40) as usize % 97);
                Step::Act { player: p, action: Some(c) }
            }
            _ => Step::Tick,
        };
        Lighthouses::apply(&mut state, &step);
        steps.push(step);
    }
}
