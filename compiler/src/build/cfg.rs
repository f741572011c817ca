//! CFG shaping: which pcs start blocks, the edges between blocks with their
//! arguments, and block parameters created when a block is entered.

use super::*;

impl<'a> Builder<'a> {
    /// The terminator `from` already ends with (a branch whose edges are
    /// being connected), if any.
    fn terminator_inst(&self, from: Block) -> Option<Inst> {
        self.f.blocks[from.0 as usize]
            .insts
            .last()
            .copied()
            .filter(|&i| self.f.inst(i).kind.is_terminator())
    }

    /// Make edge `edge` of `from` go to the fresh block `to` (no arguments).
    pub(super) fn redirect_edge(
        &mut self,
        from: Block,
        edge: usize,
        to: Block,
    ) -> Result<(), Unsupported> {
        match self.terminator_inst(from) {
            None => {
                self.f.push(from, InstKind::Jump(to, vec![]), Type::Void);
            }
            Some(inst) => match &mut self.f.insts[inst.0 as usize].kind {
                InstKind::Branch(_, t, a1, e, a2) => {
                    let (target, args) = if edge == 0 { (t, a1) } else { (e, a2) };
                    *target = to;
                    args.clear();
                }
                _ => return Err(Unsupported("edge from a finished block".into())),
            },
        }
        Ok(())
    }

    /// Build every block that has a predecessor, in order.
    pub(super) fn build_blocks(&mut self) -> Result<(), Unsupported> {
        let mut built = BTreeSet::new();
        while let Some(&pc) = self.incoming.keys().find(|pc| !built.contains(*pc)) {
            built.insert(pc);
            let state = self.enter_block(pc)?;
            self.block(pc, state)?;
        }
        Ok(())
    }

    /// Blocks never reached (dead code after `return`) get a dummy terminator.
    pub(super) fn terminate_unreached(&mut self, starts: &[usize]) {
        for &pc in starts {
            let bb = self.blocks[&pc];
            if self.f.terminator(bb).is_none() {
                let z = self
                    .f
                    .push(bb, InstKind::ConstAny(UNBOUND), Type::Any)
                    .unwrap();
                self.f.push(bb, InstKind::Return(z), Type::Void);
            }
        }
    }

    /// Bytecode pcs that start a block (other than 0, which the entry jumps to).
    pub(super) fn block_starts(&self) -> Vec<usize> {
        let mut s = std::collections::BTreeSet::new();
        s.insert(0usize);
        for (pc, op) in self.code.ops.iter().enumerate() {
            match op {
                Op::Jump(t) => {
                    s.insert(*t as usize);
                    s.insert(pc + 1);
                }
                Op::BranchFalse(t, ..) | Op::AndStart(t, _) | Op::OrStart(t, _) => {
                    s.insert(*t as usize);
                    s.insert(pc + 1);
                }
                Op::ForStep { exit, .. } => {
                    s.insert(pc);
                    s.insert(*exit as usize);
                    s.insert(pc + 1);
                }
                Op::Return | Op::EndRegion | Op::UseMethod { .. } => {
                    s.insert(pc + 1);
                }
                Op::Switch(t, _) => {
                    s.insert(pc + 1);
                    s.extend(switch_targets(&self.code.switches[*t as usize]));
                }
                _ => {}
            }
        }
        s.into_iter().filter(|&p| p < self.code.ops.len()).collect()
    }

    /// Record the edge `edge` (0: jump / branch-true, 1: branch-false) from `from`
    /// into the block at `target` with `state`.
    pub(super) fn jump_from(
        &mut self,
        from: Block,
        edge: usize,
        target: usize,
        state: State,
    ) -> Result<(), Unsupported> {
        if !self.inline.is_empty() && self.returns.is_none() {
            // Control flow in the arguments of a call being inlined.
            return Err(self.give_up_inline());
        }
        if (self.transfer_at.contains(&target) || self.unreached_loops.contains(&target))
            && self.inline.is_empty()
        {
            return self.transfer(from, edge, target, state);
        }
        if self.wants_typed_loop(target, &state) {
            return self.guarded_transfer(from, edge, target, state);
        }
        let mut bound: Vec<Option<Type>> =
            state.locals.iter().map(|l| l.map(|_| Type::Any)).collect();
        if let Some(carried) = self.loop_carried.get(&target) {
            for &s in carried {
                bound[s as usize] = Some(Type::Any);
            }
        }
        let to = self.blocks[&target];
        if let Some(s) = self.shapes.get(&target).cloned() {
            if s.0 != state.stack.len() || !same_loops(&s.2, &state.loops) {
                return Err(Unsupported(format!("inconsistent stack at pc {}", target)));
            }
            if self.entered(to) {
                // A back edge: the block's layout is fixed. A local bound here but
                // not in the layout is dropped: it is not read after the loop
                // (`loop_carried`), and a read in the loop before its assignment
                // finds it unbound in the layout and is rejected. A local in the
                // layout that this edge leaves unbound must have been a
                // maybe-unbound parameter already (reads of it are tested).
                let params = self.f.blocks[to.0 as usize].params.clone();
                let mut k = s.0;
                for (i, l) in s.1.iter().enumerate() {
                    if l.is_some() {
                        if state.locals[i].is_none() && !self.maybe_unbound.contains(&params[k]) {
                            return Err(Unsupported(format!(
                                "local unbound on a back edge into pc {}",
                                target
                            )));
                        }
                        k += 1;
                    }
                }
                return self.emit_edge(from, edge, to, &state, &s.1);
            }
            let merged =
                s.1.iter()
                    .zip(&bound)
                    .map(|(a, b)| {
                        if a.is_some() || b.is_some() {
                            Some(Type::Any)
                        } else {
                            None
                        }
                    })
                    .collect();
            self.shapes.insert(target, (s.0, merged, s.2));
        } else {
            self.shapes
                .insert(target, (state.stack.len(), bound, loop_steps(&state.loops)));
        }
        self.incoming
            .entry(target)
            .or_default()
            .push((from, edge, state));
        Ok(())
    }

    pub(super) fn entered(&self, b: Block) -> bool {
        self.entered_blocks.contains(&b)
    }

    /// Create the parameters of the block at `pc` and emit the edges recorded so far.
    fn enter_block(&mut self, pc: usize) -> Result<Option<State>, Unsupported> {
        let bb = self.blocks[&pc];
        let Some((depth, locals, steps)) = self.shapes.get(&pc).cloned() else {
            return Ok(None);
        };
        let mut st = State {
            stack: Vec::new(),
            locals: Vec::new(),
            loops: Vec::new(),
        };
        let hints = self.entry_hints.clone().filter(|h| h.0 == pc);
        let (stack_inh, locals_inh) = if hints.is_some() {
            (vec![None; depth], vec![None; locals.len()])
        } else {
            self.inherited_hints(pc, depth, locals.len())
        };
        for (k, inherited) in stack_inh.into_iter().enumerate() {
            let fb = hints
                .as_ref()
                .and_then(|h| h.1.get(k).copied().flatten())
                .or(inherited);
            st.stack.push(AbsVal {
                val: self.f.add_param(bb, Type::Any),
                fb,
            });
        }
        let preds = self.incoming.remove(&pc).unwrap_or_default();
        for (k, l) in locals.iter().enumerate() {
            let fb = hints
                .as_ref()
                .and_then(|h| h.2.get(k).copied().flatten())
                .or(locals_inh[k]);
            st.locals.push(l.map(|_| {
                let val = self.f.add_param(bb, Type::Any);
                let unbound_in = preds.iter().any(|(_, _, s)| {
                    s.locals[k].is_none_or(|a| self.maybe_unbound.contains(&a.val))
                });
                if unbound_in {
                    self.maybe_unbound.insert(val);
                }
                AbsVal { val, fb }
            }));
        }
        for step in steps {
            let n = self.f.add_param(bb, Type::Int);
            let r = self.f.add_param(bb, Type::Int);
            st.loops.push((n, r, step));
        }
        self.entered_blocks.insert(bb);
        for (from, edge, s) in preds {
            self.emit_edge(from, edge, bb, &s, &locals)?;
        }
        Ok(Some(st))
    }

    /// The arguments of an edge, computed in `from` before its terminator.
    fn block_args(&mut self, from: Block, s: &State, locals: &[Option<Type>]) -> Vec<Val> {
        let mut args = Vec::new();
        for a in &s.stack {
            args.push(self.boxed(from, a.val));
        }
        for (i, l) in locals.iter().enumerate() {
            if l.is_some() {
                let v = match s.locals[i] {
                    Some(a) => self.boxed(from, a.val),
                    None => self
                        .f
                        .push(from, InstKind::ConstAny(UNBOUND), Type::Any)
                        .unwrap(),
                };
                args.push(v);
            }
        }
        for (n, r, _) in &s.loops {
            args.push(*n);
            args.push(*r);
        }
        args
    }

    /// Connect `from` to `to`: a new `jump`, or the arguments of edge `edge` of
    /// the branch that already ends `from`.
    fn emit_edge(
        &mut self,
        from: Block,
        edge: usize,
        to: Block,
        s: &State,
        locals: &[Option<Type>],
    ) -> Result<(), Unsupported> {
        let term = self.terminator_inst(from);
        match term {
            None => {
                let args = self.block_args(from, s, locals);
                self.f.push(from, InstKind::Jump(to, args), Type::Void);
            }
            Some(inst) => {
                // Compute the arguments before the terminator, then patch it.
                self.f.blocks[from.0 as usize].insts.pop();
                let args = self.block_args(from, s, locals);
                self.f.blocks[from.0 as usize].insts.push(inst);
                match &mut self.f.insts[inst.0 as usize].kind {
                    InstKind::Branch(_, _, a1, _, a2) => {
                        if edge == 0 {
                            *a1 = args
                        } else {
                            *a2 = args
                        }
                    }
                    _ => return Err(Unsupported("edge from a finished block".into())),
                }
            }
        }
        Ok(())
    }

    /// How many instructions transfer control to `pc` (besides falling through).
    pub(super) fn count_jumps_to(&self, pc: usize) -> usize {
        self.code
            .ops
            .iter()
            .filter(|op| match **op {
                Op::Jump(t) | Op::BranchFalse(t, ..) | Op::AndStart(t, _) | Op::OrStart(t, _) => {
                    t as usize == pc
                }
                Op::ForStep { exit, .. } => exit as usize == pc,
                Op::Switch(t, _) => switch_targets(&self.code.switches[t as usize]).contains(&pc),
                _ => false,
            })
            .count()
    }
}

/// The pcs a `switch` may go on at, each once, in the order of its arms
/// (an arm's code, or the next arm's for an empty one), then `no_match`.
pub(super) fn switch_targets(t: &vm::bytecode::SwitchTable) -> Vec<usize> {
    let mut out: Vec<usize> = Vec::new();
    for p in t.arms.iter().filter_map(|a| a.1).chain([t.no_match]) {
        if !out.contains(&(p as usize)) {
            out.push(p as usize);
        }
    }
    out
}

/// The steps of a state's counted loops (a block's layout: its loops' values
/// are parameters, their steps constants).
fn loop_steps(loops: &[(Val, Val, i32)]) -> Vec<i32> {
    loops.iter().map(|l| l.2).collect()
}

/// Does a state with `loops` fit a block laid out for loops with `steps`?
fn same_loops(steps: &[i32], loops: &[(Val, Val, i32)]) -> bool {
    steps.len() == loops.len() && steps.iter().zip(loops).all(|(s, l)| *s == l.2)
}
