//! Lexer, parser and deparser: any input parses or gives a parse error
//! (never a panic), and for what parses, deparse -> parse -> deparse is a
//! fixpoint (the deparsed text parses, and deparses to itself). Except with
//! complex constants: R deparses the constant `2i` as `0+2i`, which parses as
//! a call (`deparse(quote(1 + 2i))` is `1 + (0+2i)` in GNU R too), so an
//! expression holding one is only required to deparse to text that parses.
//! Deparsed text may hit R's nesting limits (`contextstack overflow`, as in
//! GNU R: a chain of unary `?` deparses to nested calls), which is allowed.
#![no_main]
use libfuzzer_sys::fuzz_target;
use vm::deparse::deparse_full;
use vm::parser::parse_program;

fuzz_target!(|data: &[u8]| {
    // The text the driver parses: NUL bytes dropped, invalid UTF-8 refused.
    let decoded = vm::driver::decode_source(data);
    if decoded.error.is_some() {
        return;
    }
    let src = decoded.text.as_str();
    let Ok(p) = parse_program(src, "fuzz.R") else {
        return;
    };
    for e in &p.exprs {
        let d1 = deparse_full(e);
        let p2 = match parse_program(&d1, "deparsed.R") {
            Ok(p2) => p2,
            // R's nesting limits apply to the deparsed text too: `a ??...? b`
            // (60 `?`) parses, deparses to 60 nested `` `?`(...) `` calls, and
            // GNU R's parse() of that gives the same contextstack overflow.
            Err(err) if err.is_limit() => continue,
            Err(err) => panic!("deparsed text does not parse: {d1:?}: {err:?}"),
        };
        if format!("{e:?}").contains("Complex(") {
            continue;
        }
        let d2: Vec<String> = p2.exprs.iter().map(deparse_full).collect();
        assert_eq!(
            d2.join("\n"),
            d1,
            "deparse -> parse -> deparse is not a fixpoint for {src:?}"
        );
    }
});
