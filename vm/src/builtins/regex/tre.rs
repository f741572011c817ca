//! GNU R's extended regular expressions (its TRE library, `perl = FALSE`)
//! translated to the syntax of the `regex` crate. The parser follows
//! TRE's `tre_parse` so that the same patterns are accepted with the same
//! meaning (an unmatched `)` is a literal, `*` with nothing before it
//! repeats the empty string, a backslash inside brackets is a literal) and
//! the same ones are refused with TRE's reason (`Missing ')'`).

use super::syntax::{class_item, push_lit, Out};

/// TRE's error texts (`tre_regerror`), the reasons R prints.
pub(super) const BADPAT: &str = "Invalid regexp";
const ECOLLATE: &str = "Unknown collating element";
const ECTYPE: &str = "Unknown character class name";
const EESCAPE: &str = "Trailing backslash";
const ESUBREG: &str = "Invalid back reference";
const EBRACK: &str = "Missing ']'";
const EPAREN: &str = "Missing ')'";
const EBRACE: &str = "Missing '}'";
const BADBR: &str = "Invalid contents of {}";
const ERANGE: &str = "Invalid character range";
const BADRPT: &str = "Invalid use of repetition operators";

/// TRE's `RE_DUP_MAX`: the largest count in `{n,m}`.
const DUP_MAX: i64 = 255;

#[derive(Debug)]
pub(super) enum TreError {
    /// TRE refuses the pattern with this reason.
    Reason(&'static str),
    /// TRE accepts it but dlvm does not implement the feature.
    Unsupported(String),
}

/// The translation of one pattern.
pub(super) struct Tre {
    pub out: Out,
    /// Some repetition is minimal (`*?`): the match is then not the
    /// longest one (TRE prefers the shorter repetition).
    pub minimal: bool,
}

type R<T> = Result<T, TreError>;

struct Parser<'a> {
    re: &'a [char],
    pos: usize,
    depth: usize,
    out: Out,
    max_backref: usize,
    minimal: bool,
}

/// Translate `pat` (TRE's extended syntax).
pub(super) fn translate(pat: &str) -> Result<Tre, TreError> {
    let chars: Vec<char> = pat.chars().collect();
    let mut p = Parser {
        re: &chars,
        pos: 0,
        depth: 0,
        out: Out::default(),
        max_backref: 0,
        minimal: false,
    };
    p.alternatives()?;
    // (At depth 0 a `)` is a literal, so the whole pattern is read here.)
    if p.depth > 0 {
        return Err(TreError::Reason(EPAREN));
    }
    if p.max_backref > p.out.groups {
        return Err(TreError::Reason(ESUBREG));
    }
    Ok(Tre {
        out: p.out,
        minimal: p.minimal,
    })
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.re.get(self.pos).copied()
    }
    fn at(&self, k: usize) -> Option<char> {
        self.re.get(self.pos + k).copied()
    }

    /// Branches separated by `|`, up to the `)` closing the current group
    /// (not consumed) or the end.
    fn alternatives(&mut self) -> R<()> {
        loop {
            self.branch()?;
            if self.peek() == Some('|') {
                self.pos += 1;
                self.out.s.push('|');
            } else {
                return Ok(());
            }
        }
    }

    /// Pieces up to `|`, a group's `)` or the end (always one piece, which
    /// may be empty).
    fn branch(&mut self) -> R<()> {
        self.piece()?;
        loop {
            match self.peek() {
                None | Some('|') => return Ok(()),
                Some(')') if self.depth > 0 => return Ok(()),
                _ => self.piece()?,
            }
        }
    }

    fn piece(&mut self) -> R<()> {
        self.atom()?;
        self.postfix()
    }

    fn empty(&mut self) {
        self.out.s.push_str("(?:)");
    }

    fn atom(&mut self) -> R<()> {
        let Some(c) = self.peek() else {
            self.empty();
            return Ok(());
        };
        match c {
            '(' if self.at(1) == Some('?') => self.extension(),
            '(' => {
                self.pos += 1;
                self.out.groups += 1;
                self.out.s.push('(');
                self.group_body()?;
                self.out.s.push(')');
                Ok(())
            }
            ')' if self.depth > 0 => {
                self.empty();
                Ok(())
            }
            '[' => {
                self.pos += 1;
                self.bracket()
            }
            '\\' => self.escape(),
            '.' => {
                self.pos += 1;
                self.out.s.push_str("(?s:.)");
                Ok(())
            }
            '^' => {
                self.pos += 1;
                self.out.bol();
                Ok(())
            }
            '$' => {
                self.pos += 1;
                self.out.s.push_str("(?:$)");
                Ok(())
            }
            '*' | '|' | '{' | '+' | '?' => {
                self.empty();
                Ok(())
            }
            c => {
                self.pos += 1;
                push_lit(&mut self.out.s, c);
                Ok(())
            }
        }
    }

    /// The inside of a group whose `(` was read: alternatives and `)`.
    fn group_body(&mut self) -> R<()> {
        self.depth += 1;
        self.alternatives()?;
        if self.peek() != Some(')') {
            return Err(TreError::Reason(EPAREN));
        }
        self.pos += 1;
        self.depth -= 1;
        Ok(())
    }

    /// `(?flags)`, `(?flags:...)`, `(?#comment)`.
    fn extension(&mut self) -> R<()> {
        self.pos += 2;
        let mut on = String::new();
        let mut off = String::new();
        let mut bit = true;
        loop {
            match self.peek() {
                Some('i') => {
                    self.pos += 1;
                    if bit { &mut on } else { &mut off }.push('i');
                }
                Some(f @ ('n' | 'U' | 'r')) => {
                    return Err(TreError::Unsupported(format!(
                        "the TRE flag (?{f}) (use perl = TRUE)"
                    )))
                }
                Some('-') => {
                    self.pos += 1;
                    bit = false;
                }
                Some(':') => {
                    self.pos += 1;
                    self.out.s.push_str(&flag_group(&on, &off));
                    self.group_body()?;
                    self.out.s.push(')');
                    return Ok(());
                }
                Some('#') => {
                    while self.peek().is_some_and(|c| c != ')') {
                        self.pos += 1;
                    }
                    if self.peek().is_none() {
                        return Err(TreError::Reason(BADPAT));
                    }
                    self.pos += 1;
                    self.empty();
                    return Ok(());
                }
                Some(')') => {
                    self.pos += 1;
                    // The flags hold for the rest of the enclosing group.
                    self.out.s.push_str(&flag_group(&on, &off));
                    self.alternatives()?;
                    self.out.s.push(')');
                    return Ok(());
                }
                _ => return Err(TreError::Reason(BADPAT)),
            }
        }
    }

    fn escape(&mut self) -> R<()> {
        let Some(c) = self.at(1) else {
            return Err(TreError::Reason(EESCAPE));
        };
        self.pos += 2;
        let s = &mut self.out.s;
        match c {
            't' => s.push_str("\\t"),
            'n' => s.push_str("\\n"),
            'r' => s.push_str("\\r"),
            'f' => s.push_str("\\f"),
            'a' => s.push_str("\\x07"),
            'e' => s.push_str("\\x1B"),
            'w' => s.push_str("[\\p{Alphabetic}\\p{Nd}_]"),
            'W' => s.push_str("[^\\p{Alphabetic}\\p{Nd}_]"),
            's' => s.push_str(&format!("[{}]", SPACE)),
            'S' => s.push_str(&format!("[^{}]", SPACE)),
            'd' => s.push_str("[0-9]"),
            'D' => s.push_str("[^0-9]"),
            // TRE's `\b` holds at both ends of the string, whatever is there.
            'b' => s.push_str("(?:\\A|\\z|\\b)"),
            'B' => s.push_str("(?:\\B)"),
            '<' => s.push_str("(?:\\<)"),
            '>' => s.push_str("(?:\\>)"),
            'Q' => {
                // Literal text up to `\E`.
                while let Some(c) = self.peek() {
                    if c == '\\' && self.at(1) == Some('E') {
                        self.pos += 2;
                        break;
                    }
                    self.pos += 1;
                    push_lit(&mut self.out.s, c);
                }
            }
            'x' => {
                let code = if self.peek() == Some('{') {
                    self.pos += 1;
                    let mut v: u32 = 0;
                    loop {
                        match self.peek() {
                            Some('}') => break,
                            Some(h) if h.is_ascii_hexdigit() => {
                                v = v.saturating_mul(16) + h.to_digit(16).unwrap();
                                self.pos += 1;
                            }
                            _ => return Err(TreError::Reason(EBRACE)),
                        }
                    }
                    self.pos += 1;
                    v
                } else {
                    let mut v = 0;
                    for _ in 0..2 {
                        match self.peek() {
                            Some(h) if h.is_ascii_hexdigit() => {
                                v = v * 16 + h.to_digit(16).unwrap();
                                self.pos += 1;
                            }
                            _ => break,
                        }
                    }
                    v
                };
                match char::from_u32(code) {
                    Some(ch) if code != 0 => push_lit(&mut self.out.s, ch),
                    _ => {
                        return Err(TreError::Unsupported(format!(
                            "the character \\x{{{code:x}}} in a pattern"
                        )))
                    }
                }
            }
            '1'..='9' => {
                let n = c as usize - '0' as usize;
                self.max_backref = self.max_backref.max(n);
                self.out.backrefs = true;
                s.push_str(&format!("(?:\\{n})"));
            }
            '0' => {
                return Err(TreError::Unsupported(
                    "the back reference \\0 in a pattern".into(),
                ))
            }
            c => push_lit(s, c),
        }
        Ok(())
    }

    /// A bracket expression whose `[` was read.
    fn bracket(&mut self) -> R<()> {
        let mut out = String::from("[");
        if self.peek() == Some('^') {
            self.pos += 1;
            out.push('^');
        }
        let first = self.pos;
        let mut any = false;
        loop {
            let Some(c) = self.peek() else {
                return Err(TreError::Reason(EBRACK));
            };
            if c == ']' && self.pos > first {
                self.pos += 1;
                break;
            }
            any = true;
            match (self.at(1), self.at(2)) {
                (Some('-'), Some(hi)) if hi != ']' => {
                    if c > hi {
                        return Err(TreError::Reason(ERANGE));
                    }
                    self.pos += 3;
                    class_item(&mut out, c);
                    out.push('-');
                    class_item(&mut out, hi);
                    continue;
                }
                _ => {}
            }
            if c == '[' && matches!(self.at(1), Some('.' | '=')) {
                return Err(TreError::Reason(ECOLLATE));
            }
            if c == '[' && self.at(1) == Some(':') {
                let start = self.pos + 2;
                let Some(len) = self.re[start..].iter().position(|&c| c == ':') else {
                    return Err(TreError::Reason(ECTYPE));
                };
                let name: String = self.re[start..start + len].iter().collect();
                let Some(set) = posix_class(&name) else {
                    return Err(TreError::Reason(ECTYPE));
                };
                out.push_str(set);
                self.pos = start + len + 2;
                continue;
            }
            if c == '-' && self.at(1) != Some(']') && self.pos != first {
                return Err(TreError::Reason(ERANGE));
            }
            self.pos += 1;
            class_item(&mut out, c);
        }
        debug_assert!(any);
        out.push(']');
        self.out.s.push_str(&out);
        Ok(())
    }

    /// What may follow a quantifier: `?` makes it minimal (lazy); another
    /// `*` or `+` is TRE's "invalid use of repetition operators".
    fn after_quantifier(&mut self) -> R<()> {
        match self.peek() {
            Some('?') => {
                self.pos += 1;
                self.out.s.push('?');
                self.minimal = true;
            }
            Some('*' | '+') => return Err(TreError::Reason(BADRPT)),
            _ => {}
        }
        Ok(())
    }

    fn postfix(&mut self) -> R<()> {
        loop {
            match self.peek() {
                Some(q @ ('*' | '+' | '?')) => {
                    self.pos += 1;
                    self.out.s.push(q);
                    self.after_quantifier()?;
                }
                Some('{') => {
                    self.pos += 1;
                    self.bound()?;
                }
                _ => return Ok(()),
            }
        }
    }

    fn int(&mut self) -> Option<i64> {
        let mut n: Option<i64> = None;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            n = Some(n.unwrap_or(0).saturating_mul(10).saturating_add(d as i64));
            self.pos += 1;
        }
        n
    }

    /// `{n}`, `{n,}`, `{n,m}`, `{,m}` after the `{`.
    fn bound(&mut self) -> R<()> {
        let start = self.pos;
        let min = self.int();
        let max = if self.peek() == Some(',') {
            self.pos += 1;
            self.int()
        } else {
            min
        };
        if let (Some(lo), Some(hi)) = (min, max) {
            if lo > hi {
                return Err(TreError::Reason(BADBR));
            }
        }
        if max.is_some_and(|m| m > DUP_MAX) || min.is_some_and(|m| m > DUP_MAX) {
            return Err(TreError::Reason(BADBR));
        }
        match self.peek() {
            None => return Err(TreError::Reason(EBRACE)),
            Some('}') if self.pos > start => {}
            Some('+' | '-' | '#' | '~' | '<') => {
                return Err(TreError::Unsupported(
                    "approximate matching ({~n} and the like)".into(),
                ))
            }
            Some(_) => {
                // (TRE reads to the end looking for cost parameters.)
                if !self.re[self.pos..].contains(&'}') {
                    return Err(TreError::Reason(EBRACE));
                }
                return Err(TreError::Reason(BADBR));
            }
        }
        self.pos += 1;
        let q = match (min, max) {
            (Some(lo), Some(hi)) if lo == hi => format!("{{{lo}}}"),
            (Some(lo), None) if self.re[start..self.pos].contains(&',') => format!("{{{lo},}}"),
            (Some(lo), Some(hi)) => format!("{{{lo},{hi}}}"),
            (None, Some(hi)) => format!("{{0,{hi}}}"),
            // `{,}`: TRE repeats once.
            _ => "{1}".into(),
        };
        self.out.s.push_str(&q);
        self.after_quantifier()
    }
}

fn flag_group(on: &str, off: &str) -> String {
    match (on.is_empty(), off.is_empty()) {
        (true, true) => "(?:".into(),
        (false, true) => format!("(?{on}:"),
        (true, false) => format!("(?-{off}:"),
        (false, false) => format!("(?{on}-{off}:"),
    }
}

/// glibc's `iswspace` in a UTF-8 locale (no no-break spaces), as class items.
const SPACE: &str = "\\t\\n\\x0B\\f\\r \\x{1680}\\x{2000}-\\x{2006}\\x{2008}-\\x{200A}\\x{2028}\\x{2029}\\x{205F}\\x{3000}";

/// The characters of `[:name:]` in a bracket expression, as a nested class
/// (TRE asks the C library, whose UTF-8 classes cover all of Unicode).
fn posix_class(name: &str) -> Option<&'static str> {
    Some(match name {
        "alpha" => "[\\p{Alphabetic}\\p{Nd}&&[^0-9]]",
        "alnum" => "[\\p{Alphabetic}\\p{Nd}]",
        "digit" => "[0-9]",
        "xdigit" => "[0-9A-Fa-f]",
        "upper" => "[\\p{Uppercase}]",
        "lower" => "[\\p{Lowercase}]",
        "space" => "[\\t\\n\\x0B\\f\\r \\x{1680}\\x{2000}-\\x{2006}\\x{2008}-\\x{200A}\\x{2028}\\x{2029}\\x{205F}\\x{3000}]",
        "blank" => "[\\t \\x{1680}\\x{2000}-\\x{2006}\\x{2008}-\\x{200A}\\x{205F}\\x{3000}]",
        "punct" => "[\\p{P}\\p{S}]",
        "cntrl" => "[\\p{Cc}]",
        "print" => "[^\\p{Cc}\\p{Cs}\\p{Cn}\\x{2028}\\x{2029}]",
        "graph" => "[^\\p{Cc}\\p{Cs}\\p{Cn}\\t\\n\\x0B\\f\\r \\x{1680}\\x{2000}-\\x{2006}\\x{2008}-\\x{200A}\\x{2028}\\x{2029}\\x{205F}\\x{3000}]",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(p: &str) -> String {
        match translate(p) {
            Ok(t) => t.out.render(false),
            Err(TreError::Reason(r)) => panic!("{p}: {r}"),
            Err(TreError::Unsupported(u)) => panic!("{p}: {u}"),
        }
    }
    fn reason(p: &str) -> &'static str {
        match translate(p) {
            Err(TreError::Reason(r)) => r,
            _ => panic!("{p} was accepted"),
        }
    }

    #[test]
    fn tre_quirks() {
        assert_eq!(ok("a)"), "a\\)");
        assert_eq!(ok("*a"), "(?:)*a");
        assert_eq!(ok("[\\.]"), "[\\\\\\.]");
        assert_eq!(ok("[]a]"), "[\\]a]");
        assert_eq!(ok("a{,2}"), "a{0,2}");
        assert_eq!(ok("(a|)"), "(a|(?:))");
        assert_eq!(ok("^a"), "(?:^)a");
    }

    #[test]
    fn tre_reasons() {
        // Rscript: grepl(p, "a") fails with these reasons.
        assert_eq!(reason("("), EPAREN);
        assert_eq!(reason("["), EBRACK);
        assert_eq!(reason("a{2,1}"), BADBR);
        assert_eq!(reason("a{300}"), BADBR);
        assert_eq!(reason("a{1x}"), BADBR);
        assert_eq!(reason("a{"), EBRACE);
        assert_eq!(reason("\\"), EESCAPE);
        assert_eq!(reason("a**"), BADRPT);
        assert_eq!(reason("[b-a]"), ERANGE);
        assert_eq!(reason("(a)\\2"), ESUBREG);
        assert_eq!(reason("[[.a.]]"), ECOLLATE);
        assert_eq!(reason("[[:foo:]]"), ECTYPE);
        assert_eq!(reason("(?<=a)b"), BADPAT);
    }
}
