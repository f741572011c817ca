//! S3 dispatch: `UseMethod`, the method search `NextMethod` shares
//! (`dispatch_from`), and the classes a value dispatches on.

use super::calls::CallSite;
use super::Interp;
use crate::args::Args;
use crate::builtins;
use crate::error::{RError, RResult};
use crate::value::*;

/// S3 dispatch state of an activation (for `NextMethod`).
#[derive(Clone)]
pub struct DispatchInfo {
    pub generic: String,
    pub classes: Vec<String>,
    /// Index in `classes` of the method currently running (`classes.len()` = default).
    pub position: usize,
    pub object: Value,
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
        self.dispatch_from(&gname, classes, 0, obj, args, site)
    }

    /// Call the first method of `generic` for `classes[from..]`, else the default.
    pub fn dispatch_from(
        &mut self,
        generic: &str,
        classes: Vec<String>,
        from: usize,
        obj: Value,
        args: Args,
        site: CallSite,
    ) -> RResult<Value> {
        for (k, c) in classes.iter().enumerate().skip(from) {
            let name = format!("{}.{}", generic, c);
            if let Some(f) = self.find_function(&name) {
                let info = DispatchInfo {
                    generic: generic.to_string(),
                    classes: classes.clone(),
                    position: k,
                    object: obj,
                };
                return self.call_method(&f, args, site.for_method(&name), info);
            }
        }
        let name = format!("{}.default", generic);
        if let Some(f) = self.find_function(&name) {
            let info = DispatchInfo {
                generic: generic.to_string(),
                classes: classes.clone(),
                position: classes.len(),
                object: obj,
            };
            return self.call_method(&f, args, site.for_method(&name), info);
        }
        // Internal defaults for a few generics.
        if let Some(f) = builtins::lookup(generic) {
            if generic != "UseMethod" {
                return self.call_value_no_dispatch(&f, args, site);
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
