//! `fft(z, inverse = FALSE)` and `convolve(x, y, conj = TRUE, type = )` of
//! R's stats package.
//!
//! The transform is dlvm's own mixed-radix Cooley–Tukey (radices 4, 2, 3, 5
//! and a direct DFT for other prime factors) with twiddle factors computed
//! directly (exact at the multiples of a quarter turn). GNU R uses
//! Singleton's mixed-radix algorithm, whose twiddles come from recurrences:
//! both are accurate to a few ulps, but they round differently, so a value
//! whose exact result is 0 may come out as a different tiny number (R-SUBSET.md,
//! known differences). Unnormalized in both directions, as R's.

use super::arith::{cplx_data, cplx_mul};
use super::BuiltinDef;
use crate::args::Args;
use crate::error::{RError, RResult};
use crate::interp::Interp;
use crate::value::*;
use std::f64::consts::PI;

pub const BUILTINS: &[BuiltinDef] = &[
    BuiltinDef::new("fft", bi_fft),
    BuiltinDef::new("convolve", bi_convolve),
];

/// `exp(sign * 2 pi i j / n)` for j in 0..n, exact at quarter turns.
fn twiddles(n: usize, sign: f64) -> Vec<C64> {
    (0..n)
        .map(|j| {
            let q = 4 * j;
            if q % n == 0 {
                // 0, 1/4, 1/2, 3/4 of a turn.
                match q / n {
                    0 => C64::new(1.0, 0.0),
                    1 => C64::new(0.0, sign),
                    2 => C64::new(-1.0, 0.0),
                    _ => C64::new(0.0, -sign),
                }
            } else {
                // Reduce to the first half turn for accuracy.
                let (jj, flip) = if 2 * j > n { (n - j, -1.0) } else { (j, 1.0) };
                let t = 2.0 * PI * jj as f64 / n as f64;
                C64::new(t.cos(), sign * flip * t.sin())
            }
        })
        .collect()
}

fn smallest_factor(n: usize) -> usize {
    if n.is_multiple_of(4) && n > 4 {
        return 4;
    }
    let mut p = 2;
    while p * p <= n {
        if n.is_multiple_of(p) {
            return p;
        }
        p += 1;
    }
    n
}

/// Complex multiplication as R's arithmetic does it for finite values.
#[inline]
fn mul(a: C64, b: C64) -> C64 {
    C64::new(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re)
}

/// The DFT of `x[off], x[off + stride], …` (`n` values); `w` holds the
/// twiddles of the full length `big`, of which `n` divides.
fn transform(x: &[C64], off: usize, stride: usize, n: usize, w: &[C64], big: usize) -> Vec<C64> {
    if n == 1 {
        return vec![x[off]];
    }
    let step = big / n; // twiddle index of exp(2 pi i / n)
    let p = smallest_factor(n);
    if p == n {
        // A prime length: the direct sum.
        return (0..n)
            .map(|k| {
                let mut s = x[off];
                for j in 1..n {
                    s += mul(w[(j * k % n) * step], x[off + j * stride]);
                }
                s
            })
            .collect();
    }
    let m = n / p;
    let subs: Vec<Vec<C64>> = (0..p)
        .map(|r| transform(x, off + r * stride, stride * p, m, w, big))
        .collect();
    let mut out = vec![C64::new(0.0, 0.0); n];
    let mut t = vec![C64::new(0.0, 0.0); p];
    for k in 0..m {
        // Twiddled inputs of the radix-p butterfly.
        t[0] = subs[0][k];
        for r in 1..p {
            t[r] = mul(w[(r * k) * step], subs[r][k]);
        }
        match p {
            2 => {
                out[k] = t[0] + t[1];
                out[k + m] = t[0] - t[1];
            }
            4 => {
                // w^m = sign * i (exact): multiply t[1] - t[3] by it.
                let i = w[m * step];
                let a0 = t[0] + t[2];
                let a1 = t[0] - t[2];
                let b0 = t[1] + t[3];
                let d = t[1] - t[3];
                let b1 = C64::new(-i.im * d.im, i.im * d.re);
                out[k] = a0 + b0;
                out[k + m] = a1 + b1;
                out[k + 2 * m] = a0 - b0;
                out[k + 3 * m] = a1 - b1;
            }
            _ => {
                for q in 0..p {
                    let mut s = t[0];
                    for (r, tr) in t.iter().enumerate().skip(1) {
                        s += mul(w[(r * q % p) * m * step], *tr);
                    }
                    out[k + q * m] = s;
                }
            }
        }
    }
    out
}

/// The unnormalized DFT (`inverse`: with `exp(+2 pi i jk/n)`).
pub fn fft(z: &[C64], inverse: bool) -> Vec<C64> {
    let n = z.len();
    if n <= 1 {
        return z.to_vec();
    }
    let w = twiddles(n, if inverse { 1.0 } else { -1.0 });
    transform(z, 0, 1, n, &w, n)
}

fn to_complex(v: &Value, what: &str) -> RResult<(Vec<C64>, Option<Box<Attrs>>)> {
    match v.as_vector() {
        Some(vv) if vv.vtype() <= VType::Cplx => {
            Ok((cplx_data(&vv.data).into_owned(), vv.attrs.clone()))
        }
        _ => Err(RError::new(format!("non-numeric argument{}", what))),
    }
}

fn flag(v: Option<Value>, default: bool) -> RResult<bool> {
    match v {
        None => Ok(default),
        Some(v) => match v
            .as_vector()
            .map(|x| crate::coerce::coerce_data(&x.data, VType::Lgl))
        {
            Some(VecData::Lgl(d)) if !d.is_empty() && d[0] != NA_LOGICAL => Ok(d[0] != 0),
            _ => Err(RError::new("argument is not interpretable as logical")),
        },
    }
}

fn bi_fft(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["z", "inverse"])?;
    let z = b
        .take(0)
        .ok_or_else(|| RError::new("argument \"z\" is missing, with no default"))?;
    let inverse = flag(b.take(1), false)?;
    let (data, attrs) = to_complex(&z, "")?;
    let dims: Vec<usize> = attrs
        .as_ref()
        .and_then(|a| a.iter().find(|(k, _)| &**k == "dim"))
        .and_then(|(_, d)| d.as_vector())
        .map(|d| match &d.data {
            VecData::Int(v) => v.iter().map(|&x| x.max(0) as usize).collect(),
            VecData::Dbl(v) => v.iter().map(|&x| x.max(0.0) as usize).collect(),
            _ => Vec::new(),
        })
        .unwrap_or_default();
    let out = if dims.len() > 1 {
        // An array: the transform along every dimension in turn (R's
        // multivariate fft).
        let mut a = data;
        let mut span = 1;
        for &d in &dims {
            let block = span * d;
            let mut next = a.clone();
            for base in (0..a.len()).step_by(block.max(1)) {
                for s in 0..span {
                    let line: Vec<C64> = (0..d).map(|i| a[base + s + i * span]).collect();
                    let f = fft(&line, inverse);
                    for (i, v) in f.into_iter().enumerate() {
                        next[base + s + i * span] = v;
                    }
                }
            }
            a = next;
            span = block;
        }
        a
    } else {
        fft(&data, inverse)
    };
    let mut v = Vector::new(VecData::Cplx(out));
    v.attrs = attrs;
    Ok(Value::from_vector(v))
}

/// `convolve`, as stats' R code computes it (`fft(fft(x) * Conj(fft(y)),
/// inverse = TRUE)`, then `Re(.)/n` for real arguments).
fn bi_convolve(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "y", "conj", "type"])?;
    let x = b
        .take(0)
        .ok_or_else(|| RError::new("argument \"x\" is missing, with no default"))?;
    let y = b
        .take(1)
        .ok_or_else(|| RError::new("argument \"y\" is missing, with no default"))?;
    let conj = flag(b.take(2), true)?;
    let ty = match b.take(3) {
        None => "circular".to_string(),
        Some(t) => {
            let s = match t.as_vector().map(|v| v.data.clone()) {
                Some(VecData::Str(s)) if !s.is_empty() => {
                    s[0].as_deref().unwrap_or("NA").to_string()
                }
                _ => return Err(RError::new("'arg' must be NULL or a character vector")),
            };
            let choices = ["circular", "open", "filter"];
            let hits: Vec<&&str> = choices.iter().filter(|c| c.starts_with(&s)).collect();
            match (hits.len(), s.is_empty()) {
                (1, false) => hits[0].to_string(),
                _ => {
                    return Err(RError::new(
                        "'arg' should be one of \u{201c}circular\u{201d}, \u{201c}open\u{201d}, \u{201c}filter\u{201d}",
                    ))
                }
            }
        }
    };
    let is_num = |v: &Value| v.vtype().is_some_and(|t| t <= VType::Dbl);
    let real = is_num(&x) && is_num(&y);
    let (mut xs, _) = to_complex(&x, " to function")?;
    let (mut ys, _) = to_complex(&y, " to function")?;
    let mut n = xs.len();
    let ny = ys.len();
    let mut n1 = 0;
    if ty == "circular" {
        if ny != n {
            return Err(RError::new("length mismatch in convolution"));
        }
    } else {
        n1 = ny.saturating_sub(1);
        let mut xx = vec![C64::new(0.0, 0.0); n1];
        xx.extend_from_slice(&xs);
        xs = xx;
        ys.extend(std::iter::repeat_n(C64::new(0.0, 0.0), n.saturating_sub(1)));
        n = ys.len();
        if xs.len() != n {
            return Err(RError::new("length mismatch in convolution"));
        }
    }
    let fx = fft(&xs, false);
    let fy = fft(&ys, false);
    let prod: Vec<C64> = fx
        .iter()
        .zip(&fy)
        .map(|(a, b)| cplx_mul(*a, if conj { b.conj() } else { *b }))
        .collect();
    let r = fft(&prod, true);
    let keep: Vec<usize> = if ty == "filter" {
        // x[-c(1:n1, (n - n1 + 1):n)]
        (0..n)
            .filter(|&i| {
                let i1 = i + 1;
                let drop_lo = if n1 >= 1 {
                    i1 <= n1
                } else {
                    i1 == 1 || i1 == 0
                };
                let drop_hi = if n1 >= 1 {
                    i1 > n - n1
                } else {
                    i1 == n + 1 || i1 == n
                };
                !(drop_lo || drop_hi)
            })
            .collect()
    } else {
        (0..n).collect()
    };
    let nf = n as f64;
    if real {
        let out: Vec<f64> = keep.iter().map(|&i| r[i].re / nf).collect();
        Ok(Value::from_vector(Vector::new(VecData::Dbl(out))))
    } else {
        let out: Vec<C64> = keep
            .iter()
            .map(|&i| super::arith::cplx_div(r[i], C64::new(nf, 0.0)))
            .collect();
        Ok(Value::from_vector(Vector::new(VecData::Cplx(out))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive(z: &[C64], inverse: bool) -> Vec<C64> {
        let n = z.len();
        let s = if inverse { 1.0 } else { -1.0 };
        (0..n)
            .map(|k| {
                z.iter()
                    .enumerate()
                    .map(|(j, &x)| {
                        let t = s * 2.0 * PI * ((j * k) % n) as f64 / n as f64;
                        x * C64::new(t.cos(), t.sin())
                    })
                    .sum()
            })
            .collect()
    }

    #[test]
    fn matches_the_definition() {
        for n in 1..=40usize {
            let z: Vec<C64> = (0..n)
                .map(|i| C64::new((i * i % 7) as f64 - 3.0, (i % 5) as f64 * 0.5))
                .collect();
            for inv in [false, true] {
                let a = fft(&z, inv);
                let b = naive(&z, inv);
                for (p, q) in a.iter().zip(&b) {
                    assert!(
                        (p - q).norm() < 1e-9 * (1.0 + q.norm()),
                        "n = {} {:?} {:?}",
                        n,
                        p,
                        q
                    );
                }
            }
        }
    }
}
