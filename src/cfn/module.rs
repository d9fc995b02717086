//! The packager: reads the parent template, expands each module entry into prefixed
//! resources (recursively, in the module's own scope), substitutes module outputs, carries
//! undecided conditions and transforms into the parent, and assembles the result.

use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use sha2::{Digest, Sha256};

use super::conditions;
use super::constants;
use super::ctx::Ctx;
use super::error::{CfnError, ErrorKind};
use super::foreach;
use super::intrinsics::fold_all;
use super::legacy;
use super::overrides::{self, depends_list, depends_value};
use super::resolve::{depends_name, lookup_ref, param_value, resolve, resolve_map};
use super::scope::{Cond, Entry, Expanded, Scope, Slot};
use super::sources::{Loc, Reader, is_remote};
use super::sub;
use super::value::{Map, Value};
use super::yaml;
use crate::lang::Rule;

/// How deeply modules may nest.
const MAX_DEPTH: usize = 32;
/// How many resources one packaging may produce.
const MAX_RESOURCES: usize = 50_000;

/// One packaging's state.
pub struct Engine<'a> {
    /// The rules in force.
    pub ctx: Ctx<'a>,
    /// The files.
    pub reader: Reader<'a>,
    root_loc: Loc,
    stack: RefCell<Vec<Loc>>,
    // Entries whose Properties are being resolved (by label): an Fn::Invoke among them that
    // names one of them again would recurse for ever.
    resolving: RefCell<Vec<String>>,
    // Where an Fn::InsertFile being resolved was written: `Some(file)` while an entry's
    // Properties are resolved in the file that declares it, `None` while a module's own text
    // is (its InsertFile paths are then relative to the file that declares the module).
    insert_base: RefCell<Vec<Option<Loc>>>,
    root_conditions: RefCell<Map>,
    emitted: RefCell<Map>,
    transforms: RefCell<Vec<Value>>,
    count: Cell<usize>,
    // Bytes of values resolved so far (see [`Engine::charge`]).
    produced: Cell<usize>,
}

/// Bytes of values one packaging may resolve, every copy counted (an inserted file, a resolved
/// scalar, a module's or a loop's copy of a body), so that a template that inserts one large
/// file many times, or loops over a large body, ends with an error instead of taking gigabytes.
pub const MAX_PRODUCED: usize = 256 << 20;

impl<'a> Engine<'a> {
    /// Charges `bytes` of resolved values to the packaging's budget ([`MAX_PRODUCED`]).
    pub fn charge(&self, bytes: usize) -> Result<(), CfnError> {
        let total = self.produced.get().saturating_add(bytes);
        self.produced.set(total);
        if total > MAX_PRODUCED {
            return Err(ErrorKind::Limit(format!(
                "the packaged template would hold more than {} MiB (every inserted file, module copy and resolved value counted); iacquiz stops here",
                MAX_PRODUCED >> 20
            ))
            .into());
        }
        Ok(())
    }

    /// A packaging of the file at `root` read through `reader`.
    pub fn new(ctx: Ctx<'a>, reader: Reader<'a>, root: Loc) -> Engine<'a> {
        Engine {
            ctx,
            reader,
            root_loc: root,
            stack: RefCell::new(Vec::new()),
            resolving: RefCell::new(Vec::new()),
            insert_base: RefCell::new(Vec::new()),
            root_conditions: RefCell::new(Map::new()),
            emitted: RefCell::new(Map::new()),
            transforms: RefCell::new(Vec::new()),
            count: Cell::new(0),
            produced: Cell::new(0),
        }
    }

    /// The file an Fn::InsertFile resolved in `sc` is relative to, as rain reads it: the file
    /// that declares the module whose text holds it (the root template at the root), or, in an
    /// entry's Properties, the file that declares the entry.
    pub fn insert_base(&self, sc: &Scope) -> Loc {
        if let Some(Some(at)) = self.insert_base.borrow().last() {
            return at.clone();
        }
        match sc.parent {
            // A learner may believe the path is relative to the module file that holds it.
            Some(p) if !p.loc.beside(&sc.loc) && !self.ctx.flipped(Rule::CfnInsertFileRelativeToModule) => p.loc.clone(),
            _ => sc.loc.clone(),
        }
    }

    /// Adds an undecided module condition to the parent, refusing a clash with a different one.
    pub fn emit_condition(&self, name: &str, body: Value) -> Result<(), CfnError> {
        let existing = self.root_conditions.borrow().get(name).cloned();
        let existing = existing.or_else(|| self.emitted.borrow().get(name).cloned());
        if let Some(e) = existing {
            if e.same_data(&body) {
                return Ok(());
            }
            return Err(ErrorKind::ConditionConflict(name.to_string()).into());
        }
        self.emitted.borrow_mut().insert(name, body);
        Ok(())
    }

    /// Reads a template file with its constants applied.
    fn load(&self, loc: &Loc) -> Result<Map, CfnError> {
        let file = loc.to_string();
        let text = self.reader.text(loc)?;
        let v = yaml::parse(&text).map_err(|e| CfnError::new(ErrorKind::Parse(e)).at(&file, ""))?;
        let mut doc = match v {
            Value::Map(m) => m,
            v if v.is_null() => Map::new(),
            _ => return Err(CfnError::shape("the template", "must be a mapping of sections").at(&file, "")),
        };
        constants::apply(&mut doc).map_err(|e| e.at(&file, ""))?;
        // rain's older forms: !Rain::Module resources are module entries, !Rain::Embed a file's
        // text; its other directives are refused here rather than passed through.
        legacy::modules_from_resources(&mut doc).map_err(|e| e.at(&file, ""))?;
        let mut v = Value::Map(doc);
        legacy::embed_and_refuse(&mut v, "", &|p| self.reader.text(&self.locate(loc, p)?)).map_err(|e| e.at(&file, ""))?;
        Ok(match v {
            Value::Map(m) => m,
            _ => Map::new(),
        })
    }

    /// A path as written in the file at `base`, resolved against that file's folder; an
    /// absolute path is taken inside the root folder (refused outside it, or in memory).
    pub fn locate(&self, base: &Loc, rel: &str) -> Result<Loc, CfnError> {
        base.relative_in(rel, &|p| self.reader.absolute(p))
    }

    fn add_transform(&self, t: Value) {
        let items = match t {
            Value::Seq(items) => items,
            v => vec![v],
        };
        let mut all = self.transforms.borrow_mut();
        for i in items {
            if !all.iter().any(|x| x.same_data(&i)) {
                all.push(i);
            }
        }
    }

    /// The package aliases a file declares (`Packages:`, or the legacy `Rain: Packages:`).
    fn packages(&self, loc: &Loc, doc: &mut Map) -> Result<BTreeMap<String, (Loc, Option<Loc>)>, CfnError> {
        let mut out = BTreeMap::new();
        let mut sections = Vec::new();
        if let Some(p) = doc.remove("Packages") {
            sections.push(p);
        }
        if let Some(Value::Map(rain)) = doc.get_mut("Rain")
            && let Some(p) = rain.remove("Packages")
        {
            sections.push(p);
        }
        for section in sections {
            let m = section
                .as_map()
                .ok_or_else(|| CfnError::shape("Packages", "must be a mapping of aliases"))?;
            for (alias, spec) in m.iter() {
                let spec = spec
                    .as_map()
                    .ok_or_else(|| CfnError::shape(format!("Packages.{alias}"), "must be a mapping with Source"))?;
                let src = spec
                    .get("Source")
                    .or_else(|| spec.get("Location"))
                    .and_then(Value::as_str)
                    .ok_or_else(|| CfnError::shape(format!("Packages.{alias}"), "needs a Source"))?;
                let hash = match spec.get("Hash").and_then(Value::as_str) {
                    Some(h) => Some(self.locate(loc, h)?),
                    None => None,
                };
                out.insert(alias.to_string(), (self.locate(loc, src)?, hash));
            }
        }
        Ok(out)
    }

    /// Where an entry's Source is.
    fn source_loc(&self, sc: &Scope, entry: &Entry) -> Result<Loc, CfnError> {
        let src = match entry.body.get("Source") {
            Some(Value::Scalar(s)) if !s.text.is_empty() => s.text.to_string(),
            Some(v) => match v.intrinsic() {
                Some(("Fn::Sub", Value::Scalar(s))) if !sub::has_vars(&sub::parse(&s.text)?) => sub::plain(&sub::parse(&s.text)?),
                _ => return Err(ErrorKind::NoSource.into()),
            },
            None => return Err(ErrorKind::NoSource.into()),
        };
        let alias_of = |name: &str| sc.chain().into_iter().find_map(|s| s.packages.get(name).cloned());
        let (alias, rest) = match src.strip_prefix('$') {
            Some(r) => match r.split_once('/') {
                Some((a, rest)) => (Some(a.to_string()), rest.to_string()),
                None => return Err(ErrorKind::UnknownAlias { alias: r.to_string() }.into()),
            },
            None => match src.split_once('/') {
                Some((a, rest)) if !is_remote(&src) && alias_of(a).is_some() => (Some(a.to_string()), rest.to_string()),
                _ => (None, String::new()),
            },
        };
        if let Some(alias) = alias {
            let (pkg, hash) = alias_of(&alias).ok_or(ErrorKind::UnknownAlias { alias })?;
            if let Some(h) = hash {
                self.check_hash(&pkg, &h)?;
            }
            return pkg.inside(&rest);
        }
        if !is_remote(&src)
            && !sc.loc.beside(&self.root_loc)
            && matches!(sc.loc, Loc::File(_))
            && self.ctx.flipped(Rule::CfnSourceRelativeToCwd)
        {
            return self.locate(&self.root_loc, &src);
        }
        self.locate(&sc.loc, &src)
    }

    fn check_hash(&self, pkg: &Loc, hash: &Loc) -> Result<(), CfnError> {
        // A package many modules use is hashed once, after it matched.
        if self.reader.hash_verified(pkg, hash) {
            return Ok(());
        }
        let expected = self.reader.text(hash)?;
        let expected = expected.split_whitespace().next().unwrap_or_default().to_ascii_lowercase();
        let bytes = self.reader.read(pkg)?;
        let actual: String = Sha256::digest(bytes.as_slice()).iter().map(|b| format!("{b:02x}")).collect();
        if expected != actual {
            return Err(ErrorKind::Hash { expected, actual }.into());
        }
        self.reader.note_hash_verified(pkg, hash);
        Ok(())
    }

    /// Expands entry `i` of `sc` once (later calls get the same result).
    pub fn expand_entry(&self, sc: &Scope, i: usize) -> Result<Rc<Expanded>, CfnError> {
        let slot = sc.slots.borrow().get(i).cloned().unwrap_or(Slot::Todo);
        match slot {
            Slot::Done(x) => return Ok(x),
            Slot::Busy => {
                let busy: Vec<String> = sc
                    .entries
                    .iter()
                    .zip(sc.slots.borrow().iter())
                    .filter(|(_, s)| matches!(s, Slot::Busy))
                    .map(|(e, _)| e.name.clone())
                    .chain(std::iter::once(sc.entries[i].name.clone()))
                    .collect();
                return Err(CfnError::new(ErrorKind::OutputCycle(busy)).at(&sc.file(), &sc.label));
            }
            Slot::Todo => {}
        }
        sc.slots.borrow_mut()[i] = Slot::Busy;
        let r = self.expand(sc, &sc.entries[i], None, true);
        let ex = match r {
            Ok(ex) => Rc::new(ex),
            Err(e) => {
                sc.slots.borrow_mut()[i] = Slot::Todo;
                return Err(e);
            }
        };
        self.count.set(self.count.get() + ex.resources.len());
        if self.count.get() > MAX_RESOURCES {
            return Err(ErrorKind::Limit(format!("the modules expand to more than {MAX_RESOURCES} resources")).into());
        }
        sc.generated.borrow_mut().extend(ex.resources.iter().map(|(l, _, _)| l.clone()));
        sc.slots.borrow_mut()[i] = Slot::Done(ex.clone());
        Ok(ex)
    }

    /// Expands one entry of `sc`: its Source read, its Properties resolved in `sc` (with
    /// `invoke` laid over them for Fn::Invoke), the module expanded in a scope of its own.
    pub fn expand(&self, sc: &Scope, entry: &Entry, invoke: Option<&Map>, emit: bool) -> Result<Expanded, CfnError> {
        let label = if sc.label.is_empty() {
            entry.name.clone()
        } else {
            format!("{}.{}", sc.label, entry.name)
        };
        let here = |e: CfnError| e.at(&sc.file(), &label);
        let loc = self.source_loc(sc, entry).map_err(here)?;
        {
            let mut busy = self.resolving.borrow_mut();
            if let Some(start) = busy.iter().position(|l| *l == label) {
                let chain = busy[start..].iter().chain(std::iter::once(&label)).cloned().collect();
                return Err(here(ErrorKind::OutputCycle(chain).into()));
            }
            if busy.len() >= MAX_DEPTH {
                return Err(here(
                    ErrorKind::Limit(format!("Fn::Invoke calls nest more than {MAX_DEPTH} levels deep")).into(),
                ));
            }
            busy.push(label.clone());
        }
        self.insert_base.borrow_mut().push(Some(sc.loc.clone()));
        let props = match entry.body.get("Properties") {
            None => Ok(Map::new()),
            Some(Value::Map(m)) => resolve_map(self, sc, m),
            Some(v) if v.is_null() => Ok(Map::new()),
            Some(_) => Err(here(CfnError::shape("Properties", "must be a mapping of parameter values"))),
        };
        self.insert_base.borrow_mut().pop();
        self.resolving.borrow_mut().pop();
        let mut props = props?;
        if let Some(p) = invoke {
            for (k, v) in p.iter() {
                props.insert(k, v.clone());
            }
        }
        let overrides = match entry.body.get("Overrides") {
            None => None,
            Some(Value::Map(m)) => Some(m),
            Some(v) if v.is_null() => None,
            Some(_) => return Err(here(CfnError::shape("Overrides", "must be a mapping of resource logical IDs"))),
        };
        let flat = self.ctx.flipped(Rule::CfnNoLogicalIdPrefix);
        let prefix = if flat { String::new() } else { sc.id(&entry.name) };
        {
            let stack = self.stack.borrow();
            if let Some(start) = stack.iter().position(|l| *l == loc) {
                let chain = stack[start..].iter().chain(std::iter::once(&loc)).map(Loc::to_string).collect();
                return Err(here(ErrorKind::Cycle(chain).into()));
            }
            if stack.len() >= MAX_DEPTH {
                return Err(here(
                    ErrorKind::Limit(format!("modules nest more than {MAX_DEPTH} levels deep")).into(),
                ));
            }
        }
        self.stack.borrow_mut().push(loc.clone());
        self.insert_base.borrow_mut().push(None);
        let r = self.module(sc, &loc, &label, prefix, props, overrides, emit);
        self.insert_base.borrow_mut().pop();
        self.stack.borrow_mut().pop();
        let mut ex = r?;
        if let Some(c) = &entry.condition {
            for (_, _, res) in ex.resources.iter_mut() {
                if let Value::Map(res) = res {
                    self.attach_condition(res, c)?;
                }
            }
        }
        if !flat {
            for (local, _, _) in ex.resources.iter_mut() {
                *local = format!("{}{local}", entry.name);
            }
        }
        Ok(ex)
    }

    /// Gives a resource the condition of its module entry (with its own, both must hold).
    fn attach_condition(&self, res: &mut Map, c: &str) -> Result<(), CfnError> {
        match res.get("Condition").and_then(Value::as_str).map(str::to_string) {
            None => res.insert("Condition", Value::str(c)),
            Some(own) if own == c => {}
            Some(own) => {
                let both = format!("{own}And{c}");
                let body = Value::func(
                    "Fn::And",
                    Value::Seq(vec![
                        Value::func("Condition", Value::str(&own)),
                        Value::func("Condition", Value::str(c)),
                    ]),
                );
                self.emit_condition(&both, body)?;
                res.insert("Condition", Value::str(both));
            }
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn module(
        &self,
        parent: &Scope,
        loc: &Loc,
        label: &str,
        prefix: String,
        props: Map,
        overrides: Option<&Map>,
        emit: bool,
    ) -> Result<Expanded, CfnError> {
        let file = loc.to_string();
        let here = |e: CfnError| e.at(&file, label);
        // A file that cannot be read is the fault of the Source that names it.
        let mut doc = self.load(loc).map_err(|e| e.at(&parent.file(), label))?;
        if let Some(t) = doc.remove("Transform")
            && emit
        {
            self.add_transform(t);
        }
        let params = section(&mut doc, "Parameters").map_err(here)?;
        let packages = self.packages(loc, &mut doc).map_err(here)?;
        let cond_map = section(&mut doc, "Conditions").map_err(here)?;
        let resources = section(&mut doc, "Resources").map_err(here)?;
        let modules = section(&mut doc, "Modules").map_err(here)?;
        let outputs = section(&mut doc, "Outputs").map_err(here)?;
        let mut sc = Scope {
            parent: Some(parent),
            label: label.to_string(),
            prefix,
            loc: loc.clone(),
            params,
            props,
            own: BTreeSet::new(),
            generated: RefCell::new(BTreeSet::new()),
            conds: RefCell::new(BTreeMap::new()),
            entries: Vec::new(),
            slots: RefCell::new(Vec::new()),
            packages,
        };
        conditions::evaluate_module(self, &sc, &cond_map)?;

        // The module's own resources, after its conditions and IfParam.
        let mut own: Vec<(String, Map)> = Vec::new();
        // Resources IfParam/IfNotParam left out: rain checks overrides before IfParam runs,
        // so an override may still name them (and is then dropped).
        let mut omitted: Vec<String> = Vec::new();
        let mut loops: Vec<(String, Value)> = Vec::new();
        for (name, r) in resources.iter() {
            if let Some(l) = name.strip_prefix("Fn::ForEach::") {
                loops.push((l.to_string(), r.clone()));
                continue;
            }
            let Some(r) = r.as_map() else {
                return Err(here(CfnError::shape(format!("Resources.{name}"), "must be a mapping")));
            };
            let mut r = r.clone();
            if !self.keep_condition(&sc, name, &mut r).map_err(here)? {
                continue;
            }
            if !if_param(&sc, &mut r) {
                omitted.push(name.to_string());
                continue;
            }
            own.push((name.to_string(), r));
        }
        sc.own = own.iter().map(|(n, _)| n.clone()).collect();
        let entries = module_entries(self, &sc, &modules).map_err(here)?;
        sc.slots = RefCell::new(vec![Slot::Todo; entries.len()]);
        sc.entries = entries;

        let mut subs = Vec::new();
        for i in 0..sc.entries.len() {
            subs.push(self.expand_entry(&sc, i)?);
        }

        let decl = parent;
        if let Some(ov) = overrides {
            let mut names: Vec<String> = own.iter().map(|(n, _)| n.clone()).collect();
            names.extend(subs.iter().flat_map(|x| x.resources.iter().map(|(l, _, _)| l.clone())));
            // A learner may believe an override of a resource IfParam left out is an error.
            let aimed: Vec<String> = omitted.iter().filter(|n| ov.contains(n)).cloned().collect();
            if !aimed.is_empty() && !self.ctx.flipped(Rule::CfnOverrideOfOmittedIsError) {
                names.extend(aimed);
            }
            overrides::validate(&self.ctx, ov, &names, &sc.params).map_err(|e| e.at(&decl.file(), label))?;
        }
        let mut parameters: Vec<(String, Value)> = sc.params.iter().map(|(n, d)| (sc.id(n), d.clone())).collect();
        parameters.extend(subs.iter().flat_map(|x| x.parameters.iter().cloned()));
        let mut out = Expanded {
            parameters,
            ..Expanded::default()
        };
        for (name, r) in loops {
            let body = resolve(self, &sc, &r)?.unwrap_or_else(Value::null);
            let key = format!("Fn::ForEach::{name}");
            out.resources
                .push((key, format!("Fn::ForEach::{}", sc.id(&name)), loop_body(&sc, body)));
        }
        for (name, r) in own {
            let mut res = self.resolve_resource(&sc, &r)?;
            if let Some(o) = overrides.and_then(|ov| ov.get(&name)) {
                self.apply_override(&sc, decl, &mut res, o)?;
            }
            let res = fold_all(Value::Map(res)).map_err(here)?;
            self.ctx.rename(sc.real_id(&name), &sc.id(&name));
            out.resources.push((name.clone(), sc.id(&name), res));
        }
        for ex in subs {
            for (local, id, res) in ex.resources.iter() {
                let mut res = res.clone();
                if let (Some(o), Value::Map(m)) = (overrides.and_then(|ov| ov.get(local)), &mut res) {
                    self.apply_override(&sc, decl, m, o)?;
                    res = fold_all(res).map_err(here)?;
                }
                out.resources.push((local.clone(), id.clone(), res));
            }
        }
        for (name, o) in outputs.iter() {
            let reference = format!("{label}.{name}");
            let bad = |detail: &str| -> CfnError {
                CfnError::new(ErrorKind::Output {
                    reference: reference.clone(),
                    detail: detail.to_string(),
                })
                .at(&file, label)
            };
            let value = match o.as_map() {
                None => Err(bad("an output must be a mapping with a Value")),
                Some(m) => {
                    if let Some(c) = m.get("Condition").and_then(Value::as_str)
                        && sc.condition(c) == Some(Cond::Known(false))
                    {
                        continue;
                    }
                    match m.get("Value") {
                        None => Err(bad("the output has no Value")),
                        Some(v) => resolve(self, &sc, v).and_then(|v| fold_all(v.unwrap_or_else(Value::null))),
                    }
                }
            };
            out.outputs.push((name.to_string(), value));
        }
        Ok(out)
    }

    /// Applies a resource's Condition: false drops it, true removes the attribute, undecided
    /// renames it. Returns whether to keep the resource. `Condition: !Ref P` takes the name of
    /// a parent's condition from the module parameter P, as rain resolves the attribute.
    fn keep_condition(&self, sc: &Scope, id: &str, r: &mut Map) -> Result<bool, CfnError> {
        let Some(c) = r.get("Condition") else { return Ok(true) };
        let what = format!("Resources.{id}.Condition");
        let name = match (c, c.ref_name()) {
            (Value::Scalar(s), _) => s.text.clone(),
            (_, Some(p)) => {
                let p = p.to_string();
                match lookup_ref(self, sc, &p)? {
                    Value::Scalar(s) if !s.text.is_empty() => {
                        // The parent passed a name of its own: look it up there.
                        r.insert("Condition", Value::str(&s.text));
                        return Ok(match sc.parent.and_then(|d| d.condition(&s.text)) {
                            Some(Cond::Known(false)) => false,
                            Some(Cond::Known(true)) => {
                                r.remove("Condition");
                                true
                            }
                            Some(Cond::Renamed(n)) => {
                                r.insert("Condition", Value::str(n));
                                true
                            }
                            None => true,
                        });
                    }
                    v if v.ref_name().is_some() => {
                        return Err(CfnError::shape(
                            what,
                            format!("!Ref {p} names no parameter of the module, so it gives no condition name"),
                        ));
                    }
                    v => {
                        return Err(CfnError::shape(
                            what,
                            format!("!Ref {p} gives a {}, not the name of a condition", v.kind_name()),
                        ));
                    }
                }
            }
            (v, None) => {
                return Err(CfnError::shape(
                    what,
                    format!(
                        "must name a condition (or be !Ref of a parameter that does), not a {}",
                        v.kind_name()
                    ),
                ));
            }
        };
        match sc.condition(&name) {
            Some(Cond::Known(false)) => return Ok(false),
            Some(Cond::Known(true)) => {
                r.remove("Condition");
            }
            Some(Cond::Renamed(n)) => r.insert("Condition", Value::str(n)),
            None => {}
        }
        Ok(true)
    }

    fn resolve_resource(&self, sc: &Scope, r: &Map) -> Result<Map, CfnError> {
        let mut out = Map::new();
        for (k, v) in r.iter() {
            match k {
                "Type" | "Condition" => out.0.push((k.to_string(), v.clone())),
                "DependsOn" => {
                    let names = depends_list(Some(v)).iter().map(|n| depends_name(self, sc, n)).collect();
                    out.0.push((k.to_string(), depends_value(names)));
                }
                _ => {
                    if let Some(x) = resolve(self, sc, v)? {
                        out.0.push((k.to_string(), x));
                    }
                }
            }
        }
        Ok(out)
    }

    /// Resolves an override (attributes in the module's scope; DependsOn and Condition, which
    /// name things of the parent, in the declaring scope) and merges it into `res`.
    fn apply_override(&self, sc: &Scope, decl: &Scope, res: &mut Map, o: &Value) -> Result<(), CfnError> {
        let Some(o) = o.as_map() else { return Ok(()) };
        let mut resolved = Map::new();
        let mut depends = Vec::new();
        for (k, v) in o.iter() {
            match k {
                "DependsOn" => {
                    // A learner may believe the override's names are prefixed like the module's.
                    let renamed = self.ctx.flipped(Rule::CfnOverrideDependsOnAsWritten);
                    depends = depends_list(Some(v))
                        .iter()
                        .map(|n| if renamed { sc.id(n) } else { depends_name(self, decl, n) })
                        .collect()
                }
                "Condition" => {
                    let c = v.as_str().unwrap_or_default();
                    let name = match decl.condition(c) {
                        Some(Cond::Renamed(n)) => n,
                        _ => c.to_string(),
                    };
                    resolved.insert(k, Value::str(name));
                }
                _ if overrides::MERGED.contains(&k) || overrides::SET.contains(&k) => {
                    // A learner may believe the values keep the parent's names, as written.
                    let at = if self.ctx.flipped(Rule::CfnOverrideValuesInModule) {
                        decl
                    } else {
                        sc
                    };
                    let v = overrides::without_param_keys(&self.ctx, k, v, &sc.params);
                    resolved.insert(k, resolve(self, at, &v)?.unwrap_or_else(Value::null));
                }
                _ => {}
            }
        }
        overrides::apply(&self.ctx, res, &resolved, depends);
        Ok(())
    }

    /// Packages the root template.
    pub fn run(&self) -> Result<Map, CfnError> {
        let loc = self.root_loc.clone();
        let file = loc.to_string();
        let here = |e: CfnError| e.at(&file, "");
        let mut doc = self.load(&loc)?;
        let packages = self.packages(&loc, &mut doc).map_err(here)?;
        let modules = match doc.remove("Modules") {
            None => Map::new(),
            Some(Value::Map(m)) => m,
            Some(v) if v.is_null() => Map::new(),
            Some(_) => {
                return Err(here(CfnError::shape(
                    "the Modules section",
                    "must be a mapping of module names to entries",
                )));
            }
        };
        let own: BTreeSet<String> = doc
            .get("Resources")
            .and_then(Value::as_map)
            .map(|m| m.keys().map(str::to_string).collect())
            .unwrap_or_default();
        let root_conds = doc.get("Conditions").and_then(Value::as_map).cloned().unwrap_or_default();
        let mut sc = Scope {
            parent: None,
            label: String::new(),
            prefix: String::new(),
            loc: loc.clone(),
            params: doc.get("Parameters").and_then(Value::as_map).cloned().unwrap_or_default(),
            props: Map::new(),
            own,
            generated: RefCell::new(BTreeSet::new()),
            conds: RefCell::new(BTreeMap::new()),
            entries: Vec::new(),
            slots: RefCell::new(Vec::new()),
            packages,
        };
        let decided = conditions::evaluate_root(self, &sc, &root_conds);
        *self.root_conditions.borrow_mut() = root_conds;
        let mut entries = foreach::entries(&modules, &|p| {
            Ok(sc.params.get(p).and_then(Value::as_map).and_then(|d| d.get("Default")).cloned())
        })
        .map_err(here)?;
        entries.retain_mut(|e| match e.body.remove("Condition").as_ref().and_then(Value::as_str) {
            None => true,
            Some(c) => match decided.get(c) {
                Some(Cond::Known(b)) => *b,
                _ => {
                    e.condition = Some(c.to_string());
                    true
                }
            },
        });
        sc.slots = RefCell::new(vec![Slot::Todo; entries.len()]);
        sc.entries = entries;
        let mut produced = Vec::new();
        for i in 0..sc.entries.len() {
            produced.push(self.expand_entry(&sc, i)?);
        }

        let mut out = Map::new();
        for (k, v) in doc.iter() {
            match k {
                "Constants" | "Packages" | "Rain" => {}
                "AWSTemplateFormatVersion" | "Description" | "Parameters" | "Transform" => out.0.push((k.to_string(), v.clone())),
                "Resources" => {
                    let m = v
                        .as_map()
                        .ok_or_else(|| here(CfnError::shape("the Resources section", "must be a mapping")))?;
                    let mut res = Map::new();
                    for (name, r) in m.iter() {
                        let r = match r.as_map() {
                            Some(rm) => Value::Map(self.resolve_root_resource(&sc, rm)?),
                            None if name.starts_with("Fn::ForEach::") => self.resolve_root_loop(&sc, r)?,
                            None => r.clone(),
                        };
                        res.0.push((name.to_string(), fold_all(r).map_err(here)?));
                    }
                    out.0.push((k.to_string(), Value::Map(res)));
                }
                _ => {
                    if let Some(x) = resolve(self, &sc, v)? {
                        out.0.push((k.to_string(), fold_all(x).map_err(here)?));
                    }
                }
            }
        }
        // Module resources go after the parent's own.
        let mut ids: BTreeSet<String> = sc.own.clone();
        let mut added = Map::new();
        for ex in &produced {
            for (_, id, res) in ex.resources.iter() {
                if !ids.insert(id.clone()) {
                    return Err(here(ErrorKind::DuplicateId(id.clone()).into()));
                }
                added.0.push((id.clone(), res.clone()));
            }
        }
        if !added.is_empty() {
            match out.get_mut("Resources") {
                // A learner may believe the Modules section's resources come first.
                Some(Value::Map(m)) if !m.is_empty() && self.ctx.flipped(Rule::CfnModuleResourcesAfterParents) => {
                    let own = std::mem::take(&mut m.0);
                    m.0 = added.0;
                    m.0.extend(own);
                }
                Some(Value::Map(m)) => m.0.extend(added.0),
                _ => out.insert("Resources", Value::Map(added)),
            }
        }
        // A learner may believe a module's Parameters are copied into the parent, prefixed like
        // its resources; consulted only when some module declares parameters.
        let copied: Vec<(String, Value)> = produced.iter().flat_map(|ex| ex.parameters.iter().cloned()).collect();
        if !copied.is_empty() && self.ctx.flipped(Rule::CfnModuleParametersNotCopied) {
            match out.get_mut("Parameters") {
                Some(Value::Map(m)) => m.0.extend(copied),
                _ => {
                    let at = out.0.iter().position(|(k, _)| k == "Resources").unwrap_or(out.0.len());
                    out.0.insert(at, ("Parameters".into(), Value::Map(Map(copied))));
                }
            }
        }
        let emitted = std::mem::take(&mut *self.emitted.borrow_mut());
        if !emitted.is_empty() {
            match out.get_mut("Conditions") {
                Some(Value::Map(m)) => m.0.extend(emitted.0),
                _ => {
                    let at = out.0.iter().position(|(k, _)| k == "Resources").unwrap_or(out.0.len());
                    out.0.insert(at, ("Conditions".into(), Value::Map(emitted)));
                }
            }
        }
        let transforms = std::mem::take(&mut *self.transforms.borrow_mut());
        if !transforms.is_empty() {
            let mut all = match out.remove("Transform") {
                Some(Value::Seq(items)) => items,
                Some(v) => vec![v],
                None => Vec::new(),
            };
            for t in transforms {
                if !all.iter().any(|x| x.same_data(&t)) {
                    all.push(t);
                }
            }
            let at = out
                .0
                .iter()
                .position(|(k, _)| k != "AWSTemplateFormatVersion")
                .unwrap_or(out.0.len());
            out.0.insert(at, ("Transform".into(), Value::Seq(all)));
        }
        Ok(out)
    }

    /// A parent `Resources: Fn::ForEach::X: [Id, Collection, {OutputKey: resource}]`, kept for
    /// CloudFormation: module outputs in the collection and in each resource (or inner loop)
    /// substituted as in any parent resource.
    fn resolve_root_loop(&self, sc: &Scope, v: &Value) -> Result<Value, CfnError> {
        let Some([id, coll, Value::Map(tmpl)]) = v.as_seq().map(Vec::as_slice) else {
            return Ok(v.clone());
        };
        let mut out = Map::new();
        for (k, body) in tmpl.iter() {
            let body = match body.as_map() {
                Some(rm) => Value::Map(self.resolve_root_resource(sc, rm)?),
                None if k.starts_with("Fn::ForEach::") => self.resolve_root_loop(sc, body)?,
                None => body.clone(),
            };
            out.0.push((k.to_string(), body));
        }
        Ok(Value::Seq(vec![
            id.clone(),
            resolve(self, sc, coll)?.unwrap_or_else(Value::null),
            Value::Map(out),
        ]))
    }

    /// A parent resource: module outputs substituted; DependsOn and Condition untouched.
    fn resolve_root_resource(&self, sc: &Scope, r: &Map) -> Result<Map, CfnError> {
        let mut out = Map::new();
        for (k, v) in r.iter() {
            match k {
                "Type" | "Condition" | "DependsOn" => out.0.push((k.to_string(), v.clone())),
                _ => {
                    if let Some(x) = resolve(self, sc, v)? {
                        out.0.push((k.to_string(), x));
                    }
                }
            }
        }
        Ok(out)
    }
}

/// A module's `Modules:` entries, loops expanded and their Conditions applied.
fn module_entries(eng: &Engine, sc: &Scope, modules: &Map) -> Result<Vec<Entry>, CfnError> {
    let mut entries = foreach::entries(modules, &|p| param_value(eng, sc, p))?;
    let mut kept = Vec::new();
    for mut e in entries.drain(..) {
        if let Some(c) = e.body.remove("Condition") {
            let c = c
                .as_str()
                .ok_or_else(|| CfnError::shape(format!("module entry {}", e.name), "Condition must name a condition"))?;
            match sc.condition(c) {
                Some(Cond::Known(false)) => continue,
                Some(Cond::Known(true)) => {}
                Some(Cond::Renamed(n)) => e.condition = Some(n),
                None => e.condition = Some(c.to_string()),
            }
        }
        kept.push(e);
    }
    Ok(kept)
}

/// A module section as a mapping (absent or null: empty).
fn section(doc: &mut Map, name: &str) -> Result<Map, CfnError> {
    match doc.remove(name) {
        None => Ok(Map::new()),
        Some(Value::Map(m)) => Ok(m),
        Some(v) if v.is_null() => Ok(Map::new()),
        Some(_) => Err(CfnError::shape(format!("the {name} section"), "must be a mapping")),
    }
}

/// A resource-level `Fn::ForEach` kept for CloudFormation, its OutputKey prefixed.
fn loop_body(sc: &Scope, mut body: Value) -> Value {
    if let Value::Seq(items) = &mut body
        && let Some(Value::Map(t)) = items.get_mut(2)
    {
        for (k, _) in t.0.iter_mut() {
            *k = sc.id(k);
        }
    }
    body
}

/// The legacy `Metadata: {Rain: {IfParam: P}}` / `IfNotParam`: keeps the resource only when
/// the parent set (or did not set) parameter P. Removes the keys.
fn if_param(sc: &Scope, r: &mut Map) -> bool {
    let Some(Value::Map(meta)) = r.get_mut("Metadata") else {
        return true;
    };
    let Some(Value::Map(rain)) = meta.get_mut("Rain") else {
        return true;
    };
    let set = |p: &str| match sc.props.get(p) {
        Some(Value::Scalar(s)) => !s.text.is_empty(),
        Some(Value::Map(m)) => !m.is_empty(),
        Some(Value::Seq(s)) => !s.is_empty(),
        None => false,
    };
    let mut keep = true;
    if let Some(p) = rain.remove("IfParam").as_ref().and_then(Value::as_str) {
        keep &= !sc.params.contains(p) || set(p);
    }
    if let Some(p) = rain.remove("IfNotParam").as_ref().and_then(Value::as_str) {
        keep &= !(sc.params.contains(p) && set(p));
    }
    if rain.is_empty() {
        meta.remove("Rain");
    }
    if meta.is_empty() {
        r.remove("Metadata");
    }
    keep
}
