//! Set functions: setintersection, setsubtract, setunion and setproduct.

use super::{arg_err, call_err, elem_of};
use crate::lang::eval::Evaluator;
use crate::lang::funcs::util::seq as elems;
use crate::lang::funcs::{FnError, FnResult};
use crate::lang::value::buckets::Buckets;
use crate::lang::value::convert::{convert, unify};
use crate::lang::value::{Type, Value, raw_equal};

/// The largest number of values `setproduct` builds (Terraform has no limit; iacquiz guards
/// memory).
const PRODUCT_LIMIT: usize = 1 << 20;

/// go-cty's `setOperationReturnType`: a set of the unified element types, ignoring empty
/// sets of unknown element type.
pub(crate) fn set_ret_type(a: &[Value]) -> Result<Type, FnError> {
    let etys: Vec<Type> = a
        .iter()
        .filter(|v| !(!v.is_unknown() && elems(v).is_empty() && elem_of(&v.ty()) == Type::Dynamic))
        .map(|v| elem_of(&v.ty()))
        .collect();
    if etys.is_empty() {
        return Ok(Type::set(Type::Dynamic));
    }
    unify(&etys)
        .map(Type::set)
        .ok_or_else(|| FnError::Call("given sets must all have compatible element types".into()))
}

/// go-cty's setOperationImpl: `op` folded over the sets converted to the result type. Only a
/// union (`unknowns`) takes sets holding unknowns: the others' results would change size.
fn set_op(a: &[Value], unknowns: bool, op: fn(Vec<Value>, &[Value]) -> Vec<Value>) -> FnResult {
    let rt = set_ret_type(a)?;
    let mut cur: Option<Vec<Value>> = None;
    for (i, v) in a.iter().enumerate() {
        let c = convert(v, &rt).map_err(|e| FnError::Arg(i, e.0))?;
        if c.has_unknown() && !unknowns {
            return Ok(Value::unknown(rt));
        }
        let vs = elems(&c);
        cur = Some(match cur {
            None => vs.to_vec(),
            Some(acc) => op(acc, vs),
        });
    }
    Ok(Value::new_set(elem_of(&rt), cur.unwrap_or_default()))
}

/// `setintersection(first_set, other_sets...)`: the elements in every set.
pub fn intersection(_: &Evaluator, a: &[Value]) -> FnResult {
    set_op(a, false, |acc, other| {
        let other = Buckets::of(other);
        acc.into_iter().filter(|x| other.any(x, raw_equal)).collect()
    })
}

/// `setsubtract(a, b)`: the elements of a that are not in b.
pub fn subtract(_: &Evaluator, a: &[Value]) -> FnResult {
    set_op(a, false, |acc, other| {
        let other = Buckets::of(other);
        acc.into_iter().filter(|x| !other.any(x, raw_equal)).collect()
    })
}

/// `setunion(first_set, other_sets...)`: the elements in any set.
pub fn union(_: &Evaluator, a: &[Value]) -> FnResult {
    set_op(a, true, |mut acc, other| {
        acc.extend(other.iter().cloned());
        acc
    })
}

/// `setproduct(sets...)`: every combination of one element from each argument; a list of
/// tuples when all arguments are lists or tuples, else a set of tuples.
pub fn product(ev: &Evaluator, a: &[Value]) -> FnResult {
    // An argument of unknown type: cty returns an unknown of unknown type before any check.
    if a.iter().any(|v| matches!(v, Value::Unknown(Type::Dynamic, _))) {
        return Ok(Value::unknown(Type::Dynamic));
    }
    if a.len() < 2 {
        return call_err("at least two arguments are required");
    }
    let mut lists = 0;
    let mut etys = Vec::with_capacity(a.len());
    for (i, v) in a.iter().enumerate() {
        match v.ty() {
            Type::Set(e) => etys.push(*e),
            Type::List(e) => {
                etys.push(*e);
                lists += 1;
            }
            Type::Tuple(ts) => {
                if ts.is_empty() {
                    etys.push(Type::Dynamic);
                } else {
                    match unify(&ts) {
                        Some(t) => etys.push(t),
                        None => return arg_err(i, "all elements must be of the same type"),
                    }
                }
                lists += 1;
            }
            _ => return arg_err(i, "a set or a list is required"),
        }
    }
    let ety = Type::Tuple(etys.clone());
    let is_list = lists == a.len();
    let wrap = |vals: Vec<Value>| {
        if is_list {
            Value::List(ety.clone(), vals)
        } else {
            Value::new_set(ety.clone(), vals)
        }
    };
    // go-cty: an argument whose length is not known yet (unknown, or a set whose unknown
    // elements may coalesce) makes the product unknown, within a length bound it can tell
    // when every argument is small (at most 1024 elements, 2048 in the product).
    let length_unknown = |v: &Value| v.is_unknown() || matches!(v, Value::Set(_, vs) if vs.len() > 1 && vs.iter().any(Value::has_unknown));
    if a.iter().any(length_unknown) {
        let ret = Value::unknown(if is_list { Type::list(ety.clone()) } else { Type::set(ety.clone()) });
        let mut most: usize = 1;
        for v in a {
            let m = match v.ty() {
                Type::Tuple(ts) => ts.len(),
                _ => v.length_bounds().1.unwrap_or(usize::MAX),
            };
            most = most.saturating_mul(m);
            if m > 1024 || most > 2048 {
                return Ok(ret);
            }
        }
        let r = crate::lang::value::Refinement::new();
        let r = if most == 0 {
            r.length(0)
        } else {
            r.length_at_least(1).length_at_most(most)
        };
        return Ok(ret.refine(r));
    }
    let args: Vec<&[Value]> = a.iter().map(elems).collect();
    let mut total: usize = 1;
    for s in &args {
        total = total.saturating_mul(s.len());
    }
    if total == 0 {
        return Ok(wrap(vec![]));
    }
    if total.saturating_mul(a.len()) > PRODUCT_LIMIT {
        return call_err(format!("the product has {total} elements, more than iacquiz builds"));
    }
    let first_fastest = total > 1
        && args.iter().filter(|s| s.len() > 1).count() > 1
        && ev.flipped(crate::lang::dialect::rules::Rule::SetproductLastVariesFastest);
    let mut out = Vec::with_capacity(total);
    let mut pos = vec![0usize; a.len()];
    for _ in 0..total {
        let mut tuple = Vec::with_capacity(a.len());
        for (j, &p) in pos.iter().enumerate() {
            let (Some(v), Some(t)) = (args.get(j).and_then(|s| s.get(p)), etys.get(j)) else {
                continue;
            };
            let v = if v.ty() == *t {
                v.clone()
            } else {
                convert(v, t).map_err(|e| FnError::Call(e.0))?
            };
            tuple.push(v);
        }
        out.push(Value::Tuple(tuple));
        for j in (0..pos.len()).rev() {
            // A learner may believe the first collection varies fastest.
            let j = if first_fastest { pos.len() - 1 - j } else { j };
            pos[j] += 1;
            if pos[j] < args.get(j).map_or(0, |s| s.len()) {
                break;
            }
            pos[j] = 0;
        }
    }
    Ok(wrap(out))
}
