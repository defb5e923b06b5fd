//! What a bot sees and says, as text, for games whose players are processes speaking lines on
//! stdin/stdout. Pure functions only: the referee owns the processes and the clocks.

use crate::game::Game;

/// The line protocol between a referee and one bot.
pub trait BotProtocol: Game {
    /// Lines sent to `player` once, before the first turn.
    fn init_lines(state: &Self::State, player: usize) -> Vec<String>;

    /// Reads the bot's answer to the init lines: its display name, or why the answer is not
    /// acceptable (the bot is then marked failed).
    fn parse_greeting(line: &str) -> Result<String, String>;

    /// Lines sent to `player` before it must act.
    fn turn_lines(state: &Self::State, player: usize) -> Vec<String>;

    /// Reads the bot's command. `Err` is a protocol violation (the bot is marked failed);
    /// a well-formed but illegal command is an `Ok` action that the rules then refuse.
    fn parse_action(line: &str) -> Result<Self::Action, String>;

    /// Lines sent to the bot after its action was applied (may be empty).
    fn result_lines(outcome: &Self::Outcome) -> Vec<String>;
}
