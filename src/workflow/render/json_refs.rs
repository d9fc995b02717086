//! What an expression refers to, as `show -json`'s configuration lists it (jsonconfig's
//! marshalExpression): HCL's traversals in the order its walk meets them, each parsed as a
//! reference and unwrapped step by step (`terraform_data.a[0].output`, `terraform_data.a[0]`,
//! `terraform_data.a`); and the constant value of an expression that refers to nothing.

use crate::lang::syntax::{Expr, ExprKind, OpKind, walk};
use crate::lang::{Value, value::number::Number};

/// One step of an absolute traversal.
#[derive(Clone, Debug)]
enum Step {
    Attr(String),
    Index(Value),
}

/// A traversal: its root name and its literal steps.
type Traversal = (String, Vec<Step>);

/// The literal index key of `e`, when it is one (HCL folds a literal index into the
/// traversal).
fn literal_key(e: &Expr) -> Option<Value> {
    match &e.kind {
        ExprKind::Number(n) => Some(Value::Number(n.clone())),
        ExprKind::Str(s) => Some(Value::string(s.as_str())),
        _ => None,
    }
}

/// Collects the traversals of `e` in HCL's walk order; `shadowed` are the names a `for`
/// binds, whose traversals are not references.
fn traversals(e: &Expr, shadowed: &[String], out: &mut Vec<Traversal>) {
    match &e.kind {
        ExprKind::Var(root) => {
            if !shadowed.contains(root) {
                out.push((root.clone(), Vec::new()));
            }
        }
        ExprKind::Traversal(base, ops) => {
            let mut rest = &ops[..];
            if let ExprKind::Var(root) = &base.kind {
                let mut steps = Vec::new();
                while let Some(op) = rest.first() {
                    match &op.kind {
                        OpKind::Attr(a) => steps.push(Step::Attr(a.clone())),
                        OpKind::LegacyIndex(i) => steps.push(Step::Index(Value::int(*i as i64))),
                        OpKind::Index(k) => match literal_key(k) {
                            Some(v) => steps.push(Step::Index(v)),
                            None => break,
                        },
                        _ => break,
                    }
                    rest = &rest[1..];
                }
                if !shadowed.contains(root) {
                    out.push((root.clone(), steps));
                }
            } else {
                traversals(base, shadowed, out);
            }
            for op in rest {
                if let OpKind::Index(k) = &op.kind {
                    traversals(k, shadowed, out);
                }
            }
        }
        ExprKind::For(f) => {
            traversals(&f.collection, shadowed, out);
            let mut inner = shadowed.to_vec();
            inner.push(f.value_var.clone());
            if let Some(k) = &f.key_var {
                inner.push(k.clone());
            }
            if let Some(k) = &f.key {
                traversals(k, &inner, out);
            }
            traversals(&f.value, &inner, out);
            if let Some(c) = &f.cond {
                traversals(c, &inner, out);
            }
        }
        ExprKind::Template(parts) => {
            // The template walk binds each `%{ for }` directive's names for its body.
            let mut scopes = vec![shadowed.to_vec()];
            walk::template_exprs(parts, &mut scopes, &mut |x, s| traversals(x, &s.concat(), out));
        }
        _ => {
            for c in walk::children(e) {
                traversals(c, shadowed, out);
            }
        }
    }
}

/// A key as HCL's traversalStr prints it: strings quoted as Go's %q, numbers as
/// big.Float's Text('g', 10).
fn key_text(v: &Value) -> String {
    match v {
        Value::String(s) => {
            let mut q = String::new();
            crate::lang::funcs::write_go_json_string(s, &mut q);
            q
        }
        Value::Number(n) => number_g10(n),
        _ => String::new(),
    }
}

fn number_g10(n: &Number) -> String {
    // Integers (the only keys a configuration uses) print as themselves.
    n.to_text()
}

fn steps_text(steps: &[Step]) -> String {
    steps
        .iter()
        .map(|s| match s {
            Step::Attr(a) => format!(".{a}"),
            Step::Index(k) => format!("[{}]", key_text(k)),
        })
        .collect()
}

/// A traversal parsed as Terraform's addrs.ParseRef parses it: the subject's text, how many
/// steps it takes, and the extra, shorter subject Terraform adds (a resource or module call
/// without its key, a module call without its output); `None` when it is no reference.
fn parse_ref(root: &str, steps: &[Step]) -> Option<(String, usize, Option<String>)> {
    let attr = |i: usize| match steps.get(i) {
        Some(Step::Attr(a)) => Some(a.as_str()),
        _ => None,
    };
    let key = |i: usize| match steps.get(i) {
        Some(Step::Index(k)) => Some(format!("[{}]", key_text(k))),
        _ => None,
    };
    match root {
        "var" | "local" | "path" | "terraform" | "count" => Some((format!("{root}.{}", attr(0)?), 1, None)),
        "each" => Some((format!("each.{}", attr(0)?), 1, None)),
        "self" => Some(("self".into(), 0, None)),
        "module" => {
            let name = attr(0)?;
            let call = format!("module.{name}");
            let (inst, used) = match key(1) {
                Some(k) => (format!("{call}{k}"), 2),
                None => (call.clone(), 1),
            };
            match attr(used) {
                Some(out) => Some((format!("{inst}.{out}"), used + 1, Some(call))),
                None if used == 2 => Some((inst, used, Some(call))),
                None => Some((inst, used, None)),
            }
        }
        "data" => {
            let (t, n) = (attr(0)?, attr(1)?);
            let res = format!("data.{t}.{n}");
            match key(2) {
                Some(k) => Some((format!("{res}{k}"), 3, Some(res))),
                None => Some((res, 2, None)),
            }
        }
        "resource" | "ephemeral" | "run" | "action" => None,
        t => {
            let n = attr(0)?;
            let res = format!("{t}.{n}");
            match key(1) {
                Some(k) => Some((format!("{res}{k}"), 2, Some(res))),
                None => Some((res, 1, None)),
            }
        }
    }
}

/// The references list of an expression.
pub fn references(e: &Expr) -> Vec<String> {
    let mut found = Vec::new();
    traversals(e, &[], &mut found);
    let mut out = Vec::new();
    for (root, steps) in found {
        let Some((subject, used, extra)) = parse_ref(&root, &steps) else {
            continue;
        };
        let mut remains = &steps[used.min(steps.len())..];
        while !remains.is_empty() {
            out.push(format!("{subject}{}", steps_text(remains)));
            remains = &remains[..remains.len() - 1];
        }
        out.push(subject);
        if let Some(x) = extra {
            out.push(x);
        }
    }
    out
}

/// The subject of a `depends_on` entry (`terraform_data.a`, `module.w`).
pub fn subject(e: &Expr) -> Option<String> {
    let mut found = Vec::new();
    traversals(e, &[], &mut found);
    let (root, steps) = found.into_iter().next()?;
    parse_ref(&root, &steps).map(|(s, _, _)| s)
}

/// True when the expression refers to nothing and calls nothing: HCL then evaluates it
/// without a context to its constant value.
pub fn is_constant(e: &Expr) -> bool {
    walk::nodes(e)
        .iter()
        .all(|n| !matches!(n.kind, ExprKind::Var(_) | ExprKind::Call(_) | ExprKind::For(_)))
}

/// A reference as the attribute analysis follows it.
#[derive(Clone, Debug)]
pub enum Ref {
    /// A resource (instance) with the attribute path after it.
    Resource {
        /// The resource's address in its module, without a key (`terraform_data.a`).
        addr: String,
        /// The instance's address in its module (`terraform_data.a[0]`).
        module_free: String,
        /// The instance key.
        key: crate::workflow::model::address::InstanceKey,
        /// A data source.
        data: bool,
        /// The type.
        rtype: String,
        /// The name.
        name: String,
        /// The path after it: attribute names as strings, index keys as their JSON.
        attr: Vec<crate::workflow::state::json::Json>,
    },
    /// `local.NAME`.
    Local(String),
    /// `var.NAME`.
    Var(String),
    /// `module.CALL.OUTPUT` (with or without a key).
    ModuleOutput {
        /// The call's name.
        call: String,
        /// The instance key, when the reference gives one.
        key: Option<crate::workflow::model::address::InstanceKey>,
        /// The output's name.
        output: String,
    },
    /// `module.CALL` or `module.CALL[KEY]` with no output named (a splat, or the whole
    /// object): Terraform's analysis takes it as every output of that instance.
    ModuleCall {
        /// The call's name.
        call: String,
        /// The instance key, when the reference gives one.
        key: Option<crate::workflow::model::address::InstanceKey>,
    },
    /// Anything else (`count.index`, `path.module`).
    Other,
}

fn step_json(s: &Step) -> crate::workflow::state::json::Json {
    use crate::workflow::state::json::Json;
    match s {
        Step::Attr(a) => Json::str(a.clone()),
        Step::Index(Value::Number(n)) => Json::Number(n.to_text()),
        Step::Index(Value::String(k)) => Json::str(k.to_string()),
        Step::Index(_) => Json::Null,
    }
}

fn instance_key(s: Option<&Step>) -> Option<crate::workflow::model::address::InstanceKey> {
    use crate::workflow::model::address::InstanceKey;
    match s {
        Some(Step::Index(Value::Number(n))) => n.to_text().parse().ok().map(InstanceKey::Int),
        Some(Step::Index(Value::String(k))) => Some(InstanceKey::Str(k.to_string())),
        _ => None,
    }
}

/// The references of an expression, parsed for the attribute analysis.
pub fn references_parsed(e: &Expr) -> Vec<Ref> {
    use crate::workflow::model::address::InstanceKey;
    let mut found = Vec::new();
    traversals(e, &[], &mut found);
    found
        .into_iter()
        .map(|(root, steps)| {
            let attr = |i: usize| match steps.get(i) {
                Some(Step::Attr(a)) => Some(a.clone()),
                _ => None,
            };
            match root.as_str() {
                "local" => attr(0).map_or(Ref::Other, Ref::Local),
                "var" => attr(0).map_or(Ref::Other, Ref::Var),
                "module" => {
                    let at = if matches!(steps.get(1), Some(Step::Index(_))) { 2 } else { 1 };
                    match (attr(0), attr(at)) {
                        (Some(call), Some(output)) => Ref::ModuleOutput {
                            call,
                            key: if at == 2 { instance_key(steps.get(1)) } else { None },
                            output,
                        },
                        (Some(call), None) => Ref::ModuleCall {
                            call,
                            key: if at == 2 { instance_key(steps.get(1)) } else { None },
                        },
                        _ => Ref::Other,
                    }
                }
                "count" | "each" | "path" | "terraform" | "self" | "resource" | "ephemeral" => Ref::Other,
                _ => {
                    let data = root == "data";
                    let (rtype, name, next) = if data {
                        match (attr(0), attr(1)) {
                            (Some(t), Some(n)) => (t, n, 2),
                            _ => return Ref::Other,
                        }
                    } else {
                        match attr(0) {
                            Some(n) => (root.clone(), n, 1),
                            None => return Ref::Other,
                        }
                    };
                    let addr = if data {
                        format!("data.{rtype}.{name}")
                    } else {
                        format!("{rtype}.{name}")
                    };
                    let (key, rest) = match instance_key(steps.get(next)) {
                        Some(k) => (k, next + 1),
                        None => (InstanceKey::None, next),
                    };
                    let module_free = if rest > next {
                        format!("{addr}{}", steps_text(&steps[next..rest]))
                    } else {
                        addr.clone()
                    };
                    Ref::Resource {
                        addr,
                        module_free,
                        key,
                        data,
                        rtype,
                        name,
                        attr: steps[rest.min(steps.len())..].iter().map(step_json).collect(),
                    }
                }
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expr(src: &str) -> Expr {
        crate::lang::syntax::parse_expr(src).expect("parses")
    }

    #[test]
    fn references_unwrap_as_terraform_does() {
        assert_eq!(
            references(&expr("{ x = terraform_data.a.output, n = count.index }")),
            ["terraform_data.a.output", "terraform_data.a", "count.index"]
        );
        assert_eq!(
            references(&expr("terraform_data.a[0].output")),
            ["terraform_data.a[0].output", "terraform_data.a[0]", "terraform_data.a"]
        );
        assert_eq!(references(&expr("module.w.output")), ["module.w.output", "module.w"]);
        assert!(matches!(references_parsed(&expr("var.input"))[0], Ref::Var(_)));
    }
}
