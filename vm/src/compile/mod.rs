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

mod assign;
mod calls;
mod special;

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
    /// Functions written in this code are top-level functions (their
    /// environment is the global one): top-level code, and code `eval`
    /// runs in the global environment.
    fn_in_global: bool,
    uses_dispatch: bool,
    uses_lang: bool,
    lazy_args: bool,
    body: Option<Rc<Expr>>,
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
    literal_c: Vec<(CallIdx, u32)>,
    /// See `frame_private` (false for top-level code).
    frame_private: bool,
    /// `for`/`while`/`repeat` statements being compiled (their sequences
    /// and conditions included), and per instruction whether it is in one.
    loop_stmts: usize,
    pc_in_loop: Vec<bool>,
    /// The innermost call of any function (primitives included) whose
    /// arguments are being compiled, and per instruction that call.
    any_arg_ctx: Option<CallIdx>,
    in_call_args: Vec<CallIdx>,
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
    Rc::new(c.finish(Vec::new(), Vec::new()))
}

/// Compile an expression that `eval` (or a promise) runs in an environment
/// of its own: variables by name, as top-level code (`in_global`: the
/// environment is the global one, whose functions are top-level
/// functions). Such code stays in the interpreter (`uses_lang`): the tiers
/// above compile top-level code for the global environment only.
pub fn compile_eval(e: &Expr, in_global: bool) -> Rc<FunctionCode> {
    let mut c = Compiler::new("<eval>", true);
    c.fn_in_global = in_global;
    c.uses_lang = true;
    c.expr(e, true);
    c.emit(Op::Return);
    Rc::new(c.finish(Vec::new(), Vec::new()))
}

/// The builtins that make or read language objects or the calls of
/// activations: a function calling one stays in the interpreter
/// (`FunctionCode::uses_lang`).
pub const LANG_BUILTINS: &[&str] = &[
    "quote",
    "bquote",
    "substitute",
    "eval",
    "evalq",
    "parse",
    "str2lang",
    "expression",
    "sys.call",
    "sys.function",
    "match.call",
    "as.name",
    "as.symbol",
    "call",
    "as.call",
    "alist",
    "deparse",
];

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
    c.frame_private = frame_private(body);
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
    c.body = Some(Rc::new(body.clone()));
    c.expr(body, true);
    c.emit(Op::Return);
    // Default-argument regions follow the body.
    let mut defaults = Vec::new();
    let mut default_values = Vec::new();
    for p in params.iter().filter(|p| &*p.name != "...") {
        default_values.push(p.default.as_ref().and_then(calls::literal_scalar));
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
    Rc::new(c.finish(defaults, default_values))
}

/// Names assigned in `e` (not descending into nested functions).
fn collect_assigned(e: &Expr, out: &mut Vec<SymId>) {
    match &e.peel().kind {
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
/// Can nothing see this function's variables while one of its statements
/// fails half-way? No `tryCatch`/`try` (a caught error continues in the
/// frame), no `on.exit` (it runs on the way out), no closure made in it (its
/// environment is the frame), no reflective builtin (`REFLECTIVE`). Then a
/// nested replacement may move its variable out for the update
/// (`Compiler::assign`): should the update fail, nothing reads it again.
fn frame_private(e: &Expr) -> bool {
    let all = |args: &[Arg]| {
        args.iter()
            .all(|a| a.value.as_ref().is_none_or(frame_private))
    };
    match &e.peel().kind {
        ExprKind::Const(_)
        | ExprKind::Ident(_)
        | ExprKind::Break
        | ExprKind::Next
        | ExprKind::Value(_) => true,
        ExprKind::Function(..) => false,
        ExprKind::Call(f, args) => {
            let name = ident_of(f);
            !name.is_some_and(|n| {
                matches!(
                    n,
                    "tryCatch"
                        | "try"
                        | "on.exit"
                        | "withCallingHandlers"
                        | "withRestarts"
                        | "local"
                ) || REFLECTIVE.contains(&n)
            }) && frame_private(f)
                && all(args)
        }
        ExprKind::If(c, t, f) => {
            frame_private(c) && frame_private(t) && f.as_ref().is_none_or(|f| frame_private(f))
        }
        ExprKind::For(_, s, b) => frame_private(s) && frame_private(b),
        ExprKind::While(c, b) => frame_private(c) && frame_private(b),
        ExprKind::Repeat(b) => frame_private(b),
    }
}

fn contains_loop(e: &Expr) -> bool {
    match &e.peel().kind {
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
    match &target.peel().kind {
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
            fn_in_global: top_level,
            uses_dispatch: false,
            uses_lang: false,
            lazy_args: false,
            body: None,
            reflective: false,
            n_type_fb: 0,
            n_call_fb: 0,
            loops: Vec::new(),
            ntemps: 0,
            arg_ctx: None,
            in_args_of: Vec::new(),
            call_parent: Vec::new(),
            call_in_loop: Vec::new(),
            literal_c: Vec::new(),
            frame_private: false,
            loop_stmts: 0,
            pc_in_loop: Vec::new(),
            any_arg_ctx: None,
            in_call_args: Vec::new(),
            for_seqs: Vec::new(),
        }
    }

    fn finish(self, defaults: Vec<Option<Pc>>, default_values: Vec<Option<Value>>) -> FunctionCode {
        let field_caches = (0..self.calls.len()).map(|_| Default::default()).collect();
        let range_dirs = (0..self.calls.len()).map(|_| Cell::new(0)).collect();
        let shares_frame = self.reflective
            || self.top_level
            || self.ops.iter().any(|op| matches!(op, Op::MakeClosure(_)));
        FunctionCode {
            name: self.name,
            ops: self.ops,
            consts: self.consts,
            calls: self.calls,
            bytecode_assigns: self.bytecode_assigns,
            arg_specs: self.arg_specs,
            functions: self.functions,
            switches: self.switches,
            leavable_regions: self.tries.iter().any(|t| t.kind != RegionKind::TryCatch),
            tries: self.tries,
            exits: self.exits,
            locals: self.locals.into(),
            nparams: self.nparams,
            defaults,
            default_values,
            top_level: self.top_level,
            in_global: self.in_global,
            uses_dispatch: self.uses_dispatch,
            uses_lang: self.uses_lang,
            lazy_args: self.lazy_args,
            body: self.body,
            lazy_sites: Default::default(),
            reflective: self.reflective,
            shares_frame,
            type_fb: (0..self.n_type_fb)
                .map(|_| Cell::new(TypeFeedback::default()))
                .collect(),
            call_fb: (0..self.n_call_fb)
                .map(|_| RefCell::new(CallFeedback::default()))
                .collect(),
            invocations: Cell::new(0),
            calls_want_frame: Cell::new(None),
            empty_loops: Default::default(),
            frame_observed: Cell::new(false),
            in_args_of: self.in_args_of,
            call_parent: self.call_parent,
            call_in_loop: self.call_in_loop,
            literal_c: self.literal_c,
            pc_in_loop: self.pc_in_loop,
            in_call_args: self.in_call_args,
            for_seqs: self.for_seqs,
            field_caches,
            range_dirs,
            made_at_run_time: Cell::new(false),
        }
    }

    fn pc(&self) -> Pc {
        self.ops.len() as Pc
    }
    fn emit(&mut self, op: Op) -> usize {
        self.ops.push(op);
        self.in_args_of.push(self.arg_ctx.unwrap_or(NO_CALL));
        self.pc_in_loop.push(self.loop_stmts > 0);
        self.in_call_args.push(self.any_arg_ctx.unwrap_or(NO_CALL));
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
        let e = e.peel();
        let is_loop = matches!(
            e.kind,
            ExprKind::For(..) | ExprKind::While(..) | ExprKind::Repeat(..)
        );
        self.loop_stmts += is_loop as usize;
        self.expr_kind(e, tail);
        self.loop_stmts -= is_loop as usize;
    }

    fn expr_kind(&mut self, e: &Expr, tail: bool) {
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
                let code = compile_function("<anonymous>", params, body, self.fn_in_global);
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
            ExprKind::Value(v) => {
                self.konst(v.clone());
                self.visible(tail, true);
            }
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
        let e = e.peel();
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
            if matches!(n, ".Generic" | ".Class" | ".Method" | ".Group") {
                // A variable R defines in an S3 method's frame
                // (`s3::bind_dispatch_vars`): the frame must have it (the
                // method's dispatch is kept, as for `NextMethod`), and the
                // name is read from the frame, not as a global
                // (`in_global` off: compiled code looks it up).
                self.uses_dispatch = true;
                self.in_global = false;
            }
        }
        if matches!(
            n,
            "eval" | "evalq" | "sys.call" | "sys.function" | "match.call"
        ) {
            // Passed as a function (`sapply(exprs, eval)`): it reads this
            // code's frame.
            self.uses_lang = true;
        }
        let fb = self.fb();
        self.emit(Op::LoadName(s, fb));
    }
}

/// Expressions that neither call closures nor assign: constants, variables,
/// arithmetic, comparisons, logic and indexing of such expressions.
fn side_effect_free(e: &Expr) -> bool {
    operators_only(e, "...")
}

/// `side_effect_free`, without reading the variable `base` (nor `...`,
/// `..1`): literals, other names, and operators of such, no call of a
/// closure, which might see `base` through its environment.
pub(super) fn operators_only(e: &Expr, base: &str) -> bool {
    match &e.peel().kind {
        ExprKind::Const(_) => true,
        ExprKind::Ident(n) => &**n != base && !n.starts_with(".."),
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
                        | "!"
                        | "&&"
                        | "||"
                        | ":"
                )
            ) && args.iter().all(|a| {
                a.name.is_none() && a.value.as_ref().is_some_and(|v| operators_only(v, base))
            })
        }
        _ => false,
    }
}

fn call_args(e: &Expr) -> &[Arg] {
    match &e.peel().kind {
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

    /// The code of the first function defined in `src` (`f <- function...`).
    fn function_code(src: &str) -> Rc<FunctionCode> {
        let prog = crate::parser::parse_program(src, "t.R").unwrap();
        let top = compile_toplevel(&prog.exprs[0]);
        top.functions[0].1.clone()
    }

    fn takes_field(code: &FunctionCode) -> bool {
        code.ops
            .iter()
            .any(|op| matches!(op, Op::DollarTakeLocal(..)))
    }

    fn moves_base(code: &FunctionCode, base: &str) -> bool {
        let slot = code
            .locals
            .iter()
            .position(|s| s.name().as_ref() == base)
            .unwrap() as u16;
        code.ops
            .iter()
            .any(|op| matches!(op, Op::TakeLocal(s) if *s == slot))
    }

    #[test]
    fn literal_c_is_folded_with_the_builtins_own_combine() {
        let code =
            function_code("f <- function(d) c(-1L, 1L, 0L, NA)[d] + length(c(\"a\", \"b\"))");
        let vals: Vec<String> = code
            .literal_c
            .iter()
            .map(|&(_, k)| crate::deparse::deparse_value_short(&code.consts[k as usize]))
            .collect();
        assert_eq!(vals.len(), 2, "{vals:?}");
        assert!(vals[0].contains("-1") && vals[0].contains("NA"), "{vals:?}");
        // Not literals: a variable, a call, a named argument.
        for src in [
            "f <- function(d) c(d, 1L)",
            "f <- function(d) c(1L, abs(2L))",
            "f <- function(d) c(a = 1L, 2L)",
        ] {
            assert!(function_code(src).literal_c.is_empty(), "{src}");
        }
    }

    #[test]
    fn nested_replacement_moves_its_variable_only_when_nothing_can_see_it() {
        let code = function_code(
            "f <- function(n) { p <- list(v = numeric(n)); for (i in 1:n) p$v[i + 1L] <- i; p }",
        );
        assert!(moves_base(&code, "p") && takes_field(&code));
        // The index reads `p`, calls a function, or the frame is visible
        // after a failure (tryCatch, on.exit, a closure): `p` stays bound.
        for src in [
            "f <- function(n) { p <- list(v = numeric(n)); p$v[length(p$v)] <- 1; p }",
            "f <- function(n) { p <- list(v = numeric(n)); p$v[g(n)] <- 1; p }",
            "f <- function(n) { p <- list(v = 1); tryCatch(p$v[1] <- 2, error = function(e) 0); p }",
            "f <- function(n) { on.exit(print(p)); p <- list(v = 1); p$v[1] <- 2; p }",
            "f <- function(n) { g <- function() p; p <- list(v = 1); p$v[1] <- 2; g() }",
        ] {
            assert!(!moves_base(&function_code(src), "p"), "{src}");
        }
    }
}
