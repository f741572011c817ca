//! `dlvm run --perf-map` writes /tmp/perf-PID.map with one `START SIZE NAME`
//! line per compiled version, OSR-in entry and continuation of the run (issue
//! 18): the map lists every compilation the event trace reports.

use std::process::Command;

#[test]
fn perf_map_lists_every_compiled_version() {
    let dir = std::env::temp_dir().join(format!("dlvm-perfmap-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let prog = dir.join("p.R");
    std::fs::write(
        &prog,
        "f <- function(x) { s <- 0; for (i in seq_along(x)) s <- s + x[i]; s }\n\
         for (k in 1:300) f(1:100)\n\
         for (k in 1:300) f(as.numeric(1:100))\n\
         g <- function(n) { s <- 0; i <- 0; while (i < n) { i <- i + 1; s <- s + i }; s }\n\
         print(g(100000))\n",
    )
    .unwrap();
    let trace = dir.join("t.jsonl");
    let child = Command::new(env!("CARGO_BIN_EXE_dlvm"))
        .args([
            "run",
            "--perf-map",
            "--background-compile",
            "off",
            "--jit-threshold",
            "10",
            "--chaos",
            "0.01",
            "--seed",
            "3",
        ])
        .arg("--trace-events")
        .arg(&trace)
        .arg(&prog)
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let map_path = format!("/tmp/perf-{}.map", pid);
    let map = std::fs::read_to_string(&map_path).expect("the perf map");
    let _ = std::fs::remove_file(&map_path);
    let events = std::fs::read_to_string(&trace).unwrap();
    let mut compiled = Vec::new();
    for l in events.lines() {
        let v: serde_json::Value = serde_json::from_str(l).unwrap();
        let kind = match v["event"].as_str().unwrap_or("") {
            "compile" => "version",
            "osr_compile" => "osr-in",
            "continuation_compiled" => "continuation",
            _ => continue,
        };
        compiled.push((v["function"].as_str().unwrap().to_string(), kind));
    }
    let lines: Vec<&str> = map.lines().collect();
    assert_eq!(lines.len(), compiled.len(), "map:\n{}", map);
    for (line, (function, kind)) in lines.iter().zip(&compiled) {
        let mut parts = line.splitn(3, ' ');
        let start = u64::from_str_radix(parts.next().unwrap(), 16).unwrap();
        let size = u64::from_str_radix(parts.next().unwrap(), 16).unwrap();
        let name = parts.next().unwrap();
        assert!(start > 0 && size > 0, "{}", line);
        assert!(
            name.starts_with(&format!("R:{} [{} ", function, kind)),
            "{} vs {} {}",
            line,
            function,
            kind
        );
    }
    for kind in ["version", "osr-in", "continuation"] {
        assert!(
            compiled.iter().any(|(_, k)| *k == kind),
            "no {} compiled: {:?}",
            kind,
            compiled
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
