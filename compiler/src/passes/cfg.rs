//! Control-flow analyses shared by the verifier and the passes: predecessors,
//! reverse postorder, reachability, dominators (Cooper–Harvey–Kennedy) and
//! natural loops. Tolerates broken IR (targets out of range are ignored) because
//! the verifier runs it before it knows the IR is sound.

use crate::ir::{Block, Func, InstKind};
use std::collections::BTreeSet;

/// Successors of `b` as written in its last instruction, when that is a
/// terminator; targets that do not exist are dropped.
pub fn successors(f: &Func, b: Block) -> Vec<Block> {
    let Some(data) = f.blocks.get(b.0 as usize) else {
        return vec![];
    };
    let Some(last) = data.insts.last().and_then(|i| f.insts.get(i.0 as usize)) else {
        return vec![];
    };
    let targets = match &last.kind {
        InstKind::Jump(t, _) => vec![*t],
        InstKind::Branch(_, t, _, e, _) => vec![*t, *e],
        _ => vec![],
    };
    targets
        .into_iter()
        .filter(|t| (t.0 as usize) < f.blocks.len())
        .collect()
}

pub struct Cfg {
    pub preds: Vec<Vec<Block>>,
    pub succs: Vec<Vec<Block>>,
    /// Reachable blocks in reverse postorder (entry first).
    pub rpo: Vec<Block>,
    pub reachable: Vec<bool>,
    /// Immediate dominator; `None` for the entry and unreachable blocks.
    pub idom: Vec<Option<Block>>,
}

impl Cfg {
    pub fn new(f: &Func) -> Cfg {
        let n = f.blocks.len();
        let succs: Vec<Vec<Block>> = (0..n).map(|b| successors(f, Block(b as u32))).collect();
        let mut preds = vec![vec![]; n];
        for (b, ss) in succs.iter().enumerate() {
            for s in ss {
                preds[s.0 as usize].push(Block(b as u32));
            }
        }
        // Iterative DFS postorder from the entry.
        let mut reachable = vec![false; n];
        let mut post = vec![];
        if n > 0 {
            let mut stack: Vec<(Block, usize)> = vec![(Block(0), 0)];
            reachable[0] = true;
            while let Some((b, next)) = stack.pop() {
                let ss = &succs[b.0 as usize];
                if next < ss.len() {
                    stack.push((b, next + 1));
                    let s = ss[next];
                    if !reachable[s.0 as usize] {
                        reachable[s.0 as usize] = true;
                        stack.push((s, 0));
                    }
                } else {
                    post.push(b);
                }
            }
        }
        let rpo: Vec<Block> = post.into_iter().rev().collect();
        let mut order = vec![usize::MAX; n];
        for (i, b) in rpo.iter().enumerate() {
            order[b.0 as usize] = i;
        }
        let mut idom: Vec<Option<Block>> = vec![None; n];
        if n > 0 {
            idom[0] = Some(Block(0));
            let mut changed = true;
            while changed {
                changed = false;
                for &b in rpo.iter().skip(1) {
                    let mut new_idom: Option<Block> = None;
                    for &p in &preds[b.0 as usize] {
                        if idom[p.0 as usize].is_none() {
                            continue;
                        }
                        new_idom = Some(match new_idom {
                            None => p,
                            Some(cur) => intersect(&idom, &order, p, cur),
                        });
                    }
                    if new_idom.is_some() && idom[b.0 as usize] != new_idom {
                        idom[b.0 as usize] = new_idom;
                        changed = true;
                    }
                }
            }
            idom[0] = None;
        }
        Cfg {
            preds,
            succs,
            rpo,
            reachable,
            idom,
        }
    }

    /// Does `a` dominate `b` (reflexively)? False when `b` is unreachable.
    pub fn dominates(&self, a: Block, b: Block) -> bool {
        if !self.reachable.get(b.0 as usize).copied().unwrap_or(false) {
            return false;
        }
        let mut cur = b;
        loop {
            if cur == a {
                return true;
            }
            match self.idom[cur.0 as usize] {
                Some(d) => cur = d,
                None => return false,
            }
        }
    }

    /// Natural loops, one per header (back edges to the same header merged),
    /// in reverse postorder of their headers (outer loops before inner ones).
    pub fn loops(&self) -> Vec<Loop> {
        let mut loops = vec![];
        for &header in &self.rpo {
            let tails: Vec<Block> = self.preds[header.0 as usize]
                .iter()
                .copied()
                .filter(|&p| self.dominates(header, p))
                .collect();
            if tails.is_empty() {
                continue;
            }
            let mut body = BTreeSet::from([header]);
            let mut work = tails;
            while let Some(b) = work.pop() {
                if self.reachable[b.0 as usize] && body.insert(b) {
                    work.extend(self.preds[b.0 as usize].iter().copied());
                }
            }
            loops.push(Loop { header, body });
        }
        loops
    }
}

fn intersect(idom: &[Option<Block>], order: &[usize], a: Block, b: Block) -> Block {
    let (mut a, mut b) = (a, b);
    while a != b {
        while order[a.0 as usize] > order[b.0 as usize] {
            a = idom[a.0 as usize].unwrap_or(Block(0));
        }
        while order[b.0 as usize] > order[a.0 as usize] {
            b = idom[b.0 as usize].unwrap_or(Block(0));
        }
    }
    a
}

/// A natural loop: its header and all blocks of its body (header included).
pub struct Loop {
    pub header: Block,
    pub body: BTreeSet<Block>,
}
