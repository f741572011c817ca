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
use crate::ast::{Expr, ExprKind, Param};
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
    BuiltinDef::new("body<-", bi_body_assign),
    BuiltinDef::new("formals<-", bi_formals_assign),
    BuiltinDef::new("environment<-", bi_environment_assign),
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
            Ok(new_closure(
                "args",
                c.params.to_vec(),
                &body,
                interp.global.clone(),
            ))
        }
        _ => Ok(Value::Null),
    }
}

// ---- replacing a function's parts ----------------------------------------------

/// A new closure of `params` and `body` in `env`, compiled afresh: to the
/// tiers above the interpreter it is a new function (its own feedback, no
/// compiled code of the function it replaces), which is how R programs
/// reset a JIT (`body(f) <<- body(f)`). `name` names its code in dumps.
fn new_closure(name: &str, params: Vec<Param>, body: &Expr, env: Env) -> Value {
    let code = crate::compile::compile_function(name, &params, body, env.is_global());
    crate::bytecode::keep_address(&code);
    Value::Closure(Rc::new(Closure {
        params: params.into(),
        code,
        env,
        attrs: None,
    }))
}

/// The call GNU R's replacement closure `name` runs as in the assignment
/// whose builtin is running, as its warnings name it: `` `body<-`(`*tmp*`,
/// envir = e, value = v) ``, the target's other arguments as written, the
/// value as written where R runs the assignment byte-compiled, else its
/// value deparsed.
fn replacement_call(interp: &Interp, name: &str, value: &Value) -> String {
    let mut text = format!("`{}`(`*tmp*`", name);
    let mut rhs = None;
    if let Some(ExprKind::Call(_, assign)) = interp.current_call_expr().map(|e| &e.peel().kind) {
        if let Some(ExprKind::Call(_, target)) = assign
            .first()
            .and_then(|a| a.value.as_ref())
            .map(|t| &t.peel().kind)
        {
            for a in target.iter().skip(1) {
                text.push_str(", ");
                if let Some(n) = &a.name {
                    text.push_str(&format!("{} = ", n));
                }
                if let Some(v) = &a.value {
                    text.push_str(&crate::deparse::deparse(v));
                }
            }
        }
        rhs = assign.get(1).and_then(|a| a.value.as_ref());
    }
    text.push_str(", value = ");
    match rhs {
        Some(rhs) if interp.current_call_is_bytecode_assign() => {
            text.push_str(&crate::deparse::deparse(rhs))
        }
        _ => text.push_str(&crate::deparse::deparse_value_short(value)),
    }
    text.push(')');
    text
}

/// The argument `fun` of `body<-` and `formals<-` (`what` the replacement
/// function's name): its formals, body and environment. A builtin has none
/// (R's `formals` and `body` of a primitive are `NULL`); a string, those of
/// the function it names, but no environment; a value that is no function
/// neither, with R's warning `argument is not a function` against
/// `other(fun)`, the accessor R's replacement function calls (the warning
/// `'fun' is not a function` it gives first is `not_a_function`'s).
struct FunParts {
    name: String,
    params: Vec<Param>,
    body: Option<Rc<Expr>>,
    env: Option<Env>,
}

fn fun_parts(interp: &mut Interp, fun: &Value, what: &str, other: &str) -> RResult<FunParts> {
    let none = FunParts {
        name: "<anonymous>".into(),
        params: Vec::new(),
        body: None,
        env: None,
    };
    match fun {
        Value::Closure(c) => Ok(FunParts {
            name: c.code.name.clone(),
            params: c.params.to_vec(),
            body: c.code.body.clone(),
            env: Some(c.env.clone()),
        }),
        Value::Builtin(_) => Ok(none),
        v if v.vtype() == Some(VType::Str) => {
            // R's accessor finds the function the string names (from R's
            // base namespace: the builtins, then the global environment);
            // the environment of a string is NULL.
            let name = match as_strings(v).as_slice() {
                [Some(n)] => n.clone(),
                _ => {
                    return Err(RError::unsupported(format!(
                        "{}() of a character vector other than one function name",
                        what
                    )))
                }
            };
            let found = crate::builtins::lookup(&name)
                .or_else(|| interp.global.lookup_function(intern(&name)));
            match found {
                Some(Value::Closure(c)) => Ok(FunParts {
                    env: None,
                    ..fun_parts(interp, &Value::Closure(c), what, other)?
                }),
                Some(_) => Ok(none),
                None => {
                    let (call, frames): (&str, &[&str]) = if other == "formals" {
                        (
                            "get(fun, mode = \"function\", envir = envir)",
                            &["get", "formals", "as.list", "as.function", what, what],
                        )
                    } else {
                        (
                            "get(fun, mode = \"function\", envir = parent.frame())",
                            &["get", "body", what],
                        )
                    };
                    let mut e = RError::with_call(
                        format!("object '{}' of mode 'function' was not found", name),
                        call,
                    );
                    e.trace = frames.iter().map(|&n| n.into()).collect();
                    Err(e)
                }
            }
        }
        _ => {
            interp.warning_with_call(
                Some(format!("{}(fun)", other)),
                "argument is not a function".into(),
            )?;
            Ok(none)
        }
    }
}

/// R's warning of `body<-` and `formals<-` (`what`) for a `fun` that is
/// not a function (a function's name too).
fn not_a_function(interp: &mut Interp, fun: &Value, what: &str, value: &Value) -> RResult<()> {
    if fun.is_function() {
        return Ok(());
    }
    let call = replacement_call(interp, what, value);
    interp.warning_with_call(Some(call), "'fun' is not a function".into())
}

/// The environment R's `as.function.default(x, envir)` gets in `body<-` and
/// `formals<-`: `envir` if given, else the function's; R's errors for
/// `NULL` (a builtin's or a non-function's environment) and for a value
/// that is not an environment, against `call` (the first line of R's
/// call) with R's frames `frames`.
fn function_env(
    envir: Option<Value>,
    own: Option<Env>,
    call: &str,
    frames: &[&str],
) -> RResult<Env> {
    let err = |msg: &str| {
        let mut e = RError::with_call(msg, call);
        e.trace = frames.iter().map(|&n| n.into()).collect();
        e
    };
    match envir {
        Some(Value::Env(e)) => Ok(e),
        Some(Value::Null) => Err(err("use of NULL environment is defunct")),
        Some(_) => Err(err("invalid environment")),
        None => own.ok_or_else(|| err("use of NULL environment is defunct")),
    }
}

/// `body(fun, envir = environment(fun)) <- value`: a new function with
/// `fun`'s formals and `value` as its body (a call, a symbol or a
/// constant; the first element of an expression vector, with R's warning
/// when it has more), in `envir`. R's `body<-` makes it with
/// `as.function`, so the function's attributes are not kept.
fn bi_body_assign(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["fun", "envir", "value"])?;
    let fun = b.take(0).unwrap_or(Value::Null);
    let envir = b.take(1);
    let value = b.take(2).unwrap_or(Value::Null);
    const FRAMES: &[&str] = &["as.function.default", "as.function", "body<-", "body<-"];
    const CALL: &str = "as.function.default(c(as.list(formals(fun)), list(value)), envir)";
    not_a_function(interp, &fun, "body<-", &value)?;
    let value = match lang_of(&value) {
        Some(Lang::Exprs(v)) => {
            if v.len() > 1 {
                let call = replacement_call(interp, "body<-", &value);
                interp.warning_with_call(
                    Some(call),
                    "using the first element of 'value' of type \"expression\"".into(),
                )?;
            }
            match &v.data {
                VecData::List(items) if !items.is_empty() => items[0].clone(),
                _ => {
                    let mut e = RError::with_call("subscript out of bounds", "value[[1L]]");
                    e.trace = vec!["body<-".into(), "body<-".into()];
                    return Err(e);
                }
            }
        }
        _ => value,
    };
    if lang::is_empty_sym(&value) {
        return Err(RError::unsupported("body<- of the empty symbol"));
    }
    let parts = fun_parts(interp, &fun, "body<-", "formals")?;
    let env = function_env(envir, parts.env, CALL, FRAMES)?;
    let body = match lang_of(&value) {
        Some(Lang::Call(c)) => c.expr.peel().clone(),
        _ => lang::to_expr(&value),
    };
    Ok(new_closure(&parts.name, parts.params, &body, env))
}

/// `formals(fun, envir = environment(fun)) <- value`: a new function with
/// the formals `value` gives (a list, or a vector, named by the
/// parameters, each element its default; the empty symbol, as `alist(x =
/// )` makes, for none; `NULL` for no parameters) and `fun`'s body, in
/// `envir`.
fn bi_formals_assign(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["fun", "envir", "value"])?;
    let fun = b.take(0).unwrap_or(Value::Null);
    let envir = b.take(1);
    let value = b.take(2).unwrap_or(Value::Null);
    const FRAMES: &[&str] = &["as.function.default", "as.function", "formals<-"];
    // (The first line of R's call, as R's error message shows it.)
    const CALL: &str =
        "as.function.default(c(value, if (is.null(bd) || is.list(bd)) list(bd) else bd), ";
    not_a_function(interp, &fun, "formals<-", &value)?;
    let parts = fun_parts(interp, &fun, "formals<-", "body")?;
    let env = function_env(envir, parts.env, CALL, FRAMES)?;
    let invalid = || {
        let mut e = RError::with_call("invalid formal argument list for \"function\"", CALL);
        e.trace = FRAMES.iter().map(|&n| n.into()).collect();
        e
    };
    let params = match &value {
        Value::Null => Vec::new(),
        Value::Lang(_) | Value::Closure(_) | Value::Builtin(_) | Value::Env(_) => {
            return Err(invalid())
        }
        v => {
            let names = v
                .as_vector()
                .and_then(|x| x.names().map(|n| n.to_vec()))
                .unwrap_or_default();
            let items = super::functional::elements(v);
            if names.len() != items.len() {
                return Err(invalid());
            }
            let mut params: Vec<Param> = Vec::with_capacity(items.len());
            for (n, d) in names.iter().zip(&items) {
                let Some(n) = n.as_ref().filter(|n| !n.is_empty()) else {
                    return Err(invalid());
                };
                if params.iter().any(|p| p.name == *n) {
                    return Err(RError::unsupported(format!(
                        "formals<- with the argument name '{}' twice",
                        n
                    )));
                }
                params.push(Param {
                    name: n.clone(),
                    default: (!lang::is_empty_sym(d)).then(|| lang::to_expr(d)),
                });
            }
            params
        }
    };
    let null = Expr::new(ExprKind::Const(crate::ast::Const::Null), Default::default());
    let body = parts.body.as_deref().unwrap_or(&null);
    Ok(new_closure(&parts.name, params, body, env))
}

/// `environment(fun) <- value`: a closure with `fun`'s formals and body in
/// environment `value` (its attributes kept, as R's primitive does). Its
/// code is `fun`'s when that code can run in any environment; a function
/// written at top level has code that assumes the global environment
/// (`FunctionCode::in_global`) and is compiled again for another one. Of
/// a vector, the attribute `.Environment` (R's).
fn bi_environment_assign(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["fun", "value"])?;
    let fun = b.take(0).unwrap_or(Value::Null);
    let value = b.take(1).unwrap_or(Value::Null);
    match fun {
        Value::Closure(c) => {
            let env = match value {
                Value::Env(e) => e,
                Value::Null => return Err(RError::new("use of NULL environment is defunct")),
                _ => return Err(RError::new("replacement object is not an environment")),
            };
            let code = if c.code.in_global && !env.is_global() {
                let null = Expr::new(ExprKind::Const(crate::ast::Const::Null), Default::default());
                let body = c.code.body.as_deref().unwrap_or(&null);
                let code = crate::compile::compile_function(&c.code.name, &c.params, body, false);
                crate::bytecode::keep_address(&code);
                code
            } else {
                c.code.clone()
            };
            Ok(Value::Closure(Rc::new(Closure {
                params: c.params.clone(),
                code,
                env,
                attrs: c.attrs.clone(),
            })))
        }
        mut v @ (Value::Vec(_) | Value::Lgl(_) | Value::Int(_) | Value::Dbl(_)) => {
            match value {
                Value::Env(_) | Value::Null => {
                    v.set_attr(".Environment", value);
                }
                _ => return Err(RError::new("replacement object is not an environment")),
            }
            Ok(v)
        }
        _ => Err(RError::unsupported(
            "environment<- of a value other than a closure or a vector",
        )),
    }
}

#[cfg(test)]
mod tests {
    use crate::interp::Interp;
    use crate::symbols::intern;
    use crate::value::Value;

    /// Run `src` as Rscript would: (status, stdout, stderr).
    fn run(interp: &mut Interp, src: &str) -> (crate::driver::Status, String, String) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let st = crate::driver::run_source(interp, src, "t.R", &mut out, &mut err);
        (
            st,
            String::from_utf8(out).unwrap(),
            String::from_utf8(err).unwrap(),
        )
    }

    fn closure(interp: &Interp, name: &str) -> std::rc::Rc<crate::value::Closure> {
        match interp.global.get_local(intern(name)) {
            Some(Value::Closure(c)) => c,
            other => panic!("{name} is {other:?}"),
        }
    }

    /// `body(f) <- body(f)` makes a new function to the tiers: new code,
    /// no calls counted, no feedback; the old one is untouched.
    #[test]
    fn a_replaced_function_is_a_new_function() {
        let mut it = Interp::new();
        run(&mut it, "f <- function(x) x + 1\nfor (i in 1:10) f(i)\n");
        let old = closure(&it, "f");
        assert_eq!(old.code.invocations.get(), 10);
        let (_, out, _) = run(&mut it, "body(f) <- body(f)\nprint(f(1))\n");
        assert_eq!(out, "[1] 2\n");
        let new = closure(&it, "f");
        assert!(!std::rc::Rc::ptr_eq(&old.code, &new.code));
        assert_eq!(new.code.invocations.get(), 1);
        assert!(new.code.made_at_run_time.get());
        assert!(std::rc::Rc::ptr_eq(&old.env, &new.env));
        assert_eq!(old.code.invocations.get(), 10);
    }

    /// The addresses of replaced functions that ran stay taken; those of
    /// functions made and dropped without a call are given back.
    #[test]
    fn uncalled_codes_give_their_address_back() {
        let mut it = Interp::new();
        let before = crate::bytecode::kept_addresses();
        run(
            &mut it,
            "h <- function(x) x\nfor (k in 1:3000) body(h) <- call('-', quote(x), k)\n",
        );
        let uncalled = crate::bytecode::kept_addresses() - before;
        assert!(uncalled < 200, "{uncalled} addresses kept");
        run(
            &mut it,
            "g <- function(x) x\nfor (k in 1:300) { body(g) <- call('+', quote(x), k); g(1) }\n",
        );
        let called = crate::bytecode::kept_addresses() - before;
        assert!(called >= 300, "{called} addresses kept");
    }

    /// What is outside the subset stops with an error naming it.
    #[test]
    fn unsupported_forms_say_so() {
        for (src, what) in [
            (
                "f <- function() 1\ng <- c('f', 'f')\nbody(g) <- quote(2)\n",
                "unsupported: body<-() of a character vector other than one function name",
            ),
            (
                "f <- function() 1\nformals(f) <- list(a = 1, a = 2)\n",
                "unsupported: formals<- with the argument name 'a' twice",
            ),
            (
                "f <- function() 1\nbody(f) <- alist(a = )[[1]]\n",
                "unsupported: body<- of the empty symbol",
            ),
            (
                "environment(sum) <- globalenv()\n",
                "unsupported: environment<- of a value other than a closure or a vector",
            ),
        ] {
            let (st, _, err) = run(&mut Interp::new(), src);
            assert_eq!(st, crate::driver::Status::Error, "{src}");
            assert!(err.contains(what), "{src}: {err}");
        }
    }

    /// A function written at top level moved to another environment is
    /// compiled again (its code assumed the global environment); a local
    /// closure's code is shared.
    #[test]
    fn environment_replacement_recompiles_top_level_functions_only() {
        let mut it = Interp::new();
        run(
            &mut it,
            "f <- function() v\ng <- f\ne <- new.env()\nenvironment(g) <- e\n\
             mk <- function() function() v\nh <- mk()\nk <- h\nenvironment(k) <- e\n",
        );
        let (f, g) = (closure(&it, "f"), closure(&it, "g"));
        assert!(f.code.in_global && !g.code.in_global);
        assert!(!std::rc::Rc::ptr_eq(&f.code, &g.code));
        let (h, k) = (closure(&it, "h"), closure(&it, "k"));
        assert!(std::rc::Rc::ptr_eq(&h.code, &k.code));
    }
}
