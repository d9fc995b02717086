//! Making a plan, and applying one: the walk over the configuration (see [`super::walker`])
//! from the prior state, then what the walk did not meet (instances to delete, with the
//! reason), then the outputs.

use std::collections::{BTreeMap, BTreeSet};

use super::builtin;
use super::deps;
use super::lifecycle::Lifecycle;
use super::moves;
use super::options::PlanOptions;
use super::refactor;
use super::walker::{Phase, PriorObject, WalkScope, Walker, decl_addr, prevent_destroy_error};
use crate::lang::config::resources::{Mode, ResourceDecl};
use crate::lang::config::{Config, ConfigScope};
use crate::lang::eval::host::Host;
use crate::lang::eval::{EmptyScope, Evaluator, Scope};
use crate::lang::{Diag, Rules, Type, Value};
use crate::workflow::model::address::Target;
use crate::workflow::model::{
    Action, InstanceAddr, InstanceKey, InstanceObject, InstanceState, OutputChange, OutputValue, Plan, PlanMode, Reason, ResourceChange,
    ResourceMode, ResourceState, State,
};

/// The provider every built-in resource belongs to, as the state names it.
pub const BUILTIN_PROVIDER: &str = "provider[\"terraform.io/builtin/terraform\"]";

/// The prior objects of the root module's resources, by address.
pub fn prior_objects(state: &State) -> BTreeMap<InstanceAddr, PriorObject> {
    let mut out = BTreeMap::new();
    for r in &state.resources {
        for i in &r.instances {
            if let Some(obj) = &i.current {
                out.insert(
                    r.addr.instance(i.key.clone()),
                    PriorObject {
                        value: Value::Object(obj.attributes.clone()),
                        tainted: obj.tainted,
                        moved_from: None,
                        imported: None,
                    },
                );
            }
        }
    }
    out
}

/// An evaluator's fixed parts, built once per walk.
fn with_walk<T>(
    config: &Config,
    host: &Host,
    opts: &PlanOptions,
    walker: &Walker,
    f: impl FnOnce(&Evaluator, &WalkScope) -> T,
) -> Result<T, Vec<Diag>> {
    let rules = Rules::real();
    let reg = crate::lang::funcs::builtins();
    let empty = EmptyScope;
    let mut ev0 = Evaluator::new(&rules, &empty, reg, host);
    ev0.version = opts.version;
    let inner = ConfigScope::new(config, &ev0, &opts.vars).map_err(|d| vec![d])?;
    let scope = WalkScope { inner, walker };
    let mut ev = Evaluator::new(&rules, &scope, reg, host);
    ev.version = opts.version;
    Ok(crate::lang::dialect::releases::within(opts.version, || f(&ev, &scope)))
}

/// Keeps the first of equal diagnostics (a resource whose dependency failed fails with the
/// same error; Terraform reports it once).
fn push_unique(errors: &mut Vec<Diag>, d: Diag) {
    if !errors
        .iter()
        .any(|e| e.summary == d.summary && e.detail == d.detail && e.span == d.span && e.file == d.file)
    {
        errors.push(d);
    }
}

fn managed(config: &Config) -> impl Iterator<Item = &ResourceDecl> {
    config.resources.iter().filter(|d| d.mode == Mode::Managed && d.check.is_none())
}

/// Plans `config` from `prior`.
pub fn plan(config: &Config, host: &Host, prior: &State, opts: &PlanOptions) -> Result<Plan, Vec<Diag>> {
    let (objects, move_notes) = moves::apply(config, prior_objects(prior), opts.version).map_err(|d| vec![d])?;
    let objects = with_imports(config, host, opts, objects)?;
    let removed = refactor::removed_blocks(config).map_err(|d| vec![d])?;
    let replace = resolve_targets(config, &objects, &opts.replace);
    let walker = Walker::new(config, &objects, &replace, Phase::Plan, &opts.workspace, Box::new(String::new));
    let mut errors = Vec::new();
    let outputs = with_walk(config, host, opts, &walker, |ev, scope| {
        validate_variables(config, ev, scope, &mut errors);
        if !errors.is_empty() || opts.mode == PlanMode::Destroy {
            return Vec::new();
        }
        for decl in managed(config) {
            if let Err(d) = walker.instances(ev, decl) {
                push_unique(&mut errors, d);
            }
        }
        if !errors.is_empty() {
            return Vec::new();
        }
        output_changes(config, ev, prior, &mut errors)
    })?;
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut changes = walker.changes.take();
    let mut outputs = outputs;
    let mut forgotten: Vec<String> = Vec::new();
    match opts.mode {
        PlanMode::Destroy => {
            changes = objects
                .iter()
                .map(|(addr, p)| ResourceChange {
                    addr: addr.clone(),
                    prev_addr: None,
                    deposed: None,
                    action: Action::Delete,
                    reason: None,
                    before: p.value.clone(),
                    after: Value::Null(Type::Dynamic),
                    replace_paths: Vec::new(),
                    importing: None,
                })
                .collect();
            outputs = prior
                .outputs
                .iter()
                .map(|(name, o)| OutputChange {
                    name: name.clone(),
                    action: Action::Delete,
                    before: o.value.clone(),
                    after: Value::Null(Type::Dynamic),
                    sensitive: o.sensitive,
                })
                .collect();
        }
        PlanMode::RefreshOnly => {
            changes.clear();
            outputs.retain(|o| o.action == Action::Delete);
        }
        PlanMode::Normal => {
            let met: BTreeSet<InstanceAddr> = changes.iter().map(|c| c.addr.clone()).collect();
            for (addr, p) in &objects {
                if met.contains(addr) {
                    continue;
                }
                let forget = removed.iter().find(|r| names(&r.from, addr)).is_some_and(|r| !r.destroy);
                if forget {
                    forgotten.push(addr.to_string());
                    changes.push(ResourceChange {
                        addr: addr.clone(),
                        prev_addr: p.moved_from.clone(),
                        deposed: None,
                        action: Action::Forget,
                        reason: None,
                        before: p.value.clone(),
                        after: Value::Null(Type::Dynamic),
                        replace_paths: Vec::new(),
                        importing: None,
                    });
                    continue;
                }
                let (reason, decl) = orphan_reason(config, addr);
                if let Some(decl) = decl {
                    let lc = with_walk(config, host, opts, &walker, |ev, _| Lifecycle::read(ev, decl))?.map_err(|d| vec![d])?;
                    if lc.prevent_destroy {
                        return Err(vec![prevent_destroy_error(addr, decl).in_file(config.file_name(decl.file))]);
                    }
                }
                changes.push(ResourceChange {
                    addr: addr.clone(),
                    prev_addr: p.moved_from.clone(),
                    deposed: None,
                    action: Action::Delete,
                    reason: Some(reason),
                    before: p.value.clone(),
                    after: Value::Null(Type::Dynamic),
                    replace_paths: Vec::new(),
                    importing: None,
                });
            }
        }
    }
    changes.sort_by(|a, b| a.addr.cmp(&b.addr));
    let mut warnings = move_notes;
    if !forgotten.is_empty() {
        let list: String = forgotten.iter().map(|a| format!(" - {a}\n")).collect();
        warnings.push(Diag::new(
            "Some objects will no longer be managed by Terraform",
            format!("If you apply this plan, Terraform will discard its tracking information for the following objects, but it will not delete them:\n{list}\nAfter applying this plan, Terraform will no longer manage these objects. You will need to import them into Terraform to manage them again."),
        ));
    }
    Ok(Plan {
        mode: opts.mode,
        prior: prior.clone(),
        changes,
        outputs,
        warnings,
        targeted: !opts.targets.is_empty(),
    })
}

/// Whether a `removed` block's address names the instance.
fn names(t: &Target, addr: &InstanceAddr) -> bool {
    match t {
        Target::Instance(i) => i == addr,
        Target::Resource(r) => *r == addr.resource,
        Target::Module(m) => addr.resource.module.starts_with(m),
    }
}

/// The prior objects with those the `import` blocks bring in (an address already in the
/// state is left as it is).
fn with_imports(
    config: &Config,
    host: &Host,
    opts: &PlanOptions,
    mut objects: BTreeMap<InstanceAddr, PriorObject>,
) -> Result<BTreeMap<InstanceAddr, PriorObject>, Vec<Diag>> {
    if !config.files.iter().any(|f| f.body.blocks_of("import").next().is_some()) {
        return Ok(objects);
    }
    let rules = Rules::real();
    let reg = crate::lang::funcs::builtins();
    let empty = EmptyScope;
    let mut ev0 = Evaluator::new(&rules, &empty, reg, host);
    ev0.version = opts.version;
    let scope = ConfigScope::new(config, &ev0, &opts.vars).map_err(|d| vec![d])?;
    let mut ev = Evaluator::new(&rules, &scope, reg, host);
    ev.version = opts.version;
    let imports = refactor::import_blocks(config, &ev).map_err(|d| vec![d])?;
    for i in imports {
        let addr = match i.to {
            Target::Instance(a) => a,
            Target::Resource(r) => r.instance(InstanceKey::None),
            Target::Module(_) => continue,
        };
        objects.entry(addr).or_insert_with(|| PriorObject {
            value: builtin::imported(&i.id),
            tainted: false,
            moved_from: None,
            imported: Some(i.id.clone()),
        });
    }
    Ok(objects)
}

/// Why an instance the configuration no longer has is deleted, and its declaration if the
/// resource is still declared.
fn orphan_reason<'c>(config: &'c Config, addr: &InstanceAddr) -> (Reason, Option<&'c ResourceDecl>) {
    let r = &addr.resource;
    let mode = match r.mode {
        ResourceMode::Managed => Mode::Managed,
        ResourceMode::Data => Mode::Data,
    };
    let Some(decl) = config.resource(mode, &r.rtype, &r.name).filter(|_| r.module.is_empty()) else {
        return (Reason::DeleteBecauseNoResourceConfig, None);
    };
    let counted = decl.body.attr("count").is_some();
    let each = decl.body.attr("for_each").is_some();
    let reason = match (&addr.key, counted, each) {
        (InstanceKey::Int(_), true, _) => Reason::DeleteBecauseCountIndex,
        (InstanceKey::Str(_), _, true) => Reason::DeleteBecauseEachKey,
        _ => Reason::DeleteBecauseWrongRepetition,
    };
    (reason, Some(decl))
}

/// Runs every variable's validation rules (Terraform checks them all, referenced or not).
fn validate_variables(config: &Config, ev: &Evaluator, scope: &WalkScope, errors: &mut Vec<Diag>) {
    for (name, v) in &config.variables {
        if v.validations.is_empty() {
            continue;
        }
        if let Err(d) = scope.resolve(ev, "var", Some(name), &v.span) {
            push_unique(errors, d);
        }
    }
}

/// The root module's outputs as planned: each evaluated and compared with the state's.
fn output_changes(config: &Config, ev: &Evaluator, prior: &State, errors: &mut Vec<Diag>) -> Vec<OutputChange> {
    let mut out = Vec::new();
    let mut declared = BTreeSet::new();
    for (name, fi, body, _) in &config.outputs {
        declared.insert(name.clone());
        let Some(value) = body.attr("value") else { continue };
        let sensitive = matches!(body.attr("sensitive").map(|a| ev.eval(&a.expr)), Some(Ok(Value::Bool(true))));
        let after = match ev.eval(&value.expr) {
            Ok(v) => v,
            Err(d) => {
                push_unique(errors, d.in_file(config.file_name(*fi)));
                continue;
            }
        };
        let before = prior.outputs.get(name);
        let action = match before {
            None => Action::Create,
            Some(b) if !after.has_unknown() && builtin::raw_equal(&b.value.clone().unmark_deep().0, &after.clone().unmark_deep().0) => {
                Action::NoOp
            }
            Some(_) => Action::Update,
        };
        out.push(OutputChange {
            name: name.clone(),
            action,
            before: before.map(|b| b.value.clone()).unwrap_or(Value::Null(Type::Dynamic)),
            after,
            sensitive,
        });
    }
    for (name, o) in &prior.outputs {
        if !declared.contains(name) {
            out.push(OutputChange {
                name: name.clone(),
                action: Action::Delete,
                before: o.value.clone(),
                after: Value::Null(Type::Dynamic),
                sensitive: o.sensitive,
            });
        }
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out
}

/// The instances `targets` name among the configuration and the prior objects.
pub fn resolve_targets(config: &Config, objects: &BTreeMap<InstanceAddr, PriorObject>, targets: &[Target]) -> Vec<InstanceAddr> {
    let mut out = Vec::new();
    for t in targets {
        match t {
            Target::Instance(i) => out.push(i.clone()),
            Target::Resource(r) => {
                let single = config
                    .resource(Mode::Managed, &r.rtype, &r.name)
                    .is_some_and(|d| d.body.attr("count").is_none() && d.body.attr("for_each").is_none());
                if single {
                    out.push(r.instance(InstanceKey::None));
                } else {
                    out.extend(objects.keys().filter(|a| a.resource == *r).cloned());
                }
            }
            Target::Module(_) => {}
        }
    }
    out
}

/// What applying a plan did to one instance, in the order it happened.
#[derive(Clone, Debug)]
pub enum Event {
    /// `Importing... [id=ID]` then `Import complete [id=ID]`.
    Imported(InstanceAddr, String),
    /// `Creating...` then `Creation complete ... [id=ID]`.
    Created(InstanceAddr, String),
    /// `Modifying... [id=ID]` then `Modifications complete ... [id=ID]`.
    Updated(InstanceAddr, String),
    /// `Destroying... [id=ID]` then `Destruction complete`; the deposed key when the object
    /// destroyed was deposed by a create-before-destroy replacement.
    Destroyed(InstanceAddr, String, Option<String>),
}

/// The result of an apply.
#[derive(Clone, Debug)]
pub struct Applied {
    /// The new state (serial and lineage left to the writer).
    pub state: State,
    /// What happened, in order.
    pub events: Vec<Event>,
}

fn id_of(v: &Value) -> String {
    match v {
        Value::Object(m) => match m.get("id") {
            Some(Value::String(s)) => s.to_string(),
            _ => String::new(),
        },
        _ => String::new(),
    }
}

/// Applies `plan` to its prior state: every change carried out in dependency order, then the
/// outputs evaluated. `next` draws the random bits new ids and deposed keys are made of.
pub fn apply(config: &Config, host: &Host, plan: &Plan, opts: &PlanOptions, next: &mut dyn FnMut() -> u64) -> Result<Applied, Vec<Diag>> {
    let (objects, _) = moves::apply(config, prior_objects(&plan.prior), opts.version).map_err(|d| vec![d])?;
    let objects = with_imports(config, host, opts, objects)?;
    let planned: BTreeMap<InstanceAddr, ResourceChange> = plan
        .changes
        .iter()
        .filter(|c| c.deposed.is_none())
        .map(|c| (c.addr.clone(), c.clone()))
        .collect();
    let ids = std::cell::RefCell::new(&mut *next);
    let walker = Walker::new(
        config,
        &objects,
        &[],
        Phase::Apply { planned: &planned },
        &opts.workspace,
        Box::new(|| builtin::uuid(&mut *ids.borrow_mut())),
    );
    let mut events = Vec::new();
    for c in &plan.changes {
        if let Some(id) = &c.importing {
            events.push(Event::Imported(c.addr.clone(), id.clone()));
        }
    }
    // Deletions of what left the configuration come first: nothing in the configuration
    // depends on them any more.
    for c in &plan.changes {
        if c.action == Action::Delete {
            events.push(Event::Destroyed(c.addr.clone(), id_of(&c.before), None));
        }
    }
    let mut errors = Vec::new();
    let outputs = with_walk(config, host, opts, &walker, |ev, _| {
        if plan.mode == PlanMode::Destroy {
            return BTreeMap::new();
        }
        for decl in managed(config) {
            if let Err(d) = walker.instances(ev, decl) {
                push_unique(&mut errors, d);
            }
        }
        final_outputs(config, ev, &mut errors)
    })?;
    if !errors.is_empty() {
        return Err(errors);
    }
    let applied = walker.applied.into_inner();
    let mut finals: BTreeMap<InstanceAddr, Value> = BTreeMap::new();
    for (addr, action, value) in applied {
        let before = planned.get(&addr).map(|c| id_of(&c.before)).unwrap_or_default();
        match action {
            Action::Create => events.push(Event::Created(addr.clone(), id_of(&value))),
            Action::Update => events.push(Event::Updated(addr.clone(), id_of(&value))),
            Action::DeleteThenCreate => {
                events.push(Event::Destroyed(addr.clone(), before, None));
                events.push(Event::Created(addr.clone(), id_of(&value)));
            }
            Action::CreateThenDelete => {
                let key = format!("{:08x}", (*ids.borrow_mut())() as u32);
                events.push(Event::Created(addr.clone(), id_of(&value)));
                events.push(Event::Destroyed(addr.clone(), before, Some(key)));
            }
            _ => {}
        }
        finals.insert(addr, value);
    }
    let dependencies = deps::transitive(config);
    let mut state = State {
        terraform_version: plan.prior.terraform_version.clone(),
        serial: plan.prior.serial,
        lineage: plan.prior.lineage.clone(),
        outputs,
        resources: Vec::new(),
        check_results: plan.prior.check_results.clone(),
    };
    // Every prior object that stays, then every object applied.
    let mut objects_after: BTreeMap<InstanceAddr, (Value, bool)> = BTreeMap::new();
    for (addr, p) in &objects {
        let deleted = planned
            .get(addr)
            .is_some_and(|c| matches!(c.action, Action::Delete | Action::Forget))
            || plan.mode == PlanMode::Destroy;
        if !deleted {
            objects_after.insert(addr.clone(), (p.value.clone(), p.tainted));
        }
    }
    for (addr, v) in finals {
        objects_after.insert(addr, (v, false));
    }
    let cbd: BTreeSet<String> = managed(config)
        .filter(|d| {
            d.body.blocks_of("lifecycle").any(|b| {
                matches!(
                    b.body.attr("create_before_destroy").map(|a| &a.expr.kind),
                    Some(crate::lang::syntax::ExprKind::Bool(true))
                )
            })
        })
        .map(|d| d.address())
        .collect();
    for (addr, (value, tainted)) in objects_after {
        let local = addr.resource.local();
        let attributes = match value {
            Value::Object(m) => m,
            _ => BTreeMap::new(),
        };
        let prior_obj = plan
            .prior
            .resources
            .iter()
            .find(|r| r.addr == addr.resource)
            .and_then(|r| r.instances.iter().find(|i| i.key == addr.key))
            .and_then(|i| i.current.as_ref());
        let object = InstanceObject {
            tainted,
            schema_version: 0,
            attributes,
            sensitive_attributes: prior_obj.map(|o| o.sensitive_attributes.clone()).unwrap_or_default(),
            private: prior_obj.and_then(|o| o.private.clone()),
            dependencies: dependencies.get(&local).map(|d| d.iter().cloned().collect()).unwrap_or_default(),
            create_before_destroy: cbd.contains(&local),
        };
        let inst = InstanceState {
            key: addr.key.clone(),
            current: Some(object),
            deposed: BTreeMap::new(),
        };
        match state.resources.iter_mut().find(|r| r.addr == addr.resource) {
            Some(r) => r.instances.push(inst),
            None => state.resources.push(ResourceState {
                addr: addr.resource.clone(),
                provider: BUILTIN_PROVIDER.to_string(),
                instances: vec![inst],
            }),
        }
    }
    let _ = decl_addr;
    Ok(Applied { state, events })
}

/// The root module's outputs after apply, as the state keeps them.
fn final_outputs(config: &Config, ev: &Evaluator, errors: &mut Vec<Diag>) -> BTreeMap<String, OutputValue> {
    let mut out = BTreeMap::new();
    for (name, fi, body, _) in &config.outputs {
        let Some(value) = body.attr("value") else { continue };
        let sensitive = matches!(body.attr("sensitive").map(|a| ev.eval(&a.expr)), Some(Ok(Value::Bool(true))));
        match ev.eval(&value.expr) {
            // A null output is not kept (Terraform drops it from the state).
            Ok(v) if v.is_null() => {}
            Ok(v) => {
                out.insert(name.clone(), OutputValue { value: v, sensitive });
            }
            Err(d) => push_unique(errors, d.in_file(config.file_name(*fi))),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const V: (u32, u32, u32) = (1, 12, 2);

    fn config(src: &str) -> Config {
        Config::load_texts(vec![("main.tf".into(), src.into())], V).unwrap_or_else(|d| panic!("{}: {}", d.summary, d.detail))
    }

    fn actions(p: &Plan) -> Vec<String> {
        p.changes
            .iter()
            .map(|c| format!("{} {:?} {:?}", c.addr, c.action, c.reason))
            .collect()
    }

    fn counter() -> impl FnMut() -> u64 {
        let mut n = 0;
        move || {
            n += 1;
            n
        }
    }

    fn step(src: &str, prior: &State) -> (Plan, State) {
        let c = config(src);
        let host = Host::default();
        let opts = PlanOptions::new(V);
        let p = plan(&c, &host, prior, &opts).unwrap_or_else(|e| panic!("{:?}", e.iter().map(|d| &d.summary).collect::<Vec<_>>()));
        let a = apply(&c, &host, &p, &opts, &mut counter())
            .unwrap_or_else(|e| panic!("{:?}", e.iter().map(|d| &d.summary).collect::<Vec<_>>()));
        (p, a.state)
    }

    #[test]
    fn shrinking_count_deletes_the_last_index() {
        let (p, s) = step(
            "resource \"terraform_data\" \"a\" {\n  count = 3\n  input = count.index\n}\n",
            &State::default(),
        );
        assert_eq!(
            actions(&p),
            [
                "terraform_data.a[0] Create None",
                "terraform_data.a[1] Create None",
                "terraform_data.a[2] Create None"
            ]
        );
        let (p, s) = step("resource \"terraform_data\" \"a\" {\n  count = 2\n  input = count.index\n}\n", &s);
        assert_eq!(
            actions(&p),
            [
                "terraform_data.a[0] NoOp None",
                "terraform_data.a[1] NoOp None",
                "terraform_data.a[2] Delete Some(DeleteBecauseCountIndex)"
            ]
        );
        assert_eq!(s.resources[0].instances.len(), 2);
    }

    #[test]
    fn an_input_change_updates_and_a_trigger_change_replaces() {
        let src = |i: &str, t: &str| {
            format!(
                "resource \"terraform_data\" \"a\" {{\n  input = {i}\n  triggers_replace = {t}\n}}\nresource \"terraform_data\" \"b\" {{\n  input = terraform_data.a.output\n}}\noutput \"o\" {{\n  value = terraform_data.b.output\n}}\n"
            )
        };
        let (_, s) = step(&src("1", "1"), &State::default());
        assert_eq!(
            s.outputs.get("o").map(|o| crate::lang::value::render::console(&o.value)),
            Some("1".into())
        );
        let (p, s) = step(&src("2", "1"), &s);
        assert_eq!(actions(&p), ["terraform_data.a Update None", "terraform_data.b Update None"]);
        assert_eq!(p.outputs[0].action, Action::Update);
        assert_eq!(
            s.outputs.get("o").map(|o| crate::lang::value::render::console(&o.value)),
            Some("2".into())
        );
        // The replacement's output is unknown until apply, so b's input is too.
        let (p, _) = step(&src("2", "2"), &s);
        assert_eq!(
            actions(&p),
            [
                "terraform_data.a DeleteThenCreate Some(ReplaceBecauseCannotUpdate)",
                "terraform_data.b Update None"
            ]
        );
    }

    #[test]
    fn a_moved_block_keeps_the_object() {
        let (_, s) = step("resource \"terraform_data\" \"a\" {\n  input = 1\n}\n", &State::default());
        let (p, s) = step(
            "resource \"terraform_data\" \"b\" {\n  input = 1\n}\nmoved {\n  from = terraform_data.a\n  to = terraform_data.b\n}\n",
            &s,
        );
        assert_eq!(actions(&p), ["terraform_data.b NoOp None"]);
        assert_eq!(
            p.changes[0].prev_addr.as_ref().map(|a| a.to_string()),
            Some("terraform_data.a".into())
        );
        let (p, _) = step("resource \"terraform_data\" \"c\" {\n  input = 1\n}\n", &s);
        assert_eq!(
            actions(&p),
            [
                "terraform_data.b Delete Some(DeleteBecauseNoResourceConfig)",
                "terraform_data.c Create None"
            ]
        );
    }

    #[test]
    fn removed_forgets_and_import_brings_in() {
        let (_, s) = step(
            "resource \"terraform_data\" \"a\" {\n  input = 1\n}\nresource \"terraform_data\" \"b\" {\n  input = 2\n}\n",
            &State::default(),
        );
        let next = "removed {\n  from = terraform_data.a\n  lifecycle {\n    destroy = false\n  }\n}\nremoved {\n  from = terraform_data.b\n}\nimport {\n  to = terraform_data.c\n  id = \"abc\"\n}\nresource \"terraform_data\" \"c\" {\n  input = 3\n}\n";
        let (p, s) = step(next, &s);
        assert_eq!(
            actions(&p),
            [
                "terraform_data.a Forget None",
                "terraform_data.b Delete Some(DeleteBecauseNoResourceConfig)",
                "terraform_data.c Update None"
            ]
        );
        assert_eq!(p.changes[2].importing.as_deref(), Some("abc"));
        assert_eq!(p.warnings.len(), 1);
        let left: Vec<String> = s.resources.iter().map(|r| r.addr.to_string()).collect();
        assert_eq!(left, ["terraform_data.c"]);
    }
}
