//! The contest's stdio protocol (seed 004), as pure functions.
//!
//! Before each of its turns a bot reads four corridor lines (ahead, right, behind, left) and
//! the squared distance to the opponent; Red's very first input starts with an extra line
//! `Start`. It answers with one line of 1 to 256 moves (`F`, `T`, `L`, `R`). Nothing is sent
//! back after a move. A bot still expecting a turn when the game ends early (sudden death) is
//! sent `Quit` ([`quit_lines`]); after its 150th turn a bot ends by itself.
//!
//! Amazes bots do not greet: [`BotProtocol::GREETS`] is `false` and
//! [`BotProtocol::init_lines`] is empty, so the referee reads nothing before the first turn and
//! the seats keep their labels ("Red", "Blue") as names. `Quit` is sent through
//! [`BotProtocol::farewell_lines`].
//!
//! A player the judge took over (see [`crate::rules`]) is still told its turns: a bot that sent
//! an empty or too long line is not failed by the referee (its line was readable), so it keeps
//! being asked and answering, and the rules ignore its answers. A bot that crashed, hung or sent
//! other characters is failed by the referee and not asked again; the rules get `None`, which
//! means the same. Either way the information stage still runs for that player every turn.

use crate::Amazes;
use crate::rules::{Ending, Moves, Outcome, State};
use crate::view::View;
use kibitz_core::BotProtocol;
use kibitz_core::replay::Limits;

/// The first line of Red's first input.
pub const START: &str = "Start";
/// Tells a bot to exit.
pub const QUIT: &str = "Quit";

impl BotProtocol for Amazes {
    const GREETS: bool = false;

    /// CodeCup's practice: a total thinking time per program per game, wall clock while it is
    /// the program's turn, start-up included (the seed gives no number; these are ours, see
    /// docs/rules/amazes.md): 30 s in all, at most 5 s for one answer, 10 s for the first (a
    /// Java or Python start-up fits with room to spare).
    const LIMITS: Limits =
        Limits { init_ms: 2000, turn_soft_ms: 1000, turn_hard_ms: 5000, first_turn_ms: Some(10_000), total_ms: Some(30_000) };

    /// The seed's names for the two seats.
    fn seat_label(player: usize) -> String {
        if player == 0 { "Red".into() } else { "Blue".into() }
    }

    /// Nothing: the first thing a bot reads is its first turn's information.
    fn init_lines(_state: &State, _player: usize) -> Vec<String> {
        Vec::new()
    }

    /// Never called ([`GREETS`](BotProtocol::GREETS) is `false`): bots send nothing before
    /// their first move. Always refuses, so that misuse is loud.
    fn parse_greeting(line: &str) -> Result<String, String> {
        Err(format!("Amazes bots do not greet; the referee must not wait for a greeting (got {line:?})"))
    }

    /// `Start` (Red's first turn only), the four corridor lines, the squared distance.
    fn turn_lines(state: &State, player: usize) -> Vec<String> {
        told(&state.view(player), player, state.players[player].turns_played + 1)
    }

    /// A line of `F`, `T`, `L`, `R`. Any other character is a protocol violation (the bot
    /// fails; the judge then plays `T` for it). An empty line or one of more than 256 moves is
    /// well-formed but illegal, so it is read here and refused by the rules, which record why
    /// ([`crate::Judged`]); the effect is the same: the judge plays for the rest of the game.
    /// Trailing spaces and tabs (and a carriage return) are ignored, as the contestants'
    /// judge did; a line of nothing else is an empty line, which the rules judge.
    fn parse_action(line: &str) -> Result<Moves, String> {
        Moves::parse(line.trim_end_matches([' ', '\t', '\r']))
    }

    /// Nothing is sent after a move.
    fn result_lines(_outcome: &Outcome) -> Vec<String> {
        Vec::new()
    }

    /// `Quit` to a bot still expecting a turn after a sudden death: [`quit_lines`].
    fn farewell_lines(state: &State, player: usize) -> Vec<String> {
        quit_lines(state, player)
    }
}

/// The lines a player reads before its `turn` (1-based) given what it sees: `Start` first on
/// Red's first turn. Also how a viewer shows what a recorded turn's bot was told.
pub fn told(view: &View, player: usize, turn: u32) -> Vec<String> {
    let mut lines = Vec::with_capacity(6);
    if player == 0 && turn == 1 {
        lines.push(START.to_string());
    }
    lines.extend(view.lines());
    lines
}

/// What to send `player` when the game is over: `Quit` if it still expects a turn (the game
/// ended by sudden death before its last turn), nothing otherwise.
pub fn quit_lines(state: &State, player: usize) -> Vec<String> {
    match state.ending {
        Some(Ending::SuddenDeath { .. }) if state.players[player % 2].turns_played < state.turns => {
            vec![QUIT.to_string()]
        }
        _ => Vec::new(),
    }
}
