//! A seeded generator of R-subset programs weighted toward what speculation
//! gets wrong: values whose type changes under a compiled loop, integer
//! overflow, copy-on-write of grown and aliased vectors, lists and matrices,
//! closures with `<<-`, recursion with changing argument types, functions
//! and globals rebound mid-loop, `break`/`next`/`return` out of nested loops,
//! conditions raised in hot loops, `switch`, empty sequences and S3 dispatch
//! on changing classes.
//!
//! Every program is deterministic and terminates (every loop is bounded by a
//! counter kept on the same line as its test, so shrinking cannot separate
//! them), uses only what `docs/R-SUBSET.md` lists, and means the same to GNU
//! R: errors a phase may raise (a character value reaching `+`) are caught
//! by `tryCatch` and printed as their message.

use crate::program::{Node, Program};

/// splitmix64: small, fast, and the same sequence on every platform forever
/// (a generated program is named by its seed).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x5851_f42d_4c95_7f2d)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as usize) as i64
    }
    pub fn chance(&mut self, p: f64) -> bool {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64 > 1.0 - p
    }
    pub fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len())]
    }
}

/// The value types the expression generator knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    Lgl,
    Int,
    Dbl,
    Cplx,
    Chr,
}

const NUMERIC: [Ty; 4] = [Ty::Lgl, Ty::Int, Ty::Dbl, Ty::Cplx];

/// Generates one program from a seed.
pub struct Gen {
    rng: Rng,
    unit: usize,
}

impl Gen {
    pub fn new(seed: u64) -> Gen {
        Gen {
            rng: Rng::new(seed),
            unit: 0,
        }
    }

    /// The program of `seed`: 3 to 6 units, each a self-contained piece
    /// (own names, suffixed by the unit's number) that prints its results.
    pub fn program(seed: u64) -> Program {
        Gen::program_sized(seed, 3, 6)
    }

    /// The program of `seed` with `lo..=hi` units.
    pub fn program_sized(seed: u64, lo: i64, hi: i64) -> Program {
        let mut g = Gen::new(seed);
        let n = g.rng.range(lo, hi) as usize;
        let mut items = Vec::new();
        for _ in 0..n {
            g.unit += 1;
            items.extend(g.unit_any());
        }
        Program { items }
    }

    fn unit_any(&mut self) -> Vec<Node> {
        // Weighted: the type-changing and loop-exit units are the ones that
        // found miscompiles, so they come up most.
        match self.rng.below(42) {
            0..=2 => self.unit_type_phase(),
            3 | 4 => self.unit_loop_var(),
            5 => self.unit_vector_cow(),
            6 => self.unit_list(),
            7 => self.unit_matrix(),
            8 => self.unit_closure(),
            9 => self.unit_recursion(),
            10 => self.unit_redefine(),
            11 => self.unit_global_rebound(),
            12 | 13 => self.unit_nested_exits(),
            14 => self.unit_try_in_loop(),
            15 => self.unit_switch(),
            16 => self.unit_empty_seqs(),
            17 => self.unit_s3(),
            18 | 19 => self.unit_arith_specials(),
            20 => self.unit_overflow(),
            21 => self.unit_list_iter(),
            22 => self.unit_caller_frame(),
            23 => self.unit_records(),
            24 => self.unit_rotate(),
            25 => self.unit_helper_builtins(),
            26 => self.unit_scalar_builtins(),
            27 => self.unit_literal_table(),
            28 => self.unit_nested_replace(),
            29 => self.unit_call_defaults(),
            30 => self.unit_env_objects(),
            31 => self.unit_on_exit(),
            32 => self.unit_reflective_builtins(),
            33 => self.unit_inner_retype(),
            34 => self.unit_short_sequences(),
            35 => self.unit_named_vectors(),
            36 => self.unit_super_chain(),
            37 => self.unit_s3_operators(),
            38 => self.unit_array3(),
            39 => self.unit_language(),
            40 => self.unit_condition_calls(),
            _ => self.unit_toplevel_phase(),
        }
    }

    fn name(&self, base: &str) -> String {
        format!("{}{}", base, self.unit)
    }

    // ---- literals and expressions -------------------------------------

    fn lit(&mut self, ty: Ty) -> String {
        let r = &mut self.rng;
        match ty {
            Ty::Lgl => r.pick(&["TRUE", "FALSE", "NA", "TRUE"]).to_string(),
            Ty::Int => r
                .pick(&[
                    "1L",
                    "2L",
                    "-3L",
                    "0L",
                    "7L",
                    "NA_integer_",
                    ".Machine$integer.max",
                    "-.Machine$integer.max",
                    "46341L",
                    "100000L",
                ])
                .to_string(),
            Ty::Dbl => r
                .pick(&[
                    "0.5", "2", "-1.25", "0", "-0", "3", "1e308", "1e-310", "Inf", "-Inf", "NaN",
                    "NA_real_", "1e15", "0.1", "-2",
                ])
                .to_string(),
            Ty::Cplx => r
                .pick(&[
                    "1i",
                    "(2+3i)",
                    "(-1-1i)",
                    "(0+0i)",
                    "(0.5-2i)",
                    "complex(real = NA, imaginary = 1)",
                ])
                .to_string(),
            Ty::Chr => r
                .pick(&[
                    "\"a\"",
                    "\"bc\"",
                    "\"\"",
                    "NA_character_",
                    "\"1\"",
                    "\"x y\"",
                ])
                .to_string(),
        }
    }

    fn lit_of(&mut self, tys: &[Ty]) -> String {
        let t = *self.rng.pick(tys);
        self.lit(t)
    }

    fn num_of(&mut self, tys: &[Ty], vars: &[&str], depth: u32) -> String {
        let t = *self.rng.pick(tys);
        self.num_expr(t, vars, depth)
    }

    /// A literal vector of type `ty` (possibly empty, with NAs, or NULL).
    fn vec_lit(&mut self, ty: Ty) -> String {
        let n = self.rng.range(3, 40);
        match ty {
            Ty::Lgl => self
                .rng
                .pick(&[
                    format!("rep(c(TRUE, FALSE, NA), length.out = {})", n),
                    format!("(1:{} %% 3L) == 0L", n),
                    "logical(0)".to_string(),
                ])
                .clone(),
            Ty::Int => self
                .rng
                .pick(&[
                    format!("1:{}", n),
                    format!("{}:1", n),
                    format!("c(1L, NA, 3L, {}L)", n),
                    format!(".Machine$integer.max - 0:{}", n % 5),
                    "integer(0)".to_string(),
                    "1:0".to_string(),
                    format!("seq_len({})", n),
                ])
                .clone(),
            Ty::Dbl => self
                .rng
                .pick(&[
                    format!("as.double(1:{}) / 4", n),
                    format!("seq(0.5, {}, by = 0.5)", n),
                    format!("c(1.5, NA, -2, {})", n),
                    "c(Inf, -Inf, NaN, 0)".to_string(),
                    "numeric(0)".to_string(),
                    format!("(1:{}) * 1e300", n),
                    format!("-(1:{}) - 0.25", n),
                ])
                .clone(),
            Ty::Cplx => self
                .rng
                .pick(&[
                    format!("(1:{}) * 1i", n),
                    format!("complex(real = 1:{}, imaginary = -1)", n),
                    "c(1+1i, NA, 2i)".to_string(),
                    "complex(0)".to_string(),
                ])
                .clone(),
            Ty::Chr => self
                .rng
                .pick(&[
                    format!("as.character(1:{})", n % 7 + 1),
                    "c(\"a\", NA, \"b\")".to_string(),
                    "character(0)".to_string(),
                    "letters[1:5]".to_string(),
                ])
                .clone(),
        }
    }

    /// An expression of (at most) numeric type `ty` over `vars`, `depth` deep.
    /// The result type may be higher than the operands' (R's promotion).
    fn num_expr(&mut self, ty: Ty, vars: &[&str], depth: u32) -> String {
        if depth == 0 || self.rng.chance(0.3) {
            if !vars.is_empty() && self.rng.chance(0.65) {
                return self.rng.pick(vars).to_string();
            }
            return self.lit(ty);
        }
        let a = self.num_expr(ty, vars, depth - 1);
        let b = self.num_expr(ty, vars, depth - 1);
        let complex = ty == Ty::Cplx;
        match self.rng.below(if complex { 7 } else { 17 }) {
            0 => format!("({} + {})", a, b),
            1 => format!("({} - {})", a, b),
            2 => format!("({} * {})", a, b),
            3 => format!("({} / {})", a, b),
            4 => format!("(-{})", a),
            5 => format!(
                "({} ^ {})",
                a,
                self.rng.pick(&["2", "2L", "0.5", "-1", "0", "Inf"])
            ),
            6 => {
                if complex {
                    format!("Conj({})", a)
                } else {
                    format!("abs({})", a)
                }
            }
            7 => format!("({} %% {})", a, b),
            8 => format!("({} %/% {})", a, b),
            9 => format!("({} ^ {})", a, b),
            10 => format!("floor({})", a),
            11 => format!("max({}, {})", a, b),
            12 => format!("min({}, {})", a, b),
            13 => format!("(if (is.na({a}) || {a} > {b}) {a} else {b})", a = a, b = b),
            14 => format!("round({}, 2)", a),
            15 => format!("sqrt(abs({}))", a),
            _ => format!("as.integer({} > {})", a, b),
        }
    }

    /// A body expression for an accumulator `s` and element `x` whose types
    /// change between calls: only operators every numeric type has.
    fn poly_expr(&mut self, s: &str, x: &str) -> String {
        let c = self.lit_of(&[Ty::Int, Ty::Dbl, Ty::Lgl]);
        self.rng
            .pick(&[
                format!("{} + {}", s, x),
                format!("{} + {} * {}", s, x, x),
                format!("{} * {} + {}", s, c, x),
                format!("{} - {} / 2L", s, x),
                format!("{} + ({} - {})", s, x, c),
                format!("{} + {}^2", s, x),
                format!("{} * {}", s, x),
            ])
            .clone()
    }

    fn show(&mut self, e: &str) -> String {
        match self.rng.below(4) {
            0 => format!("cat({}, \"\\n\")", e),
            1 => format!("print(c(r = {}))", e),
            _ => format!("print({})", e),
        }
    }

    /// `tryCatch(EXPR, error = function(e) conditionMessage(e))`, sometimes.
    fn guarded(&mut self, e: &str, risky: bool) -> String {
        if risky || self.rng.chance(0.2) {
            format!(
                "tryCatch({}, error = function(e) paste(\"E:\", conditionMessage(e)))",
                e
            )
        } else {
            e.to_string()
        }
    }

    fn hot(&mut self) -> i64 {
        *self.rng.pick(&[3, 10, 30, 60, 120, 250])
    }

    // ---- units ----------------------------------------------------------

    /// A function folding a vector, called hot with one element type and
    /// then with others (int -> double -> complex -> character, NA, NULL).
    fn unit_type_phase(&mut self) -> Vec<Node> {
        let f = self.name("fold");
        let init = self.lit_of(&[Ty::Int, Ty::Dbl, Ty::Lgl]);
        let body = self.poly_expr("s", "x");
        let mut loop_body = vec![Node::line(format!("s <- {}", body))];
        match self.rng.below(4) {
            0 => loop_body.push(Node::line("if (is.na(s)) next")),
            1 => loop_body.push(Node::line(format!(
                "if (!is.character(s) && !is.na(s) && Mod(s) > {}) break",
                self.rng.pick(&["1e6", "100", "1e300"])
            ))),
            _ => {}
        }
        let seq = self.rng.pick(&["x in v", "i in seq_along(v)"]).to_string();
        let (head, pre) = if seq.starts_with('i') {
            ("for (i in seq_along(v)) {".to_string(), Some("x <- v[[i]]"))
        } else {
            ("for (x in v) {".to_string(), None)
        };
        let mut lb = Vec::new();
        if let Some(p) = pre {
            lb.push(Node::line(p));
        }
        lb.extend(loop_body);
        let fdef = Node::block(
            format!("{} <- function(v) {{", f),
            vec![
                Node::line(format!("s <- {}", init)),
                Node::block(head, lb, "}"),
                Node::line("s"),
            ],
            "}",
        );
        let mut out = vec![fdef];
        let phases = self.rng.range(2, 5);
        let mut tys: Vec<Ty> = vec![Ty::Int, Ty::Dbl, Ty::Cplx, Ty::Chr, Ty::Lgl];
        if self.rng.chance(0.5) {
            tys = vec![Ty::Int, Ty::Dbl, Ty::Cplx, Ty::Dbl];
        }
        for p in 0..phases as usize {
            let ty = if self.rng.chance(0.7) {
                tys[p % tys.len()]
            } else {
                *self
                    .rng
                    .pick(&[Ty::Int, Ty::Dbl, Ty::Cplx, Ty::Chr, Ty::Lgl])
            };
            let v = self.vec_lit(ty);
            let risky = ty == Ty::Chr;
            let call = self.guarded(&format!("{}({})", f, v), risky);
            let reps = self.hot();
            out.push(Node::line(format!("for (rep in 1:{}) r <- {}", reps, call)));
            let s = self.show("r");
            out.push(Node::line(s));
        }
        out
    }

    /// The loop variable after a loop that breaks, completes, or never runs
    /// (the issue's first miscompile).
    fn unit_loop_var(&mut self) -> Vec<Node> {
        let f = self.name("lv");
        let (seq, cond) = match self.rng.below(4) {
            0 => ("seq_along(v)", "v[i] >= t"),
            1 => ("1:length(v)", "v[[i]] >= t"),
            2 => ("seq_len(length(v))", "v[i] > t || is.na(v[i])"),
            _ => ("rev(seq_along(v))", "v[i] <= t"),
        };
        let body = match self.rng.below(3) {
            0 => vec![
                Node::line(format!("for (i in {}) if ({}) break", seq, cond)),
                Node::line("i"),
            ],
            1 => vec![
                Node::line("k <- 0L"),
                Node::block(
                    format!("for (i in {}) {{", seq),
                    vec![
                        Node::line("k <- k + 1L"),
                        Node::line(format!("if ({}) break else next", cond)),
                    ],
                    "}",
                ),
                Node::line("c(i, k)"),
            ],
            _ => vec![
                Node::line("i <- 0L"),
                Node::line(format!(
                    "while ((i <- i + 1L) <= length(v)) if ({}) break",
                    cond
                )),
                Node::line("i"),
            ],
        };
        let mut out = vec![Node::block(
            format!("{} <- function(v, t) {{", f),
            body,
            "}",
        )];
        let n = self.rng.range(5, 3000);
        let vecs = [
            format!("as.double(1:{})", n),
            format!("1:{}", n),
            format!("c(as.double(1:{}), NA)", n % 50),
            format!("(1:{}) / 3", n),
        ];
        let v = self.rng.pick(&vecs).clone();
        out.push(Node::line(format!("x{} <- {}", self.unit, v)));
        let calls = self.rng.range(2, 6);
        for _ in 0..calls {
            let t = self
                .rng
                .pick(&["1e9", "3", "-1", "2L", "NA", "0.5", "Inf", "10L"])
                .to_string();
            let reps = self.hot();
            let call = self.guarded(&format!("{}(x{}, {})", f, self.unit, t), true);
            if self.rng.chance(0.5) {
                out.push(Node::line(format!("for (rep in 1:{}) r <- {}", reps, call)));
                out.push(Node::line("print(r)"));
            } else {
                out.push(Node::line(format!("print({})", call)));
            }
        }
        if self.rng.chance(0.3) {
            out.push(Node::line(format!(
                "print({})",
                self.guarded(&format!("{}(numeric(0), 1)", f), true)
            )));
        }
        out
    }

    /// Vectors grown, aliased and modified through copy-on-write, with the
    /// element type rising mid-loop.
    fn unit_vector_cow(&mut self) -> Vec<Node> {
        let v = self.name("v");
        let w = self.name("w");
        let ty = *self.rng.pick(&NUMERIC);
        let init = self.vec_lit(ty);
        let n = self.hot();
        let k = self.rng.range(2, 7);
        let m = self.rng.range(1, n);
        let idx = self
            .rng
            .pick(&[
                "i",
                "length(VV) + 1L",
                "i + 2L",
                "(i %% 5L) + 1L",
                "length(VV)",
            ])
            .replace("VV", &v);
        let val = self.num_of(&[Ty::Int, Ty::Dbl], &["i"], 2);
        let late = self.lit_of(&[Ty::Dbl, Ty::Cplx, Ty::Chr, Ty::Lgl, Ty::Int]);
        let mut body = vec![
            Node::line(format!("{}[{}] <- {}", v, idx, val)),
            Node::line(format!("if (i %% {}L == 0L) {} <- {}", k, w, v)),
            Node::line(format!("if (i == {}L) {}[[1]] <- {}", m, v, late)),
        ];
        if self.rng.chance(0.4) {
            body.push(Node::line(format!(
                "if (i == {}L) {}[i] <- NA",
                n / 2 + 1,
                w
            )));
        }
        let mut out = vec![
            Node::line(format!("{} <- {}", v, init)),
            Node::line(format!("{} <- {}", w, v)),
            Node::block(format!("for (i in 1:{}) {{", n), body, "}"),
            Node::line(format!("print(length({}))", v)),
            Node::line(format!("print(head({}, 12))", v)),
            Node::line(format!("print(tail({}, 5))", w)),
            Node::line(format!("print(identical({}, {}))", v, w)),
        ];
        // Copy-on-write through a call: the callee's changes stay its own.
        let f = self.name("mod");
        out.push(Node::block(
            format!("{} <- function(a, j) {{", f),
            vec![
                Node::line(format!("a[j] <- {}", self.lit_of(&NUMERIC))),
                Node::line("a[length(a) + 1L] <- j"),
                Node::line("a"),
            ],
            "}",
        ));
        out.push(Node::line(format!(
            "for (j in 1:{}) z <- {}({}, j)",
            self.rng.range(2, 40),
            f,
            w
        )));
        out.push(Node::line(format!(
            "print(tail(z, 3)); print(length({}))",
            w
        )));
        out
    }

    fn unit_list(&mut self) -> Vec<Node> {
        let l = self.name("l");
        let n = self.hot().min(120);
        let e1 = self.num_of(&[Ty::Int, Ty::Dbl, Ty::Cplx], &["i"], 2);
        let del = self.rng.range(2, 9);
        let mut body = vec![
            Node::line(format!("{}[[length({}) + 1L]] <- {}", l, l, e1)),
            Node::line(format!(
                "if (i %% {}L == 0L) {}[[{}]] <- NULL",
                del,
                l,
                self.rng.pick(&["1L", "length(LL)"]).replace("LL", &l)
            )),
        ];
        if self.rng.chance(0.5) {
            body.push(Node::line(format!(
                "{}$tag <- if (i %% 2L == 0L) \"even\" else i",
                l
            )));
        }
        if self.rng.chance(0.4) {
            body.push(Node::line(format!("m{} <- {}", self.unit, l)));
        }
        // `l[k] <- list(v)` stores v, `l[[k]] <- list(v)` the list (the
        // in-place fast path once stored the list for both).
        let e2 = self.num_of(&[Ty::Int, Ty::Dbl], &["i"], 1);
        let bracket = if self.rng.chance(0.5) { "[" } else { "[[" };
        let close = if bracket == "[" { "]" } else { "]]" };
        body.push(Node::line(format!(
            "if (length({l}) >= 2L) {l}{bracket}2L{close} <- list({e2})"
        )));
        let f = self.name("setl");
        let calls = self.hot();
        vec![
            Node::block(
                format!("{} <- function(n) {{", f),
                vec![
                    Node::line("v <- vector(\"list\", n)"),
                    Node::line(format!(
                        "for (i in seq_len(n)) v{bracket}i{close} <- list({e2})"
                    )),
                    Node::line("v"),
                ],
                "}",
            ),
            Node::line(format!("for (j in 1:{calls}) r <- {f}(3L)")),
            Node::line("print(r)"),
            Node::line(format!("{} <- list()", l)),
            Node::line(format!("m{} <- list(0)", self.unit)),
            Node::block(format!("for (i in 1:{}) {{", n), body, "}"),
            Node::line(format!("print(length({})); print(length(m{}))", l, self.unit)),
            Node::line(format!("print(table(sapply({}, typeof)))", l)),
            Node::line(format!("print(head({}, 3))", l)),
            Node::line(format!(
                "for (el in {}) if (is.character(el)) cat(el, \"\") else if (is.numeric(el)) cat(round(el, 3), \"\")",
                l
            )),
            Node::line("cat(\"\\n\")"),
        ]
    }

    fn unit_matrix(&mut self) -> Vec<Node> {
        let m = self.name("m");
        let r = self.rng.range(2, 9);
        let c = self.rng.range(1, 8);
        let init = self.lit_of(&[Ty::Int, Ty::Dbl, Ty::Lgl, Ty::Cplx]);
        let e = self.num_of(&[Ty::Int, Ty::Dbl], &["i", "j", "acc"], 2);
        let reps = self.rng.range(1, 40);
        let mut out = vec![
            Node::line(format!("{} <- matrix({}, {}, {})", m, init, r, c)),
            Node::line(format!("{}0 <- {}", m, m)),
            Node::line("acc <- 0L"),
        ];
        out.push(Node::block(
            format!("for (rep in 1:{}) {{", reps),
            vec![Node::block(
                format!("for (i in 1:nrow({})) {{", m),
                vec![Node::block(
                    format!("for (j in 1:ncol({})) {{", m),
                    vec![
                        Node::line(format!("{}[i, j] <- {}", m, e)),
                        Node::line(format!(
                            "if (!is.na({}[i, j]) && is.numeric({}[i, j])) acc <- acc + 1L",
                            m, m
                        )),
                    ],
                    "}",
                )],
                "}",
            )],
            "}",
        ));
        if self.rng.chance(0.5) {
            let late = self.lit_of(&[Ty::Dbl, Ty::Cplx, Ty::Chr]);
            out.push(Node::line(format!("{}[1, 1] <- {}", m, late)));
        }
        out.push(Node::line(format!("print({})", m)));
        out.push(Node::line(format!("print({}0)", m)));
        out.push(Node::line("print(acc)"));
        if self.rng.chance(0.5) {
            out.push(Node::line(format!(
                "if (is.numeric({m})) print(colSums({m})) else print(dim({m}))",
                m = m
            )));
        }
        out
    }

    fn unit_closure(&mut self) -> Vec<Node> {
        let mk = self.name("mk");
        let cnt = self.name("cnt");
        let init = self.lit_of(&[Ty::Int, Ty::Dbl, Ty::Lgl]);
        let n = self.hot();
        let half = self.rng.range(1, n);
        let late = self.lit_of(&[Ty::Dbl, Ty::Cplx, Ty::Int]);
        let step = self.rng.pick(&["x", "x * 2L", "1L", "x / 2"]).to_string();
        vec![
            Node::block(
                format!("{} <- function(init) {{", mk),
                vec![
                    Node::line("acc <- init"),
                    Node::line("calls <- 0L"),
                    Node::block(
                        "function(x) {",
                        vec![
                            Node::line(format!("acc <<- acc + {}", step)),
                            Node::line("calls <<- calls + 1L"),
                            Node::line(format!("{} <<- {} + 1L", cnt, cnt)),
                            Node::line("c(acc, calls)"),
                        ],
                        "}",
                    ),
                ],
                "}",
            ),
            Node::line(format!("{} <- 0L", cnt)),
            Node::line(format!("c1 <- {}({})", mk, init)),
            Node::line(format!("c2 <- {}(1L)", mk)),
            Node::line(format!(
                "for (i in 1:{}) {{ r <- c1(if (i > {}L) {} else i); if (i %% 3L == 0L) r2 <- c2(i) }}",
                n, half, late
            )),
            Node::line("print(r); print(c2(0L))"),
            Node::line(format!("print({})", cnt)),
        ]
    }

    /// Callees that read or write their caller's frame (`parent.frame()`,
    /// one or two levels up) late in a hot loop, while the callers' locals
    /// are in registers of compiled code, maybe of another type by then.
    fn unit_caller_frame(&mut self) -> Vec<Node> {
        let (peek, poke, mid, f) = (
            self.name("peek"),
            self.name("poke"),
            self.name("mid"),
            self.name("fr"),
        );
        let n = self.hot();
        let late = self.rng.range(1, n);
        let levels = *self.rng.pick(&[1, 2]);
        let e = self.num_expr(Ty::Int, &["k"], 2);
        let v = self.lit_of(&[Ty::Int, Ty::Dbl, Ty::Cplx, Ty::Lgl]);
        let (call_peek, call_poke) = if levels == 1 {
            (
                format!("{}(\"x\")", peek),
                format!("{}(\"y\", {})", poke, v),
            )
        } else {
            (format!("{}(\"x\")", mid), format!("{}(\"y\", {})", mid, v))
        };
        vec![
            Node::line(format!(
                "{} <- function(nm) get(nm, envir = parent.frame({}))",
                peek, levels
            )),
            Node::line(format!(
                "{} <- function(nm, v) assign(nm, v, envir = parent.frame({}))",
                poke, levels
            )),
            Node::line(format!(
                "{mid} <- function(nm, v) if (missing(v)) {peek}(nm) else {poke}(nm, v)",
                mid = mid,
                peek = peek,
                poke = poke
            )),
            Node::block(
                format!("{} <- function(k) {{", f),
                vec![
                    Node::line(format!("x <- {}", e)),
                    Node::line("y <- k * 2"),
                    Node::line(format!("if (k > {}L) y <- y + {}", late, call_peek)),
                    Node::line(format!("if (k == {}L) {}", late + 1, call_poke)),
                    Node::line("x + y"),
                ],
                "}",
            ),
            Node::line(format!("s <- 0; for (k in 1:{}) s <- s + {}(k)", n, f)),
            Node::line("print(s)"),
        ]
    }

    fn unit_recursion(&mut self) -> Vec<Node> {
        let f = self.name("rec");
        let op = self.rng.pick(&["+", "*", "-"]).to_string();
        let depth = self.rng.range(3, 60);
        let mut out = vec![Node::line(format!(
            "{f} <- function(n, acc) if (n <= 0) acc else {f}(n - 1L, acc {op} n)",
            f = f,
            op = op
        ))];
        for _ in 0..self.rng.range(2, 4) {
            let acc = self.lit_of(&NUMERIC);
            let n = self
                .rng
                .pick(&["DL", "D", "D.5"])
                .replace('D', &depth.to_string());
            let reps = self.hot().min(60);
            let call = self.guarded(&format!("{}({}, {})", f, n, acc), false);
            out.push(Node::line(format!("for (k in 1:{}) r <- {}", reps, call)));
            let s = self.show("r");
            out.push(Node::line(s));
        }
        let fib = self.name("fib");
        out.push(Node::line(format!(
            "{f} <- function(n) if (n < 2) n else {f}(n - 1) + {f}(n - 2)",
            f = fib
        )));
        let arg = self
            .rng
            .pick(&["12L", "12", "10.5", "TRUE", "(8+0i)", "11L"])
            .to_string();
        out.push(Node::line(format!("print({}({}))", fib, arg)));
        let arg2 = self.rng.pick(&["9L", "9", "7.25", "FALSE"]).to_string();
        out.push(Node::line(format!("print({}({}))", fib, arg2)));
        out
    }

    /// Calls that leave parameters to their literal defaults, or name their
    /// arguments in another order (matched by compiled code itself, run
    /// without a frame), with `missing()` asked and the default's type
    /// unlike the supplied values' (a new argument context).
    fn unit_call_defaults(&mut self) -> Vec<Node> {
        let f = self.name("dflt");
        let d1 = self.lit_of(&NUMERIC);
        let d2 = self
            .rng
            .pick(&["NULL", "TRUE", "\"s\"", "NA", "-1L", "2.5"])
            .to_string();
        let body = self.num_expr(Ty::Dbl, &["x", "k"], 2);
        // (`missing()` keeps the function in the interpreter: sometimes.)
        let test = if self.rng.chance(0.3) {
            "missing(k) && is.null(tag)"
        } else {
            "is.null(tag)"
        };
        let mut out = vec![Node::line(format!(
            "{f} <- function(x, k = {d1}, tag = {d2}) {{ if ({test}) x else {body} }}"
        ))];
        let n = self.hot();
        let calls = [
            format!("{f}(i)"),
            format!("{f}(i, {})", self.lit_of(&NUMERIC)),
            format!("{f}(k = {}, x = i)", self.lit_of(&NUMERIC)),
            format!("{f}(i, tag = NULL)"),
            format!("{f}(tag = 1L, i)"),
        ];
        let call = self.rng.pick(&calls).to_string();
        let call = self.guarded(&call, false);
        out.push(Node::line("s <- 0"));
        out.push(Node::block(
            format!("for (i in 1:{}) {{", n),
            vec![Node::line(format!("s <- s + {}", call))],
            "}",
        ));
        let show = self.show("s");
        out.push(Node::line(show));
        // Lazy defaults: evaluated at the first read, in the frame (after
        // the function changed what they read), maybe first read inside a
        // loop or on one branch only; a missing argument without one.
        let g = self.name("lazy");
        let dflt = self
            .rng
            .pick(&["length(v) * 2L", "max(v) / 2", "sum(v) + k0", "v[1] - 1"])
            .to_string();
        let body = match self.rng.below(3) {
            0 => "v <- c(v, 1); s <- 0; for (e in v) if (e > lim) s <- s + e; s".to_string(),
            1 => "s <- 0; for (e in v) s <- s + e * lim; s".to_string(),
            _ => "if (length(v) > 2L) lim else -lim".to_string(),
        };
        out.push(Node::line(format!("k0 <- {}", self.lit_of(&NUMERIC))));
        out.push(Node::line(format!(
            "{g} <- function(v, lim = {dflt}, extra) {{ if (!missing(extra)) v <- v + extra; {body} }}"
        )));
        let n = self.hot();
        out.push(Node::line("s <- 0"));
        out.push(Node::line(format!(
            "for (i in 1:{n}) s <- s + {g}(c(i, 2, 3)[seq_len(i %% 3L + 1L)]) + {g}(c(1, i), extra = 1) + {g}(i, lim = 0.5)"
        )));
        let show = self.show("s");
        out.push(Node::line(show));
        out
    }

    /// Environments as mutable objects: a `new.env()` updated with `$<-` in
    /// a hot function (compiled code writes it without a frame), a
    /// function's own frame written through `environment()` (a variable it
    /// holds in a register), and the global environment written through a
    /// variable at top level.
    fn unit_env_objects(&mut self) -> Vec<Node> {
        let f = self.name("envf");
        let e = self.name("envo");
        let init = self.lit_of(&NUMERIC);
        let step = self.num_expr(Ty::Dbl, &["i"], 1);
        let n = self.hot();
        let mut out = vec![
            Node::line(format!("{e} <- new.env()")),
            Node::line(format!("{e}$v <- {init}")),
            Node::line(format!(
                "{f} <- function(o, n) {{ for (i in 1:n) o$v <- o$v + {step}; o$v }}"
            )),
            Node::line(format!("r <- {f}({e}, {n})")),
        ];
        let s = self.show("r");
        out.push(Node::line(s));
        let s = self.show(&format!("{e}$v"));
        out.push(Node::line(s));
        let g = self.name("selfw");
        out.push(Node::line(format!(
            "{g} <- function(n) {{ me <- environment(); acc <- 0; for (i in 1:n) me$acc <- acc + i; acc }}"
        )));
        out.push(Node::line(format!("print({g}({n}))")));
        if self.rng.chance(0.5) {
            let t = self.name("tlv");
            out.push(Node::line(format!("{t} <- 0; ge <- globalenv()")));
            out.push(Node::line(format!(
                "for (i in 1:{n}) {{ ge${t} <- {t} + 1; if (i %% 7 == 0) {t} <- {t} * 2 }}"
            )));
            let s = self.show(&t);
            out.push(Node::line(s));
        }
        out
    }

    fn unit_redefine(&mut self) -> Vec<Node> {
        let h = self.name("h");
        let e1 = self.num_expr(Ty::Int, &["x"], 2);
        let e2 = self.num_of(&[Ty::Dbl, Ty::Cplx, Ty::Int], &["x"], 2);
        let n = self.hot();
        let m = self.rng.range(1, n);
        let user = self.name("use");
        let in_fn = self.rng.chance(0.5);
        let mut out = vec![Node::line(format!("{} <- function(x) {}", h, e1))];
        let call = if in_fn {
            out.push(Node::line(format!("{} <- function(i) {}(i) + 1L", user, h)));
            format!("{}(i)", user)
        } else {
            format!("{}(i)", h)
        };
        out.push(Node::line("s <- 0L"));
        out.push(Node::block(
            format!("for (i in 1:{}) {{", n),
            vec![
                Node::line(format!("s <- s + {}", call)),
                Node::line(format!("if (i == {}L) {} <- function(x) {}", m, h, e2)),
            ],
            "}",
        ));
        let s = self.show("s");
        out.push(Node::line(s));
        out
    }

    /// `c()` of literals in a hot loop (compiled as a constant vector under
    /// the guard that `c` is the builtin): indexed, copied and modified, or
    /// searched with `%in%`; sometimes `c` is rebound between calls.
    fn unit_literal_table(&mut self) -> Vec<Node> {
        let f = self.name("tab");
        let k = self.rng.range(1, 5);
        let strings = self.rng.chance(0.25);
        let tys: &[Ty] = if strings {
            &[Ty::Chr]
        } else if self.rng.chance(0.3) {
            &[Ty::Lgl, Ty::Int, Ty::Dbl]
        } else {
            let t = *self.rng.pick(&[Ty::Lgl, Ty::Int, Ty::Dbl]);
            if t == Ty::Int {
                &[Ty::Int]
            } else if t == Ty::Dbl {
                &[Ty::Dbl]
            } else {
                &[Ty::Lgl]
            }
        };
        let lits: Vec<String> = (0..k).map(|_| self.lit_of(tys)).collect();
        let table = format!("c({})", lits.join(", "));
        let idx = format!("(i %% {}L) + 1L", k);
        let body = if strings {
            let probe = self.lit(Ty::Chr);
            vec![Node::line(format!(
                "if (({} %in% {}) || ({} %in% {})[1]) s <- s + i",
                probe,
                table,
                idx.replace("+ 1L", "+ 0L"),
                "c(1L, 3L)"
            ))]
        } else if self.rng.chance(0.4) {
            let v = self.lit_of(&[Ty::Lgl, Ty::Int, Ty::Dbl]);
            vec![
                Node::line(format!("v <- {}", table)),
                Node::line(format!("v[{}] <- {}", idx, v)),
                Node::line("s <- s + v[1] + length(v)"),
            ]
        } else {
            vec![Node::line(format!("s <- s + {}[{}] * i", table, idx))]
        };
        let n = self.hot();
        let mut out = vec![Node::block(
            format!("{} <- function(n) {{", f),
            vec![
                Node::line("s <- 0"),
                Node::block("for (i in 1:n) {", body, "}"),
                Node::line("s"),
            ],
            "}",
        )];
        out.push(Node::line(format!(
            "for (j in 1:{}) r <- {}({}L)",
            self.hot(),
            f,
            n
        )));
        out.push(Node::line("print(r)"));
        if self.rng.chance(0.3) {
            let fake = self.lit_of(&[Ty::Int, Ty::Dbl]);
            out.push(Node::line(format!(
                "c <- function(...) rep({}, {}L)",
                fake, k
            )));
            out.push(Node::line(format!("print({}({}L))", f, n)));
            out.push(Node::line("rm(c)"));
            out.push(Node::line(format!("print({}({}L))", f, n)));
        }
        out
    }

    /// Nested replacements in a hot loop (`p$v[i] <- e`, `p$a$b[[i]] <- e`),
    /// which move the variable and its fields out for an in-place update:
    /// an alias made before or during the loop, an index reading the
    /// variable itself, a value of another type, a NULL start.
    fn unit_nested_replace(&mut self) -> Vec<Node> {
        let f = self.name("nest");
        let n = self.rng.range(3, 60);
        let deep = self.rng.chance(0.3);
        let target = if deep { "p$a$b" } else { "p$v" };
        let idx = *self
            .rng
            .pick(&["i", "length(TT) - i + 1L", "(i %% 3L) + 1L"]);
        let idx = idx.replace("TT", target);
        let br = if self.rng.chance(0.3) {
            ("[[", "]]")
        } else {
            ("[", "]")
        };
        let val = self.num_of(&[Ty::Int, Ty::Dbl, Ty::Lgl], &["i"], 1);
        let init = if self.rng.chance(0.15) {
            "NULL".to_string()
        } else if deep {
            format!("list(a = list(b = numeric({n}), c = \"k\"), w = 1L)")
        } else {
            format!("list(v = integer({n}), w = \"k\")")
        };
        let mut body = vec![Node::line(format!(
            "{target}{}{idx}{} <- {val}",
            br.0, br.1
        ))];
        if self.rng.chance(0.3) {
            body.push(Node::line(format!(
                "if (i == {}L) q <- p",
                self.rng.range(1, n)
            )));
        }
        if self.rng.chance(0.2) {
            body.push(Node::line(format!(
                "if (i == {}L) {target}[1] <- \"s\"",
                self.rng.range(1, n)
            )));
        }
        let calls = self.hot();
        vec![
            Node::block(
                format!("{f} <- function(n) {{"),
                vec![
                    Node::line(format!("p <- {init}")),
                    Node::line("q <- p"),
                    Node::block("for (i in seq_len(n)) {", body, "}"),
                    Node::line(format!("list({target}, q, p$w)")),
                ],
                "}",
            ),
            Node::line(format!("for (j in 1:{calls}) r <- {f}({n}L)")),
            Node::line("print(r)"),
        ]
    }

    fn unit_global_rebound(&mut self) -> Vec<Node> {
        let g = self.name("G");
        let f = self.name("useg");
        let init = self.lit_of(&[Ty::Int, Ty::Dbl]);
        let later = self.lit_of(&[Ty::Dbl, Ty::Cplx, Ty::Int, Ty::Lgl]);
        let n = self.hot();
        let m = self.rng.range(1, n);
        let e = self.num_expr(Ty::Int, &["x", &g], 2);
        vec![
            Node::line(format!("{} <- {}", g, init)),
            Node::line(format!("{} <- function(x) {}", f, e)),
            Node::line("out <- NULL"),
            Node::block(
                format!("for (i in 1:{}) {{", n),
                vec![
                    Node::line(format!("r <- {}(i)", f)),
                    Node::line(format!("if (i == {}L) {} <- {}", m, g, later)),
                    Node::line(format!(
                        "if (i %% {}L == 0L) out <- c(out, r)",
                        self.rng.range(5, 40)
                    )),
                ],
                "}",
            ),
            Node::line("print(r); print(out)"),
            // A local bound on one branch only, then updated in place
            // (`ArithLocal`): the global on the other path; the read's
            // checkpoint is the interpreter's state with the addend on
            // the stack.
            Node::line(format!(
                "{f}b <- function(c) {{ if (c) {g} <- 1L; {g} <- {g} + 2L; {g} }}"
            )),
            Node::line(format!(
                "s <- 0; for (i in 1:{n}) s <- s + {f}b(i %% {}L == 0L); print(s)",
                self.rng.range(2, 6)
            )),
        ]
    }

    fn unit_nested_exits(&mut self) -> Vec<Node> {
        let f = self.name("nest");
        let a = self.rng.range(2, 6);
        let lim = self.rng.range(5, 400);
        let inner = match self.rng.below(3) {
            0 => Node::block(
                "repeat {",
                vec![
                    Node::line("j <- j + 1L; if (j > m) break"),
                    Node::line(format!("if (i * j > {}) return(c(i, j, tot))", lim)),
                    Node::line("if ((i + j) %% 3L == 0L) next"),
                    Node::line("tot <- tot + i * j"),
                ],
                "}",
            ),
            1 => Node::block(
                "while ((j <- j + 1L) <= m) {",
                vec![
                    Node::line(format!(
                        "if (i * j > {}) return(list(i = i, j = j, tot = tot))",
                        lim
                    )),
                    Node::line("if (j == 2L) next"),
                    Node::line("tot <- tot + i / j"),
                ],
                "}",
            ),
            _ => Node::block(
                "for (j in seq_len(m)) {",
                vec![
                    Node::line(format!("if (i * j > {}) break", lim)),
                    Node::line("if (j %% 2L == 0L) next"),
                    Node::line("tot <- tot + i * j"),
                ],
                "}",
            ),
        };
        let body = vec![
            Node::line("tot <- 0L"),
            Node::block(
                "for (i in 1:n) {",
                vec![
                    Node::line(format!("if (i %% {}L == 0L) next", a)),
                    Node::line("j <- 0L"),
                    inner,
                ],
                "}",
            ),
            Node::line("c(tot, i, j)"),
        ];
        let mut out = vec![Node::block(
            format!("{} <- function(n, m) {{", f),
            body,
            "}",
        )];
        for _ in 0..self.rng.range(2, 4) {
            let n = self
                .rng
                .pick(&["5L", "20L", "40", "0L", "3.5", "60L"])
                .to_string();
            let m = self.rng.pick(&["3L", "10L", "7", "0L", "25L"]).to_string();
            let reps = self.hot();
            out.push(Node::line(format!(
                "for (rep in 1:{}) r <- {}({}, {})",
                reps, f, n, m
            )));
            out.push(Node::line("print(r)"));
        }
        out
    }

    fn unit_try_in_loop(&mut self) -> Vec<Node> {
        let n = self.hot();
        let a = self.rng.range(2, 15);
        let b = self.rng.range(2, 15);
        let e = self.num_of(&[Ty::Int, Ty::Dbl], &["i"], 2);
        let fin = self.rng.chance(0.4);
        let inner = format!(
            "tryCatch({{ if (i %% {a}L == 0L) stop(\"bad \", i); if (i %% {b}L == 1L) warning(\"w\", i); {e} }}, error = function(e) -1L, warning = function(w) nchar(conditionMessage(w)){fin})",
            a = a,
            b = b,
            e = e,
            fin = if fin { ", finally = fins <- fins + 1L" } else { "" }
        );
        let in_fn = self.rng.chance(0.5);
        let f = self.name("tc");
        let mut out = vec![Node::line("fins <- 0L"), Node::line("s <- 0")];
        if in_fn {
            out.push(Node::line(format!("{} <- function(i) {}", f, inner)));
            out.push(Node::line(format!("for (i in 1:{}) s <- s + {}(i)", n, f)));
            // A `return()` inside the region ends the function.
            let r = self.rng.range(2, 9);
            out.push(Node::line(format!(
                "{f}r <- function(i) {{ v <- tryCatch({{ if (i %% {r}L == 1L) return(-i); i * 2L }}, error = function(e) 0L); v + 1L }}"
            )));
            out.push(Node::line(format!("for (i in 1:{}) s <- s + {}r(i)", n, f)));
        } else {
            out.push(Node::line(format!("for (i in 1:{}) s <- s + {}", n, inner)));
        }
        out.push(Node::line("print(s); print(fins)"));
        if self.rng.chance(0.3) {
            out.push(Node::line(format!(
                "for (i in 1:{}) if (i == {}L) warning(\"late \", i)",
                n,
                self.rng.range(1, n)
            )));
        }
        out
    }

    fn unit_switch(&mut self) -> Vec<Node> {
        let f = self.name("sw");
        let n = self.hot();
        let mut out = vec![Node::line(format!(
            "{} <- function(k) switch(k, a = , b = \"AB\", c = {}, d = {}, {})",
            f,
            self.lit(Ty::Int),
            self.lit(Ty::Dbl),
            self.rng.pick(&["\"other\"", "NULL", "0L"])
        ))];
        out.push(Node::line("out <- c()"));
        out.push(Node::line(format!(
            "for (i in 1:{}) {{ r <- {}(letters[(i %% 6L) + 1L]); if (i %% 7L == 0L) out <- c(out, r) }}",
            n, f
        )));
        out.push(Node::line("print(out)"));
        let g = self.name("nsw");
        out.push(Node::line(format!(
            "{} <- function(i) switch(i %% 4L + 1L, \"one\", 2L, 3.5, NULL)",
            g
        )));
        out.push(Node::line("acc <- list()"));
        out.push(Node::line(format!(
            "for (i in 1:{}) acc[[i]] <- {}(i)",
            self.rng.range(4, 40),
            g
        )));
        out.push(Node::line("print(length(acc)); print(unlist(acc))"));
        out
    }

    fn unit_empty_seqs(&mut self) -> Vec<Node> {
        let t = *self.rng.pick(&[Ty::Int, Ty::Dbl, Ty::Chr]);
        let e = self.vec_lit(t);
        let k = self.rng.range(1, 300);
        vec![
            Node::line(format!("n{} <- 0L", self.unit)),
            Node::line(format!(
                "for (q in seq_along({})) n{} <- n{} + 1L",
                e, self.unit, self.unit
            )),
            Node::line(format!("print(n{})", self.unit)),
            Node::line("for (q in 1:0) cat(\"q\", q, \"\")"),
            Node::line("cat(\"\\n\"); print(q)"),
            Node::line("m0 <- 0L; for (q in seq_len(m0)) m0 <- m0 + 1L; print(m0)"),
            Node::line(format!(
                "k <- 0L; repeat {{ k <- k + 1L; if (k >= {}L) break }}; print(k)",
                k
            )),
            Node::line(format!(
                "z <- 0; while (z < {}) z <- z + 0.5; print(z)",
                self.rng.range(0, 100)
            )),
            Node::line("print(sum(integer(0))); print(max(-Inf, numeric(0)))"),
        ]
    }

    fn unit_s3(&mut self) -> Vec<Node> {
        let g = self.name("desc");
        let n = self.hot();
        let classes = ["\"sa\"", "\"sb\"", "c(\"sc\", \"sa\")", "\"zz\"", "NULL"];
        let k = self.rng.range(2, 5) as usize;
        let cls: Vec<&str> = (0..k).map(|_| *self.rng.pick(&classes)).collect();
        let vec_cls = format!("list({})", cls.join(", "));
        vec![
            Node::line(format!("{} <- function(o, ...) UseMethod(\"{}\")", g, g)),
            Node::line(format!("{}.sa <- function(o, ...) o$v + 1L", g)),
            Node::line(format!("{}.sb <- function(o, ...) paste(\"b\", o$v)", g)),
            Node::line(format!(
                "{}.sc <- function(o, ...) c(NextMethod(), 100L)",
                g
            )),
            Node::line(format!("{}.default <- function(o, ...) -1", g)),
            // (Dispatch is on the argument as passed, not on the frame's
            // `o` after the assignment.)
            Node::line(format!(
                "{}2 <- function(o, ...) {{ o <- unclass(o); UseMethod(\"{}\") }}",
                g, g
            )),
            Node::line(format!("cls <- {}", vec_cls)),
            Node::line("out <- character(0)"),
            Node::block(
                format!("for (i in 1:{}) {{", n),
                vec![
                    Node::line("o <- list(v = i)"),
                    Node::line(format!("class(o) <- cls[[(i %% {}L) + 1L]]", k)),
                    Node::line(format!("r <- {}(o)", g)),
                    Node::line(format!(
                        "if (i %% {}L == 0L) out <- c(out, paste(r, collapse = \"/\"))",
                        self.rng.range(3, 30)
                    )),
                ],
                "}",
            ),
            Node::line("print(out)"),
            Node::line(format!(
                "print({}(structure(list(v = 2.5), class = \"sa\")))",
                g
            )),
            Node::line(format!(
                "for (i in 1:{}) r2 <- {}2(structure(list(v = i), class = \"sb\"))",
                n, g
            )),
            Node::line("print(r2)"),
            Node::line(format!(
                "print(sapply(list(structure(list(v = 1L), class = \"sa\"), 2), {}))",
                g
            )),
        ]
    }

    /// `on.exit` in a hot function: its expression reads locals assigned
    /// after it is registered (they must be in the frame when the
    /// activation ends, also by an error), `add = TRUE` in a loop, and an
    /// error caught by the caller.
    /// A function that names its own frame (`exists`, `assign`, writes
    /// through `environment()`), so every local is kept in the frame, with
    /// builtins between the writes that see no frame (`substr`, `nchar`,
    /// `paste0`: compiled code keeps its registers around them) and ones
    /// that read or write it; at a random iteration a variable changes type
    /// through the frame.
    fn unit_reflective_builtins(&mut self) -> Vec<Node> {
        let f = self.name("rf");
        let n = self.hot();
        let at = self.rng.range(1, n);
        let e = self.num_of(&[Ty::Int, Ty::Dbl], &["i", "acc"], 2);
        let v = self.lit_of(&[Ty::Int, Ty::Dbl, Ty::Lgl]);
        let write = *self.rng.pick(&[
            "assign(\"acc\", acc + nchar(s))",
            "env[[\"acc\"]] <- acc + nchar(s)",
            "env$acc <- acc - nchar(s)",
        ]);
        let flip = *self
            .rng
            .pick(&["assign(\"acc\", V)", "env[[\"acc\"]] <- V"]);
        vec![
            Node::block(
                format!("{} <- function(m) {{", f),
                vec![
                    Node::line("env <- environment()"),
                    Node::line("acc <- 0"),
                    Node::line("s <- \"\""),
                    Node::block(
                        "for (i in seq_len(m)) {".to_string(),
                        vec![
                            Node::line("s <- paste0(substr(\"abcdef\", 1, i %% 5L + 1L), i)"),
                            Node::line(format!("acc <- acc + {}", e)),
                            Node::line(format!("if (i %% 3L == 0L) {}", write)),
                            Node::line(format!("if (i == {}L) {}", at, flip.replace('V', &v))),
                            Node::line(
                                "if (exists(\"s\") && nchar(get(\"s\")) > 6L) acc <- acc + 1",
                            ),
                        ],
                        "}".to_string(),
                    ),
                    Node::line("c(acc, nchar(s))"),
                ],
                "}",
            ),
            Node::line(format!("for (k in 1:3) r <- {}({})", f, n)),
            Node::line("print(r)"),
        ]
    }

    /// A variable reset to an integer at every outer iteration and made a
    /// double (or complex, logical) by an inner loop: OSR-in code typed by
    /// one of its entry states exits at the others, until the loop's code
    /// takes it boxed. At top level or in a function.
    fn unit_inner_retype(&mut self) -> Vec<Node> {
        let n = self.hot();
        let inner = self.rng.range(1, 6);
        let step = *self
            .rng
            .pick(&["v / 2", "v * 1.5", "v + 0.25", "v - 1i", "v > 3L", "-v"]);
        let body = vec![
            Node::line("v <- k"),
            Node::line(format!("for (j in 1:{}L) v <- {}", inner, step)),
            Node::line("acc <- acc + v"),
        ];
        let lp = Node::block(format!("for (k in 1:{}L) {{", n), body, "}");
        if self.rng.chance(0.5) {
            vec![Node::line("acc <- 0"), lp, Node::line("print(acc)")]
        } else {
            let f = self.name("rt");
            vec![
                Node::block(
                    format!("{} <- function() {{", f),
                    vec![Node::line("acc <- 0"), lp, Node::line("acc")],
                    "}",
                ),
                Node::line(format!("print({}())", f)),
            ]
        }
    }

    fn unit_on_exit(&mut self) -> Vec<Node> {
        let f = self.name("oe");
        let n = self.hot();
        let k = self.rng.range(2, 9);
        let bad = self.rng.range(2, 40);
        let e = self.num_of(&[Ty::Int, Ty::Dbl], &["i", "x"], 2);
        let add = self.rng.chance(0.5);
        let reg = if add {
            "for (j in seq_len(x %% 3L)) on.exit(log <<- c(log, j), add = TRUE)"
        } else {
            "on.exit(log <<- c(log, acc))"
        };
        vec![
            Node::line("log <- c()"),
            Node::block(
                format!("{} <- function(x) {{", f),
                vec![
                    Node::line("acc <- 0"),
                    Node::line(reg),
                    Node::line(format!("for (i in 1:{}L) acc <- acc + {}", k, e)),
                    Node::line(format!("if (x %% {}L == 0L) stop(\"bad x \", x)", bad)),
                    Node::line("acc"),
                ],
                "}",
            ),
            Node::line("s <- 0"),
            Node::line(format!(
                "for (x in 1:{}) s <- s + tryCatch({}(x), error = function(e) -1)",
                n, f
            )),
            Node::line("print(s); print(length(log)); print(sum(log))"),
        ]
    }

    /// `%%`, `%/%` and `^` with special operands, compiled in a loop.
    fn unit_arith_specials(&mut self) -> Vec<Node> {
        let n = self.rng.range(2, 80);
        let d = self
            .rng
            .pick(&[
                "Inf", "-Inf", "1e-310", "0", "-3", "NaN", "0.5", "-0.25", "NA",
            ])
            .to_string();
        let base = self
            .rng
            .pick(&[
                "-2", "-Inf", "0", "-0.5", "NA", "1", "Inf", "-0", "NaN", "-1",
            ])
            .to_string();
        let ex = self
            .rng
            .pick(&[
                "Inf", "0.5", "-Inf", "NA", "2", "0", "-1", "NaN", "3L", "-0.5",
            ])
            .to_string();
        let id = self
            .rng
            .pick(&["0L", "-2L", "NA_integer_", "3L"])
            .to_string();
        let f = self.name("ar");
        let in_fn = self.rng.chance(0.5);
        let body = vec![
            Node::line(format!("a <- (i + 0.5) %% {}", d)),
            Node::line(format!("b <- (i - 0.5) %/% {}", d)),
            Node::line(format!("c <- ({}) ^ {}", base, ex)),
            Node::line(format!("c2 <- (i * {}) ^ ({})", base, ex)),
            Node::line(format!("d <- i %% {}", id)),
            Node::line(format!("e <- i %/% {}", id)),
            Node::line(format!(
                "f <- (-i) %% {}",
                self.rng.pick(&["3L", "-3L", "2.5", "-Inf"])
            )),
            Node::line(format!(
                "g <- i ^ {}",
                self.rng.pick(&["2L", "-1L", "0.5", "NA_integer_"])
            )),
        ];
        let mut out = Vec::new();
        if in_fn {
            let mut b = vec![Node::line("res <- NULL")];
            b.push(Node::block(
                "for (i in 1:n) {",
                body.into_iter()
                    .chain([Node::line("res <- c(a, b, c, c2, d, e, f, g)")])
                    .collect(),
                "}",
            ));
            b.push(Node::line("res"));
            out.push(Node::block(format!("{} <- function(n) {{", f), b, "}"));
            out.push(Node::line(format!(
                "for (k in 1:{}) r <- {}({}L)",
                self.rng.range(1, 30),
                f,
                n
            )));
            out.push(Node::line("print(r)"));
            out.push(Node::line(format!("print({}(1L))", f)));
        } else {
            out.push(Node::block(format!("for (i in 1:{}) {{", n), body, "}"));
            out.push(Node::line("print(c(a, b, c, c2, d, e, f, g))"));
        }
        out
    }

    fn unit_overflow(&mut self) -> Vec<Node> {
        let n = self.rng.range(5, 60);
        let start = self.rng.range(0, 40);
        let op = self
            .rng
            .pick(&["+ 1L", "+ i", "* 2L", "- (-i)"])
            .to_string();
        let f = self.name("ovf");
        vec![
            Node::block(
                format!("{} <- function(s, n) {{", f),
                vec![
                    Node::line(format!(
                        "for (i in 1:n) {{ s <- s {}; if (is.na(s)) return(c(i, s)) }}",
                        op
                    )),
                    Node::line("s"),
                ],
                "}",
            ),
            Node::line(format!(
                "for (k in 1:{}) r <- {}(.Machine$integer.max - {}L, {}L)",
                self.rng.range(1, 50),
                f,
                start,
                n
            )),
            Node::line("print(r)"),
            Node::line(format!(
                "print({}(5L, 3L)); print({}(2147483000, {}L))",
                f, f, n
            )),
            Node::line(format!(
                "print(sum(c(.Machine$integer.max, {}L)))",
                self.rng.range(0, 3)
            )),
        ]
    }

    /// A loop over a list whose elements change type (NULL, character, NA,
    /// complex), in a function called hot and at top level.
    /// Records made by one `list(...)` constructor (they share their names
    /// vector, which `$`'s per-site cache keys on), read and updated with
    /// `$` in a hot loop, then renamed (a duplicated name), extended and
    /// shrunk mid-loop, and aliased before an update (copy-on-write).
    fn unit_records(&mut self) -> Vec<Node> {
        let mk = self.name("mk");
        let r = self.name("recs");
        let n = self.rng.range(3, 40);
        let steps = self.hot().max(10);
        let rename = self.rng.range(1, steps);
        let change = self.rng.range(1, steps);
        let step_v = self
            .rng
            .pick(&["-1L", "2L", "-0.5", "1.25", "-3"])
            .to_string();
        let mut body = vec![
            Node::line(format!("p <- {}[[k]]", r)),
            Node::block(
                "if (!is.null(p$x) && !is.null(p$v)) {",
                vec![
                    Node::line("p$x <- p$x + p$v"),
                    Node::line("if (isTRUE(p$x < 0)) p$v <- -p$v"),
                ],
                "}",
            ),
        ];
        if self.rng.chance(0.6) {
            body.push(Node::line(format!(
                "if (s == {}L && k %% 3L == 0L) names(p)[2] <- \"v\"",
                rename
            )));
        }
        // A field added, removed, turned NA (an int field), a class with a
        // `$` method set (the shape speculation of compiled `$` fails on
        // each), or a field retyped.
        let (every, what) = *self.rng.pick(&[
            ("k %% 2L == 0L", "p$extra <- s"),
            ("k %% 4L == 1L", "p$x <- NULL"),
            ("k %% 2L == 1L", "p$v <- NA_integer_"),
            ("k %% 3L == 2L", "class(p) <- \"rec\""),
            ("TRUE", "p$tag <- k"),
        ]);
        body.push(Node::line(format!(
            "if (s == {}L && {}) {}",
            change, every, what
        )));
        body.push(Node::line(format!("{}[[k]] <- p", r)));
        vec![
            Node::line("`$.rec` <- function(x, name) if (name == \"x\") 2 * unclass(x)[[name]] else unclass(x)[[name]]"),
            Node::line(format!(
                "{} <- function(i) list(id = i, x = i * 0.5, v = {}, tag = \"a\")",
                mk, step_v
            )),
            Node::line(format!("{} <- lapply(1:{}, {})", r, n, mk)),
            Node::block(
                format!("for (s in 1:{}) {{", steps),
                vec![Node::block(
                    format!("for (k in seq_along({})) {{", r),
                    body,
                    "}",
                )],
                "}",
            ),
            Node::line(format!("q <- {}[[1]]", r)),
            Node::line("q$x <- 99"),
            Node::line(format!("print({}[[1]]$x); print(q$x)", r)),
            Node::line(format!(
                "print(sum(vapply({}, function(p) if (is.null(p$x)) 0 else as.numeric(p$x), numeric(1))))",
                r
            )),
            Node::line(format!("print(names({}[[{}]]))", r, n)),
            Node::line(format!("print(unlist(lapply({}, function(p) p$v)))", r)),
        ]
    }

    /// Loop variables of mixed boxed types that receive each other every
    /// iteration (a swap or a rotation: the parameters of the loop header
    /// form a cycle of copies), next to a vector filled in place
    /// (`out[i] <- ...`, stored inline when unshared) that is aliased
    /// mid-loop (copy-on-write).
    fn unit_rotate(&mut self) -> Vec<Node> {
        let f = self.name("rot");
        let three = self.rng.chance(0.5);
        let steps = self.hot().max(10);
        let alias_at = self.rng.range(1, 6);
        let (init, store) = *self.rng.pick(&[
            ("numeric(n)", "out[i] <- length(a) + i * 0.5"),
            ("integer(n)", "out[i] <- length(b) + i"),
            ("logical(n)", "out[i] <- is.character(a)"),
        ]);
        let mut body = vec![if three {
            Node::line("t <- a; a <- b; b <- c; c <- t")
        } else {
            Node::line("t <- a; a <- b; b <- t")
        }];
        body.push(Node::line(store));
        body.push(Node::line(format!("if (i == {}L) keep <- out", alias_at)));
        let args = [
            "list(1, \"x\")",
            "\"y\"",
            "3:1",
            "c(2.5, NA)",
            "NULL",
            "list()",
        ];
        let pick3: Vec<&str> = (0..3).map(|_| *self.rng.pick(&args)).collect();
        vec![
            Node::block(
                format!("{} <- function(n, a, b, c) {{", f),
                vec![
                    Node::line(format!("out <- {}", init)),
                    Node::line("keep <- NULL"),
                    Node::block("for (i in seq_len(n)) {", body, "}"),
                    Node::line("list(a, b, c, out, keep)"),
                ],
                "}",
            ),
            Node::line(format!(
                "for (s in 1:{}) r <- {}(s %% 7L, {})",
                steps,
                f,
                pick3.join(", ")
            )),
            Node::line("print(r)"),
            Node::line(format!("print({}(5L, {}))", f, pick3.join(", "))),
        ]
    }

    /// A small helper calling builtins (`sqrt`, `abs`, `floor`, `max`, ...),
    /// called from a function's hot loop, so it is inlined with its builtin
    /// calls; its argument types change, and a builtin is shadowed by a
    /// global function mid-loop (and unshadowed after).
    fn unit_helper_builtins(&mut self) -> Vec<Node> {
        let h = self.name("hb");
        let run = self.name("runhb");
        // (The shadowed builtin is one the body calls.)
        let (body, shadow) = *self.rng.pick(&[
            ("sqrt(abs(x) + y * y)", "sqrt"),
            ("sqrt(abs(x) + y * y)", "abs"),
            ("floor(x / 2) + ceiling(y)", "floor"),
            ("max(x, min(y, 3))", "max"),
            ("max(x, min(y, 3))", "min"),
            ("abs(x - y) + round(x)", "round"),
            ("if (is.na(x)) y else exp(-abs(x))", "exp"),
        ]);
        let steps = self.hot().max(10);
        let at = self.rng.range(0, steps + 1);
        let arg = *self.rng.pick(&["i * 0.5 - 3", "i %% 5L", "-i", "i / 3"]);
        let later = *self.rng.pick(&["NA", "2L", "-0.5", "1e10", "NaN"]);
        vec![
            Node::line(format!("{} <- function(x, y) {}", h, body)),
            Node::block(
                format!("{} <- function(n, at) {{", run),
                vec![
                    Node::line("s <- 0"),
                    Node::block(
                        "for (i in 1:n) {",
                        vec![
                            Node::line(format!(
                                "if (i == at) assign(\"{}\", function(...) -1, envir = globalenv())",
                                shadow
                            )),
                            Node::line(format!("s <- s + {}({}, i %% 3)", h, arg)),
                        ],
                        "}",
                    ),
                    Node::line("s"),
                ],
                "}",
            ),
            Node::line(format!("for (k in 1:{}) r <- {}({}L, 0L)", steps, run, steps)),
            Node::line("print(r)"),
            Node::line(format!("print({}({}L, {}L))", run, steps, at)),
            Node::line(format!(
                "if (exists(\"{0}\", envir = globalenv(), inherits = FALSE)) rm(\"{0}\", envir = globalenv())",
                shadow
            )),
            Node::line(format!("print({}({}, 1))", h, later)),
            Node::line(format!("print({}({}L, 0L))", run, steps)),
        ]
    }

    /// A builtin with a scalar entry (`runif(1)`, `rpois(1, l)`,
    /// `bitwAnd(b, 12L)`, `sqrt(a)`, `c(a, b)`) called in a hot loop, as a
    /// known builtin in compiled code; its arguments turn NA, negative, out
    /// of range, logical or a vector in the last iterations, and the builtin
    /// is shadowed mid-loop by a local or a global function.
    fn unit_scalar_builtins(&mut self) -> Vec<Node> {
        let f = self.name("sb");
        let (call, shadow) = *self.rng.pick(&[
            ("rpois(1, a)", "rpois"),
            ("runif(1, 0, a)", "runif"),
            ("runif(1)", "runif"),
            ("rnorm(1, a)", "rnorm"),
            ("rexp(1, a)", "rexp"),
            ("rbinom(1, 10L, a / 20)", "rbinom"),
            ("bitwAnd(b, 12L)", "bitwAnd"),
            ("bitwXor(b, b %/% 2L)", "bitwXor"),
            ("bitwShiftL(b, 3L)", "bitwShiftL"),
            // (Shift counts past 31 and results with the NA bit pattern:
            // the native shift and bitwise operations exit on them.)
            ("bitwShiftL(b, b %% 34L)", "bitwShiftL"),
            ("bitwShiftR(-b, b %% 34L)", "bitwShiftR"),
            // (No warning in the arguments: the shadowing closure of R never
            // forces them, and dlvm evaluates arguments eagerly.)
            ("bitwAnd(-2147483647L, -2147483646L + b %% 2L)", "bitwAnd"),
            ("sqrt(a)", "sqrt"),
            ("floor(a) + ceiling(-a)", "floor"),
            ("abs(a) + abs(b)", "abs"),
            ("sum(c(a, b))", "c"),
            ("log10(a)", "log10"),
            ("sin(a) * cos(a)", "sin"),
        ]);
        let steps = self.hot().max(10);
        let at = self.rng.range(0, steps + 1);
        let late_a = *self.rng.pick(&[
            "NA",
            "-1",
            "2.5",
            "c(1, 2)",
            "1e10",
            "TRUE",
            "NA_integer_",
            "-3L",
            "Inf",
        ]);
        let late_b = *self
            .rng
            .pick(&["NA_integer_", "2.5", "-3L", "c(1L, 2L)", "TRUE", "40L"]);
        let seed = self.rng.range(1, 1000);
        let shadow_def = if self.rng.chance(0.5) {
            format!("{} <- function(...) -1", shadow)
        } else {
            format!(
                "assign(\"{}\", function(...) -1, envir = globalenv())",
                shadow
            )
        };
        vec![
            Node::block(
                format!("{} <- function(n, at, la, lb) {{", f),
                vec![
                    Node::line("s <- 0"),
                    Node::block(
                        "for (i in 1:n) {",
                        vec![
                            Node::line("a <- if (i >= n - 1) la else i * 0.25 + 0.5"),
                            Node::line("b <- if (i >= n - 1) lb else i %% 300L"),
                            Node::line(format!("if (i == at) {}", shadow_def)),
                            Node::line(format!("s <- s + sum({})", call)),
                        ],
                        "}",
                    ),
                    Node::line("s"),
                ],
                "}",
            ),
            Node::line(format!("set.seed({})", seed)),
            Node::line(format!("for (k in 1:{}) r <- {}({}L, 0L, 1, 1L)", steps, f, steps)),
            Node::line("print(r)"),
            Node::line(format!(
                "print({}({}L, {}L, {}, {}))",
                f, steps, at, late_a, late_b
            )),
            Node::line(format!(
                "if (exists(\"{0}\", envir = globalenv(), inherits = FALSE)) rm(\"{0}\", envir = globalenv())",
                shadow
            )),
            Node::line(format!("print({}({}L, 0L, {}, {}))", f, steps, late_a, late_b)),
        ]
    }

    fn unit_list_iter(&mut self) -> Vec<Node> {
        let f = self.name("li");
        let mut els: Vec<String> = Vec::new();
        for _ in 0..self.rng.range(3, 9) {
            let t = *self
                .rng
                .pick(&[Ty::Int, Ty::Dbl, Ty::Cplx, Ty::Chr, Ty::Lgl]);
            els.push(if self.rng.chance(0.15) {
                "NULL".to_string()
            } else {
                self.lit(t)
            });
        }
        let l = format!("list({})", els.join(", "));
        vec![
            Node::block(
                format!("{} <- function(l) {{", f),
                vec![
                    Node::line("out <- character(0)"),
                    Node::block(
                        "for (el in l) {",
                        vec![
                            Node::line("if (is.null(el)) { out <- c(out, \"null\"); next }"),
                            Node::line("r <- if (is.character(el)) paste0(el, \"!\") else el * 2L"),
                            Node::line("out <- c(out, format(r))"),
                        ],
                        "}",
                    ),
                    Node::line("out"),
                ],
                "}",
            ),
            Node::line(format!("for (k in 1:{}) r <- {}({})", self.hot(), f, l)),
            Node::line("print(r)"),
            Node::line(format!("print({}(rev({})))", f, l)),
        ]
    }

    /// Sequences and vectors whose length is sometimes one where compiled
    /// code speculated longer ones: a `for` over `seq(n, 1L, -1L)`, and
    /// `v[2:length(v)]` of named vectors of changing type (session 27: a
    /// scalar probed as a vector is made the length-1 vector; the generic
    /// `[` takes its index unspeculated).
    fn unit_short_sequences(&mut self) -> Vec<Node> {
        let (rs, tl) = (self.name("revsum"), self.name("tailv"));
        let n = self.hot();
        let k = self.rng.range(2, 4);
        let long = self
            .rng
            .pick(&["c(1, 2, 3)", "c(2L, 5L)", "c(0.5, -1, 4, 8)", "1:4"])
            .to_string();
        let short = self.rng.pick(&["5", "3L", "c(7)", "-2.5"]).to_string();
        let from = self
            .rng
            .pick(&["length(y)", "length(y) + 0L", "max(1L, length(y))"])
            .to_string();
        let named = self
            .rng
            .pick(&[
                "c(a = 1L, b = 2L, c = i)",
                "c(p = 1, q = i)",
                "c(z = i)",
                "c(1, 2, i)",
            ])
            .to_string();
        let other = self
            .rng
            .pick(&["c(p = 1, q = i)", "c(u = 2L, v = i)", "c(1L, i)"])
            .to_string();
        vec![
            Node::block(
                format!("{} <- function(x, y) {{", rs),
                vec![
                    Node::line("s <- 0"),
                    Node::line(format!("for (j in seq({}, 1L, -1L)) s <- s + y[[j]] * x", from)),
                    Node::line("s"),
                ],
                "}",
            ),
            Node::line(format!("{} <- function(v) v[2:length(v)]", tl)),
            Node::line("r <- 0; t <- NULL"),
            Node::line(format!(
                "for (i in 1:{}) {{ y <- if (i %% {}L == 0L) {} else {}; r <- r + {}(i, y); t <- {}(if (i %% 2L == 0L) {} else {}) }}",
                n, k, long, short, rs, tl, named, other
            )),
            Node::line("print(r); print(t)"),
            Node::line(format!("print({}(2L, {})); print({}(c(q = 3)))", rs, short, tl)),
        ]
    }

    /// Arithmetic, comparison, indexing and stores of named vectors in a hot
    /// function (the runtime's generic path, operands by reference), with a
    /// recycling warning muffled by a calling handler every call and
    /// another caught by tryCatch.
    fn unit_named_vectors(&mut self) -> Vec<Node> {
        let (stp, rec) = (self.name("stepv"), self.name("recyc"));
        let n = self.hot();
        let lim = self.rng.range(3, 20);
        let step = self.rng.pick(&["0.5", "1L", "2", "-0.25"]).to_string();
        let init = self
            .rng
            .pick(&["c(x = 0, y = 0)", "c(x = 0L, y = 1L)", "c(y = 2, x = 1)"])
            .to_string();
        let (a, b) = *self.rng.pick(&[
            ("1:3", "1:2"),
            ("c(1, 2, 3, 4, 5)", "c(2, 3)"),
            ("c(a = 1L, b = 2L, c = 3L)", "c(10L, 20L)"),
        ]);
        vec![
            Node::block(
                format!("{} <- function(p, v) {{", stp),
                vec![
                    Node::line("p[\"x\"] <- p[\"x\"] + v[\"x\"]"),
                    Node::line(format!("if (p[\"x\"] > {}) p[\"x\"] <- 0", lim)),
                    Node::line("p[[\"y\"]] <- p[[\"y\"]] - v[[\"y\"]]"),
                    Node::line("p"),
                ],
                "}",
            ),
            Node::line(format!("{} <- function(a, b) a + b", rec)),
            Node::line(format!("p <- {}; nw <- 0L", init)),
            Node::line(format!(
                "for (i in 1:{}) {{ p <- {}(p, c(x = {}, y = 1)); r <- withCallingHandlers({}({}, {}), warning = function(w) {{ nw <<- nw + 1L; invokeRestart(\"muffleWarning\") }}) }}",
                n, stp, step, rec, a, b
            )),
            Node::line("print(p); print(r); print(nw)"),
            Node::line(format!(
                "print(tryCatch({}({}, {}), warning = function(w) conditionMessage(w)))",
                rec, a, b
            )),
        ]
    }

    /// `<<-` into frames further up than the enclosing one, into an
    /// enclosing frame that does not bind the name yet (the global
    /// environment gets it), and from a closure whose environment is
    /// replaced mid-way.
    fn unit_super_chain(&mut self) -> Vec<Node> {
        let (outer, late, g, swap) = (
            self.name("outer"),
            self.name("late"),
            self.name("gsup"),
            self.name("swapenv"),
        );
        let n = self.hot();
        let init = self.lit_of(&[Ty::Int, Ty::Dbl]);
        let add = self.rng.pick(&["k", "k * 2L", "k / 2", "1L"]).to_string();
        vec![
            Node::block(
                format!("{} <- function(n) {{", outer),
                vec![
                    Node::line(format!("total <- {}", init)),
                    Node::block(
                        "mid <- function() {",
                        vec![
                            Node::line(format!("inner <- function(k) total <<- total + {}", add)),
                            Node::line("for (k in 1:n) inner(k)"),
                        ],
                        "}",
                    ),
                    Node::line("mid()"),
                    Node::line("total"),
                ],
                "}",
            ),
            Node::line(format!("print({}({}))", outer, n)),
            Node::block(
                format!("{} <- function(n) {{", late),
                vec![
                    Node::line(format!("f <- function() for (i in 1:n) {} <<- i", g)),
                    Node::line("f()"),
                    Node::line(format!("{} <- -1", g)),
                    Node::line("f()"),
                    Node::line(g.clone()),
                ],
                "}",
            ),
            Node::line(format!("print({}({})); print({})", late, n, g)),
            Node::block(
                format!("{} <- function(n) {{", swap),
                vec![
                    Node::line(format!("v <- {}", init)),
                    Node::line("h <- function() { v <<- v + 1L; v }"),
                    Node::line("for (i in 1:n) h()"),
                    Node::line("e <- new.env(); assign(\"v\", 100, envir = e)"),
                    Node::line("environment(h) <- e"),
                    Node::line("for (i in 1:n) h()"),
                    Node::line("c(v, get(\"v\", envir = e))"),
                ],
                "}",
            ),
            Node::line(format!("print({}({}))", swap, n)),
        ]
    }

    /// S3 methods for operators and subsetting (`+.cls` or `Ops.cls` with
    /// `.Generic`, `[.cls` through `NextMethod()`), met by code compiled on
    /// plain numbers, and classed and plain values mixed in one fold.
    fn unit_s3_operators(&mut self) -> Vec<Node> {
        let (cls, mk, val, acc, idx) = (
            self.name("qty"),
            self.name("mkq"),
            self.name("valq"),
            self.name("foldq"),
            self.name("idx"),
        );
        let n = self.hot();
        let group = self.rng.chance(0.5);
        let op = self.rng.pick(&["+", "-", "*"]).to_string();
        let mut items = vec![
            Node::line(format!(
                "{} <- function(v) structure(list(v = v), class = \"{}\")",
                mk, cls
            )),
            Node::line(format!(
                "{} <- function(x) if (inherits(x, \"{}\")) x$v else x",
                val, cls
            )),
        ];
        if group {
            items.push(Node::line(format!(
                "Ops.{} <- function(e1, e2) {{ r <- get(.Generic)({}(e1), {}(e2)); if (.Generic %in% c(\"+\", \"-\", \"*\")) {}(r) else r }}",
                cls, val, val, mk
            )));
        } else {
            items.push(Node::line(format!(
                "`{}.{}` <- function(e1, e2) {}({}(e1) {} {}(e2))",
                op, cls, mk, val, op, val
            )));
        }
        items.extend([
            Node::block(
                format!("{} <- function(xs) {{", acc),
                vec![
                    Node::line("s <- xs[[1]]"),
                    Node::line(format!("for (k in 2:length(xs)) s <- s {} xs[[k]]", op)),
                    Node::line("s"),
                ],
                "}",
            ),
            Node::line(format!("for (r in 1:{}) a <- {}(as.list(1:6))", n, acc)),
            Node::line(format!("b <- {}(lapply(1:6, {}))", acc, mk)),
            Node::line(format!(
                "m <- {}(c(as.list(1:3), lapply(4:6, {})))",
                acc, mk
            )),
            Node::line(format!("print(a); print({}(b)); print({}(m))", val, val)),
            Node::line(format!(
                "`[.{}` <- function(x, i) structure(NextMethod(), class = class(x))",
                idx
            )),
            Node::line(format!(
                "w <- structure(c(5, 1, 4, 2), class = \"{}\")",
                idx
            )),
            Node::line(format!(
                "t <- 0; for (i in 1:{}) t <- t + unclass(w[(i %% 4L) + 1L])",
                n
            )),
            Node::line("print(t); print(class(w[2:3])); print(unclass(w[-1]))"),
        ]);
        items
    }

    /// Top-level loop (compiled by OSR-in) whose locals change type.
    fn unit_toplevel_phase(&mut self) -> Vec<Node> {
        let n = self.hot();
        let init = self.lit_of(&[Ty::Int, Ty::Dbl, Ty::Lgl]);
        let e = self.num_of(&[Ty::Int, Ty::Dbl], &["i", "t"], 3);
        let sw = self.rng.range(1, n);
        let late = self.lit_of(&[Ty::Dbl, Ty::Cplx, Ty::Int, Ty::Lgl]);
        vec![
            Node::line(format!("t <- {}", init)),
            Node::line("u <- NULL"),
            Node::block(
                format!("for (i in 1:{}) {{", n),
                vec![
                    Node::line(format!("t <- {}", e)),
                    Node::line(format!("if (i == {}L) t <- {}", sw, late)),
                    Node::line("if (is.na(t)) u <- c(u, i)"),
                ],
                "}",
            ),
            Node::line("print(t); print(i); print(length(u))"),
        ]
    }

    /// A 3-d array filled element by element in nested loops (`a[i, j, k]`
    /// stores and reads, in place while unshared), a copy that must not
    /// change, a late store of another type, and the array's slices,
    /// margins and transposition printed.
    fn unit_array3(&mut self) -> Vec<Node> {
        let a = self.name("a");
        let (d1, d2, d3) = (
            self.rng.range(1, 4),
            self.rng.range(1, 4),
            self.rng.range(1, 4),
        );
        let init = self.lit_of(&[Ty::Int, Ty::Dbl, Ty::Lgl]);
        let e = self.num_of(&[Ty::Int, Ty::Dbl], &["i", "j", "k"], 2);
        let reps = self.rng.range(1, 30);
        let mut out = vec![
            Node::line(format!(
                "{a} <- array({init}, dim = c({d1}, {d2}, {d3}))"
            )),
            Node::line(format!("{a}0 <- {a}")),
            Node::line("acc3 <- 0"),
            Node::block(
                format!("for (rep in 1:{}) {{", reps),
                vec![Node::block(
                    format!("for (k in 1:dim({a})[3]) for (j in 1:dim({a})[2]) for (i in 1:dim({a})[1]) {{"),
                    vec![
                        Node::line(format!("{a}[i, j, k] <- {e}")),
                        Node::line(format!(
                            "if (!is.na({a}[i, j, k])) acc3 <- acc3 + ({a}[i, j, k] %% 7)"
                        )),
                    ],
                    "}",
                )],
                "}",
            ),
        ];
        if self.rng.chance(0.4) {
            let late = self.lit_of(&[Ty::Dbl, Ty::Cplx, Ty::Chr]);
            out.push(Node::line(format!("{a}[1, 1, 1] <- {late}")));
        }
        out.push(Node::line(format!("print(dim({a})); print({a}[, , 1])")));
        out.push(Node::line(format!(
            "print(identical({a}0, {a})); print(acc3)"
        )));
        out.push(Node::line(format!(
            "if (is.numeric({a})) {{ print(apply({a}, 3, sum)); print(sum({a}[{d1}, , ])) }} else print(typeof({a}))"
        )));
        out.push(Node::line(format!("print(aperm({a})[, , 1])")));
        out
    }

    /// Language objects in a hot loop: an expression evaluated with the
    /// loop's values, rebuilt once mid-loop (`bquote`), deparsed; calls
    /// built and edited (`call`, `[[<-` on a call, `as.name`), `substitute`
    /// of an argument, and `parse(text = )`.
    /// Conditions raised in a hot loop and caught by `tryCatch`es with
    /// several handlers, by handlers after the one that raised them, and by
    /// `try`: their calls and messages (R's internal closures `doTryCatch`,
    /// `tryCatchList`, the closure a C-level error names).
    fn unit_condition_calls(&mut self) -> Vec<Node> {
        let f = self.name("cc");
        let n = self.hot();
        let a = self.rng.range(2, 9);
        let b = self.rng.range(2, 9);
        let raise = *self.rng.pick(&[
            "stop(\"odd \", i)",
            "warning(\"odd \", i)",
            "message(\"odd \", i)",
            "i %% 1i",
            "log(-1) + stop(\"late\")",
        ]);
        let first = *self.rng.pick(&["message", "warning", "error", "condition"]);
        let second = *self.rng.pick(&["error", "condition", "warning"]);
        let rethrow = self.rng.chance(0.5);
        vec![
            Node::block(
                format!("{f} <- function(i) {{"),
                vec![
                    Node::line(format!(
                        "tryCatch({{ if (i %% {a}L == 0L) {raise}; i }}, {first} = function(c) {}, {second} = function(c) paste(class(c)[1], deparse(conditionCall(c))))",
                        if rethrow {
                            "stop(\"again \", conditionMessage(c))"
                        } else {
                            "-1L"
                        }
                    )),
                ],
                "}",
            ),
            Node::line("out <- character(0)"),
            Node::line(format!(
                "for (i in 1:{n}) {{ r <- {f}(i); if (!is.numeric(r) || i %% {b}L == 0L) out <- c(out, as.character(r)) }}"
            )),
            Node::line("print(unique(out))"),
            Node::line(format!(
                "r <- try({f}({a}L * 3L), silent = TRUE); print(class(r)); cat(r)"
            )),
        ]
    }

    fn unit_language(&mut self) -> Vec<Node> {
        let f = self.name("lang");
        let n = self.hot();
        let at = self.rng.range(1, n);
        let (op, k) = *self
            .rng
            .pick(&[("+", "2"), ("*", "3L"), ("-", "0.5"), ("/", "4")]);
        let fun = *self.rng.pick(&["sum", "max", "min", "prod"]);
        let fun2 = *self.rng.pick(&["sum", "max", "range", "length"]);
        vec![
            Node::block(
                format!("{f} <- function(n) {{"),
                vec![
                    Node::line("e <- quote(x * 2 + y)"),
                    Node::line("s <- 0"),
                    Node::block(
                        "for (i in 1:n) {",
                        vec![
                            Node::line("x <- i; y <- i %% 3"),
                            Node::line("s <- s + eval(e)"),
                            Node::line(format!(
                                "if (i == {at}L) e <- bquote(.(e) {op} {k})"
                            )),
                        ],
                        "}",
                    ),
                    Node::line("list(s, deparse(e), e)"),
                ],
                "}",
            ),
            Node::line(format!(
                "r <- {f}({n}); print(r[[1]]); print(r[[2]]); print(class(r[[3]]))"
            )),
            Node::line("g <- function(a) substitute(a)"),
            Node::line("print(g(z + 1)); print(class(g(z + 1))); print(g(3))"),
            Node::line(format!(
                "cl <- call(\"{fun}\", 1, 2.5, 3L); print(eval(cl)); cl[[1]] <- as.name(\"{fun2}\"); print(cl); print(eval(cl))"
            )),
            Node::line(format!(
                "ex <- parse(text = \"1 {op} 2 * {k}\")[[1]]; print(eval(ex)); print(length(ex)); print(ex[[1]])"
            )),
        ]
    }
}
