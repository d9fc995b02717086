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
            // A check block says so at plan; the other conditions wait for apply silently
            // (tf-oracle 1.6.6 to 1.14.9).
            if which == Which::CheckAssert {
                let diag = Diag::new(
                    KNOWN_AFTER_APPLY,
                    "The condition could not be evaluated at this time, a result will be known when this plan is applied.",
                )
                .at(&cond.span)
                .in_file(file);
                failed.push(
                    Problem::warning(diag)
                        .kept_apart()
                        .with_values(crate::lang::eval::diag_values::of(ev, cond)),
                );
            }
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
        let detail = match message(ev, msg, which, file) {
            Message::Text(t) => t,
            Message::Hidden(_) => INVALID_MESSAGE.into(),
            Message::Unavailable => "Failed to evaluate condition error message.".into(),
        };
        let diag = Diag::new(which.summary(), detail).at(&cond.span).in_file(file);
        let p = match which {
            // A check block's warnings are never folded into "similar warnings".
            Which::CheckAssert => Problem::warning(diag).kept_apart(),
            _ => Problem::error(diag),
        };
        failed.push(p.with_values(crate::lang::eval::diag_values::of(ev, cond)));
        if which != Which::CheckAssert {
            break;
        }
    }
    Ok(failed)
}

/// The warning of a check assertion that cannot be decided until apply (not a failure).
pub const KNOWN_AFTER_APPLY: &str = "Check block assertion known after apply";

/// The detail of a failed condition whose message is not shown.
pub const INVALID_MESSAGE: &str = "This check failed, but has an invalid error message as described in the other accompanying messages.";

/// A rule's error message, as Terraform's EvalCheckErrorMessage reads it.
enum Message {
    /// The text to show.
    Text(String),
    /// Derived from a sensitive or ephemeral value: not shown, and this warning says why.
    Hidden(Problem),
    /// No message could be had from it.
    Unavailable,
}

fn message(ev: &Evaluator, msg: Option<&Expr>, which: Which, file: &str) -> Message {
    let Some(m) = msg else { return Message::Unavailable };
    let Ok(v) = ev.eval(m) else { return Message::Unavailable };
    if v.is_unknown() {
        return Message::Unavailable;
    }
    let (inner, marks) = v.unmark();
    let hidden = |what: &str, advice: &str, apart: bool| {
        let d = Diag::new(
            format!("Error message refers to {what} values"),
            format!("The error expression used to explain this condition refers to {what} values, so Terraform will not display the resulting message.\n\nYou can correct this by removing references to {what} values, or by {advice}."),
        )
        .at(&m.span)
        .in_file(file);
        let p = Problem::warning(d);
        Message::Hidden(if apart { p.kept_apart() } else { p })
    };
    if marks.sensitive() {
        return hidden(
            "sensitive",
            "carefully using the nonsensitive() function if the expression will not reveal the sensitive data",
            false,
        );
    }
    if marks.ephemeral() {
        // Only this warning carries the check rule, which keeps a check block's apart.
        return hidden(
            "ephemeral",
            "using the ephemeralasnull() function on the references to not reveal ephemeral data",
            which == Which::CheckAssert,
        );
    }
    match crate::lang::value::convert::convert(&inner, &Type::String) {
        Ok(Value::String(s)) => Message::Text(s.trim().to_string()),
        _ => Message::Unavailable,
    }
}

/// The warnings of the rules of `which` kind in `body` whose messages are derived from
/// sensitive or ephemeral values: Terraform evaluates every rule's message, the rule passing
/// or not, and warns each time (a message not yet known says nothing).
pub fn message_notes(ev: &Evaluator, body: &BodyAst, which: Which, file: &str) -> Vec<Problem> {
    blocks(body, which)
        .into_iter()
        .filter_map(|(_, msg)| match message(ev, msg, which, file) {
            Message::Hidden(p) => Some(p),
            _ => None,
        })
        .collect()
}

/// Whether any condition of `which` kind in `body` is not known yet (checked at apply).
pub fn any_unknown(ev: &Evaluator, body: &BodyAst, which: Which) -> bool {
    blocks(body, which)
        .iter()
        .any(|(cond, _)| ev.eval(cond).map(|v| v.has_unknown()).unwrap_or(false))
}
