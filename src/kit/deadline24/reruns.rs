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
