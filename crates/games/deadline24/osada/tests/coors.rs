//! The coors' strategies in scenarios (a thief's shortest way in and out, a slasher's lock, a
//! marauder that never meets a troop), the dominant share of each server profile, and random
//! command streams that re-simulate to the same answers whatever their arrival times.

mod common;

use common::*;
use kibitz_core::{Game, Step};
use kibitz_deadline24::{Command, Common, Outcome};
use kibitz_osada::settlement::{NEIGHBOURS, Settlement, Terrain, Xy};
use kibitz_osada::state::{Strategy, Target};
use kibitz_osada::{Event, Osada, Params, Profile, Setup};
use proptest::prelude::{Just, ProptestConfig, any, prop_assert_eq, prop_oneof, proptest};
use proptest::strategy::Strategy as _;

/// Steps between two fields over fields that are not blocked, by a search of the test's own.
fn steps(s: &Settlement, from: Xy, to: impl Fn(Xy) -> bool) -> u32 {
    let mut seen = vec![false; s.terrain.len()];
    let mut layer = vec![from];
    seen[s.index(from)] = true;
    for d in 0.. {
        if layer.iter().any(|&f| to(f)) {
            return d;
        }
        let mut next = Vec::new();
        for (x, y) in layer {
            for (dx, dy) in NEIGHBOURS {
                let g = (x + dx, y + dy);
                if s.terrain(g).is_some_and(|t| t != Terrain::Blocked) && !seen[s.index(g)] {
                    seen[s.index(g)] = true;
                    next.push(g);
                }
            }
        }
        layer = next;
    }
    unreachable!()
}

/// Moves every troop of team 0 to `at`.
fn park(p: &mut Play, at: Xy) {
    for id in 1..=3 {
        p.game().put_troop(0, id, at).unwrap();
    }
}

#[test]
fn a_thief_walks_a_shortest_way_to_its_mast_takes_the_banner_and_leaves_by_the_nearest_border() {
    // A wall between the thief and the mast.
    let wall: Vec<Xy> = (18..=42).map(|y| (20, y)).collect();
    let s = settlement(64, &wall, &[], &[((30, 30), Some((31, 31)))]);
    let mut p = Play::new(quiet(s.clone()), 1);
    park(&mut p, (60, 60));
    let thief = p.game().put_coor((10, 30), Strategy::Thief).unwrap();
    let way_in = steps(&s, (10, 30), |f| f == (30, 30));
    let mut rounds = 0;
    let mut taken_at = None;
    let mut left_at = None;
    while left_at.is_none() && rounds < 200 {
        rounds += 1;
        let report = p.tick();
        if report.coors.events.contains(&Event::Taken { team: 0, coor: thief }) {
            taken_at = Some(rounds);
        }
        if report.coors.events.contains(&Event::Left { coor: thief }) {
            assert!(report.coors.events.contains(&Event::Lost { team: 0 }));
            left_at = Some(rounds);
        }
    }
    assert_eq!(taken_at, Some(way_in), "the thief reached the mast in as many rounds as the shortest way has steps");
    let n = s.n as i32;
    let way_out = steps(&s, (30, 30), |(x, y)| x == 1 || y == 1 || x == n || y == n);
    // Out of the board one move after it stands on the border.
    assert_eq!(left_at, Some(way_in + way_out + 1));
    p.expect(0, "LOCATE BANNER", &["OK", "LOST"]);
}

#[test]
fn a_slasher_locks_on_the_nearest_troop_in_sight_and_chases_it() {
    let s = settlement(64, &[], &[], &[((50, 50), Some((51, 51)))]);
    let mut p = Play::new(quiet(s), 1);
    // The stormtrooper two fields away, the sniper and builder three.
    p.game().put_troop(0, 1, (22, 20)).unwrap();
    p.game().put_troop(0, 2, (17, 20)).unwrap();
    p.game().put_troop(0, 3, (20, 23)).unwrap();
    let slasher = p.game().put_coor((20, 20), Strategy::Slasher).unwrap();
    p.game().chance.force_outcomes([true]);
    p.tick();
    let coor = *p.game().coor(slasher).unwrap();
    assert_eq!(coor.target, Target::Beetle(0), "locked on troop 1, the nearest");
    let (x, y) = p.game().land.xy(coor.at);
    assert_eq!((x - 22).abs().max((y - 20).abs()), 1, "one step towards it: ({x}, {y})");
    // Next it goes into the stormtrooper's field and fights (the stormtrooper wins, forced).
    let report = p.tick();
    assert_eq!(report.coors.events, [Event::Kill { team: 0, coor: slasher, by: kibitz_osada::Weapon::Fight }]);
}

#[test]
fn a_marauder_never_enters_a_field_holding_troops() {
    let s = settlement(64, &[], &[], &[((50, 50), Some((51, 51)))]);
    let mut p = Play::new(quiet(s), 1);
    // Troops on three sides of the marauder's corner of the board.
    p.game().put_troop(0, 1, (3, 2)).unwrap();
    p.game().put_troop(0, 2, (2, 3)).unwrap();
    p.game().put_troop(0, 3, (4, 4)).unwrap();
    let marauder = p.game().put_coor((3, 3), Strategy::Marauder).unwrap();
    for round in 0..300 {
        let report = p.tick();
        assert!(!report.coors.events.iter().any(|e| matches!(e, Event::Died { .. } | Event::Kill { .. })), "round {round}: {report:?}");
        if p.game().coor(marauder).is_none() {
            break;
        }
    }
}

#[test]
fn the_dominant_strategy_makes_sixty_in_a_hundred_newcomers_on_each_profile() {
    for profile in [Profile::Slashers, Profile::Thieves, Profile::Marauders] {
        let params = Params { n: 64, spawn_base: 10_000.0, profile, ..Params::default() };
        let mut p = Play::new(params, 2);
        let report = p.tick();
        let spawned: Vec<Strategy> = report
            .coors
            .events
            .iter()
            .filter_map(|e| if let Event::Spawned { strategy, .. } = e { Some(*strategy) } else { None })
            .collect();
        assert!(spawned.len() > 9_500, "{}", spawned.len());
        let dominant = match profile {
            Profile::Slashers => Strategy::Slasher,
            Profile::Thieves => Strategy::Thief,
            Profile::Marauders => Strategy::Marauder,
        };
        let share = |k| spawned.iter().filter(|&&s| s == k).count() as f64 / spawned.len() as f64;
        assert!((share(dominant) - 0.6).abs() <= 0.02, "{profile:?}: {}", share(dominant));
        for other in [Strategy::Slasher, Strategy::Thief, Strategy::Marauder] {
            if other != dominant {
                assert!((share(other) - 0.2).abs() <= 0.02, "{profile:?}: {other:?} {}", share(other));
            }
        }
    }
}

/// What a client might send, chosen before the state is known: read against the state to a
/// line when it is sent.
#[derive(Debug, Clone)]
enum Intent {
    Move { team: usize, id: i64, dir: usize },
    Shoot { team: usize, id: i64, dx: i64, dy: i64 },
    Build { team: usize, id: i64, tower: bool },
    Ask { team: usize, what: usize, id: i64 },
    Wait { team: usize },
    Tick,
}

fn intent() -> impl proptest::strategy::Strategy<Value = Intent> {
    prop_oneof![
        4 => (0..3usize, 1..7i64, 0..8usize).prop_map(|(team, id, dir)| Intent::Move { team, id, dir }),
        2 => (0..3usize, 1..7i64, -3..=3i64, -3..=3i64).prop_map(|(team, id, dx, dy)| Intent::Shoot { team, id, dx, dy }),
        1 => (0..3usize, 1..7i64, any::<bool>()).prop_map(|(team, id, tower)| Intent::Build { team, id, tower }),
        3 => (0..3usize, 0..6usize, 0..8i64).prop_map(|(team, what, id)| Intent::Ask { team, what, id }),
        1 => (0..3usize).prop_map(|team| Intent::Wait { team }),
        2 => Just(Intent::Tick),
    ]
}

/// The step an intent makes in `state`.
fn step_of(state: &kibitz_deadline24::State<kibitz_osada::OsadaState>, intent: &Intent, at_us: u64) -> Step<Command> {
    let act = |team: usize, line: String| Step::Act { player: team, action: Some(Command { conn: 1, at_us, line }) };
    let game = &state.game;
    let xy = |team: usize, id: i64| game.troop(team, id).map(|t| game.land.xy(game.troops[t as usize].at)).unwrap_or((1, 1));
    match *intent {
        Intent::Move { team, id, dir } => {
            let (x, y) = xy(team, id);
            let (dx, dy) = NEIGHBOURS[dir];
            act(team, format!("MOVE {id} {} {}", x + dx, y + dy))
        }
        Intent::Shoot { team, id, dx, dy } => act(team, format!("SHOOT {id} {dx} {dy}")),
        Intent::Build { team, id, tower } => act(team, format!("BUILD {id} {}", if tower { "TOWER" } else { "TRAP" })),
        Intent::Ask { team, what, id } => {
            let (x, y) = xy(team, id.max(1));
            let line = match what {
                0 => format!("INFO {id}"),
                1 => "LIST TROOPS".to_string(),
                2 => format!("MAP {x} {y}"),
                3 => "LOCATE BANNER".to_string(),
                4 => "MEASURE GLORY".to_string(),
                _ => "TIME TO FIGHT".to_string(),
            };
            act(team, line)
        }
        Intent::Wait { team } => act(team, "WAIT".into()),
        Intent::Tick => Step::Tick,
    }
}

/// Plays the intents with arrival times from `times`; the steps and their outcomes, and the
/// scores at the end.
fn play(
    intents: &[Intent],
    times: &[u64],
    steps: Option<&[Step<Command>]>,
) -> (Vec<Step<Command>>, Vec<Outcome<kibitz_osada::TurnReport>>, Vec<i64>) {
    let params = Params { n: 64, stormtroopers: 2, builders: 2, snipers: 2, spawn_base: 3.0, ..Params::default() };
    let setup = Setup { common: Common { turn_ms: 1000, command_limit: 12, ..Common::default() }, game: params };
    let mut state = Osada::start(&setup, 3, 5).unwrap();
    let mut played = Vec::new();
    let mut outcomes = Vec::new();
    for (k, intent) in intents.iter().enumerate() {
        let mut step = match steps {
            Some(steps) => steps[k].clone(),
            None => step_of(&state, intent, 0),
        };
        if let Step::Act { action: Some(c), .. } = &mut step {
            c.at_us = times[k % times.len()];
        }
        outcomes.push(Osada::apply(&mut state, &step));
        played.push(step);
    }
    (played, outcomes, Osada::scores(&state))
}

/// An answer with the seconds `WAIT` and forced waiting print taken out.
fn timeless(outcome: &Outcome<kibitz_osada::TurnReport>) -> Outcome<kibitz_osada::TurnReport> {
    match outcome {
        Outcome::Answer { lines, holds } => {
            let kept = lines.iter().map(|l| if l.starts_with("WAITING ") || l.starts_with("FORCED WAITING ") { "…" } else { l }).collect();
            Outcome::Answer { lines: kept, holds: *holds }
        }
        other => other.clone(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_command_streams_resimulate_and_arrival_times_change_only_the_seconds_printed(
        intents in proptest::collection::vec(intent(), 1..300),
        times in proptest::collection::vec(0..1_000_000u64, 1..20),
    ) {
        let (steps, outcomes, scores) = play(&intents, &[0], None);
        // The same steps again: the same answers, byte for byte.
        let (_, again, scores_again) = play(&intents, &[0], Some(&steps));
        prop_assert_eq!(&again, &outcomes);
        prop_assert_eq!(&scores_again, &scores);
        // Other arrival times, the same order: only the seconds differ.
        let (_, retimed, scores_retimed) = play(&intents, &times, Some(&steps));
        prop_assert_eq!(&scores_retimed, &scores);
        for (a, b) in outcomes.iter().zip(&retimed) {
            prop_assert_eq!(timeless(a), timeless(b));
        }
    }
}
