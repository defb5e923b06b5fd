//! A match of a plan, its seed, and what every format that pairs bots shares: the matches a
//! pairing plays and who won it.

/// One match of the plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Match {
    /// `SETUP-BOT-vs-BOT-G`: readable (the broadcast's title says who plays) and the same in
    /// every plan of the spec.
    pub id: String,
    /// The setup's index in the spec.
    pub setup: usize,
    /// The bots' indices in the spec, in seat order.
    pub seats: Vec<usize>,
    /// Which of the pairing's `games` this is, from 1.
    pub game: u32,
    pub seed: u64,
}

/// How a finished match ended: its replays' end records, summed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Outcome {
    /// By seat.
    pub scores: Vec<i64>,
    /// The seats that failed (crashed, timed out, broke the protocol) in any of its replays.
    pub failed: Vec<usize>,
}

impl From<Vec<i64>> for Outcome {
    fn from(scores: Vec<i64>) -> Self {
        Outcome { scores, failed: Vec::new() }
    }
}

/// The outcome of each finished match, as far as it is known: the next rounds of Swiss,
/// brackets and paired tests depend on them.
pub type Results<'a> = dyn Fn(&Match) -> Option<Outcome> + 'a;

/// A match's seed: the spec's seed and the match's ID, mixed (FNV-1a, then SplitMix64), so that
/// a match keeps its seed whatever else the plan holds.
pub fn match_seed(seed: u64, id: &str) -> u64 {
    let hash = id.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3));
    let mut z = (seed ^ hash).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The `games` matches a pairing of bots `a` and `b` plays: game g on setup (g − 1) mod the
/// setups, `a` first in odd games and second in even ones. `prefix` names the round in IDs.
pub fn pairing(spec: &crate::spec::Spec, prefix: &str, a: usize, b: usize) -> Vec<Match> {
    (1..=spec.games)
        .map(|game| {
            let setup = (game as usize - 1) % spec.setups.len();
            let seats = if game % 2 == 1 { vec![a, b] } else { vec![b, a] };
            let id = format!("{prefix}-{}-{}-vs-{}-{game}", spec.setups[setup].name, spec.bots[seats[0]].key(), spec.bots[seats[1]].key());
            Match { seed: match_seed(spec.seed, &id), id, setup, seats, game }
        })
        .collect()
}

/// How a pairing of `a` and `b` ended, once each of its matches has: more matches won, then
/// more points over them, then the better seed (`rank`: lower is better). `None` while a match
/// is unplayed.
pub fn decide(matches: &[Match], results: &Results, a: usize, b: usize, rank: impl Fn(usize) -> usize) -> Option<Decided> {
    let (mut wins, mut total) = ([0u32; 2], [0i64; 2]);
    for m in matches {
        let scores = results(m)?.scores;
        let of = |bot: usize| m.seats.iter().position(|&s| s == bot).and_then(|seat| scores.get(seat).copied()).unwrap_or(0);
        let (sa, sb) = (of(a), of(b));
        total[0] += sa;
        total[1] += sb;
        match sa.cmp(&sb) {
            std::cmp::Ordering::Greater => wins[0] += 1,
            std::cmp::Ordering::Less => wins[1] += 1,
            std::cmp::Ordering::Equal => {}
        }
    }
    let a_first = (wins[0], total[0], std::cmp::Reverse(rank(a))) > (wins[1], total[1], std::cmp::Reverse(rank(b)));
    let (winner, loser) = if a_first { (a, b) } else { (b, a) };
    Some(Decided { winner, loser, drawn: wins[0] == wins[1] && total[0] == total[1] })
}

/// A pairing's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decided {
    pub winner: usize,
    pub loser: usize,
    /// Level on matches and points: the winner went through on seed (Swiss counts it a draw).
    pub drawn: bool,
}
