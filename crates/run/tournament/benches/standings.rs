//! The standings of a big tournament: about 1,000 replays of about 140 KB (the lighthouses demo,
//! four real bots over 200 rounds, its header given each match's bots), read and verified on
//! every core, then counted and rated. `cargo bench -p kibitz-tournament`.

use criterion::{Criterion, criterion_group, criterion_main};
use kibitz_core::verify::check_text;
use kibitz_lighthouses::Lighthouses;
use kibitz_tournament::plan::plan;
use kibitz_tournament::spec::{Bot, Format, SetupSpec, Spec};
use kibitz_tournament::standings::{Checked, Known, standings};
use std::hint::black_box;

// As the `kibitz` binary runs.
use kibitz_allocator as _;

fn bench(c: &mut Criterion) {
    let demo =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../replays/lighthouses-demo.jsonl")).expect("the demo replay");
    // 7 bots, 4 seats: 35 groups in 4 seat orders, 7 games each: 980 matches.
    let spec = Spec {
        game: "lighthouses".into(),
        bots: (0..7).map(|k| Bot { name: format!("b{k}"), command: format!("./bot{k}"), check: false, version: None }).collect(),
        setups: vec![SetupSpec { name: "harbour".into(), flags: Vec::new() }],
        seats: 4,
        format: Format::RoundRobin,
        games: 7,
        seed: 1,
    };
    let matches = plan(&spec, &|_| None, None).expect("a round robin plans");
    let dir = tempfile::tempdir().expect("a folder");
    let (header, body) = demo.split_once('\n').expect("a header line");
    let mut header: serde_json::Value = serde_json::from_str(header).expect("the header reads");
    let mut bytes = 0;
    for m in &matches {
        for (seat, &bot) in m.seats.iter().enumerate() {
            header["players"][seat]["command"] = spec.bots[bot].command.clone().into();
        }
        let text = format!("{header}\n{body}");
        bytes += text.len();
        std::fs::write(dir.path().join(format!("{}.jsonl", m.id)), text).expect("a replay written");
    }
    let verify = |text: &str| {
        let checked = check_text::<Lighthouses>(text).map_err(|e| e.to_string())?;
        let verified = checked.verdict.map_err(|e| e.to_string())?;
        Ok(Checked { scores: verified.scores, decimals: 0 })
    };
    let mut group = c.benchmark_group("standings");
    group.sample_size(10);
    let name = format!("{} replays, {:.0} MB", matches.len(), bytes as f64 / 1e6);
    group.bench_function(name, |b| {
        b.iter(|| {
            let table = standings(
                &spec,
                &matches,
                black_box(dir.path()),
                &verify,
                Known { contest_points: false, plan_seed: false, setups: &[], per_bot: false },
            );
            assert_eq!(table.played, matches.len(), "{:?}", table.unverified.first());
            table
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
