//! Maps hcl-edit's parse errors onto the summaries and details HCL's own parser gives, so that
//! a syntax error reads as it does in Terraform.

/// The (summary, detail) for a parse error at byte `offset` of `src`.
pub fn classify(src: &str, offset: usize, message: &str) -> (String, String) {
    let rest = src.get(offset..).unwrap_or("");
    let before = src.get(..offset).unwrap_or("");
    let next = rest.chars().next();
    let open = unclosed(before);
    if rest.trim().is_empty() {
        match open {
            Some('[') => return ("Unterminated tuple constructor expression".into(), "There is no corresponding closing bracket before the end of the file. This may be caused by incorrect bracket nesting elsewhere in this file.".into()),
            Some('{') => return ("Unterminated object constructor expression".into(), "There is no corresponding closing brace before the end of the file. This may be caused by incorrect bracket nesting elsewhere in this file.".into()),
            Some('(') => return ("Unbalanced parentheses".into(), "Expected a closing parenthesis to terminate the expression.".into()),
            Some('"') => return ("Unterminated template string".into(), "No closing marker was found for the string.".into()),
            _ => {}
        }
    }
    let _ = (next, message);
    (
        "Invalid expression".into(),
        "Expected the start of an expression, but found an invalid expression token.".into(),
    )
}

/// The innermost bracket or quote still open at the end of `s`.
fn unclosed(s: &str) -> Option<char> {
    let mut stack = Vec::new();
    let mut chars = s.chars().peekable();
    let mut in_str = false;
    while let Some(c) = chars.next() {
        if in_str {
            match c {
                '\\' => {
                    chars.next();
                }
                '"' => {
                    in_str = false;
                    stack.pop();
                }
                _ => {}
            }
            continue;
        }
        match c {
            '"' => {
                in_str = true;
                stack.push('"');
            }
            '[' | '{' | '(' => stack.push(c),
            ']' | '}' | ')' => {
                stack.pop();
            }
            _ => {}
        }
    }
    stack.last().copied()
}
