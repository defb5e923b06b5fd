//! `kibitz match` for a server game: a server on a free loopback port, one team per client
//! command, each client started as bots are (`sh -c`), told where to connect and how to log in
//! through its environment and its last four arguments.

use crate::{GameResult, OnTurn, ReplayOut, ServerOptions, TeamLogin, serve};
use kibitz_core::rng::SplitMix64;
use kibitz_deadline24::{Rules, Setup};
use std::process::Stdio;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::net::TcpListener;
use tokio::process::{Child, Command};

/// How one client process fared.
#[derive(Debug, Clone, PartialEq)]
pub struct ClientReport {
    pub team: usize,
    pub login: String,
    /// Why the client counts as failed: it exited with an error before the end.
    pub failed: Option<String>,
}

/// The teams of a match: `team1`, `team2`, ... with passwords from the seed.
pub fn match_teams(count: usize, seed: u64) -> Vec<TeamLogin> {
    let mut rng = SplitMix64::new(seed ^ 0x7ea5_0001);
    (1..=count).map(|i| TeamLogin { login: format!("team{i}"), password: format!("{:012x}", rng.next_u64() >> 16) }).collect()
}

fn start(command: &str, host: &str, port: u16, team: &TeamLogin) -> std::io::Result<Child> {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("{command} {host} {port} {} {}", team.login, team.password))
        .env("KIBITZ_HOST", host)
        .env("KIBITZ_PORT", port.to_string())
        .env("KIBITZ_LOGIN", &team.login)
        .env("KIBITZ_PASSWORD", &team.password)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        // A group of its own, so that ending the client ends whatever its `sh -c` started.
        .process_group(0)
        .spawn()?;
    // The client's own messages, marked with its team, on our standard error.
    if let Some(stderr) = child.stderr.take() {
        let login = team.login.clone();
        tokio::spawn(async move {
            let mut lines = BufReader::new(stderr).lines();
            while let Ok(Some(line)) = lines.next_line().await {
                eprintln!("[{login}] {line}");
            }
        });
    }
    Ok(child)
}

/// Plays `options.games` games between the clients and returns the results and each client's
/// report. `options.teams` is replaced by one generated team per client.
pub async fn run_with_clients<R: Rules>(
    setup: Setup<R::Params>,
    mut options: ServerOptions,
    commands: &[String],
    out: ReplayOut,
    on_turn: Option<OnTurn>,
) -> std::io::Result<(Vec<GameResult>, Vec<ClientReport>)> {
    let listener = TcpListener::bind(("127.0.0.1", 0)).await?;
    options.teams = match_teams(commands.len(), options.seed);
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
    let teams = options.teams.clone();
    let mut children = Vec::new();
    for (index, (seat, team)) in seats.iter().zip(&teams).enumerate() {
        if let Some(command) = seat {
            let child = start(command, "127.0.0.1", port, team)?;
            let group = child.id();
            children.push((index, child, group));
        }
    }
    let results = serve::<R>(listener, spectate, setup, options, out, on_turn).await?;
    let mut reports = Vec::new();
    for (index, mut child, group) in children {
        let failed = match child.try_wait()? {
            Some(status) if !status.success() => Some(format!("the client exited during the game ({status})")),
            _ => None,
        };
        // By the group's number taken at the start: the `sh` itself may be gone already.
        if let Some(pid) = group {
            kibitz_referee::process::kill_group(pid);
        }
        let _ = child.kill().await;
        reports.push(ClientReport { team: index, login: teams[index].login.clone(), failed });
    }
    Ok((results, reports))
}
