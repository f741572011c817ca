//! The profiling bytecode interpreter.
//!
//! PUBLIC API USED BY BUILTINS (stable; the real implementation keeps these):
//! - `Interp::new()`
//! - `interp.out: String` — buffered stdout (`cat`/`print` append here)
//! - `interp.err: String` — buffered stderr (`message` appends here)
//! - `interp.visible: bool` — set to false by builtins returning invisibly
//! - `interp.warning(msg)` — record a warning against the current builtin call
//!   (returns Err when a tryCatch(warning=) handler turns it into a condition)
//! - `interp.call_function(&f, args)` — call any function value (closure or builtin)
//! - `interp.find_function(name)` — look up a function by name from the current scope
//! - `interp.print_value(&v)` — print with S3 dispatch (`print.<class>`), as auto-print does
use crate::args::Args;
use crate::error::{RError, RResult};
use crate::value::Value;

pub struct Interp {
    pub out: String,
    /// Buffered stderr for `message()` (errors and warnings are printed by the driver).
    pub err: String,
    pub visible: bool,
    /// Pending warnings: (call text or None, message).
    pub warnings: Vec<(Option<String>, String)>,
}

impl Default for Interp {
    fn default() -> Self {
        Self::new()
    }
}

impl Interp {
    pub fn new() -> Interp {
        Interp { out: String::new(), err: String::new(), visible: true, warnings: Vec::new() }
    }
    pub fn warning(&mut self, msg: impl Into<String>) -> RResult<()> {
        self.warnings.push((None, msg.into()));
        Ok(())
    }
    pub fn call_function(&mut self, f: &Value, args: Args) -> RResult<Value> {
        match f {
            Value::Builtin(id) => crate::builtins::call(*id, self, args),
            _ => Err(RError::new("closures not callable in the stub interpreter")),
        }
    }
    pub fn find_function(&self, name: &str) -> Option<Value> {
        crate::builtins::lookup(name)
    }
    pub fn print_value(&mut self, v: &Value) -> RResult<()> {
        let s = crate::print::print_to_string(v);
        self.out.push_str(&s);
        Ok(())
    }
}
