//! Osada clients: TCP clients of the Deadline24 protocol, run as `kibitz bot osada STRATEGY
//! [HOST PORT LOGIN PASSWORD]` (the four values also come from `KIBITZ_*` variables).
//! `defender` keeps its stormtroopers on a ring around its banner mast, puts its snipers in
//! towers next to the mast, traps the approaches, and wins a stolen banner back (see
//! [`defender`]). This module holds what any osada client needs: the answers parsed, and the
//! `MOVE` coordinates, which a server may read as absolute targets or as relative offsets. The
//! protocol's words and the board's geometry are the rules crate's (`kibitz_osada`): one
//! vocabulary for the rules, the server and our clients.

mod defender;

pub use kibitz_deadline24_client::Connect;
pub use kibitz_osada::settlement::{NEIGHBOURS, OFF_BOARD, Terrain, Xy, chebyshev};
pub use kibitz_osada::state::{Kind, Landmark};

/// The strategies of `kibitz bot osada`, with what each does.
pub const STRATEGIES: &[(&str, &str)] =
    &[("defender", "rings its banner mast with troops, snipers in towers, traps; wins a stolen banner back")];

/// Runs a strategy against the server until it closes the connection.
pub fn run(strategy: &str, seed: u64, connect: &Connect) -> Result<(), String> {
    match strategy {
        "defender" => defender::run(connect, seed),
        _ => Err(crate::unknown("osada", strategy, STRATEGIES)),
    }
}

/// A line of `LIST TROOPS`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Troop {
    pub id: i64,
    pub kind: Kind,
    pub pos: Xy,
    /// Beetles ahead of this one in its field's queue (0: the active unit).
    pub queue: i64,
    /// Rounds until it can act again.
    pub busy: i64,
}

impl Troop {
    pub fn free(&self) -> bool {
        self.busy == 0
    }

    pub fn active(&self) -> bool {
        self.queue == 0 && self.busy == 0
    }
}

/// A line of `INFO`: a field `d` away from the unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seen {
    pub d: Xy,
    pub terrain: Terrain,
    pub structure: Landmark,
    pub coors: i64,
    pub troops: i64,
}

/// `LOCATE BANNER`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Banner {
    Safe(Xy),
    Missing(Xy),
    Lost,
}

/// `DESCRIBE WORLD`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct World {
    pub n: i32,
    pub seconds: i64,
    pub mast: Xy,
    pub k: f64,
}

/// How the server reads `MOVE ID A B`: a target field, or offsets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coords {
    Absolute,
    Relative,
}

pub fn parse_world(line: &str) -> Option<World> {
    let t: Vec<&str> = line.split_whitespace().collect();
    if t.len() < 5 {
        return None;
    }
    let int = |i: usize| t[i].parse::<i32>().ok();
    Some(World { n: int(0)?, seconds: t[1].parse().ok()?, mast: (int(2)?, int(3)?), k: t[4].parse().ok()? })
}

/// `TIME TO FIGHT`: rounds left, and whether the next game stays in this settlement.
pub fn parse_time(line: &str) -> Option<(i64, bool)> {
    let mut t = line.split_whitespace();
    let left = t.next()?.parse().ok()?;
    Some((left, t.next() == Some("STAY")))
}

/// The rows of a counted answer of six words a line (`LIST TROOPS`, `INFO`; the count line
/// first), each read by `parse` from its words; lines of another shape, or that do not parse,
/// are skipped.
fn six_word_rows<T>(lines: &[String], parse: impl Fn(&[&str]) -> Option<T>) -> Vec<T> {
    lines
        .iter()
        .skip(1)
        .filter_map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            if words.len() != 6 {
                return None;
            }
            parse(&words)
        })
        .collect()
}

/// Word `i` read as a number.
fn number<T: std::str::FromStr>(words: &[&str], i: usize) -> Option<T> {
    words[i].parse().ok()
}

/// `LIST TROOPS`' lines after `OK`, the count line first; lines that do not parse are skipped.
pub fn parse_troops(lines: &[String]) -> Vec<Troop> {
    six_word_rows(lines, |t| {
        Some(Troop {
            id: number(t, 0)?,
            kind: Kind::of_token(t[1])?,
            pos: (number(t, 2)?, number(t, 3)?),
            queue: number(t, 4)?,
            busy: number(t, 5)?,
        })
    })
}

/// `INFO`'s lines after `OK`, the count line first; lines that do not parse are skipped.
pub fn parse_info(lines: &[String]) -> Vec<Seen> {
    six_word_rows(lines, |t| {
        Some(Seen {
            d: (number(t, 0)?, number(t, 1)?),
            terrain: Terrain::of_token(t[2])?,
            structure: Landmark::of_token(t[3])?,
            coors: number(t, 4)?,
            troops: number(t, 5)?,
        })
    })
}

pub fn parse_banner(line: &str) -> Option<Banner> {
    let t: Vec<&str> = line.split_whitespace().collect();
    let at = || Some((t.get(1)?.parse().ok()?, t.get(2)?.parse().ok()?));
    match *t.first()? {
        "SAFE" => Some(Banner::Safe(at()?)),
        "MISSING" => Some(Banner::Missing(at()?)),
        "LOST" => Some(Banner::Lost),
        _ => None,
    }
}

/// A `MAP PX PY` answer: the terrain of each field of the 11 × 11 square, off-board ones
/// included (`None`, as the rules' `Settlement::terrain` has them); unknown characters are
/// skipped.
pub fn parse_map(lines: &[String], center: Xy) -> Vec<(Xy, Option<Terrain>)> {
    let mut fields = Vec::new();
    for (row, line) in lines.iter().take(11).enumerate() {
        for (col, ch) in line.chars().take(11).enumerate() {
            let terrain = match Terrain::of_char(ch) {
                Some(terrain) => Some(terrain),
                None if ch == OFF_BOARD => None,
                None => continue,
            };
            fields.push(((center.0 - 5 + col as i32, center.1 - 5 + row as i32), terrain));
        }
    }
    fields
}

/// The code of a `FAILED e msg` line.
pub fn failure_code(line: &str) -> Option<i64> {
    let mut t = line.split_whitespace();
    if t.next()? != "FAILED" {
        return None;
    }
    t.next()?.parse().ok()
}

/// The `MOVE` line that takes troop `id` from `from` to its neighbour `to`.
pub fn move_line(id: i64, from: Xy, to: Xy, coords: Coords) -> String {
    match coords {
        Coords::Absolute => format!("MOVE {id} {} {}", to.0, to.1),
        Coords::Relative => format!("MOVE {id} {} {}", to.0 - from.0, to.1 - from.1),
    }
}

/// Whether a `MOVE` that failed with `failed` shows that the server reads relative offsets:
/// it was sent as an absolute target, the target is a neighbour, and the server said it is
/// not one.
pub fn shows_relative(coords: Coords, failed: &str, from: Xy, to: Xy) -> bool {
    coords == Coords::Absolute && failure_code(failed) == Some(103) && chebyshev(from, to) == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<String> {
        text.lines().map(str::to_string).collect()
    }

    #[test]
    fn the_seed_session_answers_parse() {
        assert_eq!(parse_world("100 10 5 5 1.000000"), Some(World { n: 100, seconds: 10, mast: (5, 5), k: 1.0 }));
        assert_eq!(parse_world("100 10 5"), None);
        let troops = parse_troops(&lines("3\n1 STORMTROOPER 5 6 0 0\n2 BUILDER 5 6 1 0\n3 SNIPER 5 6 2 0"));
        assert_eq!(troops.len(), 3);
        assert_eq!(troops[1], Troop { id: 2, kind: Kind::Builder, pos: (5, 6), queue: 1, busy: 0 });
        assert!(troops[0].active() && !troops[1].active());
        // Odd lines are skipped, not fatal.
        assert_eq!(parse_troops(&lines("2\n1 TANK 5 6 0 0\ngarbage")), vec![]);
        assert_eq!(parse_time("120 STAY"), Some((120, true)));
        assert_eq!(parse_time("7 GO"), Some((7, false)));
        assert_eq!(parse_time("OK"), None);
        assert_eq!(parse_banner("SAFE 5 5"), Some(Banner::Safe((5, 5))));
        assert_eq!(parse_banner("MISSING 9 12"), Some(Banner::Missing((9, 12))));
        assert_eq!(parse_banner("LOST"), Some(Banner::Lost));
        assert_eq!(parse_banner("MISSING"), None);
        assert_eq!(failure_code("FAILED 103 destination is not neighbour"), Some(103));
        assert_eq!(failure_code("OK"), None);
    }

    #[test]
    fn info_lines_parse_with_their_offsets() {
        let seen = parse_info(&lines("3\n-1 -2 SOLID ACTIVE_TRAP 0 0\n0 0 SOLID CONSTRUCTION 0 1\n2 1 SOGGY NONE 2 0\n"));
        assert_eq!(seen.len(), 3);
        assert_eq!(seen[0], Seen { d: (-1, -2), terrain: Terrain::Solid, structure: Landmark::ActiveTrap, coors: 0, troops: 0 });
        assert_eq!(seen[1].structure, Landmark::Construction);
        assert_eq!((seen[2].d, seen[2].terrain, seen[2].coors), ((2, 1), Terrain::Soggy, 2));
    }

    #[test]
    fn the_seed_map_parses_row_by_row() {
        let map = lines(
            "/..........\n/######....\n/.....#....\n/..........\n/..........\n/..........\n/..........\n/.....#....\n/######....\n/..........\n/..........",
        );
        let fields: std::collections::HashMap<Xy, Option<Terrain>> = parse_map(&map, (5, 6)).into_iter().collect();
        assert_eq!(fields.len(), 121);
        assert_eq!(fields[&(0, 1)], None, "off the board");
        assert_eq!(fields[&(1, 2)], Some(Terrain::Blocked));
        assert_eq!(fields[&(6, 2)], Some(Terrain::Blocked));
        assert_eq!(fields[&(7, 2)], Some(Terrain::Solid));
        assert_eq!(fields[&(6, 3)], Some(Terrain::Blocked));
        assert_eq!(fields[&(6, 8)], Some(Terrain::Blocked));
        assert_eq!(fields[&(5, 5)], Some(Terrain::Solid));
    }

    #[test]
    fn moves_are_absolute_until_the_server_says_otherwise() {
        assert_eq!(move_line(2, (5, 6), (6, 7), Coords::Absolute), "MOVE 2 6 7");
        assert_eq!(move_line(2, (5, 6), (6, 7), Coords::Relative), "MOVE 2 1 1");
        assert_eq!(move_line(2, (5, 6), (4, 6), Coords::Relative), "MOVE 2 -1 0");
        let not_neighbour = "FAILED 103 destination is not neighbour";
        // A neighbour refused as "not neighbour": the server reads offsets.
        assert!(shows_relative(Coords::Absolute, not_neighbour, (5, 6), (6, 7)));
        // Other refusals say nothing about the coordinates.
        assert!(!shows_relative(Coords::Absolute, "FAILED 105 cannot move there", (5, 6), (5, 5)));
        assert!(!shows_relative(Coords::Absolute, "FAILED 112 unit already used in this turn", (5, 6), (6, 7)));
        // A target that is not a neighbour is our own mistake; already relative stays relative.
        assert!(!shows_relative(Coords::Absolute, not_neighbour, (5, 6), (8, 7)));
        assert!(!shows_relative(Coords::Relative, not_neighbour, (5, 6), (6, 7)));
    }
}
