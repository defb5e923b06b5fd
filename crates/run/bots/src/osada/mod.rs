//! Osada clients: TCP clients of the Deadline24 protocol, run as `kibitz bot osada STRATEGY
//! [HOST PORT LOGIN PASSWORD]` (the four values also come from `KIBITZ_*` variables).
//! `defender` keeps its stormtroopers on a ring around its banner mast, puts its snipers in
//! towers next to the mast, traps the approaches, and wins a stolen banner back (see
//! [`defender`]). This module holds what any osada client needs: the answers parsed, and the
//! `MOVE` coordinates, which a server may read as absolute targets or as relative offsets.

mod defender;

pub use kibitz_deadline24_client::Connect;

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

/// A field `(PX, PY)`, 1-based.
pub type Pos = (i64, i64);

/// The distance in moves between two fields (eight neighbours).
pub fn chebyshev(a: Pos, b: Pos) -> i64 {
    (a.0 - b.0).abs().max((a.1 - b.1).abs())
}

/// The eight neighbour offsets.
pub const AROUND: [Pos; 8] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Stormtrooper,
    Sniper,
    Builder,
}

/// A line of `LIST TROOPS`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Troop {
    pub id: i64,
    pub kind: Kind,
    pub pos: Pos,
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

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Terrain {
    Solid,
    Soggy,
    Blocked,
    /// Outside the board (`/` in a `MAP`).
    Off,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Structure {
    None,
    Mast,
    Tower,
    ActiveTrap,
    UsedTrap,
    Construction,
}

/// A line of `INFO`: a field `d` away from the unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seen {
    pub d: Pos,
    pub terrain: Terrain,
    pub structure: Structure,
    pub coors: i64,
    pub troops: i64,
}

/// `LOCATE BANNER`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Banner {
    Safe(Pos),
    Missing(Pos),
    Lost,
}

/// `DESCRIBE WORLD`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct World {
    pub n: i64,
    pub seconds: i64,
    pub mast: Pos,
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
    let int = |i: usize| t[i].parse::<i64>().ok();
    Some(World { n: int(0)?, seconds: int(1)?, mast: (int(2)?, int(3)?), k: t[4].parse().ok()? })
}

/// `TIME TO FIGHT`: rounds left, and whether the next game stays in this settlement.
pub fn parse_time(line: &str) -> Option<(i64, bool)> {
    let mut t = line.split_whitespace();
    let left = t.next()?.parse().ok()?;
    Some((left, t.next() == Some("STAY")))
}

fn parse_kind(word: &str) -> Option<Kind> {
    match word {
        "STORMTROOPER" => Some(Kind::Stormtrooper),
        "SNIPER" => Some(Kind::Sniper),
        "BUILDER" => Some(Kind::Builder),
        _ => None,
    }
}

/// The rows of a counted answer of six words a line (`LIST TROOPS`, `INFO`; the count line
/// first), each read by `parse` from its words and a reader of its integers; lines of another
/// shape, or that do not parse, are skipped.
fn six_word_rows<T>(lines: &[String], parse: impl Fn(&[&str], &dyn Fn(usize) -> Option<i64>) -> Option<T>) -> Vec<T> {
    lines
        .iter()
        .skip(1)
        .filter_map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            if words.len() != 6 {
                return None;
            }
            parse(&words, &|i: usize| words[i].parse::<i64>().ok())
        })
        .collect()
}

/// `LIST TROOPS`' lines after `OK`, the count line first; lines that do not parse are skipped.
pub fn parse_troops(lines: &[String]) -> Vec<Troop> {
    six_word_rows(lines, |t, int| {
        Some(Troop { id: int(0)?, kind: parse_kind(t[1])?, pos: (int(2)?, int(3)?), queue: int(4)?, busy: int(5)? })
    })
}

fn parse_terrain(word: &str) -> Option<Terrain> {
    match word {
        "SOLID" => Some(Terrain::Solid),
        "SOGGY" => Some(Terrain::Soggy),
        "BLOCKED" => Some(Terrain::Blocked),
        _ => None,
    }
}

fn parse_structure(word: &str) -> Option<Structure> {
    match word {
        "NONE" => Some(Structure::None),
        "MAST" => Some(Structure::Mast),
        "TOWER" => Some(Structure::Tower),
        "ACTIVE_TRAP" => Some(Structure::ActiveTrap),
        "USED_TRAP" => Some(Structure::UsedTrap),
        "CONSTRUCTION" => Some(Structure::Construction),
        _ => None,
    }
}

/// `INFO`'s lines after `OK`, the count line first; lines that do not parse are skipped.
pub fn parse_info(lines: &[String]) -> Vec<Seen> {
    six_word_rows(lines, |t, int| {
        Some(Seen {
            d: (int(0)?, int(1)?),
            terrain: parse_terrain(t[2])?,
            structure: parse_structure(t[3])?,
            coors: int(4)?,
            troops: int(5)?,
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
/// included (`Terrain::Off`); unknown characters are skipped.
pub fn parse_map(lines: &[String], center: Pos) -> Vec<(Pos, Terrain)> {
    let mut fields = Vec::new();
    for (row, line) in lines.iter().take(11).enumerate() {
        for (col, ch) in line.chars().take(11).enumerate() {
            let terrain = match ch {
                '.' => Terrain::Solid,
                '*' => Terrain::Soggy,
                '#' => Terrain::Blocked,
                '/' => Terrain::Off,
                _ => continue,
            };
            fields.push(((center.0 - 5 + col as i64, center.1 - 5 + row as i64), terrain));
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
pub fn move_line(id: i64, from: Pos, to: Pos, coords: Coords) -> String {
    match coords {
        Coords::Absolute => format!("MOVE {id} {} {}", to.0, to.1),
        Coords::Relative => format!("MOVE {id} {} {}", to.0 - from.0, to.1 - from.1),
    }
}

/// Whether a `MOVE` that failed with `failed` shows that the server reads relative offsets:
/// it was sent as an absolute target, the target is a neighbour, and the server said it is
/// not one.
pub fn shows_relative(coords: Coords, failed: &str, from: Pos, to: Pos) -> bool {
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
        assert_eq!(seen[0], Seen { d: (-1, -2), terrain: Terrain::Solid, structure: Structure::ActiveTrap, coors: 0, troops: 0 });
        assert_eq!(seen[1].structure, Structure::Construction);
        assert_eq!((seen[2].d, seen[2].terrain, seen[2].coors), ((2, 1), Terrain::Soggy, 2));
    }

    #[test]
    fn the_seed_map_parses_row_by_row() {
        let map = lines(
            "/..........\n/######....\n/.....#....\n/..........\n/..........\n/..........\n/..........\n/.....#....\n/######....\n/..........\n/..........",
        );
        let fields: std::collections::HashMap<Pos, Terrain> = parse_map(&map, (5, 6)).into_iter().collect();
        assert_eq!(fields.len(), 121);
        assert_eq!(fields[&(0, 1)], Terrain::Off);
        assert_eq!(fields[&(1, 2)], Terrain::Blocked);
        assert_eq!(fields[&(6, 2)], Terrain::Blocked);
        assert_eq!(fields[&(7, 2)], Terrain::Solid);
        assert_eq!(fields[&(6, 3)], Terrain::Blocked);
        assert_eq!(fields[&(6, 8)], Terrain::Blocked);
        assert_eq!(fields[&(5, 5)], Terrain::Solid);
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
