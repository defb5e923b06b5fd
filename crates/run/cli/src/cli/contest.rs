//! `kibitz contest CONTEST.ron --out DIR`: a contest day from one file. Every server of every
//! task starts here, side by side (their games and flags, their listen and spectate addresses),
//! on one teams file; one console pauses, resumes or stops one server or all; each server's
//! replays go to `DIR/<task>/<server>/`; and the contest's ranking (spec §1.9, the same code as
//! the tournament standings: `kibitz_tournament::points`) is worked out at every turn end,
//! written atomically to `DIR/ranking.json` and shown by `status`.

use super::write_atomically;
use crate::kit::contract::room::Registry;
use crate::kit::deadline24::console::Action;
use crate::kit::deadline24::served::PreparedServer;
use crate::kit::deadline24::server::{load_teams, runtime, stop_on_signals};
use clap::Args;
use kibitz_deadline24_server::board::{Board, Phase};
use kibitz_deadline24_server::{Clock, GameResult, TurnInfo};
use kibitz_tournament::points::{Ranking, ServerScores, ranking};
use serde::Deserialize;
use std::collections::HashMap;
use std::io::{BufRead, IsTerminal};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};

#[derive(Args)]
#[command(after_help = "The contest file (RON), paths relative to it:\n\
  (teams: \"teams.ron\", tasks: [\n\
    (name: \"mining\", game: \"fedrunek\", servers: [\n\
      (name: \"a1\", listen: \"0.0.0.0:20001\", spectate: \"0.0.0.0:20101\", flags: [\"--profile\", \"crust\", \"--turn-ms\", \"1000\"]),\n\
    ]),\n\
  ])\n\
Optional, before tasks: max_pending_per_address: 16 (every server's --max-pending-per-address: teams\n\
behind one NAT address share these places; a server's own flag wins).\n\
Console (standard input, when it is a terminal or with --console): status, pause TARGET [REASON],\n\
resume TARGET, end-turn TARGET, kick TARGET TEAM, stop TARGET [REASON], help;\n\
TARGET is all, a task, or TASK/SERVER.")]
pub struct ContestArgs {
    /// The contest file.
    pub contest: PathBuf,
    /// Where each server's replays go (DIR/TASK/SERVER/), and ranking.json.
    #[arg(long)]
    pub out: PathBuf,
    /// Read console commands on standard input even when it is not a terminal.
    #[arg(long)]
    pub console: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Contest {
    teams: PathBuf,
    /// Every server's `--max-pending-per-address` (unless its flags give one).
    #[serde(default)]
    max_pending_per_address: Option<usize>,
    tasks: Vec<Task>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Task {
    name: String,
    game: String,
    servers: Vec<ServerSpec>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ServerSpec {
    name: String,
    listen: SocketAddr,
    #[serde(default)]
    spectate: Option<SocketAddr>,
    #[serde(default)]
    flags: Vec<String>,
}

pub use crate::kit::deadline24::served::{FOLDER_FILE, Folder, FolderServer};

/// One server of the day, ready, with where it stands.
struct Day {
    task: String,
    name: String,
    server: PreparedServer,
}

/// Where `needle` first shows in `text` after `from`, as "line:column".
fn place(text: &str, needle: &str) -> String {
    text.find(needle).map_or(String::new(), |at| {
        let before = &text[..at];
        let line = before.matches('\n').count() + 1;
        let col = at - before.rfind('\n').map_or(0, |n| n + 1) + 1;
        format!(":{line}:{col}")
    })
}

/// Reads and checks the contest file and makes every server ready; nothing listens yet, and
/// nothing is written (the servers' folders are made once all is checked).
fn prepare(registry: &Registry, path: &Path, out: &Path) -> anyhow::Result<(Vec<Day>, Vec<String>)> {
    let text = std::fs::read_to_string(path).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
    // An optional address is written bare (`spectate: "0.0.0.0:20101"`).
    let contest: Contest = ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .from_str(&text)
        .map_err(|e| anyhow::anyhow!("{}:{}: {}", path.display(), e.span.start, e.code))?;
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let teams_file = folder.join(&contest.teams);
    let logins: Vec<String> = load_teams(&teams_file)?.into_iter().map(|t| t.login).collect();
    anyhow::ensure!(!contest.tasks.is_empty(), "{}: no tasks", path.display());
    let mut days = Vec::new();
    let mut folders = Vec::new();
    let mut addresses: HashMap<SocketAddr, String> = HashMap::new();
    for task in &contest.tasks {
        let at = |needle: &str| format!("{}{}", path.display(), place(&text, needle));
        let room =
            registry.get(&task.game).map_err(|e| anyhow::anyhow!("{}: task {:?}: {e}", at(&format!("\"{}\"", task.game)), task.name))?;
        let verb = room
            .capabilities()
            .server
            .map(|s| s.contest)
            .ok_or_else(|| anyhow::anyhow!("{}: {} has no game server", at(&format!("\"{}\"", task.game)), task.game))?;
        anyhow::ensure!(!task.servers.is_empty(), "{}: task {:?} has no servers", at(&format!("\"{}\"", task.name)), task.name);
        for spec in &task.servers {
            let here = at(&format!("name: \"{}\"", spec.name));
            let label = format!("{}/{}", task.name, spec.name);
            for address in std::iter::once(spec.listen).chain(spec.spectate) {
                if let Some(other) = addresses.insert(address, label.clone()) {
                    anyhow::bail!("{here}: server {label} listens on {address}, as {other} does");
                }
            }
            let dir = out.join(&task.name).join(&spec.name);
            let mut words: Vec<String> = vec![task.game.clone()];
            words.extend(spec.flags.iter().cloned());
            words.extend(["--listen".into(), spec.listen.to_string(), "--teams".into(), teams_file.display().to_string()]);
            if let Some(s) = spec.spectate {
                words.extend(["--spectate".into(), s.to_string()]);
            }
            if let Some(places) = contest.max_pending_per_address
                && !spec.flags.iter().any(|f| f.starts_with("--max-pending-per-address"))
            {
                words.extend(["--max-pending-per-address".into(), places.to_string()]);
            }
            words.extend(["--out".into(), dir.join(format!("{}.jsonl", task.game)).display().to_string()]);
            let matches = verb.command.clone().try_get_matches_from(&words).map_err(|e| {
                let said = e.render().to_string();
                anyhow::anyhow!("{here}: server {label}: {}", said.lines().next().unwrap_or("").trim_start_matches("error: "))
            })?;
            let server = verb.run(&matches).map_err(|e| anyhow::anyhow!("{here}: server {label}: {e:#}"))?;
            days.push(Day { task: task.name.clone(), name: spec.name.clone(), server });
            folders.push(dir);
        }
    }
    for dir in folders {
        std::fs::create_dir_all(&dir).map_err(|e| anyhow::anyhow!("cannot create {}: {e}", dir.display()))?;
    }
    Ok((days, logins))
}

/// The live ranking: each server's scores of its finished games, and of the game being played.
struct Live {
    logins: Vec<String>,
    servers: Vec<ServerScores>,
    finished: Vec<Vec<f64>>,
    decimals: Vec<u32>,
    file: PathBuf,
}

impl Live {
    /// A turn ended on server `k`: its scores, the ranking again, `ranking.json` written anew.
    fn turn(&mut self, k: usize, info: &TurnInfo) {
        let unit = 10f64.powi(self.decimals[k] as i32);
        let now: Vec<f64> = info.scores.iter().map(|&s| s as f64 / unit).collect();
        let server = &mut self.servers[k];
        (server.game, server.turn) = (info.game, info.turn);
        server.scores = self.finished[k].iter().zip(now.iter().chain(std::iter::repeat(&0.0))).map(|(a, b)| a + b).collect();
        if info.over {
            self.finished[k] = server.scores.clone();
        }
        let ranking = ranking(&self.logins, &self.servers);
        if let Err(e) = write_atomically(&self.file, &serde_json::to_string_pretty(&ranking).unwrap_or_default()) {
            eprintln!("kibitz: {e}");
        }
    }

    fn ranking(&self) -> Ranking {
        ranking(&self.logins, &self.servers)
    }
}

pub fn run(registry: &Registry, args: ContestArgs) -> anyhow::Result<ExitCode> {
    let (days, logins) = prepare(registry, &args.contest, &args.out)?;
    let folder = Folder {
        servers: days
            .iter()
            .map(|d| FolderServer {
                task: d.task.clone(),
                server: d.name.clone(),
                game: d.server.game.to_string(),
                spectate: d.server.spectate,
                replays: d.server.replays.iter().map(|r| r.strip_prefix(&args.out).unwrap_or(r).to_path_buf()).collect(),
                decimals: d.server.decimals,
            })
            .collect(),
    };
    std::fs::write(args.out.join(FOLDER_FILE), ron::ser::to_string_pretty(&folder, ron::ser::PrettyConfig::default())? + "\n")
        .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", args.out.join(FOLDER_FILE).display()))?;
    let file = args.out.join("ranking.json");
    let servers: Vec<ServerScores> = days
        .iter()
        .map(|d| ServerScores { task: d.task.clone(), server: d.name.clone(), game: 0, turn: 0, scores: vec![0.0; logins.len()] })
        .collect();
    let live = Arc::new(Mutex::new(Live {
        logins: logins.clone(),
        finished: vec![vec![0.0; logins.len()]; days.len()],
        decimals: days.iter().map(|d| d.server.decimals).collect(),
        servers,
        file,
    }));
    write_atomically(
        &args.out.join("ranking.json"),
        &serde_json::to_string_pretty(&live.lock().map_err(|_| anyhow::anyhow!("poisoned"))?.ranking())?,
    )
    .map_err(anyhow::Error::msg)?;
    for d in &days {
        eprintln!(
            "{}/{}: {} on {}{}, {} game(s), turns of {} ms; {}",
            d.task,
            d.name,
            d.server.game,
            d.server.listen,
            d.server.spectate.map_or(String::new(), |a| format!(", spectators on {a}")),
            d.server.games,
            d.server.turn_ms,
            d.server.start
        );
    }
    let handles: Vec<Handle> = days
        .iter()
        .map(|d| Handle {
            label: format!("{}/{}", d.task, d.name),
            task: d.task.clone(),
            clock: d.server.clock.clone(),
            board: d.server.board.clone(),
        })
        .collect();
    if args.console || std::io::stdin().is_terminal() {
        let (handles, live) = (handles.clone(), Arc::clone(&live));
        std::thread::spawn(move || {
            eprintln!("console: {CONSOLE}");
            for line in std::io::stdin().lock().lines() {
                let Ok(line) = line else { return };
                if !line.trim().is_empty() {
                    eprintln!("{}", console(&line, &handles, &live));
                }
            }
        });
    }
    let rt = runtime()?;
    let results: Vec<anyhow::Result<Vec<GameResult>>> = rt.block_on(async {
        let clocks: Vec<Clock> = handles.iter().map(|h| h.clock.clone()).collect();
        let signals = tokio::spawn(stop_on_signals(clocks));
        let mut running = tokio::task::JoinSet::new();
        for (k, day) in days.into_iter().enumerate() {
            let live = Arc::clone(&live);
            let on_turn: kibitz_deadline24_server::OnTurn = Box::new(move |info: &TurnInfo| {
                if let Ok(mut live) = live.lock() {
                    live.turn(k, info);
                }
            });
            let board = day.server.board.clone();
            running.spawn(async move {
                let result = day.server.run(Some(on_turn)).await;
                // A server that could not start (its port taken) is over too.
                if let Err(e) = &result {
                    board.end(Phase::Failed(format!("{e:#}")));
                }
                (k, result)
            });
        }
        let mut results: Vec<Option<anyhow::Result<Vec<GameResult>>>> = (0..handles.len()).map(|_| None).collect();
        while let Some(done) = running.join_next().await {
            if let Ok((k, result)) = done {
                results[k] = Some(result);
            }
        }
        signals.abort();
        results.into_iter().map(|r| r.unwrap_or_else(|| Err(anyhow::anyhow!("the server's task ended without a result")))).collect()
    });
    let mut failed = false;
    for (handle, result) in handles.iter().zip(&results) {
        if let Err(e) = result {
            eprintln!("kibitz: {}: {e:#}", handle.label);
            failed = true;
        }
    }
    let ranking = live.lock().map_err(|_| anyhow::anyhow!("poisoned"))?.ranking();
    crate::outln!("{}", serde_json::to_string(&ranking)?)?;
    Ok(if failed { ExitCode::from(super::exit::EXIT_FAILED) } else { ExitCode::SUCCESS })
}

/// What the console holds of a server: its name, its clock and its board.
#[derive(Clone)]
struct Handle {
    /// `TASK/SERVER`.
    label: String,
    task: String,
    clock: Clock,
    board: Board,
}

const CONSOLE: &str = "status, pause TARGET [REASON], resume TARGET, end-turn TARGET, kick TARGET TEAM, stop TARGET [REASON], help \
     (TARGET: all, TASK or TASK/SERVER)";

/// One console line of the contest: `status`, `help`, or one of `kibitz serve`'s console actions
/// ([`Action`]) on the servers its TARGET names.
fn console(line: &str, servers: &[Handle], live: &Mutex<Live>) -> String {
    let mut words = line.split_whitespace();
    let verb = words.next().unwrap_or("").to_ascii_lowercase();
    if verb == "status" {
        return status(servers, live);
    }
    if verb == "help" {
        return format!("commands: {CONSOLE}");
    }
    let target = words.next().unwrap_or("");
    let rest = words.collect::<Vec<_>>().join(" ");
    let Some(action) = Action::parse(&verb, &rest) else {
        return format!("unknown console command {verb:?}; the commands are: {CONSOLE}");
    };
    let chosen: Vec<&Handle> = servers.iter().filter(|h| target == "all" || target == h.task || target == h.label).collect();
    if chosen.is_empty() {
        let all: Vec<&str> = servers.iter().map(|h| h.label.as_str()).collect();
        return format!("{verb}: no server {target:?}; give all, a task, or one of {}", all.join(", "));
    }
    let (mut done, mut not) = (Vec::new(), Vec::new());
    for h in chosen {
        match action.apply(&h.clock, &h.board) {
            Ok(_) => done.push(h.label.as_str()),
            Err(why) => not.push(format!("{}: {why}", h.label)),
        }
    }
    let said = if rest.is_empty() { verb } else { format!("{verb} {rest}") };
    let mut out = if done.is_empty() { String::new() } else { format!("{said}: {}", done.join(", ")) };
    for why in not {
        out.push_str(&format!("\n{why}"));
    }
    out.trim_start().to_string()
}

/// The console's `status`: every server's game and turn and where it stands, commands a second
/// and teams connected (or, once over, its teams' final scores), then the ranking.
fn status(servers: &[Handle], live: &Mutex<Live>) -> String {
    let live = live.lock().ok();
    let mut out = String::new();
    for (k, h) in servers.iter().enumerate() {
        let s = h.board.status();
        if s.phase.is_over() {
            let scores = live.as_ref().map(|live| {
                let unit = 10f64.powi(live.decimals[k] as i32);
                let list = live
                    .logins
                    .iter()
                    .zip(&live.servers[k].scores)
                    .map(|(login, score)| format!("{login} {}", (score * unit).round() / unit));
                list.collect::<Vec<_>>().join(", ")
            });
            let played = match s.game {
                0 => String::new(),
                1 => format!(" after 1 game · {}", scores.unwrap_or_default()),
                games => format!(" after {games} games · {}", scores.unwrap_or_default()),
            };
            out.push_str(&format!("{}: {}{played}\n", h.label, s.phase));
        } else {
            out.push_str(&format!(
                "{}: game {} turn {} · {} · {:.1} commands a second · {} teams connected\n",
                h.label,
                s.game,
                s.turn,
                s.phase,
                s.per_second(),
                s.teams.iter().filter(|t| t.connections > 0).count()
            ));
        }
    }
    for t in live.map(|live| live.ranking().teams).unwrap_or_default() {
        out.push_str(&format!("{:>3}. {:<16} {:>9.2}\n", t.rank, t.team, t.points));
    }
    out.trim_end().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_place_is_a_line_and_a_column() {
        assert_eq!(place("ab\ncd \"x\"", "\"x\""), ":2:4");
    }
}
