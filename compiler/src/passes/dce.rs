//! Dead code elimination: drops unreachable blocks (renumbering the rest in
//! order and rewriting branch targets) and instructions whose result is unused
//! and that have no effect. Runtime calls, assumes and terminators always stay;
//! a checkpoint is dead once no assume names it (it has no other users).

use super::cfg::Cfg;
use crate::ir::*;
use std::collections::HashMap;

pub fn run(f: &mut Func) -> bool {
    let removed_blocks = remove_unreachable(f);
    removed_blocks | remove_dead_insts(f)
}

fn remove_unreachable(f: &mut Func) -> bool {
    let cfg = Cfg::new(f);
    if cfg.reachable.iter().all(|&r| r) {
        return false;
    }
    let mut renumber: HashMap<Block, Block> = HashMap::new();
    let mut kept = vec![];
    for (bi, data) in std::mem::take(&mut f.blocks).into_iter().enumerate() {
        if cfg.reachable[bi] {
            renumber.insert(Block(bi as u32), Block(kept.len() as u32));
            kept.push(data);
        }
    }
    f.blocks = kept;
    for (bi, data) in f.blocks.iter().enumerate() {
        let b = Block(bi as u32);
        for (j, p) in data.params.iter().enumerate() {
            f.vals[p.0 as usize].def = ValDef::Param(b, j as u32);
        }
        for &i in &data.insts {
            let d = &mut f.insts[i.0 as usize];
            d.block = b;
            // Targets of reachable blocks are reachable, hence renumbered.
            let fix = |t: &mut Block| *t = renumber.get(t).copied().unwrap_or(*t);
            match &mut d.kind {
                InstKind::Jump(t, _) => fix(t),
                InstKind::Branch(_, t, _, e, _) => {
                    fix(t);
                    fix(e);
                }
                _ => {}
            }
        }
    }
    true
}

fn removable(kind: &InstKind) -> bool {
    !(kind.has_effect() || kind.is_terminator() || matches!(kind, InstKind::Assume { .. }))
}

fn remove_dead_insts(f: &mut Func) -> bool {
    let mut uses: HashMap<Val, usize> = HashMap::new();
    for b in &f.blocks {
        for &i in &b.insts {
            for u in f.inst(i).kind.uses() {
                *uses.entry(u).or_default() += 1;
            }
        }
    }
    // Worklist over now-unused results: removing one may free its operands.
    let mut dead: Vec<Inst> = vec![];
    let mut is_dead = vec![false; f.insts.len()];
    let mut work: Vec<Inst> = f.blocks.iter().flat_map(|b| b.insts.clone()).collect();
    while let Some(i) = work.pop() {
        let d = f.inst(i);
        if is_dead[i.0 as usize] || !removable(&d.kind) {
            continue;
        }
        if d.result
            .is_some_and(|r| uses.get(&r).copied().unwrap_or(0) > 0)
        {
            continue;
        }
        is_dead[i.0 as usize] = true;
        dead.push(i);
        for u in d.kind.uses() {
            if let Some(n) = uses.get_mut(&u) {
                *n -= 1;
                if *n == 0 {
                    if let Some(di) = f.def_inst(u) {
                        work.push(di);
                    }
                }
            }
        }
    }
    if dead.is_empty() {
        return false;
    }
    for b in &mut f.blocks {
        b.insts.retain(|i| !is_dead[i.0 as usize]);
    }
    true
}
