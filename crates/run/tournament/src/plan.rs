//! The plan: which bots meet on which setup in which seats, in a fixed order, each match with a
//! readable ID and a seed of its own; and the one shell line that runs a match, the same for
//! `tournament run` and for any engine that runs the lines of `plan.txt`.

pub use crate::matches::{Match, Results, match_seed};
use crate::spec::{Format, Spec};
use crate::{bracket, swiss};
use kibitz_referee::command::shell_quote;
use std::path::{Path, PathBuf};

/// Every match planned so far, in a fixed order. A round robin (or Each) is planned whole; a
/// Swiss tournament and a bracket round by round, as `results` (the scores of each finished
/// match) allow: the rounds played, and the next. `seeds`: the bots' order for seeding (best
/// first), else the spec's.
pub fn plan(spec: &Spec, results: &Results, seeds: Option<&[usize]>) -> Result<Vec<Match>, String> {
    let order: Vec<usize> = seeds.map_or_else(|| (0..spec.bots.len()).collect(), <[usize]>::to_vec);
    match &spec.format {
        Format::RoundRobin | Format::Each => Ok(round_robin(spec)),
        Format::Swiss { rounds } => Ok(swiss::plan(spec, *rounds, &order, results)),
        Format::Elimination { double, .. } => Ok(bracket::plan(spec, *double, &order, results).matches),
        Format::League => Err("a league plans as it plays: `kibitz tournament league` runs it, and its plan is its log".into()),
        Format::Sprt { .. } => {
            let test = crate::paired::Test::of(spec).ok_or("the paired test's candidate or baseline is not a bot of the spec")?;
            Ok(crate::paired::plan(spec, &test, results))
        }
    }
}

/// Every match of a round robin (or of Each): setups in the spec's order, then groups of bots in
/// the order of their first members in the spec, then seat rotations, then games.
fn round_robin(spec: &Spec) -> Vec<Match> {
    let mut matches = Vec::new();
    for (setup, setup_spec) in spec.setups.iter().enumerate() {
        for group in groups(spec.bots.len(), spec.seats) {
            for turn in 0..group.len() {
                let mut seats = group.clone();
                seats.rotate_left(turn);
                for game in 1..=spec.games {
                    let names: Vec<String> = seats.iter().map(|&b| spec.bots[b].key()).collect();
                    let id = format!("{}-{}-{game}", setup_spec.name, names.join("-vs-"));
                    let seed = match_seed(spec.seed, &id);
                    matches.push(Match { id, setup, seats: seats.clone(), game, seed });
                }
            }
        }
    }
    matches
}

/// Every set of `k` of `n` bots, each in increasing order, in lexicographic order.
fn groups(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut group: Vec<usize> = (0..k).collect();
    if k == 0 || k > n {
        return out;
    }
    loop {
        out.push(group.clone());
        // The last place that can still move up, and everything after it just above it.
        let Some(i) = (0..k).rev().find(|&i| group[i] < n - k + i) else { return out };
        group[i] += 1;
        for j in i + 1..k {
            group[j] = group[j - 1] + 1;
        }
    }
}

/// The replay of match `m` in `out` (as the lines name it, from the spec's folder).
pub fn replay_of(m: &Match, out: &Path) -> PathBuf {
    out.join(format!("{}.jsonl", m.id))
}

/// The replay files match `m` writes: one, or one a game when its setup's flags say `--games K`
/// (`ID-gK.jsonl`, as `kibitz match` names them).
pub fn replay_files(spec: &Spec, m: &Match, out: &Path) -> Vec<PathBuf> {
    let games = spec.setups[m.setup].series().unwrap_or(1);
    let one = replay_of(m, out);
    if games <= 1 {
        return vec![one];
    }
    (1..=games).map(|g| out.join(format!("{}-g{g}.jsonl", m.id))).collect()
}

/// The shell line that runs match `m`, from the spec's folder: `KIBITZ match [--versions V,…]
/// GAME FLAGS --seed S --out OUT/ID.jsonl -- 'BOT' ...`, every word quoted for `sh` where it
/// needs it. `names`: the
/// game takes `--names` (the server games, whose teams are otherwise `team1`, `team2`, …), and
/// gets the bots' names.
pub fn line(spec: &Spec, m: &Match, kibitz: &str, out: &Path, names: bool) -> String {
    let mut words: Vec<String> = vec![shell_quote(kibitz), "match".into()];
    // The spec's versions go to the replays' headers; `-`: the one Kibitz works out.
    if m.seats.iter().any(|&b| spec.bots[b].version.is_some()) {
        let versions: Vec<&str> = m.seats.iter().map(|&b| spec.bots[b].version.as_deref().unwrap_or("-")).collect();
        words.extend(["--versions".into(), versions.join(",")]);
    }
    words.push(shell_quote(&spec.game));
    words.extend(spec.setups[m.setup].flags.iter().map(|w| shell_quote(w)));
    if names {
        words.push("--names".into());
        words.extend(m.seats.iter().map(|&b| spec.bots[b].team()));
    }
    words.extend(["--seed".into(), m.seed.to_string(), "--out".into(), shell_quote(&replay_of(m, out).to_string_lossy()), "--".into()]);
    // Each bot's command is one word to `kibitz match`: quoted whole, always.
    words.extend(m.seats.iter().map(|&b| format!("'{}'", spec.bots[b].command.replace('\'', r"'\''"))));
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::{Bot, Format, SetupSpec};

    pub fn lighthouses(bots: &[&str], setups: &[&str], seats: usize, games: u32) -> Spec {
        Spec {
            game: "lighthouses".into(),
            bots: bots
                .iter()
                .map(|n| Bot { name: n.to_string(), command: format!("kibitz bot lighthouses {n}"), check: true, version: None })
                .collect(),
            setups: setups
                .iter()
                .map(|s| SetupSpec { name: s.to_string(), flags: vec!["--map".into(), format!("maps/lighthouses/{s}.txt")] })
                .collect(),
            seats,
            format: if seats == 1 { Format::Each } else { Format::RoundRobin },
            games,
            seed: 42,
        }
    }

    #[test]
    fn a_round_robin_of_three_on_two_setups_with_seats_swapped_is_twelve_matches() {
        let spec = lighthouses(&["greedy", "rnd1", "rnd2"], &["harbour", "duel"], 2, 1);
        let ids: Vec<String> = plan(&spec, &|_| None, None).unwrap().into_iter().map(|m| m.id).collect();
        assert_eq!(
            ids[..6],
            [
                "harbour-greedy-vs-rnd1-1",
                "harbour-rnd1-vs-greedy-1",
                "harbour-greedy-vs-rnd2-1",
                "harbour-rnd2-vs-greedy-1",
                "harbour-rnd1-vs-rnd2-1",
                "harbour-rnd2-vs-rnd1-1"
            ]
        );
        assert_eq!(ids.len(), 12);
        assert!(ids[6..].iter().all(|id| id.starts_with("duel-")));
    }

    #[test]
    fn groups_of_more_seats_rotate_and_games_get_seeds_of_their_own() {
        let spec = lighthouses(&["a", "b", "c", "d"], &["atoll"], 3, 2);
        let matches = plan(&spec, &|_| None, None).unwrap();
        // 4 groups of 3, 3 rotations each, 2 games each.
        assert_eq!(matches.len(), 24);
        assert_eq!(matches[0].seats, [0, 1, 2]);
        assert_eq!(matches[2].seats, [1, 2, 0]);
        assert_eq!(matches[4].seats, [2, 0, 1]);
        assert_eq!((matches[0].id.as_str(), matches[1].id.as_str()), ("atoll-a-vs-b-vs-c-1", "atoll-a-vs-b-vs-c-2"));
        let mut seeds: Vec<u64> = matches.iter().map(|m| m.seed).collect();
        seeds.sort();
        seeds.dedup();
        assert_eq!(seeds.len(), 24, "every match its own seed");
        // A match keeps its seed whatever else is planned; another spec seed changes it.
        let fewer = lighthouses(&["a", "b", "c"], &["atoll"], 3, 2);
        assert_eq!(plan(&fewer, &|_| None, None).unwrap()[0], matches[0]);
        assert_ne!(match_seed(43, &matches[0].id), matches[0].seed);
        assert_eq!(groups(5, 2).len(), 10);
        assert_eq!(groups(2, 3), Vec::<Vec<usize>>::new());
    }

    #[test]
    fn each_bot_alone_on_every_setup() {
        let spec = lighthouses(&["x", "y"], &["p1", "p2"], 1, 1);
        let ids: Vec<String> = plan(&spec, &|_| None, None).unwrap().into_iter().map(|m| m.id).collect();
        assert_eq!(ids, ["p1-x-1", "p1-y-1", "p2-x-1", "p2-y-1"]);
    }

    #[test]
    fn a_line_quotes_what_sh_needs_quoted() {
        let mut spec = lighthouses(&["greedy", "rnd1"], &["harbour"], 2, 1);
        spec.bots[1].command = "python3 'my bot.py' --name \"it's\"".into();
        spec.setups[0].flags.push("--rounds".into());
        spec.setups[0].flags.push("30".into());
        let m = &plan(&spec, &|_| None, None).unwrap()[0];
        assert_eq!(
            line(&spec, m, "/opt/kibitz dir/kibitz", Path::new("out"), false),
            format!(
                "'/opt/kibitz dir/kibitz' match lighthouses --map maps/lighthouses/harbour.txt --rounds 30 --seed {} --out out/harbour-greedy-vs-rnd1-1.jsonl -- 'kibitz bot lighthouses greedy' 'python3 '\\''my bot.py'\\'' --name \"it'\\''s\"'",
                m.seed
            )
        );
        spec.bots[1].version = Some("v2".into());
        let versioned = line(&spec, m, "kibitz", Path::new("out"), false);
        assert!(versioned.starts_with("kibitz match --versions -,v2 lighthouses --map"), "{versioned}");
        spec.bots[1].version = None;
        let named = line(&spec, m, "kibitz", Path::new("out"), true);
        assert!(named.contains("--rounds 30 --names greedy rnd1 --seed "), "{named}");
        spec.setups[0].flags.extend(["--games".to_string(), "3".to_string()]);
        let files = replay_files(&spec, m, Path::new("out"));
        assert_eq!(
            files,
            ["out/harbour-greedy-vs-rnd1-1-g1.jsonl", "out/harbour-greedy-vs-rnd1-1-g2.jsonl", "out/harbour-greedy-vs-rnd1-1-g3.jsonl"]
                .map(PathBuf::from)
        );
    }
}
