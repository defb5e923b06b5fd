//! A tournament's matches for the stream: a playlist in the broadcast's own format (RON:
//! `(pause, repeat, items: [Replay("…"), Live("…")])`), chosen by what makes good watching, or
//! by the tags the bots drew.

use crate::plan::{Match, replay_files};
use crate::replays::tags_of_file;
use crate::spec::{Spec, from_root};
use crate::standings::finished_scores;
use serde::Serialize;
use std::path::Path;

/// Which matches go on the playlist; with none of `best`, `closest` and `bot`, every finished
/// match in plan order; of those, with `tag`, only the ones tagged so.
#[derive(Debug, Clone, Default)]
pub struct Choice {
    /// The K matches with the highest winning scores.
    pub best: Option<usize>,
    /// The K matches with the smallest margin between first and second.
    pub closest: Option<usize>,
    /// Every match of this bot.
    pub bot: Option<String>,
    /// Add the matches still being written, to follow live.
    pub live: bool,
    /// Keep only the matches a bot tagged so (`#kibitz tag WORD`), live ones as far as written.
    pub tag: Option<String>,
}

/// An item of the broadcast's playlist (`src/shell/playlist.rs` reads the same).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Item {
    Replay(String),
    Live(String),
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Playlist {
    pub pause: f32,
    pub repeat: bool,
    pub items: Vec<Item>,
}

/// The playlist of `choice` from the replays in `dir`, its paths relative to `base` (the
/// playlist's folder) when `dir` lies inside it. Ties are broken by ID.
pub fn playlist(spec: &Spec, matches: &[Match], dir: &Path, base: &Path, choice: &Choice) -> Result<Playlist, String> {
    let finished: Vec<(&Match, Vec<i64>)> = matches.iter().filter_map(|m| finished_scores(spec, m, dir).map(|s| (m, s))).collect();
    let mut chosen: Vec<&Match> = Vec::new();
    fn take<'m>(chosen: &mut Vec<&'m Match>, picked: Vec<&'m Match>) {
        for m in picked {
            if !chosen.iter().any(|c| c.id == m.id) {
                chosen.push(m);
            }
        }
    }
    let ranked = |key: &dyn Fn(&[i64]) -> i64, k: usize| -> Vec<&Match> {
        let mut by: Vec<(i64, &Match)> = finished.iter().map(|(m, s)| (key(s), *m)).collect();
        by.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.id.cmp(&b.1.id)));
        by.into_iter().take(k).map(|(_, m)| m).collect()
    };
    let sorted = |s: &[i64]| {
        let mut s = s.to_vec();
        s.sort_by(|a, b| b.cmp(a));
        s
    };
    if let Some(k) = choice.best {
        take(&mut chosen, ranked(&|s| -sorted(s)[0], k));
    }
    if let Some(k) = choice.closest {
        take(&mut chosen, ranked(&|s| sorted(s).get(..2).map_or(i64::MAX, |t| t[0] - t[1]), k));
    }
    if let Some(name) = &choice.bot {
        let bot = spec
            .bots
            .iter()
            .position(|b| b.key() == *name || &b.name == name)
            .ok_or_else(|| format!("no bot {name:?} in this tournament"))?;
        take(&mut chosen, finished.iter().filter(|(m, _)| m.seats.contains(&bot)).map(|(m, _)| *m).collect());
    }
    if choice.best.is_none() && choice.closest.is_none() && choice.bot.is_none() {
        take(&mut chosen, finished.iter().map(|(m, _)| *m).collect());
    }
    let name = |path: &Path| from_root(path, base).map(|p| p.to_string_lossy().into_owned());
    let tagged = |m: &Match| choice.tag.as_ref().is_none_or(|tag| replay_files(spec, m, dir).iter().any(|f| tags_of_file(f).contains(tag)));
    let mut items = Vec::new();
    for m in chosen.into_iter().filter(|m| tagged(m)) {
        for file in replay_files(spec, m, dir) {
            items.push(Item::Replay(name(&file)?));
        }
    }
    if choice.live {
        for m in matches.iter().filter(|m| finished_scores(spec, m, dir).is_none() && tagged(m)) {
            for file in replay_files(spec, m, dir).into_iter().filter(|f| f.exists()) {
                items.push(Item::Live(name(&file)?));
            }
        }
    }
    if items.is_empty() {
        return Err("no match of the tournament fits: nothing to play".into());
    }
    Ok(Playlist { pause: 10.0, repeat: false, items })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::plan;
    use crate::spec::{Bot, Format, SetupSpec};

    #[test]
    fn the_best_the_closest_and_a_bots_matches_in_that_order_ties_by_id() {
        let dir = tempfile::tempdir().unwrap();
        let spec = Spec {
            game: "lighthouses".into(),
            bots: ["a", "b", "c"]
                .iter()
                .map(|n| Bot { name: n.to_string(), command: format!("./{n}"), check: false, version: None })
                .collect(),
            setups: vec![SetupSpec { name: "s".into(), flags: Vec::new() }],
            seats: 2,
            format: Format::RoundRobin,
            games: 1,
            seed: 1,
        };
        let matches = plan(&spec, &|_| None, None).unwrap();
        // s-a-vs-b, s-b-vs-a, s-a-vs-c, s-c-vs-a, s-b-vs-c, s-c-vs-b.
        let scores: [&[i64]; 5] = [&[10, 0], &[50, 49], &[90, 10], &[7, 7], &[90, 80]];
        // Matches 1 and 2 are tagged "rush" (by either bot), and so is the live one so far.
        let step = |tags: &str| format!("{{\"step\":0,\"player\":1,\"outcome\":null,\"draw\":[{tags}]}}\n");
        let tagged = |k: usize| if [1, 2, 5].contains(&k) { step("\"dot 1 1\",\"tag rush\"") } else { step("\"tag calm\"") };
        for (k, (m, s)) in matches.iter().zip(scores).enumerate() {
            let end = serde_json::json!({"end": {"scores": s, "names": ["x", "y"], "failed": []}});
            std::fs::write(dir.path().join(format!("{}.jsonl", m.id)), format!("{{}}\n{}{end}\n", tagged(k))).unwrap();
        }
        // The last is still being written.
        std::fs::write(dir.path().join(format!("{}.jsonl", matches[5].id)), format!("{{}}\n{}", tagged(5))).unwrap();
        let ids = |p: &Playlist| -> Vec<String> {
            p.items
                .iter()
                .map(|i| match i {
                    Item::Replay(f) => f.trim_end_matches(".jsonl").to_string(),
                    Item::Live(f) => format!("live {}", f.trim_end_matches(".jsonl")),
                })
                .collect()
        };
        let best = playlist(&spec, &matches, dir.path(), dir.path(), &Choice { best: Some(2), ..Choice::default() }).unwrap();
        // 90 twice: by ID, s-a-vs-c-1 before s-b-vs-c-1.
        assert_eq!(ids(&best), ["s-a-vs-c-1", "s-b-vs-c-1"]);
        let closest =
            playlist(&spec, &matches, dir.path(), dir.path(), &Choice { closest: Some(2), live: true, ..Choice::default() }).unwrap();
        assert_eq!(ids(&closest), ["s-c-vs-a-1", "s-b-vs-a-1", "live s-c-vs-b-1"]);
        let of_b = playlist(&spec, &matches, dir.path(), dir.path(), &Choice { best: Some(1), bot: Some("b".into()), ..Choice::default() })
            .unwrap();
        assert_eq!(ids(&of_b), ["s-a-vs-c-1", "s-a-vs-b-1", "s-b-vs-a-1", "s-b-vs-c-1"]);
        assert!(playlist(&spec, &matches, dir.path(), dir.path(), &Choice { bot: Some("z".into()), ..Choice::default() }).is_err());
        // A tag keeps only the matches tagged so, of those chosen.
        let rush = |choice: Choice| playlist(&spec, &matches, dir.path(), dir.path(), &Choice { tag: Some("rush".into()), ..choice });
        assert_eq!(ids(&rush(Choice::default()).unwrap()), ["s-b-vs-a-1", "s-a-vs-c-1"]);
        assert_eq!(ids(&rush(Choice { best: Some(1), live: true, ..Choice::default() }).unwrap()), ["s-a-vs-c-1", "live s-c-vs-b-1"]);
        let none = playlist(&spec, &matches, dir.path(), dir.path(), &Choice { tag: Some("rus".into()), ..Choice::default() });
        assert!(none.unwrap_err().contains("nothing to play"));
        // From another folder, the paths lead into the tournament's.
        let outside = playlist(&spec, &matches, dir.path(), dir.path().parent().unwrap(), &Choice::default()).unwrap();
        let Item::Replay(first) = &outside.items[0] else { panic!() };
        assert!(
            first.ends_with(&format!("/{}.jsonl", matches[0].id)) && first.starts_with(dir.path().file_name().unwrap().to_str().unwrap()),
            "{first}"
        );
        assert!(ron::to_string(&best).unwrap().starts_with("(pause:10.0,repeat:false,items:[Replay(\"s-a-vs-c-1.jsonl\")"));
    }
}
