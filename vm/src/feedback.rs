//! Type feedback recorded by the interpreter: one slot per value-producing
//! instruction. Feedback only grows (each record is a join in a small lattice),
//! except where the deoptless cleanup explicitly marks a slot stale.

use crate::value::{VType, Value};
use std::fmt;

/// Observed types at one instruction, as a bit set.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct TypeFeedback(pub u16);

impl TypeFeedback {
    pub const LGL: u16 = 1 << 0;
    pub const INT: u16 = 1 << 1;
    pub const DBL: u16 = 1 << 2;
    pub const CPLX: u16 = 1 << 3;
    pub const STR: u16 = 1 << 4;
    pub const LIST: u16 = 1 << 5;
    pub const NULL: u16 = 1 << 6;
    pub const FUN: u16 = 1 << 7;
    /// Some observed value was not a length-1 vector.
    pub const NON_SCALAR: u16 = 1 << 8;
    /// Some observed value had attributes.
    pub const ATTRS: u16 = 1 << 9;
    /// Some observed scalar was NA (checked for scalars only: cheap).
    pub const NA: u16 = 1 << 10;
    /// Branch feedback: the branch was taken / not taken.
    pub const TAKEN: u16 = 1 << 11;
    pub const NOT_TAKEN: u16 = 1 << 12;
    /// Some observed value was an environment (also recorded as a classed
    /// non-scalar list, which no type speculation takes; this bit tells it
    /// from a list for `$`'s record speculation).
    pub const ENV: u16 = 1 << 13;
    /// Marked stale by the deoptless feedback cleanup (ignored by the optimizer).
    pub const STALE: u16 = 1 << 15;

    /// The feedback bits describing one value.
    #[inline(always)]
    pub fn of(v: &Value) -> u16 {
        match v {
            Value::Int(x) => Self::INT | if *x == i32::MIN { Self::NA } else { 0 },
            Value::Dbl(x) => Self::DBL | if x.is_nan() { Self::NA } else { 0 },
            Value::Lgl(x) => Self::LGL | if *x == i32::MIN { Self::NA } else { 0 },
            Value::Null => Self::NULL,
            Value::Closure(_) | Value::Builtin(_) => Self::FUN,
            // An environment: recorded as a classed non-scalar list, which no
            // optimizer speculates on (it stays an opaque `any`).
            Value::Env(_) => Self::LIST | Self::NON_SCALAR | Self::ATTRS | Self::ENV,
            // A language object: the same, without the environment bit.
            Value::Lang(_) => Self::LIST | Self::NON_SCALAR | Self::ATTRS,
            Value::Vec(v) => {
                let t = match v.vtype() {
                    // A raw vector: recorded as mixed types, which no
                    // optimizer speculates on (an opaque `any`).
                    VType::Raw => Self::LIST | Self::STR | Self::NON_SCALAR | Self::ATTRS,
                    VType::Lgl => Self::LGL,
                    VType::Int => Self::INT,
                    VType::Dbl => Self::DBL,
                    VType::Cplx => Self::CPLX,
                    VType::Str => Self::STR,
                    VType::List => Self::LIST,
                };
                t | if v.len() != 1 { Self::NON_SCALAR } else { 0 }
                    | if v.attrs.is_some() { Self::ATTRS } else { 0 }
            }
        }
    }
    /// Record bits computed by a fast path that knows the value's type.
    #[inline(always)]
    pub fn record_bits(cell: &std::cell::Cell<TypeFeedback>, bits: u16) {
        let old = cell.get().0;
        if old | bits != old {
            cell.set(TypeFeedback(old | bits));
        }
    }
    #[inline(always)]
    pub fn record(cell: &std::cell::Cell<TypeFeedback>, v: &Value) {
        let bits = Self::of(v);
        let old = cell.get().0;
        if old | bits != old {
            cell.set(TypeFeedback(old | bits));
        }
    }
    pub fn is_empty(self) -> bool {
        self.0 & !Self::STALE == 0
    }
    pub fn has(self, bits: u16) -> bool {
        self.0 & bits != 0
    }
}

impl fmt::Display for TypeFeedback {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names = [
            (Self::LGL, "lgl"),
            (Self::INT, "int"),
            (Self::DBL, "dbl"),
            (Self::CPLX, "cplx"),
            (Self::STR, "str"),
            (Self::LIST, "list"),
            (Self::NULL, "null"),
            (Self::FUN, "fun"),
            (Self::NON_SCALAR, "vector"),
            (Self::ATTRS, "attrs"),
            (Self::NA, "na"),
            (Self::TAKEN, "taken"),
            (Self::NOT_TAKEN, "not-taken"),
            (Self::ENV, "env"),
            (Self::STALE, "STALE"),
        ];
        let parts: Vec<&str> = names
            .iter()
            .filter(|(b, _)| self.0 & b != 0)
            .map(|(_, n)| *n)
            .collect();
        if parts.is_empty() {
            f.write_str("-")
        } else {
            f.write_str(&parts.join("|"))
        }
    }
}

/// Call-target feedback: the first target seen and whether others were seen.
#[derive(Clone, Default, Debug)]
pub struct CallFeedback {
    pub target: Option<Value>,
    pub polymorphic: bool,
    pub count: u32,
    /// Types of the values the call returned.
    pub result: TypeFeedback,
}

impl CallFeedback {
    #[inline]
    pub fn record_result(&mut self, v: &Value) {
        self.result.0 |= TypeFeedback::of(v);
    }

    #[inline(always)]
    pub fn record(&mut self, f: &Value) {
        self.count = self.count.saturating_add(1);
        if self.polymorphic {
            return;
        }
        match &self.target {
            None => self.target = Some(f.clone()),
            Some(t) => {
                if !same_function(t, f) {
                    self.polymorphic = true;
                }
            }
        }
    }
}

fn same_function(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Closure(x), Value::Closure(y)) => std::rc::Rc::ptr_eq(&x.code, &y.code),
        (Value::Builtin(x), Value::Builtin(y)) => x == y,
        _ => false,
    }
}

impl fmt::Display for CallFeedback {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = match &self.target {
            None => "-".to_string(),
            Some(Value::Closure(c)) => format!("closure {}", c.code.name),
            Some(Value::Builtin(b)) => format!("builtin {}", crate::builtin_names::name_of(*b)),
            Some(_) => "?".into(),
        };
        write!(
            f,
            "calls {} target {}{}",
            self.count,
            t,
            if self.polymorphic {
                " (polymorphic)"
            } else {
                ""
            }
        )
    }
}
