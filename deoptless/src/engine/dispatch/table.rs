//! The dispatch table lookup: the continuation for an exit's context, and
//! whether to compile a more specific one (or fall back). It must not know
//! how continuations are compiled or entered.

use super::Fallback;
use crate::context::DeoptContext;
use crate::engine::{Continuation, EngineState, MAX_DEOPTS};
use compiler::runtime::{NativeFrame, RawExit};
use std::rc::Rc;

/// A dispatch table entry: the context a continuation was compiled for, and it.
type Found = Option<(DeoptContext, Rc<Continuation>)>;

impl EngineState {
    /// The most specific continuation whose context admits `cur` (if any),
    /// and whether to compile one for `cur` itself.
    pub(super) fn lookup(
        &self,
        c: &NativeFrame,
        raw: &RawExit,
        cur: &DeoptContext,
    ) -> Result<(Found, bool), Fallback> {
        let key = Rc::as_ptr(&c.code);
        let cap = self.config.max_continuations;
        let fns = self.fns.borrow();
        let fi = fns.get(&key);
        // (the entry's context is exactly the current one, its continuation)
        let found = fi
            .and_then(|fi| fi.conts.dispatch(cur))
            .map(|(ctx, k)| (ctx.clone(), k.clone()));
        let len = fi.map_or(0, |fi| fi.conts.len());
        let failed = fi.is_some_and(|fi| fi.failed.contains(cur));
        // After MAX_DEOPTS deoptimizations of the function no new
        // continuations are compiled (cached ones are still used).
        let exhausted = fi.is_some_and(|fi| fi.deopts >= MAX_DEOPTS);
        let compile = match &found {
            // A real failure in a continuation whose own context is the
            // current one: it failed at its entry and would again.
            Some((_, k)) if k.id == c.version && !raw.chaos => return Err(Fallback::NoProgress),
            Some((ctx, _)) => *ctx != *cur && 2 * len < cap && !failed && !exhausted,
            None if failed => return Err(Fallback::CompileFailed),
            None if exhausted => return Err(Fallback::TooManyDeopts),
            None if len >= cap => return Err(Fallback::TableFull),
            None => true,
        };
        Ok((found, compile))
    }
}
