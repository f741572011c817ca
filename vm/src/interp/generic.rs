//! The generic instruction fallback that compiled code calls for operations
//! it does not specialize (`exec_frame_free`, `exec_generic_pushed`;
//! `generic_on_stack` says which), and its fast paths (`fast_generic`).

use super::arith_fast::{fast_arith, fast_compare};
use super::conditions::matrix_subassign_error;
use super::control::{condition_truth, int_range, seq_elt};
use super::dispatch::Flow;
use super::index_fast::{fast_index, fast_index2d};
use super::Interp;
use crate::builtins::{arith, subset};
use crate::bytecode::*;
use crate::env::Env;
use crate::error::{RError, RResult};
use crate::value::*;
use std::rc::Rc;

impl Interp {
    /// Perform the instruction at `pc` of `code` on its operands and return
    /// what it would push: the generic fallback that compiled code calls
    /// for operations it does not specialize, for an instruction that is
    /// not `generic_on_stack`
    /// (arithmetic, comparison, indexing, element stores, loop steps,
    /// conditions): these read and write no variable, call no closure and
    /// need no frame (a warning's call text asks for the frames through
    /// `observe_frames`). Compiled code running without an activation
    /// (`begin_native_call`) runs them without building one.
    ///
    /// `push` puts the operands (bottom first) on the interpreter's operand
    /// stack, where the instruction pops them: no operand vector is
    /// allocated (compiled code's generic calls of named-vector arithmetic
    /// and indexing paid a vector, its collection and its freeing per
    /// operation, about a third of what the interpreter's whole dispatch
    /// of the instruction costs).
    pub fn exec_frame_free(
        &mut self,
        code: &Rc<FunctionCode>,
        pc: usize,
        push: impl FnOnce(&mut Vec<Value>),
    ) -> RResult<Value> {
        let base = self.stack.len();
        push(&mut self.stack);
        let r = self.exec_frame_free_at(code, pc, base);
        self.stack.truncate(base);
        r
    }

    /// `exec_frame_free` of the operands on the stack above `base`.
    fn exec_frame_free_at(
        &mut self,
        code: &Rc<FunctionCode>,
        pc: usize,
        base: usize,
    ) -> RResult<Value> {
        let op = code.ops[pc];
        let at = |e: RError, s: &mut Self| s.attribute(e, code, error_call(op));
        let saved = self.cur_call;
        let r = match op {
            Op::Visible(b) => {
                self.visible = b;
                Ok(Value::Null)
            }
            // The length of a `for` loop's sequence (R's error for a function).
            Op::ForSeqPrep { call, .. } => match self.pop_operand() {
                Value::Lang(l) if !matches!(&*l, crate::lang::Lang::Exprs(_)) => {
                    Err(self.attribute(RError::new("invalid for() loop sequence"), code, call))
                }
                Value::Closure(_) | Value::Builtin(_) => {
                    Err(self.attribute(RError::new("invalid for() loop sequence"), code, call))
                }
                v => Ok(Value::Int(i32::try_from(v.len()).unwrap_or(-1))),
            },
            // The element of a `for` loop's sequence at a 1-based position.
            Op::ForStep { .. } => {
                let k = self.pop_operand();
                let seq = self.pop_operand();
                let k = match k {
                    Value::Int(k) if k >= 1 => k as usize - 1,
                    _ => return Err(RError::new("internal: bad for() loop position")),
                };
                Ok(seq_elt(&seq, k))
            }
            Op::Arith(o, ci, _) | Op::ArithLocal(o, _, ci, _) => {
                self.cur_call = Some((Rc::as_ptr(code), ci));
                let b = self.pop_operand();
                let a = self.pop_operand();
                arith::arith(self, o, &a, &b).map_err(|e| at(e, self))
            }
            Op::Cmp(o, ci, _) => {
                self.cur_call = Some((Rc::as_ptr(code), ci));
                let b = self.pop_operand();
                let a = self.pop_operand();
                arith::compare(self, o, &a, &b).map_err(|e| at(e, self))
            }
            Op::Neg(ci, _) | Op::Not(ci) => {
                self.cur_call = Some((Rc::as_ptr(code), ci));
                let a = self.pop_operand();
                let r = if matches!(op, Op::Neg(..)) {
                    arith::negate(self, &a)
                } else {
                    arith::not(self, &a)
                };
                r.map_err(|e| at(e, self))
            }
            Op::Index {
                drop, call, empty, ..
            } => {
                self.cur_call = Some((Rc::as_ptr(code), call));
                let (x, idx) = self.pop_indexed(base, empty);
                subset::index(self, &x, idx.as_slice(), drop).map_err(|e| at(e, self))
            }
            Op::Index2 { call, empty, .. } => {
                self.cur_call = Some((Rc::as_ptr(code), call));
                let (x, idx) = self.pop_indexed(base, empty);
                subset::index2(self, &x, idx.as_slice()).map_err(|e| at(e, self))
            }
            Op::IndexLocals { is2, call, .. } => {
                self.cur_call = Some((Rc::as_ptr(code), call));
                let (x, idx) = self.pop_indexed(base, 0);
                let r = if is2 {
                    subset::index2(self, &x, idx.as_slice())
                } else {
                    subset::index(self, &x, idx.as_slice(), true)
                };
                r.map_err(|e| at(e, self))
            }
            Op::SetIndex { call, empty, .. } | Op::SetIndex2 { call, empty, .. } => {
                // Operands: v, i1..in, x.
                self.cur_call = Some((Rc::as_ptr(code), call));
                let x = self.pop_operand();
                let (v, idx) = self.pop_indexed(base, empty);
                let r = if matches!(op, Op::SetIndex2 { .. }) {
                    subset::assign_index2(self, x, idx.as_slice(), v)
                } else {
                    let kept = (idx.as_slice().len() >= 2).then(|| v.clone());
                    subset::assign_index(self, x, idx.as_slice(), v)
                        .map_err(|e| matrix_subassign_error(e, code, call, kept.as_ref()))
                };
                r.map_err(|e| at(e, self))
            }
            Op::ForRangePrep(_) => {
                // Compiled loops count upwards over `int`s: `c(from, count)`
                // when `from:to` is such a range, else NULL (compiled code
                // exits, and the interpreter starts the loop). Pure, so the
                // exit may re-execute the instruction.
                let to = self.pop_operand();
                let from = self.pop_operand();
                Ok(match int_range(&from, &to) {
                    Some((next, n, 1)) if n <= i32::MAX as u64 => {
                        Value::Vec(Rc::new(Vector::new(VecData::Int(vec![
                            next as i32,
                            n as i32,
                        ]))))
                    }
                    _ => Value::Null,
                })
            }
            Op::BranchFalse(..) => {
                // The truth of an `if`/`while` condition, as TRUE or FALSE
                // (compiled code branches on it); R's errors for the rest.
                let c = self.pop_operand();
                let truth = match c {
                    Value::Lgl(x) if x != NA_LOGICAL => Ok(x != 0),
                    other => condition_truth(&other).map_err(|e| at(e, self)),
                };
                truth.map(|t| Value::Lgl(t as i32))
            }
            // The count of a `for (i in seq_len(n))` loop when `n` is a
            // number that seq_len takes as it is (a non-negative integral
            // scalar), else NULL: compiled code exits, and the interpreter
            // runs seq_len's validation. Pure.
            Op::ForCountPrep { along: false, .. } => {
                let n = self.pop_operand();
                Ok(match n {
                    Value::Int(k) if k >= 0 => Value::Int(k),
                    Value::Dbl(d) if d >= 0.0 && d.fract() == 0.0 && d <= i32::MAX as f64 => {
                        Value::Int(d as i32)
                    }
                    _ => Value::Null,
                })
            }
            // The pc a `switch` goes on at (compiled code branches on it);
            // R's errors for a selector that is not a length-1 vector.
            Op::Switch(t, _) => {
                let sel = self.pop_operand();
                super::control::switch_target(&code.switches[t as usize], &sel, !code.top_level)
                    .map(|target| Value::Int(target as i32))
                    .map_err(|e| at(e, self))
            }
            // `generic_on_stack` sent every other instruction to the slow path.
            _ => Err(RError::new(format!(
                "internal error: {:?} is not a frame-free instruction",
                op
            ))),
        };
        self.cur_call = saved;
        r
    }

    /// `exec_frame_free` of a two-operand instruction on operands that stay
    /// where they are (compiled code's slots), by reference: arithmetic,
    /// comparison, and indexing with one index, as `exec_frame_free_at`
    /// performs them (the same calls, errors and warnings), without moving
    /// the operands onto the stack and off again. `None` for any other
    /// instruction, and whenever R code could run during it and see the
    /// operands borrowed: an operand with a class (a method), or calling
    /// handlers established (a warning runs them); the caller then takes
    /// `exec_frame_free`.
    pub fn exec_frame_free_refs(
        &mut self,
        code: &Rc<FunctionCode>,
        pc: usize,
        a: &Value,
        b: &Value,
    ) -> Option<RResult<Value>> {
        if self.calling_regions != 0 || a.has_class() || b.has_class() {
            return None;
        }
        let op = code.ops[pc];
        let one = |b: &Value| [Some(b.clone())];
        let saved = self.cur_call;
        let r = match op {
            Op::Arith(o, ci, _) | Op::ArithLocal(o, _, ci, _) => {
                self.cur_call = Some((Rc::as_ptr(code), ci));
                arith::arith(self, o, a, b)
            }
            Op::Cmp(o, ci, _) => {
                self.cur_call = Some((Rc::as_ptr(code), ci));
                arith::compare(self, o, a, b)
            }
            Op::Index {
                empty: 0,
                drop,
                call,
                ..
            } => {
                self.cur_call = Some((Rc::as_ptr(code), call));
                subset::index(self, a, &one(b), drop)
            }
            Op::Index2 { empty: 0, call, .. } | Op::IndexLocals { call, .. } => {
                self.cur_call = Some((Rc::as_ptr(code), call));
                if matches!(op, Op::IndexLocals { is2: false, .. }) {
                    subset::index(self, a, &one(b), true)
                } else {
                    subset::index2(self, a, &one(b))
                }
            }
            _ => return None,
        };
        let r = r.map_err(|e| self.attribute(e, code, error_call(op)));
        self.cur_call = saved;
        Some(r)
    }

    /// The top operand (`exec_frame_free_at`: the instruction's operand count
    /// is fixed, so it is there).
    fn pop_operand(&mut self) -> Value {
        self.stack.pop().unwrap_or(Value::Null)
    }

    /// The operands above `base`: the first (the indexed object, or the
    /// stored value), then the indices as the subset functions take them
    /// (`empty` marks the positions meaning "everything", `m[i, ]`). One
    /// index, the common case, needs no vector.
    fn pop_indexed(&mut self, base: usize, empty: u8) -> (Value, Indices) {
        if self.stack.len() == base + 2 {
            let i = self.pop_operand();
            let first = self.pop_operand();
            return (first, Indices::One([(empty & 1 == 0).then_some(i)]));
        }
        let rest = self.stack.split_off((base + 1).min(self.stack.len()));
        let first = self.pop_operand();
        (first, Indices::Many(with_empty(rest, empty)))
    }

    /// Does the generic fallback run `op` through the slow-path executor on the
    /// operand stack (so that a caller may push the operands there itself
    /// and call `exec_slow_generic`, without an operand vector)?
    pub fn generic_on_stack(op: &Op) -> bool {
        !matches!(
            op,
            Op::Visible(_)
                | Op::ForSeqPrep { .. }
                | Op::ForStep { .. }
                | Op::Arith(..)
                | Op::ArithLocal(..)
                | Op::Cmp(..)
                | Op::Neg(..)
                | Op::Not(_)
                | Op::Index { .. }
                | Op::Index2 { .. }
                | Op::IndexLocals { .. }
                | Op::SetIndex { .. }
                | Op::SetIndex2 { .. }
                | Op::ForRangePrep(_)
                | Op::BranchFalse(..)
                | Op::Switch(..)
                | Op::ForCountPrep { along: false, .. }
        )
    }

    /// The generic fallback of an instruction `generic_on_stack` runs, its
    /// operands pushed onto the operand stack by `push` (no operand vector).
    pub fn exec_generic_pushed(
        &mut self,
        code: &Rc<FunctionCode>,
        env: &Env,
        pc: usize,
        push: impl FnOnce(&mut Vec<Value>),
    ) -> RResult<Value> {
        let saved = self.cur_call;
        let base = self.stack.len();
        push(&mut self.stack);
        let r = self.exec_slow_generic(code, env, pc, base);
        self.cur_call = saved;
        r
    }

    /// Instruction `pc` on the operands pushed on the operand stack above
    /// `base` (see `generic_on_stack`), as the generic fallback runs it.
    fn exec_slow_generic(
        &mut self,
        code: &Rc<FunctionCode>,
        env: &Env,
        pc: usize,
        base: usize,
    ) -> RResult<Value> {
        let op = code.ops[pc];
        if let Op::LoadFun(s, ci) = op {
            // The function only: compiled code makes the call (the
            // interpreter's `LoadFun` may make a call with promises).
            match self.unsupplied_param_function(code, env, s, pc) {
                Some(Err(e)) => return Err(e),
                Some(Ok(f)) if f.is_function() => return Ok(f),
                _ => {}
            }
            return match self.lookup_fun(env, s) {
                Some(f) => Ok(f),
                None => Err(self.function_not_found(code, s, ci)),
            };
        }
        let mut next = pc + 1;
        let run_id = self.run_counter;
        match self.exec_slow(code, env, &mut next, base, self.loops.len(), run_id, &op) {
            // An instruction that pushes nothing (a store) yields NULL.
            Flow::Next if self.stack.len() > base => Ok(self.stack.pop().unwrap()),
            Flow::Next => Ok(Value::Null),
            Flow::Ret(v) => Ok(v),
            Flow::Fail(e) => {
                self.stack.truncate(base);
                Err(e)
            }
        }
    }
}

/// The call an error of frame-free instruction `op` is attributed to.
fn error_call(op: Op) -> CallIdx {
    match op {
        Op::Arith(_, ci, _) | Op::Cmp(_, ci, _) | Op::Neg(ci, _) | Op::Not(ci) => ci,
        Op::Index { call, .. } | Op::Index2 { call, .. } | Op::IndexLocals { call, .. } => call,
        Op::SetIndex { call, .. } | Op::SetIndex2 { call, .. } => call,
        Op::BranchFalse(_, ci, _) | Op::Switch(_, ci) => ci,
        _ => 0,
    }
}

/// The indices of an indexing instruction (`Interp::pop_indexed`).
enum Indices {
    One([Option<Value>; 1]),
    Many(Vec<Option<Value>>),
}

impl Indices {
    fn as_slice(&self) -> &[Option<Value>] {
        match self {
            Indices::One(a) => a,
            Indices::Many(v) => v,
        }
    }
}

/// Index operands as the subset functions take them: the positions marked in
/// `empty` (`m[i, ]`) hold a placeholder on the stack and mean "everything".
fn with_empty(operands: Vec<Value>, empty: u8) -> Vec<Option<Value>> {
    operands
        .into_iter()
        .enumerate()
        .map(|(k, v)| if empty & (1 << k) != 0 { None } else { Some(v) })
        .collect()
}

/// The interpreter's fast paths for instruction `op` on `operands` (as
/// the generic fallback takes them): arithmetic and comparison of scalars,
/// `x[i]`, `x[[i]]`, `m[i, j]` with in-range scalar indices. `None`: the
/// general implementation must run. Compiled code's generic calls try this
/// first, without cloning their operands.
pub fn fast_generic(op: Op, operands: &[&Value]) -> Option<Value> {
    match (op, operands) {
        (Op::Arith(o, ..) | Op::ArithLocal(o, ..), [a, b]) => fast_arith(o, a, b),
        (Op::Cmp(o, ..), [a, b]) => fast_compare(o, a, b),
        (
            Op::Index {
                n: 1,
                empty: 0,
                drop: true,
                ..
            },
            [x, i],
        ) => fast_index(x, i, false),
        (Op::Index2 { n: 1, empty: 0, .. }, [x, i]) => fast_index(x, i, true),
        (Op::IndexLocals { is2, .. }, [x, i]) => fast_index(x, i, is2),
        (Op::IndexLocals { is2: false, .. }, [x, i, j]) => fast_index2d(x, i, j),
        _ => None,
    }
}
