//! The seed's worked examples (spec §2.7) at the rules level; its `server` module plays the same
//! session over a real socket.

mod common;
/// The same sessions over a real socket: the server, the seed's bytes, the replay.
#[path = "examples/server.rs"]
mod server;

use common::{SEED_SESSION, Table, lines};
use kibitz_fedrunek::robots::{Kind, Robot};
use kibitz_fedrunek::world::{Cell, Pos, World};

#[test]
fn the_seeds_session_answers_byte_for_byte() {
    let mut t = Table::seed_example();
    for (line, answer) in SEED_SESSION {
        assert_eq!(t.send(0, line), lines(answer), "{line}");
    }
}

#[test]
fn the_seeds_session_goes_on_as_the_spec_follows_it() {
    let mut t = Table::seed_example();
    t.ok(0, "DRILL 1 -1 0 0");
    t.send(0, "DRILL 2 -1 0 0");
    t.ok(0, "MOVE 2 0 1 0");
    assert_eq!(t.ok(0, "LIST MINERS"), lines(&["2", "1 128 64 64 1 1 1 4", "2 128 64 64 1 1 1 1"]));
    t.tick();
    assert_eq!(t.ok(0, "LIST MINERS"), lines(&["2", "1 128 64 64 1 1 1 3", "2 128 65 64 1 1 1 0"]));
    // Robot 2 comes back and asks for the same tunnel, drilled since an earlier turn.
    t.ok(0, "MOVE 2 0 -1 0");
    t.tick();
    assert_eq!(t.ok(0, "DRILL 2 -1 0 0"), lines(&["FORBIDDEN"]));
    t.ticks(2);
    assert_eq!(t.ok(0, "INFO 1")[6], "FREE -1 0 0 UNDERGROUND GROUND 0 0 1");
    t.ok(0, "MOVE 1 -1 0 0");
    t.tick();
    assert_eq!(t.ok(0, "MINE 1"), lines(&["MINING GOLD 3"]));
    assert_eq!(t.ok(0, "INFO 1")[0], "FREE 0 0 0 UNDERGROUND GROUND 0 0 0", "the unit is reserved at once");
    assert_eq!(t.ok(0, "STORAGE 1"), lines(&["0 0 0 4"]));
    t.ticks(3);
    assert_eq!(t.ok(0, "STORAGE 1"), lines(&["0 0 1 4"]));
}

#[test]
fn push_time_goes_in_cycles_of_three_fields() {
    for (k, turns) in [(4, 6), (6, 6), (3, 3), (1, 3), (7, 9)] {
        let mut t = Table::seed_example();
        assert_eq!(t.ok(0, &format!("PUSH 3 {k}")), lines(&[&format!("PUSHING {turns}")]), "K = {k}");
    }
}

/// A miner underground at (3, 3, 3) of a 7-cube, next to stone at (4, 3, 3), with a workshop
/// at (1, 3, 3) and a station at (1, 4, 3).
fn small() -> Table {
    let mut world = World::new(7);
    world.set(Pos::new(4, 3, 3), Cell::default().with_stone(true));
    let robots = vec![Robot::new(1, Kind::Miner, Pos::new(3, 3, 3)), Robot::new(2, Kind::Miner, Pos::new(2, 3, 3))];
    Table::custom(world, vec![Pos::new(1, 4, 3)], vec![Pos::new(1, 3, 3)], vec![robots], 1000)
}

#[test]
fn drilling_time_depends_on_the_target_and_the_level() {
    let mut t = small();
    assert_eq!(t.ok(0, "DRILL 1 1 0 0"), lines(&["DRILLING 10"]), "stone at level 1");
    assert_eq!(t.ok(0, "DRILL 2 -1 0 0"), lines(&["DRILLING 4"]), "towards the surface counts as ground");
    let mut t = small();
    t.state.game.teams[0].robots[0].levels[1] = 3;
    assert_eq!(t.ok(0, "DRILL 1 1 0 0"), lines(&["DRILLING 5"]), "stone at level 3");
}

#[test]
fn money_buys_and_spending_counts_squared() {
    let mut t = small();
    assert_eq!(t.ok(0, "FINANCIAL REPORT"), lines(&["20 0"]));
    assert_eq!(t.send(0, "BUY 1 3 3 SCOUT"), lines(&["FAILED 105 not enough money"]));
    // Two trips that each sell 5 gold: +25 each.
    for _ in 0..2 {
        t.state.game.teams[0].robots[1].pos = Pos::new(1, 3, 3);
        t.state.game.teams[0].robots[1].cargo = [0, 0, 5];
        t.ok(0, "MOVE 2 0 1 0");
        t.tick();
    }
    assert_eq!(t.ok(0, "FINANCIAL REPORT"), lines(&["70 0"]));
    assert_eq!(t.ok(0, "BUY 1 3 3 SCOUT"), lines(&["3"]));
    assert_eq!(t.ok(0, "FINANCIAL REPORT"), lines(&["20 50"]));
    use kibitz_core::Game;
    use kibitz_fedrunek::Fedrunek;
    assert_eq!(Fedrunek::scores(&t.state), vec![2520 * 1_000_000], "(20 + 50²) × 1, in millionths");
}

#[test]
fn a_skill_rises_twice_then_no_more() {
    let mut t = small();
    t.state.game.teams[0].credits = 100;
    t.state.game.teams[0].robots[0].pos = Pos::new(1, 3, 3);
    t.ok(0, "UPGRADE 1 STORAGE");
    t.tick();
    t.ok(0, "UPGRADE 1 STORAGE");
    t.tick();
    assert_eq!(t.send(0, "UPGRADE 1 STORAGE"), lines(&["FAILED 108 cannot raise this skill anymore"]));
    assert_eq!(t.ok(0, "STORAGE 1"), lines(&["0 0 0 15"]));
    assert_eq!(t.ok(0, "FINANCIAL REPORT"), lines(&["80 20"]));
}

#[test]
fn twenty_five_robots_are_the_most() {
    let mut t = small();
    t.state.game.teams[0].credits = 10_000;
    for id in 3..=25 {
        assert_eq!(t.ok(0, "BUY 1 3 3 SCOUT"), lines(&[&id.to_string()]));
    }
    assert_eq!(t.send(0, "BUY 1 3 3 MINER"), lines(&["FAILED 106 robot count limit reached"]));
}
