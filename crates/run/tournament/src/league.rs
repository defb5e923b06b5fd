//! A league that keeps going (`Format::League`): two-seat matches of the least-played pairings
//! among the spec's bots, for as long as it runs, bots and versions joining while it does. Its
//! plan is its log (`league.txt` in its folder): a line a match, `ID SETUP BOT BOT`, in the order
//! they were planned, so that the ratings run in the order of play and a resumed league plays
//! the matches it had planned first.

use crate::matches::{Match, match_seed};
use crate::spec::{Spec, most};
use std::collections::HashMap;
use std::io::Write;
use std::path::Path;

/// The league's log in its folder.
pub const LOG: &str = "league.txt";

/// The most a log may hold: [`most::REPLAYS`] lines of IDs and names of at most 40 characters.
const LOG_BYTES: u64 = 64 << 20;

/// The log as read: the matches it plans, and the lines it could not take, each with why.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Logged {
    pub matches: Vec<Match>,
    pub skipped: Vec<String>,
}

/// Reads the league's log in `dir` (none yet: no matches). A line that does not read, names a
/// bot or setup the spec no longer has, or repeats an ID is skipped and said.
pub fn read(spec: &Spec, dir: &Path) -> Result<Logged, String> {
    let path = dir.join(LOG);
    let file = match std::fs::File::open(&path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Logged::default()),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    // A full league's log is a few megabytes: anything far bigger is not one.
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(&mut std::io::Read::take(file, LOG_BYTES + 1), &mut bytes)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if bytes.len() as u64 > LOG_BYTES {
        return Err(format!("{}: over {} MB; a league's log of {} matches is far smaller", path.display(), LOG_BYTES >> 20, most::REPLAYS));
    }
    let text = String::from_utf8_lossy(&bytes);
    let keys: Vec<String> = spec.bots.iter().map(|b| b.key()).collect();
    let mut logged = Logged::default();
    let mut meetings: HashMap<(usize, usize), u32> = HashMap::new();
    let mut ids: std::collections::HashSet<String> = std::collections::HashSet::new();
    for (k, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let taken = match words[..] {
            [id, setup, a, b] => {
                let setup = spec.setups.iter().position(|s| s.name == setup);
                let (a, b) = (keys.iter().position(|k| k == a), keys.iter().position(|k| k == b));
                match (setup, a, b) {
                    (Some(setup), Some(a), Some(b)) if a != b && logged.matches.len() < most::REPLAYS as usize => {
                        if !ids.insert(id.to_string()) {
                            Err(format!("{id} is logged twice"))
                        } else {
                            let meeting = meetings.entry((a.min(b), a.max(b))).or_default();
                            *meeting += 1;
                            Ok(Match { id: id.to_string(), setup, seats: vec![a, b], game: *meeting, seed: match_seed(spec.seed, id) })
                        }
                    }
                    (None, ..) => Err(format!("no setup {:?} in the spec", words[1])),
                    (_, None, _) | (_, _, None) => Err("a bot the spec does not have".to_string()),
                    _ if a == b => Err("a bot against itself".to_string()),
                    _ => Err(format!("the league is full: at most {} matches", most::REPLAYS)),
                }
            }
            _ => Err("not `ID SETUP BOT BOT`".to_string()),
        };
        match taken {
            Ok(m) => logged.matches.push(m),
            Err(why) => logged.skipped.push(format!("{}:{}: {why}", path.display(), k + 1)),
        }
    }
    Ok(logged)
}

/// The next `count` matches after `played`: each time the pairing that has met least (ties:
/// the pair whose bots have played least, then the spec's order). The n-th meeting of a pair is
/// on setup (n − 1) mod the setups, the first bot seated first when n is odd.
pub fn next(spec: &Spec, played: &[Match], count: usize) -> Vec<Match> {
    let bots = spec.bots.len();
    let mut meetings: HashMap<(usize, usize), u32> = HashMap::new();
    let mut games = vec![0u32; bots];
    for m in played {
        *meetings.entry((m.seats[0].min(m.seats[1]), m.seats[0].max(m.seats[1]))).or_default() += 1;
        m.seats.iter().for_each(|&b| games[b] += 1);
    }
    let room = (most::REPLAYS as usize).saturating_sub(played.len());
    let mut planned = Vec::new();
    for _ in 0..count.min(room) {
        let pairs = (0..bots).flat_map(|a| (a + 1..bots).map(move |b| (a, b)));
        let Some((a, b)) = pairs.min_by_key(|&(a, b)| (meetings.get(&(a, b)).copied().unwrap_or(0), games[a] + games[b], a, b)) else {
            break;
        };
        let n = meetings.entry((a, b)).or_default();
        *n += 1;
        games[a] += 1;
        games[b] += 1;
        let seats = if *n % 2 == 1 { vec![a, b] } else { vec![b, a] };
        let setup = (*n as usize - 1) % spec.setups.len();
        let id = format!("{}-{}-vs-{}-{n}", spec.setups[setup].name, spec.bots[seats[0]].key(), spec.bots[seats[1]].key());
        planned.push(Match { seed: match_seed(spec.seed, &id), id, setup, seats, game: *n });
    }
    planned
}

/// Adds `matches` to the log in `dir`, a whole line each.
pub fn append(spec: &Spec, dir: &Path, matches: &[Match]) -> Result<(), String> {
    let path = dir.join(LOG);
    let mut log =
        std::fs::OpenOptions::new().create(true).append(true).open(&path).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    let lines: String = matches
        .iter()
        .map(|m| format!("{} {} {} {}\n", m.id, spec.setups[m.setup].name, spec.bots[m.seats[0]].key(), spec.bots[m.seats[1]].key()))
        .collect();
    log.write_all(lines.as_bytes()).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::{Bot, Format, SetupSpec};

    fn spec(bots: usize) -> Spec {
        Spec {
            game: "lighthouses".into(),
            bots: (0..bots).map(|k| Bot { name: format!("b{k}"), command: format!("./b{k}"), check: false, version: None }).collect(),
            setups: ["s", "t"].iter().map(|s| SetupSpec { name: s.to_string(), flags: Vec::new() }).collect(),
            seats: 2,
            format: Format::League,
            games: 1,
            seed: 3,
        }
    }

    #[test]
    fn the_least_played_pairings_come_first_and_a_newcomer_catches_up() {
        let three = spec(3);
        let first = next(&three, &[], 6);
        let ids: Vec<&str> = first.iter().map(|m| m.id.as_str()).collect();
        assert_eq!(ids, ["s-b0-vs-b1-1", "s-b0-vs-b2-1", "s-b1-vs-b2-1", "t-b1-vs-b0-2", "t-b2-vs-b0-2", "t-b2-vs-b1-2"]);
        // A fourth bot joins: its three pairings are the least played.
        let mut four = three.clone();
        four.bots.push(Bot { name: "b1".into(), command: "./b1-new".into(), check: false, version: Some("v2".into()) });
        let after: Vec<String> = next(&four, &first, 3).into_iter().map(|m| m.id).collect();
        assert_eq!(after, ["s-b0-vs-b1@v2-1", "s-b1-vs-b1@v2-1", "s-b2-vs-b1@v2-1"]);
    }

    #[test]
    fn the_log_is_the_plan_and_a_damaged_line_is_skipped_and_said() {
        let dir = tempfile::tempdir().unwrap();
        let three = spec(3);
        assert_eq!(read(&three, dir.path()).unwrap(), Logged::default());
        let planned = next(&three, &[], 4);
        append(&three, dir.path(), &planned).unwrap();
        let logged = read(&three, dir.path()).unwrap();
        assert_eq!((logged.matches.clone(), logged.skipped.len()), (planned.clone(), 0));
        let mut text = std::fs::read_to_string(dir.path().join(LOG)).unwrap();
        text.push_str("half a line\ns-b0-vs-b9-1 s b0 b9\n");
        text.push_str(&format!("{} s b0 b1\n", planned[0].id));
        std::fs::write(dir.path().join(LOG), text).unwrap();
        let logged = read(&three, dir.path()).unwrap();
        assert_eq!(logged.matches, planned);
        assert_eq!(logged.skipped.len(), 3);
        assert!(logged.skipped[0].ends_with(":5: not `ID SETUP BOT BOT`"), "{:?}", logged.skipped);
        assert!(logged.skipped[1].contains("a bot the spec does not have") && logged.skipped[2].contains("logged twice"));
        // A file far bigger than any log is refused, not read whole.
        std::fs::remove_file(dir.path().join(LOG)).unwrap();
        std::os::unix::fs::symlink("/dev/zero", dir.path().join(LOG)).unwrap();
        assert!(read(&three, dir.path()).unwrap_err().contains("over 64 MB"));
    }
}
