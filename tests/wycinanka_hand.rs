//! Hand play of wycinanka without a window, on the seed's example world: the human's seat on a
//! hosted server (its own connection, the spectator feed), a solution placed vertex by vertex
//! and committed, the server's answers coming back whole, and the recorded game verifying.

use crate::common;

use kibitz::kit::deadline24::hand;
use kibitz::kit::deadline24::hosting::HostPlan;
use kibitz::kit::viewing::recorded::Recorded;
use kibitz_deadline24::{Common, Setup};
use kibitz_wycinanka::hand::Mapping;
use kibitz_wycinanka::{Params, World, Wycinanka, WycinankaRules};
use std::sync::Arc;

#[test]
fn a_solution_placed_by_hand_is_accepted_over_a_real_connection_and_the_game_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("hand.jsonl");
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/maps/wycinanka/seed-example.world")).unwrap();
    let world = Arc::new(World::parse(&text).unwrap());
    let common = Common { turn_ms: 60_000, ..Common::default() };
    let game = Params { turns: 5, world: Some(world), ..Params::default() };
    // The other team's client logs nobody in: the human races nobody.
    let seats = vec![None, Some("sleep 30 #".to_string())];
    let plan = HostPlan { setup: Setup { common, game }, seed: 1, seats, names: None, resume: None, paused: true };
    let mut seat = hand::seat::<WycinankaRules>(plan, 0, &out).unwrap();
    let header = hand::header::<WycinankaRules>(&seat).unwrap();
    assert!(header.setup.game.world.is_some(), "the header carries the world");
    let mut rec = Recorded::<Wycinanka>::new("hand".into(), header, |_| bevy_egui::egui::Color32::WHITE).unwrap();

    // The star of order 2 placed as the seed's example does, a wrong path for order 1.
    let mut star = Mapping::new(2, 4);
    for s in [1, 3, 4, 2] {
        star.place(s);
    }
    let mut path = Mapping::new(1, 3);
    for s in [1, 2, 5] {
        path.place(s);
    }
    for command in [star.command().unwrap(), path.command().unwrap(), "GET SCORE".into(), star.command().unwrap()] {
        seat.send(&command);
    }
    let got = common::answers(&mut seat, &mut rec, 4);
    let lines = |k: usize| got[k].1.iter().map(String::as_str).collect::<Vec<_>>();
    assert_eq!(got[0].0, "COMMIT SOLUTION 2 4 1 3 4 2");
    assert_eq!(lines(0), ["OK", "ACCEPTED 10.000000"]);
    assert_eq!(lines(1), ["OK", "INCORRECT"], "sheet 2–5 is no edge");
    assert_eq!(lines(2), ["OK", "10.000000"]);
    assert_eq!(lines(3), ["FAILED 102 you have already answered this order"]);
    // The feed brought the same steps, and the state holds the human's cut.
    common::follow_until(&mut seat, &mut rec, |_, rec| rec.timeline.len() >= 4);
    let state = &rec.timeline.last_state().game;
    assert_eq!(&*state.orders[1].cuts[0].map, &[1, 3, 4, 2]);
    assert!(state.orders[1].fulfilled_by(0) && !state.orders[0].fulfilled_by(0));

    seat.stop();
    common::follow_until(&mut seat, &mut rec, |seat, _| seat.ended.is_some());
    let ended = seat.ended.clone().unwrap();
    assert!(ended.contains("stopped by the user") && ended.contains("verifies ✔"), "{ended}");
    assert_eq!(rec.replay.end.as_ref().unwrap().scores, vec![10_000_000, 0]);
}
