//! Benchmarks:
//!
//! - rules: commands simulated per second, on one long solution (Natsubate's 306206-point
//!   problem 24 solution when the reference data is present, else a drop-everything solution on
//!   a board of our own);
//! - scoring: every stored solution record of the reference data (the official server capture,
//!   Natsubate's best, tbd's golden tests), scored from text, skipped when the data is absent;
//! - replay: load, and load + verify, of replays of about 1, 10 and 100 MB.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kibitz_core::Step;
use kibitz_icfp2015::{
    Command, Direction, Ending, Event, Icfp2015, Problem, Rules, Setup, SolutionRecord, State, phrases_from_lines, read_solutions, score,
};
use serde_json::json;
use std::hint::black_box;
use std::path::PathBuf;
use std::sync::Arc;

fn reference() -> Option<PathBuf> {
    let workspace = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../..");
    Some(kibitz_core::reference::reference_dir(&workspace)?.join("icfp2015"))
}

fn read(path: PathBuf) -> String {
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Rules for the 25 qualifier problems with the 18 phrases, indexed by id.
fn qualifier_rules(dir: &std::path::Path) -> Vec<Arc<Rules>> {
    let phrases = phrases_from_lines(&read(dir.join("phrases.txt")));
    (0..25)
        .map(|i| Arc::new(Rules::new(Problem::parse(&read(dir.join(format!("problems/problem_{i}.json")))).unwrap(), &phrases).unwrap()))
        .collect()
}

/// (rules, seed, solution) for the long-solution benchmark.
fn long_game() -> (Arc<Rules>, u32, String) {
    if let Some(dir) = reference() {
        let rules = qualifier_rules(&dir);
        let records = read_solutions(&read(dir.join("solutions/natsubate_state-of-the-art.json"))).unwrap();
        let best = records.into_iter().find(|r| r.problem_id == 24).unwrap();
        return (Arc::clone(&rules[24]), best.seed, best.solution);
    }
    // Our own: a 30×30 board, three shapes, 500 units, each dropped zig-zag until it locks.
    let units = json!([
        {"members": [{"x": 0, "y": 0}, {"x": 1, "y": 0}, {"x": 2, "y": 0}], "pivot": {"x": 1, "y": 0}},
        {"members": [{"x": 0, "y": 0}, {"x": 0, "y": 1}], "pivot": {"x": 0, "y": 0}},
        {"members": [{"x": 0, "y": 0}], "pivot": {"x": 0, "y": 0}},
    ]);
    let p = Problem::parse(
        &json!({"id": 0, "width": 30, "height": 30, "filled": [], "units": units, "sourceLength": 500, "sourceSeeds": [0]}).to_string(),
    )
    .unwrap();
    let rules = Arc::new(Rules::new(p, &["ei!"]).unwrap());
    let mut s = State::new(Arc::clone(&rules), 0);
    let mut text = String::new();
    let mut k = 0;
    while !s.is_over() {
        let c = if k % 2 == 0 { 'a' } else { 'l' };
        k += 1;
        text.push(c);
        if let Event::Locked(..) = s.feed(c) {
            k = 0;
        }
    }
    (rules, 0, text)
}

fn rules(c: &mut Criterion) {
    let (rules, seed, text) = long_game();
    let total = score(&rules, seed, &text);
    assert!(total.error.is_none());
    let mut group = c.benchmark_group("rules");
    group.throughput(Throughput::Elements(text.chars().count() as u64));
    group.bench_function(format!("one solution of {} commands, scored (elements = commands)", text.len()), |b| {
        b.iter(|| black_box(score(&rules, seed, black_box(&text))))
    });
    group.finish();
}

fn scoring(c: &mut Criterion) {
    let Some(dir) = reference() else { return };
    let rules = qualifier_rules(&dir);
    let mut records: Vec<SolutionRecord> = read_solutions(&read(dir.join("solutions/shiftforward_api-viewer_solutions.json"))).unwrap();
    records.extend(
        read_solutions(&read(dir.join("solutions/natsubate_state-of-the-art.json"))).unwrap().into_iter().filter(|r| r.problem_id < 25),
    );
    for e in std::fs::read_dir(dir.join("solutions/tbd_golden_tests")).unwrap() {
        records.extend(read_solutions(&read(e.unwrap().path())).unwrap());
    }
    let chars: usize = records.iter().map(|r| r.solution.len()).sum();
    let mut group = c.benchmark_group("scoring");
    group.sample_size(10);
    group.throughput(Throughput::Elements(records.len() as u64));
    group.bench_function(
        format!("all {} stored records, {:.1} MB of commands (elements = records)", records.len(), chars as f64 / 1e6),
        |b| b.iter(|| records.iter().map(|r| score(&rules[r.problem_id as usize], r.seed, &r.solution).total).sum::<u64>()),
    );
    group.finish();
}

/// A game that goes on as long as its source: 1 × 1 units on a 10 × 20 board, each taken to the
/// next column and dropped straight down, so that every ten units clear the bottom row.
fn sweeping_game(units: u32) -> (Setup, Vec<Step<char>>) {
    let unit = json!({"members": [{"x": 0, "y": 0}], "pivot": {"x": 0, "y": 0}});
    let problem = json!({"id": 0, "width": 10, "height": 20, "filled": [], "units": [unit], "sourceLength": units, "sourceSeeds": [0]});
    let setup = Setup { problem: Problem::parse(&problem.to_string()).unwrap(), seed: 0, phrases: vec!["ei!".into()] };
    let rules = Arc::new(Rules::new(setup.problem.clone(), &setup.phrases).unwrap());
    let mut state = State::new(Arc::clone(&rules), 0);
    let mut steps = Vec::new();
    let (mut at, mut column) = (rules.spawn_pivot(0), 0);
    while !state.is_over() {
        let direction = if at.x > column {
            Direction::W
        } else if at.x < column {
            Direction::E
        } else if at.moved(Direction::SE).x == column {
            Direction::SE
        } else {
            Direction::SW
        };
        let c = Command::Move(direction).char();
        steps.push(Step::Act { player: 0, action: Some(c) });
        match state.feed(c) {
            Event::Locked(..) => (at, column) = (rules.spawn_pivot(0), (column + 1) % 10),
            Event::Moved(_) => at = at.moved(direction),
            other => panic!("the sweep goes wrong: {other:?}"),
        }
    }
    assert_eq!(state.ending(), Some(Ending::SourceExhausted), "every row the sweep fills is cleared");
    (setup, steps)
}

fn replay(c: &mut Criterion) {
    kibitz_bench::replay_group::<Icfp2015>(c, |megabytes| {
        let (setup, steps) = sweeping_game(430 * megabytes);
        kibitz_bench::replay_text::<Icfp2015>(&setup, 0, 1, &steps)
    });
}

criterion_group!(benches, rules, scoring, replay);
criterion_main!(benches);
