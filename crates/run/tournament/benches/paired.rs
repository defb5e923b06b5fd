//! Planning a long paired test whose results are all known, batch after batch, as `tournament
//! run` and `standings` plan it again each time: every pair drawn (the seat decides), which a
//! [0, 5] test accepts as H0 after 8,206 pairs (16,412 matches); the report on those; and the
//! SPRT's figures on one set of counts. `cargo bench -p kibitz-tournament --bench paired`.

use criterion::{Criterion, criterion_group, criterion_main};
use kibitz_tournament::matches::{Match, Outcome};
use kibitz_tournament::paired::{Test, plan, report};
use kibitz_tournament::spec::{Bot, Format, SetupSpec, Spec};
use kibitz_tournament::sprt::elo;
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let spec = Spec {
        game: "lighthouses".into(),
        bots: ["new", "old"].iter().map(|n| Bot { name: n.to_string(), command: format!("./{n}"), check: false, version: None }).collect(),
        setups: vec![SetupSpec { name: "harbour".into(), flags: Vec::new() }, SetupSpec { name: "duel".into(), flags: Vec::new() }],
        seats: 2,
        format: Format::Sprt {
            candidate: "new".into(),
            baseline: "old".into(),
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
            max_pairs: 20_000,
        },
        games: 1,
        seed: 1,
    };
    let test = Test::of(&spec).expect("the test's bots are there");
    // Even pairs (the seat decides each match).
    let results = |_: &Match| Some(Outcome { scores: vec![2, 1], failed: Vec::new() });
    let mut group = c.benchmark_group("paired");
    group.sample_size(10);
    group.bench_function("plan 8,206 pairs to H0, every result known", |b| {
        b.iter(|| {
            let planned = plan(&spec, &test, black_box(&results));
            assert_eq!(planned.len(), 16_412);
            planned
        })
    });
    let planned = plan(&spec, &test, &results);
    group.bench_function("report on 8,206 pairs", |b| b.iter(|| report(&spec, &test, black_box(&planned), &results)));
    group.bench_function("LLR and Elo of one pentanomial", |b| {
        b.iter(|| (test.sprt.llr(black_box(&[40, 200, 600, 210, 38])), elo(black_box(&[40, 200, 600, 210, 38]))))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
