//! Text IR: `print_func` and `parse_func`, which round-trip.
//!
//! ```text
//! function sum {
//! bb0(v0: any, v1: int):
//!   v2: int = const.int 0
//!   v3: bool = test is.vec<dbl> v0
//!   v4: cp = checkpoint pc=3 stack=[v0] locals=[v0, _, v1] loops=[(v1, v2)]
//!   assume v3, v4, typecheck
//!   v5: vec<dbl> = unbox v0
//!   v7: dbl = vecload v5, v2
//!   v9: any = runtime @12(v0, v1)
//!   jump bb1(v2, v7)
//! bb1(v10: int, v11: dbl):
//!   v12: dbl = add.d v11, v11
//!   branch v3, bb1(v10, v12), bb2()
//! bb2():
//!   ret v12
//! }
//! ```
//!
//! A loop of a checkpoint is `(next, remaining)`, or `(next, remaining, step -1)`
//! for a loop counting down.
//!
//! Constants: `const.int -3`, `const.dbl 1.5` (Rust `{:?}` syntax, `inf`, `NaN`;
//! a NaN other than the canonical one, e.g. R's NA, prints as `nan:0x<bits>`),
//! `const.lgl 1` / `const.lgl NA`, `const.bool true`, `const.any #k`.
//!
//! The printer numbers values in order of definition (blocks in order, params
//! before instructions) and blocks by position, so its output is canonical. The
//! parser accepts arbitrary names `vN` / `bbN`, allows uses before definitions
//! (in text order), and allocates values in text order. Blank lines and `;`
//! comments are ignored.

use crate::ir::*;
use std::collections::HashMap;
use std::fmt::Write;

/// Print `f` in canonical text form.
pub fn print_func(f: &Func) -> String {
    let names = canonical_names(f);
    print_with(f, &names)
}

/// The printed number of every value defined in some block: order of
/// definition, blocks in order, params before instructions.
pub fn canonical_names(f: &Func) -> HashMap<Val, usize> {
    let mut names: HashMap<Val, usize> = HashMap::new();
    for b in &f.blocks {
        for &p in &b.params {
            let n = names.len();
            names.entry(p).or_insert(n);
        }
        for &i in &b.insts {
            if let Some(r) = f.insts.get(i.0 as usize).and_then(|d| d.result) {
                let n = names.len();
                names.entry(r).or_insert(n);
            }
        }
    }
    names
}

fn print_with(f: &Func, names: &HashMap<Val, usize>) -> String {
    let v = |x: &Val| match names.get(x) {
        Some(n) => format!("v{n}"),
        None => format!("undef{}", x.0),
    };
    let ty = |x: &Val| f.vals.get(x.0 as usize).map(|d| d.ty.name()).unwrap_or("?");
    let list = |xs: &[Val]| xs.iter().map(v).collect::<Vec<_>>().join(", ");
    let mut out = String::new();
    let _ = writeln!(out, "function {} {{", f.name);
    for (bi, b) in f.blocks.iter().enumerate() {
        let params: Vec<String> = b
            .params
            .iter()
            .map(|p| format!("{}: {}", v(p), ty(p)))
            .collect();
        let _ = writeln!(out, "bb{bi}({}):", params.join(", "));
        for &i in &b.insts {
            let Some(d) = f.insts.get(i.0 as usize) else {
                let _ = writeln!(out, "  <missing inst {}>", i.0);
                continue;
            };
            out.push_str("  ");
            if let Some(r) = d.result {
                let _ = write!(out, "{}: {} = ", v(&r), ty(&r));
            }
            let text = match &d.kind {
                InstKind::ConstInt(k) => format!("const.int {k}"),
                InstKind::ConstDbl(x) => format!("const.dbl {}", fmt_dbl(*x)),
                InstKind::ConstLgl(k) => format!("const.lgl {}", fmt_lgl(*k)),
                InstKind::ConstBool(b) => format!("const.bool {b}"),
                InstKind::ConstAny(k) => format!("const.any #{k}"),
                InstKind::ConstBuiltin(b) => {
                    // By name, or by id when the name is not one word (`[`).
                    let name = vm::builtin_names::name_of(*b);
                    if name.chars().all(is_word_char)
                        && !name.starts_with(|c: char| c.is_ascii_digit())
                    {
                        format!("const.builtin {name}")
                    } else {
                        format!("const.builtin {b}")
                    }
                }
                InstKind::Unary(op, a) => format!("{} {}", op.name(), v(a)),
                InstKind::Binary(op, a, b) => format!("{} {}, {}", op.name(), v(a), v(b)),
                InstKind::Test(t, a) => format!("test {} {}", t.name(), v(a)),
                InstKind::VecLoad(a, b) => format!("vecload {}, {}", v(a), v(b)),
                InstKind::InBounds(a, b) => format!("inbounds {}, {}", v(a), v(b)),
                InstKind::VecSet(x, i, e) => format!("vecset {}, {}, {}", v(x), v(i), v(e)),
                InstKind::FieldTest { x, sym, ci, ty } | InstKind::FieldLoad { x, sym, ci, ty } => {
                    let what = match &d.kind {
                        InstKind::FieldTest { .. } => "test",
                        _ => "load",
                    };
                    format!(
                        "field.{what}.{} {}, sym{sym}, #{ci}{}",
                        ty.name(),
                        v(x),
                        sym_name(*sym)
                    )
                }
                InstKind::Runtime(op, args) => {
                    format!("{} @{}({})", op.mnemonic(), op.pc(), list(args))
                }
                InstKind::SetVisible(b) => format!("set_visible {b}"),
                InstKind::CallState(cp) => format!("call_state {}", v(cp)),
                InstKind::FrameSynced => "frame_synced".to_string(),
                InstKind::GlobalEpochIs(e) => format!("global_epoch_is {e}"),
                InstKind::LoadGlobal(sym) => format!("load_global sym{sym}{}", sym_name(*sym)),
                InstKind::GlobalCallee(sym) => {
                    format!("global_callee sym{sym}{}", sym_name(*sym))
                }
                InstKind::StoreGlobal(sym, a) => {
                    format!("store_global sym{sym}, {}{}", v(a), sym_name(*sym))
                }
                InstKind::LoadFrame(slot) => format!("load_frame {slot}"),
                InstKind::StoreFrame(slot, a) => format!("store_frame {slot}, {}", v(a)),
                InstKind::CalleeIs { sym, callee } => match f.callees.get(*callee as usize) {
                    Some(c) => format!("callee_is sym{sym}, #{callee} ; {}", c.name),
                    None => format!("callee_is sym{sym}, #{callee}"),
                },
                InstKind::Checkpoint(fs) => {
                    let locals: Vec<String> = fs
                        .locals
                        .iter()
                        .map(|l| l.as_ref().map(v).unwrap_or_else(|| "_".to_string()))
                        .collect();
                    let loops: Vec<String> = fs
                        .loops
                        .iter()
                        .map(|&(a, b, step)| match step {
                            1 => format!("({}, {})", v(&a), v(&b)),
                            s => format!("({}, {}, step {})", v(&a), v(&b), s),
                        })
                        .collect();
                    format!(
                        "checkpoint pc={} stack=[{}] locals=[{}] loops=[{}]",
                        fs.pc,
                        list(&fs.stack),
                        locals.join(", "),
                        loops.join(", ")
                    )
                }
                InstKind::Assume {
                    cond,
                    checkpoint,
                    reason,
                } => format!("assume {}, {}, {}", v(cond), v(checkpoint), reason.name()),
                InstKind::Jump(t, args) => format!("jump {t}({})", list(args)),
                InstKind::Branch(c, t, ta, e, ea) => {
                    format!("branch {}, {t}({}), {e}({})", v(c), list(ta), list(ea))
                }
                InstKind::Return(a) => format!("ret {}", v(a)),
            };
            out.push_str(&text);
            out.push('\n');
        }
    }
    out.push_str("}\n");
    out
}

fn fmt_dbl(x: f64) -> String {
    if x.is_nan() && x.to_bits() != f64::NAN.to_bits() {
        format!("nan:0x{:016x}", x.to_bits())
    } else {
        format!("{x:?}")
    }
}

fn fmt_lgl(k: i32) -> String {
    if k == i32::MIN {
        "NA".to_string()
    } else {
        k.to_string()
    }
}

// ---------------------------------------------------------------- parser

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Word(String),
    Punct(char),
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '.' | '<' | '>' | '_' | '-' | '+')
}

fn lex(line: &str) -> Result<Vec<Tok>, String> {
    let mut toks = vec![];
    let mut chars = line.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c == ';' {
            break;
        } else if c.is_whitespace() {
            chars.next();
        } else if is_word_char(c) {
            let mut w = String::new();
            while let Some(&c) = chars.peek() {
                // `nan:0x...` is one word: a colon directly after `nan`.
                if is_word_char(c) || (c == ':' && w == "nan") {
                    w.push(c);
                    chars.next();
                } else {
                    break;
                }
            }
            toks.push(Tok::Word(w));
        } else if "()[],:=@#{}".contains(c) {
            toks.push(Tok::Punct(c));
            chars.next();
        } else {
            return Err(format!("unexpected character '{c}'"));
        }
    }
    Ok(toks)
}

/// A cursor over one line's tokens.
struct Cur<'a> {
    toks: &'a [Tok],
    pos: usize,
}

impl<'a> Cur<'a> {
    fn peek(&self) -> Option<&'a Tok> {
        self.toks.get(self.pos)
    }
    fn word(&mut self) -> Result<&'a str, String> {
        match self.toks.get(self.pos) {
            Some(Tok::Word(w)) => {
                self.pos += 1;
                Ok(w)
            }
            Some(Tok::Punct(c)) => Err(format!("expected a word, found '{c}'")),
            None => Err("expected a word, found end of line".to_string()),
        }
    }
    fn punct(&mut self, c: char) -> Result<(), String> {
        match self.toks.get(self.pos) {
            Some(Tok::Punct(d)) if *d == c => {
                self.pos += 1;
                Ok(())
            }
            Some(Tok::Punct(d)) => Err(format!("expected '{c}', found '{d}'")),
            Some(Tok::Word(w)) => Err(format!("expected '{c}', found '{w}'")),
            None => Err(format!("expected '{c}', found end of line")),
        }
    }
    fn eat(&mut self, c: char) -> bool {
        if self.toks.get(self.pos) == Some(&Tok::Punct(c)) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    fn keyword(&mut self, k: &str) -> Result<(), String> {
        let w = self.word()?;
        if w == k {
            Ok(())
        } else {
            Err(format!("expected '{k}', found '{w}'"))
        }
    }
    fn end(&self) -> Result<(), String> {
        match self.peek() {
            None => Ok(()),
            Some(Tok::Word(w)) => Err(format!("unexpected '{w}' at end of line")),
            Some(Tok::Punct(c)) => Err(format!("unexpected '{c}' at end of line")),
        }
    }
    fn is_word(&self, k: &str) -> bool {
        matches!(self.peek(), Some(Tok::Word(w)) if w == k)
    }
}

/// A `symN` operand.
fn parse_sym(w: &str) -> Result<u32, String> {
    let n = w
        .strip_prefix("sym")
        .ok_or_else(|| format!("expected symN, found '{w}'"))?;
    parse_num(n, "symbol")
}

/// The comment naming symbol `sym` (when it is interned).
fn sym_name(sym: u32) -> String {
    vm::symbols::SymId(sym)
        .try_name()
        .map(|n| format!(" ; {n}"))
        .unwrap_or_default()
}

fn parse_num<T: std::str::FromStr>(s: &str, what: &str) -> Result<T, String> {
    s.parse::<T>().map_err(|_| format!("bad {what} '{s}'"))
}

fn parse_dbl(s: &str) -> Result<f64, String> {
    if let Some(hex) = s.strip_prefix("nan:0x") {
        return u64::from_str_radix(hex, 16)
            .map(f64::from_bits)
            .map_err(|_| format!("bad double bits '{s}'"));
    }
    parse_num(s, "double")
}

/// One logical line of the function body, pre-classified.
enum Line<'a> {
    Header(&'a [Tok]),
    Inst(&'a [Tok]),
}

/// Parse text IR. Errors carry the 1-based line number.
pub fn parse_func(text: &str) -> Result<Func, String> {
    let mut lexed: Vec<(usize, Vec<Tok>)> = vec![];
    for (i, line) in text.lines().enumerate() {
        let toks = lex(line).map_err(|e| format!("line {}: {e}", i + 1))?;
        if !toks.is_empty() {
            lexed.push((i + 1, toks));
        }
    }
    let Some(((first_no, first), rest)) = lexed.split_first() else {
        return Err("line 1: expected 'function NAME {'".to_string());
    };
    let name = {
        let mut c = Cur {
            toks: first,
            pos: 0,
        };
        let r: Result<String, String> = (|| {
            c.keyword("function")?;
            let n = c.word()?.to_string();
            c.punct('{')?;
            c.end()?;
            Ok(n)
        })();
        r.map_err(|e| format!("line {first_no}: {e}"))?
    };
    let Some(((last_no, last), body)) = rest.split_last() else {
        return Err(format!("line {first_no}: missing closing '}}'"));
    };
    if last.as_slice() != [Tok::Punct('}')] {
        return Err(format!("line {last_no}: expected '}}'"));
    }
    let lines: Vec<(usize, Line)> = body
        .iter()
        .map(|(n, t)| {
            let is_header = matches!(t.first(), Some(Tok::Word(w)) if w.starts_with("bb"))
                && t.last() == Some(&Tok::Punct(':'));
            (
                *n,
                if is_header {
                    Line::Header(t)
                } else {
                    Line::Inst(t)
                },
            )
        })
        .collect();

    // Pass 1: names of blocks and values, in text order.
    let mut blocks: HashMap<String, Block> = HashMap::new();
    let mut vals: HashMap<String, Val> = HashMap::new();
    let mut seen_block = false;
    for (no, line) in &lines {
        let r: Result<(), String> = (|| {
            let mut define = |name: &str| -> Result<(), String> {
                let v = Val(vals.len() as u32);
                if vals.insert(name.to_string(), v).is_some() {
                    return Err(format!("value {name} defined twice"));
                }
                Ok(())
            };
            match line {
                Line::Header(t) => {
                    seen_block = true;
                    let mut c = Cur { toks: t, pos: 0 };
                    let b = c.word()?.to_string();
                    let id = Block(blocks.len() as u32);
                    if blocks.insert(b.clone(), id).is_some() {
                        return Err(format!("block {b} defined twice"));
                    }
                    c.punct('(')?;
                    while !c.eat(')') {
                        define(c.word()?)?;
                        c.punct(':')?;
                        c.word()?;
                        if !c.eat(',') {
                            c.punct(')')?;
                            break;
                        }
                    }
                }
                Line::Inst(t) => {
                    if !seen_block {
                        return Err("instruction outside a block".to_string());
                    }
                    if t.get(1) == Some(&Tok::Punct(':')) {
                        let mut c = Cur { toks: t, pos: 0 };
                        define(c.word()?)?;
                    }
                }
            }
            Ok(())
        })();
        r.map_err(|e| format!("line {no}: {e}"))?;
    }

    // Pass 2: build, allocating values in the same order as pass 1.
    let mut f = Func::new(&name);
    for _ in 0..blocks.len() {
        f.add_block();
    }
    let mut cur_block = Block(0);
    let mut block_index = 0u32;
    for (no, line) in &lines {
        let r: Result<(), String> = (|| {
            let val = |name: &str| -> Result<Val, String> {
                vals.get(name)
                    .copied()
                    .ok_or_else(|| format!("undefined value {name}"))
            };
            let block = |name: &str| -> Result<Block, String> {
                blocks
                    .get(name)
                    .copied()
                    .ok_or_else(|| format!("undefined block {name}"))
            };
            let ty = |name: &str| -> Result<Type, String> {
                Type::from_name(name).ok_or_else(|| format!("unknown type '{name}'"))
            };
            match line {
                Line::Header(t) => {
                    cur_block = Block(block_index);
                    block_index += 1;
                    let mut c = Cur { toks: t, pos: 2 };
                    while !c.eat(')') {
                        c.word()?;
                        c.punct(':')?;
                        let pt = ty(c.word()?)?;
                        f.add_param(cur_block, pt);
                        if !c.eat(',') {
                            c.punct(')')?;
                            break;
                        }
                    }
                    c.punct(':')?;
                    c.end()?;
                }
                Line::Inst(t) => {
                    let mut c = Cur { toks: t, pos: 0 };
                    let mut result_ty = Type::Void;
                    if t.get(1) == Some(&Tok::Punct(':')) {
                        c.word()?;
                        c.punct(':')?;
                        result_ty = ty(c.word()?)?;
                        if result_ty == Type::Void {
                            return Err("a defined value cannot have type void".to_string());
                        }
                        c.punct('=')?;
                    }
                    let kind = parse_inst(&mut c, &val, &block)?;
                    c.end()?;
                    let defines = result_ty != Type::Void;
                    let produces = kind.defines_value();
                    if defines != produces {
                        return Err(if produces {
                            "instruction needs a result 'vN: type ='".to_string()
                        } else {
                            "instruction does not define a value".to_string()
                        });
                    }
                    f.push(cur_block, kind, result_ty);
                }
            }
            Ok(())
        })();
        r.map_err(|e| format!("line {no}: {e}"))?;
    }
    Ok(f)
}

fn val_list(
    c: &mut Cur,
    close: char,
    val: &dyn Fn(&str) -> Result<Val, String>,
) -> Result<Vec<Val>, String> {
    let mut out = vec![];
    while !c.eat(close) {
        out.push(val(c.word()?)?);
        if !c.eat(',') {
            c.punct(close)?;
            break;
        }
    }
    Ok(out)
}

fn target(
    c: &mut Cur,
    val: &dyn Fn(&str) -> Result<Val, String>,
    block: &dyn Fn(&str) -> Result<Block, String>,
) -> Result<(Block, Vec<Val>), String> {
    let b = block(c.word()?)?;
    c.punct('(')?;
    Ok((b, val_list(c, ')', val)?))
}

fn parse_inst(
    c: &mut Cur,
    val: &dyn Fn(&str) -> Result<Val, String>,
    block: &dyn Fn(&str) -> Result<Block, String>,
) -> Result<InstKind, String> {
    let op = c.word()?;
    let two = |c: &mut Cur| -> Result<(Val, Val), String> {
        let a = val(c.word()?)?;
        c.punct(',')?;
        Ok((a, val(c.word()?)?))
    };
    Ok(match op {
        "const.int" => InstKind::ConstInt(parse_num(c.word()?, "integer")?),
        "const.dbl" => InstKind::ConstDbl(parse_dbl(c.word()?)?),
        "const.lgl" => {
            let w = c.word()?;
            InstKind::ConstLgl(if w == "NA" {
                i32::MIN
            } else {
                parse_num(w, "logical")?
            })
        }
        "const.bool" => InstKind::ConstBool(parse_num(c.word()?, "bool")?),
        "const.any" => {
            c.punct('#')?;
            InstKind::ConstAny(parse_num(c.word()?, "constant index")?)
        }
        "const.builtin" => {
            let w = c.word()?;
            let id = match vm::builtin_names::by_name().get(w) {
                Some(&id) => id,
                None => parse_num(w, "builtin")?,
            };
            if id as usize >= vm::builtin_names::NAMES.len() {
                return Err(format!("no builtin {id}"));
            }
            InstKind::ConstBuiltin(id)
        }
        "test" => {
            let name = c.word()?;
            let t = TypeTest::all()
                .into_iter()
                .find(|t| t.name() == name)
                .ok_or_else(|| format!("unknown type test '{name}'"))?;
            InstKind::Test(t, val(c.word()?)?)
        }
        "vecload" => {
            let (a, b) = two(c)?;
            InstKind::VecLoad(a, b)
        }
        "inbounds" => {
            let (a, b) = two(c)?;
            InstKind::InBounds(a, b)
        }
        "vecset" => {
            let (x, i) = two(c)?;
            c.punct(',')?;
            InstKind::VecSet(x, i, val(c.word()?)?)
        }
        op if op.starts_with("field.") => {
            // `field.test.T x, symN, #ci` / `field.load.T x, symN, #ci`.
            let (what, ty) = op["field.".len()..]
                .split_once('.')
                .ok_or_else(|| format!("unknown instruction '{op}'"))?;
            let ty = Type::from_name(ty)
                .filter(|t| matches!(t, Type::Int | Type::Dbl | Type::Lgl))
                .ok_or_else(|| format!("bad field type in '{op}'"))?;
            let x = val(c.word()?)?;
            c.punct(',')?;
            let sym = parse_sym(c.word()?)?;
            c.punct(',')?;
            c.punct('#')?;
            let ci = parse_num(c.word()?, "field cache")?;
            match what {
                "test" => InstKind::FieldTest { x, sym, ci, ty },
                "load" => InstKind::FieldLoad { x, sym, ci, ty },
                _ => return Err(format!("unknown instruction '{op}'")),
            }
        }
        "set_visible" => InstKind::SetVisible(parse_num(c.word()?, "bool")?),
        "call_state" => InstKind::CallState(val(c.word()?)?),
        "frame_synced" => InstKind::FrameSynced,
        "global_epoch_is" => InstKind::GlobalEpochIs(parse_num(c.word()?, "epoch")?),
        "load_global" => InstKind::LoadGlobal(parse_sym(c.word()?)?),
        "global_callee" => InstKind::GlobalCallee(parse_sym(c.word()?)?),
        "load_frame" => InstKind::LoadFrame(parse_num(c.word()?, "slot")?),
        "store_frame" => {
            let slot = parse_num(c.word()?, "slot")?;
            c.punct(',')?;
            InstKind::StoreFrame(slot, val(c.word()?)?)
        }
        "store_global" => {
            let sym = parse_sym(c.word()?)?;
            c.punct(',')?;
            InstKind::StoreGlobal(sym, val(c.word()?)?)
        }
        "callee_is" => {
            let sym = parse_sym(c.word()?)?;
            c.punct(',')?;
            c.punct('#')?;
            InstKind::CalleeIs {
                sym,
                callee: parse_num(c.word()?, "callee index")?,
            }
        }
        w @ ("runtime" | "free_load" | "free_store" | "call") => {
            c.punct('@')?;
            let pc = parse_num(c.word()?, "pc")?;
            c.punct('(')?;
            let op = match w {
                "runtime" => RtOp::AtPc(pc),
                "free_load" => RtOp::FreeLoad(pc),
                "call" => RtOp::Call(pc),
                _ => RtOp::FreeStore(pc),
            };
            InstKind::Runtime(op, val_list(c, ')', val)?)
        }
        "checkpoint" => {
            c.keyword("pc")?;
            c.punct('=')?;
            let pc = parse_num(c.word()?, "pc")?;
            c.keyword("stack")?;
            c.punct('=')?;
            c.punct('[')?;
            let stack = val_list(c, ']', val)?;
            c.keyword("locals")?;
            c.punct('=')?;
            c.punct('[')?;
            let mut locals = vec![];
            while !c.eat(']') {
                let w = c.word()?;
                locals.push(if w == "_" { None } else { Some(val(w)?) });
                if !c.eat(',') {
                    c.punct(']')?;
                    break;
                }
            }
            let mut loops = vec![];
            if c.is_word("loops") {
                c.word()?;
                c.punct('=')?;
                c.punct('[')?;
                while !c.eat(']') {
                    c.punct('(')?;
                    let (a, b) = two(c)?;
                    let step = if c.eat(',') {
                        c.keyword("step")?;
                        parse_num(c.word()?, "loop step")?
                    } else {
                        1
                    };
                    c.punct(')')?;
                    loops.push((a, b, step));
                    if !c.eat(',') {
                        c.punct(']')?;
                        break;
                    }
                }
            }
            InstKind::Checkpoint(FrameState {
                pc,
                stack,
                locals,
                loops,
            })
        }
        "assume" => {
            let (cond, checkpoint) = two(c)?;
            c.punct(',')?;
            let r = c.word()?;
            let reason = Reason::from_name(r).ok_or_else(|| format!("unknown reason '{r}'"))?;
            InstKind::Assume {
                cond,
                checkpoint,
                reason,
            }
        }
        "jump" => {
            let (b, args) = target(c, val, block)?;
            InstKind::Jump(b, args)
        }
        "branch" => {
            let cond = val(c.word()?)?;
            c.punct(',')?;
            let (t, ta) = target(c, val, block)?;
            c.punct(',')?;
            let (e, ea) = target(c, val, block)?;
            InstKind::Branch(cond, t, ta, e, ea)
        }
        "ret" => InstKind::Return(val(c.word()?)?),
        other => {
            if let Some(u) = UnOp::from_name(other) {
                InstKind::Unary(u, val(c.word()?)?)
            } else if let Some(b) = BinOp::from_name(other) {
                let (x, y) = two(c)?;
                InstKind::Binary(b, x, y)
            } else {
                return Err(format!("unknown instruction '{other}'"));
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SUM: &str = "function sum {
bb0(v0: any, v1: int):
  v2: int = const.int 0
  v3: bool = test is.vec<dbl> v0
  v4: cp = checkpoint pc=3 stack=[v0] locals=[v0, _, v1] loops=[(v1, v2), (v2, v1, step -1)]
  assume v3, v4, typecheck
  v5: vec<dbl> = unbox v0
  v6: int = veclen v5
  v7: dbl = vecload v5, v2
  v8: bool = inbounds v5, v1
  v9: cp = checkpoint pc=12 stack=[] locals=[_, _, v1] loops=[]
  call_state v9
  v10: any = runtime @12(v0, v1)
  v11: bool = frame_synced
  v12: bool = not.b v11
  v13: cp = checkpoint pc=13 stack=[v10] locals=[v0, _, v1] loops=[]
  assume v12, v13, frameobserved
  jump bb1(v2, v7)
bb1(v14: int, v15: dbl):
  v16: dbl = add.d v15, v15
  branch v3, bb1(v14, v16), bb2()
bb2():
  v17: int = ncol v0
  set_visible false
  ret v16
}
";

    #[test]
    fn round_trip_canonical() {
        let f = parse_func(SUM).unwrap();
        assert_eq!(print_func(&f), SUM);
    }

    /// `const.builtin` prints a builtin by name (by id when its name is not
    /// one word) and parses either.
    #[test]
    fn builtin_constants_round_trip() {
        let text = "function f {
bb0(v0: any):
  v1: any = const.builtin rpois
  v2: any = const.builtin sample.int
  v3: any = runtime @4(v1, v0)
  ret v3
}
";
        let f = parse_func(text).unwrap();
        assert_eq!(print_func(&f), text);
        let bracket = vm::builtin_names::by_name()["["];
        let g = parse_func(&format!(
            "function g {{\nbb0():\n  v0: any = const.builtin {bracket}\n  ret v0\n}}\n"
        ))
        .unwrap();
        assert!(print_func(&g).contains(&format!("const.builtin {bracket}\n")));
        assert!(
            parse_func("function h {\nbb0():\n  v0: any = const.builtin 65535\n  ret v0\n}\n")
                .is_err()
        );
        assert!(parse_func(
            "function h {\nbb0():\n  v0: any = const.builtin nosuchbuiltin\n  ret v0\n}\n"
        )
        .is_err());
    }

    #[test]
    fn renumbers_names() {
        let text = "function f {
bb7(v9: int):
  v3: int = add.i v9, v9
  jump bb2(v3)
bb2(v1: int):
  ret v1
}
";
        let f = parse_func(text).unwrap();
        assert_eq!(
            print_func(&f),
            "function f {
bb0(v0: int):
  v1: int = add.i v0, v0
  jump bb1(v1)
bb1(v2: int):
  ret v2
}
"
        );
    }

    #[test]
    fn constants_round_trip_exactly() {
        let na = f64::from_bits(0x7ff00000000007a2);
        let mut f = Func::new("k");
        let b = f.add_block();
        for x in [
            0.1,
            -0.0,
            1e300,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            na,
        ] {
            f.push(b, InstKind::ConstDbl(x), Type::Dbl);
        }
        f.push(b, InstKind::ConstLgl(i32::MIN), Type::Lgl);
        f.push(b, InstKind::ConstInt(-7), Type::Int);
        f.push(b, InstKind::ConstBool(false), Type::Bool);
        let r = f.push(b, InstKind::ConstAny(4), Type::Any).unwrap();
        f.push(b, InstKind::Return(r), Type::Void);
        let text = print_func(&f);
        let g = parse_func(&text).unwrap();
        assert_eq!(print_func(&g), text);
        for (a, b) in f.insts.iter().zip(&g.insts) {
            match (&a.kind, &b.kind) {
                (InstKind::ConstDbl(x), InstKind::ConstDbl(y)) => {
                    assert_eq!(x.to_bits(), y.to_bits())
                }
                (x, y) => assert_eq!(x, y),
            }
        }
        assert!(text.contains("const.dbl nan:0x7ff00000000007a2"));
        assert!(text.contains("const.lgl NA"));
    }

    #[test]
    fn errors_carry_line_numbers() {
        let e = parse_func("function f {\nbb0():\n  v0: int = frob v1\n}\n").unwrap_err();
        assert!(e.starts_with("line 3:"), "{e}");
        let e = parse_func("function f {\nbb0():\n  ret v4\n}\n").unwrap_err();
        assert!(
            e.contains("line 3") && e.contains("undefined value v4"),
            "{e}"
        );
        let e = parse_func(
            "function f {\nbb0():\n  v1: int = const.int 1\n  v1: int = const.int 2\n}\n",
        )
        .unwrap_err();
        assert!(e.contains("line 4") && e.contains("twice"), "{e}");
        let e = parse_func("function f {\nbb0():\n  v1: int = const.int 1\n").unwrap_err();
        assert!(e.contains("line 3"), "{e}");
        let e = parse_func("function f {\nbb0():\n  v1: int = jump bb0()\n}\n").unwrap_err();
        assert!(e.contains("line 3"), "{e}");
        let e = parse_func("function f {\nbb0(v0: intt):\n  ret v0\n}\n").unwrap_err();
        assert!(e.contains("line 2") && e.contains("intt"), "{e}");
    }
}
