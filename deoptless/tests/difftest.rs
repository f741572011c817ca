//! Generated-program differential testing (issue 19): a fixed-seed batch of
//! programs from `difftest::Gen` (type-changing loops, integer overflow,
//! copy-on-write, matrices, closures with `<<-`, recursion, redefinitions,
//! loop exits, conditions in hot loops, `switch`, empty sequences, S3), each
//! run in `--mode interp` and in every JIT configuration
//! (`difftest::jit_configs`: deopt and deoptless at `--jit-threshold 1
//! --osr-threshold 1`, chaos 1e-4 / 0.01 / 0.5 / 1.0 in both modes with
//! seeds that vary per program, `--verify-contexts`, `--deoptless-depth 3`,
//! `--max-continuations 1`, default thresholds). Any difference in stdout,
//! stderr or exit status fails, with the program shrunk to a reproducer.
//! The long run is `scripts/difffuzz --hours N`.

use difftest::{jit_configs, Gen, Runner};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// Programs in the batch (the issue asks for at least 300).
const PROGRAMS: u64 = 300;

#[test]
fn generated_programs_agree_in_every_mode() {
    let dir = std::env::temp_dir().join(format!("dlvm-difftest-{}", std::process::id()));
    let next = AtomicU64::new(0);
    let failures = Mutex::new(Vec::new());
    let configs = jit_configs(0, 1).len() + 1;
    std::thread::scope(|s| {
        for t in 0..2 {
            let (dir, next, failures) = (&dir, &next, &failures);
            s.spawn(move || {
                let runner = Runner::new(
                    std::path::Path::new(env!("CARGO_BIN_EXE_dlvm")),
                    &dir.join(format!("t{}", t)),
                );
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= PROGRAMS {
                        break;
                    }
                    let prog = Gen::program_sized(k, 2, 3);
                    let (_, div) = runner.check("p", &prog.render(), &jit_configs(k, 1));
                    if let Some(d) = div {
                        let small = runner.shrink("s", &prog, &d, 300);
                        failures.lock().unwrap().push(format!(
                            "program {} (difffuzz --print is the 3..6-unit generator; this is Gen::program_sized({}, 2, 3))\n{}\nshrunk:\n{}",
                            k,
                            k,
                            d.report(),
                            small.render()
                        ));
                    }
                }
            });
        }
    });
    let _ = std::fs::remove_dir_all(&dir);
    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "{} of {} generated programs diverge ({} configurations each):\n{}",
        failures.len(),
        PROGRAMS,
        configs,
        failures.join("\n\n")
    );
}
