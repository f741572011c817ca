//! Lexer, parser and deparser: any input parses or gives a parse error
//! (never a panic), and for what parses, deparse -> parse -> deparse is a
//! fixpoint (the deparsed text parses, and deparses to itself). Except with
//! complex constants: R deparses the constant `2i` as `0+2i`, which parses as
//! a call (`deparse(quote(1 + 2i))` is `1 + (0+2i)` in GNU R too), so an
//! expression holding one is only required to deparse to text that parses.
//! Deparsed text may hit R's nesting limits (`contextstack overflow`, as in
//! GNU R: a chain of unary `?` deparses to nested calls), which is allowed.
//! And a binary-only operator called in function form with one argument
//! (`` `*`(4 - 5) ``) deparses, as in GNU R, to `*(4 - 5)`, which does not
//! parse: an expression holding one is exempt (R's deparser is not a fixpoint
//! there either, and dlvm's `print(quote(...))` must match R's).
#![no_main]
use libfuzzer_sys::fuzz_target;
use vm::ast::{Expr, ExprKind};
use vm::deparse::deparse_full;
use vm::parser::parse_program;

/// Operators with no unary form: called with one argument, R deparses them as
/// `op(arg)`, which is not valid syntax.
fn binary_only(op: &str) -> bool {
    matches!(
        op,
        "*" | "/"
            | "^"
            | "<"
            | ">"
            | "<="
            | ">="
            | "=="
            | "!="
            | "&"
            | "|"
            | "&&"
            | "||"
            | ":"
            | "$"
            | "@"
            | "<-"
            | "<<-"
            | "="
            | "->"
            | "->>"
            | "|>"
    ) || (op.len() >= 2 && op.starts_with('%') && op.ends_with('%'))
}

/// Whether `e` holds a call `` `op`(x) `` of a binary-only operator with one argument.
fn has_one_arg_binary_call(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Call(f, args) => {
            (e.call_name().is_some_and(binary_only) && args.len() == 1)
                || has_one_arg_binary_call(f)
                || args
                    .iter()
                    .any(|a| a.value.as_ref().is_some_and(has_one_arg_binary_call))
        }
        ExprKind::Function(params, body) => {
            params
                .iter()
                .any(|p| p.default.as_ref().is_some_and(has_one_arg_binary_call))
                || has_one_arg_binary_call(body)
        }
        ExprKind::If(c, a, b) => {
            has_one_arg_binary_call(c)
                || has_one_arg_binary_call(a)
                || b.as_deref().is_some_and(has_one_arg_binary_call)
        }
        ExprKind::For(_, a, b) | ExprKind::While(a, b) => {
            has_one_arg_binary_call(a) || has_one_arg_binary_call(b)
        }
        ExprKind::Repeat(b) => has_one_arg_binary_call(b),
        _ => false,
    }
}

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
        if has_one_arg_binary_call(e) {
            continue;
        }
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
