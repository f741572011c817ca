//! Parser conformance against GNU R: each case is an input and the tree R's own
//! parser builds for it (or R's error), captured once with Rscript
//! (`parse(text = s, keep.source = FALSE)` rendered as an s-expression).

use vm::ast::{Expr, ExprKind};
use vm::deparse::deparse_full;
use vm::parser::parse_program;

/// Renders an expression in the same s-expression form as the R script that
/// produced the expectations.
fn sx(e: &Expr) -> String {
    let call = |f: &str, parts: Vec<String>| {
        let mut s = format!("(`{}`", f);
        for p in parts {
            s.push(' ');
            s.push_str(&p);
        }
        s.push(')');
        s
    };
    match &e.kind {
        ExprKind::Const(_) | ExprKind::Value(_) => deparse_full(e),
        ExprKind::Ident(n) => format!("`{}`", n),
        ExprKind::Call(f, args) => {
            let mut s = format!("({}", sx(f));
            for a in args {
                s.push(' ');
                if let Some(n) = &a.name {
                    s.push_str(n);
                    s.push('=');
                }
                match &a.value {
                    Some(v) => s.push_str(&sx(v)),
                    None => s.push_str("<empty>"),
                }
            }
            s.push(')');
            s
        }
        ExprKind::Function(params, body) => {
            let ps: Vec<String> = params
                .iter()
                .map(|p| match &p.default {
                    Some(d) => format!("{}={}", p.name, sx(d)),
                    None => format!("{}=", p.name),
                })
                .collect();
            format!("(function [{}] {})", ps.join(" "), sx(body))
        }
        ExprKind::If(c, a, b) => {
            let mut parts = vec![sx(c), sx(a)];
            if let Some(b) = b {
                parts.push(sx(b));
            }
            call("if", parts)
        }
        ExprKind::For(v, s, b) => call("for", vec![format!("`{}`", v), sx(s), sx(b)]),
        ExprKind::While(c, b) => call("while", vec![sx(c), sx(b)]),
        ExprKind::Repeat(b) => call("repeat", vec![sx(b)]),
        ExprKind::Break => call("break", vec![]),
        ExprKind::Next => call("next", vec![]),
    }
}

fn render(src: &str) -> String {
    match parse_program(src, "<text>") {
        Ok(p) => p.exprs.iter().map(sx).collect::<Vec<_>>().join(" ; "),
        Err(e) => format!("ERR {}:{}: {}", e.line, e.col, e.msg),
    }
}

/// Compares with R. R reports end of input at line N+1 column 0 and some errors
/// without a position: for those only the message is compared.
fn check(src: &str, want: &str) -> Option<String> {
    let got = render(src);
    if got == want {
        return None;
    }
    if let (Some(w), Some(g)) = (want.strip_prefix("ERR "), got.strip_prefix("ERR ")) {
        let g_msg = g.splitn(3, ':').nth(2).unwrap_or("").trim_start();
        let w_has_pos = w
            .split(':')
            .next()
            .is_some_and(|l| l.parse::<u32>().is_ok());
        let w_msg = if w_has_pos {
            w.splitn(3, ':').nth(2).unwrap_or("").trim_start()
        } else {
            w
        };
        if w_msg == g_msg && (!w_has_pos || w_msg == "unexpected end of input") {
            return None;
        }
    }
    Some(format!("input {:?}\n  want {}\n  got  {}", src, want, got))
}

#[test]
fn parses_like_gnu_r() {
    let mut failures = Vec::new();
    for (src, want) in CASES {
        if let Some(f) = check(src, want) {
            failures.push(f);
        }
    }
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

const CASES: &[(&str, &str)] = &[
    ("-2^2", "(`-` (`^` 2 2))"),
    ("2^-1+1", "(`+` (`^` 2 (`-` 1)) 1)"),
    ("a^b^c", "(`^` `a` (`^` `b` `c`))"),
    ("-a:b", "(`:` (`-` `a`) `b`)"),
    ("!a == b", "(`!` (`==` `a` `b`))"),
    ("a + !b == c", "(`+` `a` (`!` (`==` `b` `c`)))"),
    ("a < b < c", "ERR 1:7: unexpected '<'"),
    ("a == b == c", "ERR 1:8: unexpected '=='"),
    ("a -> b -> c", "(`<-` `c` (`<-` `b` `a`))"),
    ("a <- b <- c", "(`<-` `a` (`<-` `b` `c`))"),
    ("a = b = c", "(`=` `a` (`=` `b` `c`))"),
    ("a <- b = c", "(`=` (`<-` `a` `b`) `c`)"),
    ("a = b <- c", "(`=` `a` (`<-` `b` `c`))"),
    ("f(a = b = 1)", "ERR 1:9: unexpected '='"),
    ("(a = 1)", "(`(` (`=` `a` 1))"),
    ("if (a = 1) 2", "ERR 1:7: unexpected '='"),
    ("x[a = 1]", "(`[` `x` a=1)"),
    ("function(x) y = 2", "(function [x=] (`=` `y` 2))"),
    (
        "function(x) x + 1 -> y",
        "(function [x=] (`<-` `y` (`+` `x` 1)))",
    ),
    ("T", "`T`"),
    ("F", "`F`"),
    // R keeps the string; our AST contract makes any `$` field an Ident.
    ("x$'a'", "(`$` `x` `a`)"),
    ("x$`a`", "(`$` `x` `a`)"),
    ("x@y", "(`@` `x` `y`)"),
    ("x$f(1)", "((`$` `x` `f`) 1)"),
    ("x[[1] ]", "(`[[` `x` 1)"),
    ("x[ [1] ]", "ERR 1:4: unexpected '['"),
    ("x[[a[1]]]", "(`[[` `x` (`[` `a` 1))"),
    (";", "ERR 1:1: unexpected ';'"),
    ("1;;2", "ERR 1:3: unexpected ';'"),
    ("1;", "1"),
    ("{;}", "(`{`)"),
    ("{ ;; 1 }", "(`{` 1)"),
    ("a %in% b %o% c", "(`%o%` (`%in%` `a` `b`) `c`)"),
    ("a * b %% c", "(`*` `a` (`%%` `b` `c`))"),
    ("~a", "(`~` `a`)"),
    ("a ~ b", "(`~` `a` `b`)"),
    ("x |> f(y)", "(`f` `x` `y`)"),
    ("base::paste", "(`::` `base` `paste`)"),
    ("a::b(1)", "((`::` `a` `b`) 1)"),
    ("base::\"paste\"", "(`::` `base` \"paste\")"),
    ("\"base\":::sum", "(`:::` \"base\" `sum`)"),
    ("\\(x) x + 1", "(function [x=] (`+` `x` 1))"),
    (
        "function(x, y = 2, ...) NULL",
        "(function [x= y=2 ...=] NULL)",
    ),
    ("f(,1)", "(`f` <empty> 1)"),
    ("f(a=)", "(`f` a=<empty>)"),
    ("f(a=,b)", "(`f` a=<empty> `b`)"),
    ("x[,1]", "(`[` `x` <empty> 1)"),
    ("x[1,]", "(`[` `x` 1 <empty>)"),
    ("x[]", "(`[` `x` <empty>)"),
    ("f()", "(`f`)"),
    ("..1", "`..1`"),
    ("...", "`...`"),
    ("`my var` <- 1", "(`<-` `my var` 1)"),
    ("\"f\"(1)", "(`f` 1)"),
    ("1e-3", "0.001"),
    (".5", "0.5"),
    ("0x1F", "31"),
    ("0x10L", "16L"),
    ("1L", "1L"),
    ("2i", "0+2i"),
    ("1e3L", "1000L"),
    ("TRUE", "TRUE"),
    ("NA", "NA"),
    ("NA_integer_", "NA_integer_"),
    ("NA_real_", "NA_real_"),
    ("NA_character_", "NA_character_"),
    ("Inf", "Inf"),
    ("NaN", "NaN"),
    ("NULL", "NULL"),
    ("if (a) b else c + 1", "(`if` `a` `b` (`+` `c` 1))"),
    ("function(x) -x", "(function [x=] (`-` `x`))"),
    ("a$b$c", "(`$` (`$` `a` `b`) `c`)"),
    ("a[1][2]", "(`[` (`[` `a` 1) 2)"),
    ("a(1)(2)", "((`a` 1) 2)"),
    ("-f(x)", "(`-` (`f` `x`))"),
    ("!x[1]", "(`!` (`[` `x` 1))"),
    ("a&&b||c&d", "(`||` (`&&` `a` `b`) (`&` `c` `d`))"),
    ("a | b & c", "(`|` `a` (`&` `b` `c`))"),
    ("a+b*c-d/e", "(`-` (`+` `a` (`*` `b` `c`)) (`/` `d` `e`))"),
    ("a %% b * c", "(`*` (`%%` `a` `b`) `c`)"),
    ("a:b:c", "(`:` (`:` `a` `b`) `c`)"),
    ("-1:2", "(`:` (`-` 1) 2)"),
    ("a:-1", "(`:` `a` (`-` 1))"),
    ("!!a", "(`!` (`!` `a`))"),
    ("--a", "(`-` (`-` `a`))"),
    ("+a", "(`+` `a`)"),
    ("a * -b", "(`*` `a` (`-` `b`))"),
    ("a ^ -b ^ c", "(`^` `a` (`-` (`^` `b` `c`)))"),
    ("2 - -3", "(`-` 2 (`-` 3))"),
    ("repeat break", "(`repeat` (`break`))"),
    ("while (TRUE) next", "(`while` TRUE (`next`))"),
    ("for (i in 1:10) x", "(`for` `i` (`:` 1 10) `x`)"),
    (
        "for (i in 1:2) for (j in i) k",
        "(`for` `i` (`:` 1 2) (`for` `j` `i` `k`))",
    ),
    ("if (a) if (b) c else d", "(`if` `a` (`if` `b` `c` `d`))"),
    ("x <- if (a) 1 else 2", "(`<-` `x` (`if` `a` 1 2))"),
    ("function(x) x(1)", "(function [x=] (`x` 1))"),
    ("(function(x) x)(2)", "((`(` (function [x=] `x`)) 2)"),
    ("f(x)[1]", "(`[` (`f` `x`) 1)"),
    ("x[[1]][2]$a", "(`$` (`[` (`[[` `x` 1) 2) `a`)"),
    ("a@b$c", "(`$` (`@` `a` `b`) `c`)"),
    ("`+`(1,2)", "(`+` 1 2)"),
    ("x$1", "ERR 1:3: unexpected numeric constant"),
    ("x$if", "ERR 1:3: unexpected 'if'"),
    ("else", "ERR 1:1: unexpected 'else'"),
    ("f(1,)", "(`f` 1 <empty>)"),
    ("f(,)", "(`f` <empty> <empty>)"),
    ("x <<- 1", "(`<<-` `x` 1)"),
    ("1 ->> x", "(`<<-` `x` 1)"),
    (
        "a <- function() 1 + 2",
        "(`<-` `a` (function [] (`+` 1 2)))",
    ),
    ("f(function(x) x, 2)", "(`f` (function [x=] `x`) 2)"),
    ("-(1+2)", "(`-` (`(` (`+` 1 2)))"),
    ("x$a <- 1", "(`<-` (`$` `x` `a`) 1)"),
    ("names(x) <- 'a'", "(`<-` (`names` `x`) \"a\")"),
    (
        "a=>b",
        "ERR '=>' is disabled; set '_R_USE_PIPEBIND_' envvar to a true value to enable it",
    ),
    ("if (a) b\nelse c", "ERR 2:1: unexpected 'else'"),
    ("{ if (a) b\nelse c }", "(`{` (`if` `a` `b` `c`))"),
    ("{ if (a) b\n\n  else c }", "(`{` (`if` `a` `b` `c`))"),
    ("{ if (a) b; else c }", "ERR 1:13: unexpected 'else'"),
    ("(if (a) b\n else c)", "(`(` (`if` `a` `b` `c`))"),
    (
        "f <- function() if (a) 1\nelse 2",
        "ERR 2:1: unexpected 'else'",
    ),
    (
        "{f <- function() if (a) 1\nelse 2}",
        "(`{` (`<-` `f` (function [] (`if` `a` 1 2))))",
    ),
    ("a +\n b", "(`+` `a` `b`)"),
    ("a\n+b", "`a` ; (`+` `b`)"),
    ("(a\n+b)", "(`(` (`+` `a` `b`))"),
    ("(a\nb)", "ERR 2:1: unexpected symbol"),
    ("f\n(1)", "`f` ; (`(` 1)"),
    ("(f\n(1))", "(`(` (`f` 1))"),
    (
        "{ if (a) { if (b) c }\n else d }",
        "(`{` (`if` `a` (`{` (`if` `b` `c`)) `d`))",
    ),
    (
        "{ if (a) b else if (c) d\n else e }",
        "(`{` (`if` `a` `b` (`if` `c` `d` `e`)))",
    ),
    ("if (a)\n b else c", "(`if` `a` `b` `c`)"),
    ("for (i in x)\n y", "(`for` `i` `x` `y`)"),
    ("while (a)\n\n b", "(`while` `a` `b`)"),
    ("function(x)\n\n x", "(function [x=] `x`)"),
    ("repeat\n break", "(`repeat` (`break`))"),
    ("x <-\n 5", "(`<-` `x` 5)"),
    ("x[\n1\n]", "(`[` `x` 1)"),
    ("f(a,\n b)", "(`f` `a` `b`)"),
    (
        "if (a) {\n b\n} else {\n c\n}",
        "(`if` `a` (`{` `b`) (`{` `c`))",
    ),
    (
        "if (a) {\n b\n}\nelse {\n c\n}",
        "ERR 4:1: unexpected 'else'",
    ),
    ("{\n 1\n 2\n}", "(`{` 1 2)"),
    ("{1 2}", "ERR 1:4: unexpected numeric constant"),
    ("1 2", "ERR 1:3: unexpected numeric constant"),
    ("x = 1\ny = 2", "(`=` `x` 1) ; (`=` `y` 2)"),
    ("f(x)(y)\n(z)", "((`f` `x`) `y`) ; (`(` `z`)"),
    ("function(x) x\n(2)", "(function [x=] `x`) ; (`(` 2)"),
    ("x[[1]\n]", "(`[[` `x` 1)"),
    ("x[\n[1]]", "ERR 2:1: unexpected '['"),
    ("a <- 1 # comment\nb", "(`<-` `a` 1) ; `b`"),
    ("if (a) b else\n c", "(`if` `a` `b` `c`)"),
    ("function(a,\n b = 2) a", "(function [a= b=2] `a`)"),
    (
        "{ x <- if (a) b\n else c }",
        "(`{` (`<-` `x` (`if` `a` `b` `c`)))",
    ),
    ("{ if (a) b\n, }", "ERR 2:1: unexpected ','"),
    ("f(if (a) b\n, c)", "(`f` (`if` `a` `b`) `c`)"),
    ("{ if (a) b\n }", "(`{` (`if` `a` `b`))"),
    ("{ if (a) b\n x }", "(`{` (`if` `a` `b`) `x`)"),
    ("x[if (a) b\n else c]", "(`[` `x` (`if` `a` `b` `c`))"),
    ("a <- -\n 1", "(`<-` `a` (`-` 1))"),
    ("a$\nb", "(`$` `a` `b`)"),
    ("if (a)\nelse b", "ERR 2:1: unexpected 'else'"),
    (
        "{ if (a) if (b) c\n else d\n else e}",
        "(`{` (`if` `a` (`if` `b` `c` `d`) `e`))",
    ),
    (
        "function(x) {\n x\n}\n(2)",
        "(function [x=] (`{` `x`)) ; (`(` 2)",
    ),
    ("x[[1]][[2]]", "(`[[` (`[[` `x` 1) 2)"),
    ("(\n)", "ERR 2:1: unexpected ')'"),
    ("()", "ERR 1:2: unexpected ')'"),
    ("{}", "(`{`)"),
    ("f(\n)", "(`f`)"),
    ("a[[]]", "(`[[` `a` <empty>)"),
    ("x$`a b`", "(`$` `x` `a b`)"),
    ("\\x", "ERR 1:2: unexpected symbol"),
    ("1 ) 2", "ERR 1:3: unexpected ')'"),
    ("1 } 2", "ERR 1:3: unexpected '}'"),
    ("x ]", "ERR 1:3: unexpected ']'"),
    ("if (a) b else c else d", "ERR 1:17: unexpected 'else'"),
    ("f(function(x) y = 2)", "(`f` (function [x=] (`=` `y` 2)))"),
    ("f(if (a) b = 2)", "(`f` (`if` `a` (`=` `b` 2)))"),
    ("if (a) b = 2", "(`if` `a` (`=` `b` 2))"),
    ("while (a) b = 1", "(`while` `a` (`=` `b` 1))"),
    ("f(a ? b)", "(`f` (`?` `a` `b`))"),
    ("1..2", "ERR 1:3: unexpected numeric constant"),
    ("x$NULL", "ERR 1:3: unexpected 'NULL'"),
    ("f(NULL = 1)", "(`f` NULL=1)"),
    ("f('a' = 1)", "(`f` a=1)"),
    ("f(`a` = 1)", "(`f` a=1)"),
    ("a**b", "(`^` `a` `b`)"),
    ("a := b", "(`:=` `a` `b`)"),
    ("x[[1]]]", "ERR 1:7: unexpected ']'"),
    ("a -> 'b'", "(`<-` \"b\" `a`)"),
    ("1 -> f(x)", "(`<-` (`f` `x`) 1)"),
    ("0x1.8p1", "3"),
    ("0L", "0L"),
    ("0x7fffffffL", "2147483647L"),
    ("a$b()", "((`$` `a` `b`))"),
    ("-1i", "(`-` 0+1i)"),
    ("{a = 1}", "(`{` (`=` `a` 1))"),
    ("a <- b -> c", "(`<-` `a` (`<-` `c` `b`))"),
    ("f(!)", "ERR 1:4: unexpected ')'"),
    ("1 +\n\n 2", "(`+` 1 2)"),
    ("\\(x, y = 1) x", "(function [x= y=1] `x`)"),
    ("function(x = ) 1", "ERR 1:14: unexpected ')'"),
    ("a[[b]]<-1", "(`<-` (`[[` `a` `b`) 1)"),
    ("'\\`'", "\"`\""),
    ("a\n\n\nb c", "ERR 4:3: unexpected symbol"),
    ("  x <- (1 +\n  2) * 3 )", "ERR 2:10: unexpected ')'"),
    ("f(x,\n  y z)", "ERR 2:5: unexpected symbol"),
    (
        "function(x) {\n  if (x) 1\n  else 2\n}",
        "(function [x=] (`{` (`if` `x` 1 2)))",
    ),
    (
        "while (TRUE) { break }\n next",
        "(`while` TRUE (`{` (`break`))) ; (`next`)",
    ),
    (
        "a[b][[c]]$d@e(f)",
        "((`@` (`$` (`[[` (`[` `a` `b`) `c`) `d`) `e`) `f`)",
    ),
    ("-a$b^c", "(`-` (`^` (`$` `a` `b`) `c`))"),
    ("!a %in% b", "(`!` (`%in%` `a` `b`))"),
    ("a | !b & c", "(`|` `a` (`&` (`!` `b`) `c`))"),
    ("a == !b == c", "(`==` `a` (`!` (`==` `b` `c`)))"),
    ("x[-1:2]", "(`[` `x` (`:` (`-` 1) 2))"),
    ("a <- b <<- c", "(`<-` `a` (`<<-` `b` `c`))"),
    (
        "x[[1]] <- y[[2]] <- 3",
        "(`<-` (`[[` `x` 1) (`<-` (`[[` `y` 2) 3))",
    ),
    (
        "function(x) function(y) x + y",
        "(function [x=] (function [y=] (`+` `x` `y`)))",
    ),
    ("if (a) function() 1 else 2", "(`if` `a` (function [] 1) 2)"),
    ("{ function() 1 }(2)", "((`{` (function [] 1)) 2)"),
    ("f(a = 1, b =\n 2)", "(`f` a=1 b=2)"),
    (
        "for (i in seq_len(n)) { s <- s + i }",
        "(`for` `i` (`seq_len` `n`) (`{` (`<-` `s` (`+` `s` `i`))))",
    ),
    ("x %% 2 == 0 && y", "(`&&` (`==` (`%%` `x` 2) 0) `y`)"),
    ("a - b + c", "(`+` (`-` `a` `b`) `c`)"),
    ("a / b * c", "(`*` (`/` `a` `b`) `c`)"),
    ("a ^ b * c", "(`*` (`^` `a` `b`) `c`)"),
    ("1:n - 1", "(`-` (`:` 1 `n`) 1)"),
    ("1:(n - 1)", "(`:` 1 (`(` (`-` `n` 1)))"),
    ("-x^2:3", "(`:` (`-` (`^` `x` 2)) 3)"),
    ("~ a + b", "(`~` (`+` `a` `b`))"),
    ("a ~ b | c", "(`~` `a` (`|` `b` `c`))"),
    ("a -> b <- c", "(`<-` (`<-` `b` `a`) `c`)"),
    ("f(x) <- 3", "(`<-` (`f` `x`) 3)"),
    ("a$b <- c$d", "(`<-` (`$` `a` `b`) (`$` `c` `d`))"),
    (
        "if (x) y <- 1 else z <- 2",
        "(`if` `x` (`<-` `y` 1) (`<-` `z` 2))",
    ),
    (
        "function(x = c(1, 2), y = list(a = 1)) x",
        "(function [x=(`c` 1 2) y=(`list` a=1)] `x`)",
    ),
    ("for (x in) 1", "ERR 1:10: unexpected ')'"),
    ("for x in y", "ERR 1:5: unexpected symbol"),
    ("function(1) 2", "ERR 1:10: unexpected numeric constant"),
    (
        "function(x, x) 1",
        "ERR repeated formal argument 'x' on line 1",
    ),
    ("if (a) b else", "ERR 2:0: unexpected end of input"),
    ("x[1, , 2]", "(`[` `x` 1 <empty> 2)"),
    ("x[[i, j]]", "(`[[` `x` `i` `j`)"),
    ("TRUE -> x", "(`<-` `x` TRUE)"),
    ("`if`(a, b)", "(`if` `a` `b`)"),
    (
        "a & b && c | d || e",
        "(`||` (`|` (`&&` (`&` `a` `b`) `c`) `d`) `e`)",
    ),
    ("5 %/% 2 %% 3", "(`%%` (`%/%` 5 2) 3)"),
    ("a < b & c > d", "(`&` (`<` `a` `b`) (`>` `c` `d`))"),
    ("a <= -1", "(`<=` `a` (`-` 1))"),
    ("a<-1", "(`<-` `a` 1)"),
    ("a < -1", "(`<` `a` (`-` 1))"),
    ("a<--1", "(`<-` `a` (`-` 1))"),
];
