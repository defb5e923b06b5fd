//! Hand play of a server game (the Deadline24 games), the same for all three: the app hosts a
//! real server on loopback ports on a thread of its own, starts the other teams' clients, follows
//! the match through the server's spectator port, and gives the human a real connection of
//! their team's. Nothing is simulated on the side: what the human sees is what the server
//! recorded, and every action is a command line over TCP.

use kibitz_deadline24::{AnswerLines, Rules, Setup, answer_length};
use kibitz_deadline24_client::{Client, Connect};
use kibitz_deadline24_server::{Clock, GameResult, ReplayOut, Resume, ServerOptions, TeamLogin};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// A server the app runs for a hand-played match. Dropping it stops the game (the replay ends
/// with a record saying so) and waits for the server, so no client process is left behind.
pub struct Hosted {
    pub port: u16,
    pub spectate: SocketAddr,
    pub teams: Vec<TeamLogin>,
    /// The host's pause and stop.
    pub clock: Clock,
    /// Where the replay is written.
    pub out: PathBuf,
    thread: Option<JoinHandle<Result<Vec<GameResult>, String>>>,
}

/// A match to host: the setup, the seed, one seat per team (a client command, or `None` for
/// the human), and the recorded game it continues, if any.
pub struct HostPlan<P> {
    pub setup: Setup<P>,
    pub seed: u64,
    pub seats: Vec<Option<String>>,
    /// The teams' logins (passwords are made up here); default `team1`, `team2`, ...
    pub names: Option<Vec<String>>,
    pub resume: Option<Resume>,
    /// Start with the turn clock paused (the host lets it run).
    pub paused: bool,
}

impl Hosted {
    /// Binds the ports here (so that they are known at once), then runs the server and the
    /// clients on a thread of their own until the game ends or the host stops it.
    pub fn start<R: Rules>(plan: HostPlan<R::Params>, out: &Path) -> Result<Hosted, String> {
        let bind = || {
            let listener = std::net::TcpListener::bind(("127.0.0.1", 0)).map_err(|e| format!("cannot open a loopback port: {e}"))?;
            listener.set_nonblocking(true).map_err(|e| e.to_string())?;
            Ok::<_, String>(listener)
        };
        let (teams_listener, spectators) = (bind()?, bind()?);
        let port = teams_listener.local_addr().map_err(|e| e.to_string())?.port();
        let spectate = spectators.local_addr().map_err(|e| e.to_string())?;
        let mut teams = kibitz_deadline24_server::match_teams(plan.seats.len(), plan.seed);
        for (team, name) in teams.iter_mut().zip(plan.names.iter().flatten()) {
            team.login = name.split_whitespace().collect::<Vec<_>>().join("_");
        }
        let clock = Clock::default();
        clock.pause(plan.paused);
        let mut options = ServerOptions::new(teams.clone());
        options.seed = plan.seed;
        options.clock = clock.clone();
        options.resume = plan.resume;
        // A human may think for a long while (with the clock paused, longer still).
        options.idle_timeout = Duration::from_secs(24 * 3600);
        let file = std::fs::File::create(out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
        let mut file = Some(file);
        let replay: ReplayOut = Box::new(move |_game| {
            let file = file.take().ok_or_else(|| std::io::Error::other("a hand-played match is one game"))?;
            Ok(Box::new(std::io::BufWriter::new(file)))
        });
        let (setup, seats) = (plan.setup, plan.seats);
        let thread = std::thread::Builder::new()
            .name("kibitz-host".into())
            .spawn(move || {
                let rt = crate::kit::deadline24::server::runtime().map_err(|e| e.to_string())?;
                rt.block_on(async move {
                    let listener = tokio::net::TcpListener::from_std(teams_listener).map_err(|e| e.to_string())?;
                    let spectators = tokio::net::TcpListener::from_std(spectators).map_err(|e| e.to_string())?;
                    kibitz_deadline24_server::play_seats::<R>(listener, Some(spectators), setup, options, &seats, replay, None)
                        .await
                        .map(|(results, _)| results)
                        .map_err(|e| e.to_string())
                })
            })
            .map_err(|e| format!("cannot start the server's thread: {e}"))?;
        Ok(Hosted { port, spectate, teams, clock, out: out.to_path_buf(), thread: Some(thread) })
    }

    /// Why the server stopped early, once it has (`None` while it runs or after a normal end).
    pub fn failure(&mut self) -> Option<String> {
        if self.thread.as_ref().is_some_and(|t| t.is_finished()) {
            let result = self.thread.take().expect("checked").join();
            return match result {
                Ok(Ok(_)) => None,
                Ok(Err(e)) => Some(format!("the server stopped: {e}")),
                Err(_) => Some("the server's thread panicked".into()),
            };
        }
        None
    }

    /// The connection details of team `team`.
    pub fn connect(&self, team: usize) -> Connect {
        let t = &self.teams[team];
        Connect { host: "127.0.0.1".into(), port: self.port, login: t.login.clone(), password: t.password.clone() }
    }
}

impl Drop for Hosted {
    fn drop(&mut self) {
        self.clock.stop("stopped by the user");
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// One command a human sent and what came back.
#[derive(Debug, Clone)]
pub struct Exchange {
    pub command: String,
    pub answer: Vec<String>,
    /// The connection failed (the answer is then incomplete).
    pub broken: Option<String>,
    /// From sending the command to the answer's last line.
    pub took: Duration,
}

impl Exchange {
    /// Whether the command did not do what it asked: the connection broke, or the answer says
    /// no ([`says_no`]).
    pub fn failed(&self) -> bool {
        self.broken.is_some() || says_no(self.answer.iter().map(String::as_str))
    }
}

/// Whether an answer's lines say no: the server refused the command (`FAILED`, an error of the
/// Deadline24 protocol), or the game answered no (wycinanka's `OK` then `INCORRECT`: a
/// solution that does not fit). The panel and the turn log colour answers by it.
pub fn says_no<'a>(mut lines: impl Iterator<Item = &'a str>) -> bool {
    let first = lines.next();
    first.is_some_and(|l| l.starts_with("FAILED")) || first.into_iter().chain(lines).any(|l| l == "INCORRECT")
}

/// A human's connection to the server as one of its teams: commands go out in order on a
/// thread of their own, each answer read to its end (the game says how long each is).
pub struct Terminal {
    commands: Mutex<Sender<String>>,
    answers: Mutex<Receiver<Exchange>>,
    /// Commands sent whose answers have not come back.
    pub pending: usize,
}

impl Terminal {
    pub fn connect(connect: Connect, answer_lines: fn(&str) -> AnswerLines) -> Terminal {
        let (commands, to_send) = channel::<String>();
        let (answered, answers) = channel();
        let _ = std::thread::Builder::new().name("kibitz-terminal".into()).spawn(move || {
            let mut client = match Client::connect(&connect) {
                Ok(client) => client,
                Err(e) => {
                    let _ =
                        answered.send(Exchange { command: "(log in)".into(), answer: Vec::new(), broken: Some(e), took: Duration::ZERO });
                    return;
                }
            };
            for command in to_send {
                let started = Instant::now();
                let (answer, broken) = ask(&mut client, &command, answer_lines(&command));
                let broken_now = broken.is_some();
                if answered.send(Exchange { command, answer, broken, took: started.elapsed() }).is_err() || broken_now {
                    return;
                }
            }
        });
        Terminal { commands: Mutex::new(commands), answers: Mutex::new(answers), pending: 0 }
    }

    pub fn send(&mut self, command: &str) {
        let sent = self.commands.lock().map(|s| s.send(command.trim().to_string()).is_ok()).unwrap_or(false);
        if sent {
            self.pending += 1;
        }
    }

    /// The answers that came back since the last call.
    pub fn answers(&mut self) -> Vec<Exchange> {
        let got: Vec<Exchange> = self.answers.lock().map(|r| r.try_iter().collect()).unwrap_or_default();
        self.pending = self.pending.saturating_sub(got.len());
        got
    }
}

/// Sends `command` and reads its answer, as long as `shape` says.
fn ask(client: &mut Client, command: &str, shape: AnswerLines) -> (Vec<String>, Option<String>) {
    let mut answer = Vec::new();
    if let Err(e) = client.send(command) {
        return (answer, Some(e));
    }
    while answer_length(shape, &answer).is_none_or(|n| answer.len() < n) {
        match client.line() {
            Ok(line) => answer.push(line),
            Err(e) => return (answer, Some(e)),
        }
    }
    (answer, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exchange(answer: &[&str]) -> Exchange {
        Exchange { command: "C".into(), answer: answer.iter().map(|l| l.to_string()).collect(), broken: None, took: Duration::ZERO }
    }

    #[test]
    fn an_answer_that_says_no_is_a_failure() {
        assert!(says_no(["OK", "INCORRECT"].into_iter()));
        assert!(exchange(&["FAILED 3 bad format"]).failed());
        assert!(exchange(&["OK", "INCORRECT"]).failed(), "wycinanka's refused solution");
        assert!(!exchange(&["OK", "ACCEPTED 12.500000"]).failed());
        assert!(!exchange(&["OK"]).failed());
    }
}
