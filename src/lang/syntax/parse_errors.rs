//! Maps hcl-edit's parse errors onto the summaries and details HCL's own parser gives, so that
//! a syntax error reads as it does in Terraform. hcl-edit reports where it stopped and what it
//! expected; a light scan of the source (strings, escapes, template directives, brackets)
//! recovers which of HCL's diagnostics that is.

use crate::lang::syntax::diag::Diag;

/// The deepest nesting of brackets and interpolations accepted (Terraform's parser takes more;
/// this keeps the recursive evaluator far from the stack's end even in a debug build's 2 MiB
/// test threads).
pub const MAX_NESTING: usize = 48;

/// HCL's detail for a quoted string that runs over a line break.
pub const MULTI_LINE_DETAIL: &str = "Quoted strings may not be split over multiple lines. To produce a multi-line string, either use the \\n escape to represent a newline character or use the \"heredoc\" multi-line template syntax.";

/// The diagnostic for a parse error that hcl-edit reported at byte `offset` of `src`.
pub fn diag(src: &str, offset: usize, message: &str) -> Diag {
    located(src, offset, message, false)
}

/// [`diag`] for a parse error in a lone expression (the console's input), where input that
/// stops after an operator or an opening bracket is "Missing expression" (in a file, a `{` at
/// the end opens a block instead).
pub fn expr_diag(src: &str, offset: usize, message: &str) -> Diag {
    located(src, offset, message, true)
}

fn located(src: &str, offset: usize, message: &str, expr: bool) -> Diag {
    let offset = floor_char(src, offset.min(src.len()));
    let (summary, detail, at) = classify(src, offset, message, expr);
    let at = floor_char(src, at.min(src.len()));
    let end = src[at..].chars().next().map(|c| at + c.len_utf8()).unwrap_or(at);
    Diag::new(summary, detail).at(&(at..end))
}

/// The diagnostic for a parse error hcl-edit reported at byte `offset` of a configuration
/// body: a lexical problem first, then what HCL's body parser refuses, then as an expression.
pub fn body_diag(src: &str, offset: usize, message: &str) -> Diag {
    if lexical_problem(src).is_none()
        && let Some((summary, detail, at)) = crate::lang::syntax::body_errors::problem(src)
    {
        let at = floor_char(src, at.min(src.len()));
        let end = src[at..].chars().next().map(|c| at + c.len_utf8()).unwrap_or(at);
        return Diag::new(summary, detail).at(&(at..end));
    }
    diag(src, offset, message)
}

/// The diagnostic for a parse error in a template file (its text is template, not expression).
pub fn template_diag(src: &str, offset: usize, message: &str) -> Diag {
    let offset = floor_char(src, offset.min(src.len()));
    let (summary, detail, at) = if let Some(open) = unclosed_interpolation(src) {
        // HCL 2.11 and later; parse_releases words it as older releases did.
        found(UNCLOSED_INTERPOLATION, UNCLOSED_INTERPOLATION_EOF, open)
    } else {
        match scan_template_text(src) {
            Err(f) => f,
            Ok(()) => interpolated_operator(src, true).unwrap_or_else(|| classify_no_lex(src, offset, message)),
        }
    };
    let at = floor_char(src, at.min(src.len()));
    // HCL points at the whole `${` it could not close.
    let end = if summary == UNCLOSED_INTERPOLATION {
        (at + 2).min(src.len())
    } else {
        at
    };
    Diag::new(summary, detail).at(&(at..end))
}

fn unclosed_interpolation(src: &str) -> Option<usize> {
    let b = src.as_bytes();
    let mut i = 0;
    let mut open = None;
    let mut depth = 0usize;
    while i < b.len() {
        if (b[i] == b'$' || b[i] == b'%') && b.get(i + 1) == Some(&b'{') && !(i > 0 && b[i - 1] == b[i]) {
            if depth == 0 {
                open = Some(i);
            }
            depth += 1;
            i += 2;
            continue;
        }
        if b[i] == b'}' && depth > 0 {
            depth -= 1;
            if depth == 0 {
                open = None;
            }
        }
        i += 1;
    }
    if depth > 0 { open } else { None }
}

/// Checks directive balance over a whole template text, as if it were one quoted string.
fn scan_template_text(src: &str) -> Result<(), Found> {
    let wrapped = format!("\"{}\"", src.replace(['\n', '\\', '"'], " "));
    scan_string(&wrapped, 0).map_err(|(s, d, at)| (s, d, at.saturating_sub(1)))
}

fn classify_no_lex(_src: &str, offset: usize, message: &str) -> Found {
    found("Invalid template", &format!("The template could not be parsed: {message}."), offset)
}

fn floor_char(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

type Found = (String, String, usize);

fn found(summary: &str, detail: &str, at: usize) -> Found {
    (summary.to_string(), detail.to_string(), at)
}

fn classify(src: &str, offset: usize, message: &str, expr: bool) -> Found {
    if let Some(f) = lexical_problem(src).or_else(|| interpolated_operator(src, false)) {
        return f;
    }
    if nesting_depth(src) > MAX_NESTING || message.contains("nesting") {
        return found(
            "Expression too deeply nested",
            "This expression nests brackets, parentheses or templates more than 48 levels deep; iacquiz refuses it rather than risk running out of stack.",
            offset,
        );
    }
    // hcl-edit builds a chain of binary operators as one tree level per operator and refuses
    // more than 128 on any path; HCL itself has no such limit, so the message is ours. (A
    // chain at the top of an expression gets further: see `long_chain`.)
    if message.contains("chained binary operators") {
        return found(
            "Too many chained operators",
            "This expression chains more than 128 binary operators inside brackets, a call or a template (those of its operands included); iacquiz's HCL parser refuses it, although Terraform has no such limit. Add long runs of terms with a function instead, such as sum([1, 2, 3]).",
            offset,
        );
    }
    if message.contains("redefined attribute") {
        let name: String = src[offset..]
            .trim_start()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '-')
            .collect();
        return found(
            "Attribute redefined",
            &format!("The argument {name:?} was already set. Each argument may be set only once."),
            offset,
        );
    }
    // Input that stops where an operand belongs: HCL (2.11 and later) says so before naming
    // any bracket left open.
    if expr
        && let Some(tail) = operand_wanted_at_end(src)
        && src.get(offset.min(tail)..tail).is_some_and(|gap| gap.trim().is_empty())
    {
        return found(MISSING_EXPRESSION, MISSING_EXPRESSION_DETAIL, src.len());
    }
    // Brackets still open at the end of the input: HCL names the construct left unterminated.
    let eof = context(src);
    if !eof.in_interp {
        match eof.open.last().map(|o| (o.0, o.1, o.2)) {
            Some(('[', at, _)) => {
                return found(
                    "Unterminated tuple constructor expression",
                    "There is no corresponding closing bracket before the end of the file. This may be caused by incorrect bracket nesting elsewhere in this file.",
                    at,
                );
            }
            Some(('{', at, _)) => {
                return found(
                    "Unterminated object constructor expression",
                    "There is no corresponding closing brace before the end of the file. This may be caused by incorrect bracket nesting elsewhere in this file.",
                    at,
                );
            }
            Some(('(', at, true)) => {
                return found(
                    "Unterminated function call",
                    "There is no closing parenthesis for this function call before the end of the file. This may be caused by incorrect parenthesis nesting elsewhere in this file.",
                    at,
                );
            }
            Some(('(', _, false)) => {
                return found(
                    "Unbalanced parentheses",
                    "Expected a closing parenthesis to terminate the expression.",
                    offset,
                );
            }
            _ => {}
        }
    }
    let rest = &src[offset..];
    let ctx = context(&src[..offset]);
    let at_end = rest.trim().is_empty() || rest.trim_start().starts_with('#') || rest.trim_start().starts_with("//");
    if at_end {
        match ctx.open.last().map(|o| o.0) {
            Some('[') => {
                return found(
                    "Unterminated tuple constructor expression",
                    "There is no corresponding closing bracket before the end of the file. This may be caused by incorrect bracket nesting elsewhere in this file.",
                    ctx.open.last().map(|o| o.1).unwrap_or(0),
                );
            }
            Some('{') => {
                return found(
                    "Unterminated object constructor expression",
                    "There is no corresponding closing brace before the end of the file. This may be caused by incorrect bracket nesting elsewhere in this file.",
                    ctx.open.last().map(|o| o.1).unwrap_or(0),
                );
            }
            Some('(') if ctx.open.last().is_some_and(|o| o.2) => {
                return found(
                    "Unterminated function call",
                    "There is no closing parenthesis for this function call before the end of the file. This may be caused by incorrect parenthesis nesting elsewhere in this file.",
                    ctx.open.last().map(|o| o.1).unwrap_or(0),
                );
            }
            Some('(') => {
                return found(
                    "Unbalanced parentheses",
                    "Expected a closing parenthesis to terminate the expression.",
                    offset,
                );
            }
            _ => {}
        }
    }
    let in_for = ctx.open.last().is_some_and(|o| o.3);
    let innermost = ctx.open.last().map(|o| o.0);
    if message.starts_with("expected `:`") {
        if in_for && !ctx.question {
            return found(
                "Invalid 'for' expression",
                "For expression requires a colon after the collection expression.",
                offset,
            );
        }
        return found(
            "Missing false expression in conditional",
            "The conditional operator (...?...:...) requires a false expression, delimited by a colon.",
            offset,
        );
    }
    if message.starts_with("expected `=>`") && in_for {
        return found(
            "Invalid 'for' expression",
            "Key expression is required when building an object.",
            offset,
        );
    }
    if message.starts_with("expected `]`") {
        if in_for {
            if rest.trim_start().starts_with("=>") {
                return found(
                    "Invalid 'for' expression",
                    "Key expression is not valid when building a tuple.",
                    offset,
                );
            }
            if rest.trim_start().starts_with("...") {
                return found(
                    "Invalid 'for' expression",
                    "Grouping ellipsis (...) cannot be used when building a tuple.",
                    offset,
                );
            }
            // A second `if` clause, or anything else after the condition.
            return found(
                "Invalid 'for' expression",
                "Extra characters after the end of the 'for' expression.",
                offset,
            );
        }
        if src[..offset].trim_end().ends_with("[*") {
            return found(
                "Missing close bracket on splat index",
                "The star for a full splat operator must be immediately followed by a closing bracket (\"]\").",
                offset,
            );
        }
        if innermost == Some('[') && !ctx.open.last().is_some_and(|o| o.4) {
            return found(
                "Missing item separator",
                "Expected a comma to mark the beginning of the next item.",
                offset,
            );
        }
        return found(
            "Missing close bracket on index",
            "The index operator must end with a closing bracket (\"]\").",
            offset,
        );
    }
    if message.starts_with("expected `)` or expression") || message.starts_with("expected `)`") {
        if src[..offset].trim_end().ends_with("...") {
            return found(
                "Missing closing parenthesis",
                "An expanded function argument (with ...) must be immediately followed by closing parentheses.",
                offset,
            );
        }
        if ctx.open.last().is_some_and(|o| o.2) {
            return found(
                "Missing argument separator",
                "A comma is required to separate each function argument from the next.",
                offset,
            );
        }
        return found(
            "Unbalanced parentheses",
            "Expected a closing parenthesis to terminate the expression.",
            offset,
        );
    }
    if message.starts_with("expected `}`") && ctx.in_interp {
        return found(
            "Extra characters after interpolation expression",
            "Expected a closing brace to end the interpolation expression, but found extra characters.",
            offset,
        );
    }
    if message.starts_with("invalid traversal operator") {
        return found("Invalid attribute name", "An attribute name is required after a dot.", offset);
    }
    if message.starts_with("invalid object item") {
        return found(
            "Missing attribute separator",
            "Expected a newline or comma to mark the beginning of the next attribute.",
            offset,
        );
    }
    if message.starts_with("invalid object value assignment") {
        return found(
            "Missing key/value separator",
            "Expected an equals sign (\"=\") to mark the beginning of the attribute value.",
            offset,
        );
    }
    if message.contains("expected `in`") || (in_for && message.starts_with("expected")) {
        return found(
            "Invalid 'for' expression",
            "For expression requires the 'in' keyword after its name declarations.",
            offset,
        );
    }
    // A complete expression followed by something else.
    let before = src[..offset].trim();
    let t = rest.trim_start();
    let rest_at = offset + (rest.len() - t.len());
    if !before.is_empty() && crate::lang::syntax::parse_guard::expr(before).is_ok() {
        if let Some(after_dot) = t.strip_prefix('.').filter(|_| !t.starts_with("...")) {
            let next = after_dot.chars().next();
            if before.ends_with(|c: char| c.is_ascii_digit()) && next.is_some_and(|c| c == '.' || c.is_ascii_digit()) {
                return found(
                    "Invalid number literal",
                    "Failed to recognize the value of this number literal.",
                    offset,
                );
            }
            if !next.is_some_and(|c| c.is_alphabetic() || c == '_' || c == '*' || c.is_ascii_digit()) {
                return found("Invalid attribute name", "An attribute name is required after a dot.", rest_at);
            }
        }
        return found(
            "Extra characters after expression",
            "An expression was successfully parsed, but extra characters were found after it.",
            rest_at,
        );
    }
    if let Some(after_dot) = t.strip_prefix('.').filter(|_| !before.is_empty())
        && !after_dot.starts_with(|c: char| c.is_alphabetic() || c == '_' || c == '*')
    {
        return found("Invalid attribute name", "An attribute name is required after a dot.", rest_at);
    }
    if rest.trim().is_empty() {
        return found(
            "Invalid expression",
            "Expected the start of an expression, but found the end of the file.",
            offset,
        );
    }
    found(
        "Invalid expression",
        "Expected the start of an expression, but found an invalid expression token.",
        offset,
    )
}

/// What is open at a point: brackets (char, offset, is a call, is a for, is an index), whether
/// a `?` is pending at the innermost level, and whether we are inside `${`.
struct Ctx {
    open: Vec<(char, usize, bool, bool, bool)>,
    question: bool,
    in_interp: bool,
}

fn context(s: &str) -> Ctx {
    let mut open: Vec<(char, usize, bool, bool, bool)> = Vec::new();
    let mut questions: Vec<bool> = vec![false];
    let mut in_interp = false;
    let b = s.as_bytes();
    let mut i = 0;
    let mut in_str = false;
    while i < b.len() {
        let c = b[i] as char;
        if in_str {
            match c {
                '\\' => i += 1,
                '"' => in_str = false,
                '$' if b.get(i + 1) == Some(&b'{') => {
                    in_interp = true;
                    open.push(('{', i, false, false, false));
                    questions.push(false);
                    in_str = false;
                    i += 1;
                }
                _ => {}
            }
            i += 1;
            continue;
        }
        match c {
            '"' => in_str = true,
            '[' | '{' | '(' => {
                let prev = s[..i].trim_end();
                let is_call = c == '(' && prev.ends_with(|ch: char| ch.is_alphanumeric() || ch == '_');
                let is_index = c == '['
                    && prev.ends_with(|ch: char| ch.is_alphanumeric() || ch == '_' || ch == ']' || ch == ')' || ch == '}' || ch == '"');
                let is_for = s[i + 1..].trim_start().starts_with("for ");
                open.push((c, i, is_call, is_for, is_index));
                questions.push(false);
            }
            ']' | ')' => {
                open.pop();
                questions.pop();
            }
            '}' => {
                open.pop();
                questions.pop();
                if in_interp && !open.iter().any(|o| o.0 == '{') {
                    in_interp = false;
                    in_str = true;
                }
            }
            '?' => {
                if let Some(q) = questions.last_mut() {
                    *q = true;
                }
            }
            ':' => {
                if let Some(q) = questions.last_mut() {
                    *q = false;
                }
            }
            _ => {}
        }
        i += 1;
    }
    Ctx {
        open,
        question: questions.last().copied().unwrap_or(false),
        in_interp,
    }
}

/// The first problem HCL's scanner itself reports: bad characters, bad escapes, unterminated
/// strings and unbalanced template directives.
fn lexical_problem(s: &str) -> Option<Found> {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = s[i..].chars().next()?;
        match c {
            '"' => {
                if let Err(f) = scan_string(s, i) {
                    return Some(f);
                }
                i = skip_string(s, i);
                continue;
            }
            '<' if s[i..].starts_with("<<") => {
                // Heredocs: skip to the closing delimiter line.
                let head = &s[i + 2..];
                let head = head.strip_prefix('-').unwrap_or(head);
                let name: String = head
                    .chars()
                    .take_while(|ch| ch.is_alphanumeric() || *ch == '_' || *ch == '-')
                    .collect();
                // HCL's scanner starts a heredoc only at `<<`, an identifier and a newline:
                // `c<<d)` is two `<` and an operand missing.
                let after = &head[name.len()..];
                let starts = !name.is_empty() && (after.starts_with('\n') || after.starts_with("\r\n"));
                if !starts {
                    i += 1;
                    continue;
                }
                if let Some(nl) = s[i..].find('\n') {
                    let body_start = i + nl + 1;
                    let mut pos = body_start;
                    let mut end = s.len();
                    let mut closed = false;
                    for line in s[body_start..].split_inclusive('\n') {
                        if line.trim() == name && !name.is_empty() {
                            end = pos + line.len();
                            closed = true;
                            break;
                        }
                        pos += line.len();
                    }
                    if !closed && !name.is_empty() {
                        return Some(found(
                            "Unterminated template string",
                            "No closing marker was found for the string.",
                            s.len(),
                        ));
                    }
                    i = end;
                    continue;
                }
            }
            '#' => {
                i = s[i..].find('\n').map(|n| i + n).unwrap_or(s.len());
                continue;
            }
            '/' if s[i..].starts_with("//") => {
                i = s[i..].find('\n').map(|n| i + n).unwrap_or(s.len());
                continue;
            }
            '/' if s[i..].starts_with("/*") => {
                i = s[i + 2..].find("*/").map(|n| i + n + 4).unwrap_or(s.len());
                continue;
            }
            '\'' => {
                return Some(found(
                    "Invalid character",
                    "Single quotes are not valid. Use double quotes (\") to enclose strings.",
                    i,
                ));
            }
            '`' => {
                return Some(found(
                    "Invalid character",
                    "The \"`\" character is not valid. To create a multi-line string, use the \"heredoc\" syntax, like \"<<EOT\".",
                    i,
                ));
            }
            ';' => {
                return Some(found(
                    "Invalid character",
                    "The \";\" character is not valid. Use newlines to separate arguments and blocks, and commas to separate items in collection values.",
                    i,
                ));
            }
            '~' => {
                return Some(found(
                    "Unsupported operator",
                    "Bitwise operators are not supported. Did you mean boolean NOT (\"!\")?",
                    i,
                ));
            }
            '&' if !s[i..].starts_with("&&") && !s[..i].ends_with('&') => return Some(bitwise(b'&', i)),
            '|' if !s[i..].starts_with("||") && !s[..i].ends_with('|') => return Some(bitwise(b'|', i)),
            '^' => return Some(found("Unsupported operator", "Bitwise operators are not supported.", i)),
            '@' | '$' | '\\' => return Some(found("Invalid character", "This character is not used within the language.", i)),
            _ => {}
        }
        i += c.len_utf8();
    }
    None
}

/// A lone `&` or `|` inside an interpolation or directive, which the scan above skips with the
/// string around it.
fn interpolated_operator(s: &str, template: bool) -> Option<Found> {
    crate::lang::syntax::parse_guard::traps(s, template)
        .into_iter()
        .find_map(|i| match s.as_bytes().get(i) {
            Some(&c @ (b'&' | b'|')) => Some(bitwise(c, i)),
            _ => None,
        })
}

/// HCL's diagnostic for a lone `&` or `|` at `at`.
fn bitwise(op: u8, at: usize) -> Found {
    let (name, twice) = if op == b'&' { ("AND", "&&") } else { ("OR", "||") };
    found(
        "Unsupported operator",
        &format!("Bitwise operators are not supported. Did you mean boolean {name} (\"{twice}\")?"),
        at,
    )
}

fn skip_string(s: &str, start: usize) -> usize {
    let b = s.as_bytes();
    let mut i = start + 1;
    let mut depth = 0usize;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            b'$' | b'%' if s[i..].starts_with("$${") || s[i..].starts_with("%%{") => i += 2,
            b'$' | b'%' if b.get(i + 1) == Some(&b'{') => {
                depth += 1;
                i += 1;
            }
            b'}' if depth > 0 => depth -= 1,
            b'"' if depth == 0 => return i + 1,
            b'\n' if depth == 0 => return i,
            _ => {}
        }
        i += 1;
    }
    s.len()
}

fn position(s: &str, at: usize) -> (usize, usize) {
    let before = &s[..at.min(s.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map(|l| l.chars().count()).unwrap_or(0) + 1;
    (line, col)
}

fn range_text(s: &str, start: usize, end: usize) -> String {
    let (l1, c1) = position(s, start);
    let (l2, c2) = position(s, end);
    if l1 == l2 {
        format!("<console-input>:{l1},{c1}-{c2}")
    } else {
        format!("<console-input>:{l1},{c1}-{l2},{c2}")
    }
}

/// Checks one quoted string: escapes, termination, directive balance.
fn scan_string(s: &str, start: usize) -> Result<(), Found> {
    let b = s.as_bytes();
    let mut i = start + 1;
    let mut stack: Vec<(&str, usize, usize)> = Vec::new();
    let mut depth = 0usize;
    // Where the interpolation being scanned opened (its `${`).
    let mut interp_at = start;
    while i < b.len() {
        let c = b[i];
        if depth > 0 {
            match c {
                b'{' => depth += 1,
                b'}' => depth -= 1,
                // A quote right after a complete operand cannot start an operand: HCL takes it
                // as the string's end, reached with the interpolation still open.
                b'"' if depth == 1 && ends_operand(&s[interp_at + 2..i]) => {
                    return Err(found(UNCLOSED_INTERPOLATION, UNCLOSED_INTERPOLATION_QUOTED, interp_at));
                }
                b'"' => {
                    // A nested string inside an interpolation.
                    scan_string(s, i)?;
                    i = skip_string(s, i);
                    continue;
                }
                _ => {}
            }
            i += 1;
            continue;
        }
        match c {
            b'"' => {
                return match stack.last() {
                    Some((kw, a, z)) => Err((
                        "Unexpected end of template".into(),
                        format!(
                            "The {kw} directive at {} is missing its corresponding end{kw} directive.",
                            range_text(s, *a, *z)
                        ),
                        i,
                    )),
                    None => Ok(()),
                };
            }
            // HCL ends a quoted string's token at a line break; the string then reads as split
            // over lines, whether or not a quote closes it further on.
            b'\n' => {
                return Err(found("Invalid multi-line string", MULTI_LINE_DETAIL, i));
            }
            b'\\' => {
                let next = s[i + 1..].chars().next();
                match next {
                    Some('n' | 'r' | 't' | '"' | '\\') => i += 2,
                    Some('u') | Some('U') => {
                        let (n, name) = if next == Some('u') { (4, "four") } else { (8, "eight") };
                        let hex = s.get(i + 2..i + 2 + n).unwrap_or("");
                        if hex.len() != n || !hex.chars().all(|h| h.is_ascii_hexdigit()) {
                            return Err((
                                "Invalid escape sequence".into(),
                                format!(
                                    "The \\{} escape sequence must be followed by {name} hexadecimal digits.",
                                    next.unwrap_or('u')
                                ),
                                i,
                            ));
                        }
                        let code = u32::from_str_radix(hex, 16).unwrap_or(0);
                        if char::from_u32(code).is_none() {
                            return Err((
                                "Invalid escape sequence".into(),
                                format!("Cannot encode character U+{hex} in UTF-8."),
                                i,
                            ));
                        }
                        i += 2 + n;
                    }
                    Some(other) => {
                        return Err((
                            "Invalid escape sequence".into(),
                            format!("The symbol {:?} is not a valid escape sequence selector.", other.to_string()),
                            i,
                        ));
                    }
                    None => {
                        return Err(found(
                            "Unterminated template string",
                            "No closing marker was found for the string.",
                            start,
                        ));
                    }
                }
                continue;
            }
            // `$${` and `%%{` are escapes for a literal `${` and `%{`.
            b'$' | b'%' if s[i..].starts_with("$${") || s[i..].starts_with("%%{") => {
                i += 3;
                continue;
            }
            b'$' | b'%' if b.get(i + 1) == Some(&b'{') => {
                if c == b'%' {
                    let inner_start = i + 2;
                    let close = s[inner_start..].find('}').map(|n| inner_start + n).unwrap_or(s.len());
                    let inner = s[inner_start..close].trim_matches(|ch: char| ch == '~' || ch.is_whitespace());
                    let kw: String = inner.chars().take_while(|ch| ch.is_alphanumeric() || *ch == '_').collect();
                    let end = (close + 1).min(s.len());
                    match kw.as_str() {
                        "if" => stack.push(("if", i, end)),
                        "for" if !inner.split_whitespace().any(|w| w == "in") => {
                            return Err(found(
                                "Invalid 'for' directive",
                                "For directive requires 'in' keyword after names.",
                                i,
                            ));
                        }
                        "for" => stack.push(("for", i, end)),
                        "else" => match stack.last() {
                            Some(("if", ..)) => {}
                            _ => {
                                return Err(found(
                                    "Unexpected else directive",
                                    "The control directives within this template are unbalanced.",
                                    i,
                                ));
                            }
                        },
                        "endif" | "endfor" => {
                            let want = &kw[3..];
                            match stack.pop() {
                                Some((open, a, z)) if open == want => {
                                    let _ = (a, z);
                                }
                                Some((open, a, z)) => {
                                    return Err((
                                        format!("Unexpected {kw} directive"),
                                        format!(
                                            "Expecting an end{open} directive for the {open} started at {}.",
                                            range_text(s, a, z)
                                        ),
                                        i,
                                    ));
                                }
                                None => {
                                    return Err((
                                        format!("Unexpected {kw} directive"),
                                        "The control directives within this template are unbalanced.".into(),
                                        i,
                                    ));
                                }
                            }
                        }
                        // No keyword at all (`%{ }`, `%{ 1 }`): HCL wants one first.
                        "" => {
                            return Err(found(
                                "Invalid template directive",
                                "A template directive keyword (\"if\", \"for\", etc) is expected at the beginning of a %{ sequence.",
                                i,
                            ));
                        }
                        other => {
                            return Err((
                                "Invalid template control keyword".into(),
                                format!("{other:?} is not a valid template control keyword."),
                                i,
                            ));
                        }
                    }
                    i = end;
                    continue;
                }
                depth = 1;
                interp_at = i;
                i += 2;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    if depth > 0 {
        return Err(found(UNCLOSED_INTERPOLATION, UNCLOSED_INTERPOLATION_EOF, interp_at));
    }
    Err(found(
        "Unterminated template string",
        "No closing marker was found for the string.",
        start,
    ))
}

/// HCL's summary for a `${` whose closing brace never comes.
pub const UNCLOSED_INTERPOLATION: &str = "Unclosed template interpolation sequence";
const UNCLOSED_INTERPOLATION_EOF: &str = "There is no closing brace for this interpolation sequence before the end of the file. This might be caused by incorrect nesting inside the given expression.";
const UNCLOSED_INTERPOLATION_QUOTED: &str = "There is no closing brace for this interpolation sequence before the end of the quoted template. This might be caused by incorrect nesting inside the given expression.";

/// HCL's summary for input that ends where an operand belongs.
pub const MISSING_EXPRESSION: &str = "Missing expression";
const MISSING_EXPRESSION_DETAIL: &str = "Expected the start of an expression, but found the end of the file.";

/// True when expression text `t` ends with a complete operand (a name, a number, a closing
/// bracket or quote), so that what follows cannot continue it as an operand.
fn ends_operand(t: &str) -> bool {
    let t = t.trim_end();
    !t.is_empty() && t.ends_with(|c: char| c.is_alphanumeric() || matches!(c, '_' | ')' | ']' | '}' | '"'))
}

/// Where the trailing token starts when `src` ends with one after which an operand must come
/// (an operator, `,`, `(`, `[`, `{`, `=`, `?`, `:`); `None` otherwise, or for input whose end
/// is inside a heredoc.
fn operand_wanted_at_end(src: &str) -> Option<usize> {
    if src.contains("<<") {
        return None;
    }
    let t = src.trim_end();
    for two in ["=>", "==", "!=", "<=", ">=", "&&", "||"] {
        if t.ends_with(two) {
            return Some(t.len() - 2);
        }
    }
    // `.*` is a complete splat, `*/` closes a comment, `...` expands an argument, `::` is a
    // namespace separator: none of them waits for an operand.
    if t.ends_with(".*") || t.ends_with("*/") || t.ends_with("::") || t.ends_with("${") || t.ends_with("%{") {
        return None;
    }
    let last = t.chars().last()?;
    matches!(
        last,
        ',' | '(' | '[' | '{' | '=' | '?' | ':' | '+' | '-' | '*' | '/' | '%' | '!' | '<' | '>'
    )
    .then(|| t.len() - 1)
}

/// Refuses input nested deeper than the parser can take, before any recursive code sees it.
pub fn check_depth(src: &str) -> Result<(), Diag> {
    if nesting_depth(src) <= MAX_NESTING {
        return Ok(());
    }
    let at = depth_scan(src, MAX_NESTING).1.unwrap_or(0);
    Err(Diag::new(
        "Expression too deeply nested",
        "This expression nests brackets, parentheses or templates more than 48 levels deep; iacquiz refuses it rather than risk running out of stack.",
    )
    .at(&(at..at + 1)))
}

/// The deepest nesting of brackets and interpolations in `s`; the text of quoted strings does
/// not count, their `${`/`%{` do.
fn nesting_depth(s: &str) -> usize {
    depth_scan(s, usize::MAX).0
}

/// The deepest nesting, and the offset of the first bracket that goes deeper than `limit`.
fn depth_scan(s: &str, limit: usize) -> (usize, Option<usize>) {
    let (mut d, mut max) = (0usize, 0usize);
    let mut first_over = None;
    // One entry per open bracket: true when it opened an interpolation inside a string.
    let mut stack: Vec<bool> = Vec::new();
    let mut in_str = false;
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if in_str {
            match c {
                b'\\' => i += 1,
                b'"' => in_str = false,
                b'$' | b'%' if b.get(i + 1) == Some(&b'{') && b.get(i + 2) != Some(&b'{') => {
                    d += 1;
                    max = max.max(d);
                    if d > limit && first_over.is_none() {
                        first_over = Some(i);
                    }
                    stack.push(true);
                    in_str = false;
                    i += 1;
                }
                _ => {}
            }
        } else {
            match c {
                b'"' => in_str = true,
                b'(' | b'[' | b'{' => {
                    d += 1;
                    max = max.max(d);
                    if d > limit && first_over.is_none() {
                        first_over = Some(i);
                    }
                    stack.push(false);
                }
                b')' | b']' | b'}' => {
                    d = d.saturating_sub(1);
                    if stack.pop() == Some(true) {
                        in_str = true;
                    }
                }
                _ => {}
            }
        }
        i += 1;
    }
    (max, first_over)
}
