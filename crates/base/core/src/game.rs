//! The abstraction every game implements.
//!
//! A match is a sequence of [`Step`]s applied to a state. A step is either an action of one
//! participant (a bot's turn, one command of a solver, one command a team's client sent during a
//! real-time turn, in order of arrival) or a [`Step::Tick`]: the game's own clock moving (a round
//! starting or ending, a real-time turn being resolved). The rules decide, through
//! [`Game::to_move`], what the next step must be; a referee or server only supplies the actions.

use serde::{Serialize, de::DeserializeOwned};
use std::fmt::Debug;

/// One step of a match.
#[derive(Debug, Clone, PartialEq)]
pub enum Step<A> {
    /// Participant `player` acts. `None` means no usable command arrived (the bot failed, timed
    /// out or has left); every game treats it as doing nothing.
    Act { player: usize, action: Option<A> },
    /// The game's clock moves on.
    Tick,
}

impl<A> Step<A> {
    /// The step a record describes: `player`'s act with `action`, or a tick when no player acts.
    pub fn of(player: Option<usize>, action: Option<A>) -> Self {
        match player {
            Some(player) => Step::Act { player, action },
            None => Step::Tick,
        }
    }
}

/// Who or what the game waits for next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ToMove {
    /// Exactly this participant must act next (sequential games, single solvers).
    Player(usize),
    /// Any participant may act, in order of arrival, until a tick (real-time team games).
    Anyone,
    /// The next step is a tick.
    Tick,
    /// The match is over.
    Over,
}

/// A game's rules: deterministic and free of I/O, rendering and wall-clock time.
///
/// The same implementation serves the referee, the viewer, hand play, replay verification and
/// the tests, so nothing about a game's rules is written twice.
pub trait Game: 'static {
    /// Stable identifier used in replays and on the command line, e.g. `"lighthouses"`.
    const ID: &'static str;
    /// Bumped whenever a rules change would make old replays re-simulate differently.
    const RULES_VERSION: u32;
    /// Scores are integers counting units of 10^-SCORE_DECIMALS, so that games scored in reals
    /// (the Deadline24 games print six decimals) stay exact in replays and comparisons.
    const SCORE_DECIMALS: u32 = 0;
    /// What the rules call the unit [`Game::round`] counts: "round", "turn", "unit".
    const ROUND_NAME: &'static str = "round";
    /// How many numbers a place has in the game's drawing lines ([`crate::drawing`]): two,
    /// or three for a game of x y z.
    const DRAWING: crate::drawing::Dims = crate::drawing::Dims::Two;

    /// Everything fixed before the first step: map or problem, parameters such as the number of
    /// rounds. Stored inline in every replay header, so a replay stands on its own.
    type Setup: Serialize + DeserializeOwned + Clone + Debug;
    /// The full (omniscient) state. Cloned for keyframes, so keep large immutable parts shared.
    type State: Clone;
    /// What a participant does, as recorded in replays.
    /// (`Send`, so that long replays are read on several threads.)
    type Action: Serialize + DeserializeOwned + Clone + Debug + Send;
    /// What the rules answer to a step; recorded, and compared by `verify`.
    type Outcome: Serialize + DeserializeOwned + Clone + Debug + PartialEq + Send;

    /// The state before the first step. `players` is the number of participants, `seed` the
    /// match seed (games with chance keep their generator in the state).
    fn start(setup: &Self::Setup, players: usize, seed: u64) -> Result<Self::State, String>;

    /// What the next step must be.
    fn to_move(state: &Self::State) -> ToMove;

    /// Applies one step. Invalid actions are answered in the outcome, never by panicking.
    fn apply(state: &mut Self::State, step: &Step<Self::Action>) -> Self::Outcome;

    /// Current scores, one per participant (used in summaries and charts).
    fn scores(state: &Self::State) -> Vec<i64>;

    /// The round (or turn, or unit) a state is in, for display and for stepping by round.
    fn round(state: &Self::State) -> u32;

    /// Whether one action is always written alike in a replay, so that comparing two replays
    /// may compare the text of their steps; `false` for a game that records more with an action
    /// than the player chose (a server game's arrival time), whose [`Game::action_key`] is
    /// compared instead.
    const ACTIONS_WRITTEN_ALIKE: bool = true;

    /// What a player did, as text, for comparing two replays (`kibitz diff`): the whole action
    /// as JSON, unless the game records more with it than the player chose (a server game's
    /// arrival time and connection).
    fn action_key(action: &Self::Action) -> String {
        serde_json::to_string(action).unwrap_or_else(|e| e.to_string())
    }

    /// Appends `outcome` as a replay records it: serde_json's bytes. Verification compares
    /// these with the recorded text and reads that text only when they differ, so a game whose
    /// outcomes are mostly text may write them faster; bytes that differ from serde_json's
    /// only cost that slower reading, never a wrong verdict.
    fn write_outcome(outcome: &Self::Outcome, out: &mut Vec<u8>) {
        write_json(outcome, out);
    }

    /// The action whose replay text starts `text` (the rest of its line follows), read without
    /// serde, with the text after it; or `None` to leave it to serde: only when the action is
    /// exactly as this game writes it and means the value serde would read. Read in place, its
    /// end is found in the same pass. A server game's every command is a text of its own (its
    /// arrival time), too many to keep each one's value; others repeat and are parsed once.
    /// Nothing by default.
    fn read_action(_text: &str) -> Option<(Self::Action, &str)> {
        None
    }

    /// Called before a whole replay is re-simulated from `state`, which was just started: a
    /// game whose coming steps need work that depends on nothing played (wycinanka's orders)
    /// may start it here on another thread. Nothing by default.
    fn prepare_replay(_state: &Self::State) {}

    /// How many of the outcomes it wrote last verification keeps, with their text, so that an
    /// equal outcome is compared rather than written again. More find more repeats, but every
    /// outcome that repeats none is compared with all of them.
    const RECENT_OUTCOMES: usize = 4;
}

/// Appends `value` as serde_json writes it (nothing if it cannot be written: a map with
/// keys that are not strings, which no outcome has).
pub fn write_json<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) {
    let mark = out.len();
    if serde_json::to_writer(&mut *out, value).is_err() {
        out.truncate(mark);
    }
}

/// A score as a number: `score` counts units of 10^-`decimals` ([`Game::SCORE_DECIMALS`]).
pub fn score_real(score: i64, decimals: u32) -> f64 {
    score as f64 / 10f64.powi(decimals as i32)
}

/// A score as people read it: `score` counts units of 10^-`decimals` ([`Game::SCORE_DECIMALS`]).
pub fn show_score(score: i64, decimals: u32) -> String {
    if decimals == 0 {
        return score.to_string();
    }
    let unit = 10u64.pow(decimals);
    let sign = if score < 0 { "-" } else { "" };
    let abs = score.unsigned_abs();
    format!("{sign}{}.{:0width$}", abs / unit, abs % unit, width = decimals as usize)
}

/// A score as people read it: [`show_score`] without the zeros that say nothing
/// (`10034.000000` is `10034`, `3.500000` is `3.5`).
pub fn show_score_short(score: i64, decimals: u32) -> String {
    let full = show_score(score, decimals);
    if decimals == 0 {
        return full;
    }
    full.trim_end_matches('0').trim_end_matches('.').to_string()
}

#[cfg(test)]
mod tests {
    #[test]
    fn short_scores_drop_the_zeros_that_say_nothing() {
        assert_eq!(super::show_score_short(10_034_000_000, 6), "10034");
        assert_eq!(super::show_score_short(3_500_000, 6), "3.5");
        assert_eq!(super::show_score_short(-1_250, 3), "-1.25");
        assert_eq!(super::show_score_short(0, 6), "0");
        assert_eq!(super::show_score_short(100, 0), "100");
    }

    #[test]
    fn scores_show_their_decimals() {
        assert_eq!(super::show_score(42, 0), "42");
        assert_eq!(super::show_score(2_520_000_000, 6), "2520.000000");
        assert_eq!(super::show_score(-1_500_000, 6), "-1.500000");
    }
}
