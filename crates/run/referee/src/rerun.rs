//! A recorded match played again against a new build of one seat's bot: the new bot is sent
//! what the recorded one was sent (through a real [`BotSeat`], as a match sends it, under the
//! replay's time limits) while its answers agree, and the first that does not is reported with
//! what the rules make of each (`kibitz replay rerun`; a bot author's regression check). With
//! `--continue` the match then goes on under the real rules ([`run_match_from`]), the new bot
//! keeping its seat and the other seats' recorded commands started afresh.

use crate::seat::{Answer, BotLimits, BotSeat, Seat};
use crate::sequential::{MatchOptions, MatchSummary, run_match_from};
use kibitz_core::replay::Replay;
use kibitz_core::{BotProtocol, Game, Step};
use std::io::Write;

/// How the new bot's answers compare with the recorded ones.
#[derive(Debug, Clone, PartialEq)]
pub enum Rerun {
    /// Every answer of the seat agrees (`answers` of them).
    Agrees { answers: usize },
    /// The first answer that does not.
    Differs(Difference),
}

/// The first step where the new bot answered otherwise, as JSON texts.
#[derive(Debug, Clone, PartialEq)]
pub struct Difference {
    pub step: usize,
    /// The seat's turns that agreed before it.
    pub agreed: usize,
    /// The recorded action, or why there was none (the recorded bot failed there).
    pub recorded: String,
    /// The new bot's action, or why it gave none (it crashed, hung, sent garbage).
    pub answered: String,
    /// What the rules answered to each.
    pub recorded_outcome: String,
    pub new_outcome: String,
    /// How the board differs after it: every player's score after the recorded step and after
    /// the new one, when both could be played.
    pub scores_after: Option<[Vec<i64>; 2]>,
    /// With `--continue`: how the match played on from the difference ended.
    pub continued: Option<Box<MatchSummary>>,
}

/// Plays `replay` again with `command` in seat `seat` (the other seats' recorded actions as
/// they were) until the new bot answers otherwise. With `continue_to`, the match is then
/// played to its end and its new replay written there (the steps before the difference copied,
/// so that it verifies on its own).
pub fn rerun<G: BotProtocol>(replay: &Replay<G>, seat: usize, command: &str, continue_to: Option<&mut dyn Write>) -> Result<Rerun, String> {
    let players = replay.header.players.len();
    if seat >= players {
        return Err(format!("there is no seat {seat}: this match has {players} (0 to {})", players.saturating_sub(1)));
    }
    // Checked before anything runs: playing on needs every other seat's bot command.
    let others: Vec<String> = match continue_to.is_some() {
        false => Vec::new(),
        true => (0..players)
            .filter(|&s| s != seat)
            .map(|s| {
                replay.header.players[s]
                    .command
                    .clone()
                    .ok_or_else(|| format!("seat {s} was played by hand in the replay: there is no bot to play on with (--continue)"))
            })
            .collect::<Result<_, _>>()?,
    };
    let limits = BotLimits::from_record(replay.header.limits.unwrap_or(G::LIMITS));
    let mut bot: Box<dyn Seat<G>> = Box::new(BotSeat::spawn(command, "new build", limits));
    let mut state = G::start(&replay.header.setup, players, replay.header.seed)?;
    let joined = replay.header.continued.as_ref().map_or(0, |c| c.steps);
    let show = |value: Result<String, serde_json::Error>| value.unwrap_or_else(|e| e.to_string());
    let mut agreed = 0;
    for (i, record) in replay.records.iter().enumerate() {
        if i == joined {
            bot.start(&state, seat);
        }
        let step = record.to_step();
        if i >= joined && record.player == Some(seat) {
            let answer = bot.act(&state, seat);
            let same = match (&answer.action, &record.action) {
                (Some(new), Some(old)) => serde_json::to_value(new).ok() == serde_json::to_value(old).ok(),
                (None, None) => answer.failed.is_some() == record.failed.is_some(),
                _ => false,
            };
            if !same {
                let why = |action: &Option<G::Action>, failed: &Option<String>| match (action, failed) {
                    (Some(a), _) => show(serde_json::to_string(a)),
                    (None, Some(reason)) => format!("nothing: {reason}"),
                    (None, None) => "nothing".into(),
                };
                let mut other = state.clone();
                let new_outcome = G::apply(&mut other, &Step::Act { player: seat, action: answer.action.clone() });
                let mut recorded_after = state.clone();
                G::apply(&mut recorded_after, &step);
                let difference = Difference {
                    step: i,
                    agreed,
                    recorded: why(&record.action, &record.failed),
                    answered: why(&answer.action, &answer.failed),
                    recorded_outcome: show(serde_json::to_string(&record.outcome)),
                    new_outcome: show(serde_json::to_string(&new_outcome)),
                    scores_after: Some([G::scores(&recorded_after), G::scores(&other)]),
                    continued: None,
                };
                let Some(out) = continue_to else {
                    bot.finish(&state, seat);
                    return Ok(Rerun::Differs(difference));
                };
                let mut others = others.iter();
                let mut bot = Some(Primed { seat: bot, first: Some(answer) });
                let mut seats: Vec<Box<dyn Seat<G>>> = (0..players)
                    .map(|s| match s == seat {
                        true => Box::new(bot.take().expect("one seat")) as Box<dyn Seat<G>>,
                        false => Box::new(BotSeat::spawn(others.next().expect("counted above"), &G::seat_label(s), limits)),
                    })
                    .collect();
                let options =
                    MatchOptions { history_players: Some(replay.header.players.clone()), ..MatchOptions::bots(replay.header.seed, limits) };
                let finished = run_match_from(&replay.header.setup, &mut seats, &options, &replay.records[..i], out, |_| {})
                    .map_err(|e| e.to_string())?;
                return Ok(Rerun::Differs(Difference { continued: Some(Box::new(finished.summary)), ..difference }));
            }
            agreed += 1;
            let outcome = G::apply(&mut state, &step);
            if answer.action.is_some() {
                bot.result(&outcome);
            }
        } else {
            G::apply(&mut state, &step);
        }
    }
    bot.finish(&state, seat);
    Ok(Rerun::Agrees { answers: agreed })
}

/// The new bot, already in the match, whose answer at the difference is its first turn of the
/// match played on: not greeted again, not asked again.
struct Primed<G: Game> {
    seat: Box<dyn Seat<G>>,
    first: Option<Answer<G::Action>>,
}

impl<G: Game> Seat<G> for Primed<G> {
    fn name(&self) -> &str {
        self.seat.name()
    }
    fn command(&self) -> Option<&str> {
        self.seat.command()
    }
    fn failure(&self) -> Option<&str> {
        self.seat.failure()
    }
    fn start(&mut self, _: &G::State, _: usize) {}
    fn act(&mut self, state: &G::State, player: usize) -> Answer<G::Action> {
        self.first.take().unwrap_or_else(|| self.seat.act(state, player))
    }
    fn result(&mut self, outcome: &G::Outcome) {
        self.seat.result(outcome)
    }
    fn finish(&mut self, state: &G::State, player: usize) {
        self.seat.finish(state, player)
    }
}
