//! The command alphabet of seed 003 ("Commands"): six sets of characters, one per command, and
//! three ignored white-space characters. Anything else is an error.
//!
//! Letters are case-insensitive, as the organisers' evaluator decodes (it lower-cases each
//! character before the table look-up; `Power.hs decodeChar`). Only ASCII letters fold: the
//! table is ASCII, and we do not follow Unicode case mappings into it.

use crate::hex::{Direction, Turn};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One command for the unit in play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Command {
    Move(Direction),
    Turn(Turn),
}

impl Command {
    pub const ALL: [Command; 6] = [
        Command::Move(Direction::W),
        Command::Move(Direction::E),
        Command::Move(Direction::SW),
        Command::Move(Direction::SE),
        Command::Turn(Turn::Clockwise),
        Command::Turn(Turn::CounterClockwise),
    ];

    /// The characters that encode this command, as seed 003's table lists them.
    pub const fn chars(self) -> &'static str {
        match self {
            Command::Move(Direction::W) => "p'!.03",
            Command::Move(Direction::E) => "bcefy2",
            Command::Move(Direction::SW) => "aghij4",
            Command::Move(Direction::SE) => "lmno 5",
            Command::Turn(Turn::Clockwise) => "dqrvz1",
            Command::Turn(Turn::CounterClockwise) => "kstuwx",
        }
    }

    /// The first character of [`Command::chars`]: a plain encoding of the command.
    pub fn char(self) -> char {
        self.chars().as_bytes()[0] as char
    }
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Command::Move(Direction::W) => "move W",
            Command::Move(Direction::E) => "move E",
            Command::Move(Direction::SW) => "move SW",
            Command::Move(Direction::SE) => "move SE",
            Command::Turn(Turn::Clockwise) => "turn clockwise",
            Command::Turn(Turn::CounterClockwise) => "turn counter-clockwise",
        })
    }
}

/// What one character of a solution means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decoded {
    Command(Command),
    /// `\t`, `\n` or `\r`: no command (but still part of the text phrases are matched in).
    Ignored,
    /// Not in the table: an error that scores the board 0.
    Invalid,
}

const IGNORED: u8 = 6;
const INVALID: u8 = 7;

/// ASCII look-up table: command index into [`Command::ALL`], or IGNORED / INVALID.
const TABLE: [u8; 128] = {
    let mut t = [INVALID; 128];
    t[b'\t' as usize] = IGNORED;
    t[b'\n' as usize] = IGNORED;
    t[b'\r' as usize] = IGNORED;
    let mut k = 0;
    while k < 6 {
        let chars = Command::ALL[k].chars().as_bytes();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            t[c as usize] = k as u8;
            if c.is_ascii_lowercase() {
                t[c.to_ascii_uppercase() as usize] = k as u8;
            }
            i += 1;
        }
        k += 1;
    }
    t
};

/// Decodes one character.
pub fn decode(c: char) -> Decoded {
    if !c.is_ascii() {
        return Decoded::Invalid;
    }
    match TABLE[c as usize] {
        IGNORED => Decoded::Ignored,
        INVALID => Decoded::Invalid,
        k => Decoded::Command(Command::ALL[k as usize]),
    }
}

/// A character that is not in the table, and where it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[error("character {character:?} at index {index} (counting characters from 0) is not a command")]
pub struct InvalidChar {
    /// Index in characters (not bytes) from the start of the text.
    pub index: usize,
    pub character: char,
}

/// Decodes a whole command string, skipping the ignored white space.
pub fn decode_str(text: &str) -> Result<Vec<Command>, InvalidChar> {
    let mut out = Vec::with_capacity(text.len());
    for (index, character) in text.chars().enumerate() {
        match decode(character) {
            Decoded::Command(c) => out.push(c),
            Decoded::Ignored => {}
            Decoded::Invalid => return Err(InvalidChar { index, character }),
        }
    }
    Ok(out)
}

/// Encodes commands with the plain character of each.
pub fn encode(commands: &[Command]) -> String {
    commands.iter().map(|c| c.char()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_table_character_decodes_to_its_command_and_nothing_else_does() {
        let mut listed = 0;
        for c in Command::ALL {
            for ch in c.chars().chars() {
                assert_eq!(decode(ch), Decoded::Command(c), "{ch:?}");
                listed += 1;
            }
        }
        assert_eq!(listed, 36);
        for b in 0u8..128 {
            let ch = b as char;
            let lower = ch.to_ascii_lowercase();
            let in_table = Command::ALL.iter().any(|c| c.chars().contains(lower));
            let expected_invalid = !in_table && !matches!(ch, '\t' | '\n' | '\r');
            assert_eq!(decode(ch) == Decoded::Invalid, expected_invalid, "{ch:?}");
        }
        assert_eq!(decode(','), Decoded::Invalid, "no command is denoted by a comma");
        assert_eq!(decode('é'), Decoded::Invalid);
        assert_eq!(decode('\u{212A}'), Decoded::Invalid, "the Kelvin sign is not a k");
    }
}
