//! What a tournament reads of a match's replay file without its rules: the end record, by the
//! core's own reader ([`end_record`]), and what the referee saw of each turn ([`turns`]): how
//! long each answer took and the match's tags.

pub use kibitz_core::replay::end_record;
use kibitz_core::replay::{EndRecord, StepRecord, TurnFields, is_end_line, turn_fields};
use serde::de::IgnoredAny;

/// The end record of the replay at `path`, when it is finished: read, and not stopped by a human.
/// Only the file's tail is read (an end record is a line of a few hundred bytes), so that a plan
/// of thousands of matches asks after each of them quickly.
pub fn finished_end(path: &std::path::Path) -> Option<EndRecord> {
    use std::io::{Read, Seek, SeekFrom};
    const TAIL: u64 = 1 << 20;
    let mut file = std::fs::File::open(path).ok()?;
    let size = file.metadata().ok()?.len();
    file.seek(SeekFrom::Start(size.saturating_sub(TAIL))).ok()?;
    let mut tail = Vec::new();
    file.take(TAIL).read_to_end(&mut tail).ok()?;
    end_record(&String::from_utf8_lossy(&tail)).ok().flatten().filter(|end| end.stopped.is_none())
}

/// What a replay's records say beyond the rules.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Turns {
    /// Per seat, the milliseconds each of its recorded answers took.
    pub ms: Vec<Vec<u64>>,
    /// The match's tags (`tag WORD` drawing lines of any player), each once, first seen first.
    pub tags: Vec<String>,
}

/// Reads the turns of a replay's `text` for `seats` players, each line by the core's
/// [`turn_fields`] (its action and outcome unread: a tournament's replays can be big), or by
/// serde when it is not as written. A record of another seat, or a line that does not read, is
/// not counted.
pub fn turns(text: &str, seats: usize) -> Turns {
    let mut turns = Turns { ms: vec![Vec::new(); seats], tags: Vec::new() };
    for line in text.lines().skip(1).filter(|l| !is_end_line(l)) {
        let (player, ms, draw) = match turn_fields(line) {
            Some(TurnFields { player, ms, draw }) => (player, ms, draw.filter(|d| d.contains("\"tag ") || d.contains("\"unit "))),
            None => match serde_json::from_str::<StepRecord<IgnoredAny, IgnoredAny>>(line) {
                Ok(record) => {
                    turns.add_tags(&record.draw);
                    (record.player, record.ms, None)
                }
                Err(_) => continue,
            },
        };
        if let (Some(ms), Some(of)) = (ms, player.and_then(|p| turns.ms.get_mut(p))) {
            of.push(ms);
        }
        // Only a line that may hold a tag has its drawing read.
        if let Some(Ok(draw)) = draw.map(serde_json::from_str::<Vec<String>>) {
            turns.add_tags(&draw);
        }
    }
    turns
}

impl Turns {
    fn add_tags(&mut self, draw: &[String]) {
        for tag in draw.iter().filter_map(|body| tag_of(body)) {
            if !self.tags.iter().any(|t| t == tag) {
                self.tags.push(tag.to_string());
            }
        }
    }
}

/// The tags of the replay at `path` (none when it does not read).
pub fn tags_of_file(path: &std::path::Path) -> Vec<String> {
    std::fs::read_to_string(path).map(|text| turns(&text, 0).tags).unwrap_or_default()
}

/// The word of a recorded `tag WORD` drawing line (`unit N tag WORD` too); the referee keeps
/// only lines that read, so a tag is one word.
fn tag_of(body: &str) -> Option<&str> {
    let mut words = body.split_whitespace();
    let mut first = words.next()?;
    if first == "unit" {
        words.next()?;
        first = words.next()?;
    }
    match (first, words.next(), words.next()) {
        ("tag", Some(word), None) => Some(word),
        _ => None,
    }
}

/// A bot's time per answer over its matches: the median, the 99th percentile and the maximum
/// (nearest rank), in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Time {
    /// How many answers were timed.
    pub turns: usize,
    pub median_ms: u64,
    pub p99_ms: u64,
    pub max_ms: u64,
}

impl Time {
    /// The time of these answers; `None` when none was timed (a server game's teams).
    pub fn of(mut ms: Vec<u64>) -> Option<Time> {
        if ms.is_empty() {
            return None;
        }
        ms.sort_unstable();
        let rank = |p: usize| ms[(ms.len() * p).div_ceil(100).max(1) - 1];
        Some(Time { turns: ms.len(), median_ms: rank(50), p99_ms: rank(99), max_ms: ms[ms.len() - 1] })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_and_tags_are_read_from_the_records_whatever_their_shape() {
        let text = [
            r#"{"kibitz_replay":1,"game":"x","players":[{"name":"a"},{"name":"b"}]}"#,
            r#"{"step":0,"player":0,"action":{"m":1},"outcome":{"kind":"turn"},"draw":["dot 1 2","tag rusher"],"ms":7}"#,
            r#"{"step":1,"player":1,"action":{"m":2},"outcome":{"tag rusher":1},"stderr":["tag fake"],"ms":30}"#,
            r#"{"step":2,"player":0,"action":{"m":1},"outcome":{"kind":"turn"},"draw":["unit 3 tag quiet","tag rusher","note tag x"],"ms":9}"#,
            r#"{"step":3,"player":1,"outcome":{"kind":"turn"},"failed":"did not answer within 100 ms (hard limit)"}"#,
            r#"{"step":4,"outcome":null}"#,
            r#"{ "step": 5, "player": 0, "outcome": null, "ms": 11 }"#,
            r#"{"step":6,"player":7,"outcome":null,"ms":99}"#,
            r#"{"end":{"scores":[1,2],"names":["a","b"],"failed":[]}}"#,
        ]
        .join("\n");
        let got = turns(&text, 2);
        assert_eq!(got.ms, [vec![7, 9, 11], vec![30]], "the tick, the time-out and seat 7 are not timed; spaces read too");
        assert_eq!(got.tags, ["rusher", "quiet"], "once each, a unit's too; never from stderr or an outcome");
        assert_eq!(turns("", 2), Turns { ms: vec![vec![], vec![]], tags: vec![] });
    }

    #[test]
    fn the_median_and_the_99th_percentile_are_by_nearest_rank() {
        assert_eq!(Time::of(vec![]), None);
        assert_eq!(Time::of(vec![5]), Some(Time { turns: 1, median_ms: 5, p99_ms: 5, max_ms: 5 }));
        assert_eq!(Time::of(vec![4, 1, 3, 2]), Some(Time { turns: 4, median_ms: 2, p99_ms: 4, max_ms: 4 }));
        // 200 answers: 1..=200 ms; the 99th percentile is the 198th.
        let got = Time::of((1..=200).rev().collect()).unwrap();
        assert_eq!((got.median_ms, got.p99_ms, got.max_ms), (100, 198, 200));
    }
}
