//! Property tests: random valid IR (straight-line code, diamonds, loops with
//! checkpointed preheaders, speculation, boxing) stays valid under `optimize`,
//! every pass alone, and the text round trip.

use compiler::ir::*;
use compiler::passes;
use compiler::print::{parse_func, print_func};
use compiler::verify::verify;
use proptest::prelude::*;

/// Builds a random function from a stream of choices.
struct Gen {
    choices: Vec<u32>,
    pos: usize,
    f: Func,
    block: Block,
    /// Values visible at the current point (definitions that dominate it).
    scope: Vec<Val>,
    n_args: usize,
}

impl Gen {
    fn pick(&mut self, n: usize) -> usize {
        let c = self.choices.get(self.pos).copied().unwrap_or(0);
        self.pos += 1;
        if n == 0 {
            0
        } else {
            c as usize % n
        }
    }
    fn done(&self) -> bool {
        self.pos >= self.choices.len()
    }
    fn of_type(&mut self, t: Type) -> Option<Val> {
        let vs: Vec<Val> = self
            .scope
            .iter()
            .copied()
            .filter(|&v| self.f.ty(v) == t)
            .collect();
        if vs.is_empty() {
            None
        } else {
            Some(vs[self.pick(vs.len())])
        }
    }
    fn emit(&mut self, kind: InstKind, ty: Type) -> Option<Val> {
        let r = self.f.push(self.block, kind, ty);
        if let Some(r) = r {
            self.scope.push(r);
        }
        r
    }
    /// A value of type `t`, made from a constant if none is visible.
    fn value(&mut self, t: Type) -> Val {
        if self.pick(3) > 0 {
            if let Some(v) = self.of_type(t) {
                return v;
            }
        }
        let k = self.pick(5) as i32 - 2;
        if t == Type::Cplx {
            // No complex constants in the IR: a double made complex.
            let d = self.value(Type::Dbl);
            return self
                .emit(InstKind::Unary(UnOp::DblToCplx, d), t)
                .unwrap_or(Val(0));
        }
        let kind = match t {
            Type::Int => InstKind::ConstInt(k),
            Type::Dbl => InstKind::ConstDbl([0.5, f64::NAN, -1.0, 2.0, 0.0][(k + 2) as usize]),
            Type::Lgl => InstKind::ConstLgl([0, 1, i32::MIN, 1, 0][(k + 2) as usize]),
            Type::Bool => InstKind::ConstBool(k > 0),
            _ => InstKind::ConstAny(k.unsigned_abs()),
        };
        self.emit(kind, t).unwrap_or(Val(0))
    }
    fn checkpoint(&mut self) -> Val {
        let mut locals = vec![];
        for _ in 0..self.pick(3) {
            locals.push(if self.pick(4) == 0 {
                None
            } else {
                let values: Vec<Val> = self
                    .scope
                    .iter()
                    .copied()
                    .filter(|&v| self.f.ty(v) != Type::Checkpoint)
                    .collect();
                let i = self.pick(values.len());
                values.get(i).copied()
            });
        }
        let fs = FrameState {
            pc: self.pick(100) as u32,
            stack: vec![],
            locals,
            loops: vec![],
        };
        self.emit(InstKind::Checkpoint(fs), Type::Checkpoint)
            .unwrap_or(Val(0))
    }
    fn speculate(&mut self, x: Val) {
        let t = TypeTest::all()[self.pick(6)];
        let cp = self.checkpoint();
        let c = self
            .emit(InstKind::Test(t, x), Type::Bool)
            .unwrap_or(Val(0));
        self.emit(
            InstKind::Assume {
                cond: c,
                checkpoint: cp,
                reason: Reason::TypeCheck,
            },
            Type::Void,
        );
        self.emit(InstKind::Unary(UnOp::Unbox, x), t.refined());
    }
    fn step(&mut self, depth: u32) {
        const SCALARS: [Type; 4] = [Type::Int, Type::Dbl, Type::Lgl, Type::Bool];
        match self.pick(12) {
            0 | 1 => {
                let op = BinOp::all()[self.pick(BinOp::all().len())];
                let (ot, rt) = op.types();
                let a = self.value(ot);
                let b = self.value(ot);
                self.emit(InstKind::Binary(op, a, b), rt);
            }
            2 => {
                let t = SCALARS[self.pick(4)];
                let a = self.value(t);
                self.emit(InstKind::Unary(UnOp::Box, a), Type::Any);
            }
            3 => {
                let ops: [(UnOp, Type, Type); 9] = [
                    (UnOp::NegI, Type::Int, Type::Int),
                    (UnOp::NegD, Type::Dbl, Type::Dbl),
                    (UnOp::NotB, Type::Bool, Type::Bool),
                    (UnOp::IntToDbl, Type::Int, Type::Dbl),
                    (UnOp::BoolToLgl, Type::Bool, Type::Lgl),
                    (UnOp::LglIsNa, Type::Lgl, Type::Bool),
                    (UnOp::DblIsNan, Type::Dbl, Type::Bool),
                    (UnOp::DblToLgl, Type::Dbl, Type::Lgl),
                    (UnOp::IntToLgl, Type::Int, Type::Lgl),
                ];
                let (op, ot, rt) = ops[self.pick(ops.len())];
                let a = self.value(ot);
                self.emit(InstKind::Unary(op, a), rt);
            }
            4 | 5 => {
                let x = self.value(Type::Any);
                self.speculate(x);
            }
            6 => {
                let n = self.pick(3);
                let args = (0..n).map(|_| self.value(Type::Any)).collect();
                let pc = self.pick(50) as u32;
                self.emit(InstKind::Runtime(RtOp::AtPc(pc), args), Type::Any);
            }
            7 => {
                // Assume on an existing or constant condition.
                let c = self.value(Type::Bool);
                let cp = self.checkpoint();
                self.emit(
                    InstKind::Assume {
                        cond: c,
                        checkpoint: cp,
                        reason: Reason::DeadBranch,
                    },
                    Type::Void,
                );
            }
            8 => {
                if let Some(v) = self
                    .of_type(Type::VecDbl)
                    .or_else(|| self.of_type(Type::VecInt))
                {
                    let i = self.value(Type::Int);
                    let et = match self.f.ty(v) {
                        Type::VecDbl => Type::Dbl,
                        _ => Type::Int,
                    };
                    self.emit(InstKind::Unary(UnOp::VecLen, v), Type::Int);
                    self.emit(InstKind::InBounds(v, i), Type::Bool);
                    self.emit(InstKind::VecLoad(v, i), et);
                }
            }
            9 if depth > 0 => self.diamond(depth - 1),
            10 if depth > 0 => self.counted_loop(depth - 1),
            _ => {
                let t = SCALARS[self.pick(4)];
                self.value(t);
            }
        }
    }
    fn region(&mut self, depth: u32) {
        let n = self.pick(6);
        for _ in 0..n {
            if self.done() {
                break;
            }
            self.step(depth);
        }
    }
    /// if/else merging one boxed value (often `box` of one type: food for type_infer).
    fn diamond(&mut self, depth: u32) {
        let c = self.value(Type::Bool);
        let (then_b, else_b, join) = (self.f.add_block(), self.f.add_block(), self.f.add_block());
        let merged_ty = [Type::Int, Type::Dbl][self.pick(2)];
        self.f.push(
            self.block,
            InstKind::Branch(c, then_b, vec![], else_b, vec![]),
            Type::Void,
        );
        let outer = self.scope.clone();
        for arm in [then_b, else_b] {
            self.block = arm;
            self.scope = outer.clone();
            self.region(depth);
            let v = if self.pick(4) == 0 {
                self.value(Type::Any)
            } else {
                let x = self.value(merged_ty);
                self.emit(InstKind::Unary(UnOp::Box, x), Type::Any)
                    .unwrap_or(Val(0))
            };
            self.f
                .push(self.block, InstKind::Jump(join, vec![v]), Type::Void);
        }
        self.block = join;
        self.scope = outer;
        let p = self.f.add_param(join, Type::Any);
        self.scope.push(p);
    }
    /// preheader (with checkpoint) → header(i: int, acc: any) → body → header; exit.
    fn counted_loop(&mut self, depth: u32) {
        let n = self.value(Type::Int);
        let zero = self
            .emit(InstKind::ConstInt(0), Type::Int)
            .unwrap_or(Val(0));
        let acc0 = self.value(Type::Any);
        self.checkpoint();
        let (header, body, exit) = (self.f.add_block(), self.f.add_block(), self.f.add_block());
        self.f.push(
            self.block,
            InstKind::Jump(header, vec![zero, acc0]),
            Type::Void,
        );
        let i = self.f.add_param(header, Type::Int);
        let acc = self.f.add_param(header, Type::Any);
        self.block = header;
        self.scope.push(i);
        self.scope.push(acc);
        let c = self
            .emit(InstKind::Binary(BinOp::LtI, i, n), Type::Bool)
            .unwrap_or(Val(0));
        self.f.push(
            header,
            InstKind::Branch(c, body, vec![], exit, vec![]),
            Type::Void,
        );
        let at_header = self.scope.clone();
        self.block = body;
        self.region(depth);
        let one = self
            .emit(InstKind::ConstInt(1), Type::Int)
            .unwrap_or(Val(0));
        let next = self
            .emit(InstKind::Binary(BinOp::AddI, i, one), Type::Int)
            .unwrap_or(Val(0));
        let acc2 = if self.pick(2) == 0 {
            acc
        } else {
            let x = self.value(Type::Int);
            self.emit(InstKind::Unary(UnOp::Box, x), Type::Any)
                .unwrap_or(Val(0))
        };
        self.f.push(
            self.block,
            InstKind::Jump(header, vec![next, acc2]),
            Type::Void,
        );
        self.block = exit;
        self.scope = at_header;
    }
}

fn generate(choices: Vec<u32>) -> Func {
    let mut g = Gen {
        choices,
        pos: 0,
        f: Func::new("gen"),
        block: Block(0),
        scope: vec![],
        n_args: 0,
    };
    let entry = g.f.add_block();
    g.block = entry;
    g.n_args = 1 + g.pick(3);
    let entry_types = [
        Type::Any,
        Type::Int,
        Type::Dbl,
        Type::VecDbl,
        Type::VecInt,
        Type::Bool,
    ];
    for _ in 0..g.n_args {
        let t = entry_types[g.pick(entry_types.len())];
        let p = g.f.add_param(entry, t);
        g.scope.push(p);
    }
    while !g.done() {
        g.step(2);
    }
    let r = g.value(Type::Any);
    g.f.push(g.block, InstKind::Return(r), Type::Void);
    g.f
}

fn check_round_trip(f: &Func) {
    let text = print_func(f);
    let g = parse_func(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(print_func(&g), text);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn optimize_preserves_validity(choices in prop::collection::vec(any::<u32>(), 0..160)) {
        let mut f = generate(choices);
        let before = print_func(&f);
        if let Err(e) = verify(&f) {
            panic!("generator made invalid IR: {e:#?}\n{before}");
        }
        check_round_trip(&f);
        passes::optimize(&mut f);
        let after = print_func(&f);
        if let Err(e) = verify(&f) {
            panic!("optimize broke IR: {e:#?}\n--- before\n{before}\n--- after\n{after}");
        }
        check_round_trip(&f);
        // A second optimize finds nothing left to do.
        prop_assert!(!passes::optimize(&mut f), "not a fixpoint:\n{after}");
    }

    #[test]
    fn each_pass_preserves_validity(choices in prop::collection::vec(any::<u32>(), 0..120)) {
        let f = generate(choices);
        let before = print_func(&f);
        if let Err(e) = verify(&f) {
            panic!("generator made invalid IR: {e:#?}\n{before}");
        }
        type Pass = fn(&mut Func) -> bool;
        let all: [(&str, Pass); 5] = [
            ("const_fold", passes::const_fold::run),
            ("dce", passes::dce::run),
            ("type_infer", passes::type_infer::run),
            ("assume_elim", passes::assume_elim::run),
            ("hoist", passes::hoist::run),
        ];
        for (name, pass) in all {
            let mut g = f.clone();
            pass(&mut g);
            if let Err(e) = verify(&g) {
                panic!("{name} broke IR: {e:#?}\n--- before\n{before}\n--- after\n{}", print_func(&g));
            }
        }
    }
}
