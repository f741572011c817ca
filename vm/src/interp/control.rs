//! Control-flow helpers of the instruction loops: the truth of `if`/`while`
//! conditions and of `&&`/`||` operands, branch feedback, `switch` targets,
//! and `for` loop state and stepping.

use super::Interp;
use crate::bytecode::*;
use crate::env::Env;
use crate::error::{RError, RResult};
use crate::feedback::TypeFeedback;
use crate::value::*;

pub(super) enum LoopState {
    Seq {
        seq: Value,
        i: usize,
        n: usize,
    },
    Range {
        next: i64,
        remaining: u64,
        step: i64,
    },
}

impl Interp {
    /// Coerce an operand of `&&`/`||` to a logical scalar (R 4.2 rules).
    pub(super) fn scalar_logical(&mut self, v: &Value, which: &str, is_and: bool) -> RResult<i32> {
        let opname = if is_and { "&&" } else { "||" };
        match v {
            Value::Lgl(x) => Ok(*x),
            Value::Int(x) => Ok(if *x == NA_INTEGER {
                NA_LOGICAL
            } else {
                (*x != 0) as i32
            }),
            Value::Dbl(x) => Ok(if x.is_nan() {
                NA_LOGICAL
            } else {
                (*x != 0.0) as i32
            }),
            Value::Vec(vec) if !vec.is_empty() && vec.vtype() != VType::List => {
                if vec.vtype() == VType::Str {
                    return Err(RError::new(format!(
                        "invalid '{}' type in 'x {} y'",
                        which, opname
                    )));
                }
                if vec.len() > 1 {
                    self.warning(format!(
                        "'length({}) = {} > 1' in coercion to 'logical(1)'",
                        which,
                        vec.len()
                    ))?;
                }
                match vec.data.coerce(VType::Lgl) {
                    VecData::Lgl(l) => Ok(l[0]),
                    _ => unreachable!(),
                }
            }
            _ => Err(RError::new(format!(
                "invalid '{}' type in 'x {} y'",
                which, opname
            ))),
        }
    }
}

/// The truth value of an `if`/`while` condition, with R's errors.
pub(super) fn condition_truth(v: &Value) -> RResult<bool> {
    let vec = match v.as_vector() {
        Some(v) => v,
        None if matches!(v, Value::Lang(_)) => {
            return Err(RError::new("argument is not interpretable as logical"))
        }
        None => return Err(RError::new("argument is of length zero")),
    };
    if vec.is_empty() {
        return Err(RError::new("argument is of length zero"));
    }
    if vec.len() > 1 {
        return Err(RError::new("the condition has length > 1"));
    }
    let l = match &vec.data {
        VecData::Str(s) => match s[0].as_deref() {
            Some(x) => {
                let l = crate::coerce::str_to_lgl(x);
                if l == NA_LOGICAL {
                    return Err(RError::new("argument is not interpretable as logical"));
                }
                l
            }
            None => NA_LOGICAL,
        },
        VecData::List(_) => return Err(RError::new("argument is not interpretable as logical")),
        d => match d.coerce(VType::Lgl) {
            VecData::Lgl(l) => l[0],
            _ => unreachable!(),
        },
    };
    if l == NA_LOGICAL {
        // R's asLogicalNoNA: only a logical NA is a "missing value"; an NA of
        // any other type is not interpretable.
        return Err(RError::new(if vec.vtype() == VType::Lgl {
            "missing value where TRUE/FALSE needed"
        } else {
            "argument is not interpretable as logical"
        }));
    }
    Ok(l != 0)
}

/// Record a branch's direction (`BranchFalse` feedback).
#[inline(always)]
pub(super) fn record_branch(cell: &std::cell::Cell<TypeFeedback>, truth: bool) {
    let bit = if truth {
        TypeFeedback::NOT_TAKEN
    } else {
        TypeFeedback::TAKEN
    };
    if cell.get().0 & bit == 0 {
        cell.set(TypeFeedback(cell.get().0 | bit));
    }
}

/// `for (v in from:to)` without building the vector when the result is integer.
pub(super) fn int_range(from: &Value, to: &Value) -> Option<(i64, u64, i64)> {
    let f = match from {
        Value::Int(x) if *x != NA_INTEGER => *x as f64,
        Value::Dbl(x) if x.fract() == 0.0 && x.abs() <= i32::MAX as f64 => *x,
        _ => return None,
    };
    let t = match to {
        Value::Int(x) if *x != NA_INTEGER => *x as f64,
        Value::Dbl(x) if !x.is_nan() && x.abs() <= i32::MAX as f64 => *x,
        _ => return None,
    };
    let n = crate::builtins::construct::colon_count(f, t) as u64;
    let step = if f <= t { 1 } else { -1 };
    Some((f as i64, n, step))
}

/// Element `k` (0-based) of the sequence of a `for` loop over a vector or
/// list, from its hidden variable (what R binds the loop variable to: the
/// element without attributes; a list's element itself).
pub fn for_seq_elt(code: &FunctionCode, env: &Env, seq: u16, k: usize) -> Value {
    let v = match code.for_seqs[seq as usize].get() {
        Var::Local(s) => env.slots.borrow()[s as usize].clone(),
        Var::Name(s) => env.get_local(s),
    };
    seq_elt(v.as_ref().unwrap_or(&Value::Null), k)
}

/// Element `k` (0-based) of a `for` loop's sequence value.
pub fn seq_elt(v: &Value, k: usize) -> Value {
    match v {
        // (R's `for` runs over a factor's levels, as character strings.)
        Value::Vec(vv) if vv.attrs.is_some() && crate::builtins::factor::is_factor(v) => {
            crate::builtins::factor::label_at(vv, k)
        }
        Value::Vec(vv) => vv.data.elt(k),
        // An expression vector's (a call's) elements.
        Value::Lang(l) if !matches!(&**l, crate::lang::Lang::Sym(_)) => crate::lang::lang_elems(l)
            .into_iter()
            .nth(k)
            .map_or(Value::Null, |(_, v)| v),
        other => other.clone(),
    }
}

/// `ForStep`'s common case, done in place: the next value of a counted loop
/// whose variable is a local slot that already holds an integer. Returns
/// false, changing nothing, when the general code must run (other loops and
/// variables, the loop's end).
#[inline(always)]
pub(super) fn step_counted(
    innermost: Option<&mut LoopState>,
    slots: &mut [Option<Value>],
    var: VarRef,
    cell: &std::cell::Cell<TypeFeedback>,
) -> bool {
    let Some(LoopState::Range {
        next,
        remaining,
        step,
    }) = innermost
    else {
        return false;
    };
    let Var::Local(s) = var.get() else {
        return false;
    };
    let Some(Value::Int(d)) = &mut slots[s as usize] else {
        return false;
    };
    if *remaining == 0 {
        return false;
    }
    let n = *next as i32;
    *next += *step;
    *remaining -= 1;
    TypeFeedback::record_bits(
        cell,
        TypeFeedback::INT | if n == NA_INTEGER { TypeFeedback::NA } else { 0 },
    );
    *d = n;
    true
}

/// The pc a `switch` on `sel` goes on at: the alternative named by a
/// character selector (else the default, else `no_match`), or numbered by
/// a numeric one (else `no_match`), with R's errors.
///
/// `in_function`: GNU R byte-compiles functions, and its bytecode refuses a
/// character selector when no alternative is named; top-level code runs in
/// its AST interpreter, which reports the duplicate defaults instead.
pub(super) fn switch_target(t: &SwitchTable, sel: &Value, in_function: bool) -> RResult<Pc> {
    let vec = match sel.as_vector() {
        Some(v) if v.len() == 1 => v,
        _ => return Err(RError::new("EXPR must be a length 1 vector")),
    };
    let written = |k: usize| t.written.get(k).cloned().flatten().unwrap_or_default();
    match &vec.data {
        VecData::Str(_) if in_function && t.arms.iter().all(|(n, _)| n.is_none()) => Err(
            RError::new("numeric EXPR required for 'switch' without named alternatives"),
        ),
        VecData::Str(s) => {
            // In order, as R's evaluator: the first alternative named by
            // the selector, or the default; a second default is an error
            // once it is reached.
            let key = s[0].as_deref();
            let mut default: Option<usize> = None;
            for (k, (name, target)) in t.arms.iter().enumerate() {
                match name {
                    Some(n) if key == Some(&**n) => return Ok(target.unwrap_or(t.no_match)),
                    Some(_) => {}
                    None => match default {
                        Some(d) => {
                            return Err(RError::new(format!(
                                "duplicate 'switch' defaults: '{}' and '{}'",
                                written(d),
                                written(k)
                            )))
                        }
                        None => default = Some(k),
                    },
                }
            }
            Ok(default.and_then(|d| t.arms[d].1).unwrap_or(t.no_match))
        }
        // A list's element is no number: nothing matches.
        VecData::List(_) => Ok(t.no_match),
        d => {
            let k = match d.coerce(VType::Int) {
                VecData::Int(v) => v[0],
                _ => NA_INTEGER,
            };
            if k >= 1 && (k as usize) <= t.arms.len() {
                match t.arms[k as usize - 1].1 {
                    Some(p) if t.written.get(k as usize - 1).is_some_and(|w| w.is_some()) => Ok(p),
                    _ => Err(RError::new("empty alternative in numeric switch")),
                }
            } else {
                Ok(t.no_match)
            }
        }
    }
}
