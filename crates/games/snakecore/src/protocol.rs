//! The seed's protocol (§3): each request's first line names it. `getName` is answered with the
//! player's name (at most 32 bytes, characters from 0x20); `getAction` sends the board size n,
//! n rows of the board, and one line per python (the asked one first): its shield turns left,
//! its length l, then l coordinate pairs from the head to the tail; the answer is one of
//! `U L D R N A`.

use crate::SnakeCore;
use crate::map::rows;
use crate::rules::{Action, Outcome, Snake, State};
use kibitz_core::BotProtocol;
use kibitz_core::replay::Limits;

/// The longest name a bot may give.
pub const MAX_NAME: usize = 32;

/// The board as `getAction` sends it: walls, reactors, blocks (free and in bodies, by kind),
/// heads as `p`, `.` for empty.
pub fn board_rows(state: &State) -> Vec<String> {
    rows(state.size, &state.cells, state.snakes.iter().map(|s| (s.head, s.body.as_slice())))
}

/// A python's line: shield turns left, length, then the cells from the head to the tail.
pub fn snake_line(s: &Snake) -> String {
    let mut line = format!("{} {} {} {}", s.shield, s.length(), s.head.x, s.head.y);
    for (p, _) in &s.body {
        line.push_str(&format!(" {} {}", p.x, p.y));
    }
    line
}

/// Everything `getAction` sends to `player`.
pub fn get_action(state: &State, player: usize) -> Vec<String> {
    let mut lines = vec!["getAction".to_string(), state.size.to_string()];
    lines.extend(board_rows(state));
    lines.push(snake_line(&state.snakes[player]));
    lines.extend(state.snakes.iter().enumerate().filter(|(k, _)| *k != player).map(|(_, s)| snake_line(s)));
    lines
}

impl BotProtocol for SnakeCore {
    /// The seed's limits: 15 s for the first answer, 1 s for each later one, and two minutes of
    /// thinking in all per game.
    const LIMITS: Limits =
        Limits { init_ms: 15_000, turn_soft_ms: 1_000, turn_hard_ms: 1_000, first_turn_ms: None, total_ms: Some(120_000) };

    fn seat_label(player: usize) -> String {
        format!("Python {player}")
    }

    fn init_lines(_: &State, _: usize) -> Vec<String> {
        vec!["getName".into()]
    }

    fn parse_greeting(line: &str) -> Result<String, String> {
        if line.len() > MAX_NAME {
            return Err(format!("a name is at most {MAX_NAME} bytes, this one has {}", line.len()));
        }
        if line.chars().any(|c| (c as u32) < 0x20) {
            return Err("a name has no control characters".into());
        }
        Ok(line.to_string())
    }

    fn turn_lines(state: &State, player: usize) -> Vec<String> {
        get_action(state, player)
    }

    /// One of the six letters, white space around it allowed. Anything else breaks the
    /// protocol, which disqualifies the bot for the rest of the game (rules notes): its python
    /// stays and cannot move. A letter the rules cannot carry out is still a pass.
    fn parse_action(line: &str) -> Result<Action, String> {
        match Action::parse(line) {
            Action::Other(_) => Err("not one of U L D R N A, which breaks the protocol: disqualified".into()),
            letter => Ok(letter),
        }
    }

    fn result_lines(_: &Outcome) -> Vec<String> {
        Vec::new()
    }
}
