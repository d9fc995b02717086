//! cfnrain's module packager: a CloudFormation template whose `Modules:` section names module
//! files is packaged into one plain template, the module resources prefixed and their
//! references rewritten. `package` runs it under a [`Rules`] (real, or one misconception
//! flipped), `render_yaml` / `render_json` print the result.

pub mod conditions;
pub mod constants;
pub mod ctx;
pub mod emit;
pub mod error;
pub mod foreach;
pub mod intrinsics;
pub mod legacy;
pub mod module;
pub mod overrides;
pub mod resolve;
pub mod scope;
pub mod sources;
pub mod sub;
pub mod value;
pub mod yaml;

use std::collections::{BTreeMap, BTreeSet};

pub use error::{CfnError, ErrorKind};
pub use sources::{Fetch, Files, Input, Loc, Offline};
pub use value::{Kind, Map, Scalar, Value};

use crate::lang::{Rule, Rules};

/// A packaged template and the rules its packaging consulted.
#[derive(Clone, Debug, PartialEq)]
pub struct Template {
    /// The template.
    pub value: Value,
    /// The rules consulted: a misconception not among them cannot change this result.
    pub touched: BTreeSet<Rule>,
    /// Logical IDs (resources, conditions) a misconception renamed: the real rules' ID → this
    /// template's. A question's `select` names the real ID; a believer reads it as this one.
    pub renamed: BTreeMap<String, String>,
}

impl Template {
    /// The part of the template at a dotted path with list indexes
    /// (`Resources.LogsBucket.Properties.Tags[0].Key`), for questions that ask about one part.
    pub fn select(&self, path: &str) -> Option<&Value> {
        let path = self.believed_path(path);
        let mut v = &self.value;
        for part in path.split('.').filter(|p| !p.is_empty()) {
            let (key, idx) = match part.find('[') {
                Some(i) => (&part[..i], &part[i..]),
                None => (part, ""),
            };
            if !key.is_empty() {
                v = v.as_map()?.get(key)?;
            }
            for i in idx.split(']').filter(|s| !s.is_empty()) {
                let n: usize = i.strip_prefix('[')?.parse().ok()?;
                v = v.as_seq()?.get(n)?;
            }
        }
        Some(v)
    }
}

impl Template {
    /// `path` as a learner holding the misconception this template was packaged under reads
    /// it: a logical ID after `Resources.` or `Conditions.` that the misconception renamed is
    /// replaced by its name here (`Resources.LogsBucket.X` is `Resources.Bucket.X` to one who
    /// believes module IDs are not prefixed). Unchanged under the real rules.
    pub fn believed_path(&self, path: &str) -> String {
        let mut parts: Vec<String> = path.split('.').map(str::to_string).collect();
        if parts.len() >= 2 && matches!(parts[0].as_str(), "Resources" | "Conditions") {
            let cut = parts[1].find('[').unwrap_or(parts[1].len());
            let (id, rest) = parts[1].split_at(cut);
            if let Some(to) = self.renamed.get(id) {
                parts[1] = format!("{to}{rest}");
            }
        }
        parts.join(".")
    }
}

/// Packages the parent template of `input` (a path, or an in-memory file map) under `rules`.
pub fn package(input: impl Into<Input>, rules: &Rules) -> Result<Template, CfnError> {
    let input = input.into();
    package_input(&input, rules)
}

/// [`package`] on a borrowed input.
pub fn package_input(input: &Input, rules: &Rules) -> Result<Template, CfnError> {
    let ctx = ctx::Ctx::new(rules);
    let reader = sources::Reader::new(input)?;
    let eng = module::Engine::new(ctx, reader, Loc::File(input.parent.clone()));
    match eng.run() {
        Ok(m) => Ok(Template {
            value: Value::Map(m),
            touched: eng.ctx.touched(),
            renamed: eng.ctx.renamed(),
        }),
        Err(mut e) => {
            e.touched = eng.ctx.touched();
            Err(e)
        }
    }
}

/// The template as block-style YAML, intrinsic functions in long form.
pub fn render_yaml(t: &Template) -> String {
    emit::yaml(&t.value)
}

/// The template as indented JSON.
pub fn render_json(t: &Template) -> String {
    emit::json(&t.value)
}

/// Parses a template (YAML with short-form tags, or JSON) into long form.
pub fn parse(text: &str) -> Result<Value, CfnError> {
    yaml::parse(text).map_err(|e| ErrorKind::Parse(e).into())
}

/// References in a packaged template that name nothing in it (no resource, parameter or
/// pseudo parameter): what CloudFormation would reject, e.g. a parent's `!Ref LogsBucket`
/// after the module renamed its resource.
pub fn dangling_refs(t: &Template) -> Vec<String> {
    let Some(root) = t.value.as_map() else { return Vec::new() };
    let mut known: BTreeSet<String> = BTreeSet::new();
    for section in ["Resources", "Parameters"] {
        if let Some(m) = root.get(section).and_then(Value::as_map) {
            known.extend(m.keys().map(str::to_string));
        }
    }
    let mut out = BTreeSet::new();
    fn walk(v: &Value, known: &BTreeSet<String>, out: &mut BTreeSet<String>) {
        match v.intrinsic() {
            Some(("Ref", Value::Scalar(s))) if !s.text.starts_with("AWS::") && !known.contains(&*s.text) => {
                out.insert(s.text.to_string());
            }
            Some(("Fn::GetAtt", Value::Seq(p))) => {
                if let Some(r) = p.first().and_then(Value::as_str)
                    && !known.contains(r)
                {
                    out.insert(r.to_string());
                }
            }
            Some(("Fn::Sub", arg)) => {
                let (text, locals) = match arg {
                    Value::Seq(items) => (
                        items.first().and_then(Value::as_str).unwrap_or_default(),
                        items
                            .get(1)
                            .and_then(Value::as_map)
                            .map(|m| m.keys().map(str::to_string).collect())
                            .unwrap_or_default(),
                    ),
                    _ => (arg.as_str().unwrap_or_default(), BTreeSet::new()),
                };
                for w in sub::parse(text).unwrap_or_default() {
                    if let sub::Word::Var(name) = w {
                        let base = name.split('.').next().unwrap_or_default().to_string();
                        if !name.starts_with("AWS::") && !locals.contains(&base) && !known.contains(&base) {
                            out.insert(base);
                        }
                    }
                }
                if let Value::Seq(items) = arg {
                    items.iter().skip(1).for_each(|i| walk(i, known, out));
                }
            }
            _ => match v {
                Value::Seq(items) => items.iter().for_each(|i| walk(i, known, out)),
                Value::Map(m) => m.iter().for_each(|(_, i)| walk(i, known, out)),
                Value::Scalar(_) => {}
            },
        }
    }
    for section in ["Resources", "Outputs"] {
        if let Some(v) = root.get(section) {
            walk(v, &known, &mut out);
        }
    }
    out.into_iter().collect()
}
