//! Phrases of power: counting occurrences in the solution text, overlapping ones included.
//!
//! As the organisers' scorer does (`Power.hs`, reference README item 8): matching is on the raw
//! text, lower-cased, including the ignored white space, and an occurrence is counted at every
//! position where the phrase starts. Counting each occurrence where it ends, one character at a
//! time, gives the same counts and lets a game in progress show its power score.

/// Why a phrase list is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PhraseError {
    #[error("phrase {index} is empty")]
    Empty { index: usize },
    #[error("phrase {index} ({phrase:?}) repeats phrase {first} (phrases are case-insensitive)")]
    Duplicate { index: usize, first: usize, phrase: String },
    #[error("{count} phrases are too many (at most {MAX_PHRASES})")]
    TooMany { count: usize },
}

/// The 18 phrases of power the organisers judged with (their `power_words` file), lower-cased.
/// They are part of the game as played, like the command table, so they are built in: without
/// `-p`, these apply. A test checks them against the reference data.
pub const KNOWN_PHRASES: [&str; 18] = [
    "ei!",
    "ia! ia!",
    "r'lyeh",
    "yuggoth",
    "tsathoggua",
    "yogsothoth",
    "necronomicon",
    "vigintillion",
    "cthulhu fhtagn!",
    "ph'nglui mglw'nafh cthulhu r'lyeh wgah'nagl fhtagn.",
    "in his house at r'lyeh dead cthulhu waits dreaming.",
    "the laundry",
    "planet 10",
    "yoyodyne",
    "monkeyboy",
    "john bigboote",
    "blue hades",
    "case nightmare green",
];

/// At most this many phrases (the contest had 18).
pub const MAX_PHRASES: usize = 4096;

#[derive(Debug, Clone)]
struct Phrase {
    text: String,
    /// ASCII-lower-cased bytes.
    lower: Box<[u8]>,
    /// Length in characters: the `len(p)` of the power score.
    chars: u64,
}

/// A checked list of phrases, indexed as given.
#[derive(Debug, Clone)]
pub struct PhraseSet {
    phrases: Vec<Phrase>,
    /// Phrase indices grouped by last byte: `by_last[start[b]..start[b + 1]]`.
    by_last: Vec<u16>,
    start: Box<[u16; 257]>,
    /// Ring-buffer size: a power of two at least as long as the longest phrase.
    window: usize,
}

/// Byte pushed for a non-ASCII character: never part of a UTF-8 phrase, so never matches.
const FOREIGN: u8 = 0xff;

impl PhraseSet {
    /// Phrases must be non-empty and distinct ignoring ASCII case; at most [`MAX_PHRASES`].
    /// Letters fold to lower case ASCII only: the command table is ASCII, so a phrase with
    /// other characters can never be spoken without an error anyway.
    pub fn new<S: AsRef<str>>(phrases: &[S]) -> Result<PhraseSet, PhraseError> {
        if phrases.len() > MAX_PHRASES {
            return Err(PhraseError::TooMany { count: phrases.len() });
        }
        let mut list: Vec<Phrase> = Vec::with_capacity(phrases.len());
        for (index, p) in phrases.iter().enumerate() {
            let text = p.as_ref();
            if text.is_empty() {
                return Err(PhraseError::Empty { index });
            }
            let lower: Box<[u8]> = text.bytes().map(|b| b.to_ascii_lowercase()).collect();
            if let Some(first) = list.iter().position(|q| q.lower == lower) {
                return Err(PhraseError::Duplicate { index, first, phrase: text.to_string() });
            }
            list.push(Phrase { text: text.to_string(), lower, chars: text.chars().count() as u64 });
        }
        let mut by_last: Vec<u16> = (0..list.len() as u16).collect();
        by_last.sort_by_key(|&k| *list[k as usize].lower.last().unwrap());
        let mut start = Box::new([0u16; 257]);
        for &k in &by_last {
            start[*list[k as usize].lower.last().unwrap() as usize + 1] += 1;
        }
        for b in 0..256 {
            start[b + 1] += start[b];
        }
        let longest = list.iter().map(|p| p.lower.len()).max().unwrap_or(1);
        Ok(PhraseSet { phrases: list, by_last, start, window: longest.next_power_of_two() })
    }

    pub fn len(&self) -> usize {
        self.phrases.len()
    }
    pub fn is_empty(&self) -> bool {
        self.phrases.is_empty()
    }
    /// Phrase `k` as given.
    pub fn phrase(&self, k: usize) -> &str {
        &self.phrases[k].text
    }
    pub fn iter(&self) -> impl Iterator<Item = &str> {
        self.phrases.iter().map(|p| p.text.as_str())
    }

    /// `2 * len(p) * reps(p) + 300` for a phrase spoken `reps > 0` times, else 0.
    pub fn phrase_score(&self, k: usize, reps: u32) -> u64 {
        if reps == 0 { 0 } else { 2 * self.phrases[k].chars * reps as u64 + 300 }
    }

    /// The power score of a whole count vector.
    pub fn score(&self, counts: &[u32]) -> u64 {
        counts.iter().enumerate().map(|(k, &n)| self.phrase_score(k, n)).sum()
    }

    /// Counts every phrase in `text` (overlapping occurrences included).
    pub fn count(&self, text: &str) -> Vec<u32> {
        let mut t = PhraseTracker::new(self);
        for c in text.chars() {
            t.push(self, c);
        }
        t.counts
    }
}

/// Reads a phrase file: one phrase per line, blank lines and `\r` line ends ignored.
pub fn phrases_from_lines(text: &str) -> Vec<String> {
    text.lines().map(|l| l.trim_end_matches('\r')).filter(|l| !l.trim().is_empty()).map(str::to_string).collect()
}

/// Occurrence counts so far and the recent text they may continue in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhraseTracker {
    counts: Vec<u32>,
    recent: Vec<u8>,
    pushed: usize,
}

impl PhraseTracker {
    pub fn new(set: &PhraseSet) -> Self {
        Self { counts: vec![0; set.len()], recent: vec![0; set.window.max(1)], pushed: 0 }
    }

    /// Appends one character of the solution text and counts the phrases it completes.
    #[inline]
    pub fn push(&mut self, set: &PhraseSet, c: char) {
        let b = if c.is_ascii() { (c as u8).to_ascii_lowercase() } else { FOREIGN };
        let mask = self.recent.len() - 1;
        self.recent[self.pushed & mask] = b;
        self.pushed += 1;
        if b == FOREIGN {
            return;
        }
        let (lo, hi) = (set.start[b as usize] as usize, set.start[b as usize + 1] as usize);
        for &k in &set.by_last[lo..hi] {
            if self.ends_with(&set.phrases[k as usize].lower) {
                self.counts[k as usize] += 1;
            }
        }
    }

    fn ends_with(&self, p: &[u8]) -> bool {
        let n = p.len();
        if n > self.pushed {
            return false;
        }
        let mask = self.recent.len() - 1;
        let from = self.pushed - n;
        p.iter().enumerate().all(|(i, &b)| self.recent[(from + i) & mask] == b)
    }

    /// Indices of the phrases the text so far ends with: those the last character completed.
    pub fn completed(&self, set: &PhraseSet) -> Vec<usize> {
        (0..set.len()).filter(|&k| self.ends_with(&set.phrases[k].lower)).collect()
    }

    /// Occurrences so far, one count per phrase.
    pub fn counts(&self) -> &[u32] {
        &self.counts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlapping_occurrences_count_and_case_is_ignored() {
        let set = PhraseSet::new(&["aa", "Ei!", "ia! ia!"]).unwrap();
        assert_eq!(set.count("aaaa"), vec![3, 0, 0]);
        assert_eq!(set.count("EI!ei!"), vec![0, 2, 0]);
        assert_eq!(set.count("ia! ia! ia!"), vec![0, 0, 2]);
        assert_eq!(set.count("e\ni!"), vec![0, 0, 0], "white space is part of the text");
        assert_eq!(set.score(&[3, 0, 2]), (300 + 2 * 2 * 3) + (300 + 2 * 7 * 2));
    }

    #[test]
    fn bad_phrase_lists_are_refused() {
        assert_eq!(PhraseSet::new(&["a", ""]).unwrap_err(), PhraseError::Empty { index: 1 });
        assert!(matches!(PhraseSet::new(&["Ei!", "ei!"]).unwrap_err(), PhraseError::Duplicate { index: 1, first: 0, .. }));
        assert!(PhraseSet::new::<&str>(&[]).unwrap().is_empty());
    }

    #[test]
    fn long_phrases_fit_the_window() {
        let long = "ph'nglui mglw'nafh cthulhu r'lyeh wgah'nagl fhtagn.";
        let set = PhraseSet::new(&[long]).unwrap();
        assert_eq!(set.count(&format!("xx{long}{long}")), vec![2]);
        assert_eq!(set.phrase_score(0, 2), 300 + 2 * 51 * 2);
    }
}
