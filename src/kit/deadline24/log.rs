//! The turn log of a server game (the Deadline24 games), the same for all three: each command
//! with its connection, its arrival time in the turn and its answer; each turn's end as the
//! game describes it; and where a cursor stands (turn and step).

use crate::kit::contract::view::LogLine;
use crate::kit::deadline24::hosting::says_no;
use crate::kit::viewing::recorded::Recorded;
use kibitz_deadline24::{Outcome, Realtime, Rules};

/// The log lines of the steps in `range`; `turn_end(turn, report, over)` says what a turn's end
/// did.
pub fn log_lines<R: Rules>(
    rec: &Recorded<Realtime<R>>,
    range: std::ops::Range<usize>,
    turn_end: impl Fn(u32, &R::TurnReport) -> String,
) -> Vec<LogLine> {
    let organisers = kibitz_deadline24::host(rec.replay.header.players.len());
    rec.records_in(range)
        .map(|(i, r)| {
            let (text, error) = match (&r.action, &r.outcome) {
                (Some(c), _) if r.player == Some(organisers) => (format!("organisers: {}", c.line.trim()), false),
                (Some(c), outcome) => {
                    let lines = outcome.lines();
                    let first = lines.first().unwrap_or("(no answer)");
                    let more = if lines.len() > 1 { format!(" (+{} lines)", lines.len() - 1) } else { String::new() };
                    (format!("#{} {:>7.3}s {} → {first}{more}", c.conn, c.at_us as f64 / 1e6, c.line.trim()), says_no(lines.iter()))
                }
                (None, Outcome::Turn { turn, report, over }) => {
                    let end = if *over { " — the game ends" } else { "" };
                    (format!("turn {turn} ends: {}{end}", turn_end(*turn, report)), false)
                }
                (None, _) => ("(nothing)".into(), false),
            };
            LogLine { step: i, player: r.player, text, error, stderr: Vec::new() }
        })
        .collect()
}

/// "turn T · step S/N" at `cursor`.
pub fn describe<R: Rules>(rec: &Recorded<Realtime<R>>, cursor: usize) -> String {
    let turn = rec.timeline.round_of_step(cursor.min(rec.timeline.len().saturating_sub(1)));
    format!("turn {turn} · step {cursor}/{}", rec.timeline.len())
}
