//! A bot's stderr, kept per turn.
//!
//! A thread reads the pipe as lines come, so a chatty bot never blocks on a full pipe. Reading
//! only on that thread would leave the lines a bot wrote just before its answer to chance: the
//! thread may not have run yet when the answer arrives, and they would land on a later turn, or
//! be lost after the last one. So [`Stderr::take`] first reads whatever the pipe holds itself.
//! Both readers read under one lock, so a bot's lines come out in the order it wrote them, and
//! everything it wrote before its answer is recorded with that answer.
//!
//! Drawing lines (`#kibitz …`, [`kibitz_core::drawing`]) are kept apart, before the line cap
//! and within their own, so that a bot's drawing never pushes out its words, nor the other way.
//!
//! A bot that fails has its last lines said with the reason ([`with_tail`]): a command that
//! dies at once ("can't open file 'bot.py'") otherwise shows only its exit status.

use kibitz_core::drawing::Capped;
use std::collections::VecDeque;
use std::io::{ErrorKind, Read};
use std::os::fd::AsRawFd;
use std::process::ChildStderr;
use std::sync::{Arc, Mutex};
use std::thread;

/// Lines kept from the start of what a bot wrote between two turns; of the rest, only the last
/// [`LAST_LINES`] are kept (the end of a flood is where a crash says why), the others counted.
const MAX_LINES: usize = 200;
/// Lines kept from the end of a flood.
const LAST_LINES: usize = 20;
/// Longest line kept whole; a longer one is cut there (its rest starts a new line).
const MAX_LINE: usize = 64 * 1024;

/// The collected stderr of one bot.
pub struct Stderr {
    shared: Arc<Mutex<Collected>>,
}

struct Collected {
    /// Kept open until both readers are gone, so that the thread never waits on a closed, or
    /// reused, descriptor. Non-blocking: reading it under the lock never waits.
    pipe: ChildStderr,
    closed: bool,
    /// The start of a line whose end has not come yet.
    partial: Vec<u8>,
    lines: Vec<String>,
    /// The last lines past [`MAX_LINES`].
    last: VecDeque<String>,
    dropped: usize,
    drawing: Capped,
}

/// What a bot wrote on stderr over a turn: its plain lines and its drawing lines (without the
/// prefix, not yet checked).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Said {
    pub lines: Vec<String>,
    pub draw: Vec<String>,
}

impl Stderr {
    /// Starts reading `pipe`.
    pub fn read(pipe: ChildStderr) -> Self {
        let fd = pipe.as_raw_fd();
        // SAFETY: fcntl on a descriptor this process owns; it only changes its flags.
        unsafe {
            let flags = libc::fcntl(fd, libc::F_GETFL);
            libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK);
        }
        let shared = Arc::new(Mutex::new(Collected {
            pipe,
            closed: false,
            partial: Vec::new(),
            lines: Vec::new(),
            last: VecDeque::new(),
            dropped: 0,
            drawing: Capped::default(),
        }));
        let reader = Arc::clone(&shared);
        thread::spawn(move || {
            loop {
                wait_readable(fd);
                let Ok(mut collected) = reader.lock() else { return };
                collected.read_available();
                if collected.closed {
                    return;
                }
            }
        });
        Self { shared }
    }

    /// Everything the bot wrote since the last call, in whole lines (of a flood, its start
    /// and its end, with a marker line counting what is left out between), its drawing apart.
    pub fn take(&self) -> Said {
        let Ok(mut collected) = self.shared.lock() else { return Said::default() };
        collected.read_available();
        let mut lines = std::mem::take(&mut collected.lines);
        if collected.dropped > 0 {
            lines.push(format!("[kibitz: {} more stderr lines not kept]", collected.dropped));
            collected.dropped = 0;
        }
        lines.extend(collected.last.drain(..));
        let (draw, over) = collected.drawing.take();
        lines.extend(over);
        Said { lines, draw }
    }
}

impl Collected {
    /// Reads what the pipe holds now, without waiting, and keeps the whole lines in it.
    fn read_available(&mut self) {
        let mut chunk = [0u8; 8192];
        while !self.closed {
            match self.pipe.read(&mut chunk) {
                Ok(0) => {
                    self.closed = true;
                    if !self.partial.is_empty() {
                        let last = std::mem::take(&mut self.partial);
                        self.keep(&last);
                    }
                }
                Ok(n) => self.add(&chunk[..n]),
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) if e.kind() == ErrorKind::WouldBlock => return,
                Err(_) => self.closed = true,
            }
        }
    }

    fn add(&mut self, mut bytes: &[u8]) {
        while let Some(end) = bytes.iter().position(|&b| b == b'\n') {
            if self.partial.is_empty() {
                self.keep(&bytes[..end]);
            } else {
                let mut line = std::mem::take(&mut self.partial);
                line.extend_from_slice(&bytes[..end]);
                self.keep(&line);
            }
            bytes = &bytes[end + 1..];
        }
        self.partial.extend_from_slice(bytes);
        while self.partial.len() > MAX_LINE {
            let rest = self.partial.split_off(MAX_LINE);
            let line = std::mem::replace(&mut self.partial, rest);
            self.keep(&line);
        }
    }

    fn keep(&mut self, line: &[u8]) {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let line = String::from_utf8_lossy(line).into_owned();
        if self.drawing.push(&line) {
            return;
        }
        if self.lines.len() < MAX_LINES {
            self.lines.push(line);
        } else {
            if self.last.len() == LAST_LINES {
                self.last.pop_front();
                self.dropped += 1;
            }
            self.last.push_back(line);
        }
    }
}

/// Lines of a bot's stderr shown with a failure: its last ones, and at most this many characters.
const TAIL_LINES: usize = 3;
const TAIL_CHARS: usize = 300;

/// The end of what a bot wrote on stderr, short enough for a one-line reason: its last non-blank
/// lines (up to [`TAIL_LINES`], joined by " | ", our own marker lines left out), cut to their
/// last [`TAIL_CHARS`] characters. `None` when it wrote nothing worth showing.
pub fn tail(lines: &[String]) -> Option<String> {
    let mut last: Vec<&str> =
        lines.iter().rev().map(|l| l.trim()).filter(|l| !l.is_empty() && !l.starts_with("[kibitz:")).take(TAIL_LINES).collect();
    if last.is_empty() {
        return None;
    }
    last.reverse();
    let text = last.join(" | ");
    let count = text.chars().count();
    Some(if count <= TAIL_CHARS {
        text
    } else {
        let cut: String = text.chars().skip(count - TAIL_CHARS).collect();
        format!("…{cut}")
    })
}

/// `reason` with the end of the stderr `lines` the bot wrote up to its failure, when there is
/// any: "closed its output; it exited with status 2; stderr: python3: can't open file ...".
pub fn with_tail(reason: String, lines: &[String]) -> String {
    match tail(lines) {
        Some(tail) => format!("{reason}; stderr: {tail}"),
        None => reason,
    }
}

/// Waits until `fd` has something to read, or its writers are gone.
fn wait_readable(fd: i32) {
    let mut poll = libc::pollfd { fd, events: libc::POLLIN, revents: 0 };
    // SAFETY: one pollfd, valid for the call; `fd` stays open while this thread runs (see
    // `Collected::pipe`). An interrupted poll just returns, and the caller reads and waits again.
    unsafe {
        libc::poll(&mut poll, 1, -1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::{Command, Stdio};

    fn run(script: &str) -> (std::process::Child, Stderr) {
        let mut child =
            Command::new("sh").arg("-c").arg(script).stdin(Stdio::piped()).stderr(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
        let stderr = Stderr::read(child.stderr.take().unwrap());
        (child, stderr)
    }

    #[test]
    fn lines_written_before_a_later_output_are_there_when_it_is_seen() {
        // The bot writes stderr, then stdout, then waits; once stdout is read, stderr must be complete,
        // whatever the reading thread did meanwhile. Repeated to give a race room to show.
        for round in 0..50 {
            let (mut child, stderr) = run("echo one >&2; printf 'two\\r\\nthree' >&2; echo done; read wait");
            let mut out = String::new();
            let mut stdout = child.stdout.take().unwrap();
            while !out.contains('\n') {
                let mut byte = [0u8; 64];
                let n = stdout.read(&mut byte).unwrap();
                assert!(n > 0, "round {round}: stdout closed early");
                out.push_str(std::str::from_utf8(&byte[..n]).unwrap());
            }
            assert_eq!(stderr.take().lines, vec!["one", "two"], "round {round}");
            drop(child.stdin.take());
            child.wait().unwrap();
            // The unfinished last line comes when the pipe closes.
            let mut rest = Vec::new();
            for _ in 0..200 {
                rest.extend(stderr.take().lines);
                if !rest.is_empty() {
                    break;
                }
                thread::sleep(std::time::Duration::from_millis(5));
            }
            assert_eq!(rest, vec!["three"], "round {round}");
        }
    }

    #[test]
    fn a_flood_neither_blocks_the_bot_nor_fills_memory() {
        // 100,000 lines (far more than a pipe holds) and one endless line: the bot finishes
        // although nobody asks for its stderr.
        let (mut child, stderr) = run("seq 100000 >&2; head -c 300000 /dev/zero | tr '\\0' x >&2; echo >&2");
        assert!(child.wait().unwrap().success());
        let mut lines = Vec::new();
        // The flood ends with the endless line in 5 pieces, its end last.
        for _ in 0..200 {
            if lines.len() == MAX_LINES + 1 + LAST_LINES {
                break;
            }
            lines.extend(stderr.take().lines);
            thread::sleep(std::time::Duration::from_millis(5));
        }
        assert_eq!(lines.len(), MAX_LINES + 1 + LAST_LINES, "{:?}", &lines[lines.len().saturating_sub(3)..]);
        assert_eq!(lines[0], "1");
        assert_eq!(lines[MAX_LINES - 1], MAX_LINES.to_string());
        let dropped = 100_000 - MAX_LINES + 300_000 / MAX_LINE + 1 - LAST_LINES;
        assert_eq!(lines[MAX_LINES], format!("[kibitz: {dropped} more stderr lines not kept]"));
        // The last lines are kept: the numbers' end, then the endless line's pieces.
        assert_eq!(lines[MAX_LINES + 1], (100_000 - LAST_LINES + 300_000 / MAX_LINE + 2).to_string());
        assert_eq!(lines[MAX_LINES + LAST_LINES - 5], "100000");
        assert_eq!(lines.last().unwrap().len(), 300_000 % MAX_LINE);
    }

    #[test]
    fn a_failure_says_how_the_stderr_ended_in_short() {
        let lines = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(tail(&[]), None);
        assert_eq!(tail(&lines(&["", "  "])), None);
        let python = "python3: can't open file '/x/nosuch.py': [Errno 2] No such file or directory";
        assert_eq!(with_tail("closed its output".into(), &lines(&[python, ""])), format!("closed its output; stderr: {python}"));
        let traceback =
            ["Traceback (most recent call last):", "  File \"bot.py\", line 3", "    1/0", "ZeroDivisionError: division by zero"];
        assert_eq!(tail(&lines(&traceback)).unwrap(), "File \"bot.py\", line 3 | 1/0 | ZeroDivisionError: division by zero");
        assert_eq!(tail(&lines(&["boom", "[kibitz: 7 more stderr lines not kept]"])).unwrap(), "boom");
        let long = "x".repeat(100_000) + "END";
        let short = tail(&[long]).unwrap();
        assert_eq!(short.chars().count(), TAIL_CHARS + 1);
        assert!(short.starts_with('…') && short.ends_with("END"));
    }

    #[test]
    fn a_long_line_is_cut_into_pieces() {
        let (mut child, stderr) = run("head -c 150000 /dev/zero | tr '\\0' y >&2; echo >&2");
        child.wait().unwrap();
        let mut lines = Vec::new();
        for _ in 0..200 {
            lines.extend(stderr.take().lines);
            if lines.len() == 3 {
                break;
            }
            thread::sleep(std::time::Duration::from_millis(5));
        }
        let lengths: Vec<usize> = lines.iter().map(String::len).collect();
        assert_eq!(lengths, vec![MAX_LINE, MAX_LINE, 150_000 - 2 * MAX_LINE]);
    }
}
