//! The parts every server game's view shares (`kit::deadline24::view`), through the registry as the
//! shell meets them: a replay taken in line by line as when it is taken whole, a recorded game
//! offering its teams to take over, and a game played by hand following its hosted server,
//! in the human's own perspective, until it is stopped.

use kibitz::games::registry;
use kibitz::kit::contract::view::{GameView, Perspective};
use std::time::{Duration, Instant};

const SERVER_GAMES: [(&str, &str); 3] = [
    ("fedrunek", "replays/fedrunek-greedy-vs-python.jsonl"),
    ("wycinanka", "replays/wycinanka-solvers.jsonl"),
    ("osada", "replays/osada-defender-vs-python.jsonl"),
];

fn open(text: &str) -> Box<dyn GameView> {
    let opened = registry().open(text, "test".into()).unwrap();
    assert!(opened.damage.is_none(), "{:?}", opened.damage);
    opened.view
}

/// What the shell shows of a view after `cursor` steps, to compare two views by.
fn shown(view: &dyn GameView, cursor: usize) -> (usize, Vec<usize>, Vec<i64>, Vec<String>, String) {
    let track = view.track();
    let log = view.log(0..cursor).into_iter().map(|l| l.text).collect();
    (track.len, track.round_starts.clone(), track.scores_at(cursor), log, view.describe(cursor))
}

#[test]
fn a_replay_taken_in_line_by_line_shows_as_when_taken_whole_and_offers_its_teams() {
    for (game, path) in SERVER_GAMES {
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/").to_string() + path).unwrap();
        let whole = open(&text);
        let mut lines = text.lines();
        let mut growing = open(lines.next().unwrap());
        assert_eq!((growing.game(), growing.track().len), (game, 0));
        for (k, line) in lines.enumerate() {
            growing.append(line, k + 2).unwrap_or_else(|e| panic!("{game}: {e}"));
        }
        let steps = whole.track().len;
        assert!(steps > 100, "{game}: {steps} steps");
        assert_eq!(shown(&*growing, steps), shown(&*whole, steps), "{game}");
        let after_end = growing.append(r#"{"step":0}"#, 100_000).unwrap_err();
        assert!(after_end.contains("line 100000") && after_end.contains("after the end"), "{after_end}");
        // Watching: any team can be taken over; nothing is played by hand.
        let mut view = whole;
        assert!(!view.is_live() && view.hand().is_none(), "{game}");
        let team = view.seat_to_move(steps / 2).unwrap();
        assert!(team < view.track().players.len(), "{game}: team {team}");
    }
}

#[test]
fn a_game_played_by_hand_follows_its_server_as_the_human_sees_it_until_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let sizes: [(&str, &[&str]); 3] =
        [("fedrunek", &["--n", "8"]), ("wycinanka", &["--width", "12", "--height", "12"]), ("osada", &["--n", "64"])];
    for (game, size) in sizes {
        let out = dir.path().join(format!("{game}.jsonl"));
        let room = registry().get(game).unwrap();
        let verb = room.play().map(|p| p.verb).unwrap();
        let mut args: Vec<String> = [game, "--team", "1", "--turn-ms", "150", "--out"].map(String::from).to_vec();
        args.push(out.display().to_string());
        args.extend(size.iter().map(|s| s.to_string()));
        // The other team's client logs nobody in.
        args.extend(["--", "sleep 30 #"].map(String::from));
        let matches = verb.command.clone().try_get_matches_from(&args).unwrap();
        let mut view = verb.run(&matches).unwrap().view;
        assert!(view.is_live() && view.seat_to_move(0).is_none(), "{game}: a live game is not offered to take over");
        assert!(view.take_over(0).is_err(), "{game}");
        let hand = view.hand().expect("a live view plays by hand");
        assert_eq!(hand.initial_perspective(), Some(Perspective::Player(1)), "{game}");
        assert_eq!(hand.perspective_cycle(), Some(vec![Perspective::Player(1), Perspective::Omniscient]), "{game}");
        assert_eq!(hand.help(), room.play().map_or(&[][..], |p| p.keys), "{game}");
        // Turns of 150 ms end by themselves: three of them arrive through the feed.
        let until = Instant::now() + Duration::from_secs(20);
        while view.track().round_starts.len() < 3 {
            assert!(Instant::now() < until, "{game}: three turn ends did not arrive in 20 s");
            view.hand().unwrap().poll();
            std::thread::sleep(Duration::from_millis(20));
        }
        view.hand().unwrap().stop();
        let ended = |out: &std::path::Path| std::fs::read_to_string(out).unwrap().lines().last().is_some_and(|l| l.contains("\"end\""));
        while !ended(&out) {
            assert!(Instant::now() < until, "{game}: the stopped game's replay has no end in 20 s");
            view.hand().unwrap().poll();
            std::thread::sleep(Duration::from_millis(20));
        }
        let recorded = open(&std::fs::read_to_string(&out).unwrap());
        assert!(recorded.track().len >= view.track().len, "{game}: the view holds no step the replay lacks");
    }
}
