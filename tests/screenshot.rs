//! Real windows: the viewer (and hand play) render under Xvfb with Mesa's software renderer,
//! write a screenshot, and the picture shows the island (not a blank frame).

use crate::common::*;
use std::process::Command;
use std::time::{Duration, Instant};

/// Colours of the Lighthouses view (src/games/lighthouses/view.rs).
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

/// Runs `kibitz ARGS` under Xvfb (the args end with `--screenshot`'s file), or `None` with a
/// loud message when Xvfb is not installed (a failure under CI).
fn in_window(args: &[&str], config: &std::path::Path) -> Option<std::process::Output> {
    if !have("Xvfb") {
        return None;
    }
    // One window at a time: the software renderer has two cores to share.
    let _one_at_a_time = WINDOWS.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let xvfb = Xvfb::start("1920x1080x24");
    let mut child = Command::new(env!("CARGO_BIN_EXE_kibitz"))
        .args(args)
        .env("DISPLAY", &xvfb.display)
        .env("KIBITZ_CONFIG_DIR", config)
        .env("KIBITZ_DATA_DIR", config)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("kibitz starts");
    // A guard against a hung window, not a timing assertion.
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(300) {
            child.kill().unwrap();
            panic!("the window did not close within 300 s");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "kibitz {args:?} failed: {}", stderr(&output));
    Some(output)
}

/// Checks that the board area of a screenshot shows water and island, not a blank frame.
pub fn assert_shows_the_island(shot: &std::path::Path) {
    let image = image::open(shot).expect("a PNG was written").to_rgb8();
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

#[test]
fn the_demo_replay_renders_the_island_in_a_real_window() {
    let dir = tempfile::tempdir().unwrap();
    let shot = dir.path().join("demo.png");
    if in_window(&["view", "--turn", "150", "--screenshot", shot.to_str().unwrap()], dir.path()).is_some() {
        assert_shows_the_island(&shot);
    }
}

fn replay_of(path: &std::path::Path) -> kibitz_core::replay::Replay<kibitz_lighthouses::Lighthouses> {
    let loaded = kibitz_core::replay::Replay::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert!(loaded.damage.is_none());
    loaded.replay
}

#[test]
fn hand_play_opens_a_real_window_at_the_humans_turn_and_records_a_verified_replay() {
    let dir = tempfile::tempdir().unwrap();
    let (shot, out) = (dir.path().join("play.png"), dir.path().join("play.jsonl"));
    let bot = sample_bot("greedy", 0);
    let map = workspace().join("maps/lighthouses/duel.txt");
    let args = ["play", "lighthouses", "--map", map.to_str().unwrap(), "--rounds", "4", "--human", "1", "--name", "Ann"];
    let Some(output) =
        in_window(&[&args[..], &["--out", out.to_str().unwrap(), "--screenshot", shot.to_str().unwrap(), "--", &bot]].concat(), dir.path())
    else {
        return;
    };
    assert_shows_the_island(&shot);
    let printed = summary(&output);
    assert_eq!(printed["verified"], true, "{printed}");
    assert_summary_shape(&printed);
    assert_eq!(printed["names"][1], "Ann", "{printed}");
    let replay = replay_of(&out);
    assert_eq!(replay.header.players[1].name, "Ann");
    assert!(replay.header.players[1].command.is_none() && replay.header.players[0].command.is_some());
    // The window closed while the match waited for Ann: the replay says it was stopped there.
    let end = replay.end.expect("an end record");
    assert!(end.stopped.is_some_and(|s| s.contains("stopped by the user")));
    assert_eq!(replay.records.last().and_then(|r| r.player), Some(0), "the bot played its turn, then the game waited for Ann");
}

#[test]
fn taking_over_a_replay_from_the_command_line_copies_its_history() {
    let dir = tempfile::tempdir().unwrap();
    let (shot, out) = (dir.path().join("take.png"), dir.path().join("take.jsonl"));
    let original = workspace().join("replays/lighthouses-duel.jsonl");
    let args = ["play", "lighthouses", "--from", original.to_str().unwrap(), "--turn", "100"];
    let Some(output) =
        in_window(&[&args[..], &["--out", out.to_str().unwrap(), "--screenshot", shot.to_str().unwrap()]].concat(), dir.path())
    else {
        return;
    };
    assert_shows_the_island(&shot);
    assert_eq!(summary(&output)["verified"], true);
    let (before, after) = (replay_of(&original), replay_of(&out));
    assert!(after.records.len() >= 100);
    assert_eq!(after.records[..100], before.records[..100]);
    assert_eq!(after.header.setup, before.header.setup);
}

#[test]
fn playing_at_64x_in_a_real_window_moves_the_cursor_and_reports_frame_figures() {
    let dir = tempfile::tempdir().unwrap();
    let demo = workspace().join("replays/lighthouses-demo.jsonl");
    let Some(output) = in_window(&["view", demo.to_str().unwrap(), "--play", "--speed", "64", "--frame-stats", "3"], dir.path()) else {
        return;
    };
    let report = summary(&output);
    assert_eq!(report["speed"], 64.0);
    assert!(report["steps_played"].as_u64().unwrap() > 0, "{report}");
    for span in ["ui_cpu_ms", "egui_output_cpu_ms", "frame_ms_including_software_rendering"] {
        assert!(report[span]["frames"].as_u64().unwrap() > 0, "{span}: {report}");
        assert!(report[span]["p50"].as_f64().unwrap() > 0.0, "{span}: {report}");
    }
    // New glyphs were drawn as the numbers changed, and each reached the renderer with the
    // frame that drew it (a late one shows as missing letters: src/shell/glyphs.rs).
    assert!(report["glyph_updates"].as_u64().unwrap() > 0, "{report}");
    assert_eq!(report["glyph_updates_late"], 0, "{report}");
}

#[test]
fn a_paused_replay_with_no_input_draws_next_to_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let duel = workspace().join("replays/lighthouses-duel.jsonl");
    // Four seconds with the replay paused and nobody at the keys: the first frames lay the
    // window out (8 to 13 of them under Xvfb, as the window manager's events come), then it
    // waits (drawing every frame, it would make some 40 here).
    let Some(output) = in_window(&["view", duel.to_str().unwrap(), "--turn", "100", "--frame-stats", "4"], dir.path()) else {
        return;
    };
    let report = summary(&output);
    assert!(report["seconds"].as_f64().unwrap() >= 4.0, "{report}");
    assert_eq!(report["steps_played"], 0, "{report}");
    let frames = report["ui_cpu_ms"]["frames"].as_u64().unwrap();
    assert!((1..=16).contains(&frames), "{frames} frames drawn in 4 idle seconds: {report}");
}

#[test]
fn a_big_replay_plays_from_when_it_first_shows_while_the_rest_loads() {
    let dir = tempfile::tempdir().unwrap();
    // Over the size loaded in the background (4 MB): the demo's lines repeated as more rounds
    // would not verify, so a long match of our own bots is played for it.
    let big = dir.path().join("big.jsonl");
    let map = workspace().join("maps/lighthouses/harbour.txt");
    let bots = [sample_bot("greedy", 1), sample_bot("greedy", 2), sample_bot("random", 3), sample_bot("greedy", 4)];
    let played = play(&map, 6000, &big, &bots, &[]);
    assert!(played.status.success(), "{}", stderr(&played));
    assert!(std::fs::metadata(&big).unwrap().len() >= 4_000_000, "big enough to load in the background");
    let args = ["view", big.to_str().unwrap(), "--play", "--speed", "64", "--frame-stats", "3"];
    let Some(output) = in_window(&args, dir.path()) else { return };
    let report = summary(&output);
    assert!(report["steps_played"].as_u64().unwrap() > 0, "--play is honoured: {report}");
    assert!(report["loaded_ms"].is_number(), "{report}");
}

#[test]
fn an_icfp2015_solution_file_renders_on_its_problem_as_a_hex_board() {
    let Some(reference) = reference() else { return };
    let dir = tempfile::tempdir().unwrap();
    let shot = dir.path().join("icfp.png");
    let problem = reference.join("icfp2015/problems/problem_6.json");
    let solution = reference.join("icfp2015/solutions/natsubate_state-of-the-art.json");
    let args = [
        "view",
        "--problem",
        problem.to_str().unwrap(),
        solution.to_str().unwrap(),
        "--turn",
        "400",
        "--screenshot",
        shot.to_str().unwrap(),
    ];
    if in_window(&args, dir.path()).is_none() {
        return;
    }
    let image = image::open(&shot).unwrap().to_rgb8();
    let (mut empty, mut unit, mut total) = (0, 0, 0);
    for y in 80..700 {
        for x in 40..860 {
            let p = image.get_pixel(x, y).0;
            total += 1;
            empty += near(p, [38, 44, 56], 4) as u32;
            unit += near(p, [255, 193, 70], 6) as u32;
        }
    }
    assert!(empty as f64 / total as f64 > 0.2, "empty hexes cover {empty} of {total} pixels");
    assert!(unit > 500, "the unit in play shows ({unit} pixels)");
}

#[test]
fn icfp2015_hand_play_opens_on_our_problem_and_saves_a_solution_file() {
    let dir = tempfile::tempdir().unwrap();
    let (shot, out, solution) = (dir.path().join("hand.png"), dir.path().join("hand.jsonl"), dir.path().join("hand.json"));
    let problem = workspace().join("maps/icfp2015/hive.json");
    let args = ["play", "icfp2015", "--problem", problem.to_str().unwrap(), "--seed", "7", "--out", out.to_str().unwrap()];
    let Some(output) = in_window(
        &[&args[..], &["--solution-out", solution.to_str().unwrap(), "--screenshot", shot.to_str().unwrap()]].concat(),
        dir.path(),
    ) else {
        return;
    };
    assert_eq!(summary(&output)["verified"], true, "{}", stdout(&output));
    let records = kibitz_icfp2015::read_solutions(&std::fs::read_to_string(&solution).unwrap()).unwrap();
    assert_eq!((records[0].problem_id, records[0].seed, records[0].solution.as_str()), (1001, 7, ""));
    let image = image::open(&shot).unwrap().to_rgb8();
    let empty =
        (80..700).flat_map(|y| (40..860).map(move |x| (x, y))).filter(|&(x, y)| near(image.get_pixel(x, y).0, [38, 44, 56], 4)).count();
    assert!(empty > 50_000, "the empty hex board shows ({empty} pixels)");
}

#[test]
fn an_amazes_replay_renders_one_players_knowledge() {
    let dir = tempfile::tempdir().unwrap();
    let shot = dir.path().join("amazes.png");
    let replay = workspace().join("replays/amazes-explorers.jsonl");
    let args = ["view", replay.to_str().unwrap(), "--turn", "60", "--perspective", "0", "--screenshot", shot.to_str().unwrap()];
    if in_window(&args, dir.path()).is_none() {
        return;
    }
    let image = image::open(&shot).unwrap().to_rgb8();
    // Red's discovered squares are lit in a dark red; the rest of the maze is fogged.
    let (mut lit, mut fog, mut total) = (0, 0, 0);
    for y in 40..720 {
        for x in 100..800 {
            let p = image.get_pixel(x, y).0;
            total += 1;
            lit += (p[0] > 90 && p[0] < 130 && p[1] < 40 && p[2] < 40) as u32;
            fog += near(p, [14, 15, 18], 3) as u32;
        }
    }
    assert!(lit > 2_000, "discovered squares show ({lit} of {total})");
    assert!(fog > total / 4, "the undiscovered maze is fogged ({fog} of {total})");
}

#[test]
fn amazes_hand_play_opens_in_the_fog_against_our_explorer() {
    let dir = tempfile::tempdir().unwrap();
    let (shot, out) = (dir.path().join("fog.png"), dir.path().join("fog.jsonl"));
    let maze = workspace().join("maps/amazes/kibitz-2.txt");
    let args = [
        "play",
        "amazes",
        "--maze",
        maze.to_str().unwrap(),
        "--human",
        "1",
        "--out",
        out.to_str().unwrap(),
        "--screenshot",
        shot.to_str().unwrap(),
    ];
    let Some(output) = in_window(&args, dir.path()) else { return };
    assert_eq!(summary(&output)["verified"], true, "{}", stdout(&output));
    let replay = replay_of_amazes(&out);
    assert!(replay.header.players[1].command.is_none(), "Blue is the human");
    assert!(replay.header.players[0].command.as_deref().is_some_and(|c| c.contains("explorer")), "our explorer plays Red");
    assert_eq!(replay.records.len(), 1, "Red moved, then the game waited for the human");
    let image = image::open(&shot).unwrap().to_rgb8();
    let (mut fog, mut total) = (0, 0);
    for y in 40..720 {
        for x in 100..800 {
            total += 1;
            fog += near(image.get_pixel(x, y).0, [14, 15, 18], 3) as u32;
        }
    }
    assert!(fog > total / 2, "the human sees the fog, not the maze ({fog} of {total})");
}

fn replay_of_amazes(path: &std::path::Path) -> kibitz_core::replay::Replay<kibitz_amazes::Amazes> {
    kibitz_core::replay::Replay::parse(&std::fs::read_to_string(path).unwrap()).unwrap().replay
}

/// Pixels of the board area (left of the side panel) for which `test` holds, and the area's size.
fn board_pixels(shot: &std::path::Path, test: impl Fn([u8; 3]) -> bool) -> (u32, u32) {
    let image = image::open(shot).expect("a PNG was written").to_rgb8();
    let (mut hits, mut total) = (0, 0);
    for y in 40..720 {
        for x in 0..880 {
            total += 1;
            hits += test(image.get_pixel(x, y).0) as u32;
        }
    }
    (hits, total)
}

#[test]
fn the_fedrunek_cube_and_its_tunnels_render_in_3d() {
    let dir = tempfile::tempdir().unwrap();
    let replay = workspace().join("replays/fedrunek-greedy-vs-python.jsonl");
    let (cube, tunnels) = (dir.path().join("cube.png"), dir.path().join("tunnels.png"));
    let args = ["view", replay.to_str().unwrap(), "--turn", "3000", "--screenshot", cube.to_str().unwrap()];
    if in_window(&args, dir.path()).is_none() {
        return;
    }
    // The cube: ground faces (assets/fedrunek/cube.ron, 0.55 / 0.44 / 0.33) under the three
    // shades of the visible faces, a brown whose green and blue keep to the red's proportions.
    let brown = |p: [u8; 3]| {
        let r = p[0] as f32;
        r > 70.0 && (p[1] as f32 - 0.8 * r).abs() < 10.0 && (p[2] as f32 - 0.6 * r).abs() < 10.0
    };
    let (ground, total) = board_pixels(&cube, brown);
    assert!(ground > total / 5, "the cube's faces cover {ground} of {total} pixels");
    // Tunnels and robots only: the tubes in the teams' colours (blue and red), nothing brown.
    let look = ["--look", "tunnels", "--look", "pitch=60"];
    in_window(&[&args[..4], &look[..], &["--screenshot", tunnels.to_str().unwrap()]].concat(), dir.path());
    let blue = |p: [u8; 3]| p[2] as i32 > p[0] as i32 + 60 && p[2] > 100;
    let red = |p: [u8; 3]| p[0] as i32 > p[1] as i32 + 70 && p[0] as i32 > p[2] as i32 + 70;
    let (team1, _) = board_pixels(&tunnels, blue);
    let (team2, _) = board_pixels(&tunnels, red);
    let (ground, _) = board_pixels(&tunnels, brown);
    assert!(team1 > 30 && team2 > 30, "both teams' tunnels show ({team1} blue, {team2} red pixels)");
    assert!(ground < total / 100, "no blocks in tunnels-only mode ({ground} brown pixels)");
}

/// Takes over `team` of a bundled replay of a server game at `step` in a real window, and
/// checks what every take-over must do: the replay verifies, the history up to the end of the
/// turn before `step` is copied line for line, and closing the window stopped the game.
/// Returns the screenshot (with the folder it lives in), or `None` without a window.
fn take_over_in_window(game: &str, replay: &str, step: usize, team: usize) -> Option<(tempfile::TempDir, std::path::PathBuf)> {
    let dir = tempfile::tempdir().unwrap();
    let (shot, out) = (dir.path().join("hand.png"), dir.path().join("hand.jsonl"));
    let original = workspace().join(replay);
    let (step, team) = (step.to_string(), team.to_string());
    let args = ["play", game, "--from", original.to_str().unwrap(), "--turn", &step, "--team", &team, "--out"];
    let output = in_window(&[&args[..], &[out.to_str().unwrap(), "--screenshot", shot.to_str().unwrap()]].concat(), dir.path())?;
    let printed = summary(&output);
    assert_eq!(printed["verified"], true, "{}", stderr(&output));
    assert_summary_shape(&printed);
    assert_eq!(summary_scores(&printed), verified_scores(&out), "play prints the figures verify prints (reals, not millionths)");
    assert!(printed["stopped"].as_str().is_some_and(|s| s.contains("stopped by the user")), "{printed}");
    let text = |p: &std::path::Path| std::fs::read_to_string(p).unwrap();
    let before: Vec<String> = text(&original).lines().skip(1).map(String::from).collect();
    let after: Vec<String> = text(&out).lines().skip(1).map(String::from).collect();
    let step: usize = step.parse().unwrap();
    let cut = before[..step].iter().rposition(|l| l.contains("\"turn\":{\"turn\":")).map_or(0, |i| i + 1);
    assert!(cut > 0, "a turn ended before step {step}");
    assert_eq!(after[..cut], before[..cut], "the history is copied up to the start of the turn step {step} is in");
    assert!(after.last().unwrap().contains("stopped by the user"), "the window closed, so the game was stopped");
    Some((dir, shot))
}

#[test]
fn a_fedrunek_team_is_taken_over_at_a_turn_and_played_on_a_hosted_server() {
    // Step 1000 is in turn 40: the game continues from the end of turn 39.
    let Some((_dir, shot)) = take_over_in_window("fedrunek", "replays/fedrunek-greedy-vs-python.jsonl", 1000, 1) else { return };
    // The cube is drawn for the human's team: its fog covers the faces.
    let fog = |p: [u8; 3]| p[0] < 60 && p[1] < 60 && p[2] < 70 && p[2] > 25;
    let (fogged, total) = board_pixels(&shot, fog);
    assert!(fogged > total / 5, "the fogged cube covers {fogged} of {total} pixels");
}

#[test]
fn a_wycinanka_sheet_renders_with_an_order_highlighted_where_it_was_cut() {
    let dir = tempfile::tempdir().unwrap();
    let (race, shot) = (dir.path().join("race.jsonl"), dir.path().join("sheet.png"));
    let solver = format!("'{}' bot wycinanka solver", env!("CARGO_BIN_EXE_kibitz"));
    let args = ["match", "wycinanka", "--width", "20", "--height", "20", "--game-turns", "6", "--turn-ms", "500", "--out"];
    let output = kibitz().args(args).arg(&race).arg("--").arg(&solver).output().unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    // An order the solver fulfilled (a fifth of the orders are probably not in the sheet).
    let text = std::fs::read_to_string(&race).unwrap();
    let accepted = text.lines().find(|l| l.contains("ACCEPTED")).expect("the solver fulfilled an order");
    let id = accepted.split("COMMIT SOLUTION ").nth(1).and_then(|rest| rest.split(' ').next()).unwrap().to_string();
    let order = format!("order={id}");
    let view = ["view", race.to_str().unwrap(), "--turn", "1000000", "--look", &order, "--screenshot", shot.to_str().unwrap()];
    if in_window(&view, dir.path()).is_none() {
        return;
    }
    // The sheet's grey edges, and the order in team 1's blue where it was cut.
    let grey = |p: [u8; 3]| p[0] > 60 && p[0] == p[1] && p[1] == p[2];
    let blue = |p: [u8; 3]| p[2] as i32 > p[0] as i32 + 60 && p[2] > 100;
    let (edges, total) = board_pixels(&shot, grey);
    let (cut, _) = board_pixels(&shot, blue);
    assert!(edges > total / 50, "the sheet's edges cover {edges} of {total} pixels");
    assert!(cut > 40, "order {id} is highlighted ({cut} blue pixels)");
}

#[test]
fn a_wycinanka_team_is_taken_over_and_the_order_to_place_is_drawn_beside_the_sheet() {
    let Some((_dir, shot)) = take_over_in_window("wycinanka", "replays/wycinanka-solvers.jsonl", 200, 1) else { return };
    // The first order is drawn in its box at the top right (its fill), the sheet's edges left of it.
    let (boxed, total) = board_pixels(&shot, |p| p == [22, 24, 30]);
    assert!(boxed > total / 20, "the order's box covers {boxed} of {total} pixels");
    let (edges, _) = board_pixels(&shot, |p| p[0] > 60 && p[0] == p[1] && p[1] == p[2]);
    assert!(edges > total / 50, "the sheet's edges cover {edges} of {total} pixels");
}

#[test]
fn a_snakecore_board_renders_with_its_reactors_blocks_and_four_pythons() {
    let dir = tempfile::tempdir().unwrap();
    let shot = dir.path().join("snakecore.png");
    let replay = workspace().join("replays/snakecore-four.jsonl");
    let args = ["view", replay.to_str().unwrap(), "--turn", "330", "--screenshot", shot.to_str().unwrap()];
    if in_window(&args, dir.path()).is_none() {
        return;
    }
    // The reactors' yellow (view.rs REACTOR), the energy blocks' cyan, and the four pythons'
    // colours (kit::viewing::palette).
    let exactly = |c: [u8; 3]| move |p: [u8; 3]| p == c;
    let (reactors, total) = board_pixels(&shot, exactly([255, 193, 7]));
    assert!(reactors > total / 400, "four reactors: {reactors} yellow pixels");
    let (energy, _) = board_pixels(&shot, exactly([0, 229, 255]));
    assert!(energy > 100, "energy blocks: {energy} cyan pixels");
    for k in 0..4 {
        let c = kibitz::kit::viewing::palette::player_color(k);
        let (python, _) = board_pixels(&shot, exactly([c.r(), c.g(), c.b()]));
        assert!(python > 150, "python {k} is drawn ({python} pixels)");
    }
}

#[test]
fn snakecore_is_played_by_hand_against_our_greedy_python() {
    let dir = tempfile::tempdir().unwrap();
    let (shot, out) = (dir.path().join("hand.png"), dir.path().join("hand.jsonl"));
    let map = workspace().join("maps/snakecore/duel.txt");
    let args = ["play", "snakecore", "--map", map.to_str().unwrap(), "--turns", "20", "--out", out.to_str().unwrap(), "--screenshot"];
    let Some(output) = in_window(&[&args[..], &[shot.to_str().unwrap()]].concat(), dir.path()) else { return };
    assert_eq!(summary(&output)["verified"], true, "{}", stderr(&output));
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.lines().next().unwrap().contains("bot snakecore greedy"), "our greedy python plays the other seat");
    let (board, total) = board_pixels(&shot, |p| p == [30, 33, 40]);
    assert!(board > total / 4, "the board's floor covers {board} of {total} pixels");
}

#[test]
fn a_snakecore_python_is_taken_over_from_a_replay() {
    let dir = tempfile::tempdir().unwrap();
    let (shot, out) = (dir.path().join("take.png"), dir.path().join("take.jsonl"));
    let original = workspace().join("replays/snakecore-greedy-vs-random.jsonl");
    let args = ["play", "snakecore", "--from", original.to_str().unwrap(), "--turn", "100", "--out", out.to_str().unwrap(), "--screenshot"];
    let Some(output) = in_window(&[&args[..], &[shot.to_str().unwrap()]].concat(), dir.path()) else { return };
    assert_eq!(summary(&output)["verified"], true, "{}", stderr(&output));
    let text = |p: &std::path::Path| std::fs::read_to_string(p).unwrap();
    let (before, after): (Vec<String>, Vec<String>) =
        (text(&original).lines().skip(1).map(String::from).collect(), text(&out).lines().skip(1).map(String::from).collect());
    assert_eq!(after[..100], before[..100], "the first 100 steps are copied");
}

/// Whether a colour is a player's (saturated), not the layout's greys.
fn saturated(p: [u8; 3]) -> bool {
    p.iter().max().unwrap() - p.iter().min().unwrap() > 60
}

/// Distinct colours in a region of an image.
fn colours(image: &image::RgbImage, xs: std::ops::Range<u32>, ys: std::ops::Range<u32>) -> usize {
    let mut seen = std::collections::HashSet::new();
    for y in ys {
        for x in xs.clone() {
            seen.insert(image.get_pixel(x, y).0);
        }
    }
    seen.len()
}

#[test]
fn the_broadcast_layout_shows_every_game_at_1920x1080_with_its_scoreboard() {
    let dir = tempfile::tempdir().unwrap();
    let games = [
        ("lighthouses-duel.jsonl", 150),
        ("snakecore-four.jsonl", 60),
        ("fedrunek-greedy-vs-python.jsonl", 60),
        ("wycinanka-solvers.jsonl", 20),
        ("osada-defender-vs-python.jsonl", 20),
        ("icfp2015-hive.jsonl", 80),
        ("amazes-explorers.jsonl", 40),
    ];
    // A replay of every game of the registry, not a list of this test's own.
    let shown: Vec<&str> = games.iter().map(|(name, _)| name.split('-').next().unwrap()).collect();
    assert_every_game(&shown, |_| true, "every game's broadcast");
    for (name, turn) in games {
        let shot = dir.path().join(name.replace(".jsonl", ".png"));
        let replay = workspace().join("replays").join(name);
        let turn = turn.to_string();
        let args = ["broadcast", replay.to_str().unwrap(), "--size", "1920x1080", "--turn", &turn, "--screenshot", shot.to_str().unwrap()];
        if in_window(&args, dir.path()).is_none() {
            return;
        }
        let image = image::open(&shot).expect("a PNG was written").to_rgb8();
        assert_eq!(image.dimensions(), (1920, 1080), "{name}");
        // The layout is drawn at 1280×720 and scaled by 1.5: the scoreboard's first row has
        // its player's colour stripe at the panel's left edge.
        let stripe = (1920 - 570 + 26..1920 - 570 + 34).flat_map(|x| (165..200).map(move |y| (x, y)));
        let coloured = stripe.filter(|&(x, y)| saturated(image.get_pixel(x, y).0)).count();
        assert!(coloured > 200, "{name}: the scoreboard's first row has no player colour ({coloured} pixels)");
        let board = colours(&image, 0..1920 - 570, 100..1020);
        assert!(board > 20, "{name}: the board area has {board} colours");
    }
}

#[test]
fn a_spoiler_free_broadcast_hides_the_progress_line_and_the_final_scores() {
    let dir = tempfile::tempdir().unwrap();
    let replay = workspace().join("replays/lighthouses-duel.jsonl");
    let (mut lit, mut finals) = (Vec::new(), Vec::new());
    for spoiler_free in [false, true] {
        let shot = dir.path().join(format!("spoiler-{spoiler_free}.png"));
        let mut args = vec!["broadcast", replay.to_str().unwrap(), "--turn", "300", "--screenshot", shot.to_str().unwrap()];
        if spoiler_free {
            args.push("--spoiler-free");
        }
        if in_window(&args, dir.path()).is_none() {
            return;
        }
        let image = image::open(&shot).unwrap().to_rgb8();
        assert_eq!(image.dimensions(), (1280, 720), "a broadcast window is 16:9 by default");
        // The progress line: 4 pixels high inside the bottom bar (34 high, a margin of 6), white
        // up to the cursor.
        lit.push((0..300).filter(|&x| image.get_pixel(x, 720 - 34 + 6 + 2).0.iter().all(|&c| c > 200)).count());
        // "final N" in small grey letters under the first row's name.
        finals.push((960..1060).flat_map(|x| (128..142).map(move |y| (x, y))).filter(|&(x, y)| image.get_pixel(x, y).0[0] > 100).count());
    }
    assert!(finals[0] > finals[1] + 40, "the final score is shown, and hidden when spoiler-free ({finals:?} light pixels)");
    assert!(lit[0] > 200, "the progress line shows how far the replay is ({} lit)", lit[0]);
    assert_eq!(lit[1], 0, "spoiler-free: no progress line");
}

#[test]
fn export_writes_a_gif_and_png_frames_each_the_picture_of_its_step() {
    let dir = tempfile::tempdir().unwrap();
    let replay = workspace().join("replays/lighthouses-duel.jsonl");
    let (gif_path, frames) = (dir.path().join("duel.gif"), dir.path().join("frames"));
    let args = [
        "export",
        replay.to_str().unwrap(),
        "--from",
        "100",
        "--to",
        "110",
        "--every",
        "4",
        "--size",
        "640x360",
        "--gif",
        gif_path.to_str().unwrap(),
        "--frames",
        frames.to_str().unwrap(),
    ];
    let Some(output) = in_window(&args, dir.path()) else { return };
    assert!(stdout(&output).contains("4 frames, steps 100 to 110"), "{}", stdout(&output));
    let mut decoder = gif::DecodeOptions::new().read_info(std::fs::File::open(&gif_path).unwrap()).unwrap();
    assert_eq!((decoder.width(), decoder.height()), (640, 360));
    let mut count = 0;
    while decoder.read_next_frame().unwrap().is_some() {
        count += 1;
    }
    assert_eq!(count, 4, "steps 100, 104, 108 and 110");
    let mut names: Vec<String> = std::fs::read_dir(&frames).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    assert_eq!(names, ["frame-00000-step-100.png", "frame-00001-step-104.png", "frame-00002-step-108.png", "frame-00003-step-110.png"]);
    // Each frame is what a screenshot of that step shows, and the steps differ.
    let shot = dir.path().join("108.png");
    in_window(
        &["broadcast", replay.to_str().unwrap(), "--size", "640x360", "--turn", "108", "--screenshot", shot.to_str().unwrap()],
        dir.path(),
    );
    // (A glyph may land a shade apart: egui's font atlas fills in the order text is first drawn.)
    let picture = |p: &std::path::Path| image::open(p).unwrap().to_rgb8();
    let differing = |a: &image::RgbImage, b: &image::RgbImage| {
        a.pixels().zip(b.pixels()).filter(|(p, q)| p.0.iter().zip(q.0).any(|(&x, y)| (x as i32 - y as i32).abs() > 8)).count()
    };
    let screenshot = picture(&shot);
    let same = differing(&picture(&frames.join(&names[2])), &screenshot);
    assert!(same < 20, "the frame of step 108 is the screenshot of step 108 ({same} pixels differ)");
    let other = differing(&picture(&frames.join(&names[1])), &screenshot);
    assert!(other > 500, "the frame of step 104 shows another board ({other} pixels differ)");
}

#[test]
fn export_refuses_a_range_outside_the_replay_naming_its_length() {
    let dir = tempfile::tempdir().unwrap();
    let replay = workspace().join("replays/lighthouses-duel.jsonl");
    let gif_path = dir.path().join("x.gif");
    let output = run(kibitz().args(["export", replay.to_str().unwrap(), "--from", "9", "--to", "3", "--gif", gif_path.to_str().unwrap()]));
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("--from 9 is after --to 3"), "{}", stderr(&output));
    let output = run(kibitz().args(["export", replay.to_str().unwrap()]));
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("--gif"), "{}", stderr(&output));
    let output = run(kibitz().args(["broadcast", dir.path().to_str().unwrap()]));
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("no replays (*.jsonl)"), "{}", stderr(&output));
}

#[test]
fn an_osada_settlement_renders_its_terrain_and_the_teams_on_it() {
    let dir = tempfile::tempdir().unwrap();
    let (siege, shot) = (dir.path().join("siege.jsonl"), dir.path().join("settlement.png"));
    let defender = format!("'{}' bot osada defender", env!("CARGO_BIN_EXE_kibitz"));
    let settlement = workspace().join("maps/osada/quarry.txt");
    let args = ["match", "osada", "--game-turns", "20", "--turn-ms", "40", "--settlement", settlement.to_str().unwrap(), "--out"];
    let output = kibitz().args(args).arg(&siege).arg("--").args([&defender, &defender]).output().unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    let view = ["view", siege.to_str().unwrap(), "--turn", "10", "--screenshot", shot.to_str().unwrap()];
    if in_window(&view, dir.path()).is_none() {
        return;
    }
    // Solid ground's sand, soggy ground's green and blocked fields' dark grey cover the board.
    let sand = |p: [u8; 3]| near(p, [186, 174, 146], 12);
    let soggy = |p: [u8; 3]| near(p, [96, 132, 104], 12);
    let blocked = |p: [u8; 3]| near(p, [58, 58, 64], 10);
    let (solid, total) = board_pixels(&shot, sand);
    let ((wet, _), (walls, _)) = (board_pixels(&shot, soggy), board_pixels(&shot, blocked));
    assert!(solid > total / 4 && wet > total / 50 && walls > total / 50, "solid {solid}, soggy {wet}, blocked {walls} of {total}");
    // Both teams' troops and masts, in team 1's blue and team 2's red.
    let blue = |p: [u8; 3]| p[2] as i32 > p[0] as i32 + 80 && p[2] > 150;
    let red = |p: [u8; 3]| p[0] as i32 > p[1] as i32 + 100 && p[0] > 180 && p[2] < 120;
    let ((ours, _), (theirs, _)) = (board_pixels(&shot, blue), board_pixels(&shot, red));
    assert!(ours > 20 && theirs > 20, "team colours: {ours} blue, {theirs} red pixels");
}

#[test]
fn an_osada_team_sees_its_own_part_of_the_settlement_up_close_and_the_rest_is_fogged() {
    let dir = tempfile::tempdir().unwrap();
    let replay = workspace().join("replays/osada-defender-vs-python.jsonl");
    // Team 1's mast, as its DESCRIBE WORLD answer gave it.
    let text = std::fs::read_to_string(&replay).unwrap();
    let answer = text.lines().find(|l| l.contains(r#""line":"DESCRIBE WORLD""#) && l.contains(r#""player":0"#)).expect("team 1 asked");
    let world: Vec<i32> = answer.split(r#""lines":["OK",""#).nth(1).unwrap().split(' ').take(4).map(|w| w.parse().unwrap()).collect();
    let look = format!("field={},{}", world[2], world[3]);
    let (fogged, close) = (dir.path().join("fog.png"), dir.path().join("close.png"));
    // The whole settlement as team 1 saw it, and its mast up close.
    for (shot, how) in [(&fogged, ["--perspective", "0"]), (&close, ["--look", look.as_str()])] {
        let mut args = vec!["view", replay.to_str().unwrap(), "--turn", "600", "--screenshot", shot.to_str().unwrap()];
        args.extend(how);
        if in_window(&args, dir.path()).is_none() {
            return;
        }
    }
    // Up close, fields are big: the mast's ring and team 1's troops in its blue.
    let blue = |p: [u8; 3]| p[2] as i32 > p[0] as i32 + 80 && p[2] > 150;
    let (ours, total) = board_pixels(&close, blue);
    assert!(ours > 400, "team 1's troops up close: {ours} blue pixels of {total}");
    // As team 1: what its troops see is bright, most of the board dark.
    let dark = |p: [u8; 3]| p.iter().all(|&c| c < 60);
    let sand = |p: [u8; 3]| near(p, [186, 174, 146], 14);
    let ((fog, _), (seen, _)) = (board_pixels(&fogged, dark), board_pixels(&fogged, sand));
    assert!(fog > total / 3, "fogged: {fog} dark pixels of {total}");
    assert!(seen > 100 && seen < total / 20, "seen: {seen} sand pixels of {total}");
    // Whose view it is, said on the board in team 1's colour (bottom left).
    let image = image::open(&fogged).unwrap().to_rgb8();
    let c = kibitz::kit::viewing::palette::player_color(0);
    let tagged = (0..500)
        .flat_map(|x| (640..740).map(move |y| (x, y)))
        .filter(|&(x, y)| near(image.get_pixel(x, y).0, [c.r(), c.g(), c.b()], 40))
        .count();
    assert!(tagged > 30, "'as team1 saw it' in its colour: {tagged} pixels");
}

#[test]
fn osada_hand_play_opens_up_close_on_the_humans_mast_in_the_fog() {
    let dir = tempfile::tempdir().unwrap();
    let (out, shot) = (dir.path().join("hand.jsonl"), dir.path().join("hand.png"));
    let settlement = workspace().join("maps/osada/quarry.txt");
    let defender = format!("'{}' bot osada defender", env!("CARGO_BIN_EXE_kibitz"));
    let args = [
        "play",
        "osada",
        "--settlement",
        settlement.to_str().unwrap(),
        "--paused",
        "--out",
        out.to_str().unwrap(),
        "--screenshot",
        shot.to_str().unwrap(),
        "--",
        &defender,
    ];
    let Some(output) = in_window(&args, dir.path()) else { return };
    assert!(stderr(&output).contains("recording to"), "{}", stderr(&output));
    // Up close: team 1's troops are big blue marks; the fog darkens most of the board.
    let blue = |p: [u8; 3]| p[2] as i32 > p[0] as i32 + 80 && p[2] > 150;
    let dark = |p: [u8; 3]| p.iter().all(|&c| c < 60);
    let ((ours, total), (fog, _)) = (board_pixels(&shot, blue), board_pixels(&shot, dark));
    assert!(ours > 300, "team 1 up close: {ours} blue pixels");
    assert!(fog > total / 2, "the fog: {fog} dark pixels of {total}");
    let replay = std::fs::read_to_string(&out).unwrap();
    assert!(replay.lines().count() > 1, "the hosted game was recorded");
}

/// A round robin of our greedy and random lighthouses bots on duel, run into `dir`/out.
fn duel_tournament(dir: &std::path::Path, rounds: u32) -> std::path::PathBuf {
    let spec = dir.join("spec.ron");
    let map = workspace().join("maps/lighthouses/duel.txt");
    std::fs::write(
        &spec,
        format!(
            r#"(game: "lighthouses", bots: [(name: "greedy", command: "kibitz bot lighthouses greedy"), (name: "rnd", command: "kibitz bot lighthouses random --seed 3")],
               setups: [(name: "duel", flags: ["--map", "{}", "--rounds", "{rounds}"])], seats: 2, format: RoundRobin, seed: 1)"#,
            map.display()
        ),
    )
    .unwrap();
    let out = dir.join("out");
    let ran = run(kibitz().args(["tournament", "run"]).arg(&spec).arg("--out").arg(&out));
    assert!(ran.status.success(), "{}", stderr(&ran));
    out
}

#[test]
fn a_tournament_folder_opens_with_its_standings_beside_its_last_match() {
    let dir = tempfile::tempdir().unwrap();
    let out = duel_tournament(dir.path(), 20);
    let shot = dir.path().join("tournament.png");
    if in_window(&["view", out.to_str().unwrap(), "--turn", "40", "--screenshot", shot.to_str().unwrap()], dir.path()).is_none() {
        return;
    }
    assert_shows_the_island(&shot);
    // The table at the top of the side panel names the bots in their colours.
    let image = image::open(&shot).unwrap().to_rgb8();
    let greedy = kibitz::kit::viewing::palette::player_color(0);
    let named = (880..1280)
        .flat_map(|x| (25..140).map(move |y| (x, y)))
        .filter(|&(x, y)| near(image.get_pixel(x, y).0, [greedy.r(), greedy.g(), greedy.b()], 40))
        .count();
    assert!(named > 15, "the first bot's name in its colour: {named} pixels");
}

#[test]
fn a_tournament_broadcast_shows_its_bracket_between_matches_the_next_pairing_outlined() {
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("spec.ron");
    let bots: Vec<String> = (1..=6).map(|k| format!(r#"(name: "rnd{k}", command: "kibitz bot lighthouses random --seed {k}")"#)).collect();
    let map = workspace().join("maps/lighthouses/duel.txt");
    std::fs::write(
        &spec,
        format!(
            r#"(game: "lighthouses", bots: [{}], setups: [(name: "duel", flags: ["--map", "{}", "--rounds", "20"])],
               seats: 2, format: Elimination(double: true), seed: 2)"#,
            bots.join(", "),
            map.display()
        ),
    )
    .unwrap();
    let out = dir.path().join("out");
    let ran = run(kibitz().args(["tournament", "run"]).arg(&spec).arg("--out").arg(&out));
    assert!(ran.status.success(), "{}", stderr(&ran));
    let shot = dir.path().join("bracket.png");
    // The first match shown to its end: the countdown to the next, and the bracket over the board.
    if in_window(
        &["broadcast", out.to_str().unwrap(), "--turn", "1000", "--size", "1280x720", "--screenshot", shot.to_str().unwrap()],
        dir.path(),
    )
    .is_none()
    {
        return;
    }
    let image = image::open(&shot).unwrap().to_rgb8();
    assert_eq!(image.dimensions(), (1280, 720));
    let board = |test: &dyn Fn([u8; 3]) -> bool| {
        (20..880).flat_map(|x| (70..680).map(move |y| (x, y))).filter(|&(x, y)| test(image.get_pixel(x, y).0)).count()
    };
    // The next pairing's outline, and the boxes of the pairings (no board left showing through).
    assert!(board(&|p| near(p, [255, 196, 40], 30)) > 200, "the outline of the pairing coming up");
    assert!(board(&|p| near(p, [30, 34, 44], 3)) > 20_000, "the pairings' boxes");
    assert_eq!(board(&|p| near(p, WATER, 4)), 0, "the board is hidden behind the bracket");
}

#[test]
fn a_tournament_report_is_a_static_page_with_its_gifs_that_chromium_renders() {
    let dir = tempfile::tempdir().unwrap();
    let out = duel_tournament(dir.path(), 12);
    let ci = std::env::var("CI").is_ok_and(|v| v == "true" || v == "1");
    if Command::new("xvfb-run").arg("--help").output().is_err() {
        assert!(!ci, "xvfb-run is missing; .ci/run installs it");
        eprintln!("\n*** SKIPPING the report test: xvfb-run not found ***\n");
        return;
    }
    // Without a display, the GIFs are made under xvfb-run.
    let site = dir.path().join("site");
    let made =
        run(kibitz().args(["tournament", "report"]).arg(&out).arg("--out").arg(&site).args(["--gif-rounds", "2"]).env_remove("DISPLAY"));
    assert!(made.status.success(), "{}", stderr(&made));
    let page = std::fs::read_to_string(site.join("index.html")).unwrap();
    for id in ["duel-greedy-vs-rnd-1", "duel-rnd-vs-greedy-1"] {
        assert!(page.contains(&format!("replays/{id}.jsonl")) && page.contains(&format!("gifs/{id}.gif")), "{id} in the page");
        assert!(site.join(format!("replays/{id}.jsonl")).is_file());
        let gif = std::fs::read(site.join(format!("gifs/{id}.gif"))).unwrap();
        assert!(gif.starts_with(b"GIF89a") && gif.len() > 10_000, "{id}'s GIF: {} bytes", gif.len());
    }
    assert!(page.contains("ratings.png") && site.join("ratings.png").is_file());
    assert!(!page.contains("<script"), "no JavaScript");
    // The page as a browser shows it.
    if Command::new("chromium").arg("--version").output().is_err() {
        assert!(!ci, "chromium is missing; .ci/run installs it");
        eprintln!("\n*** SKIPPING the report's look in Chromium: chromium not found ***\n");
        return;
    }
    let shot = dir.path().join("page.png");
    let url = format!("file://{}", site.join("index.html").display());
    let shown = Command::new("chromium")
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1280,1600"])
        .arg(format!("--screenshot={}", shot.display()))
        .arg(&url)
        .output()
        .unwrap();
    assert!(shot.is_file(), "chromium wrote no screenshot: {}", stderr(&shown));
    let image = image::open(&shot).unwrap().to_rgb8();
    let count = |test: &dyn Fn([u8; 3]) -> bool| image.pixels().filter(|p| test(p.0)).count();
    let greedy = kibitz::kit::viewing::palette::player_color(0);
    assert!(count(&|p| near(p, [greedy.r(), greedy.g(), greedy.b()], 10)) > 300, "the first bot's colour: swatches and its rating line");
    assert!(count(&|p| near(p, [18, 20, 26], 2)) > 200_000, "the page's background");
    // The GIFs show the board: the island's sand.
    assert!(count(&|p| island_tint(p)) > 2_000, "the matches' GIFs");
}

#[test]
fn a_contest_broadcast_shows_the_ranking_between_its_servers() {
    let dir = tempfile::tempdir().unwrap();
    let free = || std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let (port, spectate) = (free(), free());
    std::fs::write(dir.path().join("teams.ron"), r#"[(login: "ada", password: "secret-ada"), (login: "bob", password: "secret-bob")]"#)
        .unwrap();
    std::fs::write(
        dir.path().join("day.ron"),
        format!(
            r#"(teams: "teams.ron", tasks: [(name: "mining", game: "fedrunek", servers: [
                (name: "a1", listen: "127.0.0.1:{port}", spectate: "127.0.0.1:{spectate}", flags: ["--n", "8", "--turn-ms", "100", "--turns", "10"])])])"#
        ),
    )
    .unwrap();
    let day = dir.path().join("day");
    let contest =
        kibitz().arg("contest").arg(dir.path().join("day.ron")).arg("--out").arg(&day).stdout(std::process::Stdio::null()).spawn().unwrap();
    let until = Instant::now() + Duration::from_secs(30);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < until, "the contest's server does not listen");
        std::thread::sleep(Duration::from_millis(50));
    }
    let bot = env!("CARGO_BIN_EXE_kibitz");
    let clients: Vec<_> = ["ada", "bob"]
        .map(|t| {
            Command::new(bot)
                .args(["bot", "fedrunek", "greedy", "127.0.0.1", &port.to_string(), t, &format!("secret-{t}")])
                .spawn()
                .unwrap()
        })
        .into_iter()
        .collect();
    assert!(contest.wait_with_output().unwrap().status.success());
    for mut c in clients {
        let _ = c.kill();
        let _ = c.wait();
    }
    let shot = dir.path().join("ranking.png");
    if in_window(&["broadcast", day.to_str().unwrap(), "--size", "1280x720", "--screenshot", shot.to_str().unwrap()], dir.path()).is_none()
    {
        return;
    }
    // The server is over (nothing to follow): the ranking shows, its leader in gold.
    let image = image::open(&shot).unwrap().to_rgb8();
    let gold =
        (20..880).flat_map(|x| (70..400).map(move |y| (x, y))).filter(|&(x, y)| near(image.get_pixel(x, y).0, [255, 196, 40], 40)).count();
    assert!(gold > 100, "the leader's row in gold: {gold} pixels");
}

/// Whether the programs a driven window needs are here; when not, says so loudly (a failure
/// under CI, whose .ci/run installs them).
fn can_drive_a_window() -> bool {
    let ci = std::env::var("CI").is_ok_and(|v| v == "true" || v == "1");
    for program in ["Xvfb", "xdotool", "import"] {
        let found = Command::new("sh").arg("-c").arg(format!("command -v {program}")).output().is_ok_and(|o| o.status.success());
        if !found {
            assert!(!ci, "{program} is missing; .ci/run installs it");
            eprintln!("\n*** SKIPPING a driven-window test: {program} not found ***\n");
            return false;
        }
    }
    true
}

#[test]
fn the_map_editor_is_painted_checked_undone_saved_and_played_in_a_real_window() {
    if !can_drive_a_window() {
        return;
    }
    let _one_at_a_time = WINDOWS.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("duel.txt");
    let original = std::fs::read_to_string(workspace().join("maps/lighthouses/duel.txt")).unwrap();
    std::fs::write(&map, &original).unwrap();
    // A display of our own, the window at its top left.
    let xvfb = Xvfb::start("1280x800x24");
    let display = xvfb.display.clone();
    let editor = Killed(
        Command::new(env!("CARGO_BIN_EXE_kibitz"))
            .args(["edit", "lighthouses"])
            .arg(&map)
            .env("DISPLAY", &display)
            .env("KIBITZ_CONFIG_DIR", dir.path())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap(),
    );
    let x = |args: &[&str]| Command::new("xdotool").args(args).env("DISPLAY", &display).output().unwrap();
    let until = Instant::now() + Duration::from_secs(120);
    while x(&["search", "--name", "Kibitz"]).stdout.is_empty() {
        assert!(Instant::now() < until, "the editor's window did not open");
        std::thread::sleep(Duration::from_millis(200));
    }
    // No window manager gives it the keyboard: it is given here.
    let window = String::from_utf8_lossy(&x(&["search", "--name", "Kibitz"]).stdout).lines().next().unwrap_or_default().to_string();
    x(&["windowfocus", "--sync", &window]);
    std::thread::sleep(Duration::from_secs(3));
    let click = |at: (u32, u32)| {
        x(&["mousemove", &at.0.to_string(), &at.1.to_string(), "click", "1"]);
        std::thread::sleep(Duration::from_millis(700));
    };
    let shot = |name: &str| {
        let path = dir.path().join(name);
        Command::new("import").args(["-window", "root"]).arg(&path).env("DISPLAY", &display).output().unwrap();
        image::open(&path).unwrap().to_rgb8()
    };
    // The fault's box around the border cell of line 4, column 1 (a red player's disc is elsewhere).
    let red_box = |image: &image::RgbImage| {
        (8..100).flat_map(|x| (334..426).map(move |y| (x, y))).filter(|&(x, y)| near(image.get_pixel(x, y).0, [255, 60, 60], 30)).count()
    };
    // A modifier is held over a few frames, as a hand holds it (the window reads modifiers
    // once a frame; xdotool's quick chord is over by then).
    let key = |keys: &str| {
        match keys.split_once('+') {
            Some((modifier, key)) => {
                x(&["keydown", modifier]);
                std::thread::sleep(Duration::from_millis(300));
                x(&["key", key]);
                std::thread::sleep(Duration::from_millis(300));
                x(&["keyup", modifier]);
            }
            None => drop(x(&["key", keys])),
        }
        std::thread::sleep(Duration::from_millis(900));
    };
    // The island tool (the first) paints line 4's inner water, and Ctrl+S saves the map.
    click((416, 382));
    key("ctrl+s");
    let saved = std::fs::read_to_string(&map).unwrap();
    assert_eq!(saved.lines().nth(3), Some("#     #    #"), "the painted cell is saved:\n{saved}");
    // Island on the border: the fault is marked on the board; undone, it is gone.
    click((54, 379));
    let faulty = shot("fault.png");
    assert!(red_box(&faulty) > 100, "the fault's box on the board");
    key("ctrl+z");
    let fixed = shot("undone.png");
    assert_eq!(red_box(&fixed), 0, "undone: no fault");
    assert!(board_share(&fixed, |p| near(p, WATER, 6)) > 0.03, "the map drawn by the game's own view again");
    // P plays the map by hand in the same window, recorded beside the map's copy; E comes back.
    let games = std::env::temp_dir().join(format!("kibitz-edit-{}", editor.0.id()));
    let replays = || -> Vec<std::path::PathBuf> {
        let mut found: Vec<_> = std::fs::read_dir(&games)
            .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|x| x == "jsonl")).collect())
            .unwrap_or_default();
        found.sort();
        found
    };
    key("p");
    std::thread::sleep(Duration::from_secs(2));
    let hand = replays();
    assert_eq!(hand.len(), 1, "a hand game is recorded in {}", games.display());
    assert!(std::fs::read_to_string(&hand[0]).unwrap().contains("\"game\":\"lighthouses\""), "its header");
    let playing = shot("playing.png");
    key("e");
    let back = shot("back.png");
    assert!(board_share(&back, |p| near(p, WATER, 6)) > 0.03, "the editor again");
    assert_ne!(playing.as_raw(), back.as_raw(), "the game was shown in the editor's place");
    // Shift+P: our bots play it, followed as their replay grows; E ends their match.
    key("shift+p");
    let until = Instant::now() + Duration::from_secs(60);
    let steps = |path: &std::path::Path| std::fs::read_to_string(path).map_or(0, |t| t.lines().count());
    while replays().len() < 2 || steps(&replays()[1]) < 20 {
        assert!(Instant::now() < until, "our bots' match is recorded in {}", games.display());
        std::thread::sleep(Duration::from_millis(300));
    }
    key("e");
    std::thread::sleep(Duration::from_secs(1));
    let stopped = steps(&replays()[1]);
    std::thread::sleep(Duration::from_secs(1));
    assert_eq!(steps(&replays()[1]), stopped, "the match ended on the way back to the editor");
    let _ = std::fs::remove_dir_all(&games);
}

/// A child process killed when dropped, a failed assertion too.
struct Killed(std::process::Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The share of the board area's pixels that pass `test`.
fn board_share(image: &image::RgbImage, test: impl Fn([u8; 3]) -> bool) -> f64 {
    let (mut hits, mut total) = (0, 0);
    for y in 60..700 {
        for x in 40..860 {
            total += 1;
            hits += test(image.get_pixel(x, y).0) as u32;
        }
    }
    hits as f64 / total as f64
}

#[test]
fn looks_turns_and_perspectives_hold_on_a_replay_big_enough_to_load_in_the_background() {
    let dir = tempfile::tempdir().unwrap();
    // A bundled replay made big: its header line padded with spaces (JSON allows them) past
    // the size that is loaded on a thread of its own; it shows exactly what the small one does.
    let big_dir = dir.path().join("big");
    std::fs::create_dir(&big_dir).unwrap();
    for (name, turn, look, perspective) in [
        ("osada-defender-vs-python", "1000", "field=100,20", "1"),
        ("wycinanka-solvers", "500", "order=12", "0"),
        ("fedrunek-greedy-vs-python", "500", "cut=z:10", "1"),
    ] {
        let small = workspace().join(format!("replays/{name}.jsonl"));
        let text = std::fs::read_to_string(&small).unwrap();
        let (header, rest) = text.split_once('\n').unwrap();
        let padded = format!("{}{}}}\n{rest}", &header[..header.len() - 1], " ".repeat(4 << 20));
        let big = big_dir.join(format!("{name}.jsonl"));
        std::fs::write(&big, padded).unwrap();
        let shots = [dir.path().join(format!("{name}-small.png")), dir.path().join(format!("{name}-big.png"))];
        for (replay, shot) in [&small, &big].into_iter().zip(&shots) {
            let args = ["view", replay.to_str().unwrap(), "--turn", turn, "--look", look, "--perspective", perspective];
            if in_window(&[&args[..], &["--screenshot", shot.to_str().unwrap()]].concat(), dir.path()).is_none() {
                return;
            }
        }
        let (a, b) = (image::open(&shots[0]).unwrap().to_rgb8(), image::open(&shots[1]).unwrap().to_rgb8());
        let differ = a.pixels().zip(b.pixels()).filter(|(p, q)| p != q).count();
        assert_eq!(differ, 0, "{name}: --look {look} --perspective {perspective} on the big file: {differ} pixels differ");
    }
}

#[test]
fn the_readmes_wycinanka_look_opens_where_each_team_cut_the_order() {
    let dir = tempfile::tempdir().unwrap();
    let shot = dir.path().join("order.png");
    let replay = workspace().join("replays/wycinanka-solvers.jsonl");
    // As the README types it: no --turn; the look opens at the end, where every cut shows.
    if in_window(&["view", replay.to_str().unwrap(), "--look", "order=12", "--screenshot", shot.to_str().unwrap()], dir.path()).is_none() {
        return;
    }
    let image = image::open(&shot).unwrap().to_rgb8();
    let sheet =
        |c: [u8; 3]| (0..600).flat_map(|x| (80..700).map(move |y| (x, y))).filter(|&(x, y)| near(image.get_pixel(x, y).0, c, 12)).count();
    let (one, two) = (kibitz::kit::viewing::palette::player_color(0), kibitz::kit::viewing::palette::player_color(1));
    assert!(sheet([one.r(), one.g(), one.b()]) > 100, "team 1's cut of order 12");
    assert!(sheet([two.r(), two.g(), two.b()]) > 100, "team 2's cut of order 12");
}

#[test]
fn a_2000_by_2000_lighthouses_map_opens_as_one_texture_of_its_cells() {
    let dir = tempfile::tempdir().unwrap();
    // Island with a wall of water around it, a rock every 17th cell, lighthouses, two starts.
    let n = 2000;
    let mut rows: Vec<Vec<u8>> = (0..n)
        .map(|y| {
            (0..n).map(|x| if x == 0 || y == 0 || x == n - 1 || y == n - 1 || (x * 31 + y * 7) % 17 == 0 { b'#' } else { b' ' }).collect()
        })
        .collect();
    for k in 1..20 {
        rows[k * 97][k * 89] = b'!';
    }
    (rows[10][10], rows[n - 11][n - 11]) = (b'A', b'B');
    let map = dir.path().join("huge.txt");
    std::fs::write(&map, rows.iter().map(|r| String::from_utf8_lossy(r) + "\n").collect::<String>()).unwrap();
    let replay = dir.path().join("huge.jsonl");
    let played = play(&map, 2, &replay, &[sample_bot("random", 1), sample_bot("random", 2)], &[]);
    assert!(played.status.success(), "{}", stderr(&played));
    let shot = dir.path().join("huge.png");
    let args = ["view", replay.to_str().unwrap(), "--turn", "2", "--screenshot", shot.to_str().unwrap()];
    if in_window(&args, dir.path()).is_none() {
        return;
    }
    // Drawn cell by cell, the 4 million cells made stripes (and took 5.7 GB and a minute).
    assert_shows_the_island(&shot);
    let Some(output) = in_window(&["view", replay.to_str().unwrap(), "--turn", "2", "--frame-stats", "1"], dir.path()) else { return };
    let report = summary(&output);
    assert!(report["max_rss_mb"].as_f64().unwrap() < 1500.0, "{report}");
}

/// A window on a display of its own (the map editor, or any `kibitz` command), driven by
/// xdotool as a person would (the keyboard given to it: no window manager does here).
struct DrivenWindow {
    app: Killed,
    display: String,
    window: String,
    _xvfb: Xvfb,
}

impl DrivenWindow {
    fn open(map: &std::path::Path, config: &std::path::Path) -> DrivenWindow {
        Self::run(&["edit".as_ref(), "lighthouses".as_ref(), map.as_os_str()], config)
    }

    /// `kibitz ARGS` in a window of its own display.
    fn run(args: &[&std::ffi::OsStr], config: &std::path::Path) -> DrivenWindow {
        let xvfb = Xvfb::start("1280x800x24");
        let display = xvfb.display.clone();
        let app = Killed(
            Command::new(env!("CARGO_BIN_EXE_kibitz"))
                .args(args)
                .env("DISPLAY", &display)
                .env("KIBITZ_CONFIG_DIR", config)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .spawn()
                .unwrap(),
        );
        let mut editor = DrivenWindow { app, display, window: String::new(), _xvfb: xvfb };
        let until = Instant::now() + Duration::from_secs(120);
        while editor.x(&["search", "--name", "Kibitz"]).is_empty() {
            assert!(Instant::now() < until, "the editor's window did not open");
            std::thread::sleep(Duration::from_millis(200));
        }
        editor.window = editor.x(&["search", "--name", "Kibitz"]).lines().next().unwrap_or_default().to_string();
        editor.x(&["windowfocus", "--sync", &editor.window.clone()]);
        std::thread::sleep(Duration::from_secs(3));
        editor
    }

    /// Runs xdotool; its output.
    fn x(&self, args: &[&str]) -> String {
        String::from_utf8_lossy(&Command::new("xdotool").args(args).env("DISPLAY", &self.display).output().unwrap().stdout).to_string()
    }

    /// Keys typed as xdotool types them, a chord pressed and released at once: at its default
    /// speed (12 ms between the chord's keys), then as fast as it can (all within one frame).
    fn key(&self, keys: &str) {
        self.x(&["key", keys]);
        std::thread::sleep(Duration::from_millis(900));
    }

    fn key_at_once(&self, keys: &str) {
        self.x(&["key", "--delay", "0", keys]);
        std::thread::sleep(Duration::from_millis(900));
    }

    fn click(&self, at: (u32, u32)) {
        self.x(&["mousemove", &at.0.to_string(), &at.1.to_string(), "click", "1"]);
        std::thread::sleep(Duration::from_millis(700));
    }

    fn shot(&self, path: &std::path::Path) -> image::RgbImage {
        Command::new("import").args(["-window", "root"]).arg(path).env("DISPLAY", &self.display).output().unwrap();
        image::open(path).unwrap().to_rgb8()
    }

    /// Takes screenshots until one passes `test` (a loaded machine draws late), at most 20 s;
    /// the last one.
    fn shot_until(&self, path: &std::path::Path, test: impl Fn(&image::RgbImage) -> bool) -> image::RgbImage {
        let until = Instant::now() + Duration::from_secs(20);
        loop {
            let image = self.shot(path);
            if test(&image) || Instant::now() > until {
                return image;
            }
            std::thread::sleep(Duration::from_millis(300));
        }
    }

    /// Whether the editor is still running after `wait`, or the way it exited.
    fn exited_within(&mut self, wait: Duration) -> Option<std::process::ExitStatus> {
        let until = Instant::now() + wait;
        loop {
            if let Some(status) = self.app.0.try_wait().unwrap() {
                return Some(status);
            }
            if Instant::now() > until {
                return None;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// The window manager's close button: WM_DELETE_WINDOW sent to the window (by Xlib through
    /// python3's ctypes, as the xdotool here has no `windowquit`).
    fn close_button(&self) {
        let script = r#"
import ctypes, sys
x = ctypes.cdll.LoadLibrary("libX11.so.6")
x.XOpenDisplay.restype = ctypes.c_void_p
x.XOpenDisplay.argtypes = [ctypes.c_char_p]
x.XInternAtom.restype = ctypes.c_ulong
x.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
class ClientMessage(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("window", ctypes.c_ulong), ("message_type", ctypes.c_ulong),
                ("format", ctypes.c_int), ("data", ctypes.c_long * 5)]
class Event(ctypes.Union):
    _fields_ = [("xclient", ClientMessage), ("pad", ctypes.c_long * 24)]
x.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long, ctypes.POINTER(Event)]
x.XFlush.argtypes = [ctypes.c_void_p]
d = x.XOpenDisplay(None)
e = Event()
e.xclient.type = 33
e.xclient.window = int(sys.argv[1])
e.xclient.message_type = x.XInternAtom(d, b"WM_PROTOCOLS", 0)
e.xclient.format = 32
e.xclient.data[0] = x.XInternAtom(d, b"WM_DELETE_WINDOW", 0)
x.XSendEvent(d, int(sys.argv[1]), 0, 0, ctypes.byref(e))
x.XFlush(d)
"#;
        let o = Command::new("python3").args(["-c", script, &self.window]).env("DISPLAY", &self.display).output().unwrap();
        assert!(o.status.success(), "the close request was sent: {}", String::from_utf8_lossy(&o.stderr));
        std::thread::sleep(Duration::from_millis(900));
    }
}

/// The file at `path` once it passes `test` (a loaded machine saves late), or as it is after
/// 20 s.
fn read_when(path: &std::path::Path, test: impl Fn(&str) -> bool) -> String {
    let until = Instant::now() + Duration::from_secs(20);
    loop {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        if test(&text) || Instant::now() > until {
            return text;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// The board area left of the side panel, under the menu bar.
fn board_area(image: &image::RgbImage) -> Vec<u8> {
    image::imageops::crop_imm(image, 40, 80, 820, 600).to_image().into_raw()
}

#[test]
fn a_quick_ctrl_s_saves_and_never_pans_and_a_quick_shift_p_starts_our_bots() {
    if !can_drive_a_window() {
        return;
    }
    let _one_at_a_time = WINDOWS.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("duel.txt");
    std::fs::copy(workspace().join("maps/lighthouses/duel.txt"), &map).unwrap();
    let editor = DrivenWindow::open(&map, dir.path());
    // The island tool paints line 4's inner water; xdotool's Ctrl+S (pressed and released
    // within a frame) saves it, and the board stays where it was (S alone pans down).
    editor.click((416, 382));
    let before = editor.shot(&dir.path().join("before.png"));
    assert!(colours(&before, 0..890, 745..795) <= 2, "no playback bar under the map being edited");
    editor.key_at_once("ctrl+s");
    let saved = read_when(&map, |text| text.lines().nth(3) == Some("#     #    #"));
    assert_eq!(saved.lines().nth(3), Some("#     #    #"), "the quick Ctrl+S saved:\n{saved}");
    let after = editor.shot(&dir.path().join("after.png"));
    assert!(board_area(&before) == board_area(&after), "the board did not pan (see {})", dir.path().display());
    // At xdotool's default speed too, the island painted next to it saved.
    editor.click((488, 382));
    editor.key("ctrl+s");
    let saved = read_when(&map, |text| text.lines().nth(3) == Some("#          #"));
    assert_eq!(saved.lines().nth(3), Some("#          #"), "Ctrl+S at xdotool's default speed saved:\n{saved}");
    assert!(board_area(&after) != board_area(&editor.shot(&dir.path().join("again.png"))), "the second cell painted");
    // A quick Shift+P: our bots' match (its log beside the map's copy), not hand play.
    let games = std::env::temp_dir().join(format!("kibitz-edit-{}", editor.app.0.id()));
    editor.key_at_once("shift+p");
    let files = |extension: &str| {
        std::fs::read_dir(&games)
            .map_or(0, |d| d.filter_map(|e| e.ok()).filter(|e| e.path().extension().is_some_and(|x| x == extension)).count())
    };
    // The map's copy is written for either game; the log only for our bots'.
    let until = Instant::now() + Duration::from_secs(20);
    while files("txt") == 0 && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(200));
    }
    std::thread::sleep(Duration::from_millis(500));
    let logs = files("log");
    assert_eq!(logs, 1, "our bots' match started (its log in {})", games.display());
    // Back in the editor, nothing unsaved: Ctrl+Q closes at once, the games' folder with it.
    editor.key("e");
    editor.key("ctrl+q");
    let mut editor = editor;
    assert!(editor.exited_within(Duration::from_secs(10)).is_some_and(|s| s.success()), "Ctrl+Q closed the editor");
    assert!(!games.exists(), "the folder of the games played from the editor is removed on the way out: {}", games.display());
}

#[test]
fn closing_the_editor_with_unsaved_work_asks_to_save_discard_or_cancel() {
    if !can_drive_a_window() {
        return;
    }
    let ci = std::env::var("CI").is_ok_and(|v| v == "true" || v == "1");
    if Command::new("python3").arg("--version").output().is_err() {
        assert!(!ci, "python3 is missing; .ci/run installs it");
        eprintln!("\n*** SKIPPING a driven-window test: python3 not found ***\n");
        return;
    }
    let _one_at_a_time = WINDOWS.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("new.txt");
    // A new map, painted: the close button asks; Esc keeps the window, as does the question.
    let mut editor = DrivenWindow::open(&map, dir.path());
    editor.key("2");
    editor.click((300, 300));
    let painted = editor.shot(&dir.path().join("painted.png"));
    editor.close_button();
    assert_eq!(editor.exited_within(Duration::from_secs(2)), None, "the window stays open and asks");
    let asking = editor.shot_until(&dir.path().join("asking.png"), |shot| board_area(shot) != board_area(&painted));
    assert_ne!(board_area(&asking), board_area(&painted), "the question is shown over the board");
    editor.key("Escape");
    let cancelled = editor.shot_until(&dir.path().join("cancelled.png"), |shot| board_area(shot) == board_area(&painted));
    assert_eq!(board_area(&cancelled), board_area(&painted), "the question went");
    assert_eq!(editor.exited_within(Duration::from_secs(1)), None, "cancelled: still open");
    assert!(!map.exists());
    // Ctrl+Q asks too; S saves and closes.
    editor.key_at_once("ctrl+q");
    assert_eq!(editor.exited_within(Duration::from_secs(1)), None, "Ctrl+Q asks first");
    editor.key("s");
    let status = editor.exited_within(Duration::from_secs(20)).expect("saved and closed");
    assert!(status.success(), "{status:?}");
    let saved = std::fs::read_to_string(&map).expect("the map was saved on the way out");
    assert!(saved.contains("##"), "the water painted is saved: {saved}");
    drop(editor);
    // Nothing changed: Ctrl+Q closes at once.
    let mut editor = DrivenWindow::open(&map, dir.path());
    editor.key("ctrl+q");
    assert!(editor.exited_within(Duration::from_secs(10)).is_some_and(|s| s.success()), "nothing to lose: closed at once");
    drop(editor);
    // Painted, then discarded: the file stays as it was.
    let mut editor = DrivenWindow::open(&map, dir.path());
    editor.click((420, 380));
    editor.key("ctrl+q");
    editor.key("d");
    assert!(editor.exited_within(Duration::from_secs(20)).is_some_and(|s| s.success()), "discarded and closed");
    assert_eq!(std::fs::read_to_string(&map).unwrap(), saved, "discarded: the file as it was");
}

#[test]
fn ctrl_q_closes_the_viewer_at_once() {
    if !can_drive_a_window() {
        return;
    }
    let _one_at_a_time = WINDOWS.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let dir = tempfile::tempdir().unwrap();
    let replay = workspace().join("replays/lighthouses-demo.jsonl");
    let mut viewer = DrivenWindow::run(&["view".as_ref(), replay.as_os_str()], dir.path());
    viewer.key_at_once("ctrl+q");
    let status = viewer.exited_within(Duration::from_secs(20)).expect("Ctrl+Q closed the viewer");
    assert!(status.success(), "{status:?}");
}

/// A copy of bundled replay `name` whose first turn of a player draws `draw` (drawing lines
/// without the prefix), and the step that shows it.
fn with_drawing(name: &str, draw: &[&str], dir: &std::path::Path) -> (std::path::PathBuf, usize) {
    let text = std::fs::read_to_string(workspace().join("replays").join(name)).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let at = lines.iter().skip(1).position(|l| l.contains("\"player\":")).unwrap() + 1;
    let mut record: serde_json::Value = serde_json::from_str(&lines[at]).unwrap();
    record["draw"] = draw.iter().map(|d| serde_json::Value::from(*d)).collect();
    lines[at] = record.to_string();
    let path = dir.join(name);
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    (path, at)
}

/// The magenta pixels of a screenshot's board area: their count and their bounding box's width
/// and height.
fn magenta(shot: &std::path::Path) -> (u32, u32, u32) {
    let image = image::open(shot).expect("a PNG was written").to_rgb8();
    let (mut count, mut xs, mut ys) = (0, (u32::MAX, 0), (u32::MAX, 0));
    for y in 30..730 {
        for x in 0..890 {
            if near(image.get_pixel(x, y).0, [220, 60, 200], 25) {
                count += 1;
                xs = (xs.0.min(x), xs.1.max(x));
                ys = (ys.0.min(y), ys.1.max(y));
            }
        }
    }
    (count, xs.1.saturating_sub(xs.0), ys.1.saturating_sub(ys.0))
}

/// Every game's view puts a bot's drawing where its places are: a magenta arrow drawn on a
/// player's first turn shows at that step (along the board's rows where the game's x runs along
/// them), and not as another player saw the game (docs/debug-drawing.md).
#[test]
fn every_game_draws_a_bots_drawing_over_its_board() {
    // Replay, the arrow (x changes, y does not), whether x runs across the screen.
    let cases = [
        ("lighthouses", "lighthouses-duel.jsonl", "line 1 1 5 1 magenta", true),
        ("snakecore", "snakecore-greedy-vs-random.jsonl", "line 1 1 9 1 magenta", true),
        // In each bot's own frame: across or down the screen, as it first faced.
        ("amazes", "amazes-explorers.jsonl", "line 0 0 6 0 magenta", false),
        ("icfp2015", "icfp2015-hive.jsonl", "line 0 2 6 2 magenta", true),
        ("fedrunek", "fedrunek-greedy-vs-python.jsonl", "line 2 2 2 10 2 2 magenta", false),
        ("wycinanka", "wycinanka-solvers.jsonl", "line 1 1 12 1 magenta", true),
        ("osada", "osada-defender-vs-python.jsonl", "line 2 2 30 2 magenta", true),
    ];
    assert_every_game(&cases.map(|c| c.0), |_| true, "drawing over the board");
    let dir = tempfile::tempdir().unwrap();
    for (game, name, line, across) in cases {
        let (replay, at) = with_drawing(name, &[line, "note a magenta arrow"], dir.path());
        let shot = dir.path().join(format!("{game}.png"));
        let turn = at.to_string();
        let Some(_) = in_window(&["view", replay.to_str().unwrap(), "--turn", &turn, "--screenshot", shot.to_str().unwrap()], dir.path())
        else {
            return;
        };
        let (count, width, height) = magenta(&shot);
        assert!(count > 40, "{game}: the arrow shows ({count} magenta pixels)");
        if across {
            assert!(width > 3 * height, "{game}: the arrow runs along a row ({width} × {height} points)");
        }
        // Player 0 or 1 drew it; as the other saw the game (when there is one), it is not there.
        let text = std::fs::read_to_string(&replay).unwrap();
        let header: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
        if header["players"].as_array().unwrap().len() < 2 {
            continue;
        }
        let record: serde_json::Value = serde_json::from_str(text.lines().nth(at).unwrap()).unwrap();
        let other = if record["player"] == 0 { "1" } else { "0" };
        let theirs = dir.path().join(format!("{game}-other.png"));
        let args = ["view", replay.to_str().unwrap(), "--turn", &turn, "--perspective", other, "--screenshot", theirs.to_str().unwrap()];
        in_window(&args, dir.path()).unwrap();
        assert_eq!(magenta(&theirs).0, 0, "{game}: as player {other} saw it, only their own drawing shows");
    }
}

/// `view A --compare B` at the first step where a changed bot parts from the recording shows
/// both boards, each framed in the difference's colour; at a step before it, neither is.
#[test]
fn comparing_two_replays_shows_both_boards_and_frames_the_first_difference() {
    let dir = tempfile::tempdir().unwrap();
    let a = workspace().join("replays/lighthouses-duel.jsonl");
    let b = dir.path().join("changed.jsonl");
    let o = play(&workspace().join("maps/lighthouses/duel.txt"), 150, &b, &[changed_greedy(dir.path(), 40), sample_bot("random", 3)], &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    let first = kibitz().arg("diff").arg(&a).arg(&b).arg("--json").output().unwrap();
    let diff: serde_json::Value = serde_json::from_slice(&first.stdout).unwrap();
    let step = diff["first"]["step"].as_u64().unwrap();
    // The frame's colour down each board's outer edges, away from the labels.
    let framed = |shot: &std::path::Path| {
        let image = image::open(shot).unwrap().to_rgb8();
        let column = |x: u32| (100..700).filter(|&y| near(image.get_pixel(x, y).0, [255, 80, 200], 30)).count();
        (column(3), column(444), column(456), column(896))
    };
    for (turn, differs) in [(step + 1, true), (step, false)] {
        let shot = dir.path().join(format!("compare-{turn}.png"));
        let args = [
            "view",
            a.to_str().unwrap(),
            "--compare",
            b.to_str().unwrap(),
            "--turn",
            &turn.to_string(),
            "--screenshot",
            shot.to_str().unwrap(),
        ];
        if in_window(&args, dir.path()).is_none() {
            return;
        }
        let (l1, l2, r1, r2) = framed(&shot);
        match differs {
            true => assert!([l1, l2, r1, r2].iter().all(|&n| n > 400), "both boards framed at step {turn}: {:?}", (l1, l2, r1, r2)),
            false => assert!([l1, l2, r1, r2].iter().all(|&n| n < 20), "no frame before the difference: {:?}", (l1, l2, r1, r2)),
        }
    }
    // Two games: refused before any window.
    let out =
        kibitz().args(["view"]).arg(&a).arg("--compare").arg(workspace().join("replays/osada-defender-vs-python.jsonl")).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("two games cannot be compared"), "{}", stderr(&out));
}
