//! rain's older module forms, read as the `Modules:` form they stand for:
//!
//! - a resource `Type: !Rain::Module <path>` (or the legacy package shorthand
//!   `Type: $alias/file.yaml`) is the module entry named by its logical ID, configured by the
//!   resource's `Properties` and `Overrides` (rain reads no other attribute of it);
//! - `!Rain::Embed <path>` is the text of a file (trimmed of surrounding white space), relative
//!   to the file it is written in;
//! - `!Rain::Constant <name>` is a constant's value (see [`super::constants`]).
//!
//! rain's other directives (`Rain::Include`, `Rain::Env`, `Rain::S3`, `Rain::S3Http`) read
//! the environment or upload to S3; they are refused with an error naming where they are,
//! never passed through.

use super::error::CfnError;
use super::value::{Map, Value};

/// A `Rain::` directive (a one-key mapping `{Rain::X: arg}`): its name and argument.
fn directive(v: &Value) -> Option<(&str, &Value)> {
    match v {
        Value::Map(m) if m.len() == 1 => m.0[0].0.starts_with("Rain::").then(|| (m.0[0].0.as_str(), &m.0[0].1)),
        _ => None,
    }
}

/// The module source a resource's `Type` names in the older forms, if it does.
fn module_source(typ: &Value, at: &str) -> Result<Option<String>, CfnError> {
    if let Value::Scalar(s) = typ {
        // rain turns `Type: $alias/x.yaml` into `!Rain::Module alias/x.yaml`.
        return Ok(s.text.starts_with('$').then(|| s.text.to_string()));
    }
    match directive(typ) {
        Some(("Rain::Module", Value::Scalar(s))) if !s.text.is_empty() => Ok(Some(s.text.to_string())),
        Some(("Rain::Module", _)) => Err(CfnError::shape(at, "!Rain::Module needs a module path (a string)")),
        _ => Ok(None),
    }
}

/// Moves every `Type: !Rain::Module` (or `Type: $alias/…`) resource of `doc` into its
/// `Modules:` section as an entry of the same name, after the entries already there (rain
/// expands the section first, then these resources, in document order).
pub fn modules_from_resources(doc: &mut Map) -> Result<(), CfnError> {
    let Some(Value::Map(resources)) = doc.get_mut("Resources") else {
        return Ok(());
    };
    let mut entries: Vec<(String, Value)> = Vec::new();
    let mut kept = Map::new();
    for (id, r) in std::mem::take(&mut resources.0) {
        let at = format!("Resources.{id}.Type");
        let src = match r.as_map().and_then(|m| m.get("Type")) {
            Some(t) => module_source(t, &at)?,
            None => None,
        };
        let (Some(src), Value::Map(m)) = (src, &r) else {
            kept.0.push((id, r));
            continue;
        };
        let mut entry = Map::new();
        entry.insert("Source", Value::str(src));
        for key in ["Properties", "Overrides"] {
            if let Some(v) = m.get(key) {
                entry.insert(key, v.clone());
            }
        }
        entries.push((id, Value::Map(entry)));
    }
    resources.0 = kept.0;
    if entries.is_empty() {
        return Ok(());
    }
    let modules = match doc.get_mut("Modules") {
        Some(Value::Map(m)) => m,
        Some(v) if !v.is_null() => {
            return Err(CfnError::shape(
                "the Modules section",
                "must be a mapping of module names to entries",
            ));
        }
        _ => {
            doc.insert("Modules", Value::Map(Map::new()));
            match doc.get_mut("Modules") {
                Some(Value::Map(m)) => m,
                _ => return Ok(()),
            }
        }
    };
    for (id, entry) in entries {
        if modules.contains(&id) {
            return Err(CfnError::shape(
                format!("Resources.{id}"),
                format!("a !Rain::Module resource and a Modules entry are both named {id}; rename one"),
            ));
        }
        modules.insert(id, entry);
    }
    Ok(())
}

/// Replaces every `!Rain::Embed <path>` in `v` by `read(path)` trimmed, and refuses any
/// other `Rain::` directive left (`!Rain::Module` outside a resource's Type, `Rain::Include`,
/// `Rain::Env`, `Rain::S3`, `Rain::S3Http`, or one rain does not have), naming where it is.
pub fn embed_and_refuse(v: &mut Value, at: &str, read: &dyn Fn(&str) -> Result<super::value::Text, CfnError>) -> Result<(), CfnError> {
    if let Some((name, arg)) = directive(v) {
        return match (name, arg) {
            ("Rain::Embed", Value::Scalar(p)) => {
                let text = read(&p.text)?;
                // Shared when trimming takes nothing away, as insertions are.
                *v = if text.trim().len() == text.len() {
                    Value::shared(text)
                } else {
                    Value::str(text.trim())
                };
                Ok(())
            }
            ("Rain::Embed", _) => Err(CfnError::shape(at, "!Rain::Embed needs a file path (a string)")),
            ("Rain::Module", _) => Err(CfnError::shape(
                at,
                "!Rain::Module is only read as a resource's Type (Resources.<Name>.Type: !Rain::Module path)",
            )),
            ("Rain::Include" | "Rain::Env" | "Rain::S3" | "Rain::S3Http", _) => Err(CfnError::shape(
                at,
                format!(
                    "!{name} is not supported: iacquiz packages modules offline and reads no environment (use Modules:, Fn::InsertFile or !Rain::Embed)"
                ),
            )),
            _ => Err(CfnError::shape(at, format!("!{name} is not a rain directive iacquiz knows"))),
        };
    }
    match v {
        Value::Map(m) => {
            for (k, x) in m.0.iter_mut() {
                embed_and_refuse(x, &join(at, k), read)?;
            }
        }
        Value::Seq(items) => {
            for (i, x) in items.iter_mut().enumerate() {
                embed_and_refuse(x, &format!("{at}[{i}]"), read)?;
            }
        }
        Value::Scalar(_) => {}
    }
    Ok(())
}

fn join(at: &str, key: &str) -> String {
    if at.is_empty() { key.to_string() } else { format!("{at}.{key}") }
}

#[cfg(test)]
mod tests {
    use super::super::yaml::parse;
    use super::*;

    fn doc(src: &str) -> Map {
        parse(src).unwrap().as_map().unwrap().clone()
    }

    #[test]
    fn rain_module_resources_become_entries_after_the_section() {
        let mut d = doc(
            "Modules:\n  A:\n    Source: a.yaml\nResources:\n  Q:\n    Type: AWS::SQS::Queue\n  B:\n    Type: !Rain::Module ./b.yaml\n    Properties: {N: x}\n    DependsOn: Q\n  C:\n    Type: $lib/c.yaml\n",
        );
        modules_from_resources(&mut d).unwrap();
        let want = doc(
            "Modules:\n  A:\n    Source: a.yaml\n  B:\n    Source: ./b.yaml\n    Properties: {N: x}\n  C:\n    Source: $lib/c.yaml\nResources:\n  Q:\n    Type: AWS::SQS::Queue\n",
        );
        assert!(Value::Map(d).same_data(&Value::Map(want)));
    }

    #[test]
    fn a_name_in_both_forms_is_refused() {
        let mut d = doc("Modules:\n  B:\n    Source: a.yaml\nResources:\n  B:\n    Type: !Rain::Module b.yaml\n");
        let e = modules_from_resources(&mut d).unwrap_err();
        assert!(e.to_string().contains("Resources.B"), "{e}");
    }

    #[test]
    fn embed_reads_and_other_directives_are_refused_where_they_are() {
        let mut v = parse("R:\n  M:\n    C: !Rain::Embed e.txt\n").unwrap();
        embed_and_refuse(&mut v, "", &|p| Ok(format!("  text of {p}\n").into())).unwrap();
        assert!(v.same_data(&parse("R:\n  M:\n    C: text of e.txt\n").unwrap()));
        let mut v = parse("R:\n  P:\n    - !Rain::Env HOME\n").unwrap();
        let e = embed_and_refuse(&mut v, "", &|_| Ok("".into())).unwrap_err();
        assert!(e.to_string().contains("R.P[0]") && e.to_string().contains("Rain::Env"), "{e}");
    }
}
