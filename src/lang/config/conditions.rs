//! Custom conditions: variable validations, preconditions and postconditions of resources, data
//! sources and outputs, and `check` blocks with their assertions, evaluated against the configuration and its
//! overrides the way Terraform evaluates them in a plan.

use std::collections::BTreeMap;

use crate::lang::config::resources::{Mode, ResourceDecl, instance_vars, traverse_open};
use crate::lang::config::{Config, ConfigScope};
use crate::lang::eval::{Evaluator, Scope};
use crate::lang::syntax::diag::{DResult, Diag};
use crate::lang::syntax::{BodyAst, Op, Span};
use crate::lang::value::{Type, Value};

/// Which kind of condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `precondition` in a lifecycle or output block.
    Precondition,
    /// `postcondition` in a lifecycle block.
    Postcondition,
    /// `assert` in a check block.
    Check,
    /// `validation` in a variable block.
    Validation,
}

impl Kind {
    /// The word used in reports.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Precondition => "precondition",
            Kind::Postcondition => "postcondition",
            Kind::Check => "check",
            Kind::Validation => "validation",
        }
    }
}

/// What became of a condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// It held.
    Pass,
    /// It failed and stops the run.
    Error,
    /// It failed, and is reported without blocking anything (check blocks).
    Warning,
    /// It depends on values known only after apply, so Terraform checks it then.
    Deferred,
}

impl Outcome {
    /// The word used in reports.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Pass => "pass",
            Outcome::Error => "error",
            Outcome::Warning => "warning",
            Outcome::Deferred => "deferred",
        }
    }
}

/// One evaluated condition.
#[derive(Clone, Debug)]
pub struct Report {
    /// The object it belongs to (`aws_instance.web[0]`, `output.url`, `check.cert`).
    pub address: String,
    /// Its kind.
    pub kind: Kind,
    /// `plan` or `apply`: when Terraform decides it.
    pub phase: &'static str,
    /// What happened.
    pub outcome: Outcome,
    /// The error message (for a failure), or a note.
    pub message: String,
    /// File and line of the condition.
    pub location: String,
}

/// A scope that adds `self` (an instance object, open: unset attributes are unknown).
struct SelfScope<'a> {
    inner: &'a ConfigScope<'a>,
    me: Value,
}

impl Scope for SelfScope<'_> {
    fn resolve(&self, ev: &Evaluator, name: &str, attr: Option<&str>, span: &Span) -> DResult<(Value, bool)> {
        self.inner.resolve(ev, name, attr, span)
    }
    fn resolve_traversal(&self, ev: &Evaluator, name: &str, ops: &[Op], span: &Span) -> Option<DResult<(Value, usize)>> {
        if name == "self" {
            return Some(traverse_open(ev, self.me.clone(), ops, None));
        }
        self.inner.resolve_traversal(ev, name, ops, span)
    }
    fn files(&self) -> &[crate::lang::syntax::File] {
        self.inner.files()
    }
}

/// Evaluates every condition of the configuration, in file and declaration order.
pub fn evaluate(ev: &Evaluator, scope: &ConfigScope, config: &Config) -> DResult<Vec<Report>> {
    // (file, offset) orders the blocks as they are written.
    let mut items: Vec<((usize, usize), Item)> = Vec::new();
    for r in &config.resources {
        if r.check.is_none() {
            items.push(((r.file, r.span.start), Item::Resource(r)));
        }
    }
    for (name, file, body, span) in &config.outputs {
        items.push(((*file, span.start), Item::Output(name, *file, body)));
    }
    for (name, file, body, span) in &config.checks {
        items.push(((*file, span.start), Item::Check(name, *file, body)));
    }
    for (name, decl) in &config.variables {
        if !decl.validations.is_empty() {
            items.push(((decl.file, decl.span.start), Item::Variable(name, decl)));
        }
    }
    items.sort_by_key(|(k, _)| *k);
    let mut out = Vec::new();
    for (_, item) in items {
        match item {
            Item::Resource(r) => resource_conditions(ev, scope, config, r, &mut out)?,
            Item::Output(name, file, body) => {
                for pre in body.blocks_of("precondition") {
                    out.push(one(
                        ev,
                        &format!("output.{name}"),
                        Kind::Precondition,
                        &pre.body,
                        config,
                        file,
                        false,
                    ));
                }
            }
            Item::Variable(name, decl) => out.push(validation(ev, scope, config, name, decl)),
            Item::Check(name, file, body) => {
                for d in config.resources.iter().filter(|r| r.check.as_deref() == Some(name)) {
                    scoped_conditions(ev, scope, config, d, &mut out);
                }
                for a in body.blocks_of("assert") {
                    out.push(one(ev, &format!("check.{name}"), Kind::Check, &a.body, config, file, false));
                }
            }
        }
    }
    Ok(out)
}

/// The conditions of a data source scoped to a check block. Terraform does not halt for a
/// scoped data source that fails, so a failure (its own postcondition, or the read itself) is
/// reported as a warning, like the check's assertions.
fn scoped_conditions(ev: &Evaluator, scope: &ConfigScope, config: &Config, d: &ResourceDecl, out: &mut Vec<Report>) {
    let mut reports = Vec::new();
    if let Err(e) = resource_conditions(ev, scope, config, d, &mut reports) {
        reports.push(Report {
            address: d.address(),
            kind: Kind::Check,
            phase: "plan",
            outcome: Outcome::Error,
            message: format!("{}: {}", e.summary, e.detail),
            location: config.file_name(d.file).to_string(),
        });
    }
    // A learner may believe a failing check block stops the run like a precondition does.
    let warn = !ev.flipped(crate::lang::dialect::rules::Rule::CheckBlocksWarn);
    for mut r in reports {
        if r.outcome == Outcome::Error && warn {
            r.outcome = Outcome::Warning;
        }
        out.push(r);
    }
}

enum Item<'a> {
    Resource(&'a ResourceDecl),
    Output(&'a String, usize, &'a BodyAst),
    Check(&'a String, usize, &'a BodyAst),
    Variable(&'a String, &'a crate::lang::config::module::Variable),
}

/// The outcome of a variable's validation rules, as the plan checks them: an error with the
/// message of the rule that fails (Terraform stops before planning anything), else a pass.
fn validation(ev: &Evaluator, scope: &ConfigScope, config: &Config, name: &str, decl: &crate::lang::config::module::Variable) -> Report {
    let line = config
        .files
        .get(decl.file)
        .map(|f| f.src[..decl.span.start.min(f.src.len())].matches('\n').count() + 1)
        .unwrap_or(0);
    let (outcome, message) = match scope.validation_failure(ev, name) {
        Ok(None) => (Outcome::Pass, String::new()),
        Ok(Some(m)) => (Outcome::Error, m),
        Err(d) => (Outcome::Error, format!("{}: {}", d.summary, d.detail)),
    };
    Report {
        address: format!("var.{name}"),
        kind: Kind::Validation,
        phase: "plan",
        outcome,
        message,
        location: format!("{}:{line}", config.file_name(decl.file)),
    }
}

fn resource_conditions(ev: &Evaluator, scope: &ConfigScope, config: &Config, r: &ResourceDecl, out: &mut Vec<Report>) -> DResult<()> {
    let lifecycles: Vec<&BodyAst> = r.body.blocks_of("lifecycle").map(|b| &b.body).collect();
    if lifecycles.iter().all(|l| l.blocks.is_empty()) {
        return Ok(());
    }
    let insts = scope.instances(ev, r)?;
    for inst in &insts {
        let address = format!("{}{}", r.address(), inst.key.suffix());
        let vars = instance_vars(&inst.key, &inst.each_value);
        for l in &lifecycles {
            for pre in l.blocks_of("precondition") {
                let report = ev.with_var(vars.clone(), || {
                    one(ev, &address, Kind::Precondition, &pre.body, config, r.file, r.mode == Mode::Data)
                });
                // A learner may believe a precondition reads the object through self, as a
                // postcondition does; consulted only when the precondition failed on self.
                let on_self = report.outcome == Outcome::Error && report.message.contains("\"self\"");
                if on_self && ev.flipped(crate::lang::dialect::rules::Rule::PreconditionNoSelf) {
                    out.push(as_self(ev, scope, &inst.value, |sev| {
                        sev.with_var(vars.clone(), || {
                            one(sev, &address, Kind::Precondition, &pre.body, config, r.file, r.mode == Mode::Data)
                        })
                    }));
                } else {
                    out.push(report);
                }
            }
            for post in l.blocks_of("postcondition") {
                out.push(as_self(ev, scope, &inst.value, |sev| {
                    sev.with_var(vars.clone(), || {
                        one(sev, &address, Kind::Postcondition, &post.body, config, r.file, r.mode == Mode::Data)
                    })
                }));
            }
        }
    }
    Ok(())
}

/// Runs `f` with an evaluator in which `self` is the instance `me`, then takes back what it
/// recorded (touched rules, trace) into `ev`.
fn as_self<T>(ev: &Evaluator, scope: &ConfigScope, me: &Value, f: impl FnOnce(&Evaluator) -> T) -> T {
    let me = SelfScope {
        inner: scope,
        me: me.clone(),
    };
    let mut sev = Evaluator::new(ev.rules, &me, ev.funcs, ev.host);
    sev.version = ev.version;
    let out = f(&sev);
    ev.absorb(&sev);
    out
}

/// Evaluates one condition block (`condition` and `error_message`).
fn one(ev: &Evaluator, address: &str, kind: Kind, body: &BodyAst, config: &Config, file: usize, _data: bool) -> Report {
    let line = body
        .attr("condition")
        .and_then(|a| {
            config
                .files
                .get(file)
                .map(|f| f.src[..a.span.start.min(f.src.len())].matches('\n').count() + 1)
        })
        .unwrap_or(0);
    let location = format!("{}:{line}", config.file_name(file));
    let report = |phase, outcome, message: String| Report {
        address: address.to_string(),
        kind,
        phase,
        outcome,
        message,
        location: location.clone(),
    };
    let Some(cond) = body.attr("condition") else {
        return report(
            "plan",
            Outcome::Error,
            "Missing required argument: the argument \"condition\" is required.".into(),
        );
    };
    let value = match ev.eval(&cond.expr) {
        Ok(v) => v,
        Err(d) => return report("plan", Outcome::Error, format!("{}: {}", d.summary, d.detail)),
    };
    let (value, _) = value.unmark();
    if value.is_unknown() {
        // A learner may believe Terraform skips a condition it cannot decide yet.
        if ev.flipped(crate::lang::dialect::rules::Rule::UnknownConditionsDeferred) {
            return report("plan", Outcome::Pass, "(skipped: its value is unknown)".into());
        }
        // A learner may believe a condition Terraform cannot decide yet fails at plan time.
        if ev.flipped(crate::lang::dialect::rules::Rule::UnknownConditionNotFailed) {
            return report("plan", Outcome::Error, "(failed: its value is unknown)".into());
        }
        return report(
            "apply",
            Outcome::Deferred,
            "The condition depends on values that are known only after apply, so Terraform checks it during apply.".into(),
        );
    }
    let holds = match crate::lang::value::convert::convert(&value, &Type::Bool) {
        Ok(Value::Bool(b)) => b,
        Ok(_) => {
            return report(
                "plan",
                Outcome::Error,
                "Invalid condition result: the condition value is null.".into(),
            );
        }
        Err(e) => return report("plan", Outcome::Error, format!("Invalid condition result: {}.", e.0)),
    };
    // A learner may read `condition` as the failure case, the way an alarm is written.
    let holds = if ev.flipped(crate::lang::dialect::rules::Rule::ConditionStatesWhatMustHold) {
        !holds
    } else {
        holds
    };
    if holds {
        return report("plan", Outcome::Pass, String::new());
    }
    let message = match body.attr("error_message").map(|a| ev.eval(&a.expr)) {
        Some(Ok(v)) => match crate::lang::value::convert::convert(&v.unmark().0, &Type::String) {
            Ok(Value::String(s)) => s.to_string(),
            _ => "(error_message is not a string)".into(),
        },
        Some(Err(d)) => format!("(error_message failed: {})", d.summary),
        None => String::new(),
    };
    // A learner may believe a failing check block stops the run like a precondition does.
    let outcome = if kind == Kind::Check && !ev.flipped(crate::lang::dialect::rules::Rule::CheckBlocksWarn) {
        Outcome::Warning
    } else if kind == Kind::Postcondition && ev.flipped(crate::lang::dialect::rules::Rule::PostconditionFailureErrors) {
        // A learner may believe a postcondition only reports, like a check block.
        Outcome::Warning
    } else {
        Outcome::Error
    };
    report("plan", outcome, message)
}

/// Renders reports as a readable table.
pub fn table(reports: &[Report]) -> String {
    let head = ["ADDRESS", "KIND", "PHASE", "OUTCOME", "MESSAGE"];
    let rows: Vec<[String; 5]> = reports
        .iter()
        .map(|r| {
            [
                r.address.clone(),
                r.kind.as_str().into(),
                r.phase.into(),
                r.outcome.as_str().into(),
                r.message.clone(),
            ]
        })
        .collect();
    let mut w = [0usize; 4];
    for (i, h) in head.iter().take(4).enumerate() {
        w[i] = rows
            .iter()
            .map(|r| r[i].chars().count())
            .chain(std::iter::once(h.len()))
            .max()
            .unwrap_or(0);
    }
    let mut out = String::new();
    let line = |cells: [&str; 5]| {
        format!(
            "{:<a$}  {:<b$}  {:<c$}  {:<d$}  {}\n",
            cells[0],
            cells[1],
            cells[2],
            cells[3],
            cells[4],
            a = w[0],
            b = w[1],
            c = w[2],
            d = w[3]
        )
    };
    out.push_str(line(head).trim_end());
    out.push('\n');
    for r in &rows {
        out.push_str(line([&r[0], &r[1], &r[2], &r[3], &r[4]]).trim_end());
        out.push('\n');
    }
    out
}

/// Reports as the JSON array `conditions --format json` prints.
pub fn json(reports: &[Report]) -> serde_json::Value {
    serde_json::Value::Array(
        reports
            .iter()
            .map(|r| {
                let mut m = serde_json::Map::new();
                m.insert("address".into(), r.address.clone().into());
                m.insert("kind".into(), r.kind.as_str().into());
                m.insert("phase".into(), r.phase.into());
                m.insert("outcome".into(), r.outcome.as_str().into());
                m.insert("message".into(), r.message.clone().into());
                m.insert("location".into(), r.location.clone().into());
                serde_json::Value::Object(m)
            })
            .collect(),
    )
}

/// Output values as `terraform output` prints them (sensitive ones hidden), sorted by name.
pub fn outputs(ev: &Evaluator, config: &Config) -> DResult<Vec<(String, Result<String, Diag>)>> {
    let mut out = BTreeMap::new();
    for (name, file, body, _) in &config.outputs {
        let r = match body.attr("value") {
            Some(a) => ev.eval(&a.expr).map_err(|e| e.in_file(config.file_name(*file))),
            None => Err(Diag::new(
                "Missing required argument",
                "The argument \"value\" is required, but no definition was found.",
            )),
        };
        let sensitive = matches!(
            body.attr("sensitive").map(|a| &a.expr.kind),
            Some(crate::lang::syntax::ExprKind::Bool(true))
        );
        let text = r.map(|v| {
            if sensitive || v.is_sensitive() {
                "<sensitive>".to_string()
            } else {
                crate::lang::value::render::console(&v)
            }
        });
        out.insert(name.clone(), text);
    }
    Ok(out.into_iter().collect())
}
