//! Is compiling worth it? Compiled code that does its work through the generic
//! runtime is slower than the interpreter:
//! - `runtime @pc` (arithmetic, comparisons and indexing with polymorphic or
//!   missing feedback, globals, assignments) costs a call, boxing and slot
//!   traffic where the interpreter's own fast paths need none;
//! - calls of R functions with named or `...` arguments, or of builtins, go
//!   through the runtime's generic call path, about 0.3 µs more per call than
//!   the interpreter's, which a handful of typed operations does not repay;
//!   the same holds for entering a small loop-free function natively at all.
//!
//! A *direct call* — positional arguments at a site whose feedback saw one
//! closure (that takes them without `...`) — binds its arguments straight
//! into the callee's frame and enters the callee's compiled version without
//! the generic path (`runtime::call_positional`): cheaper than the
//! interpreter's own call, which matches arguments first. Its function
//! lookup is the interpreter's. Neither counts as a runtime call here, and a
//! direct call repays the native entry of the function making it (measured
//! on fib, towers, hanoi, queens, …: see the issue notes).
//!
//! Such code is not installed: the function stays in the interpreter (or the
//! exit deoptimizes), which is the faster choice. Measured on the micro
//! benchmarks and the suite (see the issue notes); `--profitability-check`
//! turns the check on (it is off by default).

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
    /// Every instruction whose lowering calls the runtime (but direct calls
    /// and their function lookups).
    pub runtime: usize,
    /// Direct calls.
    pub direct: usize,
}

pub fn loop_work(f: &Func, code: &FunctionCode) -> Work {
    let cfg = Cfg::new(f);
    let mut blocks = std::collections::BTreeSet::new();
    for l in cfg.loops() {
        blocks.extend(l.body);
    }
    // Loops of a few constant iterations (`for (i in 1:4)`) repeat no work
    // worth a native entry: such a function pays its entry on every call,
    // like a loop-free one (storage's tree builder).
    let has_loops = !blocks.is_empty() && !short_loops_only(code);
    if !has_loops {
        blocks = (0..f.blocks.len() as u32).map(Block).collect();
    }
    let (mut generic, mut calls, mut typed, mut runtime, mut direct) = (0, 0, 0, 0, 0);
    let mut lookups = 0;
    for b in blocks {
        for &i in &f.blocks[b.0 as usize].insts {
            let kind = &f.inst(i).kind;
            let at = match kind {
                InstKind::Runtime(op, _) => code.ops.get(op.pc() as usize),
                _ => None,
            };
            let cheap = match at {
                Some(Op::Call { call, .. }) | Some(Op::LoadFun(_, call)) => {
                    is_direct_call(code, *call)
                }
                _ => false,
            };
            if crate::lower::calls_runtime(kind) && !cheap {
                runtime += 1;
            }
            match kind {
                InstKind::Runtime(..) => match at {
                    Some(Op::Call { .. }) if cheap => direct += 1,
                    Some(Op::Call { .. }) => calls += 1,
                    Some(Op::LoadFun(..)) if cheap => lookups += 1,
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
    if has_loops {
        // In loops a direct call is weighed like any call: loop code that
        // calls on every iteration gains little, and an exit in it (say, a
        // descending `for` range, which compiled loops do not count) costs
        // a compilation per call (permute).
        return Work {
            has_loops,
            generic: generic + lookups,
            calls: calls + direct,
            typed,
            runtime: runtime + lookups + direct,
            direct: 0,
        };
    }
    Work {
        has_loops,
        generic,
        calls,
        typed,
        runtime,
        direct,
    }
}

/// Iterations up to which a constant `for` range counts as straight-line code.
const SHORT_LOOP: f64 = 16.0;

/// Whether every loop of `code` is a `for` over a constant range of at most
/// `SHORT_LOOP` elements: each loop header (a backward jump's target) is
/// the `ForStep` right after a `ForRangePrep` of two numeric constants.
fn short_loops_only(code: &FunctionCode) -> bool {
    let num = |op: &Op| match op {
        Op::Const(k) => code.consts.get(*k as usize).and_then(|v| match v {
            vm::value::Value::Int(x) => Some(*x as f64),
            vm::value::Value::Dbl(x) => Some(*x),
            _ => None,
        }),
        _ => None,
    };
    let short_header = |h: usize| {
        h >= 3
            && matches!(code.ops[h - 1], Op::ForRangePrep(_))
            && matches!(code.ops[h], Op::ForStep { .. })
            && match (num(&code.ops[h - 3]), num(&code.ops[h - 2])) {
                (Some(a), Some(b)) => (b - a).abs() < SHORT_LOOP,
                _ => false,
            }
    };
    let mut any = false;
    for (pc, op) in code.ops.iter().enumerate() {
        let target = match *op {
            Op::Jump(t) => t as usize,
            _ => continue,
        };
        if target <= pc {
            any = true;
            if !short_header(target) {
                return false;
            }
        }
    }
    any
}

/// Whether the call `call` of `code` is a direct call (see the module doc):
/// its only call instruction has positional arguments, and its feedback saw
/// one closure, which takes them without `...` or `UseMethod`.
pub fn is_direct_call(code: &FunctionCode, call: u32) -> bool {
    let Some((argc, spec, fb)) = code.ops.iter().find_map(|op| match *op {
        Op::Call {
            argc,
            spec,
            call: c,
            fb,
        } if c == call => Some((argc, spec, fb)),
        _ => None,
    }) else {
        return false;
    };
    let positional = code.arg_specs[spec as usize]
        .iter()
        .all(|s| matches!(s, vm::bytecode::ArgSpec::Positional));
    let fb = code.call_fb[fb as usize].borrow();
    positional
        && !fb.polymorphic
        && matches!(&fb.target, Some(vm::value::Value::Closure(clo))
                    if vm::interp::Interp::positional_ok(clo, argc as usize))
}

/// `Err(why)` when `f`'s repeated work is dominated by generic operations.
pub fn check(f: &Func, code: &FunctionCode) -> Result<(), String> {
    let Work {
        has_loops,
        generic,
        calls,
        typed,
        runtime,
        direct,
    } = loop_work(f, code);
    // A direct call repays entering the caller natively, and the boxing of
    // its result (which the interpreter's call needs too).
    let typed = typed + (TYPED_PER_CALL + RUNTIME_CALL_COST) * direct;
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
