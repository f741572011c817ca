//! The GNU R conformance corpus in the interpreter: stdout, stderr and exit
//! status must be exactly GNU R's (a syntax error's own lines excepted).

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

#[test]
fn stderr_rule_compares_everything_but_a_syntax_error_excerpt() {
    let want = "Error: unexpected ')' in:\n\"y <- (2 +\n  3))\"\nExecution halted\n";
    let got = "Error: p.R:5:5: unexpected ')'\nExecution halted\n";
    assert!(common::stderr_matches("p", got, want));
    // Output of earlier statements must still agree.
    let want_w = format!("Warning message:\nIn f() : w\n{}", want);
    assert!(!common::stderr_matches("p", got, &want_w));
    // A missing `Calls:` line is a difference.
    let want_calls = "Error in f() : boom\nCalls: g -> f\nExecution halted\n";
    let got_calls = "Error in f() : boom\nExecution halted\n";
    assert!(!common::stderr_matches("p", got_calls, want_calls));
    assert!(common::stderr_matches("p", want_calls, want_calls));
}
