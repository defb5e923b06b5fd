//! SnakeCore maps: the board as the protocol sends it (one line per row, `W` wall, `R` reactor,
//! `b` plain block, `e` energy block, `p` a python's head, anything else empty; we write `.`),
//! then one line per python, `snake X Y X Y …`, its head first and its tail last, in the
//! protocol's coordinates (x the character in the row, y the row, from 0 at the top left). A
//! python's body cells carry its blocks' kinds on the board (`b` or `e`). Lines starting with
//! `#` before the board are comments.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt::Write;

/// A cell of the board: `x` the column, `y` the row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Pos {
    pub x: u16,
    pub y: u16,
}

impl Pos {
    pub const fn new(x: u16, y: u16) -> Self {
        Self { x, y }
    }

    /// Whether `other` shares an edge with this cell.
    pub fn touches(self, other: Pos) -> bool {
        self.x.abs_diff(other.x) + self.y.abs_diff(other.y) == 1
    }
}

impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// The two kinds of block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Plain,
    Energy,
}

impl Kind {
    /// The board's letter: `b` or `e`.
    pub fn letter(self) -> char {
        match self {
            Kind::Plain => 'b',
            Kind::Energy => 'e',
        }
    }
}

impl Serialize for Kind {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_char(self.letter())
    }
}

impl<'de> Deserialize<'de> for Kind {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match char::deserialize(d)? {
            'b' => Ok(Kind::Plain),
            'e' => Ok(Kind::Energy),
            other => Err(serde::de::Error::custom(format!("a block is 'b' or 'e', not {other:?}"))),
        }
    }
}

/// What lies on a cell besides pythons.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cell {
    Empty,
    Wall,
    Reactor,
    /// A free ("independent") block.
    Block(Kind),
}

/// A python as a map places it: its head, then its body blocks from the head to the tail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Start {
    pub head: Pos,
    pub body: Vec<(Pos, Kind)>,
}

/// A board and its pythons' starting cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Map {
    /// The board is `size` × `size`.
    pub size: u16,
    /// Row by row: `cells[y * size + x]`; a python's cells are `Empty` here.
    pub cells: Vec<Cell>,
    pub snakes: Vec<Start>,
}

/// What is wrong with a map file, where: line and column from 1 (column 0: the whole line).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MapError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl std::fmt::Display for MapError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.line, self.column) {
            (0, _) => write!(f, "at the end of the file: {}", self.message),
            (line, 0) => write!(f, "line {line}: {}", self.message),
            (line, column) => write!(f, "line {line}, column {column}: {}", self.message),
        }
    }
}

impl std::error::Error for MapError {}

/// The largest board (the protocol sends it whole every turn).
pub const MAX_SIZE: u16 = 100;
/// The most pythons on one board.
pub const MAX_SNAKES: usize = 16;

fn fault(line: usize, column: usize, message: impl Into<String>) -> MapError {
    MapError { line, column, message: message.into() }
}

impl Map {
    pub fn cell(&self, p: Pos) -> Cell {
        self.cells[p.y as usize * self.size as usize + p.x as usize]
    }

    /// Reads a map file; the first fault is named with its line and column.
    pub fn parse(text: &str) -> Result<Map, MapError> {
        let lines: Vec<(usize, &str)> = text.lines().enumerate().map(|(k, l)| (k + 1, l.trim_end_matches('\r'))).collect();
        let mut at = lines.iter().take_while(|(_, l)| l.starts_with('#')).count();
        let board: Vec<(usize, &str)> =
            lines[at..].iter().take_while(|(_, l)| !l.trim().is_empty() && !l.starts_with("snake")).copied().collect();
        at += board.len();
        let Some(&(first, _)) = board.first() else { return Err(fault(0, 0, "no board: a map starts with its rows")) };
        let size = board.len();
        if !(2..=MAX_SIZE as usize).contains(&size) {
            return Err(fault(first, 0, format!("the board has {size} rows: a board is 2 to {MAX_SIZE} cells square")));
        }
        let mut letters = Vec::with_capacity(size * size);
        for &(line, row) in &board {
            let chars: Vec<char> = row.chars().collect();
            if chars.len() != size {
                return Err(fault(
                    line,
                    chars.len().min(size) + 1,
                    format!("a row of {} cells on a board of {size} rows (it is square)", chars.len()),
                ));
            }
            letters.extend(chars);
        }
        let size16 = size as u16;
        let mut snakes: Vec<(usize, Start)> = Vec::new();
        let mut taken: std::collections::HashMap<Pos, usize> = std::collections::HashMap::new();
        for &(line, text) in &lines[at..] {
            if text.trim().is_empty() || text.starts_with('#') {
                continue;
            }
            let mut words = text.split_whitespace();
            if words.next() != Some("snake") {
                return Err(fault(line, 1, format!("expected `snake X Y …` after the board, not {text:?}")));
            }
            let numbers: Vec<&str> = words.collect();
            if numbers.is_empty() || numbers.len() % 2 == 1 {
                return Err(fault(line, 0, "a snake line is `snake X Y X Y …`: pairs of coordinates, head first"));
            }
            let mut cells = Vec::new();
            for pair in numbers.chunks(2) {
                let coordinate = |w: &str| w.parse::<u16>().ok().filter(|&c| c < size16);
                let (Some(x), Some(y)) = (coordinate(pair[0]), coordinate(pair[1])) else {
                    return Err(fault(line, 0, format!("({}, {}) is not a cell: coordinates are 0 to {}", pair[0], pair[1], size - 1)));
                };
                let p = Pos::new(x, y);
                if let Some(&other) = taken.get(&p) {
                    return Err(fault(line, 0, format!("{p} is already a cell of the snake on line {other}")));
                }
                if let Some(&last) = cells.last()
                    && !p.touches(last)
                {
                    return Err(fault(line, 0, format!("{p} does not touch {last}: a snake's cells follow each other")));
                }
                taken.insert(p, line);
                cells.push(p);
            }
            let letter = |p: Pos| letters[p.y as usize * size + p.x as usize];
            let row_of = |p: Pos| board[p.y as usize].0;
            if letter(cells[0]) != 'p' {
                return Err(fault(row_of(cells[0]), cells[0].x as usize + 1, format!("the head {} is not a 'p' on the board", cells[0])));
            }
            let mut body = Vec::new();
            for &p in &cells[1..] {
                let kind = match letter(p) {
                    'b' => Kind::Plain,
                    'e' => Kind::Energy,
                    other => {
                        return Err(fault(row_of(p), p.x as usize + 1, format!("a body cell is 'b' or 'e' on the board, not {other:?}")));
                    }
                };
                body.push((p, kind));
            }
            snakes.push((line, Start { head: cells[0], body }));
        }
        if snakes.is_empty() {
            return Err(fault(0, 0, "no snakes: after the board, one `snake X Y …` line per player"));
        }
        if snakes.len() > MAX_SNAKES {
            return Err(fault(snakes[MAX_SNAKES].0, 0, format!("at most {MAX_SNAKES} snakes")));
        }
        let mut cells = Vec::with_capacity(size * size);
        for (k, &c) in letters.iter().enumerate() {
            let p = Pos::new((k % size) as u16, (k / size) as u16);
            let snake = taken.contains_key(&p);
            cells.push(match c {
                _ if snake => Cell::Empty,
                'p' => return Err(fault(board[p.y as usize].0, p.x as usize + 1, "a head 'p' that no snake line starts at")),
                'W' => Cell::Wall,
                'R' => Cell::Reactor,
                'b' => Cell::Block(Kind::Plain),
                'e' => Cell::Block(Kind::Energy),
                _ => Cell::Empty,
            });
        }
        Ok(Map { size: size16, cells, snakes: snakes.into_iter().map(|(_, s)| s).collect() })
    }

    /// The map as text, in the format [`Map::parse`] reads.
    pub fn to_text(&self) -> String {
        let pythons = self.snakes.iter().map(|s| (s.head, s.body.as_slice()));
        let mut text: String = rows(self.size, &self.cells, pythons).into_iter().map(|row| row + "\n").collect();
        for s in &self.snakes {
            text += &snake_line(std::iter::once(s.head).chain(s.body.iter().map(|(p, _)| *p)));
            text.push('\n');
        }
        text
    }
}

/// A python's line, `snake X Y X Y …`, its cells head first.
pub fn snake_line(cells: impl IntoIterator<Item = Pos>) -> String {
    cells.into_iter().fold("snake".to_string(), |mut line, p| {
        let _ = write!(line, " {} {}", p.x, p.y);
        line
    })
}

/// The cells a `snake X Y …` line names, head first, as written (not checked against a
/// board); `None` for a line that is not one (the map editor reads a map being made).
pub fn snake_line_cells(line: &str) -> Option<Vec<Pos>> {
    let mut words = line.split_whitespace();
    if words.next() != Some("snake") {
        return None;
    }
    let numbers: Vec<u16> = words.map(|w| w.parse().ok()).collect::<Option<_>>()?;
    (numbers.len() % 2 == 0).then(|| numbers.chunks(2).map(|c| Pos::new(c[0], c[1])).collect())
}

/// The board as the protocol writes it, row by row: `cells` with each python (its head, its
/// body) on top, body blocks by kind and heads as `p`. Maps and `getAction` both write it so.
pub fn rows<'a>(size: u16, cells: &[Cell], pythons: impl IntoIterator<Item = (Pos, &'a [(Pos, Kind)])>) -> Vec<String> {
    let n = size as usize;
    let mut rows: Vec<Vec<char>> = (0..n).map(|y| (0..n).map(|x| letter(cells[y * n + x])).collect()).collect();
    for (head, body) in pythons {
        for (p, kind) in body {
            rows[p.y as usize][p.x as usize] = kind.letter();
        }
        rows[head.y as usize][head.x as usize] = 'p';
    }
    rows.into_iter().map(String::from_iter).collect()
}

/// A cell's letter on the board (`.` for empty).
pub fn letter(cell: Cell) -> char {
    match cell {
        Cell::Empty => '.',
        Cell::Wall => 'W',
        Cell::Reactor => 'R',
        Cell::Block(kind) => kind.letter(),
    }
}

/// A map in a replay's header: its text.
impl Serialize for Map {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_text())
    }
}

impl<'de> Deserialize<'de> for Map {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Map::parse(&text).map_err(|e| serde::de::Error::custom(format!("the map in the header, {e}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DUEL: &str = "# two pythons\nW.....\n.pbe..\n..R...\n...eb.\n....p.\n..b...\nsnake 1 1 2 1 3 1\nsnake 4 4 4 3 3 3\n";

    #[test]
    fn a_map_reads_its_board_and_pythons_and_writes_back_the_same() {
        let map = Map::parse(DUEL).unwrap();
        assert_eq!(map.size, 6);
        assert_eq!(map.cell(Pos::new(0, 0)), Cell::Wall);
        assert_eq!(map.cell(Pos::new(2, 2)), Cell::Reactor);
        assert_eq!(map.cell(Pos::new(2, 5)), Cell::Block(Kind::Plain));
        assert_eq!(map.cell(Pos::new(2, 1)), Cell::Empty, "a python's cell holds nothing else");
        assert_eq!(
            map.snakes[0],
            Start { head: Pos::new(1, 1), body: vec![(Pos::new(2, 1), Kind::Plain), (Pos::new(3, 1), Kind::Energy)] }
        );
        assert_eq!(map.snakes[1].body, vec![(Pos::new(4, 3), Kind::Plain), (Pos::new(3, 3), Kind::Energy)]);
        let text = map.to_text();
        assert_eq!(Map::parse(&text).unwrap(), map);
        assert!(text.starts_with("W.....\n.pbe..\n"), "{text}");
    }

    #[test]
    fn a_broken_map_names_its_line_and_column() {
        let cases: &[(&str, usize, usize, &str)] = &[
            ("", 0, 0, "no board"),
            ("p\n", 1, 0, "2 to 100"),
            ("p..\n...\n..\nsnake 0 0\n", 3, 3, "a row of 2 cells"),
            ("p..\n...\n...\n", 0, 0, "no snakes"),
            ("p..\n...\n..p\nsnake 0 0\n", 3, 3, "no snake line starts at"),
            ("p..\n...\n...\nsnake 1 0\n", 1, 2, "is not a 'p'"),
            ("pb.\n...\n...\nsnake 0 0 1 0 1 1\n", 2, 2, "'b' or 'e'"),
            ("pb.\n.b.\n...\nsnake 0 0 1 1\n", 4, 0, "does not touch"),
            ("pb.\n...\n...\nsnake 0 0 3 0\n", 4, 0, "coordinates are 0 to 2"),
            ("pb.\n...\n...\nsnake 0 0 1\n", 4, 0, "pairs"),
            ("pbp\n...\n...\nsnake 0 0 1 0\nsnake 2 0 1 0\n", 5, 0, "already a cell of the snake on line 4"),
            ("p..\n...\n...\nsnake 0 0\nworm 1 1\n", 5, 1, "expected `snake"),
        ];
        for (text, line, column, words) in cases {
            let e = Map::parse(text).expect_err(text);
            assert_eq!((e.line, e.column), (*line, *column), "{text:?}: {e}");
            assert!(e.to_string().contains(words), "{text:?}: {e}");
        }
    }
}
