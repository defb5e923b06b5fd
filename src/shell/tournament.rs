//! A tournament folder in the viewer (`kibitz view DIR`): its standings at the top of the side
//! panel, and its matches, each opening its replay with a click. What is shown is worked out by
//! the command line (`kibitz tournament`'s standings) when the window opens.

use bevy_egui::egui::{self, Color32, RichText};
pub use kibitz_cli::cli::tournament::shown::{Entry, Row, Shown, Tournament};
use std::collections::HashSet;
use std::path::PathBuf;

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
            for p in &tournament.bracket {
                let won = p.winner.as_ref().map_or(String::new(), |w| format!(" → {w}"));
                ui.label(RichText::new(format!("{:<6} {} vs {}{won}", p.name, p.bots[0], p.bots[1])).monospace().size(11.0));
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

const BACKDROP: Color32 = Color32::from_rgb(12, 14, 20);
const TEXT: Color32 = Color32::from_rgb(236, 238, 242);
const DIM: Color32 = Color32::from_rgb(150, 156, 168);
const NEXT: Color32 = Color32::from_rgb(255, 196, 40);

/// The broadcast's picture between matches: the bracket of an elimination stage, else the
/// standings, fitted to `rect`; `next` (a match ID) is the match coming up, highlighted.
pub fn between_matches(painter: &egui::Painter, rect: egui::Rect, tournament: &Tournament, next: Option<&str>) {
    painter.rect_filled(rect, 0.0, BACKDROP);
    let u = (rect.height() / 720.0).clamp(0.5, 3.0);
    let title = if tournament.bracket.is_empty() { "STANDINGS" } else { "BRACKET" };
    let head = rect.left_top() + egui::vec2(28.0 * u, 22.0 * u);
    painter.text(head, egui::Align2::LEFT_TOP, title, egui::FontId::proportional(30.0 * u), TEXT);
    painter.text(head + egui::vec2(0.0, 38.0 * u), egui::Align2::LEFT_TOP, &tournament.title, egui::FontId::proportional(16.0 * u), DIM);
    let body =
        egui::Rect::from_min_max(rect.left_top() + egui::vec2(28.0 * u, 90.0 * u), rect.right_bottom() - egui::vec2(28.0 * u, 20.0 * u));
    if tournament.bracket.is_empty() {
        table(painter, body, tournament, next, u);
    } else {
        bracket(painter, body, tournament, next, u);
    }
}

/// The table, as many rows as fit.
fn table(painter: &egui::Painter, body: egui::Rect, tournament: &Tournament, next: Option<&str>, u: f32) {
    let rows = tournament.rows.len().max(1) as f32 + 1.0;
    let height = (body.height() / rows).min(44.0 * u);
    let size = height * 0.5;
    let columns = [0.0, 0.07, 0.42, 0.54, 0.72, 0.86];
    let heads = ["#", "BOT", "PLAYED", "WON–DRAWN–LOST", "TOTAL", "RATING"];
    let at = |col: usize, row: usize| egui::pos2(body.left() + columns[col] * body.width(), body.top() + (row as f32 + 0.5) * height);
    for (k, head) in heads.iter().enumerate() {
        painter.text(at(k, 0), egui::Align2::LEFT_CENTER, *head, egui::FontId::proportional(size * 0.7), DIM);
    }
    // The bots of the match coming up, marked.
    let playing: &[String] = next.and_then(|id| tournament.matches.iter().find(|m| m.id == id)).map_or(&[], |m| &m.bots);
    for (k, row) in tournament.rows.iter().enumerate() {
        if (k as f32 + 2.0) * height > body.height() + 1.0 {
            break;
        }
        let line = k + 1;
        if k % 2 == 0 {
            let band = egui::Rect::from_min_size(egui::pos2(body.left(), at(0, line).y - height / 2.0), egui::vec2(body.width(), height));
            painter.rect_filled(band, 0.0, Color32::from_rgb(22, 25, 33));
        }
        let font = egui::FontId::proportional(size);
        painter.text(at(0, line), egui::Align2::LEFT_CENTER, format!("{}", k + 1), font.clone(), DIM);
        let name = painter.text(at(1, line), egui::Align2::LEFT_CENTER, &row.bot, font.clone(), row.color);
        if playing.contains(&row.bot) {
            painter.text(
                name.right_center() + egui::vec2(10.0 * u, 0.0),
                egui::Align2::LEFT_CENTER,
                "NEXT",
                egui::FontId::proportional(size * 0.6),
                NEXT,
            );
        }
        painter.text(at(2, line), egui::Align2::LEFT_CENTER, row.played.to_string(), font.clone(), TEXT);
        let (w, d, l) = row.record;
        painter.text(at(3, line), egui::Align2::LEFT_CENTER, format!("{w}–{d}–{l}"), font.clone(), TEXT);
        painter.text(at(4, line), egui::Align2::LEFT_CENTER, &row.total, font.clone(), TEXT);
        painter.text(at(5, line), egui::Align2::LEFT_CENTER, &row.rating, font, TEXT);
    }
}

/// Which column of the bracket a pairing goes in, from its name: the winners' rounds (`w3-1`),
/// the losers' (`l2-3`), the grand finals (`gf`, `gf2`).
fn column(name: &str) -> (u8, u32) {
    let round = |s: &str| s.split('-').next().and_then(|r| r.parse().ok()).unwrap_or(1);
    match name.split_at(1) {
        ("w", rest) => (0, round(rest)),
        ("l", rest) => (1, round(rest)),
        _ => (2, if name == "gf2" { 2 } else { 1 }),
    }
}

/// The bracket: the winners' rounds left to right across the top, the losers' across the bottom,
/// the grand final at the right; each pairing a box of its two bots, the winner bright, the
/// pairing coming up outlined.
fn bracket(painter: &egui::Painter, body: egui::Rect, tournament: &Tournament, next: Option<&str>, u: f32) {
    let shown = &tournament.bracket;
    let rounds = |side: u8| shown.iter().filter(|p| column(&p.name).0 == side).map(|p| column(&p.name).1).max().unwrap_or(0);
    let (winners, losers, finals) = (rounds(0), rounds(1), rounds(2));
    let columns = (winners.max(losers) + finals).max(1) as f32;
    let width = body.width() / columns;
    let bands = if losers > 0 { 2.0 } else { 1.0 };
    for p in shown {
        let (side, round) = column(&p.name);
        let same: Vec<&Shown> = shown.iter().filter(|q| column(&q.name) == (side, round)).collect();
        let k = same.iter().position(|q| q.name == p.name).unwrap_or(0) as f32;
        let (band_top, band_height) = match side {
            0 => (body.top(), body.height() / bands),
            1 => (body.top() + body.height() / 2.0, body.height() / 2.0),
            _ => (body.top(), body.height() / bands),
        };
        let x = match side {
            2 => body.left() + (winners.max(losers) as f32 + round as f32 - 1.0) * width,
            _ => body.left() + (round as f32 - 1.0) * width,
        };
        let slot = band_height / same.len() as f32;
        let height = (slot * 0.8).min(70.0 * u);
        let cell = egui::Rect::from_center_size(egui::pos2(x + width / 2.0, band_top + (k + 0.5) * slot), egui::vec2(width * 0.86, height));
        let coming = next.is_some_and(|id| id.starts_with(&format!("{}-", p.name)));
        painter.rect_filled(cell, 4.0 * u, Color32::from_rgb(30, 34, 44));
        if coming {
            painter.rect_stroke(cell, 4.0 * u, egui::Stroke::new(2.5 * u, NEXT), egui::StrokeKind::Outside);
        }
        let size = (height * 0.3).min(20.0 * u);
        for (line, bot) in p.bots.iter().enumerate() {
            let won = p.winner.as_deref() == Some(bot.as_str());
            let color = match (&p.winner, won) {
                (_, true) => TEXT,
                (Some(_), false) => DIM,
                (None, _) => Color32::from_gray(200),
            };
            let at = egui::pos2(cell.left() + 8.0 * u, cell.top() + height * (0.28 + 0.44 * line as f32));
            let name = if won { format!("{bot}  ✔") } else { bot.clone() };
            painter.text(at, egui::Align2::LEFT_CENTER, name, egui::FontId::proportional(size), color);
        }
        painter.text(
            cell.right_top() + egui::vec2(-4.0 * u, 2.0 * u),
            egui::Align2::RIGHT_TOP,
            &p.name,
            egui::FontId::proportional(size * 0.6),
            DIM,
        );
    }
    if let Some(champion) = &tournament.champion {
        let at = body.right_bottom() - egui::vec2(0.0, 4.0 * u);
        painter.text(at, egui::Align2::RIGHT_BOTTOM, format!("CHAMPION: {champion}"), egui::FontId::proportional(26.0 * u), NEXT);
    }
}

/// How a tournament is worked out again as its matches finish (a broadcast of a tournament
/// still being played): on a thread of its own, so that the picture keeps its pace. It is given
/// the file stems of the replays shown so far, and counts only those matches: the standings
/// between two matches never give away one still to come.
#[derive(Clone)]
pub struct Refresh(pub std::sync::Arc<dyn Fn(HashSet<String>) -> Result<Tournament, String> + Send + Sync>);

impl std::fmt::Debug for Refresh {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Refresh")
    }
}

impl Refresh {
    /// Starts working it out for the replays `shown`; the answer comes through the receiver.
    pub fn start(&self, shown: HashSet<String>) -> std::sync::mpsc::Receiver<Result<Tournament, String>> {
        let (send, receive) = std::sync::mpsc::channel();
        let work = self.0.clone();
        std::thread::spawn(move || {
            let _ = send.send(work(shown));
        });
        receive
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_replay_file_is_found_as_its_match_or_a_game_of_its_series() {
        let entry =
            |id: &str| Entry { id: id.into(), bots: vec!["a".into(), "b".into()], slots: vec![0, 1], result: String::new(), replay: None };
        let t = Tournament { matches: vec![entry("duel-a-vs-b-1"), entry("duel-a-vs-b-10")], ..Tournament::default() };
        let id = |path: &str| t.entry_of(std::path::Path::new(path)).map(|e| e.id.clone());
        assert_eq!(id("out/duel-a-vs-b-1.jsonl").as_deref(), Some("duel-a-vs-b-1"));
        assert_eq!(id("/x/duel-a-vs-b-10-g3.jsonl").as_deref(), Some("duel-a-vs-b-10"));
        assert_eq!(id("duel-a-vs-b-1-gx.jsonl"), None);
        assert_eq!(id("other.jsonl"), None);
    }
}
