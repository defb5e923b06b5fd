//! Integer geometry of lasers and triangles: exact, no floating point.

use crate::map::Pos;

/// Twice the signed area of (a, b, c): positive when counter-clockwise (y up).
pub fn orient2d(a: Pos, b: Pos, c: Pos) -> i64 {
    let (ax, ay, bx, by, cx, cy) = (a.0 as i64, a.1 as i64, b.0 as i64, b.1 as i64, c.0 as i64, c.1 as i64);
    (bx - ax) * (cy - ay) - (cx - ax) * (by - ay)
}

/// Whether segments a–b and c–d properly cross: each strictly separates the other's endpoints.
/// Sharing an endpoint, or merely touching, is not a crossing.
pub fn segments_cross(a: Pos, b: Pos, c: Pos, d: Pos) -> bool {
    orient2d(c, d, a) * orient2d(c, d, b) < 0 && orient2d(a, b, c) * orient2d(a, b, d) < 0
}

/// Whether `p` lies exactly on segment a–b, endpoints excluded.
pub fn strictly_on_segment(a: Pos, b: Pos, p: Pos) -> bool {
    p != a && p != b && orient2d(a, b, p) == 0 && a.0.min(b.0) <= p.0 && p.0 <= a.0.max(b.0) && a.1.min(b.1) <= p.1 && p.1 <= a.1.max(b.1)
}

/// The cells whose centres a triangle covers, by OpenGL's top-left rule with y up: a centre
/// strictly inside counts, and so does one on a left edge or a top edge (oriented
/// counter-clockwise, a left edge goes downwards and a top edge is horizontal going leftwards).
/// Degenerate triangles cover nothing. Cells come row by row from the bottom.
pub fn triangle_cells(v: [Pos; 3]) -> Vec<Pos> {
    let [mut a, mut b, c] = v;
    let area = orient2d(a, b, c);
    if area == 0 {
        return Vec::new();
    }
    if area < 0 {
        std::mem::swap(&mut a, &mut b);
    }
    // Top and left edges include their centres (bias 0); the others exclude them (bias −1).
    let bias = |p: Pos, q: Pos| if (p.1 == q.1 && p.0 > q.0) || p.1 > q.1 { 0 } else { -1 };
    let (bias_bc, bias_ca, bias_ab) = (bias(b, c), bias(c, a), bias(a, b));
    let (x0, x1) = (a.0.min(b.0).min(c.0), a.0.max(b.0).max(c.0));
    let (y0, y1) = (a.1.min(b.1).min(c.1), a.1.max(b.1).max(c.1));
    let mut cells = Vec::new();
    for y in y0..=y1 {
        for x in x0..=x1 {
            let p = Pos(x, y);
            if orient2d(b, c, p) + bias_bc >= 0 && orient2d(c, a, p) + bias_ca >= 0 && orient2d(a, b, p) + bias_ab >= 0 {
                cells.push(p);
            }
        }
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture(cells: &[Pos], w: i32, h: i32) -> String {
        (0..h)
            .rev()
            .map(|y| (0..w).map(|x| if cells.contains(&Pos(x, y)) { '#' } else { '.' }).collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn orientation_signs() {
        assert!(orient2d(Pos(0, 0), Pos(1, 0), Pos(0, 1)) > 0);
        assert!(orient2d(Pos(0, 0), Pos(0, 1), Pos(1, 0)) < 0);
        assert_eq!(orient2d(Pos(0, 0), Pos(2, 2), Pos(5, 5)), 0);
    }

    #[test]
    fn crossing_needs_strict_separation() {
        assert!(segments_cross(Pos(0, 0), Pos(2, 2), Pos(2, 1), Pos(1, 2)));
        assert!(segments_cross(Pos(0, 0), Pos(4, 4), Pos(4, 0), Pos(0, 4)));
        // Shared endpoint.
        assert!(!segments_cross(Pos(0, 0), Pos(4, 4), Pos(4, 4), Pos(8, 0)));
        // T-junction: an endpoint on the other segment only touches.
        assert!(!segments_cross(Pos(0, 0), Pos(4, 0), Pos(2, 0), Pos(2, 3)));
        // Collinear overlap is not a proper crossing.
        assert!(!segments_cross(Pos(0, 0), Pos(4, 0), Pos(2, 0), Pos(6, 0)));
        // Parallel, apart.
        assert!(!segments_cross(Pos(0, 0), Pos(4, 0), Pos(0, 1), Pos(4, 1)));
        // The pairs from the original engine's self-test.
        assert!(!segments_cross(Pos(0, 0), Pos(2, 2), Pos(4, 1), Pos(1, 4)));
        assert!(!segments_cross(Pos(0, 0), Pos(2, 2), Pos(3, 1), Pos(1, 3)));
        assert!(segments_cross(Pos(0, 0), Pos(3, 3), Pos(3, 1), Pos(1, 3)));
    }

    #[test]
    fn a_third_point_on_the_segment() {
        assert!(strictly_on_segment(Pos(1, 1), Pos(5, 3), Pos(3, 2)));
        assert!(!strictly_on_segment(Pos(1, 1), Pos(5, 3), Pos(7, 4)), "collinear but beyond the end");
        assert!(!strictly_on_segment(Pos(1, 1), Pos(5, 3), Pos(5, 3)), "an endpoint");
        assert!(!strictly_on_segment(Pos(1, 1), Pos(5, 3), Pos(3, 3)), "near but off the line");
    }

    #[test]
    fn right_triangle_bottom_left_keeps_left_and_bottom_drops_hypotenuse_ties() {
        // (0,0),(5,0),(0,5): the left edge x=0 counts (going down), the bottom edge does not
        // (it goes rightwards), the hypotenuse goes up-left: not left, not top.
        let cells = triangle_cells([Pos(0, 0), Pos(5, 0), Pos(0, 5)]);
        assert_eq!(picture(&cells, 6, 6), ["......", "#.....", "##....", "###...", "####..", "......"].join("\n"));
    }

    #[test]
    fn right_triangle_top_right_keeps_top_edge_and_its_left_hypotenuse() {
        // Counter-clockwise: (5,0)→(5,5) is a right edge, (5,5)→(0,5) the top edge, and the
        // hypotenuse (0,5)→(5,0) goes downwards, so it is a left edge and its centres count.
        let cells = triangle_cells([Pos(5, 5), Pos(5, 0), Pos(0, 5)]);
        assert_eq!(picture(&cells, 6, 6), ["#####.", ".####.", "..###.", "...##.", "....#.", "......"].join("\n"));
    }

    #[test]
    fn vertex_order_does_not_matter() {
        let a = triangle_cells([Pos(1, 1), Pos(7, 2), Pos(3, 6)]);
        for v in [[Pos(7, 2), Pos(3, 6), Pos(1, 1)], [Pos(3, 6), Pos(7, 2), Pos(1, 1)], [Pos(1, 1), Pos(3, 6), Pos(7, 2)]] {
            assert_eq!(triangle_cells(v), a);
        }
    }

    #[test]
    fn degenerate_triangles_light_nothing() {
        assert!(triangle_cells([Pos(0, 0), Pos(2, 2), Pos(4, 4)]).is_empty());
    }

    #[test]
    fn two_triangles_sharing_an_edge_light_each_centre_once() {
        // A square split along its diagonal: every centre of the square is lit exactly once.
        let (a, b, c, d) = (Pos(0, 0), Pos(6, 0), Pos(6, 6), Pos(0, 6));
        let mut both = triangle_cells([a, b, c]);
        both.extend(triangle_cells([a, c, d]));
        both.sort();
        let mut unique = both.clone();
        unique.dedup();
        assert_eq!(both.len(), unique.len(), "no centre lit twice");
        // Of the 7×7 centres, the shared diagonal counts once and only two of the four outer
        // edges (left and top) count.
        assert_eq!(both.len(), 36);
    }
}
