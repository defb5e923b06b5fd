//! The drawing language of bots' standard error: lines that begin with `#kibitz ` say what a
//! bot was thinking, in the game's own coordinates, for the viewer to draw over the board of
//! that turn (docs/debug-drawing.md). A game's protocol is kept as it was, so a bot cannot draw
//! through it; every bot has a standard error, which the referee already records per turn.
//!
//! ```text
//! #kibitz dot X Y [COLOUR]              a cell or point marked
//! #kibitz line X1 Y1 X2 Y2 [COLOUR]     an arrow from the first place to the second
//! #kibitz text X Y WORDS…               a short label there
//! #kibitz note WORDS…                   a text for the turn, under the board
//! #kibitz value NAME NUMBER             a named value for the turn, charted as a score is
//! #kibitz mark WORDS…                   a marker on the timeline
//! #kibitz tag WORD                      a tag for the whole match
//! #kibitz vertex V [COLOUR]             vertex V of a game's graph marked (wycinanka's sheet)
//! #kibitz edge V W [COLOUR]             an arrow from vertex V to vertex W
//! #kibitz unit N COMMAND…               any of the above, for unit N of a one-answer game (icfp2015)
//! ```
//!
//! A place is as many numbers as the game's places have ([`Dims`]: two, or three for
//! fedrunek's x y z). A colour is a name of [`COLOURS`] or `#rrggbb`. Lines without the prefix
//! are plain stderr. Nothing here is ever part of what `verify` compares.

/// Per bot and turn, at most this many drawing lines are kept, and at most [`MAX_BYTES`] of
/// them; the rest are counted as dropped.
pub const MAX_SHAPES: usize = 10_000;
/// Per bot and turn, at most this many bytes of drawing lines.
pub const MAX_BYTES: usize = 256 * 1024;
/// The largest coordinate or value read; beyond it a line is refused, never a number a
/// renderer cannot hold.
pub const MAX_NUMBER: f64 = 1e9;
/// The longest text (a label, a note, a marker, a name or a tag), in characters.
pub const MAX_TEXT: usize = 200;
/// The prefix of a drawing line.
pub const PREFIX: &str = "#kibitz ";

/// The colours known by name, as RGB.
pub const COLOURS: &[(&str, [u8; 3])] = &[
    ("red", [230, 60, 60]),
    ("green", [70, 200, 90]),
    ("blue", [70, 130, 240]),
    ("yellow", [240, 220, 60]),
    ("orange", [245, 150, 40]),
    ("purple", [160, 90, 220]),
    ("pink", [245, 130, 190]),
    ("cyan", [60, 210, 220]),
    ("magenta", [220, 60, 200]),
    ("white", [255, 255, 255]),
    ("grey", [150, 150, 150]),
    ("gray", [150, 150, 150]),
    ("black", [0, 0, 0]),
];

/// How many numbers a place of the game has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dims {
    Two,
    Three,
}

impl Dims {
    fn count(self) -> usize {
        match self {
            Dims::Two => 2,
            Dims::Three => 3,
        }
    }
}

/// A place in the game's own coordinates: x, y and, for three-dimensional games, z (else 0);
/// or a vertex of a game whose board is a graph ([`Place::vertex`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Place(pub [f64; 3]);

impl Place {
    /// Vertex `v` of the game's graph: x is its number, y and z are NaN (never a coordinate,
    /// which is finite), so that a board of cells shows none of it.
    pub fn vertex(v: u32) -> Place {
        Place([v as f64, f64::NAN, f64::NAN])
    }

    /// The vertex this place is, if it is one.
    pub fn as_vertex(&self) -> Option<u32> {
        self.0[1].is_nan().then_some(self.0[0] as u32)
    }
}

/// An RGB colour; `None` in a shape is the drawing bot's own colour.
pub type Colour = [u8; 3];

/// What one drawing line says.
#[derive(Debug, Clone, PartialEq)]
pub enum Drawn {
    Dot { at: Place, colour: Option<Colour> },
    Line { from: Place, to: Place, colour: Option<Colour> },
    Text { at: Place, text: String },
    Note(String),
    Value { name: String, value: f64 },
    Mark(String),
    Tag(String),
}

/// One drawing line read: what it says, and the unit it is for when the bot said one.
#[derive(Debug, Clone, PartialEq)]
pub struct Drawing {
    pub unit: Option<u32>,
    pub drawn: Drawn,
}

/// Reads one stderr line: `None` when it is plain stderr (no prefix), else the drawing or why
/// the line is not one (said as "bad drawing line: …" by whoever shows it).
pub fn parse(line: &str, dims: Dims) -> Option<Result<Drawing, String>> {
    let rest = line.strip_prefix(PREFIX)?;
    Some(parse_words(&rest.split_whitespace().collect::<Vec<_>>(), dims))
}

fn parse_words(words: &[&str], dims: Dims) -> Result<Drawing, String> {
    if let ["unit", n, rest @ ..] = words {
        let unit = n.parse::<u32>().map_err(|_| format!("unit {n:?} is not a unit number"))?;
        if rest.first() == Some(&"unit") {
            return Err("one unit is enough".into());
        }
        let inner = parse_words(rest, dims)?;
        return Ok(Drawing { unit: Some(unit), drawn: inner.drawn });
    }
    let (&command, args) = words.split_first().ok_or("nothing after #kibitz")?;
    let n = dims.count();
    let drawn = match command {
        "dot" => {
            let (at, rest) = place(args, n)?;
            Drawn::Dot { at, colour: optional_colour(rest)? }
        }
        "line" => {
            let (from, rest) = place(args, n)?;
            let (to, rest) = place(rest, n)?;
            Drawn::Line { from, to, colour: optional_colour(rest)? }
        }
        "text" => {
            let (at, rest) = place(args, n)?;
            Drawn::Text { at, text: text(rest, "text")? }
        }
        "vertex" => {
            let (v, rest) = vertex(args)?;
            Drawn::Dot { at: v, colour: optional_colour(rest)? }
        }
        "edge" => {
            let (from, rest) = vertex(args)?;
            let (to, rest) = vertex(rest)?;
            Drawn::Line { from, to, colour: optional_colour(rest)? }
        }
        "note" => Drawn::Note(text(args, "note")?),
        "mark" => Drawn::Mark(text(args, "mark")?),
        "tag" => match args {
            [word] => Drawn::Tag(text(args, "tag").map(|_| word.to_string())?),
            _ => return Err("tag takes one word".into()),
        },
        "value" => match args {
            [name, number] => Drawn::Value { name: text(&[name], "value's name")?, value: number_of(number)? },
            _ => return Err("value takes a NAME and a NUMBER".into()),
        },
        other => return Err(format!("unknown drawing {other:?} (dot, line, text, note, value, mark, tag, vertex, edge, unit)")),
    };
    Ok(Drawing { unit: None, drawn })
}

/// A place of `n` numbers at the start of `words`, and what follows it.
fn place<'a, 'b>(words: &'a [&'b str], n: usize) -> Result<(Place, &'a [&'b str]), String> {
    if words.len() < n {
        return Err(format!("a place is {n} numbers"));
    }
    let mut at = [0.0; 3];
    for (k, w) in words[..n].iter().enumerate() {
        at[k] = number_of(w)?;
    }
    Ok((Place(at), &words[n..]))
}

/// A vertex number at the start of `words`, and what follows it.
fn vertex<'a, 'b>(words: &'a [&'b str]) -> Result<(Place, &'a [&'b str]), String> {
    let (first, rest) = words.split_first().ok_or("a vertex is a number from 1")?;
    match first.parse::<u32>() {
        Ok(v) if v >= 1 && v as f64 <= MAX_NUMBER => Ok((Place::vertex(v), rest)),
        _ => Err(format!("{first:?} is not a vertex (a number from 1)")),
    }
}

fn number_of(word: &str) -> Result<f64, String> {
    match word.parse::<f64>() {
        Ok(v) if v.is_finite() && v.abs() <= MAX_NUMBER => Ok(v),
        Ok(_) => Err(format!("{word} is out of bounds (at most {MAX_NUMBER:e} either way)")),
        Err(_) => Err(format!("{word:?} is not a number")),
    }
}

fn optional_colour(words: &[&str]) -> Result<Option<Colour>, String> {
    match words {
        [] => Ok(None),
        [word] => colour(word).map(Some),
        _ => Err(format!("unexpected words after the place: {}", words.join(" "))),
    }
}

/// A colour by name ([`COLOURS`]) or `#rrggbb`.
pub fn colour(word: &str) -> Result<Colour, String> {
    if let Some(hex) = word.strip_prefix('#')
        && hex.len() == 6
        && let Ok(v) = u32::from_str_radix(hex, 16)
    {
        return Ok([(v >> 16) as u8, (v >> 8) as u8, v as u8]);
    }
    COLOURS
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(word))
        .map(|&(_, rgb)| rgb)
        .ok_or_else(|| format!("{word:?} is not a colour (a name such as red, or #rrggbb)"))
}

fn text(words: &[&str], what: &str) -> Result<String, String> {
    let text = words.join(" ");
    match text.chars().count() {
        0 => Err(format!("{what} has no words")),
        n if n > MAX_TEXT => Err(format!("{what} is {n} characters, at most {MAX_TEXT}")),
        _ => Ok(text),
    }
}

/// A bot's drawing lines of one turn as they come, without the prefix, within [`MAX_SHAPES`]
/// and [`MAX_BYTES`]; the rest are counted, to be said by one marker line.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Capped {
    lines: Vec<String>,
    bytes: usize,
    dropped: usize,
}

impl Capped {
    /// Takes one stderr line: a drawing line is kept (or counted over the caps) and `true`
    /// returned; any other line is left to the caller.
    pub fn push(&mut self, line: &str) -> bool {
        let Some(body) = line.strip_prefix(PREFIX) else { return false };
        if self.lines.len() < MAX_SHAPES && self.bytes + body.len() <= MAX_BYTES {
            self.bytes += body.len();
            self.lines.push(body.to_string());
        } else {
            self.dropped += 1;
        }
        true
    }

    /// The lines kept so far, and the marker line for the plain stderr when some were
    /// dropped; starts the next turn empty.
    pub fn take(&mut self) -> (Vec<String>, Option<String>) {
        let dropped = std::mem::take(&mut self.dropped);
        self.bytes = 0;
        let marker = (dropped > 0)
            .then(|| format!("[kibitz: {dropped} more drawing lines not kept (at most {MAX_SHAPES} and {} KB a turn)]", MAX_BYTES / 1024));
        (std::mem::take(&mut self.lines), marker)
    }
}

/// Reads one recorded drawing line (the text after the prefix).
pub fn parse_body(body: &str, dims: Dims) -> Result<Drawing, String> {
    parse_words(&body.split_whitespace().collect::<Vec<_>>(), dims)
}

/// One turn's drawing lines checked: those that read are kept for the replay; each that does
/// not goes back to the plain `stderr` as it was written, followed by a line saying why
/// ("bad drawing line: …"), which the turn log shows. The match goes on either way.
pub fn sort_out(draw: Vec<String>, stderr: &mut Vec<String>, dims: Dims) -> Vec<String> {
    let mut good = Vec::with_capacity(draw.len());
    for body in draw {
        match parse_body(&body, dims) {
            Ok(_) => good.push(body),
            Err(why) => {
                stderr.push(format!("{PREFIX}{body}"));
                stderr.push(format!("[kibitz: bad drawing line: {why}]"));
            }
        }
    }
    good
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(line: &str) -> Drawing {
        parse(line, Dims::Two).expect("a drawing line").expect("a good one")
    }

    fn refused(line: &str, dims: Dims) -> String {
        parse(line, dims).expect("a drawing line").expect_err("refused")
    }

    #[test]
    fn every_command_reads_in_the_games_coordinates() {
        assert_eq!(read("#kibitz dot 3 4").drawn, Drawn::Dot { at: Place([3.0, 4.0, 0.0]), colour: None });
        assert_eq!(read("#kibitz dot 3 4 red").drawn, Drawn::Dot { at: Place([3.0, 4.0, 0.0]), colour: Some([230, 60, 60]) });
        assert_eq!(
            read("#kibitz line 0 0 2.5 -1 #10ff20").drawn,
            Drawn::Line { from: Place([0.0, 0.0, 0.0]), to: Place([2.5, -1.0, 0.0]), colour: Some([0x10, 0xff, 0x20]) }
        );
        assert_eq!(read("#kibitz text 1 2 go  here").drawn, Drawn::Text { at: Place([1.0, 2.0, 0.0]), text: "go here".into() });
        assert_eq!(read("#kibitz note aiming for the lighthouse").drawn, Drawn::Note("aiming for the lighthouse".into()));
        assert_eq!(read("#kibitz value energy 120.5").drawn, Drawn::Value { name: "energy".into(), value: 120.5 });
        assert_eq!(read("#kibitz mark changed plan").drawn, Drawn::Mark("changed plan".into()));
        assert_eq!(read("#kibitz tag aggressive").drawn, Drawn::Tag("aggressive".into()));
        let d = parse("#kibitz dot 1 2 3 blue", Dims::Three).unwrap().unwrap();
        assert_eq!(d.drawn, Drawn::Dot { at: Place([1.0, 2.0, 3.0]), colour: Some([70, 130, 240]) });
        let v = read("#kibitz vertex 12 red");
        assert!(matches!(v.drawn, Drawn::Dot { at, colour: Some(_) } if at.as_vertex() == Some(12)));
        let e = read("#kibitz edge 3 4");
        assert!(matches!(e.drawn, Drawn::Line { from, to, colour: None } if from.as_vertex() == Some(3) && to.as_vertex() == Some(4)));
        assert_eq!(read("#kibitz dot 3 4").drawn, Drawn::Dot { at: Place([3.0, 4.0, 0.0]), colour: None }, "a coordinate is no vertex");
        let u = read("#kibitz unit 7 dot 1 2");
        assert_eq!((u.unit, u.drawn), (Some(7), Drawn::Dot { at: Place([1.0, 2.0, 0.0]), colour: None }));
    }

    #[test]
    fn plain_stderr_is_not_a_drawing() {
        assert_eq!(parse("thinking about turn 3", Dims::Two), None);
        assert_eq!(parse("#kibitzdot 1 2", Dims::Two), None, "the prefix ends with a space");
        assert_eq!(parse(" #kibitz dot 1 2", Dims::Two), None, "at the start of the line only");
    }

    #[test]
    fn a_bad_drawing_line_says_why() {
        for (line, dims, why) in [
            ("#kibitz ", Dims::Two, "nothing after"),
            ("#kibitz circle 1 2", Dims::Two, "unknown drawing \"circle\""),
            ("#kibitz dot 1", Dims::Two, "a place is 2 numbers"),
            ("#kibitz dot 1 2", Dims::Three, "a place is 3 numbers"),
            ("#kibitz dot 1 x", Dims::Two, "\"x\" is not a number"),
            ("#kibitz dot 1 NaN", Dims::Two, "NaN is out of bounds"),
            ("#kibitz dot 1 1e300", Dims::Two, "out of bounds"),
            ("#kibitz dot 1 2 mauve", Dims::Two, "\"mauve\" is not a colour"),
            ("#kibitz dot 1 2 red extra", Dims::Two, "unexpected words"),
            ("#kibitz line 1 2 3", Dims::Two, "a place is 2 numbers"),
            ("#kibitz text 1 2", Dims::Two, "text has no words"),
            ("#kibitz note", Dims::Two, "note has no words"),
            ("#kibitz value energy", Dims::Two, "NAME and a NUMBER"),
            ("#kibitz value energy inf", Dims::Two, "out of bounds"),
            ("#kibitz tag two words", Dims::Two, "one word"),
            ("#kibitz vertex 0", Dims::Two, "not a vertex"),
            ("#kibitz edge 3", Dims::Two, "a vertex is a number"),
            ("#kibitz vertex 2.5", Dims::Two, "not a vertex"),
            ("#kibitz unit -1 dot 1 2", Dims::Two, "not a unit number"),
            ("#kibitz unit 1 unit 2 dot 1 2", Dims::Two, "one unit is enough"),
        ] {
            let said = refused(line, dims);
            assert!(said.contains(why), "{line:?}: {said}");
        }
        let long = format!("#kibitz note {}", "x".repeat(MAX_TEXT + 1));
        assert!(refused(&long, Dims::Two).contains("at most 200"));
    }

    #[test]
    fn a_flood_of_drawing_keeps_the_caps_and_counts_the_rest() {
        let mut capped = Capped::default();
        for k in 0..MAX_SHAPES + 5 {
            assert!(capped.push(&format!("#kibitz dot {k} 0")));
        }
        assert!(!capped.push("plain words"), "a plain line is the caller's");
        let (kept, marker) = capped.take();
        assert_eq!(kept.len(), MAX_SHAPES);
        assert_eq!(kept[0], "dot 0 0", "kept without the prefix");
        assert_eq!(marker.as_deref(), Some("[kibitz: 5 more drawing lines not kept (at most 10000 and 256 KB a turn)]"));
        assert_eq!(capped.take(), (Vec::new(), None), "the next turn starts empty");
        let line = format!("#kibitz note {}", "y".repeat(150));
        for _ in 0..2000 {
            capped.push(&line);
        }
        let (kept, marker) = capped.take();
        let bytes: usize = kept.iter().map(String::len).sum();
        assert!(bytes <= MAX_BYTES && bytes + line.len() > MAX_BYTES, "bytes capped at {MAX_BYTES}: {bytes}");
        assert!(marker.unwrap().contains(&format!("{} more", 2000 - kept.len())));
    }

    #[test]
    fn bad_drawing_lines_go_back_to_the_plain_stderr_with_why() {
        let mut stderr = vec!["thinking".to_string()];
        let draw = vec!["dot 1 2".into(), "dot 1 x".into(), "tag fast".into()];
        assert_eq!(sort_out(draw, &mut stderr, Dims::Two), vec!["dot 1 2".to_string(), "tag fast".into()]);
        assert_eq!(stderr, ["thinking", "#kibitz dot 1 x", "[kibitz: bad drawing line: \"x\" is not a number]"]);
    }
}
