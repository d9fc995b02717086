//! The walk over a configuration's resources, lazily and in dependency order: a reference to
//! a resource plans (or applies) that resource first, so every value read is the one the
//! plan or the apply gives it. The scope the evaluator sees is [`WalkScope`].

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};

use super::builtin;
use super::lifecycle::Lifecycle;
use crate::lang::config::Config;
use crate::lang::config::ConfigScope;
use crate::lang::config::resources::{
    Instance, Key, Mode, ResourceDecl, collection, expand, instance_vars, resource_object, traverse_open,
};
use crate::lang::eval::{Evaluator, Scope};
use crate::lang::syntax::{Op, Span};
use crate::lang::{Diag, Type, Value};
use crate::workflow::model::{Action, InstanceAddr, InstanceKey, Reason, ResourceAddr, ResourceChange, ResourceMode};

type DResult<T> = Result<T, Diag>;

/// What the walk is for.
pub enum Phase<'p> {
    /// Making a plan: each instance's change is recorded.
    Plan,
    /// Applying a plan: each planned change is carried out (in dependency order) and its
    /// result recorded.
    Apply {
        /// The plan's changes by address (current objects only).
        planned: &'p BTreeMap<InstanceAddr, ResourceChange>,
    },
}

/// One instance as the walk saw it.
#[derive(Clone, Debug)]
pub struct Walked {
    /// Its address.
    pub addr: InstanceAddr,
    /// The object references to it read: planned (plan) or final (apply).
    pub value: Value,
}

enum Slot {
    Busy,
    Done(DResult<Vec<Walked>>),
}

/// The walk's state; see the module documentation.
pub struct Walker<'w> {
    /// The configuration.
    pub config: &'w Config,
    /// The prior objects, by address (moves already applied).
    pub prior: &'w BTreeMap<InstanceAddr, PriorObject>,
    /// `-replace` requests, resolved to instances.
    pub replace: &'w [InstanceAddr],
    /// The phase.
    pub phase: Phase<'w>,
    /// `terraform.workspace`.
    pub workspace: &'w str,
    slots: RefCell<HashMap<String, Slot>>,
    /// The changes the plan phase recorded, in the order the walk met them.
    pub changes: RefCell<Vec<ResourceChange>>,
    /// The final objects the apply phase produced, by address, in the order applied.
    pub applied: RefCell<Vec<(InstanceAddr, Action, Value)>>,
    /// Where new ids come from (apply).
    pub new_id: RefCell<Box<dyn FnMut() -> String + 'w>>,
}

/// A prior object and where it came from.
#[derive(Clone, Debug)]
pub struct PriorObject {
    /// The object's attributes as one object value.
    pub value: Value,
    /// Tainted in the state.
    pub tainted: bool,
    /// Its address before a `moved` block moved it.
    pub moved_from: Option<InstanceAddr>,
    /// The import ID, when an `import` block brings it in with this plan.
    pub imported: Option<String>,
}

/// The module-level address of a root module declaration.
pub fn decl_addr(decl: &ResourceDecl) -> ResourceAddr {
    let mode = match decl.mode {
        Mode::Managed => ResourceMode::Managed,
        Mode::Data => ResourceMode::Data,
    };
    ResourceAddr::root(mode, &decl.rtype, &decl.name)
}

/// The workflow's instance key for the language's.
pub fn key_of(k: &Key) -> InstanceKey {
    match k {
        Key::None => InstanceKey::None,
        Key::Int(i) => InstanceKey::Int(*i),
        Key::Str(s) => InstanceKey::Str(s.clone()),
    }
}

fn lang_key(k: &InstanceKey) -> Key {
    match k {
        InstanceKey::None => Key::None,
        InstanceKey::Int(i) => Key::Int(*i),
        InstanceKey::Str(s) => Key::Str(s.clone()),
    }
}

impl<'w> Walker<'w> {
    /// A walk over `config` from the `prior` objects.
    pub fn new(
        config: &'w Config,
        prior: &'w BTreeMap<InstanceAddr, PriorObject>,
        replace: &'w [InstanceAddr],
        phase: Phase<'w>,
        workspace: &'w str,
        new_id: Box<dyn FnMut() -> String + 'w>,
    ) -> Walker<'w> {
        Walker {
            config,
            prior,
            replace,
            phase,
            workspace,
            slots: RefCell::new(HashMap::new()),
            changes: RefCell::new(Vec::new()),
            applied: RefCell::new(Vec::new()),
            new_id: RefCell::new(new_id),
        }
    }

    /// The instances of a managed resource, walked once (a reference back to a resource
    /// still being walked is a cycle).
    pub fn instances(&self, ev: &Evaluator, decl: &ResourceDecl) -> DResult<Vec<Walked>> {
        let addr = decl.address();
        if let Some(slot) = self.slots.borrow().get(&addr) {
            return match slot {
                Slot::Done(r) => r.clone(),
                Slot::Busy => Err(Diag::new(format!("Cycle: {addr}"), "").fatal()),
            };
        }
        self.slots.borrow_mut().insert(addr.clone(), Slot::Busy);
        let fname = self.config.file_name(decl.file).to_string();
        let r = self.walk_resource(ev, decl).map_err(|e| e.in_file(&fname));
        self.slots.borrow_mut().insert(addr, Slot::Done(r.clone()));
        r
    }

    fn walk_resource(&self, ev: &Evaluator, decl: &ResourceDecl) -> DResult<Vec<Walked>> {
        let lifecycle = Lifecycle::read(ev, decl)?;
        let raddr = decl_addr(decl);
        let mut out = Vec::new();
        for (key, each_value) in expand(ev, decl)? {
            let iaddr = raddr.instance(key_of(&key));
            let vars = instance_vars(&key, &each_value);
            let config = ev.with_var(vars.clone(), || resource_object(ev, decl))?;
            let config = Value::Object(config);
            let prior = self.prior.get(&iaddr);
            let value = match &self.phase {
                Phase::Plan => {
                    let triggered = match prior {
                        Some(p) if !p.tainted && !lifecycle.replace_triggered_by.is_empty() => {
                            ev.with_var(vars, || lifecycle.triggered(ev, self))?
                        }
                        _ => false,
                    };
                    self.plan_instance(decl, &lifecycle, &iaddr, prior, &config, triggered)?
                }
                Phase::Apply { planned } => self.apply_instance(&iaddr, prior, &config, planned.get(&iaddr)),
            };
            out.push(Walked { addr: iaddr, value });
        }
        Ok(out)
    }

    fn plan_instance(
        &self,
        decl: &ResourceDecl,
        lifecycle: &Lifecycle,
        addr: &InstanceAddr,
        prior: Option<&PriorObject>,
        config: &Value,
        triggered: bool,
    ) -> DResult<Value> {
        let config = match prior {
            Some(p) => lifecycle.ignore(config, &p.value),
            None => config.clone(),
        };
        let requested = self.replace.contains(addr);
        let tainted = prior.is_some_and(|p| p.tainted);
        let force = tainted || requested || triggered;
        let planned = builtin::plan(prior.map(|p| &p.value), &config, force);
        let (action, reason, replace_paths) = match prior {
            None => (Action::Create, None, Vec::new()),
            Some(p) => {
                let replace_reason = if tainted {
                    Some(Reason::ReplaceBecauseTainted)
                } else if planned.replace {
                    Some(Reason::ReplaceBecauseCannotUpdate)
                } else if requested {
                    Some(Reason::ReplaceByRequest)
                } else if triggered {
                    Some(Reason::ReplaceByTriggers)
                } else {
                    None
                };
                match replace_reason {
                    Some(r) => {
                        let order = if lifecycle.create_before_destroy {
                            Action::CreateThenDelete
                        } else {
                            Action::DeleteThenCreate
                        };
                        let paths = if planned.replace {
                            vec!["triggers_replace".to_string()]
                        } else {
                            Vec::new()
                        };
                        (order, Some(r), paths)
                    }
                    None if builtin::raw_equal(&planned.after, &p.value) => (Action::NoOp, None, Vec::new()),
                    None => (Action::Update, None, Vec::new()),
                }
            }
        };
        if lifecycle.prevent_destroy && matches!(action, Action::DeleteThenCreate | Action::CreateThenDelete) {
            return Err(prevent_destroy_error(addr, decl));
        }
        self.changes.borrow_mut().push(ResourceChange {
            addr: addr.clone(),
            prev_addr: prior.and_then(|p| p.moved_from.clone()),
            deposed: None,
            action,
            reason,
            before: prior.map(|p| p.value.clone()).unwrap_or(Value::Null(Type::Dynamic)),
            after: planned.after.clone(),
            replace_paths,
            importing: prior.and_then(|p| p.imported.clone()),
        });
        Ok(planned.after)
    }

    fn apply_instance(&self, addr: &InstanceAddr, prior: Option<&PriorObject>, config: &Value, change: Option<&ResourceChange>) -> Value {
        let Some(change) = change else {
            // Not in the plan (targeted out): what the state had, or unknown.
            return prior.map(|p| p.value.clone()).unwrap_or(Value::Unknown(Type::Dynamic));
        };
        match change.action {
            Action::NoOp | Action::Delete | Action::Forget | Action::Read => {
                prior.map(|p| p.value.clone()).unwrap_or(Value::Null(Type::Dynamic))
            }
            Action::Create | Action::Update | Action::DeleteThenCreate | Action::CreateThenDelete => {
                // The configuration is evaluated again with every dependency applied, and
                // planned again, as Terraform does before it applies.
                let replacing = matches!(change.action, Action::DeleteThenCreate | Action::CreateThenDelete);
                let base = if replacing { None } else { prior.map(|p| &p.value) };
                let planned = builtin::plan(base, config, false);
                let done = builtin::apply(&planned.after, &mut *self.new_id.borrow_mut());
                self.applied.borrow_mut().push((addr.clone(), change.action, done.clone()));
                done
            }
        }
    }
}

/// Terraform's refusal to plan the destruction of an instance with `prevent_destroy`.
pub fn prevent_destroy_error(addr: &InstanceAddr, decl: &ResourceDecl) -> Diag {
    Diag::new(
        "Instance cannot be destroyed",
        format!(
            "Resource {addr} has lifecycle.prevent_destroy set, but the plan calls for this resource to be destroyed. To avoid this error and continue with the plan, either disable lifecycle.prevent_destroy or reduce the scope of the plan using the -target option."
        ),
    )
    .at(&decl.span)
}

/// The scope the evaluator sees during a walk: the configuration's variables and locals, and
/// resources as the walk gives them.
pub struct WalkScope<'s, 'w> {
    /// Variables and locals.
    pub inner: ConfigScope<'s>,
    /// The walk.
    pub walker: &'s Walker<'w>,
}

impl Scope for WalkScope<'_, '_> {
    fn files(&self) -> &[crate::lang::syntax::File] {
        &self.walker.config.files
    }

    fn resolve_traversal(&self, ev: &Evaluator, name: &str, ops: &[Op], span: &Span) -> Option<DResult<(Value, usize)>> {
        use crate::lang::syntax::OpKind;
        if name == "data" || name == "module" {
            return self.inner.resolve_traversal(ev, name, ops, span);
        }
        let Some(OpKind::Attr(rname)) = ops.first().map(|o| &o.kind) else {
            return self.inner.resolve_traversal(ev, name, ops, span);
        };
        let decl = self.walker.config.resource(Mode::Managed, name, rname)?;
        if decl.rtype != builtin::TERRAFORM_DATA {
            return self.inner.resolve_traversal(ev, name, ops, span);
        }
        Some((|| {
            // The referenced resource's own error is reported for that resource; the plan
            // keeps one copy of equal errors.
            let walked = self.walker.instances(ev, decl)?;
            let insts: Vec<Instance> = walked
                .iter()
                .map(|w| Instance {
                    key: lang_key(&w.addr.key),
                    each_value: None,
                    value: w.value.clone(),
                })
                .collect();
            let value = collection(decl, &insts);
            let many = decl.body.attr("count").is_some() || decl.body.attr("for_each").is_some();
            crate::lang::config::schema::check_reference(decl, &ops[1..], many)?;
            let (v, n) = traverse_open(ev, value, &ops[1..], if many { Some(&insts) } else { None })?;
            Ok((v, 1 + n))
        })())
    }

    fn resolve(&self, ev: &Evaluator, name: &str, attr: Option<&str>, span: &Span) -> DResult<(Value, bool)> {
        match (name, attr) {
            ("terraform", Some("workspace")) => Ok((Value::string(self.walker.workspace), true)),
            _ => self.inner.resolve(ev, name, attr, span),
        }
    }
}
