//! The opcode translator: one block of bytecode, instruction by
//! instruction, into IR (`Builder::block`).

use super::*;

impl<'a> Builder<'a> {
    /// Translate the block starting at `start`.
    pub(super) fn block(&mut self, start: usize, state: Option<State>) -> Result<(), Unsupported> {
        let Some(mut st) = state else { return Ok(()) };
        let mut bb = self.blocks[&start];
        let code = self.code;
        let mut pc = start;
        if let Some(&(k, fact)) = self.known.get(&start) {
            self.apply_known(bb, start, &mut st, k, fact);
        }
        loop {
            if self.inline_failed.is_some() {
                return Err(Unsupported(format!("inlining failed at pc {}", pc)));
            }
            if pc != start && self.blocks.contains_key(&pc) {
                // Fall through into the next block.
                return self.jump_from(bb, 0, pc, st);
            }
            let op = self.as_local_op(code.ops[pc], Some(&st));
            // Closures and called R code see some locals (`frame_sync.rs`).
            let observer = self.sync_before(bb, pc, &st, op);
            let mut published = false;
            match op {
                Op::MakeClosure(_) => {
                    let r = self.runtime(bb, pc, &[]);
                    st.stack.push(AbsVal::new(r));
                }
                Op::Const(k) => {
                    let v = self.constant(bb, &code.consts[k as usize], k);
                    st.stack.push(v);
                }
                Op::LoadLocal(..) | Op::TakeLocal(_) => {
                    let (slot, fb) = match op {
                        Op::LoadLocal(s, fb) => (s, Some(fb)),
                        Op::TakeLocal(s) => (s, None),
                        _ => unreachable!(),
                    };
                    let a = self.read_var(bb, pc, &mut st, slot)?;
                    st.stack.push(AbsVal {
                        val: a.val,
                        fb: self.load_fb(a, fb),
                    });
                    // `TakeLocal` moves the value out (the interpreter's slot
                    // is empty until the `StoreLocal` after the update):
                    // frame states must not keep it alive.
                    if matches!(op, Op::TakeLocal(_)) {
                        st.locals[slot as usize] = None;
                    }
                }
                Op::StoreLocal(slot) => {
                    let v = st.stack.pop().unwrap();
                    st.locals[slot as usize] = Some(v);
                }
                Op::Pop => {
                    st.stack.pop();
                }
                Op::Dup => {
                    let v = *st.stack.last().unwrap();
                    st.stack.push(v);
                }
                Op::Visible(v) => {
                    self.f.push(bb, InstKind::SetVisible(v), Type::Void);
                }
                Op::Arith(o, _, fb) => {
                    let b = st.stack.pop().unwrap();
                    let a = st.stack.pop().unwrap();
                    let r = self.arith(bb, pc, &mut st, o, a, b, fb);
                    st.stack.push(r);
                }
                Op::ArithLocal(o, slot, _, fb) => {
                    // (Read with `b` still on the stack: the checkpoint
                    // state is the interpreter's at this instruction.)
                    let a = self.read_var(bb, pc, &mut st, slot)?;
                    let b = st.stack.pop().unwrap();
                    let a = AbsVal {
                        val: a.val,
                        fb: Some(fb + 1),
                    };
                    // The checkpoint state is the interpreter's: `b` on the stack.
                    st.stack.push(b);
                    let r = self.arith_in(bb, pc, &st, o, a, b, fb);
                    st.stack.pop();
                    st.locals[slot as usize] = Some(r);
                }
                Op::Cmp(o, _, fb) => {
                    let b = st.stack.pop().unwrap();
                    let a = st.stack.pop().unwrap();
                    st.stack.push(a);
                    st.stack.push(b);
                    let r = if let Some(elems) = self.scalar_lists.get(&a.val).cloned() {
                        // `c(x1, ..., xn) OP b` read by an inlined `all`/`any`.
                        let mut out = Vec::with_capacity(elems.len());
                        for e in elems {
                            let r = self.compare(bb, pc, &st, o, AbsVal::new(e), b, fb);
                            if self.f.ty(r.val) == Type::Any {
                                return Err(self.give_up_inline());
                            }
                            out.push(r.val);
                        }
                        let stand_in = self.f.push(bb, InstKind::ConstLgl(0), Type::Lgl).unwrap();
                        self.scalar_lists.insert(stand_in, out);
                        AbsVal::new(stand_in)
                    } else {
                        self.compare(bb, pc, &st, o, a, b, fb)
                    };
                    st.stack.truncate(st.stack.len() - 2);
                    st.stack.push(r);
                }
                Op::Logic(and, _) => {
                    // Vectorized `&` / `|`: native on two non-NA logical
                    // scalars, else R's `&`/`|` through the runtime.
                    let b = st.stack.pop().unwrap();
                    let a = st.stack.pop().unwrap();
                    let r = match (self.f.ty(a.val), self.f.ty(b.val)) {
                        (Type::Bool, Type::Bool) => self.binary(
                            bb,
                            if and { BinOp::AndB } else { BinOp::OrB },
                            a.val,
                            b.val,
                        ),
                        _ => self.runtime(bb, pc, &[a.val, b.val]),
                    };
                    st.stack.push(AbsVal::new(r));
                }
                Op::Not(_) | Op::Neg(..) => {
                    let mut a = st.stack.pop().unwrap();
                    if matches!(op, Op::Not(_)) {
                        // `!` of a value seen only as a non-NA logical scalar
                        // (e.g. `!is.null(x)`): a native negation the branch
                        // that usually follows can use directly.
                        st.stack.push(a);
                        a.val = self.lgl_truth(bb, pc, &st, a);
                        st.stack.pop();
                    }
                    if let Op::Neg(..) = op {
                        // `-x` of a variable seen as an int or double scalar
                        // (`exp(-decay * x)`): speculated, a native negation.
                        let bits = self.bits_of(a);
                        if self.f.ty(a.val) == Type::Any
                            && matches!(
                                self.speculated_test(bits),
                                Some(TypeTest::IsInt | TypeTest::IsDbl)
                            )
                        {
                            st.stack.push(a);
                            a.val = self.speculate(bb, a, bits, pc, &st);
                            st.stack.pop();
                        }
                    }
                    let v = match (op, self.f.ty(a.val)) {
                        (Op::Not(_), Type::Bool) => {
                            self.f
                                .push(bb, InstKind::Unary(UnOp::NotB, a.val), Type::Bool)
                        }
                        (Op::Neg(..), Type::Int) => {
                            self.f
                                .push(bb, InstKind::Unary(UnOp::NegI, a.val), Type::Int)
                        }
                        (Op::Neg(..), Type::Dbl) => {
                            self.f
                                .push(bb, InstKind::Unary(UnOp::NegD, a.val), Type::Dbl)
                        }
                        (Op::Neg(..), Type::Cplx) => {
                            self.f
                                .push(bb, InstKind::Unary(UnOp::NegC, a.val), Type::Cplx)
                        }
                        _ => Some(self.runtime(bb, pc, &[a.val])),
                    };
                    let fb = if let Op::Neg(_, fb) = op {
                        Some(fb)
                    } else {
                        None
                    };
                    st.stack.push(AbsVal {
                        val: v.unwrap(),
                        fb,
                    });
                }
                Op::Jump(t) => {
                    if (t as usize) < pc && self.inline.is_empty() {
                        // A back edge: the state at the loop header, for a
                        // loop peeled at a mid-loop entry (`passes::peel`),
                        // where this block becomes the preheader that
                        // invariant assumes are hoisted to. Unused (and
                        // removed) in a loop entered at its header.
                        self.checkpoint(bb, t as usize, &st);
                    }
                    return self.jump_from(bb, 0, t as usize, st);
                }
                Op::BranchFalse(t, _, fb) => return self.branch(bb, pc, st, t as usize, fb),
                Op::Switch(t, _) => return self.switch(bb, pc, st, t),
                Op::ForRangePrep(ci) => {
                    let to = st.stack.pop().unwrap();
                    let from = st.stack.pop().unwrap();
                    st.stack.push(from);
                    st.stack.push(to);
                    // A compiled loop counts in the one direction the profile
                    // saw (its step is a constant of the code and of its
                    // frame states): upward, or downward for `n:1`.
                    // A range seen running both ways (`1:length(x)` with an
                    // empty `x` counts 1, 0) is compiled upward: a downward
                    // run exits, and code entered at the range itself (the
                    // continuation of that exit) counts downward.
                    let dirs = code.range_dirs[ci as usize].get();
                    let down = match dirs {
                        RANGE_DOWN => true,
                        d if d == RANGE_UP | RANGE_DOWN => pc == self.entry_pc,
                        _ => false,
                    };
                    let (fv, n, step) = match (
                        self.int_operand(bb, pc, &st, from),
                        self.range_end(bb, pc, &st, to, down),
                    ) {
                        (Ok(fv), Ok(tv)) if self.f.ty(tv) == Type::Dbl => {
                            (fv, self.count_to_dbl(bb, pc, &st, fv, tv), 1)
                        }
                        (Ok(fv), Ok(tv)) => {
                            // Assume from <= to (from >= to downward).
                            let (cmp, lo, hi) = if down {
                                (BinOp::GeI, tv, fv)
                            } else {
                                (BinOp::LeI, fv, tv)
                            };
                            let ok = self.binary(bb, cmp, fv, tv);
                            let cp = self.checkpoint(bb, pc, &st);
                            self.assume(bb, ok, cp, Reason::TypeCheck);
                            let diff = self.binary(bb, BinOp::SubI, hi, lo);
                            let one = self.f.push(bb, InstKind::ConstInt(1), Type::Int).unwrap();
                            let n = self.binary(bb, BinOp::AddI, diff, one);
                            (fv, n, if down { -1 } else { 1 })
                        }
                        // A continuation entered here exited from this very
                        // range (e.g. a downward `n:1`): its assume would fail
                        // again at once and dispatch back to itself.
                        _ if pc == self.entry_pc => {
                            return Err(Unsupported(format!(
                                "loop bound is not a speculated integer at pc {}",
                                pc
                            )))
                        }
                        _ if down => {
                            return Err(Unsupported(format!(
                                "downward range with bounds not speculated integers at pc {}",
                                pc
                            )))
                        }
                        // Bounds not speculated integers (e.g. `1:n` with a
                        // double n): the runtime computes the (upward) range.
                        _ => {
                            let (fv, n) = self.range_generic(bb, pc, &st, from, to);
                            (fv, n, 1)
                        }
                    };
                    st.stack.truncate(st.stack.len() - 2);
                    st.loops.push((fv, n, step));
                }
                Op::ForCountPrep { along, .. } => {
                    let x = st.stack.pop().unwrap();
                    st.stack.push(x);
                    let bits = self.bits_of(x);
                    let xv = self.speculate(bb, x, bits, pc, &st);
                    let (n, exact) = if along {
                        // Typed vectors know their length; anything else asks the runtime.
                        let len_op = match self.f.ty(xv) {
                            t if t.is_vec() => Some(UnOp::VecLen),
                            Type::Any => {
                                // A user's `length` method counts (R's
                                // `seq_along`): the interpreter calls it.
                                if vm::symbols::ops_methods_possible() {
                                    self.assume_test(bb, xv, TypeTest::NoMethods, pc, &st);
                                }
                                Some(UnOp::Length)
                            }
                            // A typed scalar: one element.
                            Type::Int | Type::Dbl | Type::Lgl | Type::Cplx => None,
                            _ => {
                                return Err(Unsupported(format!(
                                    "seq_along of an untyped value at pc {}",
                                    pc
                                )))
                            }
                        };
                        let n = match len_op {
                            Some(op) => InstKind::Unary(op, xv),
                            None => InstKind::ConstInt(1),
                        };
                        (self.f.push(bb, n, Type::Int).unwrap(), true)
                    } else {
                        // `seq_len(n)`: the count is the value itself, an
                        // `int` or an integral double (`n <- 1000`); positive
                        // (assumed below), so seq_len's errors cannot occur.
                        // A count not speculated a number (no profile yet:
                        // compiled at the first call) is the runtime's, which
                        // gives NULL (an exit) for what seq_len would reject.
                        // (Its count of 0 is not trusted: it may stand for
                        // an error the interpreter raises.)
                        match self.int_operand(bb, pc, &st, AbsVal { val: xv, fb: x.fb }) {
                            Ok(n) => (n, true),
                            Err(_) => {
                                let boxed = self.boxed(bb, xv);
                                let r = self.runtime_pure(bb, pc, &[boxed]);
                                self.assume_test(bb, r, TypeTest::IsInt, pc, &st);
                                let n = self
                                    .f
                                    .push(bb, InstKind::Unary(UnOp::Unbox, r), Type::Int)
                                    .unwrap();
                                (n, false)
                            }
                        }
                    };
                    // (A negative count is seq_len's error: always an exit.)
                    let empty = self.guard_loop_count(bb, pc, &st, n, exact, !along);
                    st.stack.pop();
                    let one = self.f.push(bb, InstKind::ConstInt(1), Type::Int).unwrap();
                    st.loops.push((one, n, 1));
                    if let Some((nonempty, path)) = empty {
                        return self.branch_empty_loop(bb, pc, st, nonempty, path);
                    }
                }
                Op::ForSeqPrep { seq, .. } => {
                    let Some(slot) = self.var_slot(code.for_seqs[seq as usize].get()) else {
                        return Err(Unsupported("for loop over a global variable".into()));
                    };
                    let x = *st.stack.last().unwrap();
                    let bits = self.bits_of(x);
                    let xv = self.speculate(bb, x, bits, pc, &st);
                    let n = match self.f.ty(xv) {
                        t if t.is_vec() => self
                            .f
                            .push(bb, InstKind::Unary(UnOp::VecLen, xv), Type::Int)
                            .unwrap(),
                        // The runtime validates the sequence (R's error for a
                        // function) and gives its length.
                        _ => {
                            let len = AbsVal::new(self.runtime(bb, pc, &[xv]));
                            self.speculate(bb, len, TypeFeedback::INT, pc, &st)
                        }
                    };
                    let empty = self.guard_loop_count(bb, pc, &st, n, true, false);
                    st.stack.pop();
                    // The boxed sequence: a vector view cannot be in a frame state.
                    st.locals[slot as usize] = Some(x);
                    self.seq_bits.insert(slot, bits);
                    let one = self.f.push(bb, InstKind::ConstInt(1), Type::Int).unwrap();
                    st.loops.push((one, n, 1));
                    if let Some((nonempty, path)) = empty {
                        return self.branch_empty_loop(bb, pc, st, nonempty, path);
                    }
                }
                Op::ForStep { exit, var, fb, seq } if seq != vm::bytecode::NO_SEQ => {
                    let Var::Local(slot) = var.get() else {
                        return Err(Unsupported("for loop over a global variable".into()));
                    };
                    return self.for_seq_step(bb, pc, st, exit as usize, slot, fb, seq);
                }
                Op::ForStep { exit, var, fb, .. } => {
                    if matches!(var.get(), Var::Name(_)) {
                        return Err(Unsupported("for loop over a global variable".into()));
                    }
                    let Var::Local(slot) = var.get() else {
                        unreachable!()
                    };
                    let (next, remaining, step) = *st.loops.last().unwrap();
                    let zero = self.f.push(bb, InstKind::ConstInt(0), Type::Int).unwrap();
                    let more = self.binary(bb, BinOp::GtI, remaining, zero);
                    // A variable closures see is written to the frame on the
                    // body edge only (in a block of its own).
                    let shared_var = !self.code.top_level && self.shared[slot as usize];
                    let body = if shared_var {
                        self.f.add_block()
                    } else {
                        self.blocks[&(pc + 1)]
                    };
                    let out = self.blocks[&(exit as usize)];
                    self.f.push(
                        bb,
                        InstKind::Branch(more, body, vec![], out, vec![]),
                        Type::Void,
                    );
                    // The exit edge carries the state unchanged; the body edge the stepped one.
                    self.jump_from(bb, 1, exit as usize, st.clone())?;
                    let one = self
                        .f
                        .push_before_terminator(bb, InstKind::ConstInt(1), Type::Int);
                    let by = match step {
                        1 => one,
                        s => self
                            .f
                            .push_before_terminator(bb, InstKind::ConstInt(s), Type::Int),
                    };
                    let next2 = self.f.push_before_terminator(
                        bb,
                        InstKind::Binary(BinOp::AddI, next, by),
                        Type::Int,
                    );
                    let rem2 = self.f.push_before_terminator(
                        bb,
                        InstKind::Binary(BinOp::SubI, remaining, one),
                        Type::Int,
                    );
                    let mut body_st = st;
                    *body_st.loops.last_mut().unwrap() = (next2, rem2, step);
                    body_st.locals[slot as usize] = Some(AbsVal {
                        val: next,
                        fb: Some(fb),
                    });
                    if shared_var {
                        self.write_through_loop_var(body, slot, next);
                        return self.jump_from(body, 0, pc + 1, body_st);
                    }
                    return self.jump_from(bb, 0, pc + 1, body_st);
                }
                Op::ForEnd => {
                    st.loops.pop();
                }
                Op::IndexLocals {
                    x, i, j, is2, fb, ..
                } => {
                    let xa = self.read_var(bb, pc, &mut st, x)?;
                    let ia = self.read_local(bb, pc, &st, i)?;
                    let xa = AbsVal {
                        val: xa.val,
                        fb: self.load_fb(xa, Some(fb + 1)),
                    };
                    let ia = AbsVal {
                        val: ia.val,
                        fb: self.load_fb(ia, Some(fb + 2)),
                    };
                    let r = if j == vm::bytecode::NO_SLOT {
                        self.index1(bb, pc, &st, xa, ia, is2, fb)
                    } else {
                        let ja = self.read_local(bb, pc, &st, j)?;
                        let ja = AbsVal {
                            val: ja.val,
                            fb: self.load_fb(ja, Some(fb + 3)),
                        };
                        if is2 {
                            self.runtime(bb, pc, &[xa.val, ia.val, ja.val])
                        } else {
                            self.index2d(bb, pc, &st, xa, ia, ja, fb)
                        }
                    };
                    st.stack.push(AbsVal {
                        val: r,
                        fb: Some(fb),
                    });
                }
                Op::Index { n, empty, fb, .. } | Op::Index2 { n, empty, fb, .. } => {
                    let is2 = matches!(op, Op::Index2 { .. });
                    // `x[i, drop = FALSE]` keeps the general path.
                    let plain = !matches!(op, Op::Index { drop: false, .. });
                    let k = st.stack.len() - n as usize - 1;
                    let operands: Vec<AbsVal> = st.stack[k..].to_vec();
                    let r = if n == 1 && empty == 0 && plain {
                        self.index1(bb, pc, &st, operands[0], operands[1], is2, fb)
                    } else if n == 2 && empty == 0 && plain {
                        // (`m[[i, j]]` of an atomic matrix is `m[i, j]`.)
                        let (x, i, j) = (operands[0], operands[1], operands[2]);
                        self.index2d(bb, pc, &st, x, i, j, fb)
                    } else {
                        let vals: Vec<Val> = operands.iter().map(|a| a.val).collect();
                        self.runtime(bb, pc, &vals)
                    };
                    st.stack.truncate(k);
                    st.stack.push(AbsVal {
                        val: r,
                        fb: Some(fb),
                    });
                }
                Op::SetDollar(..) | Op::SetFun { .. } => {
                    // `x$f <- v`: the stack is `v, x`; `f(x, args) <- v`: `v,
                    // args.., x`. Generic like `SetIndex`: the runtime updates
                    // an unshared x in place (its operand is moved at its last
                    // use) and pushes the new x.
                    let n = match op {
                        Op::SetFun { argc, .. } => argc as usize + 2,
                        _ => 2,
                    };
                    let k = st.stack.len() - n;
                    let vals: Vec<Val> = st.stack[k..].iter().map(|a| a.val).collect();
                    let r = self.runtime(bb, pc, &vals);
                    st.stack.truncate(k);
                    st.stack.push(AbsVal::new(r));
                }
                Op::AndStart(t, _) | Op::OrStart(t, _) => {
                    let is_and = matches!(op, Op::AndStart(..));
                    return self.short_circuit(bb, pc, st, t as usize, is_and);
                }
                Op::AndEnd(_) | Op::OrEnd(_) => {
                    let is_and = matches!(op, Op::AndEnd(_));
                    let r = self.logic_end(bb, pc, &st, is_and);
                    st.stack.truncate(st.stack.len() - 2);
                    st.stack.push(AbsVal::new(r));
                }
                Op::SetIndex { n, empty, fb, .. } | Op::SetIndex2 { n, empty, fb, .. } => {
                    // `x[i..] <- v` / `x[[i..]] <- v`: the stack is `v, i1..in, x`
                    // (x taken from its local). A store into a typed vector
                    // when the feedback allows (`store_elem`), else the runtime,
                    // which updates x in place when it holds the only
                    // reference (lowering moves operands at their last use,
                    // `passes::liveness`). Either pushes the new x.
                    let k = st.stack.len() - n as usize - 2;
                    let r = match (n, empty, matches!(op, Op::SetIndex { .. })) {
                        (1, 0, _) => self.store_elem(&mut bb, pc, &st, fb),
                        (2, 0, _) => self.store_matrix_elem(bb, pc, &st, fb),
                        _ => None,
                    };
                    let r = r.unwrap_or_else(|| {
                        let vals: Vec<Val> = st.stack[k..].iter().map(|a| a.val).collect();
                        self.runtime(bb, pc, &vals)
                    });
                    st.stack.truncate(k);
                    st.stack.push(AbsVal {
                        val: r,
                        fb: Some(fb),
                    });
                }
                Op::Return | Op::EndRegion => {
                    let v = st.stack.pop().unwrap();
                    // Closures made here may outlive the activation, and
                    // their environment is its frame: every local goes there
                    // (`environment(f)$x` reads one no closure uses).
                    self.write_back_at_return(bb, &st);
                    if let Some(rets) = &mut self.returns {
                        // An inlined callee returns to its caller.
                        rets.push((bb, v));
                    } else {
                        // A typed vector is returned as the `any` it was
                        // unboxed from (the same value).
                        let r = self.state_val(v.val);
                        self.f.push(bb, InstKind::Return(r), Type::Void);
                    }
                    return Ok(());
                }
                Op::LoadName(sym, fb) => {
                    let global = match self.load_global(bb, pc, &st, sym, fb) {
                        Some(r) => Some(r),
                        None => self.load_own_global(bb, pc, &st, sym, Some(fb)),
                    };
                    let r = match global {
                        Some(r) => r,
                        None => AbsVal {
                            val: self.free_read(bb, pc),
                            fb: Some(fb),
                        },
                    };
                    st.stack.push(r);
                }
                Op::StoreSuper(sym) => {
                    // `x <<- v` assigns in an enclosing environment: the
                    // runtime does it, unless it is known to be the global one.
                    let v = st.stack.pop().unwrap();
                    if !self.store_global(bb, sym, v) && !self.store_own_global(bb, sym, v) {
                        self.runtime_op(bb, RtOp::FreeStore(pc as u32), &[v.val]);
                    }
                }
                // `...` (as a call's argument list) and `..1`: read from
                // the frame by the runtime, as the interpreter does.
                Op::LoadDots(_) | Op::LoadDotN(..) => {
                    let r = self.runtime_read(bb, pc);
                    st.stack.push(AbsVal::new(r));
                }
                Op::Missing(_) => {
                    // `missing(x)`: the activation's answer (the runtime reads
                    // it without building the frame), a logical.
                    let r = self.runtime_read(bb, pc);
                    let l = self
                        .f
                        .push(bb, InstKind::Unary(UnOp::Unbox, r), Type::Lgl)
                        .unwrap();
                    st.stack.push(AbsVal::new(l));
                }
                Op::LoadSuper(sym, _) => {
                    let r = match self.load_own_global(bb, pc, &st, sym, None) {
                        Some(r) => r,
                        None => AbsVal::new(self.runtime_read(bb, pc)),
                    };
                    st.stack.push(r);
                }
                Op::LoadFun(sym, call) => {
                    // A parameter not supplied, looked up as a function:
                    // the runtime's lookup evaluates its default.
                    let pending_param = self
                        .code
                        .locals
                        .iter()
                        .position(|&l| l == sym)
                        .filter(|&k| self.param_pending(&st, k as u16));
                    let r = match self.begin_inline(bb, pc, &st, sym, call) {
                        Some(placeholder) => placeholder,
                        None => match self
                            .local_callee(bb, pc, &st, sym, call)
                            .or_else(|| self.global_callee(bb, pc, &st, sym, call))
                            .or_else(|| self.known_builtin(bb, pc, &st, sym, call))
                        {
                            Some(f) => f,
                            None => {
                                let r = self.runtime(bb, pc, &[]);
                                if let Some(k) = pending_param {
                                    self.reload_forced_param(bb, &mut st, k as u16);
                                }
                                r
                            }
                        },
                    };
                    st.stack.push(AbsVal::new(r));
                }
                Op::Call { argc, spec, fb, .. } if self.is_inlined_call(&st, argc) => {
                    bb = self.inline_call(bb, &mut st, argc, spec, fb)?;
                }
                Op::Call { argc, fb, .. } => {
                    let k = st.stack.len() - argc as usize - 1;
                    let vals: Vec<Val> = st.stack[k..].iter().map(|a| a.val).collect();
                    published = self.publish_call_state(bb, pc, &st);
                    let r = self.runtime_op(bb, RtOp::Call(pc as u32), &vals);
                    st.stack.truncate(k);
                    // Result types are in the call's feedback (`CallFeedback::result`).
                    st.stack.push(AbsVal::new(r));
                    self.call_results.insert(r, fb);
                }
                Op::DollarTakeLocal(slot, _, _, fb) => {
                    // `*tmp*$f` of a nested replacement, read from its
                    // temporary, which stays the replacement's: the runtime
                    // moves the field out of it when nothing shares it
                    // (`subset::take_field`; the value is then the
                    // temporary's, changed as the interpreter's is). A
                    // classed temporary exits: its `$` method is the
                    // interpreter's to run.
                    let x = self.read_local(bb, pc, &st, slot)?;
                    self.assume_test(bb, x.val, TypeTest::NoClass, pc, &st);
                    // A value another variable (or the stack) holds too is
                    // one `any` slot for both: the runtime must not take
                    // from it (the interpreter's temporary is a second
                    // reference there). The runtime is told by a second
                    // operand.
                    let shared =
                        st.stack.iter().any(|a| a.val == x.val)
                            || st.locals.iter().enumerate().any(|(k, l)| {
                                k != slot as usize && l.is_some_and(|a| a.val == x.val)
                            });
                    let operands = if shared {
                        vec![x.val, x.val]
                    } else {
                        vec![x.val]
                    };
                    let r = self.runtime(bb, pc, &operands);
                    st.stack.push(AbsVal {
                        val: r,
                        fb: Some(fb),
                    });
                }
                Op::Colon(_, fb) | Op::Dollar(_, _, fb) => {
                    let nargs = if matches!(op, Op::Colon(..)) { 2 } else { 1 };
                    let k = st.stack.len() - nargs;
                    let vals: Vec<Val> = st.stack[k..].iter().map(|a| a.val).collect();
                    let field = match op {
                        Op::Dollar(sym, ci, fb) => self.record_field(bb, pc, &st, sym, ci, fb),
                        _ => None,
                    };
                    let r = match (field, op) {
                        (Some(r), _) => r,
                        (None, Op::Dollar(..))
                            if !self.inline.is_empty() && self.returns.is_none() =>
                        {
                            // In the arguments of an inlined call, whose
                            // exits re-execute the whole call: only a `$`
                            // that runs no S3 method (no class) is free of
                            // effects; a classed object exits first.
                            self.assume_test(bb, vals[0], TypeTest::NoClass, pc, &st);
                            self.runtime_pure(bb, pc, &vals)
                        }
                        _ => self.runtime(bb, pc, &vals),
                    };
                    st.stack.truncate(k);
                    st.stack.push(AbsVal {
                        val: r,
                        fb: Some(fb),
                    });
                }
                Op::TryBegin(i) => return self.try_region(bb, pc, st, i),
                // `on.exit(expr)`: the runtime registers the expression on
                // the activation (its frame built), which runs it when it
                // ends; what it reads is in the frame then
                // (`frame_sync::on_exit_reads`).
                Op::OnExit { .. } => {
                    self.runtime(bb, pc, &[]);
                }
                // `UseMethod("f"[, obj])` ends the function with the
                // method's result. The method is called with the
                // activation's arguments, and the object is read from its
                // frame: every local is written there first, the frame the
                // interpreter would have.
                Op::UseMethod { has_obj, .. } => {
                    let k = st.stack.len() - if has_obj { 2 } else { 1 };
                    let vals: Vec<Val> = st.stack[k..].iter().map(|a| a.val).collect();
                    self.store_all(bb, &st);
                    let r = self.runtime(bb, pc, &vals);
                    if self.returns.is_none() {
                        self.f.push(bb, InstKind::Return(r), Type::Void);
                    }
                    return Ok(());
                }
                other => return Err(Unsupported(format!("instruction {:?}", other))),
            }
            self.write_through(bb, &st, op);
            if observer {
                self.reload_after(bb, &mut st);
            }
            if published {
                self.check_frame_synced(bb, pc + 1, &st);
            }
            pc += 1;
        }
    }
}
