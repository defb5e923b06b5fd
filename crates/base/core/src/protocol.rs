//! What a bot sees and says, as text, for games whose players are processes speaking lines on
//! stdin/stdout. Pure functions only: the referee owns the processes and the clocks.

use crate::game::Game;

/// The line protocol between a referee and one bot.
///
/// A match, as the referee speaks it: [`init_lines`](Self::init_lines) once, then (if the game
/// [`GREETS`](Self::GREETS)) one line read back and given to
/// [`parse_greeting`](Self::parse_greeting); then per turn [`turn_lines`](Self::turn_lines), one
/// line read back and given to [`parse_action`](Self::parse_action), and
/// [`result_lines`](Self::result_lines); at the end [`farewell_lines`](Self::farewell_lines),
/// after which the bot's input is closed.
///
/// The referee asks a bot for every turn the rules give its player until the bot itself fails
/// (crash, time-out, unreadable line). Whatever else the rules decide about a player (e.g. a
/// judge playing for it after an illegal but readable command) is the rules' business: the bot
/// keeps being told its turns, and the rules are free to ignore its answers.
pub trait BotProtocol: Game {
    /// Whether a bot answers the init lines with a greeting line (its name). When `false`, the
    /// referee sends the init lines (if any), reads nothing, and the seat keeps its label as
    /// its name; [`parse_greeting`](Self::parse_greeting) is then never called.
    const GREETS: bool = true;

    /// The time limits `kibitz match` and `kibitz play` give this game's bots unless told
    /// otherwise (a game's own practice: per answer, or a total budget per game).
    const LIMITS: crate::replay::Limits = crate::replay::Limits::TURN_BY_TURN;

    /// What a seat is called before (or without) a greeting: "Player k", or the game's own
    /// names for its seats.
    fn seat_label(player: usize) -> String {
        format!("Player {player}")
    }

    /// Lines sent to `player` once, before the first turn.
    fn init_lines(state: &Self::State, player: usize) -> Vec<String>;

    /// Reads the bot's answer to the init lines: its display name, or why the answer is not
    /// acceptable (the bot is then marked failed). Only called when [`GREETS`](Self::GREETS).
    fn parse_greeting(line: &str) -> Result<String, String>;

    /// Lines sent to `player` before it must act.
    fn turn_lines(state: &Self::State, player: usize) -> Vec<String>;

    /// Reads the bot's command. `Err` is a protocol violation (the bot is marked failed);
    /// a well-formed but illegal command is an `Ok` action that the rules then refuse.
    fn parse_action(line: &str) -> Result<Self::Action, String>;

    /// Lines sent to the bot after its action was applied (may be empty).
    fn result_lines(outcome: &Self::Outcome) -> Vec<String>;

    /// Lines sent to `player` when the match is over (or stopped), just before its input is
    /// closed; `state` is the final state. Nothing by default.
    fn farewell_lines(_state: &Self::State, _player: usize) -> Vec<String> {
        Vec::new()
    }
}
