//! Positions in a YAML file. serde_yaml gives typed values but no positions for values that
//! parsed; this walks the same text with yaml-rust2's event parser into a small tree of
//! marks, so every question, field and list item can be reported at its line and column.

use yaml_rust2::parser::{Event, MarkedEventReceiver, Parser};
use yaml_rust2::scanner::Marker;

/// A 1-based line and column.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Pos {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
}

/// A YAML node and where it starts.
#[derive(Clone, Debug)]
pub struct Node {
    /// Where the node starts.
    pub pos: Pos,
    /// What it is.
    pub kind: NodeKind,
}

/// The shape of a node.
#[derive(Clone, Debug)]
pub enum NodeKind {
    /// A scalar's text.
    Scalar(String),
    /// A sequence's items.
    Seq(Vec<Node>),
    /// A mapping's entries (key node, value node), in file order.
    Map(Vec<(Node, Node)>),
    /// An alias (`*name`).
    Alias,
}

impl Node {
    /// The value under `key` of a mapping.
    pub fn get(&self, key: &str) -> Option<&Node> {
        self.entry(key).map(|(_, v)| v)
    }
    /// The (key, value) entry for `key` of a mapping.
    pub fn entry(&self, key: &str) -> Option<(&Node, &Node)> {
        match &self.kind {
            NodeKind::Map(es) => es.iter().find(|(k, _)| k.scalar() == Some(key)).map(|(k, v)| (k, v)),
            _ => None,
        }
    }
    /// Where the key `key` of a mapping is written, else where the mapping starts.
    pub fn key_pos(&self, key: &str) -> Pos {
        self.entry(key).map(|(k, _)| k.pos).unwrap_or(self.pos)
    }
    /// Item `i` of a sequence.
    pub fn item(&self, i: usize) -> Option<&Node> {
        match &self.kind {
            NodeKind::Seq(items) => items.get(i),
            _ => None,
        }
    }
    /// The items of a sequence (empty for other nodes).
    pub fn items(&self) -> &[Node] {
        match &self.kind {
            NodeKind::Seq(items) => items,
            _ => &[],
        }
    }
    /// A scalar's text.
    pub fn scalar(&self) -> Option<&str> {
        match &self.kind {
            NodeKind::Scalar(s) => Some(s),
            _ => None,
        }
    }
}

fn pos(m: &Marker) -> Pos {
    // yaml-rust2 counts lines from 1 and columns from 0.
    Pos {
        line: m.line().max(1),
        column: m.col() + 1,
    }
}

enum Frame {
    Seq(Pos, Vec<Node>),
    Map(Pos, Vec<(Node, Node)>, Option<Node>),
}

#[derive(Default)]
struct Builder {
    stack: Vec<Frame>,
    root: Option<Node>,
    documents: usize,
}

impl Builder {
    fn push_node(&mut self, n: Node) {
        match self.stack.last_mut() {
            Some(Frame::Seq(_, items)) => items.push(n),
            Some(Frame::Map(start, entries, pending)) => match pending.take() {
                None => {
                    // A block mapping's start mark lies after its first key; the key is earlier.
                    if entries.is_empty() && n.pos < *start {
                        *start = n.pos;
                    }
                    *pending = Some(n);
                }
                Some(k) => entries.push((k, n)),
            },
            None => {
                if self.root.is_none() {
                    self.root = Some(n);
                }
            }
        }
    }
}

impl MarkedEventReceiver for Builder {
    fn on_event(&mut self, ev: Event, mark: Marker) {
        let p = pos(&mark);
        match ev {
            Event::DocumentStart => self.documents += 1,
            Event::Scalar(s, ..) => self.push_node(Node {
                pos: p,
                kind: NodeKind::Scalar(s),
            }),
            Event::Alias(_) => self.push_node(Node {
                pos: p,
                kind: NodeKind::Alias,
            }),
            Event::SequenceStart(..) => self.stack.push(Frame::Seq(p, Vec::new())),
            Event::MappingStart(..) => self.stack.push(Frame::Map(p, Vec::new(), None)),
            Event::SequenceEnd | Event::MappingEnd => {
                let node = match self.stack.pop() {
                    Some(Frame::Seq(start, items)) => Node {
                        pos: start,
                        kind: NodeKind::Seq(items),
                    },
                    Some(Frame::Map(start, entries, _)) => Node {
                        pos: start,
                        kind: NodeKind::Map(entries),
                    },
                    None => return,
                };
                self.push_node(node);
            }
            _ => {}
        }
    }
}

/// Why a text has no tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The parser's message.
    pub message: String,
    /// Where it stopped.
    pub pos: Pos,
    /// True when collections nest too deeply to parse at all (serde_yaml, which would be slow
    /// on such input, is then not run).
    pub too_deep: bool,
}

/// The tree of the first document of `text`, or why there is none (serde_yaml then reports a
/// syntax error with its own wording and position).
pub fn parse_checked(text: &str) -> Result<Node, Failure> {
    let mut b = Builder::default();
    let mut parser = Parser::new_from_str(text);
    if let Err(e) = parser.load(&mut b, false) {
        return Err(Failure {
            message: e.info().to_string(),
            pos: pos(e.marker()),
            too_deep: e.info().contains("recursion limit"),
        });
    }
    b.root.ok_or(Failure {
        message: "no document".into(),
        pos: Pos { line: 1, column: 1 },
        too_deep: false,
    })
}

/// The tree of the first document of `text`, or `None` when it does not parse.
pub fn parse(text: &str) -> Option<Node> {
    parse_checked(text).ok()
}

/// The most bytes a YAML text may stand for once every alias is replaced by what its anchor
/// holds (serde_yaml expands aliases, and its own limit counts alias uses, not bytes: a 1 MB
/// file that aliases a 1 MiB string 5,000 times would take 5 GB). Four times the largest
/// bank file: anchors that save typing stay far below it.
pub const MAX_EXPANDED_BYTES: u64 = 16 * 1024 * 1024;

/// A YAML text whose aliases expand past [`MAX_EXPANDED_BYTES`]: where the alias that passes
/// the limit is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooLarge {
    /// Where the alias is written.
    pub pos: Pos,
}

impl std::fmt::Display for TooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "its aliases expand to more than {} MiB (each `*alias` repeats its anchor's whole value); write the values out or alias fewer of them",
            MAX_EXPANDED_BYTES >> 20
        )
    }
}

/// Checks that `text`, its aliases expanded, stays under `limit` bytes: one pass over the
/// parser's events, each node weighed once (its scalars' bytes and a little for each node), each
/// alias weighing what its anchor weighs. A text that does not parse passes (serde_yaml then
/// reports its syntax error); one with no `*` has no alias and is not parsed at all.
pub fn check_expansion(text: &str, limit: u64) -> Result<(), TooLarge> {
    if !text.contains('*') {
        return Ok(());
    }
    let mut w = Weigher {
        limit,
        ..Weigher::default()
    };
    let mut parser = Parser::new_from_str(text);
    let _ = parser.load(&mut w, true);
    match w.over {
        Some(pos) => Err(TooLarge { pos }),
        None => Ok(()),
    }
}

/// What a node weighs besides its text: serde_yaml's value for it, roughly.
const NODE_WEIGHT: u64 = 32;

#[derive(Default)]
struct Weigher {
    limit: u64,
    /// Each open collection: its anchor id and its weight so far.
    stack: Vec<(usize, u64)>,
    /// Each anchor's weight, by id.
    anchors: std::collections::HashMap<usize, u64>,
    /// Everything weighed so far, open collections included, so that an alias inside a huge
    /// sequence is caught where it is written (kept as it grows: one step an event).
    sum: u64,
    over: Option<Pos>,
}

impl Weigher {
    /// Adds a node of `weight` to the collection it is in; `new` when it was not yet counted
    /// in `sum` (a closing collection was, while it was open).
    fn add(&mut self, anchor: usize, weight: u64, new: bool, at: Pos) {
        if anchor > 0 {
            self.anchors.insert(anchor, weight);
        }
        if let Some((_, w)) = self.stack.last_mut() {
            *w = w.saturating_add(weight);
        }
        if new {
            self.sum = self.sum.saturating_add(weight);
            if self.over.is_none() && self.sum > self.limit {
                self.over = Some(at);
            }
        }
    }
}

impl MarkedEventReceiver for Weigher {
    fn on_event(&mut self, ev: Event, mark: Marker) {
        if self.over.is_some() {
            return;
        }
        let p = pos(&mark);
        match ev {
            Event::Scalar(s, _, anchor, _) => self.add(anchor, NODE_WEIGHT + s.len() as u64, true, p),
            Event::Alias(id) => {
                let w = self.anchors.get(&id).copied().unwrap_or(NODE_WEIGHT);
                self.add(0, w, true, p);
            }
            Event::SequenceStart(anchor, _) | Event::MappingStart(anchor, _) => {
                self.stack.push((anchor, 0));
                self.add(0, NODE_WEIGHT, true, p);
            }
            Event::SequenceEnd | Event::MappingEnd => {
                if let Some((anchor, w)) = self.stack.pop() {
                    self.add(anchor, w, false, p);
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn questions_and_keys_have_positions() {
        let text = "topic: x\nquestions:\n  - id: a\n    kind: choice\n  - {id: b, kind: input}\n";
        let Some(root) = parse(text) else { panic!("parses") };
        let qs = root.get("questions").map(|q| q.items()).unwrap_or(&[]);
        assert_eq!(qs.len(), 2);
        assert_eq!(qs[0].pos, Pos { line: 3, column: 5 });
        assert_eq!(qs[0].key_pos("kind"), Pos { line: 4, column: 5 });
        assert_eq!(qs[1].get("id").and_then(Node::scalar), Some("b"));
        assert_eq!(qs[1].pos.line, 5);
        assert!(parse("a: [1,\n").is_none());
        let deep = format!("a: {}{}", "[".repeat(5000), "]".repeat(5000));
        assert!(parse_checked(&deep).is_err_and(|f| f.too_deep));
    }

    #[test]
    fn aliases_are_weighed_by_what_they_repeat() {
        let big = "x".repeat(1000);
        // 20 aliases of a 1,000-byte string: about 21 KB expanded; the 14th passes 15 KB.
        let text = format!("a: &s {big}\nb: [{}]\n", vec!["*s"; 20].join(", "));
        assert_eq!(check_expansion(&text, 30_000), Ok(()));
        assert_eq!(
            check_expansion(&text, 15_000),
            Err(TooLarge {
                pos: Pos { line: 2, column: 57 }
            })
        );
        // Nested anchors multiply: each level doubles, so 30 levels are 2^30 copies.
        let mut laughs = String::from("l0: &l0 [lol]\n");
        for i in 1..30 {
            laughs.push_str(&format!("l{i}: &l{i} [*l{p}, *l{p}]\n", p = i - 1));
        }
        assert!(check_expansion(&laughs, MAX_EXPANDED_BYTES).is_err());
        // Anchors without aliases, and texts that do not parse, pass.
        assert_eq!(check_expansion("a: &x 1\nb: 2\n", 10), Ok(()));
        assert_eq!(check_expansion("a: [*", 1000), Ok(()));
    }
}
