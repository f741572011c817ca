//! Build tests: golden IR of the builder (bytecode + interpreter feedback →
//! IR). A test is an R program `compiler/buildtests/NAME.R` whose header
//! comment `# functions: f, g` names the functions to show, and its
//! expectation `NAME.ir`: each named function's IR as `build::build` makes it
//! from the feedback of one interpreter run of the program, and after
//! `passes::optimize`, both verified. The runner is
//! `compiler/tests/buildtests.rs`; the format is described in
//! `compiler/buildtests/README.md`.

use crate::print::print_func;
use crate::{build, passes, verify};
use std::rc::Rc;
use vm::bytecode::FunctionCode;

/// The header line naming the functions to show.
pub const FUNCTIONS: &str = "# functions:";

/// The function names of the program's `# functions: f, g` header (the first
/// such line; it must be among the leading comment lines).
pub fn functions_header(src: &str) -> Result<Vec<String>, String> {
    for line in src.lines() {
        let t = line.trim();
        if let Some(list) = t.strip_prefix(FUNCTIONS) {
            let names: Vec<String> = list
                .split(',')
                .map(|n| n.trim().to_string())
                .filter(|n| !n.is_empty())
                .collect();
            if names.is_empty() {
                return Err(format!("'{FUNCTIONS}' names no function"));
            }
            return Ok(names);
        }
        if !t.is_empty() && !t.starts_with('#') {
            break;
        }
    }
    Err(format!("no '{FUNCTIONS} f, g' header comment"))
}

/// Every function of program `src` (named `file` in messages), with the
/// feedback of one run on a fresh interpreter (no JIT). A program that stops
/// with an R error is an error (its stderr).
pub fn functions_after_source(src: &str, file: &str) -> Result<Vec<Rc<FunctionCode>>, String> {
    let mut interp = vm::interp::Interp::new();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = vm::driver::run_source(&mut interp, src, file, &mut out, &mut err);
    if status != vm::driver::Status::Ok {
        return Err(format!(
            "the program stops with an error:\n{}",
            String::from_utf8_lossy(&err)
        ));
    }
    let mut funs = Vec::new();
    for code in &interp.toplevel_code {
        crate::functions_of(code, &mut funs);
    }
    Ok(funs)
}

/// The IR of `code` as built from its feedback and after `passes::optimize`,
/// each verified: the text of one function in a build test's expectation.
pub fn render_function(code: &FunctionCode) -> Result<String, String> {
    let name = &code.name;
    let mut ir = build::build(code).map_err(|e| format!("{name} not built: {}", e.0))?;
    let built = print_func(&ir);
    if let Err(errors) = verify::verify(&ir) {
        return Err(format!(
            "{name} as built fails verification:\n  {}\n{built}",
            errors.join("\n  ")
        ));
    }
    passes::optimize(&mut ir);
    let optimized = print_func(&ir);
    if let Err(errors) = verify::verify(&ir) {
        return Err(format!(
            "{name} optimized fails verification:\n  {}\n{optimized}",
            errors.join("\n  ")
        ));
    }
    Ok(format!(
        "; {name}: as built\n{built}\n; {name}: optimized\n{optimized}"
    ))
}

/// A build test's actual output: run `src` (named `file`), then render each
/// function of its `# functions:` header, in the header's order. A name must
/// be the name of exactly one function of the program.
///
/// This runs on a fresh thread (with a large stack, for recursive programs):
/// the symbol table is per thread and the IR prints symbol numbers
/// (`load_global sym45`), so the output must not depend on what the calling
/// thread interned before.
pub fn render(src: &str, file: &str) -> Result<String, String> {
    let (src, file) = (src.to_string(), file.to_string());
    std::thread::Builder::new()
        .stack_size(1 << 28)
        .spawn(move || render_here(&src, &file))
        .map_err(|e| format!("cannot start a thread: {e}"))?
        .join()
        .unwrap_or_else(|e| std::panic::resume_unwind(e))
}

/// `render` on the calling thread.
fn render_here(src: &str, file: &str) -> Result<String, String> {
    let names = functions_header(src)?;
    let funs = functions_after_source(src, file)?;
    let mut out = format!("; Golden IR of {file}: as built and optimized.\n");
    for name in &names {
        let mut found = funs.iter().filter(|f| f.name == *name);
        let code = found
            .next()
            .ok_or_else(|| format!("no function named '{name}'"))?;
        if found.next().is_some() {
            return Err(format!("more than one function named '{name}'"));
        }
        if code.invocations.get() == 0 {
            return Err(format!("'{name}' is never called: it has no feedback"));
        }
        out.push('\n');
        out.push_str(&render_function(code)?);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_names_the_functions() {
        let src = "# A test.\n# functions: f, g\n\nf <- function() 1\n";
        assert_eq!(functions_header(src).unwrap(), ["f", "g"]);
        assert!(functions_header("f <- 1\n# functions: f\n").is_err());
        assert!(functions_header("# functions:\n").is_err());
    }

    #[test]
    fn renders_as_built_and_optimized() {
        let src = "# functions: inc\ninc <- function(x) x + 1L\nfor (i in 1:5) inc(i)\n";
        let out = render(src, "inc.R").unwrap();
        assert!(out.contains("; inc: as built\nfunction inc {"), "{out}");
        assert!(out.contains("; inc: optimized\nfunction inc {"), "{out}");
        let e = render("# functions: nope\nf <- function() 1\n", "x.R").unwrap_err();
        assert!(e.contains("no function named 'nope'"), "{e}");
        let e = render("# functions: f\nf <- function() 1\n", "x.R").unwrap_err();
        assert!(e.contains("never called"), "{e}");
        let e = render("# functions: f\nstop('no')\n", "x.R").unwrap_err();
        assert!(e.contains("stops with an error"), "{e}");
    }
}
