//! Hand play of osada without a window, on the seed's example settlement: the human's seat on a
//! hosted server (its own connection, the spectator feed), commands made by clicks
//! (`kibitz_osada::hand::click`) sent over it, the answers predicted from a copy of the game
//! agreeing with the server's, the host ending the turn, and the recorded game verifying.

use crate::common;

use kibitz::kit::deadline24::hand;
use kibitz::kit::deadline24::hosting::HostPlan;
use kibitz::kit::viewing::recorded::Recorded;
use kibitz_deadline24::{Common, Setup};
use kibitz_osada::hand::{Click, answer, click};
use kibitz_osada::{Osada, OsadaRules, Params, Settlement};
use std::sync::Arc;

#[test]
fn commands_made_by_clicks_are_answered_as_predicted_over_a_real_connection_and_the_game_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("hand.jsonl");
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/maps/osada/seed-example.txt")).unwrap();
    let settlement = Arc::new(Settlement::parse(&text).unwrap());
    let common = Common { turn_ms: 60_000, ..Common::default() };
    let game = Params {
        n: 100,
        stormtroopers: 1,
        builders: 1,
        snipers: 1,
        spawn_base: 0.0,
        spawn_growth: 0.0,
        settlement: Some(settlement),
        ..Params::default()
    };
    let plan = HostPlan { setup: Setup { common, game }, seed: 1, seats: vec![None], names: None, resume: None, paused: true };
    let mut seat = hand::seat::<OsadaRules>(plan, 0, &out).unwrap();
    let header = hand::header::<OsadaRules>(&seat).unwrap();
    assert!(header.setup.game.settlement.is_some(), "the header carries the settlement");
    let mut rec = Recorded::<Osada>::new("hand".into(), header, |_| bevy_egui::egui::Color32::WHITE).unwrap();

    // Click the troops' field twice (the builder, second in its queue), then the field at (6, 7);
    // and the mast, which the server refuses.
    let game = &rec.timeline.last_state().game;
    assert_eq!(click(game, 0, None, (5, 6)), Click::Select(1));
    assert_eq!(click(game, 0, Some(1), (5, 6)), Click::Select(2));
    let (Click::Send(to_mast), Click::Send(step)) = (click(game, 0, Some(2), (5, 5)), click(game, 0, Some(2), (6, 7))) else {
        panic!("two moves")
    };
    let predicted = [answer(rec.timeline.last_state(), 0, &to_mast), answer(rec.timeline.last_state(), 0, &step)];
    for command in [&to_mast, &step] {
        seat.send(command);
    }
    let got = common::answers(&mut seat, &mut rec, 2);
    assert_eq!((got[0].0.as_str(), got[1].0.as_str()), ("MOVE 2 5 5", "MOVE 2 6 7"));
    assert_eq!(got[0].1, predicted[0]);
    assert_eq!(got[1].1, predicted[1]);
    assert_eq!(got[0].1, ["FAILED 105 cannot move there"]);
    // The host ends the turn; the builder stands on (6, 7) and builds a tower there.
    seat.hosted.clock.end_turn();
    common::follow_until(&mut seat, &mut rec, |_, rec| rec.replay.records.iter().any(|r| r.player.is_none()));
    let at = rec.timeline.last_state().game.troops[1].at;
    assert_eq!(rec.timeline.last_state().game.land.xy(at), (6, 7));
    seat.send("BUILD 2 TOWER");
    let got = common::answers(&mut seat, &mut rec, 1);
    assert_eq!(got[0].1, ["OK", "BUILDING 4"]);

    seat.stop();
    common::follow_until(&mut seat, &mut rec, |seat, _| seat.ended.is_some());
    let ended = seat.ended.clone().unwrap();
    assert!(ended.contains("stopped by the user") && ended.contains("verifies ✔"), "{ended}");
}
