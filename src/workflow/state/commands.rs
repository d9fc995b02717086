//! The state commands as functions on a [`State`]: what `state list`, `state mv`, `state rm`,
//! `taint`, `untaint` and `state pull` print and the state they leave, with Terraform's
//! messages. Reading and writing the file (and the serial) is [`super::store`]'s job.

use std::cmp::Ordering;
use std::fmt;

use super::diag::{Diagnostic, join};
use super::write::{WriteStateError, write_state};
use crate::lang::dialect::releases::TfVersion;
use crate::workflow::model::address::{AddressError, Target, parse_target};
use crate::workflow::model::{InstanceAddr, InstanceKey, InstanceState, ModuleStep, ResourceAddr, ResourceMode, ResourceState, State};

/// Why a command failed, with what it printed before it did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandError {
    /// Lines printed to stdout before the error (a `state mv` of several modules).
    pub printed: Vec<String>,
    /// The error.
    pub error: Failure,
}

/// An error as Terraform shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// Diagnostics (shown framed, `Error: summary` and the detail).
    Diags(Vec<Diagnostic>),
    /// A plain message written to stderr as is.
    Message(String),
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.error {
            Failure::Diags(d) => f.write_str(&join(d)),
            Failure::Message(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for CommandError {}

fn fail(printed: Vec<String>, diags: Vec<Diagnostic>) -> CommandError {
    CommandError {
        printed,
        error: Failure::Diags(diags),
    }
}

/// A command's result: the lines it prints and the state it leaves.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The lines printed to stdout.
    pub lines: Vec<String>,
    /// The state afterwards (unchanged for a dry run).
    pub state: State,
}

fn address_diag(e: AddressError) -> Diagnostic {
    Diagnostic::new("Invalid address", e.0)
}

/// `module.a` contains `module.a[0].module.b`: names must match, and keys too except where
/// the filter's last step has none (Terraform's `TargetContains` for a module).
fn module_contains(filter: &[ModuleStep], module: &[ModuleStep]) -> bool {
    if module.len() < filter.len() {
        return false;
    }
    for (i, f) in filter.iter().enumerate() {
        let m = &module[i];
        if f.name != m.name {
            return false;
        }
        if i == filter.len() - 1 && f.key.is_none() {
            return true;
        }
        if f.key != m.key {
            return false;
        }
    }
    true
}

/// Terraform's order of instance keys: no key, then numbers, then strings.
fn key_less(a: &InstanceKey, b: &InstanceKey) -> Ordering {
    match (a, b) {
        (InstanceKey::None, InstanceKey::None) => Ordering::Equal,
        (InstanceKey::None, _) => Ordering::Less,
        (_, InstanceKey::None) => Ordering::Greater,
        (InstanceKey::Int(x), InstanceKey::Int(y)) => x.cmp(y),
        (InstanceKey::Int(_), _) => Ordering::Less,
        (_, InstanceKey::Int(_)) => Ordering::Greater,
        (InstanceKey::Str(x), InstanceKey::Str(y)) => x.cmp(y),
    }
}

/// Terraform's order of module instances: shorter paths first, then step by step by name and
/// key.
fn module_less(a: &[ModuleStep], b: &[ModuleStep]) -> Ordering {
    a.len().cmp(&b.len()).then_with(|| {
        for (x, y) in a.iter().zip(b) {
            let o = x.name.cmp(&y.name).then_with(|| key_less(&x.key, &y.key));
            if o != Ordering::Equal {
                return o;
            }
        }
        Ordering::Equal
    })
}

/// Terraform's order of resource instances (`AbsResourceInstance.Less`): module, then data
/// before managed, type, name, key.
pub fn instance_order(a: &InstanceAddr, b: &InstanceAddr) -> Ordering {
    let mode = |m: ResourceMode| if m == ResourceMode::Data { 0 } else { 1 };
    module_less(&a.resource.module, &b.resource.module)
        .then_with(|| mode(a.resource.mode).cmp(&mode(b.resource.mode)))
        .then_with(|| a.resource.rtype.cmp(&b.resource.rtype))
        .then_with(|| a.resource.name.cmp(&b.resource.name))
        .then_with(|| key_less(&a.key, &b.key))
}

fn all_instances(state: &State) -> impl Iterator<Item = InstanceAddr> + '_ {
    state
        .resources
        .iter()
        .flat_map(|r| r.instances.iter().map(move |i| r.addr.instance(i.key.clone())))
}

fn find_resource<'s>(state: &'s State, addr: &ResourceAddr) -> Option<&'s ResourceState> {
    state.resources.iter().find(|r| &r.addr == addr)
}

fn find_instance<'s>(state: &'s State, addr: &InstanceAddr) -> Option<&'s InstanceState> {
    find_resource(state, &addr.resource).and_then(|r| r.instances.iter().find(|i| i.key == addr.key))
}

/// The instances an address names (Terraform's `lookupResourceInstanceAddr`), sorted; with
/// `allow_missing` false, an address that matches nothing is an error.
fn lookup(state: &State, text: &str, allow_missing: bool) -> Result<Vec<InstanceAddr>, Diagnostic> {
    let target = parse_target(text).map_err(address_diag)?;
    let mut found: Vec<InstanceAddr> = match &target {
        Target::Module(m) => {
            let hits: Vec<InstanceAddr> = all_instances(state).filter(|i| module_contains(m, &i.resource.module)).collect();
            if hits.is_empty() && !allow_missing {
                return Err(Diagnostic::new(
                    "Unknown module",
                    format!(
                        "The current state contains no module at {}. If you've just added this module to the configuration, you must run \"terraform apply\" first to create the module's entry in the state.",
                        crate::workflow::model::address::module_path(m)
                    ),
                ));
            }
            hits
        }
        Target::Resource(r) => match find_resource(state, r) {
            Some(rs) => rs.instances.iter().map(|i| r.instance(i.key.clone())).collect(),
            None if allow_missing => Vec::new(),
            None => {
                return Err(Diagnostic::new(
                    "Unknown resource",
                    format!(
                        "The current state contains no resource {r}. If you've just added this resource to the configuration, you must run \"terraform apply\" first to create the resource's entry in the state."
                    ),
                ));
            }
        },
        Target::Instance(i) => match find_instance(state, i) {
            Some(_) => vec![i.clone()],
            None if allow_missing => Vec::new(),
            None => {
                return Err(Diagnostic::new(
                    "Unknown resource instance",
                    format!(
                        "The current state contains no resource instance {i}. If you've just added its resource to the configuration or have changed the count or for_each arguments, you must run \"terraform apply\" first to update the resource's entry in the state."
                    ),
                ));
            }
        },
    };
    found.sort_by(instance_order);
    Ok(found)
}

/// `terraform state list [ADDRESS...]`: the instances' addresses, in Terraform's order (each
/// filter's matches in turn). A filter that matches nothing is an error.
pub fn list(state: &State, filters: &[&str], id: Option<&str>) -> Result<Vec<String>, CommandError> {
    let addrs: Vec<InstanceAddr> = if filters.is_empty() {
        let mut all: Vec<InstanceAddr> = all_instances(state).collect();
        all.sort_by(instance_order);
        all
    } else {
        let mut out = Vec::new();
        let mut diags = Vec::new();
        for f in filters {
            match lookup(state, f, false) {
                Ok(found) => out.extend(found),
                Err(d) => diags.push(d),
            }
        }
        if !diags.is_empty() {
            return Err(fail(Vec::new(), diags));
        }
        out
    };
    Ok(addrs
        .iter()
        .filter(|a| id.is_none_or(|id| legacy_id(state, a) == id))
        .map(ToString::to_string)
        .collect())
}

/// The `id` attribute of an instance's current object when it is a string, else empty (as
/// Terraform's `LegacyInstanceObjectID` reads the attributes' JSON), for `state list -id`.
fn legacy_id(state: &State, addr: &InstanceAddr) -> String {
    state
        .resources
        .iter()
        .find(|r| r.addr == addr.resource)
        .and_then(|r| r.instances.iter().find(|i| i.key == addr.key))
        .and_then(|i| i.current.as_ref())
        .and_then(|o| match o.attributes.get("id") {
            Some(crate::lang::Value::String(s)) => Some(s.to_string()),
            _ => None,
        })
        .unwrap_or_default()
}

/// `terraform state pull`: what it prints, the very bytes of `terraform.tfstate` and one more
/// newline (the recordings show both).
pub fn pull(state: &State, release: TfVersion) -> Result<String, WriteStateError> {
    let mut text = write_state(state, release)?;
    text.push('\n');
    Ok(text)
}

/// Removes an instance, and its resource when no instance is left.
fn forget(state: &mut State, addr: &InstanceAddr) {
    if let Some(pos) = state.resources.iter().position(|r| r.addr == addr.resource) {
        state.resources[pos].instances.retain(|i| i.key != addr.key);
        if state.resources[pos].instances.is_empty() {
            state.resources.remove(pos);
        }
    }
}

/// `terraform state rm ADDRESS...` (with `-dry-run` when `dry_run`): `Removed ADDR` for each
/// instance, then `Successfully removed N resource instance(s).`
pub fn rm(state: &State, addrs: &[&str], dry_run: bool) -> Result<Outcome, CommandError> {
    let mut found = Vec::new();
    let mut diags = Vec::new();
    for a in addrs {
        match lookup(state, a, true) {
            Ok(f) => found.extend(f),
            Err(d) => diags.push(d),
        }
    }
    if !diags.is_empty() {
        return Err(fail(Vec::new(), diags));
    }
    let prefix = if dry_run { "Would remove " } else { "Removed " };
    let mut next = state.clone();
    let mut lines = Vec::new();
    for addr in &found {
        lines.push(format!("{prefix}{addr}"));
        if !dry_run {
            forget(&mut next, addr);
        }
    }
    if dry_run {
        if found.is_empty() {
            lines.push("Would have removed nothing.".into());
        }
        return Ok(Outcome {
            lines,
            state: state.clone(),
        });
    }
    if found.is_empty() {
        return Err(fail(
            lines,
            vec![Diagnostic::new(
                "Invalid target address",
                "No matching objects found. To view the available instances, use \"terraform state list\". Please modify the address to reference a specific instance.",
            )],
        ));
    }
    lines.push(format!("Successfully removed {} resource instance(s).", found.len()));
    Ok(Outcome { lines, state: next })
}

/// The modules the state holds resources in.
fn modules(state: &State) -> Vec<Vec<ModuleStep>> {
    let mut out: Vec<Vec<ModuleStep>> = Vec::new();
    for r in &state.resources {
        if !out.contains(&r.addr.module) {
            out.push(r.addr.module.clone());
        }
    }
    out
}

/// What `state mv` moves: a module (and the modules under it), a whole resource, or one
/// instance (a resource without a key that has a no-key instance is that instance).
enum Source {
    Module(Vec<ModuleStep>),
    Resource(ResourceAddr),
    Instance(InstanceAddr),
}

fn target_text(t: &Target) -> String {
    match t {
        Target::Module(m) => crate::workflow::model::address::module_path(m),
        Target::Resource(r) => r.to_string(),
        Target::Instance(i) => i.to_string(),
    }
}

fn validate_move(from: &ResourceAddr, to: &ResourceAddr) -> Vec<Diagnostic> {
    let mut diags = Vec::new();
    const REQ: &str = "Invalid state move request";
    if from.mode != to.mode {
        let detail = match from.mode {
            ResourceMode::Managed => {
                format!("Cannot move {from} to {to}: a managed resource can be moved only to another managed resource address.")
            }
            ResourceMode::Data => {
                format!("Cannot move {from} to {to}: a data resource can be moved only to another data resource address.")
            }
        };
        diags.push(Diagnostic::new(REQ, detail));
    }
    if from.rtype != to.rtype {
        diags.push(Diagnostic::new(
            REQ,
            format!("Cannot move {from} to {to}: resource types don't match."),
        ));
    }
    diags
}

/// Whether a recorded dependency (`module.m.terraform_data.a`) is touched by a move of
/// `moved`, in either direction, so that it must be dropped (Terraform clears the
/// dependencies of such objects; the next apply records them again).
fn dependency_touched(dep: &str, moved: &Source) -> bool {
    let Ok(target) = parse_target(dep) else { return false };
    let names = |m: &[ModuleStep]| m.iter().map(|s| s.name.clone()).collect::<Vec<_>>();
    let (dep_mod, dep_res) = match &target {
        Target::Resource(r) => (names(&r.module), Some((r.mode, r.rtype.clone(), r.name.clone()))),
        Target::Instance(i) => (
            names(&i.resource.module),
            Some((i.resource.mode, i.resource.rtype.clone(), i.resource.name.clone())),
        ),
        Target::Module(m) => (names(m), None),
    };
    let same = |r: &ResourceAddr| names(&r.module) == dep_mod && dep_res.as_ref() == Some(&(r.mode, r.rtype.clone(), r.name.clone()));
    match moved {
        Source::Module(m) => dep_mod.starts_with(&names(m)),
        Source::Resource(r) => same(r),
        Source::Instance(i) => same(&i.resource),
    }
}

/// `terraform state mv SOURCE DESTINATION` (with `-dry-run` when `dry_run`) within one state:
/// `Move "SRC" to "DST"` for each object, then `Successfully moved N object(s).`
pub fn mv(state: &State, source: &str, destination: &str, dry_run: bool) -> Result<Outcome, CommandError> {
    let src = parse_target(source).map_err(|e| fail(Vec::new(), vec![address_diag(e)]));
    let dst = parse_target(destination).map_err(|e| fail(Vec::new(), vec![address_diag(e)]));
    let (src, dst) = match (src, dst) {
        (Ok(s), Ok(d)) => (s, d),
        (Err(mut a), Err(b)) => {
            if let (Failure::Diags(x), Failure::Diags(y)) = (&mut a.error, b.error) {
                x.extend(y);
            }
            return Err(a);
        }
        (Err(e), _) | (_, Err(e)) => return Err(e),
    };
    const BAD_SOURCE: &str = "Invalid source address";
    const BAD_TARGET: &str = "Invalid target address";
    let sources: Vec<Source> = match &src {
        Target::Module(m) => modules(state)
            .into_iter()
            .filter(|mm| mm.len() >= m.len() && mm[..m.len()] == m[..])
            .map(Source::Module)
            .collect(),
        Target::Resource(r) => match find_resource(state, r) {
            Some(rs) if rs.instances.iter().any(|i| i.key.is_none()) => vec![Source::Instance(r.instance(InstanceKey::None))],
            Some(_) => vec![Source::Resource(r.clone())],
            None => Vec::new(),
        },
        Target::Instance(i) => vec![Source::Instance(i.clone())],
    };
    if sources.is_empty() {
        return Err(fail(
            Vec::new(),
            vec![Diagnostic::new(
                BAD_SOURCE,
                format!("Cannot move {}: does not match anything in the current state.", target_text(&src)),
            )],
        ));
    }
    let prefix = if dry_run { "Would move" } else { "Move" };
    let mut next = state.clone();
    let mut lines = Vec::new();
    let mut moved = 0usize;
    for source_obj in &sources {
        match source_obj {
            Source::Module(from) => {
                let Target::Module(search) = &src else { continue };
                let Target::Module(to) = &dst else {
                    return Err(fail(
                        lines,
                        vec![Diagnostic::new(
                            BAD_TARGET,
                            format!(
                                "Cannot move {} to {}: the target must also be a module.",
                                crate::workflow::model::address::module_path(from),
                                target_text(&dst)
                            ),
                        )],
                    ));
                };
                let mut to = to.clone();
                to.extend_from_slice(&from[search.len()..]);
                if next.resources.iter().any(|r| r.addr.module == to) {
                    return Err(CommandError {
                        printed: lines,
                        error: Failure::Message(
                            "Error moving state: destination module already exists\n\nPlease ensure your addresses and state paths are valid. No\nstate was persisted. Your existing states are untouched.".into(),
                        ),
                    });
                }
                moved += 1;
                let module_path = crate::workflow::model::address::module_path;
                lines.push(format!("{prefix} {:?} to {:?}", module_path(from), module_path(&to)));
                if !dry_run {
                    for r in next.resources.iter_mut().filter(|r| &r.addr.module == from) {
                        r.addr.module = to.clone();
                    }
                }
            }
            Source::Resource(from) => {
                let to = match &dst {
                    Target::Resource(r) => r.clone(),
                    other => {
                        return Err(fail(
                            lines,
                            vec![Diagnostic::new(
                                BAD_TARGET,
                                format!(
                                    "Cannot move {from} to {}: the source is a whole resource (not a resource instance) so the target must also be a whole resource.",
                                    target_text(other)
                                ),
                            )],
                        ));
                    }
                };
                let mut diags = validate_move(from, &to);
                if find_resource(&next, &to).is_some() {
                    diags.push(Diagnostic::new(
                        BAD_TARGET,
                        format!("Cannot move to {to}: there is already a resource at that address in the current state."),
                    ));
                }
                if find_resource(&next, from).is_none() {
                    diags.push(Diagnostic::new(BAD_SOURCE, format!("The current state does not contain {from}.")));
                }
                if !diags.is_empty() {
                    return Err(fail(lines, diags));
                }
                moved += 1;
                lines.push(format!("{prefix} {:?} to {:?}", from.to_string(), to.to_string()));
                if !dry_run && let Some(r) = next.resources.iter_mut().find(|r| &r.addr == from) {
                    r.addr = to;
                }
            }
            Source::Instance(from) => {
                let to = match &dst {
                    Target::Instance(i) => i.clone(),
                    Target::Resource(r) => r.instance(InstanceKey::None),
                    Target::Module(_) => {
                        return Err(fail(
                            lines,
                            vec![Diagnostic::new(
                                BAD_TARGET,
                                format!(
                                    "Cannot move {from} to {}: the target must also be a resource instance.",
                                    target_text(&dst)
                                ),
                            )],
                        ));
                    }
                };
                let mut diags = validate_move(&from.resource, &to.resource);
                if find_instance(&next, &to).is_some() {
                    diags.push(Diagnostic::new(
                        BAD_TARGET,
                        format!("Cannot move to {to}: there is already a resource instance at that address in the current state."),
                    ));
                }
                let Some(inst) = find_instance(&next, from).cloned() else {
                    diags.push(Diagnostic::new(BAD_SOURCE, format!("The current state does not contain {from}.")));
                    return Err(fail(lines, diags));
                };
                if !diags.is_empty() {
                    return Err(fail(lines, diags));
                }
                moved += 1;
                // Terraform echoes the destination as typed here.
                lines.push(format!("{prefix} {:?} to {:?}", from.to_string(), destination));
                if !dry_run {
                    let provider = find_resource(&next, &from.resource).map(|r| r.provider.clone()).unwrap_or_default();
                    forget(&mut next, from);
                    let inst = InstanceState {
                        key: to.key.clone(),
                        ..inst
                    };
                    match next.resources.iter_mut().find(|r| r.addr == to.resource) {
                        Some(r) => r.instances.push(inst),
                        None => next.resources.push(ResourceState {
                            addr: to.resource.clone(),
                            provider,
                            instances: vec![inst],
                        }),
                    }
                }
            }
        }
        if !dry_run {
            for r in &mut next.resources {
                for i in &mut r.instances {
                    if let Some(obj) = &mut i.current
                        && obj.dependencies.iter().any(|d| dependency_touched(d, source_obj))
                    {
                        obj.dependencies.clear();
                    }
                }
            }
        }
    }
    if dry_run {
        if moved == 0 {
            lines.push("Would have moved nothing.".into());
        }
        return Ok(Outcome {
            lines,
            state: state.clone(),
        });
    }
    lines.push(format!("Successfully moved {moved} object(s)."));
    Ok(Outcome { lines, state: next })
}

/// Parses a `taint`/`untaint` address: one instance (a resource without a key is its
/// no-key instance) of a managed resource.
fn taint_target(state: &State, text: &str, verb: &str) -> Result<InstanceAddr, CommandError> {
    let addr = match parse_target(text).map_err(|e| fail(Vec::new(), vec![address_diag(e)]))? {
        Target::Instance(i) => i,
        Target::Resource(r) => r.instance(InstanceKey::None),
        Target::Module(_) => {
            return Err(fail(
                Vec::new(),
                vec![Diagnostic::new("Invalid address", "A resource instance address is required here.")],
            ));
        }
    };
    if addr.resource.mode != ResourceMode::Managed {
        return Err(CommandError {
            printed: Vec::new(),
            error: Failure::Message(format!("Resource instance {addr} cannot be {verb}")),
        });
    }
    const NO_SUCH: &str = "No such resource instance";
    if state.resources.is_empty() {
        return Err(fail(
            Vec::new(),
            vec![Diagnostic::new(
                NO_SUCH,
                "The state currently contains no resource instances whatsoever. This may occur if the configuration has never been applied or if it has recently been destroyed.",
            )],
        ));
    }
    let Some(inst) = find_instance(state, &addr) else {
        return Err(fail(
            Vec::new(),
            vec![Diagnostic::new(
                NO_SUCH,
                format!(
                    "There is no resource instance in the state with the address {addr}. If the resource configuration has just been added, you must run \"terraform apply\" once to create the corresponding instance(s) before they can be tainted."
                ),
            )],
        ));
    };
    if inst.current.is_none() {
        let detail = if inst.deposed.is_empty() {
            format!("Resource instance {addr} does not currently have a remote object associated with it, so it cannot be tainted.")
        } else {
            format!(
                "Resource instance {addr} is currently part-way through a create_before_destroy replacement action. Run \"terraform apply\" to complete its replacement before tainting it."
            )
        };
        return Err(fail(Vec::new(), vec![Diagnostic::new(NO_SUCH, detail)]));
    }
    Ok(addr)
}

fn set_tainted(state: &State, addr: &InstanceAddr, tainted: bool) -> State {
    let mut next = state.clone();
    if let Some(obj) = next
        .resources
        .iter_mut()
        .find(|r| r.addr == addr.resource)
        .and_then(|r| r.instances.iter_mut().find(|i| i.key == addr.key))
        .and_then(|i| i.current.as_mut())
    {
        obj.tainted = tainted;
    }
    next
}

/// `terraform taint ADDRESS`: the instance's current object marked tainted (again, if it
/// already was: no error).
pub fn taint(state: &State, address: &str) -> Result<Outcome, CommandError> {
    let addr = taint_target(state, address, "tainted")?;
    // The belief that taint destroys the object at once: it leaves the state.
    if crate::workflow::model::beliefs::flipped(crate::lang::Rule::TaintOnlyMarks) {
        let gone = rm(state, &[address], false)?;
        return Ok(Outcome {
            lines: vec![format!("Resource instance {addr} has been marked as tainted.")],
            state: gone.state,
        });
    }
    Ok(Outcome {
        lines: vec![format!("Resource instance {addr} has been marked as tainted.")],
        state: set_tainted(state, &addr, true),
    })
}

/// `terraform untaint ADDRESS`: an instance that is not tainted is an error.
pub fn untaint(state: &State, address: &str) -> Result<Outcome, CommandError> {
    let addr = taint_target(state, address, "untainted")?;
    let tainted = find_instance(state, &addr)
        .and_then(|i| i.current.as_ref())
        .is_some_and(|o| o.tainted);
    if !tainted {
        return Err(fail(
            Vec::new(),
            vec![Diagnostic::new(
                "Resource instance is not tainted",
                format!("Resource instance {addr} is not currently tainted, and so it cannot be untainted."),
            )],
        ));
    }
    Ok(Outcome {
        lines: vec![format!("Resource instance {addr} has been successfully untainted.")],
        state: set_tainted(state, &addr, false),
    })
}
