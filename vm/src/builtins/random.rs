//! Random numbers, bit-exact with GNU R 4.2's defaults (Mersenne-Twister,
//! Inversion, Rejection): `set.seed runif rnorm rexp rbinom rpois sample
//! sample.int RNGkind`. The generators are in `crate::rng`; this module does
//! what R's closures and `.Call`/`.Internal` entry points do around them
//! (stats' `random1`/`random2`, main's `do_sample`/`do_sample2`/`do_setseed`):
//! argument checks with R's messages, recycling of the parameters, `NA`s with
//! the `NAs produced` warning, integer results that turn double on overflow.

use super::arith::dbl_data;
use super::BuiltinDef;
use crate::args::Args;
use crate::coerce::{str_to_dbl, str_to_lgl};
use crate::error::{ErrCall, ErrKind, RError, RResult};
use crate::interp::Interp;
use crate::rng::Rng;
use crate::value::*;
use std::borrow::Cow;

pub const BUILTINS: &[BuiltinDef] = &[
    BuiltinDef::new("set.seed", bi_set_seed),
    BuiltinDef::new("RNGkind", bi_rngkind),
    BuiltinDef::new("runif", bi_runif).with_scalar(one_runif),
    BuiltinDef::new("rnorm", bi_rnorm).with_scalar(one_rnorm),
    BuiltinDef::new("rexp", bi_rexp).with_scalar(one_rexp),
    BuiltinDef::new("rbinom", bi_rbinom).with_scalar(one_rbinom),
    BuiltinDef::new("rpois", bi_rpois).with_scalar(one_rpois),
    BuiltinDef::new("sample", bi_sample),
    BuiltinDef::new("sample.int", bi_sample_int),
];

/// R_XLEN_T_MAX: the longest vector R can describe.
const XLEN_MAX: f64 = 4_503_599_627_370_496.0;
/// Longest result dlvm allocates; longer ones get R's out-of-memory error.
const ALLOC_MAX: usize = 1 << 31;

fn missing(name: &str) -> RError {
    RError::new(format!("argument \"{}\" is missing, with no default", name))
}

fn invalid_arguments() -> RError {
    RError::new("invalid arguments")
}

/// R's `cannot allocate vector of size ...` for `n` elements of `elt` bytes.
fn alloc_error(n: f64, elt: f64) -> RError {
    let kb = n * elt / 1024.0;
    if kb > 1024.0 * 1024.0 {
        RError::no_call(format!(
            "cannot allocate vector of size {:.1} Gb",
            kb / 1024.0 / 1024.0
        ))
    } else if kb > 1024.0 {
        RError::no_call(format!(
            "cannot allocate vector of size {:.1} Mb",
            kb / 1024.0
        ))
    } else {
        RError::no_call(format!("cannot allocate vector of size {:.0} Kb", kb))
    }
}

/// A parameter of a distribution as doubles, or `None` when it is not numeric
/// (R's `isNumeric`: logical, integer or double).
fn num_param(v: &Value) -> Option<Cow<'_, [f64]>> {
    match v {
        Value::Lgl(_) | Value::Int(_) => Some(Cow::Owned(vec![scalar_num(v)?])),
        Value::Dbl(x) => Some(Cow::Borrowed(std::slice::from_ref(x))),
        Value::Vec(v) => match &v.data {
            VecData::Lgl(_) | VecData::Int(_) | VecData::Dbl(_) => {
                if v.class()
                    .is_some_and(|c| c.iter().any(|s| s.as_deref() == Some("factor")))
                {
                    None
                } else {
                    Some(dbl_data(&v.data))
                }
            }
            _ => None,
        },
        _ => None,
    }
}

/// R's `asReal` of the first element (`NaN` for NA or a non-vector); warns
/// `NAs introduced by coercion` for an unparsable string.
fn as_real(interp: &mut Interp, v: &Value) -> RResult<f64> {
    Ok(match v {
        Value::Lgl(x) | Value::Int(x) => {
            if *x == NA_INTEGER {
                na_real()
            } else {
                *x as f64
            }
        }
        Value::Dbl(x) => *x,
        Value::Vec(vec) if !vec.is_empty() => match &vec.data {
            VecData::Lgl(_) | VecData::Int(_) | VecData::Dbl(_) | VecData::Raw(_) => {
                dbl_data(&vec.data)[0]
            }
            VecData::Cplx(z) => {
                if is_na_complex(z[0]) {
                    na_real()
                } else {
                    if z[0].im != 0.0 {
                        interp.warning("imaginary parts discarded in coercion")?;
                    }
                    z[0].re
                }
            }
            VecData::Str(s) => match &s[0] {
                None => na_real(),
                Some(s) => match str_to_dbl(s) {
                    Some(d) => d,
                    None => {
                        interp.warning_in_context("NAs introduced by coercion")?;
                        na_real()
                    }
                },
            },
            VecData::List(_) => na_real(),
        },
        _ => na_real(),
    })
}

/// R's `asInteger` of the first element (NA for NA, out of range or unparsable,
/// with R's coercion warnings).
fn as_integer(interp: &mut Interp, v: &Value) -> RResult<i32> {
    if let Value::Lgl(x) | Value::Int(x) = v {
        return Ok(*x);
    }
    if let Some(VecData::Lgl(x) | VecData::Int(x)) = v.as_vector().map(|v| v.data.clone()) {
        return Ok(x.first().copied().unwrap_or(NA_INTEGER));
    }
    let d = as_real(interp, v)?;
    if d.is_nan() {
        return Ok(NA_INTEGER);
    }
    if d >= 2147483648.0 || d <= -2147483648.0 {
        interp.warning_in_context("NAs introduced by coercion to integer range")?;
        return Ok(NA_INTEGER);
    }
    Ok(d.trunc() as i32)
}

/// R's `asLogical` of the first element.
fn as_logical(v: &Value) -> i32 {
    let Some(vec) = v.as_vector() else {
        return NA_LOGICAL;
    };
    if vec.is_empty() {
        return NA_LOGICAL;
    }
    match &vec.data {
        VecData::Raw(x) => (x[0] != 0) as i32,
        VecData::Lgl(x) => x[0],
        VecData::Int(x) => {
            if x[0] == NA_INTEGER {
                NA_LOGICAL
            } else {
                (x[0] != 0) as i32
            }
        }
        VecData::Dbl(x) => {
            if x[0].is_nan() {
                NA_LOGICAL
            } else {
                (x[0] != 0.0) as i32
            }
        }
        VecData::Cplx(z) => {
            if is_na_complex(z[0]) {
                NA_LOGICAL
            } else {
                (z[0].re != 0.0 || z[0].im != 0.0) as i32
            }
        }
        VecData::Str(s) => match &s[0] {
            None => NA_LOGICAL,
            Some(s) => str_to_lgl(s),
        },
        VecData::List(_) => NA_LOGICAL,
    }
}

/// The number of draws: the value of a length-one `n`, else its length
/// (stats' `resultLength`).
fn result_length(interp: &mut Interp, n: &Value) -> RResult<usize> {
    let is_vector = matches!(
        n,
        Value::Lgl(_) | Value::Int(_) | Value::Dbl(_) | Value::Vec(_)
    );
    if !is_vector {
        return Err(invalid_arguments());
    }
    if n.len() != 1 {
        return Ok(n.len());
    }
    let dn = as_real(interp, n)?;
    if dn.is_nan() || !(0.0..=XLEN_MAX).contains(&dn) {
        return Err(invalid_arguments());
    }
    Ok(dn as usize)
}

/// A numeric parameter that is a scalar (no attributes), as a double.
fn scalar_num(v: &Value) -> Option<f64> {
    match *v {
        Value::Lgl(x) | Value::Int(x) => Some(if x == NA_INTEGER { na_real() } else { x as f64 }),
        Value::Dbl(x) => Some(x),
        _ => None,
    }
}

/// The result vector of `random1`/`random2`: doubles, or integers that turn
/// double from the first value out of integer range on.
enum Draws {
    Int(Vec<i32>),
    Dbl(Vec<f64>),
}

/// Draw `n` values of `f` with the parameters recycled (stats' `random1` and
/// `random2`). `params` are already checked numeric.
fn draw(
    interp: &mut Interp,
    n: usize,
    params: &[&[f64]],
    int_result: bool,
    f: &mut dyn FnMut(&mut Rng, &[f64]) -> f64,
) -> RResult<Value> {
    if n == 0 {
        return Ok(Value::from_data(if int_result {
            VecData::Int(Vec::new())
        } else {
            VecData::Dbl(Vec::new())
        }));
    }
    if n > ALLOC_MAX {
        return Err(alloc_error(n as f64, if int_result { 4.0 } else { 8.0 }));
    }
    if params.iter().any(|p| p.is_empty()) {
        interp.warning("NAs produced")?;
        return Ok(Value::from_data(if int_result {
            VecData::Int(vec![NA_INTEGER; n])
        } else {
            VecData::Dbl(vec![na_real(); n])
        }));
    }
    // One draw (`runif(1)` in a loop: the common case): no vectors.
    let mut one = [0.0; 4];
    if n == 1 && params.len() <= one.len() {
        let args = &mut one[..params.len()];
        for (a, p) in args.iter_mut().zip(params) {
            *a = p[0];
        }
        return draw_one(interp, args, int_result, f);
    }
    let mut naflag = false;
    let mut args = vec![0.0; params.len()];
    let mut out = if int_result {
        Draws::Int(Vec::with_capacity(n))
    } else {
        Draws::Dbl(Vec::with_capacity(n))
    };
    for i in 0..n {
        for (a, p) in args.iter_mut().zip(params) {
            *a = p[i % p.len()];
        }
        let rx = f(&mut interp.rng, &args);
        match &mut out {
            Draws::Int(v) => {
                naflag |= rx.is_nan();
                match int_draw(rx) {
                    Some(x) => v.push(x),
                    None => {
                        let mut d: Vec<f64> = Vec::with_capacity(n);
                        d.extend(
                            v.iter()
                                .map(|&x| if x == NA_INTEGER { na_real() } else { x as f64 }),
                        );
                        d.push(rx);
                        out = Draws::Dbl(d);
                    }
                }
            }
            Draws::Dbl(v) => {
                naflag |= rx.is_nan();
                v.push(rx);
            }
        }
    }
    if naflag {
        interp.warning("NAs produced")?;
    }
    Ok(Value::from_data(match out {
        Draws::Int(v) => VecData::Int(v),
        Draws::Dbl(v) => VecData::Dbl(v),
    }))
}

/// One draw of `f` with parameters `args`: a scalar, NA with R's warning.
fn draw_one(
    interp: &mut Interp,
    args: &[f64],
    int_result: bool,
    f: &mut dyn FnMut(&mut Rng, &[f64]) -> f64,
) -> RResult<Value> {
    let rx = f(&mut interp.rng, args);
    if rx.is_nan() {
        interp.warning("NAs produced")?;
    }
    Ok(match int_result.then(|| int_draw(rx)).flatten() {
        Some(x) => Value::Int(x),
        None => Value::Dbl(rx),
    })
}

/// The scalar entry of a random builtin (`BuiltinDef::scalar`): `n` is 1
/// and the parameters after it (at most `defaults.len()`, the others
/// defaulted) are numeric scalars. What `random_builtin` does for them,
/// without matching or vectors. `None`: anything else (a missing parameter
/// without default included: the builtin reports it).
fn scalar_draw(
    interp: &mut Interp,
    args: &[&Value],
    defaults: &[Option<f64>],
    int_result: bool,
    f: &mut dyn FnMut(&mut Rng, &[f64]) -> f64,
) -> Option<RResult<Value>> {
    let (n, rest) = args.split_first()?;
    if scalar_num(n) != Some(1.0) || rest.len() > defaults.len() {
        return None;
    }
    let mut params = [0.0; 4];
    let params = params.get_mut(..defaults.len())?;
    for (k, (p, d)) in params.iter_mut().zip(defaults).enumerate() {
        *p = match rest.get(k) {
            Some(v) => scalar_num(v)?,
            None => (*d)?,
        };
    }
    Some(draw_one(interp, params, int_result, f))
}

/// A draw as an element of an integer result: NA for NaN; `None` when it
/// does not fit an integer (the result turns double).
fn int_draw(rx: f64) -> Option<i32> {
    if rx.is_nan() {
        Some(NA_INTEGER)
    } else if rx > i32::MAX as f64 || rx <= i32::MIN as f64 {
        None
    } else {
        Some(rx as i32)
    }
}

/// Bind `formals`, take `n` and the parameters (defaults where given), check
/// the parameters are numeric, then the length.
fn bind_params(
    interp: &mut Interp,
    args: Args,
    formals: &[&str],
    defaults: &[Option<f64>],
) -> RResult<(usize, Vec<Value>)> {
    let mut b = args.bind(formals)?;
    let n = b.take(0).ok_or_else(|| missing(formals[0]))?;
    let mut params = Vec::new();
    for (i, d) in defaults.iter().enumerate() {
        let v = match (b.take(i + 1), d) {
            (Some(v), _) => v,
            (None, Some(d)) => Value::Dbl(*d),
            (None, None) => return Err(missing(formals[i + 1])),
        };
        params.push(v);
    }
    if params.iter().any(|p| num_param(p).is_none()) {
        return Err(invalid_arguments());
    }
    let n = result_length(interp, &n)?;
    Ok((n, params))
}

fn random_builtin(
    interp: &mut Interp,
    args: Args,
    formals: &[&str],
    defaults: &[Option<f64>],
    int_result: bool,
    f: &mut dyn FnMut(&mut Rng, &[f64]) -> f64,
) -> RResult<Value> {
    let (n, params) = bind_params(interp, args, formals, defaults)?;
    let data: Vec<Cow<[f64]>> = params.iter().map(|p| num_param(p).unwrap()).collect();
    let slices: Vec<&[f64]> = data.iter().map(|c| &**c).collect();
    draw(interp, n, &slices, int_result, f)
}

/// The parameters' defaults of `runif`, `rnorm`, `rpois` and `rbinom` (after `n`).
const UNIF_DEFAULTS: &[Option<f64>] = &[Some(0.0), Some(1.0)];
const NORM_DEFAULTS: &[Option<f64>] = &[Some(0.0), Some(1.0)];
const POIS_DEFAULTS: &[Option<f64>] = &[None];
const BINOM_DEFAULTS: &[Option<f64>] = &[None, None];

/// One draw of each distribution from its parameters (after `n`), shared
/// by the builtin and its scalar entry.
fn unif(r: &mut Rng, a: &[f64]) -> f64 {
    r.runif(a[0], a[1])
}
fn norm(r: &mut Rng, a: &[f64]) -> f64 {
    r.rnorm(a[0], a[1])
}
fn pois(r: &mut Rng, a: &[f64]) -> f64 {
    r.rpois(a[0])
}

fn bi_runif(interp: &mut Interp, args: Args) -> RResult<Value> {
    random_builtin(
        interp,
        args,
        &["n", "min", "max"],
        UNIF_DEFAULTS,
        false,
        &mut unif,
    )
}

fn one_runif(interp: &mut Interp, args: &[&Value]) -> Option<RResult<Value>> {
    scalar_draw(interp, args, UNIF_DEFAULTS, false, &mut unif)
}

fn bi_rnorm(interp: &mut Interp, args: Args) -> RResult<Value> {
    random_builtin(
        interp,
        args,
        &["n", "mean", "sd"],
        NORM_DEFAULTS,
        false,
        &mut norm,
    )
}

fn one_rnorm(interp: &mut Interp, args: &[&Value]) -> Option<RResult<Value>> {
    scalar_draw(interp, args, NORM_DEFAULTS, false, &mut norm)
}

fn bi_rpois(interp: &mut Interp, args: Args) -> RResult<Value> {
    random_builtin(
        interp,
        args,
        &["n", "lambda"],
        POIS_DEFAULTS,
        true,
        &mut pois,
    )
}

fn one_rpois(interp: &mut Interp, args: &[&Value]) -> Option<RResult<Value>> {
    scalar_draw(interp, args, POIS_DEFAULTS, true, &mut pois)
}

/// `rbinom`'s draw; `None` for a size rbinom inverts `qbinom` for (not done).
fn binom(r: &mut Rng, a: &[f64]) -> Option<f64> {
    let (size, prob) = (a[0], a[1]);
    if size >= i32::MAX as f64
        && size.is_finite()
        && size == size.round()
        && prob > 0.0
        && prob < 1.0
    {
        return None;
    }
    Some(r.rbinom(size, prob))
}

/// `binom` as a draw for `random_builtin`/`scalar_draw`: 0 for a size it
/// does not draw for (no draw made), noted in `huge`.
fn binom_noting(huge: &mut bool) -> impl FnMut(&mut Rng, &[f64]) -> f64 + '_ {
    move |r, a| {
        binom(r, a).unwrap_or_else(|| {
            *huge = true;
            0.0
        })
    }
}

fn one_rbinom(interp: &mut Interp, args: &[&Value]) -> Option<RResult<Value>> {
    let mut huge = false;
    let r = scalar_draw(
        interp,
        args,
        BINOM_DEFAULTS,
        true,
        &mut binom_noting(&mut huge),
    );
    // (The builtin reports it; the draw did not touch the generator.)
    if huge {
        None
    } else {
        r
    }
}

fn bi_rbinom(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut huge = false;
    let formals = &["n", "size", "prob"];
    let v = random_builtin(
        interp,
        args,
        formals,
        BINOM_DEFAULTS,
        true,
        &mut binom_noting(&mut huge),
    )?;
    if huge {
        return Err(RError::unsupported(
            "rbinom with size >= 2^31 - 1 (GNU R inverts qbinom)",
        ));
    }
    Ok(v)
}

/// `rexp(n, rate = 1)`: R's closure passes `1/rate` to C.
fn bi_rexp(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["n", "rate"])?;
    let n = b.take(0).ok_or_else(|| missing("n"))?;
    let rate = b.take(1).unwrap_or(Value::Dbl(1.0));
    let Some(rate) = num_param(&rate) else {
        let e = RError::with_call("non-numeric argument to binary operator", "1/rate");
        return Err(e);
    };
    let scale: Vec<f64> = rate.iter().map(|&r| 1.0 / r).collect();
    let n = result_length(interp, &n)?;
    draw(interp, n, &[&scale], false, &mut |r, a| r.rexp(a[0]))
}

fn one_rexp(interp: &mut Interp, args: &[&Value]) -> Option<RResult<Value>> {
    // As `bi_rexp`: the draw's scale is `1/rate`.
    let f = &mut |r: &mut Rng, a: &[f64]| r.rexp(1.0 / a[0]);
    scalar_draw(interp, args, &[Some(1.0)], false, f)
}

// ---------------------------------------------------------------------------
// set.seed, RNGkind
// ---------------------------------------------------------------------------

/// R's `pmatch` of one string against a table: exact, else a unique prefix.
fn pmatch(s: &str, table: &[&str]) -> Option<usize> {
    if let Some(i) = table.iter().position(|t| *t == s) {
        return Some(i);
    }
    if s.is_empty() {
        return None;
    }
    let cands: Vec<usize> = (0..table.len())
        .filter(|&i| table[i].starts_with(s))
        .collect();
    if cands.len() == 1 {
        Some(cands[0])
    } else {
        None
    }
}

fn one_string(v: &Value) -> Option<String> {
    match v.as_vector()?.data {
        VecData::Str(ref s) if s.len() == 1 => Some(s[0].as_deref().unwrap_or("NA").to_string()),
        _ => None,
    }
}

/// Apply `kind`, `normal.kind` and `sample.kind` as `set.seed`/`RNGkind` do
/// (only R's defaults and the `Rounding` sampler are available).
fn set_kinds(
    interp: &mut Interp,
    kind: Option<Value>,
    normal_kind: Option<Value>,
    sample_kind: Option<Value>,
) -> RResult<()> {
    const KINDS: &[&str] = &[
        "Wichmann-Hill",
        "Marsaglia-Multicarry",
        "Super-Duper",
        "Mersenne-Twister",
        "Knuth-TAOCP",
        "user-supplied",
        "Knuth-TAOCP-2002",
        "L'Ecuyer-CMRG",
        "default",
    ];
    const N_KINDS: &[&str] = &[
        "Buggy Kinderman-Ramage",
        "Ahrens-Dieter",
        "Box-Muller",
        "user-supplied",
        "Inversion",
        "Kinderman-Ramage",
        "default",
    ];
    const S_KINDS: &[&str] = &["Rounding", "Rejection", "default"];
    if let Some(k) = kind.filter(|k| !k.is_empty()) {
        let Some(s) = one_string(&k) else {
            return Err(RError::new(
                "'kind' must be a character string of length 1 (RNG to be used).",
            ));
        };
        match pmatch(&s, KINDS) {
            None => {
                return Err(RError::new(format!(
                    "'{}' is not a valid abbreviation of an RNG",
                    s
                )))
            }
            Some(3) | Some(8) => {}
            Some(i) => return Err(RError::unsupported(format!("RNG kind \"{}\"", KINDS[i]))),
        }
    }
    if let Some(k) = normal_kind.filter(|k| !k.is_null()) {
        let Some(s) = one_string(&k) else {
            return Err(RError::new(
                "'normal.kind' must be a character string of length 1",
            ));
        };
        match pmatch(&s, N_KINDS) {
            None => return Err(RError::new("'NA' is not a valid choice")),
            Some(0) => {
                return Err(RError::new(
                    "buggy version of Kinderman-Ramage generator is not allowed",
                ))
            }
            Some(4) | Some(6) => {}
            Some(i) => {
                return Err(RError::unsupported(format!(
                    "normal.kind \"{}\"",
                    N_KINDS[i]
                )))
            }
        }
    }
    if let Some(k) = sample_kind.filter(|k| !k.is_null()) {
        let Some(s) = one_string(&k) else {
            return Err(RError::new(
                "'sample.kind' must be a character string of length 1",
            ));
        };
        match pmatch(&s, S_KINDS) {
            None => return Err(RError::new("'NA' is not a valid choice")),
            Some(0) => {
                interp.warning("non-uniform 'Rounding' sampler used")?;
                interp.rng.rounding = true;
            }
            Some(_) => interp.rng.rounding = false,
        }
    }
    Ok(())
}

fn bi_set_seed(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["seed", "kind", "normal.kind", "sample.kind"])?;
    let seed = b.take(0).ok_or_else(|| missing("seed"))?;
    set_kinds(interp, b.take(1), b.take(2), b.take(3))?;
    if seed.is_null() {
        interp.rng.randomize();
    } else {
        if !matches!(
            seed.vtype(),
            Some(VType::Lgl | VType::Int | VType::Dbl | VType::Cplx | VType::Str)
        ) {
            return Err(RError::new("supplied seed is not a valid integer"));
        }
        let s = as_integer(interp, &seed)?;
        if s == NA_INTEGER {
            return Err(RError::new("supplied seed is not a valid integer"));
        }
        interp.rng.set_seed(s);
    }
    interp.visible = false;
    Ok(Value::Null)
}

/// `RNGkind()`: reports the kinds; only R's defaults (and the `Rounding`
/// sampler) can be chosen. Returns the previous kinds invisibly when setting.
fn bi_rngkind(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["kind", "normal.kind", "sample.kind"])?;
    let prev = Value::strs(&[
        "Mersenne-Twister",
        "Inversion",
        if interp.rng.rounding {
            "Rounding"
        } else {
            "Rejection"
        },
    ]);
    let (k, nk, sk) = (b.take(0), b.take(1), b.take(2));
    let setting = [&k, &nk, &sk]
        .iter()
        .any(|v| v.as_ref().is_some_and(|v| !v.is_null()));
    let reseed = k.as_ref().is_some_and(|v| !v.is_empty());
    set_kinds(interp, k, nk, sk)?;
    if reseed {
        // RNGkind(kind) re-initialises the generator from one draw of the old one.
        let u = interp.rng.unif_rand();
        interp.rng.set_seed((u * u32::MAX as f64) as u32 as i32);
    }
    if setting {
        interp.visible = false;
    }
    Ok(prev)
}

// ---------------------------------------------------------------------------
// sample, sample.int
// ---------------------------------------------------------------------------

/// R's `asVecSize` for `size`.
fn as_vec_size(interp: &mut Interp, v: &Value) -> RResult<i64> {
    let Some(vec) = v.as_vector() else {
        return Ok(-999);
    };
    if vec.is_empty() {
        return Ok(-999);
    }
    let d = match &vec.data {
        VecData::Int(x) => {
            if x[0] == NA_INTEGER {
                return Err(RError::new("vector size cannot be NA"));
            }
            return Ok(x[0] as i64);
        }
        VecData::Dbl(x) => x[0],
        VecData::Str(_) => as_real(interp, v)?,
        _ => return Ok(-999),
    };
    if d.is_nan() {
        return Err(RError::new("vector size cannot be NA/NaN"));
    }
    if !d.is_finite() {
        return Err(RError::new("vector size cannot be infinite"));
    }
    if d > XLEN_MAX {
        return Err(RError::new("vector size specified is too large"));
    }
    Ok(d as i64)
}

/// R's `revsort`: sort `a` into descending order by heapsort, permuting `ib`
/// alongside.
fn revsort(a: &mut [f64], ib: &mut [i32]) {
    let n = a.len();
    if n <= 1 {
        return;
    }
    // 1-based indexing as in R's C code.
    let mut l = (n >> 1) + 1;
    let mut ir = n;
    let (mut ra, mut ii);
    loop {
        if l > 1 {
            l -= 1;
            ra = a[l - 1];
            ii = ib[l - 1];
        } else {
            ra = a[ir - 1];
            ii = ib[ir - 1];
            a[ir - 1] = a[0];
            ib[ir - 1] = ib[0];
            ir -= 1;
            if ir == 1 {
                a[0] = ra;
                ib[0] = ii;
                return;
            }
        }
        let mut i = l;
        let mut j = l << 1;
        while j <= ir {
            if j < ir && a[j - 1] > a[j] {
                j += 1;
            }
            if ra > a[j - 1] {
                a[i - 1] = a[j - 1];
                ib[i - 1] = ib[j - 1];
                i = j;
                j += j;
            } else {
                j = ir + 1;
            }
        }
        a[i - 1] = ra;
        ib[i - 1] = ii;
    }
}

fn prob_sample_replace(rng: &mut Rng, p: &mut [f64], nans: usize) -> Vec<i32> {
    let n = p.len();
    let mut perm: Vec<i32> = (1..=n as i32).collect();
    revsort(p, &mut perm);
    for i in 1..n {
        p[i] += p[i - 1];
    }
    let nm1 = n - 1;
    (0..nans)
        .map(|_| {
            let ru = rng.unif_rand();
            let mut j = 0;
            while j < nm1 {
                if ru <= p[j] {
                    break;
                }
                j += 1;
            }
            perm[j]
        })
        .collect()
}

/// Walker's alias method (R's `walker_ProbSampleReplace`).
fn walker_sample_replace(rng: &mut Rng, p: &[f64], nans: usize) -> Vec<i32> {
    let n = p.len();
    let mut hl = vec![0usize; n];
    let mut q = vec![0.0; n];
    let mut a = vec![0usize; n];
    // HL[0 .. h) hold entries with q < 1, HL[l .. n) those with q >= 1.
    let mut h = 0usize;
    let mut l = n;
    for i in 0..n {
        q[i] = p[i] * n as f64;
        if q[i] < 1.0 {
            hl[h] = i;
            h += 1;
        } else {
            l -= 1;
            hl[l] = i;
        }
    }
    if h > 0 && l < n {
        for k in 0..n - 1 {
            let i = hl[k];
            let j = hl[l];
            a[i] = j;
            q[j] += q[i] - 1.0;
            if q[j] < 1.0 {
                l += 1;
            }
            if l >= n {
                break;
            }
        }
    }
    for (i, qi) in q.iter_mut().enumerate() {
        *qi += i as f64;
    }
    (0..nans)
        .map(|_| {
            // R >= 3.6: the cell by R_unif_index (unless `Rounding`), then
            // the position within it.
            let (ru, k) = if rng.rounding {
                let ru = rng.unif_rand() * n as f64;
                (ru, ru as usize)
            } else {
                let k = rng.unif_index(n as f64) as usize;
                (k as f64 + rng.unif_rand(), k)
            };
            if ru < q[k] {
                k as i32 + 1
            } else {
                a[k] as i32 + 1
            }
        })
        .collect()
}

fn prob_sample_noreplace(rng: &mut Rng, p: &mut [f64], nans: usize) -> Vec<i32> {
    let n = p.len();
    let mut perm: Vec<i32> = (1..=n as i32).collect();
    revsort(p, &mut perm);
    let mut total = 1.0;
    let mut n1 = n as isize - 1;
    let mut ans = Vec::with_capacity(nans);
    for _ in 0..nans {
        let rt = total * rng.unif_rand();
        let mut mass = 0.0;
        let mut j = 0usize;
        while (j as isize) < n1 {
            mass += p[j];
            if rt <= mass {
                break;
            }
            j += 1;
        }
        ans.push(perm[j]);
        total -= p[j];
        for k in j..n1.max(0) as usize {
            p[k] = p[k + 1];
            perm[k] = perm[k + 1];
        }
        n1 -= 1;
    }
    ans
}

/// `.Internal(sample(n, size, replace, prob))` (R's `do_sample`).
fn do_sample(
    interp: &mut Interp,
    sn: &Value,
    sk: &Value,
    sreplace: &Value,
    prob: &Value,
) -> RResult<Value> {
    if sreplace.len() != 1 {
        return Err(RError::new("invalid 'replace' argument"));
    }
    let replace = as_logical(sreplace);
    if replace == NA_LOGICAL {
        return Err(RError::new("invalid 'replace' argument"));
    }
    let replace = replace != 0;
    if !prob.is_null() {
        let n = as_integer(interp, sn)?;
        let k = as_integer(interp, sk)?;
        if n == NA_INTEGER || n < 0 || (k > 0 && n == 0) {
            return Err(RError::new("invalid first argument"));
        }
        if k == NA_INTEGER || k < 0 {
            return Err(RError::new("invalid 'size' argument"));
        }
        if !replace && k > n {
            return Err(RError::new(
                "cannot take a sample larger than the population when 'replace = FALSE'",
            ));
        }
        let pv = prob.as_vector().ok_or_else(invalid_arguments)?;
        let mut p: Vec<f64> = match &pv.data {
            VecData::Str(s) => {
                let mut warn = false;
                let v = s
                    .iter()
                    .map(|s| match s {
                        None => na_real(),
                        Some(s) => str_to_dbl(s).unwrap_or_else(|| {
                            warn = true;
                            na_real()
                        }),
                    })
                    .collect();
                if warn {
                    interp.warning_in_context("NAs introduced by coercion")?;
                }
                v
            }
            VecData::List(items) => {
                let mut v = Vec::with_capacity(items.len());
                for it in items {
                    if it.len() != 1
                        || !matches!(it.vtype(), Some(VType::Lgl | VType::Int | VType::Dbl))
                    {
                        return Err(RError::new(
                            "'list' object cannot be coerced to type 'double'",
                        ));
                    }
                    v.push(num_param(it).map_or(na_real(), |d| d[0]));
                }
                v
            }
            VecData::Cplx(z) => z.iter().map(|z| z.re).collect(),
            d => dbl_data(d).into_owned(),
        };
        if p.len() != n as usize {
            return Err(RError::new("incorrect number of probabilities"));
        }
        // FixupProb
        let mut sum = 0.0;
        let mut npos = 0;
        for &x in &p {
            if !x.is_finite() {
                return Err(RError::new("NA in probability vector"));
            }
            if x < 0.0 {
                return Err(RError::new("negative probability"));
            }
            if x > 0.0 {
                npos += 1;
                sum += x;
            }
        }
        if npos == 0 || (!replace && k > npos) {
            return Err(RError::new("too few positive probabilities"));
        }
        for x in p.iter_mut() {
            *x /= sum;
        }
        let k = k as usize;
        let rng = &mut interp.rng;
        let y = if replace {
            let nc = p.iter().filter(|&&x| n as f64 * x > 0.1).count();
            if nc > 200 {
                walker_sample_replace(rng, &p, k)
            } else {
                prob_sample_replace(rng, &mut p, k)
            }
        } else {
            prob_sample_noreplace(rng, &mut p, k)
        };
        return Ok(int_vec(y));
    }
    // uniform sampling
    let dn = as_real(interp, sn)?;
    let k = as_vec_size(interp, sk)?;
    if !dn.is_finite() || !(0.0..=4.5e15).contains(&dn) || (k > 0 && dn == 0.0) {
        return Err(RError::new("invalid first argument"));
    }
    if k < 0 {
        return Err(RError::new("invalid 'size' argument"));
    }
    if !replace && k as f64 > dn {
        return Err(RError::new(
            "cannot take a sample larger than the population when 'replace = FALSE'",
        ));
    }
    let k = k as usize;
    if k > ALLOC_MAX {
        // R allocates doubles when n or size exceeds the integer range.
        return Err(alloc_error(k as f64, 8.0));
    }
    let rng = &mut interp.rng;
    if dn > i32::MAX as f64 {
        if !replace {
            return Err(RError::unsupported(
                "sample without replacement from more than 2^31 - 1 values (except size <= n/2)",
            ));
        }
        let y: Vec<f64> = (0..k).map(|_| rng.unif_index(dn) + 1.0).collect();
        return Ok(dbl_vec(y));
    }
    let mut n = dn as usize;
    let y: Vec<i32> = if replace || k < 2 {
        (0..k).map(|_| (rng.unif_index(dn) + 1.0) as i32).collect()
    } else {
        let mut x: Vec<i32> = (0..n as i32).collect();
        let mut y = Vec::with_capacity(k);
        for _ in 0..k {
            let j = rng.unif_index(n as f64) as usize;
            y.push(x[j] + 1);
            n -= 1;
            x[j] = x[n];
        }
        y
    };
    Ok(int_vec(y))
}

/// `.Internal(sample2(n, size))`: sampling without replacement by rejection of
/// duplicates (used when `n > 1e7` and `size <= n/2`).
fn do_sample2(interp: &mut Interp, sn: &Value, sk: &Value) -> RResult<Value> {
    let dn = as_real(interp, sn)?;
    let k = as_integer(interp, sk)?;
    if !dn.is_finite() || !(0.0..=4.5e15).contains(&dn) || (k > 0 && dn == 0.0) {
        return Err(RError::new("invalid first argument"));
    }
    if k < 0 {
        return Err(RError::new("invalid 'size' argument"));
    }
    if k as f64 > dn / 2.0 {
        return Err(RError::new("This algorithm is for size <= n/2"));
    }
    let k = k as usize;
    let rng = &mut interp.rng;
    let mut seen = std::collections::HashSet::with_capacity(k);
    let mut y = Vec::with_capacity(k);
    for _ in 0..k {
        let mut v = 0.0;
        for _ in 0..100 {
            v = rng.unif_index(dn) + 1.0;
            if seen.insert(v.to_bits()) {
                break;
            }
        }
        y.push(v);
    }
    Ok(if dn > i32::MAX as f64 {
        dbl_vec(y)
    } else {
        int_vec(y.into_iter().map(|v| v as i32).collect())
    })
}

/// The body of R's `sample.int` closure.
fn sample_int(
    interp: &mut Interp,
    n: &Value,
    size: &Value,
    replace: &Value,
    prob: &Value,
    use_hash: Option<&Value>,
) -> RResult<Value> {
    if n.len() != 1 {
        return Err(RError::new("length(n) == 1L is not TRUE"));
    }
    let use_hash = match use_hash {
        Some(v) => {
            let l = as_logical(v);
            if l == NA_LOGICAL {
                return Err(RError::with_call(
                    if v.is_empty() {
                        "argument is of length zero"
                    } else {
                        "missing value where TRUE/FALSE needed"
                    },
                    "if (useHash) {",
                ));
            }
            l != 0
        }
        None => {
            // n > 1e7 && !replace && is.null(prob) && size <= n/2, with R's
            // three-valued `&&`.
            fn and3(a: i32, b: i32) -> i32 {
                if a == 0 || b == 0 {
                    0
                } else if a == NA_LOGICAL || b == NA_LOGICAL {
                    NA_LOGICAL
                } else {
                    1
                }
            }
            let dn = as_real(interp, n)?;
            let mut acc = if dn.is_nan() {
                NA_LOGICAL
            } else {
                (dn > 1e7) as i32
            };
            if acc != 0 {
                let r = as_logical(replace);
                acc = and3(acc, if r == NA_LOGICAL { r } else { (r == 0) as i32 });
            }
            if acc != 0 {
                acc = and3(acc, prob.is_null() as i32);
            }
            if acc != 0 {
                let s = as_real(interp, size)?;
                let t = if s.is_nan() || dn.is_nan() {
                    NA_LOGICAL
                } else {
                    (s <= dn / 2.0) as i32
                };
                acc = and3(acc, t);
            }
            if acc == NA_LOGICAL {
                return Err(RError::with_call(
                    "missing value where TRUE/FALSE needed",
                    "if (useHash) {",
                ));
            }
            acc != 0
        }
    };
    if use_hash {
        if !prob.is_null() {
            return Err(RError::new("is.null(prob) is not TRUE"));
        }
        if as_logical(replace) != 0 {
            return Err(RError::new("!replace is not TRUE"));
        }
        do_sample2(interp, n, size)
    } else {
        do_sample(interp, n, size, replace, prob)
    }
}

fn bi_sample_int(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["n", "size", "replace", "prob", "useHash"])?;
    let n = b.take(0).ok_or_else(|| missing("n"))?;
    let size = b.take(1).unwrap_or_else(|| n.clone());
    let replace = b.take(2).unwrap_or(Value::Lgl(0));
    let prob = b.take(3).unwrap_or(Value::Null);
    let use_hash = b.take(4);
    sample_int(interp, &n, &size, &replace, &prob, use_hash.as_ref())
}

/// `sample(x, size, replace = FALSE, prob = NULL)`: a permutation or sample of
/// `1:x` for a single number `x >= 1`, else of the elements of `x`.
fn bi_sample(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "size", "replace", "prob"])?;
    let x = b.take(0).ok_or_else(|| missing("x"))?;
    let size = b.take(1);
    let replace = b.take(2).unwrap_or(Value::Lgl(0));
    let prob = b.take(3).unwrap_or(Value::Null);
    let single = x.len() == 1
        && matches!(x.vtype(), Some(VType::Int | VType::Dbl))
        && !x.class_vec().iter().any(|c| c == "factor")
        && {
            let d = as_real(interp, &x)?;
            d.is_finite() && d >= 1.0
        };
    let (n, call) = if single {
        (x.clone(), "sample.int(x, size, replace, prob)")
    } else {
        (
            Value::Int(x.len() as i32),
            "sample.int(length(x), size, replace, prob)",
        )
    };
    let size = size.unwrap_or_else(|| n.clone());
    // Conditions raised inside are reported against R's `sample.int` call.
    let pending = interp.warnings.len();
    let res = sample_int(interp, &n, &size, &replace, &prob, None);
    for w in interp.warnings.iter_mut().skip(pending) {
        w.0 = Some(call.to_string());
    }
    let idx = res.map_err(|mut e| {
        if e.call == ErrCall::Pending || e.kind == ErrKind::Warning {
            e.call = ErrCall::Call(call.to_string());
        }
        e
    })?;
    if single {
        Ok(idx)
    } else {
        super::subset::index(interp, &x, &[Some(idx)], true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn revsort_descending_with_permutation() {
        let mut a = vec![0.1, 0.4, 0.2, 0.4, 0.3];
        let mut ib = vec![1, 2, 3, 4, 5];
        revsort(&mut a, &mut ib);
        assert_eq!(a, vec![0.4, 0.4, 0.3, 0.2, 0.1]);
        let mut sorted = ib.clone();
        sorted.sort();
        assert_eq!(sorted, vec![1, 2, 3, 4, 5]);
    }
}
