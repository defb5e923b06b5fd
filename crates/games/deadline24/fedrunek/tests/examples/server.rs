//! Fedrunek on the real server: the seed's session (spec §2.7.1) byte for byte over a loopback
//! socket, and as the spec follows it on, turn by turn; the replay re-simulates.

use crate::common::{SEED_SESSION, seed_example};
use kibitz_core::verify::verify;
use kibitz_deadline24::{Args, Common, Ctx, Fixed6, Reply, Rules};
use kibitz_deadline24_server::testing::{Client, start};
use kibitz_deadline24_server::{ServerOptions, TeamLogin};
use kibitz_fedrunek::rules::FedrunekState;
use kibitz_fedrunek::{FedrunekRules, TurnReport};

/// Fedrunek on the seed's example asteroid (spec §2.7.1) instead of a generated one.
struct SeedExample;

impl Rules for SeedExample {
    const ID: &'static str = "fedrunek";
    const RULES_VERSION: u32 = FedrunekRules::RULES_VERSION;
    type Params = ();
    type State = FedrunekState;
    type TurnReport = TurnReport;

    fn start(_: &(), _teams: usize, _seed: u64) -> Result<FedrunekState, String> {
        Ok(seed_example())
    }

    fn command(state: &mut FedrunekState, ctx: &Ctx, team: usize, line: Args) -> Reply {
        FedrunekRules::command(state, ctx, team, line)
    }

    fn end_turn(state: &mut FedrunekState, ctx: &Ctx) -> (TurnReport, bool) {
        FedrunekRules::end_turn(state, ctx)
    }

    fn results(state: &FedrunekState) -> Vec<Fixed6> {
        FedrunekRules::results(state)
    }

    fn answer_lines(line: Args) -> kibitz_deadline24::AnswerLines {
        FedrunekRules::answer_lines(line)
    }
}

/// One team, `login1`, as in the seed.
fn one_team() -> ServerOptions {
    ServerOptions::new(vec![TeamLogin { login: "login1".into(), password: "secret".into() }])
}

#[tokio::test]
async fn the_seeds_session_over_a_socket() {
    let common = Common { turn_ms: 5000, turn_cap: Some(1), ..Common::default() };
    let server = start::<SeedExample>((), common, one_team(), false).await;
    let mut c = Client::login(server.addr, "login1", "secret").await;
    for (line, answer) in SEED_SESSION {
        c.send(line).await;
        c.expect(answer).await;
    }
    // The whole conversation is in the replay, and it re-simulates.
    c.send("WAIT").await;
    c.expect(&["OK"]).await;
    assert!(c.line().await.unwrap().starts_with("WAITING "));
    server.finish().await;
}

/// Sends `WAIT` and reads its two lines: the next command is read in the next turn.
async fn next_turn(c: &mut Client) {
    c.send("WAIT").await;
    c.expect(&["OK"]).await;
    assert!(c.line().await.unwrap().starts_with("WAITING "));
}

#[tokio::test]
async fn the_seeds_session_goes_on_over_a_socket() {
    let common = Common { turn_ms: 300, turn_cap: Some(12), ..Common::default() };
    let server = start::<SeedExample>((), common, one_team(), false).await;
    let mut c = Client::login(server.addr, "login1", "secret").await;
    next_turn(&mut c).await; // from the start of a turn, so that each group below fits in one
    assert_eq!(c.ask("DRILL 1 -1 0 0", 2).await, ["OK", "DRILLING 4"]);
    assert_eq!(c.ask("DRILL 2 -1 0 0", 1).await, ["FAILED 107 cannot drill there"]);
    assert_eq!(c.ask("MOVE 2 0 1 0", 1).await, ["OK"]);
    assert_eq!(c.ask("LIST MINERS", 4).await, ["OK", "2", "1 128 64 64 1 1 1 4", "2 128 64 64 1 1 1 1"]);
    next_turn(&mut c).await;
    assert_eq!(c.ask("LIST MINERS", 4).await, ["OK", "2", "1 128 64 64 1 1 1 3", "2 128 65 64 1 1 1 0"]);
    assert_eq!(c.ask("MOVE 2 0 -1 0", 1).await, ["OK"]);
    next_turn(&mut c).await;
    assert_eq!(c.ask("DRILL 2 -1 0 0", 2).await, ["OK", "FORBIDDEN"]);
    next_turn(&mut c).await;
    next_turn(&mut c).await;
    assert_eq!(c.ask("INFO 1", 8).await[7], "FREE -1 0 0 UNDERGROUND GROUND 0 0 1");
    assert_eq!(c.ask("MOVE 1 -1 0 0", 1).await, ["OK"]);
    next_turn(&mut c).await;
    assert_eq!(c.ask("MINE 1", 2).await, ["OK", "MINING GOLD 3"]);
    assert_eq!(c.ask("INFO 1", 8).await[1], "FREE 0 0 0 UNDERGROUND GROUND 0 0 0");
    assert_eq!(c.ask("STORAGE 1", 2).await, ["OK", "0 0 0 4"]);
    for _ in 0..3 {
        next_turn(&mut c).await;
    }
    assert_eq!(c.ask("STORAGE 1", 2).await, ["OK", "0 0 1 4"]);
    // The derived checks of spec §2.7.2 that this asteroid allows.
    assert_eq!(c.ask("FINANCIAL REPORT", 2).await, ["OK", "20 0"]);
    assert_eq!(c.ask("BUY 128 60 60 SCOUT", 1).await, ["FAILED 105 not enough money"]);
    assert_eq!(c.ask("PUSH 3 4", 2).await, ["OK", "PUSHING 6"]);
    let replays = server.replays.clone();
    server.finish().await;
    assert!(verify(&replays.parse::<SeedExample>(0)).unwrap().finished);
}
