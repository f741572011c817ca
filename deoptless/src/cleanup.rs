//! Feedback cleanup before compiling a continuation (docs/DESIGN.md, step 7).
//!
//! The baseline feedback led to the assumption that just failed, so the
//! continuation must not trust it blindly. The cleanup produces an override
//! map (feedback slot → bits) that the compiler reads instead of the baseline
//! (`compiler::build::Entry::feedback`); the baseline itself is untouched,
//! because the origin version stays in use.
//! 1. Inject the trigger: the failing speculation's slot gets the trigger's type.
//! 2. Overwrite feedback contradicted by the context: every instruction that
//!    reads a local whose context type the feedback would speculate against,
//!    where it can read the entry value (no assignment of the local before).
//! 3. Mark stale the results of the instruction that consumed the failing value
//!    (their feedback was computed from the old type); the compiler does not
//!    speculate on stale feedback and types those values by inference from
//!    their (now typed) operands instead.
//!
//! Branch and overflow failures get feedback that prevents the same
//! speculation: both branch directions, or an NA (overflowed) result.

use crate::context::{DeoptContext, Trigger};
use compiler::build::fb_bits_of;
use compiler::context::ArgType;
use std::collections::BTreeMap;
use vm::bytecode::{FunctionCode, Op, Var};
use vm::feedback::TypeFeedback as T;

/// The type the compiler would speculate from `bits` (mirrors the builder).
fn speculated(bits: u16) -> Option<ArgType> {
    if bits & (T::STALE | T::ATTRS) != 0 {
        return None;
    }
    let types = bits & (T::LGL | T::INT | T::DBL | T::CPLX | T::STR | T::LIST | T::NULL | T::FUN);
    let vector = bits & T::NON_SCALAR != 0;
    Some(match (types, vector) {
        (T::INT, false) if bits & T::NA == 0 => ArgType::Int,
        (T::DBL, false) => ArgType::Dbl,
        (T::LGL, false) => ArgType::Lgl,
        (T::INT, true) => ArgType::VecInt,
        (T::DBL, true) => ArgType::VecDbl,
        (T::LGL, true) => ArgType::VecLgl,
        (T::CPLX, false) => ArgType::Cplx,
        (T::CPLX, true) => ArgType::VecCplx,
        _ => return None,
    })
}

/// Feedback slots of the reads of local `slot` that can see its value at
/// `pc` (the continuation's entry value, whose type the context knows):
/// those reached from `pc` on a path that does not assign the local first.
/// A read after an assignment sees the assigned value, which the context
/// says nothing about: overriding its feedback with the entry value's type
/// (`v <- m[k]; length(v)`, a scalar `v` at the exit, a vector from the read
/// that follows) made every continuation speculate against what the
/// baseline had learned, exit at that read, and deoptimize, up to
/// `MAX_DEOPTS`, after which the function stayed interpreted.
fn entry_reads(code: &FunctionCode, pc: usize, slot: u16) -> Vec<u32> {
    let mut out = Vec::new();
    let mut seen = vec![false; code.ops.len()];
    let mut work = vec![pc];
    while let Some(p) = work.pop() {
        if p >= code.ops.len() || std::mem::replace(&mut seen[p], true) {
            continue;
        }
        let op = &code.ops[p];
        match *op {
            Op::LoadLocal(s, fb) if s == slot => out.push(fb),
            Op::ArithLocal(_, s, _, fb) if s == slot => out.push(fb + 1),
            Op::IndexLocals { x, i, j, fb, .. } => {
                for (k, s) in [x, i, j].into_iter().enumerate() {
                    if s == slot {
                        out.push(fb + 1 + k as u32);
                    }
                }
            }
            // (The loop variable's feedback, the elements it is assigned.)
            Op::ForStep { var, fb, .. } if matches!(var.get(), Var::Local(s) if s == slot) => {
                out.push(fb);
                continue;
            }
            Op::StoreLocal(s) if s == slot => continue,
            _ => {}
        }
        work.extend(code.successors(p));
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// The result feedback slot of the instruction at `pc`, if it has one.
fn result_slot(op: &Op) -> Option<u32> {
    match *op {
        Op::Arith(_, _, fb)
        | Op::ArithLocal(_, _, _, fb)
        | Op::Cmp(_, _, fb)
        | Op::Neg(_, fb)
        | Op::Index { fb, .. }
        | Op::Index2 { fb, .. }
        | Op::IndexLocals { fb, .. } => Some(fb),
        _ => None,
    }
}

/// The feedback a continuation for `ctx` is compiled with (overrides of the
/// baseline). `failing` is the feedback slot of the failed type speculation
/// with the feedback bits of the value that failed it (at least as precise as
/// the context's trigger type). `held`: a chaos exit, whose assumption held:
/// nothing about the failing instruction changed, so only contradicted local
/// feedback is cleaned (and continuations of chaos exits at one loop share its
/// transfer code, compiled with the same feedback).
pub fn cleaned_feedback(
    code: &FunctionCode,
    ctx: &DeoptContext,
    failing: Option<(u32, u16)>,
    held: bool,
) -> BTreeMap<u32, u16> {
    let mut fb = BTreeMap::new();
    let base = |k: u32| code.type_fb.get(k as usize).map_or(0, |c| c.get().0);
    // 2. Contradicted local feedback.
    for (slot, t) in ctx.locals.iter().enumerate() {
        let Some(t) = *t else { continue };
        for k in entry_reads(code, ctx.pc as usize, slot as u16) {
            if let Some(s) = speculated(base(k)) {
                if !t.fits(s) {
                    fb.insert(k, fb_bits_of(t));
                }
            }
        }
    }
    if held {
        return fb;
    }
    let op = code.ops.get(ctx.pc as usize);
    match ctx.trigger {
        Trigger::Type(t) => {
            // 1. The trigger, and 3. stale results of its consumer.
            if let Some((k, observed)) = failing {
                let bits = if t == ArgType::Any {
                    observed
                } else {
                    fb_bits_of(t)
                };
                fb.insert(k, bits);
            }
            if let Some(k) = op.and_then(result_slot) {
                fb.insert(k, base(k) | T::STALE);
            }
        }
        Trigger::Branch => {
            if let Some(Op::BranchFalse(_, _, k)) = op {
                fb.insert(*k, base(*k) | T::TAKEN | T::NOT_TAKEN);
            }
        }
        Trigger::Overflow => {
            if let Some(k) = op.and_then(result_slot) {
                fb.insert(k, base(k) | T::NA);
            }
        }
        // Nothing to clean: the continuation does not inline the call at its
        // entry (`Entry::no_inline`).
        Trigger::Callee => {}
    }
    fb
}

/// The overrides as text for dumps: `#slot: bits` with stale marks.
pub fn describe(fb: &BTreeMap<u32, u16>) -> String {
    let parts: Vec<String> = fb
        .iter()
        .map(|(k, b)| format!("#{}={}", k, T(*b)))
        .collect();
    parts.join(" ")
}
