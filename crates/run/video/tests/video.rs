//! Videos written through the real ffmpeg and read back with ffprobe; a stream sent to a real
//! RTMP server (Debian's nginx with its RTMP module) on the loopback, which dies midway.

use kibitz_video::testing::{RtmpServer, free_ports};
use kibitz_video::{Exact, FPS, Frame, Live, PixelFormat, Target, probe};
use std::process::Command;
use std::time::{Duration, Instant};

/// Whether a program is on PATH; when it is not, says so loudly, and fails under CI.
fn have(program: &str) -> bool {
    let found = Command::new("sh").arg("-c").arg(format!("command -v {program}")).output().is_ok_and(|o| o.status.success());
    if !found {
        assert!(std::env::var("CI").as_deref() != Ok("true"), "{program} is missing under CI: .ci/run installs it");
        eprintln!("\n*** {program} is not installed: this test is SKIPPED ***\n");
    }
    found
}

/// A test card: a bar that moves with `k`, so that frames differ.
fn frame(k: u32, width: u32, height: u32) -> Frame {
    let mut pixels = vec![0u8; (width * height * 4) as usize];
    for (i, px) in pixels.chunks_exact_mut(4).enumerate() {
        let (x, y) = (i as u32 % width, i as u32 / width);
        let lit = (x + k * 7) % width < width / 8;
        px.copy_from_slice(&[if lit { 250 } else { 20 }, (y * 255 / height) as u8, 90, 255]);
    }
    Frame { width, height, format: PixelFormat::Rgba, pixels }
}

fn within(actual: f64, wanted: f64, share: f64) -> bool {
    (actual - wanted).abs() <= wanted * share
}

#[test]
fn a_live_recording_keeps_the_clock_with_repeats_and_is_as_long_as_asked() {
    if !have("ffmpeg") || !have("ffprobe") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("live.mp4");
    let mut live = Live::start(Target::File(path.clone()), "--record", Some(Duration::from_secs(3))).unwrap();
    let until = Instant::now() + Duration::from_secs(20);
    let mut k = 0;
    // A window drawing 12 frames a second: the video repeats each about 2.5 times.
    while !live.done() && Instant::now() < until {
        live.offer(frame(k, 320, 180));
        k += 1;
        std::thread::sleep(Duration::from_millis(83));
    }
    assert!(live.done(), "the recording ended by itself at its limit");
    let stats = live.finish();
    assert_eq!(stats.written, 3 * u64::from(FPS), "{stats:?}");
    assert!(stats.fresh > 20 && stats.repeated > 40, "{stats:?}");
    assert_eq!(stats.failed, None);
    let video = probe(&path).unwrap();
    assert_eq!((video.codec.as_str(), video.width, video.height), ("h264", 320, 180), "{video:?}");
    assert!(within(video.fps, 30.0, 0.001), "{video:?}");
    assert!(within(video.seconds, 3.0, 0.05), "{video:?}");
}

#[test]
fn an_export_shows_each_frame_for_its_share_of_a_second() {
    if !have("ffmpeg") || !have("ffprobe") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("export.mp4");
    let mut video = Exact::new(path.clone(), 5.0).unwrap();
    for k in 0..10 {
        video.push(&frame(k, 201, 113)).unwrap();
    }
    let refused = video.push(&frame(0, 64, 64)).unwrap_err();
    assert!(refused.contains("64×64") && refused.contains("201×113"), "{refused}");
    video.finish().unwrap();
    let probed = probe(&path).unwrap();
    assert_eq!((probed.codec.as_str(), probed.width, probed.height), ("h264", 202, 114), "odd sides padded: {probed:?}");
    assert!(within(probed.fps, 30.0, 0.001) && within(probed.seconds, 2.0, 0.05), "{probed:?}");
}

#[test]
fn a_stream_whose_server_dies_starts_again_and_the_broadcast_goes_on() {
    if !have("ffmpeg") || !have("ffprobe") || !have("nginx") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let port = free_ports();
    let mut server = Some(RtmpServer::start(dir.path(), port));
    let target = Target::stream(&format!("rtmp://127.0.0.1:{port}/live/test")).unwrap();
    let mut live = Live::start(target, "--stream", Some(Duration::from_secs(10))).unwrap();
    let started = Instant::now();
    let until = started + Duration::from_secs(30);
    let (mut k, mut killed) = (0, false);
    while !live.done() && Instant::now() < until {
        let elapsed = started.elapsed();
        if elapsed > Duration::from_secs(4) && !killed {
            // The server vanishes midway, and comes back a second later.
            server = None;
            killed = true;
        }
        if elapsed > Duration::from_secs(5) && server.is_none() {
            server = Some(RtmpServer::start(dir.path(), port));
        }
        live.offer(frame(k, 320, 180));
        k += 1;
        std::thread::sleep(Duration::from_millis(40));
    }
    let stats = live.finish();
    drop(server);
    let log = String::from_utf8_lossy(&std::fs::read(dir.path().join("error.log")).unwrap_or_default()).into_owned();
    assert!(stats.restarts >= 1, "the drop was noticed: {stats:?}");
    assert_eq!(stats.failed, None);
    assert_eq!(stats.written + stats.dropped, 10 * u64::from(FPS), "every tick of 10 s accounted for: {stats:?}");
    let mut recordings: Vec<_> = std::fs::read_dir(dir.path().join("rec")).unwrap().map(|e| e.unwrap().path()).collect();
    recordings.sort();
    assert!(recordings.len() >= 2, "before and after the restart: {recordings:?} {stats:?}\n{log}");
    let mut seconds = 0.0;
    for path in &recordings {
        let video = probe(path).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((video.codec.as_str(), video.width, video.height), ("h264", 320, 180), "{video:?}");
        seconds += video.seconds;
    }
    let after = probe(recordings.last().unwrap()).unwrap().seconds;
    assert!(after > 2.0, "the stream after the restart was recorded: {after} s");
    assert!(seconds > 6.0 && seconds < 10.5, "{seconds} s of 10 reached the server: {recordings:?}");
}

#[test]
fn a_recording_that_cannot_be_written_says_why_and_ends_without_a_hang() {
    if !have("ffmpeg") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // ffmpeg cannot open its output: it dies at the first frames.
    let path = dir.path().join("no such folder").join("out.mp4");
    let mut live = Live::start(Target::File(path), "--record", Some(Duration::from_secs(30))).unwrap();
    let until = Instant::now() + Duration::from_secs(20);
    let mut k = 0;
    while !live.done() && Instant::now() < until {
        live.offer(frame(k, 64, 36));
        k += 1;
        std::thread::sleep(Duration::from_millis(30));
    }
    assert!(live.done(), "the recording gave up by itself");
    let stats = live.finish();
    let why = stats.failed.clone().expect("it says why");
    assert!(why.contains("out.mp4") && why.contains("ffmpeg"), "{why}");
    assert!(stats.written < 30, "{stats:?}");
}
