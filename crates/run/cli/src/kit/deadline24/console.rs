//! The organisers' console of `kibitz serve`: commands on standard input (when it is a terminal,
//! or with `--console`), answers on standard error (standard output keeps the summary line).
//! `status`, `pause [REASON]` (the seed's emergency pause, a step of the replay), `resume`,
//! `end-turn`, `kick TEAM`, `stop [REASON]`, `help`. What each does to a server ([`Action`]) is
//! the contest console's too.

use kibitz_deadline24_server::Clock;
use kibitz_deadline24_server::board::Board;
use std::io::BufRead;
use std::time::Instant;

pub const COMMANDS: &str = "status, pause [REASON], resume, end-turn, kick TEAM, stop [REASON], help";

/// Reads console commands on a thread of its own until standard input ends.
pub fn spawn(clock: Clock, board: Board) {
    std::thread::spawn(move || {
        eprintln!("console: {COMMANDS}");
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { return };
            if !line.trim().is_empty() {
                eprintln!("{}", answer(&line, &clock, &board));
            }
        }
    });
}

/// What the organisers do to a running server.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// The emergency pause, with its reason (maybe empty).
    Pause(String),
    Resume,
    EndTurn,
    /// Close a team's connections (by its login).
    Kick(String),
    /// End the game now, with its reason (maybe empty).
    Stop(String),
}

impl Action {
    /// The action a console `verb` names, with the rest of its line (a reason, a team); `None`
    /// if the verb names none.
    pub fn parse(verb: &str, rest: &str) -> Option<Action> {
        let rest = rest.trim().to_string();
        Some(match verb.to_ascii_lowercase().as_str() {
            "pause" => Action::Pause(rest),
            "resume" => Action::Resume,
            "end-turn" => Action::EndTurn,
            "kick" => Action::Kick(rest),
            "stop" => Action::Stop(rest),
            _ => return None,
        })
    }

    /// Does it on the server of `clock` and `board`: what was done, or why nothing was.
    pub fn apply(&self, clock: &Clock, board: &Board) -> Result<String, String> {
        let status = board.status();
        if status.phase.is_over() {
            return Err(format!("the server is {} already", status.phase));
        }
        Ok(match self {
            Action::Pause(reason) => {
                clock.emergency(Some(reason.clone()));
                let why = if reason.is_empty() { String::new() } else { format!(" ({reason})") };
                format!("paused{why}: every command is answered FAILED 5 until `resume`")
            }
            Action::Resume => {
                clock.emergency(None);
                "resumed: the turn clock runs again".into()
            }
            Action::EndTurn => {
                clock.end_turn();
                "the current turn ends now".into()
            }
            Action::Kick(team) => {
                let logins: Vec<&str> = status.teams.iter().map(|t| t.login.as_str()).collect();
                let Some(k) = logins.iter().position(|login| login == team) else {
                    return Err(format!("kick: no team {team:?}; the teams are {}", logins.join(", ")));
                };
                clock.kick(k);
                format!("{team}'s connections are closed (it may log in again)")
            }
            Action::Stop(reason) => {
                clock.stop(if reason.is_empty() { "stopped by the organisers" } else { reason });
                "stopping: the replay ends with its end record".into()
            }
        })
    }
}

/// What a console line does, and what it says.
pub fn answer(line: &str, clock: &Clock, board: &Board) -> String {
    let line = line.trim();
    let (word, rest) = line.split_once(char::is_whitespace).map_or((line, ""), |(w, r)| (w, r.trim()));
    match word.to_ascii_lowercase().as_str() {
        "status" => status(board),
        "help" => format!("commands: {COMMANDS}"),
        _ => match Action::parse(word, rest) {
            Some(action) => action.apply(clock, board).unwrap_or_else(|why| why),
            None => format!("unknown console command {word:?}; the commands are: {COMMANDS}"),
        },
    }
}

/// `status`: the game, the turn, where the server stands (running, PAUSED, ...), commands per
/// second, each team's connections, score and last command.
fn status(board: &Board) -> String {
    let s = board.status();
    let mut out = format!("game {} · turn {} · {} · {} commands, {:.1} a second\n", s.game, s.turn, s.phase, s.commands, s.per_second());
    let width = s.teams.iter().map(|t| t.login.len()).max().unwrap_or(4).max(4);
    out.push_str(&format!("{:<width$}  conns  {:>14}  last command\n", "team", "score"));
    for t in &s.teams {
        let last = t
            .last
            .as_ref()
            .map_or("-".to_string(), |(line, at)| format!("{line} ({:.1} s ago)", Instant::now().duration_since(*at).as_secs_f64()));
        out.push_str(&format!("{:<width$}  {:>5}  {:>14}  {last}\n", t.login, t.connections, kibitz_core::show_score_short(t.score, 6)));
    }
    out.trim_end().to_string()
}
