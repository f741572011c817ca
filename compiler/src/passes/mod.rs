//! IR passes, one module per job, each `pub fn run(f: &mut Func) -> bool`
//! (true iff it changed something), and `optimize`, which runs them to a
//! fixpoint. Shared helpers for rewriting operands live here.

pub mod assume_elim;
pub mod cfg;
pub mod const_fold;
pub mod dce;
pub mod hoist;
pub mod licm;
pub mod liveness;
pub mod loop_ranges;
pub mod lvn;
pub mod peel;
pub mod phi;
pub mod sink_box;
pub mod strength;
pub mod type_infer;
pub mod unbox_cse;
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
        changed |= unbox_cse::run(f);
        changed |= assume_elim::run(f);
        changed |= hoist::run(f);
        changed |= licm::run(f);
        changed |= loop_ranges::run(f);
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

/// A pass entry point: rewrites `f`, returns whether it changed anything.
pub type Pass = fn(&mut Func) -> bool;

/// Every pass that runs on a function alone, by name (the module's name;
/// `optimize` is the whole fixpoint). Filetests and `dlvm ir --passes` look
/// passes up here: a new pass is added to this table to be testable by name.
/// (`peel` needs an entry and loop headers, so it is not listed.)
pub const PASSES: &[(&str, Pass)] = &[
    ("assume_elim", assume_elim::run),
    ("const_fold", const_fold::run),
    ("loop_ranges", loop_ranges::run),
    ("dce", dce::run),
    ("hoist", hoist::run),
    ("licm", licm::run),
    ("lvn", lvn::run),
    ("phi", phi::run),
    ("sink_box", sink_box::run),
    ("strength", strength::run),
    ("type_infer", type_infer::run),
    ("unbox_cse", unbox_cse::run),
    ("unbox_web", unbox_web::run),
    ("optimize", optimize),
];

/// The pass called `name` (see `PASSES`).
pub fn by_name(name: &str) -> Option<Pass> {
    PASSES.iter().find(|(n, _)| *n == name).map(|&(_, p)| p)
}

/// The names of `PASSES`, comma-separated (for error messages).
pub fn known_names() -> String {
    PASSES
        .iter()
        .map(|(n, _)| *n)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Look up a comma-separated list of pass names (spaces allowed around the
/// commas). An empty list or an unknown name is an error naming the known
/// passes.
pub fn parse_list(list: &str) -> Result<Vec<(String, Pass)>, String> {
    let mut out = vec![];
    for name in list.split(',').map(str::trim) {
        if name.is_empty() {
            continue;
        }
        match by_name(name) {
            Some(p) => out.push((name.to_string(), p)),
            None => {
                return Err(format!(
                    "unknown pass '{name}' (known passes: {})",
                    known_names()
                ))
            }
        }
    }
    if out.is_empty() {
        return Err(format!("no passes named (known passes: {})", known_names()));
    }
    Ok(out)
}

/// Run `passes` on `f` in order; returns whether any of them changed it.
pub fn run_list(f: &mut Func, passes: &[(String, Pass)]) -> bool {
    let mut changed = false;
    for (_, p) in passes {
        changed |= p(f);
    }
    changed
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

/// Replacements collected by one sweep over a function: each instruction the
/// sweep reaches gets them first (`apply`), and all placed instructions at
/// the end (`finish`, for uses in earlier blocks). One walk over the
/// function instead of one per replacement (`replace_uses`), which made
/// `type_infer` quadratic: 28 M instructions of ising's 420 M compile.
#[derive(Default)]
pub struct Subst {
    /// By value number: its replacement (a dense table: `apply` runs on
    /// every operand of the function).
    to: Vec<Option<Val>>,
    any: bool,
}

impl Subst {
    /// Replace `from` by `to` (itself resolved first; a replacement by
    /// itself is none: chains stay acyclic).
    pub fn add(&mut self, from: Val, to: Val) {
        let to = self.resolve(to);
        if to == from {
            return;
        }
        let k = from.0 as usize;
        if self.to.len() <= k {
            self.to.resize(k + 1, None);
        }
        self.to[k] = Some(to);
        self.any = true;
    }

    pub fn is_empty(&self) -> bool {
        !self.any
    }

    pub fn replaces(&self, v: Val) -> bool {
        matches!(self.to.get(v.0 as usize), Some(Some(_)))
    }

    pub fn resolve(&self, mut v: Val) -> Val {
        while let Some(&Some(to)) = self.to.get(v.0 as usize) {
            v = to;
        }
        v
    }

    pub fn apply(&self, kind: &mut InstKind) {
        if self.any {
            kind.map_uses(|v| self.resolve(v));
        }
    }

    pub fn finish(self, f: &mut Func) {
        if !self.any {
            return;
        }
        for b in 0..f.blocks.len() {
            for k in 0..f.blocks[b].insts.len() {
                let i = f.blocks[b].insts[k];
                self.apply(&mut f.insts[i.0 as usize].kind);
            }
        }
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
        Some(InstKind::Unary(UnOp::Box, x)) => t.holds_for(f.ty(*x)),
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
