//! Hand play without a window: a human seat fed through its channel, real bot processes in the
//! other seats, the replay followed line by line as a viewer follows it.

use kibitz_core::replay::Replay;
use kibitz_core::verify::verify;
use kibitz_lighthouses::{Command, Lighthouses, Map, Outcome, Setup};
use kibitz_referee::{BotLimits, BotSeat, LiveMatch, MatchOptions, Seat, SeatPlan, run_match};
use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Greets, then walks right and left for ever.
const WALKER: &str = r#"read init; echo '{"name": "Walker"}'; i=0
while read state; do
  if [ $((i % 2)) = 0 ]; then echo '{"command": "move", "x": 1, "y": 0}'; else echo '{"command": "move", "x": -1, "y": 0}'; fi
  read result; i=$((i+1))
done"#;

/// A bot that sends the given JSON lines, one per turn, then passes.
fn scripted(lines: &[&str]) -> String {
    let mut script = String::from("read init; echo '{\"name\": \"Human\"}'\n");
    for line in lines {
        script += &format!("read state; echo '{line}'; read result\n");
    }
    script += "while read state; do echo '{\"command\": \"pass\"}'; read result; done";
    script
}

fn setup(rounds: u32) -> Setup {
    let map = Map::parse("#########\n#  !  ! #\n#A     B#\n#  !    #\n#########\n").unwrap();
    Setup { map, rounds }
}

fn limits() -> BotLimits {
    BotLimits {
        init: Duration::from_secs(5),
        turn_soft: Duration::from_millis(200),
        turn_hard: Duration::from_secs(2),
        ..BotLimits::DEFAULT
    }
}

fn bot(command: &str) -> Box<dyn Seat<Lighthouses> + Send> {
    Box::new(BotSeat::spawn(command, "bot", limits()))
}

/// A file stand-in the test can read back after the match thread wrote it.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Shared {
    fn text(&self) -> String {
        String::from_utf8(self.0.lock().unwrap().clone()).unwrap()
    }
}

/// Waits (bounded) for the live match to end by itself.
fn wait_for_end(live: &mut LiveMatch<Lighthouses>) -> kibitz_referee::MatchSummary {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if let Some(result) = live.result() {
            return result.clone().expect("the match ends cleanly");
        }
        assert!(Instant::now() < deadline, "the live match did not end");
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn parse(text: &str) -> Replay<Lighthouses> {
    let loaded = Replay::<Lighthouses>::parse(text).expect("a readable replay");
    assert!(loaded.damage.is_none(), "{:?}", loaded.damage);
    loaded.replay
}

const MOVES: [&str; 4] = [
    r#"{"command": "move", "x": 1, "y": 0}"#,
    r#"{"command": "move", "x": 2, "y": 0}"#,
    r#"{"command": "attack", "energy": 5}"#,
    r#"{"command": "connect", "destination": [3, 1]}"#,
];

#[test]
fn a_human_seat_is_recorded_exactly_as_a_bot_sending_the_same_commands() {
    // The human's turns, queued before the match starts (the referee takes them in order).
    let file = Shared::default();
    let plan = vec![SeatPlan::Human("Ann".into()), SeatPlan::Seat(bot(WALKER))];
    let mut live = LiveMatch::<Lighthouses>::start(setup(6), plan, MatchOptions::default(), Vec::new(), file.clone());
    for line in MOVES {
        let command = Command::from_json(&serde_json::from_str(line).unwrap()).unwrap();
        live.submit(0, command).unwrap();
    }
    for _ in MOVES.len()..6 {
        live.submit(0, Command::Pass).unwrap();
    }
    assert!(live.submit(1, Command::Pass).is_err(), "seat 1 is a bot");
    let summary = wait_for_end(&mut live);
    assert_eq!(summary.names, ["Ann", "Walker"]);
    assert!(summary.failed.is_empty() && summary.stopped.is_none(), "{summary:?}");

    // What the viewer was handed is what went to the file.
    let followed: Vec<String> = live.new_lines();
    assert_eq!(followed.join("\n") + "\n", file.text());
    let by_hand = parse(&file.text());
    verify(&by_hand).expect("the hand-played replay verifies");
    assert!(by_hand.header.players[0].command.is_none(), "a human has no command line");

    // The same commands from a bot process give the same outcomes, illegal ones included.
    let mut seats: Vec<Box<dyn Seat<Lighthouses>>> = vec![bot(&scripted(&MOVES)), bot(WALKER)];
    let mut out = Vec::new();
    run_match::<Lighthouses>(&setup(6), &mut seats, &MatchOptions::default(), &mut out, |_| {}).unwrap();
    let by_bot = parse(&String::from_utf8(out).unwrap());
    let outcomes = |r: &Replay<Lighthouses>| r.records.iter().map(|r| r.outcome.clone()).collect::<Vec<_>>();
    assert_eq!(outcomes(&by_hand), outcomes(&by_bot));
    let errors: Vec<String> = by_hand
        .records
        .iter()
        .filter(|r| r.player == Some(0))
        .filter_map(|r| match &r.outcome {
            Outcome::Turn { success: false, message, .. } => message.clone(),
            _ => None,
        })
        .collect();
    assert!(errors.len() >= 2, "the illegal move and connect are refused: {errors:?}");
}

#[test]
fn stopping_a_live_match_closes_a_replay_that_verifies() {
    let file = Shared::default();
    let plan = vec![SeatPlan::Seat(bot(WALKER)), SeatPlan::Human("Ann".into())];
    let mut live = LiveMatch::<Lighthouses>::start(setup(50), plan, MatchOptions::default(), Vec::new(), file.clone());
    live.submit(1, Command::Move { x: -1, y: 0 }).unwrap();
    // Wait until the match is waiting for the human's second turn.
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut lines = Vec::new();
    while lines.len() < 1 + 5 {
        lines.extend(live.new_lines());
        assert!(Instant::now() < deadline, "no progress: {lines:?}");
        std::thread::sleep(Duration::from_millis(5));
    }
    let summary = live.stop().expect("joined").clone().expect("a clean stop");
    assert!(summary.stopped.as_deref().is_some_and(|s| s.contains("stopped by the user")), "{summary:?}");
    assert!(summary.failed.is_empty(), "leaving by stopping is not a failure: {summary:?}");
    let replay = parse(&file.text());
    assert!(replay.end.as_ref().is_some_and(|e| e.stopped.is_some()));
    let verified = verify(&replay).expect("a stopped replay verifies");
    assert!(verified.steps >= 5 && verified.steps < 50 * 3);
}

#[test]
fn taking_over_continues_a_replay_by_hand_from_any_turn() {
    let mut seats: Vec<Box<dyn Seat<Lighthouses>>> = vec![bot(WALKER), bot(WALKER)];
    let mut out = Vec::new();
    run_match::<Lighthouses>(&setup(8), &mut seats, &MatchOptions::default(), &mut out, |_| {}).unwrap();
    let original = parse(&String::from_utf8(out).unwrap());
    // Take over player 1 just before one of its turns in the middle of the match.
    let at = original.records.iter().position(|r| r.player == Some(1) && r.step > 10).unwrap();
    let history = original.records[..at].to_vec();

    let file = Shared::default();
    let plan = vec![SeatPlan::Seat(bot(WALKER)), SeatPlan::Human("Ann".into())];
    let options = MatchOptions { history_players: Some(original.header.players.clone()), ..MatchOptions::default() };
    let mut live = LiveMatch::<Lighthouses>::start(setup(8), plan, options, history.clone(), file.clone());
    for _ in 0..8 {
        live.submit(1, Command::Attack { energy: 1 }).unwrap();
    }
    let summary = wait_for_end(&mut live);
    assert_eq!(summary.rounds, 8);
    let continued = parse(&file.text());
    verify(&continued).expect("the continued replay verifies on its own");
    assert_eq!(continued.records[..at], history[..], "the history is copied unchanged");
    assert_eq!(continued.records[at].player, Some(1));
    assert_eq!(continued.records[at].action, Some(Command::Attack { energy: 1 }), "the human plays from there");
    assert_ne!(continued.records[at].outcome, original.records[at].outcome);
    let before = continued.header.continued.expect("the header says whose steps were copied");
    assert_eq!((before.steps, &before.players), (at, &original.header.players), "the copied steps keep their players");
    assert_eq!(continued.header.players[1].name, "Ann");
}

#[test]
fn a_history_that_does_not_re_simulate_is_refused() {
    let mut seats: Vec<Box<dyn Seat<Lighthouses>>> = vec![bot(WALKER), bot(WALKER)];
    let mut out = Vec::new();
    run_match::<Lighthouses>(&setup(3), &mut seats, &MatchOptions::default(), &mut out, |_| {}).unwrap();
    let mut history = parse(&String::from_utf8(out).unwrap()).records[..6].to_vec();
    history[4].outcome = history[1].outcome.clone();
    let plan = vec![SeatPlan::Seat(bot(WALKER)), SeatPlan::Human("Ann".into())];
    let mut live = LiveMatch::<Lighthouses>::start(setup(3), plan, MatchOptions::default(), history, Shared::default());
    let deadline = Instant::now() + Duration::from_secs(30);
    let error = loop {
        if let Some(result) = live.result() {
            break result.clone().expect_err("refused");
        }
        assert!(Instant::now() < deadline);
        std::thread::sleep(Duration::from_millis(5));
    };
    assert!(error.contains("step 4"), "{error}");
}

#[test]
fn a_human_plays_amazes_against_a_bot_that_does_not_greet() {
    use kibitz_amazes::{Amazes, Moves};
    let setup = kibitz_amazes::Setup::new(kibitz_amazes::generate(4));
    // Blue answers every turn with one step forward, as a shell script reading its five lines.
    let blue = "while read a; do case \"$a\" in Start) read a;; esac; read b; read c; read d; read e; echo F; done";
    let plan = vec![
        SeatPlan::Human("Ann".into()),
        SeatPlan::Seat(Box::new(BotSeat::spawn(blue, "Blue", limits())) as Box<dyn Seat<Amazes> + Send>),
    ];
    let file = Shared::default();
    let mut live = LiveMatch::<Amazes>::start(setup, plan, MatchOptions::default(), Vec::new(), file.clone());
    for line in ["F", "T", "LF", "RRF"] {
        live.submit(0, Moves::parse(line).unwrap()).unwrap();
    }
    // Wait for Ann's four turns and Blue's answers, then stop.
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut lines = Vec::new();
    while lines.len() < 1 + 8 {
        lines.extend(live.new_lines());
        assert!(Instant::now() < deadline, "no progress: {} lines", lines.len());
        std::thread::sleep(Duration::from_millis(5));
    }
    live.stop().expect("joined").clone().expect("a clean stop");
    let replay = Replay::<Amazes>::parse(&file.text()).unwrap().replay;
    verify(&replay).expect("the hand-played replay verifies");
    assert_eq!(replay.header.players[0].name, "Ann");
    assert_eq!(replay.header.players[1].name, "Blue", "a bot that does not greet keeps its seat's label");
    let ann: Vec<String> = replay
        .records
        .iter()
        .filter(|r| r.player == Some(0))
        .filter_map(|r| r.action.as_ref())
        .map(|m| serde_json::to_value(m).unwrap().as_str().unwrap().to_string())
        .collect();
    assert_eq!(ann, ["F", "T", "LF", "RRF"]);
    assert!(replay.records.iter().filter(|r| r.player == Some(1)).all(|r| r.failed.is_none()), "Blue answered every turn");
}
