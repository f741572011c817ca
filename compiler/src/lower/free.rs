//! Free variables of closures (`RtOp::FreeLoad`, `RtOp::FreeStore`): a
//! closure's reads of, and `<<-` to, a variable of the function frame
//! enclosing it, inline on scalars.
//!
//! Each such instruction is a *site* with a word of the activation's
//! `NativeFrame::free_slots`: the address of the binding in the enclosing
//! frame, found once per activation by `rt_free_slot` (null: not known
//! yet; `runtime::NOT_FREE`: not a binding of an enclosing function frame). The address stays
//! valid while the activation runs: its closure keeps the enclosing frame
//! alive, and a live frame's slot array is never reallocated
//! (`Interp::fresh_frame` and `recycle_frame` only touch unshared frames).
//!
//! The fast path copies the binding's 16 bytes (`Value`'s layout, and
//! `Option<Value>`'s: `None` is a tag no scalar has) when both sides hold
//! an unboxed scalar, which owns nothing: a read into the result's slot, a
//! `<<-` from the operand's slot into the binding. Anything else (a vector,
//! an unbound variable, the global environment, a first use) calls the
//! dedicated runtime entry, which falls back to `rt_generic`.

use super::*;

impl<'a, 'b> Lowerer<'a, 'b> {
    pub(super) fn free_access(&mut self, i: Inst, op: RtOp, args: &[Val], res: Val) {
        let k = self.nfree;
        self.nfree += 1;
        let flags = MemFlagsData::trusted();
        let (resolve, have, fast, slow, join) = (
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
        );
        self.b.set_cold_block(resolve);
        self.b.set_cold_block(slow);
        let addr = self.b.append_block_param(have, self.ptr);
        let table = self.load_ctx(std::mem::offset_of!(runtime::NativeFrame, free_slots_ptr));
        let cached = self.b.ins().load(self.ptr, flags, table, (8 * k) as i32);
        self.b
            .ins()
            .brif(cached, have, &[cached.into()], resolve, &[]);

        // The site's first use in this activation: ask where the binding is.
        self.b.switch_to_block(resolve);
        let c = self.c();
        let pcv = self.iconst(types::I32, op.pc() as i64);
        let found = self.call(self.rt.free_slot, &[c, pcv]).unwrap();
        // (Null is remembered as `NOT_FREE`: the site is not asked again.)
        let none = self.b.ins().icmp_imm_u(IntCC::Equal, found, 0);
        let not_free = self.iconst(self.ptr, runtime::NOT_FREE as i64);
        let word = self.b.ins().select(none, not_free, found);
        let table = self.load_ctx(std::mem::offset_of!(runtime::NativeFrame, free_slots_ptr));
        self.b.ins().store(flags, word, table, (8 * k) as i32);
        self.b.ins().jump(have, &[word.into()]);

        // Both sides scalars: copy the 16 bytes.
        self.b.switch_to_block(have);
        let binding = self.b.create_block();
        let none = self
            .b
            .ins()
            .icmp_imm_u(IntCC::Equal, addr, runtime::NOT_FREE as i64);
        self.b.ins().brif(none, slow, &[], binding, &[]);
        self.b.switch_to_block(binding);
        let (from, to, other_tag) = match args.first() {
            // `<<-`: from the operand's slot into the binding.
            Some(&v) => {
                let (src, src_tag) = self.any_slot(v);
                (src, addr, src_tag)
            }
            // A read: from the binding into the result's slot.
            None => {
                let (dst, dst_tag) = self.any_slot(res);
                (addr, dst, dst_tag)
            }
        };
        let tag = self.b.ins().uload8(types::I32, flags, addr, 0);
        let binding_scalar = self.is_scalar_tag(tag);
        // (A read's result slot may hold NULL too: nothing to release.)
        let other_ok = if args.is_empty() {
            self.b.ins().icmp_imm_u(
                IntCC::UnsignedLessThanOrEqual,
                other_tag,
                Value::TAG_DBL as i64,
            )
        } else {
            self.is_scalar_tag(other_tag)
        };
        let ok = self.b.ins().band(binding_scalar, other_ok);
        self.b.ins().brif(ok, fast, &[], slow, &[]);

        self.b.switch_to_block(fast);
        let lo = self.b.ins().load(types::I64, flags, from, 0);
        let hi = self.b.ins().load(types::I64, flags, from, 8);
        self.b.ins().store(flags, lo, to, 0);
        self.b.ins().store(flags, hi, to, 8);
        if args.is_empty() {
            let slot = self.slots[res.0 as usize] as i32;
            let unbound = self.load_ctx(std::mem::offset_of!(runtime::NativeFrame, unbound_ptr));
            let no = self.iconst(types::I8, 0);
            self.b.ins().store(flags, no, unbound, slot);
        }
        self.b.ins().jump(join, &[]);

        self.b.switch_to_block(slow);
        self.runtime_call(i, op, args, res);
        self.b.ins().jump(join, &[]);
        self.b.switch_to_block(join);
    }

    /// Is `tag` (a `Value` tag byte, as `i32`) an unboxed scalar's
    /// (`Lgl`, `Int` or `Dbl`)?
    fn is_scalar_tag(&mut self, tag: CValue) -> CValue {
        let t = self.b.ins().iadd_imm_s(tag, -(Value::TAG_LGL as i64));
        self.b.ins().icmp_imm_u(
            IntCC::UnsignedLessThanOrEqual,
            t,
            (Value::TAG_DBL - Value::TAG_LGL) as i64,
        )
    }
}
