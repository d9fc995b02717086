//! Functions over lists, tuples and sets taken as sequences, plus the value-picking ones
//! (`coalesce`, `coalescelist`) and `range` and `sum`.

use super::{arg_err, call_err, elem_of, go_int};
use crate::lang::dialect::rules::Rule;
use crate::lang::eval::{Evaluator, equals};
use crate::lang::funcs::util::seq as elems;
use crate::lang::funcs::{FnError, FnResult};
use crate::lang::syntax::diag::Diag;
use crate::lang::value::buckets::Buckets;
use crate::lang::value::convert::{convert, unify};
use crate::lang::value::number::Number;
use crate::lang::value::{Type, Value};

fn is_seq_type(t: &Type) -> bool {
    matches!(t, Type::List(_) | Type::Set(_) | Type::Tuple(_))
}

/// `alltrue(list)`: true when every element is true (a null element makes it false).
pub fn alltrue(_: &Evaluator, a: &[Value]) -> FnResult {
    for v in elems(&a[0]) {
        match v {
            Value::Unknown(_, _) => return Ok(Value::unknown(Type::Bool)),
            Value::Null(_) | Value::Bool(false) => return Ok(Value::Bool(false)),
            _ => {}
        }
    }
    Ok(Value::Bool(true))
}

/// `anytrue(list)`: true when some element is true (nulls are skipped).
pub fn anytrue(_: &Evaluator, a: &[Value]) -> FnResult {
    let mut unknown = false;
    for v in elems(&a[0]) {
        match v {
            Value::Unknown(_, _) => unknown = true,
            Value::Bool(true) => return Ok(Value::Bool(true)),
            _ => {}
        }
    }
    Ok(if unknown { Value::unknown(Type::Bool) } else { Value::Bool(false) })
}

/// `chunklist(list, size)`: a list of lists of at most `size` elements (0: one chunk).
pub fn chunklist(_: &Evaluator, a: &[Value]) -> FnResult {
    let list_ty = a[0].ty();
    let et = elem_of(&list_ty);
    let size = go_int(&a[1]).map_err(|e| FnError::Call(format!("invalid size: {e}")))?;
    if size < 0 {
        return call_err("the size argument must be positive");
    }
    let vs = elems(&a[0]);
    if vs.is_empty() {
        return Ok(Value::List(list_ty, vec![]));
    }
    if size == 0 {
        return Ok(Value::List(list_ty, vec![a[0].clone()]));
    }
    let size = usize::try_from(size).unwrap_or(usize::MAX);
    let out = vs.chunks(size).map(|c| Value::List(et.clone(), c.to_vec())).collect();
    Ok(Value::List(list_ty, out))
}

/// `coalesce(vals...)`: the first argument that is neither null nor "", after unifying types.
pub fn coalesce(ev: &Evaluator, a: &[Value]) -> FnResult {
    let tys: Vec<Type> = a.iter().map(Value::ty).collect();
    let ret = match (a.is_empty(), unify(&tys)) {
        (false, Some(t)) => t,
        _ => return call_err("all arguments must have the same type"),
    };
    // A learner may believe coalesce() combines maps key by key, the first argument with a key
    // winning it; consulted only when two or more known maps or objects hold entries.
    let maps: Vec<&std::collections::BTreeMap<String, Value>> = a.iter().filter_map(Value::as_entries).filter(|m| !m.is_empty()).collect();
    if maps.len() > 1 && !a.iter().any(Value::has_unknown) && ev.flipped(Rule::CoalescePicksOne) {
        let mut out = std::collections::BTreeMap::new();
        for m in maps {
            for (k, v) in m {
                out.entry(k.clone()).or_insert_with(|| v.clone());
            }
        }
        return Ok(Value::Object(out));
    }
    for v in a {
        // Terraform drops the conversion's error: the argument is then cty's NilVal, which
        // reads as null and is skipped (coalesce(["x"], toset([1])) is the set).
        let Ok(v) = convert(v, &ret) else { continue };
        if v.is_unknown() {
            return Ok(Value::unknown(ret));
        }
        if v.is_null() {
            continue;
        }
        if ret == Type::String && v.as_str() == Some("") && !ev.flipped(Rule::CoalesceSkipsEmptyString) {
            continue;
        }
        // A learner may believe a string of spaces counts as empty too.
        if ret == Type::String
            && v.as_str().is_some_and(|s| !s.is_empty() && s.trim().is_empty())
            && ev.flipped(Rule::CoalesceWhitespaceIsValue)
        {
            continue;
        }
        // A learner may believe coalesce() skips empty lists too.
        if matches!(v, Value::List(..) | Value::Tuple(..)) && v.is_empty() && ev.flipped(Rule::CoalesceKeepsEmptyList) {
            continue;
        }
        return Ok(v);
    }
    call_err("no non-null, non-empty-string arguments")
}

/// `coalescelist(vals...)`: the first list or tuple argument that is not empty.
pub fn coalescelist(ev: &Evaluator, a: &[Value]) -> FnResult {
    if a.is_empty() {
        return call_err("at least one argument is required");
    }
    let mut ret: Option<Type> = None;
    let mut same = true;
    for v in a {
        if v.is_unknown() {
            same = false;
            break;
        }
        let t = v.ty();
        if !matches!(t, Type::List(_) | Type::Tuple(_)) {
            return call_err("coalescelist arguments must be lists or tuples");
        }
        match &ret {
            None => ret = Some(t),
            Some(r) if *r != t => same = false,
            _ => {}
        }
    }
    let ret = if same { ret.unwrap_or(Type::Dynamic) } else { Type::Dynamic };
    // A learner may believe coalescelist() joins its non-empty arguments like concat().
    if !a.iter().any(Value::is_unknown) {
        let non_empty: Vec<&Value> = a.iter().filter(|v| !v.is_null() && !elems(v).is_empty()).collect();
        if non_empty.len() > 1 && ev.flipped(Rule::CoalescelistPicksOne) {
            return Ok(Value::Tuple(non_empty.iter().flat_map(|v| elems(v).to_vec()).collect()));
        }
    }
    let mut usable_left = a.iter().filter(|v| !v.is_null()).count();
    for v in a {
        if v.is_unknown() {
            return Ok(Value::unknown(ret));
        }
        if v.is_null() {
            continue;
        }
        usable_left -= 1;
        if !elems(v).is_empty() {
            return Ok(v.clone());
        }
        // A learner may believe an empty list is a usable value.
        if usable_left > 0 && ev.flipped(Rule::CoalescelistSkipsEmpty) {
            return Ok(v.clone());
        }
    }
    call_err("no non-null arguments")
}

/// `compact(list)`: the list of strings without nulls and empty strings.
pub fn compact(_: &Evaluator, a: &[Value]) -> FnResult {
    if a[0].has_unknown() {
        return Ok(Value::unknown(Type::list(Type::String)));
    }
    let out = elems(&a[0])
        .iter()
        .filter(|v| !(v.is_null() || v.as_str() == Some("")))
        .cloned()
        .collect();
    Ok(Value::List(Type::String, out))
}

/// `concat(seqs...)`: a list when every argument is a list of a common type, else a tuple.
pub fn concat(_: &Evaluator, a: &[Value]) -> FnResult {
    let Some(first) = a.first() else {
        return call_err("at least one argument is required");
    };
    if a.iter().any(Value::is_unknown) {
        return concat_type(a).map(Value::unknown);
    }
    if matches!(first.ty(), Type::List(_)) && a.iter().all(|v| matches!(v.ty(), Type::List(_))) {
        let tys: Vec<Type> = a.iter().map(Value::ty).collect();
        if let Some(t) = unify(&tys) {
            let mut out = Vec::new();
            for (i, v) in a.iter().enumerate() {
                let c = convert(v, &t).map_err(|e| FnError::Arg(i, e.0))?;
                out.extend(elems(&c).iter().cloned());
            }
            return Ok(Value::List(elem_of(&t), out));
        }
    }
    let mut out = Vec::new();
    for (i, v) in a.iter().enumerate() {
        match v {
            Value::Tuple(vs) | Value::List(_, vs) => out.extend(vs.iter().cloned()),
            _ => return arg_err(i, format!("all arguments must be lists or tuples; got {}", v.ty().friendly())),
        }
    }
    Ok(Value::Tuple(out))
}

/// The type of a `concat` with an unknown argument (its result is unknown of it), as
/// go-cty's type function gives it: lists only, one list of their common type; else a tuple of
/// every element's type, of unknown type once a list is unknown (its length is); an argument
/// of unknown type gives a result of unknown type at once; anything but a list or a tuple is
/// an error.
fn concat_type(a: &[Value]) -> Result<Type, FnError> {
    if a.iter().any(|v| matches!(v, Value::Unknown(Type::Dynamic, _))) {
        return Ok(Type::Dynamic);
    }
    let tys: Vec<Type> = a.iter().map(Value::ty).collect();
    if tys.iter().all(|t| matches!(t, Type::List(_)))
        && let Some(t) = unify(&tys)
    {
        return Ok(t);
    }
    let mut etys = Vec::new();
    for (i, (v, t)) in a.iter().zip(tys).enumerate() {
        match t {
            Type::Tuple(ts) => etys.extend(ts),
            Type::List(_) if v.is_unknown() => return Ok(Type::Dynamic),
            Type::List(e) => etys.extend(std::iter::repeat_n(*e, v.len())),
            t => {
                return Err(FnError::Arg(
                    i,
                    format!("all arguments must be lists or tuples; got {}", t.friendly()),
                ));
            }
        }
    }
    Ok(Type::Tuple(etys))
}

/// `contains(list, value)`: whether the list, tuple or set has an element equal to value.
pub fn contains(ev: &Evaluator, a: &[Value]) -> FnResult {
    let Some(vs) = a[0].as_seq() else {
        return call_err("argument must be list, tuple, or set");
    };
    let mut unknown = false;
    for v in vs {
        // A learner may expect "1" to be found among numbers, as arithmetic would convert it.
        if v.ty() != a[1].ty()
            && v.ty().is_primitive()
            && a[1].ty().is_primitive()
            && let (Ok(x), Ok(y)) = (convert(v, &Type::String), convert(&a[1], &Type::String))
            && equals(&x, &y) == Some(true)
            && ev.flipped(Rule::ContainsNoConversion)
        {
            return Ok(Value::Bool(true));
        }
        match equals(&a[1], v) {
            Some(true) => return Ok(Value::Bool(true)),
            None => unknown = true,
            Some(false) => {}
        }
    }
    Ok(if unknown { Value::unknown(Type::Bool) } else { Value::Bool(false) })
}

/// `distinct(list)`: the list without later duplicates.
pub fn distinct(_: &Evaluator, a: &[Value]) -> FnResult {
    let t = a[0].ty();
    if a[0].has_unknown() {
        return Ok(Value::unknown(t));
    }
    let mut seen = Buckets::default();
    let mut out: Vec<Value> = Vec::new();
    for v in elems(&a[0]) {
        if !seen.any(v, |o, v| equals(o, v) == Some(true)) {
            seen.push(v);
            out.push(v.clone());
        }
    }
    Ok(Value::List(elem_of(&t), out))
}

/// `element(list, index)`: the element at index, wrapping around (negative counts from the end).
pub fn element(ev: &Evaluator, a: &[Value]) -> FnResult {
    // Before 1.10 go-cty's type check refuses a negative index before it looks at the list
    // (`element(true, -1)` is about the index, tf-oracle).
    if a[1]
        .as_number()
        .is_some_and(|n| n.cmp_exact(&crate::lang::value::number::Number::zero()).is_lt())
        && !crate::lang::dialect::releases::has(ev.version, &crate::lang::dialect::releases::ELEMENT_NEGATIVE_INDEX)
    {
        return call_err("cannot use element function with a negative index");
    }
    let vs = match &a[0] {
        Value::List(_, vs) | Value::Tuple(vs) => vs,
        other => return call_err(format!("cannot read elements from {}", other.ty().friendly())),
    };
    let idx = go_int(&a[1]).map_err(|e| FnError::Call(format!("invalid index: {e}")))?;
    if vs.is_empty() {
        return call_err("cannot use element function with an empty list");
    }
    let len = i64::try_from(vs.len()).unwrap_or(i64::MAX);
    if (idx >= len || idx < -len) && ev.flipped(Rule::ElementWraps) {
        return Err(FnError::Diag(Diag::new(
            "Invalid index",
            "The given key does not identify an element in this collection value.",
        )));
    }
    // Terraform 1.9 and earlier refuse a negative index; a learner may believe 1.14 still does.
    let gate = &crate::lang::dialect::releases::ELEMENT_NEGATIVE_INDEX;
    if idx < 0 && (!crate::lang::dialect::releases::has(ev.version, gate) || ev.flipped(Rule::ElementNegativeFromEnd)) {
        return call_err("cannot use element function with a negative index");
    }
    // A learner counting from one takes element(l, 1) for the first element.
    let idx = if idx >= 0 && ev.flipped(Rule::ElementFromZero) {
        idx - 1
    } else {
        idx
    };
    // Terraform 1.10 and 1.11 took Go's remainder (sign of the index) for a tuple and indexed
    // with it: a negative one panicked.
    let rem = idx % len;
    if rem < 0
        && matches!(a[0], Value::Tuple(_))
        && !crate::lang::dialect::releases::has(ev.version, &crate::lang::dialect::releases::ELEMENT_NEGATIVE_TUPLE)
    {
        return call_err(format!(
            "panic in function implementation: runtime error: index out of range [{rem}]"
        ));
    }
    let i = usize::try_from(idx.rem_euclid(len)).unwrap_or(0);
    Ok(vs.get(i).cloned().unwrap_or(Value::null()))
}

/// Appends the flattened elements of `vs` to `out`; false when an unknown sequence stops it.
fn flatten_into(vs: &[Value], deep: bool, out: &mut Vec<Value>) -> bool {
    let mut known = true;
    for v in vs {
        if matches!(v, Value::Unknown(Type::Dynamic, _)) {
            known = false;
        }
        if !v.is_null() && is_seq_type(&v.ty()) {
            if v.is_unknown() {
                known = false;
                continue;
            }
            let inner = elems(v);
            if deep {
                known &= flatten_into(inner, true, out);
            } else {
                out.extend(inner.iter().cloned());
            }
        } else {
            out.push(v.clone());
        }
    }
    known
}

/// `flatten(list)`: a tuple of the elements of the nested sequences, at every depth.
pub fn flatten(ev: &Evaluator, a: &[Value]) -> FnResult {
    if !is_seq_type(&a[0].ty()) {
        return call_err("can only flatten lists, sets and tuples");
    }
    let vs = elems(&a[0]);
    // Deep and one-level flattening differ only when a nested sequence holds a sequence.
    let nested = vs
        .iter()
        .any(|v| !v.is_null() && is_seq_type(&v.ty()) && elems(v).iter().any(|w| !w.is_null() && is_seq_type(&w.ty())));
    let deep = !(nested && ev.flipped(Rule::FlattenDeep));
    let mut out = Vec::new();
    if !flatten_into(vs, deep, &mut out) {
        return Ok(Value::unknown(Type::Dynamic));
    }
    Ok(Value::Tuple(out))
}

/// `index(list, value)`: the position of the first element equal to value.
pub fn index(_: &Evaluator, a: &[Value]) -> FnResult {
    let vs = match &a[0] {
        Value::List(_, vs) | Value::Tuple(vs) => vs,
        _ => return call_err("argument must be a list or tuple"),
    };
    if vs.is_empty() {
        return call_err("cannot search an empty list");
    }
    for (i, v) in vs.iter().enumerate() {
        match equals(v, &a[1]) {
            None => return Ok(Value::unknown(Type::Number)),
            Some(true) => return Ok(Value::int(i64::try_from(i).unwrap_or(i64::MAX))),
            Some(false) => {}
        }
    }
    call_err("item not found")
}

/// `length(value)`: characters of a string, elements of a collection, attributes of an object.
pub fn length(ev: &Evaluator, a: &[Value]) -> FnResult {
    let v = &a[0];
    let count = |n: usize| Ok(Value::int(i64::try_from(n).unwrap_or(i64::MAX)));
    match v.ty() {
        Type::Dynamic => Ok(Value::unknown(Type::Number)),
        Type::Tuple(ts) => count(ts.len()),
        Type::Object(m) => count(m.len()),
        Type::String => match v.as_str() {
            // cty's Strlen: never negative, and at least as long as the known prefix.
            None => {
                let prefix = crate::lang::value::unicode::clusters_at(v.known_prefix(), ev.version).len();
                Ok(Value::unknown(Type::Number).refine(
                    crate::lang::value::Refinement::new()
                        .not_null()
                        .lower(Number::from_i64(0), true)
                        .lower(Number::from_u64(prefix as u64), true),
                ))
            }
            Some(s) => {
                let graphemes = crate::lang::value::unicode::clusters_at(s, ev.version).len();
                if graphemes != s.len() && ev.flipped(Rule::LengthCountsGraphemes) {
                    count(s.len())
                } else {
                    count(graphemes)
                }
            }
        },
        // cty's Length: bounded by what is known of an unknown collection's length; a set
        // whose unknown elements may coalesce has between one and its stored count.
        Type::List(_) | Type::Set(_) | Type::Map(_) => Ok(crate::lang::value::refine::collection_length(v)),
        _ => call_err("argument must be a string, a collection type, or a structural type"),
    }
}

/// `one(list)`: null for no element, the element for one, an error for more.
pub fn one(_: &Evaluator, a: &[Value]) -> FnResult {
    let msg = "must be a list, set, or tuple value with either zero or one elements";
    let (vs, et) = match &a[0] {
        Value::List(t, vs) | Value::Set(t, vs) => (vs, t.clone()),
        Value::Tuple(vs) => (vs, Type::Dynamic),
        _ => return arg_err(0, msg),
    };
    match vs.as_slice() {
        [] => Ok(Value::Null(et)),
        [v] => Ok(v.clone()),
        _ => arg_err(0, msg),
    }
}

/// The most values `range` produces, as in go-cty.
const RANGE_LIMIT: usize = 1024;

/// `range([start,] end [, step])`: a list of numbers counting from start towards end.
pub fn range(ev: &Evaluator, a: &[Value]) -> FnResult {
    let n = |i: usize| a.get(i).and_then(Value::as_number).cloned().unwrap_or_else(Number::zero);
    let lt = |x: &Number, y: &Number| x.cmp_exact(y) == std::cmp::Ordering::Less;
    let (start, end, step) = match a.len() {
        1 => {
            let end = n(0);
            let step = if lt(&end, &Number::from_i64(0)) { -1 } else { 1 };
            (Number::from_i64(0), end, Number::from_i64(step))
        }
        2 => {
            let (start, end) = (n(0), n(1));
            let step = if lt(&end, &start) { -1 } else { 1 };
            (start, end, Number::from_i64(step))
        }
        3 => (n(0), n(1), n(2)),
        _ => return call_err("must have one, two, or three arguments"),
    };
    let down = lt(&step, &Number::from_i64(0));
    if down && lt(&start, &end) {
        return arg_err(1, "end must be less than start when step is negative");
    }
    if !down && lt(&end, &start) {
        return arg_err(1, "end must be greater than start when step is positive");
    }
    // A learner may believe range() includes its end.
    let inclusive = ev.flipped(Rule::RangeEndExclusive);
    // A learner may believe range(n) counts 1..n.
    let (start, end) = if a.len() == 1 && !inclusive && ev.flipped(Rule::RangeFromZero) {
        let one = Number::from_i64(if down { -1 } else { 1 });
        (start.add(&one).unwrap_or(start), end.add(&one).unwrap_or(end))
    } else {
        (start, end)
    };
    let mut vals = Vec::new();
    let mut num = start;
    loop {
        let reached = |x: &Number| {
            if inclusive {
                x.cmp_exact(&end) == std::cmp::Ordering::Equal
            } else {
                false
            }
        };
        let done = if down {
            !lt(&end, &num) && !reached(&num)
        } else {
            !lt(&num, &end) && !reached(&num)
        };
        if done {
            break;
        }
        if vals.len() >= RANGE_LIMIT {
            return call_err(
                "more than 1024 values were generated; either decrease the difference between start and end or use a smaller step",
            );
        }
        let next = num
            .add(&step)
            .map_err(|e| FnError::Call(format!("panic in function implementation: {e}")))?;
        vals.push(Value::Number(num));
        num = next;
    }
    Ok(Value::List(Type::Number, vals))
}

/// `reverse(list)`: the elements in reverse order (a set becomes a list).
pub fn reverse(_: &Evaluator, a: &[Value]) -> FnResult {
    match &a[0] {
        Value::Tuple(vs) => Ok(Value::Tuple(vs.iter().rev().cloned().collect())),
        Value::List(t, vs) | Value::Set(t, vs) => Ok(Value::List(t.clone(), vs.iter().rev().cloned().collect())),
        other => arg_err(0, format!("can only reverse list or tuple values, not {}", other.ty().friendly())),
    }
}

/// `slice(list, start, end)`: the elements from start up to (not including) end.
pub fn slice(ev: &Evaluator, a: &[Value]) -> FnResult {
    let vs = match &a[0] {
        Value::Set(..) => {
            return arg_err(
                0,
                "cannot slice a set, because its elements do not have indices; explicitly convert to a list if the ordering of the result is not important",
            );
        }
        Value::List(_, vs) | Value::Tuple(vs) => vs,
        _ => return arg_err(0, "must be a list or tuple value"),
    };
    let len = vs.len();
    let index = |i: usize, what: &str| -> Result<usize, FnError> {
        let n = go_int(&a[i]).map_err(|e| FnError::Arg(i, format!("invalid {what} index: {e}")))?;
        if n < 0 {
            return arg_err(i, format!("{what} index must not be less than zero"));
        }
        match usize::try_from(n) {
            Ok(n) if n <= len => Ok(n),
            _ => arg_err(i, format!("{what} index must not be greater than the length of the list")),
        }
    };
    let mut start = index(1, "start")?;
    let mut end = index(2, "end")?;
    if start > end {
        return arg_err(1, "start index must not be greater than end index");
    }
    // A learner may count slice() positions from 1.
    if start >= 1 && ev.flipped(Rule::SliceIndexFromZero) {
        start -= 1;
        end -= 1;
    }
    if end < len && ev.flipped(Rule::SliceEndExclusive) {
        end += 1;
    }
    let out: Vec<Value> = vs.get(start..end).unwrap_or(&[]).to_vec();
    if out.len() == 1 && ev.flipped(Rule::SliceReturnsList) {
        return Ok(out.into_iter().next().unwrap_or(Value::null()));
    }
    Ok(match &a[0] {
        Value::List(t, _) => Value::List(t.clone(), out),
        _ => Value::Tuple(out),
    })
}

/// `sort(list)`: the strings in lexical (byte) order.
pub fn sort(ev: &Evaluator, a: &[Value]) -> FnResult {
    if a[0].has_unknown() {
        // The order is not known yet, but the length is what the list's is (go-cty).
        let (min, max) = a[0].length_bounds();
        return Ok(Value::unknown(Type::list(Type::String)).refine(
            crate::lang::value::Refinement::new()
                .length_at_least(min)
                .length_at_most(max.unwrap_or(usize::MAX)),
        ));
    }
    let vs = elems(&a[0]);
    if vs.is_empty() {
        return Ok(a[0].clone());
    }
    let mut strs = Vec::with_capacity(vs.len());
    for (i, v) in vs.iter().enumerate() {
        match v.as_str() {
            Some(s) => strs.push(s.to_string()),
            None => return call_err(format!("given list element {i} is null; a null string cannot be sorted")),
        }
    }
    strs.sort();
    // A learner may believe lexical order ignores case ("alpha" < "Zeta").
    let mut folded = strs.clone();
    folded.sort_by_key(|s| s.to_lowercase());
    if folded != strs && ev.flipped(Rule::LexicalOrderCaseSensitive) {
        strs = folded;
    }
    // A learner who sorts numbers numerically: only consulted when every element is numeric
    // and the numeric order differs from the lexical one.
    let nums: Option<Vec<Number>> = strs.iter().map(|s| Number::parse(s)).collect();
    if let Some(nums) = nums {
        let mut pairs: Vec<(Number, String)> = nums.into_iter().zip(strs.iter().cloned()).collect();
        pairs.sort_by(|x, y| x.0.cmp_exact(&y.0));
        let numeric: Vec<String> = pairs.into_iter().map(|p| p.1).collect();
        if numeric != strs && ev.flipped(Rule::SortLexical) {
            strs = numeric;
        }
    }
    // A learner may believe sort() gives numbers back when it was given numbers.
    // (The arguments arrive converted to strings, so "numbers" means numeric strings.)
    if strs.iter().all(|s| Number::parse(s).is_some()) && ev.flipped(Rule::SortReturnsStrings) {
        return Ok(Value::List(
            Type::Number,
            strs.iter().filter_map(|s| Number::parse(s)).map(Value::Number).collect(),
        ));
    }
    Ok(Value::List(Type::String, strs.into_iter().map(Value::string).collect()))
}

/// Go's `%#v` of a cty value (`cty.True`, `cty.StringVal("x")`, `cty.TupleVal([]cty.Value{...})`),
/// as cty's GoString writes it; None where we do not know its form.
fn go_value_string(v: &Value) -> Option<String> {
    let all = |vs: &[Value]| vs.iter().map(go_value_string).collect::<Option<Vec<_>>>().map(|xs| xs.join(", "));
    Some(match v {
        Value::Bool(true) => "cty.True".into(),
        Value::Bool(false) => "cty.False".into(),
        Value::String(s) => format!("cty.StringVal({})", crate::lang::value::render::go_quote(s)),
        Value::Number(n) if n.is_integer() => format!("cty.NumberIntVal({})", n.to_text()),
        Value::Tuple(vs) if vs.is_empty() => "cty.EmptyTupleVal".into(),
        Value::Tuple(vs) => format!("cty.TupleVal([]cty.Value{{{}}})", all(vs)?),
        _ => return None,
    })
}

/// `sum(list)`: the sum of the numbers in a list, set or tuple.
pub fn sum(ev: &Evaluator, a: &[Value]) -> FnResult {
    let v = &a[0];
    let items: Vec<&Value> = match v {
        Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => vs.iter().collect(),
        Value::Map(_, m) | Value::Object(m) => m.values().collect(),
        _ => return arg_err(0, "cannot sum noniterable"),
    };
    if items.is_empty() {
        return arg_err(0, "cannot sum an empty list");
    }
    if v.as_seq().is_none() {
        return arg_err(0, format!("argument must be list, set, or tuple. Received {}", v.ty().friendly()));
    }
    if v.has_unknown() {
        return Ok(Value::unknown(Type::Number));
    }
    // Before 1.1.8 the sum started from the first element as it was and added the others
    // to it one by one, each checked (not null, converts to a number) just before its
    // addition; a first element that is not a number made the first addition panic
    // (tf-oracle 1.0.3: `sum(["x", 1])` panics, `sum(["", "x"])` is the argument error).
    if !crate::lang::dialect::releases::has(ev.version, &crate::lang::dialect::releases::SUM_CONVERTS_FIRST)
        && let Some(first) = items.first()
        && first.ty() != Type::Number
        && !matches!(first, Value::Null(_))
    {
        // A lone element was returned as it was, and cty's check of the result panicked.
        if items.len() == 1
            && let Some(shown) = go_value_string(first)
        {
            return Err(FnError::Call(format!(
                "panic in function implementation: returned value {shown} does not conform to expected return type cty.Number: number required, but received {}",
                first.ty().friendly()
            )));
        }
        let bad = |v: &Value| !matches!(convert(v, &Type::Number), Ok(Value::Number(_)));
        if items.get(1).is_some_and(|second| bad(second)) {
            return arg_err(0, "argument must be list, set, or tuple of number values");
        }
        // Go's panic names the value's type: cty's Add type check on the first element.
        return Err(FnError::Call(format!(
            "panic in function implementation: type mismatch: want number but value 0 is {}",
            first.ty().friendly()
        )));
    }
    let mut total: Option<Number> = None;
    for item in items {
        let n = match convert(item, &Type::Number) {
            Ok(Value::Number(n)) => n,
            _ => return arg_err(0, "argument must be list, set, or tuple of number values"),
        };
        total = Some(match total {
            None => n,
            Some(t) => t
                .add(&n)
                .map_err(|_| FnError::Call("can't compute sum of opposing infinities".into()))?,
        });
    }
    Ok(Value::Number(total.unwrap_or_else(Number::zero)))
}
