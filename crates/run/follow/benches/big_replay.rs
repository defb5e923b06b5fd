//! A big replay read the way the viewer reads it: how soon its first lines are there, and how
//! fast the rest follows. The replay is generated once with the lighthouses rules (four players
//! stepping at random on the harbour map, 100 MB, over 600,000 steps, ending with a stop
//! record) into `$CARGO_TARGET_DIR/kibitz-bench/` (or `target/`), where the window's own
//! figures are measured too: `kibitz view FILE --frame-stats 5` prints `first_board_ms`,
//! `loaded_ms` and `max_rss_mb` (docs/performance.md). `cargo bench -p kibitz-follow`.

use kibitz_core::replay::{EndRecord, PlayerInfo, ReplayHeader, ReplayWriter, StepRecord};
use kibitz_core::rng::SplitMix64;
use kibitz_core::{Game, Step, ToMove};
use kibitz_follow::{Follow, Mode, Source};
use kibitz_lighthouses::command::Command;
use kibitz_lighthouses::map::Map;
use kibitz_lighthouses::{Lighthouses, Setup};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const SIZE: u64 = 100 << 20;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..")
}

/// The generated replay, made if it is not there yet.
fn big_replay() -> PathBuf {
    let dir = std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| workspace().join("target"), PathBuf::from).join("kibitz-bench");
    let path = dir.join("lighthouses-100mb.jsonl");
    if std::fs::metadata(&path).is_ok_and(|m| m.len() >= SIZE) {
        return path;
    }
    std::fs::create_dir_all(&dir).unwrap();
    let started = Instant::now();
    let map = Map::parse(&std::fs::read_to_string(workspace().join("maps/lighthouses/harbour.txt")).unwrap()).unwrap();
    let setup = Setup { map, rounds: 1_000_000 };
    let players: Vec<PlayerInfo> = (0..4).map(|k| PlayerInfo::human(format!("walker {k}"))).collect();
    let mut state = Lighthouses::start(&setup, players.len(), 0).unwrap();
    let header = ReplayHeader::new::<Lighthouses>(setup, 0, players.clone(), None);
    let file = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    let written = std::rc::Rc::new(std::cell::Cell::new(0u64));
    let mut writer = ReplayWriter::new(CountingWriter { inner: file, written: written.clone() }, &header).unwrap().batched();
    let mut rng = SplitMix64::new(7);
    let mut step = 0;
    while written.get() < SIZE {
        let next = match Lighthouses::to_move(&state) {
            ToMove::Player(player) => {
                let r = rng.next_u64();
                let action = if r.is_multiple_of(10) {
                    Command::Pass
                } else {
                    Command::Move { x: (r >> 8) as i64 % 3 - 1, y: (r >> 16) as i64 % 3 - 1 }
                };
                Step::Act { player, action: Some(action) }
            }
            ToMove::Tick => Step::Tick,
            ToMove::Over | ToMove::Anyone => break,
        };
        let outcome = Lighthouses::apply(&mut state, &next);
        writer.record(&StepRecord::new(step, &next, outcome)).unwrap();
        step += 1;
    }
    let end = EndRecord {
        scores: Lighthouses::scores(&state),
        names: players.iter().map(|p| p.name.clone()).collect(),
        failed: Vec::new(),
        stopped: Some("generated for a benchmark".into()),
    };
    writer.end(&end).unwrap();
    writer.flush().unwrap();
    eprintln!("generated {} ({step} steps) in {:.1} s", path.display(), started.elapsed().as_secs_f64());
    path
}

/// A writer that counts what went through it.
struct CountingWriter<W: Write> {
    inner: W,
    written: std::rc::Rc<std::cell::Cell<u64>>,
}

impl<W: Write> Write for CountingWriter<W> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(bytes)?;
        self.written.set(self.written.get() + n as u64);
        Ok(n)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

fn main() {
    let path = big_replay();
    let size = std::fs::metadata(&path).unwrap().len();
    // Time to the header and the first thousand lines: what the first frame needs.
    let mut firsts = Vec::new();
    for _ in 0..20 {
        let started = Instant::now();
        let follow = Follow::start(Source::File(path.clone()), Mode::Load);
        for _ in 0..1000 {
            follow.wait_line(Duration::from_secs(10)).expect("a line");
        }
        firsts.push(started.elapsed().as_secs_f64() * 1000.0);
    }
    firsts.sort_by(f64::total_cmp);
    println!("first 1,000 lines of {} MB: median {:.2} ms, worst {:.2} ms (20 runs)", size >> 20, firsts[10], firsts[19]);
    // The whole file through the follower (reading and splitting; the viewer's parsing and
    // simulating come on top, in the window's own figures).
    for _ in 0..3 {
        let started = Instant::now();
        let follow = Follow::start(Source::File(path.clone()), Mode::Load);
        let mut lines = 0usize;
        while !follow.finished() {
            if follow.wait_line(Duration::from_millis(50)).is_some() {
                lines += 1;
            }
        }
        lines += follow.new_lines().len();
        let seconds = started.elapsed().as_secs_f64();
        println!("whole file: {lines} lines in {:.2} s, {:.0} MB/s", seconds, size as f64 / seconds / 1e6);
    }
}
