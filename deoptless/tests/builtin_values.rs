//! A builtin passed as a value by a function written at top level
//! (`apply(x, 2, mean)`, `sapply(xs, sqrt)`) compiles without an assumption
//! that fails at every run: before the fix, its name was read as a global
//! binding (none holds a builtin) and the function deoptimized at every call.
//! The program is the corpus program `jit_builtin_values` (its output is
//! GNU R's recording; the corpus tests run it in every mode).

use std::process::Command;

#[test]
fn builtin_values_cause_no_exits() {
    let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/r");
    let prog = corpus.join("jit_builtin_values.R");
    let expected = std::fs::read_to_string(corpus.join("jit_builtin_values.out")).unwrap();
    let stats =
        std::env::temp_dir().join(format!("dlvm-builtin-values-{}.json", std::process::id()));
    let out = Command::new(env!("CARGO_BIN_EXE_dlvm"))
        .arg("run")
        .arg("--stats")
        .arg(&stats)
        .arg(&prog)
        .output()
        .expect("run dlvm");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
    let st: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&stats).unwrap()).unwrap();
    assert!(st["functions_compiled"].as_u64().unwrap() >= 2, "{}", st);
    assert_eq!(st["deopts"].as_u64().unwrap(), 0, "{}", st);
    assert_eq!(st["exits"].as_u64().unwrap(), 0, "{}", st);
    let _ = std::fs::remove_file(&stats);
}
