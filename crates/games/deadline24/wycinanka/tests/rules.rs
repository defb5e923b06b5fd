//! Wycinanka's rules command by command: the seed's worked example (spec §3.7), each error in
//! its order, points across three teams, turns and orders, and where every answer ends.

/// The same example over a real socket: the server, the seed's bytes, the replay.
#[path = "rules/server.rs"]
mod server;

use kibitz_core::rng::SplitMix64;
use kibitz_core::{Game, Step};
use kibitz_deadline24::{Command, Common, Fixed6, Outcome, State, answer_length};
use kibitz_wycinanka::graph::Graph;
use kibitz_wycinanka::rules::TurnReport;
use kibitz_wycinanka::sheet::{Order, Sheet};
use kibitz_wycinanka::{Params, Setup, World, Wycinanka, WycinankaState, world_of};
use std::sync::Arc;

struct Table {
    state: State<WycinankaState>,
}

impl Table {
    /// The seed's example: sheet N = 6 (edges 1–2, 4–2, 2–3, 3–4, 3–6, 4–5), T = 10, K = 1;
    /// order 1 a single edge (the seed leaves it open), order 2 the star of P = 10.
    fn seed_example(teams: usize) -> Self {
        let graph = Graph::new(6, vec![(1, 2), (4, 2), (2, 3), (3, 4), (3, 6), (4, 5)]);
        let sheet = Sheet { graph, positions: None };
        let orders = vec![
            Order { graph: Graph::new(2, vec![(1, 2)]), value: Fixed6::from_int(3) },
            Order { graph: Graph::new(4, vec![(1, 4), (2, 4), (3, 4)]), value: Fixed6::from_int(10) },
        ];
        let params = Params { turns: 5, ..Params::default() };
        let game = WycinankaState::new(sheet, orders, teams, params, SplitMix64::new(1));
        let common = Common { turn_ms: 10_000, ..Common::default() };
        Self { state: State { game, common, turn: 1, commands: vec![0; teams], over: false, paused: false } }
    }

    fn send(&mut self, team: usize, line: &str) -> Vec<String> {
        let step = Step::Act { player: team, action: Some(Command { conn: 1, at_us: 0, line: line.into() }) };
        let answer = Wycinanka::apply(&mut self.state, &step).lines().to_vec();
        // Every answer (none after the game's end) is as long as a client reading it expects.
        let shape = Wycinanka::answer_lines(line);
        let expected = if answer.is_empty() { None } else { Some(answer.len()) };
        assert_eq!(answer_length(shape, &answer), expected, "a client reads {line}'s answer to its end: {answer:?}");
        answer
    }

    fn tick(&mut self) -> Outcome<TurnReport> {
        Wycinanka::apply(&mut self.state, &Step::Tick)
    }
}

fn lines(text: &[&str]) -> Vec<String> {
    text.iter().map(|s| s.to_string()).collect()
}

#[test]
fn the_seeds_worked_example() {
    let mut t = Table::seed_example(3);
    assert_eq!(t.send(0, "DESCRIBE WORLD"), lines(&["OK", "6 6 10 1.000000", "1 2", "4 2", "2 3", "3 4", "3 6", "4 5"]));
    assert_eq!(t.send(0, "GET ORDER COUNT"), lines(&["OK", "2"]));
    assert_eq!(t.send(0, "DESCRIBE ORDER 2"), lines(&["OK", "4 3 10.000000 0", "1 4", "2 4", "3 4"]));
    assert_eq!(t.send(0, "COMMIT SOLUTION 2 4 1 1 4 2"), lines(&["FAILED 104 your solution contains duplicate vertex id"]));
    // W1: the formula, not the seed's printed 7.500000.
    assert_eq!(t.send(0, "COMMIT SOLUTION 2 4 1 3 4 2"), lines(&["OK", "ACCEPTED 10.000000"]));
    // Follow-on checks.
    assert_eq!(t.send(0, "COMMIT SOLUTION 2 4 1 3 4 2"), lines(&["FAILED 102 you have already answered this order"]));
    assert_eq!(t.send(0, "DESCRIBE ORDER 2"), lines(&["OK", "4 3 10.000000 1", "1 4", "2 4", "3 4"]));
    assert_eq!(t.send(0, "GET SCORE"), lines(&["OK", "10.000000"]));
    assert_eq!(t.send(1, "COMMIT SOLUTION 2 4 5 6 2 3"), lines(&["OK", "INCORRECT"]));
    assert_eq!(t.send(1, "COMMIT SOLUTION 2 4 2 6 4 3"), lines(&["OK", "ACCEPTED 9.000000"]));
    assert_eq!(t.send(2, "COMMIT SOLUTION 2 3 1 3 4"), lines(&["FAILED 105 the size of your solution is incorrect"]));
    assert_eq!(t.send(2, "COMMIT SOLUTION 2 4 1 3 4 7"), lines(&["FAILED 103 your solution contains incorrect vertex id"]));
    assert_eq!(t.send(2, "DESCRIBE ORDER 3"), lines(&["FAILED 101 incorrect order identifier"]));
}

#[test]
fn a_team_lists_the_orders_it_has_answered() {
    let mut t = Table::seed_example(2);
    assert_eq!(t.send(0, "LIST ANSWERED ORDERS"), lines(&["OK", "0"]));
    assert_eq!(t.send(0, "COMMIT SOLUTION 2 4 1 3 4 2"), lines(&["OK", "ACCEPTED 10.000000"]));
    assert_eq!(t.send(1, "COMMIT SOLUTION 1 2 1 2"), lines(&["OK", "ACCEPTED 3.000000"]));
    assert_eq!(t.send(0, "COMMIT SOLUTION 1 2 5 6"), lines(&["OK", "INCORRECT"]));
    assert_eq!(t.send(0, "LIST ANSWERED ORDERS"), lines(&["OK", "1", "2"]), "an incorrect solution answers nothing");
    assert_eq!(t.send(0, "COMMIT SOLUTION 1 2 2 1"), lines(&["OK", "ACCEPTED 2.700000"]));
    assert_eq!(t.send(0, "LIST  ANSWERED\tORDERS"), lines(&["OK", "2", "1", "2"]));
    assert_eq!(t.send(1, "LIST ANSWERED ORDERS"), lines(&["OK", "1", "1"]), "each team its own");
    assert_eq!(t.send(1, "LIST ANSWERED ORDERS 1"), lines(&["FAILED 4 too many arguments"]));
}

#[test]
fn commit_errors_come_in_the_specs_order() {
    let mut t = Table::seed_example(2);
    let fail = |code: u16, m: &str| vec![format!("FAILED {code} {m}")];
    assert_eq!(t.send(0, "COMMIT SOLUTION"), fail(3, "bad format"));
    assert_eq!(t.send(0, "COMMIT SOLUTION 2"), fail(3, "bad format"));
    assert_eq!(t.send(0, "COMMIT SOLUTION 9 x"), fail(3, "bad format"), "a word that is not an integer, before the ID's check");
    assert_eq!(t.send(0, "COMMIT SOLUTION 9 4 1 1 1 1"), fail(101, "incorrect order identifier"));
    assert_eq!(t.send(0, "COMMIT SOLUTION 0 4 1 2 3 4"), fail(101, "incorrect order identifier"));
    assert_eq!(t.send(0, "COMMIT SOLUTION 2 4 1 9 9"), fail(105, "the size of your solution is incorrect"), "105 before 103 and 104");
    assert_eq!(t.send(0, "COMMIT SOLUTION 2 4 1 2 3 4 5"), fail(105, "the size of your solution is incorrect"), "never 4");
    assert_eq!(t.send(0, "COMMIT SOLUTION 2 4 0 0 0 0"), fail(103, "your solution contains incorrect vertex id"), "103 before 104");
    assert_eq!(t.send(0, "COMMIT SOLUTION 1 2 1 2"), lines(&["OK", "ACCEPTED 3.000000"]));
    assert_eq!(t.send(0, "COMMIT SOLUTION 1 9"), fail(102, "you have already answered this order"), "102 before 105");
    assert_eq!(t.send(0, "DESCRIBE ORDER"), fail(3, "bad format"));
    assert_eq!(t.send(0, "DESCRIBE ORDER 1 2"), fail(4, "too many arguments"));
    assert_eq!(t.send(0, "GET SCORE now"), fail(4, "too many arguments"));
    assert_eq!(t.send(0, "CUT EVERYTHING"), fail(2, "unknown command"));
}

#[test]
fn points_fall_by_a_tenth_for_each_team_that_came_before() {
    let mut t = Table::seed_example(4);
    // Every vertex of sheet edge 3–4 will do for order 1, a single edge worth 3.
    assert_eq!(t.send(2, "COMMIT SOLUTION 1 2 3 4"), lines(&["OK", "ACCEPTED 3.000000"]));
    assert_eq!(t.send(0, "COMMIT SOLUTION 1 2 1 3"), lines(&["OK", "INCORRECT"]), "an incorrect try does not count");
    assert_eq!(t.send(0, "COMMIT SOLUTION 1 2 4 3"), lines(&["OK", "ACCEPTED 2.700000"]));
    assert_eq!(t.send(3, "COMMIT SOLUTION 1 2 2 1"), lines(&["OK", "ACCEPTED 2.430000"]));
    assert_eq!(t.send(1, "COMMIT SOLUTION 2 4 1 3 4 2"), lines(&["OK", "ACCEPTED 10.000000"]), "each order counts its own teams");
    assert_eq!(t.send(1, "COMMIT SOLUTION 1 2 6 3"), lines(&["OK", "ACCEPTED 2.187000"]));
    assert_eq!(t.send(1, "GET SCORE"), lines(&["OK", "12.187000"]));
    assert_eq!(t.send(1, "DESCRIBE ORDER 1"), lines(&["OK", "2 1 3.000000 4", "1 2"]));
    let scores = Wycinanka::scores(&t.state);
    assert_eq!(scores, vec![2_700_000, 12_187_000, 3_000_000, 2_430_000], "results in millionths, × K = 1");
}

#[test]
fn time_to_cut_counts_the_hosts_cap_when_it_ends_the_game_sooner() {
    let mut t = Table::seed_example(1);
    t.state.common.turn_cap = Some(3);
    assert_eq!(t.send(0, "TIME TO CUT"), lines(&["OK", "3"]), "turn 1: the cap's 3, not the game's 5");
    t.tick();
    t.tick();
    assert_eq!(t.send(0, "TIME TO CUT"), lines(&["OK", "1"]), "turn 3, the last");
    assert!(matches!(t.tick(), Outcome::Turn { turn: 3, over: true, .. }));
    let mut t = Table::seed_example(1);
    t.state.common.turn_cap = Some(9);
    assert_eq!(t.send(0, "TIME TO CUT"), lines(&["OK", "5"]), "a later cap leaves the game's own");
}

#[test]
fn every_turn_brings_one_to_three_orders_and_the_game_ends_after_its_last() {
    let mut t = Table::seed_example(1);
    assert_eq!(t.send(0, "TIME TO CUT"), lines(&["OK", "5"]));
    let mut count = 2;
    for turn in 1..=4 {
        let Outcome::Turn { report, over: false, .. } = t.tick() else { panic!("turn {turn} ends, the game goes on") };
        assert!((1..=3).contains(&report.new_orders.len()), "{report:?}");
        let ids: Vec<u32> = (count + 1..=count + report.new_orders.len() as u32).collect();
        assert_eq!(report.new_orders, ids, "new orders are numbered on");
        count += report.new_orders.len() as u32;
        assert_eq!(t.send(0, "GET ORDER COUNT"), lines(&["OK", &count.to_string()]));
        assert_eq!(t.send(0, "TIME TO CUT"), lines(&["OK", &(5 - turn).to_string()]));
    }
    assert!(matches!(t.tick(), Outcome::Turn { turn: 5, over: true, .. }));
    assert!(t.send(0, "GET SCORE").is_empty(), "nothing is answered after the end");
}

#[test]
fn a_generated_game_starts_with_its_initial_orders_and_a_seed_means_one_game() {
    let setup = Setup { common: Common::default(), game: Params { width: 12, height: 10, initial_orders: 3, ..Params::default() } };
    let a = Wycinanka::start(&setup, 2, 5).unwrap();
    let b = Wycinanka::start(&setup, 2, 5).unwrap();
    assert_eq!(a.game.orders.len(), 3);
    assert_eq!(a.game.sheet.graph, b.game.sheet.graph);
    assert_eq!(a.game.orders, b.game.orders);
    assert_eq!(a.game.sheet.graph.n(), 120);
    let bad = Setup { common: Common::default(), game: Params { width: 1, ..Params::default() } };
    assert!(Wycinanka::start(&bad, 2, 5).is_err());
}

#[test]
fn the_command_limit_warns_then_forces_waiting_and_a_new_turn_lifts_it() {
    let mut t = Table::seed_example(2);
    for _ in 0..200 {
        assert_eq!(t.send(0, "GET SCORE"), lines(&["OK", "0.000000"]));
    }
    assert_eq!(t.send(0, "COMMIT SOLUTION 2 4 1 3 4 2"), lines(&["FAILED 6 commands limit reached, next call will force waiting"]));
    assert_eq!(
        t.send(0, "COMMIT SOLUTION 2 4 1 3 4 2"),
        lines(&["FAILED 7 commands limit reached, forced waiting activated", "FORCED WAITING 10.000000"])
    );
    // The other team is not limited, and its solution is the first.
    assert_eq!(t.send(1, "COMMIT SOLUTION 2 4 1 3 4 2"), lines(&["OK", "ACCEPTED 10.000000"]));
    t.tick();
    assert_eq!(t.send(0, "COMMIT SOLUTION 2 4 2 6 4 3"), lines(&["OK", "ACCEPTED 9.000000"]), "a new turn, a new count");
}

/// The orders of every turn of a game, as IDs per turn: what the turn ends reported.
fn orders_by_turn(setup: &Setup, seed: u64) -> (State<WycinankaState>, Vec<Vec<u32>>) {
    let mut state = Wycinanka::start(setup, 1, seed).unwrap();
    let mut by_turn = vec![(1..=state.game.orders.len() as u32).collect()];
    loop {
        match Wycinanka::apply(&mut state, &Step::Tick) {
            Outcome::Turn { over: true, .. } => return (state, by_turn),
            Outcome::Turn { report, .. } => by_turn.push(report.new_orders),
            other => panic!("a tick ends a turn: {other:?}"),
        }
    }
}

#[test]
fn a_game_on_the_world_file_of_a_generated_game_places_the_same_orders_at_the_same_turns() {
    let params = Params { width: 14, height: 9, turns: 12, ..Params::default() };
    let world = world_of(&params, 77).unwrap();
    let text = world.to_text();
    let read = World::parse(&text).unwrap();
    assert_eq!(read, world, "the text holds the whole world");
    let generated = Setup { common: Common::default(), game: params.clone() };
    // Another seed: with a world, the sheet and the listed orders do not depend on it.
    let on_file = Setup { common: Common::default(), game: Params { world: Some(Arc::new(read)), ..params } };
    let (a, a_turns) = orders_by_turn(&generated, 77);
    let (b, b_turns) = orders_by_turn(&on_file, 5);
    assert_eq!(a_turns.len(), 12);
    assert_eq!(a_turns, b_turns);
    assert_eq!(a.game.sheet, b.game.sheet);
    assert_eq!(a.game.orders, b.game.orders);
    assert!(a_turns.iter().all(|ids| !ids.is_empty()), "every turn gets an order");
}

#[test]
fn a_world_that_lists_no_orders_for_a_turn_gets_generated_ones_then() {
    let text = "sheet\n4 4\n1 2\n2 3\n3 4\n4 1\norder 1\n2 1 7\n1 2\norder 3\n3 2 9.5\n1 2\n2 3\n";
    let world = World::parse(text).unwrap();
    let setup = Setup {
        common: Common::default(),
        game: Params { turns: 4, min_order: 2, max_order: 3, world: Some(Arc::new(world)), ..Params::default() },
    };
    let (state, turns) = orders_by_turn(&setup, 1);
    assert_eq!(turns[0], vec![1], "turn 1: the one listed, not initial_orders");
    assert!((1..=3).contains(&turns[1].len()), "turn 2: generated");
    assert_eq!(turns[2].len(), 1, "turn 3: the one listed");
    let third = &state.game.orders[turns[2][0] as usize - 1];
    assert_eq!((third.turn, third.order.value), (3, Fixed6(9_500_000)));
    assert!((1..=3).contains(&turns[3].len()), "turn 4: generated");
    assert_eq!(state.game.orders[0].order.graph, Graph::new(2, vec![(1, 2)]));
    // Generated orders are cut from the world's sheet: never larger than it.
    assert!(state.game.orders.iter().all(|p| p.order.graph.n() <= 4));
}

#[test]
fn a_replay_header_keeps_the_world_as_its_text() {
    let world = World::parse("sheet\n2 1\n1 2\norder 1\n2 1 1\n1 2\n").unwrap();
    let params = Params { world: Some(Arc::new(world)), ..Params::default() };
    let json = serde_json::to_string(&params).unwrap();
    assert!(json.contains(r##""world":"# A wycinanka world"##), "{json}");
    assert_eq!(serde_json::from_str::<Params>(&json).unwrap(), params);
    assert!(!serde_json::to_string(&Params::default()).unwrap().contains("world"), "no world, no field: older replays read the same");
    let broken = json.replace("2 1\\n1 2\\norder", "2 1\\n1 3\\norder");
    let e = serde_json::from_str::<Params>(&broken).unwrap_err().to_string();
    assert!(e.contains("the world in the header, line 4"), "{e}");
}

/// Verification compares each recorded answer as the server writes it, and reads it only when
/// the texts differ: an answer written otherwise (spaces) still agrees, a changed one does not,
/// and one that cannot be read is damage at its line.
#[test]
fn a_replay_verifies_by_its_answers_whatever_their_spacing() {
    let setup = Setup { common: Common::default(), game: Params { width: 6, height: 6, turns: 3, ..Params::default() } };
    let command = |player, line: &str| Step::Act { player, action: Some(Command { conn: 1, at_us: 0, line: line.into() }) };
    let steps = [command(0, "GET ORDER COUNT"), command(1, "DESCRIBE ORDER 1"), Step::Tick, command(0, "GET SCORE")];
    let text = kibitz_bench::replay_text::<Wycinanka>(&setup, 5, 2, &steps);
    let check = |text: &str| kibitz_wycinanka::check_replay(text).unwrap();
    let checked = check(&text);
    assert!(checked.verdict.is_ok() && checked.damage.is_none() && checked.steps == 4, "{checked:?}");

    // Line 3 is the description of order 1: `["OK","V E P C",…]`.
    let on_line_3 = |from: &str, to: &str| {
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        assert!(lines[2].contains(from), "{}", lines[2]);
        lines[2] = lines[2].replacen(from, to, 1);
        lines.join("\n") + "\n"
    };
    let checked = check(&on_line_3(r#"{"answer":{"lines":["OK","#, r#"{"answer": {"lines": [ "OK" ,"#));
    assert!(checked.verdict.is_ok() && checked.damage.is_none(), "{checked:?}");

    match check(&on_line_3(r#"["OK",""#, r#"["OK","9"#)).verdict {
        Err(kibitz_core::verify::VerifyError::Disagrees(d)) => assert_eq!(d.line, 3, "{d}"),
        other => panic!("{other:?}"),
    }

    let checked = check(&on_line_3(r#"["OK","#, "[7,"));
    assert_eq!(checked.damage.as_ref().map(|d| d.line), Some(3), "{checked:?}");
    assert_eq!(checked.steps, 1, "the step before it was checked");
    assert!(checked.verdict.is_ok());
}

/// Verification writes each simulated outcome itself (`Game::write_outcome`) and compares the
/// bytes with the record: whatever the outcome, those bytes are serde_json's.
#[test]
fn outcomes_are_written_as_serde_writes_them() {
    let setup = Setup { common: Common::default(), game: Params { width: 6, height: 6, turns: 3, ..Params::default() } };
    let mut state = Wycinanka::start(&setup, 2, 5).unwrap();
    let command = |player, line: &str| Step::Act { player, action: Some(Command { conn: 1, at_us: 0, line: line.into() }) };
    let steps = [
        command(0, "DESCRIBE WORLD"),
        command(1, "DESCRIBE ORDER 1"),
        command(0, "DESCRIBE \"ORDER\" 1"),
        command(1, ""),
        command(0, "WAIT"),
        Step::Tick,
        command(1, "COMMIT SOLUTION 1 2 1 2"),
        command(5, "GET SCORE"),
    ];
    let mut outcomes: Vec<_> = steps.iter().map(|step| Wycinanka::apply(&mut state, step)).collect();
    outcomes.push(Outcome::Answer { lines: ["OK", "say \"hi\"", "tab\there", ""].into(), holds: true });
    outcomes.push(Outcome::Answer { lines: ["OK", ""].into(), holds: true });
    for outcome in &outcomes {
        let mut written = b"[".to_vec();
        Wycinanka::write_outcome(outcome, &mut written);
        assert_eq!(String::from_utf8(written).unwrap(), format!("[{}", serde_json::to_string(outcome).unwrap()));
    }
    let holds = outcomes.iter().filter(|o| o.holds()).count();
    let turns = outcomes.iter().filter(|o| matches!(o, Outcome::Turn { .. })).count();
    let nothing = outcomes.iter().filter(|o| matches!(o, Outcome::Nothing)).count();
    assert_eq!((holds, turns, nothing), (3, 1, 2), "{outcomes:?}");
}

/// A replay keeps only its seed: the sheet and every order must be drawn as they were when it
/// was recorded. The bundled replay (real solver bots, 40 turns, 477 commands, a hundred and sixty orders
/// described) re-simulates to its recorded answers only if they are.
#[test]
fn the_bundled_replay_is_drawn_again_as_it_was_recorded() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../../replays/wycinanka-solvers.jsonl");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let checked = kibitz_wycinanka::check_replay(&text).unwrap();
    assert!(checked.damage.is_none(), "{:?}", checked.damage);
    let verified = checked.verdict.unwrap_or_else(|e| panic!("{e}"));
    assert!(verified.finished && checked.steps > 400, "{verified:?}, {} steps", checked.steps);
}
