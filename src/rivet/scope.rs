//! What names mean inside a Rivet expression: `var.*`, `fact.*`, `each.*`, `count.index`,
//! resources (`file.messages["first"]`), module outputs (`module.files["first"].handle`); and
//! the static references of `depends_on` and `resource("TYPE")` outputs.

use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use crate::lang::Rule;
use crate::lang::eval::{Evaluator, Scope};
use crate::lang::syntax::diag::{DResult, Diag};
use crate::lang::syntax::{Attr, Expr, ExprKind, Op, OpKind, Span};
use crate::lang::value::number::Number;
use crate::lang::value::{Type, Value};

use super::compiler::{Compiler, ModInst, OutVal, ResInst};
use super::error::ErrorKind;
use super::expand::Iter;
use super::key::{Key, shown};

fn reference(span: &Span, msg: impl Into<String>) -> Diag {
    ErrorKind::Reference.at(span, msg)
}

/// How a family of instances is expanded.
#[derive(Clone, Copy, PartialEq, Eq)]
enum By {
    Count,
    ForEach,
}

impl By {
    fn word(self) -> &'static str {
        match self {
            By::Count => "count",
            By::ForEach => "for_each",
        }
    }
}

impl Compiler {
    /// Turns an index value into the key of a `by` family, checking the key type.
    fn pick_key(&self, ev: &Evaluator, family: &str, by: By, kv: Value, example: Option<&str>, span: &Span) -> DResult<Key> {
        let example = match (example, by) {
            (Some(e), _) => e.to_string(),
            (None, By::Count) => format!("{family}[0]"),
            (None, By::ForEach) => format!("{family}[\"KEY\"]"),
        };
        let (kv, marked) = kv.unmark();
        if marked.sensitive() {
            return Err(ErrorKind::Sensitive.at(
                span,
                format!("the key used to index {family} is sensitive; instance keys are public identities"),
            ));
        }
        if kv.is_unknown() {
            return Err(reference(
                span,
                format!("the key used to index {family} is not known at compile time"),
            ));
        }
        match (by, &kv) {
            (By::Count, Value::Number(n)) => match n.to_i64().filter(|_| n.is_integer()) {
                Some(i) => Ok(Key::Slot(i)),
                None => Err(reference(
                    span,
                    format!("{family} has numbered slots; {} is not a whole number", n.to_text()),
                )),
            },
            (By::ForEach, Value::String(s)) => Ok(Key::Name(s.to_string())),
            (By::Count, Value::String(s)) => {
                // A learner may believe "0" and 0 name the same instance.
                if let Ok(i) = s.parse::<i64>()
                    && ev.flipped(Rule::StringAndNumericKeysInterchangeable)
                {
                    return Ok(Key::Slot(i));
                }
                Err(reference(
                    span,
                    format!(
                        "{family} is expanded by count, so its instances are numbered slots such as {example}; {} is a string key, and string and numeric keys are distinct identities: index it with a number",
                        shown(s)
                    ),
                ))
            }
            (By::ForEach, Value::Number(n)) => {
                if ev.flipped(Rule::StringAndNumericKeysInterchangeable) {
                    return Ok(Key::Name(n.to_text()));
                }
                Err(reference(
                    span,
                    format!(
                        "{family} is expanded by for_each, so its instances have named keys such as {example}; {} is a number, and string and numeric keys are distinct identities: index it with a string",
                        n.to_text()
                    ),
                ))
            }
            (_, other) => Err(reference(
                span,
                format!(
                    "{family} cannot be indexed with a {}; it is expanded by {} and takes a {}",
                    other.ty().friendly(),
                    by.word(),
                    if by == By::Count { "number" } else { "string" }
                ),
            )),
        }
    }

    fn missing_instance(&self, ev: &Evaluator, family: &str, key: &Key, known: Vec<String>, span: &Span) -> Diag {
        let list = if known.is_empty() {
            "it has no instances".to_string()
        } else {
            format!("its instances: {}", known.into_iter().take(8).collect::<Vec<_>>().join(", "))
        };
        reference(span, format!("{family} has no instance {}; {list}", self.suffix(ev, key)))
    }

    fn index_op(&self, ev: &Evaluator, op: &Op) -> DResult<Option<Value>> {
        Ok(match &op.kind {
            OpKind::Index(x) => Some(ev.eval(x)?),
            OpKind::LegacyIndex(n) => Some(Value::int(*n as i64)),
            _ => None,
        })
    }

    /// One instance of resource `i` selected by the index value `kv`.
    fn resource_instance(
        &self,
        ev: &Evaluator,
        inst: &Rc<ModInst>,
        i: usize,
        kv: Value,
        span: &Span,
    ) -> DResult<(Rc<Vec<ResInst>>, usize)> {
        let decl = &inst.module.resources[i];
        let family = format!("{}{}.{}", inst.prefix(), decl.rtype, decl.name);
        let insts = self.resources_of(ev, inst, i)?;
        let by = match (&decl.expansion.count, &decl.expansion.for_each) {
            (Some(_), _) => By::Count,
            (_, Some(_)) => By::ForEach,
            _ => {
                return Err(reference(
                    span,
                    format!("{family} has no count or for_each, so it has no instances to index: refer to it as {family}"),
                ));
            }
        };
        let key = self.pick_key(ev, &family, by, kv, insts.first().map(|r| r.address.as_str()), span)?;
        match insts.iter().position(|r| r.key == key) {
            Some(n) => Ok((insts, n)),
            None => Err(self.missing_instance(ev, &family, &key, insts.iter().map(|r| r.address.clone()).collect(), span)),
        }
    }

    fn resource_ref(&self, ev: &Evaluator, inst: &Rc<ModInst>, i: usize, rest: &[Op]) -> DResult<(Value, usize)> {
        let decl = &inst.module.resources[i];
        let family = format!("{}{}.{}", inst.prefix(), decl.rtype, decl.name);
        let insts = self.resources_of(ev, inst, i)?;
        let obj = |r: &ResInst| r.attrs.to_object();
        if let Some(op) = rest.first()
            && let Some(kv) = self.index_op(ev, op)?
        {
            let (insts, n) = self.resource_instance(ev, inst, i, kv, &op.span)?;
            self.note_ref(&insts[n].address);
            return Ok((obj(&insts[n]), 1));
        }
        if !decl.expansion.expands() {
            for r in insts.iter() {
                self.note_ref(&r.address);
            }
            return Ok((insts.first().map(obj).unwrap_or(Value::null()), 0));
        }
        if let Some(Op {
            kind: OpKind::Attr(a),
            span,
        }) = rest.first()
        {
            let example = insts.first().map(|r| r.address.clone()).unwrap_or_else(|| format!("{family}[KEY]"));
            return Err(reference(
                span,
                format!("{family} is a family of instances (it uses count or for_each); pick one before .{a}, as in {example}.{a}"),
            ));
        }
        for r in insts.iter() {
            self.note_ref(&r.address);
        }
        let v = if decl.expansion.count.is_some() {
            Value::Tuple(insts.iter().map(obj).collect())
        } else {
            Value::Object(
                insts
                    .iter()
                    .filter_map(|r| match &r.key {
                        Key::Name(k) => Some((k.clone(), obj(r))),
                        _ => None,
                    })
                    .collect(),
            )
        };
        Ok((v, 0))
    }

    /// One instance of module call `i` selected by the index value `kv`.
    fn module_instance(&self, ev: &Evaluator, inst: &Rc<ModInst>, i: usize, kv: Value, span: &Span) -> DResult<Rc<ModInst>> {
        let decl = &inst.module.calls[i];
        let family = format!("{}module.{}", inst.prefix(), decl.name);
        let children = self.calls_of(ev, inst, i)?;
        let by = match (&decl.expansion.count, &decl.expansion.for_each) {
            (Some(_), _) => By::Count,
            (_, Some(_)) => By::ForEach,
            _ => {
                return Err(reference(
                    span,
                    format!("{family} has no count or for_each, so it has no instances to index: refer to its outputs as {family}.OUTPUT"),
                ));
            }
        };
        let key = self.pick_key(ev, &family, by, kv, children.first().map(|c| c.address.as_str()), span)?;
        match children.iter().find(|c| c.key == key) {
            Some(c) => Ok(c.clone()),
            None => Err(self.missing_instance(ev, &family, &key, children.iter().map(|c| c.address.clone()).collect(), span)),
        }
    }

    fn child_output(&self, ev: &Evaluator, child: &Rc<ModInst>, name: &str, span: &Span) -> DResult<OutVal> {
        match child.module.outputs.iter().position(|o| o.name == name) {
            Some(j) => self.output_of(ev, child, j).map_err(|d| d.at(span)),
            None => {
                let names: Vec<&str> = child.module.outputs.iter().map(|o| o.name.as_str()).collect();
                Err(reference(
                    span,
                    format!(
                        "{} (module {:?}) has no output {name:?}; its outputs: {}",
                        child.address,
                        child.source,
                        if names.is_empty() { "none".to_string() } else { names.join(", ") }
                    ),
                ))
            }
        }
    }

    fn outputs_object(&self, ev: &Evaluator, child: &Rc<ModInst>, span: &Span) -> DResult<Value> {
        let mut m = BTreeMap::new();
        for (j, o) in child.module.outputs.iter().enumerate() {
            m.insert(o.name.clone(), self.output_of(ev, child, j).map_err(|d| d.at(span))?.value());
        }
        Ok(Value::Object(m))
    }

    fn module_ref(&self, ev: &Evaluator, inst: &Rc<ModInst>, i: usize, rest: &[Op], span: &Span) -> DResult<(Value, usize)> {
        let decl = &inst.module.calls[i];
        let family = format!("{}module.{}", inst.prefix(), decl.name);
        let children = self.calls_of(ev, inst, i)?;
        let (child, used) = match rest.first() {
            Some(op) => match self.index_op(ev, op)? {
                Some(kv) => (self.module_instance(ev, inst, i, kv, &op.span)?, 1),
                None if !decl.expansion.expands() => match children.first() {
                    Some(c) => (c.clone(), 0),
                    None => return Ok((Value::null(), 0)),
                },
                None => {
                    if let OpKind::Attr(a) = &op.kind {
                        let example = children
                            .first()
                            .map(|c| c.address.clone())
                            .unwrap_or_else(|| format!("{family}[KEY]"));
                        return Err(reference(
                            &op.span,
                            format!(
                                "{family} is a module family (it uses count or for_each); an individual output needs an indexed instance, as in {example}.{a}"
                            ),
                        ));
                    }
                    return Ok((self.family_value(ev, inst, i, &children, span)?, 0));
                }
            },
            None if !decl.expansion.expands() => match children.first() {
                Some(c) => (c.clone(), 0),
                None => return Ok((Value::null(), 0)),
            },
            None => return Ok((self.family_value(ev, inst, i, &children, span)?, 0)),
        };
        self.note_ref(&child.address);
        match rest.get(used) {
            Some(Op {
                kind: OpKind::Attr(out),
                span,
            }) => Ok((self.child_output(ev, &child, out, span)?.value(), used + 1)),
            _ => Ok((self.outputs_object(ev, &child, span)?, used)),
        }
    }

    fn family_value(&self, ev: &Evaluator, inst: &Rc<ModInst>, i: usize, children: &[Rc<ModInst>], span: &Span) -> DResult<Value> {
        let decl = &inst.module.calls[i];
        let mut objs = Vec::new();
        for c in children {
            self.note_ref(&c.address);
            objs.push((c.key.clone(), self.outputs_object(ev, c, span)?));
        }
        Ok(if decl.expansion.count.is_some() {
            Value::Tuple(objs.into_iter().map(|(_, v)| v).collect())
        } else {
            Value::Object(
                objs.into_iter()
                    .filter_map(|(k, v)| match k {
                        Key::Name(k) => Some((k, v)),
                        _ => None,
                    })
                    .collect(),
            )
        })
    }

    /// The handle a `resource("TYPE")` output's value expression names.
    pub fn handle(&self, ev: &Evaluator, e: &Expr, rtype: &str, label: &str) -> DResult<OutVal> {
        let bad = |span: &Span, why: &str| {
            ErrorKind::Output.at(
                span,
                format!("{label} is typed resource({rtype:?}), so its value must name one {rtype} instance, such as {rtype}.NAME or {rtype}.NAME[\"KEY\"]; {why}"),
            )
        };
        let Some((inst, _)) = self.top() else {
            return Err(bad(&e.span, "there is no module here"));
        };
        match &e.kind {
            ExprKind::Paren(x) => self.handle(ev, x, rtype, label),
            ExprKind::Cond(c, t, f) => match ev.eval(c)?.unmark().0 {
                Value::Bool(true) => self.handle(ev, t, rtype, label),
                Value::Bool(false) => self.handle(ev, f, rtype, label),
                _ => Err(bad(&c.span, "its condition is not a known bool")),
            },
            ExprKind::Traversal(base, ops) => {
                let ExprKind::Var(root) = &base.kind else {
                    return Err(bad(&e.span, "this is not a reference"));
                };
                let Some(Op {
                    kind: OpKind::Attr(name),
                    span: name_span,
                }) = ops.first()
                else {
                    return Err(bad(&e.span, "this is not a reference"));
                };
                let (found, used) = if root == "module" {
                    let Some((i, decl)) = inst.module.call(name) else {
                        return Err(reference(
                            name_span,
                            format!("no module call named {name:?} is declared in this module"),
                        ));
                    };
                    let (child, next) = match ops.get(1) {
                        Some(op) => match self.index_op(ev, op)? {
                            Some(kv) => (self.module_instance(ev, &inst, i, kv, &op.span)?, 2),
                            None if !decl.expansion.expands() => match self.calls_of(ev, &inst, i)?.first() {
                                Some(c) => (c.clone(), 1),
                                None => return Err(bad(&e.span, "the module has no instance")),
                            },
                            None => {
                                return Err(bad(
                                    &op.span,
                                    &format!(
                                        "module.{name} is a module family: an individual output needs an indexed instance, as in module.{name}[\"KEY\"].OUTPUT"
                                    ),
                                ));
                            }
                        },
                        None => return Err(bad(&e.span, "a module is not a resource instance: name one of its outputs")),
                    };
                    let Some(Op {
                        kind: OpKind::Attr(out),
                        span,
                    }) = ops.get(next)
                    else {
                        return Err(bad(&e.span, "name one of the module instance's outputs"));
                    };
                    self.note_ref(&child.address);
                    (self.child_output(ev, &child, out, span)?, next + 1)
                } else {
                    let Some((i, decl)) = inst.module.resource(root, name) else {
                        return Err(reference(&e.span, format!("no resource {root}.{name} is declared in this module")));
                    };
                    let (insts, n, used) = match ops.get(1) {
                        Some(op) => match self.index_op(ev, op)? {
                            Some(kv) => {
                                let (insts, n) = self.resource_instance(ev, &inst, i, kv, &op.span)?;
                                (insts, n, 2)
                            }
                            None => return Err(bad(&op.span, "it must end at the instance, without an attribute")),
                        },
                        None if decl.expansion.expands() => {
                            return Err(bad(&e.span, &format!("{root}.{name} is a family of instances: index one of them")));
                        }
                        None => (self.resources_of(ev, &inst, i)?, 0, 1),
                    };
                    let Some(r) = insts.get(n) else {
                        return Err(bad(&e.span, "it has no instance"));
                    };
                    self.note_ref(&r.address);
                    (
                        OutVal::Handle {
                            address: r.address.clone(),
                            rtype: decl.rtype.clone(),
                            attrs: r.attrs.to_object(),
                        },
                        used,
                    )
                };
                if let Some(op) = ops.get(used) {
                    return Err(bad(&op.span, "it must end at the instance, without an attribute"));
                }
                match found {
                    OutVal::Handle { rtype: t, address, .. } if t != rtype => Err(ErrorKind::Output.at(
                        &e.span,
                        format!("{label} is typed resource({rtype:?}), but {address} is a {t:?} resource"),
                    )),
                    OutVal::Value(_) => Err(bad(&e.span, "that module output is a plain value, not a resource handle")),
                    h => Ok(h),
                }
            }
            _ => Err(bad(&e.span, "this expression is not a reference")),
        }
    }

    /// The ordering edges a `depends_on` list asks for (families expand to every instance).
    pub fn depends_on(&self, ev: &Evaluator, inst: &Rc<ModInst>, a: &Attr) -> DResult<BTreeSet<String>> {
        let bad = |span: &Span, why: &str| {
            ErrorKind::DependsOn.at(
                span,
                format!("depends_on takes a list of resources and module calls, such as [file.config, module.files]; {why}"),
            )
        };
        let ExprKind::Tuple(items) = &a.expr.kind else {
            return Err(bad(&a.expr.span, "this is not a list"));
        };
        let mut out = BTreeSet::new();
        for item in items {
            let ExprKind::Traversal(base, ops) = &item.kind else {
                return Err(bad(&item.span, "this entry is not a reference"));
            };
            let (
                ExprKind::Var(root),
                Some(Op {
                    kind: OpKind::Attr(name),
                    span: name_span,
                }),
            ) = (&base.kind, ops.first())
            else {
                return Err(bad(&item.span, "this entry is not a reference"));
            };
            let index = match ops.get(1) {
                None => None,
                Some(op) => match self.index_op(ev, op)? {
                    Some(kv) => Some((kv, op.span.clone())),
                    None => return Err(bad(&op.span, "name the whole resource or module instance, without an attribute")),
                },
            };
            if let Some(op) = ops.get(2) {
                return Err(bad(&op.span, "name the whole resource or module instance, without an attribute"));
            }
            if root == "module" {
                let Some((i, decl)) = inst.module.call(name) else {
                    return Err(reference(
                        name_span,
                        format!("no module call named {name:?} is declared in this module"),
                    ));
                };
                match index {
                    Some((kv, span)) => {
                        out.insert(
                            self.module_instance(ev, inst, i, kv, &span)
                                .map_err(|d| d.at(&item.span))?
                                .address
                                .clone(),
                        );
                    }
                    None => {
                        // A learner may believe a module family must be indexed here.
                        if decl.expansion.expands() && ev.flipped(Rule::FamilyDependsNeedsIndex) {
                            return Err(bad(&item.span, "a module family must be indexed"));
                        }
                        out.extend(
                            self.calls_of(ev, inst, i)
                                .map_err(|d| d.at(&item.span))?
                                .iter()
                                .map(|c| c.address.clone()),
                        );
                    }
                }
            } else {
                let Some((i, _)) = inst.module.resource(root, name) else {
                    return Err(reference(
                        &item.span,
                        format!("no resource {root}.{name} is declared in this module"),
                    ));
                };
                match index {
                    Some((kv, span)) => {
                        let (insts, n) = self.resource_instance(ev, inst, i, kv, &span).map_err(|d| d.at(&item.span))?;
                        out.insert(insts[n].address.clone());
                    }
                    None => out.extend(
                        self.resources_of(ev, inst, i)
                            .map_err(|d| d.at(&item.span))?
                            .iter()
                            .map(|r| r.address.clone()),
                    ),
                }
            }
        }
        Ok(out)
    }
}

fn no_root(name: &str, span: &Span) -> Diag {
    reference(
        span,
        format!(
            "{name:?} is not a known name here; references are var.NAME, fact.NAME, each.key, each.value, count.index, TYPE.NAME (a resource of this module) and module.NAME"
        ),
    )
}

impl Scope for Compiler {
    fn resolve(&self, ev: &Evaluator, name: &str, attr: Option<&str>, span: &Span) -> DResult<(Value, bool)> {
        let Some((inst, iter)) = self.top() else {
            return Err(no_root(name, span));
        };
        match (name, attr) {
            ("var", Some(a)) => match inst.vars.borrow().get(a) {
                Some(v) => Ok((v.clone(), true)),
                None => Err(reference(span, format!("no variable {a:?} is declared in this module"))),
            },
            ("fact", Some(a)) => Ok((self.facts.get(a).cloned().unwrap_or(Value::unknown(Type::Dynamic)), true)),
            ("var" | "fact", None) => Err(reference(span, format!("{name} needs a name: {name}.NAME"))),
            ("each", _) => match iter {
                Iter::Each {
                    key,
                    value,
                    ordinal,
                    from_set,
                } => match attr {
                    Some("key") => Ok((Value::string(key.as_str()), true)),
                    // A learner may believe each.value over a set is the element's position, as
                    // the first variable of a for expression over a list is.
                    Some("value") if from_set && ev.flipped(Rule::SetValueIsElement) => {
                        Ok((Value::Number(Number::from_i64(i64::try_from(ordinal).unwrap_or(i64::MAX))), true))
                    }
                    Some("value") => Ok((value, true)),
                    None => Ok((
                        Value::Object(
                            [("key".to_string(), Value::string(key.as_str())), ("value".to_string(), value)]
                                .into_iter()
                                .collect(),
                        ),
                        false,
                    )),
                    Some(other) => Err(reference(span, format!("each has .key and .value, not .{other}"))),
                },
                Iter::Count(_) => Err(reference(
                    span,
                    "each.key and each.value exist only in a declaration with for_each; this one uses count: use count.index",
                )),
                Iter::None => Err(reference(span, "each.key and each.value exist only in a declaration with for_each")),
            },
            ("count", _) => match iter {
                Iter::Count(i) => match attr {
                    Some("index") => Ok((Value::int(i), true)),
                    None => Ok((Value::Object([("index".to_string(), Value::int(i))].into_iter().collect()), false)),
                    Some(other) => Err(reference(span, format!("count has .index, not .{other}"))),
                },
                // A learner may believe count.index numbers for_each instances too.
                Iter::Each { ordinal, .. } if attr == Some("index") && ev.flipped(Rule::CountIndexUnderForEach) => {
                    Ok((Value::int(ordinal as i64), true))
                }
                Iter::Each { .. } => Err(reference(
                    span,
                    "count.index exists only in a declaration with count; this one uses for_each: use each.key or each.value",
                )),
                Iter::None => Err(reference(span, "count.index exists only in a declaration with count")),
            },
            (_, Some(a)) => Err(reference(
                span,
                format!("no resource {name}.{a} is declared in this module (and {name:?} is not var, fact, each, count or module)"),
            )),
            (_, None) => Err(no_root(name, span)),
        }
    }

    fn resolve_traversal(&self, ev: &Evaluator, name: &str, ops: &[Op], span: &Span) -> Option<DResult<(Value, usize)>> {
        let (inst, _) = self.top()?;
        let Some(Op {
            kind: OpKind::Attr(second),
            span: second_span,
        }) = ops.first()
        else {
            return None;
        };
        if name == "module" {
            let Some((i, _)) = inst.module.call(second) else {
                return Some(Err(reference(
                    second_span,
                    format!("no module call named {second:?} is declared in this module"),
                )));
            };
            return Some(self.module_ref(ev, &inst, i, &ops[1..], span).map(|(v, n)| (v, n + 1)));
        }
        if matches!(name, "var" | "fact" | "each" | "count") {
            return None;
        }
        let (i, _) = inst.module.resource(name, second)?;
        Some(self.resource_ref(ev, &inst, i, &ops[1..]).map(|(v, n)| (v, n + 1)))
    }
}
