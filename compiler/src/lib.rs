//! `compiler`: the optimizing compiler. Bytecode + type feedback + an entry state
//! → typed SSA IR with explicit `Checkpoint`/`FrameState`/`Assume` (ir.rs) →
//! passes → Cranelift → native code with exit metadata.
//!
//! It knows the interpreter's bytecode and value layout (the `vm` crate) but not
//! how exits are handled: deoptimization and deoptless live above it.

pub mod build;
pub mod buildtest;
pub mod context;
pub mod filetest;
pub mod ir;
pub mod lower;
pub mod passes;
pub mod pipeline;
pub mod print;
pub mod profit;
pub mod runtime;
pub mod verify;

use vm::bytecode::FunctionCode;

/// The IR of one function as `--dump ir` shows it: built from the bytecode and
/// feedback, verified, optimized and verified again. Functions the builder does
/// not handle are listed with the reason.
pub fn dump_ir(code: &FunctionCode) -> String {
    let entry = build::Entry::call(code, &context::ArgContext::generic(code.nparams));
    let mut times = pipeline::PhaseTimes::default();
    match pipeline::optimized_ir(code, &entry, true, &mut times) {
        Ok(f) => print::print_func(&f),
        Err(pipeline::NotCompiled::Invalid { stage, errors, ir }) => {
            let mut out = format!("; {}: {} IR fails verification:\n", code.name, stage);
            for e in errors {
                out.push_str(&format!(";   {}\n", e));
            }
            out.push_str(&print::print_func(&ir));
            out
        }
        Err(e) => format!("; {}: not compiled: {}\n", code.name, e),
    }
}

/// Every closure body reachable from `code` (nested function literals), depth first.
pub fn functions_of(code: &std::rc::Rc<FunctionCode>, out: &mut Vec<std::rc::Rc<FunctionCode>>) {
    for (_, f) in &code.functions {
        out.push(f.clone());
        functions_of(f, out);
    }
}
