//! Parse errors as the HCL of an older Terraform words them. [`crate::lang::syntax::parse_errors`] gives the
//! newest HCL's diagnostics; before HCL 2.11 (Terraform 1.1) input that ended too soon got the
//! message of whatever token the parser wanted next, placed at the end of the input.

use crate::lang::dialect::releases::{self, TfVersion};
use crate::lang::syntax::diag::Diag;
use crate::lang::syntax::hcl_diag::{self, Hcl};

/// The parse diagnostic `d` for console input `src`, as Terraform `version` reports it.
pub fn as_of(d: Diag, src: &str, version: TfVersion) -> Diag {
    let hcl = Hcl::at(version);
    if hcl == Hcl::NEWEST {
        return d;
    }
    // HCL's own parser, as that release's HCL runs it.
    if let Some(mut first) = hcl_diag::expr_first(src, hcl) {
        first.file = d.file;
        first.fatal = d.fatal;
        return first;
    }
    reworded(d, src, version)
}

/// The parse diagnostic `d` for template text `src`, as Terraform `version` reports it.
pub fn template_as_of(d: Diag, src: &str, version: TfVersion) -> Diag {
    let hcl = Hcl::at(version);
    if hcl == Hcl::NEWEST {
        return d;
    }
    if let Some(mut first) = hcl_diag::template(src, hcl, "<template>").and_then(|v| v.into_iter().next()) {
        first.file = d.file;
        first.fatal = d.fatal;
        return first;
    }
    reworded(d, src, version)
}

/// The older wording of a newer message, for a diagnostic HCL's parser did not find itself.
fn reworded(d: Diag, src: &str, version: TfVersion) -> Diag {
    let newer_only = matches!(
        d.summary.as_str(),
        "Missing expression"
            | "Unterminated tuple constructor expression"
            | "Unterminated object constructor expression"
            | "Unterminated function call"
            | "Unclosed template interpolation sequence"
    );
    if !newer_only || releases::has(version, &releases::HCL_EOF_MESSAGES) {
        return d;
    }
    let end = src.len();
    let opened = d.span.as_ref().map(|s| s.start).unwrap_or(0).min(end);
    let (summary, detail, at) = match d.summary.as_str() {
        "Missing expression" => (
            "Invalid expression",
            "Expected the start of an expression, but found an invalid expression token.",
            end,
        ),
        "Unterminated tuple constructor expression" => (
            "Missing item separator",
            "Expected a comma to mark the beginning of the next item.",
            end,
        ),
        "Unterminated object constructor expression" if item_has_value(&src[opened..]) => (
            "Missing attribute separator",
            "Expected a newline or comma to mark the beginning of the next attribute.",
            end,
        ),
        "Unterminated object constructor expression" => (
            "Missing key/value separator",
            "Expected an equals sign (\"=\") to mark the beginning of the attribute value.",
            end,
        ),
        "Unterminated function call" => (
            "Missing argument separator",
            "A comma is required to separate each function argument from the next.",
            end,
        ),
        // An unclosed `${`: the old parser complains about the token that stands where the
        // closing brace should: the end of the input, or a quote.
        _ => {
            let quote = src[opened..].find('"').map(|q| opened + q);
            let at = if d.detail.contains("quoted template") {
                quote.unwrap_or(end)
            } else {
                end
            };
            (
                "Extra characters after interpolation expression",
                "Expected a closing brace to end the interpolation expression, but found extra characters.\n\nThis can happen when you include interpolation syntax for another language, such as shell scripting, but forget to escape the interpolation start token. If this is an embedded sequence for another language, escape it by starting with \"$${\" instead of just \"${\".",
                at,
            )
        }
    };
    let mut out = Diag::new(summary, detail).at(&(at..at));
    out.file = d.file;
    out.fatal = d.fatal;
    out
}

/// True when the last item of the object constructor that opens `text` (with `{`) has its
/// `=` or `:` already: only the separator before the next item is then missing.
fn item_has_value(text: &str) -> bool {
    let mut depth = 0usize;
    let mut in_str = false;
    let mut has_value = false;
    let mut prev = ' ';
    for (i, c) in text.char_indices() {
        if in_str {
            match c {
                '"' if prev != '\\' => in_str = false,
                _ => {}
            }
            prev = if prev == '\\' && c == '\\' { ' ' } else { c };
            continue;
        }
        match c {
            '"' => in_str = true,
            '{' | '[' | '(' => depth += 1,
            '}' | ']' | ')' => depth = depth.saturating_sub(1),
            ',' | '\n' if depth == 1 => has_value = false,
            '=' | ':' if depth == 1 => {
                let next = text[i + c.len_utf8()..].chars().next();
                let doubled = matches!(prev, '=' | '!' | '<' | '>') || matches!(next, Some('=' | '>'));
                if !doubled {
                    has_value = true;
                }
            }
            _ => {}
        }
        prev = c;
    }
    has_value
}
