//! The bytecode compiler: AST → `FunctionCode`.
//!
//! Scoping is resolved here: a function's locals are its parameters plus every
//! name it assigns with `<-`/`=`/`for` (never inside nested functions); all other
//! names are free and looked up by name at run time. Special forms (`if`, loops,
//! `&&`, `switch`, `tryCatch`, `on.exit`, `missing`, `return`, `UseMethod`,
//! assignments including R's complex assignment `f(x, ...) <- v`) compile to
//! dedicated instructions; every other call is an ordinary `Call`.

use crate::ast::*;
use crate::bytecode::*;
use crate::feedback::{CallFeedback, TypeFeedback};
use crate::symbols::{intern, SymId};
use crate::value::Value;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

struct LoopCtx {
    /// Jumps to patch to the loop exit (`break`).
    breaks: Vec<usize>,
    /// Where `next` goes.
    next: Pc,
}

/// Where a set instruction's object comes from.
#[derive(Clone, Copy)]
enum BaseSrc {
    Take(Place),
    Super(SymId, CallIdx),
}

/// A place a value lives: a local slot of this function, or a name (top level).
#[derive(Clone, Copy)]
enum Place {
    Local(u16),
    Name(SymId),
}

pub struct Compiler {
    name: String,
    ops: Vec<Op>,
    consts: Vec<Value>,
    calls: Vec<Expr>,
    bytecode_assigns: Vec<CallIdx>,
    /// A closure body with a loop (GNU R byte-compiles it at its first call).
    has_loop: bool,
    arg_specs: Vec<Vec<ArgSpec>>,
    functions: Vec<(Rc<[Param]>, Rc<FunctionCode>)>,
    switches: Vec<SwitchTable>,
    tries: Vec<TryInfo>,
    exits: Vec<Pc>,
    locals: Vec<SymId>,
    nparams: usize,
    top_level: bool,
    in_global: bool,
    uses_dispatch: bool,
    reflective: bool,
    n_type_fb: u32,
    n_call_fb: u32,
    loops: Vec<LoopCtx>,
    ntemps: usize,
    /// The innermost call to a non-primitive whose arguments are being compiled:
    /// GNU R reports a variable lookup failure there against that call.
    arg_ctx: Option<CallIdx>,
    in_args_of: Vec<CallIdx>,
    call_parent: Vec<CallIdx>,
    call_in_loop: Vec<bool>,
    for_seqs: Vec<VarRef>,
}

/// Compile one top-level expression (variables live in the global environment).
/// The most arguments one `Op::Call` takes (its count is a `u16`).
const MAX_CALL_ARGS: usize = u16::MAX as usize;

/// The builtins (`builtins::envs`) that read or write their caller's frame by
/// name: a function calling one keeps its variables in its frame when compiled
/// (`FunctionCode::reflective`).
const REFLECTIVE: &[&str] = &[
    "environment",
    "parent.frame",
    "assign",
    "get",
    "get0",
    "exists",
    "mget",
    "ls",
    "objects",
    "rm",
    "remove",
];

pub fn compile_toplevel(e: &Expr) -> Rc<FunctionCode> {
    let mut c = Compiler::new("<top-level>", true);
    c.expr(e, true);
    c.emit(Op::Return);
    Rc::new(c.finish(Vec::new()))
}

/// Compile a closure body with its formals.
/// `in_global`: the function is written in top-level code.
pub fn compile_function(
    name: &str,
    params: &[Param],
    body: &Expr,
    in_global: bool,
) -> Rc<FunctionCode> {
    let mut c = Compiler::new(name, false);
    c.in_global = in_global;
    c.has_loop = contains_loop(body);
    for p in params {
        if &*p.name != "..." {
            c.locals.push(intern(&p.name));
        }
    }
    c.nparams = c.locals.len();
    let mut assigned = Vec::new();
    collect_assigned(body, &mut assigned);
    for p in params.iter().filter_map(|p| p.default.as_ref()) {
        collect_assigned(p, &mut assigned);
    }
    for s in assigned {
        if !c.locals.contains(&s) {
            c.locals.push(s);
        }
    }
    c.expr(body, true);
    c.emit(Op::Return);
    // Default-argument regions follow the body.
    let mut defaults = Vec::new();
    for p in params.iter().filter(|p| &*p.name != "...") {
        match &p.default {
            Some(d) => {
                let start = c.pc();
                c.expr(d, false);
                c.emit(Op::EndRegion);
                defaults.push(Some(start));
            }
            None => defaults.push(None),
        }
    }
    Rc::new(c.finish(defaults))
}

/// Names assigned in `e` (not descending into nested functions).
fn collect_assigned(e: &Expr, out: &mut Vec<SymId>) {
    match &e.kind {
        ExprKind::Call(f, args) => {
            if let ExprKind::Ident(n) = &f.kind {
                if (&**n == "<-" || &**n == "=") && args.len() == 2 {
                    if let Some(target) = &args[0].value {
                        if let Some(base) = assignment_base(target) {
                            out.push(intern(&base));
                        }
                    }
                }
            }
            collect_assigned(f, out);
            for a in args {
                if let Some(v) = &a.value {
                    collect_assigned(v, out);
                }
            }
        }
        ExprKind::Function(..) => {}
        ExprKind::If(c, t, f) => {
            collect_assigned(c, out);
            collect_assigned(t, out);
            if let Some(f) = f {
                collect_assigned(f, out);
            }
        }
        ExprKind::For(v, s, b) => {
            out.push(intern(v));
            collect_assigned(s, out);
            collect_assigned(b, out);
        }
        ExprKind::While(c, b) => {
            collect_assigned(c, out);
            collect_assigned(b, out);
        }
        ExprKind::Repeat(b) => collect_assigned(b, out),
        _ => {}
    }
}

/// Does `e` contain a loop (not counting nested function definitions)?
fn contains_loop(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::For(..) | ExprKind::While(..) | ExprKind::Repeat(..) => true,
        ExprKind::Call(f, args) => {
            contains_loop(f)
                || args
                    .iter()
                    .any(|a| a.value.as_ref().is_some_and(contains_loop))
        }
        ExprKind::If(c, t, f) => {
            contains_loop(c) || contains_loop(t) || f.as_ref().is_some_and(|f| contains_loop(f))
        }
        _ => false,
    }
}

/// The variable a (possibly complex) assignment target modifies.
fn assignment_base(target: &Expr) -> Option<Rc<str>> {
    match &target.kind {
        ExprKind::Ident(n) => Some(n.clone()),
        ExprKind::Const(Const::Str(Some(s))) => Some(s.clone()),
        ExprKind::Call(_, args) => assignment_base(args.first()?.value.as_ref()?),
        _ => None,
    }
}

fn ident_of(e: &Expr) -> Option<&str> {
    match &e.kind {
        ExprKind::Ident(n) => Some(n),
        _ => None,
    }
}

impl Compiler {
    fn new(name: &str, top_level: bool) -> Compiler {
        Compiler {
            name: name.to_string(),
            ops: Vec::new(),
            consts: Vec::new(),
            calls: Vec::new(),
            bytecode_assigns: Vec::new(),
            has_loop: false,
            arg_specs: Vec::new(),
            functions: Vec::new(),
            switches: Vec::new(),
            tries: Vec::new(),
            exits: Vec::new(),
            locals: Vec::new(),
            nparams: 0,
            top_level,
            in_global: false,
            uses_dispatch: false,
            reflective: false,
            n_type_fb: 0,
            n_call_fb: 0,
            loops: Vec::new(),
            ntemps: 0,
            arg_ctx: None,
            in_args_of: Vec::new(),
            call_parent: Vec::new(),
            call_in_loop: Vec::new(),
            for_seqs: Vec::new(),
        }
    }

    fn finish(self, defaults: Vec<Option<Pc>>) -> FunctionCode {
        let field_hints = (0..self.calls.len()).map(|_| Cell::new(0)).collect();
        let range_dirs = (0..self.calls.len()).map(|_| Cell::new(0)).collect();
        FunctionCode {
            name: self.name,
            ops: self.ops,
            consts: self.consts,
            calls: self.calls,
            bytecode_assigns: self.bytecode_assigns,
            arg_specs: self.arg_specs,
            functions: self.functions,
            switches: self.switches,
            tries: self.tries,
            exits: self.exits,
            locals: self.locals.into(),
            nparams: self.nparams,
            defaults,
            top_level: self.top_level,
            in_global: self.in_global,
            uses_dispatch: self.uses_dispatch,
            reflective: self.reflective,
            type_fb: (0..self.n_type_fb)
                .map(|_| Cell::new(TypeFeedback::default()))
                .collect(),
            call_fb: (0..self.n_call_fb)
                .map(|_| RefCell::new(CallFeedback::default()))
                .collect(),
            invocations: Cell::new(0),
            calls_want_frame: Cell::new(false),
            frame_observed: Cell::new(false),
            in_args_of: self.in_args_of,
            call_parent: self.call_parent,
            call_in_loop: self.call_in_loop,
            for_seqs: self.for_seqs,
            field_hints,
            range_dirs,
        }
    }

    fn pc(&self) -> Pc {
        self.ops.len() as Pc
    }
    fn emit(&mut self, op: Op) -> usize {
        self.ops.push(op);
        self.in_args_of.push(self.arg_ctx.unwrap_or(NO_CALL));
        self.ops.len() - 1
    }
    fn patch(&mut self, at: usize, target: Pc) {
        match &mut self.ops[at] {
            Op::Jump(t) | Op::BranchFalse(t, _, _) | Op::AndStart(t, _) | Op::OrStart(t, _) => {
                *t = target
            }
            Op::ForStep { exit, .. } => *exit = target,
            other => panic!("patch: not a jump: {:?}", other),
        }
    }
    fn fb(&mut self) -> Fb {
        self.n_type_fb += 1;
        self.n_type_fb - 1
    }
    fn call_fb(&mut self) -> Fb {
        self.n_call_fb += 1;
        self.n_call_fb - 1
    }
    fn call_idx(&mut self, e: &Expr) -> CallIdx {
        self.calls.push(e.clone());
        self.call_parent.push(self.arg_ctx.unwrap_or(NO_CALL));
        self.call_in_loop.push(!self.loops.is_empty());
        (self.calls.len() - 1) as CallIdx
    }
    fn konst(&mut self, v: Value) {
        self.consts.push(v);
        let i = (self.consts.len() - 1) as u32;
        self.emit(Op::Const(i));
    }
    fn visible(&mut self, tail: bool, v: bool) {
        if tail {
            self.emit(Op::Visible(v));
        }
    }

    fn place_of(&mut self, name: &str) -> Place {
        let s = intern(name);
        if self.top_level {
            // Top-level code lists the names it assigns as its locals: what
            // compiled top-level code keeps in registers (`FunctionCode::locals`).
            if !self.locals.contains(&s) {
                self.locals.push(s);
            }
            return Place::Name(s);
        }
        match self.locals.iter().position(|&l| l == s) {
            Some(i) => Place::Local(i as u16),
            None => {
                // Not statically local (e.g. assigned only through a path we do not
                // see); make it a local so that `<-` semantics hold.
                self.locals.push(s);
                Place::Local((self.locals.len() - 1) as u16)
            }
        }
    }
    fn new_temp(&mut self) -> Place {
        self.ntemps += 1;
        let name = format!("*tmp{}*", self.ntemps);
        self.place_of(&name)
    }
    fn load(&mut self, p: Place) {
        let fb = self.fb();
        match p {
            Place::Local(i) => self.emit(Op::LoadLocal(i, fb)),
            Place::Name(s) => self.emit(Op::LoadName(s, fb)),
        };
    }
    fn store(&mut self, p: Place) {
        match p {
            Place::Local(i) => self.emit(Op::StoreLocal(i)),
            Place::Name(s) => self.emit(Op::StoreName(s)),
        };
    }
    fn take(&mut self, p: Place) {
        match p {
            Place::Local(i) => self.emit(Op::TakeLocal(i)),
            Place::Name(s) => {
                let fb = self.fb();
                self.emit(Op::LoadName(s, fb))
            }
        };
    }

    /// Compile `e` for its value (left on the stack). `tail` means the value's
    /// visibility matters (last expression of a function or top-level expression).
    fn expr(&mut self, e: &Expr, tail: bool) {
        match &e.kind {
            ExprKind::Const(c) => {
                let v = const_value(c);
                self.konst(v);
                self.visible(tail, true);
            }
            ExprKind::Ident(n) => {
                self.ident(n, e);
                self.visible(tail, true);
            }
            ExprKind::Function(params, body) => {
                let code = compile_function("<anonymous>", params, body, self.top_level);
                self.functions.push((params.clone(), code));
                self.emit(Op::MakeClosure((self.functions.len() - 1) as u32));
                self.visible(tail, true);
            }
            ExprKind::If(c, t, f) => {
                self.expr(c, false);
                let ci = self.call_idx(e);
                let fb = self.fb();
                let br = self.emit(Op::BranchFalse(0, ci, fb));
                self.expr(t, tail);
                let j = self.emit(Op::Jump(0));
                let else_pc = self.pc();
                self.patch(br, else_pc);
                match f {
                    Some(f) => self.expr(f, tail),
                    None => {
                        self.konst(Value::Null);
                        self.visible(tail, false);
                    }
                }
                let end = self.pc();
                self.patch(j, end);
            }
            ExprKind::While(c, body) => {
                let top = self.pc();
                self.expr(c, false);
                let ci = self.call_idx(e);
                let fb = self.fb();
                let br = self.emit(Op::BranchFalse(0, ci, fb));
                self.loops.push(LoopCtx {
                    breaks: vec![br],
                    next: top,
                });
                self.stmt(body);
                self.emit(Op::Jump(top));
                self.end_loop(tail, false);
            }
            ExprKind::Repeat(body) => {
                let top = self.pc();
                self.loops.push(LoopCtx {
                    breaks: vec![],
                    next: top,
                });
                self.stmt(body);
                self.emit(Op::Jump(top));
                self.end_loop(tail, false);
            }
            ExprKind::For(var, seq, body) => {
                let ci = self.call_idx(e);
                let mut seq_k = NO_SEQ;
                match seq.call_name() {
                    Some(":") if call_args(seq).len() == 2 => {
                        let a = call_args(seq);
                        self.expr(a[0].value.as_ref().unwrap(), false);
                        self.expr(a[1].value.as_ref().unwrap(), false);
                        let ci2 = self.call_idx(seq);
                        self.emit(Op::ForRangePrep(ci2));
                    }
                    Some(f @ ("seq_len" | "seq_along"))
                        if call_args(seq).len() == 1
                            && call_args(seq)[0].name.is_none()
                            && call_args(seq)[0].value.is_some() =>
                    {
                        // Counted loops run without building the index vector.
                        self.expr(call_args(seq)[0].value.as_ref().unwrap(), false);
                        let ci2 = self.call_idx(seq);
                        self.emit(Op::ForCountPrep {
                            along: f == "seq_along",
                            call: ci2,
                        });
                    }
                    _ => {
                        self.expr(seq, false);
                        let hidden = match self.new_temp() {
                            Place::Local(i) => VarRef::local(i),
                            Place::Name(s) => VarRef::name(s),
                        };
                        self.for_seqs.push(hidden);
                        seq_k = (self.for_seqs.len() - 1) as u16;
                        self.emit(Op::ForSeqPrep {
                            call: ci,
                            seq: seq_k,
                        });
                    }
                }
                let var = match self.place_of(var) {
                    Place::Local(i) => VarRef::local(i),
                    Place::Name(s) => VarRef::name(s),
                };
                let fb = self.fb();
                let top = self.emit(Op::ForStep {
                    exit: 0,
                    var,
                    fb,
                    seq: seq_k,
                });
                self.loops.push(LoopCtx {
                    breaks: vec![top],
                    next: top as Pc,
                });
                self.stmt(body);
                self.emit(Op::Jump(top as Pc));
                self.end_loop(tail, true);
            }
            ExprKind::Break => match self.loops.last_mut() {
                Some(_) => {
                    let j = self.emit(Op::Jump(0));
                    self.loops.last_mut().unwrap().breaks.push(j);
                    // Unreachable, but keeps the stack discipline of an expression.
                    self.konst(Value::Null);
                }
                None => {
                    let ci = self.call_idx(e);
                    self.emit(Op::NoLoop(ci));
                    self.konst(Value::Null);
                }
            },
            ExprKind::Next => match self.loops.last() {
                Some(l) => {
                    let n = l.next;
                    self.emit(Op::Jump(n));
                    self.konst(Value::Null);
                }
                None => {
                    let ci = self.call_idx(e);
                    self.emit(Op::NoLoop(ci));
                    self.konst(Value::Null);
                }
            },
            ExprKind::Call(f, args) => self.call(e, f, args, tail),
        }
    }

    fn end_loop(&mut self, tail: bool, is_for: bool) {
        let l = self.loops.pop().unwrap();
        let exit = self.pc();
        for b in l.breaks {
            self.patch(b, exit);
        }
        if is_for {
            self.emit(Op::ForEnd);
        }
        self.konst(Value::Null);
        self.visible(tail, false);
    }

    /// Compile `e` for effect only.
    fn stmt(&mut self, e: &Expr) {
        if let ExprKind::If(c, t, f) = &e.kind {
            // An `if` whose value is discarded: its branches are statements too,
            // so no value flows to the join point.
            self.expr(c, false);
            let ci = self.call_idx(e);
            let fb = self.fb();
            let br = self.emit(Op::BranchFalse(0, ci, fb));
            self.stmt(t);
            match f {
                Some(f) => {
                    let j = self.emit(Op::Jump(0));
                    let else_pc = self.pc();
                    self.patch(br, else_pc);
                    self.stmt(f);
                    let end = self.pc();
                    self.patch(j, end);
                }
                None => {
                    let end = self.pc();
                    self.patch(br, end);
                }
            }
            return;
        }
        if let ExprKind::Call(f, args) = &e.kind {
            if let Some(op @ ("<-" | "=" | "<<-")) = ident_of(f) {
                if args.len() == 2 && args.iter().all(|a| a.value.is_some() && a.name.is_none()) {
                    if op != "<<-" && self.accumulate(args) {
                        return;
                    }
                    self.assign(e, op == "<<-", args, false);
                    return;
                }
            }
            if ident_of(f) == Some("{") {
                for a in args {
                    if let Some(v) = &a.value {
                        self.stmt(v);
                    }
                }
                return;
            }
        }
        self.expr(e, false);
        self.emit(Op::Pop);
    }

    /// `x <- x OP e` on a local `x`, where `e` cannot observe or change `x`
    /// (only constants, locals, arithmetic and indexing): the accumulator
    /// superinstruction `ArithLocal` updates the slot in place. Returns false
    /// when the pattern does not apply.
    fn accumulate(&mut self, args: &[Arg]) -> bool {
        let (Some(target), Some(value)) = (&args[0].value, &args[1].value) else {
            return false;
        };
        let Some(name) = ident_of(target) else {
            return false;
        };
        if self.top_level {
            return false;
        }
        let ExprKind::Call(f, vargs) = &value.kind else {
            return false;
        };
        let op = match ident_of(f) {
            Some("+") => ArithOp::Add,
            Some("-") => ArithOp::Sub,
            Some("*") => ArithOp::Mul,
            Some("/") => ArithOp::Div,
            _ => return false,
        };
        if vargs.len() != 2 || vargs.iter().any(|a| a.name.is_some() || a.value.is_none()) {
            return false;
        }
        if ident_of(vargs[0].value.as_ref().unwrap()) != Some(name)
            || !side_effect_free(vargs[1].value.as_ref().unwrap())
        {
            return false;
        }
        let s = intern(name);
        let Some(slot) = self.locals.iter().position(|&l| l == s) else {
            return false;
        };
        self.expr(vargs[1].value.as_ref().unwrap(), false);
        let ci = self.call_idx(value);
        let fb = self.fb();
        self.fb(); // fb + 1: the accumulator's type before the update
        self.emit(Op::ArithLocal(op, slot as u16, ci, fb));
        true
    }

    fn ident(&mut self, n: &str, e: &Expr) {
        if n == "..." {
            let ci = self.call_idx(e);
            self.emit(Op::LoadDots(ci));
            return;
        }
        if let Some(k) = n.strip_prefix("..").and_then(|k| k.parse::<u16>().ok()) {
            let ci = self.call_idx(e);
            self.emit(Op::LoadDotN(k, ci));
            return;
        }
        let s = intern(n);
        if !self.top_level {
            if let Some(i) = self.locals.iter().position(|&l| l == s) {
                let fb = self.fb();
                self.emit(Op::LoadLocal(i as u16, fb));
                return;
            }
        }
        let fb = self.fb();
        self.emit(Op::LoadName(s, fb));
    }

    fn call(&mut self, e: &Expr, f: &Expr, args: &[Arg], tail: bool) {
        let name = ident_of(f);
        if name == Some("NextMethod") {
            self.uses_dispatch = true;
        }
        if name.is_some_and(|n| REFLECTIVE.contains(&n)) {
            self.reflective = true;
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

    /// Push the function and its arguments and emit `Call`.
    fn generic_call(&mut self, e: &Expr, f: &Expr, args: &[Arg]) {
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
        let saved = self.arg_ctx;
        if !ident_of(f).is_some_and(crate::deparse::is_primitive) {
            self.arg_ctx = Some(ci);
        }
        let spec = self.push_args(args);
        self.arg_ctx = saved;
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
    fn huge_call(&mut self, e: &Expr, f: &Expr, args: &[Arg]) {
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

    fn push_args(&mut self, args: &[Arg]) -> u32 {
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

    /// `target <- value` (and `<<-`, `=`). Leaves the value on the stack when `keep`.
    fn assign(&mut self, e: &Expr, sup: bool, args: &[Arg], keep: bool) {
        let target = args[0].value.as_ref().unwrap();
        let value = args[1].value.as_ref().unwrap();
        let simple_name = match &target.kind {
            ExprKind::Ident(n) => Some(n.clone()),
            ExprKind::Const(Const::Str(Some(s))) => Some(s.clone()),
            _ => None,
        };
        if let Some(n) = simple_name {
            if let ExprKind::Function(params, body) = &value.kind {
                // Name the closure after its binding, for dumps and traces.
                let code = compile_function(&n, params, body, self.top_level);
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
            match &cur.kind {
                ExprKind::Ident(n) => break n.clone(),
                ExprKind::Const(Const::Str(Some(s))) => break s.clone(),
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
            let t0 = self.new_temp();
            match base_place {
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
                self.load(prev);
                self.accessor_get(acc);
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
    fn accessor_get(&mut self, acc: &Expr) {
        let ExprKind::Call(f, args) = &acc.kind else {
            unreachable!()
        };
        let name = ident_of(f).unwrap();
        // R evaluates the inner accessors of `x[["a"]][2] <- v` on a temporary
        // and names them so in errors: `*tmp*`[["a"]].
        let mut named = args.clone();
        named[0].value = Some(Expr::new(ExprKind::Ident("*tmp*".into()), acc.pos));
        let ci = self.call_idx(&Expr::new(ExprKind::Call(f.clone(), named), acc.pos));
        match name {
            "$" if args.len() == 2 && args[1].value.as_ref().and_then(ident_of).is_some() => {
                let field = intern(ident_of(args[1].value.as_ref().unwrap()).unwrap());
                let fb = self.fb();
                self.emit(Op::Dollar(field, ci, fb));
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
    fn accessor_set(&mut self, acc: &Expr, src: BaseSrc, assign_call: CallIdx) {
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

    fn push_indices(&mut self, idx: &[Arg]) -> u8 {
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

    fn switch(&mut self, e: &Expr, args: &[Arg], tail: bool) {
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
            end: 0,
            no_match: 0,
        });
        self.emit(Op::Switch(table_i, ci));
        let mut arms: Vec<(Option<Rc<str>>, Option<Pc>)> = Vec::new();
        let mut jumps = Vec::new();
        for (k, a) in args.iter().enumerate() {
            if k == sel_i {
                continue;
            }
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
            end,
            no_match,
        };
    }

    fn try_catch(&mut self, e: &Expr, args: &[Arg], tail: bool) {
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
            end: 0,
            finally: None,
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

    fn on_exit(&mut self, args: &[Arg]) {
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

/// Expressions that neither call closures nor assign: constants, variables,
/// arithmetic, comparisons and indexing of such expressions.
fn side_effect_free(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Const(_) => true,
        ExprKind::Ident(n) => &**n != "...",
        ExprKind::Call(f, args) => {
            matches!(
                ident_of(f),
                Some(
                    "+" | "-"
                        | "*"
                        | "/"
                        | "^"
                        | "%%"
                        | "%/%"
                        | "("
                        | "["
                        | "[["
                        | "=="
                        | "<"
                        | ">"
                        | "<="
                        | ">="
                        | "!="
                )
            ) && args
                .iter()
                .all(|a| a.name.is_none() && a.value.as_ref().is_some_and(side_effect_free))
        }
        _ => false,
    }
}

fn call_args(e: &Expr) -> &[Arg] {
    match &e.kind {
        ExprKind::Call(_, a) => a,
        _ => &[],
    }
}

/// The value of a literal.
pub fn const_value(c: &Const) -> Value {
    use crate::value::*;
    match c {
        Const::Null => Value::Null,
        Const::Logical(b) => Value::Lgl(b.map_or(NA_LOGICAL, |b| b as i32)),
        Const::Integer(i) => Value::Int(i.unwrap_or(NA_INTEGER)),
        Const::Double(d) => Value::Dbl(d.unwrap_or_else(na_real)),
        // `NA_complex_` (the only complex constant with an NA part) is NA in both parts.
        Const::Complex(im) if is_na_real(*im) => Value::cplx(na_complex()),
        Const::Complex(im) => Value::cplx(C64::new(0.0, *im)),
        Const::Str(s) => Value::from_data(VecData::Str(vec![s.clone()])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every name in `REFLECTIVE` is a builtin.
    #[test]
    fn reflective_names_are_builtins() {
        for name in REFLECTIVE {
            assert!(crate::builtin_names::id_of(name).is_some(), "{name}");
        }
    }
}
