//! `dlvm` — run an R program on the dlvm research VM (`dlvm run FILE`), or
//! run compiler passes on a text IR file (`dlvm ir FILE`). This file is the
//! command line only (arguments, exit codes); the work is done by
//! `deoptless::session::run_to_stdio` and `compiler::filetest::run_file`.

use clap::{Parser, Subcommand};
use deoptless::config::{Config, Mode};
use deoptless::session::{self, Dump};
use std::process::ExitCode;

// mimalloc (see `deoptless::alloc`).
#[global_allocator]
static GLOBAL: deoptless::alloc::Allocator = deoptless::alloc::Allocator;

#[derive(Parser)]
#[command(
    name = "dlvm",
    version,
    about = "A research VM for a subset of R: JIT, OSR and deoptless"
)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Run an R program (like `Rscript FILE`).
    Run {
        /// The R source file.
        file: String,
        #[arg(long, value_enum, default_value_t = Mode::Deoptless)]
        mode: Mode,
        /// Print internal state to stderr after the run (repeatable).
        #[arg(long, value_enum)]
        dump: Vec<Dump>,
        /// Write run statistics as JSON.
        #[arg(long)]
        stats: Option<String>,
        /// Write one JSON line per compile / exit / deopt event.
        #[arg(long)]
        trace_events: Option<String>,
        /// Calls before a function is compiled.
        #[arg(long, default_value_t = 100)]
        jit_threshold: u32,
        /// Loop back-edges in one activation before OSR-in (0 disables).
        #[arg(long, default_value_t = 5000)]
        osr_threshold: u32,
        /// Probability that an assumption check fails although it holds.
        #[arg(long, default_value_t = 0.0, value_parser = probability)]
        chaos: f64,
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Deoptless: continuations per function (dispatch table capacity).
        #[arg(long, default_value_t = 5)]
        max_continuations: usize,
        /// Deoptless: levels of exits from continuations that dispatch again
        /// (0: an exit inside a continuation deoptimizes).
        #[arg(long, default_value_t = 0)]
        deoptless_depth: u32,
        /// Deoptless: re-check at every continuation entry that the entry values
        /// satisfy its context; abort (exit 70) if not.
        #[arg(long)]
        verify_contexts: bool,
        /// Verify the IR of every compile (as built, and after the passes);
        /// abort (exit 70) with the verifier's errors and the IR if invalid
        #[arg(long)]
        verify_ir: bool,
        /// Leave code the static profitability estimate (`compiler::profit`)
        /// judges slower than the interpreter to the interpreter (off: all hot
        /// code is compiled; for comparing the policy).
        #[arg(long)]
        profitability_check: bool,
        /// Build an interpreter frame for every call from compiled code to
        /// compiled code (off: the callee runs without one until something
        /// observes it; for comparing the mechanism).
        #[arg(long)]
        no_direct_calls: bool,
        /// Inline no closure's body into its callers: every call of a
        /// closure from compiled code is a call (builtins are still
        /// inlined; for measuring what calls cost).
        #[arg(long)]
        no_inline: bool,
        /// Compile function versions on a second thread while the
        /// interpreter goes on running them (on/off). Off makes runs
        /// repeatable: the same compiles and exits at the same calls, as
        /// experiments and `--stats` comparisons need. OSR-in code and
        /// deoptless continuations always compile on the spot.
        #[arg(long, default_value_t = true, action = clap::ArgAction::Set,
              value_parser = clap::builder::BoolishValueParser::new(), value_name = "on|off")]
        background_compile: bool,
        /// Deoptless: compile continuations through to the function's end
        /// (as in Ř) instead of up to the next loop header, where they hand
        /// over to the loop's OSR-in code.
        #[arg(long)]
        whole_continuations: bool,
        /// Write /tmp/perf-PID.map naming each compiled version, OSR-in
        /// entry and continuation, so that `perf report` attributes samples.
        #[arg(long)]
        perf_map: bool,
        /// Largest single vector the program may allocate, in bytes as GNU R
        /// counts them (8 per double, 4 per integer); a larger one is R's
        /// error "cannot allocate vector of size ...".
        #[arg(long, default_value_t = vm::limits::MAX_VECTOR_BYTES as u64)]
        max_vector_size: u64,
    },
    /// Run compiler passes on a text IR file and print the result.
    ///
    /// The file is in the IR printer's syntax; a filetest from
    /// compiler/filetests works too (its input is the text before
    /// `; expect:`, its `; passes:` header the default pass list).
    Ir {
        /// The text IR file.
        file: String,
        /// Comma-separated pass names, run in order (default: the file's
        /// `; passes:` header). `optimize` is the whole pipeline.
        #[arg(long)]
        passes: Option<String>,
    },
}

/// A probability in [0, 1] (NaN and values outside are usage errors).
fn probability(s: &str) -> Result<f64, String> {
    let p: f64 = s.parse().map_err(|_| format!("'{}' is not a number", s))?;
    if (0.0..=1.0).contains(&p) {
        Ok(p)
    } else {
        Err(format!("'{}' is not a probability in [0, 1]", s))
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.cmd {
        Cmd::Ir { file, passes } => match compiler::filetest::run_file(&file, passes.as_deref()) {
            Ok(out) => {
                print!("{out}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("dlvm ir: {e}");
                ExitCode::from(1)
            }
        },
        Cmd::Run {
            file,
            mode,
            dump,
            stats,
            trace_events,
            jit_threshold,
            osr_threshold,
            chaos,
            seed,
            max_continuations,
            deoptless_depth,
            verify_contexts,
            verify_ir,
            profitability_check,
            no_direct_calls,
            no_inline,
            background_compile,
            whole_continuations,
            perf_map,
            max_vector_size,
        } => {
            vm::limits::set_max_vector_bytes(max_vector_size);
            let config = Config {
                mode,
                jit_threshold,
                osr_threshold,
                chaos,
                seed,
                dump_native: dump.contains(&Dump::Native),
                dump_ir: dump.contains(&Dump::Ir),
                max_continuations,
                deoptless_depth,
                verify_contexts,
                verify_ir,
                profitability_check,
                transfer_at_loop_headers: !whole_continuations,
                perf_map,
                direct_calls: !no_direct_calls,
                inline_calls: !no_inline,
                background_compile,
            };
            let src = match std::fs::read(&file) {
                Ok(b) => b,
                Err(e) => {
                    eprintln!("Fatal error: cannot open file '{}': {}", file, e);
                    return ExitCode::from(2);
                }
            };
            // R programs recurse deeply; run on a thread with a large stack.
            let handle = std::thread::Builder::new()
                .stack_size(1 << 30)
                .spawn(move || {
                    session::run_to_stdio(
                        &src,
                        &file,
                        &config,
                        &dump,
                        stats.as_deref(),
                        trace_events.as_deref(),
                    )
                })
                .expect("spawn interpreter thread");
            match handle.join() {
                Ok(code) => ExitCode::from(code),
                Err(_) => {
                    eprintln!("dlvm: internal error (panic)");
                    ExitCode::from(70)
                }
            }
        }
    }
}
