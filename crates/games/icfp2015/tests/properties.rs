//! Properties over random boards, units and command strings.

use kibitz_core::{Game, Step};
use kibitz_icfp2015::commands::encode;
use kibitz_icfp2015::hex::rotate_cell;
use kibitz_icfp2015::lcg::source_order;
use kibitz_icfp2015::{Cell, Event, Icfp2015, Problem, Rules, Setup, State, Turn, decode_str, score_solution};
use proptest::prelude::*;
use serde_json::json;
use std::sync::Arc;

/// The organisers' way to turn a cell (`Hex.hs rotateGridShape`), written independently of
/// our cube coordinates: a path of unit steps from the pivot (first down or up, then along the
/// row), each step turned 60°, replayed from the pivot with the offset-coordinate neighbours.
mod path_rotation {
    use kibitz_icfp2015::Cell;

    /// NE, E, SE, SW, W, NW: clockwise order.
    const DIRS: usize = 6;

    fn step(d: usize, c: Cell) -> Cell {
        let even = (c.y.rem_euclid(2) == 0) as i32;
        let (x, y) = (c.x, c.y);
        match d {
            0 => Cell::new(x + 1 - even, y - 1),
            1 => Cell::new(x + 1, y),
            2 => Cell::new(x + 1 - even, y + 1),
            3 => Cell::new(x - even, y + 1),
            4 => Cell::new(x - 1, y),
            _ => Cell::new(x - even, y - 1),
        }
    }

    fn path(from: Cell, to: Cell) -> Vec<usize> {
        let mut p = Vec::new();
        let mut c = from;
        while c.y < to.y {
            p.push(2);
            c = step(2, c);
        }
        while c.y > to.y {
            p.push(0);
            c = step(0, c);
        }
        let d = if c.x < to.x { 1 } else { 4 };
        for _ in 0..(to.x - c.x).abs() {
            p.push(d);
        }
        p
    }

    pub fn rotate(member: Cell, pivot: Cell, sixths: i32) -> Cell {
        path(pivot, member).into_iter().fold(pivot, |c, d| step((d as i32 + sixths).rem_euclid(DIRS as i32) as usize, c))
    }
}

fn cell() -> impl Strategy<Value = Cell> {
    (-12i32..12, -12i32..12).prop_map(|(x, y)| Cell::new(x, y))
}

/// A random problem: a small board, some full cells below the spawn rows, one to three units.
fn random_problem() -> impl Strategy<Value = Problem> {
    (3u32..10, 4u32..10, 1u32..12, any::<u64>()).prop_map(|(width, height, length, bits)| {
        let mut rng = bits;
        let mut next = move |n: u64| {
            rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (rng >> 33) % n
        };
        let mut filled = Vec::new();
        for y in 3..height {
            for x in 0..width {
                if next(3) == 0 {
                    filled.push(json!({"x": x, "y": y}));
                }
            }
        }
        let units: Vec<_> = (0..1 + next(3))
            .map(|_| {
                let mut members: Vec<(u64, u64)> = (0..1 + next(4)).map(|_| (next(3), next(3))).collect();
                members.sort();
                members.dedup();
                let pivot = (next(5) as i64 - 1, next(5) as i64 - 1);
                json!({"members": members.iter().map(|&(x, y)| json!({"x": x, "y": y})).collect::<Vec<_>>(), "pivot": {"x": pivot.0, "y": pivot.1}})
            })
            .collect();
        Problem::parse(
            &json!({"id": 1, "width": width, "height": height, "filled": filled, "units": units, "sourceLength": length, "sourceSeeds": [bits as u32]})
                .to_string(),
        )
        .unwrap()
    })
}

/// Command strings: mostly commands (all 36 characters, some upper case), some white space,
/// now and then something invalid.
fn solution() -> impl Strategy<Value = String> {
    let chars: Vec<char> = "p'!.03bcefy2aghij4lmno 5dqrvz1kstuwxPBEALMDK\n\t".chars().collect();
    prop::collection::vec(prop_oneof![20 => prop::sample::select(chars), 1 => any::<char>()], 0..60).prop_map(|v| v.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn cube_rotation_is_the_organisers_path_rotation(member in cell(), pivot in cell(), n in -7i32..7) {
        let mut ours = member;
        for _ in 0..n.rem_euclid(6) {
            ours = rotate_cell(ours, pivot, Turn::Clockwise);
        }
        prop_assert_eq!(ours, path_rotation::rotate(member, pivot, n));
        let ccw = rotate_cell(member, pivot, Turn::CounterClockwise);
        prop_assert_eq!(ccw, path_rotation::rotate(member, pivot, -1));
    }

    #[test]
    fn source_order_is_the_lcg_written_with_u64(seed in any::<u32>(), units in 1usize..60, length in 0usize..50) {
        let mut state = seed as u64;
        let mut naive = Vec::new();
        for _ in 0..length {
            naive.push(((state >> 16) & 0x7fff) as usize % units);
            state = (state * 1103515245 + 12345) % (1 << 32);
        }
        prop_assert_eq!(source_order(seed, units, length).collect::<Vec<_>>(), naive);
    }

    #[test]
    fn decoding_accepts_exactly_the_table(text in solution()) {
        let ok = text.chars().all(|c| "p'!.03bcefy2aghij4lmno 5dqrvz1kstuwx\t\n\r".contains(c.to_ascii_lowercase()) && c.is_ascii());
        let decoded = decode_str(&text);
        prop_assert_eq!(decoded.is_ok(), ok);
        if let Ok(commands) = decoded {
            prop_assert_eq!(decode_str(&encode(&commands)).unwrap(), commands);
        }
    }

    #[test]
    fn the_running_score_is_the_score_of_the_prefix(problem in random_problem(), text in solution()) {
        let phrases = vec!["ei!".to_string(), "ll".to_string(), "aa".to_string()];
        let seed = problem.source_seeds()[0];
        let setup = Setup { problem: problem.clone(), seed, phrases: phrases.clone() };
        let mut state = Icfp2015::start(&setup, 1, 0).unwrap();
        let mut prefix = String::new();
        for c in text.chars() {
            prefix.push(c);
            Icfp2015::apply(&mut state, &Step::Act { player: 0, action: Some(c) });
            let official = score_solution(&problem, seed, &phrases, &prefix).unwrap();
            prop_assert_eq!(Icfp2015::scores(&state)[0] as u64, official.total, "after {:?}", prefix);
            if state.error().is_some() {
                break;
            }
        }
    }

    #[test]
    fn locks_add_the_unit_and_leave_no_full_row(problem in random_problem(), text in solution()) {
        let size_of: Vec<usize> = problem.units().iter().map(|u| u.size()).collect();
        let width = problem.width() as usize;
        let mut s = State::new(Arc::new(Rules::new::<&str>(problem, &[]).unwrap()), 0);
        for c in text.chars() {
            let before = s.board().full_cells().count();
            let unit = s.unit();
            let ev = s.feed(c);
            if let Event::Locked(_, lock) = ev {
                let after = s.board().full_cells().count();
                prop_assert_eq!(after + lock.rows_cleared as usize * width, before + size_of[unit.unwrap()]);
                for y in 0..s.board().height() as i32 {
                    prop_assert!((0..width as i32).any(|x| !s.board().is_full(Cell::new(x, y))));
                }
            }
            if let Some(members) = Some(s.members()) {
                prop_assert!(members.iter().all(|&m| s.board().is_free(m)), "the unit in play is always on empty cells");
            }
        }
    }
}
