//! IR construction: bytecode + type feedback → typed SSA IR with speculation.
//!
//! The builder abstractly interprets the bytecode one basic block at a time,
//! keeping an abstract operand stack and local slots of IR values. Every block
//! boundary passes all locals, stack values and `for`-loop counters as block
//! arguments, boxed (`any`) except the loop counters (`int`); the passes then
//! unbox loop-carried scalars (`type_infer`) and remove the trivial ones.
//!
//! Speculation follows the feedback of the instruction that produced a value:
//! a value seen only as, say, an attribute-free integer scalar without NA is
//! tested once (`test is.int`, `assume … typecheck`) against a `Checkpoint`
//! whose frame state is the interpreter state at the consuming instruction, and
//! unboxed. Integer arithmetic assumes no overflow; branches seen going one way
//! only assume their direction (`deadbranch`); anything else calls the runtime's
//! generic implementation of the instruction (`runtime @pc`).
//!
//! `const.any #k` names `code.consts[k]`; `const.any #UNBOUND` marks a local that
//! is unbound on some path into a block (the interpreter sees it unbound).
//!
//! The builder is split by concern: this module holds the builder's state
//! and the entry points (`build`, `build_for`, `build_from`); the
//! submodules hold the rest:
//! - `entry`: the entry request (`Entry`, `EntryMode`) and the entry block
//! - `cfg`: block starts, edges and block parameters
//! - `loops`: loop headers, typed-loop transfers, peeling, `for` steps
//! - `speculate`: feedback, hints, checkpoints and assumes
//! - `values`: constants, boxing, local reads, runtime fallbacks
//! - `translate`: the opcode translator (`block`)
//! - `arith`, `index`, `logic`: arithmetic and comparison, indexing and
//!   element stores, logical values, `&&`/`||` and branches
//! - `frame_sync`, `globals`, `inline`: observed locals, globals, inlining
//! - `tries`: `tryCatch` regions, run by the interpreter as one operation

mod arith;
mod cfg;
mod entry;
mod frame_sync;
mod globals;
mod index;
mod inline;
mod logic;
mod loops;
mod records;
mod speculate;
mod translate;
mod tries;
mod values;

pub use entry::{Entry, EntryMode};
pub use loops::TYPED_LOOP_MIN_TRIPS;
pub use speculate::fb_bits_of;

use crate::context::{ArgContext, ArgType};
use crate::ir::*;
use entry::EntryHints;
use logic::Known;
use speculate::{matrix_test, test_for};
use std::collections::{BTreeMap, BTreeSet};
use vm::bytecode::{ArithOp, CmpOp, FunctionCode, Op, Var, RANGE_DOWN, RANGE_UP};
use vm::feedback::TypeFeedback;
use vm::value::Value;

/// `const.any` index of the "unbound local" marker.
pub const UNBOUND: u32 = u32::MAX;

/// Why a function was not compiled.
#[derive(Clone, Debug, PartialEq)]
pub struct Unsupported(pub String);

/// The abstract state at a point in the bytecode.
#[derive(Clone)]
struct State {
    stack: Vec<AbsVal>,
    locals: Vec<Option<AbsVal>>,
    /// Counted `for` loops: (next, remaining) as `int` values, and the step.
    loops: Vec<(Val, Val, i32)>,
}

/// An IR value with the feedback slot of the instruction that produced it.
#[derive(Clone, Copy)]
struct AbsVal {
    val: Val,
    fb: Option<u32>,
}

impl AbsVal {
    fn new(val: Val) -> AbsVal {
        AbsVal { val, fb: None }
    }
}

/// A block's layout: operand stack depth, the locals bound on entry (with
/// their types), and the steps of its active counted loops.
type Shape = (usize, Vec<Option<Type>>, Vec<i32>);

struct Builder<'a> {
    code: &'a FunctionCode,
    /// The global environment (`pipeline::CompileOptions::global`): free
    /// variables of a function written at top level bound once to a scalar
    /// are read as constants under the epoch guard.
    global: Option<vm::env::Env>,
    /// Feedback overrides (`Entry::feedback`), plus synthetic slots (numbered
    /// after the function's own) describing the entry values.
    fb_override: BTreeMap<u32, u16>,
    /// The entry pc and the synthetic feedback slots of its block's stack
    /// values and locals: a block parameter carries no type, so the entry
    /// types are passed on as feedback (speculated again where used).
    entry_hints: Option<EntryHints>,
    /// Loop headers (targets of backward jumps): their later back edges are
    /// not known when they are entered, so they inherit no hints.
    headers: BTreeSet<usize>,
    f: Func,
    /// Block starting at each bytecode pc that begins a block.
    blocks: BTreeMap<usize, Block>,
    /// Shape of the state expected at each block start: stack depth, bound
    /// locals (`None` = unbound on every path), loop depth.
    shapes: BTreeMap<usize, Shape>,
    /// Incoming states per block, filled as predecessors are built.
    incoming: BTreeMap<usize, Vec<(Block, usize, State)>>,
    entered_blocks: std::collections::BTreeSet<Block>,
    /// Results of calls → the call feedback slot holding their observed types.
    call_results: BTreeMap<Val, u32>,
    /// Blocks that start after `AndStart`/`OrStart` (both successors): stack
    /// slot → what every path into the block is known to leave there. Block
    /// parameters are untyped, so this is how the logical scalar of `&&`/`||`
    /// stays typed across the short-circuit control flow.
    known: BTreeMap<usize, (usize, Known)>,
    /// The pc compiled code is entered at (its entry state is a predecessor
    /// of that block, about which `known` says nothing).
    entry_pc: usize,
    /// Loop headers where the code ends with a transfer exit
    /// (`Entry::transfer_at_loop_headers`).
    transfer_at: BTreeSet<usize>,
    /// Headers of loops never reached so far (`FunctionCode::loop_reached`),
    /// but those enclosing the entry: code ends there with a transfer exit
    /// (the interpreter runs the loop and profiles it; its OSR-in code is
    /// compiled with that feedback) instead of building it untyped.
    unreached_loops: BTreeSet<usize>,
    /// Call sites (the pc of their `LoadFun`) not to inline.
    no_inline: BTreeSet<usize>,
    /// Inline no closure (`BuildScope::no_closure_inlining`).
    no_closure_inlining: bool,
    /// The inlined calls being built (see `inline.rs`), outermost first: in
    /// the caller between a `LoadFun` and its `Call` (nested when an argument
    /// is an inlined call too), and in a callee's builder throughout.
    inline: Vec<InlineSite>,
    /// The `LoadFun` pc of a call whose inlining failed (the build is retried
    /// without inlining it).
    inline_failed: Option<usize>,
    /// The callee's builder of an inlined call: its `Return`s (block, value),
    /// which the caller joins.
    returns: Option<Vec<(Block, AbsVal)>>,
    /// An inlined body written in top-level code: its global reads and
    /// stores (`globals.rs`).
    globals: Option<globals::InlinedGlobals>,
    /// An inlined body whose function lookups find what the compiled
    /// function's own would (both written in top-level code: the lookup
    /// goes from the frame to the global environment): the compiled
    /// function's locals, whose names its lookups could find in registers.
    /// Builtins it calls may then be inlined too (`inline.rs`).
    host_locals: Option<Vec<vm::symbols::SymId>>,
    /// Values that may be the unbound-local marker: block parameters with an
    /// incoming `const.any #UNBOUND`. A read of a local holding one tests
    /// `is.bound` first (the interpreter looks an unbound local up by name).
    maybe_unbound: BTreeSet<Val>,
    /// Loop header pc → local slots assigned in the loop and read outside
    /// it (or seen by other code, `frame_sync.rs`). They are parameters of the header although the loop is entered
    /// with them unbound: the value the loop leaves in them (R's loop
    /// variable after the loop, a result found before a `break`) must reach
    /// the code after the loop.
    loop_carried: BTreeMap<usize, Vec<u16>>,
    /// Hidden sequence variable of a `for` loop over a vector (its local
    /// slot) → the feedback bits its `ForSeqPrep` speculated on. The header
    /// parameter that carries it has no feedback of its own.
    seq_bits: BTreeMap<u16, u16>,
    /// Per local slot: can other code see it (`frame_sync.rs`)?
    shared: Vec<bool>,
    /// Stand-ins for `c(...)` of scalars read by an inlined `all`/`any`
    /// (`inline.rs`) → the elements.
    scalar_lists: BTreeMap<Val, Vec<Val>>,
    /// `for` loop headers whose entry edge tests the trip count and may
    /// transfer to typed loop code (`guarded_transfer`).
    typed_loop_guards: BTreeSet<usize>,
}

/// A call being inlined. Its code has no effect before the call's result is
/// used (the builder gives up on anything that would call the runtime), so
/// every assumption inside it — in the arguments and in the callee's body —
/// exits to the state before the callee was looked up, and the interpreter
/// re-executes the whole call.
#[derive(Clone)]
struct InlineSite {
    /// The caller's `LoadFun` pc and its frame state.
    loadfun_pc: usize,
    state: FrameState,
    /// The stand-in pushed for the function value (never in a frame state).
    placeholder: Val,
    callee: inline::Target,
}

/// Build the generic IR for `code` from its feedback.
pub fn build(code: &FunctionCode) -> Result<Func, Unsupported> {
    build_for(code, &ArgContext::generic(code.nparams))
}

/// Build the IR for `code`, specialized to the argument context `ctx`: each
/// argument of known type is checked once at entry (dispatch guarantees the
/// check holds) and used unboxed.
pub fn build_for(code: &FunctionCode, ctx: &ArgContext) -> Result<Func, Unsupported> {
    build_from(code, &Entry::call(code, ctx))
}

/// Build the IR of `code` entered at `entry` (see `Entry`). A call site whose
/// inlining fails is built again as a call.
pub fn build_from(code: &FunctionCode, entry: &Entry) -> Result<Func, Unsupported> {
    build_in(code, entry, BuildScope::default())
}

/// What a build may know beyond the code and its entry.
#[derive(Clone, Copy, Default)]
pub struct BuildScope<'a> {
    /// The global environment (see `Builder::global`).
    pub global: Option<&'a vm::env::Env>,
    /// Build every call of a closure as a call (`--no-inline`: for
    /// measuring what calls cost, and what inlining saves; builtins are
    /// still inlined).
    pub no_closure_inlining: bool,
}

/// `build_from`, knowing what `scope` says.
pub fn build_in(
    code: &FunctionCode,
    entry: &Entry,
    scope: BuildScope<'_>,
) -> Result<Func, Unsupported> {
    let global = scope.global;
    if code.uses_lang || code.lazy_args {
        // `quote`, `substitute`, `eval`, `sys.call`... (and the code `eval`
        // runs, which is top-level code in any environment): the
        // interpreter's.
        return Err(Unsupported(
            "language objects or calls of activations (interpreted)".into(),
        ));
    }
    if calls_lazy(code, global) {
        // Its calls of a function taking its arguments unevaluated pass
        // them as promises in the interpreter (`Interp::lazy_call`).
        return Err(Unsupported(
            "calls a function that takes its arguments unevaluated".into(),
        ));
    }
    if entry.pc == 0 && try_only(code) {
        // A function whose body is one `tryCatch`: the region is the
        // interpreter's either way (`tries`), and compiled code around it
        // would only add its entry and the frame traffic.
        return Err(Unsupported(
            "a function that is one tryCatch region: nothing to compile".into(),
        ));
    }
    if entry.pc == 0 && dispatch_only(code) {
        // An S3 generic whose body is `UseMethod("f")`: its whole work is
        // the interpreter's dispatch either way, and entering compiled
        // code for it (an activation record, the frame written) costs
        // more than the interpreter's three instructions. The methods it
        // calls compile.
        return Err(Unsupported(
            "a generic that only dispatches (UseMethod): nothing to compile".into(),
        ));
    }
    let mut no_inline = entry.no_inline.clone();
    loop {
        match build_once(code, entry, &no_inline, scope) {
            Ok(f) => return Ok(f),
            Err((e, Some(site))) if no_inline.insert(site) => {
                let _ = e;
            }
            Err((e, _)) => return Err(e),
        }
    }
}

/// Has some call site of `code` called a closure that takes its arguments
/// unevaluated (`FunctionCode::lazy_args`), or does a function name it
/// calls find one in the global environment?
fn calls_lazy(code: &FunctionCode, global: Option<&vm::env::Env>) -> bool {
    let lazy = |v: Option<&vm::value::Value>| matches!(v, Some(vm::value::Value::Closure(k)) if k.code.lazy_args);
    code.call_fb.iter().any(|c| lazy(c.borrow().target.as_ref()))
        // (A call not made yet: the function its name finds now.)
        || global.is_some_and(|g| {
            code.ops.iter().any(|op| match op {
                Op::LoadFun(sym, _) => lazy(g.lookup_function(*sym).as_ref()),
                _ => false,
            })
        })
}

/// Is `code`'s body a bare `UseMethod("f")` (or `UseMethod("f", x)` of a
/// parameter)?
fn dispatch_only(code: &FunctionCode) -> bool {
    matches!(
        code.ops.as_slice(),
        [Op::Const(_), Op::UseMethod { has_obj: false, .. }, ..]
            | [
                Op::Const(_),
                Op::LoadLocal(..),
                Op::UseMethod { has_obj: true, .. },
                ..
            ]
    )
}

/// Is `code`'s body one `tryCatch(...)` (its handlers made, the region, its
/// value returned), with nothing to compile outside the region?
fn try_only(code: &FunctionCode) -> bool {
    let ops = &code.ops;
    let Some((begin, i)) = ops.iter().enumerate().find_map(|(pc, op)| match *op {
        Op::TryBegin(i) => Some((pc, i)),
        _ => None,
    }) else {
        return false;
    };
    let end = code.tries[i as usize].end as usize;
    ops[..begin]
        .iter()
        .all(|op| matches!(op, Op::MakeClosure(_) | Op::Const(_)))
        && end <= ops.len()
        && ops[end..]
            .iter()
            .all(|op| matches!(op, Op::Visible(_) | Op::Return))
}

/// One build of `code` from `entry`; on failure, the call site whose inlining
/// failed, if that was the cause.
fn build_once(
    code: &FunctionCode,
    entry: &Entry,
    no_inline: &BTreeSet<usize>,
    scope: BuildScope<'_>,
) -> Result<Func, (Unsupported, Option<usize>)> {
    let mut b = Builder::new(code, entry.pc, no_inline.clone());
    b.global = scope.global.cloned();
    b.no_closure_inlining = scope.no_closure_inlining;
    b.fb_override = entry.feedback.clone();
    b.build_entry(entry).map_err(|e| (e, b.inline_failed))?;
    Ok(b.f)
}

impl<'a> Builder<'a> {
    fn new(code: &'a FunctionCode, entry_pc: usize, no_inline: BTreeSet<usize>) -> Builder<'a> {
        Builder {
            code,
            global: None,
            fb_override: BTreeMap::new(),
            entry_hints: None,
            headers: BTreeSet::new(),
            f: Func::new(&code.name),
            blocks: BTreeMap::new(),
            shapes: BTreeMap::new(),
            incoming: BTreeMap::new(),
            entered_blocks: Default::default(),
            call_results: BTreeMap::new(),
            known: BTreeMap::new(),
            entry_pc,
            transfer_at: BTreeSet::new(),
            unreached_loops: BTreeSet::new(),
            no_inline,
            no_closure_inlining: false,
            inline: Vec::new(),
            inline_failed: None,
            returns: None,
            globals: None,
            host_locals: None,
            maybe_unbound: BTreeSet::new(),
            loop_carried: BTreeMap::new(),
            seq_bits: BTreeMap::new(),
            shared: Self::shared_locals(code),
            scalar_lists: BTreeMap::new(),
            typed_loop_guards: BTreeSet::new(),
        }
        .with_headers()
    }

    fn with_headers(mut self) -> Self {
        self.headers = self.loop_headers();
        self.loop_carried = self.loop_carried_locals();
        self
    }
}
