//! A replay at an `http://` or `https://` address: every HTTP detail of the crate.
//!
//! Loaded, it is one GET whose body is cut into lines as it comes. Followed, it is the same GET,
//! then every [`POLL`] a `Range: bytes=N-` from the N bytes read: a 206 appends, a 416 or an
//! empty 206 is nothing new, and a 200 (a server ignoring `Range`, as `python3 -m http.server`
//! does) is skipped to byte N, unless it is shorter or begins differently: then the file was
//! rewritten and a new replay begins, as with a local file.
//!
//! Each request runs on a thread of its own and hands its body over in chunks through a small
//! channel, so the follow thread never waits on the network for more than [`STOP_CHECK`]: it
//! stops soon after its `Follow` is dropped even while a server hangs, and the request's thread
//! ends at its next chunk, or at its timeout if the server sends nothing more.

use super::{CHUNK, Mode, Phase, Reader, Splitter, Status};
use kibitz_core::replay::is_header_line;
use std::io::Read;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::time::Duration;
use ureq::Agent;
use ureq::http::Response;

/// How often a followed URL is asked for what was appended: light enough for any static host,
/// and a live match's lines still show within about a second.
const POLL: Duration = Duration::from_secs(1);
/// The wait after a failed request while following, doubled at each failure in a row up to
/// [`RETRY_MOST`].
const RETRY_FIRST: Duration = Duration::from_secs(1);
const RETRY_MOST: Duration = Duration::from_secs(16);
/// The longest wait for a host's address and a connection to it (TLS included).
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// The longest wait for each read of an answer: a server that stops sending fails the request.
const READ_TIMEOUT: Duration = Duration::from_secs(15);
/// How long the follow thread waits for a request's next chunk before it looks whether it was
/// stopped.
const STOP_CHECK: Duration = Duration::from_millis(100);
/// Chunks a request reads ahead of the follow thread: its memory is this many [`CHUNK`]s.
const CHUNKS_AHEAD: usize = 4;
/// Bytes [`probe`] reads at most (`Range: bytes=0-65535`, and no more of a server's 200).
pub const PROBE_BYTES: u64 = 1 << 16;

/// Whether `text` is an `http://` or `https://` address.
pub fn is_url(text: &str) -> bool {
    let lower = text.get(..8).unwrap_or(text).to_ascii_lowercase();
    lower.starts_with("http://") || lower.starts_with("https://")
}

/// The last segment of a URL's path (`match.jsonl` of `https://host/t/match.jsonl?x=1`), if it
/// has one.
pub(crate) fn last_segment(url: &str) -> Option<&str> {
    let after_scheme = url.split_once("://").map_or(url, |(_, rest)| rest);
    let before_query = after_scheme.split(['?', '#']).next().unwrap_or_default();
    let (_host, path) = before_query.split_once('/')?;
    path.rsplit('/').next().filter(|segment| !segment.is_empty())
}

/// What the first bytes at a URL say: enough to refuse a bad link before a window opens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Probe {
    pub url: String,
    /// The first line without its newline, or as much of it as [`PROBE_BYTES`] hold (a header
    /// is told by its beginning: see [`Probe::header`]).
    pub first_line: String,
    /// Whether the first line went on past [`PROBE_BYTES`].
    pub cut: bool,
    /// The whole replay's size in bytes, when the server says it.
    pub size: Option<u64>,
}

impl Probe {
    /// The first line if it is a replay's header, else one line naming the URL and saying what
    /// is there instead.
    pub fn header(&self) -> Result<&str, String> {
        if is_header_line(&self.first_line) {
            return Ok(&self.first_line);
        }
        if self.first_line.trim().is_empty() && !self.cut {
            return Err(format!("{}: the first line is empty, not a replay's header", self.url));
        }
        let begins: String = self.first_line.chars().take(40).collect();
        Err(format!("{}: the first line is not a replay's header (it begins {begins:?})", self.url))
    }
}

/// Reads the first line at `url` (one GET of `Range: bytes=0-65535`, at most [`PROBE_BYTES`]
/// read even when the server sends the whole file), and the size when the server says it.
/// `Err` is one line naming the URL and what went wrong: `http://127.0.0.1:8000/x.jsonl: 404
/// Not Found`, `…: connection refused`, `…: no such host`.
pub fn probe(url: &str) -> Result<Probe, String> {
    let fail = |why: String| format!("{url}: {why}");
    let never = AtomicBool::new(false);
    let request = Request::start(&agent(), url, Some(format!("bytes=0-{}", PROBE_BYTES - 1)), PROBE_BYTES);
    let head = match request.next(&never) {
        Some(Piece::Head(head)) => head,
        Some(Piece::Failed(why)) => return Err(fail(why)),
        _ => return Err(fail("no answer".into())),
    };
    let size = match head.status {
        200 => head.length,
        206 => head.range.and_then(|r| r.total),
        // Not even byte 0 is there: the file is empty.
        416 => Some(head.range.and_then(|r| r.total).unwrap_or(0)),
        _ => return Err(fail(head.status_line)),
    };
    let mut bytes = Vec::new();
    loop {
        match request.next(&never) {
            Some(Piece::Bytes(chunk)) => {
                bytes.extend_from_slice(&chunk);
                if chunk.contains(&b'\n') {
                    break;
                }
            }
            Some(Piece::Failed(why)) => return Err(fail(why)),
            _ => break,
        }
    }
    let line_end = bytes.iter().position(|&b| b == b'\n');
    let cut = line_end.is_none() && bytes.len() as u64 >= PROBE_BYTES;
    let mut first_line = String::from_utf8_lossy(&bytes[..line_end.unwrap_or(bytes.len())]).into_owned();
    if first_line.ends_with('\r') {
        first_line.pop();
    }
    Ok(Probe { url: url.to_string(), first_line, cut, size })
}

/// The most bytes [`fetch`] takes: a replay's text is held in memory (and several times that
/// once opened), so an endless or enormous body is refused rather than read.
pub const FETCH_BYTES: u64 = 2 << 30;

/// The whole text at `url` (one GET), for opening a replay whole on a thread of its own while
/// its lines stream in ([`crate::Follow`]). Gives up when `stop` is set (the window moved on).
/// `Err` is one line naming the URL.
pub fn fetch(url: &str, stop: &AtomicBool) -> Result<String, String> {
    let fail = |why: String| format!("{url}: {why}");
    let request = Request::start(&agent(), url, None, FETCH_BYTES + 1);
    let mut text = Vec::new();
    loop {
        match request.next(stop) {
            None => return Err(fail("stopped".into())),
            Some(Piece::Head(head)) if head.status != 200 => return Err(fail(head.status_line)),
            Some(Piece::Head(head)) => text.reserve(head.length.unwrap_or(0).min(FETCH_BYTES) as usize),
            Some(Piece::Bytes(chunk)) => text.extend_from_slice(&chunk),
            Some(Piece::Failed(why)) => return Err(fail(why)),
            Some(Piece::End) => break,
        }
        if text.len() as u64 > FETCH_BYTES {
            return Err(fail(format!("over {} GB: too big to open", FETCH_BYTES >> 30)));
        }
    }
    String::from_utf8(text).map_err(|e| fail(format!("byte {} is not UTF-8: not a replay", e.utf8_error().valid_up_to())))
}

/// One agent per reader: it keeps a connection open between polls where the server allows.
fn agent() -> Agent {
    Agent::config_builder()
        // A 404 is an answer to read like any other.
        .http_status_as_error(false)
        .timeout_resolve(Some(CONNECT_TIMEOUT))
        .timeout_connect(Some(CONNECT_TIMEOUT))
        .timeout_send_request(Some(READ_TIMEOUT))
        .timeout_recv_response(Some(READ_TIMEOUT))
        .timeout_per_read(Some(READ_TIMEOUT))
        .user_agent(concat!("kibitz/", env!("CARGO_PKG_VERSION")))
        .build()
        .into()
}

/// An answer's `Content-Range` (`bytes 0-499/1234`, `bytes 0-499/*`, `bytes */1234`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct ContentRange {
    /// Where the body begins in the file.
    first: Option<u64>,
    /// The file's size.
    total: Option<u64>,
}

impl ContentRange {
    fn parse(text: &str) -> Option<ContentRange> {
        let (range, total) = text.trim().strip_prefix("bytes")?.trim_start().split_once('/')?;
        let first = match range.trim() {
            "*" => None,
            range => Some(range.split_once('-')?.0.trim().parse().ok()?),
        };
        let total = match total.trim() {
            "*" => None,
            total => Some(total.parse().ok()?),
        };
        Some(ContentRange { first, total })
    }
}

/// An answer's status and what its headers say of its place in the file.
struct Head {
    status: u16,
    /// `404 Not Found`.
    status_line: String,
    length: Option<u64>,
    range: Option<ContentRange>,
}

impl Head {
    fn of(answer: &Response<ureq::Body>) -> Head {
        let status = answer.status();
        let header = |name: &str| answer.headers().get(name).and_then(|v| v.to_str().ok());
        Head {
            status: status.as_u16(),
            status_line: format!("{} {}", status.as_u16(), status.canonical_reason().unwrap_or_default()).trim_end().to_string(),
            length: header("content-length").and_then(|v| v.trim().parse().ok()),
            range: header("content-range").and_then(ContentRange::parse),
        }
    }
}

/// What a request's thread hands over: its head, then its body's chunks, then its end.
enum Piece {
    Head(Head),
    Bytes(Vec<u8>),
    End,
    Failed(String),
}

/// One GET on a thread of its own. Dropping it abandons the request: its thread ends at the
/// next chunk it would hand over.
struct Request {
    pieces: Receiver<Piece>,
}

impl Request {
    /// GETs `url` with a `Range` header when one is given, reading at most `limit` bytes of
    /// the body.
    fn start(agent: &Agent, url: &str, range: Option<String>, limit: u64) -> Request {
        let (send, pieces) = sync_channel(CHUNKS_AHEAD);
        let (agent, url) = (agent.clone(), url.to_string());
        // A thread that cannot start drops `send`: `next` says so.
        let _ = std::thread::Builder::new().name("kibitz-follow-http".into()).spawn(move || get(&agent, &url, range, limit, &send));
        Request { pieces }
    }

    /// The next piece, or `None` once `stop` is set.
    fn next(&self, stop: &AtomicBool) -> Option<Piece> {
        loop {
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            match self.pieces.recv_timeout(STOP_CHECK) {
                Ok(piece) => return Some(piece),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return Some(Piece::Failed("the request stopped without an answer".into())),
            }
        }
    }
}

/// The request's thread: the answer's head, then its body in chunks, until the body ends or
/// nobody takes them.
fn get(agent: &Agent, url: &str, range: Option<String>, limit: u64, send: &SyncSender<Piece>) {
    let mut request = agent.get(url).header("Cache-Control", "no-cache");
    if let Some(range) = range {
        request = request.header("Range", range);
    }
    let mut answer = match request.call() {
        Ok(answer) => answer,
        Err(e) => {
            let _ = send.send(Piece::Failed(explain(&e)));
            return;
        }
    };
    let head = Head::of(&answer);
    let has_bytes = matches!(head.status, 200 | 206);
    if send.send(Piece::Head(head)).is_err() {
        return;
    }
    if !has_bytes {
        let _ = send.send(Piece::End);
        return;
    }
    let mut body = answer.body_mut().as_reader().take(limit);
    loop {
        let mut chunk = vec![0u8; CHUNK];
        let piece = match body.read(&mut chunk) {
            Ok(0) => Piece::End,
            Ok(n) => {
                chunk.truncate(n);
                Piece::Bytes(chunk)
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => Piece::Failed(explain_io(&e)),
        };
        let last = !matches!(piece, Piece::Bytes(_));
        if send.send(piece).is_err() || last {
            return;
        }
    }
}

/// What went wrong, in a few words for a line that begins with the URL.
fn explain(e: &ureq::Error) -> String {
    match e {
        ureq::Error::Io(io) => explain_io(io),
        ureq::Error::HostNotFound => "no such host".into(),
        ureq::Error::BadUri(why) => format!("not a URL to fetch ({why})"),
        ureq::Error::Http(why) => format!("not a URL to fetch ({why})"),
        ureq::Error::Timeout(ureq::Timeout::Resolve | ureq::Timeout::Connect) => {
            format!("no connection within {} s", CONNECT_TIMEOUT.as_secs())
        }
        ureq::Error::Timeout(_) => format!("the server sent nothing for {} s", READ_TIMEOUT.as_secs()),
        other => other.to_string(),
    }
}

fn explain_io(e: &std::io::Error) -> String {
    if let Some(inner) = e.get_ref().and_then(|inner| inner.downcast_ref::<ureq::Error>()) {
        return explain(inner);
    }
    let text = e.to_string();
    match e.kind() {
        std::io::ErrorKind::ConnectionRefused => "connection refused".into(),
        std::io::ErrorKind::TimedOut | std::io::ErrorKind::WouldBlock => "timed out".into(),
        // The system's resolver said no; std gives it no kind of its own.
        _ => match text.strip_prefix("failed to lookup address information: ") {
            Some(why) => format!("no such host ({why})"),
            None => text,
        },
    }
}

/// What one request came to, for the follow thread.
enum Came {
    /// The answer was read to its end: new lines, or nothing new.
    Answered,
    /// The file is not the one being read any more, and why.
    Rewritten(String),
    Failed(String),
    /// Reading is over: stopped, nobody reads, or the replay's end record was handed over.
    Over,
}

/// How far the current replay has been read.
#[derive(Default)]
struct Progress {
    splitter: Splitter,
    read: u64,
}

impl Reader {
    /// Loads or follows the replay at `url`: one GET, then (following) a request every
    /// [`POLL`] for what was appended; starts over when the file was rewritten; stops after the
    /// end record. A failed request loses a load; a follow says why and tries again.
    pub(super) fn url(self, url: &str, mode: Mode) {
        let agent = agent();
        let mut why = format!("fetching {url}");
        'replay: loop {
            let mut replay = Progress::default();
            self.set(|s| {
                *s = Status::new();
                s.phase = Phase::Waiting(why.clone());
            });
            let mut retry = RETRY_FIRST;
            loop {
                let pause = match self.request(&agent, url, &mut replay) {
                    Came::Over => return,
                    Came::Rewritten(rewritten) => {
                        why = rewritten;
                        continue 'replay;
                    }
                    Came::Failed(failure) if mode == Mode::Load => return self.set(|s| s.phase = Phase::Lost(format!("{url}: {failure}"))),
                    Came::Failed(failure) => {
                        self.set(|s| s.phase = Phase::Waiting(format!("{url}: {failure}, trying again")));
                        let pause = retry;
                        retry = (retry * 2).min(RETRY_MOST);
                        pause
                    }
                    Came::Answered if mode == Mode::Load => return self.set(|s| s.phase = Phase::Ended),
                    Came::Answered => {
                        retry = RETRY_FIRST;
                        self.set(|s| {
                            s.phase = if s.lines > 0 { Phase::Reading } else { Phase::Waiting(format!("waiting for {url} to begin")) }
                        });
                        POLL
                    }
                };
                if !self.pause(pause) {
                    return;
                }
            }
        }
    }

    /// Sleeps for `length` unless stopped meanwhile; `false` when stopped.
    fn pause(&self, length: Duration) -> bool {
        let mut left = length;
        while !left.is_zero() {
            if self.stopped() {
                return false;
            }
            let nap = left.min(STOP_CHECK);
            std::thread::sleep(nap);
            left -= nap;
        }
        !self.stopped()
    }

    /// One GET from where `replay` has reached, its new bytes handed over as lines.
    fn request(&self, agent: &Agent, url: &str, replay: &mut Progress) -> Came {
        let from = replay.read;
        let rewritten = || Came::Rewritten(format!("{url} was rewritten; reading it from the start"));
        let range = (from > 0).then(|| format!("bytes={from}-"));
        let request = Request::start(agent, url, range, u64::MAX);
        let head = match request.next(&self.stop) {
            None => return Came::Over,
            Some(Piece::Head(head)) => head,
            Some(Piece::Failed(why)) => return Came::Failed(why),
            Some(_) => return Came::Failed("an answer without its status".into()),
        };
        // Where the body begins in the file, and the file's size.
        let (start, size) = match head.status {
            200 => (0, head.length),
            206 => match head.range {
                Some(ContentRange { first: Some(first), total }) => (first, total),
                _ => return Came::Failed("206 Partial Content without a Content-Range".into()),
            },
            // Nothing at byte `from`: nothing new, or the file is shorter than what was read.
            416 => (from, Some(head.range.and_then(|r| r.total).unwrap_or(from))),
            _ => return Came::Failed(head.status_line),
        };
        if start > from {
            return Came::Failed(format!("asked for bytes from {from}, the server sent them from {start}"));
        }
        if let Some(size) = size {
            if size < from {
                return rewritten();
            }
            self.set(|s| s.size = Some(size));
        }
        if head.status == 416 {
            return Came::Answered;
        }
        // Bytes already read come again from a server that ignores `Range`: the first of them
        // are compared to tell a file rewritten with at least as many bytes.
        let compared = replay.splitter.first.as_ref().map_or(0, |first| first.len() as u64).min(from);
        let mut at = start;
        loop {
            let chunk = match request.next(&self.stop) {
                None => return Came::Over,
                Some(Piece::Bytes(chunk)) => chunk,
                Some(Piece::End) if at < from => return rewritten(),
                Some(Piece::End) => return Came::Answered,
                Some(Piece::Failed(why)) => return Came::Failed(why),
                Some(Piece::Head(_)) => return Came::Failed("an answer with two heads".into()),
            };
            let end = at + chunk.len() as u64;
            if at < compared {
                let first = replay.splitter.first.as_deref().unwrap_or_default();
                let upto = end.min(compared);
                if chunk[..(upto - at) as usize] != first[at as usize..upto as usize] {
                    return rewritten();
                }
            }
            if end > replay.read {
                let fresh = &chunk[(replay.read.max(at) - at) as usize..];
                replay.read += fresh.len() as u64;
                if self.take_in(&mut replay.splitter, fresh, replay.read).is_break() {
                    return Came::Over;
                }
            }
            at = end;
            if at >= compared && size.is_some_and(|size| size <= from) {
                // As long as before and beginning as before: nothing new, no need to read on.
                return Came::Answered;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_content_range_says_where_the_body_begins_and_the_files_size() {
        assert_eq!(ContentRange::parse("bytes 200-999/1000"), Some(ContentRange { first: Some(200), total: Some(1000) }));
        assert_eq!(ContentRange::parse("bytes 0-65535/*"), Some(ContentRange { first: Some(0), total: None }));
        assert_eq!(ContentRange::parse("bytes */1000"), Some(ContentRange { first: None, total: Some(1000) }));
        assert_eq!(ContentRange::parse("items 0-1/2"), None);
        assert_eq!(ContentRange::parse("bytes x-1/2"), None);
    }

    #[test]
    fn a_url_is_told_from_a_path_and_named_by_its_last_segment() {
        assert!(is_url("https://example.org/x.jsonl") && is_url("HTTP://h/x") && !is_url("http:/x") && !is_url("replays/http.jsonl"));
        assert_eq!(last_segment("https://h:8000/a/b.jsonl#t=3"), Some("b.jsonl"));
        assert_eq!(last_segment("https://h/a/"), None);
        assert_eq!(last_segment("https://h"), None);
    }

    #[test]
    fn a_probe_says_what_is_there_instead_of_a_header() {
        let probe = |first_line: &str| Probe { url: "http://h/x".into(), first_line: first_line.into(), cut: false, size: None };
        assert_eq!(probe(r#"{"kibitz_replay":1}"#).header(), Ok(r#"{"kibitz_replay":1}"#));
        assert_eq!(
            probe("<!DOCTYPE html>").header(),
            Err(r#"http://h/x: the first line is not a replay's header (it begins "<!DOCTYPE html>")"#.into())
        );
        assert!(probe("").header().unwrap_err().contains("empty"));
    }
}
