//! What the command line does the same way for every game.

use crate::common::*;

#[test]
fn no_turns_is_refused_by_every_game_naming_the_flag() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("x.jsonl");
    let maps = workspace().join("maps");
    let (duel, snakes) = (maps.join("lighthouses/duel.txt"), maps.join("snakecore/duel.txt"));
    let (duel, snakes, out) = (duel.to_str().unwrap(), snakes.to_str().unwrap(), out.to_str().unwrap());
    for (args, flag) in [
        (&["match", "lighthouses", "--map", duel, "--rounds", "0", "--out", out, "--", "true", "true"][..], "--rounds"),
        (&["play", "lighthouses", "--map", duel, "--rounds", "0", "--out", out, "--", "true"][..], "--rounds"),
        (&["match", "fedrunek", "--turns", "0", "--out", out, "--", "true"][..], "--turns"),
        (&["match", "fedrunek", "--turn-ms", "0", "--out", out, "--", "true"][..], "--turn-ms"),
        (&["play", "fedrunek", "--turns", "0", "--out", out][..], "--turns"),
        (&["match", "snakecore", "--map", snakes, "--turns", "0", "--out", out, "--", "true", "true"][..], "--turns"),
        (&["match", "snakecore", "--map", snakes, "--games", "0", "--out", out, "--", "true", "true"][..], "--games"),
        (&["match", "wycinanka", "--game-turns", "0", "--out", out, "--", "true"][..], "--game-turns"),
        (&["serve", "wycinanka", "--teams", "teams.ron", "--turns", "0", "--out", out][..], "--turns"),
    ] {
        let o = run(kibitz().args(args));
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        let said = stderr(&o);
        assert!(said.contains(&format!("'{flag} <")) && said.contains("must be 1 to "), "{args:?}: {said}");
    }
    assert!(!dir.path().join("x.jsonl").exists(), "nothing was played");
}

#[test]
fn a_seat_that_is_not_there_and_a_speed_the_playback_has_not_are_refused_for_every_bundled_replay() {
    let dir = tempfile::tempdir().unwrap();
    let shot = dir.path().join("x.png");
    let mut replays: Vec<_> = std::fs::read_dir(workspace().join("replays"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    replays.sort();
    assert!(replays.len() >= 7, "a replay of every game");
    for replay in &replays {
        // Refused before any window: no display is needed to be told.
        let o = run(kibitz().arg("view").arg(replay).args(["--perspective", "9", "--screenshot"]).arg(&shot).env_remove("DISPLAY"));
        let said = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{}: {said}", replay.display());
        assert!(said.contains("--perspective 9: this game's seats are 0 ("), "{}: {said}", replay.display());
        assert!(!said.contains("panicked"), "{said}");
    }
    let o = run(kibitz().arg("view").arg(&replays[0]).args(["--speed", "3"]));
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("the speeds are 0.25, 0.5, 1, 2, 4, 8, 16, 32, 64"), "{}", stderr(&o));
    assert!(!shot.exists());
}

/// A bot (or a server game's client) that dies before it says a word has its own message said
/// with its failure, in every game `kibitz match` runs: in the summary's reason, on stderr, and
/// in the replay. A wrong path is the commonest organiser's mistake; Python's "can't open file"
/// is then the only clue.
#[test]
fn a_bot_or_client_that_dies_at_once_says_why_in_every_game() {
    let dir = tempfile::tempdir().unwrap();
    let maps = workspace().join("maps");
    let map = |file: &str| maps.join(file).display().to_string();
    let ours = |game: &str, strategy: &str| format!("'{}' bot {game} {strategy}", env!("CARGO_BIN_EXE_kibitz"));
    // Each game's arguments for a short match, and the bot sitting opposite the one that dies.
    let quick = ["--turn-ms", "300", "--start", "now"];
    let games: Vec<(&str, Vec<String>, Option<String>)> = vec![
        (
            "lighthouses",
            vec!["--map".into(), map("lighthouses/duel.txt"), "--rounds".into(), "3".into()],
            Some(ours("lighthouses", "greedy")),
        ),
        ("snakecore", vec!["--map".into(), map("snakecore/duel.txt"), "--turns".into(), "5".into()], Some(ours("snakecore", "greedy"))),
        ("amazes", vec!["--maze".into(), map("amazes/kibitz-1.txt")], Some(ours("amazes", "explorer"))),
        ("fedrunek", ["--n", "8", "--turns", "2"].iter().chain(&quick).map(|s| s.to_string()).collect(), None),
        ("wycinanka", ["--width", "8", "--height", "8", "--game-turns", "2"].iter().chain(&quick).map(|s| s.to_string()).collect(), None),
        ("osada", ["--n", "64", "--game-turns", "2"].iter().chain(&quick).map(|s| s.to_string()).collect(), None),
    ];
    assert_every_game(
        &games.iter().map(|g| g.0).collect::<Vec<_>>(),
        |c| c.matches.is_some() && c.bots.is_some(),
        "a match of every game with bots or clients",
    );
    for (dying, words) in [("python3 nosuch.py", "can't open file"), ("sh -c 'echo boom >&2; exit 3'", "boom")] {
        for (game, args, opposite) in &games {
            let out = dir.path().join(format!("{game}.jsonl"));
            // A server game's client gets HOST PORT LOGIN PASSWORD appended: `#` leaves them out.
            let dying = if opposite.is_some() { dying.to_string() } else { format!("{dying} #") };
            let bots: Vec<String> = opposite.iter().cloned().chain([dying.clone()]).collect();
            let o = run(kibitz().args(["match", game]).args(args).arg("--out").arg(&out).arg("--").args(&bots));
            assert!(o.status.success(), "{game}: {}", stderr(&o));
            let summary = summary(&o);
            let failed = &summary["failed"];
            assert_eq!(failed.as_array().map(Vec::len), Some(1), "{game} {dying}: {summary}");
            let reason = failed[0]["reason"].as_str().unwrap();
            assert!(reason.contains("; stderr: ") && reason.contains(words), "{game} {dying}: {reason}");
            assert!(stderr(&o).contains(words), "{game} {dying}: {}", stderr(&o));
            let replay = std::fs::read_to_string(&out).unwrap();
            let end: serde_json::Value = serde_json::from_str(replay.lines().last().unwrap()).unwrap();
            assert_eq!(end["end"]["failed"][0]["reason"], reason, "{game} {dying}: the end record says the same");
            if opposite.is_some() {
                // The bot games record the failure on the turn it happened, its stderr with it.
                let marked = replay.lines().find(|l| l.contains("\"failed\":")).unwrap();
                let record: serde_json::Value = serde_json::from_str(marked).unwrap();
                assert!(record["stderr"].to_string().contains(words), "{game} {dying}: {marked}");
            }
            assert!(verify(&out).status.success(), "{game} {dying}");
        }
    }
}

/// What a spy logged in a real `kibitz match GAME ARGS -- SEATS...` played in the folder `dir`
/// (the spy, one of the seats, writes `dir/exchange.txt`), a line each.
fn spied_match(dir: &std::path::Path, game: &str, args: &[&str], seats: &[String]) -> Vec<String> {
    let out = dir.join("spied.jsonl");
    let o = run(kibitz().current_dir(dir).args(["match", game]).args(args).arg("--out").arg(&out).arg("--").args(seats));
    assert!(o.status.success(), "{game}: {}", stderr(&o));
    assert_eq!(summary(&o)["failed"], serde_json::json!([]), "{game}: the spy changes nothing");
    std::fs::read_to_string(dir.join("exchange.txt")).unwrap().lines().map(str::to_string).collect()
}

/// What `bot` read and wrote in a real `kibitz match GAME ARGS -- BOT OPPOSITE`, in order: the
/// referee's lines as `> LINE`, the bot's as `< LINE`, logged by a spy between them (each line
/// is logged before it is passed on, so an answer is always logged after what it answers).
fn spied(game: &str, args: &[&str], bot: &str, opposite: &str) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("exchange.txt");
    let log = log.display();
    let spy = format!(
        "while IFS= read -r l; do printf '> %s\\n' \"$l\" >> {log}; printf '%s\\n' \"$l\"; done | {bot} | \
         while IFS= read -r l; do printf '< %s\\n' \"$l\" >> {log}; printf '%s\\n' \"$l\"; done"
    );
    spied_match(dir.path(), game, args, &[spy, opposite.to_string()])
}

/// A spy between a server game's client and the server, run as the client
/// (`python3 spy.py LOG CLIENT...`, the match appending HOST PORT LOGIN PASSWORD): it listens on
/// a loopback port of its own, starts CLIENT with that port and the same login, connects each
/// connection the client makes to the server, and passes the lines on both ways, logging each
/// before it passes it on: `> LINE` from the server, `< LINE` from the client.
const SERVER_SPY: &str = r#"import os, socket, subprocess, sys, threading
log_path, client, (host, port, login, password) = sys.argv[1], sys.argv[2:-4], sys.argv[-4:]
log, lock = open(log_path, "a"), threading.Lock()

def pass_on(source, sink, mark):
    try:
        for line in source.makefile("rb"):
            with lock:
                log.write(mark + line.decode("utf-8", "replace").rstrip("\r\n") + "\n")
                log.flush()
            sink.sendall(line)
        sink.shutdown(socket.SHUT_WR)
    except OSError:
        pass

def spy(conn):
    server = socket.create_connection((host, int(port)))
    threading.Thread(target=pass_on, args=(server, conn, "> "), daemon=True).start()
    pass_on(conn, server, "< ")

def accept(listener):
    while True:
        threading.Thread(target=spy, args=(listener.accept()[0],), daemon=True).start()

listener = socket.socket()
listener.bind(("127.0.0.1", 0))
listener.listen()
mine = str(listener.getsockname()[1])
threading.Thread(target=accept, args=(listener,), daemon=True).start()
env = dict(os.environ, KIBITZ_HOST="127.0.0.1", KIBITZ_PORT=mine)
sys.exit(subprocess.call(client + ["127.0.0.1", mine, login, password], env=env))
"#;

/// What `client` read and wrote as team1 in a real `kibitz match GAME ARGS -- CLIENT 'sleep 2;
/// OPPOSITE'`, logged by [`SERVER_SPY`]. team2 logs in 2 s late, so team1's first turn is played
/// before the clock starts, and its `WAIT` is told the whole turn is left, the same in every run.
fn spied_client(game: &str, args: &[&str], client: &str, opposite: &str) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let spy = dir.path().join("spy.py");
    std::fs::write(&spy, SERVER_SPY).unwrap();
    let log = dir.path().join("exchange.txt");
    let spied = format!("python3 '{}' '{}' {client}", spy.display(), log.display());
    spied_match(dir.path(), game, args, &[spied, format!("sleep 2; {opposite}")])
}

/// A spy run as a contest solver (`python3 spy.py LOG SOLVER... --`, the match appending its
/// flags): it logs the flags after its `--` as a JSON list (`> [...]`), runs SOLVER with them, and
/// logs each line the solver prints (`< LINE`) before passing it on.
const SOLVER_SPY: &str = r#"import json, subprocess, sys
log_path, rest = sys.argv[1], sys.argv[2:]
solver, flags = rest[:rest.index("--")], rest[rest.index("--") + 1:]
with open(log_path, "a") as log:
    log.write("> " + json.dumps(flags) + "\n")
    log.flush()
    run = subprocess.Popen(solver + flags, stdout=subprocess.PIPE)
    for line in run.stdout:
        log.write("< " + line.decode("utf-8", "replace").rstrip("\r\n") + "\n")
        log.flush()
        sys.stdout.buffer.write(line)
        sys.stdout.buffer.flush()
    sys.exit(run.wait())
"#;

/// What our solver was given and printed in a real `kibitz match icfp2015 --problem tiny.json --
/// 'kibitz solve icfp2015'`, played in a folder where `tiny.json` holds `problem`, logged by
/// [`SOLVER_SPY`].
fn spied_solver(problem: &str) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("tiny.json"), problem).unwrap();
    let spy = dir.path().join("spy.py");
    std::fs::write(&spy, SOLVER_SPY).unwrap();
    let log = dir.path().join("exchange.txt");
    let solver = format!("python3 '{}' '{}' '{}' solve icfp2015 --", spy.display(), log.display(), env!("CARGO_BIN_EXE_kibitz"));
    spied_match(dir.path(), "icfp2015", &["--problem", "tiny.json"], &[solver])
}

/// The code blocks of a rules doc's section `## One exchange`, each as its lines.
fn exchange_blocks(game: &str) -> Vec<Vec<String>> {
    let doc = std::fs::read_to_string(workspace().join(format!("docs/rules/{game}.md"))).unwrap();
    let section = doc.split("\n## One exchange").nth(1).unwrap_or_else(|| panic!("docs/rules/{game}.md has no `## One exchange`"));
    let section = section.split("\n## ").next().unwrap();
    // The pieces between fences, every other one, each opening with the fence's language.
    section.split("```").skip(1).step_by(2).map(|block| block.lines().skip(1).map(str::to_string).collect::<Vec<_>>()).collect()
}

/// The first code block of a rules doc's `## One exchange`, a line each, and `None` for each of
/// the lines that a line `[N lines left out]` stands for.
fn shown_exchange(game: &str) -> Vec<Option<String>> {
    let blocks = exchange_blocks(game);
    let block = blocks.first().unwrap_or_else(|| panic!("docs/rules/{game}.md: no code block in `## One exchange`"));
    let mut shown: Vec<Option<String>> = Vec::new();
    for line in block {
        match line.strip_prefix('[').and_then(|l| l.strip_suffix(" lines left out]")) {
            Some(n) => shown.resize(shown.len() + n.parse::<usize>().unwrap_or_else(|_| panic!("docs/rules/{game}.md: {line}")), None),
            None => shown.push(Some(line.clone())),
        }
    }
    shown
}

/// Fails unless the first block of `game`'s `## One exchange` is the start of what the spy saw,
/// line for line (a line left out matching any).
fn assert_shown(game: &str, seen: &[String]) {
    let shown = shown_exchange(game);
    let marked = |mark: &str| shown.iter().flatten().any(|l| l.starts_with(mark));
    assert!(marked("> ") && marked("< "), "{game}: {shown:?}");
    assert!(seen.len() >= shown.len(), "{game}: the spy saw {seen:?}");
    for (k, (doc, real)) in shown.iter().zip(seen).enumerate() {
        if let Some(doc) = doc {
            assert_eq!(doc, real, "docs/rules/{game}.md: line {} of the exchange (left-out lines counted) against a real match", k + 1);
        }
    }
}

/// A command line's words.
fn words(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

/// Each game's rules doc shows one exchange as a bot, a client or a solver sees it (the start,
/// one turn and what follows it; a solver's command line and its answer) exactly as the referee
/// or server writes it and as our bot answers: the doc's block is the start of what a spy sees in
/// the match the doc names, so it cannot drift.
#[test]
fn the_exchange_every_games_rules_doc_shows_is_what_a_real_match_gives() {
    let maps = workspace().join("maps");
    let bin = env!("CARGO_BIN_EXE_kibitz");
    let ours = |game: &str, strategy: &str| format!("'{bin}' bot {game} {strategy}");
    let seeded = |game: &str, strategy: &str, seed: u64| format!("{} --seed {seed}", ours(game, strategy));
    let lighthouses = maps.join("lighthouses/duel.txt").display().to_string();
    let snakecore = maps.join("snakecore/duel.txt").display().to_string();
    let amazes = maps.join("amazes/kibitz-1.txt").display().to_string();
    let python_fedrunek = format!("python3 '{}'", workspace().join("docs/clients/fedrunek.py").display());
    let games = ["lighthouses", "snakecore", "amazes", "fedrunek", "osada", "wycinanka", "icfp2015"];
    assert_every_game(&games, |_| true, "every game's exchange");
    for game in games {
        let seen = match game {
            // The bot games: our bots over stdin and stdout.
            "lighthouses" => spied(game, &["--map", &lighthouses, "--rounds", "2"], &seeded(game, "greedy", 0), &seeded(game, "random", 1)),
            "snakecore" => {
                spied(game, &["--map", &snakecore, "--turns", "2", "--seed", "1"], &seeded(game, "greedy", 0), &seeded(game, "random", 1))
            }
            "amazes" => spied(game, &["--maze", &amazes, "--seed", "1"], &seeded(game, "explorer", 0), &seeded(game, "random", 1)),
            // The server games: a small world, two turns, our clients over TCP.
            "fedrunek" => {
                let args = words("--n 5 --stations 1 --miners 1 --turns 2 --seed 1");
                spied_client(game, &args, &python_fedrunek, &ours(game, "greedy"))
            }
            "osada" => {
                let args = words("--n 64 --stormtroopers 1 --builders 1 --snipers 1 --game-turns 2 --seed 1");
                spied_client(game, &args, &ours(game, "defender"), &ours(game, "defender"))
            }
            "wycinanka" => {
                let args = words("--width 4 --height 4 --initial-orders 1 --min-order 3 --max-order 4 --game-turns 2 --seed 1");
                spied_client(game, &args, &ours(game, "solver"), &ours(game, "solver"))
            }
            // The solver game: the problem is the doc's second block.
            "icfp2015" => {
                let blocks = exchange_blocks(game);
                let problem = blocks.get(1).unwrap_or_else(|| panic!("docs/rules/{game}.md: no problem after the exchange"));
                spied_solver(&(problem.join("\n") + "\n"))
            }
            _ => unreachable!("{game}: no match of its own here"),
        };
        assert_shown(game, &seen);
    }
}
