//! The LU factorization, solver and condition estimate GNU R's `solve` and
//! `det` call in LAPACK (`dgesv` = `dgetrf` + `dgetrs`, `dgecon`, `dlange`),
//! written after the reference LAPACK 3.11 and BLAS routines, with their
//! operation order (the recursive `dgetrf2` panel factorization, blocked by
//! 64 columns as `dgetrf` is, column-oriented triangular solves and
//! updates), so that results agree with R's to the last bit on the
//! reference libraries. Matrices are column-major `&mut [f64]` with a
//! leading dimension; pivots are 1-based row numbers, as LAPACK's.

/// Element (i, j) of the column-major matrix at `off` with leading dimension `ld`.
#[inline]
fn at(off: usize, ld: usize, i: usize, j: usize) -> usize {
    off + i + j * ld
}

/// The first index of the largest |x_i| (BLAS `idamax`), of `n` elements from `off`.
fn idamax(x: &[f64], off: usize, n: usize) -> usize {
    let mut best = 0;
    let mut max = x[off].abs();
    for i in 1..n {
        let v = x[off + i].abs();
        if v > max {
            best = i;
            max = v;
        }
    }
    best
}

/// Row interchanges (`dlaswp` with increment 1): for k in `k1..k2`, swap
/// rows k and ipiv[k] - 1 of the `ncols` columns at `off`.
fn laswp(a: &mut [f64], off: usize, ld: usize, ncols: usize, k1: usize, k2: usize, ipiv: &[usize]) {
    for j in 0..ncols {
        for (k, &p) in ipiv.iter().enumerate().take(k2).skip(k1) {
            let p = p - 1;
            if p != k {
                a.swap(at(off, ld, k, j), at(off, ld, p, j));
            }
        }
    }
}

/// B := inv(L) B for the unit lower triangular `m` x `m` L at `aoff` and
/// the `m` x `n` B at `boff` (BLAS `dtrsm` Left, Lower, No transpose, Unit).
fn trsm_lower_unit(a: &mut [f64], aoff: usize, boff: usize, ld: usize, m: usize, n: usize) {
    for j in 0..n {
        for k in 0..m {
            let bkj = a[at(boff, ld, k, j)];
            if bkj != 0.0 {
                for i in k + 1..m {
                    a[at(boff, ld, i, j)] -= bkj * a[at(aoff, ld, i, k)];
                }
            }
        }
    }
}

/// C := C - A B for the `m` x `k` A, `k` x `n` B and `m` x `n` C (BLAS
/// `dgemm` No transpose, No transpose, alpha = -1, beta = 1).
#[allow(clippy::too_many_arguments)]
fn gemm_sub(
    a: &mut [f64],
    aoff: usize,
    boff: usize,
    coff: usize,
    ld: usize,
    m: usize,
    n: usize,
    k: usize,
) {
    for j in 0..n {
        for l in 0..k {
            let temp = -a[at(boff, ld, l, j)];
            for i in 0..m {
                a[at(coff, ld, i, j)] += temp * a[at(aoff, ld, i, l)];
            }
        }
    }
}

/// The recursive LU factorization with partial pivoting of the `m` x `n`
/// matrix at `off` (LAPACK `dgetrf2`): pivots into `ipiv` (relative to
/// `off`), the index (1-based) of the first exactly zero pivot, or 0.
fn getrf2(a: &mut [f64], off: usize, ld: usize, m: usize, n: usize, ipiv: &mut [usize]) -> usize {
    if m == 0 || n == 0 {
        return 0;
    }
    if m == 1 {
        ipiv[0] = 1;
        return usize::from(a[off] == 0.0);
    }
    if n == 1 {
        let i = idamax(a, off, m);
        ipiv[0] = i + 1;
        if a[off + i] == 0.0 {
            return 1;
        }
        if i != 0 {
            a.swap(off, off + i);
        }
        let pivot = a[off];
        if pivot.abs() >= f64::MIN_POSITIVE {
            let r = 1.0 / pivot;
            for k in 1..m {
                a[off + k] *= r;
            }
        } else {
            for k in 1..m {
                a[off + k] /= pivot;
            }
        }
        return 0;
    }
    let n1 = m.min(n) / 2;
    let n2 = n - n1;
    let mut info = getrf2(a, off, ld, m, n1, &mut ipiv[..n1]);
    laswp(a, at(off, ld, 0, n1), ld, n2, 0, n1, ipiv);
    trsm_lower_unit(a, off, at(off, ld, 0, n1), ld, n1, n2);
    gemm_sub(
        a,
        at(off, ld, n1, 0),
        at(off, ld, 0, n1),
        at(off, ld, n1, n1),
        ld,
        m - n1,
        n2,
        n1,
    );
    let mn = m.min(n);
    let iinfo = getrf2(a, at(off, ld, n1, n1), ld, m - n1, n2, &mut ipiv[n1..mn]);
    if info == 0 && iinfo > 0 {
        info = iinfo + n1;
    }
    for p in &mut ipiv[n1..mn] {
        *p += n1;
    }
    laswp(a, off, ld, n1, n1, mn, ipiv);
    info
}

/// The LU factorization with partial pivoting of the `n` x `n` matrix `a`
/// (LAPACK `dgetrf`): pivots (1-based rows) and the index (1-based) of the
/// first exactly zero pivot, or 0.
pub fn getrf(a: &mut [f64], n: usize) -> (Vec<usize>, usize) {
    const NB: usize = 64;
    let mut ipiv = vec![0; n];
    if n == 0 {
        return (ipiv, 0);
    }
    if NB >= n {
        let info = getrf2(a, 0, n, n, n, &mut ipiv);
        return (ipiv, info);
    }
    let mut info = 0;
    let mut j = 0;
    while j < n {
        let jb = NB.min(n - j);
        let iinfo = getrf2(a, at(0, n, j, j), n, n - j, jb, &mut ipiv[j..j + jb]);
        if info == 0 && iinfo > 0 {
            info = iinfo + j;
        }
        for p in &mut ipiv[j..j + jb] {
            *p += j;
        }
        laswp(a, 0, n, j, j, j + jb, &ipiv);
        if j + jb < n {
            laswp(a, at(0, n, 0, j + jb), n, n - j - jb, j, j + jb, &ipiv);
            trsm_lower_unit(a, at(0, n, j, j), at(0, n, j, j + jb), n, jb, n - j - jb);
            gemm_sub(
                a,
                at(0, n, j + jb, j),
                at(0, n, j, j + jb),
                at(0, n, j + jb, j + jb),
                n,
                n - j - jb,
                n - j - jb,
                jb,
            );
        }
        j += NB;
    }
    (ipiv, info)
}

/// Solve A X = B from the LU factors of the `n` x `n` A for the `n` x
/// `nrhs` B, in place (LAPACK `dgetrs`, no transpose).
pub fn getrs(lu: &[f64], n: usize, ipiv: &[usize], b: &mut [f64], nrhs: usize) {
    // Row interchanges, then L (unit lower) and U (upper, non-unit).
    for j in 0..nrhs {
        for (k, &p) in ipiv.iter().enumerate() {
            if p - 1 != k {
                b.swap(k + j * n, p - 1 + j * n);
            }
        }
    }
    for j in 0..nrhs {
        let col = &mut b[j * n..(j + 1) * n];
        for k in 0..n {
            let bk = col[k];
            if bk != 0.0 {
                for i in k + 1..n {
                    col[i] -= bk * lu[i + k * n];
                }
            }
        }
        for k in (0..n).rev() {
            if col[k] != 0.0 {
                col[k] /= lu[k + k * n];
                let bk = col[k];
                for i in 0..k {
                    col[i] -= bk * lu[i + k * n];
                }
            }
        }
    }
}

/// The 1-norm (largest absolute column sum) of the `n` x `n` matrix `a`
/// (LAPACK `dlange` "1"): NaN if a column sum is NaN.
pub fn norm1(a: &[f64], n: usize) -> f64 {
    let mut value = 0.0f64;
    for j in 0..n {
        let sum: f64 = a[j * n..(j + 1) * n].iter().fold(0.0, |s, x| s + x.abs());
        if value < sum || sum.is_nan() {
            value = sum;
        }
    }
    value
}

/// x := inv(op(T)) x for a triangle of the LU factors (BLAS `dtrsv`):
/// `upper` (non-unit diagonal) or the unit lower one, `trans` for the
/// transpose.
fn trsv(lu: &[f64], n: usize, upper: bool, trans: bool, x: &mut [f64]) {
    match (upper, trans) {
        (true, false) => {
            for j in (0..n).rev() {
                if x[j] != 0.0 {
                    x[j] /= lu[j + j * n];
                    let t = x[j];
                    for i in (0..j).rev() {
                        x[i] -= t * lu[i + j * n];
                    }
                }
            }
        }
        (false, false) => {
            for j in 0..n {
                if x[j] != 0.0 {
                    let t = x[j];
                    for i in j + 1..n {
                        x[i] -= t * lu[i + j * n];
                    }
                }
            }
        }
        (true, true) => {
            for j in 0..n {
                let mut t = x[j];
                for i in 0..j {
                    t -= lu[i + j * n] * x[i];
                }
                x[j] = t / lu[j + j * n];
            }
        }
        (false, true) => {
            for j in (0..n).rev() {
                let mut t = x[j];
                for i in (j + 1..n).rev() {
                    t -= lu[i + j * n] * x[i];
                }
                x[j] = t;
            }
        }
    }
}

fn asum(x: &[f64]) -> f64 {
    x.iter().fold(0.0, |s, v| s + v.abs())
}

/// The reciprocal condition number in the 1-norm of the matrix with LU
/// factors `lu` and 1-norm `anorm` (LAPACK `dgecon` "1", Higham's estimate
/// of the norm of the inverse by `dlacn2`). A factor that is not finite
/// gives 0 (LAPACK's scaled triangular solves give up on it).
pub fn gecon(lu: &[f64], n: usize, anorm: f64) -> f64 {
    if n == 0 {
        return 1.0;
    }
    if anorm == 0.0 {
        return 0.0;
    }
    if anorm.is_nan() || lu.iter().any(|v| !v.is_finite()) {
        return 0.0;
    }
    const ITMAX: usize = 5;
    let sign = |v: f64| if v >= 0.0 { 1.0 } else { -1.0 };
    // x := inv(A) x (kase 1) or inv(A^T) x (kase 2).
    let solve = |x: &mut [f64], kase: u8| {
        if kase == 1 {
            trsv(lu, n, false, false, x);
            trsv(lu, n, true, false, x);
        } else {
            trsv(lu, n, true, true, x);
            trsv(lu, n, false, true, x);
        }
    };
    let mut x = vec![1.0 / n as f64; n];
    solve(&mut x, 1);
    let est = if n == 1 {
        x[0].abs()
    } else {
        let mut est = asum(&x);
        let mut isgn: Vec<f64> = x.iter().map(|&v| sign(v)).collect();
        x.copy_from_slice(&isgn);
        solve(&mut x, 2);
        let mut j = idamax(&x, 0, n);
        let mut iter = 2;
        loop {
            x.iter_mut().for_each(|v| *v = 0.0);
            x[j] = 1.0;
            solve(&mut x, 1);
            let estold = est;
            est = asum(&x);
            let converged = x.iter().zip(&isgn).all(|(&v, &s)| sign(v) == s);
            if converged || est <= estold {
                break;
            }
            isgn = x.iter().map(|&v| sign(v)).collect();
            x.copy_from_slice(&isgn);
            solve(&mut x, 2);
            let jlast = j;
            j = idamax(&x, 0, n);
            if x[jlast] != x[j].abs() && iter < ITMAX {
                iter += 1;
                continue;
            }
            break;
        }
        // The final stage: an alternating-sign vector.
        let mut altsgn = 1.0;
        for (i, v) in x.iter_mut().enumerate() {
            *v = altsgn * (1.0 + i as f64 / (n - 1) as f64);
            altsgn = -altsgn;
        }
        solve(&mut x, 1);
        let temp = 2.0 * (asum(&x) / (3 * n) as f64);
        if temp > est {
            temp
        } else {
            est
        }
    };
    if est != 0.0 {
        (1.0 / est) / anorm
    } else {
        0.0
    }
}
