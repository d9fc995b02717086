//! The collection functions, as Terraform 1.14 defines them (go-cty's stdlib plus Terraform's
//! own `lang/funcs`): sequences in [`seq`], maps and objects in [`maps`], sets in [`sets`].

mod maps;
mod seq;
mod sets;

use super::{FnError, Func, Param, Registry};
use crate::lang::value::{Type, Value};

/// The error of a function removed in Terraform 0.12 (`list`, `map`).
fn gone_message(name: &str, literal: &str) -> String {
    format!(
        "the \"{name}\" function was deprecated in Terraform v0.12 and is no longer available; use {literal} syntax to write a literal {name}"
    )
}

/// Registers the collection functions.
pub fn register(r: &mut Registry) {
    let p = Param::new;
    let dynamic = Type::Dynamic;
    let list_of = |t: Type| Type::list(t);

    r.add(
        "alltrue",
        Func::new(vec![p("list", list_of(Type::Bool))], seq::alltrue).returns(Type::Bool),
    );
    r.add(
        "anytrue",
        Func::new(vec![p("list", list_of(Type::Bool))], seq::anytrue).returns(Type::Bool),
    );
    r.add(
        "chunklist",
        Func::new(vec![p("list", list_of(Type::Dynamic)), p("size", Type::Number)], seq::chunklist),
    );
    r.add(
        "coalesce",
        Func::new(vec![], seq::coalesce).variadic(p("vals", dynamic.clone()).nullable().unknowns()),
    );
    r.add(
        "coalescelist",
        Func::new(vec![], seq::coalescelist).variadic(p("vals", dynamic.clone()).nullable().unknowns()),
    );
    r.add(
        "compact",
        Func::new(vec![p("list", list_of(Type::String))], seq::compact).returns(list_of(Type::String)),
    );
    r.add(
        "concat",
        Func::new(vec![], seq::concat).variadic(p("seqs", dynamic.clone()).unknowns()),
    );
    r.add(
        "contains",
        Func::new(vec![p("list", dynamic.clone()), p("value", dynamic.clone())], seq::contains).returns(Type::Bool),
    );
    // `list()` and `map()` left the language in Terraform 0.12 but stay in the function table
    // so that a call explains itself (Terraform's lang/funcs/collection.go).
    let gone = |f: super::Impl| Func::new(vec![], f).variadic(p("vals", Type::Dynamic).nullable().unknowns().marked());
    r.add("list", gone(|_, _| Err(FnError::Call(gone_message("list", "tolist([ ... ])")))));
    r.add("map", gone(|_, _| Err(FnError::Call(gone_message("map", "tomap({ ... })")))));
    r.add("distinct", Func::new(vec![p("list", list_of(Type::Dynamic))], seq::distinct));
    r.add(
        "element",
        Func::new(vec![p("list", dynamic.clone()), p("index", Type::Number)], seq::element),
    );
    r.add("flatten", Func::new(vec![p("list", dynamic.clone())], seq::flatten));
    r.add(
        "index",
        Func::new(vec![p("list", dynamic.clone()), p("value", dynamic.clone())], seq::index).returns(Type::Number),
    );
    r.add(
        "length",
        Func::new(vec![p("value", dynamic.clone()).unknowns()], seq::length).returns(Type::Number),
    );
    r.add("one", Func::new(vec![p("list", dynamic.clone())], seq::one));
    r.add(
        "range",
        Func::new(vec![], seq::range)
            .variadic(p("params", Type::Number))
            .returns(list_of(Type::Number)),
    );
    r.add("reverse", Func::new(vec![p("list", dynamic.clone())], seq::reverse));
    r.add(
        "slice",
        Func::new(
            vec![
                p("list", dynamic.clone()),
                p("start_index", Type::Number),
                p("end_index", Type::Number),
            ],
            seq::slice,
        ),
    );
    r.add(
        "sort",
        Func::new(vec![p("list", list_of(Type::String)).unknowns()], seq::sort).returns(list_of(Type::String)),
    );
    r.add("sum", Func::new(vec![p("list", dynamic.clone())], seq::sum).returns(Type::Number));

    r.add("keys", Func::new(vec![p("inputMap", dynamic.clone()).unknowns()], maps::keys));
    r.add("values", Func::new(vec![p("mapping", dynamic.clone())], maps::values));
    r.add(
        "lookup",
        // inputMap takes null so that lookup() itself refuses it (see maps::lookup).
        Func::new(
            vec![p("inputMap", dynamic.clone()).nullable(), p("key", Type::String)],
            maps::lookup,
        )
        .variadic(p("default", dynamic.clone()).nullable().unknowns()),
    );
    r.add(
        "matchkeys",
        Func::new(
            vec![
                p("values", list_of(Type::Dynamic)),
                p("keys", list_of(Type::Dynamic)),
                p("searchset", list_of(Type::Dynamic)),
            ],
            maps::matchkeys,
        ),
    );
    r.add(
        "merge",
        Func::new(vec![], maps::merge).variadic(p("maps", dynamic.clone()).nullable()),
    );
    r.add(
        "transpose",
        Func::new(vec![p("values", Type::map(list_of(Type::String)))], maps::transpose).returns(Type::map(list_of(Type::String))),
    );
    r.add(
        "zipmap",
        Func::new(vec![p("keys", list_of(Type::String)), p("values", dynamic.clone())], maps::zipmap),
    );

    let any_set = || Type::set(Type::Dynamic);
    r.add(
        "setintersection",
        Func::new(vec![p("first_set", any_set())], sets::intersection).variadic(p("other_sets", any_set())),
    );
    r.add(
        "setunion",
        Func::new(vec![p("first_set", any_set())], sets::union).variadic(p("other_sets", any_set())),
    );
    r.add("setsubtract", Func::new(vec![p("a", any_set()), p("b", any_set())], sets::subtract));
    r.add(
        "setproduct",
        Func::new(vec![], sets::product).variadic(p("sets", dynamic).unknowns()),
    );
}

/// gocty's conversion of a number to a Go `int`, with its error message.
fn go_int(v: &Value) -> Result<i64, String> {
    v.as_number()
        .and_then(|n| n.to_i64())
        .ok_or_else(|| "value must be a whole number, between -9223372036854775808 and 9223372036854775807".to_string())
}

/// An error from inside a function (`Call to function "f" failed: MSG.`).
fn call_err<T>(msg: impl Into<String>) -> Result<T, FnError> {
    Err(FnError::Call(msg.into()))
}

/// An error about argument `i` (`Invalid value for "p" parameter: MSG.`).
fn arg_err<T>(i: usize, msg: impl Into<String>) -> Result<T, FnError> {
    Err(FnError::Arg(i, msg.into()))
}

/// The element type of a list, set or map type (`any` otherwise).
fn elem_of(t: &Type) -> Type {
    t.element().cloned().unwrap_or(Type::Dynamic)
}

/// The type go-cty's type functions give a collection function's result from its argument
/// types, where that depends on them, for a call with an unknown argument (so that the
/// unknown result can be refined as Terraform's is); `None` when it cannot be told.
pub(crate) fn result_type(name: &str, a: &[Value]) -> Option<Type> {
    let tys: Vec<Type> = a.iter().map(Value::ty).collect();
    let first = tys.first().cloned();
    match (name, first) {
        (_, None | Some(Type::Dynamic)) => None,
        ("merge", Some(t @ (Type::Map(_) | Type::Object(_)))) if tys.iter().all(|u| *u == t) => Some(t),
        ("distinct" | "reverse" | "slice" | "matchkeys", Some(t @ Type::List(_))) => Some(t),
        ("chunklist", Some(t @ Type::List(_))) => Some(Type::list(t)),
        ("values", Some(Type::Map(e))) => Some(Type::list(*e)),
        ("lookup", Some(Type::Map(e))) => Some(*e),
        ("values", Some(Type::Object(m))) => Some(Type::Tuple(m.into_values().collect())),
        ("zipmap", _) => match tys.get(1) {
            Some(Type::List(e) | Type::Set(e)) => Some(Type::map((**e).clone())),
            _ => None,
        },
        ("setunion" | "setintersection" | "setsubtract", _) => sets::set_ret_type(a).ok(),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use crate::lang::dialect::rules::{Rule, Rules};
    use crate::lang::session::Session;

    /// The one-line result (or error detail) and whether `rule` was consulted.
    fn eval(src: &str, rules: &Rules, rule: Rule) -> (String, bool) {
        let o = Session::new().eval(src, rules, false);
        let out = match o.result {
            Ok(a) => a.one_line(),
            Err(d) => format!("error: {}", d.summary),
        };
        (out, o.touched.contains(&rule))
    }

    /// Checks the real and the flipped result of `src` for `rule`.
    fn flip(rule: Rule, src: &str, real: &str, flipped: &str) {
        assert_eq!(eval(src, &Rules::real(), rule), (real.to_string(), true), "real: {src}");
        assert_eq!(eval(src, &Rules::with(rule), rule), (flipped.to_string(), true), "flipped: {src}");
    }

    /// Checks that `src` does not consult `rule`.
    fn untouched(rule: Rule, src: &str) {
        assert!(!eval(src, &Rules::with(rule), rule).1, "{src} consulted {rule:?}");
    }

    #[test]
    fn merge_flips() {
        flip(Rule::MergeLastWins, "merge({a = 1}, {a = 2})", r#"{ "a" = 2 }"#, r#"{ "a" = 1 }"#);
        untouched(Rule::MergeLastWins, "merge({a = 1}, {b = 2})");
        flip(
            Rule::MergeShallow,
            "merge({a = {x = 1}}, {a = {y = 2}})",
            r#"{ "a" = { "y" = 2 } }"#,
            r#"{ "a" = { "x" = 1, "y" = 2 } }"#,
        );
        untouched(Rule::MergeShallow, "merge({a = 1}, {a = 2})");
    }

    #[test]
    fn sort_flip() {
        flip(
            Rule::SortLexical,
            "sort([3, 1, 10])",
            r#"tolist(["1", "10", "3"])"#,
            r#"tolist(["1", "3", "10"])"#,
        );
        untouched(Rule::SortLexical, r#"sort(["b", "a"])"#);
        untouched(Rule::SortLexical, "sort([1, 2, 3])");
    }

    #[test]
    fn slice_flips() {
        flip(Rule::SliceEndExclusive, "slice([1, 2, 3, 4], 1, 3)", "[2, 3]", "[2, 3, 4]");
        untouched(Rule::SliceEndExclusive, "slice([1, 2, 3, 4], 1, 4)");
        flip(Rule::SliceReturnsList, "slice([1, 2, 3], 1, 2)", "[2]", "2");
        untouched(Rule::SliceReturnsList, "slice([1, 2, 3], 0, 2)");
    }

    #[test]
    fn element_flip() {
        flip(Rule::ElementWraps, r#"element(["a", "b"], 3)"#, r#""b""#, "error: Invalid index");
        untouched(Rule::ElementWraps, r#"element(["a", "b"], 1)"#);
        untouched(Rule::ElementWraps, r#"element(["a", "b"], -1)"#);
    }

    #[test]
    fn coalesce_flip() {
        flip(Rule::CoalesceSkipsEmptyString, r#"coalesce("", "b")"#, r#""b""#, r#""""#);
        untouched(Rule::CoalesceSkipsEmptyString, r#"coalesce("a", "")"#);
    }

    #[test]
    fn flatten_flip() {
        flip(Rule::FlattenDeep, r#"flatten([[["a"]], "b"])"#, r#"["a", "b"]"#, r#"[["a"], "b"]"#);
        untouched(Rule::FlattenDeep, r#"flatten([["a"], "b"])"#);
    }

    #[test]
    fn length_flip() {
        flip(Rule::LengthCountsGraphemes, r#"length("héllo")"#, "5", "6");
        untouched(Rule::LengthCountsGraphemes, r#"length("hello")"#);
    }
}
