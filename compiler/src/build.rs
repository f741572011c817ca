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

mod frame_sync;
mod globals;
mod inline;

use crate::context::{ArgContext, ArgType};
use crate::ir::*;
use std::collections::{BTreeMap, BTreeSet};
use vm::builtins::arith::{ArithOp, CmpOp};
use vm::bytecode::{FunctionCode, Op, Var, RANGE_DOWN, RANGE_UP};
use vm::feedback::TypeFeedback;
use vm::value::Value;

/// `const.any` index of the "unbound local" marker.
pub const UNBOUND: u32 = u32::MAX;

/// Why a function was not compiled.
#[derive(Clone, Debug, PartialEq)]
pub struct Unsupported(pub String);

/// The entry pc and the hint slots of its stack values and locals (`None`:
/// no hint, the instructions' own profiles speculate).
type EntryHints = (usize, Vec<Option<u32>>, Vec<Option<u32>>);

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
    /// Call sites (the pc of their `LoadFun`) not to inline.
    no_inline: BTreeSet<usize>,
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

/// The fewest iterations for which a `for` loop over polymorphic values
/// hands over to loop code typed by the run's values (`guarded_transfer`):
/// a transfer costs a few microseconds, a generic iteration about 0.1 µs
/// more than a typed one.
pub const TYPED_LOOP_MIN_TRIPS: i32 = 64;

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

/// A fact about a stack value at a block start (see `Builder::known`).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Known {
    /// A logical scalar (`Value::Lgl`, possibly NA): what `AndStart`,
    /// `OrStart`, `AndEnd` and `OrEnd` push in the interpreter.
    Lgl,
    /// Exactly this logical value (the undecided left operand of `&&` is TRUE,
    /// of `||` FALSE, once its NA case was speculated away).
    Exactly(i32),
}

/// Where compiled code is entered and what it may assume about the entry state.
///
/// A function's entry is `pc` 0 with the parameters bound; an OSR-in or
/// deoptless continuation starts at any pc with the interpreter's operand stack,
/// locals and loop counters as its parameters (the layout of a `FrameState`:
/// stack values, then bound locals, then two `int`s per loop).
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub pc: usize,
    /// The type of each operand stack value (bottom first).
    pub stack: Vec<ArgType>,
    /// Per local slot: `None` unbound, else the type of its value.
    pub locals: Vec<Option<ArgType>>,
    /// The step (+1 or -1) of each counted `for` loop active at `pc`,
    /// outermost first.
    pub loop_steps: Vec<i32>,
    /// `Check`: the types are speculated, tested once at entry (function entry,
    /// OSR-in). `Trust`: dispatch guarantees them, so scalars arrive unboxed
    /// (`int`/`dbl`/`lgl` parameters) and vectors are used without a test
    /// (deoptless continuations).
    pub mode: EntryMode,
    /// Type feedback as this compilation sees it: slot → bits replacing the
    /// baseline's (a continuation's cleaned-up feedback; empty otherwise).
    pub feedback: BTreeMap<u32, u16>,
    /// Call sites (the pc of their `LoadFun`) not to inline: a continuation
    /// for an exit from inside an inlined call calls the function instead.
    pub no_inline: BTreeSet<usize>,
    /// Copy the loops enclosing `pc` so that each is entered at its header
    /// (`passes::peel`): invariant checks are then hoisted out of them. For
    /// code that is cached and runs long (OSR-in loop code; continuations
    /// with `--whole-continuations`); it about doubles the code to compile.
    /// Ignored when `transfer_at_loop_headers` stops the code at the loops.
    pub peel_loops: bool,
    /// Build only up to the loop headers reached (but the entry's own): an
    /// edge into one ends the code with a `transfer` exit, and the loop runs
    /// in its OSR-in code. Deoptless continuations: they stay small (quick to
    /// compile) and the loops run in code compiled once per loop.
    pub transfer_at_loop_headers: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryMode {
    Check,
    Trust,
}

impl Entry {
    /// The entry of a call in argument context `ctx`.
    pub fn call(code: &FunctionCode, ctx: &ArgContext) -> Entry {
        let locals = (0..code.locals.len())
            .map(|i| (i < code.nparams).then(|| ctx.args.get(i).copied().unwrap_or(ArgType::Any)))
            .collect();
        Entry {
            pc: 0,
            stack: Vec::new(),
            locals,
            loop_steps: Vec::new(),
            mode: EntryMode::Check,
            feedback: BTreeMap::new(),
            no_inline: BTreeSet::new(),
            peel_loops: false,
            transfer_at_loop_headers: false,
        }
    }
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

/// Feedback bits describing exactly the values of type `t` (`any`: stale, i.e.
/// nothing to speculate on).
pub fn fb_bits_of(t: ArgType) -> u16 {
    use TypeFeedback as T;
    match t {
        ArgType::Int => T::INT,
        ArgType::Dbl => T::DBL,
        ArgType::Lgl => T::LGL,
        ArgType::VecInt => T::INT | T::NON_SCALAR,
        ArgType::VecDbl => T::DBL | T::NON_SCALAR,
        ArgType::VecLgl => T::LGL | T::NON_SCALAR,
        ArgType::Cplx => T::CPLX,
        ArgType::VecCplx => T::CPLX | T::NON_SCALAR,
        ArgType::Any => T::STALE,
    }
}

/// Do feedback bits `xb` describe only double vectors (attributes allowed,
/// e.g. `dim`)? What a matrix speculation (`is.mat<dbl>`) starts from.
fn seen_as_dbl_matrix(xb: u16) -> bool {
    use TypeFeedback as T;
    let kinds = T::LGL | T::INT | T::DBL | T::CPLX | T::STR | T::LIST | T::NULL | T::FUN;
    xb & T::STALE == 0 && xb & kinds == T::DBL && xb & T::NON_SCALAR != 0
}

/// The type test that establishes `t`, if any.
fn test_for(t: ArgType) -> Option<TypeTest> {
    Some(match t {
        ArgType::Int => TypeTest::IsInt,
        ArgType::Dbl => TypeTest::IsDbl,
        ArgType::Lgl => TypeTest::IsLgl,
        ArgType::VecInt => TypeTest::IsVecInt,
        ArgType::VecDbl => TypeTest::IsVecDbl,
        ArgType::VecLgl => TypeTest::IsVecLgl,
        ArgType::Cplx => TypeTest::IsCplx,
        ArgType::VecCplx => TypeTest::IsVecCplx,
        ArgType::Any => return None,
    })
}

/// Build the IR of `code` entered at `entry` (see `Entry`). A call site whose
/// inlining fails is built again as a call.
pub fn build_from(code: &FunctionCode, entry: &Entry) -> Result<Func, Unsupported> {
    let mut no_inline = entry.no_inline.clone();
    loop {
        match build_once(code, entry, &no_inline) {
            Ok(f) => return Ok(f),
            Err((e, Some(site))) if no_inline.insert(site) => {
                let _ = e;
            }
            Err((e, _)) => return Err(e),
        }
    }
}

/// One build of `code` from `entry`; on failure, the call site whose inlining
/// failed, if that was the cause.
fn build_once(
    code: &FunctionCode,
    entry: &Entry,
    no_inline: &BTreeSet<usize>,
) -> Result<Func, (Unsupported, Option<usize>)> {
    let mut b = Builder::new(code, entry.pc, no_inline.clone());
    b.fb_override = entry.feedback.clone();
    b.build_entry(entry).map_err(|e| (e, b.inline_failed))?;
    Ok(b.f)
}

impl<'a> Builder<'a> {
    fn new(code: &'a FunctionCode, entry_pc: usize, no_inline: BTreeSet<usize>) -> Builder<'a> {
        Builder {
            code,
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
            no_inline,
            inline: Vec::new(),
            inline_failed: None,
            returns: None,
            globals: None,
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

    /// See `Builder::loop_carried`.
    fn loop_carried_locals(&self) -> BTreeMap<usize, Vec<u16>> {
        let ops = &self.code.ops;
        let reads = |op: &Op| -> Vec<u16> {
            match *op {
                Op::LoadLocal(s, _) | Op::TakeLocal(s) | Op::ArithLocal(_, s, _, _) => vec![s],
                Op::IndexLocals { x, i, j, .. } => vec![x, i, j],
                _ => vec![],
            }
        };
        let writes = |op: &Op| -> Option<u16> {
            match *op {
                Op::StoreLocal(s) | Op::ArithLocal(_, s, _, _) => Some(s),
                Op::ForStep { var, .. } => match var.get() {
                    Var::Local(s) => Some(s),
                    Var::Name(_) => None,
                },
                _ => None,
            }
        };
        let ops: Vec<Op> = ops.iter().map(|&op| self.as_local_op(op, None)).collect();
        let mut loops: Vec<(usize, usize, BTreeSet<u16>)> = Vec::new();
        for &h in &self.headers {
            let end = (0..ops.len())
                .filter(|&j| matches!(ops[j], Op::Jump(t) if t as usize == h))
                .max()
                .unwrap_or(h);
            let assigned: BTreeSet<u16> = ops[h..=end].iter().filter_map(writes).collect();
            let read_outside: BTreeSet<u16> = ops
                .iter()
                .enumerate()
                .filter(|&(pc, _)| pc < h || pc > end)
                .flat_map(|(_, op)| reads(op))
                .collect();
            // Locals other code sees (closures, callers of top-level code)
            // are read "outside" at any time.
            let carried: BTreeSet<u16> = assigned
                .iter()
                .filter(|&&s| read_outside.contains(&s) || self.shared[s as usize])
                .copied()
                .collect();
            loops.push((h, end, carried));
        }
        // What an enclosing loop carries passes through the headers inside
        // it: code entered at an inner header (OSR-in) fixes that header's
        // layout at entry, when an outer local may still be unbound, and
        // later iterations of the outer loop bring it bound.
        let mut out = BTreeMap::new();
        for (h, end, carried) in &loops {
            let mut all = carried.clone();
            for (h2, end2, outer) in &loops {
                if h2 < h && end2 >= end {
                    all.extend(outer);
                }
            }
            if !all.is_empty() {
                out.insert(*h, all.into_iter().collect::<Vec<u16>>());
            }
        }
        out
    }

    /// The value of local `slot` read at `pc`: an error when it is unbound on
    /// every path here, tested `is.bound` when only on some.
    fn read_local(
        &mut self,
        bb: Block,
        pc: usize,
        st: &State,
        slot: u16,
    ) -> Result<AbsVal, Unsupported> {
        let Some(a) = st.locals[slot as usize] else {
            return Err(Unsupported(format!(
                "read of a possibly unbound local at pc {}",
                pc
            )));
        };
        if self.maybe_unbound.contains(&a.val) {
            let cp = self.checkpoint(bb, pc, st);
            let c = self
                .f
                .push(bb, InstKind::Test(TypeTest::IsBound, a.val), Type::Bool)
                .unwrap();
            self.assume(bb, c, cp, Reason::TypeCheck);
        }
        Ok(a)
    }

    /// Build the whole function from `entry`.
    fn build_entry(&mut self, entry: &Entry) -> Result<(), Unsupported> {
        let code = self.code;
        let b = self;
        if entry.pc >= code.ops.len() || entry.locals.len() != code.locals.len() {
            return Err(Unsupported("entry state does not fit the function".into()));
        }
        if entry.transfer_at_loop_headers {
            b.transfer_at = b.loop_headers();
            b.transfer_at.remove(&entry.pc);
        }
        let mut starts = b.block_starts();
        if !starts.contains(&entry.pc) {
            starts.push(entry.pc);
            starts.sort_unstable();
        }
        // Entry block: one parameter per stack value, bound local and loop counter.
        let bb0 = b.f.add_block();
        let trust = entry.mode == EntryMode::Trust;
        let param = |b: &mut Builder, t: ArgType| -> (Val, ArgType) {
            let ty = match t {
                ArgType::Int if trust => Type::Int,
                ArgType::Dbl if trust => Type::Dbl,
                ArgType::Lgl if trust => Type::Lgl,
                _ => Type::Any,
            };
            (b.f.add_param(bb0, ty), t)
        };
        let stack: Vec<(Val, ArgType)> = entry.stack.iter().map(|&t| param(b, t)).collect();
        let locals: Vec<Option<(Val, ArgType)>> = entry
            .locals
            .iter()
            .map(|l| l.map(|t| param(b, t)))
            .collect();
        let loops: Vec<(Val, Val, i32)> = entry
            .loop_steps
            .iter()
            .map(|&step| {
                let next = b.f.add_param(bb0, Type::Int);
                (next, b.f.add_param(bb0, Type::Int), step)
            })
            .collect();
        let entry_state = State {
            stack: stack.iter().map(|&(v, _)| AbsVal::new(v)).collect(),
            locals: locals
                .iter()
                .map(|l| l.map(|(v, _)| AbsVal::new(v)))
                .collect(),
            loops: loops.clone(),
        };
        // Entry types: checked once against the entry state, or trusted.
        let typed = |b: &mut Builder, (v, t): (Val, ArgType)| -> Val {
            let Some(test) = test_for(t) else { return v };
            if b.f.ty(v) != Type::Any {
                return v;
            }
            if !trust {
                let cp = b.checkpoint(bb0, entry.pc, &entry_state);
                let c = b.f.push(bb0, InstKind::Test(test, v), Type::Bool).unwrap();
                b.assume(bb0, c, cp, Reason::TypeCheck);
            }
            if test.refined().is_unboxed() || trust {
                b.f.push(bb0, InstKind::Unary(UnOp::Unbox, v), test.refined())
                    .unwrap()
            } else {
                v
            }
        };
        let mut next_fb = code.type_fb.len() as u32;
        let mut hint = |b: &mut Builder, t: ArgType| -> Option<u32> {
            // A checked entry of a type the contexts do not describe (a
            // matrix, a list, a string) says nothing: the instructions' own
            // profiles speculate (`data[i, j]` on a matrix argument). A
            // trusted one (a continuation's) marks the profile stale.
            if t == ArgType::Any && !trust {
                return None;
            }
            next_fb += 1;
            b.fb_override.insert(next_fb, fb_bits_of(t));
            Some(next_fb)
        };
        let stack_hints = entry.stack.iter().map(|&t| hint(b, t)).collect();
        let local_hints = entry
            .locals
            .iter()
            .map(|l| l.and_then(|t| hint(b, t)))
            .collect();
        b.entry_hints = Some((entry.pc, stack_hints, local_hints));
        let init = State {
            stack: stack.iter().map(|&p| AbsVal::new(typed(b, p))).collect(),
            locals: locals
                .iter()
                .map(|l| l.map(|p| AbsVal::new(typed(b, p))))
                .collect(),
            loops,
        };
        if trust && !code.top_level {
            // A continuation's entry state comes from an exit that wrote
            // nothing into the frame: the locals the frame keeps (shared)
            // are written now. (The exited version may not have kept them
            // there: its function's frame was observed after it was built.)
            b.write_back(bb0, &init, None);
        }
        for &pc in &starts {
            let bb = b.f.add_block();
            b.blocks.insert(pc, bb);
        }
        // Blocks are built in bytecode order from the entry: a block's parameters
        // are fixed when it is entered (its first predecessors are known), and
        // edges that arrive later (back edges) must agree. Starting mid-function,
        // blocks before the entry pc are reached through back edges, so the next
        // block built is always the first one that has a predecessor.
        b.jump_from(bb0, 0, entry.pc, init)?;
        b.build_blocks()?;
        b.terminate_unreached(&starts);
        if entry.peel_loops && b.transfer_at.is_empty() {
            b.peel_enclosing_loops(bb0, entry.pc);
        }
        Ok(())
    }

    /// The terminator `from` already ends with (a branch whose edges are
    /// being connected), if any.
    fn terminator_inst(&self, from: Block) -> Option<Inst> {
        self.f.blocks[from.0 as usize]
            .insts
            .last()
            .copied()
            .filter(|&i| self.f.inst(i).kind.is_terminator())
    }

    /// Loop headers: the targets of backward jumps.
    fn loop_headers(&self) -> BTreeSet<usize> {
        let mut h = BTreeSet::new();
        for (j, op) in self.code.ops.iter().enumerate() {
            if let Op::Jump(t) = *op {
                if (t as usize) < j {
                    h.insert(t as usize);
                }
            }
        }
        h
    }

    /// Make edge `edge` of `from` go to the fresh block `to` (no arguments).
    fn redirect_edge(&mut self, from: Block, edge: usize, to: Block) -> Result<(), Unsupported> {
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

    /// Should the first edge into the `for` loop at header `target` hand
    /// over to loop code typed by the values at run time? It should when a
    /// local the loop starts with is `any` only because its profile saw
    /// several numeric types (`col <- tbl[[j]]` over integer and double
    /// columns): built here, the loop would run every operation on it
    /// through the runtime, slower than the interpreter; the OSR-in code of
    /// the loop for this run's types (cached per entry types, the same code
    /// OSR-in and continuations enter) runs it natively. Not where the code
    /// is entered, in inlined code, or where transfers are already made.
    fn wants_typed_loop(&self, target: usize, state: &State) -> bool {
        use TypeFeedback as T;
        if target == self.entry_pc
            || !self.inline.is_empty()
            || !self.transfer_at.is_empty()
            || self.typed_loop_guards.contains(&target)
            || !matches!(self.code.ops.get(target), Some(Op::ForStep { .. }))
            || state.loops.is_empty()
            || self.blocks.get(&target).is_some_and(|&b| self.entered(b))
        {
            return false;
        }
        let numeric = T::LGL | T::INT | T::DBL | T::CPLX;
        let kinds = numeric | T::STR | T::LIST | T::NULL | T::FUN;
        state.locals.iter().flatten().any(|a| {
            let bits = self.fb_bits(a.fb);
            self.f.ty(a.val) == Type::Any
                && bits & T::STALE == 0
                && bits & kinds & !numeric == 0
                && (bits & numeric).count_ones() >= 2
        })
    }

    /// The first edge into a `for` loop whose locals are polymorphic
    /// (`wants_typed_loop`): when the loop has at least
    /// `TYPED_LOOP_MIN_TRIPS` iterations to run, a transfer exit to the
    /// loop's code typed by the current values; otherwise into the loop
    /// built here (a transfer costs microseconds).
    fn guarded_transfer(
        &mut self,
        from: Block,
        edge: usize,
        target: usize,
        state: State,
    ) -> Result<(), Unsupported> {
        self.typed_loop_guards.insert(target);
        let check = self.f.add_block();
        self.redirect_edge(from, edge, check)?;
        let remaining = state.loops.last().expect("a for loop's header").1;
        let trips = self
            .f
            .push(check, InstKind::ConstInt(TYPED_LOOP_MIN_TRIPS), Type::Int)
            .unwrap();
        let long = self
            .f
            .push(
                check,
                InstKind::Binary(BinOp::GeI, remaining, trips),
                Type::Bool,
            )
            .unwrap();
        let header = self.blocks[&target];
        self.f.push(
            check,
            InstKind::Branch(long, check, vec![], header, vec![]),
            Type::Void,
        );
        self.transfer(check, 0, target, state.clone())?;
        self.jump_from(check, 1, target, state)
    }

    /// End the code on edge `edge` of `from` (into the loop header `target`)
    /// with a transfer exit: a fresh block whose checkpoint is the state at
    /// the header and whose assume always exits.
    fn transfer(
        &mut self,
        from: Block,
        edge: usize,
        target: usize,
        state: State,
    ) -> Result<(), Unsupported> {
        let tb = self.f.add_block();
        self.redirect_edge(from, edge, tb)?;
        let cp = self.checkpoint(tb, target, &state);
        let never = self
            .f
            .push(tb, InstKind::ConstBool(false), Type::Bool)
            .unwrap();
        self.assume(tb, never, cp, Reason::Transfer);
        let z = self
            .f
            .push(tb, InstKind::ConstAny(UNBOUND), Type::Any)
            .unwrap();
        self.f.push(tb, InstKind::Return(z), Type::Void);
        Ok(())
    }

    /// Entered inside loops (a continuation or OSR-in): give every enclosing
    /// loop a copy entered at its header (`passes::peel`), unless the result
    /// does not verify (then the function stays as built).
    fn peel_enclosing_loops(&mut self, bb0: Block, entry_pc: usize) {
        // Loops are back edges `Jump(t)` at pc j > t; they enclose the entry
        // when t < entry_pc <= j (an entry at a header is that loop's own).
        let mut spans: BTreeMap<usize, usize> = BTreeMap::new();
        for (j, op) in self.code.ops.iter().enumerate() {
            if let Op::Jump(t) = *op {
                let t = t as usize;
                if t < j && t < entry_pc && entry_pc <= j {
                    let end = spans.entry(t).or_insert(j);
                    *end = (*end).max(j);
                }
            }
        }
        // Innermost (latest header) first.
        let headers: Vec<Block> = spans
            .keys()
            .rev()
            .filter_map(|t| self.blocks.get(t).copied())
            .collect();
        let Some(&entry) = self.blocks.get(&entry_pc) else {
            return;
        };
        let before = self.f.clone();
        if crate::passes::peel::run(&mut self.f, bb0, entry, &headers)
            && crate::verify::verify(&self.f).is_err()
        {
            self.f = before;
        }
    }

    /// Build every block that has a predecessor, in order.
    fn build_blocks(&mut self) -> Result<(), Unsupported> {
        let mut built = BTreeSet::new();
        while let Some(&pc) = self.incoming.keys().find(|pc| !built.contains(*pc)) {
            built.insert(pc);
            let state = self.enter_block(pc)?;
            self.block(pc, state)?;
        }
        Ok(())
    }

    /// Blocks never reached (dead code after `return`) get a dummy terminator.
    fn terminate_unreached(&mut self, starts: &[usize]) {
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
    fn block_starts(&self) -> Vec<usize> {
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
                Op::Return | Op::EndRegion => {
                    s.insert(pc + 1);
                }
                _ => {}
            }
        }
        s.into_iter().filter(|&p| p < self.code.ops.len()).collect()
    }

    fn fb_bits(&self, fb: Option<u32>) -> u16 {
        fb.map(|i| match self.fb_override.get(&i) {
            Some(&bits) => bits,
            None => self.code.type_fb[i as usize].get().0,
        })
        .unwrap_or(0)
    }

    /// Is feedback slot `fb` a hint (a slot past the code's own, whose bits
    /// are a fact: an entry type, or a type every incoming edge brings)?
    fn is_hint(&self, fb: Option<u32>) -> bool {
        fb.is_some_and(|h| h as usize >= self.code.type_fb.len())
    }

    /// The feedback slot that describes local `a` where an instruction reads
    /// it with its own profile `load`: a hint wins over the load's profile,
    /// which is stale when the types are new (a version for new argument
    /// types; OSR-in code entered with types that the loop's profile mixes
    /// with older ones).
    fn load_fb(&self, a: AbsVal, load: Option<u32>) -> Option<u32> {
        if self.is_hint(a.fb) {
            a.fb
        } else {
            load.or(a.fb)
        }
    }

    /// A new hint slot saying "a scalar of type `t`" (`None` for other
    /// types: an unboxed vector may be a matrix's data, which the
    /// attribute-free vector tests would reject).
    fn type_hint(&mut self, t: Type) -> Option<u32> {
        let at = match t {
            Type::Int => ArgType::Int,
            Type::Dbl => ArgType::Dbl,
            Type::Lgl => ArgType::Lgl,
            Type::Cplx => ArgType::Cplx,
            _ => return None,
        };
        let next = self
            .fb_override
            .keys()
            .next_back()
            .map_or(0, |&k| k + 1)
            .max(self.code.type_fb.len() as u32 + 1);
        self.fb_override.insert(next, fb_bits_of(at));
        Some(next)
    }

    /// Hints for the stack values and locals of the block at `pc` (not a
    /// loop header: all its edges are known when it is entered). A value gets
    /// one where every edge brings it as a scalar of the same unboxed type,
    /// or with the same hint. Block parameters are boxed, and the loads' profiles may mix
    /// older types (stale feedback): the types flowing in are facts. A hint
    /// only chooses what to speculate, and the speculation is checked.
    fn inherited_hints(
        &mut self,
        pc: usize,
        depth: usize,
        nlocals: usize,
    ) -> (Vec<Option<u32>>, Vec<Option<u32>>) {
        let none = (vec![None; depth], vec![None; nlocals]);
        if self.headers.contains(&pc) {
            return none;
        }
        let Some(preds) = self.incoming.get(&pc).filter(|p| !p.is_empty()) else {
            return none;
        };
        let states: Vec<State> = preds.iter().map(|(_, _, s)| s.clone()).collect();
        let hint = |b: &mut Self, vals: Vec<Option<AbsVal>>| -> Option<u32> {
            let vals: Vec<AbsVal> = vals.into_iter().collect::<Option<_>>()?;
            let t = b.f.ty(vals[0].val);
            if matches!(t, Type::Int | Type::Dbl | Type::Lgl | Type::Cplx) {
                if vals.iter().all(|a| b.f.ty(a.val) == t) {
                    return b.type_hint(t);
                }
                return None;
            }
            // An entry typed `any` has an uninformative (stale) hint: it
            // stays in its block, and later loads use their profiles.
            let fb = vals[0].fb;
            let informative = fb
                .and_then(|h| b.fb_override.get(&h))
                .is_some_and(|bits| bits & TypeFeedback::STALE == 0);
            (b.is_hint(fb) && informative && vals.iter().all(|a| a.fb == fb))
                .then_some(fb)
                .flatten()
        };
        let stack = (0..depth)
            .map(|k| {
                hint(
                    self,
                    states.iter().map(|s| s.stack.get(k).copied()).collect(),
                )
            })
            .collect();
        let locals = (0..nlocals)
            .map(|k| {
                hint(
                    self,
                    states
                        .iter()
                        .map(|s| s.locals.get(k).copied().flatten())
                        .collect(),
                )
            })
            .collect();
        (stack, locals)
    }

    /// Feedback bits for a value: its producer's type feedback, or for a call
    /// result the call site's result feedback.
    fn bits_of(&self, a: AbsVal) -> u16 {
        match self.call_results.get(&a.val) {
            Some(&cfb) => self.code.call_fb[cfb as usize].borrow().result.0,
            None => self.fb_bits(a.fb),
        }
    }

    fn konst(&mut self, bb: Block, v: &Value, k: u32) -> AbsVal {
        let (kind, ty) = match v {
            Value::Int(x) if *x != i32::MIN => (InstKind::ConstInt(*x), Type::Int),
            Value::Dbl(x) => (InstKind::ConstDbl(*x), Type::Dbl),
            Value::Lgl(x) => (InstKind::ConstLgl(*x), Type::Lgl),
            // A complex constant (`2i`): the pool's boxed value, unboxed
            // (it is known to be an attribute-free complex scalar).
            Value::Vec(vec)
                if vec.attrs.is_none()
                    && vec.len() == 1
                    && matches!(vec.data, vm::value::VecData::Cplx(_))
                    && self.returns.is_none() =>
            {
                let boxed = self.f.push(bb, InstKind::ConstAny(k), Type::Any).unwrap();
                return AbsVal::new(
                    self.f
                        .push(bb, InstKind::Unary(UnOp::Unbox, boxed), Type::Cplx)
                        .unwrap(),
                );
            }
            _ => {
                if self.returns.is_some() {
                    // The callee's constant pool is not the function's.
                    self.give_up_inline();
                }
                (InstKind::ConstAny(k), Type::Any)
            }
        };
        AbsVal::new(self.f.push(bb, kind, ty).unwrap())
    }

    /// A boxed version of `v` (for block arguments, runtime calls and frame states
    /// that need `any`).
    fn boxed(&mut self, bb: Block, v: Val) -> Val {
        match self.f.ty(v) {
            Type::Any => v,
            t if t.is_unboxed() => {
                let v = if t == Type::Bool {
                    self.f
                        .push(bb, InstKind::Unary(UnOp::BoolToLgl, v), Type::Lgl)
                        .unwrap()
                } else {
                    v
                };
                self.f
                    .push(bb, InstKind::Unary(UnOp::Box, v), Type::Any)
                    .unwrap()
            }
            _ => self.state_val(v),
        }
    }

    /// The value a frame state records for `v`, and the boxed form of a typed
    /// vector: the `any` it was unboxed from (frame states hold scalars
    /// unboxed, vectors boxed).
    fn state_val(&self, v: Val) -> Val {
        if !self.f.ty(v).is_vec() {
            return v;
        }
        match self.f.def_inst(v).map(|i| &self.f.inst(i).kind) {
            Some(InstKind::Unary(UnOp::Unbox, src)) => *src,
            _ => v,
        }
    }

    fn checkpoint(&mut self, bb: Block, pc: usize, st: &State) -> Val {
        if self.globals.as_ref().is_some_and(|g| g.stored_any) {
            // An exit after a global store would re-execute the store.
            self.give_up_inline();
        }
        if let Some(site) = self.inline.first() {
            // Inside an inlined call every exit re-executes the (outermost) call.
            let fs = site.state.clone();
            return self
                .f
                .push(bb, InstKind::Checkpoint(fs), Type::Checkpoint)
                .unwrap();
        }
        let fs = FrameState {
            pc: pc as u32,
            stack: st.stack.iter().map(|a| self.state_val(a.val)).collect(),
            locals: st
                .locals
                .iter()
                .map(|l| l.map(|a| self.state_val(a.val)))
                .collect(),
            loops: st.loops.clone(),
        };
        self.f
            .push(bb, InstKind::Checkpoint(fs), Type::Checkpoint)
            .unwrap()
    }

    fn assume(&mut self, bb: Block, cond: Val, cp: Val, reason: Reason) {
        self.f.push(
            bb,
            InstKind::Assume {
                cond,
                checkpoint: cp,
                reason,
            },
            Type::Void,
        );
    }

    /// The type-check assume just pushed speculated on feedback slot `fb`
    /// (where a deopt records the offending type). Not for an inlined callee:
    /// its slots are the callee's, and re-executing the call in the
    /// interpreter records the callee's feedback anyway.
    fn note_feedback(&mut self, fb: u32) {
        if self.returns.is_none() {
            let inst = Inst(self.f.insts.len() as u32 - 1);
            self.f.assume_feedback.insert(inst, fb);
        }
    }

    /// The type feedback promises for a value, as the test that checks it.
    fn speculated_test(&self, bits: u16) -> Option<TypeTest> {
        use TypeFeedback as T;
        if bits & T::STALE != 0 || bits & T::ATTRS != 0 {
            return None;
        }
        let types =
            bits & (T::LGL | T::INT | T::DBL | T::CPLX | T::STR | T::LIST | T::NULL | T::FUN);
        let vector = bits & T::NON_SCALAR != 0;
        let na = bits & T::NA != 0;
        match (types, vector) {
            (T::INT, false) if !na => Some(TypeTest::IsInt),
            (T::DBL, false) => Some(TypeTest::IsDbl),
            (T::LGL, false) => Some(TypeTest::IsLgl),
            (T::INT, true) => Some(TypeTest::IsVecInt),
            (T::DBL, true) => Some(TypeTest::IsVecDbl),
            (T::LGL, true) => Some(TypeTest::IsVecLgl),
            (T::CPLX, false) => Some(TypeTest::IsCplx),
            (T::CPLX, true) => Some(TypeTest::IsVecCplx),
            _ => None,
        }
    }

    /// Make `a` typed if it is `any` and its feedback is monomorphic: checkpoint at
    /// `pc` with state `st`, test, assume, unbox. Returns the (possibly) typed value.
    fn speculate(&mut self, bb: Block, a: AbsVal, bits: u16, pc: usize, st: &State) -> Val {
        if self.f.ty(a.val) != Type::Any {
            return a.val;
        }
        let Some(t) = self.speculated_test(bits) else {
            return a.val;
        };
        let cp = self.checkpoint(bb, pc, st);
        let c = self
            .f
            .push(bb, InstKind::Test(t, a.val), Type::Bool)
            .unwrap();
        self.assume(bb, c, cp, Reason::TypeCheck);
        if let Some(fb) = a.fb {
            self.note_feedback(fb);
        }
        self.f
            .push(bb, InstKind::Unary(UnOp::Unbox, a.val), t.refined())
            .unwrap()
    }

    /// Generic fallback: the runtime performs instruction `pc` on boxed operands.
    fn runtime(&mut self, bb: Block, pc: usize, args: &[Val]) -> Val {
        if !self.inline.is_empty() {
            // A runtime call may have an effect: no inlining around it (the
            // block loop sees `inline_failed` after this instruction).
            self.give_up_inline();
        }
        self.runtime_call(bb, pc, args)
    }

    /// A runtime call that only reads a variable (`LoadName`, `LoadSuper`):
    /// in the arguments of a call being inlined, an exit that re-executes
    /// the whole call reads it again, which is harmless. (In an inlined body
    /// the caller's pc and frame would be the wrong ones: no inlining.)
    fn runtime_read(&mut self, bb: Block, pc: usize) -> Val {
        if self.returns.is_some() {
            return self.runtime(bb, pc, &[]);
        }
        self.runtime_call(bb, pc, &[])
    }

    fn runtime_call(&mut self, bb: Block, pc: usize, args: &[Val]) -> Val {
        let args: Vec<Val> = args.iter().map(|&v| self.boxed(bb, v)).collect();
        self.f
            .push(
                bb,
                InstKind::Runtime(RtOp::AtPc(pc as u32), args),
                Type::Any,
            )
            .unwrap()
    }

    /// Record the edge `edge` (0: jump / branch-true, 1: branch-false) from `from`
    /// into the block at `target` with `state`.
    fn jump_from(
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
        if self.transfer_at.contains(&target) && self.inline.is_empty() {
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

    fn entered(&self, b: Block) -> bool {
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

    /// Translate the block starting at `start`.
    fn block(&mut self, start: usize, state: Option<State>) -> Result<(), Unsupported> {
        let Some(mut st) = state else { return Ok(()) };
        let mut bb = self.blocks[&start];
        let code = self.code;
        let mut pc = start;
        if let Some(&(k, fact)) = self.known.get(&start) {
            self.apply_known(bb, start, &mut st, k, fact);
        }
        loop {
            if self.inline_failed.is_some() {
                return Err(Unsupported(format!("inlining failed at pc {}", pc)));
            }
            if pc != start && self.blocks.contains_key(&pc) {
                // Fall through into the next block.
                return self.jump_from(bb, 0, pc, st);
            }
            let op = self.as_local_op(code.ops[pc], Some(&st));
            // Closures and called R code see some locals (`frame_sync.rs`).
            let observer = self.sync_before(bb, &st, op);
            let mut published = false;
            match op {
                Op::MakeClosure(_) => {
                    let r = self.runtime(bb, pc, &[]);
                    st.stack.push(AbsVal::new(r));
                }
                Op::Const(k) => {
                    let v = self.konst(bb, &code.consts[k as usize], k);
                    st.stack.push(v);
                }
                Op::LoadLocal(..) | Op::TakeLocal(_) => {
                    let (slot, fb) = match op {
                        Op::LoadLocal(s, fb) => (s, Some(fb)),
                        Op::TakeLocal(s) => (s, None),
                        _ => unreachable!(),
                    };
                    let a = self.read_local(bb, pc, &st, slot)?;
                    st.stack.push(AbsVal {
                        val: a.val,
                        fb: self.load_fb(a, fb),
                    });
                    // `TakeLocal` moves the value out (the interpreter's slot
                    // is empty until the `StoreLocal` after the update):
                    // frame states must not keep it alive.
                    if matches!(op, Op::TakeLocal(_)) {
                        st.locals[slot as usize] = None;
                    }
                }
                Op::StoreLocal(slot) => {
                    let v = st.stack.pop().unwrap();
                    st.locals[slot as usize] = Some(v);
                }
                Op::Pop => {
                    st.stack.pop();
                }
                Op::Dup => {
                    let v = *st.stack.last().unwrap();
                    st.stack.push(v);
                }
                Op::Visible(v) => {
                    self.f.push(bb, InstKind::SetVisible(v), Type::Void);
                }
                Op::Arith(o, _, fb) => {
                    let b = st.stack.pop().unwrap();
                    let a = st.stack.pop().unwrap();
                    let r = self.arith(bb, pc, &mut st, o, a, b, fb);
                    st.stack.push(r);
                }
                Op::ArithLocal(o, slot, _, fb) => {
                    let a = self.read_local(bb, pc, &st, slot)?;
                    let b = st.stack.pop().unwrap();
                    let a = AbsVal {
                        val: a.val,
                        fb: Some(fb + 1),
                    };
                    // The checkpoint state is the interpreter's: `b` on the stack.
                    st.stack.push(b);
                    let r = self.arith_in(bb, pc, &st, o, a, b, fb);
                    st.stack.pop();
                    st.locals[slot as usize] = Some(r);
                }
                Op::Cmp(o, _, fb) => {
                    let b = st.stack.pop().unwrap();
                    let a = st.stack.pop().unwrap();
                    st.stack.push(a);
                    st.stack.push(b);
                    let r = if let Some(elems) = self.scalar_lists.get(&a.val).cloned() {
                        // `c(x1, ..., xn) OP b` read by an inlined `all`/`any`.
                        let mut out = Vec::with_capacity(elems.len());
                        for e in elems {
                            let r = self.compare(bb, pc, &st, o, AbsVal::new(e), b, fb);
                            if self.f.ty(r.val) == Type::Any {
                                return Err(self.give_up_inline());
                            }
                            out.push(r.val);
                        }
                        let stand_in = self.f.push(bb, InstKind::ConstLgl(0), Type::Lgl).unwrap();
                        self.scalar_lists.insert(stand_in, out);
                        AbsVal::new(stand_in)
                    } else {
                        self.compare(bb, pc, &st, o, a, b, fb)
                    };
                    st.stack.truncate(st.stack.len() - 2);
                    st.stack.push(r);
                }
                Op::Logic(and, _) => {
                    // Vectorized `&` / `|`: native on two non-NA logical
                    // scalars, else R's `&`/`|` through the runtime.
                    let b = st.stack.pop().unwrap();
                    let a = st.stack.pop().unwrap();
                    let r = match (self.f.ty(a.val), self.f.ty(b.val)) {
                        (Type::Bool, Type::Bool) => {
                            self.bin(bb, if and { BinOp::AndB } else { BinOp::OrB }, a.val, b.val)
                        }
                        _ => self.runtime(bb, pc, &[a.val, b.val]),
                    };
                    st.stack.push(AbsVal::new(r));
                }
                Op::Not(_) | Op::Neg(..) => {
                    let mut a = st.stack.pop().unwrap();
                    if matches!(op, Op::Not(_)) {
                        // `!` of a value seen only as a non-NA logical scalar
                        // (e.g. `!is.null(x)`): a native negation the branch
                        // that usually follows can use directly.
                        st.stack.push(a);
                        a.val = self.lgl_truth(bb, pc, &st, a);
                        st.stack.pop();
                    }
                    let v = match (op, self.f.ty(a.val)) {
                        (Op::Not(_), Type::Bool) => {
                            self.f
                                .push(bb, InstKind::Unary(UnOp::NotB, a.val), Type::Bool)
                        }
                        (Op::Neg(..), Type::Int) => {
                            self.f
                                .push(bb, InstKind::Unary(UnOp::NegI, a.val), Type::Int)
                        }
                        (Op::Neg(..), Type::Dbl) => {
                            self.f
                                .push(bb, InstKind::Unary(UnOp::NegD, a.val), Type::Dbl)
                        }
                        (Op::Neg(..), Type::Cplx) => {
                            self.f
                                .push(bb, InstKind::Unary(UnOp::NegC, a.val), Type::Cplx)
                        }
                        _ => Some(self.runtime(bb, pc, &[a.val])),
                    };
                    let fb = if let Op::Neg(_, fb) = op {
                        Some(fb)
                    } else {
                        None
                    };
                    st.stack.push(AbsVal {
                        val: v.unwrap(),
                        fb,
                    });
                }
                Op::Jump(t) => {
                    if (t as usize) < pc && self.inline.is_empty() {
                        // A back edge: the state at the loop header, for a
                        // loop peeled at a mid-loop entry (`passes::peel`),
                        // where this block becomes the preheader that
                        // invariant assumes are hoisted to. Unused (and
                        // removed) in a loop entered at its header.
                        self.checkpoint(bb, t as usize, &st);
                    }
                    return self.jump_from(bb, 0, t as usize, st);
                }
                Op::BranchFalse(t, _, fb) => return self.branch(bb, pc, st, t as usize, fb),
                Op::ForRangePrep(ci) => {
                    let to = st.stack.pop().unwrap();
                    let from = st.stack.pop().unwrap();
                    st.stack.push(from);
                    st.stack.push(to);
                    // A compiled loop counts in the one direction the profile
                    // saw (its step is a constant of the code and of its
                    // frame states): upward, or downward for `n:1`.
                    let dirs = code.range_dirs[ci as usize].get();
                    if dirs == RANGE_UP | RANGE_DOWN {
                        return Err(Unsupported(format!(
                            "for loop over a range from:to seen running both ways at pc {}",
                            pc
                        )));
                    }
                    let down = dirs == RANGE_DOWN;
                    let (fv, n, step) = match (
                        self.int_operand(bb, pc, &st, from),
                        self.int_operand(bb, pc, &st, to),
                    ) {
                        (Ok(fv), Ok(tv)) => {
                            // Assume from <= to (from >= to downward).
                            let (cmp, lo, hi) = if down {
                                (BinOp::GeI, tv, fv)
                            } else {
                                (BinOp::LeI, fv, tv)
                            };
                            let ok = self.bin(bb, cmp, fv, tv);
                            let cp = self.checkpoint(bb, pc, &st);
                            self.assume(bb, ok, cp, Reason::TypeCheck);
                            let diff = self.bin(bb, BinOp::SubI, hi, lo);
                            let one = self.f.push(bb, InstKind::ConstInt(1), Type::Int).unwrap();
                            let n = self.bin(bb, BinOp::AddI, diff, one);
                            (fv, n, if down { -1 } else { 1 })
                        }
                        // A continuation entered here exited from this very
                        // range (e.g. a downward `n:1`): its assume would fail
                        // again at once and dispatch back to itself.
                        _ if pc == self.entry_pc => {
                            return Err(Unsupported(format!(
                                "loop bound is not a speculated integer at pc {}",
                                pc
                            )))
                        }
                        _ if down => {
                            return Err(Unsupported(format!(
                                "downward range with bounds not speculated integers at pc {}",
                                pc
                            )))
                        }
                        // Bounds not speculated integers (e.g. `1:n` with a
                        // double n): the runtime computes the (upward) range.
                        _ => {
                            let (fv, n) = self.range_generic(bb, pc, &st, from, to);
                            (fv, n, 1)
                        }
                    };
                    st.stack.truncate(st.stack.len() - 2);
                    st.loops.push((fv, n, step));
                }
                Op::ForCountPrep { along, .. } => {
                    let x = st.stack.pop().unwrap();
                    st.stack.push(x);
                    let bits = self.bits_of(x);
                    let xv = self.speculate(bb, x, bits, pc, &st);
                    let n = if along {
                        // Typed vectors know their length; anything else asks the runtime.
                        let len_op = match self.f.ty(xv) {
                            t if t.is_vec() => UnOp::VecLen,
                            Type::Any => UnOp::Length,
                            _ => {
                                return Err(Unsupported(format!(
                                    "seq_along of an untyped value at pc {}",
                                    pc
                                )))
                            }
                        };
                        self.f
                            .push(bb, InstKind::Unary(len_op, xv), Type::Int)
                            .unwrap()
                    } else {
                        // `seq_len(n)`: the count is the value itself, an
                        // `int` or an integral double (`n <- 1000`); positive
                        // (assumed below), so seq_len's errors cannot occur.
                        let n = self.int_operand(bb, pc, &st, AbsVal { val: xv, fb: x.fb });
                        n.map_err(|_| {
                            Unsupported(format!(
                                "seq_len of a value not speculated a number at pc {}",
                                pc
                            ))
                        })?
                    };
                    // An empty counted loop binds its variable to NULL: leave that to the interpreter.
                    let zero = self.f.push(bb, InstKind::ConstInt(0), Type::Int).unwrap();
                    let nonempty = self.bin(bb, BinOp::GtI, n, zero);
                    let cp = self.checkpoint(bb, pc, &st);
                    self.assume(bb, nonempty, cp, Reason::TypeCheck);
                    st.stack.pop();
                    let one = self.f.push(bb, InstKind::ConstInt(1), Type::Int).unwrap();
                    st.loops.push((one, n, 1));
                }
                Op::ForSeqPrep { seq, .. } => {
                    let Some(slot) = self.var_slot(code.for_seqs[seq as usize].get()) else {
                        return Err(Unsupported("for loop over a global variable".into()));
                    };
                    let x = *st.stack.last().unwrap();
                    let bits = self.bits_of(x);
                    let xv = self.speculate(bb, x, bits, pc, &st);
                    let n = match self.f.ty(xv) {
                        t if t.is_vec() => self
                            .f
                            .push(bb, InstKind::Unary(UnOp::VecLen, xv), Type::Int)
                            .unwrap(),
                        // The runtime validates the sequence (R's error for a
                        // function) and gives its length.
                        _ => {
                            let len = AbsVal::new(self.runtime(bb, pc, &[xv]));
                            self.speculate(bb, len, TypeFeedback::INT, pc, &st)
                        }
                    };
                    // An empty loop binds its variable to NULL: left to the interpreter.
                    let zero = self.f.push(bb, InstKind::ConstInt(0), Type::Int).unwrap();
                    let nonempty = self.bin(bb, BinOp::GtI, n, zero);
                    let cp = self.checkpoint(bb, pc, &st);
                    self.assume(bb, nonempty, cp, Reason::TypeCheck);
                    st.stack.pop();
                    // The boxed sequence: a vector view cannot be in a frame state.
                    st.locals[slot as usize] = Some(x);
                    self.seq_bits.insert(slot, bits);
                    let one = self.f.push(bb, InstKind::ConstInt(1), Type::Int).unwrap();
                    st.loops.push((one, n, 1));
                }
                Op::ForStep { exit, var, fb, seq } if seq != vm::bytecode::NO_SEQ => {
                    let Var::Local(slot) = var.get() else {
                        return Err(Unsupported("for loop over a global variable".into()));
                    };
                    return self.for_seq_step(bb, pc, st, exit as usize, slot, fb, seq);
                }
                Op::ForStep { exit, var, fb, .. } => {
                    if matches!(var.get(), Var::Name(_)) {
                        return Err(Unsupported("for loop over a global variable".into()));
                    }
                    let Var::Local(slot) = var.get() else {
                        unreachable!()
                    };
                    let (next, remaining, step) = *st.loops.last().unwrap();
                    let zero = self.f.push(bb, InstKind::ConstInt(0), Type::Int).unwrap();
                    let more = self.bin(bb, BinOp::GtI, remaining, zero);
                    // A variable closures see is written to the frame on the
                    // body edge only (in a block of its own).
                    let shared_var = !self.code.top_level && self.shared[slot as usize];
                    let body = if shared_var {
                        self.f.add_block()
                    } else {
                        self.blocks[&(pc + 1)]
                    };
                    let out = self.blocks[&(exit as usize)];
                    self.f.push(
                        bb,
                        InstKind::Branch(more, body, vec![], out, vec![]),
                        Type::Void,
                    );
                    // The exit edge carries the state unchanged; the body edge the stepped one.
                    self.jump_from(bb, 1, exit as usize, st.clone())?;
                    let one = self
                        .f
                        .push_before_terminator(bb, InstKind::ConstInt(1), Type::Int);
                    let by = match step {
                        1 => one,
                        s => self
                            .f
                            .push_before_terminator(bb, InstKind::ConstInt(s), Type::Int),
                    };
                    let next2 = self.f.push_before_terminator(
                        bb,
                        InstKind::Binary(BinOp::AddI, next, by),
                        Type::Int,
                    );
                    let rem2 = self.f.push_before_terminator(
                        bb,
                        InstKind::Binary(BinOp::SubI, remaining, one),
                        Type::Int,
                    );
                    let mut body_st = st;
                    *body_st.loops.last_mut().unwrap() = (next2, rem2, step);
                    body_st.locals[slot as usize] = Some(AbsVal {
                        val: next,
                        fb: Some(fb),
                    });
                    if shared_var {
                        self.write_through_loop_var(body, slot, next);
                        return self.jump_from(body, 0, pc + 1, body_st);
                    }
                    return self.jump_from(bb, 0, pc + 1, body_st);
                }
                Op::ForEnd => {
                    st.loops.pop();
                }
                Op::IndexLocals {
                    x, i, j, is2, fb, ..
                } => {
                    let xa = self.read_local(bb, pc, &st, x)?;
                    let ia = self.read_local(bb, pc, &st, i)?;
                    let xa = AbsVal {
                        val: xa.val,
                        fb: self.load_fb(xa, Some(fb + 1)),
                    };
                    let ia = AbsVal {
                        val: ia.val,
                        fb: self.load_fb(ia, Some(fb + 2)),
                    };
                    let r = if j == vm::bytecode::NO_SLOT {
                        self.index1(bb, pc, &st, xa, ia, is2, fb)
                    } else {
                        let ja = self.read_local(bb, pc, &st, j)?;
                        let ja = AbsVal {
                            val: ja.val,
                            fb: self.load_fb(ja, Some(fb + 3)),
                        };
                        if is2 {
                            self.runtime(bb, pc, &[xa.val, ia.val, ja.val])
                        } else {
                            self.index2d(bb, pc, &st, xa, ia, ja, fb)
                        }
                    };
                    st.stack.push(AbsVal {
                        val: r,
                        fb: Some(fb),
                    });
                }
                Op::Index { n, empty, fb, .. } | Op::Index2 { n, empty, fb, .. } => {
                    let is2 = matches!(op, Op::Index2 { .. });
                    // `x[i, drop = FALSE]` keeps the general path.
                    let plain = !matches!(op, Op::Index { drop: false, .. });
                    let k = st.stack.len() - n as usize - 1;
                    let operands: Vec<AbsVal> = st.stack[k..].to_vec();
                    let r = if n == 1 && empty == 0 && plain {
                        self.index1(bb, pc, &st, operands[0], operands[1], is2, fb)
                    } else if n == 2 && empty == 0 && plain && !is2 {
                        let (x, i, j) = (operands[0], operands[1], operands[2]);
                        self.index2d(bb, pc, &st, x, i, j, fb)
                    } else {
                        let vals: Vec<Val> = operands.iter().map(|a| a.val).collect();
                        self.runtime(bb, pc, &vals)
                    };
                    st.stack.truncate(k);
                    st.stack.push(AbsVal {
                        val: r,
                        fb: Some(fb),
                    });
                }
                Op::SetDollar(..) | Op::SetFun { .. } => {
                    // `x$f <- v`: the stack is `v, x`; `f(x, args) <- v`: `v,
                    // args.., x`. Generic like `SetIndex`: the runtime updates
                    // an unshared x in place (its operand is moved at its last
                    // use) and pushes the new x.
                    let n = match op {
                        Op::SetFun { argc, .. } => argc as usize + 2,
                        _ => 2,
                    };
                    let k = st.stack.len() - n;
                    let vals: Vec<Val> = st.stack[k..].iter().map(|a| a.val).collect();
                    let r = self.runtime(bb, pc, &vals);
                    st.stack.truncate(k);
                    st.stack.push(AbsVal::new(r));
                }
                Op::AndStart(t, _) | Op::OrStart(t, _) => {
                    let is_and = matches!(op, Op::AndStart(..));
                    return self.short_circuit(bb, pc, st, t as usize, is_and);
                }
                Op::AndEnd(_) | Op::OrEnd(_) => {
                    let is_and = matches!(op, Op::AndEnd(_));
                    let r = self.logic_end(bb, pc, &st, is_and);
                    st.stack.truncate(st.stack.len() - 2);
                    st.stack.push(AbsVal::new(r));
                }
                Op::SetIndex { n, empty, fb, .. } | Op::SetIndex2 { n, empty, fb, .. } => {
                    // `x[i..] <- v` / `x[[i..]] <- v`: the stack is `v, i1..in, x`
                    // (x taken from its local). A store into a typed vector
                    // when the feedback allows (`store1`), else the runtime,
                    // which updates x in place when it holds the only
                    // reference (lowering moves operands at their last use,
                    // `passes::liveness`). Either pushes the new x.
                    let k = st.stack.len() - n as usize - 2;
                    let r = match (n, empty, matches!(op, Op::SetIndex { .. })) {
                        (1, 0, _) => self.store1(&mut bb, pc, &st, fb),
                        (2, 0, _) => self.store2(bb, pc, &st, fb),
                        _ => None,
                    };
                    let r = r.unwrap_or_else(|| {
                        let vals: Vec<Val> = st.stack[k..].iter().map(|a| a.val).collect();
                        self.runtime(bb, pc, &vals)
                    });
                    st.stack.truncate(k);
                    st.stack.push(AbsVal {
                        val: r,
                        fb: Some(fb),
                    });
                }
                Op::Return | Op::EndRegion => {
                    let v = st.stack.pop().unwrap();
                    // Closures made here may outlive the activation.
                    self.write_back(bb, &st, None);
                    if let Some(rets) = &mut self.returns {
                        // An inlined callee returns to its caller.
                        rets.push((bb, v));
                    } else {
                        // A typed vector is returned as the `any` it was
                        // unboxed from (the same value).
                        let r = self.state_val(v.val);
                        self.f.push(bb, InstKind::Return(r), Type::Void);
                    }
                    return Ok(());
                }
                Op::LoadName(sym, fb) => {
                    let global = match self.load_global(bb, pc, &st, sym, fb) {
                        Some(r) => Some(r),
                        None => self.load_own_global(bb, pc, &st, sym, Some(fb)),
                    };
                    let r = match global {
                        Some(r) => r,
                        None => AbsVal {
                            val: self.runtime_read(bb, pc),
                            fb: Some(fb),
                        },
                    };
                    st.stack.push(r);
                }
                Op::StoreSuper(sym) => {
                    // `x <<- v` assigns in an enclosing environment: the
                    // runtime does it, unless it is known to be the global one.
                    let v = st.stack.pop().unwrap();
                    if !self.store_global(bb, sym, v) && !self.store_own_global(bb, sym, v) {
                        self.runtime(bb, pc, &[v.val]);
                    }
                }
                Op::LoadSuper(sym, _) => {
                    let r = match self.load_own_global(bb, pc, &st, sym, None) {
                        Some(r) => r,
                        None => AbsVal::new(self.runtime_read(bb, pc)),
                    };
                    st.stack.push(r);
                }
                Op::LoadFun(sym, call) => {
                    let r = match self.begin_inline(bb, pc, &st, sym, call) {
                        Some(placeholder) => placeholder,
                        None => match self.global_callee(bb, pc, &st, sym, call) {
                            Some(f) => f,
                            None => self.runtime(bb, pc, &[]),
                        },
                    };
                    st.stack.push(AbsVal::new(r));
                }
                Op::Call { argc, spec, fb, .. } if self.is_inlined_call(&st, argc) => {
                    bb = self.inline_call(bb, &mut st, argc, spec, fb)?;
                }
                Op::Call { argc, fb, .. } => {
                    let k = st.stack.len() - argc as usize - 1;
                    let vals: Vec<Val> = st.stack[k..].iter().map(|a| a.val).collect();
                    published = self.publish_call_state(bb, pc, &st);
                    let r = self.runtime(bb, pc, &vals);
                    st.stack.truncate(k);
                    // Result types are in the call's feedback (`CallFeedback::result`).
                    st.stack.push(AbsVal::new(r));
                    self.call_results.insert(r, fb);
                }
                Op::Colon(_, fb) | Op::Dollar(_, _, fb) => {
                    let nargs = if matches!(op, Op::Colon(..)) { 2 } else { 1 };
                    let k = st.stack.len() - nargs;
                    let vals: Vec<Val> = st.stack[k..].iter().map(|a| a.val).collect();
                    let r = self.runtime(bb, pc, &vals);
                    st.stack.truncate(k);
                    st.stack.push(AbsVal {
                        val: r,
                        fb: Some(fb),
                    });
                }
                other => return Err(Unsupported(format!("instruction {:?}", other))),
            }
            self.write_through(bb, &st, op);
            if observer {
                self.reload_after(bb, &mut st);
            }
            if published {
                self.check_frame_synced(bb, pc + 1, &st);
            }
            pc += 1;
        }
    }

    /// `x[i] <- v` / `x[[i]] <- v` (stack `v, i, x`) as a typed store, when
    /// the feedback saw x as attribute-free int/double/logical/complex
    /// vectors and i and v are, or are speculated, a scalar index and an
    /// element of the store's type (converted up: an int into a double
    /// vector). Polymorphic feedback (`vector(length = n)`, a logical vector
    /// that the first store makes integer) stores into the widest type
    /// seen, the one the vector keeps. x is tested, not assumed: x of
    /// another type, or an index past its end (R extends the vector, as
    /// `x[length(x) + 1] <- v` does), takes the generic store of the
    /// runtime in a block of its own, and both join after the store. The
    /// current block becomes the join. (In an inlined body, where a runtime
    /// call would end inlining, both are assumed instead.) `None`: the
    /// generic path.
    fn store1(&mut self, bb: &mut Block, pc: usize, st: &State, fb: u32) -> Option<Val> {
        let k = st.stack.len() - 3;
        let (v, i, x) = (st.stack[k], st.stack[k + 1], st.stack[k + 2]);
        let test = self.store_target(self.fb_bits(Some(fb)))?;
        let elem = match test {
            TypeTest::IsVecDbl => Type::Dbl,
            TypeTest::IsVecInt => Type::Int,
            TypeTest::IsVecLgl => Type::Lgl,
            TypeTest::IsVecCplx => Type::Cplx,
            _ => return None,
        };
        // The type `a` has or is speculated to have.
        let will_be = |b: &Builder, a: AbsVal| match b.f.ty(a.val) {
            Type::Any => b.speculated_test(b.bits_of(a)).map(|t| t.refined()),
            t => Some(t),
        };
        let fits = match (elem, will_be(self, v)?) {
            (e, t) if e == t => true,
            (Type::Dbl, Type::Int) | (Type::Lgl, Type::Bool) => true,
            (Type::Cplx, Type::Int | Type::Dbl) => true,
            _ => false,
        };
        if !fits
            || !matches!(will_be(self, i)?, Type::Int | Type::Dbl)
            || self.f.ty(x.val).is_unboxed()
        {
            return None;
        }
        let iv = self.speculate(*bb, i, self.bits_of(i), pc, st);
        let iv = self.index_int(*bb, iv)?;
        let mut vv = self.speculate(*bb, v, self.bits_of(v), pc, st);
        vv = match (elem, self.f.ty(vv)) {
            (Type::Dbl, Type::Int) => self
                .f
                .push(*bb, InstKind::Unary(UnOp::IntToDbl, vv), Type::Dbl)
                .unwrap(),
            (Type::Lgl, Type::Bool) => self
                .f
                .push(*bb, InstKind::Unary(UnOp::BoolToLgl, vv), Type::Lgl)
                .unwrap(),
            (Type::Cplx, Type::Int | Type::Dbl) => self.as_cplx(*bb, vv),
            _ => vv,
        };
        let xa = self.boxed(*bb, x.val);
        if !self.inline.is_empty() {
            // In an inlined body a runtime call would end inlining: assume
            // x's type and the bounds (an exit re-executes the whole call).
            let cp = self.checkpoint(*bb, pc, st);
            let is_vec = self
                .f
                .push(*bb, InstKind::Test(test, xa), Type::Bool)
                .unwrap();
            self.assume(*bb, is_vec, cp, Reason::TypeCheck);
            self.note_feedback(fb);
            let xv = self
                .f
                .push(*bb, InstKind::Unary(UnOp::Unbox, xa), test.refined())
                .unwrap();
            let inb = self
                .f
                .push(*bb, InstKind::InBounds(xv, iv), Type::Bool)
                .unwrap();
            self.assume(*bb, inb, cp, Reason::TypeCheck);
            return self.f.push(*bb, InstKind::VecSet(xa, iv, vv), Type::Any);
        }
        let (in_vec, typed, generic, join) = (
            self.f.add_block(),
            self.f.add_block(),
            self.f.add_block(),
            self.f.add_block(),
        );
        let is_vec = self
            .f
            .push(*bb, InstKind::Test(test, xa), Type::Bool)
            .unwrap();
        self.f.push(
            *bb,
            InstKind::Branch(is_vec, in_vec, vec![], generic, vec![]),
            Type::Void,
        );
        let xv = self
            .f
            .push(in_vec, InstKind::Unary(UnOp::Unbox, xa), test.refined())
            .unwrap();
        let inb = self
            .f
            .push(in_vec, InstKind::InBounds(xv, iv), Type::Bool)
            .unwrap();
        self.f.push(
            in_vec,
            InstKind::Branch(inb, typed, vec![], generic, vec![]),
            Type::Void,
        );
        let stored = self
            .f
            .push(typed, InstKind::VecSet(xa, iv, vv), Type::Any)
            .unwrap();
        self.f
            .push(typed, InstKind::Jump(join, vec![stored]), Type::Void);
        let operands: Vec<Val> = st.stack[k..].iter().map(|a| a.val).collect();
        let updated = self.runtime(generic, pc, &operands);
        self.f
            .push(generic, InstKind::Jump(join, vec![updated]), Type::Void);
        *bb = join;
        Some(self.f.add_param(join, Type::Any))
    }

    /// The vector type a store speculates on for feedback `bits`: the one
    /// type seen, or the widest of several atomic vector types seen.
    fn store_target(&self, bits: u16) -> Option<TypeTest> {
        use TypeFeedback as T;
        if let Some(t) = self.speculated_test(bits) {
            return Some(t);
        }
        let kinds = T::LGL | T::INT | T::DBL | T::CPLX | T::STR | T::LIST | T::NULL | T::FUN;
        let types = bits & kinds;
        if bits & (T::STALE | T::ATTRS) != 0
            || bits & T::NON_SCALAR == 0
            || types & !(T::LGL | T::INT | T::DBL | T::CPLX) != 0
        {
            return None;
        }
        Some(if types & T::CPLX != 0 {
            TypeTest::IsVecCplx
        } else if types & T::DBL != 0 {
            TypeTest::IsVecDbl
        } else if types & T::INT != 0 {
            TypeTest::IsVecInt
        } else {
            TypeTest::IsVecLgl
        })
    }

    /// `a` as a `bool` if it is, or is speculated to be, a logical scalar
    /// never seen NA (checkpoint at `pc` with state `st`); else `a` unchanged.
    fn lgl_truth(&mut self, bb: Block, pc: usize, st: &State, a: AbsVal) -> Val {
        let bits = self.bits_of(a);
        let v = match self.f.ty(a.val) {
            Type::Any
                if self.speculated_test(bits) == Some(TypeTest::IsLgl)
                    && bits & TypeFeedback::NA == 0 =>
            {
                self.speculate(bb, a, bits, pc, st)
            }
            _ => return a.val,
        };
        self.lgl_to_bool(bb, pc, st, v)
    }

    /// A logical scalar as a `bool`, assuming it is not NA (checkpoint at `pc`
    /// with state `st`): what a condition or `&&`/`||` operand needs.
    fn lgl_to_bool(&mut self, bb: Block, pc: usize, st: &State, v: Val) -> Val {
        let cp = self.checkpoint(bb, pc, st);
        let na = self
            .f
            .push(bb, InstKind::Unary(UnOp::LglIsNa, v), Type::Bool)
            .unwrap();
        let ok = self
            .f
            .push(bb, InstKind::Unary(UnOp::NotB, na), Type::Bool)
            .unwrap();
        self.assume(bb, ok, cp, Reason::TypeCheck);
        self.f
            .push(bb, InstKind::Unary(UnOp::LglToBool, v), Type::Bool)
            .unwrap()
    }

    /// `from:to` of a `for` loop through the runtime (`exec_generic`
    /// returns `c(from, count)` for an upward integer range, else NULL, which
    /// the assume sends back to the interpreter): `(from, count)` as `int`s.
    fn range_generic(
        &mut self,
        bb: Block,
        pc: usize,
        st: &State,
        from: AbsVal,
        to: AbsVal,
    ) -> (Val, Val) {
        let r = self.runtime(bb, pc, &[from.val, to.val]);
        let cp = self.checkpoint(bb, pc, st);
        let ok = self
            .f
            .push(bb, InstKind::Test(TypeTest::IsVecInt, r), Type::Bool)
            .unwrap();
        self.assume(bb, ok, cp, Reason::TypeCheck);
        let v = self
            .f
            .push(bb, InstKind::Unary(UnOp::Unbox, r), Type::VecInt)
            .unwrap();
        let zero = self.f.push(bb, InstKind::ConstInt(0), Type::Int).unwrap();
        let one = self.f.push(bb, InstKind::ConstInt(1), Type::Int).unwrap();
        let fv = self
            .f
            .push(bb, InstKind::VecLoad(v, zero), Type::Int)
            .unwrap();
        let n = self
            .f
            .push(bb, InstKind::VecLoad(v, one), Type::Int)
            .unwrap();
        (fv, n)
    }

    /// An operand that must be an `int` (speculated, or an integral double constant).
    fn int_operand(
        &mut self,
        bb: Block,
        pc: usize,
        st: &State,
        a: AbsVal,
    ) -> Result<Val, Unsupported> {
        if let Some(InstKind::ConstDbl(x)) =
            self.f.def_inst(a.val).map(|i| self.f.inst(i).kind.clone())
        {
            if x.fract() == 0.0 && x.abs() < 2147483647.0 {
                return Ok(self
                    .f
                    .push(bb, InstKind::ConstInt(x as i32), Type::Int)
                    .unwrap());
            }
        }
        let bits = self.bits_of(a);
        let v = self.speculate(bb, a, bits, pc, st);
        match self.f.ty(v) {
            Type::Int => Ok(v),
            // A double bound (`n <- 100`; or a constant `1` a continuation
            // receives on its entry stack): R's `:` counts in integers when
            // the value is integral, which is assumed.
            Type::Dbl => {
                let ok = self.un(bb, UnOp::DblIsInt, v, Type::Bool);
                let cp = self.checkpoint(bb, pc, st);
                self.assume(bb, ok, cp, Reason::TypeCheck);
                Ok(self.un(bb, UnOp::DblToInt, v, Type::Int))
            }
            _ => Err(Unsupported(format!(
                "loop bound is not a speculated integer at pc {}",
                pc
            ))),
        }
    }

    fn un(&mut self, bb: Block, op: UnOp, a: Val, ty: Type) -> Val {
        self.f.push(bb, InstKind::Unary(op, a), ty).unwrap()
    }

    #[allow(clippy::too_many_arguments)]
    fn arith(
        &mut self,
        bb: Block,
        pc: usize,
        st: &mut State,
        o: ArithOp,
        a: AbsVal,
        b: AbsVal,
        fb: u32,
    ) -> AbsVal {
        // The interpreter's state at this instruction has both operands on the stack.
        st.stack.push(a);
        st.stack.push(b);
        let r = self.arith_in(bb, pc, st, o, a, b, fb);
        st.stack.truncate(st.stack.len() - 2);
        r
    }

    #[allow(clippy::too_many_arguments)]
    fn arith_in(
        &mut self,
        bb: Block,
        pc: usize,
        st: &State,
        o: ArithOp,
        a: AbsVal,
        b: AbsVal,
        fb: u32,
    ) -> AbsVal {
        let (ba, bbits) = (self.bits_of(a), self.bits_of(b));
        let av = self.speculate(bb, a, ba, pc, st);
        let bv = self.speculate(bb, b, bbits, pc, st);
        let (ta, tb) = (self.f.ty(av), self.f.ty(bv));
        let val = match (ta, tb) {
            // Integer arithmetic that was never seen to overflow (no NA result).
            (Type::Int, Type::Int)
                if matches!(o, ArithOp::Add | ArithOp::Sub | ArithOp::Mul)
                    && self.fb_bits(Some(fb)) & TypeFeedback::NA == 0 =>
            {
                let (ovf, op) = match o {
                    ArithOp::Add => (BinOp::AddOvfI, BinOp::AddI),
                    ArithOp::Sub => (BinOp::SubOvfI, BinOp::SubI),
                    _ => (BinOp::MulOvfI, BinOp::MulI),
                };
                let cp = self.checkpoint(bb, pc, st);
                let o1 = self
                    .f
                    .push(bb, InstKind::Binary(ovf, av, bv), Type::Bool)
                    .unwrap();
                let ok = self
                    .f
                    .push(bb, InstKind::Unary(UnOp::NotB, o1), Type::Bool)
                    .unwrap();
                self.assume(bb, ok, cp, Reason::Overflow);
                self.f
                    .push(bb, InstKind::Binary(op, av, bv), Type::Int)
                    .unwrap()
            }
            (Type::Int, Type::Int) if matches!(o, ArithOp::Mod | ArithOp::IDiv) => {
                // Integer %% and %/%: a zero divisor gives NA; assume it does not occur.
                let cp = self.checkpoint(bb, pc, st);
                let zero = self.f.push(bb, InstKind::ConstInt(0), Type::Int).unwrap();
                let nz = self.bin(bb, BinOp::NeI, bv, zero);
                self.assume(bb, nz, cp, Reason::TypeCheck);
                let op = if o == ArithOp::Mod {
                    BinOp::ModI
                } else {
                    BinOp::IDivI
                };
                self.f
                    .push(bb, InstKind::Binary(op, av, bv), Type::Int)
                    .unwrap()
            }
            // Double arithmetic; of two integers only `/` and `^` give a
            // double (others give an integer, NA on overflow: the runtime).
            (Type::Int | Type::Dbl, Type::Int | Type::Dbl)
                if !(ta == Type::Int
                    && tb == Type::Int
                    && !matches!(o, ArithOp::Div | ArithOp::Pow)) =>
            {
                let av = self.as_dbl(bb, av);
                let bv = self.as_dbl(bb, bv);
                let op = match o {
                    ArithOp::Add => BinOp::AddD,
                    ArithOp::Sub => BinOp::SubD,
                    ArithOp::Mul => BinOp::MulD,
                    ArithOp::Div => BinOp::DivD,
                    ArithOp::Pow => BinOp::PowD,
                    ArithOp::Mod => BinOp::ModD,
                    ArithOp::IDiv => BinOp::IDivD,
                };
                self.f
                    .push(bb, InstKind::Binary(op, av, bv), Type::Dbl)
                    .unwrap()
            }
            // Complex `+ - * /` (one operand may be an int or double,
            // coerced as the interpreter does).
            (Type::Int | Type::Dbl | Type::Cplx, Type::Int | Type::Dbl | Type::Cplx)
                if (ta == Type::Cplx || tb == Type::Cplx)
                    && matches!(o, ArithOp::Add | ArithOp::Sub | ArithOp::Mul | ArithOp::Div) =>
            {
                let av = self.as_cplx(bb, av);
                let bv = self.as_cplx(bb, bv);
                let op = match o {
                    ArithOp::Add => BinOp::AddC,
                    ArithOp::Sub => BinOp::SubC,
                    ArithOp::Mul => BinOp::MulC,
                    _ => BinOp::DivC,
                };
                self.bin(bb, op, av, bv)
            }
            _ => self.runtime(bb, pc, &[av, bv]),
        };
        AbsVal { val, fb: Some(fb) }
    }

    /// `v` (an `int`, `dbl` or `cplx`) as a complex, coerced as the
    /// interpreter coerces (an `int` is never NA).
    fn as_cplx(&mut self, bb: Block, v: Val) -> Val {
        if self.f.ty(v) == Type::Cplx {
            return v;
        }
        let d = self.as_dbl(bb, v);
        self.un(bb, UnOp::DblToCplx, d, Type::Cplx)
    }

    #[allow(clippy::too_many_arguments)]
    fn compare(
        &mut self,
        bb: Block,
        pc: usize,
        st: &State,
        o: CmpOp,
        a: AbsVal,
        b: AbsVal,
        fb: u32,
    ) -> AbsVal {
        let (ba, bbits) = (self.bits_of(a), self.bits_of(b));
        let av = self.speculate(bb, a, ba, pc, st);
        let bv = self.speculate(bb, b, bbits, pc, st);
        let (ta, tb) = (self.f.ty(av), self.f.ty(bv));
        let ops = |o: CmpOp| match o {
            CmpOp::Lt => (BinOp::LtI, BinOp::LtD),
            CmpOp::Le => (BinOp::LeI, BinOp::LeD),
            CmpOp::Gt => (BinOp::GtI, BinOp::GtD),
            CmpOp::Ge => (BinOp::GeI, BinOp::GeD),
            CmpOp::Eq => (BinOp::EqI, BinOp::EqD),
            CmpOp::Ne => (BinOp::NeI, BinOp::NeD),
        };
        let val = match (ta, tb) {
            (Type::Int, Type::Int) => self
                .f
                .push(bb, InstKind::Binary(ops(o).0, av, bv), Type::Bool)
                .unwrap(),
            (Type::Int | Type::Dbl, Type::Int | Type::Dbl) => {
                let av = self.as_dbl(bb, av);
                let bv = self.as_dbl(bb, bv);
                self.f
                    .push(bb, InstKind::Binary(ops(o).1, av, bv), Type::Lgl)
                    .unwrap()
            }
            _ => self.runtime(bb, pc, &[av, bv]),
        };
        AbsVal { val, fb: Some(fb) }
    }

    /// `x[i]` / `x[[i]]` with one index.
    #[allow(clippy::too_many_arguments)]
    fn index1(
        &mut self,
        bb: Block,
        pc: usize,
        st: &State,
        x: AbsVal,
        i: AbsVal,
        is2: bool,
        fb: u32,
    ) -> Val {
        if self.fb_bits(Some(fb)) & TypeFeedback::NA != 0 {
            // An NA result was seen (out of bounds or an NA element): stay generic.
            return self.runtime(bb, pc, &[x.val, i.val]);
        }
        let xb = self.bits_of(x);
        let ib = self.bits_of(i);
        let xv = self.speculate(bb, x, xb, pc, st);
        let iv = self.speculate(bb, i, ib, pc, st);
        let elem = match self.f.ty(xv) {
            Type::VecDbl => Type::Dbl,
            Type::VecInt => Type::Int,
            Type::VecLgl => Type::Lgl,
            Type::VecCplx => Type::Cplx,
            _ => return self.runtime(bb, pc, &[xv, iv]),
        };
        let Some(iv) = self.index_int(bb, iv) else {
            return self.runtime(bb, pc, &[xv, iv]);
        };
        // In bounds (1-based) and, for integer vectors, not NA (an `int` is never NA).
        let cp = self.checkpoint(bb, pc, st);
        let ok = self
            .f
            .push(bb, InstKind::InBounds(xv, iv), Type::Bool)
            .unwrap();
        self.assume(bb, ok, cp, Reason::TypeCheck);
        let one = self.f.push(bb, InstKind::ConstInt(1), Type::Int).unwrap();
        let i0 = self.bin(bb, BinOp::SubI, iv, one);
        let _ = is2;
        let v = self.f.push(bb, InstKind::VecLoad(xv, i0), elem).unwrap();
        if elem == Type::Int {
            // The element may be NA: an `int` value must not be; check.
            let na = self
                .f
                .push(bb, InstKind::ConstInt(i32::MIN + 1), Type::Int)
                .unwrap();
            let not_na = self.bin(bb, BinOp::GeI, v, na);
            let cp2 = self.checkpoint(bb, pc, st);
            self.assume(bb, not_na, cp2, Reason::TypeCheck);
        }
        v
    }

    /// `ForStep` of a loop over the elements of a sequence (in hidden local
    /// `for_seqs[seq]`): at the end, leave by `exit` with the state as it is;
    /// else bind local `var` to the element at the count (a typed load from a
    /// typed vector, else the runtime's) and continue into the body with the
    /// counters stepped. Every check is against the state before the step.
    #[allow(clippy::too_many_arguments)]
    fn for_seq_step(
        &mut self,
        bb: Block,
        pc: usize,
        st: State,
        exit: usize,
        var: u16,
        fb: u32,
        seq: u16,
    ) -> Result<(), Unsupported> {
        let Some(slot) = self.var_slot(self.code.for_seqs[seq as usize].get()) else {
            return Err(Unsupported("for loop over a global variable".into()));
        };
        let Some(sa) = st.locals[slot as usize] else {
            return Err(Unsupported(format!("for sequence unbound at pc {}", pc)));
        };
        let (next, remaining, step) = *st.loops.last().unwrap();
        debug_assert_eq!(step, 1, "sequences are walked upward");
        let zero = self.f.push(bb, InstKind::ConstInt(0), Type::Int).unwrap();
        let more = self.bin(bb, BinOp::GtI, remaining, zero);
        let eb = self.f.add_block();
        let out = self.blocks[&exit];
        self.f.push(
            bb,
            InstKind::Branch(more, eb, vec![], out, vec![]),
            Type::Void,
        );
        self.jump_from(bb, 1, exit, st.clone())?;
        let bits = self
            .seq_bits
            .get(&slot)
            .copied()
            .unwrap_or_else(|| self.bits_of(sa));
        let xv = self.speculate(eb, sa, bits, pc, &st);
        let one = self.f.push(eb, InstKind::ConstInt(1), Type::Int).unwrap();
        let elem_ty = match self.f.ty(xv) {
            Type::VecDbl => Some(Type::Dbl),
            Type::VecInt => Some(Type::Int),
            Type::VecLgl => Some(Type::Lgl),
            Type::VecCplx => Some(Type::Cplx),
            _ => None,
        };
        let na_seen = self.fb_bits(Some(fb)) & TypeFeedback::NA != 0;
        let elem = match elem_ty {
            Some(elem) if !(na_seen && elem == Type::Int) => {
                let cp = self.checkpoint(eb, pc, &st);
                let ok = self
                    .f
                    .push(eb, InstKind::InBounds(xv, next), Type::Bool)
                    .unwrap();
                self.assume(eb, ok, cp, Reason::TypeCheck);
                let i0 = self.bin(eb, BinOp::SubI, next, one);
                let v = self.f.push(eb, InstKind::VecLoad(xv, i0), elem).unwrap();
                if elem == Type::Int {
                    // An `int` is never NA: an NA element exits.
                    let na = self
                        .f
                        .push(eb, InstKind::ConstInt(i32::MIN + 1), Type::Int)
                        .unwrap();
                    let not_na = self.bin(eb, BinOp::GeI, v, na);
                    self.assume(eb, not_na, cp, Reason::TypeCheck);
                }
                v
            }
            _ => self.runtime(eb, pc, &[xv, next]),
        };
        let next2 = self.bin(eb, BinOp::AddI, next, one);
        let rem2 = self.bin(eb, BinOp::SubI, remaining, one);
        let mut body_st = st;
        *body_st.loops.last_mut().unwrap() = (next2, rem2, step);
        body_st.locals[var as usize] = Some(AbsVal {
            val: elem,
            fb: Some(fb),
        });
        self.write_through_loop_var(eb, var, elem);
        self.jump_from(eb, 0, pc + 1, body_st)
    }

    /// A scalar subscript as the `int` R indexes with: an `int` as it is, a
    /// double truncated toward zero (R's rule; saturating, NaN → 0). Exact
    /// for indexing: every double that does not truncate into the bounds
    /// (negative, below 1, NaN, huge) fails the bounds assume that follows,
    /// and R's result for those is not a single element anyway.
    fn index_int(&mut self, bb: Block, v: Val) -> Option<Val> {
        match self.f.ty(v) {
            Type::Int => Some(v),
            Type::Dbl => Some(self.un(bb, UnOp::DblToInt, v, Type::Int)),
            _ => None,
        }
    }

    /// Append a typed binary operation (its result type is the operation's).
    fn bin(&mut self, bb: Block, op: BinOp, a: Val, b: Val) -> Val {
        self.f
            .push(bb, InstKind::Binary(op, a, b), op.types().1)
            .unwrap()
    }

    /// `v` as a double (converting an `int`).
    fn as_dbl(&mut self, bb: Block, v: Val) -> Val {
        if self.f.ty(v) == Type::Int {
            self.f
                .push(bb, InstKind::Unary(UnOp::IntToDbl, v), Type::Dbl)
                .unwrap()
        } else {
            v
        }
    }

    /// `m[i, j]` on a double matrix with in-bounds integer indices.
    #[allow(clippy::too_many_arguments)]
    fn index2d(
        &mut self,
        bb: Block,
        pc: usize,
        st: &State,
        x: AbsVal,
        i: AbsVal,
        j: AbsVal,
        fb: u32,
    ) -> Val {
        let elem = if self.fb_bits(Some(fb)) & TypeFeedback::NA != 0 {
            None
        } else {
            let xb = self.bits_of(x);
            self.matrix_elem(bb, pc, st, (x, xb), i, j)
        };
        match elem {
            Some((xv, k)) => self
                .f
                .push(bb, InstKind::VecLoad(xv, k), Type::Dbl)
                .unwrap(),
            None => self.runtime(bb, pc, &[x.val, i.val, j.val]),
        }
    }

    /// `m[i, j] <- v` / `m[[i, j]] <- v` (stack `v, i, j, m`) on a double
    /// matrix the feedback (`fb`, the types of m) saw, with in-bounds integer indices and a
    /// double (or integer) v: a `vecset`. `None`: the generic path.
    fn store2(&mut self, bb: Block, pc: usize, st: &State, fb: u32) -> Option<Val> {
        let k = st.stack.len() - 4;
        let (v, i, j, x) = (
            st.stack[k],
            st.stack[k + 1],
            st.stack[k + 2],
            st.stack[k + 3],
        );
        let vv = match self.f.ty(v.val) {
            Type::Dbl | Type::Int => v.val,
            Type::Any => match self.speculated_test(self.bits_of(v)) {
                Some(TypeTest::IsDbl | TypeTest::IsInt) => {
                    self.speculate(bb, v, self.bits_of(v), pc, st)
                }
                _ => return None,
            },
            _ => return None,
        };
        let xa = AbsVal {
            val: self.boxed(bb, x.val),
            fb: Some(fb),
        };
        // A logical or integer matrix that the store makes double (the
        // `matrix(nrow = n, ncol = n)` of NAs filled with numbers) is a
        // double matrix from the first store on.
        let mut xb = self.fb_bits(Some(fb));
        {
            use TypeFeedback as T;
            let kinds = T::LGL | T::INT | T::DBL | T::CPLX | T::STR | T::LIST | T::NULL | T::FUN;
            if xb & kinds & !(T::LGL | T::INT | T::DBL) == 0 && xb & T::DBL != 0 {
                xb &= !(T::LGL | T::INT);
            }
        }
        let (_, k0) = self.matrix_elem(bb, pc, st, (xa, xb), i, j)?;
        let vv = self.as_dbl(bb, vv);
        let one = self.f.push(bb, InstKind::ConstInt(1), Type::Int).unwrap();
        let k1 = self.bin(bb, BinOp::AddI, k0, one);
        self.f.push(bb, InstKind::VecSet(xa.val, k1, vv), Type::Any)
    }

    /// Element `(i, j)` of `x` as a typed view and a 0-based index, when `x`
    /// (with feedback bits `xb`) was only seen as a double matrix and i and j
    /// are, or are speculated, integers: test x, assume both indices within
    /// the dims. `None` (before any test of x): not that case.
    fn matrix_elem(
        &mut self,
        bb: Block,
        pc: usize,
        st: &State,
        (x, xb): (AbsVal, u16),
        i: AbsVal,
        j: AbsVal,
    ) -> Option<(Val, Val)> {
        if !seen_as_dbl_matrix(xb) {
            return None;
        }
        let (ib, jb) = (self.bits_of(i), self.bits_of(j));
        let iv = self.speculate(bb, i, ib, pc, st);
        let jv = self.speculate(bb, j, jb, pc, st);
        if !matches!(self.f.ty(iv), Type::Int | Type::Dbl)
            || !matches!(self.f.ty(jv), Type::Int | Type::Dbl)
            || self.f.ty(x.val) != Type::Any
        {
            return None;
        }
        let iv = self.index_int(bb, iv)?;
        let jv = self.index_int(bb, jv)?;
        let cp = self.checkpoint(bb, pc, st);
        let c = self
            .f
            .push(bb, InstKind::Test(TypeTest::IsMatDbl, x.val), Type::Bool)
            .unwrap();
        self.assume(bb, c, cp, Reason::TypeCheck);
        if let Some(xfb) = x.fb {
            self.note_feedback(xfb);
        }
        let xv = self
            .f
            .push(bb, InstKind::Unary(UnOp::Unbox, x.val), Type::VecDbl)
            .unwrap();
        let nrow = self
            .f
            .push(bb, InstKind::Unary(UnOp::NRow, x.val), Type::Int)
            .unwrap();
        let zero = self.f.push(bb, InstKind::ConstInt(0), Type::Int).unwrap();
        let one = self.f.push(bb, InstKind::ConstInt(1), Type::Int).unwrap();
        let has_rows = self.bin(bb, BinOp::NeI, nrow, zero);
        let cp = self.checkpoint(bb, pc, st);
        self.assume(bb, has_rows, cp, Reason::TypeCheck);
        let ncol = self
            .f
            .push(bb, InstKind::Unary(UnOp::NCol, x.val), Type::Int)
            .unwrap();
        // One assume per bound: those on an index that is invariant in a loop
        // leave it, and those a loop counter satisfies fold away.
        let cp = self.checkpoint(bb, pc, st);
        for (v, hi) in [(iv, nrow), (jv, ncol)] {
            let lo_ok = self.bin(bb, BinOp::GeI, v, one);
            self.assume(bb, lo_ok, cp, Reason::TypeCheck);
            let hi_ok = self.bin(bb, BinOp::LeI, v, hi);
            self.assume(bb, hi_ok, cp, Reason::TypeCheck);
        }
        let i0 = self.bin(bb, BinOp::SubI, iv, one);
        let j0 = self.bin(bb, BinOp::SubI, jv, one);
        let col = self.bin(bb, BinOp::MulI, j0, nrow);
        Some((xv, self.bin(bb, BinOp::AddI, col, i0)))
    }

    /// Use what `known` says about stack slot `k` at the block starting at `pc`.
    fn apply_known(&mut self, bb: Block, pc: usize, st: &mut State, k: usize, fact: Known) {
        let Some(a) = st.stack.get(k).copied() else {
            return;
        };
        if self.f.ty(a.val) != Type::Any {
            return;
        }
        let val = match fact {
            // The entry state comes from the interpreter, which may hold NA.
            Known::Exactly(x) if pc != self.entry_pc => {
                self.f.push(bb, InstKind::ConstLgl(x), Type::Lgl).unwrap()
            }
            // A logical scalar by construction: unboxing needs no type test.
            _ => self
                .f
                .push(bb, InstKind::Unary(UnOp::Unbox, a.val), Type::Lgl)
                .unwrap(),
        };
        st.stack[k] = AbsVal { val, fb: a.fb };
    }

    /// `AndStart(target)` / `OrStart(target)`: the left operand's logical value
    /// `l` stays on the stack; `&&` jumps to `target` when `l` is FALSE, `||`
    /// when it is TRUE, else both continue with the right operand at `pc + 1`.
    fn short_circuit(
        &mut self,
        bb: Block,
        pc: usize,
        mut st: State,
        target: usize,
        is_and: bool,
    ) -> Result<(), Unsupported> {
        let a = *st.stack.last().unwrap();
        let bits = self.bits_of(a);
        // Only a logical is worth speculating on (anything else is coerced by
        // the runtime, with R's errors and warnings).
        let av = if self.speculated_test(bits) == Some(TypeTest::IsLgl) {
            self.speculate(bb, a, bits, pc, &st)
        } else {
            a.val
        };
        let ty = self.f.ty(av);
        // A left value never NA: `truth` is its exact value (and the right
        // operand is reached only with the non-deciding one).
        let truth = match ty {
            Type::Bool => Some(av),
            Type::Lgl if bits & TypeFeedback::NA == 0 => Some(self.lgl_to_bool(bb, pc, &st, av)),
            _ => None,
        };
        let (l, decided) = match truth {
            Some(t) => {
                let decided = if is_and {
                    self.f
                        .push(bb, InstKind::Unary(UnOp::NotB, t), Type::Bool)
                        .unwrap()
                } else {
                    t
                };
                (av, decided)
            }
            None => {
                // The interpreter's coercion: a logical scalar, possibly NA.
                let r = self.runtime(bb, pc, &[av]);
                let l = self
                    .f
                    .push(bb, InstKind::Unary(UnOp::Unbox, r), Type::Lgl)
                    .unwrap();
                // `lgl2bool` is `l != 0`, so NA counts as TRUE here.
                let nz = self
                    .f
                    .push(bb, InstKind::Unary(UnOp::LglToBool, l), Type::Bool)
                    .unwrap();
                let decided = if is_and {
                    self.f
                        .push(bb, InstKind::Unary(UnOp::NotB, nz), Type::Bool)
                        .unwrap()
                } else {
                    let na = self
                        .f
                        .push(bb, InstKind::Unary(UnOp::LglIsNa, l), Type::Bool)
                        .unwrap();
                    let not_na = self
                        .f
                        .push(bb, InstKind::Unary(UnOp::NotB, na), Type::Bool)
                        .unwrap();
                    self.bin(bb, BinOp::AndB, nz, not_na)
                };
                (l, decided)
            }
        };
        let k = st.stack.len() - 1;
        st.stack[k] = AbsVal { val: l, fb: a.fb };
        // Facts for the two successors, valid only if nothing else enters them.
        let next = pc + 1;
        if self.count_jumps_to(next) == 0 {
            let fact = if truth.is_some() {
                Known::Exactly(is_and as i32)
            } else {
                Known::Lgl
            };
            self.known.insert(next, (k, fact));
        }
        let end_op = target.checked_sub(1).map(|e| self.code.ops[e]);
        let ends_here = matches!(
            (is_and, end_op),
            (true, Some(Op::AndEnd(_))) | (false, Some(Op::OrEnd(_)))
        );
        if ends_here && self.count_jumps_to(target) == 1 {
            self.known.insert(target, (k, Known::Lgl));
        }
        let (t_dec, t_next) = (self.blocks[&target], self.blocks[&next]);
        self.f.push(
            bb,
            InstKind::Branch(decided, t_dec, vec![], t_next, vec![]),
            Type::Void,
        );
        self.jump_from(bb, 0, target, st.clone())?;
        self.jump_from(bb, 1, next, st)
    }

    /// How many instructions transfer control to `pc` (besides falling through).
    fn count_jumps_to(&self, pc: usize) -> usize {
        self.code
            .ops
            .iter()
            .filter(|op| match **op {
                Op::Jump(t) | Op::BranchFalse(t, ..) | Op::AndStart(t, _) | Op::OrStart(t, _) => {
                    t as usize == pc
                }
                Op::ForStep { exit, .. } => exit as usize == pc,
                _ => false,
            })
            .count()
    }

    /// `AndEnd` / `OrEnd` on the stack `a, b`: with `a` known to be the
    /// non-deciding value (TRUE for `&&`, FALSE for `||`) the result is `b` as
    /// a logical scalar; otherwise the runtime applies R's three-valued rules.
    fn logic_end(&mut self, bb: Block, pc: usize, st: &State, is_and: bool) -> Val {
        let n = st.stack.len();
        let (a, b) = (st.stack[n - 2], st.stack[n - 1]);
        let neutral = matches!(
            self.f.def_inst(a.val).map(|i| self.f.inst(i).kind.clone()),
            Some(InstKind::ConstLgl(x)) if x == is_and as i32
        );
        if neutral {
            let bits = self.bits_of(b);
            let bv = self.speculate(bb, b, bits, pc, st);
            let r = match self.f.ty(bv) {
                Type::Bool | Type::Lgl => Some(bv),
                Type::Int => Some(
                    self.f
                        .push(bb, InstKind::Unary(UnOp::IntToLgl, bv), Type::Lgl)
                        .unwrap(),
                ),
                Type::Dbl => Some(
                    self.f
                        .push(bb, InstKind::Unary(UnOp::DblToLgl, bv), Type::Lgl)
                        .unwrap(),
                ),
                _ => None,
            };
            if let Some(r) = r {
                return r;
            }
            let r = self.runtime(bb, pc, &[a.val, bv]);
            return self
                .f
                .push(bb, InstKind::Unary(UnOp::Unbox, r), Type::Lgl)
                .unwrap();
        }
        let r = self.runtime(bb, pc, &[a.val, b.val]);
        self.f
            .push(bb, InstKind::Unary(UnOp::Unbox, r), Type::Lgl)
            .unwrap()
    }

    fn branch(
        &mut self,
        bb: Block,
        pc: usize,
        mut st: State,
        target: usize,
        fb: u32,
    ) -> Result<(), Unsupported> {
        let c = st.stack.pop().unwrap();
        st.stack.push(c);
        let cbits = self.bits_of(c);
        let cv = self.speculate(bb, c, cbits, pc, &st);
        let cond = match self.f.ty(cv) {
            Type::Bool => cv,
            Type::Lgl => self.lgl_to_bool(bb, pc, &st, cv),
            _ => {
                // The runtime applies R's rules (and errors) for the condition
                // and returns TRUE or FALSE, never NA.
                let r = self.runtime(bb, pc, &[cv]);
                let l = self
                    .f
                    .push(bb, InstKind::Unary(UnOp::Unbox, r), Type::Lgl)
                    .unwrap();
                self.f
                    .push(bb, InstKind::Unary(UnOp::LglToBool, l), Type::Bool)
                    .unwrap()
            }
        };
        let bits = self.fb_bits(Some(fb));
        let taken = bits & TypeFeedback::TAKEN != 0; // jumped: condition FALSE
        let fallthrough = bits & TypeFeedback::NOT_TAKEN != 0; // condition TRUE
        if taken != fallthrough && bits & TypeFeedback::STALE == 0 {
            // One direction only: assume it (dead branch) and go there unconditionally.
            let cp = self.checkpoint(bb, pc, &st);
            let expect = if fallthrough {
                cond
            } else {
                self.f
                    .push(bb, InstKind::Unary(UnOp::NotB, cond), Type::Bool)
                    .unwrap()
            };
            self.assume(bb, expect, cp, Reason::DeadBranch);
            st.stack.pop();
            return self.jump_from(bb, 0, if fallthrough { pc + 1 } else { target }, st);
        }
        st.stack.pop();
        let (t_then, t_else) = (self.blocks[&(pc + 1)], self.blocks[&target]);
        self.f.push(
            bb,
            InstKind::Branch(cond, t_then, vec![], t_else, vec![]),
            Type::Void,
        );
        self.jump_from(bb, 0, pc + 1, st.clone())?;
        self.jump_from(bb, 1, target, st)
    }
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
