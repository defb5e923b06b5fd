//! What a bot was sent: the lines the referee wrote on one seat's standard input during a
//! recorded match, rebuilt from its replay by re-simulating it and asking the game's protocol
//! what it sends when ([`BotProtocol`]), in the order [`crate::sequential::run_match_from`] and
//! [`crate::seat::BotSeat`] send them. `./mybot < input.txt` then plays the match again up to
//! that step, in a debugger if need be (`kibitz replay input`).

use kibitz_core::BotProtocol;
use kibitz_core::replay::Replay;

/// The text seat `seat` read on its standard input in `replay`, byte for byte: its init lines,
/// then per turn its turn lines and (after an action the bot gave) the result lines, and its
/// farewell at the end of a finished match; up to step `until` (the lines of the steps before
/// it: those a bot reads before answering step `until`), else the whole match. A bot that
/// failed was sent nothing after its failure.
pub fn bot_input<G: BotProtocol>(replay: &Replay<G>, seat: usize, until: Option<usize>) -> Result<String, String> {
    let players = replay.header.players.len();
    if seat >= players {
        return Err(format!("there is no seat {seat}: this match has {players} (0 to {})", players.saturating_sub(1)));
    }
    let mut state = G::start(&replay.header.setup, players, replay.header.seed)?;
    let mut text = String::new();
    let mut send = |lines: Vec<String>| {
        for line in lines {
            text.push_str(&line);
            text.push('\n');
        }
    };
    let own_failure = replay.records.iter().find(|r| r.player == Some(seat) && r.failed.is_some()).and_then(|r| r.failed.as_deref());
    if own_failure.is_some_and(|r| r.starts_with("could not be started")) {
        return Ok(String::new());
    }
    // A continued match (a take-over) greeted its seats where the copied steps end.
    let joined = replay.header.continued.as_ref().map_or(0, |c| c.steps);
    let until = until.unwrap_or(usize::MAX).min(replay.records.len());
    let mut out = false;
    for (i, record) in replay.records.iter().enumerate() {
        if i == joined {
            send(G::init_lines(&state, seat));
        }
        if i >= until {
            return Ok(text);
        }
        let step = record.to_step();
        let own = i >= joined && record.player == Some(seat) && !out;
        if own {
            // A failure at start is told on the seat's first turn, which it was never sent.
            let failed_before = record.failed.as_deref().is_some_and(|r| r.starts_with("at start"));
            if failed_before {
                out = true;
            } else {
                send(G::turn_lines(&state, seat));
            }
        }
        let outcome = G::apply(&mut state, &step);
        if own && !out {
            if record.action.is_some() {
                send(G::result_lines(&outcome));
            }
            out = record.failed.is_some();
        }
    }
    if replay.records.len() == joined {
        send(G::init_lines(&state, seat));
    }
    if replay.end.is_some() && !out {
        send(G::farewell_lines(&state, seat));
    }
    Ok(text)
}
