//! `str(object)`: R's compact display of a value's structure (utils'
//! `str.default`), for atomic vectors, matrices and arrays, factors, lists
//! (nested, with their attributes), NULL, functions and environments.
//! A user's `str.<class>` method takes over for a classed object.

use super::BuiltinDef;
use crate::args::Args;
use crate::error::{RError, RResult};
use crate::format::{encode_string, str_width};
use crate::interp::Interp;
use crate::value::*;

pub const BUILTINS: &[BuiltinDef] = &[
    BuiltinDef::new("str", builtin_str),
    BuiltinDef::new("str.default", builtin_str_default),
];

/// The options of one `str` call (`strOptions()`'s defaults).
#[derive(Clone, Copy)]
struct Opts {
    /// `vec.len`, and whether it was given (character vectors then show
    /// `round(vec.len)` elements instead of what fits the width).
    vec_len: f64,
    vec_len_given: bool,
    /// `max.level` (`None`: NA, all levels).
    max_level: Option<usize>,
    give_attr: bool,
    /// `width` (`getOption("width")`).
    width: usize,
    nchar_max: usize,
    list_len: usize,
}

fn builtin_str(interp: &mut Interp, args: Args) -> RResult<Value> {
    if let Some(x) = args.values.first() {
        for class in x.explicit_class().unwrap_or_default() {
            let name = format!("str.{class}");
            if let Some(f @ Value::Closure(_)) = interp.find_function(&name) {
                let site = crate::interp::CallSite::Text(format!("{name}(object, ...)").into());
                return interp.call_value(&f, args, site);
            }
        }
    }
    builtin_str_default(interp, args)
}

fn builtin_str_default(interp: &mut Interp, args: Args) -> RResult<Value> {
    let mut b = args.bind(&[
        "object",
        "max.level",
        "vec.len",
        "digits.d",
        "nchar.max",
        "give.attr",
        "...",
    ])?;
    let x = b.take(0).unwrap_or(Value::Null);
    let num = |v: Option<Value>| v.and_then(|v| v.first_f64()).filter(|x| !x.is_nan());
    let max_level = num(b.take(1)).map(|m| m.max(0.0) as usize);
    let vec_len_arg = num(b.take(2));
    if let Some(d) = num(b.take(3)) {
        if d != 3.0 {
            return Err(RError::unsupported("str() with digits.d other than 3"));
        }
    }
    let nchar_max = num(b.take(4)).map_or(128, |n| n.max(0.0) as usize);
    let give_attr = super::output::arg_flag(&b.take(5), true);
    if !b.dots.is_empty() {
        return Err(RError::unsupported(
            "str() with arguments other than max.level, vec.len, digits.d, nchar.max, give.attr",
        ));
    }
    let opts = Opts {
        vec_len: vec_len_arg.unwrap_or(4.0),
        vec_len_given: vec_len_arg.is_some(),
        max_level,
        give_attr,
        width: crate::print::PRINT_WIDTH,
        nchar_max,
        list_len: 99,
    };
    str_value(interp, &x, &opts, 0, " ")?;
    interp.visible = false;
    Ok(Value::Null)
}

/// R's `round` (half to even, as `round(2.5 * vec.len)` gives it).
fn r_round(x: f64) -> f64 {
    crate::format::rint(x)
}

/// `arrLenstr`: `[1:2, 1:3]` (a dimension of 1 without `1:`), `[1:3(1d)]`.
fn arr_len_str(dims: &[usize]) -> String {
    let di: Vec<String> = dims
        .iter()
        .map(|&d| {
            format!(
                "{}{}{}",
                if d > 1 { "1:" } else { "" },
                d,
                if d > 0 { "" } else { " " }
            )
        })
        .collect();
    if di.len() == 1 {
        format!("[{}(1d)]", di[0])
    } else {
        format!("[{}]", di.join(", "))
    }
}

/// `maybe_truncate`: a string longer than `nchar.max` cut with `| __truncated__`.
fn maybe_truncate(s: String, quote: &str, nchar_max: usize) -> String {
    let ch = format!("{quote}| __truncated__");
    let n = str_width(&s);
    if n <= nchar_max || nchar_max <= str_width(&ch) {
        return s;
    }
    let keep: String = s.chars().take(nchar_max - str_width(&ch)).collect();
    if keep == s || format!("{keep}{quote}") == s {
        return s;
    }
    format!("{keep}{ch}")
}

/// Numbers as `formatNum` shows them: `format(x, trim = TRUE, drop0trailing
/// = TRUE)` with 3 significant digits (str's `options(digits = 3)`).
fn format_num(d: &VecData) -> Vec<String> {
    match d {
        VecData::Dbl(x) => crate::format::format_real_vec(x, 3)
            .iter()
            .map(|s| crate::format::drop_trailing_zeros(s.trim()))
            .collect(),
        VecData::Int(x) => x
            .iter()
            .map(|&i| {
                if i == NA_INTEGER {
                    "NA".into()
                } else {
                    i.to_string()
                }
            })
            .collect(),
        VecData::Lgl(x) => x
            .iter()
            .map(|&b| crate::format::logical_str(b).to_string())
            .collect(),
        VecData::Raw(x) => x.iter().map(|b| format!("{b:02x}")).collect(),
        VecData::Cplx(x) => crate::format::format_cplx_vec(x, 3)
            .iter()
            .map(|s| s.trim().to_string())
            .collect(),
        _ => Vec::new(),
    }
}

/// `str(x)` of a list element or an attribute (R's `strSub`): the user's
/// `str.<class>` method when there is one (`vec.len` is then passed on,
/// as R passes it explicitly).
fn str_sub(interp: &mut Interp, x: &Value, o: &Opts, nest: usize, indent: &str) -> RResult<()> {
    for class in x.explicit_class().unwrap_or_default() {
        let name = format!("str.{class}");
        if let Some(f @ Value::Closure(_)) = interp.find_function(&name) {
            let site = crate::interp::CallSite::Text(format!("{name}(object, ...)").into());
            interp.call_value(&f, Args::positional(vec![x.clone()]), site)?;
            return Ok(());
        }
    }
    let o = Opts {
        vec_len_given: true,
        ..*o
    };
    str_value(interp, x, &o, nest, indent)
}

/// Write `str(x)`'s lines at nesting level `nest` with indentation `indent`
/// (the part after a list element's `$ name:` tag).
fn str_value(interp: &mut Interp, x: &Value, o: &Opts, nest: usize, indent: &str) -> RResult<()> {
    let sub_indent = format!("{indent} ..");
    let mut buf = String::new();
    let out = &mut buf;
    match x {
        Value::Null => {
            interp.out.push_str(" NULL\n");
            return Ok(());
        }
        Value::Closure(c) => {
            let null = crate::ast::Expr::new(
                crate::ast::ExprKind::Const(crate::ast::Const::Null),
                Default::default(),
            );
            let text = crate::deparse::deparse_function(&c.params, &null);
            let mut lines: Vec<&str> = text.lines().collect();
            lines.pop();
            interp.out.push_str(&lines.join("\n"));
            interp.out.push_str(" \n");
            if o.give_attr {
                if let Some(attrs) = &c.attrs {
                    str_attrs(interp, attrs, &[], o, nest, indent)?;
                }
            }
            return Ok(());
        }
        Value::Builtin(_) => {
            interp.out.push_str("function (...)  \n");
            return Ok(());
        }
        Value::Env(e) => {
            interp.out.push_str(&crate::env::env_label(e));
            interp.out.push_str(" \n");
            return Ok(());
        }
        _ => {}
    }
    let Some(v) = x.as_vector() else {
        return Ok(());
    };
    let le = v.len();
    let class: Option<Vec<String>> = x.explicit_class();
    let no_attrs: Attrs = Vec::new();
    let attrs: &Attrs = v.attrs.as_deref().unwrap_or(&no_attrs);
    if let VecData::List(items) = &v.data {
        let std_attr: Vec<&str> = vec!["names"];
        if le == 0 {
            interp.out.push_str(if v.names().is_some() {
                " Named list()\n"
            } else {
                " list()\n"
            });
        } else {
            interp.out.push_str(&format!("List of {le}\n"));
            if o.max_level.is_none_or(|m| nest < m) {
                let names: Vec<String> = match v.names() {
                    Some(n) => {
                        let s: Vec<String> = n
                            .iter()
                            .map(|s| s.as_deref().unwrap_or("NA").to_string())
                            .collect();
                        let w = s.iter().map(|s| str_width(s)).max().unwrap_or(0);
                        s.iter().map(|s| crate::format::pad_right(s, w)).collect()
                    }
                    None => vec![String::new(); le],
                };
                for (i, item) in items.iter().enumerate().take(o.list_len) {
                    interp.out.push_str(&format!("{indent}$ {}:", names[i]));
                    str_sub(interp, item, o, nest + 1, &sub_indent)?;
                }
                if o.list_len < le {
                    interp
                        .out
                        .push_str(&format!("{indent} [list output truncated]\n"));
                }
            }
        }
        if o.give_attr {
            str_attrs(interp, attrs, &std_attr, o, nest, indent)?;
        }
        return Ok(());
    }
    let le_str = if le > 0 {
        format!("[1:{le}]")
    } else {
        "(0)".to_string()
    };
    if class.as_ref().is_some_and(|c| c[0] == "Date") && le > 0 {
        // R's str.Date: ` Date[1:n], format: "2024-01-15" ...`, the
        // formatted dates shown as str shows strings.
        if let Ok(f) = super::timefn::format_date(x, None) {
            interp.out.push_str(&format!(" Date{le_str}, format:"));
            let o2 = Opts {
                give_attr: false,
                ..*o
            };
            let mut tail = String::new();
            std::mem::swap(&mut tail, &mut interp.out);
            str_value(interp, &f, &o2, nest, indent)?;
            std::mem::swap(&mut tail, &mut interp.out);
            // (The strings' line without its ` chr [1:n]` head.)
            let body = tail.split_once(" \"").map_or(tail.as_str(), |(_, b)| b);
            interp.out.push_str(" \"");
            interp.out.push_str(body);
            return Ok(());
        }
    }
    let dims = v.dims();
    let is_array = dims.is_some();
    let mut std_attr: Vec<&str> = vec!["names"];
    let mut v_len = o.vec_len;
    let str1;
    let mut data = v.data.clone();
    if super::factor::is_factor(x) {
        let levels = super::factor::levels_of(x);
        let nl = levels.len();
        let w = (o.width / 2).clamp(10, 1000);
        let lev: Vec<String> = levels
            .iter()
            .take(w)
            .map(|l| match l {
                Some(s) => crate::format::escape_string(s, true),
                None => "NA".to_string(),
            })
            .collect();
        let n_l = lev.len();
        let ml;
        let shown: Vec<String>;
        if nl > 0 {
            let mut total = 0;
            let lenl: Vec<usize> = lev
                .iter()
                .map(|l| {
                    total += 3 + str_width(l).saturating_sub(2);
                    total
                })
                .collect();
            ml = if n_l <= 1 || lenl[n_l - 1] <= 13 {
                n_l
            } else {
                lenl.iter().position(|&l| l > 13).map_or(n_l, |p| p + 1)
            };
            shown = lev[..ml]
                .iter()
                .map(|l| maybe_truncate(l.clone(), "\"", o.nchar_max))
                .collect();
        } else {
            ml = 1;
            shown = vec![String::new()];
        }
        let ordered = class
            .as_ref()
            .is_some_and(|c| c.iter().any(|c| c == "ordered"));
        let lsep = if ordered { "<" } else { "," };
        str1 = format!(
            "{}actor{} w/ {} level{}{}{}{}:",
            if ordered { " Ord.f" } else { " F" },
            dims.as_ref().map_or(String::new(), |d| arr_len_str(d)),
            nl,
            if nl != 1 { "s" } else { "" },
            if nl > 0 { " " } else { "" },
            if nl > 0 {
                shown.join(lsep)
            } else {
                String::new()
            },
            if ml < nl {
                format!("{lsep}..")
            } else {
                String::new()
            }
        );
        std_attr = vec!["levels", "class"];
        if is_array {
            std_attr.push("dim");
        }
        data = data.coerce(VType::Int);
    } else {
        let mut m = match v.vtype() {
            VType::Raw => "raw",
            VType::Lgl => "logi",
            VType::Int => "int",
            VType::Dbl => "num",
            VType::Cplx => "cplx",
            VType::Str => "chr",
            VType::List => unreachable!(),
        }
        .to_string();
        let mut ls = le_str.clone();
        if let Some(d) = &dims {
            ls = arr_len_str(d);
            std_attr = vec!["dim"];
        } else if v.attr("names").is_some() {
            m = format!("Named {m}");
            std_attr.clear();
        }
        if let Some(cl) = &class {
            let cl = &cl[0];
            if cl != &m && !cl.starts_with(&m) {
                m = format!("'{cl}' {m}");
            }
            std_attr.push("class");
        }
        str1 = if le == 1 && !is_array {
            format!(" {m}")
        } else {
            format!(" {m}{}{ls}", if le > 0 { " " } else { "" })
        };
    }
    // How many elements are shown, and how.
    let shown: Vec<String>;
    let mut le_shown = le;
    match &data {
        VecData::Str(s) => {
            let max_len = 100.max(o.width / 3 + 1).max(if o.vec_len_given {
                o.vec_len as usize
            } else {
                0
            });
            let s: &[RStr] = if le > max_len {
                le_shown = max_len;
                &s[..max_len]
            } else {
                s
            };
            let enc: Vec<String> = s
                .iter()
                .map(|e| {
                    let e = match e {
                        Some(t) => {
                            let t: String = t.chars().take(o.nchar_max).collect();
                            encode_string(&Some(t.into()), true)
                        }
                        None => "NA".to_string(),
                    };
                    maybe_truncate(e, "\"", o.nchar_max)
                })
                .collect();
            v_len = if o.vec_len_given {
                r_round(o.vec_len)
            } else {
                let limit = o.width as f64 - (4.0 + 5.0 * nest as f64 + str_width(&str1) as f64);
                let mut total = 0.0;
                let mut count = 0;
                for e in &enc {
                    total += 1.0 + str_width(e) as f64;
                    if total < limit {
                        count += 1;
                    }
                }
                (count as f64).max(1.0)
            };
            let ile = (le_shown as f64).min(v_len) as usize;
            shown = enc[..ile].to_vec();
        }
        d => {
            match d {
                VecData::Lgl(_) => v_len *= 1.5,
                VecData::Int(_) => v_len = r_round(2.5 * v_len),
                VecData::Dbl(x) => {
                    let iv_len = r_round(2.5 * v_len);
                    let ob: Vec<f64> = x
                        .iter()
                        .take(if le as f64 > iv_len {
                            iv_len as usize
                        } else {
                            le
                        })
                        .copied()
                        .filter(|e| !e.is_nan())
                        .collect();
                    let nice = ob.iter().all(|&e| {
                        let a = e.abs();
                        (a == 0.0 || (a > 1e-10 && a < 1e10))
                            && (e - super::math::fprec(e, 3.0)).abs() <= 9e-16 * a
                    });
                    v_len = if nice { iv_len } else { r_round(1.25 * v_len) };
                }
                VecData::Cplx(_) => v_len = r_round(0.75 * v_len),
                _ => {}
            }
            let ile = (v_len.min(le as f64)).max(0.0) as usize;
            let pos: Vec<Option<usize>> = (0..ile).map(Some).collect();
            let sel = d.select(&pos);
            let hex = class
                .as_ref()
                .is_some_and(|c| c.iter().any(|c| c == "hexmode"));
            let parts = if hex {
                // (format() dispatches to format.hexmode.)
                super::output::as_strings(&super::raw::format_hexmode(
                    &Value::from_data(sel),
                    None,
                    false,
                )?)
                .into_iter()
                .map(|s| s.as_deref().unwrap_or("NA").to_string())
                .collect()
            } else {
                format_num(&sel)
            };
            shown = vec![maybe_truncate(parts.join(" "), "", o.nchar_max)];
        }
    }
    out.push_str(&str1);
    out.push(' ');
    out.push_str(&shown.join(" "));
    if le_shown as f64 > v_len {
        out.push_str(" ...");
    }
    out.push('\n');
    interp.out.push_str(&buf);
    if o.give_attr {
        str_attrs(interp, attrs, &std_attr, o, nest, indent)?;
    }
    Ok(())
}

/// The ` - attr(*, "name")=` lines of the attributes not in `std_attr`.
fn str_attrs(
    interp: &mut Interp,
    attrs: &Attrs,
    std_attr: &[&str],
    o: &Opts,
    nest: usize,
    indent: &str,
) -> RResult<()> {
    for (name, val) in attrs {
        if std_attr.contains(&&**name) {
            continue;
        }
        interp
            .out
            .push_str(&format!("{indent}- attr(*, \"{name}\")="));
        str_sub(interp, val, o, nest + 1, &format!("{indent} .."))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::builtins::test_calls::call;
    use crate::interp::Interp;
    use crate::value::*;

    fn str_of(v: Value) -> String {
        let mut it = Interp::new();
        let f = crate::builtins::lookup("str").unwrap();
        it.call_function(&f, crate::args::Args::positional(vec![v]))
            .unwrap();
        it.out.clone()
    }

    #[test]
    fn str_lines() {
        assert_eq!(str_of(int_vec((1..=5).collect())), " int [1:5] 1 2 3 4 5\n");
        assert_eq!(str_of(Value::Dbl(1.23456)), " num 1.23\n");
        assert_eq!(str_of(Value::Null), " NULL\n");
        let l = call(
            "list",
            vec![(Some("a"), Value::Dbl(1.0)), (Some("b"), Value::str("x"))],
        )
        .unwrap();
        assert_eq!(str_of(l), "List of 2\n $ a: num 1\n $ b: chr \"x\"\n");
        let m = call(
            "matrix",
            vec![
                (None, int_vec((1..=6).collect())),
                (Some("nrow"), Value::Int(2)),
            ],
        )
        .unwrap();
        assert_eq!(str_of(m), " int [1:2, 1:3] 1 2 3 4 5 6\n");
    }
}
