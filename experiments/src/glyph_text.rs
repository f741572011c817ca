//! Text for bitmap figures, drawn glyph by glyph with ab_glyph.

use anyhow::{anyhow, Result};
use plotters::prelude::DrawingBackend;
use plotters::style::text_anchor::{HPos, VPos};
use plotters_backend::{BackendColor, BackendCoord, BackendStyle, BackendTextStyle};

/// A backend wrapper that draws text itself, glyph by glyph at the pen
/// position plus the glyph's own bearing (plotters 0.3.7's ab_glyph text
/// drops the left side bearing, which spaces letters unevenly: "ti me per i
/// terati on"). Everything else goes to the wrapped backend; text sizes are
/// still estimated by plotters (same advances and kerning, so layouts match).
pub struct GlyphText<B: DrawingBackend> {
    inner: B,
    font: ab_glyph::FontRef<'static>,
}

impl<B: DrawingBackend> GlyphText<B> {
    pub fn new(inner: B, font: &'static [u8]) -> Result<GlyphText<B>> {
        let font = ab_glyph::FontRef::try_from_slice(font).map_err(|e| anyhow!("font: {}", e))?;
        Ok(GlyphText { inner, font })
    }
}

type BResult<E> = std::result::Result<(), plotters_backend::DrawingErrorKind<E>>;

impl<B: DrawingBackend> DrawingBackend for GlyphText<B> {
    type ErrorType = B::ErrorType;
    fn get_size(&self) -> (u32, u32) {
        self.inner.get_size()
    }
    fn ensure_prepared(&mut self) -> BResult<B::ErrorType> {
        self.inner.ensure_prepared()
    }
    fn present(&mut self) -> BResult<B::ErrorType> {
        self.inner.present()
    }
    fn draw_pixel(&mut self, p: BackendCoord, c: BackendColor) -> BResult<B::ErrorType> {
        self.inner.draw_pixel(p, c)
    }
    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> BResult<B::ErrorType> {
        self.inner.draw_line(from, to, style)
    }
    fn draw_rect<S: BackendStyle>(
        &mut self,
        ul: BackendCoord,
        br: BackendCoord,
        style: &S,
        fill: bool,
    ) -> BResult<B::ErrorType> {
        self.inner.draw_rect(ul, br, style, fill)
    }
    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> BResult<B::ErrorType> {
        self.inner.draw_path(path, style)
    }
    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> BResult<B::ErrorType> {
        self.inner.draw_circle(center, radius, style, fill)
    }
    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> BResult<B::ErrorType> {
        self.inner.fill_polygon(vert, style)
    }
    fn blit_bitmap(
        &mut self,
        pos: BackendCoord,
        size: (u32, u32),
        src: &[u8],
    ) -> BResult<B::ErrorType> {
        self.inner.blit_bitmap(pos, size, src)
    }
    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> BResult<B::ErrorType> {
        use ab_glyph::{Font, ScaleFont};
        let color = style.color();
        if color.alpha == 0.0 {
            return Ok(());
        }
        let (w, h) = self.estimate_text_size(text, style)?;
        let (w, h) = (w as i32, h as i32);
        let dx = match style.anchor().h_pos {
            HPos::Left => 0,
            HPos::Right => -w,
            HPos::Center => -w / 2,
        };
        let dy = match style.anchor().v_pos {
            VPos::Top => 0,
            VPos::Center => -h / 2,
            VPos::Bottom => -h,
        };
        let size = style.size() as f32;
        let font = self.font.as_scaled(size);
        // The layout box is 0.81 em high (plotters' estimate); the baseline
        // sits where capitals fill it and descenders hang just below.
        let baseline = 0.76 * size;
        let trans = style.transform();
        let mut pen = 0f32;
        let mut prev: Option<ab_glyph::GlyphId> = None;
        let mut pixels: Vec<(i32, i32, f32)> = Vec::new();
        for c in text.chars() {
            let id = font.glyph_id(c);
            if let Some(p) = prev {
                pen += font.kern(p, id);
            }
            let glyph = id.with_scale_and_position(size, ab_glyph::point(pen, baseline));
            if let Some(outline) = font.outline_glyph(glyph) {
                let b = outline.px_bounds();
                outline.draw(|x, y, cov| {
                    pixels.push((b.min.x as i32 + x as i32, b.min.y as i32 + y as i32, cov))
                });
            }
            pen += font.h_advance(id);
            prev = Some(id);
        }
        let (cw, ch) = self.inner.get_size();
        for (x, y, cov) in pixels {
            if cov <= 0.0 {
                continue;
            }
            let (x, y) = trans.transform(x + dx, y + dy);
            let (x, y) = (pos.0 + x, pos.1 + y);
            if x >= 0 && y >= 0 && x < cw as i32 && y < ch as i32 {
                self.inner.draw_pixel(
                    (x, y),
                    BackendColor {
                        alpha: color.alpha * cov.min(1.0) as f64,
                        rgb: color.rgb,
                    },
                )?;
            }
        }
        Ok(())
    }
}
