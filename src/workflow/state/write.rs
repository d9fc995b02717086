//! Writing a state file as a given Terraform release writes it: format 4, the fields in the
//! order of Terraform's structure, resources and instances in its sort order, indented by two
//! spaces with Go's escaping, a newline at the end.

use super::cty_json::{MarshalError, type_to_json, value_to_json};
use super::json::{Json, to_indented};
use super::schema;
use crate::lang::Type;
use crate::lang::dialect::releases::TfVersion;
use crate::workflow::model::address::module_path;
use crate::workflow::model::{InstanceKey, InstanceObject, State};

/// The first release whose state files carry `identity_schema_version` on every object
/// (resource identities arrived in 1.12; recorded: absent up to 1.11.4, present from 1.12.2
/// to 1.15.5).
pub const IDENTITY_SINCE: TfVersion = (1, 12, 0);

/// The first release whose state files end with `check_results` (recorded: absent at 1.0.3,
/// present from 1.6.6; checkable objects arrived in 1.3, the release taken here).
pub const CHECK_RESULTS_SINCE: TfVersion = (1, 3, 0);

/// Why a state could not be written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WriteStateError {
    /// What holds the value that cannot be saved (`output "o"`, `terraform_data.a`).
    pub what: String,
    /// Why.
    pub reason: String,
}

impl std::fmt::Display for WriteStateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot save {} in the state: {}", self.what, self.reason)
    }
}

impl std::error::Error for WriteStateError {}

/// The release as `terraform_version` shows it.
pub fn release_text(release: TfVersion) -> String {
    format!("{}.{}.{}", release.0, release.1, release.2)
}

/// The bytes release `release` writes for `state` (its `terraform_version` becomes the
/// release's, as any write by that release makes it).
pub fn write_state(state: &State, release: TfVersion) -> Result<String, WriteStateError> {
    let mut outputs = Vec::new();
    for (name, o) in &state.outputs {
        let ty = o.value.unmark_deep_ref().ty();
        let (plain, _) = o.value.clone().unmark_deep();
        let value = value_to_json(&plain, &ty).map_err(|MarshalError(reason)| WriteStateError {
            what: format!("output {name:?}"),
            reason,
        })?;
        let mut members = vec![("value".to_string(), value), ("type".to_string(), type_to_json(&plain.ty()))];
        if o.sensitive {
            members.push(("sensitive".into(), Json::Bool(true)));
        }
        outputs.push((name.clone(), Json::Object(members)));
    }

    let mut resources: Vec<_> = state.resources.iter().collect();
    // Terraform sorts by the module path's text, then mode, type and name.
    resources.sort_by(|a, b| {
        (module_path(&a.addr.module), a.addr.mode.state_name(), &a.addr.rtype, &a.addr.name).cmp(&(
            module_path(&b.addr.module),
            b.addr.mode.state_name(),
            &b.addr.rtype,
            &b.addr.name,
        ))
    });
    let mut rs_json = Vec::new();
    for r in resources {
        let schema = schema::attributes(r.addr.mode, &r.addr.rtype);
        let mut objects: Vec<(&InstanceKey, &str, &InstanceObject)> = Vec::new();
        for inst in &r.instances {
            if let Some(cur) = &inst.current {
                objects.push((&inst.key, "", cur));
            }
            for (dk, obj) in &inst.deposed {
                objects.push((&inst.key, dk.as_str(), obj));
            }
        }
        objects.sort_by(|a, b| a.0.cmp(b.0).then_with(|| a.1.cmp(b.1)));
        let mut insts = Vec::new();
        for (key, deposed, obj) in objects {
            let what = r.addr.instance(key.clone()).to_string();
            insts.push(object_json(key, deposed, obj, schema.as_deref(), release).map_err(|reason| WriteStateError { what, reason })?);
        }
        let mut members = Vec::new();
        if !r.addr.module.is_empty() {
            members.push(("module".to_string(), Json::String(module_path(&r.addr.module))));
        }
        members.push(("mode".into(), Json::str(r.addr.mode.state_name())));
        members.push(("type".into(), Json::String(r.addr.rtype.clone())));
        members.push(("name".into(), Json::String(r.addr.name.clone())));
        members.push(("provider".into(), Json::String(r.provider.clone())));
        members.push(("instances".into(), Json::Array(insts)));
        rs_json.push(Json::Object(members));
    }

    let mut members = vec![
        ("version".into(), Json::Number("4".into())),
        ("terraform_version".into(), Json::String(release_text(release))),
        ("serial".into(), Json::Number(state.serial.to_string())),
        ("lineage".into(), Json::String(state.lineage.clone())),
        ("outputs".into(), Json::Object(outputs)),
        ("resources".into(), Json::Array(rs_json)),
    ];
    if release >= CHECK_RESULTS_SINCE {
        members.push(("check_results".into(), state.check_results.as_ref().map_or(Json::Null, from_serde)));
    }
    let doc = Json::Object(members);
    let mut text = to_indented(&doc);
    text.push('\n');
    Ok(text)
}

fn object_json(
    key: &InstanceKey,
    deposed: &str,
    obj: &InstanceObject,
    schema: Option<&[(&str, Type)]>,
    release: TfVersion,
) -> Result<Json, String> {
    let mut m = Vec::new();
    match key {
        InstanceKey::None => {}
        InstanceKey::Int(i) => m.push(("index_key".to_string(), Json::Number(i.to_string()))),
        InstanceKey::Str(s) => m.push(("index_key".to_string(), Json::String(s.clone()))),
    }
    if obj.tainted {
        m.push(("status".into(), Json::str("tainted")));
    }
    if !deposed.is_empty() {
        m.push(("deposed".into(), Json::str(deposed)));
    }
    m.push(("schema_version".into(), Json::Number(obj.schema_version.to_string())));
    let mut attrs = Vec::new();
    for (name, v) in &obj.attributes {
        let ty = schema
            .and_then(|s| s.iter().find(|(n, _)| n == name).map(|(_, t)| t.clone()))
            .unwrap_or_else(|| v.unmark_deep_ref().ty());
        let (plain, _) = v.clone().unmark_deep();
        attrs.push((
            name.clone(),
            value_to_json(&plain, &ty).map_err(|e| format!("attribute {name:?}: {e}"))?,
        ));
    }
    m.push(("attributes".into(), Json::Object(attrs)));
    m.push((
        "sensitive_attributes".into(),
        Json::Array(obj.sensitive_attributes.iter().map(from_serde).collect()),
    ));
    if release >= IDENTITY_SINCE {
        m.push(("identity_schema_version".into(), Json::Number("0".into())));
    }
    if let Some(p) = obj.private.as_ref().filter(|p| !p.is_empty()) {
        m.push(("private".into(), Json::String(p.clone())));
    }
    if !obj.dependencies.is_empty() {
        m.push((
            "dependencies".into(),
            Json::Array(obj.dependencies.iter().map(|d| Json::String(d.clone())).collect()),
        ));
    }
    if obj.create_before_destroy {
        m.push(("create_before_destroy".into(), Json::Bool(true)));
    }
    Ok(Json::Object(m))
}

/// Where a key goes among its object's members when Terraform writes `check_results` and
/// `sensitive_attributes` (serde_json sorts keys; Terraform writes them in its structures'
/// order).
fn key_rank(key: &str, step: bool) -> usize {
    const CHECKS: [&str; 6] = ["object_kind", "config_addr", "object_addr", "status", "objects", "failure_messages"];
    if step {
        // A path step: {"type": "get_attr"|"index", "value": ...}.
        return match key {
            "type" => 0,
            "value" => 1,
            _ => 2,
        };
    }
    match key {
        // A value with its type (an index step's key): {"value": ..., "type": ...}.
        "value" => 0,
        "type" => 1,
        k => CHECKS.iter().position(|c| *c == k).map_or(CHECKS.len() + 2, |p| p + 2),
    }
}

/// A `serde_json` tree as Terraform's structure orders it.
fn from_serde(v: &serde_json::Value) -> Json {
    match v {
        serde_json::Value::Null => Json::Null,
        serde_json::Value::Bool(b) => Json::Bool(*b),
        serde_json::Value::Number(n) => Json::Number(n.to_string()),
        serde_json::Value::String(s) => Json::String(s.clone()),
        serde_json::Value::Array(items) => Json::Array(items.iter().map(from_serde).collect()),
        serde_json::Value::Object(m) => {
            let step = matches!(m.get("type"), Some(serde_json::Value::String(t)) if t == "get_attr" || t == "index");
            let mut members: Vec<(String, Json)> = m.iter().map(|(k, v)| (k.clone(), from_serde(v))).collect();
            members.sort_by(|a, b| key_rank(&a.0, step).cmp(&key_rank(&b.0, step)).then_with(|| a.0.cmp(&b.0)));
            Json::Object(members)
        }
    }
}
