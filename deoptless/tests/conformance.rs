//! The GNU R conformance corpus in the interpreter: stdout and exit status must be
//! exactly GNU R's, and the first stderr line of every error.

mod common;

#[test]
fn corpus_matches_gnu_r_in_interpreter() {
    common::check_all(&["--mode", "interp"]);
}

#[test]
fn syntax_error_line_rule() {
    assert!(common::first_error_line_matches(
        "p",
        "Error: p.R:5:5: unexpected ')'",
        "Error: unexpected ')' in:"
    ));
    assert!(!common::first_error_line_matches(
        "p",
        "Error: p.R:5:5: unexpected 'else'",
        "Error: unexpected ')' in:"
    ));
    assert!(common::first_error_line_matches(
        "p",
        "Error: p.R:4:1: unexpected 'else'",
        "Error: unexpected 'else' in \"else\""
    ));
}
