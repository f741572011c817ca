//! Running a child process with a time limit and capturing its output.

use anyhow::{bail, Context, Result};
use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Run `cmd` to completion or until `timeout` (then it is killed); returns
/// stdout on success, an error with stderr's tail otherwise.
pub fn run_with_timeout(mut cmd: Command, timeout: Duration) -> Result<Vec<u8>> {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .with_context(|| format!("cannot start {:?}", cmd.get_program()))?;
    let mut out_pipe = child.stdout.take().context("child stdout")?;
    let mut err_pipe = child.stderr.take().context("child stderr")?;
    let out_reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = out_pipe.read_to_end(&mut v);
        v
    });
    let err_reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = err_pipe.read_to_end(&mut v);
        v
    });
    let deadline = Instant::now() + timeout;
    let status = loop {
        if let Some(st) = child.try_wait()? {
            break Some(st);
        }
        if Instant::now() >= deadline {
            // Only this child, which we started, by its own handle.
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let out = out_reader.join().unwrap_or_default();
    let err = err_reader.join().unwrap_or_default();
    match status {
        None => bail!("killed after {} s", timeout.as_secs()),
        Some(st) if !st.success() => {
            bail!("{}: {}", st, crate::worker::tail(&err))
        }
        Some(_) => Ok(out),
    }
}
