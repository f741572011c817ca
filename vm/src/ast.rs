//! The abstract syntax tree produced by the parser and consumed by the bytecode
//! compiler and the deparser (which prints calls in error messages as R does).

use std::rc::Rc;

/// Source position (1-based line and column) of a node, for error messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Pos {
    pub line: u32,
    pub col: u32,
}

/// A constant as written in the source.
#[derive(Clone, Debug, PartialEq)]
pub enum Const {
    Null,
    /// `TRUE`, `FALSE`, `T`, `F` are parsed as `Logical`; `NA` as `Logical(None)`.
    Logical(Option<bool>),
    /// `1L`, `0x10L`, `NA_integer_` (None)
    Integer(Option<i32>),
    /// `1`, `1.5`, `1e3`, `0x1F`, `Inf`, `NaN`, `NA_real_` (None)
    Double(Option<f64>),
    /// `2i` — the imaginary part; the real part is 0.
    Complex(f64),
    /// `"abc"`, `NA_character_` (None)
    Str(Option<Rc<str>>),
}

/// An argument at a call site: `f(x)`, `f(name = x)`, `f(name = )`, `f(, 2)` (empty), `f(...)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Arg {
    pub name: Option<Rc<str>>,
    /// `None` for an empty argument (`x[, 1]`, `f(a = )`).
    pub value: Option<Expr>,
}

/// A formal parameter of `function(...)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub name: Rc<str>,
    pub default: Option<Expr>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    Const(Const),
    /// An identifier, including `...`, `..1` and backticked names.
    Ident(Rc<str>),
    /// `f(args)`: every operator is also represented as a call, exactly as R's parser
    /// does: `a + b` is `Call(Ident("+"), [a, b])`, `-x` is `Call(Ident("-"), [x])`,
    /// `x[i]` is `Call(Ident("["), [x, i])`, `x[[i]]` is `Call(Ident("[["), ...)`,
    /// `x$name` is `Call(Ident("$"), [x, Ident(name)])` (a string after `$` becomes an
    /// Ident too), `a <- b` is `Call(Ident("<-"), [a, b])`, `b -> a` is also
    /// `Call(Ident("<-"), [a, b])`, `->>` is `<<-`, `a = b` at statement level is
    /// `Call(Ident("="), [a, b])`, `(x)` is `Call(Ident("("), [x])`, `{ ... }` is
    /// `Call(Ident("{"), stmts)`, `a %in% b` is `Call(Ident("%in%"), [a, b])`,
    /// `if`, `for`, `while`, `repeat`, `break`, `next`, `function` are their own
    /// variants below (not calls), but the deparser prints them as R does.
    Call(Box<Expr>, Vec<Arg>),
    /// `function(params) body` and `\(params) body`.
    Function(Rc<[Param]>, Rc<Expr>),
    If(Box<Expr>, Box<Expr>, Option<Box<Expr>>),
    /// `for (var in seq) body`
    For(Rc<str>, Box<Expr>, Box<Expr>),
    While(Box<Expr>, Box<Expr>),
    Repeat(Box<Expr>),
    Break,
    Next,
    /// A value embedded in a language object that no literal denotes (a
    /// vector of length > 1, a list, a function, `-1` stays a literal):
    /// made by `call("f", 1:3)`, `bquote(.(x))`, `substitute` and friends,
    /// never by the parser. Compiled as a constant, deparsed as `dput` does.
    /// A call object embedded so (`call("f", quote(g(x)))`) is not a
    /// constant: it stands for its call, shared (see `Expr::peel`).
    Value(crate::value::Value),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub pos: Pos,
}

impl Expr {
    pub fn new(kind: ExprKind, pos: Pos) -> Expr {
        Expr { kind, pos }
    }
    /// The expression this node stands for: a call embedded as a value
    /// (`ExprKind::Value` of a call object, which `call()`, `bquote` and
    /// `substitute` make to share a subtree instead of copying it) is that
    /// call's own node; any other node is itself.
    #[inline]
    pub fn peel(&self) -> &Expr {
        match &self.kind {
            ExprKind::Value(crate::value::Value::Lang(l)) => match &**l {
                crate::lang::Lang::Call(c) => c.expr.peel(),
                _ => self,
            },
            _ => self,
        }
    }
    /// The callee name when this is a call of a plain identifier (`f(x)`, `x + y`).
    pub fn call_name(&self) -> Option<&str> {
        match &self.peel().kind {
            ExprKind::Call(f, _) => match &f.kind {
                ExprKind::Ident(n) => Some(n),
                _ => None,
            },
            _ => None,
        }
    }
}

/// A parsed file: its top-level expressions in order.
#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    pub exprs: Vec<Expr>,
}
