//! Logical values and control: `lgl` to `bool` conversion, `&&`/`||`
//! (`short_circuit`, `logic_end`, `Known` facts) and conditional branches.

use super::*;

/// A fact about a stack value at a block start (see `Builder::known`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Known {
    /// A logical scalar (`Value::Lgl`, possibly NA): what `AndStart`,
    /// `OrStart`, `AndEnd` and `OrEnd` push in the interpreter.
    Lgl,
    /// Exactly this logical value (the undecided left operand of `&&` is TRUE,
    /// of `||` FALSE, once its NA case was speculated away).
    Exactly(i32),
}

impl<'a> Builder<'a> {
    /// `a` as a `bool` if it is, or is speculated to be, a logical scalar
    /// never seen NA (checkpoint at `pc` with state `st`); else `a` unchanged.
    pub(super) fn lgl_truth(&mut self, bb: Block, pc: usize, st: &State, a: AbsVal) -> Val {
        let bits = self.bits_of(a);
        let v = match self.f.ty(a.val) {
            Type::Any
                if self.speculated_test(bits) == Some(TypeTest::IsLgl)
                    && bits & TypeFeedback::NA == 0 =>
            {
                self.speculate(bb, a, bits, pc, st)
            }
            // An inlined `is.null`/`is.na`/comparison (`!is.null(x)`).
            Type::Lgl => a.val,
            _ => return a.val,
        };
        self.lgl_to_bool(bb, pc, st, v, None)
    }

    /// A logical scalar as a `bool`, assuming it is not NA (checkpoint at `pc`
    /// with state `st`): what a condition or `&&`/`||` operand needs.
    fn lgl_to_bool(&mut self, bb: Block, pc: usize, st: &State, v: Val, fb: Option<u32>) -> Val {
        let cp = self.checkpoint(bb, pc, st);
        let na = self
            .f
            .push(bb, InstKind::Unary(UnOp::LglIsNa, v), Type::Bool)
            .unwrap();
        let ok = self
            .f
            .push(bb, InstKind::Unary(UnOp::NotB, na), Type::Bool)
            .unwrap();
        self.assume(bb, ok, cp, Reason::TypeCheck);
        if let Some(fb) = fb {
            // A deopt records the NA there (the exit's tested value is `v`).
            self.note_feedback(fb);
        }
        self.f
            .push(bb, InstKind::Unary(UnOp::LglToBool, v), Type::Bool)
            .unwrap()
    }

    /// Use what `known` says about stack slot `k` at the block starting at `pc`.
    pub(super) fn apply_known(
        &mut self,
        bb: Block,
        pc: usize,
        st: &mut State,
        k: usize,
        fact: Known,
    ) {
        let Some(a) = st.stack.get(k).copied() else {
            return;
        };
        if self.f.ty(a.val) != Type::Any {
            return;
        }
        let val = match fact {
            // The entry state comes from the interpreter, which may hold NA.
            Known::Exactly(x) if pc != self.entry_pc => {
                self.f.push(bb, InstKind::ConstLgl(x), Type::Lgl).unwrap()
            }
            // A logical scalar by construction: unboxing needs no type test.
            _ => self
                .f
                .push(bb, InstKind::Unary(UnOp::Unbox, a.val), Type::Lgl)
                .unwrap(),
        };
        st.stack[k] = AbsVal { val, fb: a.fb };
    }

    /// `AndStart(target)` / `OrStart(target)`: the left operand's logical value
    /// `l` stays on the stack; `&&` jumps to `target` when `l` is FALSE, `||`
    /// when it is TRUE, else both continue with the right operand at `pc + 1`.
    pub(super) fn short_circuit(
        &mut self,
        bb: Block,
        pc: usize,
        mut st: State,
        target: usize,
        is_and: bool,
    ) -> Result<(), Unsupported> {
        let a = *st.stack.last().unwrap();
        let bits = self.bits_of(a);
        // Only a logical is worth speculating on (anything else is coerced by
        // the runtime, with R's errors and warnings).
        let av = if self.speculated_test(bits) == Some(TypeTest::IsLgl) {
            self.speculate(bb, a, bits, pc, &st)
        } else {
            a.val
        };
        let ty = self.f.ty(av);
        // A left value never NA: `truth` is its exact value (and the right
        // operand is reached only with the non-deciding one). (Not the value
        // a continuation entered here starts with: its NA check failed.)
        let truth = match ty {
            Type::Bool => Some(av),
            Type::Lgl if bits & TypeFeedback::NA == 0 && pc != self.entry_pc => {
                Some(self.lgl_to_bool(bb, pc, &st, av, a.fb))
            }
            _ => None,
        };
        let (l, decided) = match truth {
            Some(t) => {
                let decided = if is_and {
                    self.f
                        .push(bb, InstKind::Unary(UnOp::NotB, t), Type::Bool)
                        .unwrap()
                } else {
                    t
                };
                (av, decided)
            }
            None => {
                // The interpreter's coercion: a logical scalar, possibly NA.
                let r = self.runtime(bb, pc, &[av]);
                let l = self
                    .f
                    .push(bb, InstKind::Unary(UnOp::Unbox, r), Type::Lgl)
                    .unwrap();
                // `lgl2bool` is `l != 0`, so NA counts as TRUE here.
                let nz = self
                    .f
                    .push(bb, InstKind::Unary(UnOp::LglToBool, l), Type::Bool)
                    .unwrap();
                let decided = if is_and {
                    self.f
                        .push(bb, InstKind::Unary(UnOp::NotB, nz), Type::Bool)
                        .unwrap()
                } else {
                    let na = self
                        .f
                        .push(bb, InstKind::Unary(UnOp::LglIsNa, l), Type::Bool)
                        .unwrap();
                    let not_na = self
                        .f
                        .push(bb, InstKind::Unary(UnOp::NotB, na), Type::Bool)
                        .unwrap();
                    self.binary(bb, BinOp::AndB, nz, not_na)
                };
                (l, decided)
            }
        };
        let k = st.stack.len() - 1;
        st.stack[k] = AbsVal { val: l, fb: a.fb };
        // Facts for the two successors, valid only if nothing else enters them.
        let next = pc + 1;
        if self.count_jumps_to(next) == 0 {
            let fact = if truth.is_some() {
                Known::Exactly(is_and as i32)
            } else {
                Known::Lgl
            };
            self.known.insert(next, (k, fact));
        }
        let end_op = target.checked_sub(1).map(|e| self.code.ops[e]);
        let ends_here = matches!(
            (is_and, end_op),
            (true, Some(Op::AndEnd(_))) | (false, Some(Op::OrEnd(_)))
        );
        if ends_here && self.count_jumps_to(target) == 1 {
            self.known.insert(target, (k, Known::Lgl));
        }
        let (t_dec, t_next) = (self.blocks[&target], self.blocks[&next]);
        self.f.push(
            bb,
            InstKind::Branch(decided, t_dec, vec![], t_next, vec![]),
            Type::Void,
        );
        self.jump_from(bb, 0, target, st.clone())?;
        self.jump_from(bb, 1, next, st)
    }

    /// `AndEnd` / `OrEnd` on the stack `a, b`: with `a` known to be the
    /// non-deciding value (TRUE for `&&`, FALSE for `||`) the result is `b` as
    /// a logical scalar; otherwise the runtime applies R's three-valued rules.
    /// `v` unboxed (the value a `box` boxes), and for a parameter of a
    /// block that is not a loop header (all its edges are emitted when it
    /// is entered) the value every edge passes for it, if they pass the
    /// same one (each edge boxes it anew; `depth` bounds the search).
    fn same_on_all_edges(&self, v: Val, depth: u32) -> Val {
        let v = match self.f.def_inst(v).map(|i| &self.f.inst(i).kind) {
            Some(InstKind::Unary(UnOp::Box, x)) => *x,
            _ => v,
        };
        let ValDef::Param(b, k) = self.f.vals[v.0 as usize].def else {
            return v;
        };
        if depth == 0
            || self
                .headers
                .iter()
                .any(|pc| self.blocks.get(pc) == Some(&b))
        {
            return v;
        }
        let args: Vec<Val> = self
            .f
            .incoming_args(b, k)
            .into_iter()
            .map(|a| self.same_on_all_edges(a, depth - 1))
            .collect();
        match args.first() {
            Some(&u) if args.iter().all(|&x| x == u) => u,
            _ => v,
        }
    }

    pub(super) fn logic_end(&mut self, bb: Block, pc: usize, st: &State, is_and: bool) -> Val {
        let n = st.stack.len();
        let (a, b) = (st.stack[n - 2], st.stack[n - 1]);
        // (The constant may come boxed, as the argument every edge into a
        // join passes: a left operand carried over the right operand's own
        // `||`/`&&`, `a && (b || c)`.)
        let unboxed = self.same_on_all_edges(a.val, 8);
        let neutral = matches!(
            self.f.def_inst(unboxed).map(|i| &self.f.inst(i).kind),
            Some(InstKind::ConstLgl(x)) if *x == is_and as i32
        );
        if neutral {
            let bits = self.bits_of(b);
            let bv = self.speculate(bb, b, bits, pc, st);
            let r = match self.f.ty(bv) {
                Type::Bool | Type::Lgl => Some(bv),
                Type::Int => Some(
                    self.f
                        .push(bb, InstKind::Unary(UnOp::IntToLgl, bv), Type::Lgl)
                        .unwrap(),
                ),
                Type::Dbl => Some(
                    self.f
                        .push(bb, InstKind::Unary(UnOp::DblToLgl, bv), Type::Lgl)
                        .unwrap(),
                ),
                _ => None,
            };
            if let Some(r) = r {
                return r;
            }
            let r = self.runtime(bb, pc, &[a.val, bv]);
            return self
                .f
                .push(bb, InstKind::Unary(UnOp::Unbox, r), Type::Lgl)
                .unwrap();
        }
        let r = self.runtime(bb, pc, &[a.val, b.val]);
        self.f
            .push(bb, InstKind::Unary(UnOp::Unbox, r), Type::Lgl)
            .unwrap()
    }

    pub(super) fn branch(
        &mut self,
        bb: Block,
        pc: usize,
        mut st: State,
        target: usize,
        fb: u32,
    ) -> Result<(), Unsupported> {
        let c = st.stack.pop().unwrap();
        st.stack.push(c);
        let cbits = self.bits_of(c);
        let cv = self.speculate(bb, c, cbits, pc, &st);
        // A logical seen NA (R's error for `if (NA)`, recorded by the exit
        // of its NA check) goes to the runtime, which raises it; so does
        // the condition a continuation entered at this branch starts with
        // (the value whose check failed: an NA the context cannot tell).
        let seen_na = cbits & TypeFeedback::NA != 0 || pc == self.entry_pc;
        let cv = if self.f.ty(cv) == Type::Lgl && seen_na {
            self.boxed(bb, cv)
        } else {
            cv
        };
        let cond = match self.f.ty(cv) {
            Type::Bool => cv,
            // (An NA is recorded in the condition's feedback.)
            Type::Lgl => self.lgl_to_bool(bb, pc, &st, cv, c.fb),
            _ => {
                // The runtime applies R's rules (and errors) for the condition
                // and returns TRUE or FALSE, never NA.
                let r = self.runtime(bb, pc, &[cv]);
                let l = self
                    .f
                    .push(bb, InstKind::Unary(UnOp::Unbox, r), Type::Lgl)
                    .unwrap();
                self.f
                    .push(bb, InstKind::Unary(UnOp::LglToBool, l), Type::Bool)
                    .unwrap()
            }
        };
        let bits = self.fb_bits(Some(fb));
        let taken = bits & TypeFeedback::TAKEN != 0; // jumped: condition FALSE
        let fallthrough = bits & TypeFeedback::NOT_TAKEN != 0; // condition TRUE
        if taken != fallthrough && bits & TypeFeedback::STALE == 0 {
            // One direction only: assume it (dead branch) and go there unconditionally.
            let cp = self.checkpoint(bb, pc, &st);
            let expect = if fallthrough {
                cond
            } else {
                self.f
                    .push(bb, InstKind::Unary(UnOp::NotB, cond), Type::Bool)
                    .unwrap()
            };
            self.assume(bb, expect, cp, Reason::DeadBranch);
            st.stack.pop();
            return self.jump_from(bb, 0, if fallthrough { pc + 1 } else { target }, st);
        }
        st.stack.pop();
        let (t_then, t_else) = (self.blocks[&(pc + 1)], self.blocks[&target]);
        self.f.push(
            bb,
            InstKind::Branch(cond, t_then, vec![], t_else, vec![]),
            Type::Void,
        );
        self.jump_from(bb, 0, pc + 1, st.clone())?;
        self.jump_from(bb, 1, target, st)
    }

    /// `switch`: the runtime finds the pc R goes on at (`switch_target`,
    /// with R's errors), and a chain of compares branches to it, one arm
    /// after another, the last target (no arm matched) by default.
    pub(super) fn switch(
        &mut self,
        bb: Block,
        pc: usize,
        mut st: State,
        table: u32,
    ) -> Result<(), Unsupported> {
        let sel = st.stack.pop().unwrap();
        let r = self.runtime(bb, pc, &[sel.val]);
        let target = self
            .f
            .push(bb, InstKind::Unary(UnOp::Unbox, r), Type::Int)
            .unwrap();
        let targets = super::cfg::switch_targets(&self.code.switches[table as usize]);
        let (&last, tests) = targets
            .split_last()
            .expect("a switch has a no-match target");
        let mut at = bb;
        for &p in tests {
            let k = self
                .f
                .push(at, InstKind::ConstInt(p as i32), Type::Int)
                .unwrap();
            let hit = self
                .f
                .push(at, InstKind::Binary(BinOp::EqI, target, k), Type::Bool)
                .unwrap();
            let next = self.f.add_block();
            let to = self.blocks[&p];
            self.f.push(
                at,
                InstKind::Branch(hit, to, vec![], next, vec![]),
                Type::Void,
            );
            self.jump_from(at, 0, p, st.clone())?;
            at = next;
        }
        self.jump_from(at, 0, last, st)
    }
}
