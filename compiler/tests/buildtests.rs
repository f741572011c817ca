//! The build-test runner: every `compiler/buildtests/*.R` program is run in
//! the interpreter, and the IR built from the feedback for the functions its
//! `# functions:` header names (as built and optimized, both verified) is
//! compared with `NAME.ir` next to it (format: `compiler::buildtest`,
//! `compiler/buildtests/README.md`). `FILETESTS_BLESS=1` writes the `.ir`
//! files instead; `FILETESTS_FILTER=substr` runs only the programs whose path
//! contains `substr`.

use compiler::buildtest;
use compiler::filetest::{self, RunMode};
use std::path::Path;

/// Run one program; `Err` is the failure message (file, expected, actual).
fn check(path: &Path, bless: bool) -> Result<(), String> {
    let name = path.display().to_string();
    let src = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
    let file = path.file_name().unwrap().to_string_lossy().to_string();
    let actual = buildtest::render(&src, &file).map_err(|e| format!("{name}: {e}"))?;
    let ir_path = path.with_extension("ir");
    if bless {
        let new = filetest::normalize(&actual);
        if std::fs::read_to_string(&ir_path).ok().as_deref() != Some(&new) {
            std::fs::write(&ir_path, new).map_err(|e| format!("{name}: {e}"))?;
            eprintln!("blessed {}", ir_path.display());
        }
        return Ok(());
    }
    let expected = std::fs::read_to_string(&ir_path).map_err(|e| {
        format!(
            "{}: {e} (write it with FILETESTS_BLESS=1)",
            ir_path.display()
        )
    })?;
    filetest::compare(&name, &expected, &actual)
}

#[test]
fn buildtests() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("buildtests");
    filetest::run_all(&root, "R", 12, &RunMode::from_env(), check);
}
