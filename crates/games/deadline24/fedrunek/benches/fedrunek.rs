//! Fedrunek's rules: re-simulating a recorded game, and the cost of keyframes and seeks on a
//! 64³ asteroid over 1,000 turns (figures in docs/performance.md).

use criterion::{Criterion, criterion_group, criterion_main};
use kibitz_core::rng::SplitMix64;
use kibitz_core::{Game, Step, Timeline};
use kibitz_deadline24::{Command, Common};
use kibitz_fedrunek::{Fedrunek, Params, Setup};
use std::hint::black_box;

/// A game of `teams` teams on a cube of side `n`: every turn each team lists its miners, asks
/// INFO about each and gives each free one an order (drill or move inward, mine, or a step on
/// the surface), then the turn ends. The commands are chosen from the state, as a client would.
fn scripted(n: i32, teams: usize, turns: u32) -> (Setup, Vec<Step<Command>>) {
    let setup = Setup {
        common: Common { turn_ms: 1000, command_limit: 100_000, ..Common::default() },
        game: Params { n, initial_miners: Some(5), initial_scouts: Some(2), max_turns: turns + 1, ..Params::default() },
    };
    let mut state = Fedrunek::start(&setup, teams, 9).unwrap();
    let mut rng = SplitMix64::new(4);
    let mut steps = Vec::new();
    let send = |state: &mut _, team: usize, line: String, steps: &mut Vec<Step<Command>>| {
        // An arrival time within the turn, as the server records it: every command's text is
        // then its own, as in a real replay.
        let at_us = steps.len() as u64 * 7919 % 1_000_000;
        let step = Step::Act { player: team, action: Some(Command { conn: 1, at_us, line }) };
        let outcome = Fedrunek::apply(state, &step);
        steps.push(step);
        outcome
    };
    for _ in 0..turns {
        for team in 0..teams {
            send(&mut state, team, "LIST MINERS".into(), &mut steps);
            let robots: Vec<_> = state.game.teams[team].robots.iter().map(|r| (r.id, r.pos, r.busy, r.kind)).collect();
            for (id, pos, busy, kind) in robots {
                send(&mut state, team, format!("INFO {id}"), &mut steps);
                if busy > 0 || kind != kibitz_fedrunek::robots::Kind::Miner {
                    continue;
                }
                let world = &state.game.world;
                let line = if world.underground(pos) && world.cell(pos).metals().iter().any(|&m| m > 0) {
                    format!("MINE {id}")
                } else {
                    let d = [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]][rng.below(6)];
                    let to = pos.offset(d);
                    let verb = if world.inside(to) && !world.passable(pos, to) { "DRILL" } else { "MOVE" };
                    format!("{verb} {id} {} {} {}", d[0], d[1], d[2])
                };
                send(&mut state, team, line, &mut steps);
            }
        }
        Fedrunek::apply(&mut state, &Step::Tick);
        steps.push(Step::Tick);
    }
    (setup, steps)
}

/// Reading replays of 40, 400 and 4,000 turns (8 teams, N = 32: about 1, 10 and 100 MB).
fn replay(c: &mut Criterion) {
    kibitz_bench::replay_group::<Fedrunek>(c, |megabytes| {
        let (setup, steps) = scripted(32, 8, 40 * megabytes);
        kibitz_bench::replay_text::<Fedrunek>(&setup, 9, 8, &steps)
    });
}

fn resimulate(c: &mut Criterion) {
    let (setup, steps) = scripted(32, 8, 300);
    eprintln!("re-simulation: {} steps (8 teams, 300 turns, N = 32)", steps.len());
    c.bench_function("fedrunek: re-simulate a 300-turn, 8-team game", |b| {
        b.iter(|| {
            let mut state = Fedrunek::start(&setup, 8, 9).unwrap();
            for step in &steps {
                black_box(Fedrunek::apply(&mut state, step));
            }
        })
    });
}

fn keyframes(c: &mut Criterion) {
    let (setup, steps) = scripted(64, 4, 1000);
    let initial = Fedrunek::start(&setup, 4, 9).unwrap();
    let timeline = Timeline::<Fedrunek>::new(initial.clone(), steps.clone());
    // Memory of the keyframes: the world's chunks are shared until a command writes one.
    // The copies are kept alive, as the timeline keeps them, so that no address is reused.
    let mut state = initial;
    let mut kept = Vec::new();
    for (i, step) in steps.iter().enumerate() {
        if i % kibitz_core::timeline::DEFAULT_INTERVAL == 0 {
            kept.push(state.clone());
        }
        Fedrunek::apply(&mut state, step);
    }
    let frames = kept.len();
    let chunks: std::collections::HashSet<usize> = kept.iter().flat_map(|s| s.game.world.chunk_addresses()).collect();
    let per_world = state.game.world.chunk_addresses().len();
    eprintln!(
        "keyframes: {} steps, {frames} keyframes, {} distinct world chunks of 8 KiB ({:.1} MiB) where unshared copies would hold {} ({:.0} MiB)",
        steps.len(),
        chunks.len(),
        chunks.len() as f64 * 8.0 / 1024.0,
        frames * per_world,
        (frames * per_world) as f64 * 8.0 / 1024.0
    );
    let len = timeline.len();
    let mut at = 0usize;
    c.bench_function("fedrunek: seek anywhere in a 1,000-turn game on a 64³ asteroid", |b| {
        b.iter(|| {
            at = (at + 7919) % len;
            black_box(timeline.state_at(at).turn)
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = resimulate, keyframes, replay
}
criterion_main!(benches);
