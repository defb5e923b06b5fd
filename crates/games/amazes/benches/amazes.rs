//! How fast the rules run: maze generation and parsing, one information stage with inference
//! from scratch, and a whole 300-turn match re-simulated (what `verify` and the viewer's
//! timeline do); and reading replays of about 1, 10 and 100 MB.

#[path = "../tests/common.rs"]
mod common;

use criterion::{Criterion, criterion_group, criterion_main};
use kibitz_amazes::{Amazes, Knowledge, Maze, Moves, Setup, View, generate};
use kibitz_core::{Game, Step, ToMove};
use std::hint::black_box;

/// A whole match: a patient explorer (one walk to the nearest undiscovered square per turn)
/// against a bot that always answers `T`.
fn match_steps(setup: &Setup) -> Vec<Step<Moves>> {
    let mut state = Amazes::start(setup, 2, 0).unwrap();
    let mut steps = Vec::new();
    while let ToMove::Player(p) = Amazes::to_move(&state) {
        let line = if p == 0 { common::explorer_line_upto(&state, 0, 1) } else { common::moves("T") };
        let step = Step::Act { player: p, action: Some(line) };
        Amazes::apply(&mut state, &step);
        steps.push(step);
    }
    steps
}

fn benches(c: &mut Criterion) {
    c.bench_function("generate a maze", |b| {
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            black_box(generate(seed))
        })
    });
    let text = generate(1).to_text();
    c.bench_function("parse and validate a maze", |b| b.iter(|| black_box(Maze::parse(black_box(&text)).unwrap())));

    let maze = generate(2);
    let [red, blue] = maze.starts.unwrap();
    let view = View::of(&maze, red, blue.square);
    c.bench_function("information stage from scratch", |b| {
        b.iter(|| {
            let mut k = Knowledge::new();
            k.look(red, black_box(&view));
            black_box(k.infer())
        })
    });

    let setup = Setup::new(generate(21));
    let steps = match_steps(&setup);
    c.bench_function("re-simulate a 300-turn match", |b| {
        b.iter(|| {
            let mut state = Amazes::start(&setup, 2, 0).unwrap();
            for step in &steps {
                black_box(Amazes::apply(&mut state, step));
            }
            black_box(Amazes::scores(&state))
        })
    });
}

/// Replays of the same two players over longer matches (the contest played 150 turns each;
/// `Setup::turns` lets a match go on).
fn replay(c: &mut Criterion) {
    kibitz_bench::replay_group::<Amazes>(c, |megabytes| {
        let setup = Setup { turns: 1_430 * megabytes, ..Setup::new(generate(21)) };
        kibitz_bench::replay_text::<Amazes>(&setup, 0, 2, &long_match_steps(&setup))
    });
}

/// A match as long as its setup allows: the explorer walks until the whole maze is discovered,
/// then both players wander at random (lines of one to six moves), never ending the match by
/// sudden death.
fn long_match_steps(setup: &Setup) -> Vec<Step<Moves>> {
    let mut state = Amazes::start(setup, 2, 0).unwrap();
    let mut rng = kibitz_core::rng::SplitMix64::new(6);
    let mut steps = Vec::new();
    let last = 2 * setup.turns as usize - 1;
    while let ToMove::Player(p) = Amazes::to_move(&state) {
        let explored = state.players[0].knowledge.discovered().is_full();
        let mut step = Step::Act { player: p, action: Some(common::moves("T")) };
        for _ in 0..100 {
            let line = match (p, explored) {
                (0, false) => common::explorer_line_upto(&state, 0, 1),
                (1, false) => common::moves("T"),
                _ => common::moves(&(0..1 + rng.below(6)).map(|_| ["F", "T", "L", "R"][rng.below(4)]).collect::<String>()),
            };
            step = Step::Act { player: p, action: Some(line) };
            let mut next = state.clone();
            Amazes::apply(&mut next, &step);
            if steps.len() == last || matches!(Amazes::to_move(&next), ToMove::Player(_)) {
                break;
            }
        }
        Amazes::apply(&mut state, &step);
        steps.push(step);
    }
    assert_eq!(steps.len(), last + 1, "{:?}", state.ending);
    steps
}

criterion_group!(amazes, benches, replay);
criterion_main!(amazes);
