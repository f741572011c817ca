//! Is compiling worth it? Compiled code that does its work through the generic
//! runtime is slower than the interpreter:
//! - `runtime @pc` (arithmetic, comparisons and indexing with polymorphic or
//!   missing feedback, globals, assignments) costs a call, boxing and slot
//!   traffic where the interpreter's own fast paths need none;
//! - calls of R functions go through the runtime's generic call path (no
//!   inlining or direct calls yet), about 0.3 µs more per call than the
//!   interpreter's, which a handful of typed operations does not repay; the
//!   same holds for entering a small loop-free function natively at all.
//!
//! Such code is not installed: the function stays in the interpreter (or the
//! exit deoptimizes), which is the faster choice. Measured on the micro
//! benchmarks and the suite (see the issue notes); `--no-profitability-check`
//! installs it anyway.

use crate::ir::*;
use crate::passes::cfg::Cfg;
use vm::bytecode::{FunctionCode, Op};

/// Typed operations typically needed to repay one generic call.
const TYPED_PER_CALL: usize = 16;

/// Typed operations that repay one runtime call on a loop-free path.
const RUNTIME_CALL_COST: usize = 4;

/// The work of `f` where it repeats, over the blocks of its loops, or over
/// the whole function when it has none.
pub struct Work {
    pub has_loops: bool,
    /// Generic runtime operations (and, in loops, runtime type tests and
    /// unboxing).
    pub generic: usize,
    /// Generic calls of R functions.
    pub calls: usize,
    /// Typed (native) operations.
    pub typed: usize,
    /// Every instruction whose lowering calls the runtime.
    pub runtime: usize,
}

pub fn loop_work(f: &Func, code: &FunctionCode) -> Work {
    let cfg = Cfg::new(f);
    let mut blocks = std::collections::BTreeSet::new();
    for l in cfg.loops() {
        blocks.extend(l.body);
    }
    let has_loops = !blocks.is_empty();
    if !has_loops {
        blocks = (0..f.blocks.len() as u32).map(Block).collect();
    }
    let (mut generic, mut calls, mut typed, mut runtime) = (0, 0, 0, 0);
    for b in blocks {
        for &i in &f.blocks[b.0 as usize].insts {
            let kind = &f.inst(i).kind;
            if crate::lower::calls_runtime(kind) {
                runtime += 1;
            }
            match kind {
                InstKind::Runtime(RtOp::AtPc(pc), _) => match code.ops.get(*pc as usize) {
                    Some(Op::Call { .. }) => calls += 1,
                    _ => generic += 1,
                },
                // Type tests and unboxing of values the loop reloads (a
                // global read in every iteration) call the runtime too.
                k @ (InstKind::Test(..) | InstKind::Unary(UnOp::Unbox, _))
                    if has_loops && crate::lower::calls_runtime(k) =>
                {
                    generic += 1
                }
                InstKind::Binary(..) | InstKind::VecLoad(..) => typed += 1,
                InstKind::Unary(op, _) if !matches!(op, UnOp::Box | UnOp::Unbox) => typed += 1,
                _ => {}
            }
        }
    }
    Work {
        has_loops,
        generic,
        calls,
        typed,
        runtime,
    }
}

/// `Err(why)` when `f`'s repeated work is dominated by generic operations.
pub fn check(f: &Func, code: &FunctionCode) -> Result<(), String> {
    let Work {
        has_loops,
        generic,
        calls,
        typed,
        runtime,
    } = loop_work(f, code);
    if !has_loops && typed < TYPED_PER_CALL {
        // Entering native code costs about as much as a generic call.
        return Err(format!(
            "unprofitable: no loop and only {} typed operations",
            typed
        ));
    }
    if !has_loops {
        // Run once per call: every runtime call on the way (global lookups,
        // type tests, vector unboxing) costs about what the interpreter
        // spends on the instruction, so the typed work must also repay them.
        if typed < TYPED_PER_CALL + RUNTIME_CALL_COST * runtime {
            return Err(format!(
                "unprofitable: no loop, {} runtime calls against {} typed operations",
                runtime, typed
            ));
        }
    }
    if generic > 0 && 2 * generic >= typed {
        return Err(format!(
            "unprofitable: {} generic operations against {} typed ones",
            generic, typed
        ));
    }
    if calls > 0 && TYPED_PER_CALL * calls > typed {
        return Err(format!(
            "unprofitable: {} generic calls against {} typed operations",
            calls, typed
        ));
    }
    Ok(())
}
