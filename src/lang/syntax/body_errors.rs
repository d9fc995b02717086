//! Parse errors in a configuration body, worded as HCL's body parser words them. hcl-edit
//! reports where it stopped; a light structural scan of the body (items, blocks, where each
//! argument's expression ends) finds the item HCL refuses and why.

/// A problem: summary, detail and byte offset.
pub type Problem = (&'static str, &'static str, usize);

const NEED_ITEM: &str = "Argument or block definition required";
const NEED_ITEM_DETAIL: &str = "An argument or block definition is required here.";
const NEED_EQUALS_DETAIL: &str =
    "An argument or block definition is required here. To set an argument, use the equals sign \"=\" to introduce the argument value.";

const MISSING_NEWLINE: &str = "Missing newline after argument";
const MISSING_NEWLINE_DETAIL: &str = "An argument definition must end with a newline.";

/// Where a second item starts on an argument's line: the longest head of `text` that is a whole
/// expression, followed by blanks and a name, number or quoted string (no operator can join the
/// two). None when there is no such split (the error is inside the expression), or when finding
/// it would take more than [`SPLIT_WORK`] times the text's length in parsing: each head tried
/// is parsed whole, so trying every one of a long line's words was quadratic (a line of 8,000
/// `false ? 0 :` links took 27 s).
fn next_item_on_line(text: &str) -> Option<usize> {
    let b = text.as_bytes();
    let mut work = SPLIT_WORK.saturating_mul(b.len()).max(SPLIT_WORK_MIN);
    (1..b.len())
        .rev()
        .filter(|&k| matches!(b[k - 1], b' ' | b'\t') && !matches!(b[k], b' ' | b'\t'))
        .filter(|&k| b[k].is_ascii_alphanumeric() || b[k] == b'_' || b[k] == b'"')
        .take_while(|&k| match work.checked_sub(k) {
            Some(left) => {
                work = left;
                true
            }
            None => false,
        })
        .find(|&k| crate::lang::syntax::parse_expr(text[..k].trim_end()).is_ok())
}

/// How many times its own length in heads [`next_item_on_line`] parses before it gives up.
const SPLIT_WORK: usize = 16;
/// ... and at least this many bytes, so a short line tries every head.
const SPLIT_WORK_MIN: usize = 1 << 16;

/// True for the parser's refusals of what it cannot take (nesting, operator chains): no head of
/// such an expression is worth parsing either.
fn refused_by_limit(d: &crate::lang::syntax::diag::Diag) -> bool {
    matches!(d.summary.as_str(), "Expression too deeply nested" | "Too many chained operators")
}

/// The first body item of `src` that HCL's body parser refuses, or None when the scan finds
/// none (the problem is then inside an expression, for the expression classifier).
pub fn problem(src: &str) -> Option<Problem> {
    let b = src.as_bytes();
    let mut i = 0;
    let mut depth = 0usize;
    loop {
        i = skip_blank(b, i)?;
        let Some(&c) = b.get(i) else {
            // The file ends inside a block: HCL wants another item there.
            return (depth > 0).then_some((NEED_ITEM, NEED_ITEM_DETAIL, src.len()));
        };
        match c {
            b'}' if depth > 0 => {
                depth -= 1;
                i += 1;
            }
            b'"' => return Some(("Invalid argument name", "Argument names must not be quoted.", i)),
            c if c.is_ascii_alphabetic() || c == b'_' || c >= 0x80 => {
                let start = i;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'-' || b[i] >= 0x80) {
                    i += 1;
                }
                while matches!(b.get(i), Some(b' ' | b'\t')) {
                    i += 1;
                }
                match b.get(i) {
                    Some(b'=') if b.get(i + 1) != Some(&b'=') => {
                        let end = expression_end(src, i + 1)?;
                        // An expression that does not parse is the first problem, and not
                        // the body's.
                        let text = src[i + 1..end].trim();
                        let commented = text.contains('#') || text.contains("//") || text.contains("/*");
                        let parsed = if commented {
                            Ok(())
                        } else {
                            crate::lang::syntax::parse_expr(text).map(|_| ())
                        };
                        if let Err(d) = parsed {
                            if refused_by_limit(&d) {
                                return None;
                            }
                            // `a = 1 b = 2`: HCL's parser takes the whole expression `1` and then
                            // wants the line to end.
                            let lead = src[i + 1..end].len() - src[i + 1..end].trim_start().len();
                            return next_item_on_line(text).map(|k| (MISSING_NEWLINE, MISSING_NEWLINE_DETAIL, i + 1 + lead + k));
                        }
                        i = end;
                    }
                    Some(b'{') => {
                        depth += 1;
                        i += 1;
                    }
                    // Labels: a block header the scan leaves to the other classifiers.
                    Some(b'"') => return None,
                    Some(c) if c.is_ascii_alphabetic() || *c == b'_' => return None,
                    _ => return Some((NEED_ITEM, NEED_EQUALS_DETAIL, start)),
                }
            }
            _ => return Some((NEED_ITEM, NEED_ITEM_DETAIL, i)),
        }
    }
}

/// Skips spaces, line breaks and comments; None inside an unclosed `/*` comment.
fn skip_blank(b: &[u8], mut i: usize) -> Option<usize> {
    loop {
        match b.get(i) {
            Some(b' ' | b'\t' | b'\r' | b'\n') => i += 1,
            Some(b'#') => i = line_end(b, i),
            Some(b'/') if b.get(i + 1) == Some(&b'/') => i = line_end(b, i),
            Some(b'/') if b.get(i + 1) == Some(&b'*') => {
                let close = b[i + 2..].windows(2).position(|w| w == b"*/")?;
                i += close + 4;
            }
            _ => return Some(i),
        }
    }
}

fn line_end(b: &[u8], i: usize) -> usize {
    b[i..].iter().position(|&c| c == b'\n').map_or(b.len(), |n| i + n)
}

/// Where the expression starting at `i` ends: the line break (or `}`) after it at bracket
/// depth zero. None when the scan cannot tell (an unclosed string, heredoc or bracket).
fn expression_end(src: &str, mut i: usize) -> Option<usize> {
    let b = src.as_bytes();
    let mut depth = 0usize;
    while let Some(&c) = b.get(i) {
        match c {
            b'\n' if depth == 0 => return Some(i),
            b'}' | b')' | b']' if depth == 0 => return Some(i),
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth -= 1,
            b'"' => {
                i = quoted_end(b, i)?;
                continue;
            }
            b'#' => {
                i = line_end(b, i);
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                i = line_end(b, i);
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i = skip_blank(b, i)?;
                continue;
            }
            b'<' if b.get(i + 1) == Some(&b'<') => {
                if let Some(end) = heredoc_end(src, i) {
                    i = end;
                    continue;
                }
                i += 2;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    (depth == 0).then_some(b.len())
}

/// Just past the quoted string opening at `i`; None when a line ends first.
fn quoted_end(b: &[u8], mut i: usize) -> Option<usize> {
    i += 1;
    let mut depth = 0usize;
    while let Some(&c) = b.get(i) {
        match c {
            b'\\' => i += 1,
            b'$' | b'%' if b.get(i + 1) == Some(&c) && b.get(i + 2) == Some(&b'{') => i += 2,
            b'$' | b'%' if b.get(i + 1) == Some(&b'{') => {
                depth += 1;
                i += 1;
            }
            b'}' if depth > 0 => depth -= 1,
            b'"' if depth == 0 => return Some(i + 1),
            b'\n' if depth == 0 => return None,
            _ => {}
        }
        i += 1;
    }
    None
}

/// Just past the end marker of the heredoc opening at `i` (`<<NAME` or `<<-NAME` and a line
/// break); None when it is not one or never ends.
fn heredoc_end(src: &str, i: usize) -> Option<usize> {
    let head = &src[i + 2..];
    let head = head.strip_prefix('-').unwrap_or(head);
    let name: String = head.chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '-').collect();
    if name.is_empty() {
        return None;
    }
    let after = src.len() - head.len() + name.len();
    let rest = &src[after..];
    let body = after
        + rest
            .strip_prefix("\r\n")
            .or_else(|| rest.strip_prefix('\n'))
            .map(|r| rest.len() - r.len())?;
    let mut pos = body;
    for line in src[body..].split_inclusive('\n') {
        if line.trim() == name {
            return Some(pos + line.trim_end_matches(['\n', '\r']).len());
        }
        pos += line.len();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::problem;

    #[test]
    fn finds_the_item_hcl_refuses() {
        assert_eq!(
            problem("locals {\n  x = 1\n  EOT\n}\n").map(|p| (p.0, p.2)),
            Some(("Argument or block definition required", 19))
        );
        assert_eq!(problem("locals {\n  \"a\" = 1\n}\n").map(|p| p.0), Some("Invalid argument name"));
        assert_eq!(problem("x = [\n  1,\n]\ny = <<EOT\n}\nEOT\n"), None);
        assert_eq!(
            problem("locals {\n  x = 1\n"),
            Some((
                "Argument or block definition required",
                "An argument or block definition is required here.",
                17
            ))
        );
        assert_eq!(problem("a = 1\n}\n").map(|p| p.2), Some(6));
    }
}
