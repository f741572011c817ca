//! A builtin passed as a value by a function written at top level
//! (`apply(x, 2, mean)`, `sapply(xs, sqrt)`) compiles without an assumption
//! that fails at every run: before the fix, its name was read as a global
//! binding (none holds a builtin) and the function deoptimized at every call.
//! The program is the corpus program `jit_builtin_values` (its output is
//! GNU R's recording; the corpus tests run it in every mode).

mod common;

#[test]
fn builtin_values_cause_no_exits() {
    let corpus = common::corpus_dir();
    let expected = std::fs::read_to_string(corpus.join("jit_builtin_values.out")).unwrap();
    let (stdout, st) = common::run_with_stats(&[], &corpus.join("jit_builtin_values.R"));
    assert_eq!(stdout, expected);
    assert!(st["functions_compiled"].as_u64().unwrap() >= 2, "{}", st);
    assert_eq!(st["deopts"].as_u64().unwrap(), 0, "{}", st);
    assert_eq!(st["exits"].as_u64().unwrap(), 0, "{}", st);
}
