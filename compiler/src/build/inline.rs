//! Inlining of small closures (call-target speculation).
//!
//! A call whose feedback saw a single closure, small and free of anything the
//! builder would hand to the runtime, is built in place: `LoadFun` becomes a
//! guard (`callee_is`: the name still finds that closure's code, else exit
//! with reason `calltarget`), the arguments are bound to the callee's
//! parameters as IR values (constant defaults included), and the callee's
//! bytecode is built into the caller's IR by a second `Builder` sharing the
//! `Func`. There is no callee frame: since nothing in the inlined region has an
//! effect (a runtime call, a boxed constant of the callee or control flow in
//! the arguments gives up), every assume in it — argument speculation and the
//! callee's own — exits to the state before `LoadFun`, and the interpreter
//! re-executes the whole call. A site that cannot be inlined is rebuilt as a
//! call (`build_from` retries with it in `no_inline`).
//!
//! A few builtins (`sqrt`, `abs`, `floor` of a scalar, `length` of a typed
//! vector, `nrow`/`ncol` of a double matrix) are inlined the same way, as
//! native instructions.

use super::*;
use vm::args::match_args;
use vm::bytecode::{ArgSpec, CallIdx};
use vm::symbols::SymId;
use vm::value::Closure;

/// Largest callee inlined, in bytecode instructions.
pub const MAX_INLINE_OPS: usize = 64;

/// Calls inlined inside the arguments of an inlined call, at most.
const MAX_INLINE_NESTING: usize = 4;

/// Builtins inlined as native instructions.
const INLINE_BUILTINS: &[&str] = &[
    "sqrt",
    "abs",
    "floor",
    "ceiling",
    "trunc",
    "round",
    "exp",
    "log",
    "sin",
    "cos",
    "tan",
    "length",
    "nrow",
    "ncol",
    "is.na",
    "is.null",
    "min",
    "max",
    "all",
    "any",
    "c",
    "Re",
    "Im",
    "Mod",
    "Conj",
    "bitwAnd",
    "bitwOr",
    "bitwXor",
    "bitwShiftL",
    "bitwShiftR",
];

/// Inlined builtins whose native form exits on an NA or NaN result or
/// operand (R's NA bit pattern of `bitwAnd`, a shift past 31, `sqrt` and
/// `log` of what has no real result, `min`/`max`/`all`/`any` of NA). A
/// call of one whose result the profile saw NA stays a call: inlined, it
/// would exit at every such result, and each recompilation from the same
/// profile would again.
const NA_EXITING_BUILTINS: &[&str] = &[
    "sqrt",
    "log",
    "sin",
    "cos",
    "tan",
    "min",
    "max",
    "all",
    "any",
    "bitwAnd",
    "bitwOr",
    "bitwXor",
    "bitwShiftL",
    "bitwShiftR",
];

/// What an inlined call calls.
#[derive(Clone)]
pub enum Target {
    Closure(std::rc::Rc<Closure>),
    Builtin(u16),
    /// Builtin `c` (number `.0`) of literal arguments: its result is the
    /// code's constant `.1` (`FunctionCode::literal_c`).
    Literal(u16, u32),
}

impl<'a> Builder<'a> {
    /// Give up the inlining in progress: the build fails and is retried with
    /// the site as a call.
    pub(super) fn give_up_inline(&mut self) -> Unsupported {
        if let Some(site) = self.inline.first() {
            self.inline_failed = Some(site.loadfun_pc);
        }
        Unsupported("inlining failed".into())
    }

    /// Is the call at the top of `st` (`argc` arguments) the one being inlined?
    pub(super) fn is_inlined_call(&self, st: &State, argc: u16) -> bool {
        match self.inline.last() {
            // (In an inlined body, the first site is the call being
            // inlined, whose arguments are the caller's.)
            Some(site) if self.returns.is_none() || self.inline.len() > 1 => st
                .stack
                .len()
                .checked_sub(argc as usize + 1)
                .is_some_and(|k| st.stack[k].val == site.placeholder),
            _ => false,
        }
    }

    /// The one function call `call` (whose function `LoadFun` at `pc` looks
    /// up) has called, if its feedback saw only one.
    pub(super) fn monomorphic_target(&self, pc: usize, call: CallIdx) -> Option<Value> {
        let fb = self.call_fb_of(pc, call)?;
        let cfb = self.code.call_fb[fb as usize].borrow();
        cfb.target.clone().filter(|_| !cfb.polymorphic)
    }

    /// The result feedback of call `call` (whose function `LoadFun` at `pc`
    /// looks up): the types its results had.
    fn call_result_bits(&self, pc: usize, call: CallIdx) -> u16 {
        self.call_fb_of(pc, call)
            .map_or(0, |fb| self.code.call_fb[fb as usize].borrow().result.0)
    }

    /// The call feedback slot of call `call`, whose `LoadFun` is at `pc`.
    fn call_fb_of(&self, pc: usize, call: CallIdx) -> Option<u32> {
        self.code.ops[pc + 1..].iter().find_map(|op| match *op {
            Op::Call { call: c, fb, .. } if c == call => Some(fb),
            _ => None,
        })
    }

    /// `LoadFun(sym)` at `pc` for call `call`: if that call always called one
    /// inlinable closure, guard that the name still finds it and start
    /// inlining; returns the stand-in for the function value.
    pub(super) fn begin_inline(
        &mut self,
        bb: Block,
        pc: usize,
        st: &State,
        sym: SymId,
        call: CallIdx,
    ) -> Option<Val> {
        // Calls nest in arguments (`sqrt(abs(x))`). In an inlined body,
        // only builtins are inlined, and only when its lookups find what
        // the compiled function's would (`host_locals`): the guard looks the
        // name up from the compiled function's frame.
        if self.inline.len() >= MAX_INLINE_NESTING || self.no_inline.contains(&pc) {
            return None;
        }
        let target = self.monomorphic_target(pc, call)?;
        if let Value::Builtin(b) = target {
            if NA_EXITING_BUILTINS.contains(&vm::builtin_names::name_of(b))
                && self.call_result_bits(pc, call) & TypeFeedback::NA != 0
            {
                return None;
            }
        }
        if self.returns.is_some() {
            let host = self.host_locals.as_ref()?;
            let builtin = match target {
                Value::Builtin(b) => vm::builtin_names::name_of(b),
                _ => return None,
            };
            if host.contains(&sym) || builtin == "c" || !INLINE_BUILTINS.contains(&builtin) {
                return None;
            }
        }
        let callee = match target {
            // Compiled top-level code keeps globals in registers, which an
            // inlined body (reading the global environment) would not see.
            Value::Closure(c)
                if inlinable(&c, self.code)
                    && !self.code.top_level
                    && !self.no_closure_inlining =>
            {
                Target::Closure(c)
            }
            Value::Builtin(b) if vm::builtin_names::name_of(b) == "c" => {
                if self.c_feeds_all_any(pc, call) {
                    Target::Builtin(b)
                } else {
                    // `c(-1L, 1L, 0L)`: the vector it returns, a constant.
                    Target::Literal(b, self.code.literal_c(call)?)
                }
            }
            Value::Builtin(b) if INLINE_BUILTINS.contains(&vm::builtin_names::name_of(b)) => {
                Target::Builtin(b)
            }
            _ => return None,
        };
        // A compiled frame's locals live in IR values, not in its environment,
        // so the guard's lookup must not be able to find one of them.
        if self.code.locals.contains(&sym) {
            return None;
        }
        let state = self.guard_callee(bb, pc, st, sym, &callee)?;
        let placeholder = self
            .f
            .push(bb, InstKind::ConstAny(UNBOUND), Type::Any)
            .unwrap();
        self.inline.push(InlineSite {
            loadfun_pc: pc,
            state,
            placeholder,
            callee,
        });
        Some(placeholder)
    }

    /// `LoadFun(sym)` at `pc` for call `call`, when that call always called
    /// one builtin that is not inlined: a guard that the name still finds it,
    /// and the builtin as a constant. The call stays a runtime operation,
    /// without the lookup (and its site cache) at every call. `None`: a
    /// lookup.
    pub(super) fn known_builtin(
        &mut self,
        bb: Block,
        pc: usize,
        st: &State,
        sym: SymId,
        call: CallIdx,
    ) -> Option<Val> {
        // (In an inlined body the guard would look the name up from the
        // wrong frame; a local's value lives in an IR value, not the frame.)
        if self.returns.is_some() || self.code.locals.contains(&sym) {
            return None;
        }
        let Value::Builtin(b) = self.monomorphic_target(pc, call)? else {
            return None;
        };
        self.guard_callee(bb, pc, st, sym, &Target::Builtin(b))?;
        self.f.push(bb, InstKind::ConstBuiltin(b), Type::Any)
    }

    /// Assume that looking up `sym` at `pc` finds `callee` (else exit with
    /// reason `calltarget` to the state before the lookup, returned).
    fn guard_callee(
        &mut self,
        bb: Block,
        pc: usize,
        st: &State,
        sym: SymId,
        callee: &Target,
    ) -> Option<FrameState> {
        let cp = self.checkpoint(bb, pc, st);
        let state = match &self.f.inst(self.f.def_inst(cp)?).kind {
            InstKind::Checkpoint(fs) => fs.clone(),
            _ => return None,
        };
        let k = self.f.callees.len() as u32;
        self.f.callees.push(match callee {
            Target::Closure(c) => Callee {
                name: c.code.name.clone(),
                code: std::rc::Rc::as_ptr(&c.code) as usize,
                builtin: false,
            },
            Target::Builtin(b) | Target::Literal(b, _) => Callee {
                name: vm::builtin_names::name_of(*b).to_string(),
                code: *b as usize,
                builtin: true,
            },
        });
        let same = self
            .f
            .push(
                bb,
                InstKind::CalleeIs {
                    sym: sym.0,
                    callee: k,
                },
                Type::Bool,
            )
            .unwrap();
        self.assume(bb, same, cp, Reason::CallTarget);
        Some(state)
    }

    /// The `Call` of the site being inlined: bind the arguments, build the
    /// callee's body, and continue after it. Returns the block the caller
    /// continues in; the call's result replaces the function and arguments on
    /// the stack.
    pub(super) fn inline_call(
        &mut self,
        bb: Block,
        st: &mut State,
        argc: u16,
        spec: u32,
        fb: u32,
    ) -> Result<Block, Unsupported> {
        let site = self
            .inline
            .last()
            .cloned()
            .expect("inline_call without a site");
        let k = st.stack.len() - argc as usize - 1;
        let args: Vec<AbsVal> = st.stack[k + 1..].to_vec();
        let callee = match &site.callee {
            Target::Closure(c) => c,
            Target::Literal(_, lit) => {
                // (The arguments are constants, left to dead-code removal.)
                let r = self.literal_vector(bb, *lit);
                st.stack.truncate(k);
                st.stack.push(AbsVal::new(r));
                self.inline.pop();
                return Ok(bb);
            }
            Target::Builtin(b) => {
                let positional = self
                    .code
                    .arg_specs
                    .get(spec as usize)
                    .is_some_and(|s| s.iter().all(|a| matches!(a, ArgSpec::Positional)));
                let r = if positional {
                    self.inline_builtin(bb, *b, &args)
                } else {
                    None
                };
                let Some(r) = r else {
                    return Err(self.give_up_inline());
                };
                st.stack.truncate(k);
                st.stack.push(AbsVal::new(r));
                self.inline.pop();
                return Ok(bb);
            }
        };
        let Some(locals) = self.bind_params(bb, callee, &args, spec) else {
            return Err(self.give_up_inline());
        };
        let callee_closure = callee;
        let code: &FunctionCode = &callee.code;
        let mut callee = Builder::new(code, usize::MAX, BTreeSet::new());
        callee.f = std::mem::take(&mut self.f);
        // The callee's exits re-execute the outermost call being inlined.
        callee.inline = vec![self.inline[0].clone()];
        callee.returns = Some(Vec::new());
        callee.globals = globals::InlinedGlobals::of(callee_closure);
        callee.host_locals = (self.returns.is_none()
            && self.code.in_global
            && !self.code.top_level
            && callee.globals.is_some())
        .then(|| self.code.locals.to_vec());
        let starts = callee.block_starts();
        for &pc in &starts {
            let b = if pc == 0 { bb } else { callee.f.add_block() };
            callee.blocks.insert(pc, b);
        }
        let init = State {
            stack: Vec::new(),
            locals,
            loops: Vec::new(),
        };
        let built = if jumps_to_start(code) {
            Err(Unsupported("loop at the callee's start".into()))
        } else {
            callee
                .block(0, Some(init))
                .and_then(|_| callee.build_blocks())
        };
        let rets = callee.returns.take().unwrap_or_default();
        if built.is_ok() {
            let ends: Vec<Block> = rets.iter().map(|r| r.0).collect();
            for &pc in &starts {
                if !ends.contains(&callee.blocks[&pc]) {
                    callee.terminate_unreached(&[pc]);
                }
            }
        }
        self.f = std::mem::take(&mut callee.f);
        if built.is_err() || rets.is_empty() {
            return Err(self.give_up_inline());
        }
        // Join the callee's returns.
        let (cont, result) = if let [(rb, v)] = rets[..] {
            (rb, v.val)
        } else {
            let join = self.f.add_block();
            let p = self.f.add_param(join, Type::Any);
            for (rb, v) in rets {
                let bv = self.boxed(rb, v.val);
                self.f.push(rb, InstKind::Jump(join, vec![bv]), Type::Void);
            }
            (join, p)
        };
        if self.f.ty(result) == Type::Any {
            // Its types are in the call's result feedback.
            self.call_results.insert(result, fb);
        }
        st.stack.truncate(k);
        st.stack.push(AbsVal::new(result));
        self.inline.pop();
        Ok(cont)
    }

    /// Builtin `b` of positional arguments `args` as native instructions,
    /// when they are (or are speculated to be) of types that allow it. Where R
    /// would warn or the result is NA or NaN (`sqrt` of a negative number,
    /// `log(-1)`, `max` with an NA) the code exits, as it does for anything
    /// its checks exclude: the interpreter re-executes the call.
    fn inline_builtin(&mut self, bb: Block, b: u16, args: &[AbsVal]) -> Option<Val> {
        let pc = self.inline.first()?.loadfun_pc;
        // The state is only used for checkpoints, which the site redirects.
        let st = State {
            stack: Vec::new(),
            locals: Vec::new(),
            loops: Vec::new(),
        };
        let name = vm::builtin_names::name_of(b);
        match (name, args) {
            ("c", _) => return self.scalar_list(bb, pc, &st, args),
            ("min" | "max", [x, y]) => return self.min_max(bb, pc, &st, name == "max", *x, *y),
            ("all" | "any", [x]) => return self.all_any(bb, pc, &st, name == "all", *x),
            ("bitwAnd" | "bitwOr" | "bitwXor" | "bitwShiftL" | "bitwShiftR", [x, y]) => {
                return self.bitw(bb, pc, &st, name, *x, *y)
            }
            (_, [_]) => {}
            _ => return None,
        }
        let x = args[0];
        if matches!(name, "nrow" | "ncol") {
            return self.matrix_dim(bb, pc, &st, x, name == "nrow");
        }
        let xv = self.speculate(bb, x, self.bits_of(x), pc, &st);
        let un = |s: &mut Builder, op: UnOp, v: Val, t: Type| {
            s.f.push(bb, InstKind::Unary(op, v), t).unwrap()
        };
        let ty = self.f.ty(xv);
        let math = match name {
            "ceiling" => Some(UnOp::CeilD),
            "trunc" => Some(UnOp::TruncD),
            "round" => Some(UnOp::RoundD),
            "exp" => Some(UnOp::ExpD),
            "log" => Some(UnOp::LogD),
            "sin" => Some(UnOp::SinD),
            "cos" => Some(UnOp::CosD),
            "tan" => Some(UnOp::TanD),
            _ => None,
        };
        if let Some(op) = math {
            let d = match ty {
                Type::Dbl => xv,
                // `ceiling` etc. of an integer are doubles in R too.
                Type::Int => un(self, UnOp::IntToDbl, xv, Type::Dbl),
                _ => return None,
            };
            let r = un(self, op, d, Type::Dbl);
            if matches!(op, UnOp::LogD | UnOp::SinD | UnOp::CosD | UnOp::TanD) {
                // A NaN from a number is R's "NaNs produced" warning: exit.
                let r_nan = un(self, UnOp::DblIsNan, r, Type::Bool);
                let x_nan = un(self, UnOp::DblIsNan, d, Type::Bool);
                let r_ok = un(self, UnOp::NotB, r_nan, Type::Bool);
                let ok = self.binary(bb, BinOp::OrB, r_ok, x_nan);
                let cp = self.checkpoint(bb, pc, &st);
                self.assume(bb, ok, cp, Reason::TypeCheck);
            }
            return Some(r);
        }
        Some(match (name, ty) {
            ("is.na", Type::Dbl) => {
                let n = un(self, UnOp::DblIsNan, xv, Type::Bool);
                un(self, UnOp::BoolToLgl, n, Type::Lgl)
            }
            ("is.na", Type::Lgl) => {
                let n = un(self, UnOp::LglIsNa, xv, Type::Bool);
                un(self, UnOp::BoolToLgl, n, Type::Lgl)
            }
            // A typed `int` is never NA; a typed vector or scalar is not NULL.
            ("is.na", Type::Int)
            | (
                "is.null",
                Type::Int
                | Type::Dbl
                | Type::Lgl
                | Type::Cplx
                | Type::VecInt
                | Type::VecDbl
                | Type::VecLgl
                | Type::VecCplx,
            ) => self.f.push(bb, InstKind::ConstLgl(0), Type::Lgl).unwrap(),
            ("is.null", Type::Any) => {
                let boxed = self.boxed(bb, xv);
                let t = self
                    .f
                    .push(bb, InstKind::Test(TypeTest::IsNull, boxed), Type::Bool)
                    .unwrap();
                un(self, UnOp::BoolToLgl, t, Type::Lgl)
            }
            ("length", Type::VecInt | Type::VecDbl | Type::VecLgl | Type::VecCplx) => {
                un(self, UnOp::VecLen, xv, Type::Int)
            }
            // A typed scalar has one element.
            ("length", Type::Int | Type::Dbl | Type::Lgl | Type::Bool | Type::Cplx) => {
                self.f.push(bb, InstKind::ConstInt(1), Type::Int).unwrap()
            }
            // Any other value (a read that may give a vector or a scalar,
            // a list, NULL, a string): its length from the runtime, without
            // the generic builtin call (its argument matching). A user's
            // `length` method would count instead (R's internal generic):
            // assumed absent, as `seq_along` does. A length that is no
            // `int` (2^31 - 1 elements or more: R's double) exits.
            ("length", Type::Any) => {
                if vm::symbols::ops_methods_possible() {
                    self.assume_test(bb, xv, TypeTest::NoMethods, pc, &st);
                }
                let n = un(self, UnOp::Length, xv, Type::Int);
                let max = self
                    .f
                    .push(bb, InstKind::ConstInt(i32::MAX), Type::Int)
                    .unwrap();
                let ok = self.binary(bb, BinOp::NeI, n, max);
                let cp = self.checkpoint(bb, pc, &st);
                self.assume(bb, ok, cp, Reason::TypeCheck);
                n
            }
            // The parts of a complex (NA_real_ for an NA complex) and its conjugate.
            ("Re", Type::Cplx) => un(self, UnOp::ReC, xv, Type::Dbl),
            ("Im", Type::Cplx) => un(self, UnOp::ImC, xv, Type::Dbl),
            ("Mod", Type::Cplx) => un(self, UnOp::ModC, xv, Type::Dbl),
            ("Conj", Type::Cplx) => un(self, UnOp::ConjC, xv, Type::Cplx),
            ("abs", Type::Int) => un(self, UnOp::AbsI, xv, Type::Int),
            ("abs", Type::Dbl) => un(self, UnOp::AbsD, xv, Type::Dbl),
            ("floor", Type::Dbl) => un(self, UnOp::FloorD, xv, Type::Dbl),
            ("floor", Type::Int) => un(self, UnOp::IntToDbl, xv, Type::Dbl),
            ("sqrt", Type::Int | Type::Dbl) => {
                let d = if ty == Type::Int {
                    un(self, UnOp::IntToDbl, xv, Type::Dbl)
                } else {
                    xv
                };
                let zero = self.f.push(bb, InstKind::ConstDbl(0.0), Type::Dbl).unwrap();
                let neg = self
                    .f
                    .push(bb, InstKind::Binary(BinOp::LtD, d, zero), Type::Lgl)
                    .unwrap();
                // NA and NaN compare NA, taken as TRUE here: they exit too,
                // and the interpreter computes them.
                let is_neg = un(self, UnOp::LglToBool, neg, Type::Bool);
                let ok = un(self, UnOp::NotB, is_neg, Type::Bool);
                let cp = self.checkpoint(bb, pc, &st);
                self.assume(bb, ok, cp, Reason::TypeCheck);
                un(self, UnOp::SqrtD, d, Type::Dbl)
            }
            _ => return None,
        })
    }

    /// The two-argument `bitw*` of two integers (typed, or speculated from
    /// the feedback) as a native operation. A shift count outside 0..=31
    /// and a result with the NA bit pattern exit (R's NA; the interpreter
    /// computes it). `None` before anything is built: not two integers.
    fn bitw(
        &mut self,
        bb: Block,
        pc: usize,
        st: &State,
        name: &str,
        x: AbsVal,
        y: AbsVal,
    ) -> Option<Val> {
        let int = |b: &Builder, a: AbsVal| match b.f.ty(a.val) {
            Type::Int => true,
            Type::Any => b.speculated_test(b.bits_of(a)) == Some(TypeTest::IsInt),
            _ => false,
        };
        if !int(self, x) || !int(self, y) {
            return None;
        }
        let xv = self.speculate(bb, x, self.bits_of(x), pc, st);
        let yv = self.speculate(bb, y, self.bits_of(y), pc, st);
        let op = match name {
            "bitwAnd" => BinOp::BitAndI,
            "bitwOr" => BinOp::BitOrI,
            "bitwXor" => BinOp::BitXorI,
            "bitwShiftL" => BinOp::ShlI,
            _ => BinOp::ShrI,
        };
        if matches!(op, BinOp::ShlI | BinOp::ShrI) {
            let zero = self.f.push(bb, InstKind::ConstInt(0), Type::Int).unwrap();
            let max = self.f.push(bb, InstKind::ConstInt(31), Type::Int).unwrap();
            let cp = self.checkpoint(bb, pc, st);
            let lo = self.binary(bb, BinOp::GeI, yv, zero);
            self.assume(bb, lo, cp, Reason::TypeCheck);
            let hi = self.binary(bb, BinOp::LeI, yv, max);
            self.assume(bb, hi, cp, Reason::TypeCheck);
        }
        let r = self.binary(bb, op, xv, yv);
        self.assume_not_na(bb, pc, st, r);
        Some(r)
    }

    /// `c(x1, ..., xn)` of typed scalars consumed by `all`/`any` (directly or
    /// through one comparison with a scalar, `c_feeds_all_any`): no vector,
    /// a stand-in that `all_any` and `compare_list` read the elements of.
    fn scalar_list(&mut self, bb: Block, pc: usize, st: &State, args: &[AbsVal]) -> Option<Val> {
        if args.is_empty() {
            return None;
        }
        let mut elems = Vec::with_capacity(args.len());
        for &a in args {
            let v = self.speculate(bb, a, self.bits_of(a), pc, st);
            if !matches!(self.f.ty(v), Type::Int | Type::Dbl | Type::Lgl | Type::Bool) {
                return None;
            }
            elems.push(v);
        }
        let stand_in = self.f.push(bb, InstKind::ConstLgl(0), Type::Lgl).unwrap();
        self.scalar_lists.insert(stand_in, elems);
        Some(stand_in)
    }

    /// `all(x)` / `any(x)` of a logical scalar or of the elements of a
    /// `scalar_list`; an NA element exits (R's three-valued result).
    fn all_any(&mut self, bb: Block, pc: usize, st: &State, all: bool, x: AbsVal) -> Option<Val> {
        let elems = match self.scalar_lists.get(&x.val) {
            Some(e) => e.clone(),
            None => {
                let v = self.speculate(bb, x, self.bits_of(x), pc, st);
                vec![v]
            }
        };
        let mut acc: Option<Val> = None;
        for e in elems {
            let b = match self.f.ty(e) {
                Type::Bool => e,
                Type::Lgl => {
                    let na = self.unary(bb, UnOp::LglIsNa, e, Type::Bool);
                    let ok = self.unary(bb, UnOp::NotB, na, Type::Bool);
                    let cp = self.checkpoint(bb, pc, st);
                    self.assume(bb, ok, cp, Reason::TypeCheck);
                    self.unary(bb, UnOp::LglToBool, e, Type::Bool)
                }
                _ => return None,
            };
            acc = Some(match acc {
                None => b,
                Some(a) => self.binary(bb, if all { BinOp::AndB } else { BinOp::OrB }, a, b),
            });
        }
        Some(self.unary(bb, UnOp::BoolToLgl, acc?, Type::Lgl))
    }

    /// `min(x, y)` / `max(x, y)` of two numeric scalars: ints stay ints, a
    /// double makes both doubles; an NA or NaN operand exits.
    fn min_max(
        &mut self,
        bb: Block,
        pc: usize,
        st: &State,
        max: bool,
        x: AbsVal,
        y: AbsVal,
    ) -> Option<Val> {
        let xv = self.speculate(bb, x, self.bits_of(x), pc, st);
        let yv = self.speculate(bb, y, self.bits_of(y), pc, st);
        match (self.f.ty(xv), self.f.ty(yv)) {
            (Type::Int, Type::Int) => {
                let op = if max { BinOp::MaxI } else { BinOp::MinI };
                Some(self.binary(bb, op, xv, yv))
            }
            (Type::Int | Type::Dbl, Type::Int | Type::Dbl) => {
                let xd = self.as_dbl(bb, xv);
                let yd = self.as_dbl(bb, yv);
                for d in [xd, yd] {
                    let nan = self.unary(bb, UnOp::DblIsNan, d, Type::Bool);
                    let ok = self.unary(bb, UnOp::NotB, nan, Type::Bool);
                    let cp = self.checkpoint(bb, pc, st);
                    self.assume(bb, ok, cp, Reason::TypeCheck);
                }
                let op = if max { BinOp::MaxD } else { BinOp::MinD };
                Some(self.binary(bb, op, xd, yd))
            }
            _ => None,
        }
    }

    /// Is the `c(...)` looked up at `pc` (call `call`) an argument of the
    /// `all`/`any` being inlined, used only by it: directly, or compared
    /// with one value pushed by a single instruction (`all(c(a, b) < h)`)?
    fn c_feeds_all_any(&self, pc: usize, call: CallIdx) -> bool {
        let Some(site) = self.inline.last() else {
            return false;
        };
        let Target::Builtin(p) = site.callee else {
            return false;
        };
        if !matches!(vm::builtin_names::name_of(p), "all" | "any") {
            return false;
        }
        let Op::LoadFun(_, outer) = self.code.ops[site.loadfun_pc] else {
            return false;
        };
        let ops = &self.code.ops;
        let Some(cpc) =
            (pc + 1..ops.len()).find(|&k| matches!(ops[k], Op::Call { call: c, .. } if c == call))
        else {
            return false;
        };
        let is_outer =
            |k: usize| matches!(ops.get(k), Some(Op::Call { call: c, argc: 1, .. }) if *c == outer);
        let single_push = |k: usize| {
            matches!(
                ops.get(k),
                Some(Op::LoadLocal(..) | Op::Const(_) | Op::LoadName(..))
            )
        };
        is_outer(cpc + 1)
            || (single_push(cpc + 1)
                && matches!(ops.get(cpc + 2), Some(Op::Cmp(..)))
                && is_outer(cpc + 3))
    }

    /// The constant vector `consts[k]` of a folded `c(...)`: typed (its
    /// view, unboxed from the constant once, outside any loop) when it is an
    /// attribute-free int, double or logical vector, so that `c(-1L, 1L)[d]`
    /// is an element load.
    fn literal_vector(&mut self, bb: Block, k: u32) -> Val {
        let boxed = self.f.push(bb, InstKind::ConstAny(k), Type::Any).unwrap();
        let ty = match &self.code.consts[k as usize] {
            Value::Vec(v) if v.attrs.is_none() => match v.data {
                vm::value::VecData::Int(_) => Type::VecInt,
                vm::value::VecData::Dbl(_) => Type::VecDbl,
                vm::value::VecData::Lgl(_) => Type::VecLgl,
                _ => return boxed,
            },
            _ => return boxed,
        };
        self.f
            .push(bb, InstKind::Unary(UnOp::Unbox, boxed), ty)
            .unwrap()
    }

    /// `nrow(x)` / `ncol(x)` of a value only seen as a double matrix.
    fn matrix_dim(
        &mut self,
        bb: Block,
        pc: usize,
        st: &State,
        x: AbsVal,
        rows: bool,
    ) -> Option<Val> {
        let test = matrix_test(self.bits_of(x))?;
        let xa = self.boxed(bb, x.val);
        let cp = self.checkpoint(bb, pc, st);
        let is_mat = self
            .f
            .push(bb, InstKind::Test(test, xa), Type::Bool)
            .unwrap();
        self.assume(bb, is_mat, cp, Reason::TypeCheck);
        let op = if rows { UnOp::NRow } else { UnOp::NCol };
        Some(self.f.push(bb, InstKind::Unary(op, xa), Type::Int).unwrap())
    }

    /// The callee's locals at its entry: each parameter bound to its argument
    /// (matched by R's rules) or to its default when that is a scalar
    /// constant; `None` if the call cannot be bound that way.
    fn bind_params(
        &mut self,
        bb: Block,
        callee: &Closure,
        args: &[AbsVal],
        spec: u32,
    ) -> Option<Vec<Option<AbsVal>>> {
        let code = &callee.code;
        let mut names = Vec::with_capacity(args.len());
        for a in self.code.arg_specs.get(spec as usize)? {
            match a {
                ArgSpec::Positional => names.push(None),
                ArgSpec::Named(s) => names.push(Some(s.name())),
                ArgSpec::Dots | ArgSpec::Empty => return None,
            }
        }
        if names.len() != args.len() {
            return None;
        }
        let formals: Vec<&str> = callee.params.iter().map(|p| &*p.name).collect();
        let m = match_args(&formals, &names, &|_| String::new()).ok()?;
        if !m.dots.is_empty() || m.formals.len() != code.nparams {
            return None;
        }
        let mut locals = vec![None; code.locals.len()];
        for (j, supplied) in m.formals.iter().enumerate() {
            locals[j] = Some(match supplied {
                Some(i) => AbsVal::new(args[*i].val),
                None => {
                    let d = (*code.defaults.get(j)?)? as usize;
                    let (Some(Op::Const(c)), Some(Op::EndRegion)) =
                        (code.ops.get(d), code.ops.get(d + 1))
                    else {
                        return None;
                    };
                    let v = code.consts.get(*c as usize)?;
                    if !matches!(v, Value::Int(x) if *x != i32::MIN)
                        && !matches!(v, Value::Dbl(_) | Value::Lgl(_))
                    {
                        return None;
                    }
                    self.constant(bb, v, UNBOUND)
                }
            });
        }
        Some(locals)
    }
}

/// Can `callee` be inlined into `caller` at all (before trying)?
fn inlinable(callee: &Closure, caller: &FunctionCode) -> bool {
    let code = &callee.code;
    !code.top_level
        && !code.uses_dispatch
        && !code.reflective
        && !code.frame_observed.get()
        && code.tries.is_empty()
        && code.exits.is_empty()
        && code.ops.len() <= MAX_INLINE_OPS
        && !std::ptr::eq(&**code, caller)
        && callee.params.iter().all(|p| &*p.name != "...")
        && callee.params.len() == code.nparams
}

/// Does any instruction of `code` jump to pc 0 (the inlined entry block is
/// the caller's current block, which cannot have other predecessors)?
fn jumps_to_start(code: &FunctionCode) -> bool {
    code.ops.iter().any(|op| match *op {
        Op::Jump(t) | Op::BranchFalse(t, ..) | Op::AndStart(t, _) | Op::OrStart(t, _) => t == 0,
        Op::ForStep { exit, .. } => exit == 0,
        _ => false,
    })
}
