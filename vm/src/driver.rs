//! Running a whole R program the way `Rscript FILE` does: parse, evaluate each
//! top-level expression, auto-print visible values, print warnings after each
//! top-level call, and on an error print it and "Execution halted" (status 1).

use crate::interp::Interp;
use crate::parser::parse_program_partial;
use std::io::Write;

/// Exit status of a run, as Rscript reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Ok = 0,
    Error = 1,
}

/// Run `src` (named `file` in messages) on `interp`, streaming stdout and stderr.
pub fn run_source(
    interp: &mut Interp,
    src: &str,
    file: &str,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Status {
    let (prog, parse_error) = parse_program_partial(src, file);
    for e in &prog.exprs {
        let r = interp.eval_toplevel(e);
        flush(interp, out, err);
        match r {
            Ok(()) => {
                let w = interp.take_warnings_text();
                if !w.is_empty() {
                    let _ = err.write_all(w.as_bytes());
                }
            }
            Err(e) => {
                let _ = writeln!(err, "{}", e);
                if let Some(calls) = crate::error::concise_traceback(&e.trace, &e.call) {
                    let _ = writeln!(err, "Calls: {}", calls);
                }
                let w = interp.take_warnings_text();
                if !w.is_empty() {
                    let _ = write!(err, "In addition: {}", w);
                }
                let _ = writeln!(err, "Execution halted");
                return Status::Error;
            }
        }
    }
    if let Some(e) = parse_error {
        let _ = writeln!(err, "Error: {}", e);
        let _ = writeln!(err, "Execution halted");
        return Status::Error;
    }
    Status::Ok
}

fn flush(interp: &mut Interp, out: &mut dyn Write, err: &mut dyn Write) {
    if !interp.out.is_empty() {
        let _ = out.write_all(interp.out.as_bytes());
        interp.out.clear();
    }
    if !interp.err.is_empty() {
        let _ = err.write_all(interp.err.as_bytes());
        interp.err.clear();
    }
    let _ = out.flush();
}

/// Run a program in-process and capture (stdout, stderr, status): for tests and
/// the experiment harness.
pub fn run_captured(src: &str, file: &str) -> (String, String, Status) {
    let mut interp = Interp::new();
    let mut out = Vec::new();
    let mut err = Vec::new();
    let st = run_source(&mut interp, src, file, &mut out, &mut err);
    (
        String::from_utf8_lossy(&out).into_owned(),
        String::from_utf8_lossy(&err).into_owned(),
        st,
    )
}
