//! How many lines answer a command, so that a client (a human's, in the app) knows when an
//! answer is complete without a timeout: `OK` and a number of data lines each game fixes per
//! command, or one `FAILED` line (two for error 7, which adds `FORCED WAITING`).

/// The data lines after `OK`, as a game's [`crate::Rules::answer_lines`] gives them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnswerLines {
    Fixed(usize),
    /// The first data line's word `word` (from 0) counts the lines that follow it
    /// (`LIST MINERS`: word 0; fedrunek's `YIELD LAST PUSH`: word 3).
    Counted {
        word: usize,
    },
}

/// The length of an answer of shape `shape` whose first lines are `read`, once it is known
/// (`None`: read one more line first).
pub fn answer_length(shape: AnswerLines, read: &[String]) -> Option<usize> {
    let first = read.first()?;
    if first.starts_with("FAILED 7 ") {
        return Some(2);
    }
    if first != "OK" {
        return Some(1);
    }
    match shape {
        AnswerLines::Fixed(n) => Some(1 + n),
        AnswerLines::Counted { word } => {
            let counted = read.get(1)?.split_whitespace().nth(word).and_then(|w| w.parse::<usize>().ok());
            Some(2 + counted.unwrap_or(0))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &[&str]) -> Vec<String> {
        text.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn an_answer_is_complete_after_its_fixed_or_counted_lines() {
        assert_eq!(answer_length(AnswerLines::Fixed(7), &[]), None);
        assert_eq!(answer_length(AnswerLines::Fixed(7), &lines(&["OK"])), Some(8));
        assert_eq!(answer_length(AnswerLines::Fixed(0), &lines(&["OK"])), Some(1));
        assert_eq!(answer_length(AnswerLines::Counted { word: 0 }, &lines(&["OK"])), None);
        assert_eq!(answer_length(AnswerLines::Counted { word: 0 }, &lines(&["OK", "3"])), Some(5));
        assert_eq!(answer_length(AnswerLines::Counted { word: 1 }, &lines(&["OK", "12 2"])), Some(4));
        assert_eq!(answer_length(AnswerLines::Counted { word: 1 }, &lines(&["OK", "garbled"])), Some(2));
    }

    #[test]
    fn failures_are_one_line_and_forced_waiting_two() {
        assert_eq!(answer_length(AnswerLines::Fixed(7), &lines(&["FAILED 101 incorrect robot identifier"])), Some(1));
        assert_eq!(answer_length(AnswerLines::Counted { word: 0 }, &lines(&["FAILED 7 commands limit reached"])), Some(2));
    }
}
