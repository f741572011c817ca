//! Symbol interning: every identifier becomes a dense `SymId`, so environments can
//! be indexed by number (the global environment is a vector indexed by `SymId`).

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SymId(pub u32);

#[derive(Default)]
struct Interner {
    by_name: HashMap<Rc<str>, SymId>,
    names: Vec<Rc<str>>,
}

thread_local! {
    static INTERNER: RefCell<Interner> = RefCell::new(Interner::default());
    /// Has a name like an S3 method of `$` or `$<-` (`$.cls`, `$<-.cls`)
    /// been interned? Binding such a method needs its name interned, so
    /// until then `x$name` need not look for one (the test costs more than
    /// the field read on records).
    static DOLLAR_METHOD_NAMES: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// Has a name like an S3 method of an operator, of subsetting or of
    /// `length` (`+.money`, `Ops.money`, `[.money`, `[<-.money`,
    /// `length.money`; see `internal_generic_method`) been interned? Until
    /// then arithmetic, comparison and subsetting on classed values need
    /// not look for one.
    static OPS_METHOD_NAMES: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// The internal generics whose methods `OPS_METHOD_NAMES` watches for: the
/// `Ops` group's operators, the group itself, subsetting and `length`.
pub const INTERNAL_GENERICS: &[&str] = &[
    "+", "-", "*", "/", "^", "%%", "%/%", "==", "!=", "<", ">", "<=", ">=", "&", "|", "!", "Ops",
    "[", "[[", "[<-", "[[<-", "length",
];

/// Is `name` the name of an S3 method of one of `INTERNAL_GENERICS`
/// (`generic.class`; `length.out`, an argument name everywhere, is not)?
fn internal_generic_method(name: &str) -> bool {
    let Some((generic, class)) = name.split_once('.') else {
        return false;
    };
    !class.is_empty() && INTERNAL_GENERICS.contains(&generic) && name != "length.out"
}

/// Can an S3 method of an operator, of subsetting or of `length` exist
/// (see `OPS_METHOD_NAMES`)?
#[inline]
pub fn ops_methods_possible() -> bool {
    OPS_METHOD_NAMES.with(|d| d.get())
}

/// Can a `$`/`$<-` S3 method exist (see `DOLLAR_METHOD_NAMES`)?
#[inline]
pub fn dollar_methods_possible() -> bool {
    DOLLAR_METHOD_NAMES.with(|d| d.get())
}

pub fn intern(name: &str) -> SymId {
    INTERNER.with(|i| {
        let mut i = i.borrow_mut();
        if let Some(&id) = i.by_name.get(name) {
            return id;
        }
        let id = SymId(i.names.len() as u32);
        if name.starts_with("$.") || name.starts_with("$<-.") {
            DOLLAR_METHOD_NAMES.with(|d| d.set(true));
        }
        if internal_generic_method(name) {
            OPS_METHOD_NAMES.with(|d| d.set(true));
        }
        let rc: Rc<str> = name.into();
        i.names.push(rc.clone());
        i.by_name.insert(rc, id);
        id
    })
}

impl SymId {
    pub fn name(self) -> Rc<str> {
        INTERNER.with(|i| i.borrow().names[self.0 as usize].clone())
    }
    /// The name, if `self` was interned (an id parsed from text IR may not be).
    pub fn try_name(self) -> Option<Rc<str>> {
        INTERNER.with(|i| i.borrow().names.get(self.0 as usize).cloned())
    }
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl std::fmt::Display for SymId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::internal_generic_method;

    #[test]
    fn internal_generic_methods_are_recognized() {
        for m in [
            "+.money",
            "%/%.money",
            "Ops.units",
            "!.flag",
            "[.temps",
            "[[<-.records",
            "length.stack",
            "Ops.data.frame",
        ] {
            assert!(internal_generic_method(m), "{m}");
        }
        for n in [
            "length.out",
            "print.money",
            "+.",
            "money",
            "as.numeric",
            "[<-",
        ] {
            assert!(!internal_generic_method(n), "{n}");
        }
    }
}
