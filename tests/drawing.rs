//! What a bot draws on stderr, game by game, through a real `kibitz match` (icfp2015: the
//! solver's run): a scripted bot in Python draws a dot, a line, a text and a tag on its first
//! turn, a value, a mark and a bad line among plain words on its second, floods the line cap on
//! its third and the byte cap on its fourth, and sleeps past 80 % of its turn limit on its
//! fifth; the replay holds each at its turn (docs/debug-drawing.md). The server games' clients
//! draw the same on their first four turns, each turn's lines with the `WAIT` that ends it.

use crate::common::*;
use serde_json::Value;
use std::path::Path;

/// The turn's hard limit the bot games are played with, and how long the scripted bot sleeps on
/// its fifth turn: past 80 % of it, with room to spare on a loaded machine.
const TURN_MS: u64 = 2000;
const SLEEP_S: f64 = 1.75;

/// What the scripted bot draws before its answer of turn `turn` (each game's script calls
/// `draw()` once a turn).
const DRAW: &str = r##"import sys, time
turn = 0
def draw():
    global turn
    turn += 1
    e = sys.stderr
    if turn == 1:
        e.write("#kibitz dot AT_A red\n#kibitz line AT_A AT_B\n#kibitz text AT_C hello there\n#kibitz tag scripted\n")
    elif turn == 2:
        e.write("thinking\n#kibitz value depth 7.5\n#kibitz dot 1 x AT_0\n#kibitz mark turning point\n")
    elif turn == 3:
        e.write("#kibitz dot AT_0\n" * 10005)
    elif turn == 4:
        e.write(("#kibitz note " + "y" * 187 + "\n") * 2000)
    elif turn == 5:
        e.flush()
        time.sleep(SLEEP)
    e.flush()
"##;

/// Each bot game's scripted bot: its protocol, `draw()` before every answer.
const LIGHTHOUSES: &str = r#"
for line in sys.stdin:
    if '"player_num"' in line:
        print('{"name":"drawer"}', flush=True)
    elif '"view"' in line:
        draw()
        print('{"command":"pass"}', flush=True)
"#;

const SNAKECORE: &str = r#"
lines = iter(sys.stdin)
for line in lines:
    if line.strip() == "getName":
        print("drawer", flush=True)
    elif line.strip() == "getAction":
        n = int(next(lines))
        rows = [next(lines) for _ in range(n)]
        for _ in range(sum(r.count("p") for r in rows)):
            next(lines)
        draw()
        print("N", flush=True)
"#;

const AMAZES: &str = r#"
pending = 0
for line in sys.stdin:
    line = line.strip()
    if pending == 0 and line in ("Start", "Quit"):
        continue
    pending += 1
    if pending == 5:
        pending = 0
        draw()
        print("T", flush=True)
"#;

/// The places the script draws at (AT_A, AT_B, AT_C, AT_0) in a game of two or three
/// coordinates (fedrunek's x y z).
fn places(three: bool) -> [&'static str; 4] {
    if three { ["1 2 3", "4 5 6", "2 2 2", "0 0 0"] } else { ["1 2", "3 4", "2 2", "0 0"] }
}

fn script(dir: &Path, name: &str, protocol: &str, three: bool) -> String {
    let path = dir.join(format!("{name}.py"));
    let mut text = DRAW.replace("SLEEP", &SLEEP_S.to_string());
    for (word, place) in ["AT_A", "AT_B", "AT_C", "AT_0"].into_iter().zip(places(three)) {
        text = text.replace(word, place);
    }
    std::fs::write(&path, text + protocol).unwrap();
    format!("python3 {}", path.display())
}

/// The replay's step records.
fn records(replay: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(replay).unwrap();
    text.lines().skip(1).map(|l| serde_json::from_str::<Value>(l).unwrap()).filter(|r| r.get("step").is_some()).collect()
}

fn strings(value: &Value) -> Vec<String> {
    value.as_array().map(|a| a.iter().map(|s| s.as_str().unwrap().to_string()).collect()).unwrap_or_default()
}

/// The scripted bot's first turns (its records, in order), as the script drew them; `limit_ms`:
/// its turn limit, when the game times its answers (its fifth turn is slow).
fn check_turns(turns: &[&Value], limit_ms: Option<u64>, three: bool) {
    assert!(turns.len() >= 4 + usize::from(limit_ms.is_some()), "{} turns", turns.len());
    let draw = |k: usize| strings(&turns[k]["draw"]);
    let stderr = |k: usize| strings(&turns[k]["stderr"]);
    let [here, there, middle, _] = places(three);
    assert_eq!(
        draw(0),
        [format!("dot {here} red"), format!("line {here} {there}"), format!("text {middle} hello there"), "tag scripted".into()]
    );
    assert_eq!(stderr(0), Vec::<String>::new());
    assert_eq!(draw(1), ["value depth 7.5", "mark turning point"], "the bad line is not drawn");
    let bad = format!("#kibitz dot 1 x {}", places(three)[3]);
    assert_eq!(stderr(1), ["thinking", &bad, "[kibitz: bad drawing line: \"x\" is not a number]"]);
    // The line cap: 10,000 kept, the rest counted by one line.
    assert_eq!(draw(2).len(), 10_000);
    assert_eq!(draw(2)[0], format!("dot {}", places(three)[3]));
    assert_eq!(stderr(2), ["[kibitz: 5 more drawing lines not kept (at most 10000 and 256 KB a turn)]"]);
    // The byte cap: 256 KB of 192-byte lines.
    let kept = 256 * 1024 / 192;
    assert_eq!(draw(3).len(), kept);
    assert_eq!(stderr(3), [format!("[kibitz: {} more drawing lines not kept (at most 10000 and 256 KB a turn)]", 2000 - kept)]);
    let Some(limit_ms) = limit_ms else { return };
    // Slow, not out: its time is recorded past 80 % of the limit.
    let ms = turns[4]["ms"].as_u64().expect("a time");
    assert!(ms * 10 >= limit_ms * 8 && ms < limit_ms, "{ms} ms of {limit_ms}");
    assert!(turns[4].get("failed").is_none(), "{}", turns[4]);
    assert!(turns[4].get("draw").is_none(), "nothing drawn on the fifth turn");
}

/// Runs `kibitz match GAME ARGS -- BOTS`, checks it ran, verifies the replay and returns the
/// scripted bot's (player 0's) records.
fn played(dir: &Path, game: &str, args: &[&str], bots: &[String]) -> Vec<Value> {
    let out = dir.join(format!("{game}.jsonl"));
    let ran = run(kibitz().args(["match", game]).args(args).arg("--out").arg(&out).arg("--").args(bots).current_dir(workspace()));
    assert!(ran.status.success(), "{}", stderr(&ran));
    let verified = verify(&out);
    assert!(verified.status.success(), "drawing is never verified: {}", stdout(&verified));
    records(&out).into_iter().filter(|r| r["player"] == 0 && r.get("action").is_some()).collect()
}

#[test]
fn a_lighthouses_bot_draws_at_its_turns_within_the_caps() {
    let dir = tempfile::tempdir().unwrap();
    let bots = [script(dir.path(), "lighthouses", LIGHTHOUSES, false), sample_bot("random", 1)];
    let limit = TURN_MS.to_string();
    let turns =
        played(dir.path(), "lighthouses", &["--map", "maps/lighthouses/duel.txt", "--rounds", "6", "--turn-hard-ms", &limit], &bots);
    check_turns(&turns.iter().collect::<Vec<_>>(), Some(TURN_MS), false);
}

#[test]
fn a_snakecore_bot_draws_at_its_turns_within_the_caps() {
    let dir = tempfile::tempdir().unwrap();
    let k = env!("CARGO_BIN_EXE_kibitz");
    let bots = [script(dir.path(), "snakecore", SNAKECORE, false), format!("'{k}' bot snakecore random --seed 2")];
    let limit = TURN_MS.to_string();
    let turns = played(dir.path(), "snakecore", &["--map", "maps/snakecore/duel.txt", "--turns", "6", "--turn-hard-ms", &limit], &bots);
    check_turns(&turns.iter().collect::<Vec<_>>(), Some(TURN_MS), false);
}

#[test]
fn an_amazes_bot_draws_at_its_turns_within_the_caps() {
    let dir = tempfile::tempdir().unwrap();
    let k = env!("CARGO_BIN_EXE_kibitz");
    let bots = [script(dir.path(), "amazes", AMAZES, false), format!("'{k}' bot amazes random --seed 4")];
    let limit = TURN_MS.to_string();
    let turns = played(dir.path(), "amazes", &["--maze", "maps/amazes/kibitz-1.txt", "--turn-hard-ms", &limit], &bots);
    check_turns(&turns.iter().collect::<Vec<_>>(), Some(TURN_MS), false);
}

/// A solver in Python: answers problem 1001 (`maps/icfp2015/hive.json`) for the seed its run
/// records (`KIBITZ_SEED`) by dropping units straight down, and draws for the whole game, for
/// unit 1, for a unit never played, a bad line, and a flood past the line cap.
const SOLVER: &str = r##"import json, os, sys
e = sys.stderr
e.write("#kibitz dot 1 2 red\n#kibitz line 1 2 3 4\n#kibitz text 2 2 hello there\n#kibitz tag scripted\n")
e.write("#kibitz unit 1 dot 5 6 green\n#kibitz unit 1 value depth 7.5\n#kibitz unit 1 mark second unit\n")
e.write("#kibitz unit 900 dot 1 1\nthinking\n#kibitz dot 1 x\n")
e.write("#kibitz unit 2 dot 0 0\n" * 10000)
e.flush()
print(json.dumps([{"problemId": 1001, "seed": int(os.environ["KIBITZ_SEED"]), "solution": "al" * 40}]))
"##;

#[test]
fn an_icfp2015_solver_draws_for_the_game_and_for_each_unit_on_its_first_step() {
    let dir = tempfile::tempdir().unwrap();
    let solver = dir.path().join("solver.py");
    std::fs::write(&solver, SOLVER).unwrap();
    let out = dir.path().join("icfp2015.jsonl");
    let ran = run(kibitz()
        .args(["match", "icfp2015", "--problem", "maps/icfp2015/hive.json", "--seed", "7", "-t", "20", "--out"])
        .arg(&out)
        .arg("--")
        .arg(format!("python3 {}", solver.display()))
        .current_dir(workspace()));
    assert!(ran.status.success(), "{}", stderr(&ran));
    assert!(verify(&out).status.success());
    let steps = records(&out);
    // Unit k starts after the k-th lock.
    let starts: Vec<usize> = std::iter::once(0)
        .chain(steps.iter().filter(|r| r["outcome"]["event"]["kind"] == "locked").map(|r| r["step"].as_u64().unwrap() as usize + 1))
        .collect();
    assert!(starts.len() > 3, "the drops lock a few units: {starts:?}");
    let draw = |step: usize| strings(&steps[step]["draw"]);
    assert_eq!(draw(0), ["dot 1 2 red", "line 1 2 3 4", "text 2 2 hello there", "tag scripted"]);
    assert_eq!(draw(starts[1]), ["unit 1 dot 5 6 green", "unit 1 value depth 7.5", "unit 1 mark second unit"]);
    // The caps are the whole answer's: of unit 2's flood, what is left of 10,000 after the
    // others (the bad line among them) is kept, the rest counted.
    let flood = draw(starts[2]);
    assert_eq!(flood.len(), 10_000 - 9, "{}", flood.len());
    assert!(flood.iter().all(|l| l == "unit 2 dot 0 0"));
    let drawn: usize = steps.iter().map(|r| strings(&r["draw"]).len()).sum();
    assert_eq!(drawn, 4 + 3 + flood.len(), "nothing else is drawn, anywhere");
    assert_eq!(
        strings(&steps[0]["stderr"]),
        [
            "thinking",
            "[kibitz: 9 more drawing lines not kept (at most 10000 and 256 KB a turn)]",
            "#kibitz dot 1 x",
            "[kibitz: bad drawing line: \"x\" is not a number]",
            "[kibitz: 1 drawing lines for units this solution never played are not kept]",
        ]
    );
    assert!(steps[0]["ms"].is_u64());
}

/// A server game's client in Python: logs in from its last four arguments, and each turn draws
/// (then gives the server's stderr reader a moment: it races the command) and waits.
const CLIENT: &str = r#"
import socket
host, port, login, password = sys.argv[-4:]
s = socket.create_connection((host, int(port)))
rd, wr = s.makefile("r"), s.makefile("w")
def line():
    text = rd.readline()
    if not text:
        sys.exit(0)
    return text.rstrip("\n")
def send(text):
    wr.write(text + "\n")
    wr.flush()
for expect, answer in (("LOGIN", login), ("PASS", password)):
    assert line() == expect
    send(answer)
assert line() == "OK"
try:
    while True:
        draw()
        time.sleep(0.3)
        send("WAIT")
        line()
        line()
except (ConnectionError, BrokenPipeError):
    pass
"#;

/// Plays a server game with the scripted client as team 1 (and `other` as team 2), returning
/// team 1's `WAIT` records, one a turn.
fn served(dir: &Path, game: &str, args: &[&str], other: &str) -> Vec<Value> {
    let k = env!("CARGO_BIN_EXE_kibitz");
    let bots = [script(dir, game, CLIENT, game == "fedrunek"), format!("'{k}' bot {game} {other}")];
    let waits: Vec<Value> = played(dir, game, args, &bots).into_iter().filter(|r| r["action"]["line"] == "WAIT").collect();
    waits
}

#[test]
fn a_fedrunek_client_draws_with_its_teams_commands_within_the_caps() {
    let dir = tempfile::tempdir().unwrap();
    let waits = served(dir.path(), "fedrunek", &["--n", "8", "--turn-ms", "800", "--turns", "6", "--seed", "1"], "greedy");
    check_turns(&waits.iter().collect::<Vec<_>>(), None, true);
}

#[test]
fn a_wycinanka_client_draws_with_its_teams_commands_within_the_caps() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["--width", "12", "--height", "12", "--game-turns", "6", "--turn-ms", "800", "--seed", "1"];
    let waits = served(dir.path(), "wycinanka", &args, "solver");
    check_turns(&waits.iter().collect::<Vec<_>>(), None, false);
}

#[test]
fn an_osada_client_draws_with_its_teams_commands_within_the_caps() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["--settlement", "maps/osada/quarry.txt", "--game-turns", "6", "--turn-ms", "800", "--seed", "2"];
    let waits = served(dir.path(), "osada", &args, "defender");
    check_turns(&waits.iter().collect::<Vec<_>>(), None, false);
}
