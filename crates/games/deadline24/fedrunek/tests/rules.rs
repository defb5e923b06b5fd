//! Each command's errors, in the order they are checked; operations over turns; conflicts
//! between teams; the common protocol (limits, WAIT); the end of the game.

mod common;

use common::{Table, lines};
use kibitz_core::Game;
use kibitz_deadline24::{Common, Outcome};
use kibitz_fedrunek::knowledge::{Knowledge, Seen};
use kibitz_fedrunek::robots::{Kind, Robot};
use kibitz_fedrunek::world::{Cell, Metal, Pos, World};
use kibitz_fedrunek::{Fedrunek, Params, Profile};

/// Two teams on a 7-cube. Team 0: miner 1 at (1, 3, 3) on face x = 1, scout 2 there too,
/// miner 3 on the edge (1, 1, 3). Team 1: miner 1 at (1, 3, 3). The field under them,
/// (2, 3, 3), is stone with 2 iron and 1 gold; a workshop at (1, 5, 5), a station at (1, 3, 4).
fn two_teams() -> Table {
    let mut world = World::new(7);
    world.set(Pos::new(2, 3, 3), Cell::default().with_stone(true).with_metal(Metal::Iron, 2).with_metal(Metal::Gold, 1));
    world.set(Pos::new(3, 3, 3), Cell::default().with_metal(Metal::Silver, 4));
    let at = Pos::new(1, 3, 3);
    let a = vec![Robot::new(1, Kind::Miner, at), Robot::new(2, Kind::Scout, at), Robot::new(3, Kind::Miner, Pos::new(1, 1, 3))];
    let b = vec![Robot::new(1, Kind::Miner, at)];
    Table::custom(world, vec![Pos::new(1, 3, 4)], vec![Pos::new(1, 5, 5)], vec![a, b], 1000)
}

fn fail(code: u16, message: &str) -> Vec<String> {
    vec![format!("FAILED {code} {message}")]
}

#[test]
fn common_errors_come_first() {
    let mut t = two_teams();
    assert_eq!(t.send(0, "DIG 1"), fail(2, "unknown command"));
    assert_eq!(t.send(0, "describe world"), fail(2, "unknown command"));
    assert_eq!(t.send(0, "MOVE 1 0 1"), fail(3, "bad format"));
    assert_eq!(t.send(0, "MOVE 1 0 x 0"), fail(3, "bad format"));
    assert_eq!(t.send(0, "MOVE 1 0 1 0 9"), fail(4, "too many arguments"));
    assert_eq!(t.send(0, "DESCRIBE WORLD now"), fail(4, "too many arguments"));
    assert_eq!(t.send(0, "INFO 99999999999999999999999"), fail(3, "bad format"));
    assert_eq!(t.send(0, " \t DESCRIBE \t WORLD \r"), lines(&["OK", "7 1 1.000000"]));
    assert!(t.send(0, "   ").is_empty(), "a blank line is not answered");
}

#[test]
fn robot_errors_in_order() {
    let mut t = two_teams();
    assert_eq!(t.send(0, "MOVE 9 0 1 0"), fail(101, "incorrect robot identifier"));
    assert_eq!(t.send(0, "MOVE 0 0 1 0"), fail(101, "incorrect robot identifier"));
    assert_eq!(t.send(0, "DRILL 2 1 0 0"), fail(102, "inappropriate robot type"));
    assert_eq!(t.send(0, "SCAN 1"), fail(102, "inappropriate robot type"));
    assert_eq!(t.send(0, "STORAGE 2"), fail(102, "inappropriate robot type"));
    assert_eq!(t.send(0, "MOVE 1 1 1 0"), fail(103, "destination is not neighbour"));
    assert_eq!(t.send(0, "MOVE 1 0 0 0"), fail(103, "destination is not neighbour"));
    assert_eq!(t.send(0, "MOVE 1 0 5 0"), fail(103, "destination is not neighbour"));
    assert_eq!(t.send(0, "MOVE 1 -1 0 0"), fail(104, "destination is outside the world"));
    assert_eq!(t.send(0, "MOVE 1 1 0 0"), fail(111, "cannot move there"), "no tunnel yet");
    assert_eq!(t.send(0, "MOVE 2 1 0 0"), fail(111, "cannot move there"), "a scout never goes underground");
    assert_eq!(t.send(0, "MINE 1"), fail(114, "invalid location"));
    assert_eq!(t.send(0, "SCAN 3"), fail(102, "inappropriate robot type"));
    assert_eq!(t.send(0, "YIELD LAST SCAN 2"), fail(116, "no scan results available"));
    assert_eq!(t.send(0, "YIELD LAST PUSH 2"), fail(115, "no push results available"));
    assert_eq!(t.send(0, "PUSH 2 0"), fail(3, "bad format"));
    assert_eq!(t.send(0, "PUSH 2 8"), fail(3, "bad format"));
    assert_eq!(t.send(0, "DRILL 3 0 1 0"), fail(107, "cannot drill there"), "surface to surface");
    assert_eq!(t.send(0, "UPGRADE 1 SCAN"), fail(113, "invalid skill type"));
    assert_eq!(t.send(0, "UPGRADE 1 SPEED"), fail(113, "invalid skill type"));
    assert_eq!(t.send(0, "UPGRADE 1 DRILL"), fail(109, "no workshop in this field"));
    assert_eq!(t.send(0, "BUY 1 5 5 ROBOT"), fail(102, "inappropriate robot type"));
    assert_eq!(t.send(0, "BUY 0 5 5 MINER"), fail(104, "destination is outside the world"));
    assert_eq!(t.send(0, "BUY 1 5 4 MINER"), fail(109, "no workshop in this field"));
    assert_eq!(t.send(0, "BUY 1 5 5 MINER"), fail(105, "not enough money"));
    t.ok(0, "MOVE 1 0 1 0");
    assert_eq!(t.send(0, "MOVE 1 0 1 0"), fail(110, "this robot is busy"));
    assert_eq!(t.send(0, "DRILL 1 1 0 0"), fail(110, "this robot is busy"));
    assert_eq!(t.send(0, "INFO 1").len(), 8, "queries work on busy robots");
}

#[test]
fn scouts_must_stand_on_exactly_one_face() {
    let mut t = two_teams();
    t.state.game.teams[0].robots[1].pos = Pos::new(1, 1, 3);
    assert_eq!(t.send(0, "SCAN 2"), fail(114, "invalid location"));
    assert_eq!(t.send(0, "PUSH 2 3"), fail(114, "invalid location"));
}

#[test]
fn scan_and_push_report_the_column_under_the_scout() {
    let mut t = two_teams();
    assert_eq!(t.ok(0, "SCAN 2"), lines(&["SCANNING 3"]));
    t.ticks(2);
    assert_eq!(t.send(0, "YIELD LAST SCAN 2"), fail(116, "no scan results available"), "not finished yet");
    t.tick();
    // Column x = 2…6 under (1, 3, 3): one stone field; 2 iron, 4 silver, 1 gold.
    assert_eq!(t.ok(0, "YIELD LAST SCAN 2"), lines(&["1 3 3 4 1 2 4 1"]));
    assert_eq!(t.ok(0, "PUSH 2 7"), lines(&["PUSHING 6"]), "K is clamped to N − 2 = 5");
    t.ticks(6);
    assert_eq!(
        t.ok(0, "YIELD LAST PUSH 2"),
        lines(&["1 3 3 5", "2 3 3 STONE 2 0 1", "3 3 3 GROUND 0 4 0", "4 3 3 GROUND 0 0 0", "5 3 3 GROUND 0 0 0", "6 3 3 GROUND 0 0 0"])
    );
}

#[test]
fn a_scan_sees_the_column_at_the_start_of_its_last_turn() {
    let mut t = two_teams();
    t.state.game.teams[0].robots[0].pos = Pos::new(2, 3, 3);
    t.ok(0, "SCAN 2");
    t.ok(0, "MINE 1"); // reserves the gold at once: the scan will not see it
    t.ticks(3);
    assert_eq!(t.ok(0, "YIELD LAST SCAN 2"), lines(&["1 3 3 4 1 2 4 0"]));
}

#[test]
fn the_first_drill_received_wins_and_tunnels_serve_everyone() {
    let mut t = two_teams();
    assert_eq!(t.ok(1, "DRILL 1 1 0 0"), lines(&["DRILLING 10"]), "stone");
    assert_eq!(t.send(0, "DRILL 1 1 0 0"), fail(107, "cannot drill there"), "claimed in this turn");
    t.tick();
    assert_eq!(t.ok(0, "DRILL 1 1 0 0"), lines(&["FORBIDDEN"]), "being drilled since an earlier turn");
    assert_eq!(t.ok(0, "INFO 1")[5], "TUNNEL 1 0 0 UNDERGROUND STONE 2 0 1");
    t.ticks(9);
    assert_eq!(t.ok(0, "INFO 1")[5], "FREE 1 0 0 UNDERGROUND STONE 2 0 1", "team 1's tunnel");
    assert_eq!(t.send(0, "DRILL 1 1 0 0"), fail(107, "cannot drill there"), "the tunnel exists");
    assert_eq!(t.ok(0, "MOVE 1 1 0 0"), Vec::<String>::new());
}

#[test]
fn a_unit_is_reserved_for_the_first_miner() {
    let mut t = two_teams();
    t.state.game.teams[0].robots[0].pos = Pos::new(2, 3, 3);
    t.state.game.teams[1].robots[0].pos = Pos::new(2, 3, 3);
    assert_eq!(t.ok(1, "MINE 1"), lines(&["MINING GOLD 3"]), "the most valuable first");
    assert_eq!(t.ok(0, "MINE 1"), lines(&["MINING IRON 3"]));
    assert_eq!(t.ok(0, "INFO 1")[0], "FREE 0 0 0 UNDERGROUND STONE 1 0 0");
    t.ticks(3);
    assert_eq!(t.ok(0, "MINE 1"), lines(&["MINING IRON 3"]));
    assert_eq!(t.ok(1, "MINE 1"), lines(&["VOID"]));
    assert_eq!(t.ok(1, "STORAGE 1"), lines(&["0 0 1 4"]));
}

#[test]
fn a_full_cargo_cannot_take_more() {
    let mut t = two_teams();
    t.state.game.teams[0].robots[0].pos = Pos::new(2, 3, 3);
    t.state.game.teams[0].robots[0].cargo = [5, 0, 0];
    assert_eq!(t.send(0, "MINE 1"), fail(112, "out of resources"));
    assert_eq!(t.ok(0, "STORAGE 1"), lines(&["5 0 0 0"]));
}

#[test]
fn a_miner_entering_a_station_sells_everything() {
    let mut t = two_teams();
    t.state.game.teams[0].robots[0].cargo = [2, 1, 3];
    t.ok(0, "MOVE 1 0 0 1");
    let Outcome::Turn { report, .. } = t.tick() else { panic!("a tick") };
    assert_eq!(report.sales.len(), 1);
    assert_eq!(report.sales[0].credits, 2 + 3 + 15);
    assert_eq!(t.ok(0, "FINANCIAL REPORT"), lines(&["40 0"]), "selling is not spending");
    assert_eq!(t.ok(0, "STORAGE 1"), lines(&["0 0 0 5"]));
}

#[test]
fn upgrades_take_effect_at_the_end_of_the_turn() {
    let mut t = two_teams();
    t.state.game.teams[0].robots[0].pos = Pos::new(1, 5, 5);
    t.ok(0, "UPGRADE 1 MINE");
    assert_eq!(t.ok(0, "LIST MINERS")[1], "1 1 5 5 1 1 1 1");
    t.tick();
    assert_eq!(t.ok(0, "LIST MINERS")[1], "1 1 5 5 1 1 2 0");
}

#[test]
fn a_bought_robot_arrives_next_turn() {
    let mut t = two_teams();
    t.state.game.teams[0].credits = 200;
    assert_eq!(t.ok(0, "BUY 1 5 5 MINER"), lines(&["4"]));
    assert_eq!(t.ok(0, "LIST MINERS"), lines(&["3", "1 1 3 3 1 1 1 0", "3 1 1 3 1 1 1 0", "4 1 5 5 1 1 1 1"]));
    assert_eq!(t.send(0, "MOVE 4 0 -1 0"), fail(110, "this robot is busy"));
    t.tick();
    assert_eq!(t.ok(0, "MOVE 4 0 -1 0"), Vec::<String>::new());
    assert_eq!(t.ok(0, "LIST SCOUTS"), lines(&["1", "2 1 3 3 1 1 0"]));
    assert_eq!(t.ok(0, "LIST WORKSHOPS"), lines(&["1", "1 5 5"]));
    assert_eq!(t.ok(0, "LIST STATIONS"), lines(&["1", "1 3 4"]));
}

#[test]
fn the_command_limit_warns_then_forces_waiting() {
    let mut t = two_teams();
    t.state.common.command_limit = 3;
    for _ in 0..3 {
        t.ok(0, "FINANCIAL REPORT");
    }
    assert_eq!(t.send(0, "FINANCIAL REPORT"), fail(6, "commands limit reached, next call will force waiting"));
    assert_eq!(
        t.send_at(0, "FINANCIAL REPORT", 250_000),
        lines(&["FAILED 7 commands limit reached, forced waiting activated", "FORCED WAITING 0.750000"])
    );
    assert_eq!(t.ok(1, "FINANCIAL REPORT"), lines(&["20 0"]), "the limit is per team");
    t.tick();
    assert_eq!(t.ok(0, "FINANCIAL REPORT"), lines(&["20 0"]), "counters reset each turn");
}

#[test]
fn wait_says_how_long_until_the_next_turn() {
    let mut t = two_teams();
    t.state.common.turn_ms = 10_000;
    assert_eq!(t.send_at(0, "WAIT", 1_330_000), lines(&["OK", "WAITING 8.670000"]));
    assert_eq!(t.send(0, "WAIT now"), fail(4, "too many arguments"));
}

/// One unit of metal in the whole cube, under a miner of team 0's: mining it is 100 %.
fn one_unit_of_metal() -> Table {
    let mut world = World::new(5);
    world.set(Pos::new(2, 3, 3), Cell::default().with_metal(Metal::Silver, 1));
    world.add_tunnel(kibitz_fedrunek::world::Tunnel::between(Pos::new(1, 3, 3), Pos::new(2, 3, 3)).unwrap());
    Table::custom(world, vec![Pos::new(1, 2, 2)], vec![Pos::new(1, 4, 4)], vec![vec![Robot::new(1, Kind::Miner, Pos::new(2, 3, 3))]], 1000)
}

#[test]
fn the_game_ends_fifty_turns_after_ninety_percent_is_mined() {
    let mut t = one_unit_of_metal();
    assert_eq!(t.ok(0, "TIME TO MINE"), lines(&["UNKNOWN"]));
    t.ok(0, "MINE 1");
    t.ticks(2);
    let Outcome::Turn { turn: 3, report, over: false } = t.tick() else { panic!("turn 3 ends, the game goes on") };
    assert!(report.threshold && report.mined == 1);
    assert_eq!(t.ok(0, "TIME TO MINE"), lines(&["50"]));
    t.ticks(49);
    assert_eq!(t.ok(0, "TIME TO MINE"), lines(&["1"]), "turn 53, the last");
    let Outcome::Turn { turn: 53, over: true, .. } = t.tick() else { panic!("the game ends with turn 53") };
    assert_eq!(Fedrunek::to_move(&t.state), kibitz_core::ToMove::Over);
    assert!(t.send(0, "TIME TO MINE").is_empty(), "nothing is answered after the end");
}

#[test]
fn a_turn_cap_ends_a_game_early() {
    let common = Common { turn_cap: Some(2), ..Common::default() };
    let mut t = Table::generated(Params { n: 8, ..Params::default() }, 2, 5, common);
    assert!(matches!(t.tick(), Outcome::Turn { over: false, .. }));
    assert!(matches!(t.tick(), Outcome::Turn { turn: 2, over: true, .. }));
}

#[test]
fn time_to_mine_counts_the_hosts_cap_once_it_is_fifty_turns_away() {
    let common = Common { turn_cap: Some(60), ..Common::default() };
    let mut t = Table::generated(Params { n: 8, ..Params::default() }, 2, 5, common);
    assert_eq!(t.ok(0, "TIME TO MINE"), lines(&["UNKNOWN"]), "turn 1: 60 turns left, the cap too far to count");
    t.ticks(9);
    assert_eq!(t.ok(0, "TIME TO MINE"), lines(&["UNKNOWN"]), "turn 10: 51 left");
    t.tick();
    assert_eq!(t.ok(0, "TIME TO MINE"), lines(&["50"]), "turn 11: 50 left, the last of them turn 60");
    t.ticks(49);
    assert_eq!(t.ok(0, "TIME TO MINE"), lines(&["1"]), "turn 60, the last");
    assert!(matches!(t.tick(), Outcome::Turn { turn: 60, over: true, .. }));
}

#[test]
fn time_to_mine_is_the_nearer_of_the_known_end_and_the_cap() {
    // Everything mined at once: the game's own end is 50 turns after turn 1; a cap at 20 is nearer.
    let mut t = one_unit_of_metal();
    t.state.common.turn_cap = Some(20);
    t.ok(0, "MINE 1");
    t.ticks(3);
    assert_eq!(t.ok(0, "TIME TO MINE"), lines(&["17"]), "turn 4: the cap's 17, not the game's 50");
    t.state.common.turn_cap = Some(100);
    assert_eq!(t.ok(0, "TIME TO MINE"), lines(&["50"]), "a far cap leaves the game's own");
}

#[test]
fn a_generated_game_starts_every_team_alike() {
    let t = Table::generated(Params { n: 10, profile: Profile::Layers, ..Params::default() }, 4, 11, Common::default());
    let fleets: Vec<Vec<Kind>> = t.state.game.teams.iter().map(|team| team.robots.iter().map(|r| r.kind).collect()).collect();
    assert!(fleets.windows(2).all(|w| w[0] == w[1]));
    let starts: Vec<Pos> = t.state.game.teams.iter().map(|team| team.robots[0].pos).collect();
    assert!(t.state.game.teams.iter().all(|team| team.robots.iter().all(|r| r.pos == team.robots[0].pos)));
    let mut distinct = starts.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 4);
    assert_eq!(Fedrunek::scores(&t.state), vec![20_000_000; 4]);
}

#[test]
fn a_team_knows_what_its_answers_told_it() {
    let mut t = two_teams();
    let initial = t.state.clone();
    t.ok(0, "INFO 1");
    t.ok(1, "FINANCIAL REPORT"); // a command of team 1: nothing for team 0 to learn
    let k = Knowledge::of_team(&initial, &t.steps, 0);
    assert_eq!(k.fields.get(&Pos::new(2, 3, 3)), Some(&Seen::Underground { stone: true, metals: [2, 0, 1], tunnel: Some(false) }));
    assert_eq!(k.fields.get(&Pos::new(1, 3, 4)), Some(&Seen::Surface("STATION".into())));
    assert_eq!(k.fields.len(), 6, "seven lines, one NIL");
    assert!(Knowledge::of_team(&initial, &t.steps, 1).fields.is_empty());
}

/// Whether `answer` is exactly as long as a client reading `line`'s answer expects.
fn complete(line: &str, answer: &[String]) -> bool {
    let shape = Fedrunek::answer_lines(line);
    kibitz_deadline24::answer_length(shape, answer) == Some(answer.len())
}

#[test]
fn a_client_knows_where_every_answer_ends() {
    let mut t = two_teams();
    let script = [
        "DESCRIBE WORLD",
        "TIME TO MINE",
        "LIST STATIONS",
        "LIST WORKSHOPS",
        "LIST SCOUTS",
        "LIST MINERS",
        "FINANCIAL REPORT",
        "INFO 1",
        "STORAGE 1",
        "YIELD LAST PUSH 2",
        "YIELD LAST SCAN 2",
        "DRILL 1 1 0 0",
        "SCAN 2",
        "MOVE 3 0 1 0",
        "BUY 1 5 5 SCOUT",
        "NONSENSE",
    ];
    for line in script {
        let answer = t.send(0, line);
        assert!(complete(line, &answer), "{line} → {answer:?}");
    }
    t.ticks(20);
    for line in ["YIELD LAST SCAN 2", "PUSH 2 4", "MOVE 1 1 0 0", "WAIT"] {
        let answer = t.send(0, line);
        assert!(complete(line, &answer), "{line} → {answer:?}");
    }
    t.ticks(20);
    for line in ["YIELD LAST PUSH 2", "MINE 1", "UPGRADE 3 DRILL", "INFO 3"] {
        let answer = t.send(0, line);
        assert!(complete(line, &answer), "{line} → {answer:?}");
    }
    // Over the command limit: warning, then forced waiting (two lines).
    let mut flood = two_teams();
    for k in 0..=201 {
        let answer = flood.send(0, "TIME TO MINE");
        assert!(complete("TIME TO MINE", &answer), "command {k} → {answer:?}");
    }
}

#[test]
fn every_answer_of_the_bundled_replay_ends_where_a_client_expects() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../../replays/fedrunek-greedy-vs-python.jsonl");
    let text = std::fs::read_to_string(path).unwrap();
    let replay = kibitz_core::Replay::<Fedrunek>::parse(&text).unwrap().replay;
    let mut answers = 0;
    for record in &replay.records {
        if let (Some(command), Outcome::Answer { lines, .. }) = (&record.action, &record.outcome) {
            assert!(complete(&command.line, &lines.to_vec()), "step {}: {} → {lines:?}", record.step, command.line);
            answers += 1;
        }
    }
    assert!(answers > 1000, "the replay has {answers} answers");
}
