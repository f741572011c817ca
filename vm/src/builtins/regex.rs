//! Regular expressions: `grepl`, `grep`, `sub`, `gsub`, `regexpr`,
//! `gregexpr`, `regexec` and `regmatches`, with GNU R's three pattern
//! syntaxes (TRE's extended syntax, PCRE with `perl = TRUE`, literal text
//! with `fixed = TRUE`); `strsplit` and `trimws` use the same engine.
//! The loops (where an empty match lets the search move on, what `gsub`
//! replaces after one) follow R's `grep.c`, so results agree where the
//! engines agree. Strings are UTF-8; positions are in characters.

mod engine;
mod pcre;
mod syntax;
mod tre;

pub(crate) use engine::{compile, CompileError, Found, Pattern, Syntax};

use super::output::{arg_flag, as_strings};
use super::BuiltinDef;
use crate::args::{Args, Bound};
use crate::error::{RError, RResult};
use crate::interp::Interp;
use crate::value::*;
use std::rc::Rc;

pub const BUILTINS: &[BuiltinDef] = &[
    BuiltinDef::new("grepl", builtin_grepl),
    BuiltinDef::new("grep", builtin_grep),
    BuiltinDef::new("sub", builtin_sub),
    BuiltinDef::new("gsub", builtin_gsub),
    BuiltinDef::new("regexpr", builtin_regexpr),
    BuiltinDef::new("gregexpr", builtin_gregexpr),
    BuiltinDef::new("regexec", builtin_regexec),
    BuiltinDef::new("regmatches", builtin_regmatches),
];

fn missing(name: &str) -> RError {
    RError::new(format!("argument \"{name}\" is missing, with no default"))
}

fn required(b: &mut Bound, i: usize, name: &str) -> RResult<Value> {
    b.take(i).ok_or_else(|| missing(name))
}

/// `as.character(x)` of a text argument (a factor gives its levels).
pub(crate) fn text_arg(v: &Value) -> Vec<RStr> {
    if v.class_vec().iter().any(|c| c == "factor") {
        if let (Some(levels), Some(vec)) = (v.attr("levels"), v.as_vector()) {
            let levels = as_strings(levels);
            if let VecData::Int(codes) = &vec.data {
                return codes
                    .iter()
                    .map(|&k| {
                        if k == NA_INTEGER || k < 1 {
                            None
                        } else {
                            levels.get(k as usize - 1).cloned().flatten()
                        }
                    })
                    .collect();
            }
        }
    }
    as_strings(v)
}

/// The options shared by the pattern builtins.
struct Opts {
    icase: bool,
    perl: bool,
    fixed: bool,
    use_bytes: bool,
}

impl Opts {
    /// Read `ignore.case`, `perl`, `fixed`, `useBytes` from slots `at`
    /// (`None`: the builtin has no such formal), with R's warnings.
    fn read(interp: &mut Interp, b: &mut Bound, at: [Option<usize>; 4]) -> RResult<Opts> {
        let mut get = |i: Option<usize>| i.is_some_and(|i| arg_flag(&b.take(i), false));
        let icase = get(at[0]);
        let mut perl = get(at[1]);
        let fixed = get(at[2]);
        let use_bytes = get(at[3]);
        if fixed && icase {
            interp.warning("argument 'ignore.case = TRUE' will be ignored")?;
        }
        if fixed && perl {
            interp.warning("argument 'perl = TRUE' will be ignored")?;
            perl = false;
        }
        Ok(Opts {
            icase: icase && !fixed,
            perl,
            fixed,
            use_bytes,
        })
    }

    fn syntax(&self) -> Syntax {
        if self.fixed {
            Syntax::Fixed
        } else if self.perl {
            Syntax::Perl
        } else {
            Syntax::Extended
        }
    }
}

/// `as.character(pattern)[1]` (`None`: NA), with R's error for an empty
/// one and its warning for a longer one.
fn first_string(interp: &mut Interp, v: &Value, what: &str) -> RResult<Option<String>> {
    let s = as_strings(v);
    if s.is_empty() || v.is_function() {
        return Err(RError::new(format!("invalid '{what}' argument")));
    }
    if s.len() > 1 {
        interp.warning(format!(
            "argument '{what}' has length > 1 and only the first element will be used"
        ))?;
    }
    Ok(s[0].as_deref().map(str::to_string))
}

/// Compile `pat`, or fail with R's warning and error.
pub(crate) fn compile_or_error(
    interp: &mut Interp,
    pat: &str,
    syntax: Syntax,
    icase: bool,
) -> RResult<Rc<Pattern>> {
    compile_in(interp, pat, syntax, icase, None)
}

/// `compile_or_error` with the warning and error naming `call` (default:
/// the builtin's own call).
pub(crate) fn compile_in(
    interp: &mut Interp,
    pat: &str,
    syntax: Syntax,
    icase: bool,
    call: Option<&str>,
) -> RResult<Rc<Pattern>> {
    let (warning, error) = match compile(pat, syntax, icase) {
        Ok(p) => return Ok(p),
        Err(CompileError::Tre(reason)) => (
            format!("TRE pattern compilation error '{reason}'"),
            format!("invalid regular expression '{pat}', reason '{reason}'"),
        ),
        Err(CompileError::Pcre(msg, rest)) => (
            format!("PCRE pattern compilation error\n\t'{msg}'\n\tat '{rest}'"),
            format!("invalid regular expression '{pat}'"),
        ),
        Err(CompileError::Unsupported(what)) => return Err(RError::unsupported(what)),
    };
    match call {
        None => {
            interp.warning(warning)?;
            Err(RError::new(error))
        }
        Some(c) => {
            interp.warning_with_call(Some(c.to_string()), warning)?;
            Err(RError::with_call(error, c))
        }
    }
}

/// Positions as R reports them: in characters (bytes with `useBytes`).
#[derive(Clone, Copy)]
struct Units {
    bytes: bool,
}

impl Units {
    fn of(self, s: &str, byte: usize) -> i32 {
        if self.bytes || s.is_ascii() {
            byte as i32
        } else {
            s[..byte].chars().count() as i32
        }
    }
    /// 1-based start and length of `a..b`.
    fn span(self, s: &str, a: usize, b: usize) -> (i32, i32) {
        let st = self.of(s, a);
        (st + 1, self.of(s, b) - st)
    }
}

/// Whether R works in bytes: `useBytes = TRUE`, or the pattern and every
/// string are ASCII (then `regexpr` and co. mark their results so).
fn all_ascii(pat: &str, texts: &[RStr]) -> bool {
    pat.is_ascii() && texts.iter().flatten().all(|s| s.is_ascii())
}

fn char_len(s: &str, at: usize) -> usize {
    s[at..].chars().next().map_or(1, char::len_utf8)
}

// ---------------------------------------------------------------- grep

fn builtin_grepl(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["pattern", "x", "ignore.case", "perl", "fixed", "useBytes"])?;
    let pat = required(&mut b, 0, "pattern")?;
    let x = required(&mut b, 1, "x")?;
    let o = Opts::read(interp, &mut b, [Some(2), Some(3), Some(4), Some(5)])?;
    let texts = text_arg(&x);
    let Some(pat) = first_string(interp, &pat, "pattern")? else {
        return Ok(lgl_vec(vec![NA_LOGICAL; texts.len()]));
    };
    let re = compile_or_error(interp, &pat, o.syntax(), o.icase)?;
    let hits = texts
        .iter()
        .map(|t| t.as_deref().is_some_and(|s| re.is_match(s)) as i32)
        .collect();
    Ok(lgl_vec(hits))
}

fn builtin_grep(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&[
        "pattern",
        "x",
        "ignore.case",
        "perl",
        "value",
        "fixed",
        "useBytes",
        "invert",
    ])?;
    let pat = required(&mut b, 0, "pattern")?;
    let x = required(&mut b, 1, "x")?;
    let value = arg_flag(&b.take(4), false);
    let invert = arg_flag(&b.take(7), false);
    let o = Opts::read(interp, &mut b, [Some(2), Some(3), Some(5), Some(6)])?;
    let texts = text_arg(&x);
    let names = x.attr("names").cloned();
    let Some(pat) = first_string(interp, &pat, "pattern")? else {
        if value {
            let mut v = str_vec(vec![None; texts.len()]);
            if let Some(n) = names {
                v.set_attr("names", n);
            }
            return Ok(v);
        }
        return Ok(int_vec(vec![NA_INTEGER; texts.len()]));
    };
    let re = compile_or_error(interp, &pat, o.syntax(), o.icase)?;
    let keep: Vec<usize> = texts
        .iter()
        .enumerate()
        .filter(|(_, t)| t.as_deref().is_some_and(|s| re.is_match(s)) != invert)
        .map(|(i, _)| i)
        .collect();
    if !value {
        return Ok(int_vec(keep.iter().map(|&i| i as i32 + 1).collect()));
    }
    let mut v = str_vec(keep.iter().map(|&i| texts[i].clone()).collect());
    if let Some(n) = names {
        let n = as_strings(&n);
        v.set_attr(
            "names",
            str_vec(keep.iter().map(|&i| n.get(i).cloned().flatten()).collect()),
        );
    }
    Ok(v)
}

// ----------------------------------------------------------------- sub

/// A piece of a replacement string.
enum Piece {
    Text(String),
    /// `\1`..`\9`.
    Group(usize),
    /// PCRE's `\U`, `\L`, `\E`: case of the groups that follow.
    Upper,
    Lower,
    Keep,
}

/// R's reading of a replacement (`string_adj`, `R_pcre_string_adj`):
/// `\1`..`\9` are groups, `\U`/`\L`/`\E` change case (perl only),
/// a backslash before anything else stands for that character and a
/// final one is dropped; with `fixed = TRUE` the text is literal.
fn replacement(rep: &str, syntax: Syntax) -> Vec<Piece> {
    if syntax == Syntax::Fixed {
        return vec![Piece::Text(rep.to_string())];
    }
    let mut out = Vec::new();
    let mut text = String::new();
    let mut it = rep.chars().peekable();
    while let Some(c) = it.next() {
        if c != '\\' {
            text.push(c);
            continue;
        }
        let Some(&d) = it.peek() else { break };
        it.next();
        let piece = match d {
            '1'..='9' => Piece::Group(d as usize - '0' as usize),
            'U' if syntax == Syntax::Perl => Piece::Upper,
            'L' if syntax == Syntax::Perl => Piece::Lower,
            'E' if syntax == Syntax::Perl => Piece::Keep,
            d => {
                text.push(d);
                continue;
            }
        };
        if !text.is_empty() {
            out.push(Piece::Text(std::mem::take(&mut text)));
        }
        out.push(piece);
    }
    if !text.is_empty() {
        out.push(Piece::Text(text));
    }
    out
}

/// One character's case changed as C's `towupper`/`towlower` do (a
/// character whose change is several characters is kept).
fn change_case(c: char, upper: bool) -> char {
    let mut m: Vec<char> = if upper {
        c.to_uppercase().collect()
    } else {
        c.to_lowercase().collect()
    };
    if m.len() == 1 {
        m.pop().unwrap()
    } else {
        c
    }
}

fn expand(out: &mut String, pieces: &[Piece], text: &str, f: &Found) {
    let mut case: Option<bool> = None;
    for p in pieces {
        match p {
            Piece::Text(t) => out.push_str(t),
            Piece::Group(k) => {
                if let Some(Some((a, b))) = f.groups.get(k - 1) {
                    let g = &text[*a..*b];
                    match case {
                        None => out.push_str(g),
                        Some(up) => out.extend(g.chars().map(|c| change_case(c, up))),
                    }
                }
            }
            Piece::Upper => case = Some(true),
            Piece::Lower => case = Some(false),
            Piece::Keep => case = None,
        }
    }
}

/// `sub`/`gsub` of one string (`None`: no match, the string is kept).
fn substitute(re: &Pattern, pieces: &[Piece], s: &str, global: bool) -> Option<String> {
    let caps = pieces.iter().any(|p| matches!(p, Piece::Group(_)));
    let mut out = String::with_capacity(s.len());
    let mut off = 0;
    let mut last_end: Option<usize> = None;
    let mut matched = false;
    while let Some(m) = re.next_match(s, off, caps) {
        matched = true;
        out.push_str(&s[off..m.start]);
        // An empty match right after the previous match replaces nothing.
        if last_end.is_none_or(|e| m.end > e) {
            expand(&mut out, pieces, s, &m);
            last_end = Some(m.end);
        }
        off = m.end;
        if off >= s.len() || !global {
            break;
        }
        if m.start == m.end {
            let n = char_len(s, off);
            out.push_str(&s[off..off + n]);
            off += n;
        }
    }
    if !matched {
        return None;
    }
    out.push_str(&s[off..]);
    Some(out)
}

/// `sub`/`gsub` of every string; `rep` None is NA (a matched string
/// becomes NA).
pub(crate) fn substitute_all(
    re: &Pattern,
    rep: Option<&str>,
    texts: &[RStr],
    global: bool,
) -> Vec<RStr> {
    let pieces = replacement(rep.unwrap_or(""), re.syntax);
    texts
        .iter()
        .map(|t| {
            let s = t.as_deref()?;
            match substitute(re, &pieces, s, global) {
                None => t.clone(),
                Some(_) if rep.is_none() => None,
                Some(r) => Some(r.into()),
            }
        })
        .collect()
}

fn sub_common(interp: &mut Interp, args: Args, global: bool) -> RResult<Value> {
    let mut b = args.bind(&[
        "pattern",
        "replacement",
        "x",
        "ignore.case",
        "perl",
        "fixed",
        "useBytes",
    ])?;
    let pat = required(&mut b, 0, "pattern")?;
    let rep = required(&mut b, 1, "replacement")?;
    let x = required(&mut b, 2, "x")?;
    let o = Opts::read(interp, &mut b, [Some(3), Some(4), Some(5), Some(6)])?;
    let texts = text_arg(&x);
    let pat = first_string(interp, &pat, "pattern")?;
    let rep = first_string(interp, &rep, "replacement")?;
    let out = match pat {
        None => vec![None; texts.len()],
        Some(pat) => {
            if o.fixed && pat.is_empty() {
                return Err(RError::new("zero-length pattern"));
            }
            let re = compile_or_error(interp, &pat, o.syntax(), o.icase)?;
            substitute_all(&re, rep.as_deref(), &texts, global)
        }
    };
    let mut v = str_vec(out);
    // R keeps all attributes of a character `x` (`as.character` dropped
    // those of anything else).
    if x.vtype() == Some(VType::Str) {
        if let Some(vec) = x.as_vector() {
            if let Some(attrs) = &vec.attrs {
                for (n, a) in attrs.iter() {
                    v.set_attr(n, a.clone());
                }
            }
        }
    }
    Ok(v)
}

fn builtin_sub(interp: &mut Interp, args: Args) -> RResult<Value> {
    sub_common(interp, args, false)
}

fn builtin_gsub(interp: &mut Interp, args: Args) -> RResult<Value> {
    sub_common(interp, args, true)
}

// ------------------------------------------------------------- regexpr

/// What `regexpr` and co. read before matching.
struct Setup {
    re: Rc<Pattern>,
    texts: Vec<RStr>,
    units: Units,
    /// `index.type` and `useBytes` attributes are set.
    marked: bool,
    /// `useBytes = TRUE` was given: `index.type` is "bytes".
    bytes: bool,
}

fn setup(interp: &mut Interp, args: Args) -> RResult<(Setup, Opts)> {
    let mut b = args.bind(&[
        "pattern",
        "text",
        "ignore.case",
        "perl",
        "fixed",
        "useBytes",
    ])?;
    let pat = required(&mut b, 0, "pattern")?;
    let text = required(&mut b, 1, "text")?;
    let o = Opts::read(interp, &mut b, [Some(2), Some(3), Some(4), Some(5)])?;
    let texts = text_arg(&text);
    let Some(pat) = first_string(interp, &pat, "pattern")? else {
        return Err(RError::new("invalid 'pattern' argument"));
    };
    let re = compile_or_error(interp, &pat, o.syntax(), o.icase)?;
    let marked = o.use_bytes || all_ascii(&pat, &texts);
    let s = Setup {
        re,
        texts,
        units: Units { bytes: o.use_bytes },
        marked,
        bytes: o.use_bytes,
    };
    Ok((s, o))
}

impl Setup {
    fn mark(&self, v: &mut Value) {
        if self.marked {
            v.set_attr("index.type", Value::str(self.index_type()));
            v.set_attr("useBytes", Value::Lgl(1));
        }
    }
    fn index_type(&self) -> &'static str {
        if self.bytes {
            "bytes"
        } else {
            "chars"
        }
    }
}

/// An integer matrix `rows x cols` (column-major `data`) with column names.
fn int_matrix(data: Vec<i32>, rows: usize, names: &[String]) -> Value {
    let mut v = int_vec(data);
    v.set_attr("dim", int_vec(vec![rows as i32, names.len() as i32]));
    let cn = str_vec(names.iter().map(|n| Some(n.as_str().into())).collect());
    v.set_attr("dimnames", list_vec(vec![Value::Null, cn]));
    v
}

/// PCRE's `capture.start`, `capture.length`, `capture.names` for matches
/// whose groups are `rows[i]` (None: NA row).
fn set_captures(v: &mut Value, names: &[String], rows: &[Option<Vec<(i32, i32)>>]) {
    let n = rows.len();
    let k = names.len();
    let mut st = vec![0; n * k];
    let mut ln = vec![0; n * k];
    for (i, r) in rows.iter().enumerate() {
        for j in 0..k {
            let (a, l) = match r {
                Some(r) => r[j],
                None => (NA_INTEGER, NA_INTEGER),
            };
            st[j * n + i] = a;
            ln[j * n + i] = l;
        }
    }
    v.set_attr("capture.start", int_matrix(st, n, names));
    v.set_attr("capture.length", int_matrix(ln, n, names));
    v.set_attr(
        "capture.names",
        str_vec(names.iter().map(|s| Some(s.as_str().into())).collect()),
    );
}

/// The groups of a match as (start, length); a group that took no part is
/// (0, 0), as R gives it.
fn group_spans(units: Units, s: &str, f: &Found) -> Vec<(i32, i32)> {
    f.groups
        .iter()
        .map(|g| match g {
            Some((a, b)) => units.span(s, *a, *b),
            None => (0, 0),
        })
        .collect()
}

fn builtin_regexpr(interp: &mut Interp, args: Args) -> RResult<Value> {
    let (s, o) = setup(interp, args)?;
    let caps = o.perl && s.re.groups > 0;
    let n = s.texts.len();
    let mut pos = Vec::with_capacity(n);
    let mut len = Vec::with_capacity(n);
    let mut rows = Vec::new();
    for t in &s.texts {
        let Some(t) = t.as_deref() else {
            pos.push(NA_INTEGER);
            len.push(NA_INTEGER);
            rows.push(None);
            continue;
        };
        match s.re.find(t, 0, false, caps) {
            Some(f) => {
                let (p, l) = s.units.span(t, f.start, f.end);
                pos.push(p);
                len.push(l);
                rows.push(Some(group_spans(s.units, t, &f)));
            }
            None => {
                pos.push(-1);
                len.push(-1);
                rows.push(Some(vec![(-1, -1); s.re.groups]));
            }
        }
    }
    let mut v = int_vec(pos);
    v.set_attr("match.length", int_vec(len));
    s.mark(&mut v);
    if caps {
        set_captures(&mut v, &s.re.names, &rows);
    }
    Ok(v)
}

/// Every match of R's `gregexpr` loop in `t`; and whether R's PCRE loop
/// stopped early, having moved one byte into a character after an empty
/// match (it warns then).
fn all_matches(re: &Pattern, t: &str, caps: bool) -> (Vec<Found>, bool) {
    let mut out = Vec::new();
    let mut off = 0;
    // (TRE's loop searches only while there is text left.)
    if re.syntax == Syntax::Extended && t.is_empty() {
        return (out, false);
    }
    while let Some(m) = re.next_match(t, off, caps) {
        let empty = m.start == m.end;
        off = if empty {
            m.start + char_len(t, m.start)
        } else {
            m.end
        };
        let mid_char = empty && re.syntax == Syntax::Perl && char_len(t, m.start) > 1;
        out.push(m);
        if off >= t.len() {
            break;
        }
        if mid_char {
            return (out, true);
        }
    }
    (out, false)
}

fn na_match() -> Value {
    let mut v = Value::Int(NA_INTEGER);
    v.set_attr("match.length", Value::Int(NA_INTEGER));
    v
}

fn builtin_gregexpr(interp: &mut Interp, args: Args) -> RResult<Value> {
    let (s, o) = setup(interp, args)?;
    let caps = o.perl && s.re.groups > 0;
    let mut items = Vec::with_capacity(s.texts.len());
    for (i, t) in s.texts.iter().enumerate() {
        let Some(t) = t.as_deref() else {
            items.push(na_match());
            continue;
        };
        let (found, bad_offset) = all_matches(&s.re, t, caps);
        if bad_offset {
            interp.warning(format!(
                "PCRE error\n\t'bad offset into UTF string'\n\tfor element {}",
                i + 1
            ))?;
        }
        let (pos, len, rows): (Vec<i32>, Vec<i32>, Vec<_>) = if found.is_empty() {
            (vec![-1], vec![-1], vec![Some(vec![(-1, -1); s.re.groups])])
        } else {
            let mut p = Vec::new();
            let mut l = Vec::new();
            let mut r = Vec::new();
            for f in &found {
                let (a, b) = s.units.span(t, f.start, f.end);
                p.push(a);
                l.push(b);
                r.push(Some(group_spans(s.units, t, f)));
            }
            (p, l, r)
        };
        let mut v = Value::from_vector(Vector::new(VecData::Int(pos)));
        v.set_attr(
            "match.length",
            Value::from_vector(Vector::new(VecData::Int(len))),
        );
        s.mark(&mut v);
        if caps {
            set_captures(&mut v, &s.re.names, &rows);
        }
        items.push(v);
    }
    Ok(list_vec(items))
}

fn builtin_regexec(interp: &mut Interp, args: Args) -> RResult<Value> {
    let (s, o) = setup(interp, args)?;
    let n = s.re.groups;
    let mut items = Vec::with_capacity(s.texts.len());
    // With perl = TRUE R builds the result from `regexpr`'s: names from
    // the groups' names, `useBytes` and `index.type` on every element.
    let names: Option<Value> = (o.perl && s.re.names.iter().any(|x| !x.is_empty())).then(|| {
        let mut nm = vec![Some("".into())];
        nm.extend(s.re.names.iter().map(|x| Some(x.as_str().into())));
        str_vec(nm)
    });
    for t in &s.texts {
        let mut v = match t.as_deref() {
            None => na_match(),
            Some(t) => match s.re.find(t, 0, false, true) {
                None => {
                    let mut v = Value::Int(-1);
                    v.set_attr("match.length", Value::Int(-1));
                    v
                }
                Some(f) => {
                    let (p0, l0) = s.units.span(t, f.start, f.end);
                    let mut pos = vec![p0];
                    let mut len = vec![l0];
                    for (p, l) in group_spans(s.units, t, &f).into_iter().take(n) {
                        pos.push(p);
                        len.push(l);
                    }
                    let mut v = Value::from_vector(Vector::new(VecData::Int(pos)));
                    v.set_attr(
                        "match.length",
                        Value::from_vector(Vector::new(VecData::Int(len))),
                    );
                    if let Some(nm) = &names {
                        v.set_attr("names", nm.clone());
                    }
                    v
                }
            },
        };
        if o.perl {
            if s.marked {
                v.set_attr("useBytes", Value::Lgl(1));
            }
            v.set_attr("index.type", Value::str(s.index_type()));
        } else if t.is_some() {
            s.mark(&mut v);
        }
        items.push(v);
    }
    Ok(list_vec(items))
}

// ---------------------------------------------------------- regmatches

/// Integer elements of a match vector (NA stays NA).
fn ints(v: &Value) -> Vec<i32> {
    match v.as_vector().map(|x| x.data.coerce(VType::Int)) {
        Some(VecData::Int(x)) => x,
        _ => Vec::new(),
    }
}

/// `substring(u, first, last)` with recycling, in characters (bytes when
/// `bytes`).
fn substrings(u: &RStr, first: &[i32], last: &[i32], bytes: bool) -> Vec<RStr> {
    let n = if first.is_empty() || last.is_empty() {
        0
    } else {
        first.len().max(last.len())
    };
    (0..n)
        .map(|i| {
            let (a, z) = (first[i % first.len()], last[i % last.len()]);
            let s = u.as_deref()?;
            if a == NA_INTEGER || z == NA_INTEGER {
                return None;
            }
            Some(if bytes {
                let a = (a.max(1) as usize - 1).min(s.len());
                let z = (z.max(0) as usize).min(s.len());
                String::from_utf8_lossy(&s.as_bytes()[a..z.max(a)])
                    .into_owned()
                    .into()
            } else {
                super::strings::substr_one(s, a, z).into()
            })
        })
        .collect()
}

/// Integer addition as R's (NA stays NA; overflow is NA).
fn add(a: i32, b: i32) -> i32 {
    if a == NA_INTEGER || b == NA_INTEGER {
        return NA_INTEGER;
    }
    a.checked_add(b)
        .filter(|&v| v != NA_INTEGER)
        .unwrap_or(NA_INTEGER)
}

fn nchar(u: &RStr, bytes: bool) -> i32 {
    match u.as_deref() {
        None => 2,
        Some(s) if bytes => s.len() as i32,
        Some(s) => s.chars().count() as i32,
    }
}

fn builtin_regmatches(_interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&["x", "m", "invert"])?;
    let x = required(&mut b, 0, "x")?;
    let m = required(&mut b, 1, "m")?;
    // invert: FALSE, TRUE or NA (both the matches and what is between).
    let invert = match b.take(2).and_then(|v| v.first_f64()) {
        None => Some(false),
        Some(f) if f.is_nan() => None,
        Some(f) => Some(f != 0.0),
    };
    let xs = text_arg(&x);
    if xs.len() != m.len() {
        return Err(RError::new(
            "\u{2018}x\u{2019} and \u{2018}m\u{2019} must have the same length",
        ));
    }
    let list = matches!(m.vtype(), Some(VType::List));
    let elems: Vec<Value> = match m.as_vector() {
        Some(v) => match &v.data {
            VecData::List(items) => items.clone(),
            _ => Vec::new(),
        },
        None => Vec::new(),
    };
    let index_bytes = |v: &Value| {
        v.attr("index.type")
            .is_some_and(|t| as_strings(t).iter().any(|s| s.as_deref() == Some("bytes")))
    };
    let bytes = if list {
        elems.iter().any(index_bytes)
    } else {
        index_bytes(&m)
    };
    let lens = |v: &Value| v.attr("match.length").map(ints).unwrap_or_default();
    let x_names = x.attr("names").cloned();
    if !list && invert == Some(false) {
        let so = ints(&m);
        let ml = lens(&m);
        let ind: Vec<usize> = (0..so.len())
            .filter(|&i| so[i] != NA_INTEGER && so[i] > -1)
            .collect();
        let out: Vec<RStr> = ind
            .iter()
            .flat_map(|&i| {
                substrings(
                    &xs[i],
                    &[so[i]],
                    &[add(so[i], ml.get(i).copied().unwrap_or(0) - 1)],
                    bytes,
                )
            })
            .collect();
        let mut v = str_vec(out);
        if let Some(n) = &x_names {
            let n = as_strings(n);
            v.set_attr(
                "names",
                str_vec(ind.iter().map(|&i| n.get(i).cloned().flatten()).collect()),
            );
        }
        return Ok(v);
    }
    let mut out = Vec::with_capacity(xs.len());
    for (i, u) in xs.iter().enumerate() {
        let (so, ml, names) = if list {
            let e = &elems[i];
            (ints(e), lens(e), e.attr("names").cloned())
        } else {
            let so = ints(&m).get(i).copied().unwrap_or(NA_INTEGER);
            let ml = lens(&m).get(i).copied().unwrap_or(NA_INTEGER);
            (vec![so], vec![ml], None)
        };
        let n = so.len();
        let single_na = n == 1 && so[0] == NA_INTEGER;
        let single_none = n == 1 && so[0] == -1;
        let eo: Vec<i32> = so
            .iter()
            .zip(&ml)
            .map(|(s, l)| add(*s, add(*l, -1)))
            .collect();
        let overlapping = n > 1 && (0..n - 1).any(|k| eo[k] >= so[k + 1]);
        let item = match invert {
            Some(false) => {
                if single_na || single_none {
                    str_vec(Vec::new())
                } else {
                    let mut v = str_vec(substrings(u, &so, &eo, bytes));
                    if let Some(nm) = names {
                        v.set_attr("names", nm);
                    }
                    v
                }
            }
            Some(true) | None if single_na => str_vec(vec![None]),
            Some(true) | None if single_none => str_vec(vec![u.clone()]),
            Some(true) | None if overlapping => {
                let which = if invert.is_some() { "TRUE" } else { "NA" };
                return Err(RError::new(format!(
                    "need non-overlapping matches for \u{2018}invert = {which}\u{2019}"
                )));
            }
            Some(true) => {
                let mut beg = vec![1];
                beg.extend(eo.iter().map(|e| add(*e, 1)));
                let mut end: Vec<i32> = so.iter().map(|s| add(*s, -1)).collect();
                end.push(nchar(u, bytes));
                str_vec(substrings(u, &beg, &end, bytes))
            }
            None => {
                let mut beg = vec![1];
                let mut end = Vec::new();
                for k in 0..n {
                    beg.push(so[k]);
                    beg.push(add(eo[k], 1));
                    end.push(add(so[k], -1));
                    end.push(eo[k]);
                }
                end.push(nchar(u, bytes));
                str_vec(substrings(u, &beg, &end, bytes))
            }
        };
        out.push(item);
    }
    let mut v = list_vec(out);
    if let Some(n) = x_names {
        v.set_attr("names", n);
    }
    Ok(v)
}

// ------------------------------------------------------------ strsplit

/// R's `strsplit` of `s` at the matches of `re`: each search starts a
/// fresh string (so `^` matches there); an empty match at its start splits
/// off one character; a non-empty remainder is the last piece. `wide`:
/// R 4.2 splits extended patterns in wide characters when some string is
/// not ASCII, and there the piece an empty match splits off is empty.
pub(crate) fn split(re: &Pattern, s: &str, wide: bool) -> Vec<RStr> {
    let mut out = Vec::new();
    let mut rest = s;
    while !rest.is_empty() {
        let Some(m) = re.find(rest, 0, false, false) else {
            break;
        };
        if m.end > 0 {
            out.push(Some(rest[..m.start].into()));
            rest = &rest[m.end..];
        } else {
            let n = char_len(rest, 0);
            out.push(Some(if wide { "".into() } else { rest[..n].into() }));
            rest = &rest[n..];
        }
    }
    if !rest.is_empty() {
        out.push(Some(rest.into()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtins::test_calls::printed;

    #[test]
    fn replacements_as_r_reads_them() {
        // Rscript: gsub("(a)(b)?", "[\\1\\2\\0]", "abac") is "[ab0][a0]c".
        assert_eq!(
            printed(
                "gsub",
                vec![
                    (None, Value::str("(a)(b)?")),
                    (None, Value::str("[\\1\\2\\0]")),
                    (None, Value::str("abac")),
                ]
            ),
            "[1] \"[ab0][a0]c\"\n"
        );
        // gsub("b*", "-", "abc") is "-a-c-".
        assert_eq!(
            printed(
                "gsub",
                vec![
                    (None, Value::str("b*")),
                    (None, Value::str("-")),
                    (None, Value::str("abc")),
                ]
            ),
            "[1] \"-a-c-\"\n"
        );
        // gsub("(\\w)(\\w*)", "\\U\\1\\L\\2", "hello WORLD", perl = TRUE).
        assert_eq!(
            printed(
                "gsub",
                vec![
                    (None, Value::str("(\\w)(\\w*)")),
                    (None, Value::str("\\U\\1\\L\\2")),
                    (None, Value::str("hello WORLD")),
                    (Some("perl"), Value::Lgl(1)),
                ]
            ),
            "[1] \"Hello World\"\n"
        );
    }

    #[test]
    fn split_as_r_does() {
        let re = compile("[0-9]*", Syntax::Extended, false).ok().unwrap();
        let got: Vec<String> = split(&re, "a1b22c", false)
            .into_iter()
            .map(|s| s.unwrap().to_string())
            .collect();
        // Rscript: strsplit("a1b22c", "[0-9]*") is "a" "" "b" "" "c".
        assert_eq!(got, ["a", "", "b", "", "c"]);
        let re = compile("^a", Syntax::Extended, false).ok().unwrap();
        assert_eq!(split(&re, "aaa", false).len(), 3);
    }

    #[test]
    fn regexpr_attributes() {
        assert_eq!(
            printed(
                "regexpr",
                vec![(None, Value::str("an")), (None, Value::strs(&["banana", "x"]))]
            ),
            "[1]  2 -1\nattr(,\"match.length\")\n[1]  2 -1\nattr(,\"index.type\")\n[1] \"chars\"\nattr(,\"useBytes\")\n[1] TRUE\n"
        );
    }
}
