//! Running a plan on this machine: each match's line as a child process (`sh -c 'exec LINE'`
//! from the spec's folder, so that the match itself is the child), at most `jobs` at once, its
//! output in `DIR/ID.log`, one progress line on stderr, and a log of what started and ended in
//! `DIR/runner.log`. A child dies with the runner: it is killed when the runner dies, even by
//! SIGKILL (a parent-death signal), and its process group is killed when the runner is asked to
//! stop (SIGINT, SIGTERM). A match is done when each of its replays has an end record that no
//! human stopped; `resume` never runs a done match again and runs one whose replay was cut short
//! anew.

use std::fs::File;
use std::io::{IsTerminal, Write};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicI32, Ordering};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// One match to run.
#[derive(Debug, Clone)]
pub struct Job {
    pub id: String,
    /// The shell line, run from `Options::root`.
    pub line: String,
    /// Its replay files, as paths from here.
    pub replays: Vec<PathBuf>,
}

pub struct Options {
    /// Where the lines run from: the spec's folder.
    pub root: PathBuf,
    /// The tournament's folder: logs go there.
    pub dir: PathBuf,
    pub jobs: usize,
    pub resume: bool,
}

/// What a run did.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Ran {
    pub matches: usize,
    /// Done at the end (including those done before).
    pub done: usize,
    /// Matches that ended without being done, each with why (the tail of its log).
    pub failed: Vec<(String, String)>,
    /// The runner was asked to stop (SIGINT, SIGTERM) before the plan was through.
    pub interrupted: bool,
    /// The matches it killed then, cut short (`--resume` runs them anew).
    pub stopped: Vec<String>,
    /// The matches it never started then.
    pub left: usize,
}

/// Whether a replay file is finished: its last line is an end record without `stopped`.
pub fn finished(path: &Path) -> bool {
    crate::replays::finished_end(path).is_some()
}

/// Whether every replay of `job` is finished.
pub fn done(job: &Job) -> bool {
    job.replays.iter().all(|p| finished(p))
}

/// Refuses to run a plan over replays of it already there, unless resuming: they would be lost.
pub fn fresh_or_resumed(jobs: &[Job], options: &Options) -> Result<(), String> {
    match jobs.iter().flat_map(|j| &j.replays).find(|p| p.exists()) {
        Some(there) if !options.resume => Err(format!(
            "{} is there already: --resume finishes the tournament in {} (never running a done match again), or give another --out",
            there.display(),
            options.dir.display()
        )),
        _ => Ok(()),
    }
}

/// The signal that asked the runner to stop, or 0.
static STOP: AtomicI32 = AtomicI32::new(0);

extern "C" fn on_stop(signal: libc::c_int) {
    STOP.store(signal, Ordering::SeqCst);
}

/// Runs `jobs` as `options` say; `Err` when nothing could start (the folder cannot be written,
/// replays of the plan are there and `resume` was not asked). `on_done` hears of each match
/// done and may answer a status line (a paired test's standing), shown above the progress line
/// at most once a second (the caller says the last word).
pub fn run(jobs: &[Job], options: &Options, on_done: &mut dyn FnMut(&Job) -> Option<String>) -> Result<Ran, String> {
    let mut log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(options.dir.join("runner.log"))
        .map_err(|e| format!("cannot write {}: {e}", options.dir.join("runner.log").display()))?;
    fresh_or_resumed(jobs, options)?;
    // SAFETY: the handler only stores to an atomic, which is async-signal-safe.
    unsafe {
        libc::signal(libc::SIGINT, on_stop as *const () as libc::sighandler_t);
        libc::signal(libc::SIGTERM, on_stop as *const () as libc::sighandler_t);
    }
    let mut ran = Ran { matches: jobs.len(), ..Ran::default() };
    let mut queue: std::collections::VecDeque<&Job> = std::collections::VecDeque::new();
    for job in jobs {
        if done(job) {
            ran.done += 1;
            note(&mut log, &format!("skip {} (done)", job.id));
            continue;
        }
        for stale in job.replays.iter().filter(|p| p.exists()) {
            std::fs::remove_file(stale).map_err(|e| format!("cannot remove the unfinished {}: {e}", stale.display()))?;
            note(&mut log, &format!("removed {} (no end record, or a stopped one)", stale.display()));
        }
        queue.push_back(job);
    }
    let mut progress = Progress::new(ran.matches);
    let mut running: Vec<(&Job, Child, Instant)> = Vec::new();
    loop {
        if STOP.load(Ordering::SeqCst) != 0 {
            for (job, child, _) in &mut running {
                kill_group(child);
                note(&mut log, &format!("killed {} (the runner was asked to stop)", job.id));
                ran.stopped.push(job.id.clone());
            }
            running.clear();
            ran.interrupted = true;
            break;
        }
        while running.len() < options.jobs.max(1)
            && let Some(job) = queue.pop_front()
        {
            match start(job, options) {
                Ok(child) => {
                    note(&mut log, &format!("start {}", job.id));
                    running.push((job, child, Instant::now()));
                }
                Err(e) => {
                    note(&mut log, &format!("failed {}: {e}", job.id));
                    ran.failed.push((job.id.clone(), e));
                }
            }
        }
        if running.is_empty() {
            break;
        }
        progress.show(&ran, running.len(), queue.len(), options.jobs);
        let mut k = 0;
        while k < running.len() {
            let status = running[k].1.try_wait();
            let Ok(Some(status)) = status else {
                k += 1;
                continue;
            };
            let (job, _, started) = running.swap_remove(k);
            if status.success() && done(job) {
                ran.done += 1;
                progress.took(started.elapsed());
                note(&mut log, &format!("done {}", job.id));
                if let Some(line) = on_done(job) {
                    progress.status(line);
                }
            } else {
                let why = format!("{status}; {}", tail(&options.dir.join(format!("{}.log", job.id))));
                note(&mut log, &format!("failed {}: {why}", job.id));
                ran.failed.push((job.id.clone(), why));
            }
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    ran.left = queue.len();
    progress.show(&ran, 0, queue.len(), options.jobs);
    progress.finish();
    Ok(ran)
}

/// Starts one match: `exec` makes the match the child itself, in a process group of its own,
/// killed when the runner dies.
fn start(job: &Job, options: &Options) -> Result<Child, String> {
    let log_path = options.dir.join(format!("{}.log", job.id));
    let log = File::create(&log_path).map_err(|e| format!("cannot write {}: {e}", log_path.display()))?;
    let err = log.try_clone().map_err(|e| e.to_string())?;
    let runner = std::process::id() as libc::pid_t;
    let mut command = Command::new("sh");
    command.arg("-c").arg(format!("exec {}", job.line)).current_dir(&options.root).stdin(Stdio::null()).stdout(log).stderr(err);
    command.process_group(0);
    // SAFETY: prctl and getppid are async-signal-safe; nothing here allocates.
    unsafe {
        command.pre_exec(move || {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            // The runner died before the signal was set up: go now.
            if libc::getppid() != runner {
                libc::_exit(1);
            }
            Ok(())
        });
    }
    command.spawn().map_err(|e| format!("cannot start sh: {e}"))
}

/// Kills a match's process group and reaps it.
fn kill_group(child: &mut Child) {
    // SAFETY: kill(2) on a process group; no memory-safety preconditions.
    unsafe {
        libc::kill(-(child.id() as libc::pid_t), libc::SIGKILL);
    }
    let _ = child.wait();
}

/// The last lines of a match's log, on one line.
fn tail(log: &Path) -> String {
    let text = std::fs::read_to_string(log).unwrap_or_default();
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    match &lines[lines.len().saturating_sub(3)..] {
        [] => format!("{} is empty", log.display()),
        last => format!("{}: {}", log.display(), last.join(" | ")),
    }
}

/// A line of the runner's log, with the time in seconds since 1970.
fn note(log: &mut File, what: &str) {
    let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default().as_secs_f64();
    let _ = writeln!(log, "{now:.3} {what}");
}

/// The progress line: rewritten in place on a terminal, a line per change elsewhere.
struct Progress {
    matches: usize,
    /// Time the matches done in this run took, and how many.
    spent: Duration,
    timed: usize,
    last: String,
    terminal: bool,
    /// The newest status line not shown yet, and when one was last shown.
    status: Option<String>,
    status_shown: Option<Instant>,
}

impl Progress {
    fn new(matches: usize) -> Self {
        Self {
            matches,
            spent: Duration::ZERO,
            timed: 0,
            last: String::new(),
            terminal: std::io::stderr().is_terminal(),
            status: None,
            status_shown: None,
        }
    }

    /// A status line: shown now if none was in the last second, else kept for later.
    fn status(&mut self, line: String) {
        self.status = Some(line);
        if self.status_shown.is_none_or(|t| t.elapsed() >= Duration::from_secs(1)) {
            self.status_now();
        }
    }

    /// Shows the status line kept, on a line of its own above the progress line.
    fn status_now(&mut self) {
        let Some(line) = self.status.take() else { return };
        if self.terminal {
            eprint!("\r\x1b[K{line}\n{}", self.last);
        } else {
            eprintln!("{line}");
        }
        self.status_shown = Some(Instant::now());
    }

    fn took(&mut self, time: Duration) {
        self.spent += time;
        self.timed += 1;
    }

    /// Every match is counted once: done, running, failed, stopped (killed when the runner was
    /// asked to stop) or left.
    fn show(&mut self, ran: &Ran, running: usize, waiting: usize, jobs: usize) {
        let (done, failed) = (ran.done, ran.failed.len());
        let left = waiting + running;
        let eta = match self.timed {
            0 => "ETA –".to_string(),
            n => {
                let each = self.spent.as_secs_f64() / n as f64;
                let secs = (each * left as f64 / jobs.max(1) as f64).round() as u64;
                format!("ETA {}m{:02}s", secs / 60, secs % 60)
            }
        };
        let stopped = match ran.stopped.len() {
            0 => String::new(),
            n => format!("{n} stopped, "),
        };
        let line = format!("{} matches: {done} done, {running} running, {failed} failed, {stopped}{waiting} left · {eta}", self.matches);
        if line == self.last {
            return;
        }
        if self.terminal {
            eprint!("\r\x1b[K{line}");
        } else if line.split(" · ").next() != self.last.split(" · ").next() {
            eprintln!("{line}");
        }
        self.last = line;
    }

    fn finish(&self) {
        if self.terminal && !self.last.is_empty() {
            eprintln!();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(dir: &Path, id: &str, line: &str) -> Job {
        Job { id: id.into(), line: line.into(), replays: vec![dir.join(format!("{id}.jsonl"))] }
    }

    #[test]
    fn a_failing_match_is_reported_with_its_log_and_the_others_go_on_and_resume_skips_the_done() {
        let dir = tempfile::tempdir().unwrap();
        let end = r#"printf '{}\n{"end":{"scores":[1],"names":["x"],"failed":[]}}\n' > "#;
        let jobs = vec![
            job(dir.path(), "broken", "sh -c 'echo the map is missing >&2; exit 2'"),
            job(dir.path(), "fine", &format!("sh -c '{}'", format!("{end}fine.jsonl").replace('\'', r"'\''"))),
            job(
                dir.path(),
                "stopped",
                r#"sh -c 'printf "{}\n{\"end\":{\"scores\":[1],\"names\":[\"x\"],\"stopped\":\"by hand\"}}\n" > stopped.jsonl'"#,
            ),
        ];
        let options = Options { root: dir.path().to_path_buf(), dir: dir.path().to_path_buf(), jobs: 2, resume: false };
        let ran = run(&jobs, &options, &mut |_| None).unwrap();
        assert_eq!((ran.matches, ran.done, ran.interrupted), (3, 1, false));
        let failed: Vec<&str> = ran.failed.iter().map(|(id, _)| id.as_str()).collect();
        assert_eq!(failed, ["broken", "stopped"], "a stopped replay is not done");
        assert!(ran.failed[0].1.contains("exit status: 2") && ran.failed[0].1.contains("the map is missing"), "{:?}", ran.failed[0]);
        // Again without --resume: refused, nothing lost; with it, the done match is skipped.
        assert!(run(&jobs, &options, &mut |_| None).unwrap_err().contains("--resume"));
        let again = run(&jobs, &Options { resume: true, ..options }, &mut |_| None).unwrap();
        assert_eq!(again.done, 1);
        let log = std::fs::read_to_string(dir.path().join("runner.log")).unwrap();
        assert_eq!(log.matches("start fine").count(), 1, "{log}");
        assert!(log.contains("skip fine (done)") && log.contains("removed"), "{log}");
        assert!(done(&jobs[1]) && !done(&jobs[2]));
    }
}
