//! The original map format, loaded unchanged.
//!
//! One map row per line, top row first, so the last line is y = 0. `#` water, ` ` island,
//! `!` island with a lighthouse, any other character an island cell where a player starts
//! (players are numbered by sorting those characters). Every border cell is water, all rows have
//! one width, and the island is one piece (8-connected, as players move).

use kibitz_core::Located;
use serde::{Deserialize, Serialize};

/// A cell position, (0,0) bottom-left, y upwards. Serialised as `[x, y]`, as the protocol does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Pos(pub i32, pub i32);

impl Pos {
    pub fn x(self) -> i32 {
        self.0
    }
    pub fn y(self) -> i32 {
        self.1
    }
}

impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {})", self.0, self.1)
    }
}

/// A validated map.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Vec<String>", into = "Vec<String>")]
pub struct Map {
    width: usize,
    height: usize,
    /// Row-major from the bottom row: index `y * width + x`.
    island: Vec<bool>,
    /// In reading order: bottom row first, left to right.
    lighthouses: Vec<Pos>,
    /// Start cells with their characters, sorted as players are numbered.
    starts: Vec<(char, Pos)>,
}

impl Map {
    /// Parses the original text format. Errors name the line and column (1-based, as the file
    /// is written: line 1 is the top row).
    pub fn parse(text: &str) -> Result<Map, Located> {
        let mut lines: Vec<&str> = text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l)).collect();
        while lines.last().is_some_and(|l| l.is_empty()) {
            lines.pop();
        }
        if lines.is_empty() {
            return Err(Located::line(1, "the map is empty"));
        }
        let width = lines[0].chars().count();
        let height = lines.len();
        if width < 3 || height < 3 {
            return Err(Located::line(1, format!("a map needs at least 3×3 cells, this one is {width}×{height}")));
        }
        let mut island = vec![false; width * height];
        let mut lighthouses = Vec::new();
        let mut starts = Vec::new();
        for (i, line) in lines.iter().enumerate() {
            let number = i + 1;
            let y = (height - 1 - i) as i32;
            let count = line.chars().count();
            if count != width {
                return Err(Located::at(
                    number,
                    count.min(width) + 1,
                    format!("this row has {count} cells but the first row has {width}; all rows must have the same width"),
                ));
            }
            for (x, c) in line.chars().enumerate() {
                let column = x + 1;
                let border = i == 0 || i == height - 1 || x == 0 || x == width - 1;
                if c == '#' {
                    continue;
                }
                if c.is_control() || (c.is_whitespace() && c != ' ') {
                    return Err(Located::at(number, column, format!("unexpected character {c:?}; use '#', ' ', '!' or a player letter")));
                }
                if border {
                    return Err(Located::at(number, column, format!("border cells must be water ('#'), found {c:?}")));
                }
                let pos = Pos(x as i32, y);
                island[y as usize * width + x] = true;
                match c {
                    ' ' => {}
                    '!' => lighthouses.push(pos),
                    other => starts.push((other, pos)),
                }
            }
        }
        lighthouses.sort_by_key(|p| (p.1, p.0));
        starts.sort();
        let map = Map { width, height, island, lighthouses, starts };
        map.check_connected()?;
        Ok(map)
    }

    /// The map in its original text form, top row first, each line ending in `\n`.
    pub fn to_text(&self) -> String {
        self.rows().into_iter().flat_map(|r| [r, "\n".to_string()]).collect()
    }

    fn rows(&self) -> Vec<String> {
        (0..self.height)
            .rev()
            .map(|y| {
                (0..self.width)
                    .map(|x| {
                        let p = Pos(x as i32, y as i32);
                        if let Some((c, _)) = self.starts.iter().find(|(_, s)| *s == p) {
                            *c
                        } else if self.lighthouses.contains(&p) {
                            '!'
                        } else if self.is_island(p) {
                            ' '
                        } else {
                            '#'
                        }
                    })
                    .collect()
            })
            .collect()
    }

    fn check_connected(&self) -> Result<(), Located> {
        let Some(first) = self.island.iter().position(|&c| c) else {
            return Err(Located::line(1, "the map has no island cells"));
        };
        let mut seen = vec![false; self.island.len()];
        let mut stack = vec![first];
        seen[first] = true;
        while let Some(i) = stack.pop() {
            let p = self.pos_of(i);
            for dy in -1..=1 {
                for dx in -1..=1 {
                    let q = Pos(p.0 + dx, p.1 + dy);
                    if let Some(j) = self.index(q)
                        && self.island[j]
                        && !seen[j]
                    {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
        }
        match (0..self.island.len()).find(|&i| self.island[i] && !seen[i]) {
            None => Ok(()),
            Some(i) => {
                let p = self.pos_of(i);
                let a = self.pos_of(first);
                Err(Located::at(
                    self.height - p.1 as usize,
                    p.0 as usize + 1,
                    format!(
                        "this island cell cannot be reached from the cell at line {}, column {}; the island must be one piece",
                        self.height - a.1 as usize,
                        a.0 + 1
                    ),
                ))
            }
        }
    }

    pub fn width(&self) -> usize {
        self.width
    }
    pub fn height(&self) -> usize {
        self.height
    }
    pub fn lighthouses(&self) -> &[Pos] {
        &self.lighthouses
    }
    /// Start cells in player order.
    pub fn starts(&self) -> impl ExactSizeIterator<Item = Pos> + '_ {
        self.starts.iter().map(|(_, p)| *p)
    }
    pub fn start_count(&self) -> usize {
        self.starts.len()
    }
    /// Start cells in player order, each with the character that marks it in the file.
    pub fn labelled_starts(&self) -> &[(char, Pos)] {
        &self.starts
    }

    /// The moves (a step to any of the 8 cells around, on the island) from `from` to every
    /// cell, by [`Map::index`]; `u32::MAX` where none lead.
    pub fn steps_from(&self, from: Pos) -> Vec<u32> {
        let mut steps = vec![u32::MAX; self.width * self.height];
        let Some(start) = self.index(from) else { return steps };
        steps[start] = 0;
        let mut queue = std::collections::VecDeque::from([from]);
        while let Some(p) = queue.pop_front() {
            let here = steps[self.index(p).expect("queued cells are on the map")];
            for (dx, dy) in [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] {
                let q = Pos(p.0 + dx, p.1 + dy);
                if let Some(i) = self.index(q).filter(|&i| self.island[i] && steps[i] == u32::MAX) {
                    steps[i] = here + 1;
                    queue.push_back(q);
                }
            }
        }
        steps
    }

    /// Index of a cell in row-major order from the bottom row, if it is on the map.
    pub fn index(&self, p: Pos) -> Option<usize> {
        (p.0 >= 0 && p.1 >= 0 && (p.0 as usize) < self.width && (p.1 as usize) < self.height)
            .then(|| p.1 as usize * self.width + p.0 as usize)
    }

    pub fn pos_of(&self, index: usize) -> Pos {
        Pos((index % self.width) as i32, (index / self.width) as i32)
    }

    pub fn is_island(&self, p: Pos) -> bool {
        self.index(p).is_some_and(|i| self.island[i])
    }

    /// Number of island cells.
    pub fn island_cells(&self) -> usize {
        self.island.iter().filter(|&&c| c).count()
    }
}

impl TryFrom<Vec<String>> for Map {
    type Error = String;
    fn try_from(rows: Vec<String>) -> Result<Self, String> {
        Map::parse(&rows.join("\n")).map_err(|e| format!("map {e}"))
    }
}

impl From<Map> for Vec<String> {
    fn from(map: Map) -> Self {
        map.rows()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seed_example_map_reads_bottom_up() {
        let map = Map::parse("#####\n#!!##\n#0 ##\n#! !#\n#####\n").unwrap();
        assert_eq!((map.width(), map.height()), (5, 5));
        assert_eq!(map.lighthouses(), &[Pos(1, 1), Pos(3, 1), Pos(1, 3), Pos(2, 3)]);
        assert_eq!(map.starts().collect::<Vec<_>>(), vec![Pos(1, 2)]);
        assert!(map.is_island(Pos(2, 2)) && !map.is_island(Pos(3, 2)));
        assert_eq!(map.to_text(), "#####\n#!!##\n#0 ##\n#! !#\n#####\n");
    }

    #[test]
    fn players_are_numbered_by_sorting_their_characters() {
        let map = Map::parse("######\n#B  A#\n# !  #\n######").unwrap();
        assert_eq!(map.starts().collect::<Vec<_>>(), vec![Pos(4, 2), Pos(1, 2)]);
    }

    #[test]
    fn a_ragged_row_is_refused_with_its_line_and_column() {
        let e = Map::parse("#####\n#  #\n#####\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, Some(5)));
        assert!(e.message.contains("same width"), "{e}");
    }

    #[test]
    fn an_island_border_is_refused_with_its_place() {
        let e = Map::parse("#####\n#   #\n#    \n#####\n").unwrap_err();
        assert_eq!(e.to_string(), "line 3, column 5: border cells must be water ('#'), found ' '");
    }

    #[test]
    fn a_split_island_is_refused() {
        let e = Map::parse("######\n# ## #\n######\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, Some(5)));
        assert!(e.message.contains("one piece"), "{e}");
    }

    #[test]
    fn diagonal_neighbours_are_connected() {
        assert!(Map::parse("#####\n# ###\n## ##\n#####\n").is_ok());
    }

    #[test]
    fn crlf_and_missing_final_newline_are_accepted() {
        let map = Map::parse("#####\r\n#A !#\r\n#####").unwrap();
        assert_eq!(map.lighthouses(), &[Pos(3, 1)]);
    }

    #[test]
    fn tabs_and_empty_files_are_refused() {
        assert_eq!(Map::parse("").unwrap_err().message, "the map is empty");
        let e = Map::parse("#####\n# \t #\n#####\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, Some(3)));
    }

    #[test]
    fn a_map_round_trips_through_its_serialised_rows() {
        let map = Map::parse("######\n#B !A#\n#  ! #\n######\n").unwrap();
        let json = serde_json::to_string(&map).unwrap();
        assert_eq!(json, "[\"######\",\"#B !A#\",\"#  ! #\",\"######\"]");
        assert_eq!(serde_json::from_str::<Map>(&json).unwrap(), map);
    }

    #[test]
    fn steps_go_round_the_water_diagonals_included() {
        // Row 0 is the file's last line: A at (1, 2), water between it and the right side.
        let map = Map::parse("######\n#A#! #\n# #  #\n#  # #\n######\n").unwrap();
        assert_eq!(map.labelled_starts(), [('A', Pos(1, 3))]);
        let steps = map.steps_from(Pos(1, 3));
        let at = |x, y| steps[map.index(Pos(x, y)).unwrap()];
        assert_eq!((at(1, 3), at(1, 2), at(2, 1), at(3, 2), at(3, 3)), (0, 1, 2, 3, 4));
        assert_eq!(at(4, 1), 4, "round the water at (3, 1), diagonally from (3, 2)");
        assert_eq!(at(2, 3), u32::MAX, "water is never reached");
    }
}
