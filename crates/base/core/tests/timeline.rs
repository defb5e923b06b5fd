//! The timeline against naive re-simulation, on a toy game whose state records its whole
//! history (so any mistake in keyframes or appended steps shows).

use kibitz_core::{Game, Step, Timeline};

#[path = "support/adders.rs"]
mod adders;

use adders::{Adders, Tally, steps};

/// Rounds in the toy match: more than any test here plays.
const ROUNDS: u32 = 100;

fn naive(steps: &[Step<i64>], upto: usize) -> Tally {
    let mut s = Adders::start(&ROUNDS, 2, 0).unwrap();
    for step in &steps[..upto] {
        Adders::apply(&mut s, step);
    }
    s
}

#[test]
fn every_state_matches_naive_re_simulation_for_any_keyframe_interval() {
    let all = steps(200);
    for interval in [1, 2, 7, 64, 500] {
        let timeline = Timeline::<Adders>::with_interval(Adders::start(&ROUNDS, 2, 0).unwrap(), all.clone(), interval);
        assert_eq!(timeline.len(), 200);
        for i in 0..=200 {
            assert_eq!(timeline.state_at(i), naive(&all, i), "interval {interval}, step {i}");
        }
        assert_eq!(timeline.state_at(10_000), naive(&all, 200), "seeking past the end clamps");
        assert_eq!(timeline.last_state(), &naive(&all, 200));
    }
}

#[test]
fn a_timeline_grown_step_by_step_equals_one_built_at_once() {
    let all = steps(150);
    let whole = Timeline::<Adders>::with_interval(Adders::start(&ROUNDS, 2, 0).unwrap(), all.clone(), 8);
    let mut grown = Timeline::<Adders>::with_interval(Adders::start(&ROUNDS, 2, 0).unwrap(), Vec::new(), 8);
    for (i, step) in all.iter().enumerate() {
        let outcome = *grown.push(step.clone());
        assert_eq!(outcome, whole.outcomes()[i]);
        assert_eq!(grown.last_state(), &naive(&all, i + 1));
    }
    for i in 0..=150 {
        assert_eq!(grown.state_at(i), whole.state_at(i), "step {i}");
        assert_eq!(grown.round_of_step(i), whole.round_of_step(i));
    }
}

#[test]
fn each_step_knows_its_round() {
    let all = steps(30);
    let timeline = Timeline::<Adders>::new(Adders::start(&ROUNDS, 2, 0).unwrap(), all);
    let rounds: Vec<u32> = (0..9).map(|i| timeline.round_of_step(i)).collect();
    assert_eq!(rounds, [0, 0, 0, 1, 1, 1, 2, 2, 2]);
}
