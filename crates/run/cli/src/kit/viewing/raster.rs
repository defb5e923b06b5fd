//! Pictures drawn with egui's painter without a window or a GPU: a headless egui frame, its
//! shapes tessellated as the renderer would, and the triangles filled here, pixel by pixel, into
//! a PNG. For charts that a command writes (`kibitz tournament standings --chart`), where a
//! window would be too much and a plotting library a second way to draw.

use egui::{self, Color32, Pos2, Rect, Vec2};
use std::collections::HashMap;
use std::path::Path;

/// An RGBA picture, rows top down.
pub struct Picture {
    pub width: usize,
    pub height: usize,
    pub pixels: Vec<Color32>,
}

impl Picture {
    pub fn at(&self, x: usize, y: usize) -> Color32 {
        self.pixels[y * self.width + x]
    }

    pub fn save_png(&self, path: &Path) -> Result<(), String> {
        let bytes: Vec<u8> = self.pixels.iter().flat_map(|c| c.to_srgba_unmultiplied()).collect();
        let image = image::RgbaImage::from_raw(self.width as u32, self.height as u32, bytes).ok_or("a picture of the wrong size")?;
        image.save(path).map_err(|e| format!("cannot write {}: {e}", path.display()))
    }
}

/// Draws `paint` on a `width` × `height` picture (points are pixels) over `background`.
pub fn draw(width: usize, height: usize, background: Color32, paint: impl FnMut(&mut egui::Ui)) -> Picture {
    let ctx = egui::Context::default();
    let screen = Rect::from_min_size(Pos2::ZERO, Vec2::new(width as f32, height as f32));
    let input = egui::RawInput { screen_rect: Some(screen), ..Default::default() };
    let mut paint = paint;
    // Fonts are laid out in the first frame; the second draws with them. The font atlas comes
    // whole in the first frame's textures, and in parts after.
    let mut first = ctx.run_ui(input.clone(), |ui| paint(ui));
    let mut output = ctx.run_ui(input, |ui| paint(ui));
    let primitives = ctx.tessellate(std::mem::take(&mut output.shapes), 1.0);
    let mut textures: HashMap<egui::TextureId, egui::ColorImage> = HashMap::new();
    let deltas = [std::mem::take(&mut first.textures_delta.set), std::mem::take(&mut output.textures_delta.set)];
    for (id, delta) in deltas.into_iter().flatten().flat_map(|(id, deltas)| deltas.into_iter().map(move |d| (id, d))) {
        let egui::ImageData::Color(image) = &delta.image;
        match (delta.pos, textures.get_mut(&id)) {
            (Some([x0, y0]), Some(whole)) => {
                let width = whole.width();
                for y in 0..image.height() {
                    for x in 0..image.width() {
                        whole.pixels[(y0 + y) * width + x0 + x] = image.pixels[y * image.width() + x];
                    }
                }
            }
            _ => {
                textures.insert(id, (**image).clone());
            }
        }
    }
    let mut picture = Picture { width, height, pixels: vec![background; width * height] };
    for clipped in primitives {
        if let egui::epaint::Primitive::Mesh(mesh) = clipped.primitive {
            let texture = textures.get(&mesh.texture_id);
            for tri in mesh.indices.chunks_exact(3) {
                let v = [mesh.vertices[tri[0] as usize], mesh.vertices[tri[1] as usize], mesh.vertices[tri[2] as usize]];
                fill(&mut picture, clipped.clip_rect, v, texture);
            }
        }
    }
    picture
}

/// Fills one triangle, each pixel whose centre it holds: its vertices' colours and texture
/// blended by where the centre lies, laid over the picture (premultiplied alpha, as egui paints).
fn fill(picture: &mut Picture, clip: Rect, v: [egui::epaint::Vertex; 3], texture: Option<&egui::ColorImage>) {
    let [a, b, c] = [v[0].pos, v[1].pos, v[2].pos];
    let area = (b - a).x * (c - a).y - (b - a).y * (c - a).x;
    if area.abs() < 1e-6 {
        return;
    }
    let low = a.min(b).min(c).max(clip.min).max(Pos2::ZERO);
    let high = a.max(b).max(c).min(clip.max).min(Pos2::new(picture.width as f32, picture.height as f32));
    for y in low.y.floor() as usize..high.y.ceil().max(0.0) as usize {
        for x in low.x.floor() as usize..high.x.ceil().max(0.0) as usize {
            let p = Pos2::new(x as f32 + 0.5, y as f32 + 0.5);
            let w0 = ((b - p).x * (c - p).y - (b - p).y * (c - p).x) / area;
            let w1 = ((c - p).x * (a - p).y - (c - p).y * (a - p).x) / area;
            let w2 = 1.0 - w0 - w1;
            if w0 < 0.0 || w1 < 0.0 || w2 < 0.0 {
                continue;
            }
            let mix = |f: fn(Color32) -> u8| w0 * f(v[0].color) as f32 + w1 * f(v[1].color) as f32 + w2 * f(v[2].color) as f32;
            let mut rgba = [mix(|c| c.r()), mix(|c| c.g()), mix(|c| c.b()), mix(|c| c.a())];
            if let Some(tex) = texture {
                let uv = Pos2::new(w0 * v[0].uv.x + w1 * v[1].uv.x + w2 * v[2].uv.x, w0 * v[0].uv.y + w1 * v[1].uv.y + w2 * v[2].uv.y);
                let tx = ((uv.x * tex.width() as f32) as usize).min(tex.width() - 1);
                let ty = ((uv.y * tex.height() as f32) as usize).min(tex.height() - 1);
                let t = tex.pixels[ty * tex.width() + tx];
                rgba = [
                    rgba[0] * t.r() as f32 / 255.0,
                    rgba[1] * t.g() as f32 / 255.0,
                    rgba[2] * t.b() as f32 / 255.0,
                    rgba[3] * t.a() as f32 / 255.0,
                ];
            }
            let under = picture.pixels[y * picture.width + x];
            let keep = 1.0 - rgba[3] / 255.0;
            let over = |src: f32, dst: u8| (src + dst as f32 * keep).round().clamp(0.0, 255.0) as u8;
            picture.pixels[y * picture.width + x] = Color32::from_rgba_premultiplied(
                over(rgba[0], under.r()),
                over(rgba[1], under.g()),
                over(rgba[2], under.b()),
                over(rgba[3], under.a()),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_and_text_land_where_they_were_painted() {
        let picture = draw(200, 100, Color32::BLACK, |ui| {
            let painter = ui.painter();
            painter.rect_filled(Rect::from_min_size(Pos2::new(10.0, 10.0), Vec2::new(40.0, 20.0)), 0.0, Color32::RED);
            painter.line_segment([Pos2::new(0.0, 80.0), Pos2::new(200.0, 80.0)], egui::Stroke::new(3.0, Color32::GREEN));
            painter.text(Pos2::new(120.0, 20.0), egui::Align2::CENTER_CENTER, "Kibitz", egui::FontId::proportional(20.0), Color32::WHITE);
        });
        assert_eq!(picture.at(30, 20), Color32::RED);
        assert_eq!(picture.at(5, 5), Color32::BLACK);
        assert_eq!(picture.at(100, 80).g(), 255, "{:?}", picture.at(100, 80));
        // The word: some bright pixels around its centre, none far from it.
        let bright = |x0: usize, x1: usize| {
            (x0..x1)
                .flat_map(|x| (5..35).map(move |y| (x, y)))
                .filter(|&(x, y)| picture.at(x, y).r() > 200 && picture.at(x, y).g() > 200)
                .count()
        };
        assert!(bright(90, 150) > 30, "{}", bright(90, 150));
        assert_eq!(bright(160, 200), 0);
    }
}
