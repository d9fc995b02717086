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

use crate::lang::eval::{Evaluator, ITEM_COST, NODE_COST, weigh};
use crate::lang::syntax::diag::Diag;
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
        // provider::terraform:: functions writing or reading HCL (indented like YAML).
        "encode_expr" | "encode_tfvars" => a.first().map_or(0, |v| encoded(v, 0, left, true)),
        "decode_tfvars" => decoded(text(0), yaml_separators(text(0), left)),
        "yamlencode" => a.first().map_or(0, |v| encoded(v, 0, left, true)),
        "jsondecode" => decoded(text(0), json_separators(text(0), left)),
        "yamldecode" => decoded(text(0), yaml_separators(text(0), left)),
        "csvdecode" => csv(text(0), left),
        // These copy their arguments (a deep copy of every element): the copy is charged
        // before it is made rather than after.
        // (Those that keep only part of their arguments, as `keys` or `slice`, are weighed when
        // they return: charging all of it would refuse what fits.)
        "flatten" | "chunklist" | "concat" | "reverse" | "sort" | "values" | "zipmap" | "merge" | "tolist" | "toset" | "tomap"
        | "setunion" | "strrev" | "upper" | "lower" | "title" => args_weight(a, left),
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
/// each verb's width and precision (padding up to that many characters). Numbers are read as
/// Go's `parsenum` reads them, which gives up past a million (the verb is then not padded).
fn format_width(spec: &str) -> u64 {
    let b = spec.as_bytes();
    let mut total = spec.len() as u64 + ITEM_COST;
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'%' {
            i += 1;
            continue;
        }
        i += 1;
        if b.get(i) == Some(&b'%') {
            i += 1;
            continue;
        }
        while matches!(b.get(i), Some(b'#' | b'0' | b'+' | b'-' | b' ')) {
            i += 1;
        }
        total = total.saturating_add(parsenum(b, &mut i));
        if b.get(i) == Some(&b'.') {
            i += 1;
            total = total.saturating_add(parsenum(b, &mut i));
        }
    }
    total
}

/// The number at `b[*i..]` (0 when absent or when Go would give up on it), moving past it.
fn parsenum(b: &[u8], i: &mut usize) -> u64 {
    let mut n = 0u64;
    let mut overflow = false;
    while let Some(d) = b.get(*i).copied().filter(u8::is_ascii_digit) {
        overflow |= n > 1_000_000;
        n = n.saturating_mul(10).saturating_add(u64::from(d - b'0'));
        *i += 1;
    }
    if overflow { 0 } else { n }
}

fn formatlist(a: &[Value], left: u64) -> u64 {
    let Some(spec) = a.first().and_then(Value::as_str) else { return 0 };
    let args = &a[1..];
    let lists: Vec<usize> = args.iter().filter_map(|v| v.as_seq().map(<[Value]>::len)).collect();
    // Rows: the lists' common length, or (as a learner may believe, up to 10 000) their product.
    let longest = lists.iter().copied().max().unwrap_or(1).max(1) as u64;
    let product = lists.iter().fold(1u64, |t, &n| t.saturating_mul(n.max(1) as u64));
    let rows = if product <= 10_000 { longest.max(product) } else { longest };
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
        Value::Marked(inner, _) => Box::new(std::iter::once((None, &**inner))),
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
    let b = text.as_bytes();
    for (i, &c) in b.iter().enumerate() {
        // `-` and `:` are indicators only before a space or a line end.
        let indicator = matches!(b.get(i + 1), None | Some(b' ' | b'\n' | b'\r' | b'\t'));
        match c {
            b'\n' | b',' | b'[' | b'{' => n += 2,
            b':' | b'-' if indicator => n += 2,
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
        // Widths and precisions count: %09999999d pads to 10^7 characters, and a width Go
        // gives up on, or digits outside a verb, do not.
        assert!(estimate("format", &[st("%09999999d"), Value::int(0)], big) > 9_999_999);
        assert!(estimate("format", &[st("%.9999999f"), Value::int(0)], big) > 9_999_999);
        assert!(estimate("format", &[st("%0100000000d"), Value::int(0)], big) < 1000);
        assert!(estimate("format", &[st("id-9999999-%d%%9999999"), Value::int(0)], big) < 1000);
        assert_eq!(estimate("lookup", &[st("x")], big), 0);
    }

    /// The bytes charged evaluating `src`, or the error's summary.
    fn spent(src: &str) -> Result<u64, String> {
        use crate::lang::dialect::rules::Rules;
        use crate::lang::eval::EmptyScope;
        use crate::lang::eval::host::Host;
        use crate::lang::funcs::Registry;
        let (rules, funcs, host) = (Rules::real(), Registry::builtins(), Host::default());
        let ev = Evaluator::new(&rules, &EmptyScope, &funcs, &host);
        let e = crate::lang::syntax::parse_expr(src).map_err(|d| d.summary)?;
        ev.eval(&e).map_err(|d| d.summary)?;
        Ok(ev.spent())
    }

    #[test]
    fn a_reserved_result_is_not_charged_twice() {
        // 100 000 one-character values: charged once as reserved, not again when weighed.
        let n = 100_000u64;
        for src in [
            r#"split("", format("%0100000d", 0))"#,
            r#"regexall("0", format("%0100000d", 0))"#,
            r#"regexall("(?i)0", format("%0100000d", 0))"#,
        ] {
            let got = spent(src).unwrap_or_else(|e| panic!("{src}: {e}"));
            assert!(got >= n * ITEM_COST, "{src}: {got}");
            assert!(got < n * (ITEM_COST + NODE_COST + NODE_COST / 2), "{src}: {got}");
        }
    }

    #[test]
    fn core_namespace_is_estimated_as_the_plain_name() {
        let plain = spent(r#"split("", format("%0100000d", 0))"#);
        assert_eq!(spent(r#"core::split("", format("%0100000d", 0))"#), plain);
    }

    #[test]
    fn growth_is_refused_before_it_is_built() {
        // (expression, refused): each hostile one is far past the budget, each other one is not.
        let table: &[(&str, bool)] = &[
            (r#"split("", format("%01000000d", 0))"#, true),
            (r#"split(",", "a,b,c")"#, false),
            (r#"core::split("", format("%01000000d", 0))"#, true),
            (r#"join(format("%01000000d", 0), range(100))"#, true),
            (r#"join(format("%01000d", 0), range(100))"#, false),
            (r#"replace(format("%01000d", 0), "0", format("%0100000d", 0))"#, true),
            (r#"replace(format("%01000d", 0), "0", format("%0100d", 0))"#, false),
            (r#"indent(100000, replace(format("%01000d", 0), "0", "\n"))"#, true),
            (
                r#"format("%09999999d%09999999d%09999999d%09999999d%09999999d%09999999d%09999999d", 0, 0, 0, 0, 0, 0, 0)"#,
                true,
            ),
            (r#"format("%099999999d", 0)"#, false),
            (r#"formatlist("id-9999999-%d", range(1000))"#, false),
            (r#"formatlist("%s-%s-%s", range(1000), range(1000), range(1000))"#, false),
            (r#"yamldecode(replace(format("%01000000d", 0), "0", "-"))"#, false),
            (r#"formatlist("%01000000d", range(1000))"#, true),
            (r#"formatlist("%0100d", range(1000))"#, false),
            ("setproduct(range(1000), range(500))", true),
            ("setproduct(range(100), range(100))", false),
            (
                r#"transpose({format("%0100000d", 0) = [for i in range(1024) : tostring(i)]})"#,
                true,
            ),
            (r#"csvdecode(replace(format("%0500000d", 0), "0", "a,\n"))"#, true),
            (r#"jsondecode(jsonencode(range(1000)))"#, false),
            (r#"yamlencode(replace(format("%09000000d", 0), "0", "\u0001"))"#, true),
            (r#"jsonencode(replace(format("%09000000d", 0), "0", "<"))"#, true),
            (r#"jsonencode(replace(format("%01000000d", 0), "0", "<"))"#, false),
            (r#""%{for i in range(1000)}${format("%0100000d", i)}%{endfor}""#, true),
            (r#"{for i in range(1024) : format("%0100000d", i) => i}"#, true),
        ];
        for (src, refused) in table {
            match spent(src) {
                Ok(n) => assert!(!refused, "{src}: evaluated, {n} bytes"),
                Err(e) => {
                    assert!(refused, "{src}: {e}");
                    assert_eq!(e, "Evaluation too large", "{src}");
                }
            }
        }
    }

    #[test]
    fn separator_counts_skip_strings() {
        assert_eq!(json_separators(r#"[1,"a,b,c",{"k":2}]"#, u64::MAX / 4), 6);
        assert_eq!(json_separators("[1,1,1,1,1,1,1,1,1]", ITEM_COST * 2), 4);
    }
}
