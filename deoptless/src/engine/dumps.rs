//! Dumps: `--dump feedback` and `--dump contexts` (the continuations'
//! feedback, the dispatch tables, the cached loop code) and the perf map of
//! compiled code. It only reads the engine's state; it must not change it.

use super::{CompileKind, EngineState};
use crate::cleanup;
use compiler::lower::Compiled;
use osr::osr_in::entry_label;
use std::io::Write;

impl EngineState {
    /// For `--dump feedback`: the feedback each continuation was compiled with
    /// where it differs from the baseline (the cleanup's overrides, stale marks
    /// shown as `STALE`).
    pub fn dump_continuation_feedback(&self) -> String {
        let fns = self.fns.borrow();
        let mut rows: Vec<String> = Vec::new();
        for (&key, info) in fns.iter() {
            // SAFETY: keys are pointers to FunctionCode kept alive by the program's closures.
            let name = unsafe { &(*key).name };
            for (ctx, cont) in &info.conts.entries {
                rows.push(format!(
                    "continuation v{} of {} at pc {} ({}): {}\n",
                    cont.id,
                    name,
                    ctx.pc,
                    ctx.reason.name(),
                    cleanup::describe(&cont.feedback)
                ));
            }
        }
        rows.sort();
        rows.concat()
    }

    /// `--dump contexts`: each function's dispatch tables.
    pub fn dump_contexts(&self) -> String {
        let mut out = String::new();
        let fns = self.fns.borrow();
        let mut rows: Vec<(String, String)> = Vec::new();
        for (&key, info) in fns.iter() {
            if info.conts.is_empty() && info.failed.is_empty() {
                continue;
            }
            // SAFETY: keys are pointers to FunctionCode kept alive by the program's closures.
            let name = unsafe { &(*key).name }.to_string();
            let mut s = String::new();
            for (k, (ctx, cont)) in info.conts.entries.iter().enumerate() {
                s.push_str(&format!(
                    "  {}. {}  [continuation v{}, depth {}]\n     feedback: {}\n",
                    k + 1,
                    ctx,
                    cont.id,
                    cont.depth,
                    cleanup::describe(&cont.feedback)
                ));
            }
            for ctx in &info.failed {
                s.push_str(&format!("  -  {}  [not compiled]\n", ctx));
            }
            rows.push((name, s));
        }
        rows.sort();
        for (name, s) in rows {
            out.push_str(&format!("dispatch table of {}:\n{}", name, s));
        }
        // The loop code continuations transfer to (and OSR-in enters).
        let mut loops: Vec<String> = Vec::new();
        for (&(key, pc), codes) in self.osr_cache.borrow().iter() {
            // SAFETY: as above.
            let name = unsafe { &(*key).name };
            for (entry, id, _) in codes {
                loops.push(format!(
                    "  {} pc {}: {}  [v{}]\n     feedback: {}\n",
                    name,
                    pc,
                    entry_label(entry),
                    id,
                    cleanup::describe(&entry.feedback)
                ));
            }
        }
        if !loops.is_empty() {
            loops.sort();
            out.push_str("cached loop code (OSR-in, transfer targets):\n");
            out.push_str(&loops.concat());
        }
        out
    }
}

/// The path of this process's perf map (`perf report` reads it).
pub fn perf_map_path() -> std::path::PathBuf {
    std::path::PathBuf::from(format!("/tmp/perf-{}.map", std::process::id()))
}

/// Append `START SIZE NAME` for compiled code to the perf map: the R
/// function, what kind of code (`version`, `osr-in`, `continuation`), its
/// context and entry pc. Failures to write are ignored (profiling aid only).
pub(super) fn perf_map_entry(
    c: &Compiled,
    function: &str,
    kind: CompileKind,
    context: &str,
    pc: usize,
) {
    let kind = match kind {
        CompileKind::Version => "version",
        CompileKind::OsrIn => "osr-in",
        CompileKind::Continuation => "continuation",
    };
    let line = format!(
        "{:x} {:x} R:{} [{} {} pc {}]\n",
        c.entry as usize,
        c.code_size.max(1),
        function,
        kind,
        context.replace('\n', " "),
        pc
    );
    if let Ok(mut f) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(perf_map_path())
    {
        let _ = f.write_all(line.as_bytes());
    }
}
