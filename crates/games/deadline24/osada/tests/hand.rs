//! Hand play's clicks as rules: picking troops, cycling through a field, MOVE in either
//! reading, SHOOT for a sniper, and the answer a command would get, from a copy of the game.

mod common;

use common::*;
use kibitz_osada::hand::{Click, answer, click};
use kibitz_osada::state::Strategy;
use kibitz_osada::{MoveCoords, Params};

#[test]
fn clicks_pick_troops_in_queue_order_then_move_or_shoot_them() {
    for coords in [MoveCoords::Absolute, MoveCoords::Relative] {
        let mut p = Play::new(Params { move_coords: coords, ..quiet(seed_example()) }, 1);
        let g = &p.state.game;
        // All three troops on (5, 6): clicks cycle through them in queue order.
        assert_eq!(click(g, 0, None, (5, 6)), Click::Select(1));
        assert_eq!(click(g, 0, Some(1), (5, 6)), Click::Select(2));
        assert_eq!(click(g, 0, Some(3), (5, 6)), Click::Select(1));
        let to_7_7 = match coords {
            MoveCoords::Absolute => "MOVE 2 6 7",
            MoveCoords::Relative => "MOVE 2 1 1",
        };
        assert_eq!(click(g, 0, Some(2), (6, 7)), Click::Send(to_7_7.into()));
        assert_eq!(click(g, 0, Some(2), (9, 9)), Click::Nothing, "not a neighbour");
        assert_eq!(click(g, 0, None, (6, 7)), Click::Nothing, "no troop picked");
        // The mast: the click is sent as it is, and the server would refuse it.
        let Click::Send(line) = click(g, 0, Some(2), (5, 5)) else { panic!("a move") };
        assert_eq!(answer(&p.state, 0, &line), ["FAILED 105 cannot move there"]);
        assert_eq!(answer(&p.state, 0, to_7_7), ["OK"]);
        assert_eq!(answer(&p.state, 0, "BUILD 2 TOWER"), ["FAILED 108 not an active troop"]);
        // Trying changed nothing: the builder is not busy.
        p.expect(0, to_7_7, &["OK"]);
        // A coor two fields from the sniper: a click on it shoots.
        let g = p.game();
        g.put_coor((7, 8), Strategy::Marauder).unwrap();
        assert_eq!(click(&p.state.game, 0, Some(3), (7, 8)), Click::Send("SHOOT 3 2 2".into()));
        assert_eq!(answer(&p.state, 0, "SHOOT 3 2 2"), ["FAILED 108 not an active troop"]);
    }
}
