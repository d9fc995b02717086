//! A problem a command reports: an error or a warning, where it is, and the values of the
//! references in the expression at fault (what Terraform prints under the source line,
//! `│ var.n is 3`).

use crate::lang::Diag;

/// How bad a problem is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// Stops the command.
    Error,
    /// Printed; the command goes on.
    Warning,
}

/// A diagnostic with its severity, the resource instance Terraform names (`with ADDRESS,`)
/// and the values of the references in the expression.
#[derive(Clone, Debug)]
pub struct Problem {
    /// Error or warning.
    pub severity: Severity,
    /// What and where.
    pub diag: Diag,
    /// `  with ADDRESS,` above the source position.
    pub address: Option<String>,
    /// `(traversal, statement)`: `("var.n", "is 3")`, sorted by traversal.
    pub values: Vec<(String, String)>,
    /// The function call an error came from (`join(separator, lists...)`), printed as `while
    /// calling ...` above the values.
    pub call: Option<String>,
    /// Never folded with warnings of the same summary ("(and one more similar warning
    /// elsewhere)"): a check block's, as Terraform's DoNotConsolidate extra keeps them.
    pub apart: bool,
}

impl Problem {
    /// An error.
    pub fn error(diag: Diag) -> Problem {
        Problem {
            severity: Severity::Error,
            values: Vec::new(),
            call: None,
            diag,
            address: None,
            apart: false,
        }
    }
    /// A warning.
    pub fn warning(diag: Diag) -> Problem {
        Problem {
            severity: Severity::Warning,
            values: Vec::new(),
            call: None,
            diag,
            address: None,
            apart: false,
        }
    }
    /// The same, never folded with similar warnings.
    pub fn kept_apart(mut self) -> Problem {
        self.apart = true;
        self
    }
    /// The same problem as a warning (a condition a refresh-only plan only warns about).
    pub fn into_warning(mut self) -> Problem {
        self.severity = Severity::Warning;
        self
    }
    /// The same with the values of the expression's references.
    pub fn with_values(mut self, mut values: Vec<(String, String)>) -> Problem {
        values.sort();
        values.dedup_by(|a, b| a.0 == b.0);
        self.values = values;
        self
    }
}
