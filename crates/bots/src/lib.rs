//! Sample bots of our own, one module per game. They speak the original protocols on stdin and
//! stdout, exactly as a contest entry would, and are run through `kibitz bot GAME STRATEGY`.

pub mod amazes;
pub mod icfp2015;
pub mod lighthouses;

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

/// The strategies `kibitz bot` knows, per game.
pub fn strategies(game: &str) -> &'static [&'static str] {
    match game {
        "lighthouses" => &["greedy", "random"],
        "amazes" => &["explorer", "random"],
        _ => &[],
    }
}

/// Makes the named bot.
pub fn make(game: &str, strategy: &str, seed: u64) -> Result<Box<dyn LineBot>, String> {
    match (game, strategy) {
        ("lighthouses", "greedy") => Ok(Box::new(lighthouses::Greedy::default())),
        ("lighthouses", "random") => Ok(Box::new(lighthouses::Random::new(seed))),
        ("lighthouses", other) => Err(format!("no lighthouses bot called {other:?}; try: greedy, random")),
        ("amazes", "explorer") => Ok(Box::new(amazes::Explorer::new())),
        ("amazes", "random") => Ok(Box::new(amazes::Random::new(seed))),
        ("amazes", other) => Err(format!("no amazes bot called {other:?}; try: explorer, random")),
        (other, _) => Err(format!("no sample bots for {other:?} yet")),
    }
}
