//! `.terraform/modules/modules.json`: which module calls `init` installed, and from where.
//! `init` lists the calls it installs now and writes the file; every other command refuses a
//! configuration with a call that is not in it ("Module not installed"), as Terraform does.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::lang::Diag;
use crate::workflow::plan::tree::{Call, ModuleTree};
use crate::workflow::state::json::{Json, parse, to_compact};

/// The file's path in a working folder.
pub fn path(dir: &Path) -> PathBuf {
    dir.join(".terraform").join("modules").join("modules.json")
}

/// The installed calls: key (`nested.inner`) → source as written.
pub fn read(dir: &Path) -> BTreeMap<String, String> {
    let Ok(bytes) = crate::confine::read_regular(&path(dir), 4 << 20) else {
        return BTreeMap::new();
    };
    let Ok(json) = parse(&bytes) else {
        return BTreeMap::new();
    };
    let mut out = BTreeMap::new();
    if let Some(Json::Array(items)) = json.get("Modules") {
        for m in items {
            if let (Some(Json::String(k)), Some(Json::String(s))) = (m.get("Key"), m.get("Source"))
                && !k.is_empty()
            {
                out.insert(k.clone(), s.clone());
            }
        }
    }
    out
}

/// Every call of the tree: key, source, folder.
pub fn calls(tree: &ModuleTree) -> Vec<(String, String, String)> {
    let mut out: Vec<(String, String, String)> = tree
        .all_calls()
        .into_iter()
        .map(|(path, call)| (path.join("."), call.source.clone(), call.tree.rel_dir.clone()))
        .collect();
    out.sort();
    out
}

/// Writes the file for `tree`.
pub fn write(dir: &Path, tree: &ModuleTree) -> Result<(), String> {
    let mut modules = vec![Json::Object(vec![
        ("Key".into(), Json::str("")),
        ("Source".into(), Json::str("")),
        ("Dir".into(), Json::str(".")),
    ])];
    for (key, source, rel) in calls(tree) {
        modules.push(Json::Object(vec![
            ("Key".into(), Json::str(key)),
            ("Source".into(), Json::str(source)),
            ("Dir".into(), Json::str(rel)),
        ]));
    }
    let text = to_compact(&Json::Object(vec![("Modules".into(), Json::Array(modules))]));
    let p = path(dir);
    if let Some(parent) = p.parent() {
        std::fs::create_dir_all(parent).map_err(|e| e.to_string())?;
    }
    crate::atomic_write::write_atomic(&p, text.as_bytes()).map_err(|e| e.to_string())
}

/// The calls `init` has not installed (or installed from another source), as Terraform
/// refuses them: one error each, the calls inside a missing one left out (Terraform cannot
/// read them); empty when all are installed.
pub fn missing(dir: &Path, tree: &ModuleTree) -> Vec<Diag> {
    let installed = read(dir);
    let all = calls(tree);
    let absent: Vec<String> = all
        .iter()
        .filter(|(k, _, _)| !installed.contains_key(k))
        .map(|(k, _, _)| k.clone())
        .collect();
    // Installed from another source: "Module source has changed" at the new source
    // (configload's loader_load.go), the calls inside it read all the same.
    let changed: Vec<String> = all
        .iter()
        .filter(|(k, s, _)| installed.get(k).is_some_and(|old| old != s))
        .map(|(k, _, _)| k.clone())
        .collect();
    // The belief that plan and apply install what a new module block needs.
    if !absent.is_empty() && crate::workflow::model::beliefs::flipped(crate::lang::Rule::ModulesNeedInit) {
        return Vec::new();
    }
    // The calls inside a missing one are left out (Terraform cannot read them).
    let outside_absent = |k: &&String| !absent.iter().any(|p| k.starts_with(&format!("{p}.")));
    let mut out: Vec<Diag> = absent.iter().filter(outside_absent).filter_map(|key| refusal(tree, key)).collect();
    out.extend(changed.iter().filter(outside_absent).filter_map(|key| source_changed(tree, key)));
    out
}

/// Call `key` (`a.b`: call `b` of `a`), the module holding its block, and that block's file
/// as diagnostics name it (relative to the root).
fn call_site<'t>(tree: &'t ModuleTree, key: &str) -> Option<(&'t ModuleTree, &'t Call, String)> {
    let names: Vec<&str> = key.split('.').collect();
    let (last, parents) = names.split_last()?;
    let parent = tree.find(parents)?;
    let call = parent.calls.get(*last)?;
    let file = parent.config.file_name(call.file);
    let file = if parent.rel_dir == "." {
        file.to_string()
    } else {
        format!("{}/{file}", parent.rel_dir)
    };
    Some((parent, call, file))
}

/// "Module source has changed" at the `source` argument of call `key`.
fn source_changed(tree: &ModuleTree, key: &str) -> Option<Diag> {
    let (_, call, file) = call_site(tree, key)?;
    let source = call.block.body.attr("source")?;
    Some(
        Diag::new(
            "Module source has changed",
            "The source address was changed since this module was installed. Run \"terraform init\" to install all modules required by this configuration.",
        )
        .at(&source.expr.span)
        .in_file(&file),
    )
}

/// "Module not installed" at the `module` block of call `key` (`a.b`: call `b` of `a`).
fn refusal(tree: &ModuleTree, key: &str) -> Option<Diag> {
    // The block is in the parent module's file.
    let (parent, call, file) = call_site(tree, key)?;
    let src = parent.config.files.get(call.file).map(|f| f.src.as_str()).unwrap_or("");
    let range = crate::lang::config::declaration_range(src, &call.block.span);
    Some(
        Diag::new(
            "Module not installed",
            "This module is not yet installed. Run \"terraform init\" to install all modules required by this configuration.",
        )
        .at(&range)
        .in_file(&file),
    )
}
