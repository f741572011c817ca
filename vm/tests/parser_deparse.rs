//! Deparser conformance against GNU R: expectations captured once with Rscript
//! (`deparse(quote(...))`, `print(f)` of closures, `deparse(value)`, and the
//! call line of `Error in ...` messages).

use vm::ast::{Expr, ExprKind};
use vm::deparse::{deparse, deparse_full, deparse_function, deparse_value_short};
use vm::parser::parse_program;
use vm::value::{dbl_vec, int_vec, lgl_vec, list_vec, str_vec, Value, NA_INTEGER, NA_LOGICAL};

fn first_expr(src: &str) -> Expr {
    let p = parse_program(src, "<test>").unwrap_or_else(|e| panic!("{src:?}: {e}"));
    p.exprs.into_iter().next().expect("one expression")
}

#[test]
fn deparse_like_gnu_r() {
    let mut failures = Vec::new();
    for (src, want) in DEPARSE_CASES {
        let got = deparse_full(&first_expr(src));
        if got != *want {
            failures.push(format!("input {src:?}\n  want {want:?}\n  got  {got:?}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn print_closure_like_rscript() {
    let mut failures = Vec::new();
    for (src, want) in FUNCTION_CASES {
        let e = first_expr(src);
        let ExprKind::Function(params, body) = &e.kind else {
            panic!("not a function: {src}")
        };
        let got = deparse_function(params, body);
        if got != *want {
            failures.push(format!("input {src:?}\n  want {want:?}\n  got  {got:?}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn error_call_is_first_line() {
    // Rscript: `h <- function(...) stop("boom"); h({1; 2}, aaaaaaaaaa + 1)` prints
    // "Error in h({ : boom".
    assert_eq!(deparse(&first_expr("h({1; 2}, aaaaaaaaaa + 1)")), "h({");
    // ... and for a long call: "Error in h(aaaaaaaaaa = 1, bbbbbbbbbbbbb, cccccccccccc, dddddddddddddd,  : "
    let long = "h(aaaaaaaaaa = 1, bbbbbbbbbbbbb, cccccccccccc, dddddddddddddd, eeeeeeeeeeeeee, fffffffffff)";
    assert_eq!(
        deparse(&first_expr(long)),
        "h(aaaaaaaaaa = 1, bbbbbbbbbbbbb, cccccccccccc, dddddddddddddd, "
    );
    assert_eq!(deparse(&first_expr("f(1 +  2)")), "f(1 + 2)");
}

#[test]
fn deparse_values_like_gnu_r() {
    let named = |v: Value, names: &[&str]| {
        let mut v = v;
        v.set_attr("names", Value::strs(names));
        v
    };
    let cases: Vec<(Value, &str)> = vec![
        (Value::Dbl(3.0), "3"),
        (Value::Int(3), "3L"),
        (Value::str("a"), "\"a\""),
        (dbl_vec(vec![1.0, 2.0]), "c(1, 2)"),
        (int_vec(vec![1, 2, 3]), "1:3"),
        (int_vec(vec![1, 3]), "c(1L, 3L)"),
        (Value::lgl(true), "TRUE"),
        (lgl_vec(vec![1, NA_LOGICAL]), "c(TRUE, NA)"),
        (Value::Null, "NULL"),
        (
            list_vec(vec![Value::Dbl(1.0), Value::str("a")]),
            "list(1, \"a\")",
        ),
        (
            named(
                list_vec(vec![Value::Dbl(1.0), int_vec(vec![2, 3])]),
                &["a", "b"],
            ),
            "list(a = 1, b = 2:3)",
        ),
        (
            named(dbl_vec(vec![1.0, 2.0]), &["a", "b"]),
            "c(a = 1, b = 2)",
        ),
        (Value::Lgl(NA_LOGICAL), "NA"),
        (Value::Dbl(vm::value::na_real()), "NA_real_"),
        (dbl_vec(vec![1.0, vm::value::na_real()]), "c(1, NA)"),
        (int_vec(vec![1, NA_INTEGER]), "c(1L, NA)"),
        (str_vec(vec![None]), "NA_character_"),
        (str_vec(vec![Some("a".into()), None]), "c(\"a\", NA)"),
        (Value::cplx(vm::value::C64::new(1.0, 2.0)), "1+2i"),
        (dbl_vec(vec![1.5, 2.0, 3.0]), "c(1.5, 2, 3)"),
        (dbl_vec(vec![]), "numeric(0)"),
        (int_vec(vec![]), "integer(0)"),
        (str_vec(vec![]), "character(0)"),
        (lgl_vec(vec![]), "logical(0)"),
        (list_vec(vec![]), "list()"),
        (Value::Dbl(1e-20), "1e-20"),
        (
            dbl_vec(vec![1.5, f64::NAN, f64::INFINITY, f64::NEG_INFINITY]),
            "c(1.5, NaN, Inf, -Inf)",
        ),
        (int_vec(vec![2, 1]), "2:1"),
        (int_vec(vec![-1, 0, 1, 2]), "-1:2"),
        (int_vec(vec![3, 2, 1]), "3:1"),
        (named(int_vec(vec![1]), &["x"]), "c(x = 1L)"),
    ];
    for (v, want) in cases {
        assert_eq!(deparse_value_short(&v), want);
    }
}

const DEPARSE_CASES: &[(&str, &str)] = &[
        ("stats::convolve(x, y)", "stats::convolve(x, y)"),
        ("base::sum", "base::sum"),
        ("a:::b(1)", "a:::b(1)"),
        ("base::`+`(1, 2)", "base::`+`(1, 2)"),
        ("-base::pi", "-base::pi"),
        ("base::\"paste\"(1)", "base::\"paste\"(1)"),
        ("f(utils::head(x, 2))", "f(utils::head(x, 2))"),
        ("stats::sd(x)^2", "stats::sd(x)^2"),
        ("base::c(1)[1]", "base::c(1)[1]"),
        ("a+b*c", "a + b * c"),
        ("a/b", "a/b"),
        ("a*b", "a * b"),
        ("a-b", "a - b"),
        ("a^b", "a^b"),
        ("a:b", "a:b"),
        ("a%%b", "a%%b"),
        ("a%/%b", "a%/%b"),
        ("a%in%b", "a %in% b"),
        ("a %*% b", "a %*% b"),
        ("-x", "-x"),
        ("!x", "!x"),
        ("+x", "+x"),
        ("--x", "--x"),
        ("!(!x)", "!(!x)"),
        ("a<b", "a < b"),
        ("a==b", "a == b"),
        ("a!=b", "a != b"),
        ("a&b", "a & b"),
        ("a&&b", "a && b"),
        ("a|b", "a | b"),
        ("a||b", "a || b"),
        ("a<-b", "a <- b"),
        ("a<<-b", "a <<- b"),
        ("b->a", "a <- b"),
        ("a=b", "a = b"),
        ("x[i]", "x[i]"),
        ("x[[1]]", "x[[1]]"),
        ("x[i,j]", "x[i, j]"),
        ("x[,1]", "x[, 1]"),
        ("x[1,]", "x[1, ]"),
        ("x[]", "x[]"),
        ("x$a", "x$a"),
        ("x$`a b`", "x$`a b`"),
        ("x@a", "x@a"),
        ("f(a=1)", "f(a = 1)"),
        ("f(a=)", "f(a = )"),
        ("f(,1)", "f(, 1)"),
        ("f(x,y=2)", "f(x, y = 2)"),
        ("(a+b)*c", "(a + b) * c"),
        ("if(c)x else y", "if (c) x else y"),
        ("if(c)x", "if (c) x"),
        ("if (a) b else if (c) d else e", "if (a) b else if (c) d else e"),
        ("function(x)x+1", "function(x) x + 1"),
        ("function(x,y=2,...)NULL", "function(x, y = 2, ...) NULL"),
        ("function() 1", "function() 1"),
        ("\\(x) x", "function(x) x"),
        ("{a;b}", "{\n    a\n    b\n}"),
        ("{}", "{\n}"),
        ("{a}", "{\n    a\n}"),
        ("f({a})", "f({\n    a\n})"),
        ("for(i in 1:10) x", "for (i in 1:10) x"),
        ("for(i in x){a;b}", "for (i in x) {\n    a\n    b\n}"),
        ("while(TRUE)next", "while (TRUE) next"),
        ("repeat break", "repeat break"),
        ("repeat {break}", "repeat {\n    break\n}"),
        ("1", "1"),
        ("1L", "1L"),
        ("1.5", "1.5"),
        ("1e10", "1e+10"),
        ("1e5", "1e+05"),
        ("1e-4", "1e-04"),
        ("0.1", "0.1"),
        ("123456", "123456"),
        ("1234567", "1234567"),
        ("100000", "1e+05"),
        ("1e15", "1e+15"),
        ("123456789012", "123456789012"),
        ("3.14159265358979", "3.14159265358979"),
        ("0.1234567890123456", "0.123456789012346"),
        ("1/3", "1/3"),
        ("0x10", "16"),
        ("0x10L", "16L"),
        ("2i", "0+2i"),
        ("1.5i", "0+1.5i"),
        ("TRUE", "TRUE"),
        ("T", "T"),
        ("NULL", "NULL"),
        ("NA", "NA"),
        ("NA_integer_", "NA_integer_"),
        ("NA_real_", "NA_real_"),
        ("NA_character_", "NA_character_"),
        ("Inf", "Inf"),
        ("-Inf", "-Inf"),
        ("NaN", "NaN"),
        ("\"a\\nb\"", "\"a\\nb\""),
        ("'it\\'s'", "\"it's\""),
        ("\"q\\\"q\"", "\"q\\\"q\""),
        ("\"\\t\\\\\"", "\"\\t\\\\\""),
        ("\"\\001\"", "\"\\001\""),
        ("\"\\a\\b\\f\\v\\r\"", "\"\\a\\b\\f\\v\\r\""),
        ("\"\\x7f\"", "\"\\177\""),
        ("`my var` <- 1", "`my var` <- 1"),
        ("f(`a b` = 1)", "f(`a b` = 1)"),
        ("`foo bar`(1)", "`foo bar`(1)"),
        ("`+`(a, b, c)", "`+`(a, b, c)"),
        ("`[`(x)", "x[]"),
        ("x[[i]][[j]]", "x[[i]][[j]]"),
        ("a$b$c", "a$b$c"),
        ("a::b", "a::b"),
        ("f(x)(y)", "f(x)(y)"),
        ("(function(x) x)(1)", "(function(x) x)(1)"),
        ("-(1)", "-(1)"),
        ("-(a+b)", "-(a + b)"),
        ("2^-1", "2^-1"),
        ("a^b^c", "a^b^c"),
        ("(a^b)^c", "(a^b)^c"),
        ("-a^b", "-a^b"),
        ("(-a)^b", "(-a)^b"),
        ("a - (b - c)", "a - (b - c)"),
        ("!a == b", "!a == b"),
        ("a + !b", "a + !b"),
        ("a * 2i", "a * (0+2i)"),
        ("2i * a", "(0+2i) * a"),
        ("a + 2i", "a + (0+2i)"),
        ("2i + a", "0+2i + a"),
        ("-2i", "-(0+2i)"),
        ("x[-1]", "x[-1]"),
        ("c(1, 2, 3)", "c(1, 2, 3)"),
        ("f(...)", "f(...)"),
        ("..1", "..1"),
        ("x |> f()", "f(x)"),
        ("a ~ b", "a ~ b"),
        ("~a", "~a"),
        ("a := b", "`:=`(a, b)"),
        ("function(x) { x + 1 }", "function(x) {\n    x + 1\n}"),
        ("if (a) { b } else { c }", "if (a) {\n    b\n} else {\n    c\n}"),
        ("lapply(x, function(y) { y + 1 })", "lapply(x, function(y) {\n    y + 1\n})"),
        ("{ if (a) b }", "{\n    if (a) \n        b\n}"),
        ("{ if (a) b else c }", "{\n    if (a) \n        b\n    else c\n}"),
        ("{ if (a) {b} else c }", "{\n    if (a) {\n        b\n    }\n    else c\n}"),
        ("{ if (a) {b} else {c} }", "{\n    if (a) {\n        b\n    }\n    else {\n        c\n    }\n}"),
        ("{ f(if (a) b else c) }", "{\n    f(if (a) \n        b\n    else c)\n}"),
        ("{ x <- if (a) b else c }", "{\n    x <- if (a) \n        b\n    else c\n}"),
        ("{ for (i in x) if (a) b }", "{\n    for (i in x) if (a) \n        b\n}"),
        ("{ function(x) { x } }", "{\n    function(x) {\n        x\n    }\n}"),
        ("{ while (a) b; repeat break }", "{\n    while (a) b\n    repeat break\n}"),
        ("f(aaaaaaaaaa, bbbbbbbbbbbbb, cccccccccccc, dddddddddddddd, eeeeeeeeeeeeee, fffffffffff, gggggggg)", "f(aaaaaaaaaa, bbbbbbbbbbbbb, cccccccccccc, dddddddddddddd, eeeeeeeeeeeeee, \n    fffffffffff, gggggggg)"),
        ("aaaaaaaaaaaaaaa + bbbbbbbbbbbbbbbbbbbbb + cccccccccccccccccccccc + dddddddddddddddd + eeeeeeeeeee", "aaaaaaaaaaaaaaa + bbbbbbbbbbbbbbbbbbbbb + cccccccccccccccccccccc + \n    dddddddddddddddd + eeeeeeeeeee"),
        ("function(x = 1L) NA_integer_", "function(x = 1L) NA_integer_"),
        ("f(a <- 1)", "f(a <- 1)"),
        ("(a = 1)", "(a = 1)"),
        ("x$f(1)", "x$f(1)"),
        ("if (x) break else next", "if (x) break else next"),
        ("a || b && c", "a || b && c"),
        ("\"é\"", "\"é\""),
        ("x[[\"a\"]]", "x[[\"a\"]]"),
        ("'a' <- 1", "\"a\" <- 1"),
        ("1e300", "1e+300"),
        ("1e-300", "1e-300"),
        ("123.456", "123.456"),
        ("1e5L", "100000L"),
        ("5 %% 3", "5%%3"),
        ("{\n  x <- 1\n  {\n    y\n  }\n}", "{\n    x <- 1\n    {\n        y\n    }\n}"),
        ("function(a = c(1, 2), b = \"s\") {\n for (i in 1:10) { while (TRUE) break; repeat { next } }\n function(y) y * 2\n}", "function(a = c(1, 2), b = \"s\") {\n    for (i in 1:10) {\n        while (TRUE) break\n        repeat {\n            next\n        }\n    }\n    function(y) y * 2\n}"),
        ("f({1; 2}, aaaaaaaaaa + 1)", "f({\n    1\n    2\n}, aaaaaaaaaa + 1)"),
        ("base::paste(1)", "base::paste(1)"),
        ("-1:2", "-1:2"),
        ("x[-(1:2)]", "x[-(1:2)]"),
        ("a <- b <- c", "a <- b <- c"),
        ("1e-15", "1e-15"),
        ("0.00001234", "1.234e-05"),
        ("100", "100"),
        ("1e+05 + 123456.7", "1e+05 + 123456.7"),
        ("2^31", "2^31"),
        ("33.3333333333333", "33.3333333333333"),
];

const FUNCTION_CASES: &[(&str, &str)] = &[
        ("function(x, y = 2, ...) { z <- x + y; if (z > 1) \"big\" else \"small\" }", "function (x, y = 2, ...) \n{\n    z <- x + y\n    if (z > 1) \n        \"big\"\n    else \"small\"\n}"),
        ("function(x) x + 1", "function (x) \nx + 1"),
        ("function() NULL", "function () \nNULL"),
        ("function(a = c(1, 2), b = \"s\") {\n for (i in 1:10) { while (TRUE) break; repeat { next } }\n function(y) y * 2\n}", "function (a = c(1, 2), b = \"s\") \n{\n    for (i in 1:10) {\n        while (TRUE) break\n        repeat {\n            next\n        }\n    }\n    function(y) y * 2\n}"),
        ("function() 1L", "function () \n1L"),
        ("function(x = NA_integer_) c(1L, NA)", "function (x = NA_integer_) \nc(1L, NA)"),
        ("function(n) { if (n < 2) return(n); fib(n - 1) + fib(n - 2) }", "function (n) \n{\n    if (n < 2) \n        return(n)\n    fib(n - 1) + fib(n - 2)\n}"),
        ("function(x) { if (x) { 1 } }", "function (x) \n{\n    if (x) {\n        1\n    }\n}"),
        ("function(x) { y <- if (x) 1 else 2; y }", "function (x) \n{\n    y <- if (x) \n        1\n    else 2\n    y\n}"),
];

#[test]
fn if_layout_inside_braces_depends_on_callee() {
    // Captured with Rscript: deparse(parse(text = s)[[1]]).
    let cases = [
        ("{ c(if (a) b else c) }", "{\n    c(if (a) b else c)\n}"),
        (
            "{ return(if (a) b else c) }",
            "{\n    return(if (a) b else c)\n}",
        ),
        ("{ sum(if (a) b else c) }", "{\n    sum(if (a) b else c)\n}"),
        (
            "{ x[if (a) b else c] }",
            "{\n    x[if (a) \n        b\n    else c]\n}",
        ),
        (
            "{ -(if (a) b else c) }",
            "{\n    -(if (a) \n        b\n    else c)\n}",
        ),
    ];
    for (src, want) in cases {
        assert_eq!(deparse_full(&first_expr(src)), want, "{src}");
    }
}
