//! Summation in x87 80-bit extended precision ("long double"), emulated in
//! software. GNU R accumulates `sum` and `cumsum` of doubles in a `LDOUBLE`,
//! so a plain f64 loop can differ from R in the last bit (and R's `sum` of
//! `c(1e308, 1e308, -1e308)` is finite). Each addition here is rounded to a
//! 64-bit significand, round-to-nearest-even, exactly as the x87 FPU does.

/// A finite extended-precision value `(-1)^neg * mant * 2^exp`; `mant` has its
/// top bit set unless the value is zero (`mant == 0`).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Extended {
    neg: bool,
    mant: u64,
    exp: i32,
}

const ZERO: Extended = Extended {
    neg: false,
    mant: 0,
    exp: 0,
};

/// Guard bits kept below the 64-bit significand while adding.
const GUARD: u32 = 62;

impl Extended {
    /// Exact conversion of a finite double.
    fn from_f64(x: f64) -> Extended {
        if x == 0.0 {
            return ZERO;
        }
        let bits = x.to_bits();
        let neg = bits >> 63 != 0;
        let biased = ((bits >> 52) & 0x7ff) as i32;
        let frac = bits & ((1u64 << 52) - 1);
        let (m, e) = if biased == 0 {
            (frac, -1074)
        } else {
            (frac | (1u64 << 52), biased - 1075)
        };
        let shift = m.leading_zeros();
        Extended {
            neg,
            mant: m << shift,
            exp: e - shift as i32,
        }
    }

    /// Magnitude comparison: is |self| >= |other|?
    fn abs_ge(&self, other: &Extended) -> bool {
        (self.exp, self.mant) >= (other.exp, other.mant)
    }

    /// `self + other` rounded to a 64-bit significand.
    fn add(self, other: Extended) -> Extended {
        if other.mant == 0 {
            return self;
        }
        if self.mant == 0 {
            return other;
        }
        let (big, small) = if self.abs_ge(&other) {
            (self, other)
        } else {
            (other, self)
        };
        let big_m = (big.mant as u128) << GUARD;
        let d = (big.exp - small.exp) as u32;
        let small_full = (small.mant as u128) << GUARD;
        let small_m = if d >= 126 {
            1 // only a sticky bit survives
        } else {
            let shifted = small_full >> d;
            let lost = small_full & ((1u128 << d) - 1) != 0;
            shifted | lost as u128
        };
        let sum = if big.neg == small.neg {
            big_m + small_m
        } else {
            big_m - small_m
        };
        if sum == 0 {
            return ZERO;
        }
        normalize(big.neg, sum, big.exp - GUARD as i32)
    }

    fn neg(self) -> Extended {
        Extended {
            neg: !self.neg,
            ..self
        }
    }

    /// `self * other` rounded to a 64-bit significand (the product of two
    /// 64-bit significands is exact in 128 bits).
    fn mul(self, other: Extended) -> Extended {
        if self.mant == 0 || other.mant == 0 {
            return ZERO;
        }
        let p = self.mant as u128 * other.mant as u128;
        normalize(self.neg != other.neg, p, self.exp + other.exp)
    }

    /// The square root of a non-negative value, rounded to a 64-bit
    /// significand (to nearest; a tie is impossible).
    fn sqrt(self) -> Extended {
        if self.mant == 0 {
            return ZERO;
        }
        // mant * 2^exp = v * 2^(exp - s) with (exp - s) even, v < 2^128.
        let s = if self.exp % 2 == 0 { 64 } else { 63 };
        let v = (self.mant as u128) << s;
        let r = isqrt(v);
        let rem = v - r * r;
        // sqrt(v) = r + f, f in [0, 1): f > 1/2 exactly when rem > r.
        let r = r + (rem > r) as u128;
        normalize(false, r, (self.exp - s) / 2)
    }

    /// `self / n` rounded to a 64-bit significand.
    fn div_count(self, n: u64) -> Extended {
        if self.mant == 0 || n == 0 {
            return self;
        }
        let num = (self.mant as u128) << 63;
        let q = num / n as u128;
        let sticky = !num.is_multiple_of(n as u128);
        normalize(self.neg, q | sticky as u128, self.exp - 63)
    }
}

/// The integer square root (floor) of `v`, digit by digit.
fn isqrt(v: u128) -> u128 {
    let mut rem = v;
    let mut root = 0u128;
    let mut bit = 1u128 << 126;
    while bit > v {
        bit >>= 2;
    }
    while bit != 0 {
        if rem >= root + bit {
            rem -= root + bit;
            root = (root >> 1) + bit;
        } else {
            root >>= 1;
        }
        bit >>= 2;
    }
    root
}

/// Round `v * 2^exp` (v ≠ 0, lowest bit possibly a sticky bit) to a 64-bit
/// significand, ties to even.
fn normalize(neg: bool, v: u128, exp: i32) -> Extended {
    let top = 127 - v.leading_zeros() as i32;
    let k = top - 63;
    let mut exp = exp + k;
    let mut mant = if k <= 0 {
        (v << (-k) as u32) as u64
    } else {
        let k = k as u32;
        let q = v >> k;
        let rem = v & ((1u128 << k) - 1);
        let half = 1u128 << (k - 1);
        let round_up = rem > half || (rem == half && q & 1 == 1);
        (q + round_up as u128) as u64
    };
    if mant == 0 {
        // The rounding carried out of 64 bits.
        mant = 1u64 << 63;
        exp += 1;
    }
    Extended { neg, mant, exp }
}

impl Extended {
    /// Round to the nearest double (ties to even); overflows to ±Inf.
    fn to_f64(self) -> f64 {
        if self.mant == 0 {
            return 0.0;
        }
        let q = self.mant >> 11;
        let rem = self.mant & 0x7ff;
        let round_up = rem > 0x400 || (rem == 0x400 && q & 1 == 1);
        let mut m53 = q + round_up as u64;
        let mut exp = self.exp + 11;
        if m53 == 1u64 << 53 {
            m53 >>= 1;
            exp += 1;
        }
        let v = ldexp(m53 as f64, exp);
        if self.neg {
            -v
        } else {
            v
        }
    }
}

/// The remainder parts of GNU R's `myfmod` and `myfloor` (arithmetic.c), which
/// compute in long double: `tmp = (LDOUBLE)x1 - floor(q) * (LDOUBLE)x2` and
/// `k = floorl(tmp / x2)`. Returns `(tmp - k * x2, k)` rounded to doubles
/// (the `%%` result and the correction to `floor(q)` for `%/%`). In doubles,
/// `1 %/% 0.1` is 10 where R gives 9 (`0.1` is slightly above 1/10). `None`
/// when an operand or `q` is not finite (the caller's double path).
pub fn long_mod_parts(x1: f64, x2: f64, q: f64) -> Option<(f64, f64)> {
    if !(x1.is_finite() && x2.is_finite() && q.is_finite()) || x2 == 0.0 || q.abs() > 1.0e30 {
        // Not finite, or a quotient so large that `tmp` below is no longer
        // remainder-sized (the product's rounding error, |x1| * 2^-64, is
        // then many multiples of x2, and `k`'s double division here is not
        // R's long double one): the caller's double path, which gives R's
        // results there (`1e119 %% 3` is 0). Beyond 2^63 R also warns
        // "probable complete loss of accuracy in modulus"
        // (`arith::mod_loses_accuracy`).
        return None;
    }
    const EXACT: f64 = 4_503_599_627_370_496.0; // 2^52
    if x1 == x1.trunc() && x2 == x2.trunc() && x1.abs() < EXACT && x2.abs() < EXACT {
        // Whole numbers below 2^52: q is within far less than 1/|x2| of
        // x1/x2, so floor(q) is the exact floor of the quotient; the product
        // (below |x1| + |x2| < 2^53) and the difference are exact in doubles,
        // the remainder lies in [0, x2) (or (x2, 0]), and the correction k is 0.
        return Some((x1 - q.floor() * x2, 0.0));
    }
    let fq = Extended::from_f64(q.floor());
    let tmp = Extended::from_f64(x1).add(fq.mul(Extended::from_f64(x2)).neg());
    // floorl(tmp / x2): tmp is a remainder-sized value, so the quotient's
    // integer part is small; its rounding to double changes it only within
    // 2^-53 of an integer.
    let k = (tmp.to_f64() / x2).floor();
    if !k.is_finite() {
        return None;
    }
    let r = tmp.add(Extended::from_f64(k).mul(Extended::from_f64(x2)).neg());
    Some((r.to_f64(), k))
}

/// `x * 2^e` without intermediate overflow or underflow of the scale factor.
fn ldexp(mut x: f64, mut e: i32) -> f64 {
    while e > 1000 {
        x *= 2f64.powi(1000);
        e -= 1000;
        if x.is_infinite() {
            return x;
        }
    }
    while e < -1000 {
        x *= 2f64.powi(-1000);
        e += 1000;
        if x == 0.0 {
            return x;
        }
    }
    x * 2f64.powi(e)
}

/// The accumulator arithmetic R's sums use, in two implementations with the
/// same results: the x87 FPU itself on x86-64 (what GNU R's compiled C uses for
/// `LDOUBLE` there: one `fadd` per element), and the software emulation above
/// elsewhere. Every function here takes finite doubles only; the callers
/// switch to double arithmetic at the first non-finite one, as `LongSum` does.
#[cfg(target_arch = "x86_64")]
mod imp {
    use std::arch::asm;

    /// An x87 80-bit value as `fstp tbyte` stores it (the first 10 bytes).
    #[derive(Clone, Copy, Debug)]
    #[repr(C, align(16))]
    pub struct Acc([u8; 16]);

    /// x87 control word: all exceptions masked, 64-bit significand (extended
    /// precision), round to nearest: Linux's default, set explicitly so that
    /// a changed control word cannot change a result.
    static CW_EXTENDED: u16 = 0x037F;

    /// +0.0 (all bits zero).
    pub const ZERO: Acc = Acc([0; 16]);

    /// `acc += x` for each x of `xs`, in extended precision.
    pub fn add_slice(acc: &mut Acc, xs: &[f64]) {
        if xs.is_empty() {
            return;
        }
        let mut saved: u16 = 0;
        // SAFETY: reads `xs.len()` doubles from `xs`, reads and writes the 10
        // bytes of `acc`; the x87 stack is declared clobbered (so it is empty
        // on entry) and left empty; the control word is restored.
        unsafe {
            asm!(
                "fnstcw word ptr [{saved}]",
                "fldcw word ptr [{cw}]",
                "fld tbyte ptr [{acc}]",
                "2:",
                "fadd qword ptr [{p}]",
                "add {p}, 8",
                "dec {n}",
                "jnz 2b",
                "fstp tbyte ptr [{acc}]",
                "fldcw word ptr [{saved}]",
                saved = in(reg) &mut saved as *mut u16,
                cw = in(reg) &CW_EXTENDED as *const u16,
                acc = in(reg) acc as *mut Acc,
                p = inout(reg) xs.as_ptr() => _,
                n = inout(reg) xs.len() => _,
                out("st(0)") _, out("st(1)") _, out("st(2)") _, out("st(3)") _,
                out("st(4)") _, out("st(5)") _, out("st(6)") _, out("st(7)") _,
                options(nostack),
            );
        }
    }

    /// `acc += x; out[i] = (double) acc` for each x of `xs` (R's `cumsum`).
    pub fn cumsum(acc: &mut Acc, xs: &[f64], out: &mut Vec<f64>) {
        if xs.is_empty() {
            return;
        }
        let start = out.len();
        out.resize(start + xs.len(), 0.0);
        let mut saved: u16 = 0;
        // SAFETY: as `add_slice`; writes `xs.len()` doubles into `out`'s
        // resized tail.
        unsafe {
            asm!(
                "fnstcw word ptr [{saved}]",
                "fldcw word ptr [{cw}]",
                "fld tbyte ptr [{acc}]",
                "2:",
                "fadd qword ptr [{p}]",
                "fst qword ptr [{q}]",
                "add {p}, 8",
                "add {q}, 8",
                "dec {n}",
                "jnz 2b",
                "fstp tbyte ptr [{acc}]",
                "fldcw word ptr [{saved}]",
                saved = in(reg) &mut saved as *mut u16,
                cw = in(reg) &CW_EXTENDED as *const u16,
                acc = in(reg) acc as *mut Acc,
                p = inout(reg) xs.as_ptr() => _,
                q = inout(reg) out[start..].as_mut_ptr() => _,
                n = inout(reg) xs.len() => _,
                out("st(0)") _, out("st(1)") _, out("st(2)") _, out("st(3)") _,
                out("st(4)") _, out("st(5)") _, out("st(6)") _, out("st(7)") _,
                options(nostack),
            );
        }
    }

    /// Σ (x - s) over `xs`, each difference in extended precision (the
    /// residual pass of R's `mean`).
    pub fn residual_sum(xs: &[f64], s: Acc) -> Acc {
        let mut t = ZERO;
        if xs.is_empty() {
            return t;
        }
        let mut saved: u16 = 0;
        // SAFETY: as `add_slice`; the stack holds s and t (two registers).
        unsafe {
            asm!(
                "fnstcw word ptr [{saved}]",
                "fldcw word ptr [{cw}]",
                "fld tbyte ptr [{s}]",
                "fldz",
                "2:",
                "fld qword ptr [{p}]",
                "fsub st(0), st(2)",
                "faddp st(1), st(0)",
                "add {p}, 8",
                "dec {n}",
                "jnz 2b",
                "fstp tbyte ptr [{t}]",
                "fstp st(0)",
                "fldcw word ptr [{saved}]",
                saved = in(reg) &mut saved as *mut u16,
                cw = in(reg) &CW_EXTENDED as *const u16,
                s = in(reg) &s as *const Acc,
                t = in(reg) &mut t as *mut Acc,
                p = inout(reg) xs.as_ptr() => _,
                n = inout(reg) xs.len() => _,
                out("st(0)") _, out("st(1)") _, out("st(2)") _, out("st(3)") _,
                out("st(4)") _, out("st(5)") _, out("st(6)") _, out("st(7)") _,
                options(nostack),
            );
        }
        t
    }

    /// Σ (x - m)² over `xs`, the difference and the square in extended
    /// precision (R's `var`).
    pub fn sq_dev_sum(xs: &[f64], m: f64) -> Acc {
        let mut t = ZERO;
        if xs.is_empty() {
            return t;
        }
        let mut saved: u16 = 0;
        // SAFETY: as `add_slice`.
        unsafe {
            asm!(
                "fnstcw word ptr [{saved}]",
                "fldcw word ptr [{cw}]",
                "fldz",
                "2:",
                "fld qword ptr [{p}]",
                "fsub qword ptr [{m}]",
                "fmul st(0), st(0)",
                "faddp st(1), st(0)",
                "add {p}, 8",
                "dec {n}",
                "jnz 2b",
                "fstp tbyte ptr [{t}]",
                "fldcw word ptr [{saved}]",
                saved = in(reg) &mut saved as *mut u16,
                cw = in(reg) &CW_EXTENDED as *const u16,
                m = in(reg) &m as *const f64,
                t = in(reg) &mut t as *mut Acc,
                p = inout(reg) xs.as_ptr() => _,
                n = inout(reg) xs.len() => _,
                out("st(0)") _, out("st(1)") _, out("st(2)") _, out("st(3)") _,
                out("st(4)") _, out("st(5)") _, out("st(6)") _, out("st(7)") _,
                options(nostack),
            );
        }
        t
    }

    /// Σ (x - mx) (y - my) over `xs` and `ys` (of one length), the
    /// differences, products and sum in extended precision (R's `cov`).
    pub fn cross_dev_sum(xs: &[f64], mx: f64, ys: &[f64], my: f64) -> Acc {
        let mut t = ZERO;
        let n = xs.len().min(ys.len());
        if n == 0 {
            return t;
        }
        let mut saved: u16 = 0;
        // SAFETY: reads `n` doubles from each of `xs` and `ys`; otherwise as
        // `add_slice`.
        unsafe {
            asm!(
                "fnstcw word ptr [{saved}]",
                "fldcw word ptr [{cw}]",
                "fldz",
                "2:",
                "fld qword ptr [{p}]",
                "fsub qword ptr [{mx}]",
                "fld qword ptr [{q}]",
                "fsub qword ptr [{my}]",
                "fmulp st(1), st(0)",
                "faddp st(1), st(0)",
                "add {p}, 8",
                "add {q}, 8",
                "dec {n}",
                "jnz 2b",
                "fstp tbyte ptr [{t}]",
                "fldcw word ptr [{saved}]",
                saved = in(reg) &mut saved as *mut u16,
                cw = in(reg) &CW_EXTENDED as *const u16,
                mx = in(reg) &mx as *const f64,
                my = in(reg) &my as *const f64,
                t = in(reg) &mut t as *mut Acc,
                p = inout(reg) xs.as_ptr() => _,
                q = inout(reg) ys.as_ptr() => _,
                n = inout(reg) n => _,
                out("st(0)") _, out("st(1)") _, out("st(2)") _, out("st(3)") _,
                out("st(4)") _, out("st(5)") _, out("st(6)") _, out("st(7)") _,
                options(nostack),
            );
        }
        t
    }

    /// The square root in extended precision (`sqrtl`).
    pub fn sqrt(a: Acc) -> Acc {
        let mut r = ZERO;
        let mut saved: u16 = 0;
        // SAFETY: reads a, writes r; as `add_slice`.
        unsafe {
            asm!(
                "fnstcw word ptr [{saved}]",
                "fldcw word ptr [{cw}]",
                "fld tbyte ptr [{a}]",
                "fsqrt",
                "fstp tbyte ptr [{r}]",
                "fldcw word ptr [{saved}]",
                saved = in(reg) &mut saved as *mut u16,
                cw = in(reg) &CW_EXTENDED as *const u16,
                a = in(reg) &a as *const Acc,
                r = in(reg) &mut r as *mut Acc,
                out("st(0)") _, out("st(1)") _, out("st(2)") _, out("st(3)") _,
                out("st(4)") _, out("st(5)") _, out("st(6)") _, out("st(7)") _,
                options(nostack),
            );
        }
        r
    }

    /// `a + b / n` (b / n rounded first), n ≥ 1; with `a` zero, `b / n`.
    pub fn add_div(a: Acc, b: Acc, n: u64) -> Acc {
        let mut r = ZERO;
        let mut saved: u16 = 0;
        let n = n as i64;
        // SAFETY: reads a, b and n, writes r; as `add_slice`.
        unsafe {
            asm!(
                "fnstcw word ptr [{saved}]",
                "fldcw word ptr [{cw}]",
                "fld tbyte ptr [{a}]",
                "fld tbyte ptr [{b}]",
                "fild qword ptr [{n}]",
                "fdivp st(1), st(0)",
                "faddp st(1), st(0)",
                "fstp tbyte ptr [{r}]",
                "fldcw word ptr [{saved}]",
                saved = in(reg) &mut saved as *mut u16,
                cw = in(reg) &CW_EXTENDED as *const u16,
                a = in(reg) &a as *const Acc,
                b = in(reg) &b as *const Acc,
                n = in(reg) &n as *const i64,
                r = in(reg) &mut r as *mut Acc,
                out("st(0)") _, out("st(1)") _, out("st(2)") _, out("st(3)") _,
                out("st(4)") _, out("st(5)") _, out("st(6)") _, out("st(7)") _,
                options(nostack),
            );
        }
        r
    }

    /// Rounded to the nearest double (ties to even); ±Inf beyond its range.
    pub fn to_f64(a: Acc) -> f64 {
        let mut r = 0.0f64;
        let mut saved: u16 = 0;
        // SAFETY: reads a, writes r; as `add_slice`.
        unsafe {
            asm!(
                "fnstcw word ptr [{saved}]",
                "fldcw word ptr [{cw}]",
                "fld tbyte ptr [{a}]",
                "fstp qword ptr [{r}]",
                "fldcw word ptr [{saved}]",
                saved = in(reg) &mut saved as *mut u16,
                cw = in(reg) &CW_EXTENDED as *const u16,
                a = in(reg) &a as *const Acc,
                r = in(reg) &mut r as *mut f64,
                out("st(0)") _, out("st(1)") _, out("st(2)") _, out("st(3)") _,
                out("st(4)") _, out("st(5)") _, out("st(6)") _, out("st(7)") _,
                options(nostack),
            );
        }
        r
    }
}

/// The software emulation as the accumulator arithmetic (targets without an
/// x87 FPU; on x86-64, the reference the FPU is tested against).
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
mod emu {
    use super::{Extended, ZERO as EZERO};

    pub type Acc = Extended;
    pub const ZERO: Acc = EZERO;

    pub fn add_slice(acc: &mut Acc, xs: &[f64]) {
        for &x in xs {
            *acc = acc.add(Extended::from_f64(x));
        }
    }
    pub fn cumsum(acc: &mut Acc, xs: &[f64], out: &mut Vec<f64>) {
        for &x in xs {
            *acc = acc.add(Extended::from_f64(x));
            out.push(acc.to_f64());
        }
    }
    pub fn residual_sum(xs: &[f64], s: Acc) -> Acc {
        let mut t = EZERO;
        for &x in xs {
            t = t.add(Extended::from_f64(x).add(s.neg()));
        }
        t
    }
    pub fn sq_dev_sum(xs: &[f64], m: f64) -> Acc {
        let em = Extended::from_f64(m).neg();
        let mut s = EZERO;
        for &x in xs {
            let d = Extended::from_f64(x).add(em);
            s = s.add(d.mul(d));
        }
        s
    }
    pub fn cross_dev_sum(xs: &[f64], mx: f64, ys: &[f64], my: f64) -> Acc {
        let (emx, emy) = (Extended::from_f64(mx).neg(), Extended::from_f64(my).neg());
        let mut s = EZERO;
        for (&x, &y) in xs.iter().zip(ys) {
            let dx = Extended::from_f64(x).add(emx);
            let dy = Extended::from_f64(y).add(emy);
            s = s.add(dx.mul(dy));
        }
        s
    }
    pub fn sqrt(a: Acc) -> Acc {
        a.sqrt()
    }
    pub fn add_div(a: Acc, b: Acc, n: u64) -> Acc {
        a.add(b.div_count(n))
    }
    pub fn to_f64(a: Acc) -> f64 {
        a.to_f64()
    }
}

#[cfg(not(target_arch = "x86_64"))]
use emu as imp;

/// A running long-double sum. Non-finite terms switch to plain double
/// arithmetic, which gives R's NA/NaN/Inf results.
pub struct LongSum {
    acc: imp::Acc,
    special: Option<f64>,
}

impl Default for LongSum {
    fn default() -> Self {
        Self::new()
    }
}

impl LongSum {
    pub fn new() -> LongSum {
        LongSum {
            acc: imp::ZERO,
            special: None,
        }
    }

    pub fn add(&mut self, x: f64) {
        self.add_slice(std::slice::from_ref(&x));
    }

    /// Add every element of `xs` in order.
    pub fn add_slice(&mut self, xs: &[f64]) {
        let rest = match self.special {
            Some(_) => xs,
            None => {
                let k = xs.iter().position(|x| !x.is_finite()).unwrap_or(xs.len());
                imp::add_slice(&mut self.acc, &xs[..k]);
                if k == xs.len() {
                    return;
                }
                self.special = Some(imp::to_f64(self.acc));
                &xs[k..]
            }
        };
        let mut s = self.special.unwrap();
        for &x in rest {
            s += x;
        }
        self.special = Some(s);
    }

    /// Add every element of `xs` in order, pushing the running sum (rounded
    /// to a double) after each: R's `cumsum`.
    pub fn cumsum_into(&mut self, xs: &[f64], out: &mut Vec<f64>) {
        let rest = match self.special {
            Some(_) => xs,
            None => {
                let k = xs.iter().position(|x| !x.is_finite()).unwrap_or(xs.len());
                imp::cumsum(&mut self.acc, &xs[..k], out);
                if k == xs.len() {
                    return;
                }
                self.special = Some(imp::to_f64(self.acc));
                &xs[k..]
            }
        };
        let mut s = self.special.unwrap();
        for &x in rest {
            s += x;
            out.push(s);
        }
        self.special = Some(s);
    }

    /// The sum rounded to a double.
    pub fn value(&self) -> f64 {
        match self.special {
            Some(s) => s,
            None => imp::to_f64(self.acc),
        }
    }
}

/// R's `colMeans` of one column (`array.c`, `do_colsum`): the long-double
/// sum divided by `n` in long double, without `mean`'s second pass.
pub fn long_sum_div(xs: &[f64], n: u64) -> f64 {
    if n == 0 || xs.iter().any(|x| !x.is_finite()) {
        let mut s = LongSum::new();
        s.add_slice(xs);
        return s.value() / n as f64;
    }
    let mut s = imp::ZERO;
    imp::add_slice(&mut s, xs);
    imp::to_f64(imp::add_div(imp::ZERO, s, n))
}

/// R's `mean` of doubles: the long-double sum divided by n, corrected by the
/// long-double mean of the residuals (`summary.c`, `real_mean`).
pub fn long_mean(xs: &[f64]) -> f64 {
    let n = xs.len() as u64;
    if xs.iter().any(|x| !x.is_finite()) {
        let mut s = LongSum::new();
        s.add_slice(xs);
        return s.value() / n as f64;
    }
    let mut s = imp::ZERO;
    imp::add_slice(&mut s, xs);
    if n == 0 {
        return imp::to_f64(s) / 0.0;
    }
    s = imp::add_div(imp::ZERO, s, n);
    if imp::to_f64(s).is_finite() {
        let t = imp::residual_sum(xs, s);
        s = imp::add_div(s, t, n);
    }
    imp::to_f64(s)
}

/// R's variance of doubles (`cov.c`, `cov_na_1`/`cov_complete1`, n ≥ 2): the
/// mean as `long_mean`, then the long-double sum of the long-double products
/// `(x - mean) * (x - mean)` (each difference taken in long double) divided by
/// n - 1 in long double.
pub fn long_var(xs: &[f64]) -> f64 {
    let n1 = xs.len() as u64 - 1;
    let m = long_mean(xs);
    if !m.is_finite() || xs.iter().any(|x| !x.is_finite()) {
        let s: f64 = xs.iter().map(|&x| (x - m) * (x - m)).sum();
        return s / n1 as f64;
    }
    let s = imp::sq_dev_sum(xs, m);
    imp::to_f64(imp::add_div(imp::ZERO, s, n1))
}

/// R's covariance of two complete columns (`cov.c`, n1 = n - 1 ≥ 1, means
/// `mx`, `my` as `long_mean` gives them): the long-double sum of the
/// long-double products `(x - mx) * (y - my)` divided by n1 in long double.
pub fn long_cov(xs: &[f64], mx: f64, ys: &[f64], my: f64, n1: u64) -> f64 {
    let finite = |v: &[f64]| v.iter().all(|x| x.is_finite());
    if !(mx.is_finite() && my.is_finite() && finite(xs) && finite(ys)) {
        let s: f64 = xs.iter().zip(ys).map(|(&x, &y)| (x - mx) * (y - my)).sum();
        return s / n1 as f64;
    }
    let s = imp::cross_dev_sum(xs, mx, ys, my);
    imp::to_f64(imp::add_div(imp::ZERO, s, n1))
}

/// R's standard deviation of a column for `cor(x, y)` (`cov.c`,
/// `COV_SDEV`): the square root, in long double, of the long-double sum of
/// squared deviations from `m` divided by n1 = n - 1 ≥ 1.
pub fn long_sd(xs: &[f64], m: f64, n1: u64) -> f64 {
    if !m.is_finite() || xs.iter().any(|x| !x.is_finite()) {
        let s: f64 = xs.iter().map(|&x| (x - m) * (x - m)).sum();
        return (s / n1 as f64).sqrt();
    }
    let s = imp::sq_dev_sum(xs, m);
    imp::to_f64(imp::sqrt(imp::add_div(imp::ZERO, s, n1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sum(xs: &[f64]) -> f64 {
        let mut s = LongSum::new();
        for &x in xs {
            s.add(x);
        }
        s.value()
    }

    #[test]
    fn variance() {
        // Rscript: sprintf("%.17g", var(...)).
        assert_eq!(long_var(&[1.0, 2.0, 3.0, 4.0]), 1.6666666666666667);
        assert_eq!(long_var(&[0.1, 0.2, 0.3, 0.7, 1e-3]), 0.0728702);
        assert_eq!(long_var(&[1e15 + 0.5, 1e15 + 1.25, 1e15 - 3.0]), 5.1484375);
        assert!(long_var(&[1.0, f64::INFINITY]).is_nan());
    }

    #[test]
    fn exact_cases() {
        assert_eq!(sum(&[]), 0.0);
        assert_eq!(sum(&[1.5, 2.25, -0.75]), 3.0);
        assert_eq!(sum(&[0.1, 0.2]), 0.30000000000000004);
        // Rscript: sum(c(1e308, 1e308, -1e308)) is 1e+308.
        assert_eq!(sum(&[1e308, 1e308, -1e308]), 1e308);
        assert_eq!(sum(&[1e308, 1e308]), f64::INFINITY);
        // 1 + 2^-60 is representable in 64 bits, so subtracting 1 recovers 2^-60.
        assert_eq!(sum(&[1.0, 2f64.powi(-60), -1.0]), 2f64.powi(-60));
        assert_eq!(sum(&[1.0, -1.0]), 0.0);
        assert_eq!(sum(&[5e-324, 5e-324]), 1e-323);
        assert!(sum(&[1.0, f64::NAN]).is_nan());
        assert_eq!(sum(&[1.0, f64::INFINITY]), f64::INFINITY);
    }
}

/// The x87 FPU and the emulation agree on every operation.
#[cfg(all(test, target_arch = "x86_64"))]
mod hardware_tests {
    use super::{emu, imp};

    /// Doubles of every magnitude and sign, some equal, from a fixed LCG.
    fn samples(seed: u64, n: usize) -> Vec<f64> {
        let mut s = seed;
        (0..n)
            .map(|_| {
                s = s
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let mant = (s >> 11) as f64 / (1u64 << 53) as f64;
                let e = ((s >> 3) % 80) as i32 - 40;
                let sign = if s & 1 == 1 { -1.0 } else { 1.0 };
                match s % 17 {
                    0 => 0.0,
                    1 => 1e308 * sign,
                    2 => 5e-324,
                    _ => sign * mant * 2f64.powi(e),
                }
            })
            .collect()
    }

    #[test]
    fn fpu_matches_emulation() {
        for seed in 0..200u64 {
            let xs = samples(seed, (seed as usize * 7) % 300 + 1);
            let (mut a, mut b) = (imp::ZERO, emu::ZERO);
            imp::add_slice(&mut a, &xs);
            emu::add_slice(&mut b, &xs);
            assert_eq!(imp::to_f64(a).to_bits(), emu::to_f64(b).to_bits());
            let n = xs.len() as u64;
            let (ma, mb) = (imp::add_div(imp::ZERO, a, n), emu::add_div(emu::ZERO, b, n));
            assert_eq!(imp::to_f64(ma).to_bits(), emu::to_f64(mb).to_bits());
            let (ta, tb) = (imp::residual_sum(&xs, ma), emu::residual_sum(&xs, mb));
            assert_eq!(
                imp::to_f64(imp::add_div(ma, ta, n)).to_bits(),
                emu::to_f64(emu::add_div(mb, tb, n)).to_bits()
            );
            let m = imp::to_f64(ma);
            if m.is_finite() {
                let (sa, sb) = (imp::sq_dev_sum(&xs, m), emu::sq_dev_sum(&xs, m));
                assert_eq!(imp::to_f64(sa).to_bits(), emu::to_f64(sb).to_bits());
                let (ra, rb) = (
                    imp::sqrt(imp::add_div(imp::ZERO, sa, n)),
                    emu::sqrt(emu::add_div(emu::ZERO, sb, n)),
                );
                assert_eq!(imp::to_f64(ra).to_bits(), emu::to_f64(rb).to_bits());
                let ys = samples(seed + 1000, xs.len());
                let my = ys.iter().sum::<f64>() / n as f64;
                if my.is_finite() {
                    let (ca, cb) = (
                        imp::cross_dev_sum(&xs, m, &ys, my),
                        emu::cross_dev_sum(&xs, m, &ys, my),
                    );
                    assert_eq!(imp::to_f64(ca).to_bits(), emu::to_f64(cb).to_bits());
                }
            }
            let (mut ca, mut cb) = (Vec::new(), Vec::new());
            let (mut a, mut b) = (imp::ZERO, emu::ZERO);
            imp::cumsum(&mut a, &xs, &mut ca);
            emu::cumsum(&mut b, &xs, &mut cb);
            let bits = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
            assert_eq!(bits(&ca), bits(&cb));
        }
    }

    #[test]
    fn mean_of_nothing_is_nan() {
        assert!(super::long_mean(&[]).is_nan());
    }
}

#[cfg(test)]
mod mod_parts_tests {
    use super::long_mod_parts;

    /// The shortcut for whole numbers gives what the extended-precision
    /// computation gives.
    #[test]
    fn whole_number_remainders() {
        let emulated = |x1: f64, x2: f64| {
            use super::Extended;
            let q = x1 / x2;
            let fq = Extended::from_f64(q.floor());
            let tmp = Extended::from_f64(x1).add(fq.mul(Extended::from_f64(x2)).neg());
            let k = (tmp.to_f64() / x2).floor();
            let r = tmp.add(Extended::from_f64(k).mul(Extended::from_f64(x2)).neg());
            (r.to_f64().to_bits(), k)
        };
        let mut s: u64 = 7;
        let mut vals = vec![
            0.0,
            1.0,
            -1.0,
            2.0,
            3.0,
            -7.0,
            1e15,
            -1e15,
            9007199254740991.0,
            4503599627370495.0,
            -4503599627370495.0,
        ];
        for _ in 0..300 {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let mag = 2f64.powi((s >> 58) as i32 - 10).max(1.0);
            let v = ((s >> 11) as f64 / (1u64 << 53) as f64 * mag).trunc();
            vals.push(if s & 1 == 1 { -v } else { v });
        }
        for &x1 in &vals {
            for &x2 in &vals[..40] {
                if x2 == 0.0 {
                    continue;
                }
                let q = x1 / x2;
                if q.abs() * f64::EPSILON > 1.0 {
                    continue;
                }
                let (r, k) = long_mod_parts(x1, x2, q).unwrap();
                assert_eq!((r.to_bits(), k), emulated(x1, x2), "{x1} %% {x2}");
            }
        }
    }

    /// GNU R's results (R 4.2.2 on x86-64).
    #[test]
    fn long_double_remainders() {
        assert_eq!(long_mod_parts(1.0, 0.1, 1.0 / 0.1).unwrap().1, -1.0);
        assert_eq!(
            long_mod_parts(1.0, 0.1, 1.0 / 0.1).unwrap().0,
            0.099_999_999_999_999_95
        );
        assert!(long_mod_parts(1.0, 3e-301, 1.0 / 3e-301).is_none());
    }
}
