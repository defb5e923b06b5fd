//! Matches with real processes that misbehave in every way the notes list: the match always
//! finishes, the replay verifies, and the well-behaved bot is unaffected.

use kibitz_core::replay::Replay;
use kibitz_core::verify::verify;
use kibitz_lighthouses::{Lighthouses, Map, Setup};
use kibitz_referee::{BotLimits, BotSeat, MatchOptions, MatchSummary, Seat, run_match};
use std::time::Duration;

/// A well-behaved shell bot: greets, then walks right and left for ever.
const WALKER: &str = r#"read init; echo '{"name": "Walker"}'; i=0
while read state; do
  if [ $((i % 2)) = 0 ]; then echo '{"command": "move", "x": 1, "y": 0}'; else echo '{"command": "move", "x": -1, "y": 0}'; fi
  read result; i=$((i+1))
done"#;

/// Greets, then answers every turn with `answer`.
fn bot(answer: &str) -> String {
    format!("read init; echo '{{\"name\": \"Bad\"}}'; {answer}")
}

fn setup() -> Setup {
    let map = Map::parse("#########\n#  !  ! #\n#A     B#\n#  !    #\n#########\n").unwrap();
    Setup { map, rounds: 6 }
}

fn limits() -> BotLimits {
    BotLimits {
        init: Duration::from_secs(5),
        turn_soft: Duration::from_millis(100),
        // Well above the slow bot's 200 ms and a busy machine's stalls; the hanging bot pays it once.
        turn_hard: Duration::from_millis(1500),
        ..BotLimits::DEFAULT
    }
}

fn play(commands: [&str; 2]) -> (MatchSummary, Replay<Lighthouses>) {
    let mut seats: Vec<Box<dyn Seat<Lighthouses>>> = commands
        .iter()
        .enumerate()
        .map(|(k, c)| Box::new(BotSeat::spawn(c, &format!("Player {k}"), limits())) as Box<dyn Seat<Lighthouses>>)
        .collect();
    let mut out = Vec::new();
    let options = MatchOptions { seed: 1, limits: Some(limits().to_record()), ..MatchOptions::default() };
    let summary = run_match::<Lighthouses>(&setup(), &mut seats, &options, &mut out, |_| {}).expect("the match finishes").summary;
    let text = String::from_utf8(out).unwrap();
    let loaded = Replay::<Lighthouses>::parse(&text).unwrap();
    assert!(loaded.damage.is_none(), "{:?}", loaded.damage);
    verify(&loaded.replay).expect("the replay verifies");
    (summary, loaded.replay)
}

/// The walker's score when its opponent only passes: the baseline for "unaffected".
fn baseline() -> i64 {
    play([WALKER, &bot("while read s; do echo '{\"command\": \"pass\"}'; read r; done")]).0.scores[0]
}

fn check_failed(answer: &str, reason_part: &str) {
    let (summary, replay) = play([WALKER, &bot(answer)]);
    assert_eq!(summary.failed.len(), 1, "{summary:?}");
    assert_eq!(summary.failed[0].player, 1);
    assert!(summary.failed[0].reason.contains(reason_part), "{:?} should mention {reason_part:?}", summary.failed[0].reason);
    assert_eq!(summary.rounds, 6, "the match went on to the end");
    assert_eq!(summary.scores[0], baseline(), "the good bot is unaffected");
    // The failure is recorded on the turn it happened, once.
    let marked: Vec<_> = replay.records.iter().filter(|r| r.failed.is_some()).collect();
    assert_eq!(marked.len(), 1);
    assert_eq!(marked[0].player, Some(1));
    assert!(replay.end.is_some());
    assert_eq!(summary.names[0], "Walker");
}

#[test]
fn a_crashing_bot() {
    check_failed("read s; exit 3", "status 3");
}

#[test]
fn a_hanging_bot() {
    check_failed("read s; sleep 30", "hard limit");
}

#[test]
fn a_bot_printing_garbage() {
    check_failed("read s; echo 'this is not json'", "Invalid JSON");
}

#[test]
fn a_bot_closing_its_output() {
    check_failed("exec 1>&-; sleep 30", "closed its output");
}

#[test]
fn a_bot_that_never_greets() {
    let (summary, replay) = play([WALKER, "echo hello; sleep 30"]);
    assert!(summary.failed[0].reason.starts_with("at start"), "{:?}", summary.failed);
    assert_eq!(replay.header.players[1].name, "Player 1", "it keeps its seat label");
}

#[test]
fn a_bot_that_cannot_start() {
    let (summary, _) = play([WALKER, "/nonexistent/bot"]);
    assert_eq!(summary.failed.len(), 1);
    assert_eq!(summary.failed[0].reason, "at start: command not found: /nonexistent/bot", "{:?}", summary.failed);
}

#[test]
fn a_bot_sending_illegal_commands_is_answered_not_failed() {
    let illegal = bot(r#"while read s; do echo '{"command": "attack", "energy": 5}'; read r; echo "$r" >&2; done"#);
    let (summary, replay) = play([WALKER, &illegal]);
    assert!(summary.failed.is_empty(), "{:?}", summary.failed);
    assert_eq!(summary.scores[0], baseline());
    let turns: Vec<_> = replay.records.iter().filter(|r| r.player == Some(1)).collect();
    assert_eq!(turns.len(), 6);
    let text = serde_json::to_string(&turns[0].outcome).unwrap();
    assert!(text.contains("Player must be located at target lighthouse"), "{text}");
    // Its stderr, where it echoed each answer before its next command, is kept with that
    // next turn: exactly the one line, every time.
    for turn in &turns[1..] {
        assert_eq!(turn.stderr.len(), 1, "{:?}", turn.stderr);
        assert!(turn.stderr[0].contains("\"success\":false"), "{:?}", turn.stderr);
    }
}

#[test]
fn a_slow_bot_is_noted_but_not_failed() {
    let slow = bot(r#"while read s; do sleep 0.2; echo '{"command": "pass"}'; read r; done"#);
    let (summary, replay) = play([WALKER, &slow]);
    assert!(summary.failed.is_empty());
    let noted =
        replay.records.iter().filter(|r| r.player == Some(1) && r.note.as_deref().is_some_and(|n| n.contains("soft time limit"))).count();
    assert_eq!(noted, 6);
}
