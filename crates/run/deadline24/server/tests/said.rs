//! What the clients `kibitz match` starts write on stderr is recorded with their teams'
//! commands: plain lines as stderr, drawing lines as `draw` (a bad one back in stderr with
//! why), each team's on its own records.

use kibitz_core::replay::Replay;
use kibitz_deadline24::{Common, Realtime, Setup};
use kibitz_deadline24_server::testing::Replays;
use kibitz_deadline24_server::{ServerOptions, Start, run_with_clients};
use kibitz_fedrunek::{FedrunekRules, Params};
use std::time::Duration;

/// A client in Python: logs in from its last four arguments, says `$SAY` on stderr (one line
/// per `|`), asks one command, and then waits for the server to close.
const CLIENT: &str = r#"python3 -c '
import os, socket, sys
host, port, login, password = sys.argv[1:5]
s = socket.create_connection((host, int(port)))
f = s.makefile("rw")
def line(): return f.readline().strip()
assert line() == "LOGIN"; f.write(login + "\n"); f.flush()
assert line() == "PASS"; f.write(password + "\n"); f.flush()
assert line() == "OK"
for said in os.environ["SAY"].split("|"):
    print(said, file=sys.stderr)
sys.stderr.flush()
import time; time.sleep(0.2)
f.write("FINANCIAL REPORT\n"); f.flush()
while f.readline(): pass
'"#;

#[tokio::test]
async fn each_clients_stderr_and_drawing_is_recorded_with_its_teams_command() {
    let says = ["thinking|#kibitz dot 1 2 3 red|#kibitz tag miner", "#kibitz dot 1 x 3|#kibitz note second team"];
    let commands: Vec<String> = says.iter().map(|say| format!("SAY='{say}' {CLIENT}")).collect();
    let common = Common { turn_ms: 400, turn_cap: Some(2), ..Common::default() };
    let options = ServerOptions { start: Start::AllLoggedInWithin(Duration::from_secs(5)), ..ServerOptions::new(Vec::new()) };
    let replays = Replays::default();
    let names = ["first".to_string(), "second".to_string()];
    let setup = Setup { common, game: Params { n: 8, ..Params::default() } };
    let played = tokio::time::timeout(
        Duration::from_secs(60),
        run_with_clients::<FedrunekRules>(setup, options, &commands, &names, replays.out(), None),
    )
    .await
    .expect("the match ends by itself");
    let (results, _reports) = played.unwrap();
    assert_eq!(results.len(), 1);
    let text = replays.text(0);
    let replay = Replay::<Realtime<FedrunekRules>>::parse(&text).unwrap().replay;
    let of = |team: usize| {
        let mut records = replay.records.iter().filter(|r| r.player == Some(team) && r.action.is_some());
        let first = records.next().unwrap_or_else(|| panic!("team {team} sent a command:\n{text}"));
        (first.stderr.clone(), first.draw.clone())
    };
    assert_eq!(of(0), (vec!["thinking".to_string()], vec!["dot 1 2 3 red".to_string(), "tag miner".into()]), "{text}");
    let (stderr, draw) = of(1);
    assert_eq!(draw, vec!["note second team".to_string()], "{text}");
    assert_eq!(stderr, vec!["#kibitz dot 1 x 3".to_string(), "[kibitz: bad drawing line: \"x\" is not a number]".into()]);
    kibitz_core::verify::verify(&replay).expect("drawing is never part of what verify compares");
}

/// A client flooding its stderr before its first command holds the server to the caps: its
/// command's record keeps 200 plain lines and 10,000 drawing lines, each cap's rest counted by
/// one marker line, and the match goes on.
#[tokio::test]
async fn a_client_flooding_its_stderr_is_kept_within_the_caps() {
    let flood = "for k in range(30000): print(f\"#kibitz dot {k % 8 + 1} 1 1\", file=sys.stderr)\nfor k in range(5000): print(f\"plain {k}\", file=sys.stderr)";
    let client = CLIENT.replace("for said in os.environ[\"SAY\"].split(\"|\"):\n    print(said, file=sys.stderr)", flood);
    assert_ne!(client, CLIENT, "the flood replaces the client's words");
    let commands = vec![format!("SAY= {client}")];
    let common = Common { turn_ms: 600, turn_cap: Some(2), ..Common::default() };
    let options = ServerOptions { start: Start::AllLoggedInWithin(Duration::from_secs(5)), ..ServerOptions::new(Vec::new()) };
    let replays = Replays::default();
    let setup = Setup { common, game: Params { n: 8, ..Params::default() } };
    let played = tokio::time::timeout(
        Duration::from_secs(60),
        run_with_clients::<FedrunekRules>(setup, options, &commands, &["flood".to_string()], replays.out(), None),
    )
    .await
    .expect("the match ends by itself");
    assert_eq!(played.unwrap().0.len(), 1);
    let text = replays.text(0);
    let replay = Replay::<Realtime<FedrunekRules>>::parse(&text).unwrap().replay;
    let said: Vec<(usize, usize)> = replay.records.iter().filter(|r| r.action.is_some()).map(|r| (r.stderr.len(), r.draw.len())).collect();
    let (draw, plain): (usize, usize) = (said.iter().map(|s| s.1).sum(), said.iter().map(|s| s.0).sum());
    assert_eq!(draw, 10_000, "{said:?}");
    let first = replay.records.iter().find(|r| r.action.is_some()).unwrap();
    assert!(
        first.stderr.iter().any(|l| l.starts_with("[kibitz: 20000 more drawing lines not kept")),
        "{:?}",
        &first.stderr[first.stderr.len().saturating_sub(2)..]
    );
    assert!(first.stderr.iter().any(|l| l == "[kibitz: 4800 more stderr lines not kept]"));
    assert_eq!(plain, 202, "200 plain lines and the two markers");
}
