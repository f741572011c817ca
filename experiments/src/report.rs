//! The summary table printed at the end of `experiments run`.

use crate::schema::ExperimentResult;
use std::path::Path;

/// How one experiment went.
pub struct Outcome {
    pub name: String,
    pub seconds: f64,
    pub result: Option<ExperimentResult>,
    pub error: Option<String>,
}

pub fn print_summary(outcomes: &[Outcome], total_s: f64, out: &Path) {
    println!();
    println!("{:<14} {:>8}  headline", "experiment", "time");
    println!("{}", "-".repeat(78));
    for o in outcomes {
        let time = format!("{:.0}s", o.seconds);
        match (&o.result, &o.error) {
            (_, Some(e)) => println!("{:<14} {:>8}  FAILED: {}", o.name, time, e),
            (Some(r), None) => {
                let mut first = true;
                for h in &r.headlines {
                    let name = if first { o.name.as_str() } else { "" };
                    let t = if first { time.as_str() } else { "" };
                    println!("{:<14} {:>8}  {}: {}", name, t, h.label, h.value);
                    first = false;
                }
                if first {
                    println!("{:<14} {:>8}  (no data)", o.name, time);
                }
                for f in &r.failures {
                    println!(
                        "{:<14} {:>8}  ! FAILED {} [{}] {}: {}",
                        "",
                        "",
                        f.benchmark,
                        f.mode,
                        if f.of == 0 {
                            "not run".to_string()
                        } else {
                            format!("{}/{} invocations", f.failed, f.of)
                        },
                        f.error
                    );
                }
                let other: Vec<&String> =
                    r.notes.iter().filter(|n| !n.contains("failed")).collect();
                for n in other
                    .iter()
                    .filter(|n| n.contains("skipped") || n.contains("no "))
                {
                    println!("{:<14} {:>8}  ! {}", "", "", n);
                }
            }
            (None, None) => {}
        }
    }
    println!("{}", "-".repeat(78));
    let shown = std::fs::canonicalize(out).unwrap_or_else(|_| out.to_path_buf());
    let scratch = std::fs::canonicalize(crate::cli::scratch_dir()).ok();
    println!(
        "total {:.0}s; results in {}{}",
        total_s,
        shown.display(),
        if scratch.as_deref() == Some(shown.as_path()) {
            " (scratch; `--out results` or `experiments reference` writes results/)"
        } else {
            ""
        }
    );
}
