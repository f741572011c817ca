//! R's argument matching (exact names, then unique partial prefixes for formals
//! before `...`, then positions), shared by closures and builtins.

use crate::value::{Sym, Value};

/// The arguments of one call after `...` expansion, in call order.
#[derive(Clone, Debug, Default)]
pub struct Args {
    pub values: Vec<Value>,
    pub names: Vec<Option<Sym>>,
}

/// The result of matching supplied arguments to formals: for each formal, the index
/// of the supplied argument bound to it; and the supplied indices that go to `...`.
#[derive(Clone, Debug, PartialEq)]
pub struct Matching {
    pub formals: Vec<Option<usize>>,
    pub dots: Vec<usize>,
}

/// Match supplied argument names against formals (R's three-pass algorithm).
/// Errors use R's wording (`unused argument`, `formal argument "x" matched by multiple
/// actual arguments`). `unused_desc(i)` describes supplied argument `i` for the
/// "unused argument" message (R prints the deparsed expression, e.g. `(z = 3)`).
pub fn match_args(
    formals: &[&str],
    supplied: &[Option<Sym>],
    unused_desc: &dyn Fn(usize) -> String,
) -> Result<Matching, String> {
    let nf = formals.len();
    let dots_at = formals.iter().position(|f| *f == "...");
    let mut fm: Vec<Option<usize>> = vec![None; nf];
    let mut used = vec![false; supplied.len()];
    // 1. exact names
    for (i, name) in supplied.iter().enumerate() {
        let Some(name) = name else { continue };
        if name.is_empty() {
            continue;
        }
        if let Some(j) = formals.iter().position(|f| *f != "..." && **f == **name) {
            if fm[j].is_some() {
                return Err(format!(
                    "formal argument \"{}\" matched by multiple actual arguments",
                    formals[j]
                ));
            }
            fm[j] = Some(i);
            used[i] = true;
        }
    }
    // 2. partial names, only for formals before `...`
    for (i, name) in supplied.iter().enumerate() {
        let Some(name) = name else { continue };
        if used[i] || name.is_empty() {
            continue;
        }
        let limit = dots_at.unwrap_or(nf);
        let cands: Vec<usize> = (0..limit)
            .filter(|&j| fm[j].is_none() && formals[j].starts_with(&**name))
            .collect();
        match cands.len() {
            0 => {}
            1 => {
                fm[cands[0]] = Some(i);
                used[i] = true;
            }
            _ => {
                return Err(format!(
                    "argument {} matches multiple formal arguments",
                    i + 1
                ))
            }
        }
    }
    // 3. positional: unnamed supplied args fill unmatched formals before `...`
    let mut dots = Vec::new();
    let mut j = 0;
    for i in 0..supplied.len() {
        if used[i] {
            continue;
        }
        let named = supplied[i].as_ref().is_some_and(|n| !n.is_empty());
        if !named {
            while j < nf && (fm[j].is_some() || formals[j] == "...") && Some(j) != dots_at {
                j += 1;
            }
            if j < nf && Some(j) != dots_at {
                fm[j] = Some(i);
                used[i] = true;
                j += 1;
                continue;
            }
        }
        if dots_at.is_some() {
            dots.push(i);
            used[i] = true;
        } else {
            return Err(format!("unused argument {}", unused_desc(i)));
        }
    }
    Ok(Matching { formals: fm, dots })
}

impl Args {
    pub fn new() -> Args {
        Args::default()
    }
    pub fn positional(values: Vec<Value>) -> Args {
        let names = vec![None; values.len()];
        Args { values, names }
    }
    #[inline]
    pub fn push(&mut self, name: Option<Sym>, v: Value) {
        self.names.push(name);
        self.values.push(v);
    }
    pub fn len(&self) -> usize {
        self.values.len()
    }
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
    /// Match against a builtin's formals. The result holds one `Option<Value>` per
    /// formal (`...` gets `None`) and the `...` arguments with their names.
    pub fn bind(self, formals: &[&str]) -> Result<Bound, crate::error::RError> {
        // Fast path: no names, so positions alone decide (what the three
        // passes below give for unnamed arguments, without their vectors).
        if self
            .names
            .iter()
            .all(|n| n.as_ref().is_none_or(|s| s.is_empty()))
        {
            let nf = formals.len();
            let dots_at = formals.iter().position(|f| *f == "...");
            let limit = dots_at.unwrap_or(nf);
            if dots_at.is_some() || self.values.len() <= nf {
                let mut slots = Vec::with_capacity(nf);
                let mut names = self.names.into_iter();
                let mut values = self.values.into_iter();
                for j in 0..nf {
                    slots.push(if j < limit {
                        names.next();
                        values.next()
                    } else {
                        None
                    });
                }
                let dots = names.zip(values).collect();
                return Ok(Bound { slots, dots });
            }
        }
        let m = match_args(formals, &self.names, &|i| match &self.names[i] {
            Some(n) => format!(
                "({} = {})",
                n,
                crate::deparse::deparse_value_short(&self.values[i])
            ),
            None => format!("({})", crate::deparse::deparse_value_short(&self.values[i])),
        })
        .map_err(crate::error::RError::new)?;
        let mut vals: Vec<Option<Value>> = self.values.into_iter().map(Some).collect();
        let slots = m
            .formals
            .iter()
            .map(|o| o.and_then(|i| vals[i].take()))
            .collect();
        let dots = m
            .dots
            .iter()
            .map(|&i| (self.names[i].clone(), vals[i].take().unwrap()))
            .collect();
        Ok(Bound { slots, dots })
    }
}

/// Arguments bound to a builtin's formals.
#[derive(Debug)]
pub struct Bound {
    pub slots: Vec<Option<Value>>,
    pub dots: Vec<(Option<Sym>, Value)>,
}

impl Bound {
    /// Take formal `i` (None when not supplied).
    pub fn take(&mut self, i: usize) -> Option<Value> {
        self.slots[i].take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    fn n(s: &str) -> Option<Sym> {
        Some(s.into())
    }
    /// `bind` of unnamed arguments (its fast path) binds as `match_args` does.
    #[test]
    fn positional_bind_is_match_args() {
        let cases: &[&[&str]] = &[
            &[],
            &["x"],
            &["x", "y"],
            &["...", "sep"],
            &["x", "...", "na.rm"],
            &["a", "b", "..."],
        ];
        for formals in cases {
            for n in 0..5 {
                for empty_names in [false, true] {
                    let mut args = Args::new();
                    for i in 0..n {
                        args.push(empty_names.then(|| "".into()), Value::Int(i));
                    }
                    let names = args.names.clone();
                    let m = match_args(formals, &names, &|_| String::new());
                    match (args.bind(formals), m) {
                        (Ok(b), Ok(m)) => {
                            let want: Vec<Option<Value>> = m
                                .formals
                                .iter()
                                .map(|o| o.map(|i| Value::Int(i as i32)))
                                .collect();
                            assert_eq!(b.slots, want, "{formals:?} {n}");
                            let dots: Vec<Value> =
                                m.dots.iter().map(|&i| Value::Int(i as i32)).collect();
                            let got: Vec<Value> = b.dots.iter().map(|d| d.1.clone()).collect();
                            assert_eq!(got, dots, "{formals:?} {n}");
                            assert!(b.dots.iter().all(|d| d.0 == names[0].clone()));
                        }
                        (Err(_), Err(_)) => {}
                        (b, m) => panic!("{formals:?} {n}: {:?} vs {:?}", b.is_ok(), m),
                    }
                }
            }
        }
    }

    #[test]
    fn exact_partial_positional() {
        let m = match_args(
            &["x", "length.out", "by"],
            &[None, n("len"), n("by")],
            &|_| String::new(),
        )
        .unwrap();
        assert_eq!(m.formals, vec![Some(0), Some(1), Some(2)]);
        let m = match_args(&["...", "sep"], &[None, n("se"), n("sep")], &|_| {
            String::new()
        })
        .unwrap();
        assert_eq!(m.formals, vec![None, Some(2)]);
        assert_eq!(m.dots, vec![0, 1]);
        assert!(match_args(&["a"], &[None, None], &|_| "(2)".into())
            .unwrap_err()
            .contains("unused argument (2)"));
    }
}
