//! Is compiling worth it? Compiled code that does its loop work through the
//! generic runtime (`runtime @pc` for arithmetic, comparisons and indexing, when
//! the feedback is polymorphic or missing) is slower than the interpreter,
//! whose own fast paths do the same work without a call, boxing and slot
//! traffic. Such code is not installed: the function stays in the interpreter
//! (or the exit deoptimizes), which is the faster choice.

use crate::ir::*;
use crate::passes::cfg::Cfg;
use vm::bytecode::{FunctionCode, Op};

/// Loop work of `f`: (generic arithmetic/comparison/indexing calls, typed
/// operations) over the blocks of its loops.
pub fn loop_work(f: &Func, code: &FunctionCode) -> (usize, usize) {
    let cfg = Cfg::new(f);
    let mut blocks = std::collections::BTreeSet::new();
    for l in cfg.loops() {
        blocks.extend(l.body);
    }
    let (mut generic, mut typed) = (0, 0);
    for b in blocks {
        for &i in &f.blocks[b.0 as usize].insts {
            match &f.inst(i).kind {
                InstKind::Runtime(RtOp::AtPc(pc), _) => {
                    if matches!(
                        code.ops.get(*pc as usize),
                        Some(
                            Op::Arith(..)
                                | Op::ArithLocal(..)
                                | Op::Cmp(..)
                                | Op::Neg(..)
                                | Op::Not(_)
                                | Op::Index { .. }
                                | Op::Index2 { .. }
                                | Op::IndexLocals { .. }
                        )
                    ) {
                        generic += 1;
                    }
                }
                InstKind::Binary(..) | InstKind::VecLoad(..) => typed += 1,
                InstKind::Unary(op, _) if !matches!(op, UnOp::Box | UnOp::Unbox) => typed += 1,
                _ => {}
            }
        }
    }
    (generic, typed)
}

/// `Err(why)` when `f`'s loops are dominated by generic operations.
pub fn check(f: &Func, code: &FunctionCode) -> Result<(), String> {
    let (generic, typed) = loop_work(f, code);
    if generic > 0 && 2 * generic >= typed {
        return Err(format!(
            "unprofitable: {} generic operations against {} typed ones in loops",
            generic, typed
        ));
    }
    Ok(())
}
