//! The optimizer's IR for every function of the conformance corpus, built from
//! the feedback of a real interpreter run: it must verify as built, and again
//! after every optimization pass; building never panics (unsupported functions
//! are reported, not compiled).

mod common;

use std::rc::Rc;

fn check_program(name: &str) -> (usize, usize, Vec<String>) {
    let src = std::fs::read_to_string(common::corpus_dir().join(format!("{}.R", name))).unwrap();
    let mut interp = vm::interp::Interp::new();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    vm::driver::run_source(&mut interp, &src, name, &mut out, &mut err);
    let mut funs: Vec<Rc<vm::bytecode::FunctionCode>> = Vec::new();
    for code in &interp.toplevel_code {
        compiler::functions_of(code, &mut funs);
    }
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
    let handle = std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(|| {
            let (mut built, mut skipped, mut failures) = (0, 0, Vec::new());
            for p in common::programs() {
                let (b, s, f) = check_program(&p);
                built += b;
                skipped += s;
                failures.extend(f);
            }
            (built, skipped, failures)
        })
        .unwrap();
    let (built, skipped, failures) = handle.join().unwrap();
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
