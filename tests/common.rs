//! Helpers for the end-to-end tests of the `kibitz` binary.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Fails unless `listed` (a test's own per-game arguments) names exactly the registered games
/// that `offer` holds for: a game added to the registry without its line in the test is a
/// failure, never a game silently left out.
pub fn assert_every_game(listed: &[&str], offer: fn(&kibitz::kit::contract::room::Capabilities) -> bool, what: &str) {
    let mut listed: Vec<&str> = listed.to_vec();
    listed.sort();
    listed.dedup();
    let mut registered: Vec<&str> = kibitz::games::registry().rooms().iter().filter(|r| offer(&r.capabilities())).map(|r| r.id()).collect();
    registered.sort();
    assert_eq!(listed, registered, "{what}: the test's list against the registry");
}

pub fn kibitz() -> Command {
    Command::new(env!("CARGO_BIN_EXE_kibitz"))
}

/// A bot command line running our own sample bot through this very binary.
pub fn sample_bot(strategy: &str, seed: u64) -> String {
    format!("'{}' bot lighthouses {strategy} --seed {seed}", env!("CARGO_BIN_EXE_kibitz"))
}

pub fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub fn reference() -> Option<PathBuf> {
    kibitz_core::reference::reference_dir(&workspace())
}

pub fn run(cmd: &mut Command) -> Output {
    cmd.output().expect("kibitz runs")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The JSON summary on the last stdout line of `kibitz match`.
pub fn summary(o: &Output) -> serde_json::Value {
    let out = stdout(o);
    let last = out.lines().last().unwrap_or_else(|| panic!("no stdout; stderr: {}", stderr(o)));
    serde_json::from_str(last).unwrap_or_else(|e| panic!("last line is not JSON ({e}): {last}"))
}

/// Runs `kibitz match lighthouses` and returns its output.
pub fn play(map: &Path, rounds: u32, out: &Path, bots: &[String], extra: &[&str]) -> Output {
    let mut cmd = kibitz();
    cmd.args(["match", "lighthouses", "--map"]).arg(map).args(["--rounds", &rounds.to_string(), "--out"]).arg(out);
    cmd.args(extra).arg("--").args(bots);
    run(&mut cmd)
}

pub fn verify(replay: &Path) -> Output {
    run(kibitz().arg("verify").arg(replay))
}

/// Panics unless `summary` has the keys every summary has, whatever the game and verb
/// (docs/cli.md).
pub fn assert_summary_shape(summary: &serde_json::Value) {
    for key in ["game", "replays", "names", "scores", "failed", "stopped"] {
        assert!(summary.get(key).is_some(), "the summary has no {key:?}: {summary}");
    }
    assert!(summary["replays"].is_array() && summary["failed"].is_array(), "{summary}");
}

/// A summary's scores, as numbers.
pub fn summary_scores(summary: &serde_json::Value) -> Vec<f64> {
    let scores = summary["scores"].as_array().unwrap_or_else(|| panic!("no scores: {summary}"));
    scores.iter().map(|s| s.as_f64().unwrap_or_else(|| panic!("a score is not a number: {summary}"))).collect()
}

/// The scores `kibitz verify` prints for `replay` (`...; scores [20.000000, 3.500000]`).
pub fn verified_scores(replay: &Path) -> Vec<f64> {
    let o = verify(replay);
    let text = stdout(&o);
    let list = text.rsplit_once("scores [").and_then(|(_, rest)| rest.split_once(']')).map(|(list, _)| list);
    let list = list.unwrap_or_else(|| panic!("no scores in {text:?}; {}", stderr(&o)));
    list.split(", ").filter(|s| !s.is_empty()).map(|s| s.parse().unwrap()).collect()
}

/// A `PATH` without `kibitz` on it, as after `cargo run`: enough for `sh` and the usual tools.
pub const PATH_WITHOUT_KIBITZ: &str = "/usr/bin:/bin";

/// Follows a hosted server's feed into `rec` until `done` holds, for at most 20 s (a guard, not
/// a timing test); returns how many turn ends came.
pub fn follow_until<R: kibitz_deadline24::Rules>(
    seat: &mut kibitz::kit::deadline24::hand::Seat,
    rec: &mut kibitz::kit::viewing::recorded::Recorded<kibitz_deadline24::Realtime<R>>,
    mut done: impl FnMut(
        &mut kibitz::kit::deadline24::hand::Seat,
        &kibitz::kit::viewing::recorded::Recorded<kibitz_deadline24::Realtime<R>>,
    ) -> bool,
) -> usize {
    let mut turn_ends = 0;
    let until = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while std::time::Instant::now() < until {
        // As a server game's view takes the feed in (`kit::deadline24::view`), with no view.
        for line in seat.arrived::<R>() {
            match line {
                kibitz_core::replay::BodyLine::Step(record) => {
                    turn_ends += usize::from(record.player.is_none());
                    rec.push(record);
                }
                kibitz_core::replay::BodyLine::End(end) => {
                    rec.close(end);
                    seat.ended = kibitz::kit::matches::summary::ending(&rec.replay);
                }
            }
        }
        seat.poll();
        if done(seat, rec) {
            return turn_ends;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!("nothing came in 20 s");
}

/// A connection to a server on this machine's `port`, once it listens (within 30 s: a guard, not
/// a timing test), reading with a 10-second time-out.
pub fn connect(port: u16) -> std::net::TcpStream {
    let until = std::time::Instant::now() + std::time::Duration::from_secs(30);
    loop {
        if let Ok(stream) = std::net::TcpStream::connect(("127.0.0.1", port)) {
            stream.set_read_timeout(Some(std::time::Duration::from_secs(10))).unwrap();
            return stream;
        }
        assert!(std::time::Instant::now() < until, "nothing listens on port {port}");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

/// `kibitz serve GAME ARGS --start now --console --teams TEAMS --listen 127.0.0.1:PORT --out OUT`
/// on a free loopback port: the server, its console (stdin) and the port.
#[allow(dead_code)]
pub fn serve_with_console(
    game: &str,
    args: &[&str],
    teams: &std::path::Path,
    out: &std::path::Path,
) -> (std::process::Child, std::process::ChildStdin, u16) {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let mut server = kibitz()
        .args(["serve", game])
        .args(args)
        .args(["--start", "now", "--console", "--teams"])
        .arg(teams)
        .args(["--listen", &format!("127.0.0.1:{port}"), "--out"])
        .arg(out)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let console = server.stdin.take().unwrap();
    (server, console, port)
}

/// A team's connection to a Deadline24 server, logged in: its lines written and read one at a time.
#[allow(dead_code)]
pub struct Team {
    write: std::net::TcpStream,
    read: std::io::BufReader<std::net::TcpStream>,
}

#[allow(dead_code)]
impl Team {
    /// Connects to `port` ([`connect`]) and logs in as `login`, the server asking LOGIN and PASS
    /// and answering OK.
    pub fn log_in(port: u16, login: &str, password: &str) -> Team {
        let stream = connect(port);
        let mut team = Team { write: stream.try_clone().unwrap(), read: std::io::BufReader::new(stream) };
        assert_eq!(team.line(), "LOGIN");
        team.send(login);
        assert_eq!(team.line(), "PASS");
        team.send(password);
        assert_eq!(team.line(), "OK", "{login} logged in");
        team
    }

    /// [`Team::log_in`] once the server has a place for a connection waiting for its login:
    /// places that connections just closed free up only when the server has seen them close,
    /// so a refusal (`FAILED 5 …`) is tried again, for up to 10 s.
    pub fn log_in_when_free(port: u16, login: &str, password: &str) -> Team {
        let begun = std::time::Instant::now();
        loop {
            let stream = connect(port);
            let mut team = Team { write: stream.try_clone().unwrap(), read: std::io::BufReader::new(stream) };
            match team.line().as_str() {
                "LOGIN" => {
                    team.send(login);
                    assert_eq!(team.line(), "PASS");
                    team.send(password);
                    assert_eq!(team.line(), "OK", "{login} logged in");
                    return team;
                }
                refused if refused.starts_with("FAILED 5") && begun.elapsed() < std::time::Duration::from_secs(10) => {
                    std::thread::sleep(std::time::Duration::from_millis(50));
                }
                other => panic!("{login}: the server said {other:?}, not LOGIN"),
            }
        }
    }

    /// The server's next line, without its end.
    pub fn line(&mut self) -> String {
        use std::io::BufRead;
        let mut l = String::new();
        self.read.read_line(&mut l).unwrap();
        l.trim_end().to_string()
    }

    /// What the server still sends until it closes the connection ("" if it is closed now).
    pub fn rest(&mut self) -> String {
        use std::io::Read;
        let mut rest = String::new();
        self.read.read_to_string(&mut rest).unwrap();
        rest
    }

    pub fn send(&mut self, line: &str) {
        use std::io::Write;
        writeln!(self.write, "{line}").unwrap();
    }
}

/// Follows the hosted server until the answers to `n` commands came back, as (command, answer
/// lines).
pub fn answers<R: kibitz_deadline24::Rules>(
    seat: &mut kibitz::kit::deadline24::hand::Seat,
    rec: &mut kibitz::kit::viewing::recorded::Recorded<kibitz_deadline24::Realtime<R>>,
    n: usize,
) -> Vec<(String, Vec<String>)> {
    let mut got = Vec::new();
    follow_until(seat, rec, |seat, _| {
        got.extend(seat.fresh_answers().iter().map(|e| (e.command.clone(), e.answer.clone())));
        got.len() >= n
    });
    got
}

/// Our greedy lighthouses bot, changed to pass from its `from`-th answer on.
pub fn changed_greedy(dir: &std::path::Path, from: usize) -> String {
    let script = dir.join("changed.py");
    std::fs::write(
        &script,
        format!(
            r#"import subprocess, sys
bot = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
answers = -1  # the greeting is the first line it says, then its turns from 0
for line in sys.stdin:
    bot.stdin.write(line); bot.stdin.flush()
    if '"player_num"' in line or '"position"' in line and '"view"' in line:
        said = bot.stdout.readline()
        answers += 1
        print('{{"command":"pass"}}' if answers > {from} else said.rstrip(), flush=True)
"#
        ),
    )
    .unwrap();
    format!("python3 {} {}", script.display(), sample_bot("greedy", 0))
}

/// Whether a program is on PATH; when it is not, says so loudly, and fails under CI.
pub fn have(program: &str) -> bool {
    let found = Command::new("sh").arg("-c").arg(format!("command -v {program}")).output().is_ok_and(|o| o.status.success());
    if !found {
        assert!(std::env::var("CI").as_deref() != Ok("true"), "{program} is missing under CI: .ci/run installs it");
        eprintln!("\n*** {program} is not installed: its part of this test is SKIPPED ***\n");
    }
    found
}

/// An X display of a window under test's own. Xvfb picks a free number itself (`-displayfd`),
/// so windows opened at once by tests in one binary never share a display (`xvfb-run -a` and
/// numbers of our own choosing could), and it ends on SIGTERM, which removes its lock file.
pub struct Xvfb {
    child: std::process::Child,
    /// `:N`, for `DISPLAY`.
    pub display: String,
}

impl Xvfb {
    /// A screen of `size` (`1280x800x24`), ready to connect to when this returns.
    pub fn start(size: &str) -> Xvfb {
        use std::io::BufRead;
        let mut child = Command::new("Xvfb")
            .args(["-displayfd", "1", "-screen", "0", size])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("Xvfb starts");
        let mut number = String::new();
        let _ = std::io::BufReader::new(child.stdout.take().expect("piped")).read_line(&mut number);
        let number: u32 = number.trim().parse().unwrap_or_else(|_| panic!("Xvfb gave no display number ({number:?})"));
        Xvfb { child, display: format!(":{number}") }
    }
}

impl Drop for Xvfb {
    fn drop(&mut self) {
        let _ = Command::new("kill").arg(self.child.id().to_string()).status();
        let until = std::time::Instant::now() + std::time::Duration::from_secs(5);
        while matches!(self.child.try_wait(), Ok(None)) && std::time::Instant::now() < until {
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One window at a time, in every module: the software renderer has two cores to share.
pub static WINDOWS: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// `python3 -m http.server` on a loopback port, serving `folder`; killed when dropped.
pub struct HttpServer {
    child: std::process::Child,
    pub port: u16,
}

impl HttpServer {
    pub fn start(folder: &Path) -> HttpServer {
        use std::io::BufRead;
        let mut child = Command::new("python3")
            .args(["-u", "-m", "http.server", "--bind", "127.0.0.1", "0", "--directory"])
            .arg(folder)
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("python3 runs");
        // "Serving HTTP on 127.0.0.1 port 41234 (http://127.0.0.1:41234/) ..."
        let mut line = String::new();
        let _ = std::io::BufReader::new(child.stdout.take().expect("piped")).read_line(&mut line);
        let port = line.strip_prefix("Serving HTTP on 127.0.0.1 port ").and_then(|rest| rest.split(' ').next()?.parse().ok());
        HttpServer { child, port: port.unwrap_or_else(|| panic!("the server gave no port: {line:?}")) }
    }

    pub fn url(&self, name: &str) -> String {
        format!("http://127.0.0.1:{}/{name}", self.port)
    }
}

impl Drop for HttpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
