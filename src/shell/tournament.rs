//! A tournament folder in the viewer (`kibitz view DIR`): its standings at the top of the side
//! panel, and its matches, each opening its replay with a click. What is shown is worked out by
//! the command line (`kibitz tournament`'s standings) when the window opens.

use bevy_egui::egui::{self, Color32, RichText};
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
    /// The bracket's pairings as lines ("w1-1 greedy vs bye → greedy"), and its champion.
    pub bracket: Vec<String>,
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
    /// Its result ("greedy 120 · rnd1 30"), or why there is none ("not played yet").
    pub result: String,
    /// Its (first) replay, when it has one to open.
    pub replay: Option<PathBuf>,
}

/// The tournament's section of the side panel. Returns the replay a click asks to open.
pub fn panel(ui: &mut egui::Ui, tournament: &Tournament, open: Option<&PathBuf>) -> Option<PathBuf> {
    let mut chosen = None;
    egui::CollapsingHeader::new(RichText::new(format!("Tournament: {}", tournament.title)).strong()).default_open(true).show(ui, |ui| {
        egui::Grid::new("tournament-table").striped(true).num_columns(7).show(ui, |ui| {
            for head in ["#", "bot", "played", "won–drawn–lost", "total", "rating", ""] {
                ui.label(RichText::new(head).small().strong());
            }
            ui.end_row();
            for (k, row) in tournament.rows.iter().enumerate() {
                ui.label(format!("{}", k + 1));
                ui.colored_label(row.color, RichText::new(&row.bot).strong());
                ui.label(row.played.to_string());
                ui.label(format!("{}–{}–{}", row.record.0, row.record.1, row.record.2));
                ui.label(&row.total);
                ui.label(&row.rating);
                match &row.failures {
                    Some(f) => ui.colored_label(Color32::LIGHT_RED, "failed").on_hover_text(f),
                    None => ui.label(""),
                };
                ui.end_row();
            }
        });
        if !tournament.bracket.is_empty() {
            ui.label(RichText::new(format!("Bracket · champion: {}", tournament.champion.as_deref().unwrap_or("not yet"))).strong());
            for line in &tournament.bracket {
                ui.label(RichText::new(line).monospace().size(11.0));
            }
        }
        ui.label(RichText::new("Matches (click one to watch it)").strong());
        egui::ScrollArea::vertical().id_salt("tournament-matches").max_height(160.0).show(ui, |ui| {
            for entry in &tournament.matches {
                let text = RichText::new(format!("{}  {}", entry.id, entry.result)).monospace().size(11.0);
                match &entry.replay {
                    Some(path) => {
                        if ui.selectable_label(open == Some(path), text).clicked() {
                            chosen = Some(path.clone());
                        }
                    }
                    None => {
                        ui.label(text.color(Color32::GRAY));
                    }
                }
            }
        });
    });
    chosen
}
