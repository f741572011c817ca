//! Parser throughput benchmark (was the timed unit test `parser::tests::parses_fast`,
//! which failed on loaded machines). Not a test: it prints MB/s and asserts nothing.
//!
//! Run: `cargo bench -p vm --bench parse_speed` (optionally `-- REPS`, default 5;
//! prints the speed of every repetition and the best one).

use std::time::Instant;

fn main() {
    let unit = "fib <- function(n) {\n  if (n < 2L) return(n) else fib(n - 1L) + fib(n - 2L)\n}\n\
                x <- c(1, 2.5, 3e10); s <- 0\nfor (i in seq_along(x)) { s <- s + x[[i]] * 2 }\n\
                cat(sprintf(\"%d: %s\\n\", 1L, paste0('a', \"b\")))\n";
    let src = unit.repeat(20_000);
    let reps: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(5);
    let mut best = 0.0f64;
    for r in 0..reps {
        let t = Instant::now();
        let p = vm::parser::parse_program(&src, "bench.R").expect("benchmark input parses");
        let secs = t.elapsed().as_secs_f64();
        assert_eq!(p.exprs.len(), 20_000 * 5);
        let mb_per_s = src.len() as f64 / 1e6 / secs;
        best = best.max(mb_per_s);
        println!(
            "parse_speed rep {r}: {:.2} MB in {secs:.4} s = {mb_per_s:.1} MB/s",
            src.len() as f64 / 1e6
        );
    }
    println!("parse_speed best: {best:.1} MB/s");
}
