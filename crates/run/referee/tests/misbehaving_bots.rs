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

/// The failure of `command` at `seat` 1: the summary's reason and the turn record that marks it.
fn failure_of(command: &str) -> (String, kibitz_core::replay::StepRecord<kibitz_lighthouses::Command, kibitz_lighthouses::Outcome>) {
    let (summary, replay) = play([WALKER, command]);
    assert_eq!(summary.failed.len(), 1, "{summary:?}");
    let marked = replay.records.iter().find(|r| r.failed.is_some()).expect("a record marks the failure").clone();
    assert_eq!(marked.player, Some(1));
    assert_eq!(marked.failed.as_deref(), Some(summary.failed[0].reason.as_str()), "the record and the summary say the same");
    (summary.failed[0].reason.clone(), marked)
}

#[test]
fn a_bot_that_dies_before_greeting_says_why_in_its_own_words() {
    // The commonest organiser mistake: a wrong path. Python's message is the only clue.
    let (reason, record) = failure_of("python3 nosuch.py");
    assert!(reason.starts_with("at start: closed its output; it exited with status 2; stderr: "), "{reason}");
    assert!(reason.contains("can't open file") && reason.contains("nosuch.py"), "{reason}");
    assert!(record.stderr.iter().any(|l| l.contains("No such file or directory")), "{:?}", record.stderr);

    let (reason, record) = failure_of("sh -c 'echo boom >&2; exit 3'");
    assert_eq!(reason, "at start: closed its output; it exited with status 3; stderr: boom");
    assert_eq!(record.stderr, vec!["boom".to_string()]);
}

#[test]
fn a_bot_that_dies_mid_match_has_its_last_words_with_the_failure() {
    let dies = bot(r#"read s; echo '{"command": "pass"}'; read r; read s; echo "turn two: giving up" >&2; exit 4"#);
    let (reason, record) = failure_of(&dies);
    assert_eq!(reason, "closed its output; it exited with status 4; stderr: turn two: giving up");
    assert_eq!(record.stderr, vec!["turn two: giving up".to_string()]);
    // A bot that hangs has what it wrote before the limit.
    let (reason, record) = failure_of(&bot("read s; echo 'thinking hard' >&2; sleep 30"));
    assert!(reason.starts_with("did not answer within") && reason.ends_with("; stderr: thinking hard"), "{reason}");
    assert_eq!(record.stderr, vec!["thinking hard".to_string()]);
}

#[test]
fn a_bot_flooding_stderr_before_it_dies_is_kept_within_bounds_and_its_last_line_said() {
    let (reason, record) = failure_of("seq 300000 >&2; echo 'fatal: out of luck' >&2; exit 5");
    assert!(reason.ends_with("stderr: 299999 | 300000 | fatal: out of luck"), "{reason}");
    assert!(record.stderr.len() < 300, "{} lines kept", record.stderr.len());
    assert_eq!(record.stderr.first().map(String::as_str), Some("1"));
    assert_eq!(record.stderr.last().map(String::as_str), Some("fatal: out of luck"));
    assert!(record.stderr.iter().any(|l| l.starts_with("[kibitz:") && l.ends_with("more stderr lines not kept]")));
}
