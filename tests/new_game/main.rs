//! The checklist for adding a game, tried for real: a throwaway game ([`counting`]) registered
//! with one `.with(...)` works with `verify`, `--help` and `view --screenshot` (a real window
//! under Xvfb) without touching any other file of the app.
//!
//! Runs without the test harness, on its own main thread, because the screenshot runs the
//! whole app: this binary calls itself under `xvfb-run` with `--kibitz ARGS...`.

mod counting;

use counting::{Counting, CountingRoom};
use kibitz::kit::contract::room::Registry;
use kibitz_core::replay::{EndRecord, PlayerInfo, ReplayHeader, ReplayWriter, StepRecord};
use kibitz_core::{Game, Step};
use std::path::Path;
use std::process::{Command, ExitCode};

fn registry() -> Registry {
    kibitz::games::registry().with(&CountingRoom)
}

/// Runs the app with the counting game registered, as `kibitz ARGS`.
fn kibitz(args: &[&str]) -> ExitCode {
    kibitz::cli::main_with(registry(), std::iter::once("kibitz").chain(args.iter().copied()).map(Into::into))
}

/// A whole game of counting to 10 between two players, written as a replay.
fn write_replay(path: &Path, tamper: bool) {
    let setup = counting::Setup { target: 10 };
    let mut state = Counting::start(&setup, 2, 0).unwrap();
    let header = ReplayHeader::new::<Counting>(setup, 0, vec![PlayerInfo::human("Ann"), PlayerInfo::human("Bob")], None);
    let mut writer = ReplayWriter::new(std::fs::File::create(path).unwrap(), &header).unwrap();
    let mut i = 0;
    while let kibitz_core::ToMove::Player(p) = Counting::to_move(&state) {
        let step = Step::Act { player: p, action: Some(1 + (i % 2) as u32) };
        let mut outcome = Counting::apply(&mut state, &step);
        if tamper && i == 3 {
            outcome.count += 5;
        }
        writer.record(&StepRecord::new(i, &step, outcome)).unwrap();
        i += 1;
    }
    let end = EndRecord { scores: Counting::scores(&state), names: vec!["Ann".into(), "Bob".into()], failed: Vec::new(), stopped: None };
    writer.end(&end).unwrap();
}

fn verify_knows_the_new_game(dir: &Path) {
    let good = dir.join("good.jsonl");
    write_replay(&good, false);
    assert_eq!(kibitz(&["verify", good.to_str().unwrap()]), ExitCode::SUCCESS, "a true replay verifies");
    let bad = dir.join("bad.jsonl");
    write_replay(&bad, true);
    assert_eq!(kibitz(&["verify", bad.to_str().unwrap()]), ExitCode::from(1), "a tampered step is found");
    let help = kibitz::cli::command(&registry()).render_long_help().to_string();
    assert!(help.contains("counting") && help.contains("add 1 or 2"), "--help lists the game: {help}");
    // The registry without it does not know it.
    let text = std::fs::read_to_string(&good).unwrap();
    let refused = kibitz::games::registry().verify(&text).err().unwrap_or_default();
    assert!(refused.contains("unknown game \"counting\""), "{refused}");
}

fn view_shows_the_new_game_in_a_real_window(dir: &Path) {
    let ci = std::env::var("CI").is_ok_and(|v| v == "true" || v == "1");
    if Command::new("xvfb-run").arg("--help").output().is_err() {
        assert!(!ci, "xvfb-run is missing; .ci/run installs it");
        eprintln!("\n*** SKIPPING the new game's real-window test: xvfb-run not found (apt-get install xvfb mesa-vulkan-drivers) ***\n");
        return;
    }
    let replay = dir.join("good.jsonl");
    write_replay(&replay, false);
    let shot = dir.join("counting.png");
    let status = Command::new("xvfb-run")
        .args(["-a", "-s", "-screen 0 1280x800x24"])
        .arg(std::env::current_exe().unwrap())
        .args(["--kibitz", "view", replay.to_str().unwrap(), "--turn", "4", "--screenshot", shot.to_str().unwrap()])
        .env("KIBITZ_CONFIG_DIR", dir)
        .status()
        .expect("xvfb-run starts");
    assert!(status.success(), "the screenshot run failed: {status}");
    let image = image::open(&shot).expect("a PNG was written").to_rgb8();
    let bar = image.pixels().filter(|p| p.0 == [255, 0, 255]).count();
    // Four additions (1, 2, 1, 2) of a target of 10: the bar is 60% of a frame 80% wide, half as high.
    let share = bar as f64 / (image.width() * image.height()) as f64;
    assert!(share > 0.05, "the counter's bar covers {:.1}% of the window", 100.0 * share);
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("--kibitz") {
        let rest: Vec<&str> = args[2..].iter().map(String::as_str).collect();
        return kibitz(&rest);
    }
    let dir = tempfile::tempdir().unwrap();
    let tests: [(&str, fn(&Path)); 2] = [
        ("verify_knows_the_new_game", verify_knows_the_new_game),
        ("view_shows_the_new_game_in_a_real_window", view_shows_the_new_game_in_a_real_window),
    ];
    for (name, test) in tests {
        test(dir.path());
        println!("test {name} ... ok");
    }
    println!("new_game: {} passed, 0 failed", tests.len());
    ExitCode::SUCCESS
}
