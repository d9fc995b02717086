//! The built-in `terraform_remote_state` data source with the local backend: another state
//! file's root outputs, read while planning (Terraform's
//! internal/builtin/providers/terraform/data_source_state.go).

use std::collections::BTreeMap;

use crate::lang::eval::Evaluator;
use crate::lang::eval::host::Host;
use crate::lang::{Diag, Marks, Type, Value};
use crate::workflow::state::read::{ReadError, read_state};

type DResult<T> = Result<T, Diag>;

/// The data source's type name.
pub const TERRAFORM_REMOTE_STATE: &str = "terraform_remote_state";

fn get(obj: &BTreeMap<String, Value>, name: &str) -> Value {
    obj.get(name).cloned().unwrap_or(Value::Null(Type::Dynamic))
}

/// The summary of a read whose backend holds no state for the workspace.
pub use crate::workflow::model::change::NO_REMOTE_STATE as NO_STATE;

/// The error of a read whose backend holds no state for the workspace.
fn no_stored_state() -> Diag {
    Diag::new(NO_STATE, "No stored state was found for the given workspace in the given backend.")
}

/// The object a read left for apply is planned to give: its arguments as configured, and
/// `outputs` known only once read (objchange.PlannedDataResourceObject).
pub fn planned(config: &BTreeMap<String, Value>) -> Value {
    let mut out: BTreeMap<String, Value> = ["backend", "config", "defaults", "workspace"]
        .iter()
        .map(|n| (n.to_string(), get(config, n)))
        .collect();
    out.insert("outputs".to_string(), Value::unknown(Type::Dynamic));
    Value::Object(out)
}

/// Reads the data source whose configured arguments are `config` (an object with
/// `backend`, `config`, `defaults` and `workspace`): the object the state keeps, with
/// `outputs` filled in. `None` when an argument is not known yet (it is read during apply).
pub fn read(config: &BTreeMap<String, Value>, host: &Host, version: crate::lang::dialect::releases::TfVersion) -> DResult<Option<Value>> {
    let backend = get(config, "backend");
    let settings = get(config, "config");
    let workspace = get(config, "workspace");
    let defaults = get(config, "defaults");
    if backend.has_unknown() || settings.has_unknown() || workspace.has_unknown() || defaults.has_unknown() {
        return Ok(None);
    }
    match backend.clone().unmark_deep().0 {
        Value::String(b) if &*b == "local" => {}
        Value::String(b) => {
            return Err(Diag::new(
                "Not emulated",
                format!(
                    "iacquiz terraform emulates the built-in terraform_data and terraform_remote_state only; the {b:?} backend of terraform_remote_state needs the real Terraform (only \"local\" is emulated)."
                ),
            ));
        }
        _ => return Err(Diag::new("Invalid backend configuration", "The backend argument must be a string.")),
    }
    let field = |name: &str| match &settings {
        Value::Object(m) | Value::Map(_, m) => match m.get(name) {
            Some(Value::String(s)) => Some(s.to_string()),
            _ => None,
        },
        _ => None,
    };
    let path = field("path").unwrap_or_else(|| "terraform.tfstate".to_string());
    let path = match &workspace {
        Value::String(w) if &**w != "default" => {
            let dir = field("workspace_dir").unwrap_or_else(|| "terraform.tfstate.d".to_string());
            format!("{dir}/{w}/terraform.tfstate")
        }
        _ => path,
    };
    let outputs = match host.read(&path) {
        Ok(bytes) => match read_state(&bytes, version) {
            Ok(state) => state
                .outputs
                .into_iter()
                // The data source reads the values only: an output the other configuration
                // marked sensitive arrives unmarked (data_source_state.go; tf-oracle 1.0.3,
                // 1.6.6, 1.12.2 and 1.15.5 print it in a root output without `sensitive`).
                // The belief keeps the mark.
                .map(|(k, o)| {
                    let kept = o.sensitive && crate::workflow::model::beliefs::flipped(crate::lang::Rule::RemoteStateUnmarksSensitive);
                    (k, o.value.mark_with(if kept { Marks::SENSITIVE } else { Marks::NONE }))
                })
                .collect(),
            Err(ReadError::NoState) => return Err(no_stored_state()),
            Err(e) => {
                return Err(Diag::new(
                    "Error loading state error",
                    format!("error loading the remote state: {e}"),
                ));
            }
        },
        // A state that does not exist yet (an empty file too) is no state at all
        // (data_source_state.go: "Unable to find remote state"; tf-oracle 1.6.6, 1.12.2).
        Err(_) => return Err(no_stored_state()),
    };
    let mut outputs: BTreeMap<String, Value> = outputs;
    if let Value::Object(d) | Value::Map(_, d) = &defaults {
        for (k, v) in d {
            outputs.entry(k.clone()).or_insert_with(|| v.clone());
        }
    }
    let mut obj = BTreeMap::new();
    obj.insert("backend".to_string(), backend);
    obj.insert("config".to_string(), settings);
    obj.insert("defaults".to_string(), defaults);
    obj.insert("outputs".to_string(), Value::Object(outputs));
    obj.insert("workspace".to_string(), workspace);
    Ok(Some(Value::Object(obj)))
}

/// Evaluates the data source's arguments (`backend`, `config`, `defaults`, `workspace`).
pub fn arguments(ev: &Evaluator, body: &crate::lang::syntax::BodyAst) -> DResult<BTreeMap<String, Value>> {
    let mut out = BTreeMap::new();
    for name in ["backend", "config", "defaults", "workspace"] {
        let v = match body.attr(name) {
            Some(a) => ev.eval(&a.expr)?,
            None => Value::Null(Type::Dynamic),
        };
        out.insert(name.to_string(), v);
    }
    for a in &body.attrs {
        if ![
            "backend",
            "config",
            "defaults",
            "workspace",
            "count",
            "for_each",
            "depends_on",
            "provider",
        ]
        .contains(&a.name.as_str())
        {
            return Err(Diag::new(
                "Unsupported argument",
                format!("An argument named {:?} is not expected here.", a.name),
            )
            .at(&a.span));
        }
    }
    if body.attr("backend").is_none() {
        return Err(Diag::new(
            "Missing required argument",
            "The argument \"backend\" is required, but no definition was found.",
        ));
    }
    Ok(out)
}
