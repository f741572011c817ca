//! Usage errors of `dlvm run` name what is wrong and exit 2 (issue 18):
//! chaos outside [0, 1] or NaN, unwritable `--stats` and `--trace-events`
//! paths (named in the message).

use std::process::Command;

fn dlvm(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dlvm"))
        .args(args)
        .output()
        .expect("run dlvm");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn program(tag: &str) -> std::path::PathBuf {
    let p = std::env::temp_dir().join(format!("dlvm-cli-{}-{}.R", tag, std::process::id()));
    std::fs::write(&p, "x <- 1\n").unwrap();
    p
}

#[test]
fn chaos_must_be_a_probability() {
    let p = program("chaos");
    let file = p.to_str().unwrap();
    for bad in ["2", "NaN", "-0.1", "inf", "x"] {
        let arg = format!("--chaos={}", bad);
        let (code, err) = dlvm(&["run", &arg, file]);
        assert_eq!(code, 2, "--chaos {}: {}", bad, err);
        assert!(err.contains("--chaos"), "{}", err);
    }
    for good in ["0", "1", "0.5"] {
        assert_eq!(
            dlvm(&["run", "--chaos", good, file]).0,
            0,
            "--chaos {}",
            good
        );
    }
    let _ = std::fs::remove_file(p);
}

#[test]
fn unwritable_output_paths_are_named() {
    let p = program("paths");
    let file = p.to_str().unwrap();
    let bad = "/nonexistent-dir-dlvm/out.json";
    let (code, err) = dlvm(&["run", "--stats", bad, file]);
    assert_eq!(code, 2, "{}", err);
    assert!(
        err.contains("cannot write stats to /nonexistent-dir-dlvm/out.json"),
        "{}",
        err
    );
    let (code, err) = dlvm(&["run", "--trace-events", bad, file]);
    assert_eq!(code, 2, "{}", err);
    assert!(
        err.contains("cannot write trace to /nonexistent-dir-dlvm/out.json"),
        "{}",
        err
    );
    let _ = std::fs::remove_file(p);
}
