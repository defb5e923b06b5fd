//! One real window: the viewer renders the demo replay under Xvfb with Mesa's software
//! renderer, writes a screenshot, and the picture shows the island (not a blank frame).

mod common;

use common::*;
use std::process::Command;
use std::time::{Duration, Instant};

/// Colours of the Lighthouses view (src/viewer/lighthouses.rs).
const WATER: [u8; 3] = [18, 38, 66];
const SAND: [u8; 3] = [70, 78, 62];
const HOT: [u8; 3] = [214, 162, 70];

fn near(p: [u8; 3], q: [u8; 3], tolerance: i32) -> bool {
    p.iter().zip(q).all(|(&a, b)| (a as i32 - b as i32).abs() <= tolerance)
}

/// On the segment from SAND to HOT (the energy heat tint), within a tolerance.
fn island_tint(p: [u8; 3]) -> bool {
    (0..=20).any(|i| {
        let t = i as f32 / 20.0;
        let c = [0, 1, 2].map(|k| (SAND[k] as f32 + (HOT[k] as f32 - SAND[k] as f32) * t) as u8);
        near(p, c, 8)
    })
}

#[test]
fn the_demo_replay_renders_the_island_in_a_real_window() {
    let ci = std::env::var("CI").is_ok_and(|v| v == "true" || v == "1");
    if Command::new("xvfb-run").arg("--help").output().is_err() {
        assert!(!ci, "xvfb-run is missing; .ci/run installs it");
        eprintln!("\n*** SKIPPING the real-window test: xvfb-run not found (apt-get install xvfb mesa-vulkan-drivers) ***\n");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let shot = dir.path().join("demo.png");
    let mut child = Command::new("xvfb-run")
        .args(["-a", "-s", "-screen 0 1280x800x24", env!("CARGO_BIN_EXE_kibitz"), "view", "--turn", "150", "--screenshot"])
        .arg(&shot)
        .env("KIBITZ_CONFIG_DIR", dir.path())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("xvfb-run starts");
    // A guard against a hung window, not a timing assertion.
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(300) {
            child.kill().unwrap();
            panic!("the viewer did not exit within 300 s");
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let output = child.wait_with_output().unwrap();
    assert!(status.success(), "viewer failed: {}", stderr(&output));
    let image = image::open(&shot).expect("a PNG was written").to_rgb8();
    assert_eq!(image.dimensions(), (1280, 800));
    // The board is left of the side panel, between the menu bar and the timeline.
    let (mut water, mut island, mut total) = (0, 0, 0);
    for y in 60..700 {
        for x in 40..860 {
            let p = image.get_pixel(x, y).0;
            total += 1;
            water += near(p, WATER, 6) as u32;
            island += island_tint(p) as u32;
        }
    }
    let share = |n: u32| n as f64 / total as f64;
    assert!(share(water) > 0.03, "water covers {:.1}% of the board area", 100.0 * share(water));
    assert!(share(island) > 0.10, "island covers {:.1}% of the board area", 100.0 * share(island));
}
