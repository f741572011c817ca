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

    pub(super) fn try_catch(&mut self, e: &Expr, args: &[Arg], tail: bool) {
        let mut expr_arg = None;
        let (mut error, mut warning, mut finally) = (None, None, None);
        for a in args {
            match a.name.as_deref() {
                Some("error") => error = a.value.as_ref(),
                Some("warning") => warning = a.value.as_ref(),
                Some("finally") => finally = a.value.as_ref(),
                Some("expr") | None if expr_arg.is_none() => expr_arg = a.value.as_ref(),
                Some("condition") => {
                    error = a.value.as_ref();
                    warning = a.value.as_ref();
                }
                _ => {}
            }
        }
        if let Some(h) = error {
            self.expr(h, false);
        }
        if let Some(h) = warning {
            self.expr(h, false);
        }
        let idx = self.tries.len() as u32;
        self.tries.push(TryInfo {
            has_error: error.is_some(),
            has_warning: warning.is_some(),
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
    /// the handler is `function(e) .tryError(e, silent)` (`silent` evaluated
    /// in the caller, as R's is); the region remembers its call.
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
        let outer = self.call_idx(e);
        let saved = (self.arg_ctx, self.any_arg_ctx);
        let named = match kind {
            RegionKind::WithVisible | RegionKind::TryCatch => outer,
            RegionKind::SuppressWarnings | RegionKind::SuppressMessages => {
                self.arg_ctx = Some(outer);
                let inner = with_calling_handlers(kind, e.pos);
                self.call_idx(&inner)
            }
        };
        let idx = self.tries.len() as u32;
        self.tries.push(TryInfo {
            has_error: false,
            has_warning: false,
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
    let mut parsed =
        crate::parser::parse_program(src, "").expect("R's withCallingHandlers call parses");
    let mut call = parsed.exprs.remove(0);
    call.pos = pos;
    call
}
