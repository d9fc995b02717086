//! Wrong answers computed by the engine: re-evaluating a source under each misconception whose
//! rule the real evaluation consulted, and keeping the answers that differ from the real one.

use std::collections::BTreeSet;

use super::catalogue::{Misconception, catalogue};
use crate::lang::config::conditions;
use crate::lang::eval::trace::{Step, first_divergence};
use crate::lang::session::Session;
use crate::lang::{Rule, Rules};

/// What a source produced: a rendering (value or error) and the rules consulted.
#[derive(Clone, Debug)]
pub struct Produced {
    /// The answer on one line (`tolist(["110", "25"])`), or `error: SUMMARY`.
    pub text: String,
    /// True when the source failed.
    pub is_error: bool,
    /// The console rendering of a value, or the error's summary.
    pub console: String,
    /// The trace, innermost step first.
    pub trace: Vec<Step>,
    /// The rules the evaluation consulted.
    pub touched: BTreeSet<Rule>,
    /// The value, when the source gave one.
    pub value: Option<crate::lang::Value>,
}

/// Evaluates an expression in a session under a rule set.
pub fn produce_expr(session: &Session, expr: &str, rules: &Rules) -> Produced {
    let out = session.eval(expr, rules, true);
    match out.result {
        Ok(a) => {
            let value = match &a {
                crate::lang::session::Answer::Value(v) => Some(v.clone()),
                crate::lang::session::Answer::Type(_) => None,
            };
            Produced {
                text: a.one_line(),
                is_error: false,
                console: a.console(),
                trace: out.trace,
                touched: out.touched,
                value,
            }
        }
        Err(d) => Produced {
            text: format!("error: {}", d.summary),
            is_error: true,
            console: d.summary,
            trace: out.trace,
            touched: out.touched,
            value: None,
        },
    }
}

/// Evaluates the condition at `address` (its outcome word, `pass`/`error`/`warning`/`deferred`);
/// `ADDRESS.error_message` gives instead the message Terraform prints when that condition fails
/// (the empty string when it does not fail).
pub fn produce_condition(session: &Session, address: &str, rules: &Rules) -> Produced {
    let fail = |summary: String| Produced {
        text: format!("error: {summary}"),
        is_error: true,
        console: summary,
        trace: Vec::new(),
        touched: BTreeSet::new(),
        value: None,
    };
    match session.with_scope(rules, |ev, scope| (conditions::evaluate(ev, scope, &session.config), ev.touched())) {
        Ok((Ok(reports), touched)) => {
            let text = match address.strip_suffix(".error_message") {
                Some(base) if !reports.iter().any(|r| r.address == address) => reports
                    .iter()
                    .find(|r| r.address == base)
                    .map(|r| match r.outcome {
                        conditions::Outcome::Error | conditions::Outcome::Warning => r.message.clone(),
                        conditions::Outcome::Pass | conditions::Outcome::Deferred => String::new(),
                    })
                    .unwrap_or_else(|| "none".into()),
                _ => reports
                    .iter()
                    .find(|r| r.address == address)
                    .map(|r| r.outcome.as_str().to_string())
                    .unwrap_or_else(|| "none".into()),
            };
            Produced {
                console: text.clone(),
                value: Some(crate::lang::Value::string(text.as_str())),
                text,
                is_error: false,
                trace: Vec::new(),
                touched,
            }
        }
        Ok((Err(d), _)) | Err(d) => fail(d.summary),
    }
}

/// One wrong answer and the misconception that produces it.
#[derive(Clone, Debug)]
pub struct Alternative {
    /// The misconception.
    pub misconception: &'static Misconception,
    /// What the source gives under it.
    pub produced: Produced,
    /// The first step (0-based) where its trace leaves the real one.
    pub diverges_at: Option<usize>,
}

/// Every distinct wrong answer the catalogue's misconceptions give for a source, in catalogue
/// order. `run` evaluates the source under a rule set; `real` is its real outcome.
pub fn alternatives(real: &Produced, run: &dyn Fn(&Rules) -> Produced) -> Vec<Alternative> {
    let mut out: Vec<Alternative> = Vec::new();
    for m in catalogue() {
        if !real.touched.contains(&m.rule) {
            continue;
        }
        let produced = run(&Rules::with(m.rule));
        if produced.text == real.text {
            continue;
        }
        let diverges_at = first_divergence(&real.trace, &produced.trace);
        out.push(Alternative {
            misconception: m,
            produced,
            diverges_at,
        });
    }
    out
}

/// The explanation of an alternative: the belief, the real rule, and the step where the
/// computation first goes another way.
pub fn explain(a: &Alternative) -> String {
    let mut s = a.misconception.explanation();
    if let Some(i) = a.diverges_at
        && let Some(step) = a.produced.trace.get(i)
    {
        s.push_str(&format!(
            " The reasoning first departs at step {}: {} → {}.",
            i + 1,
            step.text,
            step.result
        ));
    }
    s
}

/// A session for a source written as config text and in-memory files.
pub fn session_for(config: Option<&str>, files: &std::collections::BTreeMap<String, String>) -> Result<Session, crate::lang::Diag> {
    let mut s = match config {
        Some(c) => Session::with_config_text("main.tf", c)?,
        None => Session::new(),
    };
    if !files.is_empty() {
        s.host = crate::lang::eval::host::Host::with_files(files.iter().map(|(k, v)| (k.clone(), v.as_bytes().to_vec())).collect());
    }
    Ok(s)
}
