//! A saved plan (`plan -out=FILE`, then `apply FILE`). Terraform's plan file is its own
//! binary format; iacquiz's holds what made the plan (the options, the variables' values,
//! the workspace) and which state it was made from, and `apply FILE` makes the same plan
//! again from it, refusing a state that has moved on as Terraform refuses a stale plan.

use std::collections::BTreeMap;
use std::path::Path;

use crate::lang::{Diag, Value};
use crate::workflow::model::PlanMode;
use crate::workflow::model::State;
use crate::workflow::model::address::{Target, parse_target};
use crate::workflow::plan::PlanOptions;
use crate::workflow::plan::tree::{ModuleTree, Snapshot};
use crate::workflow::state::cty_json::{type_from_json, type_to_json, value_from_json, value_to_json};
use crate::workflow::state::json::{Json, parse, to_indented};
use crate::workflow::state::read::read_state;
use crate::workflow::state::write::write_state;

/// The first key of the file, which says what it is.
const FORMAT: &str = "iacquiz_saved_plan";

/// The file's text for a plan made with `opts` from `state` and the configuration of `tree`.
pub fn to_text(opts: &PlanOptions, state: &State, tree: &ModuleTree) -> Result<String, Diag> {
    let mut vars = Vec::new();
    // An ephemeral variable set while planning is kept apart from the others: applying the
    // plan needs it set again (context_plan.go's ApplyTimeVariables), and takes the value
    // given then; the value kept is only for `show FILE` to make the plan again as it was
    // made (Terraform's file holds the plan itself).
    let ephemeral = |name: &str| tree.config.variables.get(name).is_some_and(|v| v.ephemeral);
    let mut ephemeral_values = Vec::new();
    for (name, v) in &opts.vars {
        if ephemeral(name) {
            if !v.is_null() {
                let ty = v.ty();
                let value = value_to_json(v, &ty).map_err(|e| Diag::new("Failed to write plan file", e.0))?;
                ephemeral_values.push((
                    name.clone(),
                    Json::Object(vec![("value".into(), value), ("type".into(), type_to_json(&ty))]),
                ));
            }
            continue;
        }
        let ty = v.ty();
        let value = value_to_json(v, &ty).map_err(|e| Diag::new("Failed to write plan file", e.0))?;
        vars.push((
            name.clone(),
            Json::Object(vec![("value".into(), value), ("type".into(), type_to_json(&ty))]),
        ));
    }
    let mode = match opts.mode {
        PlanMode::Normal => "normal",
        PlanMode::Destroy => "destroy",
        PlanMode::RefreshOnly => "refresh-only",
    };
    let (a, b, c) = opts.version;
    // The state it was made from, when there was one (the first plan has none).
    let prior = if state.lineage.is_empty() && state.serial == 0 {
        Json::Null
    } else {
        Json::str(write_state(state, opts.version).map_err(|e| Diag::new("Failed to write plan file", e.to_string()))?)
    };
    let json = Json::Object(vec![
        (FORMAT.into(), Json::Number("1".into())),
        ("terraform_version".into(), Json::str(format!("{a}.{b}.{c}"))),
        ("workspace".into(), Json::str(opts.workspace.clone())),
        ("mode".into(), Json::str(mode)),
        ("variables".into(), Json::Object(vars)),
        ("ephemeral_values".into(), Json::Object(ephemeral_values)),
        (
            "targets".into(),
            Json::Array(opts.targets.iter().map(|t| Json::str(t.to_string())).collect()),
        ),
        (
            "replace".into(),
            Json::Array(opts.replace.iter().map(|t| Json::str(t.to_string())).collect()),
        ),
        ("state_lineage".into(), Json::str(state.lineage.clone())),
        ("state_serial".into(), Json::Number(state.serial.to_string())),
        // When it was made, for show -json.
        ("timestamp".into(), Json::str(crate::workflow::render::json_ui::timestamp(false))),
        // The configuration's files, by module folder: the plan is applied to them, not to
        // what the folder holds by then.
        (
            "configuration".into(),
            Json::Object(
                tree.snapshot()
                    .into_iter()
                    .map(|(dir, files)| (dir, Json::Object(files.into_iter().map(|(n, t)| (n, Json::str(t))).collect())))
                    .collect(),
            ),
        ),
        ("prior_state".into(), prior),
    ]);
    Ok(to_indented(&json))
}

/// What a saved plan holds.
#[derive(Clone, Debug)]
pub struct Saved {
    /// The plan's options.
    pub opts: PlanOptions,
    /// The lineage of the state it was made from.
    pub lineage: String,
    /// The serial of the state it was made from.
    pub serial: u64,
    /// When it was made (RFC 3339, to the second).
    pub timestamp: String,
    /// The configuration it was made from (absent in files of older iacquiz builds).
    pub snapshot: Option<Snapshot>,
    /// The state it was made from (`None`: none, or a file of an older build).
    pub state: Option<State>,
    /// The ephemeral variables set (non-null) while planning, which applying must set again,
    /// with their values then (those for `show FILE` alone).
    pub ephemeral_values: BTreeMap<String, Value>,
}

impl Saved {
    /// Why the plan cannot be applied to `current`: made from another state (a first plan,
    /// made from none, fits any lineage), or from an older snapshot of this one (Terraform's
    /// local backend, localRunForPlanFile).
    pub fn mismatch(&self, current: &State) -> Option<Diag> {
        let first_plan = self.lineage.is_empty() && self.serial == 0;
        if !first_plan && self.lineage != current.lineage {
            Some(Diag::new(
                "Saved plan does not match the given state",
                "The given plan file can not be applied because it was created from a different state lineage.",
            ))
        } else if self.serial != current.serial {
            Some(Diag::new(
                "Saved plan is stale",
                "The given plan file can no longer be applied because the state was changed by another operation after the plan was created.",
            ))
        } else {
            None
        }
    }
}

fn refused(path: &Path, why: &str) -> Diag {
    Diag::new(
        "Failed to load \"".to_string() + &path.display().to_string() + "\" as a plan file",
        format!("Error: {why}"),
    )
}

/// Writes the saved plan file at `path` for a plan made with `opts` from `state`.
pub fn write(path: &Path, opts: &PlanOptions, state: &State, tree: &ModuleTree) -> Result<(), Diag> {
    let text = to_text(opts, state, tree)?;
    crate::atomic_write::write_atomic(path, text.as_bytes()).map_err(|e| Diag::new("Failed to write plan file", e.to_string()))
}

/// Reads a saved plan.
pub fn read(path: &Path, version: crate::lang::dialect::releases::TfVersion) -> Result<Saved, Diag> {
    let bytes = crate::confine::read_regular(path, 16 << 20).map_err(|e| refused(path, &e.to_string()))?;
    let json = parse(&bytes).map_err(|_| refused(path, "the file is not a plan file iacquiz wrote"))?;
    if json.get(FORMAT).is_none() {
        return Err(refused(path, "the file is not a plan file iacquiz wrote"));
    }
    let text = |k: &str| match json.get(k) {
        Some(Json::String(s)) => s.clone(),
        _ => String::new(),
    };
    let mut opts = PlanOptions::new(version);
    opts.workspace = text("workspace");
    opts.mode = match text("mode").as_str() {
        "destroy" => PlanMode::Destroy,
        "refresh-only" => PlanMode::RefreshOnly,
        _ => PlanMode::Normal,
    };
    let values = |key: &str| -> Result<BTreeMap<String, Value>, Diag> {
        let mut vars = BTreeMap::new();
        if let Some(Json::Object(members)) = json.get(key) {
            for (name, v) in members {
                let ty = v.get("type").map(type_from_json).transpose().map_err(|e| refused(path, &e))?;
                let ty = ty.unwrap_or(crate::lang::Type::Dynamic);
                let value = value_from_json(v.get("value").unwrap_or(&Json::Null), &ty).map_err(|e| refused(path, &e))?;
                vars.insert(name.clone(), value);
            }
        }
        Ok(vars)
    };
    opts.vars = values("variables")?;
    let ephemeral_values = values("ephemeral_values")?;
    let addrs = |k: &str| -> Result<Vec<Target>, Diag> {
        match json.get(k) {
            Some(Json::Array(items)) => items
                .iter()
                .map(|i| match i {
                    Json::String(s) => parse_target(s).map_err(|e| refused(path, &e.0)),
                    _ => Err(refused(path, "an address is not a string")),
                })
                .collect(),
            _ => Ok(Vec::new()),
        }
    };
    opts.targets = addrs("targets")?;
    opts.replace = addrs("replace")?;
    let serial = match json.get("state_serial") {
        Some(Json::Number(n)) => n.parse().unwrap_or(0),
        _ => 0,
    };
    let snapshot = match json.get("configuration") {
        Some(Json::Object(dirs)) => {
            let mut snap = Snapshot::new();
            for (dir, files) in dirs {
                let Json::Object(files) = files else {
                    return Err(refused(path, "a module's files are not an object"));
                };
                let mut texts = Vec::new();
                for (name, t) in files {
                    let Json::String(t) = t else {
                        return Err(refused(path, "a configuration file is not a string"));
                    };
                    texts.push((name.clone(), t.clone()));
                }
                snap.insert(dir.clone(), texts);
            }
            Some(snap)
        }
        _ => None,
    };
    let state = match json.get("prior_state") {
        Some(Json::String(t)) => Some(read_state(t.as_bytes(), version).map_err(|e| refused(path, &e.to_string()))?),
        _ => None,
    };
    Ok(Saved {
        ephemeral_values,
        opts,
        lineage: text("state_lineage"),
        serial,
        timestamp: text("timestamp"),
        snapshot,
        state,
    })
}
