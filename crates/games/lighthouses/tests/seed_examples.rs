//! Every worked example of seed 000 (Faros Laser v0.7), as a test.

mod common;

use common::{lighthouse, seed_map};
use kibitz_core::BotProtocol;
use kibitz_lighthouses::{Command, Lighthouses, Outcome, Pos, State};
use serde_json::{Value, json};

/// A lighthouse owned by player 1 with `energy`, attacked by player 0 with 80.
fn attack_by_80(owner: Option<usize>, energy: i64) -> (Option<usize>, i64) {
    let mut s = State::new(&seed_map(), 2, 10).unwrap();
    let k = lighthouse(&s, Pos(1, 1));
    s.lighthouses[k].owner = owner;
    s.lighthouses[k].energy = energy;
    s.players[0].pos = Pos(1, 1);
    s.players[0].energy = 100;
    let outcome = s.play(0, &Command::Attack { energy: 80 });
    assert!(matches!(outcome, Outcome::Turn { success: true, .. }), "{outcome:?}");
    assert_eq!(s.players[0].energy, 20, "the attacker pays the whole amount");
    (s.lighthouses[k].owner, s.lighthouses[k].energy)
}

#[test]
fn attack_examples_of_the_seed() {
    // "controlled by another player with energy 50: now the attacker's, with 30"
    assert_eq!(attack_by_80(Some(1), 50), (Some(0), 30));
    // "another player with energy 90: still theirs, with 10"
    assert_eq!(attack_by_80(Some(1), 90), (Some(1), 10));
    // "the current player with energy 40: 120"
    assert_eq!(attack_by_80(Some(0), 40), (Some(0), 120));
    // "another player with energy 80: neutral, energy 0"
    assert_eq!(attack_by_80(Some(1), 80), (None, 0));
    // A neutral lighthouse takes the whole amount.
    assert_eq!(attack_by_80(None, 0), (Some(0), 80));
}

#[test]
fn attack_is_capped_at_the_players_energy_and_zero_changes_nothing() {
    let mut s = State::new(&seed_map(), 2, 10).unwrap();
    let k = lighthouse(&s, Pos(1, 1));
    s.players[0].pos = Pos(1, 1);
    s.players[0].energy = 25;
    s.play(0, &Command::Attack { energy: 1000 });
    assert_eq!((s.lighthouses[k].owner, s.lighthouses[k].energy, s.players[0].energy), (Some(0), 25, 0));
    let mut t = State::new(&seed_map(), 2, 10).unwrap();
    t.players[0].pos = Pos(1, 1);
    t.play(0, &Command::Attack { energy: 0 });
    assert_eq!(t.lighthouses[k].owner, None, "attacking with 0 is a pass");
}

#[test]
fn losing_a_lighthouse_destroys_its_connections() {
    let mut s = State::new(&seed_map(), 2, 10).unwrap();
    let (a, b) = (lighthouse(&s, Pos(1, 1)), lighthouse(&s, Pos(1, 3)));
    for k in [a, b] {
        s.lighthouses[k].owner = Some(1);
        s.lighthouses[k].energy = 50;
    }
    s.connections.push([a.min(b), a.max(b)]);
    s.players[0].pos = Pos(1, 1);
    s.players[0].energy = 50;
    s.play(0, &Command::Attack { energy: 50 });
    assert_eq!(s.lighthouses[a].owner, None);
    assert!(s.connections.is_empty());
}

#[test]
fn the_init_message_of_the_seed() {
    let s = State::new(&seed_map(), 2, 10).unwrap();
    let line = &Lighthouses::init_lines(&s, 0)[0];
    assert!(!line.contains('\n'), "one line");
    let mut got: Value = serde_json::from_str(line).unwrap();
    let expected = json!({
        "player_num": 0,
        "player_count": 2,
        "position": [1, 2],
        "map": [
            [0, 0, 0, 0, 0],
            [0, 1, 1, 1, 0],
            [0, 1, 1, 0, 0],
            [0, 1, 1, 0, 0],
            [0, 0, 0, 0, 0]],
        // The seed lists [2,3] before [1,3]; the contest engine sends reading order.
        "lighthouses": [[1, 1], [3, 1], [1, 3], [2, 3]]
    });
    assert_eq!(got, expected);
    got["player_num"] = json!(1);
    assert_eq!(serde_json::from_str::<Value>(&Lighthouses::init_lines(&s, 1)[0]).unwrap()["position"], json!([2, 2]));
}

/// The state the seed's turn example describes.
fn seed_turn_state() -> State {
    let mut s = State::new(&seed_map(), 2, 10).unwrap();
    let set = |s: &mut State, p: Pos, owner: Option<usize>, energy: i64| {
        let k = lighthouse(s, p);
        s.lighthouses[k].owner = owner;
        s.lighthouses[k].energy = energy;
    };
    set(&mut s, Pos(1, 1), Some(0), 30);
    set(&mut s, Pos(2, 3), Some(1), 90);
    set(&mut s, Pos(1, 3), Some(0), 50);
    let (a, b) = (lighthouse(&s, Pos(1, 1)), lighthouse(&s, Pos(1, 3)));
    s.connections.push([a.min(b), a.max(b)]);
    s.players[0].pos = Pos(1, 3);
    s.players[0].score = 36;
    s.players[0].energy = 66;
    s.players[0].keys[b] = true;
    for (p, e) in [(Pos(1, 1), 50), (Pos(2, 1), 23), (Pos(3, 1), 50), (Pos(1, 2), 32), (Pos(2, 2), 41), (Pos(2, 3), 50)] {
        let i = s.map().index(p).unwrap();
        s.energy[i] = e;
    }
    s
}

#[test]
fn the_turn_message_of_the_seed() {
    let s = seed_turn_state();
    let got: Value = serde_json::from_str(&Lighthouses::turn_lines(&s, 0)[0]).unwrap();
    assert_eq!(got["position"], json!([1, 3]));
    assert_eq!(got["score"], json!(36));
    assert_eq!(got["energy"], json!(66));
    assert_eq!(
        got["view"],
        json!([
            [-1, -1, -1, 0, -1, -1, -1],
            [-1, 0, 0, 50, 23, 50, -1],
            [-1, 0, 0, 32, 41, 0, -1],
            [0, 0, 0, 0, 50, 0, 0],
            [-1, 0, 0, 0, 0, 0, -1],
            [-1, 0, 0, 0, 0, 0, -1],
            [-1, -1, -1, 0, -1, -1, -1]
        ])
    );
    let expected = [
        json!({"position": [1, 1], "owner": 0, "energy": 30, "connections": [[1, 3]], "have_key": false}),
        json!({"position": [3, 1], "owner": -1, "energy": 0, "connections": [], "have_key": false}),
        json!({"position": [1, 3], "owner": 0, "energy": 50, "connections": [[1, 1]], "have_key": true}),
        json!({"position": [2, 3], "owner": 1, "energy": 90, "connections": [], "have_key": false}),
    ];
    assert_eq!(got["lighthouses"].as_array().unwrap().as_slice(), &expected);
}

#[test]
fn six_points_per_round_for_player_0_and_two_for_player_1() {
    let mut s = seed_turn_state();
    s.players[0].score = 0;
    s.score_round();
    assert_eq!((s.players[0].score, s.players[1].score), (6, 2));
}

#[test]
fn the_seed_commands_are_answered_as_the_seed_shows() {
    let mut s = seed_turn_state();
    // Player 0 holds the key of (1,3), not of (1,1).
    let out = s.play(0, &Command::Connect { destination: kibitz_lighthouses::Target::Cell(Pos(1, 1)) });
    assert_eq!(
        Lighthouses::result_lines(&out),
        vec![r#"{"message":"Player does not have the destination key","success":false}"#.to_string()]
    );
    let out = s.play(0, &Command::Move { x: 1, y: 0 });
    assert_eq!(Lighthouses::result_lines(&out), vec![r#"{"success":true}"#.to_string()]);
    assert_eq!(s.players[0].pos, Pos(2, 3));
    // "move 0,0 is a pass"
    s.play(0, &Command::Move { x: 0, y: 0 });
    assert_eq!(s.players[0].pos, Pos(2, 3));
}

#[test]
fn the_view_example_is_what_the_engine_sends_for_the_player_cell_after_collection() {
    // "the player's own cell is always 0, as its energy was already collected"
    let mut s = State::new(&seed_map(), 2, 10).unwrap();
    s.start_round();
    let v = s.turn_view(0);
    assert_eq!(v.view[3][3], 0);
    assert!(v.energy > 0);
}
