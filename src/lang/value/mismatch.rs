//! Why a value of one type cannot become another, in go-cty's words (its `MismatchMessage`):
//! the text Terraform puts after "Invalid value for "list" parameter: " when an argument's
//! *type* rules the conversion out. (A conversion the types allow but a value defeats, such
//! as `"abc"` to a number, has its own message from `convert`.)

use crate::lang::value::Type;
use crate::lang::value::convert::{convertible, unify};

/// go-cty's `MismatchMessage(got, want)`. `but_have` selects go-cty 1.16.3's wording, which
/// names the given type too where that cannot mislead ("bool required, but have number").
pub fn message(got: &Type, want: &Type, but_have: bool) -> String {
    match (got, want) {
        (Type::Object(_), Type::Object(_)) => objects(got, want, but_have),
        (Type::Tuple(_), Type::List(e)) if **e == Type::Dynamic => "all list elements must have the same type".into(),
        (Type::Tuple(_), Type::Set(e)) if **e == Type::Dynamic => "all set elements must have the same type".into(),
        (Type::Object(_), Type::Map(e)) if **e == Type::Dynamic => "all map elements must have the same type".into(),
        (Type::Tuple(_) | Type::Object(_), _) if is_collection(want) => from_structural(got, want, but_have),
        _ if is_collection(got) && is_collection(want) => from_collection(got, want, but_have),
        _ if but_have && !confusing(got, want) => format!("{} required, but have {}", want.friendly(), got.friendly()),
        _ => format!("{} required", constraint_name(want)),
    }
}

/// cty's `FriendlyNameForConstraint`: like the type's friendly name, but `any` is "any type",
/// and a collection of `any` is "list of any single type".
pub fn constraint_name(t: &Type) -> String {
    match t {
        Type::Dynamic => "any type".into(),
        Type::List(e) | Type::Set(e) | Type::Map(e) => {
            let kind = match t {
                Type::List(_) => "list",
                Type::Set(_) => "set",
                _ => "map",
            };
            let elem = if **e == Type::Dynamic {
                "any single type".to_string()
            } else {
                constraint_name(e)
            };
            format!("{kind} of {elem}")
        }
        _ => t.friendly(),
    }
}

fn is_collection(t: &Type) -> bool {
    matches!(t, Type::List(_) | Type::Set(_) | Type::Map(_))
}

fn element(t: &Type) -> Type {
    match t {
        Type::List(e) | Type::Set(e) | Type::Map(e) => (**e).clone(),
        _ => Type::Dynamic,
    }
}

fn objects(got: &Type, want: &Type, but_have: bool) -> String {
    let (Type::Object(have), Type::Object(need)) = (got, want) else {
        return "object required".into();
    };
    let missing: Vec<&String> = need.keys().filter(|k| !have.contains_key(*k)).collect();
    // go-cty reports one attribute that cannot convert at all in preference to one that only
    // converts unsafely; it walks a Go map, so the attribute named is the first in key order
    // here (Terraform may name another when several fail).
    let mut unsafe_one = None;
    let mut safe_one = None;
    for (name, w) in need {
        let Some(g) = have.get(name) else { continue };
        if g == w {
            continue;
        }
        if unsafe_one.is_none() && !convertible(g, w) {
            unsafe_one = Some(format!("attribute {name:?}: {}", message(g, w, but_have)));
        }
        if safe_one.is_none() && !safely_convertible(g, w) {
            safe_one = Some(format!("attribute {name:?}: {}", message(g, w, but_have)));
        }
    }
    match missing.as_slice() {
        [] => unsafe_one.or(safe_one).unwrap_or_else(|| "incorrect object attributes".into()),
        [one] => format!("attribute {one:?} is required"),
        [a, b] => format!("attributes {a:?} and {b:?} are required"),
        [init @ .., last] => {
            let list: Vec<String> = init.iter().map(|k| format!("{k:?}")).collect();
            format!("attributes {}, and {last:?} are required", list.join(", "))
        }
    }
}

fn from_structural(got: &Type, want: &Type, but_have: bool) -> String {
    let kind_fits = matches!(
        (got, want),
        (Type::Tuple(_), Type::List(_) | Type::Set(_)) | (Type::Object(_), Type::Map(_))
    );
    if !kind_fits {
        return format!("{} required", constraint_name(want));
    }
    let want_e = element(want);
    match got {
        Type::Tuple(ts) => {
            for (i, t) in ts.iter().enumerate() {
                if *t != want_e && !convertible(t, &want_e) {
                    return format!("element {i}: {}", message(t, &want_e, but_have));
                }
            }
        }
        Type::Object(attrs) => {
            for (name, t) in attrs {
                if *t != want_e && !convertible(t, &want_e) {
                    return format!("element {name:?}: {}", message(t, &want_e, but_have));
                }
            }
        }
        _ => {}
    }
    format!("all elements must be {}", constraint_name(&want_e))
}

fn from_collection(got: &Type, want: &Type, but_have: bool) -> String {
    let kind_fits = match want {
        Type::List(_) | Type::Set(_) => matches!(got, Type::List(_) | Type::Set(_)),
        _ => matches!(got, Type::Map(_)),
    };
    if !kind_fits {
        return format!("{} required", constraint_name(want));
    }
    let noun = match want {
        Type::List(_) => "list element type",
        Type::Set(_) => "set element type",
        _ => "map element type",
    };
    format!("incorrect {noun}: {}", message(&element(got), &element(want), but_have))
}

/// go-cty 1.16.3's `typesAreLikelyToCauseConfusion`: whether naming both types could mislead
/// (string to number, where the value rather than the type is usually what is wrong).
fn confusing(got: &Type, want: &Type) -> bool {
    if got.is_primitive() != want.is_primitive() || *want == Type::String {
        return false;
    }
    if matches!((got, want), (Type::Number, Type::Bool) | (Type::Bool, Type::Number)) {
        return false;
    }
    if is_collection(got) && is_collection(want) && !element(got).has_dynamic() && element(want).has_dynamic() {
        return false;
    }
    !matches!((got, want), (Type::Tuple(_), Type::Object(_)))
}

/// cty's safe conversions: the unsafe ones less string to number and string to bool.
fn safely_convertible(from: &Type, to: &Type) -> bool {
    match (from, to) {
        (Type::String, Type::Number | Type::Bool) => false,
        (Type::List(a) | Type::Set(a), Type::List(b) | Type::Set(b)) | (Type::Map(a), Type::Map(b)) => safely_convertible(a, b),
        (Type::Tuple(ts), Type::List(b) | Type::Set(b)) if **b != Type::Dynamic => ts.iter().all(|t| safely_convertible(t, b)),
        (Type::Tuple(ts), Type::List(_) | Type::Set(_)) => unify(ts).is_some_and(|u| ts.iter().all(|t| safely_convertible(t, &u))),
        _ => convertible(from, to),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(t: Type) -> Type {
        Type::List(Box::new(t))
    }

    /// One line per case: given type, wanted type, go-cty 1.9's message (Terraform 1.0.3, as the
    /// oracle printed it after "Invalid value for ... parameter: ").
    #[test]
    fn go_cty_1_9_messages() {
        let tuple = |ts: Vec<Type>| Type::Tuple(ts);
        let cases: Vec<(Type, Type, &str)> = vec![
            (tuple(vec![Type::Number]), list(Type::Bool), "element 0: bool required"),
            (
                tuple(vec![Type::Bool, list(Type::Bool)]),
                list(Type::Bool),
                "element 1: bool required",
            ),
            (list(Type::Number), list(Type::Bool), "incorrect list element type: bool required"),
            (Type::Bool, Type::Set(Box::new(Type::Dynamic)), "set of any single type required"),
            (Type::Number, list(Type::Dynamic), "list of any single type required"),
            (
                Type::Map(Box::new(Type::Bool)),
                Type::Map(Box::new(list(Type::String))),
                "incorrect map element type: list of string required",
            ),
            (
                tuple(vec![Type::Number, Type::String.clone(), list(Type::Bool)]),
                list(Type::Dynamic),
                "all list elements must have the same type",
            ),
            (Type::Tuple(vec![]), Type::String, "string required"),
        ];
        for (got, want, text) in cases {
            assert_eq!(message(&got, &want, false), text, "{got:?} -> {want:?}");
        }
    }

    #[test]
    fn go_cty_1_16_names_the_given_type_where_it_cannot_mislead() {
        assert_eq!(
            message(&Type::Tuple(vec![Type::Number]), &list(Type::Bool), true),
            "element 0: bool required, but have number"
        );
        assert_eq!(
            message(&Type::Tuple(vec![]), &Type::String, true),
            "string required, but have tuple"
        );
        // a collection given where a primitive is wanted names both.
        assert_eq!(
            message(&list(Type::String), &Type::Number, true),
            "number required, but have list of string"
        );
    }
}
