//! The walk over a module tree's resources, lazily and in dependency order: a reference to a
//! resource plans (or applies) that resource first, and a reference to a module call walks
//! that module first, so every value read is the one the plan or the apply gives it. One
//! [`Walker`] per module instance; what they find goes into one [`Shared`] record. The scope
//! the evaluator sees is [`WalkScope`].

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};

use super::builtin;
use super::conditions::{self, Which};
use super::lifecycle::Lifecycle;
use super::tree::{Call, ModuleTree};
use crate::lang::config::ConfigScope;
use crate::lang::config::resources::{
    Instance, Key, Mode, ResourceDecl, collection, expand, instance_vars, resource_object, traverse_open,
};
use crate::lang::eval::host::Host;
use crate::lang::eval::{EmptyScope, Evaluator, Scope};
use crate::lang::syntax::{Op, Span};
use crate::lang::{Diag, Marks, Rules, Type, Value};
use crate::workflow::model::gates;
use crate::workflow::model::{
    Action, InstanceAddr, InstanceKey, ModuleStep, Problem, Reason, ResourceAddr, ResourceChange, ResourceMode, Severity,
};

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
    /// `terraform console`: a resource is what the state holds, and a resource the state
    /// does not hold is unknown as a whole.
    Console,
    /// `terraform import`'s walk: as [`Phase::Console`], except that a resource the state does
    /// not hold is an unknown object when it has one instance, and, with `count` or
    /// `for_each`, an empty tuple or object when it expands to nothing (before 1.14) or else
    /// wholly unknown (Terraform's evaluator, `walkImport`; tf-oracle 1.6.6, 1.12.2, 1.14.9).
    Import,
    /// The validate walk (see [`super::validate`]): each declaration evaluated once with
    /// unknown variables and repetition, resources unknown, nothing planned.
    Validate,
}

/// One instance as the walk saw it.
#[derive(Clone, Debug)]
pub struct Walked {
    /// Its address.
    pub addr: InstanceAddr,
    /// The object references to it read: planned (plan) or final (apply).
    pub value: Value,
}

enum Slot<T> {
    Busy,
    Done(DResult<T>),
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

/// A checkable object's result: kind, configuration address, object address, status,
/// failure messages.
pub type CheckRecord = (&'static str, String, String, &'static str, Vec<String>);

/// What every module instance's walk shares: the inputs, and what the walks record.
pub struct Shared<'w> {
    /// The prior objects, by address (moves and imports already applied).
    pub prior: &'w BTreeMap<InstanceAddr, PriorObject>,
    /// `-replace` requests, resolved to instances.
    pub replace: &'w [InstanceAddr],
    /// The phase.
    pub phase: Phase<'w>,
    /// `terraform.workspace`.
    pub workspace: &'w str,
    /// The release.
    pub version: crate::lang::dialect::releases::TfVersion,
    /// The files functions read.
    pub host: &'w Host,
    /// The changes the plan phase recorded, in the order the walks met them.
    pub changes: RefCell<Vec<ResourceChange>>,
    /// The final objects the apply phase produced, in the order applied.
    pub applied: RefCell<Vec<(InstanceAddr, Action, Value)>>,
    /// Where new ids come from (apply).
    pub new_id: RefCell<Box<dyn FnMut() -> String + 'w>>,
    /// The module instances walked, by path (`module.a[0].module.b`), for the deletion
    /// reasons.
    pub modules_walked: RefCell<Vec<Vec<ModuleStep>>>,
    /// The checkable objects met, for the state's `check_results`: kind, configuration
    /// address, object address, status, failure messages.
    pub checks: RefCell<Vec<CheckRecord>>,
    /// The data sources read, with what they read, in the order read.
    pub data_read: RefCell<Vec<(InstanceAddr, Value)>>,
    /// Problems found with more than a diagnostic says (a failed condition's values) and the
    /// warnings of check blocks.
    pub problems: RefCell<Vec<Problem>>,
    /// What Terraform prints under errors' source lines (values, the function called), worked
    /// out where each error was met, by the error.
    pub explained: RefCell<Vec<(Diag, crate::lang::eval::diag_values::Explained)>>,
    /// Errors of instances whose siblings went on (Terraform plans each instance as its own
    /// node): reported with the module's errors.
    pub sibling_errors: RefCell<Vec<Diag>>,
    /// Errors Terraform reports as often as they occur, the same text at the same place
    /// included (one per ephemeral part of a resource argument).
    pub repeated_errors: RefCell<Vec<Diag>>,
    /// Where the root module's variables read from files have their values (a failed
    /// validation points there).
    pub var_ranges: BTreeMap<String, (String, std::ops::Range<usize>)>,
    /// The address an error names (`with ADDRESS,`), by the error.
    pub addressed: RefCell<Vec<(Diag, String)>>,
    /// The errors the console's eval walk met (see [`console_values`]).
    pub walk_errors: RefCell<Vec<Diag>>,
    /// Every managed instance the configuration expanded to, planned or failed: what the
    /// state holds beyond these left the configuration.
    pub expanded: RefCell<std::collections::BTreeSet<InstanceAddr>>,
    /// Under `-target`, what the plan may touch: Terraform's graph holds no other resource,
    /// so nothing else is planned, read or checked (set by the planner after `new`).
    pub targets: Option<crate::workflow::model::Targeting>,
    /// A refresh-only plan: instances are refreshed, not planned, and their custom
    /// conditions (and outputs' preconditions) only warn.
    pub refresh_only: bool,
    /// Root outputs a `-target` walk leaves out (they read nothing the targets reach).
    pub skipped_outputs: std::collections::BTreeSet<String>,
    /// The normal plan a destroy starts with: outputs' preconditions only warn.
    pub pre_destroy: bool,
}

impl<'w> Shared<'w> {
    /// The shared record of one walk.
    pub fn new(
        prior: &'w BTreeMap<InstanceAddr, PriorObject>,
        replace: &'w [InstanceAddr],
        phase: Phase<'w>,
        workspace: &'w str,
        version: crate::lang::dialect::releases::TfVersion,
        host: &'w Host,
        new_id: Box<dyn FnMut() -> String + 'w>,
    ) -> Shared<'w> {
        Shared {
            prior,
            replace,
            phase,
            workspace,
            version,
            host,
            changes: RefCell::new(Vec::new()),
            applied: RefCell::new(Vec::new()),
            new_id: RefCell::new(new_id),
            modules_walked: RefCell::new(Vec::new()),
            problems: RefCell::new(Vec::new()),
            explained: RefCell::new(Vec::new()),
            sibling_errors: RefCell::new(Vec::new()),
            repeated_errors: RefCell::new(Vec::new()),
            addressed: RefCell::new(Vec::new()),
            var_ranges: BTreeMap::new(),
            walk_errors: RefCell::new(Vec::new()),
            expanded: RefCell::new(std::collections::BTreeSet::new()),
            targets: None,
            refresh_only: false,
            skipped_outputs: std::collections::BTreeSet::new(),
            pre_destroy: false,
            data_read: RefCell::new(Vec::new()),
            checks: RefCell::new(Vec::new()),
        }
    }

    /// Records a checkable object's result.
    pub fn record_check(&self, kind: &'static str, config: String, object: String, failed: &[Problem], unknown: bool) {
        let status = if !failed.is_empty() {
            "fail"
        } else if unknown {
            "unknown"
        } else {
            "pass"
        };
        // The message alone: a variable's detail also says where the rule is. A condition whose
        // message was not shown records none.
        let messages = failed
            .iter()
            .filter(|p| p.diag.detail != conditions::INVALID_MESSAGE)
            .map(|p| {
                p.diag
                    .detail
                    .split("\n\nThis was checked by")
                    .next()
                    .unwrap_or_default()
                    .to_string()
            })
            .collect();
        self.checks.borrow_mut().push((kind, config, object, status, messages));
    }

    /// Keeps a failed condition's problem and returns its diagnostic, which stops the walk
    /// of what it belongs to; [`Shared::problem_for`] finds the problem again.
    pub fn fail(&self, p: Problem) -> Diag {
        let d = p.diag.clone();
        self.problems.borrow_mut().push(p);
        d
    }

    /// The problem an error diagnostic stands for: the one kept with it, or the diagnostic
    /// alone with what was worked out for it (see [`Shared::explain`]).
    pub fn problem_for(&self, d: Diag) -> Problem {
        if let Some(p) = self.problems.borrow().iter().find(|p| p.severity == Severity::Error && p.diag == d) {
            return p.clone();
        }
        let explained = self
            .explained
            .borrow()
            .iter()
            .find(|(k, _)| same_error(k, &d))
            .map(|(_, x)| x.clone());
        let address = self
            .addressed
            .borrow()
            .iter()
            .find(|(k, _)| same_error(k, &d))
            .map(|(_, a)| a.clone());
        let mut p = Problem::error(d);
        if let Some(x) = explained {
            p = p.with_values(x.values);
            p.call = x.call;
        }
        p.address = address;
        p
    }

    /// Keeps the address `d` names (`with ADDRESS,`); returns `d`.
    pub fn with_address(&self, d: Diag, address: String) -> Diag {
        self.addressed.borrow_mut().push((d.clone(), address));
        d
    }

    /// Works out, the first time `d` is met, what Terraform prints under its source line from
    /// the expressions it may have come from, evaluated by `ev` (in the error's scope: its
    /// `count.index`, `each`); returns `d`.
    pub fn explain(&self, ev: &Evaluator, exprs: &[&crate::lang::syntax::Expr], d: Diag) -> Diag {
        if !self.explained.borrow().iter().any(|(k, _)| same_error(k, &d))
            && let Some(x) = crate::lang::eval::diag_values::explain(ev, exprs, &d)
        {
            self.explained.borrow_mut().push((d.clone(), x));
        }
        d
    }

    /// The warnings the walk met (check blocks).
    pub fn warnings(&self) -> Vec<Problem> {
        self.problems
            .borrow()
            .iter()
            .filter(|p| p.severity == Severity::Warning)
            .cloned()
            .collect()
    }
}

/// The same error met twice: its file may be named on the way up.
fn same_error(a: &Diag, b: &Diag) -> bool {
    a.summary == b.summary && a.detail == b.detail && a.span == b.span && (a.file.is_none() || b.file.is_none() || a.file == b.file)
}

/// Every attribute expression of a body and of its nested blocks.
pub fn body_exprs(body: &crate::lang::syntax::BodyAst) -> Vec<&crate::lang::syntax::Expr> {
    let mut out: Vec<&crate::lang::syntax::Expr> = body.attrs.iter().map(|a| &a.expr).collect();
    for b in &body.blocks {
        out.extend(body_exprs(&b.body));
    }
    out
}

/// The walk of one module instance.
pub struct Walker<'s, 'w> {
    /// What all walks share.
    pub shared: &'s Shared<'w>,
    /// The module instance's path.
    pub module: Vec<ModuleStep>,
    /// Its module.
    pub tree: &'s ModuleTree,
    slots: RefCell<HashMap<String, Slot<Vec<Walked>>>>,
    calls: RefCell<HashMap<String, Slot<Value>>>,
    cbd: std::collections::BTreeSet<String>,
}

/// The module-level address of a declaration in the module at `module`.
pub fn decl_addr(module: &[ModuleStep], decl: &ResourceDecl) -> ResourceAddr {
    let mode = match decl.mode {
        Mode::Managed => ResourceMode::Managed,
        Mode::Data => ResourceMode::Data,
    };
    ResourceAddr {
        module: module.to_vec(),
        mode,
        rtype: decl.rtype.clone(),
        name: decl.name.clone(),
    }
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

/// The managed resources of a configuration this engine walks (those outside `check` blocks).
pub fn managed(config: &crate::lang::config::Config) -> impl Iterator<Item = &ResourceDecl> {
    config.resources.iter().filter(|d| d.mode == Mode::Managed && d.check.is_none())
}

/// A replacement planned from the whole configuration, its arguments marked as the
/// configuration with `ignore_changes` applied is (Terraform marks the replacement's planned
/// value with that configuration's marks: an ignored argument keeps the prior object's
/// sensitivity; tf-oracle 1.12.2 shows `input = (sensitive value)` with no warning).
fn marked_as(after: Value, ignored: &Value, version: crate::lang::dialect::releases::TfVersion) -> Value {
    use crate::workflow::state::sensitive::{mark_paths, sensitive_paths};
    let (Value::Object(mut attrs), Value::Object(config)) = (after.clone(), ignored) else {
        return after;
    };
    for name in config.keys() {
        if let Some(v) = attrs.remove(name) {
            attrs.insert(name.clone(), v.unmark_deep().0);
        }
    }
    let paths = sensitive_paths(config, version);
    Value::Object(mark_paths(&attrs, &paths))
}

/// The module block's arguments that are not the module's input variables.
const CALL_META: &[&str] = &["source", "version", "count", "for_each", "depends_on", "providers"];

impl<'s, 'w> Walker<'s, 'w> {
    /// The walk of the module instance at `module`.
    pub fn new(shared: &'s Shared<'w>, module: Vec<ModuleStep>, tree: &'s ModuleTree) -> Walker<'s, 'w> {
        Walker {
            shared,
            module,
            tree,
            slots: RefCell::new(HashMap::new()),
            calls: RefCell::new(HashMap::new()),
            cbd: super::make::create_before_destroy(&tree.config),
        }
    }

    /// Walks every resource and every module call of this module instance, then evaluates
    /// its outputs (an object of them, as a module call's value is).
    pub fn walk_all(&self, ev: &Evaluator, errors: &mut Vec<Diag>) -> Value {
        self.shared.modules_walked.borrow_mut().push(self.module.clone());
        for decl in managed(&self.tree.config) {
            if let Err(d) = self.instances(ev, decl) {
                push_unique(errors, d);
            }
        }
        for decl in self
            .tree
            .config
            .resources
            .iter()
            .filter(|d| d.mode == Mode::Data && d.check.is_none() && d.rtype == super::remote_state::TERRAFORM_REMOTE_STATE)
        {
            if let Err(d) = self.data_instances(ev, decl) {
                push_unique(errors, d);
            }
        }
        for name in self.tree.calls.keys() {
            if let Err(d) = self.call_value(ev, name) {
                push_unique(errors, d);
            }
        }
        let (prefix, here) = (self.config_prefix(), self.instance_prefix());
        let validating = matches!(self.shared.phase, Phase::Validate);
        for (name, fi, body, block_span) in self.tree.config.checks.iter().filter(|_| !validating) {
            self.note_messages(ev, &[], body, Which::CheckAssert, &self.file_name(*fi));
            match conditions::check(ev, body, Which::CheckAssert, &self.file_name(*fi)) {
                Ok(found) => {
                    let unknown = conditions::any_unknown(ev, body, Which::CheckAssert);
                    let failures: Vec<Problem> = found
                        .iter()
                        .filter(|p| p.diag.summary != conditions::KNOWN_AFTER_APPLY)
                        .cloned()
                        .collect();
                    self.shared.record_check(
                        "check",
                        format!("{prefix}check.{name}"),
                        format!("{here}check.{name}"),
                        &failures,
                        unknown,
                    );
                    // The belief that a failed check assertion stops the run like a precondition.
                    if !failures.is_empty() && crate::workflow::model::beliefs::flipped(crate::lang::Rule::CheckFailuresWarn) {
                        for p in failures {
                            push_unique(errors, p.diag);
                        }
                        continue;
                    }
                    self.shared.problems.borrow_mut().extend(found)
                }
                // A check reading a variable that failed its validation is not evaluated, nor
                // one reading anything else that failed: only its own errors warn.
                Err(d) if d.summary == "Invalid value for variable" => {}
                Err(d)
                    if d.file.as_deref() != Some(self.file_name(*fi).as_str())
                        || d.span
                            .as_ref()
                            .is_some_and(|sp| sp.start < block_span.start || sp.end > block_span.end) => {}
                Err(d) => self.shared.problems.borrow_mut().push(Problem::warning(d).kept_apart()),
            }
        }
        let mut outputs = BTreeMap::new();
        for (name, fi, body, span) in &self.tree.config.outputs {
            let Some(value) = body.attr("value") else { continue };
            if self.module.is_empty() && self.shared.skipped_outputs.contains(name) {
                continue;
            }
            let ephemeral = declared(ev, body, "ephemeral");
            if ephemeral && self.module.is_empty() {
                push_unique(
                    errors,
                    ephemeral_root_output_error(&self.tree.config, *fi, span, &self.file_name(*fi)),
                );
                continue;
            }
            if validating {
                // The validate walk checks an output's preconditions too: one that is already
                // false fails (tf-oracle 1.6.6 and 1.12.2: `terraform.workspace == "y"`).
                match conditions::check(ev, body, Which::OutputPrecondition, &self.file_name(*fi)) {
                    Ok(found) => {
                        if let Some(p) = found.into_iter().next() {
                            push_unique(errors, self.shared.fail(p));
                            continue;
                        }
                    }
                    Err(d) => {
                        push_unique(errors, d);
                        continue;
                    }
                }
            } else {
                self.note_messages(ev, &[], body, Which::OutputPrecondition, &self.file_name(*fi));
                match conditions::check(ev, body, Which::OutputPrecondition, &self.file_name(*fi)) {
                    Ok(found) => {
                        if !conditions::blocks(body, Which::OutputPrecondition).is_empty() {
                            let unknown = conditions::any_unknown(ev, body, Which::OutputPrecondition);
                            self.shared.record_check(
                                "output",
                                format!("{prefix}output.{name}"),
                                format!("{here}output.{name}"),
                                &found,
                                unknown,
                            );
                        }
                        if let Some(p) = found.into_iter().next() {
                            // A refresh-only plan, and the refresh a destroy starts with, only
                            // warn (node_output.go's checkRuleSeverity).
                            if self.shared.refresh_only || self.shared.pre_destroy {
                                self.shared.problems.borrow_mut().push(p.into_warning());
                            } else {
                                let d = self.shared.fail(p);
                                push_unique(errors, d);
                                continue;
                            }
                        }
                    }
                    Err(d) => {
                        push_unique(errors, d);
                        continue;
                    }
                }
            }
            let sensitive = matches!(body.attr("sensitive").map(|a| ev.eval(&a.expr)), Some(Ok(Value::Bool(true))));
            match ev.eval(&value.expr) {
                // A root output must be declared sensitive to hand on a sensitive value
                // (Terraform's output node; module outputs need not be).
                Ok(v) if self.module.is_empty() && !sensitive && v.has_sensitive() => {
                    push_unique(errors, sensitive_output_error(&self.tree.config, *fi, span, &self.file_name(*fi)));
                }
                Ok(v) if !ephemeral && v.has_ephemeral() => {
                    push_unique(
                        errors,
                        super::ephemeral::output_value_error(&value.expr.span).in_file(&self.file_name(*fi)),
                    );
                }
                Ok(v) => {
                    // An ephemeral module output hands on an ephemeral value (node_output.go's
                    // setValue).
                    let mut marks = if sensitive { Marks::SENSITIVE } else { Marks::NONE };
                    if ephemeral {
                        marks |= Marks::EPHEMERAL;
                    }
                    outputs.insert(name.clone(), v.mark_with(marks));
                }
                Err(d) => push_unique(errors, self.shared.explain(ev, &[&value.expr], d).in_file(&self.file_name(*fi))),
            }
        }
        Value::Object(outputs)
    }

    /// The errors of the ephemeral parts of a resource's arguments (`config`), naming the
    /// resource by `address`: the first stops it, the others are reported beside it.
    fn refuse_ephemeral(&self, config: &BTreeMap<String, Value>, decl: &ResourceDecl, address: String) -> DResult<()> {
        let src = self.tree.config.files.get(decl.file).map(|f| f.src.as_str()).unwrap_or("");
        let fname = self.file_name(decl.file);
        let mut errors = super::ephemeral::resource_errors(config, decl, src, self.shared.version)
            .into_iter()
            .map(|d| self.shared.with_address(d.in_file(&fname), address.clone()));
        let Some(first) = errors.next() else { return Ok(()) };
        self.shared.repeated_errors.borrow_mut().extend(errors);
        Err(first)
    }

    /// `d` from a declaration's `count` or `for_each`; when a sensitive or ephemeral value
    /// caused it, the references holding one are listed under it.
    fn explain_marks(&self, ev: &Evaluator, decl: &ResourceDecl, d: Diag) -> Diag {
        if !(d.by_sensitive || d.by_ephemeral) {
            return d;
        }
        let exprs: Vec<&crate::lang::syntax::Expr> = ["count", "for_each"]
            .iter()
            .filter_map(|n| decl.body.attr(n))
            .map(|a| &a.expr)
            .collect();
        self.shared.explain(ev, &exprs, d)
    }

    /// Keeps the warnings of the rules whose messages come from sensitive or ephemeral
    /// values, the rules' scope given by `vars` (see [`conditions::message_notes`]).
    fn note_messages(&self, ev: &Evaluator, vars: &[(String, Value)], body: &crate::lang::syntax::BodyAst, which: Which, file: &str) {
        let notes = ev.with_var(vars.to_vec(), || conditions::message_notes(ev, body, which, file));
        self.shared.problems.borrow_mut().extend(notes);
    }

    /// This module's configuration address before a name in it (`module.a.module.b.`, no
    /// keys; empty at the root).
    pub fn config_prefix(&self) -> String {
        self.module.iter().map(|m| format!("module.{}.", m.name)).collect()
    }

    /// This module instance's address before a name in it (`module.a[0].`; empty at the
    /// root).
    pub fn instance_prefix(&self) -> String {
        if self.module.is_empty() {
            String::new()
        } else {
            format!("{}.", crate::workflow::model::address::module_path(&self.module))
        }
    }

    /// A file's name as diagnostics give it: relative to the root module.
    pub fn file_name(&self, i: usize) -> String {
        let name = self.tree.config.file_name(i);
        if self.tree.rel_dir == "." {
            name.to_string()
        } else {
            format!("{}/{name}", self.tree.rel_dir)
        }
    }

    /// The instances of a managed resource, walked once (a reference back to a resource
    /// still being walked is a cycle).
    pub fn instances(&self, ev: &Evaluator, decl: &ResourceDecl) -> DResult<Vec<Walked>> {
        self.walked_once(decl, || self.walk_resource(ev, decl))
    }

    /// Walks a declaration the first time it is asked for and keeps the result, its errors
    /// named by the declaration's file; asked for again while being walked, it is a cycle.
    fn walked_once(&self, decl: &ResourceDecl, walk: impl FnOnce() -> DResult<Vec<Walked>>) -> DResult<Vec<Walked>> {
        let addr = decl.address();
        if let Some(slot) = self.slots.borrow().get(&addr) {
            return match slot {
                Slot::Done(r) => r.clone(),
                Slot::Busy => Err(Diag::new(format!("Cycle: {addr}"), "").fatal()),
            };
        }
        self.slots.borrow_mut().insert(addr.clone(), Slot::Busy);
        let fname = self.file_name(decl.file);
        let r = walk().map_err(|e| e.in_file(&fname));
        self.slots.borrow_mut().insert(addr, Slot::Done(r.clone()));
        r
    }

    /// A resource in the validate walk: its arguments, lifecycle and conditions evaluated
    /// once, for their errors.
    fn validate_resource(&self, ev: &Evaluator, decl: &ResourceDecl) -> DResult<Vec<Walked>> {
        Lifecycle::read(ev, decl)?;
        let vars = super::validate::stub_repetition(ev, decl).map_err(|d| self.explain_marks(ev, decl, d))?;
        let config = ev.with_var(vars.clone(), || {
            resource_object(ev, decl).map_err(|d| self.shared.explain(ev, &body_exprs(&decl.body), d))
        })?;
        // The validate walk names the resource by its configuration address.
        self.refuse_ephemeral(&config, decl, self.config_prefix() + &decl.address())?;
        let file = self.file_name(decl.file);
        ev.with_var(vars.clone(), || {
            super::validate::condition_errors(ev, &decl.body, Which::ResourcePrecondition, &file)
        })?;
        let mut with_self = vars;
        with_self.push(("self".to_string(), Value::unknown(builtin::object_type())));
        ev.with_var(with_self, || {
            super::validate::condition_errors(ev, &decl.body, Which::ResourcePostcondition, &file)
        })?;
        Ok(Vec::new())
    }

    /// The resources of this module replaced create-before-destroy, their own setting or a
    /// dependent's.
    fn inherited_cbd(&self) -> &std::collections::BTreeSet<String> {
        &self.cbd
    }

    /// The instances of a `terraform_remote_state` data source, read once.
    /// Whether a `-target` plan leaves resource `decl` of this module out of its graph.
    fn untargeted(&self, decl: &ResourceDecl) -> bool {
        matches!(self.shared.phase, Phase::Plan)
            && self
                .shared
                .targets
                .as_ref()
                .is_some_and(|t| !t.allowed.contains(&(self.config_prefix() + &decl.address())))
    }

    /// Whether instance targets name other instances of `iaddr`'s resource only.
    fn instance_untargeted(&self, iaddr: &InstanceAddr) -> bool {
        matches!(self.shared.phase, Phase::Plan)
            && self.shared.targets.as_ref().is_some_and(|t| {
                let config = self.config_prefix() + &iaddr.resource.local();
                !t.covers(iaddr, &config)
            })
    }

    /// What the state holds of resource `raddr`, as references to an unplanned resource read it.
    fn held(&self, raddr: &crate::workflow::model::ResourceAddr) -> Vec<Walked> {
        self.shared
            .prior
            .iter()
            .filter(|(a, _)| a.resource == *raddr)
            .map(|(a, p)| Walked {
                addr: a.clone(),
                value: p.value.clone(),
            })
            .collect()
    }

    /// A diagnostic about the block's body as a whole (a missing argument) placed where HCL
    /// places it: its opening brace (Body.MissingItemRange; tf-oracle 1.12.2).
    fn at_body(&self, decl: &ResourceDecl, d: Diag) -> Diag {
        if d.span.is_some() {
            return d;
        }
        let src = self.tree.config.files.get(decl.file).map_or("", |f| f.src.as_str());
        match src.get(decl.span.clone()).and_then(|t| t.find('{')) {
            Some(i) => d.at(&(decl.span.start + i..decl.span.start + i + 1)),
            None => d,
        }
    }

    /// Whether a data source depends on a managed resource of this module instance with
    /// changes pending: one its arguments refer to directly, or one its `depends_on` names
    /// (for a module call, any of the module's). Terraform's dataDependsOn and
    /// dependenciesHavePendingChanges (v1.12.2); what is named is planned first.
    fn dependencies_pending(&self, ev: &Evaluator, decl: &ResourceDecl) -> bool {
        use crate::lang::syntax::{ExprKind, OpKind};
        let config = &self.tree.config;
        let mut managed: std::collections::BTreeSet<String> = std::collections::BTreeSet::new();
        let mut calls: std::collections::BTreeSet<String> = std::collections::BTreeSet::new();
        let mut note = |e: &crate::lang::syntax::Expr, with_modules: bool| {
            for n in crate::lang::syntax::walk::nodes(e) {
                let ExprKind::Traversal(base, ops) = &n.kind else { continue };
                let ExprKind::Var(root) = &base.kind else { continue };
                let Some(OpKind::Attr(first)) = ops.first().map(|o| &o.kind) else {
                    continue;
                };
                if root == "module" {
                    if with_modules {
                        calls.insert(first.clone());
                    }
                } else if config.resource(Mode::Managed, root, first).is_some() {
                    managed.insert(format!("{root}.{first}"));
                }
            }
        };
        for e in body_exprs(&decl.body) {
            note(e, false);
        }
        if let Some(d) = decl.body.attr("depends_on") {
            note(&d.expr, true);
        }
        for addr in &managed {
            if let Some(d) = config.resources.iter().find(|d| d.mode == Mode::Managed && d.address() == *addr) {
                let _ = self.instances(ev, d);
            }
        }
        for name in &calls {
            let _ = self.call_value(ev, name);
        }
        self.shared.changes.borrow().iter().any(|c| {
            if c.action == Action::NoOp || c.addr.resource.mode != crate::workflow::model::ResourceMode::Managed {
                return false;
            }
            let m = &c.addr.resource.module;
            (*m == self.module && managed.contains(&c.addr.resource.local()))
                || (m.len() > self.module.len() && m[..self.module.len()] == self.module[..] && calls.contains(&m[self.module.len()].name))
        })
    }

    pub fn data_instances(&self, ev: &Evaluator, decl: &ResourceDecl) -> DResult<Vec<Walked>> {
        self.walked_once(decl, || {
            if matches!(self.shared.phase, Phase::Validate) {
                let vars = super::validate::stub_repetition(ev, decl)?;
                ev.with_var(vars, || super::remote_state::arguments(ev, &decl.body))
                    .map_err(|d| self.at_body(decl, d))?;
                return Ok(Vec::new());
            }
            let raddr = decl_addr(&self.module, decl);
            if self.untargeted(decl) {
                return Ok(self.held(&raddr));
            }
            let mut out = Vec::new();
            for (key, each_value) in expand(ev, decl)? {
                let iaddr = raddr.instance(key_of(&key));
                let vars = instance_vars(&key, &each_value);
                let args = ev
                    .with_var(vars, || super::remote_state::arguments(ev, &decl.body))
                    .map_err(|d| self.at_body(decl, d))?;
                // A read that must wait for apply: its configuration is not known yet, or a
                // managed resource it depends on has changes pending (planDataSource).
                if matches!(self.shared.phase, Phase::Plan) && !self.shared.refresh_only && decl.check.is_none() {
                    let known = !args.values().any(Value::has_unknown);
                    // The belief that a data source is always read while planning.
                    if (!known || self.dependencies_pending(ev, decl))
                        && !crate::workflow::model::beliefs::flipped(crate::lang::Rule::DataWaitsForUnknowns)
                    {
                        let after = super::remote_state::planned(&args);
                        self.shared.changes.borrow_mut().push(ResourceChange {
                            addr: iaddr.clone(),
                            prev_addr: None,
                            deposed: None,
                            action: Action::Read,
                            reason: Some(if known {
                                Reason::ReadBecauseDependencyPending
                            } else {
                                Reason::ReadBecauseConfigUnknown
                            }),
                            before: Value::Null(Type::Dynamic),
                            after: after.clone(),
                            replace_paths: Vec::new(),
                            importing: None,
                        });
                        out.push(Walked { addr: iaddr, value: after });
                        continue;
                    }
                }
                // A read left for apply waits for what it depends on to be applied.
                if let Phase::Apply { planned } = &self.shared.phase
                    && planned.get(&iaddr).is_some_and(|c| c.action == Action::Read)
                {
                    let _ = self.dependencies_pending(ev, decl);
                }
                let read = super::remote_state::read(&args, self.shared.host, self.shared.version).map_err(|d| {
                    if d.summary == super::remote_state::NO_STATE {
                        // Reported at the block's body, for the instance read.
                        self.shared.with_address(self.at_body(decl, d), iaddr.to_string())
                    } else {
                        d.at(&decl.span)
                    }
                })?;
                let value = match read {
                    Some(v) => {
                        self.shared.data_read.borrow_mut().push((iaddr.clone(), v.clone()));
                        // A read the plan left for apply is one of its changes carried out.
                        if let Phase::Apply { planned } = &self.shared.phase
                            && planned.get(&iaddr).is_some_and(|c| c.action == Action::Read)
                        {
                            self.shared.applied.borrow_mut().push((iaddr.clone(), Action::Read, v.clone()));
                        }
                        v
                    }
                    None => Value::unknown(Type::Dynamic),
                };
                out.push(Walked { addr: iaddr, value });
            }
            Ok(out)
        })
    }

    fn walk_resource(&self, ev: &Evaluator, decl: &ResourceDecl) -> DResult<Vec<Walked>> {
        if matches!(self.shared.phase, Phase::Validate) {
            return self.validate_resource(ev, decl);
        }
        let raddr = decl_addr(&self.module, decl);
        if self.untargeted(decl) {
            return Ok(self.held(&raddr));
        }
        let mut lifecycle = Lifecycle::read(ev, decl)?;
        lifecycle.create_before_destroy |= self.inherited_cbd().contains(&decl.address());
        let mut out = Vec::new();
        // Each instance is planned on its own: one that fails leaves its siblings going on,
        // and the resource fails with the first error (the others are reported too).
        let mut first: Option<Diag> = None;
        for (key, each_value) in expand(ev, decl).map_err(|d| self.explain_marks(ev, decl, d))? {
            let one = (|| -> DResult<Walked> {
                let iaddr = raddr.instance(key_of(&key));
                self.shared.expanded.borrow_mut().insert(iaddr.clone());
                // An instance another instance target leaves out is not planned.
                if self.instance_untargeted(&iaddr) {
                    let value = self
                        .shared
                        .prior
                        .get(&iaddr)
                        .map_or(Value::unknown(Type::Dynamic), |p| p.value.clone());
                    return Ok(Walked { addr: iaddr, value });
                }
                let vars = instance_vars(&key, &each_value);
                if self.shared.refresh_only && matches!(self.shared.phase, Phase::Plan) {
                    return self.refresh_instance(ev, decl, iaddr, vars);
                }
                let config = ev.with_var(vars.clone(), || {
                    resource_object(ev, decl).map_err(|d| self.shared.explain(ev, &body_exprs(&decl.body), d))
                })?;
                self.refuse_ephemeral(&config, decl, iaddr.to_string())?;
                let config = Value::Object(config);
                let prior = self.shared.prior.get(&iaddr);
                let file = self.file_name(decl.file);
                if matches!(self.shared.phase, Phase::Plan | Phase::Apply { .. }) {
                    self.note_messages(ev, &vars, &decl.body, Which::ResourcePrecondition, &file);
                }
                if matches!(self.shared.phase, Phase::Plan)
                    && let Some(p) = ev
                        .with_var(vars.clone(), || {
                            conditions::check(ev, &decl.body, Which::ResourcePrecondition, &file)
                        })?
                        .into_iter()
                        .next()
                {
                    return Err(self.shared.fail(p));
                }
                let value = match &self.shared.phase {
                    Phase::Plan => {
                        // Evaluated for every instance (its errors count); when it fires it is
                        // the change's reason, a create's and a tainted object's too.
                        let triggered =
                            !lifecycle.replace_triggered_by.is_empty() && ev.with_var(vars.clone(), || lifecycle.triggered(ev, self))?;
                        // The belief that ignore_changes also silences replace_triggered_by.
                        // Consulted only where a trigger fired and something is ignored.
                        let silenced = || {
                            !matches!(lifecycle.ignore_changes, super::lifecycle::Ignore::Nothing)
                                && crate::workflow::model::beliefs::flipped(crate::lang::Rule::TriggersOutrankIgnoreChanges)
                        };
                        let triggered = triggered && !silenced();
                        self.plan_instance(decl, &lifecycle, &iaddr, prior, &config, triggered)?
                    }
                    Phase::Apply { planned } => self.apply_instance(&iaddr, prior, &config, planned.get(&iaddr)),
                    Phase::Console | Phase::Import | Phase::Validate => {
                        prior.map(|p| p.value.clone()).unwrap_or(Value::unknown(Type::Dynamic))
                    }
                };
                let mut with_self = vars.clone();
                with_self.push(("self".to_string(), value.clone()));
                if matches!(self.shared.phase, Phase::Plan | Phase::Apply { .. }) {
                    self.note_messages(ev, &with_self, &decl.body, Which::ResourcePostcondition, &file);
                }
                let post = ev.with_var(with_self.clone(), || {
                    conditions::check(ev, &decl.body, Which::ResourcePostcondition, &file)
                })?;
                let checked = !conditions::blocks(&decl.body, Which::ResourcePrecondition).is_empty()
                    || !conditions::blocks(&decl.body, Which::ResourcePostcondition).is_empty();
                if checked {
                    let unknown = ev.with_var(vars.clone(), || {
                        conditions::any_unknown(ev, &decl.body, Which::ResourcePrecondition)
                    }) || ev.with_var(with_self, || conditions::any_unknown(ev, &decl.body, Which::ResourcePostcondition));
                    let config_addr = self.config_prefix() + &decl.address();
                    self.shared.record_check("resource", config_addr, iaddr.to_string(), &post, unknown);
                }
                if let Some(p) = post.into_iter().next() {
                    return Err(self.shared.fail(p));
                }
                Ok(Walked { addr: iaddr, value })
            })();
            match one {
                Ok(w) => out.push(w),
                Err(d) if first.is_none() => first = Some(d),
                Err(d) => self.shared.sibling_errors.borrow_mut().push(d.in_file(&self.file_name(decl.file))),
            }
        }
        match first {
            Some(d) => Err(d),
            None => Ok(out),
        }
    }

    /// An instance in a refresh-only plan: what the state holds (unknown when it holds
    /// nothing), its arguments not evaluated, its preconditions and then its postconditions
    /// (against that object) checked as warnings (node_resource_plan_instance.go's
    /// skipPlanChanges branch).
    fn refresh_instance(&self, ev: &Evaluator, decl: &ResourceDecl, iaddr: InstanceAddr, vars: Vec<(String, Value)>) -> DResult<Walked> {
        let file = self.file_name(decl.file);
        self.note_messages(ev, &vars, &decl.body, Which::ResourcePrecondition, &file);
        let pre = ev.with_var(vars.clone(), || {
            conditions::check(ev, &decl.body, Which::ResourcePrecondition, &file)
        })?;
        let value = self
            .shared
            .prior
            .get(&iaddr)
            .map_or(Value::unknown(Type::Dynamic), |p| p.value.clone());
        let mut with_self = vars.clone();
        with_self.push(("self".to_string(), value.clone()));
        self.note_messages(ev, &with_self, &decl.body, Which::ResourcePostcondition, &file);
        let post = ev.with_var(with_self.clone(), || {
            conditions::check(ev, &decl.body, Which::ResourcePostcondition, &file)
        })?;
        let checked = !conditions::blocks(&decl.body, Which::ResourcePrecondition).is_empty()
            || !conditions::blocks(&decl.body, Which::ResourcePostcondition).is_empty();
        if checked {
            let unknown = ev.with_var(vars, || conditions::any_unknown(ev, &decl.body, Which::ResourcePrecondition))
                || ev.with_var(with_self, || conditions::any_unknown(ev, &decl.body, Which::ResourcePostcondition));
            let mut found = pre.clone();
            found.extend(post.iter().cloned());
            self.shared.record_check(
                "resource",
                self.config_prefix() + &decl.address(),
                iaddr.to_string(),
                &found,
                unknown,
            );
        }
        self.shared
            .problems
            .borrow_mut()
            .extend(pre.into_iter().chain(post).map(Problem::into_warning));
        Ok(Walked { addr: iaddr, value })
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
        let full = config;
        let config = match prior {
            Some(p) => lifecycle.ignore(config, &p.value),
            None => config.clone(),
        };
        let requested = self.shared.replace.contains(addr);
        let tainted = prior.is_some_and(|p| p.tainted);
        let force = tainted || requested || triggered;
        let mut planned = builtin::plan(prior.map(|p| &p.value), &config, force);
        // A replacement creates a new object from the whole configuration: ignore_changes
        // only spares an object that is updated in place.
        if planned.replace || force {
            let again = builtin::plan(prior.map(|p| &p.value), full, force);
            planned.after = marked_as(again.after, &config, self.shared.version);
        }
        let (action, reason, replace_paths) = match prior {
            // A create whose trigger fired says so (tf-oracle 1.12.2, plan -json).
            None => (Action::Create, triggered.then_some(Reason::ReplaceByTriggers), Vec::new()),
            Some(p) => {
                // Terraform's order: replace_triggered_by laid over whatever getAction said (a
                // tainted object, then -replace, then an argument that cannot be updated;
                // tf-oracle 1.12.2: a tainted instance whose trigger fired is "replaced due to
                // changes in replace_triggered_by").
                let replace_reason = if triggered {
                    Some(Reason::ReplaceByTriggers)
                } else if tainted {
                    Some(Reason::ReplaceBecauseTainted)
                } else if requested {
                    Some(Reason::ReplaceByRequest)
                } else if planned.replace {
                    Some(Reason::ReplaceBecauseCannotUpdate)
                } else {
                    None
                };
                match replace_reason {
                    Some(r) => {
                        // The belief that create_before_destroy is the default.
                        let order = if lifecycle.create_before_destroy
                            || crate::workflow::model::beliefs::flipped(crate::lang::Rule::ReplaceDestroysFirst)
                        {
                            Action::CreateThenDelete
                        } else {
                            Action::DeleteThenCreate
                        };
                        // A tainted object is planned as if it were gone: the provider names
                        // no attribute that forces the replacement (tf-oracle 1.12.2).
                        let paths = if planned.replace && !tainted {
                            vec!["triggers_replace".to_string()]
                        } else {
                            Vec::new()
                        };
                        (order, Some(r), paths)
                    }
                    None if builtin::raw_equal(&planned.after, &p.value) => (Action::NoOp, None, Vec::new()),
                    // The belief that any change of an argument replaces the object.
                    None if crate::workflow::model::beliefs::flipped(crate::lang::Rule::UpdateInPlace) => {
                        (Action::DeleteThenCreate, Some(Reason::ReplaceBecauseCannotUpdate), Vec::new())
                    }
                    None => (Action::Update, None, Vec::new()),
                }
            }
        };
        let protected = lifecycle.prevent_destroy
            && matches!(action, Action::DeleteThenCreate | Action::CreateThenDelete)
            && !crate::workflow::model::beliefs::flipped(crate::lang::Rule::PreventDestroyFailsPlan);
        // From 1.8 the refused replacement is part of the partial plan shown with the error.
        if protected && !gates::has(self.shared.version, &gates::PREVENT_DESTROY_OPTION) {
            let src = self.tree.config.files.get(decl.file).map(|f| f.src.as_str()).unwrap_or("");
            return Err(prevent_destroy_error(addr, decl, src));
        }
        self.shared.changes.borrow_mut().push(ResourceChange {
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
        if protected {
            let src = self.tree.config.files.get(decl.file).map(|f| f.src.as_str()).unwrap_or("");
            return Err(prevent_destroy_error(addr, decl, src));
        }
        Ok(planned.after)
    }

    fn apply_instance(&self, addr: &InstanceAddr, prior: Option<&PriorObject>, config: &Value, change: Option<&ResourceChange>) -> Value {
        let Some(change) = change else {
            // Not in the plan (targeted out): what the state had, or unknown.
            return prior.map(|p| p.value.clone()).unwrap_or(Value::unknown(Type::Dynamic));
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
                // An update whose unknowns turned out as they were is nothing to do.
                if change.action == Action::Update
                    && let Some(p) = prior
                    && builtin::raw_equal(&planned.after, &p.value)
                {
                    return p.value.clone();
                }
                let done = builtin::apply(&planned.after, &mut *self.shared.new_id.borrow_mut());
                self.shared.applied.borrow_mut().push((addr.clone(), change.action, done.clone()));
                done
            }
        }
    }

    /// The value of a module call: the called module's outputs as an object (a tuple of them
    /// with `count`, an object of them by key with `for_each`), walking it first.
    pub fn call_value(&self, ev: &Evaluator, name: &str) -> DResult<Value> {
        if let Some(slot) = self.calls.borrow().get(name) {
            return match slot {
                Slot::Done(r) => r.clone(),
                Slot::Busy => Err(Diag::new(format!("Cycle: module.{name}"), "").fatal()),
            };
        }
        let Some(call) = self.tree.calls.get(name) else {
            return Err(Diag::new(
                "Reference to undeclared module",
                format!("No module call named {name:?} is declared in {}.", self.described()),
            ));
        };
        self.calls.borrow_mut().insert(name.to_string(), Slot::Busy);
        let r = self.walk_call(ev, name, call);
        self.calls.borrow_mut().insert(name.to_string(), Slot::Done(r.clone()));
        r
    }

    fn described(&self) -> String {
        if self.module.is_empty() {
            "the root module".into()
        } else {
            crate::workflow::model::address::module_path(&self.module)
        }
    }

    fn walk_call(&self, ev: &Evaluator, name: &str, call: &Call) -> DResult<Value> {
        let fname = self.file_name(call.file);
        // The block's count and for_each read as a resource's do.
        let as_decl = ResourceDecl {
            mode: Mode::Managed,
            rtype: "module".into(),
            name: name.to_string(),
            file: call.file,
            body: call.block.body.clone(),
            span: call.block.span.clone(),
            check: None,
        };
        let validating = matches!(self.shared.phase, Phase::Validate);
        let keys = if validating {
            let vars = super::validate::stub_repetition(ev, &as_decl).map_err(|e| e.in_file(&fname))?;
            vec![(Key::None, None, vars)]
        } else {
            expand(ev, &as_decl)
                .map_err(|e| e.in_file(&fname))?
                .into_iter()
                .map(|(k, e)| {
                    let vars = instance_vars(&k, &e);
                    (k, e, vars)
                })
                .collect()
        };
        let child_config = &call.tree.config;
        for a in &call.block.body.attrs {
            if !CALL_META.contains(&a.name.as_str()) && !child_config.variables.contains_key(&a.name) {
                return Err(Diag::new(
                    "Unsupported argument",
                    format!("An argument named {:?} is not expected here.", a.name),
                )
                .at(&a.span)
                .in_file(&fname));
            }
        }
        for (var, decl) in &child_config.variables {
            if decl.default.is_none() && call.block.body.attr(var).is_none() {
                return Err(Diag::new(
                    "Missing required argument",
                    format!("The argument {var:?} is required, but no definition was found."),
                )
                .at(&call.block.span)
                .in_file(&fname));
            }
        }
        let mut values = Vec::new();
        for (key, _, vars) in keys {
            let mut inputs = BTreeMap::new();
            for a in &call.block.body.attrs {
                if CALL_META.contains(&a.name.as_str()) {
                    continue;
                }
                let v = ev
                    .with_var(vars.clone(), || {
                        ev.eval(&a.expr).map_err(|d| self.shared.explain(ev, &[&a.expr], d))
                    })
                    .map_err(|e| e.in_file(&fname))?;
                if v.has_ephemeral() && child_config.variables.get(&a.name).is_some_and(|d| !d.ephemeral) {
                    return Err(super::ephemeral::module_input_error(&a.expr.span).in_file(&fname));
                }
                inputs.insert(a.name.clone(), v);
            }
            let mut path = self.module.clone();
            path.push(ModuleStep {
                name: name.to_string(),
                key: key_of(&key),
            });
            let value = walk_module(self.shared, path, &call.tree, &inputs)?;
            values.push((key, value));
        }
        if validating {
            let body = &call.block.body;
            return Ok(super::validate::module_value(
                &call.tree,
                body.attr("count").is_some(),
                body.attr("for_each").is_some(),
            ));
        }
        Ok(if call.block.body.attr("count").is_some() {
            Value::Tuple(values.into_iter().map(|(_, v)| v).collect())
        } else if call.block.body.attr("for_each").is_some() {
            Value::Object(
                values
                    .into_iter()
                    .filter_map(|(k, v)| match k {
                        Key::Str(s) => Some((s, v)),
                        _ => None,
                    })
                    .collect(),
            )
        } else {
            values.into_iter().next().map(|(_, v)| v).unwrap_or(Value::unknown(Type::Dynamic))
        })
    }
}

/// Walks one module instance with its input values: its own evaluator over its own scope,
/// its variables' validation rules first. Returns the object of its outputs and the errors
/// met (each once).
pub fn walk_module_all(shared: &Shared, path: Vec<ModuleStep>, tree: &ModuleTree, inputs: &BTreeMap<String, Value>) -> (Value, Vec<Diag>) {
    let rules = Rules::real();
    let reg = crate::lang::funcs::builtins();
    let empty = EmptyScope;
    let mut ev0 = Evaluator::new(&rules, &empty, reg, shared.host);
    ev0.version = shared.version;
    let walker = Walker::new(shared, path, tree);
    let unknown;
    let inputs = if matches!(shared.phase, Phase::Validate) {
        unknown = super::validate::unknown_inputs(tree);
        &unknown
    } else {
        inputs
    };
    let inner = match ConfigScope::new(&tree.config, &ev0, inputs) {
        Ok(s) => s,
        Err(d) => return (Value::unknown(Type::Dynamic), vec![d.in_file(&walker.file_name(0))]),
    };
    // In a plan or an apply, what refers to a variable that failed its validation is not
    // evaluated (tf-oracle 1.12.2: a resource reading it is left out of the partial plan).
    if matches!(shared.phase, Phase::Plan | Phase::Apply { .. }) {
        inner.fail_dependents_of_invalid_variables();
    }
    if walker.module.is_empty() {
        inner.set_value_ranges(shared.var_ranges.clone());
    }
    let scope = WalkScope { inner, walker: &walker };
    let mut ev = Evaluator::new(&rules, &scope, reg, shared.host);
    ev.version = shared.version;
    let mut errors = Vec::new();
    // Terraform checks every variable's validation rules, referenced or not.
    for d in check_variables(shared, &walker, &scope, &ev) {
        push_unique(&mut errors, d);
    }
    // A variable that failed its validation fails only what refers to it: the rest of the
    // module is still planned (tf-oracle 1.6.6, 1.12.2: a partial plan with every resource).
    if matches!(shared.phase, Phase::Validate | Phase::Plan | Phase::Apply { .. }) {
        // Every local is a node of the graph, referenced or not.
        for (name, (_, expr)) in &tree.config.locals {
            if let Err(d) = scope.resolve(&ev, "local", Some(name), &expr.span) {
                push_unique(&mut errors, d);
            }
        }
    }
    let mut value = crate::lang::dialect::releases::within(shared.version, || walker.walk_all(&ev, &mut errors));
    // A local that failed stands unknown for what refers to it (the console's way); its error
    // is the walk's.
    let failed_locals = scope.inner.walk_errors();
    if !failed_locals.is_empty() && !matches!(shared.phase, Phase::Console | Phase::Import) {
        // A local skipped because it reads a variable that failed its validation leaves the
        // outputs that do not read it planned (tf-oracle 1.12.2).
        let skipped_only = failed_locals.iter().all(|d| d.summary == "Invalid value for variable");
        for d in failed_locals {
            push_unique(&mut errors, d);
        }
        if !skipped_only {
            value = Value::unknown(Type::Dynamic);
        }
    }
    if walker.module.is_empty() {
        for d in shared.sibling_errors.take() {
            push_unique(&mut errors, d);
        }
        errors.extend(shared.repeated_errors.take());
    }
    // Errors of expressions evaluated outside an instance (locals, count, for_each) are
    // explained in the module's own scope.
    if !errors.is_empty() {
        let config = &tree.config;
        let mut exprs: Vec<&crate::lang::syntax::Expr> = config.locals.values().map(|(_, e)| e).collect();
        for decl in &config.resources {
            exprs.extend(body_exprs(&decl.body));
        }
        for (_, _, body, _) in config.outputs.iter().chain(config.checks.iter()) {
            exprs.extend(body_exprs(body));
        }
        for call in tree.calls.values() {
            exprs.extend(body_exprs(&call.block.body));
        }
        for d in &errors {
            shared.explain(&ev, &exprs, d.clone());
        }
    }
    (value, errors)
}

/// [`walk_module_all`], stopping at the first error (a module call's value).
pub fn walk_module(shared: &Shared, path: Vec<ModuleStep>, tree: &ModuleTree, inputs: &BTreeMap<String, Value>) -> DResult<Value> {
    let (value, errors) = walk_module_all(shared, path, tree, inputs);
    match errors.into_iter().next() {
        Some(d) => Err(d),
        None => Ok(value),
    }
}

/// Keeps the first of equal diagnostics (a resource whose dependency failed fails with the
/// same error; Terraform reports it once).
pub fn push_unique(errors: &mut Vec<Diag>, d: Diag) {
    // A Go error made a diagnostic (no source, no detail) is not comparable, so Terraform
    // keeps every repeat of it (tfdiags.AppendWithoutDuplicates; tf-oracle 1.12.2 prints "no
    // change found for ..." once per instance).
    let native = d.span.is_none() && d.detail.is_empty();
    // What refers to an object that failed so fails with its error, placed where it was met;
    // a Go error has no place of its own, so such a copy is the same error (tf-oracle 1.12.2
    // reports "no change found for ..." once, not again at the output reading the resource).
    let copy_of_native = !native
        && d.detail.is_empty()
        && errors
            .iter()
            .any(|e| e.span.is_none() && e.detail.is_empty() && e.summary == d.summary);
    if copy_of_native {
        return;
    }
    if native
        || !errors
            .iter()
            .any(|e| e.summary == d.summary && e.detail == d.detail && e.span == d.span && e.file == d.file)
    {
        errors.push(d);
    }
}

/// Terraform's refusal to plan the destruction of an instance with `prevent_destroy`, at the
/// block's header.
pub fn prevent_destroy_error(addr: &InstanceAddr, decl: &ResourceDecl, src: &str) -> Diag {
    let word = if crate::lang::dialect::releases::current()
        .is_none_or(|v| crate::workflow::model::gates::has(v, &crate::workflow::model::gates::PREVENT_DESTROY_OPTION))
    {
        "option"
    } else {
        "flag"
    };
    Diag::new(
        "Instance cannot be destroyed",
        format!(
            "Resource {addr} has lifecycle.prevent_destroy set, but the plan calls for this resource to be destroyed. To avoid this error and continue with the plan, either disable lifecycle.prevent_destroy or reduce the scope of the plan using the -target {word}."
        ),
    )
    .at(&crate::lang::config::declaration_range(src, &decl.span))
}

/// The scope the evaluator sees during a walk: the module's variables and locals, and
/// resources and module calls as the walk gives them.
pub struct WalkScope<'a, 's, 'w> {
    /// Variables and locals.
    pub inner: ConfigScope<'a>,
    /// The walk.
    pub walker: &'a Walker<'s, 'w>,
}

impl WalkScope<'_, '_, '_> {
    /// The instances of a resource the state holds, as Terraform's evaluator reads them outside
    /// a plan: the state's keys, not the configuration's (`count` up to the highest index held,
    /// the gaps unknown; a key of the other kind left out).
    fn held_instances(&self, decl: &ResourceDecl) -> Vec<Instance> {
        let raddr = decl_addr(&self.walker.module, decl);
        let held: Vec<(&InstanceAddr, &PriorObject)> = self.walker.shared.prior.iter().filter(|(a, _)| a.resource == raddr).collect();
        let instance = |key: Key, value: Value| Instance {
            key,
            each_value: None,
            value,
        };
        if decl.body.attr("count").is_some() {
            let len = held
                .iter()
                .filter_map(|(a, _)| match a.key {
                    InstanceKey::Int(i) => Some(i + 1),
                    _ => None,
                })
                .max()
                .unwrap_or(0);
            (0..len)
                .map(|i| {
                    let value = held
                        .iter()
                        .find(|(a, _)| a.key == InstanceKey::Int(i))
                        .map(|(_, p)| p.value.clone())
                        .unwrap_or(Value::unknown(builtin::object_type()));
                    instance(Key::Int(i), value)
                })
                .collect()
        } else if decl.body.attr("for_each").is_some() {
            held.iter()
                .filter_map(|(a, p)| match &a.key {
                    InstanceKey::Str(k) => Some(instance(Key::Str(k.clone()), p.value.clone())),
                    _ => None,
                })
                .collect()
        } else {
            let value = held
                .iter()
                .find(|(a, _)| a.key == InstanceKey::None)
                .map(|(_, p)| p.value.clone())
                .unwrap_or(Value::unknown(builtin::object_type()));
            vec![instance(Key::None, value)]
        }
    }

    /// A resource the state does not hold, as the import walk sees it (see [`Phase::Import`]).
    fn import_unheld(&self, ev: &Evaluator, decl: &ResourceDecl) -> DResult<Value> {
        let count = decl.body.attr("count").is_some();
        if !count && decl.body.attr("for_each").is_none() {
            return Ok(Value::unknown(builtin::object_type()));
        }
        if !gates::has(self.walker.shared.version, &gates::IMPORT_EMPTY_EXPANSION_UNKNOWN) && expand(ev, decl)?.is_empty() {
            return Ok(if count {
                Value::Tuple(Vec::new())
            } else {
                Value::Object(Default::default())
            });
        }
        Ok(Value::unknown(Type::Dynamic))
    }
}

impl Scope for WalkScope<'_, '_, '_> {
    fn files(&self) -> &[crate::lang::syntax::File] {
        &self.walker.tree.config.files
    }

    fn resolve_traversal(&self, ev: &Evaluator, name: &str, ops: &[Op], span: &Span) -> Option<DResult<(Value, usize)>> {
        use crate::lang::syntax::OpKind;
        if name == "data" {
            let (Some(OpKind::Attr(t)), Some(OpKind::Attr(n))) = (ops.first().map(|o| &o.kind), ops.get(1).map(|o| &o.kind)) else {
                return self.inner.resolve_traversal(ev, name, ops, span);
            };
            let decl = self.walker.tree.config.resource(Mode::Data, t, n)?;
            if decl.rtype != super::remote_state::TERRAFORM_REMOTE_STATE || decl.check.is_some() {
                return self.inner.resolve_traversal(ev, name, ops, span);
            }
            if matches!(self.walker.shared.phase, Phase::Validate) {
                return Some(
                    self.walker
                        .data_instances(ev, decl)
                        .map(|_| (Value::unknown(Type::Dynamic), ops.len())),
                );
            }
            return Some((|| {
                let walked = self.walker.data_instances(ev, decl)?;
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
                let (v, k) = traverse_open(ev, value, &ops[2..], if many { Some(&insts) } else { None })?;
                Ok((v, 2 + k))
            })());
        }
        let Some(OpKind::Attr(rname)) = ops.first().map(|o| &o.kind) else {
            return self.inner.resolve_traversal(ev, name, ops, span);
        };
        if name == "module" {
            if !self.walker.tree.calls.contains_key(rname) {
                return None;
            }
            return Some(self.walker.call_value(ev, rname).map(|v| (v, 1)).map_err(|d| d.at(span)));
        }
        let decl = self.walker.tree.config.resource(Mode::Managed, name, rname)?;
        if decl.rtype != builtin::TERRAFORM_DATA {
            return self.inner.resolve_traversal(ev, name, ops, span);
        }
        if matches!(self.walker.shared.phase, Phase::Validate) {
            return Some((|| {
                self.walker.instances(ev, decl)?;
                let many = decl.body.attr("count").is_some() || decl.body.attr("for_each").is_some();
                crate::lang::config::schema::check_reference(decl, &ops[1..], many)?;
                Ok((Value::unknown(Type::Dynamic), ops.len()))
            })());
        }
        if matches!(self.walker.shared.phase, Phase::Console | Phase::Import) {
            let raddr = decl_addr(&self.walker.module, decl);
            if !self.walker.shared.prior.keys().any(|a| a.resource == raddr) {
                if matches!(self.walker.shared.phase, Phase::Import) {
                    return Some(self.import_unheld(ev, decl).map(|v| (v, 1)));
                }
                return Some(Ok((Value::unknown(Type::Dynamic), ops.len())));
            }
        }
        Some((|| {
            let insts: Vec<Instance> = if matches!(self.walker.shared.phase, Phase::Console | Phase::Import) {
                self.held_instances(decl)
            } else {
                // The referenced resource's own error is reported for that resource; the plan
                // keeps one copy of equal errors.
                self.walker
                    .instances(ev, decl)?
                    .iter()
                    .map(|w| Instance {
                        key: lang_key(&w.addr.key),
                        each_value: None,
                        value: w.value.clone(),
                    })
                    .collect()
            };
            let value = collection(decl, &insts);
            let many = decl.body.attr("count").is_some() || decl.body.attr("for_each").is_some();
            crate::lang::config::schema::check_reference(decl, &ops[1..], many)?;
            let (v, n) = traverse_open(ev, value, &ops[1..], if many { Some(&insts) } else { None })?;
            Ok((v, 1 + n))
        })())
    }

    fn resolve(&self, ev: &Evaluator, name: &str, attr: Option<&str>, span: &Span) -> DResult<(Value, bool)> {
        match (name, attr) {
            ("terraform", Some("workspace")) => Ok((Value::string(self.walker.shared.workspace), true)),
            // True only in the apply walk (Terraform's walkApply); the language gives false.
            ("terraform", Some("applying"))
                if matches!(self.walker.shared.phase, Phase::Apply { .. })
                    && crate::lang::dialect::releases::has(
                        self.walker.shared.version,
                        &crate::lang::dialect::releases::TERRAFORM_APPLYING,
                    ) =>
            {
                Ok((Value::Bool(true).mark_with(Marks::EPHEMERAL), true))
            }
            ("path", Some("module")) => Ok((Value::string(self.walker.tree.rel_dir.as_str()), true)),
            _ => self.inner.resolve(ev, name, attr, span),
        }
    }
}

/// Checks the validation rules of the variables of `walker`'s module, recording each check;
/// the errors of those that failed, each under the value the rules saw.
fn check_variables(shared: &Shared, walker: &Walker, scope: &WalkScope, ev: &Evaluator) -> Vec<Diag> {
    let mut errors = Vec::new();
    let (prefix, here) = (walker.config_prefix(), walker.instance_prefix());
    for (name, v) in &walker.tree.config.variables {
        if v.validations.is_empty() {
            continue;
        }
        let result = scope.resolve(ev, "var", Some(name), &v.span);
        let failed: Vec<Problem> = match &result {
            Err(d) if d.summary == "Invalid value for variable" => vec![Problem::error(d.clone())],
            _ => Vec::new(),
        };
        shared.record_check("var", format!("{prefix}var.{name}"), format!("{here}var.{name}"), &failed, false);
        if let Err(d) = result {
            // Under the error, the values of the references in the rule that failed, as the
            // rule saw them (`var.cfg.x is ""`, tf-oracle 1.12.2).
            if !failed.is_empty()
                && let Some(values) = scope.inner.invalid_variable_values(name)
                && !values.is_empty()
            {
                {
                    shared
                        .explained
                        .borrow_mut()
                        .push((d.clone(), crate::lang::eval::diag_values::Explained { values, call: None }));
                }
            }
            push_unique(&mut errors, d);
            for c in scope.inner.invalid_variable_companions(name) {
                push_unique(&mut errors, c);
            }
        }
    }
    errors
}

/// The errors of Terraform's eval walk, which `console` shows before it reads anything
/// ("Due to the problems above..."): the variables that fail their validation, the locals
/// that fail, and the root outputs that fail or hand on an unmarked sensitive value
/// (tf-oracle 1.12.2, in that order).
fn eval_walk_errors(shared: &Shared, walker: &Walker, scope: &WalkScope, ev: &Evaluator) -> Vec<Diag> {
    let mut errors = check_variables(shared, walker, scope, ev);
    let config = &walker.tree.config;
    for (name, (_, expr)) in &config.locals {
        if let Err(d) = scope.resolve(ev, "local", Some(name), &expr.span) {
            push_unique(&mut errors, d);
        }
    }
    // A module input not declared ephemeral given an ephemeral value (each call's arguments
    // read as the validate walk reads them, `count.index` and `each` unknown).
    for call in walker.tree.calls.values() {
        let fname = walker.file_name(call.file);
        let stub = vec![
            (
                "count".to_string(),
                Value::Object([("index".to_string(), Value::unknown(Type::Number))].into_iter().collect()),
            ),
            (
                "each".to_string(),
                Value::Object(
                    [
                        ("key".to_string(), Value::unknown(Type::String)),
                        ("value".to_string(), Value::unknown(Type::Dynamic)),
                    ]
                    .into_iter()
                    .collect(),
                ),
            ),
        ];
        for a in &call.block.body.attrs {
            let plain = call.tree.config.variables.get(&a.name).is_some_and(|d| !d.ephemeral);
            if plain && ev.with_var(stub.clone(), || ev.eval(&a.expr)).is_ok_and(|v| v.has_ephemeral()) {
                push_unique(&mut errors, super::ephemeral::module_input_error(&a.expr.span).in_file(&fname));
            }
        }
    }
    // A failed local stands unknown in the console; its error is the walk's.
    let locals: Vec<&crate::lang::syntax::Expr> = config.locals.values().map(|(_, e)| e).collect();
    for d in scope.inner.walk_errors() {
        push_unique(&mut errors, shared.explain(ev, &locals, d));
    }
    for (_, fi, body, span) in &config.outputs {
        let Some(value) = body.attr("value") else { continue };
        if declared(ev, body, "ephemeral") {
            push_unique(&mut errors, ephemeral_root_output_error(config, *fi, span, &walker.file_name(*fi)));
            continue;
        }
        // The eval walk checks an output's preconditions before its value (tf-oracle 1.12.2:
        // the console reports a failing one, then evaluates all the same).
        match conditions::check(ev, body, Which::OutputPrecondition, &walker.file_name(*fi)) {
            Ok(found) => {
                if let Some(p) = found.into_iter().next() {
                    push_unique(&mut errors, shared.fail(p));
                    continue;
                }
            }
            Err(d) => {
                push_unique(&mut errors, d);
                continue;
            }
        }
        let sensitive = matches!(body.attr("sensitive").map(|a| ev.eval(&a.expr)), Some(Ok(Value::Bool(true))));
        let ephemeral = declared(ev, body, "ephemeral");
        match ev.eval(&value.expr) {
            Ok(v) if !sensitive && v.has_sensitive() => {
                push_unique(&mut errors, sensitive_output_error(config, *fi, span, &walker.file_name(*fi)));
            }
            Ok(v) if !ephemeral && v.has_ephemeral() => {
                push_unique(
                    &mut errors,
                    super::ephemeral::output_value_error(&value.expr.span).in_file(&walker.file_name(*fi)),
                );
            }
            Ok(_) => {}
            Err(d) => push_unique(&mut errors, shared.explain(ev, &[&value.expr], d).in_file(&walker.file_name(*fi))),
        }
    }
    errors
}

/// Whether `body` sets `flag = true`.
fn declared(ev: &Evaluator, body: &crate::lang::syntax::BodyAst, flag: &str) -> bool {
    matches!(body.attr(flag).map(|a| ev.eval(&a.expr)), Some(Ok(Value::Bool(true))))
}

/// "Ephemeral output not allowed", at the declaration of the root output in file `fi` at
/// `span`, the file named `file`.
pub fn ephemeral_root_output_error(config: &crate::lang::config::Config, fi: usize, span: &crate::lang::syntax::Span, file: &str) -> Diag {
    let src = config.files.get(fi).map(|f| f.src.as_str()).unwrap_or("");
    super::ephemeral::root_output_error(&crate::lang::config::declaration_range(src, span)).in_file(file)
}

/// "Output refers to sensitive values", at the declaration of the root output in file `fi`
/// at `span`, the file named `file`.
pub fn sensitive_output_error(config: &crate::lang::config::Config, fi: usize, span: &crate::lang::syntax::Span, file: &str) -> Diag {
    let src = config.files.get(fi).map(|f| f.src.as_str()).unwrap_or("");
    Diag::new(
        "Output refers to sensitive values",
        "To reduce the risk of accidentally exporting sensitive data that was intended to be only internal, Terraform requires that any root module output containing sensitive data be explicitly marked as sensitive, to confirm your intent.\n\nIf you do intend to export this data, annotate the output value as sensitive by adding the following argument:\n    sensitive = true",
    )
    .at(&crate::lang::config::declaration_range(src, span))
    .in_file(file)
}

/// Evaluates console expressions in the root module of `tree`, resources read as `shared`'s
/// phase gives them: one result per expression, in order.
pub fn console_values(
    shared: &Shared,
    tree: &ModuleTree,
    inputs: &BTreeMap<String, Value>,
    exprs: &[crate::lang::syntax::Expr],
) -> Vec<DResult<Value>> {
    let rules = Rules::real();
    let reg = crate::lang::funcs::builtins();
    let empty = EmptyScope;
    let mut ev0 = Evaluator::new(&rules, &empty, reg, shared.host);
    ev0.version = shared.version;
    let walker = Walker::new(shared, Vec::new(), tree);
    let inner = match ConfigScope::new(&tree.config, &ev0, inputs) {
        Ok(s) => s,
        Err(d) => return exprs.iter().map(|_| Err(d.clone())).collect(),
    };
    let scope = WalkScope { inner, walker: &walker };
    let mut ev = Evaluator::new(&rules, &scope, reg, shared.host);
    ev.version = shared.version;
    crate::lang::dialect::releases::within(shared.version, || {
        // The data sources are read as a refresh reads them (an import keeps them).
        for decl in tree
            .config
            .resources
            .iter()
            .filter(|d| d.mode == Mode::Data && d.check.is_none() && d.rtype == super::remote_state::TERRAFORM_REMOTE_STATE)
        {
            let _ = walker.data_instances(&ev, decl);
        }
        // The import walk checks the root module's check blocks (their failures are warnings).
        if matches!(shared.phase, Phase::Import) {
            for (_, fi, body, _) in &tree.config.checks {
                let file = walker.file_name(*fi);
                shared
                    .problems
                    .borrow_mut()
                    .extend(conditions::message_notes(&ev, body, Which::CheckAssert, &file));
                if let Ok(found) = conditions::check(&ev, body, Which::CheckAssert, &file) {
                    // (What import cannot know yet it does not warn about.)
                    shared
                        .problems
                        .borrow_mut()
                        .extend(found.into_iter().filter(|p| p.diag.summary != conditions::KNOWN_AFTER_APPLY));
                }
            }
        }
        // The console's eval walk reports what fails in it, then evaluates all the same.
        if matches!(shared.phase, Phase::Console) {
            for d in eval_walk_errors(shared, &walker, &scope, &ev) {
                shared.walk_errors.borrow_mut().push(d);
            }
        }
        // The import walk checks the root outputs' preconditions: one known to fail fails the
        // import (tf-oracle 1.6.6 and 1.12.2).
        if matches!(shared.phase, Phase::Import) {
            for (_, fi, body, _) in &tree.config.outputs {
                if let Ok(found) = conditions::check(&ev, body, Which::OutputPrecondition, &walker.file_name(*fi))
                    && let Some(p) = found.into_iter().next()
                {
                    let d = shared.fail(p);
                    shared.walk_errors.borrow_mut().push(d);
                }
            }
        }
        exprs.iter().map(|e| ev.eval(e)).collect()
    })
}
