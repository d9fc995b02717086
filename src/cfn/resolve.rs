//! Rewriting references in a scope: `Ref`, `Fn::GetAtt`, `Fn::Sub` variables and `Fn::If`
//! conditions, looked up in the module and then in the scopes around it; module outputs
//! substituted; the package-time intrinsics folded. A value substituted for a parameter is
//! final: it is not looked at again.

use std::collections::BTreeSet;

use super::conditions;
use super::error::{CfnError, ErrorKind};
use super::intrinsics;
use super::module::Engine;
use super::scope::{Cond, Scope};
use super::sub::{self, Word};
use super::value::{Map, Value};
use crate::lang::Rule;

/// A module output reference, looked up in one scope.
pub enum OutRef {
    /// The first part names no module of this scope.
    NotModule,
    /// A module of this scope, without that output.
    Missing,
    /// The output's value.
    Found(Value),
}

/// Resolves `v` in `sc`; `None` means the node is removed (a decided `Fn::If` chose
/// `AWS::NoValue`).
pub fn resolve(eng: &Engine, sc: &Scope, v: &Value) -> Result<Option<Value>, CfnError> {
    if let Some((f, arg)) = v.intrinsic() {
        let out = resolve_intrinsic(eng, sc, v, f, arg)?;
        // What an intrinsic gives (a parameter's value, an inserted file, a joined string)
        // is new text: charged whole. Its arguments were charged as they were resolved.
        if let Some(x) = &out {
            eng.charge(crate::cfn::yaml::text_size(x))?;
        }
        return Ok(out);
    }
    Ok(Some(match v {
        Value::Scalar(s) => {
            eng.charge(s.text.len())?;
            v.clone()
        }
        Value::Seq(items) => {
            let mut out = Vec::with_capacity(items.len());
            for item in items {
                if let Some(x) = resolve(eng, sc, item)? {
                    out.push(x);
                }
            }
            Value::Seq(out)
        }
        Value::Map(m) => Value::Map(resolve_map(eng, sc, m)?),
    }))
}

/// Resolves the intrinsic function `f` (applied to `arg`) that `v` is.
fn resolve_intrinsic(eng: &Engine, sc: &Scope, v: &Value, f: &str, arg: &Value) -> Result<Option<Value>, CfnError> {
    match f {
        "Ref" => match arg.as_str() {
            Some(name) => lookup_ref(eng, sc, name).map(Some),
            None => Ok(Some(v.clone())),
        },
        "Fn::GetAtt" => getatt(eng, sc, v, arg).map(Some),
        "Fn::Sub" => sub_fn(eng, sc, arg).map(Some),
        "Fn::If" => if_fn(eng, sc, arg),
        "Fn::Invoke" => intrinsics::invoke(eng, sc, arg).map(Some),
        "Fn::InsertFile" => intrinsics::insert_file(eng, sc, arg).map(Some),
        "Fn::Join" | "Fn::Select" | "Fn::Merge" => {
            let arg = resolve(eng, sc, arg)?.unwrap_or_else(Value::null);
            intrinsics::fold(f, arg).map(Some)
        }
        _ => {
            let arg = resolve(eng, sc, arg)?.unwrap_or_else(|| Value::reference("AWS::NoValue"));
            Ok(Some(Value::func(f, arg)))
        }
    }
}

/// Resolves every value of a mapping, dropping removed ones.
pub fn resolve_map(eng: &Engine, sc: &Scope, m: &Map) -> Result<Map, CfnError> {
    let mut out = Map::new();
    for (k, item) in m.iter() {
        if let Some(x) = resolve(eng, sc, item)? {
            out.0.push((k.to_string(), x));
        }
    }
    Ok(out)
}

/// Resolves a value that must stay (a removed node becomes null).
pub fn resolve_value(eng: &Engine, sc: &Scope, v: &Value) -> Result<Value, CfnError> {
    Ok(resolve(eng, sc, v)?.unwrap_or_else(Value::null))
}

/// A parameter's value in a module scope: the parent's Property, else the Default.
pub fn param_value(eng: &Engine, sc: &Scope, name: &str) -> Result<Option<Value>, CfnError> {
    if sc.is_root() {
        return Ok(None);
    }
    let Some(decl) = sc.params.get(name) else {
        return Ok(None);
    };
    if let Some(v) = sc.props.get(name) {
        return Ok(Some(v.clone()));
    }
    match decl.as_map().and_then(|d| d.get("Default")) {
        Some(d) if !eng.ctx.flipped(Rule::CfnUnsetParamIsError) => Ok(Some(d.clone())),
        _ => Err(CfnError::new(ErrorKind::MissingParameter(name.to_string())).at(&sc.file(), &sc.label)),
    }
}

/// Checks a reference to a resource some module produced, by its prefixed name.
fn generated_ref(eng: &Engine, sc: &Scope, name: &str) -> Result<(), CfnError> {
    if eng.ctx.flipped(Rule::CfnRenamedResourceRefBreaks) {
        return Err(CfnError::new(ErrorKind::PrefixedReference(sc.id(name))).at(&sc.file(), &sc.label));
    }
    Ok(())
}

/// `{Ref: name}` in `sc`.
pub fn lookup_ref(eng: &Engine, sc: &Scope, name: &str) -> Result<Value, CfnError> {
    if name.starts_with("AWS::") {
        return Ok(Value::reference(name));
    }
    for s in sc.chain() {
        if let Some(v) = param_value(eng, s, name)? {
            return Ok(v);
        }
        if s.own.contains(name) {
            return Ok(Value::reference(&s.id(name)));
        }
        if s.generated.borrow().contains(name) {
            generated_ref(eng, s, name)?;
            return Ok(Value::reference(&s.id(name)));
        }
        if let Some((m, out)) = name.split_once('.')
            && let OutRef::Found(v) = module_output(eng, s, m, out)?
        {
            if eng.ctx.flipped(Rule::CfnRefToOutputWorks) {
                return Ok(v);
            }
            return Ok(Value::reference(name));
        }
    }
    Ok(Value::reference(name))
}

fn getatt(eng: &Engine, sc: &Scope, orig: &Value, arg: &Value) -> Result<Value, CfnError> {
    let Some(items) = arg.as_seq().filter(|i| i.len() == 2) else {
        return Ok(orig.clone());
    };
    let attr = resolve_value(eng, sc, &items[1])?;
    let Some(r) = items[0].as_str() else {
        return Ok(orig.clone());
    };
    let keep = |r: &str| Value::func("Fn::GetAtt", Value::Seq(vec![Value::str(r), attr.clone()]));
    for s in sc.chain() {
        if s.own.contains(r) {
            return Ok(keep(&s.id(r)));
        }
        if s.generated.borrow().contains(r) {
            generated_ref(eng, s, r)?;
            return Ok(keep(&s.id(r)));
        }
        if let Some(a) = attr.as_str() {
            let joined = format!("{r}.{a}");
            let parts: Vec<&str> = joined.split('.').collect();
            if parts.len() == 2 {
                match module_output(eng, s, parts[0], parts[1])? {
                    OutRef::NotModule => {}
                    // A learner may believe packaging rejects a reference to an output the
                    // module does not have.
                    OutRef::Missing if eng.ctx.flipped(Rule::CfnMissingOutputLeftAlone) => {
                        return Err(missing_output(&joined).at(&s.file(), &s.label));
                    }
                    OutRef::Missing => return Ok(keep(r)),
                    OutRef::Found(v) => {
                        if eng.ctx.flipped(Rule::CfnOutputReferenceSubstituted) {
                            return Ok(keep(r));
                        }
                        return Ok(v);
                    }
                }
            }
        }
    }
    Ok(keep(r))
}

/// The error a learner expects for a reference to an output the module does not declare.
fn missing_output(reference: &str) -> CfnError {
    ErrorKind::Output {
        reference: reference.to_string(),
        detail: "the module has no output by that name".into(),
    }
    .into()
}

/// A module output: `m` is an entry's name, `Loop[i]`, `Loop[key]` or `Loop[]` (a list of
/// every copy's output).
pub fn module_output(eng: &Engine, sc: &Scope, m: &str, out: &str) -> Result<OutRef, CfnError> {
    if sc.entries.is_empty() {
        return Ok(OutRef::NotModule);
    }
    let pick = |i: usize| -> Result<OutRef, CfnError> {
        let ex = eng.expand_entry(sc, i)?;
        Ok(match ex.outputs.iter().find(|(n, _)| n == out) {
            Some((_, Ok(v))) => OutRef::Found(v.clone()),
            Some((_, Err(e))) => return Err(e.clone()),
            None => OutRef::Missing,
        })
    };
    if let Some(i) = sc.entries.iter().position(|e| e.name == m) {
        return pick(i);
    }
    let Some((group, sel)) = m.strip_suffix(']').and_then(|x| x.split_once('[')) else {
        return Ok(OutRef::NotModule);
    };
    let copies: Vec<usize> = (0..sc.entries.len())
        .filter(|&i| sc.entries[i].group.as_ref().is_some_and(|g| g.0 == group))
        .collect();
    if copies.is_empty() {
        return Ok(OutRef::NotModule);
    }
    if sel.is_empty() {
        let mut list = Vec::new();
        for i in copies {
            match pick(i)? {
                OutRef::Found(v) => list.push(v),
                _ => return Ok(OutRef::Missing),
            }
        }
        return Ok(OutRef::Found(Value::Seq(list)));
    }
    let found = copies.into_iter().find(|&i| {
        let g = sc.entries[i].group.as_ref();
        g.is_some_and(|(_, idx, key)| {
            if sel.bytes().all(|b| b.is_ascii_digit()) {
                sel.parse() == Ok(*idx)
            } else {
                key == sel
            }
        })
    });
    match found {
        Some(i) => pick(i),
        None => Err(CfnError::new(ErrorKind::BadIndex(format!("{m}.{out}"))).at(&sc.file(), &sc.label)),
    }
}

fn sub_fn(eng: &Engine, sc: &Scope, arg: &Value) -> Result<Value, CfnError> {
    let (template, vars) = match arg {
        Value::Scalar(s) => (s.text.to_string(), None),
        Value::Seq(items) if items.len() == 2 && items[0].is_scalar() => {
            let vars = match &items[1] {
                Value::Map(m) => resolve_map(eng, sc, m)?,
                _ => return Err(CfnError::intrinsic("Fn::Sub", "the second item must be a mapping of variables").at(&sc.file(), &sc.label)),
            };
            (items[0].as_str().unwrap_or_default().to_string(), Some(vars))
        }
        _ => return Ok(Value::func("Fn::Sub", resolve_value(eng, sc, arg)?)),
    };
    let locals: BTreeSet<String> = vars.iter().flat_map(|m| m.keys().map(str::to_string)).collect();
    let mut words = Vec::new();
    for w in sub::parse(&template).map_err(|e| e.at(&sc.file(), &sc.label))? {
        match w {
            Word::Var(name) if !locals.contains(&name) => words.extend(sub_var(eng, sc, &name)?),
            w => words.push(w),
        }
    }
    if !sub::has_vars(&words) && !eng.ctx.flipped(Rule::CfnSubKeepsWrapper) {
        return Ok(Value::str(sub::plain(&words)));
    }
    let text = Value::str(sub::render(&words));
    Ok(Value::func(
        "Fn::Sub",
        match vars {
            Some(m) => Value::Seq(vec![text, Value::Map(m)]),
            None => text,
        },
    ))
}

/// The words a `${name}` becomes in `sc`.
fn sub_var(eng: &Engine, sc: &Scope, name: &str) -> Result<Vec<Word>, CfnError> {
    let keep = || vec![Word::Var(name.to_string())];
    if name.starts_with("AWS::") {
        return Ok(keep());
    }
    for s in sc.chain() {
        match name.split_once('.') {
            None => {
                if let Some(v) = param_value(eng, s, name)? {
                    return value_words(&v, name).map_err(|e| e.at(&s.file(), &s.label));
                }
                if s.own.contains(name) {
                    return Ok(vec![Word::Var(s.id(name))]);
                }
                if s.generated.borrow().contains(name) {
                    generated_ref(eng, s, name)?;
                    return Ok(vec![Word::Var(s.id(name))]);
                }
            }
            Some((r, attr)) => {
                if s.own.contains(r) {
                    return Ok(vec![Word::Var(format!("{}.{attr}", s.id(r)))]);
                }
                if s.generated.borrow().contains(r) {
                    generated_ref(eng, s, r)?;
                    return Ok(vec![Word::Var(format!("{}.{attr}", s.id(r)))]);
                }
                if !attr.contains('.') {
                    match module_output(eng, s, r, attr)? {
                        OutRef::NotModule => {}
                        OutRef::Missing if eng.ctx.flipped(Rule::CfnMissingOutputLeftAlone) => {
                            return Err(missing_output(name).at(&s.file(), &s.label));
                        }
                        OutRef::Missing => return Ok(keep()),
                        OutRef::Found(v) => {
                            if eng.ctx.flipped(Rule::CfnOutputReferenceSubstituted) {
                                return Ok(keep());
                            }
                            return value_words(&v, name).map_err(|e| e.at(&s.file(), &s.label));
                        }
                    }
                }
            }
        }
    }
    Ok(keep())
}

/// A value written into a Sub string: a scalar's text, `${X}` for a Ref, `${A.B}` for a
/// GetAtt, a Sub's own words; anything else cannot go into a string.
fn value_words(v: &Value, name: &str) -> Result<Vec<Word>, CfnError> {
    let bad = |kind: &str| -> CfnError {
        ErrorKind::SubReference {
            name: name.to_string(),
            kind: kind.to_string(),
        }
        .into()
    };
    match v {
        Value::Scalar(s) => Ok(if s.text.is_empty() {
            vec![]
        } else {
            vec![Word::Text(s.text.to_string())]
        }),
        Value::Seq(_) => Err(bad("list")),
        Value::Map(_) => match v.intrinsic() {
            Some(("Ref", Value::Scalar(r))) => Ok(vec![Word::Var(r.text.to_string())]),
            Some(("Fn::GetAtt", Value::Seq(p))) if p.len() == 2 && p.iter().all(Value::is_scalar) => Ok(vec![Word::Var(format!(
                "{}.{}",
                p[0].as_str().unwrap_or_default(),
                p[1].as_str().unwrap_or_default()
            ))]),
            Some(("Fn::Sub", Value::Scalar(s))) => sub::parse(&s.text),
            Some((f, _)) => Err(bad(f)),
            None => Err(bad("mapping")),
        },
    }
}

fn if_fn(eng: &Engine, sc: &Scope, arg: &Value) -> Result<Option<Value>, CfnError> {
    let Some(items) = arg.as_seq().filter(|i| i.len() == 3) else {
        return Ok(Some(Value::func("Fn::If", resolve_value(eng, sc, arg)?)));
    };
    let state = match &items[0] {
        Value::Scalar(s) => sc.condition(&s.text),
        cond @ Value::Map(_) => match conditions::eval(eng, sc, "Fn::If", cond)? {
            conditions::Tri::Known(b) => Some(Cond::Known(b)),
            conditions::Tri::Open(_) => None,
        },
        _ => None,
    };
    let branch = |v: &Value| -> Result<Value, CfnError> { Ok(resolve(eng, sc, v)?.unwrap_or_else(|| Value::reference("AWS::NoValue"))) };
    match state {
        Some(Cond::Known(b)) => {
            let chosen = &items[if b { 1 } else { 2 }];
            if chosen.is_no_value() {
                return Ok(None);
            }
            resolve(eng, sc, chosen)
        }
        Some(Cond::Renamed(n)) => Ok(Some(Value::func(
            "Fn::If",
            Value::Seq(vec![Value::str(n), branch(&items[1])?, branch(&items[2])?]),
        ))),
        None => Ok(Some(Value::func(
            "Fn::If",
            Value::Seq(vec![items[0].clone(), branch(&items[1])?, branch(&items[2])?]),
        ))),
    }
}

/// A `DependsOn` name in `sc`: a resource of this scope or an enclosing one gets its prefix.
pub fn depends_name(eng: &Engine, sc: &Scope, name: &str) -> String {
    for s in sc.chain() {
        if s.has_resource(name) {
            if !s.is_root() && eng.ctx.flipped(Rule::CfnDependsOnNotPrefixed) {
                return name.to_string();
            }
            return s.id(name);
        }
    }
    name.to_string()
}
