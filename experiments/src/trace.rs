//! Turning the VM's trace events (one JSON object per line, with an `event`
//! field) into latency lists as they are written, so that a long trace is never
//! held in memory. Unknown events are only counted; missing ones leave their
//! lists empty.

use crate::schema::Latencies;
use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;

/// A `Write` sink for `Session::new`; the numbers accumulate in `latencies`.
pub struct TraceSink {
    partial: Vec<u8>,
    latencies: Rc<RefCell<Latencies>>,
}

impl TraceSink {
    pub fn new(latencies: Rc<RefCell<Latencies>>) -> TraceSink {
        TraceSink {
            partial: Vec::new(),
            latencies,
        }
    }
}

impl Write for TraceSink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.partial.extend_from_slice(buf);
        while let Some(nl) = self.partial.iter().position(|b| *b == b'\n') {
            let line: Vec<u8> = self.partial.drain(..=nl).collect();
            record_line(&mut self.latencies.borrow_mut(), &line);
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Drop for TraceSink {
    fn drop(&mut self) {
        if !self.partial.is_empty() {
            let line = std::mem::take(&mut self.partial);
            record_line(&mut self.latencies.borrow_mut(), &line);
        }
    }
}

/// Account one trace line (malformed lines are counted as `malformed`).
pub fn record_line(l: &mut Latencies, line: &[u8]) {
    let Ok(v) = serde_json::from_slice::<serde_json::Value>(line) else {
        if !line.iter().all(u8::is_ascii_whitespace) {
            *l.event_counts.entry("malformed".into()).or_default() += 1;
        }
        return;
    };
    let event = v.get("event").and_then(|e| e.as_str()).unwrap_or("unknown");
    *l.event_counts.entry(event.to_string()).or_default() += 1;
    let num = |k: &str| v.get(k).and_then(|x| x.as_u64());
    match event {
        "deopt" => l.exit_ns.extend(num("exit_ns")),
        "compile" => l.function_compile_ns.extend(num("ns")),
        "continuation_compiled" => l.continuation_compile_ns.extend(num("ns")),
        "dispatch" => {
            // Latency of dispatch hits only: a miss includes compiling the
            // continuation (measured by `continuation_compiled`).
            match v.get("hit").and_then(|h| h.as_bool()) {
                Some(true) => {
                    l.dispatch_ns.extend(num("ns"));
                    l.dispatch_hits += 1
                }
                Some(false) => l.dispatch_misses += 1,
                None => {}
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_split_across_writes() {
        let lat = Rc::new(RefCell::new(Latencies::default()));
        {
            let mut s = TraceSink::new(lat.clone());
            s.write_all(b"{\"event\":\"compile\",\"ns\":5}\n{\"event\":\"dis")
                .unwrap();
            s.write_all(b"patch\",\"hit\":true,\"ns\":7}\n{\"event\":\"deopt\",\"exit_ns\":9}")
                .unwrap();
        }
        let l = lat.borrow();
        assert_eq!(l.function_compile_ns, vec![5]);
        assert_eq!(l.dispatch_ns, vec![7]);
        assert_eq!(l.dispatch_hits, 1);
        assert_eq!(l.exit_ns, vec![9]);
    }
}
