//! OSR-out: finish an activation in the interpreter from an exit.

use crate::exit::ExitState;
use vm::error::RResult;
use vm::feedback::TypeFeedback;
use vm::interp::Interp;
use vm::value::Value;

/// Add the value that failed a type-check assumption to the baseline feedback
/// of the instruction the speculation came from, so that the next compilation
/// does not make the same assumption.
pub fn record_trigger(st: &ExitState) {
    if let Some((fb, v)) = &st.trigger {
        if let Some(cell) = st.code.type_fb.get(*fb as usize) {
            TypeFeedback::record(cell, v);
        }
    }
}

/// Rebuild the interpreter frame (locals into the activation's environment,
/// operand stack, active loops) and run the rest of the function there.
pub fn resume_in_interpreter(interp: &mut Interp, st: ExitState) -> RResult<Value> {
    st.env.set_frame_locals(&st.code.locals, &st.locals);
    interp.resume(&st.code, &st.env, st.pc, st.stack, st.loops)
}
