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
