//! The spectator port's reader against a tiny server of our own: a replay whose end record came
//! before the server closed the connection is over (the window says "match over"); one cut off
//! without it is a lost connection.

use kibitz_follow::{Follow, Mode, Phase, Source, Status};
use std::io::Write;
use std::net::TcpListener;
use std::time::{Duration, Instant};

const HEADER: &str = r#"{"kibitz_replay":1,"game":"counting","seed":0,"setup":null,"players":[]}"#;
const STEP: &str = r#"{"step":0,"player":0,"action":1,"outcome":1}"#;
const END: &str = r#"{"end":{"scores":[1],"names":["one"]}}"#;

/// Serves `lines` to the first spectator that connects and closes the connection; returns what
/// the follower handed over and its status once it has handed over everything.
fn follow_a_server_sending(lines: &[&str]) -> (Vec<String>, Status) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap();
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let server = std::thread::spawn(move || {
        let (mut stream, _) = listener.accept().unwrap();
        stream.write_all(text.as_bytes()).unwrap();
        // The stream is dropped here: the server closes the connection.
    });
    let follow = Follow::start(Source::parse(&format!("tcp://{address}")), Mode::Follow);
    let started = Instant::now();
    let mut seen = Vec::new();
    while !follow.finished() && started.elapsed() < Duration::from_secs(20) {
        seen.extend(follow.wait_line(Duration::from_millis(50)).map(|line| line.text));
    }
    server.join().unwrap();
    assert!(follow.finished(), "the follower stops when the server closes: {:?}", follow.status());
    (seen, follow.status())
}

#[test]
fn a_server_that_closes_after_the_end_record_has_finished_its_match() {
    let (seen, status) = follow_a_server_sending(&[HEADER, STEP, END]);
    assert_eq!(seen, [HEADER, STEP, END]);
    assert_eq!(status.phase, Phase::Ended, "{status:?}");
    assert!(!status.describe(Instant::now()).contains("closed"), "{status:?}");
}

#[test]
fn a_server_that_closes_without_an_end_record_lost_the_connection() {
    let (seen, status) = follow_a_server_sending(&[HEADER, STEP]);
    assert_eq!(seen, [HEADER, STEP]);
    match &status.phase {
        Phase::Lost(why) => assert!(why.contains("the server closed the spectator connection"), "{why}"),
        other => panic!("a connection closed before the end record is lost, not {other:?}"),
    }
}
