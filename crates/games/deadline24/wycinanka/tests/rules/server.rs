//! Wycinanka on the real server: the seed's worked example (spec §3.7) byte for byte over a
//! loopback socket, three teams racing for one order, and the replay verifying. (Our solver
//! over the server is the server crate's `tests/wycinanka.rs`.)

use kibitz_core::verify::verify;
use kibitz_deadline24::{Common, Fixed6};
use kibitz_deadline24_server::testing::{Client, start};
use kibitz_deadline24_server::{Clock, ServerOptions, TeamLogin};
use kibitz_wycinanka::{Params, World, WycinankaRules};
use std::sync::Arc;

/// The seed's example sheet and orders, as the bundled world file has them.
fn seed_example() -> Params {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../../maps/wycinanka/seed-example.world")).unwrap();
    let world = World::parse(&text).unwrap();
    assert_eq!(world.orders[1].1.value, Fixed6::from_int(10), "order 2 is the example's star");
    Params { turns: 3, world: Some(Arc::new(world)), ..Params::default() }
}

fn teams() -> Vec<TeamLogin> {
    ["login1", "login2", "login3"].iter().map(|l| TeamLogin { login: l.to_string(), password: "secret".into() }).collect()
}

#[tokio::test]
async fn the_seeds_worked_example_byte_for_byte_over_a_socket() {
    // T = 10 as in the example; the host stops the game once the example is through.
    let common = Common { turn_ms: 10_000, ..Common::default() };
    let clock = Clock::default();
    let server =
        start::<WycinankaRules>(seed_example(), common, ServerOptions { clock: clock.clone(), ..ServerOptions::new(teams()) }, false).await;
    let mut c = Client::login(server.addr, "login1", "secret").await;
    c.send("DESCRIBE WORLD").await;
    c.expect(&["OK", "6 6 10 1.000000", "1 2", "4 2", "2 3", "3 4", "3 6", "4 5"]).await;
    c.send("GET ORDER COUNT").await;
    c.expect(&["OK", "2"]).await;
    c.send("DESCRIBE ORDER 2").await;
    c.expect(&["OK", "4 3 10.000000 0", "1 4", "2 4", "3 4"]).await;
    c.send("COMMIT SOLUTION 2 4 1 1 4 2").await;
    c.expect(&["FAILED 104 your solution contains duplicate vertex id"]).await;
    c.send("COMMIT SOLUTION 2 4 1 3 4 2").await;
    c.expect(&["OK", "ACCEPTED 10.000000"]).await;
    // The follow-on checks, the second and third teams on connections of their own.
    c.send("COMMIT SOLUTION 2 4 1 3 4 2").await;
    c.expect(&["FAILED 102 you have already answered this order"]).await;
    let mut second = Client::login(server.addr, "login2", "secret").await;
    second.send("COMMIT SOLUTION 2 4 5 6 2 3").await;
    second.expect(&["OK", "INCORRECT"]).await;
    second.send("COMMIT SOLUTION 2 4 2 6 4 3").await;
    second.expect(&["OK", "ACCEPTED 9.000000"]).await;
    let mut third = Client::login(server.addr, "login3", "secret").await;
    third.send("COMMIT SOLUTION 2 3 1 3 4").await;
    third.expect(&["FAILED 105 the size of your solution is incorrect"]).await;
    third.send("COMMIT SOLUTION 2 4 1 3 4 7").await;
    third.expect(&["FAILED 103 your solution contains incorrect vertex id"]).await;
    third.send("COMMIT SOLUTION 2 4 4 1 3 2").await;
    third.expect(&["OK", "ACCEPTED 8.100000"]).await;
    third.send("DESCRIBE ORDER 3").await;
    third.expect(&["FAILED 101 incorrect order identifier"]).await;
    c.send("DESCRIBE ORDER 2").await;
    c.expect(&["OK", "4 3 10.000000 3", "1 4", "2 4", "3 4"]).await;
    c.send("GET SCORE").await;
    c.expect(&["OK", "10.000000"]).await;
    clock.stop("the example is through");
    let replays = server.replays.clone();
    let results = server.finish().await;
    assert_eq!(results[0].scores, vec![10_000_000, 9_000_000, 8_100_000]);
    verify(&replays.parse::<WycinankaRules>(0)).unwrap();
}

#[tokio::test]
async fn a_generated_game_is_served_and_its_replay_verifies() {
    // The clock holds still while the client asks, so that its answers are turn 1's however
    // busy the machine is; then four short turns run out.
    let common = Common { turn_ms: 30, ..Common::default() };
    let params = Params { width: 12, height: 12, turns: 4, ..Params::default() };
    let clock = Clock::default();
    clock.pause(true);
    let server =
        start::<WycinankaRules>(params, common, ServerOptions { clock: clock.clone(), ..ServerOptions::new(teams()) }, false).await;
    let mut c = Client::login(server.addr, "login1", "secret").await;
    let world = c.ask("DESCRIBE WORLD", 2).await;
    let m: usize = world[1].split(' ').nth(1).unwrap().parse().unwrap();
    assert!(world[1].starts_with("144 "), "{world:?}");
    for _ in 0..m {
        c.line().await.expect("an edge line");
    }
    assert_eq!(c.ask("GET ORDER COUNT", 2).await, vec!["OK", "2"]);
    assert_eq!(c.ask("TIME TO CUT", 2).await, vec!["OK", "4"]);
    clock.pause(false);
    let replays = server.replays.clone();
    let results = server.finish().await;
    assert_eq!(results[0].turns, 4);
    verify(&replays.parse::<WycinankaRules>(0)).unwrap();
}
