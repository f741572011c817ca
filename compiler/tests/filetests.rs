//! The filetest runner: every `compiler/filetests/**/*.ir` file names passes,
//! an input function and the expected output (format: `compiler::filetest`,
//! `compiler/filetests/README.md`). Each file is parsed, verified, run
//! through its passes, verified again, and its printed result compared with
//! the expectation. `FILETESTS_BLESS=1` rewrites the expectations instead.
//! `FILETESTS_FILTER=substr` runs only the files whose path contains `substr`.

use compiler::filetest::{self, normalize};
use std::path::{Path, PathBuf};

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for e in entries {
        let p = e.expect("directory entry").path();
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|x| x == "ir") {
            out.push(p);
        }
    }
}

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
    let (expected, actual) = (normalize(expected), normalize(&out.printed));
    if expected != actual {
        return Err(format!(
            "{name}: output differs from the expectation\n--- expected:\n{expected}--- actual:\n{actual}"
        ));
    }
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
    let mut files = vec![];
    collect(&root, &mut files);
    files.sort();
    assert!(
        files.len() >= 40,
        "only {} filetests found under {}",
        files.len(),
        root.display()
    );
    let bless = std::env::var("FILETESTS_BLESS").is_ok_and(|v| v == "1");
    let filter = std::env::var("FILETESTS_FILTER").unwrap_or_default();
    let mut failures = vec![];
    let mut ran = 0;
    for f in files
        .iter()
        .filter(|f| f.to_string_lossy().contains(&filter))
    {
        ran += 1;
        if let Err(e) = check(f, bless) {
            failures.push(e);
        }
    }
    assert!(ran > 0, "no filetest matches FILETESTS_FILTER={filter:?}");
    assert!(
        failures.is_empty(),
        "{} of {ran} filetests failed:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}
