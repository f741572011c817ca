//! Deparsing expressions and values back to R source text, as GNU R's deparser
//! (deparse.c) prints them: calls in error messages (`Error in f(x) :`), values in
//! "unused argument (3)" messages, and closures printed with `print(f)` under
//! Rscript (no source references kept).
//!
//! The layout rules are R's: spacing per operator kind, 4-space indentation inside
//! `{ }`, `if`/`else` broken over lines inside braces, lines broken after an
//! argument or a binary operator once a line passes 60 characters, and
//! parentheses added only where R adds them (explicit `(` is itself a call).

use crate::ast::{Arg, Const, Expr, ExprKind, Param};
use crate::value::{is_na_real, Value, VecData, Vector, C64};

/// The first line of the deparsed expression: exactly what R shows for a call
/// in `Error in <call> : msg` and `In <call> :` warning headers.
pub fn deparse(e: &Expr) -> String {
    deparse_lines(e).into_iter().next().unwrap_or_default()
}

/// All lines of the deparsed expression (R's `deparse(quote(...))`).
pub fn deparse_lines(e: &Expr) -> Vec<String> {
    let mut d = Deparser::new();
    d.expr(e);
    d.finish()
}

/// The whole deparse joined with newlines (`paste(deparse(e), collapse = "\n")`).
pub fn deparse_full(e: &Expr) -> String {
    deparse_lines(e).join("\n")
}

/// What `print(f)` shows for a closure under Rscript (no srcref), without the
/// `<bytecode>`/`<environment>` lines: `function (x) ` then the body lines.
pub fn deparse_function(params: &[Param], body: &Expr) -> String {
    let mut d = Deparser::new();
    d.put("function (");
    d.formals(params);
    d.put(") ");
    d.writeline();
    d.expr(body);
    d.finish().join("\n")
}

/// The first line of a closure's deparse (`function (w) `): how R's
/// error and warning headers show a call of a function value.
pub fn deparse_function_head(params: &[Param]) -> String {
    let mut d = Deparser::new();
    d.put("function (");
    d.formals(params);
    d.put(") ");
    d.writeline();
    d.finish().into_iter().next().unwrap_or_default()
}

/// All lines of the deparse of value `v` (R's `deparse(v, width.cutoff)`):
/// a language object as its expression, a function as its definition,
/// other values as `dput` writes them.
pub fn deparse_value_lines(v: &Value, cutoff: usize) -> Vec<String> {
    let mut d = Deparser::new();
    d.cutoff = cutoff;
    match v {
        Value::Closure(c) => match &c.code.body {
            Some(body) => {
                d.put("function (");
                d.formals(&c.params);
                d.put(") ");
                d.writeline();
                d.expr(body);
            }
            None => d.value(v),
        },
        _ => d.value(v),
    }
    d.finish()
}

/// A short deparse of a value (for "unused argument (3)" messages from builtins):
/// `3`, `"a"`, `c(1, 2)`, `1:3`, `TRUE`, `NULL`, `list(a = 1)`.
pub fn deparse_value_short(v: &Value) -> String {
    let mut d = Deparser::new();
    d.value(v);
    d.finish().join("\n")
}

/// Formats a double as R's deparser does (15 significant digits, fixed or
/// scientific notation, whichever is narrower; `Inf`, `NaN`, `NA`).
pub fn format_double(x: f64) -> String {
    if is_na_real(x) {
        return "NA".into();
    }
    if x.is_nan() {
        return "NaN".into();
    }
    if x.is_infinite() {
        return if x > 0.0 { "Inf".into() } else { "-Inf".into() };
    }
    if x == 0.0 {
        return "0".into();
    }
    let neg = x < 0.0;
    let sci = format!("{:.14e}", x.abs());
    let (mant, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let digits: String = mant.chars().filter(|c| c.is_ascii_digit()).collect();
    let digits = digits.trim_end_matches('0');
    let digits = if digits.is_empty() { "0" } else { digits };
    let nsig = digits.len() as i32;
    let (left, rgt) = if exp >= 0 {
        (exp + 1, (nsig - 1 - exp).max(0))
    } else {
        (1, nsig - 1 - exp)
    };
    let neg_w = neg as i32;
    let fixed_w = neg_w + left + if rgt > 0 { rgt + 1 } else { 0 };
    let sci_w = neg_w + if nsig > 1 { nsig + 1 } else { 1 } + if exp.abs() >= 100 { 5 } else { 4 };
    if fixed_w <= sci_w {
        format!("{:.*}", rgt as usize, x)
    } else {
        let mut s = String::new();
        if neg {
            s.push('-');
        }
        s.push_str(&digits[..1]);
        if nsig > 1 {
            s.push('.');
            s.push_str(&digits[1..]);
        }
        s.push('e');
        s.push(if exp < 0 { '-' } else { '+' });
        s.push_str(&format!("{:02}", exp.abs()));
        s
    }
}

/// A complex number as R's deparser writes it (`0+2i`, `1-1.5i`).
pub fn format_complex(z: C64) -> String {
    if z.re.is_nan() && is_na_real(z.re) || z.im.is_nan() && is_na_real(z.im) {
        return "NA".into();
    }
    let re = format_double(z.re);
    let im = format_double(z.im.abs());
    let sign = if z.im < 0.0 || (z.im == 0.0 && z.im.is_sign_negative()) {
        '-'
    } else {
        '+'
    };
    format!("{}{}{}i", re, sign, im)
}

/// A string literal with R's escapes, in double quotes.
pub fn quote_string(s: &str) -> String {
    encode_string(s, '"')
}

fn encode_string(s: &str, quote: char) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
    for c in s.chars() {
        match c {
            '\x07' => out.push_str("\\a"),
            '\x08' => out.push_str("\\b"),
            '\x0c' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\x0b' => out.push_str("\\v"),
            '\\' => out.push_str("\\\\"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\{:03o}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

const RESERVED: &[&str] = &[
    "if",
    "else",
    "repeat",
    "while",
    "function",
    "for",
    "next",
    "break",
    "TRUE",
    "FALSE",
    "NULL",
    "Inf",
    "NaN",
    "NA",
    "NA_integer_",
    "NA_real_",
    "NA_character_",
    "NA_complex_",
    "in",
];

/// R's `isValidName`: a syntactic name that needs no backticks.
pub fn is_syntactic_name(s: &str) -> bool {
    if s == "..." {
        return true;
    }
    let mut chars = s.chars();
    let Some(c0) = chars.next() else { return false };
    if c0 != '.' && !c0.is_alphabetic() {
        return false;
    }
    if c0 == '.' && s[1..].starts_with(|c: char| c.is_ascii_digit()) {
        return false;
    }
    if !chars.all(|c| c.is_alphanumeric() || c == '.' || c == '_') {
        return false;
    }
    !RESERVED.contains(&s)
}

/// A name as R deparses a symbol in a call: backticked unless syntactic.
pub fn quote_name(s: &str) -> String {
    if s.is_empty() || is_syntactic_name(s) {
        s.to_string()
    } else {
        encode_string(s, '`')
    }
}

// R's operator precedences (Defn.h PREC_*).
const PREC_FN: u8 = 0;
const PREC_EQ: u8 = 1;
const PREC_LEFT: u8 = 2;
const PREC_TILDE: u8 = 4;
const PREC_OR: u8 = 5;
const PREC_AND: u8 = 6;
const PREC_NOT: u8 = 7;
const PREC_COMPARE: u8 = 8;
const PREC_SUM: u8 = 9;
const PREC_PROD: u8 = 10;
const PREC_PERCENT: u8 = 11;
const PREC_COLON: u8 = 12;
const PREC_SIGN: u8 = 13;
const PREC_POWER: u8 = 14;
const PREC_SUBSET: u8 = 15;
const PREC_DOLLAR: u8 = 15;
const PREC_NS: u8 = 16;

/// How R prints a call to a given function (names.c PPinfo kinds).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    FunCall,
    Curly,
    Paren,
    Subset,
    Dollar,
    Assign,
    /// Binary with spaces around the operator (`a + b`).
    Binary,
    /// Binary without spaces (`a/b`, `a^b`, `a:b`).
    Binary2,
    Unary,
    /// `if`/`for`/`while`/`repeat` (our AST has them as their own nodes).
    Control,
}

#[derive(Clone, Copy, Debug)]
struct PPInfo {
    kind: Kind,
    prec: u8,
    right: bool,
}

fn is_user_binop(name: &str) -> bool {
    name.len() >= 2 && name.starts_with('%') && name.ends_with('%')
}

fn ppinfo(name: &str) -> Option<PPInfo> {
    let (kind, prec, right) = match name {
        "{" => (Kind::Curly, PREC_FN, false),
        "(" => (Kind::Paren, PREC_FN, false),
        "[" | "[[" => (Kind::Subset, PREC_SUBSET, false),
        "$" | "@" => (Kind::Dollar, PREC_DOLLAR, false),
        "<-" | "<<-" => (Kind::Assign, PREC_LEFT, true),
        "=" => (Kind::Assign, PREC_EQ, true),
        "+" | "-" => (Kind::Binary, PREC_SUM, false),
        "*" => (Kind::Binary, PREC_PROD, false),
        "/" => (Kind::Binary2, PREC_PROD, false),
        "^" => (Kind::Binary2, PREC_POWER, true),
        "%%" | "%/%" => (Kind::Binary2, PREC_PERCENT, false),
        "%*%" => (Kind::Binary, PREC_PERCENT, false),
        "==" | "!=" | "<" | ">" | "<=" | ">=" => (Kind::Binary, PREC_COMPARE, false),
        "&" | "&&" => (Kind::Binary, PREC_AND, false),
        "|" | "||" => (Kind::Binary, PREC_OR, false),
        "!" => (Kind::Unary, PREC_NOT, false),
        ":" => (Kind::Binary2, PREC_COLON, false),
        "~" => (Kind::Binary, PREC_TILDE, false),
        "::" | ":::" => (Kind::Binary2, PREC_NS, false),
        "if" | "for" | "while" | "repeat" | "function" => (Kind::Control, PREC_FN, true),
        _ if is_user_binop(name) => (Kind::Binary, PREC_PERCENT, false),
        _ => return None,
    };
    Some(PPInfo { kind, prec, right })
}

/// The effective print kind of a call `name(args)` (binary ops with one argument
/// are unary, with three or more they print as ordinary calls).
fn call_info(name: &str, args: &[Arg]) -> PPInfo {
    let Some(mut info) = ppinfo(name) else {
        return PPInfo {
            kind: Kind::FunCall,
            prec: PREC_FN,
            right: false,
        };
    };
    let n = args.len();
    let named = args.iter().any(|a| a.name.is_some());
    match info.kind {
        Kind::Binary => match n {
            1 if !is_user_binop(name) => {
                info.kind = Kind::Unary;
                if info.prec == PREC_SUM {
                    info.prec = PREC_SIGN;
                }
            }
            2 if !(named && is_user_binop(name)) => {}
            _ => info.kind = Kind::FunCall,
        },
        Kind::Binary2 | Kind::Dollar | Kind::Assign if n != 2 => info.kind = Kind::FunCall,
        Kind::Unary if n != 1 => info.kind = Kind::FunCall,
        Kind::Paren if n != 1 => info.kind = Kind::FunCall,
        Kind::Subset if n == 0 => info.kind = Kind::FunCall,
        // `if`, `for`... called by name (`` `if`(a, b) ``): print as a call.
        Kind::Control => info.kind = Kind::FunCall,
        _ => {}
    }
    if args.iter().any(|a| a.value.is_none())
        && matches!(info.kind, Kind::Binary | Kind::Binary2 | Kind::Unary)
    {
        info.kind = Kind::FunCall;
    }
    info
}

/// R's needsparens: does `arg` need parentheses as an operand of `main`?
fn needs_parens(main: PPInfo, arg: &Expr, left: bool) -> bool {
    match &arg.peel().kind {
        ExprKind::Call(f, args) => {
            let ExprKind::Ident(name) = &f.kind else {
                return false;
            };
            if let Some(node) = crate::lang::control_node(name, args) {
                // `` `if`(a, b) `` is the `if` it stands for.
                return needs_parens(main, &node, left);
            }
            let Some(mut info) = ppinfo(name) else {
                return false;
            };
            if is_user_binop(name) {
                return main.prec > PREC_PERCENT
                    || (main.prec == PREC_PERCENT && left == main.right);
            }
            match info.kind {
                Kind::Binary | Kind::Binary2 => {
                    match args.len() {
                        1 => {
                            if !left {
                                return false;
                            }
                            if info.prec == PREC_SUM {
                                info.prec = PREC_SIGN;
                            }
                        }
                        2 => {}
                        _ => return false,
                    }
                    if main.prec == PREC_COMPARE && info.prec == PREC_COMPARE {
                        return true;
                    }
                    if main.kind == Kind::Dollar {
                        return false;
                    }
                    main.prec > info.prec || (main.prec == info.prec && left == main.right)
                }
                Kind::Subset if main.kind == Kind::Dollar => false,
                Kind::Unary if !left => false,
                Kind::Subset | Kind::Assign | Kind::Unary | Kind::Dollar => {
                    main.prec > info.prec || (main.prec == info.prec && left == main.right)
                }
                _ => false,
            }
        }
        ExprKind::If(..) | ExprKind::For(..) | ExprKind::While(..) | ExprKind::Repeat(..) => left,
        ExprKind::Const(Const::Complex(_)) => {
            main.prec > PREC_SUM || (main.prec == PREC_SUM && left == main.right)
        }
        _ => false,
    }
}

/// R's parenthesizeCaller: does a non-symbol callee need parentheses?
fn parenthesize_caller(f: &Expr) -> bool {
    match &f.peel().kind {
        ExprKind::Call(g, _) => match &g.kind {
            ExprKind::Ident(name) => {
                if is_user_binop(name) {
                    return true;
                }
                match ppinfo(name) {
                    Some(i) => {
                        !(i.prec >= PREC_SUBSET || matches!(i.kind, Kind::Paren | Kind::Curly))
                    }
                    None => false,
                }
            }
            _ => true,
        },
        ExprKind::Function(..)
        | ExprKind::If(..)
        | ExprKind::For(..)
        | ExprKind::While(..)
        | ExprKind::Repeat(..) => true,
        _ => false,
    }
}

/// GNU R's primitive functions with ordinary call syntax (sorted, from
/// `ls(baseenv())` filtered by `is.primitive`). Arguments of calls to these are
/// deparsed "in a list", which turns off the multi-line `if` layout inside braces.
const PRIMITIVES: &[&str] = &[
    "...elt",
    "...length",
    "...names",
    ".C",
    ".Call",
    ".Call.graphics",
    ".External",
    ".External.graphics",
    ".External2",
    ".Fortran",
    ".Internal",
    ".Primitive",
    ".cache_class",
    ".class2",
    ".isMethodsDispatchOn",
    ".primTrace",
    ".primUntrace",
    ".subset",
    ".subset2",
    "Arg",
    "Conj",
    "Im",
    "Mod",
    "Re",
    "UseMethod",
    "abs",
    "acos",
    "acosh",
    "all",
    "any",
    "anyNA",
    "as.call",
    "as.character",
    "as.complex",
    "as.double",
    "as.environment",
    "as.integer",
    "as.logical",
    "as.numeric",
    "as.raw",
    "asin",
    "asinh",
    "atan",
    "atanh",
    "attr",
    "attributes",
    "baseenv",
    "break",
    "browser",
    "c",
    "call",
    "ceiling",
    "class",
    "cos",
    "cosh",
    "cospi",
    "cummax",
    "cummin",
    "cumprod",
    "cumsum",
    "digamma",
    "dim",
    "dimnames",
    "emptyenv",
    "enc2native",
    "enc2utf8",
    "exp",
    "expm1",
    "expression",
    "floor",
    "for",
    "forceAndCall",
    "function",
    "gamma",
    "gc.time",
    "globalenv",
    "if",
    "interactive",
    "invisible",
    "is.array",
    "is.atomic",
    "is.call",
    "is.character",
    "is.complex",
    "is.double",
    "is.environment",
    "is.expression",
    "is.finite",
    "is.function",
    "is.infinite",
    "is.integer",
    "is.language",
    "is.list",
    "is.logical",
    "is.matrix",
    "is.na",
    "is.name",
    "is.nan",
    "is.null",
    "is.numeric",
    "is.object",
    "is.pairlist",
    "is.raw",
    "is.recursive",
    "is.single",
    "is.symbol",
    "isS4",
    "lazyLoadDBfetch",
    "length",
    "lgamma",
    "list",
    "log",
    "log10",
    "log1p",
    "log2",
    "max",
    "min",
    "missing",
    "names",
    "nargs",
    "next",
    "nzchar",
    "oldClass",
    "on.exit",
    "pos.to.env",
    "proc.time",
    "prod",
    "quote",
    "range",
    "rep",
    "repeat",
    "retracemem",
    "return",
    "round",
    "seq.int",
    "seq_along",
    "seq_len",
    "sign",
    "signif",
    "sin",
    "sinh",
    "sinpi",
    "sqrt",
    "standardGeneric",
    "substitute",
    "sum",
    "switch",
    "tan",
    "tanh",
    "tanpi",
    "tracemem",
    "trigamma",
    "trunc",
    "unclass",
    "untracemem",
    "while",
    "xtfrm",
];

pub fn is_primitive(name: &str) -> bool {
    PRIMITIVES.binary_search(&name).is_ok()
}

/// Whether GNU R's function `name` is a closure (R code, with a context of
/// its own: it shows in tracebacks, and warnings from C code inside it name
/// its call), not a primitive. Operators are primitives, but for the
/// `%op%`s R defines in R code.
pub fn is_r_closure(name: &str) -> bool {
    let syntactic = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '.' || c == '_');
    (syntactic && !is_primitive(name)) || matches!(name, "%in%" | "%o%" | "%x%")
}

/// R's `typeof` of the function dlvm implements as builtin `name`:
/// "closure" for one R writes in R, "special" for the primitives that take
/// their arguments unevaluated (GNU R 4.2's base specials, listed by
/// `typeof(get(n, baseenv())) == "special"`), else "builtin".
pub fn builtin_type(name: &str) -> &'static str {
    const SPECIALS: &[&str] = &[
        "::",
        ":::",
        ".Internal",
        "[",
        "[[",
        "[[<-",
        "[<-",
        "{",
        "@",
        "@<-",
        "&&",
        "<-",
        "<<-",
        "=",
        "||",
        "~",
        "$",
        "$<-",
        "break",
        "call",
        "expression",
        "for",
        "forceAndCall",
        "function",
        "if",
        "log",
        "missing",
        "next",
        "on.exit",
        "quote",
        "rep",
        "repeat",
        "return",
        "round",
        "signif",
        "substitute",
        "switch",
        "UseMethod",
        "while",
    ];
    if SPECIALS.contains(&name) {
        "special"
    } else if is_r_closure(name) {
        "closure"
    } else {
        "builtin"
    }
}

/// R's default `width.cutoff` of deparsing.
pub const CUTOFF: usize = 60;

/// The line buffer of R's deparser (LocalParseData).
struct Deparser {
    lines: Vec<String>,
    buf: String,
    /// Characters on the current line (R's `len`).
    len: usize,
    indent: usize,
    startline: bool,
    incurly: u32,
    inlist: u32,
    fnarg: bool,
    /// Lines are broken once they pass this many characters.
    cutoff: usize,
}

impl Deparser {
    fn new() -> Deparser {
        Deparser {
            lines: Vec::new(),
            buf: String::new(),
            len: 0,
            indent: 0,
            startline: true,
            incurly: 0,
            inlist: 0,
            fnarg: false,
            cutoff: CUTOFF,
        }
    }

    fn finish(mut self) -> Vec<String> {
        self.writeline();
        self.lines
    }

    fn put(&mut self, s: &str) {
        if self.startline {
            self.startline = false;
            for i in 1..=self.indent {
                let tab = if i <= 4 { "    " } else { "  " };
                self.buf.push_str(tab);
                self.len += tab.len();
            }
        }
        self.buf.push_str(s);
        self.len += s.chars().count();
    }

    fn writeline(&mut self) {
        self.lines.push(std::mem::take(&mut self.buf));
        self.len = 0;
        self.startline = true;
    }

    fn linebreak(&mut self, lbreak: &mut bool) {
        if self.len > self.cutoff {
            if !*lbreak {
                *lbreak = true;
                self.indent += 1;
            }
            self.writeline();
        }
    }

    fn operand(&mut self, main: PPInfo, e: &Expr, left: bool) {
        let parens = needs_parens(main, e, left);
        if parens {
            self.put("(");
        }
        self.expr(e);
        if parens {
            self.put(")");
        }
    }

    fn constant(&mut self, c: &Const) {
        match c {
            Const::Null => self.put("NULL"),
            Const::Logical(Some(true)) => self.put("TRUE"),
            Const::Logical(Some(false)) => self.put("FALSE"),
            Const::Logical(None) => self.put("NA"),
            Const::Integer(Some(i)) => self.put(&format!("{}L", i)),
            Const::Integer(None) => self.put("NA_integer_"),
            Const::Double(Some(x)) if is_na_real(*x) => self.put("NA_real_"),
            Const::Double(Some(x)) => self.put(&format_double(*x)),
            Const::Double(None) => self.put("NA_real_"),
            Const::Complex(im) if is_na_real(*im) => self.put("NA_complex_"),
            Const::Complex(im) => self.put(&format_complex(C64::new(0.0, *im))),
            Const::Str(Some(s)) => self.put(&quote_string(s)),
            Const::Str(None) => self.put("NA_character_"),
        }
    }

    fn expr(&mut self, e: &Expr) {
        let e = e.peel();
        let fnarg = self.fnarg;
        self.fnarg = false;
        match &e.kind {
            ExprKind::Const(c) => self.constant(c),
            ExprKind::Ident(n) => self.put(&quote_name(n)),
            ExprKind::Break => self.put("break"),
            ExprKind::Next => self.put("next"),
            ExprKind::Function(params, body) => {
                self.put("function(");
                self.formals(params);
                self.put(") ");
                self.expr(body);
            }
            ExprKind::If(cond, then, otherwise) => self.if_expr(cond, then, otherwise.as_deref()),
            ExprKind::For(var, seq, body) => {
                self.put("for (");
                self.put(&quote_name(var));
                self.put(" in ");
                self.expr(seq);
                self.put(") ");
                self.expr(body);
            }
            ExprKind::While(cond, body) => {
                self.put("while (");
                self.expr(cond);
                self.put(") ");
                self.expr(body);
            }
            ExprKind::Repeat(body) => {
                self.put("repeat ");
                self.expr(body);
            }
            ExprKind::Call(f, args) => self.call(f, args, fnarg),
            ExprKind::Value(v) => self.value(v),
        }
    }

    fn if_expr(&mut self, cond: &Expr, then: &Expr, otherwise: Option<&Expr>) {
        self.put("if (");
        self.expr(cond);
        self.put(") ");
        let curly_layout = self.incurly > 0 && self.inlist == 0;
        let lookahead = then.call_name() == Some("{");
        if curly_layout && !lookahead {
            self.writeline();
            self.indent += 1;
        }
        match otherwise {
            Some(other) => {
                self.expr(then);
                if curly_layout {
                    self.writeline();
                    if !lookahead {
                        self.indent = self.indent.saturating_sub(1);
                    }
                } else {
                    self.put(" ");
                }
                self.put("else ");
                self.expr(other);
            }
            None => {
                self.expr(then);
                if curly_layout && !lookahead {
                    self.indent = self.indent.saturating_sub(1);
                }
            }
        }
    }

    fn call(&mut self, f: &Expr, args: &[Arg], fnarg: bool) {
        let name = match &f.kind {
            ExprKind::Ident(n) => Some(&**n),
            _ => None,
        };
        let Some(name) = name else {
            // A call of a computed function: `f(x)(y)`, `(function(x) x)(1)`.
            let parens = parenthesize_caller(f);
            if parens {
                self.put("(");
            }
            self.expr(f);
            if parens {
                self.put(")");
            }
            self.put("(");
            self.args(args);
            self.put(")");
            return;
        };
        if let Some(node) = crate::lang::control_node(name, args) {
            // `` `if`(a, b) `` is the call `if (a) b` is.
            return self.expr(&node);
        }
        let info = call_info(name, args);
        let val = |i: usize| args.get(i).and_then(|a| a.value.as_ref());
        match info.kind {
            Kind::Curly => {
                self.put("{");
                self.incurly += 1;
                self.indent += 1;
                self.writeline();
                for a in args {
                    if let Some(v) = &a.value {
                        self.expr(v);
                    }
                    self.writeline();
                }
                self.indent = self.indent.saturating_sub(1);
                self.put("}");
                self.incurly -= 1;
            }
            Kind::Paren => {
                self.put("(");
                if let Some(v) = val(0) {
                    self.expr(v);
                }
                self.put(")");
            }
            Kind::Subset => {
                if let Some(x) = val(0) {
                    self.operand(info, x, true);
                }
                let (open, close) = if name == "[" {
                    ("[", "]")
                } else {
                    ("[[", "]]")
                };
                self.put(open);
                self.args(args.get(1..).unwrap_or(&[]));
                self.put(close);
            }
            Kind::Dollar => {
                if let Some(x) = val(0) {
                    self.operand(info, x, true);
                }
                self.put(name);
                match val(1).map(Expr::peel) {
                    Some(Expr {
                        kind: ExprKind::Const(Const::Str(Some(s))),
                        ..
                    }) if is_syntactic_name(s) => self.put(s),
                    Some(v) => self.operand(info, v, false),
                    None => {}
                }
            }
            Kind::Assign => {
                let outer = fnarg && name == "=";
                if outer {
                    self.put("(");
                }
                if let Some(x) = val(0) {
                    self.operand(info, x, true);
                }
                self.put(" ");
                self.put(name);
                self.put(" ");
                if let Some(v) = val(1) {
                    self.operand(info, v, false);
                }
                if outer {
                    self.put(")");
                }
            }
            Kind::Binary => {
                if let Some(x) = val(0) {
                    self.operand(info, x, true);
                }
                self.put(" ");
                self.put(name);
                self.put(" ");
                let mut lbreak = false;
                self.linebreak(&mut lbreak);
                if let Some(v) = val(1) {
                    self.operand(info, v, false);
                }
                if lbreak {
                    self.indent = self.indent.saturating_sub(1);
                }
            }
            Kind::Binary2 => {
                if let Some(x) = val(0) {
                    self.operand(info, x, true);
                }
                self.put(name);
                if let Some(v) = val(1) {
                    self.operand(info, v, false);
                }
            }
            Kind::Unary => {
                self.put(name);
                if let Some(x) = val(0) {
                    self.operand(info, x, false);
                }
            }
            Kind::FunCall | Kind::Control => {
                self.put(&quote_name(name));
                self.put("(");
                let primitive = is_primitive(name);
                if primitive {
                    self.inlist += 1;
                }
                self.args(args);
                if primitive {
                    self.inlist -= 1;
                }
                self.put(")");
            }
        }
    }

    /// R's args2buff for call arguments.
    fn args(&mut self, args: &[Arg]) {
        let mut lbreak = false;
        for (i, a) in args.iter().enumerate() {
            if let Some(n) = &a.name {
                self.put(&quote_name(n));
                self.put(" = ");
            }
            if let Some(v) = &a.value {
                self.fnarg = true;
                self.expr(v);
                self.fnarg = false;
            }
            if i + 1 < args.len() {
                self.put(", ");
                self.linebreak(&mut lbreak);
            }
        }
        if lbreak {
            self.indent = self.indent.saturating_sub(1);
        }
    }

    /// R's args2buff for formals: `x, y = 2, ...`.
    fn formals(&mut self, params: &[Param]) {
        let mut lbreak = false;
        for (i, p) in params.iter().enumerate() {
            self.put(&quote_name(&p.name));
            if let Some(d) = &p.default {
                self.put(" = ");
                self.fnarg = true;
                self.expr(d);
                self.fnarg = false;
            }
            if i + 1 < params.len() {
                self.put(", ");
                self.linebreak(&mut lbreak);
            }
        }
        if lbreak {
            self.indent = self.indent.saturating_sub(1);
        }
    }

    // ---- values ----------------------------------------------------------------

    fn value(&mut self, v: &Value) {
        match v {
            Value::Null => self.put("NULL"),
            Value::Closure(c) => {
                self.put("function (");
                self.formals(&c.params);
                self.put(") ");
                self.put("NULL");
            }
            Value::Builtin(i) => {
                let name = crate::builtin_names::NAMES
                    .get(*i as usize)
                    .copied()
                    .unwrap_or("?");
                self.put(&format!(".Primitive({})", quote_string(name)));
            }
            Value::Env(_) => self.put("<environment>"),
            Value::Lang(l) => match &**l {
                crate::lang::Lang::Sym(s) => self.put(&quote_name(s)),
                crate::lang::Lang::Call(c) => self.expr(&c.expr),
                crate::lang::Lang::Exprs(x) => {
                    let names = x.names();
                    self.put("expression(");
                    if let VecData::List(items) = &x.data {
                        let mut lbreak = false;
                        for (i, item) in items.iter().enumerate() {
                            self.elem_name(names, i);
                            self.value(item);
                            if i + 1 < items.len() {
                                self.put(", ");
                                self.linebreak(&mut lbreak);
                            }
                        }
                        if lbreak {
                            self.indent = self.indent.saturating_sub(1);
                        }
                    }
                    self.put(")");
                }
            },
            _ => match v.as_vector() {
                Some(vec) => self.vector(&vec),
                None => self.put("NULL"),
            },
        }
    }

    fn vector(&mut self, v: &Vector) {
        let names = v.names();
        let other_attrs: Vec<(String, Value)> = match &v.attrs {
            Some(a) => a
                .iter()
                .filter(|(k, _)| &**k != "names")
                .map(|(k, v)| (k.to_string(), v.clone()))
                .collect(),
            None => Vec::new(),
        };
        let n = v.data.len();
        let int_seq = match &v.data {
            VecData::Int(x) if n > 1 => {
                let d = x[1].wrapping_sub(x[0]);
                (d == 1 || d == -1)
                    && x.iter().all(|&e| e != crate::value::NA_INTEGER)
                    && x.windows(2).all(|w| w[1].wrapping_sub(w[0]) == d)
            }
            _ => false,
        };
        // Names go into structure() when the data is printed as m:n or is empty.
        let names_in_structure = names.is_some() && (int_seq || n == 0);
        let structure = !other_attrs.is_empty() || names_in_structure;
        if structure {
            self.put("structure(");
        }
        let nice_names = if names_in_structure { None } else { names };
        if let VecData::List(items) = &v.data {
            self.put("list(");
            for (i, item) in items.iter().enumerate() {
                // (R's vec2buff: a new line, without indenting, once
                // the line is past the cutoff.)
                if self.len > self.cutoff {
                    self.writeline();
                }
                self.elem_name(nice_names, i);
                self.value(item);
                if i + 1 < n {
                    self.put(", ");
                }
            }
            self.put(")");
        } else if int_seq {
            if let VecData::Int(x) = &v.data {
                self.put(&format!("{}:{}", x[0], x[n - 1]));
            }
        } else if n == 0 {
            self.put(match v.data.vtype() {
                crate::value::VType::Raw => "raw(0)",
                crate::value::VType::Lgl => "logical(0)",
                crate::value::VType::Int => "integer(0)",
                crate::value::VType::Dbl => "numeric(0)",
                crate::value::VType::Cplx => "complex(0)",
                crate::value::VType::Str => "character(0)",
                crate::value::VType::List => "list()",
            });
        } else {
            let all_na = (0..n).all(|i| {
                v.data.is_na(i) && !matches!(&v.data, VecData::Dbl(x) if !is_na_real(x[i]))
            });
            let need_c = n > 1 || nice_names.is_some();
            if need_c {
                self.put("c(");
            }
            for i in 0..n {
                if self.len > self.cutoff {
                    self.writeline();
                }
                self.elem_name(nice_names, i);
                let s = atomic_elt(&v.data, i, all_na);
                self.put(&s);
                if i + 1 < n {
                    self.put(", ");
                }
            }
            if need_c {
                self.put(")");
            }
        }
        if structure {
            if names_in_structure {
                if let Some(nm) = names {
                    self.put(", names = ");
                    let nv = Value::from_data(VecData::Str(nm.to_vec()));
                    self.value(&nv);
                }
            }
            for (k, val) in &other_attrs {
                self.put(", ");
                if is_syntactic_name(k) {
                    self.put(k);
                } else {
                    self.put(&quote_string(k));
                }
                self.put(" = ");
                self.value(val);
            }
            self.put(")");
        }
    }

    fn elem_name(&mut self, names: Option<&[Option<std::rc::Rc<str>>]>, i: usize) {
        if let Some(Some(Some(nm))) = names.map(|n| n.get(i)) {
            if !nm.is_empty() {
                self.put(&quote_name(nm));
                self.put(" = ");
            }
        }
    }
}

/// One element of an atomic vector as deparse writes it; `all_na` selects the
/// typed NA spelling (`NA_real_`) used when every element is NA.
fn atomic_elt(data: &VecData, i: usize, all_na: bool) -> String {
    match data {
        VecData::Raw(x) => format!("as.raw(0x{:02x})", x.get(i).copied().unwrap_or(0)),
        VecData::Lgl(x) => match x.get(i) {
            Some(&crate::value::NA_LOGICAL) | None => "NA".into(),
            Some(0) => "FALSE".into(),
            Some(_) => "TRUE".into(),
        },
        VecData::Int(x) => match x.get(i) {
            Some(&crate::value::NA_INTEGER) | None => {
                (if all_na { "NA_integer_" } else { "NA" }).into()
            }
            Some(v) => format!("{}L", v),
        },
        VecData::Dbl(x) => match x.get(i) {
            Some(&v) if is_na_real(v) => (if all_na { "NA_real_" } else { "NA" }).into(),
            Some(&v) => format_double(v),
            None => "NA".into(),
        },
        VecData::Cplx(x) => match x.get(i) {
            Some(&z)
                if crate::value::is_na_complex(z) && (is_na_real(z.re) || is_na_real(z.im)) =>
            {
                (if all_na { "NA_complex_" } else { "NA" }).into()
            }
            Some(&z) => format_complex(z),
            None => "NA".into(),
        },
        VecData::Str(x) => match x.get(i) {
            Some(Some(s)) => quote_string(s),
            _ => (if all_na { "NA_character_" } else { "NA" }).into(),
        },
        VecData::List(_) => "NULL".into(),
    }
}
