//! Live follow in the viewer, headless: every game's view takes in a replay file while it is
//! written (lines torn anywhere), and ends with exactly what opening the finished file gives;
//! a big file loads the same way, its first steps there before the rest.

use crate::common::assert_every_game;
use kibitz::games::registry;
use kibitz::kit::contract::view::GameView;
use kibitz::shell::incoming::Incoming;
use std::collections::VecDeque;
use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

/// Writes `text` to `out` in pieces of `piece` bytes, a pause after each, on a thread.
fn write_slowly(text: String, out: &Path, piece: usize) -> std::thread::JoinHandle<()> {
    let out = out.to_path_buf();
    std::thread::spawn(move || {
        let mut file = std::fs::File::create(&out).unwrap();
        for chunk in text.as_bytes().chunks(piece) {
            file.write_all(chunk).unwrap();
            file.flush().unwrap();
            std::thread::sleep(Duration::from_millis(2));
        }
    })
}

/// Frames of the viewer, as `take` runs in one, until `done` says so or 60 s pass.
fn frames(incoming: &mut Incoming, view: &mut Option<Box<dyn GameView>>, done: impl Fn(&Incoming, &dyn GameView) -> bool) {
    let registry = registry();
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(60) {
        if let Some(opened) = incoming.take(&registry, view.as_deref_mut(), Duration::from_millis(8)) {
            *view = Some(opened);
        }
        // What is taken line by line is what these tests look at; a whole opened on its own
        // thread (a big file) is put aside, as the window would swap it in.
        let _ = incoming.whole();
        if view.as_deref().is_some_and(|v| done(incoming, v)) {
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("not done in 60 s: {}", incoming.status());
}

#[test]
fn every_games_view_follows_a_replay_as_it_is_written() {
    let replays = Path::new(env!("CARGO_MANIFEST_DIR")).join("replays");
    let mut games = Vec::new();
    for entry in std::fs::read_dir(&replays).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "jsonl") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let whole = registry().open(&text, "whole".into()).unwrap().view;
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("live.jsonl");
        let writer = write_slowly(text.clone(), &out, 1777);
        let mut incoming = Incoming::follow(VecDeque::from([kibitz_follow::Source::File(out)]), None).unwrap();
        let mut view = None;
        frames(&mut incoming, &mut view, |i, v| v.track().len == whole.track().len && i.status() == "match over");
        writer.join().unwrap();
        let view = view.unwrap();
        let name = path.display();
        assert!(incoming.damage.is_none(), "{name}: {:?}", incoming.damage);
        assert_eq!(view.game(), whole.game());
        assert_eq!(view.track().scores, whole.track().scores, "{name}: the same score series");
        assert_eq!(view.track().markers.len(), whole.track().markers.len(), "{name}: the same markers");
        assert_eq!(view.track().round_starts, whole.track().round_starts, "{name}");
        let last = whole.track().len.saturating_sub(1);
        assert_eq!(view.log(last..last + 1)[0].text, whole.log(last..last + 1)[0].text, "{name}");
        games.push(view.game());
    }
    // Every game of the registry, not a list of this test's own.
    assert_every_game(&games, |_| true, "a bundled replay of every game");
}

#[test]
fn a_damaged_line_in_a_followed_replay_keeps_the_steps_before_it_and_says_where() {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("replays/lighthouses-duel.jsonl")).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines[11] = "{\"step\": 10, \"this is\": \"not a step\"}";
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("broken.jsonl");
    std::fs::write(&out, lines.join("\n") + "\n").unwrap();
    let mut incoming = Incoming::follow(VecDeque::from([kibitz_follow::Source::File(out)]), None).unwrap();
    let mut view = None;
    frames(&mut incoming, &mut view, |i, _| i.damage.is_some());
    assert_eq!(view.unwrap().track().len, 10, "the ten steps before line 12");
    assert!(incoming.status().contains("damaged at line 12"), "{}", incoming.status());
}

#[test]
fn a_big_replay_shows_its_first_steps_while_the_rest_loads() {
    // The atoll replay (eight players, 2,400 steps) loaded in the background: after one short
    // frame some steps are there and the rest are still coming. (Big files: `cargo bench`.)
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("replays/lighthouses-atoll.jsonl");
    let text = std::fs::read_to_string(&src).unwrap();
    let whole = registry().open(&text, "whole".into()).unwrap().view;
    let registry = registry();
    // Line by line, as the window takes it while the whole file is opened on its own thread.
    let mut incoming = Incoming::load(src, &registry);
    let mut view = None;
    // One short frame: a view with the first steps, not yet all.
    let started = Instant::now();
    while view.is_none() && started.elapsed() < Duration::from_secs(10) {
        view = incoming.take(&registry, None, Duration::from_millis(1));
    }
    let mut view = view.expect("the header opens a view at once");
    incoming.take(&registry, Some(view.as_mut()), Duration::from_micros(200));
    assert!(view.track().len < whole.track().len, "{} steps after one short frame", view.track().len);
    assert!(incoming.loading());
    let mut view = Some(view);
    frames(&mut incoming, &mut view, |i, _| !i.loading());
    assert_eq!(view.unwrap().track().scores, whole.track().scores);
    assert!(incoming.status().contains("read to the end"), "{}", incoming.status());
}

#[test]
fn a_replay_growing_behind_a_web_server_is_followed_to_its_end_by_its_link() {
    if !crate::common::have("python3") {
        return;
    }
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("replays/lighthouses-duel.jsonl")).unwrap();
    let whole = registry().open(&text, "whole".into()).unwrap().view;
    let dir = tempfile::tempdir().unwrap();
    let server = crate::common::HttpServer::start(dir.path());
    // Written in pieces over a few seconds: the viewer polls the link (the server answers each
    // poll with the whole file so far) and takes in what is new.
    let writer = write_slowly_for(text, &dir.path().join("live.jsonl"), 4);
    let url = server.url("live.jsonl");
    let mut incoming = Incoming::follow(VecDeque::from([kibitz_follow::Source::parse(&url)]), None).unwrap();
    let mut view = None;
    frames(&mut incoming, &mut view, |i, v| v.track().len == whole.track().len && i.status() == "match over");
    writer.join().unwrap();
    let view = view.unwrap();
    assert!(incoming.damage.is_none(), "{:?}", incoming.damage);
    assert_eq!(view.track().scores, whole.track().scores, "the same score series as the finished file");
    assert_eq!(view.track().round_starts, whole.track().round_starts);
}

/// Writes `text` to `out` in a few pieces over `seconds` seconds, cut mid-line, on a thread.
fn write_slowly_for(text: String, out: &Path, seconds: u64) -> std::thread::JoinHandle<()> {
    let out = out.to_path_buf();
    std::thread::spawn(move || {
        let mut file = std::fs::File::create(&out).unwrap();
        let pieces = 2 * seconds as usize;
        for chunk in text.as_bytes().chunks(text.len().div_ceil(pieces)) {
            file.write_all(chunk).unwrap();
            file.flush().unwrap();
            std::thread::sleep(Duration::from_millis(500));
        }
    })
}

#[test]
fn a_replay_loaded_from_a_link_is_opened_whole_while_its_lines_stream_in() {
    if !crate::common::have("python3") {
        return;
    }
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("replays/lighthouses-duel.jsonl")).unwrap();
    let local = registry().open(&text, "local".into()).unwrap().view;
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("duel.jsonl"), &text).unwrap();
    let server = crate::common::HttpServer::start(dir.path());
    let whole = |url: String| {
        let mut incoming = Incoming::load_url(url, &registry());
        let started = Instant::now();
        loop {
            if let Some(whole) = incoming.whole() {
                return whole;
            }
            assert!(started.elapsed() < Duration::from_secs(60), "not opened in 60 s: {}", incoming.status());
            std::thread::sleep(Duration::from_millis(10));
        }
    };
    let opened = whole(server.url("duel.jsonl")).unwrap().view;
    assert_eq!(opened.track().len, local.track().len);
    assert_eq!(opened.track().scores, local.track().scores, "the same replay as the file");
    let missing = whole(server.url("gone.jsonl")).err().unwrap();
    assert!(missing.contains("gone.jsonl: 404"), "{missing}");
}
