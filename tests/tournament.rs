//! `kibitz tournament` as its users run it: a round robin of our lighthouses bots killed and
//! resumed, the same plan run by GNU parallel giving the same standings, the per-line scripts
//! of Slurm and Kubernetes, and every bad spec refused before anything runs.

use crate::common::have;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const KIBITZ: &str = env!("CARGO_BIN_EXE_kibitz");
const REPO: &str = env!("CARGO_MANIFEST_DIR");

/// Three of our lighthouses bots on harbour and duel, 30 rounds, seats swapped: 12 matches.
fn spec(dir: &Path) -> PathBuf {
    let text = format!(
        r#"(
  game: "lighthouses",
  bots: [
    (name: "greedy", command: "kibitz bot lighthouses greedy"),
    (name: "rnd1", command: "kibitz bot lighthouses random --seed 1"),
    (name: "rnd2", command: "kibitz bot lighthouses random --seed 2"),
  ],
  setups: [
    (name: "harbour", flags: ["--map", "{REPO}/maps/lighthouses/harbour.txt", "--rounds", "30"]),
    (name: "duel", flags: ["--map", "{REPO}/maps/lighthouses/duel.txt", "--rounds", "30"]),
  ],
  seats: 2,
  format: RoundRobin,
  seed: 42,
)"#
    );
    let path = dir.join("spec.ron");
    std::fs::write(&path, text).unwrap();
    path
}

fn kibitz(args: &[&str], cwd: &Path) -> Output {
    Command::new(KIBITZ).args(args).current_dir(cwd).output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The replays of a tournament folder, by name.
fn replays(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|x| x == "jsonl")).collect())
        .unwrap_or_default();
    found.sort();
    found
}

fn finished(dir: &Path) -> usize {
    replays(dir)
        .iter()
        .filter(|p| std::fs::read_to_string(p).is_ok_and(|t| t.lines().last().is_some_and(|l| l.starts_with("{\"end\""))))
        .count()
}

/// The processes whose environment holds `marker`, other than this test.
fn processes_with(marker: &str) -> Vec<String> {
    let me = std::process::id().to_string();
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|pid| pid.chars().all(|c| c.is_ascii_digit()) && *pid != me)
        .filter(|pid| {
            std::fs::read(format!("/proc/{pid}/environ")).is_ok_and(|env| env.windows(marker.len()).any(|w| w == marker.as_bytes()))
        })
        .collect()
}

/// The standings' JSON without what differs between runs of the same matches (time-outs
/// aside, nothing does: the bots are deterministic for a seed).
fn standings_json(dir: &Path) -> serde_json::Value {
    let out = kibitz(&["tournament", "standings", &dir.to_string_lossy(), "--json"], dir);
    assert!(out.status.success(), "{}", text(&out.stderr));
    serde_json::from_str(text(&out.stdout).lines().last().unwrap()).unwrap()
}

#[test]
fn a_round_robin_killed_twice_and_resumed_ends_with_every_replay_once_and_nothing_left_running() {
    let root = tempfile::tempdir().unwrap();
    let spec = spec(root.path());
    let out = root.path().join("out");
    let out_arg = out.to_string_lossy().into_owned();
    for (k, signal) in [libc::SIGTERM, libc::SIGKILL].into_iter().enumerate() {
        let marker = format!("KIBITZ_TEST_RUN={}-{k}", root.path().display());
        let (name, value) = marker.split_once('=').unwrap();
        let mut args = vec!["tournament", "run", spec.to_str().unwrap(), "--out", &out_arg, "--jobs", "2"];
        if k > 0 {
            args.push("--resume");
        }
        let said = root.path().join(format!("runner-{k}.err"));
        let mut runner = Command::new(KIBITZ)
            .args(&args)
            .env(name, value)
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&said).unwrap())
            .spawn()
            .unwrap();
        let until = Instant::now() + Duration::from_secs(60);
        let before = finished(&out);
        while finished(&out) < (before + 3).min(12) && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(5));
        }
        // SAFETY: kill(2) on our own child.
        unsafe { libc::kill(runner.id() as libc::pid_t, signal) };
        runner.wait().unwrap();
        // Its matches die with it: a parent-death signal, or their groups killed on SIGTERM.
        let until = Instant::now() + Duration::from_secs(10);
        while !processes_with(&marker).is_empty() && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert_eq!(processes_with(&marker), Vec::<String>::new(), "a process of the runner killed by signal {signal} is left");
        if signal == libc::SIGTERM {
            // Its last count adds up: the matches it killed are counted as stopped.
            let said = std::fs::read_to_string(&said).unwrap();
            let last = said.lines().rfind(|l| l.starts_with("12 matches: ")).unwrap_or_else(|| panic!("no progress line:\n{said}"));
            let counts: Vec<usize> = last.split([':', ',', '·']).filter_map(|part| part.split_whitespace().next()?.parse().ok()).collect();
            assert_eq!(counts.iter().sum::<usize>(), 12 + 12, "{last}");
            assert!(said.contains("cut short"), "{said}");
        }
    }
    let resumed = kibitz(&["tournament", "run", spec.to_str().unwrap(), "--out", &out_arg, "--jobs", "2", "--resume"], root.path());
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    let summary: serde_json::Value = serde_json::from_str(text(&resumed.stdout).lines().last().unwrap()).unwrap();
    assert_eq!((summary["matches"].as_u64(), summary["done"].as_u64()), (Some(12), Some(12)));
    let files = replays(&out);
    assert_eq!(files.len(), 12);
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        assert_eq!(text.matches("{\"end\"").count(), 1, "{}", file.display());
        let verified = kibitz(&["verify", &file.to_string_lossy()], root.path());
        assert!(verified.status.success(), "{}: {}", file.display(), text);
    }
    // No match started again once done: in the runner's log, a "start" never follows its "done"
    // (or its "skip", a later run finding it done: one that finished while its runner was being
    // killed has no "done").
    let log = std::fs::read_to_string(out.join("runner.log")).unwrap();
    let mut done = std::collections::HashSet::new();
    for line in log.lines() {
        let mut words = line.split_whitespace().skip(1);
        match (words.next(), words.next()) {
            (Some("done"), Some(id)) => assert!(done.insert(id.to_string()), "{id} was done twice:\n{log}"),
            (Some("skip"), Some(id)) => {
                done.insert(id.to_string());
            }
            (Some("start"), Some(id)) => assert!(!done.contains(id), "{id} started again after it was done:\n{log}"),
            _ => {}
        }
    }
    assert_eq!(done.len(), 12, "{log}");
    assert!(log.contains("skip "), "the resumed runs skipped the done matches:\n{log}");

    // The standings: every match played; the greedy bot on top; rnd1 and rnd2 each played 8.
    let table = standings_json(&out);
    assert_eq!((table["matches"].as_u64(), table["played"].as_u64()), (Some(12), Some(12)));
    assert_eq!(table["rows"][0]["bot"], "greedy");
    let rows = table["rows"].as_array().unwrap();
    assert!(
        rows.iter()
            .all(|r| r["played"] == 8 && r["wins"].as_u64().unwrap() + r["draws"].as_u64().unwrap() + r["losses"].as_u64().unwrap() == 8)
    );
    let chart = root.path().join("ratings.png");
    let human = kibitz(&["tournament", "standings", &out_arg, "--chart", &chart.to_string_lossy()], root.path());
    assert!(text(&human.stdout).contains("12 of 12 matches played"), "{}", text(&human.stdout));
    // The chart: a line in each bot's colour.
    let picture = image::open(&chart).unwrap().to_rgba8();
    assert_eq!(picture.dimensions(), (960, 540));
    for k in 0..3 {
        let color = kibitz::kit::viewing::palette::player_color(k).to_srgba_unmultiplied();
        assert!(picture.pixels().filter(|p| p.0 == color).count() > 100, "no line in bot {k}'s colour");
    }

    // A playlist of the two closest matches and greedy's, which the broadcast reads and opens.
    let listed = kibitz(
        &[
            "tournament",
            "playlist",
            &out_arg,
            "--closest",
            "2",
            "--bot",
            "greedy",
            "--out",
            &root.path().join("show.ron").to_string_lossy(),
        ],
        root.path(),
    );
    assert!(listed.status.success(), "{}", text(&listed.stderr));
    let show = kibitz::shell::playlist::Playlist::open(&root.path().join("show.ron").to_string_lossy()).unwrap();
    let names: Vec<String> = show.items.iter().map(|i| format!("{i:?}")).collect();
    // The two closest first, then greedy's eight (one of the two may be among them).
    let greedys = |names: &[String]| names.iter().filter(|n| n.contains("greedy")).count();
    assert_eq!(greedys(&names), 8, "{names:?}");
    assert_eq!(names.len(), 8 + 2 - greedys(&names[..2]), "{names:?}");
    for item in &show.items {
        let kibitz::shell::playlist::Item::Replay(path) = item else { panic!("{item:?}") };
        assert!(path.starts_with(root.path().join("out")), "{}", path.display());
        kibitz::games::registry().open(&std::fs::read_to_string(path).unwrap(), "show".into()).unwrap();
    }

    // GNU parallel runs the same plan to the same standings.
    if !have("parallel") {
        return;
    }
    let by_parallel = root.path().join("by-parallel");
    let plan =
        kibitz(&["tournament", "plan", spec.to_str().unwrap(), "--out", &by_parallel.to_string_lossy(), "--kibitz", KIBITZ], root.path());
    assert!(plan.status.success(), "{}", text(&plan.stderr));
    let ran = Command::new("parallel")
        .args(["--jobs", "2", "--joblog", &by_parallel.join("joblog").to_string_lossy()])
        .stdin(std::fs::File::open(by_parallel.join("plan.txt")).unwrap())
        .current_dir(root.path())
        .output()
        .unwrap();
    assert!(ran.status.success(), "{}", text(&ran.stderr));
    let (mine, theirs) = (standings_json(&out), standings_json(&by_parallel));
    for key in ["played", "matches"] {
        assert_eq!(mine[key], theirs[key]);
    }
    let rows = |t: &serde_json::Value| -> Vec<String> {
        t["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                format!(
                    "{} {} {} {} {} {} {:.9} {:.9}",
                    r["bot"], r["played"], r["wins"], r["draws"], r["losses"], r["total"], r["rating"], r["uncertainty"]
                )
            })
            .collect()
    };
    assert_eq!(rows(&mine), rows(&theirs));
}

#[test]
fn the_slurm_and_kubernetes_scripts_run_the_line_their_index_names() {
    let dir = tempfile::tempdir().unwrap();
    let plan = dir.path().join("plan.txt");
    let lines: Vec<String> = (1..=4).map(|k| format!("echo {k} > line-{k}.txt")).collect();
    std::fs::write(&plan, lines.join("\n") + "\n").unwrap();
    let script = |name: &str| Path::new(REPO).join("docs/tournaments").join(name);
    let run = |name: &str, var: &str, value: &str| {
        let out = Command::new("sh").arg(script(name)).arg(&plan).env(var, value).current_dir(dir.path()).output().unwrap();
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
    };
    // Slurm counts array tasks from 1 here; Kubernetes' completion indices from 0.
    run("slurm-task.sh", "SLURM_ARRAY_TASK_ID", "3");
    run("k8s-task.sh", "JOB_COMPLETION_INDEX", "1");
    let written: Vec<String> = (1..=4).filter(|k| dir.path().join(format!("line-{k}.txt")).exists()).map(|k| k.to_string()).collect();
    assert_eq!(written, ["2", "3"]);
    let missing = Command::new("sh")
        .arg(script("slurm-task.sh"))
        .arg(&plan)
        .env("SLURM_ARRAY_TASK_ID", "9")
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(!missing.status.success() && text(&missing.stderr).contains("line 9"), "{}", text(&missing.stderr));
}

#[test]
fn bad_specs_are_refused_with_exit_2_before_any_match_starts() {
    let dir = tempfile::tempdir().unwrap();
    let good = std::fs::read_to_string(spec(dir.path())).unwrap();
    let cases: [(&str, &str, &str); 9] = [
        ("\"lighthouses\"", "\"chess\"", "unknown game \"chess\"; this Kibitz knows"),
        (
            "\"--rounds\", \"30\"]),\n    (name: \"duel\"",
            "\"--rounds\", \"30\", \"--frobnicate\"]),\n    (name: \"duel\"",
            "setup \"harbour\" with 2 bots: unexpected argument '--frobnicate'",
        ),
        ("maps/lighthouses/duel.txt", "maps/lighthouses/nope.txt", "setup \"duel\" with 2 bots: cannot read"),
        ("seats: 2", "seats: 3", "setup \"duel\" with 3 bots:"),
        ("name: \"rnd2\"", "name: \"rnd1\"", "bot name \"rnd1\" is used twice"),
        ("name: \"rnd2\"", "name: \"rnd/2\"", "letters, digits and -_. only"),
        (
            "random --seed 2",
            "random --seed 2\", check: true), (name: \"x\", command: \"no-such-bot-xyz",
            "sh cannot find \"no-such-bot-xyz\"",
        ),
        ("\"--rounds\", \"30\"]),\n  ]", "\"--rounds\", \"30\", \"--out\", \"x.jsonl\"]),\n  ]", "--out is set by the plan"),
        ("format: RoundRobin", "format: Each", "Each is for one-seat games"),
    ];
    for (k, (from, to, said)) in cases.iter().enumerate() {
        assert!(good.contains(from), "case {k}: {from:?}");
        let path = dir.path().join(format!("bad-{k}.ron"));
        std::fs::write(&path, good.replace(from, to)).unwrap();
        let out_dir = dir.path().join(format!("out-{k}"));
        for verb in ["plan", "run"] {
            let out = kibitz(&["tournament", verb, &path.to_string_lossy(), "--out", &out_dir.to_string_lossy()], dir.path());
            assert_eq!(out.status.code(), Some(2), "case {k} {verb}: {}", text(&out.stderr));
            assert!(text(&out.stderr).contains(said), "case {k} {verb}: wanted {said:?} in {}", text(&out.stderr));
            assert!(replays(&out_dir).is_empty(), "case {k}: a match ran");
        }
    }
    // A folder with a tournament's replays is not run over unless resumed; nor another spec.
    let spec = spec(dir.path());
    let out = dir.path().join("out");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join("harbour-greedy-vs-rnd1-1.jsonl"), "{}\n").unwrap();
    let again = kibitz(&["tournament", "run", spec.to_str().unwrap(), "--out", &out.to_string_lossy()], dir.path());
    assert_eq!(again.status.code(), Some(2));
    assert!(text(&again.stderr).contains("--resume finishes the tournament"), "{}", text(&again.stderr));
    assert_eq!(std::fs::read_to_string(out.join("harbour-greedy-vs-rnd1-1.jsonl")).unwrap(), "{}\n", "nothing was lost");
}

/// Writes a spec and runs it whole, returning its standings' JSON.
fn run_spec(dir: &Path, spec: &str, jobs: &str) -> serde_json::Value {
    let path = dir.join("spec.ron");
    std::fs::write(&path, spec).unwrap();
    let out = dir.join("out");
    let ran = kibitz(&["tournament", "run", path.to_str().unwrap(), "--out", &out.to_string_lossy(), "--jobs", jobs], dir);
    assert!(ran.status.success(), "{}\n{}", text(&ran.stdout), text(&ran.stderr));
    standings_json(&out)
}

#[test]
fn a_fedrunek_tournament_ranks_by_the_contests_points_and_names_the_client_that_left() {
    let dir = tempfile::tempdir().unwrap();
    let spec = format!(
        r#"(
  game: "fedrunek",
  bots: [
    (name: "greedy", command: "kibitz bot fedrunek greedy"),
    (name: "python", command: "python3 {REPO}/docs/clients/fedrunek.py"),
    (name: "quitter", command: "timeout 1 python3 {REPO}/docs/clients/fedrunek.py"),
  ],
  setups: [
    (name: "crust", flags: ["--n", "12", "--turn-ms", "50", "--turns", "60", "--profile", "crust"]),
    (name: "layers", flags: ["--n", "12", "--turn-ms", "50", "--turns", "60", "--profile", "layers"]),
  ],
  seats: 3,
  format: RoundRobin,
  seed: 7,
)"#
    );
    let table = run_spec(dir.path(), &spec, "2");
    assert_eq!((table["matches"].as_u64(), table["played"].as_u64()), (Some(6), Some(6)));
    let rows = table["rows"].as_array().unwrap();
    let row = |bot: &str| rows.iter().find(|r| r["bot"] == bot).unwrap();
    // Every match seats every bot: the contest's ranking points, the best near 100 or above.
    let points: Vec<f64> = rows.iter().map(|r| r["points"].as_f64().expect("ranking points")).collect();
    assert!(points.iter().any(|&p| p >= 99.0), "{points:?}");
    // The client killed after a second left every match early, and the replays say so.
    let quitter = row("quitter");
    assert_eq!(quitter["failures"].as_array().unwrap().len(), 6, "{quitter}");
    assert!(quitter["failures"][0]["what"].as_str().unwrap().contains("exited before the end of the games"), "{quitter}");
    assert_eq!(row("greedy")["failures"].as_array().unwrap().len(), 0);
    // The replays name the teams after the bots.
    let first = std::fs::read_to_string(dir.path().join("out/crust-greedy-vs-python-vs-quitter-1.jsonl")).unwrap();
    assert!(first.lines().next().unwrap().contains(r#""name":"greedy""#));
    let human = kibitz(&["tournament", "standings", &dir.path().join("out").to_string_lossy()], dir.path());
    assert!(text(&human.stdout).contains("points"), "{}", text(&human.stdout));
    // Scores (fedrunek counts millionths) without the zeros that say nothing.
    assert!(!text(&human.stdout).contains(".000000"), "{}", text(&human.stdout));
}

#[test]
fn a_bot_with_a_wrong_path_says_why_in_each_matchs_log_and_in_the_standings() {
    let dir = tempfile::tempdir().unwrap();
    let spec = format!(
        r#"(
  game: "lighthouses",
  bots: [
    (name: "greedy", command: "kibitz bot lighthouses greedy"),
    (name: "typo", command: "python3 {REPO}/nosuch.py"),
  ],
  setups: [(name: "duel", flags: ["--map", "{REPO}/maps/lighthouses/duel.txt", "--rounds", "3"])],
  seats: 2,
  format: RoundRobin,
  seed: 1,
)"#
    );
    let table = run_spec(dir.path(), &spec, "1");
    let typo = table["rows"].as_array().unwrap().iter().find(|r| r["bot"] == "typo").unwrap().clone();
    let failures = typo["failures"].as_array().unwrap();
    assert_eq!(failures.len(), 2, "{typo}");
    assert!(failures.iter().all(|f| f["what"].as_str().unwrap().contains("can't open file")), "{typo}");
    let logs: Vec<PathBuf> = std::fs::read_dir(dir.path().join("out"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "log") && !p.ends_with("runner.log"))
        .collect();
    assert_eq!(logs.len(), 2, "{logs:?}");
    for log in logs {
        let text = std::fs::read_to_string(&log).unwrap();
        let said = text.lines().find(|l| l.starts_with("kibitz: ") && l.contains(" failed: ")).unwrap_or_else(|| panic!("{text}"));
        assert!(said.contains("No such file or directory"), "{}: {said}", log.display());
    }
}

#[test]
fn a_snakecore_tournament_on_four_pythons_counts_six_pairwise_results_a_match() {
    let dir = tempfile::tempdir().unwrap();
    let spec = format!(
        r#"(
  game: "snakecore",
  bots: [
    (name: "greedy", command: "kibitz bot snakecore greedy"),
    (name: "r1", command: "kibitz bot snakecore random --seed 1"),
    (name: "r2", command: "kibitz bot snakecore random --seed 2"),
    (name: "r3", command: "kibitz bot snakecore random --seed 3"),
  ],
  setups: [(name: "four", flags: ["--map", "{REPO}/maps/snakecore/four.txt", "--turns", "40"])],
  seats: 4,
  format: RoundRobin,
  seed: 3,
)"#
    );
    let table = run_spec(dir.path(), &spec, "1");
    // One group of four in four seat orders.
    assert_eq!((table["matches"].as_u64(), table["played"].as_u64()), (Some(4), Some(4)));
    let results: u64 = table["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["wins"].as_u64().unwrap() + r["draws"].as_u64().unwrap() + r["losses"].as_u64().unwrap())
        .sum();
    // Six pairs a match, each counted from both sides.
    assert_eq!(results, 4 * 6 * 2);
    let wins: u64 = table["rows"].as_array().unwrap().iter().map(|r| r["wins"].as_u64().unwrap()).sum();
    let losses: u64 = table["rows"].as_array().unwrap().iter().map(|r| r["losses"].as_u64().unwrap()).sum();
    assert_eq!(wins, losses, "every win is somebody's loss");
}

/// Six of our lighthouses bots on duel, 30 rounds, in `format`.
fn six_on_duel(format: &str, games: u32) -> String {
    let bots: Vec<String> = std::iter::once(r#"(name: "greedy", command: "kibitz bot lighthouses greedy")"#.to_string())
        .chain((1..=5).map(|k| format!(r#"(name: "rnd{k}", command: "kibitz bot lighthouses random --seed {k}")"#)))
        .collect();
    format!(
        r#"(
  game: "lighthouses",
  bots: [{}],
  setups: [(name: "duel", flags: ["--map", "{REPO}/maps/lighthouses/duel.txt", "--rounds", "30"])],
  seats: 2,
  format: {format},
  games: {games},
  seed: 11,
)"#,
        bots.join(", ")
    )
}

#[test]
fn a_double_elimination_of_six_plays_round_by_round_to_one_champion() {
    let dir = tempfile::tempdir().unwrap();
    let table = run_spec(dir.path(), &six_on_duel("Elimination(double: true)", 1), "2");
    let champion = table["champion"].as_str().expect("a champion");
    let bracket = table["bracket"].as_array().unwrap();
    // Every pairing decided; each bot out on its second lost pairing at most.
    let mut lost = std::collections::HashMap::new();
    for p in bracket {
        let winner = p["winner"].as_str().unwrap_or_else(|| panic!("undecided: {p}"));
        for bot in p["bots"].as_array().unwrap().iter().filter_map(|b| b.as_str()).filter(|b| *b != "bye" && *b != winner) {
            *lost.entry(bot.to_string()).or_insert(0) += 1;
        }
    }
    // The champion lost once at most; every other bot is out on its second loss.
    assert!(lost.get(champion).copied().unwrap_or(0) <= 1, "{lost:?}");
    let out: Vec<&String> = lost
        .iter()
        .filter(|(bot, _)| *bot != champion)
        .map(|(bot, l)| {
            assert_eq!(*l, 2, "{bot}: {lost:?}");
            bot
        })
        .collect();
    assert_eq!(out.len(), 5, "{lost:?}");
    // Two byes in the first round, for the top seeds.
    let byes = bracket.iter().filter(|p| p["name"].as_str().unwrap().starts_with("w1-") && p["bots"][1] == "bye").count();
    assert_eq!(byes, 2);
    assert_eq!(table["matches"], table["played"]);
    let shown = kibitz(&["tournament", "standings", &dir.path().join("out").to_string_lossy()], dir.path());
    assert!(text(&shown.stdout).contains(&format!("champion: {champion}")), "{}", text(&shown.stdout));
    // A broadcast of it, after its first match: the bracket and the table count that match
    // alone, whatever the folder already holds (no later result, no champion).
    use kibitz::cli::tournament::{Counted, broadcast_of, view_of};
    let (registry, out) = (kibitz::games::registry(), dir.path().join("out"));
    let items: Vec<kibitz::shell::playlist::Item> = broadcast_of(&registry, &out).unwrap().into_iter().map(Into::into).collect();
    let first = kibitz::shell::playlist::Running::stem(&items[0]).unwrap();
    let (early, _) = view_of(&registry, &out, &Counted::Shown([first.clone()].into())).unwrap();
    assert!(early.title.contains(&format!(" 1 of {} matches", table["matches"])), "{}", early.title);
    assert_eq!(early.champion, None, "the champion is not known after one match");
    let decided: Vec<&str> =
        early.bracket.iter().filter(|p| p.winner.is_some() && !p.bots.iter().any(|b| b == "bye")).map(|p| p.name.as_str()).collect();
    assert_eq!(decided.len(), 1, "only the first match's pairing is decided: {decided:?}");
    assert!(first.starts_with(decided[0]), "{first} decides {decided:?}");
    assert_eq!(early.rows.iter().map(|r| r.played).sum::<usize>(), 2, "one match of two bots counted");
    let later = early.matches.iter().filter(|m| m.result == "not shown yet").count();
    assert_eq!(later, items.len() - 1, "every other match's result is held back");
    let (whole, _) = view_of(&registry, &out, &Counted::All).unwrap();
    assert_eq!(whole.champion.as_deref(), Some(champion), "the viewer's own panel counts every match");
    // The report's bracket: each column's heading above its pairings, so that the headings
    // stand level (the pairings spread out below them).
    let site = dir.path().join("site");
    let report = kibitz(&["tournament", "report", "out", "--out", &site.to_string_lossy(), "--no-gifs"], dir.path());
    assert!(report.status.success(), "{}", text(&report.stderr));
    let page = std::fs::read_to_string(site.join("index.html")).unwrap();
    let columns = page.matches("<div class=\"round\">").count();
    assert!(columns >= 6, "{page}");
    assert_eq!(page.matches("</h4><div class=\"pairings\">").count(), columns, "{page}");
}

#[test]
fn a_swiss_tournament_of_six_over_four_rounds_never_pairs_two_bots_twice() {
    let dir = tempfile::tempdir().unwrap();
    let table = run_spec(dir.path(), &six_on_duel("Swiss(rounds: 4)", 1), "2");
    // The table is the Swiss one: points (a pairing won 1, level ½) and byes, best first.
    let rows = table["rows"].as_array().unwrap();
    let points: Vec<f64> = rows.iter().map(|r| r["swiss_points"].as_f64().expect("Swiss points")).collect();
    assert!(points.windows(2).all(|w| w[0] >= w[1]), "sorted by Swiss points: {points:?}");
    assert_eq!(points.iter().sum::<f64>(), 12.0, "a point a pairing: {points:?}");
    assert!(rows.iter().all(|r| r["byes"] == 0), "six bots: no byes");
    let out = dir.path().join("out");
    let shown = kibitz(&["tournament", "standings", &out.to_string_lossy()], dir.path());
    assert!(text(&shown.stdout).contains(" swiss byes "), "{}", text(&shown.stdout));
    // Planned again after the last round: nothing to run, and it says so.
    let again = kibitz(&["tournament", "plan", "spec.ron", "--out", "out"], dir.path());
    assert!(again.status.success() && again.stdout.is_empty(), "{}", text(&again.stdout));
    assert!(text(&again.stderr).contains("every round of the tournament is planned, and its 12 matches played"), "{}", text(&again.stderr));
    // Three pairings a round, four rounds.
    assert_eq!((table["matches"].as_u64(), table["played"].as_u64()), (Some(12), Some(12)));
    let mut met = std::collections::HashSet::new();
    for file in replays(&dir.path().join("out")) {
        let header: serde_json::Value = serde_json::from_str(std::fs::read_to_string(&file).unwrap().lines().next().unwrap()).unwrap();
        let mut pair: Vec<String> =
            header["players"].as_array().unwrap().iter().map(|p| p["command"].as_str().unwrap().to_string()).collect();
        pair.sort();
        assert!(met.insert(pair.clone()), "{pair:?} met twice");
    }
    assert_eq!(met.len(), 12);
}

#[test]
fn an_icfp2015_tournament_runs_each_solver_alone_on_each_problem() {
    let dir = tempfile::tempdir().unwrap();
    let spec = format!(
        r#"(
  game: "icfp2015",
  bots: [
    (name: "ours", command: "kibitz solve icfp2015"),
    (name: "silent", command: "echo '[]' #", check: false),
  ],
  setups: [(name: "hive", flags: ["--problem", "{REPO}/maps/icfp2015/hive.json", "-t", "10"])],
  seats: 1,
  format: Each,
  games: 2,
  seed: 4,
)"#
    );
    let table = run_spec(dir.path(), &spec, "2");
    assert_eq!((table["matches"].as_u64(), table["played"].as_u64()), (Some(4), Some(4)));
    let rows = table["rows"].as_array().unwrap();
    assert_eq!(rows[0]["bot"], "ours", "the solver that answers first: {rows:?}");
    assert!(rows[0]["total"].as_i64().unwrap() > 0);
    let silent = rows.iter().find(|r| r["bot"] == "silent").unwrap();
    assert_eq!((silent["total"].as_i64(), silent["failures"].as_array().map(Vec::len)), (Some(0), Some(2)), "{silent}");
    // Each match recorded one of the problem's source seeds.
    for file in replays(&dir.path().join("out")) {
        let header: serde_json::Value = serde_json::from_str(std::fs::read_to_string(&file).unwrap().lines().next().unwrap()).unwrap();
        assert!(header["seed"].as_u64().unwrap() < 1 << 32, "{}", header["seed"]);
    }
}

#[test]
fn a_bracket_is_seeded_by_the_standings_of_an_earlier_stage() {
    let dir = tempfile::tempdir().unwrap();
    let bots = r#"[(name: "rnd1", command: "kibitz bot lighthouses random --seed 1"), (name: "rnd2", command: "kibitz bot lighthouses random --seed 2"),
                   (name: "rnd3", command: "kibitz bot lighthouses random --seed 3"), (name: "greedy", command: "kibitz bot lighthouses greedy")]"#;
    let setups = format!(r#"[(name: "duel", flags: ["--map", "{REPO}/maps/lighthouses/duel.txt", "--rounds", "20"])]"#);
    let stage = |name: &str, format: &str| {
        let path = dir.path().join(format!("{name}.ron"));
        std::fs::write(&path, format!("(game: \"lighthouses\", bots: {bots}, setups: {setups}, seats: 2, format: {format}, seed: 5)"))
            .unwrap();
        let out = dir.path().join(name);
        let ran = kibitz(&["tournament", "run", path.to_str().unwrap(), "--out", &out.to_string_lossy()], dir.path());
        assert!(ran.status.success(), "{}", text(&ran.stderr));
        standings_json(&out)
    };
    let groups = stage("groups", "RoundRobin");
    let order: Vec<&str> = groups["rows"].as_array().unwrap().iter().map(|r| r["bot"].as_str().unwrap()).collect();
    assert_eq!(order[0], "greedy", "the greedy bot tops the groups");
    let finals = stage("finals", r#"Elimination(double: false, seeds_from: "groups")"#);
    // Seeded from the groups: the first seed meets the fourth, the second the third.
    let first = &finals["bracket"][0]["bots"];
    assert_eq!((first[0].as_str(), first[1].as_str()), (Some(order[0]), Some(order[3])));
    let second = &finals["bracket"][1]["bots"];
    assert_eq!((second[0].as_str(), second[1].as_str()), (Some(order[1]), Some(order[2])));
    assert!(finals["champion"].is_string());
}

#[test]
fn match_check_checks_what_a_match_would_and_starts_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("x.jsonl");
    let out = out.to_string_lossy();
    let duel = format!("{REPO}/maps/lighthouses/duel.txt");
    let cases: [(&[&str], Option<&str>); 5] = [
        (&["match", "lighthouses", "--map", &duel, "--out", &out, "--check", "--", "a", "b"], None),
        (&["match", "fedrunek", "--n", "8", "--names", "x", "y", "--out", &out, "--check", "--", "a", "b"], None),
        (&["match", "lighthouses", "--map", &duel, "--out", &out, "--check", "--", "a", "b", "c"], Some("too few for 3 bots")),
        (
            &["match", "amazes", "--maze", &format!("{REPO}/maps/amazes/kibitz-1.txt"), "--out", &out, "--check", "--", "a"],
            Some("exactly two"),
        ),
        (&["match", "snakecore", "--map", "/no/such/map.txt", "--out", &out, "--check", "--", "a"], Some("cannot read /no/such/map.txt")),
    ];
    for (args, refused) in cases {
        let o = kibitz(args, dir.path());
        match refused {
            None => {
                assert!(o.status.success(), "{args:?}: {}", text(&o.stderr));
                assert!(text(&o.stdout).contains("\"checked\":true"), "{}", text(&o.stdout));
            }
            Some(why) => {
                assert_eq!(o.status.code(), Some(2), "{args:?}");
                assert!(text(&o.stderr).contains(why), "{args:?}: {}", text(&o.stderr));
            }
        }
        assert!(!dir.path().join("x.jsonl").exists(), "{args:?} wrote a replay");
    }
}

/// Runs `kibitz ARGS` from `cwd` with its stdout a pipe whose reader is gone, as `| head -1`
/// leaves it once it has its line.
fn with_stdout_closed(args: &[&str], cwd: &Path) -> Output {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    Command::new(KIBITZ).args(args).current_dir(cwd).stdout(writer).stderr(Stdio::piped()).output().unwrap()
}

#[test]
fn every_verb_ends_quietly_when_its_stdout_is_closed() {
    let dir = tempfile::tempdir().unwrap();
    let spec = spec(dir.path());
    let spec = spec.to_string_lossy();
    let planned = kibitz(&["tournament", "plan", &spec, "--out", "out"], dir.path());
    assert!(planned.status.success(), "{}", text(&planned.stderr));
    let bot = format!("'{KIBITZ}' bot lighthouses greedy");
    let duel = format!("{REPO}/maps/lighthouses/duel.txt");
    let demo = format!("{REPO}/replays/lighthouses-duel.jsonl");
    let verbs: [&[&str]; 7] = [
        &["--help"],
        &["tournament", "plan", &spec, "--out", "out"],
        &["tournament", "standings", "out"],
        &["tournament", "standings", "out", "--json"],
        &["verify", &demo],
        &["match", "lighthouses", "--map", &duel, "--rounds", "5", "--out", "m.jsonl", "--", &bot, &bot],
        &["bot", "lighthouses", "list"],
    ];
    for args in verbs {
        let out = with_stdout_closed(args, dir.path());
        assert!(out.status.success(), "{args:?}: {:?}\n{}", out.status, text(&out.stderr));
        let said = text(&out.stderr);
        assert!(!said.contains("panicked") && !said.contains("Broken pipe") && !said.contains("stdout"), "{args:?}:\n{said}");
    }
    // The match was played and recorded all the same.
    let verified = kibitz(&["verify", "m.jsonl"], dir.path());
    assert!(verified.status.success(), "{}", text(&verified.stderr));
}

#[test]
fn a_kept_spec_out_of_bounds_is_refused_by_every_reader_naming_the_field() {
    let dir = tempfile::tempdir().unwrap();
    let spec = spec(dir.path());
    let planned = kibitz(&["tournament", "plan", &spec.to_string_lossy(), "--out", "out"], dir.path());
    assert!(planned.status.success(), "{}", text(&planned.stderr));
    let kept = dir.path().join("out/tournament.ron");
    let good = std::fs::read_to_string(&kept).unwrap();
    for (from, to, said) in [("seats: 2", "seats: 4294967295", "seats: 4294967295"), ("games: 1", "games: 2147483647", "games: 2147483647")]
    {
        assert!(good.contains(from), "{good}");
        std::fs::write(&kept, good.replace(from, to)).unwrap();
        let verbs: [&[&str]; 3] = [
            &["tournament", "standings", "out"],
            &["tournament", "report", "out", "--out", "site", "--no-gifs"],
            &["tournament", "playlist", "out"],
        ];
        for args in verbs {
            let started = Instant::now();
            let out = kibitz(args, dir.path());
            assert_eq!(out.status.code(), Some(2), "{args:?} with {to}: {}", text(&out.stderr));
            assert!(text(&out.stderr).contains("tournament.ron: ") && text(&out.stderr).contains(said), "{args:?}: {}", text(&out.stderr));
            assert!(started.elapsed() < Duration::from_secs(10), "{args:?} took {:?}", started.elapsed());
        }
    }
    // plan itself: a spec asking for more matches than a tournament holds.
    let many = std::fs::read_to_string(&spec).unwrap().replace("seed: 42", "games: 100000, seed: 42");
    std::fs::write(dir.path().join("many.ron"), many).unwrap();
    let out = kibitz(&["tournament", "plan", "many.ron", "--out", "many"], dir.path());
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("games: 100000; at most 1000"), "{}", text(&out.stderr));
}

#[test]
fn standings_leave_out_a_replay_of_the_right_players_with_another_seed_or_other_flags() {
    let dir = tempfile::tempdir().unwrap();
    let spec = format!(
        r#"(
  game: "lighthouses",
  bots: [(name: "greedy", command: "kibitz bot lighthouses greedy"), (name: "rnd1", command: "kibitz bot lighthouses random --seed 1")],
  setups: [(name: "duel", flags: ["--map", "{REPO}/maps/lighthouses/duel.txt", "--rounds", "20"])],
  seats: 2,
  format: RoundRobin,
  seed: 9,
)"#
    );
    let table = run_spec(dir.path(), &spec, "2");
    assert_eq!(table["played"], 2);
    // Each match played again by hand, as its plan line says but for one flag.
    let plan = std::fs::read_to_string(dir.path().join("out/plan.txt")).unwrap();
    let lines: Vec<&str> = plan.lines().collect();
    let seed = lines[1].split(" --seed ").nth(1).unwrap().split(' ').next().unwrap();
    let hand = [lines[0].replace("--rounds 20", "--rounds 5"), lines[1].replace(&format!("--seed {seed}"), "--seed 1")];
    for line in &hand {
        let ran = Command::new("sh").arg("-c").arg(line).current_dir(dir.path()).output().unwrap();
        assert!(ran.status.success(), "{line}: {}", text(&ran.stderr));
    }
    let table = standings_json(&dir.path().join("out"));
    assert_eq!(table["played"], 0, "{table}");
    let why: Vec<&str> = table["unverified"].as_array().unwrap().iter().map(|n| n["what"].as_str().unwrap()).collect();
    assert_eq!(why.len(), 2, "{why:?}");
    assert!(why[0].contains("another setup than the plan's \"duel\": setup.rounds is 5, the plan's 20"), "{why:?}");
    assert!(why[1].contains(&format!("it was played with seed 1, the plan's is {seed}")), "{why:?}");
    let shown = kibitz(&["tournament", "standings", "out"], dir.path());
    assert!(text(&shown.stdout).contains("left out: do not verify (2)"), "{}", text(&shown.stdout));
}

/// A lighthouses bot in Python that passes after `SLEEPY_MS` ms each turn (its third turn past
/// the hard limit), drawing a tag on its first.
const SLEEPY: &str = r##"import sys, time
sys.stdin.readline()
print('{"name":"sleepy"}', flush=True)
turn = 0
for line in sys.stdin:
    if '"position"' not in line:
        continue
    turn += 1
    if turn == 1:
        print("#kibitz tag sleepy", file=sys.stderr, flush=True)
        print("#kibitz dot 1 1", file=sys.stderr, flush=True)
    time.sleep(0.6 if turn == 3 else 0.05)
    print('{"command":"pass"}', flush=True)
"##;

#[test]
fn the_standings_time_each_bots_answers_count_its_time_outs_and_list_each_matchs_tags() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("sleepy.py"), SLEEPY).unwrap();
    let spec = format!(
        r#"(
  game: "lighthouses",
  bots: [
    (name: "greedy", command: "kibitz bot lighthouses greedy"),
    (name: "sleepy", command: "python3 sleepy.py"),
  ],
  setups: [(name: "duel", flags: ["--map", "{REPO}/maps/lighthouses/duel.txt", "--rounds", "4", "--turn-hard-ms", "400"])],
  seats: 2,
  format: RoundRobin,
  seed: 5,
)"#
    );
    let table = run_spec(dir.path(), &spec, "1");
    assert_eq!(table["played"], 2, "{table}");
    let row = |bot: &str| table["rows"].as_array().unwrap().iter().find(|r| r["bot"] == bot).unwrap().clone();
    let sleepy = row("sleepy");
    // Two timed answers a match (the third timed out; the fourth is not asked of a failed bot).
    let time = &sleepy["time"];
    assert_eq!(time["turns"], 4, "{sleepy}");
    assert!(time["median_ms"].as_u64().unwrap() >= 50 && time["max_ms"].as_u64().unwrap() < 400, "{sleepy}");
    assert_eq!(sleepy["timeouts"], 2, "{sleepy}");
    let greedy = row("greedy");
    assert_eq!(greedy["time"]["turns"], 8, "{greedy}");
    assert_eq!(greedy["timeouts"], 0);
    let tags: Vec<String> = table["tags"].as_array().unwrap().iter().map(|t| format!("{} {}", t["id"], t["tags"])).collect();
    // Our greedy bot tags its matches too; each match's tags in the order they were first drawn.
    assert_eq!(tags, [r#""duel-greedy-vs-sleepy-1" ["greedy","sleepy"]"#, r#""duel-sleepy-vs-greedy-1" ["sleepy","greedy"]"#]);
    let shown = kibitz(&["tournament", "standings", "out"], dir.path());
    let shown = text(&shown.stdout);
    assert!(
        shown.contains("median ms") && shown.contains("duel-greedy-vs-sleepy-1: greedy sleepy") && shown.contains("(2 time-outs)"),
        "{shown}"
    );

    // The playlist of a tag: the matches tagged so; of another, nothing to play (exit 2).
    let listed = kibitz(&["tournament", "playlist", "out", "--tag", "sleepy", "--out", "tagged.ron"], dir.path());
    assert!(listed.status.success(), "{}", text(&listed.stderr));
    let list = std::fs::read_to_string(dir.path().join("tagged.ron")).unwrap();
    assert_eq!(list.matches("Replay(").count(), 2, "{list}");
    let none = kibitz(&["tournament", "playlist", "out", "--tag", "sleep"], dir.path());
    assert!(none.status.code() == Some(2) && text(&none.stderr).contains("nothing to play"), "{:?} {}", none.status, text(&none.stderr));

    // The report page: the times in the table, the tags on each match's card, and on each card
    // the command that watches its replay from the site's address.
    let site = ["tournament", "report", "out", "--out", "site", "--no-gifs", "--site-url", "https://example.org/finals"];
    let made = kibitz(&site, dir.path());
    assert!(made.status.success(), "{}", text(&made.stderr));
    let page = std::fs::read_to_string(dir.path().join("site/index.html")).unwrap();
    assert!(page.contains("<th class=\"num\">p99 ms</th>") && page.contains("title=\"over 4 answers\""), "{page}");
    assert_eq!(page.matches("<span class=\"tag\">sleepy</span>").count(), 2, "{page}");
    let cards = page.matches("<article class=\"match\">").count();
    let watch: Vec<&str> = page.split("watch in Kibitz: <code>kibitz view https://example.org/finals/replays/").skip(1).collect();
    assert_eq!(watch.len(), cards, "a line on every card: {page}");
    for line in watch {
        let name = line.split("</code>").next().unwrap();
        assert!(dir.path().join("site/replays").join(name).is_file(), "{name} is served beside the page");
    }
    let refused = kibitz(&["tournament", "report", "out", "--out", "site", "--site-url", "ftp://x"], dir.path());
    assert!(refused.status.code() == Some(2) && text(&refused.stderr).contains("http:// or https://"), "{}", text(&refused.stderr));
}
