//! Lines into words, words into arguments, and the shape of every answer (spec §1.3–§1.5).

use crate::lines::Lines;
use smallvec::SmallVec;

/// White space in client lines: space, tab and CR (a CR before the LF is white space).
#[inline]
fn is_space(byte: u8) -> bool {
    const SPACES: u64 = 1 << b' ' | 1 << b'\t' | 1 << b'\r';
    byte <= b' ' && SPACES >> byte & 1 == 1
}

/// The words of one line, kept in place up to `INLINE_WORDS` (32) of them.
pub type Words<'a> = SmallVec<[&'a str; INLINE_WORDS]>;

/// Words a line may have before they need the heap: enough for the longest lines the games'
/// clients usually send.
const INLINE_WORDS: usize = 32;

/// The words of a client line; empty for a blank line.
///
/// Byte by byte: the separators are ASCII, which never occurs inside a longer UTF-8 character,
/// and decoding characters made splitting a tenth of verifying a wycinanka replay. The words
/// stay on the stack: every recorded command is split again when a replay is verified.
#[inline]
pub fn split(line: &str) -> Words<'_> {
    let mut words = Words::new();
    split_into(line, &mut words);
    words
}

/// [`split`] into `words`, which a caller keeps in place: the words are hundreds of bytes,
/// and moving them out of a call cost a tenth of answering a command.
#[inline]
pub fn split_into<'a>(line: &'a str, words: &mut Words<'a>) {
    // Where the word being read starts.
    let mut start = None;
    for (at, &byte) in line.as_bytes().iter().enumerate() {
        match (is_space(byte), start) {
            (true, Some(from)) => {
                words.push(&line[from..at]);
                start = None;
            }
            (false, None) => start = Some(at),
            _ => {}
        }
    }
    if let Some(from) = start {
        words.push(&line[from..]);
    }
}

/// `word` as `str::parse::<i64>` reads it when it is at most 18 digits after an optional sign
/// (which cannot overflow); `None` for anything else, which `parse` then decides. A solution a
/// client commits is a line of such numbers, read again whenever a replay is verified.
fn short_int(word: &str) -> Option<i64> {
    let (negative, digits) = match word.as_bytes() {
        [b'-', rest @ ..] => (true, rest),
        [b'+', rest @ ..] => (false, rest),
        rest => (false, rest),
    };
    if digits.is_empty() || digits.len() > 18 {
        return None;
    }
    let mut value = 0i64;
    for &b in digits {
        let digit = b.wrapping_sub(b'0');
        if digit >= 10 {
            return None;
        }
        value = value * 10 + i64::from(digit);
    }
    Some(if negative { -value } else { value })
}

/// An error answer: `FAILED code message`, the message verbatim from the game's table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fail {
    pub code: u16,
    pub message: &'static str,
}

impl Fail {
    pub const fn new(code: u16, message: &'static str) -> Self {
        Self { code, message }
    }

    pub const BAD_LOGIN: Fail = Fail::new(1, "bad login or password");
    pub const UNKNOWN_COMMAND: Fail = Fail::new(2, "unknown command");
    pub const BAD_FORMAT: Fail = Fail::new(3, "bad format");
    pub const TOO_MANY_ARGUMENTS: Fail = Fail::new(4, "too many arguments");
    pub const INTERNAL: Fail = Fail::new(5, "internal error, sorry...");
    pub const LIMIT_WARNING: Fail = Fail::new(6, "commands limit reached, next call will force waiting");
    pub const LIMIT_FORCED: Fail = Fail::new(7, "commands limit reached, forced waiting activated");

    /// The answer line.
    pub fn line(&self) -> String {
        format!("FAILED {} {}", self.code, self.message)
    }

    /// Adds the answer line to `lines`.
    pub fn write(&self, lines: &mut Lines) {
        lines.line().word("FAILED").int(self.code.into()).word(self.message).end();
    }
}

/// What a game answers to one command: `OK` with its data lines, or a failure.
pub type Reply = Result<Lines, Fail>;

/// A command's arguments, read left to right: a missing or malformed one is error 3, one too
/// many is error 4 (checked by [`Args::end`] once all expected arguments are read).
pub struct Args<'a> {
    words: &'a [&'a str],
    next: usize,
}

impl<'a> Args<'a> {
    pub fn new(words: &'a [&'a str]) -> Self {
        Self { words, next: 0 }
    }

    fn take(&mut self) -> Result<&'a str, Fail> {
        let word = self.words.get(self.next).ok_or(Fail::BAD_FORMAT)?;
        self.next += 1;
        Ok(word)
    }

    /// A decimal integer, optionally signed; too large for i64 is a bad format too.
    pub fn int(&mut self) -> Result<i64, Fail> {
        let word = self.take()?;
        short_int(word).or_else(|| word.parse().ok()).ok_or(Fail::BAD_FORMAT)
    }

    /// A keyword or name; the game decides which words it accepts.
    pub fn word(&mut self) -> Result<&'a str, Fail> {
        self.take()
    }

    /// Every argument has been read: anything left is error 4.
    pub fn end(self) -> Result<(), Fail> {
        if self.next < self.words.len() { Err(Fail::TOO_MANY_ARGUMENTS) } else { Ok(()) }
    }
}

/// Finds which of `names` (multi-word command names such as `"YIELD LAST PUSH"`) the line starts
/// with, matching word by word so that any white space may separate the words; the longest name
/// wins. Returns the name's index and the words after it.
pub fn command<'w, 'a>(words: &'w [&'a str], names: &[&str]) -> Option<(usize, &'w [&'a str])> {
    let mut best: Option<(usize, usize)> = None;
    for (index, name) in names.iter().enumerate() {
        if let Some(parts) = leading_name(name, words)
            && best.is_none_or(|(_, n)| parts > n)
        {
            best = Some((index, parts));
        }
    }
    best.map(|(index, n)| (index, &words[n..]))
}

/// How many of `words` the name spells when they lead the line. Compared in place, with
/// nothing split or collected: every recorded command comes through here again when a replay
/// is verified.
fn leading_name(name: &str, words: &[&str]) -> Option<usize> {
    // Most names differ from the line in their first letter.
    if name.as_bytes().first() != words.first()?.as_bytes().first() {
        return None;
    }
    let mut rest = name;
    for (count, word) in words.iter().enumerate() {
        let after = rest.strip_prefix(word)?;
        if after.is_empty() {
            return Some(count + 1);
        }
        rest = after.strip_prefix(' ')?;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn white_space_is_space_tab_and_cr() {
        assert_eq!(split("  DESCRIBE \t  WORLD\r").as_slice(), ["DESCRIBE", "WORLD"]);
        assert!(split(" \t\r").is_empty());
        // Characters of several bytes stay whole, whatever their bytes.
        let pieces = ["ŁÓDŹ", " ", "\t", "\r", "\u{a0}", "☃x", "\u{2009}", "9", "\u{1f600}"];
        for i in 0..pieces.len().pow(4) {
            let line: String = (0..4).map(|k| pieces[i / pieces.len().pow(k) % pieces.len()]).collect();
            let by_chars: Vec<&str> = line.split([' ', '\t', '\r']).filter(|w| !w.is_empty()).collect();
            assert_eq!(split(&line).as_slice(), by_chars, "{line:?}");
        }
        // More words than are kept in place.
        let many: Vec<String> = (0..3 * INLINE_WORDS).map(|i| i.to_string()).collect();
        assert_eq!(split(&many.join(" \t")).as_slice(), many);
    }

    #[test]
    fn arguments_are_checked_in_order() {
        let words = split("1 -2 x");
        let mut args = Args::new(&words);
        assert_eq!(args.int(), Ok(1));
        assert_eq!(args.int(), Ok(-2));
        assert_eq!(args.int(), Err(Fail::BAD_FORMAT));
        let words = split("1 2");
        let mut args = Args::new(&words);
        args.int().unwrap();
        assert_eq!(args.end(), Err(Fail::TOO_MANY_ARGUMENTS));
        let mut args = Args::new(&[]);
        assert_eq!(args.int(), Err(Fail::BAD_FORMAT));
        let words = split("99999999999999999999");
        assert_eq!(Args::new(&words).int(), Err(Fail::BAD_FORMAT));
    }

    #[test]
    fn integers_read_as_parse_reads_them() {
        let mut words: Vec<String> = ["0", "-0", "+7", "-", "+", "", "--1", "1-", "12a", "٣", "007", " 1"].map(String::from).to_vec();
        for digits in 17..=20 {
            for sign in ["", "-", "+"] {
                words.push(format!("{sign}{}", "9".repeat(digits)));
                words.push(format!("{sign}1{}", "0".repeat(digits - 1)));
            }
        }
        words.extend(["9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809"].map(String::from));
        for word in &words {
            let list = [word.as_str()];
            assert_eq!(Args::new(&list).int().ok(), word.parse::<i64>().ok(), "{word:?}");
        }
    }

    #[test]
    fn multi_word_names_match_word_by_word_longest_first() {
        let names = ["LIST", "LIST SCOUTS", "YIELD LAST PUSH"];
        let words = split("LIST \t SCOUTS 3");
        assert_eq!(command(&words, &names), Some((1, &["3"][..])));
        let words = split("YIELD LAST PUSH 7");
        assert_eq!(command(&words, &names), Some((2, &["7"][..])));
        let words = split("YIELD LAST");
        assert_eq!(command(&words, &names), None);
        let words = split("list scouts");
        assert_eq!(command(&words, &names), None, "names are upper-case");
    }

    #[test]
    fn failures_print_code_and_verbatim_message() {
        assert_eq!(Fail::LIMIT_WARNING.line(), "FAILED 6 commands limit reached, next call will force waiting");
        assert_eq!(Fail::BAD_LOGIN.line(), "FAILED 1 bad login or password");
        let mut lines = Lines::new();
        Fail::LIMIT_FORCED.write(&mut lines);
        assert_eq!(lines.to_vec(), [Fail::LIMIT_FORCED.line()]);
    }
}
