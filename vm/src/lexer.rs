//! The R lexer: turns source text into a flat vector of tokens with 1-based
//! line/column positions. Newlines are kept as tokens because whether they end an
//! expression depends on the parser's context (inside `(`/`[` they do not).

use crate::ast::{Const, Pos};
use std::rc::Rc;

/// A lexical token.
#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    /// Numeric, logical, NULL and NA constants.
    Const(Const),
    Str(Rc<str>),
    /// A name, including backticked names, `...` and `..1`.
    Ident(Rc<str>),
    /// A `%op%` operator, stored with its percent signs.
    Special(Rc<str>),
    LParen,
    RParen,
    LBrace,
    RBrace,
    LBracket,
    /// `[[` (two adjacent brackets)
    LBB,
    RBracket,
    Comma,
    Semi,
    Newline,
    Eof,
    If,
    Else,
    For,
    In,
    While,
    Repeat,
    Break,
    Next,
    Function,
    /// `\` starting a lambda `\(x) x`
    Lambda,
    Plus,
    Minus,
    Star,
    Slash,
    Caret,
    Colon,
    /// `::`
    NsGet,
    /// `:::`
    NsGetInt,
    Lt,
    Gt,
    Le,
    Ge,
    EqEq,
    Ne,
    Not,
    And,
    AndAnd,
    Or,
    OrOr,
    /// `<-`
    LeftAssign,
    /// `<<-`
    SuperAssign,
    /// `:=`
    ColonAssign,
    /// `->`
    RightAssign,
    /// `->>`
    SuperRightAssign,
    /// `=`
    EqAssign,
    Tilde,
    Question,
    Dollar,
    At,
    /// `|>`
    Pipe,
}

impl Tok {
    /// How R's parser names a token in "unexpected ..." messages.
    pub fn describe(&self) -> String {
        match self {
            Tok::Const(Const::Str(_)) | Tok::Str(_) => "string constant".into(),
            Tok::Const(Const::Null) => "'NULL'".into(),
            Tok::Const(_) => "numeric constant".into(),
            Tok::Ident(_) => "symbol".into(),
            Tok::Special(_) => "SPECIAL".into(),
            Tok::Newline => "end of line".into(),
            Tok::Eof => "end of input".into(),
            Tok::LBB => "'[['".into(),
            Tok::Lambda => "'\\\\'".into(),
            Tok::Function => "'function'".into(),
            Tok::LeftAssign | Tok::SuperAssign | Tok::ColonAssign => "assignment".into(),
            Tok::RightAssign | Tok::SuperRightAssign => "'->'".into(),
            Tok::EqAssign => "'='".into(),
            Tok::Pipe => "'|>'".into(),
            Tok::NsGet => "'::'".into(),
            Tok::NsGetInt => "':::'".into(),
            other => format!("'{}'", other.text()),
        }
    }

    /// The source text of a punctuation/keyword token (used in messages).
    pub fn text(&self) -> &'static str {
        match self {
            Tok::LParen => "(",
            Tok::RParen => ")",
            Tok::LBrace => "{",
            Tok::RBrace => "}",
            Tok::LBracket => "[",
            Tok::LBB => "[[",
            Tok::RBracket => "]",
            Tok::Comma => ",",
            Tok::Semi => ";",
            Tok::If => "if",
            Tok::Else => "else",
            Tok::For => "for",
            Tok::In => "in",
            Tok::While => "while",
            Tok::Repeat => "repeat",
            Tok::Break => "break",
            Tok::Next => "next",
            Tok::Function => "function",
            Tok::Lambda => "\\",
            Tok::Plus => "+",
            Tok::Minus => "-",
            Tok::Star => "*",
            Tok::Slash => "/",
            Tok::Caret => "^",
            Tok::Colon => ":",
            Tok::NsGet => "::",
            Tok::NsGetInt => ":::",
            Tok::Lt => "<",
            Tok::Gt => ">",
            Tok::Le => "<=",
            Tok::Ge => ">=",
            Tok::EqEq => "==",
            Tok::Ne => "!=",
            Tok::Not => "!",
            Tok::And => "&",
            Tok::AndAnd => "&&",
            Tok::Or => "|",
            Tok::OrOr => "||",
            Tok::LeftAssign => "<-",
            Tok::SuperAssign => "<<-",
            Tok::ColonAssign => ":=",
            Tok::RightAssign => "->",
            Tok::SuperRightAssign => "->>",
            Tok::EqAssign => "=",
            Tok::Tilde => "~",
            Tok::Question => "?",
            Tok::Dollar => "$",
            Tok::At => "@",
            Tok::Pipe => "|>",
            _ => "",
        }
    }
}

/// A token and where it starts.
#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    pub tok: Tok,
    pub pos: Pos,
}

/// A lexical error: message and position.
#[derive(Clone, Debug, PartialEq)]
pub struct LexError {
    pub pos: Pos,
    pub msg: String,
}

/// Tokenizes the whole source. The last token is always `Tok::Eof`.
pub fn tokenize(src: &str) -> Result<Vec<Token>, LexError> {
    let mut lx = Lexer::new(src);
    lx.run()?;
    Ok(lx.out)
}

/// Whether `src` ends inside a comment (where R's parser reads bytes without
/// decoding them as characters).
pub fn ends_in_comment(src: &str) -> bool {
    let mut lx = Lexer::new(src);
    let _ = lx.run();
    lx.eof_in_comment
}

struct Lexer<'a> {
    src: &'a [u8],
    text: &'a str,
    i: usize,
    line: u32,
    col: u32,
    out: Vec<Token>,
    /// Interned identifiers: one shared `Rc<str>` per distinct name.
    names: std::collections::HashMap<&'a str, Rc<str>>,
    /// The source ended inside a comment.
    eof_in_comment: bool,
}

fn is_ident_start_char(c: char) -> bool {
    c.is_alphabetic() || c == '.'
}

fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '.' || c == '_'
}

impl<'a> Lexer<'a> {
    fn new(src: &'a str) -> Lexer<'a> {
        Lexer {
            src: src.as_bytes(),
            text: src,
            i: 0,
            line: 1,
            col: 1,
            out: Vec::with_capacity(src.len() / 3),
            names: std::collections::HashMap::new(),
            eof_in_comment: false,
        }
    }

    fn peek_byte(&self, k: usize) -> u8 {
        self.src.get(self.i + k).copied().unwrap_or(0)
    }

    fn peek_char(&self) -> Option<char> {
        self.text.get(self.i..).and_then(|s| s.chars().next())
    }

    /// Advances over one character, keeping line/column up to date.
    fn bump(&mut self) -> Option<char> {
        let c = self.peek_char()?;
        self.i += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        Some(c)
    }

    fn bump_n(&mut self, n: usize) {
        for _ in 0..n {
            self.bump();
        }
    }

    fn pos(&self) -> Pos {
        Pos {
            line: self.line,
            col: self.col,
        }
    }

    fn push(&mut self, tok: Tok, pos: Pos) {
        self.out.push(Token { tok, pos });
    }

    fn err<T>(&self, pos: Pos, msg: impl Into<String>) -> Result<T, LexError> {
        Err(LexError {
            pos,
            msg: msg.into(),
        })
    }

    fn run(&mut self) -> Result<(), LexError> {
        loop {
            let pos = self.pos();
            let b = self.peek_byte(0);
            if self.i >= self.src.len() {
                self.push(Tok::Eof, pos);
                return Ok(());
            }
            match b {
                b' ' | b'\t' | b'\r' | 0x0c => {
                    self.i += 1;
                    self.col += 1;
                }
                b'\n' => {
                    self.bump();
                    self.push(Tok::Newline, pos);
                }
                b'#' => {
                    while self.i < self.src.len() && self.src[self.i] != b'\n' {
                        self.bump();
                    }
                    self.eof_in_comment = self.i >= self.src.len();
                }
                b'0'..=b'9' => self.number(pos)?,
                b'.' if self.peek_byte(1).is_ascii_digit() => self.number(pos)?,
                b'"' | b'\'' => {
                    let s = self.string(pos, b as char)?;
                    self.push(Tok::Str(s), pos);
                }
                b'`' => {
                    let s = self.string(pos, '`')?;
                    if s.is_empty() {
                        return self.err(pos, crate::parser::ZERO_LENGTH_NAME);
                    }
                    self.push(Tok::Ident(s), pos);
                }
                b'%' => {
                    let start = self.i;
                    self.bump();
                    loop {
                        match self.peek_char() {
                            Some('%') => {
                                self.bump();
                                break;
                            }
                            None | Some('\n') => return self.err(pos, "unexpected input"),
                            Some(_) => {
                                self.bump();
                            }
                        }
                    }
                    let op: Rc<str> = self.text[start..self.i].into();
                    self.push(Tok::Special(op), pos);
                }
                _ => {
                    if b == b'=' && self.peek_byte(1) == b'>' {
                        return self.err(
                            pos,
                            "'=>' is disabled; set '_R_USE_PIPEBIND_' envvar to a true value to enable it",
                        );
                    }
                    if let Some(tok) = self.operator() {
                        self.push(tok, pos);
                    } else {
                        match self.peek_char() {
                            Some(c) if is_ident_start_char(c) => self.ident(pos),
                            _ => return self.err(pos, "unexpected input"),
                        }
                    }
                }
            }
        }
    }

    /// Recognizes punctuation and operators (longest match first).
    fn operator(&mut self) -> Option<Tok> {
        let (b0, b1, b2) = (self.peek_byte(0), self.peek_byte(1), self.peek_byte(2));
        let (tok, len) = match b0 {
            b'(' => (Tok::LParen, 1),
            b')' => (Tok::RParen, 1),
            b'{' => (Tok::LBrace, 1),
            b'}' => (Tok::RBrace, 1),
            b'[' if b1 == b'[' => (Tok::LBB, 2),
            b'[' => (Tok::LBracket, 1),
            b']' => (Tok::RBracket, 1),
            b',' => (Tok::Comma, 1),
            b';' => (Tok::Semi, 1),
            b'\\' => (Tok::Lambda, 1),
            b'+' => (Tok::Plus, 1),
            b'-' if b1 == b'>' && b2 == b'>' => (Tok::SuperRightAssign, 3),
            b'-' if b1 == b'>' => (Tok::RightAssign, 2),
            b'-' => (Tok::Minus, 1),
            // `**` is an old spelling of `^`.
            b'*' if b1 == b'*' => (Tok::Caret, 2),
            b'*' => (Tok::Star, 1),
            b'/' => (Tok::Slash, 1),
            b'^' => (Tok::Caret, 1),
            b':' if b1 == b':' && b2 == b':' => (Tok::NsGetInt, 3),
            b':' if b1 == b':' => (Tok::NsGet, 2),
            b':' if b1 == b'=' => (Tok::ColonAssign, 2),
            b':' => (Tok::Colon, 1),
            b'<' if b1 == b'=' => (Tok::Le, 2),
            b'<' if b1 == b'-' => (Tok::LeftAssign, 2),
            b'<' if b1 == b'<' && b2 == b'-' => (Tok::SuperAssign, 3),
            b'<' => (Tok::Lt, 1),
            b'>' if b1 == b'=' => (Tok::Ge, 2),
            b'>' => (Tok::Gt, 1),
            b'=' if b1 == b'=' => (Tok::EqEq, 2),
            // R 4.2's pipe-bind `=>` is disabled by default; reported as R does.
            b'=' if b1 == b'>' => return None,
            b'=' => (Tok::EqAssign, 1),
            b'!' if b1 == b'=' => (Tok::Ne, 2),
            b'!' => (Tok::Not, 1),
            b'&' if b1 == b'&' => (Tok::AndAnd, 2),
            b'&' => (Tok::And, 1),
            b'|' if b1 == b'|' => (Tok::OrOr, 2),
            b'|' if b1 == b'>' => (Tok::Pipe, 2),
            b'|' => (Tok::Or, 1),
            b'~' => (Tok::Tilde, 1),
            b'?' => (Tok::Question, 1),
            b'$' => (Tok::Dollar, 1),
            b'@' => (Tok::At, 1),
            _ => return None,
        };
        self.bump_n(len);
        Some(tok)
    }

    fn ident(&mut self, pos: Pos) {
        let start = self.i;
        loop {
            let b = self.peek_byte(0);
            if b.is_ascii_alphanumeric() || b == b'.' || b == b'_' {
                self.i += 1;
                self.col += 1;
                continue;
            }
            match self.peek_char() {
                Some(c) if !c.is_ascii() && is_ident_char(c) => {
                    self.bump();
                }
                _ => break,
            }
        }
        let name = &self.text[start..self.i];
        let tok = match name {
            "if" => Tok::If,
            "else" => Tok::Else,
            "for" => Tok::For,
            "in" => Tok::In,
            "while" => Tok::While,
            "repeat" => Tok::Repeat,
            "break" => Tok::Break,
            "next" => Tok::Next,
            "function" => Tok::Function,
            "TRUE" => Tok::Const(Const::Logical(Some(true))),
            "FALSE" => Tok::Const(Const::Logical(Some(false))),
            "NULL" => Tok::Const(Const::Null),
            "NA" => Tok::Const(Const::Logical(None)),
            "NA_integer_" => Tok::Const(Const::Integer(None)),
            "NA_real_" => Tok::Const(Const::Double(None)),
            "NA_character_" => Tok::Const(Const::Str(None)),
            // The AST has no complex NA; an NA imaginary part is the closest form.
            "NA_complex_" => Tok::Const(Const::Complex(crate::value::na_real())),
            "Inf" => Tok::Const(Const::Double(Some(f64::INFINITY))),
            "NaN" => Tok::Const(Const::Double(Some(f64::NAN))),
            _ => Tok::Ident(
                self.names
                    .entry(name)
                    .or_insert_with(|| name.into())
                    .clone(),
            ),
        };
        self.push(tok, pos);
    }

    /// Numbers: decimal, hex (with optional binary exponent `p`), with the `L`
    /// (integer) and `i` (imaginary) suffixes.
    fn number(&mut self, pos: Pos) -> Result<(), LexError> {
        let start = self.i;
        let value: f64;
        let is_hex = self.peek_byte(0) == b'0' && matches!(self.peek_byte(1), b'x' | b'X');
        if is_hex {
            self.bump_n(2);
            let mut mantissa = 0f64;
            let mut ndigits = 0;
            let mut frac_digits = 0i32;
            let mut seen_dot = false;
            loop {
                let b = self.peek_byte(0);
                if let Some(d) = (b as char).to_digit(16) {
                    mantissa = mantissa * 16.0 + d as f64;
                    ndigits += 1;
                    if seen_dot {
                        frac_digits += 1;
                    }
                    self.bump();
                } else if b == b'.' && !seen_dot {
                    seen_dot = true;
                    self.bump();
                } else {
                    break;
                }
            }
            if ndigits == 0 {
                return self.err(pos, "unexpected input");
            }
            let mut exp = 0i32;
            if matches!(self.peek_byte(0), b'p' | b'P') {
                self.bump();
                let neg = match self.peek_byte(0) {
                    b'-' => {
                        self.bump();
                        true
                    }
                    b'+' => {
                        self.bump();
                        false
                    }
                    _ => false,
                };
                if !self.peek_byte(0).is_ascii_digit() {
                    return self.err(pos, "unexpected input");
                }
                while self.peek_byte(0).is_ascii_digit() {
                    exp = exp
                        .saturating_mul(10)
                        .saturating_add((self.peek_byte(0) - b'0') as i32);
                    self.bump();
                }
                if neg {
                    exp = -exp;
                }
            } else if seen_dot {
                // R requires a `p` exponent on hex numbers with a fraction.
                return self.err(pos, "unexpected input");
            }
            value = mantissa * 2f64.powi(exp.saturating_sub(frac_digits.saturating_mul(4)));
        } else {
            while self.peek_byte(0).is_ascii_digit() {
                self.bump();
            }
            if self.peek_byte(0) == b'.' {
                self.bump();
                while self.peek_byte(0).is_ascii_digit() {
                    self.bump();
                }
            }
            if matches!(self.peek_byte(0), b'e' | b'E') {
                self.bump();
                if matches!(self.peek_byte(0), b'+' | b'-') {
                    self.bump();
                }
                if !self.peek_byte(0).is_ascii_digit() {
                    return self.err(pos, "unexpected input");
                }
                while self.peek_byte(0).is_ascii_digit() {
                    self.bump();
                }
            }
            value = match self.text[start..self.i].parse::<f64>() {
                Ok(v) => v,
                Err(_) => return self.err(pos, "unexpected input"),
            };
        }
        let c = match self.peek_byte(0) {
            b'L' => {
                self.bump();
                // A non-integral or out-of-range `L` literal stays a double (R warns).
                if value.fract() == 0.0 && value.abs() <= i32::MAX as f64 {
                    Const::Integer(Some(value as i32))
                } else {
                    Const::Double(Some(value))
                }
            }
            b'i' => {
                self.bump();
                Const::Complex(value)
            }
            _ => Const::Double(Some(value)),
        };
        self.push(Tok::Const(c), pos);
        Ok(())
    }

    /// A quoted string or backticked name with R's escapes; the opening quote is
    /// at the current position.
    fn string(&mut self, pos: Pos, quote: char) -> Result<Rc<str>, LexError> {
        self.bump();
        let mut out = String::new();
        let mut used_unicode = false;
        let mut used_byte_escape = false;
        loop {
            let c = match self.bump() {
                None => return self.err(pos, "unexpected INCOMPLETE_STRING"),
                Some(c) => c,
            };
            if c == quote {
                break;
            }
            if c != '\\' {
                out.push(c);
                continue;
            }
            let esc_pos = self.pos();
            let e = match self.bump() {
                None => return self.err(pos, "unexpected INCOMPLETE_STRING"),
                Some(e) => e,
            };
            match e {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                'r' => out.push('\r'),
                'a' => out.push('\x07'),
                'b' => out.push('\x08'),
                'f' => out.push('\x0c'),
                'v' => out.push('\x0b'),
                '\\' => out.push('\\'),
                '"' => out.push('"'),
                '\'' => out.push('\''),
                '`' => out.push('`'),
                ' ' => out.push(' '),
                '\n' => out.push('\n'),
                '0'..='7' => {
                    let mut v = e.to_digit(8).unwrap_or(0);
                    for _ in 0..2 {
                        match (self.peek_byte(0) as char).to_digit(8) {
                            Some(d) => {
                                v = v * 8 + d;
                                self.bump();
                            }
                            None => break,
                        }
                    }
                    if v == 0 {
                        return self.err(esc_pos, "nul character not allowed");
                    }
                    used_byte_escape = true;
                    out.push(char::from_u32(v).unwrap_or('\u{FFFD}'));
                }
                'x' => {
                    let mut v = 0u32;
                    let mut n = 0;
                    while n < 2 {
                        match (self.peek_byte(0) as char).to_digit(16) {
                            Some(d) => {
                                v = v * 16 + d;
                                self.bump();
                                n += 1;
                            }
                            None => break,
                        }
                    }
                    if n == 0 {
                        return self
                            .err(esc_pos, "'\\x' used without hex digits in character string");
                    }
                    if v == 0 {
                        return self.err(esc_pos, "nul character not allowed");
                    }
                    used_byte_escape = true;
                    out.push(char::from_u32(v).unwrap_or('\u{FFFD}'));
                }
                'u' | 'U' => {
                    let max = if e == 'u' { 4 } else { 8 };
                    let braced = self.peek_byte(0) == b'{';
                    if braced {
                        self.bump();
                    }
                    let mut v = 0u32;
                    let mut n = 0;
                    while n < max {
                        match (self.peek_byte(0) as char).to_digit(16) {
                            Some(d) => {
                                v = v.saturating_mul(16).saturating_add(d);
                                self.bump();
                                n += 1;
                            }
                            None => break,
                        }
                    }
                    if braced {
                        if self.peek_byte(0) != b'}' {
                            return self.err(esc_pos, format!("invalid \\{}{{xxxx}} sequence", e));
                        }
                        self.bump();
                    }
                    if n == 0 {
                        return self.err(
                            esc_pos,
                            format!("'\\{}' used without hex digits in character string", e),
                        );
                    }
                    if v == 0 {
                        return self.err(esc_pos, "nul character not allowed");
                    }
                    used_unicode = true;
                    match char::from_u32(v) {
                        Some(ch) => out.push(ch),
                        None => {
                            return self.err(esc_pos, "invalid unicode escape in character string")
                        }
                    }
                }
                other => {
                    return self.err(
                        esc_pos,
                        format!(
                            "'\\{}' is an unrecognized escape in character string",
                            other
                        ),
                    );
                }
            }
            if used_unicode && used_byte_escape {
                return self.err(
                    pos,
                    "mixing Unicode and octal/hex escapes in a string is not allowed",
                );
            }
        }
        Ok(out.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<Tok> {
        tokenize(s).unwrap().into_iter().map(|t| t.tok).collect()
    }

    #[test]
    fn numbers() {
        assert_eq!(toks("1L")[0], Tok::Const(Const::Integer(Some(1))));
        assert_eq!(toks("0x10L")[0], Tok::Const(Const::Integer(Some(16))));
        assert_eq!(toks("1e3L")[0], Tok::Const(Const::Integer(Some(1000))));
        assert_eq!(toks("1.5L")[0], Tok::Const(Const::Double(Some(1.5))));
        assert_eq!(
            toks("2147483648L")[0],
            Tok::Const(Const::Double(Some(2147483648.0)))
        );
        assert_eq!(toks("0x1F")[0], Tok::Const(Const::Double(Some(31.0))));
        assert_eq!(toks("0x1.8p1")[0], Tok::Const(Const::Double(Some(3.0))));
        assert_eq!(toks("0x1p3")[0], Tok::Const(Const::Double(Some(8.0))));
        assert_eq!(toks(".5")[0], Tok::Const(Const::Double(Some(0.5))));
        assert_eq!(toks("1.")[0], Tok::Const(Const::Double(Some(1.0))));
        assert_eq!(toks("1e-3")[0], Tok::Const(Const::Double(Some(0.001))));
        assert_eq!(
            toks("1e400")[0],
            Tok::Const(Const::Double(Some(f64::INFINITY)))
        );
        assert_eq!(toks("2i")[0], Tok::Const(Const::Complex(2.0)));
        assert_eq!(toks("0xFFi")[0], Tok::Const(Const::Complex(255.0)));
        for bad in ["1e", "1e+", "0x", "0xg", "5e"] {
            assert!(tokenize(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn strings() {
        assert_eq!(toks(r#""a\n\t\\\"\'b""#)[0], Tok::Str("a\n\t\\\"'b".into()));
        assert_eq!(toks(r#"'\x41\101'"#)[0], Tok::Str("AA".into()));
        assert_eq!(toks(r#"'\u00e9\u{41}'"#)[0], Tok::Str("éA".into()));
        assert_eq!(toks("`a b`")[0], Tok::Ident("a b".into()));
        assert_eq!(toks("'a\nb'")[0], Tok::Str("a\nb".into()));
        for bad in [
            r"'\0'",
            r"'\x00'",
            r"'\q'",
            r"'\x'",
            "'abc",
            "`a",
            r"'\x41\u41'",
        ] {
            assert!(tokenize(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn operators_and_names() {
        assert_eq!(
            toks("a<-b<<-c->d->>e:=f"),
            vec![
                Tok::Ident("a".into()),
                Tok::LeftAssign,
                Tok::Ident("b".into()),
                Tok::SuperAssign,
                Tok::Ident("c".into()),
                Tok::RightAssign,
                Tok::Ident("d".into()),
                Tok::SuperRightAssign,
                Tok::Ident("e".into()),
                Tok::ColonAssign,
                Tok::Ident("f".into()),
                Tok::Eof
            ]
        );
        assert_eq!(toks("a %in% b")[1], Tok::Special("%in%".into()));
        assert_eq!(toks("x[[1]]")[1], Tok::LBB);
        assert_eq!(toks("a**b")[1], Tok::Caret);
        assert_eq!(toks("is.na_x ..1 ... T")[0], Tok::Ident("is.na_x".into()));
        assert_eq!(toks("is.na_x ..1 ... T")[2], Tok::Ident("...".into()));
        assert_eq!(toks("T")[0], Tok::Ident("T".into()));
        assert!(tokenize("a %in b").is_err());
    }

    #[test]
    fn positions() {
        let t = tokenize("a\n  bb # c\n'x'").unwrap();
        assert_eq!(t[2].pos, Pos { line: 2, col: 3 });
        assert_eq!(t[4].pos, Pos { line: 3, col: 1 });
    }
}

#[cfg(test)]
mod bench {
    #[test]
    fn lex_speed() {
        let unit =
            "fib <- function(n) {\n  if (n < 2L) return(n) else fib(n - 1L) + fib(n - 2L)\n}\n\
                    x <- c(1, 2.5, 3e10); s <- 0\nfor (i in seq_along(x)) { s <- s + x[[i]] * 2 }\n\
                    cat(sprintf(\"%d: %s\\n\", 1L, paste0('a', \"b\")))\n";
        let src = unit.repeat(20_000);
        let t = std::time::Instant::now();
        let toks = super::tokenize(&src).unwrap();
        eprintln!(
            "lex speed: {:.1} MB/s, {} tokens",
            src.len() as f64 / 1e6 / t.elapsed().as_secs_f64(),
            toks.len()
        );
    }
}
