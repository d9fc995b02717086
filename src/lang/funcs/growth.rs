//! What a built-in function whose result can outgrow its arguments is about to build,
//! estimated BEFORE it builds it, so that the evaluation budget ([`SIZE_BUDGET`]) refuses a
//! hostile call before the memory is taken (#18 point 3): `split("", <30 MB>)` is thirty
//! million values, far more than its one string argument.
//!
//! Each estimate counts what the result will hold: a slot per value ([`NODE_COST`]), a shared
//! text header per string ([`ITEM_COST`]) and the text. Counting passes stop as soon as the
//! estimate is past the budget left, so a refused call costs no more than the budget. Functions
//! that must match to know their size (`regex`, `regexall`, a regular-expression `replace`)
//! meter themselves as they go, in `string/regexp.rs`.
//!
//! [`SIZE_BUDGET`]: crate::lang::eval::SIZE_BUDGET

use crate::lang::diag::Diag;
use crate::lang::eval::{Evaluator, ITEM_COST, NODE_COST, weigh};
use crate::lang::value::Value;

/// Reserves the estimated size of `name(a...)`'s result against the budget.
pub fn reserve(ev: &Evaluator, name: &str, a: &[Value]) -> Result<(), Diag> {
    let est = estimate(name, a, ev.budget_left());
    if est > 0 { ev.reserve(est) } else { Ok(()) }
}

/// The bytes `name(a...)` will build, or 0 for a function whose result is no larger than its
/// arguments (those are weighed when they return). `left` is the budget left: counting past
/// it is wasted work.
pub fn estimate(name: &str, a: &[Value], left: u64) -> u64 {
    let text = |i: usize| a.get(i).and_then(Value::as_str).unwrap_or("");
    let len = |i: usize| text(i).len() as u64;
    match name {
        "split" => split(text(0), text(1), left),
        "join" => join(a),
        "replace" => replace(text(0), text(1), text(2), left),
        "indent" => indent(a, text(1)),
        "format" => format_width(text(0)).saturating_add(args_weight(&a[1.min(a.len())..], left)),
        "formatlist" => formatlist(a, left),
        "setproduct" => setproduct(a, left),
        "transpose" => transpose(a, left),
        "base64encode" | "base64gzip" => len(0).saturating_add(64).saturating_mul(4) / 3 + ITEM_COST,
        // UTF-16 or UTF-32 (up to four bytes a character), then base64.
        "textencodebase64" => len(0).saturating_mul(6).saturating_add(ITEM_COST),
        "urlencode" => len(0).saturating_mul(3).saturating_add(ITEM_COST),
        "jsonencode" => a.first().map_or(0, |v| encoded(v, 0, left, false)),
        "yamlencode" => a.first().map_or(0, |v| encoded(v, 0, left, true)),
        "jsondecode" => decoded(text(0), json_separators(text(0), left)),
        "yamldecode" => decoded(text(0), yaml_separators(text(0), left)),
        "csvdecode" => csv(text(0), left),
        // These copy their arguments (a deep copy of every element): the copy is charged
        // before it is made rather than after.
        "flatten" | "chunklist" | "concat" | "reverse" | "distinct" | "sort" | "keys" | "values" | "zipmap" | "merge" | "tolist"
        | "toset" | "tomap" | "slice" | "setunion" | "setintersection" | "setsubtract" | "coalescelist" | "compact" | "matchkeys"
        | "strrev" | "upper" | "lower" | "title" => args_weight(a, left),
        _ => 0,
    }
}

/// The weight of `a` together, counted up to just past `left`.
fn args_weight(a: &[Value], left: u64) -> u64 {
    a.iter().fold(0u64, |t, v| {
        if t > left {
            t
        } else {
            t.saturating_add(weigh(v, left.saturating_sub(t).saturating_add(1)))
        }
    })
}

/// How many items of `per` bytes fit in `left`, plus one: counting further is pointless.
fn fit(left: u64, per: u64) -> usize {
    usize::try_from(left / per.max(1)).unwrap_or(usize::MAX).saturating_add(1)
}

fn split(sep: &str, x: &str, left: u64) -> u64 {
    let cap = fit(left, ITEM_COST);
    let pieces = if sep.is_empty() {
        x.chars().take(cap).count()
    } else {
        x.matches(sep).take(cap).count().saturating_add(1)
    };
    (pieces as u64).saturating_mul(ITEM_COST).saturating_add(x.len() as u64)
}

fn join(a: &[Value]) -> u64 {
    let sep = a.first().and_then(Value::as_str).unwrap_or("").len() as u64;
    let mut n = 0u64;
    let mut total = 0u64;
    for list in a.iter().skip(1) {
        for v in list.as_seq().unwrap_or(&[]) {
            n = n.saturating_add(1);
            // Two more a piece for the quotes a learner may believe join() adds.
            total = total.saturating_add(v.as_str().map_or(0, str::len) as u64).saturating_add(2);
        }
    }
    total
        .saturating_add(n.saturating_sub(1).saturating_mul(sep))
        .saturating_add(ITEM_COST)
}

fn replace(x: &str, search: &str, with: &str, left: u64) -> u64 {
    // A regular expression (`/.../`) is metered as it replaces.
    if search.len() > 1 && search.starts_with('/') && search.ends_with('/') {
        return 0;
    }
    let cap = fit(left, with.len() as u64);
    let count = if search.is_empty() {
        x.chars().take(cap).count().saturating_add(1)
    } else {
        x.matches(search).take(cap).count()
    };
    (count as u64)
        .saturating_mul(with.len() as u64)
        .saturating_add(x.len() as u64)
        .saturating_add(ITEM_COST)
}

fn indent(a: &[Value], x: &str) -> u64 {
    let spaces = a.first().and_then(Value::as_number).and_then(|n| n.to_i64()).unwrap_or(0).max(0) as u64;
    let lines = x.bytes().filter(|&b| b == b'\n').count() as u64;
    spaces
        .saturating_mul(lines)
        .saturating_add(x.len() as u64)
        .saturating_add(ITEM_COST)
}

/// An upper bound on what a format string adds besides its arguments' text: its own text and
/// every number in it (widths and precisions pad up to that many characters).
fn format_width(spec: &str) -> u64 {
    let mut total = spec.len() as u64 + ITEM_COST;
    let mut run = 0u64;
    for b in spec.bytes().chain(std::iter::once(b' ')) {
        if b.is_ascii_digit() {
            run = run.saturating_mul(10).saturating_add(u64::from(b - b'0'));
        } else {
            total = total.saturating_add(run);
            run = 0;
        }
    }
    total
}

fn formatlist(a: &[Value], left: u64) -> u64 {
    let Some(spec) = a.first().and_then(Value::as_str) else { return 0 };
    let args = &a[1..];
    let lists: Vec<usize> = args.iter().filter_map(|v| v.as_seq().map(<[Value]>::len)).collect();
    // Rows: the lists' common length, or (as a learner may believe) their product.
    let rows = lists.iter().fold(1u64, |t, &n| t.saturating_mul(n.max(1) as u64));
    let scalars: Vec<Value> = args.iter().filter(|v| v.as_seq().is_none()).cloned().collect();
    let per_row = format_width(spec).saturating_add(args_weight(&scalars, left));
    rows.saturating_mul(per_row).saturating_add(args_weight(args, left))
}

fn setproduct(a: &[Value], left: u64) -> u64 {
    let mut total = 1u64;
    let mut per_tuple = NODE_COST.saturating_mul(a.len() as u64 + 1);
    for v in a {
        let n = v.as_seq().map_or(0, <[Value]>::len) as u64;
        total = total.saturating_mul(n);
        if let Some(each) = weigh(v, left.saturating_add(1)).checked_div(n) {
            per_tuple = per_tuple.saturating_add(each);
        }
    }
    total.saturating_mul(per_tuple)
}

fn transpose(a: &[Value], left: u64) -> u64 {
    let Some(m) = a.first().and_then(Value::as_entries) else { return 0 };
    let mut total = 0u64;
    for (k, list) in m {
        let items = list.as_seq().unwrap_or(&[]);
        // Each element becomes a key, and each key is copied into every list it lands in.
        for v in items {
            let key = v.as_str().map_or(0, str::len) as u64;
            total = total
                .saturating_add(ITEM_COST.saturating_mul(2))
                .saturating_add(key)
                .saturating_add(k.len() as u64);
        }
        if total > left {
            return total;
        }
    }
    total
}

/// An upper bound on the JSON (or YAML) text of `v` at nesting `depth`: quoting and escapes
/// (up to six bytes for one), separators, and YAML's indentation.
fn encoded(v: &Value, depth: u64, left: u64, yaml: bool) -> u64 {
    let indent = if yaml { depth.saturating_mul(2) } else { 0 };
    let node = 8u64.saturating_add(indent);
    let string = |s: &str| {
        let escaped = s
            .bytes()
            .filter(|&b| b < 0x20 || b == b'<' || b == b'>' || b == b'&' || b == 0x7f)
            .count() as u64;
        (s.len() as u64).saturating_add(escaped.saturating_mul(5)).saturating_add(2)
    };
    let mut total = match v {
        Value::String(s) => string(s),
        Value::Number(_) => 32,
        _ => 0,
    }
    .saturating_add(node);
    let children: Box<dyn Iterator<Item = (Option<&String>, &Value)>> = match v {
        Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => Box::new(vs.iter().map(|x| (None, x))),
        Value::Map(_, m) | Value::Object(m) => Box::new(m.iter().map(|(k, x)| (Some(k), x))),
        Value::Sensitive(inner) => Box::new(std::iter::once((None, &**inner))),
        _ => Box::new(std::iter::empty()),
    };
    for (k, x) in children {
        if total > left {
            break;
        }
        let key = k.map_or(0, |k| string(k));
        total = total
            .saturating_add(key)
            .saturating_add(encoded(x, depth.saturating_add(1), left.saturating_sub(total), yaml));
    }
    total.saturating_add(ITEM_COST)
}

/// The size of the values decoded from `text` holding at most `nodes` values: a slot each, a
/// key or string header each, and the text.
fn decoded(text: &str, nodes: u64) -> u64 {
    // A map entry holds its key as a `String` (three words) besides the value.
    let per = ITEM_COST.saturating_add(3 * std::mem::size_of::<usize>() as u64);
    nodes.saturating_mul(per).saturating_add(text.len() as u64)
}

/// An upper bound on the values in a JSON text: every value but the first follows a `,`, a
/// `:` or an opening bracket outside strings.
fn json_separators(text: &str, left: u64) -> u64 {
    let cap = fit(left, ITEM_COST) as u64;
    let (mut n, mut in_str, mut esc) = (1u64, false, false);
    for b in text.bytes() {
        match b {
            _ if esc => esc = false,
            b'\\' if in_str => esc = true,
            b'"' => in_str = !in_str,
            b',' | b':' | b'[' | b'{' if !in_str => n += 1,
            _ => {}
        }
        if n > cap {
            break;
        }
    }
    n
}

/// An upper bound on the values in a YAML text: at most a key and a value a line, and a value
/// per flow separator or bracket.
fn yaml_separators(text: &str, left: u64) -> u64 {
    let cap = fit(left, ITEM_COST) as u64;
    let mut n = 2u64;
    for b in text.bytes() {
        match b {
            b'\n' | b',' | b'[' | b'{' | b':' | b'-' => n += 2,
            _ => {}
        }
        if n > cap {
            break;
        }
    }
    n
}

/// An upper bound on `csvdecode(text)`: one object a line, each holding every column of the
/// header line (its names copied into every row).
fn csv(text: &str, left: u64) -> u64 {
    let header = text.split('\n').next().unwrap_or("");
    let cols = header.bytes().filter(|&b| b == b',').count() as u64 + 1;
    let per_row = cols
        .saturating_mul(decoded("", 1))
        .saturating_add(header.len() as u64)
        .saturating_add(NODE_COST);
    let cap = fit(left, per_row);
    let rows = text.bytes().filter(|&b| b == b'\n').take(cap).count() as u64 + 1;
    rows.saturating_mul(per_row).saturating_add(text.len() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn st(s: &str) -> Value {
        Value::string(s)
    }

    #[test]
    fn estimates_grow_with_the_result_not_the_arguments() {
        let big = u64::MAX / 4;
        // One string of 1000 bytes splits into 1000 values.
        let x = "a".repeat(1000);
        assert_eq!(estimate("split", &[st(""), st(&x)], big), 1000 * ITEM_COST + 1000);
        assert_eq!(estimate("split", &[st(","), st("a,b,c")], big), 3 * ITEM_COST + 5);
        // Counting stops once past the budget left.
        assert!(estimate("split", &[st(""), st(&x)], 10 * ITEM_COST) <= 12 * ITEM_COST + 1000);
        // replace("aaa", "a", <100 bytes>) is 300 bytes.
        let w = "b".repeat(100);
        assert_eq!(estimate("replace", &[st("aaa"), st("a"), st(&w)], big), 300 + 3 + ITEM_COST);
        assert_eq!(estimate("replace", &[st("aaa"), st("/a/"), st(&w)], big), 0);
        // Widths and precisions count: %0100000000d pads to 10^8 characters.
        assert!(estimate("format", &[st("%0100000000d"), Value::int(0)], big) > 100_000_000);
        assert_eq!(estimate("lookup", &[st("x")], big), 0);
    }

    #[test]
    fn separator_counts_skip_strings() {
        assert_eq!(json_separators(r#"[1,"a,b,c",{"k":2}]"#, u64::MAX / 4), 6);
        assert_eq!(json_separators("[1,1,1,1,1,1,1,1,1]", ITEM_COST * 2), 4);
    }
}
