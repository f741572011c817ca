//! Perl-compatible patterns (`perl = TRUE`, GNU R's PCRE2 10.42 in UTF
//! mode without UCP) translated to the syntax of the `regex` crate. What
//! differs is spelled out: `\d`, `\w`, `\s`, `\b` and the POSIX classes are
//! ASCII-only in PCRE; `$` also matches before a final newline; a `{` that
//! does not start a quantifier is a literal; `[` inside a class is a
//! literal. Look-around, back references, atomic groups, possessive
//! quantifiers and `\K` mark the pattern for `fancy-regex`. Errors carry
//! PCRE2's message and the offset R prints after `at`.

use super::syntax::{class_item, push_lit, Out};

#[derive(Debug)]
pub(super) enum PcreError {
    /// PCRE2 refuses the pattern: its message, and the character offset of
    /// the rest of the pattern it shows.
    At(&'static str, usize),
    /// PCRE2 accepts it but dlvm does not implement the feature.
    Unsupported(String),
}

type R<T> = Result<T, PcreError>;

/// Marker for a PCRE `$` outside multi-line mode (see `Pcre::render`).
const DOLLAR: char = '\u{3}';

pub(super) struct Pcre {
    pub out: Out,
    /// The pattern has a `$` that must also match before a final newline.
    pub dollar: bool,
}

impl Pcre {
    /// The pattern; `newline`: the subject has a newline, so `$` is
    /// spelled with look-ahead (and the pattern needs `fancy-regex`).
    pub fn render(&self, newline: bool) -> String {
        let r = self.out.render(false);
        if !self.dollar {
            return r;
        }
        let dollar = if newline || self.out.needs_fancy() {
            "(?=\\n?\\z)"
        } else {
            "\\z"
        };
        r.replace(DOLLAR, dollar)
    }
    pub fn needs_fancy(&self, newline: bool) -> bool {
        self.out.needs_fancy() || (newline && self.dollar)
    }
}

const MISSING_PAREN: &str = "missing closing parenthesis";
const UNMATCHED_PAREN: &str = "unmatched closing parenthesis";
const NOT_REPEATABLE: &str = "quantifier does not follow a repeatable item";
const MISSING_BRACKET: &str = "missing terminating ] for character class";
const OUT_OF_ORDER: &str = "numbers out of order in {} quantifier";
const TOO_BIG: &str = "number too big in {} quantifier";
const RANGE_ORDER: &str = "range out of order in character class";
const BAD_RANGE: &str = "invalid range in character class";
const TRAILING_BACKSLASH: &str = "\\ at end of pattern";
const UNKNOWN_ESCAPE: &str = "unrecognized character follows \\";
const NO_SUBPATTERN: &str = "reference to non-existent subpattern";
const LOOKBEHIND: &str = "lookbehind assertion is not fixed length";
const UNKNOWN_POSIX: &str = "unknown POSIX class name";
const POSIX_OUTSIDE: &str = "POSIX named classes are supported only within a class";
const BAD_GROUP: &str = "unrecognized character after (? or (?-";
const CASE_ESCAPES: &str = "PCRE2 does not support \\F, \\L, \\l, \\N{name}, \\U, or \\u";
const BAD_K: &str = "\\k is not followed by a braced, angle-bracketed, or quoted name";

const SPACE: &str = "\\t\\n\\x0B\\f\\r ";
const HSPACE: &str = "\\t \\x{A0}\\x{1680}\\x{180E}\\x{2000}-\\x{200A}\\x{202F}\\x{205F}\\x{3000}";
const VSPACE: &str = "\\n\\x0B\\f\\r\\x{85}\\x{2028}\\x{2029}";
const POSIX: &[&str] = &[
    "alnum", "alpha", "ascii", "blank", "cntrl", "digit", "graph", "lower", "print", "punct",
    "space", "upper", "word", "xdigit",
];

struct Parser<'a> {
    re: &'a [char],
    pos: usize,
    out: Out,
    dollar: bool,
    multiline: bool,
    /// Open groups: whether each is a lookbehind (and where it starts).
    open: Vec<Option<usize>>,
    /// Back references by number, with the offset of their digits.
    refs: Vec<(usize, usize)>,
    /// The last item can take a quantifier.
    repeatable: bool,
    /// `(?x)`: white space and `#` comments outside classes are dropped
    /// here (the `regex` crate's `x` would also drop them inside classes).
    extended: bool,
}

/// Translate `pat` (PCRE2 syntax).
pub(super) fn translate(pat: &str) -> Result<Pcre, PcreError> {
    let chars: Vec<char> = pat.chars().collect();
    let mut p = Parser {
        re: &chars,
        pos: 0,
        out: Out::default(),
        dollar: false,
        multiline: false,
        open: Vec::new(),
        refs: Vec::new(),
        repeatable: false,
        extended: false,
    };
    while p.pos < chars.len() {
        p.item()?;
    }
    if !p.open.is_empty() {
        return Err(PcreError::At(MISSING_PAREN, chars.len()));
    }
    if let Some(&(_, at)) = p.refs.iter().find(|(n, _)| *n > p.out.groups) {
        return Err(PcreError::At(NO_SUBPATTERN, at));
    }
    let dollar = p.dollar && !p.multiline;
    let mut out = p.out;
    if !dollar {
        out.s = out.s.replace(DOLLAR, "$");
    }
    Ok(Pcre { out, dollar })
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.re.get(self.pos).copied()
    }
    fn at(&self, k: usize) -> Option<char> {
        self.re.get(self.pos + k).copied()
    }
    fn unsupported<T>(&self, what: &str) -> R<T> {
        Err(PcreError::Unsupported(format!(
            "{what} in a perl = TRUE pattern"
        )))
    }

    fn item(&mut self) -> R<()> {
        let c = self.re[self.pos];
        if self.extended && (c.is_whitespace() || c == '#') {
            while c == '#' && self.peek().is_some_and(|d| d != '\n') {
                self.pos += 1;
            }
            self.pos += 1;
            return Ok(());
        }
        match c {
            '\\' => self.escape(),
            '(' => self.group(),
            ')' => {
                if self.open.pop().is_none() {
                    return Err(PcreError::At(UNMATCHED_PAREN, self.pos));
                }
                self.pos += 1;
                self.out.s.push(')');
                self.repeatable = true;
                Ok(())
            }
            '|' => {
                self.pos += 1;
                self.out.s.push('|');
                self.repeatable = false;
                Ok(())
            }
            '^' => {
                self.pos += 1;
                self.out.s.push('^');
                self.repeatable = false;
                Ok(())
            }
            '$' => {
                self.pos += 1;
                self.out.s.push(DOLLAR);
                self.dollar = true;
                self.repeatable = false;
                Ok(())
            }
            '.' => {
                self.pos += 1;
                self.out.s.push('.');
                self.repeatable = true;
                Ok(())
            }
            '[' => {
                if posix_end(self.re, self.pos).is_some() {
                    return Err(PcreError::At(POSIX_OUTSIDE, self.pos));
                }
                self.pos += 1;
                self.class()?;
                self.repeatable = true;
                Ok(())
            }
            '*' | '+' | '?' => self.quantifier(c.to_string(), self.pos),
            '{' => match self.counted()? {
                Some(q) => self.quantifier(q, self.pos - 1),
                None => {
                    self.pos += 1;
                    push_lit(&mut self.out.s, '{');
                    self.repeatable = true;
                    Ok(())
                }
            },
            c => {
                self.pos += 1;
                push_lit(&mut self.out.s, c);
                self.repeatable = true;
                Ok(())
            }
        }
    }

    /// A quantifier `q` (its last character at `last`, read), with its
    /// lazy `?` or possessive `+`.
    fn quantifier(&mut self, q: String, last: usize) -> R<()> {
        if !self.repeatable {
            return Err(PcreError::At(NOT_REPEATABLE, last));
        }
        if q.len() == 1 {
            self.pos += 1;
        }
        self.out.s.push_str(&q);
        match self.peek() {
            Some('?') => {
                self.pos += 1;
                self.out.s.push('?');
            }
            Some('+') => {
                self.pos += 1;
                self.out.s.push('+');
                self.out.fancy = true;
            }
            _ => {}
        }
        self.repeatable = false;
        Ok(())
    }

    /// `{n}`, `{n,}`, `{n,m}` at `pos` (read when it is one; `None`: the
    /// `{` is a literal).
    fn counted(&mut self) -> R<Option<String>> {
        let mut i = self.pos + 1;
        let num = |i: &mut usize| -> Option<u64> {
            let start = *i;
            let mut v: u64 = 0;
            while let Some(d) = self.re.get(*i).and_then(|c| c.to_digit(10)) {
                v = v.saturating_mul(10).saturating_add(d as u64);
                *i += 1;
            }
            (*i > start).then_some(v)
        };
        let Some(lo) = num(&mut i) else {
            return Ok(None);
        };
        let hi = if self.re.get(i) == Some(&',') {
            i += 1;
            num(&mut i)
        } else {
            Some(lo)
        };
        if self.re.get(i) != Some(&'}') {
            return Ok(None);
        }
        if lo > 65535 || hi.is_some_and(|h| h > 65535) {
            return Err(PcreError::At(TOO_BIG, i));
        }
        if hi.is_some_and(|h| h < lo) {
            return Err(PcreError::At(OUT_OF_ORDER, i));
        }
        let comma = self.re[self.pos..i].contains(&',');
        self.pos = i + 1;
        Ok(Some(match hi {
            Some(h) if !comma => format!("{{{h}}}"),
            Some(h) => format!("{{{lo},{h}}}"),
            None => format!("{{{lo},}}"),
        }))
    }

    fn group(&mut self) -> R<()> {
        let start = self.pos;
        self.repeatable = false;
        if self.at(1) == Some('*') {
            return self.unsupported("a (*VERB) or (*alpha_assertion)");
        }
        if self.at(1) != Some('?') {
            self.pos += 1;
            self.out.s.push('(');
            self.out.groups += 1;
            self.out.names.push(String::new());
            self.open.push(None);
            return Ok(());
        }
        self.pos += 2;
        let named = |p: &mut Self, close: char| -> R<()> {
            let mut name = String::new();
            while let Some(c) = p.peek() {
                if c == close {
                    break;
                }
                name.push(c);
                p.pos += 1;
            }
            if p.peek() != Some(close) || name.is_empty() {
                return Err(PcreError::At(MISSING_PAREN, p.re.len()));
            }
            p.pos += 1;
            p.out.s.push_str(&format!("(?<{name}>"));
            p.out.groups += 1;
            p.out.names.push(name);
            p.open.push(None);
            Ok(())
        };
        match (self.peek(), self.at(1)) {
            (Some('#'), _) => {
                while self.peek().is_some_and(|c| c != ')') {
                    self.pos += 1;
                }
                if self.peek().is_none() {
                    return Err(PcreError::At(MISSING_PAREN, self.re.len()));
                }
                self.pos += 1;
                Ok(())
            }
            (Some(':'), _) => {
                self.pos += 1;
                self.out.s.push_str("(?:");
                self.open.push(None);
                Ok(())
            }
            (Some('<'), Some('=' | '!')) => {
                self.pos += 2;
                self.out
                    .s
                    .push_str(&format!("(?<{}", self.re[self.pos - 1]));
                self.out.fancy = true;
                self.open.push(Some(start));
                self.check_lookbehind(start)
            }
            (Some('='), _) | (Some('!'), _) | (Some('>'), _) => {
                let c = self.re[self.pos];
                self.pos += 1;
                self.out.s.push_str(&format!("(?{c}"));
                self.out.fancy = true;
                self.open.push(None);
                Ok(())
            }
            (Some('<'), _) => {
                self.pos += 1;
                named(self, '>')
            }
            (Some('P'), Some('<')) => {
                self.pos += 2;
                named(self, '>')
            }
            (Some('\''), _) => {
                self.pos += 1;
                named(self, '\'')
            }
            (Some('|'), _) => self.unsupported("a branch reset group (?|...)"),
            (Some('('), _) => self.unsupported("a conditional group (?(...)...)"),
            (Some('R' | '&' | '0'..='9' | '+' | 'P'), _) => {
                self.unsupported("a recursive or subroutine call (?R)")
            }
            _ => self.flags(),
        }
    }

    /// `(?imsxU-imsxU)` or `(?imsxU-imsxU:` after the `(?`.
    fn flags(&mut self) -> R<()> {
        let mut text = String::from("(?");
        let mut on = true;
        loop {
            match self.peek() {
                Some('x') => {
                    self.extended = on;
                    self.pos += 1;
                }
                Some(f @ ('i' | 's' | 'U' | '-')) => {
                    on &= f != '-';
                    text.push(f);
                    self.pos += 1;
                }
                Some('m') => {
                    text.push('m');
                    self.multiline |= on;
                    self.pos += 1;
                }
                Some(')') => {
                    self.pos += 1;
                    if text.ends_with('-') {
                        text.pop();
                    }
                    if text.len() > 2 {
                        text.push(')');
                        self.out.s.push_str(&text);
                    }
                    return Ok(());
                }
                Some(':') => {
                    self.pos += 1;
                    if text.ends_with('-') {
                        text.pop();
                    }
                    text.push(':');
                    self.out.s.push_str(&text);
                    self.open.push(None);
                    return Ok(());
                }
                Some('J' | 'n' | '^') => {
                    return self.unsupported("the inline option (?J), (?n) or (?^)")
                }
                Some(_) => return Err(PcreError::At(BAD_GROUP, self.pos)),
                None => return Err(PcreError::At(MISSING_PAREN, self.re.len())),
            }
        }
    }

    /// PCRE2 needs each branch of a lookbehind (starting at `start`) to
    /// have a fixed length: no repetition but `{n}` may appear in it.
    fn check_lookbehind(&self, start: usize) -> R<()> {
        let mut depth = 0usize;
        let mut i = self.pos;
        let mut in_class = false;
        while let Some(&c) = self.re.get(i) {
            match c {
                '\\' => {
                    if self.re.get(i + 1).is_some_and(|d| d.is_ascii_digit()) && !in_class {
                        return Err(PcreError::At(LOOKBEHIND, start));
                    }
                    i += 1;
                }
                '[' if !in_class => in_class = true,
                ']' if in_class => in_class = false,
                '(' if !in_class => depth += 1,
                ')' if !in_class => {
                    if depth == 0 {
                        return Ok(());
                    }
                    depth -= 1;
                }
                '*' | '+' | '?' if !in_class => {
                    let after_paren = i > 0 && self.re[i - 1] == '(';
                    if !after_paren {
                        return Err(PcreError::At(LOOKBEHIND, start));
                    }
                }
                '{' if !in_class => {
                    let close = self.re[i..].iter().position(|&d| d == '}');
                    if let Some(k) = close {
                        let inner: String = self.re[i + 1..i + k].iter().collect();
                        let counted = !inner.is_empty()
                            && inner.chars().all(|d| d.is_ascii_digit() || d == ',')
                            && inner.starts_with(|d: char| d.is_ascii_digit());
                        if counted && inner.contains(',') {
                            return Err(PcreError::At(LOOKBEHIND, start));
                        }
                    }
                }
                _ => {}
            }
            i += 1;
        }
        Ok(())
    }

    fn escape(&mut self) -> R<()> {
        let Some(c) = self.at(1) else {
            return Err(PcreError::At(TRAILING_BACKSLASH, self.re.len()));
        };
        self.pos += 2;
        let before = self.repeatable;
        self.repeatable = true;
        match c {
            'b' | 'B' => {
                self.out.ascii_word_boundary(c == 'B');
                self.repeatable = false;
            }
            'A' => {
                self.out.s.push_str("\\A");
                self.repeatable = false;
            }
            'z' => {
                self.out.s.push_str("\\z");
                self.repeatable = false;
            }
            'Z' => {
                self.out.s.push_str("(?=\\n?\\z)");
                self.out.fancy = true;
                self.repeatable = false;
            }
            'K' => {
                self.out.s.push_str("\\K");
                self.out.fancy = true;
                self.repeatable = false;
            }
            'G' => return self.unsupported("\\G"),
            'X' | 'C' => return self.unsupported(&format!("\\{c}")),
            'R' => self
                .out
                .s
                .push_str("(?:\\r\\n|[\\n\\x0B\\f\\r\\x{85}\\x{2028}\\x{2029}])"),
            'N' if self.peek() != Some('{') => self.out.s.push_str("[^\\n]"),
            'Q' => {
                while let Some(c) = self.peek() {
                    if c == '\\' && self.at(1) == Some('E') {
                        self.pos += 2;
                        break;
                    }
                    self.pos += 1;
                    push_lit(&mut self.out.s, c);
                }
            }
            'E' => self.repeatable = before,
            '1'..='9' => {
                let at = self.pos - 1;
                let mut n = c as usize - '0' as usize;
                while let Some(d) = self.peek().and_then(|d| d.to_digit(10)) {
                    n = n * 10 + d as usize;
                    self.pos += 1;
                }
                self.refs.push((n, at));
                self.out.backrefs = true;
                self.out.s.push_str(&format!("(?:\\{n})"));
            }
            'g' => {
                let n = self.braced_number()?;
                self.refs.push((n, self.pos - 1));
                self.out.backrefs = true;
                self.out.s.push_str(&format!("(?:\\{n})"));
            }
            'k' => {
                let close = match self.peek() {
                    Some('<') => '>',
                    Some('{') => '}',
                    Some('\'') => '\'',
                    _ => return Err(PcreError::At(BAD_K, self.pos)),
                };
                self.pos += 1;
                let mut name = String::new();
                while let Some(d) = self.peek() {
                    self.pos += 1;
                    if d == close {
                        break;
                    }
                    name.push(d);
                }
                self.out.backrefs = true;
                self.out.s.push_str(&format!("(?:\\k<{name}>)"));
            }
            'L' | 'l' | 'U' | 'u' | 'F' => return Err(PcreError::At(CASE_ESCAPES, self.pos)),
            'N' => return Err(PcreError::At(CASE_ESCAPES, self.pos)),
            _ => {
                let mut s = String::new();
                self.class_escape(c, &mut s, false)?;
                self.out.s.push_str(&s);
            }
        }
        Ok(())
    }

    /// `\g{n}`, `\gn` after the `g`.
    fn braced_number(&mut self) -> R<usize> {
        let braced = self.peek() == Some('{');
        if braced {
            self.pos += 1;
        }
        let mut n = 0usize;
        let start = self.pos;
        while let Some(d) = self.peek().and_then(|d| d.to_digit(10)) {
            n = n * 10 + d as usize;
            self.pos += 1;
        }
        if self.pos == start || (braced && self.peek() != Some('}')) {
            return self.unsupported("\\g with a name or a relative number");
        }
        if braced {
            self.pos += 1;
        }
        Ok(n)
    }

    /// The escape `\c` (whose `\` and `c` were read) as it stands alone or
    /// in a class (`in_class`: `\b` is a backspace), appended to `s`.
    fn class_escape(&mut self, c: char, s: &mut String, in_class: bool) -> R<()> {
        let wrap = |s: &mut String, set: &str, neg: bool| {
            s.push_str(if neg { "[^" } else { "[" });
            s.push_str(set);
            s.push(']');
        };
        match c {
            'd' | 'D' => wrap(s, "0-9", c == 'D'),
            'w' | 'W' => wrap(s, "0-9A-Za-z_", c == 'W'),
            's' | 'S' => wrap(s, SPACE, c == 'S'),
            'h' | 'H' => wrap(s, HSPACE, c == 'H'),
            'v' | 'V' => wrap(s, VSPACE, c == 'V'),
            'p' | 'P' => {
                let mut prop = String::new();
                if self.peek() == Some('{') {
                    while let Some(d) = self.peek() {
                        self.pos += 1;
                        prop.push(d);
                        if d == '}' {
                            break;
                        }
                    }
                } else if let Some(d) = self.peek() {
                    self.pos += 1;
                    prop.push(d);
                }
                let prop = prop.replace("L&", "LC");
                s.push_str(&format!("\\{c}{prop}"));
            }
            't' => s.push_str("\\t"),
            'n' => s.push_str("\\n"),
            'r' => s.push_str("\\r"),
            'f' => s.push_str("\\f"),
            'a' => s.push_str("\\x07"),
            'e' => s.push_str("\\x1B"),
            'b' if in_class => s.push_str("\\x08"),
            'x' => {
                let code = if self.peek() == Some('{') {
                    self.pos += 1;
                    self.hex_digits(8, true)
                } else {
                    self.hex_digits(2, false)
                };
                self.push_code(s, code)?;
            }
            'o' if self.peek() == Some('{') => {
                self.pos += 1;
                let mut v = 0u32;
                while let Some(d) = self.peek().and_then(|d| d.to_digit(8)) {
                    v = v.saturating_mul(8) + d;
                    self.pos += 1;
                }
                if self.peek() == Some('}') {
                    self.pos += 1;
                }
                self.push_code(s, v)?;
            }
            '0' => {
                let mut v = 0u32;
                for _ in 0..2 {
                    match self.peek().and_then(|d| d.to_digit(8)) {
                        Some(d) => {
                            v = v * 8 + d;
                            self.pos += 1;
                        }
                        None => break,
                    }
                }
                self.push_code(s, v)?;
            }
            'c' => match self.peek() {
                Some(d) if d.is_ascii() => {
                    self.pos += 1;
                    let v = (d.to_ascii_uppercase() as u32) ^ 0x40;
                    self.push_code(s, v)?;
                }
                _ => return Err(PcreError::At(UNKNOWN_ESCAPE, self.pos - 1)),
            },
            c if c.is_ascii_alphanumeric() => {
                return Err(PcreError::At(UNKNOWN_ESCAPE, self.pos - 1));
            }
            c => push_lit(s, c),
        }
        Ok(())
    }

    fn hex_digits(&mut self, max: usize, braced: bool) -> u32 {
        let mut v = 0u32;
        let mut k = 0;
        while let Some(d) = self.peek().and_then(|d| d.to_digit(16)) {
            if k == max {
                break;
            }
            v = v.saturating_mul(16).saturating_add(d);
            self.pos += 1;
            k += 1;
        }
        if braced && self.peek() == Some('}') {
            self.pos += 1;
        }
        v
    }

    fn push_code(&self, s: &mut String, code: u32) -> R<()> {
        match char::from_u32(code) {
            Some(c) => {
                if c == '\0' {
                    s.push_str("\\x00");
                } else {
                    push_lit(s, c);
                }
                Ok(())
            }
            None => self.unsupported(&format!("the character \\x{{{code:x}}}")),
        }
    }

    /// A class whose `[` was read.
    fn class(&mut self) -> R<()> {
        let mut s = String::from("[");
        if self.peek() == Some('^') {
            self.pos += 1;
            s.push('^');
        }
        let first = self.pos;
        // The last single character, which a `-` can make a range from.
        let mut last_char: Option<char> = None;
        loop {
            let Some(c) = self.peek() else {
                return Err(PcreError::At(MISSING_BRACKET, self.re.len()));
            };
            if c == ']' && self.pos > first {
                self.pos += 1;
                break;
            }
            if let Some(end) = posix_end(self.re, self.pos) {
                let kind = self.re[self.pos + 1];
                let name_at = self.pos + 2;
                if kind != ':' {
                    return self.unsupported("a POSIX collating element [.x.] or [=x=]");
                }
                let mut name: String = self.re[name_at..end].iter().collect();
                let neg = name.starts_with('^');
                if neg {
                    name.remove(0);
                }
                if !POSIX.contains(&name.as_str()) {
                    return Err(PcreError::At(UNKNOWN_POSIX, name_at));
                }
                s.push_str(&format!("[:{}{}:]", if neg { "^" } else { "" }, name));
                self.pos = end + 2;
                last_char = None;
                continue;
            }
            let one = |p: &mut Self, s: &mut String| -> R<Option<char>> {
                let Some(c) = p.peek() else {
                    return Err(PcreError::At(MISSING_BRACKET, p.re.len()));
                };
                p.pos += 1;
                if c != '\\' {
                    return Ok(Some(c));
                }
                let Some(e) = p.peek() else {
                    return Err(PcreError::At(MISSING_BRACKET, p.re.len()));
                };
                p.pos += 1;
                let mut t = String::new();
                if e == 'Q' {
                    while let Some(d) = p.peek() {
                        if d == '\\' && p.at(1) == Some('E') {
                            p.pos += 2;
                            break;
                        }
                        p.pos += 1;
                        class_item(s, d);
                    }
                    return Ok(None);
                }
                if e == 'E' {
                    return Ok(None);
                }
                p.class_escape(e, &mut t, true)?;
                // A single escaped character can end a range.
                let mut it = t.chars();
                let single = match (it.next(), it.next(), it.next()) {
                    (Some(x), None, None) => Some(x),
                    (Some('\\'), Some(x), None) if !x.is_ascii_alphanumeric() => Some(x),
                    _ => None,
                };
                match single {
                    Some(x) => Ok(Some(x)),
                    None => {
                        if let Some(v) = char_of_escape(&t) {
                            return Ok(Some(v));
                        }
                        s.push_str(&t);
                        Ok(None)
                    }
                }
            };
            if c == '-' && self.pos > first && self.at(1) != Some(']') {
                if let Some(lo) = last_char {
                    let dash = self.pos;
                    self.pos += 1;
                    let Some(hi) = one(self, &mut s)? else {
                        return Err(PcreError::At(BAD_RANGE, dash));
                    };
                    if hi < lo {
                        return Err(PcreError::At(RANGE_ORDER, self.pos - 1));
                    }
                    s.push('-');
                    class_item(&mut s, hi);
                    last_char = None;
                    continue;
                }
                if self.pos > first && self.re[self.pos - 1] != '[' {
                    // After a class escape (`[\d-z]`).
                    let prev_escape = self.pos >= 2 && self.re[self.pos - 2] == '\\';
                    if prev_escape {
                        return Err(PcreError::At(BAD_RANGE, self.pos));
                    }
                }
            }
            match one(self, &mut s)? {
                Some(ch) => {
                    class_item(&mut s, ch);
                    last_char = Some(ch);
                }
                None => last_char = None,
            }
        }
        s.push(']');
        self.out.s.push_str(&s);
        Ok(())
    }
}

/// Where `[:name:]` (or `[.x.]`, `[=x=]`) at `at` ends (its closing
/// `:`), as PCRE2's `check_posix_syntax` recognizes one.
fn posix_end(re: &[char], at: usize) -> Option<usize> {
    let term = *re.get(at + 1)?;
    if re[at] != '[' || !matches!(term, ':' | '.' | '=') {
        return None;
    }
    let mut i = at + 2;
    while i < re.len() {
        let c = re[i];
        let next = re.get(i + 1).copied();
        if c == '\\' && matches!(next, Some(']' | '\\')) {
            i += 2;
            continue;
        }
        if (c == '[' && next == Some(term)) || c == ']' {
            return None;
        }
        if c == term && next == Some(']') {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// The character a one-character escape produced by `class_escape`
/// stands for (`\n`, `\x{..}`).
fn char_of_escape(t: &str) -> Option<char> {
    match t {
        "\\t" => return Some('\t'),
        "\\n" => return Some('\n'),
        "\\r" => return Some('\r'),
        "\\f" => return Some('\u{c}'),
        _ => {}
    }
    let hex = t.strip_prefix("\\x{")?.strip_suffix('}')?;
    char::from_u32(u32::from_str_radix(hex, 16).ok()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(p: &str) -> String {
        match translate(p) {
            Ok(t) => t.render(false),
            Err(PcreError::At(m, at)) => panic!("{p}: {m} at {at}"),
            Err(PcreError::Unsupported(u)) => panic!("{p}: {u}"),
        }
    }
    fn err(p: &str) -> (&'static str, String) {
        match translate(p) {
            Err(PcreError::At(m, at)) => (m, p.chars().skip(at).collect()),
            _ => panic!("{p} was accepted"),
        }
    }

    #[test]
    fn pcre_translations() {
        assert_eq!(ok("\\d+"), "[0-9]+");
        assert_eq!(ok("a{,3}"), "a\\{,3\\}");
        assert_eq!(ok("[[:alpha:]_]"), "[[:alpha:]_]");
        assert_eq!(ok("[a-z\\d]"), "[a-z[0-9]]");
        assert_eq!(ok("a$"), "a\\z");
        assert_eq!(ok("(?<k>\\w+)"), "(?<k>[0-9A-Za-z_]+)");
        assert!(translate("(?<=a)b").unwrap().out.fancy);
    }

    #[test]
    fn pcre_errors_as_rscript_reports_them() {
        assert_eq!(err("("), (MISSING_PAREN, "".into()));
        assert_eq!(err("a)b("), (UNMATCHED_PAREN, ")b(".into()));
        assert_eq!(err("*a"), (NOT_REPEATABLE, "*a".into()));
        assert_eq!(err("^*a"), (NOT_REPEATABLE, "*a".into()));
        assert_eq!(err("a**"), (NOT_REPEATABLE, "*".into()));
        assert_eq!(err("{2}a"), (NOT_REPEATABLE, "}a".into()));
        assert_eq!(err("a{2,1}"), (OUT_OF_ORDER, "}".into()));
        assert_eq!(err("a{70000}"), (TOO_BIG, "}".into()));
        assert_eq!(err("[a"), (MISSING_BRACKET, "".into()));
        assert_eq!(err("[z-a]"), (RANGE_ORDER, "a]".into()));
        assert_eq!(err("[\\d-z]"), (BAD_RANGE, "-z]".into()));
        assert_eq!(err("\\i"), (UNKNOWN_ESCAPE, "i".into()));
        assert_eq!(err("a\\"), (TRAILING_BACKSLASH, "".into()));
        assert_eq!(err("(a)\\2"), (NO_SUBPATTERN, "2".into()));
        assert_eq!(err("(?<=a+)b"), (LOOKBEHIND, "(?<=a+)b".into()));
        assert_eq!(err("[[:foo:]]"), (UNKNOWN_POSIX, "foo:]]".into()));
        assert_eq!(err("[:alpha:]"), (POSIX_OUTSIDE, "[:alpha:]".into()));
        assert_eq!(err("(?z)"), (BAD_GROUP, "z)".into()));
        assert_eq!(err("\\Ua"), (CASE_ESCAPES, "a".into()));
        assert_eq!(err("\\ka"), (BAD_K, "a".into()));
    }
}
