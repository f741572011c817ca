//! `print` for every value as GNU R's `print.default` prints it (vectors, named
//! vectors, matrices, lists, NULL, functions, attributes), at width 80. The layout
//! follows R's printvector.c / printmatrix.c / print.c; the element formatting
//! comes from `crate::format`.

use crate::format::{
    encode_complex_digits, encode_integer, encode_real, encode_string, format_complex,
    format_integer, format_logical, format_real, logical_str, pad_left, pad_right, str_width,
};
use crate::value::{RStr, Value, VecData, Vector, C64};

/// R's `R_print.width` default.
pub const PRINT_WIDTH: usize = 80;
/// R's `R_print.gap`.
const GAP: usize = 1;
/// The text `print(v)` writes (including the final newline), at the current
/// `digits` option.
pub fn print_to_string(v: &Value) -> String {
    print_to_string_digits(v, crate::format::digits())
}

/// `print(v, digits = digits)`.
pub fn print_to_string_digits(v: &Value, digits: usize) -> String {
    print_to_string_opts(v, digits, true)
}

/// `print(v, digits = digits, quote = quote)`.
pub fn print_to_string_opts(v: &Value, digits: usize, quote: bool) -> String {
    let mut p = Printer {
        out: String::new(),
        digits: digits.clamp(1, 22),
        quote,
        method_printer: None,
    };
    p.value(v, "");
    p.out
}

/// Prints a classed value nested inside another (a list element) with its S3
/// `print` method: returns the text the method wrote, or `None` to print the value
/// as `print.default` would.
pub type MethodPrinter<'a> = dyn FnMut(&Value) -> Option<String> + 'a;

/// `print_to_string_opts`, but classed elements of lists are printed through
/// `method_printer` as R's `print.default` dispatches on them.
pub fn print_to_string_dispatch(
    v: &Value,
    digits: usize,
    quote: bool,
    method_printer: &mut MethodPrinter,
) -> String {
    let mut p = Printer {
        out: String::new(),
        digits: digits.clamp(1, 22),
        quote,
        method_printer: Some(method_printer),
    };
    p.value(v, "");
    p.out
}

/// How a closure is shown under Rscript (no source references): its
/// definition deparsed, and the environment it was made in unless that is
/// the global one.
fn closure_text(v: &Value) -> String {
    let Value::Closure(c) = v else {
        return String::new();
    };
    let Some(body) = &c.code.body else {
        return "function (...) NULL".to_string();
    };
    let mut s = crate::deparse::deparse_function(&c.params, body);
    if !c.env.is_global() {
        s.push('\n');
        s.push_str(&crate::env::env_label(&c.env));
    }
    s
}

/// For a 1-d array with dimnames: the header line (the dimnames' name, when
/// the dimnames are named) and the element names.
fn dim1_names(v: &Vector) -> Option<(Option<String>, Vec<RStr>)> {
    let d = v.attr("dim")?;
    if d.len() != 1 {
        return None;
    }
    let Value::Vec(dn) = v.attr("dimnames")? else {
        return None;
    };
    let VecData::List(items) = &dn.data else {
        return None;
    };
    let names = match items
        .first()?
        .as_vector()?
        .data
        .coerce(crate::value::VType::Str)
    {
        VecData::Str(s) if s.len() == v.len() => s,
        _ => return None,
    };
    let header = dn.names().map(|n| {
        n.first()
            .cloned()
            .flatten()
            .map(|s| s.to_string())
            .unwrap_or_default()
    });
    Some((header, names))
}

/// Is a class attribute value exactly "table"?
fn is_table_class(val: &Value) -> bool {
    match val.as_vector().map(|v| v.data.clone()) {
        Some(VecData::Str(s)) => s.len() == 1 && s[0].as_deref() == Some("table"),
        _ => false,
    }
}

/// Has the vector class "factor" (R's `is.factor`)?
fn is_factor(v: &Vector) -> bool {
    v.attrs.is_some()
        && v.class()
            .is_some_and(|c| c.iter().any(|s| s.as_deref() == Some("factor")))
}

/// Number of decimal digits of `n` (R's `IndexWidth`).
fn index_width(n: usize) -> usize {
    n.max(1).to_string().len()
}

/// One column or vector of atomic elements, formatted to a common width.
/// `right` tells whether the cells are right-justified (numbers) or left (strings).
struct Cells {
    cells: Vec<String>,
    w: usize,
}

struct Printer<'a, 'b> {
    out: String,
    digits: usize,
    /// Quote strings (`print(quote = FALSE)` turns this off).
    quote: bool,
    /// Prints classed list elements with their S3 method (see `MethodPrinter`).
    method_printer: Option<&'a mut MethodPrinter<'b>>,
}

impl Printer<'_, '_> {
    fn value(&mut self, v: &Value, tag: &str) {
        if !tag.is_empty() && v.attr("class").is_some() {
            if let Some(mp) = self.method_printer.as_mut() {
                if let Some(text) = mp(v) {
                    self.out.push_str(&text);
                    return;
                }
            }
        }
        match v {
            Value::Null => self.out.push_str("NULL\n"),
            Value::Closure(_) => {
                self.out.push_str(&closure_text(v));
                self.out.push('\n');
            }
            Value::Builtin(id) => {
                let name = crate::builtin_names::name_of(*id);
                self.out
                    .push_str(&format!("function (...)  .Primitive(\"{}\")\n", name));
            }
            Value::Env(e) => {
                self.out.push_str(&crate::env::env_label(e));
                self.out.push('\n');
            }
            Value::Lang(_) => {
                for line in crate::deparse::deparse_value_lines(v, crate::deparse::CUTOFF) {
                    self.out.push_str(&line);
                    self.out.push('\n');
                }
            }
            _ => {
                let Some(vec) = v.as_vector() else { return };
                self.vector(&vec, tag);
            }
        }
        if let Value::Closure(c) = v {
            if let Some(attrs) = &c.attrs {
                self.attributes(attrs, tag, true);
            }
        }
    }

    fn vector(&mut self, v: &Vector, tag: &str) {
        if is_factor(v) {
            return self.factor(v, tag);
        }
        if let VecData::List(items) = &v.data {
            self.list(items, v.names(), tag);
        } else if let Some((nr, nc)) = v.dim2() {
            self.matrix(v, nr, nc);
        } else if let Some(dims) = v.dims().filter(|d| d.len() > 2) {
            self.array(v, &dims);
        } else if let Some((header, names)) = dim1_names(v) {
            // A 1-d array with dimnames (a `table`): R prints the dimnames'
            // name on a line of its own, then the elements as a named vector.
            if v.is_empty() {
                self.out.push_str(if v.attr("class").is_some() {
                    "< table of extent 0 >\n"
                } else {
                    "character(0)\n"
                });
                return;
            }
            if let Some(h) = header {
                self.out.push_str(&h);
                self.out.push('\n');
            }
            self.named_vector(&v.data, &names);
        } else if v.is_empty() {
            let names = if v.names().is_some() { "named " } else { "" };
            let ty = match v.vtype() {
                crate::value::VType::Dbl => "numeric",
                t => t.name(),
            };
            self.out.push_str(&format!("{}{}(0)\n", names, ty));
        } else if let Some(names) = v.names() {
            self.named_vector(&v.data, names);
        } else {
            self.plain_vector(&v.data);
        }
        if let Some(attrs) = &v.attrs {
            // A matrix does not show its names in the layout, so they print as an
            // attribute.
            let names_shown = v.dims().is_none_or(|d| d.len() < 2);
            self.attributes(attrs, tag, names_shown);
        }
    }

    /// R's `print.factor`: the levels of the elements as an unquoted
    /// character vector (with the factor's other attributes), then the
    /// `Levels:` line, cut to fit the width as R cuts it.
    fn factor(&mut self, v: &Vector, tag: &str) {
        let ordered = v
            .class()
            .is_some_and(|c| c.iter().any(|s| s.as_deref() == Some("ordered")));
        let levels: Vec<RStr> = match v.attr("levels").and_then(|l| l.as_vector()) {
            Some(l) => match l.data.coerce(crate::value::VType::Str) {
                VecData::Str(s) => s,
                _ => Vec::new(),
            },
            None => Vec::new(),
        };
        if v.is_empty() {
            self.out.push_str(if ordered {
                "ordered(0)\n"
            } else {
                "factor(0)\n"
            });
        } else {
            let codes = match v.data.coerce(crate::value::VType::Int) {
                VecData::Int(c) => c,
                _ => Vec::new(),
            };
            let labels = codes
                .iter()
                .map(|&c| {
                    if c < 1 {
                        None
                    } else {
                        levels.get(c as usize - 1).cloned().flatten()
                    }
                })
                .collect();
            let mut xx = Vector::new(VecData::Str(labels));
            for (name, val) in v.attrs.iter().flat_map(|a| a.iter()) {
                if !matches!(&**name, "levels" | "class") {
                    xx.set_attr(name, val.clone());
                }
            }
            let quote = std::mem::replace(&mut self.quote, false);
            self.vector(&xx, tag);
            self.quote = quote;
        }
        let lev: Vec<String> = levels
            .iter()
            .map(|l| match l {
                Some(s) => crate::format::escape_string(s, false),
                None => "<NA>".to_string(),
            })
            .collect();
        let colsep = if ordered { " < " } else { " " };
        let n = lev.len();
        let width = PRINT_WIDTH - ("Levels: ".len() + 3 + 1 + 3);
        let mut total = 0;
        let lenl: Vec<usize> = lev
            .iter()
            .map(|l| {
                total += str_width(l) + colsep.len();
                total
            })
            .collect();
        let maxl = if n <= 1 || lenl[n - 1] <= width {
            n
        } else {
            let first_over = lenl.iter().position(|&l| l > width).unwrap_or(0) + 1;
            (first_over.saturating_sub(1)).max(1)
        };
        let drop = n > maxl;
        let shown: Vec<&str> = if drop {
            let mut s: Vec<&str> = lev[..(maxl.saturating_sub(1)).max(1)]
                .iter()
                .map(|s| s.as_str())
                .collect();
            s.push("...");
            if maxl > 1 {
                s.push(&lev[n - 1]);
            }
            s
        } else {
            lev.iter().map(|s| s.as_str()).collect()
        };
        if drop {
            self.out.push_str(&format!("{} ", n));
        }
        self.out.push_str("Levels: ");
        self.out.push_str(&shown.join(colsep));
        self.out.push('\n');
    }

    fn attributes(&mut self, attrs: &[(crate::value::Sym, Value)], tag: &str, names_shown: bool) {
        for (name, val) in attrs {
            if matches!(&**name, "dim" | "dimnames" | "comment" | "srcref")
                || (names_shown && &**name == "names")
            {
                continue;
            }
            // print.table shows a table without its class.
            if &**name == "class" && val.explicit_class().is_none() && is_table_class(val) {
                continue;
            }
            // R chains attribute tags (`attr(,"a")attr(,"b")`) but does not prefix
            // them with list element tags (`$x`).
            let prefix = if tag.starts_with("attr(") { tag } else { "" };
            let t = format!("{}attr(,\"{}\")", prefix, name);
            self.out.push_str(&t);
            self.out.push('\n');
            // A classed attribute value is printed by `print()` (R's
            // printAttributes), which starts with a fresh tag.
            let inner = if val.explicit_class().is_some() {
                ""
            } else {
                &t
            };
            // (A condition, `try`'s attribute, prints as `print` shows one.)
            if let Some(text) = crate::builtins::lang::format_condition(val) {
                self.out.push_str(&text);
                continue;
            }
            self.value(val, inner);
        }
    }

    /// Elements formatted as `print` does for a vector (or a matrix column).
    fn cells(&self, d: &VecData, quote: bool) -> Cells {
        match d {
            VecData::Raw(x) => Cells {
                cells: x.iter().map(|b| format!("{b:02x}")).collect(),
                w: 2,
            },
            VecData::Lgl(x) => {
                let w = format_logical(x);
                Cells {
                    cells: x.iter().map(|&b| pad_left(logical_str(b), w)).collect(),
                    w,
                }
            }
            VecData::Int(x) => {
                let w = format_integer(x);
                Cells {
                    cells: x.iter().map(|&i| encode_integer(i, w)).collect(),
                    w,
                }
            }
            VecData::Dbl(x) => {
                let f = format_real(x, self.digits, 0);
                Cells {
                    cells: x.iter().map(|&r| encode_real(r, f)).collect(),
                    w: f.w,
                }
            }
            VecData::Cplx(x) => complex_cells(x, self.digits),
            VecData::Str(x) => {
                let enc: Vec<String> = x.iter().map(|s| encode_string(s, quote)).collect();
                let w = enc.iter().map(|s| str_width(s)).max().unwrap_or(0);
                Cells { cells: enc, w }
            }
            VecData::List(x) => {
                let enc: Vec<String> = x.iter().map(list_cell_summary).collect();
                let w = enc.iter().map(|s| str_width(s)).max().unwrap_or(0);
                Cells { cells: enc, w }
            }
        }
    }

    fn plain_vector(&mut self, d: &VecData) {
        let n = d.len();
        let is_str = matches!(d, VecData::Str(_));
        let c = self.cells(d, self.quote);
        let labw = index_width(n) + 2;
        let mut width = labw;
        self.out.push_str(&pad_left("[1]", labw));
        for (i, cell) in c.cells.iter().enumerate() {
            if i > 0 && width + c.w + GAP > PRINT_WIDTH {
                self.out.push('\n');
                self.out.push_str(&pad_left(&format!("[{}]", i + 1), labw));
                width = labw;
            }
            self.out.push(' ');
            if is_str {
                self.out.push_str(&pad_right(cell, c.w));
            } else {
                self.out.push_str(&pad_left(cell, c.w));
            }
            width += c.w + GAP;
        }
        self.out.push('\n');
    }

    fn named_vector(&mut self, d: &VecData, names: &[RStr]) {
        let n = d.len();
        let c = self.cells(d, self.quote);
        let name_strs: Vec<String> = (0..n)
            .map(|i| encode_string(names.get(i).unwrap_or(&None), false))
            .collect();
        let wn = name_strs.iter().map(|s| str_width(s)).max().unwrap_or(0);
        let w = c.w.max(wn);
        // (A named complex vector's part formats, once for all its lines.)
        let cplx_parts = match d {
            VecData::Cplx(z) => {
                let (fr, fi, _) = format_complex(z, self.digits, 0);
                Some((fr, fi))
            }
            _ => None,
        };
        let per_line = (PRINT_WIDTH / (w + GAP)).max(1);
        let nlines = n.div_ceil(per_line);
        for line in 0..nlines {
            if line > 0 {
                self.out.push('\n');
            }
            let range = line * per_line..((line + 1) * per_line).min(n);
            for k in range.clone() {
                self.out.push_str(&pad_left(&name_strs[k], w));
                self.out.push(' ');
            }
            self.out.push('\n');
            if let (VecData::Cplx(z), Some((fr, fi))) = (d, cplx_parts) {
                // R 4.2 prints named complex values at their own width, one space
                // apart, with no trailing gap (NA alone is padded to the column),
                // each in the vector's part formats but not rounded first.
                let line: Vec<String> = range
                    .map(|k| match z.get(k) {
                        Some(v)
                            if crate::value::is_na_real(v.re) || crate::value::is_na_real(v.im) =>
                        {
                            pad_left("NA", w)
                        }
                        Some(&v) => {
                            let s = crate::format::encode_complex_parts(v, fr, fi);
                            pad_left(&s, c.w)
                        }
                        None => String::new(),
                    })
                    .collect();
                self.out.push_str(&line.join(" "));
                continue;
            }
            for k in range {
                self.out.push_str(&pad_left(&c.cells[k], w));
                self.out.push(' ');
            }
        }
        self.out.push('\n');
    }

    fn matrix(&mut self, v: &Vector, nr: usize, nc: usize) {
        if nr.saturating_mul(nc) != v.len() {
            // A malformed dim: show the data as a plain vector rather than panic.
            self.plain_vector(&v.data);
            return;
        }
        if nr == 0 && nc == 0 {
            self.out.push_str("<0 x 0 matrix>\n");
            return;
        }
        let (row_names, col_names) = dimnames(v);
        let (rn, cn) = match dimnames_names(v) {
            Some(n) => (
                Some(n.first().cloned().flatten().unwrap_or_else(|| "".into())),
                Some(n.get(1).cloned().flatten().unwrap_or_else(|| "".into())),
            ),
            None => (None, None),
        };
        self.matrix_slice(
            v,
            0,
            nr,
            nc,
            &row_names,
            &col_names,
            rn.as_deref(),
            cn.as_deref(),
        );
    }

    /// An array of 3 or more dimensions, as R's `printArray`: each matrix
    /// slice `x[, , k, ...]` under its `, , k` header (the dimnames, with
    /// their names as `, , L = l1`), followed by an empty line.
    fn array(&mut self, v: &Vector, dims: &[usize]) {
        let total: usize = dims.iter().product();
        if total != v.len() {
            self.plain_vector(&v.data);
            return;
        }
        let (nr, nc) = (dims[0], dims[1]);
        let nb: usize = dims[2..].iter().product();
        if nb == 0 {
            let ty = v.vtype().name();
            let d: Vec<String> = dims.iter().map(|d| d.to_string()).collect();
            self.out
                .push_str(&format!("<{} array of {}>\n", d.join(" x "), ty));
            return;
        }
        let parts = dimnames_parts(v);
        let dnn = dimnames_names(v);
        let part = |k: usize| parts.as_ref().and_then(|p| p.get(k).cloned().flatten());
        let (row_names, col_names) = (part(0), part(1));
        let name = |k: usize| -> String {
            dnn.as_ref()
                .and_then(|n| n.get(k).cloned().flatten())
                .map_or_else(String::new, |s| s.to_string())
        };
        let (rn, cn) = match &dnn {
            Some(_) => (Some(name(0)), Some(name(1))),
            None => (None, None),
        };
        for i in 0..nb {
            let mut head = String::from(", ");
            let mut k = 1;
            for (j, &dj) in dims.iter().enumerate().skip(2) {
                let l = (i / k) % dj;
                match part(j) {
                    Some(dn) => {
                        let lab = dn
                            .get(l)
                            .cloned()
                            .flatten()
                            .map_or_else(|| "NA".to_string(), |s| s.to_string());
                        if dnn.is_some() {
                            head.push_str(&format!(", {} = {}", name(j), lab));
                        } else {
                            head.push_str(&format!(", {}", lab));
                        }
                    }
                    None => head.push_str(&format!(", {}", l + 1)),
                }
                k *= dj;
            }
            self.out.push_str(&head);
            self.out.push_str("\n\n");
            self.matrix_slice(
                v,
                i * nr * nc,
                nr,
                nc,
                &row_names,
                &col_names,
                rn.as_deref(),
                cn.as_deref(),
            );
            self.out.push('\n');
        }
    }

    /// The `nr` x `nc` matrix whose elements start at `offset` in `v`, as R's
    /// `print*Matrix`: row and column labels from the dimnames (`[i,]`/`[,j]`
    /// without), and the dimnames' names `rn`/`cn` (when the dimnames have
    /// names) as a header line and above the row labels.
    #[allow(clippy::too_many_arguments)]
    fn matrix_slice(
        &mut self,
        v: &Vector,
        offset: usize,
        nr: usize,
        nc: usize,
        row_names: &Option<Vec<RStr>>,
        col_names: &Option<Vec<RStr>>,
        rn: Option<&str>,
        cn: Option<&str>,
    ) {
        let is_str = matches!(v.data, VecData::Str(_));
        let mut rlabw = match row_names {
            Some(rn) => rn
                .iter()
                .map(|s| str_width(&encode_string(s, false)))
                .max()
                .unwrap_or(0),
            None => index_width(nr + 1) + 3,
        };
        // R_MIN_LBLOFF: the row labels are indented under the dimnames' name.
        let mut lbloff = 0;
        if let Some(rn) = rn {
            let rnw = str_width(rn);
            lbloff = if rnw < rlabw + 2 { 2 } else { rnw - rlabw };
            rlabw += lbloff;
        }
        // Column cells and widths (numbers: width includes the gap, as in R).
        let mut cols: Vec<Cells> = Vec::with_capacity(nc);
        for j in 0..nc {
            let idx: Vec<Option<usize>> =
                (offset + j * nr..offset + (j + 1) * nr).map(Some).collect();
            let mut c = self.cells(&v.data.select(&idx), self.quote);
            let clabw = match col_names {
                Some(cn) => str_width(&encode_string(cn.get(j).unwrap_or(&None), false)),
                None => index_width(j + 1) + 3,
            };
            c.w = c.w.max(clabw);
            cols.push(c);
        }
        let col_label = |j: usize| -> String {
            match col_names {
                Some(cn) => encode_string(cn.get(j).unwrap_or(&None), false),
                None => format!("[,{}]", j + 1),
            }
        };
        let row_label = |i: usize| -> String {
            match row_names {
                Some(names) => format!(
                    "{}{}",
                    " ".repeat(lbloff),
                    pad_right(
                        &encode_string(names.get(i).unwrap_or(&None), false),
                        rlabw - lbloff
                    )
                ),
                None => pad_left(&format!("[{},]", i + 1), rlabw),
            }
        };
        let corner = |out: &mut String| {
            if let Some(cn) = cn {
                out.push_str(&" ".repeat(rlabw));
                out.push_str(cn);
                out.push('\n');
            }
            match rn {
                Some(rn) => out.push_str(&pad_right(rn, rlabw)),
                None => out.push_str(&" ".repeat(rlabw)),
            }
        };
        if nc == 0 {
            corner(&mut self.out);
            for i in 0..nr {
                self.out.push('\n');
                self.out.push_str(&row_label(i));
            }
            self.out.push('\n');
            return;
        }
        let mut jmin = 0;
        while jmin < nc {
            let mut width = rlabw;
            let mut jmax = jmin;
            loop {
                width += cols[jmax].w + GAP;
                jmax += 1;
                if !(jmax < nc && width + cols[jmax].w + GAP < PRINT_WIDTH) {
                    break;
                }
            }
            corner(&mut self.out);
            for (j, col) in cols.iter().enumerate().take(jmax).skip(jmin) {
                self.out.push(' ');
                if is_str {
                    self.out.push_str(&pad_right(&col_label(j), col.w));
                } else {
                    self.out.push_str(&pad_left(&col_label(j), col.w));
                }
            }
            for i in 0..nr {
                self.out.push('\n');
                self.out.push_str(&row_label(i));
                for col in &cols[jmin..jmax] {
                    self.out.push(' ');
                    let cell = col.cells.get(i).map(String::as_str).unwrap_or("");
                    if is_str {
                        self.out.push_str(&pad_right(cell, col.w));
                    } else {
                        self.out.push_str(&pad_left(cell, col.w));
                    }
                }
            }
            self.out.push('\n');
            jmin = jmax;
        }
    }

    fn list(&mut self, items: &[Value], names: Option<&[RStr]>, tag: &str) {
        if items.is_empty() {
            self.out.push_str(if names.is_some() {
                "named list()\n"
            } else {
                "list()\n"
            });
            return;
        }
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                self.out.push('\n');
            }
            let name = names.and_then(|n| n.get(i)).cloned().flatten();
            let t = match name {
                Some(nm) if !nm.is_empty() => {
                    if is_syntactic_name(&nm) {
                        format!("{}${}", tag, nm)
                    } else {
                        format!("{}$`{}`", tag, nm)
                    }
                }
                None if names.is_some() => format!("{}$<NA>", tag),
                _ => format!("{}[[{}]]", tag, i + 1),
            };
            self.out.push_str(&t);
            self.out.push('\n');
            self.value(item, &t);
        }
        self.out.push('\n');
    }
}

/// The row and column names of a matrix, when its `dimnames` holds character vectors.
fn dimnames(v: &Vector) -> (Option<Vec<RStr>>, Option<Vec<RStr>>) {
    match dimnames_parts(v) {
        Some(mut p) => {
            p.resize(2, None);
            let mut it = p.into_iter();
            (it.next().flatten(), it.next().flatten())
        }
        None => (None, None),
    }
}

/// Each component of an array's `dimnames` as strings (`None` for NULL).
fn dimnames_parts(v: &Vector) -> Option<Vec<Option<Vec<RStr>>>> {
    let dn = v.attr("dimnames").and_then(|d| d.as_vector())?;
    let VecData::List(parts) = &dn.data else {
        return None;
    };
    Some(
        parts
            .iter()
            .map(|p| {
                let p = p.as_vector()?;
                match p.data.coerce(crate::value::VType::Str) {
                    VecData::Str(s) => Some(s),
                    _ => None,
                }
            })
            .collect(),
    )
}

/// The names of an array's `dimnames`, when it has them.
fn dimnames_names(v: &Vector) -> Option<Vec<RStr>> {
    let dn = v.attr("dimnames").and_then(|d| d.as_vector())?;
    dn.attr("names")?;
    dn.names().map(|n| n.to_vec())
}

/// Complex elements: R 4.2 formats real and imaginary parts as vectors, then pads
/// the combined strings to their common width.
fn complex_cells(x: &[C64], digits: usize) -> Cells {
    let (fr, fi, _) = format_complex(x, digits, 0);
    let strs: Vec<String> = x
        .iter()
        .map(|&z| encode_complex_digits(z, fr, fi, digits))
        .collect();
    let w = strs.iter().map(|s| str_width(s)).max().unwrap_or(0);
    Cells {
        cells: strs.iter().map(|s| pad_left(s, w)).collect(),
        w,
    }
}

/// How an element of a list matrix is summarised (R shows `numeric,3` etc.).
fn list_cell_summary(v: &Value) -> String {
    match v {
        Value::Null => "NULL".into(),
        Value::Closure(_) | Value::Builtin(_) | Value::Env(_) => "?".into(),
        _ if v.len() == 1 => crate::print::print_to_string(v)
            .trim_start_matches("[1] ")
            .trim_end()
            .to_string(),
        _ => {
            let ty = match v.vtype() {
                Some(crate::value::VType::Dbl) => "numeric",
                Some(t) => t.name(),
                None => "?",
            };
            format!("{},{}", ty, v.len())
        }
    }
}

/// Is `s` a syntactic R name (so `$name` needs no backticks)?
pub fn is_syntactic_name(s: &str) -> bool {
    crate::deparse::is_syntactic_name(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::{
        dbl_vec, int_vec, lgl_vec, list_vec, na_real, str_vec, Vector, NA_INTEGER, NA_LOGICAL,
    };

    fn s(x: &str) -> RStr {
        Some(x.into())
    }
    fn with_attr(v: Value, name: &str, a: Value) -> Value {
        let mut v = v;
        v.set_attr(name, a);
        v
    }
    fn matrix(data: VecData, nr: i32, nc: i32) -> Value {
        let mut v = Vector::new(data);
        v.set_attr("dim", int_vec(vec![nr, nc]));
        Value::Vec(std::rc::Rc::new(v))
    }

    #[test]
    fn atomic_vectors() {
        // Expected text from Rscript.
        assert_eq!(
            print_to_string(&dbl_vec(vec![1.5, na_real(), 3.0])),
            "[1] 1.5  NA 3.0\n"
        );
        assert_eq!(print_to_string(&Value::Dbl(-0.0)), "[1] 0\n");
        assert_eq!(
            print_to_string(&dbl_vec(vec![1e-20, 1.0])),
            "[1] 1e-20 1e+00\n"
        );
        assert_eq!(
            print_to_string(&dbl_vec(vec![1e100, 1e5])),
            "[1] 1e+100  1e+05\n"
        );
        assert_eq!(
            print_to_string(&str_vec(vec![s("bbb"), s("a"), None])),
            "[1] \"bbb\" \"a\"   NA   \n"
        );
        assert_eq!(
            print_to_string(&lgl_vec(vec![1, NA_LOGICAL, 0])),
            "[1]  TRUE    NA FALSE\n"
        );
        assert_eq!(print_to_string(&Value::Null), "NULL\n");
        assert_eq!(print_to_string(&str_vec(vec![])), "character(0)\n");
        assert_eq!(print_to_string(&dbl_vec(vec![])), "numeric(0)\n");
        assert_eq!(
            print_to_string(&dbl_vec(vec![1.123456789, 2.5, 100.0])),
            "[1]   1.123457   2.500000 100.000000\n"
        );
        assert_eq!(
            print_to_string(&dbl_vec(vec![
                -1.0,
                2.25,
                na_real(),
                f64::NAN,
                f64::INFINITY,
                f64::NEG_INFINITY
            ])),
            "[1] -1.00  2.25    NA   NaN   Inf  -Inf\n"
        );
        assert_eq!(
            print_to_string(&dbl_vec(vec![123456789012.0, 1.0])),
            "[1] 123456789012            1\n"
        );
        assert_eq!(
            print_to_string_digits(&Value::Dbl(1.0 / 3.0), 3),
            "[1] 0.333\n"
        );
        assert_eq!(
            print_to_string(&dbl_vec(vec![0.00001, 123.0])),
            "[1] 1.00e-05 1.23e+02\n"
        );
        assert_eq!(print_to_string(&Value::Dbl(1234567.1)), "[1] 1234567\n");
        assert_eq!(
            print_to_string(&dbl_vec(vec![1.5e10, 2e10, 3e10])),
            "[1] 1.5e+10 2.0e+10 3.0e+10\n"
        );
        assert_eq!(print_to_string(&Value::str("a\"b")), "[1] \"a\\\"b\"\n");
    }

    #[test]
    fn wrapping_at_80() {
        let x = int_vec((1..=100).collect());
        let want = "  [1]   1   2   3   4   5   6   7   8   9  10  11  12  13  14  15  16  17  18
 [19]  19  20  21  22  23  24  25  26  27  28  29  30  31  32  33  34  35  36
 [37]  37  38  39  40  41  42  43  44  45  46  47  48  49  50  51  52  53  54
 [55]  55  56  57  58  59  60  61  62  63  64  65  66  67  68  69  70  71  72
 [73]  73  74  75  76  77  78  79  80  81  82  83  84  85  86  87  88  89  90
 [91]  91  92  93  94  95  96  97  98  99 100
";
        assert_eq!(print_to_string(&x), want);
    }

    #[test]
    fn named_vectors() {
        let v = with_attr(
            dbl_vec(vec![1.0, 2.0]),
            "names",
            str_vec(vec![s("a"), s("bb")]),
        );
        assert_eq!(print_to_string(&v), " a bb \n 1  2 \n");
        let names: Vec<RStr> = (1..=30).map(|i| s(&format!("n{}", i))).collect();
        let v = with_attr(int_vec((1..=30).collect()), "names", str_vec(names));
        let want =
            " n1  n2  n3  n4  n5  n6  n7  n8  n9 n10 n11 n12 n13 n14 n15 n16 n17 n18 n19 n20 
  1   2   3   4   5   6   7   8   9  10  11  12  13  14  15  16  17  18  19  20 
n21 n22 n23 n24 n25 n26 n27 n28 n29 n30 
 21  22  23  24  25  26  27  28  29  30 
";
        assert_eq!(print_to_string(&v), want);
        let v = with_attr(
            str_vec(vec![s("x"), None]),
            "names",
            str_vec(vec![s("a"), s("b")]),
        );
        assert_eq!(print_to_string(&v), "  a   b \n\"x\"  NA \n");
    }

    #[test]
    fn matrices() {
        let m = matrix(VecData::Dbl(vec![-1.5, na_real(), 3.0, 4.0]), 2, 2);
        assert_eq!(
            print_to_string(&m),
            "     [,1] [,2]\n[1,] -1.5    3\n[2,]   NA    4\n"
        );
        let m = matrix(VecData::Str(vec![s("a"), s("bb"), None, s("d")]), 2, 2);
        assert_eq!(
            print_to_string(&m),
            "     [,1] [,2]\n[1,] \"a\"  NA  \n[2,] \"bb\" \"d\" \n"
        );
    }

    #[test]
    fn lists_and_attributes() {
        let l = list_vec(vec![Value::Dbl(1.0), Value::str("a")]);
        assert_eq!(print_to_string(&l), "[[1]]\n[1] 1\n\n[[2]]\n[1] \"a\"\n\n");
        let inner = with_attr(list_vec(vec![Value::Dbl(1.0)]), "names", Value::str("b"));
        let l = with_attr(
            list_vec(vec![inner, Value::Null]),
            "names",
            str_vec(vec![s("a"), s("c")]),
        );
        assert_eq!(print_to_string(&l), "$a\n$a$b\n[1] 1\n\n\n$c\nNULL\n\n");
        assert_eq!(print_to_string(&list_vec(vec![])), "list()\n");
        let named_empty = with_attr(list_vec(vec![]), "names", str_vec(vec![]));
        assert_eq!(print_to_string(&named_empty), "named list()\n");
        let obj = with_attr(int_vec(vec![1, 2, 3]), "class", Value::str("foo"));
        assert_eq!(
            print_to_string(&obj),
            "[1] 1 2 3\nattr(,\"class\")\n[1] \"foo\"\n"
        );
        let _ = NA_INTEGER;
    }

    #[test]
    fn matrices_dimnames_logical_wrapping() {
        // Expected text from Rscript.
        let mut m = Vector::new(VecData::Int((1..=6).collect()));
        m.set_attr("dim", int_vec(vec![2, 3]));
        m.set_attr(
            "dimnames",
            list_vec(vec![
                Value::strs(&["r1", "row2"]),
                Value::strs(&["A", "B", "C"]),
            ]),
        );
        assert_eq!(
            print_to_string(&Value::Vec(std::rc::Rc::new(m))),
            "     A B C\nr1   1 3 5\nrow2 2 4 6\n"
        );
        let m = matrix(VecData::Lgl(vec![1, NA_LOGICAL, 0, 1]), 2, 2);
        assert_eq!(
            print_to_string(&m),
            "     [,1]  [,2]\n[1,] TRUE FALSE\n[2,]   NA  TRUE\n"
        );
        let m = matrix(
            VecData::Dbl((1..=40).map(|i| i as f64 * 1000.5).collect()),
            2,
            20,
        );
        let want = "       [,1]   [,2]   [,3]   [,4]    [,5]    [,6]    [,7]    [,8]    [,9]
[1,] 1000.5 3001.5 5002.5 7003.5  9004.5 11005.5 13006.5 15007.5 17008.5
[2,] 2001.0 4002.0 6003.0 8004.0 10005.0 12006.0 14007.0 16008.0 18009.0
       [,10]   [,11]   [,12]   [,13]   [,14]   [,15]   [,16]   [,17]   [,18]
[1,] 19009.5 21010.5 23011.5 25012.5 27013.5 29014.5 31015.5 33016.5 35017.5
[2,] 20010.0 22011.0 24012.0 26013.0 28014.0 30015.0 32016.0 34017.0 36018.0
       [,19]   [,20]
[1,] 37018.5 39019.5
[2,] 38019.0 40020.0
";
        assert_eq!(print_to_string(&m), want);
    }

    #[test]
    fn complex_vectors() {
        let z = VecData::Cplx(vec![
            C64::new(1.0, 2.0),
            crate::value::na_complex(),
            C64::new(-1.5, -0.5),
        ]);
        assert_eq!(
            print_to_string(&Value::from_data(z)),
            "[1]  1.0+2.0i        NA -1.5-0.5i\n"
        );
        let z = VecData::Cplx(vec![C64::new(1.0, 10.0), C64::new(1.0, 1.0)]);
        assert_eq!(print_to_string(&Value::from_data(z)), "[1] 1+10i 1+ 1i\n");
        // Rscript: print(exp(1i * pi)); print(c(0.5+0i, 100+1e-3i))
        let z = VecData::Cplx(vec![C64::new(-1.0, 1.2246467991473532e-16)]);
        assert_eq!(print_to_string(&Value::from_data(z)), "[1] -1+0i\n");
        let z = VecData::Cplx(vec![C64::new(0.5, 0.0), C64::new(100.0, 1e-3)]);
        assert_eq!(
            print_to_string(&Value::from_data(z)),
            "[1] 5e-01+0e+00i 1e+02+1e-03i\n"
        );
    }
}
