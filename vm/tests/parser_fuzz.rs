//! Robustness: random bytes and random token soup must make `parse_program`
//! return Ok or Err — never panic, hang or overflow the stack — and whatever
//! parses must deparse without panicking.

use proptest::prelude::*;
use vm::deparse::deparse_full;
use vm::parser::parse_program;

const PIECES: &[&str] = &[
    "x", "f", "...", "..1", "`a b`", "1", "1L", "2i", "0x1F", "1e-3", ".5", "'s'", "\"t\\n\"",
    "TRUE", "NULL", "NA", "Inf", "(", ")", "{", "}", "[", "[[", "]", "]]", ",", ";", "\n", "if",
    "else", "for", "in", "while", "repeat", "break", "next", "function", "\\", "+", "-", "*", "/",
    "^", ":", "::", "<", ">", "<=", ">=", "==", "!=", "!", "&", "&&", "|", "||", "<-", "<<-", "->",
    "->>", "=", "~", "?", "$", "@", "|>", "%in%", "#c\n", " ",
];

fn check(src: &str) {
    if let Ok(p) = parse_program(src, "fuzz.R") {
        for e in &p.exprs {
            let _ = deparse_full(e);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        check(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn random_tokens_never_panic(idx in proptest::collection::vec(0..PIECES.len(), 0..80)) {
        let src: String = idx.iter().map(|&i| PIECES[i]).collect::<Vec<_>>().join(" ");
        check(&src);
        let tight: String = idx.iter().map(|&i| PIECES[i]).collect();
        check(&tight);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Whatever parses must also compile to bytecode without panicking.
    #[test]
    fn random_tokens_compile(idx in proptest::collection::vec(0..PIECES.len(), 0..80)) {
        let src: String = idx.iter().map(|&i| PIECES[i]).collect::<Vec<_>>().join(" ");
        if let Ok(p) = vm::parser::parse_program(&src, "fuzz.R") {
            for e in &p.exprs {
                let code = vm::compile::compile_toplevel(e);
                let mut s = String::new();
                code.dump(&mut s);
            }
        }
    }
}
