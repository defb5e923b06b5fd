//! The map editor in the window (`kibitz edit GAME [FILE]`), knowing no game: the map drawn by
//! the game's own view (so it looks as it will in a replay), the game's tools painting it with
//! the mouse (a brush, symmetry), undo and redo, a random fill from the game's generator, the
//! game's own validator showing each fault where it is, fair-map hints, saving byte for byte,
//! and playing the map now, by hand or between our bots, in the same window. A game offers its
//! format as a [`MapFormat`]; the document is `kibitz-editor`'s.

use crate::kit::contract::view::{BoardCamera, Frame, GameView, Perspective, hover_box};
use crate::kit::viewing::grid::{CellTexture, Grid};
use bevy_egui::egui::{self, Color32, Stroke};
use kibitz_editor::{Board, Editor, Sheet, Symmetry, places};
use std::path::{Path, PathBuf};

/// One tool of a game's editor: what it paints.
#[derive(Debug, Clone, Copy)]
pub struct Tool {
    pub name: &'static str,
    /// What it does, for the panel.
    pub help: &'static str,
    /// The cell the k-th image of a painted cell gets (symmetry: a start's letter goes on).
    pub cell: fn(usize) -> char,
    /// Painted one cell at a time, whatever the brush (starts, lighthouses, pythons).
    pub single: bool,
}

/// A fault of a map, where it is (line and column from 1, as the file is written).
#[derive(Debug, Clone, PartialEq)]
pub struct Fault {
    pub line: usize,
    pub column: usize,
    pub what: String,
    /// The board cell it is about when its place in the file is not on the board (a mast
    /// line after the rows).
    pub cell: Option<(usize, usize)>,
}

impl Fault {
    /// A fault at `line` and `column` (from 1; line 0: the end of the file, column 0: the
    /// whole line, as the games' parsers say).
    pub fn new(line: usize, column: usize, what: impl Into<String>) -> Fault {
        Fault { line, column, what: what.into(), cell: None }
    }

    /// The same fault, marked on board cell `cell`.
    pub fn on_cell(self, cell: Option<(usize, usize)>) -> Fault {
        Fault { cell, ..self }
    }

    /// Where it is, as the panel says it.
    pub fn place(&self) -> String {
        match (self.line, self.column) {
            (0, _) => "at the end of the file".into(),
            (line, 0) => format!("line {line}"),
            (line, column) => format!("line {line}, column {column}"),
        }
    }
}

/// How to play a map now: the arguments of `kibitz play GAME` and of `kibitz match GAME` (its
/// bots included) on the map's file; the shell adds `--out`.
#[derive(Debug, Clone)]
pub struct PlayNow {
    pub hand: Vec<String>,
    pub bots: Vec<String>,
}

/// A game's map format as the editor needs it.
pub trait MapFormat: Send + Sync {
    fn game(&self) -> &'static str;
    fn tools(&self) -> &'static [Tool];
    /// A new map of about `cols` × `rows` cells (as the format allows).
    fn new_map(&self, cols: usize, rows: usize) -> Sheet;
    /// Where the board's cells are in the file.
    fn board(&self, sheet: &Sheet) -> Board {
        Board::whole(sheet)
    }
    /// Whether the board's cells are the file's characters (drawn as coloured cells, and
    /// their characters when big enough, while the map does not validate); not so for a JSON
    /// problem.
    fn cells_are_text(&self) -> bool {
        true
    }
    /// The colour of a board cell holding `c` while the map has faults (the game's own view
    /// needs a map that validates).
    fn cell_colour(&self, c: char) -> Color32 {
        match c {
            '#' => Color32::from_rgb(120, 116, 108),
            ' ' | '.' => Color32::from_rgb(40, 44, 52),
            c if c.is_ascii_alphabetic() => Color32::from_rgb(229, 57, 53),
            c if c.is_ascii_digit() => Color32::from_rgb(30, 136, 229),
            _ => Color32::from_rgb(200, 180, 80),
        }
    }
    /// Draws a map with faults in the game's own way, when its cells are not text (a sheet's
    /// graph); `false` when it cannot.
    fn draw_faulty(&self, _sheet: &Sheet, _board: Board, _painter: &egui::Painter, _grid: &Grid) -> bool {
        false
    }
    /// Paints `tool` on board cell `at`, the `image`-th of a stroke's symmetric places;
    /// `previous` is where that image was painted last in this stroke (a python's body goes
    /// on from it). The default writes the tool's cell.
    fn paint(&self, editor: &mut Editor, board: Board, tool: &Tool, at: (usize, usize), image: usize, _previous: Option<(usize, usize)>) {
        editor.set(at.0, board.first + at.1, (tool.cell)(image));
    }
    /// The faults the game's own validator finds (what a match would refuse).
    fn faults(&self, text: &str) -> Vec<Fault>;
    /// The board cell a fault is on, when it is on one.
    fn fault_cell(&self, board: Board, fault: &Fault) -> Option<(usize, usize)> {
        if let Some(cell) = fault.cell.filter(|&(x, y)| board.contains(x, y)) {
            return Some(cell);
        }
        let cell = (fault.column.checked_sub(1)?, fault.line.checked_sub(1 + board.first)?);
        board.contains(cell.0, cell.1).then_some(cell)
    }
    /// Fair-map hints where the game has seats (each start's distances), one line each.
    fn hints(&self, _text: &str) -> Vec<String> {
        Vec::new()
    }
    /// The game's own view of a map that validates.
    fn view(&self, text: &str, title: String) -> Result<Box<dyn GameView>, String>;
    /// Where the view draws board cell (x, y) in `rect`.
    fn grid(&self, rect: egui::Rect, camera: &BoardCamera, board: Board) -> Grid {
        Grid::fit(rect, camera, board.cols, board.rows)
    }
    /// The board cell under screen point `p` (a hex board's differ from the grid's squares).
    /// Board cell (x, y), counted from the board's top left as the file's lines are, as the
    /// game names it (the viewer's hover says the same): `cell (x, y)` unless the game counts
    /// otherwise (lighthouses counts y upwards).
    fn place_name(&self, _board: Board, x: usize, y: usize) -> String {
        format!("cell ({x}, {y})")
    }

    fn cell_at(&self, rect: egui::Rect, camera: &BoardCamera, board: Board, p: egui::Pos2) -> Option<(usize, usize)> {
        self.grid(rect, camera, board).cell_at(p)
    }
    /// Whether the game has a generator of maps ([`MapFormat::generate`]).
    fn can_generate(&self) -> bool {
        false
    }
    /// A random map from the game's own generator, about the size of `board`.
    fn generate(&self, _seed: u64, _board: Board) -> Result<String, String> {
        Err(format!("{} has no generator of maps", self.game()))
    }
    /// The extension of its files (for the copy a game started from the editor plays).
    fn extension(&self) -> &'static str {
        "txt"
    }
    /// How to play the map in file `map` (whose text is `text`) now.
    fn play_now(&self, map: &Path, text: &str) -> PlayNow;
}

/// Our sample bot as a command line; the referee runs `kibitz` as the very program running
/// the match.
pub fn sample_bot(game: &str, strategy: &str, seed: usize) -> String {
    format!("kibitz bot {game} {strategy} --seed {seed}")
}

/// Where the games played from this editor keep the map's copy and their replays; removed on
/// the way out ([`remove_games_folder`]).
pub fn games_folder() -> PathBuf {
    std::env::temp_dir().join(format!("kibitz-edit-{}", std::process::id()))
}

/// Removes [`games_folder`] and what is in it (when the window closes).
pub fn remove_games_folder() {
    let _ = std::fs::remove_dir_all(games_folder());
}

/// The path as an argument.
pub fn arg(path: &Path) -> String {
    path.display().to_string()
}

/// The editor as the shell shows it: a [`GameView`] of the map being edited, whose hand (the
/// editor's panel and keys) never waits for anyone.
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
    /// The revision `view`, `faults`, `hints` and `changed` were made of.
    shown: Option<u64>,
    board: Board,
    faults: Vec<Fault>,
    hints: Vec<String>,
    changed: bool,
    message: Option<String>,
    /// The message is about the map's faults: gone once the map checks clean.
    message_on_faults: bool,
    /// The board's cells, drawn while the map has faults, and the revision they show.
    rough: CellTexture,
    rough_of: Option<u64>,
    /// Where each symmetric image was painted last in the stroke being made.
    trail: Vec<Option<(usize, usize)>>,
    /// The random fill's next seed.
    seed: u64,
    /// A game asked for by the panel or a key, for the shell.
    play: Option<PlayMap>,
    /// When the last check ran and what it cost: while a stroke goes on, a big map is checked
    /// again only after four times that (a 512 × 512 settlement's check and view cost about
    /// 15 ms, docs/performance.md), so painting keeps its pace; the stroke's end checks at once.
    checked_at: Option<std::time::Instant>,
    check_cost: std::time::Duration,
    /// The mouse button is held on the board.
    painting: bool,
}

/// The keys the editor reads, as its help shows them.
const KEYS: &[(&str, &str)] = &[
    ("left drag", "paint with the tool (a python: its body)"),
    ("right drag", "pan the board"),
    ("1 … 9", "choose a tool"),
    ("[ / ]", "a smaller / bigger brush"),
    ("Y", "the next symmetry"),
    ("Ctrl+Z / Ctrl+Y", "undo / redo a stroke"),
    ("Ctrl+S", "save (a map with faults only with the panel's save anyway)"),
    ("Ctrl+R", "a random map from the game's generator"),
    ("P / Shift+P", "play the map now: by hand / our bots' match (E comes back)"),
];

impl EditView {
    pub fn new(format: Box<dyn MapFormat>, sheet: Sheet, path: Option<PathBuf>) -> Self {
        let title = path.as_ref().map_or("a new map".to_string(), |p| crate::kit::matches::args::file_name(p));
        let mut view = Self {
            format,
            editor: Editor::new(sheet),
            path,
            title,
            tool: 0,
            brush: 1,
            symmetry: Symmetry::None,
            view: None,
            shown: None,
            board: Board::default(),
            faults: Vec::new(),
            hints: Vec::new(),
            changed: false,
            message: None,
            message_on_faults: false,
            rough: CellTexture::new("kibitz-editor-cells"),
            rough_of: None,
            trail: Vec::new(),
            seed: 1,
            play: None,
            checked_at: None,
            check_cost: std::time::Duration::ZERO,
            painting: false,
        };
        view.refresh();
        view
    }

    /// The editor's document (scripted edits, tests).
    pub fn editor(&mut self) -> &mut Editor {
        &mut self.editor
    }

    pub fn format(&self) -> &dyn MapFormat {
        self.format.as_ref()
    }

    pub fn faults(&self) -> &[Fault] {
        &self.faults
    }

    pub fn hints(&self) -> &[String] {
        &self.hints
    }

    /// Where the board lies in the file as it is now.
    pub fn board(&self) -> Board {
        self.board
    }

    /// Paints tool `tool` at board cell `at` with the brush and symmetry given, as a press (or
    /// a drag) of the mouse does; [`Editor::end_stroke`] ends the stroke.
    pub fn paint(&mut self, tool: usize, at: (usize, usize), brush: usize, symmetry: Symmetry) {
        let Some(tool) = self.format.tools().get(tool).copied() else { return };
        let board = self.format.board(self.editor.sheet());
        let brush = if tool.single { 1 } else { brush };
        for (k, cell) in places(board, at, brush, symmetry) {
            if self.trail.len() <= k {
                self.trail.resize(k + 1, None);
            }
            let before = self.editor.revision();
            self.format.paint(&mut self.editor, board, &tool, cell, k, self.trail[k]);
            // A tool placing one thing goes on from where it last changed something: a vertex
            // dragged over another stays the one dragged, an edge is drawn from the vertex the
            // drag started on across the empty cells between.
            if !tool.single || self.trail[k].is_none() || self.editor.revision() != before {
                self.trail[k] = Some(cell);
            }
        }
    }

    /// The stroke is over: one step of undo.
    pub fn end_stroke(&mut self) {
        self.editor.end_stroke();
        self.trail.clear();
    }

    /// Checks the text again after a change and, when it validates, makes the game's view of
    /// it anew.
    pub fn refresh(&mut self) {
        if self.shown == Some(self.editor.revision()) {
            return;
        }
        let started = std::time::Instant::now();
        let text = self.editor.text();
        self.board = self.format.board(self.editor.sheet());
        self.faults = self.format.faults(&text);
        self.hints = if self.faults.is_empty() { self.format.hints(&text) } else { Vec::new() };
        if self.faults.is_empty() {
            match self.format.view(&text, self.title.clone()) {
                Ok(view) => self.view = Some(view),
                Err(e) => self.faults.push(Fault::new(1, 1, e)),
            }
        }
        self.changed = self.editor.changed();
        self.shown = Some(self.editor.revision());
        if self.faults.is_empty() && self.message_on_faults {
            self.message = None;
            self.message_on_faults = false;
        }
        self.checked_at = Some(std::time::Instant::now());
        self.check_cost = started.elapsed();
    }

    /// Checks again now, or while a stroke goes on once four times the last check's cost has
    /// passed (a frame is asked for then).
    fn refresh_when_due(&mut self, ctx: &egui::Context) {
        let wait = self.check_cost * 4;
        if !self.painting || self.checked_at.is_none_or(|at| at.elapsed() >= wait) {
            self.refresh();
        } else {
            ctx.request_repaint_after(wait);
        }
    }

    /// Saves to the file it came from; a map with faults is saved only when `anyway`.
    pub fn save(&mut self, anyway: bool) -> Result<PathBuf, String> {
        self.refresh();
        let path = self.path.clone().ok_or("no file to save to: give one (kibitz edit GAME FILE)")?;
        if !self.faults.is_empty() && !anyway {
            let first = &self.faults[0];
            return Err(format!("the map has {} fault(s) ({}: {}); save anyway to keep it", self.faults.len(), first.place(), first.what));
        }
        std::fs::write(&path, self.editor.text()).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        self.editor.saved();
        self.shown = None;
        Ok(path)
    }

    /// Replaces the map by a random one from the game's generator (one step of undo).
    pub fn random_fill(&mut self) -> Result<(), String> {
        let board = self.format.board(self.editor.sheet());
        let text = self.format.generate(self.seed, board)?;
        self.seed += 1;
        self.editor.replace_all(&text);
        Ok(())
    }

    /// The map as it is now, in a file of its own for a game to read (the editor's file stays
    /// as last saved), and the arguments that play it.
    pub fn play_now(&self) -> Result<(PathBuf, PlayNow), String> {
        let dir = games_folder();
        std::fs::create_dir_all(&dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
        let map = dir.join(format!("{}.{}", self.format.game(), self.format.extension()));
        let text = self.editor.text();
        std::fs::write(&map, &text).map_err(|e| format!("cannot write {}: {e}", map.display()))?;
        Ok((dir, self.format.play_now(&map, &text)))
    }

    /// A game on the map as it is now, by hand or between our bots, for the shell to start.
    fn game_on_map(&mut self, bots: bool) -> Result<PlayMap, String> {
        self.refresh();
        if let Some(first) = self.faults.first() {
            return Err(format!("a match would refuse this map: {}: {}", first.place(), first.what));
        }
        let (dir, now) = self.play_now()?;
        let stamp = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis());
        let replay = dir.join(format!("game-{stamp}.jsonl"));
        let mut args = vec!["--out".to_string(), arg(&replay)];
        args.extend(if bots { now.bots } else { now.hand });
        Ok(PlayMap { game: self.format.game(), args, bots, replay })
    }

    fn start_said(&mut self, bots: bool) {
        match self.game_on_map(bots) {
            Ok(playing) => self.play = Some(playing),
            Err(e) => self.say(e, !self.faults.is_empty()),
        }
    }

    fn save_said(&mut self, anyway: bool) {
        match self.save(anyway) {
            Ok(path) => self.say(format!("saved {}", path.display()), false),
            Err(e) => self.say(e, !self.faults.is_empty()),
        }
    }

    /// Shows `text` in the panel; `on_faults`: it goes once the map checks clean.
    fn say(&mut self, text: String, on_faults: bool) {
        self.message = Some(text);
        self.message_on_faults = on_faults;
    }

    /// The panel's message, if any.
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// Paints a drag from the last cell painted to `cell`: every cell on the line between, so
    /// that a fast drag leaves no gaps (a tool placing one thing paints only where it is).
    pub fn drag_to(&mut self, cell: (usize, usize)) {
        let single = self.format.tools().get(self.tool).is_none_or(|t| t.single);
        let from = self.trail.first().copied().flatten().filter(|_| !single);
        for at in line_of_cells(from.unwrap_or(cell), cell).into_iter().skip(from.is_some() as usize) {
            self.paint(self.tool, at, self.brush, self.symmetry);
        }
    }

    /// Chooses the tool (from 0) the next strokes paint with.
    pub fn choose_tool(&mut self, tool: usize) {
        if tool < self.format.tools().len() {
            self.tool = tool;
        }
    }

    /// Draws a map with faults: the game's own way, else its cells coloured (one texture, a
    /// big board too) with their characters when the cells are big enough to read.
    fn draw_faulty(&mut self, ctx: &egui::Context, painter: &egui::Painter, grid: &Grid) {
        painter.rect_filled(grid.board(), 0.0, Color32::from_rgb(20, 22, 28));
        if self.format.draw_faulty(self.editor.sheet(), self.board, painter, grid) || !self.format.cells_are_text() {
            return;
        }
        let (sheet, board, format) = (self.editor.sheet(), self.board, self.format.as_ref());
        if self.rough_of != Some(self.editor.revision()) {
            self.rough
                .paint(ctx, board.cols.max(1), board.rows.max(1), |x, y| format.cell_colour(sheet.get(x, board.first + y).unwrap_or(' ')));
            self.rough_of = Some(self.editor.revision());
        }
        self.rough.draw(painter, grid);
        self.draw_text(painter, grid);
    }

    fn random_said(&mut self) {
        if let Err(e) = self.random_fill() {
            self.message = Some(e);
        }
    }

    /// Draws the file's characters over the board's cells when they are big enough to read.
    fn draw_text(&self, painter: &egui::Painter, grid: &Grid) {
        if grid.cell < 10.0 {
            return;
        }
        let sheet = self.editor.sheet();
        let (cols, rows) = grid.visible();
        for y in rows {
            for x in cols.clone() {
                if let Some(c) = sheet.get(x, self.board.first + y) {
                    let text = if c == ' ' { "·".to_string() } else { c.to_string() };
                    let font = egui::FontId::monospace(grid.cell * 0.6);
                    // Dark on a light cell, light on a dark one.
                    let under = self.format.cell_colour(c);
                    let light = under.r() as u32 + under.g() as u32 + under.b() as u32 > 400;
                    let ink = if light { Color32::from_gray(20) } else { Color32::from_gray(230) };
                    painter.text(grid.centre(x, y), egui::Align2::CENTER_CENTER, text, font, ink);
                }
            }
        }
    }
}

/// A game on the map being edited, asked for by the user: `kibitz play GAME ARGS` by hand in
/// the window, or our bots' `kibitz match GAME ARGS` as a process of its own, followed as it
/// writes `replay` (which the arguments name).
#[derive(Debug, Clone)]
pub struct PlayMap {
    pub game: &'static str,
    pub args: Vec<String>,
    pub bots: bool,
    pub replay: std::path::PathBuf,
}

/// What the shell asks of the editor: the board, the panel, the keys, and closing with
/// unsaved work. The editor is not a replay's view: the shell shows one or the other.
impl EditView {
    /// The game whose map this is.
    pub fn game(&self) -> &'static str {
        self.format.game()
    }

    /// The window's title: the file edited.
    pub fn title(&self) -> String {
        format!("editing {}", self.title)
    }

    /// The editor's keys, for the help overlay.
    pub fn help(&self) -> &'static [(&'static str, &'static str)] {
        KEYS
    }

    /// Draws the map into the frame's rect (by the game's own view while it validates, else
    /// its cells with the faults marked) and paints with the left button.
    pub fn draw(&mut self, frame: Frame) {
        let Frame { ui, response, rect, camera, .. } = frame;
        self.refresh_when_due(ui.ctx());
        let valid = self.faults.is_empty();
        if let Some(view) = self.view.as_mut().filter(|_| valid) {
            // As everyone sees it: a map has no player's view yet.
            view.draw(Frame { ui, response, rect, cursor: 0, camera, perspective: Perspective::Omniscient, space: &mut None });
        }
        let grid = self.format.grid(rect, camera, self.board);
        let painter = ui.painter_at(rect);
        if !valid {
            self.draw_faulty(ui.ctx(), &painter, &grid);
        }
        for fault in &self.faults {
            if let Some((x, y)) = self.format.fault_cell(self.board, fault) {
                // Seen on a big board too: at least 16 points across.
                let cell = grid.cell_rect(x, y);
                let outline = Stroke::new(3.0, Color32::from_rgb(255, 60, 60));
                painter.rect_stroke(cell.expand(2.0 + (8.0 - cell.width() / 2.0).max(0.0)), 2.0, outline, egui::StrokeKind::Outside);
            }
        }
        // Painting: press, drag, release is one stroke; a cell is painted once as the pointer
        // stays on it.
        let tool = self.format.tools()[self.tool];
        let cell_at = |p| self.format.cell_at(rect, camera, self.board, p);
        let painting = response.is_pointer_button_down_on() && ui.input(|i| i.pointer.primary_down());
        if let Some(p) = response.interact_pointer_pos().filter(|_| painting || response.clicked())
            && let Some(cell) = cell_at(p)
            && self.trail.first().copied().flatten() != Some(cell)
        {
            self.drag_to(cell);
        }
        if !painting {
            self.end_stroke();
        }
        self.painting = painting;
        self.refresh_when_due(ui.ctx());
        if let Some(pos) = response.hover_pos()
            && let Some((x, y)) = self.format.cell_at(rect, camera, self.board, pos)
        {
            let here: Vec<&str> =
                self.faults.iter().filter(|f| self.format.fault_cell(self.board, f) == Some((x, y))).map(|f| f.what.as_str()).collect();
            hover_box(response, |ui| {
                ui.label(format!("{} · {}: {}", self.format.place_name(self.board, x, y), tool.name, tool.help));
                for what in here {
                    ui.colored_label(Color32::from_rgb(255, 120, 120), what);
                }
            });
        }
    }

    /// What the check found: faults, marked on the board, and fair-map hints.
    pub fn details(&mut self, ui: &mut egui::Ui) {
        if self.faults.is_empty() {
            ui.colored_label(Color32::from_rgb(120, 220, 120), "checked: a match accepts this map");
        } else {
            ui.colored_label(Color32::from_rgb(255, 120, 120), format!("{} fault(s), marked on the board:", self.faults.len()));
            for f in self.faults.iter().take(50) {
                ui.label(format!("{}: {}", f.place(), f.what));
            }
        }
        if !self.hints.is_empty() {
            ui.label(egui::RichText::new("Fair-map hints").strong());
            for hint in &self.hints {
                ui.label(hint);
            }
        }
    }

    /// The editor's panel: tools, brush, symmetry, undo, save, random, play it now. Returns a
    /// game the user asked for on this map, for the shell to start.
    pub fn panel(&mut self, ui: &mut egui::Ui) -> Option<PlayMap> {
        ui.heading("Map editor");
        ui.label(format!("{} · {} × {} cells", self.title, self.board.cols, self.board.rows));
        ui.horizontal_wrapped(|ui| {
            for (k, tool) in self.format.tools().iter().enumerate() {
                ui.selectable_value(&mut self.tool, k, format!("{} {}", k + 1, tool.name)).on_hover_text(tool.help);
            }
        });
        ui.label(egui::RichText::new(self.format.tools()[self.tool].help).weak());
        ui.add(egui::Slider::new(&mut self.brush, 1..=9).text("brush ([ and ])"));
        egui::ComboBox::from_label("symmetry (Y)").selected_text(self.symmetry.name()).show_ui(ui, |ui| {
            for s in Symmetry::ALL {
                ui.selectable_value(&mut self.symmetry, s, s.name());
            }
        });
        ui.horizontal_wrapped(|ui| {
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
            if self.format.can_generate() && ui.button("random (Ctrl+R)").on_hover_text("a new map from the game's own generator").clicked()
            {
                self.random_said();
            }
        });
        ui.horizontal_wrapped(|ui| {
            if ui.button("▶ play it (P)").on_hover_text("you play a seat on this map; E comes back here").clicked() {
                self.start_said(false);
            }
            if ui.button("▶ our bots (Shift+P)").on_hover_text("a match of our sample bots on this map; E comes back here").clicked() {
                self.start_said(true);
            }
        });
        if let Some(message) = &self.message {
            ui.label(message);
        }
        self.refresh_when_due(ui.ctx());
        self.play.take()
    }

    /// Each key is taken with the modifiers of its own press (a quick Ctrl+S is over before
    /// the frame that reads it), and taken from the shell's shortcuts.
    /// The editor's keys, read before the shell's: returns those used this frame, which the
    /// shell's shortcuts leave alone.
    pub fn keys(&mut self, ctx: &egui::Context) -> &'static [egui::Key] {
        use egui::{Key, Modifiers};
        const DIGITS: [Key; 9] = [Key::Num1, Key::Num2, Key::Num3, Key::Num4, Key::Num5, Key::Num6, Key::Num7, Key::Num8, Key::Num9];
        const USED: [Key; 8] = [Key::Z, Key::Y, Key::S, Key::R, Key::P, Key::OpenBracket, Key::CloseBracket, Key::Num1];
        let pressed = |modifiers: Modifiers, key: Key| ctx.input_mut(|i| i.consume_key(modifiers, key));
        let tools = self.format.tools().len().min(DIGITS.len());
        if pressed(Modifiers::COMMAND, Key::Z) {
            self.editor.undo();
        } else if pressed(Modifiers::COMMAND, Key::Y) {
            self.editor.redo();
        } else if pressed(Modifiers::COMMAND, Key::S) {
            self.save_said(false);
        } else if pressed(Modifiers::COMMAND, Key::R) {
            self.random_said();
        } else if pressed(Modifiers::SHIFT, Key::P) {
            self.start_said(true);
        } else if pressed(Modifiers::NONE, Key::P) {
            self.start_said(false);
        } else if pressed(Modifiers::NONE, Key::Y) {
            self.symmetry = self.symmetry.next();
        } else if pressed(Modifiers::NONE, Key::OpenBracket) {
            self.brush = self.brush.saturating_sub(1).max(1);
        } else if pressed(Modifiers::NONE, Key::CloseBracket) {
            self.brush = (self.brush + 1).min(9);
        } else if let Some(d) = (0..tools).find(|&d| pressed(Modifiers::NONE, DIGITS[d])) {
            self.choose_tool(d);
        } else {
            return &[];
        }
        &USED
    }

    /// Changes closing the window would lose, said in a few words: closing asks first.
    pub fn unsaved(&self) -> Option<String> {
        self.editor.changed().then(|| format!("{} has unsaved changes", self.title))
    }

    /// Saved as it is, faults and all: the person closing asked to keep it.
    pub fn save_unsaved(&mut self) -> Result<String, String> {
        self.save(true).map(|path| format!("saved {}", path.display()))
    }
}

/// The cells on the straight line from `a` to `b`, both included, each next to the one
/// before (Bresenham's).
pub fn line_of_cells(a: (usize, usize), b: (usize, usize)) -> Vec<(usize, usize)> {
    let (mut x, mut y) = (a.0 as i64, a.1 as i64);
    let (x1, y1) = (b.0 as i64, b.1 as i64);
    let (dx, dy) = ((x1 - x).abs(), -(y1 - y).abs());
    let (sx, sy) = ((x1 - x).signum(), (y1 - y).signum());
    let mut err = dx + dy;
    let mut cells = vec![a];
    while (x, y) != (x1, y1) {
        let e2 = 2 * err;
        if e2 >= dy {
            err += dy;
            x += sx;
        }
        if e2 <= dx {
            err += dx;
            y += sy;
        }
        cells.push((x as usize, y as usize));
    }
    cells
}
