//! Type conversion functions (tostring, tonumber, tobool, tolist, toset, tomap) and the
//! sensitivity functions.

use super::{FnError, FnResult, Func, Param, Registry};
use crate::lang::eval::Evaluator;
use crate::lang::value::convert::{convert, mismatch};
use crate::lang::value::{Marks, Type, Value};

/// Registers the conversion functions.
pub fn register(r: &mut Registry) {
    // Terraform's MakeToFunc checks the conversion on the type, so an unknown value of a type
    // that cannot convert is refused too (`tostring` of an unknown list).
    let any = || Param::new("v", Type::Dynamic).nullable().marked().unknowns();
    r.add(
        "tostring",
        Func::new(vec![any()], |ev, a| to(ev, &a[0], &Type::String)).returns(Type::String),
    );
    r.add(
        "tonumber",
        Func::new(vec![any()], |ev, a| to(ev, &a[0], &Type::Number)).returns(Type::Number),
    );
    r.add(
        "tobool",
        Func::new(vec![any()], |ev, a| to(ev, &a[0], &Type::Bool)).returns(Type::Bool),
    );
    r.add("tolist", Func::new(vec![any()], |ev, a| to(ev, &a[0], &Type::list(Type::Dynamic))));
    r.add("toset", Func::new(vec![any()], toset));
    r.add("tomap", Func::new(vec![any()], |ev, a| to(ev, &a[0], &Type::map(Type::Dynamic))));
    r.add(
        "sensitive",
        Func::new(vec![Param::new("value", Type::Dynamic).nullable().marked().unknowns()], |_, a| {
            // Adds the sensitive mark, keeping any other.
            Ok(a[0].clone().mark_with(Marks::SENSITIVE))
        }),
    );
    r.add(
        "nonsensitive",
        Func::new(
            vec![Param::new("value", Type::Dynamic).nullable().marked().unknowns()],
            nonsensitive,
        ),
    );
    r.add(
        "issensitive",
        Func::new(vec![Param::new("value", Type::Dynamic).nullable().marked().unknowns()], |ev, a| {
            let unknown = !a[0].is_sensitive()
                && a[0].is_unknown()
                && crate::lang::dialect::releases::has(ev.version, &crate::lang::dialect::releases::ISSENSITIVE_UNKNOWN);
            Ok(if unknown {
                Value::unknown(Type::Bool)
            } else {
                Value::Bool(a[0].is_sensitive())
            })
        })
        .returns(Type::Bool),
    );
    r.add(
        "ephemeralasnull",
        Func::new(vec![Param::new("value", Type::Dynamic).nullable().marked().unknowns()], |_, a| {
            Ok(remove_ephemeral_values(a[0].clone()))
        }),
    );
}

/// The constraint name cty gives in "cannot convert X to Y".
fn constraint_name(t: &Type) -> String {
    match t {
        Type::List(e) if **e == Type::Dynamic => "list of any single type".into(),
        Type::Set(e) if **e == Type::Dynamic => "set of any single type".into(),
        Type::Map(e) if **e == Type::Dynamic => "map of any single type".into(),
        other => other.friendly(),
    }
}

/// toset(); under the "sets keep order and duplicates" misconception, the elements stay as given.
fn toset(ev: &Evaluator, a: &[Value]) -> FnResult {
    let real = to(ev, &a[0], &Type::set(Type::Dynamic))?;
    if let (Value::Set(t, vs), Some(given)) = (&real, a[0].as_seq())
        && (given.len() != vs.len() || given.iter().zip(vs).any(|(g, s)| g.as_str() != s.as_str()))
        && ev.flipped(crate::lang::dialect::rules::Rule::SetLexicalUnique)
    {
        let kept = given
            .iter()
            .map(|g| convert(g, t))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| FnError::Arg(0, e.0))?;
        return Ok(Value::Set(t.clone(), kept));
    }
    Ok(real)
}

fn to(ev: &Evaluator, v: &Value, want: &Type) -> FnResult {
    let (inner, marked) = v.clone().unmark();
    // Before Terraform 1.2 a null stayed an untyped null.
    if inner.is_null() && matches!(inner.ty(), Type::Dynamic) {
        // Since 1.2 an untyped null becomes a null of the wanted type (`tolist(null) /* of
        // dynamic */`); before, it stayed an untyped null.
        let typed = crate::lang::dialect::releases::has(ev.version, &crate::lang::dialect::releases::TYPED_NULL_CONVERSIONS);
        let v = if typed { Value::Null(want.clone()) } else { Value::null() };
        return Ok(v.mark_with(marked));
    }
    let got = inner.ty();
    if !crate::lang::value::convert::convertible(&got, want) && !inner.is_null() {
        return Err(FnError::Arg(
            0,
            match (&got, want) {
                (Type::Tuple(_), Type::Tuple(_)) => format!("incompatible tuple type for conversion: {}", mismatch(&got, want)),
                (Type::Object(_), Type::Object(_)) => format!("incompatible object type for conversion: {}", mismatch(&got, want)),
                _ => format!("cannot convert {} to {}", got.friendly(), constraint_name(want)),
            },
        ));
    }
    match convert(&inner, want) {
        // Terraform's MakeToFunc gives an unknown argument a fresh unknown of the type it
        // converts to (`tolist(x)`: a list of any type): what was known of it, its refinements
        // and its element types, is dropped.
        Ok(_) if inner.is_unknown() => Ok(Value::unknown(want.clone()).mark_with(marked)),
        Ok(r) => Ok(r.mark_with(marked)),
        // A sensitive value is not quoted (internal/lang/funcs/conversion.go, every release); an
        // ephemeral one is.
        Err(_) if marked.sensitive() => Err(FnError::Arg(
            0,
            format!("cannot convert this sensitive {} to {}", got.friendly(), constraint_name(want)),
        )),
        Err(_) => Err(FnError::Arg(
            0,
            match (&inner, want) {
                (Value::String(s), Type::Bool) => format!(
                    "cannot convert {} to bool; only the strings \"true\" or \"false\" are allowed",
                    crate::lang::value::render::go_quote(s)
                ),
                (Value::String(s), Type::Number) => format!(
                    "cannot convert {} to number; given string must be a decimal representation of a number",
                    crate::lang::value::render::go_quote(s)
                ),
                _ => format!("cannot convert {} to {}", got.friendly(), constraint_name(want)),
            },
        )),
    }
}

fn nonsensitive(ev: &Evaluator, a: &[Value]) -> FnResult {
    // Before Terraform 1.7 a value that was not sensitive was an error.
    let gate = &crate::lang::dialect::releases::NONSENSITIVE_LENIENT;
    if !a[0].is_sensitive() && !a[0].is_unknown() && !crate::lang::dialect::releases::has(ev.version, gate) {
        return Err(FnError::Arg(
            0,
            "the given value is not sensitive, so this call is redundant".into(),
        ));
    }
    // Only the sensitive mark goes; any other stays.
    let (v, marks) = a[0].clone().unmark();
    Ok(v.mark_with(marks.without(Marks::SENSITIVE)))
}

/// Terraform's ephemeral.RemoveEphemeralValues (internal/lang/ephemeral/marshal.go, 1.10 on):
/// every part of `v` marked ephemeral, at any depth, becomes a null of its type, or a fresh
/// unknown of its type when it was unknown; the part's other marks are kept. cty.Transform
/// visits the elements before the collection that holds them.
pub fn remove_ephemeral_values(v: Value) -> Value {
    let (inner, marks) = v.unmark();
    let inner = match inner {
        Value::List(t, vs) => Value::List(t, vs.into_iter().map(remove_ephemeral_values).collect()),
        Value::Set(t, vs) => Value::new_set(t, vs.into_iter().map(remove_ephemeral_values).collect()),
        Value::Tuple(vs) => Value::Tuple(vs.into_iter().map(remove_ephemeral_values).collect()),
        Value::Map(t, m) => Value::Map(t, m.into_iter().map(|(k, v)| (k, remove_ephemeral_values(v))).collect()),
        Value::Object(m) => Value::Object(m.into_iter().map(|(k, v)| (k, remove_ephemeral_values(v))).collect()),
        other => other,
    };
    if !marks.ephemeral() {
        return inner.mark_with(marks);
    }
    let kept = marks.without(Marks::EPHEMERAL);
    if inner.is_unknown() {
        // A fresh unknown: the refinements it carried would over-promise about the null.
        Value::unknown(inner.ty()).mark_with(kept)
    } else {
        Value::Null(inner.ty()).mark_with(kept)
    }
}

#[cfg(test)]
mod ephemeral_tests {
    use super::remove_ephemeral_values;
    use crate::lang::dialect::releases::{EPHEMERAL_VALUES, TfVersion};
    use crate::lang::dialect::rules::Rules;
    use crate::lang::eval::DEFAULT_VERSION;
    use crate::lang::session::Session;
    use crate::lang::value::{Marks, Refinement, Type, Value};

    /// `var.t` ephemeral, `var.s` sensitive, `var.u` ephemeral and unset (unknown).
    const CFG: &str = "variable \"t\" {\n  type      = string\n  default   = \"abc\"\n  ephemeral = true\n}\nvariable \"s\" {\n  type      = string\n  default   = \"sec\"\n  sensitive = true\n}\nvariable \"u\" {\n  type      = string\n  ephemeral = true\n}\n";

    fn console(version: TfVersion, expr: &str) -> String {
        let mut s = Session::with_config_text_at("main.tf", CFG, version).unwrap_or_else(|d| panic!("{d}"));
        s.version = Some(version);
        match s.eval(expr, &Rules::real(), false).console_at(version) {
            Ok(out) => out,
            Err(d) => format!("ERR {}: {}", d.summary, d.detail),
        }
    }

    /// What `tf-oracle -C DIR` printed for CFG, the same at 1.10.5, 1.12.2 and 1.14.9.
    const CASES: &[(&str, &str)] = &[
        ("var.t", "(ephemeral value)"),
        ("\"x-${var.t}\"", "(ephemeral value)"),
        ("[var.t]", "[\n  (ephemeral value),\n]"),
        ("var.t == \"a\" ? 1 : 2", "(ephemeral value)"),
        ("length(var.t)", "(ephemeral value)"),
        ("sensitive(var.t)", "(sensitive value)"),
        (
            "{a = var.t, b = var.s, c = 1}",
            "{\n  \"a\" = (ephemeral value)\n  \"b\" = (sensitive value)\n  \"c\" = 1\n}",
        ),
        ("issensitive(var.t)", "false"),
        ("nonsensitive(sensitive(var.t))", "(ephemeral value)"),
        (
            "ephemeralasnull({a = var.t, b = \"x\"})",
            "{\n  \"a\" = tostring(null)\n  \"b\" = \"x\"\n}",
        ),
        (
            "ephemeralasnull({a = var.t, b = \"x\", c = var.s})",
            "{\n  \"a\" = tostring(null)\n  \"b\" = \"x\"\n  \"c\" = (sensitive value)\n}",
        ),
        (
            "ephemeralasnull([var.t, sensitive(var.t), var.s, \"y\"])",
            "[\n  tostring(null),\n  (sensitive value),\n  (sensitive value),\n  \"y\",\n]",
        ),
        ("issensitive(ephemeralasnull(sensitive(var.t)))", "true"),
        ("nonsensitive(ephemeralasnull(sensitive(var.t)))", "tostring(null)"),
        ("terraform.applying", "(ephemeral value)"),
        ("ephemeralasnull(terraform.applying)", "tobool(null)"),
        ("var.u", "(known after apply)"),
        ("ephemeralasnull(var.u)", "(known after apply)"),
        ("ephemeralasnull([var.u, var.t])", "[\n  (known after apply),\n  tostring(null),\n]"),
        ("issensitive(ephemeralasnull(var.u))", "(known after apply)"),
        ("ephemeralasnull({a = sensitive(var.u)})", "{\n  \"a\" = (known after apply)\n}"),
    ];

    #[test]
    fn ephemeral_values_as_the_console_prints_them() {
        for version in [EPHEMERAL_VALUES.since, DEFAULT_VERSION] {
            for (expr, want) in CASES {
                assert_eq!(console(version, expr), *want, "{expr} at {version:?}");
            }
        }
    }

    /// An ephemeral value is quoted in a conversion error, a sensitive one is not (tf-oracle
    /// 1.14.9: `cannot convert "abc" to number; given string must be ...`).
    #[test]
    fn conversion_errors_quote_ephemeral_values() {
        assert!(console(DEFAULT_VERSION, "tonumber(var.t)").contains("cannot convert \"abc\" to number"));
        assert!(console(DEFAULT_VERSION, "tonumber(var.s)").contains("cannot convert this sensitive string to number"));
    }

    #[test]
    fn removing_ephemeral_values_keeps_other_marks_and_forgets_refinements() {
        let e = |v: Value| v.mark_with(Marks::EPHEMERAL);
        let both = Marks::SENSITIVE | Marks::EPHEMERAL;
        let out = remove_ephemeral_values(Value::Tuple(vec![
            e(Value::string("a")),
            Value::string("b").mark_with(both),
            Value::string("c").mark_with(Marks::SENSITIVE),
            e(Value::unknown(Type::String).refine(Refinement::new().not_null().prefix("ab"))),
            e(Value::List(Type::Number, vec![Value::int(1)])),
        ]));
        let Value::Tuple(vs) = out else { panic!("a tuple") };
        assert!(matches!(&vs[0], Value::Null(Type::String)));
        assert!(matches!(&vs[1], Value::Marked(x, m) if *m == Marks::SENSITIVE && matches!(**x, Value::Null(Type::String))));
        assert!(matches!(&vs[2], Value::Marked(x, m) if *m == Marks::SENSITIVE && x.as_str() == Some("c")));
        assert!(matches!(&vs[3], Value::Unknown(Type::String, r) if r.is_empty()));
        assert!(matches!(&vs[4], Value::Null(Type::List(t)) if **t == Type::Number));
    }
}
