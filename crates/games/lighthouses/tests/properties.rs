//! Invariants that hold whatever the players do: cell energy stays in 0..=100, scores never
//! decrease, lasers never cross, only owned lighthouses are connected, and every triangle's
//! three sides exist.

use kibitz_core::{Game, Step, ToMove};
use kibitz_lighthouses::geometry::segments_cross;
use kibitz_lighthouses::{Lighthouses, Map, Setup, State};
use proptest::prelude::*;

#[path = "support/scripted.rs"]
mod scripted;
use scripted::command;

fn map() -> Map {
    Map::parse(
        "##############\n\
         #!   #   !   #\n\
         #  A    !  ! #\n\
         # !   ##   C #\n\
         #   !    !   #\n\
         #  B  !    D #\n\
         #!      !   !#\n\
         ##############\n",
    )
    .unwrap()
}

fn check(state: &State, previous_scores: &[i64]) {
    assert!(state.energy.iter().all(|&e| e <= 100));
    for (p, prev) in state.players.iter().zip(previous_scores) {
        assert!(p.score >= *prev, "scores never decrease");
        assert!(p.energy >= 0);
    }
    let pos = |k: usize| state.lighthouses[k].pos;
    for (i, &[a, b]) in state.connections.iter().enumerate() {
        let owner = state.lighthouses[a].owner;
        assert!(owner.is_some() && owner == state.lighthouses[b].owner, "lasers join one owner's lighthouses");
        for &[c, d] in &state.connections[i + 1..] {
            assert!(!segments_cross(pos(a), pos(b), pos(c), pos(d)), "lasers never cross");
        }
    }
    for t in &state.triangles {
        let [a, b, c] = t.vertices;
        assert!(state.connected(a, b) && state.connected(b, c) && state.connected(a, c));
        assert!(t.vertices.iter().all(|&v| state.lighthouses[v].owner == Some(t.owner)));
    }
    for lh in &state.lighthouses {
        assert_eq!(lh.owner.is_none(), lh.energy == 0, "neutral exactly when empty: {lh:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn invariants_hold_in_random_games(
        players in 2usize..=4,
        moves in prop::collection::vec((any::<u8>(), any::<i64>(), 0usize..1000), 400),
    ) {
        let setup = Setup { map: map(), rounds: 120 };
        let mut state = Lighthouses::start(&setup, players, 0).unwrap();
        let mut moves = moves.into_iter().cycle();
        let mut scores = vec![0; players];
        loop {
            let step = match Lighthouses::to_move(&state) {
                ToMove::Over => break,
                ToMove::Tick => Step::Tick,
                ToMove::Player(p) => {
                    let (kind, a, b) = moves.next().unwrap();
                    Step::Act { player: p, action: Some(command(&state, p, kind, a, b)) }
                }
                ToMove::Anyone => unreachable!(),
            };
            Lighthouses::apply(&mut state, &step);
            check(&state, &scores);
            scores = Lighthouses::scores(&state);
        }
        prop_assert_eq!(state.round, 120);
    }
}

#[test]
fn scripted_games_do_build_lasers_and_triangles() {
    // Guards the property test against testing nothing: the same generator, one fixed game.
    let setup = Setup { map: map(), rounds: 400 };
    let mut state = Lighthouses::start(&setup, 2, 0).unwrap();
    let (mut lasers, mut triangles) = (0, 0);
    for step in scripted::scripted_match(&setup, 2, 0) {
        Lighthouses::apply(&mut state, &step);
        lasers = lasers.max(state.connections.len());
        triangles = triangles.max(state.triangles.len());
    }
    assert!(lasers >= 2, "some lasers were built ({lasers})");
    assert!(triangles >= 1, "some triangles were lit ({triangles})");
}
