//! Figures: a few plot kinds (per-iteration lines, per-category dots, grouped
//! bars, box plots) drawn with plotters into both `BASE.png` and `BASE.svg`.
//! Text uses the DejaVu Sans font shipped in `assets/` (plotters is built
//! without system font libraries), registered as "sans-serif".

use crate::glyph_text::GlyphText;
use crate::schema::ExperimentResult;
use anyhow::{anyhow, Result};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::path::Path;
use std::sync::Once;

const FONT: &str = "sans-serif";
pub(crate) static FONT_BYTES: &[u8] = include_bytes!("../assets/DejaVuSans.ttf");

fn register_font() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let _ = plotters::style::register_font(FONT, FontStyle::Normal, FONT_BYTES);
        let _ = plotters::style::register_font(FONT, FontStyle::Bold, FONT_BYTES);
    });
}

fn pe<E: std::fmt::Debug>(e: E) -> anyhow::Error {
    anyhow!("plot: {:?}", e)
}

/// A color per series name, stable across figures (modes keep their color).
pub fn color_of(name: &str) -> RGBColor {
    let key = name.to_ascii_lowercase();
    if key.contains("deoptless") {
        RGBColor(31, 119, 180)
    } else if key.contains("deopt") {
        RGBColor(214, 39, 40)
    } else if key.contains("interp") {
        RGBColor(127, 127, 127)
    } else if key.contains("gnu") {
        RGBColor(44, 160, 44)
    } else if key.contains("native") {
        RGBColor(30, 30, 30)
    } else {
        let palette = [
            RGBColor(255, 127, 14),
            RGBColor(148, 103, 189),
            RGBColor(140, 86, 75),
            RGBColor(227, 119, 194),
            RGBColor(23, 190, 207),
        ];
        palette[key.bytes().map(|b| b as usize).sum::<usize>() % palette.len()]
    }
}

/// Something drawable onto any plotters backend.
pub trait Figure {
    fn size(&self) -> (u32, u32);
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()>;
}

/// The caption line every figure carries: where its numbers come from.
pub fn caption(r: &ExperimentResult) -> String {
    let commit: String = r.revision.commit.chars().take(10).collect();
    format!(
        "dlvm {}{} · {} · {} cores · {} · {} invocations x {} iterations, warmup {}",
        commit,
        if r.revision.dirty { " (dirty)" } else { "" },
        r.machine.cpu_model,
        r.machine.cores,
        r.machine.hostname,
        r.settings.invocations,
        r.settings.iterations,
        r.settings.warmup
    )
}

/// Height of the caption strip at the bottom of every figure.
const CAPTION_H: u32 = 26;

fn draw_captioned<DB: DrawingBackend>(
    fig: &impl Figure,
    root: &DrawingArea<DB, Shift>,
    caption: &str,
) -> Result<()> {
    root.fill(&WHITE).map_err(pe)?;
    let (_, h) = root.dim_in_pixel();
    let (body, foot) = root.split_vertically(h - CAPTION_H);
    fig.draw(&body)?;
    foot.draw_text(
        caption,
        &TextStyle::from((FONT, 13).into_font())
            .color(&RGBColor(100, 100, 100))
            .pos(Pos::new(HPos::Left, VPos::Center)),
        (10, CAPTION_H as i32 / 2),
    )
    .map_err(pe)
}

/// Draw `fig` into `base.png` and `base.svg`, with `caption` (revision and
/// machine, `caption()`) in a line under it.
pub fn save(fig: &impl Figure, base: &Path, caption: &str) -> Result<()> {
    register_font();
    let png = base.with_extension("png");
    let svg = base.with_extension("svg");
    let (w, h) = fig.size();
    let size = (w, h + CAPTION_H);
    {
        let root = GlyphText::new(BitMapBackend::new(&png, size), FONT_BYTES)?.into_drawing_area();
        draw_captioned(fig, &root, caption)?;
        root.present().map_err(pe)?;
    }
    {
        let root = SVGBackend::new(&svg, size).into_drawing_area();
        draw_captioned(fig, &root, caption)?;
        root.present().map_err(pe)?;
    }
    Ok(())
}

fn no_samples<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, what: &str) -> Result<()> {
    let (w, h) = area.dim_in_pixel();
    area.draw_text(
        what,
        &TextStyle::from((FONT, 22).into_font())
            .color(&RGBColor(120, 120, 120))
            .pos(Pos::new(HPos::Center, VPos::Center)),
        (w as i32 / 2, h as i32 / 2),
    )
    .map_err(pe)
}

fn headed<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
) -> Result<DrawingArea<DB, Shift>> {
    root.fill(&WHITE).map_err(pe)?;
    root.titled(title, (FONT, 24)).map_err(pe)
}

/// y range covering `ys` with some headroom; `log` keeps it positive.
fn y_range(ys: impl Iterator<Item = f64>, log: bool) -> (f64, f64) {
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for y in ys.filter(|y| y.is_finite() && (!log || *y > 0.0)) {
        lo = lo.min(y);
        hi = hi.max(y);
    }
    if !lo.is_finite() {
        return if log { (0.1, 10.0) } else { (0.0, 1.0) };
    }
    if log {
        (lo / 1.6, hi * 1.6)
    } else {
        let top = if hi > 0.0 { hi * 1.12 } else { 1.0 };
        (0.0_f64.min(lo), top)
    }
}

// ---------------------------------------------------------------- lines

/// One line (and optionally faint per-invocation points).
pub struct Series {
    pub label: String,
    pub points: Vec<(f64, f64)>,
    /// Individual measurements drawn as faint dots behind the line.
    pub dots: Vec<(f64, f64)>,
}

/// A labelled x interval drawn as a shaded band (e.g. a phase).
pub struct Band {
    pub from: f64,
    pub to: f64,
    pub label: String,
}

pub struct LinePanel {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    pub series: Vec<Series>,
    pub bands: Vec<Band>,
    /// Logarithmic y axis (values spanning orders of magnitude).
    pub log_y: bool,
}

/// Panels side by side under one title.
pub struct LineFigure {
    pub title: String,
    pub panels: Vec<LinePanel>,
}

impl Figure for LineFigure {
    fn size(&self) -> (u32, u32) {
        let k = self.panels.len().max(1) as u32;
        (if k == 1 { 1000 } else { 560 * k }, 600)
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()> {
        let area = headed(root, &self.title)?;
        if self.panels.is_empty() {
            return no_samples(&area, "no samples");
        }
        let cells = area.split_evenly((1, self.panels.len()));
        for (panel, cell) in self.panels.iter().zip(&cells) {
            draw_line_panel(panel, cell)?;
        }
        Ok(())
    }
}

fn draw_line_panel<DB: DrawingBackend>(p: &LinePanel, area: &DrawingArea<DB, Shift>) -> Result<()> {
    let all = p.series.iter().flat_map(|s| s.points.iter().chain(&s.dots));
    let x_max = all.clone().map(|(x, _)| *x).fold(1.0, f64::max);
    if p.series.iter().all(|s| s.points.is_empty()) {
        let inner = area.titled(&p.title, (FONT, 18)).map_err(pe)?;
        return no_samples(&inner, "no samples");
    }
    let (y0, y1) = y_range(all.map(|(_, y)| *y), p.log_y);
    let mut builder = ChartBuilder::on(area);
    builder
        .caption(&p.title, (FONT, 18))
        .margin(12)
        .x_label_area_size(45)
        .y_label_area_size(65);
    if p.log_y {
        let chart = builder
            .build_cartesian_2d(0.5..x_max + 0.5, (y0..y1).log_scale())
            .map_err(pe)?;
        line_panel_body(p, chart, y0, y1)
    } else {
        let chart = builder
            .build_cartesian_2d(0.5..x_max + 0.5, y0..y1)
            .map_err(pe)?;
        line_panel_body(p, chart, y0, y1)
    }
}

fn line_panel_body<'a, DB: DrawingBackend + 'a, Y>(
    p: &LinePanel,
    mut chart: ChartContext<'a, DB, Cartesian2d<plotters::coord::types::RangedCoordf64, Y>>,
    y0: f64,
    y1: f64,
) -> Result<()>
where
    Y: Ranged<ValueType = f64> + plotters::coord::ranged1d::ValueFormatter<f64>,
{
    // Band labels just above the bottom (in log space on a log axis).
    let label_y = if p.log_y {
        y0 * (y1 / y0).powf(0.02)
    } else {
        y0 + (y1 - y0) * 0.02
    };
    for (i, b) in p.bands.iter().enumerate() {
        let shade = if i % 2 == 0 {
            RGBColor(235, 235, 245)
        } else {
            RGBColor(250, 245, 232)
        };
        chart
            .draw_series(std::iter::once(Rectangle::new(
                [(b.from, y0), (b.to, y1)],
                shade.filled(),
            )))
            .map_err(pe)?;
        chart
            .draw_series(std::iter::once(Text::new(
                b.label.clone(),
                ((b.from + b.to) / 2.0, label_y),
                TextStyle::from((FONT, 15).into_font())
                    .color(&RGBColor(90, 90, 90))
                    .pos(Pos::new(HPos::Center, VPos::Bottom)),
            )))
            .map_err(pe)?;
    }
    chart
        .configure_mesh()
        .x_desc(&p.x_label)
        .y_desc(&p.y_label)
        .label_style((FONT, 14))
        .axis_desc_style((FONT, 15))
        .x_label_formatter(&|x| format!("{:.0}", x))
        .y_label_formatter(&|y| trim_num(*y))
        .light_line_style(WHITE.mix(0.0))
        .draw()
        .map_err(pe)?;
    for s in &p.series {
        let c = color_of(&s.label);
        chart
            .draw_series(
                s.dots
                    .iter()
                    .filter(|pt| !p.log_y || pt.1 > 0.0)
                    .map(|pt| Circle::new(*pt, 2, c.mix(0.35).filled())),
            )
            .map_err(pe)?;
        chart
            .draw_series(LineSeries::new(s.points.clone(), c.stroke_width(2)))
            .map_err(pe)?
            .label(s.label.clone())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 22, y)], c.stroke_width(3)));
        chart
            .draw_series(s.points.iter().map(|pt| Circle::new(*pt, 3, c.filled())))
            .map_err(pe)?;
    }
    chart
        .configure_series_labels()
        .label_font((FONT, 15))
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .position(SeriesLabelPosition::UpperRight)
        .draw()
        .map_err(pe)?;
    Ok(())
}

// ---------------------------------------------------------------- categories

/// Category labels under the x axis, drawn at data positions (rotated when long).
fn category_labels<DB: DrawingBackend, Y: Ranged<ValueType = f64>>(
    chart: &ChartContext<DB, Cartesian2d<plotters::coord::types::RangedCoordf64, Y>>,
    root: &DrawingArea<DB, Shift>,
    names: &[String],
    y_bottom: f64,
) -> Result<()> {
    let rotate = names.len() > 6 || names.iter().any(|n| n.len() > 14);
    for (i, n) in names.iter().enumerate() {
        let (px, py) = chart.backend_coord(&(i as f64 + 0.5, y_bottom));
        let style = if rotate {
            TextStyle::from((FONT, 14).into_font())
                .transform(FontTransform::Rotate270)
                .pos(Pos::new(HPos::Right, VPos::Center))
        } else {
            TextStyle::from((FONT, 14).into_font()).pos(Pos::new(HPos::Center, VPos::Top))
        };
        root.draw_text(n, &style, (px, py + 8)).map_err(pe)?;
    }
    Ok(())
}

fn label_room(names: &[String]) -> u32 {
    if names.len() > 6 || names.iter().any(|n| n.len() > 14) {
        let longest = names.iter().map(|n| n.len()).max().unwrap_or(4) as u32;
        (longest * 8 + 20).min(220)
    } else {
        40
    }
}

/// (label, value, interval) of a summary line across a figure.
pub type Overall = (String, f64, Option<(f64, f64)>);

/// Per-category dots (one per measurement) and a mean marker, log-scale y:
/// Figure 6's layout.
pub struct DotFigure {
    pub title: String,
    pub y_label: String,
    pub categories: Vec<String>,
    /// Measurements per category.
    pub dots: Vec<Vec<f64>>,
    /// Mean marker per category.
    pub means: Vec<Option<f64>>,
    /// Confidence interval of each mean, drawn as an error bar.
    pub intervals: Vec<Option<(f64, f64)>>,
    /// A summary over categories (label, value, interval), drawn as a
    /// dashed line with a shaded band across the plot.
    pub overall: Option<Overall>,
    /// A horizontal reference line (e.g. speedup 1).
    pub reference: Option<f64>,
}

impl Figure for DotFigure {
    fn size(&self) -> (u32, u32) {
        ((120 + 60 * self.categories.len() as u32).max(900), 650)
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()> {
        let area = headed(root, &self.title)?;
        if self.dots.iter().all(|d| d.is_empty()) {
            return no_samples(&area, "no samples");
        }
        let n = self.categories.len() as f64;
        let ys = self
            .dots
            .iter()
            .flatten()
            .copied()
            .chain(self.reference)
            .chain(self.means.iter().flatten().copied())
            .chain(self.intervals.iter().flatten().flat_map(|(a, b)| [*a, *b]));
        let (y0, y1) = y_range(ys, true);
        let mut chart = ChartBuilder::on(&area)
            .margin(15)
            .x_label_area_size(label_room(&self.categories))
            .y_label_area_size(70)
            // Base 2: speedups read as 1/4, 1/2, 1, 2, 4.
            .build_cartesian_2d(0.0..n, (y0..y1).log_scale().base(2.0))
            .map_err(pe)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(0)
            .y_labels(15)
            .y_desc(&self.y_label)
            .label_style((FONT, 14))
            .axis_desc_style((FONT, 15))
            .y_label_formatter(&|y| trim_num(*y))
            .light_line_style(RGBColor(242, 242, 242))
            .draw()
            .map_err(pe)?;
        if let Some(r) = self.reference {
            chart
                .draw_series(std::iter::once(PathElement::new(
                    vec![(0.0, r), (n, r)],
                    BLACK.mix(0.6).stroke_width(1),
                )))
                .map_err(pe)?;
        }
        if let Some((label, g, ci)) = &self.overall {
            let green = RGBColor(44, 160, 44);
            if let Some((lo, hi)) = ci {
                chart
                    .draw_series(std::iter::once(Rectangle::new(
                        [(0.0, *lo), (n, *hi)],
                        green.mix(0.18).filled(),
                    )))
                    .map_err(pe)?;
            }
            // Dashed: segments of a fortieth of the width.
            let dashes = (0..(n * 20.0).ceil() as usize).map(|k| {
                let x = k as f64 / 20.0;
                PathElement::new(
                    vec![(x, *g), ((x + 0.03).min(n), *g)],
                    green.stroke_width(2),
                )
            });
            chart
                .draw_series(dashes)
                .map_err(pe)?
                .label(label.clone())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 22, y)], green.stroke_width(2))
                });
        }
        let dot = RGBColor(31, 119, 180);
        for (i, ds) in self.dots.iter().enumerate() {
            let k = ds.len().max(1) as f64;
            chart
                .draw_series(
                    ds.iter()
                        .enumerate()
                        .filter(|(_, y)| **y > 0.0)
                        .map(|(j, y)| {
                            // Spread the dots over the category's width (deterministic jitter).
                            let x = i as f64 + 0.25 + 0.5 * ((j as f64 + 0.5) / k);
                            Circle::new((x, *y), 3, dot.mix(0.45).filled())
                        }),
                )
                .map_err(pe)?;
        }
        let mean_c = RGBColor(214, 39, 40);
        chart
            .draw_series(self.means.iter().enumerate().filter_map(|(i, m)| {
                m.filter(|m| *m > 0.0).map(|m| {
                    let x = i as f64 + 0.5;
                    PathElement::new(vec![(x - 0.35, m), (x + 0.35, m)], mean_c.stroke_width(3))
                })
            }))
            .map_err(pe)?
            .label("geometric mean")
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 22, y)], mean_c.stroke_width(3))
            });
        let bars = self.intervals.iter().enumerate().filter_map(|(i, ci)| {
            let (lo, hi) = (*ci)?;
            (lo > 0.0 && hi > 0.0).then(|| {
                let x = i as f64 + 0.5;
                PathElement::new(
                    vec![
                        (x - 0.12, lo),
                        (x + 0.12, lo),
                        (x, lo),
                        (x, hi),
                        (x - 0.12, hi),
                        (x + 0.12, hi),
                    ],
                    BLACK.stroke_width(2),
                )
            })
        });
        chart
            .draw_series(bars)
            .map_err(pe)?
            .label("95% bootstrap CI")
            .legend(|(x, y)| {
                PathElement::new(
                    vec![(x + 11, y - 7), (x + 11, y + 7)],
                    BLACK.stroke_width(2),
                )
            });
        chart
            // Only a legend entry: the dots were drawn per category above.
            .draw_series(Vec::<Circle<(f64, f64), i32>>::new())
            .map_err(pe)?
            .label("one iteration")
            .legend(move |(x, y)| Circle::new((x + 11, y), 4, dot.mix(0.6).filled()));
        chart
            .configure_series_labels()
            .label_font((FONT, 15))
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .position(SeriesLabelPosition::UpperLeft)
            .draw()
            .map_err(pe)?;
        category_labels(&chart, root, &self.categories, y0)
    }
}

/// Grouped bars: one group of bars per category, one bar per series.
pub struct BarFigure {
    pub title: String,
    pub y_label: String,
    pub categories: Vec<String>,
    /// (series label, value per category).
    pub series: Vec<(String, Vec<Option<f64>>)>,
    pub log_y: bool,
}

impl Figure for BarFigure {
    fn size(&self) -> (u32, u32) {
        let w = 120 + (self.series.len().max(2) as u32 * 22 + 30) * self.categories.len() as u32;
        (w.max(900), 650)
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()> {
        let area = headed(root, &self.title)?;
        let values = || {
            self.series
                .iter()
                .flat_map(|(_, v)| v.iter().flatten().copied())
        };
        if values().next().is_none() {
            return no_samples(&area, "no samples");
        }
        let n = self.categories.len() as f64;
        let (y0, y1) = y_range(values(), self.log_y);
        // Room above the tallest bar for the legend.
        let y1 = if self.log_y { y1 * 4.0 } else { y1 * 1.25 };
        let room = label_room(&self.categories);
        if self.log_y {
            let mut chart = ChartBuilder::on(&area)
                .margin(15)
                .x_label_area_size(room)
                .y_label_area_size(75)
                .build_cartesian_2d(0.0..n, (y0..y1).log_scale())
                .map_err(pe)?;
            self.draw_bars(&mut chart, root, y0)
        } else {
            let mut chart = ChartBuilder::on(&area)
                .margin(15)
                .x_label_area_size(room)
                .y_label_area_size(75)
                .build_cartesian_2d(0.0..n, y0..y1)
                .map_err(pe)?;
            self.draw_bars(&mut chart, root, y0)
        }
    }
}

impl BarFigure {
    fn draw_bars<'a, DB: DrawingBackend + 'a, Y>(
        &self,
        chart: &mut ChartContext<'a, DB, Cartesian2d<plotters::coord::types::RangedCoordf64, Y>>,
        root: &DrawingArea<DB, Shift>,
        y0: f64,
    ) -> Result<()>
    where
        Y: Ranged<ValueType = f64> + plotters::coord::ranged1d::ValueFormatter<f64>,
    {
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(0)
            .y_labels(15)
            .y_desc(&self.y_label)
            .label_style((FONT, 14))
            .axis_desc_style((FONT, 15))
            .y_label_formatter(&|y| trim_num(*y))
            .light_line_style(RGBColor(242, 242, 242))
            .draw()
            .map_err(pe)?;
        let k = self.series.len().max(1) as f64;
        let width = 0.8 / k;
        for (s, (label, vals)) in self.series.iter().enumerate() {
            let c = color_of(label);
            chart
                .draw_series(vals.iter().enumerate().filter_map(|(i, v)| {
                    v.filter(|v| *v > 0.0 || y0 <= 0.0).map(|v| {
                        let x = i as f64 + 0.1 + width * s as f64;
                        Rectangle::new([(x, y0), (x + width * 0.92, v)], c.filled())
                    })
                }))
                .map_err(pe)?
                .label(label.clone())
                .legend(move |(x, y)| Rectangle::new([(x, y - 6), (x + 14, y + 6)], c.filled()));
        }
        chart
            .configure_series_labels()
            .label_font((FONT, 15))
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .position(SeriesLabelPosition::UpperRight)
            .draw()
            .map_err(pe)?;
        category_labels(chart, root, &self.categories, y0)
    }
}

/// Box plots (min, quartiles, max) per category on a log y axis; empty
/// categories are labelled "no samples".
pub struct BoxFigure {
    pub title: String,
    pub y_label: String,
    pub categories: Vec<String>,
    pub samples: Vec<Vec<f64>>,
}

/// min, q1, median, q3, max of a sorted sample.
fn five_numbers(sorted: &[f64]) -> [f64; 5] {
    let q = |p: f64| {
        let pos = p * (sorted.len() - 1) as f64;
        let (lo, hi) = (pos.floor() as usize, pos.ceil() as usize);
        sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo as f64)
    };
    [
        sorted[0],
        q(0.25),
        q(0.5),
        q(0.75),
        sorted[sorted.len() - 1],
    ]
}

impl Figure for BoxFigure {
    fn size(&self) -> (u32, u32) {
        ((140 + 110 * self.categories.len() as u32).max(900), 650)
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<()> {
        let area = headed(root, &self.title)?;
        if self.samples.iter().all(|s| s.is_empty()) {
            return no_samples(&area, "no samples");
        }
        let n = self.categories.len() as f64;
        let (y0, y1) = y_range(self.samples.iter().flatten().copied(), true);
        let mut chart = ChartBuilder::on(&area)
            .margin(15)
            .x_label_area_size(label_room(&self.categories))
            .y_label_area_size(75)
            .build_cartesian_2d(0.0..n, (y0..y1).log_scale())
            .map_err(pe)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(0)
            .y_labels(15)
            .y_desc(&self.y_label)
            .label_style((FONT, 14))
            .axis_desc_style((FONT, 15))
            .y_label_formatter(&|y| trim_num(*y))
            .light_line_style(RGBColor(242, 242, 242))
            .draw()
            .map_err(pe)?;
        for (i, s) in self.samples.iter().enumerate() {
            let c = color_of(&self.categories[i]);
            let x = i as f64 + 0.5;
            let mut v: Vec<f64> = s.iter().copied().filter(|x| *x > 0.0).collect();
            if v.is_empty() {
                chart
                    .draw_series(std::iter::once(Text::new(
                        "no samples",
                        (x, (y0 * y1).sqrt()),
                        TextStyle::from((FONT, 14).into_font())
                            .color(&RGBColor(120, 120, 120))
                            .pos(Pos::new(HPos::Center, VPos::Center)),
                    )))
                    .map_err(pe)?;
                continue;
            }
            v.sort_by(|a, b| a.total_cmp(b));
            let [lo, q1, med, q3, hi] = five_numbers(&v);
            let w = 0.3;
            let elems: Vec<PathElement<(f64, f64)>> = vec![
                PathElement::new(vec![(x, lo), (x, q1)], c.stroke_width(2)),
                PathElement::new(vec![(x, q3), (x, hi)], c.stroke_width(2)),
                PathElement::new(
                    vec![(x - w / 2.0, lo), (x + w / 2.0, lo)],
                    c.stroke_width(2),
                ),
                PathElement::new(
                    vec![(x - w / 2.0, hi), (x + w / 2.0, hi)],
                    c.stroke_width(2),
                ),
                PathElement::new(vec![(x - w, med), (x + w, med)], BLACK.stroke_width(3)),
            ];
            chart
                .draw_series(std::iter::once(Rectangle::new(
                    [(x - w, q1), (x + w, q3)],
                    c.mix(0.35).filled(),
                )))
                .map_err(pe)?;
            chart
                .draw_series(std::iter::once(Rectangle::new(
                    [(x - w, q1), (x + w, q3)],
                    c.stroke_width(2),
                )))
                .map_err(pe)?;
            chart.draw_series(elems).map_err(pe)?;
            chart
                .draw_series(std::iter::once(Text::new(
                    format!("n={}", v.len()),
                    (x, hi),
                    TextStyle::from((FONT, 13).into_font())
                        .pos(Pos::new(HPos::Center, VPos::Bottom)),
                )))
                .map_err(pe)?;
        }
        category_labels(&chart, root, &self.categories, y0)
    }
}

/// A number for axis labels: no trailing zeros, no exponent for usual ranges.
fn trim_num(y: f64) -> String {
    if y == 0.0 {
        return "0".into();
    }
    let a = y.abs();
    if !(1e-3..1e6).contains(&a) {
        return format!("{:.0e}", y);
    }
    let decimals = (2.0 - a.log10().floor()).clamp(0.0, 6.0) as usize;
    let s = format!("{:.*}", decimals, y);
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}
