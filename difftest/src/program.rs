//! Generated programs as trees of statements, so that the shrinker can drop
//! statements and blocks at every level and flatten blocks into their bodies.

/// One statement: a line, or a block with a head (`for (i in 1:n) {`), a
/// body and a tail (`}`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    Line(String),
    Block {
        head: String,
        body: Vec<Node>,
        tail: String,
    },
}

impl Node {
    pub fn line(s: impl Into<String>) -> Node {
        Node::Line(s.into())
    }
    pub fn block(head: impl Into<String>, body: Vec<Node>, tail: impl Into<String>) -> Node {
        Node::Block {
            head: head.into(),
            body,
            tail: tail.into(),
        }
    }
    fn render(&self, indent: usize, out: &mut String) {
        let pad = "  ".repeat(indent);
        match self {
            Node::Line(s) => {
                out.push_str(&pad);
                out.push_str(s);
                out.push('\n');
            }
            Node::Block { head, body, tail } => {
                out.push_str(&pad);
                out.push_str(head);
                out.push('\n');
                for n in body {
                    n.render(indent + 1, out);
                }
                out.push_str(&pad);
                out.push_str(tail);
                out.push('\n');
            }
        }
    }
    fn count(&self) -> usize {
        match self {
            Node::Line(_) => 1,
            Node::Block { body, .. } => 1 + body.iter().map(Node::count).sum::<usize>(),
        }
    }
}

/// A program: its top-level statements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    pub items: Vec<Node>,
}

impl Program {
    pub fn render(&self) -> String {
        let mut s = String::new();
        for n in &self.items {
            n.render(0, &mut s);
        }
        s
    }

    /// Statements (lines and blocks) in the program.
    pub fn size(&self) -> usize {
        self.items.iter().map(Node::count).sum()
    }

    /// Every program one shrinking step away, most reducing first: a
    /// statement or block removed, a block replaced by its body, a number in
    /// a line made smaller (loop bounds, repetitions).
    pub fn candidates(&self) -> Vec<Program> {
        let mut out = Vec::new();
        let n = self.size();
        // Removals, by pre-order index.
        for k in 0..n {
            let mut p = self.clone();
            let mut idx = k;
            if remove_at(&mut p.items, &mut idx) {
                out.push(p);
            }
        }
        for k in 0..n {
            let mut p = self.clone();
            let mut idx = k;
            if flatten_at(&mut p.items, &mut idx) {
                out.push(p);
            }
        }
        for k in 0..n {
            let mut idx = k;
            if let Some(text) = text_at(&self.items, &mut idx) {
                for smaller in smaller_numbers(&text) {
                    let mut p = self.clone();
                    let mut idx = k;
                    set_text_at(&mut p.items, &mut idx, &smaller);
                    out.push(p);
                }
            }
        }
        out
    }
}

fn remove_at(nodes: &mut Vec<Node>, idx: &mut usize) -> bool {
    let mut i = 0;
    while i < nodes.len() {
        if *idx == 0 {
            nodes.remove(i);
            return true;
        }
        *idx -= 1;
        if let Node::Block { body, .. } = &mut nodes[i] {
            if remove_at(body, idx) {
                return true;
            }
        }
        i += 1;
    }
    false
}

fn flatten_at(nodes: &mut Vec<Node>, idx: &mut usize) -> bool {
    let mut i = 0;
    while i < nodes.len() {
        if *idx == 0 {
            if let Node::Block { body, .. } = &nodes[i] {
                let body = body.clone();
                nodes.splice(i..=i, body);
                return true;
            }
            return false;
        }
        *idx -= 1;
        if let Node::Block { body, .. } = &mut nodes[i] {
            if flatten_at(body, idx) {
                return true;
            }
        }
        i += 1;
    }
    false
}

/// The text of the line, or the head of the block, at pre-order `idx`.
fn text_at(nodes: &[Node], idx: &mut usize) -> Option<String> {
    for n in nodes {
        if *idx == 0 {
            return Some(match n {
                Node::Line(s) => s.clone(),
                Node::Block { head, .. } => head.clone(),
            });
        }
        *idx -= 1;
        if let Node::Block { body, .. } = n {
            if let Some(s) = text_at(body, idx) {
                return Some(s);
            }
        }
    }
    None
}

fn set_text_at(nodes: &mut [Node], idx: &mut usize, text: &str) -> bool {
    for n in nodes {
        if *idx == 0 {
            match n {
                Node::Line(s) => *s = text.to_string(),
                Node::Block { head, .. } => *head = text.to_string(),
            }
            return true;
        }
        *idx -= 1;
        if let Node::Block { body, .. } = n {
            if set_text_at(body, idx, text) {
                return true;
            }
        }
    }
    false
}

/// `text` with one integer literal of 3 or more (not part of a name or of a
/// longer number such as `1e308` or `0.5`) replaced by 1 or by its half.
fn smaller_numbers(text: &str) -> Vec<String> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            let before_ok = start == 0
                || !(b[start - 1].is_ascii_alphanumeric()
                    || b[start - 1] == b'.'
                    || b[start - 1] == b'_');
            let after_ok =
                i >= b.len() || !(b[i] == b'.' || b[i] == b'e' || b[i] == b'x' || b[i] == b'i');
            if before_ok && after_ok {
                if let Ok(v) = text[start..i].parse::<u64>() {
                    if v >= 3 {
                        for w in [1, v / 2] {
                            out.push(format!("{}{}{}", &text[..start], w, &text[i..]));
                        }
                    }
                }
            }
        } else {
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidates_remove_flatten_and_shrink_numbers() {
        let p = Program {
            items: vec![
                Node::line("x <- 10"),
                Node::block("for (i in 1:300) {", vec![Node::line("x <- x + i")], "}"),
            ],
        };
        let c = p.candidates();
        assert!(c
            .iter()
            .any(|q| q.render() == "for (i in 1:300) {\n  x <- x + i\n}\n"));
        assert!(c.iter().any(|q| q.render() == "x <- 10\nx <- x + i\n"));
        assert!(c.iter().any(|q| q.render().contains("1:150")));
        assert!(c.iter().any(|q| q.render().starts_with("x <- 5\n")));
        assert_eq!(smaller_numbers("1e308 + 0.5 + x12"), Vec::<String>::new());
    }
}
