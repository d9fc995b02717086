//! Expansion: what `count` and `for_each` make of a declaration, checked the way Rivet checks
//! them (count: a public, nonnegative, whole, compile-time number; for_each: a map or a set of
//! strings, with public, nonempty keys free of control characters).

use crate::lang::Rule;
use crate::lang::eval::Evaluator;
use crate::lang::syntax::diag::DResult;
use crate::lang::syntax::{Attr, Expr, ExprKind, OpKind};
use crate::lang::value::{Type, Value};

use super::decl::{Expansion, Module};
use super::error::ErrorKind;
use super::key::{Key, key_problem, shown};

/// The iteration values one instance sees.
#[derive(Clone, Debug)]
pub enum Iter {
    /// Neither count nor for_each.
    None,
    /// `count.index`
    Count(i64),
    /// `each.key`, `each.value`, and the key's place in key order.
    Each {
        /// `each.key`
        key: String,
        /// `each.value`
        value: Value,
        /// The key's place among the keys in key order (from 0).
        ordinal: usize,
        /// True when for_each is a set, so each.value is the element (the key) itself.
        from_set: bool,
    },
}

/// One instance an expansion will make.
#[derive(Clone, Debug)]
pub struct Planned {
    /// Its key.
    pub key: Key,
    /// What it sees of count / each.
    pub iter: Iter,
    /// Its place in the order the keys were written (for the reorder misconception).
    pub position: usize,
}

/// How many instances an expansion asks for, before they are made (so limits apply first).
pub enum Plan {
    /// A number of slots.
    Count(u128),
    /// Named instances.
    Each(Vec<Planned>),
    /// One un-keyed instance.
    Single,
}

impl Plan {
    /// The number of instances.
    pub fn len(&self) -> u128 {
        match self {
            Plan::Count(n) => *n,
            Plan::Each(v) => v.len() as u128,
            Plan::Single => 1,
        }
    }
    /// The instances (call after the limits allowed `len()` of them).
    pub fn instances(self, ev: &Evaluator) -> Vec<Planned> {
        match self {
            Plan::Single => vec![Planned {
                key: Key::None,
                iter: Iter::None,
                position: 0,
            }],
            Plan::Each(v) => v,
            Plan::Count(n) => {
                let n = n as i64;
                // A learner may number slots from one.
                let base = if n > 0 && ev.flipped(Rule::CountIndexFromOne) { 1 } else { 0 };
                (0..n)
                    .map(|i| Planned {
                        key: Key::Slot(i + base),
                        iter: Iter::Count(i + base),
                        position: i as usize,
                    })
                    .collect()
            }
        }
    }
}

/// Evaluates count / for_each of the declaration `what` in `module`.
pub fn plan(ev: &Evaluator, module: &Module, ex: &Expansion, what: &str) -> DResult<Plan> {
    if let Some(c) = &ex.count {
        return count(ev, c, what);
    }
    if let Some(f) = &ex.for_each {
        return for_each(ev, module, f, what);
    }
    Ok(Plan::Single)
}

fn empty_check(ev: &Evaluator, a: &Attr, what: &str) -> DResult<()> {
    // A learner may believe an expansion must make at least one instance.
    if ev.flipped(Rule::EmptyExpansionIsError) {
        return Err(ErrorKind::Expansion.at(&a.expr.span, format!("{what}: {} makes no instances", a.name)));
    }
    Ok(())
}

fn count(ev: &Evaluator, c: &Attr, what: &str) -> DResult<Plan> {
    let err = |m: String| ErrorKind::Count.at(&c.expr.span, format!("count of {what} {m}"));
    let (v, marked) = ev.eval(&c.expr)?.unmark();
    if marked.sensitive() || v.has_sensitive() {
        return Err(err(
            "is sensitive; count must be public, because the number of instances is part of their identity".into(),
        ));
    }
    if v.has_unknown() {
        return Err(err(
            "is not known at compile time; count must be a compile-time number (if it uses a fact, pass --fact NAME=VALUE)".into(),
        ));
    }
    let n = match &v {
        Value::Number(n) => n.clone(),
        Value::Null(_) => return Err(err("is null; it must be a nonnegative whole number".into())),
        other => return Err(err(format!("must be a number, not a {}", other.ty().friendly()))),
    };
    if !n.is_integer() {
        return Err(err(format!("must be a whole number, not {}", n.to_text())));
    }
    if n.is_negative() {
        return Err(err(format!("must not be negative (it is {})", n.to_text())));
    }
    let len = match n.to_i64() {
        Some(i) => i as u128,
        None => u128::MAX / 2,
    };
    if len == 0 {
        empty_check(ev, c, what)?;
    }
    Ok(Plan::Count(len))
}

/// True when `e` is `var.NAME` for a variable declared sensitive.
fn is_sensitive_var(module: &Module, e: &Expr) -> bool {
    let e = match &e.kind {
        ExprKind::Paren(x) => x,
        _ => e,
    };
    if let ExprKind::Traversal(base, ops) = &e.kind
        && let (ExprKind::Var(root), [op]) = (&base.kind, ops.as_slice())
        && root == "var"
        && let OpKind::Attr(name) = &op.kind
    {
        return module.variables.get(name).is_some_and(|v| v.sensitive);
    }
    false
}

fn for_each(ev: &Evaluator, module: &Module, f: &Attr, what: &str) -> DResult<Plan> {
    let span = &f.expr.span;
    let err = |kind: ErrorKind, m: String| kind.at(span, format!("for_each of {what} {m}"));
    let (v, marked) = ev.eval(&f.expr)?.unmark();
    if marked.sensitive() {
        let allowed = if is_sensitive_var(module, &f.expr) {
            // A learner may believe a sensitive variable hides only its values.
            ev.flipped(Rule::SensitiveVariableKeysPublic)
        } else {
            ev.flipped(Rule::SensitiveKeysAllowed)
        };
        if !allowed {
            return Err(err(
                ErrorKind::Sensitive,
                "is sensitive, so its keys would be sensitive identities; instance keys must be public (keep the keys in a public map and mark only the values sensitive)".into(),
            ));
        }
    }
    if v.is_null() {
        return Err(err(ErrorKind::ForEach, "is null; it must be a map or a set of strings".into()));
    }
    if v.is_unknown() {
        return Err(err(
            ErrorKind::ForEach,
            "is not known at compile time; for_each must be a compile-time map or set (if it uses a fact, pass --fact NAME=VALUE)".into(),
        ));
    }
    let mut out = Vec::new();
    let from_set = !matches!(v, Value::Map(..) | Value::Object(..));
    match &v {
        Value::Map(_, m) | Value::Object(m) => {
            // A learner may believe sensitive values make their public keys sensitive too.
            if !marked.sensitive() && m.values().any(Value::has_sensitive) && ev.flipped(Rule::SensitiveValuesTaintKeys) {
                return Err(err(
                    ErrorKind::Sensitive,
                    "holds sensitive values, so its keys would be sensitive identities".into(),
                ));
            }
            let order = ev.source_order(m);
            for (i, (k, val)) in m.iter().enumerate() {
                let position = order.as_ref().and_then(|o| o.iter().position(|x| x == k)).unwrap_or(i);
                out.push((k.clone(), val.clone().mark_with(marked), position));
            }
        }
        Value::Set(_, vs) => {
            for (i, e) in vs.iter().enumerate() {
                out.push((set_key(ev, e, &err)?, e.clone().mark_with(marked), i));
            }
        }
        Value::List(..) | Value::Tuple(..) => {
            let items = v.as_seq().unwrap_or(&[]);
            let all_strings = items.iter().all(|e| matches!(e.clone().unmark().0, Value::String(_)));
            // A learner may believe a list of strings is an implicit set.
            if all_strings && ev.flipped(Rule::ListIsImplicitSet) {
                let set = Value::new_set(Type::String, items.to_vec());
                for (i, e) in set.as_seq().unwrap_or(&[]).iter().enumerate() {
                    out.push((set_key(ev, e, &err)?, e.clone().mark_with(marked), i));
                }
            } else {
                return Err(err(
                    ErrorKind::ForEach,
                    "is a list, but for_each takes a map or a set of strings; a list is not an implicit set: use toset([...]) to make a set of its strings".into(),
                ));
            }
        }
        other => {
            return Err(err(
                ErrorKind::ForEach,
                format!("is a {}, but for_each takes a map or a set of strings", other.ty().friendly()),
            ));
        }
    }
    for (k, _, _) in &out {
        if let Some(problem) = key_problem(k) {
            let m = if marked.sensitive() {
                problem.to_string()
            } else {
                format!("{problem}; got {}", shown(k))
            };
            return Err(err(ErrorKind::Key, format!("has an unusable key: {m}")));
        }
    }
    if out.is_empty() {
        empty_check(ev, f, what)?;
    }
    Ok(Plan::Each(
        out.into_iter()
            .enumerate()
            .map(|(ordinal, (k, value, position))| Planned {
                key: Key::Name(k.clone()),
                iter: Iter::Each {
                    key: k,
                    value,
                    ordinal,
                    from_set,
                },
                position,
            })
            .collect(),
    ))
}

/// The key a set element gives: it must be a public string.
fn set_key(ev: &Evaluator, e: &Value, err: &dyn Fn(ErrorKind, String) -> crate::lang::Diag) -> DResult<String> {
    let (e, marked) = e.clone().unmark();
    if marked.sensitive() && !ev.flipped(Rule::SensitiveKeysAllowed) {
        return Err(err(
            ErrorKind::Sensitive,
            "holds a sensitive value, which would be a sensitive identity; set values used as keys must be public".into(),
        ));
    }
    match e {
        Value::String(s) => Ok(s.to_string()),
        Value::Null(_) => Err(err(
            ErrorKind::ForEach,
            "holds a null; a set used as for_each must hold strings".into(),
        )),
        Value::Unknown(_, _) => Err(err(
            ErrorKind::ForEach,
            "holds a value that is not known at compile time (if it uses a fact, pass --fact NAME=VALUE)".into(),
        )),
        other => Err(err(
            ErrorKind::ForEach,
            format!(
                "is a set of {}, but for_each takes a set of strings (or a map)",
                other.ty().friendly()
            ),
        )),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use crate::lang::{Rule, Rules};
    use crate::rivet::{ErrorKind, Source, compile};

    const SECRETS: &str = "file \"secrets\" {\n  for_each = { first = sensitive(\"tok-a1\"), second = sensitive(\"tok-b2\") }\n  path     = \"/etc/rivet-${each.key}\"\n  content  = each.value\n}\n";

    #[test]
    fn sensitive_values_keep_public_keys() {
        let run = |rules: &Rules| compile(&Source::text(SECRETS), &BTreeMap::new(), &BTreeMap::new(), rules);
        let real = match run(&Rules::real()) {
            Ok(b) => b,
            Err(e) => panic!("public keys with sensitive values compile: {e}"),
        };
        assert_eq!(real.addresses(), ["file.secrets[\"first\"]", "file.secrets[\"second\"]"]);
        assert!(real.touched.contains(&Rule::SensitiveValuesTaintKeys));
        match run(&Rules::with(Rule::SensitiveValuesTaintKeys)) {
            Err(e) => assert_eq!(e.kind, ErrorKind::Sensitive),
            Ok(b) => panic!("the learner expects a sensitive identity error, got {:?}", b.addresses()),
        }
        let plain = compile(
            &Source::text("file \"a\" {\n  for_each = { x = \"1\" }\n}\n"),
            &BTreeMap::new(),
            &BTreeMap::new(),
            &Rules::real(),
        );
        assert!(
            plain.is_ok_and(|b| !b.touched.contains(&Rule::SensitiveValuesTaintKeys)),
            "no sensitive value: not consulted"
        );
    }
}
