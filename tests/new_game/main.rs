//! The checklist for adding a game, tried for real: a throwaway game ([`counting`], its room
//! [`room`] and its view [`view`]) registered with one `.with(...)` works with every verb a
//! turn-based bot game has (`verify`, `--help`, `view`, `bot`, `match`, `play`, `edit`), through
//! the app's own command line, without touching any other file of the app.
//!
//! Runs without the test harness, on its own main thread, because the windows run the whole
//! app. With [`AS_APP`] set this binary is the app with the counting game registered: the tests
//! run it so (under `xvfb-run` for a window), and since `kibitz` in a bot command stands for the
//! program running the match, `kibitz bot counting add-one` is this binary too.

mod counting;
mod room;
mod view;

use counting::Counting;
use kibitz::kit::contract::view_room::ViewRegistry;
use kibitz::kit::editor::MapFormat;
use kibitz_core::replay::{EndRecord, PlayerInfo, ReplayHeader, ReplayWriter, StepRecord};
use kibitz_core::{Game, Step};
use room::{CountingRoom, CountingViews};
use std::io::Write;
use std::path::Path;
use std::process::{Command, ExitCode, Output, Stdio};

fn registry() -> ViewRegistry {
    kibitz::games::registry().with(&CountingRoom, &CountingViews)
}

/// Runs the app with the counting game registered, as `kibitz ARGS`, in this process.
fn kibitz(args: &[&str]) -> ExitCode {
    kibitz::verbs::main_with(registry(), std::iter::once("kibitz").chain(args.iter().copied()).map(Into::into))
}

/// Set in the environment of this binary's own processes: it then runs as the app.
const AS_APP: &str = "KIBITZ_NEW_GAME_AS_APP";

/// The same as a process of its own, for its output.
fn kibitz_process(args: &[&str]) -> Command {
    let mut command = Command::new(std::env::current_exe().unwrap());
    command.env(AS_APP, "1").args(args);
    command
}

/// The summary, the last line on stdout.
fn summary(output: &Output) -> serde_json::Value {
    let stdout = String::from_utf8_lossy(&output.stdout);
    let last = stdout.lines().last().unwrap_or_default();
    serde_json::from_str(last)
        .unwrap_or_else(|e| panic!("{e}: no summary in {stdout:?}; stderr {}", String::from_utf8_lossy(&output.stderr)))
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

/// A map of the counting game: ten units, so a target of 10.
fn write_map(dir: &Path) -> std::path::PathBuf {
    let map = dir.join("ten.txt");
    std::fs::write(&map, "ooooo.ooooo\n").unwrap();
    map
}

fn verify_knows_the_new_game(dir: &Path) {
    let good = dir.join("good.jsonl");
    write_replay(&good, false);
    assert_eq!(kibitz(&["verify", good.to_str().unwrap()]), ExitCode::SUCCESS, "a true replay verifies");
    let bad = dir.join("bad.jsonl");
    write_replay(&bad, true);
    assert_eq!(kibitz(&["verify", bad.to_str().unwrap()]), ExitCode::from(1), "a tampered step is found");
    let views = registry();
    let help = kibitz::cli::command(&views.registry, &kibitz::verbs::Shell(views.clone())).render_long_help().to_string();
    assert!(help.contains("counting") && help.contains("add 1 or 2"), "--help lists the game: {help}");
    // The registry without it does not know it.
    let text = std::fs::read_to_string(&good).unwrap();
    let refused = kibitz::games::registry().verify(&text).err().unwrap_or_default();
    assert!(refused.contains("unknown game \"counting\""), "{refused}");
}

fn bot_speaks_the_games_protocol(_dir: &Path) {
    let mut bot = kibitz_process(&["bot", "counting", "add-two"]).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    bot.stdin.take().unwrap().write_all(b"counting 10\ncount 0\ncount 3\n").unwrap();
    let output = bot.wait_with_output().unwrap();
    assert!(output.status.success(), "{}", output.status);
    assert_eq!(String::from_utf8_lossy(&output.stdout), "add-two\n2\n2\n", "its name, then 2 each turn");
    let help = kibitz_process(&["bot", "counting", "--help"]).output().unwrap();
    assert!(String::from_utf8_lossy(&help.stdout).contains("add-one  always adds 1"), "its help lists the strategies");
    let unknown = kibitz_process(&["bot", "counting", "add-three"]).output().unwrap();
    assert_eq!(unknown.status.code(), Some(2), "no such strategy");
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("try: add-one, add-two"));
}

fn match_between_bots_records_a_replay_that_verifies(dir: &Path) {
    let map = write_map(dir);
    let out = dir.join("match.jsonl");
    let (one, two) = ("kibitz bot counting add-one", "kibitz bot counting add-two");
    let args = ["match", "counting", "--map", map.to_str().unwrap(), "--out", out.to_str().unwrap(), "--", one, two];
    let output = kibitz_process(&args).output().unwrap();
    assert!(output.status.success(), "the match failed: {}", String::from_utf8_lossy(&output.stderr));
    let printed = summary(&output);
    // 1 + 2 + 1 + 2 + 1 + 2 + 1 reaches 10: four ones and three twos.
    assert_eq!(printed["scores"], serde_json::json!([4, 6]), "{printed}");
    assert_eq!(printed["names"], serde_json::json!(["add-one", "add-two"]), "the bots' greetings");
    assert_eq!(printed["failed"], serde_json::json!([]), "{printed}");
    assert_eq!(printed["replays"][0], out.to_str().unwrap());
    assert_eq!(kibitz(&["verify", out.to_str().unwrap()]), ExitCode::SUCCESS, "the match's replay verifies");
    let report = registry().verify(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(report.verdict.unwrap().scores, vec![4, 6]);
    assert_eq!(report.steps, 7);
    // A map the rules would refuse stops the match before any bot starts or a file is written.
    let (bad, never) = (dir.join("bad.txt"), dir.join("never.jsonl"));
    std::fs::write(&bad, "ooxo\n").unwrap();
    let refused = kibitz_process(&["match", "counting", "--map", bad.to_str().unwrap(), "--out", never.to_str().unwrap(), "--", one, two])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(2), "{said}");
    assert!(said.contains("line 1, column 3: 'x' is no cell"), "{said}");
    assert!(!never.exists());
}

/// Runs `kibitz ARGS` in a real window under Xvfb; `None` (a skip) when xvfb-run is missing
/// outside CI.
fn in_window(args: &[&str], dir: &Path) -> Option<Output> {
    let ci = std::env::var("CI").is_ok_and(|v| v == "true" || v == "1");
    if Command::new("xvfb-run").arg("--help").output().is_err() {
        assert!(!ci, "xvfb-run is missing; .ci/run installs it");
        eprintln!("\n*** SKIPPING the new game's real-window test: xvfb-run not found (apt-get install xvfb mesa-vulkan-drivers) ***\n");
        return None;
    }
    let output = Command::new("xvfb-run")
        .args(["-a", "-s", "-screen 0 1280x800x24"])
        .arg(std::env::current_exe().unwrap())
        .args(args)
        .env(AS_APP, "1")
        .env("KIBITZ_CONFIG_DIR", dir)
        .output()
        .expect("xvfb-run starts");
    assert!(output.status.success(), "the window's run failed: {}\n{}", output.status, String::from_utf8_lossy(&output.stderr));
    Some(output)
}

/// The share of the picture's pixels that are exactly `colour`.
fn share_of(shot: &Path, colour: bevy_egui::egui::Color32) -> f64 {
    let image = image::open(shot).expect("a PNG was written").to_rgb8();
    let found = image.pixels().filter(|p| p.0 == [colour.r(), colour.g(), colour.b()]).count();
    found as f64 / (image.width() * image.height()) as f64
}

fn view_shows_the_new_game_in_a_real_window(dir: &Path) {
    let replay = dir.join("good.jsonl");
    write_replay(&replay, false);
    let shot = dir.join("counting.png");
    let args = ["view", replay.to_str().unwrap(), "--turn", "4", "--screenshot", shot.to_str().unwrap()];
    if in_window(&args, dir).is_none() {
        return;
    }
    // Four additions (1, 2, 1, 2) of a target of 10: the bar is 60% of a frame 80% wide, half as high.
    let share = share_of(&shot, view::BAR);
    assert!(share > 0.05, "the counter's bar covers {:.1}% of the window", 100.0 * share);
}

fn play_by_hand_in_a_real_window(dir: &Path) {
    let help = kibitz_process(&["play", "counting", "--help"]).output().unwrap();
    assert!(String::from_utf8_lossy(&help.stdout).contains("1  add 1"), "its help lists the hand-play keys");
    let map = write_map(dir);
    let (shot, out) = (dir.join("play.png"), dir.join("play.jsonl"));
    let args = ["play", "counting", "--map", map.to_str().unwrap(), "--human", "1", "--name", "Ann", "--out", out.to_str().unwrap()];
    let Some(output) = in_window(&[&args[..], &["--screenshot", shot.to_str().unwrap()]].concat(), dir) else { return };
    let share = share_of(&shot, view::FLOOR);
    assert!(share > 0.05, "the counter's frame covers {:.1}% of the window", 100.0 * share);
    let printed = summary(&output);
    assert_eq!(printed["verified"], true, "{printed}");
    assert_eq!(printed["names"], serde_json::json!(["add-one", "Ann"]), "our sample bot plays the other seat: {printed}");
    // The bot played its turn, then the game waited for Ann until the window closed.
    assert_eq!(printed["steps"], 1, "{printed}");
    assert_eq!(printed["scores"], serde_json::json!([1, 0]), "{printed}");
    assert!(printed["stopped"].as_str().is_some_and(|s| s.contains("stopped by the user")), "{printed}");
    let header = std::fs::read_to_string(&out).unwrap().lines().next().unwrap().to_string();
    assert!(header.contains(r#""command":"kibitz bot counting add-one""#), "{header}");
}

fn edit_shows_a_map_in_a_real_window(dir: &Path) {
    let map = write_map(dir);
    let shot = dir.join("edit.png");
    if in_window(&["edit", "counting", map.to_str().unwrap(), "--screenshot", shot.to_str().unwrap()], dir).is_none() {
        return;
    }
    // The map validates, so the game's own view draws it: the empty frame of a target of 10.
    let share = share_of(&shot, view::FLOOR);
    assert!(share > 0.05, "the counter's frame covers {:.1}% of the window", 100.0 * share);
    let text = std::fs::read_to_string(&map).unwrap();
    assert_eq!(text, "ooooo.ooooo\n", "the map is left as it was");
    // What the editor's "our bots" (Shift+P) runs: a match on the map between our sample bots.
    let out = dir.join("editor-bots.jsonl");
    let bots = room::CountingMaps.play_now(&map, &text).bots;
    let output = kibitz_process(&["match", "counting", "--out", out.to_str().unwrap()]).args(&bots).output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(summary(&output)["scores"], serde_json::json!([4, 6]));
    // A fault is shown where it is.
    let faults = room::CountingMaps.faults("ooxo\n");
    assert_eq!((faults[0].line, faults[0].column), (1, 3), "{faults:?}");
}

fn main() -> ExitCode {
    if std::env::var_os(AS_APP).is_some() {
        let args: Vec<String> = std::env::args().skip(1).collect();
        return kibitz(&args.iter().map(String::as_str).collect::<Vec<_>>());
    }
    let dir = tempfile::tempdir().unwrap();
    let tests: [(&str, fn(&Path)); 6] = [
        ("verify_knows_the_new_game", verify_knows_the_new_game),
        ("bot_speaks_the_games_protocol", bot_speaks_the_games_protocol),
        ("match_between_bots_records_a_replay_that_verifies", match_between_bots_records_a_replay_that_verifies),
        ("view_shows_the_new_game_in_a_real_window", view_shows_the_new_game_in_a_real_window),
        ("play_by_hand_in_a_real_window", play_by_hand_in_a_real_window),
        ("edit_shows_a_map_in_a_real_window", edit_shows_a_map_in_a_real_window),
    ];
    for (name, test) in tests {
        test(dir.path());
        println!("test {name} ... ok");
    }
    println!("new_game: {} passed, 0 failed", tests.len());
    ExitCode::SUCCESS
}
