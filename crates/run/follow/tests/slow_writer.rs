//! A replay written slowly by another process (a shell appending byte ranges, cut anywhere,
//! lines torn in half included) is read by the follower: every line exactly once, in order.

use kibitz_follow::{Follow, Line, Mode, Phase, Source, TORN_AFTER};
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::time::{Duration, Instant};

fn bundled(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../replays").join(name)
}

/// A shell that appends `src`'s bytes to `out` in `pieces` (start, length, pause after it in
/// seconds): a real second process writing as a match does, but cut wherever we like.
fn write_slowly(src: &Path, out: &Path, pieces: &[(usize, usize, f32)]) -> Child {
    let script: String = pieces
        .iter()
        .map(|&(start, len, pause)| format!("tail -c +{} \"$1\" | head -c {len} >> \"$2\"; sleep {pause}\n", start + 1))
        .collect();
    Command::new("sh").arg("-c").arg(script).arg("writer").arg(src).arg(out).spawn().expect("sh runs")
}

/// Cuts `total` bytes into pieces of `size` with a short pause after each.
fn pieces(from: usize, to: usize, size: usize) -> Vec<(usize, usize, f32)> {
    (from..to).step_by(size).map(|start| (start, size.min(to - start), 0.005)).collect()
}

/// Reads lines until the follower has handed over everything, or `limit` passes.
fn read_all(follow: &Follow, limit: Duration) -> Vec<Line> {
    let started = Instant::now();
    let mut got = Vec::new();
    while started.elapsed() < limit && !follow.finished() {
        if let Some(line) = follow.wait_line(Duration::from_millis(50)) {
            got.push(line);
        }
    }
    got.extend(follow.new_lines());
    got
}

fn expected(text: &str) -> Vec<Line> {
    text.lines().enumerate().map(|(i, l)| Line { number: i + 1, text: l.to_string() }).collect()
}

#[test]
fn every_line_of_a_slowly_written_replay_arrives_once_even_across_a_torn_line() {
    let src = bundled("lighthouses-failure.jsonl");
    let text = std::fs::read_to_string(&src).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("live.jsonl");
    // Started before the file exists: the follower waits for it.
    let follow = Follow::start(Source::File(out.clone()), Mode::Follow);
    std::thread::sleep(Duration::from_millis(100));
    assert!(matches!(follow.status().phase, Phase::Waiting(_)), "{:?}", follow.status().phase);

    // 997-byte pieces fall anywhere in lines; then the last line is torn in half for a while.
    let last_line_starts = text[..text.len() - 1].rfind('\n').unwrap() + 1;
    let half = last_line_starts + (text.len() - last_line_starts) / 2;
    let mut plan = pieces(0, half, 997);
    plan.last_mut().unwrap().2 = 1.0;
    plan.push((half, text.len() - half, 0.0));
    let mut writer = write_slowly(&src, &out, &plan);

    // While the last line is half written, the follower has every line before it and says so.
    let whole = text.lines().count() - 1;
    let mut got = Vec::new();
    let started = Instant::now();
    while !(got.len() == whole && follow.status().partial == half - last_line_starts) && started.elapsed() < Duration::from_secs(20) {
        got.extend(follow.wait_line(Duration::from_millis(20)));
    }
    let status = follow.status();
    assert_eq!((got.len(), status.partial), (whole, half - last_line_starts), "every whole line, and the half line waiting");
    assert_eq!(status.phase, Phase::Reading);
    assert!(status.describe(status.last_line + TORN_AFTER).contains("half written"));
    got.extend(read_all(&follow, Duration::from_secs(20)));
    assert!(writer.wait().unwrap().success());
    assert_eq!(got, expected(&text), "every line once, in order, numbered from 1");
    assert_eq!(follow.status().phase, Phase::Ended, "the end record ends the follow");
}

#[test]
fn a_writer_that_dies_mid_line_leaves_every_whole_line_and_a_torn_tail() {
    let src = bundled("snakecore-greedy-vs-random.jsonl");
    let text = std::fs::read_to_string(&src).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("dies.jsonl");
    // The writer stops 40 bytes into line 30 and exits.
    let line_30 = text.match_indices('\n').nth(28).unwrap().0 + 1;
    let mut writer = write_slowly(&src, &out, &pieces(0, line_30 + 40, 1500));
    assert!(writer.wait().unwrap().success());

    let follow = Follow::start(Source::File(out.clone()), Mode::Follow);
    let mut got = Vec::new();
    let started = Instant::now();
    while got.len() < 29 && started.elapsed() < Duration::from_secs(10) {
        got.extend(follow.wait_line(Duration::from_millis(20)));
    }
    assert_eq!(got, expected(&text)[..29]);
    assert!(follow.wait_line(Duration::from_millis(300)).is_none(), "the torn line is never handed over");
    let status = follow.status();
    assert_eq!((status.lines, status.partial), (29, 40));
    assert!(status.describe(status.last_line + TORN_AFTER).contains("line 30 has been half written"));

    // Loaded rather than followed, the same file ends there and says how.
    let load = Follow::start(Source::File(out), Mode::Load);
    let loaded = read_all(&load, Duration::from_secs(10));
    assert_eq!(loaded, expected(&text)[..29]);
    assert!(load.status().describe(Instant::now()).contains("ends inside line 30"));
}

#[test]
fn a_rewritten_file_is_read_again_from_its_first_line() {
    let first = bundled("lighthouses-failure.jsonl");
    let second = bundled("snakecore-greedy-vs-random.jsonl");
    let (a, b) = (std::fs::read_to_string(&first).unwrap(), std::fs::read_to_string(&second).unwrap());
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("rerun.jsonl");
    // The first match is cut short (no end record), then the file is truncated for the next.
    let cut = a.match_indices('\n').nth(9).unwrap().0 + 1;
    std::fs::write(&out, &a[..cut]).unwrap();
    let follow = Follow::start(Source::File(out.clone()), Mode::Follow);
    let mut got = Vec::new();
    while got.len() < 10 {
        got.extend(follow.wait_line(Duration::from_secs(10)));
    }
    assert_eq!(got, expected(&a)[..10]);
    std::fs::File::create(&out).unwrap();
    // The next match starts writing a moment later (its bots start up).
    let mut plan = vec![(0, 0, 0.3)];
    plan.extend(pieces(0, b.len(), 4000));
    let mut writer = write_slowly(&second, &out, &plan);
    let again = read_all(&follow, Duration::from_secs(20));
    assert!(writer.wait().unwrap().success());
    assert_eq!(again, expected(&b), "the new replay from its header, numbered from 1");
}
