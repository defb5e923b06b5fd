//! The CodeCup maze file format, loaded and checked.
//!
//! A maze is 51 lines of 51 characters (see `shared/reference/amazes/README.md`):
//! odd lines (1, 3, …, 51) are `+` posts with `-` (wall) or ` ` (open) between them, the row
//! of horizontal edges above a row of squares (line 51 is the bottom edge); even lines are `|`
//! (wall) or ` ` (open) for the 26 vertical edges, with a space for each square between them.
//!
//! A file may start with two more lines giving the starting positions, Red's then Blue's, as
//! the archived CodeCup page describes them (1-based row, column, orientation). Their syntax is
//! ours, since no original file with them survives: exactly `ROW COLUMN FACING`, separated by
//! single spaces, row 1 being the top row and column 1 the left one, facing one of `N` `E` `S`
//! `W` (north is up). Example: `3 5 N`.
//!
//! A maze is valid when it has every property seed 004 states: 25×25 squares, a closed outer
//! edge, all squares connected, and each corner of a square connected to at least one wall
//! (no lattice point with four open edges). Start lines, when given, must also be what the seed
//! promises: no wall directly behind a player, and the players at least √288 apart.
//! CRLF line ends and a missing final newline are accepted.

use crate::geom::{Dir, EDGES, EdgeId, EdgeSet, Placement, SIZE, SQUARES, Square, corner_edges};
use kibitz_core::Located;
use serde::{Deserialize, Serialize};

/// Characters per maze line.
pub const LINE_WIDTH: usize = 2 * SIZE + 1;
/// Lines of a maze without start lines.
pub const MAZE_LINES: usize = 2 * SIZE + 1;
/// Players start at least this far apart, squared (√288 ≈ 17).
pub const MIN_START_DISTANCE2: u32 = 288;

/// A maze: which of the 1300 edges are walls, and optionally the two starting positions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Vec<String>", into = "Vec<String>")]
pub struct Maze {
    walls: EdgeSet,
    /// Red's and Blue's starting positions, when the file gives them.
    pub starts: Option<[Placement; 2]>,
}

impl Maze {
    /// Every edge a wall, no start lines: the blank to carve a maze from.
    pub fn with_all_walls() -> Maze {
        let mut walls = EdgeSet::new();
        for e in EdgeId::all() {
            walls.insert(e);
        }
        Maze { walls, starts: None }
    }

    pub fn is_wall(&self, e: EdgeId) -> bool {
        self.walls.contains(e)
    }

    /// Whether side `dir` of `square` is a wall.
    pub fn wall(&self, square: Square, dir: Dir) -> bool {
        self.is_wall(square.edge(dir))
    }

    pub fn set_wall(&mut self, e: EdgeId, wall: bool) {
        if wall {
            self.walls.insert(e);
        } else {
            self.walls.remove(e);
        }
    }

    /// Number of open interior edges (624 for a maze without cycles).
    pub fn openings(&self) -> usize {
        EDGES - self.walls.len()
    }

    /// Squares with exactly one opening.
    pub fn dead_ends(&self) -> usize {
        Square::all().filter(|&s| Dir::ALL.iter().filter(|&&d| !self.wall(s, d)).count() == 1).count()
    }

    /// The steps along open edges from `from` to every square, by [`Square::index`];
    /// `usize::MAX` for a square it does not reach.
    pub fn steps_from(&self, from: Square) -> Vec<usize> {
        let mut steps = vec![usize::MAX; SQUARES];
        steps[from.index()] = 0;
        let mut queue = std::collections::VecDeque::from([from]);
        while let Some(s) = queue.pop_front() {
            for d in Dir::ALL {
                if !self.wall(s, d)
                    && let Some(n) = s.step(d)
                    && steps[n.index()] == usize::MAX
                {
                    steps[n.index()] = steps[s.index()] + 1;
                    queue.push_back(n);
                }
            }
        }
        steps
    }

    /// A shortest walk along open edges from `from` to the nearest square `goal` accepts (`from`
    /// itself included), as the squares after `from`; `None` when no such square is reached.
    /// Breadth first in [`Dir::ALL`]'s order, so that ties always go the same way: tests plan
    /// all-seeing players with it.
    pub fn path_to_nearest(&self, from: Square, goal: impl Fn(Square) -> bool) -> Option<Vec<Square>> {
        let mut prev: Vec<Option<Square>> = vec![None; SQUARES];
        let mut seen = vec![false; SQUARES];
        let mut queue = std::collections::VecDeque::from([from]);
        seen[from.index()] = true;
        let found = loop {
            let s = queue.pop_front()?;
            if goal(s) {
                break s;
            }
            for d in Dir::ALL {
                if !self.wall(s, d)
                    && let Some(n) = s.step(d)
                    && !seen[n.index()]
                {
                    seen[n.index()] = true;
                    prev[n.index()] = Some(s);
                    queue.push_back(n);
                }
            }
        };
        let mut path = Vec::new();
        let mut s = found;
        while s != from {
            path.push(s);
            s = prev[s.index()]?;
        }
        path.reverse();
        Some(path)
    }

    /// The squares reachable from `from`.
    pub fn reachable(&self, from: Square) -> Vec<bool> {
        let mut seen = vec![false; SQUARES];
        let mut stack = vec![from];
        seen[from.index()] = true;
        while let Some(s) = stack.pop() {
            for d in Dir::ALL {
                if !self.wall(s, d)
                    && let Some(n) = s.step(d)
                    && !seen[n.index()]
                {
                    seen[n.index()] = true;
                    stack.push(n);
                }
            }
        }
        seen
    }

    /// Parses and validates the text format (51 lines, or 53 with start lines first). Errors
    /// name the line and column, 1-based, as an editor shows them.
    pub fn parse(text: &str) -> Result<Maze, Located> {
        let mut lines: Vec<&str> = text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l)).collect();
        while lines.last().is_some_and(|l| l.is_empty()) {
            lines.pop();
        }
        if lines.is_empty() {
            return Err(Located::line(1, "the maze file is empty"));
        }
        let has_starts = !lines[0].starts_with('+');
        let offset = if has_starts { 2 } else { 0 };
        let body = &lines[offset.min(lines.len())..];
        if body.len() < MAZE_LINES {
            let what = if has_starts { "2 start lines and then 51 maze lines" } else { "51 maze lines" };
            return Err(Located::line(lines.len() + 1, format!("the file ends after {} lines; a maze file has {what}", lines.len())));
        }
        if body.len() > MAZE_LINES {
            return Err(Located::line(offset + MAZE_LINES + 1, "extra line after the bottom edge of the maze"));
        }
        let mut walls = EdgeSet::new();
        for (i, line) in body.iter().enumerate() {
            parse_line(i, line, offset, &mut walls)?;
        }
        let mut maze = Maze { walls, starts: None };
        maze.check_structure(offset)?;
        if has_starts {
            let red = parse_start(lines[0], 1)?;
            let blue = parse_start(lines[1], 2)?;
            maze.starts = Some([red, blue]);
            maze.check_starts()?;
        }
        Ok(maze)
    }

    /// Checks everything [`Maze::parse`] checks, for a maze built in code. Places are given as
    /// in [`Maze::to_text`].
    pub fn validate(&self) -> Result<(), Located> {
        let offset = if self.starts.is_some() { 2 } else { 0 };
        for e in EdgeId::all().filter(|e| e.is_outer()) {
            if !self.is_wall(e) {
                let (line, column) = e.text_position();
                return Err(Located::at(line + offset, column, "the outer edge of the maze must be closed: this edge is open"));
            }
        }
        self.check_structure(offset)?;
        self.check_starts()
    }

    /// The corner rule, then connectivity; the outer edge is checked while reading.
    fn check_structure(&self, offset: usize) -> Result<(), Located> {
        for line in 1..SIZE {
            for post in 1..SIZE {
                if corner_edges(line, post).iter().all(|&e| !self.is_wall(e)) {
                    return Err(Located::at(
                        2 * line + 1 + offset,
                        2 * post + 1,
                        "no wall touches this corner; every corner of a square must be connected to at least one wall",
                    ));
                }
            }
        }
        // The largest connected part is taken as the maze; the first square outside it is named.
        let mut component = vec![usize::MAX; SQUARES];
        let mut sizes = Vec::new();
        for s in Square::all() {
            if component[s.index()] != usize::MAX {
                continue;
            }
            let seen = self.reachable(s);
            let id = sizes.len();
            let mut size = 0;
            for (i, &r) in seen.iter().enumerate() {
                if r {
                    component[i] = id;
                    size += 1;
                }
            }
            sizes.push(size);
        }
        if sizes.len() > 1 {
            let largest = (0..sizes.len()).max_by_key(|&k| (sizes[k], std::cmp::Reverse(k))).unwrap_or(0);
            if let Some(s) = Square::all().find(|s| component[s.index()] != largest) {
                let cut_off = SQUARES - sizes[largest];
                return Err(Located::at(
                    2 * s.row() + 2 + offset,
                    2 * s.col() + 2,
                    format!(
                        "this square ({s}) cannot be reached from the rest of the maze ({cut_off} of 625 squares are cut off); all squares must be connected"
                    ),
                ));
            }
        }
        Ok(())
    }

    fn check_starts(&self) -> Result<(), Located> {
        let Some(starts) = self.starts else { return Ok(()) };
        for (k, p) in starts.iter().enumerate() {
            if self.wall(p.square, p.facing.back()) {
                let line = k + 1;
                return Err(Located::at(
                    line,
                    start_facing_column(p),
                    format!("{} starts with a wall directly behind; there must be none", PLAYER_NAMES[k]),
                ));
            }
        }
        let d2 = starts[0].square.distance2(starts[1].square);
        if d2 < MIN_START_DISTANCE2 {
            return Err(Located::line(2, format!("the players start {d2} apart (squared distance); it must be at least 288 (√288 ≈ 17)")));
        }
        Ok(())
    }

    /// The text form, each line ending in `\n`: the start lines if there are any, then the 51
    /// maze lines.
    pub fn to_text(&self) -> String {
        self.lines().into_iter().flat_map(|l| [l, "\n".to_string()]).collect()
    }

    fn lines(&self) -> Vec<String> {
        let mut out = Vec::with_capacity(MAZE_LINES + 2);
        if let Some(starts) = self.starts {
            out.extend(starts.iter().map(|&p| start_line(p)));
        }
        for i in 0..MAZE_LINES {
            let mut line = String::with_capacity(LINE_WIDTH);
            for j in 0..LINE_WIDTH {
                let c = match (i % 2, j % 2) {
                    (0, 0) => '+',
                    (0, _) => {
                        let e = horizontal(i / 2, j / 2);
                        if self.is_wall(e) { '-' } else { ' ' }
                    }
                    (_, 0) => {
                        let e = vertical(i / 2, j / 2);
                        if self.is_wall(e) { '|' } else { ' ' }
                    }
                    _ => ' ',
                };
                line.push(c);
            }
            out.push(line);
        }
        out
    }
}

const PLAYER_NAMES: [&str; 2] = ["Red", "Blue"];

/// The horizontal edge on maze line `line` (0..=25) above column `col`.
fn horizontal(line: usize, col: usize) -> EdgeId {
    EdgeId::from_index(line * SIZE + col).expect("horizontal edge in range")
}

/// The vertical edge of row `row` at post `k` (0..=25).
fn vertical(row: usize, k: usize) -> EdgeId {
    EdgeId::from_index(crate::geom::H_EDGES + row * (SIZE + 1) + k).expect("vertical edge in range")
}

/// Reads maze line `i` (0-based, among the 51), recording its walls.
fn parse_line(i: usize, line: &str, offset: usize, walls: &mut EdgeSet) -> Result<(), Located> {
    let number = i + 1 + offset;
    let mut count = 0;
    for (j, c) in line.chars().enumerate() {
        count += 1;
        let column = j + 1;
        if j >= LINE_WIDTH {
            return Err(Located::at(number, column, format!("the line is too long; maze lines have {LINE_WIDTH} characters")));
        }
        let outer = if i.is_multiple_of(2) { i == 0 || i == MAZE_LINES - 1 } else { j == 0 || j == LINE_WIDTH - 1 };
        let (expected, wall, edge): (&str, char, Option<EdgeId>) = match (i % 2, j % 2) {
            (0, 0) => ("'+' (a corner post)", '+', None),
            (0, _) => ("'-' (wall) or ' ' (open)", '-', Some(horizontal(i / 2, j / 2))),
            (_, 0) => ("'|' (wall) or ' ' (open)", '|', Some(vertical(i / 2, j / 2))),
            _ => ("' ' (a square)", ' ', None),
        };
        match edge {
            None if c == wall => {}
            None => return Err(Located::at(number, column, format!("found {c:?}, expected {expected}"))),
            Some(e) if c == wall => {
                walls.insert(e);
            }
            Some(_) if c == ' ' && outer => {
                return Err(Located::at(
                    number,
                    column,
                    format!("the outer edge of the maze must be closed: expected {wall:?}, found an opening"),
                ));
            }
            Some(_) if c == ' ' => {}
            Some(_) => return Err(Located::at(number, column, format!("found {c:?}, expected {expected}"))),
        }
    }
    if count < LINE_WIDTH {
        return Err(Located::at(number, count + 1, format!("the line is too short ({count} characters); maze lines have {LINE_WIDTH}")));
    }
    Ok(())
}

/// A starting placement from its three fields: the 1-based row and column (1 to 25, digits
/// only) and the facing (`N`, `E`, `S` or `W`). On error, the field that is wrong: 0 the row,
/// 1 the column, 2 the facing. Start lines and the command line's `--start` both read this way.
pub fn placement(row: &str, column: &str, facing: &str) -> Result<Placement, usize> {
    let number = |f: &str| f.parse::<usize>().ok().filter(|n| (1..=SIZE).contains(n) && f.bytes().all(|b| b.is_ascii_digit()));
    let row = number(row).ok_or(0usize)?;
    let column = number(column).ok_or(1usize)?;
    let facing = match facing.chars().collect::<Vec<_>>()[..] {
        [c] => Dir::from_letter(c),
        _ => None,
    };
    let facing = facing.ok_or(2usize)?;
    Ok(Placement::new(Square::new(row - 1, column - 1).expect("checked range"), facing))
}

/// `ROW COLUMN FACING`, 1-based, single spaces: line `number` of the file (1: Red's, 2: Blue's).
pub fn parse_start(line: &str, number: usize) -> Result<Placement, Located> {
    let who = PLAYER_NAMES[number - 1];
    let usage = "a start line is `ROW COLUMN FACING`, e.g. `3 5 N` (1-based row and column, facing N, E, S or W)";
    let fields: Vec<&str> = line.split(' ').collect();
    if fields.len() != 3 || fields.iter().any(|f| f.is_empty()) {
        return Err(Located::line(number, format!("{who}'s start line {line:?} is not understood; {usage}")));
    }
    placement(fields[0], fields[1], fields[2]).map_err(|k| {
        let column = 1 + fields[..k].iter().map(|f| f.chars().count() + 1).sum::<usize>();
        let f = fields[k];
        let message = match k {
            0 => format!("{who}'s start row {f:?} must be a number from 1 to 25; {usage}"),
            1 => format!("{who}'s start column {f:?} must be a number from 1 to 25; {usage}"),
            _ => format!("{who}'s facing {f:?} must be N, E, S or W; {usage}"),
        };
        Located::at(number, column, message)
    })
}

/// The start line for a placement: `ROW COLUMN FACING`, 1-based.
pub fn start_line(p: Placement) -> String {
    format!("{} {} {}", p.square.row() + 1, p.square.col() + 1, p.facing.letter())
}

fn start_facing_column(p: &Placement) -> usize {
    let line = start_line(*p);
    line.len()
}

impl TryFrom<Vec<String>> for Maze {
    type Error = String;
    fn try_from(lines: Vec<String>) -> Result<Self, String> {
        Maze::parse(&lines.join("\n")).map_err(|e| format!("maze {e}"))
    }
}

impl From<Maze> for Vec<String> {
    fn from(maze: Maze) -> Self {
        maze.lines()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A comb: the top row open, every column hanging from it. Valid, no cycles.
    pub(crate) fn comb() -> Maze {
        let mut m = Maze::with_all_walls();
        for c in 0..SIZE - 1 {
            m.set_wall(Square::new(0, c).unwrap().edge(Dir::E), false);
        }
        for r in 0..SIZE - 1 {
            for c in 0..SIZE {
                m.set_wall(Square::new(r, c).unwrap().edge(Dir::S), false);
            }
        }
        m
    }

    #[test]
    fn steps_in_a_comb_go_up_one_tooth_along_the_top_and_down_another() {
        let m = comb();
        let steps = m.steps_from(Square::new(24, 0).unwrap());
        assert_eq!(steps[Square::new(24, 0).unwrap().index()], 0);
        assert_eq!(steps[Square::new(0, 0).unwrap().index()], 24);
        assert_eq!(steps[Square::new(24, 24).unwrap().index()], 24 + 24 + 24);
        assert_eq!(steps[Square::new(3, 5).unwrap().index()], 24 + 5 + 3);
        let mut cut = Maze::with_all_walls();
        cut.set_wall(Square::new(0, 0).unwrap().edge(Dir::E), false);
        assert_eq!(cut.steps_from(Square::new(0, 0).unwrap())[Square::new(1, 0).unwrap().index()], usize::MAX);
    }

    #[test]
    fn a_comb_round_trips() {
        let m = comb();
        m.validate().unwrap();
        let text = m.to_text();
        assert_eq!(text.lines().count(), 51);
        assert!(text.lines().all(|l| l.len() == 51));
        assert_eq!(Maze::parse(&text).unwrap(), m);
        assert_eq!(m.openings(), 624);
        assert_eq!(m.dead_ends(), 25);
    }

    #[test]
    fn start_lines_round_trip() {
        let mut m = comb();
        let red = Placement::new(Square::new(0, 0).unwrap(), Dir::N);
        let blue = Placement::new(Square::new(24, 24).unwrap(), Dir::S);
        m.starts = Some([red, blue]);
        m.validate().unwrap();
        let text = m.to_text();
        assert!(text.starts_with("1 1 N\n25 25 S\n+-+"));
        assert_eq!(Maze::parse(&text).unwrap(), m);
        let json = serde_json::to_string(&m).unwrap();
        assert_eq!(serde_json::from_str::<Maze>(&json).unwrap(), m);
    }

    #[test]
    fn the_facing_column_points_at_the_letter() {
        let p = Placement::new(Square::new(9, 14).unwrap(), Dir::E);
        assert_eq!(start_line(p), "10 15 E");
        assert_eq!(start_facing_column(&p), 7);
    }
}
