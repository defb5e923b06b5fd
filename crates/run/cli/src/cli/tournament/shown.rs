//! A tournament folder as the viewer shows it (`kibitz view DIR`, a broadcast): its standings
//! and its matches, worked out here from the folder, drawn by the window.

use egui::Color32;
pub use kibitz_tournament::bracket::Shown;
use std::path::PathBuf;

/// What the panel shows of a tournament.
#[derive(Debug, Clone, Default)]
pub struct Tournament {
    /// "lighthouses · 12 of 12 matches played".
    pub title: String,
    /// The table's rows, best first.
    pub rows: Vec<Row>,
    /// Every match of the plan, in plan order.
    pub matches: Vec<Entry>,
    /// An elimination stage's pairings (empty for other formats), and its champion.
    pub bracket: Vec<Shown>,
    pub champion: Option<String>,
}

#[derive(Debug, Clone)]
pub struct Row {
    pub bot: String,
    pub color: Color32,
    pub played: usize,
    /// Pairwise wins, draws and losses.
    pub record: (usize, usize, usize),
    pub total: String,
    pub rating: String,
    /// Failures (time-outs among them), for a bot that had any.
    pub failures: Option<String>,
}

#[derive(Debug, Clone)]
pub struct Entry {
    pub id: String,
    /// Its bots, in seat order: their names, and their places in the spec (their colours).
    pub bots: Vec<String>,
    pub slots: Vec<usize>,
    /// Its result ("greedy 120 · rnd1 30"), or why there is none ("not played yet").
    pub result: String,
    /// Its (first) replay, when it has one to open.
    pub replay: Option<PathBuf>,
}

impl Tournament {
    /// The match a replay file belongs to (`ID.jsonl`, or `ID-gK.jsonl` for a series' game K).
    pub fn entry_of(&self, file: &std::path::Path) -> Option<&Entry> {
        let stem = file.file_stem()?.to_str()?;
        self.matches.iter().find(|m| {
            stem == m.id || stem.strip_prefix(m.id.as_str()).and_then(|g| g.strip_prefix("-g")).is_some_and(|g| g.parse::<u32>().is_ok())
        })
    }
}
