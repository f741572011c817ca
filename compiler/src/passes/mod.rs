//! IR passes, one module per job, each `pub fn run(f: &mut Func) -> bool`
//! (true iff it changed something), and `optimize`, which runs them to a
//! fixpoint. Shared helpers for rewriting operands live here.

pub mod assume_elim;
pub mod cfg;
pub mod const_fold;
pub mod counters;
pub mod dce;
pub mod hoist;
pub mod licm;
pub mod liveness;
pub mod lvn;
pub mod peel;
pub mod phi;
pub mod sink_box;
pub mod strength;
pub mod type_infer;
pub mod unbox_web;

use crate::ir::*;

/// Upper bound on `optimize` rounds: every pass only shrinks or moves code
/// outward, so the fixpoint comes quickly; the bound guards against a cycle.
const MAX_ROUNDS: usize = 50;

/// Run all passes until none changes anything. Returns whether anything changed.
pub fn optimize(f: &mut Func) -> bool {
    let mut any = false;
    for _ in 0..MAX_ROUNDS {
        let mut changed = false;
        changed |= const_fold::run(f);
        changed |= phi::run(f);
        changed |= type_infer::run(f);
        changed |= unbox_web::run(f);
        changed |= lvn::run(f);
        changed |= assume_elim::run(f);
        changed |= hoist::run(f);
        changed |= licm::run(f);
        changed |= counters::run(f);
        changed |= strength::run(f);
        changed |= sink_box::run(f);
        changed |= dce::run(f);
        any |= changed;
        if !changed {
            break;
        }
    }
    any
}

/// Apply `g` to every operand of `kind` (frame states and block arguments
/// included): `InstKind::map_uses`.
pub fn map_uses(kind: &mut InstKind, g: impl FnMut(Val) -> Val) {
    kind.map_uses(g)
}

/// Replace every use of `from` by `to` in the instructions placed in blocks.
pub fn replace_uses(f: &mut Func, from: Val, to: Val) {
    let placed: Vec<Inst> = f.blocks.iter().flat_map(|b| b.insts.clone()).collect();
    for i in placed {
        map_uses(&mut f.insts[i.0 as usize].kind, |v| {
            if v == from {
                to
            } else {
                v
            }
        });
    }
}

/// The block defining `v`.
pub fn def_block(f: &Func, v: Val) -> Block {
    match f.vals[v.0 as usize].def {
        ValDef::Param(b, _) => b,
        ValDef::Inst(i) => f.inst(i).block,
    }
}

/// The instruction defining `v`, if `v` is an instruction result.
pub fn def_kind(f: &Func, v: Val) -> Option<&InstKind> {
    f.def_inst(v).map(|i| &f.inst(i).kind)
}

/// Insert `kind` (result type `ty`) into block `b` at position `pos`; returns
/// its result value if `ty` is not Void.
pub fn insert_inst(f: &mut Func, b: Block, pos: usize, kind: InstKind, ty: Type) -> Option<Val> {
    let r = f.push(b, kind, ty);
    let insts = &mut f.blocks[b.0 as usize].insts;
    if let Some(i) = insts.pop() {
        insts.insert(pos.min(insts.len()), i);
    }
    r
}

/// `test t (box x)` is true when `x` already has the type the test refines to.
pub fn test_of_box_is_true(f: &Func, t: TypeTest, operand: Val) -> bool {
    if t == TypeTest::IsBound {
        // Only `const.any #UNBOUND` (through block parameters) and a read of
        // a binding (`load_global`, `load_frame`) may be unbound.
        return match def_kind(f, operand) {
            Some(InstKind::ConstAny(k)) => *k != crate::build::UNBOUND,
            Some(InstKind::LoadGlobal(_) | InstKind::LoadFrame(_)) => false,
            Some(_) => true,
            None => f.ty(operand) != Type::Any,
        };
    }
    match def_kind(f, operand) {
        Some(InstKind::Unary(UnOp::Box, x)) => f.ty(*x) == t.refined(),
        // A store keeps its vector's type (and its lack of attributes).
        Some(InstKind::VecSet(_, _, v)) => matches!(
            (t, f.ty(*v)),
            (TypeTest::IsVecInt, Type::Int)
                | (TypeTest::IsVecDbl, Type::Dbl)
                | (TypeTest::IsVecLgl, Type::Lgl)
                | (TypeTest::IsVecCplx, Type::Cplx)
        ),
        _ => false,
    }
}

#[cfg(test)]
pub(crate) mod test_util {
    use crate::print::{parse_func, print_func};
    use crate::verify::verify;

    /// Parse `input`, check it verifies, run `pass`, check the result verifies
    /// and prints as `expected`; returns the pass's "changed" flag.
    pub fn check_pass(pass: fn(&mut crate::ir::Func) -> bool, input: &str, expected: &str) -> bool {
        let mut f = parse_func(input).unwrap_or_else(|e| panic!("input: {e}"));
        if let Err(e) = verify(&f) {
            panic!("input does not verify: {e:#?}\n{input}");
        }
        let changed = pass(&mut f);
        let out = print_func(&f);
        if let Err(e) = verify(&f) {
            panic!("output does not verify: {e:#?}\n{out}");
        }
        let expected =
            print_func(&parse_func(expected).unwrap_or_else(|e| panic!("expected: {e}")));
        assert_eq!(
            out, expected,
            "\n--- got:\n{out}\n--- expected:\n{expected}"
        );
        changed
    }
}

#[cfg(test)]
mod tests {
    use super::test_util::check_pass;

    #[test]
    fn optimize_hoists_unboxes_and_cleans_up() {
        // A loop summing a boxed accumulator, with an invariant type check on
        // `v0` inside the body: the check moves to the preheader, the
        // accumulator is unboxed, the in-loop checkpoint and boxes die, the
        // invariant constant leaves the loop, the return needs no box.
        assert!(check_pass(
            super::optimize,
            "function f {
bb0(v0: any, v1: int):
  v2: int = const.int 0
  v3: any = box v2
  v4: cp = checkpoint pc=1 stack=[] locals=[v0, v1]
  jump bb1(v2, v3)
bb1(v5: int, v6: any):
  v7: bool = lt.i v5, v1
  branch v7, bb2(), bb3()
bb2():
  v8: bool = test is.int v0
  v9: cp = checkpoint pc=4 stack=[] locals=[v0, v1]
  assume v8, v9, typecheck
  v10: int = unbox v0
  v11: bool = test is.int v6
  v12: cp = checkpoint pc=5 stack=[] locals=[v0, v1]
  assume v11, v12, typecheck
  v13: int = unbox v6
  v14: int = add.i v13, v10
  v15: any = box v14
  v16: int = const.int 1
  v17: int = add.i v5, v16
  jump bb1(v17, v15)
bb3():
  ret v6
}",
            "function f {
bb0(v0: any, v1: int):
  v2: int = const.int 0
  v4: cp = checkpoint pc=1 stack=[] locals=[v0, v1]
  v8: bool = test is.int v0
  assume v8, v4, typecheck
  v16: int = const.int 1
  jump bb1(v2, v2)
bb1(v5: int, v6: int):
  v7: bool = lt.i v5, v1
  branch v7, bb2(), bb3()
bb2():
  v10: int = unbox v0
  v14: int = add.i v6, v10
  v17: int = add.i v5, v16
  jump bb1(v17, v14)
bb3():
  ret v6
}"
        ));
    }
}
