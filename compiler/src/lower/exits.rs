//! Exits: the inline chaos draw, the exit buffer, the exit table entries
//! (`ExitInfo`) and the cold exit blocks of `assume`; published call states
//! (`call_state`, `frame_synced`).

use super::*;

impl<'a, 'b> Lowerer<'a, 'b> {
    /// Chaos mode's draw, inline: count `Chaos::countdown` (at offset 0 of
    /// the generator `NativeFrame::chaos` points to) down; 1 when it reaches 0 (this
    /// check must fail; `rt_exit` draws the next gap).
    pub(super) fn chaos_draw(&mut self) -> CValue {
        let flags = MemFlagsData::trusted();
        let p = self.chaosv.expect("chaos generator loaded at entry");
        let n = self.b.ins().load(
            types::I64,
            flags,
            p,
            std::mem::offset_of!(runtime::Chaos, countdown) as i32,
        );
        let n = self.b.ins().iadd_imm_s(n, -1);
        self.b.ins().store(
            flags,
            n,
            p,
            std::mem::offset_of!(runtime::Chaos, countdown) as i32,
        );
        self.b.ins().icmp_imm_s(IntCC::Equal, n, 0)
    }

    /// The exit buffer: one stack slot for all exits, sized for the largest
    /// frame state and a tested value.
    pub(super) fn exit_buffer(&mut self) -> cranelift_codegen::ir::StackSlot {
        if let Some(ss) = self.exit_buf {
            return ss;
        }
        let words = self.exit_words();
        // `cplx` words keep their imaginary parts in a second half.
        let halves = if self.imag_at() != 0 { 2 } else { 1 };
        let ss = self.b.create_sized_stack_slot(StackSlotData::new(
            StackSlotKind::ExplicitSlot,
            (8 * words * halves) as u32,
            3,
        ));
        self.exit_buf = Some(ss);
        ss
    }

    /// Where the exit buffer's imaginary parts start (in words): after the
    /// largest frame state and a tested value, when the function has `cplx`
    /// values; 0 otherwise.
    pub(super) fn imag_at(&self) -> usize {
        if !self.f.vals.iter().any(|v| v.ty == Type::Cplx) {
            return 0;
        }
        self.exit_words()
    }

    /// Words of an exit: the largest frame state, and a tested value.
    pub(super) fn exit_words(&self) -> usize {
        self.f
            .insts
            .iter()
            .filter_map(|d| match &d.kind {
                InstKind::Checkpoint(fs) => Some(fs.values().len()),
                _ => None,
            })
            .max()
            .unwrap_or(0)
            + 1
    }

    pub(super) fn checkpoint_state(&self, cp: Val) -> Result<FrameState, String> {
        match self.f.def_inst(cp).map(|ci| &self.f.inst(ci).kind) {
            Some(InstKind::Checkpoint(fs)) => Ok(fs.clone()),
            _ => Err("a frame state operand that is not a checkpoint".into()),
        }
    }

    /// Record the exit (or published call state) `fs` whose buffer holds
    /// `words` (the state's values, then maybe a tested value); its id.
    pub(super) fn push_exit_info(
        &mut self,
        fs: &FrameState,
        words: &[Val],
        reason: Reason,
        feedback: Option<(u32, usize)>,
    ) -> u32 {
        let types: Vec<Type> = words.iter().map(|&w| self.f.ty(w)).collect();
        // `any` words are slot numbers, known now: the runtime fills them in.
        let any_slots = words
            .iter()
            .enumerate()
            .filter(|&(_, &w)| self.f.ty(w) == Type::Any)
            .map(|(k, &w)| (k as u32, self.slots[w.0 as usize]))
            .collect();
        let id = self.exits.len() as u32;
        let imag_at = if types.contains(&Type::Cplx) {
            self.imag_at()
        } else {
            0
        };
        self.exits.push(ExitInfo {
            imag_at,
            pc: fs.pc,
            reason,
            types,
            nstack: fs.stack.len(),
            locals: fs.locals.iter().map(|l| l.is_some()).collect(),
            loop_steps: fs.loops.iter().map(|l| l.2).collect(),
            feedback,
            any_slots,
        });
        id
    }

    /// Store the unboxed `words` into the exit buffer (`any` words are
    /// filled in by the runtime); the buffer's address.
    pub(super) fn write_exit_words(
        &mut self,
        words: &[Val],
        imag_at: usize,
    ) -> Result<CValue, String> {
        let ss = self.exit_buffer();
        for (k, &w) in words.iter().enumerate() {
            let word = match self.f.ty(w) {
                Type::Int | Type::Lgl | Type::Bool => {
                    let x = self.get(w);
                    self.b.ins().uextend(types::I64, x)
                }
                Type::Dbl => {
                    let x = self.get(w);
                    self.b.ins().bitcast(types::I64, MemFlagsData::new(), x)
                }
                Type::Cplx => {
                    let (re, im) = self.get2(w);
                    let at = 8 * (imag_at + k) as i32;
                    let im = self.b.ins().bitcast(types::I64, MemFlagsData::new(), im);
                    self.b.ins().stack_store(self.ptr, im, ss, at);
                    self.b.ins().bitcast(types::I64, MemFlagsData::new(), re)
                }
                Type::Any => continue,
                t => return Err(format!("{} value in a frame state", t.name())),
            };
            self.b.ins().stack_store(self.ptr, word, ss, (8 * k) as i32);
        }
        Ok(self.b.ins().stack_addr(self.ptr, ss, 0))
    }

    /// `call_state cp`: the state's words into the exit buffer, and its
    /// exit id (plus one) and the buffer into the context, where observers
    /// of the frame find them while the next runtime call runs
    /// (`osr::exit::sync_frames`). The buffer is free then: no exit of this
    /// activation can happen during its call.
    pub(super) fn call_state(&mut self, cp: Val) -> Result<(), String> {
        let fs = self.checkpoint_state(cp)?;
        let words = fs.values();
        let id = self.push_exit_info(&fs, &words, Reason::FrameObserved, None);
        let imag_at = self.exits[id as usize].imag_at;
        let addr = self.write_exit_words(&words, imag_at)?;
        let c = self.c();
        let idv = self.iconst(types::I32, id as i64 + 1);
        self.b.ins().store(
            MemFlagsData::trusted(),
            idv,
            c,
            std::mem::offset_of!(runtime::NativeFrame, call_state) as i32,
        );
        self.b.ins().store(
            MemFlagsData::trusted(),
            addr,
            c,
            std::mem::offset_of!(runtime::NativeFrame, call_buf) as i32,
        );
        Ok(())
    }

    /// `frame_synced`: did an observer write the published state into the
    /// frame (`call_state` is then `runtime::CALL_STATE_SYNCED`)? Clears it.
    pub(super) fn frame_synced(&mut self, res: Val) {
        let c = self.c();
        let at = std::mem::offset_of!(runtime::NativeFrame, call_state) as i32;
        let st = self
            .b
            .ins()
            .load(types::I32, MemFlagsData::trusted(), c, at);
        let synced = self
            .b
            .ins()
            .icmp_imm_s(IntCC::Equal, st, runtime::CALL_STATE_SYNCED as i64);
        let zero = self.iconst(types::I32, 0);
        self.b.ins().store(MemFlagsData::trusted(), zero, c, at);
        self.def(res, synced);
    }

    /// `assume cond, cp, reason`: continue when `cond` (and no chaos draw);
    /// else write the frame state and call `rt_exit` from a cold block.
    pub(super) fn assume(
        &mut self,
        i: Inst,
        cond: Val,
        cp: Val,
        reason: Reason,
    ) -> Result<(), String> {
        let fs = self.checkpoint_state(cp)?;
        let cv = self.get(cond);
        // A transfer is not a check: no draw.
        let chaos = self.opts.chaos && reason != Reason::Transfer;
        let go = if chaos {
            let draw = self.chaos_draw();
            let no = self.b.ins().icmp_imm_s(IntCC::Equal, draw, 0);
            self.b.ins().band(cv, no)
        } else {
            cv
        };
        // The exit buffer: stack, bound locals, loop counters.
        let mut words: Vec<Val> = fs.values();
        let state_len = words.len();
        let feedback = self.f.assume_feedback.get(&i).copied().and_then(|fb| {
            // The tested value is the operand of the `test` (or the record of
            // the `field.test`) the condition comes from.
            // (Or the logical whose NA test it negates: a condition.)
            let def = |v: Val| self.f.def_inst(v).map(|ci| &self.f.inst(ci).kind);
            let tested = match def(cond) {
                Some(InstKind::Test(_, v)) => Some(*v),
                Some(InstKind::FieldTest { x, .. }) => Some(*x),
                Some(InstKind::Unary(UnOp::NotB, n)) => match def(*n) {
                    Some(InstKind::Unary(UnOp::LglIsNa, v)) => Some(*v),
                    _ => None,
                },
                _ => None,
            }?;
            let k = match words.iter().position(|&w| w == tested) {
                Some(k) => k,
                None => {
                    words.push(tested);
                    words.len() - 1
                }
            };
            Some((fb, k))
        });
        let id = self.push_exit_info(&fs, &words, reason, feedback);
        let imag_at = self.exits[id as usize].imag_at;
        let idv = self.iconst(types::I32, id as i64);
        // Without chaos the exit is taken only when the condition is false.
        let held = if chaos {
            self.b.ins().uextend(types::I32, cv)
        } else {
            self.iconst(types::I32, 0)
        };
        let key = (fs, words.get(state_len).copied());
        let (exit, fill) = match self.exit_blocks.get(&key) {
            Some(&b) => (b, false),
            None => {
                let b = self.b.create_block();
                self.b.set_cold_block(b);
                self.b.append_block_param(b, types::I32);
                self.b.append_block_param(b, types::I32);
                self.exit_blocks.insert(key, b);
                (b, true)
            }
        };
        let cont = self.b.create_block();
        self.b
            .ins()
            .brif(go, cont, &[], exit, &[idv.into(), held.into()]);
        if fill {
            self.b.switch_to_block(exit);
            self.in_exit = true;
            let params = self.b.block_params(exit).to_vec();
            let addr = self.write_exit_words(&words, imag_at)?;
            let c = self.c();
            let st = self
                .call(self.rt.exit, &[c, params[0], addr, params[1]])
                .unwrap();
            self.b.ins().return_(&[st]);
            self.in_exit = false;
        }
        self.b.switch_to_block(cont);
        Ok(())
    }
}
