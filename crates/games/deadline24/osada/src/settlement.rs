//! A settlement: the N × N board's terrain and its banner masts (spec §4.2.1), and its file
//! format, which is `MAP`'s own alphabet so that a client's parser reads it as it is:
//!
//! ```text
//! ..........#####....      N lines of N fields, row PY = 1 first: `.` solid, `*` soggy,
//! ...**.....#####....      `#` blocked (64 ≤ N ≤ 512)
//! …
//! mast 12 30               then one line per mast: `mast PX PY`, optionally with the field
//! mast 80 75 start 81 75   its team's troops start on (`start SX SY`, a solid neighbour)
//! ```
//!
//! Every field that is not blocked must connect to every other (8 neighbours), masts stand on
//! solid ground, and a team's troops start on a solid neighbour of its mast that is no mast.

use kibitz_core::Bounded;
use std::fmt::Write;

/// The smallest and largest board side (spec §4.2.1).
pub const MIN_N: u32 = 64;
pub const MAX_N: u32 = 512;

/// A field's ground.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Terrain {
    Solid,
    Soggy,
    Blocked,
}

impl Terrain {
    /// As `MAP` prints it.
    pub fn char(self) -> char {
        match self {
            Terrain::Solid => '.',
            Terrain::Soggy => '*',
            Terrain::Blocked => '#',
        }
    }

    /// As `INFO` prints it.
    pub fn token(self) -> &'static str {
        match self {
            Terrain::Solid => "SOLID",
            Terrain::Soggy => "SOGGY",
            Terrain::Blocked => "BLOCKED",
        }
    }

    /// What `MAP` (and a settlement file) prints, read back; `None` for another character
    /// ([`OFF_BOARD`] included).
    pub fn of_char(c: char) -> Option<Terrain> {
        match c {
            '.' => Some(Terrain::Solid),
            '*' => Some(Terrain::Soggy),
            '#' => Some(Terrain::Blocked),
            _ => None,
        }
    }

    /// What `INFO` prints, read back.
    pub fn of_token(word: &str) -> Option<Terrain> {
        match word {
            "SOLID" => Some(Terrain::Solid),
            "SOGGY" => Some(Terrain::Soggy),
            "BLOCKED" => Some(Terrain::Blocked),
            _ => None,
        }
    }
}

/// How `MAP` prints a field off the board.
pub const OFF_BOARD: char = '/';

/// A field's coordinates, 1-based as the protocol prints them.
pub type Xy = (i32, i32);

/// A banner mast, and where its team's troops start (drawn at random when the file names none).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mast {
    pub at: Xy,
    pub start: Option<Xy>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settlement {
    pub n: u32,
    /// Row by row from (1, 1): field (x, y) is `terrain[(y − 1) · n + x − 1]`.
    pub terrain: Vec<Terrain>,
    pub masts: Vec<Mast>,
}

/// What is wrong with a settlement, and where (line and column from 1; 0 when it is about the
/// whole file).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SettlementError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl std::fmt::Display for SettlementError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.line, self.column) {
            (0, _) => write!(f, "{}", self.message),
            (line, 0) => write!(f, "line {line}: {}", self.message),
            (line, column) => write!(f, "line {line}, column {column}: {}", self.message),
        }
    }
}

impl std::error::Error for SettlementError {}

fn fault(line: usize, column: usize, message: impl Into<String>) -> SettlementError {
    SettlementError { line, column, message: message.into() }
}

/// The eight neighbours' offsets.
pub const NEIGHBOURS: [Xy; 8] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];

/// The distance in moves between two fields (eight neighbours).
#[inline]
pub fn chebyshev(a: Xy, b: Xy) -> i32 {
    (a.0 - b.0).abs().max((a.1 - b.1).abs())
}

impl Settlement {
    /// Whether (x, y) is on the board.
    #[inline]
    pub fn on_board(&self, (x, y): Xy) -> bool {
        let n = self.n as i32;
        (1..=n).contains(&x) && (1..=n).contains(&y)
    }

    /// The index of an on-board field.
    #[inline]
    pub fn index(&self, (x, y): Xy) -> usize {
        (y - 1) as usize * self.n as usize + (x - 1) as usize
    }

    /// The field at an index.
    #[inline]
    pub fn xy(&self, index: usize) -> Xy {
        let n = self.n as usize;
        ((index % n) as i32 + 1, (index / n) as i32 + 1)
    }

    /// The terrain of a field; `None` off the board.
    #[inline]
    pub fn terrain(&self, at: Xy) -> Option<Terrain> {
        self.on_board(at).then(|| self.terrain[self.index(at)])
    }

    pub fn is_mast(&self, at: Xy) -> bool {
        self.masts.iter().any(|m| m.at == at)
    }

    /// Reads a settlement file; the first fault is named with its line and column.
    pub fn parse(text: &str) -> Result<Settlement, SettlementError> {
        let mut terrain = Vec::new();
        let mut n = 0usize;
        let mut rows = 0usize;
        let mut masts = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let row = raw.trim_end_matches('\r');
            if let Some(rest) = row.strip_prefix("mast") {
                masts.push((line, parse_mast(rest, line)?));
                continue;
            }
            if row.trim().is_empty() {
                continue;
            }
            if !masts.is_empty() {
                return Err(fault(line, 1, "a row of fields after the masts: the masts come after every row"));
            }
            let mut count = 0;
            for (column, c) in row.chars().enumerate() {
                let t = Terrain::of_char(c)
                    .ok_or_else(|| fault(line, column + 1, format!("{c:?} is not a field ('.' solid, '*' soggy, '#' blocked)")))?;
                terrain.push(t);
                count += 1;
            }
            if rows == 0 {
                n = count;
            } else if count != n {
                return Err(fault(line, 0, format!("{count} fields, but the first row has {n}: every row must be as long")));
            }
            rows += 1;
        }
        if rows == 0 {
            return Err(fault(0, 0, "no rows of fields"));
        }
        if rows != n {
            return Err(fault(0, 0, format!("{n} fields a row but {rows} rows: a settlement is square")));
        }
        if !(MIN_N as usize..=MAX_N as usize).contains(&n) {
            return Err(fault(0, 0, format!("a side of {n} fields; a settlement's side is {MIN_N} to {MAX_N}")));
        }
        let settlement = Settlement { n: n as u32, terrain, masts: masts.iter().map(|(_, m)| *m).collect() };
        for (line, mast) in &masts {
            settlement.check_mast(mast).map_err(|m| fault(*line, 0, m))?;
        }
        settlement.check_connected()?;
        Ok(settlement)
    }

    /// Why a mast cannot stand where it is, if it cannot.
    fn check_mast(&self, mast: &Mast) -> Result<(), String> {
        let (x, y) = mast.at;
        match self.terrain(mast.at) {
            None => return Err(format!("mast at ({x}, {y}) is off the board (1 to {})", self.n)),
            Some(Terrain::Solid) => {}
            Some(t) => {
                return Err(format!("mast at ({x}, {y}) stands on {} ground; masts stand on solid ground", t.token().to_lowercase()));
            }
        }
        if self.masts.iter().filter(|m| m.at == mast.at).count() > 1 {
            return Err(format!("two masts at ({x}, {y})"));
        }
        match mast.start {
            Some((sx, sy)) => {
                let near = chebyshev((sx, sy), (x, y)) == 1;
                if !near || self.terrain((sx, sy)) != Some(Terrain::Solid) || self.is_mast((sx, sy)) {
                    return Err(format!(
                        "the start ({sx}, {sy}) of the mast at ({x}, {y}) must be a solid neighbour of it that is no mast"
                    ));
                }
            }
            None if self.start_fields(mast.at).is_empty() => {
                return Err(format!("the mast at ({x}, {y}) has no solid neighbour (no mast) for its team's troops to start on"));
            }
            None => {}
        }
        Ok(())
    }

    /// The solid neighbours of a mast that are no masts: where its team's troops may start.
    pub fn start_fields(&self, (x, y): Xy) -> Vec<Xy> {
        NEIGHBOURS
            .iter()
            .map(|(dx, dy)| (x + dx, y + dy))
            .filter(|&f| self.terrain(f) == Some(Terrain::Solid) && !self.is_mast(f))
            .collect()
    }

    /// Every field that is not blocked reaches every other (8 neighbours).
    fn check_connected(&self) -> Result<(), SettlementError> {
        let Some(first) = self.terrain.iter().position(|&t| t != Terrain::Blocked) else {
            return Err(fault(0, 0, "every field is blocked"));
        };
        let reached = Framed::new(self).distances(&[first as u32]);
        if let Some(lost) = (0..self.terrain.len()).find(|&i| self.terrain[i] != Terrain::Blocked && reached.at(i as u32) == u16::MAX) {
            let ((x, y), (fx, fy)) = (self.xy(lost), self.xy(first));
            return Err(fault(
                y as usize,
                x as usize,
                format!(
                    "field ({x}, {y}) cannot be reached from ({fx}, {fy}): every field that is not blocked must connect (8 neighbours)"
                ),
            ));
        }
        Ok(())
    }

    /// That a game of `teams` teams can be played here: a mast each.
    pub fn check_teams(&self, teams: usize) -> Result<(), String> {
        if self.masts.len() < teams {
            return Err(format!("the settlement has {} mast(s), and {teams} teams play: a team needs a mast of its own", self.masts.len()));
        }
        Ok(())
    }

    /// The settlement as a file.
    pub fn to_text(&self) -> String {
        let n = self.n as usize;
        let mut text = String::with_capacity((n + 1) * n + 32 * self.masts.len());
        for row in self.terrain.chunks(n) {
            text.extend(row.iter().map(|t| t.char()));
            text.push('\n');
        }
        for m in &self.masts {
            let _ = write!(text, "mast {} {}", m.at.0, m.at.1);
            if let Some((sx, sy)) = m.start {
                let _ = write!(text, " start {sx} {sy}");
            }
            text.push('\n');
        }
        text
    }
}

/// The board with a blocked frame around it, for breadth-first searches that need no bounds
/// checks: field (x, y) is cell `y · w + x` of a `w` = N + 2 wide grid, each cell holding what
/// a search starts from ([`UNSEEN`] where a field is open, [`WALL`] elsewhere). A game's land
/// keeps one for all its distance maps.
#[derive(Debug)]
pub(crate) struct Framed {
    w: usize,
    start: Vec<u16>,
}

/// A cell not reached yet, and a blocked one (or the frame): a search looks at a neighbour once.
const UNSEEN: u16 = u16::MAX;
const WALL: u16 = u16::MAX - 1;
/// The farthest distance a map holds: fields farther still (only a winding settlement file of
/// a 65,000-step path has them) are all this far.
const FARTHEST: u16 = u16::MAX - 2;

impl Framed {
    pub(crate) fn new(s: &Settlement) -> Self {
        let (n, w) = (s.n as usize, s.n as usize + 2);
        let mut start = vec![WALL; w * w];
        for (row, cells) in s.terrain.chunks_exact(n).zip(start[w..].chunks_exact_mut(w)) {
            for (t, cell) in row.iter().zip(&mut cells[1..]) {
                *cell = if *t == Terrain::Blocked { WALL } else { UNSEEN };
            }
        }
        Framed { w, start }
    }

    /// Bytes held.
    pub(crate) fn bytes(&self) -> usize {
        self.start.len() * 2
    }

    /// Steps from `sources` to every field over fields that are not blocked (8 neighbours).
    pub(crate) fn distances(&self, sources: &[u32]) -> Distances {
        let (w, n) = (self.w, self.w - 2);
        let mut d = self.start.clone();
        // Layer by layer: the fields `next` steps away are found from those one step closer.
        let mut layer = Vec::new();
        for &f in sources {
            let c = (f as usize / n + 1) * w + f as usize % n + 1;
            if d[c] == UNSEEN {
                d[c] = 0;
                layer.push(c as u32);
            }
        }
        let offsets = [w + 1, w, w - 1, 1].map(|k| [k.wrapping_neg(), k]);
        let (mut found, mut next) = (Vec::new(), 0u16);
        while !layer.is_empty() {
            next = (next + 1).min(FARTHEST);
            for &c in &layer {
                for pair in offsets {
                    for k in pair {
                        // The frame is walls, so a neighbour of a field is in the grid.
                        let m = (c as usize).wrapping_add(k);
                        if d[m] == UNSEEN {
                            d[m] = next;
                            found.push(m as u32);
                        }
                    }
                }
            }
            std::mem::swap(&mut layer, &mut found);
            found.clear();
        }
        Distances { n, cells: d }
    }
}

/// Steps from each field to the nearest field a search started from (8 neighbours, over fields
/// that are not blocked), kept on the search's framed grid: made in one piece of memory,
/// looked up a few fields at a time.
#[derive(Debug, PartialEq, Eq)]
pub struct Distances {
    n: usize,
    cells: Vec<u16>,
}

impl Distances {
    /// Field `f`'s steps (its index on the board); `u16::MAX` where it is blocked or cut off.
    #[inline]
    pub fn at(&self, f: u32) -> u16 {
        let (f, n) = (f as usize, self.n);
        let steps = self.cells[(f / n + 1) * (n + 2) + f % n + 1];
        if steps >= WALL { u16::MAX } else { steps }
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        self.cells.len() * 2
    }
}

/// `mast PX PY [start SX SY]`, after the word `mast` (`line`: where it is, for the fault).
pub fn parse_mast(rest: &str, line: usize) -> Result<Mast, SettlementError> {
    let bad = || fault(line, 0, "expected `mast PX PY` or `mast PX PY start SX SY`");
    if !rest.starts_with(char::is_whitespace) {
        return Err(bad());
    }
    let words: Vec<&str> = rest.split_whitespace().collect();
    // A coordinate is on a board of the largest side, or the mast is refused here, by name:
    // nothing after (neighbours, distances) need fear an overflow.
    let int = |name: &'static str, w: &str| {
        let value = w.parse::<i64>().map_err(|_| bad())?;
        Bounded::new(name, 1, i64::from(MAX_N)).check(value).map(|v| v as i32).map_err(|m| fault(line, 0, format!("the mast's {m}")))
    };
    match words[..] {
        [x, y] => Ok(Mast { at: (int("PX", x)?, int("PY", y)?), start: None }),
        [x, y, "start", sx, sy] => Ok(Mast { at: (int("PX", x)?, int("PY", y)?), start: Some((int("SX", sx)?, int("SY", sy)?)) }),
        _ => Err(bad()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open(n: usize) -> String {
        (0..n).map(|_| ".".repeat(n) + "\n").collect()
    }

    #[test]
    fn distances_are_a_plain_breadth_first_searchs() {
        let mut rng = kibitz_core::rng::SplitMix64::new(55);
        for case in 0..500 {
            let n = 1 + rng.below(20) as u32;
            let terrain = (0..n * n).map(|_| if rng.below(10) < 3 { Terrain::Blocked } else { Terrain::Soggy }).collect();
            let s = Settlement { n, terrain, masts: Vec::new() };
            let sources: Vec<u32> = (0..1 + rng.below(3)).map(|_| rng.below((n * n) as usize) as u32).collect();
            // Field by field, by coordinates.
            let mut expected = vec![u16::MAX; (n * n) as usize];
            let mut queue = std::collections::VecDeque::new();
            for &f in &sources {
                if s.terrain[f as usize] != Terrain::Blocked && expected[f as usize] == u16::MAX {
                    expected[f as usize] = 0;
                    queue.push_back(f as usize);
                }
            }
            while let Some(f) = queue.pop_front() {
                let (x, y) = s.xy(f);
                for (dx, dy) in NEIGHBOURS {
                    if s.terrain((x + dx, y + dy)).is_some_and(|t| t != Terrain::Blocked) {
                        let g = s.index((x + dx, y + dy));
                        if expected[g] == u16::MAX {
                            expected[g] = expected[f] + 1;
                            queue.push_back(g);
                        }
                    }
                }
            }
            let found = Framed::new(&s).distances(&sources);
            assert_eq!((0..n * n).map(|f| found.at(f)).collect::<Vec<_>>(), expected, "case {case}, n {n}");
        }
    }

    #[test]
    fn a_settlement_reads_back_as_it_was_written() {
        let mut text = open(64);
        text.replace_range(65 * 3 + 4..65 * 3 + 8, "##*#");
        text += "mast 12 12\nmast 40 40 start 41 41\n";
        let s = Settlement::parse(&text).unwrap();
        assert_eq!(s.n, 64);
        assert_eq!(s.terrain((5, 4)), Some(Terrain::Blocked));
        assert_eq!(s.terrain((7, 4)), Some(Terrain::Soggy));
        assert_eq!(s.masts[1], Mast { at: (40, 40), start: Some((41, 41)) });
        assert_eq!(s.to_text(), text);
    }

    #[test]
    fn the_first_fault_is_named_with_its_line_and_column() {
        let err = |text: &str| Settlement::parse(text).unwrap_err().to_string();
        let mut bad_char = open(64);
        bad_char.replace_range(65 * 2 + 9..65 * 2 + 10, "x");
        assert_eq!(err(&bad_char), "line 3, column 10: 'x' is not a field ('.' solid, '*' soggy, '#' blocked)");
        let mut ragged = open(64);
        ragged.replace_range(65 * 4..65 * 4 + 1, "");
        assert_eq!(err(&ragged), "line 5: 63 fields, but the first row has 64: every row must be as long");
        assert!(err(&open(63)).contains("a side of 63 fields"));
        let mut soggy_mast = open(64);
        soggy_mast.replace_range(65 * 9 + 9..65 * 9 + 10, "*");
        soggy_mast += "mast 10 10\n";
        assert_eq!(err(&soggy_mast), "line 65: mast at (10, 10) stands on soggy ground; masts stand on solid ground");
        // Row 2 is a wall: row 1 is cut off from the rest.
        let mut cut = open(64);
        cut.replace_range(65..65 + 64, &"#".repeat(64));
        assert_eq!(
            err(&cut),
            "line 3, column 1: field (1, 3) cannot be reached from (1, 1): every field that is not blocked must connect (8 neighbours)"
        );
        let far_start = open(64) + "mast 10 10 start 12 10\n";
        assert!(err(&far_start).starts_with("line 65: the start (12, 10)"), "{}", err(&far_start));
        let s = Settlement::parse(&(open(64) + "mast 10 10\n")).unwrap();
        assert_eq!(s.check_teams(2).unwrap_err(), "the settlement has 1 mast(s), and 2 teams play: a team needs a mast of its own");
    }

    #[test]
    fn a_mast_coordinate_off_every_board_is_refused_by_name() {
        let err = |mast: &str| Settlement::parse(&(open(64) + mast)).unwrap_err().to_string();
        // Issue 49: this subtracted with overflow.
        assert_eq!(err("mast 5 5 start 5 -2147483648\n"), "line 65: the mast's SY -2147483648: must be 1 to 512");
        assert_eq!(err("mast 0 5\n"), "line 65: the mast's PX 0: must be 1 to 512");
        for extreme in ["-1", "2147483647", "2147483648", "4294967295", "-9223372036854775808", "9223372036854775807"] {
            for mast in [format!("mast {extreme} 5"), format!("mast 5 {extreme}"), format!("mast 5 5 start {extreme} 5")] {
                assert!(err(&(mast.clone() + "\n")).contains(&format!(" {extreme}: must be 1 to 512")), "{mast}: {}", err(&mast));
            }
        }
        assert_eq!(err("mast 5 99999999999999999999\n"), "line 65: expected `mast PX PY` or `mast PX PY start SX SY`");
        assert!(err("mast 5 5 start 5 100\n").starts_with("line 65: the start (5, 100)"));
    }
}
