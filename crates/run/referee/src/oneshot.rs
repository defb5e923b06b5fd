//! Programs that run once and answer with their whole output, as contest solvers do (ICFP
//! 2015: `solver -f problem.json -t 60 ...` printing a JSON list). The program runs under
//! `sh -c` in its own process group; at the time limit the whole group is killed. A memory
//! limit is an address-space limit (`RLIMIT_AS`) on the shell and everything it starts: an
//! allocation past it fails, and the program usually dies saying so.

use std::io::Read;
use std::os::unix::process::CommandExt;
use std::process::{ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// How a one-shot run ended, with everything it printed (up to the output cap).
#[derive(Debug)]
pub struct Finished {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    /// `None` when the program was killed at the time limit.
    pub status: Option<ExitStatus>,
    pub elapsed: Duration,
    /// Set when an output went over the cap; the rest was read and thrown away.
    pub truncated: bool,
    /// The memory limit it ran under, in bytes.
    pub memory_limit: Option<u64>,
    /// The command as given, for messages.
    pub command: String,
}

impl Finished {
    /// Why this run cannot be used, if it cannot: killed at the limit, never run, or a failing
    /// exit.
    pub fn failure(&self, limit: Duration) -> Option<String> {
        self.cut_short(limit).or_else(|| self.not_run()).or_else(|| self.exit_note())
    }

    /// Why it did not run at all, when it printed nothing and its shell says it could not run
    /// it: "command not found: WORD" ([`not_run`](crate::command::not_run)).
    pub fn not_run(&self) -> Option<String> {
        if !self.stdout.is_empty() {
            return None;
        }
        crate::command::not_run(&self.command, self.status?.code())
    }

    /// Why nothing it printed can be trusted, if so: killed at the time limit, stopped by the
    /// memory limit, or more output than the cap.
    pub fn cut_short(&self, limit: Duration) -> Option<String> {
        match self.status {
            None => Some(format!("still running at the time limit of {} s; killed", limit.as_secs_f32())),
            Some(_) if self.over_memory() => {
                let mb = self.memory_limit.unwrap_or(0) >> 20;
                Some(format!("over the memory limit of {mb} MB ({})", self.exit_note().unwrap_or_default()))
            }
            Some(_) if self.truncated => Some("printed more than the output limit".to_string()),
            Some(_) => None,
        }
    }

    /// How the program ended when it did not end with success: "exited with status 3".
    pub fn exit_note(&self) -> Option<String> {
        let s = self.status.filter(|s| !s.success())?;
        Some(match (s.code(), std::os::unix::process::ExitStatusExt::signal(&s)) {
            (Some(code), _) => format!("exited with status {code}"),
            (None, Some(signal)) => format!("killed by signal {signal}"),
            (None, None) => "ended abnormally".to_string(),
        })
    }

    /// Whether it died for want of memory under its limit: a failing end with an allocator's
    /// message on stderr (C, Rust, Python, Java, awk), or a crash by abort or segfault.
    pub fn over_memory(&self) -> bool {
        let Some(status) = self.status.filter(|s| !s.success()) else { return false };
        if self.memory_limit.is_none() {
            return false;
        }
        let stderr = String::from_utf8_lossy(&self.stderr).to_lowercase();
        let said = ["out of memory", "memoryerror", "cannot allocate memory", "memory allocation", "bad_alloc", "outofmemoryerror"];
        let signal = std::os::unix::process::ExitStatusExt::signal(&status);
        said.iter().any(|s| stderr.contains(s)) || matches!(signal, Some(libc::SIGABRT | libc::SIGSEGV))
    }
}

/// Reads a stream to its end, keeping at most `cap` bytes.
fn drain(mut stream: impl Read + Send + 'static, cap: usize) -> std::thread::JoinHandle<(Vec<u8>, bool)> {
    std::thread::spawn(move || {
        let (mut kept, mut truncated, mut buffer) = (Vec::new(), false, [0u8; 64 * 1024]);
        loop {
            match stream.read(&mut buffer) {
                Ok(0) | Err(_) => return (kept, truncated),
                Ok(n) => {
                    let room = cap.saturating_sub(kept.len());
                    kept.extend_from_slice(&buffer[..n.min(room)]);
                    truncated |= n > room;
                }
            }
        }
    })
}

/// Runs `command` with `sh -c`, stdin empty, for at most `limit` and within `memory` bytes of
/// address space (when given); keeps up to `cap` bytes of each output. Only a program that
/// cannot be started at all is an `Err`.
pub fn run_once(command: &str, limit: Duration, cap: usize, memory: Option<u64>) -> std::io::Result<Finished> {
    run_once_with(command, limit, cap, memory, &[])
}

/// [`run_once`] with these variables set in the command's environment (what the run is for,
/// which the contest's command line cannot say: `KIBITZ_SEED`, the seed a solver's run records).
pub fn run_once_with(command: &str, limit: Duration, cap: usize, memory: Option<u64>, env: &[(&str, String)]) -> std::io::Result<Finished> {
    let started = Instant::now();
    let mut cmd = crate::command::shell(command);
    cmd.envs(env.iter().map(|(k, v)| (k, v)));
    cmd.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    if let Some(bytes) = memory {
        let limit = libc::rlimit { rlim_cur: bytes as libc::rlim_t, rlim_max: bytes as libc::rlim_t };
        // SAFETY: setrlimit is async-signal-safe and only touches the child being started.
        unsafe {
            cmd.pre_exec(move || if libc::setrlimit(libc::RLIMIT_AS, &limit) == 0 { Ok(()) } else { Err(std::io::Error::last_os_error()) });
        }
    }
    let mut child = cmd.spawn()?;
    let stdout = drain(child.stdout.take().expect("piped"), cap);
    let stderr = drain(child.stderr.take().expect("piped"), cap);
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break Some(status);
        }
        if started.elapsed() >= limit {
            crate::process::kill_group(child.id());
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let elapsed = started.elapsed();
    let (stdout, cut_out) = stdout.join().unwrap_or_default();
    let (stderr, cut_err) = stderr.join().unwrap_or_default();
    Ok(Finished { stdout, stderr, status, elapsed, truncated: cut_out || cut_err, memory_limit: memory, command: command.to_string() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_status_and_time_limit() {
        let ok = run_once("echo out; echo err >&2", Duration::from_secs(10), 1 << 20, None).unwrap();
        assert_eq!((ok.stdout.as_slice(), ok.stderr.as_slice()), (&b"out\n"[..], &b"err\n"[..]));
        assert_eq!(ok.failure(Duration::from_secs(10)), None);
        let crash = run_once("exit 3", Duration::from_secs(10), 1 << 20, None).unwrap();
        assert_eq!(crash.failure(Duration::from_secs(10)).unwrap(), "exited with status 3");
        let missing = run_once("nosuchsolver-xyz -f p.json", Duration::from_secs(10), 1 << 20, None).unwrap();
        assert_eq!(missing.failure(Duration::from_secs(10)).unwrap(), "command not found: nosuchsolver-xyz");
        // A grandchild holding the output open is killed with its group.
        let slow = run_once("sleep 30 & sleep 30", Duration::from_millis(200), 1 << 20, None).unwrap();
        assert!(slow.status.is_none() && slow.elapsed < Duration::from_secs(10));
        assert!(slow.failure(Duration::from_millis(200)).unwrap().contains("time limit"));
        let big = run_once("yes | head -c 100000", Duration::from_secs(10), 1000, None).unwrap();
        assert!(big.truncated && big.stdout.len() == 1000);
    }

    #[test]
    fn a_program_past_its_memory_limit_is_stopped_and_said_to_be() {
        // A string of 300 MB, past a 100 MB address space (perl is in every Debian).
        let hog = "perl -e '$x = \"a\" x 300_000_000; print length($x)'";
        let run = run_once(hog, Duration::from_secs(60), 1 << 20, Some(100 << 20)).unwrap();
        assert!(run.over_memory(), "{:?} {}", run.status, String::from_utf8_lossy(&run.stderr));
        let why = run.cut_short(Duration::from_secs(60)).unwrap();
        assert!(why.starts_with("over the memory limit of 100 MB"), "{why}");
        // The same program with room enough, and a failing exit that is not about memory.
        let small = run_once("perl -e '$x = \"a\" x 3_000_000; print length($x)'", Duration::from_secs(60), 1 << 20, Some(100 << 20));
        assert_eq!(small.unwrap().failure(Duration::from_secs(60)), None);
        let crash = run_once("echo no >&2; exit 3", Duration::from_secs(10), 1 << 20, Some(100 << 20)).unwrap();
        assert!(!crash.over_memory());
        assert_eq!(crash.exit_note().as_deref(), Some("exited with status 3"));
    }

    #[test]
    fn quoting_survives_the_shell() {
        use crate::command::shell_quote;
        for word in ["plain", "ia! ia!", "r'lyeh", "", "$HOME `x`"] {
            let out = run_once(&format!("printf %s {}", shell_quote(word)), Duration::from_secs(10), 1 << 20, None).unwrap();
            assert_eq!(String::from_utf8(out.stdout).unwrap(), word);
        }
    }
}
