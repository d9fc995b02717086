//! Keeps hcl-edit's parser linear on broken input.
//!
//! When an error inside a binary operand backtracks instead of cutting, hcl-edit parses that
//! operand again for every operator chain around it, so the work doubles with each level of
//! `a*b*(`: thirty levels of it and one `&` take minutes. The errors that backtrack are all
//! lexical: a lone `&` or `|`, a `!` where an operator belongs, a `<` where an operand belongs
//! (after an operand, the second `<` of `<<`), a quoted string still open at the end of the text
//! (hcl-edit lets a quoted string run over lines), and the end of the text itself inside an open
//! bracket. This module finds them with a scan that knows strings, heredocs, comments and
//! interpolations, and hands the parser a copy with each one replaced by `@`, a byte that ends
//! the expression with a cut error at the same place. Every such lexeme is an error in the
//! original too, and the diagnostic is still classified against the original text.

/// Deepest nesting of evaluation before it is refused (the parser refuses deeper input first):
/// the evaluator recurses once per level, and a flat operator chain is cut below it
/// (`long_chain`).
pub const MAX_DEPTH: usize = 256;

use hcl_edit::expr::Expression;
use hcl_edit::parser::Error;
use hcl_edit::structure::Body;
use hcl_edit::template::Template;

/// Parses a configuration body, defusing backtracking traps first.
pub fn body(src: &str) -> Result<Body, Error> {
    guarded(src, false, hcl_edit::parser::parse_body)
}

/// Parses a bare expression, defusing backtracking traps first.
pub fn expr(src: &str) -> Result<Expression, Error> {
    guarded(src, false, hcl_edit::parser::parse_expr)
}

/// Parses template text (a templatefile or heredoc body), defusing traps in its interpolations.
pub fn template(src: &str) -> Result<Template, Error> {
    guarded(src, true, hcl_edit::parser::parse_template)
}

/// The most number literals beyond float64 one text may hold; each costs a parse.
const MAX_WIDE_NUMBERS: usize = 64;

/// Parses `src`, standing in for number literals hcl-edit refuses. hcl-edit keeps a number as an
/// f64 and refuses one that overflows it (`1e400`, 400 digits), where Terraform reads any
/// literal at 512 bits of precision. Where the parse fails inside such a literal, its digits
/// become zeros (same length, so every span still points at the original, from which the
/// number is read exactly) and the text is parsed again.
fn guarded<T>(src: &str, template: bool, parse: fn(&str) -> Result<T, Error>) -> Result<T, Error> {
    let mut text = match heredoc_ends(src, template) {
        Some(t) => std::borrow::Cow::Owned(t),
        None => std::borrow::Cow::Borrowed(src),
    };
    for _ in 0..MAX_WIDE_NUMBERS {
        match guarded_once(&text, template, parse) {
            Err(e) => match wide_number_at(&text, e.location().offset()) {
                Some(range) => {
                    let zeroed: String = text[range.clone()]
                        .chars()
                        .map(|c| if c.is_ascii_digit() { '0' } else { c })
                        .collect();
                    text.to_mut().replace_range(range, &zeroed);
                }
                None => return Err(e),
            },
            done => return done,
        }
    }
    guarded_once(&text, template, parse)
}

/// The byte range of the number literal around `at` when it is one f64 cannot hold.
fn wide_number_at(src: &str, at: usize) -> Option<std::ops::Range<usize>> {
    let b = src.as_bytes();
    let mut start = at.min(b.len());
    // Back to the first digit of the literal the error sits in: digits, `.`, an exponent mark
    // after a digit, and its sign.
    while start > 0 {
        let c = b[start - 1];
        let before = start.checked_sub(2).map(|i| b[i]);
        let part = c.is_ascii_digit()
            || c == b'.'
            || (matches!(c, b'e' | b'E') && before.is_some_and(|p| p.is_ascii_digit()))
            || (matches!(c, b'+' | b'-') && matches!(before, Some(b'e' | b'E')));
        if !part {
            break;
        }
        start -= 1;
    }
    while start < b.len() && !b[start].is_ascii_digit() {
        start += 1;
    }
    // A digit inside a name (`a1e400`) is not a number literal.
    if start > 0 && (b[start - 1].is_ascii_alphanumeric() || b[start - 1] == b'_') {
        return None;
    }
    let digits = |i: usize| i + b[i.min(b.len())..].iter().take_while(|c| c.is_ascii_digit()).count();
    let mut end = digits(start);
    if end == start {
        return None;
    }
    if b.get(end) == Some(&b'.') && b.get(end + 1).is_some_and(u8::is_ascii_digit) {
        end = digits(end + 1);
    }
    if matches!(b.get(end), Some(b'e' | b'E')) {
        let sign = usize::from(matches!(b.get(end + 1), Some(b'+' | b'-')));
        let exp = digits(end + 1 + sign);
        if exp > end + 1 + sign {
            end = exp;
        }
    }
    let wide = src[start..end].parse::<f64>().map_or(true, |f| f.is_infinite());
    (wide && end >= at).then_some(start..end)
}

fn guarded_once<T>(src: &str, template: bool, parse: fn(&str) -> Result<T, Error>) -> Result<T, Error> {
    match defused(src, template) {
        None => parse(src),
        Some(copy) => match parse(&copy) {
            Err(e) => Err(e),
            // The copy parsing means a replaced byte sat where the scan misjudged the context;
            // the original is then the only faithful reading.
            Ok(_) => parse(src),
        },
    }
}

/// `src` with every backtracking trap replaced by `@`, or None when it has none.
pub fn defused(src: &str, template: bool) -> Option<String> {
    let (at, in_comment, _) = scan(src, template);
    if at.is_empty() {
        return None;
    }
    let mut bytes = src.as_bytes().to_vec();
    for i in at {
        // Every trap is an ASCII byte, so the copy stays valid UTF-8; a trap at the end (the
        // text stops mid-expression) gets the byte appended, on a line of its own when the
        // text ends in a line comment (which would take the byte in).
        match bytes.get_mut(i) {
            Some(b) => *b = b'@',
            None => {
                if in_comment {
                    bytes.push(b'\n');
                }
                bytes.push(b'@');
            }
        }
    }
    String::from_utf8(bytes).ok()
}

#[derive(Clone, Copy, PartialEq)]
enum Prev {
    /// Something an operand can end with: a name, a number, a closing bracket or quote.
    Operand,
    Other,
}

enum Mode {
    /// Expression text; `braces` counts `{` opened here, `open` every bracket still open, and
    /// `interp` marks a `${`/`%{` sequence.
    Expr { braces: usize, open: usize, interp: bool },
    /// A quoted template string opened at the given offset.
    Quoted(usize),
    /// A heredoc's template lines, up to a line holding only its name; it opened at the first
    /// offset, its body starts at the second.
    Heredoc(String, usize, usize),
    /// A whole template file.
    Template,
}

/// Offsets of the lexemes that make hcl-edit backtrack: lone `&` and `|`, `!` after an operand
/// (not `!=`), a `<` where an operand belongs (the second one of a `<<` after an operand; `<<`
/// elsewhere starts a heredoc or fails with a cut), the opening quote of a string still open at
/// the end of the text, and the end itself (`src.len()`) when a bracket, interpolation or
/// heredoc is still open there.
pub fn traps(src: &str, template: bool) -> Vec<usize> {
    scan(src, template).0
}

/// A same-length edit of the text hcl-edit reads, so that it ends each heredoc where HCL does.
/// HCL ends a heredoc at the first line that, trimmed of spaces, is its name, the first body
/// line included. hcl-edit instead looks for a line break, spaces and the name followed by any
/// byte that cannot continue a name, and never at the first body line unless no such line
/// comes later. The body's text is read again from the original source when lowered.
#[derive(Debug, PartialEq)]
enum HeredocEdit {
    /// `<<NAME` (at the first offset) whose first body line (ending at the second) is its own
    /// end marker: the whole becomes `""` padded with spaces, line breaks kept.
    Empty(usize, usize),
    /// A body line starting with the name that is not an end marker for HCL: the byte at the
    /// offset (the name's first) is changed so hcl-edit does not take it as one either.
    NotEnd(usize),
}

/// `src` with the heredoc edits applied, or None when there are none.
fn heredoc_ends(src: &str, template: bool) -> Option<String> {
    let edits = scan(src, template).2;
    if edits.is_empty() {
        return None;
    }
    let mut bytes = src.as_bytes().to_vec();
    for e in edits {
        match e {
            HeredocEdit::Empty(from, to) => {
                for (k, b) in bytes[from..to].iter_mut().enumerate() {
                    if !matches!(*b, b'\n' | b'\r') {
                        *b = if k < 2 { b'"' } else { b' ' };
                    }
                }
            }
            HeredocEdit::NotEnd(at) => {
                bytes[at] = if bytes[at] == b'x' { b'y' } else { b'x' };
            }
        }
    }
    // Every byte replaced is ASCII or a whole run of a character's bytes, so this holds.
    String::from_utf8(bytes).ok()
}

/// The traps, whether the text ends inside a line comment, and the heredoc edits.
fn scan(src: &str, template: bool) -> (Vec<usize>, bool, Vec<HeredocEdit>) {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut edits = Vec::new();
    let mut stack = vec![if template {
        Mode::Template
    } else {
        Mode::Expr {
            braces: 0,
            open: 0,
            interp: false,
        }
    }];
    let mut prev = Prev::Other;
    let mut i = 0;
    let mut line_start = true;
    let mut in_comment = false;
    while i < b.len() {
        let c = b[i];
        let Some(mode) = stack.last_mut() else { break };
        match mode {
            Mode::Quoted(_) => match c {
                b'\\' => i += 2,
                b'"' => {
                    stack.pop();
                    prev = Prev::Operand;
                    i += 1;
                }
                b'$' | b'%' => i += template_open(b, i, &mut stack, &mut prev),
                _ => i += 1,
            },
            Mode::Heredoc(name, open_at, body) => {
                if line_start {
                    let end = src[i..].find('\n').map_or(b.len(), |n| i + n);
                    let line = src[i..end].trim();
                    let lead = src[i..end].len() - src[i..end].trim_start_matches([' ', '\t']).len();
                    let marker_like = src[i + lead..end]
                        .strip_prefix(name.as_str())
                        .is_some_and(|rest| !rest.starts_with(|c: char| c.is_alphanumeric() || c == '_'));
                    if line == name.as_str() && i == *body {
                        edits.push(HeredocEdit::Empty(*open_at, end));
                    } else if marker_like && line != name.as_str() {
                        edits.push(HeredocEdit::NotEnd(i + lead));
                    }
                    if line == name.as_str() {
                        stack.pop();
                        prev = Prev::Operand;
                        let text = &src[i..end];
                        i += text.len() - text.trim_start().len() + line.len();
                        line_start = false;
                        continue;
                    }
                }
                line_start = c == b'\n';
                i += match c {
                    b'$' | b'%' => template_open(b, i, &mut stack, &mut prev),
                    _ => 1,
                };
            }
            Mode::Template => {
                i += match c {
                    b'$' | b'%' => template_open(b, i, &mut stack, &mut prev),
                    _ => 1,
                };
            }
            Mode::Expr { braces, open, interp } => {
                line_start = false;
                match c {
                    b' ' | b'\t' | b'\r' => i += 1,
                    b'\n' => {
                        i += 1;
                        line_start = true;
                    }
                    b'#' => {
                        i = line_end(src, i);
                        in_comment = i == b.len();
                    }
                    b'/' if b.get(i + 1) == Some(&b'/') => {
                        i = line_end(src, i);
                        in_comment = i == b.len();
                    }
                    b'/' if b.get(i + 1) == Some(&b'*') => {
                        i = src[i + 2..].find("*/").map_or(b.len(), |n| i + n + 4);
                    }
                    b'"' => {
                        stack.push(Mode::Quoted(i));
                        i += 1;
                    }
                    b'<' if b.get(i + 1) == Some(&b'<') => match heredoc_name(src, i) {
                        Some((name, body)) => {
                            stack.push(Mode::Heredoc(name, i, body));
                            i = body;
                            line_start = true;
                        }
                        None => {
                            // After an operand that is the operator `<` and then a `<` where
                            // an operand belongs.
                            if prev == Prev::Operand {
                                out.push(i + 1);
                            }
                            prev = Prev::Other;
                            i += 2;
                        }
                    },
                    b'<' => {
                        // Where an operand belongs, a `<` sends hcl-edit after a heredoc, and
                        // that attempt backtracks.
                        if prev != Prev::Operand {
                            out.push(i);
                        }
                        prev = Prev::Other;
                        i += 1;
                    }
                    b'{' => {
                        *braces += 1;
                        *open += 1;
                        prev = Prev::Other;
                        i += 1;
                    }
                    b'}' => {
                        if *braces == 0 && *interp {
                            stack.pop();
                        } else {
                            *braces = braces.saturating_sub(1);
                            *open = open.saturating_sub(1);
                            prev = Prev::Operand;
                        }
                        i += 1;
                    }
                    b'&' | b'|' => {
                        if b.get(i + 1) == Some(&c) {
                            i += 2;
                        } else {
                            out.push(i);
                            i += 1;
                        }
                        prev = Prev::Other;
                    }
                    b'!' => {
                        if b.get(i + 1) == Some(&b'=') {
                            i += 2;
                        } else {
                            if prev == Prev::Operand {
                                out.push(i);
                            }
                            i += 1;
                        }
                        prev = Prev::Other;
                    }
                    b'(' | b'[' => {
                        *open += 1;
                        prev = Prev::Other;
                        i += 1;
                    }
                    b')' | b']' => {
                        *open = open.saturating_sub(1);
                        prev = Prev::Operand;
                        i += 1;
                    }
                    c if c.is_ascii_alphanumeric() || c == b'_' => {
                        let start = i;
                        while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'-') {
                            i += 1;
                        }
                        let word = &src[start..i];
                        // A name takes in a trailing `-` (`a-` is one identifier, as in HCL),
                        // but a number ends before it, leaving a minus sign; a keyword is
                        // followed by an expression. Neither of the last two is an operand.
                        let keyword = matches!(word, "if" | "in" | "for" | "else" | "endif" | "endfor");
                        let minus = word.ends_with('-') && word.starts_with(|c: char| c.is_ascii_digit());
                        prev = if keyword || minus { Prev::Other } else { Prev::Operand };
                    }
                    _ => {
                        prev = Prev::Other;
                        i += 1;
                    }
                }
            }
        }
    }
    match stack.last() {
        Some(Mode::Quoted(open)) => out.push(*open),
        // The text ends inside a bracket, interpolation or heredoc: the parser would meet the
        // end where a term or closer belongs, and the end of input backtracks too.
        Some(Mode::Expr { open, interp, .. }) if *open > 0 || *interp => out.push(src.len()),
        // The opening `<<` is where a cut can be forced: the heredoc's text would take in a byte
        // appended at the end.
        Some(Mode::Heredoc(_, at, _)) => out.push(*at),
        _ => {}
    }
    (out, in_comment, edits)
}

/// At a `$` or `%` inside template text: enters an interpolation or directive when one opens
/// here (not the `$${`/`%%{` escapes) and returns how many bytes were consumed.
fn template_open(b: &[u8], i: usize, stack: &mut Vec<Mode>, prev: &mut Prev) -> usize {
    let c = b[i];
    if b.get(i + 1) == Some(&c) && b.get(i + 2) == Some(&b'{') {
        return 3;
    }
    if b.get(i + 1) == Some(&b'{') {
        stack.push(Mode::Expr {
            braces: 0,
            open: 0,
            interp: true,
        });
        *prev = Prev::Other;
        return 2;
    }
    1
}

fn line_end(src: &str, i: usize) -> usize {
    src[i..].find('\n').map_or(src.len(), |n| i + n)
}

/// For `<<NAME` or `<<-NAME` followed by a line break at `i`: the name and where its body starts.
fn heredoc_name(src: &str, i: usize) -> Option<(String, usize)> {
    let head = &src[i + 2..];
    let head = head.strip_prefix('-').unwrap_or(head);
    let name: String = head
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
        .collect();
    if name.is_empty() {
        return None;
    }
    let after = src.len() - head.len() + name.len();
    let rest = &src[after..];
    let nl = if rest.starts_with("\r\n") {
        2
    } else if rest.starts_with('\n') {
        1
    } else {
        return None;
    };
    Some((name, after + nl))
}

#[cfg(test)]
mod tests {
    use super::{defused, traps};

    #[test]
    fn finds_only_the_lexemes_that_backtrack() {
        let cases: &[(&str, &[usize])] = &[
            ("a && b || !c", &[]),
            ("a & b", &[2]),
            ("(a | b)", &[3]),
            ("a != b", &[]),
            ("a ! b", &[2]),
            ("x(1) !y", &[5]),
            ("[for x in xs: !x if !x]", &[]),
            ("[for x in !xs: x]", &[]),
            ("a - !b", &[]),
            ("a-!b", &[2]),
            ("1-!b", &[]),
            ("\"a & b ! c\"", &[]),
            ("\"${a & b}\"", &[5]),
            ("\"%{ if !a }x%{ endif }\"", &[]),
            ("\"abc", &[0]),
            ("(a * b", &[6]),
            ("{a = [1", &[7]),
            ("\"${a", &[4]),
            ("<<EOT\nx\n", &[0]),
            ("f(a)[0]", &[]),
            ("f(\"abc\n)", &[2]),
            ("\"a\nb\" & c", &[6]),
            ("\"a\\\"b\" & c", &[7]),
            ("# a & b\nc", &[]),
            ("/* a & b */ c", &[]),
            ("<<EOT\na & b ! c\nEOT\n", &[]),
            ("<<-EOT\n  ${a & b}\n  EOT\n", &[13]),
            ("<<EOT\nx\nEOT\n& y", &[12]),
            ("{a = 1} ! b", &[8]),
            ("\"$${a & b}\"", &[]),
            ("(<1)", &[1]),
            ("a < b", &[]),
            ("(a) < \"b\"", &[]),
            ("1 + <2", &[4]),
            ("1<<2", &[2]),
            ("(<<2)", &[]),
            ("(# c", &[4]),
        ];
        for (src, want) in cases {
            assert_eq!(traps(src, false), *want, "{src:?}");
        }
        assert_eq!(traps("a & ${b & c}", true), vec![8]);
        // The byte that ends the text goes on a line of its own after a line comment.
        assert_eq!(defused("(# c", false).as_deref(), Some("(# c\n@"));
        assert_eq!(defused("(a", false).as_deref(), Some("(a@"));
    }
}
