//! Native entry: running compiled code (`run_native`) for interpreter calls
//! (`Tier::enter`) and direct calls from compiled code, with the pools of
//! slot arrays and frame descriptions that keep an entry free of
//! allocations. It must not know why code exits or what happens after (the
//! trampoline, dispatch and deopt do).

use super::{Engine, EngineState, EntryParams, CANNOT_ENTER};
use compiler::context::ArgType;
use compiler::ir::Type;
use compiler::lower::Compiled;
use compiler::runtime::{CallTarget, ExitHandler, NativeFrame, NO_ARG, ST_ERROR};
use std::rc::Rc;
use vm::bytecode::FunctionCode;
use vm::env::Env;
use vm::error::{RError, RResult};
use vm::interp::{CallSite, CountedLoop, Interp, Tier};
use vm::value::{Closure, Value};

/// The frame native code runs in: an interpreter activation's environment,
/// or none yet (a direct call from compiled code or a builtin's call: the
/// entry's `fill` describes it in `NativeFrame::lazy`, from which it is
/// built when observed). Written in place, never moved: a direct call's
/// entry copies no frame description.
pub enum Frame<'a> {
    Built(&'a Env),
    Lazy,
}

/// The environment and activation depth a frameless activation built.
pub struct BuiltFrame {
    pub env: Env,
    pub depth: usize,
}

impl EngineState {
    /// Run `compiled` (version `version` of `code`) in `frame`; `fill` writes
    /// its entry parameters (`compiled.params`: slot and type of each) into
    /// the context's `any` slots and entry words (and for a `Frame::Lazy`,
    /// the frame's description into `NativeFrame::lazy`), or returns false
    /// when one has no value: then `None` (left to the interpreter).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub fn run_native(
        &self,
        handler: &Rc<dyn ExitHandler>,
        interp: &mut Interp,
        code: &Rc<FunctionCode>,
        frame: Frame<'_>,
        version: usize,
        compiled: &Compiled,
        fill: impl FnOnce(&EntryParams, &mut NativeFrame) -> bool,
        trampolined: bool,
        entering: impl FnOnce(),
    ) -> Option<(RResult<Value>, Option<BuiltFrame>)> {
        let mut ctx = self.idle_ctx(handler, interp, code, compiled);
        ctx.trampolined = trampolined;
        ctx.version = version;
        if let Frame::Built(env) = frame {
            ctx.env = Some(env.clone());
        }
        if !fill(&compiled.params, &mut ctx) {
            self.recycle_ctx(ctx);
            return None;
        }
        ctx.prev = interp
            .native_top
            .map_or(std::ptr::null_mut(), |(p, _)| p as *mut NativeFrame);
        ctx.anys_ptr = ctx.anys.as_mut_ptr();
        ctx.unbound_ptr = ctx.unbound.as_mut_ptr();
        ctx.free_slots_ptr = ctx.free_slots.as_mut_ptr();
        let cp: *mut NativeFrame = &mut *ctx;
        entering();
        // The chain of running compiled activations, for observers of their
        // frames (`Interp::sync_frame`).
        let outer_native = interp.native_top.replace((
            cp as *mut u8,
            osr::exit::sync_frames as unsafe fn(*mut u8, &vm::env::Env),
        ));
        // An activation without a frame is the one `observe_frames` builds
        // while its code runs. (One with a frame leaves `lazy_top` as it is:
        // whatever it names is alive below it, and built.)
        let status = if ctx.env.is_none() {
            let outer = interp.lazy_top.replace((
                cp as *mut u8,
                NativeFrame::build_frame as unsafe fn(*mut u8),
            ));
            let status = (compiled.entry)(cp);
            interp.lazy_top = outer;
            status
        } else {
            (compiled.entry)(cp)
        };
        interp.native_top = outer_native;
        let result = if status == ST_ERROR {
            // (A `return()` in a `tryCatch` region leaves as an error does.)
            ctx.error.take().map_or_else(
                || {
                    Err(RError::new(
                        "internal error: compiled code failed without an error",
                    ))
                },
                Interp::region_return,
            )
        } else {
            Ok(ctx.take_result())
        };
        // The frame a frameless activation built on the way (its activation
        // is still pushed: the caller pops it).
        let built = match (ctx.lazy.closure.is_some(), ctx.lazy.depth.take()) {
            (true, Some(depth)) => ctx.env.take().map(|env| BuiltFrame { env, depth }),
            _ => None,
        };
        self.recycle_ctx(ctx);
        Some((result, built))
    }

    /// A context from the pool (or a new one), ready for an activation of
    /// `compiled`: its slot arrays sized, every per-activation field reset.
    /// Pooled contexts keep their arrays' capacity, so a native call does
    /// not allocate.
    #[inline(always)]
    fn idle_ctx(
        &self,
        handler: &Rc<dyn ExitHandler>,
        interp: &mut Interp,
        code: &Rc<FunctionCode>,
        compiled: &Compiled,
    ) -> Box<NativeFrame> {
        let popped = self.ctx_pool.borrow_mut().pop();
        let mut ctx = match popped {
            Some(mut ctx) => {
                // (Recursion enters the same code again: no reference counting then.)
                if !Rc::ptr_eq(&ctx.code, code) {
                    ctx.code = code.clone();
                }
                if !Rc::ptr_eq(&ctx.exits, &compiled.exits) {
                    ctx.exits = compiled.exits.clone();
                }
                if !std::ptr::addr_eq(Rc::as_ptr(&ctx.handler), Rc::as_ptr(handler)) {
                    ctx.handler = handler.clone();
                }
                ctx.interp = interp;
                ctx
            }
            None => Box::new(NativeFrame::new(
                interp,
                code.clone(),
                compiled.exits.clone(),
                handler.clone(),
                self.chaos_ptr,
            )),
        };
        ctx.caches = &compiled.caches;
        // Idle slots hold NULL and are bound (`recycle_ctx`).
        if ctx.anys.len() != compiled.nslots {
            ctx.anys.resize_with(compiled.nslots, || Value::Null);
            ctx.unbound.resize(compiled.nslots, false);
        }
        // Idle free-variable words are null (`recycle_ctx`).
        if ctx.free_slots.len() != compiled.nfree {
            ctx.free_slots.resize(compiled.nfree, std::ptr::null_mut());
        }
        ctx
    }

    /// Back to the pool, emptied: it keeps no value alive. (Each field is
    /// reset only when it was set: a direct call's return costs a few
    /// compares instead of the drop glue of every field.)
    #[inline(always)]
    fn recycle_ctx(&self, mut ctx: Box<NativeFrame>) {
        // (Scalars have no drop glue: forgotten inline, where the call of
        // `Value`'s out-of-line drop cost 30 instructions per call.)
        for v in ctx.anys.iter_mut() {
            match v {
                Value::Null => {}
                Value::Int(_) | Value::Dbl(_) | Value::Lgl(_) => {
                    std::mem::forget(std::mem::replace(v, Value::Null))
                }
                _ => drop(std::mem::replace(v, Value::Null)),
            }
        }
        // (A loop: the arrays are short, and `fill` calls memset.)
        for u in ctx.unbound.iter_mut() {
            *u = false;
        }
        for w in ctx.free_slots.iter_mut() {
            *w = std::ptr::null_mut();
        }
        ctx.entry.clear();
        if ctx.env.is_some() {
            ctx.env = None;
        }
        if ctx.result.is_some() {
            ctx.result = None;
        }
        if ctx.error.is_some() {
            ctx.error = None;
        }
        ctx.ret_kind = compiler::runtime::RET_BOXED;
        ctx.call_state = 0;
        ctx.call_buf = std::ptr::null_mut();
        ctx.prev = std::ptr::null_mut();
        let lazy = &mut ctx.lazy;
        if lazy.closure.is_some() {
            lazy.closure = None;
        }
        // (Scalars have no drop glue: the values are dropped one by one,
        // inline, rather than by the slice's out-of-line drop.)
        while let Some(v) = lazy.args.pop() {
            if !matches!(
                v,
                Value::Null | Value::Int(_) | Value::Dbl(_) | Value::Lgl(_)
            ) {
                drop(v);
            } else {
                std::mem::forget(v);
            }
        }
        lazy.depth = None;
        lazy.missing = 0;
        lazy.pending = 0;
        lazy.parent = std::ptr::null_mut();
        if lazy.site.is_some() {
            lazy.site = None;
        }
        lazy.outer = None;
        self.ctx_pool.borrow_mut().push(ctx);
    }
}

impl Tier for Engine {
    fn enter(&self, interp: &mut Interp, clo: &Rc<Closure>, env: &Env) -> Option<RResult<Value>> {
        let code = &clo.code;
        let (version, compiled) = {
            let slots = env.slots.borrow();
            let args = &slots[..code.nparams];
            self.shared.version_for(code, args.len(), |k| {
                args[k].as_ref().map_or(ArgType::Missing, ArgType::of)
            })?
        };
        // Parameter k is local slot k, cloned straight into its `any` slot
        // (a function entry's parameters are all boxed); a missing one is
        // unbound there (the version's context says so). The borrow of the
        // frame ends before native code runs.
        let fill = |params: &EntryParams, ctx: &mut NativeFrame| {
            let slots = env.slots.borrow();
            for (k, &(slot, ty)) in params.iter().enumerate() {
                match slots.get(k) {
                    Some(Some(v)) if ty == compiler::ir::Type::Any => {
                        ctx.anys[slot as usize] = v.clone()
                    }
                    Some(None) if ty == compiler::ir::Type::Any => {
                        ctx.unbound[slot as usize] = true;
                    }
                    _ => return false,
                }
            }
            true
        };
        let handler: Rc<dyn ExitHandler> = self.shared.clone();
        let r = self
            .shared
            .run_native(
                &handler,
                interp,
                code,
                Frame::Built(env),
                version,
                &compiled,
                fill,
                false,
                || {},
            )
            .map(|(r, _)| r);
        r.map(|r| {
            self.shared
                .go_on_pending(self.shared.clone(), interp, code, env, r)
        })
    }

    fn call_frameless(
        &self,
        interp: &mut Interp,
        clo: &Rc<Closure>,
        args: &mut Vec<Value>,
        site: &CallSite,
    ) -> Option<RResult<Value>> {
        self.shared.call_from_builtin(interp, clo, args, site)
    }

    fn osr_in(
        &self,
        interp: &mut Interp,
        code: &Rc<FunctionCode>,
        env: &Env,
        pc: usize,
        stack: &[Value],
        loops: &[CountedLoop],
    ) -> Option<RResult<Value>> {
        self.shared.osr_in(interp, code, env, pc, stack, loops)
    }
}

impl EngineState {
    /// A direct call from compiled code (`ExitHandler::call_direct`): run the
    /// callee's version without an interpreter frame (built only if observed).
    pub(super) fn enter_direct_call(
        &self,
        interp: &mut Interp,
        caller: &mut NativeFrame,
        clo: &Rc<Closure>,
        args: &[u32],
        defaults: bool,
        call: u32,
    ) -> Option<RResult<Value>> {
        let code = &clo.code;
        // (While calling handlers are established, a function whose
        // variables other code can assign runs in the interpreter.)
        if !self.config.direct_calls || !interp.native_ok(code) {
            return None;
        }
        // An argument not supplied (`NO_ARG`) is the callee's literal
        // default, or missing: its default is evaluated in the frame at its
        // first read (the frame is built then), or it has none (reading it
        // is R's error).
        let arg_type = |k: usize| match args[k] {
            NO_ARG => default_type(code, k),
            s => ArgType::of(caller.operand_ref(s)),
        };
        // The call site's last choice stands while no version table changed
        // (the same arguments would choose the same version).
        let site = caller.call_site(call);
        let cached = site.and_then(|s| s.lookup(code, args.len(), arg_type));
        let (version, compiled) = match cached {
            Some(hit) => hit,
            None => {
                let (version, compiled) = self.version_for(code, args.len(), arg_type)?;
                if !takes_boxed_args(&compiled, args.len()) {
                    return None;
                }
                if let Some(site) = site {
                    site.store(CallTarget {
                        code: Rc::downgrade(code),
                        args: (0..args.len()).map(arg_type).collect(),
                        epoch: compiler::context::tables_epoch(),
                        version,
                        compiled: Rc::downgrade(&compiled),
                    });
                }
                (version, compiled)
            }
        };
        if frame_wanted(code, &compiled) {
            return None;
        }
        // SAFETY: the caller's context outlives the call and its handler is
        // not replaced while its code runs.
        let handler: &Rc<dyn ExitHandler> = unsafe { &*std::ptr::addr_of!(caller.handler) };
        let parent = caller as *mut NativeFrame;
        // SAFETY: (the caller's context outlives the call, as above.)
        let caller_site = || CallSite::Code(unsafe { (*parent).code.clone() }, call);
        // Each parameter's `any` slot gets the argument, and the frame
        // description the argument as passed (its binding if the frame is
        // ever built).
        let fill = |params: &EntryParams, ctx: &mut NativeFrame| {
            ctx.lazy.closure = Some(clo.clone());
            ctx.lazy.parent = parent;
            ctx.lazy.call = call;
            if !defaults {
                for (&(slot, _), &s) in params.iter().zip(args) {
                    let v = caller.take_operand(s);
                    ctx.anys[slot as usize] = v.clone();
                    ctx.lazy.args.push(v);
                }
                return true;
            }
            for (k, (&(slot, _), &s)) in params.iter().zip(args).enumerate() {
                let v = if s == NO_ARG {
                    let (pending, missing) = vm::interp::absent_bits(code, k);
                    ctx.lazy.pending |= pending;
                    ctx.lazy.missing |= missing;
                    match &code.default_values[k] {
                        Some(v) => v.clone(),
                        None => {
                            ctx.unbound[slot as usize] = true;
                            Value::Null
                        }
                    }
                } else {
                    caller.take_operand(s)
                };
                ctx.anys[slot as usize] = v.clone();
                ctx.lazy.args.push(v);
            }
            true
        };
        Some(self.run_frameless(handler, interp, clo, version, &compiled, fill, caller_site))
    }

    /// A builtin's call of `clo` (`Tier::call_frameless`): like a direct
    /// call, with the builtin's call site and no calling compiled code.
    pub(super) fn call_from_builtin(
        self: &Rc<Self>,
        interp: &mut Interp,
        clo: &Rc<Closure>,
        args: &mut Vec<Value>,
        site: &CallSite,
    ) -> Option<RResult<Value>> {
        if !self.config.direct_calls {
            return None;
        }
        let code = &clo.code;
        // Parameters past the supplied ones take their literal defaults. (A
        // generic's `UseMethod` passes the activation's arguments on: its
        // frame keeps them, so it is called through the interpreter.)
        let nargs = args.len();
        let np = code.nparams;
        if nargs > np || code.uses_dispatch || (np > 64 && nargs < np) {
            return None;
        }
        let (version, compiled) = self.version_for(code, np, |k| match args.get(k) {
            Some(v) => ArgType::of(v),
            None => default_type(code, k),
        })?;
        if !takes_boxed_args(&compiled, np) || frame_wanted(code, &compiled) {
            return None;
        }
        let (pending, missing) = (nargs..np)
            .map(|k| vm::interp::absent_bits(code, k))
            .fold((0, 0), |(p, m), (a, b)| (p | a, m | b));
        args.extend((nargs..np).map(|k| code.default_values[k].clone().unwrap_or(Value::Null)));
        let handler: Rc<dyn ExitHandler> = self.clone();
        let outer = interp.lazy_top;
        let fill = |params: &EntryParams, ctx: &mut NativeFrame| {
            ctx.lazy.closure = Some(clo.clone());
            ctx.lazy.site = Some(site.clone());
            ctx.lazy.outer = outer;
            for (&(slot, _), v) in params.iter().zip(args.drain(..)) {
                ctx.anys[slot as usize] = v.clone();
                ctx.lazy.args.push(v);
            }
            // (A parameter left without a literal default is unbound.)
            for (&(slot, _), dflt) in params[nargs..].iter().zip(&code.default_values[nargs..]) {
                if dflt.is_none() {
                    ctx.unbound[slot as usize] = true;
                }
            }
            ctx.lazy.missing = missing;
            ctx.lazy.pending = pending;
            true
        };
        Some(
            self.run_frameless(&handler, interp, clo, version, &compiled, fill, || {
                site.clone()
            }),
        )
    }

    /// Run `compiled` (version `version` of `clo`'s code) in a frameless
    /// activation: the call counts toward the nesting limit, and the frame,
    /// if something built it, is popped after (an error raised without it
    /// names the call `site` in its trace, as popping the frame would).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn run_frameless(
        &self,
        handler: &Rc<dyn ExitHandler>,
        interp: &mut Interp,
        clo: &Rc<Closure>,
        version: usize,
        compiled: &Compiled,
        fill: impl FnOnce(&EntryParams, &mut NativeFrame) -> bool,
        site: impl FnOnce() -> CallSite,
    ) -> RResult<Value> {
        let code = &clo.code;
        compiled
            .direct_calls
            .set(compiled.direct_calls.get().saturating_add(1));
        self.stats.borrow_mut().direct_calls += 1;
        interp.begin_native_call()?;
        let ran = self.run_native(
            handler,
            interp,
            code,
            Frame::Lazy,
            version,
            compiled,
            fill,
            false,
            || {},
        );
        let r = match ran {
            Some((r, Some(built))) => {
                compiled
                    .frames_built
                    .set(compiled.frames_built.get().saturating_add(1));
                self.stats.borrow_mut().direct_frames_built += 1;
                // Like `Engine::enter`: a transfer exit hands over to loop
                // code (its exit built the frame).
                let r = self.go_on_pending(handler.clone(), interp, code, &built.env, r);
                let r = interp.pop_activation(built.depth, &built.env, r);
                interp.recycle_frame(built.env);
                r
            }
            Some((mut r, None)) => {
                if let Err(e) = &mut r {
                    if let Some(name) = vm::interp::site_name(&site()) {
                        e.trace.push(name);
                    }
                }
                r
            }
            None => Err(RError::new(CANNOT_ENTER)),
        };
        interp.end_native_call(code);
        r
    }
}

/// The argument type of parameter `k` left to its default: its literal
/// default's, else missing (out of line: the argument-type closure of a
/// direct call stays small enough to inline).
#[cold]
#[inline(never)]
fn default_type(code: &FunctionCode, k: usize) -> ArgType {
    code.default_values[k]
        .as_ref()
        .map_or(ArgType::Missing, ArgType::of)
}

/// Does `compiled` take `nargs` arguments, all boxed (a function entry's
/// parameters: what a call passes)?
fn takes_boxed_args(compiled: &Compiled, nargs: usize) -> bool {
    compiled.params.len() == nargs && compiled.params.iter().all(|&(_, ty)| ty == Type::Any)
}

/// Should calls of `compiled` build the callee's frame up front
/// (`Compiled::wants_frame`)? Then it is recorded in the code, with the
/// generation of the version tables (`context::tables_epoch`), until the
/// function is compiled again (a new version is tried without a frame;
/// `version_for` clears the flag) or any version table changed: then the
/// calls are tried without a frame again (a new trial). Frames built while
/// a callee of this function was not compiled yet are no reason to build
/// them once it is: storage's `build_tree_depth` built its frame for 23
/// interpreted calls of `next_random` during warm-up, and then for every
/// one of its 32,630 calls.
fn frame_wanted(code: &FunctionCode, compiled: &Compiled) -> bool {
    // (The common case, no frame wanted, reads no epoch.)
    if code.calls_want_frame.get().is_some() && !compiler::runtime::calls_want_frame(code) {
        code.calls_want_frame.set(None);
        compiled.direct_calls.set(0);
        compiled.frames_built.set(0);
    }
    if compiled.wants_frame() {
        code.calls_want_frame
            .set(Some(compiler::context::tables_epoch()));
        return true;
    }
    false
}
