//! Calls: special forms recognized by name (`if`-like builtins, `missing`,
//! `return`, `UseMethod`, arithmetic and indexing operators...), then the
//! ordinary `Call` with its argument specs, and calls with too many
//! arguments for one instruction.

use super::*;

impl Compiler {
    pub(super) fn call(&mut self, e: &Expr, f: &Expr, args: &[Arg], tail: bool) {
        let name = ident_of(f);
        if name == Some("NextMethod") {
            self.uses_dispatch = true;
        }
        if name.is_some_and(|n| REFLECTIVE.contains(&n)) {
            self.reflective = true;
        }
        if name.is_some_and(|n| LANG_BUILTINS.contains(&n)) {
            self.uses_lang = true;
            if matches!(name, Some("substitute" | "match.call" | "sys.call")) && !self.top_level {
                // Its arguments' expressions are wanted (and may be all it
                // wants of them): calls of it from the interpreter pass
                // them as promises.
                self.lazy_args = true;
            }
        }
        if let Some(name) = name {
            if self.language_form(e, f, name, args, tail) {
                return;
            }
        }
        let plain = args.iter().all(|a| a.name.is_none() && a.value.is_some());
        let n = args.len();
        let arg = |i: usize| args[i].value.as_ref().unwrap();
        if let (Some("local"), 1, true) = (name, n, plain) {
            // `local(expr)`: `(function() expr)()`, a call with a fresh frame
            // whose parent is this one (R evaluates `expr` in a new
            // environment of the same parent).
            let fun = Expr::new(
                ExprKind::Function(Rc::from(Vec::new()), Rc::new(arg(0).clone())),
                e.pos,
            );
            let call = Expr::new(ExprKind::Call(Box::new(fun), Vec::new()), e.pos);
            self.expr(&call, tail);
            return;
        }
        if let (Some("system.time"), 1) = (name, n) {
            // `system.time(expr)`: `system.time(.start = base::proc.time(),
            // expr)`, so that the start is taken before `expr` is evaluated
            // (arguments are evaluated before the builtin runs; see
            // `builtins::timefn`).
            if let Some(body) = args[0]
                .value
                .as_ref()
                .filter(|_| args[0].name.as_deref().is_none_or(|a| a == "expr"))
            {
                let ident = |s: &str| Expr::new(ExprKind::Ident(s.into()), e.pos);
                let pt = Expr::new(
                    ExprKind::Call(
                        Box::new(ident("::")),
                        vec![
                            Arg {
                                name: None,
                                value: Some(ident("base")),
                            },
                            Arg {
                                name: None,
                                value: Some(ident("proc.time")),
                            },
                        ],
                    ),
                    e.pos,
                );
                let start = Expr::new(ExprKind::Call(Box::new(pt), Vec::new()), e.pos);
                let new_args = vec![
                    Arg {
                        name: Some(".start".into()),
                        value: Some(start),
                    },
                    Arg {
                        name: Some("expr".into()),
                        value: Some(body.clone()),
                    },
                ];
                let call = Expr::new(ExprKind::Call(Box::new(f.clone()), new_args.clone()), e.pos);
                return self.call(&call, f, &new_args, tail);
            }
        }
        if let (Some("::" | ":::"), 2, true) = (name, n, plain) {
            // `pkg::name`: a constant when it resolves, else the builtin
            // `::` with the two names as strings reports why at run time.
            let part = |a: &Expr| match &a.kind {
                ExprKind::Ident(s) | ExprKind::Const(Const::Str(Some(s))) => Some(s.clone()),
                _ => None,
            };
            if let (Some(pkg), Some(member)) = (part(arg(0)), part(arg(1))) {
                if let Some(v) = crate::namespace::lookup(&pkg, &member) {
                    self.konst(v);
                    self.visible(tail, true);
                    return;
                }
                let is_str = |a: &Expr| matches!(a.kind, ExprKind::Const(_));
                if is_str(arg(0)) && is_str(arg(1)) {
                    // Already `::`("pkg", "name"): the generic call below.
                } else {
                    let strs = [pkg, member]
                        .into_iter()
                        .map(|s| Arg {
                            name: None,
                            value: Some(Expr::new(ExprKind::Const(Const::Str(Some(s))), e.pos)),
                        })
                        .collect::<Vec<_>>();
                    let call = Expr::new(ExprKind::Call(Box::new(f.clone()), strs.clone()), e.pos);
                    return self.call(&call, f, &strs, tail);
                }
            }
        }
        if let Some(name) = name {
            match (name, n, plain) {
                ("{", _, _) => {
                    if args.is_empty() {
                        self.konst(Value::Null);
                        self.visible(tail, true);
                        return;
                    }
                    for a in &args[..n - 1] {
                        if let Some(v) = &a.value {
                            self.stmt(v);
                        }
                    }
                    match &args[n - 1].value {
                        Some(v) => self.expr(v, tail),
                        None => self.konst(Value::Null),
                    }
                    return;
                }
                ("if", 2 | 3, true) => {
                    // `if`(cond, yes, no) called as a function.
                    let no = if n == 3 {
                        Some(Box::new(arg(2).clone()))
                    } else {
                        None
                    };
                    let as_if = Expr::new(
                        ExprKind::If(Box::new(arg(0).clone()), Box::new(arg(1).clone()), no),
                        e.pos,
                    );
                    self.expr(&as_if, tail);
                    return;
                }
                ("(", 1, true) => {
                    self.expr(arg(0), false);
                    self.visible(tail, true);
                    return;
                }
                ("<-" | "=" | "<<-", 2, true) => {
                    self.assign(e, name == "<<-", args, true);
                    self.visible(tail, false);
                    return;
                }
                ("&&" | "||", 2, true) => {
                    self.expr(arg(0), false);
                    let ci = self.call_idx(e);
                    let start = if name == "&&" {
                        self.emit(Op::AndStart(0, ci))
                    } else {
                        self.emit(Op::OrStart(0, ci))
                    };
                    self.expr(arg(1), false);
                    self.emit(if name == "&&" {
                        Op::AndEnd(ci)
                    } else {
                        Op::OrEnd(ci)
                    });
                    let end = self.pc();
                    self.patch(start, end);
                    self.visible(tail, true);
                    return;
                }
                ("return", 0 | 1, _) => {
                    match args.first().and_then(|a| a.value.as_ref()) {
                        Some(v) => self.expr(v, true),
                        None => {
                            self.konst(Value::Null);
                            self.visible(true, true);
                        }
                    }
                    self.emit(Op::Return);
                    return;
                }
                ("missing", 1, true) => {
                    if let Some(p) = ident_of(arg(0)) {
                        let s = intern(p);
                        if let Some(i) = self.locals[..self.nparams].iter().position(|&l| l == s) {
                            self.emit(Op::Missing(i as u16));
                            self.visible(tail, true);
                            return;
                        }
                    }
                    // missing(x) for a non-parameter: R's error, at run time.
                    let ci = self.call_idx(e);
                    let msg = "'missing' can only be used for arguments".to_string();
                    self.konst(Value::str(&msg));
                    self.emit(Op::Raise(ci));
                    return;
                }
                ("UseMethod", 1 | 2, true) => {
                    self.uses_dispatch = true;
                    self.expr(arg(0), false);
                    if n == 2 {
                        self.expr(arg(1), false);
                    }
                    let ci = self.call_idx(e);
                    self.emit(Op::UseMethod {
                        has_obj: n == 2,
                        call: ci,
                    });
                    return;
                }
                ("switch", _, _) if n >= 1 => {
                    self.switch(e, args, tail);
                    return;
                }
                ("tryCatch", _, _) if n >= 1 => {
                    self.try_catch(e, args, tail);
                    return;
                }
                ("withCallingHandlers" | "withRestarts", _, _) if n >= 1 => {
                    let kind = if name == "withRestarts" {
                        RegionKind::Restarts
                    } else {
                        RegionKind::CallingHandlers
                    };
                    if self.handler_region(e, kind, args, tail) {
                        return;
                    }
                }
                ("try", _, _) if n >= 1 => {
                    self.try_expr(e, args, tail);
                    return;
                }
                ("suppressWarnings" | "suppressMessages" | "withVisible", 1, _) => {
                    // The one argument, unnamed or by its name (`expr`, `x`);
                    // other forms are refused when `LoadFun` finds no function.
                    let formal = if name == "withVisible" { "x" } else { "expr" };
                    if let Some(body) = args[0]
                        .value
                        .as_ref()
                        .filter(|_| args[0].name.as_deref().is_none_or(|a| a == formal))
                    {
                        let kind = match name {
                            "suppressWarnings" => RegionKind::SuppressWarnings,
                            "suppressMessages" => RegionKind::SuppressMessages,
                            _ => RegionKind::WithVisible,
                        };
                        self.condition_region(e, kind, body, tail);
                        return;
                    }
                }
                ("on.exit", _, _) => {
                    self.on_exit(args);
                    self.visible(tail, false);
                    return;
                }
                _ => {}
            }
            // `x[i, drop = FALSE]`: the drop flag must be a literal.
            let (idx_args, drop) = match args.split_last() {
                Some((last, rest)) if name == "[" && last.name.as_deref() == Some("drop") => {
                    match last.value.as_ref().map(|v| &v.kind) {
                        Some(ExprKind::Const(Const::Logical(Some(d)))) => (rest, *d),
                        _ => (args, true),
                    }
                }
                _ => (args, true),
            };
            let n = idx_args.len();
            if (name == "[" || name == "[[")
                && (1..=9).contains(&n)
                && idx_args.iter().all(|a| a.name.is_none())
                && idx_args[0].value.is_some()
            {
                // Superinstruction: `x[i]`, `x[[i]]`, `m[i, j]` on local variables
                // (the interpreter's hottest pattern: no operand-stack traffic and
                // no reference-count churn on the vector).
                let local_of = |c: &Compiler, a: &Arg| -> Option<u16> {
                    let n = ident_of(a.value.as_ref()?)?;
                    if c.top_level || a.name.is_some() {
                        return None;
                    }
                    let s = intern(n);
                    c.locals.iter().position(|&l| l == s).map(|i| i as u16)
                };
                let locals: Vec<Option<u16>> = idx_args.iter().map(|a| local_of(self, a)).collect();
                if drop && (n == 2 || n == 3) && locals.iter().all(|l| l.is_some()) {
                    let l: Vec<u16> = locals.into_iter().map(|l| l.unwrap()).collect();
                    let ci = self.call_idx(e);
                    let fb = self.fb();
                    self.fb(); // fb + 1: the indexed object's type
                    self.fb(); // fb + 2: the (first) index's type
                    self.fb(); // fb + 3: the second index's type (matrices)
                    self.emit(Op::IndexLocals {
                        x: l[0],
                        i: l[1],
                        j: if n == 3 { l[2] } else { NO_SLOT },
                        is2: name == "[[",
                        call: ci,
                        fb,
                    });
                    self.visible(tail, true);
                    return;
                }
                // Index with possibly empty positions (m[i, ]).
                self.expr(arg(0), false);
                let mut empty = 0u8;
                for (k, a) in idx_args[1..].iter().enumerate() {
                    match &a.value {
                        Some(v) => self.expr(v, false),
                        None => {
                            empty |= 1 << k;
                            self.konst(Value::Null);
                        }
                    }
                }
                let ci = self.call_idx(e);
                let fb = self.fb();
                let nidx = (n - 1) as u8;
                self.emit(if name == "[" {
                    Op::Index {
                        n: nidx,
                        empty,
                        drop,
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
                self.visible(tail, true);
                return;
            }
            if plain {
                let ci;
                match (name, n) {
                    ("+" | "-" | "*" | "/" | "^" | "%%" | "%/%", 2) => {
                        let op = match name {
                            "+" => ArithOp::Add,
                            "-" => ArithOp::Sub,
                            "*" => ArithOp::Mul,
                            "/" => ArithOp::Div,
                            "^" => ArithOp::Pow,
                            "%%" => ArithOp::Mod,
                            _ => ArithOp::IDiv,
                        };
                        self.expr(arg(0), false);
                        self.expr(arg(1), false);
                        ci = self.call_idx(e);
                        let fb = self.fb();
                        self.emit(Op::Arith(op, ci, fb));
                    }
                    ("==" | "!=" | "<" | "<=" | ">" | ">=", 2) => {
                        let op = match name {
                            "==" => CmpOp::Eq,
                            "!=" => CmpOp::Ne,
                            "<" => CmpOp::Lt,
                            "<=" => CmpOp::Le,
                            ">" => CmpOp::Gt,
                            _ => CmpOp::Ge,
                        };
                        self.expr(arg(0), false);
                        self.expr(arg(1), false);
                        ci = self.call_idx(e);
                        let fb = self.fb();
                        self.emit(Op::Cmp(op, ci, fb));
                    }
                    ("&" | "|", 2) => {
                        self.expr(arg(0), false);
                        self.expr(arg(1), false);
                        ci = self.call_idx(e);
                        self.emit(Op::Logic(name == "&", ci));
                    }
                    (":", 2) => {
                        self.expr(arg(0), false);
                        self.expr(arg(1), false);
                        ci = self.call_idx(e);
                        let fb = self.fb();
                        self.emit(Op::Colon(ci, fb));
                    }
                    ("-", 1) => {
                        self.expr(arg(0), false);
                        ci = self.call_idx(e);
                        let fb = self.fb();
                        self.emit(Op::Neg(ci, fb));
                    }
                    ("+", 1) => {
                        self.expr(arg(0), false);
                        ci = self.call_idx(e);
                        self.emit(Op::Plus(ci));
                    }
                    ("!", 1) => {
                        self.expr(arg(0), false);
                        ci = self.call_idx(e);
                        self.emit(Op::Not(ci));
                    }
                    ("$", 2) if ident_of(arg(1)).is_some() => {
                        self.expr(arg(0), false);
                        let field = intern(ident_of(arg(1)).unwrap());
                        ci = self.call_idx(e);
                        let fb = self.fb();
                        self.emit(Op::Dollar(field, ci, fb));
                    }
                    _ => {
                        // Visibility of a call is decided by the callee.
                        self.generic_call(e, f, args);
                        return;
                    }
                }
                self.visible(tail, true);
                return;
            }
        }
        self.generic_call(e, f, args);
    }

    /// The forms that take an argument unevaluated: `quote(e)`,
    /// `expression(...)` and `alist(...)` are constants; `substitute(e,
    /// env)`, `bquote(e, where)` and `evalq(e, envir, enclos)` call their
    /// builtin (`eval` for `evalq`) with `e` quoted. False: not one of them
    /// (or not of a form taken here: the builtin reports it).
    fn language_form(&mut self, e: &Expr, f: &Expr, name: &str, args: &[Arg], tail: bool) -> bool {
        let first_is = |formal: &str| {
            args.first()
                .is_some_and(|a| a.value.is_some() && a.name.as_deref().is_none_or(|n| n == formal))
        };
        let quoted = |a: &Arg| crate::lang::from_expr(a.value.as_ref().unwrap());
        let elems = || {
            args.iter()
                .map(|a| {
                    let v = match &a.value {
                        Some(v) => crate::lang::from_expr(v),
                        None => crate::lang::empty_sym(),
                    };
                    (a.name.clone(), v)
                })
                .collect::<Vec<_>>()
        };
        match name {
            "quote" if args.len() == 1 && first_is("expr") => {
                self.konst(quoted(&args[0]));
            }
            "expression" => {
                let (names, items): (Vec<_>, Vec<_>) = elems().into_iter().unzip();
                let names = names
                    .into_iter()
                    .map(|n| Some(n.unwrap_or_else(|| "".into())))
                    .collect();
                self.konst(crate::lang::expression(items, Some(names)));
            }
            "alist" => {
                let l = crate::lang::elems_list(elems());
                self.konst(l);
            }
            "substitute" | "bquote" | "evalq" if first_is("expr") && args.len() <= 3 => {
                // `quote(expr)` as the first argument (a constant).
                let mut new_args = args.to_vec();
                let quote = Expr::new(ExprKind::Ident("quote".into()), e.pos);
                let first = Arg {
                    name: None,
                    value: args[0].value.clone(),
                };
                new_args[0] = Arg {
                    name: None,
                    value: Some(Expr::new(
                        ExprKind::Call(Box::new(quote), vec![first]),
                        e.pos,
                    )),
                };
                let fun = if name == "evalq" {
                    Expr::new(ExprKind::Ident("eval".into()), f.pos)
                } else {
                    f.clone()
                };
                self.generic_call(e, &fun, &new_args);
                return true;
            }
            _ => return false,
        }
        self.visible(tail, true);
        true
    }

    /// Push the function and its arguments and emit `Call`.
    pub(super) fn generic_call(&mut self, e: &Expr, f: &Expr, args: &[Arg]) {
        if args.len() > MAX_CALL_ARGS {
            return self.huge_call(e, f, args);
        }
        let ci = self.call_idx(e);
        match ident_of(f) {
            Some(n) if n != "..." => {
                let s = intern(n);
                self.emit(Op::LoadFun(s, ci));
            }
            _ => self.expr(f, false),
        }
        let (saved, saved_any) = (self.arg_ctx, self.any_arg_ctx);
        if !ident_of(f).is_some_and(crate::deparse::is_primitive) {
            self.arg_ctx = Some(ci);
        }
        self.any_arg_ctx = Some(ci);
        let spec = self.push_args(args);
        (self.arg_ctx, self.any_arg_ctx) = (saved, saved_any);
        if ident_of(f) == Some("c") {
            if let Some(v) = literal_c(args) {
                self.consts.push(v);
                self.literal_c.push((ci, (self.consts.len() - 1) as u32));
            }
        }
        let fb = self.call_fb();
        self.emit(Op::Call {
            argc: args.len() as u16,
            spec,
            call: ci,
            fb,
        });
    }

    /// A call with more arguments than `Op::Call` counts (R has no limit,
    /// and `dput` output can have more): compiled as
    /// `do.call(f, c(list(a1, ..., ak), list(...), ...))`, the arguments in
    /// order, their names kept, `...` spliced by `list`.
    pub(super) fn huge_call(&mut self, e: &Expr, f: &Expr, args: &[Arg]) {
        let pos = e.pos;
        let ident = |n: &str| Expr::new(ExprKind::Ident(n.into()), pos);
        let plain = |v: Expr| Arg {
            name: None,
            value: Some(v),
        };
        let mut chunks: Vec<Arg> = args
            .chunks(MAX_CALL_ARGS)
            .map(|c| {
                plain(Expr::new(
                    ExprKind::Call(Box::new(ident("list")), c.to_vec()),
                    pos,
                ))
            })
            .collect();
        while chunks.len() > MAX_CALL_ARGS {
            chunks = chunks
                .chunks(MAX_CALL_ARGS)
                .map(|c| {
                    plain(Expr::new(
                        ExprKind::Call(Box::new(ident("c")), c.to_vec()),
                        pos,
                    ))
                })
                .collect();
        }
        let all = Expr::new(ExprKind::Call(Box::new(ident("c")), chunks), pos);
        let call = Expr::new(
            ExprKind::Call(
                Box::new(ident("do.call")),
                vec![plain(f.clone()), plain(all)],
            ),
            pos,
        );
        self.expr(&call, false);
    }

    pub(super) fn push_args(&mut self, args: &[Arg]) -> u32 {
        let mut specs = Vec::with_capacity(args.len());
        for a in args {
            match &a.value {
                Some(v) if ident_of(v) == Some("...") => {
                    self.ident("...", v);
                    specs.push(ArgSpec::Dots);
                }
                Some(v) => {
                    self.expr(v, false);
                    specs.push(match &a.name {
                        Some(n) => ArgSpec::Named(intern(n)),
                        None => ArgSpec::Positional,
                    });
                }
                None => {
                    self.konst(Value::Null);
                    specs.push(match &a.name {
                        Some(n) => ArgSpec::Named(intern(n)),
                        None => ArgSpec::Empty,
                    });
                }
            }
        }
        self.arg_specs.push(specs);
        (self.arg_specs.len() - 1) as u32
    }
}

/// What `c(args)` returns when every argument is a literal scalar (a number,
/// possibly negated, a string, a logical, `NA`) without a name: the
/// builtin's own `combine` of their values. `None` for anything else.
fn literal_c(args: &[Arg]) -> Option<Value> {
    if args.is_empty() || args.len() > 64 {
        return None;
    }
    let items = args
        .iter()
        .map(|a| match (&a.name, &a.value) {
            (None, Some(v)) => literal_scalar(v)
                .filter(|v| !matches!(v, Value::Null))
                .map(|v| (None, v)),
            _ => None,
        })
        .collect::<Option<Vec<_>>>()?;
    Some(crate::builtins::construct::combine(&items, false, true))
}

/// The value of a literal scalar: a number, string, logical, `NA`, `NULL`,
/// or a negated number (`-1L`, `-Inf`: what `Neg` makes of the literal;
/// arithmetic operators are primitives here). Evaluating one has no effect
/// and reads nothing, so it may happen at any time (a `c()` of them is
/// folded; a default argument that is one is bound at the call).
pub(super) fn literal_scalar(e: &Expr) -> Option<Value> {
    use crate::ast::Const;
    match &e.kind {
        ExprKind::Const(
            c @ (Const::Null
            | Const::Integer(_)
            | Const::Double(_)
            | Const::Logical(_)
            | Const::Str(_)),
        ) => Some(const_value(c)),
        ExprKind::Call(f, a) if ident_of(f) == Some("-") && a.len() == 1 && a[0].name.is_none() => {
            match a[0].value.as_ref().map(|v| &v.kind) {
                Some(ExprKind::Const(Const::Integer(Some(i)))) => Some(Value::Int(-i)),
                Some(ExprKind::Const(Const::Double(Some(d)))) => Some(Value::Dbl(-d)),
                _ => None,
            }
        }
        _ => None,
    }
}
