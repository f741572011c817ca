//! Allocation limits: a vector too large to allocate is refused with GNU R's
//! error before any memory is taken (R's `allocVector` reports "cannot allocate
//! vector of size ..." when malloc fails; a growing Rust `Vec` would instead
//! abort the process or exhaust the machine). The bound is fixed, not read
//! from the machine, so the same program gives the same answer everywhere.

use crate::error::{RError, RResult};
use crate::value::VType;
use std::sync::atomic::{AtomicU64, Ordering};

/// R's `R_XLEN_T_MAX`: the longest vector R can describe.
pub const MAX_LENGTH: f64 = 4503599627370496.0;

/// The default largest single vector dlvm allocates, in R's bytes (16 GiB).
pub const MAX_VECTOR_BYTES: f64 = 16.0 * 1024.0 * 1024.0 * 1024.0;

/// The allocation ceiling in force (bytes, as GNU R counts them: 8 per double,
/// 4 per integer...): `dlvm run --max-vector-size BYTES` or
/// [`set_max_vector_bytes`]; [`MAX_VECTOR_BYTES`] unless set.
static MAX_BYTES: AtomicU64 = AtomicU64::new(MAX_VECTOR_BYTES as u64);

/// Set the largest single vector allocation, in bytes (process-wide).
pub fn set_max_vector_bytes(bytes: u64) {
    MAX_BYTES.store(bytes, Ordering::Relaxed);
}

/// The largest single vector allocation in force, in bytes.
pub fn max_vector_bytes() -> f64 {
    MAX_BYTES.load(Ordering::Relaxed) as f64
}

/// Bytes per element in GNU R (what its error message reports).
fn r_elt_size(t: VType) -> f64 {
    match t {
        VType::Raw => 1.0,
        VType::Lgl | VType::Int => 4.0,
        VType::Dbl | VType::Str | VType::List => 8.0,
        VType::Cplx => 16.0,
    }
}

/// Refuse a vector of `n` elements of type `t` that R could not describe
/// ("vector size specified is too large") or that exceeds the allocation
/// bound (R's out-of-memory error, reported without a call as R does).
pub fn check_alloc(n: f64, t: VType) -> RResult<()> {
    if n > MAX_LENGTH {
        return Err(RError::new("vector size specified is too large"));
    }
    let bytes = n * r_elt_size(t);
    if bytes > max_vector_bytes() {
        return Err(cannot_allocate(bytes));
    }
    Ok(())
}

/// R's "cannot allocate vector of size ..." for `bytes` bytes.
pub fn cannot_allocate(bytes: f64) -> RError {
    let gb = 1024.0 * 1024.0 * 1024.0;
    let mb = 1024.0 * 1024.0;
    let size = if bytes > gb {
        format!("{:.1} Gb", bytes / gb)
    } else if bytes > mb {
        format!("{:.1} Mb", bytes / mb)
    } else {
        format!("{:.0} Kb", bytes / 1024.0)
    };
    RError::no_call(format!("cannot allocate vector of size {}", size))
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn messages() {
        // Rscript -e 'numeric(1e10)': cannot allocate vector of size 74.5 Gb
        let e = check_alloc(1e10, VType::Dbl).unwrap_err();
        assert_eq!(e.msg, "cannot allocate vector of size 74.5 Gb");
        let e = check_alloc(1e19, VType::List).unwrap_err();
        assert_eq!(e.msg, "vector size specified is too large");
        assert!(check_alloc(1e6, VType::Cplx).is_ok());
    }
}

#[cfg(test)]
mod no_panic {
    use crate::driver::{run_captured, Status};

    /// Inputs that used to panic (capacity overflow, index out of bounds,
    /// formatting precision out of range) or grow memory without bound
    /// (issue 19): each now ends with GNU R's value or error.
    #[test]
    fn former_panics_give_r_errors() {
        let cases: &[(&str, Status, &str)] = &[
            ("pmax(NULL)", Status::Ok, "NULL"),
            ("print(formatC(1, digits = 2^31))", Status::Ok, "1"),
            ("rep(1, Inf)", Status::Error, "invalid 'times' argument"),
            (
                "numeric(1e19)",
                Status::Error,
                "vector size specified is too large",
            ),
            (
                "vector(\"list\", 1e19)",
                Status::Error,
                "vector size specified is too large",
            ),
            (
                "seq(1, 10, length.out = 1e19)",
                Status::Error,
                "result would be too long a vector",
            ),
            (
                "matrix(0, 1e5, 1e5)",
                Status::Error,
                "cannot allocate vector of size 74.5 Gb",
            ),
            (
                "numeric(1e10)",
                Status::Error,
                "cannot allocate vector of size 74.5 Gb",
            ),
            (
                "rep(1:2, 1e10)",
                Status::Error,
                "cannot allocate vector of size 74.5 Gb",
            ),
            (
                "rep(1:2, each = 1e10)",
                Status::Error,
                "cannot allocate vector of size 74.5 Gb",
            ),
            ("strrep(\"ab\", 1e10)", Status::Ok, "NA"),
            (
                "sprintf(\"%5s\", formatC(\"abcdefgh\"))",
                Status::Ok,
                "abcdefgh",
            ),
        ];
        for (src, status, needle) in cases {
            let (out, err, st) = run_captured(&format!("{}\n", src), "t.R");
            assert_eq!(st, *status, "{src}: {out}{err}");
            assert!(
                out.contains(needle) || err.contains(needle),
                "{src}: {out}{err}"
            );
        }
    }
}

#[cfg(test)]
mod step_budget {
    use crate::driver::{run_source, Status};
    use crate::interp::{Interp, STEPS_EXHAUSTED};

    fn run(src: &str, max_steps: u64) -> (String, Status) {
        let mut interp = Interp::new();
        interp.max_steps = max_steps;
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let st = run_source(&mut interp, src, "t.R", &mut out, &mut err);
        (String::from_utf8_lossy(&err).into_owned(), st)
    }

    /// Programs that never end stop at the step budget (fuzzing, issue 19);
    /// a catching handler does not outlive it.
    #[test]
    fn endless_programs_stop_at_the_budget() {
        for src in [
            "repeat {}\n",
            "while (TRUE) x <- 1\n",
            "f <- function() f2(); f2 <- function() 1; repeat f()\n",
            "repeat tryCatch(repeat {}, error = function(e) 0)\n",
            "f <- function() tryCatch(repeat {}, error = function(e) f()); f()\n",
        ] {
            let (err, st) = run(src, 100_000);
            assert_eq!(st, Status::Error, "{src}");
            assert!(
                err.contains(STEPS_EXHAUSTED) || err.contains("nested too deeply"),
                "{src}: {err}"
            );
        }
        let (err, st) = run("s <- 0; for (i in 1:1000) s <- s + i; print(s)\n", 100_000);
        assert_eq!(st, Status::Ok, "{err}");
    }
}
