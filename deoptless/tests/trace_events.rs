//! `--trace-events` writes every event of the run, up to the last one, and
//! `--stats` agrees with it: a short run whose few events fit in the
//! writer's buffer still leaves them in the file (the engine state, which
//! owns the writer, is dropped at the end of the run).

mod common;

#[test]
fn short_run_writes_its_compile_and_osr_events() {
    let dir = std::env::temp_dir();
    let id = std::process::id();
    let prog = dir.join(format!("dlvm-trace-{}.R", id));
    let trace = dir.join(format!("dlvm-trace-{}.jsonl", id));
    std::fs::write(
        &prog,
        "sq <- function(x) x * x\nt <- 0\nfor (i in 1:20000) t <- t + sq(i)\nprint(t)\n",
    )
    .unwrap();
    let (_, st) = common::run_with_stats(&["--trace-events".as_ref(), trace.as_os_str()], &prog);
    let events = std::fs::read_to_string(&trace).unwrap();
    let count = |name: &str| {
        events
            .lines()
            .filter(|l| l.contains(&format!("\"event\":\"{}\"", name)))
            .count()
    };
    assert!(count("compile") >= 1, "no compile event in {:?}", events);
    assert_eq!(
        count("compile") as u64,
        st["functions_compiled"].as_u64().unwrap(),
        "{}",
        events
    );
    assert!(
        count("osr_compile") >= 1,
        "no osr_compile event in {:?}",
        events
    );
    for p in [&prog, &trace] {
        let _ = std::fs::remove_file(p);
    }
}
