//! `moved` blocks and the moves Terraform implies when `count` is added or removed: the prior
//! objects are re-addressed before planning, each remembering where it came from.

use std::collections::BTreeMap;

use super::walker::PriorObject;
use crate::lang::Diag;
use crate::lang::config::Config;
use crate::lang::config::resources::Mode;
use crate::lang::dialect::releases::TfVersion;
use crate::workflow::model::InstanceAddr;
use crate::workflow::model::InstanceKey;
use crate::workflow::model::address::ModuleStep;
use crate::workflow::model::address::{Target, parse_target};

type Objects = BTreeMap<InstanceAddr, PriorObject>;

/// One `moved` block: its two addresses as written.
#[derive(Clone, Debug)]
pub struct MovedBlock {
    /// `from`.
    pub from: Target,
    /// `to`.
    pub to: Target,
}

/// The address an argument of a refactoring block holds (`from`, `to`), read from its text.
pub fn address_attr(f: &crate::lang::syntax::File, b: &crate::lang::syntax::BlockAst, name: &str) -> Result<Target, Diag> {
    let Some(a) = b.body.attr(name) else {
        return Err(Diag::new(
            "Missing required argument",
            format!("The argument \"{name}\" is required, but no definition was found."),
        )
        .at(&b.span)
        .in_file(&f.name));
    };
    let text = f.src.get(a.expr.span.clone()).unwrap_or("");
    parse_target(text.trim()).map_err(|e| Diag::new("Invalid address", e.0).at(&a.expr.span).in_file(&f.name))
}

/// The `moved` blocks of the configuration, in file order.
pub fn moved_blocks(config: &Config) -> Result<Vec<MovedBlock>, Diag> {
    let mut out = Vec::new();
    for f in &config.files {
        for b in f.body.blocks_of("moved") {
            out.push(MovedBlock {
                from: address_attr(f, b, "from")?,
                to: address_attr(f, b, "to")?,
            });
        }
    }
    Ok(out)
}

/// Where a `moved` block between modules takes an object's module path, if it applies. Both
/// ends without a key on their last step move the whole call, every instance keeping its key
/// (`module.a` to `module.b`: `module.a[0]` becomes `module.b[0]`); otherwise the block moves
/// the one module instance `from` names, with what it contains.
fn moved_module(path: &[ModuleStep], from: &[ModuleStep], to: &[ModuleStep]) -> Option<Vec<ModuleStep>> {
    let (f_last, f_parent) = from.split_last()?;
    let (t_last, t_parent) = to.split_last()?;
    if path.len() < from.len() || path[..f_parent.len()] != *f_parent {
        return None;
    }
    let step = &path[f_parent.len()];
    let whole_call = f_last.key == InstanceKey::None && t_last.key == InstanceKey::None;
    let mut out = t_parent.to_vec();
    if whole_call {
        if step.name != f_last.name {
            return None;
        }
        out.push(ModuleStep {
            name: t_last.name.clone(),
            key: step.key.clone(),
        });
    } else {
        if step != f_last {
            return None;
        }
        out.push(t_last.clone());
    }
    out.extend_from_slice(&path[from.len()..]);
    Some(out)
}

fn relocate(objects: &mut Objects, from: &InstanceAddr, to: InstanceAddr) {
    if objects.contains_key(&to) {
        return;
    }
    if let Some(mut p) = objects.remove(from) {
        p.moved_from.get_or_insert_with(|| from.clone());
        objects.insert(to, p);
    }
}

/// Applies the moves to `objects`: explicit `moved` blocks in order, then the implied ones.
/// Returns the re-addressed objects and any warnings.
pub fn apply(config: &Config, mut objects: Objects, _version: TfVersion) -> Result<(Objects, Vec<Diag>), Diag> {
    let blocks = moved_blocks(config)?;
    // The belief that a `moved` block destroys and recreates: the objects stay where they
    // were, to be deleted there and created at the new address.
    let believed_recreate = !blocks.is_empty() && crate::workflow::model::beliefs::flipped(crate::lang::Rule::MovedKeepsObject);
    for m in blocks.into_iter().filter(|_| !believed_recreate) {
        match (&m.from, &m.to) {
            (Target::Resource(f), Target::Resource(t)) => {
                let from: Vec<InstanceAddr> = objects.keys().filter(|a| a.resource == *f).cloned().collect();
                for a in from {
                    let to = t.instance(a.key.clone());
                    relocate(&mut objects, &a, to);
                }
            }
            (Target::Instance(f), Target::Instance(t)) => relocate(&mut objects, f, t.clone()),
            (Target::Resource(f), Target::Instance(t)) => relocate(&mut objects, &f.instance(InstanceKey::None), t.clone()),
            (Target::Instance(f), Target::Resource(t)) => relocate(&mut objects, f, t.instance(InstanceKey::None)),
            (Target::Module(f), Target::Module(t)) => {
                let moves: Vec<(InstanceAddr, InstanceAddr)> = objects
                    .keys()
                    .filter_map(|a| moved_module(&a.resource.module, f, t).map(|m| (a, m)))
                    .map(|(a, module)| {
                        let mut to = a.clone();
                        to.resource.module = module;
                        (a.clone(), to)
                    })
                    .collect();
                for (from, to) in moves {
                    relocate(&mut objects, &from, to);
                }
            }
            _ => {}
        }
    }
    // Adding `count` moves the single instance to index 0; removing it moves index 0 back.
    for decl in config.resources.iter().filter(|d| d.mode == Mode::Managed) {
        let r = super::walker::decl_addr(&[], decl);
        let none = r.instance(InstanceKey::None);
        let zero = r.instance(InstanceKey::Int(0));
        if decl.body.attr("count").is_some() {
            // The belief that adding count destroys the single instance and creates [0].
            if objects.contains_key(&none) && crate::workflow::model::beliefs::flipped(crate::lang::Rule::CountAddedMovesZero) {
                continue;
            }
            relocate(&mut objects, &none, zero);
        } else if decl.body.attr("for_each").is_none() {
            relocate(&mut objects, &zero, none);
        }
    }
    Ok((objects, Vec::new()))
}

/// Terraform's check of the root module's `moved` blocks after planning
/// (refactoring.ValidateMoves): a block whose `from` is still declared, a resource or module
/// call, or a resource instance the configuration expands to (`expanded`), is refused
/// ("Moved object still exists"), and one from an address to itself ("Redundant move
/// statement"). Its errors stand in for every other error of the plan.
pub fn still_declared(tree: &super::tree::ModuleTree, expanded: &std::collections::BTreeSet<InstanceAddr>) -> Vec<Diag> {
    let config = &tree.config;
    let mut out = Vec::new();
    for f in &config.files {
        for b in f.body.blocks_of("moved") {
            let (Ok(from), Ok(to)) = (address_attr(f, b, "from"), address_attr(f, b, "to")) else {
                continue;
            };
            // A move to the same address is refused as such, and nothing else is said of it.
            if from.to_string() == to.to_string() {
                out.push(
                    Diag::new(
                        "Redundant move statement",
                        format!("This statement declares a move from {from} to the same address, which is the same as not declaring this move at all."),
                    )
                    .at(&crate::lang::config::declaration_range(&f.src, &b.span))
                    .in_file(&f.name),
                );
                continue;
            }
            // Where the object is declared, as `file:line,column`, and what it is.
            let at = |fi: usize, span: &crate::lang::syntax::Span| {
                let file = config.file_name(fi);
                let src = config.files.get(fi).map(|f| f.src.as_str()).unwrap_or("");
                let before = src.get(..span.start.min(src.len())).unwrap_or("");
                let line = before.matches('\n').count() + 1;
                let col = before.rsplit('\n').next().map(|l| l.chars().count()).unwrap_or(0) + 1;
                format!("{file}:{line},{col}")
            };
            let declared_resource = |r: &crate::workflow::model::ResourceAddr| {
                config
                    .resources
                    .iter()
                    .find(|d| d.mode == Mode::Managed && d.rtype == r.rtype && d.name == r.name)
                    .map(|d| at(d.file, &d.span))
            };
            // A resource address beside an instance address is the instance without a key
            // (Terraform unifies the two ends: `a` to `a[0]` moves the keyless instance).
            let found = match &from {
                Target::Resource(r) if r.module.is_empty() && matches!(to, Target::Instance(_)) => {
                    if expanded.contains(&r.instance(InstanceKey::None)) {
                        declared_resource(r).map(|place| ("resource instance", "instance", place))
                    } else {
                        None
                    }
                }
                Target::Resource(r) if r.module.is_empty() => declared_resource(r).map(|place| ("resource", "resource", place)),
                Target::Instance(i) if i.resource.module.is_empty() && expanded.contains(i) => {
                    declared_resource(&i.resource).map(|place| ("resource instance", "instance", place))
                }
                Target::Module(steps) if steps.len() == 1 && steps[0].key == InstanceKey::None => {
                    let to_instance = matches!(&to, Target::Module(t) if t.last().is_some_and(|s| s.key != InstanceKey::None));
                    tree.calls.get(&steps[0].name).and_then(|call| {
                        let repeated = call.block.body.attr("count").is_some() || call.block.body.attr("for_each").is_some();
                        if !to_instance {
                            Some(("module call", "call", at(call.file, &call.block.span)))
                        } else if !repeated {
                            // Beside an instance address it is the keyless instance.
                            Some(("module instance", "instance", at(call.file, &call.block.span)))
                        } else {
                            None
                        }
                    })
                }
                _ => None,
            };
            let Some((noun, short, place)) = found else { continue };
            out.push(
                Diag::new(
                    "Moved object still exists",
                    format!("This statement declares a move from {from}, but that {noun} is still declared at {place}.\n\nChange your configuration so that this {short} will be declared as {to} instead."),
                )
                .at(&crate::lang::config::declaration_range(&f.src, &b.span))
                .in_file(&f.name),
            );
        }
    }
    out
}
