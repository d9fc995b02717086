//! Type conversion functions (tostring, tonumber, tobool, tolist, toset, tomap) and the
//! sensitivity functions.

use super::{FnError, FnResult, Func, Param, Registry};
use crate::lang::eval::Evaluator;
use crate::lang::value::convert::{convert, mismatch};
use crate::lang::value::{Type, Value};

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
            Ok(a[0].clone().mark_if(true))
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
    // The engine has no ephemeral values (no ephemeral variables or resources), so every value
    // passes through unchanged, marks included.
    r.add(
        "ephemeralasnull",
        Func::new(vec![Param::new("value", Type::Dynamic).nullable().marked().unknowns()], |_, a| {
            Ok(a[0].clone())
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
        return Ok(v.mark_if(marked));
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
        Ok(_) if inner.is_unknown() => Ok(Value::unknown(want.clone()).mark_if(marked)),
        Ok(r) => Ok(r.mark_if(marked)),
        // A sensitive value is not quoted (internal/lang/funcs/conversion.go, every release).
        Err(_) if marked => Err(FnError::Arg(
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
    Ok(a[0].clone().unmark().0)
}
