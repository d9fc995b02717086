//! The references a drafted question carries besides its lesson: the official documentation
//! page of the function or feature it tests (terraform), and the exam objective the bank's
//! questions on the same lesson section serve.

use crate::lang::syntax::walk;
use crate::lang::syntax::{Expr, ExprKind, parse_expr};

use std::collections::BTreeMap;

use crate::bank::model::{LessonRef, Question, Source};

const LANGUAGE: &str = "https://developer.hashicorp.com/terraform/language";

/// The exam objective the bank's questions on `lesson` serve most often (ties go to the lower
/// id): a draft files under the objective of its neighbours, as `objectives.yaml` numbers it.
pub fn objective_of_section(questions: &[Question], lesson: &LessonRef) -> Option<String> {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for q in questions.iter().filter(|q| q.lesson == *lesson) {
        if let Some(o) = &q.refs.objective {
            *counts.entry(o.as_str()).or_default() += 1;
        }
    }
    let most = counts.values().copied().max()?;
    counts.into_iter().find(|(_, n)| *n == most).map(|(o, _)| o.to_string())
}

/// The name of the function an expression is a call of (`merge` for `merge(a, b)`; through
/// parentheses and a traversal of the call, `keys(x)[0]`), if it is one. Provider functions
/// are named `provider::NAME::FUNC`.
pub fn outermost_function(expr: &str) -> Option<String> {
    let e = parse_expr(expr).ok()?;
    call_name(&e)
}

fn call_name(e: &Expr) -> Option<String> {
    match &e.kind {
        ExprKind::Call(c) => Some(c.full_name()),
        ExprKind::Paren(x) | ExprKind::TemplateWrap(x) => call_name(x),
        ExprKind::Traversal(x, _) => call_name(x),
        _ => None,
    }
}

/// The built-in functions an expression calls, outermost first.
pub fn called_functions(expr: &str) -> Vec<String> {
    let Ok(e) = parse_expr(expr) else { return Vec::new() };
    let mut out: Vec<String> = Vec::new();
    for x in walk::nodes(&e) {
        if let ExprKind::Call(c) = &x.kind
            && c.namespace.is_empty()
            && !out.contains(&c.name)
        {
            out.push(c.name.clone());
        }
    }
    out
}

/// The documentation page of what a terraform source tests: the outermost function's page,
/// else the feature its configuration uses (dynamic blocks, optional attributes, custom
/// conditions, check blocks), else the expression's own kind (for, conditional, splat,
/// template, operators, references).
pub fn docs_page(source: &Source) -> Option<String> {
    if let Some(f) = outermost_function(&source.expr) {
        return Some(if f.starts_with("provider::") {
            format!("{LANGUAGE}/functions")
        } else {
            format!("{LANGUAGE}/functions/{f}")
        });
    }
    let config = source.config.as_deref().unwrap_or_default();
    let has_block = |kind: &str| {
        config.lines().any(|l| {
            let t = l.trim_start();
            t.strip_prefix(kind).is_some_and(|r| r.starts_with(' ') || r.starts_with('{'))
        })
    };
    if source.condition.is_some() || has_block("precondition") || has_block("postcondition") {
        if has_block("check") {
            return Some(format!("{LANGUAGE}/checks"));
        }
        return Some(format!("{LANGUAGE}/expressions/custom-conditions"));
    }
    if has_block("dynamic") {
        return Some(format!("{LANGUAGE}/expressions/dynamic-blocks"));
    }
    if config.contains("optional(") {
        return Some(format!("{LANGUAGE}/expressions/type-constraints#optional-object-type-attributes"));
    }
    let e = parse_expr(&source.expr).ok()?;
    let page = match &e.kind {
        ExprKind::For(_) => "expressions/for",
        ExprKind::Cond(..) => "expressions/conditionals",
        ExprKind::Template(_) => "expressions/strings",
        ExprKind::Binary(..) | ExprKind::Unary(..) => "expressions/operators",
        ExprKind::Traversal(..) if source.expr.contains("[*]") || source.expr.contains(".*") => "expressions/splat",
        ExprKind::Traversal(..) | ExprKind::Var(_) => "expressions/references",
        _ => "expressions/types",
    };
    Some(format!("{LANGUAGE}/{page}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn src(expr: &str, config: Option<&str>) -> Source {
        Source {
            expr: expr.into(),
            config: config.map(str::to_string),
            ..Source::default()
        }
    }

    #[test]
    fn docs_pages() {
        let page = |e: &str, c: Option<&str>| docs_page(&src(e, c)).unwrap_or_default();
        assert_eq!(page("merge(local.a, local.b)", None), format!("{LANGUAGE}/functions/merge"));
        assert_eq!(page("keys(local.m)[0]", None), format!("{LANGUAGE}/functions/keys"));
        assert_eq!(page("[for x in local.l : x]", None), format!("{LANGUAGE}/expressions/for"));
        let opt = "variable \"v\" {\n  type = object({ a = optional(string, \"x\") })\n}\n";
        assert_eq!(
            page("var.v.a", Some(opt)),
            format!("{LANGUAGE}/expressions/type-constraints#optional-object-type-attributes")
        );
        assert_eq!(outermost_function("(upper(\"a\"))").as_deref(), Some("upper"));
        assert_eq!(called_functions("merge(a, lookup(b, \"k\", 1))"), vec!["merge", "lookup"]);
    }
}
