//! The TCP server of the Deadline24 games (spec §1): teams log in and hold several connections,
//! every command is answered at once in order of arrival over all teams, and turns end on a wall
//! clock. One task owns the game state ([`owner`]); each connection is a task that reads a line,
//! hands it to the owner and writes the answer back ([`connection`]); spectators get the replay
//! lines as they are written ([`spectators`]). What a command answers comes from the rules
//! (`kibitz-deadline24` and the game's crate), so the replay re-simulates byte for byte.
//!
//! Bounds: a line-length cap, connection caps per team and overall, connections waiting for
//! their login counted per address ([`door`]: no address keeps another out, failed logins slow
//! their own address down), login and idle time-outs, a write time-out for clients that stop
//! reading. A client that floods, sends garbage or leaves
//! mid-line gets an answer or a clean close; other teams never wait for it.

pub mod board;
pub mod clients;
mod clock;
mod connection;
pub mod door;
mod lines;
mod owner;
pub mod rerun;
pub mod spectators;
#[cfg(feature = "testing")]
pub mod testing;

pub use clients::{ClientReport, ClientsSaid, Failures, match_teams, play_seats, run_with_clients};
pub use clock::{Clock, ClockState};
pub use owner::{GameResult, TurnInfo};

use kibitz_deadline24::{Rules, Setup};
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::sync::Arc;
use std::time::{Duration, SystemTime};
use tokio::net::TcpListener;

/// A team's login and password, as in the teams file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamLogin {
    pub login: String,
    pub password: String,
}

/// The most teams a server takes: each needs a connection, and a server holds at most 1,000
/// (its connection cap).
pub const MAX_TEAMS: usize = 1000;
/// The longest login: it is a column of the console and the scoreboard.
pub const MAX_LOGIN: usize = 32;
/// The shortest and the longest password.
pub const MIN_PASSWORD: usize = 8;
pub const MAX_PASSWORD: usize = 128;

impl TeamLogin {
    /// What makes this team unable to log in, if anything. Login and password lines are split on
    /// white space (spec §1.3), so each must be one word; and so that two logins that look alike
    /// are alike, each is visible ASCII (`!` to `~`) only.
    pub fn fault(&self) -> Option<String> {
        let login = &self.login;
        if login.is_empty() {
            return Some("an empty login".into());
        }
        if let Some(fault) = word_fault(login, MAX_LOGIN) {
            return Some(format!("the login {login:?} {fault}"));
        }
        if let Some(fault) = word_fault(&self.password, MAX_PASSWORD) {
            return Some(format!("the password of {login:?} {fault}"));
        }
        (self.password.len() < MIN_PASSWORD)
            .then(|| format!("the password of {login:?} is shorter than {MIN_PASSWORD} characters (kibitz teams generate makes good ones)"))
    }
}

/// Why `word` cannot be a login or a password: it must be visible ASCII, at most `max` long.
fn word_fault(word: &str, max: usize) -> Option<String> {
    const RULE: &str = "a login or a password is one word of visible ASCII characters, ! to ~";
    if let Some(c) = word.chars().find(|c| !c.is_ascii_graphic()) {
        let what = if c.is_whitespace() {
            "has white space in it (login lines are split on white space: it could never log in)".to_string()
        } else {
            format!("has {c:?} (U+{:04X}) in it", c as u32)
        };
        return Some(format!("{what}; {RULE}"));
    }
    (word.len() > max).then(|| format!("is longer than {max} characters"))
}

/// Everything about a server besides its game.
#[derive(Debug, Clone)]
pub struct ServerOptions {
    pub teams: Vec<TeamLogin>,
    /// The client command each team was started with (`kibitz match`), for the replay's
    /// header; `None` for a team played by hand.
    pub commands: Vec<Option<String>>,
    /// Games played one after another; connections stay open between them.
    pub games: u32,
    pub seed: u64,
    pub max_connections_per_team: usize,
    pub max_connections: usize,
    /// Connections from one address that may wait for their login at once.
    pub max_pending_per_address: usize,
    /// Failed logins, from every address (the summary counts them).
    pub failed_logins: Arc<std::sync::atomic::AtomicU64>,
    /// What the organisers' console shows (`status`).
    pub board: board::Board,
    /// Longer lines are answered `FAILED 3 bad format` and skipped.
    pub max_line: usize,
    /// Time to send login and password.
    pub login_timeout: Duration,
    /// A connection that sends nothing for this long is closed.
    pub idle_timeout: Duration,
    /// A client that does not read its answers for this long is closed.
    pub write_timeout: Duration,
    /// The host's pause and stop (hand play).
    pub clock: Clock,
    /// A recorded game the first game continues (a take-over).
    pub resume: Option<Resume>,
    /// When the first game's first turn starts. Until then the game is at turn 1 with its
    /// clock held, as the host's pause holds it: commands are answered, at the turn's start.
    pub start: Start,
    /// Clients that failed (`play_seats` watches its clients): each game's end record names them.
    pub failures: Failures,
    /// What the clients started here wrote on stderr, recorded with their teams' commands.
    pub said: ClientsSaid,
}

/// When a server's first turn starts (later games follow at once).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Start {
    #[default]
    Now,
    /// Once every team of the teams file has logged in (at least once).
    AllLoggedIn,
    /// Once every team has logged in, or after this long, whichever comes first (`kibitz
    /// match`: every client gets the whole first turn, and one that never logs in holds nobody
    /// up for long).
    AllLoggedInWithin(std::time::Duration),
    /// At this time (at once if it has passed).
    At(SystemTime),
}

/// The steps of a recorded game to continue from: replayed (each must give its recorded
/// outcome) and copied into the new replay, so that it verifies on its own.
#[derive(Debug, Clone)]
pub struct Resume {
    /// Replay step lines, in order, as the recorded game's file holds them.
    pub lines: Arc<Vec<String>>,
    /// The teams that played them there (the new replay's header names them).
    pub players: Vec<kibitz_core::replay::PlayerInfo>,
}

impl ServerOptions {
    pub fn new(teams: Vec<TeamLogin>) -> Self {
        Self {
            teams,
            commands: Vec::new(),
            games: 1,
            seed: 0,
            max_connections_per_team: 10,
            max_connections: 1000,
            max_pending_per_address: 4,
            failed_logins: Arc::default(),
            board: board::Board::default(),
            max_line: 4096,
            login_timeout: Duration::from_secs(30),
            idle_timeout: Duration::from_secs(600),
            write_timeout: Duration::from_secs(10),
            clock: Clock::default(),
            resume: None,
            start: Start::Now,
            failures: Failures::default(),
            said: ClientsSaid::default(),
        }
    }
}

/// Where each game's replay goes: called with the game's number (from 1) when it starts.
pub type ReplayOut = Box<dyn FnMut(u32) -> std::io::Result<Box<dyn Write + Send>> + Send>;

/// Called after every turn (progress bars, live scores).
pub type OnTurn = Box<dyn FnMut(&TurnInfo) + Send>;

/// Runs the server on `listener` (and spectators on `spectate`) until every game has been
/// played; returns each game's result.
pub async fn serve<R: Rules>(
    listener: TcpListener,
    spectate: Option<TcpListener>,
    setup: Setup<R::Params>,
    options: ServerOptions,
    out: ReplayOut,
    on_turn: Option<OnTurn>,
) -> std::io::Result<Vec<GameResult>> {
    let options = Arc::new(options);
    let (owner, handle) = owner::Owner::<R>::new(setup, Arc::clone(&options), out, on_turn, spectate.is_some());
    let accept = tokio::spawn(connection::accept(listener, Arc::clone(&options), handle.clone()));
    let (watching, mut caught_up) = tokio::sync::mpsc::channel::<()>(1);
    let watchers = spectate.map(|l| tokio::spawn(spectators::accept(l, handle.clone(), watching.clone())));
    drop(watching);
    let results = owner.run().await;
    accept.abort();
    if let Some(w) = watchers {
        w.abort();
    }
    handle.close();
    // The spectators are sent what the owner published last (the end record) before the server
    // ends: `recv` answers once every spectator's task (and the aborted accept loop) is gone.
    let _ = tokio::time::timeout(SPECTATORS_CATCH_UP, caught_up.recv()).await;
    results
}

/// How long a server whose last game is over waits for its spectators to be sent the last lines;
/// one that reads no faster is left.
const SPECTATORS_CATCH_UP: Duration = Duration::from_secs(2);

#[cfg(test)]
mod tests {
    use super::*;

    fn team(login: &str, password: &str) -> TeamLogin {
        TeamLogin { login: login.into(), password: password.into() }
    }

    #[test]
    fn logins_and_passwords_are_one_word_of_visible_ascii() {
        assert_eq!(team("team1", "k3#Rx!9ab~").fault(), None);
        for (t, said) in [
            (team("", "long enough"), "an empty login"),
            (team("team1", "        "), "the password of \"team1\" has white space in it"),
            (team("team1", " pass word "), "the password of \"team1\" has white space in it"),
            (team("team\u{200b}1", "long enough"), "the login \"team\\u{200b}1\" has '\\u{200b}' (U+200B) in it"),
            (team("tеam1", "long enough"), "(U+0435)"),
            (team("team1", "pass\tword"), "has white space"),
            (team(&"x".repeat(MAX_LOGIN + 1), "long enough"), "is longer than 32 characters"),
            (team("team1", &"x".repeat(MAX_PASSWORD + 1)), "the password of \"team1\" is longer than 128"),
            (team("team1", "short"), "shorter than 8 characters"),
        ] {
            let fault = t.fault().unwrap_or_else(|| panic!("{t:?} is refused"));
            assert!(fault.contains(said), "{t:?}: {fault}");
        }
    }
}
