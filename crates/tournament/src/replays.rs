//! What a tournament reads of a match's replay file without its rules: the end record, by the
//! core's own reader of replay lines.

use kibitz_core::replay::{BodyLine, EndRecord, is_end_line};
use serde::de::IgnoredAny;

/// The end record of a replay's text: `Ok(None)` when its last line is not one (still being
/// written, or cut short), `Err` when it is one that does not read.
pub fn end_record(text: &str) -> Result<Option<EndRecord>, String> {
    let Some(last) = text.lines().rev().find(|l| !l.trim().is_empty()) else { return Ok(None) };
    if !is_end_line(last) {
        return Ok(None);
    }
    match BodyLine::<IgnoredAny, IgnoredAny>::parse(last) {
        Ok(BodyLine::End(end)) => Ok(Some(end)),
        Ok(BodyLine::Step(_)) => Ok(None),
        Err(e) => Err(format!("its end record does not read: {e}")),
    }
}

/// The end record of the replay at `path`, when it is finished: read, and not stopped by a human.
pub fn finished_end(path: &std::path::Path) -> Option<EndRecord> {
    let text = std::fs::read_to_string(path).ok()?;
    end_record(&text).ok().flatten().filter(|end| end.stopped.is_none())
}
