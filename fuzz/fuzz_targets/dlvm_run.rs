//! `dlvm run` on arbitrary bytes, in process: the run ends with status 0, 1
//! or 2, never a panic, a signal or a hang. Each input runs twice, on a 1 GB
//! stack as the `dlvm` binary's interpreter thread, with vectors limited to
//! `MAX_VECTOR_BYTES` (R's allocation error beyond):
//!
//! 1. in the interpreter with a step budget (`Interp::max_steps`: closure
//!    calls plus loop iterations), so that a program that loops forever (as
//!    `repeat {}` legitimately does) ends with the budget error instead of
//!    hanging the fuzzer;
//! 2. only if that run finished within the budget (so the program
//!    terminates), in the deoptless mode at --jit-threshold 2
//!    --osr-threshold 20 under chaos 0.1, so that what runs long enough is
//!    compiled and exits. Compiled code does not count steps: a hang here
//!    (libFuzzer's -timeout) is compiled code that does not terminate where
//!    the interpreter does, a miscompile.
#![no_main]
use deoptless::config::{Config, Mode};
use deoptless::session::Session;
use libfuzzer_sys::fuzz_target;

/// Closure calls plus loop iterations of the interpreted run.
const MAX_STEPS: u64 = 200_000;
/// 8 MB: a million doubles.
const MAX_VECTOR_BYTES: u64 = 8 << 20;

fn run(bytes: Vec<u8>, config: Config, max_steps: u64) -> (i32, bool) {
    std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(move || {
            let mut s = Session::new(config, None);
            s.interp.max_steps = max_steps;
            let mut err = Vec::new();
            let status = s.run_bytes(&bytes, "fuzz.R", &mut std::io::sink(), &mut err);
            let exhausted = String::from_utf8_lossy(&err).contains(vm::interp::STEPS_EXHAUSTED);
            (status, exhausted)
        })
        .unwrap()
        .join()
        .expect("the run panicked")
}

fuzz_target!(|data: &[u8]| {
    vm::limits::set_max_vector_bytes(MAX_VECTOR_BYTES);
    let interp = Config {
        mode: Mode::Interp,
        ..Config::default()
    };
    let (status, exhausted) = run(data.to_vec(), interp, MAX_STEPS);
    assert!(
        matches!(status, 0..=2),
        "exit status {status} (interpreter)"
    );
    if exhausted {
        return;
    }
    let jit = Config {
        mode: Mode::Deoptless,
        jit_threshold: 2,
        osr_threshold: 20,
        chaos: 0.1,
        seed: 1,
        ..Config::default()
    };
    let (status, _) = run(data.to_vec(), jit, u64::MAX);
    assert!(matches!(status, 0..=2), "exit status {status} (deoptless)");
});
