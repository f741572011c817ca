//! `tryCatch` regions: run by the interpreter, called from compiled code.
//!
//! Compiled code has no handlers: an R error leaves it. A `tryCatch` in a
//! function (or a loop) would otherwise keep the whole function in the
//! interpreter. Instead, the region — its `TryBegin` … `TryEnd`, the
//! handlers' calls and its `finally` — is one runtime operation
//! (`Interp::run_try`): the interpreter runs it on the activation's frame,
//! and the compiled code goes on after it with its value. Every local is
//! written to the frame before (the region reads them there) and read back
//! after (it may assign any of them; a callee may too, through
//! `parent.frame()`). The cost is a frame and the interpreter's speed for
//! the region only, which is what it had before, plus two frame accesses
//! per local.
//!
//! A `return()` in the region ends the function: `run_try` reports it as
//! an `ErrKind::Return` "error" carrying the value, which leaves the
//! compiled code as errors do and becomes the activation's result at its
//! native entry. A region that a `break` or `next` leaves is not compiled:
//! the interpreter would go on past the region's end, which `run_try`
//! cannot hand back to compiled code.

use super::*;

impl<'a> Builder<'a> {
    /// `TryBegin(i)` at `pc`: the whole region as one runtime call, then on
    /// at the code after it (`TryInfo::end`), the region's value pushed.
    pub(super) fn try_region(
        &mut self,
        bb: Block,
        pc: usize,
        mut st: State,
        i: u32,
    ) -> Result<(), Unsupported> {
        let info = &self.code.tries[i as usize];
        let end = info.end as usize;
        let nh = info.handler_count();
        if !self.region_is_closed(pc, i) {
            return Err(Unsupported(format!(
                "tryCatch region at pc {} left by break or next",
                pc
            )));
        }
        let k = st.stack.len() - nh;
        let handlers: Vec<Val> = st.stack[k..].iter().map(|a| a.val).collect();
        self.store_all(bb, &st);
        let r = self.runtime(bb, pc, &handlers);
        st.stack.truncate(k);
        self.reload_all(bb, &mut st);
        st.stack.push(AbsVal::new(r));
        self.jump_from(bb, 0, end, st)
    }

    /// Does every path through region `i` (from its `TryBegin` at `begin`)
    /// reach its `TryEnd` or return: no jump out of it?
    fn region_is_closed(&self, begin: usize, i: u32) -> bool {
        let ops = &self.code.ops;
        let Some(last) = (begin + 1..ops.len()).find(|&p| ops[p] == Op::TryEnd(i)) else {
            return false;
        };
        let inside = |t: u32| (begin + 1..=last).contains(&(t as usize));
        ops[begin + 1..last].iter().all(|op| match *op {
            // (A `return()` ends the function: `Interp::run_try` hands its
            // value back as `ErrKind::Return`, which leaves the compiled
            // code as an error does and is its activation's result.)
            Op::Return | Op::UseMethod { .. } => true,
            Op::Jump(t) | Op::BranchFalse(t, ..) | Op::AndStart(t, _) | Op::OrStart(t, _) => {
                inside(t)
            }
            Op::ForStep { exit, .. } => inside(exit),
            Op::Switch(t, _) => cfg::switch_targets(&self.code.switches[t as usize])
                .into_iter()
                .all(|p| inside(p as u32)),
            _ => true,
        })
    }
}
