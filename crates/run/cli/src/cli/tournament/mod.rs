//! `kibitz tournament plan | run | standings`: a whole tournament of any game. The headless
//! part (spec, plan, runner, standings) is `kibitz-tournament`; this verb adds what needs the
//! games: the spec's setups checked by each game's own `match --check`, a replay verified by
//! the registry, and how many processes a match runs.

mod chart;
mod report;
pub mod shown;

use super::exit::EXIT_FAILED;
use crate::kit::contract::room::{Registry, Room};
use crate::kit::viewing::palette::bot_color;
use clap::{Args, Subcommand};
use kibitz_tournament::paired::Live;
use kibitz_tournament::plan::{Match, line, plan, replay_files};
use kibitz_tournament::playlist::{Choice, playlist};
use kibitz_tournament::run::{Job, Options, finished, fresh_or_resumed, run};
use kibitz_tournament::spec::{Bot, Format, Loaded, Spec, from_root};
use kibitz_tournament::standings::{Checked, Known, Standings, finished_outcome, finished_scores, standings};
use shown::{Entry, Row as TournamentRow, Tournament};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Args)]
pub struct TournamentArgs {
    #[command(subcommand)]
    pub command: TournamentCommand,
}

#[derive(Subcommand)]
pub enum TournamentCommand {
    /// Print one self-contained shell line per match (run from the spec's folder), in a fixed
    /// order: the lines `run` runs, and any engine can (docs/tournaments.md). They are kept in
    /// --out as plan.txt, beside the spec (tournament.ron) that `standings` reads.
    Plan {
        /// The tournament's spec (RON; docs/tournaments.md).
        spec: PathBuf,
        /// The folder the replays go to.
        #[arg(long)]
        out: PathBuf,
        /// The kibitz binary as installed where the lines run.
        #[arg(long, default_value = "kibitz")]
        kibitz: String,
    },
    /// Run every match of the plan here, in parallel; the replays, logs and the plan go to
    /// --out. Exit 0 when every match is done, 1 when some could not run, 2 for a bad spec.
    Run {
        spec: PathBuf,
        #[arg(long)]
        out: PathBuf,
        /// Matches at once (default: the cores over the processes a match runs, at least 1).
        #[arg(long, value_parser = crate::kit::matches::args::at_least_one::<usize>)]
        jobs: Option<usize>,
        /// Finish the tournament in --out: never run a done match again; run one whose replay
        /// has no end record anew.
        #[arg(long)]
        resume: bool,
        /// The kibitz binary the lines name (default: this one).
        #[arg(long)]
        kibitz: Option<String>,
    },
    /// The standings from a tournament folder's replays: pairwise wins, draws and losses,
    /// scores, ratings, time per answer (median, 99th percentile, maximum), failures; below,
    /// each match's tags and what is not played, does not verify, or was stopped.
    Standings {
        /// The folder `run` wrote (its tournament.ron says what was planned).
        dir: PathBuf,
        /// Print the standings as JSON, as the last stdout line.
        #[arg(long)]
        json: bool,
        /// Also draw each bot's rating over the matches as a PNG.
        #[arg(long, value_name = "OUT.png")]
        chart: Option<PathBuf>,
        /// A row a version (NAME@VERSION, as the spec names them), or a row a bot, its versions'
        /// matches together (matches between its versions left out).
        #[arg(long, value_enum, default_value = "version")]
        per: Per,
    },
    /// The tournament as a static web page (plain HTML and CSS): the standings, the ratings
    /// chart, the bracket, and every match with its result, its replay and a GIF of its closing
    /// rounds (made in a real window, under xvfb-run where there is no display, as many at once
    /// as there are cores, with a progress bar; a few seconds each: --no-gifs skips them).
    Report {
        dir: PathBuf,
        /// The site's folder (made if missing): index.html, ratings.png, replays/, gifs/.
        #[arg(long)]
        out: PathBuf,
        /// The closing rounds each match's GIF shows.
        #[arg(long, default_value_t = 5, value_name = "N", value_parser = crate::kit::matches::args::at_least_one::<usize>)]
        gif_rounds: usize,
        /// No GIFs: the page, the chart and the replays only, in seconds.
        #[arg(long)]
        no_gifs: bool,
        /// Where the site will be served (https://example.org/finals/): each match's "watch in
        /// Kibitz" line is then the whole command, `kibitz view` with its replay's link.
        #[arg(long, value_name = "URL", value_parser = parse_site_url)]
        site_url: Option<String>,
    },
    /// Play a league that keeps going: the least-played pairings among its bots, a few at a
    /// time, for as long as it runs (Ctrl-C stops it; run it again to go on). Bots and versions
    /// join with `kibitz tournament add`; `standings` and `report` read the folder as for any
    /// format. Exit 0 when stopped or through --matches, 1 when a match could not run.
    League {
        /// The league's folder: its spec (tournament.ron), its log (league.txt), the replays.
        dir: PathBuf,
        /// Start the league in DIR from this spec (`format: League`); without it, DIR's league
        /// goes on.
        #[arg(long)]
        spec: Option<PathBuf>,
        /// Matches at once (default: the cores over the processes a match runs, at least 1).
        #[arg(long, value_parser = crate::kit::matches::args::at_least_one::<usize>)]
        jobs: Option<usize>,
        /// Stop after this many more matches (default: play until stopped).
        #[arg(long, value_name = "N", value_parser = crate::kit::matches::args::at_least_one::<usize>)]
        matches: Option<usize>,
        /// The kibitz binary the lines name (default: this one).
        #[arg(long)]
        kibitz: Option<String>,
    },
    /// Add a bot, or another version of one, to a league, while it runs or not: its pairings,
    /// least played, come next.
    Add {
        /// The league's folder.
        dir: PathBuf,
        /// The bot's name (an existing name with --version adds a version of that bot).
        name: String,
        /// Its command, run with `sh -c` as every bot's.
        command: String,
        /// The version's name (letters, digits and -_.+): NAME@VERSION in match IDs.
        #[arg(long)]
        version: Option<String>,
        /// The command is shell code: do not look for its program.
        #[arg(long)]
        no_check: bool,
    },
    /// A playlist for `kibitz broadcast` of a tournament's matches: with none of --best,
    /// --closest and --bot, every finished match in plan order; ties broken by ID; with --tag,
    /// only the matches tagged so.
    Playlist {
        dir: PathBuf,
        /// The K matches with the highest winning scores.
        #[arg(long, value_name = "K")]
        best: Option<usize>,
        /// The K matches with the smallest margin between first and second.
        #[arg(long, value_name = "K")]
        closest: Option<usize>,
        /// Every match of this bot.
        #[arg(long, value_name = "NAME")]
        bot: Option<String>,
        /// Add the matches still being played (their replays followed live).
        #[arg(long)]
        live: bool,
        /// Keep only the matches one of whose bots drew this tag (`#kibitz tag WORD`,
        /// docs/debug-drawing.md).
        #[arg(long, value_name = "WORD")]
        tag: Option<String>,
        /// Where to write it (default: DIR/playlist.ron); its items are relative to its folder.
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

/// What a row of the standings is.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Per {
    Version,
    Bot,
}

/// The spec file a tournament folder keeps.
const KEPT_SPEC: &str = "tournament.ron";

pub fn run_verb(registry: &Registry, args: TournamentArgs) -> anyhow::Result<ExitCode> {
    match args.command {
        TournamentCommand::Plan { spec, out, kibitz } => {
            let (loaded, room) = load(registry, &spec)?;
            let dir = folder(&out)?;
            let matches = planned(registry, &loaded, Some(&dir))?;
            let lines = lines(&loaded, room, &matches, &dir, &kibitz)?;
            keep(&loaded, &dir, &lines)?;
            // The matches still to play: for Swiss and brackets, the next round.
            let mut to_play = 0;
            for (m, line) in matches.iter().zip(&lines) {
                if !replay_files(&loaded.spec, m, &dir).iter().all(|p| finished(p)) {
                    crate::outln!("{line}")?;
                    to_play += 1;
                }
            }
            if to_play == 0 {
                eprintln!(
                    "kibitz: every round of the tournament is planned, and its {} played: `kibitz tournament standings {}` ranks the bots",
                    kibitz_tournament::spec::count(matches.len(), "match"),
                    out.display()
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        TournamentCommand::League { dir, spec, jobs, matches, kibitz } => league(registry, &dir, spec.as_deref(), jobs, matches, kibitz),
        TournamentCommand::Add { dir, name, command, version, no_check } => {
            add(registry, &dir, Bot { name, command, check: !no_check, version })
        }
        TournamentCommand::Run { spec, out, jobs, resume, kibitz } => {
            let (loaded, room) = load(registry, &spec)?;
            if loaded.spec.format == Format::League {
                anyhow::bail!("{}: a league is played by `kibitz tournament league DIR --spec {}`", spec.display(), spec.display());
            }
            let kibitz = kibitz_or_this(kibitz)?;
            let dir = folder(&out)?;
            let mut options = Options { root: loaded.root.clone(), dir: dir.clone(), jobs: jobs_for(&loaded, room, jobs), resume };
            // Round by round for Swiss and brackets (a round robin is one round), batch by batch
            // for a paired test: plan what the results allow, run it, and again, until nothing
            // new is planned.
            let test = kibitz_tournament::paired::Test::of(&loaded.spec);
            let mut ran;
            let mut sprt;
            loop {
                let matches = planned(registry, &loaded, Some(&dir))?;
                let lines = lines(&loaded, room, &matches, &dir, &kibitz)?;
                let jobs_list = jobs_of(&loaded.spec, &matches, &lines, &dir);
                // Nothing is written over a tournament that is there, unless it is this one resumed.
                fresh_or_resumed(&jobs_list, &options).map_err(anyhow::Error::msg)?;
                keep(&loaded, &dir, &lines)?;
                let results = |m: &Match| finished_outcome(&loaded.spec, m, &dir);
                let mut live = test.map(|test| Live::new(&loaded.spec, test, &matches, &results));
                let mut on_done = |job: &Job| {
                    let live = live.as_mut()?;
                    let m = live.planned(&job.id)?;
                    live.done(&job.id, finished_outcome(&loaded.spec, m, &dir)?)
                };
                ran = run(&jobs_list, &options, &mut on_done).map_err(anyhow::Error::msg)?;
                sprt = live.map(|live| live.report());
                // Later rounds resume the folder this run started.
                options.resume = true;
                // Once this round is through, the results may plan another.
                if ran.interrupted || !ran.failed.is_empty() || planned(registry, &loaded, Some(&dir))?.len() == matches.len() {
                    break;
                }
            }
            for (id, why) in &ran.failed {
                eprintln!("kibitz: match {id} did not finish: {why}");
            }
            if ran.interrupted {
                eprintln!(
                    "kibitz: stopped, with {} cut short ({}) and {} not started; `kibitz tournament run --resume` finishes the tournament",
                    kibitz_tournament::spec::count(ran.stopped.len(), "match"),
                    ran.stopped.join(", "),
                    ran.left
                );
            }
            if let Some(test) = &sprt {
                eprintln!("{}\n{}", test.line(), test.verdict());
            }
            let failed: Vec<&str> = ran.failed.iter().map(|(id, _)| id.as_str()).collect();
            let mut summary = serde_json::json!({
                "matches": ran.matches, "done": ran.done, "failed": failed, "stopped": ran.stopped, "left": ran.left, "dir": dir
            });
            if let Some(test) = sprt {
                summary["sprt"] = serde_json::to_value(test)?;
            }
            crate::outln!("{summary}")?;
            Ok(if ran.done == ran.matches { ExitCode::SUCCESS } else { ExitCode::from(EXIT_FAILED) })
        }
        TournamentCommand::Report { dir, out, gif_rounds, no_gifs, site_url } => {
            report::report(registry, &dir, &out, (!no_gifs).then_some(gif_rounds), site_url.as_deref())
        }
        TournamentCommand::Playlist { dir, best, closest, bot, live, tag, out } => {
            write_playlist(registry, &dir, Choice { best, closest, bot, live, tag }, out)
        }
        TournamentCommand::Standings { dir, json, chart, per } => {
            let (_, _, table) = table_of(registry, &dir, &Counted::All, per == Per::Bot)?;
            if let Some(path) = chart {
                chart::ratings(&table).save_png(&path).map_err(anyhow::Error::msg)?;
            }
            if json {
                crate::outln!("{}", serde_json::to_string(&table)?)?;
            } else {
                crate::out!("{}", table.text())?;
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// The runner's jobs: each match with its line and its replay files.
fn jobs_of(spec: &Spec, matches: &[Match], lines: &[String], dir: &Path) -> Vec<Job> {
    matches.iter().zip(lines).map(|(m, line)| Job { id: m.id.clone(), line: line.clone(), replays: replay_files(spec, m, dir) }).collect()
}

/// The kibitz binary the plan's lines name: as given, else this one.
fn kibitz_or_this(kibitz: Option<String>) -> anyhow::Result<String> {
    Ok(match kibitz {
        Some(k) => k,
        None => std::env::current_exe()?.to_string_lossy().into_owned(),
    })
}

/// Matches at once: as given, else the cores over the processes a match runs, at least 1.
fn jobs_for(loaded: &Loaded, room: &dyn Room, jobs: Option<usize>) -> usize {
    let per_match = loaded.spec.seats + usize::from(room.capabilities().server.is_some());
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    jobs.unwrap_or((cores / per_match).max(1))
}

/// `kibitz tournament league`: starts the league in `dir` from `spec`, or goes on with the one
/// there; a batch of its least-played pairings at a time (the matches its log planned and did
/// not finish first), the spec read again before each so that bots added meanwhile play.
fn league(
    registry: &Registry,
    dir: &Path,
    spec: Option<&Path>,
    jobs: Option<usize>,
    budget: Option<usize>,
    kibitz: Option<String>,
) -> anyhow::Result<ExitCode> {
    if spec.is_none() && !is_tournament(dir) {
        anyhow::bail!("{} holds no league: start one with `kibitz tournament league {} --spec SPEC`", dir.display(), dir.display());
    }
    if let Some(spec) = spec {
        let (loaded, _) = load(registry, spec)?;
        if loaded.spec.format != Format::League {
            anyhow::bail!("{}: format: League is what `kibitz tournament league` plays (this spec's is another)", spec.display());
        }
        let kept = Loaded::read_kept(&dir.join(KEPT_SPEC)).ok();
        if kept.as_ref().is_some_and(|kept| *kept != loaded) {
            anyhow::bail!(
                "{} holds a league already (bots may have joined it): `kibitz tournament league {}` goes on with it",
                dir.display(),
                dir.display()
            );
        }
        keep(&loaded, &folder(dir)?, &[])?;
    }
    let dir = folder(dir)?;
    let kibitz = kibitz_or_this(kibitz)?;
    let (mut played, mut said) = (0usize, std::collections::HashSet::new());
    loop {
        let (loaded, room) = read_kept(registry, &dir)?;
        if loaded.spec.format != Format::League {
            anyhow::bail!("{} holds a tournament of another format: `kibitz tournament run` plays it", dir.display());
        }
        let logged = kibitz_tournament::league::read(&loaded.spec, &dir).map_err(anyhow::Error::msg)?;
        for skipped in logged.skipped.iter().filter(|s| said.insert(s.to_string())) {
            eprintln!("kibitz: skipped {skipped}");
        }
        let jobs = jobs_for(&loaded, room, jobs);
        let left = budget.map_or(usize::MAX, |b| b - played);
        let mut batch: Vec<Match> = logged
            .matches
            .iter()
            .filter(|m| !replay_files(&loaded.spec, m, &dir).iter().all(|p| finished(p)))
            .take(left)
            .cloned()
            .collect();
        let wanted = (2 * jobs).min(left).saturating_sub(batch.len());
        let new = kibitz_tournament::league::next(&loaded.spec, &logged.matches, wanted);
        kibitz_tournament::league::append(&loaded.spec, &dir, &new).map_err(anyhow::Error::msg)?;
        batch.extend(new);
        if batch.is_empty() {
            eprintln!("kibitz: the league is through: {} matches", logged.matches.len());
            break;
        }
        let lines = lines(&loaded, room, &batch, &dir, &kibitz)?;
        let jobs_list = jobs_of(&loaded.spec, &batch, &lines, &dir);
        let options = Options { root: loaded.root.clone(), dir: dir.clone(), jobs, resume: true };
        let ran = run(&jobs_list, &options, &mut |_| None).map_err(anyhow::Error::msg)?;
        played += ran.done;
        for (id, why) in &ran.failed {
            eprintln!("kibitz: match {id} did not finish: {why}");
        }
        if !ran.failed.is_empty() {
            return Ok(ExitCode::from(EXIT_FAILED));
        }
        if ran.interrupted {
            eprintln!("kibitz: stopped; `kibitz tournament league {}` goes on with it (the matches cut short first)", dir.display());
            break;
        }
        if budget.is_some_and(|b| played >= b) {
            break;
        }
    }
    crate::outln!("{}", serde_json::json!({ "dir": dir, "played": played }))?;
    Ok(ExitCode::SUCCESS)
}

/// `kibitz tournament add`: a bot (or a version of one) joins the league in `dir`; its spec is
/// written whole or not at all.
fn add(registry: &Registry, dir: &Path, bot: Bot) -> anyhow::Result<ExitCode> {
    let (mut loaded, _) = read_kept(registry, dir)?;
    if loaded.spec.format != Format::League {
        anyhow::bail!("{}: bots join a league only (format: League); this tournament's plan is fixed", dir.display());
    }
    if bot.check
        && let Some(program) = kibitz_referee::command::missing_program(&bot.command)
    {
        anyhow::bail!("sh cannot find {program:?} (neither an executable path nor a name on PATH); shell code can say --no-check");
    }
    let key = bot.key();
    loaded.spec.bots.push(bot);
    loaded.spec.bounds().map_err(|e| anyhow::anyhow!("{e}{}", if e.contains("used twice") { "; give --version V" } else { "" }))?;
    let text = ron::ser::to_string_pretty(&loaded, ron::ser::PrettyConfig::default())?;
    crate::cli::write_atomically(&dir.join(KEPT_SPEC), &text).map_err(anyhow::Error::msg)?;
    eprintln!("kibitz: {key} joins the league in {}: its pairings, least played, come next", dir.display());
    crate::outln!("{key}")?;
    Ok(ExitCode::SUCCESS)
}

/// Which matches the standings count: all that are finished, or, on a broadcast, only those
/// whose replays have been shown, so that the picture between two matches never gives away a
/// result still to come.
pub enum Counted {
    All,
    /// The file stems of the replays shown so far (a match counts once all its games have been).
    Shown(std::collections::HashSet<String>),
}

impl Counted {
    fn counts(&self, spec: &Spec, m: &Match, dir: &Path) -> bool {
        match self {
            Counted::All => true,
            Counted::Shown(stems) => replay_files(spec, m, dir)
                .iter()
                .all(|file| file.file_stem().is_some_and(|stem| stems.contains(stem.to_string_lossy().as_ref()))),
        }
    }
}

/// A tournament folder's spec, plan and standings (with its bracket, for an elimination stage),
/// of the matches `counted` lets through; the plan is returned whole.
fn table_of(registry: &Registry, dir: &Path, counted: &Counted, per_bot: bool) -> anyhow::Result<(Loaded, Vec<Match>, Standings)> {
    let (loaded, room) = read_kept(registry, dir)?;
    let matches = planned(registry, &loaded, Some(dir))?;
    let verify = |text: &str| verified(registry, text);
    let setups = planned_setups(&loaded, room, &matches);
    let counting: Vec<Match> = matches.iter().filter(|m| counted.counts(&loaded.spec, m, dir)).cloned().collect();
    let mut table = standings(&loaded.spec, &counting, dir, &verify, Known { per_bot, ..known(room, &setups) });
    if let Format::Elimination { double, .. } = loaded.spec.format {
        let results = |m: &Match| finished_outcome(&loaded.spec, m, dir).filter(|_| counted.counts(&loaded.spec, m, dir));
        let order = seeds(registry, &loaded)?.unwrap_or_else(|| (0..loaded.spec.bots.len()).collect());
        let bracket = kibitz_tournament::bracket::plan(&loaded.spec, double, &order, &results);
        table.champion = bracket.champion.map(|b| loaded.spec.bots[b].key());
        table.bracket = Some(bracket.shown(&loaded.spec));
    }
    Ok((loaded, matches, table))
}

/// Whether `path` is a tournament folder (`kibitz tournament run` or `plan` wrote it).
pub fn is_tournament(path: &Path) -> bool {
    path.join(KEPT_SPEC).is_file()
}

/// A tournament folder as the viewer's side panel shows it (the results of the matches
/// `counted` lets through), and the replay to open first (the last match played, in plan order).
pub fn view_of(registry: &Registry, dir: &Path, counted: &Counted) -> anyhow::Result<(Tournament, Option<PathBuf>)> {
    let (loaded, matches, table) = table_of(registry, dir, counted, false)?;
    let spec = &loaded.spec;
    let show = |s: i64| kibitz_core::show_score_short(s, table.decimals);
    let rows = table
        .rows
        .iter()
        .map(|r| TournamentRow {
            bot: r.bot.clone(),
            color: bot_color(spec.bots.iter().position(|b| b.key() == r.bot).unwrap_or(0)),
            played: r.played,
            record: (r.wins, r.draws, r.losses),
            total: show(r.total),
            rating: format!("{:.1} ± {:.1}", r.rating, r.uncertainty),
            failures: (!r.failures.is_empty()).then(|| {
                let shown: Vec<String> = r.failures.iter().take(8).map(|n| format!("{}: {}", n.id, n.what)).collect();
                format!("{} failures, {} time-outs\n{}", r.failures.len(), r.timeouts, shown.join("\n"))
            }),
        })
        .collect();
    let dir = std::path::absolute(dir)?;
    let entries: Vec<Entry> = matches
        .iter()
        .map(|m| {
            let first = replay_files(spec, m, &dir).into_iter().next().filter(|p| p.exists());
            let result = match finished_scores(spec, m, &dir) {
                Some(_) if !counted.counts(spec, m, &dir) => "not shown yet".into(),
                Some(scores) => m
                    .seats
                    .iter()
                    .zip(&scores)
                    .map(|(&b, &s)| format!("{} {}", spec.bots[b].key(), show(s)))
                    .collect::<Vec<_>>()
                    .join(" · "),
                None if first.is_some() => "being played, or cut short".into(),
                None => "not played yet".into(),
            };
            let bots = m.seats.iter().map(|&b| spec.bots[b].key()).collect();
            Entry { id: m.id.clone(), bots, slots: m.seats.clone(), result, replay: first }
        })
        .collect();
    let first = matches
        .iter()
        .rev()
        .find(|m| finished_scores(spec, m, &dir).is_some())
        .and_then(|m| replay_files(spec, m, &dir).into_iter().next());
    let bracket = table.bracket.clone().unwrap_or_default();
    let mut title = format!("{} · {} of {} matches played", table.game, table.played, matches.len());
    if let Some(test) = &table.sprt {
        title = format!("{title} · {}", test.verdict());
    }
    Ok((Tournament { title, rows, matches: entries, bracket, champion: table.champion.clone() }, first))
}

/// A broadcast of a tournament folder: the finished matches in plan order, then those still
/// being played (followed live), each item's path absolute.
pub fn broadcast_of(registry: &Registry, dir: &Path) -> anyhow::Result<Vec<kibitz_tournament::playlist::Item>> {
    use kibitz_tournament::playlist::Item as Shown;
    let (loaded, _) = read_kept(registry, dir)?;
    let matches = planned(registry, &loaded, Some(dir))?;
    let dir = std::path::absolute(dir)?;
    let list = playlist(&loaded.spec, &matches, &dir, &dir, &Choice { live: true, ..Choice::default() }).map_err(anyhow::Error::msg)?;
    Ok(list
        .items
        .into_iter()
        .map(|item| match item {
            kibitz_tournament::playlist::Item::Replay(path) => Shown::Replay(dir.join(path).to_string_lossy().into_owned()),
            kibitz_tournament::playlist::Item::Live(path) => Shown::Live(dir.join(path).to_string_lossy().into_owned()),
        })
        .collect())
}

fn write_playlist(registry: &Registry, dir: &Path, choice: Choice, out: Option<PathBuf>) -> anyhow::Result<ExitCode> {
    let (loaded, _) = read_kept(registry, dir)?;
    let matches = planned(registry, &loaded, Some(dir))?;
    let out = out.unwrap_or_else(|| dir.join("playlist.ron"));
    let base = std::path::absolute(out.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new(".")))?;
    let list = playlist(&loaded.spec, &matches, &std::path::absolute(dir)?, &base, &choice).map_err(anyhow::Error::msg)?;
    write(&out, &(ron::ser::to_string_pretty(&list, ron::ser::PrettyConfig::default())? + "\n"))?;
    eprintln!("{} items in {}", list.items.len(), out.display());
    crate::outln!("{}", out.display())?;
    Ok(ExitCode::SUCCESS)
}

/// Reads and checks a spec: its own checks, then the game, then each setup by the game's own
/// `kibitz match --check` with as many bots as a match seats.
fn load(registry: &Registry, path: &Path) -> anyhow::Result<(Loaded, &'static dyn Room)> {
    let loaded = Spec::load(path).map_err(anyhow::Error::msg)?;
    let spec = &loaded.spec;
    let room = registry.get(&spec.game).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    if room.capabilities().matches.is_none() {
        anyhow::bail!("{}: {} has no matches to run", path.display(), spec.game);
    }
    let matches = planned(registry, &loaded, None)?;
    for (k, setup) in spec.setups.iter().enumerate() {
        // With a seed the plan gives (icfp2015's names a source seed of its problem, which a
        // plan's is not: such a tournament is refused here rather than failing every match).
        let seed = matches.iter().find(|m| m.setup == k).map_or(0, |m| m.seed);
        let checked = check_setup(&loaded, room, k, seed)?;
        if !checked.status.success() {
            let said = String::from_utf8_lossy(&checked.stderr);
            let said =
                said.lines().find(|l| !l.trim().is_empty()).unwrap_or("").trim_start_matches("kibitz: ").trim_start_matches("error: ");
            let bots = kibitz_tournament::spec::count(spec.seats, "bot");
            anyhow::bail!("{}: setup {:?} with {bots}: {said}", path.display(), setup.name);
        }
    }
    Ok((loaded, room))
}

/// The game's own `kibitz match GAME FLAGS --check` of setup `k` with `seed`, as the plan's lines
/// run it: from the spec's folder, with as many bots as a match seats (named, for a server game,
/// whose teams are named after the bots).
fn check_setup(loaded: &Loaded, room: &dyn Room, k: usize, seed: u64) -> anyhow::Result<std::process::Output> {
    let spec = &loaded.spec;
    let bots: Vec<&str> = spec.bots.iter().take(spec.seats).map(|b| b.command.as_str()).collect();
    let mut names: Vec<String> = Vec::new();
    if room.capabilities().server.is_some() {
        names.push("--names".into());
        names.extend(spec.bots.iter().take(spec.seats).map(|b| b.team()));
    }
    Ok(std::process::Command::new(std::env::current_exe()?)
        .arg("match")
        .arg(&spec.game)
        .args(&spec.setups[k].flags)
        .args(&names)
        .args(["--check", "--seed", &seed.to_string(), "--out", "kibitz-check.jsonl", "--"])
        .args(&bots)
        .current_dir(&loaded.root)
        .output()?)
}

/// Each setup's `setup` as the game says its replays record it (the last line of `kibitz match
/// --check`), for a game whose recorded setup the seed does not change; `None` where it cannot
/// tell (the standings then go by what most replays of the setup record).
fn planned_setups(loaded: &Loaded, room: &dyn Room, matches: &[Match]) -> Vec<Option<serde_json::Value>> {
    if !room.capabilities().matches.map(|m| m.verb).is_some_and(|v| v.records_setup()) {
        return vec![None; loaded.spec.setups.len()];
    }
    (0..loaded.spec.setups.len())
        .map(|k| {
            let seed = matches.iter().find(|m| m.setup == k).map_or(0, |m| m.seed);
            let checked = check_setup(loaded, room, k, seed).ok().filter(|o| o.status.success())?;
            let text = String::from_utf8_lossy(&checked.stdout);
            let said: serde_json::Value = serde_json::from_str(text.lines().last()?).ok()?;
            said.get("setup").cloned()
        })
        .collect()
}

/// The tournament's folder, made if need be, as an absolute path.
fn folder(out: &Path) -> anyhow::Result<PathBuf> {
    std::fs::create_dir_all(out).map_err(|e| anyhow::anyhow!("cannot create {}: {e}", out.display()))?;
    Ok(std::path::absolute(out)?)
}

/// The plan's lines, naming `dir` from the spec's folder (and the bots, for a server game).
fn lines(loaded: &Loaded, room: &dyn Room, matches: &[Match], dir: &Path, kibitz: &str) -> anyhow::Result<Vec<String>> {
    let from_spec = from_root(dir, &loaded.root).map_err(anyhow::Error::msg)?;
    let names = room.capabilities().server.is_some();
    Ok(matches.iter().map(|m| line(&loaded.spec, m, kibitz, &from_spec, names)).collect())
}

/// Keeps in `dir` the spec with its folder (`tournament.ron`, what `standings` reads) and the
/// plan's lines (`plan.txt`, what `run` and any engine run). A folder that holds another
/// tournament is refused.
fn keep(loaded: &Loaded, dir: &Path, lines: &[String]) -> anyhow::Result<()> {
    let kept = dir.join(KEPT_SPEC);
    if kept.exists() && Loaded::read_kept(&kept).ok().as_ref() != Some(loaded) {
        anyhow::bail!("{} holds another tournament ({}): give another --out", dir.display(), kept.display());
    }
    write(&kept, &ron::ser::to_string_pretty(loaded, ron::ser::PrettyConfig::default())?)?;
    write(&dir.join("plan.txt"), &lines.iter().map(|l| format!("{l}\n")).collect::<String>())
}

/// Every match planned so far: a round robin whole; Swiss and brackets as far as the finished
/// replays in `dir` allow (`None`: nothing played yet).
fn planned(registry: &Registry, loaded: &Loaded, dir: Option<&Path>) -> anyhow::Result<Vec<Match>> {
    let spec = &loaded.spec;
    if spec.format == Format::League {
        // A league's plan is its log.
        let Some(dir) = dir else { return Ok(Vec::new()) };
        return Ok(kibitz_tournament::league::read(spec, dir).map_err(anyhow::Error::msg)?.matches);
    }
    let results = |m: &Match| dir.and_then(|dir| finished_outcome(spec, m, dir));
    let seeds = seeds(registry, loaded)?;
    plan(spec, &results, seeds.as_deref()).map_err(anyhow::Error::msg)
}

/// A bracket's seeds from the standings of an earlier stage (`seeds_from`), best first; bots it
/// did not rank follow in the spec's order.
fn seeds(registry: &Registry, loaded: &Loaded) -> anyhow::Result<Option<Vec<usize>>> {
    let Format::Elimination { seeds_from: Some(earlier), .. } = &loaded.spec.format else { return Ok(None) };
    let earlier = loaded.root.join(earlier);
    let (stage, room) = read_kept(registry, &earlier)?;
    let matches = planned(registry, &stage, Some(&earlier))?;
    let setups = planned_setups(&stage, room, &matches);
    let table = standings(&stage.spec, &matches, &earlier, &|text: &str| verified(registry, text), known(room, &setups));
    let bots = &loaded.spec.bots;
    let mut order: Vec<usize> = table.rows.iter().filter_map(|r| bots.iter().position(|b| b.key() == r.bot)).collect();
    let unranked: Vec<usize> = (0..bots.len()).filter(|b| !order.contains(b)).collect();
    order.extend(unranked);
    Ok(Some(order))
}

/// A tournament folder's spec (`tournament.ron`), and its game's room.
fn read_kept(registry: &Registry, dir: &Path) -> anyhow::Result<(Loaded, &'static dyn Room)> {
    let kept = dir.join(KEPT_SPEC);
    if !kept.is_file() {
        anyhow::bail!("cannot read {}: no such file (is {} a folder `kibitz tournament run` wrote?)", kept.display(), dir.display());
    }
    // Checked as `plan` checks a spec: its numbers bound what the plan and the standings hold.
    let loaded = Loaded::read_kept(&kept).map_err(anyhow::Error::msg)?;
    let room = registry.get(&loaded.spec.game).map_err(anyhow::Error::msg)?;
    Ok((loaded, room))
}

fn write(path: &Path, text: &str) -> anyhow::Result<()> {
    std::fs::write(path, text).map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))
}

/// What the standings need to know of a game: whether it ranks by the contest's points (a
/// server game), whether its replays record the plan's seed, and the setups its replays record,
/// where it can tell.
fn known<'a>(room: &dyn Room, setups: &'a [Option<serde_json::Value>]) -> Known<'a> {
    Known {
        contest_points: room.capabilities().server.is_some(),
        plan_seed: room.capabilities().matches.is_none_or(|m| m.records_seed),
        setups,
        per_bot: false,
    }
}

/// A replay re-simulated as `kibitz verify` does: damage or a disagreement is a reason.
fn verified(registry: &Registry, text: &str) -> Result<Checked, String> {
    let report = registry.verify(text)?;
    if let Some(damage) = report.damage {
        return Err(format!("damaged at {damage}"));
    }
    let verified = report.verdict.map_err(|e| e.to_string())?;
    Ok(Checked { scores: verified.scores, decimals: report.score_decimals })
}

/// `--site-url`: an http(s) address of at most 2,000 characters, kept with one `/` at its end.
fn parse_site_url(text: &str) -> Result<String, String> {
    let lower = text.to_ascii_lowercase();
    let web = lower.starts_with("http://") || lower.starts_with("https://");
    let plain = text.len() <= 2000 && !text.chars().any(|c| c.is_whitespace() || c == '"' || c == '<' || c == '>');
    match (web, plain) {
        (true, true) => Ok(format!("{}/", text.trim_end_matches('/'))),
        _ => Err(format!(
            "{:?}: an http:// or https:// address, e.g. https://example.org/finals/",
            text.chars().take(80).collect::<String>()
        )),
    }
}
