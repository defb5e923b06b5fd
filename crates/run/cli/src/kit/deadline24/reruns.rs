//! The bot author's `kibitz replay` for the server games: what a team's connections received,
//! beside what they sent, from the replay (which records every command and its answer).

use crate::kit::contract::room::Input;
use kibitz_core::replay::Replay;
use kibitz_deadline24::{Outcome, Realtime, Rules};

/// [`crate::kit::contract::room::Reruns::input`] of a server game: team `seat`'s commands, each
/// as `> COMMAND` (with its connection when the team had several), followed by the answer lines
/// the server sent, up to step `until`.
pub fn input<R: Rules>(text: &str, seat: usize, until: Option<usize>) -> Result<Input, String> {
    let loaded = Replay::<Realtime<R>>::parse(text).map_err(|e| e.to_string())?;
    let replay = &loaded.replay;
    let teams = replay.header.players.len();
    if seat >= teams {
        return Err(format!("there is no seat {seat}: this game has {teams} teams (0 to {})", teams.saturating_sub(1)));
    }
    let whole = replay.records.len();
    if let Some(damage) = &loaded.damage
        && until.is_none_or(|u| u > whole)
    {
        return Err(format!("damaged at {damage}: ask for --until {whole} or less"));
    }
    let until = until.unwrap_or(whole).min(whole);
    let own = replay.records[..until].iter().filter(|r| r.player == Some(seat));
    let connections = own.clone().filter_map(|r| r.action.as_ref().map(|a| a.conn)).max().unwrap_or(0);
    let mut out = String::new();
    for record in own {
        let Some(command) = &record.action else { continue };
        match connections > 1 {
            true => out.push_str(&format!("> [{}] {}\n", command.conn, command.line)),
            false => out.push_str(&format!("> {}\n", command.line)),
        }
        if let Outcome::Answer { lines, .. } = &record.outcome {
            for line in lines.iter() {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    Ok(out.into())
}

/// [`crate::kit::contract::room::Reruns::rerun`] of a server game: the recorded answers of team
/// `seat` served to the client `command` over a loopback socket while its commands agree
/// ([`kibitz_deadline24_server::rerun`]). Playing on from a difference needs the real server
/// and clock, so `--continue` is refused here.
pub fn rerun<R: Rules>(
    text: &str,
    seat: usize,
    command: &str,
    continue_to: Option<&mut dyn std::io::Write>,
) -> Result<kibitz_referee::rerun::Rerun, String> {
    if continue_to.is_some() {
        return Err(format!("--continue is for the bot games: a server game ({}) plays on only with its server's clock", R::ID));
    }
    let loaded = Replay::<Realtime<R>>::parse(text).map_err(|e| e.to_string())?;
    kibitz_deadline24_server::rerun::rerun(&loaded.replay, seat, command)
}
