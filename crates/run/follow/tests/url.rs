//! A replay read from a URL, against real HTTP servers on loopback: Python's own `http.server`
//! (which ignores `Range`: every answer is a 200 with the whole file) and a small one of our own
//! answering `Range` with 206 and 416. Every server is killed when its test ends.

use kibitz_follow::{Follow, Line, Mode, Phase, Source, Status, probe};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// `http.server`'s handler taught `Range: bytes=A-` and `bytes=A-B`: 206 with the bytes there
/// are, 416 when the file has none from A on.
const RANGE_SERVER: &str = r#"
import functools, http.server, io, os, re, sys
class Ranged(http.server.SimpleHTTPRequestHandler):
    def send_head(self):
        asked = re.fullmatch(r"bytes=(\d+)-(\d*)", self.headers.get("Range", ""))
        path = self.translate_path(self.path)
        if not asked or not os.path.isfile(path):
            return super().send_head()
        with open(path, "rb") as f:
            data = f.read()
        start = int(asked.group(1))
        end = min(int(asked.group(2) or len(data) - 1), len(data) - 1)
        if start >= len(data):
            self.send_response(416)
            self.send_header("Content-Range", f"bytes */{len(data)}")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        self.send_response(206)
        self.send_header("Content-Range", f"bytes {start}-{end}/{len(data)}")
        self.send_header("Content-Length", str(end + 1 - start))
        self.end_headers()
        return io.BytesIO(data[start:end + 1])
handler = functools.partial(Ranged, directory=sys.argv[1])
http.server.test(HandlerClass=handler, port=0, bind="127.0.0.1")
"#;

/// A Python HTTP server on 127.0.0.1, serving a folder of its own; killed when dropped.
struct Server {
    child: Child,
    port: u16,
    /// Its request log ("GET /x.jsonl HTTP/1.1" 206 -), one line per request.
    log: PathBuf,
    folder: tempfile::TempDir,
}

impl Server {
    /// `python3 -m http.server`: every answer a 200 with the whole file.
    fn plain() -> Server {
        Server::start(|folder| {
            vec!["-m".into(), "http.server".into(), "--bind".into(), "127.0.0.1".into(), "0".into(), "--directory".into(), folder]
        })
    }

    /// The same, answering `Range` with 206 and 416.
    fn ranged() -> Server {
        Server::start(|folder| vec!["-c".into(), RANGE_SERVER.into(), folder])
    }

    fn start(args: impl FnOnce(String) -> Vec<String>) -> Server {
        let folder = tempfile::tempdir().unwrap();
        let log = folder.path().with_extension("log");
        let mut child = Command::new("python3")
            .arg("-u")
            .args(args(folder.path().display().to_string()))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&log).unwrap())
            .spawn()
            .expect("python3 runs");
        // "Serving HTTP on 127.0.0.1 port 41234 (http://127.0.0.1:41234/) ..."
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let (send, port) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in stdout.lines().map_while(Result::ok) {
                if let Some(port) = line.strip_prefix("Serving HTTP on 127.0.0.1 port ").and_then(|rest| rest.split(' ').next()) {
                    let _ = send.send(port.parse::<u16>().unwrap());
                }
            }
        });
        let mut server = Server { child, port: 0, log, folder };
        server.port = port.recv_timeout(Duration::from_secs(10)).expect("the server says its port");
        server
    }

    fn url(&self, name: &str) -> String {
        format!("http://127.0.0.1:{}/{name}", self.port)
    }

    fn path(&self, name: &str) -> PathBuf {
        self.folder.path().join(name)
    }

    /// The status of every request so far, in order.
    fn statuses(&self) -> Vec<u16> {
        let log = std::fs::read_to_string(&self.log).unwrap();
        log.lines().filter_map(|line| line.split("\" ").nth(1)?.split(' ').next()?.parse().ok()).collect()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_file(&self.log);
    }
}

fn bundled(name: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../replays").join(name)).unwrap()
}

fn expected(text: &str) -> Vec<Line> {
    text.lines().enumerate().map(|(i, l)| Line { number: i + 1, text: l.to_string() }).collect()
}

fn append(path: &Path, bytes: &str) {
    let mut file = std::fs::OpenOptions::new().create(true).append(true).open(path).unwrap();
    file.write_all(bytes.as_bytes()).unwrap();
}

/// Reads lines until the follower has handed over everything, or `limit` passes.
fn read_all(follow: &Follow, limit: Duration) -> Vec<Line> {
    let started = Instant::now();
    let mut got = Vec::new();
    while started.elapsed() < limit && !follow.finished() {
        got.extend(follow.wait_line(Duration::from_millis(50)));
    }
    got.extend(follow.new_lines());
    got
}

/// Reads lines until there are `count` in all, or `limit` passes.
fn read_until(follow: &Follow, got: &mut Vec<Line>, count: usize, limit: Duration) {
    let started = Instant::now();
    while got.len() < count && started.elapsed() < limit {
        got.extend(follow.wait_line(Duration::from_millis(50)));
    }
}

/// Waits until the status passes `test`, or `limit` passes; the status either way.
fn status_when(follow: &Follow, limit: Duration, test: impl Fn(&Status) -> bool) -> Status {
    let started = Instant::now();
    while !test(&follow.status()) && started.elapsed() < limit {
        std::thread::sleep(Duration::from_millis(20));
    }
    follow.status()
}

#[test]
fn a_replay_served_over_http_loads_every_line_with_its_size() {
    let server = Server::plain();
    // Bigger than a chunk: its lines come in several pieces of the body.
    let text = bundled("lighthouses-duel.jsonl");
    std::fs::write(server.path("duel.jsonl"), &text).unwrap();
    let follow = Follow::start(Source::parse(&server.url("duel.jsonl")), Mode::Load);
    assert_eq!(follow.source.name(), "duel.jsonl");
    let got = read_all(&follow, Duration::from_secs(20));
    assert_eq!(got, expected(&text), "every line once, in order, numbered from 1");
    let status = follow.status();
    assert_eq!((status.phase, status.size, status.read, status.partial), (Phase::Ended, Some(text.len() as u64), text.len() as u64, 0));
}

#[test]
fn a_probe_reads_the_header_and_the_size_from_either_server() {
    let text = bundled("snakecore-four.jsonl");
    let header = text.lines().next().unwrap();
    // The plain server sends the whole file (of which only 64 KiB is read), ours 64 KiB.
    for (server, status) in [(Server::plain(), 200), (Server::ranged(), 206)] {
        std::fs::write(server.path("four.jsonl"), &text).unwrap();
        let url = server.url("four.jsonl");
        let probe = probe(&url).unwrap();
        assert_eq!((probe.first_line.as_str(), probe.cut, probe.size), (header, false, Some(text.len() as u64)));
        assert_eq!(probe.header(), Ok(header));
        assert_eq!(server.statuses(), [status]);
    }
}

/// Follows a replay that grows behind `server`, written in pieces cut inside lines: the
/// follower hands over every line once, in order, while it is written, and ends at its end
/// record.
fn follow_a_growing_replay(server: &Server) {
    let text = bundled("lighthouses-failure.jsonl");
    let path = server.path("live.jsonl");
    // Four pieces, each cut in the middle of a line.
    let cuts: Vec<usize> = [0.3, 0.5, 0.8].iter().map(|f| (text.len() as f64 * f) as usize).chain([text.len()]).collect();
    append(&path, &text[..cuts[0]]);
    let follow = Follow::start(Source::parse(&server.url("live.jsonl")), Mode::Follow);
    let mut got = Vec::new();
    let mut written = 0;
    for (i, &cut) in cuts.iter().enumerate() {
        if i > 0 {
            append(&path, &text[written..cut]);
        }
        written = cut;
        // The lines whole so far arrive, and the follower waits for the rest of the last one.
        let whole = text[..cut].matches('\n').count();
        read_until(&follow, &mut got, whole, Duration::from_secs(20));
        assert_eq!(got, expected(&text)[..whole], "after piece {i}");
        let torn = cut - text[..cut].rfind('\n').map_or(0, |at| at + 1);
        let status = status_when(&follow, Duration::from_secs(5), |s| s.partial == torn && s.read == cut as u64);
        assert_eq!((status.read, status.partial), (cut as u64, torn), "after piece {i}");
        if i + 1 < cuts.len() {
            assert_eq!(status.phase, Phase::Reading);
            // Long enough for a poll that finds nothing new.
            std::thread::sleep(Duration::from_millis(1200));
            assert!(follow.try_line().is_none(), "nothing is handed over twice");
        }
    }
    got.extend(read_all(&follow, Duration::from_secs(10)));
    assert_eq!(got, expected(&text));
    assert_eq!(follow.status().phase, Phase::Ended, "the end record ends the follow");
    assert_eq!(follow.status().size, Some(text.len() as u64));
}

#[test]
fn a_replay_growing_behind_a_server_that_ignores_range_is_followed_to_its_end() {
    let server = Server::plain();
    follow_a_growing_replay(&server);
    let statuses = server.statuses();
    assert!(statuses.len() >= 4 && statuses.iter().all(|&s| s == 200), "{statuses:?}");
}

#[test]
fn a_replay_growing_behind_a_server_that_answers_range_is_followed_to_its_end() {
    let server = Server::ranged();
    follow_a_growing_replay(&server);
    let statuses = server.statuses();
    assert_eq!(statuses[0], 200, "the first request asks for the whole file: {statuses:?}");
    assert!(statuses.contains(&206) && statuses.contains(&416), "appended bytes come as 206, nothing new as 416: {statuses:?}");
    assert!(!statuses[1..].contains(&200), "{statuses:?}");
}

const HEADER_A: &str = r#"{"kibitz_replay":1,"game":"counting","seed":1,"setup":null,"players":[]}"#;
const HEADER_B: &str = r#"{"kibitz_replay":1,"game":"counting","seed":2,"setup":null,"players":[]}"#;
const STEP: &str = r#"{"step":0,"player":0,"action":1,"outcome":1}"#;
const END: &str = r#"{"end":{"scores":[1],"names":["one"]}}"#;

/// `lines`, each with its newline.
fn text(lines: &[&str]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// A replay followed behind `server` is replaced by `then` (written whole, under its name): the
/// follower starts over at its header, numbered from 1, and ends at its end record.
fn follow_a_rewritten_replay(server: &Server, first: &[&str], then: &[&str]) {
    let path = server.path("rerun.jsonl");
    std::fs::write(&path, text(first)).unwrap();
    let follow = Follow::start(Source::parse(&server.url("rerun.jsonl")), Mode::Follow);
    let mut got = Vec::new();
    read_until(&follow, &mut got, first.len(), Duration::from_secs(10));
    assert_eq!(got, expected(&text(first)));
    let new = server.folder.path().join("new.tmp");
    std::fs::write(&new, text(then)).unwrap();
    std::fs::rename(&new, &path).unwrap();
    let again = read_all(&follow, Duration::from_secs(20));
    assert_eq!(again, expected(&text(then)), "the new replay from its header, numbered from 1");
    assert_eq!(follow.status().phase, Phase::Ended);
}

#[test]
fn a_replay_rewritten_behind_the_server_is_read_again_from_its_header() {
    // As long as before, only its first bytes differ: a plain server's 200 is compared.
    assert_eq!(HEADER_A.len(), HEADER_B.len());
    follow_a_rewritten_replay(&Server::plain(), &[HEADER_A, STEP, STEP], &[HEADER_B, STEP, END]);
    // Shorter than before: a Range server's 416 says the file's size.
    follow_a_rewritten_replay(&Server::ranged(), &[HEADER_A, STEP, STEP, STEP], &[HEADER_B, END]);
}

#[test]
fn a_missing_replay_is_a_clear_line_and_followed_once_it_appears() {
    let server = Server::plain();
    let url = server.url("later.jsonl");
    assert_eq!(probe(&url), Err(format!("{url}: 404 Not Found")));

    let load = Follow::start(Source::parse(&url), Mode::Load);
    let status = status_when(&load, Duration::from_secs(10), |s| matches!(s.phase, Phase::Lost(_)));
    assert_eq!(status.phase, Phase::Lost(format!("{url}: 404 Not Found")));

    let follow = Follow::start(Source::parse(&url), Mode::Follow);
    let status =
        status_when(&follow, Duration::from_secs(10), |s| matches!(&s.phase, Phase::Waiting(why) if why.ends_with("trying again")));
    assert_eq!(status.phase, Phase::Waiting(format!("{url}: 404 Not Found, trying again")));
    std::fs::write(server.path("later.jsonl"), text(&[HEADER_A, STEP, END])).unwrap();
    assert_eq!(read_all(&follow, Duration::from_secs(30)), expected(&text(&[HEADER_A, STEP, END])));
}

#[test]
fn a_refused_connection_is_a_clear_line_without_a_hang() {
    // A port nobody listens on: bound, then let go.
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let url = format!("http://127.0.0.1:{port}/x.jsonl");
    let started = Instant::now();
    assert_eq!(probe(&url), Err(format!("{url}: connection refused")));
    let load = Follow::start(Source::parse(&url), Mode::Load);
    let status = status_when(&load, Duration::from_secs(10), |s| matches!(s.phase, Phase::Lost(_)));
    assert_eq!(status.phase, Phase::Lost(format!("{url}: connection refused")));
    let follow = Follow::start(Source::parse(&url), Mode::Follow);
    let status =
        status_when(&follow, Duration::from_secs(10), |s| matches!(&s.phase, Phase::Waiting(why) if why.ends_with("trying again")));
    assert_eq!(status.phase, Phase::Waiting(format!("{url}: connection refused, trying again")));
    assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
}

#[test]
fn a_page_that_is_not_a_replay_is_told_by_its_probe_and_still_read_as_lines() {
    let server = Server::plain();
    let page = "<!DOCTYPE html>\n<html><body>Not here</body></html>\n";
    std::fs::write(server.path("page.html"), page).unwrap();
    let url = server.url("page.html");
    let probed = probe(&url).unwrap();
    assert_eq!(probed.header(), Err(format!("{url}: the first line is not a replay's header (it begins \"<!DOCTYPE html>\")")));
    let load = Follow::start(Source::parse(&url), Mode::Load);
    assert_eq!(read_all(&load, Duration::from_secs(10)), expected(page));
    assert_eq!(load.status().phase, Phase::Ended);
}
