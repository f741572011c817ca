//! R's language objects as values (`Value::Lang`): symbols (`quote(x)`,
//! `as.name("x")`), calls (`quote(f(x))`, `call("f", 1)`, `sys.call()`) and
//! expression vectors (`expression(...)`, `parse(text = )`).
//!
//! A call is the parser's own AST node (`ast::Expr`): evaluating it compiles
//! it with the bytecode compiler (`compile::compile_eval`, cached per call
//! object), deparsing it is the deparser's. The AST keeps `if`, `for`,
//! `while`, `repeat`, `break`, `next` and `function` as nodes of their own;
//! R sees them as calls of `` `if` ``..., which `call_elems` and `build_call`
//! translate (`x[[1]]`, `as.list`, `as.call`). A value that no literal
//! denotes lives in the tree as `ExprKind::Value` (`call("f", 1:3)`).
//!
//! Constants are not language objects: `quote(1)` is the number 1, and a
//! literal taken out of a call (`quote(f(1))[[2]]`) is its value.

use crate::ast::{Arg, Const, Expr, ExprKind, Param, Pos};
use crate::bytecode::FunctionCode;
use crate::value::*;
use std::cell::OnceCell;
use std::rc::Rc;

/// A language object.
pub enum Lang {
    /// A symbol; the empty symbol `""` is R's missing argument
    /// (`quote(expr = )`, a formal without default in `formals()`).
    Sym(Sym),
    /// A call (any AST node but a constant or an identifier).
    Call(LangCall),
    /// An expression vector: a list vector (with its `names`, if any) whose
    /// elements are language objects or constants.
    Exprs(Vector),
}

/// A call and its compiled forms (for `eval`: in the global environment,
/// and elsewhere; see `compile::compile_eval`).
pub struct LangCall {
    pub expr: Expr,
    code: [OnceCell<Rc<FunctionCode>>; 2],
    height: OnceCell<u32>,
}

impl LangCall {
    pub fn new(expr: Expr) -> LangCall {
        LangCall {
            expr,
            code: Default::default(),
            height: OnceCell::new(),
        }
    }
    /// Whether evaluating the call nests deeper than R evaluates (its tree
    /// higher than the parser accepts, `parser::MAX_HEIGHT`): a call built
    /// by a loop (`for (i in 1:1e4) e <- call("+", e, 1)`).
    pub fn too_deep(&self) -> bool {
        *self.height.get_or_init(|| height(&self.expr)) > crate::parser::MAX_HEIGHT + 1
    }
    /// The code evaluating this call in an environment (`in_global`: the
    /// global one, where functions it makes are top-level functions).
    pub fn code(&self, in_global: bool) -> Rc<FunctionCode> {
        self.code[in_global as usize]
            .get_or_init(|| {
                // (Functions it makes die with the call object.)
                let code = crate::compile::compile_eval(&self.expr, in_global);
                crate::bytecode::keep_address(&code);
                code
            })
            .clone()
    }
}

impl std::fmt::Debug for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Lang::Sym(s) => write!(f, "<symbol {}>", s),
            Lang::Call(c) => write!(f, "<call {}>", crate::deparse::deparse(&c.expr)),
            Lang::Exprs(v) => write!(f, "<expression {:?}>", v.data),
        }
    }
}

impl PartialEq for Lang {
    fn eq(&self, other: &Lang) -> bool {
        match (self, other) {
            (Lang::Sym(a), Lang::Sym(b)) => a == b,
            (Lang::Call(a), Lang::Call(b)) => expr_identical(&a.expr, &b.expr),
            (Lang::Exprs(a), Lang::Exprs(b)) => a == b,
            _ => false,
        }
    }
}

impl Lang {
    /// R's `typeof`.
    pub fn type_name(&self) -> &'static str {
        match self {
            Lang::Sym(_) => "symbol",
            Lang::Call(_) => "language",
            Lang::Exprs(_) => "expression",
        }
    }
    /// R's implicit class: `name`, `call` (or the special forms' own: `if`,
    /// `for`, `<-`, `(`, `{`...), `expression`.
    pub fn class_name(&self) -> String {
        match self {
            Lang::Sym(_) => "name".into(),
            Lang::Exprs(_) => "expression".into(),
            Lang::Call(c) => match &c.expr.kind {
                ExprKind::If(..) => "if".into(),
                ExprKind::For(..) => "for".into(),
                ExprKind::While(..) => "while".into(),
                ExprKind::Repeat(..) => "repeat".into(),
                ExprKind::Call(f, _) => match &f.kind {
                    ExprKind::Ident(n) if matches!(&**n, "<-" | "=" | "(" | "{") => n.to_string(),
                    _ => "call".into(),
                },
                _ => "call".into(),
            },
        }
    }
    /// R's `length`.
    pub fn len(&self) -> usize {
        match self {
            Lang::Sym(_) => 1,
            Lang::Call(c) => call_elems(&c.expr).len(),
            Lang::Exprs(v) => v.len(),
        }
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A symbol value.
pub fn sym(name: &str) -> Value {
    Value::Lang(Rc::new(Lang::Sym(name.into())))
}

/// R's empty symbol (the missing argument).
pub fn empty_sym() -> Value {
    sym("")
}

/// Is `v` R's empty symbol?
pub fn is_empty_sym(v: &Value) -> bool {
    matches!(v, Value::Lang(l) if matches!(&**l, Lang::Sym(s) if s.is_empty()))
}

/// An expression vector of `items` (language objects or constants).
pub fn expression(items: Vec<Value>, names: Option<Vec<RStr>>) -> Value {
    let mut v = Vector::new(VecData::List(items));
    if let Some(n) = names {
        if n.iter()
            .any(|n| n.as_deref().is_some_and(|s| !s.is_empty()))
        {
            v.set_attr("names", str_vec(n));
        }
    }
    Value::Lang(Rc::new(Lang::Exprs(v)))
}

/// The value an expression denotes as a language object: a constant's
/// value, a symbol, or a call.
pub fn from_expr(e: &Expr) -> Value {
    match &e.kind {
        ExprKind::Const(c) => crate::compile::const_value(c),
        ExprKind::Value(v) => v.clone(),
        ExprKind::Ident(n) => Value::Lang(Rc::new(Lang::Sym(n.clone()))),
        _ => Value::Lang(Rc::new(Lang::Call(LangCall::new(e.clone())))),
    }
}

/// A call value of `e` (which must be a call node).
pub fn call_value(e: Expr) -> Value {
    match &e.kind {
        ExprKind::Const(_) | ExprKind::Ident(_) | ExprKind::Value(_) => from_expr(&e),
        _ => Value::Lang(Rc::new(Lang::Call(LangCall::new(e)))),
    }
}

fn node(kind: ExprKind) -> Expr {
    Expr::new(kind, Pos::default())
}

/// The expression standing for value `v` inside a call: a symbol or call
/// as itself, a scalar as the literal that denotes it, anything else as
/// an embedded value.
pub fn to_expr(v: &Value) -> Expr {
    let c = match v {
        Value::Lang(l) => match &**l {
            Lang::Sym(s) => return node(ExprKind::Ident(s.clone())),
            // Shared, not copied (`Expr::peel`).
            Lang::Call(_) | Lang::Exprs(_) => return node(ExprKind::Value(v.clone())),
        },
        Value::Null => Const::Null,
        Value::Lgl(x) => Const::Logical((*x != NA_LOGICAL).then_some(*x != 0)),
        Value::Int(x) => Const::Integer((*x != NA_INTEGER).then_some(*x)),
        Value::Dbl(x) => Const::Double((!is_na_real(*x)).then_some(*x)),
        Value::Vec(vec) if vec.attrs.is_none() && vec.len() == 1 => match &vec.data {
            VecData::Str(s) => Const::Str(s[0].clone()),
            VecData::Cplx(z)
                if z[0].re == 0.0 && !z[0].re.is_sign_negative() && !z[0].im.is_nan() =>
            {
                Const::Complex(z[0].im)
            }
            _ => return node(ExprKind::Value(v.clone())),
        },
        _ => return node(ExprKind::Value(v.clone())),
    };
    node(ExprKind::Const(c))
}

/// An argument of a call holding value `v` (the empty symbol: an empty argument).
fn to_arg(name: Option<Sym>, v: &Value) -> Arg {
    Arg {
        name: name.filter(|n| !n.is_empty()),
        value: (!is_empty_sym(v)).then(|| to_expr(v)),
    }
}

/// The elements of a call as R sees them (`as.list(call)`): the function,
/// then the arguments with their names. An empty argument is the empty
/// symbol. `if`/`for`/... nodes are calls of `` `if` ``/`` `for` ``...
pub fn call_elems(e: &Expr) -> Vec<(Option<Sym>, Value)> {
    let s = |n: &str| (None, sym(n));
    let x = |e: &Expr| (None, from_expr(e));
    match &e.kind {
        ExprKind::Call(f, args) => {
            let mut out = vec![(None, from_expr(f))];
            for a in args {
                let v = match &a.value {
                    Some(v) => from_expr(v),
                    None => empty_sym(),
                };
                out.push((a.name.clone(), v));
            }
            out
        }
        ExprKind::If(c, t, f) => {
            let mut out = vec![s("if"), x(c), x(t)];
            if let Some(f) = f {
                out.push(x(f));
            }
            out
        }
        ExprKind::For(v, q, b) => vec![s("for"), s(v), x(q), x(b)],
        ExprKind::While(c, b) => vec![s("while"), x(c), x(b)],
        ExprKind::Repeat(b) => vec![s("repeat"), x(b)],
        ExprKind::Break => vec![s("break")],
        ExprKind::Next => vec![s("next")],
        ExprKind::Function(params, body) => vec![
            s("function"),
            (None, formals_list(params)),
            x(body),
            (None, Value::Null),
        ],
        ExprKind::Const(_) | ExprKind::Ident(_) | ExprKind::Value(_) => vec![(None, from_expr(e))],
    }
}

/// Formals as R's `formals()` gives them: a list named by the parameters,
/// each its default expression (the empty symbol when it has none).
pub fn formals_list(params: &[Param]) -> Value {
    let items = params
        .iter()
        .map(|p| match &p.default {
            Some(d) => from_expr(d),
            None => empty_sym(),
        })
        .collect();
    let names = params.iter().map(|p| Some(p.name.clone())).collect();
    let mut v = Vector::new(VecData::List(items));
    if !params.is_empty() {
        v.set_attr("names", str_vec(names));
    }
    Value::Vec(Rc::new(v))
}

/// The formals a list (as `formals()` makes) stands for.
fn params_of(v: &Value) -> Option<Vec<Param>> {
    if v.is_null() {
        return Some(Vec::new());
    }
    let vec = v.as_vector()?;
    let VecData::List(items) = &vec.data else {
        return None;
    };
    let names = vec.names()?;
    items
        .iter()
        .zip(names)
        .map(|(d, n)| {
            Some(Param {
                name: n.clone()?,
                default: (!is_empty_sym(d)).then(|| to_expr(d)),
            })
        })
        .collect()
}

/// The call whose elements are `elems` (the function first): the inverse of
/// `call_elems` (`as.call`, `x[[i]] <- v` on a call). Calls of `if`, `for`,
/// `while`, `repeat`, `break`, `next` and `function` of the right shape
/// become those nodes.
pub fn build_call(elems: &[(Option<Sym>, Value)]) -> Expr {
    let (f, args) = elems.split_first().expect("a call has a function");
    let unnamed = args
        .iter()
        .all(|(n, _)| n.as_deref().is_none_or(str::is_empty));
    let x = |k: usize| Box::new(to_expr(&args[k].1));
    if let (Value::Lang(l), true) = (&f.1, unnamed) {
        if let Lang::Sym(name) = &**l {
            let kind = match (&**name, args.len()) {
                ("if", 2) => Some(ExprKind::If(x(0), x(1), None)),
                ("if", 3) => Some(ExprKind::If(x(0), x(1), Some(x(2)))),
                ("for", 3) => match &args[0].1 {
                    Value::Lang(v) => match &**v {
                        Lang::Sym(v) if !v.is_empty() => Some(ExprKind::For(v.clone(), x(1), x(2))),
                        _ => None,
                    },
                    _ => None,
                },
                ("while", 2) => Some(ExprKind::While(x(0), x(1))),
                ("repeat", 1) => Some(ExprKind::Repeat(x(0))),
                ("break", 0) => Some(ExprKind::Break),
                ("next", 0) => Some(ExprKind::Next),
                ("function", 2 | 3) => params_of(&args[0].1)
                    .map(|p| ExprKind::Function(p.into(), Rc::new(to_expr(&args[1].1)))),
                _ => None,
            };
            if let Some(k) = kind {
                return node(k);
            }
        }
    }
    let fun = match &f.1 {
        // `as.call(list("f", 1))`: a string in the function position is
        // the function's name, as R's evaluator takes it.
        Value::Vec(v) if v.vtype() == VType::Str && v.len() == 1 && v.attrs.is_none() => {
            match &v.data {
                VecData::Str(s) => {
                    node(ExprKind::Ident(s[0].clone().unwrap_or_else(|| "NA".into())))
                }
                _ => unreachable!(),
            }
        }
        v => to_expr(v),
    };
    let args = args.iter().map(|(n, v)| to_arg(n.clone(), v)).collect();
    node(ExprKind::Call(Box::new(fun), args))
}

/// The elements of a language value as a list (`as.list`): a symbol is a
/// list of itself, an expression vector its elements.
pub fn lang_elems(l: &Lang) -> Vec<(Option<Sym>, Value)> {
    match l {
        Lang::Sym(s) => vec![(None, sym(s))],
        Lang::Call(c) => call_elems(&c.expr),
        Lang::Exprs(v) => {
            let names = v.names();
            match &v.data {
                VecData::List(items) => items
                    .iter()
                    .enumerate()
                    .map(|(i, x)| (names.and_then(|n| n[i].clone()), x.clone()))
                    .collect(),
                _ => Vec::new(),
            }
        }
    }
}

/// A list of `elems` with their names (when any is named).
pub fn elems_list(elems: Vec<(Option<Sym>, Value)>) -> Value {
    let named = elems
        .iter()
        .any(|(n, _)| n.as_deref().is_some_and(|s| !s.is_empty()));
    let names: Vec<RStr> = elems
        .iter()
        .map(|(n, _)| Some(n.clone().unwrap_or_else(|| "".into())))
        .collect();
    let mut v = Vector::new(VecData::List(elems.into_iter().map(|(_, v)| v).collect()));
    if named {
        v.set_attr("names", str_vec(names));
    }
    Value::Vec(Rc::new(v))
}

/// R's `identical` of two expressions (source positions aside).
pub fn expr_identical(a: &Expr, b: &Expr) -> bool {
    use ExprKind as K;
    let (a, b) = (a.peel(), b.peel());
    let args_eq = |x: &[Arg], y: &[Arg]| {
        x.len() == y.len()
            && x.iter().zip(y).all(|(p, q)| {
                p.name == q.name
                    && match (&p.value, &q.value) {
                        (Some(p), Some(q)) => expr_identical(p, q),
                        (None, None) => true,
                        _ => false,
                    }
            })
    };
    match (&a.kind, &b.kind) {
        (K::Const(_) | K::Value(_), K::Const(_) | K::Value(_)) => from_expr(a) == from_expr(b),
        (K::Ident(x), K::Ident(y)) => x == y,
        (K::Call(f, x), K::Call(g, y)) => expr_identical(f, g) && args_eq(x, y),
        (K::Function(p, x), K::Function(q, y)) => {
            p.len() == q.len()
                && p.iter().zip(q.iter()).all(|(p, q)| {
                    p.name == q.name
                        && match (&p.default, &q.default) {
                            (Some(p), Some(q)) => expr_identical(p, q),
                            (None, None) => true,
                            _ => false,
                        }
                })
                && expr_identical(x, y)
        }
        (K::If(c, t, f), K::If(d, u, g)) => {
            expr_identical(c, d)
                && expr_identical(t, u)
                && match (f, g) {
                    (Some(f), Some(g)) => expr_identical(f, g),
                    (None, None) => true,
                    _ => false,
                }
        }
        (K::For(v, s, x), K::For(w, t, y)) => {
            v == w && expr_identical(s, t) && expr_identical(x, y)
        }
        (K::While(c, x), K::While(d, y)) => expr_identical(c, d) && expr_identical(x, y),
        (K::Repeat(x), K::Repeat(y)) => expr_identical(x, y),
        (K::Break, K::Break) | (K::Next, K::Next) => true,
        _ => false,
    }
}

/// Rebuild `e` with `f` applied to every symbol and argument of its calls
/// (the walk of `substitute` and `bquote`): `f` returns `None` to keep a
/// node and descend into it, or the replacement (for a `...` argument, a
/// list of arguments to splice in, see `Subst::Splice`).
pub enum Subst {
    Keep,
    With(Expr),
    Splice(Vec<Arg>),
}

pub fn rewrite(e: &Expr, f: &mut dyn FnMut(&Expr) -> Subst) -> Expr {
    let e = e.peel();
    match f(e) {
        Subst::With(r) => return r,
        Subst::Splice(args) if args.len() == 1 && args[0].name.is_none() => {
            if let Some(v) = &args[0].value {
                return v.clone();
            }
        }
        _ => {}
    }
    let pos = e.pos;
    let kind = match &e.kind {
        ExprKind::Call(fun, args) => {
            let fun = rewrite(fun, f);
            let mut out = Vec::with_capacity(args.len());
            for a in args {
                match &a.value {
                    Some(v) => match f(v.peel()) {
                        Subst::Splice(more) if a.name.is_none() => out.extend(more),
                        Subst::With(r) => out.push(Arg {
                            name: a.name.clone(),
                            value: Some(r),
                        }),
                        _ => out.push(Arg {
                            name: a.name.clone(),
                            value: Some(rewrite(v, f)),
                        }),
                    },
                    None => out.push(a.clone()),
                }
            }
            ExprKind::Call(Box::new(fun), out)
        }
        ExprKind::If(c, t, o) => ExprKind::If(
            Box::new(rewrite(c, f)),
            Box::new(rewrite(t, f)),
            o.as_ref().map(|o| Box::new(rewrite(o, f))),
        ),
        ExprKind::For(v, s, b) => {
            ExprKind::For(v.clone(), Box::new(rewrite(s, f)), Box::new(rewrite(b, f)))
        }
        ExprKind::While(c, b) => ExprKind::While(Box::new(rewrite(c, f)), Box::new(rewrite(b, f))),
        ExprKind::Repeat(b) => ExprKind::Repeat(Box::new(rewrite(b, f))),
        ExprKind::Function(p, b) => {
            let params: Vec<Param> = p
                .iter()
                .map(|p| Param {
                    name: p.name.clone(),
                    default: p.default.as_ref().map(|d| rewrite(d, f)),
                })
                .collect();
            ExprKind::Function(params.into(), Rc::new(rewrite(b, f)))
        }
        k => k.clone(),
    };
    Expr::new(kind, pos)
}

/// One argument of a call site as written, for a call whose callee takes
/// its arguments as promises (`LazySite`).
pub enum LazyArg {
    /// `name = expr` or `expr`: the expression as a language object (a
    /// constant as its value), whose compiled form is kept with it.
    Expr(Option<Sym>, Value),
    /// `...` passed on: the caller's dots.
    Dots,
    /// An empty argument (`f(a, )`, `f(x = )`).
    Empty(Option<Sym>),
}

/// The arguments of a call site, decomposed once per site
/// (`FunctionCode::lazy_sites`).
pub struct LazySite {
    pub args: Vec<LazyArg>,
}

impl LazySite {
    pub fn of(call: &Expr) -> LazySite {
        let args = match &call.kind {
            ExprKind::Call(_, args) => args
                .iter()
                .map(|a| match &a.value {
                    Some(v) if matches!(&v.kind, ExprKind::Ident(n) if &**n == "...") => {
                        LazyArg::Dots
                    }
                    Some(v) => LazyArg::Expr(a.name.clone(), from_expr(v)),
                    None => LazyArg::Empty(a.name.clone()),
                })
                .collect(),
            _ => Vec::new(),
        };
        LazySite { args }
    }
}

/// `as.character` of a language object: a symbol's name; a call's or an
/// expression vector's elements each as one string (a symbol's name, a
/// string itself, anything else deparsed).
pub fn lang_strings(l: &Lang) -> Value {
    let elt = |v: &Value| -> RStr {
        match v {
            Value::Lang(x) => match &**x {
                Lang::Sym(s) => Some(s.clone()),
                _ => Some(
                    crate::deparse::deparse_value_lines(v, crate::deparse::CUTOFF)
                        .join("\n")
                        .into(),
                ),
            },
            Value::Vec(x) if x.vtype() == VType::Str && x.len() == 1 => match &x.data {
                VecData::Str(s) => s[0].clone(),
                _ => None,
            },
            v if v.len() == 1 && v.vtype().is_some_and(|t| t != VType::List) => {
                match v.as_vector().map(|x| x.data.coerce(VType::Str)) {
                    Some(VecData::Str(s)) => s[0].clone(),
                    _ => None,
                }
            }
            v => Some(
                crate::deparse::deparse_value_lines(v, crate::deparse::CUTOFF)
                    .join("\n")
                    .into(),
            ),
        }
    };
    match l {
        Lang::Sym(s) => str_vec(vec![Some(s.clone())]),
        _ => str_vec(lang_elems(l).iter().map(|(_, v)| elt(v)).collect()),
    }
}

/// `names()` of a language object: a call's argument names (`""` for the
/// function and unnamed arguments) when any is named, an expression
/// vector's names.
pub fn lang_names(l: &Lang) -> Value {
    match l {
        Lang::Sym(_) => Value::Null,
        Lang::Exprs(v) => v.attr("names").cloned().unwrap_or(Value::Null),
        Lang::Call(_) => {
            let elems = lang_elems(l);
            if elems
                .iter()
                .all(|(n, _)| n.as_deref().is_none_or(str::is_empty))
            {
                return Value::Null;
            }
            str_vec(
                elems
                    .iter()
                    .map(|(n, _)| Some(n.clone().unwrap_or_else(|| "".into())))
                    .collect(),
            )
        }
    }
}

/// The list `r` (the result of an operation on the elements of `l`, as
/// `lang_elems` gives them) as the same kind of language object: a call
/// (an empty list: `NULL`), an expression vector.
pub fn relang(l: &Lang, r: Value) -> crate::error::RResult<Value> {
    let elems: Vec<(Option<Sym>, Value)> = match &r {
        Value::Null => Vec::new(),
        Value::Vec(v) if v.vtype() == VType::List => {
            let names = v.names();
            match &v.data {
                VecData::List(items) => items
                    .iter()
                    .enumerate()
                    .map(|(i, x)| (names.and_then(|n| n[i].clone()), x.clone()))
                    .collect(),
                _ => unreachable!(),
            }
        }
        _ => return Ok(r),
    };
    match l {
        Lang::Exprs(_) => {
            let (names, items): (Vec<_>, Vec<_>) = elems.into_iter().unzip();
            let names = names
                .into_iter()
                .map(|n| Some(n.unwrap_or_else(|| "".into())))
                .collect();
            Ok(expression(items, Some(names)))
        }
        _ if elems.is_empty() => Ok(Value::Null),
        _ => Ok(call_value(build_call(&elems))),
    }
}

/// The `if`/`for`/`while`/`repeat`/`function` node that a call of that
/// function by name stands for (`` `if`(a, b) `` is `if (a) b`), when its
/// arguments have the node's shape.
pub fn control_node(name: &str, args: &[Arg]) -> Option<Expr> {
    if !matches!(name, "if" | "for" | "while" | "repeat" | "function")
        || args.iter().any(|a| a.name.is_some() || a.value.is_none())
    {
        return None;
    }
    let mut elems = vec![(None, sym(name))];
    elems.extend(
        args.iter()
            .map(|a| (None, from_expr(a.value.as_ref().unwrap()))),
    );
    let e = build_call(&elems);
    (!matches!(e.kind, ExprKind::Call(..))).then_some(e)
}

/// The height of an expression tree (a leaf is 1), embedded calls included.
fn height(e: &Expr) -> u32 {
    let e = e.peel();
    let sub = |x: &Expr| height(x);
    let args = |a: &[Arg]| {
        a.iter()
            .filter_map(|a| a.value.as_ref())
            .map(sub)
            .max()
            .unwrap_or(0)
    };
    1 + match &e.kind {
        ExprKind::Call(f, a) => sub(f).max(args(a)),
        ExprKind::Function(p, b) => sub(b).max(
            p.iter()
                .filter_map(|p| p.default.as_ref())
                .map(sub)
                .max()
                .unwrap_or(0),
        ),
        ExprKind::If(c, t, f) => sub(c).max(sub(t)).max(f.as_deref().map_or(0, sub)),
        ExprKind::For(_, s, b) | ExprKind::While(s, b) => sub(s).max(sub(b)),
        ExprKind::Repeat(b) => sub(b),
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse1(src: &str) -> Expr {
        crate::parser::parse_program(src, "t.R")
            .unwrap()
            .exprs
            .remove(0)
    }

    /// `as.call(as.list(e))` gives `e` back, for calls and the special forms.
    #[test]
    fn elements_and_call_round_trip() {
        for src in [
            "f(x, y = 2, , 'a')",
            "a + b * c",
            "if (a) b else c",
            "for (i in 1:3) print(i)",
            "while (x < 3) x <- x + 1",
            "repeat break",
            "function(x, y = 2) x + y",
            "x[i, ]",
            "g(h(1))(2)",
        ] {
            let e = parse1(src);
            let back = build_call(&call_elems(&e));
            assert!(expr_identical(&e, &back), "{src}");
            assert_eq!(
                crate::deparse::deparse(&e),
                crate::deparse::deparse(&back),
                "{src}"
            );
        }
    }

    /// Source positions do not count in `identical`; embedded calls are
    /// the calls they stand for.
    #[test]
    fn identical_ignores_positions_and_sharing() {
        let a = parse1("f(x + 1)");
        let b = parse1("\n\n   f(x + 1)");
        assert!(expr_identical(&a, &b));
        let inner = from_expr(&parse1("x + 1"));
        let built = build_call(&[(None, sym("f")), (None, inner)]);
        assert!(matches!(&built.kind, ExprKind::Call(_, args)
            if matches!(args[0].value.as_ref().unwrap().kind, ExprKind::Value(_))));
        assert!(expr_identical(&a, &built));
        assert!(!expr_identical(&a, &parse1("f(x + 2)")));
    }

    /// `` `if`(a, b) `` is the `if` node; other shapes stay calls.
    #[test]
    fn calls_of_special_forms_by_name() {
        let e = parse1("`if`(a, b)");
        let ExprKind::Call(_, args) = &e.kind else {
            panic!()
        };
        assert!(matches!(
            control_node("if", args).map(|n| n.kind),
            Some(ExprKind::If(..))
        ));
        let e = parse1("`for`(1, 2, 3)");
        let ExprKind::Call(_, args) = &e.kind else {
            panic!()
        };
        assert!(control_node("for", args).is_none());
    }
}
