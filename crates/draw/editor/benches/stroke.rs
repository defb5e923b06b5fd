//! What one frame of painting costs on the biggest map there is, a 512 × 512 osada settlement:
//! the stroke's paint (a 9-cell brush, mirrored both ways), the text the checks read, the
//! settlement's own parser (the check a match makes), and the game's start (what the view is
//! made of); then a stroke's end and its undo. `cargo bench -p kibitz-editor`.

use criterion::{Criterion, criterion_group, criterion_main};
use kibitz_core::Game;
use kibitz_editor::{Board, Editor, Sheet, Symmetry};
use kibitz_osada::{Osada, Params, Settlement};
use std::hint::black_box;
use std::sync::Arc;

// As the `kibitz` binary runs.
use kibitz_allocator as _;

fn bench(c: &mut Criterion) {
    let text = kibitz_osada::generate::settlement(512, 4, 7).expect("a settlement").to_text();
    let sheet = Sheet::parse(&text);
    let board = Board { first: 0, cols: 512, rows: 512 };
    let mut group = c.benchmark_group("editor 512 × 512");
    group.sample_size(20);
    let mut editor = Editor::new(sheet.clone());
    let mut k = 0usize;
    group.bench_function("paint a 9-cell brush, four images", |b| {
        b.iter(|| {
            k = (k + 1) % 200;
            editor.paint(board, 100 + k, 100, 3, Symmetry::Four, |_| if k % 2 == 0 { '*' } else { '.' });
        })
    });
    editor.end_stroke();
    group.bench_function("the text the checks read", |b| b.iter(|| black_box(editor.text())));
    group.bench_function("check: Settlement::parse", |b| b.iter(|| Settlement::parse(black_box(&text)).expect("it checks")));
    let settlement = Arc::new(Settlement::parse(&text).expect("it checks"));
    group.bench_function("the view's start: Osada::start", |b| {
        b.iter(|| {
            let game = Params { n: 512, settlement: Some(settlement.clone()), ..Params::default() };
            let setup = kibitz_osada::Setup { common: Default::default(), game };
            Osada::start(black_box(&setup), 4, 0).expect("it starts")
        })
    });
    group.bench_function("a stroke's end and its undo", |b| {
        let mut editor = Editor::new(sheet.clone());
        b.iter(|| {
            editor.paint(board, 200, 200, 9, Symmetry::Four, |_| '#');
            editor.end_stroke();
            editor.undo()
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
