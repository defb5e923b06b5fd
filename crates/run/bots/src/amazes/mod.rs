//! Amazes (CodeCup 2010) bots. They read what a contest entry reads (seed 004): `Start` before
//! Red's first turn, then per turn four corridor lines (ahead, right, behind, left) and the
//! squared distance to the opponent; they answer one line of 1 to 256 moves `F`, `T`, `L`, `R`.
//! They exit on `Quit`, and by themselves after their 150th turn, as the seed asks.
//!
//! - [`Explorer`]: keeps a map of what it was told, plans with BFS, hunts the opponent.
//! - [`Random`]: walks a random open corridor a random distance each turn (seeded).
//!
//! Shared here: the input reader and [`Map`], the maze as one bot knows it.

mod explorer;
mod map;
mod random;

pub use explorer::Explorer;
pub use map::{Map, Pos, Side};
pub use random::Random;

/// The strategies of `kibitz bot amazes`, with what each does.
pub const STRATEGIES: &[(&str, &str)] = &[
    ("explorer", "maps what it is told, plans with BFS and hunts the opponent"),
    ("random", "walks a random open corridor a random distance each turn (seeded)"),
];

/// Makes the named bot.
pub fn make(strategy: &str, seed: u64) -> Result<Box<dyn crate::LineBot>, String> {
    match strategy {
        "explorer" => Ok(Box::new(Explorer::new())),
        "random" => Ok(Box::new(Random::new(seed))),
        other => Err(crate::unknown("amazes", other, STRATEGIES)),
    }
}

use kibitz_amazes::protocol::{QUIT, START};
use kibitz_amazes::rules::MAX_MOVES;
use kibitz_amazes::{Dir, Move, TURNS};

/// One turn's information, as read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Info {
    /// Ahead, right, behind, left: letters `B`, `L`, `R`, `N`, ending in `W`.
    pub corridors: [String; 4],
    pub distance2: u32,
}

impl Info {
    /// Squares visible down corridor `k` (0 ahead, 1 right, 2 behind, 3 left).
    pub fn length(&self, k: usize) -> usize {
        self.corridors[k].len() - 1
    }
}

/// What the input amounts to so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// More lines are needed.
    Wait,
    Turn(Info),
    Quit,
}

/// Collects the lines of a turn and counts turns.
#[derive(Debug, Default)]
pub struct Reader {
    pending: Vec<String>,
    /// Known from the first turn: `Start` came first.
    pub red: Option<bool>,
    /// Turns answered.
    pub turns: u32,
    done: bool,
}

impl Reader {
    /// Takes one input line. `Err` for input no referee sends (the bot then stops, as a
    /// contest entry would crash).
    pub fn feed(&mut self, line: &str) -> Result<Input, String> {
        let line = line.trim_end_matches('\r');
        if self.pending.is_empty() {
            if line == QUIT {
                self.done = true;
                return Ok(Input::Quit);
            }
            if line == START {
                if self.red.is_some() {
                    return Err("Start after the first turn".to_string());
                }
                self.red = Some(true);
                return Ok(Input::Wait);
            }
        }
        if self.pending.len() < 4 {
            let body = line.strip_suffix('W').ok_or_else(|| format!("corridor line {line:?} does not end in W"))?;
            if let Some(c) = body.chars().find(|c| !matches!(c, 'B' | 'L' | 'R' | 'N')) {
                return Err(format!("corridor line {line:?} has {c:?}"));
            }
            self.pending.push(line.to_string());
            return Ok(Input::Wait);
        }
        let distance2 = line.parse::<u32>().map_err(|e| format!("distance line {line:?}: {e}"))?;
        let lines = std::mem::take(&mut self.pending);
        self.red.get_or_insert(false);
        Ok(Input::Turn(Info { corridors: [0, 1, 2, 3].map(|k| lines[k].clone()), distance2 }))
    }

    /// Counts an answered turn; after the last one the bot is done.
    pub fn answered(&mut self) {
        self.turns += 1;
        if self.turns >= TURNS {
            self.done = true;
        }
    }

    /// Told to quit, or all turns played.
    pub fn done(&self) -> bool {
        self.done
    }

    /// 1-based number of the turn being played.
    pub fn turn(&self) -> u32 {
        self.turns + 1
    }
}

/// The move that steps towards `dir` when facing `facing`.
pub fn move_towards(facing: Dir, dir: Dir) -> Move {
    [Move::F, Move::R, Move::T, Move::L].into_iter().find(|m| m.direction(facing) == dir).expect("one of four")
}

/// Letters of `moves`, at most [`MAX_MOVES`] of them, and never none (`T` then).
pub fn line_of(moves: &[Move]) -> String {
    let mut line: String = moves.iter().take(MAX_MOVES).map(|m| m.letter()).collect();
    if line.is_empty() {
        line.push('T');
    }
    line
}
