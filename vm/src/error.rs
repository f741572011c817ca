//! R conditions as Rust errors: errors (with the call they are reported against),
//! warnings raised as conditions (inside `tryCatch(warning = )`), and the
//! control-flow signals the interpreter threads through `Result`.

use crate::value::Value;
use std::fmt;

/// Where an error is reported: R prints `Error in <call> : msg` or `Error: msg`.
#[derive(Clone, Debug, PartialEq)]
pub enum ErrCall {
    /// Not yet known: the interpreter fills in the call of the builtin that raised it.
    Pending,
    /// Reported without a call (`Error: msg`).
    None,
    /// The deparsed call text.
    Call(String),
    /// Raised the way GNU R's C code raises with `error()` rather than
    /// `errorcall()`: it names the call of the innermost closure running
    /// (R's `R_GlobalContext`), as `stop()` does, not the operation's own
    /// call (`1i %% 2` inside `f(3)`: `Error in f(3) :`, byte-compiled or
    /// not); at top level none, but in a loop, which R byte-compiles: its
    /// byte code names the operation. The interpreter fills it in where it
    /// attributes the operation's errors (`Interp::attribute`).
    Context,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ErrKind {
    /// An R error (`stop()` or a builtin's error).
    Error,
    /// A warning turned into a condition because a `tryCatch(warning = )` handler is active.
    Warning,
    /// A feature outside the subset (docs/R-SUBSET.md); printed as `Error: unsupported: <what>`.
    Unsupported,
    /// Not an error: a `return()` inside a `tryCatch` region that compiled
    /// code ran through the interpreter (`Interp::run_try`), the function's
    /// value in `condition`. It leaves the activation's compiled code as an
    /// error does, and the activation's native entry turns it into its
    /// result (`Interp::region_return`); R code never sees it.
    Return,
    /// Not an error: `invokeRestart(name, ...)`, a jump to the restart its
    /// `route` names (a `withRestarts` region, or the `muffleWarning` /
    /// `muffleMessage` restart of the `warning()` / `message()` signalling),
    /// the restart's arguments as a list in `condition`. No handler sees it;
    /// `on.exit` and `finally` code on the way runs.
    Restart,
}

/// Where a condition goes, as the handler stack decided when it was
/// signalled (GNU R looks at the handlers where the condition is signalled,
/// then unwinds to the exiting one it chose, if any).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// The handlers have not seen it yet: the interpreter signals it where
    /// it first sees it (`Interp::signal_error`).
    Unsignalled,
    /// Signalled, and no exiting handler takes it: an error goes on to top
    /// level (the `finally` and `on.exit` code on the way runs).
    Uncaught,
    /// To exiting handler `index` of the region whose `TryFrame::id` is
    /// `region` (a `tryCatch` handler, a `withRestarts` restart), or to the
    /// muffle restart of signal `region`.
    To { region: u64, index: u32 },
}

/// An R condition as a Rust error. Boxed: `RResult<Value>` is returned
/// through every call layer (interpreter, native entry, runtime calls), and
/// an unboxed error made it 80 bytes, copied at each return.
#[derive(Clone, Debug, PartialEq)]
pub struct RError(pub Box<RErrorData>);

/// What an `RError` says (fields reached through `RError`'s `Deref`).
#[derive(Clone, Debug, PartialEq)]
pub struct RErrorData {
    pub kind: ErrKind,
    pub msg: String,
    pub call: ErrCall,
    /// The condition object for `stop(cond)` / custom conditions (a list with class).
    pub condition: Option<Value>,
    /// The names of the calls the error unwound through, innermost first, as
    /// GNU R's context stack would hold them (closures, and the functions that
    /// are closures in R which dlvm implements as builtins): what Rscript's
    /// `Calls:` line shows (`concise_traceback`).
    pub trace: Vec<std::rc::Rc<str>>,
    pub route: Route,
}

pub type RResult<T> = Result<T, RError>;

impl std::ops::Deref for RError {
    type Target = RErrorData;
    fn deref(&self) -> &RErrorData {
        &self.0
    }
}

impl std::ops::DerefMut for RError {
    fn deref_mut(&mut self) -> &mut RErrorData {
        &mut self.0
    }
}

impl From<RErrorData> for RError {
    fn from(d: RErrorData) -> RError {
        RError(Box::new(d))
    }
}

impl RError {
    /// An error whose call the interpreter fills in (the builtin being called).
    pub fn new(msg: impl Into<String>) -> RError {
        RErrorData {
            kind: ErrKind::Error,
            msg: msg.into(),
            call: ErrCall::Pending,
            condition: None,
            trace: Vec::new(),
            route: Route::Unsignalled,
        }
        .into()
    }
    /// An error or jump of `kind` reported against `call`, with condition
    /// object (or restart arguments) `condition`, not yet signalled.
    pub fn make(kind: ErrKind, msg: String, call: ErrCall, condition: Option<Value>) -> RError {
        RErrorData {
            kind,
            msg,
            call,
            condition,
            trace: Vec::new(),
            route: Route::Unsignalled,
        }
        .into()
    }
    /// An error raised as GNU R's C `error()` raises it (see `ErrCall::Context`).
    pub fn in_context(msg: impl Into<String>) -> RError {
        let mut e = RError::new(msg);
        e.call = ErrCall::Context;
        e
    }

    /// An error reported without a call (`Error: msg`).
    pub fn no_call(msg: impl Into<String>) -> RError {
        RErrorData {
            kind: ErrKind::Error,
            msg: msg.into(),
            call: ErrCall::None,
            condition: None,
            trace: Vec::new(),
            route: Route::Unsignalled,
        }
        .into()
    }
    pub fn with_call(msg: impl Into<String>, call: impl Into<String>) -> RError {
        RErrorData {
            kind: ErrKind::Error,
            msg: msg.into(),
            call: ErrCall::Call(call.into()),
            condition: None,
            trace: Vec::new(),
            route: Route::Unsignalled,
        }
        .into()
    }
    /// A feature outside the subset (`Error: unsupported: what`).
    pub fn unsupported(what: impl Into<String>) -> RError {
        RErrorData {
            kind: ErrKind::Unsupported,
            msg: what.into(),
            call: ErrCall::None,
            condition: None,
            trace: Vec::new(),
            route: Route::Unsignalled,
        }
        .into()
    }
}

/// GNU R's `R_ConciseTraceback` (errors.c) over `trace` (innermost first):
/// the `Calls:` line's text, or `None` when it adds nothing to the `Error in`
/// line (one call, the one the error names). `stop`/`warning` and what they
/// called are not shown, long chains are cut to `top ... inner`.
pub fn concise_traceback(trace: &[std::rc::Rc<str>], call: &ErrCall) -> Option<String> {
    // R_NShowCalls: the chain is cut once it is longer than this.
    const SHOW_CALLS: usize = 50;
    let mut buf = String::new();
    let mut ncalls = 0;
    let mut too_many = false;
    let mut top: &str = "";
    for this in trace {
        let this: &str = this;
        if matches!(
            this,
            "stop" | "warning" | "suppressWarnings" | ".signalSimpleWarning"
        ) {
            buf.clear();
            ncalls = 0;
            too_many = false;
        } else {
            ncalls += 1;
            if too_many {
                top = this;
            } else if buf.len() > SHOW_CALLS {
                buf.insert_str(0, "... ");
                too_many = true;
                top = this;
            } else if !buf.is_empty() {
                buf.insert_str(0, &format!("{} -> ", this));
            } else {
                buf.push_str(this);
            }
        }
    }
    if too_many && top.len() < 50 {
        buf.insert_str(0, &format!("{} ", top));
    }
    let ErrCall::Call(c) = call else {
        return None;
    };
    if buf.is_empty() || (ncalls == 1 && call_function_name(c) == buf) {
        return None;
    }
    Some(buf)
}

/// The name GNU R's traceback gives a call from its deparsed text: the
/// function's name when it is a symbol, else `<Anonymous>`.
pub fn call_function_name(call: &str) -> &str {
    let head = call.split('(').next().unwrap_or("");
    let head = head.trim_matches('`');
    let symbol = !head.is_empty()
        && !head.starts_with(|c: char| c.is_ascii_digit() || c == '_')
        && head
            .chars()
            .all(|c| c.is_alphanumeric() || c == '.' || c == '_');
    if symbol && call.contains('(') {
        head
    } else {
        "<Anonymous>"
    }
}

impl fmt::Display for RError {
    /// The first line(s) as Rscript prints them on stderr.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.kind, &self.call) {
            (ErrKind::Unsupported, _) => write!(f, "Error: unsupported: {}", self.msg),
            (_, ErrCall::Call(c)) => {
                // GNU R (errors.c): break after the call when 14 + call + first
                // message line exceeds LONGWARN (75), counted in characters.
                let line1 = self.msg.split('\n').next().unwrap_or("");
                if 14 + c.chars().count() + line1.chars().count() > 75 {
                    write!(f, "Error in {} : \n  {}", c, self.msg)
                } else {
                    write!(f, "Error in {} : {}", c, self.msg)
                }
            }
            _ => write!(f, "Error: {}", self.msg),
        }
    }
}
