//! The builtin function table. Each submodule owns one family of builtins and
//! exports `pub const BUILTINS: &[BuiltinDef]`; the table is their concatenation.
//! A builtin receives its arguments evaluated and in call order (`Args`), binds
//! them to its formals with `Args::bind`, and returns a value or an `RError`
//! (whose call the interpreter fills in).

use crate::args::Args;
use crate::error::RResult;
use crate::interp::Interp;
use crate::value::Value;
use std::collections::HashMap;
use std::sync::OnceLock;

pub mod arith;
pub mod construct;
pub mod functional;
pub mod inspect;
pub mod lang;
pub mod ldsum;
pub mod math;
pub mod output;
pub mod random;
pub mod sets;
pub mod strings;
pub mod subset;

pub type BuiltinFn = fn(&mut Interp, Args) -> RResult<Value>;

pub struct BuiltinDef {
    pub name: &'static str,
    pub f: BuiltinFn,
}

impl BuiltinDef {
    pub const fn new(name: &'static str, f: BuiltinFn) -> BuiltinDef {
        BuiltinDef { name, f }
    }
}

pub struct Table {
    pub defs: Vec<&'static BuiltinDef>,
    pub by_name: HashMap<&'static str, u16>,
}

/// The global builtin table (built once).
pub fn table() -> &'static Table {
    static T: OnceLock<Table> = OnceLock::new();
    T.get_or_init(|| {
        let mut defs: Vec<&'static BuiltinDef> = Vec::new();
        for family in [
            arith::BUILTINS,
            math::BUILTINS,
            construct::BUILTINS,
            inspect::BUILTINS,
            sets::BUILTINS,
            subset::BUILTINS,
            strings::BUILTINS,
            output::BUILTINS,
            functional::BUILTINS,
            lang::BUILTINS,
            random::BUILTINS,
        ] {
            defs.extend(family.iter());
        }
        let mut by_name = HashMap::new();
        for (i, d) in defs.iter().enumerate() {
            by_name.insert(d.name, i as u16);
        }
        Table { defs, by_name }
    })
}

pub fn lookup(name: &str) -> Option<Value> {
    table().by_name.get(name).map(|&i| Value::Builtin(i))
}

pub fn name_of(id: u16) -> &'static str {
    table().defs[id as usize].name
}

pub fn call(id: u16, interp: &mut Interp, args: Args) -> RResult<Value> {
    (table().defs[id as usize].f)(interp, args)
}
