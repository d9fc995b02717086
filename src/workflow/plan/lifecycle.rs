//! A resource's `lifecycle` block: create_before_destroy, prevent_destroy, ignore_changes and
//! replace_triggered_by.

use super::builtin;
use super::walker::Walker;
use crate::lang::config::resources::ResourceDecl;
use crate::lang::eval::Evaluator;
use crate::lang::syntax::{Expr, ExprKind, OpKind};
use crate::lang::{Diag, Value};
use crate::workflow::model::{Action, InstanceKey};

type DResult<T> = Result<T, Diag>;

/// What `ignore_changes` lists.
#[derive(Clone, Debug, Default)]
pub enum Ignore {
    /// Nothing.
    #[default]
    Nothing,
    /// These top-level attributes.
    Attributes(Vec<String>),
    /// `all`.
    All,
}

/// A resource's lifecycle settings.
#[derive(Clone, Debug, Default)]
pub struct Lifecycle {
    /// `create_before_destroy = true`.
    pub create_before_destroy: bool,
    /// `prevent_destroy = true`.
    pub prevent_destroy: bool,
    /// `ignore_changes`.
    pub ignore_changes: Ignore,
    /// `replace_triggered_by` references.
    pub replace_triggered_by: Vec<Expr>,
}

fn constant_bool(ev: &Evaluator, e: &Expr, name: &str) -> DResult<bool> {
    match ev.eval(e)? {
        Value::Bool(b) => Ok(b),
        _ => Err(Diag::new("Invalid value", format!("The {name} argument must be a boolean constant.")).at(&e.span)),
    }
}

impl Lifecycle {
    /// Whether `prevent_destroy = true` is written in the declaration's lifecycle block (read
    /// without evaluating: it must be a literal).
    pub fn prevents_destroy(decl: &ResourceDecl) -> bool {
        decl.body
            .blocks_of("lifecycle")
            .any(|b| matches!(b.body.attr("prevent_destroy").map(|a| &a.expr.kind), Some(ExprKind::Bool(true))))
    }

    /// Whether `create_before_destroy = true` is written in the declaration's lifecycle block.
    pub fn creates_before_destroy(decl: &ResourceDecl) -> bool {
        decl.body.blocks_of("lifecycle").any(|b| {
            matches!(
                b.body.attr("create_before_destroy").map(|a| &a.expr.kind),
                Some(ExprKind::Bool(true))
            )
        })
    }

    /// Reads the `lifecycle` block of `decl` (the defaults when it has none).
    pub fn read(ev: &Evaluator, decl: &ResourceDecl) -> DResult<Lifecycle> {
        let mut out = Lifecycle::default();
        for b in decl.body.blocks_of("lifecycle") {
            if let Some(a) = b.body.attr("create_before_destroy") {
                out.create_before_destroy = constant_bool(ev, &a.expr, "create_before_destroy")?;
            }
            if let Some(a) = b.body.attr("prevent_destroy") {
                out.prevent_destroy = constant_bool(ev, &a.expr, "prevent_destroy")?;
            }
            if let Some(a) = b.body.attr("ignore_changes") {
                out.ignore_changes = match &a.expr.kind {
                    ExprKind::Var(v) if v == "all" => Ignore::All,
                    ExprKind::Tuple(items) => Ignore::Attributes(
                        items
                            .iter()
                            .filter_map(|i| match &i.kind {
                                ExprKind::Var(v) => Some(v.clone()),
                                ExprKind::Traversal(base, _) => match &base.kind {
                                    ExprKind::Var(v) => Some(v.clone()),
                                    _ => None,
                                },
                                _ => None,
                            })
                            .collect(),
                    ),
                    _ => Ignore::Nothing,
                };
            }
            if let Some(a) = b.body.attr("replace_triggered_by")
                && let ExprKind::Tuple(items) = &a.expr.kind
            {
                out.replace_triggered_by = items.clone();
            }
        }
        Ok(out)
    }

    /// The configuration with the ignored arguments taken from the prior object.
    pub fn ignore(&self, config: &Value, prior: &Value) -> Value {
        let (Value::Object(cfg), Value::Object(old)) = (config, prior) else {
            return config.clone();
        };
        let mut cfg = cfg.clone();
        for name in ["input", "triggers_replace"] {
            let ignored = match &self.ignore_changes {
                Ignore::Nothing => false,
                Ignore::All => true,
                Ignore::Attributes(names) => names.iter().any(|n| n == name),
            };
            // The belief that ignoring some arguments also stops `triggers_replace` from
            // replacing the object.
            let ignored = ignored
                || (name == "triggers_replace"
                    && matches!(&self.ignore_changes, Ignore::Attributes(names) if !names.is_empty())
                    && old
                        .get(name)
                        .zip(cfg.get(name))
                        .is_some_and(|(o, c)| !super::builtin::raw_equal(o, c))
                    && crate::workflow::model::beliefs::flipped(crate::lang::Rule::TriggersOutrankIgnoreChanges));
            if ignored && let Some(v) = old.get(name) {
                cfg.insert(name.to_string(), v.clone());
            }
        }
        Value::Object(cfg)
    }

    /// Whether a `replace_triggered_by` reference fires: the resource instance it names has
    /// a planned change, or the attribute it names changes. Evaluated in the instance's
    /// scope (`count.index`, `each.key` bound).
    pub fn triggered(&self, ev: &Evaluator, walker: &Walker) -> DResult<bool> {
        for e in &self.replace_triggered_by {
            // Evaluating the reference walks the resource it names first.
            ev.eval(e)?;
            let ExprKind::Traversal(base, ops) = &e.kind else { continue };
            let ExprKind::Var(rtype) = &base.kind else { continue };
            let Some(OpKind::Attr(rname)) = ops.first().map(|o| &o.kind) else {
                continue;
            };
            let mut rest = &ops[1..];
            let key = match rest.first().map(|o| &o.kind) {
                Some(OpKind::Index(x)) => {
                    rest = &rest[1..];
                    match ev.eval(x)? {
                        Value::Number(n) => n.to_i64().map(InstanceKey::Int),
                        Value::String(s) => Some(InstanceKey::Str(s.to_string())),
                        _ => None,
                    }
                }
                _ => None,
            };
            let attr = match rest.first().map(|o| &o.kind) {
                Some(OpKind::Attr(a)) => Some(a.clone()),
                _ => None,
            };
            let changes = walker.shared.changes.borrow();
            let named: Vec<&crate::workflow::model::ResourceChange> = changes
                .iter()
                .filter(|c| {
                    let r = &c.addr.resource;
                    r.rtype == *rtype && r.name == *rname && r.module == walker.module
                })
                .filter(|c| key.as_ref().is_none_or(|k| *k == c.addr.key))
                .collect();
            // A reference to what has no instance planned is Terraform's sourceless error
            // (EvaluateReplaceTriggeredBy: "no change found for terraform_data.web in the
            // root module", tf-oracle 1.6.6 to 1.14.9 with `count = 0`), for every instance
            // that names it, created or not.
            if named.is_empty() {
                let subject = match &key {
                    Some(k) => format!("{rtype}.{rname}{k}"),
                    None => format!("{rtype}.{rname}"),
                };
                let place = if walker.module.is_empty() {
                    "the root module".to_string()
                } else {
                    crate::workflow::model::address::module_path(&walker.module)
                };
                return Err(crate::lang::Diag::new(format!("no change found for {subject} in {place}"), ""));
            }
            for c in named {
                // A resource being created for the first time triggers nothing: there was no
                // change to an existing object.
                if c.action == Action::Create {
                    continue;
                }
                let fires = match &attr {
                    None => c.action != Action::NoOp,
                    Some(a) => {
                        let get = |v: &Value| match v {
                            Value::Object(m) => m.get(a).cloned(),
                            _ => None,
                        };
                        match (get(&c.before), get(&c.after)) {
                            (Some(b), Some(x)) => x.has_unknown() || !builtin::raw_equal(&b, &x),
                            _ => c.action != Action::NoOp,
                        }
                    }
                };
                if fires {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }
}
