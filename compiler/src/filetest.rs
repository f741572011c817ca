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
