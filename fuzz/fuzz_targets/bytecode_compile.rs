//! The bytecode compiler: every parsed program compiles without a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(p) = vm::parser::parse_program(src, "fuzz.R") else {
        return;
    };
    for e in &p.exprs {
        let _ = vm::compile::compile_toplevel(e);
    }
});
