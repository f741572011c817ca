//! Loops: loop headers and the locals they carry, the hand-over of
//! polymorphic `for` loops to typed loop code (`guarded_transfer`,
//! `transfer`), peeling of enclosing loops, and `for` loop steps.

use super::*;

/// The fewest iterations for which a `for` loop over polymorphic values
/// hands over to loop code typed by the run's values (`guarded_transfer`):
/// a transfer costs a few microseconds, a generic iteration about 0.1 µs
/// more than a typed one.
pub const TYPED_LOOP_MIN_TRIPS: i32 = 64;

impl<'a> Builder<'a> {
    /// See `Builder::loop_carried`.
    pub(super) fn loop_carried_locals(&self) -> BTreeMap<usize, Vec<u16>> {
        let ops = &self.code.ops;
        let reads = |op: &Op| -> Vec<u16> {
            match *op {
                Op::LoadLocal(s, _)
                | Op::TakeLocal(s)
                | Op::ArithLocal(_, s, _, _)
                | Op::DollarTakeLocal(s, ..) => vec![s],
                Op::IndexLocals { x, i, j, .. } => vec![x, i, j],
                _ => vec![],
            }
        };
        let ops: Vec<Op> = ops.iter().map(|&op| self.as_local_op(op, None)).collect();
        let np = if self.code.top_level {
            0
        } else {
            self.code.nparams
        };
        let mut loops: Vec<(usize, usize, BTreeSet<u16>)> = Vec::new();
        for &h in &self.headers {
            let end = loop_end(&ops, h);
            let assigned: BTreeSet<u16> = ops[h..=end].iter().filter_map(local_written).collect();
            let read_outside: BTreeSet<u16> = ops
                .iter()
                .enumerate()
                .filter(|&(pc, _)| pc < h || pc > end)
                .flat_map(|(_, op)| reads(op))
                .collect();
            // Locals other code sees (closures, callers of top-level code)
            // are read "outside" at any time. A parameter read in the loop
            // may be a missing argument whose default its first read there
            // evaluates and binds (`Builder::force_param`): bound from then
            // on, also in later iterations.
            let forced = ops[h..=end].iter().filter_map(|op| match *op {
                Op::LoadLocal(s, _) if (s as usize) < np => Some(s),
                _ => None,
            });
            // A call of a local by name (`f <- function(...) ...` in one
            // iteration, `f(x)` in this and later ones) looks it up through
            // the frame, where compiled code writes it first
            // (`frame_sync`): the value it writes must be the one bound by
            // any earlier iteration, so the local is carried. (A `LoadLocal`
            // of a local not bound on entry is rejected instead.) Generated
            // programs found it: a local `log10` assigned in one iteration
            // was unbound again in the frame states of the next, and an exit
            // there resumed with the builtin.
            let called: BTreeSet<u16> = ops[h..=end]
                .iter()
                .filter_map(|op| match *op {
                    Op::LoadFun(sym, _) => self
                        .code
                        .locals
                        .iter()
                        .position(|&l| l == sym)
                        .map(|k| k as u16),
                    _ => None,
                })
                .collect();
            let carried: BTreeSet<u16> = assigned
                .iter()
                .filter(|&&s| {
                    read_outside.contains(&s) || self.shared[s as usize] || called.contains(&s)
                })
                .copied()
                .chain(forced)
                .collect();
            loops.push((h, end, carried));
        }
        // What an enclosing loop carries passes through the headers inside
        // it: code entered at an inner header (OSR-in) fixes that header's
        // layout at entry, when an outer local may still be unbound, and
        // later iterations of the outer loop bring it bound.
        let mut out = BTreeMap::new();
        for (h, end, carried) in &loops {
            let mut all = carried.clone();
            for (h2, end2, outer) in &loops {
                if h2 < h && end2 >= end {
                    all.extend(outer);
                }
            }
            if !all.is_empty() {
                out.insert(*h, all.into_iter().collect::<Vec<u16>>());
            }
        }
        // Code entered in the middle of a loop's body (a continuation) fixes
        // the entry block's layout at entry too, and the loop comes back to
        // it in its next iteration: it carries what the loops around it
        // carry. (Found by the corpus under `--whole-continuations` and
        // chaos: `if (i == k) snap <- x` in a loop, a continuation entered
        // at the `if` with `snap` still unbound, and its exits in later
        // iterations wrote `snap` back unbound.)
        let entry = self.entry_pc;
        if !self.headers.contains(&entry) {
            let around: BTreeSet<u16> = loops
                .iter()
                .filter(|(h, end, _)| *h < entry && entry <= *end)
                .flat_map(|(_, _, carried)| carried.iter().copied())
                .collect();
            if !around.is_empty() {
                out.insert(entry, around.into_iter().collect());
            }
        }
        out
    }

    /// The locals the loop at header `h` assigns (its body up to its last
    /// back edge; nested loops included).
    pub(super) fn assigned_in_loop(&self, h: usize) -> BTreeSet<u16> {
        let ops: Vec<Op> = self
            .code
            .ops
            .iter()
            .map(|&op| self.as_local_op(op, None))
            .collect();
        ops[h..=loop_end(&ops, h)]
            .iter()
            .filter_map(local_written)
            .collect()
    }

    /// Loop headers: the targets of backward jumps.
    pub(super) fn loop_headers(&self) -> BTreeSet<usize> {
        self.code.back_edges().map(|(h, _)| h).collect()
    }

    /// Headers of the loops never reached so far that do not enclose
    /// `entry_pc` (see `Builder::unreached_loops`).
    pub(super) fn unreached_loops(&self, entry_pc: usize) -> BTreeSet<usize> {
        let encloses = |t: usize, j: usize| t <= entry_pc && entry_pc <= j;
        let mut h: BTreeSet<usize> = self
            .code
            .back_edges()
            .filter(|&(t, j)| !encloses(t, j) && !self.code.loop_reached(t))
            .map(|(t, _)| t)
            .collect();
        // (A loop with several back edges encloses the entry if any does.)
        for (t, j) in self.code.back_edges() {
            if encloses(t, j) {
                h.remove(&t);
            }
        }
        h
    }

    /// Should the first edge into the `for` loop at header `target` hand
    /// over to loop code typed by the values at run time? It should when a
    /// local the loop starts with is `any` only because its profile saw
    /// several numeric types (`col <- tbl[[j]]` over integer and double
    /// columns): built here, the loop would run every operation on it
    /// through the runtime, slower than the interpreter; the OSR-in code of
    /// the loop for this run's types (cached per entry types, the same code
    /// OSR-in and continuations enter) runs it natively. Not where the code
    /// is entered, in inlined code, or where transfers are already made.
    pub(super) fn wants_typed_loop(&self, target: usize, state: &State) -> bool {
        use TypeFeedback as T;
        if target == self.entry_pc
            || !self.inline.is_empty()
            || !self.transfer_at.is_empty()
            || self.typed_loop_guards.contains(&target)
            || !matches!(self.code.ops.get(target), Some(Op::ForStep { .. }))
            || state.loops.is_empty()
            || self.blocks.get(&target).is_some_and(|&b| self.entered(b))
        {
            return false;
        }
        let numeric = T::LGL | T::INT | T::DBL | T::CPLX;
        let kinds = numeric | T::STR | T::LIST | T::NULL | T::FUN;
        state.locals.iter().flatten().any(|a| {
            let bits = self.fb_bits(a.fb);
            self.f.ty(a.val) == Type::Any
                && bits & T::STALE == 0
                && bits & kinds & !numeric == 0
                && (bits & numeric).count_ones() >= 2
        })
    }

    /// The first edge into a `for` loop whose locals are polymorphic
    /// (`wants_typed_loop`): when the loop has at least
    /// `TYPED_LOOP_MIN_TRIPS` iterations to run, a transfer exit to the
    /// loop's code typed by the current values; otherwise into the loop
    /// built here (a transfer costs microseconds).
    pub(super) fn guarded_transfer(
        &mut self,
        from: Block,
        edge: usize,
        target: usize,
        state: State,
    ) -> Result<(), Unsupported> {
        self.typed_loop_guards.insert(target);
        let check = self.f.add_block();
        self.redirect_edge(from, edge, check)?;
        let remaining = state.loops.last().expect("a for loop's header").1;
        let trips = self
            .f
            .push(check, InstKind::ConstInt(TYPED_LOOP_MIN_TRIPS), Type::Int)
            .unwrap();
        let long = self
            .f
            .push(
                check,
                InstKind::Binary(BinOp::GeI, remaining, trips),
                Type::Bool,
            )
            .unwrap();
        let header = self.blocks[&target];
        self.f.push(
            check,
            InstKind::Branch(long, check, vec![], header, vec![]),
            Type::Void,
        );
        self.transfer(check, 0, target, state.clone())?;
        self.jump_from(check, 1, target, state)
    }

    /// End the code on edge `edge` of `from` (into the loop header `target`)
    /// with a transfer exit: a fresh block whose checkpoint is the state at
    /// the header and whose assume always exits.
    pub(super) fn transfer(
        &mut self,
        from: Block,
        edge: usize,
        target: usize,
        state: State,
    ) -> Result<(), Unsupported> {
        let tb = self.f.add_block();
        self.redirect_edge(from, edge, tb)?;
        let cp = self.checkpoint(tb, target, &state);
        let never = self
            .f
            .push(tb, InstKind::ConstBool(false), Type::Bool)
            .unwrap();
        self.assume(tb, never, cp, Reason::Transfer);
        let z = self
            .f
            .push(tb, InstKind::ConstAny(UNBOUND), Type::Any)
            .unwrap();
        self.f.push(tb, InstKind::Return(z), Type::Void);
        Ok(())
    }

    /// Entered inside loops (a continuation or OSR-in): give the enclosing
    /// loops a copy entered at its header (`passes::peel`), innermost first,
    /// as many as copying at most the function's size allows, unless the
    /// result does not verify (then the function stays as built).
    pub(super) fn peel_enclosing_loops(&mut self, bb0: Block, entry_pc: usize) {
        // Loops are back edges `Jump(t)` at pc j > t; they enclose the entry
        // when t < entry_pc <= j (an entry at a header is that loop's own).
        let mut spans: BTreeMap<usize, usize> = BTreeMap::new();
        for (t, j) in self.code.back_edges() {
            if t < entry_pc && entry_pc <= j {
                let end = spans.entry(t).or_insert(j);
                *end = (*end).max(j);
            }
        }
        // Innermost (latest header) first.
        let headers: Vec<Block> = spans
            .keys()
            .rev()
            .filter_map(|t| self.blocks.get(t).copied())
            .collect();
        let Some(&entry) = self.blocks.get(&entry_pc) else {
            return;
        };
        let before = self.f.clone();
        // (At most doubled: see `peel::run`.)
        let budget = self.f.insts.len();
        if crate::passes::peel::run(&mut self.f, bb0, entry, &headers, budget)
            && crate::verify::verify(&self.f).is_err()
        {
            self.f = before;
        }
    }

    /// `from:to` of a `for` loop through the runtime (`exec_frame_free`
    /// returns `c(from, count)` for an upward integer range, else NULL, which
    /// the assume sends back to the interpreter): `(from, count)` as `int`s.
    pub(super) fn range_generic(
        &mut self,
        bb: Block,
        pc: usize,
        st: &State,
        from: AbsVal,
        to: AbsVal,
    ) -> (Val, Val) {
        let r = self.runtime(bb, pc, &[from.val, to.val]);
        let cp = self.checkpoint(bb, pc, st);
        let ok = self
            .f
            .push(bb, InstKind::Test(TypeTest::IsVecInt, r), Type::Bool)
            .unwrap();
        self.assume(bb, ok, cp, Reason::TypeCheck);
        let v = self
            .f
            .push(bb, InstKind::Unary(UnOp::Unbox, r), Type::VecInt)
            .unwrap();
        let zero = self.f.push(bb, InstKind::ConstInt(0), Type::Int).unwrap();
        let one = self.f.push(bb, InstKind::ConstInt(1), Type::Int).unwrap();
        let fv = self
            .f
            .push(bb, InstKind::VecLoad(v, zero), Type::Int)
            .unwrap();
        let n = self
            .f
            .push(bb, InstKind::VecLoad(v, one), Type::Int)
            .unwrap();
        (fv, n)
    }

    /// `ForStep` of a loop over the elements of a sequence (in hidden local
    /// `for_seqs[seq]`): at the end, leave by `exit` with the state as it is;
    /// else bind local `var` to the element at the count (a typed load from a
    /// typed vector, else the runtime's) and continue into the body with the
    /// counters stepped. Every check is against the state before the step.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn for_seq_step(
        &mut self,
        bb: Block,
        pc: usize,
        st: State,
        exit: usize,
        var: u16,
        fb: u32,
        seq: u16,
    ) -> Result<(), Unsupported> {
        let Some(slot) = self.var_slot(self.code.for_seqs[seq as usize].get()) else {
            return Err(Unsupported("for loop over a global variable".into()));
        };
        let Some(sa) = st.locals[slot as usize] else {
            return Err(Unsupported(format!("for sequence unbound at pc {}", pc)));
        };
        let (next, remaining, step) = *st.loops.last().unwrap();
        debug_assert_eq!(step, 1, "sequences are walked upward");
        let zero = self.f.push(bb, InstKind::ConstInt(0), Type::Int).unwrap();
        let more = self.binary(bb, BinOp::GtI, remaining, zero);
        let eb = self.f.add_block();
        let out = self.blocks[&exit];
        self.f.push(
            bb,
            InstKind::Branch(more, eb, vec![], out, vec![]),
            Type::Void,
        );
        self.jump_from(bb, 1, exit, st.clone())?;
        let bits = self
            .seq_bits
            .get(&slot)
            .copied()
            .unwrap_or_else(|| self.bits_of(sa));
        let xv = self.speculate(eb, sa, bits, pc, &st);
        let one = self.f.push(eb, InstKind::ConstInt(1), Type::Int).unwrap();
        let elem_ty = match self.f.ty(xv) {
            Type::VecDbl => Some(Type::Dbl),
            Type::VecInt => Some(Type::Int),
            Type::VecLgl => Some(Type::Lgl),
            Type::VecCplx => Some(Type::Cplx),
            _ => None,
        };
        let na_seen = self.fb_bits(Some(fb)) & TypeFeedback::NA != 0;
        let elem = match elem_ty {
            Some(elem) if !(na_seen && elem == Type::Int) => {
                let cp = self.checkpoint(eb, pc, &st);
                let ok = self
                    .f
                    .push(eb, InstKind::InBounds(xv, next), Type::Bool)
                    .unwrap();
                self.assume(eb, ok, cp, Reason::TypeCheck);
                let i0 = self.binary(eb, BinOp::SubI, next, one);
                let v = self.f.push(eb, InstKind::VecLoad(xv, i0), elem).unwrap();
                if elem == Type::Int {
                    // An `int` is never NA: an NA element exits.
                    let na = self
                        .f
                        .push(eb, InstKind::ConstInt(i32::MIN + 1), Type::Int)
                        .unwrap();
                    let not_na = self.binary(eb, BinOp::GeI, v, na);
                    self.assume(eb, not_na, cp, Reason::TypeCheck);
                }
                v
            }
            _ => self.runtime(eb, pc, &[xv, next]),
        };
        let next2 = self.binary(eb, BinOp::AddI, next, one);
        let rem2 = self.binary(eb, BinOp::SubI, remaining, one);
        let mut body_st = st;
        *body_st.loops.last_mut().unwrap() = (next2, rem2, step);
        body_st.locals[var as usize] = Some(AbsVal {
            val: elem,
            fb: Some(fb),
        });
        self.write_through_loop_var(eb, var, elem);
        self.jump_from(eb, 0, pc + 1, body_st)
    }
}

/// Where the empty path of a `for` loop goes (`Builder::empty_loop_exit`):
/// the loop's exit pc, its variable's slot, and the pool index of a NULL
/// constant (R binds the variable to NULL).
pub(super) struct EmptyLoopPath {
    exit: usize,
    slot: u16,
    null: u32,
}

impl<'a> Builder<'a> {
    /// The end `to` of an upward `from:to` loop: an `int` (as
    /// `int_operand`: an integral double assumed so), or, when `to` is
    /// speculated a double that is not a constant, the `dbl` itself (1:3.5
    /// counts 1, 2, 3: R's count does not need an integral end; assuming
    /// one failed at every fractional end, each failure a deopt).
    pub(super) fn range_end(
        &mut self,
        bb: Block,
        pc: usize,
        st: &State,
        to: AbsVal,
        down: bool,
    ) -> Result<Val, Unsupported> {
        let constant = matches!(
            self.f.def_inst(to.val).map(|i| &self.f.inst(i).kind),
            Some(InstKind::ConstDbl(_))
        );
        let dbl = match self.f.ty(to.val) {
            Type::Dbl => true,
            Type::Any => self.speculated_test(self.bits_of(to)) == Some(TypeTest::IsDbl),
            _ => false,
        };
        if down || constant || !dbl {
            return self.int_operand(bb, pc, st, to);
        }
        Ok(self.speculate(bb, to, self.bits_of(to), pc, st))
    }

    /// The count of `from:to` with an `int` start and a `dbl` end, as R's
    /// `seq_colon` (and `vm::builtins::construct::colon_count`):
    /// `(int) (to - from + 1 + FLT_EPSILON)`. Assumed upward
    /// and at least one element (a shorter or NaN range exits, as a
    /// downward one does), and within `int` (an end past it makes R's
    /// sequence double).
    pub(super) fn count_to_dbl(
        &mut self,
        bb: Block,
        pc: usize,
        st: &State,
        from: Val,
        to: Val,
    ) -> Val {
        let fd = self.unary(bb, UnOp::IntToDbl, from, Type::Dbl);
        let span = self.binary(bb, BinOp::SubD, to, fd);
        // (Added in R's order, `(r + 1) + FLT_EPSILON`: `colon_count`.)
        let one_d = self.f.push(bb, InstKind::ConstDbl(1.0), Type::Dbl).unwrap();
        let eps = self
            .f
            .push(bb, InstKind::ConstDbl(f32::EPSILON as f64), Type::Dbl)
            .unwrap();
        let x = self.binary(bb, BinOp::AddD, span, one_d);
        let x = self.binary(bb, BinOp::AddD, x, eps);
        let n = self.unary(bb, UnOp::DblToInt, x, Type::Int);
        let cp = self.checkpoint(bb, pc, st);
        let one = self.f.push(bb, InstKind::ConstInt(1), Type::Int).unwrap();
        let some = self.binary(bb, BinOp::GeI, n, one);
        self.assume(bb, some, cp, Reason::TypeCheck);
        let max = self
            .f
            .push(bb, InstKind::ConstDbl(i32::MAX as f64), Type::Dbl)
            .unwrap();
        let fits = self.binary(bb, BinOp::LtD, to, max);
        let fits = self.unary(bb, UnOp::LglToBool, fits, Type::Bool);
        self.assume(bb, fits, cp, Reason::TypeCheck);
        n
    }

    /// Guard the count `n` of the counted loop whose prep is at `pc` (state
    /// `st`, the prep's operand on the stack). An empty loop binds its
    /// variable to NULL: assumed not to happen until the profile saw it;
    /// after that (`exact`: a count that stands for no error), the loop
    /// gets an empty path, returned with its condition (`n > 0`) for
    /// `branch_empty_loop` once the loop's state is pushed. A count that
    /// `may_be_negative` (seq_len's error) exits below zero either way.
    pub(super) fn guard_loop_count(
        &mut self,
        bb: Block,
        pc: usize,
        st: &State,
        n: Val,
        exact: bool,
        may_be_negative: bool,
    ) -> Option<(Val, EmptyLoopPath)> {
        let zero = self.f.push(bb, InstKind::ConstInt(0), Type::Int).unwrap();
        let nonempty = self.binary(bb, BinOp::GtI, n, zero);
        let path = if exact {
            self.empty_loop_exit(pc)
        } else {
            None
        };
        let Some(path) = path else {
            let cp = self.checkpoint(bb, pc, st);
            self.assume(bb, nonempty, cp, Reason::TypeCheck);
            return None;
        };
        if may_be_negative {
            let cp = self.checkpoint(bb, pc, st);
            let counts = self.binary(bb, BinOp::GeI, n, zero);
            self.assume(bb, counts, cp, Reason::TypeCheck);
        }
        Some((nonempty, path))
    }

    /// The empty path of the `for` loop whose prep is at `pc` (its
    /// `ForStep` at `pc + 1`), when the profile saw the loop run zero times
    /// (`FunctionCode::empty_loop_seen`), its variable is a local and the
    /// code has a NULL constant (every `for` loop's value is one). `None`:
    /// the loop is assumed nonempty.
    pub(super) fn empty_loop_exit(&self, pc: usize) -> Option<EmptyLoopPath> {
        let Some(&Op::ForStep { exit, var, .. }) = self.code.ops.get(pc + 1) else {
            return None;
        };
        let Var::Local(slot) = var.get() else {
            return None;
        };
        if !self.code.empty_loop_seen(pc + 1) || !self.inline.is_empty() {
            return None;
        }
        let null = self.code.consts.iter().position(|v| v.is_null())? as u32;
        Some(EmptyLoopPath {
            exit: exit as usize,
            slot,
            null,
        })
    }

    /// End the prep of a `for` loop (state `st`: its counters pushed) with
    /// a branch on `nonempty`: into the loop's header, or to its exit with
    /// the variable bound to NULL, as R binds it after an empty loop (the
    /// frame too, when closures see the variable).
    pub(super) fn branch_empty_loop(
        &mut self,
        bb: Block,
        pc: usize,
        st: State,
        nonempty: Val,
        path: EmptyLoopPath,
    ) -> Result<(), Unsupported> {
        let header = self.blocks[&(pc + 1)];
        let empty = self.f.add_block();
        self.f.push(
            bb,
            InstKind::Branch(nonempty, header, vec![], empty, vec![]),
            Type::Void,
        );
        let null = self
            .f
            .push(empty, InstKind::ConstAny(path.null), Type::Any)
            .unwrap();
        self.write_through_loop_var(empty, path.slot, null);
        let mut empty_st = st.clone();
        empty_st.locals[path.slot as usize] = Some(AbsVal::new(null));
        self.jump_from(empty, 0, path.exit, empty_st)?;
        self.jump_from(bb, 0, pc + 1, st)
    }
}

/// The local `op` assigns, if any (`as_local_op` form).
fn local_written(op: &Op) -> Option<u16> {
    match *op {
        Op::StoreLocal(s) | Op::ArithLocal(_, s, _, _) => Some(s),
        Op::ForStep { var, .. } => match var.get() {
            Var::Local(s) => Some(s),
            Var::Name(_) => None,
        },
        _ => None,
    }
}

/// The pc of the last back edge of the loop at header `h`.
fn loop_end(ops: &[Op], h: usize) -> usize {
    (0..ops.len())
        .filter(|&j| matches!(ops[j], Op::Jump(t) if t as usize == h))
        .max()
        .unwrap_or(h)
}
