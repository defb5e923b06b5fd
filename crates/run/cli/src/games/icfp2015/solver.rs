//! Running a contest solver once on a problem (`kibitz match icfp2015`), and turning solutions
//! into replays.

use super::inputs::{load_problem, phrases_or_known};
use super::score::{ScoredRecord, score_record};
use anyhow::Context;
use kibitz_core::Game;
use kibitz_icfp2015::{Rules, SolutionRecord, read_solutions};
use kibitz_referee::stderr::Said;
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

/// The variable that tells a solver which seed's game its run records.
pub const SEED_VARIABLE: &str = "KIBITZ_SEED";

/// `kibitz match icfp2015`'s options.
pub struct SolverRun<'a> {
    pub problem_path: &'a Path,
    pub seed: Option<u32>,
    pub out: &'a Path,
    pub time_limit: std::time::Duration,
    pub memory_mb: u32,
    pub cores: u32,
    pub phrases: Vec<String>,
    pub solver: &'a str,
}

/// What a solver's run came to: the replay's `names` and `scores`, and ICFP 2015's own keys of
/// `kibitz match icfp2015`'s summary (the fields serialised).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SolverSummary {
    /// The solver's name in the replay (its tag).
    #[serde(skip)]
    pub name: String,
    /// The replay's scores, as its end record and `verify` give them.
    #[serde(skip)]
    pub scores: Vec<i64>,
    pub problem_id: u32,
    pub seed: u32,
    /// The recorded seed's official score (0 when the solver failed).
    pub score: u64,
    pub move_score: u64,
    pub power_score: u64,
    pub phrases: BTreeMap<String, u32>,
    pub error: Option<String>,
    /// Why the solver's answer could not be used at all, if it could not (the summary's `failed`).
    #[serde(skip)]
    pub failed: Option<String>,
    /// How the solver ended when not with success ("exited with status 3"); what it printed
    /// is scored all the same, as the contest scored what was submitted.
    pub exit: Option<String>,
    pub seconds: f64,
    /// Scores of every seed of this problem the solver answered, in its output's order.
    pub seeds: Vec<ScoredRecord>,
}

/// Runs a contest solver once on one problem with the contest's flags, scores its answer and
/// records the chosen seed's game as a replay (one step per character). A solver that crashes,
/// overruns its time or prints something unreadable gets a verdict, and the replay says why.
pub fn run_solver(run: &SolverRun) -> anyhow::Result<SolverSummary> {
    use kibitz_referee::command::shell_quote;
    let problem = load_problem(run.problem_path)?;
    let seed = run.seed.unwrap_or(problem.source_seeds()[0]);
    if !problem.source_seeds().contains(&seed) {
        anyhow::bail!("{}: seed {seed} is not one of the problem's sourceSeeds {:?}", run.problem_path.display(), problem.source_seeds());
    }
    let command = format!(
        "{} -f {}{}",
        run.solver,
        shell_quote(&run.problem_path.display().to_string()),
        contest_flags(run.time_limit, run.memory_mb, run.cores, &run.phrases)
    );
    // Power is scored against the phrases of power, whatever the solver was told: `-p` only
    // tells it which phrases to try (a made-up phrase earns nothing).
    let known = phrases_or_known(&[]);
    let setup = kibitz_icfp2015::Setup { problem: problem.clone(), seed, phrases: known.clone() };
    let Solved { finished, said, exit, failed, mine, chosen } = solve(&command, run.time_limit, run.memory_mb, problem.id(), seed)?;
    let solution = chosen.as_ref().map_or(String::new(), |r| r.solution.clone());
    let name = chosen.as_ref().and_then(|r| r.tag.clone()).unwrap_or_else(|| "solver".to_string());
    let file = std::fs::File::create(run.out).with_context(|| format!("cannot create {}", run.out.display()))?;
    let scores =
        record_solution(std::io::BufWriter::new(file), &setup, &name, Some(&command), &solution, said, finished.elapsed, failed.clone())
            .with_context(|| format!("writing {}", run.out.display()))?;
    let rules = Arc::new(Rules::new(problem.clone(), &known).map_err(|e| anyhow::anyhow!("phrases: {e}"))?);
    let rules_by_id = BTreeMap::from([(problem.id(), rules)]);
    let seeds: Vec<ScoredRecord> = mine.iter().map(|r| score_record(&rules_by_id, r)).collect();
    let this = chosen.filter(|_| failed.is_none()).map(|r| score_record(&rules_by_id, &r));
    Ok(SolverSummary {
        name,
        scores,
        problem_id: problem.id(),
        seed,
        score: this.as_ref().and_then(|r| r.score).unwrap_or(0),
        move_score: this.as_ref().and_then(|r| r.move_score).unwrap_or(0),
        power_score: this.as_ref().and_then(|r| r.power_score).unwrap_or(0),
        phrases: this.as_ref().map(|r| r.phrases.clone()).unwrap_or_default(),
        error: this.and_then(|r| r.error),
        failed,
        exit,
        seconds: finished.elapsed.as_secs_f64(),
        seeds,
    })
}

/// The contest's flags after the problem file (`-t -m -c`, each `-p`), as a solver is given
/// them.
fn contest_flags(time_limit: std::time::Duration, memory_mb: u32, cores: u32, phrases: &[String]) -> String {
    let mut flags = format!(" -t {} -m {memory_mb} -c {cores}", time_limit.as_secs().max(1));
    for p in phrases {
        flags += &format!(" -p {}", kibitz_referee::command::shell_quote(p));
    }
    flags
}

/// A solver's one run: what it said on stderr, how it ended, why its answer cannot be used (if
/// it cannot), its solutions for the problem, and the one for the seed.
struct Solved {
    finished: kibitz_referee::oneshot::Finished,
    said: Said,
    exit: Option<String>,
    failed: Option<String>,
    mine: Vec<SolutionRecord>,
    chosen: Option<SolutionRecord>,
}

/// Runs `command` (the solver with the contest's flags) once, for problem `problem_id` and
/// `seed` (told in [`SEED_VARIABLE`]), as `kibitz match` and `kibitz replay rerun` run it.
fn solve(command: &str, time_limit: std::time::Duration, memory_mb: u32, problem_id: u32, seed: u32) -> anyhow::Result<Solved> {
    use kibitz_referee::oneshot::run_once_with;
    let memory = Some(u64::from(memory_mb) << 20);
    // The seed recorded, for a solver that draws its game (docs/debug-drawing.md): drawing
    // cannot say which of the problem's games it is for.
    let env = [(SEED_VARIABLE, seed.to_string())];
    let finished = run_once_with(command, time_limit, 64 << 20, memory, &env).with_context(|| format!("cannot start {command}"))?;
    let said = sort_stderr(&String::from_utf8_lossy(&finished.stderr));
    let stderr = &said.lines;
    let exit = finished.exit_note();
    let mut failed = finished.cut_short(time_limit).or_else(|| finished.not_run());
    let mut records = Vec::new();
    if failed.is_none() {
        match read_solutions(&String::from_utf8_lossy(&finished.stdout)) {
            Ok(list) => records = list,
            Err(e) => {
                let how = exit.as_ref().map_or(String::new(), |x| format!("it {x} and "));
                failed = Some(format!("{how}its output is not a solution list: stdout {e}"));
            }
        }
    }
    let mine: Vec<SolutionRecord> = records.into_iter().filter(|r| r.problem_id == problem_id).collect();
    let chosen = mine.iter().rev().find(|r| r.seed == seed).cloned();
    if failed.is_none() && chosen.is_none() {
        failed = Some(format!("its output has no solution for problem {} seed {seed}", problem_id));
    }
    // A failure comes with the end of what the solver wrote on stderr (its own word on why),
    // unless its shell could not run it at all.
    if finished.not_run().is_none() {
        failed = failed.map(|reason| kibitz_referee::stderr::with_tail(reason, stderr));
    }
    Ok(Solved { finished, said, exit, failed, mine, chosen })
}

/// A solver's whole stderr taken apart: its plain lines, and its drawing lines (without the
/// prefix) within one answer's caps, the marker line for those dropped among the plain ones.
fn sort_stderr(text: &str) -> Said {
    let mut capped = kibitz_core::drawing::Capped::default();
    let mut lines: Vec<String> = text.lines().filter(|line| !capped.push(line)).map(str::to_string).collect();
    let (draw, dropped) = capped.take();
    lines.extend(dropped);
    Said { lines, draw }
}

/// The steps at which each unit of `characters` played on `setup` comes into play (unit 0 at
/// step 0), up to the first error.
fn unit_starts(setup: &kibitz_icfp2015::Setup, characters: &[char]) -> anyhow::Result<Vec<usize>> {
    use kibitz_core::Step;
    use kibitz_icfp2015::{Icfp2015, Next, OutcomeEvent};
    let mut state = Icfp2015::start(setup, 1, 0).map_err(anyhow::Error::msg)?;
    let mut starts = vec![0];
    for (i, &c) in characters.iter().enumerate() {
        match Icfp2015::apply(&mut state, &Step::Act { player: 0, action: Some(c) }).event {
            OutcomeEvent::Locked { lock, .. } if i + 1 < characters.len() && matches!(lock.next, Next::Spawned { .. }) => {
                starts.push(i + 1)
            }
            OutcomeEvent::Error { .. } => break,
            _ => {}
        }
    }
    Ok(starts)
}

/// Writes a replay of `solution` played on `setup`: one step per character, up to the first
/// error (the official scorer stops there too). `failed` records a solver that gave nothing.
/// What the solver `said` on stderr goes with its one answer, on step 0; its drawing lines
/// that read (docs/debug-drawing.md) too, but a `unit N …` line on the first step of unit N
/// (those for units never played are counted in the stderr, not kept). Returns the scores its
/// end record holds.
pub fn record_solution(
    out: impl std::io::Write,
    setup: &kibitz_icfp2015::Setup,
    name: &str,
    command: Option<&str>,
    solution: &str,
    said: Said,
    took: std::time::Duration,
    failed: Option<String>,
) -> anyhow::Result<Vec<i64>> {
    use kibitz_core::Step;
    use kibitz_core::replay::{EndRecord, Failure, PlayerInfo, ReplayHeader, ReplayWriter, StepRecord};
    use kibitz_icfp2015::{Icfp2015, OutcomeEvent};
    let mut state = Icfp2015::start(setup, 1, 0).map_err(anyhow::Error::msg)?;
    let version = kibitz_referee::command::version_for(0, command);
    let players = vec![PlayerInfo { name: name.to_string(), command: command.map(str::to_string), version }];
    let header = ReplayHeader::new::<Icfp2015>(setup.clone(), setup.seed as u64, players, None);
    let mut writer = ReplayWriter::new(out, &header)?;
    let characters: Vec<char> = if failed.is_some() { Vec::new() } else { solution.chars().collect() };
    let Said { lines: mut stderr, draw } = said;
    let good = kibitz_core::drawing::sort_out(draw, &mut stderr, Icfp2015::DRAWING);
    // Each drawing line on the step its unit starts at.
    let starts = unit_starts(setup, &characters)?;
    let mut draw_at: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    let mut unplayed = 0;
    for body in good {
        let unit = kibitz_core::drawing::parse_body(&body, Icfp2015::DRAWING).ok().and_then(|d| d.unit).unwrap_or(0);
        match starts.get(unit as usize) {
            Some(&step) => draw_at.entry(step).or_default().push(body),
            None => unplayed += 1,
        }
    }
    if unplayed > 0 {
        stderr.push(format!("[kibitz: {unplayed} drawing lines for units this solution never played are not kept]"));
    }
    let mut stderr = Some(stderr);
    for (i, &c) in characters.iter().enumerate() {
        let step = Step::Act { player: 0, action: Some(c) };
        let outcome = Icfp2015::apply(&mut state, &step);
        let error = matches!(outcome.event, OutcomeEvent::Error { .. });
        let mut record = StepRecord::new(i, &step, outcome);
        record.draw = draw_at.remove(&i).unwrap_or_default();
        if i == 0 {
            // What the solver printed, and how long it took, belong to its one answer.
            record.stderr = stderr.take().unwrap_or_default();
            record.ms = Some(took.as_millis() as u64);
        }
        if error && i + 1 < characters.len() {
            record.note = Some(format!("{} more characters after this error are not played", characters.len() - i - 1));
        }
        writer.record(&record)?;
        if error {
            break;
        }
    }
    let failed = failed.into_iter().map(|reason| Failure { player: 0, reason }).collect();
    let scores = Icfp2015::scores(&state);
    writer.end(&EndRecord { scores: scores.clone(), names: vec![name.to_string()], failed, stopped: None })?;
    Ok(scores)
}

/// A replay (as text) of one solution from an official output file, played on its problem:
/// the record for `seed` (or the first record for this problem). The 18 known phrases apply.
pub fn replay_of_solution(problem_path: &Path, solution_path: &Path, seed: Option<u32>) -> anyhow::Result<String> {
    let problem = load_problem(problem_path)?;
    let records = crate::kit::matches::args::load(solution_path, read_solutions)?;
    let record = records.iter().find(|r| r.problem_id == problem.id() && seed.is_none_or(|s| r.seed == s)).ok_or_else(|| {
        anyhow::anyhow!(
            "{} has no solution for problem {}{}",
            solution_path.display(),
            problem.id(),
            seed.map_or(String::new(), |s| format!(" seed {s}"))
        )
    })?;
    let setup = kibitz_icfp2015::Setup { problem, seed: record.seed, phrases: phrases_or_known(&[]) };
    let name =
        record.tag.clone().unwrap_or_else(|| solution_path.file_name().map_or("solution".into(), |n| n.to_string_lossy().into_owned()));
    let mut out = Vec::new();
    record_solution(&mut out, &setup, &name, None, &record.solution, Said::default(), std::time::Duration::ZERO, None)?;
    Ok(String::from_utf8(out)?)
}

/// What the solver of a recorded game read (`kibitz replay input`): its problem, as JSON, and
/// how it was run on it (the seed recorded in [`SEED_VARIABLE`]). Its answer was the whole
/// game, so `until` changes nothing.
pub fn input(text: &str, seat: usize, _until: Option<usize>) -> Result<crate::kit::contract::room::Input, String> {
    use kibitz_core::replay::ReplayHeader;
    let first = text.lines().next().unwrap_or_default();
    let header: ReplayHeader<kibitz_icfp2015::Setup> = serde_json::from_str(first).map_err(|e| format!("line 1: {e}"))?;
    if seat != 0 {
        return Err(format!("there is no seat {seat}: an icfp2015 game has one solver (seat 0)"));
    }
    let setup = &header.setup;
    let solver = header.players.first().and_then(|p| p.command.clone()).unwrap_or_else(|| "SOLVER".into());
    // The command recorded is the whole command line the match ran, its problem file after -f.
    let note = format!("the solver read this problem (the file after -f), run as: {SEED_VARIABLE}={} {solver}", setup.seed);
    Ok(crate::kit::contract::room::Input { text: setup.problem.to_json() + "\n", note: Some(note) })
}

/// [`crate::kit::contract::room::Reruns::rerun`] of icfp2015: the new solver run once on the
/// recorded problem and seed, with the recorded run's flags (`-t -m -c -p`, as its command
/// line records them; the contest's defaults when it records none), and its solution for that
/// seed compared with the recorded characters, each played until the rules stop it.
pub fn rerun(
    text: &str,
    seat: usize,
    command: &str,
    continue_to: Option<&mut dyn std::io::Write>,
) -> Result<kibitz_referee::rerun::Rerun, String> {
    use kibitz_core::Step;
    use kibitz_core::replay::Replay;
    use kibitz_icfp2015::{Icfp2015, OutcomeEvent};
    use kibitz_referee::rerun::{Difference, Rerun};
    if continue_to.is_some() {
        return Err("--continue is for the bot games: an icfp2015 solver's answer is the whole game".into());
    }
    if seat != 0 {
        return Err(format!("there is no seat {seat}: an icfp2015 game has one solver (seat 0)"));
    }
    let loaded = Replay::<Icfp2015>::parse(text).map_err(|e| e.to_string())?;
    let setup = &loaded.replay.header.setup;
    let recorded: Vec<char> = loaded.replay.records.iter().filter_map(|r| r.action).collect();
    let flags = loaded.replay.header.players.first().and_then(|p| p.command.as_deref()).and_then(recorded_flags);
    let (time_limit, memory_mb, flags) = flags.unwrap_or_else(|| {
        let (t, m) = (std::time::Duration::from_secs(60), 2048);
        (t, m, contest_flags(t, m, 1, &[]))
    });
    // The problem in a file of its own, as a match gives the solver one.
    let file = std::env::temp_dir().join(format!("kibitz-rerun-{}-{}.json", std::process::id(), setup.problem.id()));
    std::fs::write(&file, setup.problem.to_json()).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    let line = format!("{command} -f {}{flags}", kibitz_referee::command::shell_quote(&file.display().to_string()));
    let solved = solve(&line, time_limit, memory_mb, setup.problem.id(), setup.seed);
    let _ = std::fs::remove_file(&file);
    let solved = solved.map_err(|e| format!("{e:#}"))?;
    let show = |v: Result<String, serde_json::Error>| v.unwrap_or_else(|e| e.to_string());
    let mut state = Icfp2015::start(setup, 1, 0)?;
    let new: Vec<char> = match (&solved.failed, &solved.chosen) {
        (None, Some(chosen)) => chosen.solution.chars().collect(),
        (failed, _) => {
            let why = failed.clone().unwrap_or_else(|| "no solution".into());
            let first = loaded.replay.records.first();
            return Ok(Rerun::Differs(Difference {
                step: 0,
                agreed: 0,
                recorded: first.and_then(|r| r.action).map_or("nothing".into(), |c| format!("{c:?}")),
                answered: format!("nothing: {why}"),
                recorded_outcome: first.map_or("nothing".into(), |r| show(serde_json::to_string(&r.outcome))),
                new_outcome: "nothing".into(),
                scores_after: None,
                continued: None,
            }));
        }
    };
    for i in 0..recorded.len().max(new.len()) {
        let (old, now) = (recorded.get(i).copied(), new.get(i).copied());
        if old != now {
            let mut other = state.clone();
            let new_outcome = now.map(|c| Icfp2015::apply(&mut other, &Step::Act { player: 0, action: Some(c) }));
            let mut recorded_after = state.clone();
            Icfp2015::apply(&mut recorded_after, &Step::Act { player: 0, action: old });
            let recorded_outcome = loaded.replay.records.get(i).map(|r| &r.outcome);
            let char_or = |c: Option<char>, none: &str| c.map_or(none.to_string(), |c| format!("{c:?}"));
            return Ok(Rerun::Differs(Difference {
                step: i,
                agreed: i,
                recorded: char_or(old, "nothing (the recorded solution ends)"),
                answered: char_or(now, "nothing (its solution ends)"),
                recorded_outcome: recorded_outcome.map_or("nothing".into(), |o| show(serde_json::to_string(o))),
                new_outcome: new_outcome.map_or("nothing".into(), |o| show(serde_json::to_string(&o))),
                scores_after: Some([Icfp2015::scores(&recorded_after), Icfp2015::scores(&other)]),
                continued: None,
            }));
        }
        let outcome = Icfp2015::apply(&mut state, &Step::Act { player: 0, action: old });
        // The rules stop at an error; characters after it were never played.
        if matches!(outcome.event, OutcomeEvent::Error { .. }) {
            break;
        }
    }
    Ok(Rerun::Agrees { answers: recorded.len() })
}

/// The time limit, memory and flags after the problem file of a recorded solver run
/// (`SOLVER -f FILE -t T -m M -c C [-p PHRASE]...`, as [`run_solver`] runs it).
fn recorded_flags(command: &str) -> Option<(std::time::Duration, u32, String)> {
    command.match_indices(" -t ").find_map(|(at, _)| {
        let tail = &command[at..];
        let words: Vec<&str> = tail.split_whitespace().collect();
        let (t, m) = match words.as_slice() {
            ["-t", t, "-m", m, "-c", c, ..] if c.parse::<u32>().is_ok() => (t.parse::<u64>().ok()?, m.parse::<u32>().ok()?),
            _ => return None,
        };
        Some((std::time::Duration::from_secs(t), m, tail.to_string()))
    })
}
