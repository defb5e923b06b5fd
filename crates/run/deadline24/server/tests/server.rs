//! The server over real loopback sockets, fedrunek its game: the seed's login, waiting and the
//! command limit, several games, spectators, and the replays verifying. Each game's own session
//! over a socket is in its crate's tests (a `server` module).

use kibitz_core::verify::verify;
use kibitz_deadline24::Common;
use kibitz_deadline24_server::testing::{Client, Replays, rounds_of, start, teams};
use kibitz_deadline24_server::{Clock, ServerOptions};
use kibitz_fedrunek::{FedrunekRules, Params};

fn options(teams: Vec<kibitz_deadline24_server::TeamLogin>) -> ServerOptions {
    ServerOptions::new(teams)
}

/// Options whose turn clock is `clock`, which the test starts when its client is ready: turns
/// then do not run out while a busy machine is still logging in.
fn paused(teams: Vec<kibitz_deadline24_server::TeamLogin>, clock: &Clock) -> ServerOptions {
    ServerOptions { clock: clock.clone(), ..ServerOptions::new(teams) }
}

#[tokio::test]
async fn login_as_in_the_seed_and_a_bad_password_closes() {
    let login = vec![kibitz_deadline24_server::TeamLogin { login: "login1".into(), password: "secret".into() }];
    let common = Common { turn_ms: 400, turn_cap: Some(3), ..Common::default() };
    let server = start::<FedrunekRules>(Params { n: 8, ..Params::default() }, common, options(login), false).await;
    // The seed's exchange: `LOGIN`, the login, `PASS`, the password, `OK`.
    let _c = Client::login(server.addr, "login1", "secret").await;
    let mut bad = Client::connect(server.addr).await;
    bad.expect(&["LOGIN"]).await;
    bad.send("login1").await;
    bad.expect(&["PASS"]).await;
    bad.send("guess").await;
    bad.expect(&["FAILED 1 bad login or password"]).await;
    assert_eq!(bad.line().await, None, "closed after a bad login");
    server.finish().await;
}

#[tokio::test]
async fn wait_holds_the_connection_until_the_next_turn() {
    // The clock starts once both commands are sent, so that the WAIT is turn 1's.
    let common = Common { turn_ms: 150, turn_cap: Some(3), ..Common::default() };
    let clock = Clock::default();
    clock.pause(true);
    let server = start::<FedrunekRules>(Params { n: 8, ..Params::default() }, common, paused(teams(1), &clock), false).await;
    let mut c = Client::login(server.addr, "login1", "secret1").await;
    // Sent together: the second waits in the socket until the turn ends.
    c.send_raw(b"WAIT\nFINANCIAL REPORT\n").await;
    clock.pause(false);
    c.expect(&["OK"]).await;
    let waiting = c.line().await.unwrap();
    let seconds: f64 = waiting.strip_prefix("WAITING ").unwrap().parse().unwrap();
    assert!((0.0..=0.15).contains(&seconds), "{waiting}");
    assert_eq!(waiting.split('.').nth(1).map(str::len), Some(6), "six decimals");
    c.expect(&["OK", "20 0"]).await;
    let replays = server.replays.clone();
    server.finish().await;
    let replay = replays.parse::<FedrunekRules>(0);
    verify(&replay).expect("the replay verifies");
    let rounds = rounds_of(&replay);
    let report = replay.records.iter().position(|r| r.action.as_ref().is_some_and(|a| a.line == "FINANCIAL REPORT")).unwrap();
    assert_eq!(rounds[report], 2, "answered in the turn after the WAIT");
}

#[tokio::test]
async fn the_command_limit_forces_waiting_until_the_turn_ends() {
    // Turns long enough that the first five commands surely fall in the first one.
    let common = Common { turn_ms: 1000, turn_cap: Some(2), command_limit: 3, ..Common::default() };
    let server = start::<FedrunekRules>(Params { n: 8, ..Params::default() }, common, options(teams(2)), false).await;
    let mut c = Client::login(server.addr, "login1", "secret1").await;
    let mut other = Client::login(server.addr, "login1", "secret1").await;
    c.send_raw(b"TIME TO MINE\nTIME TO MINE\nTIME TO MINE\nTIME TO MINE\n").await;
    for _ in 0..3 {
        c.expect(&["OK", "2"]).await;
    }
    c.expect(&["FAILED 6 commands limit reached, next call will force waiting"]).await;
    // The team's other connection shares the count.
    other.send("TIME TO MINE").await;
    other.expect(&["FAILED 7 commands limit reached, forced waiting activated"]).await;
    assert!(other.line().await.unwrap().starts_with("FORCED WAITING 0."));
    other.send("TIME TO MINE").await;
    other.expect(&["OK", "1"]).await; // read only once the next turn (the cap's last) has started
    let replay = server.replays.clone();
    server.finish().await;
    let replay = replay.parse::<FedrunekRules>(0);
    let verified = verify(&replay).expect("the replay verifies");
    assert!(verified.finished);
    // The last TIME TO MINE of `other` was applied in turn 2.
    let rounds = rounds_of(&replay);
    let last_command = replay.records.iter().rposition(|r| r.player == Some(0)).unwrap();
    assert_eq!(rounds[last_command], 2);
    assert_eq!(replay.records[last_command].action.as_ref().unwrap().conn, 2);
}

#[tokio::test]
async fn games_follow_one_another_on_the_same_connections() {
    // The clock starts at the first WAIT, and a turn is long enough for a command after a WAIT.
    let common = Common { turn_ms: 300, turn_cap: Some(2), ..Common::default() };
    let clock = Clock::default();
    clock.pause(true);
    let mut opts = paused(teams(1), &clock);
    opts.games = 2;
    opts.seed = 40;
    let server = start::<FedrunekRules>(Params { n: 8, ..Params::default() }, common, opts, false).await;
    let mut c = Client::login(server.addr, "login1", "secret1").await;
    for _ in 0..3 {
        c.send("WAIT").await;
        clock.pause(false);
        c.expect(&["OK"]).await;
        c.line().await.unwrap();
    }
    // Three turn ends later the second game is on: the connection still answers.
    assert_eq!(c.ask("FINANCIAL REPORT", 2).await, ["OK", "20 0"]);
    let replays = server.replays.clone();
    let results = server.finish().await;
    assert_eq!(results.len(), 2);
    let (first, second) = (replays.parse::<FedrunekRules>(0), replays.parse::<FedrunekRules>(1));
    assert_eq!((first.header.seed, second.header.seed), (40, 41));
    for replay in [&first, &second] {
        assert!(verify(replay).unwrap().finished);
    }
    assert!(second.records.iter().any(|r| r.action.as_ref().is_some_and(|a| a.line == "FINANCIAL REPORT")));
}

#[tokio::test]
async fn spectators_see_every_line_of_the_replay() {
    let common = Common { turn_ms: 250, turn_cap: Some(4), ..Common::default() };
    let server = start::<FedrunekRules>(Params { n: 8, ..Params::default() }, common, options(teams(1)), true).await;
    let mut c = Client::login(server.addr, "login1", "secret1").await;
    c.ask("FINANCIAL REPORT", 2).await;
    // One spectator joins after the first command, another later.
    let early = tokio::spawn(spectate(server.spectate.unwrap()));
    c.send("WAIT").await;
    c.expect(&["OK"]).await;
    c.line().await;
    let late = tokio::spawn(spectate(server.spectate.unwrap()));
    c.ask("DESCRIBE WORLD", 2).await;
    let replays = server.replays.clone();
    server.finish().await;
    let written: Vec<String> = replays.text(0).lines().map(str::to_string).collect();
    for seen in [early.await.unwrap(), late.await.unwrap()] {
        assert_eq!(seen, written);
    }
}

/// The viewer's follower (`kibitz view --follow tcp://…`, on a thread of its own, as in the
/// window) sees every line of two games once, each numbered from its header.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_viewers_follower_sees_every_line_of_every_game_once() {
    use kibitz_follow::{Follow, Mode, Source};
    // The clock starts once the client is in; turns are long enough for the follower to join
    // in the first game and for a command and a WAIT in each.
    let common = Common { turn_ms: 250, turn_cap: Some(3), ..Common::default() };
    let clock = Clock::default();
    clock.pause(true);
    let mut opts = paused(teams(1), &clock);
    opts.games = 2;
    let server = start::<FedrunekRules>(Params { n: 8, ..Params::default() }, common, opts, true).await;
    let mut c = Client::login(server.addr, "login1", "secret1").await;
    clock.pause(false);
    let address = server.spectate.unwrap().to_string();
    let follower = std::thread::spawn(move || {
        let follow = Follow::start(Source::parse(&format!("tcp://{address}")), Mode::Follow);
        let started = std::time::Instant::now();
        let mut seen = Vec::new();
        while !follow.finished() && started.elapsed() < std::time::Duration::from_secs(30) {
            seen.extend(follow.wait_line(std::time::Duration::from_millis(50)));
        }
        (seen, follow.status())
    });
    for _ in 0..5 {
        c.ask("FINANCIAL REPORT", 2).await;
        c.send("WAIT").await;
        c.expect(&["OK"]).await;
        c.line().await.unwrap();
    }
    let replays = server.replays.clone();
    server.finish().await;
    let (seen, status) = tokio::task::spawn_blocking(move || follower.join().unwrap()).await.unwrap();
    let expected: Vec<(usize, String)> =
        (0..2).flat_map(|g| replays.text(g).lines().enumerate().map(|(i, l)| (i + 1, l.to_string())).collect::<Vec<_>>()).collect();
    let seen: Vec<(usize, String)> = seen.into_iter().map(|l| (l.number, l.text)).collect();
    assert_eq!(seen, expected);
    assert_eq!(status.phase, kibitz_follow::Phase::Ended, "{status:?}");
}

/// `kibitz serve` ends its runtime as soon as its last game is over, and a spectator task not
/// run by then never sends what it was handed last: the server waits for its spectators, so
/// that the viewer sees the end record and says the match is over rather than the connection
/// lost (issue 36).
#[test]
fn a_spectator_is_sent_the_end_record_before_the_server_ends() {
    use kibitz_follow::{Follow, Mode, Phase, Source};
    let teams_port = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let spectator_port = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let teams_address = teams_port.local_addr().unwrap();
    let address = spectator_port.local_addr().unwrap();
    // The clock runs once the follower has the game's header, so that it is in before the end.
    let clock = Clock::default();
    clock.pause(true);
    let options = paused(teams(1), &clock);
    let replays = Replays::default();
    let out = replays.out();
    let common = Common { turn_ms: 100, turn_cap: Some(2), ..Common::default() };
    let setup = kibitz_deadline24::Setup { common, game: Params { n: 8, ..Params::default() } };
    // As `kibitz serve` runs it: a runtime of its own, gone once `serve` returns.
    let server = std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(async move {
            teams_port.set_nonblocking(true).unwrap();
            spectator_port.set_nonblocking(true).unwrap();
            let teams_port = tokio::net::TcpListener::from_std(teams_port).unwrap();
            let spectator_port = tokio::net::TcpListener::from_std(spectator_port).unwrap();
            kibitz_deadline24_server::serve::<FedrunekRules>(teams_port, Some(spectator_port), setup, options, out, None).await.unwrap()
        })
    });
    // The team logs in (a game may wait for its teams), and then the follower joins.
    let mut team = std::net::TcpStream::connect(teams_address).unwrap();
    let mut answers = std::io::BufRead::lines(std::io::BufReader::new(team.try_clone().unwrap()));
    for (prompt, reply) in [("LOGIN", "login1"), ("PASS", "secret1")] {
        assert_eq!(answers.next().unwrap().unwrap(), prompt);
        std::io::Write::write_all(&mut team, format!("{reply}\n").as_bytes()).unwrap();
    }
    assert_eq!(answers.next().unwrap().unwrap(), "OK");
    let follow = Follow::start(Source::Spectator(address.to_string()), Mode::Follow);
    let mut seen: Vec<String> = follow.wait_line(std::time::Duration::from_secs(20)).map(|line| line.text).into_iter().collect();
    assert_eq!(seen.len(), 1, "the header comes while the clock is paused: {:?}", follow.status());
    clock.pause(false);
    let started = std::time::Instant::now();
    while !follow.finished() && started.elapsed() < std::time::Duration::from_secs(30) {
        seen.extend(follow.wait_line(std::time::Duration::from_millis(50)).map(|line| line.text));
    }
    server.join().unwrap();
    let written: Vec<String> = replays.text(0).lines().map(str::to_string).collect();
    assert_eq!(seen, written);
    assert_eq!(follow.status().phase, Phase::Ended, "{:?}", follow.status());
}

/// Everything a spectator receives until the server closes.
async fn spectate(addr: std::net::SocketAddr) -> Vec<String> {
    use tokio::io::AsyncBufReadExt;
    let stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let mut lines = tokio::io::BufReader::new(stream).lines();
    let mut seen = Vec::new();
    while let Ok(Some(line)) = lines.next_line().await {
        seen.push(line);
    }
    seen
}
