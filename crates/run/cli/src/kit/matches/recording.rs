//! Where a game played by hand is recorded when nobody said: a new file in the user's games
//! folder, named by the time, the same for every family of games.

use std::path::PathBuf;

/// Where a hand-played match is recorded when nobody said: a new file in the user's games
/// folder ([`games_dir`]), so that playing leaves nothing behind in the current folder; the
/// place is said on stderr (and the summary's `replays`).
pub fn default_out(game: &str) -> PathBuf {
    let seconds = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let name = format!("kibitz-play-{game}-{}.jsonl", utc_stamp(seconds));
    let path = match games_dir().filter(|d| std::fs::create_dir_all(d).is_ok()) {
        Some(dir) => dir.join(name),
        None => PathBuf::from(name),
    };
    eprintln!("kibitz: recording the game to {} (--out chooses)", path.display());
    path
}

/// `$KIBITZ_DATA_DIR`, else `$XDG_DATA_HOME/kibitz/games`, else `~/.local/share/kibitz/games`.
pub fn games_dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("KIBITZ_DATA_DIR").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(d));
    }
    let base = std::env::var_os("XDG_DATA_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))?;
    Some(base.join("kibitz/games"))
}

/// `YYYY-MM-DD-HHMMSS` (UTC) for seconds since the Unix epoch: readable, and sorting by name
/// sorts by time.
fn utc_stamp(seconds: u64) -> String {
    let (days, rest) = ((seconds / 86_400) as i64, seconds % 86_400);
    // Howard Hinnant's days-to-civil: the proleptic Gregorian date of a day count.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + (month <= 2) as i64;
    format!("{year:04}-{month:02}-{day:02}-{:02}{:02}{:02}", rest / 3600, rest / 60 % 60, rest % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hand_played_games_are_named_by_a_readable_utc_time() {
        assert_eq!(utc_stamp(0), "1970-01-01-000000");
        assert_eq!(utc_stamp(951_782_400), "2000-02-29-000000", "a leap day");
        assert_eq!(utc_stamp(1_795_354_041), "2026-11-22-132721");
        let out = default_out("amazes");
        assert!(out.file_name().unwrap().to_string_lossy().starts_with("kibitz-play-amazes-20"));
        assert_eq!(out.parent(), games_dir().as_deref(), "in the user's games folder, not here");
    }
}
