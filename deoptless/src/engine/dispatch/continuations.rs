//! Continuations: compiling one for a context (with the cleaned-up
//! feedback) and entering it — its entry values from the exit buffer
//! (checked by `--verify-contexts`), then through the trampoline. It must
//! not know how the context was found in the dispatch table.

use super::Fallback;
use crate::cleanup;
use crate::context::DeoptContext;
use crate::engine::{CompileKind, Continuation, EngineState, Handover};
use compiler::build::{Entry, EntryMode};
use compiler::context::ArgType;
use compiler::ir::Type;
use compiler::lower::Compiled;
use compiler::runtime::{NativeFrame, RawExit};
use osr::exit::RawExitDecode;
use osr::osr_in::EntryValue;
use std::rc::Rc;
use vm::bytecode::FunctionCode;
use vm::error::RResult;
use vm::interp::Interp;
use vm::value::Value;

impl EngineState {
    /// Compile and insert a continuation for `ctx` (`None`: not compilable,
    /// remembered so it is not retried).
    pub(super) fn compile_continuation(
        &self,
        code: &FunctionCode,
        ctx: &DeoptContext,
        failing: Option<(u32, u16)>,
        held: bool,
        depth: u32,
    ) -> Option<Rc<Continuation>> {
        let feedback = cleanup::cleaned_feedback(code, ctx, failing, held);
        let entry = Entry {
            pc: ctx.pc as usize,
            stack: ctx.stack.clone(),
            locals: ctx.locals.clone(),
            loop_steps: ctx.loop_steps.clone(),
            mode: EntryMode::Trust,
            feedback: feedback.clone(),
            // An exit at a call's `LoadFun` came from inlining that call (its
            // guard or its body): the continuation calls the function instead.
            no_inline: [ctx.pc as usize].into(),
            peel_loops: true,
            transfer_at_loop_headers: self.config.transfer_at_loop_headers,
        };
        let key = code as *const FunctionCode;
        let Some((compiled, ns)) =
            self.compile_entry(code, &entry, &ctx.to_string(), CompileKind::Continuation)
        else {
            self.fns
                .borrow_mut()
                .entry(key)
                .or_default()
                .failed
                .insert(ctx.clone());
            return None;
        };
        let id = self.next_version.get();
        self.next_version.set(id + 1);
        {
            let mut st = self.stats.borrow_mut();
            st.count_continuation(ns);
        }
        self.depths.borrow_mut().insert(id, depth);
        let cont = Rc::new(Continuation {
            compiled,
            id,
            depth,
            feedback,
        });
        self.fns
            .borrow_mut()
            .entry(key)
            .or_default()
            .conts
            .insert(ctx.clone(), cont.clone());
        Some(cont)
    }

    /// The entry values of continuation `cont` (compiled for `cont_ctx`) from
    /// exit `raw` of `c`.
    pub(super) fn entry_values(
        &self,
        c: &NativeFrame,
        raw: &RawExit,
        cont_ctx: &DeoptContext,
        cont: &Continuation,
    ) -> Vec<Option<EntryValue>> {
        let info = raw.info;
        // Entry values: stack, bound locals, loop counters, as the continuation's
        // parameters expect them (its context says which are unboxed: a value
        // the current context knows is an `int` stays boxed for a continuation
        // compiled for `any` there).
        let mut inputs = Vec::with_capacity(cont.compiled.params.len());
        // The types the entry values must have, for --verify-contexts only.
        let verify = self.config.verify_contexts;
        let mut expected = Vec::new();
        let mut k = 0;
        for t in &cont_ctx.stack {
            inputs.push(entry_value(c, raw, k, *t));
            if verify {
                expected.push(*t);
            }
            k += 1;
        }
        for (slot, &present) in info.locals.iter().enumerate() {
            if present {
                if let Some(t) = cont_ctx.locals[slot] {
                    inputs.push(entry_value(c, raw, k, t));
                    if verify {
                        expected.push(t);
                    }
                }
                k += 1;
            }
        }
        for _ in 0..2 * info.loop_steps.len() {
            inputs.push(Some(EntryValue::Word(raw.words[k] & 0xffff_ffff)));
            if verify {
                expected.push(ArgType::Int);
            }
            k += 1;
        }
        if verify {
            verify_entry(&c.code.name, &cont.compiled, &inputs, &expected);
        }
        inputs
    }

    /// Enter continuation `cont` for the exit's context `cur`: through the
    /// trampoline that runs the exited code when there is one (`chained`),
    /// else through a new one.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn enter_continuation(
        &self,
        interp: &mut Interp,
        c: &mut NativeFrame,
        raw: &RawExit,
        trace_ns: u64,
        cur: &DeoptContext,
        cont: Rc<Continuation>,
        inputs: Vec<Option<EntryValue>>,
        hit: bool,
        chained: bool,
        in_continuation: bool,
    ) -> Result<RResult<Value>, Fallback> {
        // Dispatch latency: from the failing check to the continuation's entry
        // (its activation set up), measured just before native code runs.
        let cont_id = cont.id;
        let (code, env) = (c.code.clone(), c.frame().clone());
        let fname: &str = &code.name;
        let entering = move || {
            let ns = (raw.started.elapsed().as_nanos() as u64).saturating_sub(trace_ns);
            {
                let mut st = self.stats.borrow_mut();
                if hit {
                    st.deoptless_dispatch_hits += 1;
                    st.dispatch_hit_ns_total += ns;
                } else {
                    st.deoptless_dispatch_misses += 1;
                }
                st.dispatch_ns_total += ns;
            }
            self.event(|| {
                serde_json::json!({"event": "dispatch", "function": fname, "pc": cur.pc,
                                   "hit": hit, "ns": ns, "context": cur.to_string(),
                                   "continuation": cont_id})
            });
        };
        if chained {
            // An exit inside code a dispatcher's trampoline entered: that
            // dispatcher enters the continuation when this code returns, so
            // chains of exits do not grow the native stack.
            entering();
            *self.pending.borrow_mut() = Some(Handover {
                version: cont.id,
                compiled: cont.compiled.clone(),
                inputs,
                chains: in_continuation,
            });
            return Ok(Ok(Value::Null));
        }
        self.run_trampolined(
            c.handler.clone(),
            interp,
            &code,
            &env,
            cont.id,
            cont.compiled.clone(),
            inputs,
            entering,
        )
        .ok_or(Fallback::MissingEntryValue)
    }
}

/// The entry value of a continuation parameter of context type `t` from word `k`.
fn entry_value(c: &NativeFrame, raw: &RawExit, k: usize, t: ArgType) -> Option<EntryValue> {
    let w = raw.words[k];
    let native = raw.info.types[k] != Type::Any;
    let unboxed = matches!(t, ArgType::Int | ArgType::Dbl | ArgType::Lgl);
    Some(match (native, unboxed) {
        (true, true) => EntryValue::Word(match raw.info.types[k] {
            Type::Dbl => w,
            Type::Bool => w & 1,
            _ => w & 0xffff_ffff,
        }),
        (false, true) => EntryValue::Word(match raw.any(c, k)? {
            Value::Int(x) | Value::Lgl(x) => *x as u32 as u64,
            Value::Dbl(x) => x.to_bits(),
            _ => return None,
        }),
        (_, false) => EntryValue::Value(raw.value(c, k)?),
    })
}

/// `--verify-contexts`: the actual entry values must satisfy the types the
/// continuation was compiled for (re-derived from the values themselves).
fn verify_entry(
    name: &str,
    compiled: &Compiled,
    inputs: &[Option<EntryValue>],
    expected: &[ArgType],
) {
    let scalar = |t: ArgType| match t {
        ArgType::Int => Some(Type::Int),
        ArgType::Dbl => Some(Type::Dbl),
        ArgType::Lgl => Some(Type::Lgl),
        _ => None,
    };
    let mut bad = (inputs.len() != compiled.params.len() || expected.len() != inputs.len())
        .then(|| "parameter count".to_string());
    for (k, ((&(_, ty), input), &want)) in
        compiled.params.iter().zip(inputs).zip(expected).enumerate()
    {
        let ok = match input {
            // A native word: the parameter is unboxed with exactly the context's type
            // (loop counters are `int`).
            Some(EntryValue::Word(w)) => {
                Some(ty) == scalar(want)
                    && !(want == ArgType::Int && *w as u32 as i32 == vm::value::NA_INTEGER)
            }
            // A value: it must be of the context's type.
            Some(EntryValue::Value(v)) => ty == Type::Any && ArgType::of(v).fits(want),
            None => false,
        };
        if !ok && bad.is_none() {
            bad = Some(format!("parameter {} is not {}", k, want.name()));
        }
    }
    if let Some(why) = bad {
        eprintln!(
            "dlvm: --verify-contexts: unsound dispatch into a continuation of {}: {}",
            name, why
        );
        std::process::exit(70);
    }
}
