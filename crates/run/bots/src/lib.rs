//! Sample bots of our own, one module per game. They speak the original protocols on stdin and
//! stdout (the server games: over TCP), exactly as a contest entry would, and are run through
//! `kibitz bot GAME STRATEGY`. The three server games' bots share the TCP client of
//! `kibitz-deadline24-client` (which the app's hand play uses for the human's connection too).

pub mod amazes;
pub mod fedrunek;
pub mod icfp2015;
pub mod lighthouses;
pub mod osada;
pub mod snakecore;
pub mod wycinanka;

use std::io::{BufRead, Write};

/// A bot strategy for one game: answers one input line with zero or more output lines.
pub trait LineBot {
    fn on_line(&mut self, line: &str) -> Result<Vec<String>, String>;

    /// Whether the bot is done (told to quit, or out of turns): [`run`] then returns without
    /// reading more, as a contest entry exits by itself.
    fn finished(&self) -> bool {
        false
    }
}

/// Runs a bot until its input ends. Lines it cannot understand end it with an error on stderr,
/// as a real contest bot would crash.
pub fn run(bot: &mut dyn LineBot, input: impl BufRead, mut output: impl Write) -> Result<(), String> {
    for line in input.lines() {
        let line = line.map_err(|e| format!("reading stdin: {e}"))?;
        for out in bot.on_line(&line)? {
            writeln!(output, "{out}").and_then(|_| output.flush()).map_err(|e| format!("writing stdout: {e}"))?;
        }
        if bot.finished() {
            return Ok(());
        }
    }
    Ok(())
}

/// Runs a bot on this process's stdin and stdout, as `kibitz bot GAME STRATEGY` does.
pub fn run_stdio(bot: &mut dyn LineBot) -> Result<(), String> {
    run(bot, std::io::stdin().lock(), std::io::stdout().lock())
}

/// One turn's drawing for the viewer: `#kibitz` lines on stderr in the game's own coordinates
/// (docs/debug-drawing.md), so that a bot shows what it was thinking without touching the game's
/// protocol. Written all at once before the turn's answer, so that the referee records it with
/// that answer; a newcomer reading our bots sees how.
#[derive(Debug, Default)]
pub struct Sketch(String);

impl Sketch {
    /// Adds one drawing line (`dot 3 4 red`, `value distance 7`, …).
    pub fn add(&mut self, body: impl std::fmt::Display) {
        use std::fmt::Write as _;
        let _ = writeln!(self.0, "{}{body}", kibitz_core::drawing::PREFIX);
    }

    /// Writes the lines on stderr, in one write (as our bots' other stderr lines are written,
    /// so that tests capture them), and starts again empty.
    pub fn show(&mut self) {
        if !self.0.is_empty() {
            eprint!("{}", self.0);
        }
        self.0.clear();
    }
}

/// The error for a strategy a game does not have; `known` is the game's `STRATEGIES`.
pub(crate) fn unknown(game: &str, strategy: &str, known: &[(&str, &str)]) -> String {
    let names: Vec<&str> = known.iter().map(|(name, _)| *name).collect();
    format!("no {game} bot called {strategy:?}; try: {}", names.join(", "))
}
