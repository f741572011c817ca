//! Complex elementwise math as GNU R computes it: the C library's C99
//! functions (`csqrt`, `cexp`, `clog`, `csin`, …, with Annex G's rules for
//! infinite and NaN parts) behind R's own wrappers at the branch cuts
//! (`z_tan`, `z_asin`, `z_acos`, `z_atan` of R's `complex.c`), and R's NA
//! rule (`cmath1`): an element with an `NA_real_` part gives `NA`, other NaN
//! parts go through the C function. A NaN result from an input without NaN
//! parts warns `NaNs produced in function "f"`.

use super::arith::cplx_div;
use crate::value::{is_na_real, na_complex, C64};

#[repr(C)]
#[derive(Clone, Copy)]
struct CDouble {
    re: f64,
    im: f64,
}

// `double _Complex` is passed and returned as two doubles (in registers) on
// the supported targets, exactly as this `repr(C)` pair.
extern "C" {
    fn csqrt(z: CDouble) -> CDouble;
    fn cexp(z: CDouble) -> CDouble;
    fn clog(z: CDouble) -> CDouble;
    fn csin(z: CDouble) -> CDouble;
    fn ccos(z: CDouble) -> CDouble;
    fn ctan(z: CDouble) -> CDouble;
    fn casin(z: CDouble) -> CDouble;
    fn cacos(z: CDouble) -> CDouble;
    fn catan(z: CDouble) -> CDouble;
    fn csinh(z: CDouble) -> CDouble;
    fn ccosh(z: CDouble) -> CDouble;
    fn ctanh(z: CDouble) -> CDouble;
}

fn c99(f: unsafe extern "C" fn(CDouble) -> CDouble, z: C64) -> C64 {
    // SAFETY: pure C library functions of one complex number.
    let r = unsafe { f(CDouble { re: z.re, im: z.im }) };
    C64::new(r.re, r.im)
}

/// A complex function of one argument with the name R's warning gives it.
pub struct CFn {
    pub name: &'static str,
    pub f: fn(C64) -> C64,
    /// R's `cmath1` rule: an `NA_real_` part gives NA without calling `f`
    /// (not for `log2`/`log10`, which R computes as `log(z, base)`).
    pub na_in: bool,
}

pub fn z_sqrt(z: C64) -> C64 {
    c99(csqrt, z)
}
pub fn z_exp(z: C64) -> C64 {
    c99(cexp, z)
}
pub fn z_log(z: C64) -> C64 {
    c99(clog, z)
}
pub fn z_sin(z: C64) -> C64 {
    c99(csin, z)
}
pub fn z_cos(z: C64) -> C64 {
    c99(ccos, z)
}
pub fn z_sinh(z: C64) -> C64 {
    c99(csinh, z)
}
pub fn z_cosh(z: C64) -> C64 {
    c99(ccosh, z)
}
pub fn z_tanh(z: C64) -> C64 {
    c99(ctanh, z)
}

/// R's `z_tan`: for a large finite imaginary part the imaginary result is ±1.
pub fn z_tan(z: C64) -> C64 {
    let y = z.im;
    let mut r = c99(ctan, z);
    if y.is_finite() && y.abs() > 25.0 {
        r.im = if y < 0.0 { -1.0 } else { 1.0 };
    }
    r
}

/// R's `z_asin`: its own branch cut continuity on the real axis beyond ±1.
/// (R adds `ri*I`, a real times the imaginary unit: its real part is
/// `ri * 0`, NaN for an infinite or NaN `ri`.)
pub fn z_asin(z: C64) -> C64 {
    if z.im == 0.0 && z.re.abs() > 1.0 {
        let x = z.re;
        let t1 = 0.5 * (x + 1.0).abs();
        let t2 = 0.5 * (x - 1.0).abs();
        let alpha = t1 + t2;
        let mut ri = (alpha + (alpha * alpha - 1.0).sqrt()).ln();
        if x > 1.0 {
            ri *= -1.0;
        }
        return C64::new((t1 - t2).asin() + ri * 0.0, ri);
    }
    c99(casin, z)
}

/// R's `z_acos`: `pi/2 - z_asin(z)` on the real axis beyond ±1.
pub fn z_acos(z: C64) -> C64 {
    if z.im == 0.0 && z.re.abs() > 1.0 {
        let a = z_asin(z);
        return C64::new(std::f64::consts::FRAC_PI_2 - a.re, -a.im);
    }
    c99(cacos, z)
}

/// R's `z_atan`: its own values on the imaginary axis beyond ±i.
pub fn z_atan(z: C64) -> C64 {
    if z.re == 0.0 && z.im.abs() > 1.0 {
        let y = z.im;
        let rr = if y > 0.0 {
            std::f64::consts::FRAC_PI_2
        } else {
            -std::f64::consts::FRAC_PI_2
        };
        let ri = 0.25 * (((y + 1.0) * (y + 1.0)) / ((y - 1.0) * (y - 1.0))).ln();
        return C64::new(rr + ri * 0.0, ri);
    }
    c99(catan, z)
}

/// R's `z_logbase` (`log(z, base)`, `log2`, `log10` of complex):
/// `clog(z) / clog(base)` with C99 complex division.
pub fn z_logbase(z: C64, base: C64) -> C64 {
    cplx_div(z_log(z), z_log(base))
}

/// Has the complex number an `NA_real_` part (R's `ISNA(x.r) || ISNA(x.i)`)?
#[inline]
pub fn has_na_part(z: C64) -> bool {
    is_na_real(z.re) || is_na_real(z.im)
}

/// R's `cmath1`: `f` over `zs`; the flag says whether to warn
/// `NaNs produced in function "…"`.
pub fn cmath1(zs: &[C64], f: &CFn) -> (Vec<C64>, bool) {
    let mut naflag = false;
    let out = zs
        .iter()
        .map(|&z| {
            if f.na_in && has_na_part(z) {
                na_complex()
            } else {
                let y = (f.f)(z);
                if (y.re.is_nan() || y.im.is_nan()) && !(z.re.is_nan() || z.im.is_nan()) {
                    naflag = true;
                }
                y
            }
        })
        .collect();
    (out, naflag)
}

fn z_log2(z: C64) -> C64 {
    z_logbase(z, C64::new(2.0, 0.0))
}
fn z_log10(z: C64) -> C64 {
    z_logbase(z, C64::new(10.0, 0.0))
}
pub const LOG2: &CFn = &CFn {
    name: "log2",
    f: z_log2,
    na_in: false,
};
pub const LOG10: &CFn = &CFn {
    name: "log10",
    f: z_log10,
    na_in: false,
};

/// R's `complex_math2` for `log(z, base)`: NA only when both are NA.
pub fn logbase(zs: &[C64], base: C64) -> (Vec<C64>, bool) {
    let mut naflag = false;
    let all_na = |z: C64| is_na_real(z.re) && is_na_real(z.im);
    let nan = |z: C64| z.re.is_nan() || z.im.is_nan();
    let out = zs
        .iter()
        .map(|&z| {
            if all_na(z) && all_na(base) {
                na_complex()
            } else {
                let y = z_logbase(z, base);
                if nan(y) && !(nan(z) || nan(base)) {
                    naflag = true;
                }
                y
            }
        })
        .collect();
    (out, naflag)
}

macro_rules! cfns {
    ($($konst:ident = $name:literal, $f:path;)*) => {
        $(pub const $konst: &CFn = &CFn { name: $name, f: $f, na_in: true };)*
    };
}
cfns! {
    SQRT = "sqrt", z_sqrt;
    EXP = "exp", z_exp;
    LOG = "log", z_log;
    SIN = "sin", z_sin;
    COS = "cos", z_cos;
    TAN = "tan", z_tan;
    ASIN = "asin", z_asin;
    ACOS = "acos", z_acos;
    ATAN = "atan", z_atan;
    SINH = "sinh", z_sinh;
    COSH = "cosh", z_cosh;
    TANH = "tanh", z_tanh;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c99_special_values() {
        let inf = f64::INFINITY;
        let r = z_sqrt(C64::new(-inf, f64::NAN));
        assert!(r.re.is_nan() && r.im.is_infinite());
        assert_eq!(z_sqrt(C64::new(-1.0, 0.0)), C64::new(0.0, 1.0));
        let e = z_exp(C64::new(-inf, 0.0));
        assert_eq!(e, C64::new(0.0, 0.0));
        assert_eq!(z_tan(C64::new(0.0, 30.0)).im, 1.0);
    }
}
