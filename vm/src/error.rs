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
}

#[derive(Clone, Debug, PartialEq)]
pub enum ErrKind {
    /// An R error (`stop()` or a builtin's error).
    Error,
    /// A warning turned into a condition because a `tryCatch(warning = )` handler is active.
    Warning,
    /// A feature outside the subset (docs/R-SUBSET.md); printed as `Error: unsupported: <what>`.
    Unsupported,
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
        }
        .into()
    }
    /// An error reported without a call (`Error: msg`).
    pub fn no_call(msg: impl Into<String>) -> RError {
        RErrorData {
            kind: ErrKind::Error,
            msg: msg.into(),
            call: ErrCall::None,
            condition: None,
        }
        .into()
    }
    pub fn with_call(msg: impl Into<String>, call: impl Into<String>) -> RError {
        RErrorData {
            kind: ErrKind::Error,
            msg: msg.into(),
            call: ErrCall::Call(call.into()),
            condition: None,
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
        }
        .into()
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
