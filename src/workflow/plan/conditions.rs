//! Custom conditions as a plan and an apply check them: a resource's preconditions before it
//! is planned, its postconditions against the planned (or applied) object as `self`, an
//! output's preconditions when it is evaluated, and `check` blocks' assertions (warnings).
//! A condition that is not known yet is checked at apply.

use crate::lang::eval::Evaluator;
use crate::lang::syntax::{BodyAst, Expr};
use crate::lang::{Diag, Type, Value};
use crate::workflow::model::Problem;

/// Which condition blocks, and how Terraform titles their failure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Which {
    /// A resource's `precondition`.
    ResourcePrecondition,
    /// A resource's `postcondition`.
    ResourcePostcondition,
    /// An output's `precondition`.
    OutputPrecondition,
    /// A `check` block's `assert`.
    CheckAssert,
}

impl Which {
    fn summary(self) -> &'static str {
        match self {
            Which::ResourcePrecondition => "Resource precondition failed",
            Which::ResourcePostcondition => "Resource postcondition failed",
            Which::OutputPrecondition => "Module output value precondition failed",
            Which::CheckAssert => "Check block assertion failed",
        }
    }
}

/// The condition blocks of `which` kind in a body (`lifecycle` blocks looked into for a
/// resource's).
pub fn blocks(body: &BodyAst, which: Which) -> Vec<(&Expr, Option<&Expr>)> {
    let kind = match which {
        Which::ResourcePrecondition | Which::OutputPrecondition => "precondition",
        Which::ResourcePostcondition => "postcondition",
        Which::CheckAssert => "assert",
    };
    let holders: Vec<&BodyAst> = match which {
        Which::ResourcePrecondition | Which::ResourcePostcondition => body.blocks_of("lifecycle").map(|b| &b.body).collect(),
        _ => vec![body],
    };
    holders
        .into_iter()
        .flat_map(|h| h.blocks_of(kind))
        .filter_map(|b| Some((&b.body.attr("condition")?.expr, b.body.attr("error_message").map(|a| &a.expr))))
        .collect()
}

/// Checks every condition of `which` kind in `body`: the first that fails, as a problem
/// (its message the detail, its references' values listed). An error evaluating a condition
/// is that error. `file` names the file for the diagnostic.
pub fn check(ev: &Evaluator, body: &BodyAst, which: Which, file: &str) -> Result<Vec<Problem>, Diag> {
    let mut failed = Vec::new();
    for (cond, msg) in blocks(body, which) {
        let v = ev.eval(cond).map_err(|d| d.in_file(file))?;
        let (v, _) = v.unmark_deep();
        if v.has_unknown() {
            continue;
        }
        let ok = match crate::lang::value::convert::convert(&v, &Type::Bool) {
            Ok(Value::Bool(b)) => b,
            _ => {
                return Err(
                    Diag::new("Invalid condition result", "Condition expression must return either true or false.")
                        .at(&cond.span)
                        .in_file(file),
                );
            }
        };
        if ok {
            continue;
        }
        let detail = match msg.map(|m| ev.eval(m)) {
            Some(Ok(Value::String(s))) => s.to_string(),
            // Only the sensitive mark (an ephemeral message is the workflow's ephemeral rules).
            Some(Ok(Value::Marked(_, m))) if m.sensitive() => {
                "The error message included a sensitive value, so it will not be displayed.".into()
            }
            _ => "Failed to evaluate condition error message.".into(),
        };
        let diag = Diag::new(which.summary(), detail).at(&cond.span).in_file(file);
        let p = match which {
            Which::CheckAssert => Problem::warning(diag),
            _ => Problem::error(diag),
        };
        failed.push(p.with_values(crate::lang::eval::diag_values::of(ev, cond)));
        if which != Which::CheckAssert {
            break;
        }
    }
    Ok(failed)
}

/// Whether any condition of `which` kind in `body` is not known yet (checked at apply).
pub fn any_unknown(ev: &Evaluator, body: &BodyAst, which: Which) -> bool {
    blocks(body, which)
        .iter()
        .any(|(cond, _)| ev.eval(cond).map(|v| v.has_unknown()).unwrap_or(false))
}
