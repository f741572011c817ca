//! The context of an exit: its `DeoptContext` (trigger, stack and local
//! types), read straight from the exit buffer without rebuilding values.
//! It must not know about dispatch tables or continuations.

use super::Fallback;
use crate::context::{DeoptContext, Trigger};
use compiler::context::ArgType;
use compiler::ir::{Reason, Type};
use compiler::runtime::{NativeFrame, RawExit};
use osr::exit::RawExitDecode;

/// The `DeoptContext` of exit `raw` of `c`; `Err(why)` when the exit does
/// not dispatch (it deoptimizes).
pub(super) fn exit_context(c: &NativeFrame, raw: &RawExit) -> Result<DeoptContext, Fallback> {
    let info = raw.info;
    let trigger = match info.reason {
        Reason::TypeCheck => Trigger::Type(
            info.feedback
                .and_then(|(_, k)| word_type(c, raw, k))
                .unwrap_or(ArgType::Any),
        ),
        // (Only a chaos exit: a real one is not dispatched, see `dispatch`.)
        Reason::DeadBranch | Reason::FrameObserved => Trigger::Branch,
        Reason::Overflow => Trigger::Overflow,
        // A function was redefined: a global assumption of the version
        // changed, so it deoptimizes (and is retired, see `exit`). A
        // chaos failure of the guard dispatches like any other exit.
        Reason::CallTarget if !raw.chaos => return Err(Fallback::CallTarget),
        Reason::CallTarget => Trigger::Callee,
        // Handled before dispatching (`transfer`).
        Reason::Transfer => return Err(Fallback::Transfer),
    };
    if info.nstack > crate::context::MAX_STACK || info.locals.len() > crate::context::MAX_LOCALS {
        return Err(Fallback::StateTooLarge);
    }
    // The context, straight from the exit buffer (no values are rebuilt).
    let mut k = 0;
    let mut stack = Vec::with_capacity(info.nstack);
    for _ in 0..info.nstack {
        stack.push(word_type(c, raw, k).ok_or(Fallback::UnboundStackValue)?);
        k += 1;
    }
    let mut locals = Vec::with_capacity(info.locals.len());
    for &present in &info.locals {
        if present {
            locals.push(word_type(c, raw, k));
            k += 1;
        } else {
            locals.push(None);
        }
    }
    let cur = DeoptContext {
        pc: info.pc,
        reason: info.reason,
        trigger,
        stack,
        locals,
        loop_steps: info.loop_steps.clone(),
    };
    Ok(cur)
}

/// The type a context gives exit-buffer word `k` (`None`: unbound).
fn word_type(c: &NativeFrame, raw: &RawExit, k: usize) -> Option<ArgType> {
    let w = raw.words[k];
    Some(match raw.info.types[k] {
        Type::Int if w as u32 as i32 == vm::value::NA_INTEGER => ArgType::Any,
        Type::Int => ArgType::Int,
        Type::Dbl => ArgType::Dbl,
        Type::Lgl | Type::Bool => ArgType::Lgl,
        Type::Cplx => ArgType::Cplx,
        _ => return raw.any(c, k).map(ArgType::of),
    })
}
