//! `kibitz tournament report DIR --out SITE/`: the tournament as a static web page (plain HTML
//! and CSS, no JavaScript, no server: any static host serves the folder): the standings (with
//! each bot's time per answer), the ratings chart, an elimination stage's bracket, and every
//! match with its result, its tags, its replay (copied beside the page, with the command that
//! watches it in Kibitz from its link) and a short GIF of its closing rounds (`kibitz export`, in
//! a real window: Kibitz starts a virtual display where there is none).

use super::{Counted, table_of, write};
use crate::kit::contract::room::Registry;
use crate::kit::viewing::palette::bot_color;
use kibitz_tournament::plan::{Match, replay_files};
use kibitz_tournament::spec::{Format, Loaded};
use kibitz_tournament::standings::{Standings, finished_scores};
use std::fmt::Write as _;
use std::path::Path;
use std::process::{Command, ExitCode};

/// Writes the report of the tournament in `dir` to `site`; `gif_rounds`: the closing rounds each
/// match's GIF shows (`None`: no GIFs).
/// `site_url`: where the site will be served, ending in `/`, for the "watch in Kibitz" lines.
pub fn report(registry: &Registry, dir: &Path, site: &Path, gif_rounds: Option<usize>, site_url: Option<&str>) -> anyhow::Result<ExitCode> {
    let (loaded, matches, table) = table_of(registry, dir, &Counted::All, false)?;
    for folder in [site.to_path_buf(), site.join("replays"), site.join("gifs")] {
        std::fs::create_dir_all(&folder).map_err(|e| anyhow::anyhow!("cannot create {}: {e}", folder.display()))?;
    }
    super::chart::ratings(&table).save_png(&site.join("ratings.png")).map_err(anyhow::Error::msg)?;
    let played: Vec<(&Match, Vec<i64>)> = matches.iter().filter_map(|m| finished_scores(&loaded.spec, m, dir).map(|s| (m, s))).collect();
    let mut copied = Vec::new();
    for (m, _) in &played {
        let mut files = Vec::new();
        for replay in replay_files(&loaded.spec, m, dir) {
            let name = replay.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            std::fs::copy(&replay, site.join("replays").join(&name))
                .map_err(|e| anyhow::anyhow!("cannot copy {}: {e}", replay.display()))?;
            files.push(name);
        }
        copied.push(files);
    }
    let gifs = match gif_rounds {
        Some(rounds) => {
            let made = |k: usize, worker: usize| {
                let (m, _) = played[k];
                closing_gif(&dir.join(&copied[k][0]), &site.join("gifs").join(format!("{}.gif", m.id)), rounds, worker)
            };
            gifs(played.len(), made).into_iter().map(Some).collect()
        }
        None => vec![None; played.len()],
    };
    let mut cards = Vec::new();
    for (((m, scores), files), gif) in played.iter().zip(&copied).zip(gifs) {
        cards.push(card(&loaded, m, scores, &table, files, gif, site_url));
    }
    let page = page(&loaded, &table, &cards);
    write(&site.join("index.html"), &page)?;
    eprintln!("{} matches in {}", played.len(), site.join("index.html").display());
    crate::outln!("{}", site.join("index.html").display())?;
    Ok(ExitCode::SUCCESS)
}

/// `count` GIFs made by `make(k, worker)` on every core (each is a `kibitz export` in a window of
/// its own: one a core at most), with a progress bar; each one's result, in order.
fn gifs(count: usize, make: impl Fn(usize, usize) -> Result<(), String> + Sync) -> Vec<Result<(), String>> {
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get()).min(count).max(1);
    if count > 0 {
        eprintln!("kibitz: making {count} GIFs, {workers} at once (`--no-gifs` skips them)");
    }
    let bar = crate::kit::matches::progress::counter(count as u64, "GIFs");
    let next = std::sync::atomic::AtomicUsize::new(0);
    let made: Vec<(usize, Result<(), String>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..workers)
            .map(|worker| {
                let (next, bar, make) = (&next, &bar, &make);
                scope.spawn(move || {
                    let mut made = Vec::new();
                    loop {
                        let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if k >= count {
                            return made;
                        }
                        made.push((k, make(k, worker)));
                        bar.inc(1);
                    }
                })
            })
            .collect();
        workers.into_iter().flat_map(|w| w.join().unwrap_or_default()).collect()
    });
    bar.finish_and_clear();
    let mut gifs: Vec<Result<(), String>> = (0..count).map(|_| Err("its maker stopped".to_string())).collect();
    for (k, result) in made {
        gifs[k] = result;
    }
    gifs
}

/// The GIF of a replay's closing `rounds` rounds (`kibitz export --last-rounds`), or why there
/// is none. `worker`: which of the GIFs made at once this is (each gets its own X display
/// under xvfb-run).
fn closing_gif(replay: &Path, gif: &Path, rounds: usize, worker: usize) -> Result<(), String> {
    let this = std::env::current_exe().map_err(|e| e.to_string())?;
    let args: Vec<String> = ["export".into(), replay.display().to_string(), "--last-rounds".into(), rounds.to_string()]
        .into_iter()
        .chain(["--gif".into(), gif.display().to_string(), "--size".into(), "480x270".into()])
        .collect();
    let display = ["DISPLAY", "WAYLAND_DISPLAY"].iter().any(|v| std::env::var_os(v).is_some_and(|s| !s.is_empty()));
    let mut command = if display {
        Command::new(&this)
    } else {
        let mut xvfb = Command::new("xvfb-run");
        // `-a` looks for a free display from `-n` on: GIFs made at once start apart, so that
        // two never race for one display.
        let first = (100 + 10 * worker).to_string();
        xvfb.args(["-a", "-n", &first, "-s", "-screen 0 1280x720x24"]).arg(&this);
        xvfb
    };
    let done = command.args(&args).output().map_err(|e| format!("cannot run kibitz export (no display, and xvfb-run: {e})"))?;
    if !done.status.success() {
        let said = String::from_utf8_lossy(&done.stderr);
        return Err(said.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("kibitz export failed").to_string());
    }
    Ok(())
}

/// Text made safe for HTML.
fn esc(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn hex(bot: usize) -> String {
    let c = bot_color(bot);
    format!("#{:02x}{:02x}{:02x}", c.r(), c.g(), c.b())
}

/// One match: its bots and scores (the best bold), its tags, its replays, its GIF.
fn card(
    loaded: &Loaded,
    m: &Match,
    scores: &[i64],
    table: &Standings,
    files: &[String],
    gif: Option<Result<(), String>>,
    site_url: Option<&str>,
) -> String {
    let spec = &loaded.spec;
    let best = scores.iter().copied().max().unwrap_or(0);
    let mut html = format!("<article class=\"match\"><h3>{}</h3><ol class=\"seats\">", esc(&m.id));
    for (&bot, &score) in m.seats.iter().zip(scores) {
        let class = if score == best { " class=\"top\"" } else { "" };
        let _ = write!(
            html,
            "<li{class}><span class=\"swatch\" style=\"background:{}\"></span>{} <b>{}</b></li>",
            hex(bot),
            esc(&spec.bots[bot].key()),
            esc(&kibitz_core::show_score_short(score, table.decimals))
        );
    }
    html.push_str("</ol>");
    if let Some(tagged) = table.tags.iter().find(|t| t.id == m.id) {
        let tags: Vec<String> = tagged.tags.iter().map(|t| format!("<span class=\"tag\">{}</span>", esc(t))).collect();
        let _ = write!(html, "<p class=\"tags\">{}</p>", tags.join(" "));
    }
    match gif {
        Some(Ok(())) => {
            let _ = write!(html, "<img class=\"gif\" src=\"gifs/{}.gif\" alt=\"the closing rounds of {0}\" loading=\"lazy\">", esc(&m.id));
        }
        Some(Err(why)) => {
            let _ = write!(html, "<p class=\"note\">no GIF: {}</p>", esc(&why));
        }
        None => {}
    }
    let links: Vec<String> = files.iter().map(|f| format!("<a href=\"replays/{0}\">{0}</a>", esc(f))).collect();
    let _ = write!(html, "<p class=\"links\">replay: {}</p>", links.join(" · "));
    // The command that opens the replay from its link (any static host serves the folder);
    // without the site's address, the one that opens it from a copy of the folder.
    if let Some(first) = files.first() {
        let command = match site_url {
            Some(base) => format!("kibitz view {base}replays/{first}"),
            None => format!("kibitz view replays/{first}"),
        };
        let _ = write!(html, "<p class=\"watch\">watch in Kibitz: <code>{}</code></p>", esc(&command));
    }
    html.push_str("</article>");
    html
}

const STYLE: &str = "body{background:#12141a;color:#eceef2;font:15px/1.4 system-ui,sans-serif;margin:0 auto;max-width:1200px;padding:24px}
h1{font-size:28px;margin:0}h2{font-size:20px;margin:28px 0 10px}.dim,.note{color:#969ca8}
table{border-collapse:collapse;width:100%}th{color:#969ca8;font-weight:normal;text-align:left;padding:6px 10px}
td{padding:6px 10px}tbody tr:nth-child(odd){background:#1a1d25}.num{text-align:right;font-variant-numeric:tabular-nums}
.swatch{display:inline-block;width:12px;height:12px;border-radius:3px;margin-right:8px;vertical-align:-1px}
img.chart{width:100%;max-width:960px;border-radius:6px}
.bracket{display:flex;gap:14px;overflow-x:auto}.round{display:flex;flex-direction:column;min-width:118px}
.round h4{margin:0 0 8px;color:#969ca8;font-weight:normal;font-size:12px}
.round .pairings{flex:1;display:flex;flex-direction:column;justify-content:space-around;gap:10px}.pairing{background:#1e222c;border-radius:5px;padding:6px 10px}
.pairing div{color:#969ca8}.pairing div.won{color:#eceef2;font-weight:bold}.champion{color:#ffc428;font-size:20px}
.matches{display:grid;grid-template-columns:repeat(auto-fill,minmax(260px,1fr));gap:14px}
.match{background:#1a1d25;border-radius:8px;padding:10px 14px}.match h3{font-size:13px;margin:0 0 6px;color:#969ca8;word-break:break-all}
.seats{list-style:none;margin:0;padding:0}.seats li.top{font-weight:bold}.seats b{float:right}
img.gif{width:100%;border-radius:4px;margin-top:8px}.tags{margin:6px 0 0}.tag{background:#2a3142;border-radius:4px;font-size:12px;padding:1px 6px}.links{font-size:12px;margin:6px 0 0}a{color:#7fb4ff}
.watch{font-size:12px;margin:4px 0 0;color:#969ca8}.watch code{color:#eceef2;user-select:all;word-break:break-all}";

/// The page: the standings, the chart, the bracket, the matches, what is missing.
fn page(loaded: &Loaded, table: &Standings, cards: &[String]) -> String {
    let spec = &loaded.spec;
    let show = |s: i64| esc(&kibitz_core::show_score_short(s, table.decimals));
    let swiss = table.rows.iter().any(|r| r.swiss_points.is_some());
    let mut html = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\">\
         <title>{0} tournament</title><style>{STYLE}</style></head><body><h1>{0} tournament</h1>\
         <p class=\"dim\">{1} of {2} matches played · {3} · {4}</p><h2>Standings</h2><table><thead><tr>\
         <th>#</th><th>bot</th><th class=\"num\">played</th><th class=\"num\">won</th><th class=\"num\">drawn</th>\
         <th class=\"num\">lost</th><th class=\"num\">firsts</th><th class=\"num\">total</th><th class=\"num\">rating, 95 % interval</th>{5}\
         <th class=\"num\">median ms</th><th class=\"num\">p99 ms</th><th class=\"num\">max ms</th><th class=\"num\">time-outs</th><th>failures</th></tr></thead><tbody>",
        esc(&spec.game),
        table.played,
        table.matches,
        kibitz_tournament::spec::count(spec.bots.len(), "bot"),
        format_name(&spec.format),
        if table.rows.iter().any(|r| r.points.is_some()) { "<th class=\"num\">points</th>" } else { "" }
    );
    if swiss {
        html = html.replacen("<th>bot</th>", "<th>bot</th><th class=\"num\">Swiss points</th><th class=\"num\">byes</th>", 1);
    }
    for (k, row) in table.rows.iter().enumerate() {
        let bot = spec.bots.iter().position(|b| b.key() == row.bot).unwrap_or(0);
        let points = row.points.map_or(String::new(), |p| format!("<td class=\"num\">{p:.2}</td>"));
        let failures = match row.failures.len() {
            0 => "–".to_string(),
            n => {
                let reasons: Vec<String> = row.failures.iter().take(10).map(|f| format!("{}: {}", f.id, f.what)).collect();
                format!("<span title=\"{}\">{n} ({} time-outs)</span>", esc(&reasons.join("\n")), row.timeouts)
            }
        };
        let time = match row.time {
            Some(t) => format!(
                "<td class=\"num\" title=\"over {} answers\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>",
                t.turns, t.median_ms, t.p99_ms, t.max_ms
            ),
            None => "<td class=\"num\">–</td>".repeat(3),
        };
        let swiss_cells = match (swiss, row.swiss_points) {
            (true, points) => format!(
                "<td class=\"num\">{}</td><td class=\"num\">{}</td>",
                points.map_or("–".into(), |p| p.to_string()),
                row.byes.unwrap_or(0)
            ),
            (false, _) => String::new(),
        };
        let _ = write!(
            html,
            "<tr><td>{}</td><td><span class=\"swatch\" style=\"background:{}\"></span>{}</td>{swiss_cells}<td class=\"num\">{}</td><td class=\"num\">{}</td>\
             <td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>\
             <td class=\"num\" title=\"Weng–Lin μ ± σ: {:.2} ± {:.2}\">{:.1} [{:.1}, {:.1}]</td>{points}{time}<td class=\"num\">{}</td><td>{failures}</td></tr>",
            k + 1,
            hex(bot),
            esc(&row.bot),
            row.played,
            row.wins,
            row.draws,
            row.losses,
            row.firsts,
            show(row.total),
            row.rating,
            row.uncertainty,
            row.rating,
            row.rating_ci95.0,
            row.rating_ci95.1,
            row.timeouts
        );
    }
    html.push_str("</tbody></table>");
    if let Some(test) = &table.sprt {
        let _ = write!(html, "<h2>Paired test</h2><p><b>{}</b></p><p class=\"dim\">{}</p>", esc(&test.verdict()), esc(&test.line()));
    }
    html.push_str(&superiority(table));
    html.push_str("<h2>Ratings over the matches</h2><img class=\"chart\" src=\"ratings.png\" alt=\"each bot's rating after each match\">");
    if let Some(bracket) = &table.bracket {
        html.push_str("<h2>Bracket</h2><div class=\"bracket\">");
        let mut columns: Vec<String> = Vec::new();
        for p in bracket {
            let column = p.name.split('-').next().unwrap_or("").to_string();
            if !columns.contains(&column) {
                columns.push(column);
            }
        }
        for column in &columns {
            // The heading above the column's pairings, level with the other columns' headings.
            let _ = write!(html, "<div class=\"round\"><h4>{}</h4><div class=\"pairings\">", esc(&round_name(column)));
            for p in bracket.iter().filter(|p| p.name.split('-').next() == Some(column.as_str())) {
                html.push_str("<div class=\"pairing\">");
                for bot in &p.bots {
                    let won = p.winner.as_deref() == Some(bot.as_str());
                    let _ = write!(html, "<div{}>{}</div>", if won { " class=\"won\"" } else { "" }, esc(bot));
                }
                html.push_str("</div>");
            }
            html.push_str("</div></div>");
        }
        html.push_str("</div>");
        if let Some(champion) = &table.champion {
            let _ = write!(html, "<p class=\"champion\">Champion: {}</p>", esc(champion));
        }
    }
    html.push_str("<h2>Matches</h2><div class=\"matches\">");
    for card in cards {
        html.push_str(card);
    }
    html.push_str("</div>");
    let lists = [
        ("Not played yet", table.unplayed.clone()),
        ("Left out: do not verify", notes(&table.unverified)),
        ("Left out: stopped", notes(&table.stopped)),
    ];
    for (title, items) in lists.iter().filter(|(_, items)| !items.is_empty()) {
        let _ = write!(html, "<h2>{title}</h2><ul>");
        for item in items {
            let _ = write!(html, "<li>{}</li>", esc(item));
        }
        html.push_str("</ul>");
    }
    html.push_str("<p class=\"dim\">Made by <code>kibitz tournament report</code>.</p></body></html>\n");
    html
}

/// The likelihood of superiority of every pair, as a table (row over column), for up to 16 bots.
fn superiority(table: &Standings) -> String {
    let bots: Vec<&str> = table.rows.iter().map(|r| r.bot.as_str()).collect();
    if bots.len() < 2 || bots.len() > 16 || table.superiority.is_empty() {
        return String::new();
    }
    let mut html = String::from(
        "<h2>Likelihood of superiority</h2><p class=\"dim\">How sure it is that the row's bot is better than the column's.</p><table><thead><tr><th></th>",
    );
    for b in &bots {
        let _ = write!(html, "<th class=\"num\">{}</th>", esc(b));
    }
    html.push_str("</tr></thead><tbody>");
    for a in &bots {
        let _ = write!(html, "<tr><td>{}</td>", esc(a));
        for b in &bots {
            let cell = table.los(a, b).map_or("–".to_string(), |p| format!("{:.1} %", 100.0 * p));
            let _ = write!(html, "<td class=\"num\">{cell}</td>");
        }
        html.push_str("</tr>");
    }
    html + "</tbody></table>"
}

fn notes(notes: &[kibitz_tournament::standings::Note]) -> Vec<String> {
    notes.iter().map(|n| format!("{}: {}", n.id, n.what)).collect()
}

/// A format as people say it.
fn format_name(format: &Format) -> String {
    match format {
        Format::RoundRobin => "round robin".into(),
        Format::Each => "each bot alone".into(),
        Format::Swiss { rounds } => format!("Swiss, {rounds} rounds"),
        Format::Elimination { double: true, .. } => "double elimination".into(),
        Format::Elimination { double: false, .. } => "single elimination".into(),
        Format::League => "league".into(),
        Format::Sprt { candidate, baseline, .. } => format!("paired test (SPRT) of {candidate} against {baseline}"),
    }
}

/// A bracket column's heading: `w2` → "winners 2", `l1` → "losers 1", `gf2` → "grand final 2".
fn round_name(column: &str) -> String {
    match column.split_at(1) {
        ("w", n) => format!("winners {n}"),
        ("l", n) => format!("losers {n}"),
        _ if column == "gf" => "grand final".into(),
        _ => "grand final, again".into(),
    }
}
