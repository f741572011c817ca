//! Compiled R patterns and the searches GNU R makes with them.
//!
//! Extended patterns (TRE) match leftmost-longest, as POSIX asks: the
//! `regex` crate finds the leftmost start, and a `regex-automata` search
//! anchored there with `MatchKind::All` finds the longest end. Groups are
//! then read from a search forced to end there (`(?:re)\z` on the text cut
//! at that end). Perl patterns match leftmost-first, as PCRE does.
//! Patterns with back references or look-around run on `fancy-regex`.
//! Compiled patterns are kept in a small per-thread cache: R code calls
//! `gsub` with the same pattern in loops.

use super::pcre::{self, Pcre, PcreError};
use super::tre::{self, Tre, TreError};
use regex_automata::{meta, Anchored, Input, MatchKind};
use std::cell::{OnceCell, RefCell};
use std::rc::Rc;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Syntax {
    /// `perl = FALSE, fixed = FALSE`: TRE's extended syntax.
    Extended,
    /// `perl = TRUE`: PCRE.
    Perl,
    /// `fixed = TRUE`: the pattern is the literal text.
    Fixed,
}

/// Why a pattern does not compile.
pub(crate) enum CompileError {
    /// TRE's reason.
    Tre(&'static str),
    /// PCRE's message and the rest of the pattern from where it stopped.
    Pcre(&'static str, String),
    /// Outside what dlvm implements.
    Unsupported(String),
}

/// One match: byte offsets in the searched text; `groups[k]` is group
/// `k + 1` (`None`: it took no part), filled only when asked for.
#[derive(Debug)]
pub(crate) struct Found {
    pub start: usize,
    pub end: usize,
    pub groups: Vec<Option<(usize, usize)>>,
}

enum Engine {
    Plain(::regex::Regex),
    Fancy(fancy_regex::Regex),
}

impl Engine {
    fn new(src: &str, icase: bool, fancy: bool) -> Result<Engine, String> {
        let text = if icase {
            format!("(?i){src}")
        } else {
            src.to_string()
        };
        if fancy {
            fancy_regex::Regex::new(&text)
                .map(Engine::Fancy)
                .map_err(|e| e.to_string())
        } else {
            ::regex::Regex::new(&text)
                .map(Engine::Plain)
                .map_err(|e| short_error(&e.to_string()))
        }
    }

    fn is_match(&self, hay: &str) -> bool {
        match self {
            Engine::Plain(r) => r.is_match(hay),
            Engine::Fancy(r) => r.is_match(hay).unwrap_or(false),
        }
    }

    fn find(&self, hay: &str, at: usize) -> Option<(usize, usize)> {
        match self {
            Engine::Plain(r) => r.find_at(hay, at).map(|m| (m.start(), m.end())),
            Engine::Fancy(r) => match r.find_from_pos(hay, at) {
                Ok(Some(m)) => Some((m.start(), m.end())),
                _ => None,
            },
        }
    }

    /// The match at or after `at` with its groups `1..=n`.
    fn captures(&self, hay: &str, at: usize, n: usize) -> Option<Found> {
        let mut groups = Vec::with_capacity(n);
        let (start, end) = match self {
            Engine::Plain(r) => {
                let c = r.captures_at(hay, at)?;
                for k in 1..=n {
                    groups.push(c.get(k).map(|m| (m.start(), m.end())));
                }
                let m = c.get(0)?;
                (m.start(), m.end())
            }
            Engine::Fancy(r) => {
                let c = r.captures_from_pos(hay, at).ok()??;
                for k in 1..=n {
                    groups.push(c.get(k).map(|m| (m.start(), m.end())));
                }
                let m = c.get(0)?;
                (m.start(), m.end())
            }
        };
        Some(Found { start, end, groups })
    }
}

/// The `regex` crate's error without its drawing of the pattern.
fn short_error(e: &str) -> String {
    e.lines()
        .find_map(|l| l.strip_prefix("error: "))
        .unwrap_or(e)
        .to_string()
}

struct TreRe {
    src: Tre,
    icase: bool,
    first: Engine,
    first_notbol: OnceCell<Engine>,
    /// For the longest match (not with minimal repetition or back
    /// references, where TRE does not look for it either).
    longest: Option<meta::Regex>,
    longest_notbol: OnceCell<Option<meta::Regex>>,
    forced: OnceCell<Option<Engine>>,
    forced_notbol: OnceCell<Option<Engine>>,
}

struct PcreRe {
    src: Pcre,
    icase: bool,
    plain: Engine,
    /// For subjects with a newline, where `$` also matches before the final one.
    newline: OnceCell<Result<Engine, String>>,
}

enum Kind {
    Fixed(String),
    Tre(Box<TreRe>),
    Pcre(Box<PcreRe>),
}

pub(crate) struct Pattern {
    pub syntax: Syntax,
    /// Capturing groups.
    pub groups: usize,
    /// Their names (PCRE's `capture.names`; `""` when unnamed).
    pub names: Vec<String>,
    kind: Kind,
}

fn longest_regex(src: &str, icase: bool) -> Option<meta::Regex> {
    let text = if icase {
        format!("(?i){src}")
    } else {
        src.to_string()
    };
    meta::Regex::builder()
        .configure(meta::Config::new().match_kind(MatchKind::All))
        .build(&text)
        .ok()
}

impl Pattern {
    fn compile(pat: &str, syntax: Syntax, icase: bool) -> Result<Pattern, CompileError> {
        let unsupported =
            |e: String| CompileError::Unsupported(format!("the regular expression '{pat}' ({e})"));
        match syntax {
            Syntax::Fixed => Ok(Pattern {
                syntax,
                groups: 0,
                names: Vec::new(),
                kind: Kind::Fixed(pat.to_string()),
            }),
            Syntax::Extended => {
                let src = tre::translate(pat).map_err(|e| match e {
                    TreError::Reason(r) => CompileError::Tre(r),
                    TreError::Unsupported(what) => {
                        CompileError::Unsupported(format!("{what} in a regular expression"))
                    }
                })?;
                let fancy = src.out.needs_fancy();
                let text = src.out.render(false);
                let first = Engine::new(&text, icase, fancy).map_err(unsupported)?;
                let longest = if fancy || src.minimal {
                    None
                } else {
                    longest_regex(&text, icase)
                };
                Ok(Pattern {
                    syntax,
                    groups: src.out.groups,
                    names: vec![String::new(); src.out.groups],
                    kind: Kind::Tre(Box::new(TreRe {
                        src,
                        icase,
                        first,
                        first_notbol: OnceCell::new(),
                        longest,
                        longest_notbol: OnceCell::new(),
                        forced: OnceCell::new(),
                        forced_notbol: OnceCell::new(),
                    })),
                })
            }
            Syntax::Perl => {
                let src = pcre::translate(pat).map_err(|e| match e {
                    PcreError::At(msg, at) => {
                        CompileError::Pcre(msg, pat.chars().skip(at).collect())
                    }
                    PcreError::Unsupported(what) => CompileError::Unsupported(what),
                })?;
                let plain = Engine::new(&src.render(false), icase, src.needs_fancy(false))
                    .map_err(unsupported)?;
                Ok(Pattern {
                    syntax,
                    groups: src.out.groups,
                    names: src.out.names.clone(),
                    kind: Kind::Pcre(Box::new(PcreRe {
                        src,
                        icase,
                        plain,
                        newline: OnceCell::new(),
                    })),
                })
            }
        }
    }

    /// Whether `text` has a match anywhere.
    pub fn is_match(&self, text: &str) -> bool {
        match &self.kind {
            Kind::Fixed(p) => text.contains(p.as_str()),
            Kind::Tre(t) => t.first.is_match(text),
            Kind::Pcre(p) => p.engine(text).is_match(text),
        }
    }

    /// The first match in `hay` starting at or after `at` (looking at
    /// `hay` before `at` for assertions). `notbol`: `^` does not match at
    /// the start of `hay` (TRE's `REG_NOTBOL`; extended syntax only).
    /// `caps`: fill in the groups.
    pub fn find(&self, hay: &str, at: usize, notbol: bool, caps: bool) -> Option<Found> {
        match &self.kind {
            Kind::Fixed(p) => hay[at..].find(p.as_str()).map(|i| Found {
                start: at + i,
                end: at + i + p.len(),
                groups: Vec::new(),
            }),
            Kind::Pcre(p) => {
                let eng = p.engine(hay);
                if caps && self.groups > 0 {
                    eng.captures(hay, at, self.groups)
                } else {
                    let (start, end) = eng.find(hay, at)?;
                    Some(Found {
                        start,
                        end,
                        groups: Vec::new(),
                    })
                }
            }
            Kind::Tre(t) => t.find(hay, at, notbol, caps, self.groups),
        }
    }

    /// The next match of R's `gsub`/`gregexpr` loop, from byte `off` of
    /// `text`: TRE searches the rest of the string as a string of its own
    /// (with `REG_NOTBOL` after the start), so a word boundary sees nothing
    /// before it; PCRE searches the whole string from an offset.
    pub fn next_match(&self, text: &str, off: usize, caps: bool) -> Option<Found> {
        if self.syntax == Syntax::Extended {
            let mut f = self.find(&text[off..], 0, off > 0, caps)?;
            f.start += off;
            f.end += off;
            for (s, e) in f.groups.iter_mut().flatten() {
                *s += off;
                *e += off;
            }
            Some(f)
        } else {
            self.find(text, off, false, caps)
        }
    }
}

impl PcreRe {
    fn engine(&self, hay: &str) -> &Engine {
        if !self.src.dollar || !hay.contains('\n') {
            return &self.plain;
        }
        match self.newline.get_or_init(|| {
            Engine::new(
                &self.src.render(true),
                self.icase,
                self.src.needs_fancy(true),
            )
        }) {
            Ok(e) => e,
            Err(_) => &self.plain,
        }
    }
}

impl TreRe {
    fn find(&self, hay: &str, at: usize, notbol: bool, caps: bool, n: usize) -> Option<Found> {
        let notbol = notbol && self.src.out.has_bol();
        let first = if notbol {
            self.first_notbol.get_or_init(|| {
                Engine::new(
                    &self.src.out.render(true),
                    self.icase,
                    self.src.out.needs_fancy(),
                )
                .unwrap_or_else(|_| Engine::new("[^\\x00-\\x{10FFFF}]", false, false).unwrap())
            })
        } else {
            &self.first
        };
        let (start, end0) = first.find(hay, at)?;
        let longest = if notbol {
            self.longest_notbol
                .get_or_init(|| {
                    self.longest
                        .as_ref()
                        .and_then(|_| longest_regex(&self.src.out.render(true), self.icase))
                })
                .as_ref()
        } else {
            self.longest.as_ref()
        };
        let end = match longest {
            Some(l) => {
                let input = Input::new(hay).range(start..).anchored(Anchored::Yes);
                l.search(&input).map_or(end0, |m| m.end().max(end0))
            }
            None => end0,
        };
        if !caps || n == 0 {
            return Some(Found {
                start,
                end,
                groups: Vec::new(),
            });
        }
        if end != end0 {
            let forced = if notbol {
                &self.forced_notbol
            } else {
                &self.forced
            };
            let forced = forced.get_or_init(|| {
                let src = format!("(?:{})\\z", self.src.out.render(notbol));
                Engine::new(&src, self.icase, false).ok()
            });
            if let Some(f) = forced {
                if let Some(found) = f.captures(&hay[..end], start, n) {
                    if found.start == start {
                        return Some(found);
                    }
                }
            }
        }
        let mut found = first.captures(hay, start, n)?;
        found.end = end;
        Some(found)
    }
}

/// Most compiled patterns kept per thread.
const CACHE_SIZE: usize = 64;

type CacheEntry = (String, Syntax, bool, Rc<Pattern>);

thread_local! {
    static CACHE: RefCell<Vec<CacheEntry>> = const { RefCell::new(Vec::new()) };
}

/// The compiled `pat` (from the cache when it was compiled recently).
pub(crate) fn compile(pat: &str, syntax: Syntax, icase: bool) -> Result<Rc<Pattern>, CompileError> {
    let icase = icase && syntax != Syntax::Fixed;
    let hit = CACHE.with(|c| {
        let mut c = c.borrow_mut();
        let i = c
            .iter()
            .position(|(p, s, ic, _)| p == pat && *s == syntax && *ic == icase)?;
        let e = c.remove(i);
        let r = e.3.clone();
        c.insert(0, e);
        Some(r)
    });
    if let Some(r) = hit {
        return Ok(r);
    }
    let r = Rc::new(Pattern::compile(pat, syntax, icase)?);
    CACHE.with(|c| {
        let mut c = c.borrow_mut();
        c.insert(0, (pat.to_string(), syntax, icase, r.clone()));
        c.truncate(CACHE_SIZE);
    });
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first(pat: &str, syntax: Syntax, text: &str) -> Option<(usize, usize)> {
        let p = compile(pat, syntax, false).ok().unwrap();
        p.find(text, 0, false, false).map(|f| (f.start, f.end))
    }

    #[test]
    fn extended_matches_are_leftmost_longest() {
        // Rscript: regexpr("a|ab", "abc") has match.length 2; with
        // perl = TRUE 1.
        assert_eq!(first("a|ab", Syntax::Extended, "xabc"), Some((1, 3)));
        assert_eq!(first("a|ab", Syntax::Perl, "xabc"), Some((1, 2)));
        assert_eq!(first("(a*)(ab)?b?", Syntax::Extended, "aab"), Some((0, 3)));
    }

    #[test]
    fn groups_of_the_longest_match() {
        let p = compile("(a|ab)(c|bcd)(d*)", Syntax::Extended, false)
            .ok()
            .unwrap();
        let f = p.find("abcd", 0, false, true).unwrap();
        assert_eq!((f.start, f.end), (0, 4));
        assert_eq!(f.groups.len(), 3);
    }

    #[test]
    fn notbol_keeps_caret_from_matching() {
        let p = compile("^a", Syntax::Extended, false).ok().unwrap();
        assert!(p.find("aa", 0, true, false).is_none());
        assert!(p.find("aa", 0, false, false).is_some());
        // TRE: a word boundary at the start of the rest of the string.
        let p = compile("\\ba", Syntax::Extended, false).ok().unwrap();
        let m = p.next_match("aaa", 1, false).unwrap();
        assert_eq!((m.start, m.end), (1, 2));
    }

    /// Random short patterns over the characters that mean something in
    /// some syntax: translating, compiling and searching never panics.
    #[test]
    fn no_pattern_panics() {
        let alphabet: Vec<char> = "()[]{}|*+?.^$\\-,:=!<>'a1dwbBkgpPQExh0#^ é\n"
            .chars()
            .collect();
        let mut state: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..10_000 {
            let len = (next() % 9) as usize;
            let pat: String = (0..len)
                .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
                .collect();
            for syntax in [Syntax::Extended, Syntax::Perl, Syntax::Fixed] {
                if let Ok(p) = Pattern::compile(&pat, syntax, next() % 2 == 0) {
                    for text in ["", "a(b)é1 x\n", "[]{}"] {
                        let _ = p.is_match(text);
                        let mut off = 0;
                        while let Some(m) = p.next_match(text, off, true) {
                            off = if m.end > m.start { m.end } else { m.end + 1 };
                            while off < text.len() && !text.is_char_boundary(off) {
                                off += 1;
                            }
                            if off > text.len() {
                                break;
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn perl_dollar_before_a_final_newline() {
        assert_eq!(first("a$", Syntax::Perl, "aa\n"), Some((1, 2)));
        assert_eq!(first("a$", Syntax::Perl, "aa"), Some((1, 2)));
        assert_eq!(first("a$", Syntax::Extended, "aa\n"), None);
    }
}
