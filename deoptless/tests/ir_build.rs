//! The optimizer's IR for every function of the conformance corpus, built from
//! the feedback of a real interpreter run: it must verify as built, and again
//! after every optimization pass; building never panics (unsupported functions
//! are reported, not compiled).

mod common;

use std::rc::Rc;

/// Every function of corpus program `name`, with the feedback of one
/// interpreter run of the program.
fn functions_after_run(name: &str) -> Vec<Rc<vm::bytecode::FunctionCode>> {
    // Bytes: a program may be deliberately invalid UTF-8 (`error_source_latin1`).
    let bytes = std::fs::read(common::corpus_dir().join(format!("{}.R", name))).unwrap();
    functions_after_source(&vm::driver::decode_source(&bytes).text, name)
}

/// Every function of program `src` (named `name`), with the feedback of one
/// interpreter run.
fn functions_after_source(src: &str, name: &str) -> Vec<Rc<vm::bytecode::FunctionCode>> {
    let mut interp = vm::interp::Interp::new();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    vm::driver::run_source(&mut interp, src, name, &mut out, &mut err);
    let mut funs = Vec::new();
    for code in &interp.toplevel_code {
        compiler::functions_of(code, &mut funs);
    }
    funs
}

/// Function `fname` of `funs` built from its feedback, optimized and
/// verified; with its printed IR.
fn optimized(
    funs: &[Rc<vm::bytecode::FunctionCode>],
    fname: &str,
) -> (Rc<vm::bytecode::FunctionCode>, compiler::ir::Func, String) {
    let f = funs.iter().find(|f| f.name == fname).unwrap().clone();
    let mut ir =
        compiler::build::build(&f).unwrap_or_else(|e| panic!("{} not built: {:?}", fname, e));
    compiler::passes::optimize(&mut ir);
    compiler::verify::verify(&ir).unwrap();
    let text = compiler::print::print_func(&ir);
    (f, ir, text)
}

/// Does `ir` (of `f`) hand one of `f`'s instructions that `op` selects to
/// the generic runtime?
fn calls_generic_for(
    f: &vm::bytecode::FunctionCode,
    ir: &compiler::ir::Func,
    op: impl Fn(&vm::bytecode::Op) -> bool,
) -> bool {
    use compiler::ir::InstKind;
    ir.insts.iter().any(|i| match &i.kind {
        InstKind::Runtime(rt, _) => op(&f.ops[rt.pc() as usize]),
        _ => false,
    })
}

/// How many generic runtime calls of `ir` (of `f`) perform element stores
/// (`x[i] <- v`, `x[[i]] <- v`).
fn generic_stores(f: &vm::bytecode::FunctionCode, ir: &compiler::ir::Func) -> usize {
    use compiler::ir::InstKind;
    ir.insts
        .iter()
        .filter(|i| match &i.kind {
            InstKind::Runtime(rt, _) => matches!(
                f.ops[rt.pc() as usize],
                vm::bytecode::Op::SetIndex { .. } | vm::bytecode::Op::SetIndex2 { .. }
            ),
            _ => false,
        })
        .count()
}

/// Run `f` on a thread with a large stack (deeply nested corpus programs),
/// propagating its panic.
fn on_big_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}

fn check_program(name: &str) -> (usize, usize, Vec<String>) {
    let funs = functions_after_run(name);
    let (mut built, mut skipped, mut failures) = (0, 0, Vec::new());
    for f in funs.iter().filter(|f| f.invocations.get() > 0) {
        let mut ir = match compiler::build::build(f) {
            Ok(ir) => ir,
            Err(_) => {
                skipped += 1;
                continue;
            }
        };
        built += 1;
        if let Err(e) = compiler::verify::verify(&ir) {
            failures.push(format!(
                "{}::{} as built: {:?}\n{}",
                name,
                f.name,
                e,
                compiler::print::print_func(&ir)
            ));
            continue;
        }
        compiler::passes::optimize(&mut ir);
        if let Err(e) = compiler::verify::verify(&ir) {
            failures.push(format!(
                "{}::{} optimized: {:?}\n{}",
                name,
                f.name,
                e,
                compiler::print::print_func(&ir)
            ));
        }
    }
    (built, skipped, failures)
}

#[test]
fn corpus_functions_build_verified_ir() {
    let (built, skipped, failures) = on_big_stack(|| {
        let (mut built, mut skipped, mut failures) = (0, 0, Vec::new());
        for p in common::programs() {
            let (b, s, f) = check_program(&p);
            built += b;
            skipped += s;
            failures.extend(f);
        }
        (built, skipped, failures)
    });
    assert!(
        failures.is_empty(),
        "{} IR verification failures:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    // The builder must cover a real share of the corpus's functions.
    assert!(
        built >= 50,
        "only {} functions built ({} unsupported)",
        built,
        skipped
    );
    eprintln!(
        "IR built and verified for {} functions ({} unsupported)",
        built, skipped
    );
}

/// The functions of `jit_logic_records` build (`&&`/`||`, `rec$x <- v`,
/// conditions from calls, `1:n` with a double `n`), and where the feedback
/// saw only non-NA logicals, `&&` and the `if`/`while` conditions are native
/// control flow: no runtime call performs those instructions.
#[test]
fn logic_and_records_build_typed() {
    on_big_stack(|| {
        let name = "jit_logic_records";
        let funs = functions_after_run(name);
        let ir_of = |fname: &str| {
            let f = funs.iter().find(|f| f.name == fname).unwrap();
            let ir = compiler::build::build(f)
                .unwrap_or_else(|e| panic!("{} not built: {:?}", fname, e));
            (f.clone(), ir)
        };
        for fname in [
            "and_or",
            "num_logic",
            "bump",
            "alias",
            "grow",
            "cond_calls",
            "bad",
        ] {
            ir_of(fname);
        }
        for fname in ["count_run", "any_big"] {
            let (code, ir) = ir_of(fname);
            for inst in &ir.insts {
                if let compiler::ir::InstKind::Runtime(rt, _) = &inst.kind {
                    let pc = rt.pc();
                    let op = code.ops[pc as usize];
                    assert!(
                        !matches!(
                            op,
                            vm::bytecode::Op::AndStart(..)
                                | vm::bytecode::Op::OrStart(..)
                                | vm::bytecode::Op::AndEnd(_)
                                | vm::bytecode::Op::OrEnd(_)
                                | vm::bytecode::Op::BranchFalse(..)
                        ),
                        "{}: generic {:?} at pc {}\n{}",
                        fname,
                        op,
                        pc,
                        compiler::print::print_func(&ir)
                    );
                }
            }
        }
    });
}

/// Call-target speculation: in `jit_inline`, calls that always reached one
/// small closure are inlined — a `callee_is` guard and the callee's body in
/// place of the generic call — while calls of closures with free variables,
/// output or recursion stay calls.
#[test]
fn small_closures_are_inlined() {
    on_big_stack(|| {
        let name = "jit_inline";
        let funs = functions_after_run(name);
        use compiler::ir::InstKind;
        // (guards, generic calls) in the IR of `fname`.
        let calls_of = |fname: &str| {
            let f = funs.iter().find(|f| f.name == fname).unwrap();
            let ir = compiler::build::build(f)
                .unwrap_or_else(|e| panic!("{} not built: {:?}", fname, e));
            compiler::verify::verify(&ir).unwrap();
            let guards = ir
                .insts
                .iter()
                .filter(|i| matches!(i.kind, InstKind::CalleeIs { .. }))
                .count();
            let calls = ir
                .insts
                .iter()
                .filter(|i| match &i.kind {
                    InstKind::Runtime(rt, _) => {
                        matches!(f.ops[rt.pc() as usize], vm::bytecode::Op::Call { .. })
                    }
                    _ => false,
                })
                .count();
            (guards, calls, compiler::print::print_func(&ir))
        };
        // Monomorphic to the end of the run (the others saw a redefinition).
        for fname in ["acc_named", "clip_sum"] {
            let (guards, calls, ir) = calls_of(fname);
            assert!(guards == 1 && calls == 0, "{} not inlined:\n{}", fname, ir);
        }
        // (`shadow`, which defines its local `sq`, is not compiled at all.)
        for fname in ["scaled", "loud", "facts"] {
            let (guards, calls, ir) = calls_of(fname);
            assert!(guards == 0 && calls == 1, "{} inlined:\n{}", fname, ir);
        }
    });
}

/// Direct element stores: in `jit_store`, `x[i] <- v` into vectors the
/// feedback saw only as attribute-free double/integer/logical vectors is a
/// `vecset` (no generic runtime call performs the assignment).
#[test]
fn typed_vector_stores_build_as_vecset() {
    on_big_stack(|| {
        let name = "jit_store";
        let funs = functions_after_run(name);
        for fname in ["halves", "doubles", "flags", "ints_into_dbl"] {
            let (f, ir, text) = optimized(&funs, fname);
            let stores = ir
                .insts
                .iter()
                .filter(|i| matches!(i.kind, compiler::ir::InstKind::VecSet(..)))
                .count();
            // The generic store is only the fallback of the typed one (x
            // not a vector of that type, or R extending it).
            let generic = generic_stores(&f, &ir);
            assert!(stores == 1 && generic == 1, "{}:\n{}", fname, text);
            assert!(text.contains("inbounds"), "{}:\n{}", fname, text);
        }
    });
}

/// Double subscripts (`x[2.9]`, `x[d] <- v`, `m[a, b]` with doubles) are
/// truncated to integers in compiled code (R's rule) and index typed
/// vectors directly: no generic runtime call reads or stores an element.
#[test]
fn double_subscripts_build_as_typed_element_accesses() {
    on_big_stack(|| {
        let funs = functions_after_run("jit_double_subscripts");
        use vm::bytecode::Op;
        for fname in ["pick", "put", "mat"] {
            let (f, ir, text) = optimized(&funs, fname);
            let generic = calls_generic_for(&f, &ir, |op| {
                matches!(
                    op,
                    Op::Index { .. } | Op::Index2 { .. } | Op::IndexLocals { .. }
                )
            });
            let typed_stores = ir
                .insts
                .iter()
                .filter(|i| matches!(i.kind, compiler::ir::InstKind::VecSet(..)))
                .count();
            let typed = typed_stores > 0
                || ir
                    .insts
                    .iter()
                    .any(|i| matches!(i.kind, compiler::ir::InstKind::VecLoad(..)));
            // A generic store only as the fallback of a typed vector store.
            let stores_ok = generic_stores(&f, &ir) <= typed_stores;
            assert!(typed && !generic && stores_ok, "{}:\n{}", fname, text);
            assert!(text.contains("dbl2int"), "{}:\n{}", fname, text);
        }
    });
}

/// `for (i in 1:n)` with a double `n` counts in integers: the count is
/// computed from the double as R's `seq_colon` does (`dbl2int`, no
/// integral end needed) instead of asking the runtime for the range.
#[test]
fn double_loop_bounds_build_as_integer_loops() {
    on_big_stack(|| {
        let funs = functions_after_run("jit_double_bounds");
        let f = funs.iter().find(|f| f.name == "count_to").unwrap();
        let ctx = compiler::context::ArgContext {
            args: vec![compiler::context::ArgType::Dbl],
        };
        let mut ir = compiler::build::build_for(f, &ctx).expect("count_to builds");
        compiler::passes::optimize(&mut ir);
        compiler::verify::verify(&ir).unwrap();
        let text = compiler::print::print_func(&ir);
        assert!(text.contains("dbl2int"), "{}", text);
        assert!(!text.contains("runtime"), "no generic range:\n{}", text);
    });
}

/// A `for` loop over a local whose profile saw integer and double vectors
/// (`col <- tbl[[j]]`) is entered through a trip-count test: at least
/// `TYPED_LOOP_MIN_TRIPS` iterations hand over to loop code typed by the
/// values (a transfer exit at the loop's header), fewer run the loop as
/// built. A monomorphic loop has no such test.
#[test]
fn polymorphic_loops_hand_over_to_typed_loop_code() {
    on_big_stack(|| {
        let src = "colsum <- function(tbl, j) {\n  col <- tbl[[j]]\n  s <- 0\n  for (i in seq_along(col)) s <- s + col[i]\n  s\n}\n\
                   tbl <- list(1:10, (1:10) * 0.5)\n\
                   for (k in 1:20) for (j in 1:2) colsum(tbl, j)\n\
                   mono <- list(1:10, 11:20)\n\
                   colsum2 <- function(tbl, j) {\n  col <- tbl[[j]]\n  s <- 0\n  for (i in seq_along(col)) s <- s + col[i]\n  s\n}\n\
                   for (k in 1:20) for (j in 1:2) colsum2(mono, j)\n";
        let funs = functions_after_source(src, "polymorphic_loop");
        let (_, _, text) = optimized(&funs, "colsum");
        let trips = format!("const.int {}", compiler::build::TYPED_LOOP_MIN_TRIPS);
        assert!(
            text.contains(&trips) && text.contains("ge.i") && text.contains("transfer"),
            "trip-count test and transfer exit:\n{}",
            text
        );
        let (_, _, mono) = optimized(&funs, "colsum2");
        assert!(
            !mono.contains("transfer"),
            "monomorphic: no transfer\n{}",
            mono
        );
    });
}

/// A continuation entered in the inner loop's body of a two-deep nest gets
/// each loop entered at its header (`passes::peel`): three natural loops (a
/// copy of the inner loop, then the original nest), where without peeling
/// the outer loop is not one.
#[test]
fn mid_loop_continuations_are_peeled_into_natural_loops() {
    on_big_stack(|| {
        use compiler::context::ArgType;
        let funs = functions_after_run("jit_double_bounds");
        let f = funs.iter().find(|f| f.name == "nested").unwrap();
        let steps: Vec<usize> = f
            .ops
            .iter()
            .enumerate()
            .filter(|(_, op)| matches!(op, vm::bytecode::Op::ForStep { .. }))
            .map(|(pc, _)| pc)
            .collect();
        assert_eq!(steps.len(), 2);
        let locals = f
            .locals
            .iter()
            .map(|name| match &*name.name() {
                "i" | "j" => Some(ArgType::Int),
                _ => Some(ArgType::Dbl),
            })
            .collect();
        let entry = |peel_loops| compiler::build::Entry {
            pc: steps[1] + 1,
            stack: vec![],
            locals: Vec::clone(&locals),
            loop_steps: vec![1, 1],
            mode: compiler::build::EntryMode::Trust,
            feedback: Default::default(),
            no_inline: Default::default(),
            peel_loops,
            transfer_at_loop_headers: false,
        };
        let loops_of = |peel| {
            let ir = compiler::build::build_from(f, &entry(peel)).expect("builds");
            compiler::verify::verify(&ir).unwrap();
            let cfg = compiler::passes::cfg::Cfg::new(&ir);
            cfg.loops().len()
        };
        assert_eq!(loops_of(false), 2);
        assert_eq!(loops_of(true), 3);
    });
}

/// Direct calls (`profit::is_direct_call`): positional calls whose feedback
/// saw one closure are bound straight into the callee's frame at run time
/// (`runtime::call_positional`), so the profitability check counts them as
/// cheap: the benchmark's recursive `fib` is compiled, and in `calls_direct_args` the
/// positional calls are direct while the named one is not.
#[test]
fn positional_closure_calls_are_direct() {
    on_big_stack(|| {
        let funs = functions_after_run("bench_suite_fib");
        let fib = funs.iter().find(|f| f.name == "fib").unwrap();
        // As the engine compiles it for its calls: an integer argument.
        let ctx = compiler::context::ArgContext {
            args: vec![compiler::context::ArgType::Int],
        };
        let entry = compiler::build::Entry::call(fib, &ctx);
        let mut ir = compiler::build::build_from(fib, &entry).unwrap();
        compiler::passes::optimize(&mut ir);
        let work = compiler::profit::loop_work(&ir, fib);
        assert_eq!(
            (work.direct, work.calls),
            (2, 0),
            "{}",
            compiler::print::print_func(&ir)
        );
        compiler::profit::check(&ir, fib).unwrap();

        let funs = functions_after_run("calls_direct_args");
        let f = funs.iter().find(|f| f.name == "f").unwrap();
        let (mut direct, mut other) = (0, 0);
        for op in &f.ops {
            if let vm::bytecode::Op::Call { call, .. } = *op {
                if compiler::profit::is_direct_call(f, call) {
                    direct += 1;
                } else {
                    other += 1;
                }
            }
        }
        assert_eq!((direct, other), (5, 1));
    });
}

/// Stale feedback (the `reopt_stale` case): a loop profiled over integer
/// vectors, then entered by OSR-in with a double vector. The loads' profiles
/// say int|dbl, but the types flowing into each block are known (the entry
/// state's, then each edge's): the body builds as typed double arithmetic,
/// with no generic runtime call (before, `s - v` and `s + v` stayed generic
/// and the OSR code was judged unprofitable, so both modes interpreted it).
#[test]
fn osr_code_is_typed_by_the_types_flowing_in_not_by_stale_profiles() {
    on_big_stack(|| {
        use compiler::context::ArgType;
        let src = "norm1 <- function(x) {
  s <- 0
  for (i in seq_along(x)) {
    v <- x[i]
    if (v < 0) s <- s - v else s <- s + v
  }
  s
}
xi <- (1:200) %% 11L - 5L
for (k in 1:3) print(norm1(xi))
print(norm1(xi * 0.5))
";
        let mut interp = vm::interp::Interp::new();
        let (mut out, mut err) = (Vec::new(), Vec::new());
        vm::driver::run_source(&mut interp, src, "stale", &mut out, &mut err);
        let mut funs = Vec::new();
        for code in &interp.toplevel_code {
            compiler::functions_of(code, &mut funs);
        }
        let f = funs.iter().find(|f| f.name == "norm1").unwrap();
        let step = f
            .ops
            .iter()
            .position(|op| matches!(op, vm::bytecode::Op::ForStep { .. }))
            .unwrap();
        let locals = f
            .locals
            .iter()
            .map(|name| match &*name.name() {
                "x" => Some(ArgType::VecDbl),
                "i" => Some(ArgType::Int),
                _ => Some(ArgType::Dbl),
            })
            .collect();
        let entry = compiler::build::Entry {
            pc: step,
            stack: vec![],
            locals,
            loop_steps: vec![1],
            mode: compiler::build::EntryMode::Trust,
            feedback: Default::default(),
            no_inline: Default::default(),
            peel_loops: false,
            transfer_at_loop_headers: false,
        };
        let mut ir = compiler::build::build_from(f, &entry).expect("builds");
        compiler::passes::optimize(&mut ir);
        compiler::verify::verify(&ir).unwrap();
        let text = compiler::print::print_func(&ir);
        assert!(text.contains("vecload"), "{}", text);
        assert!(text.contains("sub.d") && text.contains("add.d"), "{}", text);
        assert!(!text.contains("runtime"), "no generic operation:\n{}", text);
    });
}

/// A callee written at top level that reads and assigns globals is inlined
/// (fasta's `gen_random`): constants defined once become IR constants under
/// one epoch guard, the variable updated with `<<-` is read with
/// `load_global` and stored with `store_global`, and no exit follows the
/// store (an exit re-executes the whole call). A callee that would need a
/// check after its store (`bump`) is not inlined.
#[test]
fn inlined_global_reads_and_stores() {
    on_big_stack(|| {
        // The first part of corpus program `jit_inline_globals` (before it
        // redefines the constants), and its `tally`.
        let src =
            std::fs::read_to_string(common::corpus_dir().join("jit_inline_globals.R")).unwrap();
        let cut = src.find("# A constant redefined").unwrap();
        let tally =
            &src[src.find("# A global written twice").unwrap()..src.find("step <- 1L").unwrap()];
        let funs = functions_after_source(&format!("{}{}", &src[..cut], tally), "globals");
        use compiler::ir::InstKind;
        let (f, ir, text) = optimized(&funs, "run");
        assert!(
            !calls_generic_for(&f, &ir, |op| matches!(op, vm::bytecode::Op::Call { .. })),
            "gen_random is inlined:\n{}",
            text
        );
        let count = |p: &dyn Fn(&InstKind) -> bool| ir.insts.iter().filter(|i| p(&i.kind)).count();
        assert_eq!(
            count(&|k| matches!(k, InstKind::StoreGlobal(..))),
            1,
            "{}",
            text
        );
        assert_eq!(
            count(&|k| matches!(k, InstKind::LoadGlobal(..))),
            1,
            "{}",
            text
        );
        assert_eq!(
            count(&|k| matches!(k, InstKind::GlobalEpochIs(_))),
            1,
            "{}",
            text
        );
        // No assume after the store in its block.
        for b in &ir.blocks {
            let after_store = b
                .insts
                .iter()
                .skip_while(|&&i| !matches!(ir.inst(i).kind, InstKind::StoreGlobal(..)));
            for &i in after_store {
                assert!(
                    !matches!(ir.inst(i).kind, InstKind::Assume { .. }),
                    "an exit after the global store:\n{}",
                    text
                );
            }
        }
        let (_, ir, text) = optimized(&funs, "tally");
        assert!(
            !ir.insts
                .iter()
                .any(|i| matches!(i.kind, InstKind::StoreGlobal(..))),
            "bump is not inlined:\n{}",
            text
        );
    });
}
