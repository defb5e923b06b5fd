//! The replay format: JSON Lines.
//!
//! Line 1 is a [`ReplayHeader`]; then one [`StepRecord`] per step, in order; last, when the
//! match finished, one `{"end": ...}` line ([`EndRecord`]). Every line is flushed as it is
//! written, so a live match can be followed by reading the growing file. See
//! `docs/replay-format.md` for the full description.

mod fast;
pub use fast::{TurnFields, json_unsigned, turn_fields};

use crate::game::{Game, Step};
use crate::located::Located;
use serde::{Deserialize, Serialize, de::DeserializeOwned};
use std::io::{self, Write};
use std::ops::ControlFlow;

/// The version of the replay container format (not of a game's rules).
pub const FORMAT_VERSION: u32 = 1;

/// One participant as the header records it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlayerInfo {
    /// The name the bot greeted with (or the seat's label until it did).
    pub name: String,
    /// The command line the referee ran; `None` for a human seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command: Option<String>,
    /// Which version of the bot ran: `git:` and the `git describe` of the work tree its file is
    /// in, or `file:` and a hash of that file (`kibitz_referee::command::version_of`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
}

/// Time limits the referee enforced, in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limits {
    pub init_ms: u64,
    pub turn_soft_ms: u64,
    pub turn_hard_ms: u64,
    /// The hard limit of a bot's first answer, when it differs (its start-up counts in it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_turn_ms: Option<u64>,
    /// A bot's total thinking time over the game: wall-clock time while it is its turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total_ms: Option<u64>,
}

impl Limits {
    /// 2 s to greet, 100 ms per answer noted, 500 ms per answer enforced, no total.
    pub const TURN_BY_TURN: Limits = Limits { init_ms: 2000, turn_soft_ms: 100, turn_hard_ms: 500, first_turn_ms: None, total_ms: None };
}

/// The first line of a replay.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ReplayHeader<S> {
    /// Always [`FORMAT_VERSION`] when written by this version of Kibitz.
    pub kibitz_replay: u32,
    pub game: String,
    pub rules_version: u32,
    pub seed: u64,
    pub players: Vec<PlayerInfo>,
    /// The game's setup (map, rounds, ...), inline so the replay stands on its own.
    pub setup: S,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limits: Option<Limits>,
    /// Set when the match continues another replay (a take-over): who played the steps copied
    /// from it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub continued: Option<Continued>,
}

/// The first steps of a replay that continues another, and the seats that played them there.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Continued {
    /// How many steps were copied from the replay taken over.
    pub steps: usize,
    /// The seats of that replay.
    pub players: Vec<PlayerInfo>,
}

impl<S> ReplayHeader<S> {
    /// The header of a new replay of `G`, in this version of the format.
    pub fn new<G: Game<Setup = S>>(setup: S, seed: u64, players: Vec<PlayerInfo>, limits: Option<Limits>) -> Self {
        Self {
            kibitz_replay: FORMAT_VERSION,
            game: G::ID.to_string(),
            rules_version: G::RULES_VERSION,
            seed,
            players,
            setup,
            limits,
            continued: None,
        }
    }
}

impl PlayerInfo {
    /// A seat played by hand (no command line).
    pub fn human(name: impl Into<String>) -> Self {
        Self { name: name.into(), command: None, version: None }
    }
}

/// The game-independent part of a header, enough to choose which game loads the rest.
#[derive(Debug, Clone, Deserialize)]
pub struct HeaderSummary {
    pub kibitz_replay: u32,
    pub game: String,
    pub rules_version: u32,
}

/// One step: a tick (no `player`) or one participant's action, with what the rules answered and
/// what the referee saw of the bot on that turn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StepRecord<A, O> {
    /// 0-based index of the step; must count up from 0 without gaps.
    pub step: usize,
    /// The acting participant; absent for a tick.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<usize>,
    /// The action as the participant sent it; absent when none usable arrived.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub action: Option<A>,
    pub outcome: O,
    /// Lines the bot wrote on stderr since its previous turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stderr: Vec<String>,
    /// The bot's drawing lines of the turn (`#kibitz ` lines of its stderr, without the
    /// prefix, [`crate::drawing`]): what the viewer draws over the board. Never compared by
    /// verification, never sent to another bot.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub draw: Vec<String>,
    /// How long the bot took to answer, in milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ms: Option<u64>,
    /// Set on the turn where the bot failed: why it is out of the match.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failed: Option<String>,
    /// Referee remarks that do not change the game (e.g. "over soft time limit").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl<A: Clone, O> StepRecord<A, O> {
    /// A bare record of `step` with its outcome, nothing seen of any process.
    pub fn new(index: usize, step: &Step<A>, outcome: O) -> Self {
        let (player, action) = match step {
            Step::Act { player, action } => (Some(*player), action.clone()),
            Step::Tick => (None, None),
        };
        Self { step: index, player, action, outcome, stderr: Vec::new(), draw: Vec::new(), ms: None, failed: None, note: None }
    }

    /// The same record with its outcome changed by `change`.
    pub fn with_outcome<X>(self, change: impl FnOnce(O) -> X) -> StepRecord<A, X> {
        let Self { step, player, action, outcome, stderr, draw, ms, failed, note } = self;
        StepRecord { step, player, action, outcome: change(outcome), stderr, draw, ms, failed, note }
    }

    /// The step this record describes.
    pub fn to_step(&self) -> Step<A> {
        Step::of(self.player, self.action.clone())
    }
}

/// A participant that left the match early, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Failure {
    pub player: usize,
    pub reason: String,
}

/// The last line of a finished match.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EndRecord {
    pub scores: Vec<i64>,
    pub names: Vec<String>,
    #[serde(default)]
    pub failed: Vec<Failure>,
    /// Why the match ended before the rules ended it (a human stopped it), if it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
}

#[derive(Serialize, Deserialize)]
struct EndLine {
    end: EndRecord,
}

/// One line after the header, as a reader following a live match takes them.
#[derive(Debug, Clone)]
pub enum BodyLine<A, O> {
    Step(StepRecord<A, O>),
    End(EndRecord),
}

/// Whether a replay line is the end record (without reading the rest of it).
pub fn is_end_line(line: &str) -> bool {
    line.starts_with("{\"end\"")
}

/// The end record of a replay's text (or of its tail: only the last line is read), read
/// without the game's rules: `Ok(None)` when its last line is not one (still being written, or
/// cut short), `Err` when it is one that does not read.
pub fn end_record(text: &str) -> Result<Option<EndRecord>, String> {
    let Some(last) = text.lines().rev().find(|l| !l.trim().is_empty()) else { return Ok(None) };
    if !is_end_line(last) {
        return Ok(None);
    }
    match BodyLine::<serde::de::IgnoredAny, serde::de::IgnoredAny>::parse(last) {
        Ok(BodyLine::End(end)) => Ok(Some(end)),
        Ok(BodyLine::Step(_)) => Ok(None),
        Err(e) => Err(format!("its end record does not read: {e}")),
    }
}

/// Whether a replay line is a header (without reading the rest of it): [`ReplayWriter`] writes
/// the format version first.
pub fn is_header_line(line: &str) -> bool {
    line.starts_with("{\"kibitz_replay\"")
}

impl<A: DeserializeOwned, O: DeserializeOwned> BodyLine<A, O> {
    pub fn parse(line: &str) -> Result<Self, serde_json::Error> {
        if is_end_line(line) {
            Ok(Self::End(serde_json::from_str::<EndLine>(line)?.end))
        } else {
            Ok(Self::Step(serde_json::from_str(line)?))
        }
    }

    /// Reads line `number` of a replay whose first `steps` steps are read: the next step or the
    /// end record; anything else says what is wrong there.
    pub fn parse_next(line: &str, number: usize, steps: usize) -> Result<Self, Located> {
        Self::read(line, number)?.numbered(number, steps)
    }

    /// Reads line `number` on its own, whatever step it holds; a problem names the line.
    pub fn read(line: &str, number: usize) -> Result<Self, Located> {
        Self::parse(line).map_err(|e| json_error(number, &e, if is_end_line(line) { "end record" } else { "step record" }))
    }

    /// This line, if it holds step `steps` (or the end).
    fn numbered(self, number: usize, steps: usize) -> Result<Self, Located> {
        match self {
            Self::Step(record) if record.step != steps => {
                Err(Located::line(number, format!("expected step {steps} but found step {}", record.step)))
            }
            line => Ok(line),
        }
    }
}

/// A game's own reading of an action at the start of a text ([`crate::Game::read_action`]).
pub type ReadAction<A> = fn(&str) -> Option<(A, &str)>;

/// Reads a replay's body one line at a time as it arrives (a match followed live, a big file
/// loading in the viewer): [`BodyLine::parse_next`], with written records taking the fast path
/// and each distinct action or outcome text parsed once.
pub struct LineReader<A, O> {
    seen: fast::Seen<A, O>,
}

impl<A, O> LineReader<A, O> {
    /// A reader that reads actions with the game's `read_action` first
    /// ([`crate::Game::read_action`]), as loading a whole replay does.
    pub fn new(read_action: ReadAction<A>) -> Self {
        Self { seen: fast::Seen::new(read_action) }
    }
}

impl<A: DeserializeOwned + Clone, O: DeserializeOwned + Clone> LineReader<A, O> {
    /// Line `number` (without its line end) of a replay whose first `steps` steps are read.
    pub fn next(&mut self, line: &str, number: usize, steps: usize) -> Result<BodyLine<A, O>, Located> {
        match self.seen.read(line) {
            Some((record, "")) => BodyLine::Step(record).numbered(number, steps),
            _ => BodyLine::parse_next(line, number, steps),
        }
    }
}

/// Consecutive body lines as read (`X`: a [`BodyLine`] whose outcomes are parsed or not), each
/// with its line number, up to and including the first line that cannot be read; and how many
/// lines (blank ones too) were looked at.
type Part<X> = (Vec<(usize, Result<X, Located>)>, usize);

/// Reads one piece of a replay's body: line numbers count from 1 at its first line. Records as
/// [`ReplayWriter`] writes them take the fast path (`fast`: the line, or `None`, and the text
/// after it); every other line is read by serde (`slow`).
fn read_piece<'t, X>(
    piece: &'t str,
    mut fast: impl FnMut(&'t str) -> Option<(X, &'t str)>,
    slow: impl Fn(&str, usize) -> Result<X, Located>,
) -> Part<X> {
    let mut out = Vec::with_capacity(piece.len() / 64);
    let mut count = 0;
    let mut rest = piece;
    while !rest.is_empty() {
        count += 1;
        // A written record is cut from the text by the fast path itself, line end included;
        // any other line is cut as `str::lines` cuts it and read by serde.
        if let Some((line, after)) = fast(rest) {
            out.push((count, Ok(line)));
            rest = after;
            continue;
        }
        let (line, after) = first_line(rest);
        rest = after;
        if line.trim().is_empty() {
            continue;
        }
        let read = slow(line, count);
        let bad = read.is_err();
        out.push((count, read));
        if bad {
            break;
        }
    }
    (out, count)
}

/// The first line of `text` as `str::lines` cuts it (without its "\n" or "\r\n"), and the text
/// after it.
fn first_line(text: &str) -> (&str, &str) {
    match text.split_once('\n') {
        Some((line, rest)) => (line.strip_suffix('\r').unwrap_or(line), rest),
        None => (text, ""),
    }
}

/// What [`read_body`] found after a replay's header.
#[derive(Debug, Default)]
pub struct Body {
    /// Step records read (and handed over), counting from step 0.
    pub steps: usize,
    pub end: Option<EndRecord>,
    /// The first line that could not be used; nothing after it was read.
    pub damage: Option<Located>,
}

/// Reads the lines of a replay after its header (`body`; its first line is line 2 of the file)
/// and hands each step record to `step`, in order, as soon as it is read. Long bodies are read on
/// every core while `step` runs on this thread; damage is found and reported exactly as reading
/// line by line would: the first line that is unreadable, out of step, or after the end record.
/// `read_action` is the game's own reading of an action's text ([`crate::Game::read_action`]).
pub fn read_body<A, O>(body: &str, read_action: ReadAction<A>, mut step: impl FnMut(StepRecord<A, O>)) -> Body
where
    A: DeserializeOwned + Clone + Send,
    O: DeserializeOwned + Clone + Send,
{
    let read_piece = |seen: &mut fast::Seen<A, O>, piece| {
        read_piece(piece, |rest| seen.read(rest).map(|(r, after)| (BodyLine::Step(r), after)), BodyLine::read)
    };
    read_lines(body, read_action, read_piece, |line, number, steps| {
        Ok(match line.numbered(number, steps)? {
            BodyLine::Step(record) => {
                step(record);
                None
            }
            BodyLine::End(end) => Some(end),
        })
    })
}

/// A step record's outcome as verification reads it: still its text when the line took the fast
/// path (with the line, to read it whole should the outcome not be as the rules write it), else
/// read by serde with the rest of the line.
pub(crate) enum Recorded<'t, O> {
    Text { outcome: &'t str, line: &'t str },
    Value(O),
}

impl<'t, A: DeserializeOwned, O: DeserializeOwned> StepRecord<A, Recorded<'t, O>> {
    /// Why line `number` cannot be step `steps` (damage), exactly as reading it whole says: it
    /// may not be a readable record at all.
    fn out_of_step(&self, number: usize, steps: usize) -> Located {
        match &self.outcome {
            Recorded::Text { line, .. } => match BodyLine::<A, O>::parse_next(line, number, steps) {
                Err(e) => e,
                Ok(_) => Located::line(number, "this line reads as two different records"),
            },
            Recorded::Value(_) => Located::line(number, format!("expected step {steps} but found step {}", self.step)),
        }
    }
}

/// [`read_body`] for verification: records on the fast path are handed over with their outcome
/// unread ([`Recorded::Text`]); `step` reads it if it must, and says so when it cannot
/// (damage at that line, exactly as reading line by line finds it).
pub(crate) fn read_body_unparsed<'t, A, O>(
    body: &'t str,
    read_action: ReadAction<A>,
    mut step: impl FnMut(StepRecord<A, Recorded<'t, O>>, usize) -> Result<(), Located>,
) -> Body
where
    A: DeserializeOwned + Clone + Send,
    O: DeserializeOwned + Clone + Send,
{
    let read_piece = |seen: &mut fast::Seen<A, O>, piece: &'t str| {
        let fast = |rest: &'t str| {
            let (record, after) = seen.read_unparsed(rest)?;
            let line = &rest[..rest.len() - after.len()];
            let line = line.strip_suffix('\n').unwrap_or(line);
            Some((BodyLine::Step(record.with_outcome(|outcome| Recorded::Text { outcome, line })), after))
        };
        let slow = |line: &str, number| {
            Ok(match BodyLine::<A, O>::read(line, number)? {
                BodyLine::Step(record) => BodyLine::Step(record.with_outcome(Recorded::Value)),
                BodyLine::End(end) => BodyLine::End(end),
            })
        };
        read_piece(piece, fast, slow)
    };
    read_lines(body, read_action, read_piece, |line, number, steps| match line {
        BodyLine::Step(record) if record.step != steps => Err(record.out_of_step(number, steps)),
        BodyLine::Step(record) => step(record, number).map(|()| None),
        BodyLine::End(end) => Ok(Some(end)),
    })
}

/// The reading shared by loading and verifying: `body`'s pieces read by `read_piece` on every
/// core (each reading thread with its own [`fast::Seen`]), their lines taken in order by `take`
/// (the line, its number in the file, the steps taken before it), which gives the end record,
/// or `None` for a step, or damage.
fn read_lines<'t, A, O, X>(
    body: &'t str,
    read_action: ReadAction<A>,
    read_piece: impl Fn(&mut fast::Seen<A, O>, &'t str) -> Part<BodyLine<A, X>> + Sync,
    mut take: impl FnMut(BodyLine<A, X>, usize, usize) -> Result<Option<EndRecord>, Located>,
) -> Body
where
    X: Send,
    A: Send,
{
    let mut read = Body::default();
    // Lines of the file before the piece in hand.
    let mut before = 1;
    let pieces = crate::parallel::pieces(body, crate::parallel::PIECE_BYTES);
    crate::parallel::read_in_order(
        &pieces,
        || fast::Seen::new(read_action),
        read_piece,
        |(lines, count)| {
            for (number, line) in lines {
                let number = before + number;
                if read.end.is_some() {
                    read.damage = Some(Located::line(number, "text after the end record"));
                    return ControlFlow::Break(());
                }
                let line = line.map_err(|mut e| {
                    e.line += before;
                    e
                });
                match line.and_then(|line| take(line, number, read.steps)) {
                    Ok(None) => read.steps += 1,
                    Ok(Some(end)) => read.end = Some(end),
                    Err(e) => {
                        read.damage = Some(e);
                        return ControlFlow::Break(());
                    }
                }
            }
            before += count;
            ControlFlow::Continue(())
        },
    );
    read
}

/// A replay in memory.
#[derive(Debug, Clone)]
pub struct Replay<G: Game> {
    pub header: ReplayHeader<G::Setup>,
    pub records: Vec<StepRecord<G::Action, G::Outcome>>,
    /// Absent when the match was cut short (or is still running).
    pub end: Option<EndRecord>,
}

/// The result of reading a replay that may be damaged: everything readable before the first
/// problem, and the problem.
#[derive(Debug)]
pub struct Loaded<G: Game> {
    pub replay: Replay<G>,
    /// The first line that could not be used; nothing after it was read.
    pub damage: Option<Located>,
}

/// Reads the game-independent part of the first line.
pub fn peek_header(text: &str) -> Result<HeaderSummary, Located> {
    if text.is_empty() {
        return Err(Located::line(1, "the file is empty"));
    }
    serde_json::from_str(first_line(text).0).map_err(|e| json_error(1, &e, "replay header"))
}

fn json_error(line: usize, e: &serde_json::Error, what: &str) -> Located {
    Located::at(line, e.column().max(1), format!("not a valid {what}: {e}"))
}

/// [`json_error`] of a header, naming the member whose value would not read (serde names the
/// type it expected, not the field): `"turns": invalid value: integer `-1`, expected u32`.
fn header_error(text: &str, e: &serde_json::Error) -> Located {
    match key_before(text, e.column()) {
        Some(key) if e.is_data() => Located::at(1, e.column().max(1), format!("not a valid replay header: \"{key}\": {e}")),
        _ => json_error(1, e, "replay header"),
    }
}

/// The key of the last JSON member that starts before byte `column` of `text`.
fn key_before(text: &str, column: usize) -> Option<&str> {
    let mut end = column.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let before = &text[..end];
    let colon = before.rfind("\":")?;
    let open = before[..colon].rfind('"')?;
    Some(&before[open + 1..colon])
}

impl<G: Game> Replay<G> {
    /// Reads a replay. A bad header is an error; a bad or missing later line keeps every step
    /// before it and reports the line in [`Loaded::damage`].
    pub fn parse(text: &str) -> Result<Loaded<G>, Located> {
        let (header, body) = Self::read_header(text)?;
        // A step a line: room for them all at once. Grown by doubling, a million records
        // were copied into fresh pages again and again, and held twice at the last doubling.
        let mut records = Vec::with_capacity(body.bytes().filter(|&b| b == b'\n').count() + 1);
        let read = read_body(body, G::read_action, |record| records.push(record));
        Ok(Loaded { replay: Replay { header, records, end: read.end }, damage: read.damage })
    }

    /// Reads the header (line 1) of a replay of this game; returns it with the text after it.
    pub fn read_header(text: &str) -> Result<(ReplayHeader<G::Setup>, &str), Located> {
        if text.is_empty() {
            return Err(Located::line(1, "the file is empty"));
        }
        let (first, body) = first_line(text);
        // The header is read once; only when it does not fit this game is it read again, for
        // the game-independent part that says why.
        let header = serde_json::from_str::<ReplayHeader<G::Setup>>(first);
        let (game, format) = match &header {
            Ok(h) => (h.game.clone(), h.kibitz_replay),
            Err(e) => {
                let summary: HeaderSummary = serde_json::from_str(first).map_err(|_| header_error(first, e))?;
                (summary.game, summary.kibitz_replay)
            }
        };
        if game != G::ID {
            return Err(Located::line(1, format!("this is a {game} replay, not {}", G::ID)));
        }
        if format > FORMAT_VERSION {
            return Err(Located::line(1, format!("replay format {format} is newer than this Kibitz reads ({FORMAT_VERSION})")));
        }
        let header = header.map_err(|e| header_error(first, &e))?;
        // Steps re-simulated under other rules would disagree somewhere later, or worse, agree
        // with different scores: a replay of another rules version is refused, saying why.
        if header.rules_version != G::RULES_VERSION {
            return Err(Located::line(
                1,
                format!(
                    "written under {} rules version {}, and this Kibitz plays version {} (docs/rules/{}.md says what changed)",
                    G::ID,
                    header.rules_version,
                    G::RULES_VERSION,
                    G::ID
                ),
            ));
        }
        Ok((header, body))
    }

    /// Line number (1-based) of the record of `step` in a file written by [`ReplayWriter`].
    pub fn line_of_step(step: usize) -> usize {
        step + 2
    }

    /// The steps, in order, as the rules take them.
    pub fn steps(&self) -> impl Iterator<Item = Step<G::Action>> + '_ {
        self.records.iter().map(StepRecord::to_step)
    }
}

/// Writes a replay line by line, flushing each, so readers can follow a live match.
pub struct ReplayWriter<W: Write> {
    out: W,
    buffer: Vec<u8>,
    flush_each: bool,
}

impl<W: Write> ReplayWriter<W> {
    pub fn new<S: Serialize>(mut out: W, header: &ReplayHeader<S>) -> io::Result<Self> {
        let mut buffer = serde_json::to_vec(header).map_err(io::Error::other)?;
        buffer.push(b'\n');
        out.write_all(&buffer)?;
        out.flush()?;
        Ok(Self { out, buffer, flush_each: true })
    }

    /// Leaves flushing to the caller ([`ReplayWriter::flush`]): a server answering tens of
    /// thousands of commands a second flushes once per batch instead of once per line.
    pub fn batched(mut self) -> Self {
        self.flush_each = false;
        self
    }

    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    /// The line written last (the header after `new`), with its newline.
    pub fn last_line(&self) -> &[u8] {
        &self.buffer
    }

    pub fn record<A: Serialize, O: Serialize>(&mut self, record: &StepRecord<A, O>) -> io::Result<()> {
        self.line(record)
    }

    pub fn end(&mut self, end: &EndRecord) -> io::Result<()> {
        self.line(&EndLine { end: end.clone() })
    }

    fn line<T: Serialize>(&mut self, value: &T) -> io::Result<()> {
        self.buffer.clear();
        serde_json::to_writer(&mut self.buffer, value).map_err(io::Error::other)?;
        self.buffer.push(b'\n');
        self.out.write_all(&self.buffer)?;
        if self.flush_each { self.out.flush() } else { Ok(()) }
    }

    pub fn into_inner(self) -> W {
        self.out
    }
}
