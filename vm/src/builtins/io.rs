//! Reading input and writing lines: connections (`file`, `stdin`, `stdout`,
//! `stderr`, `open`, `close`, `isOpen`), `readLines`, `writeLines`,
//! `readline` (non-interactive: the prompt and `""`) and `scan` of atomic
//! vectors; `tempfile`, `tempdir`, `file.exists`, `unlink`, `file.remove`.
//!
//! A connection is what R shows of one: an integer (its number: 0, 1, 2 for
//! stdin, stdout, stderr, then 3, 4, …) of class `c("file", "connection")`
//! (`"terminal"` for the standard ones). Their state lives in a per-thread
//! table here. Files are read whole when opened; the process's standard input
//! is read whole at its first use, and an unopened `file("stdin")` that is read
//! consumes all of it (as R's buffered read does for inputs of ordinary size).
//! `stdin()` reads the process's standard input too (in Rscript it is the
//! console, which for `Rscript file.R` is the script itself).

use super::output::{arg_str, as_strings};
use super::BuiltinDef;
use crate::args::Args;
use crate::error::{RError, RResult};
use crate::interp::Interp;
use crate::value::*;
use std::cell::RefCell;
use std::io::{Read, Write};
use std::rc::Rc;

pub const BUILTINS: &[BuiltinDef] = &[
    BuiltinDef::new("file", bi_file),
    BuiltinDef::new("stdin", bi_stdin),
    BuiltinDef::new("stdout", bi_stdout),
    BuiltinDef::new("stderr", bi_stderr),
    BuiltinDef::new("open", bi_open),
    BuiltinDef::new("close", bi_close),
    BuiltinDef::new("isOpen", bi_is_open),
    BuiltinDef::new("readLines", bi_read_lines),
    BuiltinDef::new("writeLines", bi_write_lines),
    BuiltinDef::new("readline", bi_readline),
    BuiltinDef::new("scan", bi_scan),
    BuiltinDef::new("tempdir", bi_tempdir),
    BuiltinDef::new("tempfile", bi_tempfile),
    BuiltinDef::new("file.exists", bi_file_exists),
    BuiltinDef::new("unlink", bi_unlink),
    BuiltinDef::new("file.remove", bi_file_remove),
];

#[derive(Clone, Copy, PartialEq, Debug)]
enum Kind {
    Stdin,
    Stdout,
    Stderr,
    /// `file("stdin")`: the process's standard input.
    FileStdin,
    File,
}

#[derive(Debug)]
struct Conn {
    kind: Kind,
    description: String,
    /// The mode it was opened with (`""` while not open).
    mode: String,
    open: bool,
    /// Lines of an open connection read for reading, and the next one.
    lines: Vec<String>,
    pos: usize,
    /// The last line had no newline (warned once, at its read).
    incomplete: bool,
    closed: bool,
}

#[derive(Default)]
struct State {
    conns: Vec<Conn>,
    /// The process's standard input, read at first use; the part not yet
    /// consumed.
    stdin: Option<String>,
}

thread_local! {
    static STATE: RefCell<State> = RefCell::new(State::default());
}

fn with_state<R>(f: impl FnOnce(&mut State) -> R) -> R {
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        if s.conns.is_empty() {
            for (kind, d) in [
                (Kind::Stdin, "stdin"),
                (Kind::Stdout, "stdout"),
                (Kind::Stderr, "stderr"),
            ] {
                s.conns.push(Conn {
                    kind,
                    description: d.into(),
                    mode: if kind == Kind::Stdin { "r" } else { "w" }.into(),
                    open: true,
                    lines: Vec::new(),
                    pos: 0,
                    incomplete: false,
                    closed: false,
                });
            }
        }
        f(&mut s)
    })
}

/// All of the process's standard input not consumed yet.
fn take_stdin(s: &mut State) -> String {
    let data = s.stdin.get_or_insert_with(|| {
        let mut buf = Vec::new();
        let _ = std::io::stdin().lock().read_to_end(&mut buf);
        String::from_utf8_lossy(&buf).into_owned()
    });
    std::mem::take(data)
}

/// Split text into lines (R's text mode: `\n`, `\r\n` and `\r` end lines);
/// the flag says the last line had no end.
fn split_lines(text: &str) -> (Vec<String>, bool) {
    let mut lines = Vec::new();
    let mut cur = String::new();
    let mut chars = text.chars().peekable();
    let mut incomplete = false;
    while let Some(c) = chars.next() {
        match c {
            '\n' => lines.push(std::mem::take(&mut cur)),
            '\r' => {
                if chars.peek() == Some(&'\n') {
                    chars.next();
                }
                lines.push(std::mem::take(&mut cur));
            }
            _ => cur.push(c),
        }
    }
    if !cur.is_empty() {
        lines.push(cur);
        incomplete = true;
    }
    (lines, incomplete)
}

fn conn_value(id: usize, kind: Kind) -> Value {
    let mut v = Vector::new(VecData::Int(vec![id as i32]));
    let class = match kind {
        Kind::Stdin | Kind::Stdout | Kind::Stderr => "terminal",
        Kind::File | Kind::FileStdin => "file",
    };
    v.set_attr("class", Value::strs(&[class, "connection"]));
    Value::Vec(Rc::new(v))
}

/// The connection number of a connection value.
fn conn_id(v: &Value) -> Option<usize> {
    let cls = v.attr("class")?;
    if !as_strings(cls)
        .iter()
        .any(|c| c.as_deref() == Some("connection"))
    {
        return None;
    }
    let n = v.first_f64()?;
    let ok = with_state(|s| (n as usize) < s.conns.len() && !s.conns[n as usize].closed);
    ok.then_some(n as usize)
}

fn invalid_connection() -> RError {
    RError::new("invalid connection")
}

fn cannot_open(interp: &mut Interp, path: &str, call: &str) -> RError {
    let _ = interp.warning_with_call(
        Some(call.to_string()),
        format!("cannot open file '{}': No such file or directory", path),
    );
    RError::with_call("cannot open the connection", call.to_string())
}

/// Open connection `id` in `mode` (reading loads the file's lines).
fn open_conn(interp: &mut Interp, id: usize, mode: &str, call: &str) -> RResult<()> {
    let (kind, desc) = with_state(|s| (s.conns[id].kind, s.conns[id].description.clone()));
    let reading = !mode.starts_with('w') && !mode.starts_with('a');
    let mut lines = Vec::new();
    let mut incomplete = false;
    match kind {
        Kind::FileStdin => {
            if reading {
                let text = with_state(take_stdin);
                (lines, incomplete) = split_lines(&text);
            }
        }
        Kind::File => {
            if reading {
                let bytes = std::fs::read(&desc).map_err(|_| cannot_open(interp, &desc, call))?;
                (lines, incomplete) = split_lines(&String::from_utf8_lossy(&bytes));
            } else {
                let f = if mode.starts_with('a') {
                    std::fs::OpenOptions::new()
                        .append(true)
                        .create(true)
                        .open(&desc)
                } else {
                    std::fs::File::create(&desc)
                };
                f.map_err(|_| cannot_open(interp, &desc, call))?;
            }
        }
        _ => return Ok(()),
    }
    with_state(|s| {
        let c = &mut s.conns[id];
        c.mode = if mode.is_empty() {
            "r".into()
        } else {
            mode.into()
        };
        c.open = true;
        c.lines = lines;
        c.pos = 0;
        c.incomplete = incomplete;
    });
    Ok(())
}

fn close_conn(id: usize) {
    with_state(|s| {
        let c = &mut s.conns[id];
        c.open = false;
        c.mode.clear();
        c.lines.clear();
        c.pos = 0;
    });
}

fn new_conn(description: &str) -> (usize, Kind) {
    let kind = if description == "stdin" {
        Kind::FileStdin
    } else {
        Kind::File
    };
    let id = with_state(|s| {
        s.conns.push(Conn {
            kind,
            description: description.into(),
            mode: String::new(),
            open: false,
            lines: Vec::new(),
            pos: 0,
            incomplete: false,
            closed: false,
        });
        s.conns.len() - 1
    });
    (id, kind)
}

fn mode_arg(v: Option<Value>) -> RResult<String> {
    match v {
        None => Ok(String::new()),
        Some(v) => arg_str(&Some(v)).ok_or_else(|| RError::new("invalid 'open' argument")),
    }
}

fn bi_file(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["description", "open", "blocking", "encoding"])?;
    let desc = match b.take(0) {
        None => String::new(),
        Some(v) => {
            arg_str(&Some(v)).ok_or_else(|| RError::new("invalid 'description' argument"))?
        }
    };
    if desc.is_empty() {
        return Err(RError::unsupported("file(\"\") (anonymous file)"));
    }
    let mode = mode_arg(b.take(1))?;
    let (id, kind) = new_conn(&desc);
    if !mode.is_empty() {
        open_conn(
            interp,
            id,
            &mode,
            &format!("file(\"{}\", \"{}\")", desc, mode),
        )?;
    }
    Ok(conn_value(id, kind))
}

fn std_conn(id: usize) -> Value {
    let kind = with_state(|s| s.conns[id].kind);
    conn_value(id, kind)
}

fn bi_stdin(_: &mut Interp, args: Args) -> RResult<Value> {
    args.bind(&[])?;
    Ok(std_conn(0))
}
fn bi_stdout(_: &mut Interp, args: Args) -> RResult<Value> {
    args.bind(&[])?;
    Ok(std_conn(1))
}
fn bi_stderr(_: &mut Interp, args: Args) -> RResult<Value> {
    args.bind(&[])?;
    Ok(std_conn(2))
}

fn con_arg(v: Option<Value>) -> RResult<usize> {
    v.as_ref().and_then(conn_id).ok_or_else(invalid_connection)
}

fn bi_open(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["con", "open"])?;
    let id = con_arg(b.take(0))?;
    let mode = mode_arg(b.take(1))?;
    if id > 2 {
        let open = with_state(|s| s.conns[id].open);
        if !open {
            open_conn(
                interp,
                id,
                if mode.is_empty() { "r" } else { &mode },
                "open(con)",
            )?;
        }
    }
    interp.visible = false;
    Ok(Value::Null)
}

fn bi_close(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["con", "..."])?;
    let id = con_arg(b.take(0))?;
    if id <= 2 {
        return Err(RError::new("cannot close standard connections"));
    }
    close_conn(id);
    with_state(|s| s.conns[id].closed = true);
    interp.visible = false;
    Ok(Value::Null)
}

fn bi_is_open(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["con", "rw"])?;
    let id = con_arg(b.take(0))?;
    Ok(Value::lgl(with_state(|s| s.conns[id].open)))
}

/// The connection an argument names: a connection, or a file path (`"stdin"`
/// is the standard input) as a new, unopened connection.
fn source_conn(v: Option<Value>, default: usize) -> RResult<usize> {
    match v {
        None => Ok(default),
        Some(v) => {
            if let Some(id) = conn_id(&v) {
                return Ok(id);
            }
            match arg_str(&Some(v)) {
                Some(path) => Ok(new_conn(&path).0),
                None => Err(RError::new("'con' is not a connection")),
            }
        }
    }
}

/// Read up to `n` lines (all for `n < 0`) from connection `id`, opening and
/// closing it around the read when it is not open.
fn read_lines(
    interp: &mut Interp,
    id: usize,
    n: i64,
    warn: bool,
    call: &str,
) -> RResult<Vec<String>> {
    let (kind, was_open) = with_state(|s| (s.conns[id].kind, s.conns[id].open));
    if matches!(kind, Kind::Stdout | Kind::Stderr) {
        return Err(RError::new("cannot read from this connection"));
    }
    if kind == Kind::Stdin {
        // The standard input as lines, consumed as they are read.
        let text = with_state(take_stdin);
        let (mut lines, _) = split_lines(&text);
        let take = if n < 0 {
            lines.len()
        } else {
            (n as usize).min(lines.len())
        };
        let rest: Vec<String> = lines.split_off(take);
        if !rest.is_empty() {
            let mut back = rest.join("\n");
            back.push('\n');
            with_state(|s| s.stdin = Some(back));
        }
        return Ok(lines);
    }
    if !was_open {
        open_conn(interp, id, "rt", call)?;
    }
    let (out, incomplete_at_end, desc) = with_state(|s| {
        let c = &mut s.conns[id];
        let avail = c.lines.len() - c.pos;
        let take = if n < 0 {
            avail
        } else {
            (n as usize).min(avail)
        };
        let out = c.lines[c.pos..c.pos + take].to_vec();
        c.pos += take;
        let hit_end = take > 0 && c.pos == c.lines.len() && c.incomplete;
        if hit_end {
            c.incomplete = false;
        }
        (out, hit_end, c.description.clone())
    });
    if !was_open {
        close_conn(id);
    }
    if incomplete_at_end && warn {
        interp.warning(format!("incomplete final line found on '{}'", desc))?;
    }
    Ok(out)
}

fn count_arg(v: Option<Value>, what: &str) -> RResult<i64> {
    match v {
        None => Ok(-1),
        Some(v) => match v.first_f64() {
            Some(x) if !x.is_nan() => Ok(x as i64),
            _ => Err(RError::new(format!("invalid '{}' argument", what))),
        },
    }
}

fn flag_arg(v: Option<Value>, default: bool) -> bool {
    match v.and_then(|v| v.first_f64()) {
        Some(x) if !x.is_nan() => x != 0.0,
        _ => default,
    }
}

fn bi_read_lines(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["con", "n", "ok", "warn", "encoding", "skipNul"])?;
    let id = source_conn(b.take(0), 0)?;
    let n = count_arg(b.take(1), "n")?;
    let warn = flag_arg(b.take(3), true);
    let lines = read_lines(interp, id, n, warn, "file(con, \"r\")")?;
    let v: Vec<RStr> = lines
        .into_iter()
        .map(|l| Some(Rc::from(l.as_str())))
        .collect();
    Ok(str_vec(v))
}

fn write_to(interp: &mut Interp, id: usize, text: &str) -> RResult<()> {
    let (kind, open, desc, mode) = with_state(|s| {
        let c = &s.conns[id];
        (c.kind, c.open, c.description.clone(), c.mode.clone())
    });
    match kind {
        Kind::Stdout => interp.out.push_str(text),
        Kind::Stderr => interp.err.push_str(text),
        Kind::Stdin | Kind::FileStdin => {
            return Err(RError::new("cannot write to this connection"))
        }
        Kind::File => {
            let append = open && (mode.starts_with('w') || mode.starts_with('a'));
            if open && !append {
                return Err(RError::new("cannot write to this connection"));
            }
            let f = if append {
                std::fs::OpenOptions::new()
                    .append(true)
                    .create(true)
                    .open(&desc)
            } else {
                std::fs::File::create(&desc)
            };
            let mut f = f.map_err(|_| cannot_open(interp, &desc, "file(con, \"w\")"))?;
            f.write_all(text.as_bytes())
                .map_err(|e| RError::new(format!("cannot write to '{}': {}", desc, e)))?;
        }
    }
    Ok(())
}

fn bi_write_lines(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["text", "con", "sep", "useBytes"])?;
    let text = b.take(0);
    let id = source_conn(b.take(1), 1)?;
    let sep = match b.take(2) {
        None => "\n".to_string(),
        Some(v) => arg_str(&Some(v)).ok_or_else(|| RError::new("invalid 'sep' argument"))?,
    };
    let lines = match &text {
        None => Vec::new(),
        Some(v) if v.vtype() == Some(VType::Str) => as_strings(v),
        Some(_) => return Err(RError::new("can only write character objects")),
    };
    let mut s = String::new();
    for l in &lines {
        s.push_str(l.as_deref().unwrap_or("NA"));
        s.push_str(&sep);
    }
    write_to(interp, id, &s)?;
    interp.visible = false;
    Ok(Value::Null)
}

/// `readline(prompt)`: not interactive, so the prompt, a newline, and `""`.
fn bi_readline(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["prompt"])?;
    let prompt = arg_str(&b.take(0)).unwrap_or_default();
    interp.out.push_str(&prompt);
    interp.out.push('\n');
    Ok(Value::str(""))
}

/// Tokens of scan's input: whitespace-separated (quotes group) or split at `sep`.
fn scan_tokens(lines: &[String], sep: Option<char>) -> Vec<String> {
    let mut toks = Vec::new();
    for line in lines {
        let mut at = 0;
        while let Some((t, end)) = next_token(line, at, sep) {
            toks.push(t);
            at = end;
        }
    }
    toks
}

/// The next item of `line` from byte offset `from` (`scan`'s tokens:
/// fields between `sep`, or whitespace-separated words, quoted ones with
/// their quotes removed), with the offset just after it and its
/// delimiter. `None` at the end of the line (a line that is empty with a
/// separator has no field).
fn next_token(line: &str, from: usize, sep: Option<char>) -> Option<(String, usize)> {
    let rest = line.get(from..)?;
    match sep {
        Some(c) => {
            if line.is_empty() {
                return None;
            }
            match rest.find(c) {
                Some(k) => Some((rest[..k].trim().to_string(), from + k + c.len_utf8())),
                None => Some((rest.trim().to_string(), line.len() + 1)),
            }
        }
        None => {
            let start = from + rest.len() - rest.trim_start().len();
            let mut chars = line[start..].char_indices().peekable();
            let &(_, c) = chars.peek()?;
            let mut t = String::new();
            let mut end = line.len();
            if c == '"' || c == '\'' {
                chars.next();
                for (k, d) in chars.by_ref() {
                    if d == c {
                        end = start + k + 1;
                        break;
                    }
                    t.push(d);
                }
            } else {
                for (k, d) in chars {
                    if d.is_whitespace() {
                        end = start + k;
                        break;
                    }
                    t.push(d);
                }
            }
            // (The whitespace delimiting the item is consumed with it.)
            let end = match line[end..].chars().next() {
                Some(d) if d.is_whitespace() => end + d.len_utf8(),
                _ => end,
            };
            Some((t, end))
        }
    }
}

/// `scan(con, nmax = k)` on an open connection reads only the items it
/// returns: up to `limit` items from the buffered lines, the rest of a
/// partly read line staying for the next read (GNU R reads the knucleotide
/// benchmark's input one word at a time this way).
fn scan_open_conn(id: usize, skip: usize, limit: usize, sep: Option<char>) -> Vec<String> {
    with_state(|s| {
        let c = &mut s.conns[id];
        c.pos = (c.pos + skip).min(c.lines.len());
        let mut toks = Vec::new();
        while toks.len() < limit && c.pos < c.lines.len() {
            let line = &c.lines[c.pos];
            let mut at = 0;
            while toks.len() < limit {
                match next_token(line, at, sep) {
                    Some((t, end)) => {
                        toks.push(t);
                        at = end;
                    }
                    None => {
                        at = usize::MAX;
                        break;
                    }
                }
            }
            if at >= line.len() {
                c.pos += 1;
            } else {
                c.lines[c.pos] = line[at..].to_string();
            }
        }
        toks
    })
}

fn bi_scan(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&[
        "file",
        "what",
        "nmax",
        "n",
        "sep",
        "quote",
        "dec",
        "skip",
        "nlines",
        "na.strings",
        "flush",
        "fill",
        "strip.white",
        "quiet",
    ])?;
    let id = match b.take(0) {
        Some(v) if arg_str(&Some(v.clone())).as_deref() == Some("") => 0,
        other => source_conn(other, 0)?,
    };
    let what = b.take(1).unwrap_or(Value::Dbl(0.0));
    let ty = match what.vtype() {
        Some(t @ (VType::Lgl | VType::Int | VType::Dbl | VType::Cplx | VType::Str)) => t,
        _ => return Err(RError::unsupported("scan(what = ) of a list")),
    };
    let nmax = count_arg(b.take(2), "nmax")?;
    let n = count_arg(b.take(3), "n")?;
    let sep = match arg_str(&b.take(4)) {
        Some(s) if !s.is_empty() => s.chars().next(),
        _ => None,
    };
    let skip = count_arg(b.take(7), "skip")?.max(0) as usize;
    let quiet = flag_arg(b.take(13), false);
    let limit = if n >= 0 { n } else { nmax };
    let open_file = with_state(|s| s.conns[id].open && s.conns[id].kind == Kind::File);
    let toks = if open_file && limit >= 0 {
        scan_open_conn(id, skip, limit as usize, sep)
    } else {
        let lines = read_lines(interp, id, -1, true, "file(file, \"r\")")?;
        let lines = if skip < lines.len() {
            &lines[skip..]
        } else {
            &[][..]
        };
        let mut toks = scan_tokens(lines, sep);
        if limit >= 0 && (limit as usize) < toks.len() {
            toks.truncate(limit as usize);
        }
        toks
    };
    let expected = |t: &str| -> RError {
        let what = match ty {
            VType::Lgl => "a logical",
            VType::Int => "an integer",
            VType::Dbl => "a real",
            _ => "a complex",
        };
        RError::new(format!("scan() expected '{}', got '{}'", what, t))
    };
    let data = match ty {
        VType::Str => VecData::Str(
            toks.iter()
                .map(|t| {
                    if t == "NA" {
                        None
                    } else {
                        Some(Rc::from(t.as_str()))
                    }
                })
                .collect(),
        ),
        _ => {
            let strs: Vec<RStr> = toks
                .iter()
                .map(|t| {
                    if t == "NA" {
                        None
                    } else {
                        Some(Rc::from(t.as_str()))
                    }
                })
                .collect();
            let sv = VecData::Str(strs.clone());
            let conv = sv.coerce(ty);
            // A token that does not convert is scan's error.
            for (i, s) in strs.iter().enumerate() {
                if s.is_some() && conv.is_na(i) {
                    let ok = matches!(&conv, VecData::Dbl(d) if d[i].is_nan() && !is_na_real(d[i]));
                    if !ok {
                        return Err(expected(&toks[i]));
                    }
                }
            }
            if let (VType::Int, VecData::Int(_)) = (ty, &conv) {
                for t in toks.iter().filter(|t| *t != "NA") {
                    if t.parse::<i64>().is_err() {
                        return Err(expected(t));
                    }
                }
            }
            conv
        }
    };
    if !quiet {
        let k = data.len();
        interp.err.push_str(&format!(
            "Read {} item{}\n",
            k,
            if k == 1 { "" } else { "s" }
        ));
    }
    Ok(Value::from_vector(Vector::new(data)))
}

thread_local! {
    static TEMP_COUNT: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// `tempdir()`: the system's temporary directory (R makes a per-session
/// directory inside it; dlvm uses it directly).
fn temp_dir() -> String {
    std::env::temp_dir().to_string_lossy().into_owned()
}

fn bi_tempdir(_: &mut Interp, args: Args) -> RResult<Value> {
    args.bind(&["check"])?;
    Ok(Value::str(&temp_dir()))
}

/// `tempfile(pattern, tmpdir, fileext)`: names unique to the process.
fn bi_tempfile(_: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["pattern", "tmpdir", "fileext"])?;
    let pattern = arg_str(&b.take(0)).unwrap_or_else(|| "file".into());
    let dir = arg_str(&b.take(1)).unwrap_or_else(temp_dir);
    let ext = arg_str(&b.take(2)).unwrap_or_default();
    let k = TEMP_COUNT.with(|c| {
        c.set(c.get() + 1);
        c.get()
    });
    Ok(Value::str(&format!(
        "{}/{}dlvm{:x}x{:x}{}",
        dir,
        pattern,
        std::process::id(),
        k,
        ext
    )))
}

fn paths(v: Option<Value>) -> Vec<String> {
    v.map(|v| {
        as_strings(&v)
            .into_iter()
            .map(|s| s.as_deref().unwrap_or("NA").to_string())
            .collect()
    })
    .unwrap_or_default()
}

fn bi_file_exists(_: &mut Interp, args: Args) -> RResult<Value> {
    let b = args.bind(&["..."])?;
    let mut out = Vec::new();
    for (_, v) in b.dots {
        for p in paths(Some(v)) {
            out.push(std::path::Path::new(&p).exists() as i32);
        }
    }
    Ok(lgl_vec(out))
}

/// `unlink(x)` and `file.remove(...)`: delete files (not directories).
fn bi_unlink(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "recursive", "force", "expand"])?;
    for p in paths(b.take(0)) {
        let _ = std::fs::remove_file(&p);
    }
    interp.visible = false;
    Ok(Value::Int(0))
}

fn bi_file_remove(_: &mut Interp, args: Args) -> RResult<Value> {
    let b = args.bind(&["..."])?;
    let mut out = Vec::new();
    for (_, v) in b.dots {
        for p in paths(Some(v)) {
            out.push(std::fs::remove_file(&p).is_ok() as i32);
        }
    }
    Ok(lgl_vec(out))
}
