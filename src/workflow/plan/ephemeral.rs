//! Where Terraform refuses ephemeral values (1.10+): a resource argument (it is saved in the
//! state), a root module output or one not declared `ephemeral = true`, and a module input
//! variable not declared ephemeral. `count` and `for_each` refuse them in
//! `lang::config::resources::marks_error`.

use std::collections::BTreeMap;

use crate::lang::config::resources::ResourceDecl;
use crate::lang::dialect::releases::TfVersion;
use crate::lang::syntax::Span;
use crate::lang::{Diag, Value};
use crate::workflow::model::gates;

/// One step of a path into a value, as cty names it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Step {
    /// An object's attribute.
    Attr,
    /// A list's or tuple's element.
    Index(usize),
    /// A map's element.
    Key,
}

/// The paths of a value's ephemeral marks, at any depth: Terraform reports one error per
/// marked path (ephemeral.EphemeralValuePaths), whether one path is inside another or not.
fn marked_paths(v: &Value, path: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    if let Value::Marked(inner, m) = v {
        if m.ephemeral() {
            out.push(path.clone());
        }
        return marked_paths(inner, path, out);
    }
    let mut go = |step: Step, x: &Value, out: &mut Vec<Vec<Step>>| {
        path.push(step);
        marked_paths(x, path, out);
        path.pop();
    };
    match v {
        Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => vs.iter().enumerate().for_each(|(i, x)| go(Step::Index(i), x, out)),
        Value::Map(_, m) => m.values().for_each(|x| go(Step::Key, x, out)),
        Value::Object(m) => m.values().for_each(|x| go(Step::Attr, x, out)),
        _ => {}
    }
}

/// Where 1.10 reports a marked path inside argument `attr` (tfdiags' attributeDiagnostic):
/// the argument, or the element of its tuple constructor a last index names; any other path
/// it cannot find, and reports the block's missing-item range (its opening brace, empty).
fn place_1_10(path: &[Step], attr: &crate::lang::syntax::Attr, decl: &ResourceDecl, src: &str) -> Span {
    match path {
        [] => attr.expr.span.clone(),
        [Step::Index(i)] => match &attr.expr.kind {
            crate::lang::syntax::ExprKind::Tuple(items) => items
                .get(*i)
                .map_or(attr.span.start..attr.span.start + attr.name.len(), |e| e.span.clone()),
            _ => attr.expr.span.clone(),
        },
        [Step::Key] => attr.expr.span.clone(),
        _ => {
            let brace = src
                .get(decl.span.clone())
                .and_then(|t| t.find('{'))
                .map_or(decl.span.start, |i| decl.span.start + i);
            brace..brace
        }
    }
}

/// "Invalid use of ephemeral value" for each ephemeral part of a resource's arguments
/// (`config`, by name), each at its argument; before 1.11 with other words, and a part deeper
/// in an argument where Terraform could find it (node_resource_validate.go's
/// validateResourceForbiddenEphemeralValues).
pub fn resource_errors(config: &BTreeMap<String, Value>, decl: &ResourceDecl, src: &str, version: TfVersion) -> Vec<Diag> {
    let mut out = Vec::new();
    let named = gates::has(version, &gates::EPHEMERAL_ATTRIBUTE_NAMED);
    for (name, v) in config {
        let mut paths = Vec::new();
        marked_paths(v, &mut Vec::new(), &mut paths);
        let Some(attr) = decl.body.attr(name) else { continue };
        for path in paths {
            out.push(if named {
                Diag::new(
                    "Invalid use of ephemeral value",
                    format!("Ephemeral values are not valid for {name:?}, because it is not a write-only attribute and must be persisted to state."),
                )
                .at(&attr.expr.span)
            } else {
                Diag::new(
                    "Invalid use of ephemeral value",
                    "Ephemeral values are not valid in resource arguments, because resource instances must persist between Terraform phases.",
                )
                .at(&place_1_10(&path, attr, decl, src))
            });
        }
    }
    out
}

/// "Ephemeral output not allowed": a root module output declared `ephemeral = true`, at its
/// declaration (`decl_range`).
pub fn root_output_error(decl_range: &Span) -> Diag {
    Diag::new(
        "Ephemeral output not allowed",
        "Ephemeral outputs are not allowed in context of a root module",
    )
    .at(decl_range)
}

/// "Ephemeral value not allowed": an output not declared ephemeral given a value derived from
/// one, at its value expression.
pub fn output_value_error(value: &Span) -> Diag {
    Diag::new(
        "Ephemeral value not allowed",
        "This output value is not declared as returning an ephemeral value, so it cannot be set to a result derived from an ephemeral value.",
    )
    .at(value)
}

/// "Ephemeral value not allowed": a module input variable not declared ephemeral given a value
/// derived from one, at the module call's argument (eval_variable.go's wording, "a ephemeral").
pub fn module_input_error(argument: &Span) -> Diag {
    Diag::new(
        "Ephemeral value not allowed",
        "This input variable is not declared as accepting a ephemeral values, so it cannot be set to a result derived from an ephemeral value.",
    )
    .at(argument)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::value::Marks;

    fn eph(v: Value) -> Value {
        v.mark_with(Marks::EPHEMERAL)
    }

    #[test]
    fn one_path_per_ephemeral_mark() {
        let cases: Vec<(Value, Vec<Vec<Step>>)> = vec![
            (Value::string("a"), vec![]),
            (eph(Value::string("a")), vec![vec![]]),
            (
                Value::Tuple(vec![eph(Value::string("a")), eph(Value::string("b"))]),
                vec![vec![Step::Index(0)], vec![Step::Index(1)]],
            ),
            (eph(Value::Tuple(vec![eph(Value::string("a"))])), vec![vec![], vec![Step::Index(0)]]),
            (Value::string("s").mark_with(Marks::SENSITIVE), vec![]),
        ];
        for (v, want) in cases {
            let mut got = Vec::new();
            marked_paths(&v, &mut Vec::new(), &mut got);
            assert_eq!(got, want, "{v:?}");
        }
    }
}
