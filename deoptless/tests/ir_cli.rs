//! `dlvm ir FILE --passes a,b,c`: runs compiler passes on text IR and prints
//! the result; bad input (unreadable file, parse error, unknown pass, IR the
//! verifier rejects) is an error naming the file, exit status 1, no panic.

use std::path::PathBuf;
use std::process::Command;

/// Exit status, stdout, stderr.
fn dlvm(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dlvm"))
        .args(args)
        .output()
        .expect("run dlvm");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn ir_file(tag: &str, text: &[u8]) -> PathBuf {
    let p = std::env::temp_dir().join(format!("dlvm-ir-{}-{}.ir", tag, std::process::id()));
    std::fs::write(&p, text).unwrap();
    p
}

const FOLDABLE: &str = "function f {
bb0(v0: int):
  v1: int = const.int 2
  v2: int = const.int 3
  v3: int = add.i v1, v2
  v4: int = add.i v0, v3
  v5: int = mul.i v1, v2
  ret v4
}
";

#[test]
fn runs_the_named_passes_and_prints_the_result() {
    let p = ir_file("fold", FOLDABLE.as_bytes());
    let file = p.to_str().unwrap();
    let (code, out, err) = dlvm(&["ir", file, "--passes", "const_fold,dce"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "function f {
bb0(v0: int):
  v1: int = const.int 5
  v2: int = add.i v0, v1
  ret v2
}
"
    );
    // No passes but `dce`: the fold does not happen, the unused mul goes.
    let (code, out, err) = dlvm(&["ir", file, "--passes", "dce"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("add.i v1, v2") && !out.contains("mul.i"),
        "{out}"
    );
    let _ = std::fs::remove_file(p);
}

#[test]
fn a_filetest_runs_with_its_own_passes_and_gives_its_expectation() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../compiler/filetests/dce");
    let mut checked = 0;
    for e in std::fs::read_dir(&dir).expect("compiler/filetests/dce") {
        let p = e.unwrap().path();
        let text = std::fs::read_to_string(&p).unwrap();
        let Some((_, expected)) = text.split_once("; expect:\n") else {
            continue;
        };
        let (code, out, err) = dlvm(&["ir", p.to_str().unwrap()]);
        assert_eq!(code, 0, "{}: {err}", p.display());
        assert_eq!(out.trim_end(), expected.trim_end(), "{}", p.display());
        checked += 1;
    }
    assert!(checked > 0, "no filetests in {}", dir.display());
}

#[test]
fn bad_input_is_an_error_naming_the_file() {
    let good_path = ir_file("good", FOLDABLE.as_bytes());
    let good = good_path.to_str().unwrap();

    let (code, _, err) = dlvm(&["ir", good, "--passes", "const_fold,nonesuch"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("unknown pass 'nonesuch'"), "{err}");
    assert!(err.contains("const_fold") && err.contains("dce"), "{err}");

    let (code, _, err) = dlvm(&["ir", good]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains(good) && err.contains("no passes"), "{err}");

    let (code, _, err) = dlvm(&["ir", "/nonexistent-dlvm/f.ir", "--passes", "dce"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("cannot read '/nonexistent-dlvm/f.ir'"),
        "{err}"
    );

    let bad_line = FOLDABLE.replace("add.i v1, v2", "add.i v1,, v2");
    let p = ir_file("parse", bad_line.as_bytes());
    let (code, _, err) = dlvm(&["ir", p.to_str().unwrap(), "--passes", "dce"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains(p.to_str().unwrap()) && err.contains("line 5"),
        "{err}"
    );

    // Parses, but the verifier rejects it (a use of an int as a bool).
    let ill = "function f {\nbb0(v0: int):\n  branch v0, bb1(), bb1()\nbb1():\n  ret v0\n}\n";
    let p = ir_file("verify", ill.as_bytes());
    let (code, _, err) = dlvm(&["ir", p.to_str().unwrap(), "--passes", "dce"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("fails verification"), "{err}");
    let _ = std::fs::remove_file(p);
    let _ = std::fs::remove_file(good_path);

    // Garbage of all sorts: never a panic (exit 101) or a crash.
    let truncated = &FOLDABLE[..FOLDABLE.len() / 2];
    let garbage: [&[u8]; 9] = [
        b"",
        b"\xff\xfe\x00binary",
        b"function",
        b"function f {",
        b"}\n",
        truncated.as_bytes(),
        b"function f {\nbb0(v0: int):\n  v1: int = add.i v0, v9\n  ret v1\n}\n",
        b"function f {\nbb0():\n  jump bb7()\n}\n",
        b"function f {\nbb0(v0: nosuchtype):\n  ret v0\n}\n",
    ];
    for (i, g) in garbage.iter().enumerate() {
        let p = ir_file(&format!("garbage{i}"), g);
        let (code, _, err) = dlvm(&["ir", p.to_str().unwrap(), "--passes", "optimize"]);
        assert_eq!(code, 1, "input {i}: {err}");
        assert!(err.contains(p.to_str().unwrap()), "input {i}: {err}");
        assert!(!err.contains("panick"), "input {i}: {err}");
        let _ = std::fs::remove_file(p);
    }
}
