//! Resources and data sources without providers: an instance's attributes are the arguments
//! the configuration sets (nested and dynamic blocks expanded) plus the values of
//! `override_resource` / `override_data` blocks from `*.tftest.hcl` files; anything else is
//! unknown until apply. `count` and `for_each` expand instances with Terraform's addresses.

use std::collections::BTreeMap;

use crate::lang::config::schema::catalogue::BlockSchema;
use crate::lang::eval::Evaluator;
use crate::lang::syntax::diag::{DResult, Diag};
use crate::lang::syntax::{BlockAst, BodyAst, Expr, ExprKind, Op, OpKind, Span};
use crate::lang::value::convert::{convert, unify};
use crate::lang::value::{Type, Value};

/// Managed resource or data source.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mode {
    /// `resource "T" "N"`
    Managed,
    /// `data "T" "N"`
    Data,
}

/// A `resource` or `data` block.
#[derive(Clone, Debug)]
pub struct ResourceDecl {
    /// Managed or data.
    pub mode: Mode,
    /// The resource type.
    pub rtype: String,
    /// The resource name.
    pub name: String,
    /// The file it is in.
    pub file: usize,
    /// Its body.
    pub body: BodyAst,
    /// Where the block is.
    pub span: Span,
    /// The `check` block it is scoped to, if any.
    pub check: Option<String>,
}

impl ResourceDecl {
    /// `aws_instance.web` or `data.aws_subnet.x`.
    pub fn address(&self) -> String {
        match self.mode {
            Mode::Managed => format!("{}.{}", self.rtype, self.name),
            Mode::Data => format!("data.{}.{}", self.rtype, self.name),
        }
    }
}

/// An `override_resource` or `override_data` block.
#[derive(Clone, Debug)]
pub struct Override {
    /// The resource address it targets (without an instance key).
    pub target: String,
    /// The `values` expression.
    pub values: Option<Expr>,
    /// The file it is in.
    pub file: usize,
}

/// An instance key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Key {
    /// No count or for_each.
    None,
    /// `count.index`
    Int(i64),
    /// `each.key`
    Str(String),
}

impl Key {
    /// The address suffix: `""`, `[0]`, `["a"]`.
    pub fn suffix(&self) -> String {
        match self {
            Key::None => String::new(),
            Key::Int(i) => format!("[{i}]"),
            Key::Str(s) => format!("[{}]", crate::lang::value::render::go_quote(s)),
        }
    }
}

/// One expanded instance.
#[derive(Clone, Debug)]
pub struct Instance {
    /// Its key.
    pub key: Key,
    /// `each.value` (for_each only).
    pub each_value: Option<Value>,
    /// Its attributes (an object).
    pub value: Value,
}

/// Meta-arguments that are not attributes of the object.
pub(crate) const META_ARGS: &[&str] = &["count", "for_each", "depends_on", "provider"];
/// Blocks that are not nested blocks of the object.
pub(crate) const META_BLOCKS: &[&str] = &["lifecycle", "provisioner", "connection", "precondition", "postcondition"];

/// Iteration bindings for evaluating inside an instance.
pub fn instance_vars(key: &Key, each_value: &Option<Value>) -> Vec<(String, Value)> {
    match key {
        Key::None => Vec::new(),
        Key::Int(i) => vec![(
            "count".into(),
            Value::Object([("index".to_string(), Value::int(*i))].into_iter().collect()),
        )],
        Key::Str(k) => vec![(
            "each".into(),
            Value::Object(
                [
                    ("key".to_string(), Value::string(k.as_str())),
                    ("value".to_string(), each_value.clone().unwrap_or(Value::string(k.as_str()))),
                ]
                .into_iter()
                .collect(),
            ),
        )],
    }
}

/// Why a `count` or `for_each` value (`which`) at `span` cannot be used for its marks, checked
/// before whether it is known (the validate walk refuses an unknown one too): an ephemeral
/// value cannot decide instances (1.10+), nor a sensitive one keys (a sensitive `count` is
/// allowed). Terraform's eval_count.go and eval_for_each.go.
pub fn marks_error(which: &str, v: &Value, span: &crate::lang::syntax::Span) -> Option<Diag> {
    let m = v.marks();
    let d = if which == "count" {
        if !m.ephemeral() {
            return None;
        }
        Diag::new(
            "Invalid count argument",
            "The given \"count\" is derived from an ephemeral value, which means that Terraform cannot persist it between plan/apply rounds. Use only non-ephemeral values to specify the number of resource instances.",
        )
    } else if m.sensitive() {
        Diag::new(
            "Invalid for_each argument",
            "Sensitive values, or values derived from sensitive values, cannot be used as for_each arguments. If used, the sensitive value could be exposed as a resource instance key.",
        )
        .caused_by(true, false)
    } else if m.ephemeral() {
        Diag::new(
            "Invalid for_each argument",
            "The given \"for_each\" value is derived from an ephemeral value, which means that Terraform cannot persist it between plan/apply rounds. Use only non-ephemeral values to specify a resource's instance keys.",
        )
        .caused_by(false, true)
    } else {
        return None;
    };
    Some(d.at(span))
}

/// The instance keys a declaration expands to.
pub fn expand(ev: &Evaluator, decl: &ResourceDecl) -> DResult<Vec<(Key, Option<Value>)>> {
    let count = decl.body.attr("count");
    let for_each = decl.body.attr("for_each");
    match (count, for_each) {
        (Some(c), Some(_)) => Err(Diag::new(
            "Invalid combination of \"count\" and \"for_each\"",
            "The \"count\" and \"for_each\" meta-arguments are mutually-exclusive, only one should be used to be explicit about the number of resources to be created.",
        )
        .at(&c.span)),
        (Some(c), None) => {
            let v = ev.eval(&c.expr)?;
            if let Some(d) = marks_error("count", &v, &c.expr.span) {
                return Err(d);
            }
            let (v, _) = v.unmark();
            if v.is_unknown() {
                return Err(Diag::new(
                    "Invalid count argument",
                    "The \"count\" value depends on resource attributes that cannot be determined until apply, so Terraform cannot predict how many instances will be created.",
                )
                .at(&c.expr.span));
            }
            let n = match convert(&v, &Type::Number) {
                Ok(Value::Number(n)) => n,
                Ok(_) => return Err(Diag::new("Invalid count argument", "The given \"count\" argument value is null. An integer is required.").at(&c.expr.span)),
                Err(e) => return Err(Diag::new("Incorrect value type", format!("Invalid expression value: {}.", e.0)).at(&c.expr.span)),
            };
            let Some(n) = n.to_i64().filter(|_| n.is_integer()) else {
                return Err(Diag::new("Invalid count argument", "The given \"count\" argument value is unsuitable: the value must be a whole number.").at(&c.expr.span));
            };
            if n < 0 {
                return Err(Diag::new("Invalid count argument", "The given \"count\" argument value is unsuitable: must be greater than or equal to zero.").at(&c.expr.span));
            }
            if n > 10_000 {
                return Err(Diag::new("Invalid count argument", "iacquiz expands at most 10000 instances of one resource.").at(&c.expr.span));
            }
            Ok((0..n).map(|i| (Key::Int(i), None)).collect())
        }
        (None, Some(f)) => {
            let v = ev.eval(&f.expr)?;
            let (v, marked) = v.unmark();
            let bad = |what: String| {
                Diag::new(
                    "Invalid for_each argument",
                    format!("The given \"for_each\" argument value is unsuitable: the \"for_each\" argument must be a map, or set of strings, and you have provided a value of type {what}."),
                )
                .at(&f.expr.span)
            };
            if let Some(d) = marks_error("for_each", &v.clone().mark_with(marked), &f.expr.span) {
                return Err(d);
            }
            match v {
                Value::Null(_) => Err(Diag::new("Invalid for_each argument", "The given \"for_each\" argument value is unsuitable: the given \"for_each\" argument value is null. A map, or set of strings is allowed.").at(&f.expr.span)),
                Value::Unknown(_, _) => Err(Diag::new(
                    "Invalid for_each argument",
                    "The \"for_each\" map includes keys derived from resource attributes that cannot be determined until apply, and so Terraform cannot determine the full set of keys that will identify the instances of this resource.",
                )
                .at(&f.expr.span)),
                Value::Map(_, m) | Value::Object(m) => Ok(m.into_iter().map(|(k, v)| (Key::Str(k), Some(v))).collect()),
                Value::Set(t, vs) => {
                    if t != Type::String && !vs.is_empty() {
                        return Err(Diag::new("Invalid for_each set argument", format!("The given \"for_each\" argument value is unsuitable: \"for_each\" supports maps and sets of strings, but you have provided a set containing type {}.", t.friendly())).at(&f.expr.span));
                    }
                    let mut out = Vec::new();
                    for e in vs {
                        match e {
                            Value::String(s) => out.push((Key::Str(s.to_string()), Some(Value::String(s)))),
                            _ => return Err(Diag::new("Invalid for_each set argument", "The given \"for_each\" argument value is unsuitable: \"for_each\" sets must not contain null values.").at(&f.expr.span)),
                        }
                    }
                    Ok(out)
                }
                other => Err(bad(other.ty().friendly())),
            }
        }
        (None, None) => Ok(vec![(Key::None, None)]),
    }
}

/// Evaluates a declaration's body into the object Terraform would plan: by the provider schema
/// catalogue for a real type, by the generic model for a fictional `example_*` one, and an
/// error naming the catalogue for any other type.
pub fn resource_object(ev: &Evaluator, decl: &ResourceDecl) -> DResult<BTreeMap<String, Value>> {
    // A learner may believe dynamic blocks belong to resources only; consulted only for a data
    // source that has one.
    if decl.mode == Mode::Data
        && let Some(b) = decl.body.blocks.iter().find(|b| b.kind == "dynamic")
        && ev.flipped(crate::lang::dialect::rules::Rule::DynamicInAnyBlock)
    {
        return Err(Diag::new(
            "Unsupported block type",
            "Blocks of type \"dynamic\" are not expected here: dynamic blocks generate nested blocks of resources only.",
        )
        .at(&b.span));
    }
    match crate::lang::config::schema::lookup(decl)? {
        crate::lang::config::schema::Lookup::Fictional => body_object(ev, &decl.body, true),
        crate::lang::config::schema::Lookup::Known(entry) => {
            crate::lang::config::schema::validate::object(ev, &decl.body, &entry.schema, true, &decl.span)
        }
    }
}

/// The generic model of a fictional type: a block body's arguments (any accepted) and its nested
/// blocks (each block type a list of objects, dynamic blocks expanded where they stand).
pub fn body_object(ev: &Evaluator, body: &BodyAst, top: bool) -> DResult<BTreeMap<String, Value>> {
    let mut out = BTreeMap::new();
    for a in &body.attrs {
        if top && META_ARGS.contains(&a.name.as_str()) {
            continue;
        }
        out.insert(a.name.clone(), ev.eval(&a.expr)?);
    }
    let mut blocks: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    for b in &body.blocks {
        if top && META_BLOCKS.contains(&b.kind.as_str()) {
            continue;
        }
        if b.kind == "dynamic" {
            let (kind, generated) = dynamic_block(ev, b, None)?;
            blocks.entry(kind).or_default().extend(generated.unwrap_or_default());
        } else {
            let obj = body_object(ev, &b.body, false)?;
            blocks.entry(b.kind.clone()).or_default().push(Value::Object(obj));
        }
    }
    for (k, vs) in blocks {
        out.insert(k, block_list(vs));
    }
    Ok(out)
}

/// A list of block objects: a list when they share one type, a tuple otherwise.
fn block_list(vs: Vec<Value>) -> Value {
    let ts: Vec<Type> = vs.iter().map(Value::ty).collect();
    match unify(&ts) {
        Some(t) if !vs.is_empty() && ts.iter().all(|x| *x == t) => Value::List(t, vs),
        _ if vs.is_empty() => Value::List(Type::Dynamic, vs),
        _ => Value::Tuple(vs),
    }
}

/// Expands one `dynamic "LABEL"` block: its type and the generated block objects, in order
/// (`None` while the collection is unknown). Each content body follows `schema` when the block
/// type has one, the generic model otherwise.
pub(crate) fn dynamic_block(ev: &Evaluator, b: &BlockAst, schema: Option<&BlockSchema>) -> DResult<(String, Option<Vec<Value>>)> {
    let Some(kind) = b.labels.first().cloned() else {
        return Err(Diag::new(
            "Missing block label",
            "A dynamic block must have one label: the type of block to generate.",
        )
        .at(&b.span));
    };
    if matches!(kind.as_str(), "lifecycle" | "provisioner" | "connection") {
        // Terraform's schema never lists meta-argument blocks, so it reports them as it reports
        // any block type the resource does not have.
        return Err(Diag::new(
            "Unsupported block type",
            format!("Blocks of type {kind:?} are not expected here. ({kind} is a meta-argument block, which Terraform processes before it evaluates any expression, so a dynamic block cannot generate it.)"),
        )
        .at(&b.span));
    }
    // No block type of a resource, data source, provider or provisioner schema has labels, so
    // HCL reads the dynamic block with its label-less schema, where `labels` is not an argument
    // (dynblock's dynamicBlockBodySchemaNoLabels; tf-oracle 1.12, 1.14 `validate` on an
    // aws_security_group `dynamic "ingress"` with `labels = []` or `["a"]`).
    if let Some(l) = b.body.attr("labels") {
        return Err(Diag::new("Unsupported argument", "An argument named \"labels\" is not expected here.").at(&l.span));
    }
    let Some(fe) = b.body.attr("for_each") else {
        return Err(Diag::new(
            "Missing required argument",
            "The argument \"for_each\" is required, but no definition was found.",
        )
        .at(&b.span));
    };
    let iterator = match b.body.attr("iterator") {
        None => kind.clone(),
        Some(a) => match &a.expr.kind {
            ExprKind::Var(n) => n.clone(),
            _ => {
                return Err(
                    Diag::new("Invalid dynamic iterator name", "Dynamic iterator must be a single variable name.").at(&a.expr.span),
                );
            }
        },
    };
    let Some(content) = b.body.blocks_of("content").next() else {
        return Err(Diag::new(
            "Missing content block",
            "A dynamic block must have a nested block of type \"content\" to describe the body of each generated block.",
        )
        .at(&b.span));
    };
    let coll = ev.eval(&fe.expr)?;
    let (coll, _) = coll.unmark();
    if coll.is_null() {
        return Err(Diag::new("Invalid dynamic for_each value", "Cannot use a null value in for_each.").at(&fe.expr.span));
    }
    if coll.is_unknown() {
        return Ok((kind, None));
    }
    // A learner may believe a dynamic block's for_each needs a map or a set, as a resource's does.
    if matches!(coll, Value::List(..) | Value::Tuple(..)) && ev.flipped(crate::lang::dialect::rules::Rule::DynamicForEachAcceptsLists) {
        return Err(Diag::new(
            "Invalid for_each argument",
            "The given \"for_each\" argument value is unsuitable: the \"for_each\" argument must be a map, or set of strings, and you have provided a value of type list.",
        )
        .at(&fe.expr.span));
    }
    let pairs = match &coll {
        Value::List(..) | Value::Tuple(..) | Value::Set(..) | Value::Map(..) | Value::Object(..) => {
            ev.iterate(&coll, &fe.expr.span, "for_each")?
        }
        other => {
            return Err(Diag::new(
                "Invalid dynamic for_each value",
                format!(
                    "Cannot use a {} value in for_each. An iterable collection is required.",
                    other.ty().friendly()
                ),
            )
            .at(&fe.expr.span));
        }
    };
    let over_list = matches!(coll, Value::List(..) | Value::Tuple(..));
    // A learner may believe a list for_each drops duplicate elements, as a set would.
    let pairs = if over_list && has_duplicate_values(&pairs) && ev.flipped(crate::lang::dialect::rules::Rule::DynamicListKeepsDuplicates) {
        let mut seen = std::collections::HashSet::new();
        let mut kept: Vec<(Value, Value)> = Vec::new();
        for (_, v) in pairs {
            if seen.insert(crate::lang::value::render::one_line(&v)) {
                kept.push((Value::int(kept.len() as i64), v));
            }
        }
        kept
    } else {
        pairs
    };
    let mut out = Vec::new();
    let mentions_each = body_mentions(&content.body, "each");
    for (k, v) in pairs {
        // A learner may count list keys from one: a belief of its own for dynamic blocks, and
        // what a learner who counts every list index from one believes too.
        let from_one = |ev: &Evaluator| {
            ev.flipped(crate::lang::dialect::rules::Rule::DynamicKeyIsIndex) || ev.flipped(crate::lang::dialect::rules::Rule::IndexFromZero)
        };
        let k = match (&k, over_list) {
            (Value::Number(n), true) if from_one(ev) => n
                .add(&crate::lang::value::number::Number::from_i64(1))
                .map(Value::Number)
                .unwrap_or(k),
            _ => k,
        };
        let it = Value::Object([("key".to_string(), k), ("value".to_string(), v)].into_iter().collect());
        let mut vars = vec![(iterator.clone(), it.clone())];
        // A learner may believe `each` names the dynamic block's element.
        if mentions_each && ev.flipped(crate::lang::dialect::rules::Rule::DynamicIteratorNotEach) {
            vars.push(("each".into(), it));
        }
        let obj = ev.with_var(vars, || match schema {
            Some(s) => crate::lang::config::schema::validate::object(ev, &content.body, s, false, &content.span),
            None => body_object(ev, &content.body, false),
        })?;
        out.push(Value::Object(obj));
    }
    Ok((kind, Some(out)))
}

/// True when two of the pairs' values are equal.
fn has_duplicate_values(pairs: &[(Value, Value)]) -> bool {
    let mut seen = std::collections::HashSet::new();
    pairs.iter().any(|(_, v)| !seen.insert(crate::lang::value::render::one_line(v)))
}

/// True if the body's text refers to the root name `name` anywhere.
fn body_mentions(body: &BodyAst, name: &str) -> bool {
    fn expr(e: &Expr, name: &str) -> bool {
        let mut found = false;
        visit(e, &mut |x| {
            if let ExprKind::Var(v) = &x.kind {
                found |= v == name;
            }
        });
        found
    }
    body.attrs.iter().any(|a| expr(&a.expr, name)) || body.blocks.iter().any(|b| body_mentions(&b.body, name))
}

/// Calls `f` on every expression inside `e` (itself included), depth first in source order.
pub fn visit(e: &Expr, f: &mut dyn FnMut(&Expr)) {
    f(e);
    for c in crate::lang::syntax::walk::children(e) {
        visit(c, f);
    }
}

/// Resolves a traversal into a resource value: an instance's top-level attributes that nothing
/// sets are unknown (not errors), as they are in a plan before apply.
pub fn traverse_open(ev: &Evaluator, value: Value, ops: &[Op], instances: Option<&[Instance]>) -> DResult<(Value, usize)> {
    let mut i = 0;
    let mut v = value;
    // Select the instance when the resource has several.
    if let Some(list) = instances {
        match ops.first().map(|o| &o.kind) {
            Some(OpKind::Index(x)) => {
                let key = ev.eval(x)?;
                v = ev.index(v, key)?;
                i = 1;
            }
            Some(OpKind::LegacyIndex(n)) => {
                v = ev.index(v, Value::int(*n as i64))?;
                i = 1;
            }
            Some(OpKind::FullSplat | OpKind::AttrSplat) => {
                if let Some(OpKind::Attr(a)) = ops.get(1).map(|o| &o.kind) {
                    let vals: Vec<Value> = list.iter().map(|inst| open_attr(&inst.value, a)).collect();
                    return Ok((Value::Tuple(vals), 2));
                }
                return Ok((v, 0));
            }
            _ => return Ok((v, 0)),
        }
    }
    if let Some(OpKind::Attr(a)) = ops.get(i).map(|o| &o.kind) {
        let got = open_attr(&v, a);
        if got.is_unknown() {
            return Ok((got, ops.len()));
        }
        return Ok((got, i + 1));
    }
    Ok((v, i))
}

/// An instance attribute: its value, or unknown when nothing sets it.
pub fn open_attr(instance: &Value, name: &str) -> Value {
    match instance {
        Value::Object(m) => m.get(name).cloned().unwrap_or(Value::unknown(Type::Dynamic)),
        Value::Marked(inner, m) => open_attr(inner, name).mark_with(*m),
        _ => Value::unknown(Type::Dynamic),
    }
}

/// Merges override values into an instance object (the override wins, key by key).
pub fn apply_override(obj: &mut BTreeMap<String, Value>, values: Value) {
    if let Value::Object(m) | Value::Map(_, m) = values {
        for (k, v) in m {
            obj.insert(k, v);
        }
    }
}

/// The value a resource reference gives: the object, a tuple (count) or an object (for_each).
pub fn collection(decl: &ResourceDecl, instances: &[Instance]) -> Value {
    if decl.body.attr("count").is_some() {
        Value::Tuple(instances.iter().map(|i| i.value.clone()).collect())
    } else if decl.body.attr("for_each").is_some() {
        Value::Object(
            instances
                .iter()
                .filter_map(|i| match &i.key {
                    Key::Str(k) => Some((k.clone(), i.value.clone())),
                    _ => None,
                })
                .collect(),
        )
    } else {
        instances.first().map(|i| i.value.clone()).unwrap_or(Value::unknown(Type::Dynamic))
    }
}
