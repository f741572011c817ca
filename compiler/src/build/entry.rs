//! The entry request: where compiled code is entered and what it may assume
//! there (`Entry`, `EntryMode`), and the entry block built from it
//! (`build_entry`).

use super::*;

/// The entry pc and the hint slots of its stack values and locals (`None`:
/// no hint, the instructions' own profiles speculate).
pub(super) type EntryHints = (usize, Vec<Option<u32>>, Vec<Option<u32>>);

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
    /// The same entry state as `other` (pc, types, loops, mode, inlining and
    /// shape), whatever feedback overrides either was compiled with: code
    /// compiled for one is correct for the other (its speculations are
    /// checked), only perhaps less well speculated.
    pub fn same_state(&self, other: &Entry) -> bool {
        self.pc == other.pc
            && self.stack == other.stack
            && self.locals == other.locals
            && self.loop_steps == other.loop_steps
            && self.mode == other.mode
            && self.no_inline == other.no_inline
            && self.peel_loops == other.peel_loops
            && self.transfer_at_loop_headers == other.transfer_at_loop_headers
    }

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

impl<'a> Builder<'a> {
    /// Build the whole function from `entry`.
    pub(super) fn build_entry(&mut self, entry: &Entry) -> Result<(), Unsupported> {
        let code = self.code;
        let b = self;
        if entry.pc >= code.ops.len() || entry.locals.len() != code.locals.len() {
            return Err(Unsupported("entry state does not fit the function".into()));
        }
        if entry.transfer_at_loop_headers {
            b.transfer_at = b.loop_headers();
            b.transfer_at.remove(&entry.pc);
        }
        b.unreached_loops = b.unreached_loops(entry.pc);
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
            if (t == ArgType::Any && !trust) || t == ArgType::Missing {
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
        // A missing argument (its parameter unbound: `ArgType::Missing`) is
        // the unbound marker, whatever its entry word holds; its first read
        // evaluates the default (`Builder::force_param`).
        let missing = |b: &mut Builder| -> Val {
            let v =
                b.f.push(bb0, InstKind::ConstAny(UNBOUND), Type::Any)
                    .unwrap();
            b.maybe_unbound.insert(v);
            v
        };
        let init = State {
            stack: stack.iter().map(|&p| AbsVal::new(typed(b, p))).collect(),
            locals: locals
                .iter()
                .map(|l| {
                    l.map(|p| match p.1 {
                        ArgType::Missing => AbsVal::new(missing(b)),
                        _ => AbsVal::new(typed(b, p)),
                    })
                })
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
}
