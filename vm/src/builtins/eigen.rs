//! `eigen()` of a symmetric matrix: Householder reduction to tridiagonal
//! form and the implicit QL algorithm (`tred2` and `tql2` of EISPACK, in
//! the formulation of the public-domain JAMA library), O(n^3) like the
//! LAPACK `dsyevr` GNU R calls. The eigenvalues agree with R's to rounding;
//! each eigenvector is defined only up to its sign, and LAPACK's choice
//! follows from its own algorithm, so vectors are normalized to a positive
//! largest component (documented in R-SUBSET: a printed `$vectors` column
//! may have the opposite sign from GNU R's). A non-symmetric matrix is
//! outside the subset (its eigenvalues may be complex).

use super::arith::dbl_data;
use super::BuiltinDef;
use crate::args::Args;
use crate::error::{RError, RResult};
use crate::interp::Interp;
use crate::value::*;

pub const BUILTINS: &[BuiltinDef] = &[BuiltinDef::new("eigen", bi_eigen)];

fn bi_eigen(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "symmetric", "only.values", "EISPACK"])?;
    let x = b
        .take(0)
        .ok_or_else(|| RError::new("argument \"x\" is missing, with no default"))?;
    let symmetric = b.take(1);
    let only_values = super::output::arg_flag(&b.take(2), false);
    let v = x
        .as_vector()
        .filter(|v| matches!(v.vtype(), VType::Lgl | VType::Int | VType::Dbl))
        .ok_or_else(|| match x.as_vector().map(|v| v.vtype()) {
            Some(VType::Cplx) => RError::unsupported("eigen() of a complex matrix"),
            _ => RError::new("non-numeric argument to 'eigen'"),
        })?;
    let a = dbl_data(&v.data);
    let n = match v.dim2() {
        Some((m, n)) if m == n => n,
        Some(_) => return Err(RError::new("non-square matrix in 'eigen'")),
        // (A vector is a 1-column matrix: square only when of length 1.)
        None if a.len() == 1 => 1,
        None => return Err(RError::new("non-square matrix in 'eigen'")),
    };
    if a.iter().any(|x| !x.is_finite()) {
        return Err(RError::new("infinite or missing values in 'x'"));
    }
    if n == 0 {
        return Err(RError::new("0 x 0 matrix"));
    }
    let symmetric = match symmetric {
        Some(s) => super::output::arg_flag(&Some(s), false),
        None => is_symmetric(&a, n),
    };
    if !symmetric {
        return Err(RError::unsupported("eigen() of a non-symmetric matrix"));
    }
    // The lower triangle, as LAPACK reads it (`uplo = "L"`).
    let mut z: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| a[i.max(j) + i.min(j) * n]).collect())
        .collect();
    let mut d = vec![0.0; n];
    let mut e = vec![0.0; n];
    tred2(&mut z, &mut d, &mut e);
    tql2(&mut z, &mut d, &mut e)?;
    // Decreasing eigenvalues, as R returns them.
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&p, &q| d[q].total_cmp(&d[p]));
    let values: Vec<f64> = order.iter().map(|&k| d[k]).collect();
    let vectors = if only_values {
        Value::Null
    } else {
        let mut data = Vec::with_capacity(n * n);
        for &k in &order {
            let col: Vec<f64> = (0..n).map(|i| z[i][k]).collect();
            let lead = col
                .iter()
                .fold(0.0f64, |m, &x| if x.abs() > m.abs() { x } else { m });
            let sign = if lead < 0.0 { -1.0 } else { 1.0 };
            data.extend(col.iter().map(|x| sign * x + 0.0));
        }
        let mut m = Vector::new(VecData::Dbl(data));
        m.set_attr(
            "dim",
            Value::from_vector(Vector::new(VecData::Int(vec![n as i32; 2]))),
        );
        Value::from_vector(m)
    };
    let values = Value::from_vector(Vector::new(VecData::Dbl(values)));
    let list = super::construct::make_list(
        vec![values, vectors],
        &[Some(Sym::from("values")), Some(Sym::from("vectors"))],
    );
    if only_values {
        return Ok(list);
    }
    let Value::Vec(rc) = list else {
        unreachable!("make_list builds a list")
    };
    let mut l = std::rc::Rc::unwrap_or_clone(rc);
    l.set_attr("class", Value::str("eigen"));
    Ok(Value::from_vector(l))
}

/// R's print method of an `eigen` result: a header, then the list.
pub fn print_eigen(v: &Vector, digits: Option<usize>) -> String {
    let mut plain = v.clone();
    plain.set_attr("class", Value::Null);
    let plain = Value::from_vector(plain);
    let body = match digits {
        Some(d) => crate::print::print_to_string_digits(&plain, d),
        None => crate::print::print_to_string(&plain),
    };
    format!("eigen() decomposition\n{body}")
}

/// `isSymmetric(x)`: equal to its transpose up to `all.equal`'s mean
/// relative difference with tolerance 100 * .Machine$double.eps.
fn is_symmetric(a: &[f64], n: usize) -> bool {
    let (mut diff, mut scale) = (0.0, 0.0);
    for j in 0..n {
        for i in 0..n {
            let (x, y) = (a[i + j * n], a[j + i * n]);
            if x != y {
                diff += (x - y).abs();
                scale += x.abs();
            }
        }
    }
    if diff == 0.0 {
        return true;
    }
    let rel = if scale > 0.0 { diff / scale } else { diff };
    rel < 100.0 * f64::EPSILON
}

/// Householder reduction of the symmetric matrix `v` to tridiagonal form:
/// diagonal `d`, subdiagonal `e[1..]`, and the orthogonal transformation
/// accumulated in `v`.
fn tred2(v: &mut [Vec<f64>], d: &mut [f64], e: &mut [f64]) {
    let n = d.len();
    d.copy_from_slice(&v[n - 1]);
    for i in (1..n).rev() {
        let mut scale = 0.0;
        let mut h = 0.0;
        for dk in d.iter().take(i) {
            scale += dk.abs();
        }
        if scale == 0.0 {
            e[i] = d[i - 1];
            for j in 0..i {
                d[j] = v[i - 1][j];
                v[i][j] = 0.0;
                v[j][i] = 0.0;
            }
        } else {
            for dk in d.iter_mut().take(i) {
                *dk /= scale;
                h += *dk * *dk;
            }
            let mut f = d[i - 1];
            let mut g = h.sqrt();
            if f > 0.0 {
                g = -g;
            }
            e[i] = scale * g;
            h -= f * g;
            d[i - 1] = f - g;
            for ej in e.iter_mut().take(i) {
                *ej = 0.0;
            }
            for j in 0..i {
                f = d[j];
                v[j][i] = f;
                g = e[j] + v[j][j] * f;
                for k in j + 1..i {
                    g += v[k][j] * d[k];
                    e[k] += v[k][j] * f;
                }
                e[j] = g;
            }
            f = 0.0;
            for j in 0..i {
                e[j] /= h;
                f += e[j] * d[j];
            }
            let hh = f / (h + h);
            for j in 0..i {
                e[j] -= hh * d[j];
            }
            for j in 0..i {
                f = d[j];
                g = e[j];
                for k in j..i {
                    v[k][j] -= f * e[k] + g * d[k];
                }
                d[j] = v[i - 1][j];
                v[i][j] = 0.0;
            }
        }
        d[i] = h;
    }
    // The accumulated transformations.
    for i in 0..n.saturating_sub(1) {
        v[n - 1][i] = v[i][i];
        v[i][i] = 1.0;
        let h = d[i + 1];
        if h != 0.0 {
            for (dk, row) in d.iter_mut().zip(v.iter()).take(i + 1) {
                *dk = row[i + 1] / h;
            }
            for j in 0..=i {
                let g: f64 = v.iter().take(i + 1).map(|row| row[i + 1] * row[j]).sum();
                for (row, dk) in v.iter_mut().zip(d.iter()).take(i + 1) {
                    row[j] -= g * dk;
                }
            }
        }
        for row in v.iter_mut().take(i + 1) {
            row[i + 1] = 0.0;
        }
    }
    for j in 0..n {
        d[j] = v[n - 1][j];
        v[n - 1][j] = 0.0;
    }
    v[n - 1][n - 1] = 1.0;
    e[0] = 0.0;
}

/// The implicit QL algorithm on the tridiagonal (`d`, `e`) from `tred2`:
/// eigenvalues into `d`, eigenvectors into the columns of `v`.
fn tql2(v: &mut [Vec<f64>], d: &mut [f64], e: &mut [f64]) -> RResult<()> {
    let n = d.len();
    for i in 1..n {
        e[i - 1] = e[i];
    }
    e[n - 1] = 0.0;
    let mut f = 0.0;
    let mut tst1 = 0.0f64;
    let eps = f64::EPSILON;
    for l in 0..n {
        tst1 = tst1.max(d[l].abs() + e[l].abs());
        let mut m = l;
        while m < n {
            if e[m].abs() <= eps * tst1 {
                break;
            }
            m += 1;
        }
        let m = m.min(n - 1);
        if m > l {
            let mut iter = 0;
            loop {
                iter += 1;
                if iter > 60 {
                    return Err(RError::new("error code 1 from Lapack routine 'dsyevr'"));
                }
                let mut g = d[l];
                let mut p = (d[l + 1] - g) / (2.0 * e[l]);
                let mut r = p.hypot(1.0);
                if p < 0.0 {
                    r = -r;
                }
                d[l] = e[l] / (p + r);
                d[l + 1] = e[l] * (p + r);
                let dl1 = d[l + 1];
                let mut h = g - d[l];
                for di in d.iter_mut().take(n).skip(l + 2) {
                    *di -= h;
                }
                f += h;
                p = d[m];
                let mut c = 1.0;
                let mut c2 = c;
                let mut c3 = c;
                let el1 = e[l + 1];
                let mut s = 0.0;
                let mut s2 = 0.0;
                for i in (l..m).rev() {
                    c3 = c2;
                    c2 = c;
                    s2 = s;
                    g = c * e[i];
                    h = c * p;
                    r = p.hypot(e[i]);
                    e[i + 1] = s * r;
                    s = e[i] / r;
                    c = p / r;
                    p = c * d[i] - s * g;
                    d[i + 1] = h + s * (c * g + s * d[i]);
                    for row in v.iter_mut() {
                        h = row[i + 1];
                        row[i + 1] = s * row[i] + c * h;
                        row[i] = c * row[i] - s * h;
                    }
                }
                p = -s * s2 * c3 * el1 * e[l] / dl1;
                e[l] = s * p;
                d[l] = c * p;
                if e[l].abs() <= eps * tst1 {
                    break;
                }
            }
        }
        d[l] += f;
        e[l] = 0.0;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A V = V diag(d) and V orthonormal, for a symmetric `a`.
    fn check(a: &[f64], n: usize) {
        let mut z: Vec<Vec<f64>> = (0..n)
            .map(|i| (0..n).map(|j| a[i + j * n]).collect())
            .collect();
        let (mut d, mut e) = (vec![0.0; n], vec![0.0; n]);
        tred2(&mut z, &mut d, &mut e);
        tql2(&mut z, &mut d, &mut e).unwrap();
        let norm = a.iter().fold(0.0f64, |m, x| m.max(x.abs())).max(1.0);
        for k in 0..n {
            for i in 0..n {
                let av: f64 = (0..n).map(|j| a[i + j * n] * z[j][k]).sum();
                assert!((av - d[k] * z[i][k]).abs() < 1e-12 * norm * n as f64);
            }
            for q in 0..n {
                let dot: f64 = (0..n).map(|i| z[i][k] * z[i][q]).sum();
                let want = if k == q { 1.0 } else { 0.0 };
                assert!((dot - want).abs() < 1e-12);
            }
        }
    }

    #[test]
    fn decomposes_symmetric_matrices() {
        check(&[2.0, 1.0, 1.0, 2.0], 2);
        check(&[4.0, 1.0, 2.0, 1.0, 3.0, 0.0, 2.0, 0.0, 5.0], 3);
        check(&[7.0], 1);
        check(&[1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0], 3);
        // A Hilbert-like matrix (ill-conditioned) and a larger pseudo-random one.
        let n = 6;
        let h: Vec<f64> = (0..n * n)
            .map(|k| 1.0 / ((k % n) + (k / n) + 1) as f64)
            .collect();
        check(&h, n);
        let n = 20;
        let mut r = vec![0.0; n * n];
        let mut s = 12345u64;
        for j in 0..n {
            for i in 0..=j {
                s = s
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let x = (s >> 11) as f64 / (1u64 << 53) as f64 - 0.5;
                r[i + j * n] = x;
                r[j + i * n] = x;
            }
        }
        check(&r, n);
    }
}
