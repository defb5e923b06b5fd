//! The fast path for step records exactly as [`super::ReplayWriter`] writes them.
//!
//! Almost every line of a long replay has the same shape (`{"step":..,"player":..,"action":..,
//! "outcome":..,"ms":..}`, fields in that order, no spaces), and most actions and outcomes are
//! texts seen many times before (`{"command":"move","x":1,"y":0}`, `{"kind":"turn",
//! "success":true}`). So a line is cut into its fields by a plain byte scan, and an action's or
//! outcome's text is parsed by serde once per reader and then cloned (an action the game reads
//! itself, `Game::read_action`, is read each time; verification leaves outcomes as text).
//! Anything else (another field order, spaces, a text that does not parse) is left to serde on
//! the whole line, which says exactly where a damaged line is wrong: this path only ever
//! answers "the same record serde reads" or "not mine" (or, for verification, a record whose
//! outcome text the checker proves or sends to serde).

use super::StepRecord;
use serde::de::DeserializeOwned;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Texts longer than this are parsed each time. Long answers do repeat (a server game's order
/// described to every team), but a reader keeps only so much.
const MAX_KEPT_TEXT: usize = 4096;
/// Distinct texts a reader keeps, per kind; after that, new ones are parsed each time.
const MAX_KEPT: usize = 4096;
/// Bytes of text a reader keeps, per kind.
const MAX_KEPT_BYTES: usize = 1 << 20;

/// The actions and outcomes one reader has parsed, by their text in the replay. The texts are
/// copied, so that a reader can outlive its lines (a replay taken in line by line as it
/// arrives); each kind keeps at most [`MAX_KEPT`] texts and [`MAX_KEPT_BYTES`] bytes.
pub struct Seen<A, O> {
    actions: Parsed<A>,
    outcomes: Parsed<O>,
    /// Finds a bot's stderr lines after an outcome taken from the line's end.
    stderr: memchr::memmem::Finder<'static>,
    /// Finds its drawing lines the same way.
    draw: memchr::memmem::Finder<'static>,
    /// The game's own reading of an action's text ([`crate::Game::read_action`]), tried first.
    read_action: super::ReadAction<A>,
}

/// One kind's values by their text, and the bytes of text kept.
struct Parsed<T> {
    values: HashMap<Box<str>, T, BuildHasherDefault<TextHasher>>,
    bytes: usize,
}

impl<T> Default for Parsed<T> {
    fn default() -> Self {
        Self { values: HashMap::default(), bytes: 0 }
    }
}

impl<A, O> Default for Seen<A, O> {
    fn default() -> Self {
        Self::new(|_| None)
    }
}

impl<A, O> Seen<A, O> {
    /// A reader that reads actions with `read_action` first.
    pub fn new(read_action: super::ReadAction<A>) -> Self {
        let stderr = memchr::memmem::Finder::new(",\"stderr\":[");
        let draw = memchr::memmem::Finder::new(",\"draw\":[");
        Self { actions: Parsed::default(), outcomes: Parsed::default(), stderr, draw, read_action }
    }
}

impl<A: DeserializeOwned + Clone, O: DeserializeOwned + Clone> Seen<A, O> {
    /// The record at the start of `text` when its line has the written shape and its parts
    /// parse, with the text after that line; `None` otherwise.
    pub fn read<'t>(&mut self, text: &'t str) -> Option<(StepRecord<A, O>, &'t str)> {
        self.read_with(text, false, |outcomes, outcome| parsed(outcomes, outcome))
    }

    /// [`Seen::read`] with the outcome left as its text, not even known to be one JSON value,
    /// and the stderr and drawing lines checked but not kept:
    /// verification compares it with the simulated outcome as written, which proves it one,
    /// and reads it only when they differ. So when a line ends in `,"ms":N}` or `}`, the text
    /// is taken from the line's end without walking it (a server game's answers are most of
    /// its replay); a text that is not one value then fails to parse and the checker reads the
    /// whole line instead, which serde alone decides. A bot's stderr lines, often on every
    /// line of a bot game, and its drawing lines are looked for first, so that they do not send it there: in a text
    /// not ending with `}`, as one does when anything but `ms` follows the outcome (stderr,
    /// `failed` and `note` end with `]` or `"`), so never in a server game's answers.
    pub fn read_unparsed<'t>(&mut self, text: &'t str) -> Option<(StepRecord<A, &'t str>, &'t str)> {
        self.read_with(text, true, |_, outcome| Some(outcome))
    }

    /// The record's fields cut from `text`, its outcome's text taken by `outcome` (the rest of
    /// the line but its end, `from_end`, when it can be).
    fn read_with<'t, X>(
        &mut self,
        text: &'t str,
        from_end: bool,
        outcome: impl FnOnce(&mut Parsed<O>, &'t str) -> Option<X>,
    ) -> Option<(StepRecord<A, X>, &'t str)> {
        let mut at = Cursor { text, at: 0 };
        at.eat("{\"step\":")?;
        let step = at.number()?;
        let player = if at.eat(",\"player\":").is_some() { Some(at.number()?) } else { None };
        let action = match at.eat(",\"action\":") {
            Some(()) => match (self.read_action)(&text[at.at..]) {
                Some((action, after)) => {
                    at.at = text.len() - after.len();
                    Some(action)
                }
                None => match at.value()? {
                    "null" => None,
                    text => Some(parsed(&mut self.actions, text)?),
                },
            },
            None => None,
        };
        at.eat(",\"outcome\":")?;
        if from_end
            && let Some((text, ms, after)) = at.last_value()
            && (text.ends_with('}') || (self.stderr.find(text.as_bytes()).is_none() && self.draw.find(text.as_bytes()).is_none()))
        {
            let outcome = outcome(&mut self.outcomes, text)?;
            return Some((
                StepRecord { step, player, action, outcome, stderr: Vec::new(), draw: Vec::new(), ms, failed: None, note: None },
                after,
            ));
        }
        let outcome = outcome(&mut self.outcomes, at.value()?)?;
        // Unparsed (verification): a bot's stderr and drawing lines are checked to be arrays of
        // strings, but not kept: nothing the rules say depends on them, and keeping them is an
        // allocation a line (half of a drawing bot's replay is its drawing).
        let lines = |at: &mut Cursor<'t>, field: &str| -> Option<Vec<String>> {
            if at.eat(field).is_none() {
                return Some(Vec::new());
            }
            let text = at.value()?;
            if from_end { serde_json::from_str::<Strings>(text).ok().map(|_| Vec::new()) } else { serde_json::from_str(text).ok() }
        };
        let stderr = lines(&mut at, ",\"stderr\":")?;
        let draw = lines(&mut at, ",\"draw\":")?;
        let ms = if at.eat(",\"ms\":").is_some() { Some(at.number()? as u64) } else { None };
        let failed = if at.eat(",\"failed\":").is_some() { serde_json::from_str(at.value()?).ok()? } else { None };
        let note = if at.eat(",\"note\":").is_some() { serde_json::from_str(at.value()?).ok()? } else { None };
        at.eat("}")?;
        let after = match at.rest() {
            [] => "",
            [b'\n', ..] => &text[at.at + 1..],
            _ => return None,
        };
        Some((StepRecord { step, player, action, outcome, stderr, draw, ms, failed, note }, after))
    }
}

/// A JSON array of strings, checked but not kept: each string is visited where it lies (or in
/// serde_json's scratch buffer, for one with escapes), never copied into a `String`.
struct Strings;

impl<'de> serde::Deserialize<'de> for Strings {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Each;
        impl<'de> serde::de::Visitor<'de> for Each {
            type Value = Strings;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an array of strings")
            }
            fn visit_seq<S: serde::de::SeqAccess<'de>>(self, mut seq: S) -> Result<Strings, S::Error> {
                while seq.next_element::<AString>()?.is_some() {}
                Ok(Strings)
            }
        }
        deserializer.deserialize_seq(Each)
    }
}

/// One string, checked but not kept.
struct AString;

impl<'de> serde::Deserialize<'de> for AString {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct One;
        impl serde::de::Visitor<'_> for One {
            type Value = AString;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a string")
            }
            fn visit_str<E: serde::de::Error>(self, _: &str) -> Result<AString, E> {
                Ok(AString)
            }
        }
        deserializer.deserialize_str(One)
    }
}

/// `text` parsed, from `seen` when it was parsed before.
fn parsed<T: DeserializeOwned + Clone>(seen: &mut Parsed<T>, text: &str) -> Option<T> {
    if let Some(value) = seen.values.get(text) {
        return Some(value.clone());
    }
    let value: T = serde_json::from_str(text).ok()?;
    if text.len() <= MAX_KEPT_TEXT && seen.values.len() < MAX_KEPT && seen.bytes + text.len() <= MAX_KEPT_BYTES {
        seen.values.insert(text.into(), value.clone());
        seen.bytes += text.len();
    }
    Some(value)
}

/// The unsigned integer at the start of `text` as JSON writes one (digits, no leading zero,
/// within `u64`), and the text after its digits; `None` otherwise. What follows is the
/// caller's to check (a `.` or an exponent would make it a float).
#[inline]
pub fn json_unsigned(text: &str) -> Option<(u64, &str)> {
    let bytes = text.as_bytes();
    let mut value = 0u64;
    let mut digits = 0;
    // Nineteen digits always fit in a u64: no overflow check until then.
    while let Some(digit) = bytes.get(digits).map(|b| b.wrapping_sub(b'0')).filter(|&d| d < 10) {
        if digits == 19 {
            return json_unsigned_long(text);
        }
        value = value * 10 + u64::from(digit);
        digits += 1;
    }
    if digits == 0 || (digits > 1 && bytes[0] == b'0') {
        return None;
    }
    Some((value, &text[digits..]))
}

/// [`json_unsigned`] of a number of twenty digits or more, which may not fit.
#[cold]
fn json_unsigned_long(text: &str) -> Option<(u64, &str)> {
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    if text.starts_with('0') {
        return None;
    }
    let (number, rest) = text.split_at(digits);
    Some((number.parse().ok()?, rest))
}

/// What the referee recorded of a turn, beside the rules' part: who acted, how long it took,
/// its drawing lines (their JSON array's text, unread).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnFields<'t> {
    pub player: Option<usize>,
    pub ms: Option<u64>,
    pub draw: Option<&'t str>,
}

/// A step record's [`TurnFields`], when `line` (without its newline) is as
/// [`super::ReplayWriter`] writes one: its action and outcome are skipped by their brackets and
/// quotes, never read, so a reader of times and tags over many big replays (a tournament's
/// standings) spends little more than a byte scan. `None` for any other line: read it with
/// serde.
pub fn turn_fields(line: &str) -> Option<TurnFields<'_>> {
    let mut at = Cursor { text: line, at: 0 };
    at.eat("{\"step\":")?;
    at.number()?;
    let player = if at.eat(",\"player\":").is_some() { Some(at.number()?) } else { None };
    if at.eat(",\"action\":").is_some() {
        at.value()?;
    }
    at.eat(",\"outcome\":")?;
    at.value()?;
    if at.eat(",\"stderr\":").is_some() {
        at.value()?;
    }
    let draw = if at.eat(",\"draw\":").is_some() { Some(at.value()?) } else { None };
    let ms = if at.eat(",\"ms\":").is_some() { Some(at.number()? as u64) } else { None };
    for field in [",\"failed\":", ",\"note\":"] {
        if at.eat(field).is_some() {
            at.value()?;
        }
    }
    at.eat("}")?;
    at.rest().is_empty().then_some(TurnFields { player, ms, draw })
}

/// A position in one line.
struct Cursor<'t> {
    text: &'t str,
    at: usize,
}

impl<'t> Cursor<'t> {
    fn rest(&self) -> &'t [u8] {
        &self.text.as_bytes()[self.at..]
    }

    /// Inlined, so that the literal's length is known where it is used and the comparison is a
    /// few word compares, not a call to `memcmp` (four of them a line).
    #[inline(always)]
    fn eat(&mut self, literal: &str) -> Option<()> {
        self.rest().starts_with(literal.as_bytes()).then(|| self.at += literal.len())
    }

    /// A non-negative integer as JSON writes it (no sign, no leading zero, no fraction), small
    /// enough for any index.
    fn number(&mut self) -> Option<usize> {
        let rest = self.text.get(self.at..)?;
        let (value, after) = json_unsigned(rest)?;
        self.at += rest.len() - after.len();
        // A fraction or exponent makes it a float: not a number this path reads.
        (!matches!(self.rest().first(), Some(b'.' | b'e' | b'E'))).then_some(usize::try_from(value).ok()?)
    }

    /// The rest of the line when only `,"ms":N}` or `}` follows it there, with `N` and the text
    /// after the line; found from the line's end, so the text is not known to be one value.
    fn last_value(&self) -> Option<(&'t str, Option<u64>, &'t str)> {
        let rest = &self.text[self.at..];
        let (line, after) = match memchr::memchr(b'\n', rest.as_bytes()) {
            Some(end) => (&rest[..end], &rest[end + 1..]),
            None => (rest, ""),
        };
        let fields = line.strip_suffix('}')?;
        let digits = fields.bytes().rev().take_while(u8::is_ascii_digit).count();
        let (before, number) = fields.split_at(fields.len() - digits);
        match before.strip_suffix(",\"ms\":") {
            Some(value) if digits > 0 => Some((value, Some(Cursor { text: number, at: 0 }.number()? as u64), after)),
            _ => Some((fields, None, after)),
        }
    }

    /// The text of one JSON value, found by its brackets and quotes only: whether it is valid
    /// JSON is for serde to say when it parses it.
    fn value(&mut self) -> Option<&'t str> {
        let bytes = self.rest();
        let len = match *bytes.first()? {
            b'{' | b'[' => closing(bytes)?,
            b'"' => string_end(bytes, 0)?,
            _ => bytes.iter().take_while(|b| matches!(b, b'-' | b'+' | b'.' | b'0'..=b'9' | b'a'..=b'z' | b'A'..=b'Z')).count(),
        };
        if len == 0 {
            return None;
        }
        let value = &self.text[self.at..self.at + len];
        self.at += len;
        Some(value)
    }
}

/// Where the string starting with the quote at `start` ends (just after its closing quote).
/// Most of a server game's outcome is its answer lines' text, so the search jumps from quote or
/// backslash to the next.
fn string_end(bytes: &[u8], start: usize) -> Option<usize> {
    let mut i = start + 1;
    loop {
        i += memchr::memchr2(b'"', b'\\', bytes.get(i..)?)?;
        match bytes[i] {
            b'"' => return Some(i + 1),
            _ => i += 2,
        }
    }
}

/// Where the object or array that `bytes` starts with ends (just after its closing bracket).
fn closing(bytes: &[u8]) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = 0;
    loop {
        match *bytes.get(i)? {
            b'"' => {
                i = string_end(bytes, i)?;
                continue;
            }
            b'{' | b'[' => depth += 1,
            b'}' | b']' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
        i += 1;
    }
}

/// A quick hash for short texts (FxHash's mixing, eight bytes at a time): the keys are lines'
/// own fragments, not chosen by anyone attacking a table.
#[derive(Default)]
pub struct TextHasher(u64);

impl Hasher for TextHasher {
    fn write(&mut self, bytes: &[u8]) {
        const K: u64 = 0x51_7c_c1_b7_27_22_0a_95;
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let word = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
            self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(K);
        }
        let mut tail = [0u8; 8];
        tail[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
        self.0 = (self.0.rotate_left(5) ^ u64::from_le_bytes(tail) ^ bytes.len() as u64).wrapping_mul(K);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    type Record = StepRecord<Value, Value>;

    /// What serde makes of the whole line, the reference this path must equal.
    fn serde(line: &str) -> Option<Record> {
        serde_json::from_str(line).ok()
    }

    fn fast(line: &str) -> Option<Record> {
        let (record, after) = Seen::<Value, Value>::default().read(line)?;
        assert_eq!(after, "");
        Some(record)
    }

    /// What verification's path reads, when it takes the line and its outcome text is one
    /// value (otherwise the checker reads the whole line with serde).
    fn unparsed(line: &str) -> Option<Record> {
        let text = format!("{line}\nnext");
        let (record, after) = Seen::<Value, Value>::default().read_unparsed(&text)?;
        assert_eq!(after, "next");
        let outcome = serde_json::from_str(record.outcome).ok()?;
        Some(record.with_outcome(|_| outcome))
    }

    /// Both paths either decline `line` or read what serde reads.
    fn agrees_with_serde(line: &str) {
        if let Some(record) = fast(line) {
            assert_eq!(Some(record), serde(line), "{line}");
        }
        if let Some(record) = unparsed(line) {
            assert_eq!(Some(record), serde(line).map(without_lines), "{line}");
        }
    }

    /// A record as verification reads it: its stderr and drawing lines checked, not kept.
    fn without_lines<A, O>(record: StepRecord<A, O>) -> StepRecord<A, O> {
        StepRecord { stderr: Vec::new(), draw: Vec::new(), ..record }
    }

    #[test]
    fn unsigned_integers_read_as_serde_reads_them() {
        let mut texts: Vec<String> = ["", "x", "0", "00", "01", "7", "42,", "9.5", "1e3", "-1", "0x1"].map(String::from).to_vec();
        for digits in 17..=22 {
            for first in ['1', '9'] {
                texts.push(format!("{first}{}", "0".repeat(digits - 1)));
                texts.push(format!("{first}{}}}", "9".repeat(digits - 1)));
            }
        }
        texts.extend(["18446744073709551615", "18446744073709551616", "99999999999999999999"].map(String::from));
        for text in &texts {
            let digits = text.bytes().take_while(u8::is_ascii_digit).count();
            // serde's reading of the number the text starts with, when JSON has one there.
            let serde = serde_json::from_str::<u64>(&text[..digits]).ok().filter(|_| digits > 0);
            assert_eq!(json_unsigned(text), serde.map(|n| (n, &text[digits..])), "{text:?}");
        }
    }

    #[test]
    fn written_records_read_as_serde_reads_them() {
        let records = [
            Record {
                step: 0,
                player: None,
                action: None,
                outcome: serde_json::json!({"kind": "tick"}),
                stderr: vec![],
                draw: vec![],
                ms: None,
                failed: None,
                note: None,
            },
            Record {
                step: 12,
                player: Some(3),
                action: Some(serde_json::json!({"command": "say", "text": "a \"quoted\" } ] \\ brace"})),
                outcome: serde_json::json!(["OK", [1, 2, {"x": null}]]),
                stderr: vec!["debug: {".into(), "two\nlines".into()],
                draw: vec!["dot 1 2 red".into(), "note a \"}\" ]".into()],
                ms: Some(1234),
                failed: Some("timed out".into()),
                note: Some("over soft time limit".into()),
            },
            Record {
                step: 7,
                player: Some(0),
                action: Some(Value::from(-3.5)),
                outcome: Value::from("FAILED 104"),
                stderr: vec![],
                draw: vec!["value energy 3".into()],
                ms: Some(0),
                failed: None,
                note: None,
            },
        ];
        for record in records {
            let line = serde_json::to_string(&record).unwrap();
            assert_eq!(fast(&line), Some(record.clone()), "{line}");
            assert_eq!(unparsed(&line), Some(without_lines(record.clone())), "{line}");
            assert_eq!(serde(&line), Some(record));
        }
    }

    #[test]
    fn other_shapes_are_left_to_serde() {
        for line in [
            r#"{"step": 1,"outcome":1}"#,
            r#"{"outcome":1,"step":1}"#,
            r#"{"step":01,"outcome":1}"#,
            r#"{"step":1.0,"outcome":1}"#,
            r#"{"step":-1,"outcome":1}"#,
            r#"{"step":1,"outcome":1} "#,
            r#"{"step":1,"outcome":1,"extra":2}"#,
            r#"{"step":1,"outcome":{"a":1}"#,
            r#"{"step":1,"outcome":{"a":1}}}"#,
            r#"{"step":1,"outcome":[1,}"#,
            r#"{"step":1,"outcome":"open}"#,
            r#"{"step":1,"ms":null,"outcome":1}"#,
            r#"{"step":1,"outcome":1,"ms":null}"#,
            r#"{"step":1,"outcome":1,"stderr":"not a list"}"#,
            r#"{"step":1,"outcome":1,"draw":["dot 1 2",3],"ms":4}"#,
            r#"{"step":1,"outcome":1,"stderr":[null]}"#,
            r#"{"step":1,"action":,"outcome":1}"#,
            r#"{"step":1,"outcome":tru}"#,
            r#"{"step":1,"outcome":1,"ms":04}"#,
            r#"{"step":1,"outcome":{"a":1},"ms":4}}"#,
            r#"{"step":1,"outcome":{"a":1}"ms":4}"#,
        ] {
            assert_eq!(fast(line), None, "{line}");
            agrees_with_serde(line);
        }
        for line in [
            r#"{"step":1,"outcome":{"a":1} ,"ms":4}"#,
            r#"{"step":1,"outcome":{"a":1},"stderr":["x"],"ms":4}"#,
            r#"{"step":1,"outcome":{"a":1,"ms":4}}"#,
            r#"{"step":1,"outcome":{"a":1},"ms":4,"note":"n"}"#,
            r#"{"step":1,"outcome":1,"ms":4,"failed":"x"}"#,
        ] {
            agrees_with_serde(line);
        }
        // Null is no action, as serde reads an Option.
        assert_eq!(fast(r#"{"step":1,"action":null,"outcome":1}"#), serde(r#"{"step":1,"action":null,"outcome":1}"#));
    }

    #[test]
    fn a_text_seen_before_is_not_parsed_again_but_gives_the_same_value() {
        let mut seen = Seen::<Value, Value>::default();
        let lines: Vec<String> = (0..50)
            .map(|i| format!(r#"{{"step":{i},"player":{},"action":{{"m":[1,{}]}},"outcome":{{"ok":true}},"ms":3}}"#, i % 4, i % 3))
            .collect();
        let text = lines.join("\n");
        let mut rest = text.as_str();
        for line in &lines {
            let (record, after) = seen.read(rest).unwrap();
            assert_eq!(Some(record), serde(line), "{line}");
            rest = after;
        }
        assert_eq!(rest, "");
        assert_eq!(seen.actions.values.len(), 3);
        assert_eq!(seen.outcomes.values.len(), 1);
    }

    #[test]
    fn a_string_ends_at_its_first_unescaped_quote() {
        let text = br#""a\"b\\" then "long string of forty bytes or so, no escapes" x"#;
        assert_eq!(string_end(text, 0), Some(8));
        assert_eq!(string_end(text, 14), Some(60));
        assert_eq!(string_end(br#""never closed \""#, 0), None);
    }

    proptest::proptest! {
        /// Whatever a line is, this path either declines it or reads exactly what serde reads.
        #[test]
        fn never_disagrees_with_serde(line in r#"\{"step":[0-9]{1,3}(,"player":[0-9])?(,"action":(null|\{"c":"[a\\"}\]]{0,4}"\}|[0-9.e-]{1,4}))?,"outcome":(\[[0-9,\[\]"]{0,6}\]|"[a-z\\"]{0,3}"|true|[0-9]{1,2})(,"ms":[0-9]{1,3})?\}[ ]?"#) {
            agrees_with_serde(&line);
        }
    }

    #[test]
    fn a_turns_fields_are_read_without_its_action_or_outcome() {
        assert_eq!(
            turn_fields(
                r#"{"step":3,"player":1,"action":{"c":"x\"},"},"outcome":{"ms":5,"draw":["tag no"]},"stderr":["a\"]"],"draw":["tag yes"],"ms":17,"failed":"late","note":"over"}"#
            ),
            Some(TurnFields { player: Some(1), ms: Some(17), draw: Some(r#"["tag yes"]"#) })
        );
        assert_eq!(turn_fields(r#"{"step":0,"outcome":"FAILED"}"#), Some(TurnFields { player: None, ms: None, draw: None }));
        assert_eq!(
            turn_fields(r#"{"step":0,"player":0,"outcome":[1,{"ms":2}],"ms":9,"note":"over the soft time limit"}"#).unwrap().ms,
            Some(9)
        );
        for other in [r#"{ "step":0,"outcome":1}"#, r#"{"step":0,"outcome":1,"ms":1.5}"#, r#"{"step":0,"outcome":1}}"#, r#"{"end":{}}"#] {
            assert_eq!(turn_fields(other), None, "{other}");
        }
    }
}
