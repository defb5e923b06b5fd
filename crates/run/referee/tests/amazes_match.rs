//! Amazes matches between real processes: bots that do not greet, `Start` on Red's first turn,
//! five lines per turn, one line of moves back, `Quit` after a sudden death. Every bot logs the
//! lines it reads, and the logs are compared with what the rules say it must have been sent.

use kibitz_amazes::{Amazes, Ending, Judged, Maze, Move, Moves, Outcome, PlayedBy, Setup, State, generate};
use kibitz_core::replay::Replay;
use kibitz_core::verify::verify;
use kibitz_core::{BotProtocol, Game, Step};
use kibitz_referee::{BotLimits, BotSeat, MatchOptions, MatchSummary, Seat, run_match};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Written by a logging bot when its input ends.
const CLOSED: &str = "[input closed]";
/// Written by a logging bot when it reads `Quit` (it then exits normally).
const QUITS: &str = "[exit on Quit]";

fn limits() -> BotLimits {
    BotLimits { init: Duration::from_secs(5), turn_soft: Duration::from_secs(1), turn_hard: Duration::from_secs(2), ..BotLimits::DEFAULT }
}

fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../..")
}

/// A fresh folder for one test's logs.
fn scratch(test: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("amazes_match").join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A shell bot that appends every line it reads to `log` and answers each turn with `answer`
/// (shell code that prints one line, with the turn's lines in `$a $r $b $l $d` and the 1-based
/// turn number in `$n`).
fn logging_bot(log: &Path, answer: &str) -> String {
    format!(
        r#"LOG='{log}'; n=0
while IFS= read -r a; do
  echo "$a" >> "$LOG"
  case "$a" in
    Quit) echo '{QUITS}' >> "$LOG"; exit 0;;
    Start) IFS= read -r a; echo "$a" >> "$LOG";;
  esac
  IFS= read -r r; echo "$r" >> "$LOG"
  IFS= read -r b; echo "$b" >> "$LOG"
  IFS= read -r l; echo "$l" >> "$LOG"
  IFS= read -r d; echo "$d" >> "$LOG"
  n=$((n+1))
  {answer}
done
echo '{CLOSED}' >> "$LOG""#,
        log = log.display()
    )
}

/// Follows the wall on its right: right if open, else two steps ahead if the corridor allows,
/// else one, else left, else back.
const WALL_FOLLOWER: &str = r#"if [ "$r" != W ]; then echo R
  else case "$a" in N?*W) echo FF;; W) if [ "$l" != W ]; then echo L; else echo T; fi;; *) echo F;; esac; fi"#;

/// The wall follower, except on turn `turn`, where it runs `misbehaviour` instead.
fn wall_follower_until(turn: u32, misbehaviour: &str) -> String {
    format!("if [ $n = {turn} ]; then {misbehaviour}; fi\n  {WALL_FOLLOWER}")
}

struct Played {
    summary: MatchSummary,
    replay: Replay<Amazes>,
    logs: [Vec<String>; 2],
}

/// Plays a match between two shell bots (`prefix` runs before each bot's loop) and checks what
/// holds for every match: it verifies, the seats keep their labels, and each bot read exactly
/// what the rules say it was sent, turn by turn, then the farewell.
fn play(test: &str, setup: &Setup, seed: u64, answers: [&str; 2], prefixes: [&str; 2]) -> Played {
    play_limited(test, setup, seed, answers, prefixes, limits())
}

/// [`play`] under the given limits.
fn play_limited(test: &str, setup: &Setup, seed: u64, answers: [&str; 2], prefixes: [&str; 2], limits: BotLimits) -> Played {
    let dir = scratch(test);
    let log_paths = [dir.join("red.log"), dir.join("blue.log")];
    let mut seats: Vec<Box<dyn Seat<Amazes>>> = [0, 1]
        .map(|p| {
            let command = format!("{}\n{}", prefixes[p], logging_bot(&log_paths[p], answers[p]));
            Box::new(BotSeat::spawn(&command, ["Red", "Blue"][p], limits)) as Box<dyn Seat<Amazes>>
        })
        .into_iter()
        .collect();
    let mut out = Vec::new();
    let options = MatchOptions { seed, limits: Some(limits.to_record()), ..MatchOptions::default() };
    let summary = run_match::<Amazes>(setup, &mut seats, &options, &mut out, |_| {}).expect("the match finishes").summary;
    drop(seats);
    let text = String::from_utf8(out).unwrap();
    let loaded = Replay::<Amazes>::parse(&text).unwrap();
    assert!(loaded.damage.is_none(), "{:?}", loaded.damage);
    let replay = loaded.replay;
    verify(&replay).expect("the replay verifies");
    assert_eq!(summary.names, ["Red", "Blue"], "bots that do not greet keep their labels");
    assert_eq!(replay.header.players[0].name, "Red");
    let logs = log_paths.map(|p| std::fs::read_to_string(p).unwrap_or_default().lines().map(str::to_string).collect::<Vec<_>>());

    // What each bot must have read: its turn lines until it failed, then the farewell.
    let mut state = Amazes::start(setup, 2, seed).unwrap();
    let mut expected: [Vec<String>; 2] = Default::default();
    let mut out_of_match = [false; 2];
    for record in &replay.records {
        let p = record.player.expect("Amazes has no ticks");
        if !out_of_match[p] {
            expected[p].extend(Amazes::turn_lines(&state, p));
        }
        if record.failed.is_some() {
            out_of_match[p] = true;
        }
        Amazes::apply(&mut state, &record.to_step());
    }
    for p in 0..2 {
        // A failed bot is ended at once: its log stops with the turn it failed on.
        if !out_of_match[p] {
            expected[p].extend(Amazes::farewell_lines(&state, p));
        }
        let read = logs[p].iter().filter(|l| *l != CLOSED && *l != QUITS).cloned().collect::<Vec<_>>();
        assert_eq!(read, expected[p], "player {p} read exactly what it was sent");
    }
    Played { summary, replay, logs }
}

fn reports(replay: &Replay<Amazes>, player: usize) -> Vec<kibitz_amazes::TurnReport> {
    replay
        .records
        .iter()
        .filter(|r| r.player == Some(player))
        .map(|r| match &r.outcome {
            Outcome::Turn(t) => (**t).clone(),
            other => panic!("{other:?}"),
        })
        .collect()
}

fn final_state(played: &Played) -> State {
    let mut state = Amazes::start(&played.replay.header.setup, 2, played.replay.header.seed).unwrap();
    for r in &played.replay.records {
        Amazes::apply(&mut state, &r.to_step());
    }
    state
}

fn check_full_match(test: &str, setup: &Setup, seed: u64) {
    let played = play(test, setup, seed, [WALL_FOLLOWER, WALL_FOLLOWER], ["", ""]);
    let s = &played.summary;
    assert!(s.failed.is_empty(), "{:?}", s.failed);
    assert_eq!(s.rounds, 150);
    assert_eq!(played.replay.records.len(), 300);
    for p in 0..2 {
        let turns = reports(&played.replay, p);
        assert_eq!(turns.len(), 150);
        assert!(turns.iter().all(|t| t.played_by == PlayedBy::Bot && t.judged.is_none()));
        // Start once, first line of Red's first turn; 5 lines a turn otherwise.
        let starts = played.logs[p].iter().filter(|l| *l == "Start").count();
        assert_eq!(starts, usize::from(p == 0), "player {p}");
        assert_eq!(played.logs[p].first().map(String::as_str) == Some("Start"), p == 0);
        assert_eq!(played.logs[p].iter().filter(|l| *l != "Start" && *l != CLOSED).count(), 750);
        // After its 150th turn nothing more is sent: the input is closed.
        assert_eq!(played.logs[p].last().map(String::as_str), Some(CLOSED), "player {p}");
    }
    let state = final_state(&played);
    assert_eq!(state.ending, Some(Ending::Normal));
    assert_eq!(s.scores, state.points().to_vec());
    assert!(state.players.iter().all(|pl| pl.knowledge.discovered().len() > 20), "the wall followers got about");
}

#[test]
fn a_full_match_on_a_generated_maze() {
    check_full_match("generated", &Setup::new(generate(7)), 7);
}

#[test]
fn a_full_match_on_an_official_maze() {
    let Some(reference) = kibitz_core::reference::reference_dir(&workspace()) else { return };
    let text = std::fs::read_to_string(reference.join("amazes/mazes/maze01.txt")).unwrap();
    let maze = Maze::parse(&text).unwrap();
    assert!(maze.starts.is_none(), "the official files have no start lines: the seed chooses them");
    check_full_match("official", &Setup::new(maze), 2010);
}

/// Blue misbehaves on its third turn; the match goes on with the judge playing `T` for it.
fn check_judged(test: &str, misbehaviour: &str, failed: Option<&str>, judged: Judged) -> Played {
    let blue = wall_follower_until(3, misbehaviour);
    let played = play(test, &Setup::new(generate(11)), 11, [WALL_FOLLOWER, &blue], ["", ""]);
    let s = &played.summary;
    match failed {
        Some(part) => {
            assert_eq!(s.failed.len(), 1, "{:?}", s.failed);
            assert_eq!(s.failed[0].player, 1);
            assert!(s.failed[0].reason.contains(part), "{:?} should mention {part:?}", s.failed[0].reason);
            let marked: Vec<_> = played.replay.records.iter().filter(|r| r.failed.is_some()).collect();
            assert_eq!(marked.len(), 1, "the failure is recorded once, on its turn");
            assert_eq!((marked[0].player, marked[0].step), (Some(1), 5));
        }
        None => assert!(s.failed.is_empty(), "a readable line is the rules' business: {:?}", s.failed),
    }
    assert_eq!(s.rounds, 150, "the match went on to the end");
    let red = reports(&played.replay, 0);
    assert_eq!(red.len(), 150);
    assert!(red.iter().all(|t| t.played_by == PlayedBy::Bot), "Red plays on");
    let blue = reports(&played.replay, 1);
    assert_eq!(blue.len(), 150);
    assert!(blue[..2].iter().all(|t| t.played_by == PlayedBy::Bot));
    assert_eq!(blue[2].judged, Some(judged));
    assert!(blue[2..].iter().all(|t| t.played_by == PlayedBy::Judge && t.gained.steps == 0));
    assert!(blue[3..].iter().all(|t| t.judged.is_none()), "taken over once, for good");
    let state = final_state(&played);
    assert_eq!(state.final_scores()[1], 0);
    assert!(state.final_scores()[0] > 0);
    played
}

#[test]
fn a_crashing_bot_is_judged_and_the_match_goes_on() {
    let played = check_judged("crash", "exit 3", Some("status 3"), Judged::Failed);
    assert_eq!(played.logs[1].len(), 15, "it read two full turns and its third");
}

#[test]
fn a_hanging_bot_is_judged_and_the_match_goes_on() {
    check_judged("hang", "sleep 30", Some("hard limit"), Judged::Failed);
}

#[test]
fn a_bot_printing_garbage_is_judged_and_the_match_goes_on() {
    check_judged("garbage", "echo 'go north'; continue", Some("only F, T, L and R"), Judged::Failed);
}

#[test]
fn a_bot_closing_its_output_is_judged_and_the_match_goes_on() {
    check_judged("closed", "exec 1>&-", Some("closed its output"), Judged::Failed);
}

/// Too many moves and empty lines are readable: the rules hand the player to the judge, the
/// referee keeps asking the bot (documented on `BotProtocol`), and its answers are ignored.
#[test]
fn a_bot_sending_too_many_moves_is_judged_by_the_rules_but_still_asked() {
    let long = "F".repeat(257);
    let played = check_judged("too_long", &format!("echo {long}; continue"), None, Judged::TooManyMoves { moves: 257 });
    assert_eq!(played.logs[1].iter().filter(|l| *l != CLOSED).count(), 750, "told all its 150 turns");
}

#[test]
fn a_slow_start_is_no_loss_under_the_games_own_limits() {
    // 1.5 s of start-up (a Java or Python bot) before Red's first answer: inside Red's turn,
    // well inside Amazes' first-answer limit and total budget.
    let setup = Setup::new(generate(6));
    let played =
        play_limited("slow_start", &setup, 6, [WALL_FOLLOWER, WALL_FOLLOWER], ["sleep 1.5", ""], BotLimits::from_record(Amazes::LIMITS));
    assert!(played.summary.failed.is_empty(), "{:?}", played.summary.failed);
    let red = reports(&played.replay, 0);
    assert!(red.iter().all(|t| t.played_by == PlayedBy::Bot && t.judged.is_none()), "Red is never handed to the judge");
    // Most of the 1.5 s: the bot's clock starts when it is spawned, its turn's a little later.
    assert!(played.replay.records[0].ms.is_some_and(|ms| ms >= 1000), "the start-up is in Red's first turn");
    assert_eq!(played.replay.header.limits.and_then(|l| l.total_ms), Some(30_000), "the budget is recorded");
}

#[test]
fn a_bot_that_uses_up_its_total_thinking_time_fails() {
    // 300 ms an answer against a 2 s budget: out of time on its seventh answer.
    let setup = Setup::new(generate(6));
    let limits = BotLimits { total: Some(Duration::from_secs(2)), ..limits() };
    let blue = format!("sleep 0.3\n  {WALL_FOLLOWER}");
    let played = play_limited("budget", &setup, 6, [WALL_FOLLOWER, &blue], ["", ""], limits);
    let s = &played.summary;
    assert_eq!(s.failed.len(), 1, "{:?}", s.failed);
    assert_eq!(s.failed[0].player, 1);
    assert!(s.failed[0].reason.contains("total thinking time of 2000 ms"), "{}", s.failed[0].reason);
    // At least 0.3 s an answer: six at most fit in 2 s, however fast or busy the machine.
    let answers: Vec<u64> =
        played.replay.records.iter().filter(|r| r.player == Some(1) && r.action.is_some()).filter_map(|r| r.ms).collect();
    assert!((1..=6).contains(&answers.len()), "answered {} turns within 2 s at 0.3 s each", answers.len());
    assert!(answers.iter().sum::<u64>() <= 2000, "{answers:?} fit the budget");
}

#[test]
fn trailing_spaces_and_tabs_after_the_moves_are_ignored_as_the_contest_judge_did() {
    let setup = Setup::new(generate(4));
    // Blue answers `FFL` with two spaces and a tab after it, every turn.
    let played = play("trailing", &setup, 4, ["echo F", "printf 'FFL  \t\n'"], ["", ""]);
    assert!(played.summary.failed.is_empty(), "{:?}", played.summary.failed);
    let blue: Vec<&Moves> = played.replay.records.iter().filter(|r| r.player == Some(1)).filter_map(|r| r.action.as_ref()).collect();
    assert!(!blue.is_empty());
    assert!(blue.iter().all(|m| m.as_slice() == [Move::F, Move::F, Move::L]), "played F, F, L: {:?}", blue[0]);
    assert!(reports(&played.replay, 1).iter().all(|r| r.judged.is_none()), "never handed to the judge");
}

#[test]
fn a_line_of_spaces_is_an_empty_line() {
    let played = check_judged("spaces", "echo '   '; continue", None, Judged::EmptyLine);
    assert_eq!(played.logs[1].last().map(String::as_str), Some(CLOSED));
}

#[test]
fn a_bot_sending_an_empty_line_is_judged_by_the_rules_but_still_asked() {
    let played = check_judged("empty", "echo; continue", None, Judged::EmptyLine);
    assert_eq!(played.logs[1].last().map(String::as_str), Some(CLOSED));
}

// ---- Sudden death ---------------------------------------------------------------------------

/// An all-seeing line for Red: visit undiscovered squares while there is room, then walk onto
/// Blue once everything is discovered.
fn hunter_line(state: &State) -> Moves {
    let maze = &state.maze;
    let mut at = state.players[0].at;
    let mut known = *state.players[0].knowledge.discovered();
    known.insert(at.square);
    let mut line = Vec::new();
    while !known.is_full() && line.len() < 200 {
        let route = maze.path_to_nearest(at.square, |s| !known.contains(s)).unwrap_or_default();
        route.iter().for_each(|&s| {
            known.insert(s);
        });
        let (moves, end) = at.moves_along(&route);
        line.extend(moves);
        at = end;
    }
    if known.is_full() {
        let blue = state.players[1].at.square;
        let route = maze.path_to_nearest(at.square, |s| s == blue).expect("the maze is connected");
        line.extend(at.moves_along(&route).0);
    }
    line.truncate(256);
    if line.is_empty() {
        line.push(Move::T);
    }
    Moves::new(line)
}

#[test]
fn quit_is_sent_after_a_sudden_death() {
    // Red's lines are planned in-process against Blue answering `T` every turn, then replayed
    // by a shell bot through the referee.
    let setup = Setup::new(generate(3));
    let seed = 3;
    let mut state = Amazes::start(&setup, 2, seed).unwrap();
    let mut red_lines = Vec::new();
    while let Some(p) = state.to_move() {
        let line = if p == 0 { hunter_line(&state) } else { Moves::parse("T").unwrap() };
        if p == 0 {
            red_lines.push(line.to_string());
        }
        Amazes::apply(&mut state, &Step::Act { player: p, action: Some(line) });
        assert!(red_lines.len() < 150, "the plan must end in a sudden death");
    }
    assert_eq!(state.ending, Some(Ending::SuddenDeath { winner: 0 }));
    let turns = red_lines.len();

    let red_prefix = format!("set -- {}", red_lines.join(" "));
    let red_answer = r#"if [ $# -gt 0 ]; then echo "$1"; shift; else echo T; fi"#;
    let played = play("sudden_death", &setup, seed, [red_answer, "echo T"], [&red_prefix, ""]);
    let s = &played.summary;
    assert!(s.failed.is_empty(), "{:?}", s.failed);
    let end = final_state(&played);
    assert_eq!(end.ending, Some(Ending::SuddenDeath { winner: 0 }));
    assert_eq!(played.replay.records.len(), 2 * turns - 1, "Red won on its turn {turns}");
    assert_eq!(s.scores[1], 0);
    assert_eq!(s.scores[0], 2 * end.players[0].points.total());
    // Both still expected a turn: both are told Quit, and both exit on it.
    for p in 0..2 {
        let log = &played.logs[p];
        assert_eq!(log[log.len() - 2..], ["Quit".to_string(), QUITS.to_string()], "player {p}: {:?}", &log[log.len() - 3..]);
    }
}
