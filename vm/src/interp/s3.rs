//! S3 dispatch: `UseMethod`, the method search `NextMethod` shares
//! (`dispatch_from`), the classes a value dispatches on, and the dispatch
//! of R's internal generics to a user's methods: the operators of the
//! `Ops` group (`dispatch_ops`), subsetting and `length`
//! (`dispatch_internal`).

use super::calls::{renamed_expr, CallSite};
use super::Interp;
use crate::args::Args;
use crate::ast::{Arg, Expr, ExprKind};
use crate::builtins;
use crate::env::Env;
use crate::error::{RError, RResult};
use crate::symbols::intern;
use crate::value::*;
use std::rc::Rc;

/// S3 dispatch state of an activation (for `NextMethod`).
#[derive(Clone)]
pub struct DispatchInfo {
    pub generic: String,
    pub classes: Vec<String>,
    /// Index in `classes` of the method currently running (`classes.len()` = default).
    pub position: usize,
    pub object: Value,
    /// The group generic (`Ops`) whose methods are found too (`Ops.cls`
    /// after `+.cls`, class by class), for an operator's dispatch.
    pub group: Option<&'static str>,
    /// The method's `.Method` when it is not its name alone: an operator's,
    /// one element per operand (the method's name where that operand has
    /// the class it was found for, else "").
    pub method: Option<Value>,
}

/// A method of an internal generic found along a class vector.
struct Found {
    f: Value,
    name: String,
    /// Its class's index in the class vector.
    which: usize,
}

/// Bind the variables R defines in an S3 method's frame: `.Generic`,
/// `.Class` (the classes from the method's on), `.Method` and, for a group
/// method, `.Group`. Only for code that reads them or calls `NextMethod`
/// (`FunctionCode::uses_dispatch`).
pub(super) fn bind_dispatch_vars(env: &Env, d: &DispatchInfo, method_name: Option<&str>) {
    env.set_local(intern(".Generic"), Value::str(&d.generic));
    let from = d.position.min(d.classes.len());
    env.set_local(intern(".Class"), Value::strs(&d.classes[from..]));
    let method = match (&d.method, method_name) {
        (Some(m), _) => Some(m.clone()),
        (None, Some(n)) => Some(Value::str(n)),
        (None, None) => None,
    };
    if let Some(m) = method {
        env.set_local(intern(".Method"), m);
    }
    if let Some(g) = d.group {
        env.set_local(intern(".Group"), Value::str(g));
    }
}

impl Interp {
    /// `UseMethod(generic, obj)` from the current activation.
    pub(super) fn use_method(&mut self, generic: &Value, obj: Option<Value>) -> RResult<Value> {
        let gname = match generic.as_vector().map(|v| v.data.clone()) {
            Some(VecData::Str(s)) if !s.is_empty() && s[0].is_some() => {
                s[0].clone().unwrap().to_string()
            }
            _ => return Err(RError::new("'generic' argument must be a character string")),
        };
        let act = self
            .frames
            .last()
            .ok_or_else(|| RError::new("UseMethod called from outside a function"))?;
        let args = act.args.as_deref().cloned().unwrap_or_default();
        let site = act.site.clone();
        // Without `obj`: the argument the call matched to the function's
        // first formal, as it was passed (GNU R's `GetObject` reads the
        // call's promises, not the frame, which the function may have
        // assigned): the argument named so, else the first unnamed one.
        let first = act.closure.params.first().map(|p| p.name.clone());
        let passed = first.filter(|f| &**f != "...").and_then(|f| {
            let named = args.names.iter().position(|n| n.as_deref() == Some(&*f));
            let k = named.or_else(|| args.names.iter().position(|n| n.is_none()))?;
            args.values.get(k).cloned()
        });
        let obj = match obj.or(passed) {
            Some(o) => o,
            None => {
                // The first argument of the enclosing function.
                let env = act.env.clone();
                let code = act.closure.code.clone();
                if code.nparams > 0 {
                    let v = env.slots.borrow()[0].clone();
                    match v {
                        Some(v) => v,
                        None => self.load_unbound(&code, &env, 0, usize::MAX)?,
                    }
                } else {
                    args.values.first().cloned().unwrap_or(Value::Null)
                }
            }
        };
        let classes = dispatch_classes(&obj);
        self.dispatch_from(&gname, None, classes, 0, obj, args, site)
    }

    /// Call the first method of `generic` (or of its `group`, class by
    /// class) for `classes[from..]`, else the default.
    #[allow(clippy::too_many_arguments)]
    pub fn dispatch_from(
        &mut self,
        generic: &str,
        group: Option<&'static str>,
        classes: Vec<String>,
        from: usize,
        obj: Value,
        args: Args,
        site: CallSite,
    ) -> RResult<Value> {
        for (k, c) in classes.iter().enumerate().skip(from) {
            for g in std::iter::once(generic).chain(group) {
                let name = format!("{}.{}", g, c);
                if let Some(f) = self.find_function(&name) {
                    let info = DispatchInfo {
                        generic: generic.to_string(),
                        classes: classes.clone(),
                        position: k,
                        object: obj,
                        group,
                        method: None,
                    };
                    return self.call_method(&f, args, site.for_method(&name), info);
                }
            }
        }
        let name = format!("{}.default", generic);
        if let Some(f) = self.find_function(&name) {
            let info = DispatchInfo {
                generic: generic.to_string(),
                classes: classes.clone(),
                position: classes.len(),
                object: obj,
                group,
                method: None,
            };
            return self.call_method(&f, args, site.for_method(&name), info);
        }
        // Internal defaults for a few generics.
        if let Some(f) = builtins::lookup(generic) {
            if generic != "UseMethod" {
                // An internal generic's builtin (`+`, `[`, ...) must not
                // dispatch again; R names it `+.default` in its errors.
                let internal = crate::symbols::INTERNAL_GENERICS.contains(&generic);
                let site = if internal {
                    site.for_method(&name)
                } else {
                    site
                };
                self.no_dispatch_once = internal;
                let r = self.call_value_no_dispatch(&f, args, site);
                self.no_dispatch_once = false;
                return r;
            }
        }
        let shown = if classes.len() == 1 {
            format!("\"{}\"", classes[0])
        } else {
            format!(
                "c({})",
                classes
                    .iter()
                    .map(|c| format!("'{}'", c))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        Err(RError::new(format!(
            "no applicable method for '{}' applied to an object of class {}",
            generic, shown
        )))
    }

    /// The user's S3 method of `$` or `$<-` (`generic`) for `x`, when `x`
    /// may dispatch one (`subset::dollar_may_dispatch`): `$` and `$<-` are
    /// internal generics.
    #[inline]
    pub(crate) fn dollar_method(&mut self, generic: &str, x: &Value) -> Option<Value> {
        if !builtins::subset::dollar_may_dispatch(x) {
            return None;
        }
        builtins::output::s3_method(self, generic, x)
    }

    /// Call an internal generic's method with positional `args`, as the call
    /// `ci` of `code` (its traceback and error attribution).
    pub(crate) fn call_at(
        &mut self,
        method: &Value,
        args: Vec<Value>,
        code: &std::rc::Rc<crate::bytecode::FunctionCode>,
        ci: crate::bytecode::CallIdx,
    ) -> RResult<Value> {
        let site = CallSite::Code(code.clone(), ci);
        self.call_value(method, Args::positional(args), site)
    }

    /// The first method of `generic` along `classes`, trying `group`'s
    /// after `generic`'s for each class, as R's `findmethod` does (a
    /// user's closure: dlvm's own methods of base classes are builtins).
    fn find_method_along(
        &mut self,
        generic: &str,
        group: Option<&'static str>,
        classes: &[String],
    ) -> Option<Found> {
        for (which, c) in classes.iter().enumerate() {
            for g in std::iter::once(generic).chain(group) {
                let name = format!("{}.{}", g, c);
                if let Some(f @ Value::Closure(_)) = self.find_function(&name) {
                    return Some(Found { f, name, which });
                }
            }
        }
        None
    }

    /// Dispatch of an operator of the `Ops` group (`generic`: `+`, `==`,
    /// `!`, ...) on operands `a` and, unless unary, `b`, one of which has
    /// a class, as GNU R's `DispatchGroup`: each classed operand's method
    /// (`+.cls` or `Ops.cls`, searched along its class vector); when both
    /// find one and they differ, R's warning `Incompatible methods` and the
    /// internal operator; else the method found, called with the operands
    /// as `e1` and `e2` and `.Generic`, `.Method`, `.Class`, `.Group`
    /// bound. `None`: the internal operator runs.
    pub(crate) fn dispatch_ops(
        &mut self,
        generic: &'static str,
        a: &Value,
        b: Option<&Value>,
    ) -> Option<RResult<Value>> {
        if std::mem::take(&mut self.no_dispatch_once) {
            return None;
        }
        let lclass = a.explicit_class();
        let rclass = b.and_then(Value::explicit_class);
        let l = match &lclass {
            Some(c) => self.find_method_along(generic, Some("Ops"), c),
            None => None,
        };
        let r = match &rclass {
            Some(c) => self.find_method_along(generic, Some("Ops"), c),
            None => None,
        };
        let (found, classes, obj) = match (l, r) {
            (None, None) => return None,
            (Some(l), Some(r)) if !same_function(&l.f, &r.f) => {
                let msg = format!(
                    "Incompatible methods (\"{}\", \"{}\") for \"{}\"",
                    l.name, r.name, generic
                );
                return self.warning_in_context(msg).err().map(Err);
            }
            (Some(l), _) => (l, lclass.unwrap_or_default(), a),
            (None, Some(r)) => (r, rclass.unwrap_or_default(), b.unwrap_or(a)),
        };
        let operands: Vec<&Value> = std::iter::once(a).chain(b).collect();
        let dclass = &classes[found.which];
        let method: Vec<&str> = operands
            .iter()
            .map(|v| {
                let has = v.explicit_class().is_some_and(|c| c.contains(dclass));
                if has {
                    found.name.as_str()
                } else {
                    ""
                }
            })
            .collect();
        let values: Vec<Value> = operands.iter().map(|&v| v.clone()).collect();
        let site = self.made_call(generic, &found.name, &values);
        let info = DispatchInfo {
            generic: generic.to_string(),
            classes,
            position: found.which,
            object: obj.clone(),
            group: Some("Ops"),
            method: Some(Value::strs(&method)),
        };
        Some(self.call_method(&found.f, Args::positional(values), site, info))
    }

    /// Dispatch of internal generic `generic` (`[`, `[[`, `[<-`, `[[<-`,
    /// `length`) on its classed first argument `x`: the user's method
    /// `generic.cls` along `x`'s class vector, called with `args()` (R's
    /// traceback shows the generic between the caller and the method).
    /// `None`: no method (or `NextMethod` reached the internal default):
    /// the builtin's own code runs.
    pub(crate) fn dispatch_internal(
        &mut self,
        generic: &'static str,
        x: &Value,
        args: impl FnOnce() -> Args,
    ) -> Option<RResult<Value>> {
        if std::mem::take(&mut self.no_dispatch_once) {
            return None;
        }
        let classes = x.explicit_class()?;
        let found = self.find_method_along(generic, None, &classes)?;
        let args = args();
        let site = self.made_call(generic, &found.name, &args.values);
        let info = DispatchInfo {
            generic: generic.to_string(),
            classes,
            position: found.which,
            object: x.clone(),
            group: None,
            method: None,
        };
        let r = self.call_method(&found.f, args, site, info);
        Some(r.map_err(|mut e| {
            e.trace.push(generic.into());
            e
        }))
    }

    /// The call of method `method` of internal generic `generic` as R
    /// makes it from the call running (`current_call_expr`): `a + b` is
    /// `` `+.cls`(a, b) ``, `x[i]` `` `[.cls`(x, i) ``, the assignment
    /// `x[i] <- v` `` `[<-.cls`(`*tmp*`, i, value = v) ``; a call of
    /// another function (the builtin called by `Reduce`, `do.call`...)
    /// gives the method applied to the argument values.
    fn made_call(&self, generic: &str, method: &str, values: &[Value]) -> CallSite {
        let call = self.current_call_expr().map(Expr::peel);
        let made = call.and_then(|c| {
            let name = c.call_name()?;
            if name == generic {
                return Some(renamed_expr(c, method));
            }
            if matches!(generic, "[<-" | "[[<-") && matches!(name, "<-" | "=" | "<<-") {
                // (R's dispatch names the value stored, not its expression,
                // also in byte code.)
                let value = values.last().cloned();
                return replacement_call(c, &generic[..generic.len() - 2], method, value);
            }
            None
        });
        let made = made.unwrap_or_else(|| {
            let pos = call.map(|c| c.pos).unwrap_or_default();
            let args = values
                .iter()
                .map(|v| Arg {
                    name: None,
                    value: Some(Expr::new(ExprKind::Value(v.clone()), pos)),
                })
                .collect();
            let f = Expr::new(ExprKind::Ident(method.into()), pos);
            Expr::new(ExprKind::Call(Box::new(f), args), pos)
        });
        CallSite::Made(Rc::new(made))
    }

    fn call_method(
        &mut self,
        f: &Value,
        args: Args,
        site: CallSite,
        info: DispatchInfo,
    ) -> RResult<Value> {
        match f {
            Value::Closure(c) => self.call_closure(c, args, site, Some(info)),
            other => self.call_value_no_dispatch(other, args, site),
        }
    }
}

/// Are `f` and `g` the same function (R's `lsxp != rsxp`)?
fn same_function(f: &Value, g: &Value) -> bool {
    match (f, g) {
        (Value::Closure(a), Value::Closure(b)) => Rc::ptr_eq(a, b),
        (Value::Builtin(a), Value::Builtin(b)) => a == b,
        _ => false,
    }
}

/// The call R makes of replacement method `method` for the assignment
/// `assign` (`x[i] <- v`) whose target is a `bracket` call (`[` or `[[`)
/// on `*tmp*`: `` `[<-.cls`(`*tmp*`, i, value = v) `` (`value`: the
/// value stored, shown instead of `v`). In a nested
/// target (`x$a[i] <- v`) the bracket is found along the first arguments;
/// below the outermost call, its value is R's `*vtmp*`.
fn replacement_call(
    assign: &Expr,
    bracket: &str,
    method: &str,
    value: Option<Value>,
) -> Option<Expr> {
    let ExprKind::Call(_, parts) = &assign.kind else {
        return None;
    };
    let (target, rhs) = (
        parts.first()?.value.as_ref()?,
        parts.get(1)?.value.as_ref()?,
    );
    let mut at = target.peel();
    let mut outermost = true;
    loop {
        let ExprKind::Call(f, args) = &at.kind else {
            return None;
        };
        if matches!(&f.kind, ExprKind::Ident(n) if &**n == bracket) {
            let pos = at.pos;
            let mut new_args = args.clone();
            let first = new_args.first_mut()?;
            first.value = Some(Expr::new(ExprKind::Ident("*tmp*".into()), pos));
            let value = if outermost {
                match value {
                    Some(v) => Expr::new(ExprKind::Value(v), rhs.pos),
                    None => rhs.clone(),
                }
            } else {
                Expr::new(ExprKind::Ident("*vtmp*".into()), pos)
            };
            new_args.push(Arg {
                name: Some("value".into()),
                value: Some(value),
            });
            let f = Expr::new(ExprKind::Ident(method.into()), f.pos);
            return Some(Expr::new(ExprKind::Call(Box::new(f), new_args), pos));
        }
        at = args.first()?.value.as_ref()?.peel();
        outermost = false;
    }
}

/// The classes S3 dispatch tries for a value (explicit class, else implicit).
pub fn dispatch_classes(v: &Value) -> Vec<String> {
    if let Some(c) = v.explicit_class() {
        return c;
    }
    let mut out = Vec::new();
    if let Some(d) = v.attr("dim") {
        out.push(if d.len() == 2 {
            "matrix".to_string()
        } else {
            "array".to_string()
        });
        if d.len() == 2 {
            out.push("array".into());
        }
    }
    match v {
        Value::Closure(_) | Value::Builtin(_) => out.push("function".into()),
        Value::Null => out.push("NULL".into()),
        Value::Env(_) => out.push("environment".into()),
        Value::Lang(l) => out.push(l.class_name()),
        v => match v
            .vtype()
            .expect("a vector (the other kinds are matched above)")
        {
            VType::Dbl => {
                out.push("double".into());
                out.push("numeric".into());
            }
            VType::Int => {
                out.push("integer".into());
                out.push("numeric".into());
            }
            t => out.push(t.name().into()),
        },
    }
    out
}
