//! `kibitz replay`: what a seat was sent in a recorded match, given again to the same bot,
//! brings back the answers the replay records (docs/debugging-a-bot.md).

use crate::common::*;
use std::io::Write;
use std::process::{Command, Stdio};

/// The bot command a bundled replay's header records for `seat`, run by this very binary.
fn recorded_bot(header: &serde_json::Value, seat: usize) -> String {
    let command = header["players"][seat]["command"].as_str().unwrap();
    // "'/some/target/debug/kibitz' bot GAME STRATEGY --seed N": our sample bot, wherever built.
    let (_, args) = command.split_once(" bot ").expect("one of our sample bots");
    format!("'{}' bot {args}", env!("CARGO_BIN_EXE_kibitz"))
}

/// What the bot answered to `input`, line by line.
fn answers_to(bot: &str, input: &[u8]) -> Vec<String> {
    let mut child =
        Command::new("sh").arg("-c").arg(bot).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null()).spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    String::from_utf8(output.stdout).unwrap().lines().map(str::to_string).collect()
}

#[test]
fn what_a_bot_was_sent_brings_back_its_recorded_answers_in_every_bot_game() {
    // Game, replay, whether its bots greet (a first line that is no action).
    let cases = [
        ("lighthouses", "lighthouses-duel.jsonl", true),
        ("snakecore", "snakecore-greedy-vs-random.jsonl", true),
        ("amazes", "amazes-explorer-vs-random.jsonl", false),
    ];
    for (game, name, greets) in cases {
        let path = workspace().join("replays").join(name);
        let text = std::fs::read_to_string(&path).unwrap();
        let header: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
        for seat in 0..2 {
            let out = run(kibitz().args(["replay", "input"]).arg(&path).args(["--seat", &seat.to_string()]));
            assert!(out.status.success(), "{game} seat {seat}: {}", stderr(&out));
            let mut answered = answers_to(&recorded_bot(&header, seat), &out.stdout);
            if greets {
                answered.remove(0);
            }
            let recorded: Vec<serde_json::Value> = text
                .lines()
                .skip(1)
                .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
                .filter(|r| r["player"] == seat)
                .map(|r| r["action"].clone())
                .collect();
            assert!(recorded.len() > 20, "{game}: a real match");
            assert_eq!(answered.len(), recorded.len(), "{game} seat {seat}: one answer a turn");
            for (k, (line, action)) in answered.iter().zip(&recorded).enumerate() {
                let same = match serde_json::from_str::<serde_json::Value>(line) {
                    Ok(json) => &json == action,
                    // Games whose commands are words: the action records them as a string.
                    Err(_) => action.as_str().is_some_and(|a| a == line.trim()),
                };
                assert!(same, "{game} seat {seat}, its turn {k}: answered {line}, recorded {action}");
            }
        }
    }
}

#[test]
fn until_a_step_gives_only_what_came_before_it() {
    let path = workspace().join("replays/lighthouses-duel.jsonl");
    let whole = run(kibitz().args(["replay", "input"]).arg(&path).args(["--seat", "1"])).stdout;
    let part = run(kibitz().args(["replay", "input"]).arg(&path).args(["--seat", "1", "--until", "40"])).stdout;
    assert!(!part.is_empty() && part.len() < whole.len() && whole.starts_with(&part), "a prefix of the whole");
    // Seat 1's turns before step 40: its view lines (one per turn, after the init line).
    let text = std::fs::read_to_string(&path).unwrap();
    let turns = text.lines().skip(1).take(40).filter(|l| l.contains("\"player\":1")).count();
    let views = String::from_utf8(part).unwrap().lines().filter(|l| l.contains("\"view\"")).count();
    assert_eq!(views, turns);
}

#[test]
fn a_server_games_input_is_each_command_with_its_answer_and_icfp2015s_its_problem() {
    let path = workspace().join("replays/osada-defender-vs-python.jsonl");
    let out = run(kibitz().args(["replay", "input"]).arg(&path).args(["--seat", "0", "--until", "200"]));
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&path).unwrap();
    let commands = text.lines().skip(1).take(200).filter(|l| l.contains("\"player\":0,\"action\"")).count();
    let said = String::from_utf8(out.stdout).unwrap();
    assert_eq!(said.lines().filter(|l| l.starts_with("> ")).count(), commands);
    assert!(said.starts_with("> "), "{said}");
    let out = run(kibitz().args(["replay", "input"]).arg(workspace().join("replays/icfp2015-hive.jsonl")).args(["--seat", "0"]));
    let problem: serde_json::Value = serde_json::from_slice(&out.stdout).expect("the problem, as JSON");
    let header: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(workspace().join("replays/icfp2015-hive.jsonl")).unwrap().lines().next().unwrap().to_string(),
    )
    .unwrap();
    assert_eq!(problem["id"], header["setup"]["problem"]["id"]);
    assert!(stderr(&out).contains("KIBITZ_SEED=7"), "{}", stderr(&out));
}

#[test]
fn bad_input_is_one_line_and_exit_2_and_nothing_half_written() {
    let dir = tempfile::tempdir().unwrap();
    let path = workspace().join("replays/lighthouses-duel.jsonl");
    let out_file = dir.path().join("input.txt");
    for (args, says) in
        [(vec!["--seat", "2"], "there is no seat 2"), (vec!["--seat", "-1"], "--seat"), (vec!["--seat", "99999"], "must be 0 to 9999")]
    {
        let out = run(kibitz().args(["replay", "input"]).arg(&path).args(&args).arg("--out").arg(&out_file));
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(says), "{args:?}: {}", stderr(&out));
        assert!(!out_file.exists(), "nothing written");
    }
    // A torn replay: what its whole lines sent, up to where it breaks, and no further.
    let text = std::fs::read_to_string(&path).unwrap();
    let torn = dir.path().join("torn.jsonl");
    std::fs::write(&torn, &text[..text.len() / 2]).unwrap();
    let out = run(kibitz().args(["replay", "input"]).arg(&torn).args(["--seat", "0"]));
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("damaged at line") && stderr(&out).contains("--until"), "{}", stderr(&out));
    let out = run(kibitz().args(["replay", "input"]).arg(&torn).args(["--seat", "0", "--until", "30", "--out"]).arg(&out_file));
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(std::fs::read_to_string(&out_file).unwrap().lines().count() > 5);
    let other = dir.path().join("other.txt");
    std::fs::write(&other, "not a replay\n").unwrap();
    let out = run(kibitz().args(["replay", "input"]).arg(&other).args(["--seat", "0"]));
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stderr(&out).lines().count(), 1, "{}", stderr(&out));
}

#[test]
fn the_same_bot_played_again_agrees_in_every_bot_game() {
    for name in ["lighthouses-duel.jsonl", "snakecore-greedy-vs-random.jsonl", "amazes-explorer-vs-random.jsonl"] {
        let path = workspace().join("replays").join(name);
        let header: serde_json::Value = serde_json::from_str(std::fs::read_to_string(&path).unwrap().lines().next().unwrap()).unwrap();
        for seat in 0..2 {
            let out = run(kibitz()
                .args(["replay", "rerun"])
                .arg(&path)
                .args(["--seat", &seat.to_string(), "--"])
                .arg(recorded_bot(&header, seat)));
            assert!(out.status.success(), "{name} seat {seat}: {}{}", stdout(&out), stderr(&out));
            assert!(stdout(&out).contains("answers of seat") && stdout(&out).contains("agree"), "{}", stdout(&out));
        }
    }
}

#[test]
fn a_bot_changed_from_its_40th_answer_is_caught_at_that_step_with_both_answers() {
    let dir = tempfile::tempdir().unwrap();
    let path = workspace().join("replays/lighthouses-duel.jsonl");
    let text = std::fs::read_to_string(&path).unwrap();
    // Seat 0's 41st turn (its answers count from 0).
    let step = text.lines().skip(1).filter(|l| l.contains("\"player\":0")).nth(40).map(|l| {
        let record: serde_json::Value = serde_json::from_str(l).unwrap();
        record["step"].as_u64().unwrap()
    });
    let out = run(kibitz().args(["replay", "rerun"]).arg(&path).args(["--seat", "0", "--"]).arg(changed_greedy(dir.path(), 40)));
    assert_eq!(out.status.code(), Some(1), "{}{}", stdout(&out), stderr(&out));
    let said = stdout(&out);
    assert!(said.contains(&format!("at step {} (after 40 answers that agree)", step.unwrap())), "{said}");
    assert!(said.contains("new bot:  {\"command\":\"pass\"}"), "{said}");
    assert!(said.contains("scores after it: recorded [") && said.contains(", new ["), "how the board differs after it: {said}");
    // A new bot that crashes at once is a difference too, said in a line.
    let out = run(kibitz().args(["replay", "rerun"]).arg(&path).args(["--seat", "0", "--", "exit 3"]));
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("new bot:  nothing:"), "{}", stdout(&out));
    // A server game's client that ends before connecting differs at its team's first command.
    let osada = workspace().join("replays/osada-defender-vs-python.jsonl");
    let out = run(kibitz().args(["replay", "rerun"]).arg(&osada).args(["--seat", "0", "--", "true"]));
    assert_eq!(out.status.code(), Some(1), "{}{}", stdout(&out), stderr(&out));
    assert!(stdout(&out).contains("at step 0") && stdout(&out).contains("ended before connecting"), "{}", stdout(&out));
}

#[test]
fn diff_finds_where_a_changed_bot_parts_from_the_recording_and_says_the_same_of_a_copy() {
    let dir = tempfile::tempdir().unwrap();
    let a = workspace().join("replays/lighthouses-duel.jsonl");
    let b = dir.path().join("changed.jsonl");
    let map = workspace().join("maps/lighthouses/duel.txt");
    let o = play(&map, 150, &b, &[changed_greedy(dir.path(), 40), sample_bot("random", 3)], &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&a).unwrap();
    let step = text
        .lines()
        .skip(1)
        .filter(|l| l.contains("\"player\":0"))
        .nth(40)
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["step"].clone());
    let out = run(kibitz().arg("diff").arg(&a).arg(&b).arg("--json"));
    assert_eq!(out.status.code(), Some(1), "a difference: {}", stderr(&out));
    let diff: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(diff["first"]["step"], step.unwrap());
    assert_eq!(diff["first"]["player_a"], 0);
    assert_eq!(diff["first"]["action_b"], "{\"command\":\"pass\"}");
    assert_eq!((diff["same_setup"].clone(), diff["same_seed"].clone()), (true.into(), true.into()));
    let last = diff["scores"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["a"], diff["a"]["scores"], "the scores run to the end");
    let said = stdout(&run(kibitz().arg("diff").arg(&a).arg(&b)));
    assert!(said.contains("first difference: step") && said.contains("B: player 0 (Greedy) sent {\"command\":\"pass\"}"), "{said}");
    // The same match: exit 0; a server game compared by its commands, not their arrival times.
    for name in ["lighthouses-duel.jsonl", "fedrunek-greedy-vs-python.jsonl"] {
        let same = workspace().join("replays").join(name);
        let out = run(kibitz().arg("diff").arg(&same).arg(&same));
        assert!(out.status.success(), "{name}: {}", stdout(&out));
        assert!(stdout(&out).contains("every one the same"), "{}", stdout(&out));
    }
    // A torn copy: compared up to where it breaks, and said.
    let torn = dir.path().join("torn.jsonl");
    std::fs::write(&torn, &text[..text.len() / 2]).unwrap();
    let out = run(kibitz().arg("diff").arg(&a).arg(&torn));
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("damaged at line") && stdout(&out).contains("the same as far as the shorter goes"), "{}", stdout(&out));
    // Two games: one line, exit 2.
    let out = run(kibitz().arg("diff").arg(&a).arg(workspace().join("replays/osada-defender-vs-python.jsonl")));
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stderr(&out).lines().count(), 1);
    assert!(stderr(&out).contains("two games cannot be compared"));
}

#[test]
fn the_same_client_served_its_recorded_answers_agrees_in_every_server_game() {
    // Our own clients that decide from their answers alone: no clock runs in a rerun (each
    // command is answered at once with what the server answered then), so they say the same
    // again. Our wycinanka solver searches for a quarter of a second a sheet: under load it
    // finds less, so it is not one of them (a scripted client stands for it below).
    for (name, seat) in [("fedrunek-greedy-vs-python.jsonl", 0), ("osada-defender-vs-python.jsonl", 0)] {
        let path = workspace().join("replays").join(name);
        let header: serde_json::Value = serde_json::from_str(std::fs::read_to_string(&path).unwrap().lines().next().unwrap()).unwrap();
        let out =
            run(kibitz().args(["replay", "rerun"]).arg(&path).args(["--seat", &seat.to_string(), "--"]).arg(recorded_bot(&header, seat)));
        assert!(out.status.success(), "{name} seat {seat}: {}{}", stdout(&out), stderr(&out));
        assert!(stdout(&out).contains("agree with the recording"), "{}", stdout(&out));
    }
}

/// A scripted client for team `seat` of the server game recorded in `text`: it logs in as told
/// (its last two arguments), sends the team's recorded commands, reading each answer's lines,
/// and sends `CHANGED` in place of its `from`-th command (counted from 0).
fn scripted_client(dir: &std::path::Path, text: &str, seat: u64, from: usize) -> String {
    let commands: Vec<(String, usize)> = text
        .lines()
        .skip(1)
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|r| r["player"] == seat && r["action"].is_object())
        .map(|r| (r["action"]["line"].as_str().unwrap().to_string(), r["outcome"]["answer"]["lines"].as_array().map_or(0, Vec::len)))
        .collect();
    let data = dir.join("commands.json");
    std::fs::write(&data, serde_json::to_string(&commands).unwrap()).unwrap();
    let script = dir.join("client.py");
    std::fs::write(
        &script,
        format!(
            r#"import json, socket, sys
host, port, login, password = sys.argv[-4:]
commands = json.load(open({data:?}))
s = socket.create_connection((host, int(port)))
f = s.makefile("rw", newline="\n")
def said(line):
    f.write(line + "\n"); f.flush()
assert f.readline().strip() == "LOGIN"; said(login)
assert f.readline().strip() == "PASS"; said(password)
assert f.readline().strip() == "OK"
for k, (line, answers) in enumerate(commands):
    said("CHANGED" if k == {from} else line)
    for _ in range(answers):
        if not f.readline():
            sys.exit(0)
"#,
            data = data.display().to_string()
        ),
    )
    .unwrap();
    format!("python3 {}", script.display())
}

#[test]
fn a_server_games_client_changed_at_its_40th_command_is_caught_at_that_step() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["fedrunek-greedy-vs-python.jsonl", "osada-defender-vs-python.jsonl", "wycinanka-solvers.jsonl"] {
        let path = workspace().join("replays").join(name);
        let text = std::fs::read_to_string(&path).unwrap();
        // The script sends the recorded commands themselves: agreeing to the end, exit 0.
        let out = run(kibitz().args(["replay", "rerun"]).arg(&path).args(["--seat", "1", "--"]).arg(scripted_client(
            dir.path(),
            &text,
            1,
            usize::MAX,
        )));
        assert!(out.status.success(), "{name}: {}{}", stdout(&out), stderr(&out));
        let records: Vec<serde_json::Value> = text.lines().skip(1).map(|l| serde_json::from_str(l).unwrap()).collect();
        let fortieth = records.iter().filter(|r| r["player"] == 1 && r["action"].is_object()).nth(40).unwrap();
        let out =
            run(kibitz().args(["replay", "rerun"]).arg(&path).args(["--seat", "1", "--"]).arg(scripted_client(dir.path(), &text, 1, 40)));
        assert_eq!(out.status.code(), Some(1), "{name}: {}{}", stdout(&out), stderr(&out));
        let said = stdout(&out);
        assert!(said.contains(&format!("at step {} (after 40 answers that agree)", fortieth["step"])), "{name}: {said}");
        assert!(said.contains(&format!("recorded: {}", fortieth["action"]["line"].as_str().unwrap())), "{said}");
        assert!(said.contains("new bot:  CHANGED") && said.contains("and the new one: {\"answer\""), "{said}");
    }
    // Playing on needs the server's clock: refused, nothing written.
    let out_file = dir.path().join("new.jsonl");
    let osada = workspace().join("replays/osada-defender-vs-python.jsonl");
    let out = run(kibitz()
        .args(["replay", "rerun"])
        .arg(&osada)
        .args(["--seat", "0", "--continue", "--out"])
        .arg(&out_file)
        .args(["--", "true"]));
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--continue is for the bot games"), "{}", stderr(&out));
    assert!(!out_file.exists() && !dir.path().join("new.jsonl.part").exists());
}

#[test]
fn icfp2015s_solver_run_again_agrees_and_a_changed_character_is_caught() {
    let dir = tempfile::tempdir().unwrap();
    let path = workspace().join("replays/icfp2015-hive.jsonl");
    let ours = format!("'{}' solve icfp2015", env!("CARGO_BIN_EXE_kibitz"));
    let out = run(kibitz().args(["replay", "rerun"]).arg(&path).args(["--seat", "0", "--"]).arg(&ours));
    assert!(out.status.success(), "our solver is deterministic given the seed: {}{}", stdout(&out), stderr(&out));
    // The same solver with its 41st character changed.
    let script = dir.path().join("changed.py");
    std::fs::write(
        &script,
        r#"import json, subprocess, sys
solutions = json.loads(subprocess.run(sys.argv[1:], capture_output=True, text=True).stdout)
for s in solutions:
    s["solution"] = s["solution"][:40] + ("p" if s["solution"][40] != "p" else "b") + s["solution"][41:]
print(json.dumps(solutions))
"#,
    )
    .unwrap();
    let out =
        run(kibitz().args(["replay", "rerun"]).arg(&path).args(["--seat", "0", "--"]).arg(format!("python3 {} {ours}", script.display())));
    assert_eq!(out.status.code(), Some(1), "{}{}", stdout(&out), stderr(&out));
    assert!(stdout(&out).contains("at step 40 (after 40 answers that agree)"), "{}", stdout(&out));
    // A solver that prints nothing usable differs at once.
    let out = run(kibitz().args(["replay", "rerun"]).arg(&path).args(["--seat", "0", "--", "echo nonsense"]));
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("at step 0") && stdout(&out).contains("new bot:  nothing: "), "{}", stdout(&out));
}

#[test]
fn continue_plays_on_from_the_difference_and_writes_a_replay_that_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let path = workspace().join("replays/lighthouses-duel.jsonl");
    let text = std::fs::read_to_string(&path).unwrap();
    let step = text
        .lines()
        .skip(1)
        .filter(|l| l.contains("\"player\":0"))
        .nth(40)
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["step"].as_u64().unwrap());
    let new = dir.path().join("new.jsonl");
    let out = run(kibitz()
        .args(["replay", "rerun"])
        .arg(&path)
        .args(["--seat", "0", "--continue", "--out"])
        .arg(&new)
        .arg("--")
        .arg(changed_greedy(dir.path(), 40)));
    assert_eq!(out.status.code(), Some(1), "a difference: {}{}", stdout(&out), stderr(&out));
    assert!(stdout(&out).contains(&format!("the new replay is {}", new.display())), "{}", stdout(&out));
    let verified = run(kibitz().arg("verify").arg(&new));
    assert!(verified.status.success(), "{}{}", stdout(&verified), stderr(&verified));
    let written = std::fs::read_to_string(&new).unwrap();
    let header: serde_json::Value = serde_json::from_str(written.lines().next().unwrap()).unwrap();
    assert_eq!(header["continued"]["steps"], step.unwrap(), "the recorded steps before the difference, copied");
    assert!(written.lines().last().unwrap().contains("\"end\""), "played to its end");
    // The steps before the difference are the recording's; the one at it is the new bot's pass.
    let at: serde_json::Value = serde_json::from_str(written.lines().nth(step.unwrap() as usize + 1).unwrap()).unwrap();
    assert_eq!(at["action"], serde_json::json!({"command": "pass"}));
    assert!(!dir.path().join("new.jsonl.part").exists());
    // Every answer agreeing: nothing to play on from, nothing written.
    let again = dir.path().join("again.jsonl");
    let header: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    let out = run(kibitz()
        .args(["replay", "rerun"])
        .arg(&path)
        .args(["--seat", "0", "--continue", "--out"])
        .arg(&again)
        .arg("--")
        .arg(recorded_bot(&header, 0)));
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!again.exists() && !dir.path().join("again.jsonl.part").exists());
    // --continue needs --out.
    let out = run(kibitz().args(["replay", "rerun"]).arg(&path).args(["--seat", "0", "--continue", "--", "true"]));
    assert_eq!(out.status.code(), Some(2));
}

/// A file with no line end is no replay: the window is refused at once (exit 2), never after
/// reading a whole memory's worth of its first line.
#[test]
fn a_file_without_a_line_end_is_refused_before_any_window() {
    let a = workspace().join("replays/lighthouses-duel.jsonl");
    for args in [vec!["view", "/dev/zero"], vec!["view", a.to_str().unwrap(), "--compare", "/dev/zero"]] {
        let out = run(kibitz().args(&args));
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains("/dev/zero: line 1 is over 64 MB"), "{}", stderr(&out));
    }
}
