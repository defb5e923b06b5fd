//! A toy game for the core's tests: two players add numbers in turn, and a tick after every pair
//! closes a round. The state records its whole history, so any mistake in re-simulation shows.

use kibitz_core::{Game, Step, ToMove};

pub struct Adders;

#[derive(Clone, Debug, PartialEq)]
pub struct Tally {
    pub history: Vec<i64>,
    pub sums: [i64; 2],
    pub next: usize,
    pub round: u32,
    /// Rounds in the match.
    pub rounds: u32,
}

impl Game for Adders {
    const ID: &'static str = "adders";
    const RULES_VERSION: u32 = 1;
    /// The number of rounds.
    type Setup = u32;
    type State = Tally;
    type Action = i64;
    type Outcome = i64;

    fn start(rounds: &u32, _: usize, _: u64) -> Result<Tally, String> {
        Ok(Tally { history: Vec::new(), sums: [0, 0], next: 0, round: 0, rounds: *rounds })
    }
    fn to_move(s: &Tally) -> ToMove {
        if s.round == s.rounds {
            ToMove::Over
        } else if s.next == 2 {
            ToMove::Tick
        } else {
            ToMove::Player(s.next)
        }
    }
    fn apply(s: &mut Tally, step: &Step<i64>) -> i64 {
        match step {
            Step::Tick => {
                s.next = 0;
                s.round += 1;
                s.history.push(-1);
                s.sums[0] - s.sums[1]
            }
            Step::Act { player, action } => {
                let v = action.unwrap_or(0);
                s.sums[*player] += v;
                s.history.push(v);
                s.next += 1;
                s.sums[*player]
            }
        }
    }
    fn scores(s: &Tally) -> Vec<i64> {
        s.sums.to_vec()
    }
    fn round(s: &Tally) -> u32 {
        s.round
    }
}

/// The first `n` steps of a match, in the order the rules ask for them; every seventh turn
/// sends nothing.
pub fn steps(n: usize) -> Vec<Step<i64>> {
    (0..n)
        .map(|i| match i % 3 {
            2 => Step::Tick,
            p => Step::Act { player: p, action: (i % 7 != 0).then_some((i * 31 % 17) as i64 - 8) },
        })
        .collect()
}
