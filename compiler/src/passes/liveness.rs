//! Liveness for lowering: last uses of boxed values, so that lowering can
//! *move* a value out of its `any` slot instead of cloning it (`analyze`), and
//! the values live across runtime calls (`live_after`), and the `any` slot of
//! every value, shared by values whose live ranges do not overlap
//! (`any_slots`).
//!
//! Why: boxed values live in `NativeFrame::anys`, one slot per IR value. A generic
//! runtime call clones its operands out of their slots and a block edge clones
//! its arguments into the parameters' slots, so a vector is usually referenced
//! from several slots and `x[i] <- v` (the runtime's in-place update needs a
//! reference count of 1) copies the whole vector every time. When an operand
//! or an edge argument is not read again on any path, its slot may give the
//! value away.
//!
//! This is an analysis only: it changes nothing and runs on the final IR just
//! before lowering (`lower::lower`), so no pass can invalidate it.
//!
//! A slot is *read* wherever lowered code reads it, which is more than the
//! instruction operands:
//! - an `assume` reads, when it fails, every value of its checkpoint's frame
//!   state and the operand of the `test` its condition comes from (the exit's
//!   trigger), at the assume's position (a hoisted assume may sit far from
//!   its checkpoint);
//! - a typed vector (`vec<…>`) is a view into the data of the `any` value it
//!   was unboxed from: every use of the view reads that slot too (moving the
//!   value into an in-place update would change or free the data under it).
//!
//! Liveness is the usual backward dataflow over slots (a block's parameters
//! and results define, a definition in a loop kills the previous iteration's
//! value), so it needs no dominance. A runtime operand is moved when it is
//! `any`, not live after the instruction and its last occurrence in the
//! operand list (earlier occurrences are read first, so they clone). An edge
//! argument is moved when it is `any`, not live into the target, its last
//! occurrence among the edge's arguments and not itself a parameter of the
//! target (edge copies are sequential). When in doubt: clone.

use crate::ir::*;
use std::collections::{BTreeSet, HashMap};

/// Which operands may be moved out of their slots.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Moves {
    /// Per `runtime` instruction: one flag per operand.
    pub runtime: HashMap<Inst, Vec<bool>>,
    /// Per terminator and edge (0: jump / branch-true, 1: branch-false): one
    /// flag per edge argument.
    pub edges: HashMap<(Inst, usize), Vec<bool>>,
}

impl Moves {
    /// Flags of the runtime call `i` (all false if unknown).
    pub fn runtime_moves(&self, i: Inst, n: usize) -> Vec<bool> {
        self.runtime
            .get(&i)
            .cloned()
            .unwrap_or_else(|| vec![false; n])
    }
    /// Flags of edge `edge` of terminator `i` (all false if unknown).
    pub fn edge_moves(&self, i: Inst, edge: usize, n: usize) -> Vec<bool> {
        self.edges
            .get(&(i, edge))
            .cloned()
            .unwrap_or_else(|| vec![false; n])
    }
}

fn is_vec(t: Type) -> bool {
    t.is_vec()
}

/// For each typed vector value, the `any` values whose slots hold its data.
fn vector_roots(f: &Func) -> HashMap<Val, BTreeSet<Val>> {
    // Flows (view, source): an unboxed view of a boxed value, or a typed
    // vector parameter receiving an edge argument.
    let mut flows: Vec<(Val, Val)> = Vec::new();
    for b in &f.blocks {
        for &i in &b.insts {
            let d = f.inst(i);
            match &d.kind {
                InstKind::Unary(UnOp::Unbox, src) => {
                    if let Some(r) = d.result.filter(|&r| is_vec(f.ty(r))) {
                        flows.push((r, *src));
                    }
                }
                InstKind::Jump(..) | InstKind::Branch(..) => {
                    for (t, args) in d.kind.edges() {
                        for (&p, &a) in f.blocks[t.0 as usize].params.iter().zip(args) {
                            if is_vec(f.ty(p)) {
                                flows.push((p, a));
                            }
                        }
                    }
                }
                _ => {}
            }
        }
    }
    // Parameters may flow around loops: iterate to a fixpoint.
    let mut roots: HashMap<Val, BTreeSet<Val>> = HashMap::new();
    loop {
        let mut changed = false;
        for &(view, src) in &flows {
            let mut s = roots.get(&src).cloned().unwrap_or_default();
            if f.ty(src) == Type::Any {
                s.insert(src);
            }
            let e = roots.entry(view).or_default();
            let n = e.len();
            e.extend(s);
            changed |= e.len() != n;
        }
        if !changed {
            return roots;
        }
    }
}

/// The slots instruction `i` reads (see the module comment).
fn reads(f: &Func, roots: &HashMap<Val, BTreeSet<Val>>, i: Inst) -> Vec<Val> {
    let kind = &f.inst(i).kind;
    let mut r = kind.uses();
    if let InstKind::Assume {
        cond, checkpoint, ..
    } = kind
    {
        if let Some(InstKind::Checkpoint(fs)) = f.def_inst(*checkpoint).map(|c| &f.inst(c).kind) {
            r.extend(InstKind::Checkpoint(fs.clone()).uses());
        }
        if let Some(InstKind::Test(_, tested)) = f.def_inst(*cond).map(|c| &f.inst(c).kind) {
            r.push(*tested);
        }
    }
    let views: Vec<Val> = r
        .iter()
        .filter_map(|v| roots.get(v))
        .flatten()
        .copied()
        .collect();
    r.extend(views);
    r
}

/// Per block: the values read in it or after it before being (re)defined.
/// (The dataflow runs on bit sets, one bit per value: sets of `Val` made it
/// a tenth of the whole compile time of a large function.)
fn block_live_in(f: &Func, roots: &HashMap<Val, BTreeSet<Val>>) -> Vec<BTreeSet<Val>> {
    let nb = f.blocks.len();
    let words = f.vals.len().div_ceil(64);
    let set = |s: &mut [u64], v: Val| s[v.0 as usize / 64] |= 1 << (v.0 % 64);
    let clear = |s: &mut [u64], v: Val| s[v.0 as usize / 64] &= !(1 << (v.0 % 64));
    // Per block: values read before being defined in it (upward exposed), and defined.
    let mut gen = vec![vec![0u64; words]; nb];
    let mut kill = vec![vec![0u64; words]; nb];
    for (bi, b) in f.blocks.iter().enumerate() {
        for &i in b.insts.iter().rev() {
            if let Some(r) = f.inst(i).result {
                clear(&mut gen[bi], r);
                set(&mut kill[bi], r);
            }
            for v in reads(f, roots, i) {
                set(&mut gen[bi], v);
            }
        }
        for &p in &b.params {
            clear(&mut gen[bi], p);
            set(&mut kill[bi], p);
        }
    }
    let succs: Vec<Vec<Block>> = (0..nb).map(|b| f.successors(Block(b as u32))).collect();
    // live_in = gen ∪ (live_out − kill), grown to the fixpoint.
    let mut live_in = gen.clone();
    loop {
        let mut changed = false;
        for bi in (0..nb).rev() {
            for w in 0..words {
                let mut x = live_in[bi][w];
                for t in &succs[bi] {
                    x |= live_in[t.0 as usize][w] & !kill[bi][w];
                }
                if x != live_in[bi][w] {
                    live_in[bi][w] = x;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    live_in
        .iter()
        .map(|bits| {
            let mut out = BTreeSet::new();
            for (w, &word) in bits.iter().enumerate() {
                let mut x = word;
                while x != 0 {
                    let k = x.trailing_zeros();
                    out.insert(Val((w * 64) as u32 + k));
                    x &= x - 1;
                }
            }
            out
        })
        .collect()
}

/// The values read after block `bi` (the union of its successors' live-in).
fn live_out(f: &Func, live_in: &[BTreeSet<Val>], bi: usize) -> BTreeSet<Val> {
    let mut live = BTreeSet::new();
    for t in f.successors(Block(bi as u32)) {
        live.extend(live_in[t.0 as usize].iter().copied());
    }
    live
}

/// The dataflow the three analyses below (`live_after`, `any_slots`,
/// `analyze`) share, computed once per function: the vector views' roots
/// and each block's live-in values.
pub struct Liveness<'f> {
    f: &'f Func,
    roots: HashMap<Val, BTreeSet<Val>>,
    live_in: Vec<BTreeSet<Val>>,
}

impl<'f> Liveness<'f> {
    pub fn of(f: &'f Func) -> Liveness<'f> {
        let roots = vector_roots(f);
        let live_in = block_live_in(f, &roots);
        Liveness { f, roots, live_in }
    }
}

/// For each instruction selected by `at`: the values read after it (its
/// result excluded). Lowering uses it to split the live ranges of unboxed
/// values at runtime calls.
pub fn live_after(lv: &Liveness, at: impl Fn(&InstData) -> bool) -> HashMap<Inst, BTreeSet<Val>> {
    let (f, roots, live_in) = (lv.f, &lv.roots, &lv.live_in);
    let mut out = HashMap::new();
    for (bi, b) in f.blocks.iter().enumerate() {
        let mut live = live_out(f, live_in, bi);
        for &i in b.insts.iter().rev() {
            let d = f.inst(i);
            if let Some(r) = d.result {
                live.remove(&r);
            }
            if at(d) {
                out.insert(i, live.clone());
            }
            live.extend(reads(f, roots, i));
        }
    }
    out
}

/// The `any` slot of every value (`u32::MAX` for unboxed ones) and the size
/// of the slot array: values whose live ranges do not overlap share a slot.
///
/// Why: a native activation's slots are cleared when it ends, and a slot per
/// value made that the largest cost of a short compiled call doing generic
/// work (bounce's record update: 60 slots, most holding a dead value).
///
/// Interference is conservative where lowering's order of reads and writes
/// is subtle:
/// - a result interferes with everything read after its instruction and
///   with the instruction's own operands (a runtime function may write its
///   result before it has read every operand);
/// - a block's parameters interfere with each other, with what is live into
///   the block, and with every argument passed to them (edge copies are
///   sequential: a parameter sharing a later argument's slot would clobber
///   it), except its own argument when that is passed once and dead after
///   the edge: then the two may share a slot and the copy vanishes.
/// - a `vecset`'s result does not interfere with the vector it consumes
///   (dead after it): the runtime and the inline store write the result
///   where the operand was.
///
/// Colouring is greedy in value order, and a value takes the slot of a
/// copy-related value already coloured (its parameter or argument, a
/// `vecset`'s operand) when it can: a vector filled in a loop
/// (`out[i] <- ...`) then stays in one slot, with no move per iteration.
pub fn any_slots(lv: &Liveness) -> (Vec<u32>, usize) {
    let (f, roots, live_in) = (lv.f, &lv.roots, &lv.live_in);
    let is_any = |v: Val| f.ty(v) == Type::Any;
    let mut adj: Vec<BTreeSet<Val>> = vec![BTreeSet::new(); f.vals.len()];
    let mut interfere = |a: Val, b: Val| {
        if a != b && is_any(a) && is_any(b) {
            adj[a.0 as usize].insert(b);
            adj[b.0 as usize].insert(a);
        }
    };
    // Copy-related pairs (a parameter and its argument, a `vecset`'s result
    // and operand) that do not interfere: preferred to share a slot.
    let mut related: Vec<(Val, Val)> = Vec::new();
    for (bi, b) in f.blocks.iter().enumerate() {
        let mut live = live_out(f, live_in, bi);
        for &i in b.insts.iter().rev() {
            let d = f.inst(i);
            let read = reads(f, roots, i);
            if let Some(r) = d.result {
                live.remove(&r);
                let consumed = match d.kind {
                    InstKind::VecSet(x, _, _) if !live.contains(&x) => Some(x),
                    _ => None,
                };
                for &v in live.iter().chain(&read) {
                    if Some(v) != consumed {
                        interfere(r, v);
                    }
                }
                if let Some(x) = consumed {
                    related.push((r, x));
                }
            }
            for (t, args) in d.kind.edges() {
                for (k, &p) in f.blocks[t.0 as usize].params.iter().enumerate() {
                    for (j, &a) in args.iter().enumerate() {
                        let own = j == k
                            && args.iter().filter(|&&x| x == a).count() == 1
                            && !live_in[t.0 as usize].contains(&a);
                        if own {
                            related.push((p, a));
                        } else {
                            interfere(p, a);
                        }
                    }
                }
            }
            live.extend(read);
        }
        for &p in &b.params {
            live.remove(&p);
        }
        for &p in &b.params {
            for &v in live.iter().chain(&b.params) {
                interfere(p, v);
            }
        }
    }
    let mut prefs: Vec<Vec<Val>> = vec![Vec::new(); f.vals.len()];
    for &(a, b) in &related {
        if is_any(a) && is_any(b) && !adj[a.0 as usize].contains(&b) {
            prefs[a.0 as usize].push(b);
            prefs[b.0 as usize].push(a);
        }
    }
    let mut slots = vec![u32::MAX; f.vals.len()];
    let mut n = 0u32;
    let mut taken: Vec<bool> = Vec::new();
    for v in 0..f.vals.len() {
        if !is_any(Val(v as u32)) {
            continue;
        }
        taken.clear();
        taken.resize(n as usize + 1, false);
        for w in &adj[v] {
            let s = slots[w.0 as usize];
            if s != u32::MAX {
                taken[s as usize] = true;
            }
        }
        let preferred = prefs[v]
            .iter()
            .map(|w| slots[w.0 as usize])
            .find(|&s| s != u32::MAX && !taken[s as usize]);
        let s = preferred.unwrap_or_else(|| taken.iter().position(|&t| !t).unwrap() as u32);
        slots[v] = s;
        n = n.max(s + 1);
    }
    (slots, n as usize)
}

/// Compute which runtime operands and edge arguments may be moved.
pub fn analyze(lv: &Liveness) -> Moves {
    let (f, roots, live_in) = (lv.f, &lv.roots, &lv.live_in);

    let mut moves = Moves::default();
    // An `any` value whose last occurrence in `args` is at `k` and is dead after.
    let flags = |args: &[Val], dead: &dyn Fn(Val) -> bool| -> Vec<bool> {
        args.iter()
            .enumerate()
            .map(|(k, &a)| f.ty(a) == Type::Any && !args[k + 1..].contains(&a) && dead(a))
            .collect::<Vec<bool>>()
    };
    for (bi, b) in f.blocks.iter().enumerate() {
        let mut live = live_out(f, live_in, bi);
        for &i in b.insts.iter().rev() {
            let d = f.inst(i);
            match &d.kind {
                InstKind::Jump(t, args) => {
                    let target = &f.blocks[t.0 as usize];
                    let into = &live_in[t.0 as usize];
                    let m = flags(args, &|a| !into.contains(&a) && !target.params.contains(&a));
                    moves.edges.insert((i, 0), m);
                }
                InstKind::Branch(_, t, ta, e, ea) => {
                    for (k, (tb, args)) in [(t, ta), (e, ea)].into_iter().enumerate() {
                        let target = &f.blocks[tb.0 as usize];
                        let into = &live_in[tb.0 as usize];
                        let m = flags(args, &|a| !into.contains(&a) && !target.params.contains(&a));
                        moves.edges.insert((i, k), m);
                    }
                }
                InstKind::Runtime(_, args) => {
                    // `live` is what is read after this instruction.
                    let m = flags(args, &|a| !live.contains(&a));
                    moves.runtime.insert(i, m);
                }
                InstKind::VecSet(x, ..) => {
                    // The store updates its vector in place when it is moved.
                    let m = flags(&[*x], &|a| !live.contains(&a));
                    moves.runtime.insert(i, m);
                }
                _ => {}
            }
            if let Some(r) = d.result {
                live.remove(&r);
            }
            live.extend(reads(f, roots, i));
        }
    }
    moves
}

/// The moves as text, one line per instruction with a moved operand (tests,
/// debugging): `runtime vN: move vA, vB` / `edge bbI->bbJ: move vA`. Values
/// and blocks are named as `print::print_func` names them.
pub fn describe(f: &Func, m: &Moves) -> String {
    let names = crate::print::canonical_names(f);
    let name = |v: &Val| format!("v{}", names.get(v).copied().unwrap_or(usize::MAX));
    let mut out = String::new();
    for (bi, b) in f.blocks.iter().enumerate() {
        for &i in &b.insts {
            let d = f.inst(i);
            let moved = |args: &[Val], flags: &[bool]| -> Vec<String> {
                args.iter()
                    .zip(flags)
                    .filter(|(_, &m)| m)
                    .map(|(a, _)| name(a))
                    .collect()
            };
            let mut line = |what: String, list: Vec<String>| {
                if !list.is_empty() {
                    out.push_str(&format!("{what}: move {}\n", list.join(", ")));
                }
            };
            match &d.kind {
                InstKind::Runtime(_, args) => line(
                    format!("runtime {}", name(&d.result.unwrap())),
                    moved(args, &m.runtime_moves(i, args.len())),
                ),
                InstKind::VecSet(x, ..) => line(
                    format!("vecset {}", name(&d.result.unwrap())),
                    moved(&[*x], &m.runtime_moves(i, 1)),
                ),
                InstKind::Jump(t, args) => line(
                    format!("edge bb{bi}->{t}"),
                    moved(args, &m.edge_moves(i, 0, args.len())),
                ),
                InstKind::Branch(_, t, ta, e, ea) => {
                    line(
                        format!("edge bb{bi}->{t}"),
                        moved(ta, &m.edge_moves(i, 0, ta.len())),
                    );
                    line(
                        format!("edge bb{bi}->{e}"),
                        moved(ea, &m.edge_moves(i, 1, ea.len())),
                    );
                }
                _ => {}
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::print::parse_func;
    use crate::verify::verify;

    fn check(input: &str, expected: &str) {
        let f = parse_func(input).unwrap_or_else(|e| panic!("input: {e}"));
        if let Err(e) = verify(&f) {
            panic!("input does not verify: {e:#?}\n{input}");
        }
        let got = describe(&f, &analyze(&Liveness::of(&f)));
        assert_eq!(
            got, expected,
            "\n--- got:\n{got}\n--- expected:\n{expected}"
        );
    }

    /// `any_slots` as text: `vN: sK` per `any` value, in value order.
    fn check_slots(input: &str, expected: &str, nslots: usize) {
        let f = parse_func(input).unwrap_or_else(|e| panic!("input: {e}"));
        verify(&f).unwrap_or_else(|e| panic!("input does not verify: {e:#?}"));
        let (slots, n) = any_slots(&Liveness::of(&f));
        let got: Vec<String> = (0..f.vals.len())
            .filter(|&v| f.ty(Val(v as u32)) == Type::Any)
            .map(|v| format!("v{v}: s{}", slots[v]))
            .collect();
        assert_eq!(got.join(" "), expected);
        assert_eq!(n, nslots);
    }

    #[test]
    fn dead_values_share_slots_but_never_with_an_operand() {
        // A chain of record updates: each result may take a slot freed before
        // its instruction, not one its operands still occupy (v3 reads v2 and
        // v1 and gets a third slot; v4 reuses v1's).
        check_slots(
            "function f {
bb0(v0: any):
  v1: any = runtime @1(v0)
  v2: any = runtime @2(v1)
  v3: any = runtime @3(v2, v1)
  v4: any = runtime @4(v3)
  ret v4
}",
            "v0: s0 v1: s1 v2: s0 v3: s2 v4: s0",
            3,
        );
    }

    #[test]
    fn swapped_loop_parameters_never_share_with_each_other() {
        // bb1's parameters receive each other on the back edge: they never
        // share a slot (lowering's parallel copy exchanges the two), but
        // each shares its entry argument's (dead after the entry edge, so
        // that copy vanishes). A value read by an exit stays in its slot.
        check_slots(
            "function f {
bb0(v0: any, v1: any, v2: bool):
  jump bb1(v0, v1)
bb1(v3: any, v4: any):
  v5: cp = checkpoint pc=1 stack=[] locals=[v3, v4] loops=[]
  v6: bool = test is.int v3
  assume v6, v5, typecheck
  branch v2, bb1(v4, v3), bb2()
bb2():
  v7: any = runtime @9(v3)
  ret v7
}",
            "v0: s0 v1: s1 v3: s0 v4: s1 v7: s1",
            2,
        );
    }

    #[test]
    fn vector_filled_in_a_loop_keeps_one_slot() {
        // `out[i] <- ...` in a loop: the `vecset` result takes the slot of
        // the vector it consumes, the back edge's argument its parameter's,
        // and the parameter the entry argument's. The general store's
        // result (v11, which reads v3 as an operand) gets its own.
        check_slots(
            "function f {
bb0(v0: any, v1: int):
  v2: int = const.int 1
  jump bb1(v0, v2)
bb1(v3: any, v4: int):
  v5: bool = le.i v4, v1
  branch v5, bb2(), bb5()
bb2():
  v6: dbl = const.dbl 0.5
  v7: bool = test is.vec<dbl> v3
  branch v7, bb3(), bb4()
bb3():
  v8: vec<dbl> = unbox v3
  v9: any = vecset v3, v4, v6
  v10: int = add.i v4, v2
  jump bb1(v9, v10)
bb4():
  v11: any = runtime @13(v3, v3)
  v12: int = add.i v4, v2
  jump bb1(v11, v12)
bb5():
  ret v3
}",
            "v0: s0 v3: s0 v9: s0 v11: s1",
            2,
        );
    }

    #[test]
    fn vector_filled_in_a_loop_moves_around_the_loop() {
        // x = v1 flows into the loop, is updated by the runtime and flows back:
        // every hand-over is a last use.
        check(
            "function f {
bb0(v0: any, v1: any):
  v2: int = const.int 1
  jump bb1(v1, v2)
bb1(v3: any, v4: int):
  v5: bool = lt.i v4, v2
  branch v5, bb2(), bb3()
bb2():
  v6: any = box v4
  v7: any = runtime @13(v6, v6, v3)
  v8: int = add.i v4, v2
  jump bb1(v7, v8)
bb3():
  ret v3
}",
            "edge bb0->bb1: move v1
runtime v7: move v6, v3
edge bb2->bb1: move v7
",
        );
    }

    #[test]
    fn aliased_value_is_not_moved_while_the_alias_lives() {
        // `y <- x; x[1] <- 0; y`: v0 is read after the update, so it is cloned.
        check(
            "function f {
bb0(v0: any, v1: any):
  v2: any = runtime @3(v1, v1, v0)
  v3: any = runtime @4(v0)
  ret v2
}",
            "runtime v2: move v1
runtime v3: move v0
",
        );
    }

    #[test]
    fn frame_states_and_exit_triggers_are_reads() {
        // An exit after the update reads v0 (frame state) and v1 (the tested
        // value, reported as the trigger): neither may be moved into the call.
        check(
            "function f {
bb0(v0: any, v1: any):
  v2: any = runtime @3(v1, v0)
  v3: cp = checkpoint pc=4 stack=[v2] locals=[v0]
  v4: bool = test is.int v1
  assume v4, v3, typecheck
  ret v2
}",
            "",
        );
    }

    #[test]
    fn unboxed_vector_view_keeps_its_source() {
        // v3 is a view into v0's data: v0 must not go into the update while
        // the view is read afterwards.
        check(
            "function f {
bb0(v0: any, v1: int, v2: any):
  v3: vec<dbl> = unbox v0
  v4: any = runtime @3(v2, v0)
  v5: dbl = vecload v3, v1
  v6: any = box v5
  ret v6
}",
            "runtime v4: move v2
",
        );
    }

    #[test]
    fn branch_edges_and_values_live_in_the_loop() {
        // v1 is defined before the loop and used in it on every iteration: never
        // moved inside the loop; on the exit edge it is dead and moves.
        check(
            "function f {
bb0(v0: any, v1: any, v2: bool):
  jump bb1(v0)
bb1(v3: any):
  branch v2, bb2(v3, v1), bb3(v1)
bb2(v4: any, v5: any):
  v6: any = runtime @7(v5, v4)
  jump bb1(v6)
bb3(v7: any):
  ret v7
}",
            "edge bb0->bb1: move v0
edge bb1->bb2: move v3
edge bb1->bb3: move v1
runtime v6: move v5, v4
edge bb2->bb1: move v6
",
        );
    }
}

#[cfg(test)]
mod live_after_tests {
    use super::*;
    use crate::print::parse_func;

    #[test]
    fn accumulator_is_live_across_the_call_in_the_outer_loop() {
        // v3 (a double accumulator) is read after the runtime call, on the next
        // iteration; v6 (the call's result) and v4 (dead after) are not listed.
        let f = parse_func(
            "function f {
bb0(v0: any, v1: dbl, v2: bool):
  jump bb1(v1)
bb1(v3: dbl):
  v4: dbl = add.d v3, v3
  v6: any = runtime @7(v0)
  branch v2, bb1(v3), bb2()
bb2():
  ret v0
}",
        )
        .unwrap();
        let live = live_after(&Liveness::of(&f), |d| {
            matches!(d.kind, InstKind::Runtime(..))
        });
        let sets: Vec<Vec<Val>> = live.values().map(|s| s.iter().copied().collect()).collect();
        // v0 is the runtime's `any` operand, read again by the return.
        assert_eq!(sets, vec![vec![Val(0), Val(2), Val(3)]]);
    }
}
