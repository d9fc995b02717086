//! The built-in provider's configurations: `provider "terraform"` blocks (a default one and
//! any number with an `alias`), which configuration each resource uses (its `provider`
//! meta-argument, else the module's default, inherited from the caller), and what Terraform
//! refuses about them (tf-oracle 1.6.6, 1.12.2, 1.14.9):
//!
//! - two default blocks, or two with one alias, in a module: "Duplicate provider
//!   configuration", when the module is decoded;
//! - an argument in a `provider "terraform"` block (the provider has no configuration):
//!   "Unsupported argument", when it is validated;
//! - a resource whose `provider` names an alias the module does not configure, or an object
//!   of the state whose configuration left with its provider block: "Provider configuration
//!   not present", when the graph is built (nothing else is reported then).
//!
//! The state records each resource's configuration as `provider["terraform.io/builtin/terraform"]`,
//! `provider["terraform.io/builtin/terraform"].ALIAS`, or `module.NAME.provider[...]` for a
//! module that has its own block. Passing configurations to modules (`providers = {...}`,
//! `configuration_aliases`) is not emulated: a module's resources use the root's
//! configurations, as a module without provider blocks does.

use std::collections::{BTreeMap, BTreeSet};

use crate::lang::Diag;
use crate::lang::config::Config;
use crate::lang::config::declaration_range;
use crate::lang::config::resources::ResourceDecl;
use crate::lang::syntax::{BlockAst, ExprKind};
use crate::workflow::model::State;
use crate::workflow::model::address::{InstanceAddr, ModuleStep, ResourceAddr};
use crate::workflow::plan::tree::ModuleTree;

/// The built-in provider's source address.
pub const SOURCE: &str = "terraform.io/builtin/terraform";

/// `line,column` of a byte offset (columns in characters, from 1).
fn position(src: &str, at: usize) -> (usize, usize) {
    let at = at.min(src.len());
    let line = src[..at].matches('\n').count() + 1;
    let start = src[..at].rfind('\n').map_or(0, |i| i + 1);
    (line, src[start..at].chars().count() + 1)
}

/// The `provider "terraform"` blocks of a module: (file index, block, alias).
fn blocks(config: &Config) -> Vec<(usize, &BlockAst, Option<String>)> {
    let mut out = Vec::new();
    for (i, f) in config.files.iter().enumerate().filter(|(_, f)| f.name.ends_with(".tf")) {
        for b in f.body.blocks_of("provider") {
            if b.labels.first().map(String::as_str) != Some("terraform") {
                continue;
            }
            let alias = b.body.attr("alias").and_then(|a| a.expr.literal_string());
            out.push((i, b, alias));
        }
    }
    out
}

/// The configurations a module declares: whether it has a default block, and its aliases
/// (with those its `required_providers` expects from its caller, `configuration_aliases`).
fn declared(config: &Config) -> (bool, BTreeSet<String>) {
    let mut default = false;
    let mut aliases = BTreeSet::new();
    for (_, _, alias) in blocks(config) {
        match alias {
            Some(a) => {
                aliases.insert(a);
            }
            None => default = true,
        }
    }
    for f in &config.files {
        for t in f.body.blocks_of("terraform") {
            for rp in t.body.blocks_of("required_providers") {
                let Some(a) = rp.body.attr("terraform") else { continue };
                let ExprKind::Object(kvs) = &a.expr.kind else { continue };
                for (k, v) in kvs {
                    let named = match k {
                        crate::lang::syntax::ObjKey::Ident(n, _) => n == "configuration_aliases",
                        _ => false,
                    };
                    if !named {
                        continue;
                    }
                    if let ExprKind::Tuple(items) = &v.kind {
                        for item in items {
                            let text = f.src.get(item.span.clone()).unwrap_or("").trim();
                            if let Some(alias) = text.strip_prefix("terraform.") {
                                aliases.insert(alias.to_string());
                            }
                        }
                    }
                }
            }
        }
    }
    (default, aliases)
}

/// The alias a resource's `provider` meta-argument names (`terraform.second`, or the
/// deprecated quoted `"terraform.second"`); `None` for none or the default (`terraform`).
pub fn alias_of(config: &Config, decl: &ResourceDecl) -> Option<String> {
    let a = decl.body.attr("provider")?;
    let src = config.files.get(decl.file).map_or("", |f| f.src.as_str());
    let text = src.get(a.expr.span.clone()).unwrap_or("").trim().trim_matches('"');
    text.strip_prefix("terraform.").map(str::to_string)
}

/// "Duplicate provider configuration": a second default block, or a second block with an
/// alias already given, in one module (configs.Module.appendFile).
pub fn duplicate_errors(config: &Config) -> Vec<Diag> {
    let mut seen: BTreeMap<Option<String>, (usize, std::ops::Range<usize>)> = BTreeMap::new();
    let mut out = Vec::new();
    for (i, b, alias) in blocks(config) {
        let src = config.files.get(i).map_or("", |f| f.src.as_str());
        let here = declaration_range(src, &b.span);
        // The belief that a provider takes one configuration block, alias or not.
        let believed = seen
            .iter()
            .next()
            .filter(|(a, _)| !seen.contains_key(&alias) && **a != alias)
            .filter(|_| crate::workflow::model::beliefs::flipped(crate::lang::Rule::AliasedConfigurationsAllowed))
            .map(|(_, first)| first.clone());
        match seen.get(&alias).cloned().or(believed) {
            None => {
                seen.insert(alias, (i, here));
            }
            Some((fi, first)) => {
                let first_src = config.files.get(fi).map_or("", |f| f.src.as_str());
                let (l1, c1) = position(first_src, first.start);
                let (_, c2) = position(first_src, first.end);
                let at = format!("{}:{l1},{c1}-{c2}", config.file_name(fi));
                let detail = match &alias {
                    None => format!(
                        "A default (non-aliased) provider configuration for \"terraform\" was already given at {at}. If multiple configurations are required, set the \"alias\" argument for alternative configurations."
                    ),
                    Some(a) => format!(
                        "A provider configuration for \"terraform\" with alias {a:?} was already given at {at}. Each configuration for the same provider must have a distinct alias."
                    ),
                };
                out.push(
                    Diag::new("Duplicate provider configuration", detail)
                        .at(&here)
                        .in_file(config.file_name(i)),
                );
            }
        }
    }
    out
}

/// What validating a module's `provider "terraform"` blocks refuses: the provider has no
/// configuration, so any argument but `alias` (and the deprecated `version`, which `init`
/// refuses for a built-in provider). A nested block passes (tf-oracle 1.12.2).
/// Files are named from the root module's folder (`prefix`, `.` for the root).
pub fn block_errors(config: &Config, prefix: &str) -> Vec<Diag> {
    let mut out = Vec::new();
    for (i, b, _) in blocks(config) {
        let file = if prefix == "." {
            config.file_name(i).to_string()
        } else {
            format!("{prefix}/{}", config.file_name(i))
        };
        for a in b.body.attrs.iter().filter(|a| !matches!(a.name.as_str(), "alias" | "version")) {
            out.push(
                Diag::new(
                    "Unsupported argument",
                    format!("An argument named {:?} is not expected here.", a.name),
                )
                // HCL points at the argument's name.
                .at(&(a.span.start..a.span.start + a.name.len()))
                .in_file(&file),
            );
        }
    }
    out
}

/// Every module of the tree with its path (`[]` for the root, `[box]`, `[box, inner]`).
fn modules<'t>(tree: &'t ModuleTree, path: Vec<String>, out: &mut Vec<(Vec<String>, &'t ModuleTree)>) {
    out.push((path.clone(), tree));
    for (name, call) in &tree.calls {
        let mut p = path.clone();
        p.push(name.clone());
        modules(&call.tree, p, out);
    }
}

/// The module at `path` of the tree.
fn module_at<'t>(tree: &'t ModuleTree, path: &[String]) -> Option<&'t ModuleTree> {
    match path.split_first() {
        None => Some(tree),
        Some((first, rest)) => module_at(&tree.calls.get(first)?.tree, rest),
    }
}

/// `module.a.module.b.` for a module path.
fn prefix(path: &[String]) -> String {
    path.iter().map(|n| format!("module.{n}.")).collect()
}

/// The absolute address of a configuration: `provider["terraform.io/builtin/terraform"]`,
/// with `.ALIAS`, after the path of the module that declares it.
fn address(path: &[String], alias: Option<&str>) -> String {
    let mut out = format!("{}provider[\"{SOURCE}\"]", prefix(path));
    if let Some(a) = alias {
        out.push('.');
        out.push_str(a);
    }
    out
}

/// The configuration a resource of the module at `path` with `alias` uses: the module's own
/// block, else (for the default) the nearest caller's default, ending at the root's implied
/// one. `None` for an alias nobody configures.
fn resolve(tree: &ModuleTree, path: &[String], alias: Option<&str>) -> Option<String> {
    let here = module_at(tree, path)?;
    let (default, aliases) = declared(&here.config);
    match alias {
        Some(a) if aliases.contains(a) => Some(address(path, Some(a))),
        // An alias is never inherited: a module must declare it, or expect it from its
        // caller (tf-oracle 1.12.2: a module's `terraform.second` is not the root's). The
        // belief that it is finds the root's.
        Some(a) => {
            let (_, root_aliases) = declared(&tree.config);
            (root_aliases.contains(a) && crate::workflow::model::beliefs::flipped(crate::lang::Rule::AliasesNotInherited))
                .then(|| address(&[], Some(a)))
        }
        None if default || path.is_empty() => Some(address(path, None)),
        None => resolve(tree, &path[..path.len() - 1], None),
    }
}

/// The provider configuration the state records for resource `addr` of the configuration
/// (the root's default when the configuration does not declare it).
pub fn for_resource(tree: &ModuleTree, addr: &ResourceAddr) -> String {
    let path: Vec<String> = addr.module.iter().map(|s| s.name.clone()).collect();
    let alias = module_at(tree, &path).and_then(|m| {
        let decl = m.config.resources.iter().find(|d| {
            d.rtype == addr.rtype
                && d.name == addr.name
                && matches!(
                    (d.mode, addr.mode),
                    (
                        crate::lang::config::resources::Mode::Managed,
                        crate::workflow::model::ResourceMode::Managed
                    ) | (
                        crate::lang::config::resources::Mode::Data,
                        crate::workflow::model::ResourceMode::Data
                    )
                )
        })?;
        Some(alias_of(&m.config, decl))
    });
    match alias {
        Some(alias) => resolve(tree, &path, alias.as_deref()).unwrap_or_else(|| address(&[], None)),
        None => address(&[], None),
    }
}

/// The error for a resource (`what`: its address, with " (orphan)" for an object the
/// configuration no longer has) whose configuration `provider` is not there.
fn not_present(what: &str, provider: &str) -> Diag {
    Diag::new(
        "Provider configuration not present",
        format!(
            "To work with {what} its original provider configuration at {provider} is required, but it has been removed. This occurs when a provider configuration is removed while objects created by that provider still exist in the state. Re-add the provider configuration to destroy {what}, after which you can remove the provider configuration again."
        ),
    )
}

/// The resources of the configuration whose `provider` names an alias their module does not
/// configure (the validate and plan graphs' ProviderTransformer).
pub fn missing_configurations(tree: &ModuleTree) -> Vec<Diag> {
    let mut all = Vec::new();
    modules(tree, Vec::new(), &mut all);
    let mut out = Vec::new();
    for (path, m) in all {
        for decl in m.config.resources.iter().filter(|d| d.check.is_none()) {
            let Some(alias) = alias_of(&m.config, decl) else { continue };
            if resolve(tree, &path, Some(&alias)).is_none() {
                let what = format!("{}{}", prefix(&path), decl.address());
                out.push(not_present(&what, &address(&path, Some(&alias))));
            }
        }
    }
    out
}

/// Whether a configuration address of the state is configured: the root's default always
/// is (an empty configuration is implied); any other needs its block, in its module.
fn present(tree: &ModuleTree, provider: &str) -> bool {
    let mut path = Vec::new();
    let mut rest = provider;
    while let Some(after) = rest.strip_prefix("module.") {
        let Some((name, tail)) = after.split_once('.') else { return true };
        path.push(name.to_string());
        rest = tail;
    }
    let Some(tail) = rest.strip_prefix(&format!("provider[\"{SOURCE}\"]")) else {
        // Another provider's objects are not emulated.
        return true;
    };
    let alias = tail.strip_prefix('.');
    if path.is_empty() && alias.is_none() {
        return true;
    }
    let Some(m) = module_at(tree, &path) else { return false };
    let (default, aliases) = declared(&m.config);
    match alias {
        Some(a) => aliases.contains(a),
        None => default,
    }
}

/// The objects of the state whose resource left the configuration and whose configuration
/// left with it ("(orphan)"): the plan, apply, destroy and refresh graphs refuse them before
/// anything is planned.
pub fn orphan_errors(tree: &ModuleTree, state: &State) -> Vec<Diag> {
    let mut out = Vec::new();
    for r in &state.resources {
        if declared_resource(tree, &r.addr) || present(tree, &r.provider) {
            continue;
        }
        for inst in &r.instances {
            let addr = InstanceAddr {
                resource: r.addr.clone(),
                key: inst.key.clone(),
            };
            out.push(not_present(&format!("{addr} (orphan)"), &r.provider));
        }
    }
    out
}

/// Whether the configuration still declares resource `addr` (in a module the tree calls).
fn declared_resource(tree: &ModuleTree, addr: &ResourceAddr) -> bool {
    let path: Vec<String> = addr.module.iter().map(|s: &ModuleStep| s.name.clone()).collect();
    module_at(tree, &path).is_some_and(|m| {
        m.config.resources.iter().any(|d| {
            d.check.is_none()
                && d.rtype == addr.rtype
                && d.name == addr.name
                && (d.mode == crate::lang::config::resources::Mode::Managed) == (addr.mode == crate::workflow::model::ResourceMode::Managed)
        })
    })
}

/// Records in `state` the configuration each resource the configuration declares uses (the
/// objects it no longer declares keep the one they were made with).
pub fn assign(state: &mut State, tree: &ModuleTree) {
    for r in &mut state.resources {
        if declared_resource(tree, &r.addr) {
            r.provider = for_resource(tree, &r.addr);
        }
    }
}
