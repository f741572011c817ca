//! Chaos mode's failure injection (`Chaos`): the generator compiled code
//! counts down at each assumption check.

/// Seeded failure injection for chaos mode (see docs/DESIGN.md): every executed
/// assume check fails with probability `p`, independently. The failures form
/// a Bernoulli process, so the gap from one failure to the next is
/// geometric: compiled code only counts `countdown` down at each check and
/// fails the check that reaches 0 (a load, a decrement and a store instead of
/// a draw per check), and `rt_exit` draws the next gap. Same seed, same
/// program, same failures.
#[repr(C)]
pub struct Chaos {
    /// Checks left up to and including the next failing one (≥ 1 while
    /// compiled code runs). First field: compiled code loads it at offset 0.
    pub countdown: u64,
    pub p: f64,
    /// xorshift64* state.
    pub state: u64,
}

/// xorshift64*'s output multiplier.
pub const CHAOS_MUL: u64 = 0x2545F4914F6CDD1D;

impl Chaos {
    pub fn new(p: f64, seed: u64) -> Chaos {
        let mut ch = Chaos {
            countdown: 0,
            p,
            state: seed.wrapping_mul(0x9E3779B97F4A7C15) | 1,
        };
        ch.countdown = ch.gap();
        ch
    }

    /// A uniform 53-bit draw (xorshift64*, deterministic per seed).
    fn next53(&mut self) -> u64 {
        let mut x = self.state;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.state = x;
        x.wrapping_mul(CHAOS_MUL) >> 11
    }

    /// The number of checks up to and including the next failing one:
    /// geometric with success probability `p` (inverse transform of a
    /// uniform u in (0, 1]: ceil(ln u / ln(1 - p)), at least 1).
    pub fn gap(&mut self) -> u64 {
        let p = self.p.clamp(0.0, 1.0);
        if p >= 1.0 {
            return 1;
        }
        if p <= 0.0 {
            return u64::MAX;
        }
        let u = (self.next53() + 1) as f64 / (1u64 << 53) as f64;
        let k = (u.ln() / (-p).ln_1p()).ceil();
        if k.is_nan() || k < 1.0 {
            1
        } else if k >= u64::MAX as f64 {
            u64::MAX
        } else {
            k as u64
        }
    }

    /// After an exit: a check that reached 0 failed; draw the next gap.
    pub fn rearm(&mut self) {
        if self.countdown == 0 {
            self.countdown = self.gap();
        }
    }
}
