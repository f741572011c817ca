//! Number and string formatting exactly as GNU R does it: the engine behind
//! `print`, `format`, `cat`, `paste` and `as.character` (R's `formatReal`,
//! `formatInteger`, `formatLogical`, `formatComplex`, `encodeString` from
//! src/main/format.c, with `R_print.digits = 7` and `scipen = 0` by default).

use crate::value::{is_na_real, RStr, C64, NA_INTEGER, NA_LOGICAL};

/// R's print parameters that `options()` changes (`R_print.digits`,
/// `R_print.scipen`): one set per thread, like GNU R's global `R_print`, so the
/// formatting functions need no interpreter handle. `Interp::new` resets them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PrintParams {
    pub digits: usize,
    pub scipen: i64,
    /// `OutDec`: the decimal mark of printed, formatted and converted numbers
    /// (not of `sprintf`, nor of deparsed code).
    pub outdec: char,
}

/// GNU R's defaults (`options(digits = 7, scipen = 0)`).
pub const DEFAULT_PARAMS: PrintParams = PrintParams {
    digits: 7,
    scipen: 0,
    outdec: '.',
};

thread_local! {
    static PARAMS: std::cell::Cell<PrintParams> = const { std::cell::Cell::new(DEFAULT_PARAMS) };
}

/// The current print parameters.
pub fn params() -> PrintParams {
    PARAMS.with(|p| p.get())
}

/// Replace the print parameters (`options(digits=, scipen=)`).
pub fn set_params(p: PrintParams) {
    PARAMS.with(|c| c.set(p));
}

/// `getOption("digits")`: the default significant digits of printing.
pub fn digits() -> usize {
    params().digits
}

/// `getOption("scipen")`: the penalty for scientific notation. R clamps it to
/// the range of an int; the width arithmetic here is in i64, so it cannot wrap.
fn scipen() -> i64 {
    params().scipen
}
/// Width of `NA` when printed.
pub const NA_WIDTH: usize = 2;

/// A common format for a set of doubles: total width `w`, digits after the point
/// `d`, and `e` = 0 for fixed notation, 1 (2-digit exponent) or 2 (3-digit) for
/// scientific notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RealFmt {
    pub w: usize,
    pub d: usize,
    pub e: usize,
}

/// For a finite `x`: (negative, decimal exponent, significant digits needed (≤ digits),
/// whether rounding to `digits` carries into a new leading digit that fixed
/// notation would not show). This is R's `scientific()`; the rounding to `digits`
/// significant digits is done exactly (Rust's formatting is correctly rounded).
fn scientific(x: f64, digits: usize) -> (bool, i32, usize, bool) {
    if x == 0.0 {
        return (false, 0, 1, false);
    }
    let neg = x < 0.0;
    let r = x.abs();
    let digits = digits.clamp(1, 22);
    let s = format!("{:.*e}", digits - 1, r);
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let kpower: i32 = exp.parse().unwrap_or(0);
    let mant_digits: Vec<u8> = mant.bytes().filter(|b| b.is_ascii_digit()).collect();
    let mut nsig = mant_digits.len();
    while nsig > 1 && mant_digits[nsig - 1] == b'0' {
        nsig -= 1;
    }
    // R: scientific may round up to the next power of ten where fixed would not.
    let rgt = (digits as i32 - kpower).clamp(0, 22);
    let fuzz = 0.5 / 10f64.powi(rgt);
    let widens = kpower > 0 && kpower <= 22 && r < 10f64.powi(kpower) - fuzz;
    (neg, kpower, nsig, widens)
}

/// R's `formatReal`: the common format of `x` at `digits` significant digits with at
/// least `nsmall` decimals in fixed notation.
pub fn format_real(x: &[f64], digits: usize, nsmall: usize) -> RealFmt {
    format_real_scipen(x, digits, nsmall, scipen())
}

/// `format_real` with an explicit `scipen` penalty (`format(scientific = )`).
pub fn format_real_scipen(x: &[f64], digits: usize, nsmall: usize, scipen: i64) -> RealFmt {
    let (mut naflag, mut nanflag, mut posinf, mut neginf) = (false, false, false, false);
    let mut neg = false;
    let (mut rgt, mut mxl, mut mxsl, mut mxns) = (i64::MIN, i64::MIN, i64::MIN, i64::MIN);
    let mut mnl = i64::MAX;
    for &v in x {
        if !v.is_finite() {
            if is_na_real(v) {
                naflag = true;
            } else if v.is_nan() {
                nanflag = true;
            } else if v > 0.0 {
                posinf = true;
            } else {
                neginf = true;
            }
            continue;
        }
        let (neg_i, kpower, nsig, widens) = scientific(v, digits);
        let mut left = kpower as i64 + 1;
        if widens {
            left -= 1;
        }
        let sleft = neg_i as i64 + if left <= 0 { 1 } else { left };
        let right = nsig as i64 - left;
        neg |= neg_i;
        rgt = rgt.max(right);
        mxl = mxl.max(left);
        mnl = mnl.min(left);
        mxsl = mxsl.max(sleft);
        mxns = mxns.max(nsig as i64);
    }
    let mut f = RealFmt { w: 0, d: 0, e: 0 };
    if mxl != i64::MIN {
        if mxl < 0 {
            mxsl = 1 + neg as i64;
        }
        if rgt < 0 {
            rgt = 0;
        }
        let mut wf = mxsl + rgt + (rgt != 0) as i64;
        let e = if mxl > 100 || mnl <= -99 { 2 } else { 1 };
        let d = mxns - 1;
        let we = neg as i64 + (d > 0) as i64 + d + 4 + e;
        if wf <= we + scipen {
            if nsmall as i64 > rgt {
                rgt = nsmall as i64;
                wf = mxsl + rgt + (rgt != 0) as i64;
            }
            f = RealFmt {
                w: wf as usize,
                d: rgt as usize,
                e: 0,
            };
        } else {
            f = RealFmt {
                w: we as usize,
                d: d as usize,
                e: e as usize,
            };
        }
    }
    if naflag {
        f.w = f.w.max(NA_WIDTH);
    }
    if nanflag || posinf {
        f.w = f.w.max(3);
    }
    if neginf {
        f.w = f.w.max(4);
    }
    f
}

/// Pad `s` on the left to `w` characters.
pub fn pad_left(s: &str, w: usize) -> String {
    let n = s.chars().count();
    if n >= w {
        s.to_string()
    } else {
        format!("{}{}", " ".repeat(w - n), s)
    }
}

/// Pad `s` on the right to `w` characters.
pub fn pad_right(s: &str, w: usize) -> String {
    let n = s.chars().count();
    if n >= w {
        s.to_string()
    } else {
        format!("{}{}", s, " ".repeat(w - n))
    }
}

/// Mantissa with `d` decimals and a C-style exponent (`e+05`, `e-10`, `e+100`).
pub fn sci_string(x: f64, d: usize, upper: bool) -> String {
    let s = format!("{:.*e}", d, x);
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let sign = if exp < 0 { '-' } else { '+' };
    format!(
        "{}{}{}{:02}",
        mant,
        if upper { 'E' } else { 'e' },
        sign,
        exp.abs()
    )
}

/// R's `encodeReal0`: one double in format `f`, right-justified to `f.w`.
pub fn encode_real(x: f64, f: RealFmt) -> String {
    let s = if is_na_real(x) {
        "NA".to_string()
    } else if x.is_nan() {
        "NaN".to_string()
    } else if x == f64::INFINITY {
        "Inf".to_string()
    } else if x == f64::NEG_INFINITY {
        "-Inf".to_string()
    } else {
        // R drops the sign of a negative zero.
        let x = if x == 0.0 { 0.0 } else { x };
        let s = if f.e > 0 {
            sci_string(x, f.d, false)
        } else {
            fixed_string(x, f.d)
        };
        with_outdec(s)
    };
    pad_left(&s, f.w)
}

/// `%.*f` without the sign of values that round to zero being lost or doubled.
fn fixed_string(x: f64, d: usize) -> String {
    format!("{:.*}", d, x)
}

/// Like `encode_real` but with trailing zeros of the mantissa dropped (R's
/// `dropTrailing0`, used by `as.character`).
fn encode_real_drop0(x: f64, f: RealFmt) -> String {
    let s = encode_real(x, RealFmt { w: 0, ..f });
    match params().outdec {
        '.' => drop_trailing_zeros(&s),
        mark => with_outdec(drop_trailing_zeros(&s.replace(mark, "."))),
    }
}

/// A formatted number with its decimal point replaced by the `OutDec` option.
pub fn with_outdec(s: String) -> String {
    match params().outdec {
        '.' => s,
        mark => s.replace('.', mark.encode_utf8(&mut [0; 4])),
    }
}

/// R's `dropTrailing0`: `1.50` → `1.5`, `2.000e+05` → `2e+05`, `3.0` → `3`.
pub fn drop_trailing_zeros(s: &str) -> String {
    let (mant, rest) = match s.find(['e', 'E']) {
        Some(p) => (&s[..p], &s[p..]),
        None => (s, ""),
    };
    if !mant.contains('.') {
        return s.to_string();
    }
    let t = mant.trim_end_matches('0');
    let t = t.strip_suffix('.').unwrap_or(t);
    format!("{}{}", t, rest)
}

/// Each double formatted with the common format of the vector at `digits`
/// significant digits, right-justified to the common width (what `print` shows).
pub fn format_real_vec(x: &[f64], digits: usize) -> Vec<String> {
    format_real_vec_nsmall(x, digits, 0)
}

/// `format_real_vec` with at least `nsmall` decimals in fixed notation.
pub fn format_real_vec_nsmall(x: &[f64], digits: usize, nsmall: usize) -> Vec<String> {
    let f = format_real(x, digits, nsmall);
    x.iter().map(|&v| encode_real(v, f)).collect()
}

/// One double formatted on its own at `digits` significant digits (`cat`).
pub fn format_real_one(x: f64, digits: usize) -> String {
    let f = format_real(&[x], digits, 0);
    encode_real(x, f)
}

/// A double as `as.character` / `paste` show it (up to 15 significant digits).
pub fn num_to_char(x: f64) -> String {
    if is_na_real(x) {
        return "NA".into();
    }
    if let Some(s) = whole_num_to_char(x) {
        return s;
    }
    let f = format_real(&[x], 15, 0);
    encode_real_drop0(x, f)
}

/// `num_to_char` of a whole number below 1e15 in magnitude when R writes
/// it in fixed notation: its digits (`paste0("w", i)` with a double `i`
/// runs here once per element, and `format_real` costs thousands of
/// instructions). `None` when scientific notation is as narrow (R prefers
/// fixed only while it is no wider: `1e+05`, but `123456`).
fn whole_num_to_char(x: f64) -> Option<String> {
    if !(x.abs() < 1e15 && x == x.trunc()) {
        return None;
    }
    if x == 0.0 {
        return Some("0".into());
    }
    let s = (x as i64).to_string();
    let digits = s.trim_start_matches('-');
    let sig = digits.trim_end_matches('0').len();
    // Scientific: sign, the first digit, "." and the other significant
    // digits, "e+XX" (exponents below 100 here).
    let sci = (x < 0.0) as usize + 1 + if sig > 1 { sig } else { 0 } + 4;
    (s.len() <= sci).then_some(s)
}

/// R's `formatInteger`: the common width of integers (NA counts as 2).
pub fn format_integer(x: &[i32]) -> usize {
    x.iter()
        .map(|&v| {
            if v == NA_INTEGER {
                NA_WIDTH
            } else {
                v.to_string().len()
            }
        })
        .max()
        .unwrap_or(1)
        .max(1)
}

pub fn encode_integer(x: i32, w: usize) -> String {
    if x == NA_INTEGER {
        pad_left("NA", w)
    } else {
        pad_left(&x.to_string(), w)
    }
}

/// Integers right-justified to their common width.
pub fn format_int_vec(x: &[i32]) -> Vec<String> {
    let w = format_integer(x);
    x.iter().map(|&v| encode_integer(v, w)).collect()
}

/// R's `formatLogical`: the common width of `TRUE`/`FALSE`/`NA`.
pub fn format_logical(x: &[i32]) -> usize {
    x.iter()
        .map(|&v| match v {
            NA_LOGICAL => NA_WIDTH,
            0 => 5,
            _ => 4,
        })
        .max()
        .unwrap_or(1)
        .max(1)
}

pub fn logical_str(x: i32) -> &'static str {
    match x {
        NA_LOGICAL => "NA",
        0 => "FALSE",
        _ => "TRUE",
    }
}

/// Logicals right-justified to their common width.
pub fn format_lgl_vec(x: &[i32]) -> Vec<String> {
    let w = format_logical(x);
    x.iter().map(|&v| pad_left(logical_str(v), w)).collect()
}

/// The per-part statistics R's `formatReal`/`formatComplex` collect over finite
/// values before choosing fixed or scientific notation.
struct PartStats {
    neg: bool,
    rgt: i64,
    mxl: i64,
    mnl: i64,
    mxsl: i64,
    mxns: i64,
}

impl PartStats {
    fn new() -> PartStats {
        PartStats {
            neg: false,
            rgt: i64::MIN,
            mxl: i64::MIN,
            mnl: i64::MAX,
            mxsl: i64::MIN,
            mxns: i64::MIN,
        }
    }

    fn add(&mut self, v: f64, digits: usize) {
        let (neg_i, kpower, nsig, widens) = scientific(v, digits);
        let mut left = kpower as i64 + 1;
        if widens {
            left -= 1;
        }
        let sleft = neg_i as i64 + if left <= 0 { 1 } else { left };
        self.neg |= neg_i;
        self.rgt = self.rgt.max(nsig as i64 - left);
        self.mxl = self.mxl.max(left);
        self.mnl = self.mnl.min(left);
        self.mxsl = self.mxsl.max(sleft);
        self.mxns = self.mxns.max(nsig as i64);
    }

    /// (fixed width, scientific format) — `None` when no finite value was seen.
    fn formats(&self) -> Option<(i64, RealFmt)> {
        if self.mxl == i64::MIN {
            return None;
        }
        let mxsl = if self.mxl < 0 {
            1 + self.neg as i64
        } else {
            self.mxsl
        };
        let rgt = self.rgt.max(0);
        let wf = mxsl + rgt + (rgt != 0) as i64;
        let e = if self.mxl > 100 || self.mnl < -99 {
            2
        } else {
            1
        };
        let d = self.mxns - 1;
        let we = self.neg as i64 + (d > 0) as i64 + d + 4 + e;
        Some((
            wf,
            RealFmt {
                w: we as usize,
                d: d as usize,
                e: e as usize,
            },
        ))
    }

    /// The fixed format with at least `nsmall` decimals.
    fn fixed(&self, nsmall: usize) -> RealFmt {
        let mxsl = if self.mxl < 0 {
            1 + self.neg as i64
        } else {
            self.mxsl
        };
        let rgt = self.rgt.max(0).max(nsmall as i64);
        RealFmt {
            w: (mxsl + rgt + (rgt != 0) as i64) as usize,
            d: rgt as usize,
            e: 0,
        }
    }
}

/// R's `private_rint`: round half to even.
pub fn rint(x: f64) -> f64 {
    x.round_ties_even()
}

/// R 4.x `round(x, digits)` ("long double free" algorithm of fround.c): pick the
/// closer of the two decimal candidates, ties to even. Used by `round()`
/// (`builtins::math`) and by `complex_signif`.
pub fn fround(x: f64, digits: f64) -> f64 {
    if x.is_nan() || digits.is_nan() {
        return x + digits;
    }
    if !x.is_finite() || digits > 323.0 || x == 0.0 {
        return x;
    }
    if digits < -308.0 {
        return 0.0;
    }
    if digits == 0.0 {
        return rint(x);
    }
    let dig = (digits + 0.5).floor() as i32;
    let (sgn, x) = if x < 0.0 { (-1.0, -x) } else { (1.0, x) };
    if dig > 0 && (dig as f64 + x.log10().ceil()) > 15.0 {
        return sgn * x;
    }
    let (xd, xu, i10) = if dig > 0 {
        // 10^dig as two factors: past 10^308 (|x| near 1e-305 or below, a
        // subnormal's digits) it is not a double, so R scales by 10^308 and
        // then by the rest (in long double; in double here).
        let (p10, rest) = if dig > 308 {
            (1e308, 10f64.powi(dig - 308))
        } else {
            (10f64.powi(dig), 1.0)
        };
        let x10 = (p10 * x) * rest;
        let i10 = x10.floor();
        ((i10 / p10) / rest, (x10.ceil() / p10) / rest, i10)
    } else {
        let p10 = 10f64.powi(-dig);
        let x10 = x / p10;
        let i10 = x10.floor();
        (i10 * p10, x10.ceil() * p10, i10)
    };
    let du = xu - x;
    let dd = x - xd;
    sgn * if du < dd || (du == dd && i10 % 2.0 == 1.0) {
        xu
    } else {
        xd
    }
}

/// R's `z_prec_r`: round a complex number to `digits` significant digits, judged
/// on the larger of its two parts (so a tiny part next to a large one becomes 0).
pub fn complex_signif(z: C64, digits: usize) -> C64 {
    let (m1, m2) = (z.re.abs(), z.im.abs());
    let mut m = 0.0;
    if m1.is_finite() {
        m = m1;
    }
    if m2.is_finite() && m2 > m {
        m = m2;
    }
    if m == 0.0 || digits > 22 {
        return z;
    }
    let dig = digits.max(1) as i32;
    let mag = m.log10().floor() as i32;
    let dig = dig - mag - 1;
    let round = fround;
    if dig > 306 {
        let pow10 = 1.0e4;
        let d = (dig - 4) as f64;
        C64::new(
            round(pow10 * z.re, d) / pow10,
            round(pow10 * z.im, d) / pow10,
        )
    } else {
        C64::new(round(z.re, dig as f64), round(z.im, dig as f64))
    }
}

/// R 4.2's `formatComplex`: formats for the real and imaginary parts (the
/// imaginary one for absolute values), chosen jointly after rounding each number
/// to `digits` significant digits; the flag says whether an NA was seen.
pub fn format_complex(x: &[C64], digits: usize, nsmall: usize) -> (RealFmt, RealFmt, bool) {
    let mut naflag = false;
    let (mut rnan, mut rposinf, mut rneginf, mut inan, mut iposinf) =
        (false, false, false, false, false);
    let (mut all_re_zero, mut all_im_zero) = (true, true);
    let mut re_stats = PartStats::new();
    let mut im_stats = PartStats::new();
    for &z in x {
        let t = complex_signif(z, digits);
        if is_na_real(t.re) || is_na_real(t.im) {
            naflag = true;
            continue;
        }
        if !t.re.is_finite() {
            if t.re.is_nan() {
                rnan = true;
            } else if t.re > 0.0 {
                rposinf = true;
            } else {
                rneginf = true;
            }
        } else {
            if z.re != 0.0 {
                all_re_zero = false;
            }
            re_stats.add(t.re, digits);
        }
        if !t.im.is_finite() {
            if t.im.is_nan() {
                inan = true;
            } else {
                iposinf = true;
            }
        } else {
            if z.im != 0.0 {
                all_im_zero = false;
            }
            im_stats.add(t.im.abs(), digits);
        }
    }
    let zero = RealFmt { w: 0, d: 0, e: 0 };
    let (wf, mut fr) = re_stats.formats().unwrap_or((0, zero));
    let (i_wf, mut fi) = im_stats.formats().unwrap_or((0, zero));
    let sci = scipen();
    if all_re_zero {
        fr = RealFmt {
            w: wf as usize,
            d: 0,
            e: 0,
        };
        if i_wf <= fi.w as i64 + sci {
            fi = im_stats.fixed(nsmall);
        }
    } else if all_im_zero {
        if wf <= fr.w as i64 + sci {
            fr = re_stats.fixed(nsmall);
        }
        fi = RealFmt {
            w: i_wf as usize,
            d: 0,
            e: 0,
        };
    } else if wf + i_wf < (fr.w + fi.w) as i64 + 2 * sci {
        fr = re_stats.fixed(nsmall);
        fi = im_stats.fixed(nsmall);
    }
    if re_stats.mxl == i64::MIN {
        fr = RealFmt { w: 0, d: 0, e: 0 };
    }
    if im_stats.mxl == i64::MIN {
        fi = RealFmt { w: 0, d: 0, e: 0 };
    }
    if rnan || rposinf {
        fr.w = fr.w.max(3);
    }
    if rneginf {
        fr.w = fr.w.max(4);
    }
    if inan || iposinf {
        fi.w = fi.w.max(3);
    }
    if naflag && fr.w + fi.w + 2 < NA_WIDTH {
        fr.w += NA_WIDTH - (fr.w + fi.w + 2);
    }
    (fr, fi, naflag)
}

/// R's `EncodeComplex`: one complex number with its parts padded to the widths
/// of `fr` and `fi` (pass `w: 0` for no padding). Parts that round to zero at
/// `digits` show as zero.
pub fn encode_complex_digits(z: C64, fr: RealFmt, fi: RealFmt, digits: usize) -> String {
    if is_na_real(z.re) || is_na_real(z.im) {
        return pad_left("NA", fr.w + fi.w + 2);
    }
    let y = complex_signif(z, digits);
    let re = encode_real(if y.re == 0.0 { 0.0 } else { z.re }, fr);
    let neg_im = z.im < 0.0;
    let im = encode_real(if y.im == 0.0 { 0.0 } else { z.im.abs() }, fi);
    format!("{}{}{}i", re, if neg_im { '-' } else { '+' }, im)
}

/// One complex number in the part formats `fr` and `fi` of its vector, its
/// parts as they are (not rounded together first, as `encode_complex_digits`
/// does): how R 4.2 prints the elements of a named complex vector
/// (`c(a = -2147854375+36i)` shows `+36i` where the unnamed value shows `+0i`).
pub fn encode_complex_parts(z: C64, fr: RealFmt, fi: RealFmt) -> String {
    if is_na_real(z.re) || is_na_real(z.im) {
        return pad_left("NA", fr.w + fi.w + 2);
    }
    let re = encode_real(z.re, fr);
    let im = encode_real(z.im.abs(), fi);
    format!("{}{}{}i", re, if z.im < 0.0 { '-' } else { '+' }, im)
}

/// One complex number in the given part formats (unpadded), at the current
/// `digits` option.
pub fn encode_complex(z: C64, fr: RealFmt, fi: RealFmt) -> String {
    encode_complex_digits(z, RealFmt { w: 0, ..fr }, RealFmt { w: 0, ..fi }, digits())
}

/// Complex numbers formatted with common part formats, right-justified.
pub fn format_cplx_vec(x: &[C64], digits: usize) -> Vec<String> {
    format_cplx_vec_nsmall(x, digits, 0)
}

/// `format_cplx_vec` with at least `nsmall` decimals in fixed notation.
pub fn format_cplx_vec_nsmall(x: &[C64], digits: usize, nsmall: usize) -> Vec<String> {
    let (fr, fi, _) = format_complex(x, digits, nsmall);
    let strs: Vec<String> = x
        .iter()
        .map(|&z| encode_complex_digits(z, fr, fi, digits))
        .collect();
    let w = strs.iter().map(|s| s.chars().count()).max().unwrap_or(0);
    strs.iter().map(|s| pad_left(s, w)).collect()
}

/// A complex number as `as.character` shows it.
pub fn cplx_to_char(z: C64) -> String {
    if is_na_real(z.re) || is_na_real(z.im) {
        return "NA".into();
    }
    let re = num_to_char(z.re);
    let im = num_to_char(z.im.abs());
    format!("{}{}{}i", re, if z.im < 0.0 { '-' } else { '+' }, im)
}

/// R's `encodeString` body: the string with escapes, quoted with `"` if `quote`.
pub fn escape_string(s: &str, quote: bool) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    if quote {
        out.push('"');
    }
    for c in s.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\u{b}' => out.push_str("\\v"),
            '\\' => out.push_str("\\\\"),
            '"' if quote => out.push_str("\\\""),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\{:03o}", c as u32))
            }
            c => out.push(c),
        }
    }
    if quote {
        out.push('"');
    }
    out
}

/// A string element as printed: escaped and quoted when `quote`, NA as `NA`
/// (quoted context) or `<NA>` (unquoted context).
pub fn encode_string(s: &RStr, quote: bool) -> String {
    match s {
        None => if quote { "NA" } else { "<NA>" }.to_string(),
        Some(s) => {
            if quote {
                escape_string(s, true)
            } else {
                s.to_string()
            }
        }
    }
}

/// Display width of a string (characters; R counts East Asian wide characters as 2,
/// which the subset does not need).
pub fn str_width(s: &str) -> usize {
    s.chars().count()
}

/// Strings encoded (see `encode_string`) and left-justified to their common width.
pub fn format_str_vec(x: &[RStr], quote: bool) -> Vec<String> {
    let enc: Vec<String> = x.iter().map(|s| encode_string(s, quote)).collect();
    let w = enc.iter().map(|s| str_width(s)).max().unwrap_or(0);
    enc.iter().map(|s| pad_right(s, w)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::na_real;

    #[test]
    fn whole_numbers_take_the_general_rule() {
        // The fast path agrees with `format_real` wherever it answers.
        let mut xs: Vec<f64> = (-1200..1200).map(|k| k as f64).collect();
        for e in 0..15 {
            let p = 10f64.powi(e);
            xs.extend([p, -p, 2.0 * p, 12.0 * p, 123456.0 * p, p + 1.0, 999.0 * p]);
        }
        xs.extend([-0.0, 1e15 - 1.0, 999_999_999_999_999.0, 4503599627370497.0]);
        for x in xs {
            if let Some(fast) = whole_num_to_char(x) {
                let slow = encode_real_drop0(x, format_real(&[x], 15, 0));
                assert_eq!(fast, slow, "{x}");
            }
        }
    }

    #[test]
    fn as_character_doubles() {
        // Rscript: as.character(c(0.1,1e5,1e-4,123456.7,1/3,1e15,100000,1234567))
        let xs = [
            0.1,
            1e5,
            1e-4,
            123456.7,
            1.0 / 3.0,
            1e15,
            100000.0,
            1234567.0,
        ];
        let want = [
            "0.1",
            "1e+05",
            "1e-04",
            "123456.7",
            "0.333333333333333",
            "1e+15",
            "1e+05",
            "1234567",
        ];
        for (x, w) in xs.iter().zip(want) {
            assert_eq!(num_to_char(*x), w);
        }
    }

    #[test]
    fn print_formats() {
        assert_eq!(
            format_real_vec(&[1.5, na_real(), 3.0], 7),
            vec!["1.5", " NA", "3.0"]
        );
        assert_eq!(format_real_vec(&[1e-20, 1.0], 7), vec!["1e-20", "1e+00"]);
        assert_eq!(format_real_vec(&[1e100, 1e5], 7), vec!["1e+100", " 1e+05"]);
        assert_eq!(format_real_vec(&[123456.0], 7), vec!["123456"]);
        assert_eq!(format_real_vec(&[-0.0], 7), vec!["0"]);
    }

    #[test]
    fn cat_numbers() {
        // Rscript: cat(1/3, 1e-20, 123456789, 1e5, 100000, 1234567.1)
        let got: Vec<String> = [1.0 / 3.0, 1e-20, 123456789.0, 1e5, 100000.0, 1234567.1]
            .iter()
            .map(|&x| format_real_one(x, 7))
            .collect();
        assert_eq!(
            got.join(" "),
            "0.3333333 1e-20 123456789 1e+05 1e+05 1234567"
        );
    }
}
