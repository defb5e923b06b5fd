//! Answers as the connection sends them: lines in one text, built word by word.
//!
//! Verifying a server game's replay re-answers every recorded command, and a description can
//! run to thousands of lines; a `String` per line made allocating most of that work. So an
//! answer is one text, each line followed by `"\n"` as it goes down the connection, and a
//! line is built in place ([`Lines::line`]) without the formatting machinery.

use crate::fixed::Fixed6;
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

    /// No lines yet, with room for `bytes` of them.
    #[inline]
    pub fn with_capacity(bytes: usize) -> Self {
        Self { text: String::with_capacity(bytes), count: 0 }
    }

    /// An answer of one line, written by `write` (`Lines::single(|l| l.word("ACCEPTED").fixed(won))`).
    #[inline]
    pub fn single(write: impl for<'l> FnOnce(Line<'l>) -> Line<'l>) -> Self {
        let mut lines = Lines::new();
        write(lines.line()).end();
        lines
    }

    /// Adds every line of `more`.
    #[inline]
    pub fn append(&mut self, more: &Lines) {
        self.text.push_str(&more.text);
        self.count += more.count;
    }

    /// Adds `line`, which holds no line end.
    #[inline]
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
    #[inline]
    pub fn line(&mut self) -> Line<'_> {
        self.room();
        let start = self.text.len();
        Line { lines: self, start }
    }

    /// Room for a few lines from the first, rather than growing from a handful of bytes.
    #[inline]
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

    /// Appends the lines as serde_json writes them (a list of strings) and says `true`, when no
    /// line needs escaping, as answers built from words and numbers never do; otherwise writes
    /// nothing and says `false`. Verifying a replay writes every answer again, so the text is
    /// copied eight bytes at a time, stopping only at line ends (written `","`) and at bytes
    /// that would need an escape.
    pub fn write_plain_json(&self, out: &mut Vec<u8>) -> bool {
        let text = self.text.as_bytes();
        let mark = out.len();
        // `["`, the text with each line end as `","` (two bytes more each), and `]` in place of
        // the last `,"`: never more than this.
        out.resize(mark + text.len() + 2 * self.count + 2, 0);
        let room = &mut out[mark..];
        room[..2].copy_from_slice(b"[\"");
        let (mut from, mut to) = (0, 2);
        while from < text.len() {
            if let Some(word) = text.get(from..from + 8) {
                let word: [u8; 8] = word.try_into().expect("eight bytes");
                let special = special_bytes(u64::from_le_bytes(word));
                let plain = if special == 0 { 8 } else { special.trailing_zeros() as usize / 8 };
                // The room has eight bytes at `to`: it is never shorter, from there, than the
                // text from `from`.
                room[to..to + 8].copy_from_slice(&word);
                from += plain;
                to += plain;
                if special == 0 {
                    continue;
                }
            }
            match text[from] {
                b'\n' => {
                    room[to..to + 3].copy_from_slice(b"\",\"");
                    to += 3;
                }
                b if needs_escape(b) => {
                    out.truncate(mark);
                    return false;
                }
                b => {
                    room[to] = b;
                    to += 1;
                }
            }
            from += 1;
        }
        // `["` alone becomes `[]`; otherwise the last line's `","` becomes `"]`.
        to -= if self.count == 0 { 1 } else { 2 };
        room[to] = b']';
        out.truncate(mark + to + 1);
        true
    }
}

/// Whether a JSON string holds `byte` only escaped (serde_json escapes exactly these).
pub(crate) fn needs_escape(byte: u8) -> bool {
    byte < 0x20 || byte == b'"' || byte == b'\\'
}

/// How many bytes `bytes` starts with that a JSON string holds as they are: up to the first
/// that [`needs_escape`], looked for eight at a time. A command line in a replay ends at the
/// first, its closing quote, unless it holds an escape.
pub(crate) fn plain_len(bytes: &[u8]) -> usize {
    let mut at = 0;
    while let Some(word) = bytes.get(at..at + 8) {
        let special = special_bytes(u64::from_le_bytes(word.try_into().expect("eight bytes")));
        if special != 0 {
            return at + special.trailing_zeros() as usize / 8;
        }
        at += 8;
    }
    at + bytes[at..].iter().take_while(|&&b| !needs_escape(b)).count()
}

/// The bytes of `word` that a JSON string cannot hold as they are (below 0x20, `"`, `\`), as the
/// high bit of each: exact up to the first one, which is all that is used (a borrow can mark
/// bytes after it).
fn special_bytes(word: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let below = |x: u64, n: u8| x.wrapping_sub(ONES * n as u64) & !x & HIGH;
    below(word, 0x20) | below(word ^ (ONES * b'"' as u64), 1) | below(word ^ (ONES * b'\\' as u64), 1)
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

// Inlined: the games call these from their own crates, where a call cost more than the digit.
impl Line<'_> {
    #[inline]
    fn space(&mut self) {
        if self.lines.text.len() > self.start {
            self.lines.text.push(' ');
        }
    }

    /// Appends a word.
    #[inline]
    pub fn word(mut self, word: &str) -> Self {
        self.space();
        self.lines.text.push_str(word);
        self
    }

    /// Appends a decimal integer.
    #[inline]
    pub fn int(mut self, value: i64) -> Self {
        self.space();
        match u8::try_from(value) {
            // Most numbers in answers are single digits (offsets, metals, levels).
            Ok(digit @ 0..=9) => self.lines.text.push(char::from(b'0' + digit)),
            _ => self.lines.text.push_str(itoa::Buffer::new().format(value)),
        }
        self
    }

    /// Appends a real with six decimals, as the servers print them (`1.000000`, `-0.250000`).
    #[inline]
    pub fn fixed(mut self, value: Fixed6) -> Self {
        self.space();
        let abs = value.0.unsigned_abs();
        let whole = self.sign(value.0 < 0).digits(abs / 1_000_000, 1);
        whole.lines.text.push('.');
        whole.digits(abs % 1_000_000, 6)
    }

    #[inline]
    fn sign(self, negative: bool) -> Self {
        if negative {
            self.lines.text.push('-');
        }
        self
    }

    /// Writes `value` in decimal with at least `width` digits (leading zeros).
    #[inline]
    fn digits(self, value: u64, width: usize) -> Self {
        let mut buffer = itoa::Buffer::new();
        let digits = buffer.format(value);
        let text = &mut self.lines.text;
        (digits.len()..width).for_each(|_| text.push('0'));
        text.push_str(digits);
        self
    }

    /// Appends integers in order (coordinates, counts).
    #[inline]
    pub fn ints(self, values: impl IntoIterator<Item = i64>) -> Self {
        values.into_iter().fold(self, Line::int)
    }

    /// Ends the line and adds it.
    #[inline]
    pub fn end(self) {
        self.lines.text.push('\n');
        self.lines.count += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_lines_are_written_as_serde_writes_them_and_others_left_to_serde() {
        let pieces = [
            "OK",
            "",
            "12 7",
            "é ü ☃",
            "\u{7f}",
            "say \"hi\"",
            "a\\b",
            "tab\there",
            "\u{1}",
            "0123456789 abcdef",
            "seven \"q",
            "1 2 3 4 5 6 7 8 9",
        ];
        // Every list of up to three pieces, so empty lists, empty lines and each escape in
        // every position are all written.
        let n = pieces.len();
        let lists: Vec<Vec<&str>> =
            (0..=3u32).flat_map(|len| (0..n.pow(len)).map(move |i| (0..len).map(|k| pieces[i / n.pow(k) % n]).collect())).collect();
        let mut plain = 0;
        for list in &lists {
            let lines: Lines = list.iter().collect();
            let mut out = b"before ".to_vec();
            if lines.write_plain_json(&mut out) {
                plain += 1;
                assert_eq!(out, [b"before ".as_slice(), &serde_json::to_vec(&lines).unwrap()].concat(), "{list:?}");
            } else {
                assert_eq!(out, b"before ", "{list:?}");
                assert!(list.iter().any(|l| l.contains(['"', '\\', '\t', '\u{1}'])), "{list:?} needs no escape");
            }
        }
        assert!(plain > 100 && plain < lists.len(), "{plain} of {} plain", lists.len());
    }

    #[test]
    fn a_plain_run_ends_at_the_first_byte_json_escapes() {
        let specials = ['"', '\\', '\n', '\t', '\u{1}', '\u{1f}'];
        let plain = "ab \u{7f}é☃ 0123456789";
        for len in 0..plain.len() {
            let Some(head) = plain.get(..len) else { continue };
            assert_eq!(plain_len(head.as_bytes()), head.len(), "{head:?}");
            for special in specials {
                let text = format!("{head}{special}{plain}");
                assert_eq!(plain_len(text.as_bytes()), head.len(), "{text:?}");
            }
        }
    }

    #[test]
    fn a_line_put_first_comes_first_whatever_its_length() {
        for head in ["", "OK", "é☃", &"x".repeat(31), &"y".repeat(32), &"z".repeat(100)] {
            let mut lines = Lines::from(["a", "b c"]);
            lines.push_front(head);
            assert_eq!((lines.len(), lines.text()), (3, format!("{head}\na\nb c\n").as_str()));
        }
    }

    #[test]
    fn a_line_prints_as_format_would() {
        let mut lines = Lines::new();
        let numbers = [0i64, 7, -7, 10, 99, 100, -1234567, i64::MAX, i64::MIN];
        numbers.iter().for_each(|&v| lines.line().int(v).end());
        lines.line().word("FREE").ints([0, -1, 0]).word("UNDERGROUND").int(3).end();
        let reals = [0, 1, -1, 999_999, 1_000_000, -2_500_000, 123_456_789, i64::MAX, i64::MIN].map(Fixed6);
        reals.iter().for_each(|&r| lines.line().fixed(r).int(1).end());
        lines.line().end();
        let expected: Vec<String> = numbers
            .iter()
            .map(i64::to_string)
            .chain([format!("FREE {} {} {} UNDERGROUND {}", 0, -1, 0, 3)])
            .chain(reals.iter().map(|r| format!("{r} 1")))
            .chain([String::new()])
            .collect();
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
        let mut twice = Lines::with_capacity(4);
        twice.append(&lines);
        twice.append(&lines);
        assert_eq!((twice.len(), twice.text()), (8, lines.text().repeat(2).as_str()));
        assert_eq!(serde_json::from_str::<Lines>(r#"["a \"quoted\" \u0041"]"#).unwrap().to_vec(), ["a \"quoted\" A"]);
        assert!(serde_json::from_str::<Lines>(r#"["two\nlines"]"#).unwrap_err().to_string().contains("line end"));
        assert!(serde_json::from_str::<Lines>(r#"["a", 3]"#).is_err());
        assert_eq!(serde_json::from_str::<Lines>("[]").unwrap(), Lines::new());
    }
}
