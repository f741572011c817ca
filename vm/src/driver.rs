//! Running a whole R program the way `Rscript FILE` does: parse, evaluate each
//! top-level expression, auto-print visible values, print warnings after each
//! top-level call, and on an error print it and "Execution halted" (status 1).

use crate::interp::Interp;
use crate::parser::parse_program_partial;
use std::io::Write;

/// Exit status of a run, as Rscript reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Ok = 0,
    Error = 1,
}

/// Run `src` (named `file` in messages) on `interp`, streaming stdout and stderr.
pub fn run_source(
    interp: &mut Interp,
    src: &str,
    file: &str,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Status {
    run_then_fail(interp, src, file, None, out, err)
}

/// Run a source file given as bytes, as Rscript reads it in a UTF-8 locale:
/// a byte sequence that is not UTF-8 in a string, a name or between tokens
/// stops the program with R's parser error once the statements before it
/// have run (see `decode_source`); in a comment it is harmless.
pub fn run_bytes(
    interp: &mut Interp,
    bytes: &[u8],
    file: &str,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Status {
    let src = decode_source(bytes);
    run_then_fail(interp, &src.text, file, src.error.as_deref(), out, err)
}

/// Run `src`; then, if it ran without error, stop with the parse error `fail`.
fn run_then_fail(
    interp: &mut Interp,
    src: &str,
    file: &str,
    fail: Option<&str>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Status {
    let (prog, parse_error) = parse_program_partial(src, file);
    for e in &prog.exprs {
        let r = interp.eval_toplevel(e);
        flush(interp, out, err);
        match r {
            Ok(()) => {
                let w = interp.take_warnings_text();
                if !w.is_empty() {
                    let _ = err.write_all(w.as_bytes());
                }
            }
            Err(e) => {
                // (A message ending in a newline gets no other: R's
                // `verrorcall_dflt`.)
                let text = e.to_string();
                let nl = if text.ends_with('\n') { "" } else { "\n" };
                let _ = write!(err, "{}{}", text, nl);
                if let Some(calls) = crate::error::concise_traceback(&e.trace, &e.call) {
                    let _ = writeln!(err, "Calls: {}", calls);
                }
                let w = interp.take_warnings_text();
                if !w.is_empty() {
                    let _ = write!(err, "In addition: {}", w);
                }
                let _ = writeln!(err, "Execution halted");
                return Status::Error;
            }
        }
    }
    if let Some(e) = parse_error {
        let _ = writeln!(err, "Error: {}", e);
        let _ = writeln!(err, "Execution halted");
        return Status::Error;
    }
    if let Some(msg) = fail {
        let _ = writeln!(err, "Error: {}", msg);
        let _ = writeln!(err, "Execution halted");
        return Status::Error;
    }
    Status::Ok
}

/// A source file as text: the program to run and, for a file that is not
/// valid UTF-8, the parser error R reports after running it.
#[derive(Debug, PartialEq)]
pub struct SourceText {
    pub text: String,
    pub error: Option<String>,
}

/// How many bytes R's parser reads for a character starting with byte `b`
/// in a UTF-8 locale (R's `utf8clen`).
fn utf8clen(b: u8) -> usize {
    match b {
        0..=0xbf => 1,
        0xc0..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf7 => 4,
        0xf8..=0xfb => 5,
        _ => 6,
    }
}

/// Whether the text of one console buffer parses completely (`Some(true)`),
/// needs more input (`Some(false)`), or has a syntax error (`None`).
fn buffer_complete(bytes: &[u8]) -> Option<bool> {
    let text = String::from_utf8_lossy(bytes);
    match parse_program_partial(&text, "").1 {
        None => Some(true),
        Some(e)
            if e.msg == "unexpected end of input" || e.msg == "unexpected INCOMPLETE_STRING" =>
        {
            Some(false)
        }
        Some(_) => None,
    }
}

/// Decode a source file the way GNU R 4.2 parses it under `Rscript` in a
/// UTF-8 locale. R's parser decodes each non-ASCII byte outside comments by
/// reading as many bytes as its lead byte announces and fails on an invalid
/// sequence with `invalid multibyte character in parser at line N` (`EOF
/// whilst reading MBCS char at line N` when the input ends first). Rscript
/// feeds the parser the file in pieces ending at `;` or a newline, and
/// parses the statement being read from its start each time, so the input
/// ends at the end of the piece and N counts lines from the first line of
/// that statement (the bytes read after the bad one included). The
/// statements before it run. Invalid bytes in comments are harmless
/// (replaced by U+FFFD). NUL bytes are dropped wherever they are, as
/// Rscript's file reader drops them (`"ab<NUL>cd"` is `"abcd"`, `1<NUL>2` is
/// 12; found by fuzzing: the NUL stayed in a string literal).
pub fn decode_source(bytes: &[u8]) -> SourceText {
    let without_nul: Vec<u8>;
    let bytes = if bytes.contains(&0) {
        without_nul = bytes.iter().copied().filter(|&b| b != 0).collect();
        &without_nul[..]
    } else {
        bytes
    };
    let lossy = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    // The first invalid byte outside a comment.
    let mut i = 0;
    let bad = loop {
        match std::str::from_utf8(&bytes[i..]) {
            Ok(_) => {
                return SourceText {
                    text: lossy(bytes),
                    error: None,
                }
            }
            Err(e) => {
                let p = i + e.valid_up_to();
                if !crate::lexer::ends_in_comment(&lossy(&bytes[..p])) {
                    break p;
                }
                i = p + e.error_len().unwrap_or(bytes.len() - p);
            }
        }
    };
    // Rscript ends an unterminated last line with a newline.
    let owned;
    let bytes = if bytes.ends_with(b"\n") {
        bytes
    } else {
        owned = [bytes, b"\n"].concat();
        &owned[..]
    };
    // The console buffers before it: find where the statement holding it starts.
    let mut start = 0;
    let mut pos = 0;
    let piece_end = |pos: usize| {
        bytes[pos..]
            .iter()
            .position(|&b| b == b';' || b == b'\n')
            .map_or(bytes.len(), |k| pos + k + 1)
    };
    loop {
        let end = piece_end(pos);
        if end > bad {
            break;
        }
        match buffer_complete(&bytes[start..end]) {
            Some(true) => start = end,
            Some(false) => {}
            // A syntax error before the bad byte: R reports that one.
            None => {
                return SourceText {
                    text: lossy(&bytes[..end]),
                    error: None,
                }
            }
        }
        pos = end;
    }
    // A syntax error before it in its statement: R reports that one (before
    // the string it is in, if any: an unterminated string hides errors).
    let before = &bytes[start..bad];
    let cut = before
        .iter()
        .rposition(|&b| b == b'"' || b == b'\'' || b == b'`')
        .unwrap_or(before.len());
    for upto in [bad, start + cut] {
        if buffer_complete(&bytes[start..upto]).is_none() {
            return SourceText {
                text: lossy(&bytes[..upto]),
                error: None,
            };
        }
    }
    let end = piece_end(bad);
    let read = bad + utf8clen(bytes[bad]);
    let lines = |to: usize| 1 + bytes[start..to].iter().filter(|&&b| b == b'\n').count();
    let error = if read > end {
        format!("EOF whilst reading MBCS char at line {}", lines(end))
    } else {
        format!(
            "invalid multibyte character in parser at line {}",
            lines(read)
        )
    };
    SourceText {
        text: lossy(&bytes[..start]),
        error: Some(error),
    }
}

fn flush(interp: &mut Interp, out: &mut dyn Write, err: &mut dyn Write) {
    if !interp.out.is_empty() {
        let _ = out.write_all(interp.out.as_bytes());
        interp.out.clear();
    }
    if !interp.err.is_empty() {
        let _ = err.write_all(interp.err.as_bytes());
        interp.err.clear();
    }
    let _ = out.flush();
}

/// Run a program in-process and capture (stdout, stderr, status): for tests and
/// the experiment harness.
pub fn run_captured(src: &str, file: &str) -> (String, String, Status) {
    let mut interp = Interp::new();
    let mut out = Vec::new();
    let mut err = Vec::new();
    let st = run_source(&mut interp, src, file, &mut out, &mut err);
    (
        String::from_utf8_lossy(&out).into_owned(),
        String::from_utf8_lossy(&err).into_owned(),
        st,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err_of(src: &[u8]) -> Option<String> {
        decode_source(src).error
    }

    #[test]
    fn invalid_utf8_like_rscript() {
        let m = |n: u32| {
            Some(format!(
                "invalid multibyte character in parser at line {}",
                n
            ))
        };
        let eof = |n: u32| Some(format!("EOF whilst reading MBCS char at line {}", n));
        assert_eq!(err_of(b"s <- \"\xe9\"\n"), m(2));
        assert_eq!(err_of(b"print(1)\n\n\ns <- \"\xe9\"\n"), m(2));
        assert_eq!(
            err_of(b"f <- function() {\n  y <- 1\n  \"\xe9\"\n}\n"),
            m(4)
        );
        assert_eq!(err_of(b"x <- c(1,\n2,\n\"\xe9\")\n"), m(3));
        assert_eq!(err_of(b"print(1)\n\xe9\n"), eof(2));
        assert_eq!(err_of(b"s <- \"\xe9;x\"\n"), eof(1));
        assert_eq!(err_of(b"x <- \"\xe9"), eof(2));
        assert_eq!(err_of(b"`a\xe9` <- 1\n"), m(1));
        // Comments may hold any bytes.
        let s = decode_source(b"# caf\xe9\nprint(1) # \xe9\n");
        assert_eq!(s.error, None);
        assert!(s.text.ends_with("print(1) # \u{fffd}\n"));
        // The statements before the bad byte run.
        let s = decode_source(b"print(1); x <- 2\ny <- \"\xe9\"\n");
        assert_eq!(s.text, "print(1); x <- 2\n");
    }

    #[test]
    fn random_bytes_never_panic() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let alphabet = b"ab1 \"'`#;\n(){}\xe9\xc3\xa9\x80\xf0\xff,=<-";
        for _ in 0..3000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let n = (seed % 24) as usize;
            let bytes: Vec<u8> = (0..n)
                .map(|k| alphabet[((seed >> (k % 50)) as usize + k * 7) % alphabet.len()])
                .collect();
            let s = decode_source(&bytes);
            let (_, _, _) = run_captured(&s.text, "f.R");
        }
    }
}
