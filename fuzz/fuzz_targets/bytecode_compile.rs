//! The bytecode compiler: every parsed program compiles without a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The text the driver parses: NUL bytes dropped, invalid UTF-8 refused.
    let decoded = vm::driver::decode_source(data);
    if decoded.error.is_some() {
        return;
    }
    let src = decoded.text.as_str();
    let Ok(p) = vm::parser::parse_program(src, "fuzz.R") else {
        return;
    };
    for e in &p.exprs {
        let _ = vm::compile::compile_toplevel(e);
    }
});
