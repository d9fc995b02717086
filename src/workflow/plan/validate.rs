//! The validate walk, as `terraform validate` runs it and as `plan`, `apply` and `destroy` run
//! it before planning: every variable unknown (of its type, keeping `sensitive`), every
//! resource, data source and module call evaluated once with `count.index`, `each.key` and
//! `each.value` unknown, references to resources unknown, and conditions evaluated only for
//! their errors (Terraform's `walkValidate`; tf-oracle 1.12.2: `output "o" { value =
//! tonumber("x") }` fails the plan before anything is planned or refreshed).

use std::collections::BTreeMap;

use super::conditions::{self, Which};
use super::tree::ModuleTree;
use super::walker::{Phase, Shared, walk_module_all};
use crate::lang::config::resources::{ResourceDecl, expand};
use crate::lang::eval::Evaluator;
use crate::lang::eval::host::Host;
use crate::lang::syntax::BodyAst;
use crate::lang::{Diag, Type, Value};
use crate::workflow::model::Problem;

/// The configuration's errors as the validate walk finds them, each once, in walk order.
pub fn validate(tree: &ModuleTree, host: &Host, version: crate::lang::dialect::releases::TfVersion, workspace: &str) -> Vec<Problem> {
    let planning = super::make::planning_host(host, true);
    let host = &planning;
    let prior = BTreeMap::new();
    let shared = Shared::new(&prior, &[], Phase::Validate, workspace, version, host, Box::new(String::new));
    // A resource whose provider configuration is not there stops the graph from being built:
    // nothing else is reported (tf-oracle 1.12.2).
    let missing = super::providers::missing_configurations(tree);
    if !missing.is_empty() {
        return missing.into_iter().map(|d| shared.problem_for(d)).collect();
    }
    let (_, mut errors) = walk_module_all(&shared, Vec::new(), tree, &BTreeMap::new());
    errors.extend(provider_block_errors(tree));
    if crate::workflow::model::gates::has(version, &crate::workflow::model::gates::IMPORT_TARGET_EXPANSION) {
        errors.extend(super::refactor::import_target_errors(&tree.config));
    }
    errors.into_iter().map(|d| shared.problem_for(d)).collect()
}

/// What validating the `provider "terraform"` blocks of every module refuses.
fn provider_block_errors(tree: &ModuleTree) -> Vec<Diag> {
    let mut out = super::providers::block_errors(&tree.config, &tree.rel_dir);
    for call in tree.calls.values() {
        out.extend(provider_block_errors(&call.tree));
    }
    out
}

/// Every variable of a module unknown, as the validate walk gives them (the type and
/// `sensitive` follow from the declaration).
pub fn unknown_inputs(tree: &ModuleTree) -> BTreeMap<String, Value> {
    tree.config
        .variables
        .keys()
        .map(|k| (k.clone(), Value::unknown(Type::Dynamic)))
        .collect()
}

/// The repetition variables of the one instance the validate walk evaluates: `count.index`
/// an unknown number, `each.key` an unknown string and `each.value` unknown. A `count` or
/// `for_each` whose value is known is checked as the plan would check it.
pub fn stub_repetition(ev: &Evaluator, decl: &ResourceDecl) -> Result<Vec<(String, Value)>, Diag> {
    let object = |pairs: Vec<(&str, Value)>| Value::Object(pairs.into_iter().map(|(k, v)| (k.to_string(), v)).collect());
    let mut known = true;
    for name in ["count", "for_each"] {
        if let Some(a) = decl.body.attr(name) {
            let v = ev.eval(&a.expr)?;
            // Marks are refused before the value need be known.
            if (decl.body.attr("count").is_none() || decl.body.attr("for_each").is_none())
                && let Some(d) = crate::lang::config::resources::marks_error(name, &v, &a.expr.span)
            {
                return Err(d);
            }
            known &= !v.has_unknown();
        }
    }
    if known {
        expand(ev, decl)?;
    }
    Ok(if decl.body.attr("count").is_some() {
        vec![("count".to_string(), object(vec![("index", Value::unknown(Type::Number))]))]
    } else if decl.body.attr("for_each").is_some() {
        vec![(
            "each".to_string(),
            object(vec![
                ("key", Value::unknown(Type::String)),
                ("value", Value::unknown(Type::Dynamic)),
            ]),
        )]
    } else {
        Vec::new()
    })
}

/// Evaluates the conditions and messages of `which` in `body` for their errors only: a
/// condition that is false does not fail validation.
pub fn condition_errors(ev: &Evaluator, body: &BodyAst, which: Which, file: &str) -> Result<(), Diag> {
    for (cond, msg) in conditions::blocks(body, which) {
        ev.eval(cond).map_err(|d| d.in_file(file))?;
        if let Some(m) = msg {
            ev.eval(m).map_err(|d| d.in_file(file))?;
        }
    }
    Ok(())
}

/// A module call's value in the validate walk: an object of its outputs, all unknown (a list
/// of them with `count`, a map with `for_each`).
pub fn module_value(tree: &ModuleTree, count: bool, for_each: bool) -> Value {
    let object = Type::Object(tree.config.outputs.iter().map(|(n, ..)| (n.clone(), Type::Dynamic)).collect());
    Value::unknown(if count {
        Type::List(Box::new(object))
    } else if for_each {
        Type::Map(Box::new(object))
    } else {
        object
    })
}
