//! Our wycinanka solver (kibitz-bots) against the real server: started mid-game, as a
//! take-over starts it again, it leaves the orders its team has fulfilled.

use kibitz_core::replay::PlayerInfo;
use kibitz_core::verify::verify;
use kibitz_deadline24::Common;
use kibitz_deadline24_client::Connect;
use kibitz_deadline24_server::testing::{Client, Replays, start, teams};
use kibitz_deadline24_server::{Clock, Resume, ServerOptions};
use kibitz_wycinanka::{Params, World, WycinankaRules};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The seed's example sheet and orders (the bundled world file; kibitz-wycinanka's
/// `tests/rules/server.rs` plays it through), one turn long.
fn seed_example() -> Params {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../../maps/wycinanka/seed-example.world")).unwrap();
    Params { turns: 1, world: Some(Arc::new(World::parse(&text).unwrap())), ..Params::default() }
}

#[tokio::test]
async fn our_solver_started_mid_game_leaves_the_orders_its_team_has_fulfilled() {
    // A game in which login1 has fulfilled both orders of the seed's example.
    let common = Common { turn_ms: 10_000, ..Common::default() };
    let params = seed_example();
    let clock = Clock::default();
    clock.pause(true);
    let options = ServerOptions { clock: clock.clone(), ..ServerOptions::new(teams(3)) };
    let first = start::<WycinankaRules>(params.clone(), common, options, false).await;
    let mut c = Client::login(first.addr, "login1", "secret1").await;
    assert_eq!(c.ask("COMMIT SOLUTION 1 3 1 2 3", 2).await, vec!["OK", "ACCEPTED 4.000000"]);
    assert_eq!(c.ask("COMMIT SOLUTION 2 4 1 3 4 2", 2).await, vec!["OK", "ACCEPTED 10.000000"]);
    clock.stop("the history is played");
    let replays = first.replays.clone();
    first.finish().await;
    let history: Vec<String> = replays.text(0).lines().skip(1).take(2).map(String::from).collect();

    // The game goes on (as a take-over does) with our solver restarted for login1.
    let players = teams(3).iter().map(|t| PlayerInfo::human(t.login.clone())).collect();
    let clock = Clock::default();
    clock.pause(true);
    let resume = Resume { lines: Arc::new(history), players };
    let options = ServerOptions { clock: clock.clone(), resume: Some(resume), ..ServerOptions::new(teams(3)) };
    let second = start::<WycinankaRules>(params, common, options, false).await;
    let connect = Connect { host: "127.0.0.1".into(), port: second.addr.port(), login: "login1".into(), password: "secret1".into() };
    // A blocking client: on a thread of its own, while this runtime serves it.
    let solver = tokio::task::spawn_blocking(move || kibitz_bots::wycinanka::run("solver", 0, &connect));
    // Until the solver has read the game, done what it would, and waits for the next turn.
    let waits = |replays: &Replays| {
        replays.0.lock().unwrap().first().is_some_and(|text| String::from_utf8_lossy(text).contains(r#""line":"WAIT""#))
    };
    let until = Instant::now() + Duration::from_secs(20);
    while !waits(&second.replays) && Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(waits(&second.replays), "the solver came to its WAIT");
    clock.stop("the solver has had its turn");
    let replays = second.replays.clone();
    second.finish().await;
    let solved = tokio::time::timeout(Duration::from_secs(20), solver).await.expect("the solver ends when the server closes");
    solved.unwrap().expect("the solver ends without an error");
    let replay = replays.parse::<WycinankaRules>(0);
    let asked: Vec<&str> = replay.records[2..].iter().filter_map(|r| r.action.as_ref()).map(|c| c.line.as_str()).collect();
    assert!(asked.contains(&"LIST ANSWERED ORDERS"), "{asked:?}");
    let answers: Vec<&str> = replay.records[2..].iter().map(|r| r.outcome.lines().text()).collect();
    assert!(answers.iter().all(|a| !a.starts_with("FAILED 102")), "the solver committed an order again: {asked:?} {answers:?}");
    assert!(answers.iter().all(|a| !a.starts_with("FAILED")), "{asked:?} {answers:?}");
    verify(&replay).unwrap();
}
