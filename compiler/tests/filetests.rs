//! The filetest runner: every `compiler/filetests/**/*.ir` file names passes,
//! an input function and the expected output (format: `compiler::filetest`,
//! `compiler/filetests/README.md`). Each file is parsed, verified, run
//! through its passes, verified again, and its printed result compared with
//! the expectation. `FILETESTS_BLESS=1` rewrites the expectations instead.
//! `FILETESTS_FILTER=substr` runs only the files whose path contains `substr`.

use compiler::filetest::{self, RunMode};
use std::path::Path;

/// Run one file; `Err` is the failure message (file, expected, actual).
fn check(path: &Path, bless: bool) -> Result<(), String> {
    let name = path.display();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
    let t = filetest::parse(&text).map_err(|e| format!("{name}: {e}"))?;
    let passes = t
        .passes
        .as_deref()
        .ok_or_else(|| format!("{name}: no '; passes:' header"))?;
    let out = filetest::run_text(&t.input, passes).map_err(|e| format!("{name}: {e}"))?;
    if bless {
        let new = filetest::bless(&text, &out.printed, out.changed);
        if new != text {
            std::fs::write(path, new).map_err(|e| format!("{name}: {e}"))?;
            eprintln!("blessed {name}");
        }
        return Ok(());
    }
    let expected = t
        .expected
        .as_deref()
        .ok_or_else(|| format!("{name}: no '{}' line", filetest::EXPECT))?;
    filetest::compare(&name.to_string(), expected, &out.printed)?;
    if let Some(want) = t.changed {
        if want != out.changed {
            return Err(format!(
                "{name}: passes {passes} reported changed = {}, the file says {want}",
                out.changed
            ));
        }
    }
    Ok(())
}

#[test]
fn filetests() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("filetests");
    filetest::run_all(&root, "ir", 40, &RunMode::from_env(), check);
}
