//! Native Rust baselines for the `peak` experiment: what a C programmer would
//! write for the same computations as `programs/phase_sum.R` (its last phase, a
//! double vector sum) and `programs/colsum.R` (column sums over alternating
//! integer / double columns).

use std::hint::black_box;

/// Default problem sizes (elements), matching the R programs' data:
/// phase_sum sums `n <- 1000000L` elements; colsum has 8 columns of 200000 rows.
pub const SUM_N: usize = 1_000_000;
pub const COLSUM_N: usize = 1_600_000;
/// Columns of the colsum table; rows = size / columns.
pub const COLSUM_COLS: usize = 8;

/// The kernels by name.
pub const KERNELS: &[(&str, usize)] = &[("sum", SUM_N), ("colsum", COLSUM_N)];

enum Column {
    Int(Vec<i32>),
    Dbl(Vec<f64>),
}

/// A prepared kernel: data built once, `run` timed per iteration.
pub struct Kernel {
    name: String,
    dbl: Vec<f64>,
    cols: Vec<Column>,
}

impl Kernel {
    pub fn new(name: &str, size: usize) -> Result<Kernel, String> {
        let size = if size == 0 {
            KERNELS
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, s)| *s)
                .unwrap_or(0)
        } else {
            size
        };
        let mut k = Kernel {
            name: name.to_string(),
            dbl: Vec::new(),
            cols: Vec::new(),
        };
        match name {
            "sum" => k.dbl = (0..size).map(|i| (i % 7) as f64 + 0.25).collect(),
            "colsum" => {
                let rows = size / COLSUM_COLS;
                k.cols = (0..COLSUM_COLS)
                    .map(|c| {
                        let j = c + 1; // R's 1-based column number
                        if j % 2 == 1 {
                            Column::Int((0..rows).map(|i| (i % 13 + j) as i32).collect())
                        } else {
                            Column::Dbl(
                                (0..rows)
                                    .map(|i| (i % 17) as f64 * 0.5 + j as f64)
                                    .collect(),
                            )
                        }
                    })
                    .collect()
            }
            _ => return Err(format!("unknown native kernel '{}'", name)),
        }
        Ok(k)
    }

    /// One iteration; the result is returned so it cannot be optimized away.
    pub fn run(&self) -> f64 {
        match self.name.as_str() {
            "sum" => {
                let mut s = 0.0;
                for &v in black_box(&self.dbl) {
                    s += v;
                }
                s
            }
            _ => {
                let sums: Vec<f64> = black_box(&self.cols)
                    .iter()
                    .map(|c| match c {
                        // R's integer sum checks for overflow; so does this.
                        Column::Int(v) => v
                            .iter()
                            .try_fold(0i32, |a, x| a.checked_add(*x))
                            .map(|s| s as f64)
                            .unwrap_or(f64::NAN),
                        Column::Dbl(v) => v.iter().sum(),
                    })
                    .collect();
                sums.iter().sum()
            }
        }
    }
}
