//! The bots' drawing over a board, laid out for painting: dots and arrows as one mesh (thousands
//! of them tessellate as one shape, without anti-aliasing to work out), labels as places for the
//! painter's text. A crate of its own so that it is built optimised in every profile: up to
//! 10,000 shapes a bot are laid out on every frame that shows them.

use epaint::{Color32, Mesh, Pos2, Rect, Vec2};
use kibitz_core::drawing::{self, Dims, Drawn};

/// A place on the board, in the game's coordinates (x, y and, for fedrunek, z).
pub type At = [f32; 3];

/// One shape a bot drew; no colour is the bot's own.
#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    Dot { at: At, colour: Option<Color32> },
    Line { from: At, to: At, colour: Option<Color32> },
    Text { at: At, text: String },
}

/// What one turn's drawing lines say, read: the shapes for the board, and the rest for the
/// viewer's notes, charts, timeline and details.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Read {
    pub shapes: Vec<Shape>,
    pub notes: Vec<String>,
    pub values: Vec<(String, f64)>,
    pub marks: Vec<String>,
    pub tags: Vec<String>,
}

/// Reads a turn's recorded drawing lines (without the prefix) for a game of `dims`. They were
/// checked when recorded; one that does not read (an edited file) is left out, never a panic.
/// Here, optimised, since a turn may have 10,000 of them and a replay thousands of turns.
pub fn read(draw: &[String], dims: Dims) -> Read {
    let mut read = Read::default();
    let at = |p: drawing::Place| p.0.map(|v| v as f32);
    let rgb = |c: Option<drawing::Colour>| c.map(|[r, g, b]| Color32::from_rgb(r, g, b));
    for said in draw.iter().filter_map(|body| drawing::parse_body(body, dims).ok()) {
        match said.drawn {
            Drawn::Dot { at: p, colour } => read.shapes.push(Shape::Dot { at: at(p), colour: rgb(colour) }),
            Drawn::Line { from, to, colour } => read.shapes.push(Shape::Line { from: at(from), to: at(to), colour: rgb(colour) }),
            Drawn::Text { at: p, text } => read.shapes.push(Shape::Text { at: at(p), text }),
            Drawn::Note(text) => read.notes.push(text),
            Drawn::Value { name, value } => read.values.push((name, value)),
            Drawn::Mark(label) => read.marks.push(label),
            Drawn::Tag(tag) => read.tags.push(tag),
        }
    }
    read
}

/// How big the shapes are on the screen, and the drawing bot's colour.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    /// A dot's radius, in points.
    pub dot: f32,
    /// An arrow's width, in points.
    pub width: f32,
    pub own: Color32,
}

/// Adds the dots and arrows of `shapes` that show within `near` (screen points, by
/// `to_screen`) to `mesh`, and their labels, where they go and what they say, to `labels`.
/// Returns how many shapes show.
pub fn lay_out<'s>(
    shapes: &'s [Shape],
    to_screen: &dyn Fn(At) -> Option<Pos2>,
    near: Rect,
    style: Style,
    mesh: &mut Mesh,
    labels: &mut Vec<(Pos2, &'s str)>,
) -> usize {
    let mut shown = 0;
    for shape in shapes {
        match shape {
            Shape::Dot { at, colour } => {
                let Some(p) = to_screen(*at).filter(|p| near.contains(*p)) else { continue };
                dot(mesh, p, style.dot, with_alpha(colour.unwrap_or(style.own), 220));
            }
            Shape::Line { from, to, colour } => {
                let (Some(a), Some(b)) = (to_screen(*from), to_screen(*to)) else { continue };
                if !near.intersects(Rect::from_two_pos(a, b)) {
                    continue;
                }
                arrow(mesh, a, b, style.width, colour.unwrap_or(style.own));
            }
            Shape::Text { at, text } => {
                let Some(p) = to_screen(*at).filter(|p| near.contains(*p)) else { continue };
                labels.push((p, text));
            }
        }
        shown += 1;
    }
    shown
}

fn with_alpha(color: Color32, alpha: u8) -> Color32 {
    Color32::from_rgba_unmultiplied(color.r(), color.g(), color.b(), alpha)
}

/// The corners of an octagon of radius 1, and of a square for dots too small to tell apart.
const OCTAGON: [Vec2; 8] = {
    const C: f32 = 0.923_88; // cos 22.5°
    const S: f32 = 0.382_68; // sin 22.5°
    [
        Vec2::new(C, S),
        Vec2::new(S, C),
        Vec2::new(-S, C),
        Vec2::new(-C, S),
        Vec2::new(-C, -S),
        Vec2::new(-S, -C),
        Vec2::new(S, -C),
        Vec2::new(C, -S),
    ]
};
const SQUARE: [Vec2; 4] = [Vec2::new(0.8, 0.8), Vec2::new(-0.8, 0.8), Vec2::new(-0.8, -0.8), Vec2::new(0.8, -0.8)];

/// A dot: a filled octagon, or a square when small, at a few vertices whatever its size.
fn dot(mesh: &mut Mesh, centre: Pos2, radius: f32, color: Color32) {
    let corners: &[Vec2] = if radius < 5.0 { &SQUARE } else { &OCTAGON };
    let base = mesh.vertices.len() as u32;
    for &c in corners {
        mesh.colored_vertex(centre + c * radius, color);
    }
    for i in 1..corners.len() as u32 - 1 {
        mesh.add_triangle(base, base + i, base + i + 1);
    }
}

/// A line from `a` to `b` with a head at `b`: where the bot means to go.
fn arrow(mesh: &mut Mesh, a: Pos2, b: Pos2, width: f32, color: Color32) {
    let along = b - a;
    let length = along.length();
    if length < 0.5 {
        return;
    }
    let unit = along / length;
    let normal = Vec2::new(-unit.y, unit.x);
    let head = (width * 4.0).min(length * 0.4);
    let end = b - unit * head * 0.8;
    let half = normal * width / 2.0;
    let base = mesh.vertices.len() as u32;
    for p in [a + half, a - half, end - half, end + half] {
        mesh.colored_vertex(p, color);
    }
    mesh.add_triangle(base, base + 1, base + 2);
    mesh.add_triangle(base, base + 2, base + 3);
    let side = normal * head * 0.6;
    let back = b - unit * head;
    for p in [b, back + side, back - side] {
        mesh.colored_vertex(p, color);
    }
    mesh.add_triangle(base + 4, base + 5, base + 6);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn style() -> Style {
        Style { dot: 6.0, width: 2.0, own: Color32::RED }
    }

    #[test]
    fn shapes_are_laid_out_where_the_board_puts_them_and_only_near_it() {
        let shapes = vec![
            Shape::Dot { at: [1.0, 1.0, 0.0], colour: None },
            Shape::Dot { at: [50.0, 1.0, 0.0], colour: None },
            Shape::Line { from: [0.0, 0.0, 0.0], to: [2.0, 0.0, 0.0], colour: Some(Color32::BLUE) },
            Shape::Text { at: [2.0, 2.0, 0.0], text: "here".into() },
        ];
        let to_screen = |[x, y, _]: At| Some(Pos2::new(x * 10.0, y * 10.0));
        let near = Rect::from_min_size(Pos2::ZERO, Vec2::splat(100.0));
        let (mut mesh, mut labels) = (Mesh::default(), Vec::new());
        assert_eq!(lay_out(&shapes, &to_screen, near, style(), &mut mesh, &mut labels), 3, "the dot at x = 500 is off the board");
        assert_eq!(mesh.vertices.len(), 8 + 7, "an octagon and an arrow");
        assert!(mesh.vertices[..8].iter().all(|v| (v.pos - Pos2::new(10.0, 10.0)).length() <= 6.01));
        assert_eq!(mesh.vertices[8].color, Color32::BLUE);
        assert_eq!(mesh.vertices[12].pos, Pos2::new(20.0, 0.0), "the arrow's head at its end");
        assert_eq!(labels, vec![(Pos2::new(20.0, 20.0), "here")]);
        assert!(mesh.is_valid());
    }

    #[test]
    fn a_turns_lines_are_read_into_shapes_and_the_rest() {
        let draw: Vec<String> =
            ["dot 1 2 red", "line 0 0 1 1", "text 3 3 hi", "note n", "value v 2", "mark m", "tag t", "dot x"].map(String::from).to_vec();
        let read = read(&draw, Dims::Two);
        assert_eq!(read.shapes.len(), 3, "the one that does not read is left out");
        assert_eq!(read.shapes[0], Shape::Dot { at: [1.0, 2.0, 0.0], colour: Some(Color32::from_rgb(230, 60, 60)) });
        assert_eq!(
            (read.notes, read.values, read.marks, read.tags),
            (vec!["n".into()], vec![("v".into(), 2.0)], vec!["m".into()], vec!["t".into()])
        );
    }

    #[test]
    fn places_the_board_cannot_show_are_left_out() {
        let shapes = vec![Shape::Dot { at: [1.0, 1.0, 1.0], colour: None }, Shape::Line { from: [0.0; 3], to: [1.0; 3], colour: None }];
        let (mut mesh, mut labels) = (Mesh::default(), Vec::new());
        let near = Rect::EVERYTHING;
        assert_eq!(lay_out(&shapes, &|_| None, near, style(), &mut mesh, &mut labels), 0);
        assert!(mesh.is_empty());
    }
}
