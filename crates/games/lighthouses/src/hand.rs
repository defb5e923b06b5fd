//! What a human's keys and clicks mean, as commands. Kept here, away from any window, so the
//! mapping is tested with the rules; the commands go through the same rules as a bot's, so a
//! human sees exactly the error a bot would get.

use crate::command::{Command, Target};
use crate::map::Pos;
use crate::rules::State;

/// The eight directions on a numeric keypad (8 is up, 2 is down, 7 up-left...), y pointing up
/// as the viewer draws the island. Key 5 passes.
pub fn direction_of_digit(digit: u8) -> Option<(i64, i64)> {
    Some(match digit {
        7 => (-1, 1),
        8 => (0, 1),
        9 => (1, 1),
        4 => (-1, 0),
        6 => (1, 0),
        1 => (-1, -1),
        2 => (0, -1),
        3 => (1, -1),
        _ => return None,
    })
}

/// The command a click on `cell` stands for when it is `player`'s turn: a step to a
/// neighbouring cell, or a connection to a lighthouse whose key the player holds (from the
/// lighthouse they stand on). `None` for clicks that mean nothing by themselves (the player's
/// own cell: attacking needs an amount).
pub fn click(state: &State, player: usize, cell: Pos) -> Option<Command> {
    let me = state.players.get(player)?;
    let (dx, dy) = (cell.0 - me.pos.0, cell.1 - me.pos.1);
    if (dx, dy) == (0, 0) {
        return None;
    }
    if dx.abs() <= 1 && dy.abs() <= 1 {
        return Some(Command::Move { x: dx.into(), y: dy.into() });
    }
    let target = state.lighthouse_at(cell)?;
    (state.lighthouse_at(me.pos).is_some() && me.keys[target]).then_some(Command::Connect { destination: Target::Cell(cell) })
}

/// Lighthouses `player` can connect to now: the rules would accept the connection (they stand
/// on a lighthouse of theirs, hold the other's key, it is theirs, no such link exists, nothing
/// crosses it).
pub fn connect_candidates(state: &State, player: usize) -> Vec<Pos> {
    let Some(me) = state.players.get(player) else { return Vec::new() };
    let Some(here) = state.lighthouse_at(me.pos) else { return Vec::new() };
    let accepted = |to: Pos| state.refusal(player, &Command::Connect { destination: Target::Cell(to) }).is_none();
    state.lighthouses.iter().enumerate().filter(|&(k, l)| k != here && me.keys[k] && accepted(l.pos)).map(|(_, l)| l.pos).collect()
}

/// The cells `player` can step to now: the neighbours the rules accept a move to.
pub fn moves(state: &State, player: usize) -> Vec<Pos> {
    let Some(me) = state.players.get(player) else { return Vec::new() };
    (1..=9)
        .filter_map(direction_of_digit)
        .filter(|&(x, y)| state.refusal(player, &Command::Move { x, y }).is_none())
        .map(|(x, y)| Pos(me.pos.0 + x as i32, me.pos.1 + y as i32))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::Map;

    fn state() -> State {
        let map = Map::parse("#######\n#! ! !#\n#0   1#\n#!    #\n#######\n").unwrap();
        State::new(&map, 2, 10).unwrap()
    }

    #[test]
    fn the_keypad_digits_cover_the_eight_neighbours_once() {
        let mut seen: Vec<(i64, i64)> = (0..=9).filter_map(direction_of_digit).collect();
        assert_eq!(seen.len(), 8);
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), 8);
        assert!(seen.iter().all(|&(x, y)| x.abs() <= 1 && y.abs() <= 1 && (x, y) != (0, 0)));
        assert_eq!(direction_of_digit(8), Some((0, 1)), "8 is up: y grows upwards");
    }

    #[test]
    fn a_click_on_a_neighbour_moves_there_and_elsewhere_means_nothing_without_keys() {
        let s = state();
        let me = s.players[0].pos;
        assert_eq!(click(&s, 0, Pos(me.0 + 1, me.1 + 1)), Some(Command::Move { x: 1, y: 1 }));
        assert_eq!(click(&s, 0, Pos(me.0, me.1 - 1)), Some(Command::Move { x: 0, y: -1 }));
        assert_eq!(click(&s, 0, me), None);
        assert_eq!(click(&s, 0, Pos(me.0 + 3, me.1)), None);
        assert!(connect_candidates(&s, 0).is_empty(), "not standing on a lighthouse");
    }

    #[test]
    fn a_click_on_a_lighthouse_whose_key_is_held_connects_to_it() {
        let mut s = state();
        let here = s.lighthouses[0].pos;
        let there = s.lighthouses[2].pos;
        s.players[0].pos = here;
        assert_eq!(click(&s, 0, there), None, "no key yet");
        s.players[0].keys[2] = true;
        s.players[0].keys[0] = true;
        assert!(connect_candidates(&s, 0).is_empty(), "neutral lighthouses: the rules refuse, so nothing is offered");
        s.lighthouses[0].owner = Some(0);
        s.lighthouses[2].owner = Some(0);
        assert_eq!(connect_candidates(&s, 0), vec![there], "the lighthouse underfoot is no candidate");
        assert_eq!(click(&s, 0, there), Some(Command::Connect { destination: Target::Cell(there) }));
        s.connections.push([0, 2]);
        assert!(connect_candidates(&s, 0).is_empty(), "an existing connection is not offered again");
    }

    #[test]
    fn the_moves_offered_are_the_ones_the_rules_accept() {
        let s = state();
        let me = s.players[0].pos;
        let offered = moves(&s, 0);
        assert!(!offered.is_empty());
        for dy in -1..=1 {
            for dx in -1..=1 {
                let to = Pos(me.0 + dx, me.1 + dy);
                let accepted = (dx, dy) != (0, 0) && s.refusal(0, &Command::Move { x: dx.into(), y: dy.into() }).is_none();
                assert_eq!(offered.contains(&to), accepted, "{to}");
                assert_eq!(accepted, (dx, dy) != (0, 0) && s.map().is_island(to), "{to}: island cells only");
            }
        }
    }
}
