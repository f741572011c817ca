//! The stack bytecode, its per-instruction type feedback, and its printer.
//!
//! One `FunctionCode` per closure body (and one for each top-level expression).
//! Instructions that produce values the optimizer wants to speculate on carry a
//! feedback slot (`Fb`); instructions that may raise an R error carry the index of
//! their call expression (`CallIdx`) so the error is reported as GNU R reports it.

use crate::ast::{Expr, Param};
use crate::feedback::{CallFeedback, TypeFeedback};
use crate::symbols::SymId;
use crate::value::Value;
use std::cell::{Cell, RefCell};
use std::cmp::Ordering;
use std::fmt::Write;
use std::rc::Rc;

/// The arithmetic operators of `Op::Arith` (`+ - * / ^ %% %/%`), implemented
/// by `builtins::arith`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArithOp {
    Add,
    Sub,
    Mul,
    Div,
    Pow,
    Mod,
    IDiv,
}

impl ArithOp {
    /// The operator as R writes it (its `.Generic`, its name in messages).
    pub fn symbol(self) -> &'static str {
        match self {
            ArithOp::Add => "+",
            ArithOp::Sub => "-",
            ArithOp::Mul => "*",
            ArithOp::Div => "/",
            ArithOp::Pow => "^",
            ArithOp::Mod => "%%",
            ArithOp::IDiv => "%/%",
        }
    }
}

/// The comparison operators of `Op::Cmp` (`== != < <= > >=`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl CmpOp {
    pub fn symbol(self) -> &'static str {
        match self {
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
        }
    }
    /// Whether `o` (the ordering of the left operand to the right) satisfies
    /// the comparison.
    #[inline]
    pub(crate) fn test(self, o: Ordering) -> bool {
        match self {
            CmpOp::Eq => o == Ordering::Equal,
            CmpOp::Ne => o != Ordering::Equal,
            CmpOp::Lt => o == Ordering::Less,
            CmpOp::Le => o != Ordering::Greater,
            CmpOp::Gt => o == Ordering::Greater,
            CmpOp::Ge => o != Ordering::Less,
        }
    }
}

/// `IndexLocals::j` when there is no second index.
pub const NO_SLOT: u16 = u16::MAX;

/// Index into `FunctionCode::calls` (the source expression of an operation).
pub type CallIdx = u32;

/// No call (`FunctionCode::in_args_of`, `FunctionCode::call_parent`).
pub const NO_CALL: CallIdx = CallIdx::MAX;
/// Index into `FunctionCode::type_fb`.
pub type Fb = u32;
/// A bytecode address.
pub type Pc = u32;
/// `ForStep::seq` of a loop over integers (no sequence).
pub const NO_SEQ: u16 = u16::MAX;

/// How one argument of a call site was written.
#[derive(Clone, Debug, PartialEq)]
pub enum ArgSpec {
    Positional,
    Named(SymId),
    /// `...` expanded in place (the stack holds the dots list).
    Dots,
    /// An empty argument (`f(a, )`, `x[, 1]`).
    Empty,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Op {
    /// Push `consts[i]`.
    Const(u32),
    /// Push local slot; when unbound, look the name up in the enclosing environments.
    LoadLocal(u16, Fb),
    /// Push a variable found by name in the current environment chain.
    LoadName(SymId, Fb),
    /// Push the function named `sym` (non-function bindings are skipped).
    LoadFun(SymId, CallIdx),
    /// Push the `...` of the current activation (a list value; expanded by `Call`).
    LoadDots(CallIdx),
    /// Push `..N` (1-based).
    LoadDotN(u16, CallIdx),
    /// Pop into a local slot.
    StoreLocal(u16),
    /// Pop into a variable of the current environment by name (top-level code).
    StoreName(SymId),
    /// `<<-`: pop and assign in the enclosing environments.
    StoreSuper(SymId),
    /// Push the value `<<-` would modify (looked up from the parent environment).
    LoadSuper(SymId, CallIdx),
    /// Move a local slot's value onto the stack, leaving it unbound (so that an
    /// unshared vector can be modified in place by the next assignment op).
    TakeLocal(u16),
    Pop,
    Dup,
    /// Set the visibility flag (for auto-printing at top level).
    Visible(bool),
    Arith(ArithOp, CallIdx, Fb),
    /// `x <- x OP v`: pop `v`, update local slot `x` in place. Feedback `fb`
    /// records the result, `fb + 1` the old value of `x`.
    ArithLocal(ArithOp, u16, CallIdx, Fb),
    Cmp(CmpOp, CallIdx, Fb),
    /// Element-wise `&` (true) or `|` (false).
    Logic(bool, CallIdx),
    Not(CallIdx),
    Neg(CallIdx, Fb),
    Plus(CallIdx),
    Colon(CallIdx, Fb),
    Jump(Pc),
    /// Pop a condition; jump to the target if it is FALSE; R's errors for NA or
    /// length != 1. The feedback slot records the branch direction.
    BranchFalse(Pc, CallIdx, Fb),
    /// `a && b` / `a || b`: pop `a` as a logical scalar; when it decides the result
    /// push it and jump to the target, else push it and continue with `b`.
    AndStart(Pc, CallIdx),
    OrStart(Pc, CallIdx),
    /// Pop `b` and the saved `a` and push the three-valued result.
    AndEnd(CallIdx),
    OrEnd(CallIdx),
    /// Pop the sequence of `for (v in seq)`, keep it in its hidden variable
    /// (`FunctionCode::for_seqs[seq]`) and start a counted loop over its
    /// positions 1..length: `ForStep` binds `v` to the element at the count.
    /// Counted like every other loop, so compiled code, OSR and frame states
    /// see the sequence as an ordinary (hidden) variable and two counters.
    ForSeqPrep {
        call: CallIdx,
        seq: u16,
    },
    /// Pop `to` and `from` of `for (v in from:to)` and start a loop without building the vector.
    ForRangePrep(CallIdx),
    /// Pop `x` of `for (v in seq_along(x))` (`along`) or `n` of `seq_len(n)` and
    /// start a counted loop 1..n.
    ForCountPrep {
        along: bool,
        call: CallIdx,
    },
    /// Advance the innermost loop: store the next element into the loop variable
    /// (`var` is a local slot, or a name at top level), or jump to the exit.
    /// `seq`: `NO_SEQ` for a loop over integers (the count is the value), else
    /// the `for_seqs` index of the sequence whose element at the count it is.
    ForStep {
        exit: Pc,
        var: VarRef,
        fb: Fb,
        seq: u16,
    },
    /// Leave the innermost `for` loop.
    ForEnd,
    /// Call the function below `argc` arguments on the stack; `spec` indexes
    /// `FunctionCode::arg_specs`.
    Call {
        argc: u16,
        spec: u32,
        call: CallIdx,
        fb: Fb,
    },
    /// `x[...]`: stack is `x, i1..in`; empty indices are pushed as NULL and flagged in `empty`.
    Index {
        n: u8,
        empty: u8,
        drop: bool,
        call: CallIdx,
        fb: Fb,
    },
    Index2 {
        n: u8,
        empty: u8,
        call: CallIdx,
        fb: Fb,
    },
    Dollar(SymId, CallIdx, Fb),
    /// `$` (as `Dollar`) of the list in local `slot`, a temporary of a
    /// nested replacement (`x$f[i] <- v`): the field is moved out of the
    /// list when nothing else references it (`subset::take_field`), so that
    /// its own update is in place; the replacement's `SetDollar` puts the new
    /// value back.
    DollarTakeLocal(u16, SymId, CallIdx, Fb),
    /// `x[i]` / `x[[i]]` / `m[i, j]` where all operands are local slots (`j` is
    /// `NO_SLOT` for one index). Feedback
    /// `fb` records the result, `fb + 1` the indexed object.
    IndexLocals {
        x: u16,
        i: u16,
        j: u16,
        is2: bool,
        call: CallIdx,
        fb: Fb,
    },
    /// `x[...] <- v`: stack is `v, i1..in, x`; pushes the new `x`. `fb`
    /// records the types of `x` (the compiler stores into typed vectors).
    SetIndex {
        n: u8,
        empty: u8,
        call: CallIdx,
        fb: Fb,
    },
    SetIndex2 {
        n: u8,
        empty: u8,
        call: CallIdx,
        fb: Fb,
    },
    SetDollar(SymId, CallIdx),
    /// `f(x, args) <- v`: stack is `v, x, args...`; calls `` `f<-`(x, args..., value = v) ``.
    SetFun {
        fun: SymId,
        argc: u16,
        spec: u32,
        call: CallIdx,
    },
    /// Push a closure over `FunctionCode::functions[i]` and the current environment.
    MakeClosure(u32),
    /// Return the top of the stack from this activation.
    Return,
    /// Push `missing(sym)` for a parameter slot.
    Missing(u16),
    /// `UseMethod("generic"[, obj])`: stack holds the generic name (and obj when `has_obj`).
    UseMethod {
        has_obj: bool,
        call: CallIdx,
    },
    /// Pop a value and jump to the arm chosen by `switch` table `i`.
    Switch(u32, CallIdx),
    /// Start a `tryCatch` region described by `tries[i]` (handlers are on the stack).
    TryBegin(u32),
    /// Leave the innermost `tryCatch` region normally (the result is on the stack).
    TryEnd(u32),
    /// Register `on.exit` code: run the region `exits[i]` when the activation ends.
    OnExit {
        region: u32,
        add: bool,
    },
    /// Pop a message and raise it as an R error attributed to the call.
    Raise(CallIdx),
    /// Raise "no loop for break/next" (a `break` outside any loop).
    NoLoop(CallIdx),
    /// End of an on.exit region or a default-argument region: return to the caller
    /// of `run_region`.
    EndRegion,
}

/// The loop variable of a `for`: a local slot, or a name at top level. Packed
/// into 32 bits (top bit set = name) to keep `Op` at 16 bytes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct VarRef(u32);

/// A decoded `VarRef`.
pub enum Var {
    Local(u16),
    Name(SymId),
}

impl VarRef {
    const NAME: u32 = 1 << 31;
    pub fn local(slot: u16) -> VarRef {
        VarRef(slot as u32)
    }
    pub fn name(s: SymId) -> VarRef {
        VarRef(s.0 | Self::NAME)
    }
    #[inline]
    pub fn get(self) -> Var {
        if self.0 & Self::NAME != 0 {
            Var::Name(SymId(self.0 & !Self::NAME))
        } else {
            Var::Local(self.0 as u16)
        }
    }
}

/// One `switch` site: arm labels and targets. A `None` label is the default arm.
#[derive(Clone, Debug)]
pub struct SwitchTable {
    /// Each alternative: its name, and its code (an empty one's is the next
    /// alternative's with code, R's fallthrough).
    pub arms: Vec<(Option<Rc<str>>, Option<Pc>)>,
    /// Each alternative as written (deparsed; `None` for an empty one), for
    /// R's errors about them.
    pub written: Vec<Option<Rc<str>>>,
    /// Where control continues after an arm (and when nothing matches: push NULL).
    pub end: Pc,
    /// Target for "no arm matched": pushes invisible NULL.
    pub no_match: Pc,
}

/// One region (`tryCatch`, `withCallingHandlers`, ... site).
#[derive(Clone, Debug)]
pub struct TryInfo {
    /// The condition classes of the region's handlers in the order written
    /// (`tryCatch`'s and `withCallingHandlers`' argument names: `error`,
    /// `warning`, `myCondition`, ...), or the names of `withRestarts`'
    /// restarts. Their functions are on the operand stack in that order,
    /// pushed before `TryBegin`.
    pub classes: Rc<[Rc<str>]>,
    pub has_finally: bool,
    /// Address of the region's `TryBegin`.
    pub begin: Pc,
    /// Address of the code after the region (the result is on the stack there).
    pub end: Pc,
    /// The `finally` region (run via `run_region`), if any.
    pub finally: Option<Pc>,
    /// The region is `try(expr)`'s (`Compiler::try_expr`): its call, which
    /// a `stop()` raised directly in `expr` names (`Interp::direct_try_call`).
    /// For the other kinds of region, the call of the R closure that
    /// evaluates `expr` in GNU R (`withCallingHandlers(...)`,
    /// `withVisible(x)`), which a `stop()` or `warning()` there names.
    pub try_call: Option<CallIdx>,
    pub kind: RegionKind,
}

/// What a region (`TryBegin` … `TryEnd`) does besides running its code:
/// GNU R evaluates these arguments inside a closure of its own, whose
/// calling handlers or result this stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegionKind {
    /// `tryCatch(expr, error =, warning =, finally =)` and `try(expr)`.
    TryCatch,
    /// `suppressWarnings(expr)`: warnings signalled in it are dropped.
    SuppressWarnings,
    /// `suppressMessages(expr)`: `message()` in it writes nothing.
    SuppressMessages,
    /// `withVisible(x)`: the value becomes `list(value =, visible =)`.
    WithVisible,
    /// `withCallingHandlers(expr, class = handler, ...)`: the handlers run
    /// where a condition of their class is signalled in `expr`, without
    /// unwinding.
    CallingHandlers,
    /// `withRestarts(expr, name = function(...) ...)`: `invokeRestart(name,
    /// ...)` in `expr` ends the region with the restart function's value.
    Restarts,
}

impl TryInfo {
    /// The handler (or restart) functions the region keeps on the operand
    /// stack.
    pub fn handler_count(&self) -> usize {
        self.classes.len()
    }

    /// Is the region a `tryCatch` as written (a `try` is one too, with its
    /// call in `try_call`)? R evaluates its expression and its handlers
    /// inside closures of its own (`tryCatchList`, `doTryCatch`, ...),
    /// which conditions and tracebacks name.
    pub fn is_trycatch(&self) -> bool {
        self.kind == RegionKind::TryCatch && self.try_call.is_none()
    }

    /// Does the region take part in signalling conditions (a handler of
    /// some class, or a muffling region)? Such regions are counted in
    /// `Interp::cond_regions`.
    pub fn handles_conditions(&self) -> bool {
        match self.kind {
            RegionKind::TryCatch | RegionKind::CallingHandlers => !self.classes.is_empty(),
            RegionKind::SuppressWarnings | RegionKind::SuppressMessages => true,
            RegionKind::WithVisible | RegionKind::Restarts => false,
        }
    }
}

/// `FunctionCode::range_dirs` bit: a `from:to` loop ran upward (`from <= to`).
pub const RANGE_UP: u8 = 1;
/// `FunctionCode::range_dirs` bit: a `from:to` loop ran downward.
pub const RANGE_DOWN: u8 = 2;

/// Compiled code of one function (or one top-level expression).
pub struct FunctionCode {
    /// Name for dumps and traces (`f`, `<top-level>`, `<anonymous>`).
    pub name: String,
    pub ops: Vec<Op>,
    pub consts: Vec<Value>,
    pub calls: Vec<Expr>,
    /// Assignment calls (sorted) that GNU R runs byte-compiled: inside a loop,
    /// or in a closure that contains one (R's JIT compiles those first). R's
    /// bytecode names an out-of-bounds `m[i, j] <- v` with `v` as written,
    /// its AST interpreter with `v`'s value.
    pub bytecode_assigns: Vec<CallIdx>,
    pub arg_specs: Vec<Vec<ArgSpec>>,
    /// Nested function bodies (for `MakeClosure`).
    pub functions: Vec<(Rc<[Param]>, Rc<FunctionCode>)>,
    pub switches: Vec<SwitchTable>,
    pub tries: Vec<TryInfo>,
    /// Some region of `tries` is not a `tryCatch` (`suppressWarnings`,
    /// `suppressMessages`, `withVisible`, `withCallingHandlers`,
    /// `withRestarts`): a `break`/`next` may leave it, so
    /// the interpreter's jumps check for that (`Interp::leave_regions`);
    /// every other function's jumps do not.
    pub leavable_regions: bool,
    /// Start addresses of `on.exit` regions.
    pub exits: Vec<Pc>,
    /// The names of the local slots (parameters first, in order). Top-level
    /// code has no slots (its variables are global bindings, `LoadName` /
    /// `StoreName`); its `locals` are the names it assigns, which compiled
    /// top-level code keeps in registers between its observable points.
    pub locals: Rc<[SymId]>,
    pub nparams: usize,
    /// For each parameter: the start of its default-argument region, if it has one.
    pub defaults: Vec<Option<Pc>>,
    /// For each parameter: its default's value when that is a literal
    /// (`b = 2`, `tol = 1e-8`, `verbose = FALSE`, `x = NULL`). A call that
    /// does not supply it binds the value at once (evaluating the promise
    /// later would give the same, with no effect), so the activation has
    /// every parameter bound, as compiled code's entry wants; `missing()`
    /// still answers TRUE.
    pub default_values: Vec<Option<Value>>,
    /// True for top-level code: variables live in the global environment.
    pub top_level: bool,
    /// True for a function written in top-level code: every closure of it
    /// has the global environment as its environment, so a name that is not
    /// one of its locals is looked up (and `<<-` assigns) there.
    pub in_global: bool,
    /// True if the body calls `UseMethod` (the activation keeps its arguments).
    pub uses_dispatch: bool,
    /// True if the code makes or reads language objects or the calls of
    /// activations (`compile::LANG_BUILTINS`: `quote`, `substitute`,
    /// `eval`, `sys.call`, ...), or is code `eval` runs: it stays in the
    /// interpreter.
    pub uses_lang: bool,
    /// True if the function's arguments are wanted as expressions
    /// (its body calls `substitute`): the interpreter passes them as
    /// promises (`Interp::lazy_call`), evaluated at their first use.
    pub lazy_args: bool,
    /// The function's body as written (`body(f)`, printing); `None` for
    /// top-level and `eval` code.
    pub body: Option<Rc<Expr>>,
    /// Call sites of this code that called a function with `lazy_args`:
    /// their arguments as language objects, built once
    /// (`crate::lang::LazySite`).
    pub lazy_sites: RefCell<Vec<(CallIdx, Rc<crate::lang::LazySite>)>>,
    /// True if the body calls a builtin that reads or writes its frame by
    /// name (`environment`, `assign`, `get`, `exists`, `ls`, `rm`, …):
    /// compiled code keeps every local in the frame (written through, read
    /// again after calls), as for the locals closures capture.
    pub reflective: bool,
    /// Code other than the function's own can assign its variables while
    /// it runs: it makes closures (they share its frame), reads or writes
    /// its frame by name (`reflective`), or is top-level code. While
    /// calling handlers are established, such a function runs in the
    /// interpreter (`Interp::native_ok`).
    pub shares_frame: bool,
    pub type_fb: Vec<Cell<TypeFeedback>>,
    pub call_fb: Vec<RefCell<CallFeedback>>,
    /// Hotness, the tier-up counter: completed calls, plus one per
    /// `interp::LOOP_WORK_PER_CALL` backward jumps.
    pub invocations: Cell<u32>,
    /// Set by the tier when calls of this function from compiled code should
    /// build its frame at once (its activations observe it), with the tier's
    /// generation of compiled code at the time (an opaque number: the tier
    /// tries again without a frame once it changed). The VM only tests
    /// whether it is set.
    pub calls_want_frame: Cell<Option<u64>>,
    /// The `ForStep`s (by pc) whose loop the interpreter has seen run zero
    /// times (`for (j in seq_len(0))`, an empty `seq_along`): R binds the
    /// variable to NULL then. Profile like the type feedback: compiled code
    /// assumes a loop nonempty until its loop is seen empty, and then
    /// builds the empty path (an assume that never learned failed at
    /// every empty loop, each failure a deopt, until the function was left
    /// to the interpreter).
    pub empty_loops: RefCell<Vec<Pc>>,
    /// Set when a callee reached an activation's frame through
    /// `parent.frame()`: code compiled from then on keeps every local in
    /// the frame, as for `reflective` code.
    pub frame_observed: Cell<bool>,
    /// Per instruction: the innermost call of a closure (in GNU R: a function
    /// that is not primitive) whose arguments it evaluates, or `NO_CALL`. GNU R
    /// forces arguments lazily inside the callee's context, so a failed lookup
    /// there is reported against that call, and the callee appears in an
    /// error's `Calls:` line (`print(f())` fails in `print -> f`).
    pub in_args_of: Vec<CallIdx>,
    /// Per call: the same for the call expression itself (`NO_CALL` if none).
    pub call_parent: Vec<CallIdx>,
    /// Per call: it is inside a loop of this code (GNU R byte-compiles
    /// top-level loops, and its bytecode names a builtin's own call in
    /// warnings the AST interpreter reports without a call).
    pub call_in_loop: Vec<bool>,
    /// Calls of `c` whose arguments are all literals (`c(-1L, 1L, 0L)`,
    /// `c("a", "b")`), with the constant (in `consts`) that the call returns
    /// while `c` is the builtin: compiled code uses it under the guard of the
    /// callee instead of building the vector at every call. (The
    /// interpreter calls `c`, which may be redefined.)
    pub literal_c: Vec<(CallIdx, u32)>,
    /// Per instruction: it is part of a `for`/`while`/`repeat` statement of
    /// this code (its sequence or condition included). GNU R byte-compiles
    /// top-level loops, whose bytecode names an unbound variable as the call
    /// of "object not found" (`Error in x : object 'x' not found`).
    pub pc_in_loop: Vec<bool>,
    /// Per instruction: the innermost call of any function (primitives
    /// included) whose arguments it evaluates (`NO_CALL` if none), which
    /// that bytecode names instead (`Error in sum(x) : ...`).
    pub in_call_args: Vec<CallIdx>,
    /// The hidden variables holding the sequences of `for` loops over
    /// vectors and lists (`ForSeqPrep`, `ForStep::seq`).
    pub for_seqs: Vec<VarRef>,
    /// Per call expression: the inline cache of an `x$name` or `x$name <- v`
    /// there (`subset::FieldCache`; shared by the interpreter and compiled
    /// code).
    pub field_caches: Vec<crate::builtins::subset::FieldCache>,
    /// Per call expression: the directions a `for` loop over `from:to` there
    /// ran in, over two or more elements (`RANGE_UP | RANGE_DOWN` bits;
    /// feedback: a compiled loop counts in one direction).
    pub range_dirs: Vec<Cell<u8>>,
    /// Made while the program runs (`body<-`, `formals<-`, `eval` of a
    /// `function`, ...), so it may die while the program runs: its address
    /// is kept from reuse once a tier may have seen it (`keep_address`).
    pub made_at_run_time: Cell<bool>,
}

/// Function code made while the program runs can die while it runs (a
/// function replaced by `body(f) <- ...` and no longer referenced). The
/// tiers above the interpreter know a function by its code's address (the
/// engine's version tables and OSR-in caches, the `callee_is` guards of
/// code that inlined it): a new function whose code landed at the address
/// of a dead one they had seen would run the dead one's compiled code. So
/// such code is registered here (`keep_address`) and the registry holds a
/// weak reference to it: its memory (not its contents, which are dropped
/// with it) stays allocated, and the address is never given to another
/// function. Code that died without ever being called (nothing above the
/// interpreter can have seen it; `FunctionCode::invocations` counts every
/// activation, interpreted or compiled, when it ends) gives its address
/// back at the next sweep, so that a loop making functions it never calls
/// keeps no memory.
#[derive(Default)]
struct RuntimeCodes {
    kept: Vec<std::rc::Weak<FunctionCode>>,
    /// Addresses of registered code that died uncalled (`Drop`).
    uncalled: std::collections::HashSet<usize>,
    /// The registry's size at which dead entries are swept next.
    sweep_at: usize,
}

thread_local! {
    static RUNTIME_CODES: RefCell<RuntimeCodes> = RefCell::new(RuntimeCodes::default());
}

/// Register `code` (and the functions nested in it), made while the
/// program runs, so that its address is not reused for another function
/// after it dies (see `RuntimeCodes`).
pub fn keep_address(code: &Rc<FunctionCode>) {
    fn mark(code: &Rc<FunctionCode>, kept: &mut Vec<std::rc::Weak<FunctionCode>>) {
        if code.made_at_run_time.replace(true) {
            return;
        }
        kept.push(Rc::downgrade(code));
        for (_, f) in &code.functions {
            mark(f, kept);
        }
    }
    RUNTIME_CODES.with(|r| {
        let mut r = r.borrow_mut();
        mark(code, &mut r.kept);
        if r.kept.len() >= r.sweep_at {
            let RuntimeCodes { kept, uncalled, .. } = &mut *r;
            // (Dropping a weak reference runs no `FunctionCode::drop`.)
            kept.retain(|w| w.strong_count() > 0 || !uncalled.remove(&(w.as_ptr() as usize)));
            r.sweep_at = (2 * r.kept.len()).max(64);
        }
    });
}

/// The number of registered function codes (`keep_address`) whose
/// address is still held, for tests.
pub fn kept_addresses() -> usize {
    RUNTIME_CODES.with(|r| r.borrow().kept.len())
}

impl Drop for FunctionCode {
    fn drop(&mut self) {
        if self.made_at_run_time.get() && self.invocations.get() == 0 {
            let at = self as *const FunctionCode as usize;
            let _ = RUNTIME_CODES.try_with(|r| {
                if let Ok(mut r) = r.try_borrow_mut() {
                    r.uncalled.insert(at);
                }
            });
        }
    }
}

impl FunctionCode {
    /// The constant that call `call` of `c` returns (`literal_c`), if its
    /// arguments are literals.
    pub fn literal_c(&self, call: CallIdx) -> Option<u32> {
        self.literal_c
            .iter()
            .find_map(|&(c, k)| (c == call).then_some(k))
    }

    /// Note that the loop of the `ForStep` at `pc` ran zero times.
    #[cold]
    pub fn note_empty_loop(&self, pc: usize) {
        let mut seen = self.empty_loops.borrow_mut();
        if !seen.contains(&(pc as Pc)) {
            seen.push(pc as Pc);
        }
    }

    /// Has the loop of the `ForStep` at `pc` been seen to run zero times?
    pub fn empty_loop_seen(&self, pc: usize) -> bool {
        self.empty_loops.borrow().contains(&(pc as Pc))
    }

    /// The instructions control can go to from the one at `pc`: the next,
    /// the targets of jumps, branches and a `for` loop's exit, a switch's
    /// arms; none after a `Return`. (Errors, conditions and `on.exit` are
    /// not edges: what a flow analysis of one activation's normal paths
    /// follows.)
    pub fn successors(&self, pc: usize) -> Vec<usize> {
        let next = pc + 1;
        let mut out = match &self.ops[pc] {
            Op::Jump(t) => vec![*t as usize],
            Op::BranchFalse(t, ..) | Op::AndStart(t, _) | Op::OrStart(t, _) => {
                vec![next, *t as usize]
            }
            Op::ForStep { exit, .. } => vec![next, *exit as usize],
            Op::Return => Vec::new(),
            Op::Switch(t, _) => {
                let table = &self.switches[*t as usize];
                let arms = table.arms.iter().filter_map(|a| a.1);
                arms.chain([table.no_match])
                    .map(|p| p as usize)
                    .chain([next])
                    .collect()
            }
            _ => vec![next],
        };
        out.retain(|&p| p < self.ops.len());
        out
    }

    /// Print the bytecode (for `--dump bytecode`).
    pub fn dump(&self, out: &mut String) {
        let _ = writeln!(
            out,
            "function {} (params {}, locals {:?})",
            self.name,
            self.nparams,
            self.local_names()
        );
        for (pc, op) in self.ops.iter().enumerate() {
            let _ = write!(out, "  {:4}  {:?}", pc, op);
            match op {
                Op::Const(i) => {
                    let _ = write!(
                        out,
                        "    ; {}",
                        crate::deparse::deparse_value_short(&self.consts[*i as usize])
                    );
                }
                Op::LoadLocal(s, _)
                | Op::StoreLocal(s)
                | Op::TakeLocal(s)
                | Op::Missing(s)
                | Op::DollarTakeLocal(s, ..) => {
                    let _ = write!(out, "    ; {}", self.locals[*s as usize]);
                }
                Op::LoadName(s, _) | Op::LoadFun(s, _) | Op::StoreName(s) | Op::StoreSuper(s) => {
                    let _ = write!(out, "    ; {}", s);
                }
                _ => {}
            }
            out.push('\n');
        }
        for (_, f) in &self.functions {
            f.dump(out);
        }
    }
    /// The loops' back edges, `(header, pc)`: each `Jump` to an earlier
    /// pc (a loop with `next` has several to its header).
    pub fn back_edges(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.ops.iter().enumerate().filter_map(|(j, op)| match *op {
            Op::Jump(t) if (t as usize) < j => Some((t as usize, j)),
            _ => None,
        })
    }

    /// Has the loop whose header is at `header` ever been reached? Some
    /// instruction of it (up to its last back edge), or of the two before
    /// its header (a `for` loop's sequence: a loop over an empty one never
    /// steps), recorded feedback. A loop without any feedback slot counts
    /// as reached (nothing tells).
    pub fn loop_reached(&self, header: usize) -> bool {
        let Some(end) = (header + 1..self.ops.len())
            .rev()
            .find(|&j| matches!(self.ops[j], Op::Jump(t) if t as usize == header))
        else {
            return true;
        };
        let mut slots = false;
        for op in &self.ops[header.saturating_sub(2)..=end] {
            if let Op::Call { fb, .. } = op {
                slots = true;
                if self.call_fb[*fb as usize].borrow().count > 0 {
                    return true;
                }
            }
            if let Some(fb) = op.type_fb_slot() {
                slots = true;
                if !self.type_fb[fb as usize].get().is_empty() {
                    return true;
                }
            }
        }
        !slots
    }

    pub fn local_names(&self) -> Vec<String> {
        self.locals.iter().map(|s| s.name().to_string()).collect()
    }
    /// Print the feedback recorded so far (for `--dump feedback`).
    pub fn dump_feedback(&self, out: &mut String) {
        let _ = writeln!(
            out,
            "feedback {} (invocations {})",
            self.name,
            self.invocations.get()
        );
        for (pc, op) in self.ops.iter().enumerate() {
            if let Op::Call { fb, .. } = op {
                let _ = writeln!(
                    out,
                    "  {:4}  {:<28} {}",
                    pc,
                    format!("{:?}", op),
                    self.call_fb[*fb as usize].borrow()
                );
            }
            if let Some(fb) = op.type_fb_slot() {
                let t = self.type_fb[fb as usize].get();
                let _ = writeln!(out, "  {:4}  {:<28} {}", pc, op_name(op), t);
            }
        }
        for (_, f) in &self.functions {
            f.dump_feedback(out);
        }
    }
}

impl Op {
    /// The type feedback slot the instruction records its value's type in.
    pub fn type_fb_slot(&self) -> Option<u32> {
        match self {
            Op::LoadLocal(_, fb)
            | Op::LoadName(_, fb)
            | Op::Arith(_, _, fb)
            | Op::ArithLocal(_, _, _, fb)
            | Op::Cmp(_, _, fb)
            | Op::Neg(_, fb)
            | Op::Colon(_, fb)
            | Op::BranchFalse(_, _, fb)
            | Op::ForStep { fb, .. }
            | Op::Index { fb, .. }
            | Op::Index2 { fb, .. }
            | Op::IndexLocals { fb, .. }
            | Op::SetIndex { fb, .. }
            | Op::SetIndex2 { fb, .. }
            | Op::Dollar(_, _, fb)
            | Op::DollarTakeLocal(_, _, _, fb) => Some(*fb),
            _ => None,
        }
    }
}

fn op_name(op: &Op) -> String {
    let s = format!("{:?}", op);
    s.split(['(', ' ']).next().unwrap_or("").to_string()
}

#[cfg(test)]
mod size_tests {
    #[test]
    fn op_is_small() {
        // Instruction size matters for the interpreter's cache footprint.
        assert!(
            std::mem::size_of::<super::Op>() <= 16,
            "Op is {} bytes",
            std::mem::size_of::<super::Op>()
        );
    }
}
