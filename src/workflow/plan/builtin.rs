//! The built-in `terraform_data` resource's own rules (Terraform's
//! internal/builtin/providers/terraform/resource_data.go): how it plans a change, what
//! applying it gives, and what an import gives.

use std::collections::BTreeMap;

use crate::lang::{Type, Value};

/// The resource type this engine manages.
pub const TERRAFORM_DATA: &str = "terraform_data";

/// The attributes of `terraform_data`, every one present in an object (null when unset).
pub const ATTRIBUTES: [&str; 4] = ["id", "input", "output", "triggers_replace"];

/// What the provider plans for one instance.
#[derive(Clone, Debug)]
pub struct Planned {
    /// The planned object.
    pub after: Value,
    /// True when `triggers_replace` changed: the instance must be replaced.
    pub replace: bool,
}

fn attr(obj: &Value, name: &str) -> Value {
    match obj {
        Value::Object(m) => m.get(name).cloned().unwrap_or(Value::Null(Type::Dynamic)),
        Value::Marked(inner, m) => attr(inner, name).mark_with(*m),
        _ => Value::Null(Type::Dynamic),
    }
}

/// The schema's object type of `terraform_data` (`id` a string, the rest dynamic).
pub fn object_type() -> Type {
    let mut m = BTreeMap::new();
    m.insert("id".to_string(), Type::String);
    for name in ["input", "output", "triggers_replace"] {
        m.insert(name.to_string(), Type::Dynamic);
    }
    Type::Object(m)
}

/// An object of `terraform_data` from its attributes.
pub fn object(id: Value, input: Value, output: Value, triggers: Value) -> Value {
    let mut m = BTreeMap::new();
    m.insert("id".to_string(), id);
    m.insert("input".to_string(), input);
    m.insert("output".to_string(), output);
    m.insert("triggers_replace".to_string(), triggers);
    Value::Object(m)
}

/// The output a new object will have: null when the input is null (the output's type always
/// follows the input's), else unknown until apply.
fn pending_output(input: &Value) -> Value {
    if input.is_null() {
        input.clone().unmark_deep().0
    } else if !input.has_unknown() && crate::workflow::model::beliefs::flipped(crate::lang::Rule::ComputedUnknownAtPlan) {
        // The belief that the provider's computed `output` is known while planning.
        input.clone()
    } else {
        Value::unknown(input.ty())
    }
}

/// Two values equal as cty's RawEquals: same type, same value, same marks.
pub fn raw_equal(a: &Value, b: &Value) -> bool {
    a.ty() == b.ty() && crate::lang::value::render::json(a) == crate::lang::value::render::json(b) && same_shape(a, b)
}

// Unknowns and nulls render alike in JSON; tell them apart, and sensitive marks too.
fn same_shape(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Unknown(_, _), Value::Unknown(_, _)) | (Value::Null(_), Value::Null(_)) => true,
        (Value::Unknown(_, _), _) | (_, Value::Unknown(_, _)) | (Value::Null(_), _) | (_, Value::Null(_)) => false,
        (Value::Marked(x, m), Value::Marked(y, n)) => m == n && same_shape(x, y),
        (Value::Marked(..), _) | (_, Value::Marked(..)) => false,
        (Value::List(_, xs), Value::List(_, ys)) | (Value::Set(_, xs), Value::Set(_, ys)) | (Value::Tuple(xs), Value::Tuple(ys)) => {
            xs.len() == ys.len() && xs.iter().zip(ys).all(|(x, y)| same_shape(x, y))
        }
        (Value::Map(_, xs), Value::Map(_, ys)) | (Value::Object(xs), Value::Object(ys)) => {
            xs.len() == ys.len() && xs.iter().zip(ys).all(|((k, x), (l, y))| k == l && same_shape(x, y))
        }
        _ => true,
    }
}

/// The id of an object to be created: unknown, and (from Terraform 1.6, the provider's
/// `RefineNotNull`) known not to be null.
fn new_id() -> Value {
    Value::unknown_not_null(Type::String)
}

/// Plans one instance: `config` holds the configured `input` and `triggers_replace`,
/// `prior` the object in the state (None for a new one). `force_new` asks for a new object
/// whatever changed (tainted, `-replace`, `replace_triggered_by`).
pub fn plan(prior: Option<&Value>, config: &Value, force_new: bool) -> Planned {
    let input = attr(config, "input");
    let triggers = attr(config, "triggers_replace");
    let Some(prior) = prior else {
        return Planned {
            after: object(new_id(), input.clone(), pending_output(&input), triggers),
            replace: false,
        };
    };
    if !raw_equal(&attr(prior, "triggers_replace"), &triggers) {
        return Planned {
            after: object(new_id(), input.clone(), pending_output(&input), triggers),
            replace: true,
        };
    }
    if force_new {
        // The replacement is planned as a create: nothing of the old object is kept.
        return Planned {
            after: object(new_id(), input.clone(), pending_output(&input), triggers),
            replace: false,
        };
    }
    let output = if raw_equal(&attr(prior, "input"), &input) {
        attr(prior, "output")
    } else {
        Value::unknown(input.ty())
    };
    Planned {
        after: object(attr(prior, "id"), input, output, triggers),
        replace: false,
    }
}

/// Applies a planned object: an unknown output takes the input, an unknown id a new UUID.
/// The output is never sensitive: Terraform marks an object's attributes by the paths the
/// configuration made sensitive (`input`), and the provider's output is not one of them
/// (tf-oracle 1.12.2: an output of `terraform_data.a.output` with a sensitive input needs no
/// `sensitive = true`).
pub fn apply(planned: &Value, new_id: &mut dyn FnMut() -> String) -> Value {
    let mut output = attr(planned, "output");
    if output.has_unknown() {
        output = attr(planned, "input").unmark_deep().0;
    }
    let mut id = attr(planned, "id");
    if id.has_unknown() {
        id = Value::string(new_id());
    }
    object(id, attr(planned, "input"), output, attr(planned, "triggers_replace"))
}

/// The object an import of `id` gives: the id, every other attribute null.
pub fn imported(id: &str) -> Value {
    object(
        Value::string(id),
        Value::Null(Type::Dynamic),
        Value::Null(Type::Dynamic),
        Value::Null(Type::Dynamic),
    )
}

/// A UUID drawn from `next` (64 random bits at a time), formatted as Terraform's
/// hashicorp/go-uuid formats one: 8-4-4-4-12 lowercase hex, no version bits set.
pub fn uuid(next: &mut dyn FnMut() -> u64) -> String {
    let (a, b) = (next(), next());
    let hex = format!("{a:016x}{b:016x}");
    format!("{}-{}-{}-{}-{}", &hex[0..8], &hex[8..12], &hex[12..16], &hex[16..20], &hex[20..32])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg(input: Value, triggers: Value) -> Value {
        object(Value::Null(Type::Dynamic), input, Value::Null(Type::Dynamic), triggers)
    }

    #[test]
    fn a_new_object_waits_for_its_id_and_output() {
        let p = plan(None, &cfg(Value::string("x"), Value::Null(Type::Dynamic)), false);
        assert!(attr(&p.after, "id").is_unknown() && attr(&p.after, "output").is_unknown() && !p.replace);
        let p = plan(None, &cfg(Value::Null(Type::Dynamic), Value::Null(Type::Dynamic)), false);
        assert!(attr(&p.after, "output").is_null(), "a null input gives a null output at once");
    }

    #[test]
    fn only_a_trigger_change_replaces() {
        let prior = object(Value::string("i"), Value::string("x"), Value::string("x"), Value::int(1));
        let same = plan(Some(&prior), &cfg(Value::string("x"), Value::int(1)), false);
        assert!(!same.replace && raw_equal(&same.after, &prior));
        let input = plan(Some(&prior), &cfg(Value::string("y"), Value::int(1)), false);
        assert!(!input.replace && attr(&input.after, "output").is_unknown());
        assert!(raw_equal(&attr(&input.after, "id"), &Value::string("i")));
        let trig = plan(Some(&prior), &cfg(Value::string("x"), Value::int(2)), false);
        assert!(trig.replace && attr(&trig.after, "id").is_unknown());
        // RawEquals: the number 1 and the string "1" differ.
        let typed = plan(Some(&prior), &cfg(Value::string("x"), Value::string("1")), false);
        assert!(typed.replace);
    }

    #[test]
    fn apply_fills_what_was_unknown() {
        let p = plan(None, &cfg(Value::string("x"), Value::Null(Type::Dynamic)), false);
        let done = apply(&p.after, &mut || "new".to_string());
        assert!(raw_equal(
            &done,
            &object(
                Value::string("new"),
                Value::string("x"),
                Value::string("x"),
                Value::Null(Type::Dynamic)
            )
        ));
    }

    #[test]
    fn uuids_look_like_go_uuid() {
        let mut n = 0u64;
        let id = uuid(&mut || {
            n += 1;
            n
        });
        assert_eq!(id, "00000000-0000-0001-0000-000000000002");
    }
}
