//! Load and hostile clients on loopback, bounded in count and time: 50 clients sending as fast
//! as they can for a few turns while others send over-long lines, binary garbage, half lines,
//! nothing at all, or too many connections. The server answers or closes each cleanly, and the
//! replay verifies and holds every command that was answered `OK`. Fedrunek and osada both go
//! through it.

use kibitz_core::verify::verify;
use kibitz_deadline24::{Common, Rules};
use kibitz_deadline24_server::testing::{Client, start, teams};
use kibitz_deadline24_server::{Clock, ServerOptions};
use kibitz_fedrunek::{FedrunekRules, Params};
use kibitz_osada::OsadaRules;
use std::time::Duration;

const CLIENTS: usize = 50;

/// Logs in, says so on `ready`, then sends `line` (a command answered `OK` and one line) until
/// the server closes; the number of `OK` answers.
async fn flood(addr: std::net::SocketAddr, team: usize, line: &'static str, ready: tokio::sync::mpsc::Sender<()>) -> u64 {
    let mut c = Client::login(addr, &format!("login{team}"), &format!("secret{team}")).await;
    ready.send(()).await.unwrap();
    let mut ok = 0;
    loop {
        c.send(line).await;
        match c.line().await.as_deref() {
            Some("OK") => {
                if c.line().await.is_none() {
                    return ok;
                }
                ok += 1;
            }
            Some(other) => panic!("unexpected answer {other}"),
            None => return ok,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_flooding_clients_and_hostile_ones_on_fedrunek() {
    abuse::<FedrunekRules>(Params { n: 10, ..Params::default() }, "FINANCIAL REPORT").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_flooding_clients_and_hostile_ones_on_osada() {
    // 50 teams need 50 masts 15 apart: a 128 × 128 settlement holds 64.
    abuse::<OsadaRules>(kibitz_osada::Params { n: 128, ..kibitz_osada::Params::default() }, "MEASURE GLORY").await;
}

/// Game `R` with `params` served to 50 clients flooding it with `line`, and hostile ones.
async fn abuse<R: Rules>(params: R::Params, line: &'static str) {
    // Turns of 250 ms run until the hostile part is through and the host stops the game; the
    // time-outs leave a flooding client that a busy machine holds back for a while its place.
    let common = Common { turn_ms: 250, turn_cap: Some(120), command_limit: 1_000_000, ..Common::default() };
    let clock = Clock::default();
    let mut options = ServerOptions { clock: clock.clone(), ..ServerOptions::new(teams(CLIENTS)) };
    options.max_connections_per_team = 2;
    // Every team plays from this one machine here.
    options.max_pending_per_address = 100;
    options.idle_timeout = Duration::from_millis(1000);
    options.login_timeout = Duration::from_millis(1000);
    options.max_line = 1000;
    let server = start::<R>(params, common, options, false).await;
    let addr = server.addr;
    let (ready, mut logged_in) = tokio::sync::mpsc::channel(CLIENTS);
    let floods: Vec<_> = (1..=CLIENTS).map(|team| tokio::spawn(flood(addr, team, line, ready.clone()))).collect();
    // Only the floods hold senders now: one that fails ends the wait below instead of hanging it.
    drop(ready);
    // Every flooding client holds its team's first connection before the hostile ones come.
    for _ in 0..CLIENTS {
        logged_in.recv().await.expect("every flooding client logs in");
    }

    // An over-long line is refused, and the connection goes on.
    let mut long = Client::login(addr, "login1", "secret1").await;
    long.send(&"X".repeat(5000)).await;
    long.expect(&["FAILED 3 bad format"]).await;
    assert_eq!(long.ask(line, 1).await, ["OK"]);
    long.line().await;

    // A third connection of a team with two open is refused.
    let mut third = Client::connect(addr).await;
    third.expect(&["LOGIN"]).await;
    third.send("login1").await;
    third.expect(&["PASS"]).await;
    third.send("secret1").await;
    third.expect(&["FAILED 5 internal error, sorry..."]).await;
    assert_eq!(third.line().await, None);
    drop(long);

    // Binary garbage is an unknown command.
    let mut garbage = Client::login(addr, "login2", "secret2").await;
    garbage.send_raw(&[0xff, 0xfe, 0x00, 0x80, 0x1b, b'\n']).await;
    garbage.expect(&["FAILED 2 unknown command"]).await;
    // Leaving mid-line: the half line is dropped, nothing else happens.
    garbage.send_raw(b"MOVE 1 0").await;
    drop(garbage);

    // Silent connections are closed: one that never logs in, one that goes idle.
    let mut silent = Client::connect(addr).await;
    silent.expect(&["LOGIN"]).await;
    assert_eq!(silent.line().await, None, "closed after the login time-out");
    let mut idle = Client::login(addr, "login3", "secret3").await;
    assert_eq!(idle.line().await, None, "closed after the idle time-out");
    clock.stop("the abuse is through");

    let replays = server.replays.clone();
    let results = server.finish().await;
    let mut answered = Vec::new();
    for f in floods {
        answered.push(f.await.unwrap());
    }
    let replay = replays.parse::<R>(0);
    let verified = verify(&replay).expect("the replay verifies");
    assert!(verified.finished);
    assert_eq!(replay.end.as_ref().and_then(|e| e.stopped.as_deref()), Some("the abuse is through"));
    let turns = results[0].turns;
    assert!((1..120).contains(&turns), "{turns} turns");
    for (team, &ok) in answered.iter().enumerate() {
        let recorded = replay.records.iter().filter(|r| r.player == Some(team) && r.outcome.lines().first() == Some("OK")).count() as u64;
        assert!(recorded >= ok && recorded <= ok + 3, "team {team}: {ok} answered OK, {recorded} recorded");
        assert!(ok > 0, "team {team} got answers");
    }
    let total: u64 = answered.iter().sum();
    eprintln!("{total} commands answered in {turns} turns of 250 ms with {CLIENTS} flooding clients");
}

#[tokio::test]
async fn over_the_connection_cap_a_client_is_told_and_closed() {
    let common = Common { turn_ms: 100, turn_cap: Some(3), ..Common::default() };
    let mut options = ServerOptions::new(teams(1));
    options.max_connections = 2;
    let server = start::<FedrunekRules>(Params { n: 8, ..Params::default() }, common, options, false).await;
    let _a = Client::login(server.addr, "login1", "secret1").await;
    let _b = Client::login(server.addr, "login1", "secret1").await;
    let mut c = Client::connect(server.addr).await;
    c.expect(&["FAILED 5 internal error, sorry..."]).await;
    assert_eq!(c.line().await, None);
    server.finish().await;
}
