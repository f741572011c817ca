//! `dlvm run` on arbitrary bytes, in process: the run ends with status 0, 1
//! or 2, never a panic, a signal or a hang (libFuzzer's -timeout). Runs in the
//! deoptless mode at --jit-threshold 2 --osr-threshold 20 under chaos 0.1, so
//! that what runs long enough is compiled and exits, on a 1 GB stack as the
//! `dlvm` binary's interpreter thread.
#![no_main]
use deoptless::config::{Config, Mode};
use deoptless::session::Session;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let bytes = data.to_vec();
    let status = std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(move || {
            let config = Config {
                mode: Mode::Deoptless,
                jit_threshold: 2,
                osr_threshold: 20,
                chaos: 0.1,
                seed: 1,
                ..Config::default()
            };
            let mut s = Session::new(config, None);
            s.run_bytes(&bytes, "fuzz.R", &mut std::io::sink(), &mut std::io::sink())
        })
        .unwrap()
        .join()
        .expect("the run panicked");
    assert!(matches!(status, 0..=2), "exit status {status}");
});
