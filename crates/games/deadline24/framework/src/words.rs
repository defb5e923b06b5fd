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
pub fn split(line: &str) -> Words<'_> {
    let mut words = Words::new();
    let mut args = Args::new(line);
    while let Some(word) = args.next_word() {
        words.push(word);
    }
    words
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

/// A command line's words, read left to right where they are: the command's name
/// ([`command`]), then its arguments. A missing or malformed argument is error 3, one too many
/// is error 4 (checked by [`Args::end`] once all expected arguments are read).
///
/// Nothing is split beforehand: verifying a server game's replay answers every recorded
/// command again, and a solution committed in wycinanka is a line of some thirty numbers, each
/// now read in one pass. Byte by byte: the separators are ASCII, which never occurs inside a
/// longer UTF-8 character.
#[derive(Debug, Clone, Copy)]
pub struct Args<'a> {
    /// The line after the words read so far.
    rest: &'a str,
}

impl<'a> Args<'a> {
    /// The words of `line`, none read yet.
    pub fn new(line: &'a str) -> Self {
        Self { rest: line }
    }

    /// The next word, `None` when only white space is left.
    #[inline]
    pub fn next_word(&mut self) -> Option<&'a str> {
        let start = self.word_start()?;
        let bytes = self.rest.as_bytes();
        let mut end = start + 1;
        while end < bytes.len() && !is_space(bytes[end]) {
            end += 1;
        }
        let (word, rest) = self.rest[start..].split_at(end - start);
        self.rest = rest;
        Some(word)
    }

    /// Where the next word starts in the rest of the line, `None` when there is none.
    #[inline]
    fn word_start(&self) -> Option<usize> {
        let bytes = self.rest.as_bytes();
        let mut start = 0;
        while start < bytes.len() && is_space(bytes[start]) {
            start += 1;
        }
        (start < bytes.len()).then_some(start)
    }

    /// The next word, left unread.
    pub fn peek(&self) -> Option<&'a str> {
        let mut ahead = *self;
        ahead.next_word()
    }

    /// Whether every word has been read.
    pub fn is_empty(&self) -> bool {
        self.word_start().is_none()
    }

    /// A decimal integer, optionally signed; too large for i64 is a bad format too.
    #[inline]
    pub fn int(&mut self) -> Result<i64, Fail> {
        self.next_int().unwrap_or(Err(Fail::BAD_FORMAT))
    }

    /// The next argument as an integer ([`Args::int`]), `None` when none is left: a list of
    /// numbers to its end. Its digits are read as they are found; a word of more than 18 digits,
    /// or anything else, is read whole by `str::parse`.
    #[inline]
    pub fn next_int(&mut self) -> Option<Result<i64, Fail>> {
        let start = self.word_start()?;
        let bytes = self.rest.as_bytes();
        let negative = bytes[start] == b'-';
        let digits = start + usize::from(matches!(bytes[start], b'-' | b'+'));
        let (mut end, mut value) = (digits, 0i64);
        while let Some(digit) = bytes.get(end).map(|b| b.wrapping_sub(b'0')).filter(|&d| d < 10) {
            // Wraps only past 18 digits, which are read again below.
            value = value.wrapping_mul(10).wrapping_add(i64::from(digit));
            end += 1;
        }
        if end > digits && end - digits <= 18 && bytes.get(end).is_none_or(|&b| is_space(b)) {
            self.rest = &self.rest[end..];
            return Some(Ok(if negative { -value } else { value }));
        }
        let word = self.next_word()?;
        Some(word.parse().map_err(|_| Fail::BAD_FORMAT))
    }

    /// A keyword or name; the game decides which words it accepts.
    pub fn word(&mut self) -> Result<&'a str, Fail> {
        self.next_word().ok_or(Fail::BAD_FORMAT)
    }

    /// Every argument has been read: anything left is error 4.
    pub fn end(self) -> Result<(), Fail> {
        if self.is_empty() { Ok(()) } else { Err(Fail::TOO_MANY_ARGUMENTS) }
    }
}

/// Finds which of `names` (multi-word command names such as `"YIELD LAST PUSH"`) the line
/// starts with, matching word by word so that any white space may separate the words; the
/// longest name wins. Returns the name's index and the arguments after it.
pub fn command<'a>(line: Args<'a>, names: &[&str]) -> Option<(usize, Args<'a>)> {
    let start = line.word_start()?;
    let text = &line.rest[start..];
    let mut best: Option<(usize, usize, Args<'a>)> = None;
    for (index, name) in names.iter().enumerate() {
        if let Some((parts, after)) = leading_name(name, text)
            && best.is_none_or(|(_, n, _)| parts > n)
        {
            best = Some((index, parts, after));
        }
    }
    best.map(|(index, _, after)| (index, after))
}

/// How many words the name spells when it starts `text` (which starts with a word), and the
/// arguments after them: each space of the name stands for any white space, and its last letter
/// must end a word. Compared in place, byte by byte, with no word taken out: every recorded
/// command comes through here again when a replay is verified.
fn leading_name<'a>(name: &str, text: &'a str) -> Option<(usize, Args<'a>)> {
    let bytes = text.as_bytes();
    // Most names differ from the line in their first letter.
    if name.as_bytes().first() != bytes.first() {
        return None;
    }
    // As clients write it, one space between the words: a long name's bytes compared at once
    // (what the loop below finds too, a byte at a time), once its last letter is in place. A
    // short name's loop is shorter than the call.
    if name.len() >= 12
        && bytes.get(name.len() - 1) == name.as_bytes().last()
        && bytes.starts_with(name.as_bytes())
        && bytes.get(name.len()).is_none_or(|&b| is_space(b))
    {
        let parts = 1 + name.bytes().filter(|&b| b == b' ').count();
        return Some((parts, Args::new(&text[name.len()..])));
    }
    let (mut at, mut parts) = (0, 1);
    for &letter in name.as_bytes() {
        if letter != b' ' {
            if bytes.get(at) != Some(&letter) {
                return None;
            }
            at += 1;
            continue;
        }
        if !bytes.get(at).is_some_and(|&b| is_space(b)) {
            return None;
        }
        while bytes.get(at).is_some_and(|&b| is_space(b)) {
            at += 1;
        }
        parts += 1;
    }
    if bytes.get(at).is_some_and(|&b| !is_space(b)) {
        return None;
    }
    Some((parts, Args::new(&text[at..])))
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
            assert_eq!(Args::new(&line).is_empty(), by_chars.is_empty(), "{line:?}");
        }
        // More words than are kept in place.
        let many: Vec<String> = (0..3 * INLINE_WORDS).map(|i| i.to_string()).collect();
        assert_eq!(split(&many.join(" \t")).as_slice(), many);
    }

    #[test]
    fn arguments_are_checked_in_order() {
        let mut args = Args::new(" 1\t-2  x\r");
        assert_eq!(args.int(), Ok(1));
        assert_eq!(args.int(), Ok(-2));
        assert_eq!(args.int(), Err(Fail::BAD_FORMAT));
        assert!(args.is_empty());
        assert_eq!(args.end(), Ok(()));
        let mut args = Args::new("1 2 ");
        args.int().unwrap();
        assert!(!args.is_empty());
        assert_eq!(args.end(), Err(Fail::TOO_MANY_ARGUMENTS));
        let mut args = Args::new(" \t");
        assert_eq!((args.int(), args.word(), args.next_int()), (Err(Fail::BAD_FORMAT), Err(Fail::BAD_FORMAT), None));
        assert_eq!(Args::new("99999999999999999999").int(), Err(Fail::BAD_FORMAT));
        let mut args = Args::new("3 -4 z 5");
        let ints: Vec<_> = std::iter::from_fn(|| args.next_int()).collect();
        assert_eq!(ints, [Ok(3), Ok(-4), Err(Fail::BAD_FORMAT), Ok(5)]);
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
            // A word has no white space: " 1" is two words' worth of line, read as 1.
            let expected = if word.starts_with(' ') { Some(1) } else { word.parse::<i64>().ok() };
            assert_eq!(Args::new(word).int().ok(), expected, "{word:?}");
        }
    }

    #[test]
    fn integers_in_a_line_read_as_parse_reads_them() {
        // Every length of number, sign and white space around, with more of the line after.
        let mut rng = kibitz_core::rng::SplitMix64::new(5);
        for _ in 0..20_000 {
            let words: Vec<String> = (0..1 + rng.below(6))
                .map(|_| {
                    let digits = 1 + rng.below(20);
                    let mut word: String = ["", "-", "+"][rng.below(3)].to_string();
                    word.extend((0..digits).map(|_| char::from(b'0' + rng.below(10) as u8)));
                    if rng.below(10) == 0 {
                        word.push(['x', '.', '/', ':', 'é'][rng.below(5)]);
                    }
                    word
                })
                .collect();
            let line = words.iter().map(|w| format!("{}{w}", [" ", "\t", "  ", "\r"][rng.below(4)])).collect::<String>()
                + [" ", "", "\t"][rng.below(3)];
            let mut args = Args::new(&line);
            let read: Vec<_> = std::iter::from_fn(|| args.next_int()).collect();
            let expected: Vec<_> = words.iter().map(|w| w.parse::<i64>().map_err(|_| Fail::BAD_FORMAT)).collect();
            assert_eq!(read, expected, "{line:?}");
        }
    }

    #[test]
    fn names_written_with_one_space_or_any_white_space_match_alike() {
        let names = ["DESCRIBE WORLD", "DESCRIBE ORDER", "GET ORDER COUNT", "GET SCORE", "WAIT"];
        for (line, expected) in [
            ("DESCRIBE ORDER 3", Some((1, "3"))),
            ("DESCRIBE  ORDER 3", Some((1, "3"))),
            ("DESCRIBE\tORDER\t3", Some((1, "3"))),
            ("DESCRIBE ORDERS 3", None),
            ("GET ORDER COUNT", Some((2, ""))),
            ("GET SCORE\r", Some((3, ""))),
            ("WAITING", None),
            (" WAIT", Some((4, ""))),
        ] {
            let found = command(Args::new(line), &names).map(|(which, mut args)| (which, args.next_word().unwrap_or("")));
            assert_eq!(found, expected, "{line:?}");
        }
    }

    #[test]
    fn multi_word_names_match_word_by_word_longest_first() {
        let names = ["LIST", "LIST SCOUTS", "YIELD LAST PUSH"];
        let found = |line| {
            command(Args::new(line), &names).map(|(which, mut args)| (which, std::iter::from_fn(|| args.next_word()).collect::<Vec<_>>()))
        };
        assert_eq!(found("LIST \t SCOUTS 3"), Some((1, vec!["3"])));
        assert_eq!(found(" LIST SCOUTSX"), Some((0, vec!["SCOUTSX"])));
        assert_eq!(found("LIST"), Some((0, vec![])));
        assert_eq!(found("YIELD LAST PUSH 7"), Some((2, vec!["7"])));
        assert_eq!(found("YIELD LAST"), None);
        assert_eq!(found("YIELD LASTPUSH"), None);
        assert_eq!(found("YIELD LA ST PUSH"), None);
        assert_eq!(found("list scouts"), None, "names are upper-case");
        assert_eq!(found("  "), None);
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
