//! GNU R 4.2's random number generation, bit for bit, with R's default kinds:
//! the Mersenne-Twister uniform generator seeded as R's `set.seed` seeds it
//! (RNG.c: `RNG_Init`, `FixupSeeds`, `MT_genrand`), normals by inversion
//! (snorm.c `INVERSION` with qnorm.c's AS 241), exponentials by Ahrens-Dieter
//! 1972 (sexp.c), binomials by BTPE as R 4.2 has it (rbinom.c, including the
//! Stirling-term signs that R 4.6 later fixed), Poisson by Ahrens-Dieter 1982
//! (rpois.c) and the `Rejection` sampler of `R_unif_index` (or `Rounding`).
//!
//! The state lives in the interpreter (`Interp::rng`), one per run: nothing is
//! shared between interpreters on different threads. Like R's C statics, the
//! set-up caches of `rpois`/`rbinom` persist between calls (they are not part
//! of the seed and `set.seed` does not reset them).

// The constants are R's C literals, digit for digit, so that they round to
// the same doubles as in GNU R.
#![allow(clippy::excessive_precision, clippy::approx_constant)]

const N: usize = 624;
const M: usize = 397;
const MATRIX_A: u32 = 0x9908_b0df;
const UPPER_MASK: u32 = 0x8000_0000;
const LOWER_MASK: u32 = 0x7fff_ffff;
/// 1 / (2^32 - 1)
const I2_32M1: f64 = 2.328306437080797e-10;
const M_1_SQRT_2PI: f64 = 0.398_942_280_401_432_677_939_946_059_934;
const INT_MAX: f64 = i32::MAX as f64;

/// The persistent set-up of `rpois` (rpois.c's statics).
#[derive(Clone)]
struct PoisCache {
    l: i32,
    m: i32,
    b1: f64,
    b2: f64,
    c: f64,
    c0: f64,
    c1: f64,
    c2: f64,
    c3: f64,
    pp: [f64; 36],
    p0: f64,
    p: f64,
    q: f64,
    s: f64,
    d: f64,
    omega: f64,
    big_l: f64,
    muprev: f64,
    muprev2: f64,
}

/// The persistent set-up of `rbinom` (rbinom.c's statics).
#[derive(Clone)]
struct BinomCache {
    c: f64,
    fm: f64,
    npq: f64,
    p1: f64,
    p2: f64,
    p3: f64,
    p4: f64,
    qn: f64,
    xl: f64,
    xll: f64,
    xlr: f64,
    xm: f64,
    xr: f64,
    psave: f64,
    nsave: i32,
    m: i32,
}

/// One interpreter's random number generator.
#[derive(Clone)]
pub struct Rng {
    /// R's `dummy` array for Mersenne-Twister: `[0]` is `mti`, `[1..=624]` the state.
    seed: Box<[u32; N + 1]>,
    /// False until `set.seed` or the first draw (which seeds from the time).
    seeded: bool,
    /// `sample.kind = "Rounding"` (R < 3.6's sampler) instead of `Rejection`.
    pub rounding: bool,
    pois: PoisCache,
    binom: BinomCache,
}

impl Default for Rng {
    fn default() -> Self {
        Self::new()
    }
}

impl Rng {
    pub fn new() -> Rng {
        Rng {
            seed: Box::new([0; N + 1]),
            seeded: false,
            rounding: false,
            pois: PoisCache {
                l: 0,
                m: 0,
                b1: 0.0,
                b2: 0.0,
                c: 0.0,
                c0: 0.0,
                c1: 0.0,
                c2: 0.0,
                c3: 0.0,
                pp: [0.0; 36],
                p0: 0.0,
                p: 0.0,
                q: 0.0,
                s: 0.0,
                d: 0.0,
                omega: 0.0,
                big_l: 0.0,
                muprev: 0.0,
                muprev2: 0.0,
            },
            binom: BinomCache {
                c: 0.0,
                fm: 0.0,
                npq: 0.0,
                p1: 0.0,
                p2: 0.0,
                p3: 0.0,
                p4: 0.0,
                qn: 0.0,
                xl: 0.0,
                xll: 0.0,
                xlr: 0.0,
                xm: 0.0,
                xr: 0.0,
                psave: -1.0,
                nsave: -1,
                m: 0,
            },
        }
    }

    /// `set.seed(seed)` for Mersenne-Twister (RNG.c `RNG_Init` + `FixupSeeds`).
    pub fn set_seed(&mut self, seed: i32) {
        let mut seed = seed as u32;
        // Initial scrambling.
        for _ in 0..50 {
            seed = seed.wrapping_mul(69069).wrapping_add(1);
        }
        // dummy[0] (mti) is filled too, for R's historical consistency.
        for j in 0..=N {
            seed = seed.wrapping_mul(69069).wrapping_add(1);
            self.seed[j] = seed;
        }
        self.seeded = true;
        self.fixup_seeds(true);
    }

    fn fixup_seeds(&mut self, initial: bool) {
        if initial {
            self.seed[0] = N as u32;
        }
        if (self.seed[0] as i32) <= 0 {
            self.seed[0] = N as u32;
        }
        if self.seed[1..].iter().all(|&s| s == 0) {
            self.randomize();
        }
    }

    /// Seed from the clock and the process id (R's `TimeToSeed`).
    pub fn randomize(&mut self) {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        let usec = now.subsec_micros() as u64;
        let sec = now.as_secs();
        let mut seed = (usec << 16) ^ sec;
        seed ^= (std::process::id() as u64) << 16;
        self.set_seed(seed as u32 as i32);
    }

    fn ensure_seeded(&mut self) {
        if !self.seeded {
            self.randomize();
        }
    }

    fn mt_sgenrand(&mut self, mut seed: u32) {
        for i in 0..N {
            let mut v = seed & 0xffff_0000;
            seed = seed.wrapping_mul(69069).wrapping_add(1);
            v |= (seed & 0xffff_0000) >> 16;
            seed = seed.wrapping_mul(69069).wrapping_add(1);
            self.seed[i + 1] = v;
        }
        self.seed[0] = N as u32;
    }

    fn mt_genrand(&mut self) -> f64 {
        let mag01 = [0u32, MATRIX_A];
        let mut mti = self.seed[0] as i32 as i64;
        if mti >= N as i64 || mti < 0 {
            if mti == N as i64 + 1 {
                self.mt_sgenrand(4357);
            }
            let mt = &mut self.seed[1..];
            let mut kk = 0;
            while kk < N - M {
                let y = (mt[kk] & UPPER_MASK) | (mt[kk + 1] & LOWER_MASK);
                mt[kk] = mt[kk + M] ^ (y >> 1) ^ mag01[(y & 1) as usize];
                kk += 1;
            }
            while kk < N - 1 {
                let y = (mt[kk] & UPPER_MASK) | (mt[kk + 1] & LOWER_MASK);
                mt[kk] = mt[kk + M - N] ^ (y >> 1) ^ mag01[(y & 1) as usize];
                kk += 1;
            }
            let y = (mt[N - 1] & UPPER_MASK) | (mt[0] & LOWER_MASK);
            mt[N - 1] = mt[M - 1] ^ (y >> 1) ^ mag01[(y & 1) as usize];
            mti = 0;
        }
        let mut y = self.seed[1 + mti as usize];
        mti += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^= y >> 18;
        self.seed[0] = mti as u32;
        y as f64 * 2.328_306_436_538_696_3e-10
    }

    /// R's `unif_rand()`: a uniform in (0, 1).
    pub fn unif_rand(&mut self) -> f64 {
        self.ensure_seeded();
        let x = self.mt_genrand();
        if x <= 0.0 {
            return 0.5 * I2_32M1;
        }
        if 1.0 - x <= 0.0 {
            return 1.0 - 0.5 * I2_32M1;
        }
        x
    }

    /// `norm_rand()` with `normal.kind = "Inversion"`.
    pub fn norm_rand(&mut self) -> f64 {
        const BIG: f64 = 134_217_728.0; // 2^27
        let mut u = self.unif_rand();
        u = ((BIG * u) as i32) as f64 + self.unif_rand();
        qnorm_std(u / BIG)
    }

    /// `exp_rand()`: a standard exponential (Ahrens & Dieter 1972).
    pub fn exp_rand(&mut self) -> f64 {
        // q[k-1] = sum(log(2)^k / k!), k = 1..16
        const Q: [f64; 16] = [
            0.6931471805599453,
            0.9333736875190459,
            0.9888777961838675,
            0.9984959252914960,
            0.9998292811061389,
            0.9999833164100727,
            0.9999985691438767,
            0.9999998906925558,
            0.9999999924734159,
            0.9999999995283275,
            0.9999999999728814,
            0.9999999999985598,
            0.9999999999999289,
            0.9999999999999968,
            0.9999999999999999,
            1.0000000000000000,
        ];
        let mut a = 0.0;
        let mut u = self.unif_rand();
        while u <= 0.0 || u >= 1.0 {
            u = self.unif_rand();
        }
        loop {
            u += u;
            if u > 1.0 {
                break;
            }
            a += Q[0];
        }
        u -= 1.0;
        if u <= Q[0] {
            return a + u;
        }
        let mut i = 0;
        let mut ustar = self.unif_rand();
        let mut umin = ustar;
        loop {
            ustar = self.unif_rand();
            if umin > ustar {
                umin = ustar;
            }
            i += 1;
            if u <= Q[i] {
                break;
            }
        }
        a + umin * Q[0]
    }

    /// `runif(1, a, b)` (NaN for invalid parameters).
    pub fn runif(&mut self, a: f64, b: f64) -> f64 {
        if !a.is_finite() || !b.is_finite() || b < a {
            return f64::NAN;
        }
        if a == b {
            return a;
        }
        let mut u;
        loop {
            u = self.unif_rand();
            if u > 0.0 && u < 1.0 {
                break;
            }
        }
        a + (b - a) * u
    }

    /// `rnorm(1, mu, sigma)`.
    pub fn rnorm(&mut self, mu: f64, sigma: f64) -> f64 {
        if mu.is_nan() || !sigma.is_finite() || sigma < 0.0 {
            return f64::NAN;
        }
        if sigma == 0.0 || !mu.is_finite() {
            return mu;
        }
        mu + sigma * self.norm_rand()
    }

    /// `rexp` with scale `1/rate` (nmath's `rexp(scale)`).
    pub fn rexp(&mut self, scale: f64) -> f64 {
        if !scale.is_finite() || scale <= 0.0 {
            if scale == 0.0 {
                return 0.0;
            }
            return f64::NAN;
        }
        scale * self.exp_rand()
    }

    /// `R_unif_index(dn)`: a uniform integer in [0, dn) as a double.
    pub fn unif_index(&mut self, dn: f64) -> f64 {
        if self.rounding {
            // R_unif_index_0 for Mersenne-Twister (cut = INT_MAX)
            let u = if dn > INT_MAX {
                self.ru()
            } else {
                self.unif_rand()
            };
            return (dn * u).floor();
        }
        if dn <= 0.0 {
            return 0.0;
        }
        let bits = index_bits(dn);
        loop {
            let dv = self.rbits(bits);
            if dn > dv {
                return dv;
            }
        }
    }

    fn ru(&mut self) -> f64 {
        let u = 33_554_432.0;
        ((u * self.unif_rand()).floor() + self.unif_rand()) / u
    }

    /// A random integer in [0, 2^bits), drawn in 16-bit chunks.
    fn rbits(&mut self, bits: i32) -> f64 {
        let mut v: u64 = 0;
        let mut n = 0;
        while n <= bits {
            let v1 = (self.unif_rand() * 65536.0).floor() as i32;
            v = v.wrapping_mul(65536).wrapping_add(v1 as u64);
            n += 16;
        }
        let mask = 1u64.wrapping_shl(bits as u32).wrapping_sub(1);
        (v & mask) as f64
    }

    /// `rbinom(1, nin, pp)` (BTPE as in R 4.2). Sizes of 2^31 - 1 and more
    /// (where R inverts `qbinom`) are for the caller to refuse.
    pub fn rbinom(&mut self, nin: f64, pp: f64) -> f64 {
        if !nin.is_finite() {
            return f64::NAN;
        }
        let r = nin.round();
        if r != nin {
            return f64::NAN;
        }
        if !pp.is_finite() || r < 0.0 || !(0.0..=1.0).contains(&pp) {
            return f64::NAN;
        }
        if r == 0.0 || pp == 0.0 {
            return 0.0;
        }
        if pp == 1.0 {
            return r;
        }
        if r >= INT_MAX {
            return f64::NAN;
        }
        let n = r as i32;
        let p = pp.min(1.0 - pp);
        let q = 1.0 - p;
        let np = n as f64 * p;
        let r = p / q;
        let g = r * (n as f64 + 1.0);
        let bc = &mut self.binom;
        let small;
        if pp != bc.psave || n != bc.nsave {
            bc.psave = pp;
            bc.nsave = n;
            if np < 30.0 {
                bc.qn = r_pow_di(q, n);
                small = true;
            } else {
                small = false;
                let ffm = np + p;
                bc.m = ffm as i32;
                bc.fm = bc.m as f64;
                bc.npq = np * q;
                bc.p1 = ((2.195 * bc.npq.sqrt() - 4.6 * q) as i32) as f64 + 0.5;
                bc.xm = bc.fm + 0.5;
                bc.xl = bc.xm - bc.p1;
                bc.xr = bc.xm + bc.p1;
                bc.c = 0.134 + 20.5 / (15.3 + bc.fm);
                let mut al = (ffm - bc.xl) / (ffm - bc.xl * p);
                bc.xll = al * (1.0 + 0.5 * al);
                al = (bc.xr - ffm) / (bc.xr * q);
                bc.xlr = al * (1.0 + 0.5 * al);
                bc.p2 = bc.p1 * (1.0 + bc.c + bc.c);
                bc.p3 = bc.p2 + bc.c / bc.xll;
                bc.p4 = bc.p3 + bc.c / bc.xlr;
            }
        } else {
            small = np < 30.0;
        }
        let bc = self.binom.clone();
        let mut ix: i32;
        if !small {
            let (m, fm, npq, p1, p2, p3, p4) = (bc.m, bc.fm, bc.npq, bc.p1, bc.p2, bc.p3, bc.p4);
            let (c, xl, xll, xlr, xm, xr) = (bc.c, bc.xl, bc.xll, bc.xlr, bc.xm, bc.xr);
            loop {
                let u = self.unif_rand() * p4;
                let mut v = self.unif_rand();
                if u <= p1 {
                    ix = (xm - p1 * v + u) as i32;
                    break;
                }
                if u <= p2 {
                    let x = xl + (u - p1) / c;
                    v = v * c + 1.0 - (xm - x).abs() / p1;
                    if v > 1.0 || v <= 0.0 {
                        continue;
                    }
                    ix = x as i32;
                } else if u > p3 {
                    ix = (xr - v.ln() / xlr) as i32;
                    if ix > n {
                        continue;
                    }
                    v *= (u - p3) * xlr;
                } else {
                    ix = (xl + v.ln() / xll) as i32;
                    if ix < 0 {
                        continue;
                    }
                    v *= (u - p2) * xll;
                }
                let k = (ix - m).abs();
                if k <= 20 || k as f64 >= npq / 2.0 - 1.0 {
                    // explicit evaluation
                    let mut f = 1.0;
                    if m < ix {
                        for i in m + 1..=ix {
                            f *= g / i as f64 - r;
                        }
                    } else if m != ix {
                        for i in ix + 1..=m {
                            f /= g / i as f64 - r;
                        }
                    }
                    if v <= f {
                        break;
                    }
                } else {
                    // squeezing using upper and lower bounds on log(f(x))
                    let kf = k as f64;
                    let amaxp =
                        (kf / npq) * ((kf * (kf / 3.0 + 0.625) + 0.1666666666666) / npq + 0.5);
                    let ynorm = (-k).wrapping_mul(k) as f64 / (2.0 * npq);
                    let alv = v.ln();
                    if alv < ynorm - amaxp {
                        break;
                    }
                    if alv <= ynorm + amaxp {
                        // Stirling's formula to machine accuracy (with R 4.2's signs)
                        let x1 = ix as f64 + 1.0;
                        let f1 = fm + 1.0;
                        let z = n as f64 + 1.0 - fm;
                        let w = (n - ix) as f64 + 1.0;
                        let z2 = z * z;
                        let x2 = x1 * x1;
                        let f2 = f1 * f1;
                        let w2 = w * w;
                        let bound = xm * (f1 / x1).ln()
                            + ((n - m) as f64 + 0.5) * (z / w).ln()
                            + (ix - m) as f64 * (w * p / (x1 * q)).ln()
                            + (13860.0 - (462.0 - (132.0 - (99.0 - 140.0 / f2) / f2) / f2) / f2)
                                / f1
                                / 166320.0
                            + (13860.0 - (462.0 - (132.0 - (99.0 - 140.0 / z2) / z2) / z2) / z2)
                                / z
                                / 166320.0
                            + (13860.0 - (462.0 - (132.0 - (99.0 - 140.0 / x2) / x2) / x2) / x2)
                                / x1
                                / 166320.0
                            + (13860.0 - (462.0 - (132.0 - (99.0 - 140.0 / w2) / w2) / w2) / w2)
                                / w
                                / 166320.0;
                        if alv <= bound {
                            break;
                        }
                    }
                }
            }
        } else {
            // inverse cdf logic for mean less than 30
            'outer: loop {
                ix = 0;
                let mut f = bc.qn;
                let mut u = self.unif_rand();
                loop {
                    if u < f {
                        break 'outer;
                    }
                    if ix > 110 {
                        break;
                    }
                    u -= f;
                    ix += 1;
                    f *= g / ix as f64 - r;
                }
            }
        }
        if bc.psave > 0.5 {
            ix = n - ix;
        }
        ix as f64
    }

    /// `rpois(1, mu)` (Ahrens & Dieter 1982).
    pub fn rpois(&mut self, mu: f64) -> f64 {
        const A0: f64 = -0.5;
        const A1: f64 = 0.3333333;
        const A2: f64 = -0.2500068;
        const A3: f64 = 0.2000118;
        const A4: f64 = -0.1661269;
        const A5: f64 = 0.1421878;
        const A6: f64 = -0.1384794;
        const A7: f64 = 0.1250060;
        const ONE_7: f64 = 0.142_857_142_857_142_857_1;
        const ONE_12: f64 = 0.083_333_333_333_333_333_3;
        const ONE_24: f64 = 0.041_666_666_666_666_666_7;
        const FACT: [f64; 10] = [1., 1., 2., 6., 24., 120., 720., 5040., 40320., 362880.];

        if !mu.is_finite() || mu < 0.0 {
            return f64::NAN;
        }
        if mu <= 0.0 {
            return 0.0;
        }
        let big_mu = mu >= 10.0;
        let mut new_big_mu = false;
        if !(big_mu && mu == self.pois.muprev) {
            if big_mu {
                new_big_mu = true;
                let pc = &mut self.pois;
                pc.muprev = mu;
                pc.s = mu.sqrt();
                pc.d = 6.0 * mu * mu;
                pc.big_l = (mu - 1.1484).floor();
            } else {
                // Case B: small mu, table lookup / inversion
                if mu != self.pois.muprev {
                    let pc = &mut self.pois;
                    pc.muprev = mu;
                    pc.m = 1.max(mu as i32);
                    pc.l = 0;
                    pc.p = (-mu).exp();
                    pc.q = pc.p;
                    pc.p0 = pc.p;
                }
                loop {
                    let u = self.unif_rand();
                    let pc = &mut self.pois;
                    if u <= pc.p0 {
                        return 0.0;
                    }
                    if pc.l > 0 {
                        let j = if u > 0.458 { pc.l.min(pc.m) } else { 1 };
                        for k in j..=pc.l {
                            if u <= pc.pp[k as usize] {
                                return k as f64;
                            }
                        }
                        if pc.l == 35 {
                            continue;
                        }
                    }
                    pc.l += 1;
                    for k in pc.l..=35 {
                        pc.p *= mu / k as f64;
                        pc.q += pc.p;
                        pc.pp[k as usize] = pc.q;
                        if u <= pc.q {
                            pc.l = k;
                            return k as f64;
                        }
                    }
                    pc.l = 35;
                }
            }
        }
        // Only for mu >= 10: Step N, a normal sample.
        let (s, d, big_l) = (self.pois.s, self.pois.d, self.pois.big_l);
        let g = mu + s * self.norm_rand();
        let mut pois = -1.0;
        let mut fk = 0.0;
        let mut difmuk = 0.0;
        let mut u = 0.0;
        if g >= 0.0 {
            pois = g.floor();
            // Step I: immediate acceptance if pois is large enough
            if pois >= big_l {
                return pois;
            }
            // Step S: squeeze acceptance
            fk = pois;
            difmuk = mu - fk;
            u = self.unif_rand();
            if d * u >= difmuk * difmuk * difmuk {
                return pois;
            }
        }
        // Step P: preparations for steps Q and H
        if new_big_mu || mu != self.pois.muprev2 {
            let pc = &mut self.pois;
            pc.muprev2 = mu;
            pc.omega = M_1_SQRT_2PI / s;
            pc.b1 = ONE_24 / mu;
            pc.b2 = 0.3 * pc.b1 * pc.b1;
            pc.c3 = ONE_7 * pc.b1 * pc.b2;
            pc.c2 = pc.b2 - 15. * pc.c3;
            pc.c1 = pc.b1 - 6. * pc.b2 + 45. * pc.c3;
            pc.c0 = 1. - pc.b1 + 3. * pc.b2 - 15. * pc.c3;
            pc.c = 0.1069 / mu;
        }
        let (omega, c, c0, c1, c2, c3) = (
            self.pois.omega,
            self.pois.c,
            self.pois.c0,
            self.pois.c1,
            self.pois.c2,
            self.pois.c3,
        );
        let mut from_g = g >= 0.0;
        let mut e = 0.0;
        loop {
            let kflag;
            if from_g {
                // 'Subroutine' F with kflag = 0
                from_g = false;
                kflag = 0;
            } else {
                // Step E: exponential sample
                e = self.exp_rand();
                u = 2.0 * self.unif_rand() - 1.0;
                let t = 1.8 + fsign(e, u);
                if t <= -0.6744 {
                    continue;
                }
                pois = (mu + s * t).floor();
                fk = pois;
                difmuk = mu - fk;
                kflag = 1;
            }
            // Step F: calculation of px, py, fx, fy
            let px;
            let py;
            if pois < 10.0 {
                px = -mu;
                py = mu.powf(pois) / FACT[pois as usize];
            } else {
                let mut del = ONE_12 / fk;
                del *= 1.0 - 4.8 * del * del;
                let v = difmuk / fk;
                if v.abs() <= 0.25 {
                    px = fk
                        * v
                        * v
                        * (((((((A7 * v + A6) * v + A5) * v + A4) * v + A3) * v + A2) * v + A1)
                            * v
                            + A0)
                        - del;
                } else {
                    px = fk * (1.0 + v).ln() - difmuk - del;
                }
                py = M_1_SQRT_2PI / fk.sqrt();
            }
            let mut x = (0.5 - difmuk) / s;
            x *= x;
            let fx = -0.5 * x;
            let fy = omega * (((c3 * x + c2) * x + c1) * x + c0);
            if kflag > 0 {
                // Step H: hat acceptance
                if c * u.abs() <= py * (px + e).exp() - fy * (fx + e).exp() {
                    break;
                }
            } else if fy - u * fy <= py * (px - fx).exp() {
                // Step Q: quotient acceptance
                break;
            }
        }
        pois
    }
}

fn fsign(x: f64, y: f64) -> f64 {
    if y >= 0.0 {
        x.abs()
    } else {
        -x.abs()
    }
}

/// R's `R_pow_di`.
fn r_pow_di(mut x: f64, mut n: i32) -> f64 {
    let mut xn = 1.0;
    if x.is_nan() {
        return x;
    }
    if n != 0 {
        if !x.is_finite() {
            return x.powf(n as f64);
        }
        let neg = n < 0;
        if neg {
            n = -n;
        }
        loop {
            if n & 1 != 0 {
                xn *= x;
            }
            n >>= 1;
            if n != 0 {
                x *= x;
            } else {
                break;
            }
        }
        if neg {
            xn = 1.0 / xn;
        }
    }
    xn
}

/// `qnorm(p, 0, 1)` for 0 < p < 1 (R 4.2's qnorm.c, Wichura's AS 241).
pub fn qnorm_std(p: f64) -> f64 {
    if p.is_nan() {
        return p;
    }
    if p <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if p >= 1.0 {
        return f64::INFINITY;
    }
    let q = p - 0.5;
    let val;
    if q.abs() <= 0.425 {
        let r = 0.180625 - q * q;
        val = q
            * (((((((r * 2509.0809287301226727 + 33430.575583588128105) * r
                + 67265.770927008700853)
                * r
                + 45921.953931549871457)
                * r
                + 13731.693765509461125)
                * r
                + 1971.5909503065514427)
                * r
                + 133.14166789178437745)
                * r
                + 3.387132872796366608)
            / (((((((r * 5226.495278852854561 + 28729.085735721942674) * r
                + 39307.89580009271061)
                * r
                + 21213.794301586595867)
                * r
                + 5394.1960214247511077)
                * r
                + 687.1870074920579083)
                * r
                + 42.313330701600911252)
                * r
                + 1.);
    } else {
        // r = min(p, 1-p) < 0.075
        let mut r = if q < 0.0 { p } else { 0.5 - p + 0.5 };
        r = (-r.ln()).sqrt();
        let mut v;
        if r <= 5. {
            r += -1.6;
            v = (((((((r * 7.7454501427834140764e-4 + 0.0227238449892691845833) * r
                + 0.24178072517745061177)
                * r
                + 1.27045825245236838258)
                * r
                + 3.64784832476320460504)
                * r
                + 5.7694972214606914055)
                * r
                + 4.6303378461565452959)
                * r
                + 1.42343711074968357734)
                / (((((((r * 1.05075007164441684324e-9 + 5.475938084995344946e-4) * r
                    + 0.0151986665636164571966)
                    * r
                    + 0.14810397642748007459)
                    * r
                    + 0.68976733498510000455)
                    * r
                    + 1.6763848301838038494)
                    * r
                    + 2.05319162663775882187)
                    * r
                    + 1.);
        } else {
            r += -5.;
            v = (((((((r * 2.01033439929228813265e-7 + 2.71155556874348757815e-5) * r
                + 0.0012426609473880784386)
                * r
                + 0.026532189526576123093)
                * r
                + 0.29656057182850489123)
                * r
                + 1.7848265399172913358)
                * r
                + 5.4637849111641143699)
                * r
                + 6.6579046435011037772)
                / (((((((r * 2.04426310338993978564e-15 + 1.4215117583164458887e-7) * r
                    + 1.8463183175100546818e-5)
                    * r
                    + 7.868691311456132591e-4)
                    * r
                    + 0.0148753612908506148525)
                    * r
                    + 0.13692988092273580531)
                    * r
                    + 0.59983220655588793769)
                    * r
                    + 1.);
        }
        if q < 0.0 {
            v = -v;
        }
        val = v;
    }
    0.0 + 1.0 * val
}

/// R's `(int) ceil(log2(dn))` for `dn > 0`. For a whole `dn` up to 2^31 it
/// is the bit length of `dn - 1`: `log2` is exact at powers of two and more
/// than 2^-31 from an integer elsewhere in that range, far above its
/// rounding error, so the logarithm is not needed.
fn index_bits(dn: f64) -> i32 {
    if (1.0..=2_147_483_648.0).contains(&dn) && dn == dn.trunc() {
        (64 - (dn as u64 - 1).leading_zeros()) as i32
    } else {
        dn.log2().ceil() as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_bits_is_ceil_log2() {
        let check = |d: f64| assert_eq!(index_bits(d), d.log2().ceil() as i32, "{d}");
        for d in 1..=70_000u64 {
            check(d as f64);
        }
        for k in 0..=31 {
            let p = 2f64.powi(k);
            for d in [p - 1.0, p, p + 1.0] {
                if d >= 1.0 {
                    check(d);
                }
            }
        }
        for d in [0.5, 2.5, 1e-3, 3e9, 2147483649.0, 1e15] {
            check(d);
        }
    }

    #[test]
    fn first_uniforms_match_gnu_r() {
        // set.seed(42); runif(3) in GNU R 4.2: 0.9148060 0.9370754 0.2861395
        let mut r = Rng::new();
        r.set_seed(42);
        let u: Vec<f64> = (0..3).map(|_| r.unif_rand()).collect();
        assert!((u[0] - 0.9148060).abs() < 5e-8);
        assert!((u[1] - 0.9370754).abs() < 5e-8);
        assert!((u[2] - 0.2861395).abs() < 5e-8);
    }

    #[test]
    fn qnorm_center_and_tails() {
        assert_eq!(qnorm_std(0.5), 0.0);
        assert!((qnorm_std(0.975) - 1.959963984540054).abs() < 1e-15);
        assert!((qnorm_std(1e-20) + 9.262340089798408).abs() < 1e-12);
    }
}
