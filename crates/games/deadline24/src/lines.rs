//! Answers as the connection sends them: lines in one text, built word by word.
//!
//! Verifying a server game's replay re-answers every recorded command, and a description can
//! run to thousands of lines; a `String` per line made allocating most of that work. So an
//! answer is one text, each line followed by `"\n"` as it goes down the connection, and a
//! line is built in place ([`Lines::line`]) without the formatting machinery.

use serde::de::{self, DeserializeSeed, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// Answer lines, in order. Written in a replay as a list of strings.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Lines {
    /// Every line followed by "\n".
    text: String,
    count: usize,
}

impl Lines {
    pub const fn new() -> Self {
        Self { text: String::new(), count: 0 }
    }

    /// Adds `line`, which holds no line end.
    pub fn push(&mut self, line: &str) {
        debug_assert!(!line.contains('\n'), "an answer line holds no line end: {line:?}");
        self.room();
        self.text.push_str(line);
        self.text.push('\n');
        self.count += 1;
    }

    /// Puts `line` before the others (`OK` before the data lines).
    pub fn push_front(&mut self, line: &str) {
        self.text.insert_str(0, line);
        self.text.insert(line.len(), '\n');
        self.count += 1;
    }

    /// A new line, written word by word; [`Line::end`] adds it.
    pub fn line(&mut self) -> Line<'_> {
        self.room();
        let start = self.text.len();
        Line { lines: self, start }
    }

    /// Room for a few lines from the first, rather than growing from a handful of bytes.
    fn room(&mut self) {
        if self.text.capacity() == 0 {
            self.text.reserve(64);
        }
    }

    pub fn len(&self) -> usize {
        self.count
    }

    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &str> + '_ {
        self.text.split_terminator('\n')
    }

    pub fn first(&self) -> Option<&str> {
        self.iter().next()
    }

    pub fn get(&self, index: usize) -> Option<&str> {
        self.iter().nth(index)
    }

    /// The lines as the connection sends them, each followed by "\n".
    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn to_vec(&self) -> Vec<String> {
        self.iter().map(String::from).collect()
    }
}

impl<S: AsRef<str>> FromIterator<S> for Lines {
    fn from_iter<I: IntoIterator<Item = S>>(lines: I) -> Self {
        let mut all = Lines::new();
        lines.into_iter().for_each(|line| all.push(line.as_ref()));
        all
    }
}

impl<S: AsRef<str>, const N: usize> From<[S; N]> for Lines {
    fn from(lines: [S; N]) -> Self {
        lines.into_iter().collect()
    }
}

impl fmt::Debug for Lines {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for Lines {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Lines {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_seq(LinesVisitor)
    }
}

struct LinesVisitor;

impl<'de> Visitor<'de> for LinesVisitor {
    type Value = Lines;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list of answer lines")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Lines, A::Error> {
        let mut lines = Lines::new();
        while seq.next_element_seed(AppendLine(&mut lines))?.is_some() {}
        Ok(lines)
    }
}

/// Reads one line of a list straight into the text (no `String` of its own).
struct AppendLine<'a>(&'a mut Lines);

impl<'de> DeserializeSeed<'de> for AppendLine<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for AppendLine<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an answer line")
    }

    fn visit_str<E: de::Error>(self, line: &str) -> Result<(), E> {
        if line.contains('\n') {
            return Err(E::custom("an answer line cannot hold a line end"));
        }
        self.0.push(line);
        Ok(())
    }
}

/// One line being written into its [`Lines`], words separated by single spaces, as `format!`
/// would print them.
#[must_use = "a line is added by `end`"]
pub struct Line<'a> {
    lines: &'a mut Lines,
    /// Where the line starts in the text.
    start: usize,
}

impl Line<'_> {
    fn space(&mut self) {
        if self.lines.text.len() > self.start {
            self.lines.text.push(' ');
        }
    }

    /// Appends a word.
    pub fn word(mut self, word: &str) -> Self {
        self.space();
        self.lines.text.push_str(word);
        self
    }

    /// Appends a decimal integer.
    pub fn int(mut self, value: i64) -> Self {
        self.space();
        let text = &mut self.lines.text;
        if value < 0 {
            text.push('-');
        }
        let mut rest = value.unsigned_abs();
        if rest < 10 {
            // Most numbers in answers are single digits (offsets, metals, levels).
            text.push(char::from(b'0' + rest as u8));
            return self;
        }
        let mut digits = [0u8; 20];
        let mut at = digits.len();
        while rest > 0 {
            at -= 1;
            digits[at] = b'0' + (rest % 10) as u8;
            rest /= 10;
        }
        // Only ASCII digits were written.
        text.push_str(std::str::from_utf8(&digits[at..]).unwrap_or_default());
        self
    }

    /// Appends integers in order (coordinates, counts).
    pub fn ints(self, values: impl IntoIterator<Item = i64>) -> Self {
        values.into_iter().fold(self, Line::int)
    }

    /// Ends the line and adds it.
    pub fn end(self) {
        self.lines.text.push('\n');
        self.lines.count += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_prints_as_format_would() {
        let mut lines = Lines::new();
        let numbers = [0i64, 7, -7, 10, 99, 100, -1234567, i64::MAX, i64::MIN];
        numbers.iter().for_each(|&v| lines.line().int(v).end());
        lines.line().word("FREE").ints([0, -1, 0]).word("UNDERGROUND").int(3).end();
        lines.line().end();
        let expected: Vec<String> =
            numbers.iter().map(i64::to_string).chain([format!("FREE {} {} {} UNDERGROUND {}", 0, -1, 0, 3), String::new()]).collect();
        assert_eq!(lines.to_vec(), expected);
    }

    #[test]
    fn lines_are_built_in_place_and_written_as_a_list_of_strings() {
        let mut lines = Lines::from(["OK"]);
        lines.line().int(-7).word("x").ints([0, 10, 1234567890123]).end();
        lines.line().end();
        lines.push("FAILED 3 bad format");
        lines.push_front("first");
        assert_eq!(lines.first(), Some("first"));
        lines = lines.iter().skip(1).collect();
        assert_eq!(lines.len(), 4);
        assert_eq!(lines.to_vec(), ["OK", "-7 x 0 10 1234567890123", "", "FAILED 3 bad format"]);
        assert_eq!(lines.text(), "OK\n-7 x 0 10 1234567890123\n\nFAILED 3 bad format\n");
        assert_eq!((lines.first(), lines.get(1), lines.get(4)), (Some("OK"), Some("-7 x 0 10 1234567890123"), None));
        let json = serde_json::to_string(&lines).unwrap();
        assert_eq!(json, r#"["OK","-7 x 0 10 1234567890123","","FAILED 3 bad format"]"#);
        assert_eq!(serde_json::from_str::<Lines>(&json).unwrap(), lines);
        assert_eq!(serde_json::from_str::<Lines>(r#"["a \"quoted\" \u0041"]"#).unwrap().to_vec(), ["a \"quoted\" A"]);
        assert!(serde_json::from_str::<Lines>(r#"["two\nlines"]"#).unwrap_err().to_string().contains("line end"));
        assert!(serde_json::from_str::<Lines>(r#"["a", 3]"#).is_err());
        assert_eq!(serde_json::from_str::<Lines>("[]").unwrap(), Lines::new());
    }
}
