//! Benchmarks behind the figures in docs/performance.md.
//!
//! - rules: rounds per second on the largest reference map with 8 players, and a whole
//!   10,000-round 4-player match re-simulated;
//! - replay: load, and load + verify, of 1, 10 and 100 MB replays, in MB/s;
//! - seek: the state at an arbitrary step of a 100,000-step replay, through keyframes.

#[path = "../tests/support/scripted.rs"]
mod scripted;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use kibitz_core::{Game, Timeline};
use kibitz_lighthouses::{Lighthouses, Map, Setup};
use std::hint::black_box;
use std::path::PathBuf;

/// The largest reference map (square_xl, 20×20), or a map of our own of the same size when the
/// reference data is absent.
fn big_map() -> Map {
    let workspace = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../..");
    if let Some(dir) = kibitz_core::reference::reference_dir(&workspace) {
        let text = std::fs::read_to_string(dir.join("lighthouses/maps/square_xl.txt")).expect("square_xl.txt");
        return Map::parse(&text).expect("square_xl parses");
    }
    let text = std::fs::read_to_string(workspace.join("maps/lighthouses/atoll.txt")).expect("our own large map");
    Map::parse(&text).expect("atoll parses")
}

/// Benchmarks re-simulating `steps` from the start of `setup` with `players` players.
fn bench_match(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    setup: &Setup,
    players: usize,
    seed: u64,
) {
    let steps = scripted::scripted_match(setup, players, seed);
    group.throughput(Throughput::Elements(setup.rounds as u64));
    group.bench_function(name, |b| {
        b.iter_batched(
            || Lighthouses::start(setup, players, seed).unwrap(),
            |mut state| {
                for step in &steps {
                    black_box(Lighthouses::apply(&mut state, step));
                }
                state
            },
            BatchSize::SmallInput,
        )
    });
}

fn rules(c: &mut Criterion) {
    let map = big_map();
    let mut group = c.benchmark_group("rules");
    bench_match(&mut group, "1000 rounds, 8 players, square_xl (elements = rounds)", &Setup { map: map.clone(), rounds: 1000 }, 8, 1);
    group.sample_size(20);
    bench_match(&mut group, "whole 10000-round 4-player match (elements = rounds)", &Setup { map, rounds: 10_000 }, 4, 2);
    group.finish();
}

/// Reading replays of about 1, 10 and 100 MB: 4 players of the scripted match, 1,560 rounds
/// per megabyte.
fn replay(c: &mut Criterion) {
    let map = big_map();
    kibitz_bench::replay_group::<Lighthouses>(c, |megabytes| {
        let setup = Setup { map: map.clone(), rounds: 1_560 * megabytes };
        kibitz_bench::replay_text::<Lighthouses>(&setup, 7, 4, &scripted::scripted_match(&setup, 4, 7))
    });
}

fn seek(c: &mut Criterion) {
    // 100,000 steps: 4 players, 6 steps a round.
    let setup = Setup { map: big_map(), rounds: 16_667 };
    let steps = scripted::scripted_match(&setup, 4, 3);
    let len = steps.len();
    let initial = Lighthouses::start(&setup, 4, 3).unwrap();
    let mut group = c.benchmark_group("seek");
    group.sample_size(10);
    group.bench_function(format!("build keyframed timeline of {len} steps"), |b| {
        b.iter(|| Timeline::<Lighthouses>::new(initial.clone(), steps.clone()))
    });
    let timeline = Timeline::<Lighthouses>::new(initial.clone(), steps);
    let mut i = 0usize;
    group.sample_size(100);
    group.bench_function(format!("state at an arbitrary step of {len}"), |b| {
        b.iter(|| {
            // A different step each time, spread over the whole replay.
            i = (i + 7919 * 13) % (len + 1);
            black_box(timeline.state_at(i))
        })
    });
    group.finish();
}

criterion_group!(benches, rules, replay, seek);
criterion_main!(benches);
