//! The paired test (`format: Sprt(...)`) and the league as a bot author runs them: our greedy
//! lighthouses bot against the random one is accepted in a few dozen pairs; a bot against
//! itself runs until H0 or max_pairs; four-seat lighthouses and fedrunek run to a decision; a
//! bot that crashes loses its pairs; a bad test is refused with its place in the spec; a league
//! takes a new version while it runs and resumes a damaged folder.

use crate::common::have;
use std::path::Path;
use std::process::{Command, Output};

const KIBITZ: &str = env!("CARGO_BIN_EXE_kibitz");
const REPO: &str = env!("CARGO_MANIFEST_DIR");

fn kibitz(args: &[&str], cwd: &Path) -> Output {
    Command::new(KIBITZ).args(args).current_dir(cwd).output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A lighthouses spec of `bots` (name, command) and `format`, 30 rounds on harbour and duel.
fn lighthouses(bots: &[(&str, &str)], seats: usize, maps: &[&str], format: &str) -> String {
    let bots: Vec<String> = bots.iter().map(|(name, command)| format!("(name: \"{name}\", command: \"{command}\")")).collect();
    let setups: Vec<String> = maps
        .iter()
        .map(|m| format!("(name: \"{m}\", flags: [\"--map\", \"{REPO}/maps/lighthouses/{m}.txt\", \"--rounds\", \"30\"])"))
        .collect();
    format!(
        "(game: \"lighthouses\", bots: [{}], setups: [{}], seats: {seats}, format: {format}, seed: 5)",
        bots.join(", "),
        setups.join(", ")
    )
}

/// Runs a spec to its end: what the runner said on stderr, and the standings' `sprt` object.
fn run(dir: &Path, spec: &str) -> (String, serde_json::Value) {
    let path = dir.join("spec.ron");
    std::fs::write(&path, spec).unwrap();
    let out = dir.join("out");
    let ran = kibitz(&["tournament", "run", path.to_str().unwrap(), "--out", &out.to_string_lossy(), "--jobs", "2"], dir);
    assert!(ran.status.success(), "{}\n{}", text(&ran.stdout), text(&ran.stderr));
    let said: serde_json::Value = serde_json::from_str(text(&ran.stdout).lines().last().unwrap()).unwrap();
    let sprt = sprt_of(dir, &out);
    assert_eq!(said["sprt"], sprt, "the run's last word is the standings'");
    (text(&ran.stderr), sprt)
}

const SPRT_50: &str = "elo0: 0.0, elo1: 50.0, alpha: 0.05, beta: 0.05";

#[test]
fn greedy_against_random_is_accepted_in_a_few_dozen_pairs_with_the_live_line_and_the_report() {
    let dir = tempfile::tempdir().unwrap();
    let bots = [("greedy", "kibitz bot lighthouses greedy"), ("random", "kibitz bot lighthouses random --seed 1")];
    let format = format!("Sprt(candidate: \"greedy\", baseline: \"random\", {SPRT_50}, max_pairs: 20000)");
    let (said, sprt) = run(dir.path(), &lighthouses(&bots, 2, &["harbour", "duel"], &format));
    assert_eq!(sprt["result"], "H1", "{sprt}");
    let pairs = sprt["pairs"].as_u64().unwrap();
    assert!((16..=48).contains(&pairs), "{pairs} pairs");
    let pentanomial: Vec<u64> = sprt["pentanomial"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap()).collect();
    assert_eq!((pentanomial.len(), pentanomial.iter().sum::<u64>()), (5, pairs));
    let (llr, lower, upper) = (sprt["llr"].as_f64().unwrap(), sprt["lower"].as_f64().unwrap(), sprt["upper"].as_f64().unwrap());
    assert!(llr >= upper && (lower + 2.944).abs() < 1e-3 && (upper - 2.944).abs() < 1e-3, "{sprt}");
    let ci: Vec<f64> = sprt["elo_ci95"].as_array().unwrap().iter().map(|e| e.as_f64().unwrap()).collect();
    let elo = sprt["elo"].as_f64().unwrap();
    assert!(ci.len() == 2 && ci[0] <= elo && elo <= ci[1] && ci[0] > 0.0, "{sprt}");
    // The live line, as fastchess prints it, then the verdict.
    assert!(said.contains("Ptnml(0-2) [") && said.contains("LLR ") && said.contains("(-2.94, 2.94) [0.00, 50.00]"), "{said}");
    assert!(said.contains(&format!("H1 accepted: greedy is better than random (after {pairs} pairs)")), "{said}");
    // The standings' text leads with it; the replays name each pair.
    let shown = kibitz(&["tournament", "standings", &dir.path().join("out").to_string_lossy()], dir.path());
    assert!(text(&shown.stdout).contains("paired test: H1 accepted"), "{}", text(&shown.stdout));
    assert!(
        dir.path().join("out/p1-harbour-greedy-vs-random.jsonl").is_file()
            && dir.path().join("out/p1-harbour-random-vs-greedy.jsonl").is_file()
    );
}

#[test]
fn a_bot_against_itself_runs_until_h0_or_max_pairs_and_resuming_plays_nothing_more() {
    let dir = tempfile::tempdir().unwrap();
    let spec = lighthouses(&[("greedy", "kibitz bot lighthouses greedy")], 2, &["harbour"], "X")
        .replace(
            "(name: \"greedy\", command: \"kibitz bot lighthouses greedy\")",
            "(name: \"greedy\", command: \"kibitz bot lighthouses greedy\"), (name: \"greedy\", version: \"copy\", command: \"kibitz bot lighthouses greedy\")",
        )
        .replace("format: X", &format!("format: Sprt(candidate: \"greedy@copy\", baseline: \"greedy\", {SPRT_50}, max_pairs: 16)"));
    let (_, sprt) = run(dir.path(), &spec);
    let pairs = sprt["pairs"].as_u64().unwrap();
    match sprt["result"].as_str().unwrap() {
        "inconclusive" => assert_eq!(pairs, 16),
        "H0" => assert!(pairs <= 16),
        other => panic!("a bot against itself was found {other}: {sprt}"),
    }
    assert!(sprt["elo"].as_f64().unwrap().abs() < 1.0, "{sprt}");
    // Two versions of one bot meet under their versions' names, and the replay records the
    // spec's version, or the one Kibitz works out.
    let replay = std::fs::read_to_string(dir.path().join("out/p1-harbour-greedy@copy-vs-greedy.jsonl")).unwrap();
    let header: serde_json::Value = serde_json::from_str(replay.lines().next().unwrap()).unwrap();
    assert_eq!(header["players"][0]["version"], "copy");
    // Worked out: `git:` where the binary is in a work tree (cargo's own target folder), else
    // `file:` (CI's target folder lies outside the clone).
    let worked_out = header["players"][1]["version"].as_str().unwrap();
    assert!(worked_out.starts_with("git:") || worked_out.starts_with("file:"), "{header}");
    let map = format!("{REPO}/maps/lighthouses/duel.txt");
    let bad = kibitz(&["match", "--versions", "a b", "lighthouses", "--map", &map, "--out", "x.jsonl", "--", "true", "true"], dir.path());
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("\"a b\" is not a version"), "{}", text(&bad.stderr));
    let out = dir.path().join("out");
    let again = kibitz(&["tournament", "run", "spec.ron", "--out", &out.to_string_lossy(), "--resume"], dir.path());
    assert!(again.status.success(), "{}", text(&again.stderr));
    let summary: serde_json::Value = serde_json::from_str(text(&again.stdout).lines().last().unwrap()).unwrap();
    assert_eq!((summary["matches"].as_u64(), summary["sprt"]["pairs"].as_u64()), (Some(2 * pairs), Some(pairs)));
}

#[test]
fn four_seat_lighthouses_runs_to_a_decision_on_pairs_of_places() {
    let dir = tempfile::tempdir().unwrap();
    let bots = [
        ("greedy", "kibitz bot lighthouses greedy"),
        ("random", "kibitz bot lighthouses random --seed 1"),
        ("r2", "kibitz bot lighthouses random --seed 2"),
        ("r3", "kibitz bot lighthouses random --seed 3"),
        ("g2", "kibitz bot lighthouses greedy"),
    ];
    let format = format!("Sprt(candidate: \"greedy\", baseline: \"random\", {SPRT_50}, max_pairs: 200)");
    let (_, sprt) = run(dir.path(), &lighthouses(&bots, 4, &["atoll"], &format));
    assert_eq!(sprt["result"], "H1", "{sprt}");
    let trinomial = sprt["trinomial"].as_array().unwrap();
    assert_eq!(trinomial.len(), 3);
    assert!(sprt.get("pentanomial").is_none());
    assert_eq!(trinomial.iter().map(|c| c.as_u64().unwrap()).sum::<u64>(), sprt["pairs"].as_u64().unwrap());
}

#[test]
fn a_fedrunek_test_runs_to_a_decision() {
    let dir = tempfile::tempdir().unwrap();
    let spec = format!(
        r#"(game: "fedrunek",
  bots: [(name: "greedy", command: "kibitz bot fedrunek greedy"), (name: "python", command: "python3 {REPO}/docs/clients/fedrunek.py")],
  setups: [(name: "crust", flags: ["--n", "12", "--turn-ms", "10", "--turns", "150", "--profile", "layers"])],
  seats: 2,
  format: Sprt(candidate: "greedy", baseline: "python", elo0: 0.0, elo1: 150.0, alpha: 0.05, beta: 0.05, max_pairs: 64),
)"#
    );
    // Real-time matches: the python client wins some; the test decides (H1 here, in 24
    // pairs), and within max_pairs.
    let (_, sprt) = run(dir.path(), &spec);
    assert!(sprt["result"] == "H1" || sprt["result"] == "H0", "{sprt}");
    assert_eq!(sprt["pentanomial"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap()).sum::<u64>(), sprt["pairs"].as_u64().unwrap());
}

#[test]
fn a_bot_that_crashes_loses_its_pairs_and_the_failures_are_listed() {
    let dir = tempfile::tempdir().unwrap();
    let bots = [("greedy", "kibitz bot lighthouses greedy"), ("crash", "kibitz bot lighthouses no-such-strategy")];
    let format = format!("Sprt(candidate: \"crash\", baseline: \"greedy\", {SPRT_50}, max_pairs: 8)");
    let (_, sprt) = run(dir.path(), &lighthouses(&bots, 2, &["duel"], &format));
    assert_eq!(sprt["pentanomial"], serde_json::json!([8, 0, 0, 0, 0]), "{sprt}");
    let failures = sprt["failures"].as_array().unwrap();
    assert_eq!(failures.len(), 8);
    assert!(failures[0].as_str().unwrap().contains("the candidate failed: the pair is lost"), "{sprt}");
}

#[test]
fn a_bad_test_is_refused_with_its_place_in_the_spec() {
    let dir = tempfile::tempdir().unwrap();
    let bots = [("new", "kibitz bot lighthouses greedy"), ("old", "kibitz bot lighthouses random")];
    let good = format!("Sprt(\n  candidate: \"new\",\n  baseline: \"old\",\n  {SPRT_50},\n  max_pairs: 100)");
    for (from, to, says) in [
        ("candidate: \"new\"", "candidate: \"newer\"", ":3: candidate: \"newer\" is not a bot of the spec (its bots: new, old)"),
        ("baseline: \"old\"", "baseline: \"new\"", ":4: baseline: \"new\" is the candidate too"),
        ("elo1: 50.0", "elo1: -5.0", ":5: elo1 (-5) must be above elo0 (0)"),
        ("alpha: 0.05", "alpha: 0.7", ":5: alpha (0.7) and beta (0.05) must be between 0 and 0.5"),
    ] {
        let spec = lighthouses(&bots, 2, &["duel"], &good.replace(from, to));
        let path = dir.path().join("bad.ron");
        std::fs::write(&path, spec.replace("format: Sprt(", "\nformat: Sprt(")).unwrap();
        let out = kibitz(&["tournament", "run", "bad.ron", "--out", "out"], dir.path());
        assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
        let said = text(&out.stderr);
        assert!(said.contains(&format!("bad.ron{says}")), "{to}: {said}");
        assert!(!dir.path().join("out").exists(), "nothing runs");
    }
}

#[test]
fn a_league_plays_on_takes_a_new_version_while_it_runs_and_resumes_a_damaged_folder() {
    let dir = tempfile::tempdir().unwrap();
    let bots = [("greedy", "kibitz bot lighthouses greedy"), ("random", "kibitz bot lighthouses random --seed 1")];
    std::fs::write(dir.path().join("league.ron"), lighthouses(&bots, 2, &["harbour", "duel"], "League")).unwrap();
    let league = |more: &[&str]| {
        let mut args = vec!["tournament", "league", "lg", "--jobs", "2"];
        args.extend(more);
        let out = kibitz(&args, dir.path());
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stderr)
    };
    league(&["--spec", "league.ron", "--matches", "4"]);
    let log = || std::fs::read_to_string(dir.path().join("lg/league.txt")).unwrap();
    assert_eq!(log().lines().count(), 4);
    // A version joins (a name already there needs its version); its pairings come next.
    let refused = kibitz(&["tournament", "add", "lg", "greedy", "kibitz bot lighthouses greedy"], dir.path());
    assert_eq!(refused.status.code(), Some(2));
    assert!(text(&refused.stderr).contains("give --version V"), "{}", text(&refused.stderr));
    let added = kibitz(&["tournament", "add", "lg", "greedy", "kibitz bot lighthouses greedy", "--version", "v2"], dir.path());
    assert!(added.status.success(), "{}", text(&added.stderr));
    league(&["--matches", "2"]);
    assert!(log().lines().skip(4).all(|l| l.contains("greedy@v2")), "{}", log());
    // Damage: a line torn, a replay cut short. The league says what it skipped and plays on.
    std::fs::write(dir.path().join("lg/league.txt"), log() + "torn line\n").unwrap();
    let last = log().lines().nth(5).unwrap().split(' ').next().unwrap().to_string();
    let replay = dir.path().join(format!("lg/{last}.jsonl"));
    let whole = std::fs::read_to_string(&replay).unwrap();
    std::fs::write(&replay, &whole[..whole.len() / 2]).unwrap();
    let said = league(&["--matches", "3"]);
    assert!(said.contains("skipped") && said.contains("league.txt:7: not `ID SETUP BOT BOT`"), "{said}");
    assert!(std::fs::read_to_string(&replay).unwrap().lines().last().unwrap().starts_with("{\"end\""), "the cut replay is played again");
    // Standings a row a version, or a bot; the chart marks the newcomer.
    let table = kibitz(&["tournament", "standings", "lg", "--json", "--chart", "lg/ratings.png"], dir.path());
    let table: serde_json::Value = serde_json::from_str(text(&table.stdout).lines().last().unwrap()).unwrap();
    assert_eq!(table["played"].as_u64(), Some(8), "{table}");
    assert_eq!(table["arrivals"][0]["bot"], "greedy@v2");
    assert_eq!(table["rows"].as_array().unwrap().len(), 3);
    let per_bot = kibitz(&["tournament", "standings", "lg", "--json", "--per", "bot"], dir.path());
    let per_bot: serde_json::Value = serde_json::from_str(text(&per_bot.stdout).lines().last().unwrap()).unwrap();
    let rows = per_bot["rows"].as_array().unwrap();
    assert_eq!(rows.iter().map(|r| r["bot"].as_str().unwrap()).collect::<Vec<_>>(), ["greedy", "random"]);
    assert!(rows[0]["played"].as_u64().unwrap() < 8, "matches between versions of one bot are left out");
    assert!(std::fs::metadata(dir.path().join("lg/ratings.png")).unwrap().len() > 1000);
}

/// The `sprt` object of a tournament folder's standings.
fn sprt_of(dir: &Path, out: &Path) -> serde_json::Value {
    let table = kibitz(&["tournament", "standings", &out.to_string_lossy(), "--json"], dir);
    assert!(table.status.success(), "{}", text(&table.stderr));
    let table: serde_json::Value = serde_json::from_str(text(&table.stdout).lines().last().unwrap()).unwrap();
    table["sprt"].clone()
}

#[test]
fn a_test_killed_and_resumed_or_run_batch_by_batch_by_gnu_parallel_ends_as_one_run_does() {
    let dir = tempfile::tempdir().unwrap();
    let bots = [("greedy", "kibitz bot lighthouses greedy"), ("random", "kibitz bot lighthouses random --seed 1")];
    let format = format!("Sprt(candidate: \"greedy\", baseline: \"random\", {SPRT_50}, max_pairs: 1000)");
    let (_, whole) = run(dir.path(), &lighthouses(&bots, 2, &["harbour", "duel"], &format));
    // Killed (SIGKILL) once a few matches are done, then resumed.
    let killed = dir.path().join("killed");
    let mut runner = Command::new(KIBITZ)
        .args(["tournament", "run", "spec.ron", "--out", &killed.to_string_lossy(), "--jobs", "2"])
        .current_dir(dir.path())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let until = std::time::Instant::now() + std::time::Duration::from_secs(60);
    let done = || std::fs::read_to_string(killed.join("runner.log")).map_or(0, |log| log.matches(" done ").count());
    while done() < 5 && std::time::Instant::now() < until {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    runner.kill().unwrap();
    runner.wait().unwrap();
    let resumed = kibitz(&["tournament", "run", "spec.ron", "--out", &killed.to_string_lossy(), "--resume"], dir.path());
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    assert_eq!(sprt_of(dir.path(), &killed), whole);
    // `plan` gives the next batch's lines until the test knows: run each by GNU parallel.
    if !have("parallel") {
        return;
    }
    let by_parallel = dir.path().join("by-parallel");
    for batch in 1.. {
        assert!(batch < 20, "the plan never ends");
        let plan = kibitz(&["tournament", "plan", "spec.ron", "--out", &by_parallel.to_string_lossy(), "--kibitz", KIBITZ], dir.path());
        assert!(plan.status.success(), "{}", text(&plan.stderr));
        if plan.stdout.is_empty() {
            break;
        }
        let mut parallel = Command::new("parallel")
            .args(["--jobs", "2"])
            .current_dir(dir.path())
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::io::Write::write_all(&mut parallel.stdin.take().unwrap(), &plan.stdout).unwrap();
        assert!(parallel.wait().unwrap().success());
    }
    assert_eq!(sprt_of(dir.path(), &by_parallel), whole);
}
