//! How fast the rules run: maze generation and parsing, one information stage with inference
//! from scratch, and a whole 300-turn match re-simulated (what `verify` and the viewer's
//! timeline do).

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

criterion_group!(amazes, benches);
criterion_main!(amazes);
