//! The organisers' console of `kibitz serve`: commands on standard input (when it is a terminal,
//! or with `--console`), answers on standard error (standard output keeps the summary line).
//! `status`, `pause [REASON]` (the seed's emergency pause, a step of the replay), `resume`,
//! `end-turn`, `kick TEAM`, `stop [REASON]`, `help`.

use kibitz_server::Clock;
use kibitz_server::board::Board;
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

/// What a console line does, and what it says.
pub fn answer(line: &str, clock: &Clock, board: &Board) -> String {
    let line = line.trim();
    let (word, rest) = line.split_once(char::is_whitespace).map_or((line, ""), |(w, r)| (w, r.trim()));
    match word.to_ascii_lowercase().as_str() {
        "status" => status(board),
        "pause" => {
            clock.emergency(Some(rest.to_string()));
            format!(
                "paused{}: every command is answered FAILED 5 until `resume`",
                if rest.is_empty() { String::new() } else { format!(" ({rest})") }
            )
        }
        "resume" => {
            clock.emergency(None);
            "resumed: the turn clock runs again".into()
        }
        "end-turn" => {
            clock.end_turn();
            "the current turn ends now".into()
        }
        "kick" => {
            let teams = board.status().teams;
            match teams.iter().position(|t| t.login == rest) {
                Some(k) => {
                    clock.kick(k);
                    format!("{rest}'s connections are closed (it may log in again)")
                }
                None => format!(
                    "kick: no team {rest:?}; the teams are {}",
                    teams.iter().map(|t| t.login.as_str()).collect::<Vec<_>>().join(", ")
                ),
            }
        }
        "stop" => {
            clock.stop(if rest.is_empty() { "stopped by the organisers" } else { rest });
            "stopping: the replay ends with its end record".into()
        }
        "help" => format!("commands: {COMMANDS}"),
        _ => format!("unknown console command {word:?}; the commands are: {COMMANDS}"),
    }
}

/// `status`: the game, the turn, the pause, commands per second, each team's connections,
/// score and last command.
fn status(board: &Board) -> String {
    let s = board.status();
    let mut out = format!(
        "game {} · turn {} · {} · {} commands, {:.1} a second\n",
        s.game,
        s.turn,
        if s.paused { "PAUSED" } else { "running" },
        s.commands,
        s.per_second()
    );
    let width = s.teams.iter().map(|t| t.login.len()).max().unwrap_or(4).max(4);
    out.push_str(&format!("{:<width$}  conns  {:>14}  last command\n", "team", "score"));
    for t in &s.teams {
        let last = t
            .last
            .as_ref()
            .map_or("-".to_string(), |(line, at)| format!("{line} ({:.1} s ago)", Instant::now().duration_since(*at).as_secs_f64()));
        out.push_str(&format!("{:<width$}  {:>5}  {:>14}  {last}\n", t.login, t.connections, kibitz_core::show_score(t.score, 6)));
    }
    out.trim_end().to_string()
}
