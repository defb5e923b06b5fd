//! The seed's worked examples (spec §4.8) and every derived check, with the draws forced; every
//! error 101–112 reached, in the order they are checked.

mod common;
/// The same sessions over a real socket: the server, the seed's bytes, the replay.
#[path = "examples/server.rs"]
mod server;

use common::*;
use kibitz_osada::state::Strategy;
use kibitz_osada::{Event, MoveCoords, Weapon};

/// The seed's session up to its WAIT (§4.8.1), MOVE in either reading.
fn seed_session(coords: MoveCoords) -> Play {
    let mut p = Play::new(seed_session_params(coords), 1);
    for (line, answer) in SEED_OPENING {
        p.expect(0, line, answer);
    }
    p
}

use kibitz_osada::Params;

#[test]
fn the_seeds_session_with_absolute_moves() {
    let mut p = seed_session(MoveCoords::Absolute);
    p.expect(0, "MOVE 2 5 5", &["FAILED 105 cannot move there"]);
    p.expect(0, "MOVE 2 6 7", &["OK"]);
    let wait = p.ask(0, "WAIT");
    assert_eq!(wait[0], "OK");
    assert!(wait[1].starts_with("WAITING ") && wait[1].split('.').nth(1).is_some_and(|d| d.len() == 6), "{wait:?}");
    p.tick();
    p.expect(0, "BUILD 2 TOWER", &["OK", "BUILDING 4"]);
}

#[test]
fn the_seeds_session_with_relative_moves_and_its_follow_on_checks() {
    let mut p = seed_session(MoveCoords::Relative);
    p.expect(0, "MOVE 2 0 -1", &["FAILED 105 cannot move there"]);
    // The seed's literal lines are no neighbours in this reading.
    p.expect(0, "MOVE 2 5 5", &["FAILED 103 destination is not neighbour"]);
    p.expect(0, "MOVE 2 1 1", &["OK"]);
    p.tick();
    p.expect(0, "LIST TROOPS", &["OK", "3", "1 STORMTROOPER 5 6 0 0", "2 BUILDER 6 7 0 0", "3 SNIPER 5 6 1 0"]);
    p.expect(0, "BUILD 2 TOWER", &["OK", "BUILDING 4"]);
    p.expect(0, "LIST TROOPS", &["OK", "3", "1 STORMTROOPER 5 6 0 0", "2 BUILDER 6 7 0 4", "3 SNIPER 5 6 1 0"]);
    let info = p.ask(0, "INFO 2");
    assert_eq!(info[1], "25");
    assert!(info.contains(&"0 0 SOLID CONSTRUCTION 0 1".to_string()), "{info:?}");
    assert!(info.contains(&"-1 -2 SOLID MAST 0 0".to_string()), "{info:?}");
    assert!(info.contains(&"-1 -1 SOLID NONE 0 2".to_string()), "{info:?}");
    p.expect(0, "MAP 5 6", &MAP_5_6);
    p.expect(0, "MAP 5 6", &["FAILED 111 no more maps during this turn"]);
    for d in [3, 2, 1] {
        p.tick();
        assert!(p.ask(0, "LIST TROOPS")[3].ends_with(&format!(" {d}")));
    }
    let report = p.tick();
    assert!(report.beetles.events.contains(&Event::Built { team: 0, troop: 2, building: kibitz_osada::state::Building::Tower }));
    let info = p.ask(0, "INFO 2");
    assert_eq!(info.len(), 2 + 49, "a unit in a tower sees 7 × 7");
    assert!(info.contains(&"0 0 SOLID TOWER 0 1".to_string()), "{info:?}");
    // The first field listed is the top left, then along x.
    assert_eq!(&info[2..4], ["-3 -3 SOLID NONE 0 0", "-2 -3 SOLID NONE 0 0"]);
    p.expect(0, "BUILD 2 TOWER", &["FAILED 107 cannot build here"]);
    p.expect(0, "LOCATE BANNER", &["OK", "SAFE 5 5"]);
    // A second tower by the same engineer: a field further.
    p.expect(0, "MOVE 2 1 0", &["OK"]);
    p.tick();
    p.expect(0, "BUILD 2 TOWER", &["OK", "BUILDING 9"]);
    p.expect(0, "TIME TO FIGHT", &["OK", "294 GO"]);
}

/// Example 1's positions: sniper S (troop 3) alone at F, stormtroopers A and B (troops 1 and 2
/// of a team with two) next to it, coor X next to F in S's sight.
fn example_1() -> (Play, u32) {
    let s = settlement(64, &[], &[], &[((40, 40), None)]);
    let mut p = Play::new(Params { stormtroopers: 2, ..quiet(s) }, 1);
    let (f, fa, fb, fc) = ((20, 20), (19, 20), (21, 21), (20, 21));
    p.game().put_troop(0, 1, fa).unwrap(); // A
    p.game().put_troop(0, 2, fb).unwrap(); // B
    p.game().put_troop(0, 3, (30, 30)).unwrap(); // the builder, out of the way
    p.game().put_troop(0, 4, f).unwrap(); // S
    let x = p.game().put_coor(fc, Strategy::Slasher).unwrap();
    p.expect(0, "SHOOT 4 0 1", &["OK"]);
    p.expect(0, "MOVE 2 20 20", &["OK"]);
    p.expect(0, "MOVE 1 20 20", &["OK"]);
    // The shot misses; B then A step into F behind S.
    p.game().chance.force_outcomes([false]);
    p.game().chance.force_move(x, f);
    (p, x)
}

#[test]
fn example_1_the_next_in_the_queue_fights_at_once() {
    let (mut p, x) = example_1();
    p.game().chance.force_outcomes([true]);
    let report = p.tick();
    assert_eq!(report.beetles.events, [Event::Missed { team: 0, troop: 4 }]);
    assert_eq!(report.coors.events, [Event::Died { team: 0, troop: 4 }, Event::Kill { team: 0, coor: x, by: Weapon::Fight }]);
    p.expect(0, "LIST TROOPS", &["OK", "3", "1 STORMTROOPER 20 20 1 0", "2 STORMTROOPER 20 20 0 0", "3 BUILDER 30 30 0 0"]);
    assert_eq!(p.glory(0), 2, "the banner was safe throughout: the kill counts twice");
}

#[test]
fn example_1_when_b_loses_a_fights_next() {
    let (mut p, x) = example_1();
    p.game().chance.force_outcomes([false, true]);
    let report = p.tick();
    assert_eq!(
        report.coors.events,
        [Event::Died { team: 0, troop: 4 }, Event::Died { team: 0, troop: 2 }, Event::Kill { team: 0, coor: x, by: Weapon::Fight }]
    );
    p.expect(0, "LIST TROOPS", &["OK", "2", "1 STORMTROOPER 20 20 0 0", "3 BUILDER 30 30 0 0"]);
}

#[test]
fn example_1_when_both_lose_the_coor_stands_in_f() {
    let (mut p, x) = example_1();
    p.game().chance.force_outcomes([false, false]);
    p.tick();
    p.expect(0, "LIST TROOPS", &["OK", "1", "3 BUILDER 30 30 0 0"]);
    let at = p.game().coor(x).expect("X lives").at;
    let xy = p.game().land.xy(at);
    assert_eq!(xy, (20, 20));
    assert_eq!(p.glory(0), 0);
}

#[test]
fn example_2_one_stormtrooper_kills_two_coors() {
    let s = settlement(64, &[], &[], &[((40, 40), None)]);
    let mut p = Play::new(Params { stormtroopers: 2, ..quiet(s) }, 1);
    let (f, fa, fb) = ((20, 20), (19, 19), (21, 21));
    p.game().put_troop(0, 1, fa).unwrap();
    p.game().put_troop(0, 2, fb).unwrap();
    let x1 = p.game().put_coor(f, Strategy::Marauder).unwrap();
    let x2 = p.game().put_coor(f, Strategy::Marauder).unwrap();
    p.expect(0, "MOVE 1 20 20", &["OK"]);
    p.expect(0, "MOVE 2 20 20", &["OK"]);
    p.game().chance.force_outcomes([true, true]);
    let report = p.tick();
    assert_eq!(
        report.beetles.events,
        [Event::Kill { team: 0, coor: x1, by: Weapon::Fight }, Event::Kill { team: 0, coor: x2, by: Weapon::Fight }]
    );
    let list = p.ask(0, "LIST TROOPS");
    assert_eq!(&list[2..4], ["1 STORMTROOPER 20 20 0 0", "2 STORMTROOPER 20 20 1 0"]);
    assert_eq!(p.glory(0), 4, "two kills, each doubled");
}

#[test]
fn builds_take_longer_per_engineer_and_kind_and_are_refused_where_they_cannot_stand() {
    let s = settlement(64, &[], &[(21, 20)], &[((40, 40), Some((41, 41)))]);
    let mut p = Play::new(quiet(s), 1);
    p.game().put_troop(0, 1, (30, 30)).unwrap();
    p.game().put_troop(0, 3, (31, 31)).unwrap();
    p.game().put_troop(0, 2, (20, 20)).unwrap();
    p.expect(0, "BUILD 2 TRAP", &["OK", "BUILDING 2"]);
    p.expect(0, "BUILD 2 TRAP", &["FAILED 112 unit already used in this turn"]);
    p.tick();
    p.tick();
    p.expect(0, "MOVE 2 20 21", &["OK"]);
    p.tick();
    p.expect(0, "BUILD 2 TRAP", &["OK", "BUILDING 3"]);
    for _ in 0..3 {
        p.tick();
    }
    p.expect(0, "MOVE 2 20 22", &["OK"]);
    p.tick();
    p.expect(0, "BUILD 2 TOWER", &["OK", "BUILDING 4"]);
    p.expect(0, "BUILD 1 TRAP", &["FAILED 110 incorrect unit type"]);
    p.expect(0, "BUILD 2 WALL", &["FAILED 109 incorrect building type"]);
    // On soggy ground, and on a used trap.
    let mut q = Play::new(quiet(settlement(64, &[], &[(21, 20)], &[((40, 40), None)])), 1);
    q.game().put_troop(0, 2, (21, 20)).unwrap();
    q.game().put_troop(0, 1, (30, 30)).unwrap();
    q.game().put_troop(0, 3, (31, 31)).unwrap();
    q.expect(0, "BUILD 2 TRAP", &["FAILED 107 cannot build here"]);
}

#[test]
fn snipers_reach_as_far_as_they_see() {
    let s = settlement(64, &[], &[], &[((40, 40), None)]);
    let mut p = Play::new(quiet(s), 1);
    p.game().put_troop(0, 1, (30, 30)).unwrap();
    p.game().put_troop(0, 3, (20, 20)).unwrap();
    p.game().put_troop(0, 2, (31, 31)).unwrap();
    let coor = p.game().put_coor((23, 20), Strategy::Marauder).unwrap();
    p.expect(0, "SHOOT 3 3 0", &["FAILED 104 target is outside range"]);
    p.expect(0, "SHOOT 3 1 1", &["FAILED 106 nobody to shoot there"]);
    // A tower where the sniper stood: from it, the sniper sees and shoots a field further.
    p.game().put_troop(0, 3, (19, 20)).unwrap();
    p.game().put_troop(0, 2, (20, 20)).unwrap();
    p.expect(0, "BUILD 2 TOWER", &["OK", "BUILDING 4"]);
    for _ in 0..4 {
        p.game().chance.force_move(coor, (23, 20));
        p.tick();
    }
    p.expect(0, "MOVE 2 21 21", &["OK"]);
    p.expect(0, "MOVE 3 20 20", &["OK"]);
    p.game().chance.force_move(coor, (23, 20));
    p.tick();
    p.expect(0, "SHOOT 3 3 0", &["OK"]);
    p.expect(0, "SHOOT 3 3 0", &["FAILED 112 unit already used in this turn"]);
    p.game().chance.force_outcomes([true]);
    let report = p.tick();
    assert_eq!(report.beetles.events, [Event::Kill { team: 0, coor, by: Weapon::Shot }]);
}

#[test]
fn a_trap_kills_the_first_coor_for_its_team_and_lets_the_next_one_by() {
    let s = settlement(64, &[], &[], &[((40, 40), None), ((20, 40), None)]);
    let mut p = Play::new(quiet(s), 2);
    for (team, at) in [(0, (30, 30)), (1, (10, 10))] {
        for id in 1..=3 {
            p.game().put_troop(team, id, at).unwrap();
        }
    }
    p.game().put_troop(0, 2, (20, 20)).unwrap();
    p.expect(0, "BUILD 2 TRAP", &["OK", "BUILDING 2"]);
    p.tick();
    p.tick();
    p.expect(0, "MOVE 2 21 21", &["OK"]);
    p.tick();
    let first = p.game().put_coor((19, 20), Strategy::Marauder).unwrap();
    let second = p.game().put_coor((19, 19), Strategy::Marauder).unwrap();
    p.game().chance.force_move(first, (20, 20));
    p.game().chance.force_move(second, (20, 20));
    let report = p.tick();
    assert_eq!(report.coors.events, [Event::Kill { team: 0, coor: first, by: Weapon::Trap }]);
    assert!(p.game().coor(second).is_some(), "the second coor passed the used trap");
    let info = p.ask(0, "INFO 2");
    assert!(info.contains(&"-1 -1 SOLID USED_TRAP 1 0".to_string()), "{info:?}");
    assert_eq!(p.glory(0), 2);
    assert_eq!(p.glory(1), 0);
}

#[test]
fn a_banner_taken_comes_back_when_its_carrier_is_killed_or_is_lost_when_it_leaves() {
    let s = settlement(64, &[], &[], &[((15, 15), Some((16, 16))), ((40, 40), Some((41, 41)))]);
    let params = quiet(s);
    for leaves in [false, true] {
        let mut p = Play::new(params.clone(), 2);
        // Whichever mast team 0 was given, a thief stands next to it.
        let mast = p.game().land.masts[0];
        let thief = p.game().put_coor((mast.0 - 1, mast.1), Strategy::Thief).unwrap();
        p.game().chance.force_move(thief, mast);
        let report = p.tick();
        assert_eq!(report.coors.events, [Event::Taken { team: 0, coor: thief }]);
        p.expect(0, "LOCATE BANNER", &["OK", format!("MISSING {} {}", mast.0, mast.1).as_str()]);
        if leaves {
            // Out at the border, and a kill of team 0 counts once from then on.
            let carrier = p.game().coors.iter().position(|c| c.id == thief).unwrap();
            let at = p.game().land.field((1, 2));
            std::sync::Arc::make_mut(&mut p.game().coors)[carrier].at = at;
            p.game().chance.force_move(thief, (0, 2));
            let report = p.tick();
            assert!(report.coors.events.contains(&Event::Lost { team: 0 }), "{report:?}");
            p.expect(0, "LOCATE BANNER", &["OK", "LOST"]);
            // From then on, team 0's kills count once: a stormtrooper of it wins a fight.
            let coor = p.game().put_coor((30, 31), Strategy::Marauder).unwrap();
            p.game().put_troop(0, 1, (30, 30)).unwrap();
            p.expect(0, "MOVE 1 30 31", &["OK"]);
            p.game().chance.force_outcomes([true]);
            let report = p.tick();
            assert!(report.beetles.events.contains(&Event::Kill { team: 0, coor, by: Weapon::Fight }), "{report:?}");
            assert_eq!(p.glory(0), 1);
            continue;
        }
        // A sniper of team 1 shoots it from next door: team 0's banner goes home, team 1 scores.
        let sniper_at = (mast.0 - 2, mast.1);
        p.game().put_troop(1, 3, sniper_at).unwrap();
        p.expect(1, "SHOOT 3 2 0", &["OK"]);
        p.game().chance.force_outcomes([true]);
        p.game().chance.force_move(thief, mast);
        let report = p.tick();
        assert_eq!(report.beetles.events, [Event::Kill { team: 1, coor: thief, by: Weapon::Shot }, Event::Returned { team: 0 }]);
        p.expect(0, "LOCATE BANNER", &["OK", format!("SAFE {} {}", mast.0, mast.1).as_str()]);
        assert_eq!(p.glory(1), 2);
    }
}

#[test]
fn every_error_is_reached_in_the_order_they_are_checked() {
    let s = settlement(64, &[(22, 20)], &[(19, 19)], &[((40, 40), Some((41, 41)))]);
    let mut p = Play::new(Params { stormtroopers: 2, ..quiet(s) }, 1);
    // Stormtroopers 1 and 2, builder 3 behind them on (20, 20); sniper 4 alone on (19, 19).
    p.game().put_troop(0, 1, (20, 20)).unwrap();
    p.game().put_troop(0, 2, (20, 20)).unwrap();
    p.game().put_troop(0, 3, (20, 20)).unwrap();
    p.game().put_troop(0, 4, (25, 25)).unwrap();
    let e = |code: u16, message: &str| vec![format!("FAILED {code} {message}")];
    // MOVE: 101 before 112 before 103 before 105.
    assert_eq!(p.ask(0, "MOVE 9 22 20"), e(101, "incorrect unit identifier"));
    assert_eq!(p.ask(0, "MOVE 1 21 20"), ["OK"]);
    assert_eq!(p.ask(0, "MOVE 1 50 50"), e(112, "unit already used in this turn"));
    assert_eq!(p.ask(0, "MOVE 2 20 20"), e(103, "destination is not neighbour"));
    assert_eq!(p.ask(0, "MOVE 2 22 20"), e(103, "destination is not neighbour"));
    assert_eq!(p.ask(0, "MOVE 2 21 19"), ["OK"]);
    p.tick();
    assert_eq!(p.ask(0, "MOVE 1 22 20"), e(105, "cannot move there"));
    // SHOOT: 101, 110, 112, 108, 104, 106.
    p.game().put_troop(0, 4, (20, 20)).unwrap();
    p.game().put_coor((21, 21), Strategy::Marauder).unwrap();
    assert_eq!(p.ask(0, "SHOOT 0 1 1"), e(101, "incorrect unit identifier"));
    assert_eq!(p.ask(0, "SHOOT 2 9 9"), e(110, "incorrect unit type"));
    // The builder came first to (20, 20): the sniper is not active there.
    assert_eq!(p.ask(0, "SHOOT 4 9 9"), e(108, "not an active troop"));
    p.game().put_troop(0, 3, (20, 20)).unwrap();
    // Sniper 4 is first on (20, 20), builder 3 second.
    assert_eq!(p.ask(0, "SHOOT 4 9 9"), e(104, "target is outside range"));
    assert_eq!(p.ask(0, "SHOOT 4 0 -1"), e(106, "nobody to shoot there"));
    assert_eq!(p.ask(0, "SHOOT 4 1 1"), ["OK"]);
    assert_eq!(p.ask(0, "SHOOT 4 9 9"), e(112, "unit already used in this turn"));
    // BUILD: 101, 110, 109, 112, 108, 107; then REFUSED for an earlier round's construction.
    assert_eq!(p.ask(0, "BUILD 7 WALL"), e(101, "incorrect unit identifier"));
    assert_eq!(p.ask(0, "BUILD 4 WALL"), e(110, "incorrect unit type"));
    assert_eq!(p.ask(0, "BUILD 3 WALL"), e(109, "incorrect building type"));
    assert_eq!(p.ask(0, "BUILD 3 TRAP"), e(108, "not an active troop"));
    p.game().put_troop(0, 3, (19, 19)).unwrap();
    assert_eq!(p.ask(0, "BUILD 3 TRAP"), e(107, "cannot build here"));
    // Under the sniper, who moves off: the builder is active there, then busy.
    p.game().put_troop(0, 3, (20, 20)).unwrap();
    p.game().put_troop(0, 4, (24, 24)).unwrap();
    assert_eq!(p.ask(0, "BUILD 3 TOWER"), ["OK", "BUILDING 4"]);
    assert_eq!(p.ask(0, "BUILD 3 WALL"), e(109, "incorrect building type"));
    assert_eq!(p.ask(0, "BUILD 3 TRAP"), e(112, "unit already used in this turn"));
    // MAP: 102 before 111, and a 102 leaves the allowance.
    assert_eq!(p.ask(0, "MAP 0 5"), e(102, "incorrect field coordinates"));
    assert_eq!(p.ask(0, "MAP 64 64").len(), 12);
    assert_eq!(p.ask(0, "MAP 65 1"), e(102, "incorrect field coordinates"));
    assert_eq!(p.ask(0, "MAP 1 1"), e(111, "no more maps during this turn"));
    // INFO and the common errors.
    assert_eq!(p.ask(0, "INFO 99"), e(101, "incorrect unit identifier"));
    assert_eq!(p.ask(0, "INFO x"), ["FAILED 3 bad format"]);
    assert_eq!(p.ask(0, "LIST TROOPS 1"), ["FAILED 4 too many arguments"]);
    assert_eq!(p.ask(0, "FIGHT"), ["FAILED 2 unknown command"]);
    // REFUSED: another engineer where an earlier round's construction goes on. The builder that
    // builds it is the field's active unit, so the other one comes first only by `put_troop`.
    p.tick();
    let mut q = Play::new(Params { builders: 2, ..quiet(settlement(64, &[], &[], &[((40, 40), None)])) }, 1);
    q.game().put_troop(0, 1, (30, 30)).unwrap();
    q.game().put_troop(0, 4, (31, 31)).unwrap();
    q.game().put_troop(0, 2, (20, 20)).unwrap();
    q.expect(0, "BUILD 2 TRAP", &["OK", "BUILDING 2"]);
    q.game().put_troop(0, 3, (20, 20)).unwrap();
    q.expect(0, "BUILD 3 TRAP", &["FAILED 108 not an active troop"]);
    q.tick();
    // Troop 2 goes to the back of the queue (as if it had stepped out and in).
    q.game().put_troop(0, 2, (20, 20)).unwrap();
    q.expect(0, "BUILD 3 TRAP", &["OK", "REFUSED"]);
}
