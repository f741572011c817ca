//! Special forms with control flow of their own: `switch`, `tryCatch`,
//! `on.exit`, and the regions of `suppressWarnings`, `suppressMessages` and
//! `withVisible`.

use super::*;

impl Compiler {
    pub(super) fn switch(&mut self, e: &Expr, args: &[Arg], tail: bool) {
        // The selector is the first unnamed argument or the one named EXPR.
        let sel_i = args
            .iter()
            .position(|a| a.name.as_deref() == Some("EXPR"))
            .unwrap_or(0);
        match &args[sel_i].value {
            Some(v) => self.expr(v, false),
            None => self.konst(Value::Null),
        }
        let ci = self.call_idx(e);
        let table_i = self.switches.len() as u32;
        self.switches.push(SwitchTable {
            arms: Vec::new(),
            written: Vec::new(),
            end: 0,
            no_match: 0,
        });
        self.emit(Op::Switch(table_i, ci));
        let mut arms: Vec<(Option<Rc<str>>, Option<Pc>)> = Vec::new();
        let mut written = Vec::new();
        let mut jumps = Vec::new();
        for (k, a) in args.iter().enumerate() {
            if k == sel_i {
                continue;
            }
            written.push(a.value.as_ref().map(|v| crate::deparse::deparse(v).into()));
            match &a.value {
                Some(v) => {
                    let start = self.pc();
                    self.expr(v, tail);
                    jumps.push(self.emit(Op::Jump(0)));
                    arms.push((a.name.clone(), Some(start)));
                }
                None => arms.push((a.name.clone(), None)),
            }
        }
        let no_match = self.pc();
        self.konst(Value::Null);
        self.visible(tail, false);
        let end = self.pc();
        for j in jumps {
            self.patch(j, end);
        }
        // Fallthrough: an empty arm takes the next arm with code.
        let mut next: Option<Pc> = None;
        for arm in arms.iter_mut().rev() {
            match arm.1 {
                Some(p) => next = Some(p),
                None => arm.1 = next,
            }
        }
        self.switches[table_i as usize] = SwitchTable {
            arms,
            written,
            end,
            no_match,
        };
    }

    /// `tryCatch(expr, class = handler, ..., finally = f)`: the handlers
    /// (any named argument but `expr` and `finally`, its name the class it
    /// catches: `error`, `warning`, `message`, `condition`, a user's class)
    /// are evaluated first and kept on the stack in the order written.
    pub(super) fn try_catch(&mut self, e: &Expr, args: &[Arg], tail: bool) {
        let mut expr_arg = None;
        let mut finally = None;
        let mut handlers: Vec<(Rc<str>, &Expr)> = Vec::new();
        for a in args {
            match a.name.as_deref() {
                Some("finally") => finally = a.value.as_ref(),
                Some("expr") | None if expr_arg.is_none() => expr_arg = a.value.as_ref(),
                Some(class) => {
                    if let Some(h) = &a.value {
                        handlers.push((class.into(), h));
                    }
                }
                None => {}
            }
        }
        for (_, h) in &handlers {
            self.expr(h, false);
        }
        let idx = self.tries.len() as u32;
        self.tries.push(TryInfo {
            classes: handlers.iter().map(|(c, _)| c.clone()).collect(),
            has_finally: finally.is_some(),
            begin: self.pc(),
            end: 0,
            finally: None,
            try_call: None,
            kind: RegionKind::TryCatch,
        });
        self.emit(Op::TryBegin(idx));
        match expr_arg {
            Some(x) => self.expr(x, tail),
            None => self.konst(Value::Null),
        }
        self.emit(Op::TryEnd(idx));
        let skip = self.emit(Op::Jump(0));
        let fin = finally.map(|f| {
            let start = self.pc();
            self.expr(f, false);
            self.emit(Op::EndRegion);
            start
        });
        let end = self.pc();
        self.patch(skip, end);
        let _ = e;
        let t = &mut self.tries[idx as usize];
        t.end = end;
        t.finally = fin;
    }

    /// `try(expr, silent = FALSE)`: GNU R's `try` is `tryCatch(expr, error =
    /// function(e) ...)` whose handler formats, prints unless `silent` and
    /// returns the error message as an invisible `"try-error"` object. Here
    /// the handler is `function(e) .tryError(e, silent, "try(...)")`
    /// (`silent` evaluated in the caller, as R's is; the call as text); the
    /// region remembers its call.
    pub(super) fn try_expr(&mut self, e: &Expr, args: &[Arg], tail: bool) {
        let mut expr = None;
        let mut silent = None;
        let mut positional = 0;
        for a in args {
            match (a.name.as_deref(), positional) {
                (Some("expr"), _) => expr = a.value.clone(),
                (Some("silent"), _) => silent = a.value.clone(),
                (Some(_), _) => {}
                (None, 0) => {
                    expr = a.value.clone();
                    positional += 1;
                }
                (None, 1) => {
                    silent = a.value.clone();
                    positional += 1;
                }
                (None, _) => positional += 1,
            }
        }
        let at = |kind| Expr { kind, pos: e.pos };
        let silent = silent.unwrap_or_else(|| at(ExprKind::Const(Const::Logical(Some(false)))));
        let cond: Rc<str> = Rc::from("e");
        let body = at(ExprKind::Call(
            Box::new(at(ExprKind::Ident(Rc::from(".tryError")))),
            vec![
                Arg {
                    name: None,
                    value: Some(at(ExprKind::Ident(cond.clone()))),
                },
                Arg {
                    name: None,
                    value: Some(silent),
                },
                // (The call a condition naming R's `doTryCatch(...)` is
                // reported as: `try`'s `sys.call(-4L)`.)
                Arg {
                    name: None,
                    value: Some(at(ExprKind::Const(Const::Str(Some(Rc::from(
                        crate::deparse::deparse(e),
                    )))))),
                },
            ],
        ));
        let handler = at(ExprKind::Function(
            Rc::from(vec![Param {
                name: cond,
                default: None,
            }]),
            Rc::new(body),
        ));
        let lowered = [
            Arg {
                name: None,
                value: expr,
            },
            Arg {
                name: Some(Rc::from("error")),
                value: Some(handler),
            },
        ];
        let idx = self.tries.len();
        self.try_catch(e, &lowered, tail);
        let call = self.call_idx(e);
        self.tries[idx].try_call = Some(call);
    }

    /// `suppressWarnings(expr)`, `suppressMessages(expr)`, `withVisible(x)`:
    /// `expr` evaluated in place (assignments in it are the caller's, as
    /// with R's promise) as a region of `kind`. GNU R forces `expr` inside
    /// its closures: `suppressWarnings(expr)` calls `withCallingHandlers(expr,
    /// ...)`, whose call R's errors and warnings name and whose frames its
    /// tracebacks show. The calls inside the region are compiled as
    /// arguments of those calls (`call_parent`, `in_args_of`) for that.
    pub(super) fn condition_region(&mut self, e: &Expr, kind: RegionKind, body: &Expr, tail: bool) {
        self.region(e, kind, &[], body, tail)
    }

    /// `withCallingHandlers(expr, class = handler, ...)` and
    /// `withRestarts(expr, name = function(...) ..., ...)`: the handlers
    /// (restart functions), every named argument but `expr`, evaluated
    /// first (as R's `list(...)` in the closure) and kept on the stack, then
    /// `expr` in place as a region of `kind`. `false`: another form (an
    /// unnamed handler, no `expr`), left to the call's lookup.
    pub(super) fn handler_region(
        &mut self,
        e: &Expr,
        kind: RegionKind,
        args: &[Arg],
        tail: bool,
    ) -> bool {
        let mut body = None;
        let mut handlers: Vec<(Rc<str>, &Expr)> = Vec::new();
        let mut unnamed = false;
        for a in args {
            match (a.name.as_deref(), &a.value) {
                (Some("expr") | None, Some(v)) if body.is_none() => body = Some(v),
                (Some(class), Some(h)) if !class.is_empty() => handlers.push((class.into(), h)),
                (None, Some(_)) => unnamed = true,
                _ => return false,
            }
        }
        let Some(body) = body else {
            return false;
        };
        if unnamed {
            if kind != RegionKind::CallingHandlers {
                return false;
            }
            // R's check, before `expr` runs.
            let ci = self.call_idx(e);
            let msg = "condition handlers must be specified with a condition class";
            self.konst(Value::str(msg));
            self.emit(Op::Raise(ci));
            return true;
        }
        self.region(e, kind, &handlers, body, tail);
        true
    }

    /// A region of `kind` around `body`, its handlers evaluated first (see
    /// `condition_region`, `handler_region`).
    fn region(
        &mut self,
        e: &Expr,
        kind: RegionKind,
        handlers: &[(Rc<str>, &Expr)],
        body: &Expr,
        tail: bool,
    ) {
        let outer = self.call_idx(e);
        let saved = (self.arg_ctx, self.any_arg_ctx);
        let named = match kind {
            RegionKind::WithVisible | RegionKind::TryCatch | RegionKind::CallingHandlers => outer,
            RegionKind::SuppressWarnings | RegionKind::SuppressMessages => {
                self.arg_ctx = Some(outer);
                let inner = with_calling_handlers(kind, e.pos);
                self.call_idx(&inner)
            }
            RegionKind::Restarts => {
                // R's closures between `withRestarts` and `expr`, outermost
                // first: one `withOneRestart` per restart (nested through
                // `withRestartList` when there are several).
                const DO: &str = "doWithOneRestart(return(expr), restart)";
                let mut chain = Vec::new();
                if handlers.len() > 1 {
                    chain.push("withRestartList(expr, restarts)");
                    for _ in 1..handlers.len() {
                        chain.push(
                            "withOneRestart(withRestartList(expr, restarts[-nr]), restarts[[nr]])",
                        );
                        chain.push(DO);
                        chain.push("withRestartList(expr, restarts[-nr])");
                    }
                }
                if !handlers.is_empty() {
                    chain.push("withOneRestart(expr, restarts[[1L]])");
                    chain.push(DO);
                }
                let mut named = outer;
                for src in chain {
                    self.arg_ctx = Some(named);
                    named = self.call_idx(&r_call(src, e.pos));
                }
                named
            }
        };
        self.arg_ctx = Some(outer);
        for (_, h) in handlers {
            self.expr(h, false);
        }
        let idx = self.tries.len() as u32;
        self.tries.push(TryInfo {
            classes: handlers.iter().map(|(c, _)| c.clone()).collect(),
            has_finally: false,
            begin: 0,
            end: 0,
            finally: None,
            try_call: Some(named),
            kind,
        });
        self.arg_ctx = saved.0;
        self.tries[idx as usize].begin = self.emit(Op::TryBegin(idx)) as Pc;
        (self.arg_ctx, self.any_arg_ctx) = (Some(named), Some(named));
        // (withVisible needs the visibility of `x` whatever its position.)
        self.expr(body, tail || kind == RegionKind::WithVisible);
        (self.arg_ctx, self.any_arg_ctx) = saved;
        self.emit(Op::TryEnd(idx));
        // (As `try_catch` does: the code after a region starts a block.)
        let skip = self.emit(Op::Jump(0));
        let end = self.pc();
        self.patch(skip, end);
        self.tries[idx as usize].end = end;
        if kind == RegionKind::WithVisible {
            self.visible(tail, true);
        }
    }

    pub(super) fn on_exit(&mut self, args: &[Arg]) {
        let mut body = None;
        let mut add = false;
        for (k, a) in args.iter().enumerate() {
            match a.name.as_deref() {
                Some("add") => {
                    add = matches!(
                        a.value.as_ref().map(|v| &v.kind),
                        Some(ExprKind::Const(Const::Logical(Some(true))))
                    )
                }
                Some("expr") => body = a.value.as_ref(),
                None if k == 0 => body = a.value.as_ref(),
                None if k == 1 => {
                    add = matches!(
                        a.value.as_ref().map(|v| &v.kind),
                        Some(ExprKind::Const(Const::Logical(Some(true))))
                    )
                }
                _ => {}
            }
        }
        let skip = self.emit(Op::Jump(0));
        let start = self.pc();
        match body {
            Some(b) => self.expr(b, false),
            None => self.konst(Value::Null),
        }
        self.emit(Op::EndRegion);
        let after = self.pc();
        self.patch(skip, after);
        self.exits.push(start);
        self.emit(Op::OnExit {
            region: (self.exits.len() - 1) as u32,
            add,
        });
        self.konst(Value::Null);
    }
}

/// The call by which GNU R's `suppressWarnings`/`suppressMessages` evaluate
/// their argument (R 4.2's source of the two functions).
fn with_calling_handlers(kind: RegionKind, pos: crate::ast::Pos) -> Expr {
    let src = match kind {
        RegionKind::SuppressWarnings => {
            "withCallingHandlers(expr, warning = function(w) if (inherits(w, classes)) \
             tryInvokeRestart(\"muffleWarning\"))"
        }
        _ => {
            "withCallingHandlers(expr, message = function(c) if (inherits(c, classes)) \
             tryInvokeRestart(\"muffleMessage\"))"
        }
    };
    r_call(src, pos)
}

/// A call of R's own code (`src`, which parses), placed at `pos`.
fn r_call(src: &str, pos: crate::ast::Pos) -> Expr {
    let mut parsed = crate::parser::parse_program(src, "").expect("R's own call parses");
    let mut call = parsed.exprs.remove(0);
    call.pos = pos;
    call
}
