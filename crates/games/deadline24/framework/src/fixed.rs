//! Exact reals with six decimals: the servers print every real as `{:.6}` (`1.000000`,
//! `WAITING 8.670000`), and scores multiplied by a real K must add up the same on every replay.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// A real number held as an integer count of millionths.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Fixed6(pub i64);

impl Fixed6 {
    pub const ONE: Fixed6 = Fixed6(1_000_000);

    pub fn from_int(n: i64) -> Self {
        Fixed6(n.saturating_mul(1_000_000))
    }

    /// The millionths.
    pub fn micros(self) -> i64 {
        self.0
    }

    /// `n × self`, exact (saturating far beyond any game's numbers).
    pub fn times(self, n: i64) -> Fixed6 {
        Fixed6(self.0.saturating_mul(n))
    }

    pub fn to_f64(self) -> f64 {
        self.0 as f64 / 1e6
    }
}

/// The product, rounded toward zero to six decimals (saturating).
impl std::ops::Mul for Fixed6 {
    type Output = Fixed6;

    fn mul(self, other: Fixed6) -> Fixed6 {
        let product = self.0 as i128 * other.0 as i128 / 1_000_000;
        Fixed6(product.clamp(i64::MIN as i128, i64::MAX as i128) as i64)
    }
}

impl fmt::Display for Fixed6 {
    /// Six decimals, as the servers print reals.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        write!(f, "{sign}{}.{:06}", abs / 1_000_000, abs % 1_000_000)
    }
}

impl FromStr for Fixed6 {
    type Err = String;

    /// A decimal with at most six places: `2`, `1.5`, `-0.25`, `3.141592`.
    fn from_str(text: &str) -> Result<Self, String> {
        let bad = || format!("{text:?} is not a decimal number with at most six places");
        let (negative, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
        if whole.is_empty() && fraction.is_empty()
            || fraction.len() > 6
            || !whole.bytes().chain(fraction.bytes()).all(|b| b.is_ascii_digit())
        {
            return Err(bad());
        }
        let whole: i64 = if whole.is_empty() { 0 } else { whole.parse().map_err(|_| bad())? };
        let fraction: i64 = format!("{fraction:0<6}").parse().map_err(|_| bad())?;
        let micros = whole.checked_mul(1_000_000).and_then(|w| w.checked_add(fraction)).ok_or_else(bad)?;
        Ok(Fixed6(if negative { -micros } else { micros }))
    }
}

impl Serialize for Fixed6 {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Fixed6 {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_six_decimals_like_the_servers() {
        assert_eq!(Fixed6::ONE.to_string(), "1.000000");
        assert_eq!(Fixed6(8_670_000).to_string(), "8.670000");
        assert_eq!(Fixed6(7_500_000).to_string(), "7.500000");
        assert_eq!(Fixed6(-1_500).to_string(), "-0.001500");
        assert_eq!(Fixed6(0).to_string(), "0.000000");
    }

    #[test]
    fn parses_decimals_exactly() {
        assert_eq!("1.5".parse::<Fixed6>(), Ok(Fixed6(1_500_000)));
        assert_eq!("2".parse::<Fixed6>(), Ok(Fixed6(2_000_000)));
        assert_eq!("3.141592".parse::<Fixed6>(), Ok(Fixed6(3_141_592)));
        assert_eq!("-0.25".parse::<Fixed6>(), Ok(Fixed6(-250_000)));
        for bad in ["", ".", "1.2345678", "1e3", "abc", "1..2", "--1"] {
            assert!(bad.parse::<Fixed6>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn products_round_toward_zero_and_saturate() {
        assert_eq!(Fixed6(1_500_000) * Fixed6(2_500_000), Fixed6(3_750_000));
        assert_eq!(Fixed6(1) * Fixed6(999_999), Fixed6(0), "a millionth of less than one is nothing");
        assert_eq!(Fixed6(-1) * Fixed6(999_999), Fixed6(0), "toward zero, not down");
        assert_eq!(Fixed6(-3_000_000) * Fixed6::ONE, Fixed6(-3_000_000));
        assert_eq!(Fixed6(i64::MAX) * Fixed6(2_000_000), Fixed6(i64::MAX));
        assert_eq!(Fixed6(i64::MIN) * Fixed6(2_000_000), Fixed6(i64::MIN));
    }

    #[test]
    fn serialises_as_its_printed_form() {
        let json = serde_json::to_string(&Fixed6(2_500_000)).unwrap();
        assert_eq!(json, "\"2.500000\"");
        assert_eq!(serde_json::from_str::<Fixed6>(&json).unwrap(), Fixed6(2_500_000));
    }
}
