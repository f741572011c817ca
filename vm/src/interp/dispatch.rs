//! The interpreter's instruction loops: `exec`, the hot loop with the fast
//! paths of the common instructions, and `exec_slow`, which runs the rest.

use super::arith_fast::{
    accumulate, arith_in_place, arith_values, compare_scalars, store_num, Num,
};
use super::calls::CallSite;
use super::conditions::{matrix_subassign_error, with_visible};
use super::control::{
    condition_truth, for_seq_elt, int_range, record_branch, seq_elt, step_counted, switch_target,
    LoopState,
};
use super::index_fast::{
    fast_assign, fast_assign2d, fast_index, fast_index2d, scalar_elt_index, EltIndex,
};
use super::stack::{push_dbl, push_int, push_lgl, push_value};
use super::{unsupported_feature, Interp, LOOP_WORK_PER_CALL, STEPS_EXHAUSTED};
use crate::args::Args;
use crate::builtins::{arith, construct, subset};
use crate::bytecode::*;
use crate::env::Env;
use crate::error::{RError, RResult};
use crate::feedback::TypeFeedback;
use crate::symbols::intern;
use crate::value::*;
use std::rc::Rc;

/// What a slow-path instruction tells the interpreter loop.
pub(super) enum Flow {
    Next,
    Ret(Value),
    Fail(RError),
}

impl Interp {
    #[inline(never)]
    pub(super) fn exec(
        &mut self,
        code: &Rc<FunctionCode>,
        env: &Env,
        pcr: &mut usize,
        base: usize,
        loops_base: usize,
        run_id: u64,
    ) -> RResult<Value> {
        let ops = &code.ops[..];
        let mut pc = *pcr;
        // Backward jumps of this activation (run of `exec`), for OSR-in.
        let osr_threshold = self.osr_threshold;
        let mut backedges: u32 = if std::mem::take(&mut self.osr_soon) {
            osr_threshold.saturating_sub(1)
        } else {
            0
        };
        // The local slots without `RefCell` bookkeeping (a flag check, a store
        // and a restore per access), for the fast paths of the hot instructions.
        // SAFETY (at every use): no borrow of `env.slots` is live between
        // instructions, and the reference is used only within one instruction's
        // fast path, which calls nothing that could borrow the slots.
        macro_rules! slots {
            () => {
                unsafe { &mut *env.slots.as_ptr() }
            };
        }
        macro_rules! fail {
            ($e:expr) => {{
                *pcr = pc;
                return Err($e);
            }};
        }
        macro_rules! attempt {
            ($e:expr, $ci:expr) => {
                match $e {
                    Ok(v) => v,
                    Err(e) => fail!(self.attribute(e, code, $ci)),
                }
            };
        }
        macro_rules! pop {
            () => {
                self.stack.pop().unwrap()
            };
        }
        loop {
            let op = &ops[pc];
            pc += 1;
            match *op {
                Op::Const(i) => match &code.consts[i as usize] {
                    // Scalars by fields (see `push_scalar!`).
                    Value::Int(x) => push_int(&mut self.stack, *x),
                    Value::Dbl(x) => push_dbl(&mut self.stack, *x),
                    Value::Lgl(x) => push_lgl(&mut self.stack, *x),
                    v => push_value(&mut self.stack, v.clone()),
                },
                Op::LoadLocal(slot, fb) => {
                    let slots = slots!();
                    match &slots[slot as usize] {
                        // Scalars are read and pushed by fields (a copied `Value`
                        // would stall store forwarding).
                        Some(a @ (Value::Int(_) | Value::Dbl(_))) => {
                            TypeFeedback::record_bits(
                                &code.type_fb[fb as usize],
                                TypeFeedback::of(a),
                            );
                            // `a OP b` of two scalar locals (`i - j`): do the pair of
                            // loads and the `Arith` here, recording the feedback of all
                            // three, saving two dispatches and the stack traffic.
                            if let (Op::LoadLocal(s2, fb2), Some(&Op::Arith(o, _, afb))) =
                                (ops[pc], ops.get(pc + 1))
                            {
                                if let Some(b) = &slots[s2 as usize] {
                                    let r = arith_values(o, a, b);
                                    if let Some(r) = r {
                                        TypeFeedback::record_bits(
                                            &code.type_fb[fb2 as usize],
                                            TypeFeedback::of(b),
                                        );
                                        TypeFeedback::record_bits(
                                            &code.type_fb[afb as usize],
                                            r.bits(),
                                        );
                                        pc += 2;
                                        match r {
                                            Num::Dbl(r) => push_dbl(&mut self.stack, r),
                                            Num::Int(r) => push_int(&mut self.stack, r),
                                        }
                                        continue;
                                    }
                                }
                            }
                            match *a {
                                Value::Dbl(x) => push_dbl(&mut self.stack, x),
                                Value::Int(x) => push_int(&mut self.stack, x),
                                _ => unreachable!(),
                            }
                            continue;
                        }
                        Some(v) => {
                            TypeFeedback::record(&code.type_fb[fb as usize], v);
                            push_value(&mut self.stack, v.clone());
                            continue;
                        }
                        None => {}
                    }
                    let v = match self.load_unbound(code, env, slot as usize, pc - 1) {
                        Ok(v) => v,
                        Err(e) => fail!(e),
                    };
                    TypeFeedback::record(&code.type_fb[fb as usize], &v);
                    push_value(&mut self.stack, v);
                }
                Op::TakeLocal(slot) => {
                    let v = env.slots.borrow_mut()[slot as usize].take();
                    // The value is taken to be modified in place: that needs the
                    // only reference.
                    if let Some(Value::Vec(x)) = &v {
                        self.dims.forget(x);
                    }
                    let v = match v {
                        Some(v) => v,
                        None => match self.load_unbound(code, env, slot as usize, pc - 1) {
                            Ok(v) => v,
                            Err(e) => fail!(e),
                        },
                    };
                    push_value(&mut self.stack, v);
                }
                Op::StoreLocal(slot) => {
                    let v = pop!();
                    env.slots.borrow_mut()[slot as usize] = Some(v);
                }
                Op::Pop => {
                    self.stack.pop();
                }
                Op::Dup => {
                    let v = self.stack.last().unwrap().clone();
                    push_value(&mut self.stack, v);
                }
                Op::Visible(b) => self.visible = b,
                Op::Arith(o, ci, fb) => {
                    if let [.., a, b] = &mut self.stack[..] {
                        if let Some(r) = arith_values(o, a, b) {
                            TypeFeedback::record_bits(&code.type_fb[fb as usize], r.bits());
                            // `s <- s + a * b`.
                            if accumulate(ops[pc], slots!(), r, &code.type_fb) {
                                self.stack.truncate(self.stack.len() - 2);
                                pc += 1;
                                continue;
                            }
                            store_num(a, r);
                            self.stack.truncate(self.stack.len() - 1);
                            continue;
                        }
                    }
                    let b = pop!();
                    let a = pop!();
                    self.cur_call = Some((Rc::as_ptr(code), ci));
                    let r = attempt!(arith::arith(self, o, &a, &b), ci);
                    TypeFeedback::record(&code.type_fb[fb as usize], &r);
                    push_value(&mut self.stack, r);
                }
                Op::ArithLocal(o, slot, ci, fb) => {
                    {
                        // The operand is read in place (by fields: it was usually
                        // just pushed field by field) and discarded after.
                        let slots = slots!();
                        if let (Some(a), Some(b)) = (&mut slots[slot as usize], self.stack.last()) {
                            if let Some((a_bits, r_bits)) =
                                Num::of(b).and_then(|b| arith_in_place(o, a, b))
                            {
                                TypeFeedback::record_bits(&code.type_fb[fb as usize + 1], a_bits);
                                TypeFeedback::record_bits(&code.type_fb[fb as usize], r_bits);
                                self.stack.truncate(self.stack.len() - 1);
                                continue;
                            }
                        }
                    }
                    let b = pop!();
                    let a = env.slots.borrow()[slot as usize].clone();
                    let a = match a {
                        Some(a) => a,
                        None => match self.load_unbound(code, env, slot as usize, pc - 1) {
                            Ok(v) => v,
                            Err(e) => fail!(e),
                        },
                    };
                    TypeFeedback::record(&code.type_fb[fb as usize + 1], &a);
                    self.cur_call = Some((Rc::as_ptr(code), ci));
                    let r = attempt!(arith::arith(self, o, &a, &b), ci);
                    TypeFeedback::record(&code.type_fb[fb as usize], &r);
                    env.slots.borrow_mut()[slot as usize] = Some(r);
                }
                Op::Cmp(o, ci, fb) => {
                    if let [.., a, b] = &self.stack[..] {
                        if let Some(r) = compare_scalars(o, a, b) {
                            TypeFeedback::record_bits(
                                &code.type_fb[fb as usize],
                                TypeFeedback::LGL,
                            );
                            self.stack.truncate(self.stack.len() - 2);
                            // `if (a < b)`: when the next instruction branches on the
                            // result, branch here, saving a push, a pop and a dispatch.
                            if let Op::BranchFalse(t, _, bfb) = ops[pc] {
                                record_branch(&code.type_fb[bfb as usize], r);
                                pc = if r { pc + 1 } else { t as usize };
                                continue;
                            }
                            push_lgl(&mut self.stack, r as i32);
                            continue;
                        }
                    }
                    let b = pop!();
                    let a = pop!();
                    self.cur_call = Some((Rc::as_ptr(code), ci));
                    let r = attempt!(arith::compare(self, o, &a, &b), ci);
                    TypeFeedback::record(&code.type_fb[fb as usize], &r);
                    push_value(&mut self.stack, r);
                }
                Op::Jump(t) => {
                    if code.leavable_regions && !self.tries.is_empty() {
                        self.leave_regions(code, run_id, t as usize);
                    }
                    if (t as usize) < pc {
                        backedges = backedges.wrapping_add(1);
                        if backedges.is_multiple_of(LOOP_WORK_PER_CALL) {
                            // Loop work makes a function hot like calls do: one
                            // called a few times, each running a few thousand
                            // iterations (below the OSR threshold), compiles
                            // at a later call (`FunctionCode::invocations`).
                            code.invocations
                                .set(code.invocations.get().saturating_add(1));
                            self.steps += LOOP_WORK_PER_CALL as u64;
                            if self.steps > self.max_steps {
                                fail!(RError::no_call(STEPS_EXHAUSTED));
                            }
                        }
                        if backedges == osr_threshold && osr_threshold != 0 {
                            if let Some(r) =
                                self.osr_in(code, env, t as usize, base, loops_base, run_id)
                            {
                                *pcr = pc;
                                return r;
                            }
                        }
                        // The back edge of a `for` loop goes to its `ForStep`: take
                        // the step's common case here, saving a dispatch.
                        if let Op::ForStep {
                            var,
                            fb,
                            seq: NO_SEQ,
                            ..
                        } = ops[t as usize]
                        {
                            let cell = &code.type_fb[fb as usize];
                            if step_counted(self.loops.last_mut(), slots!(), var, cell) {
                                pc = t as usize + 1;
                                continue;
                            }
                        }
                    }
                    pc = t as usize
                }
                Op::BranchFalse(t, ci, fb) => {
                    let c = pop!();
                    let truth = match c {
                        Value::Lgl(x) if x != NA_LOGICAL => x != 0,
                        other => attempt!(condition_truth(&other), ci),
                    };
                    record_branch(&code.type_fb[fb as usize], truth);
                    if !truth {
                        pc = t as usize;
                    }
                }
                Op::ForStep { exit, var, fb, seq } => {
                    let cell = &code.type_fb[fb as usize];
                    if seq == NO_SEQ && step_counted(self.loops.last_mut(), slots!(), var, cell) {
                        continue;
                    }
                    let v = match self.loops.last_mut().unwrap() {
                        LoopState::Range {
                            next,
                            remaining,
                            step,
                        } => {
                            if *remaining == 0 {
                                if *next == 1 && *step == 1 {
                                    // An empty counted loop binds the variable to NULL (as R).
                                    code.note_empty_loop(pc - 1);
                                    match var.get() {
                                        Var::Local(s) => {
                                            env.slots.borrow_mut()[s as usize] = Some(Value::Null)
                                        }
                                        Var::Name(s) => env.set_local(s, Value::Null),
                                    }
                                }
                                pc = exit as usize;
                                continue;
                            }
                            let n = *next as i32;
                            *next += *step;
                            *remaining -= 1;
                            if seq != NO_SEQ {
                                let v = for_seq_elt(code, env, seq, n as usize - 1);
                                TypeFeedback::record(&code.type_fb[fb as usize], &v);
                                match var.get() {
                                    Var::Local(s) => env.slots.borrow_mut()[s as usize] = Some(v),
                                    Var::Name(s) => env.set_local(s, v),
                                }
                                continue;
                            }
                            if let Var::Local(s) = var.get() {
                                // Hot path: the bits are known, and the slot usually
                                // already holds an integer scalar (update in place).
                                let bits = TypeFeedback::INT
                                    | if n == NA_INTEGER { TypeFeedback::NA } else { 0 };
                                TypeFeedback::record_bits(&code.type_fb[fb as usize], bits);
                                if let Some(Value::Int(d)) = &mut slots!()[s as usize] {
                                    *d = n;
                                } else {
                                    env.slots.borrow_mut()[s as usize] = Some(Value::Int(n));
                                }
                                continue;
                            }
                            Value::Int(n)
                        }
                        LoopState::Seq { seq, i, n } => {
                            if *i >= *n {
                                if *n == 0 {
                                    // R binds the variable to NULL for an empty sequence.
                                    code.note_empty_loop(pc - 1);
                                    match var.get() {
                                        Var::Local(s) => {
                                            env.slots.borrow_mut()[s as usize] = Some(Value::Null)
                                        }
                                        Var::Name(s) => env.set_local(s, Value::Null),
                                    }
                                }
                                pc = exit as usize;
                                continue;
                            }
                            let v = seq_elt(seq, *i);
                            *i += 1;
                            v
                        }
                    };
                    TypeFeedback::record(&code.type_fb[fb as usize], &v);
                    match var.get() {
                        Var::Local(s) => env.slots.borrow_mut()[s as usize] = Some(v),
                        Var::Name(s) => env.set_local(s, v),
                    }
                }
                Op::ForEnd => {
                    self.loops.pop();
                }
                Op::Index {
                    n, empty, call, fb, ..
                }
                | Op::Index2 { n, empty, call, fb } => {
                    let is2 = matches!(op, Op::Index2 { .. });
                    let drop = !matches!(op, Op::Index { drop: false, .. });
                    let r = if n == 1 && empty == 0 && drop {
                        let i = pop!();
                        let x = pop!();
                        match fast_index(&x, &i, is2) {
                            Some(v) => v,
                            None => {
                                self.cur_call = Some((Rc::as_ptr(code), call));
                                let idx = [Some(i)];
                                if is2 {
                                    attempt!(subset::index2(self, &x, &idx), call)
                                } else {
                                    attempt!(subset::index(self, &x, &idx, true), call)
                                }
                            }
                        }
                    } else if n == 2 && empty == 0 && drop {
                        let j = pop!();
                        let i = pop!();
                        let x = pop!();
                        match fast_index2d(&x, &i, &j) {
                            Some(v) => v,
                            None => {
                                self.cur_call = Some((Rc::as_ptr(code), call));
                                let idx = [Some(i), Some(j)];
                                if is2 {
                                    attempt!(subset::index2(self, &x, &idx), call)
                                } else {
                                    attempt!(subset::index(self, &x, &idx, drop), call)
                                }
                            }
                        }
                    } else {
                        let idx = self.pop_indices(n, empty);
                        let x = pop!();
                        self.cur_call = Some((Rc::as_ptr(code), call));
                        if is2 {
                            attempt!(subset::index2(self, &x, &idx), call)
                        } else {
                            attempt!(subset::index(self, &x, &idx, drop), call)
                        }
                    };
                    TypeFeedback::record(&code.type_fb[fb as usize], &r);
                    push_value(&mut self.stack, r);
                }
                Op::IndexLocals {
                    x,
                    i,
                    j,
                    is2,
                    call,
                    fb,
                } => {
                    {
                        let slots = slots!();
                        if let (Some(xv), Some(iv)) = (&slots[x as usize], &slots[i as usize]) {
                            let jv = if j == NO_SLOT {
                                None
                            } else {
                                slots[j as usize].as_ref()
                            };
                            if let Some(EltIndex { k, bits }) =
                                scalar_elt_index(xv, iv, jv, is2, &mut self.dims)
                            {
                                let Value::Vec(v) = xv else { unreachable!() };
                                // The result's and the operands' cells (one bounds check).
                                let cells = &code.type_fb[fb as usize..fb as usize + 4];
                                for (cell, bits) in cells[1..].iter().zip(bits) {
                                    TypeFeedback::record_bits(cell, bits);
                                }
                                // The element stays in registers (no `Value` in memory).
                                let e = match &v.data {
                                    VecData::Dbl(d) => Num::Dbl(d[k]),
                                    VecData::Int(d) => Num::Int(d[k]),
                                    VecData::Lgl(d) => {
                                        let e = d[k];
                                        TypeFeedback::record_bits(
                                            &cells[0],
                                            TypeFeedback::of(&Value::Lgl(e)),
                                        );
                                        push_lgl(&mut self.stack, e);
                                        continue;
                                    }
                                    _ => unreachable!(),
                                };
                                TypeFeedback::record_bits(&cells[0], e.bits());
                                // `s <- s + x[i]`.
                                if accumulate(ops[pc], slots, e, &code.type_fb) {
                                    pc += 1;
                                    continue;
                                }
                                match e {
                                    Num::Dbl(e) => push_dbl(&mut self.stack, e),
                                    Num::Int(e) => push_int(&mut self.stack, e),
                                }
                                continue;
                            }
                        }
                    }
                    let fast = {
                        let slots = env.slots.borrow();
                        match (&slots[x as usize], &slots[i as usize]) {
                            (Some(xv), Some(iv)) => {
                                TypeFeedback::record(&code.type_fb[fb as usize + 1], xv);
                                TypeFeedback::record(&code.type_fb[fb as usize + 2], iv);
                                match (j != NO_SLOT).then_some(j) {
                                    None => fast_index(xv, iv, is2),
                                    Some(j) => match &slots[j as usize] {
                                        Some(jv) if !is2 => {
                                            TypeFeedback::record(
                                                &code.type_fb[fb as usize + 3],
                                                jv,
                                            );
                                            fast_index2d(xv, iv, jv)
                                        }
                                        _ => None,
                                    },
                                }
                            }
                            _ => None,
                        }
                    };
                    let r = match fast {
                        Some(r) => r,
                        None => {
                            let mut vals = Vec::with_capacity(3);
                            for s in [Some(x), Some(i), (j != NO_SLOT).then_some(j)]
                                .into_iter()
                                .flatten()
                            {
                                let v = env.slots.borrow()[s as usize].clone();
                                vals.push(match v {
                                    Some(v) => v,
                                    None => {
                                        match self.load_unbound(code, env, s as usize, pc - 1) {
                                            Ok(v) => v,
                                            Err(e) => fail!(e),
                                        }
                                    }
                                });
                            }
                            let xv = vals.remove(0);
                            let idx: Vec<Option<Value>> = vals.into_iter().map(Some).collect();
                            self.cur_call = Some((Rc::as_ptr(code), call));
                            if is2 {
                                attempt!(subset::index2(self, &xv, &idx), call)
                            } else {
                                attempt!(subset::index(self, &xv, &idx, true), call)
                            }
                        }
                    };
                    TypeFeedback::record(&code.type_fb[fb as usize], &r);
                    push_value(&mut self.stack, r);
                }
                Op::SetIndex { n, empty, call, fb } | Op::SetIndex2 { n, empty, call, fb } => {
                    let is2 = matches!(op, Op::SetIndex2 { .. });
                    let mut x = pop!();
                    TypeFeedback::record(&code.type_fb[fb as usize], &x);
                    let idx = self.pop_indices(n, empty);
                    let v = pop!();
                    let fast = match (n, empty, &idx[..]) {
                        (1, 0, [Some(i)]) => {
                            fast_assign(&mut x, i, &v, is2)
                                || self.assign_in_binding(ops, pc, env, &mut x, |x| {
                                    fast_assign(x, i, &v, is2)
                                })
                        }
                        (2, 0, [Some(i), Some(j)]) if !is2 => {
                            fast_assign2d(&mut x, i, j, &v)
                                || self.assign_in_binding(ops, pc, env, &mut x, |x| {
                                    fast_assign2d(x, i, j, &v)
                                })
                        }
                        _ => false,
                    };
                    if fast {
                        push_value(&mut self.stack, x);
                        continue;
                    }
                    self.cur_call = Some((Rc::as_ptr(code), call));
                    let r = if is2 {
                        attempt!(subset::assign_index2(self, x, &idx, v), call)
                    } else {
                        let kept = (n >= 2).then(|| v.clone());
                        match subset::assign_index(self, x, &idx, v) {
                            Ok(r) => r,
                            Err(e) => fail!(self.attribute(
                                matrix_subassign_error(e, code, call, kept.as_ref()),
                                code,
                                call
                            )),
                        }
                    };
                    push_value(&mut self.stack, r);
                }
                Op::Return | Op::EndRegion => {
                    let v = pop!();
                    self.stack.truncate(base);
                    self.loops.truncate(loops_base);
                    *pcr = pc;
                    return Ok(v);
                }
                _ => match self.exec_slow(code, env, &mut pc, base, loops_base, run_id, op) {
                    Flow::Next => {}
                    Flow::Ret(v) => {
                        *pcr = pc;
                        return Ok(v);
                    }
                    Flow::Fail(e) => {
                        *pcr = pc;
                        return Err(e);
                    }
                },
            }
        }
    }

    /// The error of `LoadFun(s, ci)` that finds no function.
    pub(super) fn function_not_found(
        &self,
        code: &FunctionCode,
        s: crate::symbols::SymId,
        ci: CallIdx,
    ) -> RError {
        let name = s.name();
        if let Some(what) = unsupported_feature(&name) {
            return RError::unsupported(format!("{} ({})", what, name));
        }
        RError::with_call(
            format!("could not find function \"{}\"", name),
            crate::deparse::deparse(&code.calls[ci as usize]),
        )
    }

    /// `x$s` at call `ci`: a classed object's `$.class` method (`$` is an
    /// internal generic: it gets the object and the name as a string), else
    /// the list's field, an environment's binding, or R's error.
    fn dollar_op(
        &mut self,
        code: &Rc<FunctionCode>,
        x: Value,
        s: crate::symbols::SymId,
        ci: CallIdx,
    ) -> RResult<Value> {
        match self.dollar_method("$", &x) {
            Some(m) => {
                let args = vec![x, Value::str(&s.name())];
                self.call_at(&m, args, code, ci)
            }
            None => subset::dollar(self, &x, &s.name(), &code.field_caches[ci as usize]),
        }
    }

    /// The instructions that are not on the interpreter's hot path (calls,
    /// closures, conditions, S3, switch, ...), kept out of `exec` so that the
    /// hot loop stays small.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    pub(super) fn exec_slow(
        &mut self,
        code: &Rc<FunctionCode>,
        env: &Env,
        pc: &mut usize,
        base: usize,
        loops_base: usize,
        run_id: u64,
        op: &Op,
    ) -> Flow {
        macro_rules! fail {
            ($e:expr) => {{
                return Flow::Fail($e);
            }};
        }
        macro_rules! attempt {
            ($e:expr, $ci:expr) => {
                match $e {
                    Ok(v) => v,
                    Err(e) => fail!(self.attribute(e, code, $ci)),
                }
            };
        }
        macro_rules! pop {
            () => {
                self.stack.pop().unwrap()
            };
        }
        match *op {
            Op::LoadName(s, fb) => {
                let v = match self.lookup_var_result(env, s) {
                    Ok(Some(v)) => v,
                    Ok(None) => fail!(self.not_found_at(s, Some((code, *pc - 1)))),
                    Err(e) => fail!(e),
                };
                TypeFeedback::record(&code.type_fb[fb as usize], &v);
                self.stack.push(v);
            }
            Op::LoadFun(s, ci) => match self
                .unsupplied_param_function(code, env, s, *pc - 1)
                .filter(|r| r.as_ref().map_or(true, Value::is_function))
                .map(|r| r.map(Some))
                .unwrap_or_else(|| self.lookup_fun_result(env, s))
            {
                Err(e) => fail!(e),
                Ok(Some(f)) => {
                    if let Value::Closure(c) = &f {
                        if c.code.lazy_args {
                            // Its arguments are wanted unevaluated: the
                            // call is made here, with promises.
                            if let Some((next, r)) = self.lazy_call(code, env, *pc, ci, &f) {
                                let r = attempt!(r, ci);
                                self.stack.push(r);
                                *pc = next;
                                return Flow::Next;
                            }
                        }
                    }
                    self.stack.push(f)
                }
                Ok(None) => fail!(self.function_not_found(code, s, ci)),
            },
            Op::LoadDots(ci) => match self.dots_of(env) {
                Ok(Some(v)) => self.stack.push(v),
                Err(e) => fail!(e),
                Ok(None) => fail!(self.attribute(
                    RError::new("'...' used in an incorrect context"),
                    code,
                    ci
                )),
            },
            Op::LoadDotN(k, ci) => {
                let dots = match self.dots_of(env) {
                    Ok(d) => d,
                    Err(e) => fail!(e),
                };
                let v = dots.and_then(|d| match &d {
                    Value::Vec(l) => match &l.data {
                        VecData::List(items) => items.get(k as usize - 1).cloned(),
                        _ => None,
                    },
                    _ => None,
                });
                match v {
                    Some(v) => self.stack.push(v),
                    None => fail!(self.attribute(
                        RError::new(format!(
                            "the ... list contains fewer than {} element{}",
                            k,
                            if k == 1 { "" } else { "s" }
                        )),
                        code,
                        ci
                    )),
                }
            }
            Op::StoreName(s) => {
                let v = pop!();
                env.set_local(s, v);
            }
            Op::StoreSuper(s) => {
                let v = pop!();
                if env.is_global() {
                    env.set_local(s, v);
                } else {
                    env.super_assign(s, v);
                }
            }
            Op::LoadSuper(s, _) => {
                let from = if env.is_global() {
                    env.clone()
                } else {
                    env.parent.clone().unwrap()
                };
                match self.lookup_var(&from, s) {
                    Some(v) => self.stack.push(v),
                    None => fail!(self.not_found(s)),
                }
            }
            Op::Logic(and, ci) => {
                let b = pop!();
                let a = pop!();
                self.cur_call = Some((Rc::as_ptr(code), ci));
                let r = attempt!(arith::logic(self, and, &a, &b), ci);
                self.stack.push(r);
            }
            Op::Not(ci) => {
                let a = pop!();
                self.cur_call = Some((Rc::as_ptr(code), ci));
                let r = attempt!(arith::not(self, &a), ci);
                self.stack.push(r);
            }
            Op::Neg(ci, fb) => {
                let a = pop!();
                self.cur_call = Some((Rc::as_ptr(code), ci));
                let r = attempt!(arith::negate(self, &a), ci);
                TypeFeedback::record(&code.type_fb[fb as usize], &r);
                self.stack.push(r);
            }
            Op::Plus(ci) => {
                let a = pop!();
                let r = attempt!(arith::unary_plus(self, &a), ci);
                self.stack.push(r);
            }
            Op::Colon(ci, fb) => {
                let b = pop!();
                let a = pop!();
                self.cur_call = Some((Rc::as_ptr(code), ci));
                let r = attempt!(construct::colon(self, &a, &b), ci);
                TypeFeedback::record(&code.type_fb[fb as usize], &r);
                self.stack.push(r);
            }
            Op::AndStart(t, ci) | Op::OrStart(t, ci) => {
                let a = pop!();
                self.cur_call = Some((Rc::as_ptr(code), ci));
                let l = attempt!(
                    self.scalar_logical(&a, "x", matches!(op, Op::AndStart(..))),
                    ci
                );
                let decided = if matches!(op, Op::AndStart(..)) {
                    l == 0
                } else {
                    l == 1
                };
                self.stack.push(Value::Lgl(l));
                if decided {
                    *pc = t as usize;
                }
            }
            Op::AndEnd(ci) | Op::OrEnd(ci) => {
                let b = pop!();
                let a = match pop!() {
                    Value::Lgl(x) => x,
                    _ => NA_LOGICAL,
                };
                let is_and = matches!(op, Op::AndEnd(_));
                self.cur_call = Some((Rc::as_ptr(code), ci));
                let b = attempt!(self.scalar_logical(&b, "y", is_and), ci);
                let r = if is_and {
                    if b == 0 {
                        0
                    } else if a == NA_LOGICAL || b == NA_LOGICAL {
                        NA_LOGICAL
                    } else {
                        1
                    }
                } else if b == 1 {
                    1
                } else if a == NA_LOGICAL || b == NA_LOGICAL {
                    NA_LOGICAL
                } else {
                    0
                };
                self.stack.push(Value::Lgl(r));
            }
            Op::ForSeqPrep { call, seq } => {
                let v = pop!();
                let n = match &v {
                    Value::Null => 0,
                    Value::Lang(l) if !matches!(&**l, crate::lang::Lang::Exprs(_)) => {
                        fail!(self.attribute(
                            RError::new("invalid for() loop sequence"),
                            code,
                            call
                        ))
                    }
                    Value::Closure(_) | Value::Builtin(_) => {
                        fail!(self.attribute(
                            RError::new("invalid for() loop sequence"),
                            code,
                            call
                        ))
                    }
                    v => v.len(),
                };
                match code.for_seqs[seq as usize].get() {
                    Var::Local(s) => env.slots.borrow_mut()[s as usize] = Some(v),
                    Var::Name(s) => env.set_local(s, v),
                }
                self.loops.push(LoopState::Range {
                    next: 1,
                    remaining: n as u64,
                    step: 1,
                });
            }
            Op::ForRangePrep(ci) => {
                let to = pop!();
                let from = pop!();
                match int_range(&from, &to) {
                    Some((next, remaining, step)) => {
                        // A one-element range (`1:1`) fits either direction.
                        if remaining > 1 {
                            let dirs = &code.range_dirs[ci as usize];
                            dirs.set(dirs.get() | if step < 0 { RANGE_DOWN } else { RANGE_UP });
                        }
                        self.loops.push(LoopState::Range {
                            next,
                            remaining,
                            step,
                        })
                    }
                    None => {
                        self.cur_call = Some((Rc::as_ptr(code), ci));
                        let seq = attempt!(construct::colon(self, &from, &to), ci);
                        let n = seq.len();
                        self.loops.push(LoopState::Seq { seq, i: 0, n });
                    }
                }
            }
            Op::ForCountPrep { along, call } => {
                let x = pop!();
                let n = if along {
                    // (A user's `length` method counts: R's `seq_along`.)
                    self.cur_call = Some((Rc::as_ptr(code), call));
                    attempt!(crate::builtins::inspect::dispatched_length(self, &x), call)
                } else {
                    // seq_len's own validation and errors.
                    let f = Value::Builtin(self.builtin_for(intern("seq_len")).unwrap());
                    let r = self.call_value(
                        &f,
                        Args::positional(vec![x]),
                        CallSite::Code(code.clone(), call),
                    );
                    attempt!(r, call).len()
                };
                self.loops.push(LoopState::Range {
                    next: 1,
                    remaining: n as u64,
                    step: 1,
                });
            }
            Op::Call {
                argc,
                spec,
                call,
                fb,
            } => {
                let args = self.collect_args(code, spec, argc as usize);
                let f = pop!();
                code.call_fb[fb as usize].borrow_mut().record(&f);
                let r = self.call_value(&f, args, CallSite::Code(code.clone(), call));
                let r = attempt!(r, call);
                code.call_fb[fb as usize].borrow_mut().record_result(&r);
                self.stack.push(r);
            }
            Op::DollarTakeLocal(slot, s, ci, fb) => {
                let cache = &code.field_caches[ci as usize];
                let taken = match env.slots.borrow_mut().get_mut(slot as usize) {
                    Some(Some(x)) => subset::take_field(x, &s.name(), cache),
                    _ => None,
                };
                let r = match taken {
                    Some(r) => r,
                    None => {
                        let x = env.slots.borrow()[slot as usize]
                            .clone()
                            .unwrap_or(Value::Null);
                        self.cur_call = Some((Rc::as_ptr(code), ci));
                        attempt!(self.dollar_op(code, x, s, ci), ci)
                    }
                };
                TypeFeedback::record(&code.type_fb[fb as usize], &r);
                self.stack.push(r);
            }
            Op::Dollar(s, ci, fb) => {
                let x = pop!();
                self.cur_call = Some((Rc::as_ptr(code), ci));
                let r = attempt!(self.dollar_op(code, x, s, ci), ci);
                TypeFeedback::record(&code.type_fb[fb as usize], &r);
                self.stack.push(r);
            }
            Op::SetDollar(s, ci) => {
                let x = pop!();
                let v = pop!();
                self.cur_call = Some((Rc::as_ptr(code), ci));
                let r = match self.dollar_method("$<-", &x) {
                    Some(m) => {
                        let args = vec![x, Value::str(&s.name()), v];
                        attempt!(self.call_at(&m, args, code, ci), ci)
                    }
                    None => attempt!(
                        subset::assign_dollar(
                            self,
                            x,
                            &s.name(),
                            v,
                            &code.field_caches[ci as usize]
                        ),
                        ci
                    ),
                };
                self.stack.push(r);
            }
            Op::SetFun {
                fun,
                argc,
                spec,
                call,
            } => {
                let x = pop!();
                let extra = self.collect_args(code, spec, argc as usize);
                let v = pop!();
                let mut args = Args::new();
                args.push(None, x);
                for (n, a) in extra.names.into_iter().zip(extra.values) {
                    args.push(n, a);
                }
                args.push(Some("value".into()), v);
                let f = match self.lookup_fun(env, fun) {
                    Some(f) => f,
                    None => fail!(self.function_not_found(code, fun, call)),
                };
                let r = attempt!(
                    self.call_value(&f, args, CallSite::Code(code.clone(), call)),
                    call
                );
                self.stack.push(r);
            }
            Op::MakeClosure(i) => {
                let (params, fcode) = &code.functions[i as usize];
                let c = Closure {
                    params: params.clone(),
                    code: fcode.clone(),
                    env: env.clone(),
                    attrs: None,
                };
                self.stack.push(Value::Closure(Rc::new(c)));
            }
            Op::Missing(slot) => {
                let m = self
                    .frames
                    .last()
                    .map(|a| a.missing & (1u64 << slot) != 0)
                    .unwrap_or(false);
                self.stack.push(Value::lgl(m));
            }
            Op::UseMethod { has_obj, call } => {
                let obj = if has_obj { Some(pop!()) } else { None };
                let generic = pop!();
                let r = attempt!(self.use_method(&generic, obj), call);
                self.stack.truncate(base);
                self.loops.truncate(loops_base);
                return Flow::Ret(r);
            }
            Op::Switch(t, ci) => {
                let sel = pop!();
                let table = &code.switches[t as usize];
                let target = attempt!(switch_target(table, &sel, !code.top_level), ci);
                *pc = target as usize;
            }
            Op::TryBegin(i) => self.push_try(code, env, i, run_id, false),
            Op::TryEnd(i) => {
                let mut v = pop!();
                let info = &code.tries[i as usize];
                let stop = match self.pop_try() {
                    Some(t) => {
                        // (Below the region's stack height: its handlers.)
                        self.stack.truncate(t.stack_h - info.handler_count());
                        t.stop
                    }
                    None => false,
                };
                if info.kind == RegionKind::WithVisible {
                    v = with_visible(v, self.visible);
                    self.visible = true;
                }
                if let Some(fin) = info.finally {
                    let vis = self.visible;
                    if let Err(e) = self.run(code, env, fin) {
                        fail!(e);
                    }
                    self.visible = vis;
                }
                if stop {
                    self.try_ended = true;
                    self.stack.truncate(base);
                    self.loops.truncate(loops_base);
                    return Flow::Ret(v);
                }
                self.stack.push(v);
            }
            Op::OnExit { region, add } => {
                let start = code.exits[region as usize];
                if let Some(act) = self.frames.last_mut() {
                    if !add {
                        act.on_exit.clear();
                    }
                    act.on_exit.push(start);
                }
            }
            Op::Raise(ci) => {
                let msg = pop!();
                let text = match msg.as_vector().map(|v| v.data.clone()) {
                    Some(VecData::Str(s)) => s
                        .first()
                        .cloned()
                        .flatten()
                        .map(|s| s.to_string())
                        .unwrap_or_default(),
                    _ => String::new(),
                };
                fail!(RError::with_call(
                    text,
                    crate::deparse::deparse(&code.calls[ci as usize])
                ))
            }
            Op::NoLoop(_) => fail!(RError::no_call(
                "no loop for break/next, jumping to top level"
            )),

            _ => unreachable!("hot instruction in exec_slow"),
        }
        Flow::Next
    }
}
