//! `experiments` — run dlvm's experiments (see `experiments list`).

use clap::Parser;
use experiments::cli::{Cli, Command};
use std::process::ExitCode;

// The worker measures the VM as `dlvm` runs it, with the same allocator.
#[global_allocator]
static GLOBAL: deoptless::alloc::Allocator = deoptless::alloc::Allocator;

fn run(args: experiments::cli::RunArgs) -> ExitCode {
    match experiments::driver::run(args) {
        Ok(outcomes) if outcomes.iter().all(|o| o.error.is_none()) => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("experiments: {:#}", e);
            ExitCode::from(2)
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.cmd {
        Command::List => {
            for e in experiments::experiments::ALL {
                println!("{:<14} {}", e.name, e.description);
            }
            ExitCode::SUCCESS
        }
        Command::Run(args) => run(args),
        Command::Reference(r) => run(r.run_args()),
        Command::Plan(p) => match experiments::driver::plan(p.run, &p.dir) {
            Ok(n) => {
                println!(
                    "{} jobs in {}; run each with `experiments worker --jobs {} --index K` (K in 0..{}), then `experiments merge {}`",
                    n,
                    experiments::jobs::jobs_file(&p.dir).display(),
                    experiments::jobs::jobs_file(&p.dir).display(),
                    n,
                    p.dir.display()
                );
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("experiments: {:#}", e);
                ExitCode::from(2)
            }
        },
        Command::Merge { dir, out } => match experiments::driver::merge(&dir, &out) {
            Ok(outcomes) if outcomes.iter().all(|o| o.error.is_none()) => ExitCode::SUCCESS,
            Ok(_) => ExitCode::FAILURE,
            Err(e) => {
                eprintln!("experiments: {:#}", e);
                ExitCode::from(2)
            }
        },
        Command::Plot { names, out } => match experiments::driver::replot(&names, &out) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("experiments: {:#}", e);
                ExitCode::from(2)
            }
        },
        Command::Worker(args) => match experiments::worker::main(args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("worker: {:#}", e);
                ExitCode::FAILURE
            }
        },
    }
}
