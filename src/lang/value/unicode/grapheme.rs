//! Grapheme clusters as go-textseg's `ScanGraphemeClusters` cuts them (what go-cty's `length`,
//! `substr`, `strrev` and `format`'s precision count).
//!
//! go-textseg is not a UAX #29 implementation but a longest-match scanner over eight token
//! patterns (textseg/grapheme_clusters.rl, unchanged from v13 to v15), so its clusters differ
//! from the standard's in corners: U+FFFD always stands alone, `L LV T` is two clusters, a
//! pictograph glues through two ZWJs in a row, and there is no Indic-conjunct rule.
//! The patterns are restated here in our own words and run as a small NFA.

use std::sync::OnceLock;

use super::Ucd;
use super::tables::{GRAPHEME_13, GRAPHEME_15};

/// A character's grapheme-break class in go-textseg's scanner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Prop {
    /// Anything else.
    Other = 0,
    /// U+000D.
    Cr = 1,
    /// U+000A.
    Lf = 2,
    /// Controls, line and paragraph separators, most format characters.
    Control = 3,
    /// Combining marks and other extenders.
    Extend = 4,
    /// The flag letters U+1F1E6 .. U+1F1FF.
    RegionalIndicator = 5,
    /// Characters that join the cluster after them.
    Prepend = 6,
    /// Spacing combining marks.
    SpacingMark = 7,
    /// Hangul leading consonant jamo.
    L = 8,
    /// Hangul vowel jamo.
    V = 9,
    /// Hangul trailing consonant jamo.
    T = 10,
    /// Hangul syllables without a trailing consonant.
    Lv = 11,
    /// Hangul syllables with a trailing consonant.
    Lvt = 12,
    /// U+200D ZERO WIDTH JOINER.
    Zwj = 13,
    /// Extended_Pictographic (all of them are grapheme-break Other in Unicode 13 and 15).
    Pictographic = 14,
    /// U+FFFD, which the scanner always emits alone.
    Replacement = 15,
}

const PROPS: [Prop; 16] = [
    Prop::Other,
    Prop::Cr,
    Prop::Lf,
    Prop::Control,
    Prop::Extend,
    Prop::RegionalIndicator,
    Prop::Prepend,
    Prop::SpacingMark,
    Prop::L,
    Prop::V,
    Prop::T,
    Prop::Lv,
    Prop::Lvt,
    Prop::Zwj,
    Prop::Pictographic,
    Prop::Replacement,
];

/// The class of `c` in the tables of `ucd`.
pub fn prop(c: char, ucd: Ucd) -> Prop {
    let u = c as u32;
    if (0x20..0x7F).contains(&u) {
        return Prop::Other;
    }
    if u == 0xFFFD {
        return Prop::Replacement;
    }
    if (0xAC00..=0xD7A3).contains(&u) {
        return if (u - 0xAC00).is_multiple_of(28) { Prop::Lv } else { Prop::Lvt };
    }
    let table = match ucd {
        Ucd::V13 => GRAPHEME_13,
        Ucd::V15 => GRAPHEME_15,
    };
    let i = table.partition_point(|&(_, hi, _)| hi < u);
    match table.get(i) {
        Some(&(lo, _, code)) if lo <= u => {
            if code & 0x10 != 0 {
                Prop::Pictographic
            } else {
                PROPS.get(usize::from(code)).copied().unwrap_or(Prop::Other)
            }
        }
        _ => Prop::Other,
    }
}

/// A set of classes.
type Set = u16;

const fn set(ps: &[Prop]) -> Set {
    let mut s = 0;
    let mut i = 0;
    while i < ps.len() {
        s |= 1 << ps[i] as u16;
        i += 1;
    }
    s
}

/// The token patterns, as a regular-expression tree over classes.
enum Re {
    One(Set),
    Cat(Vec<Re>),
    Alt(Vec<Re>),
    Star(Box<Re>),
}

fn one(ps: &[Prop]) -> Re {
    Re::One(set(ps))
}
fn cat(rs: Vec<Re>) -> Re {
    Re::Cat(rs)
}
fn alt(rs: Vec<Re>) -> Re {
    Re::Alt(rs)
}
fn star(r: Re) -> Re {
    Re::Star(Box::new(r))
}
fn opt(r: Re) -> Re {
    alt(vec![r, cat(vec![])])
}
fn plus(ps: &[Prop]) -> Re {
    cat(vec![one(ps), star(one(ps))])
}

/// go-textseg's eight tokens; a cluster is the longest prefix any of them matches.
fn tokens() -> Re {
    use Prop::*;
    let extension = || {
        let zwj_glue = cat(vec![one(&[Zwj]), opt(cat(vec![one(&[Pictographic]), star(one(&[Extend]))]))]);
        star(alt(vec![one(&[Extend]), zwj_glue, one(&[SpacingMark])]))
    };
    let hangul = || {
        let after_l = alt(vec![
            opt(cat(vec![
                alt(vec![cat(vec![opt(one(&[Lv])), plus(&[V])]), one(&[Lvt])]),
                star(one(&[T])),
            ])),
            opt(one(&[Lv])),
        ]);
        cat(vec![
            alt(vec![
                cat(vec![plus(&[L]), after_l]),
                cat(vec![one(&[Lv]), star(one(&[V])), star(one(&[T]))]),
                cat(vec![plus(&[V]), star(one(&[T]))]),
                cat(vec![one(&[Lvt]), star(one(&[T]))]),
                plus(&[T]),
            ]),
            extension(),
        ])
    };
    let emoji = || cat(vec![one(&[Pictographic]), star(one(&[Extend])), extension()]);
    let zwj = || cat(vec![one(&[Zwj]), star(one(&[Zwj, Extend, SpacingMark]))]);
    let flag = || cat(vec![one(&[RegionalIndicator]), opt(one(&[RegionalIndicator])), extension()]);
    // Any character but those that start another token (Extend and SpacingMark may start it).
    let other = || cat(vec![one(&[Other, Extend, SpacingMark]), star(one(&[Extend, Zwj, SpacingMark]))]);
    alt(vec![
        cat(vec![one(&[Cr]), one(&[Lf])]),
        one(&[Control, Replacement]),
        hangul(),
        emoji(),
        zwj(),
        flag(),
        cat(vec![plus(&[Prepend]), opt(alt(vec![hangul(), emoji(), zwj(), flag(), other()]))]),
        other(),
    ])
}

/// An NFA state: consume one character of a class set, or split, or accept.
#[derive(Clone, Copy)]
enum State {
    Char(Set, usize),
    Split(usize, usize),
    Jump(usize),
    Accept,
}

struct Nfa {
    states: Vec<State>,
    start: usize,
}

impl Nfa {
    /// Thompson's construction: `r` runs from the returned state into `next`.
    fn build(&mut self, r: &Re, next: usize) -> usize {
        match r {
            Re::One(s) => self.push(State::Char(*s, next)),
            Re::Cat(rs) => rs.iter().rev().fold(next, |n, r| self.build(r, n)),
            Re::Alt(rs) => {
                let firsts: Vec<usize> = rs.iter().map(|r| self.build(r, next)).collect();
                firsts
                    .into_iter()
                    .rev()
                    .reduce(|b, a| self.push(State::Split(a, b)))
                    .unwrap_or(next)
            }
            Re::Star(r) => {
                let split = self.push(State::Jump(next));
                let body = self.build(r, split);
                self.states[split] = State::Split(body, next);
                split
            }
        }
    }

    fn push(&mut self, s: State) -> usize {
        self.states.push(s);
        self.states.len() - 1
    }

    /// Adds `s` and everything reachable from it without consuming a character; `seen`
    /// holds the generation in which a state was last added.
    fn close(&self, s: usize, into: &mut Vec<usize>, seen: &mut [u32], generation: u32) {
        if seen[s] == generation {
            return;
        }
        seen[s] = generation;
        match self.states[s] {
            State::Split(a, b) => {
                self.close(a, into, seen, generation);
                self.close(b, into, seen, generation);
            }
            State::Jump(a) => self.close(a, into, seen, generation),
            State::Char(..) | State::Accept => into.push(s),
        }
    }
}

fn nfa() -> &'static Nfa {
    static NFA: OnceLock<Nfa> = OnceLock::new();
    NFA.get_or_init(|| {
        let mut n = Nfa {
            states: vec![State::Accept],
            start: 0,
        };
        n.start = n.build(&tokens(), 0);
        n
    })
}

/// The scanner's working sets, kept from one cluster to the next.
struct Scanner {
    nfa: &'static Nfa,
    seen: Vec<u32>,
    generation: u32,
    cur: Vec<usize>,
    next: Vec<usize>,
}

impl Scanner {
    fn new() -> Scanner {
        let nfa = nfa();
        Scanner {
            nfa,
            seen: vec![0; nfa.states.len()],
            generation: 0,
            cur: Vec::new(),
            next: Vec::new(),
        }
    }

    fn bump(&mut self) -> u32 {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.seen.iter_mut().for_each(|x| *x = 0);
            self.generation = 1;
        }
        self.generation
    }

    /// The byte length of the first cluster of `s` (0 for an empty string): the longest
    /// token, or one character when no token matches it (a lone CR or LF).
    fn first_len(&mut self, s: &str, ucd: Ucd) -> usize {
        let Some(c0) = s.chars().next() else { return 0 };
        let n = self.nfa;
        let g = self.bump();
        self.cur.clear();
        n.close(n.start, &mut self.cur, &mut self.seen, g);
        let mut best = c0.len_utf8();
        for (i, c) in s.char_indices() {
            let bit = 1 << prop(c, ucd) as u16;
            let g = self.bump();
            self.next.clear();
            for k in 0..self.cur.len() {
                if let State::Char(set, to) = n.states[self.cur[k]]
                    && set & bit != 0
                {
                    n.close(to, &mut self.next, &mut self.seen, g);
                }
            }
            if self.next.is_empty() {
                break;
            }
            if self.next.iter().any(|&st| matches!(n.states[st], State::Accept)) {
                best = i + c.len_utf8();
            }
            std::mem::swap(&mut self.cur, &mut self.next);
        }
        best
    }
}

/// The clusters of `s`, in order.
pub fn clusters(s: &str, ucd: Ucd) -> Vec<&str> {
    // ASCII other than CR is one cluster per byte; most strings stop here.
    if s.bytes().all(|b| b.is_ascii() && b != b'\r') {
        return (0..s.len()).map(|i| &s[i..i + 1]).collect();
    }
    let mut scanner = Scanner::new();
    let mut out = Vec::new();
    let mut rest = s;
    while !rest.is_empty() {
        let n = scanner.first_len(rest, ucd).max(1);
        let (head, tail) = rest.split_at(n);
        out.push(head);
        rest = tail;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(s: &str, ucd: Ucd) -> usize {
        clusters(s, ucd).len()
    }

    // One line per case: text, clusters under go-textseg v13, under v15.
    #[test]
    fn cluster_counts() {
        let cases: &[(&str, usize, usize)] = &[
            ("", 0, 0),
            ("abc", 3, 3),
            ("\r\n", 1, 1),
            ("\n\r", 2, 2),
            ("e\u{301}", 1, 1),
            // No Indic-conjunct rule in either version: KA + VIRAMA, then SSA.
            ("\u{915}\u{94D}\u{937}", 2, 2),
            // Family emoji glued by ZWJs; a skin-tone modifier is Extend.
            ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", 1, 1),
            ("\u{1F44D}\u{1F3FD}", 1, 1),
            // Two ZWJs in a row still glue the pictograph after them (UAX #29 would break).
            ("\u{1F468}\u{200D}\u{200D}\u{1F469}", 1, 1),
            // Regional indicators pair up: three make a flag and a lone one.
            ("\u{1F1FA}\u{1F1F8}\u{1F1E9}", 2, 2),
            // Hangul jamo L V T, a precomposed LV + T, and go-textseg's L LV T split
            // (Terraform 1.0.3 agrees on `length("\u1100\uAC00\uD7CB")`: 2).
            ("\u{1100}\u{1161}\u{11A8}", 1, 1),
            ("\u{AC00}\u{11A8}", 1, 1),
            ("\u{1100}\u{AC00}\u{11A8}", 2, 2),
            ("\u{1100}\u{AC00}\u{D7CB}", 2, 2),
            // U+FFFD stands alone even before a combining mark.
            ("\u{FFFD}\u{301}", 2, 2),
            // Prepend (ARABIC NUMBER SIGN) joins the next letter.
            ("\u{600}a", 1, 1),
            // U+1F6DD PLAYGROUND SLIDE (Unicode 14) is pictographic in both: the reserved
            // pictographic ranges were assigned the property in advance.
            ("\u{1F6DD}\u{200D}\u{1F6DD}", 1, 1),
            // U+11F00 KAWI SIGN CANDRABINDU (Unicode 15) is Extend only in v15.
            ("a\u{11F00}", 2, 1),
        ];
        for &(s, v13, v15) in cases {
            assert_eq!((count(s, Ucd::V13), count(s, Ucd::V15)), (v13, v15), "{s:?}");
        }
    }
}
