//! Assignments: `x <- v`, `<<-`, `=`, and R's complex assignment
//! `f(x, ...) <- v` through accessor getters and setters (`x[i] <- v`,
//! `x$a$b <- v`, `names(x)[i] <- v`).

use super::*;

impl Compiler {
    /// `target <- value` (and `<<-`, `=`). Leaves the value on the stack when `keep`.
    pub(super) fn assign(&mut self, e: &Expr, sup: bool, args: &[Arg], keep: bool) {
        let target = args[0].value.as_ref().unwrap().peel();
        let value = args[1].value.as_ref().unwrap().peel();
        let simple_name = match &target.kind {
            ExprKind::Ident(n) => Some(n.clone()),
            ExprKind::Const(Const::Str(Some(s))) => Some(s.clone()),
            _ => None,
        };
        if let Some(n) = simple_name {
            if let ExprKind::Function(params, body) = &value.kind {
                // Name the closure after its binding, for dumps and traces.
                let code = compile_function(&n, params, body, self.fn_in_global);
                self.functions.push((params.clone(), code));
                self.emit(Op::MakeClosure((self.functions.len() - 1) as u32));
            } else {
                self.expr(value, false);
            }
            if keep {
                self.emit(Op::Dup);
            }
            if sup {
                self.emit(Op::StoreSuper(intern(&n)));
            } else {
                let p = self.place_of(&n);
                self.store(p);
            }
            return;
        }
        // Complex assignment: collect the accessor chain from the base outwards.
        let mut chain: Vec<&Expr> = Vec::new();
        let mut cur = target;
        let base = loop {
            cur = cur.peel();
            match &cur.kind {
                ExprKind::Ident(n) => break n.clone(),
                ExprKind::Const(Const::Str(Some(_))) => {
                    // (`"x" <- v` names `x`, but `names("x") <- v` is R's
                    // error, once the value is evaluated.)
                    self.expr(value, false);
                    self.emit(Op::Pop);
                    let ci = self.call_idx(e);
                    self.konst(Value::str(
                        "target of assignment expands to non-language object",
                    ));
                    self.emit(Op::Raise(ci));
                    return;
                }
                ExprKind::Call(f, a)
                    if ident_of(f).is_some() && !a.is_empty() && a[0].value.is_some() =>
                {
                    chain.push(cur);
                    cur = a[0].value.as_ref().unwrap();
                }
                _ => {
                    let ci = self.call_idx(e);
                    self.konst(Value::str("invalid (do_set) left-hand side to assignment"));
                    self.emit(Op::Raise(ci));
                    return;
                }
            }
        };
        chain.reverse(); // chain[0] applies to the base
        let ci_assign = self.call_idx(e);
        if self.has_loop || !self.loops.is_empty() {
            self.bytecode_assigns.push(ci_assign);
        }
        self.expr(value, false);
        if keep {
            self.emit(Op::Dup);
        }
        let base_place = if sup {
            None
        } else {
            Some(self.place_of(&base))
        };
        let n = chain.len();
        // Temps t_0 = base, t_k = get(t_{k-1}, chain[k-1]) for k < n.
        let mut temps: Vec<Place> = Vec::new();
        if n > 1 {
            // A local base whose chain's index expressions cannot read it
            // (`x$f[i] <- v`) is moved into the first temporary, and each
            // `$` getter moves its field out of the temporary before it
            // (`DollarTakeLocal`): every level is then unshared, and updated
            // in place, instead of a copy of `x$f` at every assignment.
            let movable = self.frame_private
                && chain.iter().all(|acc| match &acc.kind {
                    ExprKind::Call(_, a) => a[1..]
                        .iter()
                        .all(|a| a.value.as_ref().is_none_or(|v| operators_only(v, &base))),
                    _ => false,
                });
            let t0 = self.new_temp();
            match base_place {
                Some(p @ Place::Local(_)) if movable => self.take(p),
                Some(p) => self.load(p),
                None => {
                    self.emit(Op::LoadSuper(intern(&base), ci_assign));
                }
            }
            self.store(t0);
            temps.push(t0);
            for acc in &chain[..n - 1] {
                let t = self.new_temp();
                let prev = *temps.last().unwrap();
                // (A temporary that shares the base gives no field away:
                // the ordinary `$`, which compiled code need not guard.)
                match prev {
                    Place::Local(slot) if movable => self.accessor_get_from(acc, Some(slot)),
                    _ => {
                        self.load(prev);
                        self.accessor_get(acc);
                    }
                }
                self.store(t);
                temps.push(t);
            }
        }
        // Now set from the outermost accessor inwards: stack [v]. Each set op
        // evaluates its index arguments first and takes the object last, so that
        // an index expression may still read the variable being modified.
        for k in (0..n).rev() {
            let src = if k > 0 {
                BaseSrc::Take(temps[k])
            } else {
                match base_place {
                    Some(p) if n == 1 => BaseSrc::Take(p),
                    Some(_) => BaseSrc::Take(temps[0]),
                    None if n > 1 => BaseSrc::Take(temps[0]),
                    None => BaseSrc::Super(intern(&base), ci_assign),
                }
            };
            self.accessor_set(chain[k], src, ci_assign);
        }
        match base_place {
            Some(p) => self.store(p),
            None => {
                self.emit(Op::StoreSuper(intern(&base)));
            }
        }
    }

    /// Given the object on the stack, push `acc` applied to it (`x[i]`, `x$a`, `names(x)`).
    pub(super) fn accessor_get(&mut self, acc: &Expr) {
        self.accessor_get_from(acc, None)
    }

    /// `accessor_get` of the object in local `from` (a replacement's
    /// temporary), or on the stack when `None`: a `$` of a temporary moves
    /// the field out of it when it can (`DollarTakeLocal`).
    pub(super) fn accessor_get_from(&mut self, acc: &Expr, from: Option<u16>) {
        let acc = acc.peel();
        let ExprKind::Call(f, args) = &acc.kind else {
            unreachable!()
        };
        let name = ident_of(f).unwrap();
        let field = (name == "$" && args.len() == 2)
            .then(|| args[1].value.as_ref().and_then(ident_of))
            .flatten();
        let take = from.filter(|_| field.is_some());
        if let (Some(slot), None) = (from, take) {
            self.load(Place::Local(slot));
        }
        // R evaluates the inner accessors of `x[["a"]][2] <- v` on a temporary
        // and names them so in errors: `*tmp*`[["a"]].
        let mut named = args.clone();
        named[0].value = Some(Expr::new(ExprKind::Ident("*tmp*".into()), acc.pos));
        let ci = self.call_idx(&Expr::new(ExprKind::Call(f.clone(), named), acc.pos));
        match name {
            "$" if field.is_some() => {
                let field = intern(field.unwrap());
                let fb = self.fb();
                self.emit(match take {
                    Some(slot) => Op::DollarTakeLocal(slot, field, ci, fb),
                    None => Op::Dollar(field, ci, fb),
                });
            }
            // (`empty` has a bit per index: at most 8 indices.)
            "[" | "[[" if args.len() <= 9 && args.iter().all(|a| a.name.is_none()) => {
                let empty = self.push_indices(&args[1..]);
                let fb = self.fb();
                let nidx = (args.len() - 1) as u8;
                self.emit(if name == "[" {
                    Op::Index {
                        n: nidx,
                        empty,
                        drop: true,
                        call: ci,
                        fb,
                    }
                } else {
                    Op::Index2 {
                        n: nidx,
                        empty,
                        call: ci,
                        fb,
                    }
                });
            }
            _ => {
                // names(x) etc.: call the getter with the object as first argument.
                let t = self.new_temp();
                self.store(t);
                let s = intern(name);
                self.emit(Op::LoadFun(s, ci));
                self.load(t);
                let mut specs = vec![ArgSpec::Positional];
                for a in &args[1..] {
                    match &a.value {
                        Some(v) => self.expr(v, false),
                        None => self.konst(Value::Null),
                    }
                    specs.push(match &a.name {
                        Some(n) => ArgSpec::Named(intern(n)),
                        None => ArgSpec::Positional,
                    });
                }
                self.arg_specs.push(specs);
                let spec = (self.arg_specs.len() - 1) as u32;
                let fb = self.call_fb();
                self.emit(Op::Call {
                    argc: args.len() as u16,
                    spec,
                    call: ci,
                    fb,
                });
            }
        }
    }

    /// Stack `v` → push the replaced object (`x[i] <- v`, `x$a <- v`, `f(x) <- v`);
    /// the set instruction finds `v`, the index arguments, then the object on top.
    /// `assign_call`: the whole assignment, which GNU R names in the errors and
    /// warnings of every `[<-` / `[[<-` of the chain.
    pub(super) fn accessor_set(&mut self, acc: &Expr, src: BaseSrc, assign_call: CallIdx) {
        let acc = acc.peel();
        let ExprKind::Call(f, args) = &acc.kind else {
            unreachable!()
        };
        let name = ident_of(f).unwrap();
        let ci = self.call_idx(acc);
        let push_base = |c: &mut Compiler| match src {
            BaseSrc::Take(p) => c.take(p),
            BaseSrc::Super(s, ci) => {
                c.emit(Op::LoadSuper(s, ci));
            }
        };
        match name {
            "$" if args.len() == 2 && args[1].value.as_ref().and_then(ident_of).is_some() => {
                let field = intern(ident_of(args[1].value.as_ref().unwrap()).unwrap());
                push_base(self);
                self.emit(Op::SetDollar(field, ci));
            }
            // (`empty` has a bit per index: at most 8 indices.)
            "[" | "[[" if args.len() <= 9 && args.iter().all(|a| a.name.is_none()) => {
                let empty = self.push_indices(&args[1..]);
                push_base(self);
                let nidx = (args.len() - 1) as u8;
                let fb = self.fb();
                self.emit(if name == "[" {
                    Op::SetIndex {
                        n: nidx,
                        empty,
                        call: assign_call,
                        fb,
                    }
                } else {
                    Op::SetIndex2 {
                        n: nidx,
                        empty,
                        call: assign_call,
                        fb,
                    }
                });
            }
            _ => {
                let spec = self.push_args(&args[1..]);
                push_base(self);
                let fun = intern(&format!("{}<-", name));
                // GNU R names the whole assignment in the errors of
                // `f(x) <- v` (`Error in length(x) <- Inf : ...`).
                self.emit(Op::SetFun {
                    fun,
                    argc: (args.len() - 1) as u16,
                    spec,
                    call: assign_call,
                });
            }
        }
    }

    pub(super) fn push_indices(&mut self, idx: &[Arg]) -> u8 {
        let mut empty = 0u8;
        for (k, a) in idx.iter().enumerate() {
            match &a.value {
                Some(v) => self.expr(v, false),
                None => {
                    empty |= 1 << k;
                    self.konst(Value::Null);
                }
            }
        }
        empty
    }
}
