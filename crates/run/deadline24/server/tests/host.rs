//! What the host of a server can do that clients cannot: pause the turn clock, stop the game,
//! and continue a recorded game from one of its turns; and what the console's board shows of it.

use kibitz_core::replay::{BodyLine, PlayerInfo};
use kibitz_core::verify::verify;
use kibitz_deadline24::{Command, Common, Outcome};
use kibitz_deadline24_server::board::{Board, Phase};
use kibitz_deadline24_server::testing::{Client, Running, start, teams};
use kibitz_deadline24_server::{Clock, Resume, ServerOptions, Start};
use kibitz_fedrunek::{FedrunekRules, Params, TurnReport};
use std::sync::Arc;
use std::time::Duration;

fn small() -> Params {
    Params { n: 8, ..Params::default() }
}

fn ticks(text: &str) -> usize {
    text.lines().skip(1).filter(|l| l.contains("\"turn\"") && !l.contains("\"action\"")).count()
}

#[tokio::test]
async fn a_paused_clock_ends_no_turn_and_answers_at_the_paused_instant() {
    let clock = Clock::default();
    clock.pause(true);
    let options = ServerOptions { clock: clock.clone(), ..ServerOptions::new(teams(1)) };
    let common = Common { turn_ms: 40, turn_cap: Some(3), ..Common::default() };
    let server = start::<FedrunekRules>(small(), common, options, false).await;
    let mut c = Client::login(server.addr, "login1", "secret1").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(c.ask("TIME TO MINE", 2).await, vec!["OK", "3"], "still turn 1 of the 3 the cap allows");
    tokio::time::sleep(Duration::from_millis(50)).await;
    let text = server.replays.text(0);
    assert_eq!(ticks(&text), 0, "seven turns' time passed while paused, and no turn ended:\n{text}");
    let replay = server.replays.parse::<FedrunekRules>(0);
    let at_us = replay.records[0].action.as_ref().unwrap().at_us;
    assert!(at_us < 40_000, "the command is timed at the paused instant, not {at_us} µs into the turn");
    clock.pause(false);
    let replays = server.replays.clone();
    server.finish().await;
    let replay = replays.parse::<FedrunekRules>(0);
    assert_eq!(ticks(&replays.text(0)), 3, "the turns go on once the clock runs again");
    verify(&replay).unwrap();
}

#[tokio::test]
async fn the_host_stops_a_game_and_its_replay_says_so_and_verifies() {
    let clock = Clock::default();
    let options = ServerOptions { clock: clock.clone(), ..ServerOptions::new(teams(2)) };
    let common = Common { turn_ms: 60_000, ..Common::default() };
    let server = start::<FedrunekRules>(small(), common, options, false).await;
    let mut c = Client::login(server.addr, "login2", "secret2").await;
    assert_eq!(c.ask("FINANCIAL REPORT", 2).await, vec!["OK", "20 0"]);
    clock.stop("stopped by the host");
    let replays = server.replays.clone();
    let results = server.finish().await;
    assert_eq!(results.len(), 1);
    let replay = replays.parse::<FedrunekRules>(0);
    let end = replay.end.clone().expect("an end record");
    assert_eq!(end.stopped.as_deref(), Some("stopped by the host"));
    assert_eq!(replay.records.len(), 1);
    verify(&replay).unwrap();
    assert_eq!(c.line().await, None, "the connection is closed");
}

#[tokio::test]
async fn a_recorded_game_continues_from_a_turn_and_verifies_on_its_own() {
    // A first game of five short turns, one command in each. The clock starts once the client
    // is in, and turns are long enough for a command and a WAIT on a busy machine.
    let common = Common { turn_ms: 200, turn_cap: Some(5), ..Common::default() };
    let clock = Clock::default();
    clock.pause(true);
    let options = ServerOptions { clock: clock.clone(), ..ServerOptions::new(teams(2)) };
    let first = start::<FedrunekRules>(small(), common, options, false).await;
    let mut c = Client::login(first.addr, "login1", "secret1").await;
    clock.pause(false);
    for _ in 0..5 {
        let answer = c.ask("DESCRIBE WORLD", 2).await;
        assert_eq!(answer[0], "OK");
        c.ask("WAIT", 2).await;
    }
    let replays = first.replays.clone();
    first.finish().await;
    let text = replays.text(0);
    // Up to the end of turn 2.
    let mut lines = Vec::new();
    for line in text.lines().skip(1) {
        let Ok(BodyLine::Step(record)) = BodyLine::<Command, Outcome<TurnReport>>::parse(line) else { break };
        lines.push(line.to_string());
        if matches!(record.outcome, Outcome::Turn { turn: 2, .. }) {
            break;
        }
    }
    let players = vec![PlayerInfo::human("login1"), PlayerInfo::human("login2")];
    let resume = Resume { lines: Arc::new(lines.clone()), players: players.clone() };
    let clock = Clock::default();
    clock.pause(true);
    let options = ServerOptions { resume: Some(resume), clock: clock.clone(), ..ServerOptions::new(teams(2)) };
    let second = start::<FedrunekRules>(small(), common, options, false).await;
    let mut c = Client::login(second.addr, "login2", "secret2").await;
    assert_eq!(c.ask("FINANCIAL REPORT", 2).await, vec!["OK", "20 0"]);
    clock.pause(false);
    let replays = second.replays.clone();
    second.finish().await;
    let replay = replays.parse::<FedrunekRules>(0);
    let continued = replay.header.continued.clone().expect("the header says it continues a game");
    assert_eq!(continued.steps, lines.len());
    assert_eq!(continued.players, players);
    let copied: Vec<String> = replays.text(0).lines().skip(1).take(lines.len()).map(String::from).collect();
    assert_eq!(copied, lines, "the history is copied line for line");
    assert_eq!(ticks(&replays.text(0)), 5, "turns 3 to 5 are played on");
    verify(&replay).unwrap();
}

#[tokio::test]
async fn a_history_that_does_not_re_simulate_is_refused() {
    let bad =
        r#"{"step":0,"player":0,"action":{"conn":1,"at_us":0,"line":"FINANCIAL REPORT"},"outcome":{"answer":{"lines":["OK","999 0"]}}}"#;
    let resume = Resume { lines: Arc::new(vec![bad.to_string()]), players: Vec::new() };
    let options = ServerOptions { resume: Some(resume), ..ServerOptions::new(teams(1)) };
    let server = start::<FedrunekRules>(small(), Common::default(), options, false).await;
    let error = tokio::time::timeout(Duration::from_secs(10), server.task).await.unwrap().unwrap().unwrap_err();
    assert!(error.to_string().contains("step 0 of the game to continue does not re-simulate"), "{error}");
}

/// Waits (a guard of 20 s, not a timing test) until the replay has `n` turn ends.
async fn until_ticks(server: &Running, n: usize) {
    let until = std::time::Instant::now() + Duration::from_secs(20);
    while ticks(&server.replays.text(0)) < n {
        assert!(std::time::Instant::now() < until, "no {n} turn ends in 20 s:\n{}", server.replays.text(0));
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test]
async fn the_host_ends_a_turn_now_whether_the_clock_runs_or_is_paused() {
    let clock = Clock::default();
    let options = ServerOptions { clock: clock.clone(), ..ServerOptions::new(teams(1)) };
    // Turns of a minute: any turn that ends here was ended by the host.
    let common = Common { turn_ms: 60_000, turn_cap: Some(3), ..Common::default() };
    let server = start::<FedrunekRules>(small(), common, options, false).await;
    let mut c = Client::login(server.addr, "login1", "secret1").await;
    // The seed's example: a WAIT holds the connection until the turn ends, here because the
    // host ends it; the next command is then answered in the next turn.
    let waiting = c.ask("WAIT", 2).await;
    assert!(waiting[1].starts_with("WAITING 5"), "a minute's turn has just begun: {waiting:?}");
    clock.end_turn();
    until_ticks(&server, 1).await;
    assert_eq!(c.ask("FINANCIAL REPORT", 2).await, vec!["OK", "20 0"], "answered after the WAIT");
    // Paused, the clock holds; ending the turn still ends it, and the next one waits paused.
    clock.pause(true);
    clock.end_turn();
    until_ticks(&server, 2).await;
    assert_eq!(c.ask("TIME TO MINE", 2).await[0], "OK");
    let replay = server.replays.parse::<FedrunekRules>(0);
    assert_eq!(replay.records.last().unwrap().action.as_ref().unwrap().at_us, 0, "timed at the paused start of turn 3");
    clock.end_turn();
    let replays = server.replays.clone();
    server.finish().await;
    assert_eq!(ticks(&replays.text(0)), 3, "the third turn ended by the host too: the game is over");
    verify(&replays.parse::<FedrunekRules>(0)).unwrap();
}

/// Waits until the board's phase is `phase` (at most 2 s); the phase it shows then.
async fn until_phase(board: &Board, phase: &Phase) -> Phase {
    let until = tokio::time::Instant::now() + Duration::from_secs(2);
    while board.status().phase != *phase && tokio::time::Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    board.status().phase
}

#[tokio::test]
async fn the_board_shows_a_pause_at_once_and_a_stopped_or_finished_server_as_over() {
    let clock = Clock::default();
    let options = ServerOptions { clock: clock.clone(), start: Start::AllLoggedIn, ..ServerOptions::new(teams(1)) };
    let board = options.board.clone();
    let common = Common { turn_ms: 100, turn_cap: Some(1000), ..Common::default() };
    let server = start::<FedrunekRules>(small(), common, options, false).await;
    assert_eq!(until_phase(&board, &Phase::Waiting).await, Phase::Waiting, "before every team has logged in");
    let _c = Client::login(server.addr, "login1", "secret1").await;
    assert_eq!(until_phase(&board, &Phase::Running).await, Phase::Running);
    // No command comes while paused: the board says so all the same.
    clock.emergency(Some("power cut".into()));
    let paused = Phase::Paused("power cut".into());
    assert_eq!(until_phase(&board, &paused).await, paused);
    assert_eq!(paused.to_string(), "PAUSED (power cut)");
    clock.emergency(None);
    assert_eq!(until_phase(&board, &Phase::Running).await, Phase::Running);
    clock.stop("enough");
    let results = server.finish().await;
    assert_eq!(results[0].stopped.as_deref(), Some("enough"), "the result says why it stopped");
    assert_eq!(board.status().phase, Phase::Stopped("enough".into()));
    assert_eq!(board.status().teams[0].connections, 0, "its connections are closed");

    // A server whose games end by the rules is finished, and its results say nothing stopped it.
    let options = ServerOptions::new(teams(1));
    let board = options.board.clone();
    let common = Common { turn_ms: 20, turn_cap: Some(2), ..Common::default() };
    let results = start::<FedrunekRules>(small(), common, options, false).await.finish().await;
    assert_eq!(results[0].stopped, None);
    assert_eq!(board.status().phase, Phase::Finished);
}
