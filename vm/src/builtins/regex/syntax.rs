//! The output side of the pattern translators: text in the syntax of the
//! `regex` crate (which `fancy-regex` also reads), with markers for the few
//! pieces whose spelling is only known once the whole pattern is read.

/// Marker for `^`: rendered as `^`, or as a class that matches nothing
/// where R searches the rest of a string with `REG_NOTBOL`.
const BOL: char = '\u{0}';
/// Markers for PCRE's ASCII `\b` and `\B`: `fancy-regex` cannot switch
/// Unicode off inline, so there they are spelled with look-around.
const ASCII_WB: char = '\u{1}';
const ASCII_NWB: char = '\u{2}';

/// A translated pattern. Literal characters are always escaped or spelled
/// as `\x{..}` when they are control characters, so the markers above never
/// stand for themselves.
#[derive(Default)]
pub(super) struct Out {
    pub s: String,
    /// Capturing groups.
    pub groups: usize,
    /// Their names (`""` for an unnamed one); PCRE only.
    pub names: Vec<String>,
    /// Back references in the pattern (only `fancy-regex` has them).
    pub backrefs: bool,
    /// Look-around, atomic groups and the like: `fancy-regex` is needed.
    pub fancy: bool,
}

impl Out {
    pub fn bol(&mut self) {
        self.s.push_str("(?:");
        self.s.push(BOL);
        self.s.push(')');
    }
    pub fn ascii_word_boundary(&mut self, negated: bool) {
        self.s.push(if negated { ASCII_NWB } else { ASCII_WB });
    }
    pub fn has_bol(&self) -> bool {
        self.s.contains(BOL)
    }
    pub fn needs_fancy(&self) -> bool {
        self.fancy || self.backrefs
    }
    /// The pattern text; `notbol`: `^` never matches.
    pub fn render(&self, notbol: bool) -> String {
        const W: &str = "[0-9A-Za-z_]";
        let fancy = self.needs_fancy();
        let mut r = String::with_capacity(self.s.len() + 8);
        for c in self.s.chars() {
            match c {
                BOL if notbol => r.push_str("[^\\x00-\\x{10FFFF}]"),
                BOL => r.push('^'),
                ASCII_WB if fancy => r.push_str(&format!("(?:(?<={W})(?!{W})|(?<!{W})(?={W}))")),
                ASCII_NWB if fancy => r.push_str(&format!("(?:(?<={W})(?={W})|(?<!{W})(?!{W}))")),
                ASCII_WB => r.push_str("(?-u:\\b)"),
                ASCII_NWB => r.push_str("(?-u:\\B)"),
                c => r.push(c),
            }
        }
        r
    }
}

/// Characters the `regex` crate gives a meaning, in or out of a class.
fn is_meta(c: char) -> bool {
    "\\.+*?()|[]{}^$#&-~".contains(c)
}

/// Append `c` as a literal (outside a class).
pub(super) fn push_lit(s: &mut String, c: char) {
    if is_meta(c) {
        s.push('\\');
        s.push(c);
    } else if c.is_control() {
        s.push_str(&format!("\\x{{{:X}}}", c as u32));
    } else {
        s.push(c);
    }
}

/// Append `c` as a literal inside a class (the same escapes hold there).
pub(super) fn class_item(s: &mut String, c: char) {
    push_lit(s, c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_are_escaped() {
        let mut s = String::new();
        for c in ['a', '.', '-', '\u{1}', 'é', '#'] {
            push_lit(&mut s, c);
        }
        assert_eq!(s, "a\\.\\-\\x{1}é\\#");
        let out = Out {
            s: s.clone(),
            ..Out::default()
        };
        assert_eq!(out.render(false), s);
    }
}
