//! Terraform's errors about state, as summary and detail, and the text Go's
//! `tfdiags.Diagnostics.Err()` makes of several of them.

use std::fmt;

/// One error as Terraform reports it: a short summary and a sentence or two of detail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The summary ("Unsupported state file format").
    pub summary: String,
    /// The detail (Terraform's own sentence).
    pub detail: String,
}

impl Diagnostic {
    /// A diagnostic from its two parts.
    pub fn new(summary: impl Into<String>, detail: impl Into<String>) -> Diagnostic {
        Diagnostic {
            summary: summary.into(),
            detail: detail.into(),
        }
    }
}

impl fmt::Display for Diagnostic {
    /// `Summary: detail`, as a diagnostic reads when Terraform turns it into an error.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.detail.is_empty() {
            f.write_str(&self.summary)
        } else {
            write!(f, "{}: {}", self.summary, self.detail)
        }
    }
}

/// Several diagnostics as one error's text: one reads as itself, more as
/// `N problems:\n\n- ...\n- ...` (Terraform's wording for a list).
pub fn join(diags: &[Diagnostic]) -> String {
    match diags {
        [one] => one.to_string(),
        many => {
            let mut out = format!("{} problems:\n", many.len());
            for d in many {
                out.push_str(&format!("\n- {d}"));
            }
            out
        }
    }
}
