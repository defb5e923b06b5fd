//! On air without a desktop: a broadcast recorded to MP4 with no display (Kibitz starts a
//! virtual one), and a replay opened by its link from a web server serving a tournament's
//! folder. The stream to an RTMP server that dies midway: crates/run/video/tests.

use crate::common::*;
use crate::screenshot::assert_shows_the_island;
use std::path::Path;
use std::process::{Command, Output};

/// `kibitz ARGS` in `dir` with no display at all, one window at a time.
fn without_display(args: &[&str], dir: &Path) -> Output {
    let _one_at_a_time = WINDOWS.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let mut command = kibitz();
    command.args(args).current_dir(dir).env_remove("DISPLAY").env_remove("WAYLAND_DISPLAY").env_remove("WAYLAND_SOCKET");
    command.env("KIBITZ_CONFIG_DIR", dir).env("KIBITZ_DATA_DIR", dir);
    run(&mut command)
}

/// Colours of the Lighthouses view (src/games/lighthouses/view.rs): the sea.
const WATER: [u8; 3] = [18, 38, 66];

#[test]
fn a_broadcast_recorded_for_ten_seconds_without_a_display_is_h264_at_its_size_and_rate() {
    if !have("Xvfb") || !have("ffmpeg") || !have("ffprobe") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let demo = workspace().join("replays/lighthouses-demo.jsonl");
    let args = ["broadcast", demo.to_str().unwrap(), "--size", "960x540", "--record", "evening.mp4", "--for", "10"];
    let made = without_display(&args, dir.path());
    assert!(made.status.success(), "{}", stderr(&made));
    assert!(stdout(&made).contains("recorded evening.mp4: 10.0 s of video, 300 frames"), "{}", stdout(&made));
    let video = kibitz_video::probe(&dir.path().join("evening.mp4")).unwrap();
    assert_eq!((video.codec.as_str(), video.width, video.height), ("h264", 960, 540), "{video:?}");
    assert!((video.fps - 30.0).abs() < 0.01, "{video:?}");
    assert!((video.seconds - 10.0).abs() <= 0.5, "within 5 % of 10 s: {video:?}");
    // A frame from the middle shows the broadcast: the board's sea, not a blank picture.
    let frame = dir.path().join("frame.png");
    let taken = run(Command::new("ffmpeg")
        .args(["-v", "error", "-ss", "5", "-i", "evening.mp4", "-frames:v", "1", "-y"])
        .arg(&frame)
        .current_dir(dir.path()));
    assert!(taken.status.success(), "{}", stderr(&taken));
    let image = image::open(&frame).unwrap().to_rgb8();
    let sea = image.pixels().filter(|p| p.0.iter().zip(WATER).all(|(&a, b)| (a as i32 - b as i32).abs() <= 10)).count();
    assert!(sea * 20 > image.pixels().len(), "the sea covers {sea} of {} pixels", image.pixels().len());
}

#[test]
fn a_replay_on_a_web_server_opens_by_its_link_and_a_bad_link_is_refused_before_any_window() {
    if !have("python3") {
        return;
    }
    // A tournament's folder as any static host serves it: its matches and its report.
    let site = tempfile::tempdir().unwrap();
    std::fs::create_dir(site.path().join("matches")).unwrap();
    std::fs::copy(workspace().join("replays/lighthouses-demo.jsonl"), site.path().join("matches/0001.jsonl")).unwrap();
    std::fs::write(site.path().join("index.html"), "<!DOCTYPE html><p>the report</p>\n").unwrap();
    let server = HttpServer::start(site.path());
    let dir = tempfile::tempdir().unwrap();
    for (name, says) in [("matches/0404.jsonl", "404 Not Found"), ("index.html", "the first line is not a replay's header")] {
        let refused = without_display(&["view", &server.url(name)], dir.path());
        assert_eq!(refused.status.code(), Some(2), "{}", stderr(&refused));
        assert!(stderr(&refused).contains(&format!("{}: {says}", server.url(name))), "{}", stderr(&refused));
    }
    if !have("Xvfb") {
        return;
    }
    let url = server.url("matches/0001.jsonl");
    let shown = without_display(&["view", &url, "--turn", "120", "--screenshot", "shot.png"], dir.path());
    assert!(shown.status.success(), "{}", stderr(&shown));
    assert_shows_the_island(&dir.path().join("shot.png"));
}

#[test]
fn without_ffmpeg_a_recording_or_an_mp4_export_is_refused_before_anything_runs() {
    let dir = tempfile::tempdir().unwrap();
    let demo = workspace().join("replays/lighthouses-demo.jsonl");
    let demo = demo.to_str().unwrap();
    for args in
        [vec!["broadcast", demo, "--record", "x.mp4"], vec!["broadcast", demo, "--stream", "rtmp://h/app/k"], vec!["export", demo, "x.mp4"]]
    {
        // A PATH with no ffmpeg on it, and a display named (none is opened: the refusal comes first).
        let refused = run(kibitz().args(&args).current_dir(dir.path()).env("PATH", dir.path()).env("DISPLAY", ":4321"));
        assert_eq!(refused.status.code(), Some(2), "{args:?}: {}", stderr(&refused));
        assert!(
            stderr(&refused).contains("through ffmpeg, which is not on PATH: install it (Debian and Ubuntu: apt-get install ffmpeg)"),
            "{}",
            stderr(&refused)
        );
        assert!(!dir.path().join("x.mp4").exists());
    }
}

#[test]
fn a_broadcast_streams_to_an_rtmp_server_without_a_display() {
    if !have("Xvfb") || !have("ffmpeg") || !have("ffprobe") || !have("nginx") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let port = kibitz_video::testing::free_ports();
    let server = kibitz_video::testing::RtmpServer::start(dir.path(), port);
    let demo = workspace().join("replays/lighthouses-demo.jsonl");
    let address = format!("rtmp://127.0.0.1:{port}/live/evening");
    let args = ["broadcast", demo.to_str().unwrap(), "--size", "640x360", "--stream", &address, "--for", "6"];
    let sent = without_display(&args, dir.path());
    drop(server);
    assert!(sent.status.success(), "{}", stderr(&sent));
    // Every tick of the 6 s is written or, while the connection is being made, dropped: a
    // stream stays live rather than catching up.
    let line = stdout(&sent).lines().find(|l| l.starts_with(&format!("recorded rtmp://127.0.0.1:{port}/live/…: "))).map(str::to_string);
    let line = line.unwrap_or_else(|| panic!("{}", stdout(&sent)));
    let count = |what: &str| line.split(what).next().and_then(|b| b.split_whitespace().last()).and_then(|n| n.parse::<u64>().ok()).unwrap();
    let (frames, dropped) = (count(" frames"), count(" dropped"));
    assert!(frames + dropped == 180 && frames >= 150, "{line}");
    assert!(!format!("{}{}", stdout(&sent), stderr(&sent)).contains("evening"), "the stream key is never shown");
    let recordings: Vec<_> = std::fs::read_dir(dir.path().join("rec")).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(recordings.len(), 1, "{recordings:?}");
    let video = kibitz_video::probe(&recordings[0]).unwrap();
    assert_eq!((video.codec.as_str(), video.width, video.height), ("h264", 640, 360), "{video:?}");
    assert!(video.seconds > 4.0, "{video:?}");
}
