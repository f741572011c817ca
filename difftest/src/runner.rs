//! Runs a program in `--mode interp` and in every JIT configuration, compares
//! stdout, stderr and exit status, and shrinks a divergent program.

use crate::program::Program;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What one run printed and how it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub stdout: String,
    pub stderr: String,
    /// The exit status; -1 killed by a signal, -2 timed out.
    pub status: i32,
}

impl Outcome {
    pub fn timed_out(&self) -> bool {
        self.status == -2
    }
}

/// One execution configuration: `dlvm run ARGS FILE`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    pub args: Vec<String>,
}

impl Config {
    fn new(args: &[&str]) -> Config {
        Config {
            args: args.iter().map(|s| s.to_string()).collect(),
        }
    }
    pub fn describe(&self) -> String {
        self.args.join(" ")
    }
}

/// The reference configuration: the interpreter.
pub fn reference() -> Config {
    Config::new(&["--mode", "interp"])
}

/// Chaos probabilities every program runs under.
pub const CHAOS: [&str; 4] = ["0.0001", "0.01", "0.5", "1.0"];

/// Every JIT configuration for program number `k`: deopt and deoptless at
/// `--jit-threshold 1 --osr-threshold 1`; each chaos probability in both
/// modes with a seed that varies with `k` (several seeds over a batch, and
/// `seeds` per program); `--verify-contexts` with `--verify-ir`;
/// `--deoptless-depth 3`;
/// `--max-continuations 1`; `--whole-continuations`; the default
/// thresholds; and compilation in
/// the background at `--jit-threshold 1` under chaos.
pub fn jit_configs(k: u64, seeds: u64) -> Vec<Config> {
    // (Compiles on the spot: what runs compiled does not depend on timing.)
    let hot = [
        "--jit-threshold",
        "1",
        "--osr-threshold",
        "1",
        "--background-compile",
        "off",
    ];
    let mut v = Vec::new();
    for mode in ["deopt", "deoptless"] {
        let mut a = vec!["--mode", mode];
        a.extend_from_slice(&hot);
        v.push(Config::new(&a));
    }
    for s in 0..seeds {
        for (i, p) in CHAOS.iter().enumerate() {
            for mode in ["deopt", "deoptless"] {
                let seed = (k * 7 + s * 3 + i as u64) % 1000 + 1;
                let seed = seed.to_string();
                let mut a = vec!["--mode", mode];
                a.extend_from_slice(&hot);
                a.extend_from_slice(&["--chaos", p, "--seed", &seed]);
                v.push(Config::new(&a));
            }
        }
    }
    let seed = ((k % 97) + 1).to_string();
    // Deoptless options, each under chaos at probability `p` with one seed.
    for (flags, p) in [
        // (Every compile's IR verified too: an ill-typed pass result is a
        // verifier error here, not a wrong slot at run time.)
        (&["--verify-contexts", "--verify-ir"][..], "0.5"),
        (&["--deoptless-depth", "3"][..], "0.5"),
        (&["--max-continuations", "1"][..], "0.5"),
        (
            &["--deoptless-depth", "3", "--max-continuations", "1"][..],
            "0.01",
        ),
        // Continuations compiled through to the function's end: entered
        // mid-loop, their loops come back to the entry block.
        (&["--whole-continuations"][..], "0.1"),
    ] {
        let mut a = vec!["--mode", "deoptless"];
        a.extend_from_slice(&hot);
        a.extend_from_slice(flags);
        a.extend_from_slice(&["--chaos", p, "--seed", &seed]);
        v.push(Config::new(&a));
    }
    v.push(Config::new(&["--mode", "deoptless"]));
    // Versions compiled in the background and installed at whatever call
    // they are ready, under chaos.
    v.push(Config::new(&[
        "--mode",
        "deoptless",
        "--jit-threshold",
        "1",
        "--osr-threshold",
        "1",
        "--chaos",
        "0.5",
        "--seed",
        &seed,
    ]));
    v
}

/// Run `cmd` with a time limit, collecting its output.
fn run_limited(mut cmd: Command, timeout: Duration) -> Outcome {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut so = child.stdout.take().unwrap();
    let mut se = child.stderr.take().unwrap();
    let t_out = std::thread::spawn(move || {
        let mut b = Vec::new();
        let _ = so.read_to_end(&mut b);
        b
    });
    let t_err = std::thread::spawn(move || {
        let mut b = Vec::new();
        let _ = se.read_to_end(&mut b);
        b
    });
    let start = Instant::now();
    let status = loop {
        match child.try_wait().expect("wait") {
            Some(st) => break st.code().unwrap_or(-1),
            None if start.elapsed() > timeout => {
                let _ = child.kill();
                let _ = child.wait();
                break -2;
            }
            None => std::thread::sleep(Duration::from_millis(2)),
        }
    };
    let stdout = String::from_utf8_lossy(&t_out.join().unwrap()).into_owned();
    let stderr = String::from_utf8_lossy(&t_err.join().unwrap()).into_owned();
    Outcome {
        stdout,
        stderr,
        status,
    }
}

/// Runs programs through one `dlvm` binary (and optionally GNU R).
pub struct Runner {
    pub dlvm: PathBuf,
    pub dir: PathBuf,
    pub timeout: Duration,
    pub rscript: Option<PathBuf>,
}

/// A configuration whose outcome differs from the reference's.
#[derive(Clone, Debug)]
pub struct Divergence {
    pub config: Config,
    pub want: Outcome,
    pub got: Outcome,
}

impl Divergence {
    pub fn report(&self) -> String {
        let mut s = format!("config: {}\n", self.config.describe());
        if self.want.status != self.got.status {
            s += &format!("status {} (want {})\n", self.got.status, self.want.status);
        }
        if self.want.stdout != self.got.stdout {
            s += &format!(
                "--- stdout got\n{}--- stdout want\n{}",
                self.got.stdout, self.want.stdout
            );
        }
        if self.want.stderr != self.got.stderr {
            s += &format!(
                "--- stderr got\n{}--- stderr want\n{}",
                self.got.stderr, self.want.stderr
            );
        }
        s
    }
}

impl Runner {
    pub fn new(dlvm: &Path, dir: &Path) -> Runner {
        std::fs::create_dir_all(dir).unwrap();
        // Runs start in the program's directory: absolute paths.
        Runner {
            dlvm: std::fs::canonicalize(dlvm).expect("the dlvm binary"),
            dir: std::fs::canonicalize(dir).unwrap(),
            timeout: Duration::from_secs(20),
            rscript: None,
        }
    }

    /// Write `src` as `NAME.R` in the work directory.
    pub fn write(&self, name: &str, src: &str) -> PathBuf {
        let f = self.dir.join(format!("{}.R", name));
        std::fs::write(&f, src).unwrap();
        f
    }

    pub fn run(&self, file: &Path, config: &Config) -> Outcome {
        let mut cmd = Command::new(&self.dlvm);
        cmd.arg("run")
            .args(&config.args)
            .arg(file.file_name().unwrap());
        cmd.current_dir(file.parent().unwrap());
        run_limited(cmd, self.timeout)
    }

    /// GNU R's outcome, in the environment `scripts/record-expected.sh` uses.
    pub fn run_gnur(&self, file: &Path) -> Option<Outcome> {
        let rscript = self.rscript.as_ref()?;
        let home = self.dir.join("home");
        std::fs::create_dir_all(&home).unwrap();
        let mut cmd = Command::new(rscript);
        cmd.env_clear()
            .env("PATH", "/usr/bin:/bin")
            .env("LC_ALL", "C.UTF-8")
            .env("LANG", "C.UTF-8")
            .env("LANGUAGE", "")
            .env("TZ", "UTC")
            .env("HOME", &home)
            .env("R_LIBS_USER", "")
            .env("R_LIBS", "")
            .env("R_PROFILE_USER", "")
            .env("R_ENVIRON_USER", "")
            .arg("--vanilla")
            .arg(file.file_name().unwrap())
            .current_dir(file.parent().unwrap());
        Some(run_limited(cmd, Duration::from_secs(60)))
    }

    /// The first configuration of `configs` whose outcome differs from the
    /// interpreter's, with the interpreter's outcome. A program the
    /// interpreter does not finish in time is skipped (`Ok(None)`).
    pub fn check(
        &self,
        name: &str,
        src: &str,
        configs: &[Config],
    ) -> (Option<Outcome>, Option<Divergence>) {
        let file = self.write(name, src);
        let want = self.run(&file, &reference());
        if want.timed_out() {
            return (None, None);
        }
        for c in configs {
            let got = self.run(&file, c);
            if got != want {
                return (
                    Some(want.clone()),
                    Some(Divergence {
                        config: c.clone(),
                        want,
                        got,
                    }),
                );
            }
        }
        (Some(want), None)
    }

    /// Does `p` still diverge in configuration `c` (in the way `like` did:
    /// same kind of difference, no time-out, no crash introduced when there
    /// was none)?
    fn still_diverges(&self, name: &str, p: &Program, c: &Config, like: &Divergence) -> bool {
        let file = self.write(name, &p.render());
        let want = self.run(&file, &reference());
        if want.timed_out() || want.status == -1 {
            return false;
        }
        let got = self.run(&file, c);
        if got.timed_out() || got == want {
            return false;
        }
        // Keep the kind: a status difference stays one, a crash stays a crash.
        let crash = |o: &Outcome| o.status != 0 && o.status != 1;
        if crash(&like.got) != crash(&got) {
            return false;
        }
        if like.got.status != like.want.status && got.status == want.status {
            return false;
        }
        if like.got.stdout != like.want.stdout && got.stdout == want.stdout {
            return false;
        }
        true
    }

    /// Shrink `p` while it diverges in `d.config`: greedy one-step
    /// reductions (statement and block removal, block flattening, smaller
    /// numbers) until none applies or `budget` runs are spent.
    pub fn shrink(&self, name: &str, p: &Program, d: &Divergence, budget: usize) -> Program {
        let mut cur = p.clone();
        let mut spent = 0;
        'outer: loop {
            for cand in cur.candidates() {
                if spent >= budget {
                    break 'outer;
                }
                spent += 1;
                if self.still_diverges(name, &cand, &d.config, d) {
                    cur = cand;
                    continue 'outer;
                }
            }
            break;
        }
        cur
    }

    /// Shrink a program whose interpreter run differs from GNU R's.
    pub fn shrink_vs_gnur(&self, name: &str, p: &Program, budget: usize) -> Program {
        // Keep the kind of difference: both exit statuses stay what they
        // were (else every program shrinks to a different error message).
        let file = self.write(name, &p.render());
        let (r0, d0) = match self.run_gnur(&file) {
            Some(r) => (r.status, self.run(&file, &reference()).status),
            None => return p.clone(),
        };
        let differs = |q: &Program| -> bool {
            let file = self.write(name, &q.render());
            let want = match self.run_gnur(&file) {
                Some(o) => o,
                None => return false,
            };
            let got = self.run(&file, &reference());
            got.status == d0 && want.status == r0 && !outcomes_agree_with_r(&got, &want)
        };
        let mut cur = p.clone();
        let mut spent = 0;
        'outer: loop {
            for cand in cur.candidates() {
                if spent >= budget {
                    break 'outer;
                }
                spent += 1;
                if differs(&cand) {
                    cur = cand;
                    continue 'outer;
                }
            }
            break;
        }
        cur
    }
}

/// dlvm's outcome `got` agrees with GNU R's `want` (exactly: generated
/// programs have no syntax errors, whose lines are the one deliberate
/// difference).
pub fn outcomes_agree_with_r(got: &Outcome, want: &Outcome) -> bool {
    got.status == want.status && got.stdout == want.stdout && got.stderr == want.stderr
}
