//! ForEach: one module entry copied once per item of a collection, either as `ForEach:` on
//! the entry (copies `Name0`, `Name1`…, with `$Index` and `$Identifier`) or as
//! `Fn::ForEach::Loop: [Id, Collection, {OutputKey: entry}]` (with `${Id}` and `&{Id}`).

use super::error::{CfnError, ErrorKind};
use super::scope::Entry;
use super::value::{Map, Value};

fn err(detail: impl Into<String>) -> CfnError {
    ErrorKind::ForEach(detail.into()).into()
}

/// The most copies one loop may make.
const MAX_COPIES: usize = 1000;

/// The entries of a `Modules:` section, loops expanded. `param` gives a parameter's value in
/// the scope that holds the section (for `ForEach: !Ref P`).
pub fn entries(modules: &Map, param: &dyn Fn(&str) -> Result<Option<Value>, CfnError>) -> Result<Vec<Entry>, CfnError> {
    let mut out = Vec::new();
    // Each copy of a body is new text: charged like the packaging's other values, so 1,000
    // copies of a large body stop with an error before they are made.
    let mut copied = 0usize;
    let mut charge = |body: &Map| {
        copied = copied.saturating_add(crate::cfn::yaml::map_text_size(body));
        if copied > super::module::MAX_PRODUCED {
            return Err(CfnError::from(ErrorKind::Limit(format!(
                "the loops copy more than {} MiB of module entries; iacquiz stops here",
                super::module::MAX_PRODUCED >> 20
            ))));
        }
        Ok(())
    };
    for (key, val) in modules.iter() {
        if let Some(loop_name) = key.strip_prefix("Fn::ForEach::") {
            let items = val
                .as_seq()
                .ok_or_else(|| err(format!("{key} must be a list [Identifier, Collection, {{OutputKey: entry}}]")))?;
            if items.len() != 3 {
                return Err(err(format!("{key} must have 3 items, it has {}", items.len())));
            }
            let id = items[0]
                .as_str()
                .ok_or_else(|| err(format!("{key}: the identifier must be a string")))?;
            let coll = collection(&items[1], param)?;
            let tmpl = items[2]
                .as_map()
                .filter(|m| m.len() == 1)
                .ok_or_else(|| err(format!("{key}: the third item must be one OutputKey: entry mapping")))?;
            let (okey, body) = (&tmpl.0[0].0, &tmpl.0[0].1);
            let body = body
                .as_map()
                .ok_or_else(|| err(format!("{key}: the entry {okey} must be a mapping")))?;
            let (plain, amp) = (format!("${{{id}}}"), format!("&{{{id}}}"));
            for (i, k) in coll.iter().enumerate() {
                charge(body)?;
                let mut b = Value::Map(body.clone());
                b.map_strings(&mut |s| {
                    let t = placeholders(s, i, k).replace(&plain, k).replace(&amp, k);
                    (t != s).then_some(t)
                });
                let name = if okey.contains(&plain) || okey.contains(&amp) {
                    okey.replace(&amp, &sanitize(k)).replace(&plain, k)
                } else {
                    format!("{loop_name}{i}")
                };
                out.push(copy(name, loop_name, i, k, b)?);
            }
        } else {
            let body = val
                .as_map()
                .ok_or_else(|| CfnError::shape(format!("module entry {key}"), "must be a mapping"))?;
            match body.get("ForEach") {
                Some(fe) => {
                    let coll = collection(fe, param)?;
                    let mut body = body.clone();
                    body.remove("ForEach");
                    for (i, k) in coll.iter().enumerate() {
                        charge(&body)?;
                        let mut b = Value::Map(body.clone());
                        b.map_strings(&mut |s| {
                            let t = placeholders(s, i, k);
                            (t != s).then_some(t)
                        });
                        out.push(copy(format!("{key}{i}"), key, i, k, b)?);
                    }
                }
                None => out.push(Entry {
                    name: key.to_string(),
                    group: None,
                    body: body.clone(),
                    condition: None,
                }),
            }
        }
    }
    Ok(out)
}

fn copy(name: String, group: &str, i: usize, k: &str, body: Value) -> Result<Entry, CfnError> {
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(ErrorKind::InvalidId(name).into());
    }
    Ok(Entry {
        name,
        group: Some((group.to_string(), i, k.to_string())),
        body: match body {
            Value::Map(m) => m,
            _ => Map::new(),
        },
        condition: None,
    })
}

/// `$Index`, `${$Index}`, `&{$Index}`, `$Identifier`… replaced by the copy's index and value.
fn placeholders(s: &str, i: usize, k: &str) -> String {
    if !s.contains('$') {
        return s.to_string();
    }
    let i = i.to_string();
    s.replace("${$Index}", &i)
        .replace("&{$Index}", &i)
        .replace("$Index", &i)
        .replace("${$Identifier}", k)
        .replace("&{$Identifier}", &sanitize(k))
        .replace("$Identifier", k)
}

/// A value made fit for a logical ID: only its letters and digits.
fn sanitize(k: &str) -> String {
    k.chars().filter(char::is_ascii_alphanumeric).collect()
}

/// The items of a ForEach collection: a CSV string, a list, or `!Ref P` of a parameter of
/// the file that holds the Modules section.
fn collection(v: &Value, param: &dyn Fn(&str) -> Result<Option<Value>, CfnError>) -> Result<Vec<String>, CfnError> {
    let items = match v {
        Value::Scalar(s) => split_csv(&s.text),
        Value::Seq(items) => scalars(items)?,
        Value::Map(_) => match v.ref_name() {
            Some(p) => match param(p)? {
                Some(Value::Scalar(s)) => split_csv(&s.text),
                Some(Value::Seq(items)) => scalars(&items)?,
                Some(other) => {
                    return Err(err(format!(
                        "!Ref {p} is a {}, which is not known when packaging; the collection must be a list or a comma-separated string",
                        other.kind_name()
                    )));
                }
                None => {
                    return Err(err(format!(
                        "!Ref {p}: {p} is not a parameter (with a value or Default) of this file"
                    )));
                }
            },
            None => {
                return Err(err(
                    "the collection must be a list, a comma-separated string or !Ref to a parameter",
                ));
            }
        },
    };
    if items.is_empty() {
        return Err(err("the collection has no items"));
    }
    if items.len() > MAX_COPIES {
        return Err(err(format!("the collection has more than {MAX_COPIES} items")));
    }
    Ok(items)
}

fn split_csv(s: &str) -> Vec<String> {
    if s.trim().is_empty() {
        return Vec::new();
    }
    s.split(',').map(|p| p.trim().to_string()).collect()
}

fn scalars(items: &[Value]) -> Result<Vec<String>, CfnError> {
    items
        .iter()
        .map(|v| {
            v.as_str()
                .map(str::to_string)
                .ok_or_else(|| err("every item of the collection must be a string"))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::yaml::parse;
    use super::*;

    fn names(src: &str) -> Vec<String> {
        let m = parse(src).unwrap().as_map().unwrap().clone();
        entries(&m, &|_| Ok(Some(Value::str("x,y"))))
            .unwrap()
            .into_iter()
            .map(|e| e.name)
            .collect()
    }

    #[test]
    fn copies_are_named_by_index_or_key() {
        assert_eq!(names("M:\n  ForEach: a,b\n  Source: m.yaml\n"), ["M0", "M1"]);
        assert_eq!(names("M:\n  ForEach: !Ref P\n  Source: m.yaml\n"), ["M0", "M1"]);
        assert_eq!(
            names("Fn::ForEach::L:\n- K\n- [p, q]\n- L&{K}:\n    Source: m.yaml\n"),
            ["Lp", "Lq"]
        );
        assert_eq!(names("Fn::ForEach::L:\n- K\n- [p, q]\n- L:\n    Source: m.yaml\n"), ["L0", "L1"]);
    }

    #[test]
    fn placeholders_fill_every_string() {
        let m = parse("M:\n  ForEach: [a]\n  Properties:\n    X: n-$Identifier-$Index\n").unwrap();
        let e = entries(m.as_map().unwrap(), &|_| Ok(None)).unwrap();
        let p = e[0].body.get("Properties").unwrap().as_map().unwrap();
        assert_eq!(p.get("X").unwrap().as_str(), Some("n-a-0"));
    }
}
