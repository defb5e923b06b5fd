//! Every worked example and stated rule of seed 003 (the ICFP 2015 problem specification), as
//! a test. Quotations are from the seed.

mod common;

use common::{cells, game, problem};
use kibitz_icfp2015::lcg::{Lcg, source_order};
use kibitz_icfp2015::{Cell, Command, Direction, Ending, Event, GameError, Next, Turn, decode, decode_str, score_solution};
use serde_json::json;

/// A `width`×`height` board with `filled` cells and one unit.
fn board(
    width: u32,
    height: u32,
    filled: &[(i32, i32)],
    members: &[(i32, i32)],
    pivot: (i32, i32),
    length: u32,
) -> kibitz_icfp2015::Problem {
    let cell = |&(x, y): &(i32, i32)| json!({"x": x, "y": y});
    problem(json!({
        "id": 1, "width": width, "height": height,
        "filled": filled.iter().map(cell).collect::<Vec<_>>(),
        "units": [{"members": members.iter().map(cell).collect::<Vec<_>>(), "pivot": cell(&pivot)}],
        "sourceLength": length, "sourceSeeds": [0],
    }))
}

#[test]
fn the_first_ten_outputs_for_seed_17() {
    // "here are the first 10 outputs for the sequence starting with seed 17"
    let got: Vec<u32> = Lcg::new(17).take(10).collect();
    assert_eq!(got, [0, 24107, 16552, 12125, 9427, 13152, 21440, 3383, 6873, 16117]);
}

#[test]
fn units_are_chosen_by_output_modulo_the_number_of_units() {
    // "if the configuration contains 5 units, then the number 0 will refer to the first unit,
    // while the number 7 will refer the 3rd one"
    let listed = [0u32, 24107, 16552, 12125, 9427, 13152, 21440, 3383, 6873, 16117];
    let expected: Vec<usize> = listed.iter().map(|&n| n as usize % 5).collect();
    assert_eq!(expected[0], 0);
    assert_eq!(7 % 5, 2);
    assert_eq!(source_order(17, 5, 10).collect::<Vec<_>>(), expected);
    // And the game takes its units in that order: five one-cell units that differ by pivot.
    let units: Vec<_> = (0..5).map(|k| json!({"members": [{"x": 0, "y": 0}], "pivot": {"x": k, "y": 0}})).collect();
    let p = problem(json!({"id": 0, "width": 5, "height": 5, "filled": [], "units": units, "sourceLength": 10, "sourceSeeds": [17]}));
    let rules = std::sync::Arc::new(kibitz_icfp2015::Rules::new::<&str>(p, &[]).unwrap());
    let s = kibitz_icfp2015::State::new(rules, 17);
    let mut order = vec![s.unit().unwrap()];
    order.extend(s.upcoming());
    assert_eq!(order, expected);
}

#[test]
fn the_two_decoding_examples() {
    // "the character sequences "2xjw 4s" and "cthulhu" both correspond to the command
    // sequences move E, rotate counter-clockwise, move SW, rotate counter-clockwise, move SE,
    // move SW, rotate counter-clockwise"
    let expected = vec![
        Command::Move(Direction::E),
        Command::Turn(Turn::CounterClockwise),
        Command::Move(Direction::SW),
        Command::Turn(Turn::CounterClockwise),
        Command::Move(Direction::SE),
        Command::Move(Direction::SW),
        Command::Turn(Turn::CounterClockwise),
    ];
    assert_eq!(decode_str("2xjw 4s").unwrap(), expected);
    assert_eq!(decode_str("cthulhu").unwrap(), expected);
}

#[test]
fn ell_is_move_se_and_one_is_rotate_clockwise() {
    // "the letter "l" is a command for move SE, while the number "1" is a command for rotate clockwise"
    assert_eq!(decode('l'), kibitz_icfp2015::Decoded::Command(Command::Move(Direction::SE)));
    assert_eq!(decode('1'), kibitz_icfp2015::Decoded::Command(Command::Turn(Turn::Clockwise)));
}

#[test]
fn white_space_is_ignored_and_other_symbols_score_zero() {
    // "The three white-space characters listed in the table may appear in the command sequence
    // and will be ignored. Any symbol ... not listed in the table will be treated as an error,
    // and the program will be awarded 0 points"
    assert_eq!(decode_str("\tl\r\nl").unwrap().len(), 2);
    let p = board(10, 10, &[], &[(0, 0)], (0, 0), 5);
    let phrases = ["ei!"];
    let fine = score_solution(&p, 0, &phrases, "ei!").unwrap();
    assert_eq!(fine.total, 306, "{fine:?}");
    let bad = score_solution(&p, 0, &phrases, "ei!,").unwrap();
    assert_eq!(bad.total, 0);
    assert_eq!(bad.error, Some(GameError::InvalidCharacter { index: 3, character: ',' }));
    let e = decode_str("ab#").unwrap_err();
    assert_eq!((e.index, e.character), (2, '#'));
}

#[test]
fn a_unit_spawns_in_row_0_centred_rounding_toward_the_left() {
    // "the unit's top-most members are in row 0; ... its left-most and right-most members are
    // equidistant from the left and right sides ... If the distance to the sides is not a whole
    // number, then round toward the left (i.e., there will be less space on the left)."
    let spawn = |width, members: &[(i32, i32)]| cells(game(&board(width, 10, &[], members, (0, 0), 1)).members());
    assert_eq!(spawn(5, &[(0, 0)]), [(2, 0)], "2 cells each side");
    assert_eq!(spawn(4, &[(0, 0)]), [(1, 0)], "1 on the left, 2 on the right");
    assert_eq!(spawn(5, &[(0, 0), (1, 0)]), [(1, 0), (2, 0)], "1 on the left, 2 on the right");
    assert_eq!(spawn(6, &[(3, 2), (4, 2)]), [(2, 0), (3, 0)], "moved to the top-left first");
    // "the unit appears in its original orientation"
    assert_eq!(spawn(7, &[(0, 0), (0, 1), (1, 2)]), [(2, 0), (2, 1), (3, 2)]);
}

#[test]
fn a_blocked_spawn_ends_the_game() {
    // "If the spawn location is not a valid location for this unit, the game ends."
    let s = game(&board(5, 5, &[(2, 0)], &[(0, 0)], (0, 0), 3));
    assert_eq!(s.ending(), Some(Ending::BoardFull { unit: 0 }));
    assert!(s.members().is_empty());
}

#[test]
fn the_pivot_need_not_be_on_the_board() {
    // "Note that a unit's pivot point need not be on a board cell."
    let p = board(5, 5, &[], &[(0, 0)], (-3, -2), 3);
    let mut s = game(&p);
    assert_eq!(s.pivot(), Some(Cell::new(-1, -2)));
    assert_eq!(s.feed('b'), Event::Moved(Command::Move(Direction::E)));
    assert_eq!(cells(s.members()), [(3, 0)]);
}

#[test]
fn odd_rows_are_displaced_to_the_right() {
    // "the north-west edge of each cell is adjacent to the south-east edge of the
    // correspondingly numbered cell in the previous row": SE of (x, even row) is (x, row + 1).
    let mut s = game(&board(5, 5, &[], &[(0, 0)], (0, 0), 1));
    assert_eq!(cells(s.members()), [(2, 0)]);
    s.feed('l');
    assert_eq!(cells(s.members()), [(2, 1)]);
    s.feed('l');
    assert_eq!(cells(s.members()), [(3, 2)], "from an odd row, SE goes one column right");
    s.feed('a');
    assert_eq!(cells(s.members()), [(2, 3)], "from an even row, SW goes one column left");
    s.feed('a');
    assert_eq!(cells(s.members()), [(2, 4)], "from an odd row, SW keeps the column");
}

#[test]
fn turns_rotate_members_around_the_pivot_by_60_degrees() {
    // "Rotate all members of the unit by 60 degrees in the specified direction, around the
    // unit's pivot point." A unit one cell east of its pivot turns onto the pivot's SE neighbour.
    let mut s = game(&board(7, 7, &[], &[(0, 2), (1, 2)], (0, 2), 5));
    s.feed('l');
    s.feed('a');
    // Pivot (2, 2) is a member; the other member is its east neighbour (3, 2).
    assert_eq!((s.pivot(), cells(s.members())), (Some(Cell::new(2, 2)), vec![(2, 2), (3, 2)]));
    s.feed('d');
    assert_eq!(cells(s.members()), [(2, 2), (2, 3)], "clockwise: east → south-east");
    // (Turning back at once would revisit a position: start again.)
    let mut s = game(&board(7, 7, &[], &[(0, 2), (1, 2)], (0, 2), 5));
    for c in "lak".chars() {
        assert!(matches!(s.feed(c), Event::Moved(_)));
    }
    assert_eq!(cells(s.members()), [(2, 1), (2, 2)], "counter-clockwise: east → north-east");
}

#[test]
fn an_invalid_placement_locks_the_unit_where_it_is() {
    // "Issuing a command that would result in an invalid placement for the unit locks the unit
    // in place without any movement. The members of a locked unit become part of the board"
    let mut s = game(&board(5, 3, &[], &[(0, 0)], (0, 0), 2));
    assert_eq!(s.feed('l'), Event::Moved(Command::Move(Direction::SE)));
    assert_eq!(s.feed('l'), Event::Moved(Command::Move(Direction::SE)));
    let Event::Locked(_, lock) = s.feed('l') else { panic!("off the bottom locks") };
    assert_eq!((lock.size, lock.rows_cleared, lock.points, lock.next), (1, 0, 1, Next::Spawned { unit: 0 }));
    assert!(s.board().is_full(Cell::new(3, 2)));
    assert_eq!(s.units_locked(), 1);
}

#[test]
fn revisiting_a_position_is_an_error_that_scores_zero() {
    // "the same unit cannot visit a location more than once ... Issuing a command that would
    // move all members and the pivot to locations that they have previously occupied is an
    // error, and the program will score 0 points for that board."
    let p = board(10, 10, &[], &[(0, 0)], (0, 0), 5);
    let back = score_solution(&p, 0, &["ei!"], "ei!lbp").unwrap();
    assert_eq!(back.total, 0);
    assert!(matches!(back.error, Some(GameError::RepeatedPosition { index: 5, character: 'p', .. })), "{back:?}");
    // Without the last step the same string scores its phrase.
    assert_eq!(score_solution(&p, 0, &["ei!"], "ei!lb").unwrap().total, 306);
}

#[test]
fn a_full_row_is_cleared_and_the_rows_above_move_down() {
    // "if all cells in a row became full, then the row is cleared ... the cells from all rows
    // above (i.e., with smaller numbers) are moved one row down."
    let row2: Vec<(i32, i32)> = (0..5).filter(|&x| x != 2).map(|x| (x, 2)).collect();
    let mut filled = row2.clone();
    filled.extend([(0, 1), (4, 1)]);
    let p = board(5, 3, &filled, &[(0, 0)], (0, 0), 2);
    let mut s = game(&p);
    s.feed('l');
    s.feed('a');
    assert_eq!(cells(s.members()), [(2, 2)]);
    let Event::Locked(_, lock) = s.feed('a') else { panic!() };
    assert_eq!(lock.rows_cleared, 1);
    // Row 1's cells are now row 2's, same columns: geometrically SE or SW of where they were.
    assert_eq!(cells(s.board().full_cells()), [(0, 2), (4, 2)]);
}

#[test]
fn move_scores_with_line_bonus() {
    // "points = size + 100 * (1 + ls) * ls / 2; line_bonus = if ls_old > 1 then
    // floor ((ls_old - 1) * points / 10) else 0"
    // A two-cell vertical unit drops into a two-row gap (rows 2–3), then into a one-row gap
    // (row 5).
    let mut filled: Vec<(i32, i32)> = Vec::new();
    for x in [0, 2] {
        filled.extend([(x, 2), (x, 3), (x, 5)]);
    }
    let p = board(3, 6, &filled, &[(0, 0), (0, 1)], (0, 0), 5);
    let mut s = game(&p);
    for c in "al".chars() {
        assert!(matches!(s.feed(c), Event::Moved(_)));
    }
    let Event::Locked(_, first) = s.feed('b') else { panic!() };
    assert_eq!((first.rows_cleared, first.points, first.line_bonus), (2, 2 + 100 * 3 * 2 / 2, 0));
    for c in "alal".chars() {
        assert!(matches!(s.feed(c), Event::Moved(_)), "{c}");
    }
    let Event::Locked(_, second) = s.feed('b') else { panic!() };
    assert_eq!((second.rows_cleared, second.points), (1, 2 + 100));
    let ls_old = 2;
    assert_eq!(second.line_bonus, (ls_old - 1) * 102 / 10, "ls_old = 2");
    assert_eq!(s.move_score(), 302 + 102 + 10);
}

#[test]
fn power_scores_count_every_repetition() {
    // "power_scorep = 2 * lenp * repsp + power_bonusp where power_bonusp = if repsp > 0 then 300 else 0"
    // and phrases are case insensitive.
    let p = board(10, 10, &[], &[(0, 0)], (0, 0), 5);
    // (A space, move SE, between the two: E, SW, W, E would revisit a position.)
    let s = score_solution(&p, 0, &["Ei!"], "EI! eI!").unwrap();
    assert_eq!((s.move_score, s.power_score, s.total), (0, 2 * 3 * 2 + 300, 312), "{s:?}");
    assert_eq!(s.phrases[0].count, 2);
    let none = score_solution(&p, 0, &["Ei!"], "lll").unwrap();
    assert_eq!(none.power_score, 0);
}

#[test]
fn the_game_ends_when_the_source_is_exhausted() {
    // "if any units remain in the source, the next unit is spawned; otherwise, the game ends."
    let p = board(5, 3, &[], &[(0, 0)], (0, 0), 2);
    let mut s = game(&p);
    s.feed('l');
    s.feed('l');
    let Event::Locked(_, lock) = s.feed('l') else { panic!() };
    assert_eq!(lock.next, Next::Spawned { unit: 0 });
    s.feed('l');
    let Event::Locked(_, lock) = s.feed('l') else { panic!() };
    assert_eq!(lock.next, Next::SourceExhausted);
    assert_eq!(s.ending(), Some(Ending::SourceExhausted));
    assert_eq!(s.score(), 2);
}
