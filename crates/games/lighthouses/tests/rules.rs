//! The rules beyond the seed's worked examples: energy, keys, decay, connections, triangles.

mod common;

use common::lighthouse;
use kibitz_core::{Game, Step, ToMove};
use kibitz_lighthouses::{Command, Event, Lighthouses, Map, Outcome, Pos, Setup, State, Target};

/// An open 11×11 island with one lighthouse in the middle and two starts in corners.
fn open_map() -> Map {
    let mut rows = vec!["#############".to_string()];
    for y in (0..11).rev() {
        let row: String = (0..11)
            .map(|x| match (x, y) {
                (5, 5) => '!',
                (0, 0) => 'A',
                (10, 10) => 'B',
                _ => ' ',
            })
            .collect();
        rows.push(format!("#{row}#"));
    }
    rows.push("#############".to_string());
    Map::parse(&rows.join("\n")).unwrap()
}

fn connect(to: Pos) -> Command {
    Command::Connect { destination: Target::Cell(to) }
}

fn message(o: &Outcome) -> Option<&str> {
    match o {
        Outcome::Turn { success: false, message, .. } => message.as_deref(),
        _ => None,
    }
}

#[test]
fn energy_grows_by_floor_of_five_minus_distance_and_caps_at_100() {
    let mut s = State::new(&open_map(), 2, 100).unwrap();
    s.start_round();
    let c = Pos(6, 6); // the lighthouse, in map coordinates (border adds 1)
    let e = |s: &State, dx: i32, dy: i32| s.cell_energy(Pos(c.0 + dx, c.1 + dy));
    assert_eq!([e(&s, 0, 0), e(&s, 1, 0), e(&s, 1, 1), e(&s, 0, 4), e(&s, 3, 3), e(&s, 2, 3)], [5, 4, 3, 1, 0, 1]);
    for _ in 0..30 {
        s.start_round();
    }
    assert_eq!(e(&s, 0, 0), 100, "capped");
    assert_eq!(e(&s, 0, 4), 31);
}

#[test]
fn players_collect_their_cell_and_share_it_by_integer_division() {
    let mut s = State::new(&open_map(), 2, 100).unwrap();
    s.players[0].pos = Pos(7, 6); // 4 per round
    s.start_round();
    assert_eq!(s.players[0].energy, 4);
    assert_eq!(s.cell_energy(Pos(7, 6)), 0);
    s.players[1].pos = Pos(7, 7); // 3 per round
    s.players[0].pos = Pos(7, 7);
    s.start_round(); // the cell had 3 + 3 = 6 before collection
    assert_eq!((s.players[0].energy, s.players[1].energy), (4 + 3, 3));
    s.start_round(); // 3: each gets 1, one is lost
    assert_eq!((s.players[0].energy, s.players[1].energy), (8, 4));
    assert_eq!(s.cell_energy(Pos(7, 7)), 0);
}

#[test]
fn standing_on_a_lighthouse_gives_its_key_whoever_owns_it() {
    let mut s = State::new(&open_map(), 2, 100).unwrap();
    let k = lighthouse(&s, Pos(6, 6));
    s.lighthouses[k].owner = Some(1);
    s.lighthouses[k].energy = 500;
    s.players[0].pos = Pos(6, 6);
    s.start_round();
    assert!(s.players[0].keys[k]);
    assert!(!s.players[1].keys[k]);
}

/// Three lighthouses of player 0 forming a triangle, all keys held, standing on the first.
fn triangle_state() -> (State, [Pos; 3]) {
    let map = Map::parse(
        "##########\n\
         #    !   #\n\
         #        #\n\
         #        #\n\
         #        #\n\
         #A!    ! #\n\
         #B       #\n\
         ##########",
    )
    .unwrap();
    let mut s = State::new(&map, 2, 100).unwrap();
    let corners = [Pos(2, 2), Pos(7, 2), Pos(5, 6)];
    for p in corners {
        let k = lighthouse(&s, p);
        s.lighthouses[k].owner = Some(0);
        s.lighthouses[k].energy = 100;
        s.players[0].keys[k] = true;
    }
    s.players[0].pos = corners[0];
    (s, corners)
}

#[test]
fn three_connections_light_a_triangle_and_score_it_every_round() {
    let (mut s, [a, b, c]) = triangle_state();
    assert_eq!(message(&s.play(0, &connect(b))), None);
    s.players[0].pos = b;
    assert_eq!(message(&s.play(0, &connect(c))), None);
    s.players[0].pos = c;
    let out = s.play(0, &connect(a));
    let lit = out.events().iter().find_map(|e| match e {
        Event::Lit { cells, player: 0, .. } => Some(*cells),
        _ => None,
    });
    // Triangle (2,2),(7,2),(5,6), counted by hand with the top-left rule: the bottom edge
    // (rightwards) and the right edge (upwards) drop their centres, so row 2 lights nothing,
    // row 3 lights x = 3..=6, row 4 x = 4..=5 (x = 6 is on the right edge), row 5 x = 5, and the
    // apex (5,6) is on the right edge.
    assert_eq!(lit, Some(4 + 2 + 1));
    assert_eq!(s.triangles.len(), 1);
    assert!(s.players[0].keys.iter().all(|k| !k), "every key was spent");
    s.score_round();
    assert_eq!(s.players[0].score, 3 * 2 + 3 * 2 + 7);
}

#[test]
fn connect_checks_come_in_the_notes_order_with_the_engine_messages() {
    let (s0, [a, b, c]) = triangle_state();
    let mut s = s0.clone();
    s.players[0].pos = Pos(3, 3);
    assert_eq!(message(&s.play(0, &connect(b))), Some("Player must be located at the origin lighthouse"));
    let mut s = s0.clone();
    assert_eq!(message(&s.play(0, &connect(Pos(3, 3)))), Some("Destination must be an existing lighthouse"));
    let mut s = s0.clone();
    assert_eq!(
        message(&s.play(0, &Command::Connect { destination: Target::Other(serde_json::json!("north")) })),
        Some("Destination must be an existing lighthouse")
    );
    let mut s = s0.clone();
    let kb = lighthouse(&s, b);
    s.lighthouses[kb].owner = Some(1);
    assert_eq!(message(&s.play(0, &connect(b))), Some("Both lighthouses must be player-owned"));
    let mut s = s0.clone();
    s.players[0].keys[kb] = false;
    assert_eq!(message(&s.play(0, &connect(b))), Some("Player does not have the destination key"));
    let mut s = s0.clone();
    assert_eq!(message(&s.play(0, &connect(a))), Some("Cannot connect lighthouse to itself"));
    let mut s = s0.clone();
    s.play(0, &connect(b));
    s.players[0].keys[kb] = true;
    assert_eq!(message(&s.play(0, &connect(b))), Some("Connection already exists"));
    let _ = c;
}

#[test]
fn a_laser_may_not_pass_through_a_third_lighthouse_centre() {
    let map = Map::parse("#########\n#A! ! !B#\n#########").unwrap();
    let mut s = State::new(&map, 2, 10).unwrap();
    for k in 0..3 {
        s.lighthouses[k].owner = Some(0);
        s.lighthouses[k].energy = 10;
        s.players[0].keys[k] = true;
    }
    s.players[0].pos = Pos(2, 1);
    assert_eq!(message(&s.play(0, &connect(Pos(6, 1)))), Some("Connection cannot intersect a lighthouse"));
    assert_eq!(message(&s.play(0, &connect(Pos(4, 1)))), None, "neighbours along the line are fine");
}

#[test]
fn lasers_may_not_cross_anyone_elses_but_may_share_ends() {
    let map = Map::parse(
        "#######\n\
         #!   !#\n\
         #     #\n\
         #  !  #\n\
         #A   B#\n\
         #!   !#\n\
         #######",
    )
    .unwrap();
    let mut s = State::new(&map, 2, 10).unwrap();
    let [bl, br, mid, tl, tr] = [Pos(1, 1), Pos(5, 1), Pos(3, 3), Pos(1, 5), Pos(5, 5)];
    for (p, owner) in [(bl, 0), (tr, 0), (br, 1), (tl, 1), (mid, 1)] {
        let k = lighthouse(&s, p);
        s.lighthouses[k].owner = Some(owner);
        s.lighthouses[k].energy = 50;
        s.players[owner].keys[k] = true;
    }
    // br–tl passes through mid's centre.
    s.players[1].pos = br;
    assert_eq!(message(&s.play(1, &connect(tl))), Some("Connection cannot intersect a lighthouse"));
    // Player 1 connects br–mid; player 0's bl–tr then passes through mid too.
    assert_eq!(message(&s.play(1, &connect(mid))), None);
    s.players[0].pos = bl;
    assert_eq!(message(&s.play(0, &connect(tr))), Some("Connection cannot intersect a lighthouse"));
    // Without the middle lighthouse the two diagonals properly cross.
    let map = Map::parse(
        "#######\n\
         #!   !#\n\
         #     #\n\
         #     #\n\
         #A   B#\n\
         #!   !#\n\
         #######",
    )
    .unwrap();
    let mut s = State::new(&map, 2, 10).unwrap();
    for (p, owner) in [(bl, 0), (tr, 0), (br, 1), (tl, 1)] {
        let k = lighthouse(&s, p);
        s.lighthouses[k].owner = Some(owner);
        s.lighthouses[k].energy = 50;
        s.players[owner].keys[k] = true;
    }
    s.players[1].pos = br;
    assert_eq!(message(&s.play(1, &connect(tl))), None);
    s.players[0].pos = bl;
    assert_eq!(message(&s.play(0, &connect(tr))), Some("Connection cannot intersect another connection"));
    // Sharing an end is no crossing: the triangle tests connect lasers end to end.
}

#[test]
fn decay_neutralises_lighthouses_and_removes_their_connections_and_triangles() {
    let (mut s, [a, b, c]) = triangle_state();
    s.play(0, &connect(b));
    s.players[0].pos = b;
    s.play(0, &connect(c));
    s.players[0].pos = c;
    s.play(0, &connect(a));
    assert_eq!((s.connections.len(), s.triangles.len()), (3, 1));
    let ka = lighthouse(&s, a);
    s.lighthouses[ka].energy = 15;
    assert!(s.start_round().is_empty());
    assert_eq!(s.lighthouses[ka].energy, 5);
    let events = s.start_round();
    assert_eq!(events, vec![Event::Neutralised { lighthouse: a, by: None }]);
    assert_eq!(s.lighthouses[ka].owner, None);
    assert_eq!(s.connections.len(), 1, "only b–c is left");
    assert!(s.triangles.is_empty());
}

#[test]
fn moves_stay_on_the_island() {
    let mut s = State::new(&open_map(), 2, 10).unwrap();
    assert_eq!(s.players[0].pos, Pos(1, 1));
    assert_eq!(message(&s.play(0, &Command::Move { x: -1, y: 0 })), Some("Target pos is not in island"));
    assert_eq!(message(&s.play(0, &Command::Move { x: 2, y: 0 })), Some("Delta must be 1 cell away"));
    assert_eq!(message(&s.play(0, &Command::Move { x: 1, y: 1 })), None);
    assert_eq!(s.players[0].pos, Pos(2, 2));
}

#[test]
fn a_round_is_a_start_tick_one_turn_per_player_and_an_end_tick() {
    let setup = Setup { map: open_map(), rounds: 2 };
    let mut s = Lighthouses::start(&setup, 2, 0).unwrap();
    let mut seen = Vec::new();
    loop {
        let next = Lighthouses::to_move(&s);
        seen.push(next);
        let step = match next {
            ToMove::Over => break,
            ToMove::Tick => Step::Tick,
            ToMove::Player(p) => Step::Act { player: p, action: Some(Command::Pass) },
            ToMove::Anyone => unreachable!("lighthouses is sequential"),
        };
        Lighthouses::apply(&mut s, &step);
    }
    use ToMove::*;
    assert_eq!(seen, vec![Tick, Player(0), Player(1), Tick, Tick, Player(0), Player(1), Tick, Over]);
    assert_eq!(Lighthouses::round(&s), 2);
}

#[test]
fn a_step_out_of_order_changes_nothing_and_says_so() {
    let setup = Setup { map: open_map(), rounds: 2 };
    let mut s = Lighthouses::start(&setup, 2, 0).unwrap();
    let out = Lighthouses::apply(&mut s, &Step::Act { player: 1, action: Some(Command::Pass) });
    assert!(message(&out).unwrap().contains("out of order"));
    assert_eq!(Lighthouses::to_move(&s), ToMove::Tick);
}

#[test]
fn every_reference_map_loads_unchanged() {
    let Some(maps) = common::reference_maps() else { return };
    assert_eq!(maps.len(), 5, "grid, island, square, square_l, square_xl");
    for (name, text) in maps {
        let map = Map::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(map.start_count() >= 2, "{name}");
        assert!(!map.lighthouses().is_empty(), "{name}");
        assert_eq!(map.to_text().trim_end(), text.trim_end(), "{name} round-trips");
        State::new(&map, map.start_count(), 10).unwrap();
    }
}

#[test]
fn rounds_beyond_their_bound_cannot_start_a_match() {
    let most = kibitz_lighthouses::ROUNDS.max;
    for rounds in [0, most + 1, 1 << 31, u32::MAX] {
        let e = Lighthouses::start(&Setup { map: open_map(), rounds }, 2, 0).map(drop).unwrap_err();
        assert_eq!(e, format!("rounds {rounds}: must be 1 to {most}"));
    }
    assert!(Lighthouses::start(&Setup { map: open_map(), rounds: most }, 2, 0).is_ok());
}
