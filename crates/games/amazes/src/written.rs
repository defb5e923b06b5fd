//! Turn reports written as a replay records them, by hand. Verifying a replay writes every
//! turn's report again to compare it with the recorded text, and serde's field-by-field
//! machinery was half of that work. Only the usual turn is written here (no judge taking over,
//! no ending, corridor lines of plain letters); any other outcome goes to serde, and the tests
//! hold both to the same bytes. Bytes that ever differ would only make verification read the
//! recorded text, never change a verdict.

use crate::geom::{Placement, Square};
use crate::rules::{How, Outcome, PlayedBy, Points, TurnReport};
use kibitz_core::game::write_json;

/// Appends `outcome` as serde_json writes it.
pub fn write_outcome(outcome: &Outcome, out: &mut Vec<u8>) {
    match outcome {
        Outcome::Turn(report) if usual(report) => write_turn(report, out),
        _ => write_json(outcome, out),
    }
}

fn usual(report: &TurnReport) -> bool {
    report.judged.is_none() && report.ending.is_none() && report.view.corridors.iter().all(|c| c.bytes().all(|b| b.is_ascii_alphanumeric()))
}

fn write_turn(r: &TurnReport, out: &mut Vec<u8>) {
    out.extend_from_slice(br#"{"turn":{"player":"#);
    number(out, r.player as i64);
    out.extend_from_slice(br#","turn":"#);
    number(out, r.turn.into());
    out.extend_from_slice(br#","view":{"corridors":["#);
    for (i, corridor) in r.view.corridors.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        quoted(out, corridor.as_bytes());
    }
    out.extend_from_slice(br#"],"distance2":"#);
    number(out, r.view.distance2.into());
    match r.played_by {
        PlayedBy::Bot => out.extend_from_slice(br#"},"played_by":"bot","performed":"#),
        PlayedBy::Judge => out.extend_from_slice(br#"},"played_by":"judge","performed":"#),
    }
    number(out, r.performed.into());
    out.extend_from_slice(br#","blocked":"#);
    boolean(out, r.blocked);
    out.extend_from_slice(br#","extra_t":"#);
    boolean(out, r.extra_t);
    out.extend_from_slice(br#","path":["#);
    for (i, p) in r.path.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        placement(out, *p);
    }
    out.extend_from_slice(br#"],"discovered":["#);
    for (i, d) in r.discovered.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        out.extend_from_slice(br#"{"square":"#);
        square(out, d.square);
        match d.how {
            How::Seen => out.extend_from_slice(br#","how":"seen","first":"#),
            How::Inferred => out.extend_from_slice(br#","how":"inferred","first":"#),
            How::Visited => out.extend_from_slice(br#","how":"visited","first":"#),
        }
        boolean(out, d.first);
        out.push(b'}');
    }
    out.extend_from_slice(br#"],"gained":"#);
    points(out, &r.gained);
    out.extend_from_slice(br#","scores":["#);
    number(out, r.scores[0]);
    out.push(b',');
    number(out, r.scores[1]);
    out.extend_from_slice(b"]}}");
}

fn points(out: &mut Vec<u8>, p: &Points) {
    out.extend_from_slice(br#"{"steps":"#);
    number(out, p.steps.into());
    out.extend_from_slice(br#","discovered":"#);
    number(out, p.discovered.into());
    out.extend_from_slice(br#","first":"#);
    number(out, p.first.into());
    out.extend_from_slice(br#","captures":"#);
    number(out, p.captures.into());
    out.push(b'}');
}

/// `[row,col]`
fn square(out: &mut Vec<u8>, s: Square) {
    out.push(b'[');
    small(out, s.row());
    out.push(b',');
    small(out, s.col());
    out.push(b']');
}

/// `[row,col,"F"]`
fn placement(out: &mut Vec<u8>, p: Placement) {
    square(out, p.square);
    out.pop();
    out.extend_from_slice(&[b',', b'"', p.facing.letter() as u8, b'"', b']']);
}

fn quoted(out: &mut Vec<u8>, text: &[u8]) {
    out.push(b'"');
    out.extend_from_slice(text);
    out.push(b'"');
}

/// Each literal copied on its own: a copy of known length is a few moves, not a `memcpy` call
/// (the same goes for the other choices of literal above).
fn boolean(out: &mut Vec<u8>, value: bool) {
    if value {
        out.extend_from_slice(b"true");
    } else {
        out.extend_from_slice(b"false");
    }
}

fn number(out: &mut Vec<u8>, value: i64) {
    match usize::try_from(value) {
        Ok(value) if value < 100 => small(out, value),
        _ => out.extend_from_slice(itoa::Buffer::new().format(value).as_bytes()),
    }
}

/// A number below 100 (a row, a column, most counts), written without a buffer.
fn small(out: &mut Vec<u8>, value: usize) {
    debug_assert!(value < 100);
    if value >= 10 {
        out.push(b'0' + (value / 10) as u8);
    }
    out.push(b'0' + (value % 10) as u8);
}
