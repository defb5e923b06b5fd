//! A board of square cells on the screen, for the 2D views: fit to the board's rectangle with
//! the shell's pan and zoom (and, for a close look, a cell to centre on), the cell under the
//! pointer, the cells inside the visible rectangle (a view draws only those), and a texture
//! layer for a board that is a field of cells: one pixel a cell, one image for the whole board,
//! rewritten only where cells change. Cells count from 0 here; a game adds its own origin.

use crate::kit::contract::thinking::BoardSpace;
use crate::kit::contract::view::BoardCamera;
use bevy_egui::egui::{self, Color32, Pos2, Rect, Vec2};
use std::ops::Range;

/// Where a `cols` × `rows` board sits in a frame.
#[derive(Debug, Clone, Copy)]
pub struct Grid {
    pub cols: usize,
    pub rows: usize,
    /// The screen position of cell (0, 0)'s top left corner.
    pub origin: Pos2,
    /// Points per cell.
    pub cell: f32,
    /// The part of the screen the board is drawn in.
    pub clip: Rect,
}

impl Grid {
    /// The board fit to `rect` (a small margin around it), zoomed and panned by `camera`; the
    /// camera's `centre` (a point of the board, in cells) is at the middle of `rect` before the
    /// pan, else the board's own middle.
    pub fn fit(rect: Rect, camera: &BoardCamera, cols: usize, rows: usize) -> Grid {
        let span = Vec2::new(cols.max(1) as f32, rows.max(1) as f32);
        let cell = (rect.width() / span.x).min(rect.height() / span.y) * 0.96 * camera.zoom;
        let centre = camera.centre.unwrap_or(span / 2.0);
        Grid { cols, rows, origin: rect.center() - centre * cell + camera.pan, cell, clip: rect }
    }

    /// A point of the board (in cells: (0, 0) is cell (0, 0)'s top left corner) on the screen:
    /// for a board whose pieces sit between cells or off their centres (a graph's vertices).
    pub fn point(&self, p: Vec2) -> Pos2 {
        self.origin + p * self.cell
    }

    /// Where the bots' drawing goes on this board: a place (x, y) is cell (x, y), its whole
    /// numbers the cell's middle, fractions between cells; `from` is the game's first cell
    /// (1 for a board counted from 1).
    pub fn space(self, from: f32) -> BoardSpace {
        BoardSpace { to_screen: Box::new(move |_, [x, y, _]| Some(self.point(Vec2::new(x - from + 0.5, y - from + 0.5)))), cell: self.cell }
    }

    /// [`Grid::space`] of a board whose y counts up from its bottom row (lighthouses').
    pub fn space_upwards(self) -> BoardSpace {
        let rows = self.rows as f32;
        BoardSpace { to_screen: Box::new(move |_, [x, y, _]| Some(self.point(Vec2::new(x + 0.5, rows - y - 0.5)))), cell: self.cell }
    }

    /// The point of the board (in cells) at a screen position.
    pub fn board_point(&self, screen: Pos2) -> Vec2 {
        (screen - self.origin) / self.cell
    }

    /// Whether any of the line from `a` to `b` (screen points) can show: its bounding box meets
    /// the clip rectangle. A board of lines draws only those.
    pub fn shows_line(&self, a: Pos2, b: Pos2) -> bool {
        self.clip.intersects(Rect::from_two_pos(a, b))
    }

    /// The top left corner of cell (x, y).
    pub fn corner(&self, x: usize, y: usize) -> Pos2 {
        self.origin + Vec2::new(x as f32, y as f32) * self.cell
    }

    pub fn centre(&self, x: usize, y: usize) -> Pos2 {
        self.corner(x, y) + Vec2::splat(self.cell / 2.0)
    }

    /// Cell (x, y) on the screen.
    pub fn cell_rect(&self, x: usize, y: usize) -> Rect {
        Rect::from_min_size(self.corner(x, y), Vec2::splat(self.cell))
    }

    /// The whole board on the screen.
    pub fn board(&self) -> Rect {
        Rect::from_min_size(self.origin, Vec2::new(self.cols as f32, self.rows as f32) * self.cell)
    }

    /// The cell at a screen position, if on the board.
    pub fn cell_at(&self, p: Pos2) -> Option<(usize, usize)> {
        let v = self.board_point(p);
        let (x, y) = (v.x.floor(), v.y.floor());
        (x >= 0.0 && y >= 0.0 && (x as usize) < self.cols && (y as usize) < self.rows).then_some((x as usize, y as usize))
    }

    /// The columns and rows of the cells that show in the clip rectangle.
    pub fn visible(&self) -> (Range<usize>, Range<usize>) {
        let low = (self.clip.min - self.origin) / self.cell;
        let high = (self.clip.max - self.origin) / self.cell;
        let span = |lo: f32, hi: f32, n: usize| (lo.floor().max(0.0) as usize).min(n)..(hi.ceil().max(0.0) as usize).min(n);
        (span(low.x, high.x, self.cols), span(low.y, high.y, self.rows))
    }

    /// Whether cell (x, y) shows.
    pub fn shows(&self, x: usize, y: usize) -> bool {
        let (xs, ys) = self.visible();
        xs.contains(&x) && ys.contains(&y)
    }

    /// Cells per group when units are drawn grouped: 1 while a cell is at least `least` points
    /// wide, else as many as make a group that wide.
    pub fn group(&self, least: f32) -> usize {
        if self.cell >= least { 1 } else { (least / self.cell).ceil() as usize }
    }
}

/// A board's cells as one texture, one pixel a cell (nearest filtering: sharp cells at any
/// zoom). Only the rectangle around the cells that changed is sent again.
#[derive(Default)]
pub struct CellTexture {
    name: &'static str,
    size: [usize; 2],
    pixels: Vec<Color32>,
    handle: Option<egui::TextureHandle>,
}

impl CellTexture {
    pub fn new(name: &'static str) -> Self {
        Self { name, ..Self::default() }
    }

    /// Sets every cell to `color(x, y)`; only the cells whose colour changed are sent to the
    /// renderer (all of them the first time, or when the size changes).
    pub fn paint(&mut self, ctx: &egui::Context, cols: usize, rows: usize, color: impl Fn(usize, usize) -> Color32) {
        let fresh = self.handle.is_none() || self.size != [cols, rows];
        if fresh {
            self.size = [cols, rows];
            self.pixels = (0..rows).flat_map(|y| (0..cols).map(move |x| (x, y))).map(|(x, y)| color(x, y)).collect();
            let image = egui::ColorImage::new(self.size, self.pixels.clone());
            self.handle = Some(ctx.load_texture(self.name, image, egui::TextureOptions::NEAREST));
            return;
        }
        let (mut low, mut high) = ([usize::MAX; 2], [0usize; 2]);
        for y in 0..rows {
            for x in 0..cols {
                let c = color(x, y);
                let old = &mut self.pixels[y * cols + x];
                if *old != c {
                    *old = c;
                    (low, high) = ([low[0].min(x), low[1].min(y)], [high[0].max(x + 1), high[1].max(y + 1)]);
                }
            }
        }
        if low[0] == usize::MAX {
            return;
        }
        let [w, h] = [high[0] - low[0], high[1] - low[1]];
        let part: Vec<Color32> =
            (low[1]..high[1]).flat_map(|y| self.pixels[y * cols + low[0]..y * cols + high[0]].iter().copied()).collect();
        if let Some(handle) = &mut self.handle {
            handle.set_partial(low, egui::ColorImage::new([w, h], part), egui::TextureOptions::NEAREST);
        }
    }

    /// Draws the texture over the board.
    pub fn draw(&self, painter: &egui::Painter, grid: &Grid) {
        if let Some(handle) = &self.handle {
            painter.image(handle.id(), grid.board(), Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0)), Color32::WHITE);
        }
    }

    /// Whether it has been painted.
    pub fn is_painted(&self) -> bool {
        self.handle.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_grid_fits_finds_the_cell_under_a_point_and_knows_what_shows() {
        let rect = Rect::from_min_size(Pos2::new(100.0, 50.0), Vec2::new(400.0, 200.0));
        let grid = Grid::fit(rect, &BoardCamera::default(), 10, 10);
        // 200 high: 19.2 points a cell, centred.
        assert!((grid.cell - 19.2).abs() < 1e-4);
        assert_eq!(grid.cell_at(grid.centre(3, 7)), Some((3, 7)));
        assert_eq!(grid.cell_at(grid.origin - Vec2::splat(1.0)), None);
        assert_eq!(grid.visible(), (0..10, 0..10));
        // Zoomed in 4× on cell (8, 2): it sits at the middle, and a few cells around it show.
        let zoomed = Grid::fit(rect, &BoardCamera { zoom: 4.0, centre: Some(Vec2::new(8.5, 2.5)), ..BoardCamera::default() }, 10, 10);
        assert_eq!(zoomed.cell_at(rect.center()), Some((8, 2)));
        let (xs, ys) = zoomed.visible();
        assert!(xs.contains(&8) && ys.contains(&2) && !xs.contains(&0) && ys.len() <= 4, "{xs:?} {ys:?}");
        assert!(zoomed.shows(8, 2) && !zoomed.shows(0, 9));
        assert_eq!(zoomed.board_point(zoomed.point(Vec2::new(8.25, 2.75))), Vec2::new(8.25, 2.75));
        assert!(zoomed.shows_line(zoomed.centre(0, 2), zoomed.centre(9, 2)), "a line across the view, both ends off it");
        assert!(!zoomed.shows_line(zoomed.centre(0, 9), zoomed.centre(1, 9)));
        assert_eq!((zoomed.group(3.0), Grid { cell: 0.7, ..grid }.group(3.0)), (1, 5));
    }

    #[test]
    fn zooming_keeps_the_board_point_under_the_pointer_or_the_views_middle_where_it_was() {
        let rect = Rect::from_min_size(Pos2::new(100.0, 50.0), Vec2::new(800.0, 500.0));
        let close = |a: Vec2, b: Vec2| (a - b).length() < 1e-3;
        // Panned (a mast dragged to the middle) and centred on a place, as a look does.
        let mut camera = BoardCamera { pan: Vec2::new(-130.0, 42.0), centre: Some(Vec2::new(300.0, 80.0)), ..BoardCamera::default() };
        for (factor, pointer) in
            [(1.25, Pos2::new(700.0, 120.0)), (1.25, Pos2::new(700.0, 120.0)), (0.8, Pos2::new(150.0, 500.0)), (3.0, rect.center())]
        {
            let before = Grid::fit(rect, &camera, 512, 512).board_point(pointer);
            camera.zoom_about(factor, pointer - rect.center());
            let after = Grid::fit(rect, &camera, 512, 512).board_point(pointer);
            assert!(close(before, after), "{before:?} moved to {after:?} at zoom {}", camera.zoom);
        }
        // The keys zoom about the middle; at the limits nothing moves either.
        let middle = Grid::fit(rect, &camera, 512, 512).board_point(rect.center());
        for _ in 0..40 {
            camera.zoom_about(1.25, Vec2::ZERO);
        }
        assert_eq!(camera.zoom, 20.0);
        assert!(close(Grid::fit(rect, &camera, 512, 512).board_point(rect.center()), middle));
    }

    #[test]
    fn a_texture_sends_again_only_what_changed() {
        let ctx = egui::Context::default();
        let mut texture = CellTexture::new("test");
        let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
            texture.paint(ui.ctx(), 4, 3, |_, _| Color32::BLACK);
            texture.paint(ui.ctx(), 4, 3, |_, _| Color32::BLACK);
            texture.paint(ui.ctx(), 4, 3, |x, y| if (x, y) == (2, 1) { Color32::RED } else { Color32::BLACK });
        });
        // The font atlas is texture 0.
        let sets: Vec<_> = output
            .textures_delta
            .set
            .iter()
            .filter(|(id, _)| **id != egui::TextureId::default())
            .flat_map(|(_, deltas)| deltas.iter().map(|d| (d.pos, d.image.size())))
            .collect();
        output.textures_delta.clear();
        assert_eq!(sets, [(None, [4, 3]), (Some([2, 1]), [1, 1])], "the whole image once, then the one cell");
        assert!(texture.is_painted());
    }
}
