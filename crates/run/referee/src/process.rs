//! A bot as a child process speaking lines.

use crate::stderr::Stderr;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::thread;
use std::time::{Duration, Instant};

/// Longest line accepted from a bot; a longer one is a protocol violation.
pub const MAX_LINE: usize = 1 << 20;

enum Out {
    Line(String),
    TooLong,
    Closed,
    Broken(String),
}

/// A running bot. Dropping it ends the process (and everything it started).
pub struct BotProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: Receiver<Out>,
    stderr: Stderr,
    /// The command as given, for messages.
    command: String,
    /// Whether it has written a line: a command that ends before it answers may never have run.
    answered: bool,
    /// Set once its shell said it could not run the command: its stderr then only says so again.
    not_run: bool,
}

impl BotProcess {
    /// Starts `sh -c command` in a process group of its own, so that ending the bot also ends
    /// whatever it started ([`shell`](crate::command::shell)).
    pub fn spawn(command: &str) -> std::io::Result<Self> {
        let mut child = crate::command::shell(command).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn()?;
        let stdout = child.stdout.take().expect("piped");
        let stderr = child.stderr.take().expect("piped");
        let (tx, rx) = channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                match read_line_capped(&mut reader) {
                    Ok(Some(line)) => {
                        if tx.send(Out::Line(line)).is_err() {
                            return;
                        }
                    }
                    Ok(None) => {
                        let _ = tx.send(Out::Closed);
                        return;
                    }
                    Err(LineError::TooLong) => {
                        let _ = tx.send(Out::TooLong);
                        return;
                    }
                    Err(LineError::Io(e)) => {
                        let _ = tx.send(Out::Broken(e));
                        return;
                    }
                }
            }
        });
        let stdin = child.stdin.take();
        Ok(Self { child, stdin, stdout: rx, stderr: Stderr::read(stderr), command: command.to_string(), answered: false, not_run: false })
    }

    /// Sends lines to the bot. `Err` says why the bot cannot be reached.
    pub fn send(&mut self, lines: &[String]) -> Result<(), String> {
        let stdin = self.stdin.as_mut().ok_or("its input is closed")?;
        let mut text = String::new();
        for line in lines {
            text.push_str(line);
            text.push('\n');
        }
        let written = stdin.write_all(text.as_bytes()).and_then(|_| stdin.flush());
        written.map_err(|e| {
            // A bot that has ended closed both its pipes: said as reading from it says it,
            // whichever of the two the referee happened to try first.
            let gone = e.kind() == std::io::ErrorKind::BrokenPipe && self.exit_status().is_some();
            self.ended(&if gone { "closed its output".to_string() } else { format!("could not write to it ({e})") })
        })
    }

    /// Waits up to `limit` for one line. `Ok` gives the line and how long it took; `Err` why the
    /// bot is failed.
    pub fn receive(&mut self, limit: Duration) -> Result<(String, Duration), String> {
        let started = Instant::now();
        match self.stdout.recv_timeout(limit) {
            Ok(Out::Line(line)) => {
                self.answered = true;
                Ok((line, started.elapsed()))
            }
            Ok(Out::TooLong) => Err(format!("wrote a line longer than {MAX_LINE} bytes")),
            Ok(Out::Closed) | Err(RecvTimeoutError::Disconnected) => Err(self.ended("closed its output")),
            Ok(Out::Broken(e)) => Err(format!("its output could not be read: {e}")),
            Err(RecvTimeoutError::Timeout) => Err(format!("did not answer within {} ms (hard limit)", limit.as_millis())),
        }
    }

    /// What the bot wrote on stderr since the last call: at least all it wrote before the
    /// last line [`receive`](Self::receive) gave.
    pub fn take_stderr(&self) -> crate::stderr::Said {
        self.stderr.take()
    }

    /// Whether its shell could not run the command at all ("command not found: WORD").
    pub fn never_ran(&self) -> bool {
        self.not_run
    }

    /// Why the bot cannot be reached once `what` happened: `what` and how it exited; or, for a
    /// command that never answered and that its shell could not run, only that ("command not
    /// found: WORD", [`not_run`](crate::command::not_run)).
    fn ended(&mut self, what: &str) -> String {
        let status = self.exit_status();
        if !self.answered
            && let Some(reason) = status.and_then(|s| crate::command::not_run(&self.command, s.code()))
        {
            self.not_run = true;
            return reason;
        }
        let how = match status.map(|s| (s.code(), signal_of(&s))) {
            None => "it is still running".to_string(),
            Some((Some(0), _)) => "it exited normally".to_string(),
            Some((Some(code), _)) => format!("it exited with status {code}"),
            Some((None, Some(sig))) => format!("it was killed by signal {sig}"),
            Some((None, None)) => "it exited".to_string(),
        };
        format!("{what}; {how}")
    }

    /// How it exited, after giving it a moment; `None` while it still runs.
    fn exit_status(&mut self) -> Option<ExitStatus> {
        for _ in 0..20 {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            thread::sleep(Duration::from_millis(5));
        }
        None
    }

    /// Closes its input (the contest's end-of-match signal), gives it `grace` to exit, then
    /// kills its whole process group.
    pub fn finish(&mut self, grace: Duration) {
        self.stdin = None;
        let deadline = Instant::now() + grace;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            thread::sleep(Duration::from_millis(5));
        }
        self.kill();
    }

    fn kill(&mut self) {
        kill_group(self.child.id());
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        // Also ends anything the bot left running in its group, and reaps it.
        self.stdin = None;
        self.kill();
    }
}

/// Kills the process group that process `pid` leads (started with `process_group(0)`): the
/// `sh -c` of a bot or client and everything it started, so nothing is left running.
pub fn kill_group(pid: u32) {
    // SAFETY: kill(2) with a negative pid signals a process group; it has no memory-safety
    // preconditions.
    unsafe {
        libc::kill(-(pid as libc::pid_t), libc::SIGKILL);
    }
}

fn signal_of(status: &ExitStatus) -> Option<i32> {
    use std::os::unix::process::ExitStatusExt;
    status.signal()
}

enum LineError {
    TooLong,
    Io(String),
}

/// One line without its `\n` (and `\r`), or `None` at end of file. Invalid UTF-8 is replaced,
/// so that garbage is reported as garbage, not as a read error.
fn read_line_capped(reader: &mut impl BufRead) -> Result<Option<String>, LineError> {
    let mut bytes = Vec::new();
    let n = reader.by_ref().take(MAX_LINE as u64 + 1).read_until(b'\n', &mut bytes).map_err(|e| LineError::Io(e.to_string()))?;
    if n == 0 {
        return Ok(None);
    }
    if bytes.last() == Some(&b'\n') {
        bytes.pop();
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
    } else if bytes.len() > MAX_LINE {
        return Err(LineError::TooLong);
    }
    Ok(Some(String::from_utf8_lossy(&bytes).into_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHORT: Duration = Duration::from_millis(300);

    #[test]
    fn a_bot_answers_a_line() {
        let mut bot = BotProcess::spawn("read x; echo oops >&2; echo \"got $x\"; read y").unwrap();
        bot.send(&["hello".to_string()]).unwrap();
        let (line, _) = bot.receive(Duration::from_secs(5)).unwrap();
        assert_eq!(line, "got hello");
        // Written before the answer, so there as soon as the answer is.
        assert_eq!(bot.take_stderr().lines, vec!["oops".to_string()]);
        assert_eq!(bot.take_stderr().lines, Vec::<String>::new());
        bot.finish(SHORT);
    }

    #[test]
    fn a_silent_bot_misses_the_hard_limit() {
        let mut bot = BotProcess::spawn("sleep 30").unwrap();
        let e = bot.receive(Duration::from_millis(50)).unwrap_err();
        assert!(e.contains("hard limit"), "{e}");
        let started = Instant::now();
        bot.finish(SHORT);
        assert!(started.elapsed() < Duration::from_secs(5), "killed, not waited for");
    }

    #[test]
    fn a_crashing_bot_says_how_it_ended() {
        let mut bot = BotProcess::spawn("exit 3").unwrap();
        let e = bot.receive(Duration::from_secs(5)).unwrap_err();
        assert!(e.contains("closed its output") && e.contains("status 3"), "{e}");
    }

    #[test]
    fn a_command_the_shell_cannot_run_is_named() {
        let mut missing = BotProcess::spawn("nosuchbot-xyz --fast").unwrap();
        assert_eq!(missing.receive(Duration::from_secs(5)).unwrap_err(), "command not found: nosuchbot-xyz");
        let mut not_a_program = BotProcess::spawn("/dev/null").unwrap();
        assert_eq!(not_a_program.receive(Duration::from_secs(5)).unwrap_err(), "not executable: /dev/null");
        // A bot that answered and then ended so is described by its status.
        let mut played = BotProcess::spawn("echo move; exit 127").unwrap();
        assert_eq!(played.receive(Duration::from_secs(5)).unwrap().0, "move");
        let e = played.receive(Duration::from_secs(5)).unwrap_err();
        assert!(e.contains("closed its output; it exited with status 127"), "{e}");
    }

    #[test]
    fn an_endless_line_is_refused() {
        let mut bot = BotProcess::spawn("yes | tr -d '\\n'").unwrap();
        let e = bot.receive(Duration::from_secs(10)).unwrap_err();
        assert!(e.contains("longer than"), "{e}");
    }
}
