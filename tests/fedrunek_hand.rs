//! Hand play of fedrunek without a window: the app's hosted server, the human's own TCP
//! connection (commands in, whole answers out, errors included), the spectator feed the view
//! follows, the host's pause and stop, a recorded game taken over, and the recorded game
//! verifying.

use crate::common;

use kibitz::kit::deadline24::hand::{self, Seat, TakeOver};
use kibitz::kit::deadline24::hosting::{Exchange, HostPlan, Hosted, Terminal};
use kibitz::kit::viewing::recorded::Recorded;
use kibitz_core::replay::{BodyLine, Replay};
use kibitz_deadline24::{Command, Common, Outcome, Setup};
use kibitz_fedrunek::{Fedrunek, FedrunekRules, Params, TurnReport};
use kibitz_follow::{Follow, Mode, Source};
use std::path::Path;
use std::time::{Duration, Instant};

fn greedy() -> String {
    format!("'{}' bot fedrunek greedy", env!("CARGO_BIN_EXE_kibitz"))
}

/// The turn ends among replay lines.
fn ticks(lines: &[String]) -> usize {
    lines
        .iter()
        .filter(|l| matches!(BodyLine::<Command, Outcome<TurnReport>>::parse(l), Ok(BodyLine::Step(r)) if r.player.is_none()))
        .count()
}

/// Calls `done` every 10 ms until it holds, for at most 20 s (a guard, not a timing test).
fn wait_for(mut done: impl FnMut() -> bool) {
    let until = Instant::now() + Duration::from_secs(20);
    while !done() && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Waits for `n` answers.
fn answers(terminal: &mut Terminal, n: usize) -> Vec<Exchange> {
    let mut got = Vec::new();
    wait_for(|| {
        got.extend(terminal.answers());
        got.len() >= n
    });
    assert_eq!(got.len(), n, "answers in time: {got:?}");
    got
}

fn plan(turn_ms: u64, paused: bool) -> HostPlan<Params> {
    let common = Common { turn_ms, turn_cap: Some(50), ..Common::default() };
    let game = Params { n: 10, initial_miners: Some(2), initial_scouts: Some(1), ..Params::default() };
    HostPlan { setup: Setup { common, game }, seed: 4, seats: vec![None, Some(greedy())], names: None, resume: None, paused }
}

#[test]
fn a_human_plays_over_a_real_connection_and_the_recorded_game_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("hand.jsonl");
    let hosted = Hosted::start::<FedrunekRules>(plan(60_000, true), &out).unwrap();
    let feed = Follow::start(Source::Spectator(hosted.spectate.to_string()), Mode::Follow);
    let header = feed.wait_line(Duration::from_secs(20)).expect("the replay's header first").text;
    assert!(header.contains("\"game\":\"fedrunek\""), "{header}");
    let mut me = Terminal::connect(hosted.connect(0), Fedrunek::answer_lines);
    for command in ["LIST MINERS", "INFO 1", "DRILL 1 0 0 0", "MINE 3", "   "] {
        me.send(command);
    }
    let got = answers(&mut me, 4);
    assert_eq!(got[0].answer[0], "OK");
    assert_eq!(got[0].answer.len(), 2 + 2, "OK, the count, two miners: {:?}", got[0].answer);
    assert_eq!(got[1].answer.len(), 8, "OK and seven fields: {:?}", got[1].answer);
    assert_eq!(got[2].answer, vec!["FAILED 103 destination is not neighbour"]);
    assert!(got[2].failed());
    assert_eq!(got[3].answer, vec!["FAILED 102 inappropriate robot type"], "robot 3 is the scout");
    assert!(me.answers().is_empty(), "a blank line is not sent (the server would not answer it)");
    // The clock is paused: the greedy client's first turn never ends.
    let ours = |lines: &[String]| lines.iter().filter(|l| l.contains("\"player\":0")).count();
    let mut lines = Vec::new();
    wait_for(|| {
        lines.extend(texts(&feed));
        ours(&lines) >= 4
    });
    assert_eq!(ours(&lines), 4, "the feed carries the human's four commands");
    assert_eq!(ticks(&lines), 0, "no turn ended while paused");
    hosted.clock.stop("stopped by the test");
    drop(hosted);
    let text = std::fs::read_to_string(&out).unwrap();
    let replay = Replay::<Fedrunek>::parse(&text).unwrap().replay;
    assert_eq!(replay.end.as_ref().and_then(|e| e.stopped.as_deref()), Some("stopped by the test"));
    assert!(replay.header.players[0].command.is_none(), "the human's team has no client command");
    assert_eq!(replay.header.players[1].command.as_deref(), Some(greedy().as_str()));
    kibitz_core::verify::verify(&replay).unwrap();
}

#[test]
fn turns_run_on_the_wall_clock_until_the_host_pauses_them() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("clock.jsonl");
    let hosted = Hosted::start::<FedrunekRules>(plan(40, false), &out).unwrap();
    let feed = Follow::start(Source::Spectator(hosted.spectate.to_string()), Mode::Follow);
    let mut seen = Vec::new();
    wait_for(|| {
        seen.extend(texts(&feed));
        ticks(&seen) >= 3
    });
    assert!(ticks(&seen) >= 3, "turns end by themselves");
    hosted.clock.pause(true);
    // A turn that ended just before the pause took hold may still be on its way to the feed.
    std::thread::sleep(Duration::from_millis(1000));
    seen.extend(texts(&feed));
    let before = ticks(&seen);
    std::thread::sleep(Duration::from_millis(400));
    seen.extend(texts(&feed));
    assert_eq!(ticks(&seen), before, "ten turns' time passed while paused");
    hosted.clock.pause(false);
    wait_for(|| {
        seen.extend(texts(&feed));
        ticks(&seen) > before
    });
    assert!(ticks(&seen) > before, "turns end again once the clock runs");
    drop(hosted);
    let replay = Replay::<Fedrunek>::parse(&std::fs::read_to_string(&out).unwrap()).unwrap().replay;
    kibitz_core::verify::verify(&replay).unwrap();
}

/// The spectator lines that came since the last call, as text.
fn texts(feed: &Follow) -> Vec<String> {
    feed.new_lines().into_iter().map(|l| l.text).collect()
}

thread_local! {
    /// The window title a take-over asked for.
    static TITLE: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// Seats the human on a hosted server, without a window.
fn seat_only(plan: HostPlan<Params>, team: usize, out: &Path, title: String) -> Result<Seat, String> {
    TITLE.with(|t| *t.borrow_mut() = title);
    hand::seat::<FedrunekRules>(plan, team, out)
}

#[test]
fn a_take_over_plays_on_at_a_human_turn_length_and_the_game_still_verifies() {
    let dir = tempfile::tempdir().unwrap();
    // A game of 40 ms turns, a few of them played.
    let recorded = dir.path().join("fast.jsonl");
    let hosted = Hosted::start::<FedrunekRules>(plan(40, false), &recorded).unwrap();
    let feed = Follow::start(Source::Spectator(hosted.spectate.to_string()), Mode::Follow);
    let mut seen = Vec::new();
    wait_for(|| {
        seen.extend(texts(&feed));
        ticks(&seen) >= 3
    });
    drop(hosted);
    let replay = Replay::<Fedrunek>::parse(&std::fs::read_to_string(&recorded).unwrap()).unwrap().replay;
    let played = replay.records.iter().filter(|r| matches!(r.outcome, Outcome::Turn { .. })).count() as u32;
    assert!(played >= 3, "{played} turns played");

    // Taken over from its end at 3000 ms turns; the other team's client does nothing.
    let out = dir.path().join("taken.jsonl");
    let from = TakeOver { cursor: replay.records.len(), team: 0, turn_ms: 3000 };
    let mut seat = hand::continue_replay(&replay, from, &["sleep 30 #".to_string()], "", &out, "fast", seat_only).unwrap();
    // Said in the flags' own words: the seat as the side panel numbers and names it, the step.
    let title = TITLE.with(|t| t.borrow().clone());
    let step = replay.records.len();
    assert_eq!(title, format!("fast · 0 {} by hand from step {step} (turn {})", replay.header.players[0].name, played + 1));
    let header = hand::header::<FedrunekRules>(&seat).unwrap();
    let common = header.setup.common;
    assert_eq!(common.turn_ms_at(1), 40, "the copied turns keep their length");
    assert_eq!(common.turn_ms_at(played + 1), 3000, "the turns played by hand are a human's");
    let copied = header.continued.as_ref().expect("the header says the game continues another").steps;
    let mut rec = Recorded::<Fedrunek>::new("taken".into(), header, |_| bevy_egui::egui::Color32::WHITE).unwrap();

    // The server's rules count the new length: WAIT answers the time left of a 3 s turn (the
    // clock is paused at the turn's start).
    let mut turn_ends = 0;
    seat.send("WAIT");
    let mut answer = None;
    turn_ends += common::follow_until(&mut seat, &mut rec, |seat, rec| {
        answer = answer.take().or_else(|| seat.fresh_answers().iter().find(|e| e.command == "WAIT").map(|e| e.answer.clone()));
        answer.is_some() && rec.timeline.len() > copied
    });
    let answer = answer.unwrap();
    let left: f64 = answer[1].strip_prefix("WAITING ").and_then(|s| s.parse().ok()).unwrap_or_else(|| panic!("{answer:?}"));
    assert!(left > 2.5, "WAIT in a 3000 ms turn: {answer:?}");

    // And its wall clock: once running, no turn ends for a while (ten 40 ms turns' time).
    let before = turn_ends;
    seat.set_paused(false);
    let running = Instant::now();
    std::thread::sleep(Duration::from_millis(400));
    turn_ends += common::follow_until(&mut seat, &mut rec, |_, _| true);
    if running.elapsed() < Duration::from_millis(2500) {
        assert_eq!(turn_ends, before, "a turn ended within {:?} of a 3000 ms turn", running.elapsed());
    }

    seat.stop();
    common::follow_until(&mut seat, &mut rec, |seat, _| seat.ended.is_some());
    let ended = seat.ended.clone().unwrap();
    assert!(ended.contains("verifies ✔"), "{ended}");
    let taken = Replay::<Fedrunek>::parse(&std::fs::read_to_string(&out).unwrap()).unwrap().replay;
    kibitz_core::verify::verify(&taken).unwrap();
}
