//! What a tournament reads of a match's replay file without its rules: the end record, by the
//! core's own reader ([`end_record`]).

use kibitz_core::replay::EndRecord;
pub use kibitz_core::replay::end_record;

/// The end record of the replay at `path`, when it is finished: read, and not stopped by a human.
pub fn finished_end(path: &std::path::Path) -> Option<EndRecord> {
    let text = std::fs::read_to_string(path).ok()?;
    end_record(&text).ok().flatten().filter(|end| end.stopped.is_none())
}
