//! The organisers' clarifications (reference README, "Rules and subtleties", items 2–9) and
//! the `Game` implementation.

mod common;

use common::{cells, game, problem};
use kibitz_core::{Game, Step, ToMove};
use kibitz_icfp2015::{
    Cell, Command, Cube, Direction, Ending, Event, GameError, Icfp2015, Next, Outcome, OutcomeEvent, Problem, Rules, Setup, State, Turn,
    score_solution,
};
use serde_json::json;
use std::sync::Arc;

fn board(width: u32, height: u32, filled: &[(i32, i32)], members: &[(i32, i32)], pivot: (i32, i32), length: u32) -> Problem {
    let cell = |&(x, y): &(i32, i32)| json!({"x": x, "y": y});
    problem(json!({
        "id": 3, "width": width, "height": height,
        "filled": filled.iter().map(cell).collect::<Vec<_>>(),
        "units": [{"members": members.iter().map(cell).collect::<Vec<_>>(), "pivot": cell(&pivot)}],
        "sourceLength": length, "sourceSeeds": [0, 5],
    }))
}

fn feed_all(s: &mut State, text: &str) -> Vec<Event> {
    text.chars().map(|c| s.feed(c)).collect()
}

fn all_moved(events: &[Event]) -> bool {
    events.iter().all(|e| matches!(e, Event::Moved(_)))
}

// Item 2: spawning.

#[test]
fn spawn_normalises_then_centres_ignoring_odd_row_jaggedness() {
    // A vertical pair (0,0)-(0,1): geometrically 1.5 cells wide, but "left-most" means the
    // smallest x, so on a width-5 board it sits at x = (5 - 1) / 2 = 2, not 1.
    let s = game(&board(5, 5, &[], &[(0, 0), (0, 1)], (0, 0), 1));
    assert_eq!(cells(s.members()), [(2, 0), (2, 1)]);
    // Problem 10's unit: members (2,0),(3,0), pivot (0,0). Normalised to (0,0),(1,0) with the
    // pivot at (-2,0), then moved east by (10 - 2) / 2 = 4.
    let p10 = board(10, 7, &[], &[(2, 0), (3, 0)], (0, 0), 1);
    let s = game(&p10);
    assert_eq!((cells(s.members()), s.pivot()), (vec![(4, 0), (5, 0)], Some(Cell::new(2, 0))));
    // A raw subtraction: the pivot moves with the members, whatever its row.
    let s = game(&board(6, 6, &[], &[(1, 3), (2, 3)], (1, 1), 1));
    assert_eq!((cells(s.members()), s.pivot()), (vec![(2, 0), (3, 0)], Some(Cell::new(2, -2))));
}

#[test]
fn problem_10_spawns_where_the_organisers_put_it() {
    let Some(problems) = common::problems() else { return };
    let rules = Rules::new::<&str>(problems[10].clone(), &[]).unwrap();
    assert_eq!(rules.spawn_cells(0), [Cell::new(4, 0), Cell::new(5, 0)]);
    assert_eq!(rules.spawn_pivot(0), Cell::new(2, 0));
}

// Item 4: rotation.

#[test]
fn rotation_teleports_over_full_cells() {
    // Members two cells east and west of the pivot turn to two cells SE and NW; the cells
    // they sweep past (E+SE and W+NW of the pivot) may be full.
    let members = [(0, 0), (4, 0)];
    let mut s = game(&board(9, 7, &[], &members, (2, 0), 1));
    assert!(all_moved(&feed_all(&mut s, "la")));
    let pivot = s.pivot().unwrap().cube();
    let at = |x, z| pivot.add(Cube::xz(x, z)).cell();
    assert_eq!(cells(s.members()), cells([at(-2, 0), at(2, 0)]));
    let swept = [at(1, 1), at(-1, -1)];
    let p = board(9, 7, &swept.map(|c| (c.x, c.y)), &members, (2, 0), 1);
    let mut s = game(&p);
    assert!(all_moved(&feed_all(&mut s, "al")), "the same place, around the swept cell at row 1");
    assert_eq!(s.pivot().unwrap().cube(), pivot);
    assert_eq!(s.feed('d'), Event::Moved(Command::Turn(Turn::Clockwise)), "the swept cells do not block");
    assert_eq!(cells(s.members()), cells([at(0, 2), at(0, -2)]), "two SE and two NW of the pivot");
}

#[test]
fn the_pivot_may_be_off_the_board_and_only_members_are_checked() {
    // One member, pivot six cells west of it: the pivot stays off the board.
    let p = board(7, 12, &[], &[(0, 0)], (-6, 0), 1);
    let mut s = game(&p);
    assert_eq!((cells(s.members()), s.pivot()), (vec![(3, 0)], Some(Cell::new(-3, 0))));
    assert!(all_moved(&feed_all(&mut s, "llll")));
    assert_eq!((cells(s.members()), s.pivot()), (vec![(5, 4)], Some(Cell::new(-1, 4))));
    assert_eq!(s.feed('d'), Event::Moved(Command::Turn(Turn::Clockwise)));
    assert_eq!(cells(s.members()), [(2, 10)], "six cells SE of the pivot");
    assert_eq!(s.members()[0], kibitz_icfp2015::hex::rotate_cell(Cell::new(5, 4), Cell::new(-1, 4), Turn::Clockwise));
    // Turning a member above row 0 locks, wherever the pivot is.
    let mut s = game(&board(7, 7, &[], &[(0, 2)], (0, 0), 1));
    assert_eq!(s.pivot(), Some(Cell::new(3, -2)));
    assert!(matches!(s.feed('d'), Event::Locked(..)));
}

// Item 5: locking.

#[test]
fn turning_out_of_the_top_locks_and_counts() {
    // A pair whose pivot is its west member: counter-clockwise takes the east member NE, into
    // row -1. This locks (the organisers retracted "is an error").
    let p = board(8, 8, &[], &[(0, 0), (1, 0)], (0, 0), 3);
    let mut s = game(&p);
    let Event::Locked(Command::Turn(Turn::CounterClockwise), lock) = s.feed('k') else { panic!() };
    // (The next unit finds its spawn cells full.)
    assert_eq!((lock.points, lock.next), (2, Next::BoardFull { unit: 0 }));
    assert_eq!(s.commands(), 1);
    assert_eq!(s.score(), 2);
}

#[test]
fn problem_8_k_scores_4() {
    // Organiser on IRC (line 2266): an immediate counter-clockwise turn on problem 8 scores 4.
    let Some(rules) = common::all_rules() else { return };
    let s = kibitz_icfp2015::score(&rules[8], 0, "k");
    assert_eq!((s.total, s.units_locked), (4, 1), "{s:?}");
}

// Item 6: repeated positions.

#[test]
fn a_symmetric_unit_turned_half_way_repeats_its_position() {
    // "rotating the 2-cell example unit 3 times in place is an error": members are not
    // distinguished, so (0,0),(2,0) about (1,0) turned 180° is where it started.
    let p = board(10, 10, &[], &[(0, 0), (2, 0)], (1, 0), 5);
    let mut s = game(&p);
    assert!(all_moved(&feed_all(&mut s, "lldd")));
    assert!(matches!(s.feed('d'), Event::Failed(GameError::RepeatedPosition { index: 4, .. })));
    assert_eq!(s.score(), 0);
    // Turning the other way is fine until it, too, comes back.
    let mut s = game(&p);
    assert!(all_moved(&feed_all(&mut s, "llkk")));
    assert!(matches!(s.feed('k'), Event::Failed(GameError::RepeatedPosition { .. })));
}

#[test]
fn a_single_cell_turning_about_itself_repeats_at_once() {
    let p = board(10, 10, &[], &[(0, 0)], (0, 0), 5);
    let mut s = game(&p);
    assert!(matches!(s.feed('d'), Event::Failed(GameError::RepeatedPosition { index: 0, character: 'd', .. })));
}

#[test]
fn the_pivot_matters() {
    // A pair (0,0),(1,0) turning about (0,0): after a half turn and a move east, the members
    // are where they started but the pivot is not, so it is a new position.
    let p = board(7, 7, &[], &[(0, 0), (1, 0)], (0, 0), 5);
    let mut s = game(&p);
    let start = cells(s.members());
    assert!(all_moved(&feed_all(&mut s, "ldddb")));
    let mut again = game(&p);
    again.feed('l');
    assert_eq!(cells(s.members()), cells(again.members()), "same member cells");
    assert_ne!(s.pivot(), again.pivot());
    assert_ne!(cells(s.members()), start);
    // Moving back west returns to the half-turned position: that one repeats.
    assert!(matches!(s.feed('p'), Event::Failed(GameError::RepeatedPosition { .. })));
}

#[test]
fn moving_down_starts_a_new_history() {
    // E then W repeats; E, SE, W, W, E is never a repeat (new row after SE).
    let p = board(10, 10, &[], &[(0, 0)], (0, 0), 5);
    let mut s = game(&p);
    assert!(matches!(feed_all(&mut s, "bp")[1], Event::Failed(GameError::RepeatedPosition { index: 1, .. })));
    let mut s = game(&p);
    assert!(all_moved(&feed_all(&mut s, "blpp")), "W after SE is a new row");
    assert!(matches!(s.feed('b'), Event::Failed(GameError::RepeatedPosition { index: 4, .. })), "back to a position of this row");
}

// Item 7: line bonus.

#[test]
fn a_lock_that_clears_nothing_resets_ls_old() {
    // Rows 2-3 have a two-row gap at x = 1, row 5 a one-row gap. The first unit clears two
    // rows; the second clears none; the third clears one and gets no bonus (it would get 10
    // if ls_old were "the last non-zero clear").
    let mut filled = Vec::new();
    for x in [0, 2] {
        filled.extend([(x, 2), (x, 3), (x, 5)]);
    }
    let p = board(3, 6, &filled, &[(0, 0), (0, 1)], (0, 0), 5);
    let mut s = game(&p);
    let events = feed_all(&mut s, "alb");
    assert!(matches!(events[2], Event::Locked(_, l) if l.rows_cleared == 2 && l.points == 302));
    let events = feed_all(&mut s, "bb");
    assert!(matches!(events[1], Event::Locked(_, l) if l.rows_cleared == 0 && l.line_bonus == 0 && l.points == 2));
    let events = feed_all(&mut s, "alalb");
    assert!(all_moved(&events[..4]), "{events:?}");
    let Event::Locked(_, l) = events[4] else { panic!("{events:?}") };
    assert_eq!((l.rows_cleared, l.points, l.line_bonus), (1, 102, 0));
    assert_eq!(s.move_score(), 302 + 2 + 102);
}

#[test]
fn the_rows_a_lock_would_clear_are_known_before_it() {
    // As above: after "al" the unit stands in the two-row gap, and "b" locks it there.
    let mut filled = Vec::new();
    for x in [0, 2] {
        filled.extend([(x, 2), (x, 3), (x, 5)]);
    }
    let p = board(3, 6, &filled, &[(0, 0), (0, 1)], (0, 0), 5);
    let mut s = game(&p);
    assert!(s.rows_filled_by_locking().is_empty(), "at spawn nothing would clear");
    feed_all(&mut s, "al");
    assert_eq!(s.rows_filled_by_locking(), vec![2, 3]);
    let events = feed_all(&mut s, "b");
    assert!(matches!(events[0], Event::Locked(_, l) if l.rows_cleared == 2));
}

// Item 8: phrases.

#[test]
fn phrases_count_overlapping_across_locks_and_only_as_written() {
    let p = board(10, 10, &[], &[(0, 0)], (0, 0), 20);
    // "ia! ia!" twice overlapping in "ia! ia! ia!" (SW, SW, W, SE, ...).
    let s = score_solution(&p, 0, &["ia! ia!"], "ia! ia! ia!").unwrap();
    assert_eq!((s.error, s.phrases[0].count, s.power_score), (None, 2, 300 + 2 * 7 * 2), "{s:?}");
    // A phrase that ends with the command that locks still counts: "ei!" with the unit at the
    // bottom-left corner.
    let corner = board(10, 2, &[], &[(0, 0)], (0, 0), 5);
    let s = score_solution(&corner, 0, &["ei!", "ppp"], "pppppei!").unwrap();
    assert_eq!(s.error, None, "{s:?}");
    assert!(s.units_locked >= 1);
    assert_eq!(s.phrases.iter().map(|u| (u.phrase.as_str(), u.count)).collect::<Vec<_>>(), [("ei!", 1), ("ppp", 3)]);
    // Another string for the same commands does not count ("bi!" is E, SW, W too).
    let s = score_solution(&p, 0, &["ei!"], "bi!").unwrap();
    assert_eq!((s.error, s.power_score), (None, 0));
    // Ignored white space still separates characters of the text.
    let s = score_solution(&p, 0, &["ei!"], "ei\n!").unwrap();
    assert_eq!((s.error, s.power_score), (None, 0));
}

// Item 9: errors and endings.

#[test]
fn commands_after_the_end_are_errors_but_white_space_is_not() {
    let p = board(5, 1, &[], &[(0, 0)], (0, 0), 1);
    let ended = score_solution(&p, 0, &["ei!"], "l\r\n\t").unwrap();
    assert_eq!((ended.total, ended.error, ended.ending), (1, None, Some(Ending::SourceExhausted)));
    let after = score_solution(&p, 0, &["ei!"], "lei!").unwrap();
    assert_eq!(after.total, 0, "power points are lost too");
    assert_eq!(after.error, Some(GameError::CommandAfterEnd { index: 1, character: 'e' }));
    let invalid_after = score_solution(&p, 0, &["ei!"], "l#").unwrap();
    assert_eq!(invalid_after.error, Some(GameError::CommandAfterEnd { index: 1, character: '#' }));
}

#[test]
fn a_full_board_at_spawn_ends_the_game_and_further_commands_are_errors() {
    let p = board(5, 1, &[], &[(0, 0)], (0, 0), 5);
    let s = score_solution(&p, 0, &[] as &[&str], "l").unwrap();
    assert_eq!((s.total, s.ending, s.units_locked), (1, Some(Ending::BoardFull { unit: 0 }), 1));
    assert_eq!(score_solution(&p, 0, &[] as &[&str], "ll").unwrap().total, 0);
}

#[test]
fn running_out_of_commands_is_not_an_error() {
    let p = board(10, 10, &[], &[(0, 0)], (0, 0), 5);
    let s = score_solution(&p, 0, &["ei!"], "Ei!").unwrap();
    assert_eq!((s.total, s.error, s.ending, s.units_locked), (306, None, None, 0));
    let empty = score_solution(&p, 0, &["ei!"], "").unwrap();
    assert_eq!((empty.total, empty.error), (0, None));
}

#[test]
fn a_seed_the_problem_does_not_list_scores_zero() {
    let p = board(10, 10, &[], &[(0, 0)], (0, 0), 5);
    assert_eq!(score_solution(&p, 5, &["ei!"], "ei!").unwrap().total, 306);
    let s = score_solution(&p, 7, &["ei!"], "ei!").unwrap();
    assert_eq!((s.total, s.error), (0, Some(GameError::SeedNotListed { seed: 7 })));
}

#[test]
fn commands_are_case_insensitive() {
    let p = board(10, 10, &[], &[(0, 0), (1, 0)], (0, 0), 5);
    let lower = score_solution(&p, 0, &["ei!"], "ei!ll llbdd").unwrap();
    let upper = score_solution(&p, 0, &["ei!"], "EI!LL LLBDD").unwrap();
    assert_eq!(lower, upper);
    assert!(lower.error.is_none());
}

// The Game implementation.

fn setup() -> Setup {
    let problem = board(5, 3, &[], &[(0, 0)], (0, 0), 2);
    Setup { problem, seed: 5, phrases: vec!["ei!".into(), "ll".into()] }
}

fn act(c: char) -> Step<char> {
    Step::Act { player: 0, action: Some(c) }
}

#[test]
fn start_checks_players_seed_and_phrases() {
    let s = setup();
    assert!(Icfp2015::start(&s, 1, 99).is_ok(), "the match seed is ignored");
    assert!(Icfp2015::start(&s, 2, 0).unwrap_err().contains("one player"));
    let wrong = Setup { seed: 1, ..setup() };
    assert!(Icfp2015::start(&wrong, 1, 0).unwrap_err().contains("not one of problem 3's sourceSeeds"));
    let dup = Setup { phrases: vec!["Ei!".into(), "ei!".into()], ..setup() };
    assert!(Icfp2015::start(&dup, 1, 0).unwrap_err().contains("repeats"));
}

#[test]
fn a_game_through_the_trait() {
    let setup = setup();
    let mut s = Icfp2015::start(&setup, 1, 0).unwrap();
    assert_eq!(Icfp2015::to_move(&s), ToMove::Player(0));
    assert_eq!(Icfp2015::scores(&s), [0]);
    let out = Icfp2015::apply(&mut s, &act('l'));
    assert_eq!(out.event, OutcomeEvent::Moved { command: Command::Move(Direction::SE) });
    let out = Icfp2015::apply(&mut s, &act('L'));
    assert_eq!(out.phrases, [1], "\"ll\" completed, case-insensitively");
    assert_eq!(Icfp2015::scores(&s), [300 + 2 * 2]);
    assert_eq!(Icfp2015::round(&s), 0);
    let out = Icfp2015::apply(&mut s, &act('l'));
    assert!(matches!(out.event, OutcomeEvent::Locked { lock, .. } if lock.next == Next::Spawned { unit: 0 }));
    assert_eq!(out.phrases, [1], "\"ll\" again, overlapping");
    assert_eq!(Icfp2015::round(&s), 1);
    // Steps the game does not expect change nothing.
    for step in [Step::Tick, Step::Act { player: 1, action: Some('l') }] {
        assert!(matches!(Icfp2015::apply(&mut s, &step).event, OutcomeEvent::OutOfOrder { .. }));
    }
    assert_eq!(Icfp2015::apply(&mut s, &Step::Act { player: 0, action: None }).event, OutcomeEvent::Ignored);
    assert_eq!(Icfp2015::apply(&mut s, &act('\n')).event, OutcomeEvent::Ignored);
    assert_eq!(Icfp2015::scores(&s), [1 + 300 + 2 * 2 * 2]);
    for c in "ll".chars() {
        Icfp2015::apply(&mut s, &act(c));
    }
    assert_eq!(Icfp2015::to_move(&s), ToMove::Over);
    assert_eq!(s.ending(), Some(Ending::SourceExhausted));
    let final_score = Icfp2015::scores(&s)[0];
    assert_eq!(final_score as u64, score_solution(&setup.problem, 5, &setup.phrases, "lLl\nll").unwrap().total);
    // A command after the end is an error, as the official scorer has it.
    let out = Icfp2015::apply(&mut s, &act('l'));
    let OutcomeEvent::Error { error, message } = out.event else { panic!("{out:?}") };
    assert_eq!(error, GameError::CommandAfterEnd { index: 6, character: 'l' });
    assert!(message.contains("after the game ended"), "{message}");
    assert_eq!(Icfp2015::scores(&s), [0]);
    assert!(matches!(Icfp2015::apply(&mut s, &act('l')).event, OutcomeEvent::OutOfOrder { .. }));
}

#[test]
fn setup_and_outcomes_round_trip_through_json() {
    let setup = setup();
    let text = serde_json::to_string(&setup).unwrap();
    assert!(text.contains("\"sourceSeeds\":[0,5]"), "the problem keeps its official shape: {text}");
    assert_eq!(serde_json::from_str::<Setup>(&text).unwrap(), setup);
    let bad = text.replace("\"width\":5", "\"width\":0");
    assert!(serde_json::from_str::<Setup>(&bad).unwrap_err().to_string().contains("width 0"));
    let mut s = Icfp2015::start(&setup, 1, 0).unwrap();
    for c in "lll#".chars() {
        let out = Icfp2015::apply(&mut s, &act(c));
        let json = serde_json::to_string(&out).unwrap();
        assert_eq!(serde_json::from_str::<Outcome>(&json).unwrap(), out, "{json}");
    }
    assert_eq!(s.error(), Some(GameError::InvalidCharacter { index: 3, character: '#' }));
}

#[test]
fn the_state_shows_the_unit_board_and_source() {
    let Some(rules) = common::all_rules() else { return };
    let mut s = State::new(Arc::clone(&rules[6]), 0);
    let upcoming: Vec<usize> = s.upcoming().collect();
    assert_eq!(upcoming.len(), 149, "problem 6 has 150 units, one in play");
    assert_eq!(s.members().len(), rules[6].problem().units()[s.unit().unwrap()].size());
    assert_eq!(s.orientation(), Some(0));
    s.feed('d');
    assert!(s.orientation() == Some(1) || s.is_over() || s.units_locked() == 1);
}
