//! Exit codes: 0 success; 1 the work ran but its verdict is negative (a replay that does not
//! verify); 2 bad input (usage, an unreadable or broken file).

pub const EXIT_FAILED: u8 = 1;
pub const EXIT_BAD_INPUT: u8 = 2;
