//! The official problem format (seed 003, "Input"), loaded unchanged and checked.
//!
//! Checks happen while serde reads each value, so every error carries the line and column
//! serde_json was at: the end of the offending cell, unit or problem.

use crate::hex::Cell;
use kibitz_core::Located;
use serde::{Deserialize, Serialize};

/// Boards are at most this many cells wide and high (the qualifiers go up to 100 × 40).
pub const MAX_SIDE: u32 = 1000;
/// Unit coordinates stay within ±this, so that no move or turn can overflow.
pub const MAX_COORD: i32 = 1 << 20;

/// A unit as the problem gives it: members and pivot in the unit's own coordinates.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RawUnit")]
pub struct Unit {
    members: Vec<Cell>,
    pivot: Cell,
}

#[derive(Deserialize)]
struct RawUnit {
    members: Vec<Cell>,
    pivot: Cell,
}

impl TryFrom<RawUnit> for Unit {
    type Error = String;
    fn try_from(raw: RawUnit) -> Result<Self, String> {
        Unit::new(raw.members, raw.pivot)
    }
}

impl Unit {
    /// A unit needs at least one member, distinct members, and coordinates within
    /// ±[`MAX_COORD`]. The pivot may be anywhere, member or not.
    pub fn new(members: Vec<Cell>, pivot: Cell) -> Result<Unit, String> {
        if members.is_empty() {
            return Err("a unit needs at least one member".into());
        }
        for c in members.iter().chain([&pivot]) {
            if c.x.unsigned_abs() > MAX_COORD.unsigned_abs() || c.y.unsigned_abs() > MAX_COORD.unsigned_abs() {
                return Err(format!("unit coordinate {c} is out of range (at most ±{MAX_COORD})"));
            }
        }
        for (i, a) in members.iter().enumerate() {
            if members[..i].contains(a) {
                return Err(format!("unit member {a} is listed twice"));
            }
        }
        Ok(Unit { members, pivot })
    }

    pub fn members(&self) -> &[Cell] {
        &self.members
    }
    pub fn pivot(&self) -> Cell {
        self.pivot
    }
    /// Number of members: the `size` of the move score.
    pub fn size(&self) -> usize {
        self.members.len()
    }
}

/// A problem: board, initial full cells, units, source length and seeds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RawProblem", rename_all = "camelCase")]
pub struct Problem {
    id: u32,
    units: Vec<Unit>,
    width: u32,
    height: u32,
    filled: Vec<Cell>,
    source_length: u32,
    source_seeds: Vec<u32>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RawProblem {
    id: u32,
    units: Vec<Unit>,
    width: u32,
    height: u32,
    filled: Vec<Cell>,
    source_length: u32,
    source_seeds: Vec<u32>,
}

impl TryFrom<RawProblem> for Problem {
    type Error = String;
    fn try_from(r: RawProblem) -> Result<Self, String> {
        Problem::new(r.id, r.units, r.width, r.height, r.filled, r.source_length, r.source_seeds)
    }
}

impl Problem {
    /// Checks what the rules need: a board of 1..=[`MAX_SIDE`] cells each way, full cells on
    /// the board, at least one unit. A cell listed twice in `filled` is kept once (a set of
    /// full cells is what the text describes). Seeds and source length are taken as given;
    /// problem 5 of the qualifiers lists one seed twice.
    pub fn new(
        id: u32,
        units: Vec<Unit>,
        width: u32,
        height: u32,
        mut filled: Vec<Cell>,
        source_length: u32,
        source_seeds: Vec<u32>,
    ) -> Result<Problem, String> {
        for (name, v) in [("width", width), ("height", height)] {
            if v == 0 || v > MAX_SIDE {
                return Err(format!("{name} {v} is out of range (1 to {MAX_SIDE})"));
            }
        }
        if units.is_empty() {
            return Err("the problem has no units".into());
        }
        for c in &filled {
            if c.x < 0 || c.y < 0 || c.x >= width as i32 || c.y >= height as i32 {
                return Err(format!("filled cell {c} is off the {width}×{height} board"));
            }
        }
        let mut seen = vec![false; (width * height) as usize];
        filled.retain(|c| !std::mem::replace(&mut seen[(c.y as u32 * width + c.x as u32) as usize], true));
        Ok(Problem { id, units, width, height, filled, source_length, source_seeds })
    }

    /// Parses a problem file. Errors give the line and column (1-based): where serde_json
    /// stopped, or for checks that relate several fields, the problem's closing brace.
    pub fn parse(text: &str) -> Result<Problem, Located> {
        let mut stream = serde_json::Deserializer::from_str(text).into_iter::<RawProblem>();
        let raw = match stream.next() {
            None => return Err(Located::line(1, "the problem file is empty")),
            Some(Err(e)) => return Err(json_error(text, &e, 0)),
            Some(Ok(raw)) => raw,
        };
        let end = stream.byte_offset();
        if let Some(extra) = text[end..].find(|c: char| !c.is_ascii_whitespace()) {
            return Err(located_at(text, end + extra, "trailing characters after the problem"));
        }
        let r = raw;
        Problem::new(r.id, r.units, r.width, r.height, r.filled, r.source_length, r.source_seeds)
            .map_err(|m| located_at(text, end.saturating_sub(1), m))
    }

    /// The problem in the official JSON form (compact, one line).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a problem always serialises")
    }

    pub fn id(&self) -> u32 {
        self.id
    }
    pub fn units(&self) -> &[Unit] {
        &self.units
    }
    pub fn width(&self) -> u32 {
        self.width
    }
    pub fn height(&self) -> u32 {
        self.height
    }
    /// The initially full cells, each once, in file order.
    pub fn filled(&self) -> &[Cell] {
        &self.filled
    }
    pub fn source_length(&self) -> u32 {
        self.source_length
    }
    /// The seeds as listed (a seed may repeat).
    pub fn source_seeds(&self) -> &[u32] {
        &self.source_seeds
    }
}

/// A serde_json error as a [`Located`]: its message without serde's " at line L column C",
/// with the column counted in characters. `skipped_lines` is added to the line (for text read
/// from the middle of a file).
pub(crate) fn json_error(text: &str, e: &serde_json::Error, skipped_lines: usize) -> Located {
    let mut message = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    if message.ends_with(&suffix) {
        message.truncate(message.len() - suffix.len());
    }
    if e.line() == 0 {
        return Located::line(skipped_lines + 1, message);
    }
    // serde_json counts bytes within the line; editors count characters.
    let line = text.split('\n').nth(e.line() - 1).unwrap_or("");
    Located::at(e.line() + skipped_lines, char_column(line, e.column()), message)
}

/// The 1-based character column of the 1-based byte column `byte_column` of `line`.
fn char_column(line: &str, byte_column: usize) -> usize {
    let mut end = byte_column.saturating_sub(1).min(line.len());
    while !line.is_char_boundary(end) {
        end -= 1;
    }
    line[..end].chars().count() + 1
}

/// A [`Located`] for byte `offset` of `text`.
fn located_at(text: &str, offset: usize, message: impl Into<String>) -> Located {
    let before = &text[..offset.min(text.len())];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line = before.matches('\n').count() + 1;
    Located::at(line, char_column(&text[line_start..], offset - line_start + 1), message)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = r#"{"id":7,"units":[{"members":[{"x":0,"y":0},{"x":2,"y":0}],"pivot":{"x":1,"y":0}}],
"width":5,"height":10,"filled":[{"x":1,"y":9},{"x":1,"y":9}],"sourceLength":3,"sourceSeeds":[0,17]}"#;

    #[test]
    fn a_small_problem_parses_and_round_trips() {
        let p = Problem::parse(SMALL).unwrap();
        assert_eq!((p.id(), p.width(), p.height(), p.source_length()), (7, 5, 10, 3));
        assert_eq!(p.filled(), &[Cell::new(1, 9)], "a cell listed twice is kept once");
        assert_eq!(p.units()[0].pivot(), Cell::new(1, 0));
        assert_eq!(p.source_seeds(), &[0, 17]);
        assert_eq!(Problem::parse(&p.to_json()).unwrap(), p);
        assert!(p.to_json().contains("\"sourceLength\":3"));
    }

    #[test]
    fn syntax_errors_say_where() {
        let e = Problem::parse("{\"id\": 1,\n  \"width\": x}").unwrap_err();
        assert_eq!((e.line, e.column), (2, Some(12)), "{e}");
        assert!(!e.message.contains("at line"), "{e}");
    }

    #[test]
    fn rule_errors_say_where_and_what() {
        let e = Problem::parse(&SMALL.replace(r#"{"x":1,"y":9},{"x":1,"y":9}"#, r#"{"x":5,"y":9}"#)).unwrap_err();
        assert!(e.message.contains("filled cell (5, 9) is off the 5×10 board"), "{e}");
        assert_eq!(e.to_string(), "line 2, column 85: filled cell (5, 9) is off the 5×10 board");
        let e = Problem::parse(&format!("{SMALL}\n x")).unwrap_err();
        assert_eq!(e.to_string(), "line 3, column 2: trailing characters after the problem");
        let e = Problem::parse(&SMALL.replace(r#"[{"x":0,"y":0},{"x":2,"y":0}]"#, "[]")).unwrap_err();
        assert!(e.message.contains("at least one member"), "{e}");
        assert_eq!(e.line, 1);
        let e = Problem::parse(&SMALL.replace("\"width\":5", "\"width\":0")).unwrap_err();
        assert!(e.message.contains("width 0 is out of range"), "{e}");
        let e = Problem::parse(&SMALL.replace("\"sourceLength\":3,", "")).unwrap_err();
        assert!(e.message.contains("sourceLength"), "{e}");
        let e = Problem::parse(&SMALL.replace("[0,17]", "[-1]")).unwrap_err();
        assert!(e.message.contains("-1"), "{e}");
        let e = Problem::parse(&SMALL.replace(r#"{"x":2,"y":0}]"#, r#"{"x":0,"y":0}]"#)).unwrap_err();
        assert!(e.message.contains("listed twice"), "{e}");
    }

    /// Issue 49's kind: the least i32 has no absolute value (negating it overflowed).
    #[test]
    fn unit_coordinates_at_the_types_extremes_are_refused() {
        for extreme in [i32::MIN, i32::MAX, -(1 << 20) - 1] {
            let text = SMALL.replace(r#""pivot":{"x":1,"y":0}"#, &format!(r#""pivot":{{"x":1,"y":{extreme}}}"#));
            let e = Problem::parse(&text).unwrap_err();
            assert!(e.message.contains("out of range (at most ±1048576)"), "{extreme}: {e}");
            let text = SMALL.replace(r#"[{"x":0,"y":0},"#, &format!(r#"[{{"x":{extreme},"y":0}},"#));
            assert!(Problem::parse(&text).unwrap_err().message.contains("out of range"), "{extreme}");
        }
        assert!(Problem::parse(&SMALL.replace(r#""pivot":{"x":1,"y":0}"#, r#""pivot":{"x":1,"y":-1048576}"#)).is_ok());
    }

    #[test]
    fn columns_count_characters() {
        let e = Problem::parse("{\"é\": x}").unwrap_err();
        assert_eq!(e.column, Some(7), "{e}");
    }
}
