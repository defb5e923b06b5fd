//! Numbers with bounds. Each number of a game's setup is bounded once, in its rules crate, by
//! the rules or by what the machine can hold; the bound is checked wherever the number is read (a
//! command-line flag, a word of a file, a replay's setup), and a refusal names the number.

use std::fmt::Display;
use std::str::FromStr;

/// A number of a game's setup and the values it may take, `min` to `max` inclusive.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bounded<T> {
    /// Its name in a replay's setup (`turns`, `initial_orders`).
    pub name: &'static str,
    pub min: T,
    pub max: T,
}

impl<T: Copy + PartialOrd + Display> Bounded<T> {
    pub const fn new(name: &'static str, min: T, max: T) -> Self {
        Self { name, min, max }
    }

    /// Whether `value` is within the bounds (never a NaN).
    pub fn contains(&self, value: T) -> bool {
        self.min <= value && value <= self.max
    }

    /// `value` when it is within the bounds; else a refusal naming the number:
    /// `turns 4294967295: must be 1 to 100000`.
    pub fn check(&self, value: T) -> Result<T, String> {
        if self.contains(value) { Ok(value) } else { Err(format!("{} {value}: {}", self.name, self.expected())) }
    }

    /// [`Bounded::check`] of a number that may be absent (absent is always within bounds).
    pub fn check_some(&self, value: Option<T>) -> Result<Option<T>, String> {
        value.map(|v| self.check(v)).transpose()
    }

    /// Reads `text` as a number within the bounds. The refusal says what is expected, not the
    /// name: its caller names the place (a flag, a file's line).
    pub fn parse(&self, text: &str) -> Result<T, String>
    where
        T: FromStr,
    {
        match text.trim().parse::<T>() {
            Ok(value) if self.contains(value) => Ok(value),
            _ => Err(self.expected()),
        }
    }

    /// What a refusal says is expected: `must be 1 to 100000`.
    pub fn expected(&self) -> String {
        format!("must be {} to {}", self.min, self.max)
    }
}

/// Games in a series (`--games`, and a game's place in a run of games): enough for any contest
/// day, few enough that checking every game's setup before the first starts takes no time.
pub const GAMES: Bounded<u32> = Bounded::new("games", 1, 1000);

/// A bot's time limits, in milliseconds (`--init-ms`, `--turn-hard-ms`, …): up to a day, so
/// that a deadline reckoned from now is a time the clock can hold.
pub const LIMIT_MS: Bounded<u64> = Bounded::new("ms", 0, 86_400_000);

#[cfg(test)]
mod tests {
    use super::*;

    const TURNS: Bounded<u32> = Bounded::new("turns", 1, 100_000);

    #[test]
    fn a_number_out_of_bounds_is_refused_by_name() {
        assert_eq!(TURNS.check(300), Ok(300));
        assert_eq!(TURNS.check(1), Ok(1));
        assert_eq!(TURNS.check(100_000), Ok(100_000));
        assert_eq!(TURNS.check(0), Err("turns 0: must be 1 to 100000".to_string()));
        assert_eq!(TURNS.check(u32::MAX), Err("turns 4294967295: must be 1 to 100000".to_string()));
        assert_eq!(TURNS.check_some(None), Ok(None));
        assert!(TURNS.check_some(Some(0)).is_err());
    }

    #[test]
    fn text_is_read_within_bounds() {
        assert_eq!(TURNS.parse("300"), Ok(300));
        for bad in ["0", "-1", "4294967295", "4294967296", "18446744073709551616", "", "x", "1.5"] {
            assert_eq!(TURNS.parse(bad), Err("must be 1 to 100000".to_string()), "{bad:?}");
        }
    }

    #[test]
    fn reals_out_of_bounds_and_not_a_number_are_refused() {
        let share = Bounded::new("dominant_share", 0.5, 1.0);
        assert_eq!(share.check(0.6), Ok(0.6));
        for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, f64::MAX, -1.0, 0.0] {
            assert!(share.check(bad).is_err(), "{bad}");
        }
        assert!(share.parse("NaN").is_err() && share.parse("inf").is_err() && share.parse("1e308").is_err());
    }
}
