//! Special functions of GNU R's math library (`gamma`, `lgamma`, `beta`,
//! `lbeta`, `choose`, `lchoose`), computed as R 4.2 computes them so that
//! results agree to the last bit in the common cases: the gamma function
//! from the Chebyshev series of W. Fullerton's SLATEC routines (DGAMMA,
//! D9LGMC; public domain), Stirling's series for large arguments, the
//! reflection formula for negative ones; R's thresholds and special cases
//! (exact factorials up to 50, `lgamma` of huge or tiny arguments, the
//! symmetric products of `choose`). The warnings R's math library gives
//! (`value out of range in 'gammafn'`, …) are collected in a `Warnings` for
//! the builtin to report.

// The series coefficients are written as published (more digits than a
// double holds).
#![allow(clippy::excessive_precision)]

use std::f64::consts::PI;

/// Warnings of the math library, in the order they arise (GNU R's
/// `MATHLIB_WARNING`: reported against the current context's call).
pub type Warnings = Vec<String>;

/// log(sqrt(2 pi))
const LN_SQRT_2PI: f64 = 0.918_938_533_204_672_741_780_329_736_406;
/// log(sqrt(pi / 2))
const LN_SQRT_PID2: f64 = 0.225_791_352_644_727_432_363_097_614_947;

/// Chebyshev coefficients of gamma(1 + y) - 0.9375 on 0 <= y < 1 in
/// 2y - 1 (SLATEC DGAMMA's GAMCS), the 22 terms R evaluates.
const GAMCS: [f64; 22] = [
    0.857_119_559_098_933_142_192_006_239_994_2e-2,
    0.441_538_132_484_100_675_719_131_577_165_2e-2,
    0.568_504_368_159_936_337_863_266_458_878_9e-1,
    -0.421_983_539_641_856_050_101_250_018_662_4e-2,
    0.132_680_818_121_246_022_058_400_679_635_2e-2,
    -0.189_302_452_979_888_043_252_394_702_388_6e-3,
    0.360_692_532_744_124_525_657_808_221_722_5e-4,
    -0.605_676_190_446_086_421_848_554_829_036_5e-5,
    0.105_582_954_630_228_334_473_182_350_909_3e-5,
    -0.181_196_736_554_238_404_829_185_589_116_6e-6,
    0.311_772_496_471_532_227_779_025_459_316_9e-7,
    -0.535_421_963_901_968_714_087_408_102_434_7e-8,
    0.919_327_551_985_958_894_688_778_682_594_0e-9,
    -0.157_794_128_028_833_976_176_742_327_395_3e-9,
    0.270_798_062_293_495_454_326_654_043_308_9e-10,
    -0.464_681_865_382_573_014_408_166_105_893_3e-11,
    0.797_335_019_200_741_965_646_076_717_535_9e-12,
    -0.136_807_820_983_091_602_579_949_917_230_9e-12,
    0.234_731_948_656_380_065_723_347_177_168_8e-13,
    -0.402_743_261_494_906_693_276_657_053_469_9e-14,
    0.691_005_174_737_210_091_213_833_697_525_7e-15,
    -0.118_558_450_022_199_290_705_238_712_619_2e-15,
];

/// Chebyshev coefficients of the log-gamma correction term x * (lgamma(x) -
/// Stirling's approximation) in 2 (10/x)^2 - 1 for x >= 10 (SLATEC
/// D9LGMC's ALGMCS), the 5 terms R evaluates.
const ALGMCS: [f64; 5] = [
    0.166_638_948_045_186_324_720_572_965_082_2e0,
    -0.138_494_817_606_756_384_073_298_605_913_5e-4,
    0.981_082_564_692_472_942_615_717_154_748_7e-8,
    -0.180_912_947_557_249_419_426_330_626_671_9e-10,
    0.622_109_804_189_260_522_712_601_554_341_6e-13,
];

/// gamma(x) overflows above this.
const GAMMA_XMAX: f64 = 171.614_478_871_822_98;
/// gamma(x) underflows below this.
const GAMMA_XMIN: f64 = -170.567_497_272_661_2;
/// exp(0.01) * DBL_MIN: gamma of a smaller argument overflows.
const GAMMA_XSML: f64 = 2.247_436_222_559_854_5e-308;
/// sqrt(DBL_EPSILON): closer than this (relatively) to a negative integer
/// loses precision.
const GAMMA_DXREL: f64 = 1.490_116_119_384_765_696e-8;

/// Clenshaw's recurrence for the Chebyshev series `a` at `x` in [-1, 1].
fn chebyshev(x: f64, a: &[f64]) -> f64 {
    if !(-1.1..=1.1).contains(&x) {
        return f64::NAN;
    }
    let twox = x * 2.0;
    let (mut b0, mut b1, mut b2) = (0.0, 0.0, 0.0);
    for &c in a.iter().rev() {
        b2 = b1;
        b1 = b0;
        b0 = twox * b1 - b2 + c;
    }
    (b0 - b2) * 0.5
}

/// sin(pi x), exact at the multiples of 1/2.
pub fn sinpi(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if !x.is_finite() {
        return f64::NAN;
    }
    let mut x = x % 2.0;
    if x <= -1.0 {
        x += 2.0;
    } else if x > 1.0 {
        x -= 2.0;
    }
    if x == 0.0 || x == 1.0 {
        return 0.0;
    }
    if x == 0.5 {
        return 1.0;
    }
    if x == -0.5 {
        return -1.0;
    }
    (PI * x).sin()
}

/// The correction term lgamma(x) - (log(sqrt(2 pi)) + (x - 0.5) log(x) - x)
/// for x >= 10.
fn lgammacor(x: f64, w: &mut Warnings) -> f64 {
    const XBIG: f64 = 94_906_265.624_251_56;
    const XMAX: f64 = 3.745_194_030_963_158e306;
    if x < 10.0 {
        f64::NAN
    } else if x >= XMAX {
        w.push("underflow occurred in 'lgammacor'".into());
        0.0
    } else if x < XBIG {
        let t = 10.0 / x;
        chebyshev(t * t * 2.0 - 1.0, &ALGMCS) / x
    } else {
        1.0 / (x * 12.0)
    }
}

/// The error of Stirling's formula, log(n!) - log(sqrt(2 pi n) (n/e)^n).
fn stirlerr(n: f64, w: &mut Warnings) -> f64 {
    const S0: f64 = 1.0 / 12.0;
    const S1: f64 = 1.0 / 360.0;
    const S2: f64 = 1.0 / 1260.0;
    const S3: f64 = 1.0 / 1680.0;
    const S4: f64 = 1.0 / 1188.0;
    // The values at 0, 0.5, 1, ..., 15.
    const HALVES: [f64; 31] = [
        0.0,
        0.153_426_409_720_027_345_291_384_8,
        0.081_061_466_795_327_258_219_670_2,
        0.054_814_121_051_917_653_896_139_0,
        0.041_340_695_955_409_294_093_822_1,
        0.033_162_873_519_936_287_485_110_48,
        0.027_677_925_684_998_339_148_789_29,
        0.023_746_163_656_297_495_971_329_20,
        0.020_790_672_103_765_093_111_522_77,
        0.018_488_450_532_673_185_230_779_34,
        0.016_644_691_189_821_192_163_194_87,
        0.015_134_973_221_917_378_873_512_55,
        0.013_876_128_823_070_747_998_745_73,
        0.012_810_465_242_920_226_924_249_86,
        0.011_896_709_945_891_770_095_055_72,
        0.011_104_559_758_206_917_326_629_91,
        0.010_411_265_261_972_096_497_478_567,
        0.009_799_416_126_158_803_298_389_475,
        0.009_255_462_182_712_732_917_728_637,
        0.008_768_700_134_139_385_462_952_823,
        0.008_330_563_433_362_871_256_469_318,
        0.007_934_114_564_314_020_547_248_100,
        0.007_573_675_487_951_840_794_972_024,
        0.007_244_554_301_320_383_179_543_912,
        0.006_942_840_107_209_529_865_664_152,
        0.006_665_247_032_707_682_442_354_394,
        0.006_408_994_188_004_207_068_439_631,
        0.006_171_712_263_039_457_647_532_867,
        0.005_951_370_112_758_847_735_624_416,
        0.005_746_216_513_010_115_682_023_589,
        0.005_554_733_551_962_801_371_038_690,
    ];
    if n <= 15.0 {
        let nn = n + n;
        if nn == nn.trunc() {
            return HALVES[nn as usize];
        }
        return lgammafn(n + 1.0, w) - (n + 0.5) * n.ln() + n - LN_SQRT_2PI;
    }
    let nn = n * n;
    if n > 500.0 {
        (S0 - S1 / nn) / n
    } else if n > 80.0 {
        (S0 - (S1 - S2 / nn) / nn) / n
    } else if n > 35.0 {
        (S0 - (S1 - (S2 - S3 / nn) / nn) / nn) / n
    } else {
        (S0 - (S1 - (S2 - (S3 - S4 / nn) / nn) / nn) / nn) / n
    }
}

/// The gamma function (R's `gamma`): NaN at 0 and the negative integers.
pub fn gammafn(x: f64, w: &mut Warnings) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x == 0.0 || (x < 0.0 && x == x.trunc()) {
        return f64::NAN;
    }
    let ay = x.abs();
    if ay <= 10.0 {
        // gamma(1 + y) for the fractional part y, then the recurrence.
        let mut n = x as i32;
        if x < 0.0 {
            n -= 1;
        }
        let y = x - n as f64;
        n -= 1;
        let mut value = chebyshev(y * 2.0 - 1.0, &GAMCS) + 0.9375;
        if n == 0 {
            return value;
        }
        if n < 0 {
            if y < GAMMA_XSML {
                w.push("value out of range in 'gammafn'".into());
                return if x > 0.0 {
                    f64::INFINITY
                } else {
                    f64::NEG_INFINITY
                };
            }
            for i in 0..-n {
                value /= x + i as f64;
            }
        } else {
            for i in 1..=n {
                value *= y + i as f64;
            }
        }
        return value;
    }
    if x > GAMMA_XMAX {
        return f64::INFINITY;
    }
    if x < GAMMA_XMIN {
        return 0.0;
    }
    let value = if ay <= 50.0 && ay == ay.trunc() {
        // (n - 1)!, exactly while it fits.
        let mut v = 1.0;
        for i in 2..ay as i32 {
            v *= i as f64;
        }
        v
    } else {
        // (R 4.2 takes Stirling's error term at every argument here.)
        ((ay - 0.5) * ay.ln() - ay + LN_SQRT_2PI + stirlerr(ay, w)).exp()
    };
    if x > 0.0 {
        return value;
    }
    if ((x - (x - 0.5).trunc()) / x).abs() < GAMMA_DXREL {
        w.push("full precision may not have been achieved in 'gammafn'".into());
    }
    let s = sinpi(ay);
    if s == 0.0 {
        w.push("value out of range in 'gammafn'".into());
        return f64::INFINITY;
    }
    -PI / (ay * s * value)
}

/// log |gamma(x)| (R's `lgamma`): +Inf at 0 and the negative integers.
pub fn lgammafn(x: f64, w: &mut Warnings) -> f64 {
    const XMAX: f64 = 2.532_737_276_080_075_8e305;
    const DXREL: f64 = 1.490_116_119_384_765_625e-8;
    if x.is_nan() {
        return x;
    }
    if x <= 0.0 && x == x.trunc() {
        return f64::INFINITY;
    }
    let y = x.abs();
    if y < 1e-306 {
        return -y.ln();
    }
    if y <= 10.0 {
        return gammafn(x, w).abs().ln();
    }
    if y > XMAX {
        return f64::INFINITY;
    }
    if x > 0.0 {
        return if x > 1e17 {
            x * (x.ln() - 1.0)
        } else if x > 4_934_720.0 {
            LN_SQRT_2PI + (x - 0.5) * x.ln() - x
        } else {
            LN_SQRT_2PI + (x - 0.5) * x.ln() - x + lgammacor(x, w)
        };
    }
    let s = sinpi(y).abs();
    let ans = LN_SQRT_PID2 + (x - 0.5) * y.ln() - x - s.ln() - lgammacor(y, w);
    if ((x - (x - 0.5).trunc()) * ans / x).abs() < DXREL {
        w.push("full precision may not have been achieved in 'lgamma'".into());
    }
    ans
}

/// lgamma(x) and the sign of gamma(x).
fn lgammafn_sign(x: f64, w: &mut Warnings) -> (f64, f64) {
    let sign = if x < 0.0 && (-x).floor() % 2.0 == 0.0 {
        -1.0
    } else {
        1.0
    };
    (lgammafn(x, w), sign)
}

/// The beta function (R's `beta`).
pub fn beta(a: f64, b: f64, w: &mut Warnings) -> f64 {
    if a.is_nan() || b.is_nan() {
        return a + b;
    }
    if a < 0.0 || b < 0.0 {
        return f64::NAN;
    }
    if a == 0.0 || b == 0.0 {
        return f64::INFINITY;
    }
    if !a.is_finite() || !b.is_finite() {
        return 0.0;
    }
    if a + b < GAMMA_XMAX {
        (1.0 / gammafn(a + b, w)) * gammafn(a, w) * gammafn(b, w)
    } else {
        lbeta(a, b, w).exp()
    }
}

/// log(beta(a, b)) (R's `lbeta`).
pub fn lbeta(a: f64, b: f64, w: &mut Warnings) -> f64 {
    if a.is_nan() || b.is_nan() {
        return a + b;
    }
    let (p, q) = if a < b { (a, b) } else { (b, a) };
    if p < 0.0 {
        return f64::NAN;
    }
    if p == 0.0 {
        return f64::INFINITY;
    }
    if !q.is_finite() {
        return f64::NEG_INFINITY;
    }
    if p >= 10.0 {
        let corr = lgammacor(p, w) + lgammacor(q, w) - lgammacor(p + q, w);
        q.ln() * -0.5
            + LN_SQRT_2PI
            + corr
            + (p - 0.5) * (p / (p + q)).ln()
            + q * (-p / (p + q)).ln_1p()
    } else if q >= 10.0 {
        let corr = lgammacor(q, w) - lgammacor(p + q, w);
        lgammafn(p, w) + corr + p - p * (p + q).ln() + (q - 0.5) * (-p / (p + q)).ln_1p()
    } else if p < 1e-306 {
        lgammafn(p, w) + (lgammafn(q, w) - lgammafn(p + q, w))
    } else {
        (gammafn(p, w) * (gammafn(q, w) / gammafn(p + q, w))).ln()
    }
}

fn lfastchoose(n: f64, k: f64, w: &mut Warnings) -> f64 {
    -(n + 1.0).ln() - lbeta(n - k + 1.0, k + 1.0, w)
}

/// lgamma(n + 1) - lgamma(k + 1) - lgamma(n - k + 1) and the sign of the
/// last gamma (for n - k + 1 < 0).
fn lfastchoose2(n: f64, k: f64, w: &mut Warnings) -> (f64, f64) {
    let (r, s) = lgammafn_sign(n - k + 1.0, w);
    (lgammafn(n + 1.0, w) - lgammafn(k + 1.0, w) - r, s)
}

fn is_odd(k: f64) -> bool {
    k != 2.0 * (k / 2.0).floor()
}

/// Whether `x` is an integer up to a relative 1e-7 (R's `R_IS_INT`).
fn near_int(x: f64) -> bool {
    (x - x.round_ties_even()).abs() <= 1e-7 * x.abs().max(1.0)
}

/// `k` rounded to an integer, with R's warning when it was not one.
fn round_k(k: f64, w: &mut Warnings) -> f64 {
    let r = k.round_ties_even();
    if (r - k).abs() > 1e-7 {
        w.push(format!(
            "'k' ({:.2}) must be integer, rounded to {:.0}",
            k, r
        ));
    }
    r
}

/// The binomial coefficient (R's `choose`), for any real `n`.
pub fn choose(n: f64, k: f64, w: &mut Warnings) -> f64 {
    const K_SMALL_MAX: f64 = 30.0;
    if n.is_nan() || k.is_nan() {
        return n + k;
    }
    let mut k = round_k(k, w);
    if k < K_SMALL_MAX {
        if n - k < k && n >= 0.0 && near_int(n) {
            k = (n - k).round_ties_even(); // symmetry
        }
        if k < 0.0 {
            return 0.0;
        }
        if k == 0.0 {
            return 1.0;
        }
        let mut r = n;
        let mut j = 2.0;
        while j <= k {
            r *= (n - j + 1.0) / j;
            j += 1.0;
        }
        return if near_int(n) { r.round_ties_even() } else { r };
    }
    if n < 0.0 {
        let r = choose(-n + k - 1.0, k, w);
        return if is_odd(k) { -r } else { r };
    }
    if near_int(n) {
        let n = n.round_ties_even();
        if n < k {
            return 0.0;
        }
        if n - k < K_SMALL_MAX {
            return choose(n, n - k, w);
        }
        return lfastchoose(n, k, w).exp().round_ties_even();
    }
    if n < k - 1.0 {
        let (r, s) = lfastchoose2(n, k, w);
        return s * r.exp();
    }
    lfastchoose(n, k, w).exp()
}

/// log |choose(n, k)| (R's `lchoose`).
pub fn lchoose(n: f64, k: f64, w: &mut Warnings) -> f64 {
    if n.is_nan() || k.is_nan() {
        return n + k;
    }
    let k = round_k(k, w);
    if k < 2.0 {
        if k < 0.0 {
            return f64::NEG_INFINITY;
        }
        if k == 0.0 {
            return 0.0;
        }
        return n.abs().ln();
    }
    if n < 0.0 {
        return lchoose(-n + k - 1.0, k, w);
    }
    if near_int(n) {
        let n = n.round_ties_even();
        if n < k {
            return f64::NEG_INFINITY;
        }
        if n - k < 2.0 {
            return lchoose(n, n - k, w);
        }
        return lfastchoose(n, k, w);
    }
    if n < k - 1.0 {
        return lfastchoose2(n, k, w).0;
    }
    lfastchoose(n, k, w)
}
