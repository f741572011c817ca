//! Filetests: the text format of `compiler/filetests/*.ir` (a pass list,
//! an input function, the expected output) and running named passes on text
//! IR. The test runner (`compiler/tests/filetests.rs`) and `dlvm ir` share
//! this; the format is described in `compiler/filetests/README.md`.
//!
//! ```text
//! ; Free comments.
//! ; passes: const_fold, dce
//! ; changed: true
//! function f {
//! bb0(v0: int):
//!   ...
//! }
//! ; expect:
//! function f {
//! ...
//! }
//! ```

use crate::ir::Func;
use crate::print::{parse_func, print_func};
use crate::{passes, verify};
use std::path::{Path, PathBuf};

/// The line separating the input from the expected output.
pub const EXPECT: &str = "; expect:";

/// One parsed filetest (or a plain IR file: no headers, no expectation).
#[derive(Clone, Debug, PartialEq)]
pub struct FileTest {
    /// The `; passes:` header (comma-separated names), if any.
    pub passes: Option<String>,
    /// The `; changed:` header, if any: whether the passes must report a change.
    pub changed: Option<bool>,
    /// The text before the `; expect:` line, header comments included (they
    /// are comments to the IR parser, so its line numbers are the file's).
    pub input: String,
    /// The text after the `; expect:` line, if there is one.
    pub expected: Option<String>,
}

/// Split a filetest into its headers, input and expectation. Header lines
/// are `;` comments before the `function` line; unknown `; key: value`
/// comments are free text.
pub fn parse(text: &str) -> Result<FileTest, String> {
    let mut passes = None;
    let mut changed = None;
    let mut input = String::new();
    let mut expected: Option<String> = None;
    let mut in_header = true;
    for (i, line) in text.lines().enumerate() {
        if let Some(e) = expected.as_mut() {
            e.push_str(line);
            e.push('\n');
            continue;
        }
        if line.trim_end() == EXPECT {
            expected = Some(String::new());
            continue;
        }
        input.push_str(line);
        input.push('\n');
        let t = line.trim();
        if !t.is_empty() && !t.starts_with(';') {
            in_header = false;
        }
        if !in_header {
            continue;
        }
        let Some(c) = t.strip_prefix(';') else {
            continue;
        };
        if let Some(v) = c.trim().strip_prefix("passes:") {
            if passes.is_some() {
                return Err(format!("line {}: second '; passes:' header", i + 1));
            }
            passes = Some(v.trim().to_string());
        } else if let Some(v) = c.trim().strip_prefix("changed:") {
            changed = Some(match v.trim() {
                "true" => true,
                "false" => false,
                other => {
                    return Err(format!(
                        "line {}: '; changed:' wants true or false, found '{other}'",
                        i + 1
                    ))
                }
            });
        }
    }
    Ok(FileTest {
        passes,
        changed,
        input,
        expected,
    })
}

/// Trailing whitespace removed from every line, and trailing blank lines.
pub fn normalize(text: &str) -> String {
    let mut out: Vec<&str> = text.lines().map(str::trim_end).collect();
    while out.last().is_some_and(|l| l.is_empty()) {
        out.pop();
    }
    let mut s = out.join("\n");
    s.push('\n');
    s
}

/// The result of running passes on text IR.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The function after the passes.
    pub func: Func,
    /// Its canonical text (`print_func`).
    pub printed: String,
    /// Whether any pass reported a change.
    pub changed: bool,
}

/// Parse `input`, verify it, run the comma-separated `pass_list` in order and
/// verify the result. Errors name the line (parse errors), the unknown pass
/// (with the known ones), or the verifier's complaints.
pub fn run_text(input: &str, pass_list: &str) -> Result<Outcome, String> {
    let list = passes::parse_list(pass_list)?;
    let mut f = parse_func(input)?;
    if let Err(errors) = verify::verify(&f) {
        return Err(format!(
            "input IR fails verification:\n  {}",
            errors.join("\n  ")
        ));
    }
    let changed = passes::run_list(&mut f, &list);
    let printed = print_func(&f);
    if let Err(errors) = verify::verify(&f) {
        return Err(format!(
            "IR after passes {pass_list} fails verification:\n  {}\n{printed}",
            errors.join("\n  ")
        ));
    }
    Ok(Outcome {
        func: f,
        printed,
        changed,
    })
}

/// `dlvm ir FILE [--passes a,b]`: read `file` (a filetest or plain text IR),
/// run `pass_list` (default: its `; passes:` header) and return the printed IR,
/// or an error naming the file (and the line, the unknown pass with the known
/// ones, or the verifier's complaints). A pass that panics is reported as an
/// error on this input.
pub fn run_file(file: &str, pass_list: Option<&str>) -> Result<String, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read '{file}': {e}"))?;
    let t = parse(&text).map_err(|e| format!("{file}: {e}"))?;
    let Some(list) = pass_list.or(t.passes.as_deref()) else {
        return Err(format!(
            "{file}: no passes given (--passes a,b,c; known passes: {})",
            passes::known_names()
        ));
    };
    // A pass that panics on verified IR is a compiler bug; report it as an
    // error on this input rather than a crash.
    let out = std::panic::catch_unwind(|| run_text(&t.input, list))
        .map_err(|_| format!("{file}: internal error (a pass panicked)"))?;
    out.map(|o| o.printed).map_err(|e| format!("{file}: {e}"))
}

/// `text` with its expectation replaced by `printed` (and its `; changed:`
/// header, if it has one, by `changed`): what `FILETESTS_BLESS=1` writes.
pub fn bless(text: &str, printed: &str, changed: bool) -> String {
    let mut out = String::new();
    let mut in_header = true;
    for line in text.lines() {
        if line.trim_end() == EXPECT {
            break;
        }
        let t = line.trim();
        if !t.is_empty() && !t.starts_with(';') {
            in_header = false;
        }
        let is_changed = in_header
            && t.strip_prefix(';')
                .is_some_and(|c| c.trim().starts_with("changed:"));
        if is_changed {
            out.push_str(&format!("; changed: {changed}\n"));
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    out.push_str(EXPECT);
    out.push('\n');
    out.push_str(&normalize(printed));
    out
}

/// How a golden-test runner was asked to run, from the environment:
/// `FILETESTS_BLESS=1` (rewrite the expectations) and `FILETESTS_FILTER=substr`
/// (only the files whose path contains `substr`). Both runners, the pass
/// filetests and the builder's tests (`compiler/buildtests`), read these.
#[derive(Clone, Debug, Default)]
pub struct RunMode {
    /// Rewrite each expectation with the actual output instead of comparing.
    pub bless: bool,
    /// Only files whose path contains this (empty: all).
    pub filter: String,
}

impl RunMode {
    /// `FILETESTS_BLESS` and `FILETESTS_FILTER` from the environment.
    pub fn from_env() -> RunMode {
        RunMode {
            bless: std::env::var("FILETESTS_BLESS").is_ok_and(|v| v == "1"),
            filter: std::env::var("FILETESTS_FILTER").unwrap_or_default(),
        }
    }
}

/// Every file under `dir` (recursively) whose name ends in `.{ext}`, sorted.
pub fn collect(dir: &Path, ext: &str) -> Vec<PathBuf> {
    fn walk(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
        let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for e in entries {
            let p = e.expect("directory entry").path();
            if p.is_dir() {
                walk(&p, ext, out);
            } else if p.extension().is_some_and(|x| x == ext) {
                out.push(p);
            }
        }
    }
    let mut out = vec![];
    walk(dir, ext, &mut out);
    out.sort();
    out
}

/// Compare `actual` with `expected` after `normalize`; the error names the
/// test and shows both texts.
pub fn compare(name: &str, expected: &str, actual: &str) -> Result<(), String> {
    let (expected, actual) = (normalize(expected), normalize(actual));
    if expected == actual {
        Ok(())
    } else {
        Err(format!(
            "{name}: output differs from the expectation\n--- expected:\n{expected}--- actual:\n{actual}"
        ))
    }
}

/// Run `check(file, bless)` on every `*.{ext}` file under `root` that
/// `mode.filter` selects, and panic with every failure's message (a test
/// runner's body). Panics too if fewer than `min` files exist, or if the
/// filter selects none.
pub fn run_all(
    root: &Path,
    ext: &str,
    min: usize,
    mode: &RunMode,
    check: impl Fn(&Path, bool) -> Result<(), String>,
) {
    let files = collect(root, ext);
    assert!(
        files.len() >= min,
        "only {} .{ext} files found under {}",
        files.len(),
        root.display()
    );
    let mut failures = vec![];
    let mut ran = 0;
    for f in files
        .iter()
        .filter(|f| f.to_string_lossy().contains(&mode.filter))
    {
        ran += 1;
        if let Err(e) = check(f, mode.bless) {
            failures.push(e);
        }
    }
    assert!(
        ran > 0,
        "no .{ext} file under {} matches FILETESTS_FILTER={:?}",
        root.display(),
        mode.filter
    );
    assert!(
        failures.is_empty(),
        "{} of {ran} tests failed:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    const T: &str = "; a comment
; passes: dce, lvn
; changed: false
function f {
bb0(v0: int):
  ret v0
}
; expect:
function f {
bb0(v0: int):
  ret v0
}
";

    #[test]
    fn parses_headers_input_and_expectation() {
        let t = parse(T).unwrap();
        assert_eq!(t.passes.as_deref(), Some("dce, lvn"));
        assert_eq!(t.changed, Some(false));
        assert!(t.input.starts_with("; a comment\n") && t.input.ends_with("}\n"));
        assert_eq!(
            t.expected.as_deref(),
            Some("function f {\nbb0(v0: int):\n  ret v0\n}\n")
        );
        let o = run_text(&t.input, t.passes.as_deref().unwrap()).unwrap();
        assert!(!o.changed);
        assert_eq!(
            Some(normalize(&o.printed)),
            t.expected.map(|e| normalize(&e))
        );
        assert_eq!(bless(T, &o.printed, o.changed), T);
    }

    #[test]
    fn errors_name_the_line_and_the_known_passes() {
        let e = run_text("function f {\nbb0():\n  ret v9 v9\n}\n", "dce").unwrap_err();
        assert!(e.starts_with("line 3:"), "{e}");
        let e = run_text(T, "dce, nope").unwrap_err();
        assert!(
            e.contains("unknown pass 'nope'") && e.contains("const_fold"),
            "{e}"
        );
        assert!(parse("; changed: maybe\n").is_err());
    }

    #[test]
    fn normalize_drops_trailing_whitespace() {
        assert_eq!(normalize("a  \nb\t\n\n\n"), "a\nb\n");
    }
}
