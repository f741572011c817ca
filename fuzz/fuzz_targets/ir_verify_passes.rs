//! The IR text parser and verifier: no panic on any text; IR that verifies
//! survives every pass (`passes::optimize`) and re-verifies, and its printed
//! form parses back to the same text.
#![no_main]
use compiler::print::{parse_func, print_func};
use compiler::verify::verify;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(mut f) = parse_func(text) else {
        return;
    };
    if verify(&f).is_err() {
        return;
    }
    let before = print_func(&f);
    compiler::passes::optimize(&mut f);
    let after = print_func(&f);
    if let Err(errs) = verify(&f) {
        panic!("optimized IR fails verification: {errs:?}\n--- input\n{before}\n--- optimized\n{after}");
    }
    let g =
        parse_func(&after).unwrap_or_else(|e| panic!("printed IR does not parse: {e}\n{after}"));
    assert_eq!(
        print_func(&g),
        after,
        "print -> parse -> print is not a fixpoint"
    );
});
