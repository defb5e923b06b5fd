//! The map editor's document, knowing no game: a map file whose rows are cells of one character
//! each (lighthouses maps, snakecore maps, amazes mazes, osada settlements), edited in place.
//! Strokes paint cells (a brush of a size, mirrored or rotated for fair maps), undo and redo go
//! a stroke at a time, and the text is written back byte for byte: a row keeps its own line
//! ending, and whatever follows the rows is kept as it was.

/// A file of rows of character cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sheet {
    rows: Vec<Vec<char>>,
    /// Each row's line ending as the file had it ("\n", "\r\n", or "" for a last line without).
    ends: Vec<String>,
}

impl Sheet {
    /// The rows of `text`, each with its own ending.
    pub fn parse(text: &str) -> Sheet {
        let mut rows = Vec::new();
        let mut ends = Vec::new();
        let mut rest = text;
        while !rest.is_empty() {
            let (line, end, after) = match rest.find('\n') {
                Some(i) if rest[..i].ends_with('\r') => (&rest[..i - 1], "\r\n", &rest[i + 1..]),
                Some(i) => (&rest[..i], "\n", &rest[i + 1..]),
                None => (rest, "", ""),
            };
            rows.push(line.chars().collect());
            ends.push(end.to_string());
            rest = after;
        }
        Sheet { rows, ends }
    }

    /// A new sheet of `width` × `height` cells of `fill`, `border` all round.
    pub fn new(width: usize, height: usize, fill: char, border: char) -> Sheet {
        let rows = (0..height)
            .map(|y| (0..width).map(|x| if x == 0 || y == 0 || x + 1 == width || y + 1 == height { border } else { fill }).collect())
            .collect();
        Sheet { rows, ends: vec!["\n".to_string(); height] }
    }

    /// The file's text: each row with its ending.
    pub fn text(&self) -> String {
        self.rows.iter().zip(&self.ends).map(|(row, end)| row.iter().collect::<String>() + end).collect()
    }

    /// The number of rows (a file's last line ending makes no extra row).
    pub fn height(&self) -> usize {
        self.rows.len()
    }

    /// The width of the widest row.
    pub fn width(&self) -> usize {
        self.rows.iter().map(Vec::len).max().unwrap_or(0)
    }

    /// The cell in column `x` of row `y` (row 0 is the file's first line).
    pub fn get(&self, x: usize, y: usize) -> Option<char> {
        self.rows.get(y)?.get(x).copied()
    }

    /// Sets a cell that exists; returns what it was.
    fn set(&mut self, x: usize, y: usize, c: char) -> Option<char> {
        let cell = self.rows.get_mut(y)?.get_mut(x)?;
        Some(std::mem::replace(cell, c))
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

    /// Cell (x, y) and its images on a `width` × `height` sheet, (x, y) first, each once.
    pub fn images(self, x: usize, y: usize, width: usize, height: usize) -> Vec<(usize, usize)> {
        let (mx, my) = (width.saturating_sub(1 + x), height.saturating_sub(1 + y));
        let all = match self {
            Symmetry::None => vec![(x, y)],
            Symmetry::Mirror => vec![(x, y), (mx, y)],
            Symmetry::Flip => vec![(x, y), (x, my)],
            Symmetry::Rotate => vec![(x, y), (mx, my)],
            Symmetry::Four => vec![(x, y), (mx, y), (x, my), (mx, my)],
        };
        let mut once = Vec::new();
        for p in all {
            if !once.contains(&p) {
                once.push(p);
            }
        }
        once
    }
}

/// One cell changed: where, what it was, what it became.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Change {
    x: usize,
    y: usize,
    was: char,
    now: char,
}

/// A sheet being edited: strokes of paint, undone and redone a stroke at a time.
#[derive(Debug, Clone)]
pub struct Editor {
    sheet: Sheet,
    done: Vec<Vec<Change>>,
    undone: Vec<Vec<Change>>,
    /// The stroke being painted (the mouse button held).
    stroke: Option<Vec<Change>>,
    /// The text as last saved (or opened).
    saved: String,
}

impl Editor {
    pub fn new(sheet: Sheet) -> Self {
        let saved = sheet.text();
        Self { sheet, done: Vec::new(), undone: Vec::new(), stroke: None, saved }
    }

    pub fn sheet(&self) -> &Sheet {
        &self.sheet
    }

    pub fn text(&self) -> String {
        self.sheet.text()
    }

    /// Whether the text differs from what was last saved.
    pub fn changed(&self) -> bool {
        self.sheet.text() != self.saved
    }

    /// The text was saved.
    pub fn saved(&mut self) {
        self.saved = self.sheet.text();
    }

    /// Paints around (x, y): a square brush of `brush` cells, repeated by `symmetry`; the k-th
    /// image of the cell gets `cell(k)` (a start's letter goes on: A, B, C, D). Part of the
    /// stroke begun by the first paint since [`Editor::end_stroke`].
    pub fn paint(&mut self, x: usize, y: usize, brush: usize, symmetry: Symmetry, cell: impl Fn(usize) -> char) {
        let (width, height) = (self.sheet.width(), self.sheet.height());
        let reach = brush.max(1) - 1;
        let stroke = self.stroke.get_or_insert_with(Vec::new);
        for by in y.saturating_sub(reach / 2)..=(y + reach - reach / 2) {
            for bx in x.saturating_sub(reach / 2)..=(x + reach - reach / 2) {
                for (k, (ix, iy)) in symmetry.images(bx, by, width, height).into_iter().enumerate() {
                    let now = cell(k);
                    if let Some(was) = self.sheet.set(ix, iy, now)
                        && was != now
                    {
                        stroke.push(Change { x: ix, y: iy, was, now });
                    }
                }
            }
        }
    }

    /// The stroke is over (the button let go): one step of undo.
    pub fn end_stroke(&mut self) {
        if let Some(stroke) = self.stroke.take().filter(|s| !s.is_empty()) {
            self.done.push(stroke);
            self.undone.clear();
        }
    }

    pub fn undo(&mut self) -> bool {
        self.end_stroke();
        let Some(stroke) = self.done.pop() else { return false };
        for c in stroke.iter().rev() {
            self.sheet.set(c.x, c.y, c.was);
        }
        self.undone.push(stroke);
        true
    }

    pub fn redo(&mut self) -> bool {
        let Some(stroke) = self.undone.pop() else { return false };
        for c in &stroke {
            self.sheet.set(c.x, c.y, c.now);
        }
        self.done.push(stroke);
        true
    }

    pub fn can_undo(&self) -> bool {
        !self.done.is_empty() || self.stroke.as_ref().is_some_and(|s| !s.is_empty())
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
        for text in ["###\n# #\n###\n", "###\r\n# #\r\n###", "ab\n\ncd\n", "", "x"] {
            assert_eq!(Sheet::parse(text).text(), text, "{text:?}");
        }
        let s = Sheet::parse("###\n#A#\n###\n");
        assert_eq!((s.width(), s.height(), s.get(1, 1)), (3, 3, Some('A')));
        assert_eq!(Sheet::new(4, 3, ' ', '#').text(), "####\n#  #\n####\n");
    }

    #[test]
    fn strokes_paint_with_a_brush_and_symmetry_and_undo_whole() {
        let mut e = Editor::new(Sheet::new(7, 5, ' ', '#'));
        e.paint(1, 1, 1, Symmetry::Four, |k| ['A', 'B', 'C', 'D'][k]);
        e.end_stroke();
        assert_eq!(e.text(), "#######\n#A   B#\n#     #\n#C   D#\n#######\n");
        e.paint(3, 2, 3, Symmetry::None, |_| '#');
        e.paint(3, 2, 1, Symmetry::None, |_| '!');
        e.end_stroke();
        assert_eq!(e.text(), "#######\n#A###B#\n#  !  #\n#C###D#\n#######\n".replace("#  !  #", "# #!# #"));
        assert!(e.undo());
        assert_eq!(e.text(), "#######\n#A   B#\n#     #\n#C   D#\n#######\n", "the whole stroke undone");
        assert!(e.redo());
        assert!(e.text().contains("#A###B#"));
        assert!(e.undo() && e.undo() && !e.undo());
        assert!(!e.changed(), "back to what was opened");
        assert_eq!(Symmetry::Rotate.images(1, 1, 5, 5), [(1, 1), (3, 3)]);
        assert_eq!(Symmetry::Four.images(2, 2, 5, 5), [(2, 2)], "the centre is its own image");
    }
}
