//! (family of builtins; see builtins/mod.rs)
use super::BuiltinDef;

pub const BUILTINS: &[BuiltinDef] = &[];
