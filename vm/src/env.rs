//! Environments. A function activation's frame has a fixed layout computed by the
//! bytecode compiler (its parameters and every name it assigns), so locals are
//! slots; a slot is `None` while unbound, and a read of an unbound slot falls back
//! to the enclosing environments by name (R's scoping rule). The global
//! environment is a vector indexed by `SymId` and grows on demand.
//!
//! The global environment also counts writes per binding and keeps an epoch
//! (`GlobalMeta`): compiled code may speculate that a binding defined once
//! keeps its value (Ř's global-environment assumptions), guarded by one load
//! and compare of the epoch, which the first redefinition of any such binding
//! that compiled code relies on (a watched one) bumps. A script's top-level
//! `res <- f(i)` in a loop redefines `res`, which no code assumed anything
//! of: it bumps nothing, and the code that calls `f` keeps running.

use crate::symbols::SymId;
use crate::value::{Sym, Value};
use std::cell::RefCell;
use std::rc::Rc;

pub struct EnvFrame {
    /// Local slots (function frames) or the global table indexed by `SymId`.
    pub slots: RefCell<Vec<Option<Value>>>,
    /// Names of the slots of a function frame; `None` for the global environment.
    pub layout: Option<Rc<[SymId]>>,
    pub parent: Option<Env>,
    /// The `...` arguments of this activation (name, value).
    pub dots: RefCell<Option<Rc<DotsList>>>,
    /// The global environment's binding metadata (`None` in function frames).
    pub globals: Option<Box<GlobalMeta>>,
    /// Attributes set on the environment (`class(e) <- "account"`, R's
    /// mutable objects): every reference sees them, as an environment is
    /// never copied. Each change appends a whole new set; the old sets stay
    /// until the environment is dropped, so a reference `EnvFrame::attr`
    /// handed out stays valid while the environment lives (the price: a
    /// program that changes one environment's attributes n times keeps n
    /// small sets).
    attrs: RefCell<Vec<Rc<crate::value::Attrs>>>,
    /// Bindings of a function frame outside its layout: names that code
    /// `eval` runs in the frame assigns (`eval(parse(text = "y <- 1"))`).
    /// Empty otherwise (the function's own code never makes one).
    extra: RefCell<Vec<(SymId, Value)>>,
}

/// What speculation on global bindings needs to know.
#[derive(Default)]
pub struct GlobalMeta {
    /// Writes per binding (indexed by `SymId`), saturating at 2: a binding
    /// written once holds the only value it ever had. `WATCHED` marks one
    /// written once that compiled code assumed so (`watch_defined_once`).
    writes: RefCell<Vec<u8>>,
    /// Bumped whenever a watched binding written once is written again. Compiled code
    /// that assumed the value of a binding defined once checks that the epoch
    /// is the one it was compiled at (at a stable address: the meta is boxed).
    epoch: std::cell::Cell<u64>,
    /// Bumped whenever a global binding that holds or held a function is
    /// written or removed: function lookups through the global environment
    /// (which skip other values) find what they found while it stands. The
    /// guards of inlined calls cache their lookup under it.
    functions: std::cell::Cell<u64>,
}

/// In `GlobalMeta::writes`: compiled code assumes this binding defined once.
const WATCHED: u8 = 0x80;

impl GlobalMeta {
    /// Is `sym` bound, and bound only once so far?
    pub fn defined_once(&self, sym: SymId) -> bool {
        self.writes
            .borrow()
            .get(sym.index())
            .is_some_and(|&w| w & !WATCHED == 1)
    }
    /// `defined_once`, for code about to assume it under the epoch guard:
    /// from now on the binding's next write bumps the epoch. (Writes of
    /// bindings no code assumed anything of bump nothing.)
    pub fn watch_defined_once(&self, sym: SymId) -> bool {
        match self.writes.borrow_mut().get_mut(sym.index()) {
            Some(w) if *w & !WATCHED == 1 => {
                *w |= WATCHED;
                true
            }
            _ => false,
        }
    }
    pub fn epoch(&self) -> u64 {
        self.epoch.get()
    }
    /// The version of the global function bindings (see `functions`).
    pub fn functions_version(&self) -> u64 {
        self.functions.get()
    }
    fn function_rebound(&self) {
        self.functions.set(self.functions.get() + 1);
    }
    /// The epoch's address, for compiled guards.
    pub fn epoch_ptr(&self) -> *const u64 {
        self.epoch.as_ptr()
    }
    fn wrote(&self, i: usize) {
        let mut w = self.writes.borrow_mut();
        if i >= w.len() {
            w.resize(i + 1, 0);
        }
        if w[i] == 1 | WATCHED {
            self.epoch.set(self.epoch.get() + 1);
        }
        // (A binding written again is not watched any more: it is not
        // defined once.)
        w[i] = ((w[i] & !WATCHED) + 1).min(2);
    }
}

pub type Env = Rc<EnvFrame>;

impl std::fmt::Debug for EnvFrame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "<environment>")
    }
}

/// The `...` of an activation: (name, value) pairs in call order.
pub type DotsList = Vec<(Option<Sym>, Value)>;

impl EnvFrame {
    /// The global environment, with base R's `month.name` and `month.abb`
    /// bound (`Interp::new` binds `pi`, `letters` and the others).
    pub fn new_global() -> Env {
        let g = Rc::new(EnvFrame {
            slots: RefCell::new(Vec::new()),
            layout: None,
            parent: None,
            dots: RefCell::new(None),
            globals: Some(Box::default()),
            attrs: RefCell::default(),
            extra: RefCell::default(),
        });
        for (name, v) in crate::namespace::month_constants() {
            g.set_local(crate::symbols::intern(name), v);
        }
        g
    }
    pub fn new_function(layout: Rc<[SymId]>, parent: Env) -> Env {
        let n = layout.len();
        Rc::new(EnvFrame {
            slots: RefCell::new(vec![None; n]),
            layout: Some(layout),
            parent: Some(parent),
            dots: RefCell::new(None),
            globals: None,
            attrs: RefCell::default(),
            extra: RefCell::default(),
        })
    }
    /// An environment made by `new.env()` (or `emptyenv()` without a
    /// parent): bindings by name like the global environment's, no metadata.
    pub fn new_dynamic(parent: Option<Env>) -> Env {
        Rc::new(EnvFrame {
            slots: RefCell::new(Vec::new()),
            layout: None,
            parent,
            dots: RefCell::new(None),
            globals: None,
            attrs: RefCell::default(),
            extra: RefCell::default(),
        })
    }
    /// The environment's attributes (see `attrs`), `None` if it has none.
    pub fn attr_set(&self) -> Option<&crate::value::Attrs> {
        let set: *const crate::value::Attrs = Rc::as_ptr(self.attrs.borrow().last()?);
        // SAFETY: a set is immutable once pushed and stays in `attrs` until
        // `self` is dropped (`set_attr` only appends), so it outlives `&self`.
        let set = unsafe { &*set };
        (!set.is_empty()).then_some(set)
    }
    pub fn attr(&self, name: &str) -> Option<&Value> {
        self.attr_set()?
            .iter()
            .find(|(n, _)| &**n == name)
            .map(|(_, v)| v)
    }
    pub fn has_attrs(&self) -> bool {
        self.attr_set().is_some()
    }
    /// Set (or with NULL, remove) attribute `name`, seen through every
    /// reference to the environment.
    pub fn set_attr(&self, name: &str, value: Value) {
        let mut set = self.attr_set().cloned().unwrap_or_default();
        match set.iter().position(|(n, _)| &**n == name) {
            Some(k) if value.is_null() => {
                set.remove(k);
            }
            Some(k) => set[k].1 = value,
            None if value.is_null() => return,
            None => set.push((name.into(), value)),
        }
        self.attrs.borrow_mut().push(Rc::new(set));
    }
    pub fn is_global(&self) -> bool {
        self.globals.is_some()
    }
    /// A `new.env()` environment (bindings by name, not the global one).
    pub fn is_dynamic(&self) -> bool {
        self.layout.is_none() && self.globals.is_none()
    }
    /// Remove the binding of `sym` in this frame (`rm`); false when unbound.
    pub fn remove_local(&self, sym: SymId) -> bool {
        let Some(i) = self.slot_of(sym) else {
            let mut extra = self.extra.borrow_mut();
            let n = extra.len();
            extra.retain(|(s, _)| *s != sym);
            return extra.len() != n;
        };
        let mut s = self.slots.borrow_mut();
        match s.get_mut(i) {
            Some(slot @ Some(_)) => {
                let was_function = slot.as_ref().is_some_and(Value::is_function);
                *slot = None;
                drop(s);
                if let Some(g) = &self.globals {
                    g.wrote(i);
                    g.wrote(i);
                    if was_function {
                        g.function_rebound();
                    }
                }
                true
            }
            _ => false,
        }
    }
    /// The names bound in this frame (unsorted; function frames in slot order).
    pub fn local_names(&self) -> Vec<SymId> {
        let slots = self.slots.borrow();
        match &self.layout {
            Some(l) => l
                .iter()
                .zip(slots.iter())
                .filter(|(_, v)| v.is_some())
                .map(|(s, _)| *s)
                .chain(self.extra.borrow().iter().map(|(s, _)| *s))
                .collect(),
            None => slots
                .iter()
                .enumerate()
                .filter(|(_, v)| v.is_some())
                .map(|(i, _)| SymId(i as u32))
                .collect(),
        }
    }
    /// How many names are bound here (`length()` of an environment).
    pub fn binding_count(&self) -> usize {
        self.slots.borrow().iter().filter(|v| v.is_some()).count() + self.extra.borrow().len()
    }
    /// The slot holding `sym` in this frame, if the frame can hold it.
    #[inline]
    pub fn slot_of(&self, sym: SymId) -> Option<usize> {
        match &self.layout {
            Some(l) => l.iter().position(|&s| s == sym),
            None => Some(sym.index()),
        }
    }
    /// The value bound to `sym` in this frame only.
    #[inline]
    pub fn get_local(&self, sym: SymId) -> Option<Value> {
        match self.slot_of(sym) {
            Some(i) => self.slots.borrow().get(i).cloned().flatten(),
            None => self.get_extra(sym),
        }
    }
    /// The value bound to `sym` in this frame, or why there is none: the
    /// slot that would hold it is unbound (`Err(Some(slot))`), or the frame
    /// has no slot for it (`Err(None)`).
    #[inline]
    pub fn get_local_or_slot(&self, sym: SymId) -> Result<Value, Option<usize>> {
        match self.slot_of(sym) {
            Some(i) => match self.slots.borrow().get(i) {
                Some(Some(v)) => Ok(v.clone()),
                _ => Err(Some(i)),
            },
            None => self.get_extra(sym).ok_or(None),
        }
    }
    /// A binding outside a function frame's layout (`extra`): on every
    /// lookup that passes a function frame, so the common case (there is
    /// none) is one load and test.
    #[inline]
    fn get_extra(&self, sym: SymId) -> Option<Value> {
        // SAFETY: `extra` is borrowed mutably only inside `set_local`,
        // `remove_local` and `clear_extra`, which read no other binding
        // meanwhile: no mutable borrow is live here.
        if unsafe { (*self.extra.as_ptr()).is_empty() } {
            return None;
        }
        self.get_extra_slow(sym)
    }
    #[cold]
    #[inline(never)]
    fn get_extra_slow(&self, sym: SymId) -> Option<Value> {
        let extra = self.extra.borrow();
        extra
            .iter()
            .find(|(s, _)| *s == sym)
            .map(|(_, v)| v.clone())
    }
    /// Forget the bindings outside the layout (a frame made ready for reuse).
    pub fn clear_extra(&mut self) {
        self.extra.get_mut().clear();
    }
    pub fn set_local(&self, sym: SymId, v: Value) {
        let Some(i) = self.slot_of(sym) else {
            // A name the function's code does not assign.
            let mut extra = self.extra.borrow_mut();
            match extra.iter_mut().find(|(s, _)| *s == sym) {
                Some(slot) => slot.1 = v,
                None => extra.push((sym, v)),
            }
            return;
        };
        let mut s = self.slots.borrow_mut();
        if i >= s.len() {
            s.resize(i + 1, None);
        }
        let function = v.is_function() || s[i].as_ref().is_some_and(Value::is_function);
        s[i] = Some(v);
        drop(s);
        if let Some(g) = &self.globals {
            g.wrote(i);
            if function {
                g.function_rebound();
            }
        }
    }
    /// Bind `sym` to `v` unless it already holds this very value: compiled
    /// top-level code writing its registers back does not count a write (a
    /// binding defined once stays so, and no epoch is bumped).
    pub fn update_local(&self, sym: SymId, v: Value) {
        if self.get_local_ref(sym, |cur| cur.is_some_and(|c| c.is_same(&v))) {
            return;
        }
        self.set_local(sym, v);
    }
    fn get_local_ref<R>(&self, sym: SymId, f: impl FnOnce(Option<&Value>) -> R) -> R {
        let slots = self.slots.borrow();
        match self.slot_of(sym) {
            Some(i) => f(slots.get(i).and_then(|v| v.as_ref())),
            None => f(self.get_extra(sym).as_ref()),
        }
    }
    /// The locals of an activation of `code` in this frame, in `code.locals`
    /// order. For top-level code (the global environment) they are the
    /// global bindings of the names the code assigns.
    pub fn frame_locals(&self, code_locals: &[SymId]) -> Vec<Option<Value>> {
        if self.is_global() {
            code_locals.iter().map(|&s| self.get_local(s)).collect()
        } else {
            self.slots.borrow().clone()
        }
    }
    /// Local `i` of an activation of code with locals `code_locals` (see
    /// `frame_locals`).
    pub fn frame_local(&self, code_locals: &[SymId], i: usize) -> Option<Value> {
        if self.is_global() {
            code_locals.get(i).and_then(|&s| self.get_local(s))
        } else {
            self.slots.borrow().get(i).cloned().flatten()
        }
    }
    /// Bind local `i` of an activation (see `frame_locals`), unless it holds
    /// this very value.
    pub fn set_frame_local(&self, code_locals: &[SymId], i: usize, v: Value) {
        if self.is_global() {
            if let Some(&s) = code_locals.get(i) {
                self.update_local(s, v);
            }
        } else if let Some(slot) = self.slots.borrow_mut().get_mut(i) {
            *slot = Some(v);
        }
    }
    /// `set_frame_locals` of the bound locals only (the others keep their
    /// bindings).
    pub fn bind_frame_locals(&self, code_locals: &[SymId], locals: &[Option<Value>]) {
        if self.is_global() {
            return self.set_frame_locals(code_locals, locals);
        }
        let mut slots = self.slots.borrow_mut();
        for (slot, l) in slots.iter_mut().zip(locals) {
            if l.is_some() {
                slot.clone_from(l);
            }
        }
    }

    /// Write an activation's locals back (the inverse of `frame_locals`).
    /// In the global environment an unbound local leaves the binding as it
    /// is (compiled top-level code only sees a name unbound when it is).
    pub fn set_frame_locals(&self, code_locals: &[SymId], locals: &[Option<Value>]) {
        if self.is_global() {
            for (&s, l) in code_locals.iter().zip(locals) {
                if let Some(v) = l {
                    self.update_local(s, v.clone());
                }
            }
        } else {
            let mut slots = self.slots.borrow_mut();
            for (i, l) in locals.iter().enumerate() {
                if i < slots.len() {
                    slots[i] = l.clone();
                }
            }
        }
    }
    pub fn has_local(&self, sym: SymId) -> bool {
        self.get_local(sym).is_some()
    }
    /// Look `sym` up here and in the enclosing environments.
    pub fn lookup(&self, sym: SymId) -> Option<Value> {
        let mut e = self;
        loop {
            if let Some(v) = e.get_local(sym) {
                return Some(v);
            }
            e = e.parent.as_deref()?;
        }
    }
    /// Look up a function: bindings that are not functions are skipped (R's rule for
    /// the function position of a call).
    pub fn lookup_function(&self, sym: SymId) -> Option<Value> {
        let mut e = self;
        loop {
            if let Some(v) = e.get_local(sym) {
                if v.is_function() {
                    return Some(v);
                }
            }
            e = e.parent.as_deref()?;
        }
    }
    /// `<<-`: assign in the first enclosing environment (starting at the parent of
    /// `self`) that binds `sym`, else in the global environment.
    pub fn super_assign(&self, sym: SymId, v: Value) {
        let mut e = self.parent.as_deref();
        while let Some(f) = e {
            if f.has_local(sym) || f.is_global() {
                f.set_local(sym, v);
                return;
            }
            e = f.parent.as_deref();
        }
    }
    /// The environment (this one or an ancestor) where `<<-` would look first.
    pub fn find_binding_env(self: &Env, sym: SymId) -> Option<Env> {
        let mut e = Some(self.clone());
        while let Some(f) = e {
            if f.has_local(sym) {
                return Some(f);
            }
            e = f.parent.clone();
        }
        None
    }
}

thread_local! {
    /// R's empty environment (`emptyenv()`): one per thread.
    static EMPTY: Env = EnvFrame::new_dynamic(None);
}

/// R's empty environment (`emptyenv()`).
pub fn empty_env() -> Env {
    EMPTY.with(|e| e.clone())
}

/// Whether `e` is R's empty environment.
pub fn is_empty_env(e: &Env) -> bool {
    EMPTY.with(|x| Rc::ptr_eq(x, e))
}

/// How `print` shows an environment.
pub fn env_label(e: &Env) -> String {
    if e.is_global() {
        "<environment: R_GlobalEnv>".into()
    } else if is_empty_env(e) {
        "<environment: R_EmptyEnv>".into()
    } else {
        format!("<environment: {:p}>", Rc::as_ptr(e))
    }
}
