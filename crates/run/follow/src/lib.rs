//! Reading a replay while it is written, for the viewer's live follow and for loading big
//! replays in the background:
//!
//! - a **file** another process appends to (`kibitz match` writes its replay line by line),
//!   waited for until it appears, started over when it is rewritten;
//! - a game server's **spectator port** (`tcp://HOST:PORT`), which sends the current game's
//!   lines so far and then each line as it is written; a spectator the server drops for being
//!   slow reconnects and skips what it already has;
//! - a **URL** (`http://…`, `https://…`, any static host): loaded with one GET, or followed by
//!   asking every second for what was appended (`Range`), a server that ignores `Range` included;
//!   [`probe`] reads a link's first line, to refuse a bad link before a window opens.
//!
//! A reader thread hands over complete lines only, each exactly once, in order; a line still
//! being written waits for its newline, so a torn last line is never read as a broken one. The
//! channel is bounded, so a big file is read no faster than the viewer takes it in: memory
//! stays bounded. [`Status`] says what the reader is doing, for the window to show.
//!
//! Line numbers count from 1 within one replay: line 1 is a header, and a header means a new
//! replay begins (a rewritten file, the server's next game).

use kibitz_core::replay::{is_end_line, is_header_line};
use std::io::{BufRead, BufReader, Read};
use std::net::TcpStream;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, TryRecvError, sync_channel};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

mod url;
pub use url::{FETCH_BYTES, PROBE_BYTES, Probe, fetch, is_url, probe};

/// How often a file that stopped growing (or a server not up yet) is looked at again.
const POLL: Duration = Duration::from_millis(50);
/// How often a refused spectator connection is tried again.
const RECONNECT: Duration = Duration::from_millis(500);
/// Lines read ahead of the viewer at most: the memory a big replay's reader may hold.
pub const LINES_AHEAD: usize = 4096;
/// A line unfinished for this long is shown as torn: its writer may have died mid-line.
pub const TORN_AFTER: Duration = Duration::from_secs(2);
/// Bytes read from a file at a time.
const CHUNK: usize = 1 << 16;
/// Bytes of a file's first line compared to notice that it was rewritten.
const FIRST_BYTES: usize = 512;

/// Where the lines come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// A replay file, read as it grows.
    File(PathBuf),
    /// A game server's spectator port, `HOST:PORT`.
    Spectator(String),
    /// A replay at an `http://` or `https://` address, as typed.
    Url(String),
}

impl Source {
    /// `tcp://HOST:PORT` is a server's spectator port, `http://…` and `https://…` a URL;
    /// anything else is a file's path.
    pub fn parse(text: &str) -> Source {
        if url::is_url(text) {
            return Source::Url(text.to_string());
        }
        match text.strip_prefix("tcp://") {
            Some(address) => Source::Spectator(address.trim_end_matches('/').to_string()),
            None => Source::File(PathBuf::from(text)),
        }
    }

    /// A short name, for titles.
    pub fn name(&self) -> String {
        match self {
            Source::File(path) => path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned()),
            Source::Spectator(address) => format!("tcp://{address}"),
            Source::Url(link) => url::last_segment(link).unwrap_or(link).to_string(),
        }
    }
}

/// Whether a file is followed as it grows, or read once to its end (a finished replay loaded
/// in the background).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Follow,
    Load,
}

/// One complete line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// 1-based within its replay: 1 is the header of a replay that begins here.
    pub number: usize,
    pub text: String,
}

/// What the reader is doing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Phase {
    /// Nothing to read yet (the file does not exist, the server does not answer), and why.
    Waiting(String),
    Reading,
    /// The replay's end record was read (or a loaded file's last byte).
    Ended,
    /// The source went away (a server closed the connection, a file could not be read).
    Lost(String),
}

/// The reader's state, for the window to show.
#[derive(Debug, Clone)]
pub struct Status {
    pub phase: Phase,
    /// Bytes of the current replay read so far, and its file's size when last looked at.
    pub read: u64,
    pub size: Option<u64>,
    /// Complete lines of the current replay read so far.
    pub lines: usize,
    /// Bytes of a line whose newline has not come yet.
    pub partial: usize,
    /// When a complete line last came (or the reader started).
    pub last_line: Instant,
}

impl Status {
    fn new() -> Self {
        Self { phase: Phase::Waiting("starting".into()), read: 0, size: None, lines: 0, partial: 0, last_line: Instant::now() }
    }

    /// Whether a line has been half written for a while: its writer may have died mid-line.
    pub fn torn(&self, now: Instant) -> bool {
        self.partial > 0 && now.duration_since(self.last_line) >= TORN_AFTER
    }

    /// One line for the window.
    pub fn describe(&self, now: Instant) -> String {
        let quiet = now.duration_since(self.last_line).as_secs();
        match &self.phase {
            Phase::Waiting(why) => why.clone(),
            Phase::Ended if self.partial > 0 => {
                format!("the file ends inside line {}: its last {} bytes are not a whole line", self.lines + 1, self.partial)
            }
            Phase::Ended => format!("read to the end · {} lines", self.lines),
            Phase::Lost(why) => why.clone(),
            Phase::Reading if self.torn(now) => format!(
                "line {} has been half written for {quiet} s ({} bytes so far): the writer may have stopped mid-line",
                self.lines + 1,
                self.partial
            ),
            Phase::Reading if quiet >= 5 => format!("live · {} lines · nothing new for {quiet} s", self.lines),
            Phase::Reading => format!("live · {} lines", self.lines),
        }
    }
}

/// A replay being read on a thread of its own; dropping it stops the thread.
pub struct Follow {
    pub source: Source,
    lines: Mutex<Receiver<Line>>,
    /// A line taken out of the channel to see whether one was there, not handed over yet.
    peeked: Mutex<Option<Line>>,
    status: Arc<Mutex<Status>>,
    stop: Arc<AtomicBool>,
}

impl Follow {
    /// Starts reading `source`.
    pub fn start(source: Source, mode: Mode) -> Follow {
        let (send, lines) = sync_channel(LINES_AHEAD);
        let status = Arc::new(Mutex::new(Status::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let reader = Reader { send, status: status.clone(), stop: stop.clone() };
        let thread_source = source.clone();
        let spawned = std::thread::Builder::new().name("kibitz-follow".into()).spawn(move || match thread_source {
            Source::File(path) => reader.file(&path, mode),
            Source::Spectator(address) => reader.spectator(&address),
            Source::Url(link) => reader.url(&link, mode),
        });
        if let Err(e) = spawned {
            lock(&status).phase = Phase::Lost(format!("cannot start a reader thread: {e}"));
        }
        Follow { source, lines: Mutex::new(lines), peeked: Mutex::new(None), status, stop }
    }

    /// The next line if one is there, without waiting.
    pub fn try_line(&self) -> Option<Line> {
        if let Some(line) = self.peeked.lock().ok()?.take() {
            return Some(line);
        }
        let lines = self.lines.lock().ok()?;
        lines.try_recv().ok()
    }

    /// The next line, waiting up to `limit`.
    pub fn wait_line(&self, limit: Duration) -> Option<Line> {
        if let Some(line) = self.peeked.lock().ok()?.take() {
            return Some(line);
        }
        let lines = self.lines.lock().ok()?;
        lines.recv_timeout(limit).ok()
    }

    /// The lines there are now, without waiting.
    pub fn new_lines(&self) -> Vec<Line> {
        std::iter::from_fn(|| self.try_line()).collect()
    }

    pub fn status(&self) -> Status {
        lock(&self.status).clone()
    }

    /// Whether every line there will be has been handed over: the reader stopped and nothing
    /// is left in the channel.
    pub fn finished(&self) -> bool {
        let stopped = matches!(lock(&self.status).phase, Phase::Ended | Phase::Lost(_));
        let (Ok(mut peeked), Ok(lines)) = (self.peeked.lock(), self.lines.lock()) else { return true };
        if !stopped || peeked.is_some() {
            return false;
        }
        match lines.try_recv() {
            Ok(line) => {
                *peeked = Some(line);
                false
            }
            Err(TryRecvError::Empty) => false,
            Err(TryRecvError::Disconnected) => true,
        }
    }
}

impl Drop for Follow {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

fn lock(status: &Mutex<Status>) -> MutexGuard<'_, Status> {
    status.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The reader thread's side.
struct Reader {
    send: SyncSender<Line>,
    status: Arc<Mutex<Status>>,
    stop: Arc<AtomicBool>,
}

/// Complete lines out of bytes as they come: what is left after the last newline waits.
#[derive(Default)]
struct Splitter {
    partial: Vec<u8>,
    /// Complete lines of the current replay so far.
    lines: usize,
    /// The first line's first bytes: a file whose start changed was rewritten.
    first: Option<Vec<u8>>,
}

impl Splitter {
    /// The complete lines in `bytes` (with what was left before), numbered.
    fn split(&mut self, bytes: &[u8]) -> Vec<Line> {
        let mut out = Vec::new();
        for piece in bytes.split_inclusive(|&b| b == b'\n') {
            self.partial.extend_from_slice(piece);
            if self.partial.last() == Some(&b'\n') {
                let mut text = String::from_utf8_lossy(&self.partial[..self.partial.len() - 1]).into_owned();
                if text.ends_with('\r') {
                    text.pop();
                }
                if self.lines == 0 {
                    self.first = Some(self.partial[..self.partial.len().min(FIRST_BYTES)].to_vec());
                }
                self.partial.clear();
                self.lines += 1;
                out.push(Line { number: self.lines, text });
            }
        }
        out
    }
}

impl Reader {
    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    fn set(&self, change: impl FnOnce(&mut Status)) {
        change(&mut lock(&self.status));
    }

    /// Hands `line` over, waiting while the viewer is [`LINES_AHEAD`] behind. `false` when
    /// nobody reads any more.
    fn hand_over(&self, line: Line, read: u64, partial: usize) -> bool {
        let number = line.number;
        let ended = is_end_line(&line.text);
        let mut line = Some(line);
        while let Some(l) = line.take() {
            match self.send.try_send(l) {
                Ok(()) => {}
                Err(std::sync::mpsc::TrySendError::Full(l)) => {
                    if self.stopped() {
                        return false;
                    }
                    line = Some(l);
                    std::thread::sleep(Duration::from_millis(2));
                }
                Err(std::sync::mpsc::TrySendError::Disconnected(_)) => return false,
            }
        }
        self.set(|s| {
            s.lines = number;
            s.read = read;
            s.partial = partial;
            s.last_line = Instant::now();
            s.phase = if ended { Phase::Ended } else { Phase::Reading };
        });
        true
    }

    /// Cuts `bytes`, the replay's next ones (`read` in all so far), into lines and hands over
    /// the complete ones; breaks when reading should stop: the replay's end record was handed
    /// over (a replay has nothing after it), or nobody reads any more.
    fn take_in(&self, splitter: &mut Splitter, bytes: &[u8], read: u64) -> ControlFlow<()> {
        let lines = splitter.split(bytes);
        let partial = splitter.partial.len();
        for line in lines {
            let ended = is_end_line(&line.text);
            if !self.hand_over(line, read, partial) || ended {
                return ControlFlow::Break(());
            }
        }
        self.set(|s| {
            s.read = read;
            s.partial = partial;
        });
        ControlFlow::Continue(())
    }

    /// Follows (or loads) a file: waits for it to appear, reads what is there, then what is
    /// appended; starts over when it is rewritten; stops after the end record.
    fn file(self, path: &Path, mode: Mode) {
        'replay: loop {
            let mut file = loop {
                if self.stopped() {
                    return;
                }
                match std::fs::File::open(path) {
                    Ok(file) => break file,
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound && mode == Mode::Follow => {
                        self.set(|s| s.phase = Phase::Waiting(format!("waiting for {} to be created", path.display())));
                        std::thread::sleep(POLL);
                    }
                    Err(e) => return self.set(|s| s.phase = Phase::Lost(format!("cannot read {}: {e}", path.display()))),
                }
            };
            let mut splitter = Splitter::default();
            let mut read = 0u64;
            let mut buffer = vec![0u8; CHUNK];
            self.set(|s| {
                *s = Status::new();
                s.phase = Phase::Waiting(format!("waiting for {} to begin", path.display()));
                s.size = file.metadata().ok().map(|m| m.len());
            });
            loop {
                if self.stopped() {
                    return;
                }
                let n = match file.read(&mut buffer) {
                    Ok(n) => n,
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                    Err(e) => return self.set(|s| s.phase = Phase::Lost(format!("cannot read {}: {e}", path.display()))),
                };
                if n > 0 {
                    read += n as u64;
                    if self.take_in(&mut splitter, &buffer[..n], read).is_break() {
                        return;
                    }
                    continue;
                }
                // At the end of what is written so far.
                let partial = splitter.partial.len();
                if mode == Mode::Load {
                    return self.set(|s| {
                        s.phase = Phase::Ended;
                        s.partial = partial;
                    });
                }
                match rewritten(&file, path, read, splitter.first.as_deref()) {
                    Some(why) => {
                        self.set(|s| s.phase = Phase::Waiting(why));
                        continue 'replay;
                    }
                    None => {
                        let size = file.metadata().ok().map(|m| m.len());
                        self.set(|s| {
                            s.size = size;
                            if s.lines > 0 {
                                s.phase = Phase::Reading;
                            }
                        });
                    }
                }
                std::thread::sleep(POLL);
            }
        }
    }

    /// Follows a server's spectator port: connects (trying again while it refuses), reads the
    /// current game's lines; after a drop for being slow, reconnects and skips the lines it has.
    fn spectator(self, address: &str) {
        // The lines of the current replay handed over so far, and its header.
        let mut have = 0usize;
        let mut header: Option<String> = None;
        'connect: loop {
            let stream = loop {
                if self.stopped() {
                    return;
                }
                match connect(address) {
                    Ok(stream) => break stream,
                    Err(e) => {
                        self.set(|s| s.phase = Phase::Waiting(format!("connecting to the spectator port {address}: {e}; trying again")));
                        std::thread::sleep(RECONNECT);
                    }
                }
            };
            if have == 0 {
                self.set(|s| s.phase = Phase::Waiting(format!("connected to {address}; waiting for a game to begin")));
            }
            let mut reader = BufReader::new(stream);
            let mut splitter = Splitter::default();
            let mut bytes = Vec::new();
            let mut read = 0u64;
            // The line number the server's resend of the current game has reached.
            let mut resent = 0usize;
            let outcome: Result<std::convert::Infallible, String> = loop {
                if self.stopped() {
                    return;
                }
                bytes.clear();
                match reader.read_until(b'\n', &mut bytes) {
                    Ok(0) => break Err("the server closed the spectator connection".into()),
                    Ok(n) => read += n as u64,
                    Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => {
                        // What was read before the timeout is kept in `bytes`: split it too.
                        read += bytes.len() as u64;
                    }
                    Err(e) => break Err(format!("the spectator connection failed: {e}")),
                }
                let lines = splitter.split(&bytes);
                let partial = splitter.partial.len();
                self.set(|s| s.partial = partial);
                for mut line in lines {
                    if line.text.starts_with("{\"spectator_closed\"") {
                        // Dropped for being slow: connect again and skip what we have.
                        continue 'connect;
                    }
                    let starts_game = is_header_line(&line.text);
                    if starts_game {
                        resent = 1;
                        if header.as_deref() == Some(line.text.as_str()) && have > 0 {
                            continue; // the same game again, after a reconnect
                        }
                        header = Some(line.text.clone());
                        have = 0;
                    } else {
                        resent += 1;
                        if resent <= have {
                            continue;
                        }
                    }
                    have += 1;
                    line.number = have;
                    let ended = is_end_line(&line.text);
                    if !self.hand_over(line, read, partial) {
                        return;
                    }
                    if ended {
                        // The server's next game, if any, comes on this same connection.
                        self.set(|s| s.phase = Phase::Ended);
                    }
                }
            };
            let Err(why) = outcome;
            let ended = matches!(lock(&self.status).phase, Phase::Ended);
            if !ended {
                self.set(|s| s.phase = Phase::Lost(why));
            }
            return;
        }
    }
}

/// Why the file at `path` is no longer the one being read, if it is not: a new file took its
/// name, or it was truncated (it is shorter than what was read, or starts differently).
fn rewritten(file: &std::fs::File, path: &Path, read: u64, first: Option<&[u8]>) -> Option<String> {
    let now = std::fs::metadata(path).ok()?;
    let ours = file.metadata().ok()?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::{FileExt, MetadataExt};
        if now.ino() != ours.ino() || now.dev() != ours.dev() {
            return Some(format!("{} was replaced; reading the new one", path.display()));
        }
        if let Some(first) = first {
            let mut start = vec![0u8; first.len()];
            let same = file.read_exact_at(&mut start, 0).is_ok() && start == first;
            if !same {
                return Some(format!("{} was rewritten; reading it from the start", path.display()));
            }
        }
    }
    (ours.len() < read).then(|| format!("{} was rewritten; reading it from the start", path.display()))
}

/// A spectator connection that gives up a blocked read now and then, to notice being stopped.
fn connect(address: &str) -> std::io::Result<TcpStream> {
    use std::net::ToSocketAddrs;
    let mut last = std::io::Error::new(std::io::ErrorKind::NotFound, format!("{address} names no address"));
    for at in address.to_socket_addrs()? {
        match TcpStream::connect_timeout(&at, Duration::from_secs(2)) {
            Ok(stream) => {
                stream.set_read_timeout(Some(Duration::from_millis(200)))?;
                return Ok(stream);
            }
            Err(e) => last = e,
        }
    }
    Err(last)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_split_anywhere_come_out_whole_and_numbered() {
        let mut s = Splitter::default();
        assert!(s.split(b"{\"a\":").is_empty());
        let got = s.split(b"1}\n{\"b\"\r\n{\"c");
        assert_eq!(got, [Line { number: 1, text: "{\"a\":1}".into() }, Line { number: 2, text: "{\"b\"".into() }]);
        assert_eq!(s.partial, b"{\"c");
        assert_eq!(s.split(b"\"}\n"), [Line { number: 3, text: "{\"c\"}".into() }]);
        assert!(s.partial.is_empty());
    }

    #[test]
    fn a_source_is_a_spectator_port_or_a_file() {
        assert_eq!(Source::parse("tcp://127.0.0.1:20100"), Source::Spectator("127.0.0.1:20100".into()));
        assert_eq!(Source::parse("replays/x.jsonl"), Source::File("replays/x.jsonl".into()));
        assert_eq!(Source::parse("replays/x.jsonl").name(), "x.jsonl");
        let url = "https://example.org/t/r/match.jsonl?raw=1";
        assert_eq!(Source::parse(url), Source::Url(url.into()));
        assert_eq!(Source::parse(url).name(), "match.jsonl");
        assert_eq!(Source::parse("HTTP://127.0.0.1:8000/a%20b.jsonl").name(), "a%20b.jsonl");
        assert_eq!(Source::parse("http://127.0.0.1:8000/").name(), "http://127.0.0.1:8000/");
        assert_eq!(Source::parse("http://example.org").name(), "http://example.org");
    }

    #[test]
    fn the_status_says_when_a_line_has_been_torn_for_a_while() {
        let mut s = Status::new();
        s.phase = Phase::Reading;
        s.lines = 7;
        s.partial = 12;
        let now = s.last_line;
        assert!(!s.torn(now));
        assert!(s.describe(now).starts_with("live · 7 lines"));
        let later = now + TORN_AFTER;
        assert!(s.torn(later));
        assert!(s.describe(later).contains("line 8 has been half written"), "{}", s.describe(later));
        s.phase = Phase::Ended;
        assert!(s.describe(later).contains("ends inside line 8"));
    }
}
