//! OSR-in: the source state of a running interpreter activation at a loop
//! header, as the entry of a compiled continuation. The engine decides when to
//! do it (`--osr-threshold` backward jumps in one activation) and runs the
//! code; this module owns the translation between the two representations.

use compiler::build::{Entry, EntryMode};
use compiler::context::ArgType;
use vm::bytecode::FunctionCode;
use vm::env::Env;
use vm::interp::CountedLoop;
use vm::value::Value;

/// One entry value of a native activation, in the order of the continuation's
/// parameters (stack values, bound locals, loop counters).
pub enum EntryValue {
    /// A boxed value for an `any` parameter.
    Value(Value),
    /// A native word for an unboxed parameter (`int`/`lgl` zero-extended, `dbl` bits).
    Word(u64),
}

/// The entry of an OSR-in continuation at loop header `pc` and its entry
/// values: the operand stack and the locals typed by their current values
/// (checked once at entry), the counted loops as `int` pairs. `None` when a
/// loop counter does not fit the compiled loops' 32-bit counters.
pub fn entry_state(
    code: &FunctionCode,
    env: &Env,
    pc: usize,
    stack: &[Value],
    loops: &[CountedLoop],
) -> Option<(Entry, Vec<Option<EntryValue>>)> {
    let fits = |x: i64| x >= i32::MIN as i64 && x <= i32::MAX as i64;
    if !loops
        .iter()
        .all(|&(n, r, _)| fits(n) && r <= i32::MAX as u64)
    {
        return None;
    }
    let slots: Vec<Option<Value>> = env.frame_locals(&code.locals);
    let entry = Entry {
        pc,
        stack: stack.iter().map(ArgType::of).collect(),
        locals: slots.iter().map(|l| l.as_ref().map(ArgType::of)).collect(),
        loop_steps: loops.iter().map(|l| l.2 as i32).collect(),
        mode: EntryMode::Check,
        feedback: Default::default(),
        no_inline: Default::default(),
        // Not peeled: the loop entered at its header is natural already, and
        // peeling makes the enclosing ones natural by copying nearly the
        // whole nest once more (60-80% of the function), for invariants of
        // loops that run once per inner loop. Measured (session 29): the
        // same steady-state instructions with or without (volcano, matmul,
        // fannkuch, lu, tsp), and compile time that volcano paid 82 ms for
        // at its four loops (2307 IR instructions peeled, 683 not).
        peel_loops: false,
        transfer_at_loop_headers: false,
    };
    let inputs = stack
        .iter()
        .map(|v| Some(EntryValue::Value(v.clone())))
        .chain(
            slots
                .into_iter()
                .flatten()
                .map(|v| Some(EntryValue::Value(v))),
        )
        .chain(loops.iter().flat_map(|&(n, r, _)| {
            [
                Some(EntryValue::Word(n as i32 as u32 as u64)),
                Some(EntryValue::Word(r as u32 as u64)),
            ]
        }))
        .collect();
    Some((entry, inputs))
}

/// A short description of an entry state for events and dumps:
/// `stack [..] locals [..] loops n` (`loops [1, -1]` when one counts down).
pub fn entry_label(e: &Entry) -> String {
    let st: Vec<&str> = e.stack.iter().map(|t| t.name()).collect();
    let lo: Vec<&str> = e
        .locals
        .iter()
        .map(|l| l.map_or("-", |t| t.name()))
        .collect();
    let loops = if e.loop_steps.iter().all(|&s| s == 1) {
        e.loop_steps.len().to_string()
    } else {
        format!("{:?}", e.loop_steps)
    };
    format!(
        "stack [{}] locals [{}] loops {}",
        st.join(", "),
        lo.join(", "),
        loops
    )
}
