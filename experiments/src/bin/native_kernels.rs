//! Native Rust baselines for the loop microbenchmarks (what a C programmer
//! would write): prints seconds per call, for comparison with compiled R code.

use std::hint::black_box;
use std::time::Instant;

fn time<F: FnMut() -> f64>(reps: usize, mut f: F) -> (f64, f64) {
    let r = f(); // warm-up
    let t0 = Instant::now();
    let mut acc = 0.0;
    for _ in 0..reps {
        acc += f();
    }
    black_box(acc);
    (t0.elapsed().as_secs_f64() / reps as f64, r)
}

fn main() {
    // dbl_sum: sum of seq(0.5, 1e6, by = 0.5) by an explicit loop.
    let x: Vec<f64> = (0..2_000_000).map(|k| 0.5 + k as f64 * 0.5).collect();
    let (t, r) = time(5, || {
        let mut s = 0.0;
        for &v in black_box(&x) {
            s += v;
        }
        s
    });
    println!(
        "{{\"kernel\": \"dbl_sum\", \"s_per_call\": {:.9}, \"result\": {}}}",
        t, r
    );
    // int_loop: count multiples of 3 in 1..2e6.
    let (t, r) = time(5, || {
        let mut s = 0i32;
        for i in 1..=black_box(2_000_000i32) {
            if i % 3 == 0 {
                s += 1;
            }
        }
        s as f64
    });
    println!(
        "{{\"kernel\": \"int_loop\", \"s_per_call\": {:.9}, \"result\": {}}}",
        t, r
    );
    // matrix_loop: s + m[i, j] * (i - j) over a 500 x 500 column-major double
    // matrix, row by row (the R program's loop order: a strided walk).
    let n = 500usize;
    // Unchecked indexing, as C would index: the loop bounds keep every index
    // below n * n (checked once here). Rust's per-element bounds check made
    // this baseline about 2x slower than the loop needs to be.
    let m: Vec<f64> = (1..=n * n).map(|k| k as f64).collect();
    assert_eq!(m.len(), n * n);
    let (t, r) = time(5, || {
        let m = black_box(&m[..n * n]);
        let mut s = 0.0;
        for i in 1..=n {
            for j in 1..=n {
                // SAFETY: 1 <= i, j <= n, so the index is below n * n = m.len().
                let x = unsafe { *m.get_unchecked((j - 1) * n + (i - 1)) };
                s += x * (i as f64 - j as f64);
            }
        }
        s
    });
    println!(
        "{{\"kernel\": \"matrix_loop\", \"s_per_call\": {:.9}, \"result\": {}}}",
        t, r
    );
}
