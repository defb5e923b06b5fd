//! When a server's first turn starts: at once, once every team has logged in, or at a time of
//! day. Until then the game is in turn 1 with its clock held, and commands are answered.

use kibitz_core::verify::verify;
use kibitz_deadline24::Common;
use kibitz_deadline24_server::testing::{Client, start, teams};
use kibitz_deadline24_server::{ServerOptions, Start};
use kibitz_fedrunek::{FedrunekRules, Params};
use std::time::{Duration, Instant, SystemTime};

fn small() -> Params {
    Params { n: 8, ..Params::default() }
}

fn ticks(text: &str) -> usize {
    text.lines().skip(1).filter(|l| l.contains("\"turn\"") && !l.contains("\"action\"")).count()
}

#[tokio::test]
async fn with_all_logged_in_no_turn_ends_before_the_last_team_logs_in() {
    let options = ServerOptions { start: Start::AllLoggedIn, ..ServerOptions::new(teams(3)) };
    let common = Common { turn_ms: 30, turn_cap: Some(2), ..Common::default() };
    let server = start::<FedrunekRules>(small(), common, options, false).await;
    let mut first = Client::login(server.addr, "login1", "secret1").await;
    let _second = Client::login(server.addr, "login2", "secret2").await;
    // A team's second connection does not count as another team.
    let _again = Client::login(server.addr, "login1", "secret1").await;
    assert_eq!(first.ask("FINANCIAL REPORT", 2).await, vec!["OK", "20 0"], "answered before the start");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let text = server.replays.text(0);
    assert_eq!(ticks(&text), 0, "ten turns' time passed with a team missing, and no turn ended:\n{text}");
    let replay = server.replays.parse::<FedrunekRules>(0);
    assert_eq!(replay.records[0].action.as_ref().unwrap().at_us, 0, "timed at the start of the held turn");
    let _third = Client::login(server.addr, "login3", "secret3").await;
    let replays = server.replays.clone();
    let results = server.finish().await;
    assert_eq!(results[0].turns, 2, "the turns run once every team is in");
    verify(&replays.parse::<FedrunekRules>(0)).unwrap();
}

#[tokio::test]
async fn at_a_time_the_first_turn_starts_then() {
    let at = SystemTime::now() + Duration::from_millis(400);
    let begun = Instant::now();
    let options = ServerOptions { start: Start::At(at), ..ServerOptions::new(teams(1)) };
    let common = Common { turn_ms: 30, turn_cap: Some(1), ..Common::default() };
    let server = start::<FedrunekRules>(small(), common, options, false).await;
    let results = server.finish().await;
    assert_eq!(results[0].turns, 1);
    assert!(begun.elapsed() >= Duration::from_millis(400), "the one turn ended {:?} after the server started", begun.elapsed());
}
