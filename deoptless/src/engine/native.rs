//! Native entry: running compiled code (`run_native`) for interpreter calls
//! (`Tier::enter`) and direct calls from compiled code, with the pools of
//! slot arrays and frame descriptions that keep an entry free of
//! allocations. It must not know why code exits or what happens after (the
//! trampoline, dispatch and deopt do).

use super::{Engine, EntryParams, Shared, SlotArrays, CANNOT_ENTER};
use compiler::context::ArgType;
use compiler::ir::Type;
use compiler::lower::Compiled;
use compiler::runtime::{Ctx, ExitHandler, LazyFrame, ST_ERROR};
use std::rc::Rc;
use vm::bytecode::FunctionCode;
use vm::env::Env;
use vm::error::{RError, RResult};
use vm::interp::{CallSite, CountedLoop, Interp, Tier};
use vm::value::{Closure, Value};

/// The frame native code runs in: an interpreter activation's environment,
/// or none yet (a direct call from compiled code, built when observed).
pub enum Frame<'a> {
    Built(&'a Env),
    Lazy(Box<LazyFrame>),
}

/// The environment and activation depth a frameless activation built.
pub struct BuiltFrame {
    pub env: Env,
    pub depth: usize,
}

impl Shared {
    /// Run `compiled` (version `version` of `code`) in `env`; `fill` writes
    /// its entry parameters (`compiled.params`: slot and type of each) into
    /// the `any` slots and the entry words, or returns false when one has no
    /// value: then `None` (left to the interpreter).
    #[allow(clippy::too_many_arguments)]
    pub fn run_native(
        &self,
        handler: Rc<dyn ExitHandler>,
        interp: &mut Interp,
        code: &Rc<FunctionCode>,
        frame: Frame<'_>,
        version: usize,
        compiled: &Compiled,
        fill: impl FnOnce(&EntryParams, &mut [Value], &mut Vec<u64>, &[Value]) -> bool,
        trampolined: bool,
        entering: impl FnOnce(),
    ) -> Option<(RResult<Value>, Option<BuiltFrame>)> {
        // Slot arrays are reused across activations (a native call is cheap only
        // if its entry does not allocate).
        let (mut anys, mut unbound, mut entry) = self.pool.borrow_mut().pop().unwrap_or_default();
        // (Built, not cloned: `resize` clones its fill value per element,
        // through `Value`'s general clone, which showed in call profiles.)
        anys.truncate(compiled.nslots);
        let missing = compiled.nslots - anys.len();
        anys.extend(std::iter::repeat_with(|| Value::Null).take(missing));
        unbound.resize(compiled.nslots, false);
        let (env, lazy) = match frame {
            Frame::Built(env) => (Some(env.clone()), None),
            Frame::Lazy(lazy) => (None, Some(lazy)),
        };
        let args = lazy.as_ref().map_or(&[][..], |l| &l.args[..]);
        if !fill(&compiled.params, &mut anys, &mut entry, args) {
            push_slot_arrays(&mut self.pool.borrow_mut(), anys, unbound, entry);
            return None;
        }
        let mut ctx = Ctx {
            interp: interp as *mut Interp,
            code: code.clone(),
            env,
            lazy,
            unbound,
            anys,
            result: None,
            error: None,
            exits: compiled.exits.clone(),
            handler,
            chaos: self.chaos_ptr,
            trampolined,
            version,
            entry,
            vec_len: 0,
            word: 0,
            ret_kind: compiler::runtime::RET_BOXED,
            ret_word: 0,
            anys_ptr: std::ptr::null_mut(),
            unbound_ptr: std::ptr::null_mut(),
            call_state: 0,
            call_buf: std::ptr::null_mut(),
            prev: interp
                .native_top
                .map_or(std::ptr::null_mut(), |(p, _)| p as *mut Ctx),
        };
        ctx.anys_ptr = ctx.anys.as_mut_ptr();
        ctx.unbound_ptr = ctx.unbound.as_mut_ptr();
        entering();
        // The chain of running compiled activations, for observers of their
        // frames (`Interp::sync_frame`).
        let outer_native = interp.native_top.replace((
            &mut ctx as *mut Ctx as *mut u8,
            compiler::runtime::sync_frames as unsafe fn(*mut u8, &vm::env::Env),
        ));
        // An activation without a frame is the one `observe_frames` builds
        // while its code runs. (One with a frame leaves `lazy_top` as it is:
        // whatever it names is alive below it, and built.)
        let status = if ctx.env.is_none() {
            let outer = interp.lazy_top.replace((
                &mut ctx as *mut Ctx as *mut u8,
                Ctx::build_frame as unsafe fn(*mut u8),
            ));
            let status = (compiled.entry)(&mut ctx as *mut Ctx);
            interp.lazy_top = outer;
            status
        } else {
            (compiled.entry)(&mut ctx as *mut Ctx)
        };
        interp.native_top = outer_native;
        let result = if status == ST_ERROR {
            Err(ctx.error.take().unwrap_or_else(|| {
                RError::new("internal error: compiled code failed without an error")
            }))
        } else {
            Ok(ctx.take_result())
        };
        push_slot_arrays(
            &mut self.pool.borrow_mut(),
            std::mem::take(&mut ctx.anys),
            std::mem::take(&mut ctx.unbound),
            std::mem::take(&mut ctx.entry),
        );
        // The frame a frameless activation built on the way (its activation
        // is still pushed: the caller pops it).
        let built = ctx.lazy.take().and_then(|mut lazy| {
            let depth = lazy.depth.take();
            lazy.args.clear();
            lazy.closure = None;
            self.lazy_pool.borrow_mut().push(lazy);
            Some(BuiltFrame {
                env: ctx.env.take()?,
                depth: depth?,
            })
        });
        Some((result, built))
    }
}

impl Tier for Engine {
    fn enter(&self, interp: &mut Interp, clo: &Rc<Closure>, env: &Env) -> Option<RResult<Value>> {
        let code = &clo.code;
        let (version, compiled) = {
            let slots = env.slots.borrow();
            let args = &slots[..code.nparams];
            self.shared.version_for(code, args.len(), |k| {
                args[k].as_ref().map_or(ArgType::Any, ArgType::of)
            })?
        };
        // Parameter k is local slot k, cloned straight into its `any` slot
        // (a function entry's parameters are all boxed). The borrow of the
        // frame ends before native code runs.
        let fill = |params: &EntryParams, anys: &mut [Value], _: &mut Vec<u64>, _: &[Value]| {
            let slots = env.slots.borrow();
            for (k, &(slot, ty)) in params.iter().enumerate() {
                match slots.get(k) {
                    Some(Some(v)) if ty == compiler::ir::Type::Any => {
                        anys[slot as usize].clone_from(v)
                    }
                    _ => return false,
                }
            }
            true
        };
        let r = self
            .shared
            .run_native(
                self.shared.clone(),
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

impl Shared {
    /// A direct call from compiled code (`ExitHandler::call_direct`): run the
    /// callee's version without an interpreter frame (built only if observed).
    pub(super) fn enter_direct_call(
        &self,
        interp: &mut Interp,
        caller: &mut Ctx,
        clo: &Rc<Closure>,
        args: &[u32],
        call: u32,
    ) -> Option<RResult<Value>> {
        if !self.config.direct_calls {
            return None;
        }
        let code = &clo.code;
        let (version, compiled) = self.version_for(code, args.len(), |k| {
            ArgType::of(caller.operand_ref(args[k]))
        })?;
        if compiled.params.len() != args.len()
            || compiled.params.iter().any(|&(_, ty)| ty != Type::Any)
        {
            return None;
        }
        if compiled.wants_frame() {
            // (Until the function is compiled again: a new version is tried
            // without a frame; `install_version` clears the flag.)
            code.calls_want_frame.set(true);
            return None;
        }
        compiled
            .direct_calls
            .set(compiled.direct_calls.get().saturating_add(1));
        self.stats.borrow_mut().direct_calls += 1;
        if let Err(e) = interp.begin_native_call() {
            return Some(Err(e));
        }
        let mut lazy = self.lazy_pool.borrow_mut().pop().unwrap_or_default();
        lazy.closure = Some(clo.clone());
        lazy.parent = caller as *mut Ctx;
        lazy.call = call;
        lazy.args
            .extend(args.iter().map(|&s| caller.take_operand(s)));
        // Each parameter's `any` slot gets the argument (the frame, if it is
        // ever built, binds the arguments as passed).
        let fill = |params: &EntryParams, anys: &mut [Value], _: &mut Vec<u64>, args: &[Value]| {
            for (&(slot, _), v) in params.iter().zip(args) {
                anys[slot as usize].clone_from(v);
            }
            true
        };
        let handler = caller.handler.clone();
        let ran = self.run_native(
            handler.clone(),
            interp,
            code,
            Frame::Lazy(lazy),
            version,
            &compiled,
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
                let r = self.go_on_pending(handler, interp, code, &built.env, r);
                let r = interp.pop_activation(built.depth, &built.env, r);
                interp.recycle_frame(built.env);
                r
            }
            Some((mut r, None)) => {
                if let Err(e) = &mut r {
                    if let Some(name) =
                        vm::interp::site_name(&CallSite::Code(caller.code.clone(), call))
                    {
                        e.trace.push(name);
                    }
                }
                r
            }
            None => Err(RError::new(CANNOT_ENTER)),
        };
        interp.end_native_call(code);
        Some(r)
    }
}

/// Keep an activation's slot arrays, emptied (so they keep no value alive),
/// for the next one. Written in place, field by field: pushing the tuple
/// built it on the stack and copied it with wide loads of narrow stores (a
/// store-forwarding stall per call).
fn push_slot_arrays(
    pool: &mut Vec<SlotArrays>,
    mut anys: Vec<Value>,
    mut unbound: Vec<bool>,
    mut entry: Vec<u64>,
) {
    anys.clear();
    unbound.clear();
    entry.clear();
    pool.reserve(1);
    let n = pool.len();
    // SAFETY: capacity for one more element was reserved; all three fields
    // are written before the length covers the element.
    unsafe {
        let p = pool.as_mut_ptr().add(n);
        std::ptr::addr_of_mut!((*p).0).write(anys);
        std::ptr::addr_of_mut!((*p).1).write(unbound);
        std::ptr::addr_of_mut!((*p).2).write(entry);
        pool.set_len(n + 1);
    }
}
