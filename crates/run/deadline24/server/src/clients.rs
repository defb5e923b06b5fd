//! `kibitz match` for a server game: a server on a free loopback port, one team per client
//! command, each client started as bots are (`sh -c`), told where to connect and how to log in
//! through its environment and its last four arguments.
//!
//! What a client writes on its stderr is recorded in the replay with its team's next command
//! ([`ClientsSaid`]), as a bot's is with its turn: its plain lines, and its drawing lines
//! ([`kibitz_core::drawing`]) for the viewer to draw. Clients that connect from elsewhere have
//! no stderr the server sees, so they cannot draw.

use crate::{GameResult, OnTurn, ReplayOut, ServerOptions, TeamLogin, serve};
use kibitz_core::drawing::{self, Capped, Dims};
use kibitz_core::replay::Failure;
use kibitz_core::rng::SplitMix64;
use kibitz_deadline24::{Rules, Setup};
use std::collections::VecDeque;
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, BufReader};
use tokio::net::TcpListener;
use tokio::process::{Child, Command};
use tokio::task::JoinHandle;

/// How one client process fared.
#[derive(Debug, Clone, PartialEq)]
pub struct ClientReport {
    pub team: usize,
    pub login: String,
    /// Why the client counts as failed: it exited with an error before the end (or its shell
    /// could not run it: "command not found: WORD").
    pub failed: Option<String>,
}

/// The teams of a match: `team1`, `team2`, ... with passwords from the seed.
pub fn match_teams(count: usize, seed: u64) -> Vec<TeamLogin> {
    let mut rng = SplitMix64::new(seed ^ 0x7ea5_0001);
    (1..=count).map(|i| TeamLogin { login: format!("team{i}"), password: format!("{:012x}", rng.next_u64() >> 16) }).collect()
}

/// Longest stderr line of a client passed on whole; a longer one is passed on in pieces.
const MAX_STDERR_LINE: usize = 64 * 1024;
/// Stderr lines of a client kept for the reason it failed ([`kibitz_referee::stderr::with_tail`]).
const LAST_STDERR_LINES: usize = 8;

/// A client's last stderr lines, and the task passing them on (it ends when the pipe closes).
struct ClientStderr {
    last: Arc<Mutex<VecDeque<String>>>,
    reader: JoinHandle<()>,
}

/// Plain stderr lines of a client kept for its team's next command; the rest are counted.
const MAX_SAID_LINES: usize = 200;

/// What each client started here wrote on stderr since its team's last command, waiting to be
/// recorded with the next one. Bounded per team whatever a client writes: [`MAX_SAID_LINES`]
/// plain lines and the drawing caps ([`Capped`]).
#[derive(Debug, Clone, Default)]
pub struct ClientsSaid(Arc<Mutex<Vec<TeamSaid>>>);

#[derive(Debug, Clone, Default)]
struct TeamSaid {
    lines: Vec<String>,
    dropped: usize,
    drawing: Capped,
}

impl ClientsSaid {
    /// Keeps one line `team`'s client wrote.
    pub fn add(&self, team: usize, line: String) {
        let Ok(mut teams) = self.0.lock() else { return };
        if teams.len() <= team {
            teams.resize_with(team + 1, TeamSaid::default);
        }
        let said = &mut teams[team];
        if said.drawing.push(&line) {
            return;
        }
        if said.lines.len() < MAX_SAID_LINES {
            said.lines.push(line);
        } else {
            said.dropped += 1;
        }
    }

    /// What `team`'s client wrote since the last call: its plain lines, and its drawing lines
    /// that read for a game of `dims` (each bad one is in the plain lines with why).
    pub fn take(&self, team: usize, dims: Dims) -> (Vec<String>, Vec<String>) {
        let Ok(mut teams) = self.0.lock() else { return Default::default() };
        let Some(said) = teams.get_mut(team) else { return Default::default() };
        let mut lines = std::mem::take(&mut said.lines);
        if said.dropped > 0 {
            lines.push(format!("[kibitz: {} more stderr lines not kept]", std::mem::take(&mut said.dropped)));
        }
        let (draw, over) = said.drawing.take();
        lines.extend(over);
        let draw = drawing::sort_out(draw, &mut lines, dims);
        (lines, draw)
    }
}

/// How a client is started, here and by `kibitz replay rerun`: `sh -c` in a group of its own,
/// as bots are started (so that ending the client ends whatever its shell started), told where
/// to connect and how to log in by its last four arguments and its environment.
pub fn client_command(command: &str, host: &str, port: u16, team: &TeamLogin) -> std::process::Command {
    let line = format!("{command} {host} {port} {} {}", team.login, team.password);
    let mut sh = kibitz_referee::command::shell(&line);
    sh.env("KIBITZ_HOST", host)
        .env("KIBITZ_PORT", port.to_string())
        .env("KIBITZ_LOGIN", &team.login)
        .env("KIBITZ_PASSWORD", &team.password);
    sh
}

fn start(
    command: &str,
    host: &str,
    port: u16,
    team: &TeamLogin,
    index: usize,
    said: ClientsSaid,
) -> std::io::Result<(Child, Option<ClientStderr>)> {
    let mut child = Command::from(client_command(command, host, port, team))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()?;
    // The client's own messages, marked with its team, on our standard error (its drawing
    // only in the replay); the last few are kept, to be said with its failure.
    let stderr = child.stderr.take().map(|stderr| {
        let login = team.login.clone();
        let last = Arc::new(Mutex::new(VecDeque::new()));
        let kept = Arc::clone(&last);
        let reader = tokio::spawn(async move {
            let mut stderr = BufReader::new(stderr);
            let mut bytes = Vec::new();
            loop {
                bytes.clear();
                match (&mut stderr).take(MAX_STDERR_LINE as u64).read_until(b'\n', &mut bytes).await {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {}
                }
                let line = bytes.strip_suffix(b"\n").unwrap_or(&bytes);
                let line = String::from_utf8_lossy(line.strip_suffix(b"\r").unwrap_or(line)).into_owned();
                if line.starts_with(drawing::PREFIX) {
                    said.add(index, line);
                    continue;
                }
                eprintln!("[{login}] {line}");
                if let Ok(mut last) = kept.lock() {
                    if last.len() == LAST_STDERR_LINES {
                        last.pop_front();
                    }
                    last.push_back(line.clone());
                }
                said.add(index, line);
            }
        });
        ClientStderr { last, reader }
    });
    Ok((child, stderr))
}

/// Plays `options.games` games between the clients and returns the results and each client's
/// report. `options.teams` is replaced by one generated team per client, logged in as `names`
/// (`team1`, `team2`, … when there are none).
pub async fn run_with_clients<R: Rules>(
    setup: Setup<R::Params>,
    mut options: ServerOptions,
    commands: &[String],
    names: &[String],
    out: ReplayOut,
    on_turn: Option<OnTurn>,
) -> std::io::Result<(Vec<GameResult>, Vec<ClientReport>)> {
    let listener = TcpListener::bind(("127.0.0.1", 0)).await?;
    options.teams = match_teams(commands.len(), options.seed);
    for (team, name) in options.teams.iter_mut().zip(names) {
        team.login = name.clone();
    }
    let seats: Vec<Option<String>> = commands.iter().cloned().map(Some).collect();
    play_seats::<R>(listener, None, setup, options, &seats, out, on_turn).await
}

/// Plays `options.games` games at `listener` (a loopback port), one team of `options.teams`
/// per seat: a seat with a command gets its client process, logged in as its team; a seat
/// without one is left for whoever hosts the server to connect (a human, in the app).
/// Returns the results and each client's report.
pub async fn play_seats<R: Rules>(
    listener: TcpListener,
    spectate: Option<TcpListener>,
    setup: Setup<R::Params>,
    mut options: ServerOptions,
    seats: &[Option<String>],
    out: ReplayOut,
    on_turn: Option<OnTurn>,
) -> std::io::Result<(Vec<GameResult>, Vec<ClientReport>)> {
    if seats.len() != options.teams.len() {
        return Err(std::io::Error::other(format!("{} seats for {} teams", seats.len(), options.teams.len())));
    }
    let port = listener.local_addr()?.port();
    options.commands = seats.to_vec();
    // Every client (and the human) connects from this machine: one address, many teams.
    options.max_pending_per_address = options.max_pending_per_address.max(seats.len() * options.max_connections_per_team);
    let teams = options.teams.clone();
    let failures = options.failures.clone();
    let mut clients = Vec::new();
    for (index, (seat, team)) in seats.iter().zip(&teams).enumerate() {
        if let Some(command) = seat {
            let (child, stderr) = start(command, "127.0.0.1", port, team, index, options.said.clone())?;
            // The group's number, taken now: at the end the `sh` itself may be gone already.
            let group = child.id();
            let watcher = tokio::spawn(watch(child, stderr, index, command.clone(), failures.clone()));
            clients.push((index, group, watcher));
        }
    }
    let results = serve::<R>(listener, spectate, setup, options, out, on_turn).await;
    failures.close();
    let failed = failures.list();
    let mut reports = Vec::new();
    for (index, group, watcher) in clients {
        if let Some(pid) = group {
            kibitz_referee::process::kill_group(pid);
        }
        // The watcher holds the child: ending it drops the child, which kills it.
        watcher.abort();
        let _ = watcher.await;
        let failed = failed.iter().find(|f| f.player == index).map(|f| f.reason.clone());
        reports.push(ClientReport { team: index, login: teams[index].login.clone(), failed });
    }
    Ok((results?, reports))
}

/// Waits for a client to end; one that ends while the games go on, with an error or not, is
/// added to `failures`, which the end records name ("command not found: WORD" for a command its
/// shell could not run; otherwise its exit status and the last lines it wrote on stderr, its own
/// word on why). Once the games are over, `failures` takes no more.
async fn watch(mut child: Child, stderr: Option<ClientStderr>, team: usize, command: String, failures: Failures) {
    let Ok(status) = child.wait().await else { return };
    let reason = match kibitz_referee::command::not_run(&command, status.code()) {
        Some(reason) => reason,
        None => {
            let mut last = Vec::new();
            if let Some(stderr) = stderr {
                // Its stderr ends with it, unless something it started holds it open: wait a little.
                let _ = tokio::time::timeout(Duration::from_millis(500), stderr.reader).await;
                last = stderr.last.lock().map(|last| last.iter().cloned().collect()).unwrap_or_default();
            }
            kibitz_referee::stderr::with_tail(format!("the client exited before the end of the games ({status})"), &last)
        }
    };
    failures.add(Failure { player: team, reason });
}

/// The clients that failed so far, with why (the first reason a team's): their watchers add to
/// it, so does the server for a team that did not log in during the first turn, and each game's
/// end record names them. Closed when the last game ends: a client that ends after that has not
/// failed.
#[derive(Debug, Clone, Default)]
pub struct Failures(Arc<Mutex<(Vec<Failure>, bool)>>);

impl Failures {
    pub fn add(&self, failure: Failure) {
        if let Ok(mut guard) = self.0.lock() {
            let (list, closed) = &mut *guard;
            if !*closed && !list.iter().any(|f| f.player == failure.player) {
                list.push(failure);
            }
        }
    }

    pub fn list(&self) -> Vec<Failure> {
        self.0.lock().map(|guard| guard.0.clone()).unwrap_or_default()
    }

    /// The games are over: nothing more is a failure.
    pub fn close(&self) {
        if let Ok(mut guard) = self.0.lock() {
            guard.1 = true;
        }
    }
}
