//! Language objects (`crate::lang`): making them (`quote`, `bquote`,
//! `substitute`, `as.name`, `call`, `as.call`, `expression`, `parse`,
//! `str2lang`), the calls and functions of activations (`sys.call`,
//! `sys.function`, `match.call`, `body`, `formals`, `args`), evaluating
//! them (`eval`, `evalq`), deparsing them (`deparse`) and testing them
//! (`is.call`, `is.name`, ...).
//!
//! `quote`, `expression` and `alist` are compiled as constants, and
//! `substitute`, `bquote` and `evalq` get their first argument quoted by
//! the bytecode compiler (`compile::calls::language_form`): the builtins
//! here see a language object where R's would see the unevaluated
//! argument.

use super::output::{arg_flag, arg_str, as_strings};
use super::BuiltinDef;
use crate::args::{match_args, Args};
use crate::ast::{Expr, ExprKind};
use crate::env::{Env, EnvFrame};
use crate::error::{RError, RResult};
use crate::interp::{Activation, CallSite, Interp};
use crate::lang::{self, Lang, Subst};
use crate::symbols::intern;
use crate::value::*;
use std::rc::Rc;

pub const BUILTINS: &[BuiltinDef] = &[
    BuiltinDef::new("quote", bi_quote),
    BuiltinDef::new("substitute", bi_substitute),
    BuiltinDef::new("bquote", bi_bquote),
    BuiltinDef::new("eval", bi_eval),
    BuiltinDef::new("evalq", bi_eval),
    BuiltinDef::new("deparse", bi_deparse),
    BuiltinDef::new("parse", bi_parse),
    BuiltinDef::new("str2lang", bi_str2lang),
    BuiltinDef::new("str2expression", bi_str2expression),
    BuiltinDef::new("expression", bi_expression),
    BuiltinDef::new("alist", bi_alist),
    BuiltinDef::new("sys.call", bi_sys_call),
    BuiltinDef::new("sys.function", bi_sys_function),
    BuiltinDef::new("match.call", bi_match_call),
    BuiltinDef::new("as.name", bi_as_name),
    BuiltinDef::new("as.symbol", bi_as_name),
    BuiltinDef::new("call", bi_call),
    BuiltinDef::new("as.call", bi_as_call),
    BuiltinDef::new("is.call", bi_is_call),
    BuiltinDef::new("is.name", bi_is_name),
    BuiltinDef::new("is.symbol", bi_is_name),
    BuiltinDef::new("is.language", bi_is_language),
    BuiltinDef::new("is.expression", bi_is_expression),
    BuiltinDef::new("body", bi_body),
    BuiltinDef::new("formals", bi_formals),
    BuiltinDef::new("args", bi_args),
];

fn lang_of(v: &Value) -> Option<&Lang> {
    match v {
        Value::Lang(l) => Some(l),
        _ => None,
    }
}

/// `quote(expr)` called other than as itself (compiled as a constant):
/// the value it is given.
fn bi_quote(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["expr"])?;
    Ok(b.take(0).unwrap_or_else(lang::empty_sym))
}

/// `expression(...)` called other than as itself: its values.
fn bi_expression(_: &mut Interp, args: Args) -> RResult<Value> {
    Ok(lang::expression(
        args.values,
        Some(
            args.names
                .into_iter()
                .map(|n| Some(n.unwrap_or_else(|| "".into())))
                .collect(),
        ),
    ))
}

fn bi_alist(_: &mut Interp, args: Args) -> RResult<Value> {
    Ok(lang::elems_list(
        args.names.into_iter().zip(args.values).collect(),
    ))
}

// ---- the calls of activations -------------------------------------------------

/// The activation `which` designates (`sys.call(which)`): 0 the current
/// one, a negative number that many generations back, a positive number
/// that frame counted from the outermost. `None`: top level.
fn activation(interp: &mut Interp, which: Option<Value>, what: &str) -> RResult<Option<usize>> {
    interp.observe_frames();
    let n = interp.frames.len() as i64;
    let w = match which.as_ref().and_then(|v| v.first_f64()) {
        None => 0,
        Some(x) if x.is_nan() => return Err(RError::new(format!("invalid '{}' argument", what))),
        Some(x) => x as i64,
    };
    let k = if w <= 0 { n - 1 + w } else { w - 1 };
    if k >= n || (w > 0 && k < 0) {
        return Err(RError::new("not that many frames on the stack"));
    }
    Ok((k >= 0).then_some(k as usize))
}

fn bi_sys_call(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["which"])?;
    let Some(k) = activation(interp, b.take(0), "which")? else {
        return Ok(Value::Null);
    };
    Ok(interp.frames[k]
        .site
        .call_expr()
        .map_or(Value::Null, lang::call_value))
}

fn bi_sys_function(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["which"])?;
    match activation(interp, b.take(0), "which")? {
        Some(k) => Ok(Value::Closure(interp.frames[k].closure.clone())),
        None => Err(RError::new("not that many frames on the stack")),
    }
}

/// What each formal of an activation was given, as expressions: per
/// parameter slot the expression (a language object or a constant's
/// value), and the `...` arguments' expressions with their names.
struct ArgExprs {
    params: Vec<Option<Value>>,
    dots: Option<Vec<(Option<Sym>, Value)>>,
}

/// The expressions of `act`'s arguments: a call with promises keeps them;
/// otherwise they are matched again from the call as written (the
/// arguments before any `...` in it: what follows is not known).
fn arg_exprs(act: &Activation) -> ArgExprs {
    if let CallSite::Lazy(l) = &act.site {
        return ArgExprs {
            params: l.args.clone(),
            dots: Some(l.dots.clone()),
        };
    }
    let np = act.closure.code.nparams;
    let none = ArgExprs {
        params: vec![None; np],
        dots: None,
    };
    let Some(call) = act.site.call_expr() else {
        return none;
    };
    let ExprKind::Call(_, args) = &call.kind else {
        return none;
    };
    let dots_at = args.iter().position(
        |a| matches!(a.value.as_ref().map(|v| &v.kind), Some(ExprKind::Ident(n)) if &**n == "..."),
    );
    let known = &args[..dots_at.unwrap_or(args.len())];
    let formals: Vec<&str> = act.closure.params.iter().map(|p| &*p.name).collect();
    let names: Vec<Option<Sym>> = known.iter().map(|a| a.name.clone()).collect();
    let Ok(m) = match_args(&formals, &names, &|_| String::new()) else {
        return none;
    };
    let expr_of = |i: usize| -> Value {
        match &known[i].value {
            Some(v) => lang::from_expr(v),
            None => lang::empty_sym(),
        }
    };
    let mut params = Vec::with_capacity(np);
    for (fi, p) in act.closure.params.iter().enumerate() {
        if &*p.name != "..." {
            params.push(m.formals[fi].map(expr_of));
        }
    }
    let dots = dots_at.is_none().then(|| {
        m.dots
            .iter()
            .map(|&i| (known[i].name.clone(), expr_of(i)))
            .collect()
    });
    ArgExprs { params, dots }
}

/// `match.call(definition, call, expand.dots = TRUE)`: the call with each
/// argument named by the formal it matched (in the order of the formals,
/// the `...` arguments where `...` is).
fn bi_match_call(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["definition", "call", "expand.dots", "envir"])?;
    let expand = arg_flag(&b.take(2), true);
    let def = b.take(0);
    let call_arg = b.take(1);
    // The activation's function and call, or those given.
    let (clo, call, caller_dots) = match (def, call_arg) {
        (Some(Value::Closure(c)), Some(call)) => {
            let Some(Lang::Call(lc)) = lang_of(&call) else {
                return Err(RError::new("invalid 'call' argument"));
            };
            (c, lc.expr.clone(), None)
        }
        (None | Some(Value::Null), None) => {
            let Some(k) = activation(interp, None, "which")? else {
                return Err(RError::new(
                    "match.call() was called from outside a function",
                ));
            };
            let act = &interp.frames[k];
            let Some(call) = act.site.call_expr() else {
                return Ok(Value::Null);
            };
            // `...` in the call stands for the caller's own `...`.
            let caller_dots = caller_dots(interp, k);
            (interp.frames[k].closure.clone(), call, caller_dots)
        }
        _ => return Err(RError::unsupported("match.call() with these arguments")),
    };
    let ExprKind::Call(fun, args) = &call.kind else {
        return Ok(lang::call_value(call));
    };
    // The call's arguments, `...` replaced by the caller's.
    let mut supplied: Vec<(Option<Sym>, Value)> = Vec::new();
    for a in args {
        match &a.value {
            Some(v) if matches!(&v.kind, ExprKind::Ident(n) if &**n == "...") => {
                if let Some(d) = &caller_dots {
                    supplied.extend(d.iter().cloned());
                }
            }
            Some(v) => supplied.push((a.name.clone(), lang::from_expr(v))),
            None => supplied.push((a.name.clone(), lang::empty_sym())),
        }
    }
    let formals: Vec<&str> = clo.params.iter().map(|p| &*p.name).collect();
    let names: Vec<Option<Sym>> = supplied.iter().map(|s| s.0.clone()).collect();
    let m = match_args(&formals, &names, &|i| {
        let v = crate::deparse::deparse(&lang::to_expr(&supplied[i].1));
        match &supplied[i].0 {
            Some(n) => format!("({} = {})", n, v),
            None => format!("({})", v),
        }
    })
    .map_err(RError::new)?;
    let mut elems: Vec<(Option<Sym>, Value)> = vec![(None, lang::from_expr(fun))];
    for (fi, f) in formals.iter().enumerate() {
        if *f == "..." {
            let dots: Vec<(Option<Sym>, Value)> =
                m.dots.iter().map(|&i| supplied[i].clone()).collect();
            if expand {
                elems.extend(dots);
            } else if !dots.is_empty() {
                elems.push((Some("...".into()), lang::elems_list(dots)));
            }
        } else if let Some(i) = m.formals[fi] {
            elems.push((Some((*f).into()), supplied[i].1.clone()));
        }
    }
    Ok(lang::call_value(lang::build_call(&elems)))
}

/// The expressions of the `...` of the activation that made activation
/// `k`'s call, when `k` was called from code running in a function (its
/// values when their expressions are not known).
fn caller_dots(interp: &Interp, k: usize) -> Option<Vec<(Option<Sym>, Value)>> {
    let caller_env = match &interp.frames[k].site {
        CallSite::Lazy(l) => Some(l.env.clone()),
        _ => None,
    };
    let caller = match caller_env {
        Some(e) => interp.frames[..k]
            .iter()
            .rposition(|a| Rc::ptr_eq(&a.env, &e))?,
        None => k.checked_sub(1)?,
    };
    let act = &interp.frames[caller];
    if let CallSite::Lazy(l) = &act.site {
        return Some(l.dots.clone());
    }
    let dots = act.env.dots.borrow();
    dots.as_ref().map(|d| d.iter().cloned().collect())
}

// ---- substitute and bquote ----------------------------------------------------

/// `substitute(expr, env)`: `expr` (quoted by the compiler) with each
/// symbol bound in `env` replaced: an argument by its expression, `...` by
/// the `...` arguments' expressions, another variable by its value. In the
/// global environment nothing is replaced.
fn bi_substitute(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["expr", "env"])?;
    let ex = b.take(0).unwrap_or_else(lang::empty_sym);
    let Value::Lang(l) = &ex else {
        return Ok(ex);
    };
    if let Lang::Exprs(_) = &**l {
        return Ok(ex);
    }
    let e = lang::to_expr(&ex);
    let out = match b.take(1) {
        None => {
            interp.observe_frames();
            match interp.frames.len().checked_sub(1) {
                None => return Ok(ex),
                Some(k) => substitute_in_frame(interp, k, &e),
            }
        }
        Some(Value::Env(env)) => {
            if env.is_global() {
                return Ok(ex);
            }
            match interp.frames.iter().rposition(|a| Rc::ptr_eq(&a.env, &env)) {
                Some(k) => substitute_in_frame(interp, k, &e),
                None => lang::rewrite(&e, &mut |x| match &x.kind {
                    ExprKind::Ident(n) => match env.get_local(intern(n)) {
                        Some(v) => Subst::With(lang::to_expr(&v)),
                        None => Subst::Keep,
                    },
                    _ => Subst::Keep,
                }),
            }
        }
        Some(v @ Value::Vec(_)) | Some(v @ Value::Null) => {
            let items = super::functional::elements(&v);
            let names = match &v {
                Value::Vec(x) => x.names().map(|n| n.to_vec()),
                _ => None,
            }
            .unwrap_or_default();
            lang::rewrite(&e, &mut |x| match &x.kind {
                ExprKind::Ident(n) => match names.iter().position(|k| k.as_deref() == Some(&**n)) {
                    Some(i) => Subst::With(lang::to_expr(&items[i])),
                    None => Subst::Keep,
                },
                _ => Subst::Keep,
            })
        }
        Some(_) => return Err(RError::new("invalid environment specified")),
    };
    Ok(lang::from_expr(&out))
}

/// `substitute` of `e` in the frame of activation `k`.
fn substitute_in_frame(interp: &mut Interp, k: usize, e: &Expr) -> Expr {
    let act = &interp.frames[k];
    let given = arg_exprs(act);
    let code = act.closure.code.clone();
    let env = act.env.clone();
    let params = act.closure.params.clone();
    let missing = act.missing;
    lang::rewrite(e, &mut |x| {
        let ExprKind::Ident(n) = &x.kind else {
            return Subst::Keep;
        };
        if &**n == "..." {
            let dots: Vec<(Option<Sym>, Value)> = match &given.dots {
                Some(d) => d.clone(),
                None => match env.dots.borrow().as_ref() {
                    Some(d) => d.iter().cloned().collect(),
                    None => return Subst::Keep,
                },
            };
            return Subst::Splice(
                dots.into_iter()
                    .map(|(name, v)| crate::ast::Arg {
                        name,
                        value: Some(lang::to_expr(&v)),
                    })
                    .collect(),
            );
        }
        let s = intern(n);
        let Some(slot) = code.locals.iter().position(|&l| l == s) else {
            return Subst::Keep;
        };
        if slot < code.nparams {
            if let Some(Some(ex)) = given.params.get(slot) {
                return Subst::With(lang::to_expr(ex));
            }
            if slot < 64 && missing & (1 << slot) != 0 {
                // Not supplied: its default's expression, or the empty symbol.
                let p = params.iter().filter(|p| &*p.name != "...").nth(slot);
                return match p.and_then(|p| p.default.clone()) {
                    Some(d) => Subst::With(d),
                    None => Subst::With(lang::to_expr(&lang::empty_sym())),
                };
            }
        }
        match env.slots.borrow().get(slot).cloned().flatten() {
            Some(v) => Subst::With(lang::to_expr(&v)),
            None => Subst::Keep,
        }
    })
}

/// `bquote(expr, where = parent.frame(), splice = FALSE)`: `expr` with
/// each `.(x)` replaced by the value of `x` in `where` (and `..(x)`, with
/// `splice = TRUE`, by the elements of that value as arguments).
fn bi_bquote(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["expr", "where", "splice"])?;
    let ex = b.take(0).unwrap_or_else(lang::empty_sym);
    let env = match b.take(1) {
        None => super::envs::calling_env(interp),
        Some(Value::Env(e)) => e,
        Some(v @ Value::Vec(_)) => list_env(&v, super::envs::calling_env(interp))?,
        Some(_) => return Err(RError::new("invalid 'where' argument")),
    };
    let splice = arg_flag(&b.take(2), false);
    let Value::Lang(_) = &ex else {
        return Ok(ex);
    };
    let e = lang::to_expr(&ex);
    let mut err = None;
    let out = lang::rewrite(&e, &mut |x| {
        if err.is_some() {
            return Subst::Keep;
        }
        let ExprKind::Call(f, a) = &x.kind else {
            return Subst::Keep;
        };
        let which = match &f.kind {
            ExprKind::Ident(n) if &**n == "." => false,
            ExprKind::Ident(n) if &**n == ".." && splice => true,
            _ => return Subst::Keep,
        };
        let Some(arg) = a.first().and_then(|a| a.value.as_ref()) else {
            return Subst::Keep;
        };
        match interp.eval_promise(&lang::from_expr(arg), &env) {
            Ok(v) if which => Subst::Splice(
                super::functional::elements(&v)
                    .iter()
                    .map(|v| crate::ast::Arg {
                        name: None,
                        value: Some(lang::to_expr(v)),
                    })
                    .collect(),
            ),
            Ok(v) => Subst::With(lang::to_expr(&v)),
            Err(e) => {
                err = Some(e);
                Subst::Keep
            }
        }
    });
    if let Some(e) = err {
        return Err(e);
    }
    Ok(lang::from_expr(&out))
}

// ---- eval and parse -------------------------------------------------------------

/// A new environment binding the elements of list `v` by their names, with
/// parent `enclos` (`eval(expr, list)`).
fn list_env(v: &Value, enclos: Env) -> RResult<Env> {
    let env = EnvFrame::new_dynamic(Some(enclos));
    let items = super::functional::elements(v);
    let names = match v {
        Value::Vec(x) => x.names().map(|n| n.to_vec()),
        _ => None,
    };
    if let Some(names) = names {
        for (n, item) in names.iter().zip(items) {
            if let Some(n) = n.as_deref().filter(|n| !n.is_empty()) {
                env.set_local(intern(n), item);
            }
        }
    }
    Ok(env)
}

thread_local! {
    /// The function of `eval`'s activation (R's `eval` is a closure: code
    /// it evaluates runs in a context of its own).
    static EVAL_CLOSURE: Rc<crate::bytecode::FunctionCode> = crate::compile::compile_eval(
        &Expr::new(ExprKind::Const(crate::ast::Const::Null), Default::default()),
        false,
    );
}

/// `eval(expr, envir = parent.frame(), enclos)`: `expr` evaluated in
/// `envir` (an environment; a list, whose names become variables in an
/// environment whose parent is `enclos`), in an activation of its own
/// whose call is `eval`'s (R's errors name it).
fn bi_eval(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["expr", "envir", "enclos"])?;
    let ex = b.take(0).unwrap_or(Value::Null);
    let enclos = match b.take(2) {
        None => None,
        Some(Value::Env(e)) => Some(e),
        Some(Value::Null) => Some(crate::env::empty_env()),
        Some(_) => return Err(RError::new("invalid 'enclos' argument of type 'list'")),
    };
    let env = match b.take(1) {
        None => super::envs::calling_env(interp),
        Some(Value::Env(e)) => e,
        Some(v @ (Value::Vec(_) | Value::Null))
            if v.vtype() != Some(VType::Dbl) && v.vtype() != Some(VType::Int) =>
        {
            let parent = match enclos {
                Some(e) => e,
                None => super::envs::calling_env(interp),
            };
            list_env(&v, parent)?
        }
        Some(v)
            if v.vtype()
                .is_some_and(|t| matches!(t, VType::Int | VType::Dbl)) =>
        {
            return Err(RError::unsupported("eval() in a frame given by number"))
        }
        Some(v) => {
            return Err(RError::new(format!(
                "invalid 'envir' argument of type '{}'",
                v.type_name()
            )))
        }
    };
    if !matches!(ex, Value::Lang(_)) {
        return Ok(ex);
    }
    let text = interp
        .current_call_expr()
        .map(crate::deparse::deparse)
        .unwrap_or_else(|| "eval(expr, envir, enclos)".into());
    interp.eval_in_activation(
        &ex,
        &env,
        CallSite::Text(text.into()),
        EVAL_CLOSURE.with(|c| c.clone()),
    )
}

/// `parse(text = )`: the expressions of the text (lines joined by
/// newlines), as an expression vector. A syntax error is R's, with the
/// text's lines around it.
fn bi_parse(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&[
        "file",
        "n",
        "text",
        "prompt",
        "keep.source",
        "srcfile",
        "encoding",
    ])?;
    let text = match b.take(2) {
        Some(Value::Null) | None => {
            return Err(RError::unsupported(
                "parse() of a file (only parse(text = ))",
            ))
        }
        Some(t) => t,
    };
    parse_lines(&text)
}

/// The expression vector of the lines of character vector `text` (NA is
/// the line `NA`), parsed as one program: `parse(text = )`, `str2expression`.
fn parse_lines(text: &Value) -> RResult<Value> {
    let lines: Vec<String> = as_strings(text)
        .into_iter()
        .map(|s| s.as_deref().unwrap_or("NA").to_string())
        .collect();
    let exprs = parse_text(&lines.join("\n"))?;
    Ok(lang::expression(
        exprs.iter().map(lang::from_expr).collect(),
        None,
    ))
}

/// The expressions of `src`, or R's error for its first syntax error.
fn parse_text(src: &str) -> RResult<Vec<Expr>> {
    match crate::parser::parse_program(src, "<text>") {
        Ok(p) => Ok(p.exprs),
        Err(e) if e.is_limit() || e.msg == crate::parser::ZERO_LENGTH_NAME => {
            Err(RError::new(e.msg.clone()))
        }
        Err(e) => Err(RError::new(parse_error_text(src, &e))),
    }
}

/// R's message for syntax error `e` in `src` (`parse(text = )`): the
/// position, the message, the line of the error (and the one before),
/// cut after the offending token, and a caret under the token's column.
fn parse_error_text(src: &str, e: &crate::parser::ParseError) -> String {
    let lines: Vec<&str> = src.split('\n').collect();
    let eof = e.msg == "unexpected end of input";
    // At the end of the input R's position is the line after the last.
    let (line, col) = if eof {
        (lines.len() + 1, 0)
    } else {
        (e.line as usize, e.col as usize)
    };
    let mut msg = format!("<text>:{}:{}: {}", line, col, e.msg);
    // The context: the lines read, the last one up to the token's end.
    let last = if eof {
        lines.len()
    } else {
        line.min(lines.len())
    };
    if last == 0 {
        return msg;
    }
    let mut cut = lines[last - 1].to_string();
    if !eof {
        if let Ok(toks) = crate::lexer::tokenize(src) {
            let at = toks
                .iter()
                .position(|t| t.pos.line as usize == line && t.pos.col as usize == col);
            if let Some(next) = at.and_then(|k| toks.get(k + 1)) {
                if next.pos.line as usize == line && next.pos.col >= 1 {
                    let end: String = cut.chars().take(next.pos.col as usize - 1).collect();
                    cut = end.trim_end().to_string();
                }
            }
        }
    }
    let width = if last >= 2 {
        msg.push_str(&format!("\n{}: {}", last - 1, lines[last - 2]));
        format!("{}:", last).len()
    } else {
        format!("{}: ", last).len()
    };
    msg.push_str(&format!("\n{}: {}\n", last, cut));
    msg.push_str(&" ".repeat(width + col));
    msg.push('^');
    msg
}

fn one_string(v: Option<Value>) -> RResult<String> {
    match v {
        Some(v) if v.vtype() == Some(VType::Str) && v.len() == 1 => {
            Ok(arg_str(&Some(v)).unwrap_or_else(|| "NA".into()))
        }
        _ => Err(RError::new("argument must be a character string")),
    }
}

fn bi_str2lang(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["s"])?;
    let s = one_string(b.take(0))?;
    let exprs = parse_text(&s)?;
    match exprs.as_slice() {
        [e] => Ok(lang::from_expr(e)),
        _ => Err(RError::new(format!(
            "parsing result not of length one, but {}",
            exprs.len()
        ))),
    }
}

fn bi_str2expression(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["text"])?;
    parse_lines(&b.take(0).unwrap_or(Value::Null))
}

/// `deparse(expr, width.cutoff = 60L, ...)`: the lines of R source that
/// give `expr`.
fn bi_deparse(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["expr", "width.cutoff", "backtick", "control", "nlines"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    let cutoff = match b.take(1).and_then(|v| v.first_f64()) {
        None => crate::deparse::CUTOFF,
        Some(w) if (20.0..=500.0).contains(&w) => w as usize,
        Some(_) => {
            return Err(RError::new(
                "invalid 'cutoff' value for 'deparse', using default",
            ))
        }
    };
    let lines = crate::deparse::deparse_value_lines(&x, cutoff);
    Ok(Value::strs(&lines))
}

// ---- making and testing language objects --------------------------------------

fn bi_as_name(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    if let Some(Lang::Sym(_)) = lang_of(&x) {
        return Ok(x);
    }
    let s = match x.vtype() {
        Some(VType::List) | None => None,
        Some(_) => as_strings(&x).into_iter().next(),
    };
    match s {
        Some(Some(s)) if !s.is_empty() => Ok(lang::sym(&s)),
        Some(None) => Ok(lang::sym("NA")),
        Some(Some(_)) => Err(RError::new("attempt to use zero-length variable name")),
        None => Err(RError::new(format!(
            "invalid type/length (symbol/{}) in vector allocation",
            x.len()
        ))),
    }
}

/// `call(name, ...)`: the call of the function named `name` with the
/// values given as its arguments.
fn bi_call(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["name", "..."])?;
    let name = match b.take(0) {
        Some(v) if v.vtype() == Some(VType::Str) && v.len() == 1 => arg_str(&Some(v)),
        _ => None,
    };
    let Some(name) = name else {
        return Err(RError::new("first argument must be a character string"));
    };
    let mut elems = vec![(None, lang::sym(&name))];
    elems.extend(b.dots);
    Ok(lang::call_value(lang::build_call(&elems)))
}

/// `as.call(x)`: the call whose function and arguments are the elements of
/// list `x` (a call: itself).
fn bi_as_call(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    match &x {
        Value::Lang(l) => match &**l {
            Lang::Call(_) => Ok(x.clone()),
            Lang::Exprs(_) => {
                let elems = lang::lang_elems(l);
                if elems.is_empty() {
                    return Err(RError::new("invalid argument list"));
                }
                Ok(lang::call_value(lang::build_call(&elems)))
            }
            Lang::Sym(_) => Err(RError::new("invalid argument list")),
        },
        Value::Vec(v) if v.vtype() == VType::List && !v.is_empty() => {
            let names = v.names();
            let VecData::List(items) = &v.data else {
                unreachable!()
            };
            let elems: Vec<(Option<Sym>, Value)> = items
                .iter()
                .enumerate()
                .map(|(i, x)| (names.and_then(|n| n[i].clone()), x.clone()))
                .collect();
            Ok(lang::call_value(lang::build_call(&elems)))
        }
        _ => Err(RError::new("invalid argument list")),
    }
}

fn bi_is_call(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    Ok(Value::lgl(matches!(lang_of(&x), Some(Lang::Call(_)))))
}

fn bi_is_name(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    Ok(Value::lgl(matches!(lang_of(&x), Some(Lang::Sym(_)))))
}

fn bi_is_language(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    Ok(Value::lgl(matches!(x, Value::Lang(_))))
}

fn bi_is_expression(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x"])?;
    let x = b.take(0).unwrap_or(Value::Null);
    Ok(Value::lgl(matches!(lang_of(&x), Some(Lang::Exprs(_)))))
}

/// The function argument of `body`, `formals` and `args`: a closure, or
/// the function a string names (looked up from the caller).
fn function_arg(interp: &mut Interp, v: Option<Value>) -> Option<Value> {
    match v {
        None => interp
            .current_activation()
            .map(|a| Value::Closure(a.closure.clone())),
        Some(v) if v.vtype() == Some(VType::Str) => {
            let name = arg_str(&Some(v))?;
            interp.find_function(&name)
        }
        Some(v) => Some(v),
    }
}

fn bi_body(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["fun"])?;
    match function_arg(interp, b.take(0)) {
        Some(Value::Closure(c)) => Ok(c.code.body.as_deref().map_or(Value::Null, lang::from_expr)),
        _ => Ok(Value::Null),
    }
}

fn bi_formals(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["fun", "envir"])?;
    match function_arg(interp, b.take(0)) {
        Some(Value::Closure(c)) if !c.params.is_empty() => Ok(lang::formals_list(&c.params)),
        _ => Ok(Value::Null),
    }
}

/// `args(f)`: a function with `f`'s formals and a `NULL` body (what R
/// prints to show how a function is called).
fn bi_args(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["name"])?;
    match function_arg(interp, b.take(0)) {
        Some(Value::Closure(c)) => {
            let body = Expr::new(ExprKind::Const(crate::ast::Const::Null), Default::default());
            let code = crate::compile::compile_function("args", &c.params, &body, true);
            Ok(Value::Closure(Rc::new(Closure {
                params: c.params.clone(),
                code,
                env: interp.global.clone(),
                attrs: None,
            })))
        }
        _ => Ok(Value::Null),
    }
}
