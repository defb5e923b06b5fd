//! SnakeCore's rules one by one on small boards: moving, eating, walls and edges, heads and
//! tails, biting others and oneself, shields (stacking, running out, immune even to the owner),
//! reactors, where blocks reappear, the protocol's text of a known position, and mass kept
//! whatever the pythons do.

use kibitz_core::{BotProtocol, Game, Step};
use kibitz_snakecore::protocol::get_action;
use kibitz_snakecore::{Action, Cell, Event, Kind, Map, Outcome, Pos, Setup, SnakeCore, State};
use proptest::prelude::*;

fn game(map: &str, turns: u32) -> State {
    let map = Map::parse(map).unwrap();
    let players = map.snakes.len();
    SnakeCore::start(&Setup { map, turns }, players, 7).unwrap()
}

/// Plays `action` for whoever is to move; returns what happened.
fn play(state: &mut State, action: &str) -> Event {
    let player = state.to_move().expect("the game goes on");
    match SnakeCore::apply(state, &Step::Act { player, action: Some(Action::parse(action)) }) {
        Outcome::Turn { event, .. } => event,
        other => panic!("{other:?}"),
    }
}

fn passed(event: Event) -> String {
    match event {
        Event::Passed { why } => why,
        other => panic!("expected a pass, got {other:?}"),
    }
}

fn cells(state: &State, p: usize) -> Vec<(u16, u16)> {
    let s = &state.snakes[p];
    std::iter::once(s.head).chain(s.body.iter().map(|(q, _)| *q)).map(|q| (q.x, q.y)).collect()
}

#[test]
fn turns_beyond_their_bound_cannot_start_a_game() {
    let map = Map::parse("pW....\n......\n.p....\n.b....\n......\n......\nsnake 0 0\nsnake 1 2 1 3\n").unwrap();
    let most = kibitz_snakecore::TURNS.max;
    for turns in [0, most + 1, 1 << 31, u32::MAX] {
        let e = SnakeCore::start(&Setup { map: map.clone(), turns }, 2, 0).map(drop).unwrap_err();
        assert_eq!(e, format!("turns {turns}: must be 1 to {most}"));
    }
    // The longest game still counts the turns of 16 pythons.
    assert!(u64::from(most) * kibitz_snakecore::map::MAX_SNAKES as u64 <= u64::from(u32::MAX));
    let mut s = SnakeCore::start(&Setup { map, turns: most }, 2, 0).unwrap();
    play(&mut s, "N");
}

#[test]
fn the_turn_counter_ends_at_the_last_turn() {
    assert_eq!(kibitz_snakecore::turn_number(0, 4, 150), 1);
    assert_eq!(kibitz_snakecore::turn_number(4, 4, 150), 2);
    assert_eq!(kibitz_snakecore::turn_number(599, 4, 150), 150);
    assert_eq!(kibitz_snakecore::turn_number(600, 4, 150), 150, "after the last step: turn 150 of 150, not 151");
    let mut s = game("......\n.pbb..\n......\n......\n......\n......\nsnake 1 1 2 1 3 1\n", 2);
    assert_eq!(s.turn(), 1);
    play(&mut s, "N");
    assert_eq!(s.turn(), 2);
    play(&mut s, "N");
    assert!(s.to_move().is_none(), "over");
    assert_eq!(s.turn(), 2);
}

#[test]
fn a_move_drags_the_body_along_and_empties_the_tails_cell() {
    let mut s = game("......\n.pbb..\n......\n......\n......\n......\nsnake 1 1 2 1 3 1\n", 5);
    assert_eq!(play(&mut s, "D"), Event::Moved);
    assert_eq!(cells(&s, 0), [(1, 2), (1, 1), (2, 1)]);
    assert_eq!(play(&mut s, "L"), Event::Moved);
    assert_eq!(cells(&s, 0), [(0, 2), (1, 2), (1, 1)]);
    // Blocks keep their kinds as they move.
    assert_eq!(s.snakes[0].body.iter().map(|(_, k)| *k).collect::<Vec<_>>(), [Kind::Plain, Kind::Plain]);
}

#[test]
fn eating_a_free_block_grows_the_body_where_the_head_was_and_nothing_else_moves() {
    let mut s = game("......\n.pbe..\n.e....\n......\n......\n......\nsnake 1 1 2 1\n", 5);
    assert_eq!(play(&mut s, "D"), Event::Ate(Kind::Energy));
    assert_eq!(cells(&s, 0), [(1, 2), (1, 1), (2, 1)]);
    assert_eq!(s.cell(Pos::new(1, 2)), Cell::Empty);
    assert_eq!(s.snakes[0].body[0].1, Kind::Energy);
    assert_eq!(s.cell(Pos::new(3, 1)), Cell::Block(Kind::Energy), "the free block beside is still free");
}

#[test]
fn walls_edges_heads_and_other_tails_cannot_be_entered_and_an_unknown_answer_passes() {
    let mut s = game("pW....\n......\n.p....\n.b....\n......\n......\nsnake 0 0\nsnake 1 2 1 3\n", 10);
    assert_eq!(passed(play(&mut s, "U")), "the board's edge");
    assert_eq!(passed(play(&mut s, "X")), "\"X\" is not one of U L D R N A");
    assert_eq!(passed(play(&mut s, "R")), "a wall");
    assert_eq!(passed(play(&mut s, "N")), "passed");
    assert_eq!(play(&mut s, "D"), Event::Moved);
    assert_eq!(play(&mut s, "L"), Event::Moved, "python 1 heads for python 0's cell");
    assert_eq!(cells(&s, 0), [(0, 1)]);
    assert_eq!(cells(&s, 1), [(0, 2), (1, 2)]);
    assert_eq!(passed(play(&mut s, "D")), "a head");
    // Python 1's tail (1, 2) is next to python 0's... after python 0 steps right.
    assert_eq!(play(&mut s, "N"), Event::Passed { why: "passed".into() });
    assert_eq!(play(&mut s, "R"), Event::Moved, "python 0 to (1, 1)");
    assert_eq!(play(&mut s, "N"), Event::Passed { why: "passed".into() });
    assert_eq!(passed(play(&mut s, "D")), "another python's tail");
    assert_eq!(s.scores, [0, 0]);
}

#[test]
fn the_own_tail_runs_away_as_the_head_comes() {
    // A ring: the head at (1, 1), the tail at (1, 2) right below it.
    let mut s = game("......\n.pb...\n.bb...\n......\n......\n......\nsnake 1 1 2 1 2 2 1 2\n", 5);
    assert_eq!(play(&mut s, "D"), Event::Moved);
    assert_eq!(cells(&s, 0), [(1, 2), (1, 1), (2, 1), (2, 2)]);
    // A tail of one block next to the head: they swap.
    let mut t = game("......\n.pb...\n......\n......\n......\n......\nsnake 1 1 2 1\n", 5);
    assert_eq!(play(&mut t, "R"), Event::Moved);
    assert_eq!(cells(&t, 0), [(2, 1), (1, 1)]);
}

#[test]
fn a_bite_frees_the_blocks_behind_takes_the_bitten_one_and_scores_the_length_bitten_off() {
    // Python 1 lies across row 2; python 0 bites its second body block from above.
    let board = "......\n..p...\nbbbbp.\n......\n......\n......\nsnake 2 1\nsnake 4 2 3 2 2 2 1 2 0 2\n";
    let mut s = game(board, 5);
    let before = s.mass();
    assert_eq!(play(&mut s, "D"), Event::Bit { victim: 1, blocks: 3 });
    assert_eq!(cells(&s, 0), [(2, 2), (2, 1)], "the head on the bitten cell, the block where it was");
    assert_eq!(cells(&s, 1), [(4, 2), (3, 2)]);
    assert_eq!((s.cell(Pos::new(1, 2)), s.cell(Pos::new(0, 2))), (Cell::Block(Kind::Plain), Cell::Block(Kind::Plain)));
    assert_eq!(s.scores, [3, 0]);
    assert_eq!(s.mass(), before);
}

#[test]
fn a_python_may_bite_its_own_body_but_never_its_head_or_tail() {
    // A loop: the head at (1, 1), the body round (2,1) (2,2) (1,2) (0,2) (0,3).
    let board = "......\n.pb...\nbbb...\nb.....\n......\n......\nsnake 1 1 2 1 2 2 1 2 0 2 0 3\n";
    let mut s = game(board, 5);
    // Down is (1, 2): body block 3 of 5, not the tail: a bite of blocks 3, 4 and 5.
    assert_eq!(play(&mut s, "D"), Event::Bit { victim: 0, blocks: 3 });
    assert_eq!(cells(&s, 0), [(1, 2), (1, 1), (2, 1), (2, 2)]);
    // The B - 1 = 2 blocks behind the bitten one come free.
    assert_eq!((s.cell(Pos::new(0, 2)), s.cell(Pos::new(0, 3))), (Cell::Block(Kind::Plain), Cell::Block(Kind::Plain)));
    // "The length bitten off from the opponent" scores: biting oneself scores nothing.
    assert_eq!(s.scores, [0]);
}

#[test]
fn a_shield_spends_the_energy_block_nearest_the_tail_and_guards_the_body_ten_turns() {
    // Python 0: head (0,0), body (1,0) e, (2,0) b, (3,0) e, (4,0) b. Python 1 waits below.
    let board = "pebeb.\n.p....\n......\n......\n......\n......\nsnake 0 0 1 0 2 0 3 0 4 0\nsnake 1 1\n";
    let mut s = game(board, 40);
    let before = s.mass();
    assert_eq!(play(&mut s, "A"), Event::Shielded { turns: 10 });
    // (3,0)'s energy block left; (4,0)'s plain block moved up into its place; (4,0) emptied.
    assert_eq!(cells(&s, 0), [(0, 0), (1, 0), (2, 0), (3, 0)]);
    assert_eq!(s.snakes[0].body.iter().map(|(_, k)| k.letter()).collect::<String>(), "ebb");
    assert_eq!(s.mass(), before, "the energy block reappeared");
    // Python 1 cannot bite the shielded body (1, 0).
    assert_eq!(passed(play(&mut s, "U")), "a shielded body");
    // Nor can python 0 itself: its turns count down as each begins.
    assert_eq!(s.snakes[0].shield, 9, "turn 2 of 10: nine left, this one included");
    for left in (1..=9).rev() {
        assert_eq!(s.snakes[0].shield, left);
        play(&mut s, "N");
        assert_eq!(passed(play(&mut s, "U")), "a shielded body", "between python 0's turns, {left} left");
    }
    // Before its eleventh turn the shield is off: python 1 bites.
    assert_eq!(s.snakes[0].shield, 0);
    play(&mut s, "N");
    assert_eq!(play(&mut s, "U"), Event::Bit { victim: 0, blocks: 3 });
}

#[test]
fn shields_stack_and_need_an_energy_block() {
    let mut s = game("pee...\n......\n......\n......\n......\n......\nsnake 0 0 1 0 2 0\n", 40);
    assert_eq!(play(&mut s, "A"), Event::Shielded { turns: 10 });
    assert_eq!(play(&mut s, "A"), Event::Shielded { turns: 19 }, "nine left plus ten");
    assert_eq!(passed(play(&mut s, "A")), "no energy block to switch the shield on");
    let mut turns = 0;
    while s.snakes[0].shield > 0 {
        play(&mut s, "N");
        turns += 1;
    }
    assert_eq!(turns, 17, "two activations shield twenty turns in all (three taken above)");
}

#[test]
fn a_reactor_takes_the_body_for_n_n_plus_one_over_two_and_the_blocks_reappear() {
    let mut s = game("......\n.Rpbeb\n......\n......\n......\n......\nsnake 2 1 3 1 4 1 5 1\n", 5);
    let before = s.mass();
    let Outcome::Turn { event, respawned } = SnakeCore::apply(&mut s, &Step::Act { player: 0, action: Some(Action::Left) }) else {
        panic!()
    };
    assert_eq!(event, Event::Dumped { blocks: 3, points: 6 });
    assert_eq!(cells(&s, 0), [(2, 1)], "the head stays");
    assert_eq!(s.scores, [6]);
    assert_eq!(respawned.iter().map(|(_, k)| k.letter()).collect::<String>(), "beb");
    for (p, kind) in &respawned {
        assert_eq!(s.cell(*p), Cell::Block(*kind));
    }
    assert_eq!(s.mass(), before);
    assert_eq!(passed(play(&mut s, "L")), "nothing to dump into the reactor");
    // Where blocks reappear comes from the seed alone.
    let mut again = game("......\n.Rpbeb\n......\n......\n......\n......\nsnake 2 1 3 1 4 1 5 1\n", 5);
    play(&mut again, "L");
    assert_eq!(again.cells, s.cells);
}

#[test]
fn players_move_in_turn_for_the_given_number_of_turns() {
    let mut s = game("p....p\n......\n......\n......\n......\n......\nsnake 0 0\nsnake 5 0\n", 2);
    assert_eq!(s.to_move(), Some(0));
    play(&mut s, "D");
    assert_eq!(s.to_move(), Some(1));
    let refused = SnakeCore::apply(&mut s, &Step::Act { player: 0, action: None });
    assert!(matches!(refused, Outcome::Refused { .. }));
    for _ in 0..3 {
        play(&mut s, "N");
    }
    assert_eq!(s.to_move(), None);
    assert_eq!(SnakeCore::round(&s), 2);
    assert!(SnakeCore::start(&Setup { map: Map::parse("p.\n..\nsnake 0 0\n").unwrap(), turns: 5 }, 2, 0).is_err());
}

#[test]
fn get_action_is_the_board_then_each_python_with_the_asked_one_first() {
    let board = "W.....\n.pbe..\n..R...\n...eb.\n....p.\n..b...\nsnake 1 1 2 1 3 1\nsnake 4 4 4 3 3 3\n";
    let s = game(board, 5);
    assert_eq!(
        SnakeCore::turn_lines(&s, 1),
        ["getAction", "6", "W.....", ".pbe..", "..R...", "...eb.", "....p.", "..b...", "0 3 4 4 4 3 3 3", "0 3 1 1 2 1 3 1"]
    );
    assert_eq!(get_action(&s, 0)[8], "0 3 1 1 2 1 3 1");
    assert_eq!(SnakeCore::init_lines(&s, 0), ["getName"]);
    assert_eq!(SnakeCore::parse_greeting("Kaa").unwrap(), "Kaa");
    assert!(SnakeCore::parse_greeting(&"x".repeat(33)).is_err());
    assert_eq!(SnakeCore::parse_action(" U ").unwrap(), Action::Up);
    assert_eq!(SnakeCore::parse_action("N\r").unwrap(), Action::Pass);
    // Anything but the six letters breaks the protocol: the referee disqualifies the bot.
    for bad in ["jump", "u", "UL", "", "X"] {
        assert!(SnakeCore::parse_action(bad).is_err(), "{bad:?}");
    }
    assert_eq!(serde_json::to_string(&Action::Shield).unwrap(), "\"A\"");
}

proptest! {
    /// Whatever the pythons do, the blocks on the board (free and in bodies) stay the same in
    /// number and kind, pythons stay joined and apart, and nothing sits on a wall.
    #[test]
    fn mass_is_kept_and_pythons_stay_whole(seed in 0u64..1000, moves in proptest::collection::vec(0usize..6, 1..300)) {
        let board = "WW......\n.pbebb..\n...R....\n..be..e.\n.b..eb..\n..pbbe..\n.....R.b\nb.e....W\nsnake 1 1 2 1 3 1 4 1 5 1\nsnake 2 5 3 5 4 5 5 5\n";
        let map = Map::parse(board).unwrap();
        let mut s = SnakeCore::start(&Setup { map, turns: 400 }, 2, seed).unwrap();
        let before = s.mass();
        for m in moves {
            let action = ["U", "L", "D", "R", "N", "A"][m];
            play(&mut s, action);
            prop_assert_eq!(s.mass(), before);
            let mut seen = std::collections::HashSet::new();
            for snake in &s.snakes {
                let all: Vec<Pos> = std::iter::once(snake.head).chain(snake.body.iter().map(|(p, _)| *p)).collect();
                for w in all.windows(2) {
                    prop_assert!(w[0].touches(w[1]), "joined: {:?}", all);
                }
                for p in all {
                    prop_assert!(seen.insert(p), "apart: {:?}", p);
                    prop_assert_eq!(s.cell(p), Cell::Empty);
                }
            }
        }
    }
}
