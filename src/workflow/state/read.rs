//! Reading a state file: the checks Terraform makes, in its order and with its words, before
//! format 4 becomes a [`State`]. Every release from 1.0 writes format 4; format 3 (Terraform
//! 0.11 and before) is read when it holds no resources.

use std::collections::BTreeMap;
use std::fmt;

use super::cty_json::{type_from_json, value_from_json, value_from_json_implied};
use super::diag::{Diagnostic, join};
use super::json::{self, Json};
use super::schema;
use crate::lang::dialect::releases::TfVersion;
use crate::workflow::model::address::{Target, parse_target};
use crate::workflow::model::{InstanceKey, InstanceObject, InstanceState, OutputValue, ResourceAddr, ResourceMode, ResourceState, State};

const UNSUPPORTED: &str = "Unsupported state file format";
const INVALID: &str = "Invalid state file format";
const BAD_META: &str = "Invalid resource instance metadata in state";

/// Why a state file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// The file is empty: Terraform treats that as no state at all.
    NoState,
    /// The file is not a state this release can use; Terraform's diagnostics.
    Unusable(Vec<Diagnostic>),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::NoState => f.write_str("no state"),
            ReadError::Unusable(d) => f.write_str(&join(d)),
        }
    }
}

impl std::error::Error for ReadError {}

/// Reads a state file's bytes as Terraform `release` does.
pub fn read_state(src: &[u8], release: TfVersion) -> Result<State, ReadError> {
    if src.is_empty() {
        return Err(ReadError::NoState);
    }
    if src.starts_with(b"tfstate") {
        return Err(ReadError::Unusable(vec![Diagnostic::new(
            UNSUPPORTED,
            "The state is stored in a legacy binary format that is not supported since Terraform v0.7. To continue, first upgrade the state using Terraform 0.6.16 or earlier.",
        )]));
    }
    let mut diags = Vec::new();
    let doc = match json::parse(src) {
        Ok(doc) => Some(doc),
        Err(e) => {
            diags.push(Diagnostic::new(
                UNSUPPORTED,
                format!(
                    "The state file could not be parsed as JSON: syntax error at byte offset {}.",
                    e.offset
                ),
            ));
            None
        }
    };
    let version = doc.as_ref().and_then(|d| sniff_version(d, &mut diags));
    let Some(doc) = doc.filter(|_| diags.is_empty()) else {
        if version.is_none() {
            diags.push(Diagnostic::new(
                UNSUPPORTED,
                "The state file does not have a \"version\" attribute, which is required to identify the format version.",
            ));
        }
        return Err(ReadError::Unusable(diags));
    };
    let Some(version) = version else {
        diags.push(Diagnostic::new(
            UNSUPPORTED,
            "The state file does not have a \"version\" attribute, which is required to identify the format version.",
        ));
        return Err(ReadError::Unusable(diags));
    };
    match version {
        0 => Err(ReadError::Unusable(vec![Diagnostic::new(
            UNSUPPORTED,
            "The state file uses JSON syntax but has a version number of zero. There was never a JSON-based state format zero, so this state file is invalid and cannot be processed.",
        )])),
        1..=3 => read_legacy(&doc, version),
        4 => read_v4(&doc),
        v => {
            let this = format!("{}.{}.{}", release.0, release.1, release.2);
            let detail = match doc.get("terraform_version") {
                Some(Json::String(s)) if valid_version(s) => format!(
                    "The state file uses format version {v}, which is not supported by Terraform {this}. This state file was created by Terraform {s}."
                ),
                _ => format!(
                    "The state file uses format version {v}, which is not supported by Terraform {this}. This state file may have been created by a newer version of Terraform."
                ),
            };
            Err(ReadError::Unusable(vec![Diagnostic::new(UNSUPPORTED, detail)]))
        }
    }
}

/// The `version` member as Go decodes it into `*uint64`: `None` when absent or null.
fn sniff_version(doc: &Json, diags: &mut Vec<Diagnostic>) -> Option<u64> {
    let type_error = |kind: String| {
        Diagnostic::new(
            UNSUPPORTED,
            format!("The version in the state file is {kind}. A positive whole number is required."),
        )
    };
    let Json::Object(_) = doc else {
        diags.push(type_error(doc.go_kind()));
        return None;
    };
    match doc.get("version")? {
        Json::Null => None,
        Json::Number(n) => match n.parse::<u64>() {
            Ok(v) => Some(v),
            Err(_) => {
                diags.push(type_error(format!("number {n}")));
                Some(0)
            }
        },
        other => {
            diags.push(type_error(other.go_kind()));
            Some(0)
        }
    }
}

/// go-version's syntax for a version string (`1.6.6`, `v1.0.0-beta1+meta`).
pub fn valid_version(s: &str) -> bool {
    static PATTERN: std::sync::OnceLock<Option<regex::Regex>> = std::sync::OnceLock::new();
    PATTERN
        .get_or_init(|| {
            regex::Regex::new(
                r"^v?([0-9]+(\.[0-9]+)*?)(-([0-9]+[0-9A-Za-z\-~]*(\.[0-9A-Za-z\-~]+)*)|(-?([A-Za-z\-~]+[0-9A-Za-z\-~]*(\.[0-9A-Za-z\-~]+)*)))?(\+([0-9A-Za-z\-~]+(\.[0-9A-Za-z\-~]+)*))?$",
            )
            .ok()
        })
        .as_ref()
        .is_some_and(|re| re.is_match(s))
}

/// The first type mismatch Go's decoder meets while filling the format 4 structure.
#[derive(Default)]
struct Fields {
    first: Option<(String, String)>,
}

impl Fields {
    fn mismatch(&mut self, field: &str, j: &Json) {
        if self.first.is_none() {
            self.first = Some((field.to_string(), j.go_kind()));
        }
    }
    fn string(&mut self, j: Option<&Json>, field: &str) -> String {
        match j {
            None | Some(Json::Null) => String::new(),
            Some(Json::String(s)) => s.clone(),
            Some(other) => {
                self.mismatch(field, other);
                String::new()
            }
        }
    }
    fn uint(&mut self, j: Option<&Json>, field: &str) -> u64 {
        match j {
            None | Some(Json::Null) => 0,
            Some(Json::Number(n)) => n.parse().unwrap_or_else(|_| {
                self.mismatch(field, &Json::Number(n.clone()));
                0
            }),
            Some(other) => {
                self.mismatch(field, other);
                0
            }
        }
    }
    fn boolean(&mut self, j: Option<&Json>, field: &str) -> bool {
        match j {
            None | Some(Json::Null) => false,
            Some(Json::Bool(b)) => *b,
            Some(other) => {
                self.mismatch(field, other);
                false
            }
        }
    }
    fn array<'j>(&mut self, j: Option<&'j Json>, field: &str) -> &'j [Json] {
        match j {
            None | Some(Json::Null) => &[],
            Some(Json::Array(items)) => items,
            Some(other) => {
                self.mismatch(field, other);
                &[]
            }
        }
    }
    fn object<'j>(&mut self, j: Option<&'j Json>, field: &str) -> &'j [(String, Json)] {
        match j {
            None | Some(Json::Null) => &[],
            Some(Json::Object(members)) => members,
            Some(other) => {
                self.mismatch(field, other);
                &[]
            }
        }
    }
}

/// One object of the format 4 file, read but not yet checked.
struct RawInstance<'j> {
    key: Option<&'j Json>,
    status: String,
    deposed: String,
    object: InstanceObject,
    attributes: Option<&'j Json>,
    flat: Option<&'j Json>,
}

fn read_v4(doc: &Json) -> Result<State, ReadError> {
    let mut f = Fields::default();
    let terraform_version = f.string(doc.get("terraform_version"), "terraform_version");
    let serial = f.uint(doc.get("serial"), "serial");
    let lineage = f.string(doc.get("lineage"), "lineage");
    let outputs = f.object(doc.get("outputs"), "outputs");
    let resources = f.array(doc.get("resources"), "resources");
    let mut raw_resources = Vec::new();
    for r in resources {
        let module = f.string(r.get("module"), "resources.module");
        let mode = f.string(r.get("mode"), "resources.mode");
        let rtype = f.string(r.get("type"), "resources.type");
        let name = f.string(r.get("name"), "resources.name");
        let provider = f.string(r.get("provider"), "resources.provider");
        let mut instances = Vec::new();
        for i in f.array(r.get("instances"), "resources.instances") {
            let status = f.string(i.get("status"), "resources.instances.status");
            let deposed = f.string(i.get("deposed"), "resources.instances.deposed");
            let schema_version = f.uint(i.get("schema_version"), "resources.instances.schema_version");
            let private = f.string(i.get("private"), "resources.instances.private");
            let cbd = f.boolean(i.get("create_before_destroy"), "resources.instances.create_before_destroy");
            let dependencies = f
                .array(i.get("dependencies"), "resources.instances.dependencies")
                .iter()
                .map(|d| f.string(Some(d), "resources.instances.dependencies"))
                .collect();
            let sensitive_attributes = match i.get("sensitive_attributes") {
                Some(Json::Array(paths)) => paths.iter().map(to_serde).collect(),
                _ => Vec::new(),
            };
            instances.push(RawInstance {
                key: i.get("index_key").filter(|k| !k.is_null()),
                status,
                deposed,
                object: InstanceObject {
                    tainted: false,
                    schema_version,
                    attributes: BTreeMap::new(),
                    sensitive_attributes,
                    private: (!private.is_empty()).then_some(private),
                    dependencies,
                    create_before_destroy: cbd,
                },
                attributes: i.get("attributes").filter(|a| !a.is_null()),
                flat: i.get("attributes_flat").filter(|a| !a.is_null()),
            });
        }
        raw_resources.push((module, mode, rtype, name, provider, instances));
    }
    // An empty list reads as none: Terraform decodes it to results with no entries, which it
    // writes back as null (statefile encodeCheckResultsV4; tf-oracle 1.6.6: `state pull` of a
    // state holding `[]` prints null).
    let check_results = doc
        .get("check_results")
        .filter(|c| !c.is_null() && !matches!(c, Json::Array(a) if a.is_empty()))
        .map(to_serde);
    if let Some((field, value)) = f.first {
        return Err(ReadError::Unusable(vec![Diagnostic::new(
            INVALID,
            format!("The state file field {field:?} has invalid value {value}"),
        )]));
    }

    let mut diags = Vec::new();
    if !terraform_version.is_empty() && !valid_version(&terraform_version) {
        diags.push(Diagnostic::new(
            "Invalid Terraform version string",
            format!(
                "State file claims to have been written by Terraform version {terraform_version:?}, which is not a valid version string."
            ),
        ));
    }
    let mut state = State {
        terraform_version,
        serial,
        lineage,
        outputs: BTreeMap::new(),
        resources: Vec::new(),
        check_results,
    };
    for (module, mode, rtype, name, provider, instances) in raw_resources {
        let mode = match mode.as_str() {
            "managed" => ResourceMode::Managed,
            "data" => ResourceMode::Data,
            other => {
                diags.push(Diagnostic::new(
                    "Invalid resource mode in state",
                    format!("State contains a resource with mode {other:?} ({rtype:?} {name:?}) which is not supported."),
                ));
                continue;
            }
        };
        let module_steps = if module.is_empty() {
            Vec::new()
        } else {
            match parse_target(&module) {
                Ok(Target::Module(steps)) => steps,
                _ => {
                    diags.push(Diagnostic::new(
                        "Invalid module instance address",
                        format!("The state contains a resource in module {module:?}, which is not a valid module instance address."),
                    ));
                    continue;
                }
            }
        };
        let addr = ResourceAddr {
            module: module_steps,
            mode,
            rtype,
            name,
        };
        let schema = schema::attributes(addr.mode, &addr.rtype);
        let idx = match state.resources.iter().position(|r| r.addr == addr) {
            Some(idx) => idx,
            None => {
                state.resources.push(ResourceState {
                    addr: addr.clone(),
                    provider: normalize_provider(&provider),
                    instances: Vec::new(),
                });
                state.resources.len() - 1
            }
        };
        for raw in instances {
            let key = match raw.key {
                None => InstanceKey::None,
                Some(Json::Number(n)) => match n.parse::<f64>() {
                    // Go reads the key as a float64 and truncates it to an int.
                    Ok(f) => InstanceKey::Int(f as i64),
                    Err(_) => InstanceKey::None,
                },
                Some(Json::String(s)) => InstanceKey::Str(s.clone()),
                Some(other) => {
                    diags.push(Diagnostic::new(
                        BAD_META,
                        format!(
                            "Resource {addr} has an instance with the invalid instance key {}.",
                            json::to_compact(other)
                        ),
                    ));
                    continue;
                }
            };
            let inst_addr = addr.instance(key.clone());
            let mut object = raw.object;
            match raw.status.as_str() {
                "" => {}
                "tainted" => object.tainted = true,
                other => {
                    diags.push(Diagnostic::new(
                        BAD_META,
                        format!("Instance {inst_addr} has invalid status {other:?}."),
                    ));
                    continue;
                }
            }
            match decode_attributes(raw.attributes, raw.flat, schema.as_deref()) {
                Ok(attrs) => object.attributes = attrs,
                Err(e) => {
                    diags.push(Diagnostic::new(
                        "Invalid resource instance attributes in state",
                        format!("Instance {inst_addr} has attributes that do not match its schema: {e}."),
                    ));
                    continue;
                }
            }
            let resource = &mut state.resources[idx];
            let pos = match resource.instances.iter().position(|i| i.key == key) {
                Some(p) => p,
                None => {
                    resource.instances.push(InstanceState {
                        key: key.clone(),
                        current: None,
                        deposed: BTreeMap::new(),
                    });
                    resource.instances.len() - 1
                }
            };
            let inst = &mut resource.instances[pos];
            if !raw.deposed.is_empty() {
                if raw.deposed.len() != 8 {
                    diags.push(Diagnostic::new(
                        BAD_META,
                        format!(
                            "Instance {inst_addr} has an object with deposed key {:?}, which is not correctly formatted.",
                            raw.deposed
                        ),
                    ));
                    continue;
                }
                if inst.deposed.contains_key(&raw.deposed) {
                    diags.push(Diagnostic::new(
                        "Duplicate resource instance in state",
                        format!(
                            "Instance {inst_addr} deposed object {:?} appears multiple times in the state file.",
                            raw.deposed
                        ),
                    ));
                    continue;
                }
                inst.deposed.insert(raw.deposed, object);
            } else {
                if inst.current.is_some() {
                    diags.push(Diagnostic::new(
                        "Duplicate resource instance in state",
                        format!("Instance {inst_addr} appears multiple times in the state file."),
                    ));
                    continue;
                }
                inst.current = Some(object);
            }
        }
    }
    for (name, o) in outputs {
        let sensitive = matches!(o.get("sensitive"), Some(Json::Bool(true)));
        let ty = match o.get("type").map(type_from_json) {
            Some(Ok(t)) => t,
            Some(Err(e)) => {
                diags.push(Diagnostic::new(
                    "Invalid output value type in state",
                    format!("The state file has an invalid type specification for output {name:?}: {e}."),
                ));
                continue;
            }
            None => {
                diags.push(Diagnostic::new(
                    "Invalid output value type in state",
                    format!("The state file has an invalid type specification for output {name:?}: unexpected end of JSON input."),
                ));
                continue;
            }
        };
        match value_from_json(o.get("value").unwrap_or(&Json::Null), &ty) {
            Ok(value) => {
                state.outputs.insert(name.clone(), OutputValue { value, sensitive });
            }
            Err(e) => diags.push(Diagnostic::new(
                "Invalid output value saved in state",
                format!("The state file has an invalid value for output {name:?}: {e}."),
            )),
        }
    }
    if !diags.is_empty() {
        return Err(ReadError::Unusable(diags));
    }
    // A resource whose instances all failed above stays, as Terraform keeps it; the order
    // of the file is the writer's business (it sorts), so nothing is sorted here.
    Ok(state)
}

/// The attributes object read with the schema (for a built-in type) or as its JSON implies.
/// `attributes_flat` (states written before 0.12 upgrades) is kept as strings.
fn decode_attributes(
    raw: Option<&Json>,
    flat: Option<&Json>,
    schema: Option<&[(&str, crate::lang::Type)]>,
) -> Result<BTreeMap<String, crate::lang::Value>, String> {
    let mut out = BTreeMap::new();
    let members: &[(String, Json)] = match (raw, flat) {
        (Some(Json::Object(m)), _) => m,
        (Some(other), _) => return Err(format!("attributes must be an object, not {}", other.go_kind())),
        (None, Some(Json::Object(m))) => {
            for (k, v) in m {
                if let Json::String(s) = v {
                    out.insert(k.clone(), crate::lang::Value::string(s.as_str()));
                }
            }
            return Ok(out);
        }
        _ => &[],
    };
    match schema {
        Some(attrs) => {
            for (name, ty) in attrs {
                let j = members.iter().rev().find(|(k, _)| k == name).map(|(_, v)| v);
                let v = value_from_json(j.unwrap_or(&Json::Null), ty).map_err(|e| format!("{name}: {e}"))?;
                out.insert((*name).to_string(), v);
            }
            for (k, v) in members {
                if !attrs.iter().any(|(n, _)| n == k) {
                    out.insert(k.clone(), value_from_json_implied(v));
                }
            }
        }
        None => {
            for (k, v) in members {
                out.insert(k.clone(), value_from_json_implied(v));
            }
        }
    }
    Ok(out)
}

/// The provider configuration as Terraform writes it back: a 0.12 state's legacy
/// `provider.NAME` becomes the address 0.13 gave it.
fn normalize_provider(p: &str) -> String {
    let Some(rest) = p.strip_prefix("provider.") else {
        return p.to_string();
    };
    let (name, alias) = match rest.split_once('.') {
        Some((n, a)) => (n, Some(a)),
        None => (rest, None),
    };
    let source = if name == "terraform" {
        "terraform.io/builtin/terraform".to_string()
    } else {
        format!("registry.terraform.io/-/{name}")
    };
    match alias {
        Some(a) => format!("provider[{source:?}].{a}"),
        None => format!("provider[{source:?}]"),
    }
}

/// Formats 1 to 3: only a state without resources is read (upgrading a 0.11 state's flat
/// attributes is out of scope); its serial and lineage carry over as Terraform's upgrade keeps
/// them.
fn read_legacy(doc: &Json, version: u64) -> Result<State, ReadError> {
    let modules = match doc.get("modules") {
        Some(Json::Array(m)) => m.as_slice(),
        _ => &[],
    };
    let has_content = modules.iter().any(|m| {
        matches!(m.get("resources"), Some(Json::Object(r)) if !r.is_empty())
            || matches!(m.get("outputs"), Some(Json::Object(o)) if !o.is_empty())
    });
    if has_content {
        return Err(ReadError::Unusable(vec![Diagnostic::new(
            UNSUPPORTED,
            format!(
                "The state file uses format version {version} (Terraform 0.11 or earlier) and holds resources or outputs; iacquiz does not upgrade those. Run Terraform 1.x once in this folder to upgrade it to format 4."
            ),
        )]));
    }
    let serial = match doc.get("serial") {
        Some(Json::Number(n)) => n.parse().unwrap_or(0),
        _ => 0,
    };
    let lineage = match doc.get("lineage") {
        Some(Json::String(s)) => s.clone(),
        _ => String::new(),
    };
    Ok(State {
        terraform_version: String::new(),
        serial,
        lineage,
        ..State::default()
    })
}

/// A JSON tree as `serde_json` holds it (the model keeps `sensitive_attributes` and
/// `check_results` so).
pub fn to_serde(j: &Json) -> serde_json::Value {
    match j {
        Json::Null => serde_json::Value::Null,
        Json::Bool(b) => serde_json::Value::Bool(*b),
        Json::Number(n) => serde_json::from_str::<serde_json::Number>(n)
            .map(serde_json::Value::Number)
            .unwrap_or_else(|_| serde_json::Value::String(n.clone())),
        Json::String(s) => serde_json::Value::String(s.clone()),
        Json::Array(items) => serde_json::Value::Array(items.iter().map(to_serde).collect()),
        Json::Object(members) => serde_json::Value::Object(members.iter().map(|(k, v)| (k.clone(), to_serde(v))).collect()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn detail(src: &str) -> String {
        match read_state(src.as_bytes(), (1, 12, 2)) {
            Err(ReadError::Unusable(d)) => join(&d),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_version_is_sniffed_as_go_decodes_it() {
        assert!(
            detail(r#"{"version": 1.5}"#).ends_with("The version in the state file is number 1.5. A positive whole number is required.")
        );
        assert!(detail(r#"{"version": [4]}"#).ends_with("The version in the state file is array. A positive whole number is required."));
        assert!(detail(r#"{"version": null}"#).contains("does not have a \"version\" attribute"));
        assert!(detail(r#"[1]"#).starts_with("2 problems:"));
        assert!(detail(r#"{"version": 7}"#).ends_with("may have been created by a newer version of Terraform."));
        assert!(detail("tfstate\u{0}").contains("legacy binary format"));
    }

    #[test]
    fn a_field_of_the_wrong_kind_is_named() {
        assert_eq!(
            detail(r#"{"version": 4, "serial": "x"}"#),
            "Invalid state file format: The state file field \"serial\" has invalid value string"
        );
    }

    #[test]
    fn versions_follow_go_version() {
        for ok in ["1.6.6", "v1.0.0-beta1+meta", "0.12.31", "1.15.0-alpha20250101"] {
            assert!(valid_version(ok), "{ok}");
        }
        for bad in ["banana", "", "1..2", "1.2.3 "] {
            assert!(!valid_version(bad), "{bad}");
        }
    }
}
