//! `difffuzz`: generate programs, run each in every configuration, shrink and
//! save every divergence (see `scripts/difffuzz`).
//!
//! Usage: difffuzz [--dlvm PATH] [--out DIR] [--seed S] [--count N]
//!                 [--hours H] [--seeds K] [--gnur] [--threads T] [--print SEED]

use difftest::{jit_configs, Gen, Runner};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

fn main() {
    let mut dlvm = PathBuf::from("target/release/dlvm");
    let mut out = PathBuf::from("target/difffuzz");
    let mut seed: u64 = 1_000_000;
    let mut count: u64 = u64::MAX;
    let mut hours: f64 = 0.0;
    let mut seeds: u64 = 1;
    let mut gnur = false;
    let mut threads: usize = 2;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut val = || args.next().unwrap_or_else(|| usage(&a));
        match a.as_str() {
            "--dlvm" => dlvm = PathBuf::from(val()),
            "--out" => out = PathBuf::from(val()),
            "--seed" => seed = val().parse().unwrap_or_else(|_| usage("--seed")),
            "--count" => count = val().parse().unwrap_or_else(|_| usage("--count")),
            "--hours" => hours = val().parse().unwrap_or_else(|_| usage("--hours")),
            "--seeds" => seeds = val().parse().unwrap_or_else(|_| usage("--seeds")),
            "--threads" => threads = val().parse().unwrap_or_else(|_| usage("--threads")),
            "--gnur" => gnur = true,
            "--print" => {
                let s: u64 = val().parse().unwrap_or_else(|_| usage("--print"));
                print!("{}", Gen::program(s).render());
                return;
            }
            _ => usage(&a),
        }
    }
    if hours <= 0.0 && count == u64::MAX {
        count = 100;
    }
    let deadline = if hours > 0.0 {
        Some(Instant::now() + Duration::from_secs_f64(hours * 3600.0))
    } else {
        None
    };
    std::fs::create_dir_all(&out).unwrap();
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let found = AtomicUsize::new(0);
    let gnur_diffs = AtomicUsize::new(0);
    let started = Instant::now();
    std::thread::scope(|s| {
        for t in 0..threads {
            let (dlvm, out, next, done, found, gnur_diffs) =
                (&dlvm, &out, &next, &done, &found, &gnur_diffs);
            s.spawn(move || {
                let mut runner = Runner::new(dlvm, &out.join(format!("work{}", t)));
                if gnur {
                    runner.rscript = Some(PathBuf::from("/usr/bin/Rscript"));
                }
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= count || deadline.is_some_and(|d| Instant::now() > d) {
                        break;
                    }
                    let s = seed + k;
                    let prog = Gen::program(s);
                    let src = prog.render();
                    let (want, div) = runner.check("p", &src, &jit_configs(s, seeds));
                    // A divergence that the same configuration does not
                    // show again is a run that timed out or was killed
                    // (a loaded machine): reported, not counted.
                    let div = div.filter(|d| {
                        let again = runner.write("recheck", &src);
                        let same = runner.run(&again, &difftest::reference())
                            == runner.run(&again, &d.config);
                        if same {
                            // Its outputs are kept (status -2: killed at the
                            // time limit), to tell a loaded machine from
                            // nondeterminism.
                            let f = out.join(format!("transient-{}.txt", s));
                            let _ = std::fs::write(&f, d.report());
                            eprintln!(
                                "seed {}: transient divergence ({}) did not reproduce, first outcome in {}",
                                s,
                                d.config.describe(),
                                f.display()
                            );
                        }
                        !same
                    });
                    if let Some(d) = div {
                        found.fetch_add(1, Ordering::Relaxed);
                        let small = runner.shrink("shrink", &prog, &d, 600);
                        let f = out.join(format!("div-{}.R", s));
                        std::fs::write(&f, small.render()).unwrap();
                        std::fs::write(out.join(format!("div-{}.full.R", s)), &src).unwrap();
                        let file = runner.write("again", &small.render());
                        let w = runner.run(&file, &difftest::reference());
                        let g = runner.run(&file, &d.config);
                        let rep = difftest::Divergence {
                            config: d.config.clone(),
                            want: w,
                            got: g,
                        };
                        std::fs::write(out.join(format!("div-{}.txt", s)), rep.report()).unwrap();
                        eprintln!(
                            "seed {}: divergence ({}), reproducer {}",
                            s,
                            d.config.describe(),
                            f.display()
                        );
                    } else if let (true, Some(want)) = (gnur, want) {
                        let file = runner.write("p", &src);
                        if let Some(r) = runner.run_gnur(&file) {
                            if !difftest::runner::outcomes_agree_with_r(&want, &r) {
                                gnur_diffs.fetch_add(1, Ordering::Relaxed);
                                let small = runner.shrink_vs_gnur("shrinkr", &prog, 300);
                                std::fs::write(out.join(format!("gnur-{}.R", s)), small.render())
                                    .unwrap();
                                std::fs::write(out.join(format!("gnur-{}.full.R", s)), &src)
                                    .unwrap();
                                eprintln!(
                                    "seed {}: differs from GNU R, reproducer {}",
                                    s,
                                    out.join(format!("gnur-{}.R", s)).display()
                                );
                            }
                        }
                    }
                    let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                    if n % 50 == 0 {
                        eprintln!(
                            "{} programs, {} divergences, {} GNU R differences, {:.0} s",
                            n,
                            found.load(Ordering::Relaxed),
                            gnur_diffs.load(Ordering::Relaxed),
                            started.elapsed().as_secs_f64()
                        );
                    }
                }
            });
        }
    });
    let n = done.load(Ordering::Relaxed);
    let f = found.load(Ordering::Relaxed);
    println!(
        "difffuzz: {} programs x {} configurations (seeds {}..), {} divergences, {} GNU R differences, {:.0} s",
        n,
        jit_configs(seed, seeds).len() + 1,
        seed,
        f,
        gnur_diffs.load(Ordering::Relaxed),
        started.elapsed().as_secs_f64()
    );
    if f > 0 {
        std::process::exit(1);
    }
}

fn usage(what: &str) -> ! {
    eprintln!("difffuzz: bad argument {}\nusage: difffuzz [--dlvm PATH] [--out DIR] [--seed S] [--count N] [--hours H] [--seeds K] [--gnur] [--threads T] [--print SEED]", what);
    std::process::exit(2);
}
