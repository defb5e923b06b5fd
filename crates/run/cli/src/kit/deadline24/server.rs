//! `kibitz serve GAME` and `kibitz match GAME` for the Deadline24 server games, once for all
//! three: the common arguments (turns, K, limits, games, replays), the teams file, progress on
//! the terminal, and the summary line.

use crate::kit::contract::room::{Capabilities, Matches, Reruns, Server, Verb};
use crate::kit::deadline24::served::PreparedServer;
use crate::kit::matches::args::{at_least_one, replay_path, within};
use crate::kit::matches::progress::spinner;
use crate::kit::matches::summary::Summary;
use anyhow::Context;
use clap::{Args, Parser};
use kibitz_core::Game;
use kibitz_core::bounded::GAMES;
use kibitz_core::replay::{Failure, Replay};
use kibitz_deadline24::{Common, Fixed6, Outcome, Realtime, Rules, Setup, bounds};
use kibitz_deadline24_server::{ClientReport, GameResult, MAX_TEAMS, OnTurn, ReplayOut, Resume, ServerOptions, Start, TeamLogin, TurnInfo};
use std::io::IsTerminal;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Turns, scoring and recording, common to `serve` and `match`.
#[derive(Args)]
pub struct TurnArgs {
    /// Where to write the replay; with several games, game K goes to NAME-gK.jsonl.
    #[arg(long)]
    pub out: PathBuf,
    /// The seed of the first game (game K uses SEED + K − 1).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Length of a turn in milliseconds (the contest used 1–10 s).
    #[arg(long, default_value_t = 1000, value_parser = within(bounds::TURN_MS))]
    pub turn_ms: u64,
    /// The game's score factor K.
    #[arg(long, default_value = "1.0", value_parser = within(bounds::K))]
    pub k: Fixed6,
    /// Commands per team per turn before errors 6 and 7.
    #[arg(long, default_value_t = 200, value_parser = within(bounds::COMMAND_LIMIT))]
    pub command_limit: u32,
    /// End each game after this many turns, whatever the rules say: a cap for short games.
    /// `TIME TO MINE`, `TIME TO CUT` and `TIME TO FIGHT` count it when it ends the game sooner
    /// than its own length (wycinanka's and osada's --game-turns; fedrunek's once the cap is
    /// within 50 turns).
    #[arg(long, value_parser = within(bounds::TURN_CAP))]
    pub turns: Option<u32>,
    /// Games to play one after another.
    #[arg(long, default_value_t = 1, value_parser = within(GAMES))]
    pub games: u32,
    /// When the first turn starts: `now`, `all-logged-in` (once every team has logged in) or
    /// `at HH:MM` (local time; tomorrow once that minute is over today). Until then commands
    /// are answered in turn 1, its clock held. Default: all-logged-in for serve; for match,
    /// once every client has logged in or 10 s after the start (a client not logged in by the
    /// end of the first turn fails).
    #[arg(long, value_name = "WHEN", num_args = 1..=2)]
    pub start: Vec<String>,
}

impl TurnArgs {
    fn setup<P>(&self, game: P) -> Setup<P> {
        let common = Common { turn_ms: self.turn_ms, k: self.k, command_limit: self.command_limit, turn_cap: self.turns, retimed: None };
        Setup { common, game }
    }

    fn options(&self, teams: Vec<TeamLogin>) -> ServerOptions {
        let mut options = ServerOptions::new(teams);
        options.games = self.games;
        options.seed = self.seed;
        options
    }

    /// `--start`, or `default` when it is not given.
    fn start_at(&self, default: StartAt) -> anyhow::Result<StartAt> {
        if self.start.is_empty() { Ok(default) } else { parse_start(&self.start.join(" ")).map_err(anyhow::Error::msg) }
    }
}

/// How long `kibitz match` waits for its clients to log in before the first turn starts anyway.
const CLIENT_GRACE: Duration = Duration::from_secs(10);

/// When a server's first turn starts, as `--start` gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StartAt {
    Now,
    AllLoggedIn,
    /// `kibitz match`'s own: every client logged in, or the grace over.
    AllClientsIn,
    /// The next time the local clock shows this hour and minute.
    At {
        hour: u32,
        minute: u32,
    },
}

/// Reads `--start`'s value: `now`, `all-logged-in` or `at HH:MM`.
pub fn parse_start(value: &str) -> Result<StartAt, String> {
    let words: Vec<&str> = value.split_whitespace().collect();
    match words[..] {
        ["now"] => Ok(StartAt::Now),
        ["all-logged-in"] => Ok(StartAt::AllLoggedIn),
        ["at", time] => time_of_day(time)
            .map(|(hour, minute)| StartAt::At { hour, minute })
            .ok_or_else(|| format!("--start at {time}: {time} is not a time of day (HH:MM, from 00:00 to 23:59)")),
        _ => Err(format!("--start {value}: expected now, all-logged-in or at HH:MM")),
    }
}

/// `H:MM` or `HH:MM` on a 24-hour clock.
fn time_of_day(text: &str) -> Option<(u32, u32)> {
    let (hour, minute) = text.split_once(':')?;
    let digits = |s: &str, len: std::ops::RangeInclusive<usize>| len.contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(hour, 1..=2) || !digits(minute, 2..=2) {
        return None;
    }
    let (hour, minute) = (hour.parse().ok()?, minute.parse().ok()?);
    (hour < 24 && minute < 60).then_some((hour, minute))
}

impl StartAt {
    /// The server's start, and how the start-up line says it.
    fn start(self, teams: usize) -> anyhow::Result<(Start, String)> {
        Ok(match self {
            StartAt::Now => (Start::Now, "the first turn starts now".into()),
            StartAt::AllLoggedIn => {
                let who = if teams == 1 { "the team has".to_string() } else { format!("all {teams} teams have") };
                (Start::AllLoggedIn, format!("the first turn starts once {who} logged in"))
            }
            StartAt::AllClientsIn => (Start::AllLoggedInWithin(CLIENT_GRACE), String::new()),
            StartAt::At { hour, minute } => {
                let (at, tomorrow) = next_local_time(hour, minute)?;
                let wait = at.duration_since(SystemTime::now()).unwrap_or_default();
                let day = if tomorrow { "tomorrow" } else { "today" };
                (Start::At(at), format!("the first turn starts at {hour:02}:{minute:02} {day} (in {})", span(wait)))
            }
        })
    }
}

/// A wait as hours and minutes, or seconds under a minute.
fn span(wait: Duration) -> String {
    let seconds = wait.as_secs();
    match seconds {
        0..60 => format!("{seconds} s"),
        60..3600 => format!("{} min", seconds / 60),
        _ => format!("{} h {} min", seconds / 3600, seconds / 60 % 60),
    }
}

/// The next time the local clock shows `hour:minute`: today, or tomorrow once that minute is
/// over today (within it, now). Says whether it is tomorrow.
fn next_local_time(hour: u32, minute: u32) -> anyhow::Result<(SystemTime, bool)> {
    let now = SystemTime::now().duration_since(UNIX_EPOCH).context("the system clock is before 1970")?.as_secs() as libc::time_t;
    let local = |days_ahead: i32| -> Option<libc::time_t> {
        // SAFETY: localtime_r and mktime read and write only the `tm` handed to them, which is
        // plain data (a null zone pointer included).
        unsafe {
            let mut tm: libc::tm = std::mem::zeroed();
            if libc::localtime_r(&now, &mut tm).is_null() {
                return None;
            }
            tm.tm_mday += days_ahead;
            (tm.tm_hour, tm.tm_min, tm.tm_sec, tm.tm_isdst) = (hour as i32, minute as i32, 0, -1);
            let time = libc::mktime(&mut tm);
            (time != -1).then_some(time)
        }
    };
    let today = local(0).context("cannot read the local time")?;
    let (time, tomorrow) = if today + 60 > now { (today, false) } else { (local(1).context("cannot read the local time")?, true) };
    Ok((UNIX_EPOCH + Duration::from_secs(time.max(0) as u64), tomorrow))
}

/// The listening side of `kibitz serve`.
#[derive(Args)]
pub struct ListenArgs {
    /// Address and port the teams connect to.
    #[arg(long, default_value = "127.0.0.1:20000")]
    pub listen: SocketAddr,
    /// Address and port where spectators get the replay lines live.
    #[arg(long)]
    pub spectate: Option<SocketAddr>,
    /// The teams and their passwords, in RON: [(login: "team1", password: "..."), ...].
    #[arg(long)]
    pub teams: PathBuf,
    /// Connections a team may hold at once.
    #[arg(long, default_value_t = 10)]
    pub max_connections_per_team: usize,
    /// Connections from one address that may wait for their login at once (no address can
    /// keep another from logging in). Teams behind one NAT address share them: raise it there.
    /// One more is refused (FAILED 5, the protocol's only word for it) and logged with why.
    #[arg(long, default_value_t = 4, value_parser = at_least_one::<usize>)]
    pub max_pending_per_address: usize,
    /// Read the organisers' console commands on standard input even when it is not a terminal
    /// (status, pause [REASON], resume, end-turn, kick TEAM, stop [REASON]).
    #[arg(long)]
    pub console: bool,
}

fn replay_out(out: &Path, games: u32) -> ReplayOut {
    let out = out.to_path_buf();
    Box::new(move |game| {
        let path = replay_path(&out, game, games);
        let file = std::fs::File::create(&path).map_err(|e| std::io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
        Ok(Box::new(std::io::BufWriter::new(file)))
    })
}

/// Where each entry of a RON list starts (line and column, from 1): the `(`s one level inside
/// the list's `[`, strings skipped; one pass, and no more than `most` + 1 of them.
fn entry_starts(text: &str, most: usize) -> Vec<(usize, usize)> {
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    let (mut line, mut col) = (1, 0);
    let mut starts = Vec::new();
    for c in text.chars() {
        if c == '\n' {
            (line, col) = (line + 1, 0);
        } else {
            col += 1;
        }
        if in_string {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '[' | '(' => {
                if c == '(' && depth == 1 {
                    starts.push((line, col));
                    if starts.len() > most {
                        break;
                    }
                }
                depth += 1;
            }
            ']' | ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    starts
}

/// The largest teams file read: [`MAX_TEAMS`] teams of the longest logins and passwords, with
/// room to spare for comments.
const MAX_TEAMS_FILE: u64 = 1 << 20;

/// Reads a teams file: at most [`MAX_TEAMS`] teams, their logins and passwords as
/// [`TeamLogin::fault`] wants them, no login twice, no field but those two; a fault is named
/// with its line and column.
pub fn load_teams(path: &Path) -> anyhow::Result<Vec<TeamLogin>> {
    let size = match std::fs::metadata(path) {
        Ok(meta) => meta.len(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let folder = std::path::absolute(path).ok().and_then(|p| p.parent().map(Path::to_path_buf));
            anyhow::bail!(
                "the teams file {} does not exist{}; kibitz teams generate N --out {} makes one",
                path.display(),
                folder.map_or(String::new(), |f| format!(" (looked in {})", f.display())),
                path.display()
            )
        }
        Err(e) => anyhow::bail!("cannot read the teams file {}: {e}", path.display()),
    };
    anyhow::ensure!(
        size <= MAX_TEAMS_FILE,
        "{}: {size} bytes, more than a teams file of at most {MAX_TEAMS} teams needs ({MAX_TEAMS_FILE} bytes)",
        path.display()
    );
    let text = std::fs::read_to_string(path).map_err(|e| anyhow::anyhow!("cannot read the teams file {}: {e}", path.display()))?;
    let starts = entry_starts(&text, MAX_TEAMS);
    if let Some((line, col)) = starts.get(MAX_TEAMS) {
        anyhow::bail!("{}:{line}:{col}: team {}: a server takes at most {MAX_TEAMS} teams", path.display(), MAX_TEAMS + 1);
    }
    let teams: Vec<TeamLogin> = ron::from_str(&text).map_err(|e| {
        anyhow::anyhow!(
            "{}:{}:{}: not a teams list ({}); expected [(login: \"team1\", password: \"...\"), ...]",
            path.display(),
            e.span.start.line,
            e.span.start.col,
            e.code
        )
    })?;
    anyhow::ensure!(!teams.is_empty(), "{}: no teams", path.display());
    let mut seen = std::collections::HashSet::new();
    for (i, t) in teams.iter().enumerate() {
        let fault = t.fault().or_else(|| (!seen.insert(t.login.as_str())).then(|| format!("login {:?} appears twice", t.login)));
        if let Some(fault) = fault {
            let at = starts.get(i).map_or(String::new(), |(line, col)| format!(":{line}:{col}"));
            anyhow::bail!("{}{at}: team {}: {fault}", path.display(), i + 1);
        }
    }
    Ok(teams)
}

/// A spinner line per turn on the terminal: game, turn, commands so far.
fn progress(games: u32) -> (indicatif::ProgressBar, OnTurn) {
    let bar = spinner();
    let shown = bar.clone();
    let on_turn: OnTurn = Box::new(move |t: &TurnInfo| {
        shown.set_message(format!("game {}/{games} · turn {} · {} commands", t.game, t.turn, t.commands));
        shown.tick();
    });
    (bar, on_turn)
}

/// One thread: every command goes through the one owner task anyway, and keeping the
/// connections on its thread saves a cross-core wake-up per command (p99 latency halved under
/// load, docs/performance.md); the other core is left to the clients.
pub fn runtime() -> anyhow::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_current_thread().enable_all().build().context("starting the server's runtime")
}

/// The summary line: each team's results summed over the games (spec §1.9).
fn summary<R: Rules>(results: &[GameResult], reports: &[ClientReport], replays: Vec<PathBuf>) -> Summary {
    let teams = results.first().map_or(0, |r| r.scores.len());
    let totals: Vec<i64> = (0..teams).map(|k| results.iter().map(|r| r.scores[k]).sum()).collect();
    let failed = reports.iter().filter_map(|r| r.failed.clone().map(|reason| Failure { player: r.team, reason })).collect();
    let names = results.first().map(|r| r.names.clone()).unwrap_or_default();
    let mut summary = Summary::new(R::ID, Realtime::<R>::SCORE_DECIMALS, replays, names, &totals, failed);
    // A stopped game ends the series: its reason is the series'.
    summary.stopped = results.iter().find_map(|r| r.stopped.clone());
    summary.with("games", results.len()).with("rounds", results.iter().map(|r| r.turns).sum::<u32>())
}

/// Refuses a setup the rules cannot start, before anything listens or runs: every game of the
/// series of `games` (game K on the rules' setup for it, with seed SEED + K − 1).
pub fn check<R: Rules>(setup: &Setup<R::Params>, teams: usize, seed: u64, games: u32) -> anyhow::Result<()> {
    let games = games.max(1);
    for game in 1..=games {
        R::game_setup(setup, seed, game, games)
            .and_then(|that| Realtime::<R>::start(&that, teams, seed.wrapping_add(game as u64 - 1)).map(|_| ()))
            .map_err(|e| match games {
                1 => anyhow::anyhow!("cannot start {}: {e}", R::ID),
                _ => anyhow::anyhow!("cannot start {}: game {game}: {e}", R::ID),
            })?;
    }
    Ok(())
}

/// The first SIGINT or SIGTERM stops the games of `clocks` as the console's `stop` does (each
/// replay ends with its end record saying why, every line flushed); a second ends the process at
/// once.
pub async fn stop_on_signals(clocks: Vec<kibitz_deadline24_server::Clock>) {
    use tokio::signal::unix::{SignalKind, signal};
    let (Ok(mut interrupt), Ok(mut terminate)) = (signal(SignalKind::interrupt()), signal(SignalKind::terminate())) else { return };
    for k in 0.. {
        let name = tokio::select! {
            _ = interrupt.recv() => "SIGINT",
            _ = terminate.recv() => "SIGTERM",
        };
        if k > 0 {
            eprintln!("kibitz: {name} again: ending at once");
            std::process::exit(130);
        }
        eprintln!("kibitz: {name}: stopping the game (the replay ends with its end record; a second signal ends at once)");
        for clock in &clocks {
            clock.stop(&format!("stopped by the host ({name})"));
        }
    }
}

/// `kibitz serve GAME`: runs the server until its last game ends, with its console (when asked
/// for) and the signals that stop it.
pub fn serve(server: PreparedServer, console: bool) -> anyhow::Result<ExitCode> {
    let rt = runtime()?;
    let (clock, board, failed_logins) = (server.clock.clone(), server.board.clone(), Arc::clone(&server.failed_logins));
    eprintln!(
        "{} server on {}{}: {} teams, {} game(s), turns of {} ms; {}",
        server.game,
        server.listen,
        server.spectate.map_or(String::new(), |a| format!(", spectators on {a}")),
        server.logins.len(),
        server.games,
        server.turn_ms,
        server.start
    );
    let summary = server.summary;
    let replays = server.replays.clone();
    let games = server.games;
    let results = rt.block_on(async {
        let (bar, on_turn) = progress(games);
        let signals = tokio::spawn(stop_on_signals(vec![clock.clone()]));
        if console {
            crate::kit::deadline24::console::spawn(clock, board);
        }
        let results = server.run(Some(on_turn)).await;
        signals.abort();
        bar.finish_and_clear();
        results
    })?;
    let failed_logins = failed_logins.load(std::sync::atomic::Ordering::Relaxed);
    crate::outln!("{}", summary(&results, replays).with("failed_logins", failed_logins))?;
    Ok(ExitCode::SUCCESS)
}

/// `kibitz match GAME -- CLIENT...`: a server on a free loopback port and one team per client.
pub fn match_clients<R: Rules>(game: R::Params, turns: &TurnArgs, clients: &[String], names: &[String]) -> anyhow::Result<Summary> {
    anyhow::ensure!(!clients.is_empty(), "name at least one client command after --");
    let setup = turns.setup(game);
    check::<R>(&setup, clients.len(), turns.seed, turns.games)?;
    let mut options = turns.options(Vec::new());
    let (start, said) = turns.start_at(StartAt::AllClientsIn)?.start(clients.len())?;
    if !said.is_empty() && start != Start::Now {
        eprintln!("{said}");
    }
    options.start = start;
    let rt = runtime()?;
    let (results, reports) = rt.block_on(async {
        let (bar, on_turn) = progress(turns.games);
        let played = kibitz_deadline24_server::run_with_clients::<R>(
            setup,
            options,
            clients,
            names,
            replay_out(&turns.out, turns.games),
            Some(on_turn),
        )
        .await;
        bar.finish_and_clear();
        played
    })?;
    let paths = (1..=turns.games).map(|g| replay_path(&turns.out, g, turns.games)).collect();
    Ok(summary::<R>(&results, &reports, paths))
}

/// A server game's own command-line arguments (fedrunek's asteroid, wycinanka's sheet): the
/// rest of `kibitz serve ID` and `kibitz match ID` is the same for every server game.
pub trait GameArgs: Args + 'static {
    type Rules: Rules;
    /// Our client that plays the teams nobody names, in hand play.
    const OPPONENT: &'static str;
    /// The game's parameters (a file they name may not read: the error says where).
    fn params(&self) -> anyhow::Result<<Self::Rules as Rules>::Params>;
    /// What is played on, for a window's title ("on a 16³ asteroid").
    fn summary(&self) -> String;
}

/// `kibitz serve ID`'s arguments.
#[derive(Parser)]
pub struct ServeArgs<G: GameArgs> {
    /// Carry on the game of this replay, which has no end record (the host crashed or was
    /// killed), from its last complete turn: the same setup, teams and seed (the game's own
    /// flags and the turn flags are the replay's), into a new replay (--out) that starts with
    /// its steps. Teams log in again.
    #[arg(long = "continue", value_name = "REPLAY")]
    pub continue_from: Option<PathBuf>,
    #[command(flatten)]
    pub listen: ListenArgs,
    #[command(flatten)]
    pub turns: TurnArgs,
    #[command(flatten)]
    pub game: G,
}

/// `kibitz match ID`'s arguments.
#[derive(Parser)]
pub struct MatchArgs<G: GameArgs> {
    #[command(flatten)]
    pub turns: TurnArgs,
    #[command(flatten)]
    pub game: G,
    /// The teams' names, one word each, in the clients' order (default: team1, team2, …):
    /// their logins, and what the replay, the scoreboard and the broadcast call them.
    #[arg(long, num_args = 1.., value_name = "NAME")]
    pub names: Vec<String>,
    /// The clients' command lines, one argument each, after `--`.
    #[arg(last = true, required = true)]
    pub clients: Vec<String>,
}

fn run_serve<G: GameArgs>(args: ServeArgs<G>) -> anyhow::Result<ExitCode> {
    let console = args.listen.console || std::io::stdin().is_terminal();
    serve(prepare(args)?, console)
}

/// Checks a server's arguments (teams file, the game's parameters, a replay to carry on, every
/// game's setup) and makes it ready to run.
pub fn prepare<G: GameArgs>(args: ServeArgs<G>) -> anyhow::Result<PreparedServer> {
    let (Served { setup, seed, games, resume }, teams) = match &args.continue_from {
        Some(replay) => {
            let teams = load_teams(&args.listen.teams)?;
            (continued::<G::Rules>(replay, &teams)?, teams)
        }
        None => {
            // The game's own flags first: a bad one is named before a missing teams file.
            let setup = args.turns.setup(args.game.params()?);
            (Served { setup, seed: args.turns.seed, games: args.turns.games, resume: None }, load_teams(&args.listen.teams)?)
        }
    };
    let (turns, listen) = (&args.turns, &args.listen);
    let start_at = turns.start_at(StartAt::AllLoggedIn)?;
    let mut options = turns.options(teams);
    (options.seed, options.games, options.resume) = (seed, games, resume);
    check::<G::Rules>(&setup, options.teams.len(), seed, games)?;
    options.max_connections_per_team = listen.max_connections_per_team;
    options.max_pending_per_address = listen.max_pending_per_address;
    let (start, said) = start_at.start(options.teams.len())?;
    options.start = start;
    let (address, spectate, out) = (listen.listen, listen.spectate, turns.out.clone());
    let turn_ms = setup.common.turn_ms;
    let prepared = PreparedServer {
        game: <G::Rules as Rules>::ID,
        listen: address,
        spectate,
        logins: options.teams.iter().map(|t| t.login.clone()).collect(),
        games,
        decimals: Realtime::<G::Rules>::SCORE_DECIMALS,
        start: said,
        turn_ms,
        replays: (1..=games).map(|g| replay_path(&out, g, games)).collect(),
        clock: options.clock.clone(),
        board: options.board.clone(),
        failed_logins: Arc::clone(&options.failed_logins),
        run: Box::new(move |on_turn| {
            Box::pin(async move {
                let listener = tokio::net::TcpListener::bind(address).await.with_context(|| format!("listening on {address}"))?;
                let spectators = match spectate {
                    Some(addr) => {
                        Some(tokio::net::TcpListener::bind(addr).await.with_context(|| format!("listening for spectators on {addr}"))?)
                    }
                    None => None,
                };
                Ok(kibitz_deadline24_server::serve::<G::Rules>(listener, spectators, setup, options, replay_out(&out, games), on_turn)
                    .await?)
            })
        }),
        summary: |results, replays| summary::<G::Rules>(results, &[], replays),
    };
    Ok(prepared)
}

/// What a server plays: its setup and seed, how many games, and a game to carry on.
pub struct Served<P> {
    pub setup: Setup<P>,
    pub seed: u64,
    pub games: u32,
    pub resume: Option<Resume>,
}

/// The game of `path`, a replay with no end record, to carry on from its last complete turn
/// with the same teams (the teams file must name them, in the same order) and seed.
fn continued<R: Rules>(path: &Path, teams: &[TeamLogin]) -> anyhow::Result<Served<R::Params>> {
    let text = std::fs::read_to_string(path).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
    // A crash may leave half a line at the end: everything before it is kept.
    let loaded = Replay::<Realtime<R>>::parse(&text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    let replay = loaded.replay;
    if replay.end.is_some() {
        anyhow::bail!("{}: the game is over (its end record is there): nothing to carry on", path.display());
    }
    let logins: Vec<&str> = teams.iter().map(|t| t.login.as_str()).collect();
    let played: Vec<&str> = replay.header.players.iter().map(|p| p.name.as_str()).collect();
    anyhow::ensure!(logins == played, "{}: its teams are {played:?}; the teams file names {logins:?}", path.display());
    let cut = replay.records.iter().rposition(|r| matches!(r.outcome, Outcome::Turn { .. })).map_or(0, |i| i + 1);
    let lines = replay.records[..cut].iter().map(serde_json::to_string).collect::<Result<Vec<_>, _>>()?;
    let turns = replay.records[..cut].iter().filter(|r| matches!(r.outcome, Outcome::Turn { .. })).count();
    eprintln!(
        "carrying on {}: {turns} turns complete ({} steps kept, {} of the unfinished turn dropped){}",
        path.display(),
        cut,
        replay.records.len() - cut,
        loaded.damage.map_or(String::new(), |d| format!("; the torn line at its end ({d}) is dropped"))
    );
    let resume = (cut > 0).then(|| Resume { lines: Arc::new(lines), players: replay.header.players.clone() });
    Ok(Served { setup: replay.header.setup, seed: replay.header.seed, games: 1, resume })
}

/// Everything a match checks before a server or client starts: the game's parameters (a file
/// they name), every game's setup as the rules would start it, the replay's folder.
fn check_match<G: GameArgs>(args: MatchArgs<G>) -> anyhow::Result<(MatchArgs<G>, <G::Rules as Rules>::Params)> {
    anyhow::ensure!(!args.clients.is_empty(), "name at least one client command after --");
    check_names(&args.names, args.clients.len())?;
    let params = args.game.params()?;
    check::<G::Rules>(&args.turns.setup(params.clone()), args.clients.len(), args.turns.seed, args.turns.games)?;
    crate::kit::matches::args::check_out(&args.turns.out)?;
    Ok((args, params))
}

fn run_match<G: GameArgs>((args, params): (MatchArgs<G>, <G::Rules as Rules>::Params)) -> anyhow::Result<Summary> {
    match_clients::<G::Rules>(params, &args.turns, &args.clients, &args.names)
}

/// `--names`: none, or one a client, each a word of letters, digits and `-_.`, none twice.
fn check_names(names: &[String], clients: usize) -> anyhow::Result<()> {
    if names.is_empty() {
        return Ok(());
    }
    anyhow::ensure!(names.len() == clients, "--names gives {} names for {clients} clients", names.len());
    for (k, name) in names.iter().enumerate() {
        anyhow::ensure!(
            !name.is_empty() && name.len() <= 32 && name.chars().all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c)),
            "--names: {name:?} is not a name (a word of letters, digits and -_., at most 32)"
        );
        anyhow::ensure!(!names[..k].contains(name), "--names: {name:?} is given twice");
    }
    Ok(())
}

/// What every server game offers from its arguments `G`: `match` (`scores` says what the
/// summary's scores are, `example` is a whole command line), `serve` (`serves`: what the server
/// is for, the help's first line) and a contest day's server. The room adds its hand play,
/// bots, maps and tools.
pub fn capabilities<G: GameArgs>(scores: &str, example: &str, serves: &str) -> Capabilities {
    Capabilities {
        matches: Some(Matches::new(match_verb::<G>(scores, example))),
        server: Some(Server { serve: serve_verb::<G>(serves), contest: contest_verb::<G>() }),
        reruns: Some(Reruns {
            input: super::reruns::input::<G::Rules>,
            rerun: Some(super::reruns::rerun::<G::Rules>),
            diff: kibitz_core::diff::diff::<kibitz_deadline24::Realtime<G::Rules>>,
        }),
        ..Default::default()
    }
}

/// The verb a contest day prepares its servers of this game with: `serve`'s arguments.
fn contest_verb<G: GameArgs>() -> Verb<PreparedServer> {
    Verb::new(prepare::<G>).describe(|c| c.name(<G::Rules as Rules>::ID))
}

/// The verb `kibitz serve ID`: `what` the server is for, in the help's first line.
fn serve_verb<G: GameArgs>(what: &str) -> Verb<ExitCode> {
    let id = <G::Rules as Rules>::ID;
    Verb::new(run_serve::<G>).describe(|c| {
        c.name(id).about(what.to_string()).after_help(format!(
            "The teams file (RON; kibitz teams generate N makes one): [(login: \"team1\", password: \"at least 8 chars\"), ...]\n\
             Protocol: docs/rules/{id}.md. Example:\n  \
             kibitz serve {id} --teams teams.ron --listen 127.0.0.1:20000 --spectate 127.0.0.1:20100 --out game.jsonl"
        ))
    })
}

/// The verb `kibitz match ID`: `scores` says what the summary's scores are, `example` is a
/// whole command line.
fn match_verb<G: GameArgs>(scores: &str, example: &str) -> Verb<Summary> {
    let id = <G::Rules as Rules>::ID;
    let game = id[..1].to_uppercase() + &id[1..];
    let about = format!("{game}: a server on a free loopback port and one team per client command");
    let long_about = format!(
        "{about}; each client is started with `sh -c 'CLIENT HOST PORT LOGIN PASSWORD'` (the same four in KIBITZ_HOST, \
         KIBITZ_PORT, KIBITZ_LOGIN, KIBITZ_PASSWORD)."
    );
    let after = format!(
        "The last stdout line is the summary (docs/cli.md): its \"scores\" are {scores}, as reals; it adds \"games\" and \"rounds\".\n\
         Example: {example}"
    );
    Verb::checked(check_match::<G>, run_match::<G>).describe(|c| c.name(id).about(about).long_about(long_about).after_help(after))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_is_now_all_logged_in_or_a_time_of_day() {
        assert_eq!(parse_start("now"), Ok(StartAt::Now));
        assert_eq!(parse_start("all-logged-in"), Ok(StartAt::AllLoggedIn));
        // Two arguments (`--start at 09:30`) arrive joined by a space.
        assert_eq!(parse_start("at 09:30"), Ok(StartAt::At { hour: 9, minute: 30 }));
        assert_eq!(parse_start("at 9:05"), Ok(StartAt::At { hour: 9, minute: 5 }));
        assert_eq!(parse_start("at 23:59"), Ok(StartAt::At { hour: 23, minute: 59 }));
        assert_eq!(parse_start("at 25:00").unwrap_err(), "--start at 25:00: 25:00 is not a time of day (HH:MM, from 00:00 to 23:59)");
        for bad in ["at 12:60", "at 12", "at 12:5", "at -1:00", "at 1:2:3", "at +9:30"] {
            assert!(parse_start(bad).unwrap_err().contains("is not a time of day"), "{bad}");
        }
        for bad in ["later", "at", "now please", "09:30", ""] {
            assert_eq!(parse_start(bad).unwrap_err(), format!("--start {bad}: expected now, all-logged-in or at HH:MM"));
        }
    }

    #[test]
    fn a_time_of_day_is_the_next_one() {
        let (at, tomorrow) = next_local_time(12, 0).unwrap();
        let ahead = at.duration_since(SystemTime::now()).unwrap_or_default();
        // Within the coming day (a day of a clock change is an hour longer or shorter).
        assert!(ahead <= Duration::from_secs(25 * 3600), "{ahead:?}");
        assert!(tomorrow || ahead < Duration::from_secs(13 * 3600));
    }
}
