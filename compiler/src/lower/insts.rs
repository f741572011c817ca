//! Lowering of one IR instruction (`Lowerer::lower_inst`): constants,
//! slots and boxing, tests, vector views and stores, runtime calls, globals,
//! frame slots, returns; arithmetic is in `arith`, exits in `exits`.

use super::*;

impl<'a, 'b> Lowerer<'a, 'b> {
    pub(super) fn lower_inst(&mut self, i: Inst) -> Result<(), String> {
        let d = self.f.inst(i).clone();
        let res = d.result;
        use InstKind::*;
        match &d.kind {
            ConstInt(x) => {
                let v = self.iconst(types::I32, *x as i64);
                self.def(res.unwrap(), v);
            }
            ConstLgl(x) => {
                let v = self.iconst(types::I32, *x as i64);
                self.def(res.unwrap(), v);
            }
            ConstBool(x) => {
                let v = self.iconst(types::I8, *x as i64);
                self.def(res.unwrap(), v);
            }
            ConstDbl(x) => {
                let v = self.b.ins().f64const(*x);
                self.def(res.unwrap(), v);
            }
            ConstAny(k) => {
                let c = self.c();
                let d = self.slot(res.unwrap());
                let k = self.iconst(types::I32, *k as i64);
                self.call(self.rt.konst, &[c, d, k]);
            }
            ConstBuiltin(b) => {
                let c = self.c();
                let d = self.slot(res.unwrap());
                let k = self.iconst(types::I32, (runtime::BUILTIN_CONST | *b as u32) as i64);
                self.call(self.rt.konst, &[c, d, k]);
            }
            Unary(op, a) => self.unary(*op, *a, res.unwrap())?,
            Binary(op, a, b) => self.binary(*op, *a, *b, res.unwrap())?,
            Test(
                t @ (TypeTest::IsVecInt
                | TypeTest::IsVecDbl
                | TypeTest::IsVecLgl
                | TypeTest::IsVecCplx),
                a,
            ) => {
                let key = (*a, t.refined());
                let (p, n) = match self.probed_view(key.0, key.1) {
                    Some(view) => view,
                    None => self.probe(key.0, key.1),
                };
                self.probed.insert(key, (p, n));
                self.unboxed.insert(key, (p, Some(n)));
                let r = self.b.ins().icmp_imm_s(IntCC::NotEqual, p, 0);
                self.def(res.unwrap(), r);
            }
            Test(t @ (TypeTest::IsInt | TypeTest::IsDbl | TypeTest::IsLgl), a) => {
                let (r, w) = self.scalar_test(*t, *a);
                self.unboxed.insert((*a, t.refined()), (w, None));
                self.def(res.unwrap(), r);
            }
            Test(TypeTest::IsNum, a) => {
                let (r, w) = self.num_test(*a);
                self.unboxed.insert((*a, Type::Dbl), (w, None));
                self.def(res.unwrap(), r);
            }
            Test(t, a) => {
                let r = self.runtime_test(*t, *a);
                self.def(res.unwrap(), r);
            }
            FieldTest { x, sym, ci, ty } => {
                let args = self.field_args(*x, *sym, *ci, *ty);
                let p = self.call(self.rt.field_probe, &args).unwrap();
                self.fields.insert((*x, *sym, *ci, *ty), p);
                let r = self.b.ins().icmp_imm_s(IntCC::NotEqual, p, 0);
                self.def(res.unwrap(), r);
            }
            FieldLoad { x, sym, ci, ty } => {
                // The payload read in place at the address the test found
                // (`Value`'s layout: `I32_AT`, `F64_AT`), else asked again.
                let v = match self.fields.get(&(*x, *sym, *ci, *ty)) {
                    Some(&p) => {
                        let (cty, at) = match ty {
                            Type::Dbl => (types::F64, Value::F64_AT),
                            _ => (types::I32, Value::I32_AT),
                        };
                        self.b.ins().load(cty, MemFlagsData::trusted(), p, at)
                    }
                    None => {
                        let args = self.field_args(*x, *sym, *ci, *ty);
                        let w = self.call(self.rt.field_word, &args).unwrap();
                        match ty {
                            Type::Dbl => self.b.ins().bitcast(types::F64, MemFlagsData::new(), w),
                            _ => self.b.ins().ireduce(types::I32, w),
                        }
                    }
                };
                self.def(res.unwrap(), v);
            }
            CalleeIs { sym, callee } => {
                let target = self
                    .f
                    .callees
                    .get(*callee as usize)
                    .ok_or("callee_is names no inlined function")?;
                let (code, builtin) = (target.code, target.builtin);
                let c = self.c();
                let s = self.iconst(types::I32, *sym as i64);
                let k = self.iconst(types::I64, code as i64);
                let bi = self.iconst(types::I8, builtin as i64);
                // SAFETY: `callee` indexes `f.callees`, which sized the caches.
                let cache = unsafe { self.callee_caches.add(*callee as usize) };
                let cache = self.iconst(self.ptr, cache as i64);
                let r = self.call(self.rt.callee_is, &[c, s, k, bi, cache]).unwrap();
                self.def(res.unwrap(), r);
            }
            GlobalEpochIs(epoch) => {
                // `*interp.global_epoch == epoch`: three loads, no call.
                let interp = self.load_interp();
                let at = self.b.ins().load(
                    self.ptr,
                    MemFlagsData::trusted(),
                    interp,
                    std::mem::offset_of!(vm::interp::Interp, global_epoch) as i32,
                );
                let now = self
                    .b
                    .ins()
                    .load(types::I64, MemFlagsData::trusted(), at, 0);
                let same = self.b.ins().icmp_imm_u(IntCC::Equal, now, *epoch as i64);
                self.def(res.unwrap(), same);
            }
            LoadGlobal(sym) | GlobalCallee(sym) => {
                let c = self.c();
                let s = self.iconst(types::I32, *sym as i64);
                let d = self.slot(res.unwrap());
                self.call(self.rt.load_global, &[c, s, d]);
            }
            StoreGlobal(sym, a) => {
                let c = self.c();
                let s = self.iconst(types::I32, *sym as i64);
                let src = self.slot(*a);
                self.call(self.rt.store_global, &[c, s, src]);
            }
            LoadFrame(slot) => {
                let c = self.c();
                let s = self.iconst(types::I32, *slot as i64);
                let d = self.slot(res.unwrap());
                self.call(self.rt.load_frame, &[c, s, d]);
            }
            StoreFrame(slot, a) => {
                let c = self.c();
                let s = self.iconst(types::I32, *slot as i64);
                let src = self.slot(*a);
                self.call(self.rt.store_frame, &[c, s, src]);
            }
            VecSet(x, idx, e) => {
                let moved = self.moves.runtime_moves(i, 1)[0];
                let r = res.unwrap();
                let et = self.f.ty(*e);
                let vt = match et {
                    Type::Cplx => Type::VecCplx,
                    Type::Dbl => Type::VecDbl,
                    Type::Lgl => Type::VecLgl,
                    _ => Type::VecInt,
                };
                // A store into a vector whose view is known (`unbox` of
                // it dominates) and which this store consumes: in place,
                // inline, when nothing shares it.
                let view = match self.unboxed.get(&(*x, vt)) {
                    Some(&(p, Some(n)))
                        if moved && matches!(et, Type::Dbl | Type::Int | Type::Lgl) =>
                    {
                        Some((p, n))
                    }
                    _ => None,
                };
                // The operand's probe view, which an in-place store keeps
                // (the result's on the fast path; on the slow one, from the
                // runtime's view and `NativeFrame::word`).
                let probed = match view {
                    Some(_) => self.probed_view(*x, vt),
                    None => None,
                };
                let join = view.map(|view| self.vec_set_in_place(*x, r, *idx, *e, view, probed));
                let bit = if moved { runtime::MOVE_OPERAND } else { 0 };
                let src = self.iconst(types::I32, (self.slots[x.0 as usize] | bit) as i64);
                let dst = self.slot(r);
                let c = self.c();
                let iv = self.get(*idx);
                let p = match et {
                    Type::Cplx => {
                        let (re, im) = self.get2(*e);
                        self.call(self.rt.vec_set_cplx, &[c, src, dst, iv, re, im])
                    }
                    Type::Dbl => {
                        let ev = self.get(*e);
                        self.call(self.rt.vec_set_dbl, &[c, src, dst, iv, ev])
                    }
                    t => {
                        let ev = self.get(*e);
                        let lgl = self.iconst(types::I32, (t == Type::Lgl) as i64);
                        self.call(self.rt.vec_set_i32, &[c, src, dst, iv, ev, lgl])
                    }
                };
                let mut p = p.unwrap();
                let mut n = self.load_ctx(std::mem::offset_of!(runtime::NativeFrame, vec_len));
                if let Some(join) = join {
                    let mut jargs = vec![p.into(), n.into()];
                    if probed.is_some() {
                        // The runtime's view is the probe's when the result
                        // has no attributes (`NativeFrame::word`), else null.
                        let plain = self.load_ctx(std::mem::offset_of!(runtime::NativeFrame, word));
                        let zero = self.iconst(types::I64, 0);
                        let pp = self.b.ins().select(plain, p, zero);
                        let pn = self.b.ins().select(plain, n, zero);
                        jargs.push(pp.into());
                        jargs.push(pn.into());
                    }
                    self.b.ins().jump(join, &jargs);
                    self.b.switch_to_block(join);
                    let params = self.b.block_params(join).to_vec();
                    (p, n) = (params[0], params[1]);
                    if probed.is_some() {
                        self.probed.insert((r, vt), (params[2], params[3]));
                    }
                }
                self.unboxed.insert((r, vt), (p, Some(n)));
            }
            VecLoad(x, i0) => {
                let (p, _) = self.var(*x);
                let p = self.use_var(p);
                let i0 = self.get(*i0);
                // In bounds, so non-negative: zero-extending is free on x86-64
                // (32-bit operations clear the upper half).
                let i64v = self.b.ins().uextend(types::I64, i0);
                if self.f.ty(*x) == Type::VecCplx {
                    // 16-byte elements: re at 0, im at 8.
                    let off = self.b.ins().ishl_imm_u(i64v, 4);
                    let addr = self.b.ins().iadd(p, off);
                    let flags = MemFlagsData::trusted();
                    let re = self.b.ins().load(types::F64, flags, addr, 0);
                    let im = self.b.ins().load(types::F64, flags, addr, 8);
                    self.def2(res.unwrap(), re, im);
                    return Ok(());
                }
                let (scale, ty) = if self.f.ty(*x) == Type::VecDbl {
                    (3, types::F64)
                } else {
                    (2, types::I32)
                };
                let off = self.b.ins().ishl_imm_u(i64v, scale);
                let addr = self.b.ins().iadd(p, off);
                let v = self.b.ins().load(ty, MemFlagsData::trusted(), addr, 0);
                self.def(res.unwrap(), v);
            }
            InBounds(x, i) => {
                let (_, len) = self.var(*x);
                let len = self.use_var(len.ok_or("inbounds of a non-vector")?);
                let iv = self.get(*i);
                let i64v = self.b.ins().sextend(types::I64, iv);
                let k = self.b.ins().iadd_imm_s(i64v, -1);
                let r = self.b.ins().icmp(IntCC::UnsignedLessThan, k, len);
                self.def(res.unwrap(), r);
            }
            Runtime(op @ (RtOp::FreeLoad(_) | RtOp::FreeStore(_)), args) if args.len() <= 1 => {
                self.free_access(i, *op, args, res.unwrap())
            }
            Runtime(op, args) => self.runtime_call(i, *op, args, res.unwrap()),
            SetVisible(v) => {
                // `interp.visible = v` through the activation's interpreter pointer.
                let interp = self.load_interp();
                let flag = self.iconst(types::I8, *v as i64);
                self.b.ins().store(
                    MemFlagsData::trusted(),
                    flag,
                    interp,
                    std::mem::offset_of!(vm::interp::Interp, visible) as i32,
                );
            }
            Checkpoint(_) => {}
            CallState(cp) => self.call_state(*cp)?,
            FrameSynced => self.frame_synced(res.unwrap()),
            Assume {
                cond,
                checkpoint,
                reason,
            } => self.assume(i, *cond, *checkpoint, *reason)?,
            Jump(t, args) => {
                let moved = self.moves.edge_moves(i, 0, args.len());
                self.edge(*t, args, &moved)?;
                let tb = self.blocks[t.0 as usize];
                self.b.ins().jump(tb, &[]);
            }
            Branch(c, t, ta, e, ea) => {
                let cv = self.get(*c);
                let (bt, be) = (self.b.create_block(), self.b.create_block());
                // Cranelift places a `brif`'s second target right after the
                // block: make that the true edge, so that a loop body follows
                // its header and an iteration takes one branch (the back edge).
                let not = self.b.ins().icmp_imm_s(IntCC::Equal, cv, 0);
                self.b.ins().brif(not, be, &[], bt, &[]);
                // Each edge reloads what it passes from the same homes.
                let pending = self.pending.clone();
                for (k, (blk, tgt, args)) in [(bt, t, ta), (be, e, ea)].into_iter().enumerate() {
                    self.b.switch_to_block(blk);
                    self.pending.clone_from(&pending);
                    let moved = self.moves.edge_moves(i, k, args.len());
                    self.edge(*tgt, args, &moved)?;
                    let tb = self.blocks[tgt.0 as usize];
                    self.b.ins().jump(tb, &[]);
                }
            }
            Return(v) => {
                let c = self.c();
                // A scalar result is stored natively (`NativeFrame::take_result`
                // boxes it): no runtime call on the return path.
                let word = match self.f.ty(*v) {
                    t @ (Type::Int | Type::Lgl) => {
                        let x = self.get(*v);
                        let kind = if t == Type::Int {
                            runtime::RET_INT
                        } else {
                            runtime::RET_LGL
                        };
                        Some((self.b.ins().uextend(types::I64, x), kind))
                    }
                    Type::Bool => {
                        let x = self.get(*v);
                        Some((self.b.ins().uextend(types::I64, x), runtime::RET_LGL))
                    }
                    Type::Dbl => {
                        let x = self.get(*v);
                        let w = self.b.ins().bitcast(types::I64, MemFlagsData::new(), x);
                        Some((w, runtime::RET_DBL))
                    }
                    Type::Any => {
                        let s = self.slot(*v);
                        self.call(self.rt.ret_any, &[c, s]);
                        None
                    }
                    Type::Cplx => {
                        let (re, im) = self.get2(*v);
                        self.call(self.rt.ret_cplx, &[c, re, im]);
                        None
                    }
                    t => return Err(format!("return of a {} value", t.name())),
                };
                if let Some((w, kind)) = word {
                    let flags = MemFlagsData::trusted();
                    let at = std::mem::offset_of!(runtime::NativeFrame, ret_word) as i32;
                    self.b.ins().store(flags, w, c, at);
                    let k = self.iconst(types::I32, kind as i64);
                    let at = std::mem::offset_of!(runtime::NativeFrame, ret_kind) as i32;
                    self.b.ins().store(flags, k, c, at);
                }
                let z = self.iconst(types::I32, runtime::ST_OK as i64);
                self.b.ins().return_(&[z]);
            }
        }
        Ok(())
    }

    /// `runtime` (or a dedicated entry, `op`) of instruction `i` on the
    /// boxed operands `args`, result into `res`'s slot; an error status
    /// leaves through the error block.
    pub(super) fn runtime_call(&mut self, i: Inst, op: RtOp, args: &[Val], res: Val) {
        let n = args.len();
        let ss = self.b.create_sized_stack_slot(StackSlotData::new(
            StackSlotKind::ExplicitSlot,
            (4 * n.max(1)) as u32,
            2,
        ));
        let moved = self.moves.runtime_moves(i, n);
        for (k, &a) in args.iter().enumerate() {
            let bit = if moved[k] { runtime::MOVE_OPERAND } else { 0 };
            let s = self.iconst(types::I32, (self.slots[a.0 as usize] | bit) as i64);
            self.b.ins().stack_store(self.ptr, s, ss, (4 * k) as i32);
        }
        let addr = self.b.ins().stack_addr(self.ptr, ss, 0);
        let c = self.c();
        let pcv = self.iconst(types::I32, op.pc() as i64);
        let nv = self.iconst(types::I32, n as i64);
        let d = self.slot(res);
        let f = match op {
            RtOp::AtPc(_) => self.rt.generic,
            RtOp::FreeLoad(_) => self.rt.free_load,
            RtOp::FreeStore(_) => self.rt.free_store,
            RtOp::Call(_) => self.rt.call_closure,
        };
        let st = self.call(f, &[c, pcv, addr, nv, d]).unwrap();
        let eb = self.error_block();
        let cont = self.b.create_block();
        self.b.ins().brif(st, eb, &[], cont, &[]);
        self.b.switch_to_block(cont);
    }
}
