//! Type constraints (`list(string)`, `object({ a = optional(number, 1) })`) as written in
//! `variable` blocks, and their application to values with `optional()` defaults.

use std::collections::BTreeMap;

use crate::lang::dialect::rules::Rule;
use crate::lang::syntax::diag::Diag;
use crate::lang::syntax::{Expr, ExprKind};
use crate::lang::value::convert::{ConvError, convert};
use crate::lang::value::{Type, Value};

/// A type constraint: a type, plus `optional()` attributes and their defaults.
#[derive(Clone, Debug)]
pub enum Constraint {
    /// A primitive type or `any`.
    Simple(Type),
    /// `list(C)`
    List(Box<Constraint>),
    /// `set(C)`
    Set(Box<Constraint>),
    /// `map(C)`
    Map(Box<Constraint>),
    /// `tuple([C, ...])`
    Tuple(Vec<Constraint>),
    /// `object({name = C | optional(C[, default])})`
    Object(BTreeMap<String, Attr>),
}

/// One attribute of an object constraint.
#[derive(Clone, Debug)]
pub struct Attr {
    /// The attribute's constraint.
    pub ty: Constraint,
    /// Declared with `optional()`.
    pub optional: bool,
    /// The default given to `optional()`, already evaluated.
    pub default: Option<Value>,
}

fn bad(e: &Expr, what: &str) -> Diag {
    Diag::new("Invalid type specification", what.to_string()).at(&e.span)
}

impl Constraint {
    /// Parses a type constraint expression. `eval_default` evaluates an optional() default.
    pub fn parse(e: &Expr, eval_default: &dyn Fn(&Expr) -> Result<Value, Diag>) -> Result<Constraint, Diag> {
        match &e.kind {
            ExprKind::Var(name) => match name.as_str() {
                "string" => Ok(Constraint::Simple(Type::String)),
                "number" => Ok(Constraint::Simple(Type::Number)),
                "bool" => Ok(Constraint::Simple(Type::Bool)),
                "any" => Ok(Constraint::Simple(Type::Dynamic)),
                // The legacy bare `list` and `map` mean list(any) and map(any).
                "list" => Ok(Constraint::List(Box::new(Constraint::Simple(Type::Dynamic)))),
                "map" => Ok(Constraint::Map(Box::new(Constraint::Simple(Type::Dynamic)))),
                "set" => Err(bad(
                    e,
                    "The set type constructor requires one argument specifying the element type.",
                )),
                other => Err(bad(e, &format!("The keyword {other:?} is not a valid type specification."))),
            },
            ExprKind::Call(c) => {
                let one = || -> Result<Constraint, Diag> {
                    if c.args.len() != 1 {
                        return Err(bad(
                            e,
                            &format!("The {} type constructor requires one argument specifying the element type.", c.name),
                        ));
                    }
                    Constraint::parse(&c.args[0], eval_default)
                };
                match c.name.as_str() {
                    "list" => Ok(Constraint::List(Box::new(one()?))),
                    "set" => Ok(Constraint::Set(Box::new(one()?))),
                    "map" => Ok(Constraint::Map(Box::new(one()?))),
                    "tuple" => match c.args.as_slice() {
                        [
                            Expr {
                                kind: ExprKind::Tuple(items),
                                ..
                            },
                        ] => Ok(Constraint::Tuple(
                            items.iter().map(|i| Constraint::parse(i, eval_default)).collect::<Result<_, _>>()?,
                        )),
                        _ => Err(bad(
                            e,
                            "The tuple type constructor requires one argument specifying the element types as a list.",
                        )),
                    },
                    "object" => match c.args.as_slice() {
                        [
                            Expr {
                                kind: ExprKind::Object(items),
                                ..
                            },
                        ] => {
                            let mut attrs = BTreeMap::new();
                            for (k, v) in items {
                                let name = match k {
                                    crate::lang::syntax::ObjKey::Ident(s, _) => s.clone(),
                                    crate::lang::syntax::ObjKey::Expr(Expr {
                                        kind: ExprKind::Str(s), ..
                                    }) => s.clone(),
                                    crate::lang::syntax::ObjKey::Expr(x) => {
                                        return Err(bad(x, "Object constructor map keys must be attribute names."));
                                    }
                                };
                                attrs.insert(name, Attr::parse(v, eval_default)?);
                            }
                            Ok(Constraint::Object(attrs))
                        }
                        _ => Err(bad(
                            e,
                            "The object type constructor requires one argument specifying the attribute types as a map.",
                        )),
                    },
                    "optional" => Err(bad(
                        e,
                        "Keyword \"optional\" is valid only as a modifier for object type attributes.",
                    )),
                    other => Err(bad(e, &format!("Keyword {other:?} is not a valid type constructor."))),
                }
            }
            _ => Err(bad(
                e,
                "A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string).",
            )),
        }
    }

    /// True when some object in this constraint has an `optional()` attribute.
    pub fn has_optional(&self) -> bool {
        match self {
            Constraint::Simple(_) => false,
            Constraint::List(c) | Constraint::Set(c) | Constraint::Map(c) => c.has_optional(),
            Constraint::Tuple(cs) => cs.iter().any(Constraint::has_optional),
            Constraint::Object(m) => m.values().any(|a| a.optional || a.ty.has_optional()),
        }
    }

    /// The plain type this constraint converts to (optional attributes included).
    pub fn ty(&self) -> Type {
        match self {
            Constraint::Simple(t) => t.clone(),
            Constraint::List(c) => Type::list(c.ty()),
            Constraint::Set(c) => Type::set(c.ty()),
            Constraint::Map(c) => Type::map(c.ty()),
            Constraint::Tuple(cs) => Type::Tuple(cs.iter().map(Constraint::ty).collect()),
            Constraint::Object(m) => Type::Object(m.iter().map(|(k, a)| (k.clone(), a.ty.ty())).collect()),
        }
    }

    /// Converts a value to this constraint as Terraform 1.3+ does: optional attributes that are
    /// absent or null take their defaults (top-down, so a default object gets its own nested
    /// defaults), undeclared attributes are dropped.
    pub fn apply(&self, v: &Value) -> Result<Value, ConvError> {
        self.apply_with(v, &|_| false)
    }

    /// The same constraint with every `optional()` default dropped (an omitted optional
    /// attribute then converts to null): the type a learner sees who believes nested
    /// defaults are not applied.
    pub fn without_defaults(&self) -> Constraint {
        match self {
            Constraint::Simple(t) => Constraint::Simple(t.clone()),
            Constraint::List(c) => Constraint::List(Box::new(c.without_defaults())),
            Constraint::Set(c) => Constraint::Set(Box::new(c.without_defaults())),
            Constraint::Map(c) => Constraint::Map(Box::new(c.without_defaults())),
            Constraint::Tuple(cs) => Constraint::Tuple(cs.iter().map(Constraint::without_defaults).collect()),
            Constraint::Object(attrs) => Constraint::Object(
                attrs
                    .iter()
                    .map(|(k, a)| {
                        let attr = Attr {
                            ty: a.ty.without_defaults(),
                            optional: a.optional,
                            default: None,
                        };
                        (k.clone(), attr)
                    })
                    .collect(),
            ),
        }
    }

    /// [`Constraint::apply`] under a rule set: `flipped(rule)` says whether a misconception
    /// flips one of the optional()/conversion rules (and records that it was consulted).
    pub fn apply_with(&self, v: &Value, flipped: &dyn Fn(Rule) -> bool) -> Result<Value, ConvError> {
        if v.is_null() || v.is_unknown() {
            return convert(v, &self.ty());
        }
        let (inner, marked) = v.clone().unmark();
        let out = match (self, &inner) {
            (Constraint::Object(attrs), Value::Object(m) | Value::Map(_, m)) => {
                if let Some(extra) = m.keys().find(|k| !attrs.contains_key(*k)) {
                    // A learner may believe an undeclared attribute is an error.
                    if flipped(Rule::ObjectConversionDropsExtras) {
                        return Err(ConvError(format!("unsupported attribute {extra:?}")));
                    }
                }
                let mut out = BTreeMap::new();
                for (k, a) in attrs {
                    let explicit_null = m.get(k).is_some_and(|x| x.is_null());
                    if explicit_null && a.optional && a.default.is_some() && flipped(Rule::OptionalNullTakesDefault) {
                        // A learner may believe an explicit null stays null.
                        out.insert(k.clone(), Value::Null(a.ty.ty()));
                        continue;
                    }
                    let given = m.get(k).filter(|x| !x.is_null());
                    let val = match (given, &a.default) {
                        // A learner may believe the default also replaces false, 0 or "".
                        (Some(x), Some(d)) if a.optional && is_falsy(x) && flipped(Rule::OptionalDefaultOnlyForNull) => {
                            a.ty.apply_with(d, flipped)
                                .map_err(|e| ConvError(format!("attribute {k:?}: {}", e.0)))?
                        }
                        (Some(x), d) => {
                            let v =
                                a.ty.apply_with(x, flipped)
                                    .map_err(|e| ConvError(format!("attribute {k:?}: {}", e.0)))?;
                            // HCL's typeexpr (2.17 on): an attribute whose default cannot be
                            // null is never null, so what is given for it (maybe unknown) is
                            // refined so, unless its type is not known yet (the defaults are
                            // applied before the conversion).
                            match d {
                                Some(d) if a.optional && d.definitely_not_null() && x.ty() != Type::Dynamic => {
                                    v.refine(crate::lang::value::Refinement::new().not_null())
                                }
                                _ => v,
                            }
                        }
                        (None, Some(d)) if a.optional && has_optional(&a.ty) && flipped(Rule::OptionalNestedDefaults) => {
                            // A learner may believe the outer default is used as written:
                            // its omitted optional attributes are null, never defaulted.
                            a.ty.without_defaults()
                                .apply_with(d, flipped)
                                .map_err(|e| ConvError(format!("attribute {k:?}: {}", e.0)))?
                        }
                        (None, Some(d)) if a.optional => {
                            a.ty.apply_with(d, flipped)
                                .map_err(|e| ConvError(format!("attribute {k:?}: {}", e.0)))?
                        }
                        // A learner may believe an omitted attribute without a default is left out.
                        (None, None) if a.optional && !m.contains_key(k) && flipped(Rule::OptionalAbsentIsNull) => continue,
                        (None, _) if a.optional => Value::Null(a.ty.ty()),
                        (None, _) => {
                            if m.contains_key(k) {
                                a.ty.apply_with(&m[k], flipped)?
                            } else {
                                return Err(ConvError(format!("attribute {k:?} is required")));
                            }
                        }
                    };
                    out.insert(k.clone(), val);
                }
                Value::Object(out)
            }
            (Constraint::List(c), Value::List(_, vs) | Value::Tuple(vs) | Value::Set(_, vs)) if has_optional(c) => {
                let items = vs.iter().map(|x| c.apply_with(x, flipped)).collect::<Result<Vec<_>, _>>()?;
                convert(&Value::Tuple(items), &self.ty())?
            }
            (Constraint::Set(c), Value::List(_, vs) | Value::Tuple(vs) | Value::Set(_, vs)) if has_optional(c) => {
                let items = vs.iter().map(|x| c.apply_with(x, flipped)).collect::<Result<Vec<_>, _>>()?;
                convert(&Value::Tuple(items), &self.ty())?
            }
            (Constraint::Map(c), Value::Map(_, m) | Value::Object(m)) if has_optional(c) => {
                let items = m
                    .iter()
                    .map(|(k, x)| Ok((k.clone(), c.apply_with(x, flipped)?)))
                    .collect::<Result<BTreeMap<_, _>, ConvError>>()?;
                convert(&Value::Object(items), &self.ty())?
            }
            (Constraint::Tuple(cs), Value::Tuple(vs) | Value::List(_, vs)) if cs.len() == vs.len() => Value::Tuple(
                cs.iter()
                    .zip(vs)
                    .map(|(c, x)| c.apply_with(x, flipped))
                    .collect::<Result<Vec<_>, _>>()?,
            ),
            _ => convert(&inner, &self.ty())?,
        };
        Ok(out.mark_with(marked))
    }
}

/// False, zero, the empty string or an empty collection: what a learner may mistake for "unset".
fn is_falsy(v: &Value) -> bool {
    match v {
        Value::Bool(b) => !b,
        Value::Number(n) => n.is_zero(),
        Value::String(s) => s.is_empty(),
        Value::List(..) | Value::Set(..) | Value::Tuple(..) | Value::Map(..) => v.is_empty(),
        _ => false,
    }
}

fn has_optional(c: &Constraint) -> bool {
    match c {
        Constraint::Simple(_) => false,
        Constraint::List(c) | Constraint::Set(c) | Constraint::Map(c) => has_optional(c),
        Constraint::Tuple(cs) => cs.iter().any(has_optional),
        Constraint::Object(_) => true,
    }
}

impl Attr {
    fn parse(e: &Expr, eval_default: &dyn Fn(&Expr) -> Result<Value, Diag>) -> Result<Attr, Diag> {
        if let ExprKind::Call(c) = &e.kind
            && c.name == "optional"
        {
            let (ty, default) = match c.args.as_slice() {
                [t] => (Constraint::parse(t, eval_default)?, None),
                [t, d] => {
                    let ty = Constraint::parse(t, eval_default)?;
                    let dv = eval_default(d)?;
                    let dv = if dv.is_null() {
                        None
                    } else {
                        // Checked now, applied (with its own nested defaults) when used.
                        ty.apply(&dv).map_err(|err| {
                            Diag::new(
                                "Invalid default value for optional attribute",
                                format!(
                                    "This default value is not compatible with the attribute's type constraint: {}.",
                                    err.0
                                ),
                            )
                            .at(&d.span)
                        })?;
                        Some(dv)
                    };
                    (ty, dv)
                }
                _ => {
                    return Err(bad(
                        e,
                        "The optional modifier takes a type constraint and an optional default value.",
                    ));
                }
            };
            return Ok(Attr {
                ty,
                optional: true,
                default,
            });
        }
        Ok(Attr {
            ty: Constraint::parse(e, eval_default)?,
            optional: false,
            default: None,
        })
    }
}
