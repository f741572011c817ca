//! Generic operations: `rt_generic` runs the interpreter's own
//! implementation of a bytecode instruction on boxed operands, with fast
//! paths for calls (direct calls of compiled code, builtins without a
//! frame), record fields, list loops and scalar arithmetic.

use super::{clear, ctx, set, ExitHandler, FreeVarSite, NativeFrame, FREE_GLOBAL, ST_ERROR, ST_OK};
use std::rc::Rc;
use vm::bytecode::FunctionCode;
use vm::interp::Interp;
use vm::value::*;

/// In an `rt_generic` operand: take the value out of the slot (leaving NULL)
/// instead of cloning it, because this is its last use (`passes::liveness`).
/// An unshared vector can then be updated in place.
pub const MOVE_OPERAND: u32 = 1 << 31;

/// The generic implementation of bytecode instruction `pc` on the boxed
/// operands in slots `args[..n]` (each possibly marked `MOVE_OPERAND`),
/// result into slot `dst`.
pub extern "C" fn rt_generic(
    c: *mut NativeFrame,
    pc: u32,
    args: *const u32,
    n: u32,
    dst: u32,
) -> u32 {
    let c = unsafe { ctx(c) };
    let slots = operand_slots(args, n);
    unsafe { &mut *c.interp }.stats.count_generic(&c.code, pc);
    let op = c.code.ops[pc as usize];

    // (Calls come from `rt_call`, which makes those of closures.)
    // (A closure's reads of and `<<-` to the variables of the function it
    // was made in come here from `rt_free_load`/`rt_free_store` when their
    // cached slot did not serve.)
    // Arithmetic, indexing, stores...: the instructions that need no frame
    // (but a parameter's or an unbound local's read, `generic_op`'s).
    let local_read = matches!(
        op,
        vm::bytecode::Op::ArithLocal(..) | vm::bytecode::Op::IndexLocals { .. }
    ) && n <= 1;
    if !Interp::generic_on_stack(&op) && !local_read {
        return frame_free_op(c, pc, op, slots, dst);
    }
    generic_op(c, pc, op, slots, dst)
}

/// The `n` operand slot numbers compiled code passes at `args` (the
/// entries' shared calling convention; `args` may dangle when `n` is 0).
fn operand_slots<'a>(args: *const u32, n: u32) -> &'a [u32] {
    if n == 0 {
        &[]
    } else {
        // SAFETY: compiled code passes `n` slot numbers at `args`, alive
        // for the runtime call.
        unsafe { std::slice::from_raw_parts(args, n as usize) }
    }
}

/// `RtOp::Call`: the call at `pc` (operand slots: the function, then the
/// arguments). A closure called with positional (or simply named)
/// arguments is called here (`call_positional`: its compiled code without
/// a frame, or the interpreter), without `rt_generic`'s dispatch, and is
/// not counted as a generic operation; anything else is `rt_generic`'s.
pub extern "C" fn rt_call(c: *mut NativeFrame, pc: u32, args: *const u32, n: u32, dst: u32) -> u32 {
    let cr = unsafe { ctx(c) };
    if let vm::bytecode::Op::Call { spec, call, fb, .. } = cr.code.ops[pc as usize] {
        let slots = operand_slots(args, n);
        if let Some(st) = call_positional(cr, slots, spec, call, fb, dst) {
            return st;
        }
        // A builtin: its scalar entry or `Interp::call_value`, counted as a
        // generic operation (the interpreter's implementation runs).
        unsafe { &mut *cr.interp }.stats.count_generic(&cr.code, pc);
        if let Some(st) = call_builtin(cr, slots, spec, call, fb, dst, pc) {
            return st;
        }
        return generic_op(cr, pc, cr.code.ops[pc as usize], slots, dst);
    }
    rt_generic(c, pc, args, n, dst)
}

/// `RtOp::FreeLoad`: the `LoadName` at `pc` (no operands) of a variable
/// that is not one of the function's locals. A closure's free variable
/// that the site's cache finds in the enclosing function frame is read
/// there, without `rt_generic`'s dispatch (a small function: its entry and
/// exit are most of a read's cost); anything else is `rt_generic`'s.
pub extern "C" fn rt_free_load(
    c: *mut NativeFrame,
    pc: u32,
    args: *const u32,
    n: u32,
    dst: u32,
) -> u32 {
    let cr = unsafe { ctx(c) };
    if let vm::bytecode::Op::LoadName(sym, fb) = cr.code.ops[pc as usize] {
        if n == 0 {
            if let Some(v) = free_var(cr, pc, sym) {
                vm::feedback::TypeFeedback::record(&cr.code.type_fb[fb as usize], &v);
                set(cr, dst, v);
                return ST_OK;
            }
        }
    }
    rt_generic(c, pc, args, n, dst)
}

/// Where the variable of free-variable site `pc` (a `LoadName` or
/// `StoreSuper`) is bound for this activation: the address of its slot in
/// the enclosing function frame (`Option<Value>`, laid out as a `Value`),
/// bound or not; null when the site's variable is not in such a slot (one
/// of the activation's own locals, the global environment, another frame).
/// The compiled code keeps it for the rest of the activation
/// (`lower::free`): the closure keeps that frame alive, and a live frame's
/// slots are never reallocated.
pub extern "C" fn rt_free_slot(c: *mut NativeFrame, pc: u32) -> *mut Value {
    let c = unsafe { ctx(c) };
    let sym = match c.code.ops[pc as usize] {
        vm::bytecode::Op::LoadName(sym, _) => sym,
        // (`<<-` from top-level code assigns in the global environment.)
        vm::bytecode::Op::StoreSuper(sym) if !c.code.top_level => sym,
        _ => return std::ptr::null_mut(),
    };
    let Some(enclosing) = c.enclosing_env() else {
        return std::ptr::null_mut();
    };
    if enclosing.is_global() {
        return std::ptr::null_mut();
    }
    match free_var_slot(c, pc, sym, enclosing) {
        Some(k) if k != FREE_GLOBAL => {
            let slots = enclosing.slots.as_ptr();
            // SAFETY: no borrow of the slots is live (compiled code runs);
            // `k` is a slot of the frame's layout, which sized them.
            let slots = unsafe { &mut *slots };
            match slots.get_mut(k as usize) {
                Some(slot) => (slot as *mut Option<Value>).cast::<Value>(),
                None => std::ptr::null_mut(),
            }
        }
        _ => std::ptr::null_mut(),
    }
}

/// `RtOp::FreeStore`: the `StoreSuper` at `pc` (`x <<- v`, the value in
/// the one operand slot). A binding of the enclosing function frame that
/// the site's cache knows is assigned in place (`store_free_var`); anything
/// else is `rt_generic`'s.
pub extern "C" fn rt_free_store(
    c: *mut NativeFrame,
    pc: u32,
    args: *const u32,
    n: u32,
    dst: u32,
) -> u32 {
    let cr = unsafe { ctx(c) };
    if let vm::bytecode::Op::StoreSuper(sym) = cr.code.ops[pc as usize] {
        if n == 1 && store_free_var(cr, pc, sym, operand_slots(args, n)[0]) {
            set(cr, dst, Value::Null);
            return ST_OK;
        }
    }
    rt_generic(c, pc, args, n, dst)
}

/// The value of free variable `sym` read by the `LoadName` at `pc`, when
/// the site's cache (`FreeVarSite`) says where it is and it is bound
/// there; else looked up (`None`: not found, for the generic path to
/// report), and where it was found remembered: in the enclosing frame, or
/// in the global environment when that frame is a function frame whose
/// layout does not have it (it cannot bind it) and its parent is global.
#[inline(never)]
fn free_var(c: &NativeFrame, pc: u32, sym: vm::symbols::SymId) -> Option<Value> {
    let enclosing = c.enclosing_env()?;
    match free_var_slot(c, pc, sym, enclosing)? {
        FREE_GLOBAL => enclosing.parent.as_ref()?.get_local(sym),
        k => enclosing.slots.borrow().get(k as usize).cloned().flatten(),
    }
}

/// Where free variable `sym` of the site at `pc` is, as the site's cache
/// (`FreeVarSite`) knows it for the layout of `enclosing` (the closure's
/// enclosing frame), looked up and remembered on another layout: a slot of
/// the layout, or `FREE_GLOBAL` when the layout does not have it and the
/// frame's parent is the global environment. `None`: neither, or `sym` is
/// one of the activation's own locals. Shared by reads (`free_var`) and
/// `<<-` (`store_free_var`).
fn free_var_slot(
    c: &NativeFrame,
    pc: u32,
    sym: vm::symbols::SymId,
    enclosing: &vm::env::Env,
) -> Option<u32> {
    let site = c.site_caches()?.free_vars.get(pc as usize)?;
    let names = enclosing.layout.as_ref()?;
    let layout = Rc::as_ptr(names) as *const u8 as usize;
    let cached = site.get();
    if cached.layout == layout {
        return Some(cached.slot);
    }
    if c.code.locals.contains(&sym) {
        return None;
    }
    let slot = match names.iter().position(|&s| s == sym) {
        Some(k) => k as u32,
        None if enclosing.parent.as_ref().is_some_and(|p| p.is_global()) => FREE_GLOBAL,
        None => return None,
    };
    site.set(FreeVarSite { layout, slot });
    Some(slot)
}

/// `x <<- v` (`StoreSuper` at `pc`, the value in operand slot `s`) when
/// the site's cache (`FreeVarSite`, shared with the reads of `free_var`)
/// says that the closure's enclosing frame binds `sym` in a slot of its
/// layout (a function's frame, not the global environment), and it is
/// bound there: that binding is the one `<<-` assigns
/// (the activation's own frame, where the interpreter's `super_assign`
/// starts, is below it and is skipped by `<<-`). False: not known so (the
/// global environment, an unbound slot, another layout), for the generic
/// path; nothing was consumed then.
#[inline(never)]
fn store_free_var(c: &mut NativeFrame, pc: u32, sym: vm::symbols::SymId, s: u32) -> bool {
    if c.code.top_level {
        return false;
    }
    let Some(enclosing) = c.enclosing_env() else {
        return false;
    };
    // (A global binding's write is counted: `EnvFrame::set_local`.)
    if enclosing.is_global() {
        return false;
    }
    let k = match free_var_slot(c, pc, sym, enclosing) {
        Some(k) if k != FREE_GLOBAL => k as usize,
        _ => return false,
    };
    if !matches!(enclosing.slots.borrow().get(k), Some(Some(_))) {
        return false;
    }
    let v = operand(&mut c.anys, s);
    let Some(enclosing) = c.enclosing_env() else {
        return false;
    };
    // (The old value is dropped after the borrow ends.)
    let old = enclosing.slots.borrow_mut()[k].replace(v);
    drop(old);
    true
}

/// `rt_generic` of any operation but a closure's positional call.
#[inline(never)]
fn generic_op(c: &mut NativeFrame, pc: u32, op: vm::bytecode::Op, slots: &[u32], dst: u32) -> u32 {
    let n = slots.len() as u32;
    match op {
        vm::bytecode::Op::Call { spec, call, fb, .. } => {
            if let Some(st) = call_builtin(c, slots, spec, call, fb, dst, pc) {
                return st;
            }
        }
        // A `tryCatch` region (`build::tries`): the interpreter runs it on
        // the frame, with the handlers compiled code evaluated.
        vm::bytecode::Op::TryBegin(_) => {
            let handlers: Vec<Value> = slots.iter().map(|&s| operand(&mut c.anys, s)).collect();
            let env = c.frame().clone();
            let interp = unsafe { &mut *c.interp };
            let r = interp.run_try(&c.code, &env, pc, handlers);
            return finish(c, dst, r);
        }
        // A function lookup that finds one (the generic path reports a
        // failed one).
        // (A parameter's is the interpreter's: it may have to evaluate
        // the parameter's default first, `Interp::unsupplied_param_function`.)
        vm::bytecode::Op::LoadFun(sym, _) if !c.code.locals[..c.code.nparams].contains(&sym) => {
            if let Some(f) = c.load_function(pc, sym) {
                set(c, dst, f);
                return ST_OK;
            }
        }
        // A free variable: looked up from the closure's environment (an
        // activation without its frame binds only its locals, so it is not
        // built for this), or from the frame. An unbound name is left to
        // the interpreter's instruction, which reports it. (Variables that
        // closures capture live in their frames, never in registers.)
        vm::bytecode::Op::LoadName(sym, fb) if n == 0 && !c.code.locals.contains(&sym) => {
            let found = match (&c.env, &c.lazy.closure) {
                (Some(env), _) => env.lookup(sym),
                (None, Some(clo)) => clo.env.lookup(sym),
                (None, None) => None,
            };
            if let Some(v) = found {
                vm::feedback::TypeFeedback::record(&c.code.type_fb[fb as usize], &v);
                set(c, dst, v);
                return ST_OK;
            }
        }
        // Record fields: `x$name` and `x$name <- v` on a list straight through
        // the subset functions (no interpreter dispatch, no operand stack),
        // with the feedback and error attribution `exec_slow` gives them. A
        // record's field (a list whose only attribute is its names) by the
        // shape check of compiled record reads: no name string, no class
        // search.
        vm::bytecode::Op::Dollar(sym, ci, fb) if n == 1 => {
            let found = super::record::field_of_record(c, slots[0], sym, ci)
                .or_else(|| dynamic_env_get(&c.anys, slots[0], sym))
                .or_else(|| {
                    if may_dispatch(&c.anys, slots[0]) {
                        return None;
                    }
                    let x = &c.anys[(slots[0] & !MOVE_OPERAND) as usize];
                    let cache = &c.code.field_caches[ci as usize];
                    vm::builtins::subset::dollar_of_list_cached(x, &sym.name(), cache)
                });
            if let Some(v) = found {
                vm::feedback::TypeFeedback::record(&c.code.type_fb[fb as usize], &v);
                consume(c, slots);
                set(c, dst, v);
                return ST_OK;
            }
        }
        // A nested replacement's `*tmp*$f` (`x$f[i] <- v`): the field moved
        // out of the temporary when nothing shares it (its update is then in
        // place), else a copy, as the interpreter's instruction (a classed
        // temporary exited before: no `$` method here). Two operands (the
        // same value twice): another variable holds the temporary's value
        // in the same slot, so it is copied from, never taken from.
        vm::bytecode::Op::DollarTakeLocal(_, sym, ci, fb) if n <= 2 => {
            let s = (slots[0] & !MOVE_OPERAND) as usize;
            let cache = &c.code.field_caches[ci as usize];
            let taken = (n == 1)
                .then(|| vm::builtins::subset::take_field(&mut c.anys[s], &sym.name(), cache))
                .flatten();
            let r = match taken {
                Some(v) => Ok(v),
                None => {
                    let interp = unsafe { &mut *c.interp };
                    let x = &c.anys[s];
                    interp.as_call(&c.code, ci, |interp| {
                        vm::builtins::subset::dollar(interp, x, &sym.name(), cache)
                    })
                }
            };
            if let Ok(v) = &r {
                vm::feedback::TypeFeedback::record(&c.code.type_fb[fb as usize], v);
            }
            return finish(c, dst, unwound(r, &c.code, pc));
        }
        // A local read where it is bound on no path: the enclosing
        // environments' binding, as R looks it up (unbound: the
        // interpreter's instruction reports it).
        // (Also the object of a `TakeLocal`, `ArithLocal` or `IndexLocals`.)
        vm::bytecode::Op::LoadLocal(slot, _)
        | vm::bytecode::Op::TakeLocal(slot)
        | vm::bytecode::Op::ArithLocal(_, slot, _, _)
        | vm::bytecode::Op::IndexLocals { x: slot, .. }
            if n == 0 =>
        {
            let sym = c.code.locals[slot as usize];
            let found = c.enclosing_env().and_then(|e| e.lookup(sym));
            let r = match found {
                Some(v) => {
                    if let vm::bytecode::Op::LoadLocal(_, fb) = op {
                        vm::feedback::TypeFeedback::record(&c.code.type_fb[fb as usize], &v);
                    }
                    Ok(v)
                }
                None => {
                    // (The error names this activation's call: its frame
                    // is built first.)
                    c.frame();
                    let interp = unsafe { &*c.interp };
                    Err(interp.not_found_at(sym, Some((&c.code, pc as usize))))
                }
            };
            return finish(c, dst, unwound(r, &c.code, pc));
        }
        // A read of a parameter that may be missing (`Builder::force_param`):
        // its value when bound, else its default evaluated in the frame
        // (the locals are there), or R's error for a missing argument.
        // (Also before a `TakeLocal`, `ArithLocal` or `IndexLocals` of it.)
        vm::bytecode::Op::LoadLocal(slot, _)
        | vm::bytecode::Op::TakeLocal(slot)
        | vm::bytecode::Op::ArithLocal(_, slot, _, _)
        | vm::bytecode::Op::IndexLocals { x: slot, .. }
            if n == 1 =>
        {
            let s = slots[0];
            if !c.unbound[(s & !MOVE_OPERAND) as usize] {
                let v = operand(&mut c.anys, s);
                set(c, dst, v);
                return ST_OK;
            }
            let env = c.frame().clone();
            let interp = unsafe { &mut *c.interp };
            let r = interp.force_param(&c.code, &env, slot as usize, pc as usize);
            if let (Ok(v), vm::bytecode::Op::LoadLocal(_, fb)) = (&r, op) {
                vm::feedback::TypeFeedback::record(&c.code.type_fb[fb as usize], v);
            }
            return finish(c, dst, unwound(r, &c.code, pc));
        }
        // `missing(x)`: the bit of the activation (a frameless one keeps
        // its own; a built one is the innermost activation while its code
        // runs).
        vm::bytecode::Op::Missing(slot) if n == 0 => {
            let bit = 1u64.checked_shl(slot as u32).unwrap_or(0);
            let bits = match &c.env {
                None => Some(c.lazy.missing),
                Some(env) => {
                    let interp = unsafe { &*c.interp };
                    interp
                        .frames
                        .last()
                        .filter(|a| Rc::ptr_eq(&a.env, env))
                        .map(|a| a.missing)
                }
            };
            if let Some(bits) = bits {
                set(c, dst, Value::Lgl((bits & bit != 0) as i32));
                return ST_OK;
            }
        }
        // `e$name <- v` on an environment made by `new.env()`: bound there
        // (no frame: nothing compiled keeps such a binding in a register).
        vm::bytecode::Op::SetDollar(sym, _)
            if n == 2 && dynamic_env(&c.anys, slots[1]).is_some() =>
        {
            let v = operand(&mut c.anys, slots[0]);
            let e = operand(&mut c.anys, slots[1]);
            if let Value::Env(env) = &e {
                env.set_local(sym, v);
            }
            set(c, dst, e);
            return ST_OK;
        }
        // A record's field updated in place (no argument list, no copy).
        vm::bytecode::Op::SetDollar(sym, ci)
            if n == 2 && super::record::set_field_in_place(c, slots[0], slots[1], dst, sym, ci) =>
        {
            return ST_OK;
        }
        vm::bytecode::Op::SetDollar(sym, ci)
            if n == 2 && is_list(&c.anys, slots[1]) && !may_dispatch(&c.anys, slots[1]) =>
        {
            let v = operand(&mut c.anys, slots[0]);
            let x = operand(&mut c.anys, slots[1]);
            let interp = unsafe { &mut *c.interp };
            let r = interp.as_call(&c.code, ci, |interp| {
                let cache = &c.code.field_caches[ci as usize];
                vm::builtins::subset::assign_dollar(interp, x, &sym.name(), v, cache)
            });
            return finish(c, dst, unwound(r, &c.code, pc));
        }
        _ => {}
    }
    // The interpreter's instruction may run R code or look at the call
    // stack: the activation needs its frame now.
    let env = c.frame().clone();
    let interp = unsafe { &mut *c.interp };
    // Straight onto the interpreter's operand stack (no operand vector).
    let anys = &mut c.anys;
    let r = interp.exec_generic_pushed(&c.code, &env, pc as usize, |stack| {
        stack.extend(slots.iter().map(|&s| operand(anys, s)))
    });
    finish(c, dst, unwound(r, &c.code, pc))
}

/// `rt_generic` of an instruction that needs no frame (not
/// `Interp::generic_on_stack`): its fast paths on the operands in place,
/// else the interpreter's implementation (`Interp::exec_frame_free`).
/// Apart from `generic_op`, whose many cases cost every operation a
/// large stack frame and a walk past them.
fn frame_free_op(
    c: &mut NativeFrame,
    pc: u32,
    op: vm::bytecode::Op,
    slots: &[u32],
    dst: u32,
) -> u32 {
    let n = slots.len() as u32;
    // The next element of a `for` loop over a list or character vector,
    // read in place (no operand vector).
    if let vm::bytecode::Op::ForStep { .. } = op {
        if n == 2 {
            if let Value::Int(k @ 1..) = c.anys[(slots[1] & !MOVE_OPERAND) as usize] {
                let seq = &c.anys[(slots[0] & !MOVE_OPERAND) as usize];
                let v = vm::interp::seq_elt(seq, k as usize - 1);
                consume(c, slots);
                set(c, dst, v);
                return ST_OK;
            }
        }
    }
    // `x[i] <- v` / `x[[i]] <- v` into an unshared vector this operation
    // consumes (x moved at its last use: operands v, i, x), with an in-range
    // scalar index: in place, as the interpreter's fast path (a list
    // element store included, which compiled code has no typed store for).
    if let (
        vm::bytecode::Op::SetIndex {
            n: 1, empty: 0, fb, ..
        }
        | vm::bytecode::Op::SetIndex2 {
            n: 1, empty: 0, fb, ..
        },
        &[vs, is, xs],
    ) = (op, slots)
    {
        if xs & MOVE_OPERAND != 0 {
            let xslot = (xs & !MOVE_OPERAND) as usize;
            let mut x = std::mem::replace(&mut c.anys[xslot], Value::Null);
            let (i, v) = (
                &c.anys[(is & !MOVE_OPERAND) as usize],
                &c.anys[(vs & !MOVE_OPERAND) as usize],
            );
            // (The profile of x before the store, as the interpreter's.)
            let before = vm::feedback::TypeFeedback::of(&x);
            let is2 = matches!(op, vm::bytecode::Op::SetIndex2 { .. });
            if vm::interp::fast_assign(&mut x, i, v, is2) {
                vm::feedback::TypeFeedback::record_bits(&c.code.type_fb[fb as usize], before);
                consume(c, &slots[..2]);
                set(c, dst, x);
                return ST_OK;
            }
            c.anys[xslot] = x;
        }
    }
    // Scalar arithmetic and indexing: on the operands in place, no clones.
    if n <= 3 {
        let fast = {
            let mut refs: [&Value; 3] = [&Value::Null; 3];
            for (k, &s) in slots.iter().enumerate() {
                refs[k] = &c.anys[(s & !MOVE_OPERAND) as usize];
            }
            vm::interp::fast_generic(op, &refs[..slots.len()])
        };
        if let Some(v) = fast {
            consume(c, slots);
            set(c, dst, v);
            return ST_OK;
        }
    }
    // Two operands (arithmetic, comparison, one index): by reference.
    if let &[a, b] = slots {
        let interp = unsafe { &mut *c.interp };
        let (x, y) = (
            &c.anys[(a & !MOVE_OPERAND) as usize],
            &c.anys[(b & !MOVE_OPERAND) as usize],
        );
        if let Some(r) = interp.exec_frame_free_refs(&c.code, pc as usize, x, y) {
            consume(c, slots);
            return finish(c, dst, unwound(r, &c.code, pc));
        }
    }
    // No frame needed (a warning builds it through `Interp::observe_frames`),
    // with or without one (OSR-in code's activation has its frame).
    let interp = unsafe { &mut *c.interp };
    let anys = &mut c.anys;
    let r = interp.exec_frame_free(&c.code, pc as usize, |stack| {
        stack.extend(slots.iter().map(|&s| operand(anys, s)))
    });
    finish(c, dst, unwound(r, &c.code, pc))
}

/// An error of the instruction at `pc` leaves it without a handler
/// (compiled code has none): its traceback gains the closure calls whose
/// arguments the instruction evaluated, as the interpreter's unwinding does.
fn unwound(
    r: vm::error::RResult<Value>,
    code: &FunctionCode,
    pc: u32,
) -> vm::error::RResult<Value> {
    r.map_err(|mut e| {
        Interp::unwind_at_pc(&mut e, code, pc as usize);
        e
    })
}

/// A runtime operation's result into slot `dst` (`ST_OK`), or its error
/// into `NativeFrame::error` (`ST_ERROR`).
fn finish(c: &mut NativeFrame, dst: u32, r: vm::error::RResult<Value>) -> u32 {
    match r {
        Ok(v) => {
            set(c, dst, v);
            ST_OK
        }
        Err(e) => {
            c.error = Some(e);
            ST_ERROR
        }
    }
}

/// A call (operand slots: the function, then the arguments) of a closure
/// with positional arguments only: bound straight into the callee's frame
/// (`Interp::call_closure_positional`), without the generic path's operand
/// vector, argument list and matching. Feedback and error attribution are
/// the interpreter's (`Op::Call` in `exec_slow`). `None`: anything else (a
/// builtin, named or `...` arguments, a callee with `...`), left to the
/// generic path; nothing was consumed then.
fn call_positional(
    c: &mut NativeFrame,
    slots: &[u32],
    spec: u32,
    call: u32,
    fb: u32,
    dst: u32,
) -> Option<u32> {
    let (&fslot, supplied) = slots.split_first()?;
    let clo = match &c.anys[(fslot & !MOVE_OPERAND) as usize] {
        Value::Closure(clo) => clo.clone(),
        _ => return None,
    };
    // SAFETY: an activation's code is not replaced while it runs (and the
    // frame keeps it alive): no reference count per call.
    let code: &Rc<FunctionCode> = unsafe { &*std::ptr::addr_of!(c.code) };
    let specs = &code.arg_specs[spec as usize];
    let positional = specs.len() == supplied.len()
        && specs
            .iter()
            .all(|s| matches!(s, vm::bytecode::ArgSpec::Positional))
        && Interp::positional_ok(&clo, supplied.len());
    let matched;
    let (args, defaults): (&[u32], bool) = if positional {
        (supplied, false)
    } else {
        matched = match_named(&clo, specs, supplied)?;
        (&matched, matched.contains(&NO_ARG))
    };
    code.call_fb[fb as usize]
        .borrow_mut()
        .record(&c.anys[(fslot & !MOVE_OPERAND) as usize]);
    let interp = unsafe { &mut *c.interp };
    let saved = interp.cur_call_saved();
    // Straight to the callee's compiled code when it has a version for
    // these arguments (no frame unless it is observed), else through the
    // interpreter, whose activation of the callee sits on this one's.
    let direct = if !calls_want_frame(&clo.code) {
        // SAFETY: as `code`: the handler is the activation's for its lifetime.
        let handler: &Rc<dyn ExitHandler> = unsafe { &*std::ptr::addr_of!(c.handler) };
        if args.len() == clo.code.nparams {
            handler.call_direct(interp, c, &clo, args, defaults, call)
        } else {
            call_with_defaults(handler, interp, c, &clo, args, call)
        }
    } else {
        None
    };
    let r = match direct {
        Some(r) => r,
        None => {
            c.frame();
            let anys = &mut c.anys;
            let values = args
                .iter()
                .map(|&s| (s != NO_ARG).then(|| operand(anys, s)));
            interp.call_closure_matched(
                &clo,
                values,
                vm::interp::CallSite::Code(code.clone(), call),
            )
        }
    };
    interp.restore_cur_call(saved);
    if fslot & MOVE_OPERAND != 0 {
        clear(&mut c.anys[(fslot & !MOVE_OPERAND) as usize]);
    }
    Some(match r {
        Ok(v) => {
            code.call_fb[fb as usize].borrow_mut().record_result(&v);
            set(c, dst, v);
            ST_OK
        }
        Err(e) => {
            let mut e = interp.attribute(e, code, call);
            Interp::unwind_at_call(&mut e, code, call);
            c.error = Some(e);
            ST_ERROR
        }
    })
}

/// `call_direct` of a call that supplies fewer arguments than `clo` has
/// parameters (the rest `NO_ARG`: their literal defaults).
#[inline(never)]
fn call_with_defaults(
    handler: &Rc<dyn ExitHandler>,
    interp: &mut Interp,
    c: &mut NativeFrame,
    clo: &Rc<Closure>,
    args: &[u32],
    call: u32,
) -> Option<vm::error::RResult<Value>> {
    let mut full: smallvec::SmallVec<[u32; 8]> = smallvec::SmallVec::from_slice(args);
    full.resize(clo.code.nparams, NO_ARG);
    handler.call_direct(interp, c, clo, &full, true, call)
}

/// An argument a call does not supply (in a matched argument list): the
/// callee's literal default is bound (`FunctionCode::default_values`), or
/// the parameter is missing (its default evaluated at its first read).
pub const NO_ARG: u32 = u32::MAX;

/// R's matching of a call's arguments (`specs`, in operand slots
/// `supplied`) to `clo`'s formals when some are named, if it is simple
/// enough to do here: names that equal a formal's exactly (no partial
/// matching, no `...`, no S3 dispatch), positional arguments filling the
/// other formals in order, and `NO_ARG` for each formal left (its literal
/// default, or missing: `ArgType::Missing`). One slot per formal; `None`:
/// the interpreter's matching must do it (and reports what is wrong).
#[inline(never)]
fn match_named(
    clo: &Closure,
    specs: &[vm::bytecode::ArgSpec],
    supplied: &[u32],
) -> Option<smallvec::SmallVec<[u32; 8]>> {
    use vm::bytecode::ArgSpec;
    let np = clo.code.nparams;
    if specs.len() != supplied.len() || !Interp::positional_ok(clo, 0) || np > 64 {
        return None;
    }
    let mut order: smallvec::SmallVec<[u32; 8]> = smallvec::smallvec![NO_ARG; np];
    for (s, &slot) in specs.iter().zip(supplied) {
        if let ArgSpec::Named(sym) = s {
            let k = clo.params.iter().position(|p| *p.name == *sym.name())?;
            if order[k] != NO_ARG {
                return None;
            }
            order[k] = slot;
        }
    }
    let mut next = 0;
    for (s, &slot) in specs.iter().zip(supplied) {
        match s {
            ArgSpec::Positional => {
                while order.get(next)? != &NO_ARG {
                    next += 1;
                }
                order[next] = slot;
            }
            ArgSpec::Named(_) => {}
            _ => return None,
        }
    }
    Some(order)
}

/// A call of a builtin from compiled code: straight to `Interp::call_value`
/// (no operand stack, no argument collection by the interpreter's loop),
/// with the feedback and error attribution of `Op::Call` in `exec_slow`. An
/// activation running without its frame runs the builtin without one too
/// (what reads the frames builds them first, `Interp::observe_frames`).
/// `None`: the callee is not a builtin; nothing was consumed.
fn call_builtin(
    c: &mut NativeFrame,
    slots: &[u32],
    spec: u32,
    call: u32,
    fb: u32,
    dst: u32,
    pc: u32,
) -> Option<u32> {
    let (&fslot, args) = slots.split_first()?;
    if !matches!(c.operand_ref(fslot), Value::Builtin(_)) {
        return None;
    }
    let f = operand(&mut c.anys, fslot);
    let code = c.code.clone();
    code.call_fb[fb as usize].borrow_mut().record(&f);
    let specs = &code.arg_specs[spec as usize];
    if let Value::Builtin(id) = f {
        if let Some(st) = make_list(c, id, specs, args, &code, fb, dst) {
            return Some(st);
        }
    }
    let interp = unsafe { &mut *c.interp };
    let site = vm::interp::CallSite::Code(code.clone(), call);
    let saved = interp.cur_call_saved();
    // Positional arguments: the builtin's scalar entry on the operands in
    // place, if it has one that applies (no argument list).
    let scalar = match f {
        Value::Builtin(id)
            if specs
                .iter()
                .all(|s| matches!(s, vm::bytecode::ArgSpec::Positional)) =>
        {
            let anys = &c.anys;
            let operands = args.iter().map(|&s| &anys[(s & !MOVE_OPERAND) as usize]);
            interp.call_builtin_scalar(id, operands, &site)
        }
        _ => None,
    };
    let r = match scalar {
        Some(r) => {
            consume(c, args);
            r
        }
        None => {
            let mut values = vm::args::Args {
                values: Vec::with_capacity(args.len()),
                names: Vec::with_capacity(args.len()),
            };
            for (spec, &s) in specs.iter().zip(args) {
                vm::interp::push_arg(&mut values, spec, operand(&mut c.anys, s));
            }
            interp.call_value(&f, values, site)
        }
    };
    interp.restore_cur_call(saved);
    let r = r.map_err(|e| interp.attribute(e, &code, call));
    if let Ok(v) = &r {
        code.call_fb[fb as usize].borrow_mut().record_result(v);
    }
    Some(finish(c, dst, unwound(r, &code, pc)))
}

/// `list(...)` with positional and named arguments (records, tree nodes):
/// the list made from the operands directly, without an argument list, the
/// builtin dispatch and its call-site bookkeeping (`list` raises no error
/// and dispatches on nothing).
fn make_list(
    c: &mut NativeFrame,
    id: u16,
    specs: &[vm::bytecode::ArgSpec],
    args: &[u32],
    code: &Rc<FunctionCode>,
    fb: u32,
    dst: u32,
) -> Option<u32> {
    use vm::bytecode::ArgSpec;
    static LIST: std::sync::OnceLock<Option<u16>> = std::sync::OnceLock::new();
    let list = *LIST.get_or_init(|| vm::builtin_names::by_name().get("list").copied());
    if Some(id) != list
        || specs.len() != args.len()
        || !specs
            .iter()
            .all(|s| matches!(s, ArgSpec::Positional | ArgSpec::Named(_)))
    {
        return None;
    }
    let values: Vec<Value> = args.iter().map(|&s| operand(&mut c.anys, s)).collect();
    let names: Vec<Option<vm::value::Sym>> = specs
        .iter()
        .map(|s| match s {
            ArgSpec::Named(sym) => Some(sym.name()),
            _ => None,
        })
        .collect();
    let v = vm::builtins::construct::make_list(values, &names);
    code.call_fb[fb as usize].borrow_mut().record_result(&v);
    set(c, dst, v);
    Some(ST_OK)
}

/// Do calls of `code` build its frame up front? The tier's decision
/// (`FunctionCode::calls_want_frame`) holds while the version tables are
/// at the generation it was made at; after, calls are tried without a frame
/// again (the engine's `frame_wanted` starts the new trial).
pub fn calls_want_frame(code: &FunctionCode) -> bool {
    code.calls_want_frame
        .get()
        .is_some_and(|at| at == crate::context::tables_epoch())
}

/// Releases the operands a runtime call consumed (those moved at their last
/// use) after it read them in place.
fn consume(c: &mut NativeFrame, slots: &[u32]) {
    for &s in slots {
        if s & MOVE_OPERAND != 0 {
            clear(&mut c.anys[(s & !MOVE_OPERAND) as usize]);
        }
    }
}

/// `$` and `$<-` on the operand in slot `s` may dispatch to an S3 method
/// (left to the interpreter's instruction, which does that).
/// The environment in operand slot `s` when it is one made by `new.env()`
/// (not a function's frame, nor the global environment, whose bindings
/// compiled code may hold in registers: those are read and written
/// through the interpreter, which syncs them).
fn dynamic_env(anys: &[Value], s: u32) -> Option<&vm::env::Env> {
    match &anys[(s & !MOVE_OPERAND) as usize] {
        Value::Env(e) if e.is_dynamic() => Some(e),
        _ => None,
    }
}

/// `e$name` of such an environment: its binding, or NULL (`$` does not
/// look in enclosing environments).
fn dynamic_env_get(anys: &[Value], s: u32, sym: vm::symbols::SymId) -> Option<Value> {
    dynamic_env(anys, s).map(|e| e.get_local(sym).unwrap_or(Value::Null))
}

fn may_dispatch(anys: &[Value], s: u32) -> bool {
    vm::builtins::subset::dollar_may_dispatch(&anys[(s & !MOVE_OPERAND) as usize])
}

/// The operand in slot `s` is a list (a vector of any attributes).
fn is_list(anys: &[Value], s: u32) -> bool {
    matches!(&anys[(s & !MOVE_OPERAND) as usize], Value::Vec(v) if matches!(v.data, vm::value::VecData::List(_)))
}

/// The value of operand slot `s`: moved out when `MOVE_OPERAND` marks its
/// last use, else cloned.
pub(crate) fn operand(anys: &mut [Value], s: u32) -> Value {
    let slot = (s & !MOVE_OPERAND) as usize;
    if s & MOVE_OPERAND != 0 {
        std::mem::replace(&mut anys[slot], Value::Null)
    } else {
        anys[slot].clone()
    }
}
