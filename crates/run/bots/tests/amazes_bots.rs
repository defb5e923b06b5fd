//! The Amazes sample bots play whole games in-process, through the rules and the protocol lines
//! a referee would send: on the ten official mazes and on generated ones.

use kibitz_amazes::{Amazes, Ending, Maze, Outcome, PlayedBy, Setup, State, generate};
use kibitz_bots::amazes::{Explorer, Random};
use kibitz_bots::amazes::{STRATEGIES, make};
use kibitz_bots::{LineBot, run};
use kibitz_core::replay::{EndRecord, PlayerInfo, Replay, ReplayHeader, StepRecord};
use kibitz_core::verify::verify;
use kibitz_core::{BotProtocol, Game, Step};
use std::path::PathBuf;
use std::time::Instant;

fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../..")
}

/// The ten official mazes, or `None` (loudly) without the reference data.
fn official_mazes() -> Option<Vec<(String, Maze)>> {
    let dir = kibitz_core::reference::reference_dir(&workspace())?.join("amazes/mazes");
    let mut mazes: Vec<(String, Maze)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| {
            let path = e.unwrap().path();
            let maze = Maze::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
            (path.file_name().unwrap().to_string_lossy().into_owned(), maze)
        })
        .collect();
    mazes.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(mazes.len(), 10);
    Some(mazes)
}

/// One finished game.
struct Played {
    state: State,
    replay: Replay<Amazes>,
}

impl Played {
    fn discovered(&self, p: usize) -> usize {
        self.state.players[p].knowledge.discovered().len()
    }

    fn score(&self, p: usize) -> i64 {
        self.state.final_scores()[p]
    }
}

/// Plays a game: every turn's lines go to the bot, which must answer exactly one line of moves
/// after the last of them; `after_turn` sees each turn's bot and the state after it.
fn play(setup: &Setup, seed: u64, bots: [&mut dyn LineBot; 2], mut after_turn: impl FnMut(usize, &State)) -> Played {
    let mut bots = bots;
    let mut state = Amazes::start(setup, 2, seed).unwrap();
    let mut records = Vec::new();
    while let Some(p) = state.to_move() {
        let lines = Amazes::turn_lines(&state, p);
        let mut answers = Vec::new();
        for (k, line) in lines.iter().enumerate() {
            let out = bots[p].on_line(line).unwrap_or_else(|e| panic!("player {p} stopped: {e}"));
            assert!(out.is_empty() || k == lines.len() - 1, "player {p} answered before the last line");
            answers.extend(out);
        }
        assert_eq!(answers.len(), 1, "player {p}: one line per turn, got {answers:?}");
        let line = &answers[0];
        assert!((1..=256).contains(&line.len()), "player {p}: {} moves", line.len());
        assert!(line.chars().all(|c| "FTLR".contains(c)), "player {p}: {line:?}");
        let step = Step::Act { player: p, action: Some(Amazes::parse_action(line).unwrap()) };
        let outcome = Amazes::apply(&mut state, &step);
        if let Outcome::Turn(t) = &outcome {
            assert_eq!(t.played_by, PlayedBy::Bot, "player {p} was judged: {:?}", t.judged);
        }
        records.push(StepRecord::new(records.len(), &step, outcome));
        after_turn(p, &state);
    }
    for (p, bot) in bots.iter_mut().enumerate() {
        for line in Amazes::farewell_lines(&state, p) {
            assert!(bot.on_line(&line).unwrap().is_empty());
        }
        assert!(bot.finished(), "player {p} exits after its last turn or Quit");
    }
    let replay = Replay {
        header: ReplayHeader::new::<Amazes>(setup.clone(), seed, ["Red", "Blue"].map(PlayerInfo::human).to_vec(), None),
        records,
        end: Some(EndRecord {
            scores: Amazes::scores(&state),
            names: vec!["Red".into(), "Blue".into()],
            failed: Vec::new(),
            stopped: None,
        }),
    };
    verify(&replay).expect("the game verifies");
    Played { state, replay }
}

/// Explorer against random, each seat once: (explorer's, random's) discovered squares and final
/// scores, summed over both games.
fn explorer_vs_random(setup: &Setup, seed: u64) -> [(usize, i64); 2] {
    let mut totals = [(0, 0); 2];
    for explorer_seat in 0..2 {
        let mut explorer = Explorer::new();
        let mut random = Random::new(seed);
        let bots: [&mut dyn LineBot; 2] = if explorer_seat == 0 { [&mut explorer, &mut random] } else { [&mut random, &mut explorer] };
        let played = play(setup, seed, bots, |_, _| {});
        assert_eq!(explorer.resets(), 0);
        for (k, p) in [explorer_seat, 1 - explorer_seat].into_iter().enumerate() {
            totals[k].0 += played.discovered(p);
            totals[k].1 += played.score(p);
        }
    }
    totals
}

#[test]
fn the_explorer_discovers_far_more_than_the_random_walker_on_the_official_mazes() {
    let Some(mazes) = official_mazes() else { return };
    let started = Instant::now();
    let mut sums = [(0usize, 0i64); 2];
    eprintln!("maze        explorer: found score   random: found score  (sums of both seatings)");
    for (k, (name, maze)) in mazes.iter().enumerate() {
        let [e, r] = explorer_vs_random(&Setup::new(maze.clone()), k as u64 + 1);
        eprintln!("{name:10}  {:>14} {:>6}   {:>12} {:>6}", e.0, e.1, r.0, r.1);
        for (s, x) in sums.iter_mut().zip([e, r]) {
            s.0 += x.0;
            s.1 += x.1;
        }
    }
    let games = 20.0;
    let (e_found, e_score) = (sums[0].0 as f64 / games, sums[0].1 as f64 / games);
    let (r_found, r_score) = (sums[1].0 as f64 / games, sums[1].1 as f64 / games);
    eprintln!(
        "average per game: explorer {e_found:.1} squares, score {e_score:.1}; random {r_found:.1} squares, score {r_score:.1} ({:.1} s)",
        started.elapsed().as_secs_f64()
    );
    assert!(e_found >= 1.5 * r_found && e_found >= r_found + 150.0, "explorer {e_found:.1} vs random {r_found:.1} squares");
    assert!(e_found >= 500.0, "the explorer finds most of the maze: {e_found:.1}");
    assert!(e_score >= r_score + 200.0, "explorer {e_score:.1} vs random {r_score:.1} points");
}

#[test]
fn explorers_play_generated_mazes_without_being_judged() {
    for seed in 0..4u64 {
        let setup = Setup::new(generate(1000 + seed));
        let (mut a, mut b) = (Explorer::new(), Explorer::new());
        let played = play(&setup, seed, [&mut a, &mut b], |_, _| {});
        assert_eq!((a.resets(), b.resets()), (0, 0));
        let found = [played.discovered(0), played.discovered(1)];
        let captures = played.state.players.each_ref().map(|p| p.points.captures);
        eprintln!("generated {seed}: explorer vs explorer found {found:?}, captures {captures:?}, final {:?}", played.state.final_scores());
        assert!(found.iter().all(|&f| f >= 450), "seed {seed}: {found:?}");
        let [e, r] = explorer_vs_random(&setup, seed);
        eprintln!("generated {seed}: explorer vs random (both seatings) found {} vs {}, scores {} vs {}", e.0, r.0, e.1, r.1);
        assert!(e.0 >= 2 * r.0, "seed {seed}: explorer {} vs random {} squares", e.0, r.0);
    }
}

/// The explorer's map counts discovered squares exactly as the jury does, turn by turn: its
/// own map follows the inference rules, and it never loses track of where it is.
#[test]
fn the_explorers_map_follows_the_jury() {
    for seed in [5u64, 6, 8] {
        let setup = Setup::new(generate(seed));
        let mut explorer = Explorer::new();
        let mut other: Box<dyn LineBot> = if seed % 2 == 0 { Box::new(Explorer::new()) } else { Box::new(Random::new(seed)) };
        let mut state = Amazes::start(&setup, 2, seed).unwrap();
        while let Some(p) = state.to_move() {
            let bot: &mut dyn LineBot = if p == 0 { &mut explorer } else { other.as_mut() };
            let line = Amazes::turn_lines(&state, p).iter().flat_map(|l| bot.on_line(l).unwrap()).collect::<Vec<_>>().pop().unwrap();
            Amazes::apply(&mut state, &Step::Act { player: p, action: Some(Amazes::parse_action(&line).unwrap()) });
            if p == 0 {
                let jury = state.players[0].knowledge.discovered().len();
                let turn = state.players[0].turns_played;
                assert_eq!(explorer.map().discovered_count(), jury, "seed {seed}, turn {turn}");
            }
        }
        assert_eq!(explorer.resets(), 0);
    }
}

#[test]
fn random_walkers_never_run_into_walls_and_are_repeatable() {
    let setup = Setup::new(generate(21));
    let game = |seed| {
        let (mut a, mut b) = (Random::new(seed), Random::new(seed));
        play(&setup, 4, [&mut a, &mut b], |_, _| {})
    };
    let one = game(9);
    for r in &one.replay.records {
        if let Outcome::Turn(t) = &r.outcome {
            assert!(!t.blocked, "{t:?}");
        }
    }
    let again = game(9);
    assert_eq!(one.replay.records, again.replay.records, "same seed, same game");
    let red: Vec<_> = one.replay.records.iter().filter(|r| r.player == Some(0)).map(|r| r.action.clone()).collect();
    let blue: Vec<_> = one.replay.records.iter().filter(|r| r.player == Some(1)).map(|r| r.action.clone()).collect();
    assert_ne!(red, blue, "Red and Blue draw differently from one seed");
}

#[test]
fn the_explorer_ends_on_quit_and_after_its_last_turn() {
    // Through `run`, as `kibitz bot amazes explorer` runs it: one answer, then Quit; nothing
    // after Quit is read.
    let state = Amazes::start(&Setup::new(generate(2)), 2, 2).unwrap();
    let mut input = Amazes::turn_lines(&state, 0).join("\n");
    input.push_str("\nQuit\nnot a corridor line\n");
    for (strategy, _) in STRATEGIES {
        let mut bot = make(strategy, 1).unwrap();
        let mut out = Vec::new();
        run(bot.as_mut(), input.as_bytes(), &mut out).unwrap_or_else(|e| panic!("{strategy}: {e}"));
        let out = String::from_utf8(out).unwrap();
        assert_eq!(out.lines().count(), 1, "{strategy}: {out:?}");
        assert!(bot.finished());
    }
    // A game shortened to 3 turns: the bots are not finished after it (the contest's 150 are
    // what they count), and a game's end is signalled by closing their input.
    let mut setup = Setup::new(generate(2));
    setup.turns = 3;
    let (mut a, mut b) = (Explorer::new(), Random::new(3));
    let mut state = Amazes::start(&setup, 2, 2).unwrap();
    while let Some(p) = state.to_move() {
        let bot: &mut dyn LineBot = if p == 0 { &mut a } else { &mut b };
        let line = Amazes::turn_lines(&state, p).iter().flat_map(|l| bot.on_line(l).unwrap()).collect::<Vec<_>>().pop().unwrap();
        Amazes::apply(&mut state, &Step::Act { player: p, action: Some(Amazes::parse_action(&line).unwrap()) });
    }
    assert_eq!(state.ending, Some(Ending::Normal));
    assert!(!a.finished() && !b.finished());
}

#[test]
fn the_amazes_bots_are_registered() {
    assert_eq!(STRATEGIES.iter().map(|(name, _)| *name).collect::<Vec<_>>(), ["explorer", "random"]);
    assert!(make("explorer", 0).is_ok());
    assert!(make("random", 0).is_ok());
    assert!(make("greedy", 0).is_err());
}
