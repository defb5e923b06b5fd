//! The map editor in the window (`kibitz edit GAME [FILE]`), knowing no game: the map drawn by
//! the game's own view (so it looks as it will in a replay), the game's tools painting it with
//! the mouse (a brush, symmetry), undo and redo, the game's own validator showing each fault
//! where it is, fair-map hints, and saving byte for byte. A game offers its format as a
//! [`MapFormat`]; the document is `kibitz-editor`'s.

use super::grid::Grid;
use super::view::{BoardCamera, GameView, LogLine, Perspective, Track, hover_box};
use bevy_egui::egui::{self, Color32, Stroke};
use kibitz_editor::{Editor, Sheet, Symmetry};
use std::path::PathBuf;

/// One tool of a game's editor: what it paints.
#[derive(Debug, Clone, Copy)]
pub struct Tool {
    pub name: &'static str,
    /// What it does, for the panel.
    pub help: &'static str,
    /// The cell the k-th image of a painted cell gets (symmetry: a start's letter goes on).
    pub cell: fn(usize) -> char,
    /// Painted one cell at a time, whatever the brush (starts, lighthouses).
    pub single: bool,
}

/// A fault of a map, where it is (line and column from 1, as the file is written).
#[derive(Debug, Clone, PartialEq)]
pub struct Fault {
    pub line: usize,
    pub column: usize,
    pub what: String,
}

/// A game's map format as the editor needs it.
pub trait MapFormat: Send + Sync {
    fn game(&self) -> &'static str;
    fn tools(&self) -> &'static [Tool];
    /// A new map of `width` × `height` cells.
    fn new_map(&self, width: usize, height: usize) -> Sheet;
    /// The faults the game's own validator finds (what a match would refuse).
    fn faults(&self, text: &str) -> Vec<Fault>;
    /// Fair-map hints where the game has seats (each start's distances), one line each.
    fn hints(&self, text: &str) -> Vec<String>;
    /// The game's own view of a map that validates.
    fn view(&self, text: &str, title: String) -> Result<Box<dyn GameView>, String>;
    /// Where the view draws the map's cells in `rect`: a grid whose cell (x, y) is the file's
    /// column x of line y + 1.
    fn grid(&self, rect: egui::Rect, camera: &BoardCamera, width: usize, height: usize) -> Grid;
}

/// The editor as the shell shows it: a [`GameView`] of the map being edited.
pub struct EditView {
    format: Box<dyn MapFormat>,
    editor: Editor,
    path: Option<PathBuf>,
    title: String,
    tool: usize,
    brush: usize,
    symmetry: Symmetry,
    /// The game's view of the last text that validated.
    view: Option<Box<dyn GameView>>,
    /// The text `view`, `faults` and `hints` were made of.
    shown: String,
    faults: Vec<Fault>,
    hints: Vec<String>,
    message: Option<String>,
    track: Track,
}

impl EditView {
    pub fn new(format: Box<dyn MapFormat>, sheet: Sheet, path: Option<PathBuf>) -> Self {
        let title = path.as_ref().map_or("a new map".to_string(), |p| super::args::file_name(p));
        let track = Track::new(format!("editing {title}"), Vec::new());
        let mut view = Self {
            format,
            editor: Editor::new(sheet),
            path,
            title,
            tool: 0,
            brush: 1,
            symmetry: Symmetry::None,
            view: None,
            shown: String::from("\u{0}"),
            faults: Vec::new(),
            hints: Vec::new(),
            message: None,
            track,
        };
        view.refresh();
        view
    }

    /// The editor's document (scripted edits, tests).
    pub fn editor(&mut self) -> &mut Editor {
        &mut self.editor
    }

    pub fn faults(&self) -> &[Fault] {
        &self.faults
    }

    /// Checks the text again and, when it validates, makes the game's view of it anew.
    pub fn refresh(&mut self) {
        let text = self.editor.text();
        if text == self.shown {
            return;
        }
        self.faults = self.format.faults(&text);
        self.hints = if self.faults.is_empty() { self.format.hints(&text) } else { Vec::new() };
        if self.faults.is_empty() {
            match self.format.view(&text, self.title.clone()) {
                Ok(view) => self.view = Some(view),
                Err(e) => self.faults.push(Fault { line: 1, column: 1, what: e }),
            }
        }
        self.shown = text;
    }

    /// Saves to the file it came from (or `path`); a map with faults is saved only when `anyway`.
    pub fn save(&mut self, anyway: bool) -> Result<PathBuf, String> {
        let path = self.path.clone().ok_or("no file to save to: give one (kibitz edit GAME FILE)")?;
        if !self.faults.is_empty() && !anyway {
            let first = &self.faults[0];
            return Err(format!(
                "the map has {} fault(s) (line {}: {}); save anyway to keep it",
                self.faults.len(),
                first.line,
                first.what
            ));
        }
        std::fs::write(&path, self.editor.text()).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        self.editor.saved();
        Ok(path)
    }
}

impl GameView for EditView {
    fn game(&self) -> &'static str {
        self.format.game()
    }

    fn track(&self) -> &Track {
        &self.track
    }

    fn describe(&self, _cursor: usize) -> String {
        let changed = if self.editor.changed() { " · changed" } else { "" };
        format!("editing {}{changed}", self.title)
    }

    fn log(&self, _range: std::ops::Range<usize>) -> Vec<LogLine> {
        Vec::new()
    }

    fn append(&mut self, _line: &str, number: usize) -> Result<(), String> {
        Err(format!("line {number}: the editor shows a map, not a replay"))
    }

    fn draw(
        &mut self,
        ui: &mut egui::Ui,
        response: &egui::Response,
        rect: egui::Rect,
        _cursor: usize,
        camera: &BoardCamera,
        _perspective: Perspective,
    ) {
        self.keys(ui.ctx());
        if let Some(view) = self.view.as_mut() {
            // As everyone sees it: a map has no player's view yet.
            view.draw(ui, response, rect, 0, camera, Perspective::Omniscient);
        }
        let sheet = self.editor.sheet();
        let grid = self.format.grid(rect, camera, sheet.width(), sheet.height());
        let painter = ui.painter_at(rect);
        // The text itself over a map that does not validate: every cell as its character.
        if self.view.is_none() || !self.faults.is_empty() {
            painter.rect_filled(grid.board(), 0.0, Color32::from_rgb(20, 22, 28));
            for y in 0..sheet.height() {
                for x in 0..sheet.width() {
                    if let Some(c) = sheet.get(x, y) {
                        let text = if c == ' ' { "·".to_string() } else { c.to_string() };
                        painter.text(
                            grid.centre(x, y),
                            egui::Align2::CENTER_CENTER,
                            text,
                            egui::FontId::monospace(grid.cell * 0.6),
                            Color32::from_gray(200),
                        );
                    }
                }
            }
        }
        for fault in &self.faults {
            let (x, y) = (fault.column.saturating_sub(1), fault.line.saturating_sub(1));
            if x < grid.cols && y < grid.rows {
                painter.rect_stroke(
                    grid.cell_rect(x, y).expand(2.0),
                    2.0,
                    Stroke::new(3.0, Color32::from_rgb(255, 60, 60)),
                    egui::StrokeKind::Outside,
                );
            }
        }
        // Painting: press, drag, release is one stroke.
        let tool = self.format.tools()[self.tool];
        if let Some(p) = response.interact_pointer_pos().filter(|_| response.is_pointer_button_down_on() || response.clicked())
            && let Some((x, y)) = grid.cell_at(p)
        {
            let brush = if tool.single { 1 } else { self.brush };
            self.editor.paint(x, y, brush, self.symmetry, tool.cell);
        }
        if !response.is_pointer_button_down_on() {
            self.editor.end_stroke();
        }
        self.refresh();
        if let Some(pos) = response.hover_pos()
            && let Some((x, y)) = grid.cell_at(pos)
        {
            let here: Vec<String> = self.faults.iter().filter(|f| (f.column, f.line) == (x + 1, y + 1)).map(|f| f.what.clone()).collect();
            hover_box(response, |ui| {
                ui.label(format!("line {}, column {} · {}: {}", y + 1, x + 1, tool.name, tool.help));
                for what in &here {
                    ui.colored_label(Color32::from_rgb(255, 120, 120), what);
                }
            });
        }
    }

    fn details(&mut self, ui: &mut egui::Ui, _cursor: usize, _perspective: Perspective) {
        ui.heading("Map editor");
        ui.label(format!("{} · {} × {}", self.title, self.editor.sheet().width(), self.editor.sheet().height()));
        ui.horizontal_wrapped(|ui| {
            for (k, tool) in self.format.tools().iter().enumerate() {
                ui.selectable_value(&mut self.tool, k, format!("{} {}", k + 1, tool.name)).on_hover_text(tool.help);
            }
        });
        ui.add(egui::Slider::new(&mut self.brush, 1..=9).text("brush ([ and ])"));
        egui::ComboBox::from_label("symmetry (Y)").selected_text(self.symmetry.name()).show_ui(ui, |ui| {
            for s in Symmetry::ALL {
                ui.selectable_value(&mut self.symmetry, s, s.name());
            }
        });
        ui.horizontal(|ui| {
            if ui.add_enabled(self.editor.can_undo(), egui::Button::new("undo (Ctrl+Z)")).clicked() {
                self.editor.undo();
            }
            if ui.add_enabled(self.editor.can_redo(), egui::Button::new("redo (Ctrl+Y)")).clicked() {
                self.editor.redo();
            }
            if ui.button("save (Ctrl+S)").clicked() {
                self.save_said(false);
            }
            if !self.faults.is_empty() && ui.button("save anyway").clicked() {
                self.save_said(true);
            }
        });
        if let Some(message) = &self.message {
            ui.label(message);
        }
        self.refresh();
        if self.faults.is_empty() {
            ui.colored_label(Color32::from_rgb(120, 220, 120), "checked: a match accepts this map");
        } else {
            ui.colored_label(Color32::from_rgb(255, 120, 120), format!("{} fault(s), marked on the board:", self.faults.len()));
            for f in &self.faults {
                ui.label(format!("line {}, column {}: {}", f.line, f.column, f.what));
            }
        }
        if !self.hints.is_empty() {
            ui.label(egui::RichText::new("Fair-map hints").strong());
            for hint in &self.hints {
                ui.label(hint);
            }
        }
    }

    fn view_keys(&self) -> &'static [(&'static str, &'static str)] {
        &[
            ("1 … 9", "choose a tool"),
            ("[ / ]", "a smaller / bigger brush"),
            ("Y", "the next symmetry"),
            ("Ctrl+Z / Ctrl+Y", "undo / redo a stroke"),
            ("Ctrl+S", "save (a map with faults only with the panel's save anyway)"),
        ]
    }
}

impl EditView {
    fn save_said(&mut self, anyway: bool) {
        self.message = Some(match self.save(anyway) {
            Ok(path) => format!("saved {}", path.display()),
            Err(e) => e,
        });
    }

    /// The editor's keys, while no text box has the keyboard.
    fn keys(&mut self, ctx: &egui::Context) {
        if super::view::typing(ctx) {
            return;
        }
        use egui::Key;
        let (ctrl, pressed) =
            ctx.input(|i| (i.modifiers.command, [Key::Z, Key::Y, Key::S, Key::OpenBracket, Key::CloseBracket].map(|k| i.key_pressed(k))));
        let digit = ctx.input(|i| (1..=9).find(|d| Key::from_name(&d.to_string()).is_some_and(|k| i.key_pressed(k))));
        match (ctrl, pressed) {
            (true, [true, ..]) => {
                self.editor.undo();
            }
            (true, [_, true, ..]) => {
                self.editor.redo();
            }
            (true, [_, _, true, ..]) => self.save_said(false),
            (false, [_, true, ..]) => {
                self.symmetry =
                    Symmetry::ALL[(Symmetry::ALL.iter().position(|s| *s == self.symmetry).unwrap_or(0) + 1) % Symmetry::ALL.len()]
            }
            (false, [_, _, _, true, _]) => self.brush = self.brush.saturating_sub(1).max(1),
            (false, [_, _, _, _, true]) => self.brush = (self.brush + 1).min(9),
            _ => {}
        }
        if let Some(d) = digit.filter(|&d| !ctrl && d <= self.format.tools().len()) {
            self.tool = d - 1;
        }
    }
}
