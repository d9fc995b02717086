//! Checks a body against its schema, as Terraform decodes a resource's configuration, and
//! builds the object Terraform plans: arguments converted to their types, unset optional
//! arguments null (or their default), unset computed ones unknown, nested blocks collected by
//! their nesting mode (sets collapse identical blocks).

use std::collections::BTreeMap;

use super::catalogue::{AttrMode, BlockSchema, NestedBlock, Nesting};
use crate::lang::config::resources::{META_ARGS, META_BLOCKS, dynamic_block};
use crate::lang::eval::Evaluator;
use crate::lang::syntax::diag::{DResult, Diag};
use crate::lang::syntax::{Attr, BodyAst, Span};
use crate::lang::value::Value;
use crate::lang::value::convert::convert;

/// The blocks written for one nested block type: their objects, where each one is, and whether
/// a dynamic block's collection is still unknown.
#[derive(Default)]
struct Written {
    objects: Vec<Value>,
    spans: Vec<Span>,
    unknown: bool,
}

/// Checks `body` against `schema` and returns the planned object. `top` skips the
/// meta-arguments of a resource; `span` locates errors about what is missing.
pub fn object(ev: &Evaluator, body: &BodyAst, schema: &BlockSchema, top: bool, span: &Span) -> DResult<BTreeMap<String, Value>> {
    let mut out = BTreeMap::new();
    for a in &body.attrs {
        if top && META_ARGS.contains(&a.name.as_str()) {
            continue;
        }
        if let Some(d) = refused_argument(schema, a) {
            return Err(d);
        }
        let Some(attr) = schema.attributes.get(&a.name) else { continue };
        let v = ev.eval(&a.expr)?;
        let v = convert(&v, &attr.ty).map_err(|e| {
            Diag::new(
                "Incorrect attribute value type",
                format!("Inappropriate value for attribute {:?}: {}.", a.name, e.0),
            )
            .at(&a.expr.span)
        })?;
        let v = match (&v, attr.mode, &attr.default) {
            // A null argument is as good as an unset one: the provider decides it, or its default applies.
            (Value::Null(_), AttrMode::OptionalComputed, _) => Value::unknown(attr.ty.clone()),
            (Value::Null(_), _, Some(d)) => d.value(),
            _ => v,
        };
        out.insert(a.name.clone(), v);
    }
    for (name, attr) in &schema.attributes {
        if out.contains_key(name) {
            continue;
        }
        let v = match (attr.mode, &attr.default) {
            (AttrMode::Required, _) => {
                return Err(Diag::new(
                    "Missing required argument",
                    format!("The argument {name:?} is required, but no definition was found."),
                )
                .at(span));
            }
            (AttrMode::Computed | AttrMode::OptionalComputed, _) => Value::unknown(attr.ty.clone()),
            (AttrMode::Optional, Some(d)) => d.value(),
            (AttrMode::Optional, None) => Value::Null(attr.ty.clone()),
        };
        out.insert(name.clone(), v);
    }
    let mut written: BTreeMap<&str, Written> = BTreeMap::new();
    for b in &body.blocks {
        if top && META_BLOCKS.contains(&b.kind.as_str()) {
            continue;
        }
        if b.kind == "dynamic" {
            let label = b.labels.first().map(String::as_str).unwrap_or("");
            let nested = match schema.blocks.get_key_value(label) {
                Some((k, n)) => Some((k.as_str(), n)),
                // Meta-argument labels and missing labels get dynamic_block's own errors.
                None if label.is_empty() || matches!(label, "lifecycle" | "provisioner" | "connection") => None,
                None => return Err(unsupported_block(label, schema).at(&b.span)),
            };
            let generated = dynamic_block(ev, b, nested.map(|(_, n)| &n.block))?;
            let Some((key, _)) = nested else {
                continue;
            };
            let w = written.entry(key).or_default();
            match generated.1 {
                Some(objs) => {
                    w.spans.extend(objs.iter().map(|_| b.span.clone()));
                    w.objects.extend(objs);
                }
                None => w.unknown = true,
            }
            continue;
        }
        let Some((key, nested)) = schema.blocks.get_key_value(&b.kind) else {
            return Err(unsupported_block(&b.kind, schema).at(&b.span));
        };
        let obj = object(ev, &b.body, &nested.block, false, &b.span)?;
        let w = written.entry(key.as_str()).or_default();
        w.objects.push(Value::Object(obj));
        w.spans.push(b.span.clone());
    }
    for (name, nested) in &schema.blocks {
        let w = written.remove(name.as_str()).unwrap_or_default();
        out.insert(name.clone(), collect(name, nested, w, span)?);
    }
    Ok(out)
}

/// Terraform's error for a block type the schema does not have.
fn unsupported_block(kind: &str, schema: &BlockSchema) -> Diag {
    let detail = if schema.attributes.contains_key(kind) {
        format!(
            "Blocks of type {kind:?} are not expected here. Did you mean to define argument {kind:?}? If so, use the equals sign to assign it a value."
        )
    } else {
        format!("Blocks of type {kind:?} are not expected here.")
    };
    Diag::new("Unsupported block type", detail)
}

/// The value of one nested block type, after checking how many blocks there are.
fn collect(name: &str, nested: &NestedBlock, w: Written, span: &Span) -> DResult<Value> {
    let coll_ty = nested.collection_type();
    let obj_ty = nested.block.object_type();
    if w.unknown {
        // A dynamic block over an unknown collection: Terraform knows neither how many blocks
        // nor what they hold until apply.
        return Ok(Value::unknown(coll_ty));
    }
    let n = w.objects.len();
    let max = match nested.nesting {
        Nesting::Single => Some(1),
        _ => nested.max_items,
    };
    if let Some(max) = max
        && n > max
    {
        let at = w.spans.get(max).unwrap_or(span);
        return Err(Diag::new(
            format!("Too many {name} blocks"),
            format!("No more than {max} {name:?} blocks are allowed"),
        )
        .at(at));
    }
    if n < nested.min_items {
        return Err(Diag::new(
            format!("Insufficient {name} blocks"),
            format!("At least {} {name:?} blocks are required.", nested.min_items),
        )
        .at(span));
    }
    if n == 0 && nested.computed {
        // SDKv2 plans an Optional+Computed block the configuration leaves out as unknown.
        return Ok(Value::unknown(coll_ty));
    }
    let mut objs = Vec::with_capacity(n);
    for (o, at) in w.objects.into_iter().zip(&w.spans) {
        objs.push(convert(&o, &obj_ty).map_err(|e| {
            Diag::new(
                "Incorrect attribute value type",
                format!("Inappropriate value for block {name:?}: {}.", e.0),
            )
            .at(at)
        })?);
    }
    Ok(match nested.nesting {
        Nesting::List => Value::List(obj_ty, objs),
        Nesting::Set => Value::new_set(obj_ty, objs),
        Nesting::Single => objs.into_iter().next().unwrap_or(Value::Null(obj_ty)),
    })
}

/// Checks a body against its schema without evaluating anything: every argument and block type
/// known, no computed-only attribute set, every required argument written, no more literal
/// blocks than allowed. Dynamic blocks' content is checked against the block type they make.
pub fn check_static(body: &BodyAst, schema: &BlockSchema, top: bool, span: &Span) -> DResult<()> {
    for a in &body.attrs {
        if top && META_ARGS.contains(&a.name.as_str()) {
            continue;
        }
        if let Some(d) = refused_argument(schema, a) {
            return Err(d);
        }
    }
    for (name, attr) in &schema.attributes {
        if attr.mode == AttrMode::Required && body.attr(name).is_none() {
            return Err(Diag::new(
                "Missing required argument",
                format!("The argument {name:?} is required, but no definition was found."),
            )
            .at(span));
        }
    }
    let mut literal: BTreeMap<&str, usize> = BTreeMap::new();
    for b in &body.blocks {
        if top && META_BLOCKS.contains(&b.kind.as_str()) {
            continue;
        }
        let (kind, inner) = if b.kind == "dynamic" {
            let label = b.labels.first().map(String::as_str).unwrap_or("");
            (label, b.body.blocks_of("content").next().map(|c| (&c.body, &c.span)))
        } else {
            (b.kind.as_str(), Some((&b.body, &b.span)))
        };
        let Some(nested) = schema.blocks.get(kind) else {
            return Err(unsupported_block(kind, schema).at(&b.span));
        };
        if b.kind != "dynamic" {
            *literal.entry(kind).or_default() += 1;
        }
        if let Some((inner, at)) = inner {
            check_static(inner, &nested.block, false, at)?;
        }
    }
    for (name, n) in literal {
        let max = schema
            .blocks
            .get(name)
            .and_then(|b| if b.nesting == Nesting::Single { Some(1) } else { b.max_items });
        if let Some(max) = max
            && n > max
        {
            return Err(Diag::new(
                format!("Too many {name} blocks"),
                format!("No more than {max} {name:?} blocks are allowed"),
            )
            .at(span));
        }
    }
    Ok(())
}

/// Terraform's refusal of an argument written in a block: one the schema does not have (with a
/// hint when a block or a near name was meant), or one only the provider sets.
fn refused_argument(schema: &BlockSchema, a: &Attr) -> Option<Diag> {
    let Some(attr) = schema.attributes.get(&a.name) else {
        let detail = if schema.blocks.contains_key(&a.name) {
            format!(
                "An argument named {:?} is not expected here. Did you mean to define a block of type {:?}?",
                a.name, a.name
            )
        } else {
            let hint = crate::lang::syntax::suggest::closest(&a.name, schema.attributes.keys())
                .map(|s| format!(" Did you mean {s:?}?"))
                .unwrap_or_default();
            format!("An argument named {:?} is not expected here.{hint}", a.name)
        };
        return Some(Diag::new("Unsupported argument", detail).at(&a.span));
    };
    (attr.mode == AttrMode::Computed).then(|| {
        Diag::new(
            "Value for unconfigurable attribute",
            format!(
                "Can't configure a value for {:?}: its value will be decided automatically based on the result of applying this configuration.",
                a.name
            ),
        )
        .at(&a.span)
    })
}
