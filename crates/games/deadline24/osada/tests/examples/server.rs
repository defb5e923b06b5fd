//! Osada on the real server: the seed's worked session (spec §4.8.1) byte for byte over a
//! loopback socket, in both readings of MOVE, with the host ending the turn after the `WAIT`
//! (no 10-second wait); and a series of games whose runs share a settlement.

use crate::common::{SEED_OPENING, seed_session_params};
use kibitz_core::verify::verify;
use kibitz_deadline24::Common;
use kibitz_deadline24_server::testing::{Client, start};
use kibitz_deadline24_server::{Clock, ServerOptions, TeamLogin};
use kibitz_osada::{MoveCoords, Next, OsadaRules, Params};

fn is_waiting(line: &str) -> bool {
    // ^WAITING \d+\.\d{6}$
    line.strip_prefix("WAITING ").and_then(|s| s.split_once('.')).is_some_and(|(whole, decimals)| {
        !whole.is_empty()
            && whole.bytes().all(|b| b.is_ascii_digit())
            && decimals.len() == 6
            && decimals.bytes().all(|b| b.is_ascii_digit())
    })
}

/// The session up to `WAIT`, its `MOVE` lines as the reading takes them; the host then ends
/// the turn and the session goes on.
async fn session(coords: MoveCoords, moves: [(&str, &str); 2]) {
    let common = Common { turn_ms: 10_000, ..Common::default() };
    let clock = Clock::default();
    let teams = vec![TeamLogin { login: "login1".into(), password: "secret".into() }];
    let server = start::<OsadaRules>(
        seed_session_params(coords),
        common,
        ServerOptions { clock: clock.clone(), ..ServerOptions::new(teams) },
        false,
    )
    .await;
    let mut c = Client::login(server.addr, "login1", "secret").await;
    for (line, answer) in SEED_OPENING {
        c.send(line).await;
        c.expect(answer).await;
    }
    c.send(moves[0].0).await;
    c.expect(&[moves[0].1]).await;
    c.send(moves[1].0).await;
    c.expect(&["OK"]).await;
    c.send("WAIT").await;
    c.expect(&["OK"]).await;
    let waiting = c.line().await.unwrap();
    assert!(is_waiting(&waiting), "{waiting}");
    // The next command waits in the socket until the host ends the turn.
    c.send("BUILD 2 TOWER").await;
    clock.end_turn();
    c.expect(&["OK", "BUILDING 4"]).await;
    // The follow-on checks.
    assert_eq!(c.ask("LIST TROOPS", 5).await, ["OK", "3", "1 STORMTROOPER 5 6 0 0", "2 BUILDER 6 7 0 4", "3 SNIPER 5 6 1 0"]);
    let info = c.ask("INFO 2", 2).await;
    assert_eq!(info, ["OK", "25"]);
    let mut fields = Vec::new();
    for _ in 0..25 {
        fields.push(c.line().await.unwrap());
    }
    assert!(fields.contains(&"0 0 SOLID CONSTRUCTION 0 1".to_string()), "{fields:?}");
    assert_eq!(c.ask("MAP 5 6", 12).await.len(), 12);
    assert_eq!(c.ask("MAP 5 6", 1).await, ["FAILED 111 no more maps during this turn"]);
    assert_eq!(c.ask("LOCATE BANNER", 2).await, ["OK", "SAFE 5 5"]);
    for _ in 0..4 {
        clock.end_turn();
        c.send("WAIT").await;
        c.expect(&["OK"]).await;
        assert!(is_waiting(&c.line().await.unwrap()));
    }
    // Four rounds on: the tower stands, and the engineer in it sees 7 × 7.
    clock.end_turn();
    assert_eq!(c.ask("INFO 2", 2).await, ["OK", "49"]);
    clock.stop("the example is through");
    let replays = server.replays.clone();
    server.finish().await;
    verify(&replays.parse::<OsadaRules>(0)).unwrap();
}

#[tokio::test]
async fn the_seeds_session_byte_for_byte_with_absolute_moves() {
    session(MoveCoords::Absolute, [("MOVE 2 5 5", "FAILED 105 cannot move there"), ("MOVE 2 6 7", "OK")]).await;
}

#[tokio::test]
async fn the_seeds_session_byte_for_byte_with_relative_moves() {
    session(MoveCoords::Relative, [("MOVE 2 0 -1", "FAILED 105 cannot move there"), ("MOVE 2 1 1", "OK")]).await;
}

#[tokio::test]
async fn the_seeds_literal_moves_are_no_neighbours_in_the_relative_reading() {
    let common = Common { turn_ms: 10_000, ..Common::default() };
    let clock = Clock::default();
    let teams = vec![TeamLogin { login: "login1".into(), password: "secret".into() }];
    let options = ServerOptions { clock: clock.clone(), ..ServerOptions::new(teams) };
    let server = start::<OsadaRules>(seed_session_params(MoveCoords::Relative), common, options, false).await;
    let mut c = Client::login(server.addr, "login1", "secret").await;
    assert_eq!(c.ask("MOVE 2 5 5", 1).await, ["FAILED 103 destination is not neighbour"]);
    assert_eq!(c.ask("MOVE 2 6 7", 1).await, ["FAILED 103 destination is not neighbour"]);
    clock.stop("done");
    server.finish().await;
}

#[tokio::test]
async fn a_series_keeps_a_settlement_for_a_run_of_games_and_says_whether_the_next_stays() {
    // Four games of two rounds, two games a settlement; a client asks TIME TO FIGHT every round.
    let common = Common { turn_ms: 60, ..Common::default() };
    let params = Params { n: 64, game_turns: 2, games_per_settlement: (2, 2), ..Params::default() };
    let teams = vec![TeamLogin { login: "login1".into(), password: "secret".into() }];
    let options = ServerOptions { games: 4, seed: 30, ..ServerOptions::new(teams) };
    let server = start::<OsadaRules>(params, common, options, false).await;
    let mut c = Client::login(server.addr, "login1", "secret").await;
    let asker = tokio::spawn(async move {
        let mut said = Vec::new();
        loop {
            c.send("TIME TO FIGHT").await;
            match (c.line().await, c.line().await) {
                (Some(ok), Some(answer)) if ok == "OK" => said.push(answer),
                _ => return said,
            }
            c.send("WAIT").await;
            if c.line().await.is_none() || c.line().await.is_none() {
                return said;
            }
        }
    });
    let replays = server.replays.clone();
    let results = server.finish().await;
    assert_eq!(results.len(), 4);
    let said = asker.await.unwrap();
    assert!(said.contains(&"2 STAY".to_string()) && said.contains(&"2 GO".to_string()), "{said:?}");
    let mut settlements = Vec::new();
    for game in 0..4 {
        let replay = replays.parse::<OsadaRules>(game);
        verify(&replay).unwrap();
        let run = replay.header.setup.game.run.expect("each game's place in its run");
        assert_eq!(replay.header.seed, 30 + game as u64);
        assert_eq!(run.game, game as u32 % 2 + 1);
        assert_eq!(run.next, if game % 2 == 0 { Next::Stay } else { Next::Go });
        // Every answer to TIME TO FIGHT in the game says the same Next.
        let next = if game % 2 == 0 { "STAY" } else { "GO" };
        let answers: Vec<String> = replay
            .records
            .iter()
            .filter(|r| r.action.as_ref().is_some_and(|a| a.line == "TIME TO FIGHT"))
            .map(|r| r.outcome.lines().get(1).unwrap_or("").to_string())
            .collect();
        assert!(answers.iter().all(|a| a.ends_with(next)), "game {}: {answers:?}", game + 1);
        let state = <kibitz_osada::Osada as kibitz_core::Game>::start(&replay.header.setup, 1, replay.header.seed).unwrap();
        settlements.push(state.game.land.settlement.to_text());
    }
    assert_eq!(settlements[0], settlements[1]);
    assert_eq!(settlements[2], settlements[3]);
    assert_ne!(settlements[1], settlements[2]);
}
