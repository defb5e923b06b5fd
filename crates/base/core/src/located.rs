//! Errors about text input that say where: line and column, both 1-based as editors show them.

use std::fmt;

/// A message about a place in a text: a map, a replay, a problem file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct Located {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column (in characters); `None` when the whole line is meant.
    pub column: Option<usize>,
    pub message: String,
}

impl Located {
    pub fn at(line: usize, column: usize, message: impl Into<String>) -> Self {
        Self { line, column: Some(column), message: message.into() }
    }

    pub fn line(line: usize, message: impl Into<String>) -> Self {
        Self { line, column: None, message: message.into() }
    }
}

impl fmt::Display for Located {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(column) => write!(f, "line {}, column {}: {}", self.line, column, self.message),
            None => write!(f, "line {}: {}", self.line, self.message),
        }
    }
}
