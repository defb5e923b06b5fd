//! Moves, the judge, points, sudden death and the end of the game.

mod common;

use common::*;
use kibitz_amazes::{
    Amazes, Dir, Ending, How, Judged, Maze, Move, Moves, Outcome, PlayedBy, Setup, State, TurnReport, final_score, generate,
};
use kibitz_core::replay::{PlayerInfo, Replay, ReplayHeader, ReplayWriter, StepRecord};
use kibitz_core::verify::verify;
use kibitz_core::{Game, Step, ToMove};
use std::sync::Arc;

fn comb_state(red: kibitz_amazes::Placement, blue: kibitz_amazes::Placement) -> State {
    State::new(Arc::new(comb()), [red, blue], 150)
}

fn turn(outcome: Outcome) -> TurnReport {
    match outcome {
        Outcome::Turn(t) => *t,
        other => panic!("not a turn: {other:?}"),
    }
}

#[test]
fn steps_follow_the_facing() {
    let mut s = comb_state(at(20, 0, Dir::N), at(20, 24, Dir::N));
    let r = s.play(0, Some(&moves("FFF")));
    assert_eq!(s.players[0].at, at(17, 0, Dir::N));
    assert_eq!(r.path, vec![at(20, 0, Dir::N), at(19, 0, Dir::N), at(18, 0, Dir::N), at(17, 0, Dir::N)]);
    assert_eq!((r.performed, r.blocked, r.extra_t, r.gained.steps), (3, false, false, 3));
    assert_eq!(r.played_by, PlayedBy::Bot);
    // Blue turns around and steps: T faces away from where it came from.
    s.play(1, Some(&moves("T")));
    assert_eq!(s.players[1].at, at(21, 24, Dir::S));
    // L, R, T and F from a known facing, in the top corridor.
    let mut s = comb_state(at(1, 5, Dir::S), at(20, 24, Dir::N));
    s.play(0, Some(&moves("TRRLL")));
    // T: north to (0,5); R: east to (0,6); R: south to (1,6); L: east? wall. Stopped there.
    assert_eq!(s.players[0].at, at(1, 6, Dir::S));
}

#[test]
fn a_wall_stops_the_rest_of_the_line_and_keeps_the_facing() {
    let mut s = comb_state(at(20, 0, Dir::N), at(20, 24, Dir::N));
    let r = s.play(0, Some(&moves("FRFF")));
    assert_eq!(s.players[0].at, at(19, 0, Dir::N), "the R would cross the wall between columns");
    assert_eq!((r.performed, r.blocked, r.extra_t), (1, true, false));
    assert_eq!(r.gained.steps, 4, "every requested step costs, performed or not");
}

#[test]
fn ending_on_the_starting_square_adds_a_t() {
    let mut s = comb_state(at(20, 0, Dir::N), at(20, 24, Dir::N));
    let r = s.play(0, Some(&moves("FT")));
    assert!(r.extra_t);
    assert_eq!(r.path, vec![at(20, 0, Dir::N), at(19, 0, Dir::N), at(20, 0, Dir::S), at(19, 0, Dir::N)]);
    assert_eq!(r.performed, 2);
    assert_eq!(r.gained.steps, 2, "the judge's extra step is not charged");
    // Blocked at once: the player did not move, so the judge turns it around and steps.
    s.play(1, Some(&moves("T")));
    let r = s.play(0, Some(&moves("LFFF")));
    assert_eq!((r.performed, r.blocked, r.extra_t), (0, true, true));
    assert_eq!(s.players[0].at, at(20, 0, Dir::S));
    assert_eq!(r.gained.steps, 4);
}

#[test]
fn points_count_discoveries_first_discoveries_and_steps() {
    // Red at the foot of column 1, Blue at the foot of column 25 (1-based), both facing the
    // outer wall. Each sees its whole column and the top-row square beside its top.
    let mut s = comb_state(at(24, 0, Dir::S), at(24, 24, Dir::S));
    let r = s.play(0, Some(&moves("TFFF")));
    assert_eq!(r.view.corridors, ["W".to_string(), "W".into(), format!("{}RW", "N".repeat(23)), "W".into()]);
    assert_eq!(r.gained.discovered, 26);
    assert_eq!(r.gained.first, 26);
    assert!(r.discovered.iter().all(|d| d.how == How::Seen && d.first));
    assert_eq!(r.gained.steps, 4);
    assert_eq!(r.scores, [26 + 26 - 4, 0]);
    // 25 rows are known (the whole column): the top and bottom edges are revealed.
    let k = &s.players[0].knowledge;
    assert_eq!(k.side(sq(0, 7), Dir::N), kibitz_amazes::EdgeKnowledge::Wall);
    assert_eq!(k.side(sq(24, 20), Dir::S), kibitz_amazes::EdgeKnowledge::Wall);

    let r = s.play(1, Some(&moves("T")));
    assert_eq!(r.view.corridors[2], format!("{}LW", "N".repeat(23)));
    assert_eq!((r.gained.discovered, r.gained.first), (26, 26));

    // Red walks up and along the top row to (1,24) (1-based), which Blue has seen: 22 new
    // squares, of which 21 first.
    let r = s.play(0, Some(&moves(&format!("{}R{}", "F".repeat(20), "F".repeat(22)))));
    assert_eq!(s.players[0].at, at(0, 23, Dir::E));
    assert_eq!(r.gained.steps, 43);
    assert_eq!(r.gained.discovered, 22);
    assert_eq!(r.gained.first, 21);
    let last = r.discovered.last().unwrap();
    assert_eq!((last.square, last.how, last.first), (sq(0, 23), How::Visited, false));
    assert_eq!(s.players[0].points.total(), 48 + 22 + 21 - 43);
    assert!(!s.players[0].knowledge.first().contains(sq(0, 23)));
    assert!(s.players[1].knowledge.first().contains(sq(0, 23)));
}

#[test]
fn ending_on_the_opponent_scores_100() {
    let mut s = comb_state(at(20, 0, Dir::N), at(10, 0, Dir::N));
    let r = s.play(0, Some(&moves(&"F".repeat(10))));
    assert_eq!(s.players[0].at.square, s.players[1].at.square);
    assert_eq!(r.gained.captures, 1);
    assert_eq!(r.ending, None, "not everything is discovered: the game goes on");
    let seen = r.gained.discovered as i64 + r.gained.first as i64;
    assert_eq!(r.scores[0], seen - 10 + 100);
    assert_eq!(s.view(1).distance2, 0);
    let r = s.play(1, Some(&moves("T")));
    assert_eq!(r.gained.captures, 0, "Blue moved off the shared square");
}

/// Red explores the whole maze with perfect sight of the map, then walks onto Blue, which goes
/// back and forth.
fn sudden_death_game(seed: u64) -> (State, Vec<Step<Moves>>, Vec<Outcome>) {
    let setup = Setup::new(generate(seed));
    let mut state = Amazes::start(&setup, 2, 0).unwrap();
    let mut steps = Vec::new();
    let mut outcomes = Vec::new();
    while let ToMove::Player(p) = Amazes::to_move(&state) {
        let line = if p == 0 { explorer_line(&state, 0) } else { moves("T") };
        let step = Step::Act { player: p, action: Some(line) };
        outcomes.push(Amazes::apply(&mut state, &step));
        steps.push(step);
    }
    (state, steps, outcomes)
}

#[test]
fn sudden_death_doubles_the_winner_and_zeroes_the_loser() {
    let (state, _, outcomes) = sudden_death_game(3);
    let last = turn(outcomes.last().unwrap().clone());
    assert_eq!(state.ending, Some(Ending::SuddenDeath { winner: 0 }));
    assert_eq!(last.ending, Some(Ending::SuddenDeath { winner: 0 }));
    assert_eq!(last.player, 0);
    assert_eq!(last.gained.captures, 0, "no 100 points once every square is discovered");
    assert!(state.players[0].turns_played < 150, "ended early, at turn {}", state.players[0].turns_played);
    assert_eq!(state.players[0].knowledge.discovered().len(), 625);
    let red = state.players[0].points.total();
    assert_eq!(Amazes::scores(&state), vec![2 * red, 0]);
    assert_eq!(last.scores, [2 * red, 0]);
    assert_eq!(state.final_scores(), [(2 * red).min(1000), 0]);
    assert_eq!(Amazes::to_move(&state), ToMove::Over);
    // Every square was discovered first by exactly one of the two.
    let [a, b] = [state.players[0].knowledge.first(), state.players[1].knowledge.first()];
    assert!(a.intersection(b).is_empty());
    assert_eq!(a.union(b), state.discovered_by_anyone());
}

#[test]
fn a_failed_bot_is_played_by_the_judge_with_t_and_scores_0() {
    let mut s = comb_state(at(20, 0, Dir::N), at(20, 24, Dir::N));
    s.play(0, Some(&moves("FF")));
    let r = s.play(1, None);
    assert_eq!((r.played_by, r.judged.clone()), (PlayedBy::Judge, Some(Judged::Failed)));
    assert_eq!(r.gained.steps, 0);
    assert_eq!(s.players[1].at, at(21, 24, Dir::S));
    let mut squares = Vec::new();
    for _ in 0..4 {
        s.play(0, Some(&moves("T")));
        let r = s.play(1, Some(&moves("FFFF")));
        assert_eq!((r.played_by, r.judged.clone()), (PlayedBy::Judge, None), "the bot's lines are ignored");
        assert_eq!(r.gained.steps, 0);
        squares.push(s.players[1].at.square);
    }
    assert_eq!(squares, [sq(20, 24), sq(21, 24), sq(20, 24), sq(21, 24)], "back and forth on two squares");
    assert!(s.players[1].points.total() > 0);
    assert_eq!(s.final_scores()[1], 0);
    assert!(s.final_scores()[0] > 0);
}

#[test]
fn more_than_256_moves_disqualify() {
    let mut s = comb_state(at(24, 0, Dir::S), at(24, 24, Dir::S));
    let r = s.play(0, Some(&Moves::new(vec![Move::T; 257])));
    assert_eq!(r.judged, Some(Judged::TooManyMoves { moves: 257 }));
    assert_eq!(r.played_by, PlayedBy::Judge);
    assert_eq!(r.path, vec![at(24, 0, Dir::S), at(23, 0, Dir::N)], "none of the moves, one judge's T");
    assert_eq!(r.gained.steps, 0);
    assert_eq!(s.final_scores()[0], 0);
    // 256 are allowed (and all charged).
    let r = s.play(1, Some(&Moves::new(vec![Move::T; 256])));
    assert_eq!((r.played_by, r.judged, r.gained.steps), (PlayedBy::Bot, None, 256));
    // An empty line is no turn either.
    let mut s = comb_state(at(24, 0, Dir::S), at(24, 24, Dir::S));
    assert_eq!(s.play(0, Some(&Moves::default())).judged, Some(Judged::EmptyLine));
}

#[test]
fn the_game_ends_after_150_turns_each() {
    let setup = Setup::new(generate(11));
    let mut state = Amazes::start(&setup, 2, 0).unwrap();
    let mut count = 0;
    while let ToMove::Player(p) = Amazes::to_move(&state) {
        assert_eq!(p, count % 2, "Red and Blue alternate, Red first");
        assert_eq!(Amazes::round(&state), (count / 2) as u32);
        Amazes::apply(&mut state, &Step::Act { player: p, action: Some(moves("T")) });
        count += 1;
    }
    assert_eq!(count, 300);
    assert_eq!(state.ending, Some(Ending::Normal));
    assert_eq!(Amazes::round(&state), 150);
    assert_eq!(state.players.each_ref().map(|p| p.turns_played), [150, 150]);
    let before = Amazes::scores(&state);
    let o = Amazes::apply(&mut state, &Step::Act { player: 0, action: Some(moves("F")) });
    assert!(matches!(o, Outcome::Refused { .. }), "{o:?}");
    assert_eq!(Amazes::scores(&state), before);
}

#[test]
fn steps_out_of_order_are_refused_and_change_nothing() {
    let setup = Setup::new(generate(5));
    let mut state = Amazes::start(&setup, 2, 0).unwrap();
    for step in [Step::Tick, Step::Act { player: 1, action: Some(moves("F")) }] {
        let o = Amazes::apply(&mut state, &step);
        assert!(matches!(o, Outcome::Refused { .. }), "{o:?}");
    }
    assert_eq!(state.half_turns, 0);
    assert!(state.players[0].knowledge.discovered().is_empty());
}

#[test]
fn the_final_score_is_clamped_and_zero_for_failures() {
    assert_eq!(final_score(-40, false), 0);
    assert_eq!(final_score(0, false), 0);
    assert_eq!(final_score(512, false), 512);
    assert_eq!(final_score(1000, false), 1000);
    assert_eq!(final_score(1350, false), 1000);
    assert_eq!(final_score(512, true), 0);
}

#[test]
fn start_uses_the_maze_starts_or_chooses_them_from_the_seed() {
    let mut maze = comb();
    assert!(Amazes::start(&Setup::new(maze.clone()), 3, 0).is_err());
    let a = Amazes::start(&Setup::new(maze.clone()), 2, 9).unwrap();
    let b = Amazes::start(&Setup::new(maze.clone()), 2, 9).unwrap();
    assert_eq!(a.players.each_ref().map(|p| p.start), b.players.each_ref().map(|p| p.start));
    let [red, blue] = a.players.each_ref().map(|p| p.start);
    assert!(red.square.distance2(blue.square) >= 288);
    assert!(!maze.wall(red.square, red.facing.back()) && !maze.wall(blue.square, blue.facing.back()));
    maze.starts = Some([at(0, 0, Dir::N), at(24, 24, Dir::S)]);
    let c = Amazes::start(&Setup::new(maze.clone()), 2, 9).unwrap();
    assert_eq!(c.players.each_ref().map(|p| p.start), [at(0, 0, Dir::N), at(24, 24, Dir::S)]);
    let mut broken = Maze::with_all_walls();
    broken.starts = None;
    assert!(Amazes::start(&Setup::new(broken), 2, 0).unwrap_err().contains("cannot be reached"));
}

#[test]
fn a_replay_of_a_whole_game_verifies() {
    let (state, steps, outcomes) = sudden_death_game(8);
    let setup = Setup::new(generate(8));
    let header = ReplayHeader::new::<Amazes>(setup, 0, vec![PlayerInfo::human("explorer"), PlayerInfo::human("T")], None);
    let mut writer = ReplayWriter::new(Vec::new(), &header).unwrap();
    for (i, (step, outcome)) in steps.iter().zip(outcomes).enumerate() {
        writer.record(&StepRecord::new(i, step, outcome)).unwrap();
    }
    let text = String::from_utf8(writer.into_inner()).unwrap();
    let loaded = Replay::<Amazes>::parse(&text).unwrap();
    assert!(loaded.damage.is_none(), "{:?}", loaded.damage);
    let verified = verify(&loaded.replay).unwrap();
    assert_eq!(verified.scores, Amazes::scores(&state));
    assert!(text.lines().nth(1).unwrap().contains(r#""corridors""#));
}

/// Verification writes each simulated outcome itself (`Game::write_outcome`, by hand for the
/// usual turn) and compares the bytes with the record: whatever the outcome, those bytes are
/// serde_json's.
#[test]
fn outcomes_are_written_as_serde_writes_them() {
    let (_, _, mut outcomes) = sudden_death_game(3);
    // Wanderers, for walls run into, extra `T`s and squares found by inference.
    let setup = Setup::new(generate(21));
    let mut state = Amazes::start(&setup, 2, 0).unwrap();
    let mut rng = kibitz_core::rng::SplitMix64::new(6);
    while let ToMove::Player(p) = Amazes::to_move(&state) {
        let line: String = (0..1 + rng.below(6)).map(|_| ["F", "T", "L", "R"][rng.below(4)]).collect();
        outcomes.push(Amazes::apply(&mut state, &Step::Act { player: p, action: Some(moves(&line)) }));
    }
    let mut s = comb_state(at(20, 0, Dir::N), at(20, 24, Dir::N));
    for (player, line) in [(0, Some(moves("FF"))), (1, None), (0, Some(Moves::new(vec![Move::T; 257]))), (1, Some(moves("FFFF")))] {
        outcomes.push(Outcome::Turn(Box::new(s.play(player, line.as_ref()))));
    }
    outcomes.push(Amazes::apply(&mut s, &Step::Tick));
    let mut odd = turn(outcomes[0].clone());
    odd.view.corridors[1] = "say \"hi\"\n".into();
    odd.scores = [-7, i64::MIN];
    outcomes.push(Outcome::Turn(Box::new(odd)));
    for outcome in &outcomes {
        let mut written = b"[".to_vec();
        Amazes::write_outcome(outcome, &mut written);
        assert_eq!(String::from_utf8(written).unwrap(), format!("[{}", serde_json::to_string(outcome).unwrap()));
    }
    let kinds = |f: fn(&TurnReport) -> bool| outcomes.iter().filter(|o| matches!(o, Outcome::Turn(t) if f(t))).count();
    let found = |how: How| outcomes.iter().any(|o| matches!(o, Outcome::Turn(t) if t.discovered.iter().any(|d| d.how == how)));
    let covered = [
        found(How::Seen),
        found(How::Inferred),
        found(How::Visited),
        kinds(|t| t.blocked) > 0,
        kinds(|t| t.extra_t) > 0,
        kinds(|t| t.ending.is_some()) == 2,
        kinds(|t| t.judged.is_some()) == 2,
        kinds(|t| t.played_by == PlayedBy::Judge) == 3,
    ];
    assert_eq!(covered, [true; 8], "seen, inferred, visited, blocked, extra T, endings, judged, judge's turns");
    assert!(outcomes.iter().any(|o| matches!(o, Outcome::Refused { .. })));
}
