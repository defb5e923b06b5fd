//! The map editor's document, knowing no game: a map file as its lines, each a row of
//! one-character cells with its own line ending, edited in place. Every game's map is such a
//! file (a board of cells, and lines of pythons, masts or JSON around it). Strokes paint cells
//! (the format decides which and where: a brush, mirrored or rotated for fair maps) or change
//! whole lines; undo and redo go a stroke at a time; the text is written back byte for byte.

/// One line of the file: its characters and its ending ("\n", "\r\n", or "" for a last line
/// without one).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Line {
    cells: Vec<char>,
    end: String,
}

impl Line {
    fn new(text: &str) -> Line {
        Line { cells: text.chars().collect(), end: "\n".into() }
    }
}

/// A file of lines of character cells.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Sheet {
    lines: Vec<Line>,
}

impl Sheet {
    /// The lines of `text`, each with its own ending.
    pub fn parse(text: &str) -> Sheet {
        let mut lines = Vec::new();
        let mut rest = text;
        while !rest.is_empty() {
            let (line, end, after) = match rest.find('\n') {
                Some(i) if rest[..i].ends_with('\r') => (&rest[..i - 1], "\r\n", &rest[i + 1..]),
                Some(i) => (&rest[..i], "\n", &rest[i + 1..]),
                None => (rest, "", ""),
            };
            lines.push(Line { cells: line.chars().collect(), end: end.to_string() });
            rest = after;
        }
        Sheet { lines }
    }

    /// A new sheet of `width` × `height` cells of `fill`, `border` all round.
    pub fn new(width: usize, height: usize, fill: char, border: char) -> Sheet {
        let edge = |x: usize, y: usize| x == 0 || y == 0 || x + 1 == width || y + 1 == height;
        let lines = (0..height)
            .map(|y| Line { cells: (0..width).map(|x| if edge(x, y) { border } else { fill }).collect(), end: "\n".into() })
            .collect();
        Sheet { lines }
    }

    /// The file's text: each line with its ending.
    pub fn text(&self) -> String {
        let mut text = String::with_capacity(self.lines.iter().map(|l| l.cells.len() + 2).sum());
        for line in &self.lines {
            text.extend(&line.cells);
            text.push_str(&line.end);
        }
        text
    }

    /// The number of lines (a file's last line ending makes no extra line).
    pub fn height(&self) -> usize {
        self.lines.len()
    }

    /// The length of the longest line.
    pub fn width(&self) -> usize {
        self.lines.iter().map(|l| l.cells.len()).max().unwrap_or(0)
    }

    /// The cell in column `x` of line `y` (line 0 is the file's first).
    pub fn get(&self, x: usize, y: usize) -> Option<char> {
        self.lines.get(y)?.cells.get(x).copied()
    }

    /// Line `y` without its ending.
    pub fn line(&self, y: usize) -> Option<String> {
        self.lines.get(y).map(|l| l.cells.iter().collect())
    }

    /// The number of cells of line `y`.
    pub fn line_len(&self, y: usize) -> usize {
        self.lines.get(y).map_or(0, |l| l.cells.len())
    }
}

/// Where a format's board lies in its file: `rows` lines from line `first`, `cols` cells each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Board {
    pub first: usize,
    pub cols: usize,
    pub rows: usize,
}

impl Board {
    /// The whole sheet is the board.
    pub fn whole(sheet: &Sheet) -> Board {
        Board { first: 0, cols: sheet.width(), rows: sheet.height() }
    }

    pub fn contains(&self, x: usize, y: usize) -> bool {
        x < self.cols && y < self.rows
    }
}

/// How a stroke is repeated for a fair map of two or four seats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Symmetry {
    #[default]
    None,
    /// Left and right mirrored.
    Mirror,
    /// Top and bottom mirrored.
    Flip,
    /// Turned half round the centre.
    Rotate,
    /// Mirrored both ways: four places.
    Four,
}

impl Symmetry {
    pub const ALL: [Symmetry; 5] = [Symmetry::None, Symmetry::Mirror, Symmetry::Flip, Symmetry::Rotate, Symmetry::Four];

    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Mirror => "mirror left–right",
            Symmetry::Flip => "mirror top–bottom",
            Symmetry::Rotate => "rotate half a turn",
            Symmetry::Four => "mirror both ways",
        }
    }

    /// The next one, for a key that walks through them.
    pub fn next(self) -> Symmetry {
        Symmetry::ALL[(Symmetry::ALL.iter().position(|s| *s == self).unwrap_or(0) + 1) % Symmetry::ALL.len()]
    }

    /// Cell (x, y) and its images on a `width` × `height` board, (x, y) first. An image that
    /// falls on a cell already listed is `None`, so the k-th place keeps its meaning (the k-th
    /// seat's start) wherever the cell is.
    pub fn images(self, x: usize, y: usize, width: usize, height: usize) -> Vec<Option<(usize, usize)>> {
        let (mx, my) = (width.saturating_sub(1 + x), height.saturating_sub(1 + y));
        let all = match self {
            Symmetry::None => vec![(x, y)],
            Symmetry::Mirror => vec![(x, y), (mx, y)],
            Symmetry::Flip => vec![(x, y), (x, my)],
            Symmetry::Rotate => vec![(x, y), (mx, my)],
            Symmetry::Four => vec![(x, y), (mx, y), (x, my), (mx, my)],
        };
        all.iter().enumerate().map(|(k, p)| (!all[..k].contains(p)).then_some(*p)).collect()
    }
}

/// The board cells a press at `at` paints: each cell of a square brush of `brush` cells (those
/// on the board), and each of its images by `symmetry`, as (image k, cell).
pub fn places(board: Board, at: (usize, usize), brush: usize, symmetry: Symmetry) -> Vec<(usize, (usize, usize))> {
    let reach = brush.max(1) - 1;
    let mut places = Vec::new();
    for y in at.1.saturating_sub(reach / 2)..=at.1 + reach - reach / 2 {
        for x in at.0.saturating_sub(reach / 2)..=at.0 + reach - reach / 2 {
            if board.contains(x, y) {
                let images = symmetry.images(x, y, board.cols, board.rows).into_iter().enumerate();
                places.extend(images.filter_map(|(k, image)| Some((k, image?))));
            }
        }
    }
    places
}

/// One stroke's change.
#[derive(Debug, Clone)]
enum Edit {
    /// Lines changed in place, each (its index, what it was, what it became): a stroke of paint
    /// keeps only its own lines, however far apart its mirrored images are.
    Lines(Vec<(usize, Line, Line)>),
    /// Lines `at..at + was.len()` became `now` (lines came or went).
    Region { at: usize, was: Vec<Line>, now: Vec<Line> },
}

/// The most strokes kept for undo (each keeps only the lines it changed).
const UNDO_DEPTH: usize = 500;

/// A sheet being edited: strokes, undone and redone a stroke at a time.
#[derive(Debug, Clone)]
pub struct Editor {
    sheet: Sheet,
    done: Vec<Edit>,
    undone: Vec<Edit>,
    /// The lines as the stroke being made found them (the mouse button held).
    before: Option<Vec<Line>>,
    /// The text as last saved (or opened).
    saved: String,
    /// Counts every change, so a view knows when to look again.
    revision: u64,
}

impl Editor {
    pub fn new(sheet: Sheet) -> Self {
        let saved = sheet.text();
        Self { sheet, done: Vec::new(), undone: Vec::new(), before: None, saved, revision: 0 }
    }

    pub fn sheet(&self) -> &Sheet {
        &self.sheet
    }

    pub fn text(&self) -> String {
        self.sheet.text()
    }

    /// Changes with every edit, undo and redo.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Whether the text differs from what was last saved.
    pub fn changed(&self) -> bool {
        self.sheet.text() != self.saved
    }

    /// The text was saved.
    pub fn saved(&mut self) {
        self.saved = self.sheet.text();
    }

    /// The stroke's lines before it changed any, kept once at its first change.
    fn touch(&mut self) -> &mut Vec<Line> {
        if self.before.is_none() {
            self.before = Some(self.sheet.lines.clone());
        }
        self.revision += 1;
        &mut self.sheet.lines
    }

    /// Sets cell `x` of line `y`, when the line has it.
    pub fn set(&mut self, x: usize, y: usize, c: char) {
        if self.sheet.get(x, y).is_some_and(|was| was != c) {
            self.touch()[y].cells[x] = c;
        }
    }

    /// Paints around board cell (x, y): a square brush of `brush` cells, repeated by
    /// `symmetry`; the k-th image of the cell gets `cell(k)` (a start's letter goes on: A, B,
    /// C, D).
    pub fn paint(&mut self, board: Board, x: usize, y: usize, brush: usize, symmetry: Symmetry, cell: impl Fn(usize) -> char) {
        for (k, (ix, iy)) in places(board, (x, y), brush, symmetry) {
            self.set(ix, board.first + iy, cell(k));
        }
    }

    /// Line `y` becomes `text` (its ending kept).
    pub fn replace_line(&mut self, y: usize, text: &str) {
        if self.sheet.line(y).is_some_and(|was| was != text) {
            self.touch()[y].cells = text.chars().collect();
        }
    }

    /// A new line `text` before line `y` (at the end when `y` is the number of lines); a last
    /// line without an ending gets one first.
    pub fn insert_line(&mut self, y: usize, text: &str) {
        let lines = self.touch();
        let y = y.min(lines.len());
        if y == lines.len()
            && let Some(last) = lines.last_mut()
            && last.end.is_empty()
        {
            last.end = "\n".into();
        }
        lines.insert(y, Line::new(text));
    }

    pub fn remove_line(&mut self, y: usize) {
        if y < self.sheet.height() {
            self.touch().remove(y);
        }
    }

    /// The whole file becomes `text`, as part of the stroke (a format whose cells are not its
    /// characters: a JSON problem written anew); undo keeps only the lines that changed.
    pub fn rewrite(&mut self, text: &str) {
        if self.sheet.text() != text {
            *self.touch() = Sheet::parse(text).lines;
        }
    }

    /// The whole file becomes `text` (a random fill): one stroke.
    pub fn replace_all(&mut self, text: &str) {
        self.end_stroke();
        self.rewrite(text);
        self.end_stroke();
    }

    /// The stroke is over (the button let go): one step of undo, keeping the lines it changed.
    pub fn end_stroke(&mut self) {
        let Some(before) = self.before.take() else { return };
        let now = &self.sheet.lines;
        let prefix = before.iter().zip(now).take_while(|(a, b)| a == b).count();
        let suffix = before[prefix..].iter().rev().zip(now[prefix..].iter().rev()).take_while(|(a, b)| a == b).count();
        if prefix + suffix == before.len() && before.len() == now.len() {
            return;
        }
        let edit = if before.len() == now.len() {
            let changed = (prefix..now.len() - suffix).filter(|&y| before[y] != now[y]);
            Edit::Lines(changed.map(|y| (y, before[y].clone(), now[y].clone())).collect())
        } else {
            Edit::Region { at: prefix, was: before[prefix..before.len() - suffix].to_vec(), now: now[prefix..now.len() - suffix].to_vec() }
        };
        self.done.push(edit);
        if self.done.len() > UNDO_DEPTH {
            self.done.remove(0);
        }
        self.undone.clear();
    }

    pub fn undo(&mut self) -> bool {
        self.end_stroke();
        let Some(edit) = self.done.pop() else { return false };
        self.apply(&edit, true);
        self.undone.push(edit);
        self.revision += 1;
        true
    }

    pub fn redo(&mut self) -> bool {
        self.end_stroke();
        let Some(edit) = self.undone.pop() else { return false };
        self.apply(&edit, false);
        self.done.push(edit);
        self.revision += 1;
        true
    }

    /// Puts an edit's lines back as they were (`back`) or as it made them.
    fn apply(&mut self, edit: &Edit, back: bool) {
        match edit {
            Edit::Lines(lines) => {
                for (y, was, now) in lines {
                    self.sheet.lines[*y] = if back { was } else { now }.clone();
                }
            }
            Edit::Region { at, was, now } => {
                let (from, to) = if back { (now, was) } else { (was, now) };
                self.sheet.lines.splice(*at..at + from.len(), to.iter().cloned());
            }
        }
    }

    pub fn can_undo(&self) -> bool {
        !self.done.is_empty() || self.before.is_some()
    }

    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_reads_and_writes_back_byte_for_byte() {
        for text in ["###\n# #\n###\n", "###\r\n# #\r\n###", "ab\n\ncd\n", "", "x", "é\u{1F40D}\n"] {
            assert_eq!(Sheet::parse(text).text(), text, "{text:?}");
        }
        let s = Sheet::parse("###\n#A#\n###\n");
        assert_eq!((s.width(), s.height(), s.get(1, 1)), (3, 3, Some('A')));
        assert_eq!(Sheet::new(4, 3, ' ', '#').text(), "####\n#  #\n####\n");
    }

    #[test]
    fn strokes_paint_with_a_brush_and_symmetry_and_undo_whole() {
        let blank = Sheet::new(7, 5, ' ', '#');
        let board = Board::whole(&blank);
        let mut e = Editor::new(blank);
        e.paint(board, 1, 1, 1, Symmetry::Four, |k| ['A', 'B', 'C', 'D'][k]);
        e.end_stroke();
        assert_eq!(e.text(), "#######\n#A   B#\n#     #\n#C   D#\n#######\n");
        e.paint(board, 3, 2, 3, Symmetry::None, |_| '#');
        e.paint(board, 3, 2, 1, Symmetry::None, |_| '!');
        e.end_stroke();
        assert_eq!(e.text(), "#######\n#A###B#\n# #!# #\n#C###D#\n#######\n");
        assert!(e.undo());
        assert_eq!(e.text(), "#######\n#A   B#\n#     #\n#C   D#\n#######\n", "the whole stroke undone");
        assert!(e.redo());
        assert!(e.text().contains("#A###B#"));
        assert!(e.undo() && e.undo() && !e.undo());
        assert!(!e.changed(), "back to what was opened");
        assert_eq!(Symmetry::Rotate.images(1, 1, 5, 5), [Some((1, 1)), Some((3, 3))]);
        assert_eq!(Symmetry::Four.images(2, 2, 5, 5), [Some((2, 2)), None, None, None], "the centre is its own image");
        assert_eq!(Symmetry::Four.images(2, 0, 5, 5), [Some((2, 0)), None, Some((2, 4)), None]);
    }

    #[test]
    fn a_board_below_a_comment_is_painted_where_it_is_and_lines_come_and_go() {
        let text = "# four seats\n....\n....\nsnake 0 0\n";
        let mut e = Editor::new(Sheet::parse(text));
        let board = Board { first: 1, cols: 4, rows: 2 };
        e.paint(board, 0, 0, 1, Symmetry::Rotate, |_| 'p');
        e.insert_line(4, "snake 3 1");
        e.end_stroke();
        assert_eq!(e.text(), "# four seats\np...\n...p\nsnake 0 0\nsnake 3 1\n");
        e.replace_line(3, "snake 0 0 1 0");
        e.remove_line(4);
        e.end_stroke();
        assert_eq!(e.text(), "# four seats\np...\n...p\nsnake 0 0 1 0\n");
        assert!(e.undo());
        assert_eq!(e.text(), "# four seats\np...\n...p\nsnake 0 0\nsnake 3 1\n");
        assert!(e.undo() && !e.changed());
        assert!(e.redo() && e.redo());
        assert_eq!(e.text(), "# four seats\np...\n...p\nsnake 0 0 1 0\n");
        // A line added after a last line without an ending.
        let mut e = Editor::new(Sheet::parse("ab"));
        e.insert_line(1, "cd");
        e.end_stroke();
        assert_eq!(e.text(), "ab\ncd\n");
        e.undo();
        assert_eq!(e.text(), "ab");
        e.replace_all("xyz\n");
        assert_eq!(e.text(), "xyz\n");
        assert!(e.undo() && e.text() == "ab");
    }
}
