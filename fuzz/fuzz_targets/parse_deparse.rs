//! Lexer, parser and deparser: any input parses or gives a parse error
//! (never a panic), and for what parses, deparse -> parse -> deparse is a
//! fixpoint (the deparsed text parses, and deparses to itself).
#![no_main]
use libfuzzer_sys::fuzz_target;
use vm::deparse::deparse_full;
use vm::parser::parse_program;

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(p) = parse_program(src, "fuzz.R") else {
        return;
    };
    for e in &p.exprs {
        let d1 = deparse_full(e);
        let p2 = parse_program(&d1, "deparsed.R")
            .unwrap_or_else(|err| panic!("deparsed text does not parse: {d1:?}: {err:?}"));
        let d2: Vec<String> = p2.exprs.iter().map(deparse_full).collect();
        assert_eq!(
            d2.join("\n"),
            d1,
            "deparse -> parse -> deparse is not a fixpoint for {src:?}"
        );
    }
});
