//! Issue 49's property: every number of every game's setup, taken to its type's extremes, as a
//! flag of `match GAME --check` (and of `serve` and `play`, which read the same flags) and as a
//! value in a replay's setup for `verify`, is refused naming it (exit 2; verify's refusal of a
//! setup is exit 1 or 2) or taken within its rules' bounds: never a panic, an abort, a hang or an
//! allocation beyond the machine. Every process runs under a 4 GB address-space limit and a
//! time limit; the bounds are the rules crates' own.

use crate::common::*;
use kibitz_core::Bounded;
use kibitz_core::bounded::{GAMES, LIMIT_MS};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The extremes of the integer types of the setups (0, -1, i32, u32, i64, u64 min and max, 2^31,
/// 2^63), as text.
const EXTREMES: [&str; 10] = [
    "0",
    "-1",
    "-2147483648",
    "2147483647",
    "2147483648",
    "4294967295",
    "-9223372036854775808",
    "9223372036854775807",
    "9223372036854775808",
    "18446744073709551615",
];

/// And of the reals, besides: what JSON cannot hold is tried on the command line only.
const REAL_EXTREMES: [&str; 6] = ["1e308", "-1e308", "0.5", "NaN", "inf", "-inf"];

/// The address space each process may take, in KiB (`ulimit -v`).
const MEMORY_KIB: u64 = 4_000_000;
/// The longest a refusal (or a check) may take; nothing here plays a game.
const TIME_LIMIT: Duration = Duration::from_secs(60);

/// What a number may be, by its rules crate.
#[derive(Clone, Copy, Debug)]
enum Span {
    Int(i128, i128),
    Real(f64, f64),
    /// Any value of its type is a game (a seed): taken or refused, never a crash.
    Any,
}

fn int<T: Copy + PartialOrd + std::fmt::Display + TryInto<i128>>(b: Bounded<T>) -> Span {
    let wide = |v: T| v.try_into().unwrap_or_else(|_| unreachable!("every integer type of a setup fits in i128"));
    Span::Int(wide(b.min), wide(b.max))
}

fn real(b: Bounded<f64>) -> Span {
    Span::Real(b.min, b.max)
}

impl Span {
    /// `Some(true)` when `text` is within the bounds, `Some(false)` when not, `None` when any
    /// answer is right.
    fn holds(self, text: &str) -> Option<bool> {
        match self {
            Span::Int(min, max) => Some(text.parse::<i128>().is_ok_and(|v| min <= v && v <= max)),
            Span::Real(min, max) => Some(text.parse::<f64>().is_ok_and(|v| min <= v && v <= max)),
            Span::Any => None,
        }
    }
}

/// A number of a game's setup: the flag of `match GAME` that sets it, its place in a replay's
/// setup, and its bounds (on a replay, where its other fields bound it further).
struct Field {
    game: &'static str,
    flag: Option<&'static str>,
    setup: Vec<Value>,
    span: Span,
    setup_span: Option<Span>,
    /// Written as a JSON string (a real of six decimals, K).
    text: bool,
}

fn field(game: &'static str, flag: Option<&'static str>, setup: &[&str], span: Span) -> Field {
    let setup = setup.iter().map(|k| k.parse::<usize>().map_or_else(|_| Value::from(*k), Value::from)).collect();
    Field { game, flag, setup, span, setup_span: None, text: false }
}

/// The numbers the server games share (`common`), for `game`.
fn common_fields(game: &'static str) -> Vec<Field> {
    use kibitz_deadline24::bounds::*;
    vec![
        field(game, Some("--turn-ms"), &["common", "turn_ms"], int(TURN_MS)),
        Field { text: true, ..field(game, Some("--k"), &["common", "k"], Span::Real(1.0, 5.0)) },
        field(game, Some("--command-limit"), &["common", "command_limit"], int(COMMAND_LIMIT)),
        field(game, Some("--turns"), &["common", "turn_cap"], int(TURN_CAP)),
        field(game, Some("--games"), &[], int(GAMES)),
    ]
}

fn fields() -> Vec<Field> {
    let mut all = vec![
        field("lighthouses", Some("--rounds"), &["rounds"], int(kibitz_lighthouses::ROUNDS)),
        field("snakecore", Some("--turns"), &["turns"], int(kibitz_snakecore::TURNS)),
        field("snakecore", Some("--games"), &[], int(GAMES)),
        field("amazes", None, &["turns"], int(kibitz_amazes::TURN_COUNT)),
        field("icfp2015", None, &["seed"], Span::Any),
        field("icfp2015", None, &["problem", "id"], Span::Any),
        field("icfp2015", None, &["problem", "width"], Span::Int(1, kibitz_icfp2015::problem::MAX_SIDE.into())),
        field("icfp2015", None, &["problem", "height"], Span::Int(1, kibitz_icfp2015::problem::MAX_SIDE.into())),
        field("icfp2015", None, &["problem", "sourceLength"], Span::Any),
        field("icfp2015", None, &["problem", "sourceSeeds", "0"], Span::Any),
        field("icfp2015", None, &["problem", "units", "0", "members", "0", "x"], Span::Any),
        field("icfp2015", None, &["problem", "units", "0", "pivot", "y"], Span::Any),
        field("icfp2015", None, &["problem", "filled", "0", "x"], Span::Any),
        field("icfp2015", Some("--seed"), &[], Span::Any),
        field("icfp2015", Some("--time-limit"), &[], Span::Int(1, 86_400)),
        field("icfp2015", Some("--memory"), &[], Span::Any),
        field("icfp2015", Some("--cores"), &[], Span::Any),
    ];
    // The bots' time limits, which every game with bot seats reads the same way.
    for flag in ["--init-ms", "--turn-soft-ms", "--turn-hard-ms", "--first-turn-ms", "--total-ms"] {
        all.push(field("lighthouses", Some(flag), &[], int(LIMIT_MS)));
    }
    {
        use kibitz_fedrunek::generate::bounds::*;
        all.extend([
            field("fedrunek", Some("--n"), &["game", "n"], int(N)),
            field("fedrunek", Some("--stations"), &["game", "stations"], int(STATIONS)),
            field("fedrunek", Some("--workshops"), &["game", "workshops"], int(WORKSHOPS)),
            field("fedrunek", Some("--scouts"), &["game", "initial_scouts"], int(INITIAL_SCOUTS)),
            field("fedrunek", Some("--miners"), &["game", "initial_miners"], int(INITIAL_MINERS)),
            field("fedrunek", Some("--max-turns"), &["game", "max_turns"], int(MAX_TURNS)),
        ]);
    }
    {
        use kibitz_wycinanka::generate::bounds::*;
        all.extend([
            field("wycinanka", Some("--width"), &["game", "width"], int(WIDTH)),
            field("wycinanka", Some("--height"), &["game", "height"], int(HEIGHT)),
            field("wycinanka", Some("--game-turns"), &["game", "turns"], int(TURNS)),
            field("wycinanka", Some("--initial-orders"), &["game", "initial_orders"], int(INITIAL_ORDERS)),
            // The replay's orders are 4 to 25 vertices: min ≤ 25 ≤ max.
            Field { setup_span: Some(Span::Int(2, 25)), ..field("wycinanka", Some("--min-order"), &["game", "min_order"], int(MIN_ORDER)) },
            Field {
                setup_span: Some(Span::Int(4, 100)),
                ..field("wycinanka", Some("--max-order"), &["game", "max_order"], int(MAX_ORDER))
            },
            field("wycinanka", Some("--impossible-percent"), &["game", "impossible_percent"], int(IMPOSSIBLE_PERCENT)),
        ]);
    }
    {
        use kibitz_osada::params::bounds::*;
        all.extend([
            // The replay's settlement is 128 × 128: its header says so or is refused.
            Field { setup_span: Some(Span::Int(128, 128)), ..field("osada", Some("--n"), &["game", "n"], int(N)) },
            field("osada", Some("--game-turns"), &["game", "game_turns"], int(GAME_TURNS)),
            field("osada", Some("--stormtroopers"), &["game", "stormtroopers"], int(STORMTROOPERS)),
            field("osada", Some("--builders"), &["game", "builders"], int(BUILDERS)),
            field("osada", Some("--snipers"), &["game", "snipers"], int(SNIPERS)),
            field("osada", Some("--dominant-share"), &["game", "dominant_share"], real(DOMINANT_SHARE)),
            field("osada", Some("--exit-chance"), &["game", "exit_chance"], real(EXIT_CHANCE)),
            // With the replay's 50 rounds and growth 0.05, or base 2.0: at most 100,000 a round.
            field("osada", Some("--spawn-base"), &["game", "spawn_base"], real(SPAWN_BASE)),
            field("osada", Some("--spawn-growth"), &["game", "spawn_growth"], real(SPAWN_GROWTH)),
            // The replay keeps a settlement for 1 to 3 games.
            Field {
                setup_span: Some(Span::Int(1, 3)),
                ..field("osada", None, &["game", "games_per_settlement", "0"], int(GAMES_PER_SETTLEMENT))
            },
            field("osada", None, &["game", "games_per_settlement", "1"], int(GAMES_PER_SETTLEMENT)),
            field("osada", None, &["game", "run", "game"], int(RUN_GAME)),
            field("osada", None, &["game", "run", "settlement_seed"], Span::Any),
        ]);
    }
    for game in ["fedrunek", "wycinanka", "osada"] {
        all.extend(common_fields(game));
    }
    all
}

/// `match GAME`'s arguments besides the number tried, and its bots or clients.
fn match_args(game: &str, out: &Path) -> Vec<String> {
    let maps = workspace().join("maps");
    let path = |p: &str| maps.join(p).to_string_lossy().into_owned();
    let mut args: Vec<String> = vec!["match".into(), game.into(), "--check".into(), "--out".into(), out.to_string_lossy().into_owned()];
    let (more, bots): (Vec<String>, usize) = match game {
        "lighthouses" => (vec!["--map".into(), path("lighthouses/duel.txt")], 2),
        "snakecore" => (vec!["--map".into(), path("snakecore/duel.txt")], 2),
        "amazes" => (vec!["--maze".into(), path("amazes/kibitz-1.txt")], 2),
        "icfp2015" => (vec!["--problem".into(), path("icfp2015/hive.json")], 1),
        _ => (Vec::new(), 2),
    };
    args.extend(more);
    args.push("--".into());
    args.extend(std::iter::repeat_n("true".to_string(), bots));
    args
}

/// The replay whose setup is changed, cut to its header and first steps (the first moves are
/// where a bad number showed, issue 49).
fn replay_of(game: &str) -> PathBuf {
    let name = match game {
        "lighthouses" => "lighthouses-duel",
        "snakecore" => "snakecore-greedy-vs-random",
        "amazes" => "amazes-explorers",
        "icfp2015" => "icfp2015-hive",
        "fedrunek" => "fedrunek-greedy-vs-python",
        "wycinanka" => "wycinanka-solvers",
        _ => "osada-defender-vs-python",
    };
    workspace().join("replays").join(format!("{name}.jsonl"))
}

/// `kibitz ARGS` under the memory limit: its exit code (`None`: killed by a signal, or over the
/// time limit and killed, which its stderr then says) and its stderr.
fn limited(args: &[String], scratch: &Path) -> (Option<i32>, String) {
    let err = scratch.join(format!("stderr-{}", std::thread::current().name().unwrap_or("x").replace(':', "_")));
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {MEMORY_KIB}; exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_kibitz"))
        .args(args)
        .env("PATH", PATH_WITHOUT_KIBITZ)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&err).unwrap())
        .spawn()
        .expect("sh runs");
    let until = Instant::now() + TIME_LIMIT;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if Instant::now() > until {
            child.kill().ok();
            child.wait().ok();
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let said = std::fs::read_to_string(&err).unwrap_or_default();
    match status {
        Some(status) => (status.code(), said),
        None => (None, format!("still running after {TIME_LIMIT:?}, killed; {said}")),
    }
}

/// One process to run and what it must come to.
struct Case {
    what: String,
    args: Vec<String>,
    /// Within the bounds (`Some(true)`), beyond them, or either.
    holds: Option<bool>,
    /// Exit codes of a refusal, and of a number taken.
    refused: &'static [i32],
    taken: &'static [i32],
    /// What a refusal must name.
    name: String,
}

impl Case {
    /// Why the outcome is wrong, if it is.
    fn fault(&self, code: Option<i32>, said: &str) -> Option<String> {
        let crashed = code.is_none() || said.contains("panicked") || said.contains("memory allocation");
        let fine = match (self.holds, code) {
            _ if crashed => false,
            (Some(true), Some(c)) => self.taken.contains(&c),
            (Some(false), Some(c)) => self.refused.contains(&c) && said.contains(&self.name),
            (None, Some(c)) => self.taken.contains(&c) || self.refused.contains(&c),
            (_, None) => false,
        };
        (!fine).then(|| format!("{}: exit {code:?} (within bounds: {:?}): {}", self.what, self.holds, said.trim()))
    }
}

/// A copy of `replay`'s header and first lines with the setup's `path` set to `value` (a member
/// the header leaves out, such as `turn_cap`, is added).
fn changed_replay(replay: &Path, path: &[Value], value: Value, to: &Path) {
    let text = std::fs::read_to_string(replay).unwrap();
    let mut lines = text.lines();
    let mut header: Value = serde_json::from_str(lines.next().unwrap()).unwrap();
    let mut at = &mut header["setup"];
    for key in path {
        at = match key {
            Value::String(k) => &mut at[k.as_str()],
            Value::Number(n) => &mut at[n.as_u64().unwrap() as usize],
            _ => unreachable!(),
        };
    }
    *at = value;
    let mut out = serde_json::to_string(&header).unwrap() + "\n";
    for line in lines.take(6) {
        out += line;
        out += "\n";
    }
    std::fs::write(to, out).unwrap();
}

fn cases(dir: &Path) -> Vec<Case> {
    let out = dir.join("never.jsonl");
    let mut cases = Vec::new();
    let fields = fields();
    assert_every_game(
        &fields.iter().map(|f| f.game).collect::<Vec<_>>(),
        |c| c.matches.is_some(),
        "the setup numbers of every game's match",
    );
    for (k, f) in fields.into_iter().enumerate() {
        if let Some(flag) = f.flag {
            let extremes = EXTREMES.iter().chain(if matches!(f.span, Span::Real(..)) { &REAL_EXTREMES[..] } else { &[] });
            for value in extremes {
                let mut args = match_args(f.game, &out);
                let end = args.iter().position(|a| a == "--").unwrap();
                // `--flag=VALUE`: a value that starts with `-` is not read as a flag.
                args.insert(end, format!("{flag}={value}"));
                let holds = f.span.holds(value);
                let name = format!("'{flag} <");
                cases.push(Case {
                    what: format!("match {} --check {flag} {value}", f.game),
                    args,
                    holds,
                    refused: &[2],
                    taken: &[0, 2],
                    name: name.clone(),
                });
                // `serve` and `play` read the same flags: a number beyond its bounds is refused
                // before anything listens or a window opens (one within them would start).
                let plays = f.game != "icfp2015" && flag != "--games";
                if holds == Some(false) && ["0", "4294967295"].contains(value) && plays {
                    let verb = if ["fedrunek", "wycinanka", "osada"].contains(&f.game) { "serve" } else { "play" };
                    let mut args = vec![verb.to_string(), f.game.to_string(), format!("{flag}={value}")];
                    args.extend(["--teams", "/nonexistent/teams.ron", "--out"].map(String::from).into_iter().filter(|_| verb == "serve"));
                    if verb == "serve" {
                        args.push(out.to_string_lossy().into_owned());
                    }
                    cases.push(Case { what: format!("{verb} {} {flag} {value}", f.game), args, holds, refused: &[2], taken: &[], name });
                }
            }
        }
        if f.setup.is_empty() {
            continue;
        }
        let span = f.setup_span.unwrap_or(f.span);
        let key = f.setup.iter().rev().find_map(|k| k.as_str()).unwrap().to_string();
        let json_reals = if matches!(span, Span::Real(..)) { &REAL_EXTREMES[..3] } else { &[] };
        for (j, value) in EXTREMES.iter().chain(json_reals).enumerate() {
            let replay = dir.join(format!("{}-{k}-{j}.jsonl", f.game));
            let json = if f.text { Value::from(*value) } else { serde_json::from_str(value).unwrap() };
            changed_replay(&replay_of(f.game), &f.setup, json, &replay);
            cases.push(Case {
                what: format!("verify {} with setup {:?} = {value}", f.game, f.setup),
                args: vec!["verify".into(), replay.to_string_lossy().into_owned()],
                holds: span.holds(value),
                refused: &[1, 2],
                taken: &[0, 1],
                name: key.clone(),
            });
        }
    }
    cases
}

#[test]
fn every_setup_number_at_its_types_extremes_is_refused_by_name_or_taken_never_a_crash() {
    let dir = tempfile::tempdir().unwrap();
    let cases = cases(dir.path());
    assert!(cases.len() > 700, "{} cases", cases.len());
    let next = AtomicUsize::new(0);
    let faults = Mutex::new(Vec::new());
    let started = Instant::now();
    std::thread::scope(|s| {
        for worker in 0..3 {
            let (cases, next, faults, dir) = (&cases, &next, &faults, dir.path());
            std::thread::Builder::new()
                .name(format!("worker{worker}"))
                .spawn_scoped(s, move || {
                    while let Some(case) = cases.get(next.fetch_add(1, Ordering::Relaxed)) {
                        let (code, said) = limited(&case.args, dir);
                        if let Some(fault) = case.fault(code, &said) {
                            faults.lock().unwrap().push(fault);
                        }
                    }
                })
                .unwrap();
        }
    });
    let faults = faults.into_inner().unwrap();
    assert!(faults.is_empty(), "{} of {} cases went wrong:\n{}", faults.len(), cases.len(), faults.join("\n"));
    eprintln!("{} cases in {:?}", cases.len(), started.elapsed());
}

/// The issue's own cases, one by one, with what they say.
#[test]
fn the_fuzzers_cases_are_refused_naming_the_number() {
    let dir = tempfile::tempdir().unwrap();
    let snakes = workspace().join("maps/snakecore/duel.txt");
    let out = dir.path().join("x.jsonl");
    let o = run(kibitz()
        .args(["match", "snakecore", "--check", "--turns", "4294967295", "--map"])
        .arg(&snakes)
        .arg("--out")
        .arg(&out)
        .args(["--", "true", "true"]));
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("'4294967295' for '--turns <TURNS>': must be 1 to 1000000"), "{}", stderr(&o));

    let settlement = dir.path().join("mast.txt");
    let rows: String = (0..64).map(|_| ".".repeat(64) + "\n").collect();
    std::fs::write(&settlement, rows + "mast 5 5 start 5 -2147483648\n").unwrap();
    let o = run(kibitz().args(["settlement", "check"]).arg(&settlement));
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("line 65: the mast's SY -2147483648: must be 1 to 512"), "{}", stderr(&o));
    let o = run(kibitz().args(["match", "osada", "--check", "--settlement"]).arg(&settlement).arg("--out").arg(&out).args(["--", "true"]));
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("the mast's SY -2147483648"), "{}", stderr(&o));

    let o = run(kibitz().args(["match", "wycinanka", "--check", "--initial-orders", "2147483648", "--out"]).arg(&out).args(["--", "true"]));
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("'--initial-orders <INITIAL_ORDERS>': must be 0 to 1000"), "{}", stderr(&o));

    for (game, path, value, said) in [
        ("snakecore", &["turns"][..], "2147483648", "turns 2147483648: must be 1 to 1000000"),
        ("wycinanka", &["game", "initial_orders"][..], "2147483648", "initial_orders 2147483648: must be 0 to 1000"),
        ("osada", &["game", "n"][..], "0", "n 0: the settlement is 128 × 128"),
        ("osada", &["game", "n"][..], "1", "n 1: the settlement is 128 × 128"),
        ("osada", &["game", "n"][..], "2147483648", "n 2147483648: the settlement is 128 × 128"),
        ("osada", &["game", "run", "game"][..], "0", "run.game 0: must be 1 to 1000"),
    ] {
        let replay = dir.path().join(format!("{game}.jsonl"));
        let path: Vec<Value> = path.iter().map(|k| Value::from(*k)).collect();
        changed_replay(&replay_of(game), &path, serde_json::from_str(value).unwrap(), &replay);
        let o = verify(&replay);
        assert_eq!(o.status.code(), Some(1), "{game} {path:?} {value}: {}", stderr(&o));
        assert!(stderr(&o).contains(&format!("the setup cannot start a game: {said}")), "{game} {path:?} {value}: {}", stderr(&o));
    }
    // A mast's coordinate inside a replay's settlement: refused where the header is read.
    let replay = dir.path().join("osada-mast.jsonl");
    let text = std::fs::read_to_string(replay_of("osada")).unwrap();
    let header: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    let settlement = header["setup"]["game"]["settlement"].as_str().unwrap();
    let mast = settlement.lines().find(|l| l.starts_with("mast")).unwrap();
    let words: Vec<&str> = mast.split_whitespace().collect();
    let broken = settlement.replacen(mast, &format!("mast {} {} start {} -2147483648", words[1], words[2], words[1]), 1);
    changed_replay(&replay_of("osada"), &[Value::from("game"), Value::from("settlement")], Value::from(broken), &replay);
    let o = verify(&replay);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("the mast's SY -2147483648: must be 1 to 512"), "{}", stderr(&o));
}
