//! What every game's benchmarks share (a dev-dependency only): a match written as the referee
//! or server writes its replay, and the `replay` group that reads replays of about 1, 10 and
//! 100 MB, so that every game's figures in `docs/performance.md` are measured the same way.

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput};
use kibitz_core::replay::{PlayerInfo, Replay, ReplayHeader, ReplayWriter, StepRecord};
use kibitz_core::verify::check_text;
use kibitz_core::{Game, Step};
use std::hint::black_box;

// Benchmarks measure with the allocator of the `kibitz` binary: every target that links this
// crate (the benchmarks, and tests using its helpers) runs on it.
use kibitz_allocator as _;

/// The replay of `steps` played from `setup` by `players` players, as [`ReplayWriter`] writes
/// it (outcomes from the rules, no end record: a match stopped where the steps stop).
pub fn replay_text<G: Game>(setup: &G::Setup, seed: u64, players: usize, steps: &[Step<G::Action>]) -> String {
    let names = (0..players).map(|k| PlayerInfo::human(format!("P{k}"))).collect();
    let header = ReplayHeader::new::<G>(setup.clone(), seed, names, None);
    let mut writer = ReplayWriter::new(Vec::new(), &header).expect("writing to memory");
    let mut state = G::start(setup, players, seed).expect("the benchmark's setup starts");
    for (i, step) in steps.iter().enumerate() {
        let outcome = G::apply(&mut state, step);
        writer.record(&StepRecord::new(i, step, outcome)).expect("writing to memory");
    }
    String::from_utf8(writer.into_inner()).expect("the writer writes UTF-8")
}

/// A bot's drawing on every turn of `text`, as a bot that draws its plan writes it: a few dots,
/// an arrow, a label, a note and a value ([`kibitz_core::drawing`]). A replay's drawing is never
/// verified, but it is read: this is what reading it costs.
pub fn with_drawing(text: &str) -> String {
    const DRAW: &str = r#","draw":["dot 3 4 red","dot 5 6","dot 7 8 #20c0ff","line 3 4 7 8 yellow","text 7 8 target","note going for the north lighthouse","value distance 12.5"]}"#;
    let mut out = String::with_capacity(text.len() * 2);
    for (i, line) in text.lines().enumerate() {
        match line.strip_suffix('}') {
            Some(record) if i > 0 && line.contains(r#","player":"#) => {
                out.push_str(record);
                out.push_str(DRAW);
            }
            _ => out.push_str(line),
        }
        out.push('\n');
    }
    out
}

/// The `replay` group: for 1, 10 and 100 MB, `load` (what opening the replay in the viewer
/// reads) and `load + verify` (`kibitz verify`: read and re-simulate) of `replay_of(megabytes)`,
/// a replay of about that size, in bytes per second; at 10 MB also the same replay with a bot's
/// drawing on every turn ([`with_drawing`]). The real size is in each name.
pub fn replay_group<G: Game>(c: &mut Criterion, mut replay_of: impl FnMut(u32) -> String) {
    // As `kibitz verify` runs.
    kibitz_allocator::keep_freed_memory();
    let mut group = c.benchmark_group("replay");
    group.sample_size(10);
    for megabytes in [1, 10, 100] {
        let text = replay_of(megabytes);
        read_both::<G>(&mut group, &format!("{megabytes} MB"), &text);
        if megabytes == 10 {
            let drawn = with_drawing(&text);
            let loaded = Replay::<G>::parse(&drawn).expect("the header reads");
            assert!(loaded.replay.records.iter().any(|r| !r.draw.is_empty()), "the drawing is read");
            read_both::<G>(&mut group, &format!("{megabytes} MB with drawing"), &drawn);
        }
    }
    group.finish();
}

/// `load + verify` and `load` of `text`, named `what` and its size.
fn read_both<G: Game>(group: &mut BenchmarkGroup<'_, WallTime>, what: &str, text: &str) {
    group.throughput(Throughput::Bytes(text.len() as u64));
    let size = format!("{:.1} MB", text.len() as f64 / 1e6);
    group.bench_function(format!("{what}: load + verify ({size})"), |b| {
        b.iter(|| {
            let checked = check_text::<G>(black_box(text)).expect("the header reads");
            assert!(checked.verdict.is_ok() && checked.damage.is_none(), "a written replay verifies");
            checked.steps
        })
    });
    group.bench_function(format!("{what}: load ({size})"), |b| b.iter(|| Replay::<G>::parse(black_box(text)).expect("the header reads")));
}
